/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas-describe.h: the canvas in words, for screen readers: the frame at
 * the playhead, the event it shows and its verdict in one sentence, numbers a
 * lesson keeps back kept back here too. */
#pragma once

#include <gtk/gtk.h>

#include "imp-session.h"

G_BEGIN_DECLS

char *imp_canvas_describe (ImpSession *session);
char *imp_canvas_describe_event (ImpSession *session, const PhysWorld *world,
                                 const PhysEvent *event);
void imp_canvas_describe_follow (GtkWidget *canvas, ImpSession *session);

G_END_DECLS
