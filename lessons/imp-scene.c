/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-scene.c: the scene loader. docs/scene-format.md is its specification.
 *
 * Three passes over the text: imp_json_positions_scan() checks strict JSON and
 * records positions, json-glib builds the tree, and the loader walks the tree
 * checking every key and value before the physics core sees it, so that each
 * mistake is reported at its own line and column. The core validates again;
 * a status it returns after these checks is still reported, at the object.
 * The first two passes, the value readers and the key tables' driver are
 * imp-json-reader.c, shared with the session loader.
 */
#include "imp-scene.h"

#include <glib/gi18n.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "imp-file.h"
#include "imp-i18n.h"
#include "imp-json-reader.h"
#include "imp-json-shapes.h"
#include "imp-suggest.h"
#include "imp-teaching-modes.h"
#include "impulse-lessons-resources.h"

typedef struct
{
  PhysBodyKind kind;
  int index;
  JsonNode *node; /* the "id" value, to say where an id was first used */
} IdEntry;

typedef struct
{
  ImpJsonReader reader;  /* first, so that field readers find the loader (loader_of) */
  GHashTable *ids;       /* id (owned by the JSON tree) -> IdEntry */
  GPtrArray *circle_ids; /* candidates for "did you mean" on references */
  GPtrArray *end_ids;    /* the same for a spring's ends: circles and polygons */
  PhysWorld *world;
  ImpSceneInfo *info;
} Loader;

/* A force being read: the core's definition plus what it references. */
typedef struct
{
  PhysForceDef def;
  GArray *targets; /* int: circle indices */
  JsonNode *targets_node;
} ForceSpec;

#define FORCE_FIELD(member) (offsetof (ForceSpec, def) + offsetof (PhysForceDef, member))

/* A polygon being read: the core's definition and the shape its "vertices", "box" or "regular"
 * gives. */
typedef struct
{
  PhysPolygonBodyDef def;
  PhysPolygon shape;
} PolygonSpec;

#define POLYGON_FIELD(member) (offsetof (PolygonSpec, def) + offsetof (PhysPolygonBodyDef, member))

static Loader *
loader_of (ImpJsonReader *reader)
{
  return (Loader *) reader;
}

/* Values */


/* Resolves a reference to a body loaded earlier: a circle, or with polygons_too a circle or a
 * polygon. */
static gboolean
get_body_ref (Loader *ld, JsonNode *value, const char *key, int index, gboolean polygons_too,
              PhysBodyRef *body)
{
  const char *id;

  if (!imp_json_reader_string (&ld->reader, value, key, index, &id))
    return FALSE;
  IdEntry *entry = g_hash_table_lookup (ld->ids, id);
  if (entry != NULL
      && (entry->kind == PHYS_BODY_CIRCLE || (polygons_too && entry->kind == PHYS_BODY_POLYGON)))
    {
      *body = (PhysBodyRef){ entry->kind, entry->index };
      return TRUE;
    }

  g_autofree char *what = imp_json_reader_label (key, index);
  g_autofree char *got = imp_json_reader_source_text (&ld->reader, value);
  if (entry != NULL)
    return imp_json_reader_fail (
        &ld->reader, value, IMP_FORMAT_ERROR_UNKNOWN_ID,
        polygons_too ? _("expected the id of a circle or a polygon for %s, got %s, which is a %s")
                     : _("expected the id of a circle for %s, got %s, which is a %s"),
        what, got, phys_body_kind_name (entry->kind));
  GPtrArray *candidates = polygons_too ? ld->end_ids : ld->circle_ids;
  const char *guess = imp_suggest_nearest (id, (const char *const *) candidates->pdata,
                                           (gssize) candidates->len);
  if (guess != NULL)
    return imp_json_reader_fail (
        &ld->reader, value, IMP_FORMAT_ERROR_UNKNOWN_ID,
        polygons_too ? _("expected the id of a circle or a polygon for %s, got %s; did you mean "
                         "\"%s\"?")
                     : _("expected the id of a circle for %s, got %s; did you mean \"%s\"?"),
        what, got, guess);
  return imp_json_reader_fail (&ld->reader, value, IMP_FORMAT_ERROR_UNKNOWN_ID,
                               polygons_too
                                   ? _("expected the id of a circle or a polygon for %s, got %s")
                                   : _("expected the id of a circle for %s, got %s"),
                               what, got);
}

/* Resolves a reference to a circle loaded earlier. */
static gboolean
get_circle_ref (Loader *ld, JsonNode *value, const char *key, int index, int *circle)
{
  PhysBodyRef body;

  if (!get_body_ref (ld, value, key, index, FALSE, &body))
    return FALSE;
  *circle = body.index;
  return TRUE;
}

/* Field readers; the common ones are imp_json_field_*(). */

static gboolean
read_event_cap (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  gint64 n;

  if (!imp_json_reader_integer (reader, value, field->key, 0, PHYS_MAX_EVENT_CAP, &n))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, int) = (int) n;
  return TRUE;
}

