/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-i18n.c: binds the gettext domain every layer's _() uses, and reads the numbers a
 * learner types in the convention of their language as well as in the C one.
 *
 * Only what a person reads is translated and formatted for the locale; the trace, the
 * exported data and every file stay in the C locale (docs/translations.md).
 */
#include "imp-i18n.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "phys.h"

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

/* Every name physics/ gives its verdicts, features, responses, event kinds, integrators,
 * detections, bodies and a frame's stops, marked with its kind as the context (a "hit" verdict and
 * other uses of the word are translated apart); test-i18n checks the list is complete. */
const ImpI18nName imp_i18n_physics_names[] = {
  { "verdict", NC_("verdict", "overlapping") },
  { "verdict", NC_("verdict", "no-relative-motion") },
  { "verdict", NC_("verdict", "moving-apart") },
  { "verdict", NC_("verdict", "miss") },
  { "verdict", NC_("verdict", "after-frame") },
  { "verdict", NC_("verdict", "hit") },
  { "contact", NC_("contact", "separated") },
  { "contact", NC_("contact", "touching") },
  { "contact", NC_("contact", "overlapping") },
  { "probe", NC_("probe", "ahead") },
  { "probe", NC_("probe", "behind") },
  { "probe", NC_("probe", "off-segment") },
  { "probe", NC_("probe", "parallel") },
  { "probe", NC_("probe", "still") },
  { "feature", NC_("feature", "none") },
  { "feature", NC_("feature", "interior") },
  { "feature", NC_("feature", "cap-a") },
  { "feature", NC_("feature", "cap-b") },
  { "response", NC_("response", "reflect") },
  { "response", NC_("response", "slide") },
  { "event", NC_("event", "embedded") },
  { "event", NC_("event", "circle-circle") },
  { "event", NC_("event", "circle-segment") },
  { "event", NC_("event", "probe-segment") },
  { "event", NC_("event", "event-cap") },
  { "event", NC_("event", "polygon-polygon") },
  { "event", NC_("event", "polygon-circle") },
  { "event", NC_("event", "polygon-segment") },
  { "event", NC_("event", "polygon-curve") },
  { "event", NC_("event", "circle-curve") },
  { "event", NC_("event", "sleep") },
  { "event", NC_("event", "wake") },
  { "integrator", NC_("integrator", "euler") },
  { "integrator", NC_("integrator", "semi-implicit-euler") },
  { "integrator", NC_("integrator", "midpoint") },
  { "integrator", NC_("integrator", "rk4") },
  { "integrator", NC_("integrator", "verlet") },
  { "detection", NC_("detection", "swept") },
  { "detection", NC_("detection", "discrete") },
  { "body", NC_("body", "circle") },
  { "body", NC_("body", "segment") },
  { "body", NC_("body", "probe") },
  { "body", NC_("body", "polygon") },
  { "body", NC_("body", "curve") },
  { "stop", NC_("stop", "start") },
  { "stop", NC_("stop", "before") },
  { "stop", NC_("stop", "after") },
  { "stop", NC_("stop", "probe") },
  { "stop", NC_("stop", "end") },
};
const gsize imp_i18n_n_physics_names = G_N_ELEMENTS (imp_i18n_physics_names);

/* The objects of the scene, session and lesson files as a message names the one a key is
 * missing from or unknown in ("missing required key \"id\" in lesson"); their keys, and the
 * values inside the names ("set-circle"), stay as the file writes them. */
const char *const imp_i18n_object_names[] = {
  /* Translators: a file's object as "in" takes it ("... in lesson"): German "der Lektion" */
  NC_("object", "lesson"),
  NC_("object", "step"),
  NC_("object", "frame goal"),
  NC_("object", "event goal"),
  NC_("object", "verdict goal"),
  NC_("object", "predict goal"),
  NC_("object", "mode goal"),
  NC_("object", "scene"),
  NC_("object", "world"),
  NC_("object", "circle"),
  NC_("object", "segment"),
  NC_("object", "probe"),
  NC_("object", "polygon"),
  NC_("object", "curve"),
  NC_("object", "attractor force"),
  NC_("object", "drag force"),
  NC_("object", "spring force"),
  NC_("object", "bungee force"),
  NC_("object", "session"),
  NC_("object", "bookmark"),
  NC_("object", "bookmark view"),
  NC_("object", "set-circle edit"),
  NC_("object", "add-circle edit"),
  NC_("object", "remove-circle edit"),
  NC_("object", "set-segment edit"),
  NC_("object", "add-segment edit"),
  NC_("object", "remove-segment edit"),
  NC_("object", "set-world edit"),
  NC_("object", "set-probe edit"),
  NC_("object", "set-polygon edit"),
  NC_("object", "add-polygon edit"),
  NC_("object", "remove-polygon edit"),
  NC_("object", "set-curve edit"),
  NC_("object", "add-curve edit"),
  NC_("object", "remove-curve edit"),
};
const gsize imp_i18n_n_object_names = G_N_ELEMENTS (imp_i18n_object_names);

