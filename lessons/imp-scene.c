/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-scene.c: the scene loader. docs/scene-format.md is its specification.
 *
 * Three passes over the text: imp_json_positions_scan() checks strict JSON and
 * records positions, json-glib builds the tree, and the loader walks the tree
 * checking every key and value before the physics core sees it, so that each
 * mistake is reported at its own line and column. The core validates again;
 * a status it returns after these checks is still reported, at the object.
 */
#include "imp-scene.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "imp-json-positions.h"
#include "imp-suggest.h"
#include "impulse-lessons-resources.h"

/* Longest piece of the user's text quoted in a message. */
#define QUOTE_MAX 40

/* clang-format off */
G_DEFINE_QUARK (impulse-scene-error, imp_scene_error)
/* clang-format on */

typedef struct
{
  PhysBodyKind kind;
  int index;
  JsonNode *node; /* the "id" value, to say where an id was first used */
} IdEntry;

typedef struct
{
  const char *file;
  ImpJsonPositions *positions;
  JsonNode *root;
  GError *error;
  GHashTable *ids;       /* id (owned by the JSON tree) -> IdEntry */
  GPtrArray *circle_ids; /* candidates for "did you mean" on references */
  PhysWorld *world;
  ImpSceneInfo *info;
} Loader;

typedef struct _Field Field;

/* Checks one value and stores it in the definition being filled. */
typedef gboolean (*FieldReader) (Loader *ld, JsonNode *value, const Field *field, gpointer def);

struct _Field
{
  const char *key;
  gboolean required;
  FieldReader read;
  gsize offset; /* of the member of the definition the reader fills */
};

#define FIELD_PTR(def, field, type) ((type *) G_STRUCT_MEMBER_P ((def), (field)->offset))

/* A force being read: the core's definition plus what it references. */
typedef struct
{
  PhysForceDef def;
  GArray *targets; /* int: circle indices */
  JsonNode *targets_node;
} ForceSpec;

#define FORCE_FIELD(member) (offsetof (ForceSpec, def) + offsetof (PhysForceDef, member))

static const char *const reserved_ids[] = {
  "bounds-left",
  "bounds-top",
  "bounds-right",
  "bounds-bottom",
};

/* Errors */

static ImpJsonLocation
where (Loader *ld, JsonNode *node, gboolean at_key)
{
  ImpJsonLocation loc = { 1, 1 };
  int id = imp_json_positions_locate (ld->positions, ld->root, node);

  if (id < 0)
    return loc;
  if (!at_key || !imp_json_positions_key_location (ld->positions, id, &loc))
    loc = imp_json_positions_value_location (ld->positions, id);
  return loc;
}

static gboolean
fail_valist (Loader *ld, JsonNode *node, gboolean at_key, ImpSceneError code, const char *format,
             va_list args)
{
  if (ld->error == NULL)
    {
      g_autofree char *what = g_strdup_vprintf (format, args);
      ImpJsonLocation loc = where (ld, node, at_key);
      ld->error = g_error_new (IMP_SCENE_ERROR, code, "%s:%d:%d: error: %s", ld->file, loc.line,
                               loc.column, what);
    }
  return FALSE;
}

/* Reports an error at the start of node's value. Always returns FALSE. */
static gboolean fail (Loader *ld, JsonNode *node, ImpSceneError code, const char *format, ...)
    G_GNUC_PRINTF (4, 5);

static gboolean
fail (Loader *ld, JsonNode *node, ImpSceneError code, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fail_valist (ld, node, FALSE, code, format, args);
  va_end (args);
  return FALSE;
}

/* Reports an error at the key of the member whose value is node. Always returns FALSE. */
static gboolean fail_at_key (Loader *ld, JsonNode *node, ImpSceneError code, const char *format,
                             ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail_at_key (Loader *ld, JsonNode *node, ImpSceneError code, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fail_valist (ld, node, TRUE, code, format, args);
  va_end (args);
  return FALSE;
}

static char *
clip (const char *text, gsize length)
{
  if (length <= QUOTE_MAX)
    return g_strndup (text, length);
  const char *cut = g_utf8_find_prev_char (text, text + QUOTE_MAX + 1);
  return g_strdup_printf ("%.*s...", (int) (cut - text), text);
}

/* A value as the user wrote it ("1e999", "\"rk5\""), for the "got" part of a message. */
static char *
source_text (Loader *ld, JsonNode *node)
{
  int id = imp_json_positions_locate (ld->positions, ld->root, node);
  gsize length;

  if (id < 0)
    return g_strdup ("?");
  const char *text = imp_json_positions_text (ld->positions, id, &length);
  return clip (text, length);
}

static const char *
describe (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return "an object";
    case JSON_NODE_ARRAY:
      return "an array";
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      break;
    }
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_BOOLEAN:
      return "a boolean";
    case G_TYPE_STRING:
      return "a string";
    default:
      return "a number";
    }
}

