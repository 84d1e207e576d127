/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-polygon.h: convex polygons as rigid body shapes: validation, exact mass
 * properties and placing the body-local shape at a pose.
 *
 * Vertex order: counter-clockwise in the mathematical sense, that is a positive
 * shoelace area sum (x_i y_{i+1} - x_{i+1} y_i) / 2 and a positive cross product
 * at every turn. On the y-down screen that walk looks clockwise, and the outward
 * normal of an edge is its left normal on screen, (e.y, -e.x).
 *
 * A pose turns the body by angle (radians) about its local origin, then moves
 * the origin to position: world = position + R(angle) local with
 * R = [cos -sin; sin cos]. With y down, a positive angle turns clockwise on screen.
 */
#pragma once

#include "phys-math.h"

/// Fewest vertices of a polygon.
#define PHYS_POLYGON_MIN_VERTICES 3
/// Most vertices of a polygon.
#define PHYS_POLYGON_MAX_VERTICES 16
/// A turn whose cross product is at most this times the product of its edge lengths counts as
/// straight (the vertex is collinear with its neighbours: not strictly convex).
#define PHYS_POLYGON_TURN_EPSILON 1e-12
/// A polygon whose |area| is at most this times the square of its bounding box's larger side
/// has no area worth the name (all vertices nearly on one line).
#define PHYS_POLYGON_AREA_EPSILON 1e-12

/// A convex polygon in body-local coordinates (world units). Valid when
/// phys_polygon_validate() says PHYS_POLYGON_OK.
typedef struct
{
  int count;                                    ///< number of vertices, 3 to 16
  PhysVec2 vertices[PHYS_POLYGON_MAX_VERTICES]; ///< counter-clockwise (positive area); unused
                                                ///< entries are zero
} PhysPolygon;

/// Why a list of vertices is not a valid polygon, in the order the checks run.
typedef enum
{
  PHYS_POLYGON_OK = 0,           ///< a valid convex polygon
  PHYS_POLYGON_TOO_FEW,          ///< fewer than 3 vertices
  PHYS_POLYGON_TOO_MANY,         ///< more than 16 vertices
  PHYS_POLYGON_NOT_FINITE,       ///< a coordinate is NaN or infinite
  PHYS_POLYGON_REPEATED_POINT,   ///< two vertices are the same point
  PHYS_POLYGON_DEGENERATE_AREA,  ///< the area is (nearly) zero: the vertices lie on a line
  PHYS_POLYGON_CLOCKWISE,        ///< negative area: the vertices run the other way round
  PHYS_POLYGON_NOT_CONVEX,       ///< a turn is not strictly to the left, or the walk winds twice
} PhysPolygonStatus;

/// Stable lower-case name of a status ("ok", "too-few", "too-many", "not-finite",
/// "repeated-point", "degenerate-area", "clockwise", "not-convex"). Pure.
const char *phys_polygon_status_name (PhysPolygonStatus status);

/// What phys_polygon_validate() found.
typedef struct
{
  PhysPolygonStatus status; ///< the first check that failed, or OK
  int vertex;     ///< the offending vertex: the later of two repeated points, the vertex of a
                  ///< bad turn, the vertex found on the wrong side of an edge; -1 when none
                  ///< applies (OK, too few/many, degenerate area, clockwise)
  int other;      ///< the earlier vertex equal to it (REPEATED_POINT), or the start of the edge
                  ///< the vertex lies outside of (NOT_CONVEX by winding twice); else -1
  PhysReal signed_area; ///< shoelace area (positive counter-clockwise), when the count is valid
  PhysReal cross; ///< the failing turn's (v_i - v_{i-1}) x (v_{i+1} - v_i), or the failing
                  ///< side test (v_{j+1} - v_j) x (v_i - v_j); 0 otherwise
} PhysPolygonCheck;

/// Checks count vertices (any count, NULL allowed when count <= 0) against every rule of
/// PhysPolygon. Checks run: count, finiteness, repeated points (every pair), area, orientation,
/// each turn, then every vertex against every edge (a star walk turns left everywhere but winds
/// twice round). Pure.
PhysPolygonCheck phys_polygon_validate (const PhysVec2 *vertices, int count);

