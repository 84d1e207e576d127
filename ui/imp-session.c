/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session.c: the model of the app (see imp-session.h).
 *
 * It composes the model's parts (ui/model/): the recording, which records
 * ahead of the playhead in its own thread, the playhead and the selection; it
 * keeps the document (what was opened, its scene) and the view preferences,
 * and builds what the canvas draws from copies the recording hands out.
 */
#include "imp-session.h"

#include "imp-body-fields.h"

#include <string.h>

#include "imp-playhead.h"
#include "imp-recording.h"
#include "imp-scene-ref.h"
#include "imp-scene.h"
#include "imp-selection.h"
#include "imp-session-timeline.h"

/* States of past positions drawn as trails. */
#define TRAIL_FRAMES 30

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

  ImpOverlays overlays;
  char *highlight_term;     /* the term the pointer is on (a lesson text, the card), or NULL */
  gboolean concealed;       /* a prediction is open: views hide the numbers it asks for */
  GArray *kept_back;        /* what a lesson keeps back (ImpKeptBack, imp-conceal.h), or NULL */
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
  PhysVec2 *trail;          /* TRAIL_FRAMES states of centres before the playhead */
  int trail_len;
};

G_DEFINE_FINAL_TYPE (ImpSession, imp_session, G_TYPE_OBJECT)

enum
{
  SIGNAL_BREAKPOINT_HIT,
  SIGNAL_NOTICE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_LENGTH,
  PROP_FRAME,
  PROP_STOP,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_OVERLAYS,
  PROP_SELECTED_EVENT,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_N_BOOKMARKS,
  PROP_LOOP,
  PROP_HIGHLIGHT_TERM,
  PROP_CONCEALED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void find_kept_event (ImpSession *self);
static void recording_changed (ImpSession *self);

/* The recording grew (or changed): views redraw, an inspected event is found again. */
static void
length_changed (ImpSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LENGTH]);
  find_kept_event (self);
}

static void
invalidate (ImpSession *self)
{
  self->view_valid = FALSE;
}

/* The playhead went to another frame: the event selected was the old frame's. */
static void
frame_moved (ImpSession *self)
{
  imp_selection_set_event (self->selection, -1);
  self->kept.pending = FALSE;
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_EVENT]);
}

/* Another stop, or another time inside the frame. */
static void
stop_moved (ImpSession *self)
{
  self->view_valid = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOP]);
}

static void
forward_notify (ImpSession *self, GParamSpec *pspec)
{
  static const struct
  {
    const char *name;
    int prop;
  } forwarded[] = { { "playing", PROP_PLAYING }, { "speed", PROP_SPEED }, { "loop", PROP_LOOP } };
  for (gsize i = 0; i < G_N_ELEMENTS (forwarded); i++)
    if (g_str_equal (pspec->name, forwarded[i].name))
      g_object_notify_by_pspec (G_OBJECT (self), properties[forwarded[i].prop]);
}

/* Playback paused before the first event of a frame a breakpoint matches. */
static void
breakpoint_hit (ImpSession *self, gint64 frame)
{
  const PhysStop *stop = imp_playhead_get_stop_info (self->playhead);
  if (imp_playhead_get_stop (self->playhead) > 0 && stop != NULL)
    imp_session_set_selected_event (self, stop->event);
  g_signal_emit (self, signals[SIGNAL_BREAKPOINT_HIT], 0, frame);
}

static void
imp_session_dispose (GObject *object)
{
  ImpSession *self = IMP_SESSION (object);
  if (self->recording != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->recording, self);
      g_signal_handlers_disconnect_by_data (self->playhead, self);
    }
  g_clear_object (&self->playhead);
  g_clear_object (&self->selection);
  g_clear_object (&self->recording);
  G_OBJECT_CLASS (imp_session_parent_class)->dispose (object);
}

