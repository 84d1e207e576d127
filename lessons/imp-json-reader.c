/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json-reader.c: typed values out of json-glib nodes, with positioned errors.
 *
 * json-glib's nodes do not know where they were in the text, so every error
 * looks its node up in the positions imp_json_positions_scan() recorded. The
 * lookup walks the tree, which is fine for the one error a load reports.
 */
#include "imp-json-reader.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imp-i18n.h"
#include "imp-overlays.h"
#include "imp-suggest.h"

/* Longest piece of the user's text quoted in a message. */
#define QUOTE_MAX 40

/* Ids the world gives the walls of its bounds. */
static const char *const reserved_ids[] = {
  "bounds-left",
  "bounds-top",
  "bounds-right",
  "bounds-bottom",
};

/**
 * imp_json_reader_init:
 * @reader: (out caller-allocates): the reader to set up
 * @data: (array length=length): the document's text
 * @length: its length in bytes
 * @file: FILE in error messages; must outlive @reader
 *
 * Checks that @data is strict JSON, recording where each value is, and builds
 * json-glib's tree of it. The reader has no "-0" check until the caller sets
 * #ImpJsonReader.minus_zero. Free what it holds with imp_json_reader_clear(),
 * whether this succeeds or not.
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set, an
 *   %IMP_FORMAT_ERROR_SYNTAX error at the first mistake in the text
 */
gboolean
imp_json_reader_init (ImpJsonReader *reader, const char *data, gsize length, const char *file)
{
  ImpJsonLocation loc;
  g_autofree char *what = NULL;
  g_autoptr (GError) json_error = NULL;

  *reader = (ImpJsonReader){ 0 };
  reader->file = file;

  reader->positions = imp_json_positions_scan (data, length, &loc, &what);
  if (reader->positions == NULL)
    {
      reader->error = g_error_new (IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_SYNTAX, "%s:%d:%d: error: %s",
                                   file, loc.line, loc.column, what);
      return FALSE;
    }

  reader->parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (reader->parser, data, (gssize) length, &json_error))
    {
      g_autofree char *expected
          = g_strdup_printf (_("expected JSON that json-glib reads, got: %s"), json_error->message);
      reader->error = g_error_new (IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_SYNTAX, "%s:1:1: error: %s",
                                   file, expected);
      return FALSE;
    }
  reader->root = json_parser_get_root (reader->parser);
  return TRUE;
}

/**
 * imp_json_reader_clear:
 * @reader: a reader set up by imp_json_reader_init()
 *
 * Frees the document and an error the caller did not take (with
 * g_steal_pointer()). Nodes of the tree are no longer valid afterwards.
 */
void
imp_json_reader_clear (ImpJsonReader *reader)
{
  g_clear_pointer (&reader->positions, imp_json_positions_free);
  g_clear_object (&reader->parser);
  reader->root = NULL;
  g_clear_error (&reader->error);
}

/* Errors */

/**
 * imp_json_reader_location:
 * @reader: a reader
 * @node: a node of the reader's tree
 * @at_key: %TRUE for the key of the member whose value is @node, when it has one
 *
 * Returns: where @node's value (or key) starts; 1:1 when @node is not in the tree
 */
ImpJsonLocation
imp_json_reader_location (ImpJsonReader *reader, JsonNode *node, gboolean at_key)
{
  ImpJsonLocation loc = { 1, 1 };
  int id = imp_json_positions_locate (reader->positions, reader->root, node);

  if (id < 0)
    return loc;
  if (!at_key || !imp_json_positions_key_location (reader->positions, id, &loc))
    loc = imp_json_positions_value_location (reader->positions, id);
  return loc;
}

static void
fail_valist (ImpJsonReader *reader, JsonNode *node, gboolean at_key, ImpFormatError code,
             const char *format, va_list args)
{
  if (reader->error != NULL)
    return;

  g_autofree char *what = g_strdup_vprintf (format, args);
  ImpJsonLocation loc = imp_json_reader_location (reader, node, at_key);
  reader->error = g_error_new (IMP_FORMAT_ERROR, code, "%s:%d:%d: error: %s", reader->file,
                               loc.line, loc.column, what);
}

