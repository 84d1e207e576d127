/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-conceal.c: answers kept back; see the header. */
#include "imp-conceal.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-i18n.h"

static const GArray *
kept_back (ImpSession *session)
{
  return imp_view_options_get_kept_back (imp_session_get_view_options (session));
}

/* Everything is hidden when "concealed" is set without a list (a caller that
 * only says a prediction is open). */
static gboolean
all_hidden (ImpSession *session)
{
  return imp_view_options_get_concealed (imp_session_get_view_options (session))
         && kept_back (session) == NULL;
}

static const char *
name_of (const PhysWorld *world, PhysBodyRef ref)
{
  return ref.index >= 0 && world != NULL ? phys_world_body_name (world, ref) : "";
}

/**
 * imp_conceal_pair:
 * @session: a session
 * @world: the world the bodies are numbered in
 * @a: a body
 * @b: another
 *
 * Returns: whether the test and response of @a and @b are kept back
 */
gboolean
imp_conceal_pair (ImpSession *session, const PhysWorld *world, PhysBodyRef a, PhysBodyRef b)
{
  const GArray *kept = kept_back (session);
  if (all_hidden (session))
    return TRUE;
  if (kept == NULL)
    return FALSE;
  const char *na = name_of (world, a), *nb = name_of (world, b);
  for (guint i = 0; i < kept->len; i++)
    {
      const ImpKeptBack *k = &g_array_index (kept, ImpKeptBack, i);
      if (k->kind == IMP_KEPT_PAIR
          && ((strcmp (k->a, na) == 0 && strcmp (k->b, nb) == 0)
              || (strcmp (k->a, nb) == 0 && strcmp (k->b, na) == 0)))
        return TRUE;
    }
  return FALSE;
}

/* The two bodies of an event: the circle, probe or polygon first. */
static void
event_bodies (const PhysEvent *event, PhysBodyRef *a, PhysBodyRef *b)
{
  a->kind = phys_event_a_kind (event->kind);
  a->index = event->a;
  b->kind = event->b_kind;
  b->index = event->b;
}

/* Whether a body's motion at the state after the playhead's frame is kept back:
 * the frame's events of that body end there. */
