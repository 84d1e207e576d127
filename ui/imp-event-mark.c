/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-event-mark.c: see the header. Each shape is one closed path, filled, so
 * that it reads at a few pixels and in a high-contrast outline alike. */
#include <glib.h>
#include <math.h>

#include "imp-event-mark.h"

static void
polygon (cairo_t *cr, double x, double y, double r, const double (*pts)[2], int n)
{
  cairo_new_sub_path (cr);
  for (int i = 0; i < n; i++)
    cairo_line_to (cr, x + pts[i][0] * r, y + pts[i][1] * r);
  cairo_close_path (cr);
}

/**
 * imp_event_mark_path:
 * @cr: where to add the path
 * @kind: the event kind
 * @x: (in device or user units) the mark's centre
 * @y: the centre's y (down the page)
 * @r: half its width
 *
 * Adds the closed path of @kind's mark inside the square of half side @r.
 */
void
imp_event_mark_path (cairo_t *cr, PhysEventKind kind, double x, double y, double r)
{
  static const double triangle[][2] = { { 0, -1 }, { 1, 1 }, { -1, 1 } };
  static const double square[][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
  static const double diamond[][2] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };
  /* A plus whose arms are 0.6 r wide: thick enough to fill at 3 pixels. */
  static const double cross[][2]
      = { { -0.3, -1 }, { 0.3, -1 }, { 0.3, -0.3 }, { 1, -0.3 }, { 1, 0.3 }, { 0.3, 0.3 },
          { 0.3, 1 },   { -0.3, 1 }, { -0.3, 0.3 }, { -1, 0.3 }, { -1, -0.3 }, { -0.3, -0.3 } };
  switch (kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_close_path (cr);
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      polygon (cr, x, y, r, triangle, G_N_ELEMENTS (triangle));
      break;
    case PHYS_EVENT_EMBEDDED:
      polygon (cr, x, y, r, square, G_N_ELEMENTS (square));
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      polygon (cr, x, y, r, diamond, G_N_ELEMENTS (diamond));
      break;
    case PHYS_EVENT_EVENT_CAP:
    default:
      polygon (cr, x, y, r, cross, G_N_ELEMENTS (cross));
      break;
    }
}

/**
 * imp_event_mark_shape_name:
 * @kind: the event kind
 *
 * Returns: the mark's shape in a word ("disc", "triangle", "square", "diamond",
 *   "cross"), for the legend and the bar's tooltip
 */
const char *
imp_event_mark_shape_name (PhysEventKind kind)
{
  switch (kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      return "disc";
    case PHYS_EVENT_CIRCLE_SEGMENT:
      return "triangle";
    case PHYS_EVENT_EMBEDDED:
      return "square";
    case PHYS_EVENT_PROBE_SEGMENT:
      return "diamond";
    case PHYS_EVENT_EVENT_CAP:
    default:
      return "cross";
    }
}
