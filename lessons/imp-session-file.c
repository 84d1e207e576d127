/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session-file.c: session files. docs/session-format.md is their specification.
 *
 * Loading follows the scene loader (imp-scene.c), through the same reader
 * (imp-json-reader.c): imp_json_positions_scan() checks strict JSON and records
 * positions, json-glib builds the tree, and each object is read through a table
 * of its keys, so every mistake is reported at its own line and column. The
 * same tables write edits back, which keeps the two directions in step. Edits
 * are checked again by the physics core when a replay reaches them; a refusal
 * then points at the edit in the file.
 */
#include "imp-session-file.h"

#include <glib/gi18n.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "imp-file.h"
#include "imp-i18n.h"
#include "imp-json-reader.h"
#include "imp-json-shapes.h"
#include "imp-scene-ref.h"
#include "imp-scene.h"
#include "imp-suggest.h"
#include "imp-teaching-modes.h"
#include "impulse-lessons-resources.h"

/* The key that tells a session from a scene, whose version key is "impulse". */
#define VERSION_KEY "impulse-session"

/* A top-level key this close to VERSION_KEY is taken for a misspelling of it. */
#define VERSION_KEY_TYPOS 3

typedef struct
{
  ImpJsonReader reader; /* first, so that field readers find the loader (loader_of) */
  const char *data;
  gsize length;
  const char *base_dir;
  /* The value being read, as an imp_json_positions_find() path ("edits[3]"). */
  char *path;
  /* Byte offsets: where the top-level value starts, and each element of the list
   * being read. Positions are kept for every edit, so they are counted as the
   * loader moves forward through the file rather than from its start each time. */
  gsize root_start;
  const char *root_text;
  GArray *elements;
  gsize cursor_offset;
  ImpJsonLocation cursor;
  /* json-glib reads "-0" as the integer 0; only a file that has one pays for the check. */
  gboolean has_minus_zero;
  ImpSessionFile *session;
} Loader;

/* Writes the member at value (a pointer into the struct) under key. */
typedef void (*FieldWriter) (ImpJson *json, const char *key, gconstpointer value);

/* A row of a table: how to read the key, and how to write it back. */
typedef struct
{
  ImpJsonField base; /* first: the tables are read by imp_json_reader_object() */
  FieldWriter write; /* NULL: written by hand ("frame", "edit") */
  gsize size;        /* of the member base.read fills, to tell a default value from a set one */
  guint32 bit;       /* the PhysEditField a set edit's key switches on, or 0 */
} Field;

/* A row for a PhysEdit member of an ImpSessionFileEdit. */
#define EDIT_FIELD(key, required, read, write, member, bit)                                        \
  {                                                                                                \
    { key, required, read, offsetof (ImpSessionFileEdit, edit) + offsetof (PhysEdit, member) },    \
        write, sizeof (((PhysEdit *) NULL)->member), bit                                           \
  }

static Loader *
loader_of (ImpJsonReader *reader)
{
  return (Loader *) reader;
}

/* Values */

/* True when the integer zero at key[index] of the value being read was written "-0".
 * A session must replay to the same bits, and -0 is not 0 to a hash. */
static gboolean
written_as_minus_zero (ImpJsonReader *reader, const char *key, int index)
{
  Loader *ld = loader_of (reader);

  if (!ld->has_minus_zero || ld->path == NULL)
    return FALSE;

  g_autofree char *path = index < 0 ? g_strdup_printf ("%s.%s", ld->path, key)
                                    : g_strdup_printf ("%s.%s[%d]", ld->path, key, index);
  int id = imp_json_positions_find (reader->positions, path);
  gsize length;
  return id >= 0 && imp_json_positions_text (reader->positions, id, &length)[0] == '-';
}

/* Field readers; the common ones are imp_json_field_*(). */

static gboolean
read_frame (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return imp_json_reader_integer (reader, value, field->key, 0, IMP_SESSION_FILE_MAX_FRAME,
                                  IMP_JSON_FIELD_PTR (def, field, gint64));
}

/* An id as scenes spell them. Whether it names a body is only known when a replay
 * reaches the edit; an added body must not take a wall's reserved id, though. */
static gboolean
read_id (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  const ImpSessionFileEdit *edit = def;
  gboolean adds = imp_edit_kind_verb (edit->edit.kind) == IMP_EDIT_ADD;
  const char *id;

  if (!imp_json_reader_id (reader, value, field->key, !adds, &id))
    return FALSE;
  memcpy (IMP_JSON_FIELD_PTR (def, field, char), id, strlen (id) + 1);
  return TRUE;
}

static gboolean
read_note (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  const char *note;

  if (!imp_json_reader_string (reader, value, field->key, -1, &note))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, char *) = g_strdup (note);
  return TRUE;
}

/* A bookmark's selection: 0 to 2 ids (whether they name bodies depends on the
 * edits before the bookmark, which only a replay knows). */
static gboolean
read_select (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  ImpBookmarkView *view = IMP_JSON_FIELD_PTR (def, field, ImpBookmarkView);

  if (!JSON_NODE_HOLDS_ARRAY (value) || json_array_get_length (json_node_get_array (value)) > 2)
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of 0 to 2 body ids for \"%s\", got %s"),
                                 field->key, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *id;
      if (!imp_json_reader_id (reader, json_array_get_element (array, i), field->key, TRUE, &id))
        return FALSE;
      view->select[view->n_select++] = g_strdup (id);
    }
  return TRUE;
}

/* Which parts of a view its object had: the readers fill values, not whether they were there. */
static void
view_parts (JsonNode *node, ImpBookmarkView *view)
{
  JsonObject *object = json_node_get_object (node);

  view->has_event = json_object_has_member (object, "event");
  view->has_select = json_object_has_member (object, "select");
  view->has_overlays = json_object_has_member (object, "overlays");
}

/* Field writers */

static void
write_double (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_double (json, key, *(const double *) value);
}

static void
write_vec2 (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_vec2 (json, key, *(const PhysVec2 *) value);
}

static void
write_bool (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_bool (json, key, *(const bool *) value);
}

static void
write_int (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_int (json, key, *(const int *) value);
}

static void
write_name (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_string (json, key, value);
}

static void
write_vertices (ImpJson *json, const char *key, gconstpointer value)
{
  const PhysPolygon *shape = value;

  imp_json_begin_array (json, key);
  for (int i = 0; i < shape->count; i++)
    imp_json_vec2 (json, NULL, shape->vertices[i]);
  imp_json_end_array (json);
}

static void
write_control_points (ImpJson *json, const char *key, gconstpointer value)
{
  const PhysBezier *curve = value;

  imp_json_begin_array (json, key);
  for (int i = 0; i < 4; i++)
    imp_json_vec2 (json, NULL, curve->p[i]);
  imp_json_end_array (json);
}

static void
write_integrator (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_string (json, key, phys_integrator_name (*(const PhysIntegrator *) value));
}

static void
write_detection (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_string (json, key, phys_detection_name (*(const PhysDetection *) value));
}

static void
write_response (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_string (json, key, phys_response_name (*(const PhysResponse *) value));
}

/* Objects */

static gboolean
read_object (ImpJsonReader *reader, JsonNode *node, const char *what, const Field *fields,
             gsize n_fields, gpointer def)
{
  return imp_json_reader_object (reader, node, what, &fields->base, n_fields, sizeof *fields, def);
}

/* The tables. Every edit starts with "frame" and "edit", which are written by hand. */

/* A row for a member of PhysModes. */
#define MODES_FIELD(key, read, write, member)                                                      \
  {                                                                                                \
    { key, FALSE, read, offsetof (PhysModes, member) }, write, 0, 0                                \
  }

