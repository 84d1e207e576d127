/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-circle-friction.c: Coulomb friction with spin between circles and against segments
 * (docs/physics.md, friction with spin): the pure function by hand, then in the world: a
 * spinning ball hitting a floor (sticking and sliding, omega after by hand, the angle turned
 * piecewise over the frame, the ledger), and seeded scenes where energy never rises and
 * momentum and angular momentum are accounted for. */
#include <math.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

/* A ball of mass 1 and radius 1 (I = 1/2) falls on a floor (normal (0, -1) from the floor to
 * the ball, tangent t = (1, 0)) at v = (1, 2), not turning, e = 1: jn = m (1 + e) 2 = 4. The
 * slip is vt = v.t - w r = 1, the effective mass 1 / (1/m + r^2/I) = 1/3, so jt_free = -1/3;
 * with mu = 1 the bound is 4: it sticks. v.x = 1 - 1/3 = 2/3, w = 0 - r jt / I = 2/3: rolling
 * (vt = 2/3 - 2/3 = 0), clockwise on screen as a ball rolling right on a floor does. */
static void
test_pure_sticking (void)
{
  PhysVec2 v1, v2;
  PhysCircleFriction f = phys_friction_circle (phys_v2 (0, -1), 4.0, 1.0, phys_v2 (0, 0), 0, 0,
                                               0, 0, phys_v2 (1, -2), 0.0, 1.0, 1.0, 2.0, &v1,
                                               &v2);
  g_assert_true (f.applied);
  g_assert_false (f.sliding);
  g_assert_cmpfloat (f.vt_before, ==, 1.0);
  g_assert_cmpfloat_with_epsilon (f.tangent_mass, 1.0 / 3.0, 1e-16);
  g_assert_cmpfloat_with_epsilon (f.jt_free, -1.0 / 3.0, 1e-16);
  g_assert_cmpfloat (f.jt_limit, ==, 4.0);
  g_assert_cmpfloat (f.jt, ==, f.jt_free);
  imp_assert_vec_equal (v1, 0, 0);
  imp_assert_vec_near (v2, 2.0 / 3.0, -2.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f.w2_after, 2.0 / 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f.vt_after, 0.0, 1e-15);
  g_assert_cmpfloat (f.w1_after, ==, 0.0);
}

/* The same hit with mu = 0.05: the bound mu jn = 0.2 is below 1/3, it slides. jt = -0.2:
 * v.x = 0.8, w = 0.4, the slip left 0.8 - 0.4 = 0.4 (= 1 - 0.2 x 3), same sign as before. */
static void
test_pure_sliding (void)
{
  PhysVec2 v1, v2;
  PhysCircleFriction f = phys_friction_circle (phys_v2 (0, -1), 4.0, 0.05, phys_v2 (0, 0), 0, 0,
                                               0, 0, phys_v2 (1, -2), 0.0, 1.0, 1.0, 2.0, &v1,
                                               &v2);
  g_assert_true (f.applied);
  g_assert_true (f.sliding);
  g_assert_cmpfloat_with_epsilon (f.jt_limit, 0.2, 1e-16);
  g_assert_cmpfloat (f.jt, ==, -f.jt_limit);
  imp_assert_vec_near (v2, 0.8, -2.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f.w2_after, 0.4, 1e-15);
  g_assert_cmpfloat_with_epsilon (f.vt_after, 0.4, 1e-15);
}

/* Two free disks, m1 = 1, r1 = 1 (I1 = 1/2) and m2 = 2, r2 = 1/2 (I2 = 1/4), touching along
 * n = (1, 0) (t = (0, 1)); v1 = (2, 0), v2 = 0, w2 = 4. The slip vt = (v2 - v1).t - w2 r2 -
 * w1 r1 = -2; k = 1 + 1/2 + 1 x 2 + 1/4 x 4 = 9/2, jt_free = 4/9 < mu jn = 0.5 x 8/3: it
 * sticks. v1 = (2, -4/9), v2 = (0, 2/9), w1 = -r1 jt/I1 = -8/9, w2 = 4 - r2 jt/I2 = 28/9. The
 * momentum (0 change) and the angular momentum about the touching point are kept. */
