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
#include <stddef.h>
#include <string.h>

#include "phys-sat-private.h"

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

/* The vertex after i of an outline of count vertices (no division). */
static inline int
next_of (int i, int count)
{
  return i + 1 < count ? i + 1 : 0;
}

/* The interval of a quadrilateral's dots d0..d3 (its vertices in order): the least and the
 * greatest so far, as hull_project() takes them. */
static inline void
interval_of_four (PhysReal d0, PhysReal d1, PhysReal d2, PhysReal d3, PhysReal *min,
                  PhysReal *max)
{
  PhysReal lo = phys_min_of (d0, d1), hi = phys_max_of (d0, d1);
  lo = phys_min_of (lo, d2);
  hi = phys_max_of (hi, d2);
  *min = phys_min_of (lo, d3);
  *max = phys_max_of (hi, d3);
}

/* The hull's interval on n: the dots of its vertices in order, the least and the greatest so
 * far (quadrilaterals, most of a step's hulls, written out: the same operations in the same
 * order). */
static inline void
hull_project (const PhysHull *h, PhysVec2 n, PhysReal *min, PhysReal *max)
{
  if (h->count == 4)
    {
      interval_of_four (phys_v2_dot (n, h->v[0]), phys_v2_dot (n, h->v[1]),
                        phys_v2_dot (n, h->v[2]), phys_v2_dot (n, h->v[3]), min, max);
      return;
    }
  PhysReal lo = phys_v2_dot (n, h->v[0]);
  PhysReal hi = lo;
  for (int i = 1; i < h->count; i++)
    {
      PhysReal d = phys_v2_dot (n, h->v[i]);
      lo = phys_min_of (lo, d);
      hi = phys_max_of (hi, d);
    }
  *min = lo;
  *max = hi;
}

/* The outline on each of its own normals. */
static void
hull_project_self (PhysHull *h)
{
  for (int i = 0; i < h->count; i++)
    hull_project (h, h->n[i], &h->self_min[i], &h->self_max[i]);
}

void
phys_hull_from_world (PhysHull *h, const PhysPolygonWorld *w)
{
  h->count = w->count;
  for (int i = 0; i < w->count; i++)
    {
      h->v[i] = w->vertices[i];
      h->n[i] = w->normals[i];
    }
  hull_project_self (h);
}

void
phys_hull_place (PhysHull *h, const PhysPolygon *shape, PhysVec2 position, PhysReal c,
                 PhysReal s)
{
  int n = shape->count;
  h->count = n;
  for (int i = 0; i < n; i++)
    h->v[i] = phys_pose_apply (position, c, s, shape->vertices[i]);
  for (int i = 0; i < n; i++)
    h->n[i] = phys_v2_unit (phys_v2_left_normal (phys_v2_sub (h->v[next_of (i, n)], h->v[i])));
  hull_project_self (h);
  h->placed_at = position;
  h->placed_c = c;
  h->placed_s = s;
}

void
phys_hull_segment (PhysHull *h, PhysVec2 p, PhysVec2 q)
{
  h->count = 2;
  h->v[0] = p;
  h->v[1] = q;
  h->n[0] = phys_v2_unit (phys_v2_left_normal (phys_v2_sub (q, p)));
  h->n[1] = phys_v2_neg (h->n[0]);
  hull_project_self (h);
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
  axis->overlap = phys_min_of (axis->forward, axis->backward);
  axis->sign = axis->forward <= axis->backward ? 1.0 : -1.0;
}

/* Both outlines' intervals on the axis n of body's feature (the owner's own projection as its
 * hull keeps it). */
static inline void
axis_intervals (const PhysHull *a, const PhysHull *b, int body, int feature, PhysVec2 n,
                PhysReal *min_a, PhysReal *max_a, PhysReal *min_b, PhysReal *max_b)
{
  if (body == 0)
    {
      *min_a = a->self_min[feature];
      *max_a = a->self_max[feature];
      hull_project (b, n, min_b, max_b);
    }
  else
    {
      hull_project (a, n, min_a, max_a);
      *min_b = b->self_min[feature];
      *max_b = b->self_max[feature];
    }
}

