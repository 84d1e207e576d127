/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-integrate.c: the integrators and the force generators, one body at a time
 * where the numbers can be done by hand, and seed 004's orbit where they cannot.
 *
 * Two hand-made problems run through every integrator with step h:
 *  - constant gravity g: every second-order method is exact, x = x0 + v0 h + g h^2 / 2;
 *    explicit Euler lags (x += v h first) and semi-implicit Euler leads (v += g h first);
 *  - a spring to an anchor with k = m = 1 and rest length 0, so a(x) = -x: one step of
 *    h = 1 from x = 1 at rest, worked out below for each method.
 * Circles here do not collide: only the forces move them.
 */
#include <math.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

/* Hand-computed values are exact or a few roundings away from it. */
#define EPS 1e-12

/* A circle that passes through everything, with mass m and an integrator. */
static int
add_body (PhysWorld *world, const char *name, double x, double y, double vx, double vy, double m,
          PhysIntegrator integrator)
{
  PhysCircleDef def = imp_test_circle_def (name, x, y, vx, vy, 1);
  def.mass = m;
  def.collides = false;
  def.integrator = integrator;
  return imp_test_add_circle_def (world, &def);
}

/* A spring (or bungee) from circle a to a fixed anchor. */
static void
add_anchor_spring (PhysWorld *world, PhysForceKind kind, int a, double ax, double ay, double k,
                   double rest_length)
{
  PhysForceDef def = phys_force_def_default (kind);
  def.body_a = a;
  def.body_b = -1;
  def.anchor = phys_v2 (ax, ay);
  def.k = k;
  def.rest_length = rest_length;
  g_assert_cmpint (phys_world_add_force (world, &def, NULL, NULL), ==, PHYS_OK);
}

static PhysWorld *
world_with (PhysIntegrator integrator, int substeps, double dt, PhysVec2 gravity)
{
  PhysWorldDef def = phys_world_def_default ();
  def.integrator = integrator;
  def.substeps = substeps;
  def.dt = dt;
  def.gravity = gravity;
  return imp_test_world_new (&def);
}

/* ------------------------------------------------------------------------------------------ */
/* Every integrator, by hand.                                                                 */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  PhysIntegrator integrator;
  /* Gravity (0, 2) from (0, 0) with velocity (1, 0), dt = 1: state after 1 and after 3 frames.
   * The x motion is uniform for all: 1 per frame. */
  double y1, vy1, y3, vy3;
  /* The spring a(x) = -x from x = 1 at rest, one step of h = 1. */
  double spring_x, spring_v;
} IntegratorRow;

/* Gravity: the exact answer is y = t^2, vy = 2 t (9 and 6 at t = 3).
 *   Euler:         y 0, 2, 6 (adds the old vy 0, 2, 4); vy 2, 4, 6.
 *   semi-implicit: vy 2, 4, 6 first, then y 2, 6, 12.
 *   midpoint, RK4, Verlet: exact for a constant acceleration.
 * Spring, one step of h = 1 from (x, v) = (1, 0), a(x) = -x:
 *   Euler:         x = 1 + 0 = 1, v = 0 - 1 = -1.
 *   semi-implicit: v = -1, x = 1 - 1 = 0.
 *   midpoint:      half step x = 1, v = -0.5; a there -1: x = 1 - 0.5 = 0.5, v = -1.
 *   RK4:           k1 = (0, -1); k2 = (-0.5, a(1) = -1); k3 = (-0.5, a(0.75) = -0.75);
 *                  k4 = (-0.75, a(0.5) = -0.5); x = 1 + (0 - 1 - 1 - 0.75) / 6 = 13/24,
 *                  v = (-1 - 2 - 1.5 - 0.5) / 6 = -5/6 (exact: cos 1 = 0.540, -sin 1 = -0.841).
 *   Verlet:        x = 1 + 0 - 0.5 = 0.5; v = 0 + (a(1) + a(0.5)) / 2 = -0.75. */
static const IntegratorRow integrator_rows[] = {
  { "euler", PHYS_INTEGRATOR_EULER, 0, 2, 6, 6, 1, -1 },
  { "semi-implicit-euler", PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, 2, 2, 12, 6, 0, -1 },
  { "midpoint", PHYS_INTEGRATOR_MIDPOINT, 1, 2, 9, 6, 0.5, -1 },
  { "rk4", PHYS_INTEGRATOR_RK4, 1, 2, 9, 6, 13.0 / 24.0, -5.0 / 6.0 },
  { "verlet", PHYS_INTEGRATOR_VERLET, 1, 2, 9, 6, 0.5, -0.75 },
};

