/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-edit.c: applying edits to a world. Every edit is checked whole before
 * anything changes, so a refused edit leaves the world as it was.
 */
#include <stdlib.h>
#include <string.h>

#include "phys-edit.h"
#include "phys-rigid-sleep-private.h"
#include "phys-world-private.h"

const char *
phys_edit_kind_name (PhysEditKind kind)
{
  switch (kind)
    {
    case PHYS_EDIT_SET_CIRCLE: return "set-circle";
    case PHYS_EDIT_ADD_CIRCLE: return "add-circle";
    case PHYS_EDIT_REMOVE_CIRCLE: return "remove-circle";
    case PHYS_EDIT_SET_SEGMENT: return "set-segment";
    case PHYS_EDIT_ADD_SEGMENT: return "add-segment";
    case PHYS_EDIT_REMOVE_SEGMENT: return "remove-segment";
    case PHYS_EDIT_SET_WORLD: return "set-world";
    case PHYS_EDIT_SET_PROBE: return "set-probe";
    case PHYS_EDIT_SET_POLYGON: return "set-polygon";
    case PHYS_EDIT_ADD_POLYGON: return "add-polygon";
    case PHYS_EDIT_REMOVE_POLYGON: return "remove-polygon";
    case PHYS_EDIT_SET_CURVE: return "set-curve";
    case PHYS_EDIT_ADD_CURVE: return "add-curve";
    case PHYS_EDIT_REMOVE_CURVE: return "remove-curve";
    default: return "unknown";
    }
}

PhysEdit
phys_edit_init (PhysEditKind kind, const char *name)
{
  PhysEdit e;
  memset (&e, 0, sizeof e);
  e.kind = kind;
  if (name != NULL)
    {
      size_t n = strlen (name);
      if (n >= PHYS_NAME_MAX)
        n = PHYS_NAME_MAX - 1;
      memcpy (e.name, name, n);
    }
  PhysCircleDef c = phys_circle_def_default ();
  e.radius = c.radius;
  e.restitution = c.restitution;
  e.collides = c.collides;
  e.integrator = c.integrator;
  e.response = PHYS_RESPONSE_REFLECT;
  e.substeps = 1;
  e.rest_speed = -1.0;
  e.sleep = true;
  PhysPolygonBodyDef p = phys_polygon_body_def_default ();
  e.density = p.density;
  e.friction = p.friction;
  return e;
}

static bool
unit_range (PhysReal x)
{
  return x >= 0.0 && x <= 1.0;
}

static bool
friction_range (PhysReal x)
{
  return x >= 0.0 && x <= PHYS_MAX_FRICTION;
}

/* The fields circles and polygons share beyond position and velocity: angle, angular velocity
 * and friction. */
static bool
rotation_finite (const PhysEdit *e, uint32_t fields)
{
  return !(((fields & PHYS_EDIT_ANGLE) && !isfinite (e->angle))
           || ((fields & PHYS_EDIT_ANGULAR_VELOCITY) && !isfinite (e->angular_velocity))
           || ((fields & PHYS_EDIT_FRICTION) && !isfinite (e->friction)));
}

static bool
rotation_in_range (const PhysEdit *e, uint32_t fields)
{
  return !(((fields & PHYS_EDIT_ANGLE) && !phys_real_within (e->angle, PHYS_MAX_MAGNITUDE))
           || ((fields & PHYS_EDIT_ANGULAR_VELOCITY)
               && !phys_real_within (e->angular_velocity, PHYS_MAX_MAGNITUDE))
           || ((fields & PHYS_EDIT_FRICTION) && !friction_range (e->friction)));
}

