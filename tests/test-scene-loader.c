/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene-loader.c: the scene format of docs/scene-format.md. Every shipped scene loads
 * from the source tree and from the GResource and shows what its description promises;
 * every class of mistake gets its exact message and position; and the two helpers under
 * the loader (the JSON position scanner and the "did you mean" suggestions) are checked
 * on their own.
 */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "imp-json-positions.h"
#include "imp-scene.h"
#include "imp-suggest.h"
#include "test-util.h"

/* Helpers */

/* Inline documents write JSON's double quotes as single quotes, so the tables stay
 * readable; columns do not change. */
static char *
from_ticks (const char *doc)
{
  char *json = g_strdup (doc);
  g_strdelimit (json, "'", '"');
  return json;
}

static PhysWorld *
load_inline (const char *doc, GError **error)
{
  g_autofree char *json = from_ticks (doc);
  return imp_scene_load_data (json, -1, "inline.json", error);
}

static const char *
scenes_dir (void)
{
  static char *dir = NULL;

  if (dir == NULL)
    {
      const char *env = g_getenv ("IMPULSE_SCENES_DIR");
      dir = env != NULL ? g_strdup (env)
                        : g_test_build_filename (G_TEST_DIST, "..", "lessons", "scenes", NULL);
    }
  return dir;
}

static int
body_index (PhysWorld *world, PhysBodyKind kind, const char *name)
{
  PhysBodyRef ref;

  g_assert_true (phys_world_find (world, name, &ref));
  g_assert_cmpint (ref.kind, ==, kind);
  return ref.index;
}

static PhysCircle
circle_named (PhysWorld *world, const char *name)
{
  return phys_world_get_circle (world, body_index (world, PHYS_BODY_CIRCLE, name));
}

static PhysSegment
segment_named (PhysWorld *world, const char *name)
{
  return phys_world_get_segment (world, body_index (world, PHYS_BODY_SEGMENT, name));
}

static PhysProbe
probe_named (PhysWorld *world, const char *name)
{
  return phys_world_get_probe (world, body_index (world, PHYS_BODY_PROBE, name));
}

/* Shipped scenes: each check asserts what the scene's description claims. */

static void
check_swept_circles (PhysWorld *world)
{
  PhysCircle c1 = circle_named (world, "c1"), c2 = circle_named (world, "c2");
  const PhysWorldDef *def = phys_world_get_def (world);

  g_assert_cmpint (def->modes.detection, ==, PHYS_DETECTION_SWEPT);
  g_assert_cmpfloat (def->dt, ==, 1.0);
  g_assert_cmpfloat (c1.restitution, ==, 1.0);
  g_assert_cmpfloat (c2.restitution, ==, 0.64);
  g_assert_cmpfloat_with_epsilon (phys_restitution_combine (c1.restitution, c2.restitution), 0.8,
                                  1e-12);

  /* They touch inside the first frame, a little after its middle ... */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (c1.position, c1.velocity, c1.radius,
                                                      c2.position, c2.velocity, c2.radius);
  g_assert_cmpint (s.verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpfloat_with_epsilon (s.t, 0.503, 1e-3);

  /* ... yet overlap at neither end of it, so a discrete test misses them. */
  PhysVec2 start = phys_v2_sub (c2.position, c1.position);
  PhysVec2 end = phys_v2_sub (phys_v2_add (c2.position, c2.velocity),
                              phys_v2_add (c1.position, c1.velocity));
  g_assert_cmpfloat (phys_v2_len (start), >, c1.radius + c2.radius);
  g_assert_cmpfloat (phys_v2_len (end), >, c1.radius + c2.radius);
}

static void
check_balls_in_box (PhysWorld *world)
{
  const PhysWorldDef *def = phys_world_get_def (world);
  int n = phys_world_circle_count (world);

  g_assert_true (def->has_bounds);
  imp_assert_vec_near (def->bounds.min, 0.0, 0.0, 1e-12);
  imp_assert_vec_near (def->bounds.max, 800.0, 600.0, 1e-12);
  imp_assert_vec_near (def->gravity, 0.0, 0.0, 1e-12);
  for (int i = 0; i < n; i++)
    {
      PhysCircle a = phys_world_get_circle (world, i);
      g_assert_cmpfloat (a.restitution, ==, 1.0);
      g_assert_cmpfloat (phys_v2_len (a.velocity), <=, 5.0);
      g_assert_cmpfloat (a.position.x - a.radius, >, 0.0);
      g_assert_cmpfloat (a.position.y - a.radius, >, 0.0);
      g_assert_cmpfloat (a.position.x + a.radius, <, 800.0);
      g_assert_cmpfloat (a.position.y + a.radius, <, 600.0);
      for (int j = i + 1; j < n; j++)
        {
          PhysCircle b = phys_world_get_circle (world, j);
          g_assert_cmpfloat (phys_v2_len (phys_v2_sub (b.position, a.position)), >,
                             a.radius + b.radius);
        }
    }
}

static void
check_head_on (PhysWorld *world)
{
  PhysCircle heavy = circle_named (world, "heavy"), light = circle_named (world, "light");

  g_assert_cmpfloat (heavy.mass, ==, 4.0);
  g_assert_cmpfloat (light.mass, ==, 1.0);
  imp_assert_vec_near (heavy.velocity, 3.0, 0.0, 1e-12);
  imp_assert_vec_near (light.velocity, -2.0, 0.0, 1e-12);
  g_assert_cmpfloat (heavy.position.y, ==, light.position.y);

  /* The 1D elastic formulas of the description: 3 -> 1 and -2 -> 6. */
  PhysImpulse imp = phys_impulse_circle_circle (
      phys_v2 (1.0, 0.0), heavy.velocity, heavy.inv_mass, light.velocity, light.inv_mass,
      phys_restitution_combine (heavy.restitution, light.restitution));
  g_assert_true (imp.applied);
  imp_assert_vec_near (imp.v1_after, 1.0, 0.0, 1e-12);
  imp_assert_vec_near (imp.v2_after, 6.0, 0.0, 1e-12);
}

static void
check_slope (PhysWorld *world, PhysResponse response)
{
  PhysSegment slope = segment_named (world, "slope");
  const PhysWorldDef *def = phys_world_get_def (world);

  g_assert_cmpint (slope.response, ==, response);
  imp_assert_vec_near (def->gravity, 0.0, 0.2, 1e-12);
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      /* Every circle starts at rest above the slope, inside its x range. */
      imp_assert_vec_near (c.velocity, 0.0, 0.0, 1e-12);
      g_assert_cmpfloat (c.position.x, >, slope.a.x);
      g_assert_cmpfloat (c.position.x, <, slope.b.x);
      PhysReal along = (c.position.x - slope.a.x) / (slope.b.x - slope.a.x);
      g_assert_cmpfloat (c.position.y + c.radius, <, slope.a.y + along * (slope.b.y - slope.a.y));
    }
}

static void
check_reflect (PhysWorld *world)
{
  check_slope (world, PHYS_RESPONSE_REFLECT);
}

static void
check_slide (PhysWorld *world)
{
  check_slope (world, PHYS_RESPONSE_SLIDE);
}

static void
check_ship_wall (PhysWorld *world)
{
  PhysSegment wall = segment_named (world, "wall");
  PhysProbe ship = probe_named (world, "ship");
  PhysProbe drifter = probe_named (world, "drifter");
  PhysProbe leaver = probe_named (world, "leaver");

  g_assert_false (phys_world_get_def (world)->has_bounds);

  PhysProbeRecord r = phys_probe_predict (ship.position, ship.velocity, wall.a, wall.b);
  g_assert_cmpint (r.verdict, ==, PHYS_PROBE_AHEAD);
  g_assert_true (r.within);
  g_assert_cmpfloat_with_epsilon (r.time_to_impact, 125.0, 1e-9);
  imp_assert_vec_near (r.point, 525.0, 300.0, 1e-9);

  r = phys_probe_predict (drifter.position, drifter.velocity, wall.a, wall.b);
  g_assert_cmpint (r.verdict, ==, PHYS_PROBE_OFF_SEGMENT);
  g_assert_cmpfloat (r.along, >, 1.0);
  g_assert_cmpfloat (r.time_to_impact, >, 0.0);

  r = phys_probe_predict (leaver.position, leaver.velocity, wall.a, wall.b);
  g_assert_cmpint (r.verdict, ==, PHYS_PROBE_BEHIND);
  g_assert_true (r.within);
  g_assert_cmpfloat (r.time_to_impact, <, 0.0);
}

static void
check_orbit (PhysWorld *world)
{
  PhysCircle sun = circle_named (world, "sun");
  gboolean seen[PHYS_N_INTEGRATORS] = { FALSE };

  g_assert_false (phys_world_get_def (world)->has_bounds);
  g_assert_cmpfloat (sun.mass, ==, 10000.0);
  g_assert_cmpfloat (sun.radius, ==, 60.0);
  imp_assert_vec_near (sun.position, 400.0, 300.0, 1e-12);
  g_assert_false (sun.collides);

  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      if (strcmp (c.name, "sun") == 0)
        continue;
      g_assert_cmpfloat (c.mass, ==, 100.0);
      g_assert_cmpfloat (c.radius, ==, 30.0);
      imp_assert_vec_near (c.position, 700.0, 300.0, 1e-12);
      imp_assert_vec_near (c.velocity, 0.0, -7.0, 1e-12);
      g_assert_false (c.collides);
      g_assert_cmpint (c.integrator, >=, 0);
      g_assert_cmpint (c.integrator, <, PHYS_N_INTEGRATORS);
      g_assert_false (seen[c.integrator]);
      seen[c.integrator] = TRUE;
      g_assert_cmpstr (c.name, ==, phys_integrator_name (c.integrator));
    }

  PhysForce f = phys_world_get_force (world, 0);
  g_assert_cmpint (f.kind, ==, PHYS_FORCE_ATTRACTOR);
  g_assert_cmpint (f.source, ==, body_index (world, PHYS_BODY_CIRCLE, "sun"));
  g_assert_cmpfloat (f.G, ==, 1.2);
  g_assert_false (f.reaction);
  g_assert_cmpint (f.n_targets, ==, PHYS_N_INTEGRATORS);
}

