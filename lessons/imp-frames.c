/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-frames.c: reading a recording one state or frame at a time (see the
 * header), and the reader of a PhysTimeline of one's own. */
#include "imp-frames.h"

gint64
imp_frames_first_frame (ImpFrames *frames)
{
  return frames->funcs->first_frame (frames);
}

gint64
imp_frames_length (ImpFrames *frames)
{
  return frames->funcs->length (frames);
}

/* Returns: (transfer full) (nullable): a copy of state k */
PhysWorld *
imp_frames_dup_state (ImpFrames *frames, gint64 k)
{
  return frames->funcs->dup_state (frames, k);
}

/* Returns: (transfer full) (nullable): a copy of the ghost branch's state k */
PhysWorld *
imp_frames_dup_ghost_state (ImpFrames *frames, gint64 k)
{
  return frames->funcs->dup_ghost_state (frames, k);
}

PhysFrameSummary
imp_frames_summary (ImpFrames *frames, gint64 k)
{
  return frames->funcs->summary (frames, k);
}

int
imp_frames_event_count (ImpFrames *frames, gint64 k)
{
  return frames->funcs->event_count (frames, k);
}

PhysEventBrief
imp_frames_event_brief (ImpFrames *frames, gint64 k, int i)
{
  return frames->funcs->event_brief (frames, k, i);
}

gboolean
imp_frames_frame_events (ImpFrames *frames, gint64 k, PhysEventLog *log)
{
  return frames->funcs->frame_events (frames, k, log);
}

int
imp_frames_stops (ImpFrames *frames, gint64 k, PhysStop **stops)
{
  return frames->funcs->stops (frames, k, stops);
}

gboolean
imp_frames_state_at_stop (ImpFrames *frames, gint64 k, const PhysStop *stop, PhysVec2 *positions,
                          PhysVec2 *velocities, PhysVec2 *probe_positions)
{
  return frames->funcs->state_at_stop (frames, k, stop, positions, velocities, probe_positions);
}

int
imp_frames_edit_count (ImpFrames *frames)
{
  return frames->funcs->edit_count (frames);
}

gint64
imp_frames_edit_frame (ImpFrames *frames, int i)
{
  return frames->funcs->edit_frame (frames, i);
}

/* Whether frame k (from state k to state k + 1) is recorded. */
gboolean
imp_frames_recorded (ImpFrames *frames, gint64 frame)
{
  gint64 first = imp_frames_first_frame (frames);
  return frame >= first && frame < first + imp_frames_length (frames);
}

void
imp_frames_free (ImpFrames *frames)
{
  if (frames != NULL)
    frames->funcs->free (frames);
}

/* A PhysTimeline of one's own, read directly. */

typedef struct
{
  ImpFrames parent;
  PhysTimeline *timeline; /* borrowed */
} TimelineFrames;

static PhysTimeline *
timeline_of (ImpFrames *frames)
{
  return ((TimelineFrames *) frames)->timeline;
}

static gint64
timeline_first_frame (ImpFrames *frames)
{
  return phys_timeline_first_frame (timeline_of (frames));
}

static gint64
timeline_length (ImpFrames *frames)
{
  return phys_timeline_length (timeline_of (frames));
}

static PhysWorld *
timeline_dup_state (ImpFrames *frames, gint64 k)
{
  const PhysWorld *world = phys_timeline_seek (timeline_of (frames), k);
  return world != NULL ? phys_world_copy (world) : NULL;
}

static PhysWorld *
timeline_dup_ghost_state (ImpFrames *frames, gint64 k)
{
  PhysTimeline *timeline = timeline_of (frames);
  if (!phys_timeline_has_ghost (timeline) || k <= phys_timeline_ghost_fork (timeline))
    return NULL;
  const PhysWorld *ghost = phys_timeline_ghost_seek (timeline, k);
  return ghost != NULL ? phys_world_copy (ghost) : NULL;
}

static PhysFrameSummary
timeline_summary (ImpFrames *frames, gint64 k)
{
  return phys_timeline_summary (timeline_of (frames), k);
}

static int
timeline_event_count (ImpFrames *frames, gint64 k)
{
  return phys_timeline_event_count (timeline_of (frames), k);
}

static PhysEventBrief
timeline_event_brief (ImpFrames *frames, gint64 k, int i)
{
  return phys_timeline_event_brief (timeline_of (frames), k, i);
}

static gboolean
timeline_frame_events (ImpFrames *frames, gint64 k, PhysEventLog *log)
{
  return phys_timeline_frame_events (timeline_of (frames), k, log);
}

static int
timeline_stops (ImpFrames *frames, gint64 k, PhysStop **stops)
{
  return phys_timeline_stops (timeline_of (frames), k, stops);
}

static gboolean
timeline_state_at_stop (ImpFrames *frames, gint64 k, const PhysStop *stop, PhysVec2 *positions,
                        PhysVec2 *velocities, PhysVec2 *probe_positions)
{
  return phys_timeline_state_at_stop (timeline_of (frames), k, stop, positions, velocities,
                                      probe_positions);
}

static int
timeline_edit_count (ImpFrames *frames)
{
  return phys_timeline_edit_count (timeline_of (frames));
}

static gint64
timeline_edit_frame (ImpFrames *frames, int i)
{
  int64_t k = -1;
  phys_timeline_get_edit (timeline_of (frames), i, &k);
  return k;
}

static void
timeline_free (ImpFrames *frames)
{
  g_free (frames);
}

static const ImpFramesFuncs timeline_funcs = {
  .first_frame = timeline_first_frame,
  .length = timeline_length,
  .dup_state = timeline_dup_state,
  .dup_ghost_state = timeline_dup_ghost_state,
  .summary = timeline_summary,
  .event_count = timeline_event_count,
  .event_brief = timeline_event_brief,
  .frame_events = timeline_frame_events,
  .stops = timeline_stops,
  .state_at_stop = timeline_state_at_stop,
  .edit_count = timeline_edit_count,
  .edit_frame = timeline_edit_frame,
  .free = timeline_free,
};

/**
 * imp_frames_new_for_timeline:
 * @timeline: (transfer none): a timeline that outlives the reader, read on this
 *   thread only
 *
 * Returns: (transfer full): a reader of @timeline; imp_frames_free() it
 */
ImpFrames *
imp_frames_new_for_timeline (PhysTimeline *timeline)
{
  TimelineFrames *frames = g_new0 (TimelineFrames, 1);
  frames->parent.funcs = &timeline_funcs;
  frames->timeline = timeline;
  return &frames->parent;
}
