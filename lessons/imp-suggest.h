/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-suggest.h: "did you mean ...?" for misspelt keys, enum names and ids. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

guint imp_suggest_distance (const char *a, const char *b);

const char *imp_suggest_nearest (const char *word, const char *const *candidates,
                                 gssize n_candidates);

G_END_DECLS