#define TEACHING_MODE_FIELD(bit, member, ...)                                                      \
  MODES_FIELD (#member, imp_json_field_bool, write_bool, member),

static const Field modes_fields[] = {
  MODES_FIELD ("detection", imp_json_field_detection, write_detection, detection),
  IMP_TEACHING_MODES (TEACHING_MODE_FIELD)
};

/* "modes" replaces every teaching mode, like a scene's world.modes: what it leaves out is off. */
static gboolean
read_modes (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  PhysModes *modes = IMP_JSON_FIELD_PTR (def, field, PhysModes);

  if (!imp_json_reader_expect_object (reader, value, field->key))
    return FALSE;
  memset (modes, 0, sizeof *modes);
  modes->detection = PHYS_DETECTION_SWEPT;
  return read_object (reader, value, "modes", modes_fields, G_N_ELEMENTS (modes_fields), modes);
}

static void
write_modes (ImpJson *json, const char *key, gconstpointer value)
{
  imp_json_begin_object (json, key);
  for (gsize i = 0; i < G_N_ELEMENTS (modes_fields); i++)
    modes_fields[i].write (json, modes_fields[i].base.key,
                           G_STRUCT_MEMBER_P ((gpointer) value, modes_fields[i].base.offset));
  imp_json_end_object (json);
}

/* clang-format off */
#define EDIT_HEAD \
  { { "frame", TRUE, read_frame, offsetof (ImpSessionFileEdit, frame) }, NULL, \
    sizeof (gint64), 0 }, \
  { { "edit", TRUE, imp_json_field_skip, 0 }, NULL, 0, 0 }
/* clang-format on */

static const Field set_circle_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("pos", FALSE, imp_json_field_vec2, write_vec2, position, PHYS_EDIT_POSITION),
  EDIT_FIELD ("vel", FALSE, imp_json_field_vec2, write_vec2, velocity, PHYS_EDIT_VELOCITY),
  EDIT_FIELD ("radius", FALSE, imp_json_field_size, write_double, radius, PHYS_EDIT_RADIUS),
  EDIT_FIELD ("mass", FALSE, imp_json_field_size, write_double, mass, PHYS_EDIT_MASS),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution,
              PHYS_EDIT_RESTITUTION),
  EDIT_FIELD ("fixed", FALSE, imp_json_field_bool, write_bool, fixed, PHYS_EDIT_FIXED),
  EDIT_FIELD ("collides", FALSE, imp_json_field_bool, write_bool, collides, PHYS_EDIT_COLLIDES),
  EDIT_FIELD ("integrator", FALSE, imp_json_field_body_integrator, write_integrator, integrator,
              PHYS_EDIT_INTEGRATOR),
  EDIT_FIELD ("angle_rad", FALSE, imp_json_field_finite, write_double, angle, PHYS_EDIT_ANGLE),
  EDIT_FIELD ("omega_rad", FALSE, imp_json_field_finite, write_double, angular_velocity,
              PHYS_EDIT_ANGULAR_VELOCITY),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction,
              PHYS_EDIT_FRICTION),
};

static const Field add_circle_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("pos", TRUE, imp_json_field_vec2, write_vec2, position, 0),
  EDIT_FIELD ("vel", FALSE, imp_json_field_vec2, write_vec2, velocity, 0),
  EDIT_FIELD ("radius", TRUE, imp_json_field_size, write_double, radius, 0),
  EDIT_FIELD ("mass", FALSE, imp_json_field_size, write_double, mass, 0),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution, 0),
  EDIT_FIELD ("fixed", FALSE, imp_json_field_bool, write_bool, fixed, 0),
  EDIT_FIELD ("collides", FALSE, imp_json_field_bool, write_bool, collides, 0),
  EDIT_FIELD ("integrator", FALSE, imp_json_field_body_integrator, write_integrator, integrator, 0),
  EDIT_FIELD ("angle_rad", FALSE, imp_json_field_finite, write_double, angle, 0),
  EDIT_FIELD ("omega_rad", FALSE, imp_json_field_finite, write_double, angular_velocity, 0),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction, 0),
};

static const Field remove_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
};

/* "a" and "b" share one bit: the core moves both ends or neither. */
static const Field set_segment_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("a", FALSE, imp_json_field_vec2, write_vec2, a, PHYS_EDIT_ENDS),
  EDIT_FIELD ("b", FALSE, imp_json_field_vec2, write_vec2, b, PHYS_EDIT_ENDS),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution,
              PHYS_EDIT_RESTITUTION),
  EDIT_FIELD ("response", FALSE, imp_json_field_response, write_response, response,
              PHYS_EDIT_RESPONSE),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction,
              PHYS_EDIT_FRICTION),
};

static const Field add_segment_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("a", TRUE, imp_json_field_vec2, write_vec2, a, 0),
  EDIT_FIELD ("b", TRUE, imp_json_field_vec2, write_vec2, b, 0),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution, 0),
  EDIT_FIELD ("response", FALSE, imp_json_field_response, write_response, response, 0),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction, 0),
};

static const Field set_world_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("gravity", FALSE, imp_json_field_vec2, write_vec2, gravity, PHYS_EDIT_GRAVITY),
  EDIT_FIELD ("integrator", FALSE, imp_json_field_world_integrator, write_integrator, integrator,
              PHYS_EDIT_INTEGRATOR),
  EDIT_FIELD ("substeps", FALSE, imp_json_field_substeps, write_int, substeps, PHYS_EDIT_SUBSTEPS),
  EDIT_FIELD ("rest_speed", FALSE, imp_json_field_finite, write_double, rest_speed,
              PHYS_EDIT_REST_SPEED),
  EDIT_FIELD ("sleep", FALSE, imp_json_field_bool, write_bool, sleep, PHYS_EDIT_SLEEP),
  EDIT_FIELD ("modes", FALSE, read_modes, write_modes, modes, PHYS_EDIT_MODES),
};

static const Field set_probe_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("pos", FALSE, imp_json_field_vec2, write_vec2, position, PHYS_EDIT_POSITION),
  EDIT_FIELD ("vel", FALSE, imp_json_field_vec2, write_vec2, velocity, PHYS_EDIT_VELOCITY),
};

/* A set-polygon edit's "pos" moves the centre of mass (the state's position); an add-polygon
 * edit's places the origin of its vertices, as a scene's does. */
static const Field set_polygon_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("pos", FALSE, imp_json_field_vec2, write_vec2, position, PHYS_EDIT_POSITION),
  EDIT_FIELD ("angle_rad", FALSE, imp_json_field_finite, write_double, angle, PHYS_EDIT_ANGLE),
  EDIT_FIELD ("vel", FALSE, imp_json_field_vec2, write_vec2, velocity, PHYS_EDIT_VELOCITY),
  EDIT_FIELD ("omega_rad", FALSE, imp_json_field_finite, write_double, angular_velocity,
              PHYS_EDIT_ANGULAR_VELOCITY),
  EDIT_FIELD ("density", FALSE, imp_json_field_size, write_double, density, PHYS_EDIT_DENSITY),
  EDIT_FIELD ("mass", FALSE, imp_json_field_size, write_double, mass, PHYS_EDIT_MASS),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution,
              PHYS_EDIT_RESTITUTION),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction,
              PHYS_EDIT_FRICTION),
  EDIT_FIELD ("fixed", FALSE, imp_json_field_bool, write_bool, fixed, PHYS_EDIT_FIXED),
  EDIT_FIELD ("integrator", FALSE, imp_json_field_body_integrator, write_integrator, integrator,
              PHYS_EDIT_INTEGRATOR),
};

/* The shape is written as its vertices whichever key gave it: "box" and "regular" are read
 * only, and read back as the same vertices. */
static const Field add_polygon_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("pos", TRUE, imp_json_field_vec2, write_vec2, position, 0),
  EDIT_FIELD ("vertices", FALSE, imp_json_field_vertices, write_vertices, shape, 0),
  EDIT_FIELD ("box", FALSE, imp_json_field_box, NULL, shape, 0),
  EDIT_FIELD ("regular", FALSE, imp_json_field_regular, NULL, shape, 0),
  EDIT_FIELD ("angle_rad", FALSE, imp_json_field_finite, write_double, angle, 0),
  EDIT_FIELD ("vel", FALSE, imp_json_field_vec2, write_vec2, velocity, 0),
  EDIT_FIELD ("omega_rad", FALSE, imp_json_field_finite, write_double, angular_velocity, 0),
  EDIT_FIELD ("density", FALSE, imp_json_field_size, write_double, density, 0),
  EDIT_FIELD ("mass", FALSE, imp_json_field_size, write_double, mass, 0),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution, 0),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction, 0),
  EDIT_FIELD ("fixed", FALSE, imp_json_field_bool, write_bool, fixed, 0),
  EDIT_FIELD ("integrator", FALSE, imp_json_field_body_integrator, write_integrator, integrator, 0),
};

