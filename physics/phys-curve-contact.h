/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-curve-contact.h: a convex polygon's contact with a cubic Bezier curve, against the curve
 * itself (docs/rigid-bodies.md, polygons against curves).
 *
 * The curve is a wire of no thickness and the polygon stays on the side of it its centre is on.
 * The distance between them is the least, over the polygon's features, of the distance from the
 * feature to the curve: a vertex's is the closest point search of phys_bezier_closest(); an
 * edge's interior meets the curve where f(s) = n.(B(s) - v) (n the edge's outward normal, v its
 * start) is least with the foot of B(s) inside the edge: at s = 0, s = 1, or a root of
 * f'(s) = n.B'(s) (a quadratic) where it turns from negative to positive, bracketed on 64
 * samples and refined by safeguarded Newton steps to 1e-13 in s (as the closest point search
 * does). Every such candidate is recorded; the least separation is the contact.
 */
#pragma once

#include "phys-bezier.h"

/// Most candidates: one per vertex, and per edge both ends of the curve and the interior minima.
#define PHYS_CURVE_POLYGON_MAX_CANDIDATES (4 * PHYS_POLYGON_MAX_VERTICES)

/// Which polygon feature a candidate is.
typedef enum
{
  PHYS_CURVE_FEATURE_VERTEX = 0, ///< a vertex against the curve's closest point to it
  PHYS_CURVE_FEATURE_EDGE,       ///< a curve point against the interior of an edge
} PhysCurveFeature;

/// One candidate contact between the polygon and the curve.
typedef struct
{
  PhysCurveFeature feature; ///< vertex or edge
  int index;              ///< the vertex's or the edge's index
  PhysReal s;             ///< the curve parameter
  PhysVec2 curve_point;   ///< B(s)
  PhysVec2 polygon_point; ///< the vertex, or the foot of B(s) on the edge
  PhysReal separation;    ///< > 0 a gap, < 0 the curve crossed into the polygon (or the vertex
                          ///< past the wire), world units
  PhysVec2 normal;        ///< unit, from the polygon towards the curve
  int newton_steps;       ///< edges' interior minima: Newton steps in the bracket
  int bisection_steps;    ///< and bisections
  bool valid;             ///< counts for the contact (an edge's foot inside the edge, a curve point
                          ///< inside the polygon measured from its nearest edge, facing the wire)
} PhysCurvePolygonCandidate;

/// Everything the polygon-curve contact computed.
typedef struct
{
  PhysContactVerdict verdict; ///< from the least separation, with PHYS_CONTACT_TOUCH_TOLERANCE
  PhysReal side;          ///< +1 when the polygon's centre is on the side of the curve's left
                          ///< normal at its closest point, -1 on the other
  PhysReal centre_s;      ///< the curve parameter closest to the centre (decides the side)
  bool crossing;          ///< the curve crosses an edge (a sign change of f(s) with the foot
                          ///< inside the edge, bisected) or ends inside the polygon
  int candidate_count;
  PhysCurvePolygonCandidate candidates[PHYS_CURVE_POLYGON_MAX_CANDIDATES];
  int best;               ///< the valid candidate of least separation (ties: the first), -1 none
  int second;             ///< a second contact point (another candidate of the same kind within
                          ///< the margin and nearly the same normal: a face lying on the curve),
                          ///< or -1
  PhysReal separation;    ///< best's
  PhysReal s;             ///< best's curve parameter
  PhysVec2 point;         ///< best's curve point
  PhysVec2 polygon_point; ///< best's polygon point
  PhysVec2 normal;        ///< best's normal, from the polygon towards the curve
  PhysVec2 tangent;       ///< unit tangent of the curve at s
} PhysCurvePolygonContact;

/// Contact of a placed convex polygon with a fixed curve; candidates within keep of touching
/// may make a second point. Pure.
PhysCurvePolygonContact phys_bezier_polygon_contact (const PhysBezier *curve,
                                                     const PhysPolygonWorld *polygon,
                                                     PhysReal keep);
