/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-sat.c: separating axis tests, static and swept.
 *
 * Formulas: the separating axis theorem for convex shapes (Gottschalk; Ericson,
 * Real-Time Collision Detection, 4.4 and 5.5), reference/incident edge clipping
 * as in Box2D's manifold (Catto, GDC 2007), and the swept axis intervals of
 * Ericson 5.5.8 (a per-axis interval of overlap times, intersected).
 *
 * Every function fills its whole record, past the axis that would end an early-out
 * test, so the inspector can show every axis. Ties keep the smaller index, so the
 * choice of axis and edges never depends on anything but the inputs' order.
 */
#include <string.h>

#include "phys-sat.h"

const char *
phys_contact_verdict_name (PhysContactVerdict verdict)
{
  switch (verdict)
    {
    case PHYS_CONTACT_SEPARATED: return "separated";
    case PHYS_CONTACT_TOUCHING: return "touching";
    case PHYS_CONTACT_OVERLAPPING: return "overlapping";
    default: return "unknown";
    }
}

const char *
phys_sat_shape_name (PhysSatShape shape)
{
  switch (shape)
    {
    case PHYS_SAT_SHAPE_POLYGON: return "polygon";
    case PHYS_SAT_SHAPE_CIRCLE: return "circle";
    case PHYS_SAT_SHAPE_SEGMENT: return "segment";
    default: return "unknown";
    }
}

const char *
phys_sat_axis_kind_name (PhysSatAxisKind kind)
{
  return kind == PHYS_SAT_AXIS_VERTEX ? "vertex" : "edge";
}

/* A convex outline with its outward normals: a placed polygon, or a segment as a two-sided
 * outline (edge 0 from P to Q with the left normal, edge 1 back with the right one). */
typedef struct
{
  int count;
  PhysVec2 v[PHYS_POLYGON_MAX_VERTICES];
  PhysVec2 n[PHYS_POLYGON_MAX_VERTICES];
} Hull;

static void
hull_from_polygon (Hull *h, const PhysPolygonWorld *w)
{
  memset (h, 0, sizeof *h);
  h->count = w->count;
  memcpy (h->v, w->vertices, sizeof h->v);
  memcpy (h->n, w->normals, sizeof h->n);
}

static void
hull_from_segment (Hull *h, PhysVec2 p, PhysVec2 q)
{
  memset (h, 0, sizeof *h);
  h->count = 2;
  h->v[0] = p;
  h->v[1] = q;
  h->n[0] = phys_v2_unit (phys_v2_left_normal (phys_v2_sub (q, p)));
  h->n[1] = phys_v2_neg (h->n[0]);
}

static void
hull_project (const Hull *h, PhysVec2 n, PhysReal *min, PhysReal *max)
{
  PhysReal lo = phys_v2_dot (n, h->v[0]);
  PhysReal hi = lo;
  for (int i = 1; i < h->count; i++)
    {
      PhysReal d = phys_v2_dot (n, h->v[i]);
      lo = fmin (lo, d);
      hi = fmax (hi, d);
    }
  *min = lo;
  *max = hi;
}

static void
axis_fill (PhysSatAxis *axis, int body, PhysSatAxisKind kind, int feature, PhysVec2 n,
           PhysReal min_a, PhysReal max_a, PhysReal min_b, PhysReal max_b)
{
  axis->body = body;
  axis->kind = kind;
  axis->feature = feature;
  /* A segment of no length has no normal: its axis cannot show anything. */
  axis->valid = n.x != 0.0 || n.y != 0.0;
  axis->axis = n;
  axis->min_a = min_a;
  axis->max_a = max_a;
  axis->min_b = min_b;
  axis->max_b = max_b;
  axis->forward = max_a - min_b;
  axis->backward = max_b - min_a;
  axis->overlap = fmin (axis->forward, axis->backward);
  axis->sign = axis->forward <= axis->backward ? 1.0 : -1.0;
}

