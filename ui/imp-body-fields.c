/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-body-fields.c: editable numbers of bodies; see the header. */
#include "imp-body-fields.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imp-i18n.h"

G_DEFINE_QUARK (imp-body-field-error-quark, imp_body_field_error)

static const ImpBodyField circle_fields[] = {
  { "x", "x", N_("Centre, x (world units)"), PHYS_BODY_CIRCLE, IMP_RANGE_ANY },
  { "y", "y", N_("Centre, y (world units)"), PHYS_BODY_CIRCLE, IMP_RANGE_ANY },
  { "vx", "vx", N_("Velocity, x (units per time unit)"), PHYS_BODY_CIRCLE, IMP_RANGE_ANY },
  { "vy", "vy", N_("Velocity, y (units per time unit)"), PHYS_BODY_CIRCLE, IMP_RANGE_ANY },
  { "radius", "r", N_("Radius, greater than 0"), PHYS_BODY_CIRCLE, IMP_RANGE_POSITIVE },
  { "mass", "m", N_("Mass, greater than 0"), PHYS_BODY_CIRCLE, IMP_RANGE_POSITIVE },
  { "restitution", "e", N_("Restitution, from 0 (no bounce) to 1 (elastic)"), PHYS_BODY_CIRCLE,
    IMP_RANGE_UNIT },
};

static const ImpBodyField segment_fields[] = {
  { "ax", "Ax", N_("End A, x"), PHYS_BODY_SEGMENT, IMP_RANGE_ANY },
  { "ay", "Ay", N_("End A, y"), PHYS_BODY_SEGMENT, IMP_RANGE_ANY },
  { "bx", "Bx", N_("End B, x"), PHYS_BODY_SEGMENT, IMP_RANGE_ANY },
  { "by", "By", N_("End B, y"), PHYS_BODY_SEGMENT, IMP_RANGE_ANY },
  { "restitution", "e", N_("Restitution, from 0 (no bounce) to 1 (elastic)"), PHYS_BODY_SEGMENT,
    IMP_RANGE_UNIT },
};

static const ImpBodyField probe_fields[] = {
  { "x", "x", N_("Position, x (world units)"), PHYS_BODY_PROBE, IMP_RANGE_ANY },
  { "y", "y", N_("Position, y (world units)"), PHYS_BODY_PROBE, IMP_RANGE_ANY },
  { "vx", "vx", N_("Velocity, x (units per time unit)"), PHYS_BODY_PROBE, IMP_RANGE_ANY },
  { "vy", "vy", N_("Velocity, y (units per time unit)"), PHYS_BODY_PROBE, IMP_RANGE_ANY },
};

const ImpBodyField *
imp_body_fields (PhysBodyKind kind, int *n)
{
  switch (kind)
    {
    case PHYS_BODY_CIRCLE:
      *n = G_N_ELEMENTS (circle_fields);
      return circle_fields;
    case PHYS_BODY_SEGMENT:
      *n = G_N_ELEMENTS (segment_fields);
      return segment_fields;
    case PHYS_BODY_PROBE:
      *n = G_N_ELEMENTS (probe_fields);
      return probe_fields;
    default:
      *n = 0;
      return NULL;
    }
}

const ImpBodyField *
imp_body_field_lookup (PhysBodyKind kind, const char *key)
{
  int n;
  const ImpBodyField *fields = imp_body_fields (kind, &n);
  for (int i = 0; i < n; i++)
    if (strcmp (fields[i].key, key) == 0)
      return &fields[i];
  return NULL;
}

static gboolean
is (const ImpBodyField *field, const char *key)
{
  return strcmp (field->key, key) == 0;
}