/* "\"pos\"[1]" for an element, "\"radius\"" for a member. */
static char *
label (const char *key, int index)
{
  if (index < 0)
    return g_strdup_printf ("\"%s\"", key);
  return g_strdup_printf ("\"%s\"[%d]", key, index);
}

static char *
quoted_list (const char *const *names, gsize n)
{
  GString *list = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    g_string_append_printf (list, "%s\"%s\"", i > 0 ? ", " : "", names[i]);
  return g_string_free (list, FALSE);
}

/* Values */

static gboolean
get_number (Loader *ld, JsonNode *value, const char *key, int index, double *out)
{
  GType type = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_value_type (value) : G_TYPE_INVALID;

  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    {
      g_autofree char *what = label (key, index);
      return fail (ld, value, IMP_SCENE_ERROR_TYPE, "expected a number for %s, got %s", what,
                   describe (value));
    }
  /* JSON has no NaN or infinity literals, but 1e999 overflows to infinity. */
  double x = json_node_get_double (value);
  if (!isfinite (x))
    {
      g_autofree char *what = label (key, index);
      g_autofree char *got = source_text (ld, value);
      return fail (ld, value, IMP_SCENE_ERROR_NOT_FINITE, "expected a finite number for %s, got %s",
                   what, got);
    }
  *out = x;
  return TRUE;
}

static gboolean
get_int (Loader *ld, JsonNode *value, const char *key, int min, int max, int *out)
{
  double x;

  if (!get_number (ld, value, key, -1, &x))
    return FALSE;
  if (x != floor (x))
    {
      g_autofree char *got = source_text (ld, value);
      return fail (ld, value, IMP_SCENE_ERROR_TYPE, "expected an integer for \"%s\", got %s", key,
                   got);
    }
  if (x < min || x > max)
    {
      g_autofree char *got = source_text (ld, value);
      if (max == G_MAXINT)
        return fail (ld, value, IMP_SCENE_ERROR_RANGE, "expected \"%s\" >= %d, got %s", key, min,
                     got);
      return fail (ld, value, IMP_SCENE_ERROR_RANGE, "expected \"%s\" between %d and %d, got %s",
                   key, min, max, got);
    }
  *out = (int) x;
  return TRUE;
}

static gboolean
get_string (Loader *ld, JsonNode *value, const char *key, int index, const char **out)
{
  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
    {
      g_autofree char *what = label (key, index);
      return fail (ld, value, IMP_SCENE_ERROR_TYPE, "expected a string for %s, got %s", what,
                   describe (value));
    }
  *out = json_node_get_string (value);
  return TRUE;
}

static gboolean
get_vec2 (Loader *ld, JsonNode *value, const char *key, PhysVec2 *out)
{
  double xy[2];

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return fail (ld, value, IMP_SCENE_ERROR_TYPE,
                 "expected an array of 2 numbers [x, y] for \"%s\", got %s", key, describe (value));
  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  if (n != 2)
    return fail (ld, value, IMP_SCENE_ERROR_TYPE,
                 "expected an array of 2 numbers [x, y] for \"%s\", got %u element%s", key, n,
                 n == 1 ? "" : "s");
  for (guint i = 0; i < 2; i++)
    if (!get_number (ld, json_array_get_element (array, i), key, (int) i, &xy[i]))
      return FALSE;
  *out = phys_v2 (xy[0], xy[1]);
  return TRUE;
}

/* Reads one of names; *choice is its index. */
static gboolean
get_choice (Loader *ld, JsonNode *value, const char *key, const char *const *names, gsize n,
            int *choice)
{
  const char *s;

  if (!get_string (ld, value, key, -1, &s))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (strcmp (s, names[i]) == 0)
      {
        *choice = (int) i;
        return TRUE;
      }

  g_autofree char *list = quoted_list (names, n);
  g_autofree char *got = source_text (ld, value);
  const char *guess = imp_suggest_nearest (s, names, (gssize) n);
  if (guess != NULL)
    return fail (ld, value, IMP_SCENE_ERROR_RANGE,
                 "expected one of %s for \"%s\", got %s; did you mean \"%s\"?", list, key, got,
                 guess);
  return fail (ld, value, IMP_SCENE_ERROR_RANGE, "expected one of %s for \"%s\", got %s", list, key,
               got);
}

