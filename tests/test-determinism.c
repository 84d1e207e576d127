/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-determinism.c: a world's future depends on its state and nothing else.
 *
 * The state hash (phys_world_hash) after every frame must be the same
 *  - run to run: the same scene built twice and stepped the same way;
 *  - for a phys_world_copy() and its original, stepped side by side in two
 *    threads (no hidden shared or global state);
 *  - with and without an event log (recording must not change what happens).
 * Each check runs over a table of scenes: elastic gas, a settling rain with
 * sleeping, seed 004's orbit with mixed integrators and substeps, a scene with
 * every kind of body and force, and teaching modes.
 */
#include <math.h>

#include <glib.h>

#include "bench-scenes.h"
#include "phys.h"
#include "test-util.h"

typedef struct
{
  const char *name;
  PhysWorld *(*build) (void);
  int frames;
} SceneRow;

static PhysWorld *
build_gas (void)
{
  return bench_scene_gas (200, 1.0, 0xd1ce);
}

static PhysWorld *
build_rain (void)
{
  return bench_scene_rain (200);
}

/* Seed 004's orbit: one orbiter per integrator, 4 substeps, collisions off. */
static PhysWorld *
build_orbit (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.substeps = 4;
  PhysWorld *world = imp_test_world_new (&def);
  PhysCircleDef src = imp_test_circle_def ("source", 400, 300, 0, 0, 60);
  src.mass = 10000;
  src.collides = false;
  int source = imp_test_add_circle_def (world, &src);
  for (int k = 0; k < PHYS_N_INTEGRATORS; k++)
    {
      char name[32];
      g_snprintf (name, sizeof name, "orbiter-%d", k);
      PhysCircleDef c = imp_test_circle_def (name, 700, 300 + k, 0, -7, 30);
      c.mass = 100;
      c.collides = false;
      c.integrator = (PhysIntegrator)k;
      imp_test_add_circle_def (world, &c);
    }
  PhysForceDef f = phys_force_def_default (PHYS_FORCE_ATTRACTOR);
  f.source = source;
  f.G = 1.2;
  f.reaction = false;
  g_assert_cmpint (phys_world_add_force (world, &f, NULL, NULL), ==, PHYS_OK);
  return world;
}

/* Every kind of body and force at once: gravity, segments that reflect and slide, a fixed
 * circle, probes, springs, a bungee, drag, an attractor with reaction, and circles of several
 * sizes bouncing in a box. */
static PhysWorld *
build_everything (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (200, 150);
  def.gravity = phys_v2 (0, 0.05);
  def.bounds_restitution = 0.9;
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_segment (world, "ramp", 20, 60, 120, 100, PHYS_RESPONSE_SLIDE, 1);
  imp_test_add_segment (world, "shelf", 100, 40, 180, 30, PHYS_RESPONSE_REFLECT, 0.8);
  PhysCircleDef post = imp_test_circle_def ("post", 150, 110, 0, 0, 6);
  post.fixed = true;
  imp_test_add_circle_def (world, &post);

  GRand *rng = g_rand_new_with_seed (4242);
  for (int i = 0; i < 40; i++)
    {
      char name[16];
      g_snprintf (name, sizeof name, "c%d", i);
      double x = 10 + 4.5 * (i % 40), y = 10 + 5 * (i / 40);
      double vx = g_rand_double_range (rng, -2, 2), vy = g_rand_double_range (rng, -2, 2);
      double r = g_rand_double_range (rng, 0.8, 2);
      PhysCircleDef c = imp_test_circle_def (name, x, y, vx, vy, r);
      c.restitution = g_rand_double_range (rng, 0.5, 1);
      imp_test_add_circle_def (world, &c);
    }
  g_rand_free (rng);

  PhysForceDef spring = phys_force_def_default (PHYS_FORCE_SPRING);
  spring.body_a = 1;
  spring.body_b = 2;
  spring.k = 0.01;
  spring.rest_length = 8;
  spring.damping = 0.01;
  g_assert_cmpint (phys_world_add_force (world, &spring, NULL, NULL), ==, PHYS_OK);
  PhysForceDef bungee = phys_force_def_default (PHYS_FORCE_BUNGEE);
  bungee.body_a = 5;
  bungee.anchor = phys_v2 (60, 10);
  bungee.k = 0.02;
  bungee.rest_length = 20;
  g_assert_cmpint (phys_world_add_force (world, &bungee, NULL, NULL), ==, PHYS_OK);
  int dragged[] = { 7, 8, 9 };
  PhysForceDef drag = phys_force_def_default (PHYS_FORCE_DRAG);
  drag.targets = dragged;
  drag.n_targets = 3;
  drag.k = 0.05;
  g_assert_cmpint (phys_world_add_force (world, &drag, NULL, NULL), ==, PHYS_OK);
  int pulled[] = { 10, 11 };
  PhysForceDef attract = phys_force_def_default (PHYS_FORCE_ATTRACTOR);
  attract.source = 12;
  attract.targets = pulled;
  attract.n_targets = 2;
  attract.G = 0.5;
  g_assert_cmpint (phys_world_add_force (world, &attract, NULL, NULL), ==, PHYS_OK);

  for (int p = 0; p < 3; p++)
    {
      char name[16];
      g_snprintf (name, sizeof name, "probe%d", p);
      PhysProbeDef probe = phys_probe_def_default ();
      probe.name = name;
      probe.position = phys_v2 (30 + 50 * p, 140);
      probe.velocity = phys_v2 (0.3 * p, -1.5);
      g_assert_cmpint (phys_world_add_probe (world, &probe, NULL), ==, PHYS_OK);
    }
  return world;
}

