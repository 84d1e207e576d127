/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-world-step.c: stepping a world one frame at a time, with every number
 * computed by hand in the comment above its test.
 *
 * Seeds: the swept test and the impulse of seed 000, the 1D elastic formulas of
 * seed 001, reflect and slide of seed 002, the probe's time to impact of seed
 * 003. A frame lasts dt (1 unless said), so a velocity of 6 moves a body 6 units
 * in a frame and a time t in the frame is a fraction of it.
 *
 * Screen coordinates: y grows downwards, so a floor at y = 3 is below a ball at
 * y = 0 and its normal towards the ball is (0, -1).
 */
#include <math.h>

#include <glib.h>

#include "phys.h"
#include "phys-world-private.h"
#include "test-util.h"

/* Hand-computed values are exact or a few roundings away from it. */
#define EPS 1e-12

#define RANDOM_SEED_ELASTIC 19870412u
#define RANDOM_ELASTIC_CASES 500

/* A movable circle of radius r and mass m (0: from area) with restitution e. */
static int
add_ball (PhysWorld *world, const char *name, double x, double y, double vx, double vy, double r,
          double m, double e)
{
  PhysCircleDef def = imp_test_circle_def (name, x, y, vx, vy, r);
  def.mass = m;
  def.restitution = e;
  return imp_test_add_circle_def (world, &def);
}

static PhysWorld *
bounded_world (double x0, double y0, double x1, double y1)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (x0, y0);
  def.bounds.max = phys_v2 (x1, y1);
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

/* The one event of a kind the log must hold. */
static const PhysEvent *
only_event (const PhysEventLog *log, PhysEventKind kind)
{
  const PhysEvent *found = NULL;
  g_assert_cmpuint (imp_test_count_events (log, kind), ==, 1);
  for (size_t k = 0; k < log->count; k++)
    if (log->events[k].kind == kind)
      found = &log->events[k];
  return found;
}

static void
assert_plain_event (const PhysEvent *ev, PhysEventKind kind, int64_t frame, double t, double t0,
                    int a, int b, PhysBodyKind b_kind)
{
  g_assert_cmpint (ev->kind, ==, kind);
  g_assert_cmpint (ev->frame, ==, frame);
  g_assert_cmpfloat_with_epsilon (ev->t, t, EPS);
  g_assert_cmpfloat_with_epsilon (ev->t0, t0, EPS);
  g_assert_cmpint (ev->a, ==, a);
  g_assert_cmpint (ev->b, ==, b);
  g_assert_cmpint (ev->b_kind, ==, b_kind);
  g_assert_false (ev->repeated);
  g_assert_false (ev->at_frame_end);
  g_assert_false (ev->woke);
}

/* ------------------------------------------------------------------------------------------ */
/* Two circles.                                                                               */
/* ------------------------------------------------------------------------------------------ */

