/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-scene-ref.c: a document's "scene" member, a file name or an inline
 * scene; see imp-scene-ref.h. */
#include "imp-scene-ref.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-file.h"
#include "imp-i18n.h"
#include "impulse-lessons-resources.h"

/**
 * imp_scene_ref_is_uri:
 * @name: a file name or URI
 *
 * "resource:///x" is a URI; "C:\x" and "notes:v2.json" are file names.
 *
 * Returns: whether @name is a URI
 */
gboolean
imp_scene_ref_is_uri (const char *name)
{
  g_autofree char *scheme = g_uri_parse_scheme (name);

  return scheme != NULL && strlen (scheme) > 1 && g_str_has_prefix (name + strlen (scheme), "://");
}

/**
 * imp_scene_ref_file:
 * @name: a file name or URI
 *
 * Returns: (transfer full): the file @name names
 */
GFile *
imp_scene_ref_file (const char *name)
{
  return imp_scene_ref_is_uri (name) ? g_file_new_for_uri (name) : g_file_new_for_path (name);
}

/**
 * imp_scene_ref_resolve:
 * @base_dir: (nullable): the directory or URI of the document; %NULL: the current directory
 * @name: the file name as written in the document
 * @display: (out) (transfer full): the name errors in that file should give
 *
 * Where a "scene" file name leads. A relative name stays relative when the
 * document's directory is, as users wrote both.
 *
 * Returns: (transfer full): the file
 */
GFile *
imp_scene_ref_resolve (const char *base_dir, const char *name, char **display)
{
  if (imp_scene_ref_is_uri (name) || g_path_is_absolute (name) || base_dir == NULL)
    {
      *display = g_strdup (name);
      return imp_scene_ref_file (name);
    }
  if (imp_scene_ref_is_uri (base_dir))
    {
      g_autoptr (GFile) base = g_file_new_for_uri (base_dir);
      GFile *file = g_file_resolve_relative_path (base, name);
      *display = g_file_get_uri (file);
      return file;
    }
  *display
      = g_str_equal (base_dir, ".") ? g_strdup (name) : g_build_filename (base_dir, name, NULL);
  return g_file_new_for_path (*display);
}

static gboolean
load_file (ImpJsonReader *reader, JsonNode *value, const char *base_dir, ImpSceneRef *out)
{
  const char *name = json_node_get_string (value);

  if (name[0] == '\0')
    return imp_json_reader_fail (
        reader, value, IMP_FORMAT_ERROR_RANGE,
        _("expected a scene file name for \"scene\", got an empty string"));

  g_autofree char *display = NULL;
  g_autoptr (GFile) file = imp_scene_ref_resolve (base_dir, name, &display);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr (GError) io_error = NULL;

  /* Keeps the shipped scenes registered for "resource://" names in static links. */
  (void) impulse_lessons_get_resource ();
  if (!imp_file_load (file, &contents, &length, &io_error))
    {
      g_autofree char *got = imp_json_reader_source_text (reader, value);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_IO,
                                   _("expected a readable scene file, got %s: %s"), got,
                                   io_error->message);
    }
  out->world
      = imp_scene_load_data_full (contents, (gssize) length, display, &out->info, &reader->error);
  if (out->world == NULL)
    return FALSE;
  out->path = g_strdup (name);
  return TRUE;
}

/* The scene loader reads an inline scene from a copy of the document in which
 * everything before the scene object is blanked: each character becomes one
 * space and line breaks stay, so every line and column it reports (including
 * the "first one is at" of duplicates) is the position in the document. */
