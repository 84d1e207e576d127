/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-curve-contact.c: a convex polygon against a cubic Bezier curve itself (see
 * phys-curve-contact.h): every vertex against its closest curve point, every edge against the
 * curve points where the curve comes nearest to (or goes deepest past) the edge's line, the
 * least separation as the contact.
 */
#include <string.h>

#include "phys-curve-contact-private.h"

/* Two candidates whose normals are this close (within about 25 degrees) are one face lying on
 * the curve: two contact points, against the chord between their curve points. */
#define SAME_NORMAL 0.9

/* f'(s) = n.B'(s) and f''(s) = n.B''(s) for an edge of outward normal n. */
typedef struct
{
  const PhysBezier *curve;
  PhysVec2 n;
} EdgeQuery;

static PhysReal
edge_slope (const void *ctx, PhysReal s, PhysReal *slope)
{
  const EdgeQuery *e = ctx;
  PhysReal h = phys_v2_dot (e->n, phys_bezier_derivative (e->curve, s));
  *slope = h == 0.0 ? 0.0 : phys_v2_dot (e->n, phys_bezier_second_derivative (e->curve, s));
  return h;
}

/* Signed distance of q from edge j's line, positive outside. */
static PhysReal
edge_distance (const PhysHull *h, int j, PhysVec2 q)
{
  return phys_v2_dot (h->n[j], phys_v2_sub (q, h->v[j]));
}

/* The vertex candidate of vertex i: its closest curve point; past the wire (the curve crosses
 * the polygon, and the vertex is on the other side of it from the polygon's centre, at an
 * interior point) the separation is negative. */
static void
vertex_candidate (const PhysBezier *curve, const PhysHull *h, int i, PhysReal side, bool crossing,
                  PhysCurvePolygonCandidate *c)
{
  PhysBezierClosest cl = phys_bezier_closest (curve, h->v[i]);
  c->feature = PHYS_CURVE_FEATURE_VERTEX;
  c->index = i;
  c->s = cl.s;
  c->curve_point = cl.point;
  c->polygon_point = h->v[i];
  PhysVec2 towards = phys_v2_scale (cl.left_normal, side); /* the curve's normal, polygon side */
  bool end = cl.s == 0.0 || cl.s == 1.0;
  bool past = crossing && !end && phys_v2_dot (phys_v2_sub (h->v[i], cl.point), towards) < 0.0;
  c->separation = past ? -cl.distance : cl.distance;
  if (end && cl.distance > 0.0)
    c->normal = phys_v2_scale (phys_v2_sub (cl.point, h->v[i]), 1.0 / cl.distance);
  else
    c->normal = phys_v2_neg (towards);
  c->valid = true;
}

/* An edge candidate of edge j at curve parameter s: valid when B(s)'s foot is inside the edge
 * and B(s) is outside the edge's line (the edge is then its nearest feature), or inside the
 * polygon with this edge the nearest one, facing the wire. */
static void
edge_candidate (const PhysBezier *curve, const PhysHull *h, int j, PhysReal s, PhysReal side,
                PhysCurvePolygonCandidate *c)
{
  int k = j + 1 < h->count ? j + 1 : 0;
  PhysVec2 q = phys_bezier_point (curve, s);
  PhysVec2 e = phys_v2_sub (h->v[k], h->v[j]);
  PhysReal len_sq = phys_v2_len_sq (e);
  PhysReal along = phys_v2_dot (phys_v2_sub (q, h->v[j]), e);
  PhysReal f = edge_distance (h, j, q);
  c->feature = PHYS_CURVE_FEATURE_EDGE;
  c->index = j;
  c->s = s;
  c->curve_point = q;
  c->polygon_point = phys_v2_add_scaled (q, h->n[j], -f);
  c->separation = f;
  c->normal = h->n[j];
  bool inside_edge = along >= 0.0 && along <= len_sq;
  if (!inside_edge)
    return;
  if (f >= 0.0)
    {
      c->valid = true;
      return;
    }
  for (int m = 0; m < h->count; m++)
    if (m != j && edge_distance (h, m, q) > f)
      return; /* outside the polygon, or nearer another edge */
  PhysVec2 tangent = phys_v2_unit (phys_bezier_derivative (curve, s));
  PhysVec2 towards = phys_v2_scale (phys_v2_left_normal (tangent), side);
  c->valid = phys_v2_dot (h->n[j], towards) <= 0.0;
}

