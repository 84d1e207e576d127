/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-scenes.h: the benchmark scenes, built in code from a seed so that
 * benchmarks and property tests share them. */
#pragma once

#include <stdbool.h>
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

/* A box of a rigid benchmark scene: centre (y down), size, fixed or dropped. */
typedef struct
{
  double x, y;
  double w, h;
  bool fixed;
} BenchBox;

/* The settings every rigid scene shares, so the comparators build the same world: gravity
 * (0, 10) (y down), 60 steps a time unit, unit boxes of density 1, friction 0.6, restitution 0. */
#define BENCH_RIGID_GRAVITY 10.0
#define BENCH_RIGID_DT (1.0 / 60.0)
#define BENCH_RIGID_FRICTION 0.6

/* The boxes of a rigid scene into *boxes (newly allocated; free()), fixed ones first; returns
 * their number and the index of the box to follow in *watch (the pyramid's top), or -1.
 *   "boxes" n: n unit boxes in a grid of 32 columns (pitch 1.2) dropped into a container 40 wide
 *              (a ground and two walls);
 *   "pyramid" n: a pyramid of n rows of unit boxes touching side by side on a static ground. */
int bench_rigid_boxes (const char *scene, int n, BenchBox **boxes, int *watch);

/* The scene as an Impulse world (polygons), or NULL for an unknown scene; sleep sets the world's
 * sleeping (the other engines and Box2D v3's own benchmark run with it off). */
PhysWorld *bench_scene_rigid (const char *scene, int n, bool sleep);
