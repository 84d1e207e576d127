/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json-reader.h: reading typed values out of json-glib nodes, with errors
 * that point at the value in the file.
 *
 * The scene, session and lesson loaders share it, and the one error domain of
 * the formats (imp-format-error.h): a loader reports its own mistakes through
 * imp_json_reader_fail() with the code that fits. Every message is
 * "FILE:LINE:COLUMN: error: WHAT WAS EXPECTED", and only the first mistake is
 * kept.
 *
 * A reader holds the document: imp_json_reader_init() checks it is strict JSON,
 * records where each value is (imp-json-positions.h) and builds json-glib's
 * tree of it, which the loader then walks.
 *
 * An object is read through a table of its keys (ImpJsonField): each row names
 * a key, says whether it is required, and gives the function that checks the
 * value and stores it at an offset in the struct being filled.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "imp-format-error.h"
#include "imp-json-positions.h"
#include "phys.h"

G_BEGIN_DECLS

typedef struct _ImpJsonReader ImpJsonReader;
typedef struct _ImpJsonField ImpJsonField;

/**
 * ImpJsonMinusZeroFunc:
 * @reader: the reader
 * @key: the member being read
 * @index: the element of @key being read, or -1 for @key itself
 *
 * Says whether an integer zero was written "-0", which json-glib reads as 0.
 *
 * Returns: %TRUE to read the value as -0.0
 */
typedef gboolean (*ImpJsonMinusZeroFunc) (ImpJsonReader *reader, const char *key, int index);

/**
 * ImpJsonReader:
 * @file: FILE in error messages
 * @positions: where each value of the document is
 * @parser: json-glib's parser, which owns the tree
 * @root: the document's json-glib tree
 * @minus_zero: (nullable): tells a "-0" from a "0"; %NULL reads both as 0
 * @error: (nullable): the first mistake reported, or %NULL
 *
 * A document being read, and what every read needs to say where a mistake
 * is. A loader embeds one as the first member of its own state, so that its
 * #ImpJsonFieldReader functions can reach that state from the reader they are
 * given. Set up with imp_json_reader_init(), freed with imp_json_reader_clear().
 */
struct _ImpJsonReader
{
  const char *file;
  ImpJsonPositions *positions;
  JsonParser *parser;
  JsonNode *root;
  ImpJsonMinusZeroFunc minus_zero;
  GError *error;
};

/**
 * ImpJsonFieldReader:
 * @reader: the reader
 * @value: the member's value
 * @field: the row of the key
 * @def: the struct being filled
 *
 * Checks one value and stores it in @def at @field's offset.
 *
 * Returns: %TRUE on success; %FALSE with @reader's error set
 */
typedef gboolean (*ImpJsonFieldReader) (ImpJsonReader *reader, JsonNode *value,
                                        const ImpJsonField *field, gpointer def);

/**
 * ImpJsonField:
 * @key: the member's name
 * @required: whether the object must have it
 * @read: checks the value and stores it
 * @offset: of the member of the struct being filled that @read fills
 *
 * One row of the table of an object's keys. A loader that keeps more about a
 * key makes its own row type with an #ImpJsonField first, and gives the size of
 * its rows to imp_json_reader_object().
 */
struct _ImpJsonField
{
  const char *key;
  gboolean required;
  ImpJsonFieldReader read;
  gsize offset;
};

/* The member of def that field fills, as a pointer to type. */
#define IMP_JSON_FIELD_PTR(def, field, type) ((type *) G_STRUCT_MEMBER_P ((def), (field)->offset))

gboolean imp_json_reader_init (ImpJsonReader *reader, const char *data, gsize length,
                               const char *file);
void imp_json_reader_clear (ImpJsonReader *reader);

/* Errors */

ImpJsonLocation imp_json_reader_location (ImpJsonReader *reader, JsonNode *node, gboolean at_key);
gboolean imp_json_reader_fail (ImpJsonReader *reader, JsonNode *node, ImpFormatError code,
                               const char *format, ...) G_GNUC_PRINTF (4, 5);