static gboolean
read_id (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  Loader *ld = loader_of (reader);
  const char *id;

  if (!imp_json_reader_id (reader, value, field->key, FALSE, &id))
    return FALSE;

  IdEntry *first = g_hash_table_lookup (ld->ids, id);
  if (first != NULL)
    {
      ImpJsonLocation loc = imp_json_reader_location (reader, first->node, FALSE);
      return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_DUPLICATE_ID,
                                   _("duplicate id \"%s\"; the first one is at %d:%d"), id,
                                   loc.line, loc.column);
    }
  *IMP_JSON_FIELD_PTR (def, field, const char *) = id;
  return TRUE;
}

static gboolean
read_circle_ref (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return get_circle_ref (loader_of (reader), value, field->key, -1,
                         IMP_JSON_FIELD_PTR (def, field, int));
}

/* A spring's ends: a circle or a polygon. */
static gboolean
read_end_a (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  ForceSpec *spec = def;
  PhysBodyRef body;

  if (!get_body_ref (loader_of (reader), value, field->key, -1, TRUE, &body))
    return FALSE;
  spec->def.kind_a = body.kind;
  spec->def.body_a = body.index;
  return TRUE;
}

static gboolean
read_end_b (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  ForceSpec *spec = def;
  PhysBodyRef body;

  if (!get_body_ref (loader_of (reader), value, field->key, -1, TRUE, &body))
    return FALSE;
  spec->def.kind_b = body.kind;
  spec->def.body_b = body.index;
  return TRUE;
}

static gboolean
read_targets (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  ForceSpec *spec = def;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of circle ids for \"%s\", got %s"),
                                 field->key, imp_json_reader_describe (value));

  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL); /* circle -> element + 1 */

  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      int circle;
      if (!get_circle_ref (loader_of (reader), element, field->key, (int) i, &circle))
        return FALSE;
      guint first = GPOINTER_TO_UINT (g_hash_table_lookup (seen, GINT_TO_POINTER (circle)));
      if (first > 0)
        {
          ImpJsonLocation loc
              = imp_json_reader_location (reader, json_array_get_element (array, first - 1), FALSE);
          return imp_json_reader_fail (reader, element, IMP_FORMAT_ERROR_DUPLICATE_ID,
                                       _("duplicate target \"%s\"; the first one is at %d:%d"),
                                       json_node_get_string (element), loc.line, loc.column);
        }
      g_hash_table_insert (seen, GINT_TO_POINTER (circle), GUINT_TO_POINTER (i + 1));
      g_array_append_val (spec->targets, circle);
    }
  spec->targets_node = value;
  return TRUE;
}

/* Objects */

static gboolean
read_object (Loader *ld, JsonNode *node, const char *what, const ImpJsonField *fields,
             gsize n_fields, gpointer def)
{
  return imp_json_reader_object (&ld->reader, node, what, fields, n_fields, sizeof *fields, def);
}


static gboolean
read_modes (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return imp_json_reader_expect_object (reader, value, field->key)
         && read_object (loader_of (reader), value, "modes", imp_modes_fields,
                         G_N_ELEMENTS (imp_modes_fields), IMP_JSON_FIELD_PTR (def, field, PhysModes));
}

static gboolean
read_bounds (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  static const char *const expected = N_("expected an array of 4 numbers [x0, y0, x1, y1] or null");
  PhysWorldDef *world = def;
  double v[4];

  if (JSON_NODE_HOLDS_NULL (value))
    {
      world->has_bounds = false;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE, _("%s for \"%s\", got %s"),
                                 _(expected), field->key, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  if (n != 4)
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 ngettext ("%s for \"%s\", got %u element",
                                           "%s for \"%s\", got %u elements", n),
                                 _(expected), field->key, n);
  for (guint i = 0; i < 4; i++)
    if (!imp_json_reader_number (reader, json_array_get_element (array, i), field->key, (int) i,
                                 &v[i]))
      return FALSE;

  for (guint axis = 0; axis < 2; axis++)
    if (!(v[axis] < v[axis + 2]))
      {
        const char *name = axis == 0 ? "x" : "y";
        g_autofree char *lo
            = imp_json_reader_source_text (reader, json_array_get_element (array, axis));
        g_autofree char *hi
            = imp_json_reader_source_text (reader, json_array_get_element (array, axis + 2));
        return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                     _("expected %s0 < %s1 in \"%s\", got %s0 = %s and %s1 = %s"),
                                     name, name, field->key, name, lo, name, hi);
      }
  world->has_bounds = true;
  world->bounds.min = phys_v2 (v[0], v[1]);
  world->bounds.max = phys_v2 (v[2], v[3]);
  return TRUE;
}

static const ImpJsonField world_fields[] = {
  { "bounds", FALSE, read_bounds, 0 },
  { "bounds_restitution", FALSE, imp_json_field_unit, offsetof (PhysWorldDef, bounds_restitution) },
  { "bounds_friction", FALSE, imp_json_field_friction, offsetof (PhysWorldDef, bounds_friction) },
  { "gravity", FALSE, imp_json_field_vec2, offsetof (PhysWorldDef, gravity) },
  { "dt", FALSE, imp_json_field_size, offsetof (PhysWorldDef, dt) },
  { "integrator", FALSE, imp_json_field_world_integrator, offsetof (PhysWorldDef, integrator) },
  { "substeps", FALSE, imp_json_field_substeps, offsetof (PhysWorldDef, substeps) },
  { "event_cap", FALSE, read_event_cap, offsetof (PhysWorldDef, event_cap) },
  { "rest_speed", FALSE, imp_json_field_finite, offsetof (PhysWorldDef, rest_speed) },
  { "sleep", FALSE, imp_json_field_bool, offsetof (PhysWorldDef, sleep) },
  { "modes", FALSE, read_modes, offsetof (PhysWorldDef, modes) },
};

