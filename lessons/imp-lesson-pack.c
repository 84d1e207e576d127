/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-pack.c: see the header. */
#include "imp-lesson-pack.h"

#include <string.h>

#include "imp-file.h"
#include "imp-json-reader.h"

static void
clear_entry (gpointer data)
{
  ImpLessonPackEntry *entry = data;
  g_free (entry->path);
  imp_lesson_free (entry->lesson);
  g_clear_error (&entry->error);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Whether the file is one the pack holds for its lessons: a scene or a session
 * (what a lesson's "scene" names), not a lesson. */
static gboolean
is_other_format (const char *data, gsize length)
{
  return imp_json_sniff_key (data, length, "impulse", 0)
         || imp_json_sniff_key (data, length, "impulse-session", 0);
}

/**
 * imp_lesson_pack_load:
 * @dir: a folder
 *
 * Loads every lesson in @dir: each ".json" file of the folder itself (not of
 * its subfolders, where scenes usually go) but those that are scenes or
 * sessions. A file that is neither, and does not load as a lesson, is an entry
 * with the loader's error, at its line and column.
 *
 * Returns: (transfer full): the pack; its @error says when @dir cannot be read
 */
ImpLessonPack *
imp_lesson_pack_load (const char *dir)
{
  ImpLessonPack *pack = g_new0 (ImpLessonPack, 1);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GDir *listing;
  const char *name;

  pack->dir = g_strdup (dir);
  pack->entries = g_array_new (FALSE, TRUE, sizeof (ImpLessonPackEntry));
  g_array_set_clear_func (pack->entries, clear_entry);
  listing = g_dir_open (dir, 0, &pack->error);
  if (listing == NULL)
    return pack;
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  g_dir_close (listing);
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autofree char *contents = NULL;
      gsize length;
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      ImpLessonPackEntry entry = { g_strdup (path), NULL, NULL };
      if (imp_file_load (file, &contents, &length, NULL) && is_other_format (contents, length))
        {
          g_free (entry.path);
          continue;
        }
      entry.lesson = imp_lesson_load (path, &entry.error);
      g_array_append_val (pack->entries, entry);
    }
  return pack;
}

void
imp_lesson_pack_free (ImpLessonPack *pack)
{
  if (pack == NULL)
    return;
  g_free (pack->dir);
  g_clear_error (&pack->error);
  g_array_unref (pack->entries);
  g_free (pack);
}
