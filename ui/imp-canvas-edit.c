/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas-edit.c: grabbing and dragging bodies on the canvas; see the header. */
#include "imp-canvas-edit.h"

#include <math.h>
#include <stdlib.h>

#include "imp-body-fields.h"
#include "imp-render.h"

static PhysVec2
centre (const PhysWorld *world, const PhysVec2 *positions, int i)
{
  return positions != NULL ? positions[i] : phys_world_get_circle (world, i).position;
}

static double
distance_px (const ImpView *view, PhysVec2 world_point, PhysVec2 screen)
{
  return phys_v2_len (phys_v2_sub (imp_view_to_screen (view, world_point), screen));
}

ImpGrab
imp_grab_at (const PhysWorld *world, const PhysVec2 *positions, const PhysVec2 *probe_positions,
             const ImpView *view, gboolean velocities_shown, PhysVec2 screen)
{
  ImpGrab grab = { .kind = IMP_GRAB_NONE, .body = { PHYS_BODY_CIRCLE, -1 } };
  grab.start = imp_view_to_world (view, screen);
  int n = phys_world_circle_count (world);
  double best = IMP_GRAB_SLACK_PX;

  /* Handles first: an arrow's tip or a segment's end, the nearest within reach. */
  if (velocities_shown && n > 0)
    {
      g_autofree PhysVec2 *disp = g_new (PhysVec2, n);
      phys_world_frame_paths (world, NULL, disp);
      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          PhysVec2 p = centre (world, positions, i);
          double d = distance_px (view, phys_v2_add (p, disp[i]), screen);
          /* A short arrow ends inside its circle: the centre is then the better target. */
          if (!c.fixed && d <= best && d < distance_px (view, p, screen))
            {
              best = d;
              grab.kind = IMP_GRAB_VELOCITY;
              grab.body = (PhysBodyRef) { PHYS_BODY_CIRCLE, i };
            }
        }
    }
  /* Probes are small marks: their own reach. */
  for (int i = 0; i < phys_world_probe_count (world); i++)
    {
      PhysVec2 p = probe_positions != NULL ? probe_positions[i]
                                           : phys_world_get_probe (world, i).position;
      double d = distance_px (view, p, screen);
      if (d <= best)
        {
          best = d;
          grab.kind = IMP_GRAB_PROBE;
          grab.body = (PhysBodyRef) { PHYS_BODY_PROBE, i };
        }
    }
  for (int i = 0; i < phys_world_segment_count (world); i++)
    {
      PhysSegment s = phys_world_get_segment (world, i);
      if (s.is_bound)
        continue;
      const PhysVec2 ends[] = { s.a, s.b };
      for (int e = 0; e < 2; e++)
        {
          double d = distance_px (view, ends[e], screen);
          if (d <= best)
            {
              best = d;
              grab.kind = e == 0 ? IMP_GRAB_END_A : IMP_GRAB_END_B;
              grab.body = (PhysBodyRef) { PHYS_BODY_SEGMENT, i };
            }
        }
    }

  /* Then a circle under the pointer (the one whose edge is farthest out), then
   * a polygon under it, then a segment's line or a curve. */
  if (grab.kind == IMP_GRAB_NONE)
    {
      double deepest = 0.0;
      for (int i = 0; i < n; i++)
        {
          double r = phys_world_get_circle (world, i).radius * view->scale;
          double depth = r + 2.0 - distance_px (view, centre (world, positions, i), screen);
          if (depth > deepest)
            {
              deepest = depth;
              grab.kind = IMP_GRAB_CIRCLE;
              grab.body = (PhysBodyRef) { PHYS_BODY_CIRCLE, i };
            }
        }
    }
  for (int i = phys_world_polygon_count (world) - 1; grab.kind == IMP_GRAB_NONE && i >= 0; i--)
    /* The last one added is drawn on top: it is the one under the pointer. */
    if (imp_grab_polygon_contains (world, i, grab.start, 2.0 / view->scale))
      {
        grab.kind = IMP_GRAB_POLYGON;
        grab.body = (PhysBodyRef) { PHYS_BODY_POLYGON, i };
      }
  if (grab.kind == IMP_GRAB_NONE)
    {
      PhysVec2 p = grab.start;
      best = 6.0;
      for (int i = 0; i < phys_world_curve_count (world); i++)
        {
          double d = imp_grab_curve_distance (world, i, p) * view->scale;
          if (d <= best)
            {
              best = d;
              grab.kind = IMP_GRAB_CURVE;
              grab.body = (PhysBodyRef) { PHYS_BODY_CURVE, i };
            }
        }
      for (int i = 0; i < phys_world_segment_count (world); i++)
        {
          PhysSegment s = phys_world_get_segment (world, i);
          if (s.is_bound)
            continue;
          PhysVec2 ab = phys_v2_sub (s.b, s.a);
          double u = phys_v2_dot (phys_v2_sub (p, s.a), ab) / phys_v2_len_sq (ab);
          u = CLAMP (u, 0.0, 1.0);
          double d = distance_px (view, phys_v2_add_scaled (s.a, ab, u), screen);
          if (d <= best)
            {
              best = d;
              grab.kind = IMP_GRAB_SEGMENT;
              grab.body = (PhysBodyRef) { PHYS_BODY_SEGMENT, i };
            }
        }
    }

  if (grab.kind == IMP_GRAB_CIRCLE)
    grab.base = imp_body_edit_circle (world, grab.body.index, PHYS_EDIT_POSITION);
  else if (grab.kind == IMP_GRAB_VELOCITY)
    grab.base = imp_body_edit_circle (world, grab.body.index, PHYS_EDIT_VELOCITY);
  else if (grab.kind == IMP_GRAB_PROBE)
    grab.base = imp_body_edit_probe (world, grab.body.index, PHYS_EDIT_POSITION);
  else if (grab.kind == IMP_GRAB_POLYGON)
    grab.base = imp_body_edit_polygon (world, grab.body.index, PHYS_EDIT_POSITION);
  else if (grab.kind == IMP_GRAB_CURVE)
    grab.base = imp_body_edit_curve (world, grab.body.index, PHYS_EDIT_CONTROL_POINTS);
  else if (grab.kind != IMP_GRAB_NONE)
    grab.base = imp_body_edit_segment (world, grab.body.index, PHYS_EDIT_ENDS);
  return grab;
}

