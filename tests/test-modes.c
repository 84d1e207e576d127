/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-modes.c: the teaching modes really make their classic mistake, and the same
 * scene without the mode does not.
 *
 * Each test builds one scene twice, once with every mode off (the default) and once
 * with the mode on, steps both, and asserts the failure in the second and its
 * absence in the first. The failures are those of seeds 001 (tunneling, speed-up,
 * bouncing from inside) and 002 (jitter when sliding at exactly r, passing the
 * ends of a segment).
 *
 * Screen coordinates: y grows downwards.
 */
#include <math.h>

#include <glib.h>

#include "phys.h"
#include "phys-world-private.h"
#include "test-util.h"

/* Hand-computed values are exact or a few roundings away from it. */
#define EPS 1e-12

static int
add_ball (PhysWorld *world, const char *name, double x, double y, double vx, double vy, double r)
{
  PhysCircleDef def = imp_test_circle_def (name, x, y, vx, vy, r);
  def.mass = 1;
  return imp_test_add_circle_def (world, &def);
}

static PhysWorld *
world_with_modes (PhysModes modes, PhysVec2 gravity)
{
  PhysWorldDef def = phys_world_def_default ();
  def.modes = modes;
  def.gravity = gravity;
  return imp_test_world_new (&def);
}

static PhysVec2
position (const PhysWorld *world, int i)
{
  return phys_world_get_circle (world, i).position;
}

static PhysVec2
velocity (const PhysWorld *world, int i)
{
  return phys_world_get_circle (world, i).velocity;
}

static void
test_defaults_off (void)
{
  PhysWorldDef def = phys_world_def_default ();
  g_assert_cmpint (def.modes.detection, ==, PHYS_DETECTION_SWEPT);
  g_assert_false (def.modes.double_pair_loop);
  g_assert_false (def.modes.respond_at_frame_end);
  g_assert_false (def.modes.slide_at_radius);
  g_assert_false (def.modes.no_rest_rule);
  g_assert_false (def.modes.no_end_caps);
  g_assert_cmpstr (phys_detection_name (PHYS_DETECTION_DISCRETE), ==, "discrete");
  g_assert_cmpstr (phys_detection_name (PHYS_DETECTION_SWEPT), ==, "swept");
}

/* ------------------------------------------------------------------------------------------ */
/* Discrete detection: tunneling.                                                             */
/* ------------------------------------------------------------------------------------------ */

