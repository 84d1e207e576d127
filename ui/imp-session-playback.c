/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session-playback.c: the session's playhead and selection (ui/model/):
 * what it forwards to them, and what it says when they move. */
#include "imp-render.h"
#include "imp-session-private.h"

/* The playhead went to another frame: the event selected was the old frame's. */
static void
frame_moved (ImpSession *self)
{
  imp_selection_set_event (self->selection, -1);
  self->kept.pending = FALSE;
  imp_session_invalidate_view (self);
  imp_session_notify (self, PROP_FRAME);
  imp_session_notify (self, PROP_SELECTED_EVENT);
}

/* Another stop, or another time inside the frame. */
static void
stop_moved (ImpSession *self)
{
  self->view_valid = FALSE;
  imp_session_notify (self, PROP_STOP);
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
      imp_session_notify (self, forwarded[i].prop);
}

/* Playback paused before the first event of a frame a breakpoint matches. */
static void
breakpoint_hit (ImpSession *self, gint64 frame)
{
  const PhysStop *stop = imp_playhead_get_stop_info (self->playhead);
  if (imp_playhead_get_stop (self->playhead) > 0 && stop != NULL)
    imp_session_set_selected_event (self, stop->event);
  imp_session_emit (self, SIGNAL_BREAKPOINT_HIT, frame);
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

/* How many axes the separating axis test of the selected rigid event has, when the playhead
 * stands just before its response (where its test is drawn); else 0. */
static int
sat_axes_here (ImpSession *self)
{
  const PhysStop *stop = imp_playhead_get_stop_info (self->playhead);
  ImpSessionView now;
  imp_session_get_view (self, &now);
  if (stop == NULL || stop->kind != PHYS_STOP_BEFORE || now.selected == NULL
      || now.world == NULL || !phys_event_is_rigid (now.selected->kind))
    return 0;
  PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
  int axes = phys_world_rigid_detail (now.world, now.selected, detail) == PHYS_OK
                 ? detail->tests.sat.axis_count
                 : 0;
  g_free (detail);
  return axes;
}

/* "Step into" (imp_playhead_step_into()): the event of the stop is selected. Inside a rigid
 * event's separating axis test, Down first steps through its axes one by one (the picture and
 * the card show axis k; the contact and the MTV at the last), then on to the response; Up
 * steps back. */
void
imp_session_step_into (ImpSession *self, int direction)
{
  ImpViewOptions *options = self->view_options;
  int step = imp_view_options_get_sat_step (options);
  int axes = sat_axes_here (self);
  if (axes > 0 && ((direction > 0 && step < axes) || (direction < 0 && step > 0)))
    {
      step += direction > 0 ? 1 : -1;
      imp_view_options_set_sat_step (options, step);
      imp_view_options_set_highlight_term (options, imp_render_sat_axis_term (step - 1));
      return;
    }
  if (step > 0)
    imp_view_options_set_highlight_term (options, NULL);
  imp_view_options_set_sat_step (options, 0);
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
  /* Another event: its separating axis test is shown whole until stepped into. */
  imp_view_options_set_sat_step (self->view_options, 0);
  imp_selection_set_event (self->selection, index);
  imp_session_notify (self, PROP_SELECTED_EVENT);
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
  imp_session_notify (self, PROP_SELECTED_EVENT);
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

/* Follows the playhead: its moves are the session's (imp_session_init()). */
void
imp_session_follow_playhead (ImpSession *self)
{
  g_signal_connect_swapped (self->playhead, "notify::frame", G_CALLBACK (frame_moved), self);
  g_signal_connect_swapped (self->playhead, "notify::stop", G_CALLBACK (stop_moved), self);
  g_signal_connect_swapped (self->playhead, "notify", G_CALLBACK (forward_notify), self);
  g_signal_connect_swapped (self->playhead, "breakpoint-hit", G_CALLBACK (breakpoint_hit), self);
}