/**
 * imp_i18n_object_name:
 * @name: an object of a file as the loaders name it ("lesson", "predict goal", "set-circle
 *   edit"), or a key's label ("\"pos\"[1]")
 *
 * Returns: (transfer none): @name in the learner's language; @name itself when it is not one
 *   of imp_i18n_object_names
 */
const char *
imp_i18n_object_name (const char *name)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "object", name);
}

/**
 * imp_i18n_physics_name:
 * @context: the kind of name (see #ImpI18nName)
 * @name: a name physics/ gives
 *
 * Returns: (transfer none): @name in the learner's language; @name itself untranslated
 */
const char *
imp_i18n_physics_name (const char *context, const char *name)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, context, name);
}

/**
 * imp_i18n_verdict_name:
 * @name: a verdict as a lesson's goal names it: a circle test's, a probe's or a rigid
 *   pair's contact test's (phys_verdict_name(), phys_probe_verdict_name(),
 *   phys_contact_verdict_name())
 *
 * Returns: (transfer none): @name in the learner's language, by the context of the kind
 *   of test that gives it
 */
const char *
imp_i18n_verdict_name (const char *name)
{
  for (int v = 0; v <= PHYS_PROBE_STILL; v++)
    if (strcmp (name, phys_probe_verdict_name ((PhysProbeVerdict) v)) == 0)
      return imp_i18n_physics_name ("probe", name);
  for (int v = 0; v < PHYS_CONTACT_OVERLAPPING; v++)
    if (strcmp (name, phys_contact_verdict_name ((PhysContactVerdict) v)) == 0)
      return imp_i18n_physics_name ("contact", name);
  return imp_i18n_physics_name ("verdict", name);
}

/**
 * imp_i18n_locale_dir:
 *
 * Where the compiled catalogs are: `$IMPULSE_LOCALEDIR` when set (the build tree's
 * `po/` folder, for running uninstalled), else the installed locale folder.
 *
 * Returns: (transfer none): the folder holding LANG/LC_MESSAGES/impulse.mo
 */
const char *
imp_i18n_locale_dir (void)
{
  const char *dir = g_getenv ("IMPULSE_LOCALEDIR");

  return dir != NULL && *dir != '\0' ? dir : LOCALEDIR;
}

/**
 * imp_i18n_init:
 *
 * Binds the program's gettext domain to imp_i18n_locale_dir() in UTF-8 and makes it
 * the default domain, so `_()` and GtkBuilder's translatable strings find it. The
 * program sets the locale itself (setlocale()) before.
 */
void
imp_i18n_init (void)
{
  bindtextdomain (GETTEXT_PACKAGE, imp_i18n_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/**
 * imp_i18n_parse_number:
 * @text: what was typed
 * @value: (out): the number
 *
 * Reads a finite decimal number, the whole of @text but for surrounding space: with
 * a point as the decimal separator, or with the locale's (a German learner types
 * 0,25). The minus sign may be U+2212, as the app writes it. "nan", "inf" and
 * hexadecimal numbers, which strtod would also read, are refused.
 *
 * Returns: whether @text is such a number
 */
gboolean
imp_i18n_parse_number (const char *text, double *value)
{
  g_autoptr (GString) clean = g_string_new (text);
  const char *radix = localeconv ()->decimal_point;

  g_string_replace (clean, "\u2212", "-", 0);
  if (radix != NULL && *radix != '\0' && strcmp (radix, ".") != 0
      && strchr (clean->str, '.') == NULL)
    g_string_replace (clean, radix, ".", 1);
  g_strstrip (clean->str);
  if (clean->str[0] == '\0' || strpbrk (clean->str, "nNiIxX") != NULL)
    return FALSE;
  char *end = NULL;
  double x = g_ascii_strtod (clean->str, &end);
  if (end == clean->str || *end != '\0' || !isfinite (x))
    return FALSE;
  *value = x;
  return TRUE;
}