static const Field set_curve_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("points", FALSE, imp_json_field_control_points, write_control_points, curve,
              PHYS_EDIT_CONTROL_POINTS),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution,
              PHYS_EDIT_RESTITUTION),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction,
              PHYS_EDIT_FRICTION),
};

static const Field add_curve_fields[] = {
  EDIT_HEAD,
  EDIT_FIELD ("id", TRUE, read_id, write_name, name, 0),
  EDIT_FIELD ("points", TRUE, imp_json_field_control_points, write_control_points, curve, 0),
  EDIT_FIELD ("restitution", FALSE, imp_json_field_unit, write_double, restitution, 0),
  EDIT_FIELD ("friction", FALSE, imp_json_field_friction, write_double, friction, 0),
};

/* A bookmark's view: read into the ImpBookmarkView at `base` (a bookmark's view, or one alone). */
/* clang-format off */
#define VIEW_FIELD(key, read, base, member)                                                        \
  { { key, FALSE, read, (base) + (member) }, NULL, 0, 0 }
#define VIEW_FIELDS(base)                                                                          \
  VIEW_FIELD ("event", imp_json_field_event_index, base, offsetof (ImpBookmarkView, event)),      \
  VIEW_FIELD ("select", read_select, base, 0),                                                     \
  VIEW_FIELD ("overlays", imp_json_field_overlays, base, offsetof (ImpBookmarkView, overlays))
/* clang-format on */

/* clang-format off */
static const Field bookmark_fields[] = {
  { { "frame", TRUE, read_frame, offsetof (ImpSessionFileBookmark, frame) }, NULL,
    sizeof (gint64), 0 },
  { { "note", FALSE, read_note, offsetof (ImpSessionFileBookmark, note) }, NULL,
    sizeof (char *), 0 },
  VIEW_FIELDS (offsetof (ImpSessionFileBookmark, view)),
};
/* clang-format on */

static const Field view_fields[] = { VIEW_FIELDS (0) };

/* Only the keys: load_session() reads these one by one, as their order matters. */
static const Field session_fields[] = {
  { { VERSION_KEY, TRUE, imp_json_field_skip, 0 }, NULL, 0, 0 },
  { { "scene", TRUE, imp_json_field_skip, 0 }, NULL, 0, 0 },
  { { "edits", FALSE, imp_json_field_skip, 0 }, NULL, 0, 0 },
  { { "bookmarks", FALSE, imp_json_field_skip, 0 }, NULL, 0, 0 },
};

typedef struct
{
  const Field *fields;
  gsize n_fields;
  ImpEditVerb verb;  /* set edits: the keys present switch on PhysEdit.fields bits */
  PhysBodyKind body; /* what its id names (set-world: none, CIRCLE unused) */
} EditKindInfo;