static void
imp_session_finalize (GObject *object)
{
  ImpSession *self = IMP_SESSION (object);

  phys_world_free (self->world);
  g_free (self->positions);
  g_clear_pointer (&self->kept_back, g_array_unref);
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
  g_free (self->highlight_term);
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
    case PROP_OVERLAYS:
      g_value_set_uint (value, self->overlays);
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
    case PROP_HIGHLIGHT_TERM:
      g_value_set_string (value, self->highlight_term);
      break;
    case PROP_CONCEALED:
      g_value_set_boolean (value, self->concealed);
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
    case PROP_OVERLAYS:
      imp_session_set_overlays (self, g_value_get_uint (value));
      break;
    case PROP_SELECTED_EVENT:
      imp_session_set_selected_event (self, g_value_get_int (value));
      break;
    case PROP_HIGHLIGHT_TERM:
      imp_session_set_highlight_term (self, g_value_get_string (value));
      break;
    case PROP_CONCEALED:
      imp_session_set_concealed (self, g_value_get_boolean (value));
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
  properties[PROP_OVERLAYS]
      = g_param_spec_uint ("overlays", NULL, NULL, 0, G_MAXUINT, IMP_OVERLAY_DEFAULT, rw);
  properties[PROP_SELECTED_EVENT]
      = g_param_spec_int ("selected-event", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_N_BOOKMARKS] = g_param_spec_int ("n-bookmarks", NULL, NULL, 0, G_MAXINT, 0, ro);
  properties[PROP_LOOP] = g_param_spec_boolean ("loop", NULL, NULL, FALSE, ro);
  properties[PROP_HIGHLIGHT_TERM] = g_param_spec_string ("highlight-term", NULL, NULL, NULL, rw);
  properties[PROP_CONCEALED] = g_param_spec_boolean ("concealed", NULL, NULL, FALSE, rw);
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

static void
imp_session_init (ImpSession *self)
{
  self->overlays = IMP_OVERLAY_DEFAULT;
  self->world_edit_frame = -1;
  phys_event_log_init (&self->events);
  self->recording = imp_recording_new ();
  self->selection = imp_selection_new ();
  /* First: the playhead follows a changed recording before the session looks. */
  self->playhead = imp_playhead_new (self->recording);
  g_signal_connect_swapped (self->playhead, "notify::frame", G_CALLBACK (frame_moved), self);
  g_signal_connect_swapped (self->playhead, "notify::stop", G_CALLBACK (stop_moved), self);
  g_signal_connect_swapped (self->playhead, "notify", G_CALLBACK (forward_notify), self);
  g_signal_connect_swapped (self->playhead, "breakpoint-hit", G_CALLBACK (breakpoint_hit), self);
  g_signal_connect_swapped (self->recording, "changed", G_CALLBACK (recording_changed), self);
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
  invalidate (self);
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
      title = info != NULL && info->title != NULL ? g_strdup (info->title)
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
  g_autoptr (ImpSessionFile) file = imp_recording_to_session_file (
      self->recording, phys_world_copy (self->scene),
      self->scene_text == NULL ? self->scene_path : NULL, self->scene_text);
  if (!imp_session_file_save (file, path, error))
    return FALSE;
  g_free (self->session_path);
  self->session_path = g_strdup (path);
  return TRUE;
}

const char *
imp_session_get_session_path (ImpSession *self)
{
  return self->session_path;
}

/* The names of an event's bodies in world ("" for none). */
static void
event_names (const PhysWorld *world, const PhysEvent *event, const char **a, const char **b)
{
  PhysBodyRef ra = { event->kind == PHYS_EVENT_PROBE_SEGMENT ? PHYS_BODY_PROBE : PHYS_BODY_CIRCLE,
                     event->a };
  PhysBodyRef rb = { event->b_kind, event->b };
  *a = event->a >= 0 ? phys_world_body_name (world, ra) : "";
  *b = event->b >= 0 ? phys_world_body_name (world, rb) : "";
}

/* Which of the frame's events of its kind between its bodies the event is (0 for the first). */
static int
event_occurrence (const PhysWorld *world, const PhysEventLog *log, int index)
{
  const PhysEvent *event = &log->events[index];
  const char *a, *b;
  event_names (world, event, &a, &b);
  int n = 0;
  for (int i = 0; i < index; i++)
    {
      const char *ia, *ib;
      event_names (world, &log->events[i], &ia, &ib);
      if (log->events[i].kind == event->kind && g_str_equal (ia, a) && g_str_equal (ib, b))
        n++;
    }
  return n;
}

/* Before the recording changes (an edit, undo or redo): remembers the inspected event
 * by what it is; recording_changed() looks for it again. */
static void
keep_event (ImpSession *self)
{
  self->kept.pending = FALSE;
  int selected = imp_session_get_selected_event (self);
  if (selected < 0)
    return;
  ImpSessionView view;
  imp_session_get_view (self, &view);
  if (view.world == NULL || selected >= view.n_events)
    return;
  const PhysEvent *event = &view.events[selected];
  const char *a, *b;
  event_names (view.world, event, &a, &b);
  self->kept.frame = imp_session_get_frame (self);
  self->kept.kind = event->kind;
  g_strlcpy (self->kept.a, a, sizeof self->kept.a);
  g_strlcpy (self->kept.b, b, sizeof self->kept.b);
  self->kept.occurrence = event_occurrence (view.world, &self->events, selected);
  const PhysStop *stop = imp_session_get_stop_info (self);
  self->kept.stop_kind = stop != NULL && stop->event == selected ? stop->kind : PHYS_STOP_BEFORE;
  self->kept.pending = TRUE;
}

/* Once the kept event's frame is recorded again: selects the same event there and
 * puts the playhead on the same stop of it, or says it no longer happens. */
static void
find_kept_event (ImpSession *self)
{
  gint64 frame = imp_session_get_frame (self);
  if (!self->kept.pending || frame >= imp_session_get_length (self))
    return;
  self->kept.pending = FALSE;
  if (frame != self->kept.frame)
    return;
  ImpSessionView view;
  imp_session_get_view (self, &view);
  int seen = 0;
  for (int i = 0; i < view.n_events; i++)
    {
      const char *a, *b;
      event_names (view.world, &view.events[i], &a, &b);
      if (view.events[i].kind != self->kept.kind || !g_str_equal (a, self->kept.a)
          || !g_str_equal (b, self->kept.b) || seen++ != self->kept.occurrence)
        continue;
      int n_stops;
      const PhysStop *stops = imp_playhead_get_stops (self->playhead, &n_stops);
      for (int s = 0; s < n_stops; s++)
        if (stops[s].event == i && stops[s].kind == self->kept.stop_kind)
          {
            imp_playhead_set_stop (self->playhead, s);
            break;
          }
      imp_session_set_selected_event (self, i);
      return;
    }
  g_autofree char *said
      = self->kept.b[0] != '\0'
            ? g_strdup_printf ("After this change there is no %s event of %s and %s in frame %"
                               G_GINT64_FORMAT " any more",
                               phys_event_kind_name (self->kept.kind), self->kept.a, self->kept.b,
                               frame)
            : g_strdup_printf ("After this change there is no %s event of %s in frame %"
                               G_GINT64_FORMAT " any more",
                               phys_event_kind_name (self->kept.kind), self->kept.a, frame);
  g_signal_emit (self, signals[SIGNAL_NOTICE], 0, said);
}

/* After the recording changed under the playhead (a new one, edit, undo, redo);
 * the playhead is back on its frame's start already. */
static void
recording_changed (ImpSession *self)
{
  imp_selection_set_event (self->selection, -1);
  invalidate (self);
  static const int changed[] = { PROP_LENGTH, PROP_FRAME, PROP_STOP, PROP_SELECTED_EVENT,
                                 PROP_CAN_UNDO, PROP_CAN_REDO };
  for (gsize i = 0; i < G_N_ELEMENTS (changed); i++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[changed[i]]);
  find_kept_event (self);
}

gboolean
imp_session_can_undo (ImpSession *self)
{
  return imp_recording_can_undo (self->recording);
}

gboolean
imp_session_can_redo (ImpSession *self)
{
  return imp_recording_can_redo (self->recording);
}

/* Undo and redo: the recording's "changed" brings the playhead along. */
gboolean
imp_session_undo (ImpSession *self)
{
  keep_event (self);
  gboolean done = imp_recording_undo (self->recording);
  if (!done)
    self->kept.pending = FALSE;
  return done;
}

gboolean
imp_session_redo (ImpSession *self)
{
  keep_event (self);
  gboolean done = imp_recording_redo (self->recording);
  if (!done)
    self->kept.pending = FALSE;
  return done;
}

/**
 * imp_session_edit:
 * @self: a session
 * @edit: the change, applied to the state at the playhead's frame (a set-world
 *   edit at the world edit frame when one is set and not after the playhead)
 *
 * Branches the recording there (the old future becomes the ghost); the
 * playhead stays on its frame.
 *
 * Returns: %PHYS_OK, or why the edit does not apply (nothing changes then)
 */
PhysStatus
imp_session_edit (ImpSession *self, const PhysEdit *edit)
{
  keep_event (self);
  gint64 frame = imp_session_get_frame (self);
  gint64 at = edit->kind == PHYS_EDIT_SET_WORLD && self->world_edit_frame >= 0
                 ? MIN (self->world_edit_frame, frame)
                 : frame;
  /* An edit before the playhead leaves the playhead where it was. */
  PhysStatus status = imp_recording_edit (self->recording, at, edit, frame);
  if (status != PHYS_OK)
    self->kept.pending = FALSE;
  return status;
}

/**
 * imp_session_apply_edit:
 * @self: a session
 * @edit: what the learner changed
 * @error: why it was refused
 *
 * What every edit made in the window goes through: playback pauses, the edit
 * applies at the playhead (imp_session_edit()), and a refusal says in a
 * sentence what was refused and why.
 *
 * Returns: %TRUE when the edit applied
 */
gboolean
imp_session_apply_edit (ImpSession *self, const PhysEdit *edit, GError **error)
{
  imp_session_set_playing (self, FALSE);
  ImpSessionView view;
  imp_session_get_view (self, &view);
  g_autofree char *warning = NULL;
  if (view.world != NULL && !imp_body_edit_check_place (view.world, edit, &warning, error))
    return FALSE;
  PhysStatus status = imp_session_edit (self, edit);
  if (status != PHYS_OK)
    {
      imp_body_edit_refused (status, edit, error);
      return FALSE;
    }
  if (warning != NULL)
    g_signal_emit (self, signals[SIGNAL_NOTICE], 0, warning);
  return TRUE;
}

/* Bookmarks the playhead's frame; returns the bookmark's index. A frame that
 * already has one keeps it (and its note): its index is returned. */
int
imp_session_add_bookmark (ImpSession *self, const char *note)
{
  int before = imp_recording_get_n_bookmarks (self->recording);
  int index = imp_recording_add_bookmark (self->recording, imp_session_get_frame (self), note);
  if (imp_recording_get_n_bookmarks (self->recording) != before)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_BOOKMARKS]);
  return index;
}

