/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-framing.c: the world box of a lesson step's subject. */
#include "imp-framing.h"

#include <math.h>

#include "imp-render.h"

/* States looked at between the playhead and the step's last frame: enough to
 * follow an orbit, few enough to frame at once. */
#define SUBJECT_SAMPLES 48

static PhysAabb
add_body (PhysAabb box, const PhysWorld *world, PhysBodyRef body, double *largest)
{
  switch (body.kind)
    {
    case PHYS_BODY_CIRCLE:
      if (body.index < phys_world_circle_count (world))
        {
          PhysCircle c = phys_world_get_circle (world, body.index);
          *largest = fmax (*largest, c.radius);
          box = imp_aabb_add_point (box, c.position, c.radius);
        }
      break;
    case PHYS_BODY_SEGMENT:
      if (body.index < phys_world_segment_count (world))
        {
          PhysSegment s = phys_world_get_segment (world, body.index);
          /* A wall of the bounds spans the world: the other body says where
           * the action is. */
          if (!s.is_bound)
            box = imp_aabb_add_point (imp_aabb_add_point (box, s.a, 0.0), s.b, 0.0);
        }
      break;
    case PHYS_BODY_PROBE:
      if (body.index < phys_world_probe_count (world))
        box = imp_aabb_add_point (box, phys_world_get_probe (world, body.index).position, 0.0);
      break;
    case PHYS_BODY_POLYGON:
      if (body.index < phys_world_polygon_count (world))
        {
          /* Its corners as they are turned; its size counts as a circle's would, by the
           * circle round it. */
          PhysPolygonBody p = phys_world_get_polygon (world, body.index);
          PhysPolygonWorld placed = phys_world_polygon_placed (world, body.index);
          if (!p.fixed)
            *largest = fmax (*largest, p.radius);
          for (int v = 0; v < placed.count; v++)
            box = imp_aabb_add_point (box, placed.vertices[v], 0.0);
        }
      break;
    case PHYS_BODY_CURVE:
      if (body.index < phys_world_curve_count (world))
        {
          /* The box of the control points, which holds the curve. */
          PhysCurve c = phys_world_get_curve (world, body.index);
          box = imp_aabb_add_point (imp_aabb_add_point (box, c.box.min, 0.0), c.box.max, 0.0);
        }
      break;
    default:
      break;
    }
  return box;
}

/* What moves a lone circle: the circle attracting it, the other end of its
 * springs. A step about one body is about its motion, which they make. */
static PhysAabb
add_movers (PhysAabb box, const PhysWorld *world, int circle, double *largest)
{
  for (int f = 0; f < phys_world_force_count (world); f++)
    {
      PhysForce force = phys_world_get_force (world, f);
      if (force.kind == PHYS_FORCE_ATTRACTOR && force.source != circle)
        {
          gboolean pulled = force.n_targets == 0;
          for (int t = 0; t < force.n_targets && !pulled; t++)
            pulled = phys_world_get_force_target (world, f, t) == circle;
          if (pulled)
            box = add_body (box, world, (PhysBodyRef){ PHYS_BODY_CIRCLE, force.source }, largest);
        }
      else if ((force.kind == PHYS_FORCE_SPRING || force.kind == PHYS_FORCE_BUNGEE)
               && (force.body_a == circle || force.body_b == circle))
        {
          int other = force.body_a == circle ? force.body_b : force.body_a;
          if (other >= 0)
            box = add_body (box, world, (PhysBodyRef){ PHYS_BODY_CIRCLE, other }, largest);
          else
            box = imp_aabb_add_point (box, force.anchor, 0.0);
        }
    }
  return box;
}