static const ImpJsonField circle_fields[] = {
  { "id", TRUE, read_id, offsetof (PhysCircleDef, name) },
  { "pos", TRUE, imp_json_field_vec2, offsetof (PhysCircleDef, position) },
  { "vel", FALSE, imp_json_field_vec2, offsetof (PhysCircleDef, velocity) },
  { "radius", TRUE, imp_json_field_size, offsetof (PhysCircleDef, radius) },
  { "mass", FALSE, imp_json_field_size, offsetof (PhysCircleDef, mass) },
  { "restitution", FALSE, imp_json_field_unit, offsetof (PhysCircleDef, restitution) },
  { "fixed", FALSE, imp_json_field_bool, offsetof (PhysCircleDef, fixed) },
  { "collides", FALSE, imp_json_field_bool, offsetof (PhysCircleDef, collides) },
  { "integrator", FALSE, imp_json_field_body_integrator, offsetof (PhysCircleDef, integrator) },
  { "angle_rad", FALSE, imp_json_field_finite, offsetof (PhysCircleDef, angle) },
  { "omega_rad", FALSE, imp_json_field_finite, offsetof (PhysCircleDef, angular_velocity) },
  { "friction", FALSE, imp_json_field_friction, offsetof (PhysCircleDef, friction) },
};

static const ImpJsonField segment_fields[] = {
  { "id", TRUE, read_id, offsetof (PhysSegmentDef, name) },
  { "a", TRUE, imp_json_field_vec2, offsetof (PhysSegmentDef, a) },
  { "b", TRUE, imp_json_field_vec2, offsetof (PhysSegmentDef, b) },
  { "restitution", FALSE, imp_json_field_unit, offsetof (PhysSegmentDef, restitution) },
  { "response", FALSE, imp_json_field_response, offsetof (PhysSegmentDef, response) },
  { "friction", FALSE, imp_json_field_friction, offsetof (PhysSegmentDef, friction) },
};

static const ImpJsonField probe_fields[] = {
  { "id", TRUE, read_id, offsetof (PhysProbeDef, name) },
  { "pos", TRUE, imp_json_field_vec2, offsetof (PhysProbeDef, position) },
  { "vel", FALSE, imp_json_field_vec2, offsetof (PhysProbeDef, velocity) },
};

static const ImpJsonField polygon_fields[] = {
  { "id", TRUE, read_id, POLYGON_FIELD (name) },
  { "pos", TRUE, imp_json_field_vec2, POLYGON_FIELD (position) },
  { "vertices", FALSE, imp_json_field_vertices, offsetof (PolygonSpec, shape) },
  { "box", FALSE, imp_json_field_box, offsetof (PolygonSpec, shape) },
  { "regular", FALSE, imp_json_field_regular, offsetof (PolygonSpec, shape) },
  { "angle_rad", FALSE, imp_json_field_finite, POLYGON_FIELD (angle) },
  { "vel", FALSE, imp_json_field_vec2, POLYGON_FIELD (velocity) },
  { "omega_rad", FALSE, imp_json_field_finite, POLYGON_FIELD (angular_velocity) },
  { "density", FALSE, imp_json_field_size, POLYGON_FIELD (density) },
  { "mass", FALSE, imp_json_field_size, POLYGON_FIELD (mass) },
  { "restitution", FALSE, imp_json_field_unit, POLYGON_FIELD (restitution) },
  { "friction", FALSE, imp_json_field_friction, POLYGON_FIELD (friction) },
  { "fixed", FALSE, imp_json_field_bool, POLYGON_FIELD (fixed) },
  { "integrator", FALSE, imp_json_field_body_integrator, POLYGON_FIELD (integrator) },
};

static const ImpJsonField curve_fields[] = {
  { "id", TRUE, read_id, offsetof (PhysCurveDef, name) },
  { "points", TRUE, imp_json_field_control_points, offsetof (PhysCurveDef, curve) },
  { "restitution", FALSE, imp_json_field_unit, offsetof (PhysCurveDef, restitution) },
  { "friction", FALSE, imp_json_field_friction, offsetof (PhysCurveDef, friction) },
};

static const ImpJsonField attractor_fields[] = {
  { "type", TRUE, imp_json_field_skip, 0 },
  { "source", TRUE, read_circle_ref, FORCE_FIELD (source) },
  { "targets", FALSE, read_targets, 0 },
  { "G", FALSE, imp_json_field_positive, FORCE_FIELD (G) },
  { "reaction", FALSE, imp_json_field_bool, FORCE_FIELD (reaction) },
};

static const ImpJsonField drag_fields[] = {
  { "type", TRUE, imp_json_field_skip, 0 },
  { "k", FALSE, imp_json_field_non_negative, FORCE_FIELD (k) },
  { "targets", FALSE, read_targets, 0 },
};

