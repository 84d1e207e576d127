/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-world.c: creating a world, adding bodies and forces, reading them back,
 * and the diagnostics (energy, momentum, state hash).
 */
#include <stdlib.h>
#include <string.h>

#include "phys-world-private.h"

const char *
phys_status_name (PhysStatus status)
{
  switch (status)
    {
    case PHYS_OK: return "ok";
    case PHYS_ERROR_NOT_FINITE: return "not-finite";
    case PHYS_ERROR_OUT_OF_RANGE: return "out-of-range";
    case PHYS_ERROR_LIMIT: return "limit";
    case PHYS_ERROR_UNKNOWN_BODY: return "unknown-body";
    case PHYS_ERROR_NAME: return "name";
    default: return "unknown";
    }
}

const char *
phys_integrator_name (PhysIntegrator integrator)
{
  switch (integrator)
    {
    case PHYS_INTEGRATOR_DEFAULT: return "default";
    case PHYS_INTEGRATOR_EULER: return "euler";
    case PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER: return "semi-implicit-euler";
    case PHYS_INTEGRATOR_MIDPOINT: return "midpoint";
    case PHYS_INTEGRATOR_RK4: return "rk4";
    case PHYS_INTEGRATOR_VERLET: return "verlet";
    default: return "unknown";
    }
}

const char *
phys_detection_name (PhysDetection detection)
{
  return detection == PHYS_DETECTION_DISCRETE ? "discrete" : "swept";
}

const char *
phys_force_kind_name (PhysForceKind kind)
{
  switch (kind)
    {
    case PHYS_FORCE_ATTRACTOR: return "attractor";
    case PHYS_FORCE_DRAG: return "drag";
    case PHYS_FORCE_SPRING: return "spring";
    case PHYS_FORCE_BUNGEE: return "bungee";
    default: return "unknown";
    }
}

const char *
phys_body_kind_name (PhysBodyKind kind)
{
  switch (kind)
    {
    case PHYS_BODY_CIRCLE: return "circle";
    case PHYS_BODY_SEGMENT: return "segment";
    case PHYS_BODY_PROBE: return "probe";
    case PHYS_BODY_POLYGON: return "polygon";
    case PHYS_BODY_CURVE: return "curve";
    default: return "unknown";
    }
}

const char *
phys_wake_cause_name (PhysWakeCause cause)
{
  switch (cause)
    {
    case PHYS_WAKE_NONE: return "none";
    case PHYS_WAKE_CONTACT: return "contact";
    case PHYS_WAKE_SPRING: return "spring";
    case PHYS_WAKE_EDIT: return "edit";
    default: return "unknown";
    }
}

const char *
phys_event_kind_name (PhysEventKind kind)
{
  switch (kind)
    {
    case PHYS_EVENT_EMBEDDED: return "embedded";
    case PHYS_EVENT_CIRCLE_CIRCLE: return "circle-circle";
    case PHYS_EVENT_CIRCLE_SEGMENT: return "circle-segment";
    case PHYS_EVENT_PROBE_SEGMENT: return "probe-segment";
    case PHYS_EVENT_EVENT_CAP: return "event-cap";
    case PHYS_EVENT_POLYGON_POLYGON: return "polygon-polygon";
    case PHYS_EVENT_POLYGON_CIRCLE: return "polygon-circle";
    case PHYS_EVENT_POLYGON_SEGMENT: return "polygon-segment";
    case PHYS_EVENT_POLYGON_CURVE: return "polygon-curve";
    case PHYS_EVENT_CIRCLE_CURVE: return "circle-curve";
    case PHYS_EVENT_SLEEP: return "sleep";
    case PHYS_EVENT_WAKE: return "wake";
    default: return "unknown";
    }
}

PhysBodyKind
phys_event_a_kind (PhysEventKind kind)
{
  switch (kind)
    {
    case PHYS_EVENT_PROBE_SEGMENT: return PHYS_BODY_PROBE;
    case PHYS_EVENT_POLYGON_POLYGON:
    case PHYS_EVENT_POLYGON_CIRCLE:
    case PHYS_EVENT_POLYGON_SEGMENT:
    case PHYS_EVENT_POLYGON_CURVE:
    case PHYS_EVENT_SLEEP:
    case PHYS_EVENT_WAKE: return PHYS_BODY_POLYGON;
    case PHYS_EVENT_EMBEDDED:
    case PHYS_EVENT_CIRCLE_CIRCLE:
    case PHYS_EVENT_CIRCLE_SEGMENT:
    case PHYS_EVENT_EVENT_CAP:
    case PHYS_EVENT_CIRCLE_CURVE:
    default: return PHYS_BODY_CIRCLE;
    }
}

bool
phys_event_is_rigid (PhysEventKind kind)
{
  return kind >= PHYS_EVENT_POLYGON_POLYGON && kind <= PHYS_EVENT_CIRCLE_CURVE;
}

PhysWorldDef
phys_world_def_default (void)
{
  PhysWorldDef def;
  memset (&def, 0, sizeof def);
  def.has_bounds = false;
  def.bounds_restitution = 1.0;
  def.dt = 1.0;
  def.integrator = PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER;
  def.substeps = 1;
  def.modes.detection = PHYS_DETECTION_SWEPT;
  def.event_cap = 0;
  def.rest_speed = -1.0;
  def.sleep = true;
  return def;
}

PhysCircleDef
phys_circle_def_default (void)
{
  PhysCircleDef def;
  memset (&def, 0, sizeof def);
  def.radius = 1.0;
  def.restitution = 1.0;
  def.collides = true;
  def.integrator = PHYS_INTEGRATOR_DEFAULT;
  return def;
}

PhysSegmentDef
phys_segment_def_default (void)
{
  PhysSegmentDef def;
  memset (&def, 0, sizeof def);
  def.restitution = 1.0;
  def.response = PHYS_RESPONSE_REFLECT;
  return def;
}

PhysPolygonBodyDef
phys_polygon_body_def_default (void)
{
  PhysPolygonBodyDef def;
  memset (&def, 0, sizeof def);
  def.density = 1.0;
  def.restitution = 1.0;
  def.integrator = PHYS_INTEGRATOR_DEFAULT;
  return def;
}

PhysCurveDef
phys_curve_def_default (void)
{
  PhysCurveDef def;
  memset (&def, 0, sizeof def);
  def.restitution = 1.0;
  return def;
}

PhysProbeDef
phys_probe_def_default (void)
{
  PhysProbeDef def;
  memset (&def, 0, sizeof def);
  return def;
}

PhysForceDef
phys_force_def_default (PhysForceKind kind)
{
  PhysForceDef def;
  memset (&def, 0, sizeof def);
  def.kind = kind;
  def.source = -1;
  def.G = 1.0;
  def.reaction = true;
  def.k = 1.0;
  def.body_a = -1;
  def.body_b = -1;
  def.kind_a = PHYS_BODY_CIRCLE;
  def.kind_b = PHYS_BODY_CIRCLE;
  return def;
}

void *
phys_grow (void *table, int *capacity, int need, size_t item_size)
{
  if (need <= *capacity)
    return table;
  int cap = *capacity > 0 ? *capacity : 8;
  while (cap < need)
    cap *= 2;
  void *grown = realloc (table, (size_t) cap * item_size);
  if (grown == NULL)
    abort (); /* out of memory is not bad data: there is no sensible way on */
  *capacity = cap;
  return grown;
}

static bool
is_integrator (PhysIntegrator integrator, bool allow_default)
{
  if (integrator == PHYS_INTEGRATOR_DEFAULT)
    return allow_default;
  return integrator >= PHYS_INTEGRATOR_EULER && integrator <= PHYS_INTEGRATOR_VERLET;
}

