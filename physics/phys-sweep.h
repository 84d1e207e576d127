/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-sweep.h: collision detection tests, each a pure function returning a
 * record of every intermediate value it computed.
 *
 * Time inside a test is the fraction t of the motion given: a body at p with
 * displacement v is at p + v t, and the test looks at t in [0, 1]. The engine
 * passes the displacement over the whole frame, so t is the frame fraction of
 * DESIGN.md; a test started in the middle of a frame reports t relative to
 * where it started (see PhysEvent.t0).
 */
#pragma once

#include "phys-math.h"

/// Relative motion below this squared length (world units^2 per frame^2) counts as none.
#define PHYS_SWEEP_A_EPSILON 1e-20

/// The outcome of a swept test, in the order the early outs are tried.
typedef enum
{
  PHYS_VERDICT_OVERLAPPING = 0,   ///< already overlapping at t = 0 (c < 0)
  PHYS_VERDICT_NO_RELATIVE_MOTION, ///< a < PHYS_SWEEP_A_EPSILON: nothing can change
  PHYS_VERDICT_MOVING_APART,      ///< b >= 0: the distance is not shrinking
  PHYS_VERDICT_MISS,              ///< disc < 0: the paths never come within R
  PHYS_VERDICT_AFTER_FRAME,       ///< the first touch is at t > 1
  PHYS_VERDICT_HIT,               ///< they touch at t in [0, 1]
} PhysVerdict;

/// Stable lower-case name of a verdict ("overlapping", "no-relative-motion", ...). Pure.
const char *phys_verdict_name (PhysVerdict verdict);

/// Everything the swept circle-circle test computed (seed 000, DESIGN.md convention).
///
/// f(t) = |d + v t|^2 - R^2 = a t^2 + 2 b t + c, with b half of the usual b.
typedef struct
{
  PhysVerdict verdict; ///< which early out fired, or HIT
  PhysVec2 p1, p2;     ///< centres at t = 0, world units
  PhysVec2 v1, v2;     ///< displacements over the interval, world units per frame
  PhysReal r1, r2;     ///< radii, world units
  PhysVec2 d;          ///< p2 - p1
  PhysVec2 v;          ///< v2 - v1
  PhysReal R;          ///< r1 + r2
  PhysReal a;          ///< v.v
  PhysReal b;          ///< v.d (half the textbook b)
  PhysReal c;          ///< d.d - R^2; negative when overlapping at t = 0
  PhysReal disc;       ///< b^2 - a c; meaningful when a >= PHYS_SWEEP_A_EPSILON
  bool has_roots;      ///< true when a >= epsilon and disc >= 0: roots[] hold both roots
  PhysReal roots[2];   ///< (-b - sqrt(disc)) / a and (-b + sqrt(disc)) / a, smaller first
  bool has_t;          ///< true when t below means something (HIT, AFTER_FRAME, OVERLAPPING)
  PhysReal t;          ///< first touch: roots[0] (even past 1), or 0 when overlapping
  PhysVec2 p1_at_t;    ///< p1 + v1 t, valid when has_t
  PhysVec2 p2_at_t;    ///< p2 + v2 t, valid when has_t
  PhysVec2 normal;     ///< unit(p2_at_t - p1_at_t), valid when has_t (x axis if centres coincide)
  PhysVec2 point;      ///< contact point p1_at_t + normal r1, valid when has_t
  /* Under constant accelerations (the _accel test): each centre is p + v t + acc t^2 / 2. */
  PhysVec2 acc1, acc2; ///< accelerations, world units per frame^2 (zero: straight paths)
  PhysVec2 w;          ///< acc2 - acc1; zero (the same gravity): the relative motion is straight
                       ///< and the quadratic above is exact
  bool quartic;        ///< w != 0: f(t) = |d + v t + w t^2 / 2|^2 - R^2 is a quartic
  PhysReal k[5];       ///< its coefficients, k[n] multiplies t^n (k[0] = c, k[1] = 2 b, ...)
} PhysCircleCircleSweep;

/// Swept test of two moving circles over t in [0, 1]. Pure: same inputs, same bits.
PhysCircleCircleSweep phys_sweep_circle_circle (PhysVec2 p1, PhysVec2 v1, PhysReal r1,
                                                PhysVec2 p2, PhysVec2 v2, PhysReal r2);

