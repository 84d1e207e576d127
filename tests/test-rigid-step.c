/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rigid-step.c: rigid bodies in the step: impulses with spin worked by hand, the effective
 * mass, a square against a rotated square, friction on a slope, a box at rest, a stack of five,
 * the records of an event (what is shown is what happened), and seek equal to a straight run. */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

#define EPS 1e-12

#define add_box imp_test_add_box

/* The effective mass 1 / (1/ma + 1/mb + (ra x n)^2/Ia + (rb x n)^2/Ib): ma = 2, Ia = 3,
 * ra = (1, 2), n = (0, 1): ra x n = 1; b immovable: 1 / (0.5 + 1/3) = 1.2. */
static void
test_effective_mass (void)
{
  PhysReal k = phys_rigid_effective_mass (0.5, 1.0 / 3.0, phys_v2 (1, 2), 0, 0, phys_v2 (5, 5),
                                          phys_v2 (0, 1));
  g_assert_cmpfloat_with_epsilon (k, 1.2, EPS);
  /* Along the lever arm itself the turn adds nothing: 1 / (0.5 + 0.25) with mb = 4. */
  PhysVec2 n = phys_v2_unit (phys_v2 (1, 2));
  k = phys_rigid_effective_mass (0.5, 1.0 / 3.0, phys_v2 (1, 2), 0.25, 7.0, phys_v2 (0, 0), n);
  g_assert_cmpfloat_with_epsilon (k, 1.0 / 0.75, EPS);
  /* Both immovable: no mass to move, 0 by convention. */
  g_assert_cmpfloat (phys_rigid_effective_mass (0, 0, phys_v2 (1, 0), 0, 0, phys_v2 (0, 1),
                                                phys_v2 (0, 1)),
                     ==, 0.0);
}

/* A unit box (m = 1, I = 1/6) at rest is hit at (0.5, 0.25) on its right face by a circle of
 * mass 1 moving at (-2, 0), e = 1. n = (1, 0) from the box to the circle; ra x n = -0.25,
 * rb x n = 0, so j = 2 * 2 / (1 + 1 + 0.25^2 * 6) = 4 / 2.375; the box leaves at -j (x) and
 * turns at w = -6 (ra x j n) = 1.5 j; the circle keeps 2 - j... in the world, from the step. */
