/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session.c: the model of the app (see imp-session.h).
 *
 * It composes the model's parts (ui/model/): the recording, which records
 * ahead of the playhead in its own thread, the playhead, the selection and the
 * view options; it keeps the document (what was opened, its scene) here;
 * imp-session-playback.c, imp-session-edits.c and imp-session-view.c hold the
 * rest (imp-session-private.h).
 */
#include "imp-session-private.h"

#include <glib/gi18n.h>

#include "imp-scene-ref.h"
#include "imp-scene.h"
#include "imp-session-timeline.h"

G_DEFINE_FINAL_TYPE (ImpSession, imp_session, G_TYPE_OBJECT)

static guint signals[N_SIGNALS];
static GParamSpec *properties[N_PROPS];

void
imp_session_notify (ImpSession *self, int prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* Emits signal (a SIGNAL_ of imp-session-private.h) with its arguments. */
void
imp_session_emit (ImpSession *self, int signal, ...)
{
  va_list args;
  va_start (args, signal);
  g_signal_emit_valist (self, signals[signal], 0, args);
  va_end (args);
}

/* The recording grew (or changed): views redraw, an inspected event is found again. */
static void
length_changed (ImpSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LENGTH]);
  imp_session_find_kept_event (self);
}

static void
imp_session_dispose (GObject *object)
{
  ImpSession *self = IMP_SESSION (object);
  imp_session_disconnect_by_data (self, self);
  g_clear_object (&self->playhead);
  g_clear_object (&self->selection);
  g_clear_object (&self->view_options);
  g_clear_object (&self->recording);
  G_OBJECT_CLASS (imp_session_parent_class)->dispose (object);
}

static void
imp_session_finalize (GObject *object)
{
  ImpSession *self = IMP_SESSION (object);

  phys_world_free (self->world);
  g_free (self->positions);
  g_free (self->probe_positions);
  g_free (self->ghost);
  g_free (self->trail);
  phys_event_log_free (&self->events);
  g_free (self->path);
  g_free (self->title);
  g_free (self->session_path);
  g_free (self->scene_path);
  g_free (self->scene_text);
  phys_world_free (self->scene);
  G_OBJECT_CLASS (imp_session_parent_class)->finalize (object);
}

