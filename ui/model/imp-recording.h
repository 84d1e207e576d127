/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording.h: the recording of a run: the timeline, and the worker that
 * records ahead of the playhead in its own thread.
 *
 * Nothing outside hands the timeline around or locks it: every read returns a
 * copy (a state, a frame's events, its stops) or a value, the summaries of the
 * recorded states and the plots' series are kept on the main thread, and the
 * length is published there ("length-changed"). A lesson's goals and the
 * export read it the same way, through imp_recording_get_frames(). GLib only:
 * tests drive it without a display.
 */
#pragma once

#include <glib-object.h>

#include "imp-frames.h"
#include "imp-series.h"
#include "imp-session-file.h"
#include "phys.h"

G_BEGIN_DECLS

/* How far ahead of the playhead the worker records, in frames. */
#define IMP_RECORDING_LOOKAHEAD 600

#define IMP_TYPE_RECORDING (imp_recording_get_type ())
G_DECLARE_FINAL_TYPE (ImpRecording, imp_recording, IMP, RECORDING, GObject)

ImpRecording *imp_recording_new (void);

void imp_recording_install (ImpRecording *self, PhysTimeline *timeline);
gboolean imp_recording_is_empty (ImpRecording *self);
gint64 imp_recording_get_length (ImpRecording *self);
gint64 imp_recording_get_recorded (ImpRecording *self);
gint64 imp_recording_get_first_frame (ImpRecording *self);
void imp_recording_want_frames (ImpRecording *self, gint64 frames);
void imp_recording_record_to (ImpRecording *self, gint64 frames);

const PhysFrameSummary *imp_recording_get_summaries (ImpRecording *self, gint64 *n_states);
PhysWorld *imp_recording_seek (ImpRecording *self, gint64 k);
PhysWorld *imp_recording_seek_ghost (ImpRecording *self, gint64 k);
gboolean imp_recording_frame_events (ImpRecording *self, gint64 k, PhysEventLog *log);
int imp_recording_stops (ImpRecording *self, gint64 k, PhysStop **stops);
gboolean imp_recording_state_at_stop (ImpRecording *self, gint64 k, const PhysStop *stop,
                                      PhysVec2 *positions, PhysVec2 *velocities,
                                      PhysVec2 *probe_positions);
gboolean imp_recording_state_at_time (ImpRecording *self, gint64 k, double t,
                                      PhysVec2 *positions, PhysVec2 *probe_positions);
int imp_recording_trail (ImpRecording *self, gint64 from, gint64 to, int n_circles,
                         PhysVec2 *out);
PhysHalt imp_recording_get_halt (ImpRecording *self);
char *imp_recording_dup_halt_message (ImpRecording *self);

gboolean imp_recording_frame_matches (ImpRecording *self, gint64 k,
                                      const PhysTimelineQuery *query);
gint64 imp_recording_find (ImpRecording *self, gint64 from, int direction,
                           const PhysTimelineQuery *query);
gint64 imp_recording_find_in (ImpRecording *self, gint64 from, gint64 to,
                              const PhysTimelineQuery *query);

PhysStatus imp_recording_edit (ImpRecording *self, gint64 k, const PhysEdit *edit,
                               gint64 keep_length);
gboolean imp_recording_can_undo (ImpRecording *self);
gboolean imp_recording_can_redo (ImpRecording *self);
gboolean imp_recording_undo (ImpRecording *self);
gboolean imp_recording_redo (ImpRecording *self);
int imp_recording_get_n_edits (ImpRecording *self);
gint64 imp_recording_get_edit_frame (ImpRecording *self, int i);

int imp_recording_add_bookmark (ImpRecording *self, gint64 frame, const char *note);
int imp_recording_get_n_bookmarks (ImpRecording *self);
char *imp_recording_dup_bookmark (ImpRecording *self, int i, gint64 *frame);
gboolean imp_recording_set_bookmark_note (ImpRecording *self, int i, const char *note);
gboolean imp_recording_set_bookmark_view (ImpRecording *self, int i, const char *view);
char *imp_recording_dup_bookmark_view (ImpRecording *self, int i);
gboolean imp_recording_remove_bookmark (ImpRecording *self, int i);

ImpSessionFile *imp_recording_to_session_file (ImpRecording *self, PhysWorld *scene,
                                               const char *scene_path, const char *scene_text);

ImpFrames *imp_recording_get_frames (ImpRecording *self);

void imp_recording_set_series_bodies (ImpRecording *self, const char *const *names, int n_names);
const double *imp_recording_get_series (ImpRecording *self, ImpSeries series, gint64 *n_values);
const double *imp_recording_get_body_series (ImpRecording *self, int i, gint64 *n_values);

G_END_DECLS
