/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void
push_box (BenchBox **boxes, int *count, int *cap, double x, double y, double w, double h,
          bool fixed)
{
  if (*count == *cap)
    {
      *cap = *cap > 0 ? *cap * 2 : 64;
      *boxes = realloc (*boxes, (size_t) *cap * sizeof **boxes);
      if (*boxes == NULL)
        abort ();
    }
  (*boxes)[(*count)++] = (BenchBox) { x, y, w, h, fixed };
}

int
bench_rigid_boxes (const char *scene, int n, BenchBox **boxes, int *watch)
{
  int count = 0, cap = 0;
  *boxes = NULL;
  *watch = -1;
  if (strcmp (scene, "boxes") == 0)
    {
      /* A container 40 wide inside, its floor's top at y = 0, walls as high as the drop. */
      const int columns = 32;
      int rows = (n + columns - 1) / columns;
      double height = 1.2 * rows + 12.0;
      push_box (boxes, &count, &cap, 0.0, 0.5, 42.0, 1.0, true);
      push_box (boxes, &count, &cap, -20.5, -0.5 * height, 1.0, height, true);
      push_box (boxes, &count, &cap, 20.5, -0.5 * height, 1.0, height, true);
      for (int i = 0; i < n; i++)
        {
          int row = i / columns, column = i % columns;
          push_box (boxes, &count, &cap, (column - 0.5 * (columns - 1)) * 1.2,
                    -2.0 - 1.2 * row, 1.0, 1.0, false);
        }
      return count;
    }
  if (strcmp (scene, "pyramid") == 0)
    {
      push_box (boxes, &count, &cap, 0.0, 0.5, 200.0, 1.0, true);
      for (int row = 0; row < n; row++)
        for (int k = 0; k < n - row; k++)
          {
            *watch = count;
            push_box (boxes, &count, &cap, k - 0.5 * (n - row - 1), -0.5 - row, 1.0, 1.0, false);
          }
      return count;
    }
  return 0;
}

PhysWorld *
bench_scene_rigid (const char *scene, int n, bool sleep)
{
  BenchBox *boxes;
  int watch;
  int count = bench_rigid_boxes (scene, n, &boxes, &watch);
  if (count == 0)
    return NULL;
  PhysWorldDef wdef = phys_world_def_default ();
  wdef.gravity = phys_v2 (0.0, BENCH_RIGID_GRAVITY);
  wdef.dt = BENCH_RIGID_DT;
  wdef.sleep = sleep;
  PhysWorld *world = phys_world_new (&wdef);
  for (int i = 0; i < count; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "box%d", i);
      PhysPolygon shape = phys_polygon_box (boxes[i].w, boxes[i].h);
      PhysPolygonBodyDef def = phys_polygon_body_def_default ();
      def.name = name;
      def.vertices = shape.vertices;
      def.count = shape.count;
      def.position = phys_v2 (boxes[i].x, boxes[i].y);
      def.fixed = boxes[i].fixed;
      def.friction = BENCH_RIGID_FRICTION;
      def.restitution = 0.0;
      if (phys_world_add_polygon (world, &def, NULL, NULL) != PHYS_OK)
        {
          fprintf (stderr, "bench: could not add box %s\n", name);
          abort ();
        }
    }
  free (boxes);
  return world;
}
