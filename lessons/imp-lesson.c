/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson.c: the lesson loader. docs/lesson-format.md is its specification.
 *
 * Like the scene and session loaders it reads through ImpJsonReader, so every
 * mistake is reported at its line and column; the scene is read by
 * imp-scene-ref.c, and a verdict goal's "show" edit by the session format's
 * edit reader. Body names are checked against the scene's initial world.
 */
#include "imp-lesson.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-file.h"
#include "imp-json-reader.h"
#include "imp-lesson-markup.h"
#include "imp-lesson-vocabulary.h"
#include "imp-scene-ref.h"
#include "imp-session-file.h"
#include "impulse-lessons-resources.h"

#define VERSION_KEY "impulse-lesson"
#define VERSION_KEY_TYPOS 3
/* More steps than this is two lessons. */
#define MAX_STEPS 20

typedef struct
{
  ImpJsonReader reader; /* first, so that field readers find the loader */
  const char *data;
  gsize length;
  ImpLesson *lesson;
  PhysWorld *start; /* the scene as the lesson's edits leave it: the bodies steps name */
} Loader;

static const char *const goal_kinds[] = { "none", "frame", "event", "verdict", "predict", "mode" };

/**
 * imp_goal_kind_name:
 * @kind: a goal kind
 *
 * Returns: its name in lesson files ("none", "frame", "event", "verdict", "predict", "mode")
 */
const char *
imp_goal_kind_name (ImpGoalKind kind)
{
  return (guint) kind < G_N_ELEMENTS (goal_kinds) ? goal_kinds[kind] : "unknown";
}

/* Modes */

/**
 * imp_lesson_modes_named:
 * @change: what a lesson names
 *
 * Returns: whether @change names a teaching mode, the integrator or substeps
 */
gboolean
imp_lesson_modes_named (const ImpLessonModes *change)
{
  return change->mode_mask != 0 || change->has_integrator || change->substeps > 0;
}

/**
 * imp_lesson_modes_apply:
 * @change: what a lesson names
 * @def: (inout): world settings
 *
 * Sets in @def what @change names and leaves the rest.
 */
void
imp_lesson_modes_apply (const ImpLessonModes *change, PhysWorldDef *def)
{
  PhysModes given = change->modes;

  if (change->mode_mask & IMP_LESSON_MODE_DETECTION)
    def->modes.detection = given.detection;
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    if (change->mode_mask & imp_teaching_modes[i].bit)
      *imp_teaching_mode_flag (&def->modes, &imp_teaching_modes[i])
          = *imp_teaching_mode_flag (&given, &imp_teaching_modes[i]);
  if (change->has_integrator)
    def->integrator = change->integrator;
  if (change->substeps > 0)
    def->substeps = change->substeps;
}

/**
 * imp_lesson_modes_hold:
 * @change: what a lesson names
 * @def: world settings
 *
 * Returns: whether @def already has what @change names
 */
gboolean
imp_lesson_modes_hold (const ImpLessonModes *change, const PhysWorldDef *def)
{
  PhysWorldDef after = *def;

  imp_lesson_modes_apply (change, &after);
  return memcmp (&after.modes, &def->modes, sizeof after.modes) == 0
         && after.integrator == def->integrator && after.substeps == def->substeps;
}

/* Values */

static gboolean
read_text (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  const char *s;

  if (!imp_json_reader_string (reader, value, field->key, -1, &s))
    return FALSE;
  if (s[0] == '\0')
    return imp_json_reader_fail (reader, value, IMP_FORMAT_ERROR_RANGE,
                                 _("expected text for \"%s\", got an empty string"), field->key);
  *IMP_JSON_FIELD_PTR (def, field, char *) = g_strdup (s);
  return TRUE;
}

static gboolean
read_lesson_id (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  const char *id;

  if (!imp_json_reader_id (reader, value, field->key, FALSE, &id))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, char *) = g_strdup (id);
  return TRUE;
}

static gboolean
read_name_in (ImpJsonReader *reader, JsonNode *value, const char *key, const char *const *names,
              gsize n, char **out)
{
  int choice;

  if (!imp_json_reader_choice (reader, value, key, names, n, IMP_FORMAT_ERROR_RANGE, &choice))
    return FALSE;
  *out = g_strdup (names[choice]);
  return TRUE;
}

static gboolean
read_topic (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return read_name_in (reader, value, field->key, imp_topic_names, IMP_N_TOPIC_NAMES,
                       IMP_JSON_FIELD_PTR (def, field, char *));
}

static gboolean
read_frame (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return imp_json_reader_integer (reader, value, field->key, 0, IMP_LESSON_MAX_FRAME,
                                  IMP_JSON_FIELD_PTR (def, field, gint64));
}

static gboolean
read_positive (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  return imp_json_field_positive (reader, value, field, def);
}

