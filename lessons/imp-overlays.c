/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-overlays.c: overlays by name, through the flags type; see the header. */
#include "imp-overlays.h"

/**
 * imp_overlay_names:
 * @n_names: (out): how many names there are
 *
 * The names of the single overlays, in bit order (name i is the overlay
 * 1 << i): what a lesson's "overlays" may list. "none" is not among them.
 *
 * Returns: (array length=n_names) (transfer none): the names, static
 */
const char *const *
imp_overlay_names (gsize *n_names)
{
  static const char *names[32];
  static gsize n = 0;

  if (g_once_init_enter (&n))
    {
      /* Kept for the life of the program: the names are the class's strings. */
      GFlagsClass *klass = g_type_class_ref (IMP_TYPE_OVERLAYS);
      gsize count = 0;
      for (guint i = 0; i < klass->n_values; i++)
        if (klass->values[i].value != 0)
          {
            g_assert (klass->values[i].value == 1u << count);
            names[count++] = klass->values[i].value_nick;
          }
      g_once_init_leave (&n, count);
    }
  *n_names = n;
  return names;
}

/**
 * imp_overlay_from_name:
 * @name: an overlay's name ("velocity", "ghost-branch"), or "none"
 * @overlay: (out): the overlay it names
 *
 * Returns: %FALSE when no overlay has that name
 */
gboolean
imp_overlay_from_name (const char *name, ImpOverlays *overlay)
{
  GFlagsClass *klass = g_type_class_ref (IMP_TYPE_OVERLAYS);
  GFlagsValue *value = g_flags_get_value_by_nick (klass, name);

  if (value != NULL)
    *overlay = (ImpOverlays) value->value;
  g_type_class_unref (klass);
  return value != NULL;
}
