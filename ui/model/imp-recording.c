/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording.c: the recording and its worker (see imp-recording.h).
 *
 * The worker records one frame at a time under the recording's mutex, so a
 * reader never waits for more than one step; the physics itself stays
 * single-threaded and deterministic. The mutex never leaves ui/model (this
 * file, imp-recording-edits.c, imp-recording-series.c and
 * imp-recording-frames.c): every read copies out what it needs.
 */
#include "imp-recording-private.h"

#include "imp-scene.h"

G_DEFINE_FINAL_TYPE (ImpRecording, imp_recording, G_TYPE_OBJECT)

enum
{
  SIGNAL_CHANGED,
  SIGNAL_LENGTH_CHANGED,
  SIGNAL_SERIES_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* Brings the main thread's summaries up to the timeline's length (locked):
 * from state `from` on, the ones before are still the same. The last state
 * published is read again too: its summary counts its frame's events, which
 * were not recorded then. */
static void
sync_summaries (ImpRecording *self, gint64 from)
{
  gint64 length = self->timeline != NULL ? phys_timeline_length (self->timeline) : -1;
  from = MAX (0, MIN (from, (gint64) self->summaries->len - 1));
  g_array_set_size (self->summaries, (guint) (length + 1));
  for (gint64 k = from; k <= length; k++)
    g_array_index (self->summaries, PhysFrameSummary, k)
        = phys_timeline_summary (self->timeline, k);
}

/* Publishes a new length (main thread): the summaries, then "length-changed". */
static void
publish (ImpRecording *self, gint64 length)
{
  if (length == self->length)
    return;
  self->length = length;
  g_signal_emit (self, signals[SIGNAL_LENGTH_CHANGED], 0, length);
  imp_recording_series_update (self);
}

static gboolean
publish_length (gpointer data)
{
  ImpRecording *self = data;
  g_mutex_lock (&self->lock);
  gint64 length = self->timeline != NULL ? phys_timeline_length (self->timeline) : 0;
  sync_summaries (self, self->summaries->len);
  self->length_source = 0;
  g_mutex_unlock (&self->lock);
  publish (self, length);
  return G_SOURCE_REMOVE;
}

static gpointer
record_ahead (gpointer data)
{
  ImpRecording *self = data;
  g_mutex_lock (&self->lock);
  while (!self->quit)
    {
      /* A recording that diverged ends there: nothing more to record until an edit. */
      if (self->timeline == NULL || phys_timeline_length (self->timeline) >= self->target
          || phys_timeline_halt (self->timeline).kind != PHYS_HALT_NONE)
        {
          g_cond_wait (&self->wake, &self->lock);
          continue;
        }
      phys_timeline_record (self->timeline, 1);
      if (self->length_source == 0)
        self->length_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, publish_length,
                                               g_object_ref (self), g_object_unref);
      /* Let the readers in between frames. */
      g_mutex_unlock (&self->lock);
      g_thread_yield ();
      g_mutex_lock (&self->lock);
    }
  g_mutex_unlock (&self->lock);
  return NULL;
}

/* Stops the worker while the recording is still alive: the worker takes a
 * reference for each length update it posts, which finalize would be too late
 * for. */
static void
imp_recording_dispose (GObject *object)
{
  ImpRecording *self = IMP_RECORDING (object);
  if (self->worker != NULL)
    {
      g_mutex_lock (&self->lock);
      self->quit = TRUE;
      g_cond_signal (&self->wake);
      g_mutex_unlock (&self->lock);
      g_clear_pointer (&self->worker, g_thread_join);
    }
  if (self->length_source != 0)
    {
      g_source_remove (self->length_source);
      self->length_source = 0;
    }
  G_OBJECT_CLASS (imp_recording_parent_class)->dispose (object);
}