static const ImpJsonField spring_fields[] = {
  { "type", TRUE, imp_json_field_skip, 0 },
  { "a", TRUE, read_end_a, 0 },
  { "b", FALSE, read_end_b, 0 },
  { "anchor", FALSE, imp_json_field_vec2, FORCE_FIELD (anchor) },
  { "local_a", FALSE, imp_json_field_vec2, FORCE_FIELD (local_a) },
  { "local_b", FALSE, imp_json_field_vec2, FORCE_FIELD (local_b) },
  { "k", FALSE, imp_json_field_non_negative, FORCE_FIELD (k) },
  { "rest_length", FALSE, imp_json_field_non_negative, FORCE_FIELD (rest_length) },
  { "damping", FALSE, imp_json_field_non_negative, FORCE_FIELD (damping) },
};

/* Only the keys: load_scene() reads these one by one, as their order matters. */
/* clang-format off */
static const ImpJsonField scene_fields[] = {
  { "impulse", TRUE, imp_json_field_skip, 0 },
  { "title", FALSE, imp_json_field_skip, 0 },
  { "description", FALSE, imp_json_field_skip, 0 },
  { "world", FALSE, imp_json_field_skip, 0 },
  { "circles", FALSE, imp_json_field_skip, 0 },
  { "segments", FALSE, imp_json_field_skip, 0 },
  { "probes", FALSE, imp_json_field_skip, 0 },
  { "polygons", FALSE, imp_json_field_skip, 0 },
  { "curves", FALSE, imp_json_field_skip, 0 },
  { "forces", FALSE, imp_json_field_skip, 0 },
};
/* clang-format on */

/* Bodies and forces */

static ImpFormatError
status_error (PhysStatus status)
{
  switch (status)
    {
    case PHYS_ERROR_NOT_FINITE:
      return IMP_FORMAT_ERROR_NOT_FINITE;
    case PHYS_ERROR_LIMIT:
      return IMP_FORMAT_ERROR_LIMIT;
    case PHYS_ERROR_UNKNOWN_BODY:
      return IMP_FORMAT_ERROR_UNKNOWN_ID;
    case PHYS_ERROR_NAME:
      return IMP_FORMAT_ERROR_DUPLICATE_ID;
    case PHYS_ERROR_OUT_OF_RANGE:
    case PHYS_OK:
    default:
      return IMP_FORMAT_ERROR_RANGE;
    }
}

static gboolean
fail_status (Loader *ld, JsonNode *node, const char *what, PhysStatus status)
{
  return imp_json_reader_fail (&ld->reader, node, status_error (status),
                               _("expected a %s the physics core accepts, got status \"%s\""), what,
                               phys_status_name (status));
}

static void
register_id (Loader *ld, JsonNode *node, PhysBodyKind kind, int index)
{
  JsonNode *id_node = json_object_get_member (json_node_get_object (node), "id");
  IdEntry *entry = g_new (IdEntry, 1);

  entry->kind = kind;
  entry->index = index;
  entry->node = id_node;
  g_hash_table_insert (ld->ids, (gpointer) json_node_get_string (id_node), entry);
  if (kind == PHYS_BODY_CIRCLE)
    g_ptr_array_add (ld->circle_ids, (gpointer) json_node_get_string (id_node));
  if (kind == PHYS_BODY_CIRCLE || kind == PHYS_BODY_POLYGON)
    g_ptr_array_add (ld->end_ids, (gpointer) json_node_get_string (id_node));
}

static gboolean
load_circle (Loader *ld, JsonNode *node)
{
  PhysCircleDef def = phys_circle_def_default ();
  int index;

  if (!read_object (ld, node, "circle", circle_fields, G_N_ELEMENTS (circle_fields), &def))
    return FALSE;
  PhysStatus status = phys_world_add_circle (ld->world, &def, &index);
  if (status != PHYS_OK)
    return fail_status (ld, node, "circle", status);
  register_id (ld, node, PHYS_BODY_CIRCLE, index);
  return TRUE;
}

static gboolean
load_segment (Loader *ld, JsonNode *node)
{
  PhysSegmentDef def = phys_segment_def_default ();
  int index;

  if (!read_object (ld, node, "segment", segment_fields, G_N_ELEMENTS (segment_fields), &def))
    return FALSE;
  if (def.a.x == def.b.x && def.a.y == def.b.y)
    return imp_json_reader_fail (
        &ld->reader, json_object_get_member (json_node_get_object (node), "b"),
        IMP_FORMAT_ERROR_RANGE, _("expected \"b\" to differ from \"a\", got the same point"));
  PhysStatus status = phys_world_add_segment (ld->world, &def, &index);
  if (status != PHYS_OK)
    return fail_status (ld, node, "segment", status);
  register_id (ld, node, PHYS_BODY_SEGMENT, index);
  return TRUE;
}

static gboolean
load_probe (Loader *ld, JsonNode *node)
{
  PhysProbeDef def = phys_probe_def_default ();
  int index;

  if (!read_object (ld, node, "probe", probe_fields, G_N_ELEMENTS (probe_fields), &def))
    return FALSE;
  PhysStatus status = phys_world_add_probe (ld->world, &def, &index);
  if (status != PHYS_OK)
    return fail_status (ld, node, "probe", status);
  register_id (ld, node, PHYS_BODY_PROBE, index);
  return TRUE;
}