/**
 * imp_json_reader_fail:
 * @reader: a reader
 * @node: the value the mistake is in
 * @code: what kind of mistake it is
 * @format: printf() format of what was expected and what was found
 * @...: the format's arguments
 *
 * Reports a mistake at the start of @node's value, unless one was reported before.
 *
 * Returns: %FALSE, always, so that a reader can end with `return imp_json_reader_fail (...)`
 */
gboolean
imp_json_reader_fail (ImpJsonReader *reader, JsonNode *node, ImpFormatError code,
                      const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fail_valist (reader, node, FALSE, code, format, args);
  va_end (args);
  return FALSE;
}

/**
 * imp_json_reader_fail_at_key:
 * @reader: a reader
 * @node: the value of the member the mistake is in
 * @code: what kind of mistake it is
 * @format: printf() format of what was expected and what was found
 * @...: the format's arguments
 *
 * Like imp_json_reader_fail(), at the key of the member whose value is @node.
 *
 * Returns: %FALSE, always
 */
gboolean
imp_json_reader_fail_at_key (ImpJsonReader *reader, JsonNode *node, ImpFormatError code,
                             const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fail_valist (reader, node, TRUE, code, format, args);
  va_end (args);
  return FALSE;
}

/* Pieces of messages */

/**
 * imp_json_reader_clip:
 * @text: (array length=length): the user's text
 * @length: its length in bytes
 *
 * Returns: (transfer full): @text, cut to 40 bytes at a character boundary and
 *   followed by "..." when it is longer
 */
char *
imp_json_reader_clip (const char *text, gsize length)
{
  if (length <= QUOTE_MAX)
    return g_strndup (text, length);
  const char *cut = g_utf8_find_prev_char (text, text + QUOTE_MAX + 1);
  return g_strdup_printf ("%.*s...", (int) (cut - text), text);
}

/**
 * imp_json_reader_source_text:
 * @reader: a reader
 * @node: a node of the reader's tree
 *
 * A value as the user wrote it ("1e999", "\"rk5\""), for the "got" part of a
 * message; clipped as imp_json_reader_clip() does.
 *
 * Returns: (transfer full): the text, or "?" when @node is not in the tree
 */
char *
imp_json_reader_source_text (ImpJsonReader *reader, JsonNode *node)
{
  int id = imp_json_positions_locate (reader->positions, reader->root, node);
  gsize length;

  if (id < 0)
    return g_strdup ("?");
  const char *text = imp_json_positions_text (reader->positions, id, &length);
  return imp_json_reader_clip (text, length);
}

/**
 * imp_json_reader_describe:
 * @node: a node
 *
 * Returns: the JSON type of @node with its article: "an object", "null", "a number"...
 */
const char *
imp_json_reader_describe (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      break;
    }
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_BOOLEAN:
      return _("a boolean");
    case G_TYPE_STRING:
      return _("a string");
    default:
      return _("a number");
    }
}

/**
 * imp_json_reader_label:
 * @key: a member's name
 * @index: an element of the member's array, or -1 for the member itself
 *
 * A @key that names an element of an outer array ("vertices[2]") keeps that index after the
 * quoted name.
 *
 * Returns: (transfer full): "\"pos\"[1]" for an element, "\"radius\"" for a member,
 *   "\"vertices\"[2][0]" for an element of an element
 */
char *
imp_json_reader_label (const char *key, int index)
{
  /* A nested element's key carries its outer index ("vertices[2]"): the quotes go round the
   * member's name alone, "vertices"[2][0]. */
  const char *bracket = strchr (key, '[');
  int name_length = bracket != NULL ? (int) (bracket - key) : (int) strlen (key);
  const char *rest = bracket != NULL ? bracket : "";

  if (index < 0)
    return g_strdup_printf ("\"%.*s\"%s", name_length, key, rest);
  return g_strdup_printf ("\"%.*s\"%s[%d]", name_length, key, rest, index);
}

/**
 * imp_json_reader_quoted_list:
 * @names: (array length=n): names
 * @n: how many
 *
 * Returns: (transfer full): the names quoted and separated by ", "
 */
char *
imp_json_reader_quoted_list (const char *const *names, gsize n)
{
  GString *list = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    g_string_append_printf (list, "%s\"%s\"", i > 0 ? ", " : "", names[i]);
  return g_string_free (list, FALSE);
}

/* Values */

