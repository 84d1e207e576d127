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

/* Bodies are numbered in one row for the forces: circles first (slot i is circle i), then
 * polygons (slot n_circles + p is polygon p). Springs join any two; attractors and drag without
 * targets act on every movable body. */
typedef struct
{
  const PhysWorld *world;
  int n_circles;
  const PhysVec2 *pos;    /* every body at the start of the substep */
  const PhysVec2 *vel;
  const PhysReal *ang;    /* angles and angular velocities */
  const PhysReal *spin;
  const int *global;      /* forces that act on every movable body */
  int n_global;
  const int *own_start;   /* CSR: forces naming slot i are own[own_start[i] .. own_start[i+1]) */
  const int *own;
} ForceField;

bool
phys_world_has_forces (const PhysWorld *world)
{
  return world->n_forces > 0 || world->def.gravity.x != 0.0 || world->def.gravity.y != 0.0;
}

static int
slot_of (const PhysWorld *world, PhysBodyKind kind, int index)
{
  return kind == PHYS_BODY_POLYGON ? world->n_circles + index : index;
}

static PhysReal
slot_mass (const PhysWorld *world, int i)
{
  return i < world->n_circles ? world->circles[i].mass : world->polygons[i - world->n_circles].mass;
}

static PhysReal
slot_inv_mass (const PhysWorld *world, int i)
{
  return i < world->n_circles ? world->circles[i].inv_mass
                              : world->polygons[i - world->n_circles].inv_mass;
}

static PhysReal
slot_inv_inertia (const PhysWorld *world, int i)
{
  return i < world->n_circles ? world->circles[i].inv_inertia
                              : world->polygons[i - world->n_circles].inv_inertia;
}

static bool
slot_fixed (const PhysWorld *world, int i)
{
  return i < world->n_circles ? world->circles[i].fixed : world->polygons[i - world->n_circles].fixed;
}

/* Still for the frame: fixed, or a sleeping circle. */
static bool
slot_still (const PhysWorld *world, int i)
{
  if (i < world->n_circles)
    return world->circles[i].fixed || phys_circle_is_asleep (&world->circles[i]);
  return world->polygons[i - world->n_circles].fixed;
}

/* Pull of a spring or bungee on the end at x (velocity v) towards the other end. */
static PhysVec2
spring_accel (const PhysForce *f, PhysVec2 x, PhysVec2 v, PhysVec2 other_x, PhysVec2 other_v,
              PhysReal inv_mass, PhysVec2 *force)
{
  PhysVec2 d = phys_v2_sub (other_x, x);
  PhysReal len = phys_v2_len (d);
  *force = phys_v2 (0.0, 0.0);
  if (len == 0.0)
    return phys_v2 (0.0, 0.0); /* no direction to pull along */
  PhysReal stretch = len - f->rest_length;
  if (f->kind == PHYS_FORCE_BUNGEE && stretch <= 0.0)
    return phys_v2 (0.0, 0.0);
  PhysVec2 u = phys_v2_scale (d, 1.0 / len);
  PhysReal closing = phys_v2_dot (phys_v2_sub (other_v, v), u);
  PhysReal magnitude = f->k * stretch + f->damping * closing;
  *force = phys_v2_scale (u, magnitude);
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

/* Where a spring end held at body-local offset local is, and how fast it moves, for a body at
 * (x, v) turned by angle and turning at w. An end at the centre is the centre, to the bit. */
static void
end_point (PhysVec2 local, PhysVec2 x, PhysVec2 v, PhysReal angle, PhysReal w, PhysVec2 *at,
           PhysVec2 *moving, PhysVec2 *arm)
{
  if (local.x == 0.0 && local.y == 0.0)
    {
      *at = x;
      *moving = v;
      *arm = phys_v2 (0.0, 0.0);
      return;
    }
  PhysReal c = cos (angle), s = sin (angle);
  *arm = phys_v2 (local.x * c - local.y * s, local.x * s + local.y * c);
  *at = phys_v2_add (x, *arm);
  *moving = phys_v2 (v.x - w * arm->y, v.y + w * arm->x);
}

/* Acceleration of one force on body slot i at state (x, v, angle, w); the angular acceleration
 * of its torque is added to *alpha. */
static PhysVec2
force_accel (const ForceField *field, const PhysForce *f, int i, PhysVec2 x, PhysVec2 v,
             PhysReal angle, PhysReal w, PhysReal *alpha)
{
  const PhysWorld *world = field->world;
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
          if (f->n_targets == 0)
            for (int t = world->n_circles; t < world->n_circles + world->n_polygons; t++)
              if (!slot_fixed (world, t))
                a = phys_v2_add (a, attraction_accel (f->G, slot_mass (world, t), x, field->pos[t]));
        }
      return a;
    case PHYS_FORCE_DRAG:
      return phys_v2_scale (v, -f->k * slot_inv_mass (world, i));
    case PHYS_FORCE_SPRING:
    case PHYS_FORCE_BUNGEE:
      {
        int sa = slot_of (world, f->kind_a, f->body_a);
        bool mine_a = sa == i;
        int other = mine_a ? (f->body_b >= 0 ? slot_of (world, f->kind_b, f->body_b) : -1) : sa;
        PhysVec2 mine_local = mine_a ? f->local_a : f->local_b;
        PhysVec2 other_local = mine_a ? f->local_b : f->local_a;
        PhysVec2 px, pv, arm, ox, ov, other_arm;
        end_point (mine_local, x, v, angle, w, &px, &pv, &arm);
        if (other >= 0)
          end_point (other_local, field->pos[other], field->vel[other], field->ang[other],
                     field->spin[other], &ox, &ov, &other_arm);
        else
          {
            ox = f->anchor;
            ov = phys_v2 (0.0, 0.0);
          }
        PhysVec2 force;
        PhysVec2 acc = spring_accel (f, px, pv, ox, ov, slot_inv_mass (world, i), &force);
        if (arm.x != 0.0 || arm.y != 0.0)
          *alpha += phys_v2_cross (arm, force) * slot_inv_inertia (world, i);
        return acc;
      }
    default:
      return a;
    }
}

