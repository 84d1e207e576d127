/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rigid-world.c: rotation state and polygon and curve bodies in a world: adding and
 * reading them back, mass properties, poses, turning under torque, energies, and the state
 * (save, load, copy, hash) the timeline relies on. */
#include <math.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

static int
add_box (PhysWorld *world, const char *name, double x, double y, double w, double h,
         double angle)
{
  PhysPolygon box = phys_polygon_box (w, h);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = name;
  def.vertices = box.vertices;
  def.count = box.count;
  def.position = phys_v2 (x, y);
  def.angle = angle;
  int index = -1;
  g_assert_cmpint (phys_world_add_polygon (world, &def, &index, NULL), ==, PHYS_OK);
  return index;
}

/* A 2 x 1 box of density 2: mass 4, I = m (w^2 + h^2) / 12 = 5/3; read back by name. */
static void
test_add_box (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysPolygon box = phys_polygon_box (2, 1);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "box";
  def.vertices = box.vertices;
  def.count = box.count;
  def.position = phys_v2 (10, 5);
  def.density = 2;
  def.velocity = phys_v2 (1, -2);
  def.angular_velocity = 0.25;
  def.friction = 0.6;
  def.restitution = 0.5;
  int index = -1;
  g_assert_cmpint (phys_world_add_polygon (world, &def, &index, NULL), ==, PHYS_OK);
  g_assert_cmpint (index, ==, 0);
  g_assert_cmpint (phys_world_polygon_count (world), ==, 1);
  g_assert_cmpint (phys_world_body_count (world, PHYS_BODY_POLYGON), ==, 1);

  PhysPolygonBody p = phys_world_get_polygon (world, 0);
  g_assert_cmpstr (p.name, ==, "box");
  g_assert_cmpfloat_with_epsilon (p.area, 2.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (p.mass, 4.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (p.inv_mass, 0.25, 1e-15);
  g_assert_cmpfloat_with_epsilon (p.inertia, 5.0 / 3.0, 1e-14);
  g_assert_cmpfloat_with_epsilon (p.inv_inertia, 0.6, 1e-14);
  g_assert_cmpfloat_with_epsilon (p.radius, sqrt (1.25), 1e-15);
  imp_assert_vec_near (p.position, 10, 5, 1e-15);
  imp_assert_vec_equal (p.velocity, 1, -2);
  g_assert_cmpfloat (p.angular_velocity, ==, 0.25);
  g_assert_cmpfloat (p.friction, ==, 0.6);
  g_assert_cmpfloat (p.restitution, ==, 0.5);

  PhysBodyRef ref;
  g_assert_true (phys_world_find (world, "box", &ref));
  g_assert_cmpint (ref.kind, ==, PHYS_BODY_POLYGON);
  g_assert_cmpint (ref.index, ==, 0);
  g_assert_cmpstr (phys_world_body_name (world, ref), ==, "box");
  g_assert_cmpstr (phys_body_kind_name (PHYS_BODY_POLYGON), ==, "polygon");

  /* The same name twice is refused. */
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_ERROR_NAME);
  phys_world_free (world);
}

/* The right triangle (0, 0), (4, 0), (0, 3) has its centroid at (4/3, 1): given at (1, 2) turned
 * by pi/2, its centre of mass is at (1, 2) + R (4/3, 1) = (0, 10/3); the shape is kept about it. */
static void
test_centre_of_mass (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysVec2 v[] = { { 0, 0 }, { 4, 0 }, { 0, 3 } };
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "tri";
  def.vertices = v;
  def.count = 3;
  def.position = phys_v2 (1, 2);
  def.angle = PHYS_PI / 2;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  PhysPolygonBody p = phys_world_get_polygon (world, 0);
  imp_assert_vec_near (p.position, 0.0, 10.0 / 3.0, 1e-14);
  imp_assert_vec_near (p.local_origin, -4.0 / 3.0, -1.0, 1e-15);
  imp_assert_vec_near (p.shape.vertices[1], 4.0 - 4.0 / 3.0, -1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (p.inertia, 25.0 / 3.0, 1e-13);
  /* Placed, vertex 1 (4, 0) lands at (1, 2) + R (4, 0) = (1, 6). */
  PhysPolygonWorld placed = phys_world_polygon_placed (world, 0);
  imp_assert_vec_near (placed.vertices[1], 1.0, 6.0, 1e-14);
  phys_world_free (world);
}

static void
test_invalid_polygon (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysVec2 cw[] = { { 0, 0 }, { 0, 3 }, { 4, 0 } };
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "bad";
  def.vertices = cw;
  def.count = 3;
  PhysPolygonCheck check;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, &check), ==,
                   PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (check.status, ==, PHYS_POLYGON_CLOCKWISE);
  def.count = 2;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, &check), ==,
                   PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (check.status, ==, PHYS_POLYGON_TOO_FEW);
  PhysVec2 nan_v[] = { { 0, 0 }, { 4, 0 }, { 0, NAN } };
  def.vertices = nan_v;
  def.count = 3;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, &check), ==, PHYS_ERROR_NOT_FINITE);
  def.vertices = cw;
  def.count = 3;
  PhysVec2 ccw[] = { { 0, 0 }, { 4, 0 }, { 0, 3 } };
  def.vertices = ccw;
  def.friction = -1;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, &check), ==,
                   PHYS_ERROR_OUT_OF_RANGE);
  def.friction = 0;
  def.density = 0;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, &check), ==,
                   PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_world_polygon_count (world), ==, 0);
  phys_world_free (world);
}

