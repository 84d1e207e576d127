/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-json-shapes.c: the shapes of rigid bodies as the scene and session formats write them.
 *
 * A polygon's vertices may go round either way: the physics wants them counter-clockwise in
 * the maths sense (phys-polygon.h), which is clockwise on the y-down screen, and a list that
 * goes the other way is turned round with its first vertex kept first (that vertex marks the
 * body's angle on the canvas). Every other failure of phys_polygon_validate() is reported at
 * the vertex it names, counted as the file counts them.
 */
#include "imp-json-shapes.h"

#include <glib/gi18n.h>
#include <string.h>

/* Reports why the vertices of array (member key, n of them) are no convex polygon. `reversed`:
 * the check ran on the list turned round with its first vertex kept, so that vertex k of the
 * check is vertex n - k of the file. */
static gboolean
fail_polygon (ImpJsonReader *reader, JsonNode *array_node, const char *key, int n,
              gboolean reversed, const PhysPolygonCheck *check)
{
  JsonArray *array = json_node_get_array (array_node);
  int vertex = check->vertex >= 0 && reversed && check->vertex > 0 ? n - check->vertex
                                                                    : check->vertex;
  JsonNode *at = vertex >= 0 ? json_array_get_element (array, (guint) vertex) : array_node;
  g_autofree char *what = imp_json_reader_label (key, -1);
  g_autofree char *here = vertex >= 0 ? imp_json_reader_label (key, vertex) : NULL;

  switch (check->status)
    {
    case PHYS_POLYGON_REPEATED_POINT:
      {
        int other = reversed && check->other > 0 ? n - check->other : check->other;
        g_autofree char *there = imp_json_reader_label (key, other);
        return imp_json_reader_fail (reader, at, IMP_FORMAT_ERROR_RANGE,
                                     _("expected distinct vertices for %s, got %s at the same "
                                       "point as %s"),
                                     what, here, there);
      }
    case PHYS_POLYGON_NOT_CONVEX:
      if (check->other >= 0)
        {
          /* The edge from vertex j to j + 1 of the check runs between the same two vertices
           * of the file, the other way round when the list was turned. */
          int j = check->other, next = (check->other + 1) % n;
          int from = reversed && j > 0 ? n - j : j, to = reversed && next > 0 ? n - next : next;
          g_autofree char *edge_from = imp_json_reader_label (key, from);
          g_autofree char *edge_to = imp_json_reader_label (key, to);
          return imp_json_reader_fail (reader, at, IMP_FORMAT_ERROR_RANGE,
                                       _("expected a convex polygon for %s, got %s outside the "
                                         "edge from %s to %s (the outline winds round twice)"),
                                       what, here, edge_from, edge_to);
        }
      return imp_json_reader_fail (reader, at, IMP_FORMAT_ERROR_RANGE,
                                   _("expected a convex polygon for %s, got a corner at %s that "
                                     "turns the other way or runs straight on"),
                                   what, here);
    case PHYS_POLYGON_DEGENERATE_AREA:
      return imp_json_reader_fail (reader, array_node, IMP_FORMAT_ERROR_RANGE,
                                   _("expected vertices that enclose an area for %s, got points "
                                     "on one line (or too thin to tell from one)"),
                                   what);
    case PHYS_POLYGON_TOO_FEW:
    case PHYS_POLYGON_TOO_MANY:
    case PHYS_POLYGON_NOT_FINITE:
    case PHYS_POLYGON_CLOCKWISE:
    case PHYS_POLYGON_OK:
    default:
      /* The count, the numbers and the order were checked before the polygon was. */
      return imp_json_reader_fail (reader, at, IMP_FORMAT_ERROR_RANGE,
                                   _("expected a convex polygon for %s, got status \"%s\""), what,
                                   phys_polygon_status_name (check->status));
    }
}

/**
 * imp_json_field_vertices:
 *
 * Reads 3 to 16 vertices [[x, y], ...] of a convex polygon into a #PhysPolygon, in the
 * physics' order: a list that goes round the other way is turned round, its first vertex kept
 * first. A list that is no convex polygon is reported at the vertex at fault.
 */
gboolean
imp_json_field_vertices (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                         gpointer def)
{
  PhysPolygon *shape = IMP_JSON_FIELD_PTR (def, field, PhysPolygon);
  PhysVec2 v[PHYS_POLYGON_MAX_VERTICES];

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of 3 to 16 points [x, y] for \"%s\", got %s"),
                                 field->key, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  if (n < PHYS_POLYGON_MIN_VERTICES || n > PHYS_POLYGON_MAX_VERTICES)
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                 ngettext ("expected 3 to 16 vertices for \"%s\", got %u vertex",
                                           "expected 3 to 16 vertices for \"%s\", got %u vertices",
                                           n),
                                 field->key, n);
  for (guint i = 0; i < n; i++)
    if (!imp_json_reader_point (reader, json_array_get_element (array, i), field->key, (int) i,
                                &v[i]))
      return FALSE;

  PhysPolygonCheck check = phys_polygon_validate (v, (int) n);
  gboolean reversed = check.status == PHYS_POLYGON_CLOCKWISE;
  if (reversed)
    {
      PhysVec2 turned[PHYS_POLYGON_MAX_VERTICES];
      turned[0] = v[0];
      for (guint i = 1; i < n; i++)
        turned[i] = v[n - i];
      memcpy (v, turned, n * sizeof *v);
      check = phys_polygon_validate (v, (int) n);
    }
  if (check.status != PHYS_POLYGON_OK)
    return fail_polygon (reader, value, field->key, (int) n, reversed, &check);
  phys_polygon_make (shape, v, (int) n);
  return TRUE;
}

