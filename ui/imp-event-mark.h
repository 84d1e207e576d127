/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-event-mark.h: the shape that stands for an event kind wherever events are
 * marked (the timeline bar, the legend), so that the kind reads without its
 * colour: a disc for two circles, a triangle for a circle and a segment, a
 * square for an embedded start, a diamond for a probe, a cross for the cap. */
#pragma once

#include <cairo.h>

#include "phys.h"

G_BEGIN_DECLS

void imp_event_mark_path (cairo_t *cr, PhysEventKind kind, double x, double y, double r);
const char *imp_event_mark_shape_name (PhysEventKind kind);

G_END_DECLS
