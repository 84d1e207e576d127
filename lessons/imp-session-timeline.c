/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "imp-session-timeline.h"

/**
 * imp_session_file_to_timeline:
 * @session: a loaded session
 * @def: (nullable): timeline settings; the defaults when %NULL
 * @error: where an edit that does not apply is reported (FILE:LINE:COLUMN)
 *
 * Records the session's scene with each edit applied at its frame, as branches
 * of one timeline (so the edits can be undone), up to the last edit's frame,
 * and adds the bookmarks. A session whose edits are beyond
 * %IMP_SESSION_FILE_REPLAY_LIMIT is refused before anything is stepped.
 *
 * Returns: (transfer full) (nullable): the recording, or %NULL with @error set
 */
PhysTimeline *
imp_session_file_to_timeline (const ImpSessionFile *session, const PhysTimelineDef *def,
                              GError **error)
{
  /* The replay checks every edit against the world it meets and says where a bad
   * one is written; the timeline then applies the same edits to the same states. */
  gint64 last = imp_session_file_last_edit_frame (session);
  if (!imp_session_file_check_reach (session, IMP_SESSION_FILE_REPLAY_LIMIT, error))
    return NULL;
  PhysWorld *checked = imp_session_file_replay (session, MAX (last, 0), NULL, error);
  if (checked == NULL)
    return NULL;
  phys_world_free (checked);

  PhysTimeline *timeline = phys_timeline_new (session->world, def);
  gint64 first = phys_timeline_first_frame (timeline);
  for (guint i = 0; i < session->edits->len; i++)
    {
      const ImpSessionFileEdit *e = &g_array_index (session->edits, ImpSessionFileEdit, i);
      gint64 missing = e->frame - first - phys_timeline_length (timeline);
      if (missing > 0)
        phys_timeline_record (timeline, missing);
      PhysStatus status = phys_timeline_edit (timeline, e->frame, &e->edit);
      g_assert (status == PHYS_OK); /* the replay above accepted this very edit here */
    }
  for (guint i = 0; i < session->bookmarks->len; i++)
    {
      const ImpSessionFileBookmark *b
          = &g_array_index (session->bookmarks, ImpSessionFileBookmark, i);
      int index = phys_timeline_add_bookmark (timeline, b->frame, b->note);
      g_autofree char *view = imp_bookmark_view_to_text (&b->view);
      phys_timeline_set_bookmark_view (timeline, index, view);
    }
  return timeline;
}

/**
 * imp_session_file_from_timeline:
 * @timeline: a recording
 * @scene_world: (transfer full): the scene's initial state, before any edit
 * @scene_path: (nullable): the scene's file name or URI, or %NULL with @scene_text
 * @scene_text: (nullable): the scene's JSON text for an inline scene
 *
 * A session holding the current branch's edits at their frames and the bookmarks.
 *
 * Returns: (transfer full): the session
 */
ImpSessionFile *
imp_session_file_from_timeline (PhysTimeline *timeline, PhysWorld *scene_world,
                                const char *scene_path, const char *scene_text)
{
  ImpSessionFile *session = imp_session_file_new (scene_world, scene_path, scene_text);
  for (int i = 0; i < phys_timeline_edit_count (timeline); i++)
    {
      gint64 frame;
      PhysEdit edit = phys_timeline_get_edit (timeline, i, &frame);
      imp_session_file_add_edit (session, frame, &edit);
    }
  for (int i = 0; i < phys_timeline_bookmark_count (timeline); i++)
    {
      gint64 frame;
      const char *note = phys_timeline_get_bookmark (timeline, i, &frame);
      ImpSessionFileBookmark *b = imp_session_file_add_bookmark (
          session, frame, note != NULL && *note != '\0' ? note : NULL);
      imp_bookmark_view_from_text (phys_timeline_get_bookmark_view (timeline, i), &b->view);
    }
  return session;
}