/* A list of 1 to max body names of the scene; kinds are checked by the caller. */
static gboolean
read_bodies (Loader *ld, JsonNode *value, const char *key, int min, int max, char **names, int *n)
{
  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (&ld->reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of %d to %d body ids for \"%s\", got %s"),
                                 min, max, key, imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  int count = (int) json_array_get_length (array);
  if (count < min || count > max)
    {
      g_autofree char *want = min == max ? g_strdup_printf ("%d", min)
                                         : g_strdup_printf (_("%d to %d"), min, max);
      return imp_json_reader_fail (&ld->reader, value, IMP_FORMAT_ERROR_TYPE,
                                   _("expected %s body ids for \"%s\", got %d"), want, key, count);
    }
  for (int i = 0; i < count; i++)
    {
      JsonNode *element = json_array_get_element (array, (guint) i);
      const char *id;
      PhysBodyRef ref;
      if (!imp_json_reader_id (&ld->reader, element, key, TRUE, &id))
        return FALSE;
      if (!phys_world_find (ld->start, id, &ref))
        return imp_json_reader_fail (&ld->reader, element, IMP_FORMAT_ERROR_UNKNOWN_ID,
                                     _("expected the id of a body of the lesson's scene in \"%s\", "
                                       "got \"%s\""),
                                     key, id);
      names[i] = g_strdup (id);
    }
  *n = count;
  return TRUE;
}

/* Two bodies the physics can test against each other. */
static gboolean
check_pair (Loader *ld, JsonNode *value, char *const *names)
{
  PhysBodyRef a, b;

  phys_world_find (ld->start, names[0], &a);
  phys_world_find (ld->start, names[1], &b);
  gboolean ok = (a.kind == PHYS_BODY_CIRCLE && b.kind != PHYS_BODY_PROBE)
                || (a.kind == PHYS_BODY_PROBE && b.kind == PHYS_BODY_SEGMENT)
                || imp_lesson_pair_is_rigid (a, b);
  if (!ok || strcmp (names[0], names[1]) == 0)
    return imp_json_reader_fail (
        &ld->reader, value, IMP_FORMAT_ERROR_UNKNOWN_ID,
        _("expected a pair the physics tests (two circles, a circle then a "
           "segment, a probe then a segment, a polygon and anything but a probe, or a "
           "circle and a curve), got \"%s\" and \"%s\""),
        names[0], names[1]);
  return TRUE;
}

/**
 * imp_lesson_pair_is_rigid:
 * @a: a body
 * @b: another
 *
 * Returns: whether @a and @b, in either order, are a rigid pair: a polygon and
 *   anything but a probe, or a circle and a curve (docs/rigid-bodies.md)
 */
gboolean
imp_lesson_pair_is_rigid (PhysBodyRef a, PhysBodyRef b)
{
  gboolean polygon = (a.kind == PHYS_BODY_POLYGON && b.kind != PHYS_BODY_PROBE)
                     || (b.kind == PHYS_BODY_POLYGON && a.kind != PHYS_BODY_PROBE);
  gboolean curve = (a.kind == PHYS_BODY_CIRCLE && b.kind == PHYS_BODY_CURVE)
                   || (b.kind == PHYS_BODY_CIRCLE && a.kind == PHYS_BODY_CURVE);
  return polygon || curve;
}

/* Modes, integrator and substeps, in an "enter" or a mode goal. */
static gboolean
read_modes_into (Loader *ld, JsonObject *object, ImpLessonModes *out)
{
  JsonNode *modes = json_object_get_member (object, "modes");
  JsonNode *integrator = json_object_get_member (object, "integrator");
  JsonNode *substeps = json_object_get_member (object, "substeps");

  if (modes != NULL)
    {
      if (!imp_json_reader_expect_object (&ld->reader, modes, "modes")
          || !imp_json_reader_object (&ld->reader, modes, "modes", imp_modes_fields,
                                      G_N_ELEMENTS (imp_modes_fields), sizeof (ImpJsonField),
                                      &out->modes))
        return FALSE;
      JsonObject *m = json_node_get_object (modes);
      if (json_object_has_member (m, "detection"))
        out->mode_mask |= IMP_LESSON_MODE_DETECTION;
      for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
        if (json_object_has_member (m, imp_teaching_modes[i].key))
          out->mode_mask |= imp_teaching_modes[i].bit;
      if (out->mode_mask == 0)
        return imp_json_reader_fail (&ld->reader, modes, IMP_FORMAT_ERROR_MISSING,
                                     _("expected at least one teaching mode in \"modes\""));
    }
  if (integrator != NULL)
    {
      static const ImpJsonField field
          = { "integrator", FALSE, imp_json_field_world_integrator, 0 };
      if (!field.read (&ld->reader, integrator, &field, &out->integrator))
        return FALSE;
      out->has_integrator = TRUE;
    }
  if (substeps != NULL)
    {
      static const ImpJsonField field = { "substeps", FALSE, imp_json_field_substeps, 0 };
      if (!field.read (&ld->reader, substeps, &field, &out->substeps))
        return FALSE;
    }
  return TRUE;
}

