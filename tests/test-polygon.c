/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-polygon.c: convex polygon validation, mass properties and placement.
 *
 * Vertices run counter-clockwise in the mathematical sense (positive shoelace
 * area); on the y-down screen that walk looks clockwise. Every mass case shows
 * its arithmetic in the comment above it.
 */
#include <glib.h>

#include "phys.h"
#include "test-util.h"

#define EPS 1e-12

static void
assert_status (PhysPolygonCheck check, PhysPolygonStatus status, int vertex, int other)
{
  g_assert_cmpstr (phys_polygon_status_name (check.status), ==, phys_polygon_status_name (status));
  g_assert_cmpint (check.vertex, ==, vertex);
  g_assert_cmpint (check.other, ==, other);
}

/* ------------------------------------------------------------------------------------------ */
/* Validation: one case per reason.                                                           */
/* ------------------------------------------------------------------------------------------ */

static void
test_validate_ok (void)
{
  /* The unit square, counter-clockwise with y up: area +1. */
  PhysVec2 v[] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
  PhysPolygon polygon;
  PhysPolygonCheck check = phys_polygon_make (&polygon, v, 4);
  assert_status (check, PHYS_POLYGON_OK, -1, -1);
  g_assert_cmpfloat (check.signed_area, ==, 1.0);
  g_assert_cmpint (polygon.count, ==, 4);
  imp_assert_vec_equal (polygon.vertices[2], 1, 1);
  imp_assert_vec_equal (polygon.vertices[4], 0, 0);
}

static void
test_validate_too_few (void)
{
  PhysVec2 v[] = { { 0, 0 }, { 1, 0 } };
  PhysPolygon polygon;
  assert_status (phys_polygon_make (&polygon, v, 2), PHYS_POLYGON_TOO_FEW, -1, -1);
  g_assert_cmpint (polygon.count, ==, 0);
  assert_status (phys_polygon_validate (NULL, 0), PHYS_POLYGON_TOO_FEW, -1, -1);
}

static void
test_validate_too_many (void)
{
  /* 17 points on a circle: convex, but one too many. */
  PhysVec2 v[17];
  for (int k = 0; k < 17; k++)
    v[k] = phys_v2 (cos (2 * PHYS_PI * k / 17), sin (2 * PHYS_PI * k / 17));
  assert_status (phys_polygon_validate (v, 17), PHYS_POLYGON_TOO_MANY, -1, -1);
  assert_status (phys_polygon_validate (v, 16), PHYS_POLYGON_OK, -1, -1);
}

static void
test_validate_not_finite (void)
{
  PhysVec2 v[] = { { 0, 0 }, { 1, 0 }, { NAN, 1 }, { 0, 1 } };
  assert_status (phys_polygon_validate (v, 4), PHYS_POLYGON_NOT_FINITE, 2, -1);
  v[2] = phys_v2 (1, INFINITY);
  assert_status (phys_polygon_validate (v, 4), PHYS_POLYGON_NOT_FINITE, 2, -1);
}

static void
test_validate_repeated (void)
{
  /* Vertex 3 repeats vertex 1. */
  PhysVec2 v[] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 0 } };
  assert_status (phys_polygon_validate (v, 4), PHYS_POLYGON_REPEATED_POINT, 3, 1);
}

static void
test_validate_degenerate (void)
{
  /* Three points on the line y = x: the fan's cross product (1, 1) x (2, 2) = 0. */
  PhysVec2 v[] = { { 0, 0 }, { 1, 1 }, { 2, 2 } };
  PhysPolygonCheck check = phys_polygon_validate (v, 3);
  assert_status (check, PHYS_POLYGON_DEGENERATE_AREA, -1, -1);
  g_assert_cmpfloat (check.signed_area, ==, 0.0);
}

static void
test_validate_clockwise (void)
{
  /* The unit square walked the other way: fan crosses (0, 1) x (1, 1) = -1 and
   * (1, 1) x (1, 0) = -1, area (-1 - 1) / 2 = -1. */
  PhysVec2 v[] = { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 0 } };
  PhysPolygonCheck check = phys_polygon_validate (v, 4);
  assert_status (check, PHYS_POLYGON_CLOCKWISE, -1, -1);
  g_assert_cmpfloat (check.signed_area, ==, -1.0);
}