int
imp_session_get_n_bookmarks (ImpSession *self)
{
  return imp_recording_get_n_bookmarks (self->recording);
}

/* Bookmark i's note (newly allocated) and frame, or NULL when there is none. */
char *
imp_session_dup_bookmark (ImpSession *self, int i, gint64 *frame)
{
  return imp_recording_dup_bookmark (self->recording, i, frame);
}

gboolean
imp_session_set_bookmark_note (ImpSession *self, int i, const char *note)
{
  return imp_recording_set_bookmark_note (self->recording, i, note);
}

gboolean
imp_session_remove_bookmark (ImpSession *self, int i)
{
  gboolean done = imp_recording_remove_bookmark (self->recording, i);
  if (done)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_BOOKMARKS]);
  return done;
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
imp_session_connect_notifies (ImpSession *self, const char *const *names, GCallback callback,
                              gpointer data)
{
  for (; *names != NULL; names++)
    {
      g_autofree char *signal = g_strconcat ("notify::", *names, NULL);
      g_signal_connect_swapped (self, signal, callback, data);
    }
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

gint64
imp_session_get_frame (ImpSession *self)
{
  return imp_playhead_get_frame (self->playhead);
}

void
imp_session_set_frame (ImpSession *self, gint64 frame)
{
  imp_playhead_set_frame (self->playhead, frame);
}

void
imp_session_step (ImpSession *self, int frames)
{
  imp_playhead_step (self->playhead, frames);
}

int
imp_session_get_stop (ImpSession *self)
{
  return imp_playhead_get_stop (self->playhead);
}

int
imp_session_get_n_stops (ImpSession *self)
{
  int n_stops;
  imp_playhead_get_stops (self->playhead, &n_stops);
  return n_stops;
}

const PhysStop *
imp_session_get_stop_info (ImpSession *self)
{
  return imp_playhead_get_stop_info (self->playhead);
}

/* "Step into" (imp_playhead_step_into()): the event of the stop is selected. */
void
imp_session_step_into (ImpSession *self, int direction)
{
  const PhysStop *stop = imp_playhead_step_into (self->playhead, direction);
  imp_session_set_selected_event (self, stop != NULL ? stop->event : -1);
}

/**
 * imp_session_go_to_event:
 * @self: a session
 * @frame: a recorded frame
 * @event: an event of it
 *
 * Steps into event @event of @frame: the playhead stops just before its
 * response, where its math is drawn, and the event is selected. An event
 * without a response (a probe's) is stopped at where it happens.
 */
void
imp_session_go_to_event (ImpSession *self, gint64 frame, int event)
{
  if (imp_playhead_go_to_event (self->playhead, frame, event))
    imp_session_set_selected_event (self, event);
}

/**
 * imp_session_set_highlight_term:
 * @self: a session
 * @term: (nullable): a term of imp_term_names, or %NULL for none
 *
 * The term the pointer is on in a text about the math; the canvas draws it
 * with a halo.
 */
void
imp_session_set_highlight_term (ImpSession *self, const char *term)
{
  if (g_strcmp0 (term, self->highlight_term) == 0)
    return;
  g_free (self->highlight_term);
  self->highlight_term = g_strdup (term);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT_TERM]);
}

