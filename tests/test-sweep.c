/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sweep.c: the swept circle-circle and circle-segment tests.
 *
 * The quadratic, its early outs and the contact at t follow seed 000 with the
 * DESIGN.md convention (b is half the textbook b); the projections on a
 * segment's left normal and along it follow seed 002. Every hand-made case
 * shows its arithmetic in the comment above it; the inputs are chosen so the
 * numbers come out exact (or within a rounding of a short decimal). The app
 * teaches these intermediate numbers, so the tests check them, not only the
 * verdict.
 *
 * Screen coordinates: y grows downwards, so the left normal of the segment
 * (0, 0) -> (10, 0) is (0, -1), pointing up on screen.
 */
#include <glib.h>

#include "phys.h"
#include "test-util.h"

/* Hand-computed values are exact or a few roundings away from it. */
#define EPS 1e-12

/* The random property tests: fixed seeds so every run sees the same cases. */
#define RANDOM_SEED_CIRCLE_CIRCLE 20070125u
#define RANDOM_SEED_CIRCLE_SEGMENT 20120323u
#define RANDOM_CASES 20000
/* Evenly spaced samples of a motion, on top of an exact minimum search. */
#define RANDOM_SAMPLES 64

static void
assert_verdict (PhysVerdict verdict, PhysVerdict expected)
{
  /* Comparing names makes a failure say "hit" != "miss" instead of 5 != 3. */
  g_assert_cmpstr (phys_verdict_name (verdict), ==, phys_verdict_name (expected));
  g_assert_cmpint (verdict, ==, expected);
}

static void
assert_feature (PhysFeature feature, PhysFeature expected)
{
  g_assert_cmpstr (phys_feature_name (feature), ==, phys_feature_name (expected));
  g_assert_cmpint (feature, ==, expected);
}

/* The terms of f(t) = a t^2 + 2 b t + c and its discriminant b^2 - a c. */
static void
assert_quadratic (const PhysCircleCircleSweep *s, double a, double b, double c, double disc)
{
  g_assert_cmpfloat_with_epsilon (s->a, a, EPS);
  g_assert_cmpfloat_with_epsilon (s->b, b, EPS);
  g_assert_cmpfloat_with_epsilon (s->c, c, EPS);
  g_assert_cmpfloat_with_epsilon (s->disc, disc, EPS);
}

static void
assert_roots (const PhysCircleCircleSweep *s, double first, double second)
{
  g_assert_true (s->has_roots);
  g_assert_cmpfloat_with_epsilon (s->roots[0], first, EPS);
  g_assert_cmpfloat_with_epsilon (s->roots[1], second, EPS);
}

/* The circles at t, the unit normal from circle 1 to circle 2 and the contact point. */
static void
assert_cc_contact (const PhysCircleCircleSweep *s, double t, double p1x, double p1y, double p2x,
                   double p2y, double nx, double ny, double px, double py)
{
  g_assert_true (s->has_t);
  g_assert_cmpfloat_with_epsilon (s->t, t, EPS);
  imp_assert_vec_near (s->p1_at_t, p1x, p1y, EPS);
  imp_assert_vec_near (s->p2_at_t, p2x, p2y, EPS);
  imp_assert_vec_near (s->normal, nx, ny, EPS);
  imp_assert_vec_near (s->point, px, py, EPS);
}

/* ------------------------------------------------------------------------------------------ */
/* Circle against circle: one case per verdict.                                               */
/* ------------------------------------------------------------------------------------------ */

static void
test_cc_hit (void)
{
  /* Circle 1 at (0, 0), r1 = 2, moving (2, 1); circle 2 at (11, 4), r2 = 3, moving (-8, 1).
   * d = (11, 4), v = (-8 - 2, 1 - 1) = (-10, 0), R = 5.
   * a = 100, b = -110, c = 121 + 16 - 25 = 112, disc = 110^2 - 100 * 112 = 900, sqrt 30.
   * roots = (110 -+ 30) / 100 = 0.8 and 1.4: first touch at t = 0.8.
   * p1(t) = (1.6, 0.8), p2(t) = (11 - 6.4, 4 + 0.8) = (4.6, 4.8): apart by (3, 4), length 5 = R.
   * normal = (3, 4) / 5 = (0.6, 0.8); point = p1(t) + 2 normal = (2.8, 2.4). */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (2, 1), 2,
                                                      phys_v2 (11, 4), phys_v2 (-8, 1), 3);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  imp_assert_vec_equal (s.p1, 0, 0);
  imp_assert_vec_equal (s.v1, 2, 1);
  imp_assert_vec_equal (s.p2, 11, 4);
  imp_assert_vec_equal (s.v2, -8, 1);
  g_assert_cmpfloat (s.r1, ==, 2);
  g_assert_cmpfloat (s.r2, ==, 3);
  imp_assert_vec_equal (s.d, 11, 4);
  imp_assert_vec_equal (s.v, -10, 0);
  g_assert_cmpfloat (s.R, ==, 5);
  assert_quadratic (&s, 100, -110, 112, 900);
  assert_roots (&s, 0.8, 1.4);
  assert_cc_contact (&s, 0.8, 1.6, 0.8, 4.6, 4.8, 0.6, 0.8, 2.8, 2.4);
}

static void
test_cc_hit_head_on (void)
{
  /* Circle 1 at (0, 0) moving (10, 0) into circle 2 resting at (10, 0); both r = 1.
   * d = (10, 0), v = (-10, 0), R = 2: a = 100, b = -100, c = 100 - 4 = 96.
   * disc = 10000 - 9600 = 400, sqrt 20; roots = (100 -+ 20) / 100 = 0.8, 1.2.
   * p1(0.8) = (8, 0), p2 = (10, 0); normal (1, 0); point (9, 0), half way between. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (10, 0), 1,
                                                      phys_v2 (10, 0), phys_v2 (0, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  imp_assert_vec_equal (s.d, 10, 0);
  imp_assert_vec_equal (s.v, -10, 0);
  g_assert_cmpfloat (s.R, ==, 2);
  assert_quadratic (&s, 100, -100, 96, 400);
  assert_roots (&s, 0.8, 1.2);
  assert_cc_contact (&s, 0.8, 8, 0, 10, 0, 1, 0, 9, 0);
}

static void
test_cc_seed_000_halfway (void)
{
  /* Seed 000 assumes "a collision at exactly halfway through the interval": t = 0.5.
   * Circles of radius 1 at (0, 0) and (10, 0) rush at each other with (8, 0) and (-8, 0).
   * d = (10, 0), v = (-16, 0), R = 2: a = 256, b = -160, c = 96.
   * disc = 25600 - 24576 = 1024, sqrt 32; roots = (160 -+ 32) / 256 = 0.5, 0.75.
   * The ghosts at t: (4, 0) and (6, 0); normal (1, 0); point (5, 0); 1 - t = 0.5 remains. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (8, 0), 1,
                                                      phys_v2 (10, 0), phys_v2 (-8, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_quadratic (&s, 256, -160, 96, 1024);
  assert_roots (&s, 0.5, 0.75);
  assert_cc_contact (&s, 0.5, 4, 0, 6, 0, 1, 0, 5, 0);
  g_assert_cmpfloat (1.0 - s.t, ==, 0.5);
}

static void
test_cc_overlapping (void)
{
  /* Radius 2 each at (0, 0) and (3, 0), and moving apart with (-1, 0) and (1, 0).
   * d = (3, 0), R = 4: c = 9 - 16 = -7 < 0, so OVERLAPPING fires first even though
   * v = (2, 0) gives b = 6 >= 0 (moving apart).
   * The record still holds the rest: a = 4, disc = 36 - 4 (-7) = 64, sqrt 8,
   * roots = (-6 -+ 8) / 4 = -3.5 and 0.5 (they met in the past and separate at t = 0.5).
   * t = 0: positions as given, normal (1, 0), point = (0, 0) + 2 (1, 0) = (2, 0). */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (-1, 0), 2,
                                                      phys_v2 (3, 0), phys_v2 (1, 0), 2);

  assert_verdict (s.verdict, PHYS_VERDICT_OVERLAPPING);
  imp_assert_vec_equal (s.d, 3, 0);
  imp_assert_vec_equal (s.v, 2, 0);
  assert_quadratic (&s, 4, 6, -7, 64);
  assert_roots (&s, -3.5, 0.5);
  assert_cc_contact (&s, 0, 0, 0, 3, 0, 1, 0, 2, 0);
}