static bool
is_unit_range (PhysReal x)
{
  return x >= 0.0 && x <= 1.0;
}

static bool
is_friction (PhysReal x)
{
  return x >= 0.0 && x <= PHYS_MAX_FRICTION;
}

/* A size that divides or is squared: radius, mass, dt. */
static bool
is_size (PhysReal x)
{
  return x >= PHYS_MIN_SIZE && x <= PHYS_MAX_MAGNITUDE;
}

PhysStatus
phys_world_def_check (const PhysWorldDef *def)
{
  if (!phys_v2_is_finite (def->gravity) || !isfinite (def->dt) || !isfinite (def->rest_speed)
      || !isfinite (def->bounds_restitution) || !isfinite (def->bounds_friction))
    return PHYS_ERROR_NOT_FINITE;
  if (def->has_bounds
      && (!phys_v2_is_finite (def->bounds.min) || !phys_v2_is_finite (def->bounds.max)))
    return PHYS_ERROR_NOT_FINITE;
  if (def->has_bounds && (def->bounds.min.x >= def->bounds.max.x
                          || def->bounds.min.y >= def->bounds.max.y))
    return PHYS_ERROR_OUT_OF_RANGE;
  if (!phys_v2_within (def->gravity, PHYS_MAX_MAGNITUDE)
      || !phys_real_within (def->rest_speed, PHYS_MAX_MAGNITUDE)
      || (def->has_bounds && (!phys_v2_within (def->bounds.min, PHYS_MAX_MAGNITUDE)
                              || !phys_v2_within (def->bounds.max, PHYS_MAX_MAGNITUDE))))
    return PHYS_ERROR_OUT_OF_RANGE;
  if (!is_size (def->dt) || def->substeps < 1 || def->substeps > PHYS_MAX_SUBSTEPS
      || def->event_cap < 0 || def->event_cap > PHYS_MAX_EVENT_CAP
      || !is_unit_range (def->bounds_restitution) || !is_friction (def->bounds_friction)
      || !is_integrator (def->integrator, false)
      || (def->modes.detection != PHYS_DETECTION_SWEPT
          && def->modes.detection != PHYS_DETECTION_DISCRETE))
    return PHYS_ERROR_OUT_OF_RANGE;
  return PHYS_OK;
}

static void
copy_name (char *dst, const char *src)
{
  size_t n = strlen (src);
  memcpy (dst, src, n + 1);
}

/* FNV-1a: names are short, and the index only needs a well-spread start slot. */
static uint32_t
name_hash (const char *name)
{
  uint32_t h = 2166136261u;
  for (const unsigned char *p = (const unsigned char *) name; *p != '\0'; p++)
    h = (h ^ *p) * 16777619u;
  return h;
}

static void
index_insert (PhysWorld *world, PhysBodyRef ref)
{
  uint32_t mask = (uint32_t) world->cap_names - 1;
  uint32_t slot = name_hash (phys_world_body_name (world, ref)) & mask;
  while (world->names[slot].kind != (PhysBodyKind) -1)
    slot = (slot + 1) & mask;
  world->names[slot] = ref;
  world->n_names++;
}

static void
index_add (PhysWorld *world, PhysBodyKind kind, int index)
{
  if (2 * (world->n_names + 1) > world->cap_names)
    {
      int cap = world->cap_names > 0 ? world->cap_names * 2 : 64;
      PhysBodyRef *old = world->names;
      int old_cap = world->cap_names;
      world->names = malloc ((size_t) cap * sizeof *world->names);
      if (world->names == NULL)
        abort ();
      for (int i = 0; i < cap; i++)
        world->names[i].kind = (PhysBodyKind) -1;
      world->cap_names = cap;
      world->n_names = 0;
      for (int i = 0; i < old_cap; i++)
        if (old[i].kind != (PhysBodyKind) -1)
          index_insert (world, old[i]);
      free (old);
    }
  index_insert (world, (PhysBodyRef) { kind, index });
}

void
phys_world_rebuild_names (PhysWorld *world)
{
  for (int i = 0; i < world->cap_names; i++)
    world->names[i].kind = (PhysBodyKind) -1;
  world->n_names = 0;
  for (int i = 0; i < world->n_circles; i++)
    index_add (world, PHYS_BODY_CIRCLE, i);
  for (int i = 0; i < world->n_segments; i++)
    index_add (world, PHYS_BODY_SEGMENT, i);
  for (int i = 0; i < world->n_probes; i++)
    index_add (world, PHYS_BODY_PROBE, i);
  for (int i = 0; i < world->n_polygons; i++)
    index_add (world, PHYS_BODY_POLYGON, i);
  for (int i = 0; i < world->n_curves; i++)
    index_add (world, PHYS_BODY_CURVE, i);
}

static bool
name_is_free (const PhysWorld *world, const char *name)
{
  PhysBodyRef ref;
  size_t n = name != NULL ? strlen (name) : 0;
  return n > 0 && n < PHYS_NAME_MAX && !phys_world_find (world, name, &ref);
}

static void
add_bound_wall (PhysWorld *world, const char *name, PhysVec2 a, PhysVec2 b)
{
  PhysSegment *wall = &world->segments[world->n_segments++];
  memset (wall, 0, sizeof *wall);
  copy_name (wall->name, name);
  wall->a = a;
  wall->b = b;
  wall->restitution = world->def.bounds_restitution;
  wall->friction = world->def.bounds_friction;
  wall->response = PHYS_RESPONSE_REFLECT;
  wall->is_bound = true;
  index_add (world, PHYS_BODY_SEGMENT, world->n_segments - 1);
}

PhysWorld *
phys_world_new (const PhysWorldDef *def)
{
  if (phys_world_def_check (def) != PHYS_OK)
    return NULL;

  PhysWorld *world = calloc (1, sizeof *world);
  if (world == NULL)
    abort ();
  world->def = *def;
  if (world->def.event_cap == 0)
    world->def.event_cap = -1; /* resolved per step from the body count */
  world->auto_rest_speed = world->def.rest_speed < 0.0;
  if (world->auto_rest_speed)
    world->def.rest_speed = 2.0 * phys_v2_len (def->gravity) * def->dt;

  if (def->has_bounds)
    {
      PhysVec2 lo = def->bounds.min, hi = def->bounds.max;
      world->segments = phys_grow (world->segments, &world->cap_segments, PHYS_N_BOUND_WALLS,
                                   sizeof *world->segments);
      /* Each wall runs so that its left normal (y down) points into the box. */
      add_bound_wall (world, "bounds-left", phys_v2 (lo.x, lo.y), phys_v2 (lo.x, hi.y));
      add_bound_wall (world, "bounds-top", phys_v2 (hi.x, lo.y), phys_v2 (lo.x, lo.y));
      add_bound_wall (world, "bounds-right", phys_v2 (hi.x, hi.y), phys_v2 (hi.x, lo.y));
      add_bound_wall (world, "bounds-bottom", phys_v2 (lo.x, hi.y), phys_v2 (hi.x, hi.y));
    }
  return world;
}

void
phys_world_free (PhysWorld *world)
{
  if (world == NULL)
    return;
  free (world->circles);
  free (world->segments);
  free (world->probes);
  free (world->forces);
  free (world->targets);
  free (world->polygons);
  free (world->memory);
  free (world->curves);
  free (world->names);
  phys_step_scratch_free (world->scratch);
  free (world);
}

static void *
duplicate (const void *table, int count, size_t item_size, int *capacity)
{
  *capacity = 0;
  if (count == 0)
    return NULL;
  void *copy = malloc ((size_t) count * item_size);
  if (copy == NULL)
    abort ();
  memcpy (copy, table, (size_t) count * item_size);
  *capacity = count;
  return copy;
}