/* Step text: a markup mistake is placed at its character inside the string. */
static gboolean
check_markup (Loader *ld, JsonNode *value, const char *text)
{
  ImpLessonText parsed;
  gsize offset;
  g_autofree char *message = NULL;

  if (imp_lesson_text_parse (text, &parsed, &offset, &message))
    {
      imp_lesson_text_clear (&parsed);
      return TRUE;
    }
  /* A JSON string has no raw line breaks: walk its source text, escapes and
   * all, to the character that decodes to byte `offset`. */
  ImpJsonLocation at = imp_json_reader_location (&ld->reader, value, FALSE);
  int id = imp_json_positions_locate (ld->reader.positions, ld->reader.root, value);
  gsize source_length = 0;
  const char *source = id >= 0 ? imp_json_positions_text (ld->reader.positions, id, &source_length)
                               : "\"\"";
  const char *end = source + source_length;
  gsize decoded = 0;
  int column = at.column + 1;
  for (const char *p = source + 1; p < end && *p != '"' && decoded < offset; column++)
    {
      if (*p == '\\' && p[1] == 'u')
        {
          /* \uXXXX: the bytes of its character (a surrogate half counts as its pair's half) */
          char hex[5] = { 0 };
          memcpy (hex, p + 2, 4);
          gunichar c = (gunichar) g_ascii_strtoull (hex, NULL, 16);
          decoded += c >= 0xD800 && c < 0xE000 ? 2 : (gsize) g_unichar_to_utf8 (c, NULL);
          p += 6;
        }
      else if (*p == '\\')
        {
          decoded += 1;
          p += 2;
        }
      else
        {
          const char *next = g_utf8_next_char (p);
          decoded += (gsize) (next - p);
          p = next;
        }
    }
  if (ld->reader.error == NULL)
    ld->reader.error
        = g_error_new (IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_MARKUP, "%s:%d:%d: error: %s",
                       ld->reader.file, at.line, column, message);
  return FALSE;
}

/* The "enter" action */

static gboolean
load_action (Loader *ld, JsonNode *node, ImpLessonAction *action)
{
  static const ImpJsonField fields[] = {
    { "frame", FALSE, read_frame, offsetof (ImpLessonAction, frame) },
    { "event", FALSE, imp_json_field_event_index, offsetof (ImpLessonAction, event) },
    { "select", FALSE, imp_json_field_skip, 0 },
    { "overlays", FALSE, imp_json_field_overlays, offsetof (ImpLessonAction, overlays) },
    { "zoom", FALSE, read_positive, offsetof (ImpLessonAction, zoom) },
    { "modes", FALSE, imp_json_field_skip, 0 },
    { "integrator", FALSE, imp_json_field_skip, 0 },
    { "substeps", FALSE, imp_json_field_skip, 0 },
  };

  if (!imp_json_reader_expect_object (&ld->reader, node, "enter")
      || !imp_json_reader_object (&ld->reader, node, "enter", fields, G_N_ELEMENTS (fields),
                                  sizeof (ImpJsonField), action))
    return FALSE;
  JsonObject *object = json_node_get_object (node);
  action->has_frame = json_object_has_member (object, "frame");
  if (!json_object_has_member (object, "event"))
    action->event = -1;
  else if (!action->has_frame)
    return imp_json_reader_fail (&ld->reader, node, IMP_FORMAT_ERROR_MISSING,
                                 _("missing required key \"frame\" in enter (\"event\" counts the "
                                   "events of that frame)"));

  JsonNode *select = json_object_get_member (object, "select");
  action->has_select = select != NULL;
  if (select != NULL
      && (!read_bodies (ld, select, "select", 0, 2, action->select, &action->n_select)
          || (action->n_select == 2 && !check_pair (ld, select, action->select))))
    return FALSE;

  action->has_overlays = json_object_has_member (object, "overlays");
  return read_modes_into (ld, object, &action->modes);
}

/* Goals */

static gboolean
read_verdict_name (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  const char *names[PHYS_VERDICT_HIT + 1 + PHYS_PROBE_STILL + 1 + 2];
  gsize n = 0;

  /* The static contact test's verdicts, for rigid pairs ("overlapping" is already there). */
  names[n++] = phys_contact_verdict_name (PHYS_CONTACT_SEPARATED);
  names[n++] = phys_contact_verdict_name (PHYS_CONTACT_TOUCHING);
  for (int v = 0; v <= PHYS_VERDICT_HIT; v++)
    names[n++] = phys_verdict_name ((PhysVerdict) v);
  for (int v = 0; v <= PHYS_PROBE_STILL; v++)
    names[n++] = phys_probe_verdict_name ((PhysProbeVerdict) v);
  return read_name_in (reader, value, field->key, names, n,
                       IMP_JSON_FIELD_PTR (def, field, char *));
}

static gboolean
read_event_kind (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  const char *names[PHYS_N_EVENT_KINDS];
  int kind;

  for (int k = 0; k < PHYS_N_EVENT_KINDS; k++)
    names[k] = phys_event_kind_name ((PhysEventKind) k);
  if (!imp_json_reader_choice (reader, value, field->key, names, G_N_ELEMENTS (names),
                               IMP_FORMAT_ERROR_RANGE, &kind))
    return FALSE;
  *IMP_JSON_FIELD_PTR (def, field, guint32) = 1u << kind;
  return TRUE;
}

