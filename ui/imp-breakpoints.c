/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-breakpoints.c: breakpoint presets turned into timeline queries. */
#include "imp-breakpoints.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>

/* The selected body's name, or "?" when there is no world. */
static const char *
body_name (ImpSession *session, PhysBodyRef ref)
{
  ImpSessionView view;
  imp_session_get_view (session, &view);
  const char *name = view.world != NULL ? phys_world_body_name (view.world, ref) : NULL;
  return name != NULL ? name : "?";
}

gboolean
imp_breakpoint_apply (ImpSession *session, const char *name, char **description, GError **error)
{
  PhysTimelineQuery query;
  memset (&query, 0, sizeof query);
  char *text = NULL;
  if (g_str_equal (name, "none"))
    {
      imp_session_set_breakpoint (session, NULL);
      *description = g_strdup ("Playback no longer pauses by itself");
      return TRUE;
    }
  else if (g_str_equal (name, "any"))
    text = g_strdup ("Playback pauses on every event");
  else if (g_str_equal (name, "circle-circle"))
    {
      query.kinds = 1u << PHYS_EVENT_CIRCLE_CIRCLE;
      text = g_strdup ("Playback pauses when two circles collide");
    }
  else if (g_str_equal (name, "circle-segment"))
    {
      query.kinds = 1u << PHYS_EVENT_CIRCLE_SEGMENT;
      text = g_strdup ("Playback pauses when a circle meets a segment");
    }
  else if (g_str_equal (name, "probe-segment"))
    {
      query.kinds = 1u << PHYS_EVENT_PROBE_SEGMENT;
      text = g_strdup ("Playback pauses when a probe's path crosses a segment");
    }
  else if (g_str_equal (name, "embedded"))
    {
      query.kinds = 1u << PHYS_EVENT_EMBEDDED;
      text = g_strdup ("Playback pauses when a frame starts with bodies overlapping");
    }
  else if (g_str_equal (name, "event-cap"))
    {
      query.event_cap = true;
      text = g_strdup ("Playback pauses where a frame hits the event cap");
    }
  else if (g_str_has_prefix (name, "energy"))
    {
      /* "energy" (the default threshold) or "energy-P": more than P percent. */
      double percent = 100.0 * IMP_BREAKPOINT_ENERGY_CHANGE;
      const char *rest = name + strlen ("energy");
      if (*rest != '\0')
        {
          char *end = NULL;
          percent = *rest == '-' ? g_ascii_strtod (rest + 1, &end) : NAN;
          if (end == NULL || end == rest + 1 || *end != '\0' || !(percent > 0.0 && percent <= 100.0))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "Unknown breakpoint \u201c%s\u201d: expected energy-P with P a "
                           "percentage above 0 and at most 100",
                           name);
              return FALSE;
            }
        }
      query.energy_change = percent / 100.0;
      text = g_strdup_printf ("Playback pauses where the total energy changes by more than "
                              "%g %% in a frame",
                              percent);
    }
  else if (g_str_equal (name, "selection"))
    {
      PhysBodyRef a, b;
      if (imp_session_get_selected_pair (session, &a, &b))
        {
          query.match_pair = true;
          query.pair[0] = a;
          query.pair[1] = b;
          text = g_strdup_printf ("Playback pauses when %s and %s collide",
                                  body_name (session, a), body_name (session, b));
        }
      else if (imp_session_get_selected_body (session, &a))
        {
          query.match_body = true;
          query.body = a;
          text = g_strdup_printf ("Playback pauses on every event of %s", body_name (session, a));
        }
      else
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               "Select a body first (click it; Ctrl+click a second one for a "
                               "pair), then choose this breakpoint");
          return FALSE;
        }
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "Unknown breakpoint “%s”: expected none, any, circle-circle, "
                   "circle-segment, probe-segment, embedded, selection, event-cap, energy or "
                   "energy-P (P percent)",
                   name);
      return FALSE;
    }
  imp_session_set_breakpoint (session, &query);
  *description = text;
  return TRUE;
}
