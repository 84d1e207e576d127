/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-timeline.c: recording, seeking, moments inside a frame, memory budget,
 * breakpoint queries. */
#include <string.h>

#include "bench-scenes.h"
#include "test-util.h"

/* A small elastic gas: busy enough to have events in most frames. */
static PhysWorld *
small_gas (uint64_t seed)
{
  return bench_scene_gas (60, 0.8, seed);
}

static PhysTimeline *
record (PhysWorld *world, int frames, int interval, size_t budget)
{
  PhysTimelineDef def = phys_timeline_def_default ();
  def.keyframe_interval = interval;
  if (budget > 0)
    def.budget_bytes = budget;
  PhysTimeline *tl = phys_timeline_new (world, &def);
  g_assert_cmpint (phys_timeline_record (tl, frames), ==, frames);
  g_assert_cmpint (phys_timeline_length (tl), ==, frames);
  return tl;
}

/* Every state reached by a seek is bit-identical to stepping straight from frame 0. */
static void
test_seek_equals_straight_replay (void)
{
  for (uint64_t seed = 1; seed <= 3; seed++)
    {
      const int frames = 600;
      PhysWorld *world = small_gas (seed);
      PhysTimeline *tl = record (world, frames, 16, 0);

      uint64_t straight[601];
      PhysWorld *replay = phys_world_copy (world);
      straight[0] = phys_world_hash (replay);
      for (int k = 1; k <= frames; k++)
        {
          phys_world_step (replay, NULL);
          straight[k] = phys_world_hash (replay);
        }

      GRand *rng = g_rand_new_with_seed ((guint32) seed);
      for (int n = 0; n < 2000; n++)
        {
          int64_t k = g_rand_int_range (rng, 0, frames + 1);
          const PhysWorld *at = phys_timeline_seek (tl, k);
          g_assert_nonnull (at);
          g_assert_cmpint (phys_world_frame (at), ==, k);
          g_assert_cmpuint (phys_world_hash (at), ==, straight[k]);
          g_assert_cmpuint (phys_timeline_summary (tl, k).hash, ==, straight[k]);
        }
      /* Backwards frame by frame, as a learner stepping back does. */
      for (int64_t k = frames; k >= 0; k--)
        g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, straight[k]);

      g_rand_free (rng);
      phys_world_free (replay);
      phys_timeline_free (tl);
      phys_world_free (world);
    }
}