/* The axis n of body's feature with both outlines projected on it. */
static void
axis_of_hulls (PhysSatAxis *axis, const PhysHull *a, const PhysHull *b, int body, int feature,
               PhysVec2 n)
{
  PhysReal min_a, max_a, min_b, max_b;
  axis_intervals (a, b, body, feature, n, &min_a, &max_a, &min_b, &max_b);
  axis_fill (axis, body, PHYS_SAT_AXIS_EDGE, feature, n, min_a, max_a, min_b, max_b);
}

/* The axis n of the polygon's feature with the polygon and the circle projected on it. */
static void
axis_of_circle (PhysSatAxis *axis, const PhysHull *a, PhysSatAxisKind kind, int feature,
                PhysVec2 n, PhysVec2 center, PhysReal radius)
{
  PhysReal min_a, max_a;
  PhysReal c = phys_v2_dot (n, center);
  hull_project (a, n, &min_a, &max_a);
  axis_fill (axis, 0, kind, feature, n, min_a, max_a, c - radius, c + radius);
}

/* Starts a contact: nothing chosen yet. */
static void
contact_begin (PhysSatContact *out)
{
  out->verdict = PHYS_CONTACT_SEPARATED;
  out->axis_count = 0;
  out->first_separating = -1;
  out->best = -1;
  out->overlap = 0.0;
  out->normal = phys_v2 (0.0, 0.0);
  out->mtv = phys_v2 (0.0, 0.0);
  out->has_manifold = false;
}

/* Counts in axis k (filled): the early-out axis and the least overlap so far (ties keep the
 * smaller index). */
static void
contact_consider (PhysSatContact *out, int k, const PhysSatAxis *axis)
{
  out->axis_count = k + 1;
  if (!axis->valid)
    return;
  if (out->first_separating < 0 && axis->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE)
    out->first_separating = k;
  /* The least overlap so far is kept apart as well (out->overlap, set again from the copy by
   * contact_choose): read back from the fresh copy, it would wait for the copy's stores. */
  if (out->best < 0 || axis->overlap < out->overlap)
    {
      out->best = k;
      out->overlap = axis->overlap;
      out->best_axis = *axis;
    }
}

/* The verdict, the normal and the MTV from the axis of least overlap. */
static inline void
contact_choose (PhysSatContact *out)
{
  if (out->best < 0)
    return; /* no valid axis (a polygon of no vertices): nothing to tell, left zero */
  const PhysSatAxis *best = &out->best_axis;
  out->overlap = best->overlap;
  out->normal = phys_v2_scale (best->axis, best->sign);
  out->mtv = phys_v2_scale (out->normal, out->overlap);
  if (out->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE)
    out->verdict = PHYS_CONTACT_SEPARATED;
  else if (out->overlap <= PHYS_CONTACT_TOUCH_TOLERANCE)
    out->verdict = PHYS_CONTACT_TOUCHING;
  else
    out->verdict = PHYS_CONTACT_OVERLAPPING;
}

/* A point being clipped: where it is, which incident vertex it is (-1: made by a cut) and
 * which side plane cut it (-1: none). */
typedef struct
{
  PhysVec2 p;
  int vertex;
  int side;
} ClipPoint;

/* Keeps the points on the plane's inner side (distance d[k] >= 0) and the cut where the
 * segment crosses it; returns how many. The recorded clip_step() and the step's own clipping
 * share it. */
static inline int
clip_points (const PhysReal d[2], int side, const ClipPoint *in, int in_count, ClipPoint *out,
             bool *made_cut)
{
  int count = 0;
  for (int k = 0; k < in_count; k++)
    if (d[k] >= 0.0)
      out[count++] = in[k];
  *made_cut = false;
  if (in_count == 2 && (d[0] < 0.0) != (d[1] < 0.0))
    {
      PhysReal f = d[0] / (d[0] - d[1]);
      ClipPoint made = { phys_v2_lerp (in[0].p, in[1].p, f), -1, side };
      *made_cut = true;
      out[count++] = made;
    }
  return count;
}

/* One clipping step without its record (the step reads none of it). */
static inline int
clip_lean (PhysVec2 plane_normal, PhysReal offset, int side, const ClipPoint *in, int in_count,
           ClipPoint *out)
{
  PhysReal d[2] = { 0.0, 0.0 };
  for (int k = 0; k < in_count; k++)
    d[k] = phys_v2_dot (plane_normal, in[k].p) - offset;
  bool made_cut;
  return clip_points (d, side, in, in_count, out, &made_cut);
}

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
  bool made_cut;
  int count = clip_points (step->distance, side, in, in_count, out, &made_cut);
  if (made_cut)
    step->cut[count - 1] = true;
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
 * points behind the reference face (within keep of it). */
