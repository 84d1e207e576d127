/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model.c: the model the views follow (ui/model/): the recording, the
 * playhead, the selection and the view options, driven as the views drive them.
 * GLib only: no display, no GTK; the main loop runs where the recording
 * publishes. */
#include <gio/gio.h>
#include <math.h>

#include "imp-ledger.h"
#include "imp-lesson-setup.h"
#include "imp-playhead.h"
#include "imp-recording.h"
#include "imp-scene.h"
#include "imp-selection.h"
#include "imp-view-options.h"
#include "test-util.h"

/* A recording of a shipped scene, its first frame recorded. */
static ImpRecording *
recording_of (const char *scene)
{
  g_autofree char *path = imp_test_scene_path (scene);
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_file (path, &error);
  g_assert_no_error (error);
  ImpRecording *recording = imp_recording_new ();
  imp_recording_install (recording, phys_timeline_new (world, NULL));
  phys_world_free (world);
  return recording;
}

/* A straight replay of frames frames from the recording's first state. */
static PhysTimeline *
replay_of (ImpRecording *recording, gint64 frames)
{
  g_autoptr (PhysWorld) start = imp_recording_seek (recording, 0);
  return imp_test_replay (start, frames);
}

/* Runs the main loop until done (data) says so; fails after 20 s. */
static void
iterate_until (gboolean (*done) (gpointer), gpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_TIME_SPAN_SECOND;
  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (done (data));
}

static void
count (gpointer instance, gpointer data)
{
  (*(int *) data)++;
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(int *) data)++;
}

/* Seed 001 head-on: heavy (mass 4) at x = 250 moving right at 3 a frame, light
 * (mass 1) at 550 moving left at 2. A seek hands out a copy: stepping it
 * changes nothing recorded. */
static void
test_recording_seek_copies (void)
{
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  imp_recording_record_to (recording, 60);
  g_assert_cmpint (imp_recording_get_length (recording), >=, 60);

  PhysWorld *a = imp_recording_seek (recording, 10);
  PhysWorld *b = imp_recording_seek (recording, 10);
  g_assert_nonnull (a);
  g_assert_true (a != b);
  g_assert_cmpfloat (phys_world_get_circle (a, 0).position.x, ==, 250.0 + 10 * 3.0);
  g_assert_cmpfloat (phys_world_get_circle (a, 1).position.x, ==, 550.0 - 10 * 2.0);
  PhysEventLog log;
  phys_event_log_init (&log);
  phys_world_step (a, &log);
  phys_event_log_free (&log);
  g_assert_cmpfloat (phys_world_get_circle (a, 0).position.x, ==, 283.0);
  PhysWorld *again = imp_recording_seek (recording, 10);
  g_assert_cmpfloat (phys_world_get_circle (again, 0).position.x, ==, 280.0);
  gint64 n;
  const PhysFrameSummary *summaries = imp_recording_get_summaries (recording, &n);
  g_assert_cmpint (n, ==, imp_recording_get_length (recording) + 1);
  g_assert_cmpuint (summaries[10].hash, ==, phys_world_hash (again));
  g_assert_cmpuint (summaries[10].hash, ==, phys_world_hash (b));
  /* The copy stepped once is state 11, to the bit. */
  g_assert_cmpuint (summaries[11].hash, ==, phys_world_hash (a));
  /* Momentum 4 * 3 - 2 = 10, kinetic energy 4 * 9 / 2 + 4 / 2 = 20. */
  g_assert_cmpfloat (summaries[0].energy.momentum.x, ==, 10.0);
  g_assert_cmpfloat (summaries[0].energy.kinetic, ==, 20.0);
  /* Nothing past the recording (the worker records on meanwhile: far past). */
  g_assert_null (imp_recording_seek (recording, G_MAXINT32));
  phys_world_free (a);
  phys_world_free (b);
  phys_world_free (again);
}

typedef struct
{
  ImpRecording *recording;
  GArray *lengths; /* gint64 per "length-changed" */
} Lengths;

static void
length_changed (ImpRecording *recording, gint64 length, Lengths *l)
{
  g_assert_cmpint (length, ==, imp_recording_get_length (recording));
  gint64 n;
  imp_recording_get_summaries (recording, &n);
  g_assert_cmpint (n, ==, length + 1);
  g_array_append_val (l->lengths, length);
}

static gboolean
grown_to_300 (gpointer data)
{
  return imp_recording_get_length (data) >= 300;
}

/* Each new length is announced once, summaries already there: at once for
 * record_to(), from the main loop for what the worker records. */
