/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-body-fields.c: editable numbers of bodies; see the header. */
#include "imp-body-fields.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imp-i18n.h"
#include "imp-session-file.h"

G_DEFINE_QUARK (imp-body-field-error-quark, imp_body_field_error)

/* A row: the double of a PhysEdit the field reads and writes, and the bit a set edit of it
 * switches on. */
#define FIELD(key, label, tooltip, kind, range, member, bit)                                       \
  {                                                                                                \
    key, label, tooltip, PHYS_BODY_##kind, IMP_RANGE_##range, offsetof (PhysEdit, member), bit     \
  }

static const ImpBodyField circle_fields[] = {
  FIELD ("x", "x", N_("Centre, x (world units)"), CIRCLE, ANY, position.x, PHYS_EDIT_POSITION),
  FIELD ("y", "y", N_("Centre, y (world units)"), CIRCLE, ANY, position.y, PHYS_EDIT_POSITION),
  FIELD ("vx", "vx", N_("Velocity, x (units per time unit)"), CIRCLE, ANY, velocity.x,
         PHYS_EDIT_VELOCITY),
  FIELD ("vy", "vy", N_("Velocity, y (units per time unit)"), CIRCLE, ANY, velocity.y,
         PHYS_EDIT_VELOCITY),
  FIELD ("radius", "r", N_("Radius, greater than 0"), CIRCLE, POSITIVE, radius, PHYS_EDIT_RADIUS),
  FIELD ("mass", "m", N_("Mass, greater than 0"), CIRCLE, POSITIVE, mass, PHYS_EDIT_MASS),
  FIELD ("restitution", "e", N_("Restitution, from 0 (no bounce) to 1 (elastic)"), CIRCLE, UNIT,
         restitution, PHYS_EDIT_RESTITUTION),
  FIELD ("friction", "\u03bc", N_("Friction coefficient, 0 or more"), CIRCLE, FRICTION, friction,
         PHYS_EDIT_FRICTION),
  FIELD ("angle", "\u03b8", N_("Angle, radians (positive turns clockwise on screen)"), CIRCLE, ANY,
         angle, PHYS_EDIT_ANGLE),
  FIELD ("omega", "\u03c9", N_("Angular velocity, radians per time unit (clockwise on screen)"),
         CIRCLE, ANY, angular_velocity, PHYS_EDIT_ANGULAR_VELOCITY),
};

static const ImpBodyField segment_fields[] = {
  FIELD ("ax", "Ax", N_("End A, x"), SEGMENT, ANY, a.x, PHYS_EDIT_ENDS),
  FIELD ("ay", "Ay", N_("End A, y"), SEGMENT, ANY, a.y, PHYS_EDIT_ENDS),
  FIELD ("bx", "Bx", N_("End B, x"), SEGMENT, ANY, b.x, PHYS_EDIT_ENDS),
  FIELD ("by", "By", N_("End B, y"), SEGMENT, ANY, b.y, PHYS_EDIT_ENDS),
  FIELD ("restitution", "e", N_("Restitution, from 0 (no bounce) to 1 (elastic)"), SEGMENT, UNIT,
         restitution, PHYS_EDIT_RESTITUTION),
  FIELD ("friction", "\u03bc", N_("Friction coefficient, 0 or more"), SEGMENT, FRICTION, friction,
         PHYS_EDIT_FRICTION),
};

static const ImpBodyField probe_fields[] = {
  FIELD ("x", "x", N_("Position, x (world units)"), PROBE, ANY, position.x, PHYS_EDIT_POSITION),
  FIELD ("y", "y", N_("Position, y (world units)"), PROBE, ANY, position.y, PHYS_EDIT_POSITION),
  FIELD ("vx", "vx", N_("Velocity, x (units per time unit)"), PROBE, ANY, velocity.x,
         PHYS_EDIT_VELOCITY),
  FIELD ("vy", "vy", N_("Velocity, y (units per time unit)"), PROBE, ANY, velocity.y,
         PHYS_EDIT_VELOCITY),
};

