/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-advance.c: polygon distance and conservative advancement of polygons
 * that move and turn inside a frame.
 *
 * Each step measures the distance and normal n at t, bounds the closing speed
 * mu = n.(d_a - d_b) + |w_a| r_a + |w_b| r_b, and advances by distance / mu.
 * y grows downwards; a positive turn is clockwise on screen.
 */
#include <glib.h>

#include "phys.h"
#include "test-util.h"

#define EPS 1e-12
#define RANDOM_SEED_ADVANCE 19960801u
#define RANDOM_CASES 1500
#define SAMPLES 64

static void
assert_verdict (PhysVerdict verdict, PhysVerdict expected)
{
  g_assert_cmpstr (phys_verdict_name (verdict), ==, phys_verdict_name (expected));
}

static void
test_distance_boxes (void)
{
  /* Unit boxes at (0, 0) and (3, 0.25): A's corner (0.5, 0.5) is 2 from B's left edge 3 at
   * (2.5, 0.5); B's corner (2.5, -0.25) is also 2 from A's right edge, but A's vertices come
   * first. */
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysPolygonWorld a = phys_polygon_place (&box, phys_pose (0, 0, 0));
  PhysPolygonWorld b = phys_polygon_place (&box, phys_pose (3, 0.25, 0));
  PhysPolygonDistance d = phys_polygon_distance (&a, &b);
  g_assert_false (d.overlapping);
  g_assert_cmpfloat (d.distance, ==, 2);
  g_assert_cmpint (d.vertex_body, ==, 0);
  g_assert_cmpint (d.vertex, ==, 2);
  g_assert_cmpint (d.edge, ==, 3);
  imp_assert_vec_equal (d.point_a, 0.5, 0.5);
  imp_assert_vec_equal (d.point_b, 2.5, 0.5);
  imp_assert_vec_equal (d.normal, 1, 0);

  /* Overlapping by 0.5: no distance, the SAT's normal. */
  b = phys_polygon_place (&box, phys_pose (0.5, 0, 0));
  d = phys_polygon_distance (&a, &b);
  g_assert_true (d.overlapping);
  g_assert_cmpfloat (d.distance, ==, 0);
  imp_assert_vec_equal (d.normal, 1, 0);
}

static void
test_translation (void)
{
  /* B, a unit box at (3, 0.25), moves (-4, 0) towards A at the origin; nothing turns.
   * Step 0: distance 2 along n = (1, 0); mu = n.(d_a - d_b) = (1, 0).(4, 0) = 4, no turning
   * terms: dt = 2 / 4 = 0.5. Step 1 at t = 0.5: B at (1, 0.25) touches A, distance 0: a hit
   * at exactly the swept SAT's time. */
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysAdvanceRecord r = phys_advance_polygon_polygon (&box, phys_pose (0, 0, 0), phys_v2 (0, 0), 0,
                                                      &box, phys_pose (3, 0.25, 0),
                                                      phys_v2 (-4, 0), 0, PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_HIT);
  g_assert_cmpint (r.step_count, ==, 2);
  g_assert_cmpfloat (r.steps[0].t, ==, 0);
  g_assert_cmpfloat (r.steps[0].distance.distance, ==, 2);
  g_assert_cmpfloat (r.steps[0].closing_linear, ==, 4);
  g_assert_cmpfloat (r.steps[0].closing_turn_a, ==, 0);
  g_assert_cmpfloat (r.steps[0].mu, ==, 4);
  g_assert_cmpfloat (r.steps[0].dt, ==, 0.5);
  g_assert_cmpfloat (r.steps[1].t, ==, 0.5);
  imp_assert_vec_equal (r.steps[1].pose_b.position, 1, 0.25);
  g_assert_cmpfloat (r.steps[1].distance.distance, ==, 0);
  g_assert_true (r.converged);
  g_assert_cmpfloat (r.t, ==, 0.5);
  imp_assert_vec_equal (r.normal, 1, 0);
}

