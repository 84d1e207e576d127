/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rigid-sleep.c: islands of polygons at rest fall asleep and wake (phys-rigid-sleep.c,
 * docs/physics.md "Sleeping rigid bodies"):
 *  - a box dropped on the floor sleeps at the frame its rest count says, and then stays put to
 *    the bit; the energy it still had is its sleep event's, and the momentum ledger balances;
 *  - a sleeping stack wakes as a whole before a box dropped on it arrives;
 *  - a box pressed out of balance (on a slope it slides down) never sleeps;
 *  - determinism: a copy and a recording sought into the middle of a sleep give the same bits,
 *    and a fixed scene with sleeping and waking ends in the same hash in every build;
 *  - an edit wakes the sleepers, and says so.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

#define add_box imp_test_add_box

/* Gravity 10 down, 60 frames a second, a ground 40 wide whose top is y = 0. */
static PhysWorld *
floor_world (bool sleep)
{
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 10);
  def.dt = 1.0 / 60.0;
  def.sleep = sleep;
  PhysWorld *world = imp_test_world_new (&def);
  add_box (world, "ground", 0, 0.5, 40, 1, 0, true, 0.6, 0);
  return world;
}

static int
count_kind (const PhysEventLog *log, PhysEventKind kind)
{
  int n = 0;
  for (size_t k = 0; k < log->count; k++)
    n += log->events[k].kind == kind;
  return n;
}

static const PhysEvent *
find_kind (const PhysEventLog *log, PhysEventKind kind)
{
  for (size_t k = 0; k < log->count; k++)
    if (log->events[k].kind == kind)
      return &log->events[k];
  return NULL;
}

/* A unit box let go 1 above the floor (its bottom at y = -1): semi-implicit Euler has it fall
 * g dt^2 n (n + 1) / 2 in n frames, at least 1 first for n = 27 (26 x 27 / 2 x 10 / 3600 =
 * 0.975, 27 x 28 / 2 x 10 / 3600 = 1.05): it lands in frame 26 (restitution 0) and ends that
 * frame at rest. Frames 26 to 55 are its 30 frames of rest (PHYS_SLEEP_FRAMES): it falls asleep
 * at the end of frame 55, so state 56 is the first asleep. From then on nothing is solved, and
 * it stays to the bit where it lay. */
