/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-response.c: the circle-circle impulse and the segment responses.
 *
 * The impulse is seed 000's j = -(1 + e) (v1 - v2).n / (1/m1 + 1/m2) with
 * e = sqrt(e1 e2); with e = 1 on a line it must give seed 001's elastic
 * formulas. The segment responses are seed 002's reflection A' = A + 2 V(Ap)
 * and sliding A' = A + V(Ap), with restitution. Every hand-made case shows its
 * arithmetic in the comment above it.
 *
 * Screen coordinates: y grows downwards, so a floor's normal towards a ball
 * above it is (0, -1).
 */
#include <glib.h>

#include "phys.h"
#include "test-util.h"

/* Hand-computed values are exact or a few roundings away from it. */
#define EPS 1e-12

#define RANDOM_SEED_IMPULSE 20070930u
#define RANDOM_SEED_SEGMENT 20120219u
#define RANDOM_CASES 20000

/* Momentum m1 v1 + m2 v2 (both masses finite). */
static PhysVec2
momentum (double m1, PhysVec2 v1, double m2, PhysVec2 v2)
{
  return phys_v2_add (phys_v2_scale (v1, m1), phys_v2_scale (v2, m2));
}

/* Kinetic energy m1 |v1|^2 / 2 + m2 |v2|^2 / 2. */
static double
kinetic_energy (double m1, PhysVec2 v1, double m2, PhysVec2 v2)
{
  return 0.5 * m1 * phys_v2_len_sq (v1) + 0.5 * m2 * phys_v2_len_sq (v2);
}

/* ------------------------------------------------------------------------------------------ */
/* Restitution.                                                                               */
/* ------------------------------------------------------------------------------------------ */

static void
test_restitution_combine (void)
{
  /* e = sqrt(e1 e2): sqrt(1 * 1) = 1, sqrt(0.25 * 1) = 0.5, sqrt(0.5 * 0.5) = 0.5,
   * sqrt(0 * 1) = 0 (clay stops anything), sqrt(0.81 * 0.64) = 0.9 * 0.8 = 0.72. */
  g_assert_cmpfloat (phys_restitution_combine (1, 1), ==, 1);
  g_assert_cmpfloat (phys_restitution_combine (0.25, 1), ==, 0.5);
  g_assert_cmpfloat (phys_restitution_combine (0.5, 0.5), ==, 0.5);
  g_assert_cmpfloat (phys_restitution_combine (0, 1), ==, 0);
  g_assert_cmpfloat_with_epsilon (phys_restitution_combine (0.81, 0.64), 0.72, EPS);
  /* Symmetric in its arguments. */
  g_assert_cmpfloat (phys_restitution_combine (0.3, 0.7), ==, phys_restitution_combine (0.7, 0.3));
}

/* ------------------------------------------------------------------------------------------ */
/* Circle-circle impulse: hand-computed cases.                                                */
/* ------------------------------------------------------------------------------------------ */

static void
test_impulse_equal_masses_head_on (void)
{
  /* n = (1, 0); v1 = (3, 0), v2 = (-1, 0), m1 = m2 = 1, e = 1.
   * rel_vel = (4, 0), vn = 4, j = -(1 + 1) 4 / (1 + 1) = -4.
   * v1' = (3, 0) + (-4)(1, 0) = (-1, 0); v2' = (-1, 0) - (-4)(1, 0) = (3, 0): they swap. */
  PhysImpulse s
      = phys_impulse_circle_circle (phys_v2 (1, 0), phys_v2 (3, 0), 1, phys_v2 (-1, 0), 1, 1);

  g_assert_true (s.applied);
  imp_assert_vec_equal (s.normal, 1, 0);
  g_assert_cmpfloat (s.e, ==, 1);
  g_assert_cmpfloat (s.inv_mass1, ==, 1);
  g_assert_cmpfloat (s.inv_mass2, ==, 1);
  imp_assert_vec_equal (s.rel_vel, 4, 0);
  g_assert_cmpfloat (s.vn, ==, 4);
  g_assert_cmpfloat (s.j, ==, -4);
  imp_assert_vec_equal (s.v1_before, 3, 0);
  imp_assert_vec_equal (s.v2_before, -1, 0);
  imp_assert_vec_equal (s.v1_after, -1, 0);
  imp_assert_vec_equal (s.v2_after, 3, 0);
}