static void
test_cc_overlapping_same_centre (void)
{
  /* Both at (5, 5) with r = 1: d = (0, 0), c = 0 - 4 = -4. With no direction between the
   * centres the normal falls back to the x axis (1, 0); point = (5, 5) + (1, 0) = (6, 5).
   * No motion: a = 0, so no roots. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (5, 5), phys_v2 (0, 0), 1,
                                                      phys_v2 (5, 5), phys_v2 (0, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_OVERLAPPING);
  assert_quadratic (&s, 0, 0, -4, 0);
  g_assert_false (s.has_roots);
  assert_cc_contact (&s, 0, 5, 5, 5, 5, 1, 0, 6, 5);
}

static void
test_cc_no_relative_motion (void)
{
  /* Both move (3, 4): v = (0, 0), so a = 0 < epsilon and b = 0.
   * d = (10, 0), R = 2: c = 100 - 4 = 96 >= 0, disc = 0 - 0 = 0.
   * b = 0 would also say "moving apart"; NO_RELATIVE_MOTION comes first. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (3, 4), 1,
                                                      phys_v2 (10, 0), phys_v2 (3, 4), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_NO_RELATIVE_MOTION);
  imp_assert_vec_equal (s.v, 0, 0);
  assert_quadratic (&s, 0, 0, 96, 0);
  g_assert_false (s.has_roots);
  g_assert_false (s.has_t);
}

static void
test_cc_moving_apart (void)
{
  /* r = 1 at (0, 0) and (10, 0), moving (-1, 0) and (1, 0).
   * d = (10, 0), v = (2, 0): a = 4, b = 20 >= 0, c = 96.
   * disc = 400 - 384 = 16, sqrt 4; roots = (-20 -+ 4) / 4 = -6 and -4: both in the past. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (-1, 0), 1,
                                                      phys_v2 (10, 0), phys_v2 (1, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_MOVING_APART);
  assert_quadratic (&s, 4, 20, 96, 16);
  assert_roots (&s, -6, -4);
  g_assert_false (s.has_t);
}

static void
test_cc_moving_apart_sideways (void)
{
  /* Circle 2 at (0, 10) slides sideways with (5, 0) past circle 1 at the origin; r = 1.
   * d = (0, 10), v = (5, 0): b = 0 (closest right now), a = 25, c = 96,
   * disc = 0 - 25 * 96 = -2400 < 0. b >= 0 fires before the discriminant is looked at. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (0, 10), phys_v2 (5, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_MOVING_APART);
  assert_quadratic (&s, 25, 0, 96, -2400);
  g_assert_false (s.has_roots);
  g_assert_false (s.has_t);
}

static void
test_cc_miss (void)
{
  /* Circle 2 at (10, 3) flies left with (-20, 0) over circle 1 at the origin; r = 1 each.
   * d = (10, 3), v = (-20, 0), R = 2: a = 400, b = -200, c = 100 + 9 - 4 = 105.
   * disc = 40000 - 42000 = -2000 < 0: the centres never come closer than 3 > R. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (10, 3), phys_v2 (-20, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_MISS);
  assert_quadratic (&s, 400, -200, 105, -2000);
  g_assert_false (s.has_roots);
  g_assert_false (s.has_t);
}

static void
test_cc_grazing (void)
{
  /* The same fly-by 2 units below (y down): d = (10, 2), v = (-20, 0), R = 2.
   * a = 400, b = -200, c = 100 + 4 - 4 = 100, disc = 40000 - 40000 = 0: one double root
   * 200 / 400 = 0.5. p2(0.5) = (0, 2) sits right under p1 = (0, 0): normal (0, 1),
   * point (0, 1). */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (10, 2), phys_v2 (-20, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_quadratic (&s, 400, -200, 100, 0);
  assert_roots (&s, 0.5, 0.5);
  assert_cc_contact (&s, 0.5, 0, 0, 0, 2, 0, 1, 0, 1);
}

static void
test_cc_after_frame (void)
{
  /* Circle 2 at (10, 0) creeps left with (-4, 0) towards circle 1 at rest; r = 1 each.
   * a = 16, b = -40, c = 96, disc = 1600 - 1536 = 64, sqrt 8.
   * roots = (40 -+ 8) / 16 = 2 and 3: the touch is two frames away. The record still
   * places the circles at t = 2: p2(2) = (2, 0), normal (1, 0), point (1, 0). */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (10, 0), phys_v2 (-4, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_AFTER_FRAME);
  assert_quadratic (&s, 16, -40, 96, 64);
  assert_roots (&s, 2, 3);
  assert_cc_contact (&s, 2, 0, 0, 2, 0, 1, 0, 1, 0);
}

static void
test_cc_touching_at_start (void)
{
  /* Circles of radius 1 at (0, 0) and (2, 0) already touch: c = 4 - 4 = 0, not < 0, so not
   * overlapping. Circle 2 pushes in with (-1, 0): a = 1, b = -2, disc = 4 - 0 = 4, sqrt 2,
   * roots = (2 -+ 2) / 1 = 0 and 4. HIT at t = 0; normal (1, 0), point (1, 0). */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (2, 0), phys_v2 (-1, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_quadratic (&s, 1, -2, 0, 4);
  assert_roots (&s, 0, 4);
  assert_cc_contact (&s, 0, 0, 0, 2, 0, 1, 0, 1, 0);
}

static void
test_cc_touching_at_start_leaving (void)
{
  /* The same touching pair, circle 2 now leaving with (1, 0): b = 2 >= 0, MOVING_APART.
   * a = 1, c = 0, disc = 4; roots = (-2 -+ 2) / 1 = -4 and 0. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (2, 0), phys_v2 (1, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_MOVING_APART);
  assert_quadratic (&s, 1, 2, 0, 4);
  assert_roots (&s, -4, 0);
  g_assert_false (s.has_t);
}

static void
test_cc_hit_at_t_1 (void)
{
  /* Circle 2 at (10, 0) moving (-8, 0); r = 1 each. a = 64, b = -80, c = 96,
   * disc = 6400 - 6144 = 256, sqrt 16; roots = (80 -+ 16) / 64 = 1 and 1.5.
   * t = 1 exactly is still inside the frame (only t > 1 is AFTER_FRAME).
   * p2(1) = (2, 0); normal (1, 0); point (1, 0). */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (10, 0), phys_v2 (-8, 0), 1);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_quadratic (&s, 64, -80, 96, 256);
  assert_roots (&s, 1, 1.5);
  g_assert_cmpfloat (s.t, ==, 1.0);
  assert_cc_contact (&s, 1, 0, 0, 2, 0, 1, 0, 1, 0);
}

static void
test_cc_point_against_circle (void)
{
  /* A point is a circle of radius 0 (the segment end caps use this). Circle 1 of radius 1 at
   * (0, -5) falls with (0, 8) onto the point (0, 0).
   * d = (0, 5), v = (0, -8), R = 1: a = 64, b = -40, c = 25 - 1 = 24,
   * disc = 1600 - 1536 = 64, sqrt 8; roots = (40 -+ 8) / 64 = 0.5 and 0.75.
   * p1(0.5) = (0, -1); normal (0, 1); point = (0, -1) + 1 (0, 1) = (0, 0), the point itself. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, -5), phys_v2 (0, 8), 1,
                                                      phys_v2 (0, 0), phys_v2 (0, 0), 0);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  g_assert_cmpfloat (s.R, ==, 1);
  assert_quadratic (&s, 64, -40, 24, 64);
  assert_roots (&s, 0.5, 0.75);
  assert_cc_contact (&s, 0.5, 0, -1, 0, 0, 0, 1, 0, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Circle against circle: the order of the early outs, one row per pair of competing rules.   */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  double p1x, p1y, v1x, v1y, r1;
  double p2x, p2y, v2x, v2y, r2;
  PhysVerdict verdict;
} CircleCircleRow;

static const CircleCircleRow order_rows[] = {
  /* c = 9 - 16 = -7 < 0 and b = (2, 0).(3, 0) = 6 >= 0: overlap is tested first. */
  { "overlapping-before-moving-apart", 0, 0, -1, 0, 2, 3, 0, 1, 0, 2, PHYS_VERDICT_OVERLAPPING },
  /* c = -7 and a = 0: overlap is tested before relative motion. */
  { "overlapping-before-no-relative-motion", 0, 0, 1, 1, 2, 3, 0, 1, 1, 2,
    PHYS_VERDICT_OVERLAPPING },
  /* v = (-1e-11, 0): a = 1e-22 < 1e-20 although b = -1e-10 < 0 and
   * disc = 1e-20 - 1e-22 * 96 > 0 would put a touch at t = 8e11 (AFTER_FRAME). */
  { "no-relative-motion-before-approaching", 0, 0, 0, 0, 1, 10, 0, -1e-11, 0, 1,
    PHYS_VERDICT_NO_RELATIVE_MOTION },
  /* Same velocity: a = 0 and b = 0; "no relative motion" wins over "moving apart". */
  { "no-relative-motion-before-moving-apart", 0, 0, 2, -1, 1, 10, 0, 2, -1, 1,
    PHYS_VERDICT_NO_RELATIVE_MOTION },
  /* d = (0, 10), v = (5, 1): b = 10 >= 0, disc = 100 - 26 * 96 < 0. */
  { "moving-apart-before-miss", 0, 0, 0, 0, 1, 0, 10, 5, 1, 1, PHYS_VERDICT_MOVING_APART },
  /* d = (0, 10), v = (5, 0): b = 0 counts as moving apart (closest now). */
  { "moving-apart-at-b-zero", 0, 0, 0, 0, 1, 0, 10, 5, 0, 1, PHYS_VERDICT_MOVING_APART },
  /* d = (100, 3), v = (-1, 0): a = 1, b = -100, c = 10005, disc = 10000 - 10005 = -5:
   * a miss, however far in the future the closest approach is. */
  { "miss-before-after-frame", 0, 0, 0, 0, 1, 100, 3, -1, 0, 1, PHYS_VERDICT_MISS },
  /* roots 2 and 3 (see after-frame). */
  { "after-frame-past-one", 0, 0, 0, 0, 1, 10, 0, -4, 0, 1, PHYS_VERDICT_AFTER_FRAME },
  /* roots 1 and 1.5 (see hit-at-t-1). */
  { "hit-at-one", 0, 0, 0, 0, 1, 10, 0, -8, 0, 1, PHYS_VERDICT_HIT },
  /* c = 0 is touching, not overlapping: HIT at t = 0 when approaching. */
  { "touching-is-not-overlapping", 0, 0, 0, 0, 1, 2, 0, -1, 0, 1, PHYS_VERDICT_HIT },
  /* c = 0 and a = 0: resting contact is NO_RELATIVE_MOTION. */
  { "touching-and-still", 0, 0, 0, 0, 1, 2, 0, 0, 0, 1, PHYS_VERDICT_NO_RELATIVE_MOTION },
};

static PhysCircleCircleSweep
sweep_row (const CircleCircleRow *row, gboolean swapped)
{
  if (swapped)
    return phys_sweep_circle_circle (phys_v2 (row->p2x, row->p2y), phys_v2 (row->v2x, row->v2y),
                                     row->r2, phys_v2 (row->p1x, row->p1y),
                                     phys_v2 (row->v1x, row->v1y), row->r1);
  return phys_sweep_circle_circle (phys_v2 (row->p1x, row->p1y), phys_v2 (row->v1x, row->v1y),
                                   row->r1, phys_v2 (row->p2x, row->p2y),
                                   phys_v2 (row->v2x, row->v2y), row->r2);
}

static void
test_cc_order_row (gconstpointer data)
{
  const CircleCircleRow *row = data;
  PhysCircleCircleSweep s = sweep_row (row, FALSE);

  assert_verdict (s.verdict, row->verdict);
  /* has_t belongs to exactly the verdicts that place the circles somewhere. */
  g_assert_true (s.has_t
                 == (row->verdict == PHYS_VERDICT_OVERLAPPING || row->verdict == PHYS_VERDICT_HIT
                     || row->verdict == PHYS_VERDICT_AFTER_FRAME));
}

/* Swapping the circles negates d and v, so a, b, c and disc are the same bits and so is t;
 * the normal turns round. Touching circles share the contact point. */
static void
assert_swap_symmetric (const PhysCircleCircleSweep *s, const PhysCircleCircleSweep *w)
{
  assert_verdict (w->verdict, s->verdict);
  g_assert_cmpfloat (w->a, ==, s->a);
  g_assert_cmpfloat (w->b, ==, s->b);
  g_assert_cmpfloat (w->c, ==, s->c);
  g_assert_cmpfloat (w->disc, ==, s->disc);
  g_assert_true (w->has_roots == s->has_roots);
  g_assert_true (w->has_t == s->has_t);
  if (!s->has_t)
    return;
  g_assert_cmpfloat (w->t, ==, s->t);
  /* Centres that coincide at t fall back to (1, 0) both ways; otherwise the normal turns. */
  if (s->p1_at_t.x != s->p2_at_t.x || s->p1_at_t.y != s->p2_at_t.y)
    {
      g_assert_cmpfloat (w->normal.x, ==, -s->normal.x);
      g_assert_cmpfloat (w->normal.y, ==, -s->normal.y);
    }
  if (s->verdict != PHYS_VERDICT_OVERLAPPING)
    {
      double scale = MAX (1.0, MAX (phys_v2_len (s->p1_at_t), phys_v2_len (s->p2_at_t)));
      imp_assert_vec_near (w->point, s->point.x, s->point.y, 1e-12 * MAX (scale, s->R));
    }
}

static void
test_cc_symmetry (void)
{
  /* The 3-4-5 hit swapped: normal (-0.6, -0.8) from the big circle to the small one,
   * point = p2(t) + 3 (-0.6, -0.8) = (4.6 - 1.8, 4.8 - 2.4) = (2.8, 2.4), the same point. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (2, 1), 2,
                                                      phys_v2 (11, 4), phys_v2 (-8, 1), 3);
  PhysCircleCircleSweep w = phys_sweep_circle_circle (phys_v2 (11, 4), phys_v2 (-8, 1), 3,
                                                      phys_v2 (0, 0), phys_v2 (2, 1), 2);

  assert_swap_symmetric (&s, &w);
  assert_cc_contact (&w, 0.8, 4.6, 4.8, 1.6, 0.8, -0.6, -0.8, 2.8, 2.4);

  for (gsize i = 0; i < G_N_ELEMENTS (order_rows); i++)
    {
      PhysCircleCircleSweep a = sweep_row (&order_rows[i], FALSE);
      PhysCircleCircleSweep b = sweep_row (&order_rows[i], TRUE);
      assert_swap_symmetric (&a, &b);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Circle against circle: random properties.                                                  */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  PhysVec2 p1, v1, p2, v2;
  double r1, r2;
} CirclePair;

/* Distance between the centres at time s, from the inputs (not from the record). */
static double
pair_distance (const CirclePair *c, double time)
{
  PhysVec2 q1 = phys_v2_add_scaled (c->p1, c->v1, time);
  PhysVec2 q2 = phys_v2_add_scaled (c->p2, c->v2, time);
  return hypot (q2.x - q1.x, q2.y - q1.y);
}

/* The distance from a linearly moving point to a convex set (another point, a segment) is a
 * convex function of time, so a ternary search finds its minimum over [lo, hi]. */
typedef double (*DistanceFunc) (const void *data, double time);

static double
convex_minimum (DistanceFunc f, const void *data, double lo, double hi)
{
  double best = MIN (f (data, lo), f (data, hi));

  for (int i = 0; i < 200 && hi - lo > 0.0; i++)
    {
      double m1 = lo + (hi - lo) / 3.0;
      double m2 = hi - (hi - lo) / 3.0;
      if (f (data, m1) <= f (data, m2))
        hi = m2;
      else
        lo = m1;
    }
  return MIN (best, f (data, 0.5 * (lo + hi)));
}

/* Asserts f >= limit on [0, upto] (or [0, upto) when open_end), by samples and by the minimum. */
static void
assert_never_below (DistanceFunc f, const void *data, double upto, gboolean open_end, double limit)
{
  for (int i = 0; i <= RANDOM_SAMPLES; i++)
    {
      if (open_end && i == RANDOM_SAMPLES)
        break;
      g_assert_cmpfloat (f (data, upto * i / RANDOM_SAMPLES), >=, limit);
    }
  g_assert_cmpfloat (convex_minimum (f, data, 0.0, upto), >=, limit);
}

static double
pair_distance_func (const void *data, double time)
{
  return pair_distance (data, time);
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
test_cc_random_properties (void)
{
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_CIRCLE_CIRCLE);
  int counts[PHYS_VERDICT_HIT + 1] = { 0 };

  for (int i = 0; i < RANDOM_CASES; i++)
    {
      CirclePair c;
      c.p1 = rand_vec (rand, -10, 10);
      c.p2 = phys_v2_add (c.p1, rand_vec (rand, -12, 12));
      c.r1 = rand_range (rand, 0.1, 4);
      c.r2 = rand_range (rand, 0.1, 4);
      c.v1 = rand_vec (rand, -15, 15);
      /* Half of the pairs aim circle 2 roughly at circle 1, so hits are common. */
      if (g_rand_boolean (rand))
        c.v2 = phys_v2_add (c.v1, phys_v2_add (phys_v2_scale (phys_v2_sub (c.p1, c.p2),
                                                              rand_range (rand, 0.2, 1.6)),
                                               rand_vec (rand, -3, 3)));
      else
        c.v2 = rand_vec (rand, -15, 15);

      PhysCircleCircleSweep s = phys_sweep_circle_circle (c.p1, c.v1, c.r1, c.p2, c.v2, c.r2);
      PhysCircleCircleSweep w = phys_sweep_circle_circle (c.p2, c.v2, c.r2, c.p1, c.v1, c.r1);
      double R = c.r1 + c.r2;
      /* Positions at a late t (AFTER_FRAME) are as large as |v| t: scale the tolerance too. */
      double reach = phys_v2_len (s.v) * MAX (1.0, s.has_t ? s.t : 0.0);
      double scale = MAX (1.0, MAX (phys_v2_len (s.d), MAX (reach, R)));
      double tol = 1e-9 * scale;

      g_assert_cmpint (s.verdict, >=, PHYS_VERDICT_OVERLAPPING);
      g_assert_cmpint (s.verdict, <=, PHYS_VERDICT_HIT);
      /* Clamped as well: in non-fatal mode an assertion returns. */
      counts[CLAMP ((int)s.verdict, 0, (int)PHYS_VERDICT_HIT)]++;
      assert_swap_symmetric (&s, &w);
      if (s.verdict != PHYS_VERDICT_OVERLAPPING)
        g_assert_cmpfloat (pair_distance (&c, 0), >=, R - tol);

      switch (s.verdict)
        {
        case PHYS_VERDICT_OVERLAPPING:
          g_assert_cmpfloat (pair_distance (&c, 0), <, R + tol);
          g_assert_cmpfloat (s.t, ==, 0.0);
          break;
        case PHYS_VERDICT_HIT:
        case PHYS_VERDICT_AFTER_FRAME:
          g_assert_cmpfloat (s.t, >=, 0.0);
          if (s.verdict == PHYS_VERDICT_HIT)
            g_assert_cmpfloat (s.t, <=, 1.0);
          else
            g_assert_cmpfloat (s.t, >, 1.0);
          /* Touching at t, never closer before it, and the contact point on both rims. */
          g_assert_cmpfloat_with_epsilon (pair_distance (&c, s.t), R, tol);
          assert_never_below (pair_distance_func, &c, MIN (s.t, 1.0), TRUE, R - tol);
          g_assert_cmpfloat_with_epsilon (phys_v2_len (phys_v2_sub (s.point, s.p1_at_t)), c.r1,
                                          tol);
          g_assert_cmpfloat_with_epsilon (phys_v2_len (phys_v2_sub (s.point, s.p2_at_t)), c.r2,
                                          tol);
          g_assert_cmpfloat_with_epsilon (phys_v2_len (s.normal), 1.0, 1e-12);
          break;
        case PHYS_VERDICT_MOVING_APART:
          /* Not shrinking: never below the start distance, which is at least R. */
          g_assert_cmpfloat (pair_distance (&c, 0), >=, R - tol);
          assert_never_below (pair_distance_func, &c, 1.0, FALSE, pair_distance (&c, 0) - tol);
          break;
        case PHYS_VERDICT_MISS:
        case PHYS_VERDICT_NO_RELATIVE_MOTION:
        default:
          assert_never_below (pair_distance_func, &c, 1.0, FALSE, R - tol);
          break;
        }
    }

  /* The generator reaches every verdict a random pair can reach, many times. */
  g_test_message ("overlapping %d, moving-apart %d, miss %d, after-frame %d, hit %d",
                  counts[PHYS_VERDICT_OVERLAPPING], counts[PHYS_VERDICT_MOVING_APART],
                  counts[PHYS_VERDICT_MISS], counts[PHYS_VERDICT_AFTER_FRAME],
                  counts[PHYS_VERDICT_HIT]);
  g_assert_cmpint (counts[PHYS_VERDICT_OVERLAPPING], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_MOVING_APART], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_MISS], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_AFTER_FRAME], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_HIT], >, 100);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------------------------ */