/// Fills *out with count vertices (zeroing the unused ones) after validation; returns the check
/// (on failure *out is left zeroed). Pure.
PhysPolygonCheck phys_polygon_make (PhysPolygon *out, const PhysVec2 *vertices, int count);

/// An axis-aligned box of width w and height h centred on the local origin. Pure.
PhysPolygon phys_polygon_box (PhysReal w, PhysReal h);

/// A regular n-gon (3 <= n <= 16) of circumradius r centred on the local origin, its first
/// vertex at angle phase (radians, from +x towards +y). Pure.
PhysPolygon phys_polygon_regular (int n, PhysReal r, PhysReal phase);

/// Mass properties of a polygon, exact from its vertices (triangle fan from vertex 0).
///
/// For the triangle (v_0, v_i, v_{i+1}) with e1 = v_i - v_0, e2 = v_{i+1} - v_0 and
/// D = e1 x e2: area D / 2, centroid v_0 + (e1 + e2) / 3, and second moment about v_0
/// density D / 12 (e1.e1 + e1.e2 + e2.e2). Sums give the polygon's; the parallel axis
/// theorem moves the moment to the centroid: I = I_0 - m |c - v_0|^2.
typedef struct
{
  int count;                                 ///< number of vertices
  int triangle_count;                        ///< count - 2
  PhysReal cross[PHYS_POLYGON_MAX_VERTICES]; ///< D of triangle k (v_0, v_{k+1}, v_{k+2})
  PhysReal area;            ///< polygon area, world units^2
  PhysVec2 centroid;        ///< centre of mass, body-local world units
  PhysReal density;         ///< mass per area
  PhysReal mass;            ///< density area
  PhysReal inertia_vertex0; ///< moment of inertia about vertex 0, mass world units^2
  PhysReal inertia_origin;  ///< about the local origin: inertia + mass |centroid|^2
  PhysReal inertia;         ///< about the centroid: the one rotation uses
} PhysMassProperties;

/// Mass properties of a valid polygon of uniform density (mass per world unit^2). Pure.
PhysMassProperties phys_polygon_mass_from_density (const PhysPolygon *polygon, PhysReal density);

/// The same for a given total mass (>= 0; density = mass / area, mass kept to the bit). Pure.
PhysMassProperties phys_polygon_mass_from_mass (const PhysPolygon *polygon, PhysReal mass);

/// Moment of inertia of a uniform disc about its centre: m r^2 / 2. Pure.
PhysReal phys_circle_inertia (PhysReal mass, PhysReal radius);

/// Where a body is: its local origin's world position and its angle.
typedef struct
{
  PhysVec2 position; ///< world position of the local origin, world units
  PhysReal angle;    ///< radians; positive turns clockwise on the y-down screen
} PhysPose;

/// Makes a pose. Pure.
static inline PhysPose
phys_pose (PhysReal x, PhysReal y, PhysReal angle)
{
  PhysPose pose = { { x, y }, angle };
  return pose;
}

/// position + R(angle) local, with cos and sin given (computed once per pose). Pure.
static inline PhysVec2
phys_pose_apply (PhysVec2 position, PhysReal c, PhysReal s, PhysVec2 local)
{
  return phys_v2 (position.x + (local.x * c - local.y * s),
                  position.y + (local.x * s + local.y * c));
}

/// A polygon placed in the world at a pose.
typedef struct
{
  PhysPose pose;  ///< where it was placed
  PhysReal cos_a; ///< cos(angle)
  PhysReal sin_a; ///< sin(angle)
  int count;      ///< number of vertices
  PhysVec2 vertices[PHYS_POLYGON_MAX_VERTICES]; ///< world vertices, same order as the shape
  PhysVec2 edges[PHYS_POLYGON_MAX_VERTICES];    ///< edge i: vertices[i + 1] - vertices[i]
                                                ///< (wrapping round)
  PhysVec2 normals[PHYS_POLYGON_MAX_VERTICES];  ///< unit outward normal of edge i: its left
                                                ///< normal on screen, unit (e.y, -e.x)
} PhysPolygonWorld;

/// Places a valid polygon at a pose: world vertices, edges and outward normals. Pure.
PhysPolygonWorld phys_polygon_place (const PhysPolygon *polygon, PhysPose pose);
