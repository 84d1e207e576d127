/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json.h: a small streaming JSON writer, for the command line's trace and
 * for session files.
 *
 * The trace format promises the same bytes for the same command, and session
 * files the same bytes for the same session, with numbers that read back as
 * the very same doubles; a hand-written writer keeps both under our control
 * (member order as written, shortest round-trip numbers, no locale, no
 * pretty-printing).
 */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

/* Deepest nesting a writer tracks; the trace format needs four levels, sessions three. */
#define IMP_JSON_WRITER_MAX_DEPTH 16

/**
 * ImpJson:
 *
 * Writes one JSON value into a #GString. Inside an object every call names its
 * member with @key; inside an array or at the top level @key must be %NULL.
 * The caller owns the string; the writer only appends to it.
 */
typedef struct
{
  GString *out;
  int depth;
  gboolean in_object[IMP_JSON_WRITER_MAX_DEPTH];
  gboolean need_comma[IMP_JSON_WRITER_MAX_DEPTH];
} ImpJson;

void imp_json_init (ImpJson *json, GString *out);

void imp_json_begin_object (ImpJson *json, const char *key);
void imp_json_end_object (ImpJson *json);
void imp_json_begin_array (ImpJson *json, const char *key);
void imp_json_end_array (ImpJson *json);

void imp_json_string (ImpJson *json, const char *key, const char *value);
void imp_json_double (ImpJson *json, const char *key, double value);
void imp_json_int (ImpJson *json, const char *key, gint64 value);
void imp_json_bool (ImpJson *json, const char *key, gboolean value);
void imp_json_null (ImpJson *json, const char *key);
void imp_json_vec2 (ImpJson *json, const char *key, PhysVec2 value);

void imp_json_append_string (GString *out, const char *value);
void imp_json_append_double (GString *out, double value);
void imp_format_double (GString *out, double value, int precision);

G_END_DECLS