/* Circle against segment.                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* The segment used by most cases: A = (0, 0), B = (10, 0), so L = 10, dir = (1, 0) and the
 * left normal (dir.y, -dir.x) = (0, -1) points up on screen. A centre (x, y) projects to
 * proj_normal = -y and proj_along = x; a motion (vx, vy) to vel_normal = -vy and
 * vel_along = vx. */
static PhysCircleSegmentSweep
sweep_flat (double cx, double cy, double vx, double vy, double r, bool caps)
{
  return phys_sweep_circle_segment (phys_v2 (cx, cy), phys_v2 (vx, vy), r, phys_v2 (0, 0),
                                    phys_v2 (10, 0), caps);
}

static void
assert_flat_segment (const PhysCircleSegmentSweep *s)
{
  imp_assert_vec_equal (s->a, 0, 0);
  imp_assert_vec_equal (s->b, 10, 0);
  g_assert_cmpfloat (s->length, ==, 10);
  imp_assert_vec_equal (s->dir, 1, 0);
  imp_assert_vec_equal (s->left_normal, 0, -1);
}

/* Seed 002's projections of the centre and of the motion, and which side the centre is on. */
static void
assert_projections (const PhysCircleSegmentSweep *s, double proj_normal, double proj_along,
                    double vel_normal, double vel_along, double side, double approach)
{
  g_assert_cmpfloat_with_epsilon (s->proj_normal, proj_normal, EPS);
  g_assert_cmpfloat_with_epsilon (s->proj_along, proj_along, EPS);
  g_assert_cmpfloat_with_epsilon (s->vel_normal, vel_normal, EPS);
  g_assert_cmpfloat_with_epsilon (s->vel_along, vel_along, EPS);
  g_assert_cmpfloat (s->side, ==, side);
  g_assert_cmpfloat_with_epsilon (s->approach, approach, EPS);
}