static const char *
body_kind_name (PhysBodyKind kind)
{
  switch (kind)
    {
    case PHYS_BODY_CIRCLE:
      return "circle";
    case PHYS_BODY_SEGMENT:
      return "segment";
    case PHYS_BODY_PROBE:
    default:
      return "probe";
    }
}

/* Resolves a reference to a circle loaded earlier. */
static gboolean
get_circle_ref (Loader *ld, JsonNode *value, const char *key, int index, int *circle)
{
  const char *id;

  if (!get_string (ld, value, key, index, &id))
    return FALSE;
  IdEntry *entry = g_hash_table_lookup (ld->ids, id);
  if (entry != NULL && entry->kind == PHYS_BODY_CIRCLE)
    {
      *circle = entry->index;
      return TRUE;
    }

  g_autofree char *what = label (key, index);
  g_autofree char *got = source_text (ld, value);
  if (entry != NULL)
    return fail (ld, value, IMP_SCENE_ERROR_UNKNOWN_ID,
                 "expected the id of a circle for %s, got %s, which is a %s", what, got,
                 body_kind_name (entry->kind));
  const char *guess = imp_suggest_nearest (id, (const char *const *) ld->circle_ids->pdata,
                                           (gssize) ld->circle_ids->len);
  if (guess != NULL)
    return fail (ld, value, IMP_SCENE_ERROR_UNKNOWN_ID,
                 "expected the id of a circle for %s, got %s; did you mean \"%s\"?", what, got,
                 guess);
  return fail (ld, value, IMP_SCENE_ERROR_UNKNOWN_ID, "expected the id of a circle for %s, got %s",
               what, got);
}

/* Field readers */

static gboolean
read_nothing (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return TRUE;
}

static gboolean
read_finite (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return get_number (ld, value, field->key, -1, FIELD_PTR (def, field, double));
}

static gboolean
read_positive (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  double x;

  if (!get_number (ld, value, field->key, -1, &x))
    return FALSE;
  if (!(x > 0.0))
    {
      g_autofree char *got = source_text (ld, value);
      return fail (ld, value, IMP_SCENE_ERROR_RANGE, "expected \"%s\" > 0, got %s", field->key,
                   got);
    }
  *FIELD_PTR (def, field, double) = x;
  return TRUE;
}

static gboolean
read_non_negative (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  double x;

  if (!get_number (ld, value, field->key, -1, &x))
    return FALSE;
  if (!(x >= 0.0))
    {
      g_autofree char *got = source_text (ld, value);
      return fail (ld, value, IMP_SCENE_ERROR_RANGE, "expected \"%s\" >= 0, got %s", field->key,
                   got);
    }
  *FIELD_PTR (def, field, double) = x;
  return TRUE;
}

static gboolean
read_unit (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  double x;

  if (!get_number (ld, value, field->key, -1, &x))
    return FALSE;
  if (!(x >= 0.0 && x <= 1.0))
    {
      g_autofree char *got = source_text (ld, value);
      return fail (ld, value, IMP_SCENE_ERROR_RANGE, "expected \"%s\" between 0 and 1, got %s",
                   field->key, got);
    }
  *FIELD_PTR (def, field, double) = x;
  return TRUE;
}

static gboolean
read_vec2 (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return get_vec2 (ld, value, field->key, FIELD_PTR (def, field, PhysVec2));
}

static gboolean
read_bool (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_BOOLEAN)
    return fail (ld, value, IMP_SCENE_ERROR_TYPE, "expected true or false for \"%s\", got %s",
                 field->key, describe (value));
  *FIELD_PTR (def, field, bool) = json_node_get_boolean (value);
  return TRUE;
}

static gboolean
read_substeps (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return get_int (ld, value, field->key, 1, PHYS_MAX_SUBSTEPS, FIELD_PTR (def, field, int));
}

static gboolean
read_event_cap (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return get_int (ld, value, field->key, 0, G_MAXINT, FIELD_PTR (def, field, int));
}

