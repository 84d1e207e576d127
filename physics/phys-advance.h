/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-advance.h: the distance between two convex polygons, and the time of
 * impact of two polygons that move and turn inside a frame, by conservative
 * advancement, each iteration recorded.
 *
 * Over the frame (t in [0, 1]) a body's pose is position + d t and angle + w t:
 * d its displacement and w its turn (radians) over the frame. Turning makes the
 * separating axes turn too, so the per-axis intervals of the swept SAT no longer
 * apply; instead, at a time t the polygons are apart by a distance along a unit
 * normal n, and no point of B can approach A along n faster than
 *   mu = n.(d_a - d_b) + |w_a| r_a + |w_b| r_b
 * (r the largest distance of a vertex from its body's pose position). So nothing
 * can touch before t + distance / mu: the method advances to there and measures
 * again, until the distance is within a tolerance (a hit), the time passes the
 * frame, or mu <= 0 (they are not closing along n, now or later: a miss).
 */
#pragma once

#include "phys-bezier.h"
#include "phys-sat.h"

/// Most iterations of one conservative advancement.
#define PHYS_ADVANCE_MAX_ITERATIONS 48
/// The default distance (world units) at which two polygons count as touching.
#define PHYS_ADVANCE_TOLERANCE 1e-6

/// The closest points of a convex polygon (A) and a polygon, a segment or a circle (B).
typedef struct
{
  bool overlapping;    ///< the static SAT says they overlap: distance 0, points are not meaningful
  PhysReal distance;   ///< least distance between the two outlines (0 when overlapping); for a
                       ///< circle, from the polygon to the circle's rim
  PhysVec2 point_a;    ///< closest point of A
  PhysVec2 point_b;    ///< closest point of B (a circle: on its rim)
  PhysVec2 normal;     ///< unit (point_b - point_a), from A to B; the SAT normal when they touch
  int vertex_body;     ///< whose vertex is one of the closest points: 0 A, 1 B (a segment's end;
                       ///< for a circle, 1: its centre)
  int vertex;          ///< that vertex (a segment: 0 P, 1 Q; a circle: -1)
  int edge;            ///< the other body's edge holding the other closest point (a segment: 0)
} PhysPolygonDistance;

/// Distance between two placed convex polygons: the least over every vertex of each against
/// every edge of the other (ties: A's vertices first, then smaller indices). Pure.
PhysPolygonDistance phys_polygon_distance (const PhysPolygonWorld *a, const PhysPolygonWorld *b);

/// Distance between a placed polygon and segment PQ: A's vertices against the segment, its ends
/// against A's edges. Pure.
PhysPolygonDistance phys_polygon_segment_distance (const PhysPolygonWorld *a, PhysVec2 p,
                                                   PhysVec2 q);

/// Distance between a placed polygon and a circle: from the polygon's outline to the circle's
/// rim (overlapping when the SAT says so). Pure.
PhysPolygonDistance phys_polygon_circle_distance (const PhysPolygonWorld *a, PhysVec2 center,
                                                  PhysReal radius);

/// One step of conservative advancement.
typedef struct
{
  PhysReal t;                   ///< the time measured at
  PhysPose pose_a, pose_b;      ///< both poses at t
  PhysPolygonDistance distance; ///< the closest points at t
  PhysReal closing_linear;      ///< n.(d_a - d_b): how fast the straight motions close along n
  PhysReal closing_turn_a;      ///< |w_a| r_a: the most A's turning can add
  PhysReal closing_turn_b;      ///< |w_b| r_b: the most B's turning can add
  PhysReal closing_accel;       ///< |acc_b - acc_a| (t_max - t): the most the bodies' different
                                ///< accelerations can add before the search ends (0 when both
                                ///< fall alike or neither accelerates)
  PhysReal mu;                  ///< the sum: a bound on how fast the distance along n can shrink
  PhysReal dt;                  ///< distance / mu, the safe step (0 when this step ends the search)
} PhysAdvanceStep;

/// Everything a conservative advancement computed.
typedef struct
{
  PhysVerdict verdict;      ///< OVERLAPPING (at t = 0), MISS (mu <= 0: not closing, ever),
                            ///< AFTER_FRAME (the safe time passed t_max) or HIT (within tolerance)
  PhysSatShape shape_b;     ///< what B is: a polygon, a (fixed) segment or a circle
  PhysReal tolerance;       ///< the touching distance used, world units
  PhysReal t_max;           ///< where the search ends (1: the whole frame)
  PhysVec2 da, db;          ///< displacements over the frame
  PhysReal wa, wb;          ///< turns over the frame, radians
  PhysVec2 acc_a;           ///< A's acceleration, world units per frame^2 (its centre at
                            ///< p + da t + acc_a t^2 / 2: a body under gravity alone), or (0, 0)
  PhysVec2 acc_b;           ///< B's (a polygon or a circle), likewise
  PhysReal ra, rb;          ///< each polygon's largest vertex distance from its pose position
  int step_count;           ///< iterations recorded
  PhysAdvanceStep steps[PHYS_ADVANCE_MAX_ITERATIONS]; ///< every iteration, in order
  bool converged;           ///< false when the iterations ran out before the tolerance was
                            ///< reached: t is then still a safe (contact-free) time
  bool has_t;               ///< t means something (HIT, AFTER_FRAME, OVERLAPPING)
  PhysReal t;               ///< time of impact (conservative: never after the true one), or the
                            ///< safe time past 1 for AFTER_FRAME, 0 when overlapping
  PhysVec2 normal;          ///< unit, from A to B at the last step measured (valid with has_t)
  PhysVec2 point_a, point_b; ///< the closest points at that step (valid with has_t)
} PhysAdvanceRecord;

/// Time of impact of polygon a (local shape, pose pa at t = 0, moving by da and turning by wa
/// over the frame) and polygon b (likewise), by conservative advancement to tolerance (world
/// units, > 0; PHYS_ADVANCE_TOLERANCE is a good default). Pure.
PhysAdvanceRecord phys_advance_polygon_polygon (const PhysPolygon *a, PhysPose pa, PhysVec2 da,
                                                PhysReal wa, const PhysPolygon *b, PhysPose pb,
                                                PhysVec2 db, PhysReal wb, PhysReal tolerance);

/// A moving body of phys_advance(): over the frame its centre is at
/// pose.position + d t + acc t^2 / 2 and its angle pose.angle + w t.
typedef struct
{
  PhysSatShape shape;       ///< POLYGON, SEGMENT (fixed) or CIRCLE
  const PhysPolygon *polygon; ///< POLYGON: its body-local shape
  PhysPose pose;            ///< POLYGON: its pose at t = 0; CIRCLE: position is the centre
  PhysVec2 d;               ///< displacement over the frame (POLYGON, CIRCLE)
  PhysReal w;               ///< turn over the frame, radians (POLYGON)
  PhysVec2 acc;             ///< constant acceleration, world units per frame^2 (POLYGON, CIRCLE)
  PhysReal radius;          ///< CIRCLE: radius
  PhysVec2 p, q;            ///< SEGMENT: its ends
} PhysAdvanceBody;

/// Conservative advancement of polygon a (a->shape POLYGON) against body b, from t = 0 to t_max
/// (<= 1), to tolerance. The step searches this way when a body turns or the bodies accelerate
/// differently (a polygon under gravity against a segment). Pure.
PhysAdvanceRecord phys_advance (const PhysAdvanceBody *a, const PhysAdvanceBody *b,
                                PhysReal tolerance, PhysReal t_max);

/// One step of a circle's advancement towards a fixed curve.
typedef struct
{
  PhysReal t;        ///< the time measured at
  PhysVec2 center;   ///< the circle's centre at t
  PhysReal s;        ///< the curve parameter of the closest point
  PhysVec2 point;    ///< the closest point of the curve
  PhysVec2 normal;   ///< unit, from the curve towards the centre
  PhysReal gap;      ///< distance - radius: how far the circle is from touching
  PhysReal dt;       ///< gap / speed, the safe step (0 when this step ends the search)
} PhysCurveAdvanceStep;

/// Everything a circle's advancement towards a fixed Bezier curve computed.
///
/// The distance from a point to the curve changes no faster than the point moves, so a
/// circle a gap g away, moving at speed |v| per frame, cannot touch before g / |v|.
typedef struct
{
  PhysVerdict verdict;     ///< OVERLAPPING (gap < -tolerance at t = 0), NO_RELATIVE_MOTION
                           ///< (v = 0), MOVING_APART (touching but v.normal >= 0: not
                           ///< approaching), AFTER_FRAME (the safe time passed 1) or HIT
  PhysReal tolerance;      ///< the touching gap, world units
  PhysVec2 center;         ///< the circle's centre at t = 0
  PhysVec2 v;              ///< its displacement over the frame
  PhysVec2 acc;            ///< its acceleration, world units per frame^2 (its centre at
                           ///< center + v t + acc t^2 / 2), (0, 0) on a straight path
  PhysReal t_max;          ///< where the search ends (1: the whole frame)
  PhysReal radius;         ///< its radius
  PhysReal speed;          ///< |v|, world units per frame
  int step_count;          ///< iterations recorded
  PhysCurveAdvanceStep steps[PHYS_ADVANCE_MAX_ITERATIONS]; ///< every iteration, in order
  bool converged;          ///< false when the iterations ran out: t is still a safe time
  bool has_t;              ///< t means something (HIT, AFTER_FRAME, OVERLAPPING)
  PhysReal t;              ///< time of impact (never after the true one), the safe time past 1
                           ///< for AFTER_FRAME, or 0
  PhysBezierCircleContact contact; ///< the contact test at the last step measured
} PhysCurveAdvanceRecord;

/// Time of impact of a circle (centre, radius) moving by v over the frame against a fixed
/// curve, by conservative advancement to tolerance (world units, > 0). Pure.
PhysCurveAdvanceRecord phys_advance_circle_bezier (const PhysBezier *curve, PhysVec2 center,
                                                   PhysVec2 v, PhysReal radius,
                                                   PhysReal tolerance);

/// The same for a centre on a parabola (acceleration acc, world units per frame^2), searching up
/// to t_max: the step's search for a circle under gravity. The speed bound adds what the
/// acceleration can add before t_max. Pure.
PhysCurveAdvanceRecord phys_advance_circle_bezier_until (const PhysBezier *curve, PhysVec2 center,
                                                         PhysVec2 v, PhysVec2 acc,
                                                         PhysReal radius, PhysReal tolerance,
                                                         PhysReal t_max);