static void
test_impulse_oblique_unequal (void)
{
  /* n = (0.6, 0.8); v1 = (5, 5), m1 = 2 (inverse 0.5); v2 = (0, 0), m2 = 4 (inverse 0.25);
   * e = 0.5.
   * rel_vel = (5, 5), vn = 3 + 4 = 7; j = -(1.5)(7) / 0.75 = -14.
   * v1' = (5, 5) + (-14 * 0.5)(0.6, 0.8) = (5 - 4.2, 5 - 5.6) = (0.8, -0.6);
   * v2' = (0, 0) - (-14 * 0.25)(0.6, 0.8) = (2.1, 2.8).
   * After: (v1' - v2').n = (-1.3)(0.6) + (-3.4)(0.8) = -3.5 = -e vn.
   * Momentum 2 (5, 5) = (10, 10) = 2 (0.8, -0.6) + 4 (2.1, 2.8) = (1.6 + 8.4, -1.2 + 11.2).
   * Energy 0.5 * 2 * 50 = 50 before, 0.5 * 2 * 1 + 0.5 * 4 * 12.25 = 25.5 after: 24.5 lost,
   * which is (1 - e^2) / 2 * mu * vn^2 with mu = 1 / 0.75 = 4/3: 0.75 / 2 * 4/3 * 49 = 24.5. */
  PhysImpulse s = phys_impulse_circle_circle (phys_v2 (0.6, 0.8), phys_v2 (5, 5), 0.5,
                                              phys_v2 (0, 0), 0.25, 0.5);
  PhysVec2 p_before = momentum (2, s.v1_before, 4, s.v2_before);
  PhysVec2 p_after = momentum (2, s.v1_after, 4, s.v2_after);

  g_assert_true (s.applied);
  imp_assert_vec_equal (s.rel_vel, 5, 5);
  g_assert_cmpfloat_with_epsilon (s.vn, 7, EPS);
  g_assert_cmpfloat_with_epsilon (s.j, -14, EPS);
  imp_assert_vec_near (s.v1_after, 0.8, -0.6, EPS);
  imp_assert_vec_near (s.v2_after, 2.1, 2.8, EPS);
  g_assert_cmpfloat_with_epsilon (phys_v2_dot (phys_v2_sub (s.v1_after, s.v2_after), s.normal),
                                  -3.5, EPS);
  imp_assert_vec_near (p_before, 10, 10, EPS);
  imp_assert_vec_near (p_after, 10, 10, EPS);
  g_assert_cmpfloat_with_epsilon (kinetic_energy (2, s.v1_before, 4, s.v2_before), 50, EPS);
  g_assert_cmpfloat_with_epsilon (kinetic_energy (2, s.v1_after, 4, s.v2_after), 25.5, EPS);
}

static void
test_impulse_perfectly_inelastic (void)
{
  /* e = 0, equal masses: v1 = (4, 0) into v2 = (0, 0) along n = (1, 0).
   * vn = 4, j = -(1 + 0) 4 / 2 = -2: v1' = (2, 0), v2' = (2, 0), moving together.
   * Energy 8 -> 2 + 2 = 4; lost 4 = (1 - 0) / 2 * mu * 16 with mu = 1/2. */
  PhysImpulse s
      = phys_impulse_circle_circle (phys_v2 (1, 0), phys_v2 (4, 0), 1, phys_v2 (0, 0), 1, 0);

  g_assert_true (s.applied);
  g_assert_cmpfloat (s.j, ==, -2);
  imp_assert_vec_equal (s.v1_after, 2, 0);
  imp_assert_vec_equal (s.v2_after, 2, 0);
  g_assert_cmpfloat (kinetic_energy (1, s.v1_before, 1, s.v2_before), ==, 8);
  g_assert_cmpfloat (kinetic_energy (1, s.v1_after, 1, s.v2_after), ==, 4);
}

static void
test_impulse_fixed_body_reflects (void)
{
  /* A ball (m = 1) moving (3, 4) hits a fixed body (inverse mass 0) below it: n = (0, 1).
   * vn = 4, j = -2 * 4 / (1 + 0) = -8; v1' = (3, 4) + (-8)(0, 1) = (3, -4): reflected.
   * The fixed body keeps (0, 0). */
  PhysImpulse s
      = phys_impulse_circle_circle (phys_v2 (0, 1), phys_v2 (3, 4), 1, phys_v2 (0, 0), 0, 1);

  g_assert_true (s.applied);
  g_assert_cmpfloat (s.inv_mass2, ==, 0);
  g_assert_cmpfloat (s.vn, ==, 4);
  g_assert_cmpfloat (s.j, ==, -8);
  imp_assert_vec_equal (s.v1_after, 3, -4);
  imp_assert_vec_equal (s.v2_after, 0, 0);

  /* Fixed body first: n = (0, -1) from the fixed body to the ball falling onto it.
   * v1 = (0, 0), v2 = (3, 4): rel_vel = (-3, -4), vn = 4, j = -8, v2' = (3, 4) - (-8)(0, -1)
   * = (3, -4). */
  s = phys_impulse_circle_circle (phys_v2 (0, -1), phys_v2 (0, 0), 0, phys_v2 (3, 4), 1, 1);
  g_assert_true (s.applied);
  g_assert_cmpfloat (s.j, ==, -8);
  imp_assert_vec_equal (s.v1_after, 0, 0);
  imp_assert_vec_equal (s.v2_after, 3, -4);
}