static PhysVec2
accel (const ForceField *field, int i, PhysVec2 x, PhysVec2 v, PhysReal angle, PhysReal w,
       PhysReal *alpha)
{
  const PhysWorld *world = field->world;
  PhysVec2 a = world->def.gravity;
  *alpha = 0.0;
  for (int k = 0; k < field->n_global; k++)
    a = phys_v2_add (a, force_accel (field, &world->forces[field->global[k]], i, x, v, angle, w,
                                     alpha));
  for (int k = field->own_start[i]; k < field->own_start[i + 1]; k++)
    a = phys_v2_add (a, force_accel (field, &world->forces[field->own[k]], i, x, v, angle, w,
                                     alpha));
  return a;
}

/* A body's motion: position, velocity, angle, angular velocity. */
typedef struct
{
  PhysVec2 x, v;
  PhysReal a, w;
} Motion;

/* One step of length h from m with the body's integrator; the angle is integrated like the
 * position, the angular velocity like the velocity. */
static void
integrate_one (const ForceField *field, int i, PhysIntegrator integrator, PhysReal h, Motion *m)
{
  PhysVec2 x0 = m->x, v0 = m->v;
  PhysReal a0 = m->a, w0 = m->w;

  switch (integrator)
    {
    case PHYS_INTEGRATOR_EULER:
      {
        PhysReal al;
        PhysVec2 a = accel (field, i, x0, v0, a0, w0, &al);
        m->x = phys_v2_add_scaled (x0, v0, h);
        m->v = phys_v2_add_scaled (v0, a, h);
        m->a = a0 + w0 * h;
        m->w = w0 + al * h;
      }
      break;
    case PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER:
      {
        PhysReal al;
        PhysVec2 a = accel (field, i, x0, v0, a0, w0, &al);
        m->v = phys_v2_add_scaled (v0, a, h);
        m->x = phys_v2_add_scaled (x0, m->v, h);
        m->w = w0 + al * h;
        m->a = a0 + m->w * h;
      }
      break;
    case PHYS_INTEGRATOR_MIDPOINT:
      {
        PhysReal al1, alm;
        PhysVec2 a1 = accel (field, i, x0, v0, a0, w0, &al1);
        PhysVec2 xm = phys_v2_add_scaled (x0, v0, 0.5 * h);
        PhysVec2 vm = phys_v2_add_scaled (v0, a1, 0.5 * h);
        PhysReal am = a0 + w0 * (0.5 * h), wm = w0 + al1 * (0.5 * h);
        PhysVec2 acc_m = accel (field, i, xm, vm, am, wm, &alm);
        m->x = phys_v2_add_scaled (x0, vm, h);
        m->v = phys_v2_add_scaled (v0, acc_m, h);
        m->a = a0 + wm * h;
        m->w = w0 + alm * h;
      }
      break;
    case PHYS_INTEGRATOR_RK4:
      {
        PhysReal l1, l2, l3, l4;
        PhysVec2 k1x = v0;
        PhysVec2 k1v = accel (field, i, x0, v0, a0, w0, &l1);
        PhysReal k1a = w0;
        PhysVec2 k2x = phys_v2_add_scaled (v0, k1v, 0.5 * h);
        PhysReal k2a = w0 + l1 * (0.5 * h);
        PhysVec2 k2v = accel (field, i, phys_v2_add_scaled (x0, k1x, 0.5 * h), k2x,
                              a0 + k1a * (0.5 * h), k2a, &l2);
        PhysVec2 k3x = phys_v2_add_scaled (v0, k2v, 0.5 * h);
        PhysReal k3a = w0 + l2 * (0.5 * h);
        PhysVec2 k3v = accel (field, i, phys_v2_add_scaled (x0, k2x, 0.5 * h), k3x,
                              a0 + k2a * (0.5 * h), k3a, &l3);
        PhysVec2 k4x = phys_v2_add_scaled (v0, k3v, h);
        PhysReal k4a = w0 + l3 * h;
        PhysVec2 k4v = accel (field, i, phys_v2_add_scaled (x0, k3x, h), k4x, a0 + k3a * h, k4a,
                              &l4);
        PhysVec2 dx = phys_v2_add (phys_v2_add (k1x, phys_v2_scale (k2x, 2.0)),
                                   phys_v2_add (phys_v2_scale (k3x, 2.0), k4x));
        PhysVec2 dv = phys_v2_add (phys_v2_add (k1v, phys_v2_scale (k2v, 2.0)),
                                   phys_v2_add (phys_v2_scale (k3v, 2.0), k4v));
        m->x = phys_v2_add_scaled (x0, dx, h / 6.0);
        m->v = phys_v2_add_scaled (v0, dv, h / 6.0);
        m->a = a0 + (k1a + 2.0 * k2a + (2.0 * k3a + k4a)) * (h / 6.0);
        m->w = w0 + (l1 + 2.0 * l2 + (2.0 * l3 + l4)) * (h / 6.0);
      }
      break;
    case PHYS_INTEGRATOR_VERLET:
    default:
      {
        PhysReal l0, l1;
        PhysVec2 acc0 = accel (field, i, x0, v0, a0, w0, &l0);
        m->x = phys_v2_add_scaled (phys_v2_add_scaled (x0, v0, h), acc0, 0.5 * h * h);
        m->a = a0 + w0 * h + l0 * (0.5 * h * h);
        /* Drag and damping need a velocity at the new position: the Euler guess. */
        PhysVec2 acc1 = accel (field, i, m->x, phys_v2_add_scaled (v0, acc0, h), m->a,
                               w0 + l0 * h, &l1);
        m->v = phys_v2_add_scaled (v0, phys_v2_add (acc0, acc1), 0.5 * h);
        m->w = w0 + (l0 + l1) * (0.5 * h);
      }
      break;
    }
}

