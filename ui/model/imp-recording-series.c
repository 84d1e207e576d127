/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording-series.c: the plots' series of a recording, computed off the
 * main thread and kept on it.
 *
 * A circle's energy in a state needs that state, and reading a state replays a
 * step: over a long recording of a large world that is seconds of work. A job
 * (GTask) computes the states not computed yet in chunks, between two of the
 * worker's frames; the main thread appends what it returns and says
 * "series-changed", and the plots draw what is there, filling from the left.
 */
#include "imp-recording-private.h"

#include <string.h>

/* States a job computes at most (the plots fill as each job returns), and
 * states read between two releases of the lock (the worker and the main
 * thread wait at most that long). */
#define JOB_STATES 4096
#define CHUNK_STATES 16

typedef struct
{
  guint generation; /* the timeline's, when the job started: stop when it changes */
  guint epoch;      /* the series', for the main thread to drop a stale answer */
  gint64 from, to;  /* the states [from, to) */
  char names[IMP_RECORDING_MAX_BODIES][PHYS_NAME_MAX];
  int n_names;
  double *world;    /* (to - from) values of each series, series after series */
  double *bodies;   /* (to - from) values of each body, body after body */
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;
  g_free (job->world);
  g_free (job->bodies);
  g_free (job);
}

void
imp_recording_series_init (ImpRecording *self)
{
  for (int s = 0; s < IMP_N_SERIES; s++)
    self->series[s] = g_array_new (FALSE, FALSE, sizeof (double));
  for (int b = 0; b < IMP_RECORDING_MAX_BODIES; b++)
    self->body_series[b] = g_array_new (FALSE, FALSE, sizeof (double));
}

void
imp_recording_series_clear (ImpRecording *self)
{
  for (int s = 0; s < IMP_N_SERIES; s++)
    g_clear_pointer (&self->series[s], g_array_unref);
  for (int b = 0; b < IMP_RECORDING_MAX_BODIES; b++)
    g_clear_pointer (&self->body_series[b], g_array_unref);
}

static void
compute (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ImpRecording *self = source;
  Job *job = data;
  gint64 n = job->to - job->from;
  for (gint64 k0 = job->from; k0 < job->to; k0 += CHUNK_STATES)
    {
      gint64 k1 = MIN (k0 + CHUNK_STATES, job->to);
      g_mutex_lock (&self->lock);
      if (self->generation != job->generation || self->quit)
        {
          g_mutex_unlock (&self->lock);
          g_task_return_boolean (task, FALSE);
          return;
        }
      for (gint64 k = k0; k < k1; k++)
        {
          PhysFrameSummary summary = phys_timeline_summary (self->timeline, k);
          for (int s = 0; s < IMP_N_SERIES; s++)
            job->world[s * n + (k - job->from)] = imp_series_value (&summary, s);
        }
      for (int b = 0; b < job->n_names; b++)
        imp_series_body_energy (self->timeline, job->names[b], k0, k1,
                                job->bodies + b * n + (k0 - job->from));
      g_mutex_unlock (&self->lock);
    }
  g_task_return_boolean (task, TRUE);
}

static void start (ImpRecording *self);

static void
computed (GObject *source, GAsyncResult *result, gpointer data)
{
  ImpRecording *self = IMP_RECORDING (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  gboolean complete = g_task_propagate_boolean (G_TASK (result), NULL);
  self->series_running = FALSE;
  if (complete && job->epoch == self->series_epoch
      && (gint64) self->series[0]->len == job->from)
    {
      gint64 n = job->to - job->from;
      for (int s = 0; s < IMP_N_SERIES; s++)
        g_array_append_vals (self->series[s], job->world + s * n, (guint) n);
      for (int b = 0; b < job->n_names; b++)
        g_array_append_vals (self->body_series[b], job->bodies + b * n, (guint) n);
      imp_recording_emit_series_changed (self);
    }
  start (self);
}

/* Starts a job for the states not computed yet, unless one runs. */
static void
start (ImpRecording *self)
{
  gint64 have = self->series[0]->len, states = self->length + 1;
  if (!self->series_wanted || self->series_running || imp_recording_is_empty (self)
      || have >= states)
    return;
  Job *job = g_new0 (Job, 1);
  g_mutex_lock (&self->lock);
  job->generation = self->generation;
  g_mutex_unlock (&self->lock);
  job->epoch = self->series_epoch;
  job->from = have;
  job->to = MIN (states, have + JOB_STATES);
  job->n_names = self->n_bodies;
  memcpy (job->names, self->body_names, sizeof job->names);
  job->world = g_new (double, (gsize) (job->to - job->from) * IMP_N_SERIES);
  job->bodies = g_new (double, (gsize) (job->to - job->from) * MAX (job->n_names, 1));
  self->series_running = TRUE;
  g_autoptr (GTask) task = g_task_new (self, NULL, computed, NULL);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute);
}

void
imp_recording_series_restart (ImpRecording *self)
{
  self->series_epoch++;
  for (int s = 0; s < IMP_N_SERIES; s++)
    g_array_set_size (self->series[s], 0);
  for (int b = 0; b < IMP_RECORDING_MAX_BODIES; b++)
    g_array_set_size (self->body_series[b], 0);
  start (self);
  imp_recording_emit_series_changed (self);
}

void
imp_recording_series_update (ImpRecording *self)
{
  start (self);
}

/**
 * imp_recording_set_series_bodies:
 * @self: a recording
 * @names: (array length=n_names): the circles whose energy is wanted (at most
 *   two; a name no circle has gives NAN)
 * @n_names: how many
 *
 * Which circles' energies the series hold. Another choice starts them again.
 */
void
imp_recording_set_series_bodies (ImpRecording *self, const char *const *names, int n_names)
{
  n_names = CLAMP (n_names, 0, IMP_RECORDING_MAX_BODIES);
  gboolean same = n_names == self->n_bodies;
  for (int b = 0; same && b < n_names; b++)
    same = g_str_equal (names[b], self->body_names[b]);
  self->series_wanted = TRUE;
  if (same)
    {
      start (self);
      return;
    }
  memset (self->body_names, 0, sizeof self->body_names);
  for (int b = 0; b < n_names; b++)
    g_strlcpy (self->body_names[b], names[b], sizeof self->body_names[b]);
  self->n_bodies = n_names;
  imp_recording_series_restart (self);
}

/**
 * imp_recording_get_series:
 * @self: a recording
 * @series: which
 * @n_values: (out): how many states have a value so far (from state 0)
 *
 * The values of @series in each state as far as computed; the first call has
 * them computed from then on as the recording grows ("series-changed").
 *
 * Returns: (transfer none) (array length=n_values): the values
 */
const double *
imp_recording_get_series (ImpRecording *self, ImpSeries series, gint64 *n_values)
{
  g_return_val_if_fail (series < IMP_N_SERIES, NULL);
  if (!self->series_wanted)
    {
      self->series_wanted = TRUE;
      start (self);
    }
  *n_values = self->series[series]->len;
  return (const double *) self->series[series]->data;
}

/* As imp_recording_get_series(), for the energy of the i-th circle of
 * imp_recording_set_series_bodies(). */
const double *
imp_recording_get_body_series (ImpRecording *self, int i, gint64 *n_values)
{
  g_return_val_if_fail (i >= 0 && i < self->n_bodies, NULL);
  *n_values = self->body_series[i]->len;
  return (const double *) self->body_series[i]->data;
}