static PhysStatus
check_circle_fields (const PhysEdit *e, uint32_t fields)
{
  if (((fields & PHYS_EDIT_POSITION) && !phys_v2_is_finite (e->position))
      || ((fields & PHYS_EDIT_VELOCITY) && !phys_v2_is_finite (e->velocity))
      || ((fields & PHYS_EDIT_RADIUS) && !isfinite (e->radius))
      || ((fields & PHYS_EDIT_MASS) && !isfinite (e->mass))
      || ((fields & PHYS_EDIT_RESTITUTION) && !isfinite (e->restitution))
      || !rotation_finite (e, fields))
    return PHYS_ERROR_NOT_FINITE;
  if (!rotation_in_range (e, fields))
    return PHYS_ERROR_OUT_OF_RANGE;
  /* The same ranges as phys_world_add_circle(): sizes that neither overflow nor
   * underflow in a product, coordinates that stay finite in every product. */
  if (((fields & PHYS_EDIT_RADIUS) && (e->radius < PHYS_MIN_SIZE || e->radius > PHYS_MAX_MAGNITUDE))
      || ((fields & PHYS_EDIT_MASS) && (e->mass < PHYS_MIN_SIZE || e->mass > PHYS_MAX_MAGNITUDE))
      || ((fields & PHYS_EDIT_POSITION) && !phys_v2_within (e->position, PHYS_MAX_MAGNITUDE))
      || ((fields & PHYS_EDIT_VELOCITY) && !phys_v2_within (e->velocity, PHYS_MAX_MAGNITUDE))
      || ((fields & PHYS_EDIT_RESTITUTION) && !unit_range (e->restitution))
      || ((fields & PHYS_EDIT_INTEGRATOR)
          && (e->integrator < PHYS_INTEGRATOR_DEFAULT || e->integrator > PHYS_INTEGRATOR_VERLET)))
    return PHYS_ERROR_OUT_OF_RANGE;
  return PHYS_OK;
}

/* An edited world starts over from rest counts of zero: a body moved away may have
 * held up sleepers, and sleeping never outlives a change to what it rested on. The
 * world remembers the frame at which every count was zeroed, and only a step (which
 * moves the frame on) or a loaded state sets counts again: so many edits at one frame
 * (a session adding 200,000 circles) cost one pass over the circles, not one each. */
static void
wake_all (PhysWorld *world)
{
  /* Contacts remembered for warm starting name bodies by index and held them where they were:
   * an edit starts the next frame's solver afresh. */
  phys_world_forget_contacts (world);
  if (world->awake_frame == world->frame + 1)
    return;
  for (int i = 0; i < world->n_circles; i++)
    world->circles[i].rest_frames = 0;
  phys_rigid_sleep_wake_all (world);
  world->awake_frame = world->frame + 1;
}