static void
test_discrete_segment (void)
{
  /* r = 1 at (0, 0) moving 10 per frame at a thin wall x = 5 (y from -5 to 5).
   * Discrete: at the start of frame 0 the centre is 5 from the wall, no overlap, so it moves
   * the whole 10 and ends at (10, 0), through the wall; nothing ever brings it back.
   * Swept: contact at x = 4, t = 0.4, back with -10 for 0.6: (-2, 0), and it stays left. */
  for (int discrete = 0; discrete < 2; discrete++)
    {
      PhysModes modes = { 0 };
      modes.detection = discrete ? PHYS_DETECTION_DISCRETE : PHYS_DETECTION_SWEPT;
      PhysWorld *world = world_with_modes (modes, phys_v2 (0, 0));
      PhysEventLog log;
      phys_event_log_init (&log);
      int c = add_ball (world, "bullet", 0, 0, 10, 0, 1);
      imp_test_add_segment (world, "wall", 5, -5, 5, 5, PHYS_RESPONSE_REFLECT, 1);

      size_t events = imp_test_step (world, &log);
      if (discrete)
        {
          g_assert_cmpuint (events, ==, 0);
          imp_assert_vec_equal (position (world, c), 10, 0);
        }
      else
        {
          g_assert_cmpuint (events, ==, 1);
          g_assert_cmpfloat_with_epsilon (log.events[0].t, 0.4, EPS);
          imp_assert_vec_near (position (world, c), -2, 0, EPS);
        }
      for (int frame = 1; frame < 5; frame++)
        {
          imp_test_step (world, &log);
          if (discrete)
            g_assert_cmpfloat (position (world, c).x, >, 5);
          else
            g_assert_cmpfloat (position (world, c).x, <, 5);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

static void
test_discrete_circle (void)
{
  /* r = 1 at x = 0 and x = 10 moving +7 and -7. Discrete: frame 0 starts 10 apart, no
   * overlap; they end at 7 and 3, past each other, and frame 1 starts 4 apart: they have
   * passed through each other without a collision. Swept: the gap 8 closes at 14 per frame,
   * t = 4/7, at 4 and 6; they turn round and end at 4 - 3 = 1 and 9. */
  for (int discrete = 0; discrete < 2; discrete++)
    {
      PhysModes modes = { 0 };
      modes.detection = discrete ? PHYS_DETECTION_DISCRETE : PHYS_DETECTION_SWEPT;
      PhysWorld *world = world_with_modes (modes, phys_v2 (0, 0));
      PhysEventLog log;
      phys_event_log_init (&log);
      int a = add_ball (world, "a", 0, 0, 7, 0, 1);
      int b = add_ball (world, "b", 10, 0, -7, 0, 1);

      size_t events = imp_test_step (world, &log);
      if (discrete)
        {
          g_assert_cmpuint (events, ==, 0);
          imp_assert_vec_equal (position (world, a), 7, 0);
          imp_assert_vec_equal (position (world, b), 3, 0);
        }
      else
        {
          g_assert_cmpuint (events, ==, 1);
          g_assert_cmpfloat_with_epsilon (log.events[0].t, 4.0 / 7.0, EPS);
          imp_assert_vec_near (position (world, a), 1, 0, EPS);
          imp_assert_vec_near (position (world, b), 9, 0, EPS);
        }
      for (int frame = 1; frame < 5; frame++)
        {
          g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
          double order = position (world, b).x - position (world, a).x;
          if (discrete)
            g_assert_cmpfloat (order, <, 0);
          else
            g_assert_cmpfloat (order, >, 2);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The pair loop that visits A-B and B-A: speed-up.                                           */
/* ------------------------------------------------------------------------------------------ */

static void
test_double_pair_loop (void)
{
  /* The head-on pair (m = 1, r = 1, at 0 and 10, +6 and -6) meets at t = 2/3 at 4 and 6.
   * Right: velocities swap to -6 and +6; kinetic energy stays 36.
   * Twice: the stale second visit sees the old velocities as B-A, normal (-1, 0), vn = 12,
   * j = -12, and adds its change again: A gets -6 + (-6 - 6) = -18, B 6 + (6 + 6) = 18.
   * Kinetic energy 18^2 = 324, nine times as much; the pair ends at 4 - 6 = -2, 6 + 6 = 12. */
  for (int twice = 0; twice < 2; twice++)
    {
      PhysModes modes = { 0 };
      modes.double_pair_loop = twice;
      PhysWorld *world = world_with_modes (modes, phys_v2 (0, 0));
      PhysEventLog log;
      phys_event_log_init (&log);
      int a = add_ball (world, "a", 0, 0, 6, 0, 1);
      int b = add_ball (world, "b", 10, 0, -6, 0, 1);

      size_t events = imp_test_step (world, &log);
      double kinetic = phys_world_energy (world).kinetic;
      if (twice)
        {
          g_assert_cmpuint (events, ==, 2);
          g_assert_false (log.events[0].repeated);
          g_assert_true (log.events[1].repeated);
          g_assert_cmpint (log.events[1].a, ==, b);
          g_assert_cmpint (log.events[1].b, ==, a);
          g_assert_cmpfloat_with_epsilon (log.events[1].t, 2.0 / 3.0, EPS);
          g_assert_cmpfloat (log.events[1].circle_circle.impulse.j, ==, -12);
          imp_assert_vec_equal (velocity (world, a), -18, 0);
          imp_assert_vec_equal (velocity (world, b), 18, 0);
          imp_assert_vec_near (position (world, a), -2, 0, EPS);
          imp_assert_vec_near (position (world, b), 12, 0, EPS);
          g_assert_cmpfloat (kinetic, ==, 324);
        }
      else
        {
          g_assert_cmpuint (events, ==, 1);
          g_assert_false (log.events[0].repeated);
          imp_assert_vec_equal (velocity (world, a), -6, 0);
          imp_assert_vec_equal (velocity (world, b), 6, 0);
          g_assert_cmpfloat (kinetic, ==, 36);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

static void
test_double_pair_loop_box (void)
{
  /* Seed 001's scene, 15 balls of radius 20 to 40 (mass pi r^2) at up to 5 per frame in a
   * 550 x 400 box: with the mode the kinetic energy more than doubles within 20 frames (and
   * then runs away); without it, it stays what it was. */
  for (int twice = 0; twice < 2; twice++)
    {
      PhysWorldDef def = phys_world_def_default ();
      def.has_bounds = true;
      def.bounds.min = phys_v2 (0, 0);
      def.bounds.max = phys_v2 (550, 400);
      def.modes.double_pair_loop = twice;
      PhysWorld *world = imp_test_world_new (&def);
      PhysEventLog log;
      phys_event_log_init (&log);
      GRand *rng = g_rand_new_with_seed (1001);
      for (int i = 0; i < 15; i++)
        {
          char name[16];
          g_snprintf (name, sizeof name, "ball%d", i);
          /* A 5 x 3 grid of cells 110 x 133 keeps the balls (r <= 40) apart at the start. */
          double vx = g_rand_double_range (rng, -5, 5);
          double vy = g_rand_double_range (rng, -5, 5);
          double r = g_rand_double_range (rng, 20, 40);
          PhysCircleDef cdef
              = imp_test_circle_def (name, 55 + 110 * (i % 5), 66 + 133 * (i / 5), vx, vy, r);
          imp_test_add_circle_def (world, &cdef);
        }
      g_rand_free (rng);

      double e0 = phys_world_energy (world).kinetic;
      size_t repeated = 0;
      for (int frame = 0; frame < 20; frame++)
        {
          imp_test_step (world, &log);
          for (size_t k = 0; k < log.count; k++)
            repeated += log.events[k].repeated;
        }
      double ratio = phys_world_energy (world).kinetic / e0;
      g_test_message ("%s: kinetic energy x %.6g after 20 frames, %zu repeated events",
                      twice ? "double pair loop" : "default", ratio, repeated);
      if (twice)
        {
          g_assert_cmpuint (repeated, >, 0);
          g_assert_cmpfloat (ratio, >, 2);
        }
      else
        {
          g_assert_cmpuint (repeated, ==, 0);
          g_assert_cmpfloat_with_epsilon (ratio, 1, 1e-12);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Responding at the end of the frame: bouncing from inside.                                  */
/* ------------------------------------------------------------------------------------------ */

static void
test_frame_end_circles (void)
{
  /* r = 1 at 0 and 10 moving +4.5 and -4.5: the gap 8 closes at 9 per frame, t = 8/9.
   * Right: contact at 4 and 6, velocities swap, the last ninth takes them to 3.5 and 6.5.
   * Mode: they travel the whole frame first, to 4.5 and 5.5, 1 apart, and bounce there:
   * the frame ends with them overlapping by R - 1 = 1; the next frame has to pull them out
   * of each other (an embedded event of depth 1). */
  for (int at_end = 0; at_end < 2; at_end++)
    {
      PhysModes modes = { 0 };
      modes.respond_at_frame_end = at_end;
      PhysWorld *world = world_with_modes (modes, phys_v2 (0, 0));
      PhysEventLog log;
      phys_event_log_init (&log);
      int a = add_ball (world, "a", 0, 0, 4.5, 0, 1);
      int b = add_ball (world, "b", 10, 0, -4.5, 0, 1);

      g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
      const PhysEvent *ev = &log.events[0];
      g_assert_cmpint (ev->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
      g_assert_cmpfloat_with_epsilon (ev->t, 8.0 / 9.0, EPS);
      g_assert_true (ev->at_frame_end == at_end);
      imp_assert_vec_equal (velocity (world, a), -4.5, 0);
      imp_assert_vec_equal (velocity (world, b), 4.5, 0);
      double gap = position (world, b).x - position (world, a).x;
      if (at_end)
        {
          imp_assert_vec_equal (ev->circle_circle.p1, 4.5, 0);
          imp_assert_vec_equal (ev->circle_circle.p2, 5.5, 0);
          imp_assert_vec_equal (position (world, a), 4.5, 0);
          imp_assert_vec_equal (position (world, b), 5.5, 0);
          g_assert_cmpfloat (gap, ==, 1);
          g_assert_cmpfloat (imp_test_max_overlap (world, NULL, NULL), ==, 1);

          g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
          g_assert_cmpint (log.events[0].kind, ==, PHYS_EVENT_EMBEDDED);
          g_assert_cmpfloat (log.events[0].embedded.depth, ==, 1);
        }
      else
        {
          imp_assert_vec_near (position (world, a), 3.5, 0, EPS);
          imp_assert_vec_near (position (world, b), 6.5, 0, EPS);
          g_assert_cmpfloat (imp_test_max_overlap (world, NULL, NULL), ==, 0);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

static void
test_frame_end_wall (void)
{
  /* r = 1 at (0, 0) falling 4.5 per frame onto a floor at y = 3: contact at y = 2,
   * t = 2 / 4.5 = 4/9. Right: back up for 5/9 of a frame, y = 2 - 2.5 = -0.5.
   * Mode: the ball travels the whole frame to y = 4.5, below the floor, and is turned round
   * there: it ends the frame on the wrong side of the wall, its centre through the line. */
  for (int at_end = 0; at_end < 2; at_end++)
    {
      PhysModes modes = { 0 };
      modes.respond_at_frame_end = at_end;
      PhysWorld *world = world_with_modes (modes, phys_v2 (0, 0));
      PhysEventLog log;
      phys_event_log_init (&log);
      int c = add_ball (world, "ball", 0, 0, 0, 4.5, 1);
      imp_test_add_segment (world, "floor", -10, 3, 10, 3, PHYS_RESPONSE_REFLECT, 1);

      g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
      g_assert_true (log.events[0].at_frame_end == at_end);
      g_assert_cmpfloat_with_epsilon (log.events[0].t, 4.0 / 9.0, EPS);
      imp_assert_vec_equal (velocity (world, c), 0, -4.5);
      if (at_end)
        {
          imp_assert_vec_equal (position (world, c), 0, 4.5);
          g_assert_cmpfloat (position (world, c).y, >, 3);
        }
      else
        imp_assert_vec_near (position (world, c), 0, -0.5, EPS);
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* No end caps: passing the ends.                                                             */
/* ------------------------------------------------------------------------------------------ */

static void
test_no_end_caps (void)
{
  /* r = 1 at (0, 0) moving (4, 0) past the end A = (3, 0.6) of a segment to (13, 0.6).
   * Right: it touches the cap at t = 0.55 (centre (2.2, 0), normal (-0.8, -0.6)) and bounces
   * off to (1.696, -1.728), never nearer A than r.
   * Mode: only the flat side is tested, which motion along the line never reaches; the centre
   * passes 0.6 from A, inside the radius, and ends the frame at (4, 0), 0.6 from the segment:
   * in it. */
  for (int no_caps = 0; no_caps < 2; no_caps++)
    {
      PhysModes modes = { 0 };
      modes.no_end_caps = no_caps;
      PhysWorld *world = world_with_modes (modes, phys_v2 (0, 0));
      PhysEventLog log;
      phys_event_log_init (&log);
      int c = add_ball (world, "ball", 0, 0, 4, 0, 1);
      imp_test_add_segment (world, "shelf", 3, 0.6, 13, 0.6, PHYS_RESPONSE_REFLECT, 1);
      PhysVec2 a = phys_v2 (3, 0.6), b = phys_v2 (13, 0.6);

      size_t events = imp_test_step (world, &log);
      double to_segment = imp_test_segment_distance (position (world, c), a, b);
      if (no_caps)
        {
          g_assert_cmpuint (events, ==, 0);
          imp_assert_vec_equal (position (world, c), 4, 0);
          g_assert_cmpfloat_with_epsilon (to_segment, 0.6, EPS);
          /* The next frame finds the ball inside the segment and has to push it out. */
          g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
          g_assert_cmpint (log.events[0].kind, ==, PHYS_EVENT_EMBEDDED);
          g_assert_cmpfloat_with_epsilon (log.events[0].embedded.depth, 0.4, EPS);
        }
      else
        {
          g_assert_cmpuint (events, ==, 1);
          g_assert_cmpint (log.events[0].circle_segment.sweep.feature, ==, PHYS_FEATURE_CAP_A);
          imp_assert_vec_near (position (world, c), 1.696, -1.728, EPS);
          g_assert_cmpfloat (to_segment, >, 1);
        }
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Sliding at exactly r: the jitter of seed 002.                                              */
/* ------------------------------------------------------------------------------------------ */

#define JITTER_FRAMES 100

/* Seed 002's jitter needs its discrete test: a ball of radius 2 slides down a slope from
 * (0, 0) to (4000, 2000) under gravity (0, 0.1). Fills dist[] with the distance of the centre
 * from the line after each frame from the first contact on, and returns how many of those
 * frames found no contact. */
static int
slide_distances (bool at_radius, PhysDetection detection, double *dist)
{
  PhysModes modes = { 0 };
  modes.detection = detection;
  modes.slide_at_radius = at_radius;
  PhysWorld *world = world_with_modes (modes, phys_v2 (0, 0.1));
  PhysEventLog log;
  phys_event_log_init (&log);
  PhysVec2 a = phys_v2 (0, 0), b = phys_v2 (4000, 2000);
  /* 3 above the line along its left normal (1, -2) / sqrt 5, at x about 100. */
  PhysVec2 n = phys_v2_scale (phys_v2 (1, -2), 1 / sqrt (5));
  PhysVec2 start = phys_v2_add_scaled (phys_v2 (100, 50), n, 3);
  int c = add_ball (world, "ball", start.x, start.y, 0, 0, 2);
  imp_test_add_segment (world, "slope", a.x, a.y, b.x, b.y, PHYS_RESPONSE_SLIDE, 1);

  int frame = 0;
  while (imp_test_step (world, &log) == 0)
    g_assert_cmpint (++frame, <, 100);
  int missed = 0;
  for (int k = 0; k < JITTER_FRAMES; k++)
    {
      if (k > 0 && imp_test_step (world, &log) == 0)
        missed++;
      dist[k] = imp_test_line_distance (position (world, c), a, b);
    }
  phys_event_log_free (&log);
  phys_world_free (world);
  return missed;
}

static double
max_deviation (const double *dist, double target)
{
  double worst = 0;
  for (int k = 0; k < JITTER_FRAMES; k++)
    worst = MAX (worst, fabs (dist[k] - target));
  return worst;
}

static void
test_slide_at_radius_jitter (void)
{
  /* Default: repositioned r (1 - 1e-9) from the line, the ball is found touching every frame
   * and stays at that distance. At exactly r, rounding puts the centre a hair above r in some
   * frames; the discrete test misses it there, the ball falls a frame's worth of gravity into
   * the line (about 0.1 (2 / sqrt 5) = 0.089) and is put back the frame after: the distance
   * jumps. */
  double skin[JITTER_FRAMES], exact[JITTER_FRAMES];
  int missed_skin = slide_distances (false, PHYS_DETECTION_DISCRETE, skin);
  int missed_exact = slide_distances (true, PHYS_DETECTION_DISCRETE, exact);
  double dev_skin = max_deviation (skin, 2 * (1 - PHYS_CONTACT_SKIN));
  double dev_exact = max_deviation (exact, 2);
  g_test_message ("discrete slide over %d frames: skin: %d frames without contact, largest "
                  "deviation %.3g; exactly r: %d frames without contact, largest deviation %.3g",
                  JITTER_FRAMES, missed_skin, dev_skin, missed_exact, dev_exact);
  g_assert_cmpint (missed_skin, ==, 0);
  g_assert_cmpfloat (dev_skin, <=, 1e-11);
  g_assert_cmpint (missed_exact, >, 0);
  g_assert_cmpfloat (dev_exact, >, 0.05);
}

static void
test_slide_at_radius_swept (void)
{
  /* The swept detection finds the contact at t = 0 whichever way the rounding falls, so with
   * sweeps the exact-r placement is harmless: the ball stays r from the line. */
  double exact[JITTER_FRAMES];
  int missed = slide_distances (true, PHYS_DETECTION_SWEPT, exact);
  double dev = max_deviation (exact, 2);
  g_test_message ("swept slide at exactly r: %d frames without contact, largest deviation %.3g",
                  missed, dev);
  g_assert_cmpint (missed, ==, 0);
  g_assert_cmpfloat (dev, <=, 1e-11);
}

/* ------------------------------------------------------------------------------------------ */

/* Lesson 12's drop: a ball of r 20 let go at rest 200 above the floor of a box of 400 x 300,
 * ball and walls e = 0.8 (so e = 0.8), gravity 0.2. It first hits after t0 = v0 / g =
 * 44.7213595 frames at v0 = sqrt (2 g h) = 8.94427191. Each hop lasts 2 e v / g and the
 * next impact is e times slower, so the bounces end at t0 + 2 e v0 / (g (1 - e)) =
 * 402.49223595 (inelastic collapse). The rest rule rests the first impact whose hop would
 * come back within a frame, 2 e v / g < 1: the 21st, at v0 e^20 = 0.1031204343, at
 * t0 + (2 v0 / g) e (1 - e^20) / (1 - e) = 398.3674185787, removing (e v)^2 / 2 =
 * 0.0034028237. With the mode off nothing rests: the bounces pile up in frame 402 towards
 * its t = 0.49223595, and the ball still ends at rest on the floor, with no energy made. */
static PhysWorld *
drop_world (bool no_rest_rule)
{
  PhysWorldDef def = phys_world_def_default ();
  def.modes.no_rest_rule = no_rest_rule;
  def.gravity = phys_v2 (0, 0.2);
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (400, 300);
  def.bounds_restitution = 0.8;
  PhysWorld *world = imp_test_world_new (&def);
  PhysCircleDef ball = imp_test_circle_def ("ball", 200, 80, 0, 0, 20);
  ball.mass = 1;
  ball.restitution = 0.8;
  imp_test_add_circle_def (world, &ball);
  return world;
}

static void
test_no_rest_rule_collapse (void)
{
  const double e = 0.8, g = 0.2, v0 = sqrt (2 * g * 200), t0 = v0 / g;
  const double zeno = t0 + 2 * e * v0 / (g * (1 - e));
  const double last_v = v0 * pow (e, 20);
  const double rest_t = t0 + (2 * v0 / g) * e * (1 - pow (e, 20)) / (1 - e);
  g_assert_cmpfloat_with_epsilon (zeno, 402.49223594996, 1e-9);
  g_assert_cmpfloat_with_epsilon (rest_t, 398.36741857873, 1e-9);
  for (int off = 0; off < 2; off++)
    {
      PhysWorld *world = drop_world (off);
      PhysEventLog log;
      phys_event_log_init (&log);
      double energy = phys_world_energy (world).total;
      g_assert_cmpfloat_with_epsilon (energy, -16, 1e-12);
      int impacts = 0, rested = 0, in_402 = 0;
      double last_t = -1;
      for (int f = 0; f < 420; f++)
        {
          imp_test_step (world, &log);
          for (size_t k = 0; k < log.count; k++)
            {
              const PhysEvent *ev = &log.events[k];
              g_assert_cmpint (ev->kind, ==, PHYS_EVENT_CIRCLE_SEGMENT);
              if (ev->circle_segment.response.j > 0)
                impacts++;
              if (ev->resting && rested++ == 0)
                {
                  /* The bounce that rests: only without the mode. */
                  g_assert_false (off);
                  g_assert_cmpint (impacts, ==, 21);
                  g_assert_cmpfloat_with_epsilon (ev->frame + ev->t, rest_t, 1e-9);
                  g_assert_cmpfloat_with_epsilon (ev->circle_segment.response.vn, -last_v, 1e-9);
                  g_assert_cmpfloat_with_epsilon (ev->removed, e * e * last_v * last_v / 2, 1e-12);
                }
              if (f == 402)
                {
                  g_assert_cmpfloat (ev->t, >=, last_t);
                  last_t = ev->t;
                  in_402++;
                }
            }
          double now = phys_world_energy (world).total;
          g_assert_cmpfloat (now, <=, energy + 1e-12);
          energy = now;
          g_assert_true (isfinite (position (world, 0).y));
        }
      if (off)
        {
          /* Nothing rested; in frame 402 the bounces close in on the collapse's instant
           * until the jam rule holds the ball, a tail of hops of 1e-6 frames short of it. */
          g_assert_cmpint (rested, ==, 0);
          g_assert_cmpint (in_402, >, 40);
          g_assert_cmpfloat_with_epsilon (402 + last_t, zeno, 1e-5);
          g_assert_cmpfloat (402 + last_t, <, zeno);
        }
      else
        g_assert_cmpint (in_402, ==, 1); /* the floor holding the ball */
      /* Either way the ball lies still on the floor: centre 20 above it, energy -m g y. */
      g_assert_cmpfloat_with_epsilon (position (world, 0).y, 280, 1e-9);
      g_assert_cmpfloat_with_epsilon (velocity (world, 0).y, 0, 1e-9);
      g_assert_cmpfloat_with_epsilon (energy, -56, 1e-8);
      phys_event_log_free (&log);
      phys_world_free (world);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/modes/defaults-off", test_defaults_off);
  g_test_add_func ("/physics/modes/discrete/tunnels-through-segment", test_discrete_segment);
  g_test_add_func ("/physics/modes/discrete/tunnels-through-circle", test_discrete_circle);
  g_test_add_func ("/physics/modes/double-pair-loop/two-balls-speed-up", test_double_pair_loop);
  g_test_add_func ("/physics/modes/double-pair-loop/seed-001-box", test_double_pair_loop_box);
  g_test_add_func ("/physics/modes/respond-at-frame-end/circles-overlap", test_frame_end_circles);
  g_test_add_func ("/physics/modes/respond-at-frame-end/wrong-side-of-wall", test_frame_end_wall);
  g_test_add_func ("/physics/modes/no-end-caps/passes-end", test_no_end_caps);
  g_test_add_func ("/physics/modes/slide-at-radius/discrete-jitter", test_slide_at_radius_jitter);
  g_test_add_func ("/physics/modes/slide-at-radius/swept-harmless", test_slide_at_radius_swept);
  g_test_add_func ("/physics/modes/no-rest-rule/inelastic-collapse", test_no_rest_rule_collapse);

  return g_test_run ();
}