static void
test_turning_bar (void)
{
  /* A bar 4 x 0.2 at the origin turns by 2 radians over the frame (clockwise on screen: its
   * right half goes down); a unit box B stands below it at (0, 1.5), top face y = 1.
   * Step 0: the bar's bottom face y = 0.1 is 0.9 above B's corner (-0.5, 1), n = (0, 1);
   * r_a = |(2, 0.1)| = sqrt(4.01), mu = 2 sqrt(4.01) = 4.004995, dt = 0.9 / mu = 0.224719.
   * The first touch: the bar's bottom face, the points x with (-sin a, cos a).x = 0.1, meets
   * B's corner (0.5, 1) when cos a - 0.5 sin a = 0.1, that is sqrt(1.25) cos(a + atan 0.5)
   * = 0.1: a = acos(0.1 / sqrt 1.25) - atan 0.5 = 1.017586, t = a / 2 = 0.508793. (The bar's
   * end, 1.75 to the right, passes beside B.) The advancement stops within 1e-6 of it, never
   * after it. */
  PhysPolygon bar = phys_polygon_box (4, 0.2);
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysAdvanceRecord r = phys_advance_polygon_polygon (&bar, phys_pose (0, 0, 0), phys_v2 (0, 0), 2,
                                                      &box, phys_pose (0, 1.5, 0), phys_v2 (0, 0),
                                                      0, PHYS_ADVANCE_TOLERANCE);
  double angle = acos (0.1 / sqrt (1.25)) - atan (0.5);
  double t_true = angle / 2;

  g_assert_cmpfloat_with_epsilon (r.ra, sqrt (4.01), EPS);
  g_assert_cmpfloat_with_epsilon (r.steps[0].distance.distance, 0.9, EPS);
  g_assert_cmpint (r.steps[0].distance.vertex_body, ==, 1);
  g_assert_cmpint (r.steps[0].distance.vertex, ==, 0);
  g_assert_cmpint (r.steps[0].distance.edge, ==, 2);
  imp_assert_vec_near (r.steps[0].distance.normal, 0, 1, EPS);
  g_assert_cmpfloat_with_epsilon (r.steps[0].closing_turn_a, 2 * sqrt (4.01), EPS);
  g_assert_cmpfloat_with_epsilon (r.steps[0].dt, 0.9 / (2 * sqrt (4.01)), EPS);
  for (int k = 1; k < r.step_count; k++)
    g_assert_cmpfloat (r.steps[k].distance.distance, <, r.steps[k - 1].distance.distance);

  assert_verdict (r.verdict, PHYS_VERDICT_HIT);
  g_assert_true (r.converged);
  g_assert_cmpfloat (r.t, <=, t_true);
  g_assert_cmpfloat (t_true - r.t, <, 1e-6);
  const PhysAdvanceStep *last = &r.steps[r.step_count - 1];
  g_assert_cmpfloat (last->distance.distance, <=, PHYS_ADVANCE_TOLERANCE);
  g_assert_cmpint (last->distance.vertex_body, ==, 1);
  g_assert_cmpint (last->distance.vertex, ==, 1);
  imp_assert_vec_near (r.point_b, 0.5, 1, 1e-9);
  imp_assert_vec_near (r.normal, -sin (angle), cos (angle), 1e-5);
  g_test_message ("turning bar: t = %.9f (true %.9f) after %d steps", r.t, t_true, r.step_count);
}

static void
test_verdicts (void)
{
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysPose origin = phys_pose (0, 0, 0);

  /* Moving apart without turning: mu = (1, 0).(0 - 1, 0) = -1 <= 0, a miss at step 0. */
  PhysAdvanceRecord r = phys_advance_polygon_polygon (&box, origin, phys_v2 (0, 0), 0, &box,
                                                      phys_pose (3, 0, 0), phys_v2 (1, 0), 0,
                                                      PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_MISS);
  g_assert_cmpfloat (r.steps[0].mu, ==, -1);
  g_assert_false (r.has_t);

  /* Far: distance 9, mu 4, the safe time 2.25 is past the frame. */
  r = phys_advance_polygon_polygon (&box, origin, phys_v2 (0, 0), 0, &box, phys_pose (10, 0, 0),
                                    phys_v2 (-4, 0), 0, PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_AFTER_FRAME);
  g_assert_cmpfloat (r.t, ==, 2.25);

  /* Overlapping at the start. */
  r = phys_advance_polygon_polygon (&box, origin, phys_v2 (0, 0), 1, &box, phys_pose (0.5, 0, 0),
                                    phys_v2 (0, 0), 0, PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_OVERLAPPING);
  g_assert_cmpfloat (r.t, ==, 0);
  g_assert_cmpint (r.step_count, ==, 1);
}