static void
test_box_on_floor (void)
{
  PhysWorld *world = floor_world (true);
  int box = add_box (world, "box", 0.3, -1.5, 1, 1, 0, false, 0.6, 0);
  double mass = phys_world_get_polygon (world, box).mass;
  g_assert_cmpfloat (mass, ==, 1.0);
  PhysEventLog log;
  phys_event_log_init (&log);
  for (int f = 0; f <= 55; f++)
    {
      PhysEnergy e0 = phys_world_energy (world);
      imp_test_step (world, &log);
      PhysPolygonBody b = phys_world_get_polygon (world, box);
      g_assert_cmpint (b.rest_frames, ==, f < 26 ? 0 : f - 25);
      if (f < 55)
        {
          g_assert_cmpint (count_kind (&log, PHYS_EVENT_SLEEP), ==, 0);
          g_assert_false (phys_polygon_is_asleep (&b));
          continue;
        }
      /* Frame 55: asleep, still, and its sleep event holds what it had. */
      g_assert_cmpint (count_kind (&log, PHYS_EVENT_SLEEP), ==, 1);
      const PhysEvent *ev = find_kind (&log, PHYS_EVENT_SLEEP);
      g_assert_cmpint (ev->a, ==, box);
      g_assert_cmpint (ev->sleep.island, ==, box);
      g_assert_cmpint (ev->sleep.bodies, ==, 1);
      g_assert_cmpfloat (ev->removed, ==, ev->sleep.energy);
      g_assert_cmpint (b.asleep_since, ==, 56);
      g_assert_cmpint (b.island, ==, box);
      g_assert_cmpfloat (b.velocity.x, ==, 0.0);
      g_assert_cmpfloat (b.velocity.y, ==, 0.0);
      g_assert_cmpfloat (b.angular_velocity, ==, 0.0);
      /* The momentum ledger: p1 - p0 = m g dt - taken, the sleep's taken being its last m v. */
      PhysEnergy e1 = phys_world_energy (world);
      PhysVec2 taken = imp_test_taken (&log);
      g_assert_cmpfloat (fabs (e1.momentum.y - e0.momentum.y - (mass * 10.0 / 60.0 - taken.y)), <=,
                         1e-12);
      g_assert_cmpfloat (fabs (e1.momentum.x - e0.momentum.x + taken.x), <=, 1e-12);
      /* Its kinetic energy then was below the tolerance's: |v| dt < 0.001 r, r = sqrt(2) / 2. */
      double v_max = 1e-3 * sqrt (0.5) * 60.0;
      g_assert_cmpfloat (ev->removed, >=, 0.0);
      g_assert_cmpfloat (ev->removed, <, 0.5 * mass * v_max * v_max * 2.0 + 1e-300);
      g_assert_cmpfloat (e1.kinetic, ==, 0.0);
    }
  PhysPolygonBody lying = phys_world_get_polygon (world, box);
  /* It lies on the floor: its centre half a unit above, within the slop. */
  g_assert_cmpfloat (fabs (lying.position.y + 0.5), <, 0.005 * sqrt (0.5));
  for (int f = 56; f < 600; f++)
    {
      imp_test_step (world, &log);
      PhysPolygonBody b = phys_world_get_polygon (world, box);
      g_assert_cmpfloat (b.position.x, ==, lying.position.x);
      g_assert_cmpfloat (b.position.y, ==, lying.position.y);
      g_assert_cmpfloat (b.angle, ==, lying.angle);
      g_assert_cmpint (b.asleep_since, ==, 56);
      /* Nothing is tested or solved against a sleeper on a fixed ground. */
      g_assert_cmpuint (log.count, ==, 0);
    }
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Three unit boxes stacked on the floor and a fourth let go 30 above them. */
static PhysWorld *
stack_and_dropper (void)
{
  PhysWorld *world = floor_world (true);
  add_box (world, "b0", 0, -0.5, 1, 1, 0, false, 0.6, 0);
  add_box (world, "b1", 0, -1.5, 1, 1, 0, false, 0.6, 0);
  add_box (world, "b2", 0, -2.5, 1, 1, 0, false, 0.6, 0);
  add_box (world, "dropper", 0.2, -33.5, 1, 1, 0, false, 0.6, 0);
  return world;
}

/* The stack falls asleep as one island while the dropper falls; the dropper wakes the whole
 * island before it arrives (its reach for the next frame meets the top box's), so the
 * impact meets a movable top box; then the four rest and sleep again, together. */
static void
test_stack_woken_as_whole (void)
{
  PhysWorld *world = stack_and_dropper ();
  PhysEventLog log;
  phys_event_log_init (&log);
  int slept = -1, woke = -1, hit = -1, slept_again = -1;
  for (int f = 0; f < 600 && slept_again < 0; f++)
    {
      imp_test_step (world, &log);
      const PhysEvent *sleep = find_kind (&log, PHYS_EVENT_SLEEP);
      const PhysEvent *wake = find_kind (&log, PHYS_EVENT_WAKE);
      if (sleep != NULL && slept < 0)
        {
          slept = f;
          g_assert_cmpint (count_kind (&log, PHYS_EVENT_SLEEP), ==, 1);
          g_assert_cmpint (sleep->sleep.island, ==, 1);
          g_assert_cmpint (sleep->sleep.bodies, ==, 3);
          for (int i = 1; i <= 3; i++)
            {
              PhysPolygonBody b = phys_world_get_polygon (world, i);
              g_assert_cmpint (b.asleep_since, ==, f + 1);
              g_assert_cmpint (b.island, ==, 1);
            }
          /* The dropper, still falling, is not in it. */
          g_assert_cmpint (phys_world_get_polygon (world, 4).asleep_since, ==, -1);
        }
      if (wake != NULL && woke < 0)
        {
          woke = f;
          g_assert_cmpint (count_kind (&log, PHYS_EVENT_WAKE), ==, 1);
          g_assert_cmpint (wake->sleep.cause, ==, PHYS_WAKE_CONTACT);
          g_assert_cmpint (wake->sleep.other.kind, ==, PHYS_BODY_POLYGON);
          g_assert_cmpint (wake->sleep.other.index, ==, 4);
          g_assert_cmpint (wake->sleep.bodies, ==, 4);
          for (int i = 1; i <= 3; i++)
            {
              PhysPolygonBody b = phys_world_get_polygon (world, i);
              g_assert_false (phys_polygon_is_asleep (&b));
              g_assert_cmpint (b.woke_at, ==, f + 1);
              g_assert_cmpint (b.woke_by, ==, PHYS_WAKE_CONTACT);
              g_assert_cmpint (b.woke_other.index, ==, 4);
              g_assert_cmpint (b.rest_frames, ==, 0);
            }
        }
      for (size_t k = 0; k < log.count && hit < 0; k++)
        {
          const PhysEvent *ev = &log.events[k];
          if (ev->kind == PHYS_EVENT_POLYGON_POLYGON && ev->a == 3 && ev->b == 4)
            {
              hit = f;
              /* The top box is movable in the answer: it takes a share of the impulse. */
              g_assert_cmpfloat (ev->rigid.a_before.inv_mass, ==, 1.0);
            }
        }
      if (woke >= 0 && sleep != NULL && f > woke)
        {
          slept_again = f;
          g_assert_cmpint (sleep->sleep.bodies, ==, 4);
        }
    }
  g_test_message ("stack asleep after frame %d, woken after frame %d, hit in frame %d, all four "
                  "asleep after frame %d", slept, woke, hit, slept_again);
  g_assert_cmpint (slept, >=, 29);
  g_assert_cmpint (slept, <, 100);
  g_assert_cmpint (woke, >, slept);
  /* Woken before the hit, at most two frames (the dropper's reach is its box grown by the
   * margin and its next frame's fall, 0.4 at 24 a second). */
  g_assert_cmpint (hit, >, woke);
  g_assert_cmpint (hit, <=, woke + 2);
  g_assert_cmpint (slept_again, >=, hit + 30);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* A unit box on a slope of 0.5 rad: tan 0.5 = 0.546. With friction 0.2 gravity presses it out
 * of balance: it slides down, faster every frame, and never counts a frame of rest. With 0.9
 * friction holds it: it stops and sleeps. */
static void
slope_box (double friction, int frames, int *asleep_at, double *slid)
{
  PhysWorld *world = floor_world (true);
  double a = 0.5;
  add_box (world, "slope", 0, 20.5, 60, 1, a, true, friction, 0);
  /* On the slope's top face: its centre 1 along the face's normal from the slope's centre. */
  PhysVec2 at = phys_v2 (sin (a) * 1.0005, 20.5 - cos (a) * 1.0005);
  int box = add_box (world, "box", at.x, at.y, 1, 1, a, false, friction, 0);
  *asleep_at = -1;
  for (int f = 0; f < frames; f++)
    {
      phys_world_step (world, NULL);
      PhysPolygonBody b = phys_world_get_polygon (world, box);
      if (phys_polygon_is_asleep (&b) && *asleep_at < 0)
        *asleep_at = f;
      if (friction < 0.5 && f > 5)
        g_assert_cmpint (b.rest_frames, ==, 0);
    }
  *slid = phys_v2_len (phys_v2_sub (phys_world_get_polygon (world, box).position, at));
  phys_world_free (world);
}

static void
test_pressed_never_sleeps (void)
{
  int asleep_at;
  double slid;
  slope_box (0.2, 180, &asleep_at, &slid);
  g_test_message ("friction 0.2: slid %.3f in 180 frames", slid);
  g_assert_cmpint (asleep_at, ==, -1);
  /* a = g (sin 0.5 - 0.2 cos 0.5) = 3.04; in 3 s about 0.5 a t^2 = 13.7. */
  g_assert_cmpfloat (slid, >, 10.0);
  slope_box (0.9, 180, &asleep_at, &slid);
  g_test_message ("friction 0.9: asleep after frame %d, slid %.3g", asleep_at, slid);
  g_assert_cmpint (asleep_at, >=, 29);
  g_assert_cmpfloat (slid, <, 0.05);
}

/* The hash of the stack and dropper after 400 frames (a sleep, a wake and a sleep of four): the
 * same constant in every build (-O0 with sanitizers and -O2). */
#define SLEEP_HASH G_GUINT64_CONSTANT (0xdec6ea6fc5eb3c53)

/* The same scene straight, on a copy and from a recording sought back and forth (into the
 * middle of the stack's sleep among others): the same bits at every frame. */
static void
test_determinism (void)
{
  enum { FRAMES = 400 };
  PhysWorld *a = stack_and_dropper ();
  PhysWorld *c = phys_world_copy (a);
  guint64 *straight = g_new (guint64, FRAMES + 1);
  straight[0] = phys_world_hash (a);
  PhysEventLog log;
  phys_event_log_init (&log);
  int asleep_frames = 0;
  for (int f = 1; f <= FRAMES; f++)
    {
      imp_test_step (a, &log);
      phys_world_step (c, NULL);
      straight[f] = phys_world_hash (a);
      g_assert_cmpuint (phys_world_hash (c), ==, straight[f]);
      asleep_frames += phys_world_get_polygon (a, 1).asleep_since >= 0;
    }
  g_assert_cmpint (asleep_frames, >, 100);
  g_test_message ("stack and dropper: hash %#" G_GINT64_MODIFIER "x after %d frames",
                  straight[FRAMES], FRAMES);
  g_assert_cmpuint (straight[FRAMES], ==, SLEEP_HASH);

  PhysWorld *start = stack_and_dropper ();
  PhysTimelineDef def = phys_timeline_def_default ();
  def.keyframe_interval = 7;
  PhysTimeline *tl = phys_timeline_new (start, &def);
  g_assert_cmpint (phys_timeline_record (tl, FRAMES), ==, FRAMES);
  GRand *rng = g_rand_new_with_seed (16);
  for (int i = 0; i < 80; i++)
    {
      int64_t k = g_rand_int_range (rng, 0, FRAMES + 1);
      g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, straight[k]);
    }
  for (int64_t k = 120; k >= 30; k--)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, straight[k]);
  /* The frame the stack falls asleep in (29): its stops are its answers' and the end; the
   * sleep event at the end is no stop of its own (it answers nothing), and the end stop
   * counts the frame's answers. */
  PhysEventLog frame;
  phys_event_log_init (&frame);
  g_assert_true (phys_timeline_frame_events (tl, 29, &frame));
  g_assert_cmpint (count_kind (&frame, PHYS_EVENT_SLEEP), ==, 1);
  int answers = 0;
  for (size_t k = 0; k < frame.count; k++)
    if (frame.events[k].answer >= 0)
      answers = MAX (answers, frame.events[k].answer + 1);
  PhysStop *stops = NULL;
  int n_stops = phys_timeline_stops (tl, 29, &stops);
  g_assert_cmpint (n_stops, >=, 2);
  g_assert_cmpint (stops[n_stops - 1].kind, ==, PHYS_STOP_END);
  g_assert_cmpint (stops[n_stops - 1].answers, ==, answers);
  for (int k = 0; k < n_stops; k++)
    g_assert_cmpint (stops[k].answers, >=, 0);
  free (stops);
  phys_event_log_free (&frame);
  g_rand_free (rng);
  phys_timeline_free (tl);
  phys_world_free (start);
  phys_event_log_free (&log);
  g_free (straight);
  phys_world_free (a);
  phys_world_free (c);
}

