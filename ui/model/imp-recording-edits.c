/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording-edits.c: what changes a recording besides its worker: edits,
 * undo and redo (each a new branch, see phys_timeline_edit()), bookmarks, and
 * the session file that saves them. */
#include "imp-recording-private.h"

#include "imp-session-timeline.h"

/**
 * imp_recording_edit:
 * @self: a recording
 * @k: the state the edit applies to
 * @edit: the change
 * @keep_length: frames the new branch is recorded to at once (where the
 *   playhead stands, so that it stays on its frame)
 *
 * Branches the recording at @k (the old future becomes the ghost).
 *
 * Returns: %PHYS_OK, or why the edit does not apply (nothing changes then)
 */
PhysStatus
imp_recording_edit (ImpRecording *self, gint64 k, const PhysEdit *edit, gint64 keep_length)
{
  g_mutex_lock (&self->lock);
  PhysTimeline *tl = self->timeline;
  PhysStatus status = tl != NULL ? phys_timeline_edit (tl, k, edit) : PHYS_ERROR_UNKNOWN_BODY;
  if (status == PHYS_OK && phys_timeline_length (tl) < keep_length)
    phys_timeline_record (tl, keep_length - phys_timeline_length (tl));
  if (status != PHYS_OK)
    {
      g_mutex_unlock (&self->lock);
      return status;
    }
  imp_recording_changed_unlock (self, k);
  return status;
}

gboolean
imp_recording_can_undo (ImpRecording *self)
{
  g_mutex_lock (&self->lock);
  gboolean can = self->timeline != NULL && phys_timeline_can_undo (self->timeline);
  g_mutex_unlock (&self->lock);
  return can;
}

gboolean
imp_recording_can_redo (ImpRecording *self)
{
  g_mutex_lock (&self->lock);
  gboolean can = self->timeline != NULL && phys_timeline_can_redo (self->timeline);
  g_mutex_unlock (&self->lock);
  return can;
}

/* Undo and redo switch to another branch, which may have forked anywhere. */
static gboolean
switch_branch (ImpRecording *self, gboolean (*step) (PhysTimeline *))
{
  g_mutex_lock (&self->lock);
  if (self->timeline == NULL || !step (self->timeline))
    {
      g_mutex_unlock (&self->lock);
      return FALSE;
    }
  imp_recording_changed_unlock (self, 0);
  return TRUE;
}

static gboolean
undo_step (PhysTimeline *tl)
{
  return phys_timeline_undo (tl);
}

static gboolean
redo_step (PhysTimeline *tl)
{
  return phys_timeline_redo (tl);
}

gboolean
imp_recording_undo (ImpRecording *self)
{
  return switch_branch (self, undo_step);
}

gboolean
imp_recording_redo (ImpRecording *self)
{
  return switch_branch (self, redo_step);
}

/* The edits of the current branch, from the start of the run. */
int
imp_recording_get_n_edits (ImpRecording *self)
{
  g_mutex_lock (&self->lock);
  int n = self->timeline != NULL ? phys_timeline_edit_count (self->timeline) : 0;
  g_mutex_unlock (&self->lock);
  return n;
}

/* The frame edit i applies at (0 <= i < imp_recording_get_n_edits()). */
gint64
imp_recording_get_edit_frame (ImpRecording *self, int i)
{
  int64_t frame = -1;
  g_mutex_lock (&self->lock);
  if (self->timeline != NULL && i >= 0 && i < phys_timeline_edit_count (self->timeline))
    phys_timeline_get_edit (self->timeline, i, &frame);
  g_mutex_unlock (&self->lock);
  return frame;
}

/* Bookmarks frame; returns the bookmark's index. A frame that already has one
 * keeps it (and its note): its index is returned, and -1 without a recording. */
int
imp_recording_add_bookmark (ImpRecording *self, gint64 frame, const char *note)
{
  g_mutex_lock (&self->lock);
  PhysTimeline *tl = self->timeline;
  int index = -1, n = tl != NULL ? phys_timeline_bookmark_count (tl) : 0;
  for (int i = 0; i < n && index < 0; i++)
    {
      int64_t at;
      phys_timeline_get_bookmark (tl, i, &at);
      if (at == frame)
        index = i;
    }
  if (tl != NULL && index < 0)
    index = phys_timeline_add_bookmark (tl, frame, note);
  g_mutex_unlock (&self->lock);
  return index;
}

int
imp_recording_get_n_bookmarks (ImpRecording *self)
{
  g_mutex_lock (&self->lock);
  int n = self->timeline != NULL ? phys_timeline_bookmark_count (self->timeline) : 0;
  g_mutex_unlock (&self->lock);
  return n;
}

/* Bookmark i's note (newly allocated) and frame, or NULL when there is none. */
char *
imp_recording_dup_bookmark (ImpRecording *self, int i, gint64 *frame)
{
  g_mutex_lock (&self->lock);
  int64_t k = 0;
  const char *note
      = self->timeline != NULL ? phys_timeline_get_bookmark (self->timeline, i, &k) : NULL;
  char *copy = g_strdup (note);
  g_mutex_unlock (&self->lock);
  if (frame != NULL)
    *frame = k;
  return copy;
}

gboolean
imp_recording_set_bookmark_note (ImpRecording *self, int i, const char *note)
{
  g_mutex_lock (&self->lock);
  gboolean done
      = self->timeline != NULL && phys_timeline_set_bookmark_note (self->timeline, i, note);
  g_mutex_unlock (&self->lock);
  return done;
}

/* Keeps with bookmark i what the window showed there (imp_bookmark_view_to_text()). */
gboolean
imp_recording_set_bookmark_view (ImpRecording *self, int i, const char *view)
{
  g_mutex_lock (&self->lock);
  gboolean done
      = self->timeline != NULL && phys_timeline_set_bookmark_view (self->timeline, i, view);
  g_mutex_unlock (&self->lock);
  return done;
}

/* What bookmark i keeps of the window's view (newly allocated), or NULL. */
char *
imp_recording_dup_bookmark_view (ImpRecording *self, int i)
{
  g_mutex_lock (&self->lock);
  char *view = self->timeline != NULL
                   ? g_strdup (phys_timeline_get_bookmark_view (self->timeline, i))
                   : NULL;
  g_mutex_unlock (&self->lock);
  return view;
}

gboolean
imp_recording_remove_bookmark (ImpRecording *self, int i)
{
  g_mutex_lock (&self->lock);
  gboolean done = self->timeline != NULL && phys_timeline_remove_bookmark (self->timeline, i);
  g_mutex_unlock (&self->lock);
  return done;
}

/* A session file of the recording's edits and bookmarks over scene (owned by
 * the file), or NULL without a recording. */
ImpSessionFile *
imp_recording_to_session_file (ImpRecording *self, PhysWorld *scene, const char *scene_path,
                               const char *scene_text)
{
  g_mutex_lock (&self->lock);
  ImpSessionFile *file
      = self->timeline != NULL
            ? imp_session_file_from_timeline (self->timeline, scene, scene_path, scene_text)
            : NULL;
  g_mutex_unlock (&self->lock);
  if (file == NULL)
    phys_world_free (scene);
  return file;
}