ImpGrab
imp_grab_handle_at (const PhysWorld *world, const ImpView *view, PhysBodyRef selected,
                    PhysVec2 screen)
{
  ImpGrab grab = { .kind = IMP_GRAB_NONE, .body = { PHYS_BODY_CIRCLE, -1 } };
  grab.start = imp_view_to_world (view, screen);
  if (selected.index < 0 || selected.index >= phys_world_body_count (world, selected.kind))
    return grab;
  if (selected.kind == PHYS_BODY_POLYGON)
    {
      PhysVec2 handle = imp_render_rotation_handle (view, world, selected.index);
      if (phys_v2_len (phys_v2_sub (handle, screen))
          <= IMP_RENDER_ROTATION_HANDLE_RADIUS_PX + IMP_GRAB_SLACK_PX)
        {
          grab.kind = IMP_GRAB_ROTATE;
          grab.body = selected;
          grab.base = imp_body_edit_polygon (world, selected.index, PHYS_EDIT_ANGLE);
        }
    }
  else if (selected.kind == PHYS_BODY_CURVE)
    {
      PhysCurve curve = phys_world_get_curve (world, selected.index);
      double best = IMP_GRAB_SLACK_PX;
      for (int k = 0; k < 4; k++)
        {
          double d = distance_px (view, curve.curve.p[k], screen);
          if (d <= best)
            {
              best = d;
              grab.kind = IMP_GRAB_CONTROL;
              grab.body = selected;
              grab.handle = k;
              grab.base = imp_body_edit_curve (world, selected.index, PHYS_EDIT_CONTROL_POINTS);
            }
        }
    }
  return grab;
}