char *
imp_polygon_derived_expected (PhysPolygonDerived derived, double value, double area,
                              double density)
{
  switch (derived)
    {
    case PHYS_POLYGON_DERIVED_OK:
      return NULL;
    case PHYS_POLYGON_DERIVED_EXTENT:
      return g_strdup_printf (_("expected a polygon whose vertices lie within 1e30 of its "
                                "origin, got a vertex %g away"),
                              value);
    case PHYS_POLYGON_DERIVED_AREA:
      return g_strdup_printf (_("expected a polygon whose area is between 1e-30 and 1e30, got %g"),
                              value);
    case PHYS_POLYGON_DERIVED_MASS:
      return g_strdup_printf (
          _("expected a mass (density %g times area %g) between 1e-30 and 1e30, got %g"), density,
          area, value);
    case PHYS_POLYGON_DERIVED_INERTIA:
    default:
      return g_strdup_printf (_("expected a moment of inertia between 1e-30 and 1e30, got %g "
                                "(from the shape's size and its mass)"),
                              value);
    }
}

/* A polygon refused for what its fields imply (its area, mass or moment of inertia out of the
 * physics' range): the error at the member that sets it. TRUE when the error is set. */
static gboolean
fail_polygon_derived (Loader *ld, JsonNode *node, const PhysPolygonBodyDef *def)
{
  PhysReal value, area;
  PhysPolygonDerived derived = phys_polygon_body_derived (def, &value, &area);
  g_autofree char *expected = imp_polygon_derived_expected (derived, value, area, def->density);
  if (expected == NULL)
    return FALSE;
  JsonObject *object = json_node_get_object (node);
  JsonNode *at = NULL;
  static const char *const shapes[] = { "vertices", "box", "regular" };
  for (guint k = 0; k < G_N_ELEMENTS (shapes) && at == NULL; k++)
    at = json_object_get_member (object, shapes[k]);
  /* The mass follows from the density; the moment from the mass, given or from the density. */
  JsonNode *density = json_object_get_member (object, "density");
  JsonNode *mass = json_object_get_member (object, "mass");
  if (derived == PHYS_POLYGON_DERIVED_MASS && density != NULL)
    at = density;
  else if (derived == PHYS_POLYGON_DERIVED_INERTIA && (mass != NULL || density != NULL))
    at = mass != NULL ? mass : density;
  imp_json_reader_fail (&ld->reader, at != NULL ? at : node, IMP_FORMAT_ERROR_RANGE, "%s",
                        expected);
  return TRUE;
}

static gboolean
load_polygon (Loader *ld, JsonNode *node)
{
  PolygonSpec spec = { phys_polygon_body_def_default (), { 0 } };
  int index;

  if (!read_object (ld, node, "polygon", polygon_fields, G_N_ELEMENTS (polygon_fields), &spec)
      || !imp_json_reader_one_shape (&ld->reader, node, "polygon")
      || !imp_json_reader_not_both (&ld->reader, node, "density", "mass", "polygon"))
    return FALSE;
  spec.def.vertices = spec.shape.vertices;
  spec.def.count = spec.shape.count;
  PhysStatus status = phys_world_add_polygon (ld->world, &spec.def, &index, NULL);
  if (status == PHYS_ERROR_OUT_OF_RANGE && fail_polygon_derived (ld, node, &spec.def))
    return FALSE;
  if (status != PHYS_OK)
    return fail_status (ld, node, "polygon", status);
  register_id (ld, node, PHYS_BODY_POLYGON, index);
  return TRUE;
}

static gboolean
load_curve (Loader *ld, JsonNode *node)
{
  PhysCurveDef def = phys_curve_def_default ();
  int index;

  if (!read_object (ld, node, "curve", curve_fields, G_N_ELEMENTS (curve_fields), &def))
    return FALSE;
  PhysStatus status = phys_world_add_curve (ld->world, &def, &index);
  if (status != PHYS_OK)
    return fail_status (ld, node, "curve", status);
  register_id (ld, node, PHYS_BODY_CURVE, index);
  return TRUE;
}

/* A spring's end given in its body's own coordinates, as the core wants it: about the centre
 * of mass. A polygon's own coordinates are those of its vertices; a circle's are about its
 * centre already. An end given no point is the centre of mass. */
static PhysVec2
local_end (Loader *ld, JsonObject *object, const char *key, PhysBodyKind kind, int body,
           PhysVec2 local)
{
  if (!json_object_has_member (object, key) || kind != PHYS_BODY_POLYGON)
    return local;
  return phys_v2_add (local, phys_world_get_polygon (ld->world, body).local_origin);
}