static void
test_seek_out_of_range (void)
{
  PhysWorld *world = small_gas (4);
  PhysTimeline *tl = record (world, 10, 4, 0);
  g_assert_null (phys_timeline_seek (tl, -1));
  g_assert_null (phys_timeline_seek (tl, 11));
  g_assert_nonnull (phys_timeline_seek (tl, 10));
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_false (phys_timeline_frame_events (tl, 10, &log));
  PhysStop *stops = NULL;
  g_assert_cmpint (phys_timeline_stops (tl, 10, &stops), ==, 0);
  g_assert_null (stops);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* The briefs and summaries kept while recording agree with the full records
 * rebuilt later. */
static void
test_events_rebuilt (void)
{
  PhysWorld *world = small_gas (5);
  PhysTimeline *tl = record (world, 300, 8, 0);
  PhysEventLog log, straight;
  phys_event_log_init (&log);
  phys_event_log_init (&straight);
  PhysWorld *replay = phys_world_copy (world);
  uint64_t total = 0;

  for (int64_t k = 0; k < 300; k++)
    {
      phys_event_log_clear (&straight);
      phys_world_step (replay, &straight);
      phys_event_log_clear (&log);
      g_assert_true (phys_timeline_frame_events (tl, k, &log));
      g_assert_cmpuint (log.count, ==, straight.count);
      g_assert_cmpint (phys_timeline_event_count (tl, k), ==, (int) log.count);
      g_assert_cmpuint (phys_timeline_summary (tl, k).n_events, ==, log.count);
      for (size_t i = 0; i < log.count; i++)
        {
          const PhysEvent *e = &log.events[i];
          g_assert_true (memcmp (e, &straight.events[i], sizeof *e) == 0);
          PhysEventBrief b = phys_timeline_event_brief (tl, k, (int) i);
          g_assert_cmpint (b.kind, ==, e->kind);
          g_assert_cmpint (b.a, ==, e->a);
          g_assert_cmpint (b.b, ==, e->b);
          g_assert_cmpint (b.b_kind, ==, e->b_kind);
          g_assert_cmpfloat_with_epsilon (b.t, e->t, 1e-5);
          g_assert_true ((phys_timeline_summary (tl, k).kinds & (1u << e->kind)) != 0);
        }
      total += log.count;
    }
  g_assert_cmpuint (total, >, 100);
  g_assert_cmpuint (phys_timeline_stats (tl).events, ==, total);
  phys_event_log_free (&log);
  phys_event_log_free (&straight);
  phys_world_free (replay);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* Two circles head-on, radius 1, at x = 0 and x = 12, speeds +4 and -4 per frame. */
static void
test_stops_of_a_collision (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  /* d = 12 - 8 t_total; touch when d = 2 -> t_total = 1.25: frame 1 at t = 0.25. */
  imp_test_add_circle (world, "a", 0.0, 0.0, 4.0, 0.0, 1.0);
  imp_test_add_circle (world, "b", 12.0, 0.0, -4.0, 0.0, 1.0);
  PhysTimeline *tl = record (world, 3, 2, 0);

  g_assert_cmpint (phys_timeline_event_count (tl, 0), ==, 0);
  g_assert_cmpint (phys_timeline_event_count (tl, 1), ==, 1);

  PhysStop *stops = NULL;
  int n = phys_timeline_stops (tl, 1, &stops);
  g_assert_cmpint (n, ==, 4);
  g_assert_cmpint (stops[0].kind, ==, PHYS_STOP_START);
  g_assert_cmpint (stops[1].kind, ==, PHYS_STOP_BEFORE);
  g_assert_cmpint (stops[2].kind, ==, PHYS_STOP_AFTER);
  g_assert_cmpint (stops[3].kind, ==, PHYS_STOP_END);
  g_assert_cmpfloat_with_epsilon (stops[1].t, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (stops[2].t, 0.25, 1e-12);
  g_assert_cmpint (stops[1].answers, ==, 0);
  g_assert_cmpint (stops[2].answers, ==, 1);

  PhysVec2 pos[2], vel[2];
  /* Start of frame 1: centres at 4 and 8. */
  g_assert_true (phys_timeline_state_at_stop (tl, 1, &stops[0], pos, vel, NULL));
  imp_assert_vec_near (pos[0], 4.0, 0.0, 1e-12);
  imp_assert_vec_near (pos[1], 8.0, 0.0, 1e-12);
  /* At contact, t = 0.25: centres at 5 and 7, velocities not yet answered. */
  g_assert_true (phys_timeline_state_at_stop (tl, 1, &stops[1], pos, vel, NULL));
  imp_assert_vec_near (pos[0], 5.0, 0.0, 1e-12);
  imp_assert_vec_near (pos[1], 7.0, 0.0, 1e-12);
  imp_assert_vec_near (vel[0], 4.0, 0.0, 1e-12);
  imp_assert_vec_near (vel[1], -4.0, 0.0, 1e-12);
  /* Just after: same place, velocities exchanged. */
  g_assert_true (phys_timeline_state_at_stop (tl, 1, &stops[2], pos, vel, NULL));
  imp_assert_vec_near (pos[0], 5.0, 0.0, 1e-12);
  imp_assert_vec_near (vel[0], -4.0, 0.0, 1e-12);
  imp_assert_vec_near (vel[1], 4.0, 0.0, 1e-12);
  /* End: the rest of the frame (0.75) at the new speeds: 5 - 3 = 2 and 7 + 3 = 10. */
  g_assert_true (phys_timeline_state_at_stop (tl, 1, &stops[3], pos, vel, NULL));
  imp_assert_vec_near (pos[0], 2.0, 0.0, 1e-12);
  imp_assert_vec_near (pos[1], 10.0, 0.0, 1e-12);
  const PhysWorld *end = phys_timeline_seek (tl, 2);
  imp_assert_vec_near (phys_world_get_circle (end, 0).position, 2.0, 0.0, 1e-12);

  /* Any moment: t = 0.5 is after the contact, 0.25 at -4 per frame: 5 - 1 = 4. */
  g_assert_true (phys_timeline_state_at_time (tl, 1, 0.5, pos, NULL));
  imp_assert_vec_near (pos[0], 4.0, 0.0, 1e-12);
  imp_assert_vec_near (pos[1], 8.0, 0.0, 1e-12);
  g_assert_true (phys_timeline_state_at_time (tl, 1, 0.125, pos, NULL));
  imp_assert_vec_near (pos[0], 4.5, 0.0, 1e-12);

  free (stops);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* In a busy frame the stops are in time order and their times are the events'. */
static void
test_stops_follow_events (void)
{
  PhysWorld *world = small_gas (6);
  PhysTimeline *tl = record (world, 200, 8, 0);
  int frames_checked = 0;
  for (int64_t k = 0; k < 200; k++)
    {
      if (phys_timeline_event_count (tl, k) < 2)
        continue;
      PhysEventLog log;
      phys_event_log_init (&log);
      phys_timeline_frame_events (tl, k, &log);
      PhysStop *stops = NULL;
      int n = phys_timeline_stops (tl, k, &stops);
      g_assert_cmpint (n, >=, 2 + (int) log.count);
      g_assert_cmpint (stops[0].kind, ==, PHYS_STOP_START);
      g_assert_cmpint (stops[n - 1].kind, ==, PHYS_STOP_END);
      for (int i = 1; i < n; i++)
        g_assert_cmpfloat (stops[i].t, >=, stops[i - 1].t);
      for (int i = 1; i < n - 1; i++)
        g_assert_cmpfloat (stops[i].t, ==, log.events[stops[i].event].t);

      /* Stopping just after the last answer and at the end agree with the next state. */
      int nc = phys_world_circle_count (world);
      PhysVec2 *pos = g_new (PhysVec2, nc);
      phys_timeline_state_at_stop (tl, k, &stops[n - 1], pos, NULL, NULL);
      const PhysWorld *next = phys_timeline_seek (tl, k + 1);
      for (int i = 0; i < nc; i++)
        imp_assert_vec_equal (pos[i], phys_world_get_circle (next, i).position.x,
                              phys_world_get_circle (next, i).position.y);
      g_free (pos);
      free (stops);
      phys_event_log_free (&log);
      frames_checked++;
    }
  g_assert_cmpint (frames_checked, >, 20);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* A budget too small for every keyframe thins them and says so, and seeks stay exact. */
static void
test_budget_thins_keyframes (void)
{
  PhysWorld *world = small_gas (7);
  PhysTimeline *roomy = record (world, 1000, 4, 0);
  PhysTimelineStats big = phys_timeline_stats (roomy);
  g_assert_cmpint (big.thinned, ==, 0);
  g_assert_cmpint (big.keyframe_interval, ==, 4);
  g_assert_cmpint (big.keyframes, ==, 1000 / 4 + 1);

  /* Half the roomy recording's bytes cannot hold a keyframe every 4 frames. */
  size_t budget = big.bytes / 2;
  PhysTimeline *tight = record (world, 1000, 4, budget);
  PhysTimelineStats small = phys_timeline_stats (tight);
  g_assert_cmpint (small.thinned, >=, 1);
  g_assert_cmpint (small.keyframe_interval, ==, 4 << small.thinned);
  g_assert_cmpuint (small.bytes, <=, budget);
  g_assert_cmpint (small.worst_resteps, ==, small.keyframe_interval - 1);
  g_assert_cmpint (small.keyframes, ==, 1000 / small.keyframe_interval + 1);

  for (int64_t k = 1000; k >= 0; k -= 37)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tight, k)), ==,
                      phys_timeline_summary (roomy, k).hash);

  phys_timeline_free (roomy);
  phys_timeline_free (tight);
  phys_world_free (world);
}

/* Recording in chunks gives the same recording as recording at once. */
static void
test_record_in_chunks (void)
{
  PhysWorld *world = small_gas (8);
  PhysTimeline *whole = record (world, 240, 8, 0);
  PhysTimelineDef def = phys_timeline_def_default ();
  def.keyframe_interval = 8;
  PhysTimeline *chunked = phys_timeline_new (world, &def);
  while (phys_timeline_length (chunked) < 240)
    g_assert_cmpint (phys_timeline_record (chunked, 7), ==, 7);
  phys_timeline_free (chunked);
  chunked = phys_timeline_new (world, &def);
  for (int i = 0; i < 24; i++)
    phys_timeline_record (chunked, 10);
  g_assert_cmpint (phys_timeline_length (chunked), ==, 240);
  for (int64_t k = 0; k <= 240; k++)
    g_assert_cmpuint (phys_timeline_summary (chunked, k).hash, ==,
                      phys_timeline_summary (whole, k).hash);
  phys_timeline_free (whole);
  phys_timeline_free (chunked);
  phys_world_free (world);
}

static void
test_find (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  /* a meets b in frame 1 (see test_stops_of_a_collision); c hits the wall in frame 4:
   * centre 10 + 3 per frame, radius 1, wall at x = 24: touch when 10 + 3 f = 23. */
  imp_test_add_circle (world, "a", 0.0, 0.0, 4.0, 0.0, 1.0);
  imp_test_add_circle (world, "b", 12.0, 0.0, -4.0, 0.0, 1.0);
  imp_test_add_circle (world, "c", 10.0, 50.0, 3.0, 0.0, 1.0);
  imp_test_add_segment (world, "wall", 24.0, 40.0, 24.0, 60.0, PHYS_RESPONSE_REFLECT, 1.0);
  PhysTimeline *tl = record (world, 8, 2, 0);

  PhysTimelineQuery any = { 0 };
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &any), ==, 1);
  g_assert_cmpint (phys_timeline_find (tl, 1, 1, &any), ==, 4);
  g_assert_cmpint (phys_timeline_find (tl, 4, 1, &any), ==, -1);
  g_assert_cmpint (phys_timeline_find (tl, 4, -1, &any), ==, 1);
  g_assert_cmpint (phys_timeline_find (tl, 1, -1, &any), ==, -1);
  /* Frame by frame, as playback checks a breakpoint. */
  for (int64_t k = -1; k <= 9; k++)
    g_assert_cmpint (phys_timeline_frame_matches (tl, k, &any), ==, k == 1 || k == 4);

  PhysTimelineQuery segment = { 0 };
  segment.kinds = 1u << PHYS_EVENT_CIRCLE_SEGMENT;
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &segment), ==, 4);

  PhysTimelineQuery body = { 0 };
  body.match_body = true;
  PhysBodyRef b;
  g_assert_true (phys_world_find (world, "b", &b));
  body.body = b;
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &body), ==, 1);
  g_assert_cmpint (phys_timeline_find (tl, 1, 1, &body), ==, -1);

  PhysTimelineQuery pair = { 0 };
  pair.match_pair = true;
  g_assert_true (phys_world_find (world, "c", &pair.pair[0]));
  g_assert_true (phys_world_find (world, "wall", &pair.pair[1]));
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &pair), ==, 4);
  pair.pair[1] = b;
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &pair), ==, -1);

  PhysTimelineQuery cap = { 0 };
  cap.event_cap = true;
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &cap), ==, -1);

  phys_timeline_free (tl);
  phys_world_free (world);
}

