/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-properties.c: properties of whole scenes, over many frames of seeded
 * random scenes.
 *
 *  - No tunneling: a circle, however fast, never passes through a segment or
 *    another circle. Each frame's path of every circle is rebuilt from the event
 *    log (it is straight between the events that touch the circle) and checked
 *    piece by piece: the centre never crosses a segment (it stays on one side of
 *    the segment's line wherever it is within the segment's extent) and never
 *    comes nearer a segment than r, or another circle than R, beyond a rounding
 *    tolerance; at frame boundaries no pair overlaps by more than 1e-6 R.
 *  - Elastic scenes conserve kinetic energy, and an open world momentum.
 *  - A falling stack of inelastic circles settles without sinking into the floor
 *    or into each other, and falls asleep.
 *
 * The scenes come from fixed seeds, so a failure repeats; its message names the
 * frame, bodies and numbers.
 */
#include <math.h>

#include <glib.h>

#include "bench-scenes.h"
#include "phys.h"
#include "test-util.h"

/* Rounding allowance of the distance checks, relative to the radius (sum). */
#define TOLERANCE 1e-6

/* ------------------------------------------------------------------------------------------ */
/* Paths inside a frame, rebuilt from the event log.                                          */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  double t;
  PhysVec2 p;
} Knot;

/* Knots of every circle's path in one frame: (0, start), a knot at each event, (1, end). Two
 * knots at the same time are a jump (an embedded separation or the slide skin), not a path. */
typedef struct
{
  int n;
  GArray **knots;
} Paths;

static void
paths_init (Paths *paths, int n)
{
  paths->n = n;
  paths->knots = g_new (GArray *, n);
  for (int i = 0; i < n; i++)
    paths->knots[i] = g_array_new (FALSE, FALSE, sizeof (Knot));
}

static void
paths_clear (Paths *paths)
{
  for (int i = 0; i < paths->n; i++)
    g_array_free (paths->knots[i], TRUE);
  g_free (paths->knots);
}

static void
add_knot (Paths *paths, int i, double t, PhysVec2 p)
{
  Knot k = { t, p };
  g_array_append_val (paths->knots[i], k);
}

static const Knot *
knot (const Paths *paths, int i, guint k)
{
  return &g_array_index (paths->knots[i], Knot, k);
}

/* Rebuilds the frame's paths from the starts, the log and the world after the step. */
static void
paths_build (Paths *paths, const PhysVec2 *start, const PhysEventLog *log, const PhysWorld *world)
{
  for (int i = 0; i < paths->n; i++)
    {
      g_array_set_size (paths->knots[i], 0);
      add_knot (paths, i, 0, start[i]);
    }
  for (size_t k = 0; k < log->count; k++)
    {
      const PhysEvent *ev = &log->events[k];
      switch (ev->kind)
        {
        case PHYS_EVENT_CIRCLE_CIRCLE:
          add_knot (paths, ev->a, ev->t, ev->circle_circle.p1);
          add_knot (paths, ev->b, ev->t, ev->circle_circle.p2);
          break;
        case PHYS_EVENT_CIRCLE_SEGMENT:
          add_knot (paths, ev->a, ev->t, ev->circle_segment.center_before);
          add_knot (paths, ev->a, ev->t, ev->circle_segment.center);
          break;
        case PHYS_EVENT_EMBEDDED:
          add_knot (paths, ev->a, ev->t, ev->embedded.a_before);
          add_knot (paths, ev->a, ev->t, ev->embedded.a_after);
          if (ev->b_kind == PHYS_BODY_CIRCLE)
            {
              add_knot (paths, ev->b, ev->t, ev->embedded.b_before);
              add_knot (paths, ev->b, ev->t, ev->embedded.b_after);
            }
          break;
        case PHYS_EVENT_PROBE_SEGMENT:
        case PHYS_EVENT_EVENT_CAP:
        default:
          break;
        }
    }
  for (int i = 0; i < paths->n; i++)
    add_knot (paths, i, 1, phys_world_get_circle (world, i).position);
}

/* Where circle i is just after time t (ta) or just before it (tb), from its path. */
static PhysVec2
path_at (const Paths *paths, int i, double t, bool after)
{
  GArray *a = paths->knots[i];
  for (guint k = 0; k + 1 < a->len; k++)
    {
      const Knot *k0 = knot (paths, i, k), *k1 = knot (paths, i, k + 1);
      if (k1->t <= k0->t)
        continue;
      bool inside = after ? (t >= k0->t && t < k1->t) : (t > k0->t && t <= k1->t);
      if (inside)
        return phys_v2_lerp (k0->p, k1->p, (t - k0->t) / (k1->t - k0->t));
    }
  /* A circle without a piece covering t does not move there (all knots share one time). */
  return after ? knot (paths, i, a->len - 1)->p : knot (paths, i, 0)->p;
}