double
imp_body_field_get (const PhysWorld *world, PhysBodyRef body, const ImpBodyField *field)
{
  g_return_val_if_fail (body.kind == field->kind, NAN);
  if (body.kind == PHYS_BODY_CIRCLE)
    {
      PhysCircle c = phys_world_get_circle (world, body.index);
      const double values[] = { c.position.x, c.position.y, c.velocity.x,  c.velocity.y,
                                c.radius,     c.mass,       c.restitution };
      return values[field - circle_fields];
    }
  if (body.kind == PHYS_BODY_PROBE)
    {
      PhysProbe p = phys_world_get_probe (world, body.index);
      const double values[] = { p.position.x, p.position.y, p.velocity.x, p.velocity.y };
      return values[field - probe_fields];
    }
  PhysSegment s = phys_world_get_segment (world, body.index);
  const double values[] = { s.a.x, s.a.y, s.b.x, s.b.y, s.restitution };
  return values[field - segment_fields];
}

char *
imp_body_field_format (double value)
{
  /* The fewest digits that read back to the same double (0.1, not
   * 0.10000000000000001), up to ten: a mass from an area is 1256.637061, not
   * seventeen digits that no field is wide enough for. */
  for (int digits = 6; digits < 10; digits++)
    {
      /* In the locale's convention (0,25 in German), which the parser reads back. */
      char *text = g_strdup_printf ("%.*g", digits, value);
      double back;
      if (imp_i18n_parse_number (text, &back) && back == value)
        return text;
      g_free (text);
    }
  return g_strdup_printf ("%.10g", value);
}

gboolean
imp_body_field_parse (const ImpBodyField *field, const char *text, double *value, GError **error)
{
  g_autoptr (GString) clean = g_string_new (text);
  g_string_replace (clean, "\u2212", "-", 0);
  g_strstrip (clean->str);
  /* A point or the locale's decimal separator; "nan", "inf" and hexadecimal are refused. */
  double x;
  if (!imp_i18n_parse_number (clean->str, &x))
    {
      g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_NOT_A_NUMBER,
                   _("%s: expected a number, got \u201c%s\u201d"), field->label, clean->str);
      return FALSE;
    }
  if (field->range == IMP_RANGE_POSITIVE && !(x > 0.0))
    {
      g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                   _("%s: expected a number greater than 0, got %s"), field->label, clean->str);
      return FALSE;
    }
  if (field->range == IMP_RANGE_UNIT && !(x >= 0.0 && x <= 1.0))
    {
      g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                   _("%s: expected a number from 0 to 1, got %s"), field->label, clean->str);
      return FALSE;
    }
  *value = x;
  return TRUE;
}

PhysEdit
imp_body_edit_circle (const PhysWorld *world, int circle, PhysEditField fields)
{
  PhysCircle c = phys_world_get_circle (world, circle);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, c.name);
  edit.fields = fields;
  edit.position = c.position;
  edit.velocity = c.velocity;
  edit.radius = c.radius;
  edit.mass = c.mass;
  edit.restitution = c.restitution;
  edit.fixed = c.fixed;
  edit.collides = c.collides;
  edit.integrator = c.integrator;
  return edit;
}

PhysEdit
imp_body_edit_segment (const PhysWorld *world, int segment, PhysEditField fields)
{
  PhysSegment s = phys_world_get_segment (world, segment);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_SEGMENT, s.name);
  edit.fields = fields;
  edit.a = s.a;
  edit.b = s.b;
  edit.restitution = s.restitution;
  edit.response = s.response;
  return edit;
}

PhysEdit
imp_body_edit_probe (const PhysWorld *world, int probe, PhysEditField fields)
{
  PhysProbe p = phys_world_get_probe (world, probe);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_PROBE, p.name);
  edit.fields = fields;
  edit.position = p.position;
  edit.velocity = p.velocity;
  return edit;
}