/* Energy breakpoints: an inelastic collision loses energy in its frame. */
static void
test_find_energy_change (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysCircleDef a = imp_test_circle_def ("a", 0.0, 0.0, 4.0, 0.0, 1.0);
  PhysCircleDef b = imp_test_circle_def ("b", 12.0, 0.0, -4.0, 0.0, 1.0);
  a.restitution = 0.25;
  imp_test_add_circle_def (world, &a);
  imp_test_add_circle_def (world, &b);
  PhysTimeline *tl = record (world, 6, 2, 0);
  /* e = sqrt(0.25) = 0.5: kinetic energy falls to e^2 = 1/4 of what it was. */
  PhysFrameSummary s1 = phys_timeline_summary (tl, 1), s2 = phys_timeline_summary (tl, 2);
  g_assert_cmpfloat_with_epsilon (s2.energy.kinetic / s1.energy.kinetic, 0.25, 1e-12);

  PhysTimelineQuery q = { 0 };
  q.energy_change = 0.5;
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &q), ==, 1);
  q.energy_change = 0.8;
  g_assert_cmpint (phys_timeline_find (tl, -1, 1, &q), ==, -1);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* Hashes of every state of a recording, as a straight list. */
static uint64_t *
all_hashes (PhysTimeline *tl)
{
  int64_t n = phys_timeline_length (tl);
  uint64_t *h = g_new (uint64_t, n + 1);
  for (int64_t k = 0; k <= n; k++)
    h[k] = phys_world_hash (phys_timeline_seek (tl, k));
  return h;
}