static void
manifold_hulls (PhysSatContact *out, const PhysHull *a, const PhysHull *b, PhysReal keep,
                bool recorded)
{
  PhysSatManifold *m = &out->manifold;
  /* Zeroed whole when it goes into a record (copied byte for byte). For the step, every field
   * but the clipping steps (which it then does without their record: the step reads none of
   * them) is set below, the separations and points that are not made to zero. */
  if (recorded)
    memset (m, 0, sizeof *m);
  else
    {
      m->separations[0] = 0.0;
      m->separations[1] = 0.0;
      m->point_count = 0;
    }
  out->has_manifold = true;
  m->valid = true;
  m->normal = out->normal;
  int ref_body = out->best_axis.body;
  const PhysHull *ref = ref_body == 0 ? a : b;
  const PhysHull *inc = ref_body == 0 ? b : a;
  /* From the reference body towards the other. */
  PhysVec2 towards = ref_body == 0 ? out->normal : phys_v2_neg (out->normal);

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
  m->reference_v2 = ref->v[next_of (re, ref->count)];
  m->reference_normal = ref->n[re];
  m->reference_tangent = phys_v2_unit (phys_v2_sub (m->reference_v2, m->reference_v1));
  m->incident_edge = ie;
  m->incident_v1 = inc->v[ie];
  int ie_next = next_of (ie, inc->count);
  m->incident_v2 = inc->v[ie_next];

  ClipPoint in[2] = { { m->incident_v1, ie, -1 }, { m->incident_v2, ie_next, -1 } };
  ClipPoint mid[2], clipped[2]; /* each clip writes the points it returns before they are read */
  PhysVec2 t = m->reference_tangent;
  int count;
  if (recorded)
    {
      count = clip_step (&m->clips[0], t, phys_v2_dot (t, m->reference_v1), 0, in, 2, mid);
      count = clip_step (&m->clips[1], phys_v2_neg (t), -phys_v2_dot (t, m->reference_v2), 1,
                         mid, count, clipped);
    }
  else
    {
      count = clip_lean (t, phys_v2_dot (t, m->reference_v1), 0, in, 2, mid);
      count = clip_lean (phys_v2_neg (t), -phys_v2_dot (t, m->reference_v2), 1, mid, count,
                         clipped);
    }
  m->clip_count = 2;

  for (int k = 0; k < count; k++)
    {
      PhysReal s = phys_v2_dot (m->reference_normal, phys_v2_sub (clipped[k].p, m->reference_v1));
      m->separations[k] = s;
      if (s > keep)
        continue;
      PhysContactPoint *c = &m->points[m->point_count++];
      c->point = clipped[k].p;
      c->separation = s;
      c->depth = -s;
      c->point_on_reference = phys_v2_add_scaled (clipped[k].p, m->reference_normal, -s);
      c->reference_edge = re;
      c->incident_edge = ie;
      c->incident_vertex = clipped[k].vertex;
      c->clip_side = clipped[k].side;
      c->id = feature_id (ref_body, re, ie, clipped[k].vertex, clipped[k].side);
    }
  if (!recorded)
    for (int k = m->point_count; k < 2; k++)
      memset (&m->points[k], 0, sizeof m->points[k]);
}

/* The search of hulls_choose_lean() so far: the axis of least overlap and its intervals. */
typedef struct
{
  int best, body, feature;
  PhysReal overlap, min_a, max_a, min_b, max_b;
} LeanBest;

/* Counts in axis k (body's feature): a new least overlap (ties keep the smaller index, as the
 * axes come in order) is kept with its intervals. Returns true when it is below stop_below. */
static inline bool
lean_consider (LeanBest *lb, int k, int body, int feature, PhysReal overlap, PhysReal min_a,
               PhysReal max_a, PhysReal min_b, PhysReal max_b, PhysReal stop_below)
{
  if (lb->best >= 0 && !(overlap < lb->overlap))
    return false;
  lb->best = k;
  lb->body = body;
  lb->feature = feature;
  lb->overlap = overlap;
  lb->min_a = min_a;
  lb->max_a = max_a;
  lb->min_b = min_b;
  lb->max_b = max_b;
  return overlap < stop_below;
}

