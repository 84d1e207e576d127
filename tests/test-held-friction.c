/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-held-friction.c: friction on a circle held on a surface between impacts
 * (docs/physics.md, friction while held): the pure rule by hand, a ball sliding on a floor
 * until it rolls (the instant, the velocities, the angle, the energy friction took and the
 * momentum the floor took), a ball on a slope that rolls or slides, and mu = 0 untouched.
 *
 * Screen coordinates: y grows downwards. A disk's inertia is m r^2 / 2, so k = 1 + m r^2 / I
 * = 3. A floor's normal (from it to the ball) is (0, -1) and its tangent t = (-n.y, n.x) =
 * (1, 0); the slip is v.t - w r (w > 0 clockwise on screen, as a ball rolling right turns).
 */
#include <math.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

/* ---- the pure rule ---------------------------------------------------------------------- */

/* r 10, m 1 (I 50), mu 0.2, press g = 0.2, on the flat (g_t 0), slip 2: f = -mu g = -0.04,
 * the slip shrinks at g_t + 3 f = -0.12 a frame^2 and is gone after 2 / 0.12 = 16.667
 * frames; the spin grows at -m r f / I = 0.4 / 50 = 0.008. */
static void
test_pure_floor (void)
{
  PhysHeldFriction h = phys_friction_held (2.0, 0.2, 0.0, 0.2, 10.0, 1.0, 1.0 / 50.0);
  g_assert_true (h.sliding);
  g_assert_cmpfloat_with_epsilon (h.k, 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (h.f, -0.04, 1e-17);
  g_assert_cmpfloat_with_epsilon (h.slip_rate, -0.12, 1e-16);
  g_assert_cmpfloat_with_epsilon (h.spin_acc, 0.008, 1e-17);
  g_assert_cmpfloat_with_epsilon (h.t_roll, 50.0 / 3.0, 1e-13);
  /* The other way: the same numbers with their signs turned. */
  h = phys_friction_held (-2.0, 0.2, 0.0, 0.2, 10.0, 1.0, 1.0 / 50.0);
  g_assert_cmpfloat_with_epsilon (h.f, 0.04, 1e-17);
  g_assert_cmpfloat_with_epsilon (h.spin_acc, -0.008, 1e-17);
  g_assert_cmpfloat_with_epsilon (h.t_roll, 50.0 / 3.0, 1e-13);
  /* Rolling on the flat: nothing to hold, no force. */
  h = phys_friction_held (0.0, 0.2, 0.0, 0.2, 10.0, 1.0, 1.0 / 50.0);
  g_assert_false (h.sliding);
  g_assert_cmpfloat (h.f, ==, 0.0);
  g_assert_cmpfloat (h.t_roll, ==, -1.0);
}

/* On a slope of 3 : 4 under g 0.2: press 0.16, g_t 0.12. Not slipping, rolling needs f =
 * -0.12 / 3 = -0.04 (a = 0.08 = 2/3 g_t, spin 0.008 per frame^2 for r 10): mu 0.5 holds it
 * (0.04 <= 0.08), mu 0.1 does not (0.016): it slides down with f = -0.016, a = 0.104, the
 * slip growing at 0.12 - 0.048 = 0.072, never rolling. Sliding up the slope at 1 (slip -1)
 * with mu 0.5: f = +0.08, the slip changes at 0.12 + 0.24 = 0.36, gone after 1 / 0.36. */
static void
test_pure_slope (void)
{
  PhysHeldFriction h = phys_friction_held (0.0, 0.16, 0.12, 0.5, 10.0, 1.0, 1.0 / 50.0);
  g_assert_false (h.sliding);
  g_assert_cmpfloat_with_epsilon (h.f, -0.04, 1e-17);
  g_assert_cmpfloat (h.slip_rate, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (h.spin_acc, 0.008, 1e-17);
  g_assert_cmpfloat_with_epsilon (0.12 + h.f, 0.08, 1e-16);

  h = phys_friction_held (0.0, 0.16, 0.12, 0.1, 10.0, 1.0, 1.0 / 50.0);
  g_assert_true (h.sliding);
  g_assert_cmpfloat_with_epsilon (h.f, -0.016, 1e-17);
  g_assert_cmpfloat_with_epsilon (h.slip_rate, 0.072, 1e-16);
  g_assert_cmpfloat (h.t_roll, ==, -1.0);

  h = phys_friction_held (-1.0, 0.16, 0.12, 0.5, 10.0, 1.0, 1.0 / 50.0);
  g_assert_true (h.sliding);
  g_assert_cmpfloat_with_epsilon (h.f, 0.08, 1e-17);
  g_assert_cmpfloat_with_epsilon (h.slip_rate, 0.36, 1e-15);
  g_assert_cmpfloat_with_epsilon (h.t_roll, 1.0 / 0.36, 1e-13);
}

/* ---- in the world ----------------------------------------------------------------------- */

static PhysWorld *
floor_world (double mu, double vx, double w)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (800, 600);
  def.bounds_friction = mu;
  def.gravity = phys_v2 (0, 0.2);
  def.sleep = false;
  PhysWorld *world = imp_test_world_new (&def);
  PhysCircleDef ball = imp_test_circle_def ("ball", 100, 590, vx, 0, 10);
  ball.mass = 1;
  ball.friction = mu;
  ball.angular_velocity = w;
  imp_test_add_circle_def (world, &ball);
  return world;
}

/* The ball of test_pure_floor on the floor of a box (walls mu 0.2 too): for 16.667 frames
 * v = 2 - 0.04 t, w = 0.008 t, x = 100 + 2 t - 0.02 t^2, angle 0.004 t^2; at t* = 50/3 (frame
 * 16, t = 2/3) v = w r = 4/3, x = 100 + 100/3 - 50/9 = 127.778, angle 10/9; then it rolls
 * at 4/3 (w 2/15) for ever. The kinetic energy (with the spin, I w^2 / 2) goes from 2 to
 * 8/9 + 4/9 = 4/3: friction took 2/3 = mu g m times the slip integrated (2 x 50/3 / 2). The
 * floor takes the friction's momentum, -0.04 a frame until t*: 2 - 4/3 = 2/3 in all, and
 * the weight, 0.2 a frame. */
static void
test_world_floor_slides_then_rolls (void)
{
  PhysWorld *world = floor_world (0.2, 2.0, 0.0);
  PhysEventLog log;
  phys_event_log_init (&log);
  double t_star = 50.0 / 3.0, held = 0.0;
  PhysVec2 taken = phys_v2 (0, 0);
  double e0 = phys_world_energy (world).total;
  for (int frame = 1; frame <= 30; frame++)
    {
      imp_test_step (world, &log);
      for (size_t k = 0; k < log.count; k++)
        {
          const PhysEvent *ev = &log.events[k];
          held += ev->held_friction;
          taken = phys_v2_add (taken, ev->taken);
          g_assert_cmpint (ev->rolled, ==, frame == 17);
          if (ev->rolled)
            g_assert_cmpfloat_with_epsilon (ev->rolled_t, 2.0 / 3.0, 1e-12);
        }
      PhysCircle c = phys_world_get_circle (world, 0);
      double t = frame;
      if (t < t_star)
        {
          imp_assert_vec_near (c.velocity, 2 - 0.04 * t, 0, 1e-13);
          imp_assert_vec_near (c.position, 100 + 2 * t - 0.02 * t * t, 590, 1e-11);
          g_assert_cmpfloat_with_epsilon (c.angular_velocity, 0.008 * t, 1e-15);
          g_assert_cmpfloat_with_epsilon (c.angle, 0.004 * t * t, 1e-12);
        }
      else
        {
          imp_assert_vec_near (c.velocity, 4.0 / 3.0, 0, 1e-13);
          imp_assert_vec_near (c.position, 100 + 100.0 / 3 - 50.0 / 9 + 4.0 / 3 * (t - t_star),
                               590, 1e-11);
          g_assert_cmpfloat_with_epsilon (c.angular_velocity * 10, 4.0 / 3.0, 1e-13);
          g_assert_cmpfloat_with_epsilon (c.angle, 10.0 / 9 + 2.0 / 15 * (t - t_star), 1e-11);
        }
      /* The energy friction took is what the ball lost, frame by frame. */
      g_assert_cmpfloat_with_epsilon (phys_world_energy (world).total + held, e0, 1e-12);
      /* Momentum balance: the ball's change is gravity's impulse less what the floor took. */
      g_assert_cmpfloat_with_epsilon (c.velocity.x - 2.0, -taken.x, 1e-12);
      g_assert_cmpfloat_with_epsilon (0.2 * t - taken.y, 0.0, 1e-12);
    }
  g_assert_cmpfloat_with_epsilon (held, 2.0 / 3.0, 1e-12);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* A ball rolling (v r = w: slip 0) on the flat feels nothing and rolls on; a ball at rest
 * stays at rest: no friction without slip or pull. */
static void
test_world_rolling_stays (void)
{
  PhysWorld *world = floor_world (0.2, 1.0, 0.1);
  PhysCircle c;
  PhysEventLog log;
  phys_event_log_init (&log);
  for (int frame = 1; frame <= 10; frame++)
    {
      imp_test_step (world, &log);
      for (size_t k = 0; k < log.count; k++)
        g_assert_cmpfloat (log.events[k].held_friction, ==, 0.0);
      c = phys_world_get_circle (world, 0);
      imp_assert_vec_near (c.velocity, 1.0, 0, 1e-15);
      g_assert_cmpfloat_with_epsilon (c.angular_velocity, 0.1, 1e-15);
      imp_assert_vec_near (c.position, 100 + frame, 590, 1e-12);
    }
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The slope of test_pure_slope: a segment from (0, 0) to (400, 300) (dir (0.8, 0.6)); the
 * ball (r 10, m 1) touches it at (200, 150) from above, centre (206, 142), at rest; g 0.2.
 * With mu 0.5 it rolls: a = 0.08 along (0.8, 0.6), w = 0.008 t; after 10 frames v = 0.8
 * along, the centre 4 further (209.2, 144.4), w 0.08, angle 0.4, and no energy lost. With
 * mu 0.1 it slides: a = 0.104, w = 0.0032 t, slip 0.072 t; after 10 frames friction took
 * m 0.016 x 0.072 x 10^2 / 2 = 0.0576. */
static void
test_world_slope (void)
{
  for (int slides = 0; slides < 2; slides++)
    {
      double mu = slides ? 0.1 : 0.5, a = slides ? 0.104 : 0.08, w = slides ? 0.0032 : 0.008;
      PhysWorldDef def = phys_world_def_default ();
      def.gravity = phys_v2 (0, 0.2);
      def.sleep = false;
      PhysWorld *world = imp_test_world_new (&def);
      PhysCircleDef ball = imp_test_circle_def ("ball", 206, 142, 0, 0, 10);
      ball.mass = 1;
      ball.friction = mu;
      imp_test_add_circle_def (world, &ball);
      PhysSegmentDef seg = phys_segment_def_default ();
      seg.name = "slope";
      seg.a = phys_v2 (0, 0);
      seg.b = phys_v2 (400, 300);
      seg.restitution = 0.5;
      seg.friction = mu;
      g_assert_cmpint (phys_world_add_segment (world, &seg, NULL), ==, PHYS_OK);
      PhysEventLog log;
      phys_event_log_init (&log);
      double e0 = phys_world_energy (world).total, held = 0.0;
      for (int frame = 1; frame <= 10; frame++)
        {
          imp_test_step (world, &log);
          for (size_t k = 0; k < log.count; k++)
            held += log.events[k].held_friction;
          PhysCircle c = phys_world_get_circle (world, 0);
          double t = frame, s = 0.5 * a * t * t;
          imp_assert_vec_near (c.velocity, 0.8 * a * t, 0.6 * a * t, 1e-13);
          imp_assert_vec_near (c.position, 206 + 0.8 * s, 142 + 0.6 * s, 1e-11);
          g_assert_cmpfloat_with_epsilon (c.angular_velocity, w * t, 1e-14);
          g_assert_cmpfloat_with_epsilon (c.angle, 0.5 * w * t * t, 1e-12);
          g_assert_cmpfloat_with_epsilon (held, slides ? 0.016 * 0.072 * t * t / 2 : 0.0, 1e-13);
          g_assert_cmpfloat_with_epsilon (phys_world_energy (world).total + held, e0, 1e-11);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

/* mu = 0 (the default, and the seeds'): the ball slides at 2 on the floor for ever, its spin
 * untouched, no friction recorded. */
static void
test_world_frictionless (void)
{
  PhysWorld *world = floor_world (0.0, 2.0, 0.0);
  PhysEventLog log;
  phys_event_log_init (&log);
  for (int frame = 1; frame <= 30; frame++)
    {
      imp_test_step (world, &log);
      for (size_t k = 0; k < log.count; k++)
        {
          g_assert_cmpfloat (log.events[k].held_friction, ==, 0.0);
          g_assert_false (log.events[k].rolled);
        }
      PhysCircle c = phys_world_get_circle (world, 0);
      imp_assert_vec_equal (c.velocity, 2, 0);
      g_assert_cmpfloat (c.angular_velocity, ==, 0.0);
      imp_assert_vec_near (c.position, 100 + 2 * frame, 590, 1e-12);
    }
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Seeded scenes: 2 to 5 balls in a box under gravity, e < 1 and mu in [0.1, 1] everywhere, 400
 * frames: balls land, slide, roll and collide. Frame by frame the energy (rotation and
 * gravity's potential included) never rises past rounding, and the momentum changes by
 * gravity's impulse less what the walls took (friction while held included in `taken`). */
static void
test_seeded_energy_and_momentum (void)
{
  int rolled = 0;
  double held_all = 0.0, worst_rise = 0.0, worst_p = 0.0;
  for (guint32 seed = 1; seed <= 8; seed++)
    {
      GRand *rand = g_rand_new_with_seed (2600 + seed);
      PhysWorldDef def = phys_world_def_default ();
      def.has_bounds = true;
      def.bounds.min = phys_v2 (0, 0);
      def.bounds.max = phys_v2 (400, 300);
      def.bounds_restitution = g_rand_double_range (rand, 0.3, 0.9);
      def.bounds_friction = g_rand_double_range (rand, 0.1, 1.0);
      def.gravity = phys_v2 (0, 0.2);
      def.sleep = false;
      PhysWorld *world = imp_test_world_new (&def);
      int n = g_rand_int_range (rand, 2, 6);
      for (int i = 0; i < n; i++)
        {
          char name[16];
          g_snprintf (name, sizeof name, "b%d", i);
          /* One ball per column of 80, so none overlaps at the start. */
          PhysCircleDef b = imp_test_circle_def (name, 40 + 80 * i, g_rand_double_range (rand, 40, 200),
                                                 g_rand_double_range (rand, -3, 3),
                                                 g_rand_double_range (rand, -3, 3),
                                                 g_rand_double_range (rand, 8, 25));
          b.mass = g_rand_double_range (rand, 0.5, 3);
          b.restitution = g_rand_double_range (rand, 0.3, 0.9);
          b.friction = g_rand_double_range (rand, 0.1, 1.0);
          imp_test_add_circle_def (world, &b);
        }
      PhysEventLog log;
      phys_event_log_init (&log);
      double energy = phys_world_energy (world).total;
      for (int frame = 0; frame < 400; frame++)
        {
          PhysVec2 p0 = phys_v2 (0, 0), p1 = phys_v2 (0, 0), taken = phys_v2 (0, 0);
          double mass = 0.0;
          for (int i = 0; i < n; i++)
            {
              PhysCircle c = phys_world_get_circle (world, i);
              p0 = phys_v2_add_scaled (p0, c.velocity, c.mass);
              mass += c.mass;
            }
          imp_test_step (world, &log);
          for (size_t k = 0; k < log.count; k++)
            {
              held_all += log.events[k].held_friction;
              rolled += log.events[k].rolled;
              taken = phys_v2_add (taken, log.events[k].taken);
            }
          for (int i = 0; i < n; i++)
            {
              PhysCircle c = phys_world_get_circle (world, i);
              p1 = phys_v2_add_scaled (p1, c.velocity, c.mass);
            }
          double now = phys_world_energy (world).total;
          worst_rise = fmax (worst_rise, (now - energy) / fabs (energy));
          g_assert_cmpfloat (now, <=, energy + 1e-12 * fabs (energy));
          energy = now;
          PhysVec2 residual = phys_v2_sub (phys_v2_sub (p1, p0),
                                           phys_v2_sub (phys_v2 (0, 0.2 * mass), taken));
          worst_p = fmax (worst_p, phys_v2_len (residual));
          g_assert_cmpfloat (phys_v2_len (residual), <=, 1e-9);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
      g_rand_free (rand);
    }
  g_test_message ("friction while held took %.6g in all, %d slides turned to rolling; worst "
                  "energy rise %.3g of |E|, momentum residual %.3g",
                  held_all, rolled, worst_rise, worst_p);
  /* The scenes do exercise the rule. */
  g_assert_cmpfloat (held_all, >, 0.0);
  g_assert_cmpint (rolled, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/physics/friction/held/pure/floor", test_pure_floor);
  g_test_add_func ("/physics/friction/held/pure/slope", test_pure_slope);
  g_test_add_func ("/physics/friction/held/world/floor-slides-then-rolls",
                   test_world_floor_slides_then_rolls);
  g_test_add_func ("/physics/friction/held/world/rolling-stays", test_world_rolling_stays);
  g_test_add_func ("/physics/friction/held/world/slope", test_world_slope);
  g_test_add_func ("/physics/friction/held/world/frictionless", test_world_frictionless);
  g_test_add_func ("/physics/friction/held/seeded/energy-and-momentum",
                   test_seeded_energy_and_momentum);
  return g_test_run ();
}
