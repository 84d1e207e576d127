/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session-view.c: what the canvas draws now (imp_session_get_view()), built
 * from copies the recording hands out and kept until the playhead moves. */
#include "imp-session-private.h"

#include <string.h>

#include "imp-view.h"

/* States of past positions drawn as trails. */
#define TRAIL_FRAMES 30

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
    imp_recording_state_at_stop (self->recording, frame, stop, self->positions, NULL,
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
  if (imp_view_options_get_overlays (self->view_options) & IMP_OVERLAY_TRAILS)
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