static double
overlap_at (const PhysPolygon *a, PhysPose pa, PhysVec2 da, double wa, const PhysPolygon *b,
            PhysPose pb, PhysVec2 db, double wb, double t)
{
  PhysPolygonWorld at_a = phys_polygon_place (a, phys_pose (pa.position.x + da.x * t,
                                                            pa.position.y + da.y * t,
                                                            pa.angle + wa * t));
  PhysPolygonWorld at_b = phys_polygon_place (b, phys_pose (pb.position.x + db.x * t,
                                                            pb.position.y + db.y * t,
                                                            pb.angle + wb * t));
  return phys_sat_polygon_polygon (&at_a, &at_b).overlap;
}

static void
test_property_turning_no_tunneling (void)
{
  /* Random polygons that move fast and turn up to 3 radians a frame: no sampled time before
   * the advancement's t (or in the whole frame when it finds no hit) overlaps, and a hit is
   * within the tolerance. Without turning it is never later than the exact swept SAT. */
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_ADVANCE);
  int hits = 0, turning_hits = 0, unconverged = 0;
  for (int c = 0; c < RANDOM_CASES; c++)
    {
      PhysPolygon a = imp_test_random_polygon (rand, 8, 0.1, 1.5);
      PhysPolygon b = imp_test_random_polygon (rand, 8, 0.1, 1.5);
      PhysPose pa = phys_pose (0, 0, g_rand_double_range (rand, -PHYS_PI, PHYS_PI));
      PhysPose pb = phys_pose (g_rand_double_range (rand, -7, -3),
                               g_rand_double_range (rand, -2, 2),
                               g_rand_double_range (rand, -PHYS_PI, PHYS_PI));
      PhysVec2 da = phys_v2 (g_rand_double_range (rand, -1, 1), g_rand_double_range (rand, -1, 1));
      PhysVec2 db = phys_v2 (g_rand_double_range (rand, 3, 12), g_rand_double_range (rand, -3, 3));
      bool turning = c % 2 == 0;
      double wa = turning ? g_rand_double_range (rand, -3, 3) : 0;
      double wb = turning ? g_rand_double_range (rand, -3, 3) : 0;
      if (overlap_at (&a, pa, da, wa, &b, pb, db, wb, 0) > -1e-9)
        continue;

      PhysAdvanceRecord r = phys_advance_polygon_polygon (&a, pa, da, wa, &b, pb, db, wb,
                                                          PHYS_ADVANCE_TOLERANCE);
      double until = r.verdict == PHYS_VERDICT_HIT ? r.t : 1.0;
      for (int k = 0; k <= SAMPLES && (double) k / SAMPLES <= until; k++)
        g_assert_cmpfloat (overlap_at (&a, pa, da, wa, &b, pb, db, wb, (double) k / SAMPLES), <=,
                           1e-9);
      for (int k = 0; k < r.step_count; k++)
        g_assert_false (r.steps[k].distance.overlapping);
      if (r.verdict != PHYS_VERDICT_HIT)
        continue;
      hits++;
      turning_hits += turning;
      unconverged += !r.converged;
      if (r.converged)
        g_assert_cmpfloat (r.steps[r.step_count - 1].distance.distance, <=,
                           PHYS_ADVANCE_TOLERANCE);
      if (!turning)
        {
          PhysPolygonWorld wa0 = phys_polygon_place (&a, pa), wb0 = phys_polygon_place (&b, pb);
          PhysSweptSatRecord s = phys_sweep_sat_polygon_polygon (&wa0, da, &wb0, db);
          if (s.verdict == PHYS_VERDICT_HIT)
            g_assert_cmpfloat (r.t, <=, s.t + 1e-9);
        }
    }
  g_test_message ("%d hits, %d of them turning, %d out of iterations", hits, turning_hits,
                  unconverged);
  g_assert_cmpint (turning_hits, >, RANDOM_CASES / 20);
  g_assert_cmpint (hits - turning_hits, >, RANDOM_CASES / 20);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------------------------ */