static gint
compare_double (gconstpointer x, gconstpointer y)
{
  const double *a = x, *b = y;
  return (*a > *b) - (*a < *b);
}

/* Smallest distance between the segments p0-p1 and a-b (0 when they cross). */
static double
segment_segment_distance (PhysVec2 p0, PhysVec2 p1, PhysVec2 a, PhysVec2 b)
{
  PhysVec2 d = phys_v2_sub (p1, p0), e = phys_v2_sub (b, a);
  double c1 = phys_v2_cross (d, phys_v2_sub (a, p0)), c2 = phys_v2_cross (d, phys_v2_sub (b, p0));
  double c3 = phys_v2_cross (e, phys_v2_sub (p0, a)), c4 = phys_v2_cross (e, phys_v2_sub (p1, a));
  if (((c1 < 0 && c2 > 0) || (c1 > 0 && c2 < 0)) && ((c3 < 0 && c4 > 0) || (c3 > 0 && c4 < 0)))
    return 0;
  double best = imp_test_segment_distance (p0, a, b);
  best = MIN (best, imp_test_segment_distance (p1, a, b));
  if (phys_v2_len_sq (d) > 0)
    {
      best = MIN (best, imp_test_segment_distance (a, p0, p1));
      best = MIN (best, imp_test_segment_distance (b, p0, p1));
    }
  return best;
}

/* Checks one frame's paths against the segments and against each other. */
static void
check_paths (const Paths *paths, const PhysWorld *world, int64_t frame)
{
  int n = paths->n, n_seg = phys_world_segment_count (world);

  for (int i = 0; i < n; i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      if (!c.collides)
        continue;
      for (guint k = 0; k + 1 < paths->knots[i]->len; k++)
        {
          const Knot *k0 = knot (paths, i, k), *k1 = knot (paths, i, k + 1);
          if (k1->t <= k0->t)
            continue;
          for (int g = 0; g < n_seg; g++)
            {
              PhysSegment seg = phys_world_get_segment (world, g);
              /* The centre crosses the segment's line inside the segment: tunneling. */
              double s0 = imp_test_line_distance (k0->p, seg.a, seg.b);
              double s1 = imp_test_line_distance (k1->p, seg.a, seg.b);
              if ((s0 < 0 && s1 > 0) || (s0 > 0 && s1 < 0))
                {
                  PhysVec2 cross = phys_v2_lerp (k0->p, k1->p, s0 / (s0 - s1));
                  PhysVec2 ab = phys_v2_sub (seg.b, seg.a);
                  double along = phys_v2_dot (phys_v2_sub (cross, seg.a), ab) / phys_v2_len_sq (ab);
                  if (along >= 0 && along <= 1)
                    g_error ("frame %" G_GINT64_FORMAT ": circle %d crossed segment %d (%s) at "
                             "(%.17g, %.17g) between t %.17g and %.17g",
                             frame, i, g, seg.name, cross.x, cross.y, k0->t, k1->t);
                }
              double dist = segment_segment_distance (k0->p, k1->p, seg.a, seg.b);
              if (dist < c.radius * (1 - TOLERANCE))
                g_error ("frame %" G_GINT64_FORMAT ": circle %d (r %.17g) came %.17g from segment "
                         "%d (%s) between t %.17g and %.17g",
                         frame, i, c.radius, dist, g, seg.name, k0->t, k1->t);
            }
        }
    }

  for (int i = 0; i < n; i++)
    {
      PhysCircle ci = phys_world_get_circle (world, i);
      if (!ci.collides)
        continue;
      for (int j = i + 1; j < n; j++)
        {
          PhysCircle cj = phys_world_get_circle (world, j);
          if (!cj.collides)
            continue;
          double R = ci.radius + cj.radius;
          /* Merge both paths' times; on each interval between them both move straight. */
          GArray *times = g_array_new (FALSE, FALSE, sizeof (double));
          for (guint k = 0; k < paths->knots[i]->len; k++)
            g_array_append_val (times, knot (paths, i, k)->t);
          for (guint k = 0; k < paths->knots[j]->len; k++)
            g_array_append_val (times, knot (paths, j, k)->t);
          g_array_sort (times, compare_double);
          for (guint k = 0; k + 1 < times->len; k++)
            {
              double ta = g_array_index (times, double, k),
                     tb = g_array_index (times, double, k + 1);
              if (tb <= ta)
                continue;
              PhysVec2 d0
                  = phys_v2_sub (path_at (paths, j, ta, true), path_at (paths, i, ta, true));
              PhysVec2 d1
                  = phys_v2_sub (path_at (paths, j, tb, false), path_at (paths, i, tb, false));
              double dist = imp_test_segment_distance (phys_v2 (0, 0), d0, d1);
              if (phys_v2_len_sq (phys_v2_sub (d1, d0)) == 0)
                dist = phys_v2_len (d0);
              if (dist < R * (1 - TOLERANCE))
                g_error ("frame %" G_GINT64_FORMAT ": circles %d and %d came %.17g apart (R "
                         "%.17g) between t %.17g and %.17g",
                         frame, i, j, dist, R, ta, tb);
            }
          g_array_free (times, TRUE);
        }
    }
}