/**
 * imp_session_point_at_term:
 * @self: a session
 * @term: (nullable): the term under a view's pointer, or %NULL for none
 * @lit: (inout): the view's own flag: whether the term lit now is its doing
 *
 * What a view does as its pointer moves: lights @term, or with %NULL takes
 * back the term it lit itself, leaving one another view lit alone.
 */
void
imp_session_point_at_term (ImpSession *self, const char *term, gboolean *lit)
{
  if (term == NULL && !*lit)
    return;
  *lit = term != NULL;
  imp_session_set_highlight_term (self, term);
}

const char *
imp_session_get_highlight_term (ImpSession *self)
{
  return self->highlight_term;
}

/**
 * imp_session_set_concealed:
 * @self: a session
 * @concealed: whether a prediction is open
 *
 * While a learner is asked to predict a number, the views that would show it
 * (the inspector's cards) hide their numbers.
 */
void
imp_session_set_concealed (ImpSession *self, gboolean concealed)
{
  concealed = !!concealed;
  if (concealed == self->concealed)
    return;
  self->concealed = concealed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONCEALED]);
}

gboolean
imp_session_get_concealed (ImpSession *self)
{
  return self->concealed;
}

/**
 * imp_session_set_kept_back:
 * @self: a session
 * @kept_back: (transfer full) (nullable) (element-type ImpKeptBack): the
 *   answers of a lesson's predictions still ahead, which the views hide
 *   (imp-conceal.h); %NULL or empty for none
 *
 * Sets "concealed" to whether anything is kept back, and notifies it.
 */