static PhysAabb
add_all (PhysAabb box, const PhysWorld *world, double *largest)
{
  for (int i = 0; i < phys_world_circle_count (world); i++)
    box = add_body (box, world, (PhysBodyRef){ PHYS_BODY_CIRCLE, i }, largest);
  for (int i = 0; i < phys_world_segment_count (world); i++)
    box = add_body (box, world, (PhysBodyRef){ PHYS_BODY_SEGMENT, i }, largest);
  for (int i = 0; i < phys_world_probe_count (world); i++)
    box = add_body (box, world, (PhysBodyRef){ PHYS_BODY_PROBE, i }, largest);
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    box = add_body (box, world, (PhysBodyRef){ PHYS_BODY_POLYGON, i }, largest);
  for (int i = 0; i < phys_world_curve_count (world); i++)
    box = add_body (box, world, (PhysBodyRef){ PHYS_BODY_CURVE, i }, largest);
  return box;
}

/**
 * imp_framing_focus_box:
 * @session: a session
 * @pair: also the selected pair's figure when no event is selected
 *
 * The world box of the figure drawn for the selected event (or pair) at the
 * playhead: imp_render_focus_box() of what the session shows.
 *
 * Returns: a world box, empty when nothing is selected
 */
PhysAabb
imp_framing_focus_box (ImpSession *session, gboolean pair)
{
  ImpSessionView now;
  imp_session_get_view (session, &now);
  if (now.world == NULL)
    return imp_aabb_empty ();
  ImpRenderInput input;
  imp_render_input_init (&input, now.world);
  input.positions = now.positions;
  input.selected = now.selected;
  input.pair = pair ? now.pair : NULL;
  return imp_render_focus_box (&input);
}

/**
 * imp_framing_subject_box:
 * @session: a session with a recording
 * @until: the last frame the step is about (the frame its goal names); at or
 *   before the playhead: just the playhead's frame
 * @largest_radius: (out): the radius of the subject's largest circle, 0 for none
 *
 * The subject of the step the session is at: the selected pair or body (every
 * body when nothing is selected) over the recorded states from the playhead's
 * frame to @until, and the figure of the selected event or pair (its paths
 * over the frame, the contact, a probe's predicted impact).
 *
 * Returns: a world box, empty without a recording
 */
PhysAabb
imp_framing_subject_box (ImpSession *session, gint64 until, double *largest_radius)
{
  PhysAabb box = imp_aabb_empty ();
  PhysBodyRef bodies[2];
  int n = 0;
  double ignored = 0.0; /* the movers' sizes: the subject is the body they move */

  ImpSessionView now;

  *largest_radius = 0.0;
  if (imp_session_get_selected_pair (session, &bodies[0], &bodies[1]))
    n = 2;
  else if (imp_session_get_selected_body (session, &bodies[0]))
    n = 1;

  imp_session_get_view (session, &now);
  if (now.world == NULL)
    return box;
  /* The figure drawn for the selection at the playhead. */
  PhysAabb focus = imp_framing_focus_box (session, TRUE);
  if (!imp_aabb_is_empty (focus))
    box = imp_aabb_add_point (imp_aabb_add_point (box, focus.min, 0.0), focus.max, 0.0);

  gint64 from = imp_session_get_frame (session);
  until = MAX (until, from);
  gint64 last = MIN (until, imp_recording_get_recorded (imp_session_get_recording (session)));
  gint64 span = MAX (last - from, 0);
  for (gint64 i = 0; i < SUBJECT_SAMPLES && from + i <= last; i++)
    {
      gint64 k = from + (span <= SUBJECT_SAMPLES - 1 ? i : span * i / (SUBJECT_SAMPLES - 1));
      g_autoptr (PhysWorld) world = imp_recording_seek (imp_session_get_recording (session), k);
      if (world == NULL)
        continue;
      if (n == 0)
        box = add_all (box, world, largest_radius);
      for (int b = 0; b < n; b++)
        box = add_body (box, world, bodies[b], largest_radius);
      if (n == 1 && bodies[0].kind == PHYS_BODY_CIRCLE)
        box = add_movers (box, world, bodies[0].index, &ignored);
    }
  return box;
}