/* True when the curve crosses edge j: f(s) changes sign (bracketed on the samples, bisected)
 * where B(s)'s foot is inside the edge. */
static bool
edge_crossed (const PhysBezier *curve, const PhysHull *h, int j)
{
  int k2 = j + 1 < h->count ? j + 1 : 0;
  PhysVec2 e = phys_v2_sub (h->v[k2], h->v[j]);
  PhysReal len_sq = phys_v2_len_sq (e);
  PhysReal prev = edge_distance (h, j, phys_bezier_point (curve, 0.0));
  for (int k = 1; k <= PHYS_BEZIER_SAMPLE_INTERVALS; k++)
    {
      PhysReal hi = (PhysReal) k / PHYS_BEZIER_SAMPLE_INTERVALS;
      PhysReal f = edge_distance (h, j, phys_bezier_point (curve, hi));
      if ((prev < 0.0) != (f < 0.0))
        {
          PhysReal lo = (PhysReal) (k - 1) / PHYS_BEZIER_SAMPLE_INTERVALS, up = hi;
          bool lo_neg = prev < 0.0;
          for (int it = 0; it < 60; it++)
            {
              PhysReal mid = 0.5 * (lo + up);
              if ((edge_distance (h, j, phys_bezier_point (curve, mid)) < 0.0) == lo_neg)
                lo = mid;
              else
                up = mid;
            }
          PhysReal along = phys_v2_dot (phys_v2_sub (phys_bezier_point (curve, lo), h->v[j]), e);
          if (along >= 0.0 && along <= len_sq)
            return true;
        }
      prev = f;
    }
  return false;
}

/* True when the point is inside the polygon (or on it). */
static bool
inside (const PhysHull *h, PhysVec2 q)
{
  for (int m = 0; m < h->count; m++)
    if (edge_distance (h, m, q) > 0.0)
      return false;
  return true;
}

/* The interior minima of f(s) = n.(B(s) - v) over s: sign changes of f' from - to +, refined. */
static int
edge_minima (const PhysBezier *curve, PhysVec2 n, PhysReal *s_out, int *newton, int *bisect)
{
  EdgeQuery q = { curve, n };
  int count = 0;
  PhysReal slope;
  PhysReal prev = edge_slope (&q, 0.0, &slope);
  for (int k = 1; k <= PHYS_BEZIER_SAMPLE_INTERVALS && count < 2; k++)
    {
      PhysReal s = (PhysReal) k / PHYS_BEZIER_SAMPLE_INTERVALS;
      PhysReal h = edge_slope (&q, s, &slope);
      if (prev < 0.0 && h >= 0.0)
        {
          newton[count] = bisect[count] = 0;
          s_out[count] = phys_bezier_refine_root (edge_slope, &q,
                                                  (PhysReal) (k - 1) / PHYS_BEZIER_SAMPLE_INTERVALS,
                                                  s, &newton[count], &bisect[count]);
          count++;
        }
      prev = h;
    }
  return count;
}

/* True when candidate b can be the second point of a contact whose first is a. */
static bool
pairs_with (const PhysCurvePolygonCandidate *a, const PhysCurvePolygonCandidate *b, PhysReal keep)
{
  if (!b->valid || b->feature != a->feature || b->separation > keep)
    return false;
  if (phys_v2_dot (a->normal, b->normal) < SAME_NORMAL)
    return false;
  /* A distinct point: another vertex, or another place along the edge. */
  if (a->feature == PHYS_CURVE_FEATURE_VERTEX)
    return b->index != a->index;
  return b->index == a->index
         && phys_v2_len_sq (phys_v2_sub (a->curve_point, b->curve_point)) > 1e-18;
}