/**
 * imp_json_reader_number:
 * @reader: a reader
 * @value: the value
 * @key: the member it belongs to, for messages
 * @index: its index in @key's array, or -1 when it is @key's value
 * @out: (out): the number
 *
 * Reads a finite number of magnitude at most %PHYS_MAX_MAGNITUDE. With a
 * #ImpJsonReader.minus_zero function, an integer
 * written "-0" reads as -0.0.
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_number (ImpJsonReader *reader, JsonNode *value, const char *key, int index,
                        double *out)
{
  GType type = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_value_type (value) : G_TYPE_INVALID;

  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    {
      g_autofree char *what = imp_json_reader_label (key, index);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                   _("expected a number for %s, got %s"), what,
                                   imp_json_reader_describe (value));
    }
  /* JSON has no NaN or infinity literals, but 1e999 overflows to infinity. */
  double x = json_node_get_double (value);
  if (!isfinite (x))
    {
      g_autofree char *what = imp_json_reader_label (key, index);
      g_autofree char *got = imp_json_reader_source_text (reader, value);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_NOT_FINITE,
                                   _("expected a finite number for %s, got %s"), what, got);
    }
  /* Beyond this, products in the physics (energies, the swept test's b^2) overflow. */
  if (fabs (x) > PHYS_MAX_MAGNITUDE)
    {
      g_autofree char *what = imp_json_reader_label (key, index);
      g_autofree char *got = imp_json_reader_source_text (reader, value);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                   _("expected a number between -1e30 and 1e30 for %s, got %s"),
                                   what, got);
    }
  if (type == G_TYPE_INT64 && x == 0.0 && reader->minus_zero != NULL
      && reader->minus_zero (reader, key, index))
    x = -0.0;
  *out = x;
  return TRUE;
}

/**
 * imp_json_reader_integer:
 * @reader: a reader
 * @value: the value of member @key
 * @key: the member's name, for messages
 * @min: the smallest value accepted
 * @max: the largest value accepted; messages name both limits
 * @out: (out): the integer
 *
 * Reads a number with no fractional part between @min and @max.
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_integer (ImpJsonReader *reader, JsonNode *value, const char *key, gint64 min,
                         gint64 max, gint64 *out)
{
  double x;

  if (!imp_json_reader_number (reader, value, key, -1, &x))
    return FALSE;
  if (x != floor (x))
    {
      g_autofree char *got = imp_json_reader_source_text (reader, value);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                   _("expected an integer for \"%s\", got %s"), key, got);
    }
  if (x < (double) min || x > (double) max)
    {
      g_autofree char *got = imp_json_reader_source_text (reader, value);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                   _("expected \"%s\" between %lld and %lld, got %s"), key,
                                   (long long) min, (long long) max, got);
    }
  *out = (gint64) x;
  return TRUE;
}

/**
 * imp_json_reader_string:
 * @reader: a reader
 * @value: the value
 * @key: the member it belongs to, for messages
 * @index: its index in @key's array, or -1 when it is @key's value
 * @out: (out) (transfer none): the string, owned by the tree
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_string (ImpJsonReader *reader, JsonNode *value, const char *key, int index,
                        const char **out)
{
  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
    {
      g_autofree char *what = imp_json_reader_label (key, index);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                   _("expected a string for %s, got %s"), what,
                                   imp_json_reader_describe (value));
    }
  *out = json_node_get_string (value);
  return TRUE;
}

/**
 * imp_json_reader_vec2:
 * @reader: a reader
 * @value: the value of member @key
 * @key: the member's name, for messages
 * @out: (out): the vector
 *
 * Reads an array of two finite numbers, [x, y].
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_vec2 (ImpJsonReader *reader, JsonNode *value, const char *key, PhysVec2 *out)
{
  return imp_json_reader_point (reader, value, key, -1, out);
}

/**
 * imp_json_reader_point:
 * @reader: a reader
 * @value: the value
 * @key: the member it belongs to, for messages
 * @index: its index in @key's array (a polygon's vertex), or -1 when it is @key's value
 * @out: (out): the vector
 *
 * Reads an array of two finite numbers, [x, y]: the value of a member, or an element of a
 * member's array, whose numbers are then named "vertices"[2][0].
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_point (ImpJsonReader *reader, JsonNode *value, const char *key, int index,
                       PhysVec2 *out)
{
  g_autofree char *what = imp_json_reader_label (key, index);
  double xy[2];

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 index < 0 ? _("expected an array of 2 numbers [x, y] for \"%s\", "
                                               "got %s")
                                           : _("expected an array of 2 numbers [x, y] for %s, got "
                                               "%s"),
                                 index < 0 ? key : what, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  if (n != 2)
    return imp_json_reader_fail (
        reader, value, IMP_FORMAT_ERROR_TYPE,
        index < 0 ? ngettext ("expected an array of 2 numbers [x, y] for \"%s\", got %u element",
                              "expected an array of 2 numbers [x, y] for \"%s\", got %u elements",
                              n)
                  : ngettext ("expected an array of 2 numbers [x, y] for %s, got %u element",
                              "expected an array of 2 numbers [x, y] for %s, got %u elements", n),
        index < 0 ? key : what, n);
  /* An element's numbers: "vertices[2]" labels them "vertices"[2][0], and is the path of a
   * "-0" among them. */
  g_autofree char *element = index < 0 ? g_strdup (key) : g_strdup_printf ("%s[%d]", key, index);
  for (guint i = 0; i < 2; i++)
    if (!imp_json_reader_number (reader, json_array_get_element (array, i), element, (int) i,
                                 &xy[i]))
      return FALSE;
  *out = phys_v2 (xy[0], xy[1]);
  return TRUE;
}