/* Events of a frame: numbered with the frame, in time order, t in [0, 1], never capped. */
static void
check_log (const PhysEventLog *log, int64_t frame)
{
  for (size_t k = 0; k < log->count; k++)
    {
      const PhysEvent *ev = &log->events[k];
      g_assert_cmpint (ev->frame, ==, frame);
      g_assert_cmpfloat (ev->t, >=, 0);
      g_assert_cmpfloat (ev->t, <=, 1);
      g_assert_cmpint (ev->kind, !=, PHYS_EVENT_EVENT_CAP);
      if (k > 0)
        g_assert_cmpfloat (log->events[k - 1].t, <=, ev->t);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Random scenes.                                                                             */
/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  guint32 seed;
  double side;    /* the bounds box is side x side */
  int polygon;    /* sides of a closed regular polygon of segments around the middle */
  int n_segments; /* thin walls inside, length in [seg_min, seg_max] */
  double seg_min, seg_max;
  bool slide;  /* the walls (not the polygon) slide instead of reflecting */
  int n_posts; /* fixed circles of radius 1 to 4 */
  int n_slow;  /* circles of radius in [slow_r_min, slow_r_max], speed <= slow_speed */
  double slow_r_min, slow_r_max, slow_speed;
  int n_fast; /* bullets of radius fast_r, speed in [fast_min, fast_max] */
  double fast_r, fast_min, fast_max;
  int frames;
} TunnelRow;

#define BULLETS(n, r, lo, hi) .n_fast = (n), .fast_r = (r), .fast_min = (lo), .fast_max = (hi)
#define SLOW(n, rlo, rhi, v)                                                                       \
  .n_slow = (n), .slow_r_min = (rlo), .slow_r_max = (rhi), .slow_speed = (v)
#define WALLS(n, lo, hi) .n_segments = (n), .seg_min = (lo), .seg_max = (hi)

static const TunnelRow tunnel_rows[] = {
  { "bullets-thin-walls/seed-1", 1, 200, WALLS (25, 10, 60), BULLETS (12, 0.5, 100, 1000),
    .frames = 200 },
  { "bullets-thin-walls/seed-2", 2, 200, WALLS (25, 10, 60), BULLETS (12, 0.5, 100, 1000),
    .frames = 200 },
  { "bullets-thin-walls/seed-3", 3, 200, WALLS (40, 5, 30), BULLETS (12, 0.25, 500, 1000),
    .frames = 200 },
  { "bullets-slide-walls/seed-1", 4, 200, WALLS (25, 10, 60), .slide = true,
    BULLETS (12, 0.5, 100, 1000), .frames = 200 },
  { "bullets-polygon/seed-1", 5, 200, .polygon = 7, WALLS (10, 5, 30), BULLETS (12, 0.5, 100, 1000),
    .frames = 200 },
  { "bullets-polygon/seed-2", 6, 200, .polygon = 13, .n_posts = 8, BULLETS (20, 0.25, 300, 1000),
    .frames = 200 },
  { "bullets-circles/seed-1", 11, 200, SLOW (40, 2, 5, 1), BULLETS (6, 0.5, 300, 1000),
    .frames = 200 },
  { "bullets-circles/seed-2", 12, 200, SLOW (40, 2, 5, 1), BULLETS (6, 0.5, 300, 1000),
    .frames = 200 },
  { "bullets-circles/seed-3", 13, 150, .n_posts = 10, SLOW (60, 1, 4, 2),
    BULLETS (10, 0.3, 500, 1000), .frames = 200 },
  { "mixed/seed-1", 21, 100, WALLS (10, 5, 40), SLOW (40, 1, 3, 50), .frames = 300 },
  { "mixed/seed-2", 22, 100, WALLS (10, 5, 40), SLOW (40, 1, 3, 50), BULLETS (4, 0.5, 200, 1000),
    .frames = 300 },
  { "mixed/seed-3", 23, 120, .polygon = 5, WALLS (20, 5, 40), .slide = true, .n_posts = 5,
    SLOW (30, 0.5, 4, 20), BULLETS (4, 0.5, 200, 1000), .frames = 300 },
};

/* True when a circle at p of radius r stays clear of every body already in the world. */
static bool
clear_spot (const PhysWorld *world, PhysVec2 p, double r)
{
  for (int g = 0; g < phys_world_segment_count (world); g++)
    {
      PhysSegment seg = phys_world_get_segment (world, g);
      if (imp_test_segment_distance (p, seg.a, seg.b) < r + 0.01)
        return false;
    }
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      if (phys_v2_len (phys_v2_sub (c.position, p)) < r + c.radius + 0.01)
        return false;
    }
  return true;
}