/* The axis n of body's feature with both outlines projected on it. */
static void
axis_of_hulls (PhysSatAxis *axis, const Hull *a, const Hull *b, int body, int feature,
               PhysVec2 n)
{
  PhysReal min_a, max_a, min_b, max_b;
  hull_project (a, n, &min_a, &max_a);
  hull_project (b, n, &min_b, &max_b);
  axis_fill (axis, body, PHYS_SAT_AXIS_EDGE, feature, n, min_a, max_a, min_b, max_b);
}

/* The axis n of the polygon's feature with the polygon and the circle projected on it. */
static void
axis_of_circle (PhysSatAxis *axis, const Hull *a, PhysSatAxisKind kind, int feature, PhysVec2 n,
                PhysVec2 center, PhysReal radius)
{
  PhysReal min_a, max_a;
  PhysReal c = phys_v2_dot (n, center);
  hull_project (a, n, &min_a, &max_a);
  axis_fill (axis, 0, kind, feature, n, min_a, max_a, c - radius, c + radius);
}

/* The verdict, the early-out axis, the axis of least overlap and the MTV. */
static void
record_choose (PhysSatRecord *r)
{
  r->first_separating = -1;
  r->best = -1;
  for (int k = 0; k < r->axis_count; k++)
    {
      const PhysSatAxis *axis = &r->axes[k];
      if (!axis->valid)
        continue;
      if (r->first_separating < 0 && axis->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE)
        r->first_separating = k;
      if (r->best < 0 || axis->overlap < r->axes[r->best].overlap)
        r->best = k;
    }
  if (r->best < 0)
    return; /* no valid axis (a polygon of no vertices): nothing to tell, left zero */
  const PhysSatAxis *best = &r->axes[r->best];
  r->overlap = best->overlap;
  r->normal = phys_v2_scale (best->axis, best->sign);
  r->mtv = phys_v2_scale (r->normal, r->overlap);
  if (r->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE)
    r->verdict = PHYS_CONTACT_SEPARATED;
  else if (r->overlap <= PHYS_CONTACT_TOUCH_TOLERANCE)
    r->verdict = PHYS_CONTACT_TOUCHING;
  else
    r->verdict = PHYS_CONTACT_OVERLAPPING;
}

/* A point being clipped: where it is, which incident vertex it is (-1: made by a cut) and
 * which side plane cut it (-1: none). */
typedef struct
{
  PhysVec2 p;
  int vertex;
  int side;
} ClipPoint;

static int
clip_step (PhysClipStep *step, PhysVec2 plane_normal, PhysReal offset, int side,
           const ClipPoint *in, int in_count, ClipPoint *out)
{
  step->plane_normal = plane_normal;
  step->offset = offset;
  for (int k = 0; k < in_count; k++)
    {
      step->in[k] = in[k].p;
      step->in_vertex[k] = in[k].vertex;
      step->distance[k] = phys_v2_dot (plane_normal, in[k].p) - offset;
    }
  int count = 0;
  for (int k = 0; k < in_count; k++)
    if (step->distance[k] >= 0.0)
      out[count++] = in[k];
  if (in_count == 2 && (step->distance[0] < 0.0) != (step->distance[1] < 0.0))
    {
      PhysReal f = step->distance[0] / (step->distance[0] - step->distance[1]);
      ClipPoint made = { phys_v2_lerp (in[0].p, in[1].p, f), -1, side };
      step->cut[count] = true;
      out[count++] = made;
    }
  step->count = count;
  for (int k = 0; k < count; k++)
    {
      step->out[k] = out[k].p;
      step->out_vertex[k] = out[k].vertex;
    }
  return count;
}

static uint32_t
feature_id (int reference_body, int reference_edge, int incident_edge, int vertex, int side)
{
  uint32_t last = vertex >= 0 ? (uint32_t) (vertex + 1) : 0x80u + (uint32_t) (side & 0x7);
  return ((uint32_t) reference_body << 24) | (((uint32_t) reference_edge & 0xffu) << 16)
         | (((uint32_t) incident_edge & 0xffu) << 8) | last;
}