/* A shape made from a shorthand: refused at value when the physics would refuse it (a box far
 * thinner than it is long has no area worth the name). */
static gboolean
check_made (ImpJsonReader *reader, JsonNode *value, const char *key, const PhysPolygon *shape)
{
  PhysPolygonCheck check = phys_polygon_validate (shape->vertices, shape->count);

  if (check.status == PHYS_POLYGON_OK)
    return TRUE;
  return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                               _("expected a polygon with an area for \"%s\", got one too thin to "
                                 "tell from a line (status \"%s\")"),
                               key, phys_polygon_status_name (check.status));
}

/* A size for a shorthand: > 0, and not so small that a mass underflows. */
static gboolean
read_size (ImpJsonReader *reader, JsonNode *value, const char *key, int index, double *out)
{
  double x;

  if (!imp_json_reader_number (reader, value, key, index, &x))
    return FALSE;
  if (!(x >= PHYS_MIN_SIZE))
    {
      g_autofree char *what = imp_json_reader_label (key, index);
      g_autofree char *got = imp_json_reader_source_text (reader, value);
      return imp_json_reader_fail (
          reader, value, IMP_FORMAT_ERROR_RANGE,
          x > 0.0 ? _("expected %s >= 1e-30 (smaller sizes make masses underflow to 0), got %s")
                  : _("expected %s > 0, got %s"),
          what, got);
    }
  *out = x;
  return TRUE;
}

/**
 * imp_json_field_box:
 *
 * Reads [width, height] into a #PhysPolygon: a box centred on the body's origin.
 */
gboolean
imp_json_field_box (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                    gpointer def)
{
  PhysPolygon *shape = IMP_JSON_FIELD_PTR (def, field, PhysPolygon);
  double wh[2];

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of 2 numbers [width, height] for \"%s\", "
                                   "got %s"),
                                 field->key, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  if (n != 2)
    return imp_json_reader_fail (
        reader, value, IMP_FORMAT_ERROR_TYPE,
        ngettext ("expected an array of 2 numbers [width, height] for \"%s\", got %u element",
                  "expected an array of 2 numbers [width, height] for \"%s\", got %u elements", n),
        field->key, n);
  for (guint i = 0; i < 2; i++)
    if (!read_size (reader, json_array_get_element (array, i), field->key, (int) i, &wh[i]))
      return FALSE;
  *shape = phys_polygon_box (wh[0], wh[1]);
  return check_made (reader, value, field->key, shape);
}

typedef struct
{
  gint64 sides;
  double radius;
} Regular;

static gboolean
read_sides (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return imp_json_reader_integer (reader, value, field->key, PHYS_POLYGON_MIN_VERTICES,
                                  PHYS_POLYGON_MAX_VERTICES,
                                  IMP_JSON_FIELD_PTR (def, field, gint64));
}

static gboolean
read_radius (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return read_size (reader, value, field->key, -1, IMP_JSON_FIELD_PTR (def, field, double));
}

static const ImpJsonField regular_fields[] = {
  { "sides", TRUE, read_sides, offsetof (Regular, sides) },
  { "radius", TRUE, read_radius, offsetof (Regular, radius) },
};