static void
contact_of_hull (const PhysBezier *curve, const PhysHull *h, PhysReal keep,
                 PhysCurvePolygonContact *r)
{
  memset (r, 0, sizeof *r);
  r->best = r->second = -1;
  /* The side: where the vertices' mean (inside the convex polygon) is. */
  PhysVec2 centre = phys_v2 (0.0, 0.0);
  for (int i = 0; i < h->count; i++)
    centre = phys_v2_add (centre, h->v[i]);
  centre = phys_v2_scale (centre, 1.0 / h->count);
  PhysBezierClosest cc = phys_bezier_closest (curve, centre);
  r->centre_s = cc.s;
  r->side = phys_v2_dot (phys_v2_sub (centre, cc.point), cc.left_normal) < 0.0 ? -1.0 : 1.0;

  /* Does the curve cross the polygon (or end inside it)? Only then can a vertex be past it. */
  bool crossing = inside (h, curve->p[0]) || inside (h, curve->p[3]);
  for (int j = 0; j < h->count && !crossing; j++)
    crossing = edge_crossed (curve, h, j);
  r->crossing = crossing;
  for (int i = 0; i < h->count; i++)
    vertex_candidate (curve, h, i, r->side, crossing, &r->candidates[r->candidate_count++]);
  for (int j = 0; j < h->count; j++)
    {
      PhysReal s[2];
      int newton[2], bisect[2];
      int n = edge_minima (curve, h->n[j], s, newton, bisect);
      edge_candidate (curve, h, j, 0.0, r->side, &r->candidates[r->candidate_count++]);
      for (int k = 0; k < n; k++)
        {
          PhysCurvePolygonCandidate *c = &r->candidates[r->candidate_count++];
          edge_candidate (curve, h, j, s[k], r->side, c);
          c->newton_steps = newton[k];
          c->bisection_steps = bisect[k];
        }
      edge_candidate (curve, h, j, 1.0, r->side, &r->candidates[r->candidate_count++]);
    }

  for (int k = 0; k < r->candidate_count; k++)
    if (r->candidates[k].valid
        && (r->best < 0 || r->candidates[k].separation < r->candidates[r->best].separation))
      r->best = k;
  if (r->best < 0)
    {
      /* Nothing faces the wire (cannot happen for a vertex: every vertex is a candidate). */
      r->verdict = PHYS_CONTACT_SEPARATED;
      r->separation = INFINITY;
      return;
    }
  const PhysCurvePolygonCandidate *b = &r->candidates[r->best];
  r->separation = b->separation;
  r->s = b->s;
  r->point = b->curve_point;
  r->polygon_point = b->polygon_point;
  r->normal = b->normal;
  r->tangent = phys_v2_unit (phys_bezier_derivative (curve, b->s));
  r->verdict = b->separation < -PHYS_CONTACT_TOUCH_TOLERANCE  ? PHYS_CONTACT_OVERLAPPING
               : b->separation <= PHYS_CONTACT_TOUCH_TOLERANCE ? PHYS_CONTACT_TOUCHING
                                                               : PHYS_CONTACT_SEPARATED;
  if (b->separation > keep)
    return;
  for (int k = 0; k < r->candidate_count; k++)
    if (k != r->best && pairs_with (b, &r->candidates[k], keep)
        && (r->second < 0 || r->candidates[k].separation < r->candidates[r->second].separation))
      r->second = k;
}

PhysCurvePolygonContact
phys_bezier_polygon_contact (const PhysBezier *curve, const PhysPolygonWorld *polygon,
                             PhysReal keep)
{
  PhysHull h;
  phys_hull_from_world (&h, polygon);
  PhysCurvePolygonContact r;
  contact_of_hull (curve, &h, keep, &r);
  return r;
}

/* A manifold point from a candidate: against the reference face (the polygon's edge for an edge
 * candidate, the curve's tangent line at the best point for a vertex). */
