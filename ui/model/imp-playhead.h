/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-playhead.h: where in a recording the learner is: a frame, a stop inside
 * it (before or after an event's response), the time inside it while playing;
 * playback at a speed, a loop, a breakpoint that pauses it. GLib only.
 *
 * It follows its recording: a new, edited, undone or redone recording puts it
 * back on its frame's start ("changed"); and it keeps the worker recording
 * ahead of it.
 */
#pragma once

#include <glib-object.h>

#include "imp-recording.h"

G_BEGIN_DECLS

#define IMP_TYPE_PLAYHEAD (imp_playhead_get_type ())
G_DECLARE_FINAL_TYPE (ImpPlayhead, imp_playhead, IMP, PLAYHEAD, GObject)

ImpPlayhead *imp_playhead_new (ImpRecording *recording);

gint64 imp_playhead_get_frame (ImpPlayhead *self);
void imp_playhead_set_frame (ImpPlayhead *self, gint64 frame);
void imp_playhead_step (ImpPlayhead *self, int frames);
void imp_playhead_rewind (ImpPlayhead *self);
int imp_playhead_get_stop (ImpPlayhead *self);
void imp_playhead_set_stop (ImpPlayhead *self, int stop);
const PhysStop *imp_playhead_get_stops (ImpPlayhead *self, int *n_stops);
const PhysStop *imp_playhead_get_stop_info (ImpPlayhead *self);
double imp_playhead_get_phase (ImpPlayhead *self);
double imp_playhead_get_time_in_frame (ImpPlayhead *self);

const PhysStop *imp_playhead_step_into (ImpPlayhead *self, int direction);
gboolean imp_playhead_go_to_event (ImpPlayhead *self, gint64 frame, int event);
gboolean imp_playhead_land_before_first_event (ImpPlayhead *self, gint64 frame, int *event);
gint64 imp_playhead_find_event (ImpPlayhead *self, int direction);

gboolean imp_playhead_get_playing (ImpPlayhead *self);
void imp_playhead_set_playing (ImpPlayhead *self, gboolean playing);
double imp_playhead_get_speed (ImpPlayhead *self);
void imp_playhead_set_speed (ImpPlayhead *self, double speed);
void imp_playhead_advance (ImpPlayhead *self, double seconds);
void imp_playhead_set_loop (ImpPlayhead *self, gint64 start, gint64 end);
gboolean imp_playhead_get_loop (ImpPlayhead *self, gint64 *start, gint64 *end);

void imp_playhead_set_breakpoint (ImpPlayhead *self, const PhysTimelineQuery *query);
gboolean imp_playhead_get_breakpoint (ImpPlayhead *self, PhysTimelineQuery *query);

G_END_DECLS