static void
test_head_on_equal (void)
{
  /* r = 1, m = 1 at x = 0 and x = 10, moving +6 and -6 per frame.
   * d = (10, 0), v = (-12, 0), R = 2: a = 144, b = -120, c = 100 - 4 = 96.
   * disc = 14400 - 144 * 96 = 576, sqrt 24; roots (120 -+ 24) / 144 = 2/3 and 1.
   * At t = 2/3 the centres are at 0 + 6 (2/3) = 4 and 10 - 4 = 6; n = (1, 0), vn = 12,
   * j = -(1 + 1) 12 / (1 + 1) = -12: velocities swap to -6 and +6.
   * The last third of the frame: 4 - 6/3 = 2 and 6 + 2 = 8. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "a", 0, 0, 6, 0, 1, 1, 1);
  int b = add_ball (world, "b", 10, 0, -6, 0, 1, 1, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  assert_plain_event (ev, PHYS_EVENT_CIRCLE_CIRCLE, 0, 2.0 / 3.0, 0, a, b, PHYS_BODY_CIRCLE);
  g_assert_false (ev->resting);

  const PhysCircleCircleSweep *sw = &ev->circle_circle.sweep;
  g_assert_cmpint (sw->verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpfloat (sw->a, ==, 144);
  g_assert_cmpfloat (sw->b, ==, -120);
  g_assert_cmpfloat (sw->c, ==, 96);
  g_assert_cmpfloat (sw->disc, ==, 576);
  g_assert_cmpfloat_with_epsilon (sw->roots[0], 2.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (sw->roots[1], 1.0, EPS);

  const PhysImpulse *imp = &ev->circle_circle.impulse;
  g_assert_true (imp->applied);
  imp_assert_vec_equal (imp->normal, 1, 0);
  g_assert_cmpfloat (imp->e, ==, 1);
  g_assert_cmpfloat (imp->vn, ==, 12);
  g_assert_cmpfloat (imp->j, ==, -12);
  imp_assert_vec_equal (imp->v1_after, -6, 0);
  imp_assert_vec_equal (imp->v2_after, 6, 0);
  imp_assert_vec_near (ev->circle_circle.p1, 4, 0, EPS);
  imp_assert_vec_near (ev->circle_circle.p2, 6, 0, EPS);

  imp_assert_vec_near (position (world, a), 2, 0, EPS);
  imp_assert_vec_near (position (world, b), 8, 0, EPS);
  imp_assert_vec_equal (velocity (world, a), -6, 0);
  imp_assert_vec_equal (velocity (world, b), 6, 0);
  g_assert_cmpint (phys_world_frame (world), ==, 1);

  /* Kinetic energy 2 (1/2 1 36) = 36 and momentum 0 before and after. */
  PhysEnergy energy = phys_world_energy (world);
  g_assert_cmpfloat (energy.kinetic, ==, 36);
  imp_assert_vec_equal (energy.momentum, 0, 0);

  /* Moving apart now: the next frame has no event; 2 - 6 = -4, 8 + 6 = 14. */
  g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
  imp_assert_vec_near (position (world, a), -4, 0, EPS);
  imp_assert_vec_near (position (world, b), 14, 0, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_head_on_touch_at_frame_end (void)
{
  /* The same pair at +4 and -4: v = (-8, 0), a = 64, b = -80, c = 96,
   * disc = 6400 - 6144 = 256, sqrt 16; t = (80 - 16) / 64 = 1 exactly: they touch at the
   * frame's end, at 4 and 6, and leave with -4 and +4. Next frame they are back at 0 and 10. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "a", 0, 0, 4, 0, 1, 1, 1);
  int b = add_ball (world, "b", 10, 0, -4, 0, 1, 1, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_cmpfloat (log.events[0].t, ==, 1);
  g_assert_cmpint (log.events[0].circle_circle.sweep.verdict, ==, PHYS_VERDICT_HIT);
  imp_assert_vec_equal (position (world, a), 4, 0);
  imp_assert_vec_equal (position (world, b), 6, 0);
  imp_assert_vec_equal (velocity (world, a), -4, 0);
  imp_assert_vec_equal (velocity (world, b), 4, 0);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
  imp_assert_vec_equal (position (world, a), 0, 0);
  imp_assert_vec_equal (position (world, b), 10, 0);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_head_on_unequal_masses (void)
{
  /* m1 = 3 at x = 0 moving +2, m2 = 1 at x = 5 moving -2, r = 1.
   * The gap 5 - 2 = 3 closes at 4 per frame: t = 3/4, at x = 1.5 and 3.5.
   * Seed 001: v1 = (u1 (m1 - m2) + 2 m2 u2) / (m1 + m2) = (2 * 2 + 2 * 1 * -2) / 4 = 0,
   *           v2 = (u2 (m2 - m1) + 2 m1 u1) / (m1 + m2) = (-2 * -2 + 2 * 3 * 2) / 4 = 4.
   * Impulse: j = -(1 + 1) 4 / (1/3 + 1) = -6; v1 = 2 - 6/3 = 0, v2 = -2 + 6 = 4.
   * Frame end: 1.5 + 0 = 1.5 and 3.5 + 4/4 = 4.5. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "heavy", 0, 0, 2, 0, 1, 3, 1);
  int b = add_ball (world, "light", 5, 0, -2, 0, 1, 1, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpfloat_with_epsilon (ev->t, 0.75, EPS);
  g_assert_cmpfloat_with_epsilon (ev->circle_circle.impulse.j, -6, EPS);
  g_assert_cmpfloat (ev->circle_circle.impulse.inv_mass1, ==, 1.0 / 3.0);
  g_assert_cmpfloat (ev->circle_circle.impulse.inv_mass2, ==, 1);
  imp_assert_vec_near (velocity (world, a), 0, 0, EPS);
  imp_assert_vec_near (velocity (world, b), 4, 0, EPS);
  imp_assert_vec_near (position (world, a), 1.5, 0, EPS);
  imp_assert_vec_near (position (world, b), 4.5, 0, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_head_on_restitution (void)
{
  /* The equal pair of head-on/equal-masses with e1 = 0.64 and e2 = 0.25:
   * e = sqrt(0.64 * 0.25) = sqrt(0.16) = 0.4; j = -(1 + 0.4) 12 / 2 = -8.4;
   * v1 = 6 - 8.4 = -2.4, v2 = -6 + 8.4 = 2.4. Contact at t = 2/3 (x = 4 and 6), then a third
   * of a frame: 4 - 2.4/3 = 3.2 and 6 + 0.8 = 6.8. Kinetic energy 36 becomes 2.4^2 = 5.76. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "a", 0, 0, 6, 0, 1, 1, 0.64);
  int b = add_ball (world, "b", 10, 0, -6, 0, 1, 1, 0.25);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_false (ev->resting);
  g_assert_cmpfloat_with_epsilon (ev->circle_circle.impulse.e, 0.4, EPS);
  g_assert_cmpfloat_with_epsilon (ev->circle_circle.impulse.j, -8.4, EPS);
  imp_assert_vec_near (velocity (world, a), -2.4, 0, EPS);
  imp_assert_vec_near (velocity (world, b), 2.4, 0, EPS);
  imp_assert_vec_near (position (world, a), 3.2, 0, EPS);
  imp_assert_vec_near (position (world, b), 6.8, 0, EPS);
  g_assert_cmpfloat_with_epsilon (phys_world_energy (world).kinetic, 5.76, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_fixed_circle (void)
{
  /* m = 2 at x = 0 moving +6 into a fixed circle at x = 5 (r = 1 each): gap 3, t = 0.5 at
   * x = 3. Fixed: inverse mass 0, so j = -(1 + 1) 6 / (1/2 + 0) = -24 and v1 = 6 - 24/2 = -6.
   * The rest of the frame takes it back to 3 - 3 = 0; the fixed circle never moves. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "ball", 0, 0, 6, 0, 1, 2, 1);
  PhysCircleDef post = imp_test_circle_def ("post", 5, 0, 0, 0, 1);
  post.fixed = true;
  int b = imp_test_add_circle_def (world, &post);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysImpulse *imp = &log.events[0].circle_circle.impulse;
  g_assert_cmpfloat (log.events[0].t, ==, 0.5);
  g_assert_cmpfloat (imp->inv_mass1, ==, 0.5);
  g_assert_cmpfloat (imp->inv_mass2, ==, 0);
  g_assert_cmpfloat (imp->j, ==, -24);
  imp_assert_vec_equal (imp->v2_after, 0, 0);
  imp_assert_vec_equal (velocity (world, a), -6, 0);
  imp_assert_vec_equal (position (world, a), 0, 0);
  imp_assert_vec_equal (position (world, b), 5, 0);
  imp_assert_vec_equal (velocity (world, b), 0, 0);
  g_assert_true (phys_world_get_circle (world, b).fixed);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* A circle and a segment.                                                                    */
/* ------------------------------------------------------------------------------------------ */

static void
test_segment_reflect (void)
{
  /* r = 1 at (0, 0) moving (2, 4) onto a floor from (-10, 3) to (10, 3).
   * dir = (1, 0), left normal (0, -1): proj_normal = (10, -3).(0, -1) = 3, side +1, normal
   * (0, -1); vel_normal = -4, approach 4; t = (3 - 1) / 4 = 0.5 at centre (1, 2), point (1, 3),
   * along_at_t = 10 + 2 * 0.5 = 11 of 20: the flat side.
   * Reflect: v.n = -4, v' = (2, 4) - 2 (-4)(0, -1) = (2, -4); half a frame: (1, 2) + (1, -2). */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 0, 0, 2, 4, 1, 1, 1);
  int g = imp_test_add_segment (world, "floor", -10, 3, 10, 3, PHYS_RESPONSE_REFLECT, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  assert_plain_event (ev, PHYS_EVENT_CIRCLE_SEGMENT, 0, 0.5, 0, c, g, PHYS_BODY_SEGMENT);

  const PhysCircleSegmentSweep *sw = &ev->circle_segment.sweep;
  g_assert_cmpint (sw->verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpint (sw->feature, ==, PHYS_FEATURE_INTERIOR);
  g_assert_cmpfloat (sw->proj_normal, ==, 3);
  g_assert_cmpfloat (sw->proj_along, ==, 10);
  g_assert_cmpfloat (sw->approach, ==, 4);
  g_assert_cmpfloat (sw->t, ==, 0.5);
  g_assert_cmpfloat (sw->along_at_t, ==, 11);
  imp_assert_vec_equal (sw->normal, 0, -1);
  imp_assert_vec_equal (sw->point, 1, 3);
  imp_assert_vec_equal (sw->center_at_t, 1, 2);

  const PhysSegmentResponse *resp = &ev->circle_segment.response;
  g_assert_true (resp->applied);
  g_assert_cmpint (resp->response, ==, PHYS_RESPONSE_REFLECT);
  g_assert_cmpfloat (resp->vn, ==, -4);
  imp_assert_vec_equal (resp->v_after, 2, -4);
  imp_assert_vec_equal (ev->circle_segment.center, 1, 2);
  imp_assert_vec_equal (ev->circle_segment.center_before, 1, 2);

  imp_assert_vec_equal (position (world, c), 2, 0);
  imp_assert_vec_equal (velocity (world, c), 2, -4);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_segment_end_cap (void)
{
  /* r = 1 at (0, 0) moving (4, 0) past a segment from (3, 0.6) to (13, 0.6): the line is 0.6
   * away but the foot of the centre (-3 along) is outside the segment, and moving along the
   * line never reaches it. End A as a circle of radius 0: d = (3, 0.6), v = (-4, 0), a = 16,
   * b = -12, c = 9 + 0.36 - 1 = 8.36, disc = 144 - 133.76 = 10.24, sqrt 3.2;
   * t = (12 - 3.2) / 16 = 0.55 at centre (2.2, 0); normal (2.2 - 3, 0 - 0.6) / 1 = (-0.8, -0.6).
   * v.n = -3.2: v' = (4, 0) + 6.4 (-0.8, -0.6) = (-1.12, -3.84); the last 0.45 of the frame:
   * (2.2 - 0.504, -1.728) = (1.696, -1.728). */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 0, 0, 4, 0, 1, 1, 1);
  int g = imp_test_add_segment (world, "shelf", 3, 0.6, 13, 0.6, PHYS_RESPONSE_REFLECT, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  assert_plain_event (ev, PHYS_EVENT_CIRCLE_SEGMENT, 0, 0.55, 0, c, g, PHYS_BODY_SEGMENT);
  const PhysCircleSegmentSweep *sw = &ev->circle_segment.sweep;
  g_assert_cmpint (sw->verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpint (sw->feature, ==, PHYS_FEATURE_CAP_A);
  g_assert_true (sw->caps_tested);
  g_assert_cmpfloat_with_epsilon (sw->cap_a.c, 8.36, EPS);
  g_assert_cmpfloat_with_epsilon (sw->cap_a.disc, 10.24, 1e-11);
  imp_assert_vec_equal (sw->point, 3, 0.6);
  imp_assert_vec_near (sw->normal, -0.8, -0.6, EPS);
  imp_assert_vec_near (velocity (world, c), -1.12, -3.84, EPS);
  imp_assert_vec_near (position (world, c), 1.696, -1.728, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_segment_slide (void)
{
  /* r = 1 at (0, 0) moving (3, 4) onto a sliding floor at y = 3: contact at t = 0.5 at
   * (1.5, 2), point (1.5, 3), normal (0, -1). Slide keeps the part along the line:
   * v' = (3, 4) - 4 (0, 1) = (3, 0), and repositions the centre at r (1 - 1e-9) from the line,
   * (1.5, 3 - (1 - 1e-9)). Half a frame on: (3, 2 + 1e-9). Then it glides, no more events. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 0, 0, 3, 4, 1, 1, 1);
  int g = imp_test_add_segment (world, "floor", -100, 3, 100, 3, PHYS_RESPONSE_SLIDE, 1);
  double skin_r = 1.0 - PHYS_CONTACT_SKIN;

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  assert_plain_event (ev, PHYS_EVENT_CIRCLE_SEGMENT, 0, 0.5, 0, c, g, PHYS_BODY_SEGMENT);
  const PhysSegmentResponse *resp = &ev->circle_segment.response;
  g_assert_cmpint (resp->response, ==, PHYS_RESPONSE_SLIDE);
  imp_assert_vec_equal (resp->v_along, 3, 0);
  imp_assert_vec_equal (resp->v_after, 3, 0);
  imp_assert_vec_equal (ev->circle_segment.center_before, 1.5, 2);
  imp_assert_vec_equal (ev->circle_segment.center, 1.5, 3 - skin_r);
  imp_assert_vec_equal (position (world, c), 3, 3 - skin_r);
  imp_assert_vec_equal (velocity (world, c), 3, 0);

  for (int frame = 1; frame <= 10; frame++)
    {
      g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
      PhysVec2 p = position (world, c);
      g_assert_cmpfloat_with_epsilon (p.x, 3 + 3 * frame, EPS);
      g_assert_cmpfloat_with_epsilon (3 - p.y, 1.0 - 1e-9, 1e-15);
    }

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_fast_bullet (void)
{
  /* r = 0.5 at x = 0 moving 1000 per frame at a thin wall x = 500 (from y = -10 to 10):
   * touch when the centre is at 499.5, t = 499.5 / 1000 = 0.4995; back with -1000 for the
   * remaining 0.5005 frame: 499.5 - 500.5 = -1. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "bullet", 0, 0, 1000, 0, 0.5, 1, 1);
  imp_test_add_segment (world, "wall", 500, -10, 500, 10, PHYS_RESPONSE_REFLECT, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_cmpfloat_with_epsilon (log.events[0].t, 0.4995, EPS);
  imp_assert_vec_near (position (world, c), -1, 0, 1e-9);
  imp_assert_vec_equal (velocity (world, c), -1000, 0);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Bounds.                                                                                    */
/* ------------------------------------------------------------------------------------------ */

static void
test_bounds_walls (void)
{
  /* Bounds (0, 0) to (10, 10) are four segments, each running so that its left normal points
   * into the box. */
  static const char *const names[]
      = { "bounds-left", "bounds-top", "bounds-right", "bounds-bottom" };
  static const double inward[4][2] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
  PhysWorld *world = bounded_world (0, 0, 10, 10);

  g_assert_cmpint (phys_world_segment_count (world), ==, 4);
  for (int g = 0; g < 4; g++)
    {
      PhysSegment seg = phys_world_get_segment (world, g);
      g_assert_cmpstr (seg.name, ==, names[g]);
      g_assert_true (seg.is_bound);
      g_assert_cmpint (seg.response, ==, PHYS_RESPONSE_REFLECT);
      PhysVec2 n = phys_v2_left_normal (phys_v2_unit (phys_v2_sub (seg.b, seg.a)));
      imp_assert_vec_near (n, inward[g][0], inward[g][1], EPS);
    }
  phys_world_free (world);
}

static void
test_bounds_reflect (void)
{
  /* r = 1 at (5, 5) moving (6, 0) in the box (0, 0)-(10, 10): the right wall (segment 2) is
   * touched when x = 9, t = 4/6 = 2/3; back with -6 for a third: x = 7. */
  PhysWorld *world = bounded_world (0, 0, 10, 10);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 5, 5, 6, 0, 1, 1, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  assert_plain_event (&log.events[0], PHYS_EVENT_CIRCLE_SEGMENT, 0, 2.0 / 3.0, 0, c, 2,
                      PHYS_BODY_SEGMENT);
  imp_assert_vec_near (position (world, c), 7, 5, EPS);
  imp_assert_vec_equal (velocity (world, c), -6, 0);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_bounds_corner (void)
{
  /* Moving (6, 6) from (5, 5), the ball reaches the right and the bottom walls together at
   * t = 2/3, centre (9, 9). Ties break by the segment index: right (2), then bottom (3), the
   * second found by the re-test at t = 2/3 (t0 = 2/3). Velocity (-6, -6); end (7, 7). */
  PhysWorld *world = bounded_world (0, 0, 10, 10);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 5, 5, 6, 6, 1, 1, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 2);
  assert_plain_event (&log.events[0], PHYS_EVENT_CIRCLE_SEGMENT, 0, 2.0 / 3.0, 0, c, 2,
                      PHYS_BODY_SEGMENT);
  assert_plain_event (&log.events[1], PHYS_EVENT_CIRCLE_SEGMENT, 0, 2.0 / 3.0, 2.0 / 3.0, c, 3,
                      PHYS_BODY_SEGMENT);
  imp_assert_vec_near (position (world, c), 7, 7, EPS);
  imp_assert_vec_equal (velocity (world, c), -6, -6);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Several events in a frame.                                                                 */
/* ------------------------------------------------------------------------------------------ */

static void
test_events_in_time_order (void)
{
  /* Three balls r = 1, m = 1 on the x axis: A at 0 moving 6, B at 4 and C at 8 at rest, a
   * wall at x = 10.5 (y from -5 to 5), and a probe at (20, -10) moving (0, 20) across a
   * segment from (15, 0) to (25, 0).
   *   t = 2/6 = 1/3:            A (at 2) hits B (at 4) and stops; B leaves with 6.
   *   t = 1/3 + 2/6 = 2/3:      B (at 6) hits C (at 8) and stops; C leaves with 6.
   *   t = 0.5:                  the probe crosses y = 0 (10 of its 20 per frame).
   *   t = 2/3 + 1.5/6 = 11/12:  C touches the wall at x = 9.5 and comes back with -6.
   * Frame end: A at 2, B at 6, C at 9.5 - 6/12 = 9. The log reads in time order. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "a", 0, 0, 6, 0, 1, 1, 1);
  int b = add_ball (world, "b", 4, 0, 0, 0, 1, 1, 1);
  int c = add_ball (world, "c", 8, 0, 0, 0, 1, 1, 1);
  int wall = imp_test_add_segment (world, "wall", 10.5, -5, 10.5, 5, PHYS_RESPONSE_REFLECT, 1);
  int line = imp_test_add_segment (world, "line", 15, 0, 25, 0, PHYS_RESPONSE_REFLECT, 1);
  PhysProbeDef pdef = phys_probe_def_default ();
  pdef.name = "probe";
  pdef.position = phys_v2 (20, -10);
  pdef.velocity = phys_v2 (0, 20);
  g_assert_cmpint (phys_world_add_probe (world, &pdef, NULL), ==, PHYS_OK);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 4);
  assert_plain_event (&log.events[0], PHYS_EVENT_CIRCLE_CIRCLE, 0, 1.0 / 3.0, 0, a, b,
                      PHYS_BODY_CIRCLE);
  g_assert_cmpint (log.events[1].kind, ==, PHYS_EVENT_PROBE_SEGMENT);
  g_assert_cmpfloat_with_epsilon (log.events[1].t, 0.5, EPS);
  g_assert_cmpint (log.events[1].b, ==, line);
  assert_plain_event (&log.events[2], PHYS_EVENT_CIRCLE_CIRCLE, 0, 2.0 / 3.0, 1.0 / 3.0, b, c,
                      PHYS_BODY_CIRCLE);
  assert_plain_event (&log.events[3], PHYS_EVENT_CIRCLE_SEGMENT, 0, 11.0 / 12.0, 2.0 / 3.0, c, wall,
                      PHYS_BODY_SEGMENT);
  for (size_t k = 1; k < log.count; k++)
    g_assert_cmpfloat (log.events[k - 1].t, <=, log.events[k].t);

  imp_assert_vec_near (position (world, a), 2, 0, EPS);
  imp_assert_vec_near (position (world, b), 6, 0, EPS);
  imp_assert_vec_near (position (world, c), 9, 0, EPS);
  imp_assert_vec_near (velocity (world, a), 0, 0, EPS);
  imp_assert_vec_near (velocity (world, b), 0, 0, EPS);
  imp_assert_vec_near (velocity (world, c), -6, 0, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* dt and substeps.                                                                           */
/* ------------------------------------------------------------------------------------------ */

static void
test_dt_half (void)
{
  /* dt = 0.5: velocities 12 and -12 per time unit move 6 per frame, the head-on pair again:
   * t = 2/3 of the frame, contact at 4 and 6, end at 2 and 8 with the velocities swapped. */
  PhysWorldDef def = phys_world_def_default ();
  def.dt = 0.5;
  PhysWorld *world = imp_test_world_new (&def);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "a", 0, 0, 12, 0, 1, 1, 1);
  int b = add_ball (world, "b", 10, 0, -12, 0, 1, 1, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_cmpfloat_with_epsilon (log.events[0].t, 2.0 / 3.0, EPS);
  imp_assert_vec_near (log.events[0].circle_circle.p1, 4, 0, EPS);
  imp_assert_vec_near (position (world, a), 2, 0, EPS);
  imp_assert_vec_near (position (world, b), 8, 0, EPS);
  imp_assert_vec_equal (velocity (world, a), -12, 0);
  imp_assert_vec_equal (velocity (world, b), 12, 0);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_substeps_collision (void)
{
  /* Gravity (0, 1) and a drag of k = 0 (a force besides gravity: the ball follows its
   * integrator, docs/physics.md), semi-implicit Euler in 2 substeps of h = 0.5 from rest at
   * (0, 0): v = 0.5, y = 0.25; v = 1, y = 0.75. The detection follows the straight path (0, 0.75).
   * A floor at y = 1.5 is touched when y = 0.5: t = 0.5 / 0.75 = 2/3. The path's velocity 0.75
   * reflects to -0.75 for the last third: y = 0.5 - 0.25 = 0.25. The end velocity keeps what
   * gravity added: 1 + (-0.75 - 0.75) = -0.5. */
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 1);
  def.substeps = 2;
  PhysWorld *world = imp_test_world_new (&def);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 0, 0, 0, 0, 1, 1, 1);
  imp_test_add_segment (world, "floor", -10, 1.5, 10, 1.5, PHYS_RESPONSE_REFLECT, 1);
  PhysForceDef drag = phys_force_def_default (PHYS_FORCE_DRAG);
  drag.k = 0;
  g_assert_cmpint (phys_world_add_force (world, &drag, NULL, NULL), ==, PHYS_OK);

  PhysVec2 start, disp;
  phys_world_frame_paths (world, &start, &disp);
  imp_assert_vec_equal (start, 0, 0);
  imp_assert_vec_equal (disp, 0, 0.75);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_cmpfloat_with_epsilon (log.events[0].t, 2.0 / 3.0, EPS);
  imp_assert_vec_equal (log.events[0].circle_segment.response.v_before, 0, 0.75);
  imp_assert_vec_equal (log.events[0].circle_segment.response.v_after, 0, -0.75);
  imp_assert_vec_near (position (world, c), 0, 0.25, EPS);
  imp_assert_vec_near (velocity (world, c), 0, -0.5, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_parabola_collision (void)
{
  /* Gravity (0, 1) alone: the ball flies the exact parabola y = t^2 / 2 whatever the
   * integrator and substeps. A floor at y = 1.125 is touched when y = 0.125: t = 0.5, at speed
   * 0.5 (the velocity at the contact, not the frame's average). It leaves with -0.5 and
   * climbs the mirror image: y = 0.125 - 0.5 x 0.5 + 0.5^2 / 2 = 0 and v = -0.5 + 0.5 = 0 at
   * the frame's end, back where it started. */
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 1);
  def.substeps = 2;
  def.integrator = PHYS_INTEGRATOR_EULER;
  PhysWorld *world = imp_test_world_new (&def);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 0, 0, 0, 0, 1, 1, 1);
  imp_test_add_segment (world, "floor", -10, 1.125, 10, 1.125, PHYS_RESPONSE_REFLECT, 1);

  PhysVec2 start, disp;
  phys_world_frame_paths (world, &start, &disp);
  imp_assert_vec_equal (disp, 0, 0.5);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpfloat_with_epsilon (ev->t, 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (ev->circle_segment.sweep.acc_normal, -1, EPS);
  imp_assert_vec_near (ev->circle_segment.response.v_before, 0, 0.5, EPS);
  imp_assert_vec_near (ev->circle_segment.response.v_after, 0, -0.5, EPS);
  g_assert_false (ev->resting);
  imp_assert_vec_near (position (world, c), 0, 0, EPS);
  imp_assert_vec_near (velocity (world, c), 0, 0, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Seed 001: the 1D elastic formulas.                                                         */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  double m1, m2; /* masses */
  double u1, u2; /* velocities before, u1 > u2 so that they meet */
} ElasticRow;

static const ElasticRow elastic_rows[] = {
  { "equal-masses", 1, 1, 3, -1 },       { "heavy-into-light", 3, 1, 2, -2 },
  { "light-into-heavy", 1, 10, 5, 0 },   { "chasing", 2, 1, 5, 1 },
  { "thousand-to-one", 1000, 1, 1, -1 }, { "light-into-heavy-both-left", 0.5, 4, -1, -3.5 },
};

/* Runs two balls (r = 1) at x = 0 and at the distance that makes them touch at t = 0.5,
 * and checks the engine against seed 001:
 *   v1 = (u1 (m1 - m2) + 2 m2 u2) / (m1 + m2),  v2 = (u2 (m2 - m1) + 2 m1 u1) / (m1 + m2). */
static void
check_elastic (const ElasticRow *row)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  double gap = 2 + 0.5 * (row->u1 - row->u2);
  int a = add_ball (world, "one", 0, 0, row->u1, 0, 1, row->m1, 1);
  int b = add_ball (world, "two", gap, 0, row->u2, 0, 1, row->m2, 1);
  double v1 = (row->u1 * (row->m1 - row->m2) + 2 * row->m2 * row->u2) / (row->m1 + row->m2);
  double v2 = (row->u2 * (row->m2 - row->m1) + 2 * row->m1 * row->u1) / (row->m1 + row->m2);
  double scale = fabs (row->u1) + fabs (row->u2);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_cmpfloat_with_epsilon (log.events[0].t, 0.5, EPS);
  imp_assert_vec_near (velocity (world, a), v1, 0, EPS * scale);
  imp_assert_vec_near (velocity (world, b), v2, 0, EPS * scale);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_seed_001_row (gconstpointer data)
{
  check_elastic (data);
}

static void
test_seed_001_random (void)
{
  GRand *rng = g_rand_new_with_seed (RANDOM_SEED_ELASTIC);
  for (int k = 0; k < RANDOM_ELASTIC_CASES; k++)
    {
      ElasticRow row
          = { "random", g_rand_double_range (rng, 0.1, 10), g_rand_double_range (rng, 0.1, 10),
              g_rand_double_range (rng, -10, 10), 0 };
      row.u2 = row.u1 - g_rand_double_range (rng, 0.01, 10);
      check_elastic (&row);
    }
  g_rand_free (rng);
}

/* ------------------------------------------------------------------------------------------ */
/* Seed 002: reflect or slide on a tilted segment under gravity.                              */
/* ------------------------------------------------------------------------------------------ */

/* A slope from (0, 0) down to (400, 200) (y down), gravity (0, 0.2), a ball of radius 2 let go
 * at (50, 10), 30 / sqrt 5 = 13.4 above the line along its left normal (1, -2) / sqrt 5. */
static PhysWorld *
slope_world (PhysResponse response, int *ball, int *slope)
{
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 0.2);
  PhysWorld *world = imp_test_world_new (&def);
  *ball = add_ball (world, "ball", 50, 10, 0, 0, 2, 1, 1);
  *slope = imp_test_add_segment (world, "slope", 0, 0, 400, 200, response, 1);
  return world;
}

static void
test_seed_002_reflect_vs_slide (void)
{
  PhysVec2 a = phys_v2 (0, 0), b = phys_v2 (400, 200);
  PhysVec2 n = phys_v2_scale (phys_v2 (1, -2), 1 / sqrt (5));
  double r = 2;
  PhysEventLog log;
  phys_event_log_init (&log);

  /* Slide: from the first contact on, the centre stays r (1 - 1e-9) from the line, the
   * velocity is along the line, and the speed grows by g.dir = 0.2 / sqrt 5 a frame. */
  int ball, slope;
  PhysWorld *world = slope_world (PHYS_RESPONSE_SLIDE, &ball, &slope);
  int contact_frame = -1;
  double last_speed = 0;
  for (int frame = 0; frame < 60; frame++)
    {
      imp_test_step (world, &log);
      PhysCircle c = phys_world_get_circle (world, ball);
      if (contact_frame < 0 && log.count > 0)
        {
          const PhysEvent *ev = only_event (&log, PHYS_EVENT_CIRCLE_SEGMENT);
          const PhysSegmentResponse *resp = &ev->circle_segment.response;
          contact_frame = frame;
          g_assert_cmpint (resp->response, ==, PHYS_RESPONSE_SLIDE);
          imp_assert_vec_near (resp->normal, n.x, n.y, EPS);
          g_assert_cmpfloat_with_epsilon (phys_v2_dot (resp->v_after, n), 0, EPS);
          g_assert_cmpfloat (phys_v2_dot (resp->v_before, n), <, 0);
          g_assert_cmpfloat_with_epsilon (imp_test_line_distance (ev->circle_segment.center, a, b),
                                          r * (1 - 1e-9), 1e-12);
        }
      else if (contact_frame >= 0)
        {
          double speed = phys_v2_len (c.velocity);
          g_assert_cmpfloat_with_epsilon (speed - last_speed, 0.2 / sqrt (5), 1e-9);
        }
      if (contact_frame >= 0)
        {
          g_assert_cmpfloat_with_epsilon (imp_test_line_distance (c.position, a, b), r * (1 - 1e-9),
                                          1e-12);
          g_assert_cmpfloat_with_epsilon (phys_v2_dot (c.velocity, n), 0, 1e-12);
          last_speed = phys_v2_len (c.velocity);
        }
    }
  g_assert_cmpint (contact_frame, >, 0);
  g_test_message ("slide: first contact in frame %d, speed along the slope %.6f after 60 frames",
                  contact_frame, last_speed);
  phys_world_free (world);

  /* Reflect: the same contact in the same frame turns the normal velocity around, and the
   * frame after it the ball has left the line. */
  world = slope_world (PHYS_RESPONSE_REFLECT, &ball, &slope);
  for (int frame = 0; frame < contact_frame; frame++)
    g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
  imp_test_step (world, &log);
  const PhysEvent *ev = only_event (&log, PHYS_EVENT_CIRCLE_SEGMENT);
  const PhysSegmentResponse *resp = &ev->circle_segment.response;
  g_assert_cmpint (resp->response, ==, PHYS_RESPONSE_REFLECT);
  g_assert_cmpfloat_with_epsilon (phys_v2_dot (resp->v_after, n), -phys_v2_dot (resp->v_before, n),
                                  EPS);
  g_assert_cmpfloat_with_epsilon (phys_v2_dot (phys_v2_sub (resp->v_after, resp->v_before), n),
                                  -2 * phys_v2_dot (resp->v_before, n), EPS);
  imp_assert_vec_equal (ev->circle_segment.center, ev->circle_segment.center_before.x,
                        ev->circle_segment.center_before.y);
  g_assert_cmpfloat (imp_test_line_distance (position (world, ball), a, b), >, r);
  g_assert_cmpfloat (phys_v2_dot (velocity (world, ball), n), >, 0);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
  g_assert_cmpfloat (imp_test_line_distance (position (world, ball), a, b), >, r);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Seed 003: a probe's time to impact.                                                        */
/* ------------------------------------------------------------------------------------------ */

static void
test_seed_003_probe (void)
{
  /* A probe at (0, 0) moving (2, 1) per frame towards a wall x = 5 (from (5, -10) to (5, 10)).
   * It crosses x = 5 at y = 2.5 after 2.5 frames. Announced at the start of each frame:
   * 2.5, 1.5, 0.5 frames to impact, then -0.5 (it already happened, seed 003). The crossing
   * falls in frame 2 (from state 2 at (4, 2) to state 3 at (6, 3)) at t = 0.5. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int wall = imp_test_add_segment (world, "wall", 5, -10, 5, 10, PHYS_RESPONSE_REFLECT, 1);
  PhysProbeDef pdef = phys_probe_def_default ();
  int p = -1;
  pdef.name = "ship";
  pdef.velocity = phys_v2 (2, 1);
  g_assert_cmpint (phys_world_add_probe (world, &pdef, &p), ==, PHYS_OK);
  PhysBodyRef probe_ref = { PHYS_BODY_PROBE, p }, wall_ref = { PHYS_BODY_SEGMENT, wall };
  static const double announced[] = { 2.5, 1.5, 0.5, -0.5 };

  for (int frame = 0; frame < 4; frame++)
    {
      PhysPairRecord rec;
      g_assert_cmpint (phys_world_inspect_pair (world, probe_ref, wall_ref, &rec), ==, PHYS_OK);
      g_assert_cmpint (rec.kind, ==, PHYS_EVENT_PROBE_SEGMENT);
      g_assert_cmpfloat_with_epsilon (rec.probe.time_to_impact, announced[frame], EPS);
      g_assert_cmpint (rec.probe.verdict, ==, frame < 3 ? PHYS_PROBE_AHEAD : PHYS_PROBE_BEHIND);
      imp_assert_vec_near (rec.probe.point, 5, 2.5, EPS);

      imp_test_step (world, &log);
      if (frame == 2)
        {
          const PhysEvent *ev = only_event (&log, PHYS_EVENT_PROBE_SEGMENT);
          g_assert_cmpuint (log.count, ==, 1);
          g_assert_cmpint (ev->frame, ==, 2);
          g_assert_cmpfloat_with_epsilon (ev->t, 0.5, EPS);
          g_assert_cmpint (ev->a, ==, p);
          g_assert_cmpint (ev->b, ==, wall);
          g_assert_cmpint (ev->b_kind, ==, PHYS_BODY_SEGMENT);
          g_assert_cmpfloat_with_epsilon (ev->probe.record.time_to_impact, 0.5, EPS);
          imp_assert_vec_near (ev->probe.record.point, 5, 2.5, EPS);
          g_assert_cmpfloat_with_epsilon (ev->probe.record.along, 0.625, EPS);
        }
      else
        g_assert_cmpuint (log.count, ==, 0);
      /* Probes collide with nothing: after frame k they are at (2 (k + 1), k + 1). */
      imp_assert_vec_near (phys_world_get_probe (world, p).position, 2 * (frame + 1), frame + 1,
                           EPS);
    }

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Embedded starts.                                                                           */
/* ------------------------------------------------------------------------------------------ */

static void
test_embedded_circles (gconstpointer data)
{
  /* r = 1 at (0, 0) and (1.5, 0), still: R - d = 2 - 1.5 = 0.5 deep, normal (1, 0). Each moves
   * back by depth times its share of the inverse mass: with m1 = m2 = 1, 0.25 each, to -0.25
   * and 1.75; with m1 = 1 and m2 = 3, a moves 0.5 (1 / (1 + 1/3)) = 0.375 and b 0.125, to
   * -0.375 and 1.625. Either way they end exactly R = 2 apart. */
  const double *masses = data;
  double m2 = *masses;
  double share_a = 1 / (1 + 1 / m2);
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "a", 0, 0, 0, 0, 1, 1, 1);
  int b = add_ball (world, "b", 1.5, 0, 0, 0, 1, m2, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  assert_plain_event (ev, PHYS_EVENT_EMBEDDED, 0, 0, 0, a, b, PHYS_BODY_CIRCLE);
  g_assert_cmpfloat (ev->embedded.depth, ==, 0.5);
  imp_assert_vec_equal (ev->embedded.normal, 1, 0);
  imp_assert_vec_equal (ev->embedded.a_before, 0, 0);
  imp_assert_vec_equal (ev->embedded.b_before, 1.5, 0);
  imp_assert_vec_near (ev->embedded.a_after, -0.5 * share_a, 0, EPS);
  imp_assert_vec_near (ev->embedded.b_after, 1.5 + 0.5 * (1 - share_a), 0, EPS);
  imp_assert_vec_near (position (world, a), -0.5 * share_a, 0, EPS);
  imp_assert_vec_near (position (world, b), 1.5 + 0.5 * (1 - share_a), 0, EPS);
  g_assert_cmpfloat_with_epsilon (
      phys_v2_len (phys_v2_sub (position (world, b), position (world, a))), 2, EPS);
  /* Separating does not change velocities; they stay put and touching. */
  imp_assert_vec_equal (velocity (world, a), 0, 0);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
  g_assert_cmpfloat_with_epsilon (
      phys_v2_len (phys_v2_sub (position (world, b), position (world, a))), 2, EPS);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_embedded_segment (void)
{
  /* r = 1 at (0, -0.5) sits 0.5 above a floor from (-10, 0) to (10, 0): depth 1 - 0.5 = 0.5.
   * The foot of the centre is (0, 0); the circle goes to the foot plus r along the segment's
   * normal towards it, (0, -1): (0, -1). The event's normal points from the circle (a) to the
   * segment (b), (0, 1). */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 0, -0.5, 0, 0, 1, 1, 1);
  int g = imp_test_add_segment (world, "floor", -10, 0, 10, 0, PHYS_RESPONSE_REFLECT, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  assert_plain_event (ev, PHYS_EVENT_EMBEDDED, 0, 0, 0, c, g, PHYS_BODY_SEGMENT);
  g_assert_cmpfloat (ev->embedded.depth, ==, 0.5);
  imp_assert_vec_equal (ev->embedded.normal, 0, 1);
  imp_assert_vec_equal (ev->embedded.a_before, 0, -0.5);
  imp_assert_vec_equal (ev->embedded.a_after, 0, -1);
  imp_assert_vec_equal (ev->embedded.b_before, 0, 0);
  imp_assert_vec_equal (position (world, c), 0, -1);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_embedded_outside_bounds (void)
{
  /* Bounds (0, 0)-(10, 10); r = 1 at (12, 5), outside the right wall (segment 2, from (10, 10)
   * to (10, 0), inward normal (-1, 0)): inside = (2, -5).(-1, 0) = -2, depth = 1 + 2 = 3.
   * The foot on the wall is (10, 5); the circle goes to (10, 5) + 1 (-1, 0) = (9, 5). A circle
   * half through the top wall, at (5, 0.5), is 0.5 deep and goes to (5, 1). */
  PhysWorld *world = bounded_world (0, 0, 10, 10);
  PhysEventLog log;
  phys_event_log_init (&log);
  int out = add_ball (world, "out", 12, 5, 0, 0, 1, 1, 1);
  int half = add_ball (world, "half", 5, 0.5, 0, 0, 1, 1, 1);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 2);
  g_assert_cmpuint (imp_test_count_events (&log, PHYS_EVENT_EMBEDDED), ==, 2);
  for (size_t k = 0; k < log.count; k++)
    {
      const PhysEvent *ev = &log.events[k];
      g_assert_cmpint (ev->b_kind, ==, PHYS_BODY_SEGMENT);
      if (ev->a == out)
        {
          g_assert_cmpint (ev->b, ==, 2);
          g_assert_cmpfloat (ev->embedded.depth, ==, 3);
          imp_assert_vec_equal (ev->embedded.b_before, 10, 5);
          imp_assert_vec_equal (ev->embedded.a_after, 9, 5);
        }
      else
        {
          g_assert_cmpint (ev->a, ==, half);
          g_assert_cmpint (ev->b, ==, 1);
          g_assert_cmpfloat (ev->embedded.depth, ==, 0.5);
          imp_assert_vec_equal (ev->embedded.a_after, 5, 1);
        }
    }
  imp_assert_vec_equal (position (world, out), 9, 5);
  imp_assert_vec_equal (position (world, half), 5, 1);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
  imp_assert_vec_equal (position (world, out), 9, 5);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* The event cap.                                                                             */
/* ------------------------------------------------------------------------------------------ */

/* A ball (r = 1) at x = 0 moving speed per frame between walls at x = -2 and x = 2: it meets a
 * wall each time it covers 2, every 2 / speed of a frame, first at t = 1 / speed. */
static PhysWorld *
rattle_world (double speed, int cap, int *ball)
{
  PhysWorldDef def = phys_world_def_default ();
  def.event_cap = cap;
  PhysWorld *world = imp_test_world_new (&def);
  *ball = add_ball (world, "ball", 0, 0, speed, 0, 1, 1, 1);
  imp_test_add_segment (world, "left", -2, -10, -2, 10, PHYS_RESPONSE_REFLECT, 1);
  imp_test_add_segment (world, "right", 2, -10, 2, 10, PHYS_RESPONSE_REFLECT, 1);
  return world;
}

static void
test_event_cap_small (void)
{
  /* Speed 100, cap 3: contacts at t = 0.01 (x = 1), 0.03 (x = -1), 0.05 (x = 1); the fourth,
   * due at 0.07, is where the cap stops the frame. Every circle then stays where it stands at
   * that moment, so nothing is pushed through anything: the ball touches the left wall,
   * x = 1 - 100 (0.07 - 0.05) = -1. Reported, never silent. */
  int ball;
  PhysWorld *world = rattle_world (100, 3, &ball);
  PhysEventLog log;
  phys_event_log_init (&log);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 4);
  static const double times[] = { 0.01, 0.03, 0.05 };
  for (int k = 0; k < 3; k++)
    {
      g_assert_cmpint (log.events[k].kind, ==, PHYS_EVENT_CIRCLE_SEGMENT);
      g_assert_cmpfloat_with_epsilon (log.events[k].t, times[k], EPS);
    }
  const PhysEvent *cap = &log.events[3];
  g_assert_cmpint (cap->kind, ==, PHYS_EVENT_EVENT_CAP);
  g_assert_cmpint (cap->frame, ==, 0);
  g_assert_cmpfloat_with_epsilon (cap->t, 0.07, EPS);
  g_assert_cmpint (cap->a, ==, -1);
  g_assert_cmpint (cap->b, ==, -1);
  g_assert_cmpint (cap->cap.cap, ==, 3);
  g_assert_cmpint (cap->cap.handled, ==, 3);
  imp_assert_vec_near (position (world, ball), -1, 0, 1e-9);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_event_cap_every_frame (void)
{
  /* Cap 3 in a ball-and-walls cage that rattles many times a frame: a square box (bounds
   * 0..4) holds a ball moving (97, 89); every frame reports the cap and never answers more
   * than 3 collisions. */
  PhysWorldDef def = phys_world_def_default ();
  def.event_cap = 3;
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (4, 4);
  PhysWorld *world = imp_test_world_new (&def);
  PhysEventLog log;
  phys_event_log_init (&log);
  add_ball (world, "ball", 2, 2, 97, 89, 1, 1, 1);

  for (int frame = 0; frame < 20; frame++)
    {
      imp_test_step (world, &log);
      size_t collisions = imp_test_count_events (&log, PHYS_EVENT_CIRCLE_SEGMENT)
                          + imp_test_count_events (&log, PHYS_EVENT_CIRCLE_CIRCLE)
                          + imp_test_count_events (&log, PHYS_EVENT_EMBEDDED);
      g_assert_cmpuint (collisions, <=, 3);
      const PhysEvent *cap = only_event (&log, PHYS_EVENT_EVENT_CAP);
      g_assert_cmpint (cap->cap.cap, ==, 3);
      g_assert_cmpint (cap->cap.handled, ==, (int)collisions);
      g_assert_true (cap == &log.events[log.count - 1]);
    }

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_event_cap_automatic (void)
{
  /* Cap 0 means 64 per circle + 1000: 1064 for one ball. At 100000 per frame it would need
   * 50000 contacts, so the cap reports after 1064. */
  int ball;
  PhysWorld *world = rattle_world (100000, 0, &ball);
  PhysEventLog log;
  phys_event_log_init (&log);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1065);
  const PhysEvent *cap = only_event (&log, PHYS_EVENT_EVENT_CAP);
  g_assert_cmpint (cap->cap.cap, ==, 1064);
  g_assert_cmpint (cap->cap.handled, ==, 1064);

  /* At 100 per frame (50 contacts) nothing is capped. */
  phys_world_free (world);
  world = rattle_world (100, 0, &ball);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 50);
  g_assert_cmpuint (imp_test_count_events (&log, PHYS_EVENT_EVENT_CAP), ==, 0);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Inspecting a pair before the step.                                                         */
/* ------------------------------------------------------------------------------------------ */

static void
assert_same_cc (const PhysCircleCircleSweep *x, const PhysCircleCircleSweep *y)
{
  g_assert_cmpint (x->verdict, ==, y->verdict);
  g_assert_cmpfloat (x->a, ==, y->a);
  g_assert_cmpfloat (x->b, ==, y->b);
  g_assert_cmpfloat (x->c, ==, y->c);
  g_assert_cmpfloat (x->disc, ==, y->disc);
  g_assert_cmpfloat (x->roots[0], ==, y->roots[0]);
  g_assert_cmpfloat (x->roots[1], ==, y->roots[1]);
  g_assert_cmpfloat (x->t, ==, y->t);
  imp_assert_vec_equal (x->normal, y->normal.x, y->normal.y);
  imp_assert_vec_equal (x->point, y->point.x, y->point.y);
}

static void
test_inspect_circle_circle (void)
{
  /* Seed 000's numbers under gravity (0, 0.5): r = 2 at (0, 0) with (2, 0.5) and r = 3 at
   * (11, 4) with (-8, 0.5); both fly parabolas under the same gravity, so they move straight
   * relative to each other with v = (-10, 0): a = 100, b = -110, c = 112, disc = 900, t = 0.8.
   * Inspected before the step, the record equals the one the step's event carries. */
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 0.5);
  PhysWorld *world = imp_test_world_new (&def);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "one", 0, 0, 2, 0.5, 2, 1, 1);
  int b = add_ball (world, "two", 11, 4, -8, 0.5, 3, 1, 1);
  PhysBodyRef ra = { PHYS_BODY_CIRCLE, a }, rb = { PHYS_BODY_CIRCLE, b };

  PhysPairRecord rec;
  g_assert_cmpint (phys_world_inspect_pair (world, ra, rb, &rec), ==, PHYS_OK);
  g_assert_cmpint (rec.kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpint (rec.a.index, ==, a);
  g_assert_cmpint (rec.b.index, ==, b);
  g_assert_cmpint (rec.circle_circle.verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpfloat (rec.circle_circle.a, ==, 100);
  g_assert_cmpfloat (rec.circle_circle.b, ==, -110);
  g_assert_cmpfloat (rec.circle_circle.c, ==, 112);
  g_assert_cmpfloat (rec.circle_circle.disc, ==, 900);
  g_assert_cmpfloat_with_epsilon (rec.circle_circle.t, 0.8, EPS);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysEvent *ev = &log.events[0];
  g_assert_cmpint (ev->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpfloat (ev->t0, ==, 0);
  g_assert_cmpfloat (ev->t, ==, rec.circle_circle.t);
  assert_same_cc (&ev->circle_circle.sweep, &rec.circle_circle);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_inspect_circle_segment (void)
{
  /* The reflect case of segment/reflect, asked segment first: the record is the same either
   * way round, and the same as the event's: interior, t = 0.5, point (1, 3), normal (0, -1). */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int c = add_ball (world, "ball", 0, 0, 2, 4, 1, 1, 1);
  int g = imp_test_add_segment (world, "floor", -10, 3, 10, 3, PHYS_RESPONSE_REFLECT, 1);
  PhysBodyRef rc = { PHYS_BODY_CIRCLE, c }, rg = { PHYS_BODY_SEGMENT, g };

  PhysPairRecord rec, swapped;
  g_assert_cmpint (phys_world_inspect_pair (world, rg, rc, &swapped), ==, PHYS_OK);
  g_assert_cmpint (phys_world_inspect_pair (world, rc, rg, &rec), ==, PHYS_OK);
  g_assert_cmpint (rec.kind, ==, PHYS_EVENT_CIRCLE_SEGMENT);
  g_assert_cmpint (swapped.a.kind, ==, PHYS_BODY_CIRCLE);
  g_assert_cmpint (swapped.b.kind, ==, PHYS_BODY_SEGMENT);
  g_assert_cmpfloat (swapped.circle_segment.t, ==, rec.circle_segment.t);

  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  const PhysCircleSegmentSweep *sw = &log.events[0].circle_segment.sweep;
  g_assert_cmpint (sw->verdict, ==, rec.circle_segment.verdict);
  g_assert_cmpint (sw->feature, ==, rec.circle_segment.feature);
  g_assert_cmpfloat (sw->t, ==, rec.circle_segment.t);
  g_assert_cmpfloat (log.events[0].t, ==, rec.circle_segment.t);
  g_assert_cmpfloat (sw->proj_normal, ==, rec.circle_segment.proj_normal);
  g_assert_cmpfloat (sw->proj_along, ==, rec.circle_segment.proj_along);
  g_assert_cmpfloat (sw->t_interior, ==, rec.circle_segment.t_interior);
  imp_assert_vec_equal (sw->point, rec.circle_segment.point.x, rec.circle_segment.point.y);
  imp_assert_vec_equal (sw->normal, rec.circle_segment.normal.x, rec.circle_segment.normal.y);
  g_assert_cmpint (rec.circle_segment.verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpfloat (rec.circle_segment.t, ==, 0.5);
  imp_assert_vec_equal (rec.circle_segment.point, 1, 3);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_inspect_miss (void)
{
  /* r = 1 at (0, 0) and (10, 5) both moving (1, 0): no relative motion, no event; and a pair
   * moving apart. The inspector reports the verdict even when nothing collides. Asking for a
   * circle with itself, or an unknown index, is an error. */
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEventLog log;
  phys_event_log_init (&log);
  int a = add_ball (world, "a", 0, 0, 1, 0, 1, 1, 1);
  int b = add_ball (world, "b", 10, 5, 1, 0, 1, 1, 1);
  int c = add_ball (world, "c", -5, 0, -1, 0, 1, 1, 1);
  PhysBodyRef ra = { PHYS_BODY_CIRCLE, a }, rb = { PHYS_BODY_CIRCLE, b };
  PhysBodyRef rc = { PHYS_BODY_CIRCLE, c }, bad = { PHYS_BODY_CIRCLE, 7 };

  PhysPairRecord rec;
  g_assert_cmpint (phys_world_inspect_pair (world, ra, rb, &rec), ==, PHYS_OK);
  g_assert_cmpint (rec.circle_circle.verdict, ==, PHYS_VERDICT_NO_RELATIVE_MOTION);
  g_assert_cmpint (phys_world_inspect_pair (world, ra, rc, &rec), ==, PHYS_OK);
  g_assert_cmpint (rec.circle_circle.verdict, ==, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpint (phys_world_inspect_pair (world, ra, ra, &rec), ==, PHYS_ERROR_UNKNOWN_BODY);
  g_assert_cmpint (phys_world_inspect_pair (world, ra, bad, &rec), ==, PHYS_ERROR_UNKNOWN_BODY);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 0);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Resting, sleeping, waking.                                                                 */
/* ------------------------------------------------------------------------------------------ */

#define DROP_FRAMES 3000

/* A box (0, 0)-(100, 100) with walls of restitution 0.5 and gravity (0, 0.1); rest speed is
 * automatic, 2 |g| dt = 0.2. */
static PhysWorld *
drop_world (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (100, 100);
  def.bounds_restitution = 0.5;
  def.gravity = phys_v2 (0, 0.1);
  PhysWorld *world = imp_test_world_new (&def);
  g_assert_cmpfloat (phys_world_get_def (world)->rest_speed, ==, 0.2);
  return world;
}

/* Steps until circle i sleeps; returns the frames it took. */
static int
step_until_asleep (PhysWorld *world, int i, PhysEventLog *log)
{
  for (int frame = 0; frame < DROP_FRAMES; frame++)
    {
      size_t n = imp_test_step (world, log);
      PhysCircle c = phys_world_get_circle (world, i);
      g_assert_true (phys_v2_is_finite (c.position));
      g_assert_true (phys_v2_is_finite (c.velocity));
      /* A bounce cascade is over in a few events: the resting rule ends it. */
      g_assert_cmpuint (n, <=, 8);
      g_assert_cmpuint (imp_test_count_events (log, PHYS_EVENT_EVENT_CAP), ==, 0);
      g_assert_cmpfloat (c.position.y, <=, 99 + 1e-9);
      if (phys_circle_is_asleep (&c))
        return frame + 1;
    }
  g_assert_not_reached ();
  return -1;
}

static void
test_rest_ball_sleeps (void)
{
  /* e = sqrt(0.5 * 0.5) = 0.5 against the floor: each bounce keeps half the speed, bounces
   * below the rest speed answer with e = 0, the ball rests on the floor (centre at y = 99) and
   * after PHYS_SLEEP_FRAMES slow frames it sleeps: still, and staying still. */
  PhysWorld *world = drop_world ();
  PhysEventLog log;
  phys_event_log_init (&log);
  int ball = add_ball (world, "ball", 50, 50, 0, 0, 1, 1, 0.5);

  int frames = step_until_asleep (world, ball, &log);
  g_test_message ("the ball fell asleep after %d frames", frames);
  PhysCircle c = phys_world_get_circle (world, ball);
  g_assert_cmpint (c.rest_frames, ==, PHYS_SLEEP_FRAMES);
  g_assert_cmpfloat_with_epsilon (c.position.y, 99, 1e-6);
  g_assert_cmpfloat (c.position.x, ==, 50);
  imp_assert_vec_equal (c.velocity, 0, 0);

  PhysVec2 p = c.position;
  for (int frame = 0; frame < 100; frame++)
    {
      g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
      c = phys_world_get_circle (world, ball);
      g_assert_true (phys_circle_is_asleep (&c));
      imp_assert_vec_equal (c.position, p.x, p.y);
    }

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_rest_wake (void)
{
  /* The sleeping ball at (50, 99) is hit by a second ball rolling along the floor at 3 per
   * frame: 3 is far above the rest speed, so the contact wakes the sleeper (event.woke) and,
   * equal masses, hands it the velocity. */
  PhysWorld *world = drop_world ();
  PhysEventLog log;
  phys_event_log_init (&log);
  int sleeper = add_ball (world, "sleeper", 50, 50, 0, 0, 1, 1, 0.5);
  step_until_asleep (world, sleeper, &log);
  PhysVec2 rest = position (world, sleeper);
  int runner = add_ball (world, "runner", 40, rest.y, 3, 0, 1, 1, 0.5);

  const PhysEvent *hit = NULL;
  for (int frame = 0; frame < 5 && hit == NULL; frame++)
    {
      imp_test_step (world, &log);
      for (size_t k = 0; k < log.count; k++)
        if (log.events[k].kind == PHYS_EVENT_CIRCLE_CIRCLE)
          hit = &log.events[k];
    }
  g_assert_nonnull (hit);
  g_assert_true (hit->woke);
  g_assert_cmpint (hit->a, ==, sleeper);
  g_assert_cmpint (hit->b, ==, runner);
  PhysCircle c = phys_world_get_circle (world, sleeper);
  g_assert_false (phys_circle_is_asleep (&c));
  g_assert_cmpint (c.rest_frames, ==, 0);
  /* The runner comes from the left (-x side of the sleeper): the sleeper leaves to the right
   * with the runner's speed (e = 0.5 keeps 1.5 of the 3 as separation: 2.25 and 0.75). */
  g_assert_cmpfloat_with_epsilon (c.velocity.x, 2.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (velocity (world, runner).x, 0.75, 1e-9);
  imp_test_step (world, &log);
  g_assert_cmpfloat (position (world, sleeper).x, >, rest.x + 2);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_rest_squeeze (void)
{
  /* Three balls (r = 1, e = 0.5) in a box (0, 0)-(100, 100) with walls of e = 0.5 under the
   * rain's gravity (0, 0.0056) (rest speed 0.0112): A at (50, 99) and C at (54, 99) lie on the
   * floor and roll towards each other at 0.01; B at (52, 98.99) hangs 0.01 above the floor between
   * them, sqrt(2^2 + 0.01^2) = 2.000025 from each: the gaps close at t = 0.000025 / 0.01 = 0.0025.
   * A real squeeze of a heap: a handful of contacts answer it (B is lifted out or A and C
   * are stopped), no pair ends the frame overlapping, and it needs nowhere near the event
   * cap (64 * 3 + 1000 = 1192). */
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (100, 100);
  def.gravity = phys_v2 (0, 0.0056);
  def.bounds_restitution = 0.5;
  PhysWorld *world = imp_test_world_new (&def);
  PhysEventLog log;
  phys_event_log_init (&log);
  add_ball (world, "a", 50, 99, 0.01, 0, 1, 0, 0.5);
  add_ball (world, "b", 52, 98.99, 0, 0, 1, 0, 0.5);
  add_ball (world, "c", 54, 99, -0.01, 0, 1, 0, 0.5);

  for (int frame = 0; frame < 10; frame++)
    {
      size_t n = imp_test_step (world, &log);
      double overlap = imp_test_max_overlap (world, NULL, NULL);
      g_test_message ("frame %d: %zu events, %zu capped, deepest overlap %.3g", frame, n,
                      imp_test_count_events (&log, PHYS_EVENT_EVENT_CAP), overlap);
      g_assert_cmpuint (imp_test_count_events (&log, PHYS_EVENT_EVENT_CAP), ==, 0);
      g_assert_cmpuint (n, <=, 100);
      g_assert_cmpfloat (overlap, <=, 1e-3);
    }

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_rest_valley (void)
{
  /* Five balls (r = 1, e = 0.5) dropped into a valley of two reflecting segments (e = 0.5),
   * (0, 0)-(50, 40) and (50, 40)-(100, 0), under gravity (0, 0.1) (rest speed 0.2). Both
   * segments' left normals point into the valley. The balls roll to the bottom and settle:
   * never the event cap, never through a segment, all asleep after 3000 frames. */
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 0.1);
  PhysWorld *world = imp_test_world_new (&def);
  PhysEventLog log;
  phys_event_log_init (&log);
  PhysVec2 ends[3] = { { 0, 0 }, { 50, 40 }, { 100, 0 } };
  imp_test_add_segment (world, "left", 0, 0, 50, 40, PHYS_RESPONSE_REFLECT, 0.5);
  imp_test_add_segment (world, "right", 50, 40, 100, 0, PHYS_RESPONSE_REFLECT, 0.5);
  for (int i = 0; i < 5; i++)
    {
      char name[8];
      g_snprintf (name, sizeof name, "b%d", i);
      add_ball (world, name, 30 + 3 * i, 5, 0.1 * (i % 3), 0, 1, 0, 0.5);
    }

  int capped_frames = 0, first_capped = -1;
  for (int frame = 0; frame < 3000; frame++)
    {
      imp_test_step (world, &log);
      if (imp_test_count_events (&log, PHYS_EVENT_EVENT_CAP) > 0)
        {
          if (first_capped < 0)
            first_capped = frame;
          capped_frames++;
        }
      for (int i = 0; i < 5; i++)
        {
          PhysVec2 p = position (world, i);
          for (int g = 0; g < 2; g++)
            {
              double side = imp_test_line_distance (p, ends[g], ends[g + 1]);
              double dist = imp_test_segment_distance (p, ends[g], ends[g + 1]);
              if (side <= 0 || dist < 1 - 1e-3)
                g_error ("frame %d: ball %d at (%.9g, %.9g) is %.6g %s segment %d (r = 1; %d "
                         "capped frames so far, the first %d)",
                         frame, i, p.x, p.y, dist, side <= 0 ? "behind" : "from", g, capped_frames,
                         first_capped);
            }
        }
    }
  int asleep = 0;
  for (int i = 0; i < 5; i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      asleep += phys_circle_is_asleep (&c);
    }
  g_test_message ("%d capped frames (the first %d); %d of 5 asleep", capped_frames, first_capped,
                  asleep);
  g_assert_cmpint (capped_frames, ==, 0);
  g_assert_cmpint (asleep, ==, 5);

  phys_event_log_free (&log);
  phys_world_free (world);
}

int
main (int argc, char *argv[])
{
  static const double embed_masses[] = { 1, 3 };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/world/step/head-on/equal-masses", test_head_on_equal);
  g_test_add_func ("/physics/world/step/head-on/touch-at-frame-end",
                   test_head_on_touch_at_frame_end);
  g_test_add_func ("/physics/world/step/head-on/unequal-masses", test_head_on_unequal_masses);
  g_test_add_func ("/physics/world/step/head-on/restitution", test_head_on_restitution);
  g_test_add_func ("/physics/world/step/fixed-circle", test_fixed_circle);
  g_test_add_func ("/physics/world/step/segment/reflect", test_segment_reflect);
  g_test_add_func ("/physics/world/step/segment/end-cap", test_segment_end_cap);
  g_test_add_func ("/physics/world/step/segment/slide", test_segment_slide);
  g_test_add_func ("/physics/world/step/segment/fast-bullet", test_fast_bullet);
  g_test_add_func ("/physics/world/step/bounds/walls", test_bounds_walls);
  g_test_add_func ("/physics/world/step/bounds/reflect", test_bounds_reflect);
  g_test_add_func ("/physics/world/step/bounds/corner", test_bounds_corner);
  g_test_add_func ("/physics/world/step/events-in-time-order", test_events_in_time_order);
  g_test_add_func ("/physics/world/step/dt-half", test_dt_half);
  g_test_add_func ("/physics/world/step/substeps-collision", test_substeps_collision);
  g_test_add_func ("/physics/world/step/parabola-collision", test_parabola_collision);

  for (gsize i = 0; i < G_N_ELEMENTS (elastic_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/world/seed-001/elastic-1d/%s", elastic_rows[i].name);
      g_test_add_data_func (path, &elastic_rows[i], test_seed_001_row);
      g_free (path);
    }
  g_test_add_func ("/physics/world/seed-001/elastic-1d/random", test_seed_001_random);
  g_test_add_func ("/physics/world/seed-002/reflect-vs-slide", test_seed_002_reflect_vs_slide);
  g_test_add_func ("/physics/world/seed-003/probe-time-to-impact", test_seed_003_probe);

  g_test_add_data_func ("/physics/world/embedded/circle-circle/equal-masses", &embed_masses[0],
                        test_embedded_circles);
  g_test_add_data_func ("/physics/world/embedded/circle-circle/unequal-masses", &embed_masses[1],
                        test_embedded_circles);
  g_test_add_func ("/physics/world/embedded/circle-segment", test_embedded_segment);
  g_test_add_func ("/physics/world/embedded/outside-bounds", test_embedded_outside_bounds);

  g_test_add_func ("/physics/world/event-cap/small", test_event_cap_small);
  g_test_add_func ("/physics/world/event-cap/every-frame", test_event_cap_every_frame);
  g_test_add_func ("/physics/world/event-cap/automatic", test_event_cap_automatic);

  g_test_add_func ("/physics/world/inspect/circle-circle-equals-event", test_inspect_circle_circle);
  g_test_add_func ("/physics/world/inspect/circle-segment-equals-event",
                   test_inspect_circle_segment);
  g_test_add_func ("/physics/world/inspect/no-collision", test_inspect_miss);

  g_test_add_func ("/physics/world/rest/ball-sleeps", test_rest_ball_sleeps);
  g_test_add_func ("/physics/world/rest/fast-hit-wakes", test_rest_wake);
  g_test_add_func ("/physics/world/rest/squeeze-between-resting-circles", test_rest_squeeze);
  g_test_add_func ("/physics/world/rest/balls-in-a-valley", test_rest_valley);

  return g_test_run ();
}
