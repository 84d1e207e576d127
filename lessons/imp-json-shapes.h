/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json-shapes.h: reading the shapes of rigid bodies (a polygon's vertices, its box and
 * regular shorthands, a curve's control points) with errors at the value in the file, for the
 * scene and session loaders (docs/scene-format.md, polygons and curves).
 */
#pragma once

#include "imp-json-reader.h"

G_BEGIN_DECLS

/* The keys that give a polygon its shape; an object has exactly one of them. */
#define IMP_JSON_SHAPE_KEYS "vertices", "box", "regular"

gboolean imp_json_field_vertices (ImpJsonReader *reader, JsonNode *value,
                                  const ImpJsonField *field, gpointer def);
gboolean imp_json_field_box (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                             gpointer def);
gboolean imp_json_field_regular (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                                 gpointer def);
gboolean imp_json_field_control_points (ImpJsonReader *reader, JsonNode *value,
                                        const ImpJsonField *field, gpointer def);

gboolean imp_json_reader_one_shape (ImpJsonReader *reader, JsonNode *node, const char *what);
gboolean imp_json_reader_not_both (ImpJsonReader *reader, JsonNode *node, const char *key_a,
                                   const char *key_b, const char *what);

G_END_DECLS
