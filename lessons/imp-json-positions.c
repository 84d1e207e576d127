/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json-positions.c: a strict RFC 8259 scanner that records value positions.
 *
 * Nodes are kept in document order in one array and linked as first child /
 * next sibling, with byte offsets only: lines and columns are worked out when
 * an error needs them, so a large document costs a few words per value.
 */
#include "imp-json-positions.h"

#include <glib/gi18n.h>
#include <string.h>

/* Beyond this many members an object's repeated-key check switches from a
 * linear scan to a hash set (scene objects have about ten keys). */
#define LINEAR_KEY_CHECK 16

/* Longest piece of source text quoted in a message. */
#define EXCERPT_MAX 40

typedef struct
{
  int first_child;  /* -1: none */
  int next_sibling; /* -1: last */
  int n_children;
  const char *key;   /* decoded and interned; NULL for array elements and the root */
  guint32 start;     /* byte offset of the value's first character */
  guint32 end;       /* byte offset just past the value */
  guint32 key_start; /* byte offset of the key's opening quote */
} Node;

struct _ImpJsonPositions
{
  char *data;
  gsize length;
  gsize text_start; /* past a byte order mark */
  GArray *nodes;    /* Node, in document order; the root is node 0 */
  GStringChunk *keys;
};

typedef struct
{
  ImpJsonPositions *out;
  const char *data;
  gsize length;
  gsize pos;
  gsize error_offset;
  char *error_message;
  GString *scratch;
} Scanner;

static gboolean scan_value (Scanner *sc, int depth, int *id);

static Node *
node_at (const ImpJsonPositions *positions, int id)
{
  return &g_array_index (positions->nodes, Node, id);
}

static ImpJsonLocation
location_at (const ImpJsonPositions *positions, gsize offset)
{
  ImpJsonLocation loc = { 1, 1 };

  for (gsize i = positions->text_start; i < offset && i < positions->length; i++)
    {
      guchar c = (guchar) positions->data[i];
      if (c == '\n')
        {
          loc.line++;
          loc.column = 1;
        }
      else if ((c & 0xC0) != 0x80) /* continuation bytes belong to the character before */
        loc.column++;
    }
  return loc;
}