/// The same under constant accelerations acc1 and acc2 (world units per frame^2): centres
/// p + v t + acc t^2 / 2. Equal accelerations leave the relative motion straight (the
/// quadratic, exact); different ones make |d(t)|^2 - R^2 a quartic, whose first root in
/// [0, 1] is isolated between the roots of its derivatives and bisected to the last bit
/// (a HIT then; no root in [0, 1] is a MISS). Pure.
PhysCircleCircleSweep phys_sweep_circle_circle_accel (PhysVec2 p1, PhysVec2 v1, PhysVec2 acc1,
                                                      PhysReal r1, PhysVec2 p2, PhysVec2 v2,
                                                      PhysVec2 acc2, PhysReal r2);

/// The same, filled into *out (no copy of the record: the step's hot path). Pure.
void phys_sweep_circle_circle_accel_into (PhysCircleCircleSweep *out, PhysVec2 p1, PhysVec2 v1,
                                          PhysVec2 acc1, PhysReal r1, PhysVec2 p2, PhysVec2 v2,
                                          PhysVec2 acc2, PhysReal r2);

/// First t in [lo, hi] where the polynomial sum c[n] t^n (degree deg <= 4, c[0..deg]) is
/// <= 0, given that it is > 0 at lo; false when there is none. Deterministic bisection
/// between the roots of the derivatives. Pure.
bool phys_poly_first_root (const PhysReal *c, int deg, PhysReal lo, PhysReal hi, PhysReal *t);

/// Which part of a segment a circle touches.
typedef enum
{
  PHYS_FEATURE_NONE = 0, ///< no contact
  PHYS_FEATURE_INTERIOR, ///< the flat side, between the ends
  PHYS_FEATURE_CAP_A,    ///< the end point A
  PHYS_FEATURE_CAP_B,    ///< the end point B
} PhysFeature;

/// Stable name of a feature ("none", "interior", "cap-a", "cap-b"). Pure.
const char *phys_feature_name (PhysFeature feature);

/// Everything the swept circle-segment test computed (seed 002 projections, swept).
///
/// The interior is the strip where the projection along the line lies in [0, L];
/// the ends are circle-point sweeps (a point is a circle of radius 0).
typedef struct
{
  PhysVerdict verdict;     ///< same early-out vocabulary as circle-circle
  PhysFeature feature;     ///< what is touched when verdict is HIT, AFTER_FRAME or OVERLAPPING
  PhysVec2 center;         ///< circle centre at t = 0
  PhysVec2 v;              ///< circle displacement over the interval, world units per frame
  PhysReal radius;         ///< circle radius
  PhysVec2 a, b;           ///< segment end points A and B
  PhysReal length;         ///< L = |B - A|
  PhysVec2 dir;            ///< unit (B - A) / L
  PhysVec2 left_normal;    ///< left normal of dir on screen (y down): (dir.y, -dir.x)
  PhysReal proj_normal;    ///< (centre - A).left_normal: signed distance from the line
  PhysReal proj_along;     ///< (centre - A).dir: where the foot of the centre falls on the line
  PhysReal vel_normal;     ///< v.left_normal
  PhysReal vel_along;      ///< v.dir
  PhysReal side;           ///< +1 when the centre is on the left side (proj_normal >= 0), else -1
  PhysReal approach;       ///< -(v.left_normal) side: speed towards the line, > 0 approaching
  bool has_t_interior;     ///< the line is reached at some t >= 0 (approach > 0)
  PhysReal t_interior;     ///< (|proj_normal| - radius) / approach
  PhysReal along_at_t;     ///< proj_along + vel_along t_interior
  bool interior_in_range;  ///< 0 <= along_at_t <= L: the flat side is what is hit
  bool caps_tested;        ///< false in the no-end-caps teaching mode
  PhysCircleCircleSweep cap_a; ///< the circle against point A (A is circle 2)
  PhysCircleCircleSweep cap_b; ///< the circle against point B (B is circle 2)
  bool has_t;              ///< t means something
  PhysReal t;              ///< time of first touch (may exceed 1: AFTER_FRAME), 0 when overlapping
  PhysVec2 center_at_t;    ///< centre + v t
  PhysVec2 point;          ///< contact point on the segment
  PhysVec2 normal;         ///< unit contact normal from the segment towards the circle
  /* Under a constant acceleration (the _accel test). */
  PhysVec2 acc;            ///< the circle's acceleration, world units per frame^2 (zero: straight)
  PhysReal acc_normal;     ///< acc.left_normal
  PhysReal acc_along;      ///< acc.dir
} PhysCircleSegmentSweep;

/// Swept test of a moving circle against a fixed segment AB over t in [0, 1].
/// @param caps false to skip the end caps (the no-end-caps teaching mode). Pure.
PhysCircleSegmentSweep phys_sweep_circle_segment (PhysVec2 center, PhysVec2 v, PhysReal radius,
                                                  PhysVec2 a, PhysVec2 b, bool caps);

