/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench-scenes.h"

void
bench_random_init (BenchRandom *rng, uint64_t seed)
{
  rng->state = seed;
}

static uint64_t
next_u64 (BenchRandom *rng)
{
  uint64_t z = (rng->state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double
bench_random_unit (BenchRandom *rng)
{
  /* 53 random bits: every double in [0, 1) on the 2^-53 grid. */
  return (double) (next_u64 (rng) >> 11) * 0x1.0p-53;
}

double
bench_random_range (BenchRandom *rng, double lo, double hi)
{
  return lo + (hi - lo) * bench_random_unit (rng);
}

static void
add_or_die (PhysWorld *world, const PhysCircleDef *def)
{
  if (phys_world_add_circle (world, def, NULL) != PHYS_OK)
    {
      fprintf (stderr, "bench: could not add circle %s\n", def->name);
      abort ();
    }
}

PhysWorld *
bench_scene_gas (int n, double max_speed, uint64_t seed)
{
  const double radius = 1.0, fraction = 0.3;
  double side = sqrt (n * PHYS_PI * radius * radius / fraction);
  int per_row = (int) ceil (sqrt ((double) n));
  double pitch = side / per_row;
  /* Jitter keeps neighbours apart: each centre stays inside its own cell less r. */
  double jitter = fmax (0.0, 0.5 * pitch - radius - 0.01);

  PhysWorldDef wdef = phys_world_def_default ();
  wdef.has_bounds = true;
  wdef.bounds.min = phys_v2 (0.0, 0.0);
  wdef.bounds.max = phys_v2 (side, side);
  PhysWorld *world = phys_world_new (&wdef);

  BenchRandom rng;
  bench_random_init (&rng, seed);
  for (int i = 0; i < n; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "g%d", i);
      PhysCircleDef def = phys_circle_def_default ();
      def.name = name;
      def.radius = radius;
      double cx = (i % per_row + 0.5) * pitch, cy = (i / per_row + 0.5) * pitch;
      def.position = phys_v2 (cx + bench_random_range (&rng, -jitter, jitter),
                              cy + bench_random_range (&rng, -jitter, jitter));
      double speed = bench_random_range (&rng, 0.0, max_speed);
      double angle = bench_random_range (&rng, 0.0, 2.0 * PHYS_PI);
      def.velocity = phys_v2 (speed * cos (angle), speed * sin (angle));
      add_or_die (world, &def);
    }
  return world;
}

PhysWorld *
bench_scene_rain (int n)
{
  const int columns = 40;
  const double radius = 1.0, pitch = 2.8, width = 120.0;
  int rows = (n + columns - 1) / columns;
  double height = rows * pitch + 160.0;

  PhysWorldDef wdef = phys_world_def_default ();
  wdef.has_bounds = true;
  wdef.bounds.min = phys_v2 (0.0, 0.0);
  wdef.bounds.max = phys_v2 (width, height);
  wdef.gravity = phys_v2 (0.0, 0.0056);
  wdef.bounds_restitution = 0.5;
  PhysWorld *world = phys_world_new (&wdef);

  double left = 0.5 * (width - (columns - 1) * pitch);
  for (int i = 0; i < n; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "r%d", i);
      PhysCircleDef def = phys_circle_def_default ();
      def.name = name;
      def.radius = radius;
      def.restitution = 0.5;
      def.position = phys_v2 (left + (i % columns) * pitch, 2.0 + (i / columns) * pitch);
      add_or_die (world, &def);
    }
  return world;
}