static void
test_gravity_row (gconstpointer data)
{
  const IntegratorRow *row = data;
  PhysWorld *world = world_with (row->integrator, 1, 1, phys_v2 (0, 2));
  int b = add_body (world, "body", 0, 0, 1, 0, 1, PHYS_INTEGRATOR_DEFAULT);

  g_assert_cmpint (phys_world_get_circle (world, b).integrator, ==, PHYS_INTEGRATOR_DEFAULT);
  phys_world_step (world, NULL);
  PhysCircle c = phys_world_get_circle (world, b);
  imp_assert_vec_near (c.position, 1, row->y1, EPS);
  imp_assert_vec_near (c.velocity, 1, row->vy1, EPS);
  phys_world_step (world, NULL);
  phys_world_step (world, NULL);
  c = phys_world_get_circle (world, b);
  imp_assert_vec_near (c.position, 3, row->y3, EPS);
  imp_assert_vec_near (c.velocity, 1, row->vy3, EPS);

  phys_world_free (world);
}

static void
test_spring_row (gconstpointer data)
{
  const IntegratorRow *row = data;
  PhysWorld *world = world_with (row->integrator, 1, 1, phys_v2 (0, 0));
  int b = add_body (world, "body", 1, 0, 0, 0, 1, PHYS_INTEGRATOR_DEFAULT);
  add_anchor_spring (world, PHYS_FORCE_SPRING, b, 0, 0, 1, 0);

  phys_world_step (world, NULL);
  PhysCircle c = phys_world_get_circle (world, b);
  imp_assert_vec_near (c.position, row->spring_x, 0, EPS);
  imp_assert_vec_near (c.velocity, row->spring_v, 0, EPS);

  phys_world_free (world);
}

static void
test_override (void)
{
  /* World default Euler; one body asks for RK4, one keeps the default; each on its own spring
   * (anchors 100 apart). After one step the RK4 body is at 13/24 with -5/6 and the other at
   * 100 + 1 with -1, as in the table. The reverse: world RK4, body Euler under gravity. */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_EULER, 1, 1, phys_v2 (0, 0));
  int own = add_body (world, "own", 1, 0, 0, 0, 1, PHYS_INTEGRATOR_RK4);
  int plain = add_body (world, "plain", 101, 0, 0, 0, 1, PHYS_INTEGRATOR_DEFAULT);
  add_anchor_spring (world, PHYS_FORCE_SPRING, own, 0, 0, 1, 0);
  add_anchor_spring (world, PHYS_FORCE_SPRING, plain, 100, 0, 1, 0);

  phys_world_step (world, NULL);
  imp_assert_vec_near (phys_world_get_circle (world, own).position, 13.0 / 24.0, 0, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, own).velocity, -5.0 / 6.0, 0, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, plain).position, 101, 0, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, plain).velocity, -1, 0, EPS);
  phys_world_free (world);

  world = world_with (PHYS_INTEGRATOR_RK4, 1, 1, phys_v2 (0, 2));
  own = add_body (world, "own", 0, 0, 1, 0, 1, PHYS_INTEGRATOR_EULER);
  plain = add_body (world, "plain", 0, 50, 1, 0, 1, PHYS_INTEGRATOR_DEFAULT);
  for (int frame = 0; frame < 3; frame++)
    phys_world_step (world, NULL);
  imp_assert_vec_near (phys_world_get_circle (world, own).position, 3, 6, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, plain).position, 3, 59, EPS);
  phys_world_free (world);
}

typedef struct
{
  const char *name;
  PhysIntegrator integrator;
  int substeps;
  double y, vy; /* gravity (0, 2) from rest, one frame of dt = 1 */
} SubstepRow;

/* n substeps of h = 1/n under g = 2 from rest: vy_k = 2 k h in each case.
 *   semi-implicit: y = sum_k vy_k h = 2 h^2 n (n + 1) / 2: n = 2: 1.5; n = 4: 1.25.
 *   Euler:         y = sum_k vy_(k-1) h = 2 h^2 n (n - 1) / 2: n = 2: 0.5; n = 4: 0.75.
 *   RK4:           exact, y = 1, in any number of steps.
 * Both Euler flavours close in on the exact 1 as n grows. */
static const SubstepRow substep_rows[] = {
  { "semi-implicit-euler-2", PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, 2, 1.5, 2 },
  { "semi-implicit-euler-4", PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, 4, 1.25, 2 },
  { "euler-2", PHYS_INTEGRATOR_EULER, 2, 0.5, 2 },
  { "euler-4", PHYS_INTEGRATOR_EULER, 4, 0.75, 2 },
  { "rk4-3", PHYS_INTEGRATOR_RK4, 3, 1, 2 },
};