static gboolean
read_quantity (ImpJsonReader *reader, JsonNode *value, const ImpJsonField *field, gpointer def)
{
  const char *names[64];

  g_assert (imp_n_quantities <= G_N_ELEMENTS (names));
  for (gsize i = 0; i < imp_n_quantities; i++)
    names[i] = imp_quantities[i].name;
  return read_name_in (reader, value, field->key, names, imp_n_quantities,
                       IMP_JSON_FIELD_PTR (def, field, char *));
}

#define GOAL_FIELD(key, required, read, member)                                                    \
  {                                                                                                \
    key, required, read, offsetof (ImpLessonGoal, member)                                          \
  }
#define GOAL_HEAD                                                                                  \
  GOAL_FIELD ("type", TRUE, imp_json_field_skip, kind),                                            \
      GOAL_FIELD ("hint", TRUE, read_text, hint)

static const ImpJsonField frame_goal_fields[] = {
  GOAL_HEAD,
  GOAL_FIELD ("frame", TRUE, read_frame, frame),
};
static const ImpJsonField event_goal_fields[] = {
  GOAL_HEAD,
  GOAL_FIELD ("frame", FALSE, read_frame, frame),
  GOAL_FIELD ("kind", FALSE, read_event_kind, event_kinds),
  GOAL_FIELD ("between", FALSE, imp_json_field_skip, bodies),
};
static const ImpJsonField verdict_goal_fields[] = {
  GOAL_HEAD,
  GOAL_FIELD ("frame", TRUE, read_frame, frame),
  GOAL_FIELD ("between", TRUE, imp_json_field_skip, bodies),
  GOAL_FIELD ("verdict", TRUE, read_verdict_name, verdict),
  GOAL_FIELD ("show", TRUE, imp_json_field_skip, show_edit),
};
static const ImpJsonField predict_goal_fields[] = {
  GOAL_HEAD,
  GOAL_FIELD ("frame", TRUE, read_frame, frame),
  GOAL_FIELD ("quantity", TRUE, read_quantity, quantity),
  GOAL_FIELD ("of", FALSE, imp_json_field_skip, bodies),
  GOAL_FIELD ("tolerance", TRUE, read_positive, tolerance),
  GOAL_FIELD ("expect", FALSE, imp_json_field_finite, expect),
};
static const ImpJsonField mode_goal_fields[] = {
  GOAL_HEAD,
  GOAL_FIELD ("modes", FALSE, imp_json_field_skip, modes),
  GOAL_FIELD ("integrator", FALSE, imp_json_field_skip, modes),
  GOAL_FIELD ("substeps", FALSE, imp_json_field_skip, modes),
  GOAL_FIELD ("frame", FALSE, read_frame, frame),
};

static const struct
{
  const ImpJsonField *fields;
  gsize n;
} goal_tables[] = {
  [IMP_GOAL_FRAME] = { frame_goal_fields, G_N_ELEMENTS (frame_goal_fields) },
  [IMP_GOAL_EVENT] = { event_goal_fields, G_N_ELEMENTS (event_goal_fields) },
  [IMP_GOAL_VERDICT] = { verdict_goal_fields, G_N_ELEMENTS (verdict_goal_fields) },
  [IMP_GOAL_PREDICT] = { predict_goal_fields, G_N_ELEMENTS (predict_goal_fields) },
  [IMP_GOAL_MODE] = { mode_goal_fields, G_N_ELEMENTS (mode_goal_fields) },
};

/* The verdict names a test of this pair gives. */
static gboolean
check_verdict_fits (Loader *ld, JsonNode *node, ImpLessonGoal *goal)
{
  PhysBodyRef a, b;
  gboolean probe_verdict = FALSE, contact_verdict = FALSE, swept_verdict = FALSE;

  phys_world_find (ld->start, goal->bodies[0], &a);
  phys_world_find (ld->start, goal->bodies[1], &b);
  for (int v = 0; v <= PHYS_PROBE_STILL; v++)
    if (strcmp (goal->verdict, phys_probe_verdict_name ((PhysProbeVerdict) v)) == 0)
      probe_verdict = TRUE;
  for (int v = 0; v <= PHYS_CONTACT_OVERLAPPING; v++)
    if (strcmp (goal->verdict, phys_contact_verdict_name ((PhysContactVerdict) v)) == 0)
      contact_verdict = TRUE;
  for (int v = 0; v <= PHYS_VERDICT_HIT; v++)
    if (strcmp (goal->verdict, phys_verdict_name ((PhysVerdict) v)) == 0)
      swept_verdict = TRUE;
  gboolean rigid = imp_lesson_pair_is_rigid (a, b);
  gboolean fits = rigid                        ? contact_verdict
                  : a.kind == PHYS_BODY_PROBE ? probe_verdict
                                               : swept_verdict;
  if (!fits)
    return imp_json_reader_fail (
        &ld->reader, json_object_get_member (json_node_get_object (node), "verdict"),
        IMP_FORMAT_ERROR_RANGE, _("expected a %s verdict for \"%s\" and \"%s\", got \"%s\""),
        rigid ? "contact-test" : a.kind == PHYS_BODY_PROBE ? "probe" : "swept-test",
        goal->bodies[0], goal->bodies[1], goal->verdict);
  return TRUE;
}