/**
 * imp_json_reader_choice:
 * @reader: a reader
 * @value: the value of member @key
 * @key: the member's name, for messages
 * @names: (array length=n): the names accepted
 * @n: how many
 * @code: the error code of a string that is none of @names
 * @choice: (out): the index in @names of the name read
 *
 * Reads one of @names. The message for another string suggests the nearest name.
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_choice (ImpJsonReader *reader, JsonNode *value, const char *key,
                        const char *const *names, gsize n, ImpFormatError code, int *choice)
{
  const char *s;

  if (!imp_json_reader_string (reader, value, key, -1, &s))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (strcmp (s, names[i]) == 0)
      {
        *choice = (int) i;
        return TRUE;
      }

  g_autofree char *list = imp_json_reader_quoted_list (names, n);
  g_autofree char *got = imp_json_reader_source_text (reader, value);
  const char *guess = imp_suggest_nearest (s, names, (gssize) n);
  if (guess != NULL)
    return imp_json_reader_fail (reader, value, code,
                                 _("expected one of %s for \"%s\", got %s; did you mean \"%s\"?"),
                                 list, key, got, guess);
  return imp_json_reader_fail (reader, value, code, _("expected one of %s for \"%s\", got %s"),
                               list, key, got);
}

static gboolean
is_id_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_' || c == '.';
}

/**
 * imp_json_reader_id:
 * @reader: a reader
 * @value: the value of member @key
 * @key: the member's name, for messages
 * @may_name_wall: whether the id may be one the world gives a wall of its
 *   bounds ("bounds-left"...), as when it refers to a body rather than names a new one
 * @out: (out) (transfer none): the id, owned by the tree
 *
 * Reads an id as scenes spell them: 1 to %PHYS_NAME_MAX - 1 bytes of ASCII
 * letters, digits, '-', '_' and '.'. Whether it is unique or names a body is
 * the loader's to check.
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_id (ImpJsonReader *reader, JsonNode *value, const char *key, gboolean may_name_wall,
                    const char **out)
{
  const char *id;

  if (!imp_json_reader_string (reader, value, key, -1, &id))
    return FALSE;

  gsize n = strlen (id);
  if (n == 0 || n >= PHYS_NAME_MAX)
    {
      g_autofree char *got = n == 0 ? g_strdup (_("an empty string"))
                                    : g_strdup_printf (ngettext ("%zu byte", "%zu bytes", n), n);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                   _("expected an id of 1 to %d bytes, got %s"), PHYS_NAME_MAX - 1,
                                   got);
    }
  for (gsize i = 0; i < n; i++)
    if (!is_id_char (id[i]))
      {
        g_autofree char *got = imp_json_reader_source_text (reader, value);
        return imp_json_reader_fail (
            reader, value, IMP_FORMAT_ERROR_RANGE,
            _("expected an id made of ASCII letters, digits, '-', '_' and '.', got %s"), got);
      }
  if (!may_name_wall)
    for (gsize i = 0; i < G_N_ELEMENTS (reserved_ids); i++)
      if (strcmp (id, reserved_ids[i]) == 0)
        return imp_json_reader_fail (
            reader, value, IMP_FORMAT_ERROR_DUPLICATE_ID,
            _("expected an id other than \"%s\", which names a wall of the world bounds"), id);
  *out = id;
  return TRUE;
}

/**
 * imp_json_reader_version:
 * @reader: a reader
 * @value: the value of member @key
 * @key: the format's version key
 * @version: the only version this Impulse reads
 * @format: the format's name in messages ("format", "session format")
 *
 * Checks the version of a document's format, a number.
 *
 * Returns: %TRUE when @value is @version; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_version (ImpJsonReader *reader, JsonNode *value, const char *key, int version,
                         const char *format)
{
  GType type = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_value_type (value) : G_TYPE_INVALID;

  if ((type == G_TYPE_INT64 || type == G_TYPE_DOUBLE) && json_node_get_double (value) == version)
    return TRUE;

  g_autofree char *got = type == G_TYPE_INVALID ? g_strdup (imp_json_reader_describe (value))
                                                : imp_json_reader_source_text (reader, value);
  return imp_json_reader_fail (
      reader, value, IMP_FORMAT_ERROR_VERSION,
      _("expected \"%s\": %d (the only %s version this Impulse reads), got %s"), key, version,
      format, got);
}

/**
 * imp_json_reader_expect_object:
 * @reader: a reader
 * @value: the value of member @key
 * @key: the member's name, for messages
 *
 * Returns: %TRUE when @value is an object; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_expect_object (ImpJsonReader *reader, JsonNode *value, const char *key)
{
  if (JSON_NODE_HOLDS_OBJECT (value))
    return TRUE;
  return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                               _("expected an object for \"%s\", got %s"), key,
                               imp_json_reader_describe (value));
}

/* Objects */

