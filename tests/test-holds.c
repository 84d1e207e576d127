/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-holds.c: the pushes of a cluster of resting contacts solved together
 * (phys-holds-private.h), on systems worked out by hand in the comment above each test.
 *
 * Screen coordinates: y grows downwards; gravity is (0, 0.2) per frame^2 and every body has
 * mass 1. A normal points from a hold's second end towards its first.
 */
#include <math.h>

#include <glib.h>

#include "phys-holds-private.h"
#include "test-util.h"

#define EPS 1e-15
#define G 0.2

typedef struct
{
  int first, second;   /* bodies, or -1 for an end whose acceleration is given (still) */
  double nx, ny;
} HoldSpec;

/* Fills sys with n bodies falling freely and the holds, each body listing its holds. */
static void
build (PhysHoldSystem *sys, int n, const HoldSpec *holds, int m)
{
  phys_hold_system_reserve (sys, m, n, 2 * m);
  sys->n_holds = m;
  sys->n_bodies = n;
  int e = 0;
  for (int b = 0; b < n; b++)
    {
      sys->free_acc[b] = phys_v2 (0, G);
      sys->inv_mass[b] = 1;
      sys->body_start[b] = e;
      for (int k = 0; k < m; k++)
        if (holds[k].first == b || holds[k].second == b)
          {
            sys->body_hold[e] = k;
            sys->body_sign[e++] = holds[k].first == b ? 1 : -1;
          }
    }
  sys->body_start[n] = e;
  for (int k = 0; k < m; k++)
    {
      sys->normal[k] = phys_v2 (holds[k].nx, holds[k].ny);
      sys->end[2 * k] = holds[k].first;
      sys->end[2 * k + 1] = holds[k].second;
      sys->end_acc[2 * k] = sys->end_acc[2 * k + 1] = phys_v2 (0, 0);
    }
}

static void
test_pyramid (void)
{
  /* A (0) and B (1) on the floor, T (2) on both, each contact 30 degrees from the vertical:
   * T falls at a = g sin^2 30 / (1 + cos^2 30) = g / 7 while A and B slide apart at
   * a cot 30 = sqrt (3) g / 7 (test-contacts.c, pyramid-of-three). T's push on each is
   * p = a cos 30 / sin^2 30 = 2 sqrt (3) g / 7; the floor takes each bottom ball's weight and
   * the push's vertical part, g + p cos 30 = 10 g / 7. Every contact stays shut. */
  double h = sqrt (3) / 2;
  HoldSpec holds[] = { { 0, -1, 0, -1 }, { 1, -1, 0, -1 }, { 2, 0, 0.5, -h }, { 2, 1, -0.5, -h } };
  PhysHoldSystem sys = { 0 };
  build (&sys, 3, holds, 4);
  phys_hold_system_solve (&sys);
  imp_assert_vec_near (sys.acc[2], 0, G / 7, EPS);
  imp_assert_vec_near (sys.acc[0], -sqrt (3) * G / 7, 0, EPS);
  imp_assert_vec_near (sys.acc[1], sqrt (3) * G / 7, 0, EPS);
  g_assert_cmpfloat_with_epsilon (sys.push[0], 10 * G / 7, EPS);
  g_assert_cmpfloat_with_epsilon (sys.push[1], 10 * G / 7, EPS);
  g_assert_cmpfloat_with_epsilon (sys.push[2], 2 * sqrt (3) * G / 7, EPS);
  g_assert_cmpfloat_with_epsilon (sys.push[3], 2 * sqrt (3) * G / 7, EPS);
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat (fabs (sys.opening[k]), <=, sys.tol);
  phys_hold_system_free (&sys);
}