static void
check_springs (PhysWorld *world)
{
  static const PhysForceKind kinds[] = {
    PHYS_FORCE_SPRING,
    PHYS_FORCE_BUNGEE,
    PHYS_FORCE_BUNGEE,
    PHYS_FORCE_SPRING,
  };

  imp_assert_vec_near (phys_world_get_def (world)->gravity, 0.0, 0.2, 1e-12);
  for (int i = 0; i < (int) G_N_ELEMENTS (kinds); i++)
    g_assert_cmpint (phys_world_get_force (world, i).kind, ==, kinds[i]);

  PhysForce anchored = phys_world_get_force (world, 0);
  g_assert_cmpint (anchored.body_a, ==, body_index (world, PHYS_BODY_CIRCLE, "bob"));
  g_assert_cmpint (anchored.body_b, ==, -1);
  imp_assert_vec_near (anchored.anchor, 200.0, 60.0, 1e-12);
  g_assert_cmpfloat (anchored.rest_length, ==, 100.0);

  PhysForce cord = phys_world_get_force (world, 1);
  g_assert_cmpint (cord.body_a, ==, body_index (world, PHYS_BODY_CIRCLE, "weight"));
  g_assert_cmpint (cord.body_b, ==, body_index (world, PHYS_BODY_CIRCLE, "bob"));

  /* The jumper starts with a slack cord: it falls freely first. */
  PhysForce jump = phys_world_get_force (world, 2);
  PhysCircle jumper = circle_named (world, "jumper");
  g_assert_cmpint (jump.body_b, ==, -1);
  g_assert_cmpfloat (phys_v2_len (phys_v2_sub (jumper.position, jump.anchor)), <, jump.rest_length);
}

/* Seed 004's wheel: a regular 12-gon of circumradius 80 and mass 4 has
 * I = m R^2 (1 + 2 cos^2 (pi / 12)) / 6; the weight on its right rim turns it clockwise (a
 * positive angle, y down) as it falls. */
static void
check_wheel (PhysWorld *world)
{
  PhysBodyRef ref;
  g_assert_true (phys_world_find (world, "wheel", &ref));
  PhysPolygonBody wheel = phys_world_get_polygon (world, ref.index);
  double c = cos (G_PI / 12.0);
  g_assert_cmpint (wheel.shape.count, ==, 12);
  g_assert_cmpfloat (wheel.mass, ==, 4.0);
  g_assert_cmpfloat_with_epsilon (wheel.inertia, 4.0 * 6400.0 * (1.0 + 2.0 * c * c) / 6.0, 1e-8);
  imp_assert_vec_near (wheel.position, 400.0, 240.0, 1e-9);
  PhysForce cord = phys_world_get_force (world, 1);
  g_assert_cmpint (cord.kind, ==, PHYS_FORCE_BUNGEE);
  g_assert_cmpint (cord.kind_a, ==, PHYS_BODY_POLYGON);
  imp_assert_vec_near (cord.local_a, 80.0, 0.0, 1e-9);
  for (int k = 0; k < 50; k++)
    phys_world_step (world, NULL);
  wheel = phys_world_get_polygon (world, ref.index);
  g_assert_cmpfloat (wheel.angle, >, 0.1);
  g_assert_cmpfloat (wheel.angular_velocity, >, 0.0);
  /* The axle holds it: its centre moves less than a unit. */
  g_assert_cmpfloat (phys_v2_len (phys_v2_sub (wheel.position, phys_v2 (400.0, 240.0))), <, 1.0);
}

/* The sign is a 160 x 60 box of mass 2, I = 2 (160^2 + 60^2) / 12; the springs at its top
 * corners turn it back level. The pendulum's spring holds vertex 0, which is its centroid
 * (20/3, 100) away from its centre of mass. */
static void
check_hanging (PhysWorld *world)
{
  PhysBodyRef sign_ref, pendulum_ref;
  g_assert_true (phys_world_find (world, "sign", &sign_ref));
  g_assert_true (phys_world_find (world, "pendulum", &pendulum_ref));
  PhysPolygonBody sign = phys_world_get_polygon (world, sign_ref.index);
  g_assert_cmpfloat_with_epsilon (sign.inertia, 2.0 * (160.0 * 160.0 + 60.0 * 60.0) / 12.0, 1e-9);
  g_assert_cmpfloat (sign.angle, ==, 0.35);
  PhysForce hold = phys_world_get_force (world, 2);
  imp_assert_vec_near (hold.local_a, -20.0 / 3.0, -100.0, 1e-12);
  for (int k = 0; k < 1000; k++)
    phys_world_step (world, NULL);
  g_assert_cmpfloat (fabs (phys_world_get_polygon (world, sign_ref.index).angle), <, 0.01);
  /* The pendulum still swings. */
  double swing = 0.0;
  for (int k = 0; k < 300; k++)
    {
      phys_world_step (world, NULL);
      swing = fmax (swing, fabs (phys_world_get_polygon (world, pendulum_ref.index).angle));
    }
  g_assert_cmpfloat (swing, >, 0.3);
}

/* Steps world n frames; no state may hold a NaN on the way. */
static void
step_finite (PhysWorld *world, int n)
{
  for (int k = 0; k < n; k++)
    {
      phys_world_step (world, NULL);
      for (int i = 0; i < phys_world_polygon_count (world); i++)
        {
          PhysPolygonBody p = phys_world_get_polygon (world, i);
          g_assert_true (isfinite (p.position.x) && isfinite (p.position.y)
                         && isfinite (p.velocity.x) && isfinite (p.velocity.y)
                         && isfinite (p.angle) && isfinite (p.angular_velocity));
        }
      for (int i = 0; i < phys_world_circle_count (world); i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          g_assert_true (isfinite (c.position.x) && isfinite (c.position.y)
                         && isfinite (c.velocity.x) && isfinite (c.velocity.y)
                         && isfinite (c.angular_velocity));
        }
    }
  g_assert_cmpint (phys_world_halt (world).kind, ==, PHYS_HALT_NONE);
}

static PhysPolygonBody
polygon_named (PhysWorld *world, const char *name)
{
  PhysBodyRef ref;
  g_assert_true (phys_world_find (world, name, &ref));
  g_assert_cmpint (ref.kind, ==, PHYS_BODY_POLYGON);
  return phys_world_get_polygon (world, ref.index);
}

/* Seven polygons dropped into an open box of fixed slabs (floor top at y = 530, walls' inner
 * faces at x = 200 and 600): after 2,000 frames every one lies inside it, at rest. */
static void
check_tumbling (PhysWorld *world)
{
  g_assert_cmpint (phys_world_polygon_count (world), ==, 10);
  step_finite (world, 2000);
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody p = phys_world_get_polygon (world, i);
      if (p.fixed)
        continue;
      g_assert_cmpfloat (p.position.x, >, 200.0);
      g_assert_cmpfloat (p.position.x, <, 600.0);
      g_assert_cmpfloat (p.position.y, <, 530.0);
      g_assert_cmpfloat (p.position.y, >, 380.0);
      g_assert_cmpfloat (phys_v2_len (p.velocity), <, 0.05);
    }
}

/* The ramp's curve ends at (760, 520); the ball and the box slide and roll down it and end
 * near its flat bottom. After 100 frames the ball rolls to the right, turning clockwise at
 * about v / r (within a fifth: it rolls, it does not slide). */
static void
check_bezier_ramp (PhysWorld *world)
{
  PhysBodyRef ramp;
  g_assert_true (phys_world_find (world, "ramp", &ramp));
  g_assert_cmpint (ramp.kind, ==, PHYS_BODY_CURVE);
  step_finite (world, 100);
  PhysCircle ball = phys_world_get_circle (world, 0);
  g_assert_cmpfloat (ball.position.x, >, 200.0);
  double rolling = phys_v2_len (ball.velocity) / ball.radius;
  g_assert_cmpfloat (fabs (ball.angular_velocity - rolling), <, 0.2 * rolling);
  step_finite (world, 1900);
  ball = phys_world_get_circle (world, 0);
  PhysPolygonBody box = polygon_named (world, "box");
  g_assert_cmpfloat (ball.position.y, >, 440.0);
  g_assert_cmpfloat (ball.position.y, <, 540.0);
  g_assert_cmpfloat (box.position.y, >, 440.0);
  g_assert_cmpfloat (box.position.y, <, 540.0);
}

/* A slope of 3 in 4 (sin 0.6, cos 0.8) under g = 0.1. The upper box's contact has
 * mu = sqrt (1 x 0.64) = 0.8 > tan = 0.75: it sticks. The lower one's mu = sqrt (0.25) = 0.5:
 * it slides at a = g (sin - mu cos) = 0.02 per frame^2, so after 50 frames at 1.0 along the
 * slope, (0.8, 0.6), having gone a (1 + 2 + ... + 50) = 25.5: the contact solve moves a body
 * on a straight path at its new velocity each frame (semi-implicit), not a 50^2 / 2. */
static void
check_slope_boxes (PhysWorld *world)
{
  PhysPolygonBody sticky0 = polygon_named (world, "sticky");
  PhysPolygonBody slippery0 = polygon_named (world, "slippery");
  step_finite (world, 50);
  PhysPolygonBody sticky = polygon_named (world, "sticky");
  PhysPolygonBody slippery = polygon_named (world, "slippery");
  g_assert_cmpfloat (phys_v2_len (phys_v2_sub (sticky.position, sticky0.position)), <, 1e-6);
  g_assert_cmpfloat (phys_v2_len (sticky.velocity), <, 1e-9);
  imp_assert_vec_near (slippery.velocity, 0.8, 0.6, 1e-6);
  g_assert_cmpfloat_with_epsilon (slippery.angle, slippery0.angle, 1e-9);
  g_assert_cmpfloat_with_epsilon (phys_v2_len (phys_v2_sub (slippery.position,
                                                            slippery0.position)),
                                  25.5, 1e-6);
  step_finite (world, 1950);
  sticky = polygon_named (world, "sticky");
  g_assert_cmpfloat (phys_v2_len (phys_v2_sub (sticky.position, sticky0.position)), <, 1e-6);
}

/* A ball of mass 1 and radius 18 at 6 hits a 60 x 60 box of mass 2 in frame 15 (its centre
 * from 260 to 352: 92 / 6 = 15.3 frames) (I = 2 x 7200 / 12 = 1200), 20 above
 * its centre, elastically: K = 1/1 + 1/2 + 20^2 / 1200 = 11/6, j = 2 x 6 / K = 72/11, the box
 * leaves at j / 2 = 36/11 turning at j 20 / 1200 = 6/55, the ball at 6 - 72/11 = -6/11. The
 * centred hit gives j = 12 / 1.5 = 8: box 4, ball -2, no turn. */