PhysWorld *
phys_world_copy (const PhysWorld *world)
{
  PhysWorld *copy = calloc (1, sizeof *copy);
  if (copy == NULL)
    abort ();
  copy->def = world->def;
  copy->frame = world->frame;
  copy->n_circles = world->n_circles;
  copy->circles = duplicate (world->circles, world->n_circles, sizeof (PhysCircle),
                             &copy->cap_circles);
  copy->n_segments = world->n_segments;
  copy->segments = duplicate (world->segments, world->n_segments, sizeof (PhysSegment),
                              &copy->cap_segments);
  copy->n_probes = world->n_probes;
  copy->probes = duplicate (world->probes, world->n_probes, sizeof (PhysProbe),
                            &copy->cap_probes);
  copy->n_forces = world->n_forces;
  copy->forces = duplicate (world->forces, world->n_forces, sizeof (PhysForce),
                            &copy->cap_forces);
  copy->n_targets = world->n_targets;
  copy->targets = duplicate (world->targets, world->n_targets, sizeof (int), &copy->cap_targets);
  copy->n_polygons = world->n_polygons;
  copy->polygons = duplicate (world->polygons, world->n_polygons, sizeof (PhysPolygonBody),
                              &copy->cap_polygons);
  int cap_memory;
  copy->memory = duplicate (world->memory, world->n_polygons * PHYS_CONTACT_SLOTS,
                            sizeof (PhysContactMemory), &cap_memory);
  copy->n_curves = world->n_curves;
  copy->curves = duplicate (world->curves, world->n_curves, sizeof (PhysCurve), &copy->cap_curves);
  copy->names = duplicate (world->names, world->cap_names, sizeof (PhysBodyRef), &copy->cap_names);
  copy->n_names = world->n_names;
  copy->halt = world->halt;
  copy->awake_frame = world->awake_frame;
  copy->auto_rest_speed = world->auto_rest_speed;
  copy->grid_pairs = world->grid_pairs;
  return copy;
}

int64_t
phys_world_grid_pairs (const PhysWorld *world)
{
  return world->grid_pairs;
}

int64_t
phys_world_frame_grid_pairs (const PhysWorld *world)
{
  /* The broad phase works inside a step: take one on a copy. */
  PhysWorld *copy = phys_world_copy (world);
  if (copy == NULL)
    return -1;
  phys_world_step (copy, NULL);
  int64_t pairs = copy->grid_pairs;
  phys_world_free (copy);
  return pairs;
}

const PhysWorldDef *
phys_world_get_def (const PhysWorld *world)
{
  return &world->def;
}

PhysStatus
phys_world_add_circle (PhysWorld *world, const PhysCircleDef *def, int *index)
{
  if (!phys_v2_is_finite (def->position) || !phys_v2_is_finite (def->velocity)
      || !isfinite (def->radius) || !isfinite (def->mass) || !isfinite (def->restitution)
      || !isfinite (def->angle) || !isfinite (def->angular_velocity) || !isfinite (def->friction))
    return PHYS_ERROR_NOT_FINITE;
  /* A mass of 0 asks for the area, pi r^2, which is a size when r is one. */
  if (!is_size (def->radius) || (def->mass != 0.0 && !is_size (def->mass))
      || !phys_v2_within (def->position, PHYS_MAX_MAGNITUDE)
      || !phys_v2_within (def->velocity, PHYS_MAX_MAGNITUDE) || !is_unit_range (def->restitution)
      || !is_integrator (def->integrator, true) || !phys_real_within (def->angle, PHYS_MAX_MAGNITUDE)
      || !phys_real_within (def->angular_velocity, PHYS_MAX_MAGNITUDE)
      || !is_friction (def->friction))
    return PHYS_ERROR_OUT_OF_RANGE;
  if (world->n_circles >= PHYS_MAX_CIRCLES)
    return PHYS_ERROR_LIMIT;
  if (!name_is_free (world, def->name))
    return PHYS_ERROR_NAME;

  world->circles = phys_grow (world->circles, &world->cap_circles, world->n_circles + 1,
                              sizeof *world->circles);
  PhysCircle *c = &world->circles[world->n_circles];
  memset (c, 0, sizeof *c);
  copy_name (c->name, def->name);
  c->position = def->position;
  c->velocity = def->fixed ? phys_v2 (0.0, 0.0) : def->velocity;
  c->radius = def->radius;
  c->fixed = def->fixed;
  c->mass = def->mass > 0.0 ? def->mass : PHYS_PI * def->radius * def->radius;
  c->inv_mass = def->fixed ? 0.0 : 1.0 / c->mass;
  c->restitution = def->restitution;
  c->collides = def->collides;
  c->integrator = def->integrator;
  c->angle = def->angle;
  c->angular_velocity = def->fixed ? 0.0 : def->angular_velocity;
  c->friction = def->friction;
  phys_circle_update_inertia (c);
  if (index != NULL)
    *index = world->n_circles;
  world->n_circles++;
  index_add (world, PHYS_BODY_CIRCLE, world->n_circles - 1);
  return PHYS_OK;
}

PhysStatus
phys_world_add_segment (PhysWorld *world, const PhysSegmentDef *def, int *index)
{
  if (!phys_v2_is_finite (def->a) || !phys_v2_is_finite (def->b) || !isfinite (def->restitution)
      || !isfinite (def->friction))
    return PHYS_ERROR_NOT_FINITE;
  if ((def->a.x == def->b.x && def->a.y == def->b.y) || !phys_v2_within (def->a, PHYS_MAX_MAGNITUDE)
      || !phys_v2_within (def->b, PHYS_MAX_MAGNITUDE) || !is_unit_range (def->restitution)
      || !is_friction (def->friction)
      || (def->response != PHYS_RESPONSE_REFLECT && def->response != PHYS_RESPONSE_SLIDE))
    return PHYS_ERROR_OUT_OF_RANGE;
  if (world->n_segments >= PHYS_MAX_SEGMENTS + PHYS_N_BOUND_WALLS)
    return PHYS_ERROR_LIMIT;
  if (!name_is_free (world, def->name))
    return PHYS_ERROR_NAME;

  world->segments = phys_grow (world->segments, &world->cap_segments, world->n_segments + 1,
                               sizeof *world->segments);
  PhysSegment *s = &world->segments[world->n_segments];
  memset (s, 0, sizeof *s);
  copy_name (s->name, def->name);
  s->a = def->a;
  s->b = def->b;
  s->restitution = def->restitution;
  s->response = def->response;
  s->friction = def->friction;
  if (index != NULL)
    *index = world->n_segments;
  world->n_segments++;
  index_add (world, PHYS_BODY_SEGMENT, world->n_segments - 1);
  return PHYS_OK;
}

PhysStatus
phys_world_add_probe (PhysWorld *world, const PhysProbeDef *def, int *index)
{
  if (!phys_v2_is_finite (def->position) || !phys_v2_is_finite (def->velocity))
    return PHYS_ERROR_NOT_FINITE;
  if (!phys_v2_within (def->position, PHYS_MAX_MAGNITUDE)
      || !phys_v2_within (def->velocity, PHYS_MAX_MAGNITUDE))
    return PHYS_ERROR_OUT_OF_RANGE;
  if (world->n_probes >= PHYS_MAX_PROBES)
    return PHYS_ERROR_LIMIT;
  if (!name_is_free (world, def->name))
    return PHYS_ERROR_NAME;

  world->probes = phys_grow (world->probes, &world->cap_probes, world->n_probes + 1,
                             sizeof *world->probes);
  PhysProbe *p = &world->probes[world->n_probes];
  memset (p, 0, sizeof *p);
  copy_name (p->name, def->name);
  p->position = def->position;
  p->velocity = def->velocity;
  if (index != NULL)
    *index = world->n_probes;
  world->n_probes++;
  index_add (world, PHYS_BODY_PROBE, world->n_probes - 1);
  return PHYS_OK;
}