static void
test_recording_length_changed (void)
{
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  Lengths l = { recording, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  g_signal_connect (recording, "length-changed", G_CALLBACK (length_changed), &l);
  imp_recording_record_to (recording, 50);
  g_assert_cmpuint (l.lengths->len, ==, 1);
  g_assert_cmpint (g_array_index (l.lengths, gint64, 0), >=, 50);
  iterate_until (grown_to_300, recording);
  g_assert_cmpuint (l.lengths->len, >=, 2);
  for (guint i = 1; i < l.lengths->len; i++)
    g_assert_cmpint (g_array_index (l.lengths, gint64, i), >, g_array_index (l.lengths, gint64,
                                                                              i - 1));
  g_assert_cmpint (g_array_index (l.lengths, gint64, l.lengths->len - 1), ==,
                   imp_recording_get_length (recording));
  g_signal_handlers_disconnect_by_data (recording, &l);
  g_array_unref (l.lengths);
}

/* The summaries the main thread keeps are a straight replay's, though each
 * is published before its frame is recorded: two circles of radius 5, 25
 * apart, closing at 20 a frame, touch in frame 1 (t = 0.25), after the
 * recording published state 1 (at once, on install). The other states come
 * as the worker records them. */
static void
test_recording_summaries_as_recorded (void)
{
  g_autoptr (PhysWorld) world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "a", 100.0, 300.0, 10.0, 0.0, 5.0);
  imp_test_add_circle (world, "b", 135.0, 300.0, -10.0, 0.0, 5.0);
  g_autoptr (ImpRecording) recording = imp_recording_new ();
  imp_recording_install (recording, phys_timeline_new (world, NULL));
  gint64 n;
  imp_recording_get_summaries (recording, &n);
  g_assert_cmpint (n, ==, 2);
  iterate_until (grown_to_300, recording);
  const PhysFrameSummary *summaries = imp_recording_get_summaries (recording, &n);
  PhysTimeline *replay = imp_test_replay (world, n - 1);
  g_assert_cmpuint (summaries[0].n_events, ==, 0);
  g_assert_cmpuint (summaries[1].n_events, ==, 1);
  g_assert_cmpuint (summaries[1].kinds, ==, 1u << PHYS_EVENT_CIRCLE_CIRCLE);
  for (gint64 k = 0; k < n - 1; k++)
    {
      PhysFrameSummary s = phys_timeline_summary (replay, k);
      g_assert_cmpuint (summaries[k].hash, ==, s.hash);
      g_assert_cmpfloat (summaries[k].energy.total, ==, s.energy.total);
      g_assert_cmpuint (summaries[k].n_events, ==, s.n_events);
      g_assert_cmpuint (summaries[k].kinds, ==, s.kinds);
    }
  phys_timeline_free (replay);
}

typedef struct
{
  gint64 states;
  const char *const *names;
  int n_names;
  double *world;  /* states values of each series */
  double *bodies; /* states values of each body */
} Direct;

/* The series computed straight from a timeline of one's own. */
static void
compute_directly (PhysTimeline *timeline, Direct *d)
{
  for (gint64 k = 0; k < d->states; k++)
    {
      PhysFrameSummary s = phys_timeline_summary (timeline, k);
      for (int series = 0; series < IMP_N_SERIES; series++)
        d->world[series * d->states + k] = imp_series_value (&s, series);
    }
  for (int b = 0; b < d->n_names; b++)
    imp_series_body_energy (timeline, d->names[b], 0, d->states, d->bodies + b * d->states);
}

typedef struct
{
  ImpRecording *recording;
  gint64 states;
  int body; /* the last body series asked for */
} Wanted;

static gboolean
series_reach (gpointer data)
{
  Wanted *w = data;
  gint64 n_world, n_body;
  imp_recording_get_series (w->recording, IMP_SERIES_TOTAL_ENERGY, &n_world);
  imp_recording_get_body_series (w->recording, w->body, &n_body);
  return n_world >= w->states && n_body >= w->states;
}

/* The series of seed 004's orbit, computed off the main thread: nothing before
 * the main loop runs, then exactly what a direct computation gives, the
 * energies of two circles (and of one no circle has: NAN) included. */
static void
test_recording_series_off_thread (void)
{
  enum { STATES = 601 };
  g_autoptr (ImpRecording) recording = recording_of ("seed004-orbit.json");
  imp_recording_record_to (recording, STATES - 1);
  int changed = 0;
  g_signal_connect (recording, "series-changed", G_CALLBACK (count), &changed);
  const char *const names[] = { "euler", "rk4" };
  imp_recording_set_series_bodies (recording, names, 2);
  gint64 n;
  imp_recording_get_series (recording, IMP_SERIES_KINETIC, &n);
  g_assert_cmpint (n, ==, 0);
  imp_recording_get_body_series (recording, 0, &n);
  g_assert_cmpint (n, ==, 0);
  int before = changed;
  Wanted w = { recording, STATES, 1 };
  iterate_until (series_reach, &w);
  g_assert_cmpint (changed, >, before);

  Direct d = { STATES, names, 2, g_new (double, STATES * IMP_N_SERIES),
               g_new (double, STATES * 2) };
  PhysTimeline *replay = replay_of (recording, STATES - 1);
  compute_directly (replay, &d);
  phys_timeline_free (replay);
  for (int series = 0; series < IMP_N_SERIES; series++)
    {
      const double *v = imp_recording_get_series (recording, series, &n);
      for (gint64 k = 0; k < STATES; k++)
        g_assert_cmpfloat (v[k], ==, d.world[series * STATES + k]);
    }
  for (int b = 0; b < 2; b++)
    {
      const double *v = imp_recording_get_body_series (recording, b, &n);
      for (gint64 k = 0; k < STATES; k++)
        g_assert_cmpfloat (v[k], ==, d.bodies[b * STATES + k]);
    }
  /* Euler's orbit drifts: its energy is not the one it started with. */
  const double *euler = imp_recording_get_body_series (recording, 0, &n);
  g_assert_cmpfloat (euler[STATES - 1], !=, euler[0]);

  const char *const nobody[] = { "nobody" };
  imp_recording_set_series_bodies (recording, nobody, 1);
  imp_recording_get_body_series (recording, 0, &n);
  g_assert_cmpint (n, ==, 0);
  w = (Wanted) { recording, 10, 0 };
  iterate_until (series_reach, &w);
  g_assert_true (isnan (imp_recording_get_body_series (recording, 0, &n)[9]));
  /* A job still running keeps the recording alive past this test. */
  g_signal_handlers_disconnect_by_data (recording, &changed);
  g_free (d.world);
  g_free (d.bodies);
}