static void
test_substep_row (gconstpointer data)
{
  const SubstepRow *row = data;
  PhysWorld *world = world_with (row->integrator, row->substeps, 1, phys_v2 (0, 2));
  int b = add_body (world, "body", 0, 0, 0, 0, 1, PHYS_INTEGRATOR_DEFAULT);

  PhysVec2 start, disp;
  phys_world_frame_paths (world, &start, &disp);
  imp_assert_vec_near (disp, 0, row->y, EPS);
  phys_world_step (world, NULL);
  imp_assert_vec_near (phys_world_get_circle (world, b).position, 0, row->y, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, b).velocity, 0, row->vy, EPS);

  phys_world_free (world);
}

static void
test_substeps_spring (void)
{
  /* Euler on the spring a(x) = -x in 2 substeps of h = 0.5 from x = 1 at rest:
   * x = 1 + 0 = 1, v = 0 - 0.5 = -0.5; then x = 1 - 0.25 = 0.75, v = -0.5 - 0.5 = -1.
   * Closer to the exact (0.540, -0.841) than one step's (1, -1). */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_EULER, 2, 1, phys_v2 (0, 0));
  int b = add_body (world, "body", 1, 0, 0, 0, 1, PHYS_INTEGRATOR_DEFAULT);
  add_anchor_spring (world, PHYS_FORCE_SPRING, b, 0, 0, 1, 0);

  phys_world_step (world, NULL);
  imp_assert_vec_near (phys_world_get_circle (world, b).position, 0.75, 0, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, b).velocity, -1, 0, EPS);
  phys_world_free (world);
}

static void
test_dt (void)
{
  /* dt = 0.5, gravity (0, 2), velocity (1, 0) per time unit:
   *   semi-implicit: v = (1, 0 + 2 * 0.5) = (1, 1), x = v 0.5 = (0.5, 0.5);
   *   Euler:         x = (0.5, 0), v = (1, 1). */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, 1, 0.5, phys_v2 (0, 2));
  int semi = add_body (world, "semi", 0, 0, 1, 0, 1, PHYS_INTEGRATOR_DEFAULT);
  int euler = add_body (world, "euler", 0, 10, 1, 0, 1, PHYS_INTEGRATOR_EULER);

  phys_world_step (world, NULL);
  imp_assert_vec_near (phys_world_get_circle (world, semi).position, 0.5, 0.5, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, semi).velocity, 1, 1, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, euler).position, 0.5, 10, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, euler).velocity, 1, 1, EPS);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Forces.                                                                                    */
/* ------------------------------------------------------------------------------------------ */

static void
test_drag (void)
{
  /* F = -k v with k = 0.5 on m = 2: a = -v / 4, so a step of h = 1 multiplies v by 0.75.
   *   Euler:         x 0 -> 4 -> 7, v 4 -> 3 -> 2.25.
   *   semi-implicit: v 4 -> 3 -> 2.25, x 0 -> 3 -> 5.25.
   *   RK4:           v times 1 + z + z^2/2 + z^3/6 + z^4/24 with z = -0.25, which is
   *                  0.77880859375 (exp(-0.25) = 0.7788008). */
  static const PhysIntegrator integrators[]
      = { PHYS_INTEGRATOR_EULER, PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, PHYS_INTEGRATOR_RK4 };
  const double rk4 = 0.77880859375;
  const double expect_v[3][2] = { { 3, 2.25 }, { 3, 2.25 }, { 4 * rk4, 4 * rk4 * rk4 } };
  const double expect_x[3][2] = { { 4, 7 }, { 3, 5.25 }, { G_MAXDOUBLE, G_MAXDOUBLE } };

  for (int k = 0; k < 3; k++)
    {
      PhysWorld *world = world_with (integrators[k], 1, 1, phys_v2 (0, 0));
      int b = add_body (world, "body", 0, 0, 4, 0, 2, PHYS_INTEGRATOR_DEFAULT);
      PhysForceDef def = phys_force_def_default (PHYS_FORCE_DRAG);
      def.k = 0.5;
      g_assert_cmpint (phys_world_add_force (world, &def, NULL, NULL), ==, PHYS_OK);

      for (int frame = 0; frame < 2; frame++)
        {
          phys_world_step (world, NULL);
          PhysCircle c = phys_world_get_circle (world, b);
          imp_assert_vec_near (c.velocity, expect_v[k][frame], 0, EPS);
          if (expect_x[k][frame] != G_MAXDOUBLE)
            imp_assert_vec_near (c.position, expect_x[k][frame], 0, EPS);
        }
      /* It only ever slows down, and it comes to a standstill at a finite distance
       * (Euler's x approaches 4 / 0.25 = 16). */
      double last = 2.25;
      for (int frame = 2; frame < 200; frame++)
        {
          phys_world_step (world, NULL);
          double v = phys_world_get_circle (world, b).velocity.x;
          g_assert_cmpfloat (v, <, last);
          g_assert_cmpfloat (v, >=, 0);
          last = v;
        }
      g_assert_cmpfloat (last, <, 1e-20);
      if (integrators[k] == PHYS_INTEGRATOR_EULER)
        g_assert_cmpfloat_with_epsilon (phys_world_get_circle (world, b).position.x, 16, 1e-9);
      phys_world_free (world);
    }
}

