/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-rigid-step.c: the rigid bodies' part of a frame (docs/rigid-bodies.md).
 *
 * A hybrid: impacts are found exactly, in time order, in the same queue as the circles'
 * events (swept separating axes when bodies translate, conservative advancement when they
 * turn), while contacts that already touch when a frame begins are solved together at the
 * velocity level by sequential impulses with accumulated clamping, warm started from the
 * last frame's impulses (matched by feature id), the two points of a face contact solved
 * exactly together (Catto, "Iterative Dynamics with Temporal Coherence", GDC 2005, and
 * Box2D's block solver). What the frame leaves overlapping is moved apart at its end by
 * nonlinear Gauss-Seidel on positions (Box2D's position solver), which changes no velocity.
 *
 * Bodies: circles (index i) and polygons (grid id n_circles + p) move; segments, the bounds
 * walls and curves are fixed. Each polygon keeps its own clock inside the frame, as circles
 * do: its pose at the clock and its rates (world units and radians per frame).
 */
#include <stdlib.h>
#include <string.h>

#include "phys-advance-private.h"
#include "phys-rigid-solve-private.h"
#include "phys-rigid-sleep-private.h"
#include "phys-curve-contact-private.h"
#include "phys-step-private.h"

/* Velocity iterations of the contact solver (Box2D 2.4 uses 8). */
#define VELOCITY_ITERATIONS 10
/* When many contacts start without remembered impulses (a pile's first frame), the solve goes on
 * until no normal impulse changes by more than this fraction of the largest in an iteration, at
 * most COLD_ITERATIONS: a stack carries its weight down one contact an iteration, and the next
 * frames start warm from a converged answer. */
#define COLD_ITERATIONS 500
#define COLD_CONVERGED 1e-7
/* Position iterations at the frame's end; they stop early once nothing is deeper than
 * 3 slops (Box2D's rule). */
#define POSITION_ITERATIONS 4
/* The linear slop: the overlap a resting contact may keep, as a fraction of the smaller
 * body's size (Box2D: 0.005 m for bodies of about a metre). */
#define SLOP_FRACTION 0.005
/* Pairs closer than this many slops are contacts: solved with the contact solver, their gap
 * allowed to close within the frame (speculative contact). */
#define MARGIN_SLOPS 4.0
/* The fraction of an overlap (beyond the slop) a position iteration removes, and the most it
 * moves at once, in slops (Box2D: 0.2, and 0.2 m = 40 slops). */
#define BAUMGARTE 0.2
#define MAX_CORRECTION_SLOPS 40.0
/* A touching pair that approaches slower than this many slops over the rest of the frame is
 * left to the position correction and the next frame's solver; faster, it is answered at once
 * (else a body pushed into a thin wall could pass it). */
#define FAST_APPROACH_SLOPS 1.0
/* Relative speeds below this fraction of the speeds involved (plus a tiny floor) are rounding. */
#define NEGLIGIBLE 1e-9
#define NEGLIGIBLE_FLOOR 1e-12
/* Answers closer together than this (frame fraction) are one instant (as for circles). */
#define INSTANT 1e-5
/* A touching pair that is not approaching is looked at again after at least this much of the
 * frame (a pair that could close its margin sooner, a body spinning hundreds of turns a second,
 * may sink that much deeper first). */
#define RETEST_FLOOR 1e-3
/* A body answered more often than this at one instant is jammed: its touching pairs are left
 * to the position correction and the next frame's solver for the rest of the frame. */
#define JAM_ANSWERS 16

/* A body of the rigid part: a circle, polygon, segment (or wall) or curve by index. */
typedef struct
{
  int kind;   /* PhysBodyKind */
  int index;
} Body;

/* A body's pose as the position correction moves it. */
typedef struct
{
  PhysVec2 x;
  PhysReal a;
  PhysReal c, s; /* cos a, sin a */
} SolverPose;

/* How a contact's separation is measured again by the position correction. */
typedef enum
{
  GEOMETRY_FACE_A = 0,  /* a's face: plane point and normal in a's frame, points in b's */
  GEOMETRY_FACE_B,      /* b's face: plane in b's frame, points in a's */
  GEOMETRY_POINTS,      /* a's vertex and b's circle: along the line between them */
} Geometry;

typedef struct
{
  PhysVec2 ra, rb;       /* lever arms */
  PhysReal nmass, tmass; /* effective masses */
  PhysReal jn, jt;       /* accumulated impulses */
  PhysReal bias;         /* target normal velocity (restitution or the speculative approach) */
  PhysReal vn0, vt0;     /* relative velocities before the solve */
  PhysReal depth;        /* > 0 overlapping */
  PhysVec2 point;        /* world, where the impulse acts */
  uint32_t id;           /* feature id */
  PhysVec2 local;        /* incident point (or circle centre) in the incident body's frame */
  PhysVec2 kept;         /* the point in the frame of the polygon that remembers the contact */
} ContactPoint;

/* A contact of the frame: solved at its start (C0) or made by an answer or a touch later. */
typedef struct
{
  Body a, b;
  int sa, sb;            /* solver body slots (0: the immovable one) */
  int kind;              /* PhysEventKind of the pair */
  PhysVec2 n;            /* unit, from a to b */
  PhysReal friction, restitution;
  PhysReal slop;
  int count;
  ContactPoint p[2];
  PhysReal k11, k12, k22;
  PhysReal m11, m12, m22; /* inverse of K when the block solve applies */
  bool block;
  Geometry geometry;
  PhysVec2 local_normal; /* of the reference face in its body's frame */
  PhysVec2 local_plane;  /* a point of the reference face, same frame */
  PhysReal radius_a, radius_b; /* circles' radii (incident points are their centres) */
  long logged;           /* its logged event, or -1 */
  bool solved;           /* solved at the frame's start */
  bool resting;          /* solved, pressed (a normal impulse) and left at rest: nothing for the
                          * event phase to look for until a path changes */
  int reference_body, reference_edge, incident_edge;
} Contact;

/* An entry of the set of pairs in contact this frame. */
typedef struct
{
  uint64_t key;
  uint32_t stamp;
  int contact;           /* its Contact; APART: apart when the frame began */
  PhysReal gap;          /* APART: the static test's gap then (a lower bound of the distance) */
} PairEntry;

/* A pair the frame's first static tests found apart (not a contact). */
#define APART (-2)

struct RigidScratch
{
  int cap_polygons;
  PhysVec2 *ppos;        /* centre of mass at the clock */
  PhysReal *pang;        /* angle at the clock */
  PhysVec2 *prate;       /* velocity at the clock, world units per frame */
  PhysVec2 *pacc;        /* acceleration per frame^2: gravity on a parabola, else 0 */
  PhysReal *pspin;       /* turn per frame */
  PhysReal *ptau;        /* the clock */
  PhysVec2 *pend_vel;    /* velocity at the frame's end */
  PhysReal *pend_spin;   /* angular velocity at the frame's end */
  uint32_t *pversion;
  PhysReal *pjam_t;      /* the instant of its last answers, and how many */
  int *pjam_n;
  int *pslot;            /* solver slot, or -1 */
  PhysReal *pc, *ps;     /* cos and sin of the angle at the clock, when pose_tau says so */
  PhysReal *pose_tau;    /* the clock they were taken at (-1: not yet) */
  PhysHull *hull;        /* the polygon placed this frame at the pose it records (polygon_hull()) */
  PhysReal *hull_tau;    /* the frame time it was placed for, or -1: not placed this frame */
  int cap_circles;
  PhysReal *cang, *cang_tau, *cspin, *cend_spin;
  PhysReal *cjam_t;
  int *cjam_n;
  int *cslot;
  bool *cturned;         /* an answer changed its turn */

  PairEntry *pairs;
  int cap_pairs, n_pairs;
  uint32_t stamp;

  Contact *contacts;
  int n_contacts, cap_contacts;
  SolverBody *bodies;    /* slot 0 is the immovable body */
  Body *body_of;
  int n_bodies, cap_bodies;
  SolverPose *poses;
  SolverBody *before;    /* the bodies as the solve began */
  PhysVec2 *final_v;     /* the velocities they end the frame with */

  int *found;            /* a query's results */
  int n_found, cap_found;
  int *codes;            /* a copy of them to walk */
  int cap_codes;

  SolverRow *rows;       /* the solver's rows, in colour order */
  int *row_slots;        /* the contacts' solver slots (sa, sb), in the contacts' order */
  int *order, *colors;   /* rows[i] is contact order[i]; a row's colour */
  int cap_rows;
  uint64_t *masks;       /* per solver body: the colours its rows took */
  int cap_masks;

  int solve_answer;      /* the answer the contact solve was, or -1 */
  int solve_iterations;  /* velocity iterations the solve made */
};

/* ---- memory ---------------------------------------------------------------- */

void
phys_rigid_scratch_free (RigidScratch *r)
{
  if (r == NULL)
    return;
  free (r->ppos);
  free (r->pang);
  free (r->prate);
  free (r->pacc);
  free (r->pspin);
  free (r->ptau);
  free (r->pend_vel);
  free (r->pend_spin);
  free (r->pversion);
  free (r->pjam_t);
  free (r->pjam_n);
  free (r->pslot);
  free (r->pc);
  free (r->ps);
  free (r->pose_tau);
  free (r->hull);
  free (r->hull_tau);
  free (r->cang);
  free (r->cang_tau);
  free (r->cspin);
  free (r->cend_spin);
  free (r->cjam_t);
  free (r->cjam_n);
  free (r->cslot);
  free (r->cturned);
  free (r->pairs);
  free (r->contacts);
  free (r->bodies);
  free (r->body_of);
  free (r->poses);
  free (r->before);
  free (r->final_v);
  free (r->found);
  free (r->codes);
  free (r->rows);
  free (r->row_slots);
  free (r->order);
  free (r->colors);
  free (r->masks);
  free (r);
}

static RigidScratch *
rigid_for (Step *st)
{
  PhysStepScratch *s = st->s;
  if (s->rigid == NULL)
    {
      s->rigid = calloc (1, sizeof *s->rigid);
      if (s->rigid == NULL)
        abort ();
    }
  RigidScratch *r = s->rigid;
  int np = st->world->n_polygons, nc = st->world->n_circles;
  if (np > r->cap_polygons || r->ppos == NULL)
    {
      size_t m = (size_t) np;
      r->ppos = phys_step_realloc (r->ppos, m, sizeof *r->ppos);
      r->pang = phys_step_realloc (r->pang, m, sizeof *r->pang);
      r->prate = phys_step_realloc (r->prate, m, sizeof *r->prate);
      r->pacc = phys_step_realloc (r->pacc, m, sizeof *r->pacc);
      r->pspin = phys_step_realloc (r->pspin, m, sizeof *r->pspin);
      r->ptau = phys_step_realloc (r->ptau, m, sizeof *r->ptau);
      r->pend_vel = phys_step_realloc (r->pend_vel, m, sizeof *r->pend_vel);
      r->pend_spin = phys_step_realloc (r->pend_spin, m, sizeof *r->pend_spin);
      r->pversion = phys_step_realloc (r->pversion, m, sizeof *r->pversion);
      r->pjam_t = phys_step_realloc (r->pjam_t, m, sizeof *r->pjam_t);
      r->pjam_n = phys_step_realloc (r->pjam_n, m, sizeof *r->pjam_n);
      r->pslot = phys_step_realloc (r->pslot, m, sizeof *r->pslot);
      r->pc = phys_step_realloc (r->pc, m, sizeof *r->pc);
      r->ps = phys_step_realloc (r->ps, m, sizeof *r->ps);
      r->pose_tau = phys_step_realloc (r->pose_tau, m, sizeof *r->pose_tau);
      r->hull = phys_step_realloc (r->hull, m, sizeof *r->hull);
      r->hull_tau = phys_step_realloc (r->hull_tau, m, sizeof *r->hull_tau);
      r->cap_polygons = np;
    }
  if (nc > r->cap_circles || r->cang == NULL)
    {
      size_t m = (size_t) nc;
      r->cang = phys_step_realloc (r->cang, m, sizeof *r->cang);
      r->cang_tau = phys_step_realloc (r->cang_tau, m, sizeof *r->cang_tau);
      r->cspin = phys_step_realloc (r->cspin, m, sizeof *r->cspin);
      r->cend_spin = phys_step_realloc (r->cend_spin, m, sizeof *r->cend_spin);
      r->cjam_t = phys_step_realloc (r->cjam_t, m, sizeof *r->cjam_t);
      r->cjam_n = phys_step_realloc (r->cjam_n, m, sizeof *r->cjam_n);
      r->cslot = phys_step_realloc (r->cslot, m, sizeof *r->cslot);
      r->cturned = phys_step_realloc (r->cturned, m, sizeof *r->cturned);
      r->cap_circles = nc;
    }
  return r;
}

/* ---- bodies -------------------------------------------------------------- */

static Body
body (int kind, int index)
{
  Body b = { kind, index };
  return b;
}

/* A grid id (circle i, or polygon n_circles + p) as a body. */
static Body
grid_body (const Step *st, int id)
{
  int nc = st->world->n_circles;
  return id >= nc ? body (PHYS_BODY_POLYGON, id - nc) : body (PHYS_BODY_CIRCLE, id);
}

/* True when the body stands firm for collisions (fixed, sleeping, or fixed by kind). */
static bool
body_immovable (const Step *st, const Body *b)
{
  if (b->kind == PHYS_BODY_POLYGON)
    return phys_polygon_still (st->world, b->index); /* sleep hook: a sleeper stands firm */
  if (b->kind == PHYS_BODY_CIRCLE)
    return phys_step_inv_mass (st, b->index) == 0.0;
  return true;
}

static PhysReal
body_inv_mass (const Step *st, const Body *b)
{
  if (b->kind == PHYS_BODY_POLYGON) /* sleep hook: a sleeper is immovable */
    return phys_polygon_still (st->world, b->index) ? 0.0 : st->world->polygons[b->index].inv_mass;
  if (b->kind == PHYS_BODY_CIRCLE)
    return phys_step_inv_mass (st, b->index);
  return 0.0;
}

static PhysReal
body_inv_inertia (const Step *st, const Body *b)
{
  if (b->kind == PHYS_BODY_POLYGON) /* sleep hook */
    return phys_polygon_still (st->world, b->index) ? 0.0
                                                     : st->world->polygons[b->index].inv_inertia;
  if (b->kind == PHYS_BODY_CIRCLE)
    return phys_step_inv_mass (st, b->index) == 0.0 ? 0.0
                                                     : st->world->circles[b->index].inv_inertia;
  return 0.0;
}

/* A body's restitution and friction coefficient. */
static void
body_material (const Step *st, const Body *b, PhysReal *restitution, PhysReal *friction)
{
  const PhysWorld *w = st->world;
  switch (b->kind)
    {
    case PHYS_BODY_POLYGON:
      *restitution = w->polygons[b->index].restitution;
      *friction = w->polygons[b->index].friction;
      break;
    case PHYS_BODY_CIRCLE:
      *restitution = w->circles[b->index].restitution;
      *friction = w->circles[b->index].friction;
      break;
    case PHYS_BODY_SEGMENT:
      *restitution = w->segments[b->index].restitution;
      *friction = w->segments[b->index].friction;
      break;
    case PHYS_BODY_CURVE:
    default:
      *restitution = w->curves[b->index].restitution;
      *friction = w->curves[b->index].friction;
      break;
    }
}

/* A pair's combined restitution, sqrt(ea eb), and friction, sqrt(mua mub). */
static void
pair_material (const Step *st, const Body *a, const Body *b, PhysReal *restitution,
               PhysReal *friction)
{
  PhysReal ea, eb, fa, fb;
  body_material (st, a, &ea, &fa);
  body_material (st, b, &eb, &fb);
  *restitution = phys_restitution_combine (ea, eb);
  *friction = sqrt (fa * fb);
}

/* The size that scales a pair's slop: its smaller moving body's (a polygon's largest vertex
 * distance, a circle's radius). */
static PhysReal
body_size (const Step *st, const Body *b)
{
  if (b->kind == PHYS_BODY_POLYGON)
    return st->world->polygons[b->index].radius;
  if (b->kind == PHYS_BODY_CIRCLE)
    return st->world->circles[b->index].radius;
  return INFINITY;
}

static PhysReal
pair_slop (const Step *st, const Body *a, const Body *b)
{
  PhysReal sa = body_size (st, a), sb = body_size (st, b);
  return SLOP_FRACTION * (sa < sb ? sa : sb);
}

/* The distance within which a pair counts as touching: the advancement's tolerance, or a
 * billionth of the body's size for large bodies (rounding of their coordinates). */
static PhysReal
pair_touch (const Step *st, const Body *a, const Body *b)
{
  PhysReal size = body_size (st, a), sb = body_size (st, b);
  size = size < sb ? size : sb;
  PhysReal t = 1e-9 * size;
  return t > PHYS_ADVANCE_TOLERANCE ? t : PHYS_ADVANCE_TOLERANCE;
}

/* Centre (of mass) and angle of a body at frame time t on its path. Fixed bodies: the
 * identity pose (segments and curves are in world coordinates). */
static void
body_pose_at (const Step *st, const Body *b, PhysReal t, PhysVec2 *x, PhysReal *angle)
{
  const RigidScratch *r = st->s->rigid;
  switch (b->kind)
    {
    case PHYS_BODY_POLYGON:
      {
        int p = b->index;
        if (t == r->ptau[p])
          {
            *x = r->ppos[p];
            *angle = r->pang[p];
          }
        else
          {
            PhysReal h = t - r->ptau[p];
            *x = phys_v2_add_scaled (r->ppos[p], r->prate[p], h);
            if (r->pacc[p].x != 0.0 || r->pacc[p].y != 0.0)
              *x = phys_v2_add_scaled (*x, r->pacc[p], 0.5 * h * h);
            *angle = r->pang[p] + r->pspin[p] * h;
          }
      }
      break;
    case PHYS_BODY_CIRCLE:
      *x = position_at (st->s, b->index, t);
      *angle = r->cang[b->index] + r->cspin[b->index] * (t - r->cang_tau[b->index]);
      break;
    default:
      *x = phys_v2 (0.0, 0.0);
      *angle = 0.0;
      break;
    }
}

/* Velocity (world units per frame) of a body's centre at t, its turn per frame and its
 * acceleration (per frame^2; circles on parabolas only). */
static void
body_motion_at (const Step *st, const Body *b, PhysReal t, PhysVec2 *rate, PhysReal *spin,
                PhysVec2 *acc)
{
  const RigidScratch *r = st->s->rigid;
  *acc = phys_v2 (0.0, 0.0);
  switch (b->kind)
    {
    case PHYS_BODY_POLYGON:
      *rate = phys_v2_add_scaled (r->prate[b->index], r->pacc[b->index], t - r->ptau[b->index]);
      *spin = r->pspin[b->index];
      *acc = r->pacc[b->index];
      break;
    case PHYS_BODY_CIRCLE:
      *rate = rate_at (st->s, b->index, t);
      *spin = r->cspin[b->index];
      *acc = st->s->acc[b->index];
      break;
    default:
      *rate = phys_v2 (0.0, 0.0);
      *spin = 0.0;
      break;
    }
}

/* Moves a polygon's clock to t. */
static void
polygon_clock (RigidScratch *r, int p, PhysReal t)
{
  if (t == r->ptau[p])
    return;
  PhysReal h = t - r->ptau[p];
  r->ppos[p] = phys_v2_add_scaled (r->ppos[p], r->prate[p], h);
  if (r->pacc[p].x != 0.0 || r->pacc[p].y != 0.0)
    {
      r->ppos[p] = phys_v2_add_scaled (r->ppos[p], r->pacc[p], 0.5 * h * h);
      r->prate[p] = phys_v2_add_scaled (r->prate[p], r->pacc[p], h);
    }
  r->pang[p] += r->pspin[p] * h;
  r->ptau[p] = t;
  /* The pose moved: what was placed at the old clock no longer holds. */
  r->pose_tau[p] = -1.0;
  r->hull_tau[p] = -1.0;
}

/* Moves a circle's rotation clock to t. */
static void
circle_turn_clock (RigidScratch *r, int i, PhysReal t)
{
  if (t == r->cang_tau[i])
    return;
  r->cang[i] += r->cspin[i] * (t - r->cang_tau[i]);
  r->cang_tau[i] = t;
}

/* Moves a moving body's clocks to t. */
static void
body_clock (Step *st, const Body *b, PhysReal t)
{
  RigidScratch *r = st->s->rigid;
  if (b->kind == PHYS_BODY_POLYGON)
    polygon_clock (r, b->index, t);
  else if (b->kind == PHYS_BODY_CIRCLE)
    {
      move_clock (st->s, b->index, t, position_at (st->s, b->index, t));
      circle_turn_clock (r, b->index, t);
    }
}

typedef struct
{
  PhysVec2 x;
  PhysReal a, c, s;
} Pose;

static void
pose_of (const Step *st, const Body *b, PhysReal t, Pose *pose)
{
  body_pose_at (st, b, t, &pose->x, &pose->a);
  RigidScratch *r = st->s->rigid;
  if (b->kind == PHYS_BODY_POLYGON && t == r->ptau[b->index])
    {
      /* At its clock a polygon's turn is computed once: every pair near it uses it. */
      int p = b->index;
      if (r->pose_tau[p] != t)
        {
          r->pc[p] = cos (pose->a);
          r->ps[p] = sin (pose->a);
          r->pose_tau[p] = t;
        }
      pose->c = r->pc[p];
      pose->s = r->ps[p];
    }
  else if (b->kind == PHYS_BODY_POLYGON || b->kind == PHYS_BODY_CIRCLE)
    {
      pose->c = cos (pose->a);
      pose->s = sin (pose->a);
    }
  else
    {
      pose->c = 1.0;
      pose->s = 0.0;
    }
}

/* The box of polygon p's path from its clock to the end of the frame: its bounding circle
 * swept along the centre's path (turning stays inside that circle). */
PhysAabb
phys_rigid_polygon_box (const Step *st, int p)
{
  const RigidScratch *r = st->s->rigid;
  PhysReal radius = st->world->polygons[p].radius;
  if (phys_polygon_still (st->world, p)) /* sleep hook: a sleeper's box is a fixed one's */
    {
      /* A fixed polygon (a ground, a wall) stays where it is: its own box, not its bounding
       * circle's (a long ground's would reach everything), grown by the widest contact margin
       * a pair with it can have (MARGIN_SLOPS slops of its own size) and the hair. */
      const PhysPolygon *shape = &st->world->polygons[p].shape;
      Pose pose;
      pose_of (st, &(Body) { PHYS_BODY_POLYGON, p }, r->ptau[p], &pose);
      PhysReal c = pose.c, s = pose.s;
      PhysVec2 v = phys_pose_apply (r->ppos[p], c, s, shape->vertices[0]);
      PhysAabb box = { v, v };
      for (int i = 1; i < shape->count; i++)
        {
          v = phys_pose_apply (r->ppos[p], c, s, shape->vertices[i]);
          box.min = phys_v2 (v.x < box.min.x ? v.x : box.min.x, v.y < box.min.y ? v.y : box.min.y);
          box.max = phys_v2 (v.x > box.max.x ? v.x : box.max.x, v.y > box.max.y ? v.y : box.max.y);
        }
      PhysReal grow = MARGIN_SLOPS * SLOP_FRACTION * radius + 1e-9 * (1.0 + radius);
      box.min = phys_v2 (box.min.x - grow, box.min.y - grow);
      box.max = phys_v2 (box.max.x + grow, box.max.y + grow);
      return box;
    }
  PhysReal T = 1.0 - r->ptau[p];
  PhysVec2 a = r->pacc[p];
  /* The chord of the path, plus how far a parabola strays from it (|a| T^2 / 8 on each axis). */
  PhysVec2 chord = phys_v2_add_scaled (phys_v2_scale (r->prate[p], T), a, 0.5 * T * T);
  PhysAabb box = phys_aabb_swept_circle (r->ppos[p], chord, radius);
  /* A hair of margin, as for circles: boxes only prune. */
  PhysReal m = 1e-9 * (1.0 + radius);
  PhysReal sx = m + 0.125 * T * T * fabs (a.x), sy = m + 0.125 * T * T * fabs (a.y);
  box.min = phys_v2 (box.min.x - sx, box.min.y - sy);
  box.max = phys_v2 (box.max.x + sx, box.max.y + sy);
  return box;
}

/* After polygon p's path changed at its clock: its version and its place in the grid. */
static void
polygon_path_changed (Step *st, int p)
{
  st->s->rigid->pversion[p]++;
  phys_grid_place (&st->s->grid, st->world->n_circles + p, phys_rigid_polygon_box (st, p));
}

bool
phys_rigid_reset (Step *st)
{
  PhysWorld *world = st->world;
  if (!phys_world_has_rigid (world))
    return false;
  RigidScratch *r = rigid_for (st);
  const PhysRigidPaths *paths = &st->s->paths;
  PhysReal dt = world->def.dt;
  for (int p = 0; p < world->n_polygons; p++)
    {
      const PhysPolygonBody *b = &world->polygons[p];
      bool still = phys_polygon_still (world, p); /* sleep hook: sleepers do not integrate */
      r->ppos[p] = b->position;
      r->pang[p] = b->angle;
      /* On a parabola the path starts at the body's velocity; on a straight path it is the
       * displacement over the frame (as circles do). */
      r->pacc[p] = still ? phys_v2 (0.0, 0.0) : paths->polygon_acc[p];
      bool curved = r->pacc[p].x != 0.0 || r->pacc[p].y != 0.0;
      r->prate[p] = still ? phys_v2 (0.0, 0.0)
                    : curved ? phys_v2_scale (b->velocity, dt) : paths->polygon_disp[p];
      r->pspin[p] = still ? 0.0 : paths->polygon_turn[p];
      r->ptau[p] = 0.0;
      r->pend_vel[p] = still ? phys_v2 (0.0, 0.0) : paths->polygon_end_vel[p];
      r->pend_spin[p] = still ? 0.0 : paths->polygon_end_spin[p];
      r->pversion[p] = 0;
      r->pjam_t[p] = -1.0;
      r->pjam_n[p] = 0;
      r->pslot[p] = -1;
      r->pose_tau[p] = -1.0;
      r->hull_tau[p] = -1.0;
    }
  for (int i = 0; i < world->n_circles; i++)
    {
      const PhysCircle *c = &world->circles[i];
      r->cang[i] = c->angle;
      r->cang_tau[i] = 0.0;
      r->cspin[i] = paths->circle_turn[i];
      r->cend_spin[i] = paths->circle_end_spin[i];
      r->cjam_t[i] = -1.0;
      r->cjam_n[i] = 0;
      r->cslot[i] = -1;
      r->cturned[i] = false;
    }
  r->stamp++;
  if (r->stamp == 0)
    {
      /* After 2^32 frames the stamps wrap: clear the set once. */
      memset (r->pairs, 0, (size_t) r->cap_pairs * sizeof *r->pairs);
      r->stamp = 1;
    }
  r->n_pairs = 0;
  r->n_contacts = 0;
  r->n_bodies = 0;
  r->solve_answer = -1;
  return true;
}

void
phys_rigid_freeze (Step *st, PhysReal t)
{
  RigidScratch *r = st->s->rigid;
  for (int p = 0; p < st->world->n_polygons; p++)
    if (r->ptau[p] <= t)
      {
        polygon_clock (r, p, t);
        r->prate[p] = phys_v2 (0.0, 0.0);
        r->pacc[p] = phys_v2 (0.0, 0.0);
        r->pspin[p] = 0.0;
      }
  for (int i = 0; i < st->world->n_circles; i++)
    if (r->cang_tau[i] <= t)
      {
        circle_turn_clock (r, i, t);
        r->cspin[i] = 0.0;
      }
}

/* ---- the set of pairs in contact ------------------------------------------- */

static uint64_t
pair_key (const Body *a, const Body *b)
{
  return ((uint64_t) (a->kind & 7) << 61) | ((uint64_t) (a->index & 0x0fffffff) << 32)
         | ((uint64_t) (b->kind & 7) << 29) | (uint64_t) (b->index & 0x0fffffff);
}

static uint32_t
key_slot (uint64_t key, int cap)
{
  uint64_t h = key * 0x9e3779b97f4a7c15ULL;
  return (uint32_t) (h >> 32) & (uint32_t) (cap - 1);
}

/* The entry of a pair in the set, or NULL. */
static PairEntry *
pair_find (RigidScratch *r, uint64_t key)
{
  if (r->cap_pairs == 0)
    return NULL;
  for (uint32_t slot = key_slot (key, r->cap_pairs);; slot = (slot + 1) & (uint32_t) (r->cap_pairs - 1))
    {
      PairEntry *e = &r->pairs[slot];
      if (e->stamp != r->stamp)
        return NULL;
      if (e->key == key)
        return e;
    }
}

static PairEntry *
pair_add (RigidScratch *r, uint64_t key, int contact)
{
  if (2 * (r->n_pairs + 1) > r->cap_pairs)
    {
      int cap = r->cap_pairs > 0 ? r->cap_pairs * 2 : 256;
      PairEntry *old = r->pairs;
      int old_cap = r->cap_pairs;
      r->pairs = calloc ((size_t) cap, sizeof *r->pairs);
      if (r->pairs == NULL)
        abort ();
      r->cap_pairs = cap;
      for (int i = 0; i < old_cap; i++)
        if (old[i].stamp == r->stamp)
          {
            uint32_t slot = key_slot (old[i].key, cap);
            while (r->pairs[slot].stamp == r->stamp)
              slot = (slot + 1) & (uint32_t) (cap - 1);
            r->pairs[slot] = old[i];
          }
      free (old);
    }
  uint32_t slot = key_slot (key, r->cap_pairs);
  while (r->pairs[slot].stamp == r->stamp)
    {
      if (r->pairs[slot].key == key)
        {
          r->pairs[slot].contact = contact;
          return &r->pairs[slot];
        }
      slot = (slot + 1) & (uint32_t) (r->cap_pairs - 1);
    }
  PairEntry *e = &r->pairs[slot];
  e->key = key;
  e->stamp = r->stamp;
  e->contact = contact;
  r->n_pairs++;
  return e;
}

/* ---- the static test of a pair ------------------------------------------------------- */

/* The rigid event kind of a pair in its canonical order, or -1 when it is not a rigid pair. */
static int
pair_kind (const Body *a, const Body *b)
{
  if (a->kind == PHYS_BODY_POLYGON)
    switch (b->kind)
      {
      case PHYS_BODY_POLYGON: return PHYS_EVENT_POLYGON_POLYGON;
      case PHYS_BODY_CIRCLE: return PHYS_EVENT_POLYGON_CIRCLE;
      case PHYS_BODY_SEGMENT: return PHYS_EVENT_POLYGON_SEGMENT;
      case PHYS_BODY_CURVE: return PHYS_EVENT_POLYGON_CURVE;
      default: return -1;
      }
  if (a->kind == PHYS_BODY_CIRCLE && b->kind == PHYS_BODY_CURVE)
    return PHYS_EVENT_CIRCLE_CURVE;
  return -1;
}

/* Puts a rigid pair in its canonical order: a polygon first (the smaller index of two), a
 * circle before a curve. */
static void
canonical (Body *a, Body *b)
{
  bool swap = false;
  if (b->kind == PHYS_BODY_POLYGON && (a->kind != PHYS_BODY_POLYGON || b->index < a->index))
    swap = true;
  if (a->kind == PHYS_BODY_CURVE)
    swap = true;
  if (swap)
    {
      Body t = *a;
      *a = *b;
      *b = t;
    }
}

/* The placed polygon of body b at pose (for the records). */
static PhysPolygonWorld
placed (const Step *st, const Body *b, const Pose *pose)
{
  return phys_polygon_place (&st->world->polygons[b->index].shape,
                             (PhysPose) { pose->x, pose->a });
}

/* A circle's contact with a curve as a static test: the curve is the reference (its closest
 * point and the normal there, towards the circle), the circle the incident body, one point. */
static void
curve_contact (PhysSatContact *out, const PhysBezierCircleContact *cc, PhysReal keep)
{
  out->verdict = cc->verdict;
  out->axis_count = 0;
  out->first_separating = -1;
  out->best = -1;
  out->overlap = cc->depth;
  out->normal = phys_v2_neg (cc->normal);
  out->mtv = phys_v2_scale (out->normal, cc->depth);
  out->has_manifold = cc->depth >= -keep;
  if (!out->has_manifold)
    return;
  PhysSatManifold *m = &out->manifold;
  memset (m, 0, sizeof *m);
  m->valid = true;
  m->reference_body = 1;
  m->reference_edge = -1;
  m->incident_edge = -1;
  m->reference_v1 = m->reference_v2 = cc->point;
  m->reference_normal = cc->normal;
  m->reference_tangent = cc->closest.tangent;
  m->normal = out->normal;
  m->point_count = 1;
  PhysContactPoint *p = &m->points[0];
  p->point = cc->point;
  p->point_on_reference = cc->point;
  p->separation = -cc->depth;
  p->depth = cc->depth;
  p->reference_edge = -1;
  p->incident_edge = -1;
  p->incident_vertex = -1;
  p->clip_side = -1;
  m->separations[0] = p->separation;
}

/* Polygon p placed at pose (its pose at frame time t): the hull in its slot when that was placed
 * in this frame (hull_tau >= 0: the frame's reset and every move of the clock clear it) at the
 * same bits of position, cosine and sine, else placed there now. The pose decides, not t: a hull
 * is a function of the shape and the pose alone, so the one placed for an event's retests at
 * its instant (a body against each of its neighbours, off its clock) serves all of them. At the
 * clock, a hull placed at that time needs no comparing: the clock has not moved since (a move
 * clears hull_tau), and the pose at the clock is what it was. */
static inline const PhysHull *
polygon_hull (const Step *st, int p, PhysReal t, const Pose *pose)
{
  RigidScratch *r = st->s->rigid;
  PhysHull *h = &r->hull[p];
  if (t == r->ptau[p] && r->hull_tau[p] == t)
    return h;
  if (!(r->hull_tau[p] >= 0.0 && phys_hull_placed_at (h, pose->x, pose->c, pose->s)))
    {
      phys_hull_place (h, &st->world->polygons[p].shape, pose->x, pose->c, pose->s);
      r->hull_tau[p] = t;
    }
  return h;
}

/* The static test of rigid pair (a, b) (canonical) at frame time t: the lean core, and with
 * rec its full record (the same functions). Two polygons' search ends at the first axis that
 * shows them more than apart_beyond apart (INFINITY: never): no manifold then, and out->overlap
 * is that axis's (minus a lower bound of their distance, as the least overlap's is). Returns
 * false for a pair it cannot test. */
static bool
pair_contact (const Step *st, const Body *a, const Body *b, PhysReal t, PhysReal keep,
              PhysReal apart_beyond, PhysSatContact *out, PhysRigidTests *tests, Pose *pa,
              Pose *pb)
{
  const PhysWorld *world = st->world;
  pose_of (st, a, t, pa);
  pose_of (st, b, t, pb);
  PhysSatRecord *rec = tests != NULL ? &tests->sat : NULL;
  if (a->kind == PHYS_BODY_CIRCLE && b->kind == PHYS_BODY_CURVE)
    {
      PhysBezierCircleContact cc = phys_bezier_circle_contact (&world->curves[b->index].curve, pa->x,
                                                               world->circles[a->index].radius);
      curve_contact (out, &cc, keep);
      if (tests != NULL)
        {
          tests->has_curve = true;
          tests->curve = cc.closest;
        }
      return true;
    }
  if (a->kind != PHYS_BODY_POLYGON)
    return false;
  PhysHull hb;
  const PhysHull *ha = polygon_hull (st, a->index, t, pa);
  switch (b->kind)
    {
    case PHYS_BODY_POLYGON:
      {
        const PhysHull *placed_b = polygon_hull (st, b->index, t, pb);
        phys_sat_hulls_core (ha, placed_b, placed_b->count, false, keep, apart_beyond, out,
                             NULL);
      }
      if (rec != NULL)
        {
          PhysPolygonWorld wa = placed (st, a, pa), wb = placed (st, b, pb);
          *rec = phys_sat_polygon_polygon_within (&wa, &wb, keep);
        }
      return true;
    case PHYS_BODY_SEGMENT:
      {
        const PhysSegment *g = &world->segments[b->index];
        phys_hull_segment (&hb, g->a, g->b);
        phys_sat_hulls_core (ha, &hb, 1, g->is_bound, keep, INFINITY, out, NULL);
        if (rec != NULL)
          {
            PhysPolygonWorld wa = placed (st, a, pa);
            *rec = g->is_bound ? phys_sat_polygon_wall_within (&wa, g->a, g->b, keep)
                               : phys_sat_polygon_segment_within (&wa, g->a, g->b, keep);
          }
        return true;
      }
    case PHYS_BODY_CIRCLE:
      {
        PhysReal radius = world->circles[b->index].radius;
        phys_sat_circle_core (ha, pb->x, radius, keep, out, NULL);
        if (rec != NULL)
          {
            PhysPolygonWorld wa = placed (st, a, pa);
            *rec = phys_sat_polygon_circle_within (&wa, pb->x, radius, keep);
          }
        return true;
      }
    case PHYS_BODY_CURVE:
      {
        /* The curve itself: every vertex and edge against it, the least separation
         * (phys-curve-contact.c). */
        const PhysBezier *curve = &world->curves[b->index].curve;
        PhysCurvePolygonContact cp;
        phys_curve_polygon_core (curve, ha, keep, out, &cp);
        if (tests != NULL)
          {
            /* The card's static test: the polygon against the curve's tangent segment at the
             * contact (a wall on the polygon's side), and the closest point search from the
             * polygon's point there. */
            PhysReal half = 2.0 * world->polygons[a->index].radius;
            PhysVec2 p = phys_v2_add_scaled (cp.point, cp.tangent, -half);
            PhysVec2 q = phys_v2_add_scaled (cp.point, cp.tangent, half);
            if (phys_v2_dot (phys_v2_left_normal (phys_v2_sub (q, p)), cp.normal) > 0.0)
              {
                PhysVec2 swap = p;
                p = q;
                q = swap;
              }
            PhysPolygonWorld wa = placed (st, a, pa);
            *rec = phys_sat_polygon_wall_within (&wa, p, q, keep);
            tests->has_curve = true;
            tests->curve = phys_bezier_closest (curve, cp.polygon_point);
            tests->has_curve_polygon = true;
            tests->curve_polygon = cp;
          }
        return true;
      }
    default:
      return false;
    }
}

/* v + w x r for a solver body. */
static inline PhysVec2
point_velocity (PhysVec2 v, PhysReal w, PhysVec2 r)
{
  return phys_v2 (v.x - w * r.y, v.y + w * r.x);
}

/* Rotates a world vector into a body's frame (the inverse turn). */
static inline PhysVec2
to_local (const Pose *pose, PhysVec2 v)
{
  return phys_v2 (pose->c * v.x + pose->s * v.y, -pose->s * v.x + pose->c * v.y);
}

/* Turns a body-local vector into the world by (c, s). */
static inline PhysVec2
turn (PhysReal c, PhysReal s, PhysVec2 v)
{
  return phys_v2 (v.x * c - v.y * s, v.x * s + v.y * c);
}

/* ---- solver bodies ------------------------------------------------------------------- */

/* The solver slot of a body (0 for an immovable one), made on first use. */
static int
slot_of (Step *st, const Body *b)
{
  RigidScratch *r = st->s->rigid;
  if (r->n_bodies == 0)
    {
      /* Slot 0: the immovable body every fixed thing shares. */
      if (r->cap_bodies == 0)
        {
          r->cap_bodies = 64;
          r->bodies = phys_step_realloc (r->bodies, (size_t) r->cap_bodies, sizeof *r->bodies);
          r->body_of = phys_step_realloc (r->body_of, (size_t) r->cap_bodies, sizeof *r->body_of);
          r->poses = phys_step_realloc (r->poses, (size_t) r->cap_bodies, sizeof *r->poses);
          r->before = phys_step_realloc (r->before, (size_t) r->cap_bodies, sizeof *r->before);
          r->final_v = phys_step_realloc (r->final_v, (size_t) r->cap_bodies, sizeof *r->final_v);
        }
      memset (&r->bodies[0], 0, sizeof r->bodies[0]);
      r->body_of[0] = body (-1, -1);
      r->n_bodies = 1;
    }
  if (body_immovable (st, b))
    return 0;
  int *slot = b->kind == PHYS_BODY_POLYGON ? &r->pslot[b->index] : &r->cslot[b->index];
  if (*slot >= 0)
    return *slot;
  if (r->n_bodies == r->cap_bodies)
    {
      r->cap_bodies *= 2;
      r->bodies = phys_step_realloc (r->bodies, (size_t) r->cap_bodies, sizeof *r->bodies);
      r->body_of = phys_step_realloc (r->body_of, (size_t) r->cap_bodies, sizeof *r->body_of);
      r->poses = phys_step_realloc (r->poses, (size_t) r->cap_bodies, sizeof *r->poses);
      r->before = phys_step_realloc (r->before, (size_t) r->cap_bodies, sizeof *r->before);
      r->final_v = phys_step_realloc (r->final_v, (size_t) r->cap_bodies, sizeof *r->final_v);
    }
  *slot = r->n_bodies++;
  SolverBody *sb = &r->bodies[*slot];
  sb->im = body_inv_mass (st, b);
  sb->ii = body_inv_inertia (st, b);
  sb->v = phys_v2 (0.0, 0.0);
  sb->w = 0.0;
  r->body_of[*slot] = *b;
  return *slot;
}

/* ---- contacts -------------------------------------------------------------------------- */

static void contact_fill (const Step *st, Contact *c, const PhysSatContact *sat, const Pose *pa,
                          const Pose *pb);

/* Makes a contact of pair (a, b) from its static test at time t (poses pa, pb): its points,
 * lever arms, effective masses and what the position correction needs. */
static int
contact_make (Step *st, const Body *a, const Body *b, int kind, const PhysSatContact *sat,
              const Pose *pa, const Pose *pb, PhysReal slop)
{
  RigidScratch *r = st->s->rigid;
  if (r->n_contacts == r->cap_contacts)
    {
      r->cap_contacts = r->cap_contacts > 0 ? r->cap_contacts * 2 : 64;
      r->contacts = phys_step_realloc (r->contacts, (size_t) r->cap_contacts, sizeof *r->contacts);
    }
  int index = r->n_contacts++;
  Contact *c = &r->contacts[index];
  memset (c, 0, sizeof *c);
  c->a = *a;
  c->b = *b;
  c->kind = kind;
  c->sa = slot_of (st, a);
  c->sb = slot_of (st, b);
  pair_material (st, a, b, &c->restitution, &c->friction);
  c->slop = slop;
  c->logged = -1;
  contact_fill (st, c, sat, pa, pb);
  return index;
}

/* A contact's points and what the position correction needs, from a static test (poses pa, pb). */
static void
contact_fill (const Step *st, Contact *c, const PhysSatContact *sat, const Pose *pa,
              const Pose *pb)
{
  const PhysSatManifold *m = &sat->manifold;
  const Body *b = &c->b;
  c->n = m->normal;
  c->count = m->point_count;
  c->reference_body = m->reference_body;
  c->reference_edge = m->reference_edge;
  c->incident_edge = m->incident_edge;
  c->radius_b = b->kind == PHYS_BODY_CIRCLE ? st->world->circles[b->index].radius : 0.0;
  c->radius_a = c->a.kind == PHYS_BODY_CIRCLE ? st->world->circles[c->a.index].radius : 0.0;
  if (b->kind == PHYS_BODY_CIRCLE)
    {
      c->geometry = m->reference_edge >= 0 ? GEOMETRY_FACE_A : GEOMETRY_POINTS;
      c->local_normal = to_local (pa, m->reference_normal);
      c->local_plane = to_local (pa, phys_v2_sub (m->reference_v1, pa->x));
    }
  else if (m->reference_body == 0)
    {
      c->geometry = GEOMETRY_FACE_A;
      c->local_normal = to_local (pa, m->reference_normal);
      c->local_plane = to_local (pa, phys_v2_sub (m->reference_v1, pa->x));
    }
  else
    {
      c->geometry = GEOMETRY_FACE_B;
      c->local_normal = to_local (pb, m->reference_normal);
      c->local_plane = to_local (pb, phys_v2_sub (m->reference_v1, pb->x));
    }
  for (int k = 0; k < c->count; k++)
    {
      ContactPoint *q = &c->p[k];
      const PhysContactPoint *mp = &m->points[k];
      q->point = mp->point;
      q->depth = mp->depth;
      q->id = mp->id;
      q->ra = phys_v2_sub (mp->point, pa->x);
      q->rb = phys_v2_sub (mp->point, pb->x);
      if (b->kind == PHYS_BODY_CIRCLE || c->a.kind == PHYS_BODY_CIRCLE)
        q->local = phys_v2 (0.0, 0.0);
      else if (c->geometry == GEOMETRY_FACE_A)
        q->local = to_local (pb, phys_v2_sub (mp->point, pb->x));
      else
        q->local = to_local (pa, phys_v2_sub (mp->point, pa->x));
    }
}

/* The masses of a contact's rows for its bodies as they are now (slots set). */
static void
contact_masses (RigidScratch *r, Contact *c)
{
  const SolverBody *A = &r->bodies[c->sa], *B = &r->bodies[c->sb];
  PhysVec2 t = phys_v2 (-c->n.y, c->n.x);
  for (int k = 0; k < c->count; k++)
    {
      ContactPoint *q = &c->p[k];
      q->nmass = phys_rigid_effective_mass (A->im, A->ii, q->ra, B->im, B->ii, q->rb, c->n);
      q->tmass = phys_rigid_effective_mass (A->im, A->ii, q->ra, B->im, B->ii, q->rb, t);
    }
  c->block = false;
  if (c->count == 2)
    {
      PhysReal rn1a = phys_v2_cross (c->p[0].ra, c->n), rn1b = phys_v2_cross (c->p[0].rb, c->n);
      PhysReal rn2a = phys_v2_cross (c->p[1].ra, c->n), rn2b = phys_v2_cross (c->p[1].rb, c->n);
      PhysReal ims = A->im + B->im;
      c->k11 = ims + A->ii * rn1a * rn1a + B->ii * rn1b * rn1b;
      c->k22 = ims + A->ii * rn2a * rn2a + B->ii * rn2b * rn2b;
      c->k12 = ims + A->ii * rn1a * rn2a + B->ii * rn1b * rn2b;
      PhysReal det = c->k11 * c->k22 - c->k12 * c->k12;
      /* Box2D's condition-number test: a nearly singular K (points almost on one line through
       * the centre, a tiny body) is solved point by point. */
      if (c->k11 * c->k11 < 1000.0 * det)
        {
          c->block = true;
          c->m11 = c->k22 / det;
          c->m22 = c->k11 / det;
          c->m12 = -c->k12 / det;
        }
    }
}

/* Applies impulse P at point q of contact c: -P on a, +P on b. */
static inline void
apply (SolverBody *A, SolverBody *B, const ContactPoint *q, PhysVec2 P)
{
  A->v = phys_v2_add_scaled (A->v, P, -A->im);
  A->w -= A->ii * phys_v2_cross (q->ra, P);
  B->v = phys_v2_add_scaled (B->v, P, B->im);
  B->w += B->ii * phys_v2_cross (q->rb, P);
}

/* ---- the contacts touching as the frame begins ---------------------------------------- */

/* Room for n more entries in r->found. */
static void
found_reserve (RigidScratch *r, int n)
{
  if (r->n_found + n > r->cap_found)
    {
      while (r->n_found + n > r->cap_found)
        r->cap_found = r->cap_found > 0 ? r->cap_found * 2 : 64;
      r->found = phys_step_realloc (r->found, (size_t) r->cap_found, sizeof *r->found);
    }
}

static void
found_push (RigidScratch *r, int value)
{
  found_reserve (r, 1);
  r->found[r->n_found++] = value;
}

static void
collect_id (void *ctx, int id)
{
  Step *st = ctx;
  found_push (st->s->rigid, id);
}

/* The walls a box reaches (their indices 0 to 3), as test_circle_static finds them. */
static int
walls_reached (const PhysWorld *world, PhysAabb box, int *walls)
{
  int n = 0;
  if (!world->def.has_bounds)
    return 0;
  const PhysAabb *b = &world->def.bounds;
  if (box.min.x <= b->min.x)
    walls[n++] = 0;
  if (box.min.y <= b->min.y)
    walls[n++] = 1;
  if (box.max.x >= b->max.x)
    walls[n++] = 2;
  if (box.max.y >= b->max.y)
    walls[n++] = 3;
  return n;
}

typedef enum
{
  NEAR_ALL,           /* every body of the grid */
  NEAR_LARGER,        /* polygons of larger index and every circle */
  NEAR_FIXED_ONLY,    /* none of the grid's: segments, walls and curves only */
} NearWhich;

/* Equal boxes query alike (a query only compares with them and floors them). */
static bool
same_box (PhysAabb a, PhysAabb b)
{
  return a.min.x == b.min.x && a.min.y == b.min.y && a.max.x == b.max.x && a.max.y == b.max.y;
}

/* The bodies near polygon p (its path's box) that it may touch: circles and polygons from the
 * grid (as which says), segments, walls and curves; into r->found as encoded bodies (kind in the
 * top bits). */
static void
near_polygon (Step *st, int p, NearWhich which)
{
  RigidScratch *r = st->s->rigid;
  const PhysWorld *world = st->world;
  bool larger_only = which == NEAR_LARGER;
  r->n_found = 0;
  PhysGrid *grid = &st->s->grid;
  /* Nothing fixed to find (no segments in the grid, no walls, no curves): no box needed. */
  if (which == NEAR_FIXED_ONLY && grid->n_seg_entries == 0 && grid->n_seg_oversize == 0
      && !world->def.has_bounds && world->n_curves == 0)
    return;
  PhysAabb box = phys_rigid_polygon_box (st, p);
  int id_p = world->n_circles + p, n_near;
  const int *near = NULL;
  /* The larger ones of a polygon registered with this very box (the contacts as the frame
   * begins): the grid's list, the query's finds in id order. */
  if (larger_only && id_p < grid->n_bodies && grid->nodes[id_p].bucket >= 0
      && same_box (grid->nodes[id_p].box, box))
    near = phys_grid_near_larger (grid, world->n_circles, id_p, &n_near);
  if (near != NULL)
    {
      found_reserve (r, n_near);
      if (n_near > 0)
        memcpy (r->found, near, (size_t) n_near * sizeof *near);
      r->n_found = n_near;
    }
  else
    {
      if (which != NEAR_FIXED_ONLY)
        phys_grid_query (grid, box, collect_id, st);
      int n_grid = r->n_found;
      int k = 0;
      for (int i = 0; i < n_grid; i++)
        {
          int id = r->found[i];
          if (id >= world->n_circles && (id - world->n_circles == p
                                         || (larger_only && id - world->n_circles < p)))
            continue;
          r->found[k++] = id;
        }
      /* In id order: the contacts' order, and so the solve's, does not depend on the grid's
       * cells. */
      phys_grid_sort_ids (r->found, k);
      r->n_found = k;
    }
  int first_segment = r->n_found;
  phys_grid_query_segments (&st->s->grid, box, collect_id, st);
  for (int i = first_segment; i < r->n_found; i++)
    r->found[i] = -2 - r->found[i];
  int walls[4];
  int n_walls = walls_reached (world, box, walls);
  for (int w = 0; w < n_walls; w++)
    found_push (r, -2 - walls[w]);
  for (int c = 0; c < world->n_curves; c++)
    if (phys_aabb_overlaps (box, world->curves[c].box))
      found_push (r, -2 - world->n_segments - c);
}

/* The body an entry of r->found names. */
static Body
found_body (const Step *st, int code)
{
  if (code >= 0)
    return grid_body (st, code);
  int k = -2 - code;
  if (k < st->world->n_segments)
    return body (PHYS_BODY_SEGMENT, k);
  return body (PHYS_BODY_CURVE, k - st->world->n_segments);
}

/* The polygon that keeps a contact's memory: the movable polygon (of two, a), or -1; *other
 * gets the other body. */
static int
memory_keeper (const Step *st, const Contact *c, Body *other)
{
  if (c->a.kind == PHYS_BODY_POLYGON && !phys_polygon_still (st->world, c->a.index))
    {
      *other = c->b;
      return c->a.index;
    }
  if (c->b.kind == PHYS_BODY_POLYGON && !phys_polygon_still (st->world, c->b.index))
    {
      *other = c->a;
      return c->b.index;
    }
  return -1;
}

/* A point of a contact in the keeper's frame (its pose as the frame began: its clock, before
 * the solve moves it; the turn computed once for every contact of the polygon). */
static PhysVec2
keeper_local (const Step *st, int keeper, PhysVec2 point)
{
  Pose pose;
  pose_of (st, &(Body) { PHYS_BODY_POLYGON, keeper }, 0.0, &pose);
  return to_local (&pose, phys_v2_sub (point, pose.x));
}

/* The remembered impulses of a contact, matched point by point by feature id, or else by place
 * (within a tenth of the pair's size: the same corner under another name). */
static int
warm_start (Step *st, Contact *c)
{
  Body other;
  int keeper = memory_keeper (st, c, &other);
  if (keeper < 0)
    return 0;
  for (int q = 0; q < c->count; q++)
    c->p[q].kept = keeper_local (st, keeper, c->p[q].point);
  const PhysContactMemory *m = phys_world_memory (st->world, keeper);
  for (int k = 0; k < PHYS_CONTACT_SLOTS; k++)
    {
      if (m[k].kind < 0)
        break;
      if (m[k].kind != other.kind || m[k].other != other.index)
        continue;
      bool used[2] = { false, false }, matched[2] = { false, false };
      for (int q = 0; q < c->count; q++)
        for (int j = 0; j < m[k].count && j < 2; j++)
          if (!used[j] && !matched[q] && m[k].id[j] == c->p[q].id)
            {
              c->p[q].jn = m[k].jn[j];
              c->p[q].jt = m[k].jt[j];
              used[j] = matched[q] = true;
            }
      PhysReal near = 20.0 * c->slop;
      for (int q = 0; q < c->count; q++)
        {
          if (matched[q])
            continue;
          int best = -1;
          PhysReal best_d = near * near;
          for (int j = 0; j < m[k].count && j < 2; j++)
            {
              PhysReal d = phys_v2_len_sq (phys_v2_sub (m[k].local[j], c->p[q].kept));
              if (!used[j] && d <= best_d)
                {
                  best_d = d;
                  best = j;
                }
            }
          if (best >= 0)
            {
              c->p[q].jn = m[k].jn[best];
              c->p[q].jt = m[k].jt[best];
              used[best] = matched[q] = true;
            }
        }
      return (matched[0] ? 1 : 0) + (matched[1] ? 1 : 0);
    }
  return 0;
}

/* Keeps the frame's solved impulses for the next frame's warm start. */
static void
remember (Step *st)
{
  PhysWorld *world = st->world;
  RigidScratch *r = st->s->rigid;
  for (int p = 0; p < world->n_polygons; p++)
    {
      PhysContactMemory *m = phys_world_memory (world, p);
      /* sleep hook: a sleeper keeps what it remembered for the frame it wakes in */
      if (m[0].kind < 0 || phys_polygon_is_asleep (&world->polygons[p]))
        continue;
      memset (m, 0, PHYS_CONTACT_SLOTS * sizeof *m);
      for (int k = 0; k < PHYS_CONTACT_SLOTS; k++)
        m[k].kind = -1;
    }
  for (int i = 0; i < r->n_contacts; i++)
    {
      const Contact *c = &r->contacts[i];
      Body other;
      int keeper = c->solved ? memory_keeper (st, c, &other) : -1;
      if (keeper < 0)
        continue;
      PhysContactMemory *m = phys_world_memory (world, keeper);
      int k = 0;
      while (k < PHYS_CONTACT_SLOTS && m[k].kind >= 0)
        k++;
      /* More contacts than slots: the rest start cold next frame. */
      if (k == PHYS_CONTACT_SLOTS)
        continue;
      m[k].kind = other.kind;
      m[k].other = other.index;
      m[k].count = c->count;
      for (int q = 0; q < c->count; q++)
        {
          m[k].id[q] = c->p[q].id;
          m[k].jn[q] = c->p[q].jn;
          m[k].jt[q] = c->p[q].jt;
          m[k].local[q] = c->p[q].kept;
        }
    }
}

static void end_velocity (const Step *st, const Body *b, PhysVec2 *v, PhysReal *w);

/* True when pair (a, b), within the contact margin as the frame begins, closes at some point of
 * its manifold faster than the rest speed and within the frame: an impact, not a contact. */
static bool
impact_at_start (const Step *st, const Body *a, const Body *b, const PhysSatManifold *m,
                 const Pose *pa, const Pose *pb)
{
  /* Without restitution the contact solver answers an impact as well as the impulse would (it
   * stops the approach, dissipatively): only a bounce needs the impact's exact moment. */
  PhysReal restitution, friction;
  pair_material (st, a, b, &restitution, &friction);
  if (restitution == 0.0)
    return false;
  PhysVec2 va, vb;
  PhysReal wa, wb;
  end_velocity (st, a, &va, &wa);
  end_velocity (st, b, &vb, &wb);
  PhysReal dt = st->world->def.dt, threshold = st->world->def.rest_speed;
  for (int k = 0; k < m->point_count; k++)
    {
      PhysVec2 ra = phys_v2_sub (m->points[k].point, pa->x);
      PhysVec2 rb = phys_v2_sub (m->points[k].point, pb->x);
      PhysReal vn = phys_v2_dot (phys_v2_sub (point_velocity (vb, wb, rb), point_velocity (va, wa, ra)),
                                 m->normal);
      if (vn < -threshold && -vn * dt >= -m->points[k].depth)
        return true;
    }
  return false;
}

/* The velocities of a body as the frame's integrators left them for its end. */
static void
end_velocity (const Step *st, const Body *b, PhysVec2 *v, PhysReal *w)
{
  const RigidScratch *r = st->s->rigid;
  if (b->kind == PHYS_BODY_POLYGON)
    {
      *v = r->pend_vel[b->index];
      *w = r->pend_spin[b->index];
    }
  else if (b->kind == PHYS_BODY_CIRCLE)
    {
      *v = st->s->end_vel[b->index];
      *w = r->cend_spin[b->index];
    }
  else
    {
      *v = phys_v2 (0.0, 0.0);
      *w = 0.0;
    }
}

/* The ledger of two bodies' states: their energies, momenta and angular momenta summed. */
static void
pair_ledger (const PhysRigidState *a, const PhysRigidState *b, PhysReal *energy,
             PhysVec2 *momentum, PhysReal *angular_momentum)
{
  PhysReal eb, lb;
  PhysVec2 pb;
  phys_rigid_state_ledger (a, energy, momentum, angular_momentum);
  phys_rigid_state_ledger (b, &eb, &pb, &lb);
  *energy += eb;
  *momentum = phys_v2_add (*momentum, pb);
  *angular_momentum += lb;
}

/* A body's state for a record. */
static PhysRigidState
state_of (const Step *st, const Body *b, PhysVec2 x, PhysReal angle, PhysVec2 v, PhysReal w)
{
  PhysRigidState s;
  memset (&s, 0, sizeof s);
  s.center = x;
  s.angle = angle;
  s.velocity = v;
  s.angular_velocity = w;
  if (body_immovable (st, b))
    return s;
  s.inv_mass = body_inv_mass (st, b);
  s.inv_inertia = body_inv_inertia (st, b);
  if (b->kind == PHYS_BODY_POLYGON)
    {
      s.mass = st->world->polygons[b->index].mass;
      s.inertia = st->world->polygons[b->index].inertia;
    }
  else
    {
      s.mass = st->world->circles[b->index].mass;
      s.inertia = st->world->circles[b->index].inertia;
    }
  return s;
}

/* The momentum and angular momentum about the origin the immovable side of a contact took
 * from impulses P[k] (on b, -P[k] on a) at the points. */
static void
taken_by_immovable (const Step *st, const Contact *c, const PhysVec2 *P, PhysVec2 *taken,
                    PhysReal *taken_angular)
{
  bool ma = !body_immovable (st, &c->a), mb = !body_immovable (st, &c->b);
  *taken = phys_v2 (0.0, 0.0);
  *taken_angular = 0.0;
  for (int k = 0; k < c->count; k++)
    {
      PhysReal moment = phys_v2_cross (c->p[k].point, P[k]);
      if (ma)
        {
          *taken = phys_v2_add (*taken, P[k]);
          *taken_angular += moment;
        }
      if (mb)
        {
          *taken = phys_v2_sub (*taken, P[k]);
          *taken_angular -= moment;
        }
    }
}

/* The record of a solved contact: its points with their impulses, both bodies before and after
 * the solve, the ledger, and what the immovable side took. */
static void
solved_answer (Step *st, const Contact *c, const SolverBody *before_a, const SolverBody *before_b,
               PhysRigidAnswer *ans, PhysVec2 *taken, PhysReal *taken_angular)
{
  RigidScratch *r = st->s->rigid;
  const SolverBody *A = &r->bodies[c->sa], *B = &r->bodies[c->sb];
  bool bounced = false;
  for (int k = 0; k < c->count; k++)
    bounced = bounced || c->p[k].bias > 0.0;
  memset (ans, 0, sizeof *ans);
  Pose pa, pb;
  pose_of (st, &c->a, 0.0, &pa);
  pose_of (st, &c->b, 0.0, &pb);
  PhysVec2 n = c->n, t = phys_v2 (-n.y, n.x);
  ans->found = PHYS_RIGID_FOUND_CONTACT_SOLVER;
  ans->normal = n;
  ans->tangent = t;
  ans->e = bounced ? c->restitution : 0.0;
  ans->mu = c->friction;
  ans->reference_body = c->reference_body;
  ans->reference_edge = c->reference_edge;
  ans->incident_edge = c->incident_edge;
  ans->point_count = c->count;
  ans->block = c->block;
  ans->k11 = c->k11;
  ans->k12 = c->k12;
  ans->k22 = c->k22;
  if (c->count == 1)
    ans->k11 = 1.0 / (c->p[0].nmass > 0.0 ? c->p[0].nmass : INFINITY);
  ans->iterations = r->solve_iterations;
  ans->a_before = state_of (st, &c->a, pa.x, pa.a, before_a->v, before_a->w);
  ans->b_before = state_of (st, &c->b, pb.x, pb.a, before_b->v, before_b->w);
  ans->a_after = state_of (st, &c->a, pa.x, pa.a, A->v, A->w);
  ans->b_after = state_of (st, &c->b, pb.x, pb.a, B->v, B->w);
  pair_ledger (&ans->a_before, &ans->b_before, &ans->energy_before, &ans->momentum_before,
               &ans->angular_momentum_before);
  pair_ledger (&ans->a_after, &ans->b_after, &ans->energy_after, &ans->momentum_after,
               &ans->angular_momentum_after);
  PhysVec2 P[2];
  for (int k = 0; k < c->count; k++)
    {
      const ContactPoint *q = &c->p[k];
      PhysRigidPoint *o = &ans->points[k];
      o->point = q->point;
      o->depth = q->depth;
      o->id = q->id;
      o->ra = q->ra;
      o->rb = q->rb;
      o->ra_cross_n = phys_v2_cross (q->ra, n);
      o->rb_cross_n = phys_v2_cross (q->rb, n);
      o->ra_cross_t = phys_v2_cross (q->ra, t);
      o->rb_cross_t = phys_v2_cross (q->rb, t);
      o->normal_mass = q->nmass;
      o->tangent_mass = q->tmass;
      o->vn_before = q->vn0;
      o->vt_before = q->vt0;
      o->target = q->bias;
      o->jn = q->jn;
      o->jt = q->jt;
      PhysVec2 dv = phys_v2_sub (point_velocity (B->v, B->w, q->rb), point_velocity (A->v, A->w, q->ra));
      o->vn_after = phys_v2_dot (dv, n);
      o->vt_after = phys_v2_dot (dv, t);
      o->jt_free = q->jt - q->tmass * o->vt_after;
      o->jt_limit = c->friction * q->jn;
      o->sliding = fabs (o->jt_free) > o->jt_limit;
      P[k] = phys_v2_add (phys_v2_scale (n, q->jn), phys_v2_scale (t, q->jt));
    }
  taken_by_immovable (st, c, P, taken, taken_angular);
}

/* Logs a solved contact with its record. */
static void
log_solved (Step *st, Contact *c, const SolverBody *before_a, const SolverBody *before_b)
{
  RigidScratch *r = st->s->rigid;
  bool bounced = false;
  for (int k = 0; k < c->count; k++)
    bounced = bounced || c->p[k].bias > 0.0;
  EventHead head = { .kind = (PhysEventKind) c->kind, .t = 0.0, .t0 = 0.0, .a = c->a.index,
                     .b = c->b.index, .b_kind = (PhysBodyKind) c->b.kind,
                     .answer = r->solve_answer, .resting = !bounced };
  c->logged = (long) st->log->count;
  PhysEvent *ev = phys_step_log_event (st, &head);
  ev->solved = true;
  solved_answer (st, c, before_a, before_b, &ev->rigid, &ev->taken, &ev->taken_angular);
}

/* After the solve (or an answer) a body moves on from time t with velocity v and angular
 * velocity w (per time unit) on a straight path; the velocity it ends the frame with changes
 * by as much. */
static void
body_set_motion (Step *st, const Body *b, PhysReal t, PhysVec2 before_v, PhysReal before_w,
                 PhysVec2 v, PhysReal w, bool semi_implicit)
{
  RigidScratch *r = st->s->rigid;
  PhysReal dt = st->world->def.dt;
  if (b->kind == PHYS_BODY_POLYGON)
    {
      int p = b->index;
      polygon_clock (r, p, t);
      r->prate[p] = phys_v2_scale (v, dt);
      r->pspin[p] = w * dt;
      if (semi_implicit)
        r->pacc[p] = phys_v2 (0.0, 0.0);
      r->pend_vel[p] = phys_v2_add (r->pend_vel[p], phys_v2_sub (v, before_v));
      r->pend_spin[p] += w - before_w;
      if (semi_implicit)
        {
          /* The solver's bodies end the frame with the velocity they move at. */
          r->pend_vel[p] = v;
          r->pend_spin[p] = w;
        }
      polygon_path_changed (st, p);
    }
  else if (b->kind == PHYS_BODY_CIRCLE)
    {
      int i = b->index;
      PhysStepScratch *s = st->s;
      circle_turn_clock (r, i, t);
      r->cspin[i] = w * dt;
      r->cend_spin[i] += w - before_w;
      r->cturned[i] = true;
      if (semi_implicit)
        {
          /* The contact solver's circles move semi-implicitly this frame: a straight path at
           * the solved velocity, which they end the frame with. */
          r->cend_spin[i] = w;
          s->base_acc[i] = phys_v2 (0.0, 0.0);
          s->acc[i] = phys_v2 (0.0, 0.0);
          s->rate[i] = phys_v2_scale (v, dt);
          s->end_vel[i] = v;
          phys_step_path_changed (st, i);
          return;
        }
      move_clock (s, i, t, position_at (s, i, t));
      phys_step_set_velocity (st, i, before_v, v);
      phys_step_path_changed (st, i);
    }
}

/* The solver's rows of the frame's contacts (masses, biases and warm impulses set), in colour
 * order (phys_rigid_solver_order()): r->rows[i] is contact r->order[i]. Returns the row of
 * contact tracked, or -1. */
static int
solver_rows (RigidScratch *r, int tracked)
{
  int n = r->n_contacts;
  if (n > r->cap_rows)
    {
      r->cap_rows = r->cap_contacts;
      r->rows = phys_step_realloc (r->rows, (size_t) r->cap_rows, sizeof *r->rows);
      r->row_slots = phys_step_realloc (r->row_slots, 2 * (size_t) r->cap_rows,
                                        sizeof *r->row_slots);
      r->order = phys_step_realloc (r->order, (size_t) r->cap_rows, sizeof *r->order);
      r->colors = phys_step_realloc (r->colors, (size_t) r->cap_rows, sizeof *r->colors);
    }
  if (r->n_bodies > r->cap_masks)
    {
      r->cap_masks = r->cap_bodies;
      r->masks = phys_step_realloc (r->masks, (size_t) r->cap_masks, sizeof *r->masks);
    }
  /* The colour order from the rows' bodies alone; then each row made in its place. */
  for (int i = 0; i < n; i++)
    {
      r->row_slots[2 * i] = r->contacts[i].sa;
      r->row_slots[2 * i + 1] = r->contacts[i].sb;
    }
  phys_rigid_solver_order (r->row_slots, n, r->masks, r->n_bodies, r->colors, r->order);
  int tracked_row = -1;
  for (int i = 0; i < n; i++)
    {
      if (r->order[i] == tracked)
        tracked_row = i;
      const Contact *c = &r->contacts[r->order[i]];
      SolverRow *row = &r->rows[i];
      row->sa = c->sa;
      row->sb = c->sb;
      row->count = (uint8_t) c->count;
      row->block = c->block;
      row->n = c->n;
      row->friction = c->friction;
      row->k11 = c->k11;
      row->k12 = c->k12;
      row->k22 = c->k22;
      row->m11 = c->m11;
      row->m12 = c->m12;
      row->m22 = c->m22;
      /* A one-point row's second point is read (as zeros), and never used. */
      if (c->count < 2)
        memset (&row->p[1], 0, sizeof row->p[1]);
      PhysVec2 t = phys_v2 (-c->n.y, c->n.x);
      for (int k = 0; k < c->count; k++)
        {
          const ContactPoint *q = &c->p[k];
          SolverPoint *o = &row->p[k];
          o->rna = phys_v2_cross (q->ra, c->n);
          o->rnb = phys_v2_cross (q->rb, c->n);
          o->rta = phys_v2_cross (q->ra, t);
          o->rtb = phys_v2_cross (q->rb, t);
          o->nmass = q->nmass;
          o->tmass = q->tmass;
          o->jn = q->jn;
          o->jt = q->jt;
          o->bias = q->bias;
        }
    }
  phys_rigid_solver_runs (r->rows, n);
  return tracked_row;
}

/* True when two polygons' bounding circles (about their centres as the frame begins) are more
 * than keep apart; *gap gets the circles' gap, a lower bound of the polygons' distance. The
 * cheap test before the separating axes for the many near pairs of a pile that do not touch. */
static bool
bounds_apart (const Step *st, const Body *a, const Body *b, PhysReal keep, PhysReal *gap)
{
  if (a->kind != PHYS_BODY_POLYGON || b->kind != PHYS_BODY_POLYGON)
    return false;
  PhysVec2 xa, xb;
  PhysReal angle;
  body_pose_at (st, a, 0.0, &xa, &angle);
  body_pose_at (st, b, 0.0, &xb, &angle);
  PhysReal reach = st->world->polygons[a->index].radius + st->world->polygons[b->index].radius;
  PhysReal d2 = phys_v2_len_sq (phys_v2_sub (xb, xa));
  if (!(d2 > (reach + keep) * (reach + keep)))
    return false;
  *gap = sqrt (d2) - reach;
  return true;
}

void
phys_rigid_contacts (Step *st)
{
  PhysWorld *world = st->world;
  RigidScratch *r = st->s->rigid;
  PhysReal dt = world->def.dt;
  /* sleep hook: when every body stands still (a pile asleep), no pair can touch */
  int polygons = phys_rigid_sleep_all_still (st) ? 0 : world->n_polygons;
  for (int p = 0; p < polygons; p++)
    {
      Body a = body (PHYS_BODY_POLYGON, p);
      near_polygon (st, p, NEAR_LARGER);
      for (int k = 0; k < r->n_found; k++)
        {
          Body b = found_body (st, r->found[k]);
          Body ca = a, cb = b;
          canonical (&ca, &cb);
          if (body_immovable (st, &ca) && body_immovable (st, &cb))
            continue;
          PhysReal slop = pair_slop (st, &ca, &cb);
          PhysReal apart;
          if (bounds_apart (st, &ca, &cb, MARGIN_SLOPS * slop, &apart))
            {
              /* Their bounding circles are farther apart than the margin: no contact, and the
               * circles' gap is the lower bound of their distance the event phase starts from. */
              pair_add (r, pair_key (&ca, &cb), APART)->gap = apart;
              continue;
            }
          PhysSatContact sat;
          Pose pa, pb;
          if (!pair_contact (st, &ca, &cb, 0.0, MARGIN_SLOPS * slop, MARGIN_SLOPS * slop, &sat,
                             NULL, &pa, &pb))
            continue;
          if (!sat.has_manifold || sat.manifold.point_count == 0)
            {
              /* Apart: the event phase's first test of the pair starts from this gap (a lower
               * bound of their distance: the first axis found farther apart than the margin, or
               * the least overlap). */
              pair_add (r, pair_key (&ca, &cb), APART)->gap = -sat.overlap;
              continue;
            }
          /* A pair closing faster than the rest speed within this frame is an impact: it is
           * found in time order and answered with its restitution (phys_rigid_impulse()), not
           * solved as a contact. */
          if (!st->discrete && impact_at_start (st, &ca, &cb, &sat.manifold, &pa, &pb))
            continue;
          int index = contact_make (st, &ca, &cb, pair_kind (&ca, &cb), &sat, &pa, &pb, slop);
          r->contacts[index].solved = true;
          pair_add (r, pair_key (&ca, &cb), index);
        }
    }
  /* Circles against curves (few curves: each circle's box against each curve's). */
  int curve_circles = world->n_curves > 0 ? world->n_circles : 0;
  for (int i = 0; i < curve_circles; i++)
    {
      if (st->s->done[i] || !world->circles[i].collides)
        continue;
      PhysAabb box = st->s->box[i];
      for (int k = 0; k < world->n_curves; k++)
        {
          if (!phys_aabb_overlaps (box, world->curves[k].box))
            continue;
          Body ca = body (PHYS_BODY_CIRCLE, i), cb = body (PHYS_BODY_CURVE, k);
          if (body_immovable (st, &ca))
            continue;
          PhysReal slop = pair_slop (st, &ca, &cb);
          PhysSatContact sat;
          Pose pa, pb;
          pair_contact (st, &ca, &cb, 0.0, MARGIN_SLOPS * slop, INFINITY, &sat, NULL, &pa, &pb);
          if (!sat.has_manifold)
            {
              pair_add (r, pair_key (&ca, &cb), APART)->gap = -sat.overlap;
              continue;
            }
          if (!st->discrete && impact_at_start (st, &ca, &cb, &sat.manifold, &pa, &pb))
            continue;
          int index = contact_make (st, &ca, &cb, pair_kind (&ca, &cb), &sat, &pa, &pb, slop);
          r->contacts[index].solved = true;
          pair_add (r, pair_key (&ca, &cb), index);
        }
    }
  if (r->n_contacts == 0)
    {
      remember (st);
      return;
    }
  /* The solve is the frame's first answer: a stop before it shows the frame as it began. */
  if (st->handled >= st->answer_limit)
    return;
  r->solve_answer = st->handled++;

  /* The bodies' velocities as the integrators end the frame. */
  for (int k = 1; k < r->n_bodies; k++)
    end_velocity (st, &r->body_of[k], &r->bodies[k].v, &r->bodies[k].w);
  SolverBody *before = r->before;
  memcpy (before, r->bodies, (size_t) r->n_bodies * sizeof *before);

  int warm = 0, points = 0;
  for (int i = 0; i < r->n_contacts; i++)
    {
      Contact *c = &r->contacts[i];
      contact_masses (r, c);
      const SolverBody *A = &r->bodies[c->sa], *B = &r->bodies[c->sb];
      PhysVec2 t = phys_v2 (-c->n.y, c->n.x);
      for (int k = 0; k < c->count; k++)
        {
          ContactPoint *q = &c->p[k];
          PhysVec2 dv = phys_v2_sub (point_velocity (B->v, B->w, q->rb),
                                     point_velocity (A->v, A->w, q->ra));
          q->vn0 = phys_v2_dot (dv, c->n);
          q->vt0 = phys_v2_dot (dv, t);
          /* A gap may close within the frame (speculative); else the contact holds: vn >= 0.
           * Overlap is the position correction's; impacts are not contacts (impact_at_start). */
          PhysReal gap = -q->depth;
          /* The discrete teaching mode has no impacts in time order: its contacts bounce here
           * (per point, as textbook solvers do). */
          if (st->discrete && q->vn0 < -world->def.rest_speed && c->restitution > 0.0
              && -q->vn0 * dt >= gap)
            q->bias = -c->restitution * q->vn0;
          else if (gap > 0.0)
            q->bias = -gap / dt;
          else
            q->bias = 0.0;
        }
      warm += warm_start (st, c);
      points += c->count;
      SolverBody *wa = &r->bodies[c->sa], *wb = &r->bodies[c->sb];
      for (int k = 0; k < c->count; k++)
        apply (wa, wb, &c->p[k],
               phys_v2_add (phys_v2_scale (c->n, c->p[k].jn), phys_v2_scale (t, c->p[k].jt)));
    }
  PhysRigidDetail *detail = st->detail;
  int tracked = -1;
  if (detail != NULL && st->detail_event.answer == r->solve_answer && st->detail_event.solved)
    for (int i = 0; i < r->n_contacts && tracked < 0; i++)
      if (r->contacts[i].kind == (int) st->detail_event.kind
          && r->contacts[i].a.index == st->detail_event.a
          && r->contacts[i].b.index == st->detail_event.b && r->contacts[i].solved)
        tracked = i;
  /* Contacts met for the first time start from nothing: a stack takes many iterations to carry
   * its weight down, so a frame where many start cold iterates longer (once: next frame they are
   * warm). */
  bool cold = 2 * (points - warm) > points;
  int iterations = cold ? COLD_ITERATIONS : VELOCITY_ITERATIONS;
  r->solve_iterations = iterations;
  int tracked_row = solver_rows (r, tracked);
  for (int it = 0; it < iterations; it++)
    {
      PhysReal change = 0.0, largest = 0.0;
      phys_rigid_solver_sweep (r->bodies, r->rows, r->n_contacts, cold ? &change : NULL,
                               cold ? &largest : NULL);
      if (tracked_row >= 0 && it < PHYS_RIGID_MAX_ITERATIONS)
        {
          detail->iterations = it + 1;
          for (int k = 0; k < r->rows[tracked_row].count; k++)
            {
              detail->jn[it][k] = r->rows[tracked_row].p[k].jn;
              detail->jt[it][k] = r->rows[tracked_row].p[k].jt;
            }
        }
      if (cold && it + 1 >= VELOCITY_ITERATIONS && change <= COLD_CONVERGED * largest)
        {
          r->solve_iterations = it + 1;
          break;
        }
    }
  /* The impulses back to their contacts. */
  for (int i = 0; i < r->n_contacts; i++)
    {
      Contact *c = &r->contacts[r->order[i]];
      for (int k = 0; k < c->count; k++)
        {
          c->p[k].jn = r->rows[i].p[k].jn;
          c->p[k].jt = r->rows[i].p[k].jt;
        }
    }
  remember (st);
  for (int i = 0; i < r->n_contacts; i++)
    {
      /* At rest: pressed, and no point leaving faster than a slop a frame. */
      Contact *c = &r->contacts[i];
      const SolverBody *A = &r->bodies[c->sa], *B = &r->bodies[c->sb];
      bool pressed = false, leaving = false;
      for (int k = 0; k < c->count; k++)
        {
          const ContactPoint *q = &c->p[k];
          PhysReal vn = phys_v2_dot (phys_v2_sub (point_velocity (B->v, B->w, q->rb),
                                                  point_velocity (A->v, A->w, q->ra)),
                                     c->n);
          pressed = pressed || q->jn > 0.0;
          leaving = leaving || vn * dt > c->slop;
        }
      c->resting = pressed && !leaving;
    }
  if (st->log != NULL)
    for (int i = 0; i < r->n_contacts; i++)
      {
        Contact *c = &r->contacts[i];
        log_solved (st, c, &before[c->sa], &before[c->sb]);
      }
  if (tracked >= 0)
    {
      /* Its records, from the functions that made it: the static test as the frame began, and
       * the answer as it was logged. */
      const Contact *c = &r->contacts[tracked];
      PhysSatContact sat;
      Pose pa, pb;
      pair_contact (st, &c->a, &c->b, 0.0, MARGIN_SLOPS * c->slop, INFINITY, &sat,
                    &detail->tests, &pa, &pb);
      detail->tests.found = PHYS_RIGID_FOUND_CONTACT_SOLVER;
      detail->tests.t0 = 0.0;
      PhysVec2 taken;
      PhysReal taken_angular;
      solved_answer (st, c, &before[c->sa], &before[c->sb], &detail->answer_record, &taken,
                     &taken_angular);
      detail->answer = r->solve_answer;
    }
  /* The solved bodies move on straight paths at their new velocities. */
  for (int k = 1; k < r->n_bodies; k++)
    body_set_motion (st, &r->body_of[k], 0.0, before[k].v, before[k].w, r->bodies[k].v,
                     r->bodies[k].w, true);
}

/* ---- the search for a pair's first touch ----------------------------------------------- */

/* A body's velocity (per time unit) at t and its angular velocity. */
static void
body_velocity_at (const Step *st, const Body *b, PhysReal t, PhysVec2 *v, PhysReal *w)
{
  PhysVec2 rate, acc;
  PhysReal spin;
  body_motion_at (st, b, t, &rate, &spin, &acc);
  PhysReal dt = st->world->def.dt;
  *v = phys_v2_scale (rate, 1.0 / dt);
  *w = spin / dt;
}

/* Searches the first touch of apart pair (a, b) from frame time now to the frame's end:
 * swept separating axes when both translate (a turn that moves no point by the touch
 * tolerance counts as none), else conservative advancement. On a hit, *t_hit is the frame time.
 * rec (may be NULL) gets the search's record. */
static PhysReal closing_bound (const Step *st, const Body *a, const Body *b, PhysReal now);

static bool
pair_search (Step *st, const Body *a, const Body *b, PhysReal now, PhysReal tol, PhysReal *t_hit,
             PhysRigidFound *found, int *steps, PhysRigidTests *rec)
{
  const PhysWorld *world = st->world;
  PhysReal t_max = 1.0 - now;
  Pose pa, pb;
  pose_of (st, a, now, &pa);
  pose_of (st, b, now, &pb);
  PhysVec2 da, db, acc_a, acc_b;
  PhysReal wa, wb;
  body_motion_at (st, a, now, &da, &wa, &acc_a);
  body_motion_at (st, b, now, &db, &wb, &acc_b);
  if (a->kind == PHYS_BODY_CIRCLE && b->kind == PHYS_BODY_CURVE)
    {
      /* A circle and a fixed curve: the distance to the curve shrinks no faster than the centre
       * moves (phys_advance_circle_bezier_until()). */
      const PhysBezier *curve = &world->curves[b->index].curve;
      PhysReal radius = world->circles[a->index].radius;
      PhysCurveAdvanceResult out;
      phys_advance_circle_bezier_core (curve, pa.x, da, acc_a, radius, tol, t_max, &out, NULL);
      *found = PHYS_RIGID_FOUND_ADVANCE;
      *steps = out.steps;
      if (rec != NULL)
        {
          rec->t0 = now;
          rec->found = *found;
          rec->curve_advance = phys_advance_circle_bezier_until (curve, pa.x, da, acc_a, radius,
                                                                 tol, t_max);
        }
      if (out.verdict != PHYS_VERDICT_HIT)
        return false;
      *t_hit = now + out.t;
      return true;
    }
  const PhysPolygonBody *pa_body = &world->polygons[a->index];
  PhysReal ra = pa_body->radius;
  if (b->kind == PHYS_BODY_CURVE)
    {
      /* A polygon and a curve: first its bounding circle's approach to the curve (a safe
       * bound); once that circle touches, the polygon is looked at again every time it could have
       * closed the contact margin (the static test against the tangent segment decides). */
      const PhysBezier *curve = &world->curves[b->index].curve;
      PhysCurveAdvanceResult out;
      phys_advance_circle_bezier_core (curve, pa.x, da, acc_a, ra, tol, t_max, &out, NULL);
      *found = PHYS_RIGID_FOUND_ADVANCE;
      *steps = out.steps;
      if (rec != NULL)
        {
          rec->t0 = now;
          rec->found = *found;
          rec->curve_advance = phys_advance_circle_bezier_until (curve, pa.x, da, acc_a, ra, tol,
                                                                 t_max);
        }
      if (out.verdict == PHYS_VERDICT_HIT && out.t > 0.0)
        {
          *t_hit = now + out.t;
          return true;
        }
      if (out.verdict != PHYS_VERDICT_OVERLAPPING && out.verdict != PHYS_VERDICT_HIT)
        return false;
      PhysReal speed = closing_bound (st, a, b, now) / (t_max > 0.0 ? t_max : 1.0);
      if (!(speed > 0.0))
        return false;
      PhysReal later = MARGIN_SLOPS * pair_slop (st, a, b) / speed;
      later = later > RETEST_FLOOR ? later : RETEST_FLOOR;
      if (later > t_max)
        return false;
      *t_hit = now + later;
      return true;
    }
  PhysReal rb = b->kind == PHYS_BODY_POLYGON ? world->polygons[b->index].radius : 0.0;
  PhysReal acc_len = phys_v2_len (phys_v2_sub (acc_b, acc_a));
  if (rec != NULL)
    rec->t0 = now;

  /* The bounding circles first: if they never meet in the rest of the frame, nor do the bodies. */
  if (b->kind == PHYS_BODY_POLYGON || b->kind == PHYS_BODY_CIRCLE)
    {
      PhysReal reach = ra + (b->kind == PHYS_BODY_POLYGON ? rb : world->circles[b->index].radius)
                       + tol + 0.5 * acc_len * t_max * t_max;
      PhysVec2 d = phys_v2_sub (pb.x, pa.x), v = phys_v2_sub (db, da);
      PhysReal vv = phys_v2_len_sq (v);
      PhysReal at = vv > 0.0 ? -phys_v2_dot (d, v) / vv : 0.0;
      at = at < 0.0 ? 0.0 : (at > t_max ? t_max : at);
      if (phys_v2_len_sq (phys_v2_add_scaled (d, v, at)) > reach * reach && rec == NULL)
        return false;
    }

  /* Bodies falling alike move straight relative to each other: only a turn, or a different
   * acceleration (a polygon under gravity against a segment), needs the advancement. */
  bool turning = fabs (wa) * ra >= tol || (b->kind == PHYS_BODY_POLYGON && fabs (wb) * rb >= tol)
                 || acc_len > 0.0;
  *steps = 0;
  if (!turning)
    {
      *found = PHYS_RIGID_FOUND_SWEPT_SAT;
      PhysHull ha, hb;
      phys_hull_place (&ha, &pa_body->shape, pa.x, pa.c, pa.s);
      PhysSweptContact out;
      PhysSweptSatRecord *srec = rec != NULL ? &rec->swept : NULL;
      PhysPolygonWorld placed_a = rec != NULL ? placed (st, a, &pa) : (PhysPolygonWorld) { 0 };
      switch (b->kind)
        {
        case PHYS_BODY_POLYGON:
          phys_hull_place (&hb, &world->polygons[b->index].shape, pb.x, pb.c, pb.s);
          phys_sweep_hulls_core (&ha, da, &hb, hb.count, db, &out, NULL);
          if (srec != NULL)
            {
              PhysPolygonWorld placed_b = placed (st, b, &pb);
              *srec = phys_sweep_sat_polygon_polygon (&placed_a, da, &placed_b, db);
            }
          break;
        case PHYS_BODY_SEGMENT:
          {
            const PhysSegment *g = &world->segments[b->index];
            phys_hull_segment (&hb, g->a, g->b);
            phys_sweep_hulls_core (&ha, da, &hb, 1, phys_v2 (0.0, 0.0), &out, NULL);
            if (srec != NULL)
              *srec = phys_sweep_sat_polygon_segment (&placed_a, da, g->a, g->b);
          }
          break;
        case PHYS_BODY_CIRCLE:
          {
            PhysReal radius = world->circles[b->index].radius;
            phys_sweep_circle_core (&ha, da, pb.x, db, radius, &out, NULL);
            if (srec != NULL)
              *srec = phys_sweep_sat_polygon_circle (&placed_a, da, pb.x, db, radius);
          }
          break;
        default:
          return false;
        }
      if (rec != NULL)
        rec->found = *found;
      if (!out.has_t || out.verdict == PHYS_VERDICT_OVERLAPPING || out.t > t_max)
        return false;
      *t_hit = now + out.t;
      return true;
    }

  *found = PHYS_RIGID_FOUND_ADVANCE;
  PhysAdvanceBody mover, target;
  memset (&mover, 0, sizeof mover);
  memset (&target, 0, sizeof target);
  mover.shape = PHYS_SAT_SHAPE_POLYGON;
  mover.polygon = &pa_body->shape;
  mover.pose = (PhysPose) { pa.x, pa.a };
  mover.d = da;
  mover.w = wa;
  mover.acc = acc_a;
  switch (b->kind)
    {
    case PHYS_BODY_POLYGON:
      target.shape = PHYS_SAT_SHAPE_POLYGON;
      target.polygon = &world->polygons[b->index].shape;
      target.pose = (PhysPose) { pb.x, pb.a };
      target.d = db;
      target.w = wb;
      target.acc = acc_b;
      break;
    case PHYS_BODY_SEGMENT:
      target.shape = PHYS_SAT_SHAPE_SEGMENT;
      target.p = world->segments[b->index].a;
      target.q = world->segments[b->index].b;
      break;
    case PHYS_BODY_CIRCLE:
      target.shape = PHYS_SAT_SHAPE_CIRCLE;
      target.pose = (PhysPose) { pb.x, 0.0 };
      target.d = db;
      target.acc = acc_b;
      target.radius = world->circles[b->index].radius;
      break;
    default:
      return false;
    }
  PhysAdvanceResult out;
  phys_advance_core (&mover, &target, ra, rb, tol, t_max, &out, NULL);
  if (rec != NULL)
    {
      rec->found = *found;
      rec->advance = phys_advance (&mover, &target, tol, t_max);
    }
  *steps = out.steps;
  if (out.verdict != PHYS_VERDICT_HIT)
    return false;
  *t_hit = now + out.t;
  return true;
}

/* ---- testing pairs in the frame ---------------------------------------------------------- */

static uint32_t
version_of (const Step *st, const Body *b)
{
  if (b->kind == PHYS_BODY_POLYGON)
    return st->s->rigid->pversion[b->index];
  if (b->kind == PHYS_BODY_CIRCLE)
    return st->s->version[b->index];
  return 0;
}

/* Queues pair (a, b) at frame time t, found by a test made at t0 (t0 == t: a test to make at t,
 * or a pair touching and approaching when tested). */
static void
push_candidate_at (Step *st, const Body *a, const Body *b, PhysReal t, PhysReal t0)
{
  Candidate c;
  c.t = t;
  c.t0 = t0;
  c.kind = pair_kind (a, b);
  c.b_kind = b->kind;
  c.a = a->index;
  c.b = b->index;
  c.va = version_of (st, a);
  c.vb = version_of (st, b);
  phys_step_push (st, c);
}

static void
push_candidate (Step *st, const Body *a, const Body *b, PhysReal t)
{
  push_candidate_at (st, a, b, t, st->now);
}

/* True when a body was answered more than JAM_ANSWERS times at the instant t. */
static bool
jammed (const Step *st, const Body *b, PhysReal t)
{
  const RigidScratch *r = st->s->rigid;
  if (b->kind == PHYS_BODY_POLYGON)
    return r->pjam_n[b->index] > JAM_ANSWERS && t - r->pjam_t[b->index] <= INSTANT;
  if (b->kind == PHYS_BODY_CIRCLE)
    return r->cjam_n[b->index] > JAM_ANSWERS && t - r->cjam_t[b->index] <= INSTANT;
  return false;
}

static void
count_answer (Step *st, const Body *b, PhysReal t)
{
  RigidScratch *r = st->s->rigid;
  PhysReal *last;
  int *n;
  if (b->kind == PHYS_BODY_POLYGON)
    {
      last = &r->pjam_t[b->index];
      n = &r->pjam_n[b->index];
    }
  else if (b->kind == PHYS_BODY_CIRCLE)
    {
      last = &r->cjam_t[b->index];
      n = &r->cjam_n[b->index];
    }
  else
    return;
  *n = *last >= 0.0 && t - *last <= INSTANT ? *n + 1 : 1;
  *last = t;
}

/* The least relative normal velocity (per time unit, < 0 approaching) over a manifold's points,
 * and the largest speed involved (for what counts as rounding). */
static PhysReal
approach_of (const Step *st, const Body *a, const Body *b, PhysReal t,
             const PhysSatManifold *m, const Pose *pa, const Pose *pb, PhysReal *speed)
{
  PhysVec2 va, vb;
  PhysReal wa, wb;
  body_velocity_at (st, a, t, &va, &wa);
  body_velocity_at (st, b, t, &vb, &wb);
  PhysReal least = INFINITY;
  *speed = 0.0;
  for (int k = 0; k < m->point_count; k++)
    {
      PhysVec2 ra = phys_v2_sub (m->points[k].point, pa->x);
      PhysVec2 rb = phys_v2_sub (m->points[k].point, pb->x);
      PhysVec2 ua = point_velocity (va, wa, ra), ub = point_velocity (vb, wb, rb);
      PhysReal vn = phys_v2_dot (phys_v2_sub (ub, ua), m->normal);
      least = vn < least ? vn : least;
      PhysReal sp = phys_v2_len (ua) + phys_v2_len (ub);
      *speed = sp > *speed ? sp : *speed;
    }
  return least;
}

/* How much pair (a, b) can close from frame time now to the frame's end at most: their
 * relative motion, what turning adds (|w| r), and a circle's acceleration. The static test's
 * gap is a lower bound of their distance, so a gap beyond this bound means no touch. */
static PhysReal
closing_bound (const Step *st, const Body *a, const Body *b, PhysReal now)
{
  PhysVec2 ra, rb, acc_a, acc_b;
  PhysReal wa, wb;
  body_motion_at (st, a, now, &ra, &wa, &acc_a);
  body_motion_at (st, b, now, &rb, &wb, &acc_b);
  PhysReal t = 1.0 - now;
  PhysReal size_a = a->kind == PHYS_BODY_POLYGON ? st->world->polygons[a->index].radius : 0.0;
  PhysReal size_b = b->kind == PHYS_BODY_POLYGON ? st->world->polygons[b->index].radius : 0.0;
  PhysReal speed = phys_v2_len (phys_v2_sub (rb, ra)) + fabs (wa) * size_a + fabs (wb) * size_b;
  return speed * t + 0.5 * phys_v2_len (phys_v2_sub (acc_b, acc_a)) * t * t;
}

/* Pair (a, b) touches at now (static test sat, poses pa, pb). Approaching, it is answered at
 * once; a pair already in contact this frame only when it would sink more than a slop before
 * the frame ends (else the position correction and the next frame's solver take it). Not
 * approaching, it is a contact of the frame, and is looked at again once it could have closed
 * the contact margin (a spinning body's next corner; a pair sliding apart never returns). */
static void
touching_pair (Step *st, const Body *a, const Body *b, PairEntry *entry,
               const PhysSatContact *sat, const Pose *pa, const Pose *pb)
{
  RigidScratch *r = st->s->rigid;
  PhysReal now = st->now;
  PhysReal slop = pair_slop (st, a, b);
  PhysReal speed, vn = approach_of (st, a, b, now, &sat->manifold, pa, pb, &speed);
  bool approaching = vn < -(NEGLIGIBLE * speed + NEGLIGIBLE_FLOOR);
  /* A contact of the frame, or a slow approach (below the rest speed: a pile settling), is
   * answered only if it would sink more than a slop before the frame ends; else chains of
   * touching bodies would trade ever smaller answers (the correction and the next frame's solve
   * take it). */
  if (entry != NULL || -vn < st->world->def.rest_speed)
    approaching = -vn * (1.0 - now) * st->world->def.dt > FAST_APPROACH_SLOPS * slop;
  bool stuck = jammed (st, a, now) || jammed (st, b, now);
  if (approaching && !stuck)
    {
      push_candidate (st, a, b, now);
      return;
    }
  if (entry == NULL)
    pair_add (r, pair_key (a, b), contact_make (st, a, b, pair_kind (a, b), sat, pa, pb, slop));
  PhysReal rest = 1.0 - now;
  PhysReal closing = rest > 0.0 ? closing_bound (st, a, b, now) / rest : 0.0;
  if (stuck || !(closing > 0.0))
    return;
  PhysReal later = MARGIN_SLOPS * slop / closing;
  later = later > RETEST_FLOOR ? later : RETEST_FLOOR;
  if (now + later < 1.0)
    push_candidate_at (st, a, b, now + later, now + later);
}

/* Tests rigid pair (a, b) (canonical) from st->now. */
static void
test_rigid (Step *st, const Body *a, const Body *b)
{
  if (pair_kind (a, b) < 0 || (body_immovable (st, a) && body_immovable (st, b)))
    return;
  if ((a->kind == PHYS_BODY_CIRCLE && st->s->done[a->index])
      || (b->kind == PHYS_BODY_CIRCLE && st->s->done[b->index]))
    return;
  /* Past the budget nothing more is found (as for circles). */
  if (++st->tests > st->test_cap)
    return;
  RigidScratch *r = st->s->rigid;
  PhysReal now = st->now;
  uint64_t key = pair_key (a, b);
  PairEntry *entry = pair_find (r, key);
  /* A contact solved as the frame began and left resting was answered already; one the solve
   * left apart (a gap, or a body turning away) is searched like any pair. */
  if (entry != NULL && now == 0.0 && entry->contact >= 0 && r->contacts[entry->contact].resting)
    return;
  PhysReal slop = pair_slop (st, a, b), tol = pair_touch (st, a, b);
  /* Apart by more than they can close in the rest of the frame: nothing to find. */
  PhysReal reach = closing_bound (st, a, b, now);
  if (entry != NULL && now == 0.0 && entry->contact == APART && entry->gap > reach + tol)
    return;
  PhysSatContact sat;
  Pose pa, pb;
  if (!pair_contact (st, a, b, now, MARGIN_SLOPS * slop, reach + tol, &sat, NULL, &pa, &pb))
    return;
  if (-sat.overlap > reach + tol)
    return;
  if (entry != NULL && entry->contact == APART)
    entry = NULL;
  if (sat.has_manifold && sat.manifold.point_count > 0 && sat.overlap >= -tol)
    {
      touching_pair (st, a, b, entry, &sat, &pa, &pb);
      return;
    }
  PhysReal t_hit;
  PhysRigidFound found;
  int steps;
  if (pair_search (st, a, b, now, tol, &t_hit, &found, &steps, NULL))
    push_candidate (st, a, b, t_hit);
}

void
phys_rigid_test_pair (Step *st, int i, int j)
{
  if (i == j)
    return;
  Body a = grid_body (st, i), b = grid_body (st, j);
  canonical (&a, &b);
  test_rigid (st, &a, &b);
}

/* A copy of r->found to walk, kept apart from the queries the tests might make. */
static const int *
found_copy (RigidScratch *r)
{
  if (r->n_found > r->cap_codes)
    {
      r->cap_codes = r->cap_found;
      r->codes = phys_step_realloc (r->codes, (size_t) r->cap_codes, sizeof *r->codes);
    }
  if (r->n_found > 0)
    memcpy (r->codes, r->found, (size_t) r->n_found * sizeof *r->codes);
  return r->codes;
}

void
phys_rigid_test_polygon_static (Step *st, int p)
{
  RigidScratch *r = st->s->rigid;
  /* sleep hook: a sleeper and a fixed body are never a pair */
  if (phys_polygon_is_asleep (&st->world->polygons[p]))
    return;
  /* The grid's pairs are tested by the circles' pass; here the segments, walls and curves. */
  near_polygon (st, p, NEAR_FIXED_ONLY);
  int n = r->n_found;
  const int *codes = found_copy (r);
  Body a = body (PHYS_BODY_POLYGON, p);
  for (int k = 0; k < n; k++)
    {
      Body b = found_body (st, codes[k]);
      test_rigid (st, &a, &b);
    }
}

void
phys_rigid_test_polygon (Step *st, int p)
{
  RigidScratch *r = st->s->rigid;
  near_polygon (st, p, NEAR_ALL);
  int n = r->n_found;
  const int *codes = found_copy (r);
  for (int k = 0; k < n; k++)
    {
      Body a = body (PHYS_BODY_POLYGON, p), b = found_body (st, codes[k]);
      canonical (&a, &b);
      test_rigid (st, &a, &b);
    }
}

void
phys_rigid_test_circle_curves (Step *st, int i)
{
  PhysAabb box = phys_step_remaining_box (st, i);
  Body a = body (PHYS_BODY_CIRCLE, i);
  for (int c = 0; c < st->world->n_curves; c++)
    if (phys_aabb_overlaps (box, st->world->curves[c].box))
      {
        Body b = body (PHYS_BODY_CURVE, c);
        test_rigid (st, &a, &b);
      }
}

bool
phys_rigid_candidate_current (const Step *st, const Candidate *c)
{
  Body a = body (phys_event_a_kind ((PhysEventKind) c->kind), c->a), b = body (c->b_kind, c->b);
  if (version_of (st, &a) != c->va || version_of (st, &b) != c->vb)
    return false;
  if ((a.kind == PHYS_BODY_CIRCLE && st->s->done[a.index])
      || (b.kind == PHYS_BODY_CIRCLE && st->s->done[b.index]))
    return false;
  return true;
}

/* ---- answering ------------------------------------------------------------------------- */

/* Body b (a polygon on a parabola), answered at rest at time t against immovable body o along
 * n (from b towards o), loses the part of its acceleration pressing it into o for the rest of
 * the frame. Returns the momentum o takes for it. */
static PhysVec2
support_polygon (Step *st, const Body *b, const Body *o, PhysVec2 n, PhysReal t)
{
  if (b->kind != PHYS_BODY_POLYGON || !body_immovable (st, o) || body_immovable (st, b))
    return phys_v2 (0.0, 0.0);
  RigidScratch *r = st->s->rigid;
  int p = b->index;
  PhysReal press = phys_v2_dot (r->pacc[p], n);
  if (!(press > 0.0))
    return phys_v2 (0.0, 0.0);
  polygon_clock (r, p, t);
  PhysVec2 removed = phys_v2_scale (n, press);
  r->pacc[p] = phys_v2_sub (r->pacc[p], removed);
  /* Its end velocity loses what the removed acceleration would have added. */
  PhysReal dt = st->world->def.dt;
  PhysVec2 lost = phys_v2_scale (removed, (1.0 - t) / dt);
  r->pend_vel[p] = phys_v2_sub (r->pend_vel[p], lost);
  polygon_path_changed (st, p);
  return phys_v2_scale (lost, st->world->polygons[p].mass);
}

/* Tests a body again against everything from st->now on (after its path changed). */
static void
retest (Step *st, const Body *b)
{
  if (b->kind == PHYS_BODY_POLYGON)
    phys_rigid_test_polygon (st, b->index);
  else if (b->kind == PHYS_BODY_CIRCLE && !st->s->done[b->index])
    phys_step_test_circle (st, b->index, -1);
}

void
phys_rigid_handle (Step *st, const Candidate *cand)
{
  PhysWorld *world = st->world;
  RigidScratch *r = st->s->rigid;
  Body a = body (phys_event_a_kind ((PhysEventKind) cand->kind), cand->a);
  Body b = body (cand->b_kind, cand->b);
  PhysReal t = cand->t, dt = world->def.dt;
  int answer = st->handled - 1;
  PhysRigidDetail *detail = st->detail != NULL && st->detail_event.answer == answer
                                && !st->detail_event.solved ? st->detail : NULL;
  PhysRigidTests *rec = detail != NULL ? &detail->tests : NULL;
  phys_step_begin_event (st, t);

  /* How it was found: the search again from where it started (its bodies are as they were). */
  PhysReal slop = pair_slop (st, &a, &b), tol = pair_touch (st, &a, &b);
  PhysRigidFound found = PHYS_RIGID_FOUND_TOUCHING;
  int steps = 0;
  if (cand->t0 != cand->t)
    {
      PhysReal again;
      pair_search (st, &a, &b, cand->t0, tol, &again, &found, &steps, rec);
    }
  else if (rec != NULL)
    {
      rec->found = found;
      rec->t0 = cand->t0;
    }

  /* Both bodies to the moment. */
  body_clock (st, &a, t);
  body_clock (st, &b, t);
  st->now = t;

  PhysSatContact sat;
  Pose pa, pb;
  pair_contact (st, &a, &b, t, MARGIN_SLOPS * slop, INFINITY, &sat, rec, &pa, &pb);
  bool touching = sat.has_manifold && sat.manifold.point_count > 0 && sat.overlap >= -tol;
  if (!touching)
    {
      /* A test due now, or an advancement that ran out of iterations at a safe time: test
       * again from here. */
      test_rigid (st, &a, &b);
      return;
    }
  PhysReal speed, vn = approach_of (st, &a, &b, t, &sat.manifold, &pa, &pb, &speed);
  PairEntry *known = pair_find (r, pair_key (&a, &b));
  if (known != NULL && known->contact == APART)
    known = NULL;
  bool approaching = vn < -(NEGLIGIBLE * speed + NEGLIGIBLE_FLOOR);
  if (cand->t0 == cand->t && (known != NULL || -vn < world->def.rest_speed))
    approaching = -vn * (1.0 - t) * world->def.dt > FAST_APPROACH_SLOPS * slop;
  if (!approaching || jammed (st, &a, t) || jammed (st, &b, t))
    {
      /* A graze, or a contact that will not sink far: a contact of the frame, looked at again
       * later. */
      touching_pair (st, &a, &b, known, &sat, &pa, &pb);
      return;
    }

  /* A sleeper hit hard enough wakes (as circles do). */
  bool woke = false;
  if (-vn >= world->def.rest_speed)
    {
      if (a.kind == PHYS_BODY_CIRCLE)
        woke = phys_step_wake (st, a.index) || woke;
      if (b.kind == PHYS_BODY_CIRCLE)
        woke = phys_step_wake (st, b.index) || woke;
    }
  PhysReal e0, mu;
  pair_material (st, &a, &b, &e0, &mu);
  bool resting = e0 < 1.0 && -vn < world->def.rest_speed;
  PhysReal e = resting ? 0.0 : e0;
  PhysVec2 va, vb;
  PhysReal wa, wb;
  body_velocity_at (st, &a, t, &va, &wa);
  body_velocity_at (st, &b, t, &vb, &wb);
  PhysRigidState sa = state_of (st, &a, pa.x, pa.a, va, wa);
  PhysRigidState sb = state_of (st, &b, pb.x, pb.a, vb, wb);
  const PhysSatManifold *m = &sat.manifold;
  PhysVec2 points[2];
  PhysReal depths[2];
  uint32_t ids[2];
  for (int k = 0; k < m->point_count; k++)
    {
      points[k] = m->points[k].point;
      depths[k] = m->points[k].depth;
      ids[k] = m->points[k].id;
    }
  PhysRigidAnswer ans;
  phys_rigid_impulse (&ans, &sa, &sb, m->normal, points, depths, ids, m->point_count, e, mu);
  ans.found = found;
  ans.search_steps = steps;
  ans.reference_body = m->reference_body;
  ans.reference_edge = m->reference_edge;
  ans.incident_edge = m->incident_edge;

  if (!body_immovable (st, &a))
    body_set_motion (st, &a, t, va, wa, ans.a_after.velocity, ans.a_after.angular_velocity, false);
  if (!body_immovable (st, &b))
    body_set_motion (st, &b, t, vb, wb, ans.b_after.velocity, ans.b_after.angular_velocity, false);
  count_answer (st, &a, t);
  count_answer (st, &b, t);
  /* A contact answered at rest (e = 0) against something immovable holds the polygon up for
   * the rest of the frame: the part of its acceleration into the contact is gone, as a
   * circle's support (docs/physics.md); the immovable body takes that weight. */
  PhysVec2 support = phys_v2 (0.0, 0.0);
  bool stays = true;
  for (int k = 0; k < ans.point_count; k++)
    stays = stays && ans.points[k].vn_after <= NEGLIGIBLE * speed + NEGLIGIBLE_FLOOR;
  /* Only a body that stays on the surface is held up by it: one leaving it (a corner of a
   * rocking box) keeps its gravity. */
  if (e == 0.0 && stays)
    {
      support = phys_v2_add (support_polygon (st, &a, &b, m->normal, t),
                             support_polygon (st, &b, &a, phys_v2_neg (m->normal), t));
      (void) dt;
    }

  /* The pair is a contact of the frame from now on (for the position correction). */
  uint64_t key = pair_key (&a, &b);
  int index = contact_make (st, &a, &b, cand->kind, &sat, &pa, &pb, slop);
  PairEntry *entry = pair_find (r, key);
  if (entry == NULL)
    pair_add (r, key, index);
  else
    entry->contact = index;
  if (st->log != NULL)
    {
      EventHead head = { .kind = (PhysEventKind) cand->kind, .t = t, .t0 = cand->t0,
                         .a = a.index, .b = b.index, .b_kind = (PhysBodyKind) b.kind,
                         .answer = answer, .resting = resting };
      r->contacts[index].logged = (long) st->log->count;
      PhysEvent *ev = phys_step_log_event (st, &head);
      ev->woke = woke;
      ev->rigid = ans;
      PhysVec2 P[2];
      for (int k = 0; k < ans.point_count; k++)
        P[k] = phys_v2_add (phys_v2_scale (ans.normal, ans.points[k].jn),
                            phys_v2_scale (ans.tangent, ans.points[k].jt));
      Contact impulses = r->contacts[index];
      impulses.count = ans.point_count;
      for (int k = 0; k < ans.point_count; k++)
        impulses.p[k].point = ans.points[k].point;
      taken_by_immovable (st, &impulses, P, &ev->taken, &ev->taken_angular);
      ev->taken = phys_v2_add (ev->taken, support);
    }
  if (detail != NULL)
    {
      detail->answer_record = ans;
      detail->answer = answer;
    }

  retest (st, &a);
  retest (st, &b);
}

/* ---- the frame's end: every body where its path ends, then the position correction ----- */

static void
pose_set (SolverPose *p, PhysVec2 x, PhysReal a)
{
  p->x = x;
  p->a = a;
  p->c = cos (a);
  p->s = sin (a);
}

/* Fixed polygon p's pose: where it stands all frame (its turn computed once a frame, the same
 * as pose_set's). */
static void
fixed_pose (const Step *st, int p, SolverPose *out)
{
  Pose pose;
  pose_of (st, &(Body) { PHYS_BODY_POLYGON, p }, st->s->rigid->ptau[p], &pose);
  out->x = pose.x;
  out->a = pose.a;
  out->c = pose.c;
  out->s = pose.s;
}

/* Where contact c's point k is now, its separation and the normal (a to b). */
static void
contact_measure (const Contact *c, const SolverPose *A, const SolverPose *B, int k,
                 PhysVec2 *normal, PhysVec2 *point, PhysReal *separation)
{
  const ContactPoint *q = &c->p[k];
  switch (c->geometry)
    {
    case GEOMETRY_FACE_A:
      {
        PhysVec2 n = turn (A->c, A->s, c->local_normal);
        PhysVec2 plane = phys_v2_add (A->x, turn (A->c, A->s, c->local_plane));
        PhysVec2 at = phys_v2_add (B->x, turn (B->c, B->s, q->local));
        *separation = phys_v2_dot (phys_v2_sub (at, plane), n) - c->radius_b;
        *normal = n;
        *point = phys_v2_add_scaled (at, n, -c->radius_b);
      }
      break;
    case GEOMETRY_FACE_B:
      {
        PhysVec2 n = turn (B->c, B->s, c->local_normal);
        PhysVec2 plane = phys_v2_add (B->x, turn (B->c, B->s, c->local_plane));
        PhysVec2 at = phys_v2_add (A->x, turn (A->c, A->s, q->local));
        *separation = phys_v2_dot (phys_v2_sub (at, plane), n) - c->radius_a;
        *normal = phys_v2_neg (n);
        *point = at;
      }
      break;
    case GEOMETRY_POINTS:
    default:
      {
        PhysVec2 corner = phys_v2_add (A->x, turn (A->c, A->s, c->local_plane));
        PhysVec2 d = phys_v2_sub (B->x, corner);
        PhysReal dist = phys_v2_len (d);
        *normal = dist > 0.0 ? phys_v2_scale (d, 1.0 / dist) : c->n;
        *separation = dist - c->radius_b;
        *point = corner;
      }
      break;
    }
}

/* The velocity a slot's body ends the frame with (for the ledger of the correction). */
static PhysVec2
final_velocity (const Step *st, const Body *b)
{
  if (b->kind == PHYS_BODY_POLYGON)
    return st->world->polygons[b->index].velocity;
  if (b->kind == PHYS_BODY_CIRCLE)
    return st->world->circles[b->index].velocity;
  return phys_v2 (0.0, 0.0);
}

/* Logs a contact of the frame that has no event of its own (a touching pair made a contact
 * without an answer) when the position correction first moves it: an event at the frame's end
 * whose record has no impulse, found PHYS_RIGID_FOUND_CORRECTION, so that what the correction
 * does to momentum, angular momentum and energy is in the ledger like every other contact's. */
static void
log_correction (Step *st, Contact *c)
{
  EventHead head = { .kind = (PhysEventKind) c->kind, .t = 1.0, .t0 = 1.0, .a = c->a.index,
                     .b = c->b.index, .b_kind = (PhysBodyKind) c->b.kind, .answer = -1,
                     .resting = true };
  c->logged = (long) st->log->count;
  PhysEvent *ev = phys_step_log_event (st, &head);
  PhysRigidAnswer *ans = &ev->rigid;
  memset (ans, 0, sizeof *ans);
  ans->found = PHYS_RIGID_FOUND_CORRECTION;
  ans->normal = c->n;
  ans->tangent = phys_v2 (-c->n.y, c->n.x);
  ans->mu = c->friction;
  ans->reference_body = c->reference_body;
  ans->reference_edge = c->reference_edge;
  ans->incident_edge = c->incident_edge;
  /* Both bodies as the frame leaves them, before the correction moves them. */
  const Body *bodies[2] = { &c->a, &c->b };
  PhysRigidState *states[2] = { &ans->a_before, &ans->b_before };
  for (int k = 0; k < 2; k++)
    {
      const Body *b = bodies[k];
      const PhysWorld *w = st->world;
      if (b->kind == PHYS_BODY_POLYGON)
        *states[k] = state_of (st, b, w->polygons[b->index].position, w->polygons[b->index].angle,
                               w->polygons[b->index].velocity,
                               w->polygons[b->index].angular_velocity);
      else if (b->kind == PHYS_BODY_CIRCLE)
        *states[k] = state_of (st, b, w->circles[b->index].position, w->circles[b->index].angle,
                               w->circles[b->index].velocity, w->circles[b->index].angular_velocity);
      else
        *states[k] = state_of (st, b, phys_v2 (0.0, 0.0), 0.0, phys_v2 (0.0, 0.0), 0.0);
    }
  ans->a_after = ans->a_before;
  ans->b_after = ans->b_before;
  pair_ledger (&ans->a_before, &ans->b_before, &ans->energy_before, &ans->momentum_before,
               &ans->angular_momentum_before);
  ans->energy_after = ans->energy_before;
  ans->momentum_after = ans->momentum_before;
  ans->angular_momentum_after = ans->angular_momentum_before;
}

/* Moves the bodies of the frame's contacts apart where they overlap by more than the slop:
 * nonlinear Gauss-Seidel on positions (velocities are left alone, so no energy is added to the
 * motion; a body lifted out of the floor gains potential energy, at most m g times a slop's
 * worth of depth). */
static void
correct_positions (Step *st)
{
  RigidScratch *r = st->s->rigid;
  if (r->n_contacts == 0)
    return;
  /* A contact made during the frame (an answer, a graze) may have turned far since: it is taken
   * again where the frame ends. The contacts solved as it began moved little (Box2D keeps
   * those too). */
  for (int i = 0; i < r->n_contacts; i++)
    {
      Contact *c = &r->contacts[i];
      if (c->solved)
        continue;
      PhysSatContact sat;
      Pose pa, pb;
      if (!pair_contact (st, &c->a, &c->b, 1.0, c->slop, INFINITY, &sat, NULL, &pa, &pb)
          || !sat.has_manifold)
        c->count = 0;
      else
        contact_fill (st, c, &sat, &pa, &pb);
    }
  PhysVec2 *final_v = r->final_v;
  for (int k = 0; k < r->n_bodies; k++)
    {
      const Body *b = &r->body_of[k];
      final_v[k] = phys_v2 (0.0, 0.0);
      if (b->kind == PHYS_BODY_POLYGON)
        pose_set (&r->poses[k], st->world->polygons[b->index].position,
                  st->world->polygons[b->index].angle);
      else if (b->kind == PHYS_BODY_CIRCLE)
        pose_set (&r->poses[k], st->world->circles[b->index].position,
                  st->world->circles[b->index].angle);
      else
        pose_set (&r->poses[k], phys_v2 (0.0, 0.0), 0.0);
      if (k > 0)
        final_v[k] = final_velocity (st, b);
    }
  SolverPose fixed;
  pose_set (&fixed, phys_v2 (0.0, 0.0), 0.0);
  for (int it = 0; it < POSITION_ITERATIONS; it++)
    {
      bool deep = false;
      for (int i = 0; i < r->n_contacts; i++)
        {
          Contact *c = &r->contacts[i];
          SolverPose *A = c->sa > 0 ? &r->poses[c->sa] : &fixed;
          SolverPose *B = c->sb > 0 ? &r->poses[c->sb] : &fixed;
          /* A fixed polygon's pose is where it stands, not the identity. */
          SolverPose own_a, own_b;
          if (c->sa == 0 && c->a.kind == PHYS_BODY_POLYGON)
            {
              fixed_pose (st, c->a.index, &own_a);
              A = &own_a;
            }
          if (c->sb == 0 && c->b.kind == PHYS_BODY_POLYGON)
            {
              fixed_pose (st, c->b.index, &own_b);
              B = &own_b;
            }
          else if (c->sb == 0 && c->b.kind == PHYS_BODY_CIRCLE)
            {
              pose_set (&own_b, st->world->circles[c->b.index].position,
                        st->world->circles[c->b.index].angle);
              B = &own_b;
            }
          const SolverBody *bA = &r->bodies[c->sa], *bB = &r->bodies[c->sb];
          for (int k = 0; k < c->count; k++)
            {
              PhysVec2 n, point;
              PhysReal sep;
              contact_measure (c, A, B, k, &n, &point, &sep);
              if (sep < -3.0 * c->slop)
                deep = true;
              PhysReal C = BAUMGARTE * (sep + c->slop);
              PhysReal most = MAX_CORRECTION_SLOPS * c->slop;
              C = C < -most ? -most : (C > 0.0 ? 0.0 : C);
              if (C == 0.0)
                continue;
              PhysVec2 ra = phys_v2_sub (point, A->x), rb = phys_v2_sub (point, B->x);
              PhysReal rna = phys_v2_cross (ra, n), rnb = phys_v2_cross (rb, n);
              PhysReal K = bA->im + bB->im + bA->ii * rna * rna + bB->ii * rnb * rnb;
              if (!(K > 0.0))
                continue;
              PhysVec2 P = phys_v2_scale (n, -C / K);
              if (c->sa > 0)
                {
                  A->x = phys_v2_add_scaled (A->x, P, -bA->im);
                  pose_set (A, A->x, A->a - bA->ii * phys_v2_cross (ra, P));
                }
              if (c->sb > 0)
                {
                  B->x = phys_v2_add_scaled (B->x, P, bB->im);
                  pose_set (B, B->x, B->a + bB->ii * phys_v2_cross (rb, P));
                }
              if (c->logged < 0 && st->log != NULL)
                log_correction (st, c);
              if (c->logged >= 0 && st->log != NULL && (size_t) c->logged < st->log->count)
                {
                  PhysEvent *ev = &st->log->events[c->logged];
                  ev->rigid.correction += -C / K * (bA->im + bB->im);
                  ev->rigid.correction_angular
                      += phys_v2_cross (P, phys_v2_sub (final_v[c->sb], final_v[c->sa]));
                  /* A body moved by dx changes its potential by -m g.dx; a moved by -P/m_a, b
                   * by +P/m_b. */
                  PhysReal gp = phys_v2_dot (st->world->def.gravity, P);
                  ev->rigid.correction_energy += (c->sa > 0 ? gp : 0.0) - (c->sb > 0 ? gp : 0.0);
                }
            }
        }
      if (!deep && it > 0)
        break;
    }
  for (int k = 1; k < r->n_bodies; k++)
    {
      const Body *b = &r->body_of[k];
      if (b->kind == PHYS_BODY_POLYGON)
        {
          st->world->polygons[b->index].position = r->poses[k].x;
          st->world->polygons[b->index].angle = r->poses[k].a;
        }
      else if (b->kind == PHYS_BODY_CIRCLE)
        {
          st->world->circles[b->index].position = r->poses[k].x;
          st->world->circles[b->index].angle = r->poses[k].a;
        }
    }
}

void
phys_rigid_finish (Step *st)
{
  PhysWorld *world = st->world;
  RigidScratch *r = st->s->rigid;
  for (int p = 0; p < world->n_polygons; p++)
    {
      PhysPolygonBody *b = &world->polygons[p];
      if (phys_polygon_still (world, p)) /* sleep hook */
        continue;
      polygon_clock (r, p, 1.0);
      b->position = r->ppos[p];
      b->angle = r->pang[p];
      b->velocity = r->pend_vel[p];
      b->angular_velocity = r->pend_spin[p];
    }
  for (int i = 0; i < world->n_circles; i++)
    {
      PhysCircle *c = &world->circles[i];
      if (c->fixed)
        continue;
      if (r->cang_tau[i] == 0.0 && !r->cturned[i])
        c->angle += st->s->paths.circle_turn[i];
      else
        {
          circle_turn_clock (r, i, 1.0);
          c->angle = r->cang[i];
        }
      c->angular_velocity = phys_circle_is_asleep (c) ? 0.0 : r->cend_spin[i];
    }
  correct_positions (st);
  /* ---- sleep hook (phys-rigid-sleep.c): the frame's contacts join islands ---- */
  if (phys_rigid_sleep_count_rest (st))
    {
      PhysSleepLink *links = phys_step_realloc (NULL, (size_t) r->n_contacts, sizeof *links);
      for (int i = 0; i < r->n_contacts; i++)
        links[i] = (PhysSleepLink) { r->contacts[i].a.kind, r->contacts[i].a.index,
                                     r->contacts[i].b.kind, r->contacts[i].b.index };
      phys_rigid_sleep_islands (st, links, r->n_contacts);
      free (links);
    }
}

void
phys_rigid_state_at (const Step *st, PhysReal t, PhysPose *poses, PhysVec2 *velocities,
                     PhysReal *spins, PhysReal *circle_angles, PhysReal *circle_spins)
{
  const PhysWorld *world = st->world;
  const RigidScratch *r = st->s->rigid;
  PhysReal dt = world->def.dt;
  for (int p = 0; p < world->n_polygons; p++)
    {
      PhysVec2 x = r->ppos[p];
      PhysReal a = r->pang[p];
      PhysVec2 rate = r->prate[p];
      if (r->ptau[p] <= t)
        {
          PhysReal h = t - r->ptau[p];
          x = phys_v2_add_scaled (phys_v2_add_scaled (r->ppos[p], r->prate[p], h), r->pacc[p],
                                  0.5 * h * h);
          a = r->pang[p] + r->pspin[p] * h;
          rate = phys_v2_add_scaled (rate, r->pacc[p], h);
        }
      if (poses != NULL)
        poses[p] = (PhysPose) { x, a };
      if (velocities != NULL)
        velocities[p] = phys_v2_scale (rate, 1.0 / dt);
      if (spins != NULL)
        spins[p] = r->pspin[p] / dt;
    }
  for (int i = 0; i < world->n_circles; i++)
    {
      PhysReal a = r->cang_tau[i] <= t ? r->cang[i] + r->cspin[i] * (t - r->cang_tau[i])
                                       : r->cang[i];
      if (circle_angles != NULL)
        circle_angles[i] = a;
      if (circle_spins != NULL)
        circle_spins[i] = r->cspin[i] / dt;
    }
}

/* ---- inspecting a pair --------------------------------------------------------------------- */

bool
phys_rigid_inspect (Step *st, PhysBodyRef ra, PhysBodyRef rb, PhysBodyRef *oa, PhysBodyRef *ob,
                    int *kind, PhysRigidPairRecord *out)
{
  Body a = body (ra.kind, ra.index), b = body (rb.kind, rb.index);
  canonical (&a, &b);
  *kind = pair_kind (&a, &b);
  if (*kind < 0)
    return false;
  *oa = (PhysBodyRef) { (PhysBodyKind) a.kind, a.index };
  *ob = (PhysBodyRef) { (PhysBodyKind) b.kind, b.index };
  RigidScratch *r = st->s->rigid;
  PhysRigidTests *rec = &out->tests;
  PhysReal slop = pair_slop (st, &a, &b), tol = pair_touch (st, &a, &b);
  PhysSatContact sat;
  Pose pa, pb;
  pair_contact (st, &a, &b, 0.0, MARGIN_SLOPS * slop, INFINITY, &sat, rec, &pa, &pb);
  PairEntry *entry = pair_find (r, pair_key (&a, &b));
  if (entry != NULL && entry->contact >= 0 && r->contacts[entry->contact].solved)
    {
      rec->found = PHYS_RIGID_FOUND_CONTACT_SOLVER;
      out->hit = true;
      out->t = 0.0;
      return true;
    }
  if (sat.has_manifold && sat.manifold.point_count > 0 && sat.overlap >= -tol)
    {
      PhysReal speed, vn = approach_of (st, &a, &b, 0.0, &sat.manifold, &pa, &pb, &speed);
      rec->found = PHYS_RIGID_FOUND_TOUCHING;
      out->hit = vn < -(NEGLIGIBLE * speed + NEGLIGIBLE_FLOOR);
      out->t = 0.0;
      return true;
    }
  PhysReal t_hit = 0.0;
  PhysRigidFound found;
  int steps;
  out->hit = pair_search (st, &a, &b, 0.0, tol, &t_hit, &found, &steps, rec);
  out->t = out->hit ? t_hit : 0.0;
  return true;
}

/* ---- a circle's spin changed by the circle engine (friction) ------------------------------- */

PhysReal
phys_rigid_circle_spin (const Step *st, int i)
{
  return st->s->rigid->cspin[i] / st->world->def.dt;
}

void
phys_rigid_circle_set_spin (Step *st, int i, PhysReal t, PhysReal before, PhysReal after)
{
  RigidScratch *r = st->s->rigid;
  circle_turn_clock (r, i, t);
  r->cspin[i] = after * st->world->def.dt;
  r->cend_spin[i] += after - before;
  r->cturned[i] = true;
}