/* The flat side: when the circle reaches the line and where along it that happens. */
static void
assert_interior (const PhysCircleSegmentSweep *s, double t_interior, double along_at_t,
                 bool in_range)
{
  g_assert_true (s->has_t_interior);
  g_assert_cmpfloat_with_epsilon (s->t_interior, t_interior, EPS);
  g_assert_cmpfloat_with_epsilon (s->along_at_t, along_at_t, EPS);
  g_assert_true (s->interior_in_range == in_range);
}

static void
assert_seg_contact (const PhysCircleSegmentSweep *s, double t, double cx, double cy, double px,
                    double py, double nx, double ny)
{
  g_assert_true (s->has_t);
  g_assert_cmpfloat_with_epsilon (s->t, t, EPS);
  imp_assert_vec_near (s->center_at_t, cx, cy, EPS);
  imp_assert_vec_near (s->point, px, py, EPS);
  imp_assert_vec_near (s->normal, nx, ny, EPS);
}

static void
test_cs_interior_hit (void)
{
  /* A tilted segment A = (0, 0), B = (8, 6): L = 10, dir = (0.8, 0.6),
   * left normal = (0.6, -0.8). Radius 1, centre (5.4, -2.2) = A + 3 dir + 5 n,
   * motion (-1.6, 8.8) = 4 dir - 8 n.
   * proj_normal = 5.4 * 0.6 + 2.2 * 0.8 = 3.24 + 1.76 = 5; proj_along = 4.32 - 1.32 = 3;
   * vel_normal = -0.96 - 7.04 = -8; vel_along = -1.28 + 5.28 = 4.
   * side = +1, approach = 8; t_interior = (5 - 1) / 8 = 0.5; along_at_t = 3 + 4 * 0.5 = 5,
   * inside [0, 10]. centre(0.5) = (5.4 - 0.8, -2.2 + 4.4) = (4.6, 2.2); point = A + 5 dir =
   * (4, 3); normal = n = (0.6, -0.8).
   * The caps (centre against a point, d = point - centre, v = -(-1.6, 8.8) = (1.6, -8.8),
   * worked in the segment's frame, where d = (along, normal) of the point and v = (-4, 8)):
   *   A: d = (-3, -5), a = 16 + 64 = 80, b = 12 - 40 = -28, c = 9 + 25 - 1 = 33,
   *      disc = 784 - 2640 = -1856 -> MISS.
   *   B: d = (7, -5), b = -28 - 40 = -68, c = 49 + 25 - 1 = 73, disc = 4624 - 5840 = -1216
   *      -> MISS. */
  PhysCircleSegmentSweep s = phys_sweep_circle_segment (phys_v2 (5.4, -2.2), phys_v2 (-1.6, 8.8), 1,
                                                        phys_v2 (0, 0), phys_v2 (8, 6), true);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_feature (s.feature, PHYS_FEATURE_INTERIOR);
  imp_assert_vec_equal (s.center, 5.4, -2.2);
  imp_assert_vec_equal (s.v, -1.6, 8.8);
  g_assert_cmpfloat (s.radius, ==, 1);
  g_assert_cmpfloat (s.length, ==, 10);
  imp_assert_vec_near (s.dir, 0.8, 0.6, EPS);
  imp_assert_vec_near (s.left_normal, 0.6, -0.8, EPS);
  assert_projections (&s, 5, 3, -8, 4, 1, 8);
  assert_interior (&s, 0.5, 5, true);
  g_assert_true (s.caps_tested);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MISS);
  assert_quadratic (&s.cap_a, 80, -28, 33, -1856);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MISS);
  assert_quadratic (&s.cap_b, 80, -68, 73, -1216);
  assert_seg_contact (&s, 0.5, 4.6, 2.2, 4, 3, 0.6, -0.8);
}

static void
test_cs_interior_hit_from_below (void)
{
  /* Radius 2 at (3, 6), below the flat segment on screen, moving (1, -10) up to it.
   * proj_normal = -6 (right side): side = -1; vel_normal = 10, vel_along = 1;
   * approach = -10 * -1 = 10. t_interior = (6 - 2) / 10 = 0.4, along_at_t = 3 + 0.4 = 3.4.
   * centre(0.4) = (3.4, 2); point (3.4, 0); normal = -1 (0, -1) = (0, 1), down towards it.
   * Caps, v = (-1, 10): A: d = (-3, -6), a = 101, b = 3 - 60 = -57, c = 9 + 36 - 4 = 41,
   * disc = 3249 - 4141 = -892 -> MISS; B: d = (7, -6), b = -7 - 60 = -67, c = 81,
   * disc = 4489 - 8181 = -3692 -> MISS. */
  PhysCircleSegmentSweep s = sweep_flat (3, 6, 1, -10, 2, true);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_feature (s.feature, PHYS_FEATURE_INTERIOR);
  assert_flat_segment (&s);
  assert_projections (&s, -6, 3, 10, 1, -1, 10);
  assert_interior (&s, 0.4, 3.4, true);
  assert_quadratic (&s.cap_a, 101, -57, 41, -892);
  assert_quadratic (&s.cap_b, 101, -67, 81, -3692);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MISS);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MISS);
  assert_seg_contact (&s, 0.4, 3.4, 2, 3.4, 0, 0, 1);
}