static PhysEdit
push_edit (const char *name, double vx, double vy)
{
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, name);
  e.fields = PHYS_EDIT_VELOCITY;
  e.velocity = phys_v2 (vx, vy);
  return e;
}

/* An edit keeps the past, changes the state at its frame, and the new future is
 * what stepping the edited world straight gives; the old future is the ghost. */
static void
test_edit_branches (void)
{
  PhysWorld *world = small_gas (9);
  PhysTimeline *tl = record (world, 120, 8, 0);
  uint64_t *before = all_hashes (tl);

  PhysEdit e = push_edit ("g3", 0.5, -0.25);
  g_assert_cmpint (phys_timeline_edit (tl, 40, &e), ==, PHYS_OK);
  g_assert_cmpint (phys_timeline_length (tl), ==, 40);
  g_assert_cmpint (phys_timeline_record (tl, 80), ==, 80);
  g_assert_cmpint (phys_timeline_length (tl), ==, 120);

  /* Straight: step 40 frames, apply the edit, step 80 more. */
  PhysWorld *straight = phys_world_copy (world);
  for (int k = 0; k < 40; k++)
    phys_world_step (straight, NULL);
  g_assert_cmpint (phys_world_apply_edit (straight, &e), ==, PHYS_OK);
  for (int64_t k = 0; k < 40; k++)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, before[k]);
  for (int64_t k = 40; k <= 120; k++)
    {
      g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==,
                        phys_world_hash (straight));
      g_assert_cmpuint (phys_timeline_summary (tl, k).hash, ==, phys_world_hash (straight));
      if (k < 120)
        phys_world_step (straight, NULL);
    }
  g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, 40)), !=, before[40]);
  imp_assert_vec_equal (phys_world_get_circle (phys_timeline_seek (tl, 40), 3).velocity, 0.5,
                        -0.25);

  /* The ghost is the old future, frame for frame. */
  g_assert_true (phys_timeline_has_ghost (tl));
  g_assert_cmpint (phys_timeline_ghost_fork (tl), ==, 40);
  g_assert_cmpint (phys_timeline_ghost_length (tl), ==, 120);
  for (int64_t k = 0; k <= 120; k += 7)
    {
      g_assert_cmpuint (phys_world_hash (phys_timeline_ghost_seek (tl, k)), ==, before[k]);
      g_assert_cmpuint (phys_timeline_ghost_summary (tl, k).hash, ==, before[k]);
    }
  PhysEventLog log;
  phys_event_log_init (&log);
  int64_t busy = phys_timeline_find (tl, 40, 1, &(PhysTimelineQuery) { 0 });
  g_assert_cmpint (busy, >, 40);
  g_assert_true (phys_timeline_ghost_frame_events (tl, busy, &log));
  phys_event_log_free (&log);

  g_assert_cmpint (phys_timeline_edit_count (tl), ==, 1);
  int64_t frame = -1;
  PhysEdit got = phys_timeline_get_edit (tl, 0, &frame);
  g_assert_cmpint (frame, ==, 40);
  g_assert_cmpstr (got.name, ==, "g3");

  g_free (before);
  phys_world_free (straight);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* Undo gives back the very recording from before the edit; redo the edited one. */