static void
test_box_hit_off_centre (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  add_box (world, "box", 0, 0, 1, 1, 0, false, 0, 1);
  PhysCircleDef c = imp_test_circle_def ("ball", 1.0, 0.25, -2, 0, 0.1);
  c.mass = 1;
  imp_test_add_circle_def (world, &c);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpint (ev->kind, ==, PHYS_EVENT_POLYGON_CIRCLE);
  g_assert_false (ev->solved);
  /* The ball's left rim reaches x = 0.5 when it has moved 0.4: t = 0.2, exact (swept SAT). */
  g_assert_cmpfloat_with_epsilon (ev->t, 0.2, EPS);
  g_assert_cmpint (ev->rigid.found, ==, PHYS_RIGID_FOUND_SWEPT_SAT);
  const PhysRigidPoint *p = &ev->rigid.points[0];
  double j = 4.0 / 2.375;
  imp_assert_vec_near (ev->rigid.normal, 1, 0, EPS);
  imp_assert_vec_near (p->point, 0.5, 0.25, EPS);
  imp_assert_vec_near (p->ra, 0.5, 0.25, EPS);
  imp_assert_vec_near (p->rb, -0.1, 0, EPS);
  g_assert_cmpfloat_with_epsilon (p->ra_cross_n, -0.25, EPS);
  g_assert_cmpfloat_with_epsilon (p->rb_cross_n, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (p->normal_mass, 1.0 / 2.375, EPS);
  g_assert_cmpfloat_with_epsilon (p->vn_before, -2.0, EPS);
  g_assert_cmpfloat_with_epsilon (p->jn, j, EPS);
  g_assert_cmpfloat_with_epsilon (p->vn_after, 2.0, EPS);
  imp_assert_vec_near (ev->rigid.a_after.velocity, -j, 0, EPS);
  g_assert_cmpfloat_with_epsilon (ev->rigid.a_after.angular_velocity, 1.5 * j, EPS);
  imp_assert_vec_near (ev->rigid.b_after.velocity, -2.0 + j, 0, EPS);
  /* Elastic: the energy stays; momentum and angular momentum too. */
  g_assert_cmpfloat_with_epsilon (ev->rigid.energy_after, ev->rigid.energy_before, EPS);
  imp_assert_vec_near (ev->rigid.momentum_after, ev->rigid.momentum_before.x,
                       ev->rigid.momentum_before.y, EPS);
  g_assert_cmpfloat_with_epsilon (ev->rigid.angular_momentum_after,
                                  ev->rigid.angular_momentum_before, EPS);
  /* At the frame's end the world holds what the answer gave. */
  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  imp_assert_vec_near (box.velocity, -j, 0, EPS);
  g_assert_cmpfloat_with_epsilon (box.angular_velocity, 1.5 * j, EPS);
  g_assert_cmpfloat_with_epsilon (box.angle, 1.5 * j * 0.8, EPS);

  /* The same answer from the pure function. */
  PhysRigidState a = { .center = { 0, 0 }, .mass = 1, .inertia = 1.0 / 6.0, .inv_mass = 1,
                       .inv_inertia = 6 };
  PhysRigidState b = { .center = { 0.6, 0.25 }, .velocity = { -2, 0 }, .mass = 1,
                       .inertia = phys_circle_inertia (1, 0.1), .inv_mass = 1,
                       .inv_inertia = 1.0 / phys_circle_inertia (1, 0.1) };
  PhysVec2 at = phys_v2 (0.5, 0.25);
  PhysRigidAnswer ans;
  phys_rigid_impulse (&ans, &a, &b, phys_v2 (1, 0), &at, NULL, NULL, 1, 1.0, 0.0);
  g_assert_cmpfloat_with_epsilon (ans.points[0].jn, j, EPS);
  g_assert_cmpfloat_with_epsilon (ans.a_after.angular_velocity, 1.5 * j, EPS);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Friction turns a sliding circle: a ball of mass 1, radius 0.5 (I = 1/8), sliding at (3, 0)
 * onto a fixed box's top face from above at (0, -1) downwards speed 1, e = 0, mu = 1 (both):
 * the normal impulse stops its fall, jn = 1; the friction that would stop the slide at the
 * contact is -vt / (1/m + r^2/I) = -3 / 3 = -1, within mu jn = 1: it rolls off with
 * v = (2, 0) and w = -r jt / I... on the y-down screen the ball rolls clockwise. */
static void
test_friction_spins_circle (void)
{
  PhysRigidState box = { .center = { 0, 0 } };
  PhysRigidState ball = { .center = { 0, -1 }, .velocity = { 3, 1 }, .mass = 1, .inertia = 0.125,
                          .inv_mass = 1, .inv_inertia = 8 };
  PhysVec2 at = phys_v2 (0, -0.5);
  PhysRigidAnswer ans;
  /* n from the box (a) to the ball (b): up, (0, -1). */
  phys_rigid_impulse (&ans, &box, &ball, phys_v2 (0, -1), &at, NULL, NULL, 1, 0.0, 1.0);
  const PhysRigidPoint *p = &ans.points[0];
  g_assert_cmpfloat_with_epsilon (p->vn_before, -1.0, EPS);
  g_assert_cmpfloat_with_epsilon (p->jn, 1.0, EPS);
  /* t = (-n.y, n.x) = (1, 0); rb = (0, 0.5): rb x t = -0.5. */
  g_assert_cmpfloat_with_epsilon (p->rb_cross_t, -0.5, EPS);
  g_assert_cmpfloat_with_epsilon (p->tangent_mass, 1.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (p->jt_free, -1.0, EPS);
  g_assert_cmpfloat_with_epsilon (p->jt_limit, 1.0, EPS);
  g_assert_cmpfloat_with_epsilon (p->jt, -1.0, EPS);
  g_assert_false (p->sliding);
  imp_assert_vec_near (ans.b_after.velocity, 2.0, 0.0, EPS);
  /* w = ii (rb x P) = 8 (0, 0.5) x (-1, 0) = 8 * 0.5 = 4: rolling, v = w r = 2. */
  g_assert_cmpfloat_with_epsilon (ans.b_after.angular_velocity, 4.0, EPS);
  g_assert_cmpfloat_with_epsilon (p->vt_after, 0.0, EPS);
  /* With mu = 0.5 the clamp holds it to 0.5: it keeps sliding. */
  phys_rigid_impulse (&ans, &box, &ball, phys_v2 (0, -1), &at, NULL, NULL, 1, 0.0, 0.5);
  g_assert_true (ans.points[0].sliding);
  g_assert_cmpfloat_with_epsilon (ans.points[0].jt, -0.5, EPS);
  imp_assert_vec_near (ans.b_after.velocity, 2.5, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (ans.b_after.angular_velocity, 2.0, EPS);
  g_assert_cmpfloat (ans.energy_after, <, ans.energy_before);
}

/* Two points together: a unit box falling flat (v = (0, 1)) onto a fixed floor, e = 1/2: the
 * block solve gives each corner half the impulse, 0.5 (1 + e) m v, and no turn. */
static void
test_two_points_together (void)
{
  PhysRigidState floor = { .center = { 0, 10 } };
  PhysRigidState box = { .center = { 0, 0 }, .velocity = { 0, 1 }, .mass = 1,
                         .inertia = 1.0 / 6.0, .inv_mass = 1, .inv_inertia = 6 };
  PhysVec2 at[2] = { { -0.5, 0.5 }, { 0.5, 0.5 } };
  PhysRigidAnswer ans;
  /* n from the box (a) down to the floor (b). */
  phys_rigid_impulse (&ans, &box, &floor, phys_v2 (0, 1), at, NULL, NULL, 2, 0.5, 0.0);
  g_assert_true (ans.block);
  g_assert_cmpfloat_with_epsilon (ans.points[0].jn, 0.75, EPS);
  g_assert_cmpfloat_with_epsilon (ans.points[1].jn, 0.75, EPS);
  imp_assert_vec_near (ans.a_after.velocity, 0, -0.5, EPS);
  g_assert_cmpfloat_with_epsilon (ans.a_after.angular_velocity, 0.0, EPS);
  /* K: k11 = k22 = 1 + 6 * 0.25, k12 = 1 - 6 * 0.25. */
  g_assert_cmpfloat_with_epsilon (ans.k11, 2.5, EPS);
  g_assert_cmpfloat_with_epsilon (ans.k12, -0.5, EPS);
  g_assert_cmpfloat_with_epsilon (ans.energy_after, 0.25 * ans.energy_before, EPS);
}

static PhysWorld *
gravity_world_sleep (bool sleep)
{
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 10);
  def.dt = 1.0 / 60.0;
  def.sleep = sleep;
  return imp_test_world_new (&def);
}

static PhysWorld *
gravity_world (void)
{
  return gravity_world_sleep (true);
}

/* A box resting on a fixed ground stays where it is to the bit: no sinking, no drift, no turn,
 * over 1000 frames; the ground takes its weight, m g dt a frame. */
static void
test_box_at_rest (void)
{
  /* The contact itself, every frame: with sleep the box would stop being solved after
   * PHYS_SLEEP_FRAMES (tests/test-rigid-sleep.c). */
  PhysWorld *world = gravity_world_sleep (false);
  add_box (world, "ground", 0, 0.5, 40, 1, 0, true, 0.6, 0);
  int box = add_box (world, "box", 0.3, -0.5, 1, 1, 0, false, 0.6, 0);
  PhysPolygonBody start = phys_world_get_polygon (world, box);
  PhysEventLog log;
  phys_event_log_init (&log);
  for (int f = 0; f < 1000; f++)
    {
      imp_test_step (world, &log);
      PhysPolygonBody b = phys_world_get_polygon (world, box);
      /* To the bit (measured: not one frame moves it). */
      g_assert_cmpfloat (b.position.x, ==, start.position.x);
      g_assert_cmpfloat (b.position.y, ==, start.position.y);
      g_assert_cmpfloat (b.angle, ==, 0.0);
      /* One contact, solved as the frame begins; the ground took m g dt. */
      g_assert_cmpuint (log.count, ==, 1);
      g_assert_true (log.events[0].solved);
      g_assert_cmpint (log.events[0].rigid.point_count, ==, 2);
      g_assert_cmpfloat_with_epsilon (imp_test_taken (&log).y, 10.0 / 60.0, 1e-12);
    }
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Five unit boxes stacked on the ground stand for 1000 frames: after they settle into their
 * contacts (within the slop) nothing moves. With sleeping the stack falls asleep; awake, it is
 * solved every frame and must stand by its contacts alone. */
static void
stack_of_five (bool sleep)
{
  PhysWorld *world = gravity_world_sleep (sleep);
  add_box (world, "ground", 0, 0.5, 40, 1, 0, true, 0.6, 0);
  for (int k = 0; k < 5; k++)
    {
      char name[8];
      g_snprintf (name, sizeof name, "b%d", k);
      add_box (world, name, 0, -0.5 - k, 1, 1, 0, false, 0.6, 0);
    }
  for (int f = 0; f < 100; f++)
    phys_world_step (world, NULL);
  PhysPolygonBody settled[6];
  for (int k = 1; k <= 5; k++)
    {
      settled[k] = phys_world_get_polygon (world, k);
      /* Within a slop (0.005 of the box's size) a contact of where it started. */
      g_assert_cmpfloat (fabs (settled[k].position.y - (-0.5 - (k - 1))), <, 0.005 * k);
      g_assert_cmpfloat (fabs (settled[k].position.x), <, 1e-9);
    }
  for (int f = 100; f < 1000; f++)
    phys_world_step (world, NULL);
  for (int k = 1; k <= 5; k++)
    {
      PhysPolygonBody b = phys_world_get_polygon (world, k);
      /* To the bit (measured: nothing moves after frame 100). */
      g_assert_cmpfloat (b.position.x, ==, settled[k].position.x);
      g_assert_cmpfloat (b.position.y, ==, settled[k].position.y);
      g_assert_cmpfloat (b.angle, ==, settled[k].angle);
      g_assert_cmpfloat (phys_v2_len (b.velocity), <, 1e-12);
    }
  phys_world_free (world);
}

static void
test_stack_of_five (void)
{
  stack_of_five (true);
}

static void
test_stack_of_five_awake (void)
{
  stack_of_five (false);
}

/* A box on a slope of angle a: with mu > tan a it sticks, with mu < tan a it slides down with
 * acceleration g (sin a - mu cos a). The slope is a fixed box turned by a. */
static void
slope_run (double mu, double *moved, double *accel)
{
  double a = 0.3; /* tan a = 0.3093 */
  PhysWorld *world = gravity_world ();
  /* A long plank; its top face passes through the origin, rising to the left (y down). */
  PhysVec2 up = phys_v2 (sin (a), -cos (a)), along = phys_v2 (cos (a), sin (a));
  PhysVec2 plank = phys_v2_add_scaled (phys_v2 (0, 0), up, -0.5);
  add_box (world, "slope", plank.x, plank.y, 60, 1, a, true, mu, 0);
  PhysVec2 at = phys_v2_add_scaled (phys_v2 (0, 0), up, 0.5);
  int box = add_box (world, "box", at.x, at.y, 1, 1, a, false, mu, 0);
  for (int f = 0; f < 30; f++)
    phys_world_step (world, NULL);
  PhysPolygonBody b0 = phys_world_get_polygon (world, box);
  for (int f = 0; f < 60; f++)
    phys_world_step (world, NULL);
  PhysPolygonBody b1 = phys_world_get_polygon (world, box);
  *moved = phys_v2_dot (phys_v2_sub (b1.position, b0.position), along);
  *accel = phys_v2_dot (phys_v2_sub (b1.velocity, b0.velocity), along) / 1.0;
  phys_world_free (world);
}

static void
test_friction_slope (void)
{
  double a = 0.3, moved, accel;
  /* mu = 0.4 > tan a: it sticks (after the first frames, not a micron in a second). */
  slope_run (0.4, &moved, &accel);
  g_assert_cmpfloat (fabs (moved), <, 1e-6);
  g_assert_cmpfloat (fabs (accel), <, 1e-6);
  /* mu = 0.2 < tan a: over the second it gains g (sin a - mu cos a) per time unit. */
  slope_run (0.2, &moved, &accel);
  double expected = 10.0 * (sin (a) - 0.2 * cos (a));
  g_assert_cmpfloat (moved, >, 0.0);
  g_assert_cmpfloat_with_epsilon (accel, expected, 1e-6 * expected);
  /* mu = 0: the full g sin a. */
  slope_run (0.0, &moved, &accel);
  g_assert_cmpfloat_with_epsilon (accel, 10.0 * sin (a), 1e-9);
}

/* A unit square falls on a square turned by pi/4 (a diamond standing on its corner, fixed): the
 * diamond's top corner at (0, -sqrt(1/2)) meets the square's bottom face, off the square's centre
 * by 0.25. The record of the event is the same test run by hand on the placed polygons. */
static void
test_square_on_diamond (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  double h = sqrt (0.5);
  add_box (world, "diamond", 0, 0, 1, 1, PHYS_PI / 4, true, 0, 1);
  /* The square moves (0, 0.6) a frame and touches after 0.3: at t = 0.5. */
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "square";
  def.vertices = box.vertices;
  def.count = 4;
  def.position = phys_v2 (-0.25, -h - 0.5 - 0.3);
  def.velocity = phys_v2 (0, 0.6);
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  PhysEventLog log;
  phys_event_log_init (&log);
  PhysWorld *start = phys_world_copy (world);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpint (ev->kind, ==, PHYS_EVENT_POLYGON_POLYGON);
  g_assert_cmpint (ev->a, ==, 0);
  g_assert_cmpint (ev->b, ==, 1);
  g_assert_cmpfloat_with_epsilon (ev->t, 0.5, 1e-12);
  /* n from the diamond (a) up to the square (b); the corner meets the square's face. */
  imp_assert_vec_near (ev->rigid.normal, 0, -1, 1e-12);
  imp_assert_vec_near (ev->rigid.points[0].point, 0, -h, 1e-12);
  /* The square's centre is at (-0.25, -h - 0.5): rb = (0.25, 0.5), rb x n = -0.25; ra = the
   * corner from the fixed diamond's centre. m = 1, I = 1/6: k = 1 + 0.0625 * 6 = 1.375; the
   * elastic hit at vn = -0.6 gives j = 1.2 / 1.375 and w = 6 (rb x j n) = -1.5 j. */
  double j = 1.2 / 1.375;
  const PhysRigidPoint *p = &ev->rigid.points[0];
  imp_assert_vec_near (p->rb, 0.25, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->rb_cross_n, -0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->normal_mass, 1.0 / 1.375, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->jn, j, 1e-12);
  g_assert_cmpfloat_with_epsilon (ev->rigid.b_after.angular_velocity, -1.5 * j, 1e-12);
  imp_assert_vec_near (ev->rigid.b_after.velocity, 0, 0.6 - j, 1e-12);

  /* The full records, run again from the frame's start: the same answer, and the static test
   * is the public SAT on the polygons placed where they touched. */
  PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
  g_assert_cmpint (phys_world_rigid_detail (start, ev, detail), ==, PHYS_OK);
  g_assert_cmpint (memcmp (&detail->answer_record, &ev->rigid, sizeof ev->rigid), ==, 0);
  g_assert_cmpint (detail->tests.found, ==, PHYS_RIGID_FOUND_SWEPT_SAT);
  g_assert_cmpint (detail->tests.swept.verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpfloat_with_epsilon (detail->tests.swept.t, 0.5, 1e-12);
  const PhysSatRecord *sat = &detail->tests.sat;
  g_assert_cmpint (sat->axis_count, ==, 8);
  g_assert_cmpint (sat->verdict, ==, PHYS_CONTACT_TOUCHING);
  /* The square's bottom face is the reference (body b, its edge 0, normal (0, 1) outward). */
  g_assert_cmpint (sat->manifold.reference_body, ==, 1);
  imp_assert_vec_near (sat->manifold.reference_normal, 0, 1, 1e-12);
  g_assert_cmpint (sat->manifold.point_count, ==, 1);
  PhysPolygonBody diamond = phys_world_get_polygon (start, 0);
  PhysPolygonWorld da = phys_polygon_place (&diamond.shape, phys_pose (0, 0, PHYS_PI / 4));
  PhysPolygonWorld db = phys_polygon_place (&box, phys_pose (-0.25, -h - 0.5, 0));
  PhysSatRecord again = phys_sat_polygon_polygon (&da, &db);
  g_assert_cmpint (again.best, ==, sat->best);
  g_assert_cmpfloat_with_epsilon (again.overlap, sat->overlap, 1e-12);
  g_free (detail);
  phys_world_free (start);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* A solved contact's detail: the same record as logged, and its impulses per iteration. */
static void
test_solved_detail (void)
{
  PhysWorld *world = gravity_world ();
  add_box (world, "ground", 0, 0.5, 40, 1, 0, true, 0.6, 0);
  add_box (world, "box", 0, -0.5, 1, 1, 0, false, 0.6, 0);
  phys_world_step (world, NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  PhysWorld *start = phys_world_copy (world);
  imp_test_step (world, &log);
  g_assert_cmpuint (log.count, ==, 1);
  PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
  g_assert_cmpint (phys_world_rigid_detail (start, &log.events[0], detail), ==, PHYS_OK);
  g_assert_cmpint (memcmp (&detail->answer_record, &log.events[0].rigid, sizeof detail->answer_record),
                   ==, 0);
  g_assert_cmpint (detail->tests.found, ==, PHYS_RIGID_FOUND_CONTACT_SOLVER);
  g_assert_cmpint (detail->iterations, >, 0);
  /* Warm started: each corner carries half the weight, m g dt / 2, from the first iteration. */
  for (int it = 0; it < detail->iterations; it++)
    g_assert_cmpfloat_with_epsilon (detail->jn[it][0] + detail->jn[it][1], 10.0 / 60.0, 1e-12);
  /* A pair inspected: the same contact, solved at the frame's start. */
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (start, (PhysBodyRef) { PHYS_BODY_POLYGON, 1 },
                                            (PhysBodyRef) { PHYS_BODY_POLYGON, 0 }, &pair),
                   ==, PHYS_OK);
  g_assert_cmpint (pair.kind, ==, PHYS_EVENT_POLYGON_POLYGON);
  g_assert_cmpint (pair.a.index, ==, 0);
  g_assert_cmpint (pair.rigid.tests.found, ==, PHYS_RIGID_FOUND_CONTACT_SOLVER);
  g_free (detail);
  phys_world_free (start);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* A ball dropped on a Bezier curve: its first answer is at the curve itself, where the
 * closest point (found to 1e-13 in s) is one radius from the centre; it then stays on the
 * curve as it rolls along (friction), never more than four slops in (measured: 2.8). */
static void
test_circle_on_curve (void)
{
  PhysWorld *world = gravity_world ();
  PhysCurveDef cd = phys_curve_def_default ();
  cd.name = "ramp";
  cd.curve = (PhysBezier) { { { -10, -10 }, { -5, 2 }, { 5, 2 }, { 10, -4 } } };
  cd.restitution = 0;
  cd.friction = 0.5;
  g_assert_cmpint (phys_world_add_curve (world, &cd, NULL), ==, PHYS_OK);
  PhysCircleDef c = imp_test_circle_def ("ball", -8, -12, 0, 0, 0.5);
  c.restitution = 0.3;
  c.friction = 0.5;
  imp_test_add_circle_def (world, &c);
  PhysEventLog log;
  phys_event_log_init (&log);
  bool met = false;
  double spin = 0;
  for (int f = 0; f < 170; f++)
    {
      PhysWorld *before = phys_world_copy (world);
      imp_test_step (world, &log);
      for (size_t k = 0; k < log.count && !met; k++)
        {
          const PhysEvent *ev = &log.events[k];
          g_assert_cmpint (ev->kind, ==, PHYS_EVENT_CIRCLE_CURVE);
          met = true;
          g_assert_false (ev->solved);
          g_assert_cmpint (ev->rigid.found, ==, PHYS_RIGID_FOUND_ADVANCE);
          PhysVec2 centre = ev->rigid.a_before.center;
          PhysBezierClosest closest = phys_bezier_closest (&cd.curve, centre);
          g_assert_cmpfloat_with_epsilon (closest.distance, 0.5, 2e-6);
          imp_assert_vec_near (ev->rigid.points[0].point, closest.point.x, closest.point.y, 1e-12);
          imp_assert_vec_near (ev->rigid.normal, -closest.normal.x, -closest.normal.y, 1e-12);
          PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
          g_assert_cmpint (phys_world_rigid_detail (before, ev, detail), ==, PHYS_OK);
          g_assert_true (detail->tests.has_curve);
          g_assert_cmpfloat (detail->tests.curve.s, ==, closest.s);
          g_assert_cmpint (detail->tests.curve_advance.verdict, ==, PHYS_VERDICT_HIT);
          g_assert_cmpint (memcmp (&detail->answer_record, &ev->rigid, sizeof ev->rigid), ==, 0);
          g_free (detail);
        }
      phys_world_free (before);
      PhysCircle ball = phys_world_get_circle (world, 0);
      double gap = phys_bezier_closest (&cd.curve, ball.position).distance - 0.5;
      if (met)
        {
          g_assert_cmpfloat (gap, >, -4 * 0.005 * 0.5);
          spin = ball.angular_velocity;
        }
    }
  g_assert_true (met);
  /* Rolling down the ramp (to the right, clockwise on screen: a positive angular velocity). */
  g_assert_cmpfloat (spin, >, 1.0);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* A box dropped into a Bezier bowl tumbles and comes to rest on one face on its slope (friction
 * 0.5 holds it), on two corners against the curve itself, still. */
static void
test_box_in_bowl (void)
{
  PhysWorld *world = gravity_world ();
  PhysCurveDef cd = phys_curve_def_default ();
  cd.name = "bowl";
  cd.curve = (PhysBezier) { { { -10, -10 }, { -5, 5 }, { 5, 5 }, { 10, -10 } } };
  cd.restitution = 0;
  cd.friction = 0.5;
  g_assert_cmpint (phys_world_add_curve (world, &cd, NULL), ==, PHYS_OK);
  add_box (world, "box", -6, -12, 1, 1, 0, false, 0.5, 0.2);
  for (int f = 0; f < 900; f++)
    {
      phys_world_step (world, NULL);
      PhysPolygonBody box = phys_world_get_polygon (world, 0);
      /* Never through the wire: its centre stays above it. */
      PhysBezierClosest closest = phys_bezier_closest (&cd.curve, box.position);
      g_assert_cmpfloat (phys_v2_dot (phys_v2_sub (box.position, closest.point),
                                      phys_v2_left_normal (closest.tangent)),
                         >, 0.0);
    }
  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  g_assert_cmpfloat (phys_v2_len (box.velocity), <, 1e-9);
  g_assert_cmpfloat (fabs (box.angular_velocity), <, 1e-9);
  /* The box lies across the hollow on two corners, both on the curve within two slops (0.005
   * of its radius, sqrt(1/2)); the curve dips under its face, so the centre is more than half a
   * side from the curve (by the sagitta under the face: about 0.0175 here). */
  PhysPolygonWorld placed = phys_polygon_place (&box.shape, (PhysPose) { box.position, box.angle });
  int touching = 0;
  for (int k = 0; k < 4; k++)
    {
      double corner = phys_bezier_closest (&cd.curve, placed.vertices[k]).distance;
      g_test_message ("corner %d: %.6g from the curve", k, corner);
      touching += corner < 2 * 0.005 * sqrt (0.5);
    }
  g_assert_cmpint (touching, ==, 2);
  double d = phys_bezier_closest (&cd.curve, box.position).distance;
  g_test_message ("centre %.6g from the curve", d);
  g_assert_cmpfloat (d, >, 0.5);
  g_assert_cmpfloat (d, <, 0.53);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/rigid/step/effective-mass", test_effective_mass);
  g_test_add_func ("/physics/rigid/step/box-hit-off-centre", test_box_hit_off_centre);
  g_test_add_func ("/physics/rigid/step/friction-spins-circle", test_friction_spins_circle);
  g_test_add_func ("/physics/rigid/step/two-points-together", test_two_points_together);
  g_test_add_func ("/physics/rigid/step/box-at-rest", test_box_at_rest);
  g_test_add_func ("/physics/rigid/step/stack-of-five", test_stack_of_five);
  g_test_add_func ("/physics/rigid/step/stack-of-five-awake", test_stack_of_five_awake);
  g_test_add_func ("/physics/rigid/step/friction-slope", test_friction_slope);
  g_test_add_func ("/physics/rigid/step/square-on-diamond", test_square_on_diamond);
  g_test_add_func ("/physics/rigid/step/solved-detail", test_solved_detail);
  g_test_add_func ("/physics/rigid/step/circle-on-curve", test_circle_on_curve);
  g_test_add_func ("/physics/rigid/step/box-in-bowl", test_box_in_bowl);

  return g_test_run ();
}
