/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-line.c: line against line, and a moving point's predicted impact on a wall.
 *
 * Seed 003 finds where two lines meet three ways - the perp-dot product with
 * similar triangles, the general form E x + F y = G, and the inverse of the
 * 2 x 2 matrix of that form - and turns the distance to the meeting point into
 * a signed time to impact (negative: it already happened). Every hand-made
 * case shows its arithmetic in the comment above it.
 *
 * Screen coordinates: y grows downwards, so the perp-dot a x b = a.x b.y - a.y b.x
 * is a projected on the left normal (b.y, -b.x) of b, which is seed 003's right
 * normal in its y-up diagrams.
 */
#include <glib.h>

#include "phys.h"
#include "test-util.h"

/* Hand-computed values are exact or a few roundings away from it. */
#define EPS 1e-12
/* The three methods must agree to this, times the size of the coordinates. */
#define AGREE 1e-9

#define RANDOM_SEED_LINES 20110916u
#define RANDOM_CASES 20000

static void
assert_lines_verdict (PhysLinesVerdict verdict, PhysLinesVerdict expected)
{
  g_assert_cmpstr (phys_lines_verdict_name (verdict), ==, phys_lines_verdict_name (expected));
  g_assert_cmpint (verdict, ==, expected);
}

static void
assert_probe_verdict (PhysProbeVerdict verdict, PhysProbeVerdict expected)
{
  g_assert_cmpstr (phys_probe_verdict_name (verdict), ==, phys_probe_verdict_name (expected));
  g_assert_cmpint (verdict, ==, expected);
}

/* ------------------------------------------------------------------------------------------ */
/* The perp-dot product and the normals it is built on.                                       */
/* ------------------------------------------------------------------------------------------ */

