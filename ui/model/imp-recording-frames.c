/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording-frames.c: the recording as a lesson's goals and the export read
 * it (imp-frames.h): each read copies out under the recording's mutex, so the
 * worker waits for one read at most, never for a whole goal check or figure. */
#include "imp-recording-private.h"

typedef struct
{
  ImpFrames parent;
  ImpRecording *recording; /* the owner: the reader is one of its fields */
} RecordingFrames;

static ImpRecording *
recording_of (ImpFrames *frames)
{
  return ((RecordingFrames *) frames)->recording;
}

static gint64
recording_first_frame (ImpFrames *frames)
{
  return imp_recording_get_first_frame (recording_of (frames));
}

static gint64
recording_length (ImpFrames *frames)
{
  return imp_recording_get_recorded (recording_of (frames));
}

static PhysWorld *
recording_dup_state (ImpFrames *frames, gint64 k)
{
  return imp_recording_seek (recording_of (frames), k);
}

static PhysWorld *
recording_dup_ghost_state (ImpFrames *frames, gint64 k)
{
  return imp_recording_seek_ghost (recording_of (frames), k);
}

static PhysFrameSummary
recording_summary (ImpFrames *frames, gint64 k)
{
  ImpRecording *self = recording_of (frames);
  PhysFrameSummary summary = { 0 };
  g_mutex_lock (&self->lock);
  if (self->timeline != NULL)
    summary = phys_timeline_summary (self->timeline, k);
  g_mutex_unlock (&self->lock);
  return summary;
}

static int
recording_event_count (ImpFrames *frames, gint64 k)
{
  ImpRecording *self = recording_of (frames);
  g_mutex_lock (&self->lock);
  int n = self->timeline != NULL ? phys_timeline_event_count (self->timeline, k) : 0;
  g_mutex_unlock (&self->lock);
  return n;
}

static PhysEventBrief
recording_event_brief (ImpFrames *frames, gint64 k, int i)
{
  ImpRecording *self = recording_of (frames);
  PhysEventBrief brief = { 0 };
  g_mutex_lock (&self->lock);
  if (self->timeline != NULL)
    brief = phys_timeline_event_brief (self->timeline, k, i);
  g_mutex_unlock (&self->lock);
  return brief;
}

static gboolean
recording_frame_events (ImpFrames *frames, gint64 k, PhysEventLog *log)
{
  return imp_recording_frame_events (recording_of (frames), k, log);
}

static int
recording_stops (ImpFrames *frames, gint64 k, PhysStop **stops)
{
  return imp_recording_stops (recording_of (frames), k, stops);
}

static gboolean
recording_state_at_stop (ImpFrames *frames, gint64 k, const PhysStop *stop, PhysVec2 *positions,
                         PhysVec2 *velocities, PhysVec2 *probe_positions)
{
  return imp_recording_state_at_stop (recording_of (frames), k, stop, positions, velocities,
                                      probe_positions);
}

static int
recording_edit_count (ImpFrames *frames)
{
  return imp_recording_get_n_edits (recording_of (frames));
}

static gint64
recording_edit_frame (ImpFrames *frames, int i)
{
  return imp_recording_get_edit_frame (recording_of (frames), i);
}

static void
recording_frames_free (ImpFrames *frames)
{
  g_free (frames);
}

static const ImpFramesFuncs recording_funcs = {
  .first_frame = recording_first_frame,
  .length = recording_length,
  .dup_state = recording_dup_state,
  .dup_ghost_state = recording_dup_ghost_state,
  .summary = recording_summary,
  .event_count = recording_event_count,
  .event_brief = recording_event_brief,
  .frame_events = recording_frame_events,
  .stops = recording_stops,
  .state_at_stop = recording_state_at_stop,
  .edit_count = recording_edit_count,
  .edit_frame = recording_edit_frame,
  .free = recording_frames_free,
};

ImpFrames *
imp_recording_frames_new (ImpRecording *self)
{
  RecordingFrames *frames = g_new0 (RecordingFrames, 1);
  frames->parent.funcs = &recording_funcs;
  frames->recording = self;
  return &frames->parent;
}

/**
 * imp_recording_get_frames:
 * @self: a recording
 *
 * The recording as a lesson's goals and the export read it (imp-frames.h):
 * each read is a copy or a value, made under the recording's lock for that
 * read alone. Read on the main thread, which alone edits the recording: the
 * states read stay the same between reads, while the worker may record more.
 *
 * Returns: (transfer none) (nullable): the reader, as long as @self lives;
 *   %NULL before a timeline is installed
 */
ImpFrames *
imp_recording_get_frames (ImpRecording *self)
{
  return imp_recording_is_empty (self) ? NULL : self->frames;
}