static void
imp_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ImpSession *self = IMP_SESSION (object);
  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_LENGTH:
      g_value_set_int64 (value, imp_session_get_length (self));
      break;
    case PROP_FRAME:
      g_value_set_int64 (value, imp_session_get_frame (self));
      break;
    case PROP_STOP:
      g_value_set_int (value, imp_session_get_stop (self));
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, imp_session_get_playing (self));
      break;
    case PROP_SPEED:
      g_value_set_double (value, imp_session_get_speed (self));
      break;
    case PROP_SELECTED_EVENT:
      g_value_set_int (value, imp_session_get_selected_event (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, imp_session_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, imp_session_can_redo (self));
      break;
    case PROP_N_BOOKMARKS:
      g_value_set_int (value, imp_session_get_n_bookmarks (self));
      break;
    case PROP_LOOP:
      g_value_set_boolean (value, imp_session_get_loop (self, NULL, NULL));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ImpSession *self = IMP_SESSION (object);
  switch (prop_id)
    {
    case PROP_FRAME:
      imp_session_set_frame (self, g_value_get_int64 (value));
      break;
    case PROP_PLAYING:
      imp_session_set_playing (self, g_value_get_boolean (value));
      break;
    case PROP_SPEED:
      imp_session_set_speed (self, g_value_get_double (value));
      break;
    case PROP_SELECTED_EVENT:
      imp_session_set_selected_event (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_session_class_init (ImpSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = imp_session_dispose;
  object_class->finalize = imp_session_finalize;
  object_class->get_property = imp_session_get_property;
  object_class->set_property = imp_session_set_property;

  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_LENGTH] = g_param_spec_int64 ("length", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_FRAME] = g_param_spec_int64 ("frame", NULL, NULL, 0, G_MAXINT64, 0, rw);
  properties[PROP_STOP] = g_param_spec_int ("stop", NULL, NULL, 0, G_MAXINT, 0, ro);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, rw);
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, 0.1, 8.0, 1.0, rw);
  properties[PROP_SELECTED_EVENT]
      = g_param_spec_int ("selected-event", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_N_BOOKMARKS] = g_param_spec_int ("n-bookmarks", NULL, NULL, 0, G_MAXINT, 0, ro);
  properties[PROP_LOOP] = g_param_spec_boolean ("loop", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* Playback paused on a frame the breakpoint matches (the frame). */
  signals[SIGNAL_BREAKPOINT_HIT]
      = g_signal_new ("breakpoint-hit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /* A sentence for the learner about what an edit did beyond what was asked: the
   * event inspected before an edit, undo or redo no longer happens in its frame, a
   * circle now overlaps a wall. */
  signals[SIGNAL_NOTICE]
      = g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

/* The trails drawn are read with the view: another set of overlays may want them. */
static void
overlays_changed (ImpSession *self)
{
  imp_session_invalidate_view (self);
}

static void
imp_session_init (ImpSession *self)
{
  self->world_edit_frame = -1;
  phys_event_log_init (&self->events);
  self->recording = imp_recording_new ();
  self->selection = imp_selection_new ();
  self->view_options = imp_view_options_new ();
  /* Connected first: the view is stale before a view that follows the overlays looks. */
  g_signal_connect_swapped (self->view_options, "notify::overlays", G_CALLBACK (overlays_changed),
                            self);
  /* First: the playhead follows a changed recording before the session looks. */
  self->playhead = imp_playhead_new (self->recording);
  imp_session_follow_playhead (self);
  g_signal_connect_swapped (self->recording, "changed", G_CALLBACK (imp_session_recording_changed), self);
  g_signal_connect_swapped (self->recording, "length-changed", G_CALLBACK (length_changed), self);
}

ImpSession *
imp_session_new (void)
{
  return g_object_new (IMP_TYPE_SESSION, NULL);
}

/* Puts a new recording in place, playhead at its first frame (set first: the
 * recording says it changed, and the views look at once). */
static void
install (ImpSession *self, PhysTimeline *timeline)
{
  imp_playhead_rewind (self->playhead);
  imp_selection_clear (self->selection);
  self->kept.pending = FALSE;
  imp_session_invalidate_view (self);
  imp_recording_install (self->recording, timeline);
  /* recording_changed() notified the rest. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_BOOKMARKS]);
}

/* A document (session, lesson) names its scene file relative to itself; a
 * name that works from anywhere, for saving the run as a session elsewhere. */
static char *
scene_path_from (const char *base_dir, const char *scene_path)
{
  g_autofree char *display = NULL;

  if (scene_path == NULL)
    return NULL;
  g_autoptr (GFile) file = imp_scene_ref_resolve (base_dir, scene_path, &display);
  return g_steal_pointer (&display);
}

/* Takes over a new run (owning every argument): its recording, its scene's
 * state 0 and the names it came from. */
static void
adopt (ImpSession *self, PhysTimeline *timeline, PhysWorld *scene, char *path, char *title,
       char *session_path, char *scene_path, char *scene_text)
{
  g_free (self->path);
  self->path = path;
  g_free (self->title);
  self->title = title;
  g_free (self->session_path);
  self->session_path = session_path;
  g_free (self->scene_path);
  self->scene_path = scene_path;
  g_free (self->scene_text);
  self->scene_text = scene_text;
  phys_world_free (self->scene);
  self->scene = scene;
  /* A breakpoint names bodies of the old scene. */
  imp_playhead_set_breakpoint (self->playhead, NULL);
  install (self, timeline);
}

/**
 * imp_session_load:
 * @self: a session
 * @path: a scene or session file, or a resource:// URI
 * @error: where a load error goes (FILE:LINE:COLUMN: error: ...)
 *
 * Replaces the recording with a new one of the scene (with a session's edits
 * and bookmarks), playhead at frame 0. On error nothing changes.
 */
gboolean
imp_session_load (ImpSession *self, const char *path, GError **error)
{
  PhysTimeline *timeline = NULL;
  PhysWorld *scene = NULL;
  char *scene_path = NULL, *scene_text = NULL, *session_path = NULL, *title = NULL;

  if (imp_session_file_sniff (path))
    {
      g_autoptr (ImpSessionFile) file = imp_session_file_load (path, error);
      if (file == NULL)
        return FALSE;
      timeline = imp_session_file_to_timeline (file, NULL, error);
      if (timeline == NULL)
        return FALSE;
      scene = phys_world_copy (file->world);
      scene_path = scene_path_from (file->base_dir, file->scene_path);
      scene_text = g_strdup (file->scene_text);
      session_path = g_strdup (path);
      title = g_path_get_basename (path);
    }
  else
    {
      ImpSceneInfo *info = NULL;
      PhysWorld *world = imp_scene_load_file_full (path, &info, error);
      if (world == NULL)
        return FALSE;
      timeline = phys_timeline_new (world, NULL);
      scene = world;
      scene_path = g_strdup (path);
      /* A shipped scene's title is in the catalog (po/extract-lessons.py); others stay. */
      title = info != NULL && info->title != NULL && info->title[0] != '\0'
                  ? g_strdup (_(info->title))
                  : g_path_get_basename (path);
      imp_scene_info_free (info);
    }

  adopt (self, timeline, scene, g_strdup (path), title, session_path, scene_path, scene_text);
  return TRUE;
}

/**
 * imp_session_load_world:
 * @self: a session
 * @world: a scene's initial state (copied)
 * @title: what the window calls the run
 * @path: (nullable): the file it came from (a lesson), for the window
 * @base_dir: (nullable): what @scene_path is relative to (the lesson's directory)
 * @scene_path: (nullable): the scene file a saved session would name
 * @scene_text: (nullable): or the inline scene it would hold
 *
 * Starts a new recording of @world, as imp_session_load() does of a file: for
 * a scene that came inside another document (a lesson).
 */
void
imp_session_load_world (ImpSession *self, const PhysWorld *world, const char *title,
                        const char *path, const char *base_dir, const char *scene_path,
                        const char *scene_text)
{
  adopt (self, phys_timeline_new (world, NULL), phys_world_copy (world), g_strdup (path),
         g_strdup (title), NULL, scene_path_from (base_dir, scene_path), g_strdup (scene_text));
}

/**
 * imp_session_record_to:
 * @self: a session
 * @frames: how many frames the recording should hold at least
 *
 * Records up to @frames now, on this thread, instead of waiting for the
 * recording worker: for a lesson that must check a goal at a frame ahead.
 */
void
imp_session_record_to (ImpSession *self, gint64 frames)
{
  imp_recording_record_to (self->recording, frames);
}

/**
 * imp_session_save:
 * @self: a session with a recording
 * @path: the session file to write (atomically: never a half-written file)
 * @error: where a write error goes
 *
 * Saves the scene, the edits of the current branch and the bookmarks.
 */
gboolean
imp_session_save (ImpSession *self, const char *path, GError **error)
{
  g_return_val_if_fail (!imp_recording_is_empty (self->recording), FALSE);
  g_autoptr (ImpSessionFile) file = imp_session_dup_file (self);
  if (!imp_session_file_save (file, path, error))
    return FALSE;
  g_free (self->session_path);
  self->session_path = g_strdup (path);
  return TRUE;
}

/**
 * imp_session_dup_file:
 * @self: a session with a recording
 *
 * What imp_session_save() writes: the scene, the edits of the current branch
 * and the bookmarks (for a lesson draft made from the session, say).
 *
 * Returns: (transfer full): the session file's contents
 */
ImpSessionFile *
imp_session_dup_file (ImpSession *self)
{
  g_return_val_if_fail (!imp_recording_is_empty (self->recording), NULL);
  return imp_recording_to_session_file (self->recording, phys_world_copy (self->scene),
                                        self->scene_text == NULL ? self->scene_path : NULL,
                                        self->scene_text);
}

const char *
imp_session_get_session_path (ImpSession *self)
{
  return self->session_path;
}

const char *
imp_session_get_path (ImpSession *self)
{
  return self->path;
}

const char *
imp_session_get_title (ImpSession *self)
{
  return self->title;
}

void
imp_connect_notifies (gpointer object, const char *const *names, GCallback callback,
                      gpointer data)
{
  for (; *names != NULL; names++)
    {
      g_autofree char *signal = g_strconcat ("notify::", *names, NULL);
      g_signal_connect_swapped (object, signal, callback, data);
    }
}

void
imp_session_disconnect_by_data (ImpSession *self, gpointer data)
{
  gpointer parts[]
      = { self, self->recording, self->playhead, self->selection, self->view_options };
  for (gsize i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i] != NULL)
      g_signal_handlers_disconnect_by_data (parts[i], data);
}

/**
 * imp_session_get_recording:
 * @self: a session
 *
 * Returns: (transfer none): the recording the playhead moves over
 */
ImpRecording *
imp_session_get_recording (ImpSession *self)
{
  return self->recording;
}

/* Returns: (transfer none): the playhead */
ImpPlayhead *
imp_session_get_playhead (ImpSession *self)
{
  return self->playhead;
}

/* Returns: (transfer none): the selection */
ImpSelection *
imp_session_get_selection (ImpSession *self)
{
  return self->selection;
}

/* Returns: (transfer none): the view options */
ImpViewOptions *
imp_session_get_view_options (ImpSession *self)
{
  return self->view_options;
}

gint64
imp_session_get_length (ImpSession *self)
{
  return imp_recording_get_length (self->recording);
}

/* Why the recording ends where it does: imp_recording_dup_halt_message(). */
char *
imp_session_dup_halt_message (ImpSession *self)
{
  g_return_val_if_fail (IMP_IS_SESSION (self), NULL);
  return imp_recording_dup_halt_message (self->recording);
}

/**
 * imp_session_set_world_edit_frame:
 * @self: a session
 * @frame: where edits of the world's settings apply, or -1 for the playhead
 *
 * A lesson writes its texts for teaching modes switched from its start: while
 * one is open, the World menu's switches apply at its frame (0), so the whole
 * recording follows them wherever the playhead is.
 */
void
imp_session_set_world_edit_frame (ImpSession *self, gint64 frame)
{
  self->world_edit_frame = frame;
}

gint64
imp_session_get_world_edit_frame (ImpSession *self)
{
  return self->world_edit_frame;
}