static void
test_cs_cap_a (void)
{
  /* Radius 1 at (-0.6, -2.8), left of A, falling with (0, 4).
   * proj_normal = 2.8, proj_along = -0.6, vel_normal = -4, vel_along = 0, approach 4.
   * The line is reached at t_interior = (2.8 - 1) / 4 = 0.45 at along -0.6: outside [0, 10].
   * Cap A: d = A - centre = (0.6, 2.8), v = (0, -4): a = 16, b = -11.2,
   * c = 0.36 + 7.84 - 1 = 7.2, disc = 125.44 - 115.2 = 10.24, sqrt 3.2,
   * roots = (11.2 -+ 3.2) / 16 = 0.5, 0.9. Cap B: d = (10.6, 2.8), b = -11.2,
   * c = 112.36 + 7.84 - 1 = 119.2, disc = 125.44 - 1907.2 < 0 -> MISS.
   * Contact at 0.5: centre (-0.6, -0.8), point A, normal = unit(centre - A) = (-0.6, -0.8);
   * the cap record's own normal points the other way, from the circle to A. */
  PhysCircleSegmentSweep s = sweep_flat (-0.6, -2.8, 0, 4, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_feature (s.feature, PHYS_FEATURE_CAP_A);
  assert_flat_segment (&s);
  assert_projections (&s, 2.8, -0.6, -4, 0, 1, 4);
  assert_interior (&s, 0.45, -0.6, false);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_HIT);
  imp_assert_vec_near (s.cap_a.d, 0.6, 2.8, EPS);
  imp_assert_vec_equal (s.cap_a.v, 0, -4);
  g_assert_cmpfloat (s.cap_a.R, ==, 1);
  assert_quadratic (&s.cap_a, 16, -11.2, 7.2, 10.24);
  assert_roots (&s.cap_a, 0.5, 0.9);
  assert_cc_contact (&s.cap_a, 0.5, -0.6, -0.8, 0, 0, 0.6, 0.8, 0, 0);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MISS);
  assert_quadratic (&s.cap_b, 16, -11.2, 119.2, 125.44 - 1907.2);
  assert_seg_contact (&s, 0.5, -0.6, -0.8, 0, 0, -0.6, -0.8);
}

static void
test_cs_cap_b (void)
{
  /* The mirror image past B: radius 1 at (10.6, -2.8) falling with (0, 4).
   * proj_along = 10.6: the line is reached (t_interior 0.45) at along 10.6 > 10.
   * Cap B: d = (10, 0) - (10.6, -2.8) = (-0.6, 2.8): a = 16, b = -11.2, c = 7.2,
   * disc = 10.24: roots 0.5, 0.9. Cap A: d = (-10.6, 2.8), c = 119.2 -> MISS.
   * Contact at 0.5: centre (10.6, -0.8), point B, normal (0.6, -0.8). */
  PhysCircleSegmentSweep s = sweep_flat (10.6, -2.8, 0, 4, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_feature (s.feature, PHYS_FEATURE_CAP_B);
  assert_projections (&s, 2.8, 10.6, -4, 0, 1, 4);
  assert_interior (&s, 0.45, 10.6, false);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MISS);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_HIT);
  assert_quadratic (&s.cap_b, 16, -11.2, 7.2, 10.24);
  assert_roots (&s.cap_b, 0.5, 0.9);
  assert_seg_contact (&s, 0.5, 10.6, -0.8, 10, 0, 0.6, -0.8);
}

static void
test_cs_cap_after_frame (void)
{
  /* Radius 1 at (10.6, -8.8) falling with (0, 4) past B.
   * t_interior = (8.8 - 1) / 4 = 1.95 at along 10.6 (outside).
   * Cap B: d = (-0.6, 8.8), v = (0, -4): a = 16, b = -35.2, c = 0.36 + 77.44 - 1 = 76.8,
   * disc = 1239.04 - 1228.8 = 10.24, sqrt 3.2; roots = (35.2 -+ 3.2) / 16 = 2, 2.4.
   * AFTER_FRAME at t = 2 with the cap: centre (10.6, -0.8), point B, normal (0.6, -0.8). */
  PhysCircleSegmentSweep s = sweep_flat (10.6, -8.8, 0, 4, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_AFTER_FRAME);
  assert_feature (s.feature, PHYS_FEATURE_CAP_B);
  assert_interior (&s, 1.95, 10.6, false);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_AFTER_FRAME);
  assert_quadratic (&s.cap_b, 16, -35.2, 76.8, 10.24);
  assert_roots (&s.cap_b, 2, 2.4);
  assert_seg_contact (&s, 2, 10.6, -0.8, 10, 0, 0.6, -0.8);
}

static void
test_cs_both_caps_earlier_wins (void)
{
  /* A short segment A = (0, 0), B = (1, 0) and a circle of radius 2 coming along its line from
   * the left: centre (-5, 0), motion (8, 0). proj_normal = 0, approach = 0: the flat side is
   * never reached across, and both ends lie on the path.
   * Cap A: d = (5, 0), v = (-8, 0), R = 2: a = 64, b = -40, c = 21, disc = 1600 - 1344 = 256,
   *   roots = (40 -+ 16) / 64 = 0.375, 0.875.
   * Cap B: d = (6, 0): b = -48, c = 32, disc = 2304 - 2048 = 256, roots 0.5, 1.
   * Both hit inside the frame; A comes first: t = 0.375, centre (-2, 0), normal (-1, 0). */
  PhysCircleSegmentSweep s = phys_sweep_circle_segment (phys_v2 (-5, 0), phys_v2 (8, 0), 2,
                                                        phys_v2 (0, 0), phys_v2 (1, 0), true);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_feature (s.feature, PHYS_FEATURE_CAP_A);
  assert_projections (&s, 0, -5, 0, 8, 1, 0);
  g_assert_false (s.has_t_interior);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_HIT);
  assert_quadratic (&s.cap_a, 64, -40, 21, 256);
  assert_roots (&s.cap_a, 0.375, 0.875);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_HIT);
  assert_quadratic (&s.cap_b, 64, -48, 32, 256);
  assert_roots (&s.cap_b, 0.5, 1);
  assert_seg_contact (&s, 0.375, -2, 0, 0, 0, -1, 0);
}

static void
test_cs_overlapping_interior (void)
{
  /* Radius 1 at (5, -0.5): half a unit above the line, inside the strip (0 <= 5 <= 10), so
   * OVERLAPPING even though it moves away with (0, -3) (vel_normal = 3, approach = -3).
   * t = 0: centre (5, -0.5), point (5, 0), normal (0, -1). */
  PhysCircleSegmentSweep s = sweep_flat (5, -0.5, 0, -3, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_OVERLAPPING);
  assert_feature (s.feature, PHYS_FEATURE_INTERIOR);
  assert_projections (&s, 0.5, 5, 3, 0, 1, -3);
  g_assert_false (s.has_t_interior);
  assert_seg_contact (&s, 0, 5, -0.5, 5, 0, 0, -1);
}

static void
test_cs_overlapping_interior_below (void)
{
  /* Radius 1 at (2, 0.25), below the line: proj_normal = -0.25, side -1, so the normal
   * turns to (0, 1). Still: vel_normal = 0, approach = -0 (not > 0). */
  PhysCircleSegmentSweep s = sweep_flat (2, 0.25, 0, 0, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_OVERLAPPING);
  assert_feature (s.feature, PHYS_FEATURE_INTERIOR);
  assert_projections (&s, -0.25, 2, 0, 0, -1, 0);
  assert_seg_contact (&s, 0, 2, 0.25, 2, 0, 0, 1);
}

static void
test_cs_overlapping_cap (void)
{
  /* Radius 1 at (-0.3, -0.4), still: outside the strip (proj_along = -0.3) but 0.5 from A.
   * Cap A: d = (0.3, 0.4), c = 0.25 - 1 = -0.75 < 0 -> OVERLAPPING, which wins over
   * NO_RELATIVE_MOTION (a = 0). normal = unit(centre - A) = (-0.6, -0.8), point A. */
  PhysCircleSegmentSweep s = sweep_flat (-0.3, -0.4, 0, 0, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_OVERLAPPING);
  assert_feature (s.feature, PHYS_FEATURE_CAP_A);
  assert_projections (&s, 0.4, -0.3, 0, 0, 1, 0);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_OVERLAPPING);
  assert_quadratic (&s.cap_a, 0, 0, -0.75, 0);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_NO_RELATIVE_MOTION);
  assert_seg_contact (&s, 0, -0.3, -0.4, 0, 0, -0.6, -0.8);
}

static void
test_cs_overlapping_cap_b (void)
{
  /* Radius 1 at (10.3, -0.4) moving away (1, 0): 0.5 from B, so OVERLAPPING at B even though
   * cap B alone would say moving apart. normal (0.6, -0.8), point B. */
  PhysCircleSegmentSweep s = sweep_flat (10.3, -0.4, 1, 0, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_OVERLAPPING);
  assert_feature (s.feature, PHYS_FEATURE_CAP_B);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_OVERLAPPING);
  assert_seg_contact (&s, 0, 10.3, -0.4, 10, 0, 0.6, -0.8);
}