void
imp_session_set_kept_back (ImpSession *self, GArray *kept_back)
{
  if (kept_back != NULL && kept_back->len == 0)
    g_clear_pointer (&kept_back, g_array_unref);
  g_clear_pointer (&self->kept_back, g_array_unref);
  self->kept_back = kept_back;
  self->concealed = kept_back != NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONCEALED]);
}

/* Returns: (transfer none) (nullable) (element-type ImpKeptBack): what is kept back */
const GArray *
imp_session_get_kept_back (ImpSession *self)
{
  return self->kept_back;
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

gboolean
imp_session_jump_event (ImpSession *self, int direction)
{
  gint64 found = imp_playhead_find_event (self->playhead, direction);
  if (found < 0)
    return FALSE;
  int event;
  if (imp_playhead_land_before_first_event (self->playhead, found, &event))
    imp_session_set_selected_event (self, event);
  return TRUE;
}

gboolean
imp_session_get_playing (ImpSession *self)
{
  return imp_playhead_get_playing (self->playhead);
}

void
imp_session_set_playing (ImpSession *self, gboolean playing)
{
  imp_playhead_set_playing (self->playhead, playing);
}

double
imp_session_get_speed (ImpSession *self)
{
  return imp_playhead_get_speed (self->playhead);
}

void
imp_session_set_speed (ImpSession *self, double speed)
{
  imp_playhead_set_speed (self->playhead, speed);
}

/* Playback (imp_playhead_advance()); a breakpoint's pause selects the event. */
void
imp_session_advance (ImpSession *self, double seconds)
{
  imp_playhead_advance (self->playhead, seconds);
}

/* Playback pauses on each frame the query matches (NULL: never). */
void
imp_session_set_breakpoint (ImpSession *self, const PhysTimelineQuery *query)
{
  imp_playhead_set_breakpoint (self->playhead, query);
}

gboolean
imp_session_get_breakpoint (ImpSession *self, PhysTimelineQuery *query)
{
  return imp_playhead_get_breakpoint (self->playhead, query);
}

ImpOverlays
imp_session_get_overlays (ImpSession *self)
{
  return self->overlays;
}

void
imp_session_set_overlays (ImpSession *self, ImpOverlays overlays)
{
  if (overlays == self->overlays)
    return;
  self->overlays = overlays;
  self->view_valid = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVERLAYS]);
}

