/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas.h: the widget that shows the session's world with its math overlays. */
#pragma once

#include <gtk/gtk.h>

#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_CANVAS (imp_canvas_get_type ())
G_DECLARE_FINAL_TYPE (ImpCanvas, imp_canvas, IMP, CANVAS, GtkWidget)

GtkWidget *imp_canvas_new (void);
ImpSession *imp_canvas_get_session (ImpCanvas *self);
void imp_canvas_set_session (ImpCanvas *self, ImpSession *session);
/* Fits the whole scene into the widget. */
void imp_canvas_fit (ImpCanvas *self);
/* Fits the selected event's figure (its bodies, paths and contact), with room for its
 * labels; returns FALSE when no event is selected. */
gboolean imp_canvas_zoom_to_selection (ImpCanvas *self);
/* Zooms about the centre by factor (> 1 zooms in). */
void imp_canvas_zoom (ImpCanvas *self, double factor);

G_END_DECLS