/* Hull h's interval [*min, *max] on n, where the other hull's is [other_min, other_max] (h is B
 * when h_is_b, else A; one_sided: only the backward push counts, see phys_sat_hulls_core()),
 * unless the axis cannot give an overlap below below: returns false then, the interval not
 * made. A quadrilateral's opposite corners 0 and 2 come first (on a box's own axes, and nearly
 * on a neighbour's when the two are turned alike, they are its extremes): h's interval holds
 * theirs, so it reaches at least as low as their least dot lo and as high as their greatest hi;
 * were h B, forward = other_max - min_b is then at least other_max - lo, and backward = max_b -
 * other_min at least hi - other_min (both rounded the same way as the true ones, and rounding is
 * monotone), so the overlap is at least the least of those bounds; when that is not below below,
 * the axis is not a new least overlap and its other corners are not needed. The dots are numbers
 * (the state is finite and below PHYS_DIVERGED_MAGNITUDE), so "at least" holds with no NaN in
 * the way. Otherwise the interval is made from the dots in the vertices' order, as
 * hull_project() makes it: the same bits. */
static inline bool
project_unless_not_below (const PhysHull *h, bool h_is_b, PhysVec2 n, PhysReal other_min,
                          PhysReal other_max, bool one_sided, bool bounded, PhysReal below,
                          PhysReal *min, PhysReal *max)
{
  if (h->count != 4 || !bounded)
    {
      hull_project (h, n, min, max);
      return true;
    }
  PhysReal d0 = phys_v2_dot (n, h->v[0]), d2 = phys_v2_dot (n, h->v[2]);
  PhysReal lo = phys_min_of (d0, d2), hi = phys_max_of (d0, d2);
  PhysReal least;
  if (h_is_b)
    least = phys_min_of (other_max - lo, hi - other_min);
  else
    least = one_sided ? other_max - lo : phys_min_of (hi - other_min, other_max - lo);
  if (least >= below)
    return false;
  interval_of_four (d0, phys_v2_dot (n, h->v[1]), d2, phys_v2_dot (n, h->v[3]), min, max);
  return true;
}

/* The least-overlap search of phys_sat_hulls_core() without a record: A's axes (A's intervals
 * kept with its hull, B projected), then B's (A projected), each axis's overlap in locals and
 * the axis of least overlap filled once at the end: the same values and the same choice as
 * contact_consider() over filled axes. An axis is left out before projecting when it has no
 * direction (as contact_consider() leaves it out), and while projecting when it cannot be the
 * least (project_unless_not_below()). An axis whose overlap is below stop_below ends the search
 * (it is then the chosen one): returns true then. The early-out axis (first_separating) is the
 * record's: it is left as it is. */
static bool
hulls_choose_lean (const PhysHull *a, const PhysHull *b, int b_axes, bool one_sided,
                   PhysReal stop_below, PhysSatContact *out)
{
  LeanBest lb = { -1, 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0 };
  bool stopped = false;
  int k = 0;
  for (int i = 0; i < a->count && !stopped; i++, k++)
    {
      PhysVec2 n = a->n[i];
      if (!(n.x != 0.0 || n.y != 0.0))
        continue;
      PhysReal min_a = a->self_min[i], max_a = a->self_max[i], min_b, max_b;
      if (!project_unless_not_below (b, true, n, min_a, max_a, false, lb.best >= 0, lb.overlap,
                                     &min_b, &max_b))
        continue;
      PhysReal forward = max_a - min_b, backward = max_b - min_a;
      stopped = lean_consider (&lb, k, 0, i, phys_min_of (forward, backward), min_a, max_a,
                               min_b, max_b, stop_below);
    }
  for (int i = 0; i < b_axes && !stopped; i++, k++)
    {
      PhysVec2 n = b->n[i];
      if (!(n.x != 0.0 || n.y != 0.0))
        continue;
      PhysReal min_a, max_a, min_b = b->self_min[i], max_b = b->self_max[i];
      if (!project_unless_not_below (a, false, n, min_b, max_b, one_sided, lb.best >= 0,
                                     lb.overlap, &min_a, &max_a))
        continue;
      PhysReal forward = max_a - min_b, backward = max_b - min_a;
      PhysReal overlap = one_sided ? backward : phys_min_of (forward, backward);
      stopped = lean_consider (&lb, k, 1, i, overlap, min_a, max_a, min_b, max_b, stop_below);
    }
  out->axis_count = k;
  if (lb.best < 0)
    return stopped;
  PhysSatAxis *axis = &out->best_axis;
  PhysVec2 n = lb.body == 0 ? a->n[lb.feature] : b->n[lb.feature];
  axis_fill (axis, lb.body, PHYS_SAT_AXIS_EDGE, lb.feature, n, lb.min_a, lb.max_a, lb.min_b,
             lb.max_b);
  if (lb.body == 1 && one_sided)
    {
      axis->overlap = axis->backward;
      axis->sign = -1.0;
    }
  out->best = lb.best;
  out->overlap = lb.overlap;
  return stopped;
}