static void
test_pure_two_disks (void)
{
  PhysVec2 v1, v2;
  PhysCircleFriction f = phys_friction_circle (phys_v2 (1, 0), 8.0 / 3.0, 0.5, phys_v2 (2, 0), 0.0,
                                               1.0, 1.0, 2.0, phys_v2 (0, 0), 4.0, 0.5, 0.5, 4.0,
                                               &v1, &v2);
  g_assert_true (f.applied);
  g_assert_false (f.sliding);
  g_assert_cmpfloat (f.vt_before, ==, -2.0);
  g_assert_cmpfloat_with_epsilon (f.tangent_mass, 2.0 / 9.0, 1e-16);
  g_assert_cmpfloat_with_epsilon (f.jt, 4.0 / 9.0, 1e-15);
  imp_assert_vec_near (v1, 2.0, -4.0 / 9.0, 1e-15);
  imp_assert_vec_near (v2, 0.0, 2.0 / 9.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f.w1_after, -8.0 / 9.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f.w2_after, 28.0 / 9.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f.vt_after, 0.0, 1e-15);
  /* Momentum: m1 dv1 + m2 dv2 = 0. */
  g_assert_cmpfloat_with_epsilon (1.0 * (v1.y - 0.0) + 2.0 * (v2.y - 0.0), 0.0, 1e-15);
}

/* Nothing to do: mu = 0 (the seeds' world), no normal impulse, no slip, nothing movable. */
static void
test_pure_nothing (void)
{
  PhysVec2 v1, v2;
  PhysCircleFriction f = phys_friction_circle (phys_v2 (0, -1), 4.0, 0.0, phys_v2 (0, 0), 0, 0,
                                               0, 0, phys_v2 (1, -2), 3.0, 1.0, 1.0, 2.0, &v1,
                                               &v2);
  g_assert_false (f.applied);
  imp_assert_vec_equal (v2, 1, -2);
  g_assert_cmpfloat (f.w2_after, ==, 3.0);
  f = phys_friction_circle (phys_v2 (0, -1), 0.0, 1.0, phys_v2 (0, 0), 0, 0, 0, 0,
                            phys_v2 (1, -2), 3.0, 1.0, 1.0, 2.0, &v1, &v2);
  g_assert_false (f.applied);
  f = phys_friction_circle (phys_v2 (0, -1), 4.0, 1.0, phys_v2 (0, 0), 0, 0, 0, 0,
                            phys_v2 (1, -2), 1.0, 1.0, 1.0, 2.0, &v1, &v2);
  g_assert_false (f.applied); /* rolling already: v.t - w r = 0 */
  f = phys_friction_circle (phys_v2 (0, -1), 4.0, 1.0, phys_v2 (0, 0), 0, 0, 0, 0,
                            phys_v2 (1, -2), 0.0, 1.0, 0.0, 0.0, &v1, &v2);
  g_assert_false (f.applied);
  g_assert_cmpfloat (f.tangent_mass, ==, 0.0);
}

static double
kinetic (double m, double I, PhysVec2 v, double w)
{
  return 0.5 * m * phys_v2_len_sq (v) + 0.5 * I * w * w;
}

/* Seeded random pairs: |jt| <= mu jn, the slip never grows nor turns round, the kinetic energy
 * never rises, momentum and angular momentum about the origin are kept (impulses at the one
 * touching point), and a sticking answer leaves no slip. */
