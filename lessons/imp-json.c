/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json.c: a small streaming JSON writer (RFC 8259). */
#include "imp-json.h"

#include <string.h>

/**
 * imp_json_init:
 * @json: the writer to prepare
 * @out: (transfer none): where the value is appended
 *
 * Starts writing one top-level value at the end of @out.
 */
void
imp_json_init (ImpJson *json, GString *out)
{
  memset (json, 0, sizeof *json);
  json->out = out;
}

/**
 * imp_json_append_string:
 * @out: where to append
 * @value: UTF-8 text; invalid sequences are written as U+FFFD
 *
 * Appends @value as a quoted JSON string. Names in scenes are user text, so
 * quotes, backslashes and every control character are escaped.
 */
void
imp_json_append_string (GString *out, const char *value)
{
  /* Invalid UTF-8 would make the whole line unreadable to a strict parser. */
  g_autofree char *valid = g_utf8_make_valid (value, -1);

  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) valid; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          /* DEL is legal JSON but invisible on a terminal: escape it too. */
          if (*p < 0x20 || *p == 0x7f)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, (char) *p);
          break;
        }
    }
  g_string_append_c (out, '"');
}

/**
 * imp_format_double:
 * @out: where to append
 * @value: the number
 * @precision: significant digits, 1 to 17
 *
 * Appends @value with `%.<precision>g`, independent of the locale (a comma as
 * decimal separator would break every consumer). Non-finite values are written
 * as `nan`, `inf` or `-inf`, and negative zero as `0`; this is for text for people only.
 */
void
imp_format_double (GString *out, double value, int precision)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char format[8];

  if (isnan (value))
    {
      g_string_append (out, "nan");
      return;
    }
  if (isinf (value))
    {
      g_string_append (out, value > 0 ? "inf" : "-inf");
      return;
    }
  /* People read "-0" as a different number; only the JSON keeps the sign of zero. */
  if (value == 0.0)
    value = 0.0;
  g_snprintf (format, sizeof format, "%%.%dg", CLAMP (precision, 1, 17));
  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, format, value));
}

/**
 * imp_json_append_double:
 * @out: where to append
 * @value: the number
 *
 * Appends the shortest decimal that reads back as exactly @value (trying 15,
 * 16 and then 17 significant digits; 17 always round-trips a double). JSON has
 * no NaN or infinity, so those are written as `null`.
 */
void
imp_json_append_double (GString *out, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  /* Whole numbers (zeros, counts, the exact values of lessons) are common and need
   * no search; below 2^53 every one of them is exactly an int64. */
  if (value == trunc (value) && fabs (value) < 9007199254740992.0)
    {
      if (value == 0.0 && signbit (value))
        g_string_append (out, "-0");
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, (gint64) value);
      return;
    }
  for (int precision = 15; precision < 17; precision++)
    {
      char format[8];
      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buffer, sizeof buffer, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        {
          g_string_append (out, buffer);
          return;
        }
    }
  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.17g", value));
}

/* Writes the separator and the member name that go before any value. */
static void
begin_value (ImpJson *json, const char *key)
{
  int level = json->depth;

  g_return_if_fail (json->in_object[level] == (key != NULL));

  if (json->need_comma[level])
    g_string_append_c (json->out, ',');
  json->need_comma[level] = TRUE;
  if (key != NULL)
    {
      imp_json_append_string (json->out, key);
      g_string_append_c (json->out, ':');
    }
}

static void
open_container (ImpJson *json, const char *key, char bracket, gboolean is_object)
{
  begin_value (json, key);
  g_string_append_c (json->out, bracket);
  g_return_if_fail (json->depth + 1 < IMP_JSON_WRITER_MAX_DEPTH);
  json->depth++;
  json->in_object[json->depth] = is_object;
  json->need_comma[json->depth] = FALSE;
}

static void
close_container (ImpJson *json, char bracket, gboolean is_object)
{
  g_return_if_fail (json->depth > 0 && json->in_object[json->depth] == is_object);
  json->depth--;
  g_string_append_c (json->out, bracket);
}

/**
 * imp_json_begin_object:
 * @json: the writer
 * @key: (nullable): member name when inside an object, else %NULL
 *
 * Opens an object; close it with imp_json_end_object().
 */
void
imp_json_begin_object (ImpJson *json, const char *key)
{
  open_container (json, key, '{', TRUE);
}

/**
 * imp_json_end_object:
 * @json: the writer
 *
 * Closes the innermost open object.
 */
void
imp_json_end_object (ImpJson *json)
{
  close_container (json, '}', TRUE);
}

/**
 * imp_json_begin_array:
 * @json: the writer
 * @key: (nullable): member name when inside an object, else %NULL
 *
 * Opens an array; close it with imp_json_end_array().
 */
void
imp_json_begin_array (ImpJson *json, const char *key)
{
  open_container (json, key, '[', FALSE);
}

/**
 * imp_json_end_array:
 * @json: the writer
 *
 * Closes the innermost open array.
 */
void
imp_json_end_array (ImpJson *json)
{
  close_container (json, ']', FALSE);
}

/**
 * imp_json_string:
 * @json: the writer
 * @key: (nullable): member name, or %NULL inside an array
 * @value: (nullable): the text; %NULL writes `null`
 *
 * Writes a string value.
 */
void
imp_json_string (ImpJson *json, const char *key, const char *value)
{
  begin_value (json, key);
  if (value == NULL)
    g_string_append (json->out, "null");
  else
    imp_json_append_string (json->out, value);
}

/**
 * imp_json_double:
 * @json: the writer
 * @key: (nullable): member name, or %NULL inside an array
 * @value: the number, written so that it reads back exactly
 *
 * Writes a number (`null` when @value is not finite).
 */
void
imp_json_double (ImpJson *json, const char *key, double value)
{
  begin_value (json, key);
  imp_json_append_double (json->out, value);
}

/**
 * imp_json_int:
 * @json: the writer
 * @key: (nullable): member name, or %NULL inside an array
 * @value: the integer
 *
 * Writes an integer.
 */
void
imp_json_int (ImpJson *json, const char *key, gint64 value)
{
  begin_value (json, key);
  g_string_append_printf (json->out, "%" G_GINT64_FORMAT, value);
}

/**
 * imp_json_bool:
 * @json: the writer
 * @key: (nullable): member name, or %NULL inside an array
 * @value: the truth value
 *
 * Writes `true` or `false`.
 */
void
imp_json_bool (ImpJson *json, const char *key, gboolean value)
{
  begin_value (json, key);
  g_string_append (json->out, value ? "true" : "false");
}

/**
 * imp_json_null:
 * @json: the writer
 * @key: (nullable): member name, or %NULL inside an array
 *
 * Writes `null`.
 */
void
imp_json_null (ImpJson *json, const char *key)
{
  begin_value (json, key);
  g_string_append (json->out, "null");
}

/**
 * imp_json_vec2:
 * @json: the writer
 * @key: (nullable): member name, or %NULL inside an array
 * @value: the vector
 *
 * Writes a vector as the two-element array `[x,y]`.
 */
void
imp_json_vec2 (ImpJson *json, const char *key, PhysVec2 value)
{
  imp_json_begin_array (json, key);
  imp_json_double (json, NULL, value.x);
  imp_json_double (json, NULL, value.y);
  imp_json_end_array (json);
}