/* Reference face on the best axis's body, incident edge on the other, two clips and the
 * points behind the reference face. */
static void
manifold_hulls (PhysSatRecord *r, const Hull *a, const Hull *b)
{
  PhysSatManifold *m = &r->manifold;
  m->valid = true;
  m->normal = r->normal;
  int ref_body = r->axes[r->best].body;
  const Hull *ref = ref_body == 0 ? a : b;
  const Hull *inc = ref_body == 0 ? b : a;
  /* From the reference body towards the other. */
  PhysVec2 towards = ref_body == 0 ? r->normal : phys_v2_neg (r->normal);

  /* Usually the best axis's own edge; a segment's or a backward push's face is the edge whose
   * normal points most towards the other body. */
  int re = 0;
  PhysReal best_dot = phys_v2_dot (ref->n[0], towards);
  for (int k = 1; k < ref->count; k++)
    {
      PhysReal d = phys_v2_dot (ref->n[k], towards);
      if (d > best_dot)
        {
          best_dot = d;
          re = k;
        }
    }
  int ie = 0;
  PhysReal least = phys_v2_dot (inc->n[0], ref->n[re]);
  for (int k = 1; k < inc->count; k++)
    {
      PhysReal d = phys_v2_dot (inc->n[k], ref->n[re]);
      if (d < least)
        {
          least = d;
          ie = k;
        }
    }

  m->reference_body = ref_body;
  m->reference_edge = re;
  m->reference_v1 = ref->v[re];
  m->reference_v2 = ref->v[(re + 1) % ref->count];
  m->reference_normal = ref->n[re];
  m->reference_tangent = phys_v2_unit (phys_v2_sub (m->reference_v2, m->reference_v1));
  m->incident_edge = ie;
  m->incident_v1 = inc->v[ie];
  m->incident_v2 = inc->v[(ie + 1) % inc->count];

  ClipPoint in[2] = { { m->incident_v1, ie, -1 }, { m->incident_v2, (ie + 1) % inc->count, -1 } };
  ClipPoint mid[2] = { { { 0, 0 }, -1, -1 }, { { 0, 0 }, -1, -1 } };
  ClipPoint out[2] = { { { 0, 0 }, -1, -1 }, { { 0, 0 }, -1, -1 } };
  PhysVec2 t = m->reference_tangent;
  int count = clip_step (&m->clips[0], t, phys_v2_dot (t, m->reference_v1), 0, in, 2, mid);
  count = clip_step (&m->clips[1], phys_v2_neg (t), -phys_v2_dot (t, m->reference_v2), 1, mid,
                     count, out);
  m->clip_count = 2;

  for (int k = 0; k < count; k++)
    {
      PhysReal s = phys_v2_dot (m->reference_normal, phys_v2_sub (out[k].p, m->reference_v1));
      m->separations[k] = s;
      if (s > PHYS_CONTACT_TOUCH_TOLERANCE)
        continue;
      PhysContactPoint *c = &m->points[m->point_count++];
      c->point = out[k].p;
      c->separation = s;
      c->depth = -s;
      c->point_on_reference = phys_v2_add_scaled (out[k].p, m->reference_normal, -s);
      c->reference_edge = re;
      c->incident_edge = ie;
      c->incident_vertex = out[k].vertex;
      c->clip_side = out[k].side;
      c->id = feature_id (ref_body, re, ie, out[k].vertex, out[k].side);
    }
}