static void
check_off_centre (PhysWorld *world)
{
  step_finite (world, 16);
  PhysPolygonBody box = polygon_named (world, "box");
  PhysPolygonBody box2 = polygon_named (world, "box2");
  g_assert_cmpfloat_with_epsilon (box.angular_velocity, 6.0 / 55.0, 1e-12);
  imp_assert_vec_near (box.velocity, 36.0 / 11.0, 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (phys_world_get_circle (world, 0).velocity.x, -6.0 / 11.0,
                                  1e-12);
  g_assert_cmpfloat (box2.angular_velocity, ==, 0.0);
  imp_assert_vec_near (box2.velocity, 4.0, 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (phys_world_get_circle (world, 1).velocity.x, -2.0, 1e-12);
  step_finite (world, 2000 - 16);
}

typedef struct
{
  const char *name;
  int circles;
  int segments; /* including the four bounds walls */
  int probes;
  int forces;
  void (*check) (PhysWorld *world);
} ShippedScene;

static const ShippedScene shipped_scenes[] = {
  { "seed000-swept-circles", 2, 4, 0, 0, check_swept_circles },
  { "seed001-balls-in-box", 15, 4, 0, 0, check_balls_in_box },
  { "seed001-head-on", 2, 4, 0, 0, check_head_on },
  { "seed002-reflect", 3, 5, 0, 0, check_reflect },
  { "seed002-slide", 3, 5, 0, 0, check_slide },
  { "seed003-ship-wall", 0, 1, 3, 0, check_ship_wall },
  { "seed004-orbit", 6, 0, 0, 1, check_orbit },
  { "seed004-springs", 5, 4, 0, 4, check_springs },
  { "seed004-hanging-shapes", 0, 0, 0, 3, check_hanging },
  { "seed004-wheel", 1, 0, 0, 2, check_wheel },
  { "seed004-tumbling-polygons", 0, 4, 0, 0, check_tumbling },
  { "seed004-bezier-ramp", 1, 4, 0, 0, check_bezier_ramp },
  { "seed004-slope", 0, 5, 0, 0, check_slope_boxes },
  { "seed004-off-centre-hit", 2, 4, 0, 0, check_off_centre },
};

static void
check_shipped (const ShippedScene *scene, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSceneInfo) info = NULL;
  PhysWorld *world = imp_scene_load_file_full (path, &info, &error);

  g_assert_no_error (error);
  g_assert_nonnull (world);
  g_assert_nonnull (info);
  g_assert_nonnull (info->title);
  g_assert_nonnull (info->description);
  g_assert_cmpint (phys_world_circle_count (world), ==, scene->circles);
  g_assert_cmpint (phys_world_segment_count (world), ==, scene->segments);
  g_assert_cmpint (phys_world_probe_count (world), ==, scene->probes);
  g_assert_cmpint (phys_world_force_count (world), ==, scene->forces);
  scene->check (world);
  phys_world_free (world);
}

static void
test_shipped_file (gconstpointer data)
{
  const ShippedScene *scene = data;
  g_autofree char *file = g_strconcat (scene->name, ".json", NULL);
  g_autofree char *path = g_build_filename (scenes_dir (), file, NULL);

  check_shipped (scene, path);
}

static void
test_shipped_resource (gconstpointer data)
{
  const ShippedScene *scene = data;
  g_autofree char *uri
      = g_strconcat ("resource://" IMP_SCENE_RESOURCE_PATH, scene->name, ".json", NULL);

  check_shipped (scene, uri);
}

/* The resource holds exactly the files of lessons/scenes/, byte for byte, and the
 * table above covers all of them. */
static void
test_shipped_list (void)
{
  g_auto (GStrv) uris = imp_scene_list_shipped ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (scenes_dir (), 0, &error);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (files, g_strdup (name));
  g_assert_cmpuint (g_strv_length (uris), ==, files->len);
  g_assert_cmpuint (files->len, ==, G_N_ELEMENTS (shipped_scenes));

  for (guint i = 0; uris[i] != NULL; i++)
    {
      const char *base = uris[i] + strlen ("resource://" IMP_SCENE_RESOURCE_PATH);
      g_autofree char *path = g_build_filename (scenes_dir (), base, NULL);
      g_autofree char *contents = NULL;
      gsize length;
      gboolean listed = FALSE;

      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      g_autoptr (GBytes) bytes = g_resources_lookup_data (uris[i] + strlen ("resource://"),
                                                          G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (contents, length, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      for (gsize j = 0; j < G_N_ELEMENTS (shipped_scenes); j++)
        if (g_str_has_prefix (base, shipped_scenes[j].name)
            && strcmp (base + strlen (shipped_scenes[j].name), ".json") == 0)
          listed = TRUE;
      g_assert_true (listed);
    }
}

/* Good files */

static void
test_defaults (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "scenes", "good-minimal.json", NULL);
  g_autoptr (ImpSceneInfo) info = NULL;
  PhysWorld *world = imp_scene_load_file_full (path, &info, &error);
  PhysWorldDef expected = phys_world_def_default ();

  g_assert_no_error (error);
  const PhysWorldDef *def = phys_world_get_def (world);
  g_assert_false (def->has_bounds);
  g_assert_cmpfloat (def->bounds_restitution, ==, expected.bounds_restitution);
  imp_assert_vec_near (def->gravity, expected.gravity.x, expected.gravity.y, 1e-12);
  g_assert_cmpfloat (def->dt, ==, expected.dt);
  g_assert_cmpint (def->integrator, ==, expected.integrator);
  g_assert_cmpint (def->substeps, ==, expected.substeps);
  g_assert_cmpint (def->modes.detection, ==, PHYS_DETECTION_SWEPT);
  g_assert_false (def->modes.double_pair_loop);
  g_assert_false (def->modes.respond_at_frame_end);
  g_assert_false (def->modes.slide_at_radius);
  g_assert_false (def->modes.no_end_caps);
  g_assert_cmpint (phys_world_circle_count (world), ==, 0);
  g_assert_cmpint (phys_world_segment_count (world), ==, 0);
  g_assert_cmpint (phys_world_probe_count (world), ==, 0);
  g_assert_cmpint (phys_world_force_count (world), ==, 0);
  g_assert_null (info->title);
  g_assert_null (info->description);
  phys_world_free (world);
}

static void
test_body_defaults (void)
{
  g_autoptr (GError) error = NULL;
  PhysWorld *world = load_inline ("{'impulse': 1, 'circles': [{'id': 'a', 'pos': [1, 2], "
                                  "'radius': 3}], 'segments': [{'id': 'w', 'a': [0, 0], "
                                  "'b': [1, 0]}], 'probes': [{'id': 'p', 'pos': [4, 5]}], "
                                  "'forces': [{'type': 'drag'}, {'type': 'attractor', "
                                  "'source': 'a'}, {'type': 'spring', 'a': 'a', "
                                  "'anchor': [0, 0]}]}",
                                  &error);

  g_assert_no_error (error);
  PhysCircle c = circle_named (world, "a");
  imp_assert_vec_near (c.position, 1.0, 2.0, 1e-12);
  imp_assert_vec_near (c.velocity, 0.0, 0.0, 1e-12);
  g_assert_cmpfloat (c.radius, ==, 3.0);
  g_assert_cmpfloat_with_epsilon (c.mass, PHYS_PI * 9.0, 1e-12);
  g_assert_cmpfloat (c.restitution, ==, 1.0);
  g_assert_false (c.fixed);
  g_assert_true (c.collides);
  g_assert_cmpint (c.integrator, ==, PHYS_INTEGRATOR_DEFAULT);

  PhysSegment s = segment_named (world, "w");
  g_assert_cmpfloat (s.restitution, ==, 1.0);
  g_assert_cmpint (s.response, ==, PHYS_RESPONSE_REFLECT);

  PhysProbe p = probe_named (world, "p");
  imp_assert_vec_near (p.velocity, 0.0, 0.0, 1e-12);

  PhysForce drag = phys_world_get_force (world, 0);
  g_assert_cmpfloat (drag.k, ==, 1.0);
  g_assert_cmpint (drag.n_targets, ==, 0);
  PhysForce attractor = phys_world_get_force (world, 1);
  g_assert_cmpfloat (attractor.G, ==, 1.0);
  g_assert_true (attractor.reaction);
  PhysForce spring = phys_world_get_force (world, 2);
  g_assert_cmpfloat (spring.k, ==, 1.0);
  g_assert_cmpfloat (spring.rest_length, ==, 0.0);
  g_assert_cmpfloat (spring.damping, ==, 0.0);
  g_assert_cmpint (spring.body_b, ==, -1);
  phys_world_free (world);
}

static void
test_all_keys (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "scenes", "good-all-keys.json", NULL);
  g_autoptr (ImpSceneInfo) info = NULL;
  PhysWorld *world = imp_scene_load_file_full (path, &info, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (info->title, ==, "Every key");
  g_assert_cmpstr (info->description, ==,
                   "Each key of the format with a value other than its default.");

  const PhysWorldDef *def = phys_world_get_def (world);
  g_assert_true (def->has_bounds);
  imp_assert_vec_near (def->bounds.min, -10.0, -20.0, 1e-12);
  imp_assert_vec_near (def->bounds.max, 790.0, 580.0, 1e-12);
  g_assert_cmpfloat (def->bounds_restitution, ==, 0.75);
  imp_assert_vec_near (def->gravity, 0.5, 0.25, 1e-12);
  g_assert_cmpfloat (def->dt, ==, 0.5);
  g_assert_cmpint (def->integrator, ==, PHYS_INTEGRATOR_RK4);
  g_assert_cmpint (def->substeps, ==, 4);
  g_assert_cmpint (def->event_cap, ==, 500);
  g_assert_cmpfloat (def->rest_speed, ==, 0.125);
  g_assert_false (def->sleep);
  g_assert_cmpint (def->modes.detection, ==, PHYS_DETECTION_DISCRETE);
  g_assert_true (def->modes.double_pair_loop);
  g_assert_true (def->modes.respond_at_frame_end);
  g_assert_true (def->modes.slide_at_radius);
  g_assert_true (def->modes.no_end_caps);

  PhysCircle sun = circle_named (world, "sun");
  g_assert_cmpfloat (sun.mass, ==, 5000.0);
  g_assert_cmpfloat (sun.restitution, ==, 0.5);
  g_assert_true (sun.fixed);
  g_assert_false (sun.collides);
  g_assert_cmpint (sun.integrator, ==, PHYS_INTEGRATOR_DEFAULT);
  PhysCircle p1 = circle_named (world, "p.1");
  imp_assert_vec_near (p1.position, 100.0, 200.0, 1e-12);
  imp_assert_vec_near (p1.velocity, 1.5, -2.0, 1e-12);
  g_assert_cmpfloat (p1.radius, ==, 5.0);
  g_assert_cmpfloat (p1.mass, ==, 2.0);
  g_assert_cmpfloat (p1.restitution, ==, 0.25);
  g_assert_false (p1.fixed);
  g_assert_true (p1.collides);
  g_assert_cmpint (p1.integrator, ==, PHYS_INTEGRATOR_VERLET);

  /* The four bounds walls come first, then the file's segments in order. */
  g_assert_cmpint (phys_world_segment_count (world), ==, 6);
  g_assert_true (segment_named (world, "bounds-left").is_bound);
  g_assert_true (segment_named (world, "bounds-bottom").is_bound);
  PhysSegment floor_ = segment_named (world, "floor");
  g_assert_false (floor_.is_bound);
  imp_assert_vec_near (floor_.a, 0.0, 550.0, 1e-12);
  imp_assert_vec_near (floor_.b, 780.0, 560.0, 1e-12);
  g_assert_cmpfloat (floor_.restitution, ==, 0.5);
  g_assert_cmpint (floor_.response, ==, PHYS_RESPONSE_SLIDE);

  PhysProbe ship = probe_named (world, "ship");
  imp_assert_vec_near (ship.position, 10.0, 20.0, 1e-12);
  imp_assert_vec_near (ship.velocity, 3.0, 4.0, 1e-12);

  int sun_i = body_index (world, PHYS_BODY_CIRCLE, "sun");
  int p1_i = body_index (world, PHYS_BODY_CIRCLE, "p.1");
  int p2_i = body_index (world, PHYS_BODY_CIRCLE, "p_2");
  g_assert_cmpint (phys_world_force_count (world), ==, 8);
  PhysForce f = phys_world_get_force (world, 0);
  g_assert_cmpint (f.kind, ==, PHYS_FORCE_ATTRACTOR);
  g_assert_cmpint (f.source, ==, sun_i);
  g_assert_cmpint (f.n_targets, ==, 2);
  g_assert_cmpint (phys_world_get_force_target (world, 0, 0), ==, p1_i);
  g_assert_cmpint (phys_world_get_force_target (world, 0, 1), ==, p2_i);
  g_assert_cmpfloat (f.G, ==, 2.5);
  g_assert_false (f.reaction);
  f = phys_world_get_force (world, 2);
  g_assert_cmpint (f.kind, ==, PHYS_FORCE_DRAG);
  g_assert_cmpfloat (f.k, ==, 0.125);
  g_assert_cmpint (f.n_targets, ==, 1);
  g_assert_cmpint (phys_world_get_force_target (world, 2, 0), ==, p2_i);
  f = phys_world_get_force (world, 4);
  g_assert_cmpint (f.kind, ==, PHYS_FORCE_SPRING);
  g_assert_cmpint (f.body_a, ==, p1_i);
  g_assert_cmpint (f.body_b, ==, p2_i);
  g_assert_cmpfloat (f.k, ==, 0.5);
  g_assert_cmpfloat (f.rest_length, ==, 50.0);
  g_assert_cmpfloat (f.damping, ==, 0.25);
  f = phys_world_get_force (world, 5);
  g_assert_cmpint (f.kind, ==, PHYS_FORCE_BUNGEE);
  g_assert_cmpint (f.body_a, ==, p2_i);
  g_assert_cmpint (f.body_b, ==, -1);
  imp_assert_vec_near (f.anchor, 300.0, 100.0, 1e-12);

  /* New with rigid bodies. */
  g_assert_cmpfloat (def->bounds_friction, ==, 0.5);
  g_assert_cmpfloat (p1.angle, ==, 0.5);
  g_assert_cmpfloat (p1.angular_velocity, ==, -0.25);
  g_assert_cmpfloat (p1.friction, ==, 0.3);
  g_assert_cmpfloat (floor_.friction, ==, 0.6);
  g_assert_cmpint (phys_world_polygon_count (world), ==, 3);
  /* The right triangle (0, 0), (4, 0), (0, 3), density 2: area 6, mass 12, I = 2 25/3, its
   * centroid (4/3, 1) from the corner turned by 0.25 rad about the corner at (200, 100). */
  PhysPolygonBody tri
      = phys_world_get_polygon (world, body_index (world, PHYS_BODY_POLYGON, "tri"));
  g_assert_cmpfloat_with_epsilon (tri.mass, 12.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (tri.inertia, 50.0 / 3.0, 1e-12);
  double c = cos (0.25), s = sin (0.25);
  imp_assert_vec_near (tri.position, 200.0 + 4.0 / 3.0 * c - s, 100.0 + 4.0 / 3.0 * s + c, 1e-12);
  g_assert_cmpfloat (tri.angle, ==, 0.25);
  imp_assert_vec_near (tri.velocity, 1.0, 0.5, 1e-12);
  g_assert_cmpfloat (tri.angular_velocity, ==, 0.125);
  g_assert_cmpfloat (tri.restitution, ==, 0.5);
  g_assert_cmpfloat (tri.friction, ==, 0.4);
  g_assert_false (tri.fixed);
  g_assert_cmpint (tri.integrator, ==, PHYS_INTEGRATOR_MIDPOINT);
  PhysPolygonBody crate
      = phys_world_get_polygon (world, body_index (world, PHYS_BODY_POLYGON, "crate"));
  g_assert_cmpfloat (crate.mass, ==, 8.0);
  g_assert_cmpfloat_with_epsilon (crate.density, 8.0 / 200.0, 1e-15);
  g_assert_true (crate.fixed);
  g_assert_cmpfloat (crate.inv_mass, ==, 0.0);
  PhysPolygonBody wheel
      = phys_world_get_polygon (world, body_index (world, PHYS_BODY_POLYGON, "wheel"));
  g_assert_cmpint (wheel.shape.count, ==, 6);
  /* A regular hexagon of circumradius 10: area 3 sqrt(3) / 2 r^2. */
  g_assert_cmpfloat_with_epsilon (wheel.area, 150.0 * sqrt (3.0), 1e-9);
  imp_assert_vec_near (wheel.position, 400.0, 100.0, 1e-12);

  g_assert_cmpint (phys_world_curve_count (world), ==, 2);
  PhysCurve hill = phys_world_get_curve (world, body_index (world, PHYS_BODY_CURVE, "hill"));
  imp_assert_vec_near (hill.curve.p[1], 100.0, 400.0, 1e-12);
  g_assert_cmpfloat (hill.restitution, ==, 0.5);
  g_assert_cmpfloat (hill.friction, ==, 0.2);
  PhysCurve dip = phys_world_get_curve (world, body_index (world, PHYS_BODY_CURVE, "dip"));
  g_assert_cmpfloat (dip.restitution, ==, 1.0);
  g_assert_cmpfloat (dip.friction, ==, 0.0);

  /* Spring ends in the bodies' own coordinates: the triangle's corner (4, 0) of its vertex
   * list is (4 - 4/3, -1) from its centre of mass; a circle's point is about its centre. */
  f = phys_world_get_force (world, 6);
  g_assert_cmpint (f.kind_a, ==, PHYS_BODY_POLYGON);
  g_assert_cmpint (f.body_a, ==, body_index (world, PHYS_BODY_POLYGON, "tri"));
  imp_assert_vec_near (f.local_a, 4.0 - 4.0 / 3.0, -1.0, 1e-12);
  g_assert_cmpint (f.kind_b, ==, PHYS_BODY_CIRCLE);
  g_assert_cmpint (f.body_b, ==, p1_i);
  imp_assert_vec_near (f.local_b, 0.0, 5.0, 1e-12);
  f = phys_world_get_force (world, 7);
  g_assert_cmpint (f.kind_a, ==, PHYS_BODY_POLYGON);
  imp_assert_vec_near (f.local_a, 10.0, 0.0, 1e-12);
  g_assert_cmpint (f.body_b, ==, -1);
  phys_world_free (world);
}

/* A value written as a float with an integral value is an integer; null bounds mean open. */
static void
test_lenient_values (void)
{
  g_autoptr (GError) error = NULL;
  PhysWorld *world = load_inline ("{'impulse': 1.0, 'world': {'bounds': null, 'substeps': 2.0e0, "
                                  "'rest_speed': -1}}",
                                  &error);

  g_assert_no_error (error);
  g_assert_false (phys_world_get_def (world)->has_bounds);
  g_assert_cmpint (phys_world_get_def (world)->substeps, ==, 2);
  phys_world_free (world);
}

/* A polygon's vertices may go round either way; both give the same body, with the file's first
 * vertex first (it marks the angle on the canvas). */
static void
test_vertex_order (void)
{
  g_autoptr (GError) error = NULL;
  PhysWorld *world = load_inline (
      "{'impulse': 1, 'polygons': ["
      "{'id': 'screen-clockwise', 'pos': [10, 20], 'vertices': [[0, 0], [4, 0], [4, 2], [0, 3]]},"
      "{'id': 'screen-anticlockwise', 'pos': [10, 20], 'vertices': [[0, 0], [0, 3], [4, 2], "
      "[4, 0]]}]}",
      &error);

  g_assert_no_error (error);
  PhysPolygonWorld a = phys_world_polygon_placed (world, 0);
  PhysPolygonWorld b = phys_world_polygon_placed (world, 1);
  g_assert_cmpint (a.count, ==, 4);
  g_assert_cmpint (b.count, ==, 4);
  static const double expected[4][2] = { { 10, 20 }, { 14, 20 }, { 14, 22 }, { 10, 23 } };
  for (int i = 0; i < 4; i++)
    {
      imp_assert_vec_near (a.vertices[i], expected[i][0], expected[i][1], 1e-12);
      imp_assert_vec_near (b.vertices[i], expected[i][0], expected[i][1], 1e-12);
    }
  PhysPolygonBody pa = phys_world_get_polygon (world, 0), pb = phys_world_get_polygon (world, 1);
  g_assert_cmpfloat (pa.area, ==, pb.area);
  g_assert_cmpfloat (pa.inertia, ==, pb.inertia);
  /* Trapezoid area (3 + 2) / 2 * 4 = 10. */
  g_assert_cmpfloat_with_epsilon (pa.area, 10.0, 1e-12);
  phys_world_free (world);
}

/* Bad files: one row per mistake, message and position exact. */

typedef struct
{
  const char *name;
  ImpFormatError code;
  const char *doc;     /* single quotes stand for double quotes */
  const char *message; /* after "inline.json:" */
} BadInline;

static const BadInline bad_inline[] = {
  { "syntax/missing-comma", IMP_FORMAT_ERROR_SYNTAX,
    "{'impulse': 1, 'circles': [{'id': 'a' 'pos': [0, 0]}]}",
    "1:39: error: expected ',' or '}' after a member of an object, got a string" },
  { "syntax/trailing-comma-object", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'circles': [],}",
    "1:30: error: expected a key string after ',', got '}' (JSON allows no comma after the "
    "last member)" },
  { "syntax/trailing-comma-array", IMP_FORMAT_ERROR_SYNTAX,
    "{'impulse': 1, 'world': {'gravity': [0, 1,]}}",
    "1:43: error: expected a value after ',', got ']' (JSON allows no comma after the last "
    "element)" },
  { "syntax/missing-colon", IMP_FORMAT_ERROR_SYNTAX, "{'impulse' 1}",
    "1:12: error: expected ':' after the key \"impulse\", got a number" },
  { "syntax/unterminated-string", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'title': 'never closed}",
    "1:25: error: expected a closing '\"' for this string, got the end of the file" },
  { "syntax/line-break-in-string", IMP_FORMAT_ERROR_SYNTAX,
    "{'impulse': 1,\n 'title': 'two\nlines'}",
    "2:15: error: expected a closing '\"' before the end of the line (write a line break "
    "in a string as \\n)" },
  { "syntax/bad-escape", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'title': 'a\\x'}",
    "1:27: error: expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX after a "
    "backslash, got 'x'" },
  { "syntax/lone-surrogate", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'title': 'a\\udc00'}",
    "1:27: error: expected a high surrogate (\\uD800 to \\uDBFF) before the low surrogate "
    "\\uDC00" },
  { "syntax/nul-escape", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'title': 'a\\u0000'}",
    "1:27: error: expected a character other than \\u0000 (NUL cannot be in a string)" },
  { "syntax/leading-zero", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'world': {'dt': 01}}",
    "1:32: error: expected a number without a leading zero" },
  { "syntax/bare-fraction", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'world': {'dt': 1.}}",
    "1:34: error: expected a digit after '.', got '}'" },
  { "syntax/bare-word", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'world': {'dt': one}}",
    "1:32: error: expected a value, got 'one'" },
  { "syntax/nan", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1, 'world': {'dt': NaN}}",
    "1:32: error: expected a value, got 'NaN' (JSON has no NaN or infinity)" },
  { "syntax/big-integer", IMP_FORMAT_ERROR_SYNTAX,
    "{'impulse': 1, 'world': {'event_cap': 12345678901234567890}}",
    "1:39: error: expected an integer between -9223372036854775808 and "
    "9223372036854775807, got 12345678901234567890 (write larger numbers with an exponent, "
    "such as 1e20)" },
  { "syntax/duplicate-key", IMP_FORMAT_ERROR_SYNTAX,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'radius': 2}]}",
    "1:68: error: duplicate key \"radius\"; the first one is at 1:55" },
  { "syntax/empty", IMP_FORMAT_ERROR_SYNTAX, "  \n",
    "2:1: error: expected a value, got the end of the file" },
  { "syntax/after-end", IMP_FORMAT_ERROR_SYNTAX, "{'impulse': 1}\nx",
    "2:1: error: expected the end of the file after the top-level value, got 'x'" },
  { "syntax/unicode-columns", IMP_FORMAT_ERROR_SYNTAX,
    "{'impulse': 1, 'title': 'h\303\251llo w\303\266rld \342\230\203', x}",
    "1:42: error: expected a key string after ',', got 'x'" },
  { "syntax/crlf", IMP_FORMAT_ERROR_SYNTAX, "{\r\n  'impulse': 1,\r\n  ?\r\n}",
    "3:3: error: expected a key string after ',', got '?'" },
  { "syntax/bom", IMP_FORMAT_ERROR_SYNTAX, "\357\273\277{x}",
    "1:2: error: expected a key string or '}', got 'x'" },
  { "version/missing", IMP_FORMAT_ERROR_VERSION, "{'title': 'no version'}",
    "1:1: error: missing required key \"impulse\" in scene (the format version, 1)" },
  { "version/two", IMP_FORMAT_ERROR_VERSION, "{'impulse': 2}",
    "1:13: error: expected \"impulse\": 1 (the only format version this Impulse reads), "
    "got 2" },
  { "version/string", IMP_FORMAT_ERROR_VERSION, "{'impulse': '1'}",
    "1:13: error: expected \"impulse\": 1 (the only format version this Impulse reads), "
    "got \"1\"" },
  { "version/before-unknown-keys", IMP_FORMAT_ERROR_VERSION,
    "{'from_the_future': true, 'impulse': 2}",
    "1:38: error: expected \"impulse\": 1 (the only format version this Impulse reads), "
    "got 2" },
  { "type/top-level", IMP_FORMAT_ERROR_TYPE, "[1, 2]",
    "1:1: error: expected an object at the top level, got an array" },
  { "unknown-key/scene", IMP_FORMAT_ERROR_UNKNOWN_KEY, "{'impulse': 1, 'circle': []}",
    "1:16: error: unknown key \"circle\" in scene; did you mean \"circles\"?" },
  { "unknown-key/modes", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse': 1, 'world': {'modes': {'detecton': 'discrete'}}}",
    "1:36: error: unknown key \"detecton\" in modes; did you mean \"detection\"?" },
  { "unknown-key/no-guess", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse': 1, 'probes': [{'id': 'p', 'pos': [0, 0], 'colour': 'red'}]}",
    "1:54: error: unknown key \"colour\" in probe; expected one of \"id\", \"pos\", \"vel\"" },
  { "unknown-key/abbreviation", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'velocity': [1, "
    "0]}]}",
    "1:68: error: unknown key \"velocity\" in circle; did you mean \"vel\"?" },
  { "unknown-key/force-kind", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse': 1, 'forces': [{'type': 'drag', 'G': 1}]}",
    "1:44: error: unknown key \"G\" in drag force; expected one of \"type\", \"k\", "
    "\"targets\"" },
  { "type/pos-length", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [1, 2, 3], 'radius': 1}]}",
    "1:47: error: expected an array of 2 numbers [x, y] for \"pos\", got 3 elements" },
  { "type/pos-element", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [1, '2'], 'radius': 1}]}",
    "1:51: error: expected a number for \"pos\"[1], got a string" },
  { "type/sleep-number", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1,\n 'world': {'sleep': 3}}",
    "2:21: error: expected true or false for \"sleep\", got a number" },
  { "type/circles-object", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'circles': {}}",
    "1:27: error: expected an array for \"circles\", got an object" },
  { "type/circle-number", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'circles': [3]}",
    "1:28: error: expected a circle object in \"circles\", got a number" },
  { "type/fixed-string", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'fixed': 'yes'}]}",
    "1:77: error: expected true or false for \"fixed\", got a string" },
  { "type/world-array", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'world': []}",
    "1:25: error: expected an object for \"world\", got an array" },
  { "type/modes-null", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'world': {'modes': null}}",
    "1:35: error: expected an object for \"modes\", got null" },
  { "type/substeps-fraction", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'world': {'substeps': 2.5}}",
    "1:38: error: expected an integer for \"substeps\", got 2.5" },
  { "type/bounds-length", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'world': {'bounds': [0, 0, 800]}}",
    "1:36: error: expected an array of 4 numbers [x0, y0, x1, y1] or null for \"bounds\", "
    "got 3 elements" },
  { "type/bounds-string", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'world': {'bounds': 'box'}}",
    "1:36: error: expected an array of 4 numbers [x0, y0, x1, y1] or null for \"bounds\", "
    "got a string" },
  { "type/title-number", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'title': 5}",
    "1:25: error: expected a string for \"title\", got a number" },
  { "type/id-null", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'probes': [{'id': null, 'pos': [0, 0]}]}",
    "1:34: error: expected a string for \"id\", got null" },
  { "type/targets-string", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'drag', 'targets': 'p'}]}",
    "1:152: error: expected an array of circle ids for \"targets\", got a string" },
  { "type/integrator-number", IMP_FORMAT_ERROR_TYPE, "{'impulse': 1, 'world': {'integrator': 4}}",
    "1:40: error: expected a string for \"integrator\", got a number" },
  { "missing/segment-b", IMP_FORMAT_ERROR_MISSING,
    "{'impulse': 1, 'segments': [{'id': 'w', 'a': [0, 0]}]}",
    "1:29: error: missing required key \"b\" in segment" },
  { "missing/circle-id", IMP_FORMAT_ERROR_MISSING,
    "{'impulse': 1,\n  'circles': [\n    { 'pos': [0, 0], 'radius': 1 }\n  ]\n}",
    "3:5: error: missing required key \"id\" in circle" },
  { "missing/probe-pos", IMP_FORMAT_ERROR_MISSING, "{'impulse': 1, 'probes': [{'id': 'ship'}]}",
    "1:27: error: missing required key \"pos\" in probe" },
  { "missing/force-type", IMP_FORMAT_ERROR_MISSING, "{'impulse': 1, 'forces': [{'k': 1}]}",
    "1:27: error: missing required key \"type\" in force" },
  { "missing/attractor-source", IMP_FORMAT_ERROR_MISSING,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'attractor'}]}",
    "1:124: error: missing required key \"source\" in attractor force" },
  { "missing/spring-end", IMP_FORMAT_ERROR_MISSING,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'spring', 'a': 'p'}]}",
    "1:124: error: missing required key \"b\" or \"anchor\" in spring force" },
  { "duplicate-id/probe-after-circle", IMP_FORMAT_ERROR_DUPLICATE_ID,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1}], 'probes': "
    "[{'id': 'a', 'pos': [0, 0]}]}",
    "1:88: error: duplicate id \"a\"; the first one is at 1:35" },
  { "duplicate-id/reserved", IMP_FORMAT_ERROR_DUPLICATE_ID,
    "{'impulse': 1, 'segments': [{'id': 'bounds-left', 'a': [0, 0], 'b': [1, 0]}]}",
    "1:36: error: expected an id other than \"bounds-left\", which names a wall of the "
    "world bounds" },
  { "duplicate-id/target", IMP_FORMAT_ERROR_DUPLICATE_ID,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'drag', 'targets': ['p', 'p']}]}",
    "1:158: error: duplicate target \"p\"; the first one is at 1:153" },
  { "not-finite/gravity", IMP_FORMAT_ERROR_NOT_FINITE,
    "{'impulse': 1, 'world': {'gravity': [0, -1e400]}}",
    "1:41: error: expected a finite number for \"gravity\"[1], got -1e400" },
  { "not-finite/bounds", IMP_FORMAT_ERROR_NOT_FINITE,
    "{'impulse': 1, 'world': {'bounds': [0, 0, 1e999, 600]}}",
    "1:43: error: expected a finite number for \"bounds\"[2], got 1e999" },
  { "range/radius-zero", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 0}]}",
    "1:65: error: expected \"radius\" > 0, got 0" },
  { "range/radius-negative", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': -2.5}]}",
    "1:65: error: expected \"radius\" > 0, got -2.5" },
  { "range/mass-zero", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'mass': 0}]}",
    "1:76: error: expected \"mass\" > 0, got 0" },
  { "range/mass-negative-fixed", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'fixed': true, "
    "'mass': -1}]}",
    "1:91: error: expected \"mass\" > 0, got -1" },
  { "range/restitution", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'restitution': "
    "1.5}]}",
    "1:83: error: expected \"restitution\" between 0 and 1, got 1.5" },
  { "range/segment-restitution", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'segments': [{'id': 'w', 'a': [0, 0], 'b': [1, 0], 'restitution': "
    "-0.1}]}",
    "1:82: error: expected \"restitution\" between 0 and 1, got -0.1" },
  { "range/bounds-restitution", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'bounds_restitution': 2}}",
    "1:48: error: expected \"bounds_restitution\" between 0 and 1, got 2" },
  { "range/zero-length-segment", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'segments': [{'id': 'w', 'a': [5, 5], 'b': [5.0, 5]}]}",
    "1:59: error: expected \"b\" to differ from \"a\", got the same point" },
  { "range/dt-zero", IMP_FORMAT_ERROR_RANGE, "{'impulse': 1, 'world': {'dt': 0}}",
    "1:32: error: expected \"dt\" > 0, got 0" },
  { "range/dt-negative", IMP_FORMAT_ERROR_RANGE, "{'impulse': 1, 'world': {'dt': -0.5}}",
    "1:32: error: expected \"dt\" > 0, got -0.5" },
  { "range/substeps-zero", IMP_FORMAT_ERROR_RANGE, "{'impulse': 1, 'world': {'substeps': 0}}",
    "1:38: error: expected \"substeps\" between 1 and 1000, got 0" },
  { "range/substeps-too-many", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'substeps': 1001}}",
    "1:38: error: expected \"substeps\" between 1 and 1000, got 1001" },
  { "range/event-cap-negative", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'event_cap': -1}}",
    "1:39: error: expected \"event_cap\" between 0 and 100000, got -1" },
  /* Issue 13: a cap of 2^31 - 1 let a circle larger than its box log events until memory
   * ran out; one past it was refused with no upper limit named. */
  { "range/event-cap-int-max", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'bounds': [0, 0, 10, 10], 'event_cap': 2147483647},\n"
    " 'circles': [{'id': 'big', 'pos': [5, 5], 'radius': 20}]}",
    "1:65: error: expected \"event_cap\" between 0 and 100000, got 2147483647" },
  { "range/event-cap-past-int", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'event_cap': 2147483648}}",
    "1:39: error: expected \"event_cap\" between 0 and 100000, got 2147483648" },
  /* Issue 13: numbers a state would turn into NaN, refused where they are written. */
  { "range/radius-underflows-mass", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1e-170}]}",
    "1:65: error: expected \"radius\" >= 1e-30 (smaller sizes make masses underflow to 0), got "
    "1e-170" },
  { "range/mass-denormal", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'mass': 5e-324}]}",
    "1:76: error: expected \"mass\" >= 1e-30 (smaller sizes make masses underflow to 0), got "
    "5e-324" },
  { "range/mass-huge", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'mass': 1e300}]}",
    "1:76: error: expected a number between -1e30 and 1e30 for \"mass\", got 1e300" },
  { "range/velocity-overflows-energy", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'vel': [1e300, 0], 'radius': 1}]}",
    "1:63: error: expected a number between -1e30 and 1e30 for \"vel\"[0], got 1e300" },
  { "range/attractor-huge-G", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1}],\n"
    " 'forces': [{'type': 'attractor', 'source': 'a', 'G': 1e40}]}",
    "2:55: error: expected a number between -1e30 and 1e30 for \"G\", got 1e40" },
  { "range/dt-tiny", IMP_FORMAT_ERROR_RANGE, "{'impulse': 1, 'world': {'dt': 1e-200}}",
    "1:32: error: expected \"dt\" >= 1e-30 (smaller sizes make masses underflow to 0), got "
    "1e-200" },
  { "range/bounds-x", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'bounds': [800, 0, 0, 600]}}",
    "1:36: error: expected x0 < x1 in \"bounds\", got x0 = 800 and x1 = 0" },
  { "range/bounds-y", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'bounds': [0, 600, 800, 600]}}",
    "1:36: error: expected y0 < y1 in \"bounds\", got y0 = 600 and y1 = 600" },
  { "range/attractor-G", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'attractor', 'source': 'sun', 'G': "
    "0}]}",
    "1:168: error: expected \"G\" > 0, got 0" },
  { "range/spring-k", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'spring', 'a': 'p', 'anchor': [0, "
    "0], 'k': -0.5}]}",
    "1:176: error: expected \"k\" >= 0, got -0.5" },
  { "range/rest-length", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'bungee', 'a': 'p', 'anchor': [0, "
    "0], 'rest_length': -3}]}",
    "1:186: error: expected \"rest_length\" >= 0, got -3" },
  { "range/id-empty", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'probes': [{'id': '', 'pos': [0, 0]}]}",
    "1:34: error: expected an id of 1 to 47 bytes, got an empty string" },
  { "range/id-long", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'probes': [{'id': 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', "
    "'pos': [0, 0]}]}",
    "1:34: error: expected an id of 1 to 47 bytes, got 48 bytes" },
  { "range/id-characters", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'probes': [{'id': 'my ship', 'pos': [0, 0]}]}",
    "1:34: error: expected an id made of ASCII letters, digits, '-', '_' and '.', got \"my "
    "ship\"" },
  { "range/source-in-targets", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'attractor', 'targets': ['p', "
    "'sun'], 'source': 'sun'}]}",
    "1:163: error: expected a target other than the source, got \"sun\"" },
  { "range/spring-same-body", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'spring', 'a': 'p', 'b': 'p'}]}",
    "1:158: error: expected \"b\" to differ from \"a\", got \"p\" for both" },
  { "range/spring-b-and-anchor", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'spring', 'a': 'p', 'b': 'sun', "
    "'anchor': [0, 0]}]}",
    "1:175: error: expected either \"b\" or \"anchor\" in spring force, not both" },
  { "enum/world-integrator", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'integrator': 'rk5'}}",
    "1:40: error: expected one of \"euler\", \"semi-implicit-euler\", \"midpoint\", "
    "\"rk4\", \"verlet\" for \"integrator\", got \"rk5\"; did you mean \"rk4\"?" },
  { "enum/circle-integrator", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1, 'integrator': "
    "'RK4'}]}",
    "1:82: error: expected one of \"euler\", \"semi-implicit-euler\", \"midpoint\", "
    "\"rk4\", \"verlet\", \"default\" for \"integrator\", got \"RK4\"; did you mean "
    "\"rk4\"?" },
  { "enum/response", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'segments': [{'id': 'w', 'a': [0, 0], 'b': [1, 0], 'response': "
    "'bounce'}]}",
    "1:79: error: expected one of \"reflect\", \"slide\" for \"response\", got \"bounce\"" },
  { "enum/detection", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'world': {'modes': {'detection': 'continuous'}}}",
    "1:49: error: expected one of \"swept\", \"discrete\" for \"detection\", got "
    "\"continuous\"" },
  { "enum/force-type", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'forces': [{'type': 'spirng', 'a': 'p'}]}",
    "1:36: error: expected one of \"attractor\", \"drag\", \"spring\", \"bungee\" for "
    "\"type\", got \"spirng\"; did you mean \"spring\"?" },
  { "unknown-id/target", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'attractor', 'source': 'sun', "
    "'targets': ['p', 'q']}]}",
    "1:180: error: expected the id of a circle for \"targets\"[1], got \"q\"" },
  { "unknown-id/segment-as-source", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'segments': [{'id': 'wall', 'a': [0, 0], 'b': [1, 0]}], "
    "'forces': [{'type': 'attractor', 'source': 'wall'}]}",
    "1:212: error: expected the id of a circle for \"source\", got \"wall\", which is a "
    "segment" },
  { "unknown-id/spring-b", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'spring', 'a': 'p', 'b': 'ghost'}]}",
    "1:158: error: expected the id of a circle or a polygon for \"b\", got \"ghost\"" },
  { "unknown-id/spring-a-guess", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse': 1, 'circles': [{'id': 'sun', 'pos': [0, 0], 'radius': 5}, {'id': 'p', "
    "'pos': [9, 0], 'radius': 1}], 'forces': [{'type': 'spring', 'a': 'Sun', 'anchor': [0, "
    "0]}]}",
    "1:148: error: expected the id of a circle or a polygon for \"a\", got \"Sun\"; did you "
    "mean \"sun\"?" },
  { "range/polygon-too-few", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [4, "
    "0]]}]}",
    "1:68: error: expected 3 to 16 vertices for \"vertices\", got 2 vertices" },
  { "range/polygon-repeated", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [4, 0], "
    "[4, 3], [4, 0]]}]}",
    "1:93: error: expected distinct vertices for \"vertices\", got \"vertices\"[3] at "
    "the same point as \"vertices\"[1]" },
  { "range/polygon-not-convex", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [4, 0], "
    "[1, 1], [0, 4]]}]}",
    "1:85: error: expected a convex polygon for \"vertices\", got a corner at "
    "\"vertices\"[2] that turns the other way or runs straight on" },
  { "range/polygon-not-convex-other-way", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [0, 4], "
    "[1, 1], [4, 0]]}]}",
    "1:85: error: expected a convex polygon for \"vertices\", got a corner at "
    "\"vertices\"[2] that turns the other way or runs straight on" },
  { "range/polygon-winds-twice", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [2, "
    "-4], [4, 0], [0, -3], [4, -3]]}]}",
    "1:94: error: expected a convex polygon for \"vertices\", got \"vertices\"[3] "
    "outside the edge from \"vertices\"[0] to \"vertices\"[1] (the outline winds round "
    "twice)" },
  { "range/polygon-on-a-line", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [1, 1], "
    "[2, 2]]}]}",
    "1:68: error: expected vertices that enclose an area for \"vertices\", got points on "
    "one line (or too thin to tell from one)" },
  { "range/polygon-too-many", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': "
    "[[0,0],[1,0],[2,0],[3,0],[4,0],[5,0],[6,0],[7,0],[8,0],[9,0],[10,0],[11,0],[12,0],[13"
    ",0],[14,0],[15,0],[16,0]]}]}",
    "1:68: error: expected 3 to 16 vertices for \"vertices\", got 17 vertices" },
  { "type/vertex-element", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [4, 0], "
    "[4, 'x']]}]}",
    "1:89: error: expected a number for \"vertices\"[2][1], got a string" },
  { "type/vertex-length", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [4, 0], "
    "[4]]}]}",
    "1:85: error: expected an array of 2 numbers [x, y] for \"vertices\"[2], got 1 "
    "element" },
  { "range/polygon-two-shapes", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1, 2], 'regular': "
    "{'sides': 3, 'radius': 1}}]}",
    "1:82: error: expected only one of \"vertices\", \"box\" and \"regular\" in polygon, "
    "got \"box\" and \"regular\"" },
  { "missing/polygon-shape", IMP_FORMAT_ERROR_MISSING,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0]}]}",
    "1:29: error: missing required key \"vertices\", \"box\" or \"regular\" in polygon" },
  { "range/box-zero", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [0, 2]}]}",
    "1:64: error: expected \"box\"[0] > 0, got 0" },
  { "range/box-too-thin", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1e30, 1e-30]}]}",
    "1:63: error: expected a polygon with an area for \"box\", got one too thin to tell "
    "from a line (status \"degenerate-area\")" },
  { "range/regular-sides", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'regular': {'sides': 17, "
    "'radius': 3}}]}",
    "1:77: error: expected \"sides\" between 3 and 16, got 17" },
  { "unknown-key/regular", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'regular': {'side': 5, "
    "'radius': 3}}]}",
    "1:68: error: unknown key \"side\" in \"regular\"; did you mean \"sides\"?" },
  { "range/polygon-density-and-mass", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1, 2], 'mass': 2, "
    "'density': 3}]}",
    "1:93: error: expected either \"density\" or \"mass\" in polygon, not both" },
  { "range/friction", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1, 2], 'friction': "
    "-1}]}",
    "1:83: error: expected \"friction\" between 0 and 1000000, got -1" },
  { "unknown-key/polygon-angle", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1, 2], 'angle': 30}]}",
    "1:71: error: unknown key \"angle\" in polygon; did you mean \"angle_rad\"?" },
  { "range/curve-one-point", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'curves': [{'id': 'k', 'points': [[1, 1], [1, 1], [1, 1], [1, 1]]}]}",
    "1:49: error: expected control points that are not all the same point for \"points\" "
    "(a curve needs a length)" },
  { "type/curve-three-points", IMP_FORMAT_ERROR_TYPE,
    "{'impulse': 1, 'curves': [{'id': 'k', 'points': [[0, 0], [1, 1], [2, 0]]}]}",
    "1:49: error: expected an array of 4 points [x, y] for \"points\", got 3 elements" },
  { "unknown-id/spring-segment", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse': 1, 'segments': [{'id': 'w', 'a': [0, 0], 'b': [1, 0]}], 'forces': "
    "[{'type': 'spring', 'a': 'w', 'anchor': [0, 0]}]}",
    "1:104: error: expected the id of a circle or a polygon for \"a\", got \"w\", which "
    "is a segment" },
  { "unknown-id/spring-polygon-typo", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse': 1, 'polygons': [{'id': 'wheel', 'pos': [0, 0], 'box': [1, 2]}], "
    "'forces': [{'type': 'spring', 'a': 'wheal', 'anchor': [0, 0]}]}",
    "1:112: error: expected the id of a circle or a polygon for \"a\", got \"wheal\"; "
    "did you mean \"wheel\"?" },
  { "range/local-b-with-anchor", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1, 2]}], 'forces': "
    "[{'type': 'spring', 'a': 'p', 'anchor': [0, 0], 'local_b': [1, 1]}]}",
    "1:142: error: expected \"local_b\" only with \"b\" in spring force (an \"anchor\" "
    "is a point of the world)" },
  { "unknown-id/drag-polygon", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1, 2]}], 'forces': "
    "[{'type': 'drag', 'targets': ['p']}]}",
    "1:113: error: expected the id of a circle for \"targets\"[0], got \"p\", which is a "
    "polygon" },
  /* Fields each in range whose polygon is not: the error names the quantity and its member. */
  { "range/polygon-area-too-large", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1e16, 1e16]}]}",
    "1:63: error: expected a polygon whose area is between 1e-30 and 1e30, got 1e+32" },
  { "range/polygon-area-too-small", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], [1e-20, 0], "
    "[0, 1e-20]]}]}",
    "1:68: error: expected a polygon whose area is between 1e-30 and 1e30, got 5e-41" },
  { "range/polygon-mass-from-density", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [10, 10], 'density': 1e29}]}",
    "1:84: error: expected a mass (density 1e+29 times area 100) between 1e-30 and 1e30, got "
    "1e+31" },
  { "range/polygon-inertia", IMP_FORMAT_ERROR_RANGE,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1e5, 1e5], 'mass': 1e29}]}",
    "1:83: error: expected a moment of inertia between 1e-30 and 1e30, got 1.66667e+38 (from "
    "the shape's size and its mass)" },
  { "duplicate-id/curve-after-polygon", IMP_FORMAT_ERROR_DUPLICATE_ID,
    "{'impulse': 1, 'polygons': [{'id': 'p', 'pos': [0, 0], 'box': [1, 2]}], 'curves': "
    "[{'id': 'p', 'points': [[0, 0], [1, 1], [2, 1], [3, 0]]}]}",
    "1:91: error: duplicate id \"p\"; the first one is at 1:36" },
};