static gboolean
read_integrator (Loader *ld, JsonNode *value, const Field *field, gpointer def,
                 gboolean allow_default)
{
  const char *names[PHYS_N_INTEGRATORS + 1];
  gsize n = 0;
  int choice;

  for (int i = 0; i < PHYS_N_INTEGRATORS; i++)
    names[n++] = phys_integrator_name ((PhysIntegrator) i);
  if (allow_default)
    names[n++] = phys_integrator_name (PHYS_INTEGRATOR_DEFAULT);
  if (!get_choice (ld, value, field->key, names, n, &choice))
    return FALSE;
  *FIELD_PTR (def, field, PhysIntegrator)
      = choice < PHYS_N_INTEGRATORS ? (PhysIntegrator) choice : PHYS_INTEGRATOR_DEFAULT;
  return TRUE;
}

static gboolean
read_world_integrator (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return read_integrator (ld, value, field, def, FALSE);
}

static gboolean
read_body_integrator (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return read_integrator (ld, value, field, def, TRUE);
}

static gboolean
read_detection (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  const char *names[] = {
    phys_detection_name (PHYS_DETECTION_SWEPT),
    phys_detection_name (PHYS_DETECTION_DISCRETE),
  };
  int choice;

  if (!get_choice (ld, value, field->key, names, G_N_ELEMENTS (names), &choice))
    return FALSE;
  *FIELD_PTR (def, field, PhysDetection)
      = choice == 0 ? PHYS_DETECTION_SWEPT : PHYS_DETECTION_DISCRETE;
  return TRUE;
}

static gboolean
read_response (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  const char *names[] = {
    phys_response_name (PHYS_RESPONSE_REFLECT),
    phys_response_name (PHYS_RESPONSE_SLIDE),
  };
  int choice;

  if (!get_choice (ld, value, field->key, names, G_N_ELEMENTS (names), &choice))
    return FALSE;
  *FIELD_PTR (def, field, PhysResponse) = choice == 0 ? PHYS_RESPONSE_REFLECT : PHYS_RESPONSE_SLIDE;
  return TRUE;
}

static gboolean
is_id_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_' || c == '.';
}

static gboolean
read_id (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  const char *id;

  if (!get_string (ld, value, field->key, -1, &id))
    return FALSE;

  gsize n = strlen (id);
  if (n == 0 || n >= PHYS_NAME_MAX)
    {
      g_autofree char *got = n == 0 ? g_strdup ("an empty string")
                                    : g_strdup_printf ("%" G_GSIZE_FORMAT " bytes", n);
      return fail (ld, value, IMP_SCENE_ERROR_RANGE, "expected an id of 1 to %d bytes, got %s",
                   PHYS_NAME_MAX - 1, got);
    }
  for (gsize i = 0; i < n; i++)
    if (!is_id_char (id[i]))
      {
        g_autofree char *got = source_text (ld, value);
        return fail (ld, value, IMP_SCENE_ERROR_RANGE,
                     "expected an id made of ASCII letters, digits, '-', '_' and '.', got %s", got);
      }
  for (gsize i = 0; i < G_N_ELEMENTS (reserved_ids); i++)
    if (strcmp (id, reserved_ids[i]) == 0)
      return fail (ld, value, IMP_SCENE_ERROR_DUPLICATE_ID,
                   "expected an id other than \"%s\", which names a wall of the world bounds", id);

  IdEntry *first = g_hash_table_lookup (ld->ids, id);
  if (first != NULL)
    {
      ImpJsonLocation loc = where (ld, first->node, FALSE);
      return fail (ld, value, IMP_SCENE_ERROR_DUPLICATE_ID,
                   "duplicate id \"%s\"; the first one is at %d:%d", id, loc.line, loc.column);
    }
  *FIELD_PTR (def, field, const char *) = id;
  return TRUE;
}

static gboolean
read_circle_ref (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return get_circle_ref (ld, value, field->key, -1, FIELD_PTR (def, field, int));
}

