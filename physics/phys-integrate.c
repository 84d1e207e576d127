/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-integrate.c: forces and the numerical integrators (seed 004).
 *
 * Each substep integrates every movable circle on its own integrator while the
 * other bodies stay where the substep started: a body feels the others as they
 * were at the start of the substep. That keeps mixed integrators well defined
 * (seed 004 runs Euler and RK4 orbiters side by side) and makes a one-body
 * problem, such as an orbiter around a source that feels no reaction, exact to
 * the integrator's order. Springs between two moving bodies are coupled at the
 * substep rate; more substeps tighten them.
 */
#include <stdlib.h>
#include <string.h>

#include "phys-world-private.h"

/* Forces that touch one circle: indices into world->forces. */
typedef struct
{
  const PhysWorld *world;
  const PhysVec2 *pos;    /* every circle at the start of the substep */
  const PhysVec2 *vel;
  const int *global;      /* forces that act on every movable circle */
  int n_global;
  const int *own_start;   /* CSR: forces naming circle i are own[own_start[i] .. own_start[i+1]) */
  const int *own;
} ForceField;

bool
phys_world_has_forces (const PhysWorld *world)
{
  return world->n_forces > 0 || world->def.gravity.x != 0.0 || world->def.gravity.y != 0.0;
}

/* Pull of a spring or bungee on the end at x (velocity v) towards the other end. */
static PhysVec2
spring_accel (const PhysForce *f, PhysVec2 x, PhysVec2 v, PhysVec2 other_x, PhysVec2 other_v,
              PhysReal inv_mass)
{
  PhysVec2 d = phys_v2_sub (other_x, x);
  PhysReal len = phys_v2_len (d);
  if (len == 0.0)
    return phys_v2 (0.0, 0.0); /* no direction to pull along */
  PhysReal stretch = len - f->rest_length;
  if (f->kind == PHYS_FORCE_BUNGEE && stretch <= 0.0)
    return phys_v2 (0.0, 0.0);
  PhysVec2 u = phys_v2_scale (d, 1.0 / len);
  PhysReal closing = phys_v2_dot (phys_v2_sub (other_v, v), u);
  PhysReal magnitude = f->k * stretch + f->damping * closing;
  return phys_v2_scale (u, magnitude * inv_mass);
}

/* Acceleration of the attractor's pull on a body at x towards a mass at source. */
static PhysVec2
attraction_accel (PhysReal G, PhysReal source_mass, PhysVec2 x, PhysVec2 source)
{
  PhysVec2 d = phys_v2_sub (source, x);
  PhysReal dist_sq = phys_v2_len_sq (d);
  if (dist_sq == 0.0)
    return phys_v2 (0.0, 0.0); /* the force has no direction at the source itself */
  PhysReal dist = sqrt (dist_sq);
  return phys_v2_scale (d, G * source_mass / (dist_sq * dist));
}

static bool
targets_circle (const PhysWorld *world, const PhysForce *f, int i)
{
  for (int k = 0; k < f->n_targets; k++)
    if (world->targets[f->first_target + k] == i)
      return true;
  return false;
}

/* Acceleration of one force on circle i at state (x, v). */
static PhysVec2
force_accel (const ForceField *field, const PhysForce *f, int i, PhysVec2 x, PhysVec2 v)
{
  const PhysWorld *world = field->world;
  const PhysCircle *c = &world->circles[i];
  PhysVec2 a = phys_v2 (0.0, 0.0);

  switch (f->kind)
    {
    case PHYS_FORCE_ATTRACTOR:
      if (i != f->source)
        return attraction_accel (f->G, world->circles[f->source].mass, x, field->pos[f->source]);
      if (f->reaction)
        {
          /* Newton's third law: the source is pulled by every body it pulls. */
          for (int t = 0; t < world->n_circles; t++)
            {
              const PhysCircle *target = &world->circles[t];
              bool pulled = f->n_targets == 0 ? (t != i && !target->fixed)
                                              : targets_circle (world, f, t);
              if (pulled)
                a = phys_v2_add (a, attraction_accel (f->G, target->mass, x, field->pos[t]));
            }
        }
      return a;
    case PHYS_FORCE_DRAG:
      return phys_v2_scale (v, -f->k * c->inv_mass);
    case PHYS_FORCE_SPRING:
    case PHYS_FORCE_BUNGEE:
      {
        int other = f->body_a == i ? f->body_b : f->body_a;
        PhysVec2 ox = other >= 0 ? field->pos[other] : f->anchor;
        PhysVec2 ov = other >= 0 ? field->vel[other] : phys_v2 (0.0, 0.0);
        return spring_accel (f, x, v, ox, ov, c->inv_mass);
      }
    default:
      return a;
    }
}

static PhysVec2
accel (const ForceField *field, int i, PhysVec2 x, PhysVec2 v)
{
  const PhysWorld *world = field->world;
  PhysVec2 a = world->def.gravity;
  for (int k = 0; k < field->n_global; k++)
    a = phys_v2_add (a, force_accel (field, &world->forces[field->global[k]], i, x, v));
  for (int k = field->own_start[i]; k < field->own_start[i + 1]; k++)
    a = phys_v2_add (a, force_accel (field, &world->forces[field->own[k]], i, x, v));
  return a;
}