void
phys_circle_update_inertia (PhysCircle *c)
{
  c->inertia = phys_circle_inertia (c->mass, c->radius);
  c->inv_inertia = c->fixed ? 0.0 : 1.0 / c->inertia;
}

/* The body's inverse mass and inertia and whether it is fixed, from its mass properties. */
static void
polygon_set_mass (PhysPolygonBody *p, const PhysMassProperties *mp)
{
  p->area = mp->area;
  p->density = mp->density;
  p->mass = mp->mass;
  p->inertia = mp->inertia;
  p->inv_mass = p->fixed ? 0.0 : 1.0 / p->mass;
  p->inv_inertia = p->fixed ? 0.0 : 1.0 / p->inertia;
}

/* The quantities a valid shape and def imply, *mp set when the vertices are within range. Areas
 * and moments of vertices near the limits can leave the range: refused, not NaN. */
static PhysPolygonDerived
polygon_derived (const PhysPolygon *shape, const PhysPolygonBodyDef *def, PhysMassProperties *mp,
                 PhysReal *value)
{
  memset (mp, 0, sizeof *mp);
  *value = 0.0;
  for (int i = 0; i < shape->count; i++)
    if (!phys_v2_within (shape->vertices[i], PHYS_MAX_MAGNITUDE))
      {
        *value = fmax (fabs (shape->vertices[i].x), fabs (shape->vertices[i].y));
        return PHYS_POLYGON_DERIVED_EXTENT;
      }
  *mp = def->mass > 0.0 ? phys_polygon_mass_from_mass (shape, def->mass)
                        : phys_polygon_mass_from_density (shape, def->density);
  if (!is_size (mp->area))
    {
      *value = mp->area;
      return PHYS_POLYGON_DERIVED_AREA;
    }
  if (!is_size (mp->mass))
    {
      *value = mp->mass;
      return PHYS_POLYGON_DERIVED_MASS;
    }
  if (!is_size (mp->inertia))
    {
      *value = mp->inertia;
      return PHYS_POLYGON_DERIVED_INERTIA;
    }
  return PHYS_POLYGON_DERIVED_OK;
}

PhysPolygonDerived
phys_polygon_body_derived (const PhysPolygonBodyDef *def, PhysReal *value, PhysReal *area)
{
  PhysPolygon shape;
  PhysMassProperties mp;
  *value = 0.0;
  *area = 0.0;
  if (phys_polygon_make (&shape, def->vertices, def->vertices != NULL ? def->count : 0).status
      != PHYS_POLYGON_OK)
    return PHYS_POLYGON_DERIVED_OK;
  PhysPolygonDerived derived = polygon_derived (&shape, def, &mp, value);
  *area = mp.area;
  return derived;
}

PhysStatus
phys_polygon_body_make (PhysPolygonBody *p, const PhysPolygonBodyDef *def,
                        PhysPolygonCheck *check_out)
{
  PhysPolygonCheck check;
  memset (&check, 0, sizeof check);
  check.vertex = -1;
  check.other = -1;
  if (check_out != NULL)
    *check_out = check;
  if (!phys_v2_is_finite (def->position) || !phys_v2_is_finite (def->velocity)
      || !isfinite (def->angle) || !isfinite (def->angular_velocity) || !isfinite (def->density)
      || !isfinite (def->mass) || !isfinite (def->restitution) || !isfinite (def->friction))
    return PHYS_ERROR_NOT_FINITE;
  if (!phys_v2_within (def->position, PHYS_MAX_MAGNITUDE)
      || !phys_v2_within (def->velocity, PHYS_MAX_MAGNITUDE)
      || !phys_real_within (def->angle, PHYS_MAX_MAGNITUDE)
      || !phys_real_within (def->angular_velocity, PHYS_MAX_MAGNITUDE)
      || !is_size (def->density) || (def->mass != 0.0 && !is_size (def->mass))
      || !is_unit_range (def->restitution) || !is_friction (def->friction)
      || !is_integrator (def->integrator, true))
    return PHYS_ERROR_OUT_OF_RANGE;
  PhysPolygon shape;
  check = phys_polygon_make (&shape, def->vertices, def->vertices != NULL ? def->count : 0);
  if (check_out != NULL)
    *check_out = check;
  if (check.status != PHYS_POLYGON_OK)
    return check.status == PHYS_POLYGON_NOT_FINITE ? PHYS_ERROR_NOT_FINITE : PHYS_ERROR_OUT_OF_RANGE;
  PhysMassProperties mp;
  PhysReal value;
  if (polygon_derived (&shape, def, &mp, &value) != PHYS_POLYGON_DERIVED_OK)
    return PHYS_ERROR_OUT_OF_RANGE;

  memset (p, 0, sizeof *p);
  p->shape.count = shape.count;
  p->radius = 0.0;
  for (int i = 0; i < shape.count; i++)
    {
      p->shape.vertices[i] = phys_v2_sub (shape.vertices[i], mp.centroid);
      p->radius = fmax (p->radius, phys_v2_len (p->shape.vertices[i]));
    }
  p->local_origin = phys_v2_neg (mp.centroid);
  p->fixed = def->fixed;
  /* The centre of mass sits where the definition's origin puts it, turned by the angle. */
  PhysReal c = cos (def->angle), sn = sin (def->angle);
  p->position = phys_pose_apply (def->position, c, sn, mp.centroid);
  p->angle = def->angle;
  p->velocity = def->fixed ? phys_v2 (0.0, 0.0) : def->velocity;
  p->angular_velocity = def->fixed ? 0.0 : def->angular_velocity;
  p->restitution = def->restitution;
  p->friction = def->friction;
  p->integrator = def->integrator;
  p->asleep_since = -1;
  p->island = -1;
  p->woke_at = -1;
  p->woke_other = (PhysBodyRef) { PHYS_BODY_POLYGON, -1 };
  polygon_set_mass (p, &mp);
  return PHYS_OK;
}

PhysStatus
phys_world_add_polygon (PhysWorld *world, const PhysPolygonBodyDef *def, int *index,
                        PhysPolygonCheck *check)
{
  PhysPolygonBody body;
  PhysStatus status = phys_polygon_body_make (&body, def, check);
  if (status != PHYS_OK)
    return status;
  if (world->n_polygons >= PHYS_MAX_POLYGONS)
    return PHYS_ERROR_LIMIT;
  if (!name_is_free (world, def->name))
    return PHYS_ERROR_NAME;
  copy_name (body.name, def->name);
  int cap = world->cap_polygons;
  world->polygons = phys_grow (world->polygons, &world->cap_polygons, world->n_polygons + 1,
                               sizeof *world->polygons);
  if (world->cap_polygons != cap || world->memory == NULL)
    {
      world->memory = realloc (world->memory, (size_t) world->cap_polygons * PHYS_CONTACT_SLOTS
                                                  * sizeof *world->memory);
      if (world->memory == NULL)
        abort ();
    }
  world->polygons[world->n_polygons] = body;
  PhysContactMemory *m = phys_world_memory (world, world->n_polygons);
  memset (m, 0, PHYS_CONTACT_SLOTS * sizeof *m);
  for (int k = 0; k < PHYS_CONTACT_SLOTS; k++)
    m[k].kind = -1;
  if (index != NULL)
    *index = world->n_polygons;
  world->n_polygons++;
  index_add (world, PHYS_BODY_POLYGON, world->n_polygons - 1);
  return PHYS_OK;
}