static void
test_pure_random_properties (void)
{
  GRand *rand = g_rand_new_with_seed (1616);
  int sticking = 0, sliding = 0;
  for (int k = 0; k < 20000; k++)
    {
      double a = g_rand_double_range (rand, 0, 2 * G_PI);
      PhysVec2 n = phys_v2 (cos (a), sin (a));
      double r1 = g_rand_double_range (rand, 0.1, 3), r2 = g_rand_double_range (rand, 0.1, 3);
      double m1 = g_rand_double_range (rand, 0.1, 10), m2 = g_rand_double_range (rand, 0.1, 10);
      bool fixed1 = g_rand_int_range (rand, 0, 4) == 0;
      double im1 = fixed1 ? 0 : 1 / m1, im2 = 1 / m2;
      double I1 = 0.5 * m1 * r1 * r1, I2 = 0.5 * m2 * r2 * r2;
      double ii1 = fixed1 ? 0 : 1 / I1, ii2 = 1 / I2;
      PhysVec2 v1 = fixed1 ? phys_v2 (0, 0)
                           : phys_v2 (g_rand_double_range (rand, -5, 5), g_rand_double_range (rand, -5, 5));
      PhysVec2 v2 = phys_v2 (g_rand_double_range (rand, -5, 5), g_rand_double_range (rand, -5, 5));
      double w1 = fixed1 ? 0 : g_rand_double_range (rand, -5, 5);
      double w2 = g_rand_double_range (rand, -5, 5);
      double jn = g_rand_double_range (rand, 0, 20), mu = g_rand_double_range (rand, 0, 1.5);
      PhysVec2 c1 = phys_v2 (g_rand_double_range (rand, -10, 10), g_rand_double_range (rand, -10, 10));
      PhysVec2 p = phys_v2_add_scaled (c1, n, r1), c2 = phys_v2_add_scaled (p, n, r2);
      PhysVec2 a1, a2;
      PhysCircleFriction f
          = phys_friction_circle (n, jn, mu, v1, w1, r1, im1, ii1, v2, w2, r2, im2, ii2, &a1, &a2);
      g_assert_true (f.applied);
      g_assert_cmpfloat (fabs (f.jt), <=, mu * jn);
      g_assert_cmpfloat (fabs (f.vt_after), <=, fabs (f.vt_before) * (1 + 1e-12) + 1e-12);
      g_assert_cmpfloat (f.vt_after * f.vt_before, >=, -1e-12);
      if (f.sliding)
        sliding++;
      else
        {
          sticking++;
          g_assert_cmpfloat (fabs (f.vt_after), <=, 1e-12 * (1 + fabs (f.vt_before)));
        }
      double m1k = fixed1 ? 0 : m1, I1k = fixed1 ? 0 : I1;
      double e0 = kinetic (m1k, I1k, v1, w1) + kinetic (m2, I2, v2, w2);
      double e1 = kinetic (m1k, I1k, a1, f.w1_after) + kinetic (m2, I2, a2, f.w2_after);
      g_assert_cmpfloat (e1, <=, e0 * (1 + 1e-13) + 1e-13);
      if (!fixed1)
        {
          PhysVec2 p0 = phys_v2_add (phys_v2_scale (v1, m1), phys_v2_scale (v2, m2));
          PhysVec2 p1 = phys_v2_add (phys_v2_scale (a1, m1), phys_v2_scale (a2, m2));
          imp_assert_vec_near (p1, p0.x, p0.y, 1e-12 * (1 + phys_v2_len (p0)) + 1e-11);
          double l0 = m1 * phys_v2_cross (c1, v1) + I1 * w1 + m2 * phys_v2_cross (c2, v2) + I2 * w2;
          double l1 = m1 * phys_v2_cross (c1, a1) + I1 * f.w1_after + m2 * phys_v2_cross (c2, a2)
                      + I2 * f.w2_after;
          g_assert_cmpfloat_with_epsilon (l1, l0, 1e-11 * (1 + fabs (l0)));
        }
    }
  /* Both regimes are exercised. */
  g_assert_cmpint (sticking, >, 1000);
  g_assert_cmpint (sliding, >, 1000);
  g_rand_free (rand);
}

