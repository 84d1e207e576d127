/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-i18n.h: the program's gettext domain and the locale-aware reading of typed
 * numbers (docs/translations.md). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * ImpI18nName:
 * @context: what kind of name: "verdict", "probe", "feature", "response", "event",
 *   "integrator", "detection", "body", "stop"
 * @name: the name physics/ gives it (phys_verdict_name() ...), the same in every language
 *   in traces and files
 *
 * A name of the physics' vocabulary, as the window shows it in the learner's language.
 */
typedef struct
{
  const char *context;
  const char *name;
} ImpI18nName;

extern const ImpI18nName imp_i18n_physics_names[];
extern const gsize imp_i18n_n_physics_names;

const char *imp_i18n_physics_name (const char *context, const char *name);
const char *imp_i18n_verdict_name (const char *name);

extern const char *const imp_i18n_object_names[];
extern const gsize imp_i18n_n_object_names;
const char *imp_i18n_object_name (const char *name);

const char *imp_i18n_locale_dir (void);
void imp_i18n_init (void);
gboolean imp_i18n_parse_number (const char *text, double *value);

G_END_DECLS