/* An edit wakes the sleepers and says so; the world's frame is the waking's. */
static void
test_edit_wakes (void)
{
  PhysWorld *world = floor_world (true);
  int box = add_box (world, "box", 0.3, -0.5, 1, 1, 0, false, 0.6, 0);
  for (int f = 0; f < 60; f++)
    phys_world_step (world, NULL);
  g_assert_true (phys_world_get_polygon (world, box).asleep_since >= 0);
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_POLYGON, "box");
  e.fields = PHYS_EDIT_FRICTION;
  e.friction = 0.3;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  PhysPolygonBody b = phys_world_get_polygon (world, box);
  g_assert_cmpint (b.asleep_since, ==, -1);
  g_assert_cmpint (b.woke_at, ==, 60);
  g_assert_cmpint (b.woke_by, ==, PHYS_WAKE_EDIT);
  g_assert_cmpint (b.woke_other.index, ==, -1);
  g_assert_cmpint (b.rest_frames, ==, 0);
  g_assert_cmpstr (phys_wake_cause_name (b.woke_by), ==, "edit");
  phys_world_free (world);
}

/* With sleep off the box is solved every frame and never sleeps. */
static void
test_sleep_off (void)
{
  PhysWorld *world = floor_world (false);
  int box = add_box (world, "box", 0.3, -0.5, 1, 1, 0, false, 0.6, 0);
  PhysEventLog log;
  phys_event_log_init (&log);
  for (int f = 0; f < 200; f++)
    {
      imp_test_step (world, &log);
      PhysPolygonBody b = phys_world_get_polygon (world, box);
      g_assert_cmpint (b.rest_frames, ==, 0);
      g_assert_cmpint (b.asleep_since, ==, -1);
      g_assert_cmpint (count_kind (&log, PHYS_EVENT_POLYGON_POLYGON), ==, 1);
    }
  phys_event_log_free (&log);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/physics/rigid/sleep/box-on-floor", test_box_on_floor);
  g_test_add_func ("/physics/rigid/sleep/stack-woken-as-whole", test_stack_woken_as_whole);
  g_test_add_func ("/physics/rigid/sleep/pressed-never-sleeps", test_pressed_never_sleeps);
  g_test_add_func ("/physics/rigid/sleep/determinism", test_determinism);
  g_test_add_func ("/physics/rigid/sleep/edit-wakes", test_edit_wakes);
  g_test_add_func ("/physics/rigid/sleep/off", test_sleep_off);
  return g_test_run ();
}