static const ImpJsonField *
field_at (const ImpJsonField *fields, gsize field_size, gsize i)
{
  return (const ImpJsonField *) ((const char *) fields + i * field_size);
}

static const ImpJsonField *
find_field (const ImpJsonField *fields, gsize n_fields, gsize field_size, const char *key)
{
  for (gsize i = 0; i < n_fields; i++)
    if (strcmp (field_at (fields, field_size, i)->key, key) == 0)
      return field_at (fields, field_size, i);
  return NULL;
}

static gboolean
fail_unknown_key (ImpJsonReader *reader, JsonNode *value, const char *key, const char *what,
                  const ImpJsonField *fields, gsize n_fields, gsize field_size)
{
  g_autofree const char **names = g_new (const char *, n_fields);
  g_autofree char *shown = imp_json_reader_clip (key, strlen (key));

  for (gsize i = 0; i < n_fields; i++)
    names[i] = field_at (fields, field_size, i)->key;
  const char *guess = imp_suggest_nearest (key, names, (gssize) n_fields);
  if (guess != NULL)
    return imp_json_reader_fail_at_key (reader, value, IMP_FORMAT_ERROR_UNKNOWN_KEY,
                                        _("unknown key \"%s\" in %s; did you mean \"%s\"?"), shown,
                                        imp_i18n_object_name (what), guess);
  g_autofree char *list = imp_json_reader_quoted_list (names, n_fields);
  return imp_json_reader_fail_at_key (reader, value, IMP_FORMAT_ERROR_UNKNOWN_KEY,
                                      _("unknown key \"%s\" in %s; expected one of %s"), shown,
                                      imp_i18n_object_name (what), list);
}