/* What read_object cannot see: relations between keys of a force. */
static gboolean
check_force (Loader *ld, JsonNode *node, ForceSpec *spec, const char *what)
{
  JsonObject *object = json_node_get_object (node);

  if (spec->def.kind == PHYS_FORCE_ATTRACTOR)
    {
      for (guint i = 0; i < spec->targets->len; i++)
        if (g_array_index (spec->targets, int, i) == spec->def.source)
          {
            JsonNode *target = json_array_get_element (json_node_get_array (spec->targets_node), i);
            g_autofree char *got = imp_json_reader_source_text (&ld->reader, target);
            return imp_json_reader_fail (&ld->reader, target, IMP_FORMAT_ERROR_RANGE,
                                         _("expected a target other than the source, got %s"), got);
          }
    }
  else if (spec->def.kind == PHYS_FORCE_SPRING || spec->def.kind == PHYS_FORCE_BUNGEE)
    {
      JsonNode *b = json_object_get_member (object, "b");
      JsonNode *anchor = json_object_get_member (object, "anchor");
      if (b != NULL && anchor != NULL)
        return imp_json_reader_fail (&ld->reader, anchor, IMP_FORMAT_ERROR_RANGE,
                                     _("expected either \"b\" or \"anchor\" in %s, not both"),
                                     imp_i18n_object_name (what));
      if (b == NULL && anchor == NULL)
        return imp_json_reader_fail (&ld->reader, node, IMP_FORMAT_ERROR_MISSING,
                                     _("missing required key \"b\" or \"anchor\" in %s"),
                                     imp_i18n_object_name (what));
      JsonNode *local_b = json_object_get_member (object, "local_b");
      if (b == NULL && local_b != NULL)
        return imp_json_reader_fail (&ld->reader, local_b, IMP_FORMAT_ERROR_RANGE,
                                     _("expected \"local_b\" only with \"b\" in %s (an "
                                       "\"anchor\" is a point of the world)"),
                                     imp_i18n_object_name (what));
      if (b != NULL && spec->def.body_b == spec->def.body_a
          && spec->def.kind_b == spec->def.kind_a)
        {
          g_autofree char *got = imp_json_reader_source_text (&ld->reader, b);
          return imp_json_reader_fail (&ld->reader, b, IMP_FORMAT_ERROR_RANGE,
                                       _("expected \"b\" to differ from \"a\", got %s for both"),
                                       got);
        }
      if (b == NULL)
        spec->def.body_b = -1;
      spec->def.local_a = local_end (ld, object, "local_a", spec->def.kind_a, spec->def.body_a,
                                     spec->def.local_a);
      if (b != NULL)
        spec->def.local_b = local_end (ld, object, "local_b", spec->def.kind_b, spec->def.body_b,
                                       spec->def.local_b);
    }
  return TRUE;
}

static gboolean
load_force (Loader *ld, JsonNode *node)
{
  const char *kinds[] = {
    phys_force_kind_name (PHYS_FORCE_ATTRACTOR),
    phys_force_kind_name (PHYS_FORCE_DRAG),
    phys_force_kind_name (PHYS_FORCE_SPRING),
    phys_force_kind_name (PHYS_FORCE_BUNGEE),
  };
  JsonNode *type = json_object_get_member (json_node_get_object (node), "type");
  const ImpJsonField *fields;
  gsize n_fields;
  int kind;

  /* The type decides which keys are valid, so it is read before the others. */
  if (type == NULL)
    return imp_json_reader_fail (&ld->reader, node, IMP_FORMAT_ERROR_MISSING,
                                 _("missing required key \"type\" in force"));
  if (!imp_json_reader_choice (&ld->reader, type, "type", kinds, G_N_ELEMENTS (kinds),
                               IMP_FORMAT_ERROR_RANGE, &kind))
    return FALSE;

  switch ((PhysForceKind) kind)
    {
    case PHYS_FORCE_ATTRACTOR:
      fields = attractor_fields;
      n_fields = G_N_ELEMENTS (attractor_fields);
      break;
    case PHYS_FORCE_DRAG:
      fields = drag_fields;
      n_fields = G_N_ELEMENTS (drag_fields);
      break;
    case PHYS_FORCE_SPRING:
    case PHYS_FORCE_BUNGEE:
    default:
      fields = spring_fields;
      n_fields = G_N_ELEMENTS (spring_fields);
      break;
    }

  g_autofree char *what = g_strdup_printf ("%s force", kinds[kind]);
  ForceSpec spec = { phys_force_def_default ((PhysForceKind) kind), NULL, NULL };
  spec.targets = g_array_new (FALSE, FALSE, sizeof (int));

  gboolean ok = read_object (ld, node, what, fields, n_fields, &spec)
                && check_force (ld, node, &spec, what);
  if (ok)
    {
      int bad_target;
      spec.def.targets = (const int *) (gpointer) spec.targets->data;
      spec.def.n_targets = (int) spec.targets->len;
      PhysStatus status = phys_world_add_force (ld->world, &spec.def, NULL, &bad_target);
      if (status != PHYS_OK)
        ok = fail_status (ld, node, what, status);
    }
  g_array_unref (spec.targets);
  return ok;
}