static void
test_impulse_fixed_body_half_restitution (void)
{
  /* As above with e = 0.5: j = -1.5 * 4 = -6, v1' = (3, 4 - 6) = (3, -2): bounces back at
   * half the normal speed, the along part 3 untouched. */
  PhysImpulse s
      = phys_impulse_circle_circle (phys_v2 (0, 1), phys_v2 (3, 4), 1, phys_v2 (0, 0), 0, 0.5);

  g_assert_true (s.applied);
  g_assert_cmpfloat (s.e, ==, 0.5);
  g_assert_cmpfloat (s.j, ==, -6);
  imp_assert_vec_equal (s.v1_after, 3, -2);
}

static void
test_impulse_both_fixed (void)
{
  /* Two fixed bodies: 1/m1 + 1/m2 = 0, nothing can change (and nothing is divided by 0). */
  PhysImpulse s
      = phys_impulse_circle_circle (phys_v2 (1, 0), phys_v2 (3, 0), 0, phys_v2 (-1, 0), 0, 1);

  g_assert_false (s.applied);
  g_assert_cmpfloat (s.vn, ==, 4);
  g_assert_cmpfloat (s.j, ==, 0);
  imp_assert_vec_equal (s.v1_after, 3, 0);
  imp_assert_vec_equal (s.v2_after, -1, 0);
}

static void
test_impulse_not_approaching (void)
{
  /* n = (1, 0), v1 = (-1, 0), v2 = (1, 0): rel_vel = (-2, 0), vn = -2 <= 0: already
   * separating, no impulse; the velocities come out as they went in. */
  PhysImpulse s
      = phys_impulse_circle_circle (phys_v2 (1, 0), phys_v2 (-1, 0), 1, phys_v2 (1, 0), 1, 1);

  g_assert_false (s.applied);
  imp_assert_vec_equal (s.rel_vel, -2, 0);
  g_assert_cmpfloat (s.vn, ==, -2);
  g_assert_cmpfloat (s.j, ==, 0);
  imp_assert_vec_equal (s.v1_after, -1, 0);
  imp_assert_vec_equal (s.v2_after, 1, 0);

  /* Sliding past each other: v1 = (0, 2), v2 = (0, -2) across n = (1, 0) gives vn = 0. */
  s = phys_impulse_circle_circle (phys_v2 (1, 0), phys_v2 (0, 2), 1, phys_v2 (0, -2), 1, 1);
  g_assert_false (s.applied);
  g_assert_cmpfloat (s.vn, ==, 0);
  imp_assert_vec_equal (s.v1_after, 0, 2);
  imp_assert_vec_equal (s.v2_after, 0, -2);
}

static void
test_impulse_restitution_combined (void)
{
  /* A superball (e1 = 1) and a softer ball (e2 = 0.25): e = sqrt(0.25) = 0.5.
   * Equal masses, v1 = (6, 0), v2 = (0, 0), n = (1, 0): vn = 6, j = -1.5 * 6 / 2 = -4.5;
   * v1' = (1.5, 0), v2' = (4.5, 0); separating at 3 = 0.5 * 6. */
  double e = phys_restitution_combine (1, 0.25);
  PhysImpulse s
      = phys_impulse_circle_circle (phys_v2 (1, 0), phys_v2 (6, 0), 1, phys_v2 (0, 0), 1, e);

  g_assert_cmpfloat (s.e, ==, 0.5);
  g_assert_cmpfloat (s.j, ==, -4.5);
  imp_assert_vec_equal (s.v1_after, 1.5, 0);
  imp_assert_vec_equal (s.v2_after, 4.5, 0);
}