static gboolean
read_targets (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  ForceSpec *spec = def;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return fail (ld, value, IMP_SCENE_ERROR_TYPE,
                 "expected an array of circle ids for \"%s\", got %s", field->key,
                 describe (value));

  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL); /* circle -> element + 1 */

  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      int circle;
      if (!get_circle_ref (ld, element, field->key, (int) i, &circle))
        return FALSE;
      guint first = GPOINTER_TO_UINT (g_hash_table_lookup (seen, GINT_TO_POINTER (circle)));
      if (first > 0)
        {
          ImpJsonLocation loc = where (ld, json_array_get_element (array, first - 1), FALSE);
          return fail (ld, element, IMP_SCENE_ERROR_DUPLICATE_ID,
                       "duplicate target \"%s\"; the first one is at %d:%d",
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
fail_unknown_key (Loader *ld, JsonNode *value, const char *key, const char *what,
                  const Field *fields, gsize n_fields)
{
  g_autofree const char **names = g_new (const char *, n_fields);
  g_autofree char *shown = clip (key, strlen (key));

  for (gsize i = 0; i < n_fields; i++)
    names[i] = fields[i].key;
  const char *guess = imp_suggest_nearest (key, names, (gssize) n_fields);
  if (guess != NULL)
    return fail_at_key (ld, value, IMP_SCENE_ERROR_UNKNOWN_KEY,
                        "unknown key \"%s\" in %s; did you mean \"%s\"?", shown, what, guess);
  g_autofree char *list = quoted_list (names, n_fields);
  return fail_at_key (ld, value, IMP_SCENE_ERROR_UNKNOWN_KEY,
                      "unknown key \"%s\" in %s; expected one of %s", shown, what, list);
}

static const Field *
find_field (const Field *fields, gsize n_fields, const char *key)
{
  for (gsize i = 0; i < n_fields; i++)
    if (strcmp (fields[i].key, key) == 0)
      return &fields[i];
  return NULL;
}

/* Reads an object's members in document order, then checks required keys. */
static gboolean
read_object (Loader *ld, JsonNode *node, const char *what, const Field *fields, gsize n_fields,
             gpointer def)
{
  JsonObject *object = json_node_get_object (node);
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &key, &value))
    {
      const Field *field = find_field (fields, n_fields, key);
      if (field == NULL)
        return fail_unknown_key (ld, value, key, what, fields, n_fields);
      if (!field->read (ld, value, field, def))
        return FALSE;
    }
  for (gsize i = 0; i < n_fields; i++)
    if (fields[i].required && !json_object_has_member (object, fields[i].key))
      return fail (ld, node, IMP_SCENE_ERROR_MISSING, "missing required key \"%s\" in %s",
                   fields[i].key, what);
  return TRUE;
}

static gboolean
check_keys (Loader *ld, JsonNode *node, const char *what, const Field *fields, gsize n_fields)
{
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &key, &value))
    if (find_field (fields, n_fields, key) == NULL)
      return fail_unknown_key (ld, value, key, what, fields, n_fields);
  return TRUE;
}

static gboolean
expect_object (Loader *ld, JsonNode *value, const char *key)
{
  if (JSON_NODE_HOLDS_OBJECT (value))
    return TRUE;
  return fail (ld, value, IMP_SCENE_ERROR_TYPE, "expected an object for \"%s\", got %s", key,
               describe (value));
}

static const Field modes_fields[] = {
  { "detection", FALSE, read_detection, offsetof (PhysModes, detection) },
  { "double_pair_loop", FALSE, read_bool, offsetof (PhysModes, double_pair_loop) },
  { "respond_at_frame_end", FALSE, read_bool, offsetof (PhysModes, respond_at_frame_end) },
  { "slide_at_radius", FALSE, read_bool, offsetof (PhysModes, slide_at_radius) },
  { "no_end_caps", FALSE, read_bool, offsetof (PhysModes, no_end_caps) },
};

static gboolean
read_modes (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  return expect_object (ld, value, field->key)
         && read_object (ld, value, "modes", modes_fields, G_N_ELEMENTS (modes_fields),
                         FIELD_PTR (def, field, PhysModes));
}

static gboolean
read_bounds (Loader *ld, JsonNode *value, const Field *field, gpointer def)
{
  static const char *const expected = "expected an array of 4 numbers [x0, y0, x1, y1] or null";
  PhysWorldDef *world = def;
  double v[4];

  if (JSON_NODE_HOLDS_NULL (value))
    {
      world->has_bounds = false;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (value))
    return fail (ld, value, IMP_SCENE_ERROR_TYPE, "%s for \"%s\", got %s", expected, field->key,
                 describe (value));
  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  if (n != 4)
    return fail (ld, value, IMP_SCENE_ERROR_TYPE, "%s for \"%s\", got %u element%s", expected,
                 field->key, n, n == 1 ? "" : "s");
  for (guint i = 0; i < 4; i++)
    if (!get_number (ld, json_array_get_element (array, i), field->key, (int) i, &v[i]))
      return FALSE;

  for (guint axis = 0; axis < 2; axis++)
    if (!(v[axis] < v[axis + 2]))
      {
        const char *name = axis == 0 ? "x" : "y";
        g_autofree char *lo = source_text (ld, json_array_get_element (array, axis));
        g_autofree char *hi = source_text (ld, json_array_get_element (array, axis + 2));
        return fail (ld, value, IMP_SCENE_ERROR_RANGE,
                     "expected %s0 < %s1 in \"%s\", got %s0 = %s and %s1 = %s", name, name,
                     field->key, name, lo, name, hi);
      }
  world->has_bounds = true;
  world->bounds.min = phys_v2 (v[0], v[1]);
  world->bounds.max = phys_v2 (v[2], v[3]);
  return TRUE;
}