static void
test_cs_moving_apart (void)
{
  /* Radius 1 at (5, -3) moving (1, -2), away from the line: vel_normal = 2, approach = -2.
   * Cap A: d = (-5, 3), v = (-1, 2): b = 5 + 6 = 11 >= 0 -> MOVING_APART.
   * Cap B: d = (5, 3): b = -5 + 6 = 1 >= 0 -> MOVING_APART. */
  PhysCircleSegmentSweep s = sweep_flat (5, -3, 1, -2, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_MOVING_APART);
  assert_feature (s.feature, PHYS_FEATURE_NONE);
  assert_projections (&s, 3, 5, 2, 1, 1, -2);
  g_assert_false (s.has_t_interior);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpfloat_with_epsilon (s.cap_a.b, 11, EPS);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpfloat_with_epsilon (s.cap_b.b, 1, EPS);
  g_assert_false (s.has_t);
}

static void
test_cs_miss_past_end (void)
{
  /* Radius 1 at (13, -5) falling (0, 8) beside the segment: t_interior = (5 - 1) / 8 = 0.5 at
   * along 13 > 10: not the flat side.
   * Cap B: d = (-3, 5), v = (0, -8): a = 64, b = -40, c = 9 + 25 - 1 = 33,
   * disc = 1600 - 2112 = -512 -> MISS. Cap A: d = (-13, 5): c = 193, disc < 0 -> MISS.
   * Approaching the line, so not "moving apart": MISS. */
  PhysCircleSegmentSweep s = sweep_flat (13, -5, 0, 8, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_MISS);
  assert_feature (s.feature, PHYS_FEATURE_NONE);
  assert_projections (&s, 5, 13, -8, 0, 1, 8);
  assert_interior (&s, 0.5, 13, false);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MISS);
  assert_quadratic (&s.cap_b, 64, -40, 33, -512);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MISS);
  g_assert_false (s.has_t);
}

static void
test_cs_approaching_line_leaving_end (void)
{
  /* Radius 1 at (15, -5), beyond B, moving (5, 1): towards the line (vel_normal = -1,
   * approach 1; t_interior = (5 - 1) / 1 = 4 at along 15 + 5 * 4 = 35, outside) but away from
   * both ends: cap B d = (-5, 5), v = (-5, -1), b = 25 - 5 = 20 >= 0; cap A d = (-15, 5),
   * b = 75 - 5 = 70 >= 0. MOVING_APART needs approach <= 0, so the verdict is MISS although
   * the distance to the segment (to B) only grows. */
  PhysCircleSegmentSweep s = sweep_flat (15, -5, 5, 1, 1, true);

  assert_projections (&s, 5, 15, -1, 5, 1, 1);
  assert_interior (&s, 4, 35, false);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpfloat_with_epsilon (s.cap_a.b, 70, EPS);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpfloat_with_epsilon (s.cap_b.b, 20, EPS);
  assert_verdict (s.verdict, PHYS_VERDICT_MISS);
  g_assert_false (s.has_t);
}

static void
test_cs_after_frame (void)
{
  /* Radius 1 at (5, -9) falling (0, 4): t_interior = (9 - 1) / 4 = 2, along 5 inside.
   * AFTER_FRAME on the flat side: centre(2) = (5, -1), point (5, 0), normal (0, -1).
   * Caps: d = (-5, 9) and (5, 9), v = (0, -4): b = -36, c = 105, disc = 1296 - 1680 < 0. */
  PhysCircleSegmentSweep s = sweep_flat (5, -9, 0, 4, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_AFTER_FRAME);
  assert_feature (s.feature, PHYS_FEATURE_INTERIOR);
  assert_projections (&s, 9, 5, -4, 0, 1, 4);
  assert_interior (&s, 2, 5, true);
  assert_quadratic (&s.cap_a, 16, -36, 105, -384);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MISS);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MISS);
  assert_seg_contact (&s, 2, 5, -1, 5, 0, 0, -1);
}

static void
test_cs_no_relative_motion (void)
{
  /* Radius 1 at rest at (5, -3): not overlapping (3 > 1), no motion; both caps say the same. */
  PhysCircleSegmentSweep s = sweep_flat (5, -3, 0, 0, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_NO_RELATIVE_MOTION);
  assert_feature (s.feature, PHYS_FEATURE_NONE);
  assert_projections (&s, 3, 5, 0, 0, 1, 0);
  g_assert_false (s.has_t_interior);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_NO_RELATIVE_MOTION);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_NO_RELATIVE_MOTION);
  g_assert_false (s.has_t);
}

static void
test_cs_no_end_caps_passes_end (void)
{
  /* The cap-a case in the no-end-caps teaching mode: the line is reached at along -0.6,
   * outside the strip, and without the caps nothing else is tested, so the circle falls past
   * the corner it should have hit (MISS instead of HIT at t = 0.5). */
  PhysCircleSegmentSweep with = sweep_flat (-0.6, -2.8, 0, 4, 1, true);
  PhysCircleSegmentSweep without = sweep_flat (-0.6, -2.8, 0, 4, 1, false);

  assert_verdict (with.verdict, PHYS_VERDICT_HIT);
  assert_feature (with.feature, PHYS_FEATURE_CAP_A);
  g_assert_false (without.caps_tested);
  assert_projections (&without, 2.8, -0.6, -4, 0, 1, 4);
  assert_interior (&without, 0.45, -0.6, false);
  assert_verdict (without.verdict, PHYS_VERDICT_MISS);
  assert_feature (without.feature, PHYS_FEATURE_NONE);
  g_assert_false (without.has_t);
  /* An end point already inside the circle goes unnoticed too. */
  without = sweep_flat (-0.3, -0.4, 0, 0, 1, false);
  assert_verdict (without.verdict, PHYS_VERDICT_NO_RELATIVE_MOTION);
  /* The flat side still works: the interior-hit-from-below case is unchanged. */
  without = sweep_flat (3, 6, 1, -10, 2, false);
  assert_verdict (without.verdict, PHYS_VERDICT_HIT);
  assert_feature (without.feature, PHYS_FEATURE_INTERIOR);
  assert_seg_contact (&without, 0.4, 3.4, 2, 3.4, 0, 0, 1);
}

static void
test_cs_parallel_motion (void)
{
  /* Radius 1 at (-5, -3) sliding (20, 0) along the line, 3 above it: vel_normal = 0, so
   * approach = 0 and the flat side is never reached.
   * Cap A: d = (5, 3), v = (-20, 0): a = 400, b = -100, c = 33, disc = 10000 - 13200 < 0.
   * Cap B: d = (15, 3): b = -300, c = 233, disc = 90000 - 93200 < 0. Both MISS -> MISS. */
  PhysCircleSegmentSweep s = sweep_flat (-5, -3, 20, 0, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_MISS);
  assert_projections (&s, 3, -5, 0, 20, 1, 0);
  g_assert_false (s.has_t_interior);
  assert_quadratic (&s.cap_a, 400, -100, 33, -3200);
  assert_quadratic (&s.cap_b, 400, -300, 233, -3200);
  g_assert_false (s.has_t);
}