static void
test_impulse_seed_000_halfway (void)
{
  /* Seed 000's reaction: detect, move the ghosts to t, apply the impulse, move on by 1 - t.
   * The sweep (see test-sweep's seed-000-halfway): r = 1 at (0, 0) and (10, 0) with (8, 0) and
   * (-8, 0) touch at t = 0.5, at (4, 0) and (6, 0), normal (1, 0).
   * Equal masses, e = sqrt(1 * 1) = 1: vn = 16, j = -2 * 16 / 2 = -16;
   * v1' = (-8, 0), v2' = (8, 0). In the remaining 0.5 they travel back to (0, 0) and (10, 0). */
  PhysCircleCircleSweep hit = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (8, 0), 1,
                                                        phys_v2 (10, 0), phys_v2 (-8, 0), 1);
  PhysImpulse s = phys_impulse_circle_circle (hit.normal, hit.v1, 1, hit.v2, 1,
                                              phys_restitution_combine (1, 1));

  g_assert_cmpint (hit.verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpfloat (hit.t, ==, 0.5);
  g_assert_true (s.applied);
  g_assert_cmpfloat (s.vn, ==, 16);
  g_assert_cmpfloat (s.j, ==, -16);
  imp_assert_vec_equal (s.v1_after, -8, 0);
  imp_assert_vec_equal (s.v2_after, 8, 0);
  imp_assert_vec_equal (phys_v2_add_scaled (hit.p1_at_t, s.v1_after, 1.0 - hit.t), 0, 0);
  imp_assert_vec_equal (phys_v2_add_scaled (hit.p2_at_t, s.v2_after, 1.0 - hit.t), 10, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Seed 001: with e = 1 and motion along the normal the impulse is the 1D elastic collision   */
/* v1' = (u1 (m1 - m2) + 2 m2 u2) / (m1 + m2), v2' = (u2 (m2 - m1) + 2 m1 u1) / (m1 + m2).    */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  double m1, m2; /* masses */
  double u1, u2; /* speeds along the normal before (u1 > u2: approaching) */
  double nx, ny; /* the line of motion, unit */
  double v1, v2; /* speeds along the normal after, by hand */
} ElasticRow;

static const ElasticRow elastic_rows[] = {
  /* (3 * 0 + 2 * 1 * -1) / 2 = -1; (-1 * 0 + 2 * 1 * 3) / 2 = 3: equal masses swap. */
  { "equal-masses", 1, 1, 3, -1, 1, 0, -1, 3 },
  /* (4 * 2 + 0) / 4 = 2; (0 + 2 * 3 * 4) / 4 = 6: the heavy ball follows the light one. */
  { "heavy-hits-light-at-rest", 3, 1, 4, 0, 1, 0, 2, 6 },
  /* (4 * -2 + 0) / 4 = -2; (0 + 2 * 1 * 4) / 4 = 2: the light ball bounces back. */
  { "light-hits-heavy-at-rest", 1, 3, 4, 0, 1, 0, -2, 2 },
  /* (5 * 1 + 2 * 1 * 2) / 3 = 3; (2 * -1 + 2 * 2 * 5) / 3 = 6: catching up from behind. */
  { "chase", 2, 1, 5, 2, 1, 0, 3, 6 },
  /* (6 * -1 + 2 * 2 * -3) / 3 = -6; (-3 * 1 + 2 * 1 * 6) / 3 = 3. */
  { "head-on-unequal", 1, 2, 6, -3, 1, 0, -6, 3 },
  /* Along y (down on screen): (2 * 2 + 2 * 3 * -2) / 8 = -1; (-2 * -2 + 2 * 5 * 2) / 8 = 3. */
  { "vertical", 5, 3, 2, -2, 0, 1, -1, 3 },
  /* The same numbers along the diagonal (0.6, 0.8). */
  { "diagonal", 5, 3, 2, -2, 0.6, 0.8, -1, 3 },
  /* A cannon ball and a pea: (1 * 999) / 1001 and (2 * 1000 * 1) / 1001. */
  { "mass-ratio-1000", 1000, 1, 1, 0, 1, 0, 999.0 / 1001.0, 2000.0 / 1001.0 },
  /* Equal and opposite: (2 * 0 + 2 * 4 * -2) / 8 = -2 and back at 2. */
  { "equal-and-opposite", 4, 4, 2, -2, -1, 0, -2, 2 },
};

static void
test_impulse_seed_001_row (gconstpointer data)
{
  const ElasticRow *row = data;
  PhysVec2 n = phys_v2 (row->nx, row->ny);
  PhysVec2 v1 = phys_v2_scale (n, row->u1);
  PhysVec2 v2 = phys_v2_scale (n, row->u2);
  double m1 = row->m1, m2 = row->m2;
  /* The seed's formulas, evaluated here as written there. */
  double seed_v1 = (row->u1 * (m1 - m2) + 2 * m2 * row->u2) / (m1 + m2);
  double seed_v2 = (row->u2 * (m2 - m1) + 2 * m1 * row->u1) / (m1 + m2);
  double scale = MAX (1.0, MAX (fabs (row->u1), fabs (row->u2)));
  PhysImpulse s = phys_impulse_circle_circle (n, v1, 1.0 / m1, v2, 1.0 / m2, 1.0);

  g_assert_true (s.applied);
  g_assert_cmpfloat_with_epsilon (s.vn, row->u1 - row->u2, EPS * scale);
  /* The hand values and the seed's formulas agree, and the impulse gives the same. */
  g_assert_cmpfloat_with_epsilon (seed_v1, row->v1, EPS * scale);
  g_assert_cmpfloat_with_epsilon (seed_v2, row->v2, EPS * scale);
  imp_assert_vec_near (s.v1_after, seed_v1 * n.x, seed_v1 * n.y, EPS * scale);
  imp_assert_vec_near (s.v2_after, seed_v2 * n.x, seed_v2 * n.y, EPS * scale);
  /* Momentum and (e = 1) kinetic energy are conserved. */
  PhysVec2 p_before = momentum (m1, v1, m2, v2);
  PhysVec2 p_after = momentum (m1, s.v1_after, m2, s.v2_after);
  double mass_scale = MAX (1.0, m1 + m2) * scale;
  imp_assert_vec_near (p_after, p_before.x, p_before.y, EPS * mass_scale);
  g_assert_cmpfloat_with_epsilon (kinetic_energy (m1, s.v1_after, m2, s.v2_after),
                                  kinetic_energy (m1, v1, m2, v2), EPS * mass_scale * scale);
}

/* ------------------------------------------------------------------------------------------ */
/* Circle-circle impulse: random properties.                                                  */
/* ------------------------------------------------------------------------------------------ */

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

static PhysVec2
rand_unit (GRand *rand)
{
  double angle = rand_range (rand, 0, 2 * PHYS_PI);
  return phys_v2 (cos (angle), sin (angle));
}

static void
test_impulse_random_properties (void)
{
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_IMPULSE);
  int applied = 0, fixed = 0;

  for (int i = 0; i < RANDOM_CASES; i++)
    {
      PhysVec2 n = rand_unit (rand);
      PhysVec2 v1 = rand_vec (rand, -10, 10);
      PhysVec2 v2 = rand_vec (rand, -10, 10);
      double m1 = rand_range (rand, 0.1, 10);
      double m2 = rand_range (rand, 0.1, 10);
      double inv2 = 1.0 / m2;
      /* One case in four is elastic exactly, the rest anything from clay to superball. */
      double e = g_rand_int_range (rand, 0, 4) == 0 ? 1.0 : rand_range (rand, 0, 1);
      /* One case in five hits a fixed, resting body. */
      gboolean is_fixed = g_rand_int_range (rand, 0, 5) == 0;

      if (is_fixed)
        {
          inv2 = 0.0;
          v2 = phys_v2 (0, 0);
        }

      PhysImpulse s = phys_impulse_circle_circle (n, v1, 1.0 / m1, v2, inv2, e);
      double vn = phys_v2_dot (phys_v2_sub (v1, v2), n);
      double mu = 1.0 / (1.0 / m1 + inv2);
      double ke_before
          = 0.5 * m1 * phys_v2_len_sq (v1) + (is_fixed ? 0.0 : 0.5 * m2 * phys_v2_len_sq (v2));
      double tol = 1e-12 * MAX (1.0, ke_before) * 100;

      g_assert_cmpfloat_with_epsilon (s.vn, vn, 1e-12 * 100);
      if (vn <= 0.0)
        {
          g_assert_false (s.applied);
          g_assert_cmpfloat (s.j, ==, 0);
          imp_assert_vec_equal (s.v1_after, v1.x, v1.y);
          imp_assert_vec_equal (s.v2_after, v2.x, v2.y);
          continue;
        }
      applied++;
      fixed += is_fixed;
      g_assert_true (s.applied);
      g_assert_cmpfloat_with_epsilon (s.j, -(1 + e) * vn * mu, tol);

      /* Along n the relative speed turns round and shrinks by e; across n nothing changes. */
      PhysVec2 rel_after = phys_v2_sub (s.v1_after, s.v2_after);
      g_assert_cmpfloat_with_epsilon (phys_v2_dot (rel_after, n), -e * vn, 1e-10);
      g_assert_cmpfloat_with_epsilon (phys_v2_cross (s.v1_after, n), phys_v2_cross (v1, n), 1e-10);
      g_assert_cmpfloat_with_epsilon (phys_v2_cross (s.v2_after, n), phys_v2_cross (v2, n), 1e-10);

      /* Momentum is conserved between free bodies; a fixed body takes what it is given. */
      if (is_fixed)
        imp_assert_vec_equal (s.v2_after, 0, 0);
      else
        {
          PhysVec2 p_before = momentum (m1, v1, m2, v2);
          PhysVec2 p_after = momentum (m1, s.v1_after, m2, s.v2_after);
          imp_assert_vec_near (p_after, p_before.x, p_before.y, 1e-10 * MAX (1.0, m1 + m2));
        }

      /* Energy: conserved for e = 1, otherwise (1 - e^2) mu vn^2 / 2 is lost. */
      double ke_after = 0.5 * m1 * phys_v2_len_sq (s.v1_after)
                        + (is_fixed ? 0.0 : 0.5 * m2 * phys_v2_len_sq (s.v2_after));
      g_assert_cmpfloat_with_epsilon (ke_before - ke_after, 0.5 * (1 - e * e) * mu * vn * vn, tol);
      if (e == 1.0)
        g_assert_cmpfloat_with_epsilon (ke_after, ke_before, tol);
    }
  g_assert_cmpint (applied, >, RANDOM_CASES / 3);
  g_assert_cmpint (fixed, >, RANDOM_CASES / 20);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------------------------ */
/* Segment responses (seed 002).                                                              */
/* ------------------------------------------------------------------------------------------ */

static void
test_segment_reflect (void)
{
  /* A floor with normal n = (0, -1) (up on screen); the ball comes down with v = (3, 4).
   * vn = v.n = -4; V(Ap) = -(v.n) n = 4 (0, -1) = (0, -4); v_along = v + V(Ap) = (3, 0).
   * Seed 002: A' = A + 2 V(Ap) = (3, 4) + (0, -8) = (3, -4).
   * j = v'.n - v.n = 4 - (-4) = 8. */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0, -1), phys_v2 (3, 4), PHYS_RESPONSE_REFLECT, 1);

  g_assert_true (s.applied);
  g_assert_cmpint (s.response, ==, PHYS_RESPONSE_REFLECT);
  imp_assert_vec_equal (s.normal, 0, -1);
  g_assert_cmpfloat (s.e, ==, 1);
  g_assert_cmpfloat (s.vn, ==, -4);
  imp_assert_vec_equal (s.v_normal_away, 0, -4);
  imp_assert_vec_equal (s.v_along, 3, 0);
  imp_assert_vec_equal (s.v_before, 3, 4);
  imp_assert_vec_equal (s.v_after, 3, -4);
  imp_assert_vec_equal (s.v_after, s.v_before.x + 2 * s.v_normal_away.x,
                        s.v_before.y + 2 * s.v_normal_away.y);
  g_assert_cmpfloat (s.j, ==, 8);
}