static const Field world_fields[] = {
  { "bounds", FALSE, read_bounds, 0 },
  { "bounds_restitution", FALSE, read_unit, offsetof (PhysWorldDef, bounds_restitution) },
  { "gravity", FALSE, read_vec2, offsetof (PhysWorldDef, gravity) },
  { "dt", FALSE, read_positive, offsetof (PhysWorldDef, dt) },
  { "integrator", FALSE, read_world_integrator, offsetof (PhysWorldDef, integrator) },
  { "substeps", FALSE, read_substeps, offsetof (PhysWorldDef, substeps) },
  { "event_cap", FALSE, read_event_cap, offsetof (PhysWorldDef, event_cap) },
  { "rest_speed", FALSE, read_finite, offsetof (PhysWorldDef, rest_speed) },
  { "sleep", FALSE, read_bool, offsetof (PhysWorldDef, sleep) },
  { "modes", FALSE, read_modes, offsetof (PhysWorldDef, modes) },
};

static const Field circle_fields[] = {
  { "id", TRUE, read_id, offsetof (PhysCircleDef, name) },
  { "pos", TRUE, read_vec2, offsetof (PhysCircleDef, position) },
  { "vel", FALSE, read_vec2, offsetof (PhysCircleDef, velocity) },
  { "radius", TRUE, read_positive, offsetof (PhysCircleDef, radius) },
  { "mass", FALSE, read_positive, offsetof (PhysCircleDef, mass) },
  { "restitution", FALSE, read_unit, offsetof (PhysCircleDef, restitution) },
  { "fixed", FALSE, read_bool, offsetof (PhysCircleDef, fixed) },
  { "collides", FALSE, read_bool, offsetof (PhysCircleDef, collides) },
  { "integrator", FALSE, read_body_integrator, offsetof (PhysCircleDef, integrator) },
};

static const Field segment_fields[] = {
  { "id", TRUE, read_id, offsetof (PhysSegmentDef, name) },
  { "a", TRUE, read_vec2, offsetof (PhysSegmentDef, a) },
  { "b", TRUE, read_vec2, offsetof (PhysSegmentDef, b) },
  { "restitution", FALSE, read_unit, offsetof (PhysSegmentDef, restitution) },
  { "response", FALSE, read_response, offsetof (PhysSegmentDef, response) },
};

static const Field probe_fields[] = {
  { "id", TRUE, read_id, offsetof (PhysProbeDef, name) },
  { "pos", TRUE, read_vec2, offsetof (PhysProbeDef, position) },
  { "vel", FALSE, read_vec2, offsetof (PhysProbeDef, velocity) },
};

static const Field attractor_fields[] = {
  { "type", TRUE, read_nothing, 0 },
  { "source", TRUE, read_circle_ref, FORCE_FIELD (source) },
  { "targets", FALSE, read_targets, 0 },
  { "G", FALSE, read_positive, FORCE_FIELD (G) },
  { "reaction", FALSE, read_bool, FORCE_FIELD (reaction) },
};

static const Field drag_fields[] = {
  { "type", TRUE, read_nothing, 0 },
  { "k", FALSE, read_non_negative, FORCE_FIELD (k) },
  { "targets", FALSE, read_targets, 0 },
};

static const Field spring_fields[] = {
  { "type", TRUE, read_nothing, 0 },
  { "a", TRUE, read_circle_ref, FORCE_FIELD (body_a) },
  { "b", FALSE, read_circle_ref, FORCE_FIELD (body_b) },
  { "anchor", FALSE, read_vec2, FORCE_FIELD (anchor) },
  { "k", FALSE, read_non_negative, FORCE_FIELD (k) },
  { "rest_length", FALSE, read_non_negative, FORCE_FIELD (rest_length) },
  { "damping", FALSE, read_non_negative, FORCE_FIELD (damping) },
};