static void
test_cs_parallel_motion_leaving (void)
{
  /* Radius 1 at (-5, -3) sliding (-20, 0) along the line, away from the segment: approach 0
   * (exactly parallel counts as not approaching), and both ends recede:
   * cap A d = (5, 3), v = (20, 0), b = 100 >= 0; cap B d = (15, 3), b = 300 >= 0.
   * -> MOVING_APART, not MISS. */
  PhysCircleSegmentSweep s = sweep_flat (-5, -3, -20, 0, 1, true);

  assert_projections (&s, 3, -5, 0, -20, 1, 0);
  g_assert_false (s.has_t_interior);
  assert_verdict (s.cap_a.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpfloat_with_epsilon (s.cap_a.b, 100, EPS);
  assert_verdict (s.cap_b.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpfloat_with_epsilon (s.cap_b.b, 300, EPS);
  assert_verdict (s.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_false (s.has_t);
}

static void
test_cs_parallel_motion_into_cap (void)
{
  /* Radius 1 at (-5, -0.6) sliding (20, 0) along the line, only 0.6 above it: no interior
   * contact across (approach 0), but A is in the way.
   * Cap A: d = (5, 0.6), v = (-20, 0): a = 400, b = -100, c = 25 + 0.36 - 1 = 24.36,
   * disc = 10000 - 9744 = 256, sqrt 16; roots = (100 -+ 16) / 400 = 0.21, 0.29.
   * centre(0.21) = (-0.8, -0.6); normal (-0.8, -0.6); point A. */
  PhysCircleSegmentSweep s = sweep_flat (-5, -0.6, 20, 0, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_feature (s.feature, PHYS_FEATURE_CAP_A);
  g_assert_false (s.has_t_interior);
  assert_quadratic (&s.cap_a, 400, -100, 24.36, 256);
  assert_roots (&s.cap_a, 0.21, 0.29);
  assert_seg_contact (&s, 0.21, -0.8, -0.6, 0, 0, -0.8, -0.6);
}

static void
test_cs_touching_at_start (void)
{
  /* Radius 1 at (5, -1) touches the line (distance 1 is not < 1) and pushes on with (0, 2):
   * approach 2, t_interior = (1 - 1) / 2 = 0, along 5: HIT at t = 0. */
  PhysCircleSegmentSweep s = sweep_flat (5, -1, 0, 2, 1, true);

  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_feature (s.feature, PHYS_FEATURE_INTERIOR);
  assert_interior (&s, 0, 5, true);
  assert_seg_contact (&s, 0, 5, -1, 5, 0, 0, -1);

  /* Touching and leaving with (0, -2): approach -2; caps b = (0, 2).(-5, 1) = 2 and 2 -> apart. */
  s = sweep_flat (5, -1, 0, -2, 1, true);
  assert_verdict (s.verdict, PHYS_VERDICT_MOVING_APART);
}

static void
test_cs_reversed_segment (void)
{
  /* The same wall given as B -> A: dir (-1, 0), left normal (0, 1), so the circle above is on
   * the right side now: proj_normal = -5, side = -1, normal = -1 (0, 1) = (0, -1) as before.
   * The cap-a case becomes a cap-b case with the same t, point and normal. */
  PhysCircleSegmentSweep s = phys_sweep_circle_segment (phys_v2 (4, -5), phys_v2 (2, 8), 1,
                                                        phys_v2 (10, 0), phys_v2 (0, 0), true);
  PhysCircleSegmentSweep cap = phys_sweep_circle_segment (phys_v2 (-0.6, -2.8), phys_v2 (0, 4), 1,
                                                          phys_v2 (10, 0), phys_v2 (0, 0), true);

  /* Centre (4, -5): along from A' = (10, 0) is 6, normal -5; v = (2, 8): vel_normal = 8,
   * vel_along = -2, approach = 8. t_interior = 4 / 8 = 0.5, along 6 - 1 = 5.
   * centre(0.5) = (5, -1), point (5, 0), normal (0, -1). */
  imp_assert_vec_equal (s.dir, -1, 0);
  imp_assert_vec_equal (s.left_normal, 0, 1);
  assert_projections (&s, -5, 6, 8, -2, -1, 8);
  assert_interior (&s, 0.5, 5, true);
  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_seg_contact (&s, 0.5, 5, -1, 5, 0, 0, -1);

  assert_verdict (cap.verdict, PHYS_VERDICT_HIT);
  assert_feature (cap.feature, PHYS_FEATURE_CAP_B);
  assert_seg_contact (&cap, 0.5, -0.6, -0.8, 0, 0, -0.6, -0.8);
}

static void
test_cs_zero_length (void)
{
  /* A = B = (0, 0): L = 0, dir falls back to (1, 0), left normal (0, -1). The segment is a
   * point and behaves like one. Radius 1 at (0, -5) falling (0, 8): t_interior = 4 / 8 = 0.5
   * at along 0, inside [0, 0]; the caps agree (d = (0, 5), a = 64, b = -40, c = 24,
   * disc = 64, roots 0.5 and 0.75). */
  PhysCircleSegmentSweep s = phys_sweep_circle_segment (phys_v2 (0, -5), phys_v2 (0, 8), 1,
                                                        phys_v2 (0, 0), phys_v2 (0, 0), true);

  g_assert_cmpfloat (s.length, ==, 0);
  imp_assert_vec_equal (s.dir, 1, 0);
  assert_interior (&s, 0.5, 0, true);
  assert_roots (&s.cap_a, 0.5, 0.75);
  assert_verdict (s.verdict, PHYS_VERDICT_HIT);
  assert_seg_contact (&s, 0.5, 0, -1, 0, 0, 0, -1);
}

/* ------------------------------------------------------------------------------------------ */
/* Circle against segment: random properties.                                                */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  PhysVec2 center, v, a, b;
  double r;
} CircleSegment;

static double
point_segment_distance (PhysVec2 c, PhysVec2 a, PhysVec2 b)
{
  PhysVec2 ab = phys_v2_sub (b, a);
  double len_sq = phys_v2_len_sq (ab);
  double u = len_sq > 0.0 ? phys_v2_dot (phys_v2_sub (c, a), ab) / len_sq : 0.0;
  PhysVec2 foot = phys_v2_add_scaled (a, ab, CLAMP (u, 0.0, 1.0));
  return hypot (c.x - foot.x, c.y - foot.y);
}

static double
segment_distance_func (const void *data, double time)
{
  const CircleSegment *c = data;
  return point_segment_distance (phys_v2_add_scaled (c->center, c->v, time), c->a, c->b);
}

static void
random_circle_segment (GRand *rand, CircleSegment *c)
{
  c->a = rand_vec (rand, -10, 10);
  do
    c->b = rand_vec (rand, -10, 10);
  while (phys_v2_len (phys_v2_sub (c->b, c->a)) < 0.5);
  c->center = rand_vec (rand, -15, 15);
  c->r = rand_range (rand, 0.1, 3);
  /* Half of the circles aim at a point near the segment (ends included), so hits are common. */
  if (g_rand_boolean (rand))
    {
      PhysVec2 target = phys_v2_lerp (c->a, c->b, rand_range (rand, -0.3, 1.3));
      c->v = phys_v2_scale (phys_v2_sub (target, c->center), rand_range (rand, 0.3, 2));
    }
  else
    c->v = rand_vec (rand, -20, 20);
}

static void
test_cs_random_properties (void)
{
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_CIRCLE_SEGMENT);
  int counts[PHYS_VERDICT_HIT + 1] = { 0 };
  int features[PHYS_FEATURE_CAP_B + 1] = { 0 };

  for (int i = 0; i < RANDOM_CASES; i++)
    {
      CircleSegment c;
      random_circle_segment (rand, &c);
      PhysCircleSegmentSweep s = phys_sweep_circle_segment (c.center, c.v, c.r, c.a, c.b, true);
      double reach = phys_v2_len (c.v) * MAX (1.0, s.has_t ? s.t : 0.0);
      double scale = MAX (
          1.0, MAX (phys_v2_len (phys_v2_sub (c.center, c.a)), MAX (reach, MAX (s.length, c.r))));
      double tol = 1e-9 * scale;
      double start = segment_distance_func (&c, 0);

      g_assert_cmpint (s.verdict, >=, PHYS_VERDICT_OVERLAPPING);
      g_assert_cmpint (s.verdict, <=, PHYS_VERDICT_HIT);
      /* Clamped as well: in non-fatal mode an assertion returns. */
      counts[CLAMP ((int)s.verdict, 0, (int)PHYS_VERDICT_HIT)]++;

      /* Overlapping exactly when the centre starts closer to the segment than the radius. */
      if (s.verdict == PHYS_VERDICT_OVERLAPPING)
        g_assert_cmpfloat (start, <, c.r + tol);
      else
        g_assert_cmpfloat (start, >=, c.r - tol);

      switch (s.verdict)
        {
        case PHYS_VERDICT_HIT:
        case PHYS_VERDICT_AFTER_FRAME:
          g_assert_true (s.has_t);
          g_assert_cmpint (s.feature, !=, PHYS_FEATURE_NONE);
          features[s.feature]++;
          g_assert_cmpfloat (s.t, >=, 0.0);
          if (s.verdict == PHYS_VERDICT_HIT)
            g_assert_cmpfloat (s.t, <=, 1.0);
          else
            g_assert_cmpfloat (s.t, >, 1.0);
          /* At t the circle touches: distance r, the point on the segment one radius from the
           * centre along the normal; and it was never closer before. */
          g_assert_cmpfloat_with_epsilon (segment_distance_func (&c, s.t), c.r, tol);
          g_assert_cmpfloat_with_epsilon (point_segment_distance (s.point, c.a, c.b), 0, tol);
          g_assert_cmpfloat_with_epsilon (phys_v2_len (phys_v2_sub (s.center_at_t, s.point)), c.r,
                                          tol);
          g_assert_cmpfloat_with_epsilon (phys_v2_len (s.normal), 1.0, 1e-12);
          imp_assert_vec_near (phys_v2_add_scaled (s.point, s.normal, c.r), s.center_at_t.x,
                               s.center_at_t.y, tol);
          assert_never_below (segment_distance_func, &c, MIN (s.t, 1.0), TRUE, c.r - tol);
          if (s.feature == PHYS_FEATURE_INTERIOR)
            {
              g_assert_true (s.interior_in_range);
              g_assert_cmpfloat (s.t, ==, s.t_interior);
            }
          else if (s.feature == PHYS_FEATURE_CAP_A)
            {
              imp_assert_vec_equal (s.point, c.a.x, c.a.y);
              g_assert_cmpfloat (s.t, ==, s.cap_a.t);
            }
          else
            {
              imp_assert_vec_equal (s.point, c.b.x, c.b.y);
              g_assert_cmpfloat (s.t, ==, s.cap_b.t);
            }
          break;
        case PHYS_VERDICT_MOVING_APART:
          /* Not shrinking: the distance never drops below where it started. */
          assert_never_below (segment_distance_func, &c, 1.0, FALSE, start - tol);
          break;
        case PHYS_VERDICT_OVERLAPPING:
          g_assert_true (s.has_t);
          g_assert_cmpfloat (s.t, ==, 0.0);
          break;
        case PHYS_VERDICT_MISS:
        case PHYS_VERDICT_NO_RELATIVE_MOTION:
        default:
          g_assert_false (s.has_t);
          assert_never_below (segment_distance_func, &c, 1.0, FALSE, c.r - tol);
          break;
        }
    }

  g_test_message ("overlapping %d, moving-apart %d, miss %d, after-frame %d, hit %d; "
                  "interior %d, cap-a %d, cap-b %d",
                  counts[PHYS_VERDICT_OVERLAPPING], counts[PHYS_VERDICT_MOVING_APART],
                  counts[PHYS_VERDICT_MISS], counts[PHYS_VERDICT_AFTER_FRAME],
                  counts[PHYS_VERDICT_HIT], features[PHYS_FEATURE_INTERIOR],
                  features[PHYS_FEATURE_CAP_A], features[PHYS_FEATURE_CAP_B]);
  g_assert_cmpint (counts[PHYS_VERDICT_OVERLAPPING], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_MOVING_APART], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_MISS], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_AFTER_FRAME], >, 100);
  g_assert_cmpint (counts[PHYS_VERDICT_HIT], >, 100);
  g_assert_cmpint (features[PHYS_FEATURE_INTERIOR], >, 100);
  g_assert_cmpint (features[PHYS_FEATURE_CAP_A], >, 100);
  g_assert_cmpint (features[PHYS_FEATURE_CAP_B], >, 100);
  g_rand_free (rand);
}