static PhysSatRecord
sat_hulls (const Hull *a, const Hull *b, int b_axes, PhysSatShape shape)
{
  PhysSatRecord r;
  memset (&r, 0, sizeof r);
  r.shape_b = shape;
  for (int i = 0; i < a->count; i++)
    axis_of_hulls (&r.axes[r.axis_count++], a, b, 0, i, a->n[i]);
  for (int i = 0; i < b_axes; i++)
    axis_of_hulls (&r.axes[r.axis_count++], a, b, 1, i, b->n[i]);
  record_choose (&r);
  if (r.verdict != PHYS_CONTACT_SEPARATED)
    manifold_hulls (&r, a, b);
  return r;
}

PhysSatRecord
phys_sat_polygon_polygon (const PhysPolygonWorld *a, const PhysPolygonWorld *b)
{
  Hull ha, hb;
  hull_from_polygon (&ha, a);
  hull_from_polygon (&hb, b);
  PhysSatRecord r = sat_hulls (&ha, &hb, hb.count, PHYS_SAT_SHAPE_POLYGON);
  r.a = *a;
  r.b = *b;
  return r;
}

PhysSatRecord
phys_sat_polygon_segment (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q)
{
  Hull ha, hb;
  hull_from_polygon (&ha, a);
  hull_from_segment (&hb, p, q);
  /* The segment's two normals are one axis: its left normal alone is the candidate. */
  PhysSatRecord r = sat_hulls (&ha, &hb, 1, PHYS_SAT_SHAPE_SEGMENT);
  r.a = *a;
  r.p = p;
  r.q = q;
  return r;
}

/* The polygon's vertex closest to c (ties: smaller index). */
static int
closest_vertex (const PhysPolygonWorld *a, PhysVec2 c)
{
  int best = 0;
  PhysReal best_d = phys_v2_len_sq (phys_v2_sub (c, a->vertices[0]));
  for (int i = 1; i < a->count; i++)
    {
      PhysReal d = phys_v2_len_sq (phys_v2_sub (c, a->vertices[i]));
      if (d < best_d)
        {
          best_d = d;
          best = i;
        }
    }
  return best;
}

PhysSatRecord
phys_sat_polygon_circle (const PhysPolygonWorld *a, PhysVec2 center, PhysReal radius)
{
  PhysSatRecord r;
  memset (&r, 0, sizeof r);
  r.shape_b = PHYS_SAT_SHAPE_CIRCLE;
  r.a = *a;
  r.center = center;
  r.radius = radius;
  Hull ha;
  hull_from_polygon (&ha, a);
  for (int i = 0; i < a->count; i++)
    axis_of_circle (&r.axes[r.axis_count++], &ha, PHYS_SAT_AXIS_EDGE, i, a->normals[i], center,
                    radius);
  int k = closest_vertex (a, center);
  PhysVec2 to_center = phys_v2_sub (center, a->vertices[k]);
  PhysSatAxis *vertex_axis = &r.axes[r.axis_count++];
  if (phys_v2_len_sq (to_center) > 0.0)
    axis_of_circle (vertex_axis, &ha, PHYS_SAT_AXIS_VERTEX, k, phys_v2_unit (to_center), center,
                    radius);
  else
    {
      vertex_axis->body = 0;
      vertex_axis->kind = PHYS_SAT_AXIS_VERTEX;
      vertex_axis->feature = k;
      vertex_axis->valid = false;
    }
  record_choose (&r);
  if (r.verdict == PHYS_CONTACT_SEPARATED)
    return r;

  PhysSatManifold *m = &r.manifold;
  const PhysSatAxis *best = &r.axes[r.best];
  m->valid = true;
  m->normal = r.normal;
  m->reference_body = 0;
  m->incident_edge = -1;
  if (best->kind == PHYS_SAT_AXIS_EDGE)
    {
      /* The best axis's own edge, unless the shorter push was backward: then the face the
       * circle touches is the one whose normal is most along the contact normal. */
      int re = 0;
      for (int e = 1; e < a->count; e++)
        if (phys_v2_dot (a->normals[e], r.normal) > phys_v2_dot (a->normals[re], r.normal))
          re = e;
      m->reference_edge = re;
      m->reference_v1 = a->vertices[re];
      m->reference_v2 = a->vertices[(re + 1) % a->count];
      m->reference_normal = a->normals[re];
      m->reference_tangent = phys_v2_unit (a->edges[re]);
    }
  else
    {
      m->reference_edge = -1;
      m->reference_v1 = a->vertices[best->feature];
      m->reference_v2 = m->reference_v1;
      m->reference_normal = r.normal;
    }
  m->point_count = 1;
  PhysContactPoint *c = &m->points[0];
  c->point = phys_v2_add_scaled (center, r.normal, -radius);
  c->depth = r.overlap;
  c->separation = -r.overlap;
  c->point_on_reference = phys_v2_add_scaled (c->point, r.normal, r.overlap);
  c->reference_edge = m->reference_edge;
  c->incident_edge = -1;
  c->incident_vertex = -1;
  c->clip_side = -1;
  m->separations[0] = c->separation;
  c->id = feature_id (0, best->kind == PHYS_SAT_AXIS_EDGE ? m->reference_edge
                                                         : 0x40 + best->feature,
                      -1, -1, 0);
  return r;
}