gboolean imp_json_reader_fail_at_key (ImpJsonReader *reader, JsonNode *node, ImpFormatError code,
                                      const char *format, ...) G_GNUC_PRINTF (4, 5);

/* Pieces of messages */

char *imp_json_reader_clip (const char *text, gsize length);
char *imp_json_reader_source_text (ImpJsonReader *reader, JsonNode *node);
const char *imp_json_reader_describe (JsonNode *node);
char *imp_json_reader_label (const char *key, int index);
char *imp_json_reader_quoted_list (const char *const *names, gsize n);

/* Values */

gboolean imp_json_reader_number (ImpJsonReader *reader, JsonNode *value, const char *key, int index,
                                 double *out);
gboolean imp_json_reader_integer (ImpJsonReader *reader, JsonNode *value, const char *key,
                                  gint64 min, gint64 max, gint64 *out);
gboolean imp_json_reader_string (ImpJsonReader *reader, JsonNode *value, const char *key, int index,
                                 const char **out);
gboolean imp_json_reader_vec2 (ImpJsonReader *reader, JsonNode *value, const char *key,
                               PhysVec2 *out);
gboolean imp_json_reader_point (ImpJsonReader *reader, JsonNode *value, const char *key, int index,
                                PhysVec2 *out);
gboolean imp_json_reader_choice (ImpJsonReader *reader, JsonNode *value, const char *key,
                                 const char *const *names, gsize n, ImpFormatError code,
                                 int *choice);
gboolean imp_json_reader_id (ImpJsonReader *reader, JsonNode *value, const char *key,
                             gboolean may_name_wall, const char **out);
gboolean imp_json_reader_version (ImpJsonReader *reader, JsonNode *value, const char *key,
                                  int version, const char *format);
gboolean imp_json_reader_expect_object (ImpJsonReader *reader, JsonNode *value, const char *key);

/* Objects */

gboolean imp_json_reader_object (ImpJsonReader *reader, JsonNode *node, const char *what,
                                 const ImpJsonField *fields, gsize n_fields, gsize field_size,
                                 gpointer def);
gboolean imp_json_reader_check_keys (ImpJsonReader *reader, JsonNode *node, const char *what,
                                     const ImpJsonField *fields, gsize n_fields, gsize field_size);

/* Field readers */

gboolean imp_json_field_skip (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                              gpointer def);
gboolean imp_json_field_finite (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                gpointer def);
gboolean imp_json_field_size (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                              gpointer def);
gboolean imp_json_field_positive (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                  gpointer def);
gboolean imp_json_field_non_negative (ImpJsonReader *reader, JsonNode *value,
                                      const ImpJsonField *field, gpointer def);
gboolean imp_json_field_unit (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                              gpointer def);
gboolean imp_json_field_friction (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                  gpointer def);
gboolean imp_json_field_vec2 (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                              gpointer def);
gboolean imp_json_field_bool (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                              gpointer def);
gboolean imp_json_field_substeps (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                  gpointer def);
gboolean imp_json_field_world_integrator (ImpJsonReader *reader, JsonNode *value,
                                          const ImpJsonField *field, gpointer def);
gboolean imp_json_field_body_integrator (ImpJsonReader *reader, JsonNode *value,
                                         const ImpJsonField *field, gpointer def);
gboolean imp_json_field_detection (ImpJsonReader *reader, JsonNode *value,
                                   const ImpJsonField *field, gpointer def);
gboolean imp_json_field_event_index (ImpJsonReader *reader, JsonNode *value,
                                     const ImpJsonField *field, gpointer def);
gboolean imp_json_field_overlays (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                  gpointer def);
gboolean imp_json_field_response (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                  gpointer def);

/* A cheap walk over strict JSON (imp_json_positions_scan() does the full check):
 * each returns the offset past white space, a string or a value, or length when
 * the text ends. */

gsize imp_json_skip_space (const char *data, gsize length, gsize i);
gsize imp_json_skip_string (const char *data, gsize length, gsize i);
gsize imp_json_skip_value (const char *data, gsize length, gsize i);
gboolean imp_json_sniff_key (const char *data, gsize length, const char *key, guint typos);

G_END_DECLS
