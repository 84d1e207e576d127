/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session-edits.c: edits, undo, redo and bookmarks through the session:
 * each edit branches the recording, and the event the learner inspected is
 * found again in the new branch, or a notice says it is gone. */
#include "imp-session-private.h"

#include <glib/gi18n.h>

#include "imp-body-fields.h"
#include "imp-bookmark-view.h"
#include "imp-i18n.h"

/* The names of an event's bodies in world ("" for none). */
static void
event_names (const PhysWorld *world, const PhysEvent *event, const char **a, const char **b)
{
  PhysBodyRef ra = { phys_event_a_kind (event->kind), event->a };
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
 * by what it is; imp_session_recording_changed() looks for it again. */
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
void
imp_session_find_kept_event (ImpSession *self)
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
  const char *kind = imp_i18n_physics_name ("event", phys_event_kind_name (self->kept.kind));
  g_autofree char *said
      = self->kept.b[0] != '\0'
            ? g_strdup_printf (_("After this change there is no %s event of %s and %s in frame "
                                 "%lld any more"),
                               kind, self->kept.a, self->kept.b, (long long) frame)
            : g_strdup_printf (_("After this change there is no %s event of %s in frame %lld any "
                                 "more"),
                               kind, self->kept.a, (long long) frame);
  imp_session_emit (self, SIGNAL_NOTICE, said);
}

/* After the recording changed under the playhead (a new one, edit, undo, redo);
 * the playhead is back on its frame's start already. */
void
imp_session_recording_changed (ImpSession *self)
{
  imp_selection_set_event (self->selection, -1);
  imp_session_invalidate_view (self);
  static const int changed[] = { PROP_LENGTH, PROP_FRAME, PROP_STOP, PROP_SELECTED_EVENT,
                                 PROP_CAN_UNDO, PROP_CAN_REDO };
  for (gsize i = 0; i < G_N_ELEMENTS (changed); i++)
    imp_session_notify (self, changed[i]);
  imp_session_find_kept_event (self);
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
      imp_body_edit_refused (view.world, status, edit, error);
      return FALSE;
    }
  if (warning != NULL)
    imp_session_emit (self, SIGNAL_NOTICE, warning);
  return TRUE;
}

/**
 * imp_session_spin_selected:
 * @self: a session
 * @direction: +1 turns the selection clockwise on screen, -1 anticlockwise
 *
 * The arrow keys' torque while playing (seed 004's wheel): the selected polygon's angular
 * velocity at the playhead's frame grows by %IMP_SESSION_SPIN_STEP in @direction, as a
 * set-polygon edit, so that the timeline keeps it and a replay turns the body the same way.
 * Playback goes on. Nothing happens unless exactly one movable polygon is selected.
 *
 * Returns: %TRUE when the selection was turned
 */
gboolean
imp_session_spin_selected (ImpSession *self, int direction)
{
  PhysBodyRef body;
  ImpSessionView view;
  if (!imp_session_get_selected_body (self, &body) || body.kind != PHYS_BODY_POLYGON)
    return FALSE;
  imp_session_get_view (self, &view);
  if (view.world == NULL || body.index < 0 || body.index >= phys_world_polygon_count (view.world)
      || phys_world_get_polygon (view.world, body.index).fixed)
    return FALSE;
  PhysEdit edit = imp_body_edit_polygon (view.world, body.index, PHYS_EDIT_ANGULAR_VELOCITY);
  edit.angular_velocity += direction * IMP_SESSION_SPIN_STEP;
  return imp_session_edit (self, &edit) == PHYS_OK;
}

/* Bookmarks the playhead's frame with what the window shows there (for a lesson
 * step made from it); returns the bookmark's index. A frame that already has one
 * keeps it (and its note, its view renewed): its index is returned. */
int
imp_session_add_bookmark (ImpSession *self, const char *note)
{
  int before = imp_recording_get_n_bookmarks (self->recording);
  int index = imp_recording_add_bookmark (self->recording, imp_session_get_frame (self), note);
  imp_bookmark_view_capture (self, index);
  if (imp_recording_get_n_bookmarks (self->recording) != before)
    imp_session_notify (self, PROP_N_BOOKMARKS);
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
    imp_session_notify (self, PROP_N_BOOKMARKS);
  return done;
}
