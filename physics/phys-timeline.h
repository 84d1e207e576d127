/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-timeline.h: the recording of a run. Every frame keeps a summary and a
 * brief of each event; full states are kept as keyframes every K frames. Any
 * state, any frame's full event records and any moment inside a frame are
 * rebuilt by restoring a keyframe and stepping again, which gives the very same
 * bits as the first time because stepping is deterministic.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "phys-world.h"

/// Settings of a timeline.
typedef struct
{
  int keyframe_interval;  ///< K: frames between keyframes at the start, >= 1 (default 32)
  size_t budget_bytes;    ///< memory the recording may use; past it keyframes are thinned
                          ///< (K doubles). Default 256 MiB
} PhysTimelineDef;

/// Default timeline settings. Pure.
PhysTimelineDef phys_timeline_def_default (void);

/// What is recorded of each state and frame.
typedef struct
{
  PhysEnergy energy;      ///< energy and momentum of state k
  uint64_t hash;          ///< phys_world_hash() of state k
  uint32_t n_events;      ///< events of frame k (the interval from state k to k + 1)
  uint32_t kinds;         ///< bit (1 << kind) set for each PhysEventKind present in frame k
} PhysFrameSummary;

/// An event as the timeline keeps it: enough to place and find it; the full
/// records come from phys_timeline_frame_events().
typedef struct
{
  PhysEventKind kind;     ///< what happened
  PhysBodyKind b_kind;    ///< what b indexes
  int a, b;               ///< the bodies, as in PhysEvent (-1 for none)
  bool resting, repeated, at_frame_end, woke; ///< flags of PhysEvent
  float t;                ///< approximate time in the frame (to 1/131071), for drawing marks
} PhysEventBrief;

/// Memory and cost figures of a recording.
typedef struct
{
  int64_t frames;         ///< frames recorded
  int64_t keyframes;      ///< keyframes held
  int keyframe_interval;  ///< current K
  int thinned;            ///< times the keyframes were thinned to respect the budget
  size_t bytes;           ///< bytes used: summaries, event briefs, keyframes, caches
  size_t budget_bytes;    ///< the budget
  uint64_t events;        ///< events recorded
  int worst_resteps;      ///< frames to step again for the worst seek (K - 1)
} PhysTimelineStats;

/// A recording. Opaque.
typedef struct PhysTimeline PhysTimeline;

/// Starts a recording of world from its current state (copied; the caller keeps
/// world). Nothing is stepped yet.
PhysTimeline *phys_timeline_new (const PhysWorld *world, const PhysTimelineDef *def);
/// Frees a recording. NULL is allowed.
void phys_timeline_free (PhysTimeline *timeline);

/// Records up to max_frames more frames (a bounded chunk, so a caller can stay
/// responsive) and returns how many it recorded.
int64_t phys_timeline_record (PhysTimeline *timeline, int64_t max_frames);
/// Frames recorded: states 0 to phys_timeline_length() can be visited.
int64_t phys_timeline_length (const PhysTimeline *timeline);
/// Frame number of the recording's first state (the world's frame when recording began).
int64_t phys_timeline_first_frame (const PhysTimeline *timeline);

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

/// A place to stop inside a frame ("step into").
typedef enum
{
  PHYS_STOP_START = 0,    ///< the frame's first state
  PHYS_STOP_BEFORE,       ///< an event's moment, before its response
  PHYS_STOP_AFTER,        ///< an event's moment, after its response
  PHYS_STOP_PROBE,        ///< a probe crossing a segment (changes nothing)
  PHYS_STOP_END,          ///< the frame's last state (state k + 1)
} PhysStopKind;

/// Stable name of a stop kind ("start", "before", "after", "probe", "end"). Pure.
const char *phys_stop_kind_name (PhysStopKind kind);

/// One stop inside a frame.
typedef struct
{
  PhysStopKind kind;      ///< what it is
  PhysReal t;             ///< frame fraction
  int answers;            ///< answers given before the stop (see phys_world_frame_state_at)
  int event;              ///< index of the event in the frame's log, or -1
} PhysStop;

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

/// What a breakpoint looks for in a frame. Zero-initialise, then set fields.
typedef struct
{
  uint32_t kinds;         ///< (1 << PhysEventKind) bits; 0 with no other condition: any event
  bool match_body;        ///< only events that involve body
  PhysBodyRef body;       ///< the body
  bool match_pair;        ///< only events between pair[0] and pair[1] (either order)
  PhysBodyRef pair[2];    ///< the pair
  bool event_cap;         ///< frames where the event cap was hit
  PhysReal energy_change; ///< > 0: frames whose total energy changes by more than this
                          ///< fraction of |E| (|E(k+1) - E(k)| > energy_change |E(k)|)
} PhysTimelineQuery;

/// The first recorded frame after `from` (direction +1) or before it (-1) that
/// matches the query, or -1 when none does.
int64_t phys_timeline_find (const PhysTimeline *timeline, int64_t from, int direction,
                            const PhysTimelineQuery *query);
