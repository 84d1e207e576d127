/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-rigid-solve-private.h: the velocity solver of the rigid contacts (sequential impulses with
 * accumulated clamping, the block solve of a face's two points), on compact rows.
 *
 * The step (phys-rigid-step.c) makes a row of each contact solved as the frame begins; the rows
 * are put in colour order (no two rows of a colour share a moving body), and a sweep takes runs
 * of up to 8 consecutive rows that share no moving body with their steps interleaved (friction
 * at every row's first point, then at their second, then their normal impulses), so that the
 * processor works on all of them at once. Rows that share no body give the same bits in any
 * order, so each row still sees every impulse applied before it, as Gauss-Seidel does. The order
 * is a function of the contacts' order alone: the same on every run.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "phys-math.h"

/* A moving body as the solver sees it; slot 0 is the immovable body every fixed thing shares,
 * read as zero; the solver writes it without a branch, and every write leaves it +0 exactly. */
typedef struct
{
  PhysVec2 v;    /* velocity, world units per time unit */
  PhysReal w;    /* angular velocity, radians per time unit */
  PhysReal im;   /* inverse mass, 0 when immovable */
  PhysReal ii;   /* inverse inertia */
} SolverBody;

/* A point of a row: its lever arms crossed with the normal n and the tangent t = (-n.y, n.x). */
typedef struct
{
  PhysReal rna, rnb;     /* ra x n, rb x n */
  PhysReal rta, rtb;     /* ra x t, rb x t */
  PhysReal nmass, tmass; /* effective masses along n and t */
  PhysReal jn, jt;       /* accumulated impulses */
  PhysReal bias;         /* target normal velocity */
} SolverPoint;

/* A contact as the solver iterates it: impulse -P on body sa, +P on body sb. */
typedef struct
{
  int sa, sb;
  uint8_t count;         /* 1 or 2 points */
  bool block;            /* both points solved together with M = K^-1 */
  uint8_t run;           /* set by phys_rigid_solver_runs(): the rows from this one (up to
                          * PHYS_SOLVER_RUN) that share no moving body, or 0 inside a run */
  PhysVec2 n;
  PhysReal friction;
  PhysReal k11, k12, k22;
  PhysReal m11, m12, m22;
  SolverPoint p[2];
} SolverRow;

/* The most colours; rows that find none free go last, in their order. */
#define PHYS_SOLVER_COLORS 64

/* Fills order[] with the row indices 0..n_rows-1 in colour order, from the rows' bodies (row i's
 * slots are slots[2 i] and slots[2 i + 1]): each row takes the first colour neither of its moving
 * bodies has yet, and the colours follow each other, each keeping its rows in their order. masks
 * (n_bodies entries) and colors (n_rows) are scratch. */
void phys_rigid_solver_order (const int *slots, int n_rows, uint64_t *masks, int n_bodies,
                              int *colors, int *order);

/* The longest rows solved interleaved (see phys_rigid_solver_runs()). */
#define PHYS_SOLVER_RUN 8

/* Marks the runs of rows (in their final order) that the sweep interleaves: from row 0, each run
 * is the longest stretch of consecutive rows, up to PHYS_SOLVER_RUN, of which no two share a
 * moving body; its first row gets its length in run, the others 0. Once per solve, as the rows
 * do not change their bodies between iterations. */
void phys_rigid_solver_runs (SolverRow *rows, int n_rows);

/* One velocity iteration of every row (runs marked), in their order: friction first (bounded by the normal
 * impulse so far), then the normal impulses, accumulated and clamped (the two points exactly
 * together when block: Box2D's block solver). With change and largest (or NULL), the largest
 * change of a normal impulse and the largest normal impulse. */
void phys_rigid_solver_sweep (SolverBody *bodies, SolverRow *rows, int n_rows, PhysReal *change,
                              PhysReal *largest);