#define EDIT_KIND(kind, fields, verb, body)                                                        \
  [kind] = { fields, G_N_ELEMENTS (fields), IMP_EDIT_##verb, PHYS_BODY_##body }

/* Indexed by PhysEditKind. */
static const EditKindInfo edit_kinds[] = {
  EDIT_KIND (PHYS_EDIT_SET_CIRCLE, set_circle_fields, SET, CIRCLE),
  EDIT_KIND (PHYS_EDIT_ADD_CIRCLE, add_circle_fields, ADD, CIRCLE),
  EDIT_KIND (PHYS_EDIT_REMOVE_CIRCLE, remove_fields, REMOVE, CIRCLE),
  EDIT_KIND (PHYS_EDIT_SET_SEGMENT, set_segment_fields, SET, SEGMENT),
  EDIT_KIND (PHYS_EDIT_ADD_SEGMENT, add_segment_fields, ADD, SEGMENT),
  EDIT_KIND (PHYS_EDIT_REMOVE_SEGMENT, remove_fields, REMOVE, SEGMENT),
  EDIT_KIND (PHYS_EDIT_SET_WORLD, set_world_fields, SET, CIRCLE),
  EDIT_KIND (PHYS_EDIT_SET_PROBE, set_probe_fields, SET, PROBE),
  EDIT_KIND (PHYS_EDIT_SET_POLYGON, set_polygon_fields, SET, POLYGON),
  EDIT_KIND (PHYS_EDIT_ADD_POLYGON, add_polygon_fields, ADD, POLYGON),
  EDIT_KIND (PHYS_EDIT_REMOVE_POLYGON, remove_fields, REMOVE, POLYGON),
  EDIT_KIND (PHYS_EDIT_SET_CURVE, set_curve_fields, SET, CURVE),
  EDIT_KIND (PHYS_EDIT_ADD_CURVE, add_curve_fields, ADD, CURVE),
  EDIT_KIND (PHYS_EDIT_REMOVE_CURVE, remove_fields, REMOVE, CURVE),
};

G_STATIC_ASSERT (G_N_ELEMENTS (edit_kinds) == PHYS_N_EDIT_KINDS);

/**
 * imp_edit_kind_verb:
 * @kind: an edit kind
 *
 * Returns: whether edits of @kind change, add or remove a body (set-world changes the world)
 */
ImpEditVerb
imp_edit_kind_verb (PhysEditKind kind)
{
  g_return_val_if_fail ((gsize) kind < G_N_ELEMENTS (edit_kinds), IMP_EDIT_SET);
  return edit_kinds[kind].verb;
}

/**
 * imp_edit_kind_body:
 * @kind: an edit kind other than %PHYS_EDIT_SET_WORLD
 *
 * Returns: the kind of body edits of @kind name
 */
PhysBodyKind
imp_edit_kind_body (PhysEditKind kind)
{
  g_return_val_if_fail ((gsize) kind < G_N_ELEMENTS (edit_kinds), PHYS_BODY_CIRCLE);
  return edit_kinds[kind].body;
}

/* Positions by byte offset */

/* Where each element of the array starting at offset `at` starts. */
static GArray *
element_offsets (const char *data, gsize length, gsize at)
{
  GArray *offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize i = imp_json_skip_space (data, length, at + 1);

  while (i < length && data[i] != ']')
    {
      g_array_append_val (offsets, i);
      i = imp_json_skip_space (data, length, imp_json_skip_value (data, length, i));
      if (i < length && data[i] == ',')
        i = imp_json_skip_space (data, length, i + 1);
    }
  return offsets;
}

/* Where the value of member key of the object starting at `at` starts; G_MAXSIZE
 * when the key is not written as plain text. */
static gsize
member_offset (const char *data, gsize length, gsize at, const char *key)
{
  gsize key_length = strlen (key);
  gsize i = imp_json_skip_space (data, length, at + 1);

  while (i < length && data[i] == '"')
    {
      gsize end = imp_json_skip_string (data, length, i);
      gboolean match = end - i - 2 == key_length && memcmp (data + i + 1, key, key_length) == 0;
      i = imp_json_skip_space (data, length, imp_json_skip_space (data, length, end) + 1);
      if (match)
        return i;
      i = imp_json_skip_space (data, length, imp_json_skip_value (data, length, i));
      if (i < length && data[i] == ',')
        i = imp_json_skip_space (data, length, i + 1);
    }
  return G_MAXSIZE;
}

/* Byte offset in the session of a value the scanner recorded. */
static gsize
value_offset (Loader *ld, int id)
{
  gsize length;
  return ld->root_start
         + (gsize) (imp_json_positions_text (ld->reader.positions, id, &length) - ld->root_text);
}

/* Line and column of a byte offset, counted as imp-json-positions counts them. */
static ImpJsonLocation
location_at_offset (Loader *ld, gsize offset)
{
  if (offset < ld->cursor_offset)
    {
      ld->cursor_offset = 0;
      ld->cursor = (ImpJsonLocation){ 1, 1 };
    }
  /* A byte order mark takes no column. */
  if (ld->cursor_offset == 0 && ld->length >= 3 && memcmp (ld->data, "\xEF\xBB\xBF", 3) == 0)
    ld->cursor_offset = 3;
  for (gsize i = ld->cursor_offset; i < offset && i < ld->length; i++)
    {
      guchar c = (guchar) ld->data[i];
      if (c == '\n')
        {
          ld->cursor.line++;
          ld->cursor.column = 1;
        }
      else if ((c & 0xC0) != 0x80) /* continuation bytes belong to the character before */
        ld->cursor.column++;
    }
  ld->cursor_offset = MAX (offset, ld->cursor_offset);
  return ld->cursor;
}

/* Edits */

/* Relations read_object() cannot see: a set edit changes something, both ends of a
 * segment move together and differ. */
static gboolean
check_edit (ImpJsonReader *reader, JsonNode *node, ImpSessionFileEdit *edit, const char *what)
{
  const EditKindInfo *info = &edit_kinds[edit->edit.kind];
  JsonObject *object = json_node_get_object (node);

  if (info->verb == IMP_EDIT_SET)
    {
      for (gsize i = 0; i < info->n_fields; i++)
        if (json_object_has_member (object, info->fields[i].base.key))
          edit->edit.fields |= info->fields[i].bit;
      if (edit->edit.fields == 0)
        {
          g_autoptr (GPtrArray) keys = g_ptr_array_new ();
          for (gsize i = 0; i < info->n_fields; i++)
            if (info->fields[i].bit != 0)
              g_ptr_array_add (keys, (gpointer) info->fields[i].base.key);
          g_autofree char *list
              = imp_json_reader_quoted_list ((const char *const *) keys->pdata, keys->len);
          return imp_json_reader_fail (reader, node, IMP_FORMAT_ERROR_MISSING,
                                       _("missing a key to change in %s; expected one of %s"),
                                       imp_i18n_object_name (what), list);
        }
    }

  if (edit->edit.kind == PHYS_EDIT_ADD_POLYGON && !imp_json_reader_one_shape (reader, node, what))
    return FALSE;
  if ((edit->edit.kind == PHYS_EDIT_ADD_POLYGON || edit->edit.kind == PHYS_EDIT_SET_POLYGON)
      && !imp_json_reader_not_both (reader, node, "density", "mass", what))
    return FALSE;
  if (edit->edit.kind == PHYS_EDIT_SET_SEGMENT || edit->edit.kind == PHYS_EDIT_ADD_SEGMENT)
    {
      JsonNode *a = json_object_get_member (object, "a");
      JsonNode *b = json_object_get_member (object, "b");
      if ((a == NULL) != (b == NULL))
        return imp_json_reader_fail (
            reader, node, IMP_FORMAT_ERROR_MISSING,
            _("missing required key \"%s\" in %s (both ends change together)"),
            a == NULL ? "a" : "b", imp_i18n_object_name (what));
      if (b != NULL && edit->edit.a.x == edit->edit.b.x && edit->edit.a.y == edit->edit.b.y)
        return imp_json_reader_fail (reader, b, IMP_FORMAT_ERROR_RANGE,
                                     _("expected \"b\" to differ from \"a\", got the same point"));
    }
  return TRUE;
}

/**
 * imp_session_file_read_edit:
 * @reader: the reader of the document that holds the edit
 * @node: the edit's object
 * @kind_code: the document's error code for an "edit" that names no kind
 * @edit: (out caller-allocates): the edit and its frame (no locations)
 *
 * Reads one edit object of the session format (docs/session-format.md), in a
 * session file or any document that embeds one.
 *
 * Returns: %TRUE on success; %FALSE with @reader's error set
 */
gboolean
imp_session_file_read_edit (ImpJsonReader *reader, JsonNode *node, int kind_code,
                            ImpSessionFileEdit *edit)
{
  const char *kinds[G_N_ELEMENTS (edit_kinds)];
  int kind;

  if (!imp_json_reader_expect_object (reader, node, "edit"))
    return FALSE;
  JsonNode *kind_node = json_object_get_member (json_node_get_object (node), "edit");
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    kinds[i] = phys_edit_kind_name ((PhysEditKind) i);
  /* The kind decides which keys are valid, so it is read before the others. */
  if (kind_node == NULL)
    return imp_json_reader_fail (reader, node, IMP_FORMAT_ERROR_MISSING,
                                 _("missing required key \"edit\" in edit"));
  if (!imp_json_reader_choice (reader, kind_node, "edit", kinds, G_N_ELEMENTS (kinds), kind_code,
                               &kind))
    return FALSE;

  const EditKindInfo *info = &edit_kinds[kind];
  g_autofree char *what = g_strdup_printf ("%s edit", kinds[kind]);
  memset (edit, 0, sizeof *edit);
  edit->edit = phys_edit_init ((PhysEditKind) kind, NULL);
  return read_object (reader, node, what, info->fields, info->n_fields, edit)
         && check_edit (reader, node, edit, what);
}

static gboolean
load_edit (Loader *ld, JsonNode *node, guint index)
{
  ImpSessionFileEdit edit;

  g_free (ld->path);
  ld->path = g_strdup_printf ("edits[%u]", index);
  if (!imp_session_file_read_edit (&ld->reader, node, IMP_FORMAT_ERROR_EDIT_KIND, &edit))
    return FALSE;

  if (ld->session->edits->len > 0)
    {
      const ImpSessionFileEdit *before
          = &g_array_index (ld->session->edits, ImpSessionFileEdit, ld->session->edits->len - 1);
      if (edit.frame < before->frame)
        return imp_json_reader_fail (
            &ld->reader, json_object_get_member (json_node_get_object (node), "frame"),
            IMP_FORMAT_ERROR_ORDER,
            _("expected frames in ascending order, got frame %lld after frame %lld (the edit at "
              "%d:%d)"),
            (long long) edit.frame, (long long) before->frame, before->location.line,
            before->location.column);
    }

  gsize start = g_array_index (ld->elements, gsize, index);
  edit.location = location_at_offset (ld, start);
  if (edit.edit.kind != PHYS_EDIT_SET_WORLD)
    {
      gsize id = member_offset (ld->data, ld->length, start, "id");
      edit.id_location = id != G_MAXSIZE ? location_at_offset (ld, id) : edit.location;
    }
  g_array_append_val (ld->session->edits, edit);
  return TRUE;
}

static gboolean
load_bookmark (Loader *ld, JsonNode *node, guint index)
{
  ImpSessionFileBookmark bookmark = { 0 };

  g_free (ld->path);
  ld->path = g_strdup_printf ("bookmarks[%u]", index);
  if (!read_object (&ld->reader, node, "bookmark", bookmark_fields, G_N_ELEMENTS (bookmark_fields),
                    &bookmark))
    {
      g_free (bookmark.note);
      imp_bookmark_view_clear (&bookmark.view);
      return FALSE;
    }
  view_parts (node, &bookmark.view);
  bookmark.location = location_at_offset (ld, g_array_index (ld->elements, gsize, index));
  g_array_append_val (ld->session->bookmarks, bookmark);
  return TRUE;
}

static gboolean
load_list (Loader *ld, JsonObject *session, const char *key, const char *what,
           gboolean (*load_one) (Loader *, JsonNode *, guint))
{
  JsonNode *value = json_object_get_member (session, key);

  if (value == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (&ld->reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array for \"%s\", got %s"), key,
                                 imp_json_reader_describe (value));

  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  g_autoptr (GArray) elements = element_offsets (
      ld->data, ld->length, value_offset (ld, imp_json_positions_find (ld->reader.positions, key)));
  g_return_val_if_fail (elements->len == n, FALSE);

  ld->elements = elements;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return imp_json_reader_fail (&ld->reader, element, IMP_FORMAT_ERROR_TYPE,
                                     _("expected %s object in \"%s\", got %s"), what, key,
                                     imp_json_reader_describe (element));
      if (!load_one (ld, element, i))
        return FALSE;
    }
  ld->elements = NULL;
  return TRUE;
}

/* The scene */

static gboolean
load_scene (Loader *ld)
{
  ImpSceneRef ref;

  if (!imp_scene_ref_load (&ld->reader, ld->data, ld->length, ld->base_dir, "session", &ref))
    {
      imp_scene_ref_clear (&ref);
      return FALSE;
    }
  ld->session->world = g_steal_pointer (&ref.world);
  ld->session->scene_path = g_steal_pointer (&ref.path);
  ld->session->scene_text = g_steal_pointer (&ref.text);
  imp_scene_ref_clear (&ref);
  return TRUE;
}

/* The session */