static gboolean scan_fail (Scanner *sc, gsize offset, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
scan_fail (Scanner *sc, gsize offset, const char *format, ...)
{
  va_list args;

  if (sc->error_message != NULL)
    return FALSE;
  va_start (args, format);
  sc->error_message = g_strdup_vprintf (format, args);
  va_end (args);
  sc->error_offset = offset;
  return FALSE;
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

static char *
excerpt (const char *text, gsize length)
{
  if (length <= EXCERPT_MAX)
    return g_strndup (text, length);
  const char *cut = g_utf8_find_prev_char (text, text + EXCERPT_MAX + 1);
  return g_strdup_printf ("%.*s...", (int) (cut - text), text);
}

/* Names the token at offset the way a reader would, for "got ..." */
static char *
describe_at (const Scanner *sc, gsize offset)
{
  if (offset >= sc->length)
    return g_strdup (_("the end of the file"));

  const char *p = sc->data + offset;
  guchar c = (guchar) *p;

  if (c == '"')
    return g_strdup (_("a string"));
  if (c == '-' || g_ascii_isdigit (c))
    return g_strdup (_("a number"));
  if (c == '\'')
    return g_strdup (_("a single quote (JSON strings use double quotes)"));
  if (c == '/')
    return g_strdup (_("'/' (JSON has no comments)"));
  if (c == '\n' || c == '\r')
    return g_strdup (_("a line break"));
  if (is_word_char ((char) c))
    {
      gsize n = 0;
      while (offset + n < sc->length && is_word_char (p[n]))
        n++;
      g_autofree char *word = excerpt (p, n);
      return g_strdup_printf ("'%s'", word);
    }
  gunichar u = g_utf8_get_char (p);
  if (!g_unichar_isprint (u))
    return g_strdup_printf (_("the character U+%04X"), u);
  return g_strdup_printf ("'%.*s'", (int) (g_utf8_next_char (p) - p), p);
}

static void
skip_whitespace (Scanner *sc)
{
  while (sc->pos < sc->length)
    {
      char c = sc->data[sc->pos];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
        break;
      sc->pos++;
    }
}

static char
peek (const Scanner *sc)
{
  return sc->pos < sc->length ? sc->data[sc->pos] : '\0';
}

static int
new_node (Scanner *sc, gsize start)
{
  Node node = { -1, -1, 0, NULL, (guint32) start, (guint32) start, 0 };
  g_array_append_val (sc->out->nodes, node);
  return (int) sc->out->nodes->len - 1;
}

static void
append_child (Scanner *sc, int parent, int *last, int child)
{
  if (*last < 0)
    node_at (sc->out, parent)->first_child = child;
  else
    node_at (sc->out, *last)->next_sibling = child;
  node_at (sc->out, parent)->n_children++;
  *last = child;
}

static gboolean
read_hex4 (Scanner *sc, gsize at, gunichar *out)
{
  gunichar value = 0;

  for (gsize i = 0; i < 4; i++)
    {
      int digit = at + i < sc->length ? g_ascii_xdigit_value (sc->data[at + i]) : -1;
      if (digit < 0)
        return FALSE;
      value = value * 16 + (gunichar) digit;
    }
  *out = value;
  return TRUE;
}

/* At a backslash inside a string: checks one escape, appends what it stands for. */
static gboolean
scan_escape (Scanner *sc, GString *decoded)
{
  gsize at = sc->pos;
  char e = at + 1 < sc->length ? sc->data[at + 1] : '\0';
  static const char simple_from[] = "\"\\/bfnrt";
  static const char simple_to[] = "\"\\/\b\f\n\r\t";
  const char *simple = e != '\0' ? strchr (simple_from, e) : NULL;

  if (simple != NULL)
    {
      if (decoded != NULL)
        g_string_append_c (decoded, simple_to[simple - simple_from]);
      sc->pos += 2;
      return TRUE;
    }
  if (e != 'u')
    {
      g_autofree char *got = describe_at (sc, at + 1);
      return scan_fail (sc, at,
                        _("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX after a "
                          "backslash, got %s"),
                        got);
    }

  gunichar code;
  if (!read_hex4 (sc, at + 2, &code))
    return scan_fail (sc, at, _("expected four hexadecimal digits after \\u"));
  sc->pos = at + 6;

  /* json-glib cannot represent these: it stops at NUL and fails on lone surrogates. */
  if (code == 0)
    return scan_fail (sc, at,
                      _("expected a character other than \\u0000 (NUL cannot be in a "
                        "string)"));
  if (code >= 0xDC00 && code <= 0xDFFF)
    return scan_fail (sc, at,
                      _("expected a high surrogate (\\uD800 to \\uDBFF) before the low "
                        "surrogate \\u%04X"),
                      code);
  if (code >= 0xD800 && code <= 0xDBFF)
    {
      gunichar low;
      if (sc->pos + 1 >= sc->length || sc->data[sc->pos] != '\\' || sc->data[sc->pos + 1] != 'u'
          || !read_hex4 (sc, sc->pos + 2, &low) || low < 0xDC00 || low > 0xDFFF)
        return scan_fail (sc, at,
                          _("expected a low surrogate (\\uDC00 to \\uDFFF) after the high "
                            "surrogate \\u%04X"),
                          code);
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
      sc->pos += 6;
    }
  if (decoded != NULL)
    g_string_append_unichar (decoded, code);
  return TRUE;
}

/* At an opening quote: checks the string and, when decoded is not NULL, decodes it. */
static gboolean
scan_string (Scanner *sc, GString *decoded)
{
  gsize open = sc->pos++;

  for (;;)
    {
      if (sc->pos >= sc->length)
        return scan_fail (sc, open,
                          _("expected a closing '\"' for this string, got the end of the "
                            "file"));
      guchar c = (guchar) sc->data[sc->pos];
      if (c == '"')
        {
          sc->pos++;
          return TRUE;
        }
      if (c == '\\')
        {
          if (!scan_escape (sc, decoded))
            return FALSE;
          continue;
        }
      if (c == '\n' || c == '\r')
        return scan_fail (sc, sc->pos,
                          _("expected a closing '\"' before the end of the line "
                            "(write a line break in a string as \\n)"));
      if (c < 0x20)
        return scan_fail (sc, sc->pos,
                          _("expected a printable character in the string, got the "
                            "character U+%04X (write it as \\u%04X)"),
                          c, c);
      if (decoded != NULL)
        g_string_append_c (decoded, (char) c);
      sc->pos++;
    }
}

static void
skip_digits (Scanner *sc)
{
  while (sc->pos < sc->length && g_ascii_isdigit (sc->data[sc->pos]))
    sc->pos++;
}

static gboolean
expect_digit (Scanner *sc, const char *after)
{
  if (g_ascii_isdigit (peek (sc)))
    return TRUE;
  g_autofree char *got = describe_at (sc, sc->pos);
  return scan_fail (sc, sc->pos, _("expected a digit %s, got %s"), after, got);
}

/* True when the digits of an integer literal fit in a gint64, which json-glib 1.6
 * stores integers in (it wraps larger ones without a word). */
static gboolean
fits_int64 (const char *digits, gsize n, gboolean negative)
{
  guint64 limit = negative ? (guint64) G_MAXINT64 + 1 : (guint64) G_MAXINT64;
  guint64 value = 0;

  for (gsize i = 0; i < n; i++)
    {
      guint64 digit = (guint64) (digits[i] - '0');
      if (value > (limit - digit) / 10)
        return FALSE;
      value = value * 10 + digit;
    }
  return TRUE;
}

static gboolean
scan_number (Scanner *sc)
{
  gsize start = sc->pos;
  gboolean negative = FALSE, integer = TRUE;

  if (peek (sc) == '-')
    {
      negative = TRUE;
      sc->pos++;
      if (!expect_digit (sc, _("after '-'")))
        return FALSE;
    }
  gsize digits = sc->pos;
  if (peek (sc) == '0')
    {
      sc->pos++;
      if (g_ascii_isdigit (peek (sc)))
        return scan_fail (sc, start, _("expected a number without a leading zero"));
    }
  else
    skip_digits (sc);
  gsize int_end = sc->pos;

  if (peek (sc) == '.')
    {
      integer = FALSE;
      sc->pos++;
      if (!expect_digit (sc, _("after '.'")))
        return FALSE;
      skip_digits (sc);
    }
  if (peek (sc) == 'e' || peek (sc) == 'E')
    {
      integer = FALSE;
      sc->pos++;
      if (peek (sc) == '+' || peek (sc) == '-')
        sc->pos++;
      if (!expect_digit (sc, _("in the exponent")))
        return FALSE;
      skip_digits (sc);
    }

  if (integer && !fits_int64 (sc->data + digits, int_end - digits, negative))
    {
      g_autofree char *text = excerpt (sc->data + start, sc->pos - start);
      return scan_fail (sc, start,
                        _("expected an integer between -9223372036854775808 and "
                          "9223372036854775807, got %s (write larger numbers with an exponent, "
                          "such as 1e20)"),
                        text);
    }
  return TRUE;
}

static gboolean
scan_word (Scanner *sc)
{
  static const char *const literals[] = { "true", "false", "null" };
  gsize n = 0;

  while (sc->pos + n < sc->length && is_word_char (sc->data[sc->pos + n]))
    n++;
  for (gsize i = 0; i < G_N_ELEMENTS (literals); i++)
    if (n == strlen (literals[i]) && memcmp (sc->data + sc->pos, literals[i], n) == 0)
      {
        sc->pos += n;
        return TRUE;
      }

  g_autofree char *got = describe_at (sc, sc->pos);
  if ((n == 3 && memcmp (sc->data + sc->pos, "NaN", 3) == 0)
      || (n == 8 && memcmp (sc->data + sc->pos, "Infinity", 8) == 0))
    return scan_fail (sc, sc->pos, _("expected a value, got %s (JSON has no NaN or infinity)"),
                      got);
  return scan_fail (sc, sc->pos, _("expected a value, got %s"), got);
}

static int
find_repeated_key (Scanner *sc, int object, GHashTable *seen, const char *key)
{
  if (seen != NULL)
    {
      gpointer found;
      if (g_hash_table_lookup_extended (seen, key, NULL, &found))
        return GPOINTER_TO_INT (found);
      return -1;
    }
  /* Keys are interned, so equal keys are the same pointer. */
  for (int c = node_at (sc->out, object)->first_child; c >= 0;
       c = node_at (sc->out, c)->next_sibling)
    if (node_at (sc->out, c)->key == key)
      return c;
  return -1;
}

static gboolean
scan_object (Scanner *sc, int id, int depth)
{
  g_autoptr (GHashTable) seen = NULL;
  int last = -1;

  sc->pos++;
  skip_whitespace (sc);
  if (peek (sc) == '}')
    {
      sc->pos++;
      return TRUE;
    }

  for (;;)
    {
      skip_whitespace (sc);
      gsize key_start = sc->pos;
      if (peek (sc) != '"')
        {
          g_autofree char *got = describe_at (sc, sc->pos);
          if (last < 0)
            return scan_fail (sc, sc->pos, _("expected a key string or '}', got %s"), got);
          if (peek (sc) == '}')
            return scan_fail (sc, sc->pos,
                              _("expected a key string after ',', got '}' (JSON "
                                "allows no comma after the last member)"));
          return scan_fail (sc, sc->pos, _("expected a key string after ',', got %s"), got);
        }
      g_string_truncate (sc->scratch, 0);
      if (!scan_string (sc, sc->scratch))
        return FALSE;
      const char *key = g_string_chunk_insert_const (sc->out->keys, sc->scratch->str);

      int first = find_repeated_key (sc, id, seen, key);
      if (first >= 0)
        {
          ImpJsonLocation loc = location_at (sc->out, node_at (sc->out, first)->key_start);
          return scan_fail (sc, key_start, _("duplicate key \"%s\"; the first one is at %d:%d"),
                            key, loc.line, loc.column);
        }

      skip_whitespace (sc);
      if (peek (sc) != ':')
        {
          g_autofree char *got = describe_at (sc, sc->pos);
          return scan_fail (sc, sc->pos, _("expected ':' after the key \"%s\", got %s"), key, got);
        }
      sc->pos++;

      int child;
      if (!scan_value (sc, depth, &child))
        return FALSE;
      node_at (sc->out, child)->key = key;
      node_at (sc->out, child)->key_start = (guint32) key_start;
      append_child (sc, id, &last, child);

      if (seen != NULL)
        g_hash_table_insert (seen, (gpointer) key, GINT_TO_POINTER (child));
      else if (node_at (sc->out, id)->n_children >= LINEAR_KEY_CHECK)
        {
          seen = g_hash_table_new (NULL, NULL);
          for (int c = node_at (sc->out, id)->first_child; c >= 0;
               c = node_at (sc->out, c)->next_sibling)
            g_hash_table_insert (seen, (gpointer) node_at (sc->out, c)->key, GINT_TO_POINTER (c));
        }

      skip_whitespace (sc);
      if (peek (sc) == ',')
        {
          sc->pos++;
          continue;
        }
      if (peek (sc) == '}')
        {
          sc->pos++;
          return TRUE;
        }
      g_autofree char *got = describe_at (sc, sc->pos);
      return scan_fail (sc, sc->pos, _("expected ',' or '}' after a member of an object, got %s"),
                        got);
    }
}

static gboolean
scan_array (Scanner *sc, int id, int depth)
{
  int last = -1;

  sc->pos++;
  skip_whitespace (sc);
  if (peek (sc) == ']')
    {
      sc->pos++;
      return TRUE;
    }

  for (;;)
    {
      skip_whitespace (sc);
      if (last >= 0 && peek (sc) == ']')
        return scan_fail (sc, sc->pos,
                          _("expected a value after ',', got ']' (JSON allows no "
                            "comma after the last element)"));
      int child;
      if (!scan_value (sc, depth, &child))
        return FALSE;
      append_child (sc, id, &last, child);

      skip_whitespace (sc);
      if (peek (sc) == ',')
        {
          sc->pos++;
          continue;
        }
      if (peek (sc) == ']')
        {
          sc->pos++;
          return TRUE;
        }
      g_autofree char *got = describe_at (sc, sc->pos);
      return scan_fail (sc, sc->pos, _("expected ',' or ']' after an element of an array, got %s"),
                        got);
    }
}

static gboolean
scan_value (Scanner *sc, int depth, int *id)
{
  gboolean ok;

  skip_whitespace (sc);
  if (sc->pos >= sc->length)
    return scan_fail (sc, sc->pos, _("expected a value, got the end of the file"));

  char c = sc->data[sc->pos];
  *id = new_node (sc, sc->pos);
  if (c == '{' || c == '[')
    {
      if (depth >= IMP_JSON_MAX_DEPTH)
        return scan_fail (sc, sc->pos, _("expected at most %d levels of nested arrays and objects"),
                          IMP_JSON_MAX_DEPTH);
      ok = c == '{' ? scan_object (sc, *id, depth + 1) : scan_array (sc, *id, depth + 1);
    }
  else if (c == '"')
    ok = scan_string (sc, NULL);
  else if (c == '-' || g_ascii_isdigit (c))
    ok = scan_number (sc);
  else if (is_word_char (c))
    ok = scan_word (sc);
  else
    {
      g_autofree char *got = describe_at (sc, sc->pos);
      ok = scan_fail (sc, sc->pos, _("expected a value, got %s"), got);
    }
  if (ok)
    node_at (sc->out, *id)->end = (guint32) sc->pos;
  return ok;
}

/**
 * imp_json_positions_scan:
 * @data: (array length=length): the document
 * @length: its length in bytes
 * @error_location: (out caller-allocates): where the first mistake is, when there is one
 * @error_message: (out) (transfer full): what was expected there, when there is a mistake
 *
 * Checks that @data is one JSON value in UTF-8 (RFC 8259, plus the limits
 * json-glib needs: no \u0000, no lone surrogates, integers within 64 bits, at
 * most %IMP_JSON_MAX_DEPTH levels of nesting, no key twice in an object) and
 * records where every value and key starts. The result keeps a copy of @data.
 *
 * Returns: (transfer full) (nullable): the positions, or %NULL with
 *   @error_location and @error_message set
 */
ImpJsonPositions *
imp_json_positions_scan (const char *data, gsize length, ImpJsonLocation *error_location,
                         char **error_message)
{
  g_autoptr (ImpJsonPositions) positions = g_new0 (ImpJsonPositions, 1);
  Scanner sc = { 0 };
  const char *valid_end = NULL;

  positions->data = g_malloc (length + 1);
  if (length > 0)
    memcpy (positions->data, data, length);
  positions->data[length] = '\0';
  positions->length = length;
  positions->nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  positions->keys = g_string_chunk_new (1024);

  sc.out = positions;
  sc.data = positions->data;
  sc.length = length;
  sc.scratch = g_string_new (NULL);

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    positions->text_start = sc.pos = 3;

  if (length > G_MAXINT32)
    scan_fail (&sc, 0, _("expected a document smaller than 2 GiB"));
  else if (!g_utf8_validate_len (sc.data, length, &valid_end))
    {
      gsize at = (gsize) (valid_end - sc.data);
      if (sc.data[at] == '\0')
        scan_fail (&sc, at, _("expected text, got a NUL byte"));
      else
        scan_fail (&sc, at, _("expected UTF-8 text, got the byte 0x%02X"), (guchar) sc.data[at]);
    }
  else
    {
      int root;
      if (scan_value (&sc, 0, &root))
        {
          skip_whitespace (&sc);
          if (sc.pos < sc.length)
            {
              g_autofree char *got = describe_at (&sc, sc.pos);
              scan_fail (&sc, sc.pos,
                         _("expected the end of the file after the top-level value, "
                           "got %s"),
                         got);
            }
        }
    }
  g_string_free (sc.scratch, TRUE);

  if (sc.error_message != NULL)
    {
      *error_location = location_at (positions, sc.error_offset);
      *error_message = sc.error_message;
      return NULL;
    }
  return g_steal_pointer (&positions);
}

/**
 * imp_json_positions_free:
 * @positions: (transfer full) (nullable): positions to free
 *
 * Frees @positions and its copy of the document.
 */
void
imp_json_positions_free (ImpJsonPositions *positions)
{
  if (positions == NULL)
    return;
  g_free (positions->data);
  if (positions->nodes != NULL)
    g_array_unref (positions->nodes);
  if (positions->keys != NULL)
    g_string_chunk_free (positions->keys);
  g_free (positions);
}

static int
member (const ImpJsonPositions *positions, int object, const char *key, gsize key_length)
{
  for (int c = node_at (positions, object)->first_child; c >= 0;
       c = node_at (positions, c)->next_sibling)
    {
      const char *k = node_at (positions, c)->key;
      if (k != NULL && strlen (k) == key_length && memcmp (k, key, key_length) == 0)
        return c;
    }
  return -1;
}

static int
element (const ImpJsonPositions *positions, int array, guint64 index)
{
  int c = node_at (positions, array)->first_child;
  for (guint64 i = 0; c >= 0 && i < index; i++)
    c = node_at (positions, c)->next_sibling;
  return c;
}

static char
opener (const ImpJsonPositions *positions, int id)
{
  return positions->data[node_at (positions, id)->start];
}

/**
 * imp_json_positions_find:
 * @positions: positions of a document
 * @path: a path such as "circles[3].radius"; "" is the top-level value
 *
 * Finds a value by member names and array indices. Names run up to the next
 * '.' or '[', so this cannot reach keys that contain those characters; use
 * imp_json_positions_locate() for those.
 *
 * Returns: the value's id, or -1 when @path names nothing
 */
int
imp_json_positions_find (const ImpJsonPositions *positions, const char *path)
{
  const char *p = path;
  int id = 0;

  if (positions->nodes->len == 0)
    return -1;
  while (*p != '\0' && id >= 0)
    {
      if (*p == '[')
        {
          char *end;
          if (!g_ascii_isdigit (p[1]))
            return -1;
          guint64 index = g_ascii_strtoull (p + 1, &end, 10);
          if (*end != ']' || opener (positions, id) != '[')
            return -1;
          id = element (positions, id, index);
          p = end + 1;
        }
      else
        {
          if (*p == '.')
            p++;
          gsize n = strcspn (p, ".[");
          if (n == 0 || opener (positions, id) != '{')
            return -1;
          id = member (positions, id, p, n);
          p += n;
        }
    }
  return id;
}

static int
locate (const ImpJsonPositions *positions, JsonNode *node, int id, JsonNode *target)
{
  if (node == target)
    return id;

  if (JSON_NODE_HOLDS_OBJECT (node) && opener (positions, id) == '{')
    {
      JsonObject *object = json_node_get_object (node);
      for (int c = node_at (positions, id)->first_child; c >= 0;
           c = node_at (positions, c)->next_sibling)
        {
          JsonNode *child = json_object_get_member (object, node_at (positions, c)->key);
          int found = child != NULL ? locate (positions, child, c, target) : -1;
          if (found >= 0)
            return found;
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node) && opener (positions, id) == '[')
    {
      JsonArray *array = json_node_get_array (node);
      guint n = json_array_get_length (array), i = 0;
      for (int c = node_at (positions, id)->first_child; c >= 0 && i < n;
           c = node_at (positions, c)->next_sibling, i++)
        {
          int found = locate (positions, json_array_get_element (array, i), c, target);
          if (found >= 0)
            return found;
        }
    }
  return -1;
}

/**
 * imp_json_positions_locate:
 * @positions: positions of a document
 * @root: json-glib's tree of the same document
 * @node: a node inside @root
 *
 * Finds which value of the scanned text @node was parsed from. This walks
 * both trees, so it is meant for reporting an error, not for every value.
 *
 * Returns: the value's id, or -1 when @node is not in @root
 */
int
imp_json_positions_locate (const ImpJsonPositions *positions, JsonNode *root, JsonNode *node)
{
  if (positions->nodes->len == 0 || root == NULL)
    return -1;
  return locate (positions, root, 0, node);
}

/**
 * imp_json_positions_value_location:
 * @positions: positions of a document
 * @id: a value's id
 *
 * Returns: where the value starts: its first character, which is the opening
 *   brace or bracket of an object or array
 */
ImpJsonLocation
imp_json_positions_value_location (const ImpJsonPositions *positions, int id)
{
  return location_at (positions, node_at (positions, id)->start);
}

/**
 * imp_json_positions_key_location:
 * @positions: positions of a document
 * @id: a value's id
 * @location: (out caller-allocates): where the opening quote of its key is
 *
 * Returns: %TRUE when the value is a member of an object and so has a key
 */
gboolean
imp_json_positions_key_location (const ImpJsonPositions *positions, int id,
                                 ImpJsonLocation *location)
{
  const Node *node = node_at (positions, id);
  if (node->key == NULL)
    return FALSE;
  *location = location_at (positions, node->key_start);
  return TRUE;
}

/**
 * imp_json_positions_text:
 * @positions: positions of a document
 * @id: a value's id
 * @length: (out): length of the text in bytes
 *
 * The value exactly as written, such as `1e999` or `"rk5"` with its quotes.
 *
 * Returns: (transfer none): the text, not NUL-terminated, valid while @positions is
 */
const char *
imp_json_positions_text (const ImpJsonPositions *positions, int id, gsize *length)
{
  const Node *node = node_at (positions, id);
  *length = node->end - node->start;
  return positions->data + node->start;
}
