/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-limits.c: what the physics core refuses and where it stops, so that no state
 * holds a NaN and no frame asks for unbounded memory (issue 13): the magnitude and
 * size limits of every input, the event cap's limit, a world that diverges halting
 * before the frame that would break it, body lookups out of range, and edits that
 * wake the world once per frame.
 */
#include <math.h>

#include "test-util.h"

/* The circle of a spring to an anchor, k = 1000, mass 1, from x = 1 at rest: semi-
 * implicit Euler multiplies x by about -998 a frame. */
static PhysWorld *
stiff_spring (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysCircleDef def = imp_test_circle_def ("a", 1.0, 0.0, 0.0, 0.0, 0.5);
  def.mass = 1.0;
  def.collides = false;
  imp_test_add_circle_def (world, &def);
  PhysForceDef spring = phys_force_def_default (PHYS_FORCE_SPRING);
  spring.body_a = 0;
  spring.body_b = -1;
  spring.anchor = phys_v2 (0.0, 0.0);
  spring.k = 1000.0;
  g_assert_cmpint (phys_world_add_force (world, &spring, NULL, NULL), ==, PHYS_OK);
  return world;
}

/* The frames of stiff_spring() by hand: v' = v - k x (a = -k x / m, m = 1, dt = 1),
 * x' = x + v'. The world keeps start + (x' - x), as the step does. Returns the first
 * frame whose end point or displacement is beyond 1e60, with the last finite x. */
static int
stiff_spring_by_hand (double *last_x, double *bad)
{
  double x = 1.0, v = 0.0;
  for (int frame = 0; frame < 100; frame++)
    {
      double v1 = v - 1000.0 * x;
      double x1 = x + v1;
      double disp = x1 - x;
      if (fabs (x1) > 1e60 || fabs (disp) > 1e60)
        {
          *last_x = x;
          *bad = fabs (x1) > 1e60 ? fabs (x1) : fabs (disp);
          return frame;
        }
      x = x + disp;
      v = v1;
    }
  g_assert_not_reached ();
  return -1;
}

static void
test_halt_stiff_spring (void)
{
  PhysWorld *world = stiff_spring ();
  double last_x, bad;
  int frame = stiff_spring_by_hand (&last_x, &bad);

  g_test_message ("diverges in frame %d", frame);
  g_assert_cmpint (frame, ==, 20);
  for (int k = 0; k < 100; k++)
    phys_world_step (world, NULL);

  PhysHalt halt = phys_world_halt (world);
  g_assert_cmpint (halt.kind, ==, PHYS_HALT_DIVERGED);
  g_assert_cmpstr (phys_halt_kind_name (halt.kind), ==, "diverged");
  g_assert_cmpint (halt.frame, ==, frame);
  g_assert_cmpint (halt.circle, ==, 0);
  g_assert_false (halt.velocity);
  g_assert_true (halt.finite);
  g_assert_cmpfloat_with_epsilon (halt.magnitude / bad, 1.0, 1e-12);

  /* The world stays at the last state it reached, finite, and stepping changes nothing. */
  g_assert_cmpint (phys_world_frame (world), ==, frame);
  PhysCircle c = phys_world_get_circle (world, 0);
  g_assert_cmpfloat_with_epsilon (c.position.x / last_x, 1.0, 1e-12);
  g_assert_true (phys_v2_is_finite (c.velocity));
  uint64_t hash = phys_world_hash (world);
  PhysEventLog log;
  phys_event_log_init (&log);
  phys_world_step (world, &log);
  g_assert_cmpuint (log.count, ==, 0);
  g_assert_cmphex (phys_world_hash (world), ==, hash);
  phys_event_log_free (&log);

  /* The state in the frame reads as the state itself: nothing moves inside it. */
  PhysVec2 p, v;
  phys_world_frame_state_at (world, 0.5, 0, &p, &v, NULL);
  g_assert_cmpfloat (p.x, ==, c.position.x);
  g_assert_cmpfloat (v.x, ==, c.velocity.x);

  /* An edit that puts the circle back lets the world step again. */
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
  edit.fields = PHYS_EDIT_POSITION | PHYS_EDIT_VELOCITY;
  edit.position = phys_v2 (1.0, 0.0);
  edit.velocity = phys_v2 (0.0, 0.0);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  g_assert_cmpint (phys_world_halt (world).kind, ==, PHYS_HALT_NONE);
  phys_world_step (world, NULL);
  g_assert_cmpint (phys_world_frame (world), ==, frame + 1);
  g_assert_cmpfloat (phys_world_get_circle (world, 0).position.x, ==, 1.0 - 1000.0);
  phys_world_free (world);
}