/* The recording as a lesson's goals and the export read it (imp-frames.h), on
 * seed 001 head-on (the event of frame 50 worked above): none before a
 * recording, then copies and values, each read on its own; after an edit, the
 * edit and the ghost of the old future. */
static void
test_recording_frames_head_on (void)
{
  g_autoptr (ImpRecording) empty = imp_recording_new ();
  g_assert_null (imp_recording_get_frames (empty));
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  imp_recording_record_to (recording, 60);
  ImpFrames *frames = imp_recording_get_frames (recording);
  g_assert_true (frames == imp_recording_get_frames (recording));
  g_assert_cmpint (imp_frames_first_frame (frames), ==, 0);
  g_assert_cmpint (imp_frames_length (frames), >=, 60);
  g_assert_true (imp_frames_recorded (frames, 0));
  g_assert_true (imp_frames_recorded (frames, 59));
  g_assert_false (imp_frames_recorded (frames, -1));
  g_assert_false (imp_frames_recorded (frames, G_MAXINT32));

  g_autoptr (PhysWorld) a = imp_frames_dup_state (frames, 10);
  g_autoptr (PhysWorld) b = imp_frames_dup_state (frames, 10);
  g_assert_true (a != b);
  g_assert_cmpfloat (phys_world_get_circle (a, 0).position.x, ==, 280.0);
  g_assert_cmpfloat (phys_world_get_circle (a, 1).position.x, ==, 530.0);
  g_assert_null (imp_frames_dup_state (frames, G_MAXINT32));
  g_assert_null (imp_frames_dup_ghost_state (frames, 20));
  /* Momentum 4 * 3 - 2 = 10, kinetic energy 20; one event, in frame 50 only. */
  PhysFrameSummary summary = imp_frames_summary (frames, 0);
  g_assert_cmpfloat (summary.energy.momentum.x, ==, 10.0);
  g_assert_cmpfloat (summary.energy.kinetic, ==, 20.0);
  g_assert_cmpuint (imp_frames_summary (frames, 10).hash, ==, phys_world_hash (a));
  g_assert_cmpint (imp_frames_event_count (frames, 49), ==, 0);
  g_assert_cmpint (imp_frames_event_count (frames, 50), ==, 1);
  PhysEventBrief brief = imp_frames_event_brief (frames, 50, 0);
  g_assert_cmpint (brief.kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpint (brief.a, ==, 0);
  g_assert_cmpint (brief.b, ==, 1);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_true (imp_frames_frame_events (frames, 50, &log));
  g_assert_cmpuint (log.count, ==, 1);
  g_assert_cmpfloat_with_epsilon (log.events[0].circle_circle.impulse.v2_after.x, 6.0, 1e-9);
  phys_event_log_free (&log);

  /* The stops of frame 50: start, before and after the response, end. Before
   * it the circles touch at 403 and 448 moving at 3 and -2; after, at 1 and 6. */
  PhysStop *stops = NULL;
  g_assert_cmpint (imp_frames_stops (frames, 50, &stops), ==, 4);
  g_assert_cmpint (stops[1].kind, ==, PHYS_STOP_BEFORE);
  g_assert_cmpint (stops[2].kind, ==, PHYS_STOP_AFTER);
  PhysVec2 at[2], v[2];
  g_assert_true (imp_frames_state_at_stop (frames, 50, &stops[1], at, v, NULL));
  g_assert_cmpfloat_with_epsilon (at[0].x, 403.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (at[1].x, 448.0, 1e-9);
  g_assert_cmpfloat (v[0].x, ==, 3.0);
  g_assert_cmpfloat (v[1].x, ==, -2.0);
  g_assert_true (imp_frames_state_at_stop (frames, 50, &stops[2], at, v, NULL));
  g_assert_cmpfloat_with_epsilon (v[0].x, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (v[1].x, 6.0, 1e-9);
  free (stops);

  /* Light stopped at state 10 waits at 530; the old future, where it went on
   * at -2 a frame, is the ghost after the fork. */
  g_assert_cmpint (imp_frames_edit_count (frames), ==, 0);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "light");
  edit.fields = PHYS_EDIT_VELOCITY;
  edit.velocity = (PhysVec2) { 0.0, 0.0 };
  g_assert_cmpint (imp_recording_edit (recording, 10, &edit, 30), ==, PHYS_OK);
  g_assert_cmpint (imp_frames_edit_count (frames), ==, 1);
  g_assert_cmpint (imp_frames_edit_frame (frames, 0), ==, 10);
  g_autoptr (PhysWorld) now = imp_frames_dup_state (frames, 20);
  g_autoptr (PhysWorld) ghost = imp_frames_dup_ghost_state (frames, 20);
  g_assert_nonnull (ghost);
  g_assert_cmpfloat (phys_world_get_circle (now, 1).position.x, ==, 530.0);
  g_assert_cmpfloat (phys_world_get_circle (ghost, 1).position.x, ==, 510.0);
  g_assert_null (imp_frames_dup_ghost_state (frames, 10));
}

/* Seed 001's fifteen balls in a box, 300 frames: every read of the recording
 * equals the same read of a straight replay, to the bit. */
static void
test_recording_frames_straight_replay (void)
{
  enum { FRAMES = 300 };
  g_autoptr (ImpRecording) recording = recording_of ("seed001-balls-in-box.json");
  imp_recording_record_to (recording, FRAMES);
  ImpFrames *frames = imp_recording_get_frames (recording);
  PhysTimeline *replay = replay_of (recording, FRAMES);
  g_autoptr (ImpFrames) straight = imp_frames_new_for_timeline (replay);
  int events = 0, stops_compared = 0;

  for (gint64 k = 0; k <= FRAMES; k++)
    {
      g_autoptr (PhysWorld) state = imp_frames_dup_state (frames, k);
      g_assert_cmpuint (phys_world_hash (state), ==, imp_frames_summary (straight, k).hash);
      g_assert_cmpuint (imp_frames_summary (frames, k).hash, ==,
                        imp_frames_summary (straight, k).hash);
      if (k == FRAMES)
        break;
      int n = imp_frames_event_count (frames, k);
      g_assert_cmpint (n, ==, imp_frames_event_count (straight, k));
      for (int i = 0; i < n; i++)
        {
          PhysEventBrief x = imp_frames_event_brief (frames, k, i);
          PhysEventBrief y = imp_frames_event_brief (straight, k, i);
          g_assert_cmpint (x.kind, ==, y.kind);
          g_assert_cmpint (x.a, ==, y.a);
          g_assert_cmpint (x.b, ==, y.b);
          g_assert_cmpint (x.b_kind, ==, y.b_kind);
          g_assert_cmpfloat (x.t, ==, y.t);
        }
      events += n;
      if (n == 0 || stops_compared >= 5)
        continue;
      /* The first frames with events: their stops and the centres at each. */
      PhysStop *x = NULL, *y = NULL;
      int n_stops = imp_frames_stops (frames, k, &x);
      g_assert_cmpint (n_stops, ==, imp_frames_stops (straight, k, &y));
      g_assert_cmpint (n_stops, ==, 2 * n + 2);
      int circles = phys_world_circle_count (state);
      g_autofree PhysVec2 *p = g_new (PhysVec2, circles);
      g_autofree PhysVec2 *q = g_new (PhysVec2, circles);
      for (int s = 0; s < n_stops; s++)
        {
          g_assert_cmpint (x[s].kind, ==, y[s].kind);
          g_assert_cmpfloat (x[s].t, ==, y[s].t);
          g_assert_true (imp_frames_state_at_stop (frames, k, &x[s], p, NULL, NULL));
          g_assert_true (imp_frames_state_at_stop (straight, k, &y[s], q, NULL, NULL));
          for (int c = 0; c < circles; c++)
            imp_assert_vec_equal (p[c], q[c].x, q[c].y);
        }
      free (x);
      free (y);
      stops_compared++;
    }
  g_assert_cmpint (stops_compared, ==, 5);
  g_assert_cmpint (events, >, 20);
  phys_timeline_free (replay);
}

/* A recording with the edits of a lesson's own path on entering a step, each
 * made at its frame as the lesson player sets a step up. */
static ImpRecording *
recording_as (const ImpLesson *lesson, const ImpLessonSetup *setup)
{
  ImpRecording *recording = imp_recording_new ();
  imp_recording_install (recording, phys_timeline_new (lesson->world, NULL));
  for (int i = 0; i < phys_timeline_edit_count (setup->timeline); i++)
    {
      int64_t k;
      PhysEdit edit = phys_timeline_get_edit (setup->timeline, i, &k);
      imp_recording_record_to (recording, k + 1);
      g_assert_cmpint (imp_recording_edit (recording, k, &edit, k + 1), ==, PHYS_OK);
    }
  imp_recording_record_to (recording, setup->horizon + 1);
  return recording;
}

/* Every goal of every shipped lesson, asked of a recording set up as its step
 * needs, answers as the lesson's own path does: unmet on entry, the same way
 * to "show me", the same measured value (within the lesson's tolerance of its
 * text's answer), met once that value is predicted; and no difference from the
 * step's world. */
static void
test_recording_frames_lesson_goals (void)
{
  g_auto (GStrv) uris = imp_lesson_list_shipped ();
  int checked = 0, predicted = 0;

  for (guint l = 0; uris[l] != NULL; l++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) lesson = imp_lesson_load (uris[l], &error);
      g_assert_no_error (error);
      for (guint i = 0; i < imp_lesson_n_steps (lesson); i++)
        {
          const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, i)->goal;
          if (goal->kind == IMP_GOAL_NONE)
            continue;
          g_autoptr (ImpLessonSetup) setup = imp_lesson_setup_new (lesson, i, &error);
          g_assert_no_error (error);
          g_autoptr (ImpRecording) recording = recording_as (lesson, setup);
          ImpFrames *live = imp_recording_get_frames (recording);
          g_autoptr (ImpFrames) path = imp_frames_new_for_timeline (setup->timeline);
          for (gint64 k = 0; k <= setup->horizon; k++)
            g_assert_cmpuint (imp_frames_summary (live, k).hash, ==,
                              imp_frames_summary (path, k).hash);

          ImpGoalContext context = setup->context;
          g_assert_false (imp_lesson_goal_reached (live, goal, &context));
          g_assert_false (imp_lesson_goal_reached (path, goal, &context));
          ImpGoalSolution x, y;
          g_assert_true (imp_lesson_goal_solve (path, goal, &context, &y, NULL));
          g_assert_true (imp_lesson_goal_solve (live, goal, &context, &x, NULL));
          g_assert_cmpint (x.has_edit, ==, y.has_edit);
          g_assert_cmpint (x.edit_frame, ==, y.edit_frame);
          g_assert_cmpint (x.frame, ==, y.frame);
          g_assert_cmpint (x.event, ==, y.event);
          g_assert_cmpint (x.has_prediction, ==, y.has_prediction);
          g_assert_cmpfloat (x.prediction, ==, y.prediction);
          if (goal->kind == IMP_GOAL_PREDICT)
            {
              double value, on_path;
              g_assert_true (imp_lesson_measure (live, goal, &value, NULL));
              g_assert_true (imp_lesson_measure (path, goal, &on_path, NULL));
              g_assert_cmpfloat (value, ==, on_path);
              if (goal->has_expect)
                g_assert_cmpfloat (fabs (value - goal->expect), <=, goal->tolerance);
              context.has_prediction = TRUE;
              context.prediction = value;
              g_assert_true (imp_lesson_goal_reached (live, goal, &context));
              predicted++;
            }
          g_autofree char *differences = imp_lesson_setup_differences (setup, live, FALSE, NULL);
          g_assert_null (differences);
          checked++;
        }
    }
  g_assert_cmpint (checked, >=, 60);
  g_assert_cmpint (predicted, >=, 12);
}

