/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-sat.h: the separating axis test for convex polygons against polygons,
 * circles and segments, static and swept, each a pure function returning a
 * record of every intermediate value.
 *
 * Body A is always the polygon given first; body B the other shape. Every
 * normal of a record points from A towards B, and the minimum translation
 * vector is the move of B (or minus the move of A) that leaves them touching.
 *
 * Projections: on a unit axis n a shape covers the interval [min, max] of n.p
 * over its points (a circle: n.c -/+ r). On each axis the record keeps both
 * intervals and the two pushes that would part them:
 *   forward  = max_a - min_b  (move B along +n by this much)
 *   backward = max_b - min_a  (move B along -n by this much)
 * and overlap = min(forward, backward): the shortest push along that axis.
 * A negative overlap is a gap of -overlap: the axis separates the shapes.
 * For intervals that merely cross, overlap is the length they share; when one
 * contains the other it is the longer way out, which the MTV needs.
 *
 * Polygons have their vertices counter-clockwise in the mathematical sense
 * (phys-polygon.h), so outward edge normals are left normals on the y-down screen.
 */
#pragma once

#include <stdint.h>

#include "phys-polygon.h"
#include "phys-sweep.h"

/// Overlaps within this many world units of zero count as touching.
#define PHYS_CONTACT_TOUCH_TOLERANCE 1e-9

/// Most candidate axes of one test: every edge normal of two 16-gons.
#define PHYS_SAT_MAX_AXES (2 * PHYS_POLYGON_MAX_VERTICES)

/// A static contact test's answer.
typedef enum
{
  PHYS_CONTACT_SEPARATED = 0, ///< an axis shows a gap wider than the touch tolerance
  PHYS_CONTACT_TOUCHING,      ///< the least overlap is within the tolerance of zero
  PHYS_CONTACT_OVERLAPPING,   ///< every axis overlaps by more than the tolerance
} PhysContactVerdict;

/// Stable name of a contact verdict ("separated", "touching", "overlapping"). Pure.
const char *phys_contact_verdict_name (PhysContactVerdict verdict);

/// What the second body of a SAT record is.
typedef enum
{
  PHYS_SAT_SHAPE_POLYGON = 0, ///< a convex polygon
  PHYS_SAT_SHAPE_CIRCLE,      ///< a circle
  PHYS_SAT_SHAPE_SEGMENT,     ///< a segment (a line of no thickness)
} PhysSatShape;

/// Stable name of a shape ("polygon", "circle", "segment"). Pure.
const char *phys_sat_shape_name (PhysSatShape shape);

/// Where a candidate axis comes from.
typedef enum
{
  PHYS_SAT_AXIS_EDGE = 0,   ///< the outward normal of an edge (a segment's left normal)
  PHYS_SAT_AXIS_VERTEX,     ///< from the polygon's vertex closest to the circle's centre towards it
} PhysSatAxisKind;

/// Stable name of an axis kind ("edge", "vertex"). Pure.
const char *phys_sat_axis_kind_name (PhysSatAxisKind kind);

/// One candidate axis and both shapes' projections on it.
typedef struct
{
  int body;              ///< whose feature gives the axis: 0 for A, 1 for B
  PhysSatAxisKind kind;  ///< edge normal or circle's vertex axis
  int feature;           ///< the edge index (EDGE) or the polygon's vertex index (VERTEX)
  bool valid;            ///< false when the axis has no direction (a circle's centre on the
                         ///< vertex, a segment of no length); such an axis is left out of
                         ///< every choice
  PhysVec2 axis;         ///< unit axis n: outward from its edge, or from vertex to centre
  PhysReal min_a, max_a; ///< A's projection interval on n, world units
  PhysReal min_b, max_b; ///< B's projection interval on n, world units
  PhysReal forward;      ///< max_a - min_b: push of B along +n that parts them
  PhysReal backward;     ///< max_b - min_a: push of B along -n that parts them
  PhysReal overlap;      ///< min(forward, backward); negative: a gap of -overlap
  PhysReal sign;         ///< +1 when the shorter push is forward (ties too), -1 backward
} PhysSatAxis;

