/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-scenes.h: the benchmark scenes, built in code from a seed so that
 * benchmarks and property tests share them. */
#pragma once

#include <stdint.h>

#include "phys.h"

/* A small deterministic random source (splitmix64). */
typedef struct
{
  uint64_t state;
} BenchRandom;

void bench_random_init (BenchRandom *rng, uint64_t seed);
/* Uniform in [0, 1). */
double bench_random_unit (BenchRandom *rng);
/* Uniform in [lo, hi). */
double bench_random_range (BenchRandom *rng, double lo, double hi);

/* N circles of radius 1 on a jittered grid at 30% area fraction in a square box,
 * speeds uniform in [0, max_speed] in random directions, no gravity, e = 1. */
PhysWorld *bench_scene_gas (int n, double max_speed, uint64_t seed);

/* n circles of radius 1 in 40 columns at pitch 2.8 released at rest into a box
 * 120 wide, gravity 0.0056 per frame^2, restitution 0.5. */
PhysWorld *bench_scene_rain (int n);