static gboolean
kinetic_known (gpointer data)
{
  gint64 n;
  imp_recording_get_series (data, IMP_SERIES_KINETIC, &n);
  return n > 0;
}

/* An edit at frame 0 changes the recording from its first state: "changed"
 * once, the summaries and series of the new branch (heavy at 1 a frame: kinetic
 * energy 4 / 2 + 2 = 4); undo brings back 20. */
static void
test_recording_edit_and_undo (void)
{
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  imp_recording_record_to (recording, 20);
  int changed = 0;
  g_signal_connect (recording, "changed", G_CALLBACK (count), &changed);
  iterate_until (kinetic_known, recording);

  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "heavy");
  edit.fields = PHYS_EDIT_VELOCITY;
  edit.velocity = (PhysVec2) { 1.0, 0.0 };
  g_assert_cmpint (imp_recording_edit (recording, 0, &edit, 20), ==, PHYS_OK);
  g_assert_cmpint (changed, ==, 1);
  g_assert_cmpint (imp_recording_get_length (recording), >=, 20);
  g_assert_true (imp_recording_can_undo (recording));
  g_assert_cmpint (imp_recording_get_n_edits (recording), ==, 1);
  g_assert_cmpint (imp_recording_get_edit_frame (recording, 0), ==, 0);
  gint64 n;
  const PhysFrameSummary *summaries = imp_recording_get_summaries (recording, &n);
  g_assert_cmpfloat (summaries[0].energy.kinetic, ==, 4.0);
  g_assert_cmpfloat (summaries[20].energy.momentum.x, ==, 2.0);
  /* What was computed of the old branch is gone; the new one's follows. */
  imp_recording_get_series (recording, IMP_SERIES_KINETIC, &n);
  g_assert_cmpint (n, ==, 0);
  iterate_until (kinetic_known, recording);
  g_assert_cmpfloat (imp_recording_get_series (recording, IMP_SERIES_KINETIC, &n)[0], ==, 4.0);

  /* A refused edit changes nothing. */
  PhysEdit unknown = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "nobody");
  unknown.fields = PHYS_EDIT_VELOCITY;
  g_assert_cmpint (imp_recording_edit (recording, 0, &unknown, 20), !=, PHYS_OK);
  g_assert_cmpint (changed, ==, 1);

  g_assert_true (imp_recording_undo (recording));
  g_assert_cmpint (changed, ==, 2);
  g_assert_cmpfloat (imp_recording_get_summaries (recording, &n)[0].energy.kinetic, ==, 20.0);
  g_assert_false (imp_recording_undo (recording));
  g_assert_cmpint (changed, ==, 2);
  g_signal_handlers_disconnect_by_data (recording, &changed);
}

