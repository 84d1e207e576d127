/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-bezier.h: cubic Bezier curves as fixed bodies: the closest point of the
 * curve to a point, and a circle's contact with the curve.
 *
 * B(s) = (1-s)^3 P0 + 3 (1-s)^2 s P1 + 3 (1-s) s^2 P2 + s^3 P3 for s in [0, 1].
 * The closest point minimises f(s) = |B(s) - q|^2, whose derivative is
 * f'(s) = 2 g(s) with g(s) = (B(s) - q).B'(s), a polynomial of degree 5. The
 * search samples g, takes each sign change from - to + as a bracketed minimum
 * of f, refines it by safeguarded Newton steps on g (a bisection whenever a
 * step would leave the bracket), and compares those minima with both ends.
 */
#pragma once

#include "phys-sat.h"

/// Intervals g(s) is sampled on to bracket minima (samples at s = k / 64).
#define PHYS_BEZIER_SAMPLE_INTERVALS 64
/// The search stops when the bracket or the Newton step is this narrow in s.
#define PHYS_BEZIER_S_TOLERANCE 1e-13
/// At most this many refinement steps per bracket (bisection alone needs about 46).
#define PHYS_BEZIER_MAX_STEPS 100
/// Most candidates: both ends and the (at most three) interior minima of f, with room to spare.
#define PHYS_BEZIER_MAX_CANDIDATES 8

/// A cubic Bezier curve by its four control points, world units.
typedef struct
{
  PhysVec2 p[4]; ///< P0 (s = 0), P1, P2, P3 (s = 1)
} PhysBezier;

/// B(s). Pure.
PhysVec2 phys_bezier_point (const PhysBezier *curve, PhysReal s);

/// B'(s), world units per unit of s. Pure.
PhysVec2 phys_bezier_derivative (const PhysBezier *curve, PhysReal s);

/// B''(s). Pure.
PhysVec2 phys_bezier_second_derivative (const PhysBezier *curve, PhysReal s);

/// A function whose root is searched, and its slope there (into *slope).
typedef PhysReal (*PhysBezierRootFunc) (const void *ctx, PhysReal s, PhysReal *slope);

/// Safeguarded Newton (Numerical Recipes' rtsafe) on h in [lo, hi] with h(lo) < 0 <= h(hi):
/// a Newton step when it stays inside the bracket and the slope is positive, else a bisection,
/// until the bracket or the step is below PHYS_BEZIER_S_TOLERANCE (at most
/// PHYS_BEZIER_MAX_STEPS); counts both kinds of step. Returns s. Pure.
PhysReal phys_bezier_refine_root (PhysBezierRootFunc h, const void *ctx, PhysReal lo, PhysReal hi,
                                  int *newton_steps, int *bisection_steps);

/// One candidate minimum of the squared distance.
typedef struct
{
  bool end;           ///< an end of the curve (s = 0 or 1), not a bracketed root of g
  PhysReal lo, hi;    ///< the bracket: g(lo) < 0 <= g(hi) (both s for an end)
  int newton_steps;   ///< Newton steps taken inside the bracket
  int bisection_steps; ///< bisections taken when Newton would leave it (or g' <= 0)
  PhysReal s;         ///< where the search ended
  PhysReal g;         ///< g(s): near zero for an interior minimum
  PhysReal distance_sq; ///< f(s) = |B(s) - q|^2
} PhysBezierCandidate;

/// Everything the closest-point search computed.
typedef struct
{
  PhysBezier curve;   ///< the curve
  PhysVec2 query;     ///< q, the point asked about
  PhysReal g_samples[PHYS_BEZIER_SAMPLE_INTERVALS + 1]; ///< g(k / 64), k = 0 ... 64
  int candidate_count; ///< candidates below: s = 0, the interior minima in order of s, s = 1
  PhysBezierCandidate candidates[PHYS_BEZIER_MAX_CANDIDATES]; ///< every candidate
  int chosen;         ///< the candidate with the least distance (ties: smaller s)
  PhysReal s;         ///< its parameter
  PhysVec2 point;     ///< B(s)
  PhysVec2 tangent;   ///< unit B'(s); where B' vanishes (a cusp or doubled control point),
                      ///< unit B''(s), else (1, 0)
  PhysVec2 left_normal; ///< the tangent's left normal on the y-down screen, (t.y, -t.x)
  PhysVec2 normal;    ///< unit (q - point), from the curve towards q; left_normal when q is on it
  PhysReal distance;  ///< |q - point|
} PhysBezierClosest;

/// The closest point of the curve to q, s within PHYS_BEZIER_S_TOLERANCE of a minimum of f
/// (its distance within 1e-9 of the true least distance for curves of ordinary size). Pure.
PhysBezierClosest phys_bezier_closest (const PhysBezier *curve, PhysVec2 q);

/// A circle's contact with a fixed curve (the curve is a wire: either side touches).
typedef struct
{
  PhysContactVerdict verdict; ///< from depth: < -tolerance separated, within it touching
  PhysBezierClosest closest;  ///< the closest point search for the centre
  PhysVec2 center;            ///< circle centre
  PhysReal radius;            ///< circle radius
  PhysReal depth;             ///< radius - closest.distance: > 0 overlapping, < 0 a gap
  PhysVec2 normal;            ///< from the curve towards the centre (closest.normal)
  PhysVec2 point;             ///< contact point on the curve (closest.point)
  PhysVec2 circle_point;      ///< the circle's deepest point, center - normal radius
} PhysBezierCircleContact;

/// Contact of a circle with a fixed curve. Pure.
PhysBezierCircleContact phys_bezier_circle_contact (const PhysBezier *curve, PhysVec2 center,
                                                    PhysReal radius);