void
phys_sat_hulls_core (const PhysHull *a, const PhysHull *b, int b_axes, bool one_sided,
                     PhysReal keep, PhysReal apart_beyond, PhysSatContact *out,
                     PhysSatRecord *rec)
{
  contact_begin (out);
  bool stopped = false;
  if (rec == NULL)
    stopped = hulls_choose_lean (a, b, b_axes, one_sided, -apart_beyond, out);
  else
    {
      int k = 0;
      for (int i = 0; i < a->count; i++, k++)
        {
          PhysSatAxis *axis = &rec->axes[k];
          axis_of_hulls (axis, a, b, 0, i, a->n[i]);
          contact_consider (out, k, axis);
        }
      for (int i = 0; i < b_axes; i++, k++)
        {
          PhysSatAxis *axis = &rec->axes[k];
          axis_of_hulls (axis, a, b, 1, i, b->n[i]);
          if (one_sided)
            {
              /* A wall: A belongs on the side its normal points to, so the way out is back
               * along it, even past the wall's middle (a two-sided segment would push A
               * through). */
              axis->overlap = axis->backward;
              axis->sign = -1.0;
            }
          contact_consider (out, k, axis);
        }
    }
  contact_choose (out);
  if (!stopped && out->best >= 0 && out->overlap >= -keep)
    manifold_hulls (out, a, b, keep, rec != NULL);
}

/* The hull's vertex closest to c (ties: smaller index). */
static int
closest_vertex (const PhysHull *a, PhysVec2 c)
{
  int best = 0;
  PhysReal best_d = phys_v2_len_sq (phys_v2_sub (c, a->v[0]));
  for (int i = 1; i < a->count; i++)
    {
      PhysReal d = phys_v2_len_sq (phys_v2_sub (c, a->v[i]));
      if (d < best_d)
        {
          best_d = d;
          best = i;
        }
    }
  return best;
}