gboolean
imp_grab_polygon_contains (const PhysWorld *world, int i, PhysVec2 p, double slack)
{
  PhysPolygonWorld placed = phys_world_polygon_placed (world, i);
  /* Convex: inside every edge's line (the normals point out). */
  for (int k = 0; k < placed.count; k++)
    if (phys_v2_dot (phys_v2_sub (p, placed.vertices[k]), placed.normals[k]) > slack)
      return FALSE;
  return TRUE;
}

double
imp_grab_curve_distance (const PhysWorld *world, int i, PhysVec2 p)
{
  PhysCurve curve = phys_world_get_curve (world, i);
  PhysBezierClosest closest = phys_bezier_closest (&curve.curve, p);
  return closest.distance;
}

/* v rounded to a multiple of step: a dragged value reads 16, not 16.0377358. */
static PhysVec2
snap (PhysVec2 v, double step)
{
  return phys_v2 (round (v.x / step) * step, round (v.y / step) * step);
}

PhysEdit
imp_grab_edit (const ImpGrab *grab, const PhysWorld *world, const ImpView *view, PhysVec2 screen)
{
  PhysEdit edit = grab->base;
  PhysVec2 move = phys_v2_sub (imp_view_to_world (view, screen), grab->start);
  /* The largest power of ten no wider than a pixel: as fine as a hand can place. */
  double step = pow (10.0, floor (log10 (1.0 / view->scale)));
  double dt = phys_world_get_def (world)->dt;
  switch (grab->kind)
    {
    case IMP_GRAB_CIRCLE:
    case IMP_GRAB_PROBE:
    case IMP_GRAB_POLYGON:
      edit.position = snap (phys_v2_add (edit.position, move), step);
      break;
    case IMP_GRAB_ROTATE:
      {
        /* The turn of the pointer about the centre of mass since the press, snapped as finely
         * as a pixel at the pointer's distance can tell. */
        PhysVec2 from = phys_v2_sub (grab->start, edit.position);
        PhysVec2 to = phys_v2_sub (imp_view_to_world (view, screen), edit.position);
        double reach = MAX (phys_v2_len (to) * view->scale, 1.0);
        double turn = atan2 (phys_v2_cross (from, to), phys_v2_dot (from, to));
        double angle_step = pow (10.0, floor (log10 (1.0 / reach)));
        edit.angle = round ((edit.angle + turn) / angle_step) * angle_step;
      }
      break;
    case IMP_GRAB_CONTROL:
      edit.curve.p[grab->handle] = snap (phys_v2_add (edit.curve.p[grab->handle], move), step);
      break;
    case IMP_GRAB_CURVE:
      {
        PhysVec2 p0 = snap (phys_v2_add (edit.curve.p[0], move), step);
        PhysVec2 by = phys_v2_sub (p0, edit.curve.p[0]);
        for (int k = 0; k < 4; k++)
          edit.curve.p[k] = phys_v2_add (edit.curve.p[k], by);
      }
      break;
    case IMP_GRAB_VELOCITY:
      /* The arrow is the motion over one frame; its tip moves with the pointer. */
      edit.velocity = snap (phys_v2_add_scaled (edit.velocity, move, 1.0 / dt), step / dt);
      break;
    case IMP_GRAB_END_A:
      edit.a = snap (phys_v2_add (edit.a, move), step);
      break;
    case IMP_GRAB_END_B:
      edit.b = snap (phys_v2_add (edit.b, move), step);
      break;
    case IMP_GRAB_SEGMENT:
      {
        /* Both ends move by the same snapped amount: the wall keeps its shape. */
        PhysVec2 a = snap (phys_v2_add (edit.a, move), step);
        edit.b = phys_v2_add (edit.b, phys_v2_sub (a, edit.a));
        edit.a = a;
      }
      break;
    case IMP_GRAB_NONE:
    default:
      break;
    }
  return edit;
}