static void
test_add_curve (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysCurveDef def = phys_curve_def_default ();
  def.name = "ramp";
  def.curve = (PhysBezier) { { { 0, 0 }, { 10, 20 }, { 30, 20 }, { 40, 0 } } };
  g_assert_cmpint (phys_world_add_curve (world, &def, NULL), ==, PHYS_OK);
  PhysCurve c = phys_world_get_curve (world, 0);
  g_assert_cmpstr (c.name, ==, "ramp");
  imp_assert_vec_equal (c.box.min, 0, 0);
  imp_assert_vec_equal (c.box.max, 40, 20);
  PhysBodyRef ref;
  g_assert_true (phys_world_find (world, "ramp", &ref));
  g_assert_cmpint (ref.kind, ==, PHYS_BODY_CURVE);
  def.name = "point";
  def.curve = (PhysBezier) { { { 1, 1 }, { 1, 1 }, { 1, 1 }, { 1, 1 } } };
  g_assert_cmpint (phys_world_add_curve (world, &def, NULL), ==, PHYS_ERROR_OUT_OF_RANGE);
  phys_world_free (world);
}

/* A circle spinning freely turns by w dt a frame, under every integrator; its inertia is
 * m r^2 / 2. */
static void
test_spinning_circle (void)
{
  for (int k = 0; k < PHYS_N_INTEGRATORS; k++)
    {
      PhysWorldDef wdef = phys_world_def_default ();
      wdef.integrator = (PhysIntegrator) k;
      wdef.dt = 0.5;
      PhysWorld *world = imp_test_world_new (&wdef);
      PhysCircleDef def = imp_test_circle_def ("c", 0, 0, 1, 0, 2);
      def.angular_velocity = 0.125;
      def.mass = 3;
      imp_test_add_circle_def (world, &def);
      PhysCircle c = phys_world_get_circle (world, 0);
      g_assert_cmpfloat_with_epsilon (c.inertia, 6.0, 1e-15);
      for (int f = 0; f < 80; f++)
        phys_world_step (world, NULL);
      c = phys_world_get_circle (world, 0);
      g_assert_cmpfloat_with_epsilon (c.angle, 0.125 * 0.5 * 80, 1e-12);
      g_assert_cmpfloat (c.angular_velocity, ==, 0.125);
      PhysEnergy e = phys_world_energy (world);
      g_assert_cmpfloat_with_epsilon (e.rotational, 0.5 * 6.0 * 0.125 * 0.125, 1e-15);
      g_assert_cmpfloat_with_epsilon (e.kinetic, 1.5 + e.rotational, 1e-14);
      phys_world_free (world);
    }
}