static void
test_bad_inline (gconstpointer data)
{
  const BadInline *bad = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *expected = g_strconcat ("inline.json:", bad->message, NULL);
  PhysWorld *world = load_inline (bad->doc, &error);

  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, (int)bad->code);
  g_assert_cmpstr (error->message, ==, expected);
}

/* Documents that cannot be written with the single-quote shorthand. */
typedef struct
{
  const char *name;
  const char *doc;
  gssize length;
  const char *message;
} BadRaw;

static const BadRaw bad_raw[] = {
  { "syntax/comment", "{\"impulse\": 1, // the version\n}", -1,
    "1:16: error: expected a key string after ',', got '/' (JSON has no comments)" },
  { "syntax/single-quotes", "{'impulse': 1}", -1,
    "1:2: error: expected a key string or '}', got a single quote (JSON strings use double "
    "quotes)" },
  { "syntax/invalid-utf8", "{\"impulse\": 1, \"title\": \"caf\xe9\"}", -1,
    "1:29: error: expected UTF-8 text, got the byte 0xE9" },
  { "syntax/nul-byte", "{\"impulse\": 1}\0", 15, "1:15: error: expected text, got a NUL byte" },
};

static void
test_bad_raw (gconstpointer data)
{
  const BadRaw *bad = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *expected = g_strconcat ("raw.json:", bad->message, NULL);
  PhysWorld *world = imp_scene_load_data (bad->doc, bad->length, "raw.json", &error);

  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, expected);
}