static void
test_segment_reflect_tilted (void)
{
  /* The tilted wall of test-sweep (A = (0, 0), B = (8, 6)), normal n = (0.6, -0.8); the ball
   * falls straight down, v = (0, 5).
   * vn = -4; V(Ap) = 4 (0.6, -0.8) = (2.4, -3.2); v_along = (2.4, 1.8) (= 3 (0.8, 0.6)).
   * v' = (0, 5) + 2 (2.4, -3.2) = (4.8, -1.4); |v'| = sqrt(23.04 + 1.96) = 5 = |v|.
   * j = v'.n - vn = (2.88 + 1.12) + 4 = 8. */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0.6, -0.8), phys_v2 (0, 5), PHYS_RESPONSE_REFLECT, 1);

  g_assert_true (s.applied);
  g_assert_cmpfloat_with_epsilon (s.vn, -4, EPS);
  imp_assert_vec_near (s.v_normal_away, 2.4, -3.2, EPS);
  imp_assert_vec_near (s.v_along, 2.4, 1.8, EPS);
  imp_assert_vec_near (s.v_after, 4.8, -1.4, EPS);
  g_assert_cmpfloat_with_epsilon (phys_v2_len (s.v_after), 5, EPS);
  g_assert_cmpfloat_with_epsilon (s.j, 8, EPS);
}