/* Which forces act on which bodies, as CSR lists over the slots; built once per frame. */
static void
build_field (const PhysWorld *world, ForceField *field, int **global, int **own_start, int **own)
{
  int n = world->n_circles + world->n_polygons;
  int *starts = calloc ((size_t) n + 1, sizeof (int));
  int *glob = malloc (((size_t) world->n_forces + 1) * sizeof (int));
  if (starts == NULL || glob == NULL)
    abort ();
  int n_global = 0;

  /* Count first, then fill, so each body's list is in force order. */
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
              named[n_named++] = slot_of (world, f->kind_a, f->body_a);
              if (f->body_b >= 0)
                named[n_named++] = slot_of (world, f->kind_b, f->body_b);
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
  field->n_circles = world->n_circles;
  field->global = glob;
  field->n_global = n_global;
  field->own_start = starts;
  field->own = *own;
  *global = glob;
  *own_start = starts;
}

/* The motion of body slot i now. */
static Motion
motion_of (const PhysWorld *world, int i)
{
  Motion m;
  if (i < world->n_circles)
    {
      const PhysCircle *c = &world->circles[i];
      m.x = c->position;
      m.v = c->velocity;
      m.a = c->angle;
      m.w = c->angular_velocity;
    }
  else
    {
      const PhysPolygonBody *p = &world->polygons[i - world->n_circles];
      m.x = p->position;
      m.v = p->velocity;
      m.a = p->angle;
      m.w = p->angular_velocity;
    }
  return m;
}

static PhysIntegrator
slot_integrator (const PhysWorld *world, int i)
{
  return i < world->n_circles ? phys_circle_integrator (world, i)
                              : phys_polygon_integrator (world, i - world->n_circles);
}