static void
test_validate_reflex (void)
{
  /* A square with its top pushed in to (2, 1). Area: fan crosses (4, 0) x (4, 4) = 16,
   * (4, 4) x (2, 1) = -4, (2, 1) x (0, 4) = 8: (16 - 4 + 8) / 2 = 10 > 0.
   * Turns: vertex 0: (0, -4) x (4, 0) = 16; vertex 1: (4, 0) x (0, 4) = 16;
   * vertex 2: (0, 4) x (-2, -3) = 8; vertex 3: (-2, -3) x (-2, 3) = -6 - 6 = -12: reflex. */
  PhysVec2 v[] = { { 0, 0 }, { 4, 0 }, { 4, 4 }, { 2, 1 }, { 0, 4 } };
  PhysPolygonCheck check = phys_polygon_validate (v, 5);
  assert_status (check, PHYS_POLYGON_NOT_CONVEX, 3, -1);
  g_assert_cmpfloat (check.signed_area, ==, 10.0);
  g_assert_cmpfloat (check.cross, ==, -12.0);
}

static void
test_validate_collinear (void)
{
  /* (1, 0) lies on the edge from (0, 0) to (2, 0): the turn (1, 0) x (1, 0) = 0 is not
   * strictly left. */
  PhysVec2 v[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 2 }, { 0, 2 } };
  PhysPolygonCheck check = phys_polygon_validate (v, 5);
  assert_status (check, PHYS_POLYGON_NOT_CONVEX, 1, -1);
  g_assert_cmpfloat (check.cross, ==, 0.0);
}

static void
test_validate_star (void)
{
  /* A pentagram: the unit circle's fifths P_k visited 0, 2, 4, 1, 3. Every turn is the same
   * left turn, but the walk winds twice round. Edge 0 from Q0 = (1, 0) to Q1 = P2
   * = (-0.809, 0.588): Q2 = P4 = (0.309, -0.951) is left of it, (-1.809, 0.588) x
   * (-0.691, -0.951) = 2.127; Q3 = P1 = (0.309, 0.951) is right of it, (-1.809, 0.588) x
   * (-0.691, 0.951) = -1.720 - (-0.406) = -1.314. */
  PhysVec2 v[5];
  static const int order[5] = { 0, 2, 4, 1, 3 };
  for (int k = 0; k < 5; k++)
    v[k] = phys_v2 (cos (2 * PHYS_PI * order[k] / 5), sin (2 * PHYS_PI * order[k] / 5));
  PhysPolygonCheck check = phys_polygon_validate (v, 5);
  assert_status (check, PHYS_POLYGON_NOT_CONVEX, 3, 0);
  g_assert_cmpfloat_with_epsilon (check.cross, -1.314, 1e-3);
  g_assert_cmpfloat (check.signed_area, >, 0.0);
}

/* ------------------------------------------------------------------------------------------ */
/* Mass properties.                                                                           */
/* ------------------------------------------------------------------------------------------ */