/* Teaching modes that keep a scene going: discrete detection, no end caps and sliding at
 * exactly r, in a box of slow balls with a segment. */
static PhysWorld *
build_modes (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.min = phys_v2 (0, 0);
  def.bounds.max = phys_v2 (100, 100);
  def.modes.detection = PHYS_DETECTION_DISCRETE;
  def.modes.no_end_caps = true;
  def.modes.slide_at_radius = true;
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_segment (world, "wall", 30, 30, 70, 60, PHYS_RESPONSE_SLIDE, 1);
  GRand *rng = g_rand_new_with_seed (777);
  for (int i = 0; i < 30; i++)
    {
      char name[16];
      g_snprintf (name, sizeof name, "m%d", i);
      double vx = g_rand_double_range (rng, -1.5, 1.5), vy = g_rand_double_range (rng, -1.5, 1.5);
      PhysCircleDef c = imp_test_circle_def (name, 8 + 14 * (i % 6), 8 + 18 * (i / 6), vx, vy, 2);
      imp_test_add_circle_def (world, &c);
    }
  g_rand_free (rng);
  return world;
}

static const SceneRow scene_rows[] = {
  { "gas", build_gas, 400 },     { "rain", build_rain, 600 },
  { "orbit", build_orbit, 500 }, { "everything", build_everything, 600 },
  { "modes", build_modes, 400 },
};

/* Steps a world n frames, storing the hash after each; a log is kept when asked. */
static void
run (PhysWorld *world, int n, bool with_log, uint64_t *hashes)
{
  PhysEventLog log;
  phys_event_log_init (&log);
  for (int frame = 0; frame < n; frame++)
    {
      if (with_log)
        imp_test_step (world, &log);
      else
        phys_world_step (world, NULL);
      hashes[frame] = phys_world_hash (world);
    }
  phys_event_log_free (&log);
}

static void
assert_same_hashes (const uint64_t *x, const uint64_t *y, int n)
{
  for (int frame = 0; frame < n; frame++)
    if (x[frame] != y[frame])
      g_error ("hashes differ after frame %d: %016" G_GINT64_MODIFIER "x and %016" G_GINT64_MODIFIER
               "x",
               frame, (guint64)x[frame], (guint64)y[frame]);
}

static void
test_run_to_run (gconstpointer data)
{
  const SceneRow *row = data;
  PhysWorld *a = row->build (), *b = row->build ();
  uint64_t *ha = g_new (uint64_t, row->frames), *hb = g_new (uint64_t, row->frames);

  g_assert_cmpuint (phys_world_hash (a), ==, phys_world_hash (b));
  run (a, row->frames, true, ha);
  run (b, row->frames, true, hb);
  assert_same_hashes (ha, hb, row->frames);
  /* The hash follows the state: it changed while the scene moved. */
  g_assert_cmpuint (ha[0], !=, ha[row->frames - 1]);
  g_test_message ("%s: hash after %d frames %016" G_GINT64_MODIFIER "x", row->name, row->frames,
                  (guint64)ha[row->frames - 1]);

  g_free (ha);
  g_free (hb);
  phys_world_free (a);
  phys_world_free (b);
}