/* Writes a polygon's or circle's rotation (and a polygon's motion) into rigid. */
static void
store_rigid (const PhysWorld *world, PhysRigidPaths *rigid, int i, const Motion *start,
             const Motion *end)
{
  if (rigid == NULL)
    return;
  if (i < world->n_circles)
    {
      rigid->circle_turn[i] = end->a - start->a;
      rigid->circle_end_spin[i] = end->w;
      return;
    }
  int p = i - world->n_circles;
  rigid->polygon_disp[p] = phys_v2_sub (end->x, start->x);
  rigid->polygon_turn[p] = end->a - start->a;
  rigid->polygon_end_vel[p] = end->v;
  rigid->polygon_end_spin[p] = end->w;
}

void
phys_integrate_frame (const PhysWorld *world, PhysVec2 *start, PhysVec2 *displacement,
                      PhysVec2 *end_velocity, PhysVec2 *accel_out, PhysRigidPaths *rigid)
{
  int n = world->n_circles;
  /* Polygons are stepped even when only the circles' paths are asked for: springs join them. */
  int nb = n + world->n_polygons;
  PhysReal dt = world->def.dt;

  for (int i = 0; i < n; i++)
    {
      start[i] = world->circles[i].position;
      if (accel_out != NULL)
        accel_out[i] = phys_v2 (0.0, 0.0);
    }

  if (!phys_world_has_forces (world))
    {
      for (int i = 0; i < nb; i++)
        {
          bool still = slot_still (world, i);
          Motion m0 = motion_of (world, i), m1 = m0;
          if (!still)
            {
              m1.x = phys_v2_add (m0.x, phys_v2_scale (m0.v, dt));
              m1.a = m0.a + m0.w * dt;
            }
          if (i < n)
            {
              displacement[i] = still ? phys_v2 (0.0, 0.0) : phys_v2_scale (m0.v, dt);
              end_velocity[i] = m0.v;
            }
          store_rigid (world, rigid, i, &m0, &m1);
          if (rigid != NULL && i >= n && !still)
            rigid->polygon_disp[i - n] = phys_v2_scale (m0.v, dt);
        }
      return;
    }

  /* Double buffers: every body reads the others at the start of the substep. */
  int na = nb;
  Motion *now = malloc (((size_t) na * 2 + 1) * sizeof *now);
  PhysVec2 *pos = malloc (((size_t) na * 2 + 1) * sizeof *pos);
  PhysReal *ang = malloc (((size_t) na * 2 + 1) * sizeof *ang);
  if (now == NULL || pos == NULL || ang == NULL)
    abort ();
  Motion *next = now + na;
  PhysVec2 *vel = pos + na;
  PhysReal *spin = ang + na;
  for (int i = 0; i < na; i++)
    now[i] = motion_of (world, i);

  ForceField field = { 0 };
  int *global = NULL, *own_start = NULL, *own = NULL;
  build_field (world, &field, &global, &own_start, &own);

  /* A colliding circle under gravity alone flies its parabola (below): no steps. */
  bool *parabola = malloc ((size_t) n * sizeof *parabola + 1);
  if (parabola == NULL)
    abort ();
  for (int i = 0; i < n; i++)
    {
      const PhysCircle *c = &world->circles[i];
      parabola[i] = field.n_global == 0 && own_start[i] == own_start[i + 1] && c->collides
                    && !c->fixed && !phys_circle_is_asleep (c);
    }
  PhysReal h = dt / world->def.substeps;
  for (int step = 0; step < world->def.substeps; step++)
    {
      for (int i = 0; i < na; i++)
        {
          pos[i] = now[i].x;
          vel[i] = now[i].v;
          ang[i] = now[i].a;
          spin[i] = now[i].w;
        }
      field.pos = pos;
      field.vel = vel;
      field.ang = ang;
      field.spin = spin;
      for (int i = 0; i < nb; i++)
        {
          next[i] = now[i];
          if ((i >= n || !parabola[i]) && !slot_still (world, i))
            integrate_one (&field, i, slot_integrator (world, i), h, &next[i]);
        }
      memcpy (now, next, (size_t) nb * sizeof *now);
    }

  PhysVec2 g = world->def.gravity;
  for (int i = 0; i < nb; i++)
    {
      Motion m0 = motion_of (world, i);
      store_rigid (world, rigid, i, &m0, &now[i]);
      if (i >= n)
        continue;
      const PhysCircle *c = &world->circles[i];
      displacement[i] = phys_v2_sub (now[i].x, start[i]);
      end_velocity[i] = now[i].v;
      if (!parabola[i])
        continue;
      /* Between events a colliding body under gravity alone flies the exact parabola,
       * whatever its integrator: contacts are found on the path it really follows. */
      displacement[i] = phys_v2_add_scaled (phys_v2_scale (c->velocity, dt), g, 0.5 * dt * dt);
      end_velocity[i] = phys_v2_add_scaled (c->velocity, g, dt);
      if (accel_out != NULL)
        accel_out[i] = phys_v2_scale (g, dt * dt);
      if (rigid != NULL)
        rigid->circle_turn[i] = c->angular_velocity * dt;
    }
  free (parabola);
  free (global);
  free (own_start);
  free (own);
  free (now);
  free (pos);
  free (ang);
}

