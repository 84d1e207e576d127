/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-sleep-text.c: a polygon's sleep in words (docs/physics.md, sleeping rigid bodies). */
#include <glib/gi18n.h>

#include "imp-sleep-text.h"

/**
 * imp_sleep_text:
 * @world: the world
 * @polygon: a polygon's index
 *
 * "asleep (since frame N)", or "awake, at rest for K of 30 frames" followed by why it last
 * woke ("woken at frame N by contact with X", "by a spring to X", "by an edit"). A fixed
 * polygon never sleeps: %NULL.
 *
 * Returns: (transfer full) (nullable): the text
 */
char *
imp_sleep_text (const PhysWorld *world, int polygon)
{
  PhysPolygonBody p = phys_world_get_polygon (world, polygon);
  if (p.fixed)
    return NULL;
  if (phys_polygon_is_asleep (&p))
    return g_strdup_printf (_("asleep (since frame %lld)"), (long long) p.asleep_since);
  GString *out = g_string_new (NULL);
  if (p.rest_frames > 0)
    g_string_append_printf (out, _("awake, at rest for %d of %d frames"), (int) p.rest_frames,
                            PHYS_SLEEP_FRAMES);
  else
    g_string_append (out, _("awake"));
  if (p.woke_at >= 0)
    {
      const char *other = p.woke_other.index >= 0 ? phys_world_body_name (world, p.woke_other)
                                                   : NULL;
      g_string_append (out, "; ");
      if (p.woke_by == PHYS_WAKE_EDIT || other == NULL)
        g_string_append_printf (out, _("woken at frame %lld by an edit"), (long long) p.woke_at);
      else if (p.woke_by == PHYS_WAKE_SPRING)
        g_string_append_printf (out, _("woken at frame %lld by a spring to %s"),
                                (long long) p.woke_at, other);
      else
        g_string_append_printf (out, _("woken at frame %lld by contact with %s"),
                                (long long) p.woke_at, other);
    }
  return g_string_free (out, FALSE);
}