static gboolean
load_list (Loader *ld, JsonObject *scene, const char *key, const char *what, guint limit,
           gboolean (*load_one) (Loader *, JsonNode *))
{
  JsonNode *value = json_object_get_member (scene, key);

  if (value == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (&ld->reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array for \"%s\", got %s"), key,
                                 imp_json_reader_describe (value));

  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  /* Checked before any element, so an oversized file fails fast and in one place. */
  if (n > limit)
    return imp_json_reader_fail (&ld->reader, json_array_get_element (array, limit),
                                 IMP_FORMAT_ERROR_LIMIT, _("expected at most %u %s, got %u"), limit,
                                 key, n);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return imp_json_reader_fail (&ld->reader, element, IMP_FORMAT_ERROR_TYPE,
                                     _("expected a %s object in \"%s\", got %s"), what, key,
                                     imp_json_reader_describe (element));
      if (!load_one (ld, element))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_version (Loader *ld, JsonNode *root)
{
  JsonNode *version = json_object_get_member (json_node_get_object (root), "impulse");

  if (version == NULL)
    return imp_json_reader_fail (
        &ld->reader, root, IMP_FORMAT_ERROR_VERSION,
        _("missing required key \"impulse\" in scene (the format version, %d)"),
        IMP_SCENE_FORMAT_VERSION);

  return imp_json_reader_version (&ld->reader, version, "impulse", IMP_SCENE_FORMAT_VERSION,
                                  "format");
}

static gboolean
read_info_string (Loader *ld, JsonObject *scene, const char *key, char **out)
{
  JsonNode *value = json_object_get_member (scene, key);
  const char *s;

  if (value == NULL)
    return TRUE;
  if (!imp_json_reader_string (&ld->reader, value, key, -1, &s))
    return FALSE;
  if (out != NULL)
    *out = g_strdup (s);
  return TRUE;
}

static gboolean
load_scene (Loader *ld)
{
  JsonNode *root = ld->reader.root;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return imp_json_reader_fail (&ld->reader, root, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an object at the top level, got %s"),
                                 imp_json_reader_describe (root));
  /* The version comes first: a newer format may have keys this one does not know. */
  if (!check_version (ld, root)
      || !imp_json_reader_check_keys (&ld->reader, root, "scene", scene_fields,
                                      G_N_ELEMENTS (scene_fields), sizeof (ImpJsonField)))
    return FALSE;

  JsonObject *scene = json_node_get_object (root);
  if (!read_info_string (ld, scene, "title", ld->info != NULL ? &ld->info->title : NULL)
      || !read_info_string (ld, scene, "description",
                            ld->info != NULL ? &ld->info->description : NULL))
    return FALSE;

  PhysWorldDef def = phys_world_def_default ();
  JsonNode *world = json_object_get_member (scene, "world");
  if (world != NULL
      && (!imp_json_reader_expect_object (&ld->reader, world, "world")
          || !read_object (ld, world, "world", world_fields, G_N_ELEMENTS (world_fields), &def)))
    return FALSE;
  ld->world = phys_world_new (&def);
  if (ld->world == NULL)
    return imp_json_reader_fail (
        &ld->reader, world != NULL ? world : root, status_error (phys_world_def_check (&def)),
        _("expected world settings the physics core accepts, got status \"%s\""),
        phys_status_name (phys_world_def_check (&def)));

  /* Bodies before forces, which refer to them by id. */
  return load_list (ld, scene, "circles", "circle", PHYS_MAX_CIRCLES, load_circle)
         && load_list (ld, scene, "segments", "segment", PHYS_MAX_SEGMENTS, load_segment)
         && load_list (ld, scene, "probes", "probe", PHYS_MAX_PROBES, load_probe)
         && load_list (ld, scene, "polygons", "polygon", PHYS_MAX_POLYGONS, load_polygon)
         && load_list (ld, scene, "curves", "curve", PHYS_MAX_CURVES, load_curve)
         && load_list (ld, scene, "forces", "force", PHYS_MAX_FORCES, load_force);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Public API */

/**
 * imp_scene_info_free:
 * @info: (transfer full) (nullable): scene information
 *
 * Frees @info and its strings.
 */
void
imp_scene_info_free (ImpSceneInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->title);
  g_free (info->description);
  g_free (info);
}

/**
 * imp_scene_load_data_full:
 * @data: (array length=length): the scene's JSON text
 * @length: length of @data in bytes, or -1 when it is NUL-terminated
 * @display_name: (nullable): the name used as FILE in error messages; "<data>" when %NULL
 * @info_out: (out) (optional) (transfer full): the scene's title and description
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Builds the world a scene describes. On failure the error message is
 * "FILE:LINE:COLUMN: error: WHAT WAS EXPECTED" for the first mistake found.
 *
 * Returns: (transfer full) (nullable): a new world, free with phys_world_free();
 *   %NULL with @error set on failure
 */
PhysWorld *
imp_scene_load_data_full (const char *data, gssize length, const char *display_name,
                          ImpSceneInfo **info_out, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  const char *file = display_name != NULL ? display_name : "<data>";
  gsize size = length >= 0 ? (gsize) length : strlen (data);
  Loader ld = { 0 };

  ld.ids = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  ld.circle_ids = g_ptr_array_new ();
  ld.end_ids = g_ptr_array_new ();
  ld.info = info_out != NULL ? g_new0 (ImpSceneInfo, 1) : NULL;

  gboolean ok = imp_json_reader_init (&ld.reader, data, size, file) && load_scene (&ld);

  if (!ok)
    g_propagate_error (error, g_steal_pointer (&ld.reader.error));
  imp_json_reader_clear (&ld.reader);
  g_hash_table_unref (ld.ids);
  g_ptr_array_unref (ld.circle_ids);
  g_ptr_array_unref (ld.end_ids);
  if (!ok)
    {
      phys_world_free (ld.world);
      imp_scene_info_free (ld.info);
      return NULL;
    }
  if (info_out != NULL)
    *info_out = ld.info;
  return ld.world;
}

/**
 * imp_scene_load_data:
 * @data: (array length=length): the scene's JSON text
 * @length: length of @data in bytes, or -1 when it is NUL-terminated
 * @display_name: (nullable): the name used as FILE in error messages
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Like imp_scene_load_data_full() without the scene information.
 *
 * Returns: (transfer full) (nullable): a new world, or %NULL with @error set
 */
PhysWorld *
imp_scene_load_data (const char *data, gssize length, const char *display_name, GError **error)
{
  return imp_scene_load_data_full (data, length, display_name, NULL, error);
}

static void
ensure_resources (void)
{
  /* Referencing the generated resource keeps its object file, and with it the
   * constructor that registers it, in programs linking this static library. */
  (void) impulse_lessons_get_resource ();
}

/**
 * imp_scene_load_file_full:
 * @path: a file path, or a URI such as "resource:///org/impulselab/Impulse/scenes/x.json"
 * @info_out: (out) (optional) (transfer full): the scene's title and description
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Reads and loads a scene file; @path is FILE in error messages. When the file
 * cannot be read the error is %IMP_FORMAT_ERROR_IO with the message
 * "FILE: error: cannot read the scene: REASON".
 *
 * Returns: (transfer full) (nullable): a new world, free with phys_world_free();
 *   %NULL with @error set on failure
 */
PhysWorld *
imp_scene_load_file_full (const char *path, ImpSceneInfo **info_out, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_autofree char *scheme = g_uri_parse_scheme (path);
  /* "resource:///x" is a URI; "C:\x" and "notes:v2.json" are file names. */
  gboolean is_uri
      = scheme != NULL && strlen (scheme) > 1 && g_str_has_prefix (path + strlen (scheme), "://");
  g_autoptr (GFile) file = is_uri ? g_file_new_for_uri (path) : g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr (GError) io_error = NULL;

  ensure_resources ();
  if (!imp_file_load (file, &contents, &length, &io_error))
    {
      g_autofree char *what = g_strdup_printf (_("cannot read the scene: %s"), io_error->message);
      g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO, "%s: error: %s", path, what);
      return NULL;
    }
  return imp_scene_load_data_full (contents, (gssize) length, path, info_out, error);
}

