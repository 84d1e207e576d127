/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-breakpoints.c: breakpoint presets turned into timeline queries. */
#include "imp-breakpoints.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* clang-format off */
G_DEFINE_QUARK (imp-breakpoint-error-quark, imp_breakpoint_error)
/* clang-format on */

#define N_EVENT_KINDS (PHYS_EVENT_EVENT_CAP + 1)

/* When each kind's breakpoint pauses; the kind's name is the physics' own. */
static const char *const kind_sentences[N_EVENT_KINDS] = {
  [PHYS_EVENT_EMBEDDED] = N_("Playback pauses when a frame starts with bodies overlapping"),
  [PHYS_EVENT_CIRCLE_CIRCLE] = N_("Playback pauses when two circles collide"),
  [PHYS_EVENT_CIRCLE_SEGMENT] = N_("Playback pauses when a circle meets a segment"),
  [PHYS_EVENT_PROBE_SEGMENT] = N_("Playback pauses when a probe's path crosses a segment"),
  [PHYS_EVENT_EVENT_CAP] = N_("Playback pauses where a frame hits the event cap"),
};

/* The event kind phys_event_kind_name() calls name, or -1. */
static int
event_kind_named (const char *name)
{
  for (int k = 0; k < N_EVENT_KINDS; k++)
    if (g_str_equal (name, phys_event_kind_name ((PhysEventKind) k)))
      return k;
  return -1;
}

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
  int kind = event_kind_named (name);
  if (g_str_equal (name, "none"))
    {
      imp_session_set_breakpoint (session, NULL);
      *description = g_strdup (_("Playback no longer pauses by itself"));
      return TRUE;
    }
  else if (g_str_equal (name, "any"))
    text = g_strdup (_("Playback pauses on every event"));
  else if (kind == PHYS_EVENT_EVENT_CAP)
    {
      /* The cap is a mark on the frame, not an event a pair has: the query has its own flag. */
      query.event_cap = true;
      text = g_strdup (_(kind_sentences[kind]));
    }
  else if (kind >= 0)
    {
      query.kinds = 1u << kind;
      text = g_strdup (_(kind_sentences[kind]));
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
              g_set_error (error, IMP_BREAKPOINT_ERROR, IMP_BREAKPOINT_ERROR_UNKNOWN,
                           _("Unknown breakpoint \u201c%s\u201d: expected energy-P with P a "
                             "percentage above 0 and at most 100"),
                           name);
              return FALSE;
            }
        }
      query.energy_change = percent / 100.0;
      text = g_strdup_printf (_("Playback pauses where the total energy changes by more than "
                                "%g %% in a frame"),
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
          text = g_strdup_printf (_("Playback pauses when %s and %s collide"),
                                  body_name (session, a), body_name (session, b));
        }
      else if (imp_session_get_selected_body (session, &a))
        {
          query.match_body = true;
          query.body = a;
          text = g_strdup_printf (_("Playback pauses on every event of %s"),
                                  body_name (session, a));
        }
      else
        {
          g_set_error_literal (error, IMP_BREAKPOINT_ERROR, IMP_BREAKPOINT_ERROR_NO_SELECTION,
                               _("Select a body first (click it; Ctrl+click a second one for a "
                                 "pair), then choose this breakpoint"));
          return FALSE;
        }
    }
  else
    {
      GString *names = g_string_new ("none, any");
      for (int k = 0; k < N_EVENT_KINDS; k++)
        g_string_append_printf (names, ", %s", phys_event_kind_name ((PhysEventKind) k));
      g_set_error (error, IMP_BREAKPOINT_ERROR, IMP_BREAKPOINT_ERROR_UNKNOWN,
                   _("Unknown breakpoint “%s”: expected %s, selection, energy or energy-P "
                     "(P percent)"),
                   name, names->str);
      g_string_free (names, TRUE);
      return FALSE;
    }
  imp_session_set_breakpoint (session, &query);
  *description = text;
  return TRUE;
}
