/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-i18n.h: the program's gettext domain and the locale-aware reading of typed
 * numbers (docs/translations.md). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *imp_i18n_locale_dir (void);
void imp_i18n_init (void);
gboolean imp_i18n_parse_number (const char *text, double *value);

G_END_DECLS
