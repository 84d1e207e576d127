/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session.h: the one model every view follows: the document (the run and
 * the files it came from) composing the recording, the playhead, the selection
 * and the view options (overlays, the term lit, what a lesson keeps back; all
 * in ui/model/). Views take it as their "session" property and redraw when it
 * or its parts notify; no view reads another view's state.
 */
#pragma once

#include <glib-object.h>

#include "imp-playhead.h"
#include "imp-recording.h"
#include "imp-selection.h"
#include "imp-view-options.h"
#include "phys.h"

G_BEGIN_DECLS

#define IMP_TYPE_SESSION (imp_session_get_type ())
G_DECLARE_FINAL_TYPE (ImpSession, imp_session, IMP, SESSION, GObject)

ImpSession *imp_session_new (void);

gboolean imp_session_load (ImpSession *self, const char *path, GError **error);
void imp_session_load_world (ImpSession *self, const PhysWorld *world, const char *title,
                             const char *path, const char *base_dir, const char *scene_path,
                             const char *scene_text);
void imp_session_record_to (ImpSession *self, gint64 frames);
gboolean imp_session_save (ImpSession *self, const char *path, GError **error);
ImpSessionFile *imp_session_dup_file (ImpSession *self);
/* Where the last load or save went; a scene's path until saved as a session. */
const char *imp_session_get_session_path (ImpSession *self);

gboolean imp_session_can_undo (ImpSession *self);
gboolean imp_session_can_redo (ImpSession *self);
gboolean imp_session_undo (ImpSession *self);
gboolean imp_session_redo (ImpSession *self);
PhysStatus imp_session_edit (ImpSession *self, const PhysEdit *edit);
gboolean imp_session_apply_edit (ImpSession *self, const PhysEdit *edit, GError **error);
/* What one press (or repeat) of an arrow key adds to the selected polygon's angular velocity
 * while playing, radians per time unit: an angular impulse of this times its moment of
 * inertia. */
#define IMP_SESSION_SPIN_STEP 0.01
gboolean imp_session_spin_selected (ImpSession *self, int direction);
void imp_session_set_world_edit_frame (ImpSession *self, gint64 frame);
gint64 imp_session_get_world_edit_frame (ImpSession *self);
int imp_session_add_bookmark (ImpSession *self, const char *note);
int imp_session_get_n_bookmarks (ImpSession *self);
char *imp_session_dup_bookmark (ImpSession *self, int i, gint64 *frame);
gboolean imp_session_set_bookmark_note (ImpSession *self, int i, const char *note);
gboolean imp_session_remove_bookmark (ImpSession *self, int i);
const char *imp_session_get_path (ImpSession *self);
const char *imp_session_get_title (ImpSession *self);

/* Calls callback (data) on the change of each of the NULL-terminated property
 * names of object (the session or one of its parts);
 * g_signal_handlers_disconnect_by_data (object, data) undoes it. */
void imp_connect_notifies (gpointer object, const char *const *properties, GCallback callback,
                           gpointer data);
/* Disconnects every handler with data from the session and from each of its
 * parts: for a view that goes, or follows another session. */
void imp_session_disconnect_by_data (ImpSession *self, gpointer data);

/* The model's parts: the recording (read through copies, summaries and series,
 * never a lock), the playhead, the selection and the view options. */
ImpRecording *imp_session_get_recording (ImpSession *self);
ImpPlayhead *imp_session_get_playhead (ImpSession *self);
ImpSelection *imp_session_get_selection (ImpSession *self);
ImpViewOptions *imp_session_get_view_options (ImpSession *self);

gint64 imp_session_get_length (ImpSession *self);
char *imp_session_dup_halt_message (ImpSession *self);
gint64 imp_session_get_frame (ImpSession *self);
void imp_session_set_frame (ImpSession *self, gint64 frame);
int imp_session_get_stop (ImpSession *self);
int imp_session_get_n_stops (ImpSession *self);
const PhysStop *imp_session_get_stop_info (ImpSession *self);
void imp_session_step (ImpSession *self, int frames);
void imp_session_set_breakpoint (ImpSession *self, const PhysTimelineQuery *query);
gboolean imp_session_get_breakpoint (ImpSession *self, PhysTimelineQuery *query);
void imp_session_step_into (ImpSession *self, int direction);
gboolean imp_session_jump_event (ImpSession *self, int direction);
void imp_session_go_to_event (ImpSession *self, gint64 frame, int event);

gboolean imp_session_get_playing (ImpSession *self);
void imp_session_set_playing (ImpSession *self, gboolean playing);
double imp_session_get_speed (ImpSession *self);
void imp_session_set_speed (ImpSession *self, double speed);
void imp_session_advance (ImpSession *self, double seconds);
/* Playback loops over frames [start, end] while end > start; end <= start clears it. */
void imp_session_set_loop (ImpSession *self, gint64 start, gint64 end);
gboolean imp_session_get_loop (ImpSession *self, gint64 *start, gint64 *end);

int imp_session_get_selected_event (ImpSession *self);
void imp_session_set_selected_event (ImpSession *self, int index);
/* Selects a body (kind -1: none); with add, a second body makes a pair, whose
 * test at the playhead's frame the inspector shows whether or not they collide. */
void imp_session_select_body (ImpSession *self, PhysBodyRef body, gboolean add);
gboolean imp_session_get_selected_body (ImpSession *self, PhysBodyRef *body);
gboolean imp_session_get_selected_pair (ImpSession *self, PhysBodyRef *a, PhysBodyRef *b);

/* What the canvas draws now: the world (state at the playhead's frame), circle
 * centres at the playhead's moment, this frame's events, the selected one. The
 * arrays belong to the session and stay valid until it changes. */
typedef struct
{
  const PhysWorld *world;
  const PhysVec2 *positions;
  const PhysVec2 *probe_positions;
  const PhysEvent *events;
  int n_events;
  const PhysEvent *selected;
  double time_in_frame;
  const PhysVec2 *ghost_positions; /* the ghost branch at this frame, or NULL */
  const PhysVec2 *trail;           /* past centres, oldest first: trail[k * n + circle] */
  int trail_len;                   /* states in trail */
  PhysBodyRef body;                /* the selected body (index -1: none) */
  const PhysPairRecord *pair;      /* the selected pair's test at this frame, or NULL */
} ImpSessionView;

void imp_session_get_view (ImpSession *self, ImpSessionView *view);
/* Where the scene has been over (up to samples of) the recorded states. */
PhysAabb imp_session_recorded_box (ImpSession *self, int samples);

G_END_DECLS