/* Seed 001 head-on: the surfaces are 550 - 250 - 45 = 255 apart and close at
 * 5 a frame, so they touch at the end of frame 50 (t = 1): heavy at
 * 250 + 51 * 3 = 403, light at 550 - 51 * 2 = 448. The playhead steps into
 * that event and out of it, and says each move once. */
static void
test_playhead_stops (void)
{
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  imp_recording_record_to (recording, 100);
  g_autoptr (ImpPlayhead) playhead = imp_playhead_new (recording);
  int frames = 0, stops = 0;
  g_signal_connect (playhead, "notify::frame", G_CALLBACK (count_notify), &frames);
  g_signal_connect (playhead, "notify::stop", G_CALLBACK (count_notify), &stops);

  gint64 hit = imp_playhead_find_event (playhead, 1);
  g_assert_cmpint (hit, ==, 50);
  int event = -1;
  g_assert_true (imp_playhead_land_before_first_event (playhead, hit, &event));
  g_assert_cmpint (event, ==, 0);
  g_assert_cmpint (frames, ==, 1);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 50);
  g_assert_cmpint (imp_playhead_get_stop (playhead), ==, 1);
  const PhysStop *stop = imp_playhead_get_stop_info (playhead);
  g_assert_cmpint (stop->kind, ==, PHYS_STOP_BEFORE);
  g_assert_cmpfloat_with_epsilon (stop->t, 1.0, 1e-12);
  g_assert_cmpfloat (imp_playhead_get_time_in_frame (playhead), ==, stop->t);
  PhysVec2 at[2];
  g_assert_true (imp_recording_state_at_stop (recording, 50, stop, at, NULL, NULL));
  g_assert_cmpfloat_with_epsilon (at[0].x, 403.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (at[1].x, 448.0, 1e-9);

  /* Into the response, then on to the next frame's start, and back. */
  stop = imp_playhead_step_into (playhead, 1);
  g_assert_cmpint (stop->kind, ==, PHYS_STOP_AFTER);
  stop = imp_playhead_step_into (playhead, 1);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 51);
  g_assert_cmpint (imp_playhead_get_stop (playhead), ==, 0);
  g_assert_cmpint (stop->kind, ==, PHYS_STOP_START);
  stop = imp_playhead_step_into (playhead, -1);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 50);
  g_assert_cmpint (stop->kind, ==, PHYS_STOP_AFTER);
  g_assert_cmpint (frames, ==, 3);
  /* "stop" a move: landing says it twice (the frame's start, then the event's
   * stop), each step into once, and stepping back into frame 50 twice (its
   * start, then the stop after the response). */
  g_assert_cmpint (stops, ==, 6);
  /* From frame 51, the previous event is frame 50's; past the recording the
   * playhead stops at its end. */
  imp_playhead_set_frame (playhead, 51);
  g_assert_cmpint (imp_playhead_find_event (playhead, -1), ==, 50);
  imp_playhead_set_frame (playhead, 1000000);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, imp_recording_get_length (recording));
  g_assert_null (imp_playhead_get_stop_info (playhead));
}