/* A world without gravity: a ball (m = 1, r = 1, I = 1/2) at the origin moving down at 2 and
 * turning at w = 3, a floor from (-10, 2) to (10, 2), both with friction mu0 (the pair's mu is
 * sqrt(mu0 mu0) = mu0), e = 1/2 for both (the pair's e). It touches at t = 1/2 (centre
 * (0, 1)); jn = m (1 + e) 2 = 3. */
static PhysWorld *
spinning_ball_world (double mu0)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysCircleDef def = imp_test_circle_def ("ball", 0, 0, 0, 2, 1);
  def.mass = 1;
  def.angular_velocity = 3;
  def.friction = mu0;
  def.restitution = 0.5;
  imp_test_add_circle_def (world, &def);
  PhysSegmentDef seg = phys_segment_def_default ();
  seg.name = "floor";
  seg.a = phys_v2 (-10, 2);
  seg.b = phys_v2 (10, 2);
  seg.restitution = 0.5;
  seg.friction = mu0;
  g_assert_cmpint (phys_world_add_segment (world, &seg, NULL), ==, PHYS_OK);
  return world;
}

/* mu = 1/2: the slip is v.t - w r = 0 - 3 = -3, jt_free = 3 x 1/3 = 1 <= mu jn = 3/2: it
 * sticks. v = (1, -1), w = 3 - r jt / I = 1 (rolling: 1 - 1 = 0). The angle turns 3 x 1/2
 * before and 1 x 1/2 after: 2. The floor takes the momentum -(1, -3) = (-1, 3) and the
 * angular momentum -(p x dP) with p = (0, 2): -(0 x -3 - 2 x 1) = 2; the ball's angular
 * momentum about the origin goes from I w = 1.5 to (1/2, 1/2) x (1, -1) + 1/2 = -0.5. */