/**
 * imp_scene_load_file:
 * @path: a file path, or a "resource://" URI
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Like imp_scene_load_file_full() without the scene information.
 *
 * Returns: (transfer full) (nullable): a new world, or %NULL with @error set
 */
PhysWorld *
imp_scene_load_file (const char *path, GError **error)
{
  return imp_scene_load_file_full (path, NULL, error);
}

/**
 * imp_scene_list_shipped:
 *
 * The scenes compiled into the application, as "resource://" URIs that
 * imp_scene_load_file() accepts, sorted by name.
 *
 * Returns: (transfer full) (array zero-terminated=1): the URIs; free with g_strfreev()
 */
char **
imp_scene_list_shipped (void)
{
  g_autoptr (GPtrArray) uris = g_ptr_array_new ();

  ensure_resources ();
  g_auto (GStrv) names = g_resources_enumerate_children (IMP_SCENE_RESOURCE_PATH,
                                                         G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_str_has_suffix (names[i], ".json"))
      g_ptr_array_add (uris, g_strconcat ("resource://", IMP_SCENE_RESOURCE_PATH, names[i], NULL));
  g_ptr_array_sort (uris, compare_strings);
  g_ptr_array_add (uris, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&uris), FALSE);
}

/**
 * imp_scene_describe_halt:
 * @world: the world, for the body's name
 * @halt: why it stopped (phys_world_halt(), phys_timeline_halt()), not %PHYS_HALT_NONE
 *
 * Says which body stopped the world at which frame and why, in one line, with
 * what to try: "frame 248: circle "a" diverged: ...".
 *
 * Returns: (transfer full): the message
 */
char *
imp_scene_describe_halt (const PhysWorld *world, PhysHalt halt)
{
  const char *name = phys_world_body_name (world, halt.body);
  const char *what = halt.velocity ? _("velocity times dt") : _("position");
  /* Translators: completes "its position for this frame ..." below. */
  g_autofree char *value
      = halt.finite ? g_strdup_printf (_("is %.3g, beyond %.0e"), halt.magnitude,
                                       PHYS_DIVERGED_MAGNITUDE)
                    : g_strdup (_("is not a finite number"));

  if (halt.body.kind == PHYS_BODY_POLYGON)
    return g_strdup_printf (_("frame %lld: polygon \"%s\" diverged: its %s for this frame %s "
                              "(forces too stiff for this dt and integrator, or a teaching mode "
                              "that adds energy; try a smaller dt, more substeps or another "
                              "integrator), so the simulation stops at state %lld"),
                            (long long) halt.frame, name, what, value, (long long) halt.frame);
  return g_strdup_printf (_("frame %lld: circle \"%s\" diverged: its %s for this frame %s "
                            "(forces too stiff for this dt and integrator, or a teaching mode "
                            "that adds energy; try a smaller dt, more substeps or another "
                            "integrator), so the simulation stops at state %lld"),
                          (long long) halt.frame, name, what, value, (long long) halt.frame);
}