/* A circle against a fixed Bezier curve.                                                     */
/* ------------------------------------------------------------------------------------------ */

static PhysBezier
straight_curve (void)
{
  /* Evenly spaced control points: B(s) = (3 s, 0). */
  PhysBezier c = { { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 } } };
  return c;
}

static void
test_curve_straight (void)
{
  /* A circle of radius 0.5 at (1.2, -2) moving (0, 4) onto B(s) = (3 s, 0). Step 0: the
   * closest point (1.2, 0) at s = 0.4, distance 2, gap 1.5; speed 4: dt = 0.375. Step 1 at
   * t = 0.375: centre (1.2, -0.5), gap 0, moving into the curve (v.n = (0, 4).(0, -1) < 0):
   * a hit. */
  PhysBezier curve = straight_curve ();
  PhysCurveAdvanceRecord r = phys_advance_circle_bezier (&curve, phys_v2 (1.2, -2), phys_v2 (0, 4),
                                                         0.5, PHYS_ADVANCE_TOLERANCE);
  g_assert_cmpfloat (r.speed, ==, 4);
  g_assert_cmpint (r.step_count, ==, 2);
  g_assert_cmpfloat_with_epsilon (r.steps[0].s, 0.4, EPS);
  imp_assert_vec_near (r.steps[0].point, 1.2, 0, EPS);
  imp_assert_vec_near (r.steps[0].normal, 0, -1, EPS);
  g_assert_cmpfloat_with_epsilon (r.steps[0].gap, 1.5, EPS);
  g_assert_cmpfloat_with_epsilon (r.steps[0].dt, 0.375, EPS);
  imp_assert_vec_near (r.steps[1].center, 1.2, -0.5, EPS);
  g_assert_cmpfloat_with_epsilon (r.steps[1].gap, 0, EPS);
  assert_verdict (r.verdict, PHYS_VERDICT_HIT);
  g_assert_cmpfloat_with_epsilon (r.t, 0.375, EPS);
  imp_assert_vec_near (r.contact.circle_point, 1.2, 0, EPS);
}

static void
test_curve_fast_thin (void)
{
  /* Radius 0.2 from (1.2, -3) moving (0, 6): at t = 0 and at t = 1 (centre (1.2, 3)) it is 2.8
   * away, the static test sees nothing and the circle would tunnel through the curve. The
   * advancement steps 2.8 / 6 = 0.466667 and finds it touching there. */
  PhysBezier curve = straight_curve ();
  g_assert_cmpstr (phys_contact_verdict_name (
                     phys_bezier_circle_contact (&curve, phys_v2 (1.2, -3), 0.2).verdict),
                   ==, "separated");
  g_assert_cmpstr (phys_contact_verdict_name (
                     phys_bezier_circle_contact (&curve, phys_v2 (1.2, 3), 0.2).verdict),
                   ==, "separated");
  PhysCurveAdvanceRecord r = phys_advance_circle_bezier (&curve, phys_v2 (1.2, -3), phys_v2 (0, 6),
                                                         0.2, PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_HIT);
  g_assert_cmpfloat_with_epsilon (r.t, 2.8 / 6, EPS);
}