static void
test_undo_redo_exact (void)
{
  PhysWorld *world = small_gas (10);
  PhysTimeline *tl = record (world, 150, 8, 0);
  uint64_t *original = all_hashes (tl);

  PhysEdit e = push_edit ("g7", -0.6, 0.1);
  g_assert_cmpint (phys_timeline_edit (tl, 50, &e), ==, PHYS_OK);
  phys_timeline_record (tl, 100);
  uint64_t *edited = all_hashes (tl);

  g_assert_true (phys_timeline_can_undo (tl));
  g_assert_false (phys_timeline_can_redo (tl));
  g_assert_true (phys_timeline_undo (tl));
  g_assert_cmpint (phys_timeline_edit_count (tl), ==, 0);
  /* The branch was trimmed while it was not needed: record it again. */
  phys_timeline_record (tl, 150 - phys_timeline_length (tl));
  g_assert_cmpint (phys_timeline_length (tl), ==, 150);
  for (int64_t k = 0; k <= 150; k++)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, original[k]);
  /* The undone future is now the ghost. */
  g_assert_cmpint (phys_timeline_ghost_fork (tl), ==, 50);
  g_assert_cmpuint (phys_timeline_ghost_summary (tl, 120).hash, ==, edited[120]);

  g_assert_true (phys_timeline_redo (tl));
  g_assert_false (phys_timeline_can_redo (tl));
  phys_timeline_record (tl, 150 - phys_timeline_length (tl));
  for (int64_t k = 0; k <= 150; k++)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, edited[k]);
  g_assert_cmpuint (phys_timeline_ghost_summary (tl, 140).hash, ==, original[140]);

  /* A new edit clears the redo list. */
  g_assert_true (phys_timeline_undo (tl));
  PhysEdit other = push_edit ("g2", 0.2, 0.2);
  g_assert_cmpint (phys_timeline_edit (tl, 20, &other), ==, PHYS_OK);
  g_assert_false (phys_timeline_can_redo (tl));
  g_assert_true (phys_timeline_can_undo (tl));

  g_free (original);
  g_free (edited);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* Editing before an earlier edit replaces that branch; undo brings it back. */