static void
manifold_point (const PhysSatManifold *m, const PhysCurvePolygonCandidate *c,
                PhysContactPoint *p)
{
  memset (p, 0, sizeof *p);
  bool edge = c->feature == PHYS_CURVE_FEATURE_EDGE;
  p->point = edge ? c->curve_point : c->polygon_point;
  p->separation = edge ? c->separation : phys_v2_dot (m->reference_normal,
                                                      phys_v2_sub (p->point, m->reference_v1));
  if (!edge && c->separation < p->separation)
    p->separation = c->separation; /* past the wire: never less deep than it is */
  p->depth = -p->separation;
  p->point_on_reference = phys_v2_add_scaled (p->point, m->reference_normal, -p->separation);
  p->reference_edge = edge ? c->index : -1;
  p->incident_edge = -1;
  p->incident_vertex = edge ? -1 : c->index;
  p->clip_side = -1;
  /* Feature ids: reference body, its edge (0xfe: the curve), incident edge (0xfe: the curve,
   * 0xff: none), incident vertex + 1 (0x7f: a curve point). */
  p->id = edge ? ((uint32_t) (c->index & 0xff) << 16) | (0xfeu << 8) | 0x7fu
               : (1u << 24) | (0xfeu << 16) | (0xffu << 8) | (uint32_t) ((c->index + 1) & 0x7f);
}

void
phys_curve_polygon_core (const PhysBezier *curve, const PhysHull *h, PhysReal keep,
                         PhysSatContact *out, PhysCurvePolygonContact *rec)
{
  contact_of_hull (curve, h, keep, rec);
  memset (out, 0, sizeof *out);
  out->verdict = rec->verdict;
  out->first_separating = -1;
  out->best = -1;
  out->overlap = -rec->separation;
  out->normal = rec->normal;
  out->mtv = phys_v2_scale (rec->normal, out->overlap);
  out->has_manifold = rec->best >= 0 && rec->separation <= keep;
  if (!out->has_manifold)
    return;
  const PhysCurvePolygonCandidate *b = &rec->candidates[rec->best];
  PhysSatManifold *m = &out->manifold;
  m->valid = true;
  m->normal = rec->normal;
  m->incident_edge = -1;
  if (b->feature == PHYS_CURVE_FEATURE_EDGE)
    {
      int j = b->index, k = j + 1 < h->count ? j + 1 : 0;
      m->reference_body = 0;
      m->reference_edge = j;
      m->reference_v1 = h->v[j];
      m->reference_v2 = h->v[k];
      m->reference_normal = h->n[j];
    }
  else
    {
      /* The curve's tangent line at the vertex's closest point, its normal towards the polygon;
       * with a second vertex, the chord between their curve points (a face resting in a hollow
       * touches the curve at both corners: the chord is the face the curve offers). */
      m->reference_body = 1;
      m->reference_edge = -1;
      m->reference_v1 = m->reference_v2 = b->curve_point;
      m->reference_normal = phys_v2_neg (rec->normal);
      if (rec->second >= 0)
        {
          PhysVec2 q = rec->candidates[rec->second].curve_point;
          PhysVec2 chord = phys_v2_unit (phys_v2_left_normal (phys_v2_sub (q, b->curve_point)));
          if (phys_v2_dot (chord, m->reference_normal) < 0.0)
            chord = phys_v2_neg (chord);
          if (phys_v2_len_sq (chord) > 0.0)
            {
              m->reference_v2 = q;
              m->reference_normal = chord;
              m->normal = phys_v2_neg (chord);
              out->normal = m->normal;
            }
        }
    }
  m->reference_tangent = phys_v2 (-m->reference_normal.y, m->reference_normal.x);
  manifold_point (m, b, &m->points[0]);
  m->point_count = 1;
  if (rec->second >= 0)
    {
      PhysContactPoint *p = &m->points[1];
      manifold_point (m, &rec->candidates[rec->second], p);
      if (p->separation <= keep)
        m->point_count = 2;
    }
  for (int k = 0; k < m->point_count; k++)
    m->separations[k] = m->points[k].separation;
}