static gboolean
conceal_motion_after (ImpSession *session, const PhysWorld *world, PhysBodyRef body)
{
  const GArray *kept = kept_back (session);
  gint64 next = imp_session_get_frame (session) + 1;
  const char *name = name_of (world, body);
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    {
      const ImpKeptBack *k = &g_array_index (kept, ImpKeptBack, i);
      if (k->kind == IMP_KEPT_MOTION && k->frame == next && strcmp (k->a, name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A pair's test or event in the playhead's frame gives away its numbers, and
 * where its bodies end the frame (their displacements). */
static gboolean
conceal_pair_frame (ImpSession *session, const PhysWorld *world, PhysBodyRef a, PhysBodyRef b)
{
  return imp_conceal_pair (session, world, a, b) || conceal_motion_after (session, world, a)
         || conceal_motion_after (session, world, b);
}

static gboolean
conceal_event (ImpSession *session, const PhysWorld *world, const PhysEvent *event)
{
  PhysBodyRef a, b;
  if (event->kind == PHYS_EVENT_EVENT_CAP)
    return all_hidden (session);
  event_bodies (event, &a, &b);
  return conceal_pair_frame (session, world, a, b);
}

/**
 * imp_conceal_motion:
 * @session: a session
 * @world: the world at the playhead's frame
 * @body: a body of it
 *
 * Returns: whether @body's position and velocity at the playhead's frame are kept back
 */
gboolean
imp_conceal_motion (ImpSession *session, const PhysWorld *world, PhysBodyRef body)
{
  const GArray *kept = kept_back (session);
  if (all_hidden (session))
    return TRUE;
  if (kept == NULL || body.index < 0)
    return FALSE;
  gint64 frame = imp_session_get_frame (session);
  const char *name = name_of (world, body);
  for (guint i = 0; i < kept->len; i++)
    {
      const ImpKeptBack *k = &g_array_index (kept, ImpKeptBack, i);
      if (k->kind == IMP_KEPT_MOTION && k->frame == frame && strcmp (k->a, name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Whether any body's motion at the playhead's frame, or where it ends (the
 * velocity arrows' tips), is kept back. */
static gboolean
conceal_any_motion (ImpSession *session)
{
  const GArray *kept = kept_back (session);
  gint64 frame = imp_session_get_frame (session);
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    {
      const ImpKeptBack *k = &g_array_index (kept, ImpKeptBack, i);
      if (k->kind == IMP_KEPT_MOTION && (k->frame == frame || k->frame == frame + 1))
        return TRUE;
    }
  return all_hidden (session);
}

/**
 * imp_conceal_world:
 * @session: a session
 *
 * Returns: whether the world's counts and energy at the playhead's frame are kept back
 */
gboolean
imp_conceal_world (ImpSession *session)
{
  const GArray *kept = kept_back (session);
  gint64 frame = imp_session_get_frame (session);
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    {
      const ImpKeptBack *k = &g_array_index (kept, ImpKeptBack, i);
      if (k->kind == IMP_KEPT_WORLD && k->frame == frame)
        return TRUE;
    }
  return all_hidden (session);
}

/**
 * imp_conceal_world_anywhere:
 * @session: a session
 *
 * Returns: whether the world's counts or energy at some frame are kept back
 *   (for views that show every frame at once, such as the plots)
 */
gboolean
imp_conceal_world_anywhere (ImpSession *session)
{
  const GArray *kept = kept_back (session);
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    if (g_array_index (kept, ImpKeptBack, i).kind == IMP_KEPT_WORLD)
      return TRUE;
  return all_hidden (session);
}

/**
 * imp_conceal_stop:
 * @session: a session
 *
 * Returns: whether the playhead is stopped inside its frame at an event whose
 *   time is kept back (the moment it stands for is an answer)
 */
gboolean
imp_conceal_stop (ImpSession *session)
{
  ImpSessionView now;
  if (imp_session_get_stop (session) == 0)
    return FALSE;
  imp_session_get_view (session, &now);
  for (int i = 0; i < now.n_events; i++)
    if (conceal_event (session, now.world, &now.events[i]))
      return TRUE;
  return FALSE;
}

/* Whether a probe's prediction (drawn for every probe under the probes overlay) is kept back. */
static gboolean
conceal_probes (ImpSession *session, const PhysWorld *world)
{
  for (int p = 0; world != NULL && p < phys_world_probe_count (world); p++)
    for (int g = 0; g < phys_world_segment_count (world); g++)
      if (imp_conceal_pair (session, world, (PhysBodyRef) { PHYS_BODY_PROBE, p },
                            (PhysBodyRef) { PHYS_BODY_SEGMENT, g }))
        return TRUE;
  return FALSE;
}

/**
 * imp_conceal_input:
 * @session: the session @input was made from
 * @input: a picture's input, changed so that it draws nothing kept back
 *
 * The test's figures (while no term is pointed at; then they are drawn without
 * numbers), the events' marks and the moment inside the frame of a pair kept
 * back go; so do probe predictions, and the velocity arrows at a state whose
 * motion is asked for.
 */
void
imp_conceal_input (ImpSession *session, ImpRenderInput *input)
{
  const PhysWorld *world = input->world;
  gboolean events_kept = FALSE;

  /* While the learner points at a term of the text, its figure is drawn, named
   * but without numbers. */
  gboolean pointing = input->highlight_term != NULL;

  for (int i = 0; i < input->n_events && !events_kept; i++)
    events_kept = conceal_event (session, world, &input->events[i]);
  if (input->selected != NULL && conceal_event (session, world, input->selected))
    {
      input->no_numbers = pointing;
      if (!pointing)
        input->selected = NULL;
    }
  /* A pair's figure draws each body's displacement over the frame: where it ends. */
  if (input->pair != NULL && conceal_pair_frame (session, world, input->pair->a, input->pair->b))
    {
      input->no_numbers = pointing;
      if (!pointing)
        input->pair = NULL;
    }
  if (events_kept)
    {
      input->events = NULL;
      input->n_events = 0;
      if (imp_session_get_stop (session) != 0)
        {
          /* Drawn where the frame starts: circles touching would show t. */
          input->positions = NULL;
          input->time_in_frame = 0.0;
        }
    }
  if (conceal_probes (session, world))
    input->overlays &= ~IMP_OVERLAY_PROBES;
  if (conceal_any_motion (session))
    input->overlays &= ~IMP_OVERLAY_VELOCITY;
}

/**
 * imp_conceal_card:
 * @session: a session
 * @precision: significant digits
 * @style: markup or plain text
 * @terms: (nullable) (element-type ImpCardTerm): the card's term lines
 * @concealed: (out) (optional): whether a card was kept back
 *
 * The inspector's card for what is inspected now: the event stepped into, the
 * selected pair's test or the selected body.
 *
 * Returns: (transfer full) (nullable): the card; %NULL when nothing is
 *   inspected or its card is kept back
 */
char *
imp_conceal_card (ImpSession *session, int precision, ImpCardStyle style, GArray *terms,
                  gboolean *concealed)
{
  ImpSessionView now;
  gboolean kept = FALSE;
  char *card = NULL;

  if (terms != NULL)
    g_array_set_size (terms, 0);
  imp_session_get_view (session, &now);
  if (now.selected != NULL)
    {
      kept = conceal_event (session, now.world, now.selected);
      if (!kept)
        card = imp_card_for_event (now.world, now.selected, precision, style, terms);
    }
  else if (now.pair != NULL)
    {
      kept = conceal_pair_frame (session, now.world, now.pair->a, now.pair->b);
      if (!kept)
        card = imp_card_for_pair (now.world, now.pair, precision, style, terms);
    }
  else if (now.world != NULL && now.body.index >= 0)
    {
      kept = imp_conceal_motion (session, now.world, now.body);
      if (!kept)
        card = imp_card_for_body (now.world, now.body, now.positions, precision, style, terms);
    }
  if (concealed != NULL)
    *concealed = kept;
  return card;
}

/**
 * imp_conceal_position_text:
 * @session: a session
 *
 * Returns: (transfer full): where the playhead is, "frame K / N" and inside
 *   the frame a second line "t = T before" (the moment kept back when it is an answer)
 */
char *
imp_conceal_position_text (ImpSession *session)
{
  gint64 frame = imp_session_get_frame (session);
  gint64 length = imp_session_get_length (session);
  const PhysStop *stop
      = imp_session_get_stop (session) > 0 ? imp_session_get_stop_info (session) : NULL;
  if (stop != NULL && imp_conceal_stop (session))
    return g_strdup_printf (_("frame %lld / %lld\n%s, t kept back"), (long long) frame,
                            (long long) length,
                            imp_i18n_physics_name ("stop", phys_stop_kind_name (stop->kind)));
  if (stop != NULL)
    return g_strdup_printf (_("frame %lld / %lld\nt = %.4f %s"), (long long) frame,
                            (long long) length, stop->t,
                            imp_i18n_physics_name ("stop", phys_stop_kind_name (stop->kind)));
  return g_strdup_printf (_("frame %lld / %lld"), (long long) frame, (long long) length);
}

/**
 * imp_conceal_view_input:
 * @session: a session
 * @now: what it shows now (imp_session_get_view(), or a canvas's preview of it)
 * @input: (out caller-allocates): the picture's input: @now with the session's
 *   overlays, selection and highlighted term, less what is kept back
 *
 * What the canvas draws of the session; the caller adds the theme, cache and
 * hotspots.
 */
void
imp_conceal_view_input (ImpSession *session, const ImpSessionView *now, ImpRenderInput *input)
{
  ImpViewOptions *options = imp_session_get_view_options (session);
  imp_render_input_init (input, now->world);
  input->positions = now->positions;
  input->events = now->events;
  input->n_events = now->n_events;
  input->selected = now->selected;
  input->overlays = imp_view_options_get_overlays (options);
  input->time_in_frame = now->time_in_frame;
  input->ghost_positions = now->ghost_positions;
  input->trail = now->trail;
  input->trail_len = now->trail_len;
  input->trail_stride = phys_world_circle_count (now->world);
  input->pair = now->pair;
  input->selected_body = now->body.index;
  input->selected_kind = now->body.kind;
  PhysBodyRef a, b;
  if (imp_session_get_selected_pair (session, &a, &b))
    {
      /* Both bodies of a pair are marked. */
      input->selected_body = a.index;
      input->selected_kind = a.kind;
      input->selected_other = b.index;
      input->selected_other_kind = b.kind;
    }
  input->highlight_term = imp_view_options_get_highlight_term (options);
  input->sat_step = imp_view_options_get_sat_step (options);
  if (imp_session_get_stop (session) > 0)
    {
      PhysStopKind stop = imp_session_get_stop_info (session)->kind;
      input->response_stage = stop == PHYS_STOP_AFTER    ? IMP_RESPONSE_AFTER
                              : stop == PHYS_STOP_BEFORE ? IMP_RESPONSE_BEFORE
                                                         : IMP_RESPONSE_WHOLE;
    }
  imp_conceal_input (session, input);
}
