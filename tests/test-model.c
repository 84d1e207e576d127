/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model.c: the model the views follow (ui/model/): the recording, the
 * playhead and the selection, driven as the views drive them. GLib only: no
 * display, no GTK; the main loop runs where the recording publishes. */
#include <gio/gio.h>
#include <math.h>

#include "imp-recording.h"
#include "imp-scene.h"
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
  /* Nothing past the recording. */
  g_assert_null (imp_recording_seek (recording, n + 5));
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
  g_array_unref (l.lengths);
}

typedef struct
{
  gint64 states;
  const char *const *names;
  int n_names;
  double *world;  /* states values of each series */
  double *bodies; /* states values of each body */
} Direct;

/* The series as a reader computes them straight from the timeline. */
static void
compute_directly (PhysTimeline *timeline, gpointer data)
{
  Direct *d = data;
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
  imp_recording_read (recording, compute_directly, &d);
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
  g_free (d.world);
  g_free (d.bodies);
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
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/recording/seek-copies", test_recording_seek_copies);
  g_test_add_func ("/model/recording/length-changed", test_recording_length_changed);
  g_test_add_func ("/model/recording/series-off-thread", test_recording_series_off_thread);
  g_test_add_func ("/model/recording/edit-and-undo", test_recording_edit_and_undo);
  return g_test_run ();
}
