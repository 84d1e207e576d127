/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-holds-private.h: the pushes of a cluster of resting contacts, solved together
 * (docs/physics.md, stacks).
 *
 * A hold is a resting contact between two ends: a body of the cluster, or something whose
 * acceleration is given (a segment, a circle that stands). It pushes its first end along
 * its normal and its second back, as hard as it must to keep their relative acceleration
 * along the normal from closing; it never pulls. The bodies' accelerations are their free
 * ones plus the pushes over their masses. Of all the accelerations no contact passes
 * through, these are the ones nearest the free ones in the kinetic metric (Gauss's least
 * constraint): each hold pushes and keeps its contact shut, or does not push and opens. A
 * push then does no work on contacts at rest.
 */
#pragma once

#include <stdbool.h>

#include "phys-math.h"

/// A cluster's holds and bodies (filled by the caller), the answer (filled by the solve), and
/// the solve's working memory. Zero-initialise; grow with phys_hold_system_reserve().
typedef struct
{
  int n_holds, n_bodies;
  PhysVec2 *normal;     ///< per hold: unit normal, from its second end towards its first
  int *end;             ///< per hold, two: the body at its first and second end, or -1
  PhysVec2 *end_acc;    ///< per hold, two: the given acceleration of an end that is no body
  PhysVec2 *free_acc;   ///< per body: its acceleration with no push (world units per frame^2)
  PhysReal *inv_mass;   ///< per body
  int *body_start;      ///< per body and one more: its holds are body_hold[body_start[b] ..
                        ///< body_start[b + 1])
  int *body_hold;       ///< holds of each body, body by body
  PhysReal *body_sign;  ///< +1 where the body is that hold's first end, -1 its second

  PhysReal *push;       ///< answer, per hold: its push (mass x world units per frame^2), >= 0
  PhysReal *opening;    ///< answer, per hold: the relative acceleration along its normal
                        ///< (> 0 opening), 0 to rounding where it pushes
  PhysVec2 *acc;        ///< answer, per body: its acceleration
  PhysReal tol;         ///< answer: openings above -tol count as shut (rounding of the sizes)

  /* Working memory. */
  PhysReal *mat, *chol, *rhs, *z, *res, *full;
  int *state, *order, *first_nz, *first_row, *at;
  int cap_holds, cap_bodies, cap_ends;
} PhysHoldSystem;

/* Grows the arrays for n_holds holds among n_bodies bodies with n_ends hold ends on bodies. */
void phys_hold_system_reserve (PhysHoldSystem *sys, int n_holds, int n_bodies, int n_ends);

/* Solves for the pushes, openings and accelerations (the answer fields). Deterministic:
 * the same system gives the same answer to the bit. */
void phys_hold_system_solve (PhysHoldSystem *sys);

/* Frees the arrays (the struct itself is the caller's). */
void phys_hold_system_free (PhysHoldSystem *sys);