int
imp_session_get_selected_event (ImpSession *self)
{
  return imp_selection_get_event (self->selection);
}

void
imp_session_set_selected_event (ImpSession *self, int index)
{
  if (index == imp_selection_get_event (self->selection))
    return;
  imp_selection_set_event (self->selection, index);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_EVENT]);
}

void
imp_session_select_body (ImpSession *self, PhysBodyRef body, gboolean add)
{
  ImpSessionView now;
  imp_session_get_view (self, &now);
  const char *name = now.world != NULL && body.index >= 0 ? phys_world_body_name (now.world, body)
                                                          : "";
  /* A body or pair replaces an event as what the inspector shows. */
  imp_selection_select_body (self->selection, body, name, add);
  self->kept.pending = FALSE;
  self->view_valid = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_EVENT]);
}

/* The selected body or pair as numbered at the playhead's frame. */
static void
ensure_view (ImpSession *self)
{
  ImpSessionView now;
  imp_session_get_view (self, &now);
}

gboolean
imp_session_get_selected_body (ImpSession *self, PhysBodyRef *body)
{
  ensure_view (self);
  return imp_selection_get_body (self->selection, body);
}

/* The selected pair (Ctrl+click), when there is one. */
gboolean
imp_session_get_selected_pair (ImpSession *self, PhysBodyRef *a, PhysBodyRef *b)
{
  ensure_view (self);
  return imp_selection_get_pair (self->selection, a, b);
}

static void
rebuild_view (ImpSession *self)
{
  gint64 frame = imp_session_get_frame (self);
  double phase = imp_playhead_get_phase (self->playhead);
  PhysWorld *at = imp_recording_seek (self->recording, frame);
  if (at == NULL)
    return;
  phys_world_free (self->world);
  self->world = at;
  int n = phys_world_circle_count (at), np = phys_world_probe_count (at);
  self->positions = g_renew (PhysVec2, self->positions, MAX (n, 1));
  self->probe_positions = g_renew (PhysVec2, self->probe_positions, MAX (np, 1));
  phys_event_log_clear (&self->events);

  gboolean has_frame = imp_recording_frame_events (self->recording, frame, &self->events);
  const PhysStop *stop = imp_session_get_stop (self) > 0 ? imp_session_get_stop_info (self) : NULL;
  if (has_frame && phase > 0.0)
    imp_recording_state_at_time (self->recording, frame, phase, self->positions,
                                 self->probe_positions);
  else if (has_frame && stop != NULL)
    imp_recording_state_at_stop (self->recording, frame, stop, self->positions,
                                 self->probe_positions);
  else
    {
      for (int i = 0; i < n; i++)
        self->positions[i] = phys_world_get_circle (at, i).position;
      for (int i = 0; i < np; i++)
        self->probe_positions[i] = phys_world_get_probe (at, i).position;
    }
  /* The selection as numbered here (absent where an edit added or removed it). */
  imp_selection_follow (self->selection, at);
  /* The selected pair's test from this frame's state, as the step would run it. */
  PhysBodyRef a, b;
  self->has_pair = imp_selection_get_pair (self->selection, &a, &b)
                   && phys_world_inspect_pair (at, a, b, &self->pair) == PHYS_OK;

  /* The ghost branch, where it differs from this one and has the same circles. */
  self->has_ghost = FALSE;
  g_autoptr (PhysWorld) ghost = imp_recording_seek_ghost (self->recording, frame);
  if (ghost != NULL && phys_world_circle_count (ghost) == n)
    {
      self->ghost = g_renew (PhysVec2, self->ghost, MAX (n, 1));
      for (int i = 0; i < n; i++)
        self->ghost[i] = phys_world_get_circle (ghost, i).position;
      self->has_ghost = TRUE;
    }

  /* Trails: the states before this one, read back from the recording. */
  self->trail_len = 0;
  if (self->overlays & IMP_OVERLAY_TRAILS)
    {
      gint64 from = MAX (imp_recording_get_first_frame (self->recording), frame - TRAIL_FRAMES);
      self->trail = g_renew (PhysVec2, self->trail, (gsize) MAX (n, 1) * (TRAIL_FRAMES + 1));
      self->trail_len = imp_recording_trail (self->recording, from, frame, n, self->trail);
    }
  self->view_valid = TRUE;
}