PhysStatus
phys_curve_make (PhysCurve *curve, const PhysCurveDef *def)
{
  for (int k = 0; k < 4; k++)
    if (!phys_v2_is_finite (def->curve.p[k]))
      return PHYS_ERROR_NOT_FINITE;
  if (!isfinite (def->restitution) || !isfinite (def->friction))
    return PHYS_ERROR_NOT_FINITE;
  for (int k = 0; k < 4; k++)
    if (!phys_v2_within (def->curve.p[k], PHYS_MAX_MAGNITUDE))
      return PHYS_ERROR_OUT_OF_RANGE;
  if (!is_unit_range (def->restitution) || !is_friction (def->friction))
    return PHYS_ERROR_OUT_OF_RANGE;
  /* A curve whose control points all coincide is a point: no tangent, no side. */
  bool point = true;
  for (int k = 1; k < 4; k++)
    if (def->curve.p[k].x != def->curve.p[0].x || def->curve.p[k].y != def->curve.p[0].y)
      point = false;
  if (point)
    return PHYS_ERROR_OUT_OF_RANGE;
  memset (curve, 0, sizeof *curve);
  curve->curve = def->curve;
  curve->restitution = def->restitution;
  curve->friction = def->friction;
  PhysAabb box = { def->curve.p[0], def->curve.p[0] };
  for (int k = 1; k < 4; k++)
    {
      box.min = phys_v2 (fmin (box.min.x, def->curve.p[k].x), fmin (box.min.y, def->curve.p[k].y));
      box.max = phys_v2 (fmax (box.max.x, def->curve.p[k].x), fmax (box.max.y, def->curve.p[k].y));
    }
  curve->box = box;
  return PHYS_OK;
}

PhysStatus
phys_world_add_curve (PhysWorld *world, const PhysCurveDef *def, int *index)
{
  PhysCurve curve;
  PhysStatus status = phys_curve_make (&curve, def);
  if (status != PHYS_OK)
    return status;
  if (world->n_curves >= PHYS_MAX_CURVES)
    return PHYS_ERROR_LIMIT;
  if (!name_is_free (world, def->name))
    return PHYS_ERROR_NAME;
  copy_name (curve.name, def->name);
  world->curves = phys_grow (world->curves, &world->cap_curves, world->n_curves + 1,
                             sizeof *world->curves);
  world->curves[world->n_curves] = curve;
  if (index != NULL)
    *index = world->n_curves;
  world->n_curves++;
  index_add (world, PHYS_BODY_CURVE, world->n_curves - 1);
  return PHYS_OK;
}

void
phys_world_forget_contacts (PhysWorld *world)
{
  for (int i = 0; i < world->n_polygons * PHYS_CONTACT_SLOTS; i++)
    {
      memset (&world->memory[i], 0, sizeof world->memory[i]);
      world->memory[i].kind = -1;
    }
}

static bool
is_circle (const PhysWorld *world, int index)
{
  return index >= 0 && index < world->n_circles;
}

/* A spring's end: a circle or a polygon of the world. */
static bool
is_spring_end (const PhysWorld *world, PhysBodyKind kind, int index)
{
  if (kind == PHYS_BODY_CIRCLE)
    return is_circle (world, index);
  if (kind == PHYS_BODY_POLYGON)
    return index >= 0 && index < world->n_polygons;
  return false;
}

PhysStatus
phys_world_add_force (PhysWorld *world, const PhysForceDef *def, int *index, int *bad_target)
{
  if (bad_target != NULL)
    *bad_target = -1;
  if (!isfinite (def->G) || !isfinite (def->k) || !isfinite (def->rest_length)
      || !isfinite (def->damping) || !phys_v2_is_finite (def->anchor)
      || !phys_v2_is_finite (def->local_a) || !phys_v2_is_finite (def->local_b))
    return PHYS_ERROR_NOT_FINITE;
  if (world->n_forces >= PHYS_MAX_FORCES)
    return PHYS_ERROR_LIMIT;
  if (def->n_targets < 0 || def->k < 0.0 || def->rest_length < 0.0 || def->damping < 0.0
      || def->G > PHYS_MAX_MAGNITUDE || def->k > PHYS_MAX_MAGNITUDE
      || def->rest_length > PHYS_MAX_MAGNITUDE || def->damping > PHYS_MAX_MAGNITUDE
      || !phys_v2_within (def->anchor, PHYS_MAX_MAGNITUDE)
      || !phys_v2_within (def->local_a, PHYS_MAX_MAGNITUDE)
      || !phys_v2_within (def->local_b, PHYS_MAX_MAGNITUDE))
    return PHYS_ERROR_OUT_OF_RANGE;

  switch (def->kind)
    {
    case PHYS_FORCE_ATTRACTOR:
      if (!is_circle (world, def->source))
        return PHYS_ERROR_UNKNOWN_BODY;
      if (def->G <= 0.0)
        return PHYS_ERROR_OUT_OF_RANGE;
      break;
    case PHYS_FORCE_DRAG:
      break;
    case PHYS_FORCE_SPRING:
    case PHYS_FORCE_BUNGEE:
      if (!is_spring_end (world, def->kind_a, def->body_a)
          || (def->body_b != -1 && !is_spring_end (world, def->kind_b, def->body_b))
          || (def->body_a == def->body_b && def->kind_a == def->kind_b))
        return PHYS_ERROR_UNKNOWN_BODY;
      break;
    default:
      return PHYS_ERROR_OUT_OF_RANGE;
    }
  for (int i = 0; i < def->n_targets; i++)
    if (!is_circle (world, def->targets[i]))
      {
        if (bad_target != NULL)
          *bad_target = i;
        return PHYS_ERROR_UNKNOWN_BODY;
      }

  world->forces = phys_grow (world->forces, &world->cap_forces, world->n_forces + 1,
                             sizeof *world->forces);
  world->targets = phys_grow (world->targets, &world->cap_targets,
                              world->n_targets + def->n_targets, sizeof *world->targets);
  PhysForce *f = &world->forces[world->n_forces];
  memset (f, 0, sizeof *f);
  f->kind = def->kind;
  f->source = def->kind == PHYS_FORCE_ATTRACTOR ? def->source : -1;
  f->first_target = world->n_targets;
  f->n_targets = def->n_targets;
  f->G = def->G;
  f->reaction = def->reaction;
  f->k = def->k;
  f->body_a = def->body_a;
  f->body_b = def->body_b;
  f->anchor = def->anchor;
  f->rest_length = def->rest_length;
  f->damping = def->damping;
  bool spring = def->kind == PHYS_FORCE_SPRING || def->kind == PHYS_FORCE_BUNGEE;
  f->kind_a = spring ? def->kind_a : PHYS_BODY_CIRCLE;
  f->kind_b = spring && def->body_b >= 0 ? def->kind_b : PHYS_BODY_CIRCLE;
  f->local_a = spring ? def->local_a : phys_v2 (0.0, 0.0);
  f->local_b = spring && def->body_b >= 0 ? def->local_b : phys_v2 (0.0, 0.0);
  if (def->n_targets > 0)
    memcpy (world->targets + world->n_targets, def->targets,
            (size_t) def->n_targets * sizeof (int));
  world->n_targets += def->n_targets;
  if (index != NULL)
    *index = world->n_forces;
  world->n_forces++;
  return PHYS_OK;
}

int
phys_world_circle_count (const PhysWorld *world)
{
  return world->n_circles;
}

int
phys_world_segment_count (const PhysWorld *world)
{
  return world->n_segments;
}

int
phys_world_probe_count (const PhysWorld *world)
{
  return world->n_probes;
}

int
phys_world_polygon_count (const PhysWorld *world)
{
  return world->n_polygons;
}

int
phys_world_curve_count (const PhysWorld *world)
{
  return world->n_curves;
}