static gboolean
load_goal (Loader *ld, JsonNode *node, ImpLessonGoal *goal)
{
  int kind;

  if (!imp_json_reader_expect_object (&ld->reader, node, "goal"))
    return FALSE;
  JsonObject *object = json_node_get_object (node);
  JsonNode *type = json_object_get_member (object, "type");
  goal->location = imp_json_reader_location (&ld->reader, node, FALSE);
  goal->frame = -1;
  if (type == NULL)
    return imp_json_reader_fail (&ld->reader, node, IMP_FORMAT_ERROR_MISSING,
                                 _("missing required key \"type\" in goal (one of \"frame\", "
                                   "\"event\", \"verdict\", \"predict\", \"mode\")"));
  if (!imp_json_reader_choice (&ld->reader, type, "type", goal_kinds + 1,
                               G_N_ELEMENTS (goal_kinds) - 1, IMP_FORMAT_ERROR_RANGE, &kind))
    return FALSE;
  goal->kind = (ImpGoalKind) (kind + 1);
  g_autofree char *what = g_strdup_printf ("%s goal", goal_kinds[goal->kind]);
  if (!imp_json_reader_object (&ld->reader, node, what, goal_tables[goal->kind].fields,
                               goal_tables[goal->kind].n, sizeof (ImpJsonField), goal))
    return FALSE;

  JsonNode *between = json_object_get_member (object, "between");
  JsonNode *of = json_object_get_member (object, "of");
  switch (goal->kind)
    {
    case IMP_GOAL_EVENT:
      if (between != NULL
          && (!read_bodies (ld, between, "between", 2, 2, goal->bodies, &goal->n_bodies)
              || !check_pair (ld, between, goal->bodies)))
        return FALSE;
      return TRUE;
    case IMP_GOAL_VERDICT:
      {
        ImpSessionFileEdit edit;
        if (!read_bodies (ld, between, "between", 2, 2, goal->bodies, &goal->n_bodies)
            || !check_pair (ld, between, goal->bodies) || !check_verdict_fits (ld, node, goal)
            || !imp_session_file_read_edit (&ld->reader, json_object_get_member (object, "show"),
                                            IMP_FORMAT_ERROR_RANGE, &edit))
          return FALSE;
        if (edit.frame != goal->frame)
          return imp_json_reader_fail (
              &ld->reader, json_object_get_member (object, "show"), IMP_FORMAT_ERROR_RANGE,
              _("expected the \"show\" edit at the goal's frame %lld, got frame %lld"),
              (long long) goal->frame, (long long) edit.frame);
        goal->has_show_edit = TRUE;
        goal->show_edit = edit.edit;
        return TRUE;
      }
    case IMP_GOAL_PREDICT:
      {
        const ImpQuantityInfo *info = imp_quantity_find (goal->quantity);
        goal->has_expect = json_object_has_member (object, "expect");
        int want = info->scope == IMP_QUANTITY_WORLD ? 0 : info->scope == IMP_QUANTITY_BODY ? 1 : 2;
        if (want == 0 && of == NULL)
          return TRUE;
        if (of == NULL)
          return imp_json_reader_fail (&ld->reader, node, IMP_FORMAT_ERROR_MISSING,
                                       _("missing required key \"of\" in predict goal (\"%s\", %s, "
                                         "is measured on %s)"),
                                       goal->quantity, _(info->meaning),
                                       want == 1 ? _("one body") : _("a pair of bodies"));
        if (want == 0)
          return imp_json_reader_fail_at_key (&ld->reader, of, IMP_FORMAT_ERROR_UNKNOWN_KEY,
                                              _("unknown key \"of\" for \"%s\", a quantity of the "
                                                "whole world"),
                                              goal->quantity);
        if (!read_bodies (ld, of, "of", want, want, goal->bodies, &goal->n_bodies))
          return FALSE;
        return want == 1 || check_pair (ld, of, goal->bodies);
      }
    case IMP_GOAL_MODE:
      if (!read_modes_into (ld, object, &goal->modes))
        return FALSE;
      if (!imp_lesson_modes_named (&goal->modes))
        return imp_json_reader_fail (&ld->reader, node, IMP_FORMAT_ERROR_MISSING,
                                     _("missing \"modes\", \"integrator\" or \"substeps\" in mode "
                                       "goal (what the learner switches)"));
      return TRUE;
    case IMP_GOAL_FRAME:
    case IMP_GOAL_NONE:
    default:
      return TRUE;
    }
}

/* Steps */

static gboolean
load_step (Loader *ld, JsonNode *node, ImpLessonStep *step)
{
  static const ImpJsonField fields[] = {
    { "title", FALSE, read_text, offsetof (ImpLessonStep, title) },
    { "text", TRUE, read_text, offsetof (ImpLessonStep, text) },
    { "enter", FALSE, imp_json_field_skip, 0 },
    { "goal", FALSE, imp_json_field_skip, 0 },
  };

  step->location = imp_json_reader_location (&ld->reader, node, FALSE);
  step->action.event = -1;
  step->goal.frame = -1;
  if (!imp_json_reader_expect_object (&ld->reader, node, "steps")
      || !imp_json_reader_object (&ld->reader, node, "step", fields, G_N_ELEMENTS (fields),
                                  sizeof (ImpJsonField), step))
    return FALSE;
  JsonObject *object = json_node_get_object (node);
  if (!check_markup (ld, json_object_get_member (object, "text"), step->text))
    return FALSE;
  JsonNode *enter = json_object_get_member (object, "enter");
  if (enter != NULL && !load_action (ld, enter, &step->action))
    return FALSE;
  JsonNode *goal = json_object_get_member (object, "goal");
  return goal == NULL || load_goal (ld, goal, &step->goal);
}