static gboolean
check_version (Loader *ld, JsonNode *root)
{
  JsonObject *object = json_node_get_object (root);
  JsonNode *version = json_object_get_member (object, VERSION_KEY);

  if (version == NULL)
    {
      JsonObjectIter iter;
      const char *key;
      JsonNode *value;

      json_object_iter_init_ordered (&iter, object);
      while (json_object_iter_next_ordered (&iter, &key, &value))
        if (imp_suggest_distance (key, VERSION_KEY) <= VERSION_KEY_TYPOS)
          {
            g_autofree char *shown = imp_json_reader_clip (key, strlen (key));
            return imp_json_reader_fail_at_key (
                &ld->reader, value, IMP_FORMAT_ERROR_UNKNOWN_KEY,
                _("unknown key \"%s\" in session; did you mean \"%s\"?"), shown, VERSION_KEY);
          }
      if (json_object_has_member (object, "impulse"))
        return imp_json_reader_fail (
            &ld->reader, root, IMP_FORMAT_ERROR_VERSION,
            _("missing required key \"%s\" in session (the format version, %d); this "
              "file has \"impulse\", the version key of a scene"),
            VERSION_KEY, IMP_SESSION_FILE_VERSION);
      return imp_json_reader_fail (
          &ld->reader, root, IMP_FORMAT_ERROR_VERSION,
          _("missing required key \"%s\" in session (the format version, %d)"), VERSION_KEY,
          IMP_SESSION_FILE_VERSION);
    }

  return imp_json_reader_version (&ld->reader, version, VERSION_KEY, IMP_SESSION_FILE_VERSION,
                                  "session format");
}

static gboolean
load_session (Loader *ld)
{
  JsonNode *root = ld->reader.root;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return imp_json_reader_fail (&ld->reader, root, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an object at the top level, got %s"),
                                 imp_json_reader_describe (root));
  /* The version comes first: a newer format may have keys this one does not know. */
  if (!check_version (ld, root)
      || !imp_json_reader_check_keys (&ld->reader, root, "session", &session_fields->base,
                                      G_N_ELEMENTS (session_fields), sizeof (Field)))
    return FALSE;

  JsonObject *session = json_node_get_object (root);
  return load_scene (ld) && load_list (ld, session, "edits", _("an edit"), load_edit)
         && load_list (ld, session, "bookmarks", _("a bookmark"), load_bookmark);
}

/* True when text has the integer "-0". Strings may give false alarms, which only
 * cost a position lookup per zero. */
static gboolean
has_minus_zero (const char *data, gsize length)
{
  for (gsize i = 0; i + 1 < length; i++)
    if (data[i] == '-' && data[i + 1] == '0'
        && (i + 2 >= length || strchr ("0123456789.eE", data[i + 2]) == NULL))
      return TRUE;
  return FALSE;
}

/* Public API */

static void
clear_bookmark (gpointer data)
{
  ImpSessionFileBookmark *bookmark = data;
  g_clear_pointer (&bookmark->note, g_free);
  imp_bookmark_view_clear (&bookmark->view);
}

static ImpSessionFile *
session_alloc (void)
{
  ImpSessionFile *session = g_new0 (ImpSessionFile, 1);

  session->edits = g_array_new (FALSE, TRUE, sizeof (ImpSessionFileEdit));
  session->bookmarks = g_array_new (FALSE, TRUE, sizeof (ImpSessionFileBookmark));
  g_array_set_clear_func (session->bookmarks, clear_bookmark);
  return session;
}

/**
 * imp_session_file_new:
 * @world: (transfer full): the scene's initial state
 * @scene_path: (nullable): the scene's file name or URI, as the file should say it
 * @scene_text: (nullable): or the scene's JSON text (an object), kept inline
 *
 * A session with no edits or bookmarks. Exactly one of @scene_path and
 * @scene_text is given. A relative @scene_path is relative to the session's
 * @base_dir, the current directory until it is set.
 *
 * Returns: (transfer full): the session; free with imp_session_file_free()
 */
ImpSessionFile *
imp_session_file_new (PhysWorld *world, const char *scene_path, const char *scene_text)
{
  g_return_val_if_fail (world != NULL, NULL);
  g_return_val_if_fail ((scene_path == NULL) != (scene_text == NULL), NULL);

  ImpSessionFile *session = session_alloc ();
  session->world = world;
  session->scene_path = g_strdup (scene_path);
  session->scene_text = g_strdup (scene_text);
  return session;
}

/**
 * imp_session_file_free:
 * @session: (transfer full) (nullable): a session
 *
 * Frees @session, its world, edits and bookmarks.
 */
void
imp_session_file_free (ImpSessionFile *session)
{
  if (session == NULL)
    return;
  g_free (session->file);
  g_free (session->base_dir);
  g_free (session->scene_path);
  g_free (session->scene_text);
  phys_world_free (session->world);
  g_array_unref (session->edits);
  g_array_unref (session->bookmarks);
  g_free (session);
}

/**
 * imp_session_file_last_edit_frame:
 * @session: a session
 *
 * Returns: the frame of the last edit, or -1 when there is none
 */
gint64
imp_session_file_last_edit_frame (const ImpSessionFile *session)
{
  if (session->edits->len == 0)
    return -1;
  return g_array_index (session->edits, ImpSessionFileEdit, session->edits->len - 1).frame;
}

/**
 * imp_session_file_add_edit:
 * @session: a session
 * @frame: the state the edit changes, from the last edit's frame to
 *   %IMP_SESSION_FILE_MAX_FRAME
 * @edit: the edit, copied
 *
 * Appends an edit to the chain. To edit at an earlier frame than the last
 * edit's, call imp_session_file_branch() first.
 */
void
imp_session_file_add_edit (ImpSessionFile *session, gint64 frame, const PhysEdit *edit)
{
  g_return_if_fail (session != NULL && edit != NULL);
  g_return_if_fail (frame >= 0 && frame <= IMP_SESSION_FILE_MAX_FRAME);
  g_return_if_fail (frame >= imp_session_file_last_edit_frame (session));

  ImpSessionFileEdit entry = { 0 };
  entry.frame = frame;
  entry.edit = *edit;
  g_array_append_val (session->edits, entry);
}

/**
 * imp_session_file_branch:
 * @session: a session
 * @frame: the frame the learner edits at
 *
 * Drops the edits after @frame: a new edit at @frame starts a branch, and the
 * edits of the old one no longer apply. Edits at @frame itself stay, since state
 * @frame already has them; the new edit comes after them. Bookmarks stay.
 */
void
imp_session_file_branch (ImpSessionFile *session, gint64 frame)
{
  g_return_if_fail (session != NULL);

  guint keep = session->edits->len;
  while (keep > 0 && g_array_index (session->edits, ImpSessionFileEdit, keep - 1).frame > frame)
    keep--;
  g_array_set_size (session->edits, keep);
}

/**
 * imp_session_file_add_bookmark:
 * @session: a session
 * @frame: the frame marked, from 0 to %IMP_SESSION_FILE_MAX_FRAME
 * @note: (nullable): what to say about it, copied
 *
 * Appends a bookmark, with no view; the caller may fill its @view.
 *
 * Returns: (transfer none): the bookmark, valid until the next is added
 */
ImpSessionFileBookmark *
imp_session_file_add_bookmark (ImpSessionFile *session, gint64 frame, const char *note)
{
  g_return_val_if_fail (session != NULL, NULL);
  g_return_val_if_fail (frame >= 0 && frame <= IMP_SESSION_FILE_MAX_FRAME, NULL);

  ImpSessionFileBookmark bookmark = { 0 };
  bookmark.frame = frame;
  bookmark.note = g_strdup (note);
  g_array_append_val (session->bookmarks, bookmark);
  return &g_array_index (session->bookmarks, ImpSessionFileBookmark, session->bookmarks->len - 1);
}

/**
 * imp_session_file_sniff_data:
 * @data: (array length=length): a JSON document
 * @length: its length in bytes
 *
 * Tells a session from a scene without loading either: a session's top-level
 * object has the key "impulse-session" (or a near misspelling of it, so that the
 * session loader, not the scene loader, reports the typo). Does not validate.
 *
 * Returns: %TRUE when @data looks like a session
 */
gboolean
imp_session_file_sniff_data (const char *data, gsize length)
{
  return imp_json_sniff_key (data, length, VERSION_KEY, VERSION_KEY_TYPOS);
}

