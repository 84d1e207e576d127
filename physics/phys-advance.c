/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-advance.c: polygon distance and conservative advancement.
 *
 * Conservative advancement after Mirtich (Impulse-based dynamic simulation of
 * rigid body systems, 1996): a bound on the closing speed along the current
 * normal makes each step safe. For two convex polygons apart, the closest
 * points are a vertex of one and a point of an edge of the other.
 */
#include <string.h>

#include "phys-advance-private.h"

/* The point of segment pq closest to x. */
static PhysVec2
segment_closest (PhysVec2 x, PhysVec2 p, PhysVec2 q)
{
  PhysVec2 e = phys_v2_sub (q, p);
  PhysReal len_sq = phys_v2_len_sq (e);
  PhysReal f = len_sq > 0.0 ? phys_v2_dot (phys_v2_sub (x, p), e) / len_sq : 0.0;
  f = phys_min_of (phys_max_of (f, 0.0), 1.0);
  return phys_v2_add_scaled (p, e, f);
}

/* The closest pair between the vertices of one hull and the edges of the other (edges: how
 * many of the other's edges to try); keeps *best when nothing is strictly closer. */
static void
vertices_against_edges (PhysPolygonDistance *best, PhysReal *best_sq, int vertex_body,
                        const PhysHull *owner, const PhysHull *other, int edges)
{
  for (int i = 0; i < owner->count; i++)
    for (int e = 0; e < edges; e++)
      {
        PhysVec2 x = owner->v[i];
        PhysVec2 on = segment_closest (x, other->v[e], other->v[(e + 1) % other->count]);
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

/* Distance between hull a and hull b (a polygon, or a segment: b_axes 1). */
static void
hull_distance (PhysPolygonDistance *d, const PhysHull *a, const PhysHull *b, int b_axes)
{
  memset (d, 0, sizeof *d);
  PhysSatContact sat;
  phys_sat_hulls_core (a, b, b_axes, false, -INFINITY, INFINITY, &sat, NULL);
  if (sat.verdict == PHYS_CONTACT_OVERLAPPING)
    {
      d->overlapping = true;
      d->normal = sat.normal;
      d->vertex = -1;
      d->edge = -1;
      return;
    }
  PhysReal best_sq = INFINITY;
  /* A segment's outline is its one edge (its hull walks it both ways). */
  vertices_against_edges (d, &best_sq, 0, a, b, b_axes == 1 ? 1 : b->count);
  vertices_against_edges (d, &best_sq, 1, b, a, a->count);
  d->distance = sqrt (best_sq);
  /* Touching, the points coincide and give no direction: the SAT's normal does. */
  d->normal = d->distance > 0.0 ? phys_v2_unit (phys_v2_sub (d->point_b, d->point_a)) : sat.normal;
}

/* Distance from hull a's outline to a circle's rim. */
static void
circle_distance (PhysPolygonDistance *d, const PhysHull *a, PhysVec2 center, PhysReal radius)
{
  memset (d, 0, sizeof *d);
  PhysSatContact sat;
  phys_sat_circle_core (a, center, radius, -INFINITY, &sat, NULL);
  if (sat.verdict == PHYS_CONTACT_OVERLAPPING)
    {
      d->overlapping = true;
      d->normal = sat.normal;
      d->vertex = -1;
      d->edge = -1;
      return;
    }
  PhysReal best_sq = INFINITY;
  PhysVec2 best_on = a->v[0];
  int best_e = 0;
  for (int e = 0; e < a->count; e++)
    {
      PhysVec2 on = segment_closest (center, a->v[e], a->v[(e + 1) % a->count]);
      PhysReal d_sq = phys_v2_len_sq (phys_v2_sub (center, on));
      if (d_sq < best_sq)
        {
          best_sq = d_sq;
          best_on = on;
          best_e = e;
        }
    }
  PhysReal to_center = sqrt (best_sq);
  d->vertex_body = 1;
  d->vertex = -1;
  d->edge = best_e;
  d->normal = to_center > 0.0 ? phys_v2_unit (phys_v2_sub (center, best_on)) : sat.normal;
  d->distance = phys_max_of (to_center - radius, 0.0);
  d->point_a = best_on;
  d->point_b = phys_v2_add_scaled (center, d->normal, -radius);
}

PhysPolygonDistance
phys_polygon_distance (const PhysPolygonWorld *a, const PhysPolygonWorld *b)
{
  PhysHull ha, hb;
  phys_hull_from_world (&ha, a);
  phys_hull_from_world (&hb, b);
  PhysPolygonDistance d;
  hull_distance (&d, &ha, &hb, hb.count);
  return d;
}

PhysPolygonDistance
phys_polygon_segment_distance (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q)
{
  PhysHull ha, hb;
  phys_hull_from_world (&ha, a);
  phys_hull_segment (&hb, p, q);
  PhysPolygonDistance d;
  hull_distance (&d, &ha, &hb, 1);
  return d;
}

PhysPolygonDistance
phys_polygon_circle_distance (const PhysPolygonWorld *a, PhysVec2 center, PhysReal radius)
{
  PhysHull ha;
  phys_hull_from_world (&ha, a);
  PhysPolygonDistance d;
  circle_distance (&d, &ha, center, radius);
  return d;
}

PhysReal
phys_polygon_largest_radius (const PhysPolygon *polygon)
{
  PhysReal r = 0.0;
  for (int i = 0; i < polygon->count; i++)
    r = phys_max_of (r, phys_v2_len (polygon->vertices[i]));
  return r;
}

static PhysPose
pose_at (PhysPose pose, PhysVec2 d, PhysReal w, PhysReal t)
{
  return phys_pose (pose.position.x + d.x * t, pose.position.y + d.y * t, pose.angle + w * t);
}

/* A body's pose at t on its path, acceleration included (exact zero: a straight path, the same
 * bits as pose_at()). */
static PhysPose
body_pose (const PhysAdvanceBody *b, PhysReal t)
{
  PhysPose pose = pose_at (b->pose, b->d, b->w, t);
  if (b->acc.x != 0.0 || b->acc.y != 0.0)
    pose.position = phys_v2_add_scaled (pose.position, b->acc, 0.5 * t * t);
  return pose;
}

void
phys_advance_core (const PhysAdvanceBody *a, const PhysAdvanceBody *b, PhysReal ra, PhysReal rb,
                   PhysReal tolerance, PhysReal t_max, PhysAdvanceResult *out,
                   PhysAdvanceRecord *rec)
{
  PhysReal t = 0.0;
  PhysReal acc_len = phys_v2_len (phys_v2_sub (b->shape == PHYS_SAT_SHAPE_SEGMENT ? phys_v2 (0.0, 0.0)
                                                                                 : b->acc,
                                               a->acc));
  PhysAdvanceStep scratch;
  PhysHull hb;
  if (b->shape == PHYS_SAT_SHAPE_SEGMENT)
    phys_hull_segment (&hb, b->p, b->q);
  out->converged = true;
  out->steps = 0;
  for (;;)
    {
      if (out->steps == PHYS_ADVANCE_MAX_ITERATIONS)
        {
          /* Still apart at t: a safe time to move to and test again from. */
          out->converged = false;
          out->verdict = PHYS_VERDICT_HIT;
          break;
        }
      PhysAdvanceStep *s = rec != NULL ? &rec->steps[out->steps] : &scratch;
      out->steps++;
      s->t = t;
      s->pose_a = body_pose (a, t);
      PhysHull ha;
      phys_hull_place (&ha, a->polygon, s->pose_a.position, cos (s->pose_a.angle),
                       sin (s->pose_a.angle));
      PhysVec2 va = phys_v2_add_scaled (a->d, a->acc, t);
      PhysVec2 vb = phys_v2 (0.0, 0.0);
      switch (b->shape)
        {
        case PHYS_SAT_SHAPE_POLYGON:
          s->pose_b = body_pose (b, t);
          vb = phys_v2_add_scaled (b->d, b->acc, t);
          phys_hull_place (&hb, b->polygon, s->pose_b.position, cos (s->pose_b.angle),
                           sin (s->pose_b.angle));
          hull_distance (&s->distance, &ha, &hb, hb.count);
          break;
        case PHYS_SAT_SHAPE_SEGMENT:
          s->pose_b = phys_pose (0.0, 0.0, 0.0);
          hull_distance (&s->distance, &ha, &hb, 1);
          break;
        case PHYS_SAT_SHAPE_CIRCLE:
        default:
          s->pose_b = body_pose (b, t);
          s->pose_b.angle = 0.0;
          vb = phys_v2_add_scaled (b->d, b->acc, t);
          circle_distance (&s->distance, &ha, s->pose_b.position, b->radius);
          break;
        }
      if (s->distance.overlapping)
        {
          /* Only at t = 0: every later step is safe by construction (up to rounding, which
           * the touch tolerance of the SAT absorbs). */
          s->closing_linear = s->closing_turn_a = s->closing_turn_b = s->closing_accel = 0.0;
          s->mu = s->dt = 0.0;
          out->verdict = t == 0.0 ? PHYS_VERDICT_OVERLAPPING : PHYS_VERDICT_HIT;
          break;
        }
      PhysVec2 n = s->distance.normal;
      s->closing_linear = phys_v2_dot (n, phys_v2_sub (va, vb));
      s->closing_turn_a = fabs (a->w) * ra;
      s->closing_turn_b = b->shape == PHYS_SAT_SHAPE_POLYGON ? fabs (b->w) * rb : 0.0;
      s->closing_accel = acc_len * (t_max - t);
      s->mu = s->closing_linear + s->closing_turn_a + s->closing_turn_b + s->closing_accel;
      s->dt = 0.0;
      if (s->distance.distance <= tolerance)
        {
          out->verdict = PHYS_VERDICT_HIT;
          break;
        }
      if (s->mu <= 0.0)
        {
          out->verdict = PHYS_VERDICT_MISS;
          break;
        }
      s->dt = s->distance.distance / s->mu;
      t += s->dt;
      if (t > t_max)
        {
          out->verdict = PHYS_VERDICT_AFTER_FRAME;
          break;
        }
    }

  out->has_t = out->verdict != PHYS_VERDICT_MISS;
  out->t = 0.0;
  out->normal = phys_v2 (0.0, 0.0);
  const PhysAdvanceStep *last = rec != NULL ? &rec->steps[out->steps - 1] : &scratch;
  if (out->has_t)
    {
      /* Past the frame or out of iterations, t has been advanced beyond the last step. */
      out->t = out->verdict == PHYS_VERDICT_AFTER_FRAME || !out->converged ? t : last->t;
      out->normal = last->distance.normal;
      out->point_a = last->distance.point_a;
      out->point_b = last->distance.point_b;
    }
  if (rec == NULL)
    return;
  rec->verdict = out->verdict;
  rec->step_count = out->steps;
  rec->converged = out->converged;
  rec->has_t = out->has_t;
  if (out->has_t)
    {
      rec->t = out->t;
      rec->normal = out->normal;
      rec->point_a = out->point_a;
      rec->point_b = out->point_b;
    }
}

PhysAdvanceRecord
phys_advance (const PhysAdvanceBody *a, const PhysAdvanceBody *b, PhysReal tolerance,
              PhysReal t_max)
{
  PhysAdvanceRecord r;
  memset (&r, 0, sizeof r);
  r.shape_b = b->shape;
  r.tolerance = tolerance;
  r.t_max = t_max;
  r.da = a->d;
  r.db = b->shape == PHYS_SAT_SHAPE_SEGMENT ? phys_v2 (0.0, 0.0) : b->d;
  r.wa = a->w;
  r.wb = b->shape == PHYS_SAT_SHAPE_POLYGON ? b->w : 0.0;
  r.acc_a = a->acc;
  r.acc_b = b->shape == PHYS_SAT_SHAPE_SEGMENT ? phys_v2 (0.0, 0.0) : b->acc;
  r.ra = phys_polygon_largest_radius (a->polygon);
  r.rb = b->shape == PHYS_SAT_SHAPE_POLYGON ? phys_polygon_largest_radius (b->polygon) : 0.0;
  PhysAdvanceResult out;
  phys_advance_core (a, b, r.ra, r.rb, tolerance, t_max, &out, &r);
  return r;
}

PhysAdvanceRecord
phys_advance_polygon_polygon (const PhysPolygon *a, PhysPose pa, PhysVec2 da, PhysReal wa,
                              const PhysPolygon *b, PhysPose pb, PhysVec2 db, PhysReal wb,
                              PhysReal tolerance)
{
  PhysAdvanceBody first, second;
  memset (&first, 0, sizeof first);
  memset (&second, 0, sizeof second);
  first.shape = second.shape = PHYS_SAT_SHAPE_POLYGON;
  first.polygon = a;
  first.pose = pa;
  first.d = da;
  first.w = wa;
  second.polygon = b;
  second.pose = pb;
  second.d = db;
  second.w = wb;
  return phys_advance (&first, &second, tolerance, 1.0);
}

void
phys_advance_circle_bezier_core (const PhysBezier *curve, PhysVec2 center, PhysVec2 v,
                                 PhysVec2 acc, PhysReal radius, PhysReal tolerance,
                                 PhysReal t_max, PhysCurveAdvanceResult *out,
                                 PhysCurveAdvanceRecord *rec)
{
  PhysReal t = 0.0;
  PhysReal acc_len = phys_v2_len (acc);
  bool curved = acc.x != 0.0 || acc.y != 0.0;
  PhysCurveAdvanceStep scratch;
  out->converged = true;
  out->steps = 0;
  for (;;)
    {
      if (out->steps == PHYS_ADVANCE_MAX_ITERATIONS)
        {
          out->converged = false;
          out->verdict = PHYS_VERDICT_HIT;
          break;
        }
      PhysCurveAdvanceStep *s = rec != NULL ? &rec->steps[out->steps] : &scratch;
      out->steps++;
      s->t = t;
      s->center = phys_v2_add_scaled (center, v, t);
      if (curved)
        s->center = phys_v2_add_scaled (s->center, acc, 0.5 * t * t);
      out->contact = phys_bezier_circle_contact (curve, s->center, radius);
      s->s = out->contact.closest.s;
      s->point = out->contact.point;
      s->normal = out->contact.normal;
      s->gap = -out->contact.depth;
      s->dt = 0.0;
      /* How fast the centre can move from here to the search's end: its speed now, and what
       * its acceleration adds. */
      PhysVec2 vt = curved ? phys_v2_add_scaled (v, acc, t) : v;
      PhysReal speed = curved ? phys_v2_len (vt) + acc_len * (t_max - t) : phys_v2_len (v);
      if (t == 0.0 && s->gap < -tolerance)
        {
          out->verdict = PHYS_VERDICT_OVERLAPPING;
          break;
        }
      if (speed == 0.0)
        {
          out->verdict = PHYS_VERDICT_NO_RELATIVE_MOTION;
          break;
        }
      if (s->gap <= tolerance)
        {
          /* Touching: a hit only if the circle is moving into the curve. */
          out->verdict = phys_v2_dot (vt, s->normal) < 0.0 ? PHYS_VERDICT_HIT
                                                             : PHYS_VERDICT_MOVING_APART;
          break;
        }
      s->dt = s->gap / speed;
      t += s->dt;
      if (t > t_max)
        {
          out->verdict = PHYS_VERDICT_AFTER_FRAME;
          break;
        }
    }
  out->has_t = out->verdict == PHYS_VERDICT_HIT || out->verdict == PHYS_VERDICT_AFTER_FRAME
               || out->verdict == PHYS_VERDICT_OVERLAPPING;
  out->t = 0.0;
  if (out->has_t)
    out->t = out->verdict == PHYS_VERDICT_HIT && out->converged
                 ? (rec != NULL ? rec->steps[out->steps - 1].t : scratch.t)
                 : t;
  if (rec == NULL)
    return;
  rec->verdict = out->verdict;
  rec->step_count = out->steps;
  rec->converged = out->converged;
  rec->has_t = out->has_t;
  rec->t = out->t;
  rec->contact = out->contact;
}

PhysCurveAdvanceRecord
phys_advance_circle_bezier_until (const PhysBezier *curve, PhysVec2 center, PhysVec2 v,
                                  PhysVec2 acc, PhysReal radius, PhysReal tolerance,
                                  PhysReal t_max)
{
  PhysCurveAdvanceRecord r;
  memset (&r, 0, sizeof r);
  r.tolerance = tolerance;
  r.center = center;
  r.v = v;
  r.acc = acc;
  r.t_max = t_max;
  r.radius = radius;
  r.speed = phys_v2_len (v);
  PhysCurveAdvanceResult out;
  phys_advance_circle_bezier_core (curve, center, v, acc, radius, tolerance, t_max, &out, &r);
  return r;
}

PhysCurveAdvanceRecord
phys_advance_circle_bezier (const PhysBezier *curve, PhysVec2 center, PhysVec2 v,
                            PhysReal radius, PhysReal tolerance)
{
  return phys_advance_circle_bezier_until (curve, center, v, phys_v2 (0.0, 0.0), radius,
                                           tolerance, 1.0);
}