static void
test_world_ball_sticks (void)
{
  PhysWorld *world = spinning_ball_world (0.5);
  PhysEventLog log;
  phys_event_log_init (&log);
  PhysEnergy before = phys_world_energy (world);
  g_assert_cmpfloat (before.angular_momentum, ==, 1.5);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpint (ev->kind, ==, PHYS_EVENT_CIRCLE_SEGMENT);
  g_assert_cmpfloat_with_epsilon (ev->t, 0.5, 1e-15);
  const PhysCircleFriction *f = &ev->circle_segment.friction;
  g_assert_true (f->applied);
  g_assert_false (f->sliding);
  g_assert_cmpfloat_with_epsilon (f->mu, 0.5, 1e-16);
  g_assert_cmpfloat_with_epsilon (f->jn, 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f->vt_before, -3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f->jt, 1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f->w2_before, 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f->w2_after, 1.0, 1e-15);
  imp_assert_vec_near (ev->circle_segment.response.v_after, 1.0, -1.0, 1e-15);

  PhysCircle c = phys_world_get_circle (world, 0);
  imp_assert_vec_near (c.velocity, 1.0, -1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (c.angular_velocity, 1.0, 1e-15);
  imp_assert_vec_near (c.position, 0.5, 0.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (c.angle, 2.0, 1e-15);

  imp_assert_vec_near (ev->taken, -1.0, 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (ev->taken_angular, 2.0, 1e-15);
  PhysEnergy after = phys_world_energy (world);
  g_assert_cmpfloat_with_epsilon (after.angular_momentum, -0.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (after.angular_momentum - before.angular_momentum,
                                  -ev->taken_angular, 1e-15);
  /* Energy 2 + 9/4 = 4.25 before, 1 + 1/4 = 1.25 after. */
  g_assert_cmpfloat_with_epsilon (before.kinetic, 4.25, 1e-15);
  g_assert_cmpfloat_with_epsilon (after.kinetic, 1.25, 1e-15);
  g_assert_cmpfloat_with_epsilon (after.rotational, 0.25, 1e-15);

  /* Inside the frame: before the touch it turns at 3, after at 1. */
  PhysReal angles[1], spins[1];
  PhysWorld *start = spinning_ball_world (0.5);
  phys_world_frame_rigid_state_at (start, 0.25, 0, NULL, NULL, NULL, angles, spins);
  g_assert_cmpfloat_with_epsilon (angles[0], 0.75, 1e-15);
  phys_world_frame_rigid_state_at (start, 0.75, 1, NULL, NULL, NULL, angles, spins);
  g_assert_cmpfloat_with_epsilon (angles[0], 1.75, 1e-15);
  phys_world_free (start);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* mu = 0.1: the bound mu jn = 0.3 is below jt_free = 1: it slides. v = (0.3, -1),
 * w = 3 - 0.3 x 2 = 2.4, slip 0.3 - 2.4 = -2.1. */
static void
test_world_ball_slides (void)
{
  PhysWorld *world = spinning_ball_world (0.1);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysCircleFriction *f = &log.events[0].circle_segment.friction;
  g_assert_true (f->applied);
  g_assert_true (f->sliding);
  g_assert_cmpfloat_with_epsilon (f->jt, 0.3, 1e-15);
  g_assert_cmpfloat_with_epsilon (f->vt_after, -2.1, 1e-14);
  PhysCircle c = phys_world_get_circle (world, 0);
  imp_assert_vec_near (c.velocity, 0.3, -1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (c.angular_velocity, 2.4, 1e-15);
  g_assert_cmpfloat_with_epsilon (c.angle, 1.5 + 1.2, 1e-15);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Without friction (the default) the spin goes through untouched: the seeds' world. */
static void
test_world_frictionless (void)
{
  PhysWorld *world = spinning_ball_world (0.0);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_false (log.events[0].circle_segment.friction.applied);
  PhysCircle c = phys_world_get_circle (world, 0);
  imp_assert_vec_near (c.velocity, 0.0, -1.0, 1e-15);
  g_assert_cmpfloat (c.angular_velocity, ==, 3.0);
  g_assert_cmpfloat (c.angle, ==, 3.0);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* A ball hits a spinning one of twice its mass head on along x: friction turns the first one
 * and sends both off along y; the pair keeps momentum and angular momentum. Ball a: m 1, r 1,
 * at the origin, v (2, 0); ball b: m 2, r 1/2, at (2.5, 0), still, w 4; mu 0.5, e 1. With
 * `rigid` a fixed box far away brings in the rigid part of the frame (the circles' turns are
 * then kept there): the same answer. */
static void
two_balls (gboolean rigid)
{
  PhysWorld *world = imp_test_world_new (NULL);
  if (rigid)
    imp_test_add_box (world, "far", 100, 100, 2, 2, 0, true, 0, 1);
  PhysCircleDef a = imp_test_circle_def ("a", 0, 0, 2, 0, 1);
  a.mass = 1;
  a.friction = 0.5;
  PhysCircleDef b = imp_test_circle_def ("b", 2.5, 0, 0, 0, 0.5);
  b.mass = 2;
  b.angular_velocity = 4;
  b.friction = 0.5;
  imp_test_add_circle_def (world, &a);
  imp_test_add_circle_def (world, &b);
  PhysEnergy before = phys_world_energy (world);
  PhysEventLog log;
  phys_event_log_init (&log);
  /* Touch when the gap of 1 closes at speed 2: t = 1/2. The normal answer: j = -(1 + 1) 2 /
   * (1 + 1/2) = -8/3, v1 = (2 - 8/3, 0) = (-2/3, 0), v2 = (4/3, 0). Then friction as in
   * test_pure_two_disks (the slip does not depend on the normal velocities): jt = 4/9. */
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpint (ev->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpfloat_with_epsilon (ev->t, 0.5, 1e-15);
  const PhysCircleFriction *f = &ev->circle_circle.friction;
  g_assert_true (f->applied);
  g_assert_false (f->sliding);
  g_assert_cmpfloat_with_epsilon (f->jn, 8.0 / 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (f->jt, 4.0 / 9.0, 1e-15);
  PhysCircle ca = phys_world_get_circle (world, 0), cb = phys_world_get_circle (world, 1);
  imp_assert_vec_near (ca.velocity, -2.0 / 3.0, -4.0 / 9.0, 1e-15);
  imp_assert_vec_near (cb.velocity, 4.0 / 3.0, 2.0 / 9.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (ca.angular_velocity, -8.0 / 9.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (cb.angular_velocity, 28.0 / 9.0, 1e-15);
  PhysEnergy after = phys_world_energy (world);
  imp_assert_vec_near (after.momentum, before.momentum.x, before.momentum.y, 1e-15);
  g_assert_cmpfloat_with_epsilon (after.angular_momentum, before.angular_momentum, 1e-14);
  g_assert_cmpfloat (after.kinetic, <, before.kinetic);
  /* The angles: a turns at -8/9 for the second half of the frame, b at 4 then 28/9. */
  g_assert_cmpfloat_with_epsilon (ca.angle, -4.0 / 9.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (cb.angle, 2.0 + 14.0 / 9.0, 1e-15);
  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_world_two_balls (void)
{
  two_balls (FALSE);
}

static void
test_world_two_balls_rigid (void)
{
  two_balls (TRUE);
}

/* Seeded boxes of spinning balls with friction against each other and the walls, with e in
 * [0.5, 1], without gravity: frame by frame the kinetic energy (rotation included) never rises,
 * and momentum and angular momentum change by exactly what the walls took (their events' taken
 * and taken_angular). */
static void
test_world_random_ledger (void)
{
  for (guint32 seed = 1; seed <= 6; seed++)
    {
      GRand *rand = g_rand_new_with_seed (1600 + seed);
      PhysWorldDef def = phys_world_def_default ();
      def.has_bounds = true;
      def.bounds.min = phys_v2 (0, 0);
      def.bounds.max = phys_v2 (100, 100);
      def.bounds_restitution = 0.8;
      def.bounds_friction = 0.4;
      PhysWorld *world = imp_test_world_new (&def);
      for (int k = 0; k < 20; k++)
        {
          char name[16];
          g_snprintf (name, sizeof name, "b%d", k);
          PhysCircleDef c = imp_test_circle_def (name, 10 + 20 * (k % 5), 10 + 20 * (k / 5),
                                                 g_rand_double_range (rand, -4, 4),
                                                 g_rand_double_range (rand, -4, 4),
                                                 g_rand_double_range (rand, 1, 4));
          c.angular_velocity = g_rand_double_range (rand, -2, 2);
          c.friction = g_rand_double_range (rand, 0, 1);
          c.restitution = g_rand_double_range (rand, 0.5, 1);
          imp_test_add_circle_def (world, &c);
        }
      PhysEventLog log;
      phys_event_log_init (&log);
      int applied = 0;
      double worst_p = 0, worst_l = 0, worst_e = -1;
      for (int frame = 0; frame < 400; frame++)
        {
          PhysEnergy e0 = phys_world_energy (world);
          imp_test_step (world, &log);
          PhysEnergy e1 = phys_world_energy (world);
          g_assert_cmpfloat (e1.kinetic, <=, e0.kinetic * (1 + 1e-12));
          worst_e = fmax (worst_e, (e1.kinetic - e0.kinetic) / e0.kinetic);
          PhysVec2 taken = imp_test_taken (&log);
          double taken_angular = 0;
          for (size_t k = 0; k < log.count; k++)
            {
              const PhysEvent *ev = &log.events[k];
              taken_angular += ev->taken_angular;
              g_assert_cmpint (ev->kind, !=, PHYS_EVENT_EMBEDDED);
              if ((ev->kind == PHYS_EVENT_CIRCLE_CIRCLE && ev->circle_circle.friction.applied)
                  || (ev->kind == PHYS_EVENT_CIRCLE_SEGMENT
                      && ev->circle_segment.friction.applied))
                applied++;
            }
          /* Relative to the momentum the walls handle in a frame's answers (|m v| ~ 100) and the
           * angular momentum about the origin (~ 10^4). */
          PhysVec2 dp = phys_v2_add (phys_v2_sub (e1.momentum, e0.momentum), taken);
          double dl = e1.angular_momentum - e0.angular_momentum + taken_angular;
          worst_p = fmax (worst_p, phys_v2_len (dp));
          worst_l = fmax (worst_l, fabs (dl));
          g_assert_cmpfloat (phys_v2_len (dp), <=, 1e-12);
          g_assert_cmpfloat (fabs (dl), <=, 1e-10);
        }
      g_test_message ("seed %u: %d friction answers, worst momentum %.3g, angular %.3g, "
                      "energy rise %.3g", seed, applied, worst_p, worst_l, worst_e);
      g_assert_cmpint (applied, >, 20);
      phys_event_log_free (&log);
      phys_world_free (world);
      g_rand_free (rand);
    }
}

/* Two circles overlapping by 0.5 when the frame begins (m = 1, r = 1, at (0, 0) and (1.5, 0),
 * moving at (0, 1) and (0, -1)) are separated along x, each by 0.25: the angular momentum about
 * the origin jumps by 1 (-0.25, 0) x (0, 1) + 1 (0.25, 0) x (0, -1) = -0.5, which the embedded
 * event records; from -1.5 before to (-0.25, 1) x (0, 1) + (1.75, -1) x (0, -1) = -2 after. */
static void
test_embedded_angular_ledger (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysCircleDef a = imp_test_circle_def ("a", 0, 0, 0, 1, 1), b = imp_test_circle_def ("b", 1.5, 0, 0, -1, 1);
  a.mass = b.mass = 1;
  imp_test_add_circle_def (world, &a);
  imp_test_add_circle_def (world, &b);
  PhysEnergy before = phys_world_energy (world);
  g_assert_cmpfloat (before.angular_momentum, ==, -1.5);
  PhysEventLog log;
  phys_event_log_init (&log);
  imp_test_step (world, &log);
  g_assert_cmpuint (imp_test_count_events (&log, PHYS_EVENT_EMBEDDED), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpint (ev->kind, ==, PHYS_EVENT_EMBEDDED);
  g_assert_cmpfloat (ev->embedded.angular, ==, -0.5);
  g_assert_cmpfloat (ev->embedded.energy, ==, 0.0);
  PhysEnergy after = phys_world_energy (world);
  g_assert_cmpfloat_with_epsilon (after.angular_momentum, -2.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (after.angular_momentum - before.angular_momentum,
                                  ev->embedded.angular, 1e-15);
  phys_event_log_free (&log);
  phys_world_free (world);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/physics/friction/circle/pure/sticking", test_pure_sticking);
  g_test_add_func ("/physics/friction/circle/pure/sliding", test_pure_sliding);
  g_test_add_func ("/physics/friction/circle/pure/two-disks", test_pure_two_disks);
  g_test_add_func ("/physics/friction/circle/pure/nothing-to-do", test_pure_nothing);
  g_test_add_func ("/physics/friction/circle/pure/random-properties", test_pure_random_properties);
  g_test_add_func ("/physics/friction/circle/world/spinning-ball-sticks", test_world_ball_sticks);
  g_test_add_func ("/physics/friction/circle/world/spinning-ball-slides", test_world_ball_slides);
  g_test_add_func ("/physics/friction/circle/world/frictionless", test_world_frictionless);
  g_test_add_func ("/physics/friction/circle/world/two-balls", test_world_two_balls);
  g_test_add_func ("/physics/friction/circle/world/two-balls-with-rigid-part",
                   test_world_two_balls_rigid);
  g_test_add_func ("/physics/friction/circle/world/random-ledger", test_world_random_ledger);
  g_test_add_func ("/physics/ledger/embedded/angular-momentum", test_embedded_angular_ledger);
  return g_test_run ();
}