static void
test_cs_random_no_end_caps (void)
{
  /* Without caps only the flat side can be hit, and exactly when the sweep with caps found
   * its first contact on the flat side too (the interior part does not depend on the caps). */
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_CIRCLE_SEGMENT + 1);

  for (int i = 0; i < RANDOM_CASES; i++)
    {
      CircleSegment c;
      random_circle_segment (rand, &c);
      PhysCircleSegmentSweep with = phys_sweep_circle_segment (c.center, c.v, c.r, c.a, c.b, true);
      PhysCircleSegmentSweep without
          = phys_sweep_circle_segment (c.center, c.v, c.r, c.a, c.b, false);

      g_assert_false (without.caps_tested);
      g_assert_cmpfloat (without.t_interior, ==, with.t_interior);
      g_assert_true (without.interior_in_range == with.interior_in_range);
      if (without.verdict == PHYS_VERDICT_HIT || without.verdict == PHYS_VERDICT_AFTER_FRAME)
        {
          assert_feature (without.feature, PHYS_FEATURE_INTERIOR);
          g_assert_cmpfloat (without.t, ==, without.t_interior);
        }
      if (with.feature == PHYS_FEATURE_INTERIOR && with.verdict != PHYS_VERDICT_OVERLAPPING)
        {
          assert_verdict (without.verdict, with.verdict);
          g_assert_cmpfloat (without.t, ==, with.t);
        }
    }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------------------------ */

static void
test_names (void)
{
  g_assert_cmpstr (phys_verdict_name (PHYS_VERDICT_OVERLAPPING), ==, "overlapping");
  g_assert_cmpstr (phys_verdict_name (PHYS_VERDICT_NO_RELATIVE_MOTION), ==, "no-relative-motion");
  g_assert_cmpstr (phys_verdict_name (PHYS_VERDICT_MOVING_APART), ==, "moving-apart");
  g_assert_cmpstr (phys_verdict_name (PHYS_VERDICT_MISS), ==, "miss");
  g_assert_cmpstr (phys_verdict_name (PHYS_VERDICT_AFTER_FRAME), ==, "after-frame");
  g_assert_cmpstr (phys_verdict_name (PHYS_VERDICT_HIT), ==, "hit");
  g_assert_cmpstr (phys_verdict_name ((PhysVerdict)99), ==, "unknown");
  g_assert_cmpstr (phys_feature_name (PHYS_FEATURE_NONE), ==, "none");
  g_assert_cmpstr (phys_feature_name (PHYS_FEATURE_INTERIOR), ==, "interior");
  g_assert_cmpstr (phys_feature_name (PHYS_FEATURE_CAP_A), ==, "cap-a");
  g_assert_cmpstr (phys_feature_name (PHYS_FEATURE_CAP_B), ==, "cap-b");
  g_assert_cmpstr (phys_feature_name ((PhysFeature)99), ==, "unknown");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/sweep/circle-circle/hit", test_cc_hit);
  g_test_add_func ("/physics/sweep/circle-circle/hit-head-on", test_cc_hit_head_on);
  g_test_add_func ("/physics/sweep/circle-circle/seed-000-halfway", test_cc_seed_000_halfway);
  g_test_add_func ("/physics/sweep/circle-circle/overlapping", test_cc_overlapping);
  g_test_add_func ("/physics/sweep/circle-circle/overlapping-same-centre",
                   test_cc_overlapping_same_centre);
  g_test_add_func ("/physics/sweep/circle-circle/no-relative-motion", test_cc_no_relative_motion);
  g_test_add_func ("/physics/sweep/circle-circle/moving-apart", test_cc_moving_apart);
  g_test_add_func ("/physics/sweep/circle-circle/moving-apart-sideways",
                   test_cc_moving_apart_sideways);
  g_test_add_func ("/physics/sweep/circle-circle/miss", test_cc_miss);
  g_test_add_func ("/physics/sweep/circle-circle/grazing", test_cc_grazing);
  g_test_add_func ("/physics/sweep/circle-circle/after-frame", test_cc_after_frame);
  g_test_add_func ("/physics/sweep/circle-circle/touching-at-start", test_cc_touching_at_start);
  g_test_add_func ("/physics/sweep/circle-circle/touching-at-start-leaving",
                   test_cc_touching_at_start_leaving);
  g_test_add_func ("/physics/sweep/circle-circle/hit-at-t-1", test_cc_hit_at_t_1);
  g_test_add_func ("/physics/sweep/circle-circle/point-against-circle",
                   test_cc_point_against_circle);
  for (gsize i = 0; i < G_N_ELEMENTS (order_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/sweep/circle-circle/order/%s", order_rows[i].name);
      g_test_add_data_func (path, &order_rows[i], test_cc_order_row);
      g_free (path);
    }
  g_test_add_func ("/physics/sweep/circle-circle/symmetry", test_cc_symmetry);
  g_test_add_func ("/physics/sweep/circle-circle/random-properties", test_cc_random_properties);

  g_test_add_func ("/physics/sweep/circle-segment/interior-hit", test_cs_interior_hit);
  g_test_add_func ("/physics/sweep/circle-segment/interior-hit-from-below",
                   test_cs_interior_hit_from_below);
  g_test_add_func ("/physics/sweep/circle-segment/cap-a", test_cs_cap_a);
  g_test_add_func ("/physics/sweep/circle-segment/cap-b", test_cs_cap_b);
  g_test_add_func ("/physics/sweep/circle-segment/cap-after-frame", test_cs_cap_after_frame);
  g_test_add_func ("/physics/sweep/circle-segment/both-caps-earlier-wins",
                   test_cs_both_caps_earlier_wins);
  g_test_add_func ("/physics/sweep/circle-segment/overlapping-interior",
                   test_cs_overlapping_interior);
  g_test_add_func ("/physics/sweep/circle-segment/overlapping-interior-below",
                   test_cs_overlapping_interior_below);
  g_test_add_func ("/physics/sweep/circle-segment/overlapping-cap", test_cs_overlapping_cap);
  g_test_add_func ("/physics/sweep/circle-segment/overlapping-cap-b", test_cs_overlapping_cap_b);
  g_test_add_func ("/physics/sweep/circle-segment/moving-apart", test_cs_moving_apart);
  g_test_add_func ("/physics/sweep/circle-segment/miss-past-end", test_cs_miss_past_end);
  g_test_add_func ("/physics/sweep/circle-segment/approaching-line-leaving-end",
                   test_cs_approaching_line_leaving_end);
  g_test_add_func ("/physics/sweep/circle-segment/after-frame", test_cs_after_frame);
  g_test_add_func ("/physics/sweep/circle-segment/no-relative-motion", test_cs_no_relative_motion);
  g_test_add_func ("/physics/sweep/circle-segment/no-end-caps-passes-end",
                   test_cs_no_end_caps_passes_end);
  g_test_add_func ("/physics/sweep/circle-segment/parallel-motion", test_cs_parallel_motion);
  g_test_add_func ("/physics/sweep/circle-segment/parallel-motion-leaving",
                   test_cs_parallel_motion_leaving);
  g_test_add_func ("/physics/sweep/circle-segment/parallel-motion-into-cap",
                   test_cs_parallel_motion_into_cap);
  g_test_add_func ("/physics/sweep/circle-segment/touching-at-start", test_cs_touching_at_start);
  g_test_add_func ("/physics/sweep/circle-segment/reversed-segment", test_cs_reversed_segment);
  g_test_add_func ("/physics/sweep/circle-segment/zero-length", test_cs_zero_length);
  g_test_add_func ("/physics/sweep/circle-segment/random-properties", test_cs_random_properties);
  g_test_add_func ("/physics/sweep/circle-segment/random-no-end-caps", test_cs_random_no_end_caps);

  g_test_add_func ("/physics/sweep/names", test_names);

  return g_test_run ();
}