/**
 * imp_session_recorded_box:
 * @self: a session
 * @samples: how many recorded states to look at, at most (evenly spread, the
 *   first and the last among them)
 *
 * Where the scene has been so far: the union of imp_view_world_box() over
 * the sampled states, so that a fitted view keeps orbiters and escapees in
 * sight.
 *
 * Returns: the box, empty without a recording
 */
PhysAabb
imp_session_recorded_box (ImpSession *self, int samples)
{
  PhysAabb box = imp_aabb_empty ();
  gboolean empty = imp_recording_is_empty (self->recording);
  gint64 length = empty ? -1 : imp_recording_get_recorded (self->recording);
  gint64 first = empty ? 0 : imp_recording_get_first_frame (self->recording);
  samples = MAX (samples, 2);
  for (int i = 0; length >= first && i < samples; i++)
    {
      gint64 k = first + (length - first) * i / (samples - 1);
      g_autoptr (PhysWorld) world = imp_recording_seek (self->recording, k);
      if (world == NULL)
        continue;
      PhysAabb b = imp_view_world_box (world);
      if (imp_aabb_is_empty (b))
        continue;
      box = imp_aabb_add_point (imp_aabb_add_point (box, b.min, 0.0), b.max, 0.0);
      if (length == first)
        break;
    }
  return box;
}

/**
 * imp_session_get_view:
 * @self: a session
 * @view: (out caller-allocates): what to draw now
 */
void
imp_session_get_view (ImpSession *self, ImpSessionView *view)
{
  memset (view, 0, sizeof *view);
  if (imp_recording_is_empty (self->recording))
    return;
  if (imp_session_get_stop (self) > 0)
    imp_session_get_stop_info (self);
  if (!self->view_valid)
    rebuild_view (self);
  view->world = self->world;
  view->positions = self->positions;
  view->probe_positions = self->probe_positions;
  view->events = self->events.events;
  view->n_events = (int) self->events.count;
  int selected = imp_session_get_selected_event (self);
  if (selected >= 0 && selected < view->n_events)
    view->selected = &self->events.events[selected];
  view->time_in_frame = imp_playhead_get_time_in_frame (self->playhead);
  view->ghost_positions = self->has_ghost ? self->ghost : NULL;
  imp_selection_get_body (self->selection, &view->body);
  view->pair = self->has_pair && view->selected == NULL ? &self->pair : NULL;
  view->trail = self->trail_len > 1 ? self->trail : NULL;
  view->trail_len = self->trail_len > 1 ? self->trail_len : 0;
}

/* Playback loops over frames [start, end] while end > start; end <= start clears it. */
void
imp_session_set_loop (ImpSession *self, gint64 start, gint64 end)
{
  imp_playhead_set_loop (self->playhead, start, end);
}

gboolean
imp_session_get_loop (ImpSession *self, gint64 *start, gint64 *end)
{
  return imp_playhead_get_loop (self->playhead, start, end);
}