int
phys_world_body_count (const PhysWorld *world, PhysBodyKind kind)
{
  switch (kind)
    {
    case PHYS_BODY_CIRCLE: return world->n_circles;
    case PHYS_BODY_SEGMENT: return world->n_segments;
    case PHYS_BODY_PROBE: return world->n_probes;
    case PHYS_BODY_POLYGON: return world->n_polygons;
    case PHYS_BODY_CURVE: return world->n_curves;
    default: return 0;
    }
}

int
phys_world_force_count (const PhysWorld *world)
{
  return world->n_forces;
}

PhysCircle
phys_world_get_circle (const PhysWorld *world, int index)
{
  return world->circles[index];
}

PhysSegment
phys_world_get_segment (const PhysWorld *world, int index)
{
  return world->segments[index];
}

PhysProbe
phys_world_get_probe (const PhysWorld *world, int index)
{
  return world->probes[index];
}

PhysForce
phys_world_get_force (const PhysWorld *world, int index)
{
  return world->forces[index];
}

PhysPolygonBody
phys_world_get_polygon (const PhysWorld *world, int index)
{
  return world->polygons[index];
}

PhysCurve
phys_world_get_curve (const PhysWorld *world, int index)
{
  return world->curves[index];
}

PhysPolygonWorld
phys_world_polygon_placed (const PhysWorld *world, int index)
{
  const PhysPolygonBody *p = &world->polygons[index];
  return phys_polygon_place (&p->shape, (PhysPose) { p->position, p->angle });
}

int
phys_world_get_force_target (const PhysWorld *world, int force, int i)
{
  return world->targets[world->forces[force].first_target + i];
}

bool
phys_world_find (const PhysWorld *world, const char *name, PhysBodyRef *ref)
{
  if (world->cap_names == 0)
    return false;
  uint32_t mask = (uint32_t) world->cap_names - 1;
  for (uint32_t slot = name_hash (name) & mask; world->names[slot].kind != (PhysBodyKind) -1;
       slot = (slot + 1) & mask)
    if (strcmp (phys_world_body_name (world, world->names[slot]), name) == 0)
      {
        *ref = world->names[slot];
        return true;
      }
  return false;
}

const char *
phys_world_body_name (const PhysWorld *world, PhysBodyRef ref)
{
  /* A stale or mistaken reference reads as no name rather than past a table. */
  if (ref.index < 0 || ref.index >= phys_world_body_count (world, ref.kind))
    return "";
  switch (ref.kind)
    {
    case PHYS_BODY_CIRCLE: return world->circles[ref.index].name;
    case PHYS_BODY_SEGMENT: return world->segments[ref.index].name;
    case PHYS_BODY_PROBE: return world->probes[ref.index].name;
    case PHYS_BODY_POLYGON: return world->polygons[ref.index].name;
    case PHYS_BODY_CURVE: return world->curves[ref.index].name;
    default: return "";
    }
}

int64_t
phys_world_frame (const PhysWorld *world)
{
  return world->frame;
}

const char *
phys_halt_kind_name (PhysHaltKind kind)
{
  switch (kind)
    {
    case PHYS_HALT_NONE: return "none";
    case PHYS_HALT_DIVERGED: return "diverged";
    default: return "unknown";
    }
}

PhysHalt
phys_world_halt (const PhysWorld *world)
{
  return world->halt;
}

PhysIntegrator
phys_circle_integrator (const PhysWorld *world, int index)
{
  PhysIntegrator own = world->circles[index].integrator;
  return own == PHYS_INTEGRATOR_DEFAULT ? world->def.integrator : own;
}

PhysIntegrator
phys_polygon_integrator (const PhysWorld *world, int index)
{
  PhysIntegrator own = world->polygons[index].integrator;
  return own == PHYS_INTEGRATOR_DEFAULT ? world->def.integrator : own;
}

/* Potential energy of one spring or bungee stretched to length len. */
static PhysReal
spring_energy (const PhysForce *f, PhysReal len)
{
  PhysReal stretch = len - f->rest_length;
  if (f->kind == PHYS_FORCE_BUNGEE && stretch <= 0.0)
    return 0.0;
  return 0.5 * f->k * stretch * stretch;
}

static bool
force_targets (const PhysWorld *world, const PhysForce *f, int circle)
{
  if (f->n_targets == 0)
    return circle != f->source;
  for (int i = 0; i < f->n_targets; i++)
    if (world->targets[f->first_target + i] == circle)
      return true;
  return false;
}

/* The potential of circle i in attractor f's field (0 unless f pulls it). */
static PhysReal
attractor_energy (const PhysWorld *world, const PhysForce *f, int i)
{
  const PhysCircle *src = &world->circles[f->source];
  const PhysCircle *c = &world->circles[i];
  if (c->fixed || i == f->source || !force_targets (world, f, i))
    return 0.0;
  PhysReal r = phys_v2_len (phys_v2_sub (src->position, c->position));
  return r > 0.0 ? -f->G * src->mass * c->mass / r : 0.0;
}

/* The potential of polygon i in attractor f's field: an attractor without targets pulls every
 * movable body at its centre of mass. */
static PhysReal
attractor_polygon_energy (const PhysWorld *world, const PhysForce *f, int i)
{
  const PhysCircle *src = &world->circles[f->source];
  const PhysPolygonBody *p = &world->polygons[i];
  if (p->fixed || f->n_targets != 0)
    return 0.0;
  PhysReal r = phys_v2_len (phys_v2_sub (src->position, p->position));
  return r > 0.0 ? -f->G * src->mass * p->mass / r : 0.0;
}

PhysVec2
phys_world_spring_end (const PhysWorld *world, PhysBodyKind kind, int index, PhysVec2 local)
{
  PhysVec2 x;
  PhysReal angle;
  if (kind == PHYS_BODY_POLYGON)
    {
      x = world->polygons[index].position;
      angle = world->polygons[index].angle;
    }
  else
    {
      x = world->circles[index].position;
      angle = world->circles[index].angle;
    }
  /* An end at the centre is the centre itself, to the bit (no turn computed). */
  if (local.x == 0.0 && local.y == 0.0)
    return x;
  return phys_pose_apply (x, cos (angle), sin (angle), local);
}

/* The energy stored in spring or bungee f. */
static PhysReal
spring_force_energy (const PhysWorld *world, const PhysForce *f)
{
  PhysVec2 pa = phys_world_spring_end (world, f->kind_a, f->body_a, f->local_a);
  PhysVec2 pb = f->body_b >= 0 ? phys_world_spring_end (world, f->kind_b, f->body_b, f->local_b)
                               : f->anchor;
  return spring_energy (f, phys_v2_len (phys_v2_sub (pb, pa)));
}

/* Kinetic energy, momentum and angular momentum of a moving body. */
static void
add_motion (PhysEnergy *e, PhysReal mass, PhysVec2 x, PhysVec2 v, PhysReal inertia, PhysReal w)
{
  PhysVec2 p = phys_v2_scale (v, mass);
  e->kinetic += 0.5 * mass * phys_v2_len_sq (v);
  e->momentum = phys_v2_add (e->momentum, p);
  PhysReal rot = 0.5 * inertia * w * w;
  e->rotational += rot;
  e->angular_momentum += phys_v2_cross (x, p) + inertia * w;
}