static void
add_attractor (PhysWorld *world, int source, const int *targets, int n_targets, double G,
               bool reaction)
{
  PhysForceDef def = phys_force_def_default (PHYS_FORCE_ATTRACTOR);
  def.source = source;
  def.targets = targets;
  def.n_targets = n_targets;
  def.G = G;
  def.reaction = reaction;
  g_assert_cmpint (phys_world_add_force (world, &def, NULL, NULL), ==, PHYS_OK);
}

static void
test_attractor_reaction (void)
{
  /* A binary: a source of mass 1000 at (0, 0) moving (0.1, 0) and a body of mass 10 at
   * (100, 0) moving (0, 3), G = 1, reaction on: the pulls are equal and opposite, so the
   * momentum (1000 * 0.1, 10 * 3) = (100, 30) holds while both move. */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, 1, 1, phys_v2 (0, 0));
  int sun = add_body (world, "sun", 0, 0, 0.1, 0, 1000, PHYS_INTEGRATOR_DEFAULT);
  int planet = add_body (world, "planet", 100, 0, 0, 3, 10, PHYS_INTEGRATOR_DEFAULT);
  add_attractor (world, sun, NULL, 0, 1, true);

  double scale = 1000 * 0.1 + 10 * 3;
  for (int frame = 0; frame < 1000; frame++)
    {
      phys_world_step (world, NULL);
      PhysEnergy e = phys_world_energy (world);
      g_assert_cmpfloat (fabs (e.momentum.x - 100) / scale, <=, 1e-12);
      g_assert_cmpfloat (fabs (e.momentum.y - 30) / scale, <=, 1e-12);
    }
  /* The sun was pulled off its straight line: 1000 frames of (0.1, 0) would end at (100, 0). */
  PhysVec2 p = phys_world_get_circle (world, sun).position;
  g_assert_cmpfloat (fabs (p.y), >, 1e-3);
  g_assert_cmpfloat (phys_v2_len (phys_world_get_circle (world, planet).velocity), >, 0);
  phys_world_free (world);
}

static void
test_attractor_no_reaction (void)
{
  /* Reaction off (seed 004): the movable source feels nothing and stays at (0, 0) at rest,
   * while the body's pull changes the momentum. First step, semi-implicit: the body's
   * acceleration is G M / r^2 = 1000 / 10000 = 0.1 towards the source: v = (-0.1, 3). */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, 1, 1, phys_v2 (0, 0));
  int sun = add_body (world, "sun", 0, 0, 0, 0, 1000, PHYS_INTEGRATOR_DEFAULT);
  int planet = add_body (world, "planet", 100, 0, 0, 3, 10, PHYS_INTEGRATOR_DEFAULT);
  int targets[] = { planet };
  add_attractor (world, sun, targets, 1, 1, false);

  phys_world_step (world, NULL);
  imp_assert_vec_near (phys_world_get_circle (world, planet).velocity, -0.1, 3, EPS);
  imp_assert_vec_near (phys_world_get_circle (world, planet).position, 99.9, 3, EPS);
  for (int frame = 1; frame < 300; frame++)
    phys_world_step (world, NULL);
  imp_assert_vec_equal (phys_world_get_circle (world, sun).position, 0, 0);
  imp_assert_vec_equal (phys_world_get_circle (world, sun).velocity, 0, 0);
  PhysVec2 momentum = phys_world_energy (world).momentum;
  g_assert_cmpfloat (fabs (momentum.x) + fabs (momentum.y - 30), >, 1);
  phys_world_free (world);
}

/* Times (in time units) at which s(t) = x - centre crosses zero, by linear interpolation
 * between frames; returns how many were found. */