/* Explicit integrators blow up on forces too stiff for their step (a spring of k =
 * 1000 at dt = 1): the path grows by a factor each frame until it overflows. Checked
 * before the frame moves anything, so the last state stays finite and says where it
 * went wrong. A fixed or non-colliding circle diverges just the same. */
/* Records a halt for body ref whose path value bad (a position or a velocity times dt) left
 * the range. */
static void
halt_at (PhysWorld *world, PhysBodyRef ref, bool velocity, PhysVec2 bad)
{
  PhysHalt *halt = &world->halt;
  halt->kind = PHYS_HALT_DIVERGED;
  halt->frame = world->frame;
  halt->circle = ref.kind == PHYS_BODY_CIRCLE ? ref.index : -1;
  halt->body = ref;
  halt->velocity = velocity;
  halt->finite = phys_v2_is_finite (bad);
  halt->magnitude = halt->finite ? fmax (fabs (bad.x), fabs (bad.y)) : 0.0;
}

/* True when a path (start, displacement, end velocity) stays in range; else *velocity says
 * which part left it and *bad its value. */
static bool
path_in_range (PhysReal dt, PhysVec2 start, PhysVec2 displacement, PhysVec2 end_velocity,
               bool *velocity, PhysVec2 *bad)
{
  PhysVec2 end = phys_v2_add (start, displacement);
  PhysVec2 step = phys_v2_scale (end_velocity, dt);
  bool position_ok = phys_v2_within (end, PHYS_DIVERGED_MAGNITUDE)
                     && phys_v2_within (displacement, PHYS_DIVERGED_MAGNITUDE);
  if (position_ok && phys_v2_within (step, PHYS_DIVERGED_MAGNITUDE))
    return true;
  *velocity = position_ok;
  *bad = position_ok ? step : phys_v2_within (end, PHYS_DIVERGED_MAGNITUDE) ? displacement : end;
  return false;
}

bool
phys_integrate_diverged (PhysWorld *world, const PhysVec2 *start, const PhysVec2 *displacement,
                         const PhysVec2 *end_velocity, const PhysRigidPaths *rigid)
{
  bool velocity;
  PhysVec2 bad;
  for (int i = 0; i < world->n_circles; i++)
    if (!path_in_range (world->def.dt, start[i], displacement[i], end_velocity[i], &velocity, &bad))
      {
        halt_at (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, i }, velocity, bad);
        return true;
      }
  if (rigid == NULL)
    return false;
  for (int i = 0; i < world->n_circles; i++)
    {
      PhysVec2 turn = phys_v2 (world->circles[i].angle + rigid->circle_turn[i],
                               rigid->circle_end_spin[i] * world->def.dt);
      if (!phys_v2_within (turn, PHYS_DIVERGED_MAGNITUDE))
        {
          halt_at (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, i }, true, turn);
          return true;
        }
    }
  for (int i = 0; i < world->n_polygons; i++)
    {
      const PhysPolygonBody *p = &world->polygons[i];
      PhysVec2 turn = phys_v2 (p->angle + rigid->polygon_turn[i],
                               rigid->polygon_end_spin[i] * world->def.dt);
      if (!path_in_range (world->def.dt, p->position, rigid->polygon_disp[i],
                          rigid->polygon_end_vel[i], &velocity, &bad))
        {
          halt_at (world, (PhysBodyRef) { PHYS_BODY_POLYGON, i }, velocity, bad);
          return true;
        }
      if (!phys_v2_within (turn, PHYS_DIVERGED_MAGNITUDE))
        {
          halt_at (world, (PhysBodyRef) { PHYS_BODY_POLYGON, i }, true, turn);
          return true;
        }
    }
  return false;
}