/**
 * imp_lesson_goal_init:
 * @goal: (out caller-allocates): a goal's memory
 *
 * Makes @goal no goal (%IMP_GOAL_NONE, no frame), holding nothing.
 */
void
imp_lesson_goal_init (ImpLessonGoal *goal)
{
  memset (goal, 0, sizeof *goal);
  goal->frame = -1;
}

/**
 * imp_lesson_goal_clear:
 * @goal: a goal
 *
 * Frees what @goal holds and makes it no goal (%IMP_GOAL_NONE, no frame).
 */
void
imp_lesson_goal_clear (ImpLessonGoal *goal)
{
  for (int i = 0; i < 2; i++)
    g_free (goal->bodies[i]);
  g_free (goal->verdict);
  g_free (goal->quantity);
  g_free (goal->hint);
  imp_lesson_goal_init (goal);
}

/**
 * imp_lesson_goal_copy:
 * @dest: (out caller-allocates): where the copy goes (not holding anything)
 * @src: a goal
 *
 * Copies @src, its strings too.
 */
void
imp_lesson_goal_copy (ImpLessonGoal *dest, const ImpLessonGoal *src)
{
  *dest = *src;
  for (int i = 0; i < 2; i++)
    dest->bodies[i] = g_strdup (src->bodies[i]);
  dest->verdict = g_strdup (src->verdict);
  dest->quantity = g_strdup (src->quantity);
  dest->hint = g_strdup (src->hint);
}

/**
 * imp_lesson_step_clear:
 * @step: a step
 *
 * Frees what @step holds.
 */
void
imp_lesson_step_clear (ImpLessonStep *step)
{
  g_free (step->title);
  g_free (step->text);
  for (int i = 0; i < 2; i++)
    g_free (step->action.select[i]);
  imp_lesson_goal_clear (&step->goal);
}

static void
clear_step (gpointer data)
{
  imp_lesson_step_clear (data);
}

/* Edits: the scene set up before the lesson starts */

/* Reads "edits" (session-format edits, all at frame 0) and applies them to a copy
 * of the scene, where the steps name their bodies; an edit the world refuses is
 * reported at its place, in the session format's words. */
static gboolean
load_edits (Loader *ld, JsonNode *value)
{
  ld->start = phys_world_copy (ld->lesson->world);
  if (value == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (value))
    return imp_json_reader_fail (&ld->reader, value, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of edit objects for \"edits\", got %s"),
                                 imp_json_reader_describe (value));
  JsonArray *array = json_node_get_array (value);
  g_autoptr (ImpSessionFile) as_session
      = imp_session_file_new (phys_world_copy (ld->lesson->world), NULL, "{}");
  as_session->file = g_strdup (ld->reader.file);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      ImpSessionFileEdit edit;
      if (!imp_session_file_read_edit (&ld->reader, node, IMP_FORMAT_ERROR_RANGE, &edit))
        return FALSE;
      JsonObject *object = json_node_get_object (node);
      if (edit.frame != 0)
        return imp_json_reader_fail (
            &ld->reader, json_object_get_member (object, "frame"), IMP_FORMAT_ERROR_RANGE,
            _("expected \"frame\": 0 in a lesson's edit (a lesson starts from its scene as its "
              "edits leave it; a change later in the run is a verdict goal's \"show\"), got %d"),
            (int) edit.frame);
      edit.location = imp_json_reader_location (&ld->reader, node, FALSE);
      JsonNode *id = json_object_get_member (object, "id");
      edit.id_location = id != NULL ? imp_json_reader_location (&ld->reader, id, FALSE)
                                    : edit.location;
      g_array_append_val (ld->lesson->edits, edit);
      g_array_append_val (as_session->edits, edit);
    }
  guint applied = 0;
  if (!imp_session_file_apply_edits (as_session, ld->start, &applied, &ld->reader.error))
    return FALSE;
  return TRUE;
}

/**
 * imp_lesson_new_timeline:
 * @lesson: a lesson
 *
 * The recording a lesson starts from: its scene with its edits applied at
 * frame 0 (each a branch, as a session's are).
 *
 * Returns: (transfer full): a timeline of the lesson's world, nothing recorded
 */
PhysTimeline *
imp_lesson_new_timeline (const ImpLesson *lesson)
{
  PhysTimeline *timeline = phys_timeline_new (lesson->world, NULL);

  for (guint i = 0; i < lesson->edits->len; i++)
    {
      PhysStatus status = phys_timeline_edit (
          timeline, 0, &g_array_index (lesson->edits, ImpSessionFileEdit, i).edit);
      g_assert (status == PHYS_OK); /* the loader applied these very edits to this world */
    }
  return timeline;
}