static void
test_v_stands (void)
{
  /* A ball on two still ends, its contacts 30 degrees either side of the vertical: gravity
   * lies between the normals, so it stands, exactly: each end pushes p with 2 p cos 30 = g,
   * p = g / sqrt (3). */
  double h = sqrt (3) / 2;
  HoldSpec holds[] = { { 0, -1, 0.5, -h }, { 0, -1, -0.5, -h } };
  PhysHoldSystem sys = { 0 };
  build (&sys, 1, holds, 2);
  phys_hold_system_solve (&sys);
  imp_assert_vec_equal (sys.acc[0], 0, 0);
  g_assert_cmpfloat_with_epsilon (sys.push[0], G / sqrt (3), EPS);
  g_assert_cmpfloat_with_epsilon (sys.push[1], G / sqrt (3), EPS);
  phys_hold_system_free (&sys);
}

static void
test_slope_opens_the_wall (void)
{
  /* A ball on a slope 30 degrees from the floor, rising to the left (normal (sin 30,
   * -cos 30)), touching a wall on its left (normal (1, 0)). Held by the slope alone it slides
   * down it, right and down: g - (g.n) n = (g sin 30 cos 30, g sin^2 30) = (0.0866, 0.05),
   * away from the wall. So the slope pushes g cos 30 and the wall not at all: its contact
   * opens at g sin 30 cos 30 (and the step lets it go). */
  HoldSpec holds[] = { { 0, -1, 0.5, -sqrt (3) / 2 }, { 0, -1, 1, 0 } };
  PhysHoldSystem sys = { 0 };
  build (&sys, 1, holds, 2);
  phys_hold_system_solve (&sys);
  imp_assert_vec_near (sys.acc[0], G * sqrt (3) / 4, G / 4, EPS);
  g_assert_cmpfloat_with_epsilon (sys.push[0], G * sqrt (3) / 2, EPS);
  g_assert_cmpfloat (sys.push[1], ==, 0);
  g_assert_cmpfloat_with_epsilon (sys.opening[1], G * sqrt (3) / 4, EPS);
  phys_hold_system_free (&sys);
}

static void
test_held_along_one_line (void)
{
  /* A ball between a still end above (normal (0, 1), listed first) and the floor below
   * (normal (0, -1)): the two normals span one line, so pushing both is singular and the
   * later one is left out at first. The end above would have to pull (its push comes out
   * -g): it stops pushing, the floor comes back in and pushes g. The ball stands; the end
   * above neither pushes nor opens. */
  HoldSpec holds[] = { { 0, -1, 0, 1 }, { 0, -1, 0, -1 } };
  PhysHoldSystem sys = { 0 };
  build (&sys, 1, holds, 2);
  phys_hold_system_solve (&sys);
  imp_assert_vec_equal (sys.acc[0], 0, 0);
  g_assert_cmpfloat (sys.push[0], ==, 0);
  g_assert_cmpfloat_with_epsilon (sys.push[1], G, EPS);
  g_assert_cmpfloat (fabs (sys.opening[0]), <=, sys.tol);
  phys_hold_system_free (&sys);
}

static void
test_column (void)
{
  /* A column of 40 balls, each on the one below, the lowest on the floor: every contact
   * vertical. Started with every hold pushing, one factorisation of a chain solves it: all
   * stand, and the hold under the k-th ball from the top carries k balls, k g. */
  enum { N = 40 };
  HoldSpec holds[N];
  for (int k = 0; k < N; k++)
    holds[k] = (HoldSpec) { k, k + 1 < N ? k + 1 : -1, 0, -1 };
  PhysHoldSystem sys = { 0 };
  build (&sys, N, holds, N);
  phys_hold_system_solve (&sys);
  for (int k = 0; k < N; k++)
    {
      imp_assert_vec_equal (sys.acc[k], 0, 0);
      g_assert_cmpfloat_with_epsilon (sys.push[k], (k + 1) * G, 1e-13);
    }
  phys_hold_system_free (&sys);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/physics/holds/pyramid", test_pyramid);
  g_test_add_func ("/physics/holds/v-stands", test_v_stands);
  g_test_add_func ("/physics/holds/slope-opens-the-wall", test_slope_opens_the_wall);
  g_test_add_func ("/physics/holds/held-along-one-line", test_held_along_one_line);
  g_test_add_func ("/physics/holds/column", test_column);
  return g_test_run ();
}