/* Only the keys: load_scene() reads these one by one, as their order matters. */
/* clang-format off */
static const Field scene_fields[] = {
  { "impulse", TRUE, read_nothing, 0 },
  { "title", FALSE, read_nothing, 0 },
  { "description", FALSE, read_nothing, 0 },
  { "world", FALSE, read_nothing, 0 },
  { "circles", FALSE, read_nothing, 0 },
  { "segments", FALSE, read_nothing, 0 },
  { "probes", FALSE, read_nothing, 0 },
  { "forces", FALSE, read_nothing, 0 },
};
/* clang-format on */

/* Bodies and forces */

static ImpSceneError
status_error (PhysStatus status)
{
  switch (status)
    {
    case PHYS_ERROR_NOT_FINITE:
      return IMP_SCENE_ERROR_NOT_FINITE;
    case PHYS_ERROR_LIMIT:
      return IMP_SCENE_ERROR_LIMIT;
    case PHYS_ERROR_UNKNOWN_BODY:
      return IMP_SCENE_ERROR_UNKNOWN_ID;
    case PHYS_ERROR_NAME:
      return IMP_SCENE_ERROR_DUPLICATE_ID;
    case PHYS_ERROR_OUT_OF_RANGE:
    case PHYS_OK:
    default:
      return IMP_SCENE_ERROR_RANGE;
    }
}