static void
imp_recording_finalize (GObject *object)
{
  ImpRecording *self = IMP_RECORDING (object);
  phys_timeline_free (self->timeline);
  g_array_unref (self->summaries);
  imp_frames_free (self->frames);
  imp_recording_series_clear (self);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->wake);
  G_OBJECT_CLASS (imp_recording_parent_class)->finalize (object);
}

static void
imp_recording_class_init (ImpRecordingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = imp_recording_dispose;
  object_class->finalize = imp_recording_finalize;
  /* The recording was replaced, edited, undone or redone: any state may differ. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The number of recorded frames changed (the new length). */
  signals[SIGNAL_LENGTH_CHANGED]
      = g_signal_new ("length-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /* More of the plots' series was computed (or they were started again). */
  signals[SIGNAL_SERIES_CHANGED]
      = g_signal_new ("series-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 0);
}

static void
imp_recording_init (ImpRecording *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->wake);
  self->summaries = g_array_new (FALSE, TRUE, sizeof (PhysFrameSummary));
  self->frames = imp_recording_frames_new (self);
  imp_recording_series_init (self);
  self->worker = g_thread_new ("impulse-record", record_ahead, self);
}

ImpRecording *
imp_recording_new (void)
{
  return g_object_new (IMP_TYPE_RECORDING, NULL);
}

void
imp_recording_emit_series_changed (ImpRecording *self)
{
  g_signal_emit (self, signals[SIGNAL_SERIES_CHANGED], 0);
}

void
imp_recording_changed_unlock (ImpRecording *self, gint64 from)
{
  gint64 length = phys_timeline_length (self->timeline);
  self->generation++;
  self->target = MAX (self->target, length + IMP_RECORDING_LOOKAHEAD);
  g_cond_signal (&self->wake);
  sync_summaries (self, from);
  g_mutex_unlock (&self->lock);
  gint64 old = self->length;
  self->length = length;
  imp_recording_series_restart (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (length != old)
    g_signal_emit (self, signals[SIGNAL_LENGTH_CHANGED], 0, length);
}

/**
 * imp_recording_install:
 * @self: a recording
 * @timeline: (transfer full): a new timeline
 *
 * Puts @timeline in place of the old one (freed), records its first frame and
 * has the worker record ahead of it.
 */
void
imp_recording_install (ImpRecording *self, PhysTimeline *timeline)
{
  phys_timeline_record (timeline, 1);
  g_mutex_lock (&self->lock);
  phys_timeline_free (self->timeline);
  self->timeline = timeline;
  self->target = 0;
  imp_recording_changed_unlock (self, 0);
}

gboolean
imp_recording_is_empty (ImpRecording *self)
{
  return self->summaries->len == 0;
}

/* The recorded length as the main thread last saw it ("length-changed"). */
gint64
imp_recording_get_length (ImpRecording *self)
{
  return self->length;
}

/* The frames recorded so far, which the worker may have taken past the length
 * published on the main thread (0 without a recording). */
gint64
imp_recording_get_recorded (ImpRecording *self)
{
  g_mutex_lock (&self->lock);
  gint64 recorded = self->timeline != NULL ? phys_timeline_length (self->timeline) : 0;
  g_mutex_unlock (&self->lock);
  return recorded;
}

gint64
imp_recording_get_first_frame (ImpRecording *self)
{
  g_mutex_lock (&self->lock);
  gint64 first = self->timeline != NULL ? phys_timeline_first_frame (self->timeline) : 0;
  g_mutex_unlock (&self->lock);
  return first;
}

/* Has the worker record until the recording holds frames (it records
 * IMP_RECORDING_LOOKAHEAD ahead of a new recording on its own). */
void
imp_recording_want_frames (ImpRecording *self, gint64 frames)
{
  g_mutex_lock (&self->lock);
  if (frames > self->target)
    {
      self->target = frames;
      g_cond_signal (&self->wake);
    }
  g_mutex_unlock (&self->lock);
}

/**
 * imp_recording_record_to:
 * @self: a recording
 * @frames: how many frames the recording should hold at least
 *
 * Records up to @frames now, on this thread, instead of waiting for the
 * worker: for a lesson that must check a goal at a frame ahead.
 */
void
imp_recording_record_to (ImpRecording *self, gint64 frames)
{
  g_mutex_lock (&self->lock);
  gint64 have = self->timeline != NULL ? phys_timeline_length (self->timeline) : 0;
  if (self->timeline != NULL && have < frames)
    have += phys_timeline_record (self->timeline, frames - have);
  if (frames + IMP_RECORDING_LOOKAHEAD > self->target)
    {
      self->target = frames + IMP_RECORDING_LOOKAHEAD;
      g_cond_signal (&self->wake);
    }
  if (self->timeline != NULL)
    sync_summaries (self, self->summaries->len);
  g_mutex_unlock (&self->lock);
  if (have > self->length)
    publish (self, have);
}

/**
 * imp_recording_get_summaries:
 * @self: a recording
 * @n_states: (out): how many: the length + 1 (0 without a recording)
 *
 * Returns: (transfer none) (array length=n_states): the summary of each
 *   recorded state, valid until the length changes
 */
const PhysFrameSummary *
imp_recording_get_summaries (ImpRecording *self, gint64 *n_states)
{
  *n_states = MIN ((gint64) self->summaries->len, self->length + 1);
  return (const PhysFrameSummary *) self->summaries->data;
}

/* Returns: (transfer full) (nullable): a copy of state k, NULL when not recorded */
PhysWorld *
imp_recording_seek (ImpRecording *self, gint64 k)
{
  g_mutex_lock (&self->lock);
  const PhysWorld *world = self->timeline != NULL ? phys_timeline_seek (self->timeline, k) : NULL;
  PhysWorld *copy = world != NULL ? phys_world_copy (world) : NULL;
  g_mutex_unlock (&self->lock);
  return copy;
}

/* Returns: (transfer full) (nullable): a copy of the ghost branch's state k,
 * when there is a ghost and k is after its fork */
PhysWorld *
imp_recording_seek_ghost (ImpRecording *self, gint64 k)
{
  PhysWorld *copy = NULL;
  g_mutex_lock (&self->lock);
  if (self->timeline != NULL && phys_timeline_has_ghost (self->timeline)
      && k > phys_timeline_ghost_fork (self->timeline))
    {
      const PhysWorld *ghost = phys_timeline_ghost_seek (self->timeline, k);
      copy = ghost != NULL ? phys_world_copy (ghost) : NULL;
    }
  g_mutex_unlock (&self->lock);
  return copy;
}

gboolean
imp_recording_frame_events (ImpRecording *self, gint64 k, PhysEventLog *log)
{
  g_mutex_lock (&self->lock);
  gboolean done = self->timeline != NULL && phys_timeline_frame_events (self->timeline, k, log);
  g_mutex_unlock (&self->lock);
  return done;
}

/* Frame k's stops into *stops (free() it), as phys_timeline_stops(). */
int
imp_recording_stops (ImpRecording *self, gint64 k, PhysStop **stops)
{
  g_mutex_lock (&self->lock);
  int n = self->timeline != NULL ? phys_timeline_stops (self->timeline, k, stops) : 0;
  g_mutex_unlock (&self->lock);
  return n;
}

/* The centres (velocities and probe positions: nullable) at a stop of frame k,
 * as phys_timeline_state_at_stop(). */
gboolean
imp_recording_state_at_stop (ImpRecording *self, gint64 k, const PhysStop *stop,
                             PhysVec2 *positions, PhysVec2 *velocities, PhysVec2 *probe_positions)
{
  g_mutex_lock (&self->lock);
  gboolean done = self->timeline != NULL
                  && phys_timeline_state_at_stop (self->timeline, k, stop, positions, velocities,
                                                  probe_positions);
  g_mutex_unlock (&self->lock);
  return done;
}

gboolean
imp_recording_state_at_time (ImpRecording *self, gint64 k, double t, PhysVec2 *positions,
                             PhysVec2 *probe_positions)
{
  g_mutex_lock (&self->lock);
  gboolean done = self->timeline != NULL
                  && phys_timeline_state_at_time (self->timeline, k, t, positions,
                                                  probe_positions);
  g_mutex_unlock (&self->lock);
  return done;
}

/**
 * imp_recording_trail:
 * @self: a recording
 * @from: the first state
 * @to: the last state
 * @n_circles: the circles of each state wanted
 * @out: room for (@to - @from + 1) * @n_circles centres
 *
 * The circles' centres in states @from..@to, oldest first: out[s * n + circle].
 * A state with another number of circles (an edit added or removed some)
 * starts the trail again after it.
 *
 * Returns: the states written
 */
int
imp_recording_trail (ImpRecording *self, gint64 from, gint64 to, int n_circles, PhysVec2 *out)
{
  int len = 0;
  g_mutex_lock (&self->lock);
  for (gint64 k = from; self->timeline != NULL && k <= to; k++)
    {
      const PhysWorld *past = phys_timeline_seek (self->timeline, k);
      if (past == NULL || phys_world_circle_count (past) != n_circles)
        {
          len = 0;
          continue;
        }
      for (int i = 0; i < n_circles; i++)
        out[(gsize) len * n_circles + i] = phys_world_get_circle (past, i).position;
      len++;
    }
  g_mutex_unlock (&self->lock);
  return len;
}

PhysHalt
imp_recording_get_halt (ImpRecording *self)
{
  PhysHalt halt = { 0 };
  g_mutex_lock (&self->lock);
  if (self->timeline != NULL)
    halt = phys_timeline_halt (self->timeline);
  g_mutex_unlock (&self->lock);
  return halt;
}

/**
 * imp_recording_dup_halt_message:
 * @self: a recording
 *
 * Why the recording ends where it does when an integrator diverged in its last
 * frame (see #PhysHalt): "frame 248: circle "a" diverged: ...". The recording then
 * grows no more until an edit.
 *
 * Returns: (transfer full) (nullable): the message, or %NULL while it can go on
 */
char *
imp_recording_dup_halt_message (ImpRecording *self)
{
  char *message = NULL;
  g_mutex_lock (&self->lock);
  PhysHalt halt = { 0 };
  if (self->timeline != NULL)
    halt = phys_timeline_halt (self->timeline);
  /* The bodies are the branch's own at every frame, so any state names them. */
  if (halt.kind != PHYS_HALT_NONE)
    message = imp_scene_describe_halt (phys_timeline_seek (self->timeline, halt.frame), halt);
  g_mutex_unlock (&self->lock);
  return message;
}

gboolean
imp_recording_frame_matches (ImpRecording *self, gint64 k, const PhysTimelineQuery *query)
{
  return imp_recording_find_in (self, k, k + 1, query) == k;
}

gint64
imp_recording_find (ImpRecording *self, gint64 from, int direction,
                    const PhysTimelineQuery *query)
{
  g_mutex_lock (&self->lock);
  gint64 found
      = self->timeline != NULL ? phys_timeline_find (self->timeline, from, direction, query) : -1;
  g_mutex_unlock (&self->lock);
  return found;
}

/* The first frame of [from, to) the query matches, or -1. */
gint64
imp_recording_find_in (ImpRecording *self, gint64 from, gint64 to, const PhysTimelineQuery *query)
{
  gint64 hit = -1;
  g_mutex_lock (&self->lock);
  for (gint64 k = from; self->timeline != NULL && k < to && hit < 0; k++)
    if (phys_timeline_frame_matches (self->timeline, k, query))
      hit = k;
  g_mutex_unlock (&self->lock);
  return hit;
}