static void
test_perp_dot (void)
{
  PhysVec2 a = phys_v2 (3, 4);
  PhysVec2 b = phys_v2 (1, 2);

  /* (3, 4) x (1, 2) = 3 * 2 - 4 * 1 = 2, and the other way round -2. */
  g_assert_cmpfloat (phys_v2_cross (a, b), ==, 2);
  g_assert_cmpfloat (phys_v2_cross (b, a), ==, -2);
  g_assert_cmpfloat (phys_v2_cross (a, a), ==, 0);
  /* Parallel vectors: (1, 2) x (2, 4) = 4 - 4 = 0. */
  g_assert_cmpfloat (phys_v2_cross (b, phys_v2 (2, 4)), ==, 0);
  /* a x b = |a| |b| sin(angle): (2, 0) x (0, 3) = 6 = 2 * 3 * sin(90 degrees). */
  g_assert_cmpfloat (phys_v2_cross (phys_v2 (2, 0), phys_v2 (0, 3)), ==, 6);
  /* a x unit(b) is the length of a across b: (3, 4) x (1, 0) = -4, 4 units off the x axis
   * (the sign says which side). */
  g_assert_cmpfloat (phys_v2_cross (a, phys_v2 (1, 0)), ==, -4);
  /* The perp-dot is the dot product with the left normal on screen: left((1, 2)) = (2, -1),
   * (3, 4).(2, -1) = 6 - 4 = 2. */
  imp_assert_vec_equal (phys_v2_left_normal (b), 2, -1);
  g_assert_cmpfloat (phys_v2_dot (a, phys_v2_left_normal (b)), ==, phys_v2_cross (a, b));
  /* Facing right on screen (y down), left is up and right is down. */
  imp_assert_vec_equal (phys_v2_left_normal (phys_v2 (1, 0)), 0, -1);
  imp_assert_vec_equal (phys_v2_right_normal (phys_v2 (1, 0)), 0, 1);
  /* Right normal of (1, 2) is (-2, 1): the left normal turned round. */
  imp_assert_vec_equal (phys_v2_right_normal (b), -2, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Line against line: every field by hand.                                                    */
/* ------------------------------------------------------------------------------------------ */

static void
test_intersection_vertical_wall (void)
{
  /* Line 1 through p = (2, 1) with direction k = (4, 3), |k| = 5; line 2 through A = (10, 0)
   * and B = (10, 10), the vertical x = 10.
   * Perp-dot: w = B - A = (0, 10), w_unit = (0, 1), to_a = A - p = (8, -1).
   *   perp_k = k x w_unit = 4 * 1 - 3 * 0 = 4; perp_to_a = 8 * 1 - (-1) * 0 = 8.
   *   Similar triangles: the point is 8 / 4 = 2 directions along k: length = 2 * 5 = 10,
   *   point = (2, 1) + 2 (4, 3) = (10, 7).
   * General form, line 1 through p and q = p + k = (6, 4):
   *   E = 4 - 1 = 3, F = 2 - 6 = -4, G = 2 * 4 - 1 * 6 = 2: 3 x - 4 y = 2.
   *   Line 2: P = 10 - 0 = 10, Q = 10 - 10 = 0, R = 10 * 10 - 0 * 10 = 100: 10 x = 100.
   *   det = E Q - P F = 0 + 40 = 40; x = (G Q - R F) / det = 400 / 40 = 10,
   *   y = (R E - G P) / det = (300 - 20) / 40 = 7.
   * Matrix: inverse = [Q -F; -P E] / det = [0 4; -10 3] / 40 = [0 0.1; -0.25 0.075];
   *   (x, y) = (0 * 2 + 0.1 * 100, -0.25 * 2 + 0.075 * 100) = (10, 7). */
  PhysLineIntersection s
      = phys_line_intersection (phys_v2 (2, 1), phys_v2 (4, 3), phys_v2 (10, 0), phys_v2 (10, 10));

  assert_lines_verdict (s.verdict, PHYS_LINES_INTERSECT);
  imp_assert_vec_equal (s.p, 2, 1);
  imp_assert_vec_equal (s.k, 4, 3);
  imp_assert_vec_equal (s.a, 10, 0);
  imp_assert_vec_equal (s.b, 10, 10);
  imp_assert_vec_equal (s.w, 0, 10);
  imp_assert_vec_equal (s.w_unit, 0, 1);
  imp_assert_vec_equal (s.to_a, 8, -1);
  g_assert_cmpfloat (s.perp_k, ==, 4);
  g_assert_cmpfloat (s.perp_to_a, ==, 8);
  g_assert_cmpfloat_with_epsilon (s.length, 10, EPS);
  imp_assert_vec_near (s.point_perp, 10, 7, EPS);
  g_assert_cmpfloat (s.E, ==, 3);
  g_assert_cmpfloat (s.F, ==, -4);
  g_assert_cmpfloat (s.G, ==, 2);
  g_assert_cmpfloat (s.P, ==, 10);
  g_assert_cmpfloat (s.Q, ==, 0);
  g_assert_cmpfloat (s.R, ==, 100);
  g_assert_cmpfloat (s.det, ==, 40);
  imp_assert_vec_near (s.point_general, 10, 7, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[0][0], 0, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[0][1], 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[1][0], -0.25, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[1][1], 0.075, EPS);
  imp_assert_vec_near (s.point_matrix, 10, 7, EPS);
  g_assert_cmpfloat (s.max_disagreement, <, EPS);
}

static void
test_intersection_seed_ship (void)
{
  /* Seed 003's ship and wall: the ship at p = (1, 2) heading k = (3, -4) (|k| = 5, up and
   * right on screen); the wall from A = (3.5, -5) to B = (7.5, -3).
   * Perp-dot: w = (4, 2), |w| = sqrt 20 = 2 sqrt 5, w_unit = (2, 1) / sqrt 5.
   *   to_a = (2.5, -7). perp_k = (3 * 1 + 4 * 2) / sqrt 5 = 11 / sqrt 5;
   *   perp_to_a = (2.5 * 1 + 7 * 2) / sqrt 5 = 16.5 / sqrt 5. Ratio 16.5 / 11 = 1.5:
   *   length = 1.5 * 5 = 7.5, point = (1, 2) + 1.5 (3, -4) = (5.5, -4).
   * General form, q = (4, -2): E = -2 - 2 = -4, F = 1 - 4 = -3, G = 1 * -2 - 2 * 4 = -10:
   *   -4 x - 3 y = -10. P = -3 + 5 = 2, Q = 3.5 - 7.5 = -4, R = 3.5 * -3 + 5 * 7.5 = 27:
   *   2 x - 4 y = 27. det = (-4)(-4) - 2 (-3) = 22.
   *   x = (G Q - R F) / det = (40 + 81) / 22 = 5.5; y = (R E - G P) / det = (-108 + 20) / 22 = -4.
   * Matrix: inverse = [-4 3; -2 -4] / 22; (x, y) = ((40 + 81) / 22, (20 - 108) / 22). */
  PhysLineIntersection s = phys_line_intersection (phys_v2 (1, 2), phys_v2 (3, -4),
                                                   phys_v2 (3.5, -5), phys_v2 (7.5, -3));
  double root5 = sqrt (5.0);

  assert_lines_verdict (s.verdict, PHYS_LINES_INTERSECT);
  imp_assert_vec_equal (s.w, 4, 2);
  imp_assert_vec_near (s.w_unit, 2 / root5, 1 / root5, EPS);
  imp_assert_vec_equal (s.to_a, 2.5, -7);
  g_assert_cmpfloat_with_epsilon (s.perp_k, 11 / root5, EPS);
  g_assert_cmpfloat_with_epsilon (s.perp_to_a, 16.5 / root5, EPS);
  g_assert_cmpfloat_with_epsilon (s.length, 7.5, EPS);
  imp_assert_vec_near (s.point_perp, 5.5, -4, EPS);
  g_assert_cmpfloat (s.E, ==, -4);
  g_assert_cmpfloat (s.F, ==, -3);
  g_assert_cmpfloat (s.G, ==, -10);
  g_assert_cmpfloat (s.P, ==, 2);
  g_assert_cmpfloat (s.Q, ==, -4);
  g_assert_cmpfloat (s.R, ==, 27);
  g_assert_cmpfloat (s.det, ==, 22);
  imp_assert_vec_near (s.point_general, 5.5, -4, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[0][0], -4.0 / 22, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[0][1], 3.0 / 22, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[1][0], -2.0 / 22, EPS);
  g_assert_cmpfloat_with_epsilon (s.inverse[1][1], -4.0 / 22, EPS);
  imp_assert_vec_near (s.point_matrix, 5.5, -4, EPS);
  g_assert_cmpfloat (s.max_disagreement, <, EPS);
}

static void
test_intersection_behind_the_start (void)
{
  /* p = (5, 5) heading k = (1, 1) away from the line x + y = 4 through A = (0, 4), B = (4, 0).
   * w = (4, -4), w_unit = (1, -1) / sqrt 2, to_a = (-5, -1).
   * perp_k = (1 * -1 - 1 * 1) / sqrt 2 = -2 / sqrt 2; perp_to_a = (5 + 1) / sqrt 2 = 6 / sqrt 2.
   * Ratio -3: the lines meet 3 directions back, at (5, 5) - 3 (1, 1) = (2, 2);
   * length = -3 sqrt 2 (signed: behind). */
  PhysLineIntersection s
      = phys_line_intersection (phys_v2 (5, 5), phys_v2 (1, 1), phys_v2 (0, 4), phys_v2 (4, 0));

  assert_lines_verdict (s.verdict, PHYS_LINES_INTERSECT);
  g_assert_cmpfloat_with_epsilon (s.perp_k, -2 / sqrt (2.0), EPS);
  g_assert_cmpfloat_with_epsilon (s.perp_to_a, 6 / sqrt (2.0), EPS);
  g_assert_cmpfloat_with_epsilon (s.length, -3 * sqrt (2.0), EPS);
  imp_assert_vec_near (s.point_perp, 2, 2, EPS);
  imp_assert_vec_near (s.point_general, 2, 2, EPS);
  imp_assert_vec_near (s.point_matrix, 2, 2, EPS);
}

/* ------------------------------------------------------------------------------------------ */
/* Line against line: the three methods agree, one path per pair.                             */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  double px, py, kx, ky;
  double ax, ay, bx, by;
  double x, y; /* the meeting point, by hand */
} LinePairRow;

static const LinePairRow line_rows[] = {
  /* 3 x - 4 y = 2 meets x = 10 at y = 7. */
  { "vertical-wall", 2, 1, 4, 3, 10, 0, 10, 10, 10, 7 },
  /* The same wall given from B to A. */
  { "reversed-wall", 2, 1, 4, 3, 10, 10, 10, 0, 10, 7 },
  /* y = 2 x meets y = 6 at x = 3. */
  { "horizontal-wall", 0, 0, 1, 2, -5, 6, 5, 6, 3, 6 },
  /* Seed 003's ship: (1, 2) + 1.5 (3, -4) = (5.5, -4). */
  { "seed-ship", 1, 2, 3, -4, 3.5, -5, 7.5, -3, 5.5, -4 },
  /* y = x meets x + y = 4 at (2, 2). */
  { "diagonals", 0, 0, 1, 1, 0, 4, 4, 0, 2, 2 },
  /* The same point, 3 directions behind the start. */
  { "behind-the-start", 5, 5, 1, 1, 0, 4, 4, 0, 2, 2 },
  /* A tiny direction vector changes nothing but the ratio: (0, 0) + 2000 (1e-3, 1e-3). */
  { "tiny-direction", 0, 0, 1e-3, 1e-3, 0, 4, 4, 0, 2, 2 },
  /* Steep: x = -3 + t, y = 8 t meets y = 8 at t = 1: (-2, 8). */
  { "steep", -3, 0, 1, 8, -10, 8, 10, 8, -2, 8 },
  /* Nearly parallel (1 in 1000): y = x / 1000 meets y = 1 at x = 1000. */
  { "nearly-parallel", 0, 0, 1000, 1, 0, 1, 1, 1, 1000, 1 },
  /* Far from the origin: x = 1000 meets y = 1500 + (x - 990) / 2 at y = 1505. */
  { "far-from-origin", 1000, 2000, 0, -1, 990, 1500, 1010, 1510, 1000, 1505 },
  /* The meeting point outside segment AB does not matter to infinite lines:
   * y = 0 meets x = 7 (A = (7, 2), B = (7, 3)) at (7, 0). */
  { "outside-the-segment", 0, 0, 1, 0, 7, 2, 7, 3, 7, 0 },
};

static void
test_intersection_agree_row (gconstpointer data)
{
  const LinePairRow *row = data;
  PhysLineIntersection s
      = phys_line_intersection (phys_v2 (row->px, row->py), phys_v2 (row->kx, row->ky),
                                phys_v2 (row->ax, row->ay), phys_v2 (row->bx, row->by));
  double scale = MAX (1.0, MAX (fabs (row->x), fabs (row->y)));
  double tol = AGREE * scale;

  assert_lines_verdict (s.verdict, PHYS_LINES_INTERSECT);
  imp_assert_vec_near (s.point_perp, row->x, row->y, tol);
  imp_assert_vec_near (s.point_general, row->x, row->y, tol);
  imp_assert_vec_near (s.point_matrix, row->x, row->y, tol);
  imp_assert_vec_near (s.point_general, s.point_perp.x, s.point_perp.y, tol);
  imp_assert_vec_near (s.point_matrix, s.point_perp.x, s.point_perp.y, tol);
  imp_assert_vec_near (s.point_matrix, s.point_general.x, s.point_general.y, tol);
  g_assert_cmpfloat (s.max_disagreement, <, tol);
  /* length is the signed distance from p to the point along k. */
  PhysVec2 to_point = phys_v2_sub (phys_v2 (row->x, row->y), phys_v2 (row->px, row->py));
  double sign = phys_v2_dot (to_point, phys_v2 (row->kx, row->ky)) < 0.0 ? -1.0 : 1.0;
  g_assert_cmpfloat_with_epsilon (s.length, sign * phys_v2_len (to_point), tol);
  /* det is E Q - P F, which is k x w. */
  g_assert_cmpfloat_with_epsilon (s.det, phys_v2_cross (phys_v2 (row->kx, row->ky), s.w),
                                  1e-12 * MAX (1.0, fabs (s.det)));
}

/* ------------------------------------------------------------------------------------------ */
/* Line against line: no single meeting point.                                                */
/* ------------------------------------------------------------------------------------------ */

static void
test_intersection_parallel (void)
{
  /* k = (2, 1) along w = (4, 2): k x w = 2 * 2 - 1 * 4 = 0.
   * General form: E = 1, F = -2, P = 2, Q = -4: det = 1 * -4 - 2 * -2 = 0.
   * The perp-dot terms are still shown: perp_k = 0 (k has nothing across line 2);
   * to_a = (0, 5), perp_to_a = (0 * 2 - 5 * 4) / sqrt 20 = -sqrt 20 = -2 sqrt 5, the
   * (signed) distance between the lines y = x / 2 and y = x / 2 + 5. Nothing is divided by
   * zero: the points stay at zero. */
  PhysLineIntersection s
      = phys_line_intersection (phys_v2 (0, 0), phys_v2 (2, 1), phys_v2 (0, 5), phys_v2 (4, 7));

  assert_lines_verdict (s.verdict, PHYS_LINES_PARALLEL);
  g_assert_cmpfloat_with_epsilon (s.perp_k, 0, EPS);
  g_assert_cmpfloat_with_epsilon (s.perp_to_a, -2 * sqrt (5.0), EPS);
  g_assert_cmpfloat (s.E, ==, 1);
  g_assert_cmpfloat (s.F, ==, -2);
  g_assert_cmpfloat (s.P, ==, 2);
  g_assert_cmpfloat (s.Q, ==, -4);
  g_assert_cmpfloat (s.det, ==, 0);
  g_assert_cmpfloat (s.length, ==, 0);
  imp_assert_vec_equal (s.point_perp, 0, 0);
  imp_assert_vec_equal (s.point_general, 0, 0);
  imp_assert_vec_equal (s.point_matrix, 0, 0);

  /* Opposite direction, still parallel. */
  s = phys_line_intersection (phys_v2 (0, 0), phys_v2 (-2, -1), phys_v2 (0, 5), phys_v2 (4, 7));
  assert_lines_verdict (s.verdict, PHYS_LINES_PARALLEL);
  /* The very same line (collinear): every point is common, no single one. */
  s = phys_line_intersection (phys_v2 (0, 5), phys_v2 (2, 1), phys_v2 (0, 5), phys_v2 (4, 7));
  assert_lines_verdict (s.verdict, PHYS_LINES_PARALLEL);
  g_assert_cmpfloat (s.perp_to_a, ==, 0);
}

static void
test_intersection_zero_length (void)
{
  /* k = (0, 0) has no direction: PARALLEL (nothing to intersect), det = 0. */
  PhysLineIntersection s
      = phys_line_intersection (phys_v2 (1, 1), phys_v2 (0, 0), phys_v2 (0, 5), phys_v2 (4, 7));
  assert_lines_verdict (s.verdict, PHYS_LINES_PARALLEL);
  g_assert_cmpfloat (s.det, ==, 0);
  g_assert_cmpfloat (s.perp_k, ==, 0);

  /* A = B: line 2 has no direction either; w_unit falls back to zero. */
  s = phys_line_intersection (phys_v2 (1, 1), phys_v2 (1, 0), phys_v2 (3, 3), phys_v2 (3, 3));
  assert_lines_verdict (s.verdict, PHYS_LINES_PARALLEL);
  imp_assert_vec_equal (s.w, 0, 0);
  imp_assert_vec_equal (s.w_unit, 0, 0);
  g_assert_cmpfloat (s.det, ==, 0);
}

static void
test_intersection_parallel_threshold (void)
{
  /* PARALLEL when |k x w| <= 1e-12 |k| |w|. With w = (1, 0):
   * k = (1, 1e-13): |k x w| = 1e-13 <= 1e-12 -> PARALLEL;
   * k = (1, 1e-11): 1e-11 > 1e-12 -> INTERSECT, and the lines (y = 1e-11 x and y = 1e-6)
   * meet at x = 1e5. */
  PhysLineIntersection s = phys_line_intersection (phys_v2 (0, 0), phys_v2 (1, 1e-13),
                                                   phys_v2 (0, 1e-6), phys_v2 (1, 1e-6));
  assert_lines_verdict (s.verdict, PHYS_LINES_PARALLEL);

  s = phys_line_intersection (phys_v2 (0, 0), phys_v2 (1, 1e-11), phys_v2 (0, 1e-6),
                              phys_v2 (1, 1e-6));
  assert_lines_verdict (s.verdict, PHYS_LINES_INTERSECT);
  g_assert_cmpfloat_with_epsilon (s.point_perp.x, 1e5, 1e5 * 1e-9);
  g_assert_cmpfloat_with_epsilon (s.point_perp.y, 1e-6, 1e-15);
}

static double
rand_range (GRand *rand, double lo, double hi)
{
  return g_rand_double_range (rand, lo, hi);
}

static PhysVec2
rand_vec (GRand *rand, double lo, double hi)
{
  double x = rand_range (rand, lo, hi);
  double y = rand_range (rand, lo, hi);
  return phys_v2 (x, y);
}

static void
test_intersection_random_agree (void)
{
  /* Random pairs not closer to parallel than sin(angle) = 0.05: the three points agree, and
   * the point lies on both lines. */
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_LINES);
  int tested = 0;

  for (int i = 0; i < RANDOM_CASES; i++)
    {
      PhysVec2 p = rand_vec (rand, -100, 100);
      PhysVec2 k = rand_vec (rand, -10, 10);
      PhysVec2 a = rand_vec (rand, -100, 100);
      PhysVec2 b = rand_vec (rand, -100, 100);
      PhysVec2 w = phys_v2_sub (b, a);
      double ku = phys_v2_len (k), wu = phys_v2_len (w);

      if (ku < 1e-3 || wu < 1e-3 || fabs (phys_v2_cross (k, w)) < 0.05 * ku * wu)
        continue;
      tested++;

      PhysLineIntersection s = phys_line_intersection (p, k, a, b);
      double scale = MAX (1.0, MAX (phys_v2_len (s.point_perp),
                                    MAX (phys_v2_len (p), MAX (phys_v2_len (a), phys_v2_len (b)))));
      double tol = AGREE * scale;

      assert_lines_verdict (s.verdict, PHYS_LINES_INTERSECT);
      g_assert_cmpfloat (s.max_disagreement, <, tol);
      imp_assert_vec_near (s.point_general, s.point_perp.x, s.point_perp.y, tol);
      imp_assert_vec_near (s.point_matrix, s.point_perp.x, s.point_perp.y, tol);
      /* On line 1 and on line 2: nothing across either direction. */
      g_assert_cmpfloat (fabs (phys_v2_cross (phys_v2_sub (s.point_perp, p), phys_v2_unit (k))), <,
                         tol);
      g_assert_cmpfloat (fabs (phys_v2_cross (phys_v2_sub (s.point_perp, a), phys_v2_unit (w))), <,
                         tol);
    }
  g_assert_cmpint (tested, >, RANDOM_CASES / 2);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------------------------ */
/* A moving point's predicted impact (seed 003's ship).                                       */
/* ------------------------------------------------------------------------------------------ */

/* The ship of the seed-ship case: at (1, 2) in frame 1, moving (3, -4) per frame (speed 5);
 * the wall through (5.5, -4) with direction (4, 2). */
#define SHIP_X 1
#define SHIP_Y 2
#define SHIP_VX 3
#define SHIP_VY -4

static PhysProbeRecord
ship_probe (int frame, double ax, double ay, double bx, double by)
{
  /* Frame 1 is the start; each frame the ship moves one velocity on. */
  PhysVec2 p = phys_v2 (SHIP_X + (frame - 1) * SHIP_VX, SHIP_Y + (frame - 1) * SHIP_VY);
  return phys_probe_predict (p, phys_v2 (SHIP_VX, SHIP_VY), phys_v2 (ax, ay), phys_v2 (bx, by));
}

static void
test_probe_ahead (void)
{
  /* Frame 1: the path meets the wall at (5.5, -4), 1.5 velocities ahead:
   * displacement = |(4.5, -6)| = 7.5, speed = |(3, -4)| = 5, time = 7.5 / 5 = 1.5 frames.
   * along = ((5.5, -4) - A).(B - A) / |B - A|^2 = (2, 1).(4, 2) / 20 = 10 / 20 = 0.5. */
  PhysProbeRecord s = ship_probe (1, 3.5, -5, 7.5, -3);

  assert_probe_verdict (s.verdict, PHYS_PROBE_AHEAD);
  assert_lines_verdict (s.lines.verdict, PHYS_LINES_INTERSECT);
  imp_assert_vec_near (s.point, 5.5, -4, EPS);
  imp_assert_vec_equal (s.point, s.lines.point_perp.x, s.lines.point_perp.y);
  g_assert_cmpfloat_with_epsilon (s.displacement, 7.5, EPS);
  g_assert_cmpfloat (s.speed, ==, 5);
  g_assert_cmpfloat_with_epsilon (s.time_to_impact, 1.5, EPS);
  g_assert_cmpfloat_with_epsilon (s.along, 0.5, EPS);
  g_assert_true (s.within);
}

static void
test_probe_behind (void)
{
  /* Frame 3: the ship at (7, -6) has flown past. to_point = (5.5, -4) - (7, -6) = (-1.5, 2),
   * |.| = 2.5, but (-1.5, 2).(3, -4) = -4.5 - 8 = -12.5 < 0: displacement -2.5,
   * time = -2.5 / 5 = -0.5 frames: the impact already happened. */
  PhysProbeRecord s = ship_probe (3, 3.5, -5, 7.5, -3);

  assert_probe_verdict (s.verdict, PHYS_PROBE_BEHIND);
  imp_assert_vec_near (s.point, 5.5, -4, EPS);
  g_assert_cmpfloat_with_epsilon (s.lines.length, -2.5, EPS);
  g_assert_cmpfloat_with_epsilon (s.displacement, -2.5, EPS);
  g_assert_cmpfloat_with_epsilon (s.time_to_impact, -0.5, EPS);
  g_assert_cmpfloat_with_epsilon (s.along, 0.5, EPS);
  g_assert_true (s.within);
}

static void
test_probe_seed_sequence (void)
{
  /* Seed 003: "Time to impact: 1.5 frames" in frame 1, "0.5 frames" in frame 2 and
   * "-0.5 frames" in frame 3: the ship crossed the wall between frames 2 and 3.
   * Positions (1, 2), (4, -2), (7, -6); displacements 7.5, 2.5, -2.5; speed 5. */
  static const double times[] = { 1.5, 0.5, -0.5 };
  static const double displacements[] = { 7.5, 2.5, -2.5 };
  static const PhysProbeVerdict verdicts[]
      = { PHYS_PROBE_AHEAD, PHYS_PROBE_AHEAD, PHYS_PROBE_BEHIND };

  for (int frame = 1; frame <= 3; frame++)
    {
      PhysProbeRecord s = ship_probe (frame, 3.5, -5, 7.5, -3);

      assert_probe_verdict (s.verdict, verdicts[frame - 1]);
      imp_assert_vec_near (s.point, 5.5, -4, EPS);
      g_assert_cmpfloat (s.speed, ==, 5);
      g_assert_cmpfloat_with_epsilon (s.displacement, displacements[frame - 1], EPS);
      g_assert_cmpfloat_with_epsilon (s.time_to_impact, times[frame - 1], EPS);
      g_assert_cmpfloat_with_epsilon (s.time_to_impact, s.displacement / s.speed, EPS);
      /* One frame later is one frame less to go. */
      if (frame > 1)
        {
          PhysProbeRecord before = ship_probe (frame - 1, 3.5, -5, 7.5, -3);
          g_assert_cmpfloat_with_epsilon (before.time_to_impact - s.time_to_impact, 1.0, EPS);
        }
    }
}

static void
test_probe_time_scales_with_speed (void)
{
  /* Twice the velocity, (6, -8): the same point 7.5 away, speed 10, time 0.75 frames. */
  PhysProbeRecord s
      = phys_probe_predict (phys_v2 (1, 2), phys_v2 (6, -8), phys_v2 (3.5, -5), phys_v2 (7.5, -3));

  assert_probe_verdict (s.verdict, PHYS_PROBE_AHEAD);
  g_assert_cmpfloat_with_epsilon (s.displacement, 7.5, EPS);
  g_assert_cmpfloat (s.speed, ==, 10);
  g_assert_cmpfloat_with_epsilon (s.time_to_impact, 0.75, EPS);
}

static void
test_probe_on_the_wall (void)
{
  /* The ship exactly on the wall at (5.5, -4): to_a = (-2, -1) runs along the wall, so
   * perp_to_a = 0, displacement 0, time 0. Time <= 0 counts as "already happened", as in
   * seed 003 (only displacement > 0 is painted as a future impact). */
  PhysProbeRecord s = phys_probe_predict (phys_v2 (5.5, -4), phys_v2 (3, -4), phys_v2 (3.5, -5),
                                          phys_v2 (7.5, -3));

  assert_probe_verdict (s.verdict, PHYS_PROBE_BEHIND);
  g_assert_cmpfloat (s.lines.perp_to_a, ==, 0);
  g_assert_cmpfloat (s.displacement, ==, 0);
  g_assert_cmpfloat (s.time_to_impact, ==, 0);
  g_assert_cmpfloat_with_epsilon (s.along, 0.5, EPS);
}

static void
test_probe_off_segment_before_a (void)
{
  /* The wall moved up its line to A = (7.5, -3), B = (11.5, -1) (0.5 and 1.5 directions from
   * the meeting point): along = ((5.5, -4) - (7.5, -3)).(4, 2) / 20 = (-2, -1).(4, 2) / 20
   * = -0.5 < 0. The time is still computed: 1.5 frames to the line. */
  PhysProbeRecord s = ship_probe (1, 7.5, -3, 11.5, -1);

  assert_probe_verdict (s.verdict, PHYS_PROBE_OFF_SEGMENT);
  imp_assert_vec_near (s.point, 5.5, -4, EPS);
  g_assert_cmpfloat_with_epsilon (s.along, -0.5, EPS);
  g_assert_false (s.within);
  g_assert_cmpfloat_with_epsilon (s.time_to_impact, 1.5, EPS);
}

static void
test_probe_off_segment_after_b (void)
{
  /* The wall moved down its line to A = (-0.5, -7), B = (3.5, -5):
   * along = (6, 3).(4, 2) / 20 = 30 / 20 = 1.5 > 1. */
  PhysProbeRecord s = ship_probe (1, -0.5, -7, 3.5, -5);

  assert_probe_verdict (s.verdict, PHYS_PROBE_OFF_SEGMENT);
  g_assert_cmpfloat_with_epsilon (s.along, 1.5, EPS);
  g_assert_false (s.within);
  g_assert_cmpfloat_with_epsilon (s.time_to_impact, 1.5, EPS);

  /* Off the segment wins over behind: frame 3 against the same wall. */
  s = ship_probe (3, -0.5, -7, 3.5, -5);
  assert_probe_verdict (s.verdict, PHYS_PROBE_OFF_SEGMENT);
  g_assert_cmpfloat_with_epsilon (s.time_to_impact, -0.5, EPS);
}

static void
test_probe_at_the_ends (void)
{
  /* The ends belong to the segment: A = (5.5, -4) itself gives along 0, B = (5.5, -4) gives
   * along 1; both AHEAD, 1.5 frames. */
  PhysProbeRecord s = ship_probe (1, 5.5, -4, 9.5, -2);

  assert_probe_verdict (s.verdict, PHYS_PROBE_AHEAD);
  g_assert_cmpfloat_with_epsilon (s.along, 0, EPS);
  g_assert_true (s.within);

  s = ship_probe (1, 1.5, -6, 5.5, -4);
  assert_probe_verdict (s.verdict, PHYS_PROBE_AHEAD);
  g_assert_cmpfloat_with_epsilon (s.along, 1, EPS);
  g_assert_true (s.within);
}

static void
test_probe_parallel (void)
{
  /* Moving along the wall's direction (4, 2): the path never meets the line.
   * speed = sqrt 20; no point, no time. */
  PhysProbeRecord s
      = phys_probe_predict (phys_v2 (1, 2), phys_v2 (4, 2), phys_v2 (3.5, -5), phys_v2 (7.5, -3));

  assert_probe_verdict (s.verdict, PHYS_PROBE_PARALLEL);
  assert_lines_verdict (s.lines.verdict, PHYS_LINES_PARALLEL);
  g_assert_cmpfloat_with_epsilon (s.speed, sqrt (20.0), EPS);
  g_assert_cmpfloat (s.displacement, ==, 0);
  g_assert_cmpfloat (s.time_to_impact, ==, 0);
  g_assert_false (s.within);
}

static void
test_probe_still (void)
{
  /* A ship that does not move never arrives: STILL, speed 0, before the parallel test
   * (a zero direction is also "parallel" to the line). */
  PhysProbeRecord s
      = phys_probe_predict (phys_v2 (1, 2), phys_v2 (0, 0), phys_v2 (3.5, -5), phys_v2 (7.5, -3));

  assert_probe_verdict (s.verdict, PHYS_PROBE_STILL);
  assert_lines_verdict (s.lines.verdict, PHYS_LINES_PARALLEL);
  g_assert_cmpfloat (s.speed, ==, 0);
  g_assert_cmpfloat (s.time_to_impact, ==, 0);
  g_assert_false (s.within);
}

static void
test_names (void)
{
  g_assert_cmpstr (phys_lines_verdict_name (PHYS_LINES_INTERSECT), ==, "intersect");
  g_assert_cmpstr (phys_lines_verdict_name (PHYS_LINES_PARALLEL), ==, "parallel");
  g_assert_cmpstr (phys_probe_verdict_name (PHYS_PROBE_AHEAD), ==, "ahead");
  g_assert_cmpstr (phys_probe_verdict_name (PHYS_PROBE_BEHIND), ==, "behind");
  g_assert_cmpstr (phys_probe_verdict_name (PHYS_PROBE_OFF_SEGMENT), ==, "off-segment");
  g_assert_cmpstr (phys_probe_verdict_name (PHYS_PROBE_PARALLEL), ==, "parallel");
  g_assert_cmpstr (phys_probe_verdict_name (PHYS_PROBE_STILL), ==, "still");
  g_assert_cmpstr (phys_probe_verdict_name ((PhysProbeVerdict)99), ==, "unknown");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/line/perp-dot", test_perp_dot);
  g_test_add_func ("/physics/line/intersection/vertical-wall", test_intersection_vertical_wall);
  g_test_add_func ("/physics/line/intersection/seed-ship", test_intersection_seed_ship);
  g_test_add_func ("/physics/line/intersection/behind-the-start",
                   test_intersection_behind_the_start);
  for (gsize i = 0; i < G_N_ELEMENTS (line_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/line/intersection/agree/%s", line_rows[i].name);
      g_test_add_data_func (path, &line_rows[i], test_intersection_agree_row);
      g_free (path);
    }
  g_test_add_func ("/physics/line/intersection/parallel", test_intersection_parallel);
  g_test_add_func ("/physics/line/intersection/zero-length", test_intersection_zero_length);
  g_test_add_func ("/physics/line/intersection/parallel-threshold",
                   test_intersection_parallel_threshold);
  g_test_add_func ("/physics/line/intersection/random-agree", test_intersection_random_agree);

  g_test_add_func ("/physics/line/probe/ahead", test_probe_ahead);
  g_test_add_func ("/physics/line/probe/behind", test_probe_behind);
  g_test_add_func ("/physics/line/probe/seed-sequence", test_probe_seed_sequence);
  g_test_add_func ("/physics/line/probe/time-scales-with-speed", test_probe_time_scales_with_speed);
  g_test_add_func ("/physics/line/probe/on-the-wall", test_probe_on_the_wall);
  g_test_add_func ("/physics/line/probe/off-segment-before-a", test_probe_off_segment_before_a);
  g_test_add_func ("/physics/line/probe/off-segment-after-b", test_probe_off_segment_after_b);
  g_test_add_func ("/physics/line/probe/at-the-ends", test_probe_at_the_ends);
  g_test_add_func ("/physics/line/probe/parallel", test_probe_parallel);
  g_test_add_func ("/physics/line/probe/still", test_probe_still);
  g_test_add_func ("/physics/line/names", test_names);

  return g_test_run ();
}
