/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-bezier.c: the closest point of a cubic Bezier curve and circle-curve contact.
 *
 * B(s) = (1-s)^3 P0 + 3 (1-s)^2 s P1 + 3 (1-s) s^2 P2 + s^3 P3; the search brackets
 * the sign changes of g(s) = (B(s) - q).B'(s) and refines them. y grows downwards.
 */
#include <string.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

#define EPS 1e-12
#define RANDOM_SEED_BEZIER 19620917u
#define RANDOM_CURVES 100
#define DENSE_SAMPLES 100000

static PhysBezier
curve (double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3)
{
  PhysBezier c = { { { x0, y0 }, { x1, y1 }, { x2, y2 }, { x3, y3 } } };
  return c;
}

static void
test_evaluate (void)
{
  /* The arch P0 (0, 0), P1 (1, -2), P2 (3, -2), P3 (4, 0) at s = 1/2:
   * B = (P0 + 3 P1 + 3 P2 + P3) / 8 = (0 + 3 + 9 + 4, 0 - 6 - 6 + 0) / 8 = (2, -1.5);
   * B' = 3/4 ((P1 - P0) + 2 (P2 - P1) + (P3 - P2)) = 3/4 ((1, -2) + (4, 0) + (1, 2)) = (4.5, 0);
   * B'' = 6 ((P2 - 2 P1 + P0) + (P3 - 2 P2 + P1)) / 2 = 3 ((1, 2) + (-1, 2)) = (0, 12). */
  PhysBezier arch = curve (0, 0, 1, -2, 3, -2, 4, 0);
  imp_assert_vec_equal (phys_bezier_point (&arch, 0.5), 2, -1.5);
  imp_assert_vec_equal (phys_bezier_derivative (&arch, 0.5), 4.5, 0);
  imp_assert_vec_equal (phys_bezier_second_derivative (&arch, 0.5), 0, 12);
  imp_assert_vec_equal (phys_bezier_point (&arch, 0), 0, 0);
  imp_assert_vec_equal (phys_bezier_point (&arch, 1), 4, 0);
  /* At the ends B' is 3 (P1 - P0) and 3 (P3 - P2). */
  imp_assert_vec_equal (phys_bezier_derivative (&arch, 0), 3, -6);
  imp_assert_vec_equal (phys_bezier_derivative (&arch, 1), 3, 6);
}

static void
test_closest_line (void)
{
  /* Evenly spaced control points on the x axis: B(s) = (3 s, 0). From q = (1.2, 2) the foot is
   * (1.2, 0) at s = 0.4, 2 away; tangent (1, 0), its left normal on screen (0, -1) and the
   * normal towards q (0, 1). g(s) = (3 s - 1.2) 3 changes sign once, between samples 25
   * (s = 0.390625, g = -0.084375) and 26 (s = 0.40625, g = 0.05625). */
  PhysBezier line = curve (0, 0, 1, 0, 2, 0, 3, 0);
  PhysBezierClosest r = phys_bezier_closest (&line, phys_v2 (1.2, 2));

  g_assert_cmpfloat_with_epsilon (r.g_samples[25], (3 * 0.390625 - 1.2) * 3, EPS);
  g_assert_cmpfloat_with_epsilon (r.g_samples[26], (3 * 0.40625 - 1.2) * 3, EPS);
  g_assert_cmpint (r.candidate_count, ==, 3);
  g_assert_true (r.candidates[0].end);
  g_assert_cmpfloat (r.candidates[0].s, ==, 0);
  g_assert_cmpfloat (r.candidates[0].distance_sq, ==, 1.2 * 1.2 + 4);
  g_assert_false (r.candidates[1].end);
  g_assert_cmpfloat (r.candidates[1].lo, ==, 25.0 / 64);
  g_assert_cmpfloat (r.candidates[1].hi, ==, 26.0 / 64);
  /* g is linear here: one Newton step lands on the root. */
  g_assert_cmpint (r.candidates[1].newton_steps, >=, 1);
  g_assert_true (r.candidates[2].end);
  g_assert_cmpfloat (r.candidates[2].s, ==, 1);
  g_assert_cmpint (r.chosen, ==, 1);
  g_assert_cmpfloat_with_epsilon (r.s, 0.4, EPS);
  imp_assert_vec_near (r.point, 1.2, 0, EPS);
  imp_assert_vec_near (r.tangent, 1, 0, EPS);
  imp_assert_vec_near (r.left_normal, 0, -1, EPS);
  imp_assert_vec_near (r.normal, 0, 1, EPS);
  g_assert_cmpfloat_with_epsilon (r.distance, 2, EPS);
}

static void
test_closest_arch_apex (void)
{
  /* The arch above, asked from q = (2, -3), above its apex (2, -1.5). By symmetry g(1/2) = 0;
   * the radius of curvature there, |B'|^3 / |B' x B''| = 4.5^3 / (4.5 12) = 1.6875, lies on
   * the other side (B'' points down), so the apex is the only minimum: s = 1/2, distance 1.5,
   * normal (0, -1) up towards q. */
  PhysBezier arch = curve (0, 0, 1, -2, 3, -2, 4, 0);
  PhysBezierClosest r = phys_bezier_closest (&arch, phys_v2 (2, -3));

  g_assert_cmpfloat (r.g_samples[32], ==, 0);
  g_assert_cmpint (r.candidate_count, ==, 3);
  g_assert_cmpfloat_with_epsilon (r.s, 0.5, EPS);
  imp_assert_vec_near (r.point, 2, -1.5, EPS);
  imp_assert_vec_near (r.tangent, 1, 0, EPS);
  imp_assert_vec_near (r.normal, 0, -1, EPS);
  g_assert_cmpfloat_with_epsilon (r.distance, 1.5, EPS);
}