/* One fixture file per error class, loaded by path as a user would. */
typedef struct
{
  const char *file;
  ImpFormatError code;
  const char *message; /* after "PATH:" */
} BadFixture;

static const BadFixture bad_fixtures[] = {
  { "bad-syntax.json", IMP_FORMAT_ERROR_SYNTAX,
    "4:17: error: expected ',' or '}' after a member of an object, got a string" },
  { "bad-version.json", IMP_FORMAT_ERROR_VERSION,
    "2:14: error: expected \"impulse\": 1 (the only format version this Impulse reads), got 2" },
  { "bad-unknown-key.json", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "4:37: error: unknown key \"radus\" in circle; did you mean \"radius\"?" },
  { "bad-type.json", IMP_FORMAT_ERROR_TYPE,
    "4:47: error: expected a number for \"radius\", got a string" },
  { "bad-missing.json", IMP_FORMAT_ERROR_MISSING,
    "5:5: error: missing required key \"radius\" in circle" },
  { "bad-duplicate-id.json", IMP_FORMAT_ERROR_DUPLICATE_ID,
    "7:13: error: duplicate id \"ball\"; the first one is at 4:13" },
  { "bad-not-finite.json", IMP_FORMAT_ERROR_NOT_FINITE,
    "4:47: error: expected a finite number for \"radius\", got 1e999" },
  { "bad-range.json", IMP_FORMAT_ERROR_RANGE, "4:59: error: expected \"mass\" > 0, got 0" },
  { "bad-unknown-id.json", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "8:38: error: expected the id of a circle for \"source\", got \"sunn\"; did you mean "
    "\"sun\"?" },
  { "bad-enum.json", IMP_FORMAT_ERROR_RANGE,
    "4:19: error: expected one of \"euler\", \"semi-implicit-euler\", \"midpoint\", \"rk4\", "
    "\"verlet\" for \"integrator\", got \"rk5\"; did you mean \"rk4\"?" },
};

