/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-advance.c: polygon distance and conservative advancement.
 *
 * Conservative advancement after Mirtich (Impulse-based dynamic simulation of
 * rigid body systems, 1996): a bound on the closing speed along the current
 * normal makes each step safe. For two convex polygons apart, the closest
 * points are a vertex of one and a point of an edge of the other.
 */
#include <string.h>

#include "phys-advance.h"

/* The point of segment pq closest to x. */
static PhysVec2
segment_closest (PhysVec2 x, PhysVec2 p, PhysVec2 q)
{
  PhysVec2 e = phys_v2_sub (q, p);
  PhysReal len_sq = phys_v2_len_sq (e);
  PhysReal f = len_sq > 0.0 ? phys_v2_dot (phys_v2_sub (x, p), e) / len_sq : 0.0;
  f = fmin (fmax (f, 0.0), 1.0);
  return phys_v2_add_scaled (p, e, f);
}

/* The closest pair between the vertices of one polygon and the edges of the other; keeps
 * *best when nothing is strictly closer. */
static void
vertices_against_edges (PhysPolygonDistance *best, PhysReal *best_sq, int vertex_body,
                        const PhysPolygonWorld *owner, const PhysPolygonWorld *other)
{
  for (int i = 0; i < owner->count; i++)
    for (int e = 0; e < other->count; e++)
      {
        PhysVec2 x = owner->vertices[i];
        PhysVec2 on = segment_closest (x, other->vertices[e],
                                       other->vertices[(e + 1) % other->count]);
        PhysReal d_sq = phys_v2_len_sq (phys_v2_sub (x, on));
        if (d_sq < *best_sq)
          {
            *best_sq = d_sq;
            best->vertex_body = vertex_body;
            best->vertex = i;
            best->edge = e;
            best->point_a = vertex_body == 0 ? x : on;
            best->point_b = vertex_body == 0 ? on : x;
          }
      }
}

PhysPolygonDistance
phys_polygon_distance (const PhysPolygonWorld *a, const PhysPolygonWorld *b)
{
  PhysPolygonDistance d;
  memset (&d, 0, sizeof d);
  PhysSatRecord sat = phys_sat_polygon_polygon (a, b);
  if (sat.verdict == PHYS_CONTACT_OVERLAPPING)
    {
      d.overlapping = true;
      d.normal = sat.normal;
      d.vertex = -1;
      d.edge = -1;
      return d;
    }
  PhysReal best_sq = INFINITY;
  vertices_against_edges (&d, &best_sq, 0, a, b);
  vertices_against_edges (&d, &best_sq, 1, b, a);
  d.distance = sqrt (best_sq);
  /* Touching, the points coincide and give no direction: the SAT's normal does. */
  d.normal = d.distance > 0.0 ? phys_v2_unit (phys_v2_sub (d.point_b, d.point_a)) : sat.normal;
  return d;
}

static PhysReal
largest_radius (const PhysPolygon *polygon)
{
  PhysReal r = 0.0;
  for (int i = 0; i < polygon->count; i++)
    r = fmax (r, phys_v2_len (polygon->vertices[i]));
  return r;
}

static PhysPose
pose_at (PhysPose pose, PhysVec2 d, PhysReal w, PhysReal t)
{
  return phys_pose (pose.position.x + d.x * t, pose.position.y + d.y * t, pose.angle + w * t);
}