static void
test_closest_end (void)
{
  /* The arch's end (4, 0) has the tangent B'(1) = 3 (P3 - P2) = (3, 6); q = (5, 2) lies
   * (1, 2) straight ahead of it. g(1) = (B(1) - q).B'(1) = (-1, -2).(3, 6) = -15 < 0: the
   * distance still falls as s reaches 1, so the end is the closest point, sqrt 5 away. */
  PhysBezier arch = curve (0, 0, 1, -2, 3, -2, 4, 0);
  PhysBezierClosest r = phys_bezier_closest (&arch, phys_v2 (5, 2));
  g_assert_cmpfloat (r.g_samples[64], ==, -15);
  g_assert_true (r.candidates[r.chosen].end);
  g_assert_cmpfloat (r.s, ==, 1);
  imp_assert_vec_equal (r.point, 4, 0);
  g_assert_cmpfloat_with_epsilon (r.distance, sqrt (5), EPS);
}

static void
test_closest_dense_sampling (void)
{
  /* Random curves and points: the search's distance is never more than the least of 10^5
   * evenly spaced samples (each sample is a point of the curve, so the true least distance
   * is at most theirs), and the samples come within their spacing's reach of it. */
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_BEZIER);
  for (int c = 0; c < RANDOM_CURVES; c++)
    {
      PhysBezier b;
      for (int k = 0; k < 4; k++)
        b.p[k] = phys_v2 (g_rand_double_range (rand, -5, 5), g_rand_double_range (rand, -5, 5));
      PhysVec2 q = phys_v2 (g_rand_double_range (rand, -6, 6), g_rand_double_range (rand, -6, 6));
      PhysBezierClosest r = phys_bezier_closest (&b, q);

      double best = INFINITY;
      for (int k = 0; k <= DENSE_SAMPLES; k++)
        best = fmin (best, phys_v2_len (phys_v2_sub (phys_bezier_point (&b, (double) k
                                                                            / DENSE_SAMPLES),
                                                     q)));
      g_assert_cmpfloat (r.distance, <=, best + 1e-9);
      g_assert_cmpfloat (r.distance, >=, best - 1e-3);
      g_assert_cmpfloat (r.s, >=, 0);
      g_assert_cmpfloat (r.s, <=, 1);
      g_assert_cmpfloat_with_epsilon (phys_v2_len (r.tangent), 1, EPS);
      g_assert_cmpfloat_with_epsilon (phys_v2_len (r.normal), 1, EPS);
      /* An interior minimum: q - point is perpendicular to the curve. */
      if (!r.candidates[r.chosen].end)
        g_assert_cmpfloat (fabs (phys_v2_dot (r.tangent, r.normal)), <, 1e-6);
    }
  g_rand_free (rand);
}

static void
test_circle_contact (void)
{
  /* The straight curve B(s) = (3 s, 0) and a circle at (1.2, -0.4): the closest point (1.2, 0)
   * is 0.4 away. Radius 0.5: 0.1 deep, normal (0, -1) towards the centre, the circle's
   * deepest point (1.2, -0.4) + 0.5 (0, 1) = (1.2, 0.1). Radius 0.4: touching; 0.3: apart. */
  PhysBezier line = curve (0, 0, 1, 0, 2, 0, 3, 0);
  PhysBezierCircleContact r = phys_bezier_circle_contact (&line, phys_v2 (1.2, -0.4), 0.5);
  g_assert_cmpstr (phys_contact_verdict_name (r.verdict), ==, "overlapping");
  g_assert_cmpfloat_with_epsilon (r.closest.s, 0.4, EPS);
  g_assert_cmpfloat_with_epsilon (r.depth, 0.1, EPS);
  imp_assert_vec_near (r.normal, 0, -1, EPS);
  imp_assert_vec_near (r.point, 1.2, 0, EPS);
  imp_assert_vec_near (r.circle_point, 1.2, 0.1, EPS);

  r = phys_bezier_circle_contact (&line, phys_v2 (1.2, -0.4), 0.4);
  g_assert_cmpstr (phys_contact_verdict_name (r.verdict), ==, "touching");
  r = phys_bezier_circle_contact (&line, phys_v2 (1.2, -0.4), 0.3);
  g_assert_cmpstr (phys_contact_verdict_name (r.verdict), ==, "separated");
  g_assert_cmpfloat_with_epsilon (r.depth, -0.1, EPS);
}

static void
test_determinism (void)
{
  PhysBezier arch = curve (0, 0, 1, -2, 3, -2, 4, 0);
  PhysBezierClosest r1 = phys_bezier_closest (&arch, phys_v2 (2.3, 0.7));
  PhysBezierClosest r2 = phys_bezier_closest (&arch, phys_v2 (2.3, 0.7));
  g_assert_cmpint (memcmp (&r1, &r2, sizeof r1), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/bezier/evaluate/arch", test_evaluate);
  g_test_add_func ("/physics/bezier/closest/straight-line", test_closest_line);
  g_test_add_func ("/physics/bezier/closest/arch-apex", test_closest_arch_apex);
  g_test_add_func ("/physics/bezier/closest/past-the-end", test_closest_end);
  g_test_add_func ("/physics/bezier/closest/dense-sampling", test_closest_dense_sampling);
  g_test_add_func ("/physics/bezier/circle/contact", test_circle_contact);
  g_test_add_func ("/physics/bezier/determinism/same-bits", test_determinism);

  return g_test_run ();
}
