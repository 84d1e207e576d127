/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas.h: the widget that shows the session's world with its math overlays. */
#pragma once

#include <gtk/gtk.h>

#include "imp-session.h"
#include "imp-view.h"

G_BEGIN_DECLS

/* The narrowest a canvas goes, pixels (the window folds its side panels over
 * the canvas long before: imp-window.c). */
#define IMP_CANVAS_MIN_WIDTH 160

#define IMP_TYPE_CANVAS (imp_canvas_get_type ())
G_DECLARE_FINAL_TYPE (ImpCanvas, imp_canvas, IMP, CANVAS, GtkWidget)

GtkWidget *imp_canvas_new (void);
ImpSession *imp_canvas_get_session (ImpCanvas *self);
void imp_canvas_set_session (ImpCanvas *self, ImpSession *session);
/* Fits the whole scene (where it has been so far) into the widget, the legend's
 * corner kept clear when that costs little. */
void imp_canvas_fit (ImpCanvas *self);
/* Whether the view has been fitted since the last fit was asked for (it is
 * done when the canvas next draws). */
gboolean imp_canvas_get_fitted (ImpCanvas *self);
/* Fits the selected event's figure (its bodies, paths and contact), or the selected
 * pair's, with room for its labels; returns FALSE when neither is selected. */
gboolean imp_canvas_zoom_to_selection (ImpCanvas *self);
/* What a primary-button drag from (x0, y0) to (x1, y1), widget pixels, does: move
 * what the press took hold of (a body, a segment's end, a velocity's tip) as an
 * edit at the playhead, or pan. */
void imp_canvas_drag (ImpCanvas *self, double x0, double y0, double x1, double y1);
/* Where a world point is drawn, widget pixels (as of the last drawing). */
PhysVec2 imp_canvas_to_widget (ImpCanvas *self, PhysVec2 world_point);
/* The term whose figure is drawn under a widget point (as of the last drawing),
 * or NULL: the one the pointer there lights. */
const char *imp_canvas_term_at (ImpCanvas *self, double x, double y);
/* Zooms by factor (> 1 zooms in) and centres the selected event's or pair's
 * figure, or the selected circle (the centre stays where nothing is selected). */
void imp_canvas_zoom_on_selection (ImpCanvas *self, double factor);
void imp_canvas_frame_subject (ImpCanvas *self, gint64 until);
void imp_canvas_follow_subject (ImpCanvas *self);
const ImpView *imp_canvas_get_view (ImpCanvas *self);
/* The legend folds to its title line on a click (and opens on the next). */
gboolean imp_canvas_legend_at (ImpCanvas *self, double x, double y);
void imp_canvas_set_legend_folded (ImpCanvas *self, gboolean folded);
GArray *imp_canvas_get_boxes (ImpCanvas *self);
/* Zooms about the centre by factor (> 1 zooms in). */
void imp_canvas_zoom (ImpCanvas *self, double factor);

G_END_DECLS