typedef struct
{
  PhysWorld *world;
  int frames;
  uint64_t *hashes;
} StepJob;

static gpointer
step_job (gpointer data)
{
  StepJob *job = data;
  run (job->world, job->frames, true, job->hashes);
  return NULL;
}

static void
test_copy_in_parallel (gconstpointer data)
{
  /* Step the original a little first, so the copy carries a state in motion (and, in the
   * rain, rest counts), then step both at once in two threads. */
  const SceneRow *row = data;
  PhysWorld *original = row->build ();
  int warm = row->frames / 4, n = row->frames - warm;
  for (int frame = 0; frame < warm; frame++)
    phys_world_step (original, NULL);
  PhysWorld *copy = phys_world_copy (original);
  g_assert_cmpuint (phys_world_hash (copy), ==, phys_world_hash (original));
  g_assert_cmpint (phys_world_frame (copy), ==, warm);
  g_assert_cmpint (phys_world_circle_count (copy), ==, phys_world_circle_count (original));

  StepJob jobs[2] = { { original, n, g_new (uint64_t, n) }, { copy, n, g_new (uint64_t, n) } };
  GThread *threads[2];
  for (int k = 0; k < 2; k++)
    threads[k] = g_thread_new ("step", step_job, &jobs[k]);
  for (int k = 0; k < 2; k++)
    g_thread_join (threads[k]);
  assert_same_hashes (jobs[0].hashes, jobs[1].hashes, n);

  for (int k = 0; k < 2; k++)
    g_free (jobs[k].hashes);
  phys_world_free (original);
  phys_world_free (copy);
}

static void
test_log_or_not (gconstpointer data)
{
  const SceneRow *row = data;
  PhysWorld *a = row->build (), *b = row->build ();
  uint64_t *ha = g_new (uint64_t, row->frames), *hb = g_new (uint64_t, row->frames);

  run (a, row->frames, true, ha);
  run (b, row->frames, false, hb);
  assert_same_hashes (ha, hb, row->frames);

  g_free (ha);
  g_free (hb);
  phys_world_free (a);
  phys_world_free (b);
}

static void
test_hash_sensitive (void)
{
  /* The hash covers the frame counter, every circle's position, velocity and rest count, and
   * every probe: changing any one bit of them changes it. */
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "a", 1, 2, 3, 4, 1);
  PhysWorld *moved = imp_test_world_new (NULL);
  imp_test_add_circle (moved, "a", 1, 2, 3, nextafter (4, 5), 1);
  g_assert_cmpuint (phys_world_hash (world), !=, phys_world_hash (moved));

  PhysWorld *copy = phys_world_copy (world);
  g_assert_cmpuint (phys_world_hash (world), ==, phys_world_hash (copy));
  PhysProbeDef probe = phys_probe_def_default ();
  probe.name = "p";
  g_assert_cmpint (phys_world_add_probe (copy, &probe, NULL), ==, PHYS_OK);
  g_assert_cmpuint (phys_world_hash (world), !=, phys_world_hash (copy));

  uint64_t before = phys_world_hash (world);
  phys_world_step (world, NULL);
  g_assert_cmpuint (phys_world_hash (world), !=, before);

  phys_world_free (world);
  phys_world_free (moved);
  phys_world_free (copy);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/determinism/hash-sensitive", test_hash_sensitive);
  for (gsize i = 0; i < G_N_ELEMENTS (scene_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/determinism/run-to-run/%s", scene_rows[i].name);
      g_test_add_data_func (path, &scene_rows[i], test_run_to_run);
      g_free (path);
      path = g_strdup_printf ("/physics/determinism/copy-in-parallel/%s", scene_rows[i].name);
      g_test_add_data_func (path, &scene_rows[i], test_copy_in_parallel);
      g_free (path);
      path = g_strdup_printf ("/physics/determinism/with-and-without-log/%s", scene_rows[i].name);
      g_test_add_data_func (path, &scene_rows[i], test_log_or_not);
      g_free (path);
    }

  return g_test_run ();
}