void
phys_sat_circle_core (const PhysHull *a, PhysVec2 center, PhysReal radius, PhysReal keep,
                      PhysSatContact *out, PhysSatRecord *rec)
{
  contact_begin (out);
  PhysSatAxis scratch;
  int k = 0;
  for (int i = 0; i < a->count; i++, k++)
    {
      PhysSatAxis *axis = rec != NULL ? &rec->axes[k] : &scratch;
      axis_of_circle (axis, a, PHYS_SAT_AXIS_EDGE, i, a->n[i], center, radius);
      contact_consider (out, k, axis);
    }
  int kv = closest_vertex (a, center);
  PhysVec2 to_center = phys_v2_sub (center, a->v[kv]);
  PhysSatAxis *vertex_axis = rec != NULL ? &rec->axes[k] : &scratch;
  if (phys_v2_len_sq (to_center) > 0.0)
    axis_of_circle (vertex_axis, a, PHYS_SAT_AXIS_VERTEX, kv, phys_v2_unit (to_center), center,
                    radius);
  else
    {
      memset (vertex_axis, 0, sizeof *vertex_axis);
      vertex_axis->body = 0;
      vertex_axis->kind = PHYS_SAT_AXIS_VERTEX;
      vertex_axis->feature = kv;
      vertex_axis->valid = false;
    }
  contact_consider (out, k, vertex_axis);
  contact_choose (out);
  if (out->best < 0 || out->overlap < -keep)
    return;

  PhysSatManifold *m = &out->manifold;
  memset (m, 0, sizeof *m);
  out->has_manifold = true;
  const PhysSatAxis *best = &out->best_axis;
  m->valid = true;
  m->normal = out->normal;
  m->reference_body = 0;
  m->incident_edge = -1;
  if (best->kind == PHYS_SAT_AXIS_EDGE)
    {
      /* The best axis's own edge, unless the shorter push was backward: then the face the
       * circle touches is the one whose normal is most along the contact normal. */
      int re = 0;
      for (int e = 1; e < a->count; e++)
        if (phys_v2_dot (a->n[e], out->normal) > phys_v2_dot (a->n[re], out->normal))
          re = e;
      m->reference_edge = re;
      m->reference_v1 = a->v[re];
      m->reference_v2 = a->v[next_of (re, a->count)];
      m->reference_normal = a->n[re];
      m->reference_tangent = phys_v2_unit (phys_v2_sub (m->reference_v2, m->reference_v1));
    }
  else
    {
      m->reference_edge = -1;
      m->reference_v1 = a->v[best->feature];
      m->reference_v2 = m->reference_v1;
      m->reference_normal = out->normal;
    }
  m->point_count = 1;
  PhysContactPoint *c = &m->points[0];
  c->point = phys_v2_add_scaled (center, out->normal, -radius);
  c->depth = out->overlap;
  c->separation = -out->overlap;
  c->point_on_reference = phys_v2_add_scaled (c->point, out->normal, out->overlap);
  c->reference_edge = m->reference_edge;
  c->incident_edge = -1;
  c->incident_vertex = -1;
  c->clip_side = -1;
  m->separations[0] = c->separation;
  c->id = feature_id (0, best->kind == PHYS_SAT_AXIS_EDGE ? m->reference_edge
                                                         : 0x40 + best->feature,
                      -1, -1, 0);
}

/* Copies what the core found into its record. */
static void
record_from_contact (PhysSatRecord *r, const PhysSatContact *c)
{
  r->verdict = c->verdict;
  r->axis_count = c->axis_count;
  r->first_separating = c->first_separating;
  r->best = c->best;
  r->overlap = c->overlap;
  r->normal = c->normal;
  r->mtv = c->mtv;
  if (c->has_manifold)
    r->manifold = c->manifold;
}

PhysSatRecord
phys_sat_polygon_polygon_within (const PhysPolygonWorld *a, const PhysPolygonWorld *b,
                                 PhysReal keep)
{
  PhysSatRecord r;
  memset (&r, 0, sizeof r);
  PhysHull ha, hb;
  phys_hull_from_world (&ha, a);
  phys_hull_from_world (&hb, b);
  PhysSatContact c;
  phys_sat_hulls_core (&ha, &hb, hb.count, false, keep, INFINITY, &c, &r);
  record_from_contact (&r, &c);
  r.shape_b = PHYS_SAT_SHAPE_POLYGON;
  r.a = *a;
  r.b = *b;
  return r;
}

PhysSatRecord
phys_sat_polygon_polygon (const PhysPolygonWorld *a, const PhysPolygonWorld *b)
{
  return phys_sat_polygon_polygon_within (a, b, PHYS_CONTACT_TOUCH_TOLERANCE);
}

/* A polygon against segment PQ, two-sided or (a wall) one-sided. */
static PhysSatRecord
sat_polygon_segment (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q, bool one_sided,
                     PhysReal keep)
{
  PhysSatRecord r;
  memset (&r, 0, sizeof r);
  PhysHull ha, hb;
  phys_hull_from_world (&ha, a);
  phys_hull_segment (&hb, p, q);
  /* The segment's two normals are one axis: its left normal alone is the candidate. */
  PhysSatContact c;
  phys_sat_hulls_core (&ha, &hb, 1, one_sided, keep, INFINITY, &c, &r);
  record_from_contact (&r, &c);
  r.shape_b = PHYS_SAT_SHAPE_SEGMENT;
  r.a = *a;
  r.p = p;
  r.q = q;
  return r;
}

PhysSatRecord
phys_sat_polygon_segment_within (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q,
                                 PhysReal keep)
{
  return sat_polygon_segment (a, p, q, false, keep);
}

PhysSatRecord
phys_sat_polygon_wall_within (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q, PhysReal keep)
{
  return sat_polygon_segment (a, p, q, true, keep);
}