/* ---------------------------------------------------------------------------------------- */
/* Swept                                                                                    */
/* ---------------------------------------------------------------------------------------- */

/* The overlap times of an axis whose intervals at t = 0 are in s->start, B moving by v. */
static void
swept_axis_times (PhysSweptAxis *s, PhysVec2 v)
{
  const PhysSatAxis *p = &s->start;
  s->speed = phys_v2_dot (v, p->axis);
  if (s->speed > 0.0)
    {
      s->enter = (p->min_a - p->max_b) / s->speed;
      s->exit = (p->max_a - p->min_b) / s->speed;
    }
  else if (s->speed < 0.0)
    {
      s->enter = (p->max_a - p->min_b) / s->speed;
      s->exit = (p->min_a - p->max_b) / s->speed;
    }
  else if (p->max_b >= p->min_a && p->min_b <= p->max_a)
    {
      s->enter = -INFINITY;
      s->exit = INFINITY;
    }
  else
    {
      s->enter = INFINITY;
      s->exit = -INFINITY;
    }
}

/* Intersects the axes' intervals and runs the early outs. */
static void
swept_choose (PhysSweptSatRecord *r)
{
  r->enter_axis = 0;
  r->exit_axis = 0;
  for (int k = 1; k < r->axis_count; k++)
    {
      if (r->axes[k].enter > r->axes[r->enter_axis].enter)
        r->enter_axis = k;
      if (r->axes[k].exit < r->axes[r->exit_axis].exit)
        r->exit_axis = k;
    }
  r->enter = r->axes[r->enter_axis].enter;
  r->exit = r->axes[r->exit_axis].exit;

  if (r->enter < 0.0 && r->exit > 0.0)
    {
      r->verdict = PHYS_VERDICT_OVERLAPPING;
      r->has_t = true;
      r->t = 0.0;
    }
  else if (phys_v2_len_sq (r->v) < PHYS_SWEEP_A_EPSILON)
    r->verdict = PHYS_VERDICT_NO_RELATIVE_MOTION;
  else if (r->exit <= 0.0)
    r->verdict = PHYS_VERDICT_MOVING_APART;
  else if (r->enter > r->exit)
    r->verdict = PHYS_VERDICT_MISS;
  else
    {
      r->has_t = true;
      /* Touching at the start gives enter = 0 / -speed = -0: the time is +0 all the same. */
      r->t = r->enter == 0.0 ? 0.0 : r->enter;
      r->verdict = r->t > 1.0 ? PHYS_VERDICT_AFTER_FRAME : PHYS_VERDICT_HIT;
    }

  if (r->has_t)
    {
      const PhysSweptAxis *s = &r->axes[r->enter_axis];
      /* Moving along -n, B meets A's far side: B is on the +n side of A. Still on this axis
       * (overlapping from the start), the shorter push decides as in the static test. */
      PhysReal sign = s->speed < 0.0 ? 1.0 : s->speed > 0.0 ? -1.0 : s->start.sign;
      r->normal = phys_v2_scale (s->start.axis, sign);
      r->moved_a = phys_v2_scale (r->da, r->t);
      r->moved_b = phys_v2_scale (r->db, r->t);
    }
}