/// One step of clipping the incident edge against a side plane of the reference edge.
///
/// Points p with plane_normal.p - offset >= 0 are kept; an edge from a kept point to a
/// dropped one is cut where the distance is zero.
typedef struct
{
  PhysVec2 plane_normal;  ///< unit, pointing into the kept half plane
  PhysReal offset;        ///< plane_normal.(reference edge end) of this side
  PhysVec2 in[2];         ///< the two points going in
  PhysReal distance[2];   ///< plane_normal.in[k] - offset: negative points are clipped
  int in_vertex[2];       ///< incident vertex each input is, or -1 when made by a cut
  int count;              ///< points kept or made (2, or fewer when both lie outside)
  PhysVec2 out[2];        ///< the points coming out
  int out_vertex[2];      ///< incident vertex each output is, or -1 when made by this cut
  bool cut[2];            ///< out[k] was made by cutting here
} PhysClipStep;

/// One contact point of a manifold.
typedef struct
{
  PhysVec2 point;              ///< on (or inside) the incident body, world units
  PhysVec2 point_on_reference; ///< point moved onto the reference face along its normal
  PhysReal separation;         ///< reference_normal.(point - reference_v1): < 0 penetrating
  PhysReal depth;              ///< -separation, world units
  int reference_edge;          ///< reference body's edge (or -1 for a circle's vertex axis)
  int incident_edge;           ///< incident body's edge, -1 for a circle
  int incident_vertex;         ///< which incident vertex this point is, -1 when made by a cut
  int clip_side;               ///< -1 not cut; 0 cut at the side of reference_v1, 1 of v2
  uint32_t id;                 ///< feature id: reference body (bit 24), reference edge or
                               ///< 0x40 + the vertex of a circle's vertex axis (bits 16-23),
                               ///< incident edge or 0xff for a circle (8-15), incident vertex
                               ///< + 1 or 0x80 + cutting side (0-7); equal ids across frames
                               ///< mean the same features touch
} PhysContactPoint;

/// The contact manifold: reference/incident edge clipping (Sutherland-Hodgman on two
/// side planes, then keeping the points behind the reference face).
typedef struct
{
  bool valid;              ///< the verdict is TOUCHING or OVERLAPPING
  int reference_body;      ///< 0 when A's edge is the reference face, 1 when B's
  int reference_edge;      ///< its edge index (-1: a circle's vertex axis, no face)
  PhysVec2 reference_v1;   ///< start of the reference edge, world units
  PhysVec2 reference_v2;   ///< its end
  PhysVec2 reference_normal; ///< unit outward normal of the reference edge
  PhysVec2 reference_tangent; ///< unit (reference_v2 - reference_v1)
  int incident_edge;       ///< the other body's edge whose normal is most against
                           ///< reference_normal (ties: smaller index); -1 for a circle
  PhysVec2 incident_v1;    ///< its start
  PhysVec2 incident_v2;    ///< its end
  int clip_count;          ///< clipping steps done (2 for edges, 0 for circles)
  PhysClipStep clips[2];   ///< against the side at reference_v1, then at reference_v2
  PhysReal separations[2]; ///< reference_normal.(clipped point - reference_v1) of both
                           ///< clipped points (when the clips kept two)
  int point_count;         ///< contact points kept: separation <= PHYS_CONTACT_TOUCH_TOLERANCE
  PhysContactPoint points[2]; ///< the contact points
  PhysVec2 normal;         ///< contact normal from A to B (reference_normal or its opposite)
} PhysSatManifold;