PhysSatRecord
phys_sat_polygon_segment (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q)
{
  return phys_sat_polygon_segment_within (a, p, q, PHYS_CONTACT_TOUCH_TOLERANCE);
}

PhysSatRecord
phys_sat_polygon_circle_within (const PhysPolygonWorld *a, PhysVec2 center, PhysReal radius,
                                PhysReal keep)
{
  PhysSatRecord r;
  memset (&r, 0, sizeof r);
  PhysHull ha;
  phys_hull_from_world (&ha, a);
  PhysSatContact c;
  phys_sat_circle_core (&ha, center, radius, keep, &c, &r);
  record_from_contact (&r, &c);
  r.shape_b = PHYS_SAT_SHAPE_CIRCLE;
  r.a = *a;
  r.center = center;
  r.radius = radius;
  return r;
}

PhysSatRecord
phys_sat_polygon_circle (const PhysPolygonWorld *a, PhysVec2 center, PhysReal radius)
{
  return phys_sat_polygon_circle_within (a, center, radius, PHYS_CONTACT_TOUCH_TOLERANCE);
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

/* The latest enter and earliest exit so far (ties keep the smaller index). */
typedef struct
{
  int enter_axis, exit_axis;
  PhysSweptAxis enter, exit; /* copies of the deciding axes */
} SweptChoice;

static void
swept_consider (SweptChoice *c, int k, const PhysSweptAxis *s)
{
  if (k == 0 || s->enter > c->enter.enter)
    {
      c->enter_axis = k;
      c->enter = *s;
    }
  if (k == 0 || s->exit < c->exit.exit)
    {
      c->exit_axis = k;
      c->exit = *s;
    }
}

/* Intersects the axes' intervals and runs the early outs. */
static void
swept_choose (PhysSweptContact *out, const SweptChoice *c, PhysVec2 v)
{
  PhysReal enter = c->enter.enter, exit = c->exit.exit;
  out->enter_axis = c->enter_axis;
  out->has_t = false;
  out->t = 0.0;
  out->normal = phys_v2 (0.0, 0.0);
  out->corner = false;
  if (enter < 0.0 && exit > 0.0)
    {
      out->verdict = PHYS_VERDICT_OVERLAPPING;
      out->has_t = true;
      out->t = 0.0;
    }
  else if (phys_v2_len_sq (v) < PHYS_SWEEP_A_EPSILON)
    out->verdict = PHYS_VERDICT_NO_RELATIVE_MOTION;
  else if (exit <= 0.0)
    out->verdict = PHYS_VERDICT_MOVING_APART;
  else if (enter > exit)
    out->verdict = PHYS_VERDICT_MISS;
  else
    {
      out->has_t = true;
      /* Touching at the start gives enter = 0 / -speed = -0: the time is +0 all the same. */
      out->t = enter == 0.0 ? 0.0 : enter;
      out->verdict = out->t > 1.0 ? PHYS_VERDICT_AFTER_FRAME : PHYS_VERDICT_HIT;
    }

  if (out->has_t)
    {
      const PhysSweptAxis *s = &c->enter;
      /* Moving along -n, B meets A's far side: B is on the +n side of A. Still on this axis
       * (overlapping from the start), the shorter push decides as in the static test. */
      PhysReal sign = s->speed < 0.0 ? 1.0 : s->speed > 0.0 ? -1.0 : s->start.sign;
      out->normal = phys_v2_scale (s->start.axis, sign);
    }
}

/* Copies what the core found into its record. */
static void
swept_record (PhysSweptSatRecord *r, const PhysSweptContact *out, const SweptChoice *c)
{
  r->enter_axis = c->enter_axis;
  r->exit_axis = c->exit_axis;
  r->enter = c->enter.enter;
  r->exit = c->exit.exit;
  r->verdict = out->verdict;
  r->has_t = out->has_t;
  r->t = out->t;
  if (out->has_t)
    {
      r->normal = out->normal;
      r->moved_a = phys_v2_scale (r->da, r->t);
      r->moved_b = phys_v2_scale (r->db, r->t);
    }
}

void
phys_sweep_hulls_core (const PhysHull *a, PhysVec2 da, const PhysHull *b, int b_axes,
                       PhysVec2 db, PhysSweptContact *out, PhysSweptSatRecord *rec)
{
  PhysVec2 v = phys_v2_sub (db, da);
  SweptChoice choice;
  PhysSweptAxis scratch;
  int k = 0;
  for (int body = 0; body < 2; body++)
    {
      const PhysHull *owner = body == 0 ? a : b;
      int count = body == 0 ? a->count : b_axes;
      for (int i = 0; i < count; i++, k++)
        {
          PhysSweptAxis *s = rec != NULL ? &rec->axes[k] : &scratch;
          axis_of_hulls (&s->start, a, b, body, i, owner->n[i]);
          swept_axis_times (s, v);
          swept_consider (&choice, k, s);
        }
    }
  swept_choose (out, &choice, v);
  if (rec != NULL)
    {
      rec->axis_count = k;
      swept_record (rec, out, &choice);
    }
}

void
phys_sweep_circle_core (const PhysHull *a, PhysVec2 da, PhysVec2 center, PhysVec2 dc,
                        PhysReal radius, PhysSweptContact *out, PhysSweptSatRecord *rec)
{
  PhysVec2 v = phys_v2_sub (dc, da);
  SweptChoice choice;
  PhysSweptAxis scratch;
  int k = 0;
  for (int i = 0; i < a->count; i++, k++)
    {
      PhysSweptAxis *s = rec != NULL ? &rec->axes[k] : &scratch;
      axis_of_circle (&s->start, a, PHYS_SAT_AXIS_EDGE, i, a->n[i], center, radius);
      swept_axis_times (s, v);
      swept_consider (&choice, k, s);
    }
  swept_choose (out, &choice, v);
  if (rec != NULL)
    {
      rec->axis_count = k;
      swept_record (rec, out, &choice);
    }
  if (!out->has_t)
    return;

  /* In A's frame the centre moves by v. The edge axes bound the polygon grown by r along
   * each normal in both directions, a shape with square corners around the rounded one: where
   * the centre first enters it, the circle either touches the polygon (the static test is not
   * SEPARATED) or lies in a corner, off every face; then only that corner's vertex, the closest
   * one, can be met before the centre leaves the square corner again. */
  PhysVec2 at = phys_v2_add_scaled (center, v, out->t);
  PhysSatContact near;
  phys_sat_circle_core (a, at, radius, PHYS_CONTACT_TOUCH_TOLERANCE, &near, NULL);
  if (near.verdict != PHYS_CONTACT_SEPARATED)
    return;
  int vertex = closest_vertex (a, at);

  PhysCircleCircleSweep corner = phys_sweep_circle_circle (center, v, radius, a->v[vertex],
                                                           phys_v2 (0.0, 0.0), 0.0);
  out->corner = true;
  out->verdict = corner.verdict;
  out->has_t = corner.has_t;
  out->t = corner.has_t ? corner.t : 0.0;
  out->normal = corner.has_t ? phys_v2_neg (corner.normal) : phys_v2 (0.0, 0.0);
  if (rec != NULL)
    {
      rec->corner = true;
      rec->corner_vertex = vertex;
      rec->corner_sweep = corner;
      rec->verdict = out->verdict;
      rec->has_t = out->has_t;
      rec->t = out->t;
      rec->normal = out->normal;
      rec->moved_a = phys_v2_scale (da, rec->t);
      rec->moved_b = phys_v2_scale (dc, rec->t);
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
  PhysHull ha, hb;
  phys_hull_from_world (&ha, a);
  phys_hull_from_world (&hb, b);
  PhysSweptContact c;
  phys_sweep_hulls_core (&ha, da, &hb, hb.count, db, &c, &r);
  return r;
}

PhysSweptSatRecord
phys_sweep_sat_polygon_segment (const PhysPolygonWorld *a, PhysVec2 da, PhysVec2 p, PhysVec2 q)
{
  PhysSweptSatRecord r;
  swept_begin (&r, PHYS_SAT_SHAPE_SEGMENT, da, phys_v2 (0.0, 0.0));
  r.a = *a;
  PhysHull ha, hb;
  phys_hull_from_world (&ha, a);
  phys_hull_segment (&hb, p, q);
  PhysSweptContact c;
  phys_sweep_hulls_core (&ha, da, &hb, 1, phys_v2 (0.0, 0.0), &c, &r);
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
  PhysHull ha;
  phys_hull_from_world (&ha, a);
  PhysSweptContact c;
  phys_sweep_circle_core (&ha, da, center, dc, radius, &c, &r);
  return r;
}