static void
test_segment_reflect_half_restitution (void)
{
  /* e = 0.5 on the floor: v' = v + 1.5 V(Ap) = (3, 4) + (0, -6) = (3, -2); j = 2 + 4 = 6. */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0, -1), phys_v2 (3, 4), PHYS_RESPONSE_REFLECT, 0.5);

  g_assert_true (s.applied);
  g_assert_cmpfloat (s.e, ==, 0.5);
  imp_assert_vec_equal (s.v_normal_away, 0, -4);
  imp_assert_vec_equal (s.v_after, 3, -2);
  g_assert_cmpfloat (s.j, ==, 6);
}

static void
test_segment_reflect_zero_restitution (void)
{
  /* e = 0 reflects nothing back: v' = v + V(Ap) = (3, 0), the same as sliding; j = 4. */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0, -1), phys_v2 (3, 4), PHYS_RESPONSE_REFLECT, 0);

  g_assert_true (s.applied);
  imp_assert_vec_equal (s.v_after, 3, 0);
  g_assert_cmpfloat (s.j, ==, 4);
}

static void
test_segment_slide (void)
{
  /* Seed 002's slide: A' = A + V(Ap) = (3, 4) + (0, -4) = (3, 0), only the along part.
   * The restitution passed (0.7) does not matter and is recorded as 0; j = 0 - (-4) = 4. */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0, -1), phys_v2 (3, 4), PHYS_RESPONSE_SLIDE, 0.7);

  g_assert_true (s.applied);
  g_assert_cmpint (s.response, ==, PHYS_RESPONSE_SLIDE);
  g_assert_cmpfloat (s.e, ==, 0);
  g_assert_cmpfloat (s.vn, ==, -4);
  imp_assert_vec_equal (s.v_normal_away, 0, -4);
  imp_assert_vec_equal (s.v_along, 3, 0);
  imp_assert_vec_equal (s.v_after, 3, 0);
  imp_assert_vec_equal (s.v_after, s.v_along.x, s.v_along.y);
  g_assert_cmpfloat (s.j, ==, 4);
}

static void
test_segment_slide_tilted (void)
{
  /* On the tilted wall, v = (0, 5): v' = v_along = (2.4, 1.8), 3 units along (0.8, 0.6). */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0.6, -0.8), phys_v2 (0, 5), PHYS_RESPONSE_SLIDE, 1);

  g_assert_true (s.applied);
  imp_assert_vec_near (s.v_after, 2.4, 1.8, EPS);
  g_assert_cmpfloat_with_epsilon (phys_v2_dot (s.v_after, s.normal), 0, EPS);
  g_assert_cmpfloat_with_epsilon (s.j, 4, EPS);
}

