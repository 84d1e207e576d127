/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-bezier.c: closest point on a cubic Bezier curve and circle-curve contact.
 *
 * The curve and its derivatives in Bernstein form (de Casteljau's formulas);
 * the minimum search is the classic "sample, bracket, safeguarded Newton"
 * (Numerical Recipes' rtsafe) on g(s) = (B(s) - q).B'(s).
 */
#include <string.h>

#include "phys-bezier.h"

PhysVec2
phys_bezier_point (const PhysBezier *c, PhysReal s)
{
  PhysReal u = 1.0 - s;
  PhysReal b0 = u * u * u;
  PhysReal b1 = 3.0 * u * u * s;
  PhysReal b2 = 3.0 * u * s * s;
  PhysReal b3 = s * s * s;
  return phys_v2 (b0 * c->p[0].x + b1 * c->p[1].x + b2 * c->p[2].x + b3 * c->p[3].x,
                  b0 * c->p[0].y + b1 * c->p[1].y + b2 * c->p[2].y + b3 * c->p[3].y);
}

PhysVec2
phys_bezier_derivative (const PhysBezier *c, PhysReal s)
{
  /* 3 times the quadratic Bezier of the control point differences. */
  PhysReal u = 1.0 - s;
  PhysVec2 d0 = phys_v2_sub (c->p[1], c->p[0]);
  PhysVec2 d1 = phys_v2_sub (c->p[2], c->p[1]);
  PhysVec2 d2 = phys_v2_sub (c->p[3], c->p[2]);
  PhysReal b0 = 3.0 * u * u;
  PhysReal b1 = 6.0 * u * s;
  PhysReal b2 = 3.0 * s * s;
  return phys_v2 (b0 * d0.x + b1 * d1.x + b2 * d2.x, b0 * d0.y + b1 * d1.y + b2 * d2.y);
}

PhysVec2
phys_bezier_second_derivative (const PhysBezier *c, PhysReal s)
{
  PhysReal u = 1.0 - s;
  PhysVec2 e0 = phys_v2_add (phys_v2_sub (c->p[2], phys_v2_scale (c->p[1], 2.0)), c->p[0]);
  PhysVec2 e1 = phys_v2_add (phys_v2_sub (c->p[3], phys_v2_scale (c->p[2], 2.0)), c->p[1]);
  return phys_v2 (6.0 * (u * e0.x + s * e1.x), 6.0 * (u * e0.y + s * e1.y));
}

/* g(s) = (B(s) - q).B'(s), half the derivative of the squared distance. */
static PhysReal
g_at (const PhysBezier *c, PhysVec2 q, PhysReal s)
{
  return phys_v2_dot (phys_v2_sub (phys_bezier_point (c, s), q), phys_bezier_derivative (c, s));
}

/* g'(s) = B'.B' + (B - q).B'' */
static PhysReal
g_slope (const PhysBezier *c, PhysVec2 q, PhysReal s)
{
  PhysVec2 d = phys_bezier_derivative (c, s);
  return phys_v2_dot (d, d)
         + phys_v2_dot (phys_v2_sub (phys_bezier_point (c, s), q),
                        phys_bezier_second_derivative (c, s));
}

static void
candidate_finish (PhysBezierCandidate *cand, const PhysBezier *c, PhysVec2 q)
{
  cand->g = g_at (c, q, cand->s);
  cand->distance_sq = phys_v2_len_sq (phys_v2_sub (phys_bezier_point (c, cand->s), q));
}

PhysReal
phys_bezier_refine_root (PhysBezierRootFunc h, const void *ctx, PhysReal lo, PhysReal hi,
                         int *newton_steps, int *bisection_steps)
{
  PhysReal s = (lo + hi) / 2.0;
  for (int step = 0; step < PHYS_BEZIER_MAX_STEPS && hi - lo > PHYS_BEZIER_S_TOLERANCE; step++)
    {
      PhysReal slope;
      PhysReal g = h (ctx, s, &slope);
      if (g == 0.0)
        break;
      if (g < 0.0)
        lo = s;
      else
        hi = s;
      PhysReal next = slope > 0.0 ? s - g / slope : lo - 1.0;
      if (next > lo && next < hi)
        {
          (*newton_steps)++;
          PhysReal moved = fabs (next - s);
          s = next;
          if (moved <= PHYS_BEZIER_S_TOLERANCE)
            break;
        }
      else
        {
          (*bisection_steps)++;
          s = (lo + hi) / 2.0;
        }
    }
  return s;
}

typedef struct
{
  const PhysBezier *curve;
  PhysVec2 q;
} PointQuery;

static PhysReal
g_and_slope (const void *ctx, PhysReal s, PhysReal *slope)
{
  const PointQuery *pq = ctx;
  PhysReal g = g_at (pq->curve, pq->q, s);
  *slope = g == 0.0 ? 0.0 : g_slope (pq->curve, pq->q, s);
  return g;
}

/* Safeguarded Newton on g in [lo, hi] with g(lo) < 0 <= g(hi). */
static void
refine (PhysBezierCandidate *cand, const PhysBezier *c, PhysVec2 q)
{
  PointQuery pq = { c, q };
  cand->s = phys_bezier_refine_root (g_and_slope, &pq, cand->lo, cand->hi, &cand->newton_steps,
                                     &cand->bisection_steps);
}

PhysBezierClosest
phys_bezier_closest (const PhysBezier *curve, PhysVec2 q)
{
  PhysBezierClosest r;
  memset (&r, 0, sizeof r);
  r.curve = *curve;
  r.query = q;

  for (int k = 0; k <= PHYS_BEZIER_SAMPLE_INTERVALS; k++)
    r.g_samples[k] = g_at (curve, q, (PhysReal) k / PHYS_BEZIER_SAMPLE_INTERVALS);

  PhysBezierCandidate *cand = &r.candidates[r.candidate_count++];
  cand->end = true;
  candidate_finish (cand, curve, q);
  for (int k = 0; k < PHYS_BEZIER_SAMPLE_INTERVALS; k++)
    {
      /* g of degree 5 has at most 3 minima of f; the array has room for every sign change
       * the samples of a rounding-noisy g could show, and stops at its end. */
      if (!(r.g_samples[k] < 0.0 && r.g_samples[k + 1] >= 0.0))
        continue;
      if (r.candidate_count >= PHYS_BEZIER_MAX_CANDIDATES - 1)
        break;
      cand = &r.candidates[r.candidate_count++];
      cand->lo = (PhysReal) k / PHYS_BEZIER_SAMPLE_INTERVALS;
      cand->hi = (PhysReal) (k + 1) / PHYS_BEZIER_SAMPLE_INTERVALS;
      refine (cand, curve, q);
      candidate_finish (cand, curve, q);
    }
  cand = &r.candidates[r.candidate_count++];
  cand->end = true;
  cand->lo = cand->hi = cand->s = 1.0;
  candidate_finish (cand, curve, q);

  r.chosen = 0;
  for (int k = 1; k < r.candidate_count; k++)
    if (r.candidates[k].distance_sq < r.candidates[r.chosen].distance_sq)
      r.chosen = k;

  r.s = r.candidates[r.chosen].s;
  r.point = phys_bezier_point (curve, r.s);
  PhysVec2 d = phys_bezier_derivative (curve, r.s);
  if (phys_v2_len_sq (d) == 0.0)
    d = phys_bezier_second_derivative (curve, r.s);
  r.tangent = phys_v2_len_sq (d) > 0.0 ? phys_v2_unit (d) : phys_v2 (1.0, 0.0);
  r.left_normal = phys_v2_left_normal (r.tangent);
  PhysVec2 away = phys_v2_sub (q, r.point);
  r.distance = phys_v2_len (away);
  r.normal = r.distance > 0.0 ? phys_v2_unit (away) : r.left_normal;
  return r;
}

PhysBezierCircleContact
phys_bezier_circle_contact (const PhysBezier *curve, PhysVec2 center, PhysReal radius)
{
  PhysBezierCircleContact r;
  memset (&r, 0, sizeof r);
  r.closest = phys_bezier_closest (curve, center);
  r.center = center;
  r.radius = radius;
  r.depth = radius - r.closest.distance;
  r.normal = r.closest.normal;
  r.point = r.closest.point;
  r.circle_point = phys_v2_add_scaled (center, r.normal, -radius);
  if (r.depth < -PHYS_CONTACT_TOUCH_TOLERANCE)
    r.verdict = PHYS_CONTACT_SEPARATED;
  else if (r.depth <= PHYS_CONTACT_TOUCH_TOLERANCE)
    r.verdict = PHYS_CONTACT_TOUCHING;
  else
    r.verdict = PHYS_CONTACT_OVERLAPPING;
  return r;
}