static void
test_edit_before_edit (void)
{
  PhysWorld *world = small_gas (11);
  PhysTimeline *tl = record (world, 100, 8, 0);
  PhysEdit late = push_edit ("g1", 0.3, 0.0);
  g_assert_cmpint (phys_timeline_edit (tl, 60, &late), ==, PHYS_OK);
  phys_timeline_record (tl, 40);
  uint64_t *with_late = all_hashes (tl);

  PhysEdit early = push_edit ("g5", 0.0, 0.3);
  g_assert_cmpint (phys_timeline_edit (tl, 30, &early), ==, PHYS_OK);
  g_assert_cmpint (phys_timeline_edit_count (tl), ==, 1);
  int64_t frame;
  g_assert_cmpstr (phys_timeline_get_edit (tl, 0, &frame).name, ==, "g5");
  g_assert_cmpint (frame, ==, 30);
  g_assert_cmpint (phys_timeline_ghost_fork (tl), ==, 30);
  for (int64_t k = 0; k < 30; k++)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, with_late[k]);

  g_assert_true (phys_timeline_undo (tl));
  g_assert_cmpint (phys_timeline_edit_count (tl), ==, 1);
  g_assert_cmpstr (phys_timeline_get_edit (tl, 0, &frame).name, ==, "g1");
  phys_timeline_record (tl, 100 - phys_timeline_length (tl));
  for (int64_t k = 0; k <= 100; k++)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, with_late[k]);

  g_free (with_late);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* A refused edit changes nothing at all. */
static void
test_edit_refused (void)
{
  PhysWorld *world = small_gas (12);
  PhysTimeline *tl = record (world, 30, 8, 0);
  PhysEdit nobody = push_edit ("nobody", 1.0, 1.0);
  g_assert_cmpint (phys_timeline_edit (tl, 10, &nobody), ==, PHYS_ERROR_UNKNOWN_BODY);
  PhysEdit bad = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "g1");
  bad.fields = PHYS_EDIT_RADIUS;
  bad.radius = -2.0;
  g_assert_cmpint (phys_timeline_edit (tl, 10, &bad), ==, PHYS_ERROR_OUT_OF_RANGE);
  PhysEdit fine = push_edit ("g1", 1.0, 1.0);
  g_assert_cmpint (phys_timeline_edit (tl, 31, &fine), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_timeline_length (tl), ==, 30);
  g_assert_false (phys_timeline_has_ghost (tl));
  g_assert_false (phys_timeline_can_undo (tl));
  g_assert_cmpint (phys_timeline_edit_count (tl), ==, 0);
  phys_timeline_free (tl);
  phys_world_free (world);
}

/* Adding a body changes the world from the edit on; the past keeps the old bodies. */
static void
test_edit_add_body (void)
{
  PhysWorld *world = small_gas (13);
  PhysTimeline *tl = record (world, 20, 4, 0);
  PhysEdit add = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, "newcomer");
  add.position = phys_v2 (1.5, 1.5);
  add.velocity = phys_v2 (0.25, 0.0);
  g_assert_cmpint (phys_timeline_edit (tl, 10, &add), ==, PHYS_OK);
  phys_timeline_record (tl, 10);
  g_assert_cmpint (phys_world_circle_count (phys_timeline_seek (tl, 9)), ==, 60);
  g_assert_cmpint (phys_world_circle_count (phys_timeline_seek (tl, 10)), ==, 61);
  g_assert_cmpint (phys_world_circle_count (phys_timeline_seek (tl, 20)), ==, 61);
  g_assert_cmpint (phys_world_circle_count (phys_timeline_ghost_seek (tl, 20)), ==, 60);
  phys_timeline_free (tl);
  phys_world_free (world);
}

