/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-timeline.h: the recording of a run. Every frame keeps a summary and a
 * brief of each event; full states are kept as keyframes every K frames. Any
 * state, any frame's full event records and any moment inside a frame are
 * rebuilt by restoring a keyframe and stepping again, which gives the very same
 * bits as the first time because stepping is deterministic.
 *
 * Edits branch the run: the frames before the edit are shared, the frames
 * after it are recorded anew, and the previous future stays as a read-only
 * ghost until the next edit. Undo and redo move between branches; a branch that
 * was trimmed to save memory records its frames again, to the same bits.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "phys-edit.h"
#include "phys-record.h"
#include "phys-world.h"

/// A recording. Opaque.
typedef struct PhysTimeline PhysTimeline;

/// Starts a recording of world from its current state (copied; the caller keeps
/// world). Nothing is stepped yet. Every branch gets budget_bytes of its own.
PhysTimeline *phys_timeline_new (const PhysWorld *world, const PhysTimelineDef *def);
/// Frees a recording. NULL is allowed.
void phys_timeline_free (PhysTimeline *timeline);

/// Records up to max_frames more frames of the current branch (a bounded chunk,
/// so a caller can stay responsive) and returns how many it recorded.
int64_t phys_timeline_record (PhysTimeline *timeline, int64_t max_frames);
/// Frames recorded on the current branch: states first to first + length can be visited.
int64_t phys_timeline_length (const PhysTimeline *timeline);
/// Frame number of the recording's first state (the world's frame when recording began).
int64_t phys_timeline_first_frame (const PhysTimeline *timeline);
/// Why the current branch stopped recording: kind PHYS_HALT_DIVERGED when its last
/// frame could not be stepped (see PhysHalt; phys_timeline_record() then records
/// nothing more on this branch), kind NONE while it records.
PhysHalt phys_timeline_halt (const PhysTimeline *timeline);

/// Summary of state/frame k (first <= k <= first + length; n_events is 0 for the last state).
PhysFrameSummary phys_timeline_summary (const PhysTimeline *timeline, int64_t k);
/// Number of events of frame k.
int phys_timeline_event_count (const PhysTimeline *timeline, int64_t k);
/// Brief of event i of frame k, in the order of the frame's log.
PhysEventBrief phys_timeline_event_brief (const PhysTimeline *timeline, int64_t k, int i);

/// The world at state k (first <= k <= first + length). The returned world
/// belongs to the timeline and stays valid until the next call on it; do not
/// step it. NULL when k is out of range.
const PhysWorld *phys_timeline_seek (PhysTimeline *timeline, int64_t k);

/// Appends the full event records of frame k to log (rebuilt by stepping the
/// frame again). Returns false when k is not a recorded frame.
bool phys_timeline_frame_events (PhysTimeline *timeline, int64_t k, PhysEventLog *log);

/// The stops of frame k in order: start, before/after each event (one stop for
/// probe events), end. Returns the count and a newly allocated array in *stops
/// (free() it). Returns 0 when k is not a recorded frame.
int phys_timeline_stops (PhysTimeline *timeline, int64_t k, PhysStop **stops);

/// Circle centres, path velocities and probe positions at a stop of frame k
/// (arrays sized as for phys_world_frame_state_at(); any may be NULL).
bool phys_timeline_state_at_stop (PhysTimeline *timeline, int64_t k, const PhysStop *stop,
                                  PhysVec2 *positions, PhysVec2 *velocities,
                                  PhysVec2 *probe_positions);
/// Circle centres and probe positions at frame k + t for t in [0, 1] (all events
/// at times <= t answered).
bool phys_timeline_state_at_time (PhysTimeline *timeline, int64_t k, PhysReal t,
                                  PhysVec2 *positions, PhysVec2 *probe_positions);

/// Memory and cost figures.
PhysTimelineStats phys_timeline_stats (const PhysTimeline *timeline);

/// True when recorded frame k matches the query (false when k is not recorded).
bool phys_timeline_frame_matches (const PhysTimeline *timeline, int64_t k,
                                  const PhysTimelineQuery *query);

/// The first recorded frame after `from` (direction +1) or before it (-1) that
/// matches the query, or -1 when none does.
int64_t phys_timeline_find (const PhysTimeline *timeline, int64_t from, int direction,
                            const PhysTimelineQuery *query);

/// Applies an edit to state k (first <= k <= first + length) and starts a new
/// branch there: frames after k are recorded anew (call phys_timeline_record()),
/// and the previous future becomes the ghost. Returns why an edit does not apply
/// and then changes nothing. Clears the redo list.
PhysStatus phys_timeline_edit (PhysTimeline *timeline, int64_t k, const PhysEdit *edit);
/// True when there is an edit to undo.
bool phys_timeline_can_undo (const PhysTimeline *timeline);
/// True when there is an undone edit to redo.
bool phys_timeline_can_redo (const PhysTimeline *timeline);
/// Goes back to the branch before the last edit; the undone branch becomes the ghost.
/// Returns false when there is nothing to undo.
bool phys_timeline_undo (PhysTimeline *timeline);
/// Goes forward to the branch of the last undone edit. Returns false when there is none.
bool phys_timeline_redo (PhysTimeline *timeline);
/// Number of edits on the current branch, from the start of the run.
int phys_timeline_edit_count (const PhysTimeline *timeline);
/// Edit i (0 <= i < count) of the current branch, oldest first; *frame gets its frame.
PhysEdit phys_timeline_get_edit (const PhysTimeline *timeline, int i, int64_t *frame);

/// True when a ghost branch (the future before the last edit, undo or redo) exists.
bool phys_timeline_has_ghost (const PhysTimeline *timeline);
/// First frame where the ghost and the current branch differ (the edit's frame).
int64_t phys_timeline_ghost_fork (const PhysTimeline *timeline);
/// Frames recorded on the ghost branch (from first).
int64_t phys_timeline_ghost_length (const PhysTimeline *timeline);
/// The ghost at state k, as phys_timeline_seek() for the current branch.
const PhysWorld *phys_timeline_ghost_seek (PhysTimeline *timeline, int64_t k);
/// The ghost's summary of state/frame k.
PhysFrameSummary phys_timeline_ghost_summary (const PhysTimeline *timeline, int64_t k);
/// The ghost's full event records of frame k.
bool phys_timeline_ghost_frame_events (PhysTimeline *timeline, int64_t k, PhysEventLog *log);

/// Adds a bookmark with a note (copied; may be NULL) at frame k. Returns its index.
int phys_timeline_add_bookmark (PhysTimeline *timeline, int64_t k, const char *note);
/// Replaces the note of bookmark i (copied; NULL for none). Returns false when
/// there is no such bookmark.
bool phys_timeline_set_bookmark_note (PhysTimeline *timeline, int i, const char *note);
/// Removes bookmark i. Returns false when there is no such bookmark.
bool phys_timeline_remove_bookmark (PhysTimeline *timeline, int i);
/// Keeps with bookmark i what the app showed there (copied; NULL for nothing): a text
/// the timeline never reads. Returns false when there is no such bookmark.
bool phys_timeline_set_bookmark_view (PhysTimeline *timeline, int i, const char *view);
/// What bookmark i keeps of the app's view (owned by the timeline), or NULL.
const char *phys_timeline_get_bookmark_view (const PhysTimeline *timeline, int i);
/// Number of bookmarks.
int phys_timeline_bookmark_count (const PhysTimeline *timeline);
/// Bookmark i: its frame in *frame and its note (owned by the timeline, "" for none).
const char *phys_timeline_get_bookmark (const PhysTimeline *timeline, int i, int64_t *frame);
