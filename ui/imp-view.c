/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-view.c: the world <-> pixel transform of a canvas. */
#include "imp-view.h"

#include <math.h>

static double
clamp_scale (double scale)
{
  if (!(scale >= IMP_VIEW_MIN_SCALE))
    return IMP_VIEW_MIN_SCALE;
  return MIN (scale, IMP_VIEW_MAX_SCALE);
}

/**
 * imp_view_init:
 * @view: (out caller-allocates): the view to set up
 * @width: canvas width, pixels
 * @height: canvas height, pixels
 *
 * Sets up a view of one pixel per world unit with the world origin at the
 * top-left corner of the canvas, as if world coordinates were pixels.
 */
void
imp_view_init (ImpView *view, int width, int height)
{
  view->scale = 1.0;
  view->width = MAX (width, 1);
  view->height = MAX (height, 1);
  view->center = phys_v2 (view->width / 2.0, view->height / 2.0);
}

/**
 * imp_view_set_size:
 * @view: a view
 * @width: new canvas width, pixels
 * @height: new canvas height, pixels
 *
 * Resizes the canvas, keeping the world point at its middle and the zoom.
 */
void
imp_view_set_size (ImpView *view, int width, int height)
{
  view->width = MAX (width, 1);
  view->height = MAX (height, 1);
}

/**
 * imp_view_fit:
 * @view: a view whose width and height are set
 * @box: the world box to show; an empty box leaves @view unchanged
 * @margin_px: free space to keep on every side, pixels
 *
 * Zooms and pans so that @box fills the canvas, less the margin, with its
 * centre in the middle. A box without width or height (a single point) keeps
 * the current zoom and only centres it.
 */
void
imp_view_fit (ImpView *view, PhysAabb box, double margin_px)
{
  if (imp_aabb_is_empty (box))
    return;

  double w = box.max.x - box.min.x;
  double h = box.max.y - box.min.y;
  /* A margin larger than half the canvas would leave no room at all. */
  double room_x = MAX (view->width - 2.0 * margin_px, 1.0);
  double room_y = MAX (view->height - 2.0 * margin_px, 1.0);

  view->center = phys_v2 ((box.min.x + box.max.x) / 2.0, (box.min.y + box.max.y) / 2.0);
  if (w > 0.0 || h > 0.0)
    {
      double sx = w > 0.0 ? room_x / w : INFINITY;
      double sy = h > 0.0 ? room_y / h : INFINITY;
      view->scale = clamp_scale (MIN (sx, sy));
    }
}

/* The scale and centre that show box inside the canvas part [x0, x1] x [y0, y1]. */
static double
fit_into (const ImpView *view, PhysAabb box, double x0, double y0, double x1, double y1,
          PhysVec2 *center)
{
  double w = MAX (box.max.x - box.min.x, 1e-9), h = MAX (box.max.y - box.min.y, 1e-9);
  double scale = MIN (MAX (x1 - x0, 1.0) / w, MAX (y1 - y0, 1.0) / h);

  /* The box's centre goes to the middle of the part. */
  center->x = (box.min.x + box.max.x) / 2.0 - ((x0 + x1) / 2.0 - view->width / 2.0) / scale;
  center->y = (box.min.y + box.max.y) / 2.0 - ((y0 + y1) / 2.0 - view->height / 2.0) / scale;
  return scale;
}

/**
 * imp_view_frame_subject:
 * @view: a view whose width and height are set
 * @box: the world box of what a lesson step talks about (its bodies where they
 *   go during the step); an empty box leaves @view unchanged
 * @largest_radius: the radius of the largest circle of the subject, world
 *   units; 0 when it has none
 * @legend: keep a corner free for the legend
 *
 * Shows the subject as large as the canvas allows with room for labels around
 * it, clear of the legend's corner (above or beside the subject, whichever
 * leaves it larger), but never so large that its largest circle is more than
 * %IMP_VIEW_SUBJECT_MAX_PX across: a lone body keeps its surroundings in sight.
 * A subject spread too wide to show its circles %IMP_VIEW_SUBJECT_MIN_PX across
 * still fits whole: seeing every body matters more than their size.
 */
void
imp_view_frame_subject (ImpView *view, PhysAabb box, double largest_radius, gboolean legend)
{
  if (imp_aabb_is_empty (box))
    return;

  double m = IMP_VIEW_SUBJECT_MARGIN_PX, w = view->width, h = view->height;
  PhysVec2 center, beside;
  double scale = fit_into (view, box, m, m, w - m, h - m, &center);
  if (legend)
    {
      /* Below the legend's band, or left of its column. */
      double band = IMP_VIEW_LEGEND_ROOM_H + m / 2.0, column = IMP_VIEW_LEGEND_ROOM_W + m / 2.0;
      double below = fit_into (view, box, m, band, w - m, h - m, &center);
      double left = fit_into (view, box, m, m, w - column, h - m, &beside);
      scale = below;
      if (left > below)
        {
          scale = left;
          center = beside;
        }
    }
  if (largest_radius > 0.0 && scale * 2.0 * largest_radius > IMP_VIEW_SUBJECT_MAX_PX)
    {
      /* Zoomed out about the centre of the part chosen. */
      double capped = IMP_VIEW_SUBJECT_MAX_PX / (2.0 * largest_radius);
      PhysVec2 mid = phys_v2 ((box.min.x + box.max.x) / 2.0, (box.min.y + box.max.y) / 2.0);
      center = phys_v2_add_scaled (mid, phys_v2_sub (center, mid), scale / capped);
      scale = capped;
    }
  view->scale = clamp_scale (scale);
  view->center = center;
}