static void
hit_at (ImpPlayhead *playhead, gint64 frame, gint64 *hit)
{
  *hit = frame;
}

/* Playback at its speed, wrapping in a loop (from 18 in [10, 20], 11 frames,
 * five frames on is 12), and pausing on the breakpoint's frame, before its
 * event. */
static void
test_playhead_playback (void)
{
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  imp_recording_record_to (recording, 100);
  g_autoptr (ImpPlayhead) playhead = imp_playhead_new (recording);
  imp_playhead_advance (playhead, 1.0);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 0); /* paused: nothing moves */
  imp_playhead_set_loop (playhead, 10, 20);
  imp_playhead_set_frame (playhead, 18);
  imp_playhead_set_playing (playhead, TRUE);
  imp_playhead_advance (playhead, 5.0 / 60.0);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 12);
  /* Half a frame at half speed: a quarter of the way into the frame. */
  imp_playhead_set_speed (playhead, 0.5);
  imp_playhead_advance (playhead, 0.5 / 60.0);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 12);
  g_assert_cmpfloat (imp_playhead_get_time_in_frame (playhead), ==, 0.25);
  imp_playhead_set_playing (playhead, FALSE);
  g_assert_cmpfloat (imp_playhead_get_phase (playhead), ==, 0.0);
  imp_playhead_set_loop (playhead, 0, 0);
  g_assert_false (imp_playhead_get_loop (playhead, NULL, NULL));

  PhysTimelineQuery circles = { 0 };
  circles.kinds = 1u << PHYS_EVENT_CIRCLE_CIRCLE;
  imp_playhead_set_breakpoint (playhead, &circles);
  gint64 hit = -1;
  g_signal_connect (playhead, "breakpoint-hit", G_CALLBACK (hit_at), &hit);
  imp_playhead_set_speed (playhead, 1.0);
  imp_playhead_set_frame (playhead, 0);
  imp_playhead_set_playing (playhead, TRUE);
  imp_playhead_advance (playhead, 90.0 / 60.0);
  g_assert_cmpint (hit, ==, 50);
  g_assert_false (imp_playhead_get_playing (playhead));
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 50);
  g_assert_cmpint (imp_playhead_get_stop (playhead), ==, 1);
  /* Played on, it does not pause on the same frame again. */
  hit = -1;
  imp_playhead_set_playing (playhead, TRUE);
  imp_playhead_advance (playhead, 10.0 / 60.0);
  g_assert_cmpint (hit, ==, -1);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 60);
}

/* An edit puts the playhead back on its frame's start; the frame stays. */
static void
test_playhead_follows_recording (void)
{
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  imp_recording_record_to (recording, 100);
  g_autoptr (ImpPlayhead) playhead = imp_playhead_new (recording);
  int event;
  g_assert_true (imp_playhead_land_before_first_event (playhead, 50, &event));
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "light");
  edit.fields = PHYS_EDIT_VELOCITY;
  edit.velocity = (PhysVec2) { 0.0, 0.0 };
  g_assert_cmpint (imp_recording_edit (recording, 10, &edit, 50), ==, PHYS_OK);
  g_assert_cmpint (imp_playhead_get_frame (playhead), ==, 50);
  g_assert_cmpint (imp_playhead_get_stop (playhead), ==, 0);
  /* The light ball waits at 530: heavy (right edge at 250 + 30 + 3k) meets its
   * left edge (515) at k = 78.33, in frame 78. */
  imp_recording_record_to (recording, 100);
  g_assert_cmpint (imp_playhead_find_event (playhead, 1), ==, 78);
}

static void
bodies_changed (ImpSelection *selection, int *n)
{
  (*n)++;
}

/* A body, a pair, an event; bodies found again by name after an edit renumbers
 * or removes them. */