/**
 * imp_session_file_sniff:
 * @path: a file name or a URI such as "resource:///..."
 *
 * Reads @path and applies imp_session_file_sniff_data(), so that a program can
 * take a session wherever it takes a scene.
 *
 * Returns: %FALSE when @path cannot be read or is not a session
 */
gboolean
imp_session_file_sniff (const char *path)
{
  g_return_val_if_fail (path != NULL, FALSE);
  return imp_scene_ref_sniff_file (path, VERSION_KEY, VERSION_KEY_TYPOS);
}

/**
 * imp_session_file_load_data:
 * @data: (array length=length): the session's JSON text
 * @length: length of @data in bytes, or -1 when it is NUL-terminated
 * @display_name: (nullable): FILE in error messages; "<data>" when %NULL
 * @base_dir: (nullable): the directory or URI a relative "scene" file name is
 *   resolved against; the current directory when %NULL
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Reads a session and loads its scene. Edits are checked for form here and
 * against the world when a replay reaches them (imp_session_file_replay()).
 *
 * Returns: (transfer full) (nullable): the session, or %NULL with @error set
 */
ImpSessionFile *
imp_session_file_load_data (const char *data, gssize length, const char *display_name,
                            const char *base_dir, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  const char *file = display_name != NULL ? display_name : "<data>";
  gsize size = length >= 0 ? (gsize) length : strlen (data);
  Loader ld = { 0 };
  gsize root_length;

  if (!imp_json_reader_init (&ld.reader, data, size, file))
    {
      g_propagate_error (error, g_steal_pointer (&ld.reader.error));
      imp_json_reader_clear (&ld.reader);
      return NULL;
    }
  ld.reader.minus_zero = written_as_minus_zero;
  ld.data = data;
  ld.length = size;
  ld.base_dir = base_dir;
  ld.has_minus_zero = has_minus_zero (data, size);
  /* The scanner's copy is the session byte for byte; its top-level value starts
   * after an optional byte order mark and white space. */
  ld.root_start
      = imp_json_skip_space (data, size, size >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0);
  ld.root_text = imp_json_positions_text (
      ld.reader.positions, imp_json_positions_find (ld.reader.positions, ""), &root_length);
  ld.cursor = (ImpJsonLocation){ 1, 1 };
  ld.session = session_alloc ();
  ld.session->file = g_strdup (display_name);
  ld.session->base_dir = g_strdup (base_dir);

  gboolean ok = load_session (&ld);

  g_free (ld.path);
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&ld.reader.error));
  imp_json_reader_clear (&ld.reader);
  if (!ok)
    {
      imp_session_file_free (ld.session);
      return NULL;
    }
  return ld.session;
}

/**
 * imp_session_file_load:
 * @path: a file name, or a URI such as "resource:///..."
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Reads and loads a session; @path is FILE in error messages, and a relative
 * scene file name is resolved against @path's directory. An unreadable file is
 * %IMP_FORMAT_ERROR_IO: "FILE: error: cannot read the session: REASON".
 *
 * Returns: (transfer full) (nullable): the session, or %NULL with @error set
 */
ImpSessionFile *
imp_session_file_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_autoptr (GFile) file = imp_scene_ref_file (path);
  g_autofree char *contents = NULL;
  g_autofree char *base_dir = NULL;
  gsize length;
  g_autoptr (GError) io_error = NULL;

  (void) impulse_lessons_get_resource ();
  if (!imp_file_load (file, &contents, &length, &io_error))
    {
      g_autofree char *what = g_strdup_printf (_("cannot read the session: %s"), io_error->message);
      g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO, "%s: error: %s", path, what);
      return NULL;
    }
  if (imp_scene_ref_is_uri (path))
    {
      g_autoptr (GFile) parent = g_file_get_parent (file);
      base_dir = parent != NULL ? g_file_get_uri (parent) : NULL;
    }
  else
    base_dir = g_path_get_dirname (path);
  return imp_session_file_load_data (contents, (gssize) length, path, base_dir, error);
}

/* Saving */

/**
 * imp_session_file_write_edit:
 * @json: a writer
 * @key: (nullable): member name when inside an object, else %NULL
 * @edit: the edit
 *
 * Writes an edit as the session format spells it: "frame", "edit", then the
 * keys of its kind in a fixed order. A set edit writes the keys its
 * PhysEdit.fields selects; an add edit writes its required keys and the values
 * that differ from phys_edit_init()'s, so that reading it back gives the same
 * edit, bit for bit.
 */
void
imp_session_file_write_edit (ImpJson *json, const char *key, const ImpSessionFileEdit *edit)
{
  g_return_if_fail ((gsize) edit->edit.kind < G_N_ELEMENTS (edit_kinds));

  const EditKindInfo *info = &edit_kinds[edit->edit.kind];
  ImpSessionFileEdit defaults = { 0 };
  defaults.edit = phys_edit_init (edit->edit.kind, NULL);

  imp_json_begin_object (json, key);
  imp_json_int (json, "frame", edit->frame);
  imp_json_string (json, "edit", phys_edit_kind_name (edit->edit.kind));
  for (gsize i = 0; i < info->n_fields; i++)
    {
      const Field *field = &info->fields[i];
      gconstpointer value = G_STRUCT_MEMBER_P ((gpointer) edit, field->base.offset);
      gboolean wanted;

      if (field->write == NULL)
        continue;
      if (field->base.required)
        wanted = TRUE;
      else if (info->verb == IMP_EDIT_SET)
        wanted = (edit->edit.fields & field->bit) != 0;
      else
        wanted
            = memcmp (value, G_STRUCT_MEMBER_P (&defaults, field->base.offset), field->size) != 0;
      if (wanted)
        field->write (json, field->base.key, value);
    }
  imp_json_end_object (json);
}

/* A view's parts, as members of the object being written: "event", "select", "overlays". */
static void
write_view (ImpJson *json, const ImpBookmarkView *view)
{
  if (view->has_event)
    imp_json_int (json, "event", view->event);
  if (view->has_select)
    {
      imp_json_begin_array (json, "select");
      for (int i = 0; i < view->n_select; i++)
        imp_json_string (json, NULL, view->select[i]);
      imp_json_end_array (json);
    }
  if (view->has_overlays)
    {
      gsize n;
      const char *const *names = imp_overlay_names (&n);
      imp_json_begin_array (json, "overlays");
      for (gsize i = 0; i < n; i++)
        if (view->overlays & (1u << i))
          imp_json_string (json, NULL, names[i]);
      imp_json_end_array (json);
    }
}

/**
 * imp_session_file_write_bookmark:
 * @json: a writer
 * @key: (nullable): member name when inside an object, else %NULL
 * @bookmark: the bookmark
 *
 * Writes a bookmark as the session format spells it: "frame", then "note" when
 * it has one, then the parts of its view it has ("event", "select", "overlays").
 */
void
imp_session_file_write_bookmark (ImpJson *json, const char *key,
                                 const ImpSessionFileBookmark *bookmark)
{
  imp_json_begin_object (json, key);
  imp_json_int (json, "frame", bookmark->frame);
  if (bookmark->note != NULL)
    imp_json_string (json, "note", bookmark->note);
  write_view (json, &bookmark->view);
  imp_json_end_object (json);
}

/* Bookmark views */

/**
 * imp_bookmark_view_clear:
 * @view: a view
 *
 * Frees what @view holds and empties it.
 */
void
imp_bookmark_view_clear (ImpBookmarkView *view)
{
  for (int i = 0; i < 2; i++)
    g_free (view->select[i]);
  memset (view, 0, sizeof *view);
}

/**
 * imp_bookmark_view_copy:
 * @dest: (out caller-allocates): an empty view
 * @src: a view
 *
 * Copies @src into @dest.
 */
void
imp_bookmark_view_copy (ImpBookmarkView *dest, const ImpBookmarkView *src)
{
  *dest = *src;
  for (int i = 0; i < 2; i++)
    dest->select[i] = g_strdup (src->select[i]);
}

/**
 * imp_bookmark_view_to_text:
 * @view: a view
 *
 * The view as a JSON object with the members a bookmark has for it, for a
 * #PhysTimeline to keep beside the bookmark (phys_timeline_set_bookmark_view()).
 *
 * Returns: (transfer full) (nullable): the text; %NULL when the view has no part
 */
