/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-frames.h: a recording as a lesson's goals and the export read it, one
 * state or frame at a time.
 *
 * A goal check or a figure reads a handful of states and frames. Whoever holds
 * the recording decides how each read is made: a PhysTimeline of one's own
 * (the command line, a lesson's own path, the tests) is read directly
 * (imp_frames_new_for_timeline()); the window's recording, which a worker
 * thread extends, copies each read out under its lock for that one read
 * (imp_recording_get_frames(), ui/model), so no lock is held while a goal is
 * checked or a figure drawn. Every read returns a value or a copy.
 */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

typedef struct _ImpFrames ImpFrames;

/**
 * ImpFramesFuncs:
 * @first_frame: the first recorded state
 * @length: how many frames are recorded: states first..first + length
 * @dup_state: a copy of state k, or %NULL when it is not recorded
 * @dup_ghost_state: a copy of the ghost branch's state k when there is a ghost
 *   and k is after its fork, else %NULL
 * @summary: the summary of state k and frame k
 * @event_count: the events of frame k
 * @event_brief: event i of frame k, in the order of the frame's log
 * @frame_events: appends the full records of frame k's events to a log; %FALSE
 *   when k is not a recorded frame
 * @stops: frame k's stops into *stops (free() it); 0 when not recorded
 * @state_at_stop: the centres (and, nullable, velocities and probe positions)
 *   at a stop of frame k
 * @edit_count: the edits of the branch recorded
 * @edit_frame: the state edit i applies at
 * @free: frees the reader, not the recording
 *
 * How one kind of recording is read (see phys-timeline.h for each read).
 */
typedef struct
{
  gint64 (*first_frame) (ImpFrames *frames);
  gint64 (*length) (ImpFrames *frames);
  PhysWorld *(*dup_state) (ImpFrames *frames, gint64 k);
  PhysWorld *(*dup_ghost_state) (ImpFrames *frames, gint64 k);
  PhysFrameSummary (*summary) (ImpFrames *frames, gint64 k);
  int (*event_count) (ImpFrames *frames, gint64 k);
  PhysEventBrief (*event_brief) (ImpFrames *frames, gint64 k, int i);
  gboolean (*frame_events) (ImpFrames *frames, gint64 k, PhysEventLog *log);
  int (*stops) (ImpFrames *frames, gint64 k, PhysStop **stops);
  gboolean (*state_at_stop) (ImpFrames *frames, gint64 k, const PhysStop *stop, PhysVec2 *positions,
                             PhysVec2 *velocities, PhysVec2 *probe_positions);
  int (*edit_count) (ImpFrames *frames);
  gint64 (*edit_frame) (ImpFrames *frames, int i);
  void (*free) (ImpFrames *frames);
} ImpFramesFuncs;

/**
 * ImpFrames:
 * @funcs: how this recording is read
 *
 * A reader of a recording; an implementation puts this first in its own struct.
 */
struct _ImpFrames
{
  const ImpFramesFuncs *funcs;
};

ImpFrames *imp_frames_new_for_timeline (PhysTimeline *timeline);
void imp_frames_free (ImpFrames *frames);

gint64 imp_frames_first_frame (ImpFrames *frames);
gint64 imp_frames_length (ImpFrames *frames);
PhysWorld *imp_frames_dup_state (ImpFrames *frames, gint64 k);
PhysWorld *imp_frames_dup_ghost_state (ImpFrames *frames, gint64 k);
PhysFrameSummary imp_frames_summary (ImpFrames *frames, gint64 k);
int imp_frames_event_count (ImpFrames *frames, gint64 k);
PhysEventBrief imp_frames_event_brief (ImpFrames *frames, gint64 k, int i);
gboolean imp_frames_frame_events (ImpFrames *frames, gint64 k, PhysEventLog *log);
int imp_frames_stops (ImpFrames *frames, gint64 k, PhysStop **stops);
gboolean imp_frames_state_at_stop (ImpFrames *frames, gint64 k, const PhysStop *stop,
                                   PhysVec2 *positions, PhysVec2 *velocities,
                                   PhysVec2 *probe_positions);
int imp_frames_edit_count (ImpFrames *frames);
gint64 imp_frames_edit_frame (ImpFrames *frames, int i);
gboolean imp_frames_recorded (ImpFrames *frames, gint64 frame);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpFrames, imp_frames_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhysWorld, phys_world_free)

G_END_DECLS