/**
 * imp_json_reader_object:
 * @reader: a reader
 * @node: an object
 * @what: the object's name in messages ("circle", "spring force")
 * @fields: (array length=n_fields): the table of its keys
 * @n_fields: how many rows
 * @field_size: the size of a row: sizeof (ImpJsonField), or of a loader's own
 *   row type that starts with one
 * @def: the struct the rows' readers fill
 *
 * Reads an object's members in document order, each with its row's reader,
 * then checks that the required keys are there. A key the table does not have
 * is an error that suggests the nearest one.
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_object (ImpJsonReader *reader, JsonNode *node, const char *what,
                        const ImpJsonField *fields, gsize n_fields, gsize field_size, gpointer def)
{
  JsonObject *object = json_node_get_object (node);
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &key, &value))
    {
      const ImpJsonField *field = find_field (fields, n_fields, field_size, key);
      if (field == NULL)
        return fail_unknown_key (reader, value, key, what, fields, n_fields, field_size);
      if (!field->read (reader, value, field, def))
        return FALSE;
    }
  for (gsize i = 0; i < n_fields; i++)
    {
      const ImpJsonField *field = field_at (fields, field_size, i);
      if (field->required && !json_object_has_member (object, field->key))
        return imp_json_reader_fail (reader, node, IMP_FORMAT_ERROR_MISSING,
                                     _("missing required key \"%s\" in %s"), field->key,
                                     imp_i18n_object_name (what));
    }
  return TRUE;
}

/**
 * imp_json_reader_check_keys:
 * @reader: a reader
 * @node: an object
 * @what: the object's name in messages
 * @fields: (array length=n_fields): the table of its keys
 * @n_fields: how many rows
 * @field_size: the size of a row, as for imp_json_reader_object()
 *
 * Checks that @node has only keys of the table, for an object whose members
 * the loader reads one by one.
 *
 * Returns: %TRUE on success; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_check_keys (ImpJsonReader *reader, JsonNode *node, const char *what,
                            const ImpJsonField *fields, gsize n_fields, gsize field_size)
{
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &key, &value))
    if (find_field (fields, n_fields, field_size, key) == NULL)
      return fail_unknown_key (reader, value, key, what, fields, n_fields, field_size);
  return TRUE;
}

/* Field readers: each is an #ImpJsonFieldReader. */

/**
 * imp_json_field_skip:
 *
 * Accepts any value and stores nothing: for keys the loader reads by hand.
 */
gboolean
imp_json_field_skip (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                     gpointer def)
{
  return TRUE;
}

/**
 * imp_json_field_finite:
 *
 * Reads a finite number into a double.
 */
gboolean
imp_json_field_finite (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                       gpointer def)
{
  return imp_json_reader_number (reader, value, field->key, -1,
                                 IMP_JSON_FIELD_PTR (def, field, double));
}

/* Reads a number into a double when it passes test; otherwise reports "expected KEY RANGE". */
static gboolean
read_bounded (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def,
              gboolean (*test) (double x), const char *range)
{
  double x;

  if (!imp_json_reader_number (reader, value, field->key, -1, &x))
    return FALSE;
  if (!test (x))
    {
      g_autofree char *got = imp_json_reader_source_text (reader, value);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                   _("expected \"%s\" %s, got %s"), field->key, range, got);
    }
  *IMP_JSON_FIELD_PTR (def, field, double) = x;
  return TRUE;
}

static gboolean
is_positive (double x)
{
  return x > 0.0;
}

static gboolean
is_size (double x)
{
  return x >= PHYS_MIN_SIZE;
}

static gboolean
is_non_negative (double x)
{
  return x >= 0.0;
}

static gboolean
is_unit (double x)
{
  return x >= 0.0 && x <= 1.0;
}

/**
 * imp_json_field_positive:
 *
 * Reads a number > 0 into a double.
 */
gboolean
imp_json_field_positive (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                         gpointer def)
{
  return read_bounded (reader, value, field, def, is_positive, "> 0");
}

/**
 * imp_json_field_size:
 *
 * Reads a size (a radius, a mass, dt): a number >= %PHYS_MIN_SIZE, into a double.
 * Smaller ones are > 0 but give masses or inverse masses that underflow or overflow.
 */
gboolean
imp_json_field_size (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                     gpointer def)
{
  return read_bounded (reader, value, field, def, is_positive, "> 0")
         && read_bounded (reader, value, field, def, is_size,
                          _(">= 1e-30 (smaller sizes make masses underflow to 0)"));
}

/**
 * imp_json_field_non_negative:
 *
 * Reads a number >= 0 into a double.
 */
gboolean
imp_json_field_non_negative (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                             gpointer def)
{
  return read_bounded (reader, value, field, def, is_non_negative, ">= 0");
}

/**
 * imp_json_field_unit:
 *
 * Reads a number between 0 and 1 into a double.
 */
gboolean
imp_json_field_unit (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                     gpointer def)
{
  return read_bounded (reader, value, field, def, is_unit, _("between 0 and 1"));
}

static gboolean
is_friction (double x)
{
  return x >= 0.0 && x <= PHYS_MAX_FRICTION;
}