const char *
imp_grab_cursor (ImpGrabKind kind)
{
  switch (kind)
    {
    case IMP_GRAB_CIRCLE:
    case IMP_GRAB_SEGMENT:
    case IMP_GRAB_PROBE:
    case IMP_GRAB_POLYGON:
    case IMP_GRAB_CURVE:
      return "move";
    case IMP_GRAB_VELOCITY:
    case IMP_GRAB_END_A:
    case IMP_GRAB_END_B:
    case IMP_GRAB_CONTROL:
      return "crosshair";
    case IMP_GRAB_ROTATE:
      return "grab";
    case IMP_GRAB_NONE:
    default:
      return NULL;
    }
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The median of count values (sorted in place). */
static double
median (double *values, int count)
{
  qsort (values, (size_t) count, sizeof *values, compare_doubles);
  return values[count / 2];
}

PhysEdit
imp_grab_new_circle (const PhysWorld *world, const ImpView *view, PhysVec2 at)
{
  g_autofree char *name = imp_body_unused_name (world, "circle");
  PhysEdit edit = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, name);
  int n = phys_world_circle_count (world);
  if (n > 0)
    {
      g_autofree double *radii = g_new (double, n);
      for (int i = 0; i < n; i++)
        radii[i] = phys_world_get_circle (world, i).radius;
      edit.radius = median (radii, n);
    }
  else
    edit.radius = 8.0 / view->scale;
  edit.position = at;
  edit.mass = 0.0; /* from the area, as a scene's circle without one */
  return edit;
}

PhysEdit
imp_grab_new_segment (const PhysWorld *world, const ImpView *view, PhysVec2 at)
{
  g_autofree char *name = imp_body_unused_name (world, "wall");
  PhysEdit edit = phys_edit_init (PHYS_EDIT_ADD_SEGMENT, name);
  double half = 100.0 / view->scale;
  edit.a = phys_v2 (at.x - half, at.y);
  edit.b = phys_v2 (at.x + half, at.y);
  return edit;
}

PhysEdit
imp_grab_new_polygon (const PhysWorld *world, const ImpView *view, PhysVec2 at, int sides)
{
  static const char *const stems[] = { "box", "triangle" };
  g_autofree char *name
      = imp_body_unused_name (world, sides == 0 ? stems[0] : sides == 3 ? stems[1] : "polygon");
  PhysEdit edit = phys_edit_init (PHYS_EDIT_ADD_POLYGON, name);
  int np = phys_world_polygon_count (world), nc = phys_world_circle_count (world);
  /* Half the width: as large as the bodies already there. */
  double half = 16.0 / view->scale;
  if (np > 0 || nc > 0)
    {
      g_autofree double *radii = g_new (double, MAX (np, nc));
      for (int i = 0; i < np; i++)
        radii[i] = phys_world_get_polygon (world, i).radius;
      for (int i = 0; np == 0 && i < nc; i++)
        radii[i] = phys_world_get_circle (world, i).radius;
      half = median (radii, np > 0 ? np : nc);
      /* A polygon's radius reaches its corners: a square of that reach has sides sqrt 2
       * shorter (a circle's radius is the square's half side). */
      if (np > 0)
        half /= G_SQRT2;
    }
  /* A regular polygon stands on an edge (its first vertex straight up, y down) and reaches
   * as far as the box would. */
  edit.shape = sides == 0 ? phys_polygon_box (2.0 * half, 2.0 * half)
                          : phys_polygon_regular (sides, half * G_SQRT2, -G_PI / 2.0);
  edit.position = at;
  return edit;
}

PhysEdit
imp_grab_new_curve (const PhysWorld *world, const ImpView *view, PhysVec2 at)
{
  g_autofree char *name = imp_body_unused_name (world, "curve");
  PhysEdit edit = phys_edit_init (PHYS_EDIT_ADD_CURVE, name);
  double w = 100.0 / view->scale, h = 60.0 / view->scale;
  edit.curve.p[0] = phys_v2 (at.x - w, at.y);
  edit.curve.p[1] = phys_v2 (at.x - w / 3.0, at.y - h);
  edit.curve.p[2] = phys_v2 (at.x + w / 3.0, at.y + h);
  edit.curve.p[3] = phys_v2 (at.x + w, at.y);
  return edit;
}