char *
imp_bookmark_view_to_text (const ImpBookmarkView *view)
{
  if (!view->has_event && !view->has_select && !view->has_overlays)
    return NULL;
  GString *out = g_string_new (NULL);
  ImpJson json;
  imp_json_init (&json, out);
  imp_json_begin_object (&json, NULL);
  write_view (&json, view);
  imp_json_end_object (&json);
  return g_string_free (out, FALSE);
}

/**
 * imp_bookmark_view_from_text:
 * @text: (nullable): what imp_bookmark_view_to_text() made
 * @view: (out caller-allocates): the view
 *
 * Reads a view back through the session format's own reader.
 *
 * Returns: %FALSE, with @view empty, for %NULL or text that is not a view
 */
gboolean
imp_bookmark_view_from_text (const char *text, ImpBookmarkView *view)
{
  ImpJsonReader reader;
  gboolean ok;

  memset (view, 0, sizeof *view);
  if (text == NULL)
    return FALSE;
  ok = imp_json_reader_init (&reader, text, strlen (text), "<bookmark view>")
       && imp_json_reader_expect_object (&reader, reader.root, "view")
       && read_object (&reader, reader.root, "bookmark view", view_fields,
                       G_N_ELEMENTS (view_fields), view);
  if (ok)
    view_parts (reader.root, view);
  else
    imp_bookmark_view_clear (view);
  imp_json_reader_clear (&reader);
  return ok;
}

/* Splits an absolute, canonical path into its names. */
static char **
path_names (const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, G_DIR_SEPARATOR_S, -1);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_ptr_array_add (names, g_strdup (parts[i]));
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/* target as seen from the directory dir (both absolute and canonical), with ".."
 * where needed; NULL when they share nothing but the root. */
static char *
relative_path (const char *dir, const char *target)
{
  g_auto (GStrv) from = path_names (dir);
  g_auto (GStrv) to = path_names (target);
  guint common = 0;

  while (from[common] != NULL && to[common] != NULL && g_str_equal (from[common], to[common]))
    common++;
  if (common == 0)
    return NULL;

  g_autoptr (GString) path = g_string_new (NULL);
  for (guint i = common; from[i] != NULL; i++)
    g_string_append (path, ".." G_DIR_SEPARATOR_S);
  for (guint i = common; to[i] != NULL; i++)
    g_string_append_printf (path, "%s%s", to[i], to[i + 1] != NULL ? G_DIR_SEPARATOR_S : "");
  return g_string_free (g_steal_pointer (&path), FALSE);
}

/* The "scene" file name for a session file in dir: the name as written when it
 * still leads to the same file, else one rewritten from dir. */
static char *
scene_path_for (const ImpSessionFile *session, const char *dir)
{
  const char *name = session->scene_path;
  const char *base = session->base_dir != NULL ? session->base_dir : ".";

  if (dir == NULL || imp_scene_ref_is_uri (name) || g_path_is_absolute (name) || imp_scene_ref_is_uri (base) || imp_scene_ref_is_uri (dir))
    return g_strdup (name);

  g_autofree char *base_abs = g_canonicalize_filename (base, NULL);
  g_autofree char *dir_abs = g_canonicalize_filename (dir, NULL);
  if (g_str_equal (base_abs, dir_abs))
    return g_strdup (name);

  g_autofree char *target = g_canonicalize_filename (name, base_abs);
  char *relative = relative_path (dir_abs, target);
  return relative != NULL ? relative : g_steal_pointer (&target);
}

/* An inline scene goes back exactly as it was read (its own layout, its own
 * numbers), so saving never changes the scene. */
static void
append_scene_text (GString *out, const char *text)
{
  if (g_str_has_prefix (text, "\xEF\xBB\xBF"))
    text += 3;
  while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r')
    text++;
  gsize n = strlen (text);
  while (n > 0 && strchr (" \t\r\n", text[n - 1]) != NULL)
    n--;
  g_string_append_len (out, text, (gssize) n);
}

/**
 * imp_session_file_to_data:
 * @session: a session
 * @dir: (nullable): the directory the text will be saved in, to keep a relative
 *   scene file name leading to the scene; %NULL keeps it as it is
 * @length: (out) (optional): length of the text in bytes
 *
 * The session as the text of a session file: one edit and one bookmark per line,
 * numbers that read back as the same doubles. The same session always gives the
 * same bytes.
 *
 * Returns: (transfer full): the text, NUL-terminated
 */