static void
add_random_circle (PhysWorld *world, GRand *rng, double side, const char *prefix, int i,
                   double r_min, double r_max, double v_min, double v_max, bool fixed)
{
  double r = g_rand_double_range (rng, r_min, r_max);
  double speed = g_rand_double_range (rng, v_min, v_max);
  double angle = g_rand_double_range (rng, 0, 2 * G_PI);
  for (int attempt = 0; attempt < 10000; attempt++)
    {
      double x = g_rand_double_range (rng, r + 0.01, side - r - 0.01);
      double y = g_rand_double_range (rng, r + 0.01, side - r - 0.01);
      if (!clear_spot (world, phys_v2 (x, y), r))
        continue;
      char name[32];
      g_snprintf (name, sizeof name, "%s%d", prefix, i);
      PhysCircleDef def
          = imp_test_circle_def (name, x, y, speed * cos (angle), speed * sin (angle), r);
      def.fixed = fixed;
      imp_test_add_circle_def (world, &def);
      return;
    }
  g_assert_not_reached ();
}

static PhysWorld *
tunnel_scene (const TunnelRow *row)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (row->side, row->side);
  PhysWorld *world = imp_test_world_new (&def);
  GRand *rng = g_rand_new_with_seed (row->seed);

  if (row->polygon > 0)
    {
      /* Circumradius 0.4 side around the middle, turned by a random angle. */
      double turn = g_rand_double_range (rng, 0, 2 * G_PI), rad = 0.4 * row->side;
      double mid = 0.5 * row->side;
      for (int k = 0; k < row->polygon; k++)
        {
          double a0 = turn + 2 * G_PI * k / row->polygon;
          double a1 = turn + 2 * G_PI * (k + 1) / row->polygon;
          char name[32];
          g_snprintf (name, sizeof name, "side%d", k);
          imp_test_add_segment (world, name, mid + rad * cos (a0), mid + rad * sin (a0),
                                mid + rad * cos (a1), mid + rad * sin (a1), PHYS_RESPONSE_REFLECT,
                                1);
        }
    }
  for (int g = 0; g < row->n_segments; g++)
    {
      double len = g_rand_double_range (rng, row->seg_min, row->seg_max);
      double angle = g_rand_double_range (rng, 0, G_PI);
      double x = g_rand_double_range (rng, 0.1 * row->side, 0.9 * row->side);
      double y = g_rand_double_range (rng, 0.1 * row->side, 0.9 * row->side);
      double dx = 0.5 * len * cos (angle), dy = 0.5 * len * sin (angle);
      char name[32];
      g_snprintf (name, sizeof name, "wall%d", g);
      imp_test_add_segment (world, name, x - dx, y - dy, x + dx, y + dy,
                            row->slide ? PHYS_RESPONSE_SLIDE : PHYS_RESPONSE_REFLECT, 1);
    }
  for (int i = 0; i < row->n_posts; i++)
    add_random_circle (world, rng, row->side, "post", i, 1, 4, 0, 0, true);
  for (int i = 0; i < row->n_slow; i++)
    add_random_circle (world, rng, row->side, "slow", i, row->slow_r_min, row->slow_r_max, 0,
                       row->slow_speed, false);
  for (int i = 0; i < row->n_fast; i++)
    add_random_circle (world, rng, row->side, "fast", i, row->fast_r, row->fast_r, row->fast_min,
                       row->fast_max, false);
  g_rand_free (rng);
  return world;
}