static void
test_selection_changes (void)
{
  g_autoptr (ImpSelection) selection = imp_selection_new ();
  int events = 0, bodies = 0;
  g_signal_connect (selection, "notify::event", G_CALLBACK (count_notify), &events);
  g_signal_connect (selection, "bodies-changed", G_CALLBACK (bodies_changed), &bodies);
  g_assert_cmpint (imp_selection_get_event (selection), ==, -1);
  g_assert_false (imp_selection_get_body (selection, NULL));

  imp_selection_set_event (selection, 2);
  imp_selection_set_event (selection, 2);
  g_assert_cmpint (events, ==, 1);
  PhysBodyRef heavy = { PHYS_BODY_CIRCLE, 0 }, light = { PHYS_BODY_CIRCLE, 1 };
  imp_selection_select_body (selection, heavy, "heavy", FALSE);
  g_assert_cmpint (imp_selection_get_event (selection), ==, -1);
  g_assert_cmpint (events, ==, 2);
  g_assert_cmpint (bodies, ==, 1);
  PhysBodyRef a, b;
  g_assert_true (imp_selection_get_body (selection, &a));
  g_assert_cmpint (a.index, ==, 0);
  g_assert_false (imp_selection_get_pair (selection, &a, &b));
  /* The same body again makes no pair; another one does. */
  imp_selection_select_body (selection, heavy, "heavy", TRUE);
  g_assert_false (imp_selection_get_pair (selection, &a, &b));
  imp_selection_select_body (selection, light, "light", TRUE);
  g_assert_true (imp_selection_get_pair (selection, &a, &b));
  g_assert_cmpint (a.index, ==, 0);
  g_assert_cmpint (b.index, ==, 1);
  g_assert_cmpstr (imp_selection_get_body_name (selection, 1), ==, "light");
  g_assert_cmpint (bodies, ==, 3);

  /* Heavy removed: light is circle 0 now, and the pair is gone. */
  g_autofree char *path = imp_test_scene_path ("seed001-head-on.json");
  PhysWorld *world = imp_scene_load_file (path, NULL);
  PhysEdit remove = phys_edit_init (PHYS_EDIT_REMOVE_CIRCLE, "heavy");
  g_assert_cmpint (phys_world_apply_edit (world, &remove), ==, PHYS_OK);
  imp_selection_follow (selection, world);
  g_assert_false (imp_selection_get_body (selection, &a));
  g_assert_false (imp_selection_get_pair (selection, &a, &b));
  /* Light alone, found where it is numbered now. */
  imp_selection_select_body (selection, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 }, "light", FALSE);
  imp_selection_follow (selection, world);
  g_assert_true (imp_selection_get_body (selection, &a));
  g_assert_cmpint (a.index, ==, 0);
  g_assert_cmpint (imp_body_find (world, "light", PHYS_BODY_SEGMENT).index, ==, -1);
  imp_selection_clear (selection);
  g_assert_false (imp_selection_get_body (selection, NULL));
  g_assert_cmpint (bodies, ==, 5);
  phys_world_free (world);
}

static ImpKeptBack
kept_pair (const char *a, const char *b)
{
  ImpKeptBack k = { IMP_KEPT_PAIR, "", "", 0 };
  g_strlcpy (k.a, a, sizeof k.a);
  g_strlcpy (k.b, b, sizeof k.b);
  return k;
}

/* The view options: each change notified once (none for the same value), the
 * term lit by one view left alone when another's pointer leaves, and what a
 * lesson keeps back deciding "concealed" (notified for a new list too). */
static void
test_view_options_notify (void)
{
  g_autoptr (ImpViewOptions) options = imp_view_options_new ();
  int overlays = 0, terms = 0, concealed = 0;
  g_signal_connect (options, "notify::overlays", G_CALLBACK (count_notify), &overlays);
  g_signal_connect (options, "notify::highlight-term", G_CALLBACK (count_notify), &terms);
  g_signal_connect (options, "notify::concealed", G_CALLBACK (count_notify), &concealed);
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==, IMP_OVERLAY_DEFAULT);
  g_assert_null (imp_view_options_get_highlight_term (options));
  g_assert_false (imp_view_options_get_concealed (options));
  g_assert_null (imp_view_options_get_kept_back (options));

  imp_view_options_set_overlays (options, IMP_OVERLAY_IDS | IMP_OVERLAY_TRAILS);
  imp_view_options_set_overlays (options, IMP_OVERLAY_IDS | IMP_OVERLAY_TRAILS);
  g_assert_cmpint (overlays, ==, 1);
  ImpOverlays got;
  g_object_get (options, "overlays", &got, NULL);
  g_assert_cmpuint (got, ==, IMP_OVERLAY_IDS | IMP_OVERLAY_TRAILS);
  g_object_set (options, "overlays", IMP_OVERLAY_VELOCITY, NULL);
  g_assert_cmpint (overlays, ==, 2);
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==, IMP_OVERLAY_VELOCITY);

  /* The canvas lights n; the card's pointer leaving it takes nothing back. */
  gboolean canvas_lit = FALSE, card_lit = FALSE;
  imp_view_options_point_at_term (options, "n", &canvas_lit);
  imp_view_options_point_at_term (options, NULL, &card_lit);
  g_assert_cmpstr (imp_view_options_get_highlight_term (options), ==, "n");
  g_assert_true (canvas_lit);
  g_assert_false (card_lit);
  imp_view_options_point_at_term (options, "n", &canvas_lit);
  g_assert_cmpint (terms, ==, 1);
  imp_view_options_point_at_term (options, NULL, &canvas_lit);
  g_assert_null (imp_view_options_get_highlight_term (options));
  g_assert_false (canvas_lit);
  g_assert_cmpint (terms, ==, 2);

  /* Concealed without a list; a list of one pair; another list; none. */
  imp_view_options_set_concealed (options, TRUE);
  imp_view_options_set_concealed (options, TRUE);
  g_assert_cmpint (concealed, ==, 1);
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (ImpKeptBack));
  ImpKeptBack k = kept_pair ("c1", "c2");
  g_array_append_val (kept, k);
  imp_view_options_set_kept_back (options, kept);
  g_assert_true (imp_view_options_get_concealed (options));
  g_assert_cmpint (concealed, ==, 2);
  const GArray *now = imp_view_options_get_kept_back (options);
  g_assert_cmpuint (now->len, ==, 1);
  g_assert_cmpstr (g_array_index (now, ImpKeptBack, 0).b, ==, "c2");
  kept = g_array_new (FALSE, FALSE, sizeof (ImpKeptBack));
  k = kept_pair ("ship", "wall");
  g_array_append_val (kept, k);
  imp_view_options_set_kept_back (options, kept);
  g_assert_cmpint (concealed, ==, 3);
  g_assert_cmpstr (g_array_index (imp_view_options_get_kept_back (options), ImpKeptBack, 0).a, ==,
                   "ship");
  /* An empty list keeps nothing back. */
  imp_view_options_set_kept_back (options, g_array_new (FALSE, FALSE, sizeof (ImpKeptBack)));
  g_assert_false (imp_view_options_get_concealed (options));
  g_assert_null (imp_view_options_get_kept_back (options));
  g_assert_cmpint (concealed, ==, 4);
}