static void
test_bookmarks (void)
{
  PhysWorld *world = small_gas (14);
  PhysTimeline *tl = record (world, 10, 4, 0);
  g_assert_cmpint (phys_timeline_add_bookmark (tl, 3, "first hit"), ==, 0);
  g_assert_cmpint (phys_timeline_add_bookmark (tl, 7, NULL), ==, 1);
  int64_t frame;
  g_assert_cmpstr (phys_timeline_get_bookmark (tl, 0, &frame), ==, "first hit");
  g_assert_cmpint (frame, ==, 3);
  g_assert_cmpstr (phys_timeline_get_bookmark (tl, 1, &frame), ==, "");
  g_assert_true (phys_timeline_remove_bookmark (tl, 0));
  g_assert_false (phys_timeline_remove_bookmark (tl, 5));
  g_assert_cmpint (phys_timeline_bookmark_count (tl), ==, 1);
  g_assert_cmpstr (phys_timeline_get_bookmark (tl, 0, &frame), ==, "");
  g_assert_cmpint (frame, ==, 7);
  g_assert_null (phys_timeline_get_bookmark (tl, 1, &frame));
  g_assert_true (phys_timeline_set_bookmark_note (tl, 0, "ball-03 leaves the box"));
  g_assert_cmpstr (phys_timeline_get_bookmark (tl, 0, &frame), ==, "ball-03 leaves the box");
  g_assert_cmpint (frame, ==, 7);
  g_assert_true (phys_timeline_set_bookmark_note (tl, 0, NULL));
  g_assert_cmpstr (phys_timeline_get_bookmark (tl, 0, NULL), ==, "");
  g_assert_false (phys_timeline_set_bookmark_note (tl, 1, "no such bookmark"));
  /* The view the app keeps with a bookmark: none until set, replaced, dropped. */
  g_assert_null (phys_timeline_get_bookmark_view (tl, 0));
  g_assert_true (phys_timeline_set_bookmark_view (tl, 0, "{\"select\":[\"ball-03\"]}"));
  g_assert_cmpstr (phys_timeline_get_bookmark_view (tl, 0), ==, "{\"select\":[\"ball-03\"]}");
  g_assert_cmpint (phys_timeline_add_bookmark (tl, 9, "later"), ==, 1);
  g_assert_null (phys_timeline_get_bookmark_view (tl, 1));
  g_assert_true (phys_timeline_set_bookmark_view (tl, 1, "{}"));
  g_assert_true (phys_timeline_remove_bookmark (tl, 0));
  g_assert_cmpstr (phys_timeline_get_bookmark_view (tl, 0), ==, "{}");
  g_assert_true (phys_timeline_set_bookmark_view (tl, 0, NULL));
  g_assert_null (phys_timeline_get_bookmark_view (tl, 0));
  g_assert_false (phys_timeline_set_bookmark_view (tl, 1, "{}"));
  g_assert_null (phys_timeline_get_bookmark_view (tl, 1));
  phys_timeline_free (tl);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/timeline/seek/equals-straight-replay", test_seek_equals_straight_replay);
  g_test_add_func ("/timeline/seek/out-of-range", test_seek_out_of_range);
  g_test_add_func ("/timeline/events/rebuilt-equal-recorded", test_events_rebuilt);
  g_test_add_func ("/timeline/stops/head-on-collision", test_stops_of_a_collision);
  g_test_add_func ("/timeline/stops/follow-events", test_stops_follow_events);
  g_test_add_func ("/timeline/budget/thins-keyframes", test_budget_thins_keyframes);
  g_test_add_func ("/timeline/record/chunks", test_record_in_chunks);
  g_test_add_func ("/timeline/find/events", test_find);
  g_test_add_func ("/timeline/find/energy-change", test_find_energy_change);
  g_test_add_func ("/timeline/edit/branches-and-ghost", test_edit_branches);
  g_test_add_func ("/timeline/edit/undo-redo-exact", test_undo_redo_exact);
  g_test_add_func ("/timeline/edit/before-an-earlier-edit", test_edit_before_edit);
  g_test_add_func ("/timeline/edit/refused-changes-nothing", test_edit_refused);
  g_test_add_func ("/timeline/edit/add-body", test_edit_add_body);
  g_test_add_func ("/timeline/bookmarks", test_bookmarks);
  return g_test_run ();
}