/* One step of length h from (x, v) with the circle's integrator. */
static void
integrate_one (const ForceField *field, int i, PhysIntegrator integrator, PhysReal h,
               PhysVec2 *x, PhysVec2 *v)
{
  PhysVec2 x0 = *x, v0 = *v;

  switch (integrator)
    {
    case PHYS_INTEGRATOR_EULER:
      {
        PhysVec2 a = accel (field, i, x0, v0);
        *x = phys_v2_add_scaled (x0, v0, h);
        *v = phys_v2_add_scaled (v0, a, h);
      }
      break;
    case PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER:
      {
        PhysVec2 a = accel (field, i, x0, v0);
        *v = phys_v2_add_scaled (v0, a, h);
        *x = phys_v2_add_scaled (x0, *v, h);
      }
      break;
    case PHYS_INTEGRATOR_MIDPOINT:
      {
        PhysVec2 a1 = accel (field, i, x0, v0);
        PhysVec2 xm = phys_v2_add_scaled (x0, v0, 0.5 * h);
        PhysVec2 vm = phys_v2_add_scaled (v0, a1, 0.5 * h);
        PhysVec2 am = accel (field, i, xm, vm);
        *x = phys_v2_add_scaled (x0, vm, h);
        *v = phys_v2_add_scaled (v0, am, h);
      }
      break;
    case PHYS_INTEGRATOR_RK4:
      {
        PhysVec2 k1x = v0;
        PhysVec2 k1v = accel (field, i, x0, v0);
        PhysVec2 k2x = phys_v2_add_scaled (v0, k1v, 0.5 * h);
        PhysVec2 k2v = accel (field, i, phys_v2_add_scaled (x0, k1x, 0.5 * h), k2x);
        PhysVec2 k3x = phys_v2_add_scaled (v0, k2v, 0.5 * h);
        PhysVec2 k3v = accel (field, i, phys_v2_add_scaled (x0, k2x, 0.5 * h), k3x);
        PhysVec2 k4x = phys_v2_add_scaled (v0, k3v, h);
        PhysVec2 k4v = accel (field, i, phys_v2_add_scaled (x0, k3x, h), k4x);
        PhysVec2 dx = phys_v2_add (phys_v2_add (k1x, phys_v2_scale (k2x, 2.0)),
                                   phys_v2_add (phys_v2_scale (k3x, 2.0), k4x));
        PhysVec2 dv = phys_v2_add (phys_v2_add (k1v, phys_v2_scale (k2v, 2.0)),
                                   phys_v2_add (phys_v2_scale (k3v, 2.0), k4v));
        *x = phys_v2_add_scaled (x0, dx, h / 6.0);
        *v = phys_v2_add_scaled (v0, dv, h / 6.0);
      }
      break;
    case PHYS_INTEGRATOR_VERLET:
    default:
      {
        PhysVec2 a0 = accel (field, i, x0, v0);
        *x = phys_v2_add_scaled (phys_v2_add_scaled (x0, v0, h), a0, 0.5 * h * h);
        /* Drag and damping need a velocity at the new position: the Euler guess. */
        PhysVec2 a1 = accel (field, i, *x, phys_v2_add_scaled (v0, a0, h));
        *v = phys_v2_add_scaled (v0, phys_v2_add (a0, a1), 0.5 * h);
      }
      break;
    }
}

/* Which forces act on which circles, as CSR lists; built once per frame. */
static void
build_field (const PhysWorld *world, ForceField *field, int **global, int **own_start, int **own)
{
  int n = world->n_circles;
  int *starts = calloc ((size_t) n + 1, sizeof (int));
  int *glob = malloc (((size_t) world->n_forces + 1) * sizeof (int));
  if (starts == NULL || glob == NULL)
    abort ();
  int n_global = 0;

  /* Count first, then fill, so each circle's list is in force order. */
  for (int pass = 0; pass < 2; pass++)
    {
      int *fill = NULL;
      if (pass == 1)
        {
          for (int i = 0; i < n; i++)
            starts[i + 1] += starts[i];
          fill = malloc (((size_t) starts[n] + 1) * sizeof (int));
          if (fill == NULL)
            abort ();
          *own = fill;
        }
      int *cursor = pass == 1 ? malloc (((size_t) n + 1) * sizeof (int)) : NULL;
      if (pass == 1 && cursor == NULL)
        abort ();
      if (cursor != NULL)
        memcpy (cursor, starts, (size_t) n * sizeof (int));

      for (int fi = 0; fi < world->n_forces; fi++)
        {
          const PhysForce *f = &world->forces[fi];
          int named[2] = { -1, -1 };
          int n_named = 0;
          const int *list = NULL;
          int n_list = 0;

          switch (f->kind)
            {
            case PHYS_FORCE_ATTRACTOR:
            case PHYS_FORCE_DRAG:
              if (f->n_targets == 0)
                {
                  if (pass == 0)
                    glob[n_global++] = fi;
                  /* A reacting source with explicit targets is named below. */
                  continue;
                }
              list = world->targets + f->first_target;
              n_list = f->n_targets;
              if (f->kind == PHYS_FORCE_ATTRACTOR && f->reaction)
                named[n_named++] = f->source;
              break;
            case PHYS_FORCE_SPRING:
            case PHYS_FORCE_BUNGEE:
              named[n_named++] = f->body_a;
              if (f->body_b >= 0)
                named[n_named++] = f->body_b;
              break;
            default:
              break;
            }

          for (int k = 0; k < n_list + n_named; k++)
            {
              int body = k < n_list ? list[k] : named[k - n_list];
              if (pass == 0)
                starts[body + 1]++;
              else
                fill[cursor[body]++] = fi;
            }
        }
      free (cursor);
    }

  field->world = world;
  field->global = glob;
  field->n_global = n_global;
  field->own_start = starts;
  field->own = *own;
  *global = glob;
  *own_start = starts;
}