PhysEnergy
phys_world_energy (const PhysWorld *world)
{
  PhysEnergy e = { 0 };

  for (int i = 0; i < world->n_circles; i++)
    {
      const PhysCircle *c = &world->circles[i];
      if (c->fixed)
        continue;
      e.kinetic += 0.5 * c->mass * phys_v2_len_sq (c->velocity);
      e.momentum = phys_v2_add_scaled (e.momentum, c->velocity, c->mass);
      e.potential -= c->mass * phys_v2_dot (world->def.gravity, c->position);
      e.angular_momentum += phys_v2_cross (c->position, phys_v2_scale (c->velocity, c->mass))
                            + c->inertia * c->angular_velocity;
      e.rotational += 0.5 * c->inertia * c->angular_velocity * c->angular_velocity;
    }
  for (int i = 0; i < world->n_polygons; i++)
    {
      const PhysPolygonBody *p = &world->polygons[i];
      if (p->fixed)
        continue;
      PhysEnergy own = { 0 };
      add_motion (&own, p->mass, p->position, p->velocity, p->inertia, p->angular_velocity);
      e.kinetic += own.kinetic;
      e.momentum = phys_v2_add (e.momentum, own.momentum);
      e.rotational += own.rotational;
      e.angular_momentum += own.angular_momentum;
      e.potential -= p->mass * phys_v2_dot (world->def.gravity, p->position);
    }

  for (int fi = 0; fi < world->n_forces; fi++)
    {
      const PhysForce *f = &world->forces[fi];
      if (f->kind == PHYS_FORCE_ATTRACTOR)
        {
          for (int i = 0; i < world->n_circles; i++)
            e.potential += attractor_energy (world, f, i);
          for (int i = 0; i < world->n_polygons; i++)
            e.potential += attractor_polygon_energy (world, f, i);
        }
      else if (f->kind == PHYS_FORCE_SPRING || f->kind == PHYS_FORCE_BUNGEE)
        e.potential += spring_force_energy (world, f);
    }
  /* Rotation is part of the kinetic energy; added last, so a world that never turns sums its
   * kinetic energy exactly as it always did. */
  e.kinetic += e.rotational;
  e.total = e.kinetic + e.potential;
  return e;
}

PhysEnergy
phys_world_circle_energy (const PhysWorld *world, int circle)
{
  PhysEnergy e = { 0 };
  const PhysCircle *c = &world->circles[circle];

  if (!c->fixed)
    {
      e.kinetic = 0.5 * c->mass * phys_v2_len_sq (c->velocity);
      e.momentum = phys_v2_scale (c->velocity, c->mass);
      e.potential = -c->mass * phys_v2_dot (world->def.gravity, c->position);
      e.rotational = 0.5 * c->inertia * c->angular_velocity * c->angular_velocity;
      e.angular_momentum = phys_v2_cross (c->position, e.momentum)
                           + c->inertia * c->angular_velocity;
      e.kinetic += e.rotational;
    }
  for (int fi = 0; fi < world->n_forces; fi++)
    {
      const PhysForce *f = &world->forces[fi];
      bool end_a = f->kind_a == PHYS_BODY_CIRCLE && f->body_a == circle;
      bool end_b = f->body_b >= 0 && f->kind_b == PHYS_BODY_CIRCLE && f->body_b == circle;
      if (f->kind == PHYS_FORCE_ATTRACTOR)
        e.potential += attractor_energy (world, f, circle);
      else if ((f->kind == PHYS_FORCE_SPRING || f->kind == PHYS_FORCE_BUNGEE) && (end_a || end_b))
        /* Shared by its two bodies; an anchored spring is its body's alone. */
        e.potential += (f->body_b >= 0 ? 0.5 : 1.0) * spring_force_energy (world, f);
    }
  e.total = e.kinetic + e.potential;
  return e;
}

PhysEnergy
phys_world_polygon_energy (const PhysWorld *world, int polygon)
{
  PhysEnergy e = { 0 };
  const PhysPolygonBody *p = &world->polygons[polygon];
  if (!p->fixed)
    {
      add_motion (&e, p->mass, p->position, p->velocity, p->inertia, p->angular_velocity);
      e.kinetic += e.rotational;
      e.potential = -p->mass * phys_v2_dot (world->def.gravity, p->position);
    }
  for (int fi = 0; fi < world->n_forces; fi++)
    {
      const PhysForce *f = &world->forces[fi];
      bool end_a = f->kind_a == PHYS_BODY_POLYGON && f->body_a == polygon;
      bool end_b = f->body_b >= 0 && f->kind_b == PHYS_BODY_POLYGON && f->body_b == polygon;
      if (f->kind == PHYS_FORCE_ATTRACTOR)
        e.potential += attractor_polygon_energy (world, f, polygon);
      else if ((f->kind == PHYS_FORCE_SPRING || f->kind == PHYS_FORCE_BUNGEE) && (end_a || end_b))
        e.potential += (f->body_b >= 0 ? 0.5 : 1.0) * spring_force_energy (world, f);
    }
  e.total = e.kinetic + e.potential;
  return e;
}