gboolean
imp_body_field_edit (const PhysWorld *world, PhysBodyRef body, const ImpBodyField *field,
                     double value, PhysEdit *edit, GError **error)
{
  g_return_val_if_fail (body.kind == field->kind, FALSE);
  if (body.kind == PHYS_BODY_PROBE)
    {
      gboolean position = is (field, "x") || is (field, "y");
      *edit = imp_body_edit_probe (world, body.index,
                                   position ? PHYS_EDIT_POSITION : PHYS_EDIT_VELOCITY);
      double *slot[] = { &edit->position.x, &edit->position.y, &edit->velocity.x,
                         &edit->velocity.y };
      *slot[field - probe_fields] = value;
      return TRUE;
    }
  if (body.kind == PHYS_BODY_CIRCLE)
    {
      if (is (field, "x") || is (field, "y"))
        {
          *edit = imp_body_edit_circle (world, body.index, PHYS_EDIT_POSITION);
          *(is (field, "x") ? &edit->position.x : &edit->position.y) = value;
        }
      else if (is (field, "vx") || is (field, "vy"))
        {
          *edit = imp_body_edit_circle (world, body.index, PHYS_EDIT_VELOCITY);
          *(is (field, "vx") ? &edit->velocity.x : &edit->velocity.y) = value;
        }
      else if (is (field, "radius"))
        {
          *edit = imp_body_edit_circle (world, body.index, PHYS_EDIT_RADIUS);
          edit->radius = value;
        }
      else if (is (field, "mass"))
        {
          *edit = imp_body_edit_circle (world, body.index, PHYS_EDIT_MASS);
          edit->mass = value;
        }
      else
        {
          *edit = imp_body_edit_circle (world, body.index, PHYS_EDIT_RESTITUTION);
          edit->restitution = value;
        }
      return TRUE;
    }
  if (is (field, "restitution"))
    {
      *edit = imp_body_edit_segment (world, body.index, PHYS_EDIT_RESTITUTION);
      edit->restitution = value;
      return TRUE;
    }
  *edit = imp_body_edit_segment (world, body.index, PHYS_EDIT_ENDS);
  double *slot[] = { &edit->a.x, &edit->a.y, &edit->b.x, &edit->b.y };
  *slot[field - segment_fields] = value;
  if (edit->a.x == edit->b.x && edit->a.y == edit->b.y)
    {
      g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                   _("%s: the ends A and B would be the same point; a segment needs two"),
                   field->label);
      return FALSE;
    }
  return TRUE;
}

gboolean
imp_body_is_editable (const PhysWorld *world, PhysBodyRef body)
{
  if (body.kind == PHYS_BODY_CIRCLE)
    return body.index >= 0 && body.index < phys_world_circle_count (world);
  if (body.kind == PHYS_BODY_SEGMENT)
    return body.index >= 0 && body.index < phys_world_segment_count (world)
           && !phys_world_get_segment (world, body.index).is_bound;
  if (body.kind == PHYS_BODY_PROBE)
    return body.index >= 0 && body.index < phys_world_probe_count (world);
  return FALSE;
}

char *
imp_body_unused_name (const PhysWorld *world, const char *stem)
{
  for (int i = 1;; i++)
    {
      char *name = g_strdup_printf ("%s-%d", stem, i);
      PhysBodyRef ref;
      if (!phys_world_find (world, name, &ref))
        return name;
      g_free (name);
    }
}

PhysEdit
imp_body_edit_remove (const PhysWorld *world, PhysBodyRef body)
{
  return phys_edit_init (body.kind == PHYS_BODY_SEGMENT ? PHYS_EDIT_REMOVE_SEGMENT
                                                        : PHYS_EDIT_REMOVE_CIRCLE,
                         phys_world_body_name (world, body));
}

/* Distance from p to the closest point of the segment ab. */
static double
segment_distance (PhysVec2 p, PhysVec2 a, PhysVec2 b)
{
  PhysVec2 ab = phys_v2_sub (b, a);
  double len2 = phys_v2_dot (ab, ab);
  double s = len2 > 0.0 ? phys_v2_dot (phys_v2_sub (p, a), ab) / len2 : 0.0;
  s = CLAMP (s, 0.0, 1.0);
  return phys_v2_len (phys_v2_sub (p, phys_v2_add (a, phys_v2_scale (ab, s))));
}