/**
 * imp_json_field_friction:
 *
 * Reads a Coulomb friction coefficient, between 0 and %PHYS_MAX_FRICTION, into a double.
 */
gboolean
imp_json_field_friction (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                         gpointer def)
{
  return read_bounded (reader, value, field, def, is_friction, _("between 0 and 1000000"));
}

/**
 * imp_json_field_vec2:
 *
 * Reads [x, y] into a #PhysVec2.
 */
gboolean
imp_json_field_vec2 (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                     gpointer def)
{
  return imp_json_reader_vec2 (reader, value, field->key,
                               IMP_JSON_FIELD_PTR (def, field, PhysVec2));
}

/**
 * imp_json_field_bool:
 *
 * Reads true or false into a bool.
 */
gboolean
imp_json_field_bool (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                     gpointer def)
{
  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_BOOLEAN)
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected true or false for \"%s\", got %s"), field->key,
                                 imp_json_reader_describe (value));
  *IMP_JSON_FIELD_PTR (def, field, bool) = json_node_get_boolean (value);
  return TRUE;
}

/**
 * imp_json_field_substeps:
 *
 * Reads an integer from 1 to %PHYS_MAX_SUBSTEPS into an int.
 */
gboolean
imp_json_field_substeps (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                         gpointer def)
{
  gint64 n;

  if (!imp_json_reader_integer (reader, value, field->key, 1, PHYS_MAX_SUBSTEPS, &n))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, int) = (int) n;
  return TRUE;
}

static gboolean
read_integrator (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def,
                 gboolean allow_default)
{
  const char *names[PHYS_N_INTEGRATORS + 1];
  gsize n = 0;
  int choice;

  for (int i = 0; i < PHYS_N_INTEGRATORS; i++)
    names[n++] = phys_integrator_name ((PhysIntegrator) i);
  if (allow_default)
    names[n++] = phys_integrator_name (PHYS_INTEGRATOR_DEFAULT);
  if (!imp_json_reader_choice (reader, value, field->key, names, n, IMP_FORMAT_ERROR_RANGE,
                               &choice))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, PhysIntegrator)
      = choice < PHYS_N_INTEGRATORS ? (PhysIntegrator) choice : PHYS_INTEGRATOR_DEFAULT;
  return TRUE;
}

/**
 * imp_json_field_world_integrator:
 *
 * Reads an integrator's name into a #PhysIntegrator.
 */
gboolean
imp_json_field_world_integrator (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                 gpointer def)
{
  return read_integrator (reader, value, field, def, FALSE);
}

/**
 * imp_json_field_body_integrator:
 *
 * Reads an integrator's name, or the name of %PHYS_INTEGRATOR_DEFAULT, into a
 * #PhysIntegrator.
 */
gboolean
imp_json_field_body_integrator (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                gpointer def)
{
  return read_integrator (reader, value, field, def, TRUE);
}

/**
 * imp_json_field_detection:
 *
 * Reads a detection mode's name into a #PhysDetection.
 */
gboolean
imp_json_field_detection (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                          gpointer def)
{
  const char *names[] = {
    phys_detection_name (PHYS_DETECTION_SWEPT),
    phys_detection_name (PHYS_DETECTION_DISCRETE),
  };
  int choice;

  if (!imp_json_reader_choice (reader, value, field->key, names, G_N_ELEMENTS (names),
                               IMP_FORMAT_ERROR_RANGE, &choice))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, PhysDetection)
      = choice == 0 ? PHYS_DETECTION_SWEPT : PHYS_DETECTION_DISCRETE;
  return TRUE;
}

/**
 * imp_json_field_event_index:
 *
 * Reads the index of an event among its frame's events (0 is the first, up to
 * 10000) into an int.
 */
gboolean
imp_json_field_event_index (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                            gpointer def)
{
  gint64 index;

  if (!imp_json_reader_integer (reader, value, field->key, 0, 10000, &index))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, int) = (int) index;
  return TRUE;
}

/**
 * imp_json_field_overlays:
 *
 * Reads an array of overlay names (imp-overlays.h) into an #ImpOverlays; an
 * empty array is no overlay.
 */