PhysAdvanceRecord
phys_advance_polygon_polygon (const PhysPolygon *a, PhysPose pa, PhysVec2 da, PhysReal wa,
                              const PhysPolygon *b, PhysPose pb, PhysVec2 db, PhysReal wb,
                              PhysReal tolerance)
{
  PhysAdvanceRecord r;
  memset (&r, 0, sizeof r);
  r.tolerance = tolerance;
  r.da = da;
  r.db = db;
  r.wa = wa;
  r.wb = wb;
  r.ra = largest_radius (a);
  r.rb = largest_radius (b);
  r.converged = true;

  PhysReal t = 0.0;
  for (;;)
    {
      if (r.step_count == PHYS_ADVANCE_MAX_ITERATIONS)
        {
          /* Still apart at t: a safe time to move to and test again from. */
          r.converged = false;
          r.verdict = PHYS_VERDICT_HIT;
          break;
        }
      PhysAdvanceStep *s = &r.steps[r.step_count++];
      s->t = t;
      s->pose_a = pose_at (pa, da, wa, t);
      s->pose_b = pose_at (pb, db, wb, t);
      PhysPolygonWorld wa_t = phys_polygon_place (a, s->pose_a);
      PhysPolygonWorld wb_t = phys_polygon_place (b, s->pose_b);
      s->distance = phys_polygon_distance (&wa_t, &wb_t);
      if (s->distance.overlapping)
        {
          /* Only at t = 0: every later step is safe by construction (up to rounding, which
           * the touch tolerance of the SAT absorbs). */
          r.verdict = t == 0.0 ? PHYS_VERDICT_OVERLAPPING : PHYS_VERDICT_HIT;
          break;
        }
      if (s->distance.distance <= tolerance)
        {
          r.verdict = PHYS_VERDICT_HIT;
          break;
        }
      PhysVec2 n = s->distance.normal;
      s->closing_linear = phys_v2_dot (n, phys_v2_sub (da, db));
      s->closing_turn_a = fabs (wa) * r.ra;
      s->closing_turn_b = fabs (wb) * r.rb;
      s->mu = s->closing_linear + s->closing_turn_a + s->closing_turn_b;
      if (s->mu <= 0.0)
        {
          r.verdict = PHYS_VERDICT_MISS;
          break;
        }
      s->dt = s->distance.distance / s->mu;
      t += s->dt;
      if (t > 1.0)
        {
          r.verdict = PHYS_VERDICT_AFTER_FRAME;
          break;
        }
    }

  r.has_t = r.verdict != PHYS_VERDICT_MISS;
  if (r.has_t)
    {
      const PhysAdvanceStep *last = &r.steps[r.step_count - 1];
      /* Past the frame or out of iterations, t has been advanced beyond the last step. */
      r.t = r.verdict == PHYS_VERDICT_AFTER_FRAME || !r.converged ? t : last->t;
      r.normal = last->distance.normal;
      r.point_a = last->distance.point_a;
      r.point_b = last->distance.point_b;
    }
  return r;
}

PhysCurveAdvanceRecord
phys_advance_circle_bezier (const PhysBezier *curve, PhysVec2 center, PhysVec2 v,
                            PhysReal radius, PhysReal tolerance)
{
  PhysCurveAdvanceRecord r;
  memset (&r, 0, sizeof r);
  r.tolerance = tolerance;
  r.center = center;
  r.v = v;
  r.radius = radius;
  r.speed = phys_v2_len (v);
  r.converged = true;

  PhysReal t = 0.0;
  for (;;)
    {
      if (r.step_count == PHYS_ADVANCE_MAX_ITERATIONS)
        {
          r.converged = false;
          r.verdict = PHYS_VERDICT_HIT;
          break;
        }
      PhysCurveAdvanceStep *s = &r.steps[r.step_count++];
      s->t = t;
      s->center = phys_v2_add_scaled (center, v, t);
      r.contact = phys_bezier_circle_contact (curve, s->center, radius);
      s->s = r.contact.closest.s;
      s->point = r.contact.point;
      s->normal = r.contact.normal;
      s->gap = -r.contact.depth;
      if (t == 0.0 && s->gap < -tolerance)
        {
          r.verdict = PHYS_VERDICT_OVERLAPPING;
          break;
        }
      if (r.speed == 0.0)
        {
          r.verdict = PHYS_VERDICT_NO_RELATIVE_MOTION;
          break;
        }
      if (s->gap <= tolerance)
        {
          /* Touching: a hit only if the circle is moving into the curve. */
          r.verdict = phys_v2_dot (v, s->normal) < 0.0 ? PHYS_VERDICT_HIT
                                                        : PHYS_VERDICT_MOVING_APART;
          break;
        }
      s->dt = s->gap / r.speed;
      t += s->dt;
      if (t > 1.0)
        {
          r.verdict = PHYS_VERDICT_AFTER_FRAME;
          break;
        }
    }
  r.has_t = r.verdict == PHYS_VERDICT_HIT || r.verdict == PHYS_VERDICT_AFTER_FRAME
            || r.verdict == PHYS_VERDICT_OVERLAPPING;
  if (r.has_t)
    r.t = r.verdict == PHYS_VERDICT_HIT && r.converged ? r.steps[r.step_count - 1].t : t;
  return r;
}