static const ImpBodyField polygon_fields[] = {
  FIELD ("x", "x", N_("Centre of mass, x (world units)"), POLYGON, ANY, position.x,
         PHYS_EDIT_POSITION),
  FIELD ("y", "y", N_("Centre of mass, y (world units)"), POLYGON, ANY, position.y,
         PHYS_EDIT_POSITION),
  FIELD ("vx", "vx", N_("Velocity of the centre of mass, x (units per time unit)"), POLYGON, ANY,
         velocity.x, PHYS_EDIT_VELOCITY),
  FIELD ("vy", "vy", N_("Velocity of the centre of mass, y (units per time unit)"), POLYGON, ANY,
         velocity.y, PHYS_EDIT_VELOCITY),
  FIELD ("angle", "\u03b8", N_("Angle about the centre of mass, radians (positive turns clockwise "
                               "on screen)"),
         POLYGON, ANY, angle, PHYS_EDIT_ANGLE),
  FIELD ("omega", "\u03c9", N_("Angular velocity, radians per time unit (clockwise on screen)"),
         POLYGON, ANY, angular_velocity, PHYS_EDIT_ANGULAR_VELOCITY),
  FIELD ("density", "\u03c1", N_("Density, mass per square world unit (the mass follows)"), POLYGON,
         POSITIVE, density, PHYS_EDIT_DENSITY),
  FIELD ("mass", "m", N_("Mass, greater than 0 (the density follows)"), POLYGON, POSITIVE, mass,
         PHYS_EDIT_MASS),
  FIELD ("restitution", "e", N_("Restitution, from 0 (no bounce) to 1 (elastic)"), POLYGON, UNIT,
         restitution, PHYS_EDIT_RESTITUTION),
  FIELD ("friction", "\u03bc", N_("Friction coefficient, 0 or more"), POLYGON, FRICTION, friction,
         PHYS_EDIT_FRICTION),
};