static PhysStatus
set_circle (PhysWorld *world, const PhysEdit *e)
{
  PhysBodyRef ref;
  if (!phys_world_find (world, e->name, &ref) || ref.kind != PHYS_BODY_CIRCLE)
    return PHYS_ERROR_UNKNOWN_BODY;
  PhysStatus status = check_circle_fields (e, e->fields);
  if (status != PHYS_OK)
    return status;

  PhysCircle *c = &world->circles[ref.index];
  if (e->fields & PHYS_EDIT_POSITION)
    c->position = e->position;
  if (e->fields & PHYS_EDIT_VELOCITY)
    c->velocity = e->velocity;
  if (e->fields & PHYS_EDIT_RADIUS)
    c->radius = e->radius;
  if (e->fields & PHYS_EDIT_MASS)
    c->mass = e->mass;
  if (e->fields & PHYS_EDIT_RESTITUTION)
    c->restitution = e->restitution;
  if (e->fields & PHYS_EDIT_FIXED)
    c->fixed = e->fixed;
  if (e->fields & PHYS_EDIT_COLLIDES)
    c->collides = e->collides;
  if (e->fields & PHYS_EDIT_INTEGRATOR)
    c->integrator = e->integrator;
  if (e->fields & PHYS_EDIT_ANGLE)
    c->angle = e->angle;
  if (e->fields & PHYS_EDIT_ANGULAR_VELOCITY)
    c->angular_velocity = e->angular_velocity;
  if (e->fields & PHYS_EDIT_FRICTION)
    c->friction = e->friction;
  c->inv_mass = c->fixed ? 0.0 : 1.0 / c->mass;
  phys_circle_update_inertia (c);
  if (c->fixed)
    {
      c->velocity = phys_v2 (0.0, 0.0);
      c->angular_velocity = 0.0;
    }
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
add_circle (PhysWorld *world, const PhysEdit *e)
{
  PhysCircleDef def = phys_circle_def_default ();
  def.name = e->name;
  def.position = e->position;
  def.velocity = e->velocity;
  def.radius = e->radius;
  def.mass = e->mass;
  def.restitution = e->restitution;
  def.fixed = e->fixed;
  def.collides = e->collides;
  def.integrator = e->integrator;
  def.angle = e->angle;
  def.angular_velocity = e->angular_velocity;
  def.friction = e->friction;
  PhysStatus status = phys_world_add_circle (world, &def, NULL);
  if (status == PHYS_OK)
    wake_all (world);
  return status;
}

/* Renumbers a circle index after circle `gone` was removed: -1 when it was that one. */
static int
renumber (int index, int gone)
{
  if (index == gone)
    return -1;
  return index > gone ? index - 1 : index;
}

static PhysStatus
remove_circle (PhysWorld *world, const PhysEdit *e)
{
  PhysBodyRef ref;
  if (!phys_world_find (world, e->name, &ref) || ref.kind != PHYS_BODY_CIRCLE)
    return PHYS_ERROR_UNKNOWN_BODY;
  int gone = ref.index;

  memmove (world->circles + gone, world->circles + gone + 1,
           (size_t) (world->n_circles - gone - 1) * sizeof *world->circles);
  world->n_circles--;

  /* Forces: drop those that need the circle, renumber the rest, compact targets. */
  int *targets = malloc (((size_t) world->n_targets + 1) * sizeof *targets);
  if (targets == NULL)
    abort ();
  int n_targets = 0, n_forces = 0;
  for (int fi = 0; fi < world->n_forces; fi++)
    {
      PhysForce f = world->forces[fi];
      bool circle_a = f.kind_a == PHYS_BODY_CIRCLE, circle_b = f.kind_b == PHYS_BODY_CIRCLE;
      bool needs = f.source == gone || (circle_a && f.body_a == gone)
                   || (circle_b && f.body_b == gone);
      if (needs)
        continue;
      int first = n_targets;
      for (int k = 0; k < f.n_targets; k++)
        {
          int t = renumber (world->targets[f.first_target + k], gone);
          if (t >= 0)
            targets[n_targets++] = t;
        }
      /* A force that only had this target would silently apply to everyone: drop it. */
      if (f.n_targets > 0 && n_targets == first)
        continue;
      f.first_target = first;
      f.n_targets = n_targets - first;
      f.source = f.source >= 0 ? renumber (f.source, gone) : -1;
      if (circle_a)
        f.body_a = f.body_a >= 0 ? renumber (f.body_a, gone) : -1;
      if (circle_b)
        f.body_b = f.body_b >= 0 ? renumber (f.body_b, gone) : -1;
      world->forces[n_forces++] = f;
    }
  world->n_forces = n_forces;
  free (world->targets);
  world->targets = targets;
  world->n_targets = n_targets;
  world->cap_targets = world->n_targets + 1;

  phys_world_rebuild_names (world);
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
find_segment (const PhysWorld *world, const char *name, int *index)
{
  PhysBodyRef ref;
  if (!phys_world_find (world, name, &ref) || ref.kind != PHYS_BODY_SEGMENT
      || world->segments[ref.index].is_bound)
    return PHYS_ERROR_UNKNOWN_BODY;
  *index = ref.index;
  return PHYS_OK;
}

static PhysStatus
set_segment (PhysWorld *world, const PhysEdit *e)
{
  int index;
  if (find_segment (world, e->name, &index) != PHYS_OK)
    return PHYS_ERROR_UNKNOWN_BODY;
  if (((e->fields & PHYS_EDIT_ENDS) && (!phys_v2_is_finite (e->a) || !phys_v2_is_finite (e->b)))
      || ((e->fields & PHYS_EDIT_RESTITUTION) && !isfinite (e->restitution))
      || ((e->fields & PHYS_EDIT_FRICTION) && !isfinite (e->friction)))
    return PHYS_ERROR_NOT_FINITE;
  if (((e->fields & PHYS_EDIT_FRICTION) && !friction_range (e->friction))
      || ((e->fields & PHYS_EDIT_ENDS)
       && ((e->a.x == e->b.x && e->a.y == e->b.y) || !phys_v2_within (e->a, PHYS_MAX_MAGNITUDE)
           || !phys_v2_within (e->b, PHYS_MAX_MAGNITUDE)))
      || ((e->fields & PHYS_EDIT_RESTITUTION) && !unit_range (e->restitution))
      || ((e->fields & PHYS_EDIT_RESPONSE) && e->response != PHYS_RESPONSE_REFLECT
          && e->response != PHYS_RESPONSE_SLIDE))
    return PHYS_ERROR_OUT_OF_RANGE;
  PhysSegment *s = &world->segments[index];
  if (e->fields & PHYS_EDIT_ENDS)
    {
      s->a = e->a;
      s->b = e->b;
    }
  if (e->fields & PHYS_EDIT_RESTITUTION)
    s->restitution = e->restitution;
  if (e->fields & PHYS_EDIT_RESPONSE)
    s->response = e->response;
  if (e->fields & PHYS_EDIT_FRICTION)
    s->friction = e->friction;
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
add_segment (PhysWorld *world, const PhysEdit *e)
{
  PhysSegmentDef def = phys_segment_def_default ();
  def.name = e->name;
  def.a = e->a;
  def.b = e->b;
  def.restitution = e->restitution;
  def.response = e->response;
  def.friction = e->friction;
  PhysStatus status = phys_world_add_segment (world, &def, NULL);
  if (status == PHYS_OK)
    wake_all (world);
  return status;
}

static PhysStatus
remove_segment (PhysWorld *world, const PhysEdit *e)
{
  int index;
  if (find_segment (world, e->name, &index) != PHYS_OK)
    return PHYS_ERROR_UNKNOWN_BODY;
  memmove (world->segments + index, world->segments + index + 1,
           (size_t) (world->n_segments - index - 1) * sizeof *world->segments);
  world->n_segments--;
  phys_world_rebuild_names (world);
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
set_world (PhysWorld *world, const PhysEdit *e)
{
  PhysWorldDef def = world->def;
  if (e->fields & PHYS_EDIT_GRAVITY)
    def.gravity = e->gravity;
  if (e->fields & PHYS_EDIT_INTEGRATOR)
    def.integrator = e->integrator;
  if (e->fields & PHYS_EDIT_SUBSTEPS)
    def.substeps = e->substeps;
  if (e->fields & PHYS_EDIT_MODES)
    def.modes = e->modes;
  if (e->fields & PHYS_EDIT_SLEEP)
    def.sleep = e->sleep;
  bool auto_rest = world->auto_rest_speed;
  if (e->fields & PHYS_EDIT_REST_SPEED)
    {
      if (!isfinite (e->rest_speed))
        return PHYS_ERROR_NOT_FINITE;
      auto_rest = e->rest_speed < 0.0;
      def.rest_speed = e->rest_speed;
    }
  if (auto_rest)
    def.rest_speed = 2.0 * phys_v2_len (def.gravity) * def.dt;
  /* event_cap holds -1 for "automatic" once resolved; check with the user's meaning. */
  int cap = def.event_cap;
  def.event_cap = cap < 0 ? 0 : cap;
  PhysStatus status = phys_world_def_check (&def);
  if (status != PHYS_OK)
    return status;
  def.event_cap = cap;
  world->def = def;
  world->auto_rest_speed = auto_rest;
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
set_probe (PhysWorld *world, const PhysEdit *e)
{
  PhysBodyRef ref;
  if (!phys_world_find (world, e->name, &ref) || ref.kind != PHYS_BODY_PROBE)
    return PHYS_ERROR_UNKNOWN_BODY;
  if (((e->fields & PHYS_EDIT_POSITION) && !phys_v2_is_finite (e->position))
      || ((e->fields & PHYS_EDIT_VELOCITY) && !phys_v2_is_finite (e->velocity)))
    return PHYS_ERROR_NOT_FINITE;
  if (((e->fields & PHYS_EDIT_POSITION) && !phys_v2_within (e->position, PHYS_MAX_MAGNITUDE))
      || ((e->fields & PHYS_EDIT_VELOCITY) && !phys_v2_within (e->velocity, PHYS_MAX_MAGNITUDE)))
    return PHYS_ERROR_OUT_OF_RANGE;
  PhysProbe *p = &world->probes[ref.index];
  if (e->fields & PHYS_EDIT_POSITION)
    p->position = e->position;
  if (e->fields & PHYS_EDIT_VELOCITY)
    p->velocity = e->velocity;
  /* A probe touches nothing: no circle needs waking. */
  return PHYS_OK;
}

/* The mass properties a set edit's mass or density gives polygon p, and which leaves the range. */
static PhysPolygonDerived
edited_mass (const PhysPolygonBody *p, const PhysEdit *e, PhysMassProperties *mp, PhysReal *value)
{
  *mp = (e->fields & PHYS_EDIT_MASS) ? phys_polygon_mass_from_mass (&p->shape, e->mass)
                                     : phys_polygon_mass_from_density (&p->shape, e->density);
  *value = 0.0;
  if (!(mp->mass >= PHYS_MIN_SIZE && mp->mass <= PHYS_MAX_MAGNITUDE))
    {
      *value = mp->mass;
      return PHYS_POLYGON_DERIVED_MASS;
    }
  if (!(mp->inertia >= PHYS_MIN_SIZE && mp->inertia <= PHYS_MAX_MAGNITUDE))
    {
      *value = mp->inertia;
      return PHYS_POLYGON_DERIVED_INERTIA;
    }
  return PHYS_POLYGON_DERIVED_OK;
}

static PhysStatus
set_polygon (PhysWorld *world, const PhysEdit *e)
{
  PhysBodyRef ref;
  if (!phys_world_find (world, e->name, &ref) || ref.kind != PHYS_BODY_POLYGON)
    return PHYS_ERROR_UNKNOWN_BODY;
  uint32_t f = e->fields;
  if (((f & PHYS_EDIT_POSITION) && !phys_v2_is_finite (e->position))
      || ((f & PHYS_EDIT_VELOCITY) && !phys_v2_is_finite (e->velocity))
      || ((f & PHYS_EDIT_MASS) && !isfinite (e->mass))
      || ((f & PHYS_EDIT_DENSITY) && !isfinite (e->density))
      || ((f & PHYS_EDIT_RESTITUTION) && !isfinite (e->restitution)) || !rotation_finite (e, f))
    return PHYS_ERROR_NOT_FINITE;
  if (((f & PHYS_EDIT_POSITION) && !phys_v2_within (e->position, PHYS_MAX_MAGNITUDE))
      || ((f & PHYS_EDIT_VELOCITY) && !phys_v2_within (e->velocity, PHYS_MAX_MAGNITUDE))
      || ((f & PHYS_EDIT_MASS) && (e->mass < PHYS_MIN_SIZE || e->mass > PHYS_MAX_MAGNITUDE))
      || ((f & PHYS_EDIT_DENSITY)
          && (e->density < PHYS_MIN_SIZE || e->density > PHYS_MAX_MAGNITUDE))
      || ((f & PHYS_EDIT_MASS) && (f & PHYS_EDIT_DENSITY))
      || ((f & PHYS_EDIT_RESTITUTION) && !unit_range (e->restitution))
      || ((f & PHYS_EDIT_INTEGRATOR)
          && (e->integrator < PHYS_INTEGRATOR_DEFAULT || e->integrator > PHYS_INTEGRATOR_VERLET))
      || (f & (PHYS_EDIT_RADIUS | PHYS_EDIT_COLLIDES | PHYS_EDIT_ENDS | PHYS_EDIT_RESPONSE
               | PHYS_EDIT_CONTROL_POINTS))
      || !rotation_in_range (e, f))
    return PHYS_ERROR_OUT_OF_RANGE;

  PhysPolygonBody *p = &world->polygons[ref.index];
  if (f & (PHYS_EDIT_MASS | PHYS_EDIT_DENSITY))
    {
      /* The shape is kept about its centre of mass, so its moment about the centroid is the
       * body's; a mass gives the density that makes it, exactly as when the body was added. */
      PhysMassProperties mp;
      PhysReal value;
      if (edited_mass (p, e, &mp, &value) != PHYS_POLYGON_DERIVED_OK)
        return PHYS_ERROR_OUT_OF_RANGE;
      p->density = mp.density;
      p->mass = mp.mass;
      p->inertia = mp.inertia;
    }
  if (f & PHYS_EDIT_POSITION)
    p->position = e->position;
  if (f & PHYS_EDIT_VELOCITY)
    p->velocity = e->velocity;
  if (f & PHYS_EDIT_ANGLE)
    p->angle = e->angle;
  if (f & PHYS_EDIT_ANGULAR_VELOCITY)
    p->angular_velocity = e->angular_velocity;
  if (f & PHYS_EDIT_RESTITUTION)
    p->restitution = e->restitution;
  if (f & PHYS_EDIT_FRICTION)
    p->friction = e->friction;
  if (f & PHYS_EDIT_FIXED)
    p->fixed = e->fixed;
  if (f & PHYS_EDIT_INTEGRATOR)
    p->integrator = e->integrator;
  p->inv_mass = p->fixed ? 0.0 : 1.0 / p->mass;
  p->inv_inertia = p->fixed ? 0.0 : 1.0 / p->inertia;
  if (p->fixed)
    {
      p->velocity = phys_v2 (0.0, 0.0);
      p->angular_velocity = 0.0;
    }
  wake_all (world);
  return PHYS_OK;
}

/* The definition of the polygon an add edit makes. */
static PhysPolygonBodyDef
polygon_def_of (const PhysEdit *e)
{
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = e->name;
  def.vertices = e->shape.vertices;
  def.count = e->shape.count;
  def.position = e->position;
  def.angle = e->angle;
  def.velocity = e->velocity;
  def.angular_velocity = e->angular_velocity;
  def.density = e->density;
  def.mass = e->mass;
  def.restitution = e->restitution;
  def.friction = e->friction;
  def.fixed = e->fixed;
  def.integrator = e->integrator;
  return def;
}

static PhysStatus
add_polygon (PhysWorld *world, const PhysEdit *e)
{
  if (e->shape.count < 0 || e->shape.count > PHYS_POLYGON_MAX_VERTICES)
    return PHYS_ERROR_OUT_OF_RANGE;
  PhysPolygonBodyDef def = polygon_def_of (e);
  PhysStatus status = phys_world_add_polygon (world, &def, NULL, NULL);
  if (status == PHYS_OK)
    wake_all (world);
  return status;
}

static PhysStatus
remove_polygon (PhysWorld *world, const PhysEdit *e)
{
  PhysBodyRef ref;
  if (!phys_world_find (world, e->name, &ref) || ref.kind != PHYS_BODY_POLYGON)
    return PHYS_ERROR_UNKNOWN_BODY;
  int gone = ref.index;
  int after = world->n_polygons - gone - 1;

  memmove (world->polygons + gone, world->polygons + gone + 1,
           (size_t) after * sizeof *world->polygons);
  memmove (phys_world_memory (world, gone), phys_world_memory (world, gone + 1),
           (size_t) after * PHYS_CONTACT_SLOTS * sizeof *world->memory);
  world->n_polygons--;

  /* Springs that hold it go; the others' polygon ends are renumbered. Attractors and drag
   * name circles only. */
  int n_forces = 0;
  for (int fi = 0; fi < world->n_forces; fi++)
    {
      PhysForce f = world->forces[fi];
      bool spring = f.kind == PHYS_FORCE_SPRING || f.kind == PHYS_FORCE_BUNGEE;
      bool polygon_a = spring && f.kind_a == PHYS_BODY_POLYGON;
      bool polygon_b = spring && f.body_b >= 0 && f.kind_b == PHYS_BODY_POLYGON;
      if ((polygon_a && f.body_a == gone) || (polygon_b && f.body_b == gone))
        continue;
      if (polygon_a)
        f.body_a = renumber (f.body_a, gone);
      if (polygon_b)
        f.body_b = renumber (f.body_b, gone);
      world->forces[n_forces++] = f;
    }
  world->n_forces = n_forces;
  phys_world_rebuild_names (world);
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
find_curve (const PhysWorld *world, const char *name, int *index)
{
  PhysBodyRef ref;
  if (!phys_world_find (world, name, &ref) || ref.kind != PHYS_BODY_CURVE)
    return PHYS_ERROR_UNKNOWN_BODY;
  *index = ref.index;
  return PHYS_OK;
}

static PhysStatus
set_curve (PhysWorld *world, const PhysEdit *e)
{
  int index;
  if (find_curve (world, e->name, &index) != PHYS_OK)
    return PHYS_ERROR_UNKNOWN_BODY;
  if (e->fields & ~(uint32_t) (PHYS_EDIT_CONTROL_POINTS | PHYS_EDIT_RESTITUTION
                               | PHYS_EDIT_FRICTION))
    return PHYS_ERROR_OUT_OF_RANGE;
  PhysCurve *c = &world->curves[index];
  PhysCurveDef def = phys_curve_def_default ();
  def.curve = (e->fields & PHYS_EDIT_CONTROL_POINTS) ? e->curve : c->curve;
  def.restitution = (e->fields & PHYS_EDIT_RESTITUTION) ? e->restitution : c->restitution;
  def.friction = (e->fields & PHYS_EDIT_FRICTION) ? e->friction : c->friction;
  /* phys_curve_make() checks the new values as adding a curve does, and the box follows the
   * control points. */
  PhysCurve made;
  PhysStatus status = phys_curve_make (&made, &def);
  if (status != PHYS_OK)
    return status;
  memcpy (made.name, c->name, sizeof made.name);
  *c = made;
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
add_curve (PhysWorld *world, const PhysEdit *e)
{
  PhysCurveDef def = phys_curve_def_default ();
  def.name = e->name;
  def.curve = e->curve;
  def.restitution = e->restitution;
  def.friction = e->friction;
  PhysStatus status = phys_world_add_curve (world, &def, NULL);
  if (status == PHYS_OK)
    wake_all (world);
  return status;
}

static PhysStatus
remove_curve (PhysWorld *world, const PhysEdit *e)
{
  int index;
  if (find_curve (world, e->name, &index) != PHYS_OK)
    return PHYS_ERROR_UNKNOWN_BODY;
  memmove (world->curves + index, world->curves + index + 1,
           (size_t) (world->n_curves - index - 1) * sizeof *world->curves);
  world->n_curves--;
  phys_world_rebuild_names (world);
  wake_all (world);
  return PHYS_OK;
}

static PhysStatus
apply (PhysWorld *world, const PhysEdit *edit)
{
  if (edit->kind != PHYS_EDIT_SET_WORLD && memchr (edit->name, '\0', PHYS_NAME_MAX) == NULL)
    return PHYS_ERROR_NAME;
  switch (edit->kind)
    {
    case PHYS_EDIT_SET_CIRCLE: return set_circle (world, edit);
    case PHYS_EDIT_ADD_CIRCLE: return add_circle (world, edit);
    case PHYS_EDIT_REMOVE_CIRCLE: return remove_circle (world, edit);
    case PHYS_EDIT_SET_SEGMENT: return set_segment (world, edit);
    case PHYS_EDIT_ADD_SEGMENT: return add_segment (world, edit);
    case PHYS_EDIT_REMOVE_SEGMENT: return remove_segment (world, edit);
    case PHYS_EDIT_SET_WORLD: return set_world (world, edit);
    case PHYS_EDIT_SET_PROBE: return set_probe (world, edit);
    case PHYS_EDIT_SET_POLYGON: return set_polygon (world, edit);
    case PHYS_EDIT_ADD_POLYGON: return add_polygon (world, edit);
    case PHYS_EDIT_REMOVE_POLYGON: return remove_polygon (world, edit);
    case PHYS_EDIT_SET_CURVE: return set_curve (world, edit);
    case PHYS_EDIT_ADD_CURVE: return add_curve (world, edit);
    case PHYS_EDIT_REMOVE_CURVE: return remove_curve (world, edit);
    default: return PHYS_ERROR_OUT_OF_RANGE;
    }
}

PhysStatus
phys_world_apply_edit (PhysWorld *world, const PhysEdit *edit)
{
  PhysStatus status = apply (world, edit);
  /* A diverged world may step again from the edited state (a smaller dt, a velocity
   * set back): the next step checks the paths anew. */
  if (status == PHYS_OK)
    memset (&world->halt, 0, sizeof world->halt);
  return status;
}

PhysPolygonDerived
phys_edit_polygon_derived (const PhysWorld *world, const PhysEdit *edit, PhysReal *value,
                           PhysReal *area)
{
  *value = 0.0;
  *area = 0.0;
  if (edit->kind == PHYS_EDIT_ADD_POLYGON)
    {
      if (edit->shape.count < 0 || edit->shape.count > PHYS_POLYGON_MAX_VERTICES)
        return PHYS_POLYGON_DERIVED_OK;
      PhysPolygonBodyDef def = polygon_def_of (edit);
      return phys_polygon_body_derived (&def, value, area);
    }
  PhysBodyRef ref;
  if (edit->kind != PHYS_EDIT_SET_POLYGON || !(edit->fields & (PHYS_EDIT_MASS | PHYS_EDIT_DENSITY))
      || !phys_world_find (world, edit->name, &ref) || ref.kind != PHYS_BODY_POLYGON)
    return PHYS_POLYGON_DERIVED_OK;
  PhysMassProperties mp;
  PhysPolygonDerived derived = edited_mass (&world->polygons[ref.index], edit, &mp, value);
  *area = mp.area;
  return derived;
}
