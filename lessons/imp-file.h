/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-file.h: the files a user names, read within bounds (scenes, sessions, lessons)
 * and written atomically (sessions, exports). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The largest file Impulse reads: 64 MiB, three times a scene of 200,000 circles
 * with every key written out. */
#define IMP_FILE_MAX_SIZE ((gsize) 67108864)

gboolean imp_file_load (GFile *file, char **contents, gsize *length, GError **error);

char *imp_file_follow_links (const char *path);

gboolean imp_file_replace (const char *path, const void *data, gsize length, gboolean overwrite,
                           GError **error);

G_END_DECLS