/**
 * imp_json_field_regular:
 *
 * Reads {"sides": n, "radius": r} into a #PhysPolygon: a regular n-gon (3 to 16 sides)
 * centred on the body's origin, r from the centre to each vertex, vertex 0 at (r, 0).
 */
gboolean
imp_json_field_regular (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                        gpointer def)
{
  PhysPolygon *shape = IMP_JSON_FIELD_PTR (def, field, PhysPolygon);
  Regular regular = { 0, 0.0 };

  if (!imp_json_reader_expect_object (reader, value, field->key)
      || !imp_json_reader_object (reader, value, "\"regular\"", regular_fields,
                                  G_N_ELEMENTS (regular_fields), sizeof *regular_fields, &regular))
    return FALSE;
  *shape = phys_polygon_regular ((int) regular.sides, regular.radius, 0.0);
  return check_made (reader, value, field->key, shape);
}

/**
 * imp_json_field_control_points:
 *
 * Reads the four control points [P0, P1, P2, P3] of a cubic Bezier curve into a #PhysBezier.
 * They may not all be one point.
 */
gboolean
imp_json_field_control_points (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field,
                               gpointer def)
{
  PhysBezier *curve = IMP_JSON_FIELD_PTR (def, field, PhysBezier);
  PhysBezier read;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of 4 points [x, y] for \"%s\", got %s"),
                                 field->key, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  if (n != 4)
    return imp_json_reader_fail (
        reader, value, IMP_FORMAT_ERROR_TYPE,
        ngettext ("expected an array of 4 points [x, y] for \"%s\", got %u element",
                  "expected an array of 4 points [x, y] for \"%s\", got %u elements", n),
        field->key, n);
  for (guint i = 0; i < 4; i++)
    if (!imp_json_reader_point (reader, json_array_get_element (array, i), field->key, (int) i,
                                &read.p[i]))
      return FALSE;
  gboolean one_point = TRUE;
  for (int i = 1; i < 4; i++)
    if (read.p[i].x != read.p[0].x || read.p[i].y != read.p[0].y)
      one_point = FALSE;
  if (one_point)
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                 _("expected control points that are not all the same point for "
                                   "\"%s\" (a curve needs a length)"),
                                 field->key);
  *curve = read;
  return TRUE;
}

/**
 * imp_json_reader_one_shape:
 * @reader: a reader
 * @node: a polygon's object, read
 * @what: its name in messages ("polygon", "add-polygon edit")
 *
 * Checks that @node gives its shape exactly once: "vertices", "box" or "regular". A second is
 * reported at its value.
 *
 * Returns: %TRUE when it has exactly one; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_one_shape (ImpJsonReader *reader, JsonNode *node, const char *what)
{
  static const char *const keys[] = { IMP_JSON_SHAPE_KEYS };
  JsonObjectIter iter;
  const char *key, *first = NULL;
  JsonNode *value;

  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &key, &value))
    for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
      if (strcmp (key, keys[i]) == 0)
        {
          if (first != NULL)
            return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                         _("expected only one of \"vertices\", \"box\" and "
                                           "\"regular\" in %s, got \"%s\" and \"%s\""),
                                         what, first, key);
          first = keys[i];
        }
  if (first == NULL)
    return imp_json_reader_fail (reader, node, IMP_FORMAT_ERROR_MISSING,
                                 _("missing required key \"vertices\", \"box\" or \"regular\" in "
                                   "%s"),
                                 what);
  return TRUE;
}

/**
 * imp_json_reader_not_both:
 * @reader: a reader
 * @node: an object, read
 * @key_a: a key that decides what @key_b would (a polygon's "density")
 * @key_b: the other ("mass")
 * @what: the object's name in messages
 *
 * Checks that @node has at most one of two keys; the later one is reported.
 *
 * Returns: %TRUE when it has at most one; %FALSE with the reader's error set
 */
gboolean
imp_json_reader_not_both (ImpJsonReader *reader, JsonNode *node, const char *key_a,
                          const char *key_b, const char *what)
{
  JsonObject *object = json_node_get_object (node);
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  if (!json_object_has_member (object, key_a) || !json_object_has_member (object, key_b))
    return TRUE;
  /* The one written second is the one to take out. */
  JsonNode *later = NULL;
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &key, &value))
    if (strcmp (key, key_a) == 0 || strcmp (key, key_b) == 0)
      later = value;
  return imp_json_reader_fail (reader, later, IMP_FORMAT_ERROR_RANGE,
                               _("expected either \"%s\" or \"%s\" in %s, not both"), key_a,
                               key_b, what);
}
