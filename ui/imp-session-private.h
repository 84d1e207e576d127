/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session-private.h: what the session's files share: its fields, its
 * properties and signals, and the hooks between them. imp-session.c holds the
 * document, imp-session-playback.c the playhead and the selection,
 * imp-session-edits.c edits, undo and bookmarks, imp-session-view.c what the
 * canvas draws. */
#pragma once

#include "imp-session.h"

G_BEGIN_DECLS

struct _ImpSession
{
  GObject parent_instance;

  char *path;              /* what was opened: a scene or a session file */
  char *title;
  char *session_path;      /* a session file this run was loaded from or saved to */
  char *scene_path;        /* the scene of the run (as a session would name it) */
  char *scene_text;        /* or its inline JSON text */
  PhysWorld *scene;        /* the scene's state 0, before any edit */

  ImpRecording *recording;
  ImpPlayhead *playhead;
  ImpSelection *selection;
  ImpViewOptions *view_options;

  gint64 world_edit_frame;  /* where set-world edits apply (a lesson's frame 0); -1: playhead */
  /* The inspected event by what it is, found again once an edit, undo or redo has
   * recorded its frame anew (its index may change, or it may be gone). */
  struct
  {
    gboolean pending;
    gint64 frame;
    PhysEventKind kind;
    char a[PHYS_NAME_MAX], b[PHYS_NAME_MAX];
    int occurrence;         /* among the frame's events of that kind between those bodies */
    PhysStopKind stop_kind; /* where the playhead stood: before or after it, or at a probe's */
  } kept;
  PhysPairRecord pair;      /* the pair's test at the frame (valid with the view) */
  gboolean has_pair;

  /* What get_view() hands out, rebuilt when the playhead moves. */
  gboolean view_valid;
  PhysWorld *world;
  PhysVec2 *positions;
  PhysVec2 *probe_positions;
  PhysEventLog events;
  PhysVec2 *ghost;          /* ghost branch centres, when it has the same circles */
  gboolean has_ghost;
  PhysVec2 *trail;          /* the states of centres before the playhead */
  int trail_len;
};

enum
{
  SIGNAL_BREAKPOINT_HIT,
  SIGNAL_NOTICE,
  N_SIGNALS
};

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_LENGTH,
  PROP_FRAME,
  PROP_STOP,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_SELECTED_EVENT,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_N_BOOKMARKS,
  PROP_LOOP,
  N_PROPS
};

/* Notifies property prop (a PROP_ above). */
void imp_session_notify (ImpSession *self, int prop);
void imp_session_emit (ImpSession *self, int signal, ...);

static inline void
imp_session_invalidate_view (ImpSession *self)
{
  self->view_valid = FALSE;
}

void imp_session_follow_playhead (ImpSession *self);
void imp_session_recording_changed (ImpSession *self);
void imp_session_find_kept_event (ImpSession *self);

G_END_DECLS