char *
imp_session_file_to_data (const ImpSessionFile *session, const char *dir, gsize *length)
{
  g_return_val_if_fail (session != NULL, NULL);

  GString *out = g_string_new (NULL);
  ImpJson json;

  g_string_append_printf (out, "{\n  \"%s\": %d,\n  \"scene\": ", VERSION_KEY,
                          IMP_SESSION_FILE_VERSION);
  if (session->scene_path != NULL)
    {
      g_autofree char *name = scene_path_for (session, dir);
      imp_json_append_string (out, name);
    }
  else
    append_scene_text (out, session->scene_text != NULL ? session->scene_text : "{}");

  g_string_append (out, ",\n  \"edits\": [");
  for (guint i = 0; i < session->edits->len; i++)
    {
      g_string_append (out, i > 0 ? ",\n    " : "\n    ");
      imp_json_init (&json, out);
      imp_session_file_write_edit (&json, NULL,
                                   &g_array_index (session->edits, ImpSessionFileEdit, i));
    }
  g_string_append (out, session->edits->len > 0 ? "\n  ],\n" : "],\n");

  g_string_append (out, "  \"bookmarks\": [");
  for (guint i = 0; i < session->bookmarks->len; i++)
    {
      g_string_append (out, i > 0 ? ",\n    " : "\n    ");
      imp_json_init (&json, out);
      imp_session_file_write_bookmark (
          &json, NULL, &g_array_index (session->bookmarks, ImpSessionFileBookmark, i));
    }
  g_string_append (out, session->bookmarks->len > 0 ? "\n  ]\n}\n" : "]\n}\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* Symbolic links deep enough to be a loop. */
/**
 * imp_session_file_save:
 * @session: a session
 * @path: the file to write
 * @error: return location for an %IMP_FORMAT_ERROR_IO error
 *
 * Writes @session to @path by imp_file_replace()'s rule, the one exports follow
 * too: atomically, so a reader (or a crash) sees the old file or the new one, never
 * a part; a failed save leaves @path as it was and no temporary file behind; an
 * existing file keeps its permissions, and a symbolic link keeps pointing at the
 * file it names, which is the one replaced. A relative
 * scene file name is rewritten when @path is in another directory than the
 * session's @base_dir.
 *
 * Returns: %TRUE on success
 */
gboolean
imp_session_file_save (const ImpSessionFile *session, const char *path, GError **error)
{
  g_return_val_if_fail (session != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *target = imp_file_follow_links (path);
  g_autofree char *dir = g_path_get_dirname (target);
  gsize length;
  g_autofree char *data = imp_session_file_to_data (session, dir, &length);
  g_autoptr (GError) io_error = NULL;

  if (!imp_file_replace (path, data, length, TRUE, &io_error))
    {
      g_autofree char *what
          = g_strdup_printf (_("cannot write the session: %s"), io_error->message);
      g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO, "%s: error: %s", path, what);
      return FALSE;
    }
  return TRUE;
}

/* Replay */

static gboolean edit_error (const ImpSessionFile *session, guint index, ImpJsonLocation loc,
                            ImpFormatError code, GError **error, const char *format, ...)
    G_GNUC_PRINTF (6, 7);

/* "FILE:LINE:COLUMN: error: edit N at frame F (KIND): WHAT", N counted from 1. */
static gboolean
edit_error (const ImpSessionFile *session, guint index, ImpJsonLocation loc, ImpFormatError code,
            GError **error, const char *format, ...)
{
  const ImpSessionFileEdit *edit = &g_array_index (session->edits, ImpSessionFileEdit, index);
  const char *file = session->file != NULL ? session->file : "<session>";
  g_autofree char *what = NULL;
  g_autofree char *place
      = loc.line > 0 ? g_strdup_printf ("%s:%d:%d", file, loc.line, loc.column) : g_strdup (file);
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_autofree char *message = g_strdup_printf (_("edit %u at frame %lld (%s): %s"), index + 1,
                                              (long long) edit->frame,
                                              phys_edit_kind_name (edit->edit.kind), what);
  g_set_error (error, IMP_FORMAT_ERROR, code, "%s: error: %s", place, message);
  return FALSE;
}

/* Explains why the core refused edit index at the world's current state. */
static gboolean
report_refusal (const ImpSessionFile *session, guint index, const PhysWorld *world,
                PhysStatus status, GError **error)
{
  const ImpSessionFileEdit *entry = &g_array_index (session->edits, ImpSessionFileEdit, index);
  const PhysEdit *edit = &entry->edit;
  gboolean adds = imp_edit_kind_verb (edit->kind) == IMP_EDIT_ADD;
  PhysBodyKind wanted = imp_edit_kind_body (edit->kind);
  PhysBodyRef found;
  gboolean exists
      = edit->kind != PHYS_EDIT_SET_WORLD && phys_world_find (world, edit->name, &found);

  if (status == PHYS_ERROR_NAME && adds && exists)
    return edit_error (session, index, entry->id_location, IMP_FORMAT_ERROR_DUPLICATE_ID, error,
                       _("expected a new id, got \"%s\", which names a %s at this frame"),
                       edit->name, phys_body_kind_name (found.kind));
  if (status == PHYS_ERROR_OUT_OF_RANGE)
    {
      PhysReal value, area;
      PhysPolygonDerived derived = phys_edit_polygon_derived (world, edit, &value, &area);
      g_autofree char *expected = imp_polygon_derived_expected (derived, value, area,
                                                                edit->density);
      if (expected != NULL)
        return edit_error (session, index, entry->location, IMP_FORMAT_ERROR_REFUSED, error, "%s",
                           expected);
    }
  if (status != PHYS_ERROR_UNKNOWN_BODY || adds || edit->kind == PHYS_EDIT_SET_WORLD)
    return edit_error (session, index, entry->location, IMP_FORMAT_ERROR_REFUSED, error,
                       _("expected an edit the physics core accepts, got status \"%s\""),
                       phys_status_name (status));

  const char *noun = phys_body_kind_name (wanted);
  if (exists && found.kind != wanted)
    return edit_error (session, index, entry->id_location, IMP_FORMAT_ERROR_UNKNOWN_ID, error,
                       _("expected the id of a %s, got \"%s\", which is a %s"), noun, edit->name,
                       phys_body_kind_name (found.kind));
  if (exists)
    return edit_error (session, index, entry->id_location, IMP_FORMAT_ERROR_UNKNOWN_ID, error,
                       _("expected the id of a segment of the scene, got \"%s\", a wall of the "
                         "world bounds, which edits cannot change"),
                       edit->name);

  /* What the world holds now: bodies may have come and gone with earlier edits. */
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  int count = phys_world_body_count (world, wanted);
  for (int i = 0; i < count; i++)
    {
      PhysBodyRef ref = { wanted, i };
      if (wanted == PHYS_BODY_SEGMENT && phys_world_get_segment (world, i).is_bound)
        continue;
      g_ptr_array_add (names, (gpointer) phys_world_body_name (world, ref));
    }
  const char *guess
      = imp_suggest_nearest (edit->name, (const char *const *) names->pdata, (gssize) names->len);
  if (guess != NULL)
    return edit_error (session, index, entry->id_location, IMP_FORMAT_ERROR_UNKNOWN_ID, error,
                       _("expected the id of a %s at this frame, got \"%s\"; did you mean \"%s\"?"),
                       noun, edit->name, guess);
  return edit_error (session, index, entry->id_location, IMP_FORMAT_ERROR_UNKNOWN_ID, error,
                     _("expected the id of a %s at this frame, got \"%s\", which names no body"),
                     noun, edit->name);
}

/**
 * imp_session_file_apply_edits:
 * @session: a session
 * @world: a world replaying @session (a copy of @session->world, stepped)
 * @next_edit: (inout): the first edit not applied yet; start at 0
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Applies, in order, the edits from *@next_edit whose frame has been reached:
 * called before each step, it applies every edit at the world's current frame.
 * On an edit the physics core refuses, @world keeps the edits before it,
 * *@next_edit names it, and @error says why, at the edit's place in the file:
 * %IMP_FORMAT_ERROR_UNKNOWN_ID, %IMP_FORMAT_ERROR_DUPLICATE_ID or
 * %IMP_FORMAT_ERROR_REFUSED.
 *
 * Returns: %TRUE when every due edit applied
 */
gboolean
imp_session_file_apply_edits (const ImpSessionFile *session, PhysWorld *world, guint *next_edit,
                              GError **error)
{
  g_return_val_if_fail (session != NULL && world != NULL && next_edit != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  gint64 frame = phys_world_frame (world);
  while (*next_edit < session->edits->len)
    {
      const ImpSessionFileEdit *entry
          = &g_array_index (session->edits, ImpSessionFileEdit, *next_edit);
      if (entry->frame > frame)
        break;
      PhysStatus status = phys_world_apply_edit (world, &entry->edit);
      if (status != PHYS_OK)
        return report_refusal (session, *next_edit, world, status, error);
      (*next_edit)++;
    }
  return TRUE;
}

/**
 * imp_session_file_check_reach:
 * @session: a session
 * @max_frames: the most frames a replay may step (%IMP_SESSION_FILE_REPLAY_LIMIT unless the
 *   user allows more)
 * @error: return location for an %IMP_FORMAT_ERROR_WORK_LIMIT error, at the first
 *   edit beyond @max_frames
 *
 * Checks, before anything is stepped, that every edit is within the work a replay may
 * do: a file can name frame 1,000,000,000, which takes minutes to reach.
 *
 * Returns: %TRUE when every edit's frame is at most @max_frames
 */
gboolean
imp_session_file_check_reach (const ImpSessionFile *session, gint64 max_frames, GError **error)
{
  g_return_val_if_fail (session != NULL, FALSE);

  for (guint i = 0; i < session->edits->len; i++)
    {
      const ImpSessionFileEdit *entry = &g_array_index (session->edits, ImpSessionFileEdit, i);
      if (entry->frame > max_frames)
        return edit_error (session, i, entry->location, IMP_FORMAT_ERROR_WORK_LIMIT, error,
                           _("expected a frame the replay reaches within its limit of %lld "
                             "frames, got %lld (the limit bounds the work a file can ask for; "
                             "allow more to replay it)"),
                           (long long) max_frames, (long long) entry->frame);
    }
  return TRUE;
}

/* Says the world stopped before the replay reached frames, and why. */
static void
report_halt (const ImpSessionFile *session, const PhysWorld *world, gint64 frames, GError **error)
{
  g_autofree char *why = imp_scene_describe_halt (world, phys_world_halt (world));
  const char *file = session->file != NULL ? session->file : "<session>";

  g_autofree char *what
      = g_strdup_printf (_("%s; the replay cannot reach frame %lld"), why, (long long) frames);
  g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_DIVERGED, "%s: error: %s", file, what);
}

/**
 * imp_session_file_replay:
 * @session: a session
 * @frames: the state to reach, >= 0
 * @log: (nullable): where the events of every frame stepped are appended
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Replays the session from its scene's initial state: before each frame k is
 * stepped, the edits at frame k are applied, and the edits at frame @frames are
 * applied to the state reached, so the result is state @frames of the session
 * as the learner saw it.
 *
 * Returns: (transfer full) (nullable): the world at state @frames, or %NULL with
 *   @error set when an edit does not apply (see imp_session_file_apply_edits()) or
 *   the simulation diverged before frame @frames (%IMP_FORMAT_ERROR_DIVERGED)
 */
PhysWorld *
imp_session_file_replay (const ImpSessionFile *session, gint64 frames, PhysEventLog *log,
                         GError **error)
{
  g_return_val_if_fail (session != NULL && session->world != NULL, NULL);
  g_return_val_if_fail (frames >= 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  PhysWorld *world = phys_world_copy (session->world);
  guint next_edit = 0;

  for (;;)
    {
      if (!imp_session_file_apply_edits (session, world, &next_edit, error))
        {
          phys_world_free (world);
          return NULL;
        }
      if (phys_world_frame (world) >= frames)
        return world;
      phys_world_step (world, log);
      if (phys_world_halt (world).kind != PHYS_HALT_NONE)
        {
          report_halt (session, world, frames, error);
          phys_world_free (world);
          return NULL;
        }
    }
}