/* A recording ends at the halt, says why, and records nothing more. */
static void
test_halt_timeline (void)
{
  PhysWorld *world = stiff_spring ();
  PhysTimeline *timeline = phys_timeline_new (world, NULL);

  g_assert_cmpint (phys_timeline_halt (timeline).kind, ==, PHYS_HALT_NONE);
  g_assert_cmpint (phys_timeline_record (timeline, 100), ==, 20);
  g_assert_cmpint (phys_timeline_length (timeline), ==, 20);
  PhysHalt halt = phys_timeline_halt (timeline);
  g_assert_cmpint (halt.kind, ==, PHYS_HALT_DIVERGED);
  g_assert_cmpint (halt.frame, ==, 20);
  g_assert_cmpint (phys_timeline_record (timeline, 100), ==, 0);
  const PhysWorld *last = phys_timeline_seek (timeline, 20);
  g_assert_nonnull (last);
  g_assert_true (phys_v2_is_finite (phys_world_get_circle (last, 0).position));
  g_assert_null (phys_timeline_seek (timeline, 21));
  phys_timeline_free (timeline);
  phys_world_free (world);
}

/* Numbers whose products overflow, sizes whose squares underflow: refused by the core
 * (the loaders refuse them first, with their place in the file). */
static void
test_refused_magnitudes (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysCircleDef fast = imp_test_circle_def ("fast", 0, 0, 1e300, 0, 1);
  PhysCircleDef tiny = imp_test_circle_def ("tiny", 0, 0, 0, 0, 1e-170);
  PhysCircleDef light = imp_test_circle_def ("light", 0, 0, 0, 0, 1);
  PhysCircleDef heavy = imp_test_circle_def ("heavy", 0, 0, 0, 0, 1);
  PhysCircleDef far = imp_test_circle_def ("far", 1e31, 0, 0, 0, 1);
  light.mass = 5e-324;
  heavy.mass = 1e300;

  g_assert_cmpint (phys_world_add_circle (world, &fast, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_world_add_circle (world, &tiny, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_world_add_circle (world, &light, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_world_add_circle (world, &heavy, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_world_add_circle (world, &far, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_world_circle_count (world), ==, 0);

  /* The limits themselves are accepted. */
  PhysCircleDef edge = imp_test_circle_def ("edge", -1e30, 1e30, 1e30, -1e30, 1e-30);
  edge.mass = 1e30;
  g_assert_cmpint (phys_world_add_circle (world, &edge, NULL), ==, PHYS_OK);

  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "edge");
  edit.fields = PHYS_EDIT_VELOCITY;
  edit.velocity = phys_v2 (1e300, 0);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_ERROR_OUT_OF_RANGE);
  edit.fields = PHYS_EDIT_MASS;
  edit.mass = 5e-324;
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpfloat (phys_world_get_circle (world, 0).velocity.x, ==, 1e30);

  PhysSegmentDef wall = phys_segment_def_default ();
  wall.name = "wall";
  wall.b = phys_v2 (1e40, 0);
  g_assert_cmpint (phys_world_add_segment (world, &wall, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  PhysForceDef pull = phys_force_def_default (PHYS_FORCE_ATTRACTOR);
  pull.source = 0;
  pull.G = 1e40;
  g_assert_cmpint (phys_world_add_force (world, &pull, NULL, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  phys_world_free (world);

  PhysWorldDef def = phys_world_def_default ();
  def.event_cap = PHYS_MAX_EVENT_CAP + 1;
  g_assert_cmpint (phys_world_def_check (&def), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_null (phys_world_new (&def));
  def.event_cap = PHYS_MAX_EVENT_CAP;
  g_assert_cmpint (phys_world_def_check (&def), ==, PHYS_OK);
  def.dt = 1e-200;
  g_assert_cmpint (phys_world_def_check (&def), ==, PHYS_ERROR_OUT_OF_RANGE);
  def.dt = 1.0;
  def.gravity = phys_v2 (0, 1e31);
  g_assert_cmpint (phys_world_def_check (&def), ==, PHYS_ERROR_OUT_OF_RANGE);
}

/* Names and counts by kind: a reference out of range names nothing, rather than reading
 * past a table (a probe's name was once read from an empty probe table). */
static void
test_body_lookup (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.max = phys_v2 (10, 10);
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_circle (world, "c", 5, 5, 0, 0, 1);

  g_assert_cmpint (phys_world_body_count (world, PHYS_BODY_CIRCLE), ==, 1);
  g_assert_cmpint (phys_world_body_count (world, PHYS_BODY_SEGMENT), ==, 4);
  g_assert_cmpint (phys_world_body_count (world, PHYS_BODY_PROBE), ==, 0);
  g_assert_cmpint (phys_world_body_count (world, (PhysBodyKind) 7), ==, 0);
  g_assert_cmpstr (phys_world_body_name (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 }), ==, "c");
  g_assert_cmpstr (phys_world_body_name (world, (PhysBodyRef) { PHYS_BODY_SEGMENT, 3 }), ==,
                   "bounds-bottom");
  g_assert_cmpstr (phys_world_body_name (world, (PhysBodyRef) { PHYS_BODY_PROBE, 0 }), ==, "");
  g_assert_cmpstr (phys_world_body_name (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 1 }), ==, "");
  g_assert_cmpstr (phys_world_body_name (world, (PhysBodyRef) { PHYS_BODY_SEGMENT, -1 }), ==, "");
  phys_world_free (world);
}

/* Edits leave every rest count at zero, whether one or many come at a frame, and a
 * step in between counts again. */
static void
test_edits_wake_once_per_frame (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.max = phys_v2 (100, 100);
  def.bounds_restitution = 0.0;
  def.gravity = phys_v2 (0, 0.1);
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_circle (world, "ball", 50, 99, 0, 0, 1);

  for (int k = 0; k < 5; k++)
    phys_world_step (world, NULL);
  g_assert_cmpint (phys_world_get_circle (world, 0).rest_frames, ==, 5);

  for (int i = 0; i < 3; i++)
    {
      char name[8];
      g_snprintf (name, sizeof name, "n%d", i);
      PhysEdit add = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, name);
      add.position = phys_v2 (10.0 + 10.0 * i, 10);
      g_assert_cmpint (phys_world_apply_edit (world, &add), ==, PHYS_OK);
      g_assert_cmpint (phys_world_get_circle (world, 0).rest_frames, ==, 0);
    }
  phys_world_step (world, NULL);
  g_assert_cmpint (phys_world_get_circle (world, 0).rest_frames, ==, 1);
  PhysEdit move = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "n0");
  move.fields = PHYS_EDIT_POSITION;
  move.position = phys_v2 (12, 10);
  g_assert_cmpint (phys_world_apply_edit (world, &move), ==, PHYS_OK);
  g_assert_cmpint (phys_world_get_circle (world, 0).rest_frames, ==, 0);

  /* A state loaded at the same frame number brings its counts; an edit clears them. */
  phys_world_step (world, NULL);
  size_t size = phys_world_state_size (world);
  void *state = g_malloc (size);
  phys_world_state_save (world, state);
  g_assert_cmpint (phys_world_get_circle (world, 0).rest_frames, ==, 1);
  g_assert_cmpint (phys_world_apply_edit (world, &move), ==, PHYS_OK);
  phys_world_state_load (world, state);
  g_assert_cmpint (phys_world_get_circle (world, 0).rest_frames, ==, 1);
  g_assert_cmpint (phys_world_apply_edit (world, &move), ==, PHYS_OK);
  g_assert_cmpint (phys_world_get_circle (world, 0).rest_frames, ==, 0);
  g_free (state);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/limits/halt/stiff-spring", test_halt_stiff_spring);
  g_test_add_func ("/physics/limits/halt/timeline", test_halt_timeline);
  g_test_add_func ("/physics/limits/refused-magnitudes", test_refused_magnitudes);
  g_test_add_func ("/physics/limits/body-lookup", test_body_lookup);
  g_test_add_func ("/physics/limits/edits-wake-once-per-frame", test_edits_wake_once_per_frame);

  return g_test_run ();
}