gboolean
imp_json_field_overlays (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                         gpointer def)
{
  gsize n_names;
  const char *const *names = imp_overlay_names (&n_names);
  ImpOverlays overlays = IMP_OVERLAY_NONE;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of overlay names for \"%s\", got %s"),
                                 field->key, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      int bit;
      if (!imp_json_reader_choice (reader, json_array_get_element (array, i), field->key, names,
                                   n_names, IMP_FORMAT_ERROR_RANGE, &bit))
        return FALSE;
      overlays |= 1u << bit;
    }
  *IMP_JSON_FIELD_PTR (def, field, ImpOverlays) = overlays;
  return TRUE;
}

/**
 * imp_json_field_response:
 *
 * Reads a segment response's name into a #PhysResponse.
 */
gboolean
imp_json_field_response (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                         gpointer def)
{
  const char *names[] = {
    phys_response_name (PHYS_RESPONSE_REFLECT),
    phys_response_name (PHYS_RESPONSE_SLIDE),
  };
  int choice;

  if (!imp_json_reader_choice (reader, value, field->key, names, G_N_ELEMENTS (names),
                               IMP_FORMAT_ERROR_RANGE, &choice))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, PhysResponse)
      = choice == 0 ? PHYS_RESPONSE_REFLECT : PHYS_RESPONSE_SLIDE;
  return TRUE;
}

/* A cheap walk over JSON */

/* A cheap walk over strict JSON that only finds where values end; the full
 * check is imp_json_positions_scan(). Each returns length when the text ends. */

gsize
imp_json_skip_space (const char *data, gsize length, gsize i)
{
  while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
    i++;
  return i;
}

/* At an opening quote: returns the offset just past the closing one. */
gsize
imp_json_skip_string (const char *data, gsize length, gsize i)
{
  for (i++; i < length; i++)
    {
      if (data[i] == '\\')
        i++;
      else if (data[i] == '"')
        return i + 1;
    }
  return length;
}

/* At a value: returns the offset just past it. */
gsize
imp_json_skip_value (const char *data, gsize length, gsize i)
{
  int depth = 0;

  while (i < length)
    {
      char c = data[i];
      if (c == '"')
        {
          i = imp_json_skip_string (data, length, i);
          if (depth == 0)
            return i;
          continue;
        }
      if (c == '{' || c == '[')
        depth++;
      else if (c == '}' || c == ']')
        {
          if (depth == 0)
            return i;
          if (--depth == 0)
            return i + 1;
        }
      else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'))
        return i;
      i++;
    }
  return length;
}

/**
 * imp_json_sniff_key:
 * @data: (array length=length): a JSON document
 * @length: its length in bytes
 * @key: a version key, such as "impulse-session"
 * @typos: how many edits away from @key a key still counts as a misspelling of it
 *
 * Tells one of Impulse's formats from the others without loading it: its
 * top-level object has @key (or a near misspelling, so that the right loader
 * reports the typo). Does not validate.
 *
 * Returns: %TRUE when @data looks like a document of that format
 */
gboolean
imp_json_sniff_key (const char *data, gsize length, const char *key, guint typos)
{
  gsize i = length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;

  i = imp_json_skip_space (data, length, i);
  if (i >= length || data[i] != '{')
    return FALSE;
  for (i++;;)
    {
      i = imp_json_skip_space (data, length, i);
      if (i >= length || data[i] != '"')
        return FALSE;
      gsize end = imp_json_skip_string (data, length, i);
      if (end >= length)
        return FALSE;
      gsize key_length = end - i - 2;
      /* Long keys cannot be near misses; they are not worth a copy. */
      if (key_length <= 2 * strlen (key))
        {
          g_autofree char *name = g_strndup (data + i + 1, key_length);
          /* The exact version key of another format is that format, not a typo. */
          static const char *const version_keys[] = { "impulse", "impulse-session",
                                                       "impulse-lesson" };
          gboolean other = FALSE;
          for (gsize k = 0; k < G_N_ELEMENTS (version_keys); k++)
            other |= strcmp (name, version_keys[k]) == 0 && strcmp (name, key) != 0;
          if (!other && imp_suggest_distance (name, key) <= typos)
            return TRUE;
        }
      i = imp_json_skip_space (data, length, end);
      if (i >= length || data[i] != ':')
        return FALSE;
      i = imp_json_skip_space (data, length, imp_json_skip_value (data, length, imp_json_skip_space (data, length, i + 1)));
      if (i >= length || data[i] != ',')
        return FALSE;
      i++;
    }
}