void
phys_integrate_frame (const PhysWorld *world, PhysVec2 *start, PhysVec2 *displacement,
                      PhysVec2 *end_velocity)
{
  int n = world->n_circles;
  PhysReal dt = world->def.dt;

  for (int i = 0; i < n; i++)
    start[i] = world->circles[i].position;

  if (!phys_world_has_forces (world))
    {
      for (int i = 0; i < n; i++)
        {
          const PhysCircle *c = &world->circles[i];
          bool still = c->fixed || phys_circle_is_asleep (c);
          displacement[i] = still ? phys_v2 (0.0, 0.0) : phys_v2_scale (c->velocity, dt);
          end_velocity[i] = c->velocity;
        }
      return;
    }

  /* Double buffers: every body reads the others at the start of the substep. */
  PhysVec2 *pos = malloc ((size_t) n * sizeof *pos * 4 + sizeof *pos);
  if (pos == NULL)
    abort ();
  PhysVec2 *vel = pos + n;
  PhysVec2 *next_pos = vel + n;
  PhysVec2 *next_vel = next_pos + n;
  for (int i = 0; i < n; i++)
    {
      pos[i] = world->circles[i].position;
      vel[i] = world->circles[i].velocity;
    }

  ForceField field = { 0 };
  int *global = NULL, *own_start = NULL, *own = NULL;
  build_field (world, &field, &global, &own_start, &own);

  PhysReal h = dt / world->def.substeps;
  for (int step = 0; step < world->def.substeps; step++)
    {
      field.pos = pos;
      field.vel = vel;
      for (int i = 0; i < n; i++)
        {
          next_pos[i] = pos[i];
          next_vel[i] = vel[i];
          if (!world->circles[i].fixed && !phys_circle_is_asleep (&world->circles[i]))
            integrate_one (&field, i, phys_circle_integrator (world, i), h, &next_pos[i],
                           &next_vel[i]);
        }
      memcpy (pos, next_pos, (size_t) n * sizeof *pos);
      memcpy (vel, next_vel, (size_t) n * sizeof *vel);
    }

  for (int i = 0; i < n; i++)
    {
      displacement[i] = phys_v2_sub (pos[i], start[i]);
      end_velocity[i] = vel[i];
    }
  free (global);
  free (own_start);
  free (own);
  free (pos);
}

/* Explicit integrators blow up on forces too stiff for their step (a spring of k =
 * 1000 at dt = 1): the path grows by a factor each frame until it overflows. Checked
 * before the frame moves anything, so the last state stays finite and says where it
 * went wrong. A fixed or non-colliding circle diverges just the same. */
bool
phys_integrate_diverged (PhysWorld *world, const PhysVec2 *start, const PhysVec2 *displacement,
                         const PhysVec2 *end_velocity)
{
  for (int i = 0; i < world->n_circles; i++)
    {
      PhysVec2 end = phys_v2_add (start[i], displacement[i]);
      PhysVec2 step = phys_v2_scale (end_velocity[i], world->def.dt);
      bool position_ok = phys_v2_within (end, PHYS_DIVERGED_MAGNITUDE)
                         && phys_v2_within (displacement[i], PHYS_DIVERGED_MAGNITUDE);
      if (position_ok && phys_v2_within (step, PHYS_DIVERGED_MAGNITUDE))
        continue;
      PhysVec2 bad = position_ok ? step : phys_v2_within (end, PHYS_DIVERGED_MAGNITUDE)
                                              ? displacement[i]
                                              : end;
      PhysHalt *halt = &world->halt;
      halt->kind = PHYS_HALT_DIVERGED;
      halt->frame = world->frame;
      halt->circle = i;
      halt->velocity = position_ok;
      halt->finite = phys_v2_is_finite (bad);
      halt->magnitude = halt->finite ? fmax (fabs (bad.x), fabs (bad.y)) : 0.0;
      return true;
    }
  return false;
}