/* splitmix64's finaliser: spreads every input bit over the whole word. */
static uint64_t
mix64 (uint64_t x)
{
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

static uint64_t
hash_real (uint64_t h, PhysReal x)
{
  uint64_t bits;
  memcpy (&bits, &x, sizeof bits);
  return mix64 (h ^ bits) + 0x9e3779b97f4a7c15ULL;
}

static uint64_t
hash_vec (uint64_t h, PhysVec2 v)
{
  return hash_real (hash_real (h, v.x), v.y);
}

/* A snapshot packs, per circle, position and velocity (4 doubles), the rest count (int32),
 * angle and angular velocity (2 doubles): 52 bytes; per probe, position and velocity; per
 * polygon, position, velocity, angle and angular velocity (6 doubles), its sleep (rest count,
 * since when asleep, island, last waking: 5 int32 and 2 int64) and its contact memory,
 * each slot as 5 int32 and 8 doubles, field by field (no padding bytes: a hash of a snapshot
 * or a copy of one depends on values only). */
enum
{
  CIRCLE_STATE_BYTES = 6 * sizeof (PhysReal) + sizeof (int32_t),
  PROBE_STATE_BYTES = 4 * sizeof (PhysReal),
  MEMORY_BYTES = 5 * sizeof (int32_t) + 8 * sizeof (PhysReal),
  SLEEP_STATE_BYTES = 5 * sizeof (int32_t) + 2 * sizeof (int64_t),
  POLYGON_STATE_BYTES = 6 * sizeof (PhysReal) + SLEEP_STATE_BYTES
                        + PHYS_CONTACT_SLOTS * MEMORY_BYTES,
};

size_t
phys_world_state_size (const PhysWorld *world)
{
  return sizeof (int64_t) + (size_t) world->n_circles * CIRCLE_STATE_BYTES
         + (size_t) world->n_probes * PROBE_STATE_BYTES
         + (size_t) world->n_polygons * POLYGON_STATE_BYTES;
}

static unsigned char *
put (unsigned char *p, const void *value, size_t n)
{
  memcpy (p, value, n);
  return p + n;
}

static const unsigned char *
get (const unsigned char *p, void *value, size_t n)
{
  memcpy (value, p, n);
  return p + n;
}

static unsigned char *
put_memory (unsigned char *p, const PhysContactMemory *m)
{
  p = put (p, &m->kind, sizeof m->kind);
  p = put (p, &m->other, sizeof m->other);
  p = put (p, &m->count, sizeof m->count);
  p = put (p, m->id, sizeof m->id);
  p = put (p, m->jn, sizeof m->jn);
  p = put (p, m->jt, sizeof m->jt);
  return put (p, m->local, sizeof m->local);
}

static const unsigned char *
get_memory (const unsigned char *p, PhysContactMemory *m)
{
  memset (m, 0, sizeof *m);
  p = get (p, &m->kind, sizeof m->kind);
  p = get (p, &m->other, sizeof m->other);
  p = get (p, &m->count, sizeof m->count);
  p = get (p, m->id, sizeof m->id);
  p = get (p, m->jn, sizeof m->jn);
  p = get (p, m->jt, sizeof m->jt);
  return get (p, m->local, sizeof m->local);
}

/* A polygon's sleep: rest count, since when asleep, island, and its last waking. */
static unsigned char *
put_sleep (unsigned char *p, const PhysPolygonBody *b)
{
  int32_t other_kind = (int32_t) b->woke_other.kind, other = b->woke_other.index;
  p = put (p, &b->rest_frames, sizeof b->rest_frames);
  p = put (p, &b->asleep_since, sizeof b->asleep_since);
  p = put (p, &b->island, sizeof b->island);
  p = put (p, &b->woke_at, sizeof b->woke_at);
  p = put (p, &b->woke_by, sizeof b->woke_by);
  p = put (p, &other_kind, sizeof other_kind);
  return put (p, &other, sizeof other);
}

static const unsigned char *
get_sleep (const unsigned char *p, PhysPolygonBody *b)
{
  int32_t other_kind, other;
  p = get (p, &b->rest_frames, sizeof b->rest_frames);
  p = get (p, &b->asleep_since, sizeof b->asleep_since);
  p = get (p, &b->island, sizeof b->island);
  p = get (p, &b->woke_at, sizeof b->woke_at);
  p = get (p, &b->woke_by, sizeof b->woke_by);
  p = get (p, &other_kind, sizeof other_kind);
  p = get (p, &other, sizeof other);
  b->woke_other = (PhysBodyRef) { (PhysBodyKind) other_kind, other };
  return p;
}

void
phys_world_state_save (const PhysWorld *world, void *buffer)
{
  unsigned char *p = buffer;
  memcpy (p, &world->frame, sizeof (int64_t));
  p += sizeof (int64_t);
  for (int i = 0; i < world->n_circles; i++)
    {
      const PhysCircle *c = &world->circles[i];
      int32_t rest = c->rest_frames;
      memcpy (p, &c->position, sizeof (PhysVec2));
      memcpy (p + sizeof (PhysVec2), &c->velocity, sizeof (PhysVec2));
      memcpy (p + 2 * sizeof (PhysVec2), &rest, sizeof rest);
      memcpy (p + 2 * sizeof (PhysVec2) + sizeof rest, &c->angle, sizeof (PhysReal));
      memcpy (p + 2 * sizeof (PhysVec2) + sizeof rest + sizeof (PhysReal), &c->angular_velocity,
              sizeof (PhysReal));
      p += CIRCLE_STATE_BYTES;
    }
  for (int i = 0; i < world->n_probes; i++)
    {
      memcpy (p, &world->probes[i].position, sizeof (PhysVec2));
      memcpy (p + sizeof (PhysVec2), &world->probes[i].velocity, sizeof (PhysVec2));
      p += PROBE_STATE_BYTES;
    }
  for (int i = 0; i < world->n_polygons; i++)
    {
      const PhysPolygonBody *b = &world->polygons[i];
      p = put (p, &b->position, sizeof b->position);
      p = put (p, &b->velocity, sizeof b->velocity);
      p = put (p, &b->angle, sizeof b->angle);
      p = put (p, &b->angular_velocity, sizeof b->angular_velocity);
      p = put_sleep (p, b);
      for (int k = 0; k < PHYS_CONTACT_SLOTS; k++)
        p = put_memory (p, &world->memory[(size_t) i * PHYS_CONTACT_SLOTS + k]);
    }
}

void
phys_world_state_load (PhysWorld *world, const void *buffer)
{
  const unsigned char *p = buffer;
  /* Only a finite state is ever saved, so the one loaded can be stepped. */
  memset (&world->halt, 0, sizeof world->halt);
  world->awake_frame = 0;
  memcpy (&world->frame, p, sizeof (int64_t));
  p += sizeof (int64_t);
  for (int i = 0; i < world->n_circles; i++)
    {
      PhysCircle *c = &world->circles[i];
      int32_t rest;
      memcpy (&c->position, p, sizeof (PhysVec2));
      memcpy (&c->velocity, p + sizeof (PhysVec2), sizeof (PhysVec2));
      memcpy (&rest, p + 2 * sizeof (PhysVec2), sizeof rest);
      c->rest_frames = rest;
      memcpy (&c->angle, p + 2 * sizeof (PhysVec2) + sizeof rest, sizeof (PhysReal));
      memcpy (&c->angular_velocity, p + 2 * sizeof (PhysVec2) + sizeof rest + sizeof (PhysReal),
              sizeof (PhysReal));
      p += CIRCLE_STATE_BYTES;
    }
  for (int i = 0; i < world->n_probes; i++)
    {
      memcpy (&world->probes[i].position, p, sizeof (PhysVec2));
      memcpy (&world->probes[i].velocity, p + sizeof (PhysVec2), sizeof (PhysVec2));
      p += PROBE_STATE_BYTES;
    }
  for (int i = 0; i < world->n_polygons; i++)
    {
      PhysPolygonBody *b = &world->polygons[i];
      p = get (p, &b->position, sizeof b->position);
      p = get (p, &b->velocity, sizeof b->velocity);
      p = get (p, &b->angle, sizeof b->angle);
      p = get (p, &b->angular_velocity, sizeof b->angular_velocity);
      p = get_sleep (p, b);
      for (int k = 0; k < PHYS_CONTACT_SLOTS; k++)
        p = get_memory (p, &world->memory[(size_t) i * PHYS_CONTACT_SLOTS + k]);
    }
}

uint64_t
phys_world_hash (const PhysWorld *world)
{
  uint64_t h = mix64 ((uint64_t) world->frame);
  for (int i = 0; i < world->n_circles; i++)
    {
      h = hash_vec (h, world->circles[i].position);
      h = hash_vec (h, world->circles[i].velocity);
      h = mix64 (h ^ (uint64_t) (uint32_t) world->circles[i].rest_frames);
      /* A circle that never turned hashes as circles always did. */
      if (world->circles[i].angle != 0.0 || world->circles[i].angular_velocity != 0.0)
        {
          h = hash_real (h, world->circles[i].angle);
          h = hash_real (h, world->circles[i].angular_velocity);
        }
    }
  for (int i = 0; i < world->n_probes; i++)
    {
      h = hash_vec (h, world->probes[i].position);
      h = hash_vec (h, world->probes[i].velocity);
    }
  for (int i = 0; i < world->n_polygons; i++)
    {
      const PhysPolygonBody *b = &world->polygons[i];
      h = hash_vec (h, b->position);
      h = hash_vec (h, b->velocity);
      h = hash_real (h, b->angle);
      h = hash_real (h, b->angular_velocity);
      /* A polygon that never counted a frame of rest (a world without sleep) hashes as before. */
      if (b->rest_frames != 0 || b->asleep_since >= 0 || b->woke_at >= 0)
        {
          h = mix64 (h ^ ((uint64_t) (uint32_t) b->rest_frames << 32 | (uint32_t) b->island));
          h = mix64 (h ^ (uint64_t) b->asleep_since);
          h = mix64 (h ^ (uint64_t) b->woke_at);
          h = mix64 (h ^ ((uint64_t) (uint32_t) b->woke_by << 32 | (uint32_t) b->woke_other.index));
        }
      for (int k = 0; k < PHYS_CONTACT_SLOTS; k++)
        {
          const PhysContactMemory *m = &world->memory[(size_t) i * PHYS_CONTACT_SLOTS + k];
          if (m->kind < 0)
            continue;
          h = mix64 (h ^ ((uint64_t) (uint32_t) m->kind << 32 | (uint32_t) m->other));
          h = mix64 (h ^ ((uint64_t) (uint32_t) m->count << 32 | (uint32_t) k));
          for (int q = 0; q < m->count && q < 2; q++)
            {
              h = mix64 (h ^ m->id[q]);
              h = hash_real (h, m->jn[q]);
              h = hash_real (h, m->jt[q]);
              h = hash_vec (h, m->local[q]);
            }
        }
    }
  return h;
}