/* A polygon without forces flies straight and turns evenly. */
static void
test_free_polygon (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysPolygon tri = phys_polygon_regular (3, 1, 0);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "tri";
  def.vertices = tri.vertices;
  def.count = 3;
  def.velocity = phys_v2 (0.5, 0.25);
  def.angular_velocity = -0.1;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  PhysVec2 c0 = phys_world_get_polygon (world, 0).position;
  for (int f = 0; f < 16; f++)
    phys_world_step (world, NULL);
  PhysPolygonBody p = phys_world_get_polygon (world, 0);
  imp_assert_vec_near (p.position, c0.x + 8.0, c0.y + 4.0, 1e-13);
  g_assert_cmpfloat_with_epsilon (p.angle, -1.6, 1e-13);
  phys_world_free (world);
}

/* A spring held at body-local (0.5, 0) of a unit box, pulled towards a fixed anchor 1 above
 * that point (k = 2, rest length 0): F = (0, -2) at r = (0.5, 0), torque r x F = -1, I = 1/6,
 * so alpha = -6; m = 1: a = (0, -2). One frame of semi-implicit Euler at dt = 1:
 * v = (0, -2), w = -6, angle = -6. */
static void
test_spring_torque (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  add_box (world, "box", 0, 0, 1, 1, 0);
  PhysForceDef f = phys_force_def_default (PHYS_FORCE_SPRING);
  f.kind_a = PHYS_BODY_POLYGON;
  f.body_a = 0;
  f.local_a = phys_v2 (0.5, 0);
  f.anchor = phys_v2 (0.5, -1);
  f.k = 2;
  g_assert_cmpint (phys_world_add_force (world, &f, NULL, NULL), ==, PHYS_OK);
  phys_world_step (world, NULL);
  PhysPolygonBody p = phys_world_get_polygon (world, 0);
  imp_assert_vec_near (p.velocity, 0, -2, 1e-14);
  g_assert_cmpfloat_with_epsilon (p.angular_velocity, -6.0, 1e-13);
  g_assert_cmpfloat_with_epsilon (p.angle, -6.0, 1e-13);

  /* The same on a circle (radius 1, mass 2: I = 1), held at (0, 1) by a spring to (1, 1):
   * F = (k, 0) = (2, 0), torque (0, 1) x (2, 0) = -2, alpha = -2. */
  PhysWorld *w2 = imp_test_world_new (NULL);
  PhysCircleDef c = imp_test_circle_def ("c", 0, 0, 0, 0, 1);
  c.mass = 2;
  imp_test_add_circle_def (w2, &c);
  PhysForceDef g = phys_force_def_default (PHYS_FORCE_SPRING);
  g.body_a = 0;
  g.local_a = phys_v2 (0, 1);
  g.anchor = phys_v2 (1, 1);
  g.k = 2;
  g_assert_cmpint (phys_world_add_force (w2, &g, NULL, NULL), ==, PHYS_OK);
  phys_world_step (w2, NULL);
  PhysCircle cc = phys_world_get_circle (w2, 0);
  g_assert_cmpfloat_with_epsilon (cc.angular_velocity, -2.0, 1e-14);
  imp_assert_vec_near (cc.velocity, 1.0, 0.0, 1e-14);
  /* The spring's energy reads the turned anchor: after the frame the end is at
   * (1, 0) + R(-2) (0, 1). */
  PhysVec2 end = phys_v2 (1.0 + sin (2.0), cos (-2.0));
  double stretch = hypot (1.0 - end.x, 1.0 - end.y);
  PhysEnergy e = phys_world_energy (w2);
  g_assert_cmpfloat_with_epsilon (e.potential, stretch * stretch, 1e-12);
  phys_world_free (w2);
  phys_world_free (world);
}

/* Kinetic energy with rotation and angular momentum about the origin: a box of mass 1 and
 * I = 1/6 at (2, 0) moving (0, 3) and turning at 2: E = 4.5 + 1/3, L = 2 * 3 + 1/3. */