static void
test_mass_triangle (void)
{
  /* Right triangle (0, 0), (4, 0), (0, 3), density 1.
   * One fan triangle: e1 = (4, 0), e2 = (0, 3), D = 12: area 6, mass 6.
   * Centroid (0 + 4 + 0, 0 + 0 + 3) / 3 = (4/3, 1).
   * About vertex 0: D / 12 (e1.e1 + e1.e2 + e2.e2) = 1 (16 + 0 + 9) = 25; by hand the polar
   * moment of a right triangle about its right angle is m (a^2 + b^2) / 6 = 6 25 / 6 = 25.
   * About the centroid: 25 - 6 |(4/3, 1)|^2 = 25 - 6 (16/9 + 1) = 25 - 50/3 = 25/3, which is
   * m (a^2 + b^2) / 18 = 150 / 18. About the origin (vertex 0): 25 again. */
  PhysVec2 v[] = { { 0, 0 }, { 4, 0 }, { 0, 3 } };
  PhysPolygon polygon;
  assert_status (phys_polygon_make (&polygon, v, 3), PHYS_POLYGON_OK, -1, -1);
  PhysMassProperties m = phys_polygon_mass_from_density (&polygon, 1.0);
  g_assert_cmpint (m.triangle_count, ==, 1);
  g_assert_cmpfloat (m.cross[0], ==, 12.0);
  g_assert_cmpfloat (m.area, ==, 6.0);
  g_assert_cmpfloat (m.mass, ==, 6.0);
  imp_assert_vec_near (m.centroid, 4.0 / 3.0, 1.0, EPS);
  g_assert_cmpfloat (m.inertia_vertex0, ==, 25.0);
  g_assert_cmpfloat_with_epsilon (m.inertia, 25.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (m.inertia_origin, 25.0, EPS);
}

static void
test_mass_box (void)
{
  /* A 2 x 1 box of mass 3 centred on the origin: area 2, density 1.5, centroid (0, 0),
   * I = m (w^2 + h^2) / 12 = 3 (4 + 1) / 12 = 1.25. The fan from (-1, -0.5): triangles with
   * D = (2, 0) x (2, 1) = 2 and (2, 1) x (0, 1) = 2. */
  PhysPolygon box = phys_polygon_box (2, 1);
  assert_status (phys_polygon_validate (box.vertices, box.count), PHYS_POLYGON_OK, -1, -1);
  PhysMassProperties m = phys_polygon_mass_from_mass (&box, 3.0);
  g_assert_cmpint (m.triangle_count, ==, 2);
  g_assert_cmpfloat (m.cross[0], ==, 2.0);
  g_assert_cmpfloat (m.cross[1], ==, 2.0);
  g_assert_cmpfloat (m.area, ==, 2.0);
  g_assert_cmpfloat (m.density, ==, 1.5);
  g_assert_cmpfloat (m.mass, ==, 3.0);
  imp_assert_vec_near (m.centroid, 0, 0, EPS);
  g_assert_cmpfloat_with_epsilon (m.inertia, 1.25, EPS);
  g_assert_cmpfloat_with_epsilon (m.inertia_origin, 1.25, EPS);
}

static void
test_mass_offset_box (void)
{
  /* The same box with its corner at (1, 1): (1, 1), (3, 1), (3, 2), (1, 2), density 2.
   * Mass 4, centroid (2, 1.5), I = 4 (4 + 1) / 12 = 5/3 about the centroid and, by the
   * parallel axis theorem, 5/3 + 4 (4 + 2.25) = 5/3 + 25 about the origin. */
  PhysVec2 v[] = { { 1, 1 }, { 3, 1 }, { 3, 2 }, { 1, 2 } };
  PhysPolygon polygon;
  assert_status (phys_polygon_make (&polygon, v, 4), PHYS_POLYGON_OK, -1, -1);
  PhysMassProperties m = phys_polygon_mass_from_density (&polygon, 2.0);
  g_assert_cmpfloat (m.mass, ==, 4.0);
  imp_assert_vec_near (m.centroid, 2.0, 1.5, EPS);
  g_assert_cmpfloat_with_epsilon (m.inertia, 5.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (m.inertia_origin, 5.0 / 3.0 + 25.0, EPS);
}

static void
test_mass_regular (void)
{
  /* A regular hexagon of circumradius R = 2: six equilateral triangles of side 2, area
   * 6 (sqrt(3) / 4) 2^2 = 6 sqrt(3). A regular n-gon's moment about its centre is
   * m R^2 (1 + 2 cos^2(pi / n)) / 6; with cos^2(pi / 6) = 3/4 that is m R^2 5 / 12. */
  PhysPolygon hexagon = phys_polygon_regular (6, 2.0, 0.0);
  assert_status (phys_polygon_validate (hexagon.vertices, hexagon.count), PHYS_POLYGON_OK, -1,
                 -1);
  PhysMassProperties m = phys_polygon_mass_from_density (&hexagon, 1.0);
  g_assert_cmpfloat_with_epsilon (m.area, 6.0 * sqrt (3.0), EPS);
  imp_assert_vec_near (m.centroid, 0, 0, EPS);
  g_assert_cmpfloat_with_epsilon (m.inertia, m.mass * 4.0 * 5.0 / 12.0, 1e-11);
}

static void
test_mass_circle (void)
{
  /* A disc of mass 2 and radius 3: m r^2 / 2 = 2 9 / 2 = 9. */
  g_assert_cmpfloat (phys_circle_inertia (2.0, 3.0), ==, 9.0);
}

/* ------------------------------------------------------------------------------------------ */
/* Placement.                                                                                 */
/* ------------------------------------------------------------------------------------------ */

static void
test_place_identity (void)
{
  /* At angle 0 the world vertices are the local ones moved; the box's outward normals are
   * up (0, -1), right (1, 0), down (0, 1) and left (-1, 0) on the y-down screen. */
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysPolygonWorld w = phys_polygon_place (&box, phys_pose (10, 20, 0));
  g_assert_cmpfloat (w.cos_a, ==, 1.0);
  g_assert_cmpfloat (w.sin_a, ==, 0.0);
  imp_assert_vec_equal (w.vertices[0], 9.5, 19.5);
  imp_assert_vec_equal (w.vertices[2], 10.5, 20.5);
  imp_assert_vec_equal (w.edges[0], 1, 0);
  imp_assert_vec_equal (w.normals[0], 0, -1);
  imp_assert_vec_equal (w.normals[1], 1, 0);
  imp_assert_vec_equal (w.normals[2], 0, 1);
  imp_assert_vec_equal (w.normals[3], -1, 0);
}

static void
test_place_quarter_turn (void)
{
  /* A quarter turn (clockwise on screen): local (x, y) goes to (-y, x). Vertex 0 (-0.5, -0.5)
   * goes to (0.5, -0.5), plus (10, 20): (10.5, 19.5); edge 0 (1, 0) becomes (0, 1) and its
   * outward normal (0, -1) becomes (1, 0). */
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysPolygonWorld w = phys_polygon_place (&box, phys_pose (10, 20, PHYS_PI / 2));
  imp_assert_vec_near (w.vertices[0], 10.5, 19.5, EPS);
  imp_assert_vec_near (w.vertices[1], 10.5, 20.5, EPS);
  imp_assert_vec_near (w.edges[0], 0, 1, EPS);
  imp_assert_vec_near (w.normals[0], 1, 0, EPS);
  imp_assert_vec_near (w.normals[1], 0, 1, EPS);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/polygon/validate/ok", test_validate_ok);
  g_test_add_func ("/physics/polygon/validate/too-few", test_validate_too_few);
  g_test_add_func ("/physics/polygon/validate/too-many", test_validate_too_many);
  g_test_add_func ("/physics/polygon/validate/not-finite", test_validate_not_finite);
  g_test_add_func ("/physics/polygon/validate/repeated-point", test_validate_repeated);
  g_test_add_func ("/physics/polygon/validate/degenerate-area", test_validate_degenerate);
  g_test_add_func ("/physics/polygon/validate/clockwise", test_validate_clockwise);
  g_test_add_func ("/physics/polygon/validate/not-convex-reflex", test_validate_reflex);
  g_test_add_func ("/physics/polygon/validate/not-convex-collinear", test_validate_collinear);
  g_test_add_func ("/physics/polygon/validate/not-convex-star", test_validate_star);
  g_test_add_func ("/physics/polygon/mass/triangle", test_mass_triangle);
  g_test_add_func ("/physics/polygon/mass/box", test_mass_box);
  g_test_add_func ("/physics/polygon/mass/offset-box", test_mass_offset_box);
  g_test_add_func ("/physics/polygon/mass/regular-hexagon", test_mass_regular);
  g_test_add_func ("/physics/polygon/mass/circle", test_mass_circle);
  g_test_add_func ("/physics/polygon/place/identity", test_place_identity);
  g_test_add_func ("/physics/polygon/place/quarter-turn", test_place_quarter_turn);

  return g_test_run ();
}