static void
test_bad_fixture (gconstpointer data)
{
  const BadFixture *bad = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "scenes", bad->file, NULL);
  g_autofree char *expected = g_strconcat (path, ":", bad->message, NULL);
  PhysWorld *world = imp_scene_load_file (path, &error);

  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, (int)bad->code);
  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_too_deep (void)
{
  g_autoptr (GString) doc = g_string_new ("{\"impulse\": 1, \"title\": ");
  g_autoptr (GError) error = NULL;

  /* The object is level 1, so the 256th bracket opens level 257. */
  for (int i = 0; i < 300; i++)
    g_string_append_c (doc, '[');
  PhysWorld *world = imp_scene_load_data (doc->str, -1, "deep.json", &error);

  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==,
                   "deep.json:1:280: error: expected at most 256 levels of nested arrays and "
                   "objects");
}

static void
test_io_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "scenes", "no-such.json", NULL);
  g_autofree char *prefix = g_strconcat (path, ": error: cannot read the scene: ", NULL);
  PhysWorld *world = imp_scene_load_file (path, &error);

  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

static void
test_io_missing_resource (void)
{
  const char *uri = "resource://" IMP_SCENE_RESOURCE_PATH "no-such.json";
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = g_strconcat (uri, ": error: cannot read the scene: ", NULL);
  PhysWorld *world = imp_scene_load_file (uri, &error);

  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

/* Limits: one more body than the core holds, in a generated document with one
 * element per line, so element i sits at line i + 2, column 1. */
typedef struct
{
  const char *section;
  int limit;
  const char *element; /* printf format taking the element's index */
} LimitCase;

static const LimitCase limit_cases[] = {
  { "circles", PHYS_MAX_CIRCLES, "{\"id\": \"c%d\", \"pos\": [0, 0], \"radius\": 1}" },
  { "segments", PHYS_MAX_SEGMENTS, "{\"id\": \"s%d\", \"a\": [0, 0], \"b\": [1, 0]}" },
  { "probes", PHYS_MAX_PROBES, "{\"id\": \"p%d\", \"pos\": [0, 0]}" },
  { "forces", PHYS_MAX_FORCES, "{\"type\": \"drag\", \"k\": %d}" },
};

static void
test_limit (gconstpointer data)
{
  const LimitCase *lc = data;
  g_autoptr (GString) doc = g_string_new (NULL);
  g_autoptr (GError) error = NULL;

  g_string_append_printf (doc, "{\"impulse\": 1, \"%s\": [\n", lc->section);
  for (int i = 0; i <= lc->limit; i++)
    {
      g_string_append_printf (doc, lc->element, i);
      g_string_append (doc, i < lc->limit ? ",\n" : "\n");
    }
  g_string_append (doc, "]}\n");

  PhysWorld *world = imp_scene_load_data (doc->str, (gssize) doc->len, "big.json", &error);
  g_autofree char *expected
      = g_strdup_printf ("big.json:%d:1: error: expected at most %d %s, "
                         "got %d",
                         lc->limit + 2, lc->limit, lc->section, lc->limit + 1);
  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_LIMIT);
  g_assert_cmpstr (error->message, ==, expected);
}