static void
test_curve_verdicts (void)
{
  PhysBezier curve = straight_curve ();
  /* Touching and leaving: moving apart. */
  PhysCurveAdvanceRecord r = phys_advance_circle_bezier (&curve, phys_v2 (1.2, -0.5),
                                                         phys_v2 (0, -1), 0.5,
                                                         PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_MOVING_APART);
  g_assert_false (r.has_t);
  /* Overlapping by 0.1 at the start. */
  r = phys_advance_circle_bezier (&curve, phys_v2 (1.2, -0.4), phys_v2 (0, 1), 0.5,
                                  PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_OVERLAPPING);
  /* Still. */
  r = phys_advance_circle_bezier (&curve, phys_v2 (1.2, -2), phys_v2 (0, 0), 0.5,
                                  PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_NO_RELATIVE_MOTION);
  /* Gap 1.5 at speed 1: the safe time 1.5 is past the frame. */
  r = phys_advance_circle_bezier (&curve, phys_v2 (1.2, -2), phys_v2 (0, 1), 0.5,
                                  PHYS_ADVANCE_TOLERANCE);
  assert_verdict (r.verdict, PHYS_VERDICT_AFTER_FRAME);
  g_assert_cmpfloat_with_epsilon (r.t, 1.5, EPS);
}

static void
test_property_curve_no_tunneling (void)
{
  /* Random curves and fast circles: no sampled time before the advancement's t (or in the
   * whole frame) overlaps the curve, and a hit is within the tolerance. */
  GRand *rand = g_rand_new_with_seed (RANDOM_SEED_ADVANCE + 1);
  int hits = 0, unconverged = 0;
  for (int c = 0; c < RANDOM_CASES; c++)
    {
      PhysBezier curve;
      for (int k = 0; k < 4; k++)
        curve.p[k] = phys_v2 (g_rand_double_range (rand, -3, 3), g_rand_double_range (rand, -3, 3));
      PhysVec2 center = phys_v2 (g_rand_double_range (rand, -6, 6),
                                 g_rand_double_range (rand, -6, 6));
      /* Aimed at a random point of the curve, arriving before or after the frame's end. */
      PhysVec2 aim = phys_bezier_point (&curve, g_rand_double (rand));
      PhysVec2 v = phys_v2_add (phys_v2_scale (phys_v2_sub (aim, center),
                                               g_rand_double_range (rand, 0.5, 2)),
                                phys_v2 (g_rand_double_range (rand, -1, 1),
                                         g_rand_double_range (rand, -1, 1)));
      double radius = g_rand_double_range (rand, 0.05, 0.8);
      if (phys_bezier_circle_contact (&curve, center, radius).depth > -1e-3)
        continue;
      PhysCurveAdvanceRecord r = phys_advance_circle_bezier (&curve, center, v, radius,
                                                             PHYS_ADVANCE_TOLERANCE);
      double until = r.verdict == PHYS_VERDICT_HIT ? r.t : 1.0;
      for (int k = 0; k <= SAMPLES && (double) k / SAMPLES <= until; k++)
        {
          PhysVec2 at = phys_v2_add_scaled (center, v, (double) k / SAMPLES);
          g_assert_cmpfloat (phys_bezier_circle_contact (&curve, at, radius).depth, <=, 1e-9);
        }
      if (r.verdict != PHYS_VERDICT_HIT)
        continue;
      hits++;
      unconverged += !r.converged;
      if (r.converged)
        g_assert_cmpfloat (fabs (r.contact.depth), <=, PHYS_ADVANCE_TOLERANCE);
    }
  g_test_message ("%d hits, %d out of iterations", hits, unconverged);
  g_assert_cmpint (hits, >, RANDOM_CASES / 4);
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/advance/distance/boxes", test_distance_boxes);
  g_test_add_func ("/physics/advance/translation/head-on", test_translation);
  g_test_add_func ("/physics/advance/turning/bar-onto-box", test_turning_bar);
  g_test_add_func ("/physics/advance/verdicts", test_verdicts);
  g_test_add_func ("/physics/advance/property/no-tunneling", test_property_turning_no_tunneling);
  g_test_add_func ("/physics/advance/curve/straight", test_curve_straight);
  g_test_add_func ("/physics/advance/curve/fast-thin", test_curve_fast_thin);
  g_test_add_func ("/physics/advance/curve/verdicts", test_curve_verdicts);
  g_test_add_func ("/physics/advance/curve/no-tunneling", test_property_curve_no_tunneling);

  return g_test_run ();
}