/* The overlays bound to the canvas-overlays key (flags, by name): the window's
 * default is the options' (a new canvas's) with the ghost branch, and a change
 * of either reaches the other. */
static void
test_view_options_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  g_settings_reset (settings, "canvas-overlays");
  ImpOverlays window = IMP_OVERLAY_DEFAULT | IMP_OVERLAY_GHOST_BRANCH;
  g_assert_cmpuint (g_settings_get_flags (settings, "canvas-overlays"), ==, window);
  g_autoptr (ImpViewOptions) options = imp_view_options_new ();
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==, IMP_OVERLAY_DEFAULT);
  g_settings_bind (settings, "canvas-overlays", options, "overlays", G_SETTINGS_BIND_DEFAULT);
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==, window);
  imp_view_options_set_overlays (options, IMP_OVERLAY_IDS | IMP_OVERLAY_GHOST_BRANCH);
  g_auto (GStrv) names = g_settings_get_strv (settings, "canvas-overlays");
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "ids");
  g_assert_cmpstr (names[1], ==, "ghost-branch");
  g_settings_set_flags (settings, "canvas-overlays", IMP_OVERLAY_LEGEND);
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==, IMP_OVERLAY_LEGEND);
  g_settings_unbind (options, "overlays");
  g_settings_reset (settings, "canvas-overlays");
}

/* The ledger of seed 001's head-on impulse (masses 4 and 1, velocities 3 and
 * -2 in, 1 and 6 out): momentum 10 and kinetic energy 20 both ways. Then by
 * hand: a fixed second body is left out of the sums, and a pair that loses
 * velocity keeps neither. */
static void
test_ledger (void)
{
  g_autoptr (ImpRecording) recording = recording_of ("seed001-head-on.json");
  imp_recording_record_to (recording, 60);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_true (imp_recording_frame_events (recording, 50, &log));
  g_assert_cmpuint (log.count, ==, 1);
  const PhysImpulse *imp = &log.events[0].circle_circle.impulse;
  ImpLedger l = imp_ledger_of (imp);
  g_assert_cmpfloat_with_epsilon (l.m1, 4.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (l.m2, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (imp->v1_after.x, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (imp->v2_after.x, 6.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (l.momentum_before.x, 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (l.momentum_after.x, 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (l.kinetic_before, 20.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (l.kinetic_after, 20.0, 1e-9);
  g_assert_true (l.momentum_kept);
  g_assert_true (l.energy_kept);
  phys_event_log_free (&log);

  PhysImpulse wall = { 0 };
  wall.inv_mass1 = 0.5;
  wall.v1_before = (PhysVec2) { 3.0, 4.0 };
  wall.v1_after = (PhysVec2) { -3.0, 4.0 };
  l = imp_ledger_of (&wall);
  g_assert_cmpfloat (l.m2, ==, 0.0);
  g_assert_cmpfloat (l.momentum_before.x, ==, 6.0);
  g_assert_cmpfloat (l.momentum_after.x, ==, -6.0);
  g_assert_cmpfloat (l.kinetic_before, ==, 25.0);
  g_assert_false (l.momentum_kept);
  g_assert_true (l.energy_kept);

  PhysImpulse lossy = { 0 };
  lossy.inv_mass1 = lossy.inv_mass2 = 1.0;
  lossy.v1_before = (PhysVec2) { 2.0, 0.0 };
  lossy.v2_after = (PhysVec2) { 1.0, 0.0 };
  l = imp_ledger_of (&lossy);
  g_assert_cmpfloat (l.kinetic_before, ==, 2.0);
  g_assert_cmpfloat (l.kinetic_after, ==, 0.5);
  g_assert_false (l.momentum_kept);
  g_assert_false (l.energy_kept);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/recording/seek-copies", test_recording_seek_copies);
  g_test_add_func ("/model/recording/length-changed", test_recording_length_changed);
  g_test_add_func ("/model/recording/summaries-as-recorded", test_recording_summaries_as_recorded);
  g_test_add_func ("/model/recording/series-off-thread", test_recording_series_off_thread);
  g_test_add_func ("/model/recording/edit-and-undo", test_recording_edit_and_undo);
  g_test_add_func ("/model/recording/frames/head-on", test_recording_frames_head_on);
  g_test_add_func ("/model/recording/frames/equal-straight-replay",
                   test_recording_frames_straight_replay);
  g_test_add_func ("/model/recording/frames/lesson-goals-as-on-the-path",
                   test_recording_frames_lesson_goals);
  g_test_add_func ("/model/playhead/stops", test_playhead_stops);
  g_test_add_func ("/model/playhead/playback", test_playhead_playback);
  g_test_add_func ("/model/playhead/follows-recording", test_playhead_follows_recording);
  g_test_add_func ("/model/selection/changes", test_selection_changes);
  g_test_add_func ("/model/ledger/head-on-wall-lossy", test_ledger);
  g_test_add_func ("/model/view-options/notify", test_view_options_notify);
  g_test_add_func ("/model/view-options/settings-key", test_view_options_settings);
  return g_test_run ();
}