/// Everything a static separating axis test computed.
typedef struct
{
  PhysSatShape shape_b;      ///< what B is
  PhysPolygonWorld a;        ///< polygon A as tested
  PhysPolygonWorld b;        ///< polygon B as tested (count 0 unless B is a polygon)
  PhysVec2 center;           ///< the circle's centre (circle only)
  PhysReal radius;           ///< the circle's radius (circle only)
  PhysVec2 p, q;             ///< the segment's ends (segment only)
  PhysContactVerdict verdict; ///< from the least overlap over the valid axes
  int axis_count;            ///< candidate axes: A's edges, then B's edges (polygon), the
                             ///< segment's normal, or the circle's vertex axis
  PhysSatAxis axes[PHYS_SAT_MAX_AXES]; ///< every candidate, all filled past the early out
  int first_separating;      ///< index of the first axis with overlap < -tolerance (where an
                             ///< early-out test stops), or -1
  int best;                  ///< valid axis of least overlap (the least penetration, or the
                             ///< widest gap when separated); ties keep the smaller index
  PhysReal overlap;          ///< axes[best].overlap
  PhysVec2 normal;           ///< axes[best].axis sign: unit, from A to B
  PhysVec2 mtv;              ///< normal overlap: move B by this (A by minus it) to touch;
                             ///< meaningful unless SEPARATED (then it is the gap, closing)
  PhysSatManifold manifold;  ///< contact points, valid unless SEPARATED
} PhysSatRecord;

/// SAT of two placed polygons. Pure.
PhysSatRecord phys_sat_polygon_polygon (const PhysPolygonWorld *a, const PhysPolygonWorld *b);

/// The same with a contact margin: the manifold is built when the least overlap is at least
/// -keep (world units, >= 0) and keeps the points whose separation is at most keep; the verdict
/// is unchanged. The step takes contacts this way (a pair this close is a contact); the
/// functions without _within use PHYS_CONTACT_TOUCH_TOLERANCE. Pure.
PhysSatRecord phys_sat_polygon_polygon_within (const PhysPolygonWorld *a, const PhysPolygonWorld *b,
                                               PhysReal keep);

/// SAT of a placed polygon against a circle: A's edge normals, then the axis from A's vertex
/// closest to the centre (ties: smaller index). The contact point is the circle's deepest
/// point, centre - normal radius. Pure.
PhysSatRecord phys_sat_polygon_circle (const PhysPolygonWorld *a, PhysVec2 center,
                                       PhysReal radius);

/// The same with a contact margin (see phys_sat_polygon_polygon_within()). Pure.
PhysSatRecord phys_sat_polygon_circle_within (const PhysPolygonWorld *a, PhysVec2 center,
                                              PhysReal radius, PhysReal keep);

/// SAT of a placed polygon against segment PQ: A's edge normals, then the segment's left
/// normal; the segment's manifold faces are its two sides (edge 0: P to Q with the left
/// normal, edge 1: Q to P with the right). Pure.
PhysSatRecord phys_sat_polygon_segment (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q);

/// The same with a contact margin (see phys_sat_polygon_polygon_within()). Pure.
PhysSatRecord phys_sat_polygon_segment_within (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q,
                                               PhysReal keep);

/// A polygon against a bounds wall PQ, one-sided: the polygon belongs on the side of the wall's
/// left normal, so on the wall's axis the push is always back along that normal (overlap =
/// backward, sign -1), however deep the polygon is (a two-sided segment would push a polygon
/// past its middle through). Otherwise as phys_sat_polygon_segment_within(). Pure.
PhysSatRecord phys_sat_polygon_wall_within (const PhysPolygonWorld *a, PhysVec2 p, PhysVec2 q,
                                            PhysReal keep);

