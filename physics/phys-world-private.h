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

/* Rebuilds the name index after bodies were removed or renumbered. */
void phys_world_rebuild_names (PhysWorld *world);

/* Grows a table so it holds at least need entries; aborts when memory runs out. */
void *phys_grow (void *table, int *capacity, int need, size_t item_size);

/* Start position and displacement of every circle for the coming frame, and its
 * velocity at the end of the frame if nothing collides. */
void phys_integrate_frame (const PhysWorld *world, PhysVec2 *start, PhysVec2 *displacement,
                           PhysVec2 *end_velocity);

/* Checks the integrators' paths for the coming frame (as phys_integrate_frame() gives
 * them); when a circle's is not finite or beyond PHYS_DIVERGED_MAGNITUDE, sets
 * world->halt and returns true. */
bool phys_integrate_diverged (PhysWorld *world, const PhysVec2 *start, const PhysVec2 *displacement,
                              const PhysVec2 *end_velocity);

/* True when some force acts on circles (gravity or a force generator). */
bool phys_world_has_forces (const PhysWorld *world);

/* The integrator a circle uses. */
PhysIntegrator phys_circle_integrator (const PhysWorld *world, int index);

/* Frees the step's working memory. */
void phys_step_scratch_free (PhysStepScratch *scratch);

/* Contact skin: sliding circles rest this far inside their radius (relative to it),
 * and overlaps up to this depth count as touching rather than embedded. */
#define PHYS_CONTACT_SKIN 1e-9