/* The lesson */

static gboolean
load_lesson (Loader *ld)
{
  static const ImpJsonField fields[] = {
    { VERSION_KEY, TRUE, imp_json_field_skip, 0 },
    { "id", TRUE, read_lesson_id, offsetof (ImpLesson, id) },
    { "title", TRUE, read_text, offsetof (ImpLesson, title) },
    { "summary", TRUE, read_text, offsetof (ImpLesson, summary) },
    { "topic", TRUE, read_topic, offsetof (ImpLesson, topic) },
    { "scene", TRUE, imp_json_field_skip, 0 },
    { "edits", FALSE, imp_json_field_skip, 0 },
    { "steps", TRUE, imp_json_field_skip, 0 },
  };
  JsonNode *root = ld->reader.root;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return imp_json_reader_fail (&ld->reader, root, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an object at the top level, got %s"),
                                 imp_json_reader_describe (root));
  JsonObject *object = json_node_get_object (root);
  JsonNode *version = json_object_get_member (object, VERSION_KEY);
  if (version == NULL)
    return imp_json_reader_fail (
        &ld->reader, root, IMP_FORMAT_ERROR_VERSION,
        _("missing required key \"%s\" in lesson (the format version, %d)"), VERSION_KEY,
        IMP_LESSON_FORMAT_VERSION);
  if (!imp_json_reader_version (&ld->reader, version, VERSION_KEY, IMP_LESSON_FORMAT_VERSION,
                                "lesson format")
      || !imp_json_reader_object (&ld->reader, root, "lesson", fields, G_N_ELEMENTS (fields),
                                  sizeof (ImpJsonField), ld->lesson))
    return FALSE;

  ImpSceneRef ref;
  if (!imp_scene_ref_load (&ld->reader, ld->data, ld->length, ld->lesson->base_dir, "lesson", &ref))
    {
      imp_scene_ref_clear (&ref);
      return FALSE;
    }
  ld->lesson->world = g_steal_pointer (&ref.world);
  ld->lesson->scene_path = g_steal_pointer (&ref.path);
  ld->lesson->scene_text = g_steal_pointer (&ref.text);
  imp_scene_ref_clear (&ref);
  if (!load_edits (ld, json_object_get_member (object, "edits")))
    return FALSE;

  JsonNode *steps = json_object_get_member (object, "steps");
  if (!JSON_NODE_HOLDS_ARRAY (steps))
    return imp_json_reader_fail (&ld->reader, steps, IMP_FORMAT_ERROR_TYPE,
                                 _("expected an array of step objects for \"steps\", got %s"),
                                 imp_json_reader_describe (steps));
  JsonArray *array = json_node_get_array (steps);
  guint n = json_array_get_length (array);
  if (n == 0 || n > MAX_STEPS)
    return imp_json_reader_fail (&ld->reader, steps, IMP_FORMAT_ERROR_RANGE,
                                 _("expected 1 to %d steps, got %u"), MAX_STEPS, n);
  for (guint i = 0; i < n; i++)
    {
      ImpLessonStep step = { 0 };
      gboolean ok = load_step (ld, json_array_get_element (array, i), &step);
      g_array_append_val (ld->lesson->steps, step);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Translations */

/* Replaces *text with its translation from the catalog (po/extract-lessons.py put the
 * course's texts there) when there is one that keeps the numbers, and for markup the
 * references and math, of the English; else the English stays. */
static void
translate (char **text, gboolean markup)
{
  if (*text == NULL || **text == '\0')
    return;
  const char *translated = g_dgettext (GETTEXT_PACKAGE, *text);
  if (translated == *text || strcmp (translated, *text) == 0
      || !imp_lesson_translation_fits (*text, translated, markup))
    return;
  g_free (*text);
  *text = g_strdup (translated);
}

/* A lesson's texts in the learner's language, after the English ones were checked
 * (errors point into the file, which holds the English). */
static void
translate_lesson (ImpLesson *lesson)
{
  translate (&lesson->title, FALSE);
  translate (&lesson->summary, FALSE);
  for (guint i = 0; i < lesson->steps->len; i++)
    {
      ImpLessonStep *step = &g_array_index (lesson->steps, ImpLessonStep, i);
      translate (&step->title, FALSE);
      translate (&step->text, TRUE);
      translate (&step->goal.hint, FALSE);
    }
}

/* Public API */

static ImpLesson *
lesson_alloc (void)
{
  ImpLesson *lesson = g_new0 (ImpLesson, 1);

  lesson->steps = g_array_new (FALSE, TRUE, sizeof (ImpLessonStep));
  g_array_set_clear_func (lesson->steps, clear_step);
  lesson->edits = g_array_new (FALSE, TRUE, sizeof (ImpSessionFileEdit));
  return lesson;
}

/**
 * imp_lesson_free:
 * @lesson: (transfer full) (nullable): a lesson
 */
void
imp_lesson_free (ImpLesson *lesson)
{
  if (lesson == NULL)
    return;
  g_free (lesson->file);
  g_free (lesson->id);
  g_free (lesson->title);
  g_free (lesson->summary);
  g_free (lesson->topic);
  g_free (lesson->scene_path);
  g_free (lesson->scene_text);
  g_free (lesson->base_dir);
  phys_world_free (lesson->world);
  g_array_unref (lesson->steps);
  g_array_unref (lesson->edits);
  g_free (lesson);
}

/**
 * imp_lesson_load_data:
 * @data: (array length=length): the lesson's JSON text
 * @length: its length in bytes, or -1 when NUL-terminated
 * @display_name: (nullable): FILE in error messages; "<data>" when %NULL
 * @base_dir: (nullable): what a relative "scene" file name is relative to
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Returns: (transfer full) (nullable): the lesson, or %NULL with @error set
 */
ImpLesson *
imp_lesson_load_data (const char *data, gssize length, const char *display_name,
                      const char *base_dir, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  const char *file = display_name != NULL ? display_name : "<data>";
  gsize size = length >= 0 ? (gsize) length : strlen (data);
  Loader ld = { 0 };

  ld.data = data;
  ld.length = size;
  ld.lesson = lesson_alloc ();
  ld.lesson->file = g_strdup (file);
  ld.lesson->base_dir = g_strdup (base_dir);
  gboolean ok = imp_json_reader_init (&ld.reader, data, size, file) && load_lesson (&ld);
  if (!ok)
    {
      g_propagate_error (error, g_steal_pointer (&ld.reader.error));
      g_clear_pointer (&ld.lesson, imp_lesson_free);
    }
  else
    translate_lesson (ld.lesson);
  imp_json_reader_clear (&ld.reader);
  phys_world_free (ld.start);
  return ld.lesson;
}

/**
 * imp_lesson_load:
 * @path: a file name, or a URI such as "resource:///org/impulselab/Impulse/lessons/x.json"
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Reads and loads a lesson file; @path is FILE in error messages and a relative
 * "scene" is relative to @path's directory.
 *
 * Returns: (transfer full) (nullable): the lesson, or %NULL with @error set
 */
ImpLesson *
imp_lesson_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  g_autoptr (GFile) file = imp_scene_ref_file (path);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr (GError) io_error = NULL;

  (void) impulse_lessons_get_resource ();
  if (!imp_file_load (file, &contents, &length, &io_error))
    {
      g_autofree char *what = g_strdup_printf (_("cannot read the lesson: %s"), io_error->message);
      g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO, "%s: error: %s", path, what);
      return NULL;
    }
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autofree char *base_dir = NULL;
  if (imp_scene_ref_is_uri (path))
    base_dir = parent != NULL ? g_file_get_uri (parent) : NULL;
  else
    base_dir = g_path_get_dirname (path);
  return imp_lesson_load_data (contents, (gssize) length, path, base_dir, error);
}

