/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-compare.h: the rigid scenes of impulse-bench run in other engines, for the ratio in the
 * same run: Box2D 2.4 (Debian's libbox2d-dev) and Chipmunk 7 (libchipmunk-dev), each built only
 * when the build finds it. */
#pragma once

#include <stdbool.h>

#include "bench-scenes.h"

/* What one run of a rigid scene measured. */
typedef struct
{
  double ms_per_step;     /* wall time per step, median of the runs */
  double watch_moved;     /* how far the watched box (the pyramid's top) ended from its start */
} BenchRigidResult;

/* Runs boxes[0 .. count) (fixed ones first) for steps steps, runs times. Box2D steps with 8
 * velocity and 3 position iterations (its testbed's), sleeping off. */
void bench_box2d_run (const BenchBox *boxes, int count, int watch, int steps, int runs,
                      BenchRigidResult *out);

/* The same in Chipmunk 7 (10 iterations, its default; sleeping is off by default). */
void bench_chipmunk_run (const BenchBox *boxes, int count, int watch, int steps, int runs,
                         BenchRigidResult *out);

/* Wall clock in milliseconds (monotonic). */
double bench_now_ms (void);

/* The median of n values (sorts them). */
double bench_median (double *values, int n);