static int
zero_crossings (PhysWorld *world, int b, double centre, int frames, double dt, double *times,
                int max_times, double *amplitude)
{
  int n = 0;
  double last = phys_world_get_circle (world, b).position.x - centre;
  *amplitude = fabs (last);
  for (int frame = 1; frame <= frames; frame++)
    {
      phys_world_step (world, NULL);
      double s = phys_world_get_circle (world, b).position.x - centre;
      *amplitude = MAX (*amplitude, fabs (s));
      if ((last > 0) != (s > 0) && n < max_times)
        times[n++] = (frame - 1 + last / (last - s)) * dt;
      last = s;
    }
  return n;
}

static void
test_spring_period (void)
{
  /* A body of mass 2 on a spring of k = 8 and rest length 5 to the anchor (0, 0), let go from
   * x = 6: s = cos(w t) with w = sqrt(k / m) = 2, T = 2 pi / w = pi. RK4 with dt = 0.01 (314
   * frames a period): successive zero crossings are T / 2 apart and the amplitude stays 1. */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_RK4, 1, 0.01, phys_v2 (0, 0));
  int b = add_body (world, "bob", 6, 0, 0, 0, 2, PHYS_INTEGRATOR_DEFAULT);
  add_anchor_spring (world, PHYS_FORCE_SPRING, b, 0, 0, 8, 5);

  double times[8], amplitude;
  int n = zero_crossings (world, b, 5, 1000, 0.01, times, 8, &amplitude);
  g_assert_cmpint (n, ==, 6);
  double period = (times[4] - times[0]) / 2;
  g_test_message ("spring period %.9f (2 pi sqrt(m/k) = %.9f), first crossing %.9f", period, G_PI,
                  times[0]);
  g_assert_cmpfloat_with_epsilon (period, G_PI, 1e-6);
  g_assert_cmpfloat_with_epsilon (times[0], G_PI / 4, 1e-6);
  g_assert_cmpfloat_with_epsilon (amplitude, 1, 1e-6);
  phys_world_free (world);
}

static void
test_spring_two_bodies (void)
{
  /* Two bodies of mass 1 on a spring of k = 1, rest length 5, let go 6 apart: the stretch
   * oscillates with the reduced mass 1/2, w = sqrt(2), T = 2 pi / sqrt 2 = 4.443; the pulls are
   * equal and opposite, so the momentum stays 0. Springs between moving bodies are coupled at
   * the substep rate (phys-integrate.c), so the period is only as good as h: 10 substeps of
   * dt = 0.01. */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_RK4, 10, 0.01, phys_v2 (0, 0));
  int a = add_body (world, "a", 0, 0, 0, 0, 1, PHYS_INTEGRATOR_DEFAULT);
  int b = add_body (world, "b", 6, 0, 0, 0, 1, PHYS_INTEGRATOR_DEFAULT);
  PhysForceDef def = phys_force_def_default (PHYS_FORCE_SPRING);
  def.body_a = a;
  def.body_b = b;
  def.k = 1;
  def.rest_length = 5;
  g_assert_cmpint (phys_world_add_force (world, &def, NULL, NULL), ==, PHYS_OK);

  double last = 1, times[4];
  int n = 0;
  for (int frame = 1; frame <= 1500; frame++)
    {
      phys_world_step (world, NULL);
      PhysVec2 pa = phys_world_get_circle (world, a).position;
      PhysVec2 pb = phys_world_get_circle (world, b).position;
      double s = phys_v2_len (phys_v2_sub (pb, pa)) - 5;
      if ((last > 0) != (s > 0) && n < 4)
        times[n++] = (frame - 1 + last / (last - s)) * 0.01;
      last = s;
      PhysVec2 momentum = phys_world_energy (world).momentum;
      g_assert_cmpfloat (fabs (momentum.x) + fabs (momentum.y), <=, 1e-12);
    }
  g_assert_cmpint (n, ==, 4);
  double period = times[2] - times[0];
  g_test_message ("two-body spring period %.9f (expected %.9f)", period, 2 * G_PI / sqrt (2));
  g_assert_cmpfloat_with_epsilon (period, 2 * G_PI / sqrt (2), 1e-5);
  phys_world_free (world);
}

