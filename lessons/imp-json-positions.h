/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json-positions.h: a strict JSON check that remembers where every value is.
 *
 * json-glib 1.6 keeps no source positions on its nodes, and it accepts more than
 * JSON: comments, single quotes, hex numbers, repeated keys (the last one wins
 * silently) and integers beyond 64 bits (which wrap). This scanner checks a
 * document against RFC 8259 first, with an exact position for every mistake,
 * and records where each value and each key starts, so that a loader working
 * on json-glib's tree can point at the value it rejects.
 *
 * Positions are 1-based. Lines end at "\n" (so "\r\n" files count right);
 * columns count Unicode characters, not bytes, and a tab is one column. A
 * leading UTF-8 byte order mark is skipped and takes no column.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Deepest nesting of arrays and objects accepted; json-glib's parser recurses. */
#define IMP_JSON_MAX_DEPTH 256

/**
 * ImpJsonLocation:
 * @line: 1-based line
 * @column: 1-based column, in characters
 *
 * A place in a JSON document.
 */
typedef struct
{
  int line;
  int column;
} ImpJsonLocation;

typedef struct _ImpJsonPositions ImpJsonPositions;

ImpJsonPositions *imp_json_positions_scan (const char *data, gsize length,
                                           ImpJsonLocation *error_location, char **error_message);
void imp_json_positions_free (ImpJsonPositions *positions);

int imp_json_positions_find (const ImpJsonPositions *positions, const char *path);
int imp_json_positions_locate (const ImpJsonPositions *positions, JsonNode *root, JsonNode *node);
ImpJsonLocation imp_json_positions_value_location (const ImpJsonPositions *positions, int id);
gboolean imp_json_positions_key_location (const ImpJsonPositions *positions, int id,
                                          ImpJsonLocation *location);
const char *imp_json_positions_text (const ImpJsonPositions *positions, int id, gsize *length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpJsonPositions, imp_json_positions_free)

G_END_DECLS