/* The position scanner on its own */

static const char positions_doc[] = "{\n"
                                    "  \"title\": \"h\xc3\xa9\xe2\x98\x83\", \"n\": 1e999,\n"
                                    "  \"circles\": [\n"
                                    "    {\"id\": \"a\"},\n"
                                    "    {\"id\": \"b\", \"radius\": -3}\n"
                                    "  ]\n"
                                    "}\n";

static void
test_positions_find (void)
{
  ImpJsonLocation err_loc;
  g_autofree char *err = NULL;
  g_autoptr (ImpJsonPositions) pos
      = imp_json_positions_scan (positions_doc, strlen (positions_doc), &err_loc, &err);
  ImpJsonLocation loc;

  g_assert_null (err);
  g_assert_nonnull (pos);

  int root = imp_json_positions_find (pos, "");
  g_assert_cmpint (root, ==, 0);
  loc = imp_json_positions_value_location (pos, root);
  g_assert_cmpint (loc.line, ==, 1);
  g_assert_cmpint (loc.column, ==, 1);
  g_assert_false (imp_json_positions_key_location (pos, root, &loc));

  int radius = imp_json_positions_find (pos, "circles[1].radius");
  g_assert_cmpint (radius, >, 0);
  loc = imp_json_positions_value_location (pos, radius);
  g_assert_cmpint (loc.line, ==, 5);
  g_assert_cmpint (loc.column, ==, 27);
  g_assert_true (imp_json_positions_key_location (pos, radius, &loc));
  g_assert_cmpint (loc.line, ==, 5);
  g_assert_cmpint (loc.column, ==, 17);

  /* Columns count characters: "hé☃" is three columns, not six bytes. */
  int n = imp_json_positions_find (pos, "n");
  loc = imp_json_positions_value_location (pos, n);
  g_assert_cmpint (loc.line, ==, 2);
  g_assert_cmpint (loc.column, ==, 24);
  gsize length;
  const char *text = imp_json_positions_text (pos, n, &length);
  g_assert_cmpmem (text, length, "1e999", 5);

  int element = imp_json_positions_find (pos, "circles[1]");
  text = imp_json_positions_text (pos, element, &length);
  g_assert_cmpmem (text, length, "{\"id\": \"b\", \"radius\": -3}", 25);

  g_assert_cmpint (imp_json_positions_find (pos, "circles[2]"), ==, -1);
  g_assert_cmpint (imp_json_positions_find (pos, "circles.id"), ==, -1);
  g_assert_cmpint (imp_json_positions_find (pos, "title[0]"), ==, -1);
  g_assert_cmpint (imp_json_positions_find (pos, "nothing"), ==, -1);
  g_assert_cmpint (imp_json_positions_find (pos, "circles[x]"), ==, -1);
}