/**
 * imp_view_to_screen:
 * @view: a view
 * @world: a point in world units
 *
 * Returns: where @world is drawn, in pixels from the canvas's top-left corner
 */
PhysVec2
imp_view_to_screen (const ImpView *view, PhysVec2 world)
{
  return phys_v2 ((world.x - view->center.x) * view->scale + view->width / 2.0,
                  (world.y - view->center.y) * view->scale + view->height / 2.0);
}

/**
 * imp_view_to_world:
 * @view: a view
 * @screen: a point in pixels from the canvas's top-left corner
 *
 * The inverse of imp_view_to_screen().
 *
 * Returns: the world point drawn at @screen
 */
PhysVec2
imp_view_to_world (const ImpView *view, PhysVec2 screen)
{
  return phys_v2 ((screen.x - view->width / 2.0) / view->scale + view->center.x,
                  (screen.y - view->height / 2.0) / view->scale + view->center.y);
}

/**
 * imp_view_pan:
 * @view: a view
 * @dx_px: how far the picture moves right, pixels
 * @dy_px: how far the picture moves down, pixels
 *
 * Moves the picture as a drag by (@dx_px, @dy_px) would.
 */
void
imp_view_pan (ImpView *view, double dx_px, double dy_px)
{
  view->center.x -= dx_px / view->scale;
  view->center.y -= dy_px / view->scale;
}

/**
 * imp_view_zoom_at:
 * @view: a view
 * @screen: the pixel that stays put (the pointer)
 * @factor: how much larger things get; the result is clamped to the zoom limits
 *
 * Zooms about a pixel: the world point under @screen is under it afterwards.
 */
void
imp_view_zoom_at (ImpView *view, PhysVec2 screen, double factor)
{
  PhysVec2 fixed = imp_view_to_world (view, screen);

  view->scale = clamp_scale (view->scale * factor);
  view->center.x = fixed.x - (screen.x - view->width / 2.0) / view->scale;
  view->center.y = fixed.y - (screen.y - view->height / 2.0) / view->scale;
}

/**
 * imp_view_visible_box:
 * @view: a view
 *
 * Returns: the world box the canvas shows
 */
PhysAabb
imp_view_visible_box (const ImpView *view)
{
  PhysAabb box;

  box.min = imp_view_to_world (view, phys_v2 (0.0, 0.0));
  box.max = imp_view_to_world (view, phys_v2 (view->width, view->height));
  return box;
}

/**
 * imp_aabb_empty:
 *
 * Returns: a box that contains nothing; adding a point gives that point's box
 */
PhysAabb
imp_aabb_empty (void)
{
  PhysAabb box = { { INFINITY, INFINITY }, { -INFINITY, -INFINITY } };
  return box;
}

/**
 * imp_aabb_is_empty:
 * @box: a box
 *
 * Returns: %TRUE when @box contains no point
 */
gboolean
imp_aabb_is_empty (PhysAabb box)
{
  return !(box.min.x <= box.max.x && box.min.y <= box.max.y);
}

/**
 * imp_aabb_add_point:
 * @box: a box, possibly empty
 * @point: a world point
 * @radius: grow by this much around @point, >= 0
 *
 * Returns: the smallest box holding @box and the disc of @radius about @point
 */
PhysAabb
imp_aabb_add_point (PhysAabb box, PhysVec2 point, double radius)
{
  box.min.x = fmin (box.min.x, point.x - radius);
  box.min.y = fmin (box.min.y, point.y - radius);
  box.max.x = fmax (box.max.x, point.x + radius);
  box.max.y = fmax (box.max.y, point.y + radius);
  return box;
}

/**
 * imp_view_world_box:
 * @world: a world
 *
 * The part of a world worth showing: its bounds when it has them, else the box
 * of its bodies.
 *
 * Returns: a world box, empty for an open world without bodies
 */
PhysAabb
imp_view_world_box (const PhysWorld *world)
{
  const PhysWorldDef *def = phys_world_get_def (world);
  PhysAabb box = imp_aabb_empty ();

  if (def->has_bounds)
    return def->bounds;
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      box = imp_aabb_add_point (box, c.position, c.radius);
    }
  for (int i = 0; i < phys_world_segment_count (world); i++)
    {
      PhysSegment s = phys_world_get_segment (world, i);
      box = imp_aabb_add_point (box, s.a, 0.0);
      box = imp_aabb_add_point (box, s.b, 0.0);
    }
  for (int i = 0; i < phys_world_probe_count (world); i++)
    box = imp_aabb_add_point (box, phys_world_get_probe (world, i).position, 0.0);
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody p = phys_world_get_polygon (world, i);
      box = imp_aabb_add_point (box, p.position, p.radius);
    }
  /* The control points' box holds the curve. */
  for (int i = 0; i < phys_world_curve_count (world); i++)
    {
      PhysCurve c = phys_world_get_curve (world, i);
      box = imp_aabb_add_point (imp_aabb_add_point (box, c.box.min, 0.0), c.box.max, 0.0);
    }
  return box;
}