static void
test_energy (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysPolygon box = phys_polygon_box (1, 1);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "b";
  def.vertices = box.vertices;
  def.count = 4;
  def.position = phys_v2 (2, 0);
  def.velocity = phys_v2 (0, 3);
  def.angular_velocity = 2;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  PhysEnergy e = phys_world_energy (world);
  g_assert_cmpfloat_with_epsilon (e.kinetic, 4.5 + 1.0 / 3.0, 1e-14);
  g_assert_cmpfloat_with_epsilon (e.rotational, 1.0 / 3.0, 1e-14);
  g_assert_cmpfloat_with_epsilon (e.angular_momentum, 6.0 + 1.0 / 3.0, 1e-14);
  imp_assert_vec_near (e.momentum, 0, 3, 1e-15);
  PhysEnergy own = phys_world_polygon_energy (world, 0);
  g_assert_cmpfloat (own.kinetic, ==, e.kinetic);
  g_assert_cmpfloat (own.angular_momentum, ==, e.angular_momentum);
  phys_world_free (world);
}

/* A state saved and loaded, or a copy, steps to the same bits; the hash covers the rotation. */
static void
test_state (void)
{
  PhysWorldDef wdef = phys_world_def_default ();
  wdef.gravity = phys_v2 (0, 0.1);
  PhysWorld *world = imp_test_world_new (&wdef);
  add_box (world, "a", 0, 0, 2, 1, 0.3);
  add_box (world, "b", 10, 0, 1, 1, 0);
  PhysCircleDef c = imp_test_circle_def ("c", 20, 0, 1, 0, 1);
  c.angular_velocity = 0.5;
  imp_test_add_circle_def (world, &c);

  size_t size = phys_world_state_size (world);
  void *state = g_malloc (size);
  phys_world_state_save (world, state);
  uint64_t h0 = phys_world_hash (world);
  PhysWorld *copy = phys_world_copy (world);
  for (int f = 0; f < 10; f++)
    {
      phys_world_step (world, NULL);
      phys_world_step (copy, NULL);
      g_assert_cmpuint (phys_world_hash (world), ==, phys_world_hash (copy));
    }
  uint64_t h10 = phys_world_hash (world);
  g_assert_cmpuint (h10, !=, h0);
  phys_world_state_load (world, state);
  g_assert_cmpuint (phys_world_hash (world), ==, h0);
  for (int f = 0; f < 10; f++)
    phys_world_step (world, NULL);
  g_assert_cmpuint (phys_world_hash (world), ==, h10);

  /* Only the spin differs: the hash tells them apart. */
  PhysWorld *still = imp_test_world_new (NULL);
  PhysWorld *spun = imp_test_world_new (NULL);
  imp_test_add_circle (still, "c", 0, 0, 0, 0, 1);
  PhysCircleDef s = imp_test_circle_def ("c", 0, 0, 0, 0, 1);
  s.angular_velocity = 1e-9;
  imp_test_add_circle_def (spun, &s);
  g_assert_cmpuint (phys_world_hash (still), !=, phys_world_hash (spun));
  phys_world_free (still);
  phys_world_free (spun);
  g_free (state);
  phys_world_free (copy);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/physics/rigid/world/add-box", test_add_box);
  g_test_add_func ("/physics/rigid/world/centre-of-mass", test_centre_of_mass);
  g_test_add_func ("/physics/rigid/world/invalid-polygon", test_invalid_polygon);
  g_test_add_func ("/physics/rigid/world/add-curve", test_add_curve);
  g_test_add_func ("/physics/rigid/world/spinning-circle", test_spinning_circle);
  g_test_add_func ("/physics/rigid/world/free-polygon", test_free_polygon);
  g_test_add_func ("/physics/rigid/world/spring-torque", test_spring_torque);
  g_test_add_func ("/physics/rigid/world/energy", test_energy);
  g_test_add_func ("/physics/rigid/world/state", test_state);

  return g_test_run ();
}