/**
 * imp_lesson_sniff_data:
 * @data: (array length=length): a JSON document
 * @length: its length in bytes
 *
 * Returns: whether @data looks like a lesson (its top-level object has
 *   "impulse-lesson", or a near misspelling of it)
 */
gboolean
imp_lesson_sniff_data (const char *data, gsize length)
{
  return imp_json_sniff_key (data, length, VERSION_KEY, VERSION_KEY_TYPOS);
}

/**
 * imp_lesson_sniff:
 * @path: a file name or URI
 *
 * Returns: %FALSE when @path cannot be read or is not a lesson
 */
gboolean
imp_lesson_sniff (const char *path)
{
  return imp_scene_ref_sniff_file (path, VERSION_KEY, VERSION_KEY_TYPOS);
}

/**
 * imp_lesson_n_steps:
 * @lesson: a lesson
 *
 * Returns: how many steps it has (at least one)
 */
guint
imp_lesson_n_steps (const ImpLesson *lesson)
{
  return lesson->steps->len;
}

/**
 * imp_lesson_get_step:
 * @lesson: a lesson
 * @i: a step index, below imp_lesson_n_steps()
 *
 * Returns: (transfer none): the step
 */
const ImpLessonStep *
imp_lesson_get_step (const ImpLesson *lesson, guint i)
{
  g_return_val_if_fail (i < lesson->steps->len, NULL);
  return &g_array_index (lesson->steps, ImpLessonStep, i);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/**
 * imp_lesson_list_shipped:
 *
 * The lessons compiled into the application, as "resource://" URIs, in course
 * order (their file names start with the lesson's number).
 *
 * Returns: (transfer full) (array zero-terminated=1): the URIs
 */
char **
imp_lesson_list_shipped (void)
{
  g_autoptr (GPtrArray) uris = g_ptr_array_new ();

  (void) impulse_lessons_get_resource ();
  g_auto (GStrv) names = g_resources_enumerate_children (IMP_LESSON_RESOURCE_PATH,
                                                         G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_str_has_suffix (names[i], ".json"))
      g_ptr_array_add (uris, g_strconcat ("resource://", IMP_LESSON_RESOURCE_PATH, names[i], NULL));
  g_ptr_array_sort (uris, compare_strings);
  g_ptr_array_add (uris, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&uris), FALSE);
}