/* A zeroed swept record with its motions. */
static void
swept_begin (PhysSweptSatRecord *r, PhysSatShape shape, PhysVec2 da, PhysVec2 db)
{
  memset (r, 0, sizeof *r);
  r->shape_b = shape;
  r->da = da;
  r->db = db;
  r->v = phys_v2_sub (db, da);
  r->corner_vertex = -1;
}

PhysSweptSatRecord
phys_sweep_sat_polygon_polygon (const PhysPolygonWorld *a, PhysVec2 da,
                                const PhysPolygonWorld *b, PhysVec2 db)
{
  PhysSweptSatRecord r;
  swept_begin (&r, PHYS_SAT_SHAPE_POLYGON, da, db);
  r.a = *a;
  r.b = *b;
  Hull ha, hb;
  hull_from_polygon (&ha, a);
  hull_from_polygon (&hb, b);
  for (int body = 0; body < 2; body++)
    {
      const Hull *owner = body == 0 ? &ha : &hb;
      for (int i = 0; i < owner->count; i++)
        {
          PhysSweptAxis *s = &r.axes[r.axis_count++];
          axis_of_hulls (&s->start, &ha, &hb, body, i, owner->n[i]);
          swept_axis_times (s, r.v);
        }
    }
  swept_choose (&r);
  return r;
}

PhysSweptSatRecord
phys_sweep_sat_polygon_circle (const PhysPolygonWorld *a, PhysVec2 da, PhysVec2 center,
                               PhysVec2 dc, PhysReal radius)
{
  PhysSweptSatRecord r;
  swept_begin (&r, PHYS_SAT_SHAPE_CIRCLE, da, dc);
  r.a = *a;
  r.center = center;
  r.radius = radius;
  Hull ha;
  hull_from_polygon (&ha, a);
  for (int i = 0; i < a->count; i++)
    {
      PhysSweptAxis *s = &r.axes[r.axis_count++];
      axis_of_circle (&s->start, &ha, PHYS_SAT_AXIS_EDGE, i, a->normals[i], center, radius);
      swept_axis_times (s, r.v);
    }
  swept_choose (&r);
  if (!r.has_t)
    return r;

  /* In A's frame the centre moves by v. The edge axes bound the polygon grown by r along
   * each normal in both directions, a shape with square corners around the rounded one: where
   * the centre first enters it, the circle either touches the polygon (the static test is not
   * SEPARATED) or lies in a corner, off every face; then only that corner's vertex, the closest
   * one, can be met before the centre leaves the square corner again. */
  PhysVec2 at = phys_v2_add_scaled (center, r.v, r.t);
  int vertex = -1;
  if (phys_sat_polygon_circle (a, at, radius).verdict == PHYS_CONTACT_SEPARATED)
    vertex = closest_vertex (a, at);
  if (vertex < 0)
    return r;

  r.corner = true;
  r.corner_vertex = vertex;
  r.corner_sweep = phys_sweep_circle_circle (center, r.v, radius, a->vertices[vertex],
                                             phys_v2 (0.0, 0.0), 0.0);
  r.verdict = r.corner_sweep.verdict;
  r.has_t = r.corner_sweep.has_t;
  r.t = r.has_t ? r.corner_sweep.t : 0.0;
  r.normal = r.has_t ? phys_v2_neg (r.corner_sweep.normal) : phys_v2 (0.0, 0.0);
  r.moved_a = phys_v2_scale (da, r.t);
  r.moved_b = phys_v2_scale (dc, r.t);
  return r;
}