static gboolean
fail_status (Loader *ld, JsonNode *node, const char *what, PhysStatus status)
{
  return fail (ld, node, status_error (status),
               "expected a %s the physics core accepts, got status \"%s\"", what,
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
    return fail (ld, json_object_get_member (json_node_get_object (node), "b"),
                 IMP_SCENE_ERROR_RANGE, "expected \"b\" to differ from \"a\", got the same point");
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
            g_autofree char *got = source_text (ld, target);
            return fail (ld, target, IMP_SCENE_ERROR_RANGE,
                         "expected a target other than the source, got %s", got);
          }
    }
  else if (spec->def.kind == PHYS_FORCE_SPRING || spec->def.kind == PHYS_FORCE_BUNGEE)
    {
      JsonNode *b = json_object_get_member (object, "b");
      JsonNode *anchor = json_object_get_member (object, "anchor");
      if (b != NULL && anchor != NULL)
        return fail (ld, anchor, IMP_SCENE_ERROR_RANGE,
                     "expected either \"b\" or \"anchor\" in %s, not both", what);
      if (b == NULL && anchor == NULL)
        return fail (ld, node, IMP_SCENE_ERROR_MISSING,
                     "missing required key \"b\" or \"anchor\" in %s", what);
      if (b != NULL && spec->def.body_b == spec->def.body_a)
        {
          g_autofree char *got = source_text (ld, b);
          return fail (ld, b, IMP_SCENE_ERROR_RANGE,
                       "expected \"b\" to differ from \"a\", got %s for both", got);
        }
      if (b == NULL)
        spec->def.body_b = -1;
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
  const Field *fields;
  gsize n_fields;
  int kind;

  /* The type decides which keys are valid, so it is read before the others. */
  if (type == NULL)
    return fail (ld, node, IMP_SCENE_ERROR_MISSING, "missing required key \"type\" in force");
  if (!get_choice (ld, type, "type", kinds, G_N_ELEMENTS (kinds), &kind))
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
    return fail (ld, value, IMP_SCENE_ERROR_TYPE, "expected an array for \"%s\", got %s", key,
                 describe (value));

  JsonArray *array = json_node_get_array (value);
  guint n = json_array_get_length (array);
  /* Checked before any element, so an oversized file fails fast and in one place. */
  if (n > limit)
    return fail (ld, json_array_get_element (array, limit), IMP_SCENE_ERROR_LIMIT,
                 "expected at most %u %s, got %u", limit, key, n);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return fail (ld, element, IMP_SCENE_ERROR_TYPE, "expected a %s object in \"%s\", got %s",
                     what, key, describe (element));
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
    return fail (ld, root, IMP_SCENE_ERROR_VERSION,
                 "missing required key \"impulse\" in scene (the format version, %d)",
                 IMP_SCENE_FORMAT_VERSION);

  GType type
      = JSON_NODE_HOLDS_VALUE (version) ? json_node_get_value_type (version) : G_TYPE_INVALID;
  if ((type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
      && json_node_get_double (version) == IMP_SCENE_FORMAT_VERSION)
    return TRUE;

  g_autofree char *got
      = type == G_TYPE_INVALID ? g_strdup (describe (version)) : source_text (ld, version);
  return fail (ld, version, IMP_SCENE_ERROR_VERSION,
               "expected \"impulse\": %d (the only format version this Impulse reads), got %s",
               IMP_SCENE_FORMAT_VERSION, got);
}

static gboolean
read_info_string (Loader *ld, JsonObject *scene, const char *key, char **out)
{
  JsonNode *value = json_object_get_member (scene, key);
  const char *s;

  if (value == NULL)
    return TRUE;
  if (!get_string (ld, value, key, -1, &s))
    return FALSE;
  if (out != NULL)
    *out = g_strdup (s);
  return TRUE;
}

static gboolean
load_scene (Loader *ld)
{
  JsonNode *root = ld->root;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return fail (ld, root, IMP_SCENE_ERROR_TYPE, "expected an object at the top level, got %s",
                 describe (root));
  /* The version comes first: a newer format may have keys this one does not know. */
  if (!check_version (ld, root)
      || !check_keys (ld, root, "scene", scene_fields, G_N_ELEMENTS (scene_fields)))
    return FALSE;

  JsonObject *scene = json_node_get_object (root);
  if (!read_info_string (ld, scene, "title", ld->info != NULL ? &ld->info->title : NULL)
      || !read_info_string (ld, scene, "description",
                            ld->info != NULL ? &ld->info->description : NULL))
    return FALSE;

  PhysWorldDef def = phys_world_def_default ();
  JsonNode *world = json_object_get_member (scene, "world");
  if (world != NULL
      && (!expect_object (ld, world, "world")
          || !read_object (ld, world, "world", world_fields, G_N_ELEMENTS (world_fields), &def)))
    return FALSE;
  ld->world = phys_world_new (&def);
  if (ld->world == NULL)
    return fail (ld, world != NULL ? world : root, status_error (phys_world_def_check (&def)),
                 "expected world settings the physics core accepts, got status \"%s\"",
                 phys_status_name (phys_world_def_check (&def)));

  /* Bodies before forces, which refer to them by id. */
  return load_list (ld, scene, "circles", "circle", PHYS_MAX_CIRCLES, load_circle)
         && load_list (ld, scene, "segments", "segment", PHYS_MAX_SEGMENTS, load_segment)
         && load_list (ld, scene, "probes", "probe", PHYS_MAX_PROBES, load_probe)
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
 * @error: return location for an %IMP_SCENE_ERROR
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
  ImpJsonLocation loc;
  g_autofree char *what = NULL;
  g_autoptr (ImpJsonPositions) positions = imp_json_positions_scan (data, size, &loc, &what);

  if (positions == NULL)
    {
      g_set_error (error, IMP_SCENE_ERROR, IMP_SCENE_ERROR_SYNTAX, "%s:%d:%d: error: %s", file,
                   loc.line, loc.column, what);
      return NULL;
    }

  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) json_error = NULL;
  if (!json_parser_load_from_data (parser, data, (gssize) size, &json_error))
    {
      g_set_error (error, IMP_SCENE_ERROR, IMP_SCENE_ERROR_SYNTAX,
                   "%s:1:1: error: expected JSON that json-glib reads, got: %s", file,
                   json_error->message);
      return NULL;
    }

  Loader ld = { 0 };
  ld.file = file;
  ld.positions = positions;
  ld.root = json_parser_get_root (parser);
  ld.ids = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  ld.circle_ids = g_ptr_array_new ();
  ld.info = info_out != NULL ? g_new0 (ImpSceneInfo, 1) : NULL;

  gboolean ok = load_scene (&ld);

  g_hash_table_unref (ld.ids);
  g_ptr_array_unref (ld.circle_ids);
  if (!ok)
    {
      g_propagate_error (error, ld.error);
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
 * @error: return location for an %IMP_SCENE_ERROR
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
 * @error: return location for an %IMP_SCENE_ERROR
 *
 * Reads and loads a scene file; @path is FILE in error messages. When the file
 * cannot be read the error is %IMP_SCENE_ERROR_IO with the message
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
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &io_error))
    {
      g_set_error (error, IMP_SCENE_ERROR, IMP_SCENE_ERROR_IO,
                   "%s: error: cannot read the scene: %s", path, io_error->message);
      return NULL;
    }
  return imp_scene_load_data_full (contents, (gssize) length, path, info_out, error);
}

/**
 * imp_scene_load_file:
 * @path: a file path, or a "resource://" URI
 * @error: return location for an %IMP_SCENE_ERROR
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