static void
test_bungee_slack (void)
{
  /* A body of mass 1 at (0, 3) moving (1, 0) on a bungee of k = 10, rest length 5, to (0, 0).
   * Its distance sqrt(x^2 + 9) is at most 5 while x <= 4: frames 0 to 4 start slack (the
   * frame that starts at (4, 3) is exactly 5 long: no pull), so the body coasts to (5, 3).
   * The frame starting at (5, 3), sqrt 34 = 5.83 away, pulls it back towards the anchor.
   * A spring of the same numbers pushes from the first frame (3 < 5: compressed). */
  for (int kind = 0; kind < 2; kind++)
    {
      PhysWorld *world = world_with (PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER, 1, 1, phys_v2 (0, 0));
      int b = add_body (world, "jumper", 0, 3, 1, 0, 1, PHYS_INTEGRATOR_DEFAULT);
      add_anchor_spring (world, kind == 0 ? PHYS_FORCE_BUNGEE : PHYS_FORCE_SPRING, b, 0, 0, 10, 5);
      phys_world_step (world, NULL);
      PhysCircle c = phys_world_get_circle (world, b);
      if (kind == 1)
        {
          /* Pushed away from the anchor: a = 10 * 2 = 20 along (0, 1). */
          imp_assert_vec_near (c.velocity, 1, 20, EPS);
          phys_world_free (world);
          continue;
        }
      imp_assert_vec_equal (c.position, 1, 3);
      for (int frame = 2; frame <= 5; frame++)
        {
          phys_world_step (world, NULL);
          c = phys_world_get_circle (world, b);
          imp_assert_vec_equal (c.position, frame, 3);
          imp_assert_vec_equal (c.velocity, 1, 0);
        }
      /* a = -10 (sqrt 34 - 5) (5, 3) / sqrt 34. */
      double len = sqrt (34), pull = 10 * (len - 5) / len;
      phys_world_step (world, NULL);
      c = phys_world_get_circle (world, b);
      imp_assert_vec_near (c.velocity, 1 - 5 * pull, -3 * pull, EPS);
      phys_world_free (world);
    }
}

static void
test_energy_diagnostics (void)
{
  /* Gravity (0, 2); a body of mass 3 at (1, 4) moving (2, 0):
   *   kinetic   1/2 3 4 = 6;  momentum (6, 0);
   *   gravity   -m g.x = -3 (2 * 4) = -24;
   *   spring    k 2, rest 1, to (1, 0): stretched 4 - 1 = 3: 1/2 2 9 = 9;
   *   bungee    k 1, rest 10, to (1, 0): slack at 4: 0;
   *   bungee    k 1, rest 2, to (1, 0): stretched 2: 1/2 1 4 = 2;
   *   attractor a fixed source of mass 100 at (1, 10), G 0.5, 6 away: -0.5 100 3 / 6 = -25.
   * Total 6 - 24 + 9 + 0 + 2 - 25 = -32. The fixed source counts for nothing itself. */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_RK4, 1, 1, phys_v2 (0, 2));
  int b = add_body (world, "body", 1, 4, 2, 0, 3, PHYS_INTEGRATOR_DEFAULT);
  PhysCircleDef sdef = imp_test_circle_def ("source", 1, 10, 0, 0, 1);
  sdef.mass = 100;
  sdef.fixed = true;
  sdef.collides = false;
  int source = imp_test_add_circle_def (world, &sdef);
  add_anchor_spring (world, PHYS_FORCE_SPRING, b, 1, 0, 2, 1);
  add_anchor_spring (world, PHYS_FORCE_BUNGEE, b, 1, 0, 1, 10);
  add_anchor_spring (world, PHYS_FORCE_BUNGEE, b, 1, 0, 1, 2);
  int targets[] = { b };
  add_attractor (world, source, targets, 1, 0.5, true);

  PhysEnergy e = phys_world_energy (world);
  g_assert_cmpfloat_with_epsilon (e.kinetic, 6, EPS);
  g_assert_cmpfloat_with_epsilon (e.potential, -38, EPS);
  g_assert_cmpfloat_with_epsilon (e.total, -32, EPS);
  imp_assert_vec_near (e.momentum, 6, 0, EPS);
  /* All of it is the body's (its anchored springs are its own); the fixed
   * source has none. */
  PhysEnergy body = phys_world_circle_energy (world, b);
  PhysEnergy fixed = phys_world_circle_energy (world, source);
  g_assert_cmpfloat_with_epsilon (body.total, -32, EPS);
  g_assert_cmpfloat_with_epsilon (body.kinetic, 6, EPS);
  imp_assert_vec_near (body.momentum, 6, 0, EPS);
  g_assert_cmpfloat (fixed.total, ==, 0);
  phys_world_free (world);

  /* Two bodies on a spring (k 2, rest 1, 4 apart: 1/2 2 9 = 9): half each, plus
   * each one's own motion; together the world's total. */
  world = world_with (PHYS_INTEGRATOR_RK4, 1, 1, phys_v2 (0, 0));
  int p = add_body (world, "p", 0, 0, 1, 0, 2, PHYS_INTEGRATOR_DEFAULT);
  int q = add_body (world, "q", 4, 0, 0, 3, 1, PHYS_INTEGRATOR_DEFAULT);
  PhysForceDef spring = phys_force_def_default (PHYS_FORCE_SPRING);
  spring.body_a = p;
  spring.body_b = q;
  spring.k = 2;
  spring.rest_length = 1;
  g_assert_cmpint (phys_world_add_force (world, &spring, NULL, NULL), ==, PHYS_OK);
  PhysEnergy ep = phys_world_circle_energy (world, p), eq = phys_world_circle_energy (world, q);
  g_assert_cmpfloat_with_epsilon (ep.total, 1 + 4.5, EPS);
  g_assert_cmpfloat_with_epsilon (eq.total, 4.5 + 4.5, EPS);
  g_assert_cmpfloat_with_epsilon (ep.total + eq.total, phys_world_energy (world).total, EPS);
  phys_world_free (world);
}