static void
test_no_tunneling (gconstpointer data)
{
  const TunnelRow *row = data;
  PhysWorld *world = tunnel_scene (row);
  int n = phys_world_circle_count (world);
  PhysVec2 *start = g_new (PhysVec2, n);
  PhysEventLog log;
  phys_event_log_init (&log);
  Paths paths;
  paths_init (&paths, n);
  size_t events = 0, max_events = 0;
  double e0 = phys_world_energy (world).kinetic;

  for (int frame = 0; frame < row->frames; frame++)
    {
      for (int i = 0; i < n; i++)
        start[i] = phys_world_get_circle (world, i).position;
      imp_test_step (world, &log);
      check_log (&log, frame);
      paths_build (&paths, start, &log, world);
      check_paths (&paths, world, frame);
      int i, j;
      double overlap = imp_test_max_overlap (world, &i, &j);
      if (overlap > 0)
        {
          double R
              = phys_world_get_circle (world, i).radius + phys_world_get_circle (world, j).radius;
          g_assert_cmpfloat (overlap, <=, TOLERANCE * R);
        }
      events += log.count;
      max_events = MAX (max_events, log.count);
      g_assert_cmpuint (imp_test_count_events (&log, PHYS_EVENT_EMBEDDED), ==, 0);
    }
  double drift = imp_test_relative_change (phys_world_energy (world).kinetic, e0);
  g_test_message ("%d circles, %d segments, %d frames: %zu events (at most %zu in a frame), "
                  "kinetic energy drift %.3g",
                  n, phys_world_segment_count (world), row->frames, events, max_events, drift);
  g_assert_cmpuint (events, >, 100);
  /* Elastic everywhere unless walls slide (sliding drops the normal velocity). */
  if (!row->slide)
    g_assert_cmpfloat (drift, <=, 1e-9);

  paths_clear (&paths);
  phys_event_log_free (&log);
  g_free (start);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Conservation in elastic scenes.                                                            */
/* ------------------------------------------------------------------------------------------ */

#define ENERGY_FRAMES 10000

typedef struct
{
  const char *name;
  int n;
  double max_speed;
  uint64_t seed;
} GasRow;

static const GasRow gas_rows[] = {
  { "gas-250/seed-5eed", 250, 1.0, 0x5eed },
  { "gas-150/seed-cafe", 150, 2.0, 0xcafe },
};

static void
test_energy_gas (gconstpointer data)
{
  /* bench_scene_gas: circles of radius 1 at 30% area fraction in a box, e = 1, no forces. */
  const GasRow *row = data;
  PhysWorld *world = bench_scene_gas (row->n, row->max_speed, row->seed);
  PhysEventLog log;
  phys_event_log_init (&log);
  double e0 = phys_world_energy (world).kinetic, worst = 0;
  size_t events = 0;

  g_assert_cmpint (phys_world_circle_count (world), ==, row->n);
  for (int frame = 0; frame < ENERGY_FRAMES; frame++)
    {
      events += imp_test_step (world, &log);
      g_assert_cmpuint (imp_test_count_events (&log, PHYS_EVENT_EVENT_CAP), ==, 0);
      if (frame % 100 == 99)
        worst = MAX (worst, imp_test_relative_change (phys_world_energy (world).kinetic, e0));
    }
  g_test_message ("%d circles, %d frames, %zu events: largest relative kinetic energy drift %.3g",
                  row->n, ENERGY_FRAMES, events, worst);
  g_assert_cmpuint (events, >, ENERGY_FRAMES);
  g_assert_cmpfloat (worst, <=, 1e-9);
  g_assert_cmpfloat (imp_test_max_overlap (world, NULL, NULL), <=, TOLERANCE * 2);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_energy_seed_001_box (void)
{
  /* Seed 001's scene: 15 balls of radius 20 to 40 (mass pi r^2) at up to 5 per frame in a
   * 550 x 400 box, e = 1. */
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (550, 400);
  PhysWorld *world = imp_test_world_new (&def);
  GRand *rng = g_rand_new_with_seed (2001);
  for (int i = 0; i < 15; i++)
    add_random_circle (world, rng, 400, "ball", i, 20, 40, 0, 5, false);
  g_rand_free (rng);
  PhysEventLog log;
  phys_event_log_init (&log);
  double e0 = phys_world_energy (world).kinetic, worst = 0;
  size_t events = 0;

  for (int frame = 0; frame < ENERGY_FRAMES; frame++)
    {
      events += imp_test_step (world, &log);
      worst = MAX (worst, imp_test_relative_change (phys_world_energy (world).kinetic, e0));
    }
  g_test_message ("15 balls, %d frames, %zu events: largest relative kinetic energy drift %.3g",
                  ENERGY_FRAMES, events, worst);
  g_assert_cmpuint (events, >, 1000);
  g_assert_cmpfloat (worst, <=, 1e-9);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_momentum_open_world (void)
{
  /* No walls, circles only, e = 1: 60 circles of radius 1 to 3 (masses pi r^2, 1 to 9 times
   * each other) in a 60 x 60 patch, each aimed roughly at the middle so that they crowd and
   * collide before they spread out. Momentum and kinetic energy hold to 1e-9 relative. */
  PhysWorld *world = imp_test_world_new (NULL);
  GRand *rng = g_rand_new_with_seed (3001);
  for (int i = 0; i < 60; i++)
    {
      double r = g_rand_double_range (rng, 1, 3);
      PhysVec2 p;
      do
        p = phys_v2 (g_rand_double_range (rng, r, 60 - r), g_rand_double_range (rng, r, 60 - r));
      while (!clear_spot (world, p, r));
      double noise_x = g_rand_double_range (rng, -0.5, 0.5);
      double noise_y = g_rand_double_range (rng, -0.5, 0.5);
      PhysVec2 v = phys_v2_add (phys_v2_scale (phys_v2_sub (phys_v2 (30, 30), p), 0.02),
                                phys_v2 (noise_x, noise_y));
      char name[16];
      g_snprintf (name, sizeof name, "c%d", i);
      PhysCircleDef def = imp_test_circle_def (name, p.x, p.y, v.x, v.y, r);
      imp_test_add_circle_def (world, &def);
    }
  g_rand_free (rng);

  PhysEventLog log;
  phys_event_log_init (&log);
  PhysEnergy e0 = phys_world_energy (world);
  double scale = 0;
  for (int i = 0; i < 60; i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      scale += c.mass * phys_v2_len (c.velocity);
    }
  double worst_p = 0, worst_e = 0;
  size_t events = 0;
  for (int frame = 0; frame < 2000; frame++)
    {
      events += imp_test_step (world, &log);
      PhysEnergy e = phys_world_energy (world);
      worst_p = MAX (worst_p, phys_v2_len (phys_v2_sub (e.momentum, e0.momentum)) / scale);
      worst_e = MAX (worst_e, imp_test_relative_change (e.kinetic, e0.kinetic));
    }
  g_test_message ("60 circles, 2000 frames, %zu events: momentum change %.3g of sum m |v|, "
                  "kinetic energy drift %.3g",
                  events, worst_p, worst_e);
  g_assert_cmpuint (events, >, 100);
  g_assert_cmpfloat (worst_p, <=, 1e-9);
  g_assert_cmpfloat (worst_e, <=, 1e-9);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* A falling stack settles and sleeps.                                                        */
/* ------------------------------------------------------------------------------------------ */

#define RAIN_CIRCLES 400
#define RAIN_FRAMES 4000

/* bench_scene_rain's numbers (40 columns at pitch 2.8 in a box 120 wide, rows 2.8 apart, radius
 * 1, e = 0.5, walls e = 0.5, gravity 0.0056 per frame^2) with each circle moved sideways by up
 * to jitter (less than the 0.8 gap, so nothing overlaps at the start): the columns no longer
 * land as upright towers but tumble into a heap. */
static PhysWorld *
jittered_rain (int n, double jitter, guint32 seed)
{
  const int columns = 40;
  const double pitch = 2.8, width = 120;
  int rows = (n + columns - 1) / columns;
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (width, rows * pitch + 160);
  def.gravity = phys_v2 (0, 0.0056);
  def.bounds_restitution = 0.5;
  PhysWorld *world = imp_test_world_new (&def);
  GRand *rng = g_rand_new_with_seed (seed);
  double left = 0.5 * (width - (columns - 1) * pitch);
  for (int i = 0; i < n; i++)
    {
      char name[32];
      g_snprintf (name, sizeof name, "r%d", i);
      double dx = g_rand_double_range (rng, -jitter, jitter);
      PhysCircleDef cdef = imp_test_circle_def (name, left + (i % columns) * pitch + dx,
                                                2 + (i / columns) * pitch, 0, 0, 1);
      cdef.restitution = 0.5;
      imp_test_add_circle_def (world, &cdef);
    }
  g_rand_free (rng);
  return world;
}

typedef struct
{
  const char *name;
  double jitter; /* 0: bench_scene_rain itself */
  guint32 seed;
} RainRow;

static const RainRow rain_rows[] = {
  { "bench-scene", 0, 0 },
  { "jittered/seed-1", 0.35, 1 },
  { "jittered/seed-2", 0.35, 2 },
};

static void
test_rain_settles (gconstpointer data)
{
  /* 400 circles released at rest in 10 rows fall, land, settle. Every frame: no circle below
   * the floor or through a side wall by more than the contact tolerance, no pair deeper than
   * 1/1000 of the radius sum into each other, never the event cap. At the end every circle
   * sleeps. */
  const RainRow *row = data;
  PhysWorld *world = row->jitter > 0 ? jittered_rain (RAIN_CIRCLES, row->jitter, row->seed)
                                     : bench_scene_rain (RAIN_CIRCLES);
  const PhysWorldDef *def = phys_world_get_def (world);
  PhysEventLog log;
  phys_event_log_init (&log);
  int n = phys_world_circle_count (world), all_asleep_at = -1;
  double deepest = 0;
  size_t max_events = 0;

  for (int frame = 0; frame < RAIN_FRAMES; frame++)
    {
      size_t count = imp_test_step (world, &log);
      max_events = MAX (max_events, count);
      int asleep = 0, outside = 0;
      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          g_assert_true (phys_v2_is_finite (c.position));
          /* Resting contacts may sink up to the contact tolerance (docs/physics.md:
           * overlaps under 1/1000 of the radius count as touching). */
          double tolerance = 1e-3 * c.radius;
          if (c.position.y + c.radius > def->bounds.max.y + tolerance
              || c.position.x - c.radius < def->bounds.min.x - tolerance
              || c.position.x + c.radius > def->bounds.max.x + tolerance)
            outside++;
          asleep += phys_circle_is_asleep (&c);
        }
      double overlap = imp_test_max_overlap (world, NULL, NULL);
      size_t capped = imp_test_count_events (&log, PHYS_EVENT_EVENT_CAP);
      deepest = MAX (deepest, overlap);
      if (outside > 0 || overlap > 2e-3 || capped > 0)
        g_test_message ("frame %d: %zu events, %s; %d circles through the floor or a wall, "
                        "deepest overlap %.3g",
                        frame, count, capped ? "capped" : "not capped", outside, overlap);
      g_assert_cmpint (outside, ==, 0);
      /* 1/1000 of the radius sum: a jammed circle can end a frame that deep in a
       * neighbour; the next frame separates them (docs/physics.md, jams). */
      g_assert_cmpfloat (overlap, <=, 2e-3);
      g_assert_cmpuint (capped, ==, 0);
      if (asleep == n && all_asleep_at < 0)
        all_asleep_at = frame + 1;
    }
  int awake = 0;
  for (int i = 0; i < n; i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      awake += !phys_circle_is_asleep (&c);
    }
  g_test_message ("%d circles: all asleep after %d frames (%d awake at the end); deepest overlap "
                  "%.3g; at most %zu events in a frame",
                  n, all_asleep_at, awake, deepest, max_events);
  g_assert_cmpint (awake, ==, 0);
  g_assert_cmpint (all_asleep_at, >, 0);

  phys_event_log_free (&log);
  phys_world_free (world);
}

/* ------------------------------------------------------------------------------------------ */
/* Inelastic scenes under gravity.                                                            */
/* ------------------------------------------------------------------------------------------ */

#define INELASTIC_FRAMES 600

/* n circles of radius 1 and mass 1 in a 120 x 120 box (walls e = 0.7) under gravity 0.05,
 * restitution in [0.2, 0.9], speeds up to 3, placed clear of each other. */
static PhysWorld *
inelastic_scene (int n, guint32 seed)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (120, 120);
  def.bounds_restitution = 0.7;
  def.gravity = phys_v2 (0, 0.05);
  PhysWorld *world = imp_test_world_new (&def);
  GRand *rng = g_rand_new_with_seed (seed);
  for (int i = 0; i < n; i++)
    {
      PhysVec2 p;
      do
        p = phys_v2 (g_rand_double_range (rng, 2, 118), g_rand_double_range (rng, 2, 118));
      while (!clear_spot (world, p, 1));
      char name[16];
      g_snprintf (name, sizeof name, "c%d", i);
      PhysCircleDef c = imp_test_circle_def (name, p.x, p.y, g_rand_double_range (rng, -3, 3),
                                             g_rand_double_range (rng, -3, 3), 1);
      c.mass = 1;
      c.restitution = g_rand_double_range (rng, 0.2, 0.9);
      imp_test_add_circle_def (world, &c);
    }
  g_rand_free (rng);
  return world;
}

/* Gravity's impulse over the coming frame on the circles it pulls: the movable ones that are
 * awake (a sleeper stands still until something wakes it). */
static PhysVec2
gravity_impulse (const PhysWorld *world)
{
  const PhysWorldDef *def = phys_world_get_def (world);
  double mass = 0;
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      if (!c.fixed && !phys_circle_is_asleep (&c))
        mass += c.mass;
    }
  return phys_v2_scale (def->gravity, mass * def->dt);
}

/* Energy never rises: kinetic plus gravitational potential, from one frame to the next, by
 * more than 1e-12 of |E| (E about -350 here: the sum of 120 terms of a few units carries
 * rounding of about 1e-14; measured: at most 8.8e-16, 1.6e-15 and 3.3e-16 of |E| on seeds 1,
 * 2 and 3). With the holds of a stack made one contact at a time, seeds 1 and 3 rose by up
 * to 3.3e-7 and 3.8e-7 of |E| in 3 and 2 of their 600 frames: a circle held by two neighbours
 * that can give way kept the first one's push on a contact that opened. The holds of a
 * cluster are solved together now (docs/physics.md, stacks). */
static const guint32 inelastic_seeds[] = { 1, 2, 3 };

static void
test_inelastic_gravity (gconstpointer data)
{
  /* 60 circles with e < 1 falling and bouncing in a box. Every frame: no pair deeper than
   * 1/1000 of the radius sum into each other, no circle through a wall, never the event
   * cap, and the momentum balance: the change of sum m v is gravity's impulse on the awake
   * circles minus what the events say the walls and the ground took, to 1e-12 of the
   * momentum moving about (sum m |v| before and after, and gravity's impulse); the total
   * energy never rises by more than 1e-12 of |E| (see inelastic_seeds). */
  guint32 seed = *(const guint32 *) data;
  PhysWorld *world = inelastic_scene (60, seed);
  PhysEventLog log;
  phys_event_log_init (&log);
  int n = phys_world_circle_count (world);
  PhysEnergy before = phys_world_energy (world);
  double worst_p = 0, worst_rise = 0, deepest = 0;
  for (int frame = 0; frame < INELASTIC_FRAMES; frame++)
    {
      PhysVec2 gravity = gravity_impulse (world);
      double scale = phys_v2_len (gravity);
      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          scale += c.mass * phys_v2_len (c.velocity);
        }
      imp_test_step (world, &log);
      g_assert_cmpuint (imp_test_count_events (&log, PHYS_EVENT_EVENT_CAP), ==, 0);
      PhysEnergy after = phys_world_energy (world);
      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          scale += c.mass * phys_v2_len (c.velocity);
        }
      PhysVec2 expected = phys_v2_sub (gravity, imp_test_taken (&log));
      PhysVec2 off = phys_v2_sub (phys_v2_sub (after.momentum, before.momentum), expected);
      /* Everything asleep: nothing moves, nothing may change. */
      double rel = scale > 0 ? phys_v2_len (off) / scale : phys_v2_len (off);
      if (rel > 1e-12)
        g_test_message ("frame %d: momentum changed by (%.17g, %.17g), gravity minus the taken "
                        "impulses says (%.17g, %.17g): off by %.3g of %.3g",
                        frame, after.momentum.x - before.momentum.x,
                        after.momentum.y - before.momentum.y, expected.x, expected.y,
                        phys_v2_len (off), scale);
      worst_p = MAX (worst_p, rel);
      worst_rise = MAX (worst_rise, (after.total - before.total) / fabs (before.total));
      deepest = MAX (deepest, imp_test_max_overlap (world, NULL, NULL));
      for (int i = 0; i < n; i++)
        {
          PhysVec2 p = phys_world_get_circle (world, i).position;
          g_assert_true (p.x >= 1 - 1e-3 && p.x <= 119 + 1e-3 && p.y >= 1 - 1e-3
                         && p.y <= 119 + 1e-3);
        }
      before = after;
    }
  g_test_message ("seed %u: momentum balance off by at most %.3g (relative), energy rose by at "
                  "most %.3g of |E| in a frame, deepest overlap %.3g",
                  seed, worst_p, worst_rise, deepest);
  g_assert_cmpfloat (worst_p, <=, 1e-12);
  g_assert_cmpfloat (worst_rise, <=, 1e-12);
  g_assert_cmpfloat (deepest, <=, 2e-3);

  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_pile_stays_still (void)
{
  /* 200 circles rained into a heap settle and fall asleep; then the heap stays exactly
   * still: 200 more frames change no position and no velocity, with no event. */
  PhysWorld *world = jittered_rain (200, 0.35, 7);
  PhysEventLog log;
  phys_event_log_init (&log);
  int n = phys_world_circle_count (world), settled_at = -1;
  for (int frame = 0; frame < RAIN_FRAMES && settled_at < 0; frame++)
    {
      imp_test_step (world, &log);
      int asleep = 0;
      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          asleep += phys_circle_is_asleep (&c);
        }
      if (asleep == n)
        settled_at = frame + 1;
    }
  g_test_message ("200 circles settled after %d frames", settled_at);
  g_assert_cmpint (settled_at, >, 0);
  PhysVec2 *p = g_new (PhysVec2, n);
  for (int i = 0; i < n; i++)
    p[i] = phys_world_get_circle (world, i).position;
  for (int frame = 0; frame < 200; frame++)
    {
      g_assert_cmpuint (imp_test_step (world, &log), ==, 0);
      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          imp_assert_vec_equal (c.position, p[i].x, p[i].y);
          imp_assert_vec_equal (c.velocity, 0, 0);
        }
    }
  g_free (p);
  phys_event_log_free (&log);
  phys_world_free (world);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (tunnel_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/world/no-tunneling/%s", tunnel_rows[i].name);
      g_test_add_data_func (path, &tunnel_rows[i], test_no_tunneling);
      g_free (path);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (gas_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/world/conservation/energy/%s", gas_rows[i].name);
      g_test_add_data_func (path, &gas_rows[i], test_energy_gas);
      g_free (path);
    }
  g_test_add_func ("/physics/world/conservation/energy/seed-001-box", test_energy_seed_001_box);
  g_test_add_func ("/physics/world/conservation/momentum/open-world", test_momentum_open_world);
  for (gsize i = 0; i < G_N_ELEMENTS (rain_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/world/rest/rain/%s", rain_rows[i].name);
      g_test_add_data_func (path, &rain_rows[i], test_rain_settles);
      g_free (path);
    }

  for (gsize i = 0; i < G_N_ELEMENTS (inelastic_seeds); i++)
    {
      char *path = g_strdup_printf ("/physics/world/inelastic-gravity/seed-%u",
                                    inelastic_seeds[i]);
      g_test_add_data_func (path, &inelastic_seeds[i], test_inelastic_gravity);
      g_free (path);
    }
  g_test_add_func ("/physics/world/rest/pile-of-200-stays-still", test_pile_stays_still);

  return g_test_run ();
}
