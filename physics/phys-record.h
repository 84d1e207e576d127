/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-record.h: what a recording keeps of a run and how it is asked about it: its
 * settings, the summary of each frame, the brief of each event, its figures, the
 * stops inside a frame and the queries of breakpoints. The timeline (phys-timeline.h)
 * and each of its unbranched recordings (phys-recording-private.h) share these types,
 * so neither needs the other's header for them.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "phys-world.h"

/// Settings of a timeline.
typedef struct
{
  int keyframe_interval;  ///< K: frames between keyframes at the start, >= 1 (default 24)
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
  bool solved;            ///< PhysEvent.solved: answered by the frame's contact solver
  float t;                ///< approximate time in the frame (to 1/65535), for drawing marks
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