static void
test_segment_leaving (void)
{
  /* Already leaving the floor, v = (3, -4): vn = 4 >= 0, nothing applied, v' = v, j = 0.
   * The projections are still recorded: V(Ap) = -4 (0, -1) = (0, 4), v_along = (3, 0). */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0, -1), phys_v2 (3, -4), PHYS_RESPONSE_REFLECT, 1);

  g_assert_false (s.applied);
  g_assert_cmpfloat (s.vn, ==, 4);
  imp_assert_vec_equal (s.v_normal_away, 0, 4);
  imp_assert_vec_equal (s.v_along, 3, 0);
  imp_assert_vec_equal (s.v_after, 3, -4);
  g_assert_cmpfloat (s.j, ==, 0);

  /* Sliding the same: not applied either. */
  s = phys_segment_respond (phys_v2 (0, -1), phys_v2 (3, -4), PHYS_RESPONSE_SLIDE, 1);
  g_assert_false (s.applied);
  imp_assert_vec_equal (s.v_after, 3, -4);
}

static void
test_segment_grazing (void)
{
  /* Moving exactly along the floor, v = (3, 0): vn = 0, not approaching: not applied. */
  PhysSegmentResponse s
      = phys_segment_respond (phys_v2 (0, -1), phys_v2 (3, 0), PHYS_RESPONSE_REFLECT, 1);

  g_assert_false (s.applied);
  g_assert_cmpfloat (s.vn, ==, 0);
  imp_assert_vec_equal (s.v_after, 3, 0);
  g_assert_cmpfloat (s.j, ==, 0);
}

static void
test_segment_random_properties (void)
{
  /* For any unit normal and incoming velocity: reflecting keeps the along part and turns the
   * normal part round, scaled by e (e = 1 keeps the speed); sliding keeps only the along part. */
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_SEGMENT);
  int applied = 0;

  for (int i = 0; i < RANDOM_CASES; i++)
    {
      PhysVec2 n = rand_unit (rand);
      PhysVec2 v = rand_vec (rand, -10, 10);
      double e = g_rand_boolean (rand) ? 1.0 : rand_range (rand, 0, 1);
      double vn = phys_v2_dot (v, n);
      PhysSegmentResponse r = phys_segment_respond (n, v, PHYS_RESPONSE_REFLECT, e);
      PhysSegmentResponse s = phys_segment_respond (n, v, PHYS_RESPONSE_SLIDE, e);

      /* V(Ap) + v_along = v, split into the normal and along parts. */
      imp_assert_vec_near (phys_v2_sub (r.v_along, r.v_normal_away), v.x, v.y, 1e-12 * 100);
      g_assert_cmpfloat_with_epsilon (phys_v2_dot (r.v_along, n), 0, 1e-12 * 100);
      if (vn >= 0.0)
        {
          g_assert_false (r.applied);
          g_assert_false (s.applied);
          imp_assert_vec_equal (r.v_after, v.x, v.y);
          imp_assert_vec_equal (s.v_after, v.x, v.y);
          continue;
        }
      applied++;
      g_assert_true (r.applied);
      g_assert_true (s.applied);
      g_assert_cmpfloat_with_epsilon (phys_v2_dot (r.v_after, n), -e * vn, 1e-10);
      g_assert_cmpfloat_with_epsilon (phys_v2_cross (r.v_after, n), phys_v2_cross (v, n), 1e-10);
      g_assert_cmpfloat_with_epsilon (r.j, -(1 + e) * vn, 1e-10);
      if (e == 1.0)
        g_assert_cmpfloat_with_epsilon (phys_v2_len (r.v_after), phys_v2_len (v), 1e-10);
      g_assert_cmpfloat_with_epsilon (phys_v2_dot (s.v_after, n), 0, 1e-10);
      imp_assert_vec_near (s.v_after, r.v_along.x, r.v_along.y, 1e-10);
      g_assert_cmpfloat_with_epsilon (s.j, -vn, 1e-10);
    }
  g_assert_cmpint (applied, >, RANDOM_CASES / 3);
  g_rand_free (rand);
}

static void
test_slide_reposition (void)
{
  /* Seed 002's repositioning: the foot of the centre on the surface (B) plus the normal
   * scaled to the depth (C). On the floor, foot (5, 0), normal (0, -1):
   * depth = r - skin = 1 - 0.1 -> (5, -0.9); depth = r = 1 (the jitter mode) -> (5, -1). */
  imp_assert_vec_near (phys_slide_reposition (phys_v2 (5, 0), phys_v2 (0, -1), 0.9), 5, -0.9, EPS);
  imp_assert_vec_equal (phys_slide_reposition (phys_v2 (5, 0), phys_v2 (0, -1), 1), 5, -1);
  /* On the tilted wall: foot (4, 3), normal (0.6, -0.8), depth 1 -> (4.6, 2.2). */
  imp_assert_vec_near (phys_slide_reposition (phys_v2 (4, 3), phys_v2 (0.6, -0.8), 1), 4.6, 2.2,
                       EPS);
}