static void
test_energy_conserved_spring_gravity (void)
{
  /* A body of mass 3 hanging from (1, 0) on a spring (k 2, rest 1) under gravity (0, 2),
   * launched sideways: it swings and bounces, trading kinetic, gravity and spring energy.
   * With RK4 and dt = 0.01 the total stays put to 1e-8 over 2000 frames. */
  PhysWorld *world = world_with (PHYS_INTEGRATOR_RK4, 1, 0.01, phys_v2 (0, 2));
  int b = add_body (world, "body", 1, 4, 2, 0, 3, PHYS_INTEGRATOR_DEFAULT);
  add_anchor_spring (world, PHYS_FORCE_SPRING, b, 1, 0, 2, 1);

  double e0 = phys_world_energy (world).total, worst = 0, kinetic_range = 0;
  double kmin = G_MAXDOUBLE, kmax = 0;
  for (int frame = 0; frame < 2000; frame++)
    {
      phys_world_step (world, NULL);
      PhysEnergy e = phys_world_energy (world);
      worst = MAX (worst, imp_test_relative_change (e.total, e0));
      kmin = MIN (kmin, e.kinetic);
      kmax = MAX (kmax, e.kinetic);
    }
  kinetic_range = kmax - kmin;
  g_test_message ("spring + gravity: relative energy drift %.3g, kinetic energy range %.3g", worst,
                  kinetic_range);
  g_assert_cmpfloat (kinetic_range, >, 1);
  g_assert_cmpfloat (worst, <=, 1e-8);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Seed 004: the orbit.                                                                       */
/* ------------------------------------------------------------------------------------------ */

#define ORBIT_FRAMES 2000
#define ORBIT_G 1.2
#define ORBIT_SOURCE_MASS 10000.0

/* Energy of one orbiter: 1/2 m v^2 - G M m / r. */
static double
orbiter_energy (const PhysWorld *world, int source, int orbiter)
{
  PhysCircle s = phys_world_get_circle (world, source);
  PhysCircle c = phys_world_get_circle (world, orbiter);
  double r = phys_v2_len (phys_v2_sub (c.position, s.position));
  return 0.5 * c.mass * phys_v2_len_sq (c.velocity) - ORBIT_G * s.mass * c.mass / r;
}

/* The seed's scene with one orbiter per integrator listed, all in one world (the seed runs
 * Euler and RK4 side by side): the source of mass 10000 at (400, 300), an attractor with
 * G = 1.2 and no reaction, orbiters of mass 100 at (700, 300) moving (0, -7) that collide with
 * nothing. Fills drift[k] with orbiter k's largest relative energy change over the frames. */
static void
orbit_drifts (const PhysIntegrator *integrators, int n, int substeps, double *drift)
{
  PhysWorld *world = world_with (PHYS_INTEGRATOR_RK4, substeps, 1, phys_v2 (0, 0));
  PhysCircleDef sdef = imp_test_circle_def ("source", 400, 300, 0, 0, 60);
  sdef.mass = ORBIT_SOURCE_MASS;
  sdef.collides = false;
  int source = imp_test_add_circle_def (world, &sdef);
  int orbiters[PHYS_N_INTEGRATORS];
  double e0[PHYS_N_INTEGRATORS];

  g_assert_cmpint (n, <=, PHYS_N_INTEGRATORS);
  for (int k = 0; k < n; k++)
    {
      char name[32];
      g_snprintf (name, sizeof name, "orbiter-%s", phys_integrator_name (integrators[k]));
      orbiters[k] = add_body (world, name, 700, 300, 0, -7, 100, integrators[k]);
      drift[k] = 0;
    }
  add_attractor (world, source, NULL, 0, ORBIT_G, false);
  for (int k = 0; k < n; k++)
    {
      e0[k] = orbiter_energy (world, source, orbiters[k]);
      /* 1/2 100 49 - 1.2 10000 100 / 300 = 2450 - 4000. */
      g_assert_cmpfloat_with_epsilon (e0[k], -1550, 1e-9);
    }

  for (int frame = 0; frame < ORBIT_FRAMES; frame++)
    {
      phys_world_step (world, NULL);
      for (int k = 0; k < n; k++)
        drift[k]
            = MAX (drift[k],
                   imp_test_relative_change (orbiter_energy (world, source, orbiters[k]), e0[k]));
    }
  /* No reaction: the source has not moved. */
  imp_assert_vec_equal (phys_world_get_circle (world, source).position, 400, 300);
  phys_world_free (world);
}

static void
test_orbit_integrators (void)
{
  static const PhysIntegrator integrators[]
      = { PHYS_INTEGRATOR_EULER, PHYS_INTEGRATOR_MIDPOINT, PHYS_INTEGRATOR_RK4 };
  double drift[3];
  orbit_drifts (integrators, 3, 1, drift);
  g_test_message ("orbit, %d frames, relative energy drift: euler %.3g, midpoint %.3g, "
                  "rk4 %.3g",
                  ORBIT_FRAMES, drift[0], drift[1], drift[2]);
  g_assert_cmpfloat (drift[2] * 100, <=, drift[0]);
  g_assert_cmpfloat (drift[2], <, drift[1]);
  g_assert_cmpfloat (drift[1], <, drift[0]);
}

static void
test_orbit_euler_substeps (void)
{
  /* The seed: more iterations per frame keep Euler's orbit longer; RK4 at 3 iterations is
   * still better than Euler at 100. Euler's first-order error shrinks about tenfold with ten
   * times the substeps (one substep saturates: its orbit has already spiralled far out). */
  static const PhysIntegrator euler[] = { PHYS_INTEGRATOR_EULER };
  static const PhysIntegrator rk4[] = { PHYS_INTEGRATOR_RK4 };
  static const int substeps[] = { 1, 10, 100 };
  double drift[3], rk4_drift;
  for (int k = 0; k < 3; k++)
    orbit_drifts (euler, 1, substeps[k], &drift[k]);
  orbit_drifts (rk4, 1, 3, &rk4_drift);
  g_test_message ("orbit, euler drift with 1, 10, 100 substeps: %.3g, %.3g, %.3g; rk4 with 3: "
                  "%.3g",
                  drift[0], drift[1], drift[2], rk4_drift);
  g_assert_cmpfloat (drift[1] * 3, <, drift[0]);
  g_assert_cmpfloat (drift[2] * 5, <, drift[1]);
  g_assert_cmpfloat (rk4_drift, <, drift[2]);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (integrator_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/integrate/gravity/%s", integrator_rows[i].name);
      g_test_add_data_func (path, &integrator_rows[i], test_gravity_row);
      g_free (path);
      path = g_strdup_printf ("/physics/integrate/spring-step/%s", integrator_rows[i].name);
      g_test_add_data_func (path, &integrator_rows[i], test_spring_row);
      g_free (path);
    }
  g_test_add_func ("/physics/integrate/per-body-override", test_override);
  for (gsize i = 0; i < G_N_ELEMENTS (substep_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/integrate/substeps/%s", substep_rows[i].name);
      g_test_add_data_func (path, &substep_rows[i], test_substep_row);
      g_free (path);
    }
  g_test_add_func ("/physics/integrate/substeps/euler-spring", test_substeps_spring);
  g_test_add_func ("/physics/integrate/dt-half", test_dt);

  g_test_add_func ("/physics/forces/drag", test_drag);
  g_test_add_func ("/physics/forces/attractor/reaction-conserves-momentum",
                   test_attractor_reaction);
  g_test_add_func ("/physics/forces/attractor/no-reaction", test_attractor_no_reaction);
  g_test_add_func ("/physics/forces/spring/period", test_spring_period);
  g_test_add_func ("/physics/forces/spring/two-bodies", test_spring_two_bodies);
  g_test_add_func ("/physics/forces/bungee/slack", test_bungee_slack);
  g_test_add_func ("/physics/forces/energy/diagnostics", test_energy_diagnostics);
  g_test_add_func ("/physics/forces/energy/spring-and-gravity-conserved",
                   test_energy_conserved_spring_gravity);

  g_test_add_func ("/physics/integrate/seed-004/orbit/integrators", test_orbit_integrators);
  g_test_add_func ("/physics/integrate/seed-004/orbit/euler-substeps", test_orbit_euler_substeps);

  return g_test_run ();
}