/// One axis of a swept test: when, in the frame, the projections overlap.
///
/// B's interval moves at speed = v.n (v = B's displacement minus A's over the frame); the
/// intervals overlap while min_b + speed t <= max_a and max_b + speed t >= min_a.
typedef struct
{
  PhysSatAxis start;     ///< the axis (whose edge, its direction) and both intervals at t = 0,
                         ///< as the static test records them
  PhysReal speed;        ///< v.n, world units per frame (0: the intervals keep still)
  PhysReal enter;        ///< first t of overlap: -INFINITY when overlapping and still,
                         ///< +INFINITY when apart and still
  PhysReal exit;         ///< last t of overlap: +INFINITY when overlapping and still,
                         ///< -INFINITY when apart and still
} PhysSweptAxis;

/// Everything a swept separating axis test computed (translation only: the axes keep their
/// directions, so each overlap interval is exact and the time of impact is the latest enter
/// when it comes before the earliest exit).
typedef struct
{
  PhysVerdict verdict;     ///< OVERLAPPING (at t = 0), NO_RELATIVE_MOTION, MOVING_APART
                           ///< (exit <= 0: any shared time is past), MISS (enter > exit),
                           ///< AFTER_FRAME (enter > 1) or HIT
  PhysSatShape shape_b;    ///< what B is
  PhysPolygonWorld a;      ///< polygon A at t = 0
  PhysPolygonWorld b;      ///< polygon B at t = 0 (count 0 unless B is a polygon)
  PhysVec2 center;         ///< the circle's centre at t = 0 (circle only)
  PhysReal radius;         ///< the circle's radius (circle only)
  PhysVec2 da, db;         ///< displacements of A and B over the frame, world units
  PhysVec2 v;              ///< db - da: B's motion as A sees it
  int axis_count;          ///< candidate axes (edge normals)
  PhysSweptAxis axes[PHYS_SAT_MAX_AXES]; ///< every axis
  PhysReal enter;          ///< the latest enter over the axes
  PhysReal exit;           ///< the earliest exit over the axes
  int enter_axis;          ///< the axis giving enter (ties: smaller index): the one that decides
  int exit_axis;           ///< the axis giving exit (ties: smaller index)
  bool has_t;              ///< t means something (HIT, AFTER_FRAME, OVERLAPPING)
  PhysReal t;              ///< time of impact (0 when overlapping at the start)
  PhysVec2 normal;         ///< unit, from A to B: the deciding axis, oriented (valid with has_t)
  PhysVec2 moved_a;        ///< da t: how far A has moved at t (valid with has_t)
  PhysVec2 moved_b;        ///< db t: how far B has moved at t (valid with has_t)
  /* Polygon against circle: the edge axes see the polygon grown by r along its normals, with
   * square corners. When the static test at that time finds the circle apart, the centre is
   * in a corner, off every face: it meets the corner's vertex or nothing, and a circle-point
   * sweep decides. */
  bool corner;             ///< the circle's first touch was decided at a vertex
  int corner_vertex;       ///< that vertex of A, or -1
  PhysCircleCircleSweep corner_sweep; ///< the circle (1) against the vertex (2, radius 0),
                                       ///< in A's frame; valid when corner
} PhysSweptSatRecord;

/// Swept SAT of two polygons placed at their poses at t = 0, translating by da and db over
/// t in [0, 1]. Pure.
PhysSweptSatRecord phys_sweep_sat_polygon_polygon (const PhysPolygonWorld *a, PhysVec2 da,
                                                   const PhysPolygonWorld *b, PhysVec2 db);

/// Swept SAT of a polygon translating by da against the fixed segment PQ: A's edge normals and
/// the segment's normal (exact for translation). Pure.
PhysSweptSatRecord phys_sweep_sat_polygon_segment (const PhysPolygonWorld *a, PhysVec2 da,
                                                   PhysVec2 p, PhysVec2 q);

/// Swept SAT of a translating polygon against a translating circle (exact: edge axes, then the
/// corner's circle-point sweep when the first touch falls in a corner). Pure.
PhysSweptSatRecord phys_sweep_sat_polygon_circle (const PhysPolygonWorld *a, PhysVec2 da,
                                                  PhysVec2 center, PhysVec2 dc, PhysReal radius);