gboolean
imp_body_edit_check_place (const PhysWorld *world, const PhysEdit *edit, char **warning,
                           GError **error)
{
  *warning = NULL;
  PhysVec2 centre;
  double r;
  if (edit->kind == PHYS_EDIT_ADD_CIRCLE)
    {
      centre = edit->position;
      r = edit->radius;
    }
  else if (edit->kind == PHYS_EDIT_SET_CIRCLE
           && (edit->fields & (PHYS_EDIT_POSITION | PHYS_EDIT_RADIUS)) != 0)
    {
      PhysBodyRef ref;
      if (!phys_world_find (world, edit->name, &ref) || ref.kind != PHYS_BODY_CIRCLE)
        return TRUE; /* the world itself says what is wrong with the name */
      PhysCircle now = phys_world_get_circle (world, ref.index);
      centre = edit->fields & PHYS_EDIT_POSITION ? edit->position : now.position;
      r = edit->fields & PHYS_EDIT_RADIUS ? edit->radius : now.radius;
    }
  else
    return TRUE;

  const PhysWorldDef *def = phys_world_get_def (world);
  if (def->has_bounds)
    {
      PhysAabb box = def->bounds;
      double x0 = box.min.x + r, x1 = box.max.x - r, y0 = box.min.y + r, y1 = box.max.y - r;
      if (x0 > x1 || y0 > y1)
        {
          g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                       _("%s: a radius of %g does not fit inside the world's bounds (%g by %g)"),
                       edit->name, r, box.max.x - box.min.x, box.max.y - box.min.y);
          return FALSE;
        }
      if (centre.x < x0 || centre.x > x1 || centre.y < y0 || centre.y > y1)
        {
          g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                       _("%s: (%g, %g) is outside the world's bounds; with radius %g the centre "
                         "must stay within x %g to %g and y %g to %g"),
                       edit->name, centre.x, centre.y, r, x0, x1, y0, y1);
          return FALSE;
        }
    }
  int n = phys_world_segment_count (world);
  for (int i = 0; i < n; i++)
    {
      PhysSegment wall = phys_world_get_segment (world, i);
      if (!wall.is_bound && segment_distance (centre, wall.a, wall.b) < r)
        {
          *warning = g_strdup_printf (_("%s now overlaps %s: the next frame pushes them apart "
                                        "(an embedded event)"),
                                      edit->name, wall.name);
          break;
        }
    }
  return TRUE;
}

void
imp_body_edit_refused (PhysStatus status, const PhysEdit *edit, GError **error)
{
  g_autofree char *what = NULL;
  switch (edit->kind)
    {
    case PHYS_EDIT_ADD_CIRCLE:
    case PHYS_EDIT_ADD_SEGMENT:
      what = g_strdup_printf (_("Adding %s"), edit->name);
      break;
    case PHYS_EDIT_REMOVE_CIRCLE:
    case PHYS_EDIT_REMOVE_SEGMENT:
      what = g_strdup_printf (_("Removing %s"), edit->name);
      break;
    case PHYS_EDIT_SET_WORLD:
      what = g_strdup (_("Changing the world"));
      break;
    default:
      what = g_strdup_printf (_("Editing %s"), edit->name);
      break;
    }
  const char *why;
  switch (status)
    {
    case PHYS_ERROR_NOT_FINITE:
      why = _("a value is not a finite number");
      break;
    case PHYS_ERROR_OUT_OF_RANGE:
      why = _("a value is outside its range");
      break;
    case PHYS_ERROR_LIMIT:
      why = _("the world holds as many bodies as it can");
      break;
    case PHYS_ERROR_UNKNOWN_BODY:
      why = _("the body is not in the world at this frame (or is a wall of the bounds)");
      break;
    case PHYS_ERROR_NAME:
      why = _("the name is empty, too long or already used");
      break;
    default:
      why = phys_status_name (status);
      break;
    }
  g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_REFUSED, _("%s refused: %s"), what,
               why);
}
