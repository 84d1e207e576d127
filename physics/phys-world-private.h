/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-world-private.h: the layout of PhysWorld, shared by the world's modules
 * (creation, forces and integration, stepping) and by tests.
 */
#pragma once

#include "phys-world.h"

/// Number of walls a bounded world has; they are segments 0 to 3.
#define PHYS_N_BOUND_WALLS 4

/// Working memory of a step. Not part of the state: never copied or hashed.
typedef struct PhysStepScratch PhysStepScratch;

/// Most contacts one polygon remembers from one frame to the next (as body a of the pair).
#define PHYS_CONTACT_SLOTS 8

/* What one contact ended the last frame with: the impulses that start the next frame's solver
 * (warm starting). Part of the state: saved, loaded, hashed and copied, so a seek gives the same
 * frame as a straight run. A polygon keeps the contacts where it is body a: against a polygon of
 * a larger index, a circle, a segment or a curve. */
typedef struct
{
  int32_t kind;           /* PhysBodyKind of the other body, -1 for an empty slot */
  int32_t other;          /* its index */
  int32_t count;          /* points remembered, 0 to 2 */
  uint32_t id[2];         /* their feature ids */
  PhysReal jn[2];         /* accumulated normal impulse */
  PhysReal jt[2];         /* accumulated friction impulse */
} PhysContactMemory;

struct PhysWorld
{
  PhysWorldDef def;       /* settings, with automatic values resolved */
  int64_t frame;          /* frames stepped */

  PhysCircle *circles;
  int n_circles, cap_circles;
  PhysSegment *segments;  /* bounds walls first when def.has_bounds */
  int n_segments, cap_segments;
  PhysProbe *probes;
  int n_probes, cap_probes;
  PhysForce *forces;
  int n_forces, cap_forces;
  int *targets;           /* force targets, PhysForce.first_target indexes here */
  int n_targets, cap_targets;
  PhysPolygonBody *polygons;
  int n_polygons, cap_polygons;
  PhysContactMemory *memory; /* PHYS_CONTACT_SLOTS per polygon, in polygon order */
  PhysCurve *curves;
  int n_curves, cap_curves;

  /* Name index: open addressing over every body, kind -1 marks a free slot. */
  PhysBodyRef *names;
  int n_names, cap_names; /* cap_names is a power of two, kept at most half full */

  PhysHalt halt;           /* why stepping stopped; kind NONE while it steps */
  int64_t awake_frame;     /* frame + 1 when every rest count was zeroed at this frame; 0:
                            * unknown (a step or a loaded state may have set counts) */
  bool auto_rest_speed;    /* def.rest_speed follows gravity (it was given as negative) */
  int64_t grid_pairs;      /* pairs the broad phase handed on in the last frame stepped */

  PhysStepScratch *scratch;
};

/* Where the rigid bodies go in the coming frame if nothing collides, from their integrators:
 * every polygon's start pose, displacement and turn over the frame and its velocity and
 * angular velocity at the frame's end, and every circle's turn and end angular velocity.
 * Filled by phys_integrate_frame() when passed. */
typedef struct
{
  PhysVec2 *polygon_disp;      /* n_polygons */
  PhysReal *polygon_turn;
  PhysVec2 *polygon_end_vel;
  PhysReal *polygon_end_spin;
  PhysReal *circle_turn;       /* n_circles */
  PhysReal *circle_end_spin;
} PhysRigidPaths;

/* Rebuilds the name index after bodies were removed or renumbered. */
void phys_world_rebuild_names (PhysWorld *world);

/* Grows a table so it holds at least need entries; aborts when memory runs out. */
void *phys_grow (void *table, int *capacity, int need, size_t item_size);

/* Start position and displacement of every circle for the coming frame, and its
 * velocity at the end of the frame if nothing collides. A colliding circle that feels
 * gravity alone flies the exact parabola: its acceleration g dt^2 (world units per
 * frame^2) goes to accel (may be NULL); every other circle follows its integrator and
 * gets (0, 0) there (a straight path from start to end). */
void phys_integrate_frame (const PhysWorld *world, PhysVec2 *start, PhysVec2 *displacement,
                           PhysVec2 *end_velocity, PhysVec2 *accel, PhysRigidPaths *rigid);

/* Checks the integrators' paths for the coming frame (as phys_integrate_frame() gives
 * them); when a circle's is not finite or beyond PHYS_DIVERGED_MAGNITUDE, sets
 * world->halt and returns true. */
bool phys_integrate_diverged (PhysWorld *world, const PhysVec2 *start, const PhysVec2 *displacement,
                              const PhysVec2 *end_velocity, const PhysRigidPaths *rigid);

/* True when some force acts on circles (gravity or a force generator). */
bool phys_world_has_forces (const PhysWorld *world);

/* The integrator a circle uses. */
PhysIntegrator phys_circle_integrator (const PhysWorld *world, int index);

/* The integrator a polygon uses. */
PhysIntegrator phys_polygon_integrator (const PhysWorld *world, int index);

/* True when the world has bodies the rigid part of the step handles: polygons or curves. */
static inline bool
phys_world_has_rigid (const PhysWorld *world)
{
  return world->n_polygons > 0 || world->n_curves > 0;
}


/* The contact memory of polygon i: PHYS_CONTACT_SLOTS entries. */
static inline PhysContactMemory *
phys_world_memory (PhysWorld *world, int polygon)
{
  return world->memory + (size_t) polygon * PHYS_CONTACT_SLOTS;
}

/* Forgets every contact (after an edit: bodies may have moved or been renumbered). */
void phys_world_forget_contacts (PhysWorld *world);

/* Frees the step's working memory. */
void phys_step_scratch_free (PhysStepScratch *scratch);

/* Contact skin: sliding circles rest this far inside their radius (relative to it),
 * and overlaps up to this depth count as touching rather than embedded. */
#define PHYS_CONTACT_SKIN 1e-9

/* Sets a circle's moment of inertia (m r^2 / 2) and its inverse (0 when fixed) from its mass,
 * radius and fixed flag. */
void phys_circle_update_inertia (PhysCircle *c);

/* A polygon body from a definition (the name left empty), checked as phys_world_add_polygon()
 * checks it. */
PhysStatus phys_polygon_body_make (PhysPolygonBody *p, const PhysPolygonBodyDef *def,
                                   PhysPolygonCheck *check);

/* A curve from a definition (the name left empty), checked as phys_world_add_curve() does. */
PhysStatus phys_curve_make (PhysCurve *curve, const PhysCurveDef *def);

/* Where a spring end sits now: the body's centre turned and moved to its pose, local the end's
 * body-local offset (an end at (0, 0) is the centre, to the bit). */
PhysVec2 phys_world_spring_end (const PhysWorld *world, PhysBodyKind kind, int index,
                                PhysVec2 local);