static void
test_positions_locate (void)
{
  ImpJsonLocation err_loc;
  g_autofree char *err = NULL;
  g_autoptr (ImpJsonPositions) pos
      = imp_json_positions_scan (positions_doc, strlen (positions_doc), &err_loc, &err);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, positions_doc, -1, &error));
  JsonNode *root = json_parser_get_root (parser);
  JsonArray *circles = json_object_get_array_member (json_node_get_object (root), "circles");
  JsonNode *b = json_object_get_member (json_array_get_object_element (circles, 1), "id");

  g_assert_cmpint (imp_json_positions_locate (pos, root, root), ==, 0);
  g_assert_cmpint (imp_json_positions_locate (pos, root, b), ==,
                   imp_json_positions_find (pos, "circles[1].id"));

  g_autoptr (JsonNode) stranger = json_node_new (JSON_NODE_NULL);
  g_assert_cmpint (imp_json_positions_locate (pos, root, stranger), ==, -1);
}

/* Past a few members, repeated keys are found through a hash set: same answer. */
static void
test_positions_many_keys (void)
{
  g_autoptr (GString) doc = g_string_new ("{");
  ImpJsonLocation loc;
  g_autofree char *err = NULL;

  for (int i = 0; i < 100; i++)
    g_string_append_printf (doc, "\"k%d\": %d,\n", i, i);
  g_string_append (doc, "\"k42\": 0}");

  ImpJsonPositions *pos = imp_json_positions_scan (doc->str, doc->len, &loc, &err);
  g_assert_null (pos);
  g_assert_cmpstr (err, ==, "duplicate key \"k42\"; the first one is at 43:1");
  g_assert_cmpint (loc.line, ==, 101);
  g_assert_cmpint (loc.column, ==, 1);
}

/* Suggestions */

typedef struct
{
  const char *name;
  const char *word;
  const char *candidates; /* space-separated */
  const char *expected;   /* NULL: no suggestion */
} SuggestCase;

static const SuggestCase suggest_cases[] = {
  { "typo", "radus", "id pos vel radius mass restitution", "radius" },
  { "case", "Radius", "id pos vel radius mass", "radius" },
  { "swap", "spirng", "attractor drag spring bungee", "spring" },
  { "abbreviation", "velocity", "id pos vel radius", "vel" },
  { "longer", "circle", "impulse title circles segments", "circles" },
  { "digit", "rk5", "euler midpoint rk4 verlet", "rk4" },
  { "nearest-first", "ab", "ac ab", "ab" },
  { "single-letter", "x", "a b k", NULL },
  { "unrelated", "colour", "id pos vel", NULL },
  { "far", "zzzzzz", "radius restitution", NULL },
};

static void
test_suggest (gconstpointer data)
{
  const SuggestCase *sc = data;
  g_auto (GStrv) candidates = g_strsplit (sc->candidates, " ", -1);

  g_assert_cmpstr (imp_suggest_nearest (sc->word, (const char *const *) candidates, -1), ==,
                   sc->expected);
}

static void
test_suggest_distance (void)
{
  g_assert_cmpuint (imp_suggest_distance ("kitten", "sitting"), ==, 3);
  g_assert_cmpuint (imp_suggest_distance ("ab", "ba"), ==, 1);
  g_assert_cmpuint (imp_suggest_distance ("", "abc"), ==, 3);
  g_assert_cmpuint (imp_suggest_distance ("abc", ""), ==, 3);
  g_assert_cmpuint (imp_suggest_distance ("abc", "ABC"), ==, 0);
  g_assert_cmpuint (imp_suggest_distance ("detecton", "detection"), ==, 1);
}

/* "sleep": false in a scene with polygons keeps the motion that scene had before polygons
 * could sleep: the tumbling polygons with sleep off end frame 600 in the hash the build before
 * sleeping gave (ddbd2b7f0b94a569, impulse run --hash of the same file then); with sleep on they
 * fall asleep in islands and the hash differs. */
static void
test_sleep_false_keeps_rigid_hash (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("IMPULSE_SCENES_DIR"),
                                            "seed004-tumbling-polygons.json", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  const char *gravity = "\"gravity\": [0, 0.1]";
  g_assert_nonnull (strstr (text, gravity));
  for (int sleep = 0; sleep < 2; sleep++)
    {
      GString *scene = g_string_new (text);
      g_string_replace (scene, gravity,
                        sleep ? "\"gravity\": [0, 0.1], \"sleep\": true"
                              : "\"gravity\": [0, 0.1], \"sleep\": false",
                        1);
      GError *error = NULL;
      PhysWorld *world = imp_scene_load_data (scene->str, (gssize) scene->len, "tumbling", &error);
      g_assert_no_error (error);
      int asleep = 0;
      for (int f = 0; f < 600; f++)
        phys_world_step (world, NULL);
      for (int i = 0; i < phys_world_polygon_count (world); i++)
        asleep += phys_world_get_polygon (world, i).asleep_since >= 0;
      if (sleep)
        {
          g_assert_cmpuint (phys_world_hash (world), !=, G_GUINT64_CONSTANT (0xddbd2b7f0b94a569));
          g_assert_cmpint (asleep, >, 0);
        }
      else
        {
          g_assert_cmpuint (phys_world_hash (world), ==, G_GUINT64_CONSTANT (0xddbd2b7f0b94a569));
          g_assert_cmpint (asleep, ==, 0);
        }
      phys_world_free (world);
      g_string_free (scene, TRUE);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (shipped_scenes); i++)
    {
      g_autofree char *file
          = g_strconcat ("/lessons/loader/shipped/", shipped_scenes[i].name, NULL);
      g_autofree char *resource
          = g_strconcat ("/lessons/loader/resource/", shipped_scenes[i].name, NULL);
      g_test_add_data_func (file, &shipped_scenes[i], test_shipped_file);
      g_test_add_data_func (resource, &shipped_scenes[i], test_shipped_resource);
    }
  g_test_add_func ("/lessons/loader/shipped-list", test_shipped_list);

  g_test_add_func ("/lessons/loader/good/defaults", test_defaults);
  g_test_add_func ("/lessons/loader/good/body-defaults", test_body_defaults);
  g_test_add_func ("/lessons/loader/good/all-keys", test_all_keys);
  g_test_add_func ("/lessons/loader/good/lenient-values", test_lenient_values);
  g_test_add_func ("/lessons/loader/good/vertex-order", test_vertex_order);
  g_test_add_func ("/lessons/loader/good/sleep-false-keeps-rigid-hash",
                   test_sleep_false_keeps_rigid_hash);

  for (gsize i = 0; i < G_N_ELEMENTS (bad_fixtures); i++)
    {
      g_autofree char *base
          = g_strndup (bad_fixtures[i].file, strlen (bad_fixtures[i].file) - strlen (".json"));
      g_autofree char *path = g_strconcat ("/lessons/loader/fixture/", base, NULL);
      g_test_add_data_func (path, &bad_fixtures[i], test_bad_fixture);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad_inline); i++)
    {
      g_autofree char *path = g_strconcat ("/lessons/loader/", bad_inline[i].name, NULL);
      g_test_add_data_func (path, &bad_inline[i], test_bad_inline);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad_raw); i++)
    {
      g_autofree char *path = g_strconcat ("/lessons/loader/", bad_raw[i].name, NULL);
      g_test_add_data_func (path, &bad_raw[i], test_bad_raw);
    }
  g_test_add_func ("/lessons/loader/syntax/too-deep", test_too_deep);
  g_test_add_func ("/lessons/loader/io/missing-file", test_io_missing_file);
  g_test_add_func ("/lessons/loader/io/missing-resource", test_io_missing_resource);
  for (gsize i = 0; i < G_N_ELEMENTS (limit_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/lessons/loader/limit/", limit_cases[i].section, NULL);
      g_test_add_data_func (path, &limit_cases[i], test_limit);
    }

  g_test_add_func ("/lessons/json-positions/find", test_positions_find);
  g_test_add_func ("/lessons/json-positions/locate", test_positions_locate);
  g_test_add_func ("/lessons/json-positions/many-keys", test_positions_many_keys);

  for (gsize i = 0; i < G_N_ELEMENTS (suggest_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/lessons/suggest/", suggest_cases[i].name, NULL);
      g_test_add_data_func (path, &suggest_cases[i], test_suggest);
    }
  g_test_add_func ("/lessons/suggest/distance", test_suggest_distance);

  return g_test_run ();
}