static gboolean
load_inline (ImpJsonReader *reader, const char *data, gsize length, ImpSceneRef *out)
{
  gsize bom = length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  gsize root_length, scene_length;
  /* The scanner's copy is the document byte for byte from its top-level value,
   * which starts after an optional byte order mark and white space. */
  gsize root_start = bom;
  while (root_start < length && strchr (" \t\r\n", data[root_start]) != NULL)
    root_start++;
  const char *root_text = imp_json_positions_text (
      reader->positions, imp_json_positions_find (reader->positions, ""), &root_length);
  const char *scene_text = imp_json_positions_text (
      reader->positions, imp_json_positions_find (reader->positions, "scene"), &scene_length);
  gsize scene_start = root_start + (gsize) (scene_text - root_text);

  g_autoptr (GString) blanked = g_string_sized_new (scene_start + scene_length);
  g_string_append_len (blanked, data, (gssize) bom);
  for (gsize i = bom; i < scene_start; i++)
    {
      guchar c = (guchar) data[i];
      if (c == '\n')
        g_string_append_c (blanked, '\n');
      else if ((c & 0xC0) != 0x80) /* continuation bytes belong to the character before */
        g_string_append_c (blanked, ' ');
    }
  g_string_append_len (blanked, data + scene_start, (gssize) scene_length);

  out->world = imp_scene_load_data_full (blanked->str, (gssize) blanked->len, reader->file,
                                         &out->info, &reader->error);
  if (out->world == NULL)
    return FALSE;
  out->text = g_strndup (scene_text, scene_length);
  return TRUE;
}

/**
 * imp_scene_ref_load:
 * @reader: the document's reader
 * @data: (array length=length): the document's text, as given to the reader
 * @length: its length in bytes
 * @base_dir: (nullable): what a relative file name is relative to
 * @what: the document's kind in messages ("session", "lesson")
 * @out: (out caller-allocates): the scene; clear with imp_scene_ref_clear()
 *
 * Loads the scene that the top-level object's "scene" member gives.
 *
 * Returns: %TRUE on success; %FALSE with @reader's error set
 */
gboolean
imp_scene_ref_load (ImpJsonReader *reader, const char *data, gsize length, const char *base_dir,
                    const char *what, ImpSceneRef *out)
{
  JsonNode *root = reader->root;
  JsonNode *value = json_object_get_member (json_node_get_object (root), "scene");

  memset (out, 0, sizeof *out);
  if (value == NULL)
    return imp_json_reader_fail (reader, root, IMP_FORMAT_ERROR_MISSING,
                                 _("missing required key \"scene\" in %s (a scene file name or a "
                                   "scene object)"),
                                 imp_i18n_object_name (what));
  if (JSON_NODE_HOLDS_OBJECT (value))
    return load_inline (reader, data, length, out);
  if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING)
    return load_file (reader, value, base_dir, out);
  return imp_json_reader_fail (
      reader, value, IMP_FORMAT_ERROR_TYPE,
      _("expected a scene file name or a scene object for \"scene\", got %s"),
      imp_json_reader_describe (value));
}

/**
 * imp_scene_ref_clear:
 * @ref: a scene loaded by imp_scene_ref_load()
 *
 * Frees what @ref holds and zeroes it.
 */
void
imp_scene_ref_clear (ImpSceneRef *ref)
{
  phys_world_free (ref->world);
  g_free (ref->path);
  g_free (ref->text);
  imp_scene_info_free (ref->info);
  memset (ref, 0, sizeof *ref);
}

/**
 * imp_scene_ref_sniff_file:
 * @path: a file name or URI
 * @key: the version key of a format ("impulse-session", "impulse-lesson")
 * @typos: how far a misspelt key may be from @key
 *
 * Reads @path and applies imp_json_sniff_key(), so that a program can take a
 * session or a lesson wherever it takes a scene.
 *
 * Returns: %FALSE when @path cannot be read or is not of that format
 */
gboolean
imp_scene_ref_sniff_file (const char *path, const char *key, guint typos)
{
  g_autoptr (GFile) file = imp_scene_ref_file (path);
  g_autofree char *contents = NULL;
  gsize length;

  (void) impulse_lessons_get_resource ();
  if (!imp_file_load (file, &contents, &length, NULL))
    return FALSE;
  return imp_json_sniff_key (contents, length, key, typos);
}
