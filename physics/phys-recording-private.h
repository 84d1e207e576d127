/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-recording-private.h: one unbranched recording (phys-recording.c). The
 * timeline (phys-timeline.c) strings these together into branches; the
 * functions mirror the public phys_timeline_* ones for a single recording.
 */
#pragma once

#include "phys-record.h"

typedef struct PhysRecording PhysRecording;

PhysRecording *phys_recording_new (const PhysWorld *world, const PhysTimelineDef *def);
void phys_recording_free (PhysRecording *rec);
int64_t phys_recording_record (PhysRecording *rec, int64_t max_frames);
int64_t phys_recording_length (const PhysRecording *rec);
PhysHalt phys_recording_halt (const PhysRecording *rec);
int64_t phys_recording_first_frame (const PhysRecording *rec);
PhysFrameSummary phys_recording_summary (const PhysRecording *rec, int64_t k);
int phys_recording_event_count (const PhysRecording *rec, int64_t k);
PhysEventBrief phys_recording_event_brief (const PhysRecording *rec, int64_t k, int i);
const PhysWorld *phys_recording_seek (PhysRecording *rec, int64_t k);
bool phys_recording_frame_events (PhysRecording *rec, int64_t k, PhysEventLog *log);
int phys_recording_stops (PhysRecording *rec, int64_t k, PhysStop **stops);
bool phys_recording_state_at_stop (PhysRecording *rec, int64_t k, const PhysStop *stop,
                                   PhysVec2 *positions, PhysVec2 *velocities,
                                   PhysVec2 *probe_positions);
bool phys_recording_state_at_time (PhysRecording *rec, int64_t k, PhysReal t,
                                   PhysVec2 *positions, PhysVec2 *probe_positions);
PhysTimelineStats phys_recording_stats (const PhysRecording *rec);
/* True when recorded frame k matches the query. */
bool phys_recording_frame_matches (const PhysRecording *rec, int64_t k,
                                   const PhysTimelineQuery *query);
/* Forgets everything after state k; recording on from there repeats the same frames. */
void phys_recording_truncate (PhysRecording *rec, int64_t k);
