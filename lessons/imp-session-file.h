/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session-file.h: session files (docs/session-format.md): a scene, the edits a
 * learner made to it while paused, and bookmarks.
 *
 * A session stores no states: stepping is deterministic, so the scene and the
 * edit log rebuild the very same recording, bit for bit. Errors read
 * "FILE:LINE:COLUMN: error: WHAT WAS EXPECTED", as in scene files; a mistake
 * inside the scene (a scene file or an inline scene object) is reported by the
 * scene loader, in the %IMP_FORMAT_ERROR domain, at its place in the file that
 * holds it.
 *
 * ImpSessionFile is the file's contents; the GUI's live model, ImpSession in
 * ui/imp-session.h, is another thing and may be built from one.
 */
#pragma once

#include <gio/gio.h>

#include "imp-format-error.h"
#include "imp-json-positions.h"
#include "imp-json-reader.h"
#include "imp-json.h"
#include "imp-overlays.h"
#include "phys.h"

G_BEGIN_DECLS

/* The format version this loader reads, the value of the "impulse-session" key. */
#define IMP_SESSION_FILE_VERSION 1

/* The latest frame an edit or bookmark may name: the command line's --frames limit. */
#define IMP_SESSION_FILE_MAX_FRAME G_GINT64_CONSTANT (1000000000)

/* The latest frame a session is replayed to unless the caller allows more: a few
 * seconds for a box of balls. `impulse check --max-frames` raises it. */
#define IMP_SESSION_FILE_REPLAY_LIMIT G_GINT64_CONSTANT (1000000)

/**
 * ImpSessionFileEdit:
 * @frame: the state the edit changes: it applies after frame - 1 is stepped and
 *   before frame @frame is, so state @frame of the session is the edited one
 * @edit: the change; for set edits, @edit.fields says which values apply
 * @location: where the edit's object starts in the session file; line 0 when the
 *   edit was not read from a file
 * @id_location: where its "id" value starts; line 0 when it has none
 *
 * One edit of the log.
 */
typedef struct
{
  gint64 frame;
  PhysEdit edit;
  ImpJsonLocation location;
  ImpJsonLocation id_location;
} ImpSessionFileEdit;

/**
 * ImpBookmarkView:
 * @has_event: the playhead had stepped into an event of the frame
 * @event: that event's index among the frame's events
 * @has_select: the selection is kept (an empty one too)
 * @n_select: how many bodies were selected, 0 to 2
 * @select: their ids
 * @has_overlays: the overlays shown are kept
 * @overlays: those overlays
 *
 * What the window showed at a bookmark, in the words of a lesson step's
 * "enter" (docs/lesson-format.md), so that a bookmark can become a step. Every
 * part is optional: a bookmark of an older file has none.
 */
typedef struct
{
  gboolean has_event;
  int event;
  gboolean has_select;
  int n_select;
  char *select[2];
  gboolean has_overlays;
  ImpOverlays overlays;
} ImpBookmarkView;

void imp_bookmark_view_clear (ImpBookmarkView *view);
void imp_bookmark_view_copy (ImpBookmarkView *dest, const ImpBookmarkView *src);
char *imp_bookmark_view_to_text (const ImpBookmarkView *view);
gboolean imp_bookmark_view_from_text (const char *text, ImpBookmarkView *view);

/**
 * ImpSessionFileBookmark:
 * @frame: the frame marked
 * @note: (nullable): what the learner wrote about it
 * @view: what the window showed there
 * @location: where the bookmark's object starts in the file; line 0 when not read from one
 *
 * A frame the learner wants to come back to.
 */
typedef struct
{
  gint64 frame;
  char *note;
  ImpBookmarkView view;
  ImpJsonLocation location;
} ImpSessionFileBookmark;

/**
 * ImpSessionFile:
 * @file: (nullable): the name errors give as FILE; "<session>" when %NULL
 * @base_dir: (nullable): the directory (or URI) a relative @scene_path is resolved
 *   against; the current directory when %NULL
 * @scene_path: (nullable): the "scene" value as written: a file name or a URI; %NULL
 *   when the scene is inline
 * @scene_text: (nullable): the inline scene object's JSON text; %NULL when the scene is
 *   a file
 * @world: (transfer full): the scene's initial state (state 0); replays copy it
 * @edits: (element-type ImpSessionFileEdit): the active edit chain, frames ascending
 *   (equal frames apply in order)
 * @bookmarks: (element-type ImpSessionFileBookmark): bookmarks in file order
 *
 * A scene plus what the learner did to it. A plain struct: every field may be
 * read; change @edits with imp_session_file_add_edit() and
 * imp_session_file_branch(), which keep the frames in order.
 */
typedef struct
{
  char *file;
  char *base_dir;
  char *scene_path;
  char *scene_text;
  PhysWorld *world;
  GArray *edits;
  GArray *bookmarks;
} ImpSessionFile;

ImpSessionFile *imp_session_file_new (PhysWorld *world, const char *scene_path,
                                      const char *scene_text);
void imp_session_file_free (ImpSessionFile *session);

void imp_session_file_add_edit (ImpSessionFile *session, gint64 frame, const PhysEdit *edit);
void imp_session_file_branch (ImpSessionFile *session, gint64 frame);
ImpSessionFileBookmark *imp_session_file_add_bookmark (ImpSessionFile *session, gint64 frame,
                                                       const char *note);

gboolean imp_session_file_sniff_data (const char *data, gsize length);
gboolean imp_session_file_sniff (const char *path);

ImpSessionFile *imp_session_file_load (const char *path, GError **error);
ImpSessionFile *imp_session_file_load_data (const char *data, gssize length,
                                            const char *display_name, const char *base_dir,
                                            GError **error);

char *imp_session_file_to_data (const ImpSessionFile *session, const char *dir, gsize *length);
gboolean imp_session_file_save (const ImpSessionFile *session, const char *path, GError **error);

/**
 * ImpEditVerb:
 * @IMP_EDIT_SET: the edit changes values of a body (or of the world)
 * @IMP_EDIT_ADD: it adds a body
 * @IMP_EDIT_REMOVE: it removes one
 *
 * What an edit kind does to the body its id names.
 */
typedef enum
{
  IMP_EDIT_SET,
  IMP_EDIT_ADD,
  IMP_EDIT_REMOVE,
} ImpEditVerb;

ImpEditVerb imp_edit_kind_verb (PhysEditKind kind);
PhysBodyKind imp_edit_kind_body (PhysEditKind kind);

gboolean imp_session_file_read_edit (ImpJsonReader *reader, JsonNode *node, int kind_code,
                                     ImpSessionFileEdit *edit);
void imp_session_file_write_edit (ImpJson *json, const char *key, const ImpSessionFileEdit *edit);
void imp_session_file_write_bookmark (ImpJson *json, const char *key,
                                      const ImpSessionFileBookmark *bookmark);

gboolean imp_session_file_apply_edits (const ImpSessionFile *session, PhysWorld *world,
                                       guint *next_edit, GError **error);
PhysWorld *imp_session_file_replay (const ImpSessionFile *session, gint64 frames, PhysEventLog *log,
                                    GError **error);
gint64 imp_session_file_last_edit_frame (const ImpSessionFile *session);
gboolean imp_session_file_check_reach (const ImpSessionFile *session, gint64 max_frames,
                                       GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpSessionFile, imp_session_file_free)

G_END_DECLS