static const ImpBodyField curve_fields[] = {
  FIELD ("p0x", "P\u2080x", N_("Control point P0 (the start), x"), CURVE, ANY, curve.p[0].x,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("p0y", "P\u2080y", N_("Control point P0 (the start), y"), CURVE, ANY, curve.p[0].y,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("p1x", "P\u2081x", N_("Control point P1, x"), CURVE, ANY, curve.p[1].x,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("p1y", "P\u2081y", N_("Control point P1, y"), CURVE, ANY, curve.p[1].y,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("p2x", "P\u2082x", N_("Control point P2, x"), CURVE, ANY, curve.p[2].x,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("p2y", "P\u2082y", N_("Control point P2, y"), CURVE, ANY, curve.p[2].y,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("p3x", "P\u2083x", N_("Control point P3 (the end), x"), CURVE, ANY, curve.p[3].x,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("p3y", "P\u2083y", N_("Control point P3 (the end), y"), CURVE, ANY, curve.p[3].y,
         PHYS_EDIT_CONTROL_POINTS),
  FIELD ("restitution", "e", N_("Restitution, from 0 (no bounce) to 1 (elastic)"), CURVE, UNIT,
         restitution, PHYS_EDIT_RESTITUTION),
  FIELD ("friction", "\u03bc", N_("Friction coefficient, 0 or more"), CURVE, FRICTION, friction,
         PHYS_EDIT_FRICTION),
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
    case PHYS_BODY_POLYGON:
      *n = G_N_ELEMENTS (polygon_fields);
      return polygon_fields;
    case PHYS_BODY_CURVE:
      *n = G_N_ELEMENTS (curve_fields);
      return curve_fields;
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

/* The value slot of field in an edit. */
static double *
slot (PhysEdit *edit, const ImpBodyField *field)
{
  return (double *) G_STRUCT_MEMBER_P (edit, field->offset);
}

double
imp_body_field_get (const PhysWorld *world, PhysBodyRef body, const ImpBodyField *field)
{
  g_return_val_if_fail (body.kind == field->kind, NAN);
  PhysEdit edit = imp_body_edit_of (world, body, 0);
  return *slot (&edit, field);
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
  if (field->range == IMP_RANGE_FRICTION && !(x >= 0.0 && x <= PHYS_MAX_FRICTION))
    {
      g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                   _("%s: expected a number from 0 to 1000000, got %s"), field->label,
                   clean->str);
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
  edit.angle = c.angle;
  edit.angular_velocity = c.angular_velocity;
  edit.friction = c.friction;
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
  edit.friction = s.friction;
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

PhysEdit
imp_body_edit_polygon (const PhysWorld *world, int polygon, PhysEditField fields)
{
  PhysPolygonBody p = phys_world_get_polygon (world, polygon);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_POLYGON, p.name);
  edit.fields = fields;
  edit.position = p.position;
  edit.velocity = p.velocity;
  edit.angle = p.angle;
  edit.angular_velocity = p.angular_velocity;
  edit.density = p.density;
  edit.mass = p.mass;
  edit.restitution = p.restitution;
  edit.friction = p.friction;
  edit.fixed = p.fixed;
  edit.integrator = p.integrator;
  return edit;
}

PhysEdit
imp_body_edit_curve (const PhysWorld *world, int curve, PhysEditField fields)
{
  PhysCurve c = phys_world_get_curve (world, curve);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CURVE, c.name);
  edit.fields = fields;
  edit.curve = c.curve;
  edit.restitution = c.restitution;
  edit.friction = c.friction;
  return edit;
}

PhysEdit
imp_body_edit_of (const PhysWorld *world, PhysBodyRef body, PhysEditField fields)
{
  switch (body.kind)
    {
    case PHYS_BODY_SEGMENT:
      return imp_body_edit_segment (world, body.index, fields);
    case PHYS_BODY_PROBE:
      return imp_body_edit_probe (world, body.index, fields);
    case PHYS_BODY_POLYGON:
      return imp_body_edit_polygon (world, body.index, fields);
    case PHYS_BODY_CURVE:
      return imp_body_edit_curve (world, body.index, fields);
    case PHYS_BODY_CIRCLE:
    default:
      return imp_body_edit_circle (world, body.index, fields);
    }
}

gboolean
imp_body_field_edit (const PhysWorld *world, PhysBodyRef body, const ImpBodyField *field,
                     double value, PhysEdit *edit, GError **error)
{
  g_return_val_if_fail (body.kind == field->kind, FALSE);
  *edit = imp_body_edit_of (world, body, field->bit);
  *slot (edit, field) = value;
  if (body.kind == PHYS_BODY_SEGMENT && edit->a.x == edit->b.x && edit->a.y == edit->b.y)
    {
      g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                   _("%s: the ends A and B would be the same point; a segment needs two"),
                   field->label);
      return FALSE;
    }
  if (body.kind == PHYS_BODY_CURVE)
    {
      gboolean one_point = TRUE;
      for (int k = 1; k < 4; k++)
        if (edit->curve.p[k].x != edit->curve.p[0].x || edit->curve.p[k].y != edit->curve.p[0].y)
          one_point = FALSE;
      if (one_point)
        {
          g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                       _("%s: all four control points would be the same point; a curve needs a "
                         "length"),
                       field->label);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
imp_body_is_editable (const PhysWorld *world, PhysBodyRef body)
{
  if (body.index < 0 || body.index >= phys_world_body_count (world, body.kind))
    return FALSE;
  return body.kind != PHYS_BODY_SEGMENT || !phys_world_get_segment (world, body.index).is_bound;
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
  PhysEditKind kind;
  switch (body.kind)
    {
    case PHYS_BODY_SEGMENT:
      kind = PHYS_EDIT_REMOVE_SEGMENT;
      break;
    case PHYS_BODY_POLYGON:
      kind = PHYS_EDIT_REMOVE_POLYGON;
      break;
    case PHYS_BODY_CURVE:
      kind = PHYS_EDIT_REMOVE_CURVE;
      break;
    case PHYS_BODY_CIRCLE:
    default:
      kind = PHYS_EDIT_REMOVE_CIRCLE;
      break;
    }
  return phys_edit_init (kind, phys_world_body_name (world, body));
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

/* Where a polygon edit would put the polygon's corners: FALSE when it does not place one (or
 * names no polygon: the world says what is wrong then). */
static gboolean
polygon_corners (const PhysWorld *world, const PhysEdit *edit, PhysPolygonWorld *placed)
{
  if (edit->kind == PHYS_EDIT_ADD_POLYGON)
    {
      /* The shape about its own origin, placed by the edit's pose, as the world will. */
      if (phys_polygon_validate (edit->shape.vertices, edit->shape.count).status
          != PHYS_POLYGON_OK)
        return FALSE;
      *placed = phys_polygon_place (&edit->shape,
                                    phys_pose (edit->position.x, edit->position.y, edit->angle));
      return TRUE;
    }
  if (edit->kind != PHYS_EDIT_SET_POLYGON
      || (edit->fields & (PHYS_EDIT_POSITION | PHYS_EDIT_ANGLE)) == 0)
    return FALSE;
  PhysBodyRef ref;
  if (!phys_world_find (world, edit->name, &ref) || ref.kind != PHYS_BODY_POLYGON)
    return FALSE;
  PhysPolygonBody now = phys_world_get_polygon (world, ref.index);
  PhysVec2 c = edit->fields & PHYS_EDIT_POSITION ? edit->position : now.position;
  double angle = edit->fields & PHYS_EDIT_ANGLE ? edit->angle : now.angle;
  *placed = phys_polygon_place (&now.shape, phys_pose (c.x, c.y, angle));
  return TRUE;
}

/* A polygon placed where its corners leave the world's bounds is refused, as a circle is. */
static gboolean
check_polygon_place (const PhysWorld *world, const PhysEdit *edit, GError **error)
{
  const PhysWorldDef *def = phys_world_get_def (world);
  PhysPolygonWorld placed;
  if (!def->has_bounds || !polygon_corners (world, edit, &placed))
    return TRUE;
  PhysAabb box = def->bounds;
  for (int k = 0; k < placed.count; k++)
    {
      PhysVec2 v = placed.vertices[k];
      if (v.x < box.min.x || v.x > box.max.x || v.y < box.min.y || v.y > box.max.y)
        {
          g_set_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE,
                       _("%s: its corner at (%g, %g) would be outside the world's bounds (x %g "
                         "to %g, y %g to %g)"),
                       edit->name, v.x, v.y, box.min.x, box.max.x, box.min.y, box.max.y);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
imp_body_edit_check_place (const PhysWorld *world, const PhysEdit *edit, char **warning,
                           GError **error)
{
  *warning = NULL;
  PhysVec2 centre;
  double r;
  if (edit->kind == PHYS_EDIT_ADD_POLYGON || edit->kind == PHYS_EDIT_SET_POLYGON)
    return check_polygon_place (world, edit, error);
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

/* Why a polygon edit is out of range when a quantity it implies is (its mass, moment of inertia,
 * area), or NULL. */
static char *
derived_reason (const PhysWorld *world, const PhysEdit *edit)
{
  PhysReal value, area;
  switch (world != NULL ? phys_edit_polygon_derived (world, edit, &value, &area)
                        : PHYS_POLYGON_DERIVED_OK)
    {
    case PHYS_POLYGON_DERIVED_EXTENT:
      return g_strdup_printf (_("a vertex would lie %g from its origin, beyond 1e30"), value);
    case PHYS_POLYGON_DERIVED_AREA:
      return g_strdup_printf (_("its area would be %g, outside 1e-30 to 1e30"), value);
    case PHYS_POLYGON_DERIVED_MASS:
      return g_strdup_printf (_("its mass would be %g (density %g times area %g), outside 1e-30 "
                                "to 1e30"),
                              value, edit->density, area);
    case PHYS_POLYGON_DERIVED_INERTIA:
      return g_strdup_printf (_("its moment of inertia would be %g, outside 1e-30 to 1e30"),
                              value);
    case PHYS_POLYGON_DERIVED_OK:
    default:
      return NULL;
    }
}

void
imp_body_edit_refused (const PhysWorld *world, PhysStatus status, const PhysEdit *edit,
                       GError **error)
{
  g_autofree char *what = NULL;
  g_autofree char *derived = NULL;
  if (edit->kind == PHYS_EDIT_SET_WORLD)
    what = g_strdup (_("Changing the world"));
  else
    switch (imp_edit_kind_verb (edit->kind))
      {
      case IMP_EDIT_ADD:
        what = g_strdup_printf (_("Adding %s"), edit->name);
        break;
      case IMP_EDIT_REMOVE:
        what = g_strdup_printf (_("Removing %s"), edit->name);
        break;
      case IMP_EDIT_SET:
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
      derived = derived_reason (world, edit);
      why = derived != NULL ? derived : _("a value is outside its range");
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
