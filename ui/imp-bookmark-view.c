/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-bookmark-view.c: see the header. The view travels as the text the
 * session format writes for it (imp_bookmark_view_to_text()), kept by the
 * timeline beside the bookmark, so saving and loading a session carry it. */
#include "imp-bookmark-view.h"

static void
add_name (ImpBookmarkView *view, const PhysWorld *world, PhysBodyRef ref)
{
  if (view->n_select < 2 && ref.index >= 0)
    view->select[view->n_select++] = g_strdup (phys_world_body_name (world, ref));
}

/* The bodies of the event the playhead stands in: a lesson step that steps
 * into it selects that pair, as the course's steps do. */
static void
add_event_bodies (ImpBookmarkView *view, const PhysWorld *world, const PhysEvent *event)
{
  if (event->kind == PHYS_EVENT_EVENT_CAP)
    return;
  PhysBodyKind a_kind = event->kind == PHYS_EVENT_PROBE_SEGMENT ? PHYS_BODY_PROBE
                                                                 : PHYS_BODY_CIRCLE;
  add_name (view, world, (PhysBodyRef) { a_kind, event->a });
  add_name (view, world, (PhysBodyRef) { event->b_kind, event->b });
}

/**
 * imp_bookmark_view_capture:
 * @session: a session
 * @index: one of its bookmarks, at the playhead's frame
 *
 * Keeps with the bookmark what the session shows now: the event the playhead
 * has stepped into, the selected body or pair (else that event's bodies, else
 * nothing) and the overlays.
 */
void
imp_bookmark_view_capture (ImpSession *session, int index)
{
  ImpSessionView now;
  ImpBookmarkView view = { 0 };
  PhysBodyRef a, b;
  const PhysStop *stop = imp_session_get_stop_info (session);
  gboolean inside = stop != NULL && stop->kind != PHYS_STOP_START && stop->kind != PHYS_STOP_END;

  imp_session_get_view (session, &now);
  if (now.world == NULL || index < 0)
    return;
  if (inside && now.selected != NULL && imp_session_get_selected_event (session) >= 0)
    {
      view.has_event = TRUE;
      view.event = imp_session_get_selected_event (session);
    }
  view.has_select = TRUE;
  if (imp_session_get_selected_pair (session, &a, &b))
    {
      add_name (&view, now.world, a);
      add_name (&view, now.world, b);
    }
  else if (imp_session_get_selected_body (session, &a))
    add_name (&view, now.world, a);
  else if (view.has_event)
    add_event_bodies (&view, now.world, now.selected);
  view.has_overlays = TRUE;
  view.overlays = imp_view_options_get_overlays (imp_session_get_view_options (session));

  g_autofree char *text = imp_bookmark_view_to_text (&view);
  imp_recording_set_bookmark_view (imp_session_get_recording (session), index, text);
  imp_bookmark_view_clear (&view);
}

/**
 * imp_bookmark_view_get:
 * @session: a session
 * @index: one of its bookmarks
 * @view: (out caller-allocates): what it keeps; clear with imp_bookmark_view_clear()
 *
 * Returns: %FALSE, with @view empty, for a bookmark that keeps no view (one
 *   of an older session file)
 */
gboolean
imp_bookmark_view_get (ImpSession *session, int index, ImpBookmarkView *view)
{
  g_autofree char *text
      = imp_recording_dup_bookmark_view (imp_session_get_recording (session), index);
  return imp_bookmark_view_from_text (text, view);
}