static void
test_slide_reposition_from_sweep (void)
{
  /* The whole of seed 002's slide on the floor A = (0, 0), B = (10, 0): a ball of radius 1 sunk
   * to (5, -0.5) (proj_normal 0.5 < r) is put back on the line with its foot
   * B = A + proj_along dir = (5, 0) and C = (r - skin) n.
   * With skin 0.25: (5, -0.75), still 0.25 inside, so the next test keeps finding the contact
   * (OVERLAPPING); at exactly r: (5, -1), just touching (proj_normal = 1 is not < 1). */
  PhysCircleSegmentSweep s = phys_sweep_circle_segment (phys_v2 (5, -0.5), phys_v2 (3, 4), 1,
                                                        phys_v2 (0, 0), phys_v2 (10, 0), true);
  PhysVec2 foot = phys_v2_add_scaled (s.a, s.dir, s.proj_along);
  PhysVec2 skinned = phys_slide_reposition (foot, s.normal, s.radius - 0.25);
  PhysVec2 exact = phys_slide_reposition (foot, s.normal, s.radius);

  g_assert_cmpint (s.verdict, ==, PHYS_VERDICT_OVERLAPPING);
  imp_assert_vec_equal (foot, 5, 0);
  imp_assert_vec_equal (s.normal, 0, -1);
  imp_assert_vec_equal (skinned, 5, -0.75);
  imp_assert_vec_equal (exact, 5, -1);

  /* The slide response removes the motion into the floor: (3, 4) -> (3, 0). */
  PhysSegmentResponse r = phys_segment_respond (s.normal, s.v, PHYS_RESPONSE_SLIDE, 1);
  imp_assert_vec_equal (r.v_after, 3, 0);

  PhysCircleSegmentSweep again = phys_sweep_circle_segment (skinned, phys_v2 (3, 1), 1,
                                                            phys_v2 (0, 0), phys_v2 (10, 0), true);
  g_assert_cmpint (again.verdict, ==, PHYS_VERDICT_OVERLAPPING);
  g_assert_cmpfloat (again.proj_normal, ==, 0.75);
  again
      = phys_sweep_circle_segment (exact, phys_v2 (3, 1), 1, phys_v2 (0, 0), phys_v2 (10, 0), true);
  g_assert_cmpint (again.verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpfloat (again.proj_normal, ==, 1);
  g_assert_cmpfloat (again.t, ==, 0);
}

static void
test_names (void)
{
  g_assert_cmpstr (phys_response_name (PHYS_RESPONSE_REFLECT), ==, "reflect");
  g_assert_cmpstr (phys_response_name (PHYS_RESPONSE_SLIDE), ==, "slide");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/response/restitution/combine", test_restitution_combine);
  g_test_add_func ("/physics/response/impulse/equal-masses-head-on",
                   test_impulse_equal_masses_head_on);
  g_test_add_func ("/physics/response/impulse/oblique-unequal-masses",
                   test_impulse_oblique_unequal);
  g_test_add_func ("/physics/response/impulse/perfectly-inelastic",
                   test_impulse_perfectly_inelastic);
  g_test_add_func ("/physics/response/impulse/fixed-body-reflects",
                   test_impulse_fixed_body_reflects);
  g_test_add_func ("/physics/response/impulse/fixed-body-half-restitution",
                   test_impulse_fixed_body_half_restitution);
  g_test_add_func ("/physics/response/impulse/both-fixed", test_impulse_both_fixed);
  g_test_add_func ("/physics/response/impulse/not-approaching", test_impulse_not_approaching);
  g_test_add_func ("/physics/response/impulse/restitution-combined",
                   test_impulse_restitution_combined);
  g_test_add_func ("/physics/response/impulse/seed-000-halfway", test_impulse_seed_000_halfway);
  for (gsize i = 0; i < G_N_ELEMENTS (elastic_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/response/impulse/seed-001/%s", elastic_rows[i].name);
      g_test_add_data_func (path, &elastic_rows[i], test_impulse_seed_001_row);
      g_free (path);
    }
  g_test_add_func ("/physics/response/impulse/random-properties", test_impulse_random_properties);

  g_test_add_func ("/physics/response/segment/reflect", test_segment_reflect);
  g_test_add_func ("/physics/response/segment/reflect-tilted", test_segment_reflect_tilted);
  g_test_add_func ("/physics/response/segment/reflect-half-restitution",
                   test_segment_reflect_half_restitution);
  g_test_add_func ("/physics/response/segment/reflect-zero-restitution",
                   test_segment_reflect_zero_restitution);
  g_test_add_func ("/physics/response/segment/slide", test_segment_slide);
  g_test_add_func ("/physics/response/segment/slide-tilted", test_segment_slide_tilted);
  g_test_add_func ("/physics/response/segment/leaving", test_segment_leaving);
  g_test_add_func ("/physics/response/segment/grazing", test_segment_grazing);
  g_test_add_func ("/physics/response/segment/random-properties", test_segment_random_properties);
  g_test_add_func ("/physics/response/segment/slide-reposition", test_slide_reposition);
  g_test_add_func ("/physics/response/segment/slide-reposition-from-sweep",
                   test_slide_reposition_from_sweep);
  g_test_add_func ("/physics/response/names", test_names);

  return g_test_run ();
}