/// The same for a circle under a constant acceleration acc (world units per frame^2): its
/// centre is center + v t + acc t^2 / 2. The distance to the line is then a quadratic in t,
/// solved exactly (t_interior is its first root in [0, 1]); the caps are circle-point tests
/// under acceleration. With acc zero it is phys_sweep_circle_segment(). Pure.
PhysCircleSegmentSweep phys_sweep_circle_segment_accel (PhysVec2 center, PhysVec2 v, PhysVec2 acc,
                                                        PhysReal radius, PhysVec2 a, PhysVec2 b,
                                                        bool caps);

/// Outcome of intersecting two infinite lines.
typedef enum
{
  PHYS_LINES_INTERSECT = 0, ///< one common point
  PHYS_LINES_PARALLEL,      ///< the direction vectors are parallel (or one is zero)
} PhysLinesVerdict;

/// Stable name of a lines verdict ("intersect", "parallel"). Pure.
const char *phys_lines_verdict_name (PhysLinesVerdict verdict);

/// Intersection of line 1 (through p, direction k) and line 2 (through A and B),
/// computed three ways (seed 003) so the results can be compared.
typedef struct
{
  PhysLinesVerdict verdict; ///< PARALLEL when |k x (B - A)| <= 1e-12 |k| |B - A|
  PhysVec2 p, k;            ///< line 1: point and direction
  PhysVec2 a, b;            ///< line 2: two points
  /* Perp-dot method (similar triangles). */
  PhysVec2 w;               ///< B - A, direction of line 2
  PhysVec2 w_unit;          ///< unit(w)
  PhysVec2 to_a;            ///< A - p, the linking vector (seed's j)
  PhysReal perp_k;          ///< k x w_unit: length of k across line 2
  PhysReal perp_to_a;       ///< to_a x w_unit: length of the link across line 2
  PhysReal length;          ///< perp_to_a / perp_k |k|: signed distance from p to the point
  PhysVec2 point_perp;      ///< p + unit(k) length
  /* General form: E x + F y = G for line 1, P x + Q y = R for line 2. */
  PhysReal E, F, G;         ///< line 1 through p and p + k
  PhysReal P, Q, R;         ///< line 2 through A and B
  PhysReal det;             ///< E Q - P F, zero when parallel
  PhysVec2 point_general;   ///< ((G Q - R F) / det, (R E - G P) / det)
  /* Matrix form: [E F; P Q] [x y]^T = [G R]^T, solved with the inverse matrix. */
  PhysReal inverse[2][2];   ///< [Q -F; -P E] / det
  PhysVec2 point_matrix;    ///< inverse [G R]^T
  PhysReal max_disagreement; ///< largest coordinate difference among the three points
} PhysLineIntersection;

/// Intersects line (p, k) with line AB by all three methods. Pure.
PhysLineIntersection phys_line_intersection (PhysVec2 p, PhysVec2 k, PhysVec2 a, PhysVec2 b);

/// What a probe's predicted impact means.
typedef enum
{
  PHYS_PROBE_AHEAD = 0,    ///< it will cross the segment, time to impact > 0
  PHYS_PROBE_BEHIND,       ///< the crossing is in the past (time <= 0): it already happened
  PHYS_PROBE_OFF_SEGMENT,  ///< the path meets the line outside the segment
  PHYS_PROBE_PARALLEL,     ///< the path never meets the line
  PHYS_PROBE_STILL,        ///< the probe does not move
} PhysProbeVerdict;

/// Stable name of a probe verdict ("ahead", "behind", "off-segment", "parallel", "still"). Pure.
const char *phys_probe_verdict_name (PhysProbeVerdict verdict);

/// A moving point's predicted impact on a segment (seed 003).
typedef struct
{
  PhysProbeVerdict verdict; ///< see PhysProbeVerdict
  PhysLineIntersection lines; ///< the path line against the segment's line
  PhysVec2 point;           ///< predicted impact point (the perp-dot result), valid unless PARALLEL/STILL
  PhysReal displacement;    ///< signed distance along the velocity to the point: |point - p|, negative behind
  PhysReal speed;           ///< |velocity|, world units per frame
  PhysReal time_to_impact;  ///< displacement / speed, frames; negative: it already happened
  PhysReal along;           ///< (point - A).(B - A) / |B - A|^2: 0 at A, 1 at B
  bool within;              ///< 0 <= along <= 1
} PhysProbeRecord;

/// Predicts where and when a point at p moving by velocity per frame meets segment AB. Pure.
PhysProbeRecord phys_probe_predict (PhysVec2 p, PhysVec2 velocity, PhysVec2 a, PhysVec2 b);
