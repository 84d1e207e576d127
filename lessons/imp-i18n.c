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

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

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
  if (radix != NULL && *radix != '\0' && strcmp (radix, ".") != 0 && strchr (clean->str, '.') == NULL)
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
