/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-edit.c: edits applied to a world, and refused edits leaving it as it was. */
#include <math.h>
#include <string.h>
#include "test-util.h"

/* Three circles a, b, c; a spring a-c, an attractor from b pulling a and c, drag on c. */
static PhysWorld *
three_bodies (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "a", 0.0, 0.0, 1.0, 0.0, 1.0);
  imp_test_add_circle (world, "b", 10.0, 0.0, 0.0, 0.0, 2.0);
  imp_test_add_circle (world, "c", 20.0, 0.0, -1.0, 0.0, 1.0);
  PhysForceDef spring = phys_force_def_default (PHYS_FORCE_SPRING);
  spring.body_a = 0;
  spring.body_b = 2;
  spring.rest_length = 20.0;
  g_assert_cmpint (phys_world_add_force (world, &spring, NULL, NULL), ==, PHYS_OK);
  static const int pulled[] = { 0, 2 };
  PhysForceDef attract = phys_force_def_default (PHYS_FORCE_ATTRACTOR);
  attract.source = 1;
  attract.targets = pulled;
  attract.n_targets = 2;
  g_assert_cmpint (phys_world_add_force (world, &attract, NULL, NULL), ==, PHYS_OK);
  static const int dragged[] = { 2 };
  PhysForceDef drag = phys_force_def_default (PHYS_FORCE_DRAG);
  drag.targets = dragged;
  drag.n_targets = 1;
  g_assert_cmpint (phys_world_add_force (world, &drag, NULL, NULL), ==, PHYS_OK);
  return world;
}

static void
test_set_circle_fields (void)
{
  PhysWorld *world = three_bodies ();
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "b");
  e.fields = PHYS_EDIT_POSITION | PHYS_EDIT_RADIUS | PHYS_EDIT_MASS | PHYS_EDIT_RESTITUTION;
  e.position = phys_v2 (11.0, 3.0);
  e.radius = 4.0;
  e.mass = 8.0;
  e.restitution = 0.25;
  e.velocity = phys_v2 (99.0, 99.0); /* not in fields: must not apply */
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  PhysCircle b = phys_world_get_circle (world, 1);
  imp_assert_vec_equal (b.position, 11.0, 3.0);
  imp_assert_vec_equal (b.velocity, 0.0, 0.0);
  g_assert_cmpfloat (b.radius, ==, 4.0);
  g_assert_cmpfloat (b.mass, ==, 8.0);
  g_assert_cmpfloat (b.inv_mass, ==, 0.125);
  g_assert_cmpfloat (b.restitution, ==, 0.25);

  PhysEdit fix = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
  fix.fields = PHYS_EDIT_FIXED;
  fix.fixed = true;
  g_assert_cmpint (phys_world_apply_edit (world, &fix), ==, PHYS_OK);
  PhysCircle a = phys_world_get_circle (world, 0);
  g_assert_true (a.fixed);
  g_assert_cmpfloat (a.inv_mass, ==, 0.0);
  imp_assert_vec_equal (a.velocity, 0.0, 0.0);
  phys_world_free (world);
}

/* Bad values and unknown names: refused, and the world is bit for bit as before. */
static void
test_refused_edits (void)
{
  PhysWorld *world = three_bodies ();
  uint64_t before = phys_world_hash (world);
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "zz");
  e.fields = PHYS_EDIT_VELOCITY;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_UNKNOWN_BODY);
  e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
  e.fields = PHYS_EDIT_VELOCITY | PHYS_EDIT_RADIUS;
  e.velocity = phys_v2 (5.0, 5.0);
  e.radius = 0.0;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_OUT_OF_RANGE);
  e.radius = NAN;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_NOT_FINITE);
  e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
  e.fields = PHYS_EDIT_RESTITUTION;
  e.restitution = 1.5;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_OUT_OF_RANGE);
  e = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, "b");
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_NAME);
  e = phys_edit_init (PHYS_EDIT_REMOVE_SEGMENT, "a");
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_UNKNOWN_BODY);
  e = phys_edit_init (PHYS_EDIT_SET_WORLD, NULL);
  e.fields = PHYS_EDIT_SUBSTEPS;
  e.substeps = 0;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpuint (phys_world_hash (world), ==, before);
  g_assert_cmpint (phys_world_circle_count (world), ==, 3);
  phys_world_free (world);
}

/* Removing b: the attractor that needs it goes, the spring a-c stays with c renumbered
 * to 1, the drag on c follows c. */
static void
test_remove_renumbers_forces (void)
{
  PhysWorld *world = three_bodies ();
  PhysEdit e = phys_edit_init (PHYS_EDIT_REMOVE_CIRCLE, "b");
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  g_assert_cmpint (phys_world_circle_count (world), ==, 2);
  g_assert_cmpstr (phys_world_get_circle (world, 1).name, ==, "c");
  PhysBodyRef ref;
  g_assert_false (phys_world_find (world, "b", &ref));
  g_assert_true (phys_world_find (world, "c", &ref));
  g_assert_cmpint (ref.index, ==, 1);

  g_assert_cmpint (phys_world_force_count (world), ==, 2);
  PhysForce spring = phys_world_get_force (world, 0);
  g_assert_cmpint (spring.kind, ==, PHYS_FORCE_SPRING);
  g_assert_cmpint (spring.body_a, ==, 0);
  g_assert_cmpint (spring.body_b, ==, 1);
  PhysForce drag = phys_world_get_force (world, 1);
  g_assert_cmpint (drag.kind, ==, PHYS_FORCE_DRAG);
  g_assert_cmpint (drag.n_targets, ==, 1);
  g_assert_cmpint (phys_world_get_force_target (world, 1, 0), ==, 1);

  /* Removing c too: the spring needs it and goes; the drag had only c and goes
   * (with no targets left it would act on every circle). */
  e = phys_edit_init (PHYS_EDIT_REMOVE_CIRCLE, "c");
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  g_assert_cmpint (phys_world_force_count (world), ==, 0);
  phys_world_step (world, NULL);
  imp_assert_vec_equal (phys_world_get_circle (world, 0).position, 1.0, 0.0);
  phys_world_free (world);
}

static void
test_segments (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds.max = phys_v2 (100.0, 100.0);
  PhysWorld *world = imp_test_world_new (&def);
  PhysEdit add = phys_edit_init (PHYS_EDIT_ADD_SEGMENT, "ramp");
  add.a = phys_v2 (10.0, 80.0);
  add.b = phys_v2 (90.0, 60.0);
  add.response = PHYS_RESPONSE_SLIDE;
  g_assert_cmpint (phys_world_apply_edit (world, &add), ==, PHYS_OK);
  g_assert_cmpint (phys_world_segment_count (world), ==, 5);
  PhysEdit set = phys_edit_init (PHYS_EDIT_SET_SEGMENT, "ramp");
  set.fields = PHYS_EDIT_RESTITUTION | PHYS_EDIT_RESPONSE;
  set.restitution = 0.5;
  set.response = PHYS_RESPONSE_REFLECT;
  g_assert_cmpint (phys_world_apply_edit (world, &set), ==, PHYS_OK);
  PhysSegment s = phys_world_get_segment (world, 4);
  g_assert_cmpfloat (s.restitution, ==, 0.5);
  g_assert_cmpint (s.response, ==, PHYS_RESPONSE_REFLECT);
  set.fields = PHYS_EDIT_ENDS;
  set.a = set.b = phys_v2 (5.0, 5.0);
  g_assert_cmpint (phys_world_apply_edit (world, &set), ==, PHYS_ERROR_OUT_OF_RANGE);
  /* The bounds walls belong to the world's settings, not to edits of segments. */
  PhysEdit wall = phys_edit_init (PHYS_EDIT_REMOVE_SEGMENT, "bounds-left");
  g_assert_cmpint (phys_world_apply_edit (world, &wall), ==, PHYS_ERROR_UNKNOWN_BODY);
  PhysEdit rm = phys_edit_init (PHYS_EDIT_REMOVE_SEGMENT, "ramp");
  g_assert_cmpint (phys_world_apply_edit (world, &rm), ==, PHYS_OK);
  g_assert_cmpint (phys_world_segment_count (world), ==, 4);
  phys_world_free (world);
}

/* Gravity changes keep the automatic rest speed following it (2 |g| dt). */
static void
test_set_world (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_WORLD, NULL);
  e.fields = PHYS_EDIT_GRAVITY | PHYS_EDIT_MODES | PHYS_EDIT_SUBSTEPS;
  e.gravity = phys_v2 (0.0, 0.25);
  e.substeps = 4;
  e.modes.detection = PHYS_DETECTION_DISCRETE;
  e.modes.no_end_caps = true;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  const PhysWorldDef *def = phys_world_get_def (world);
  g_assert_cmpfloat (def->rest_speed, ==, 0.5);
  g_assert_cmpint (def->substeps, ==, 4);
  g_assert_cmpint (def->modes.detection, ==, PHYS_DETECTION_DISCRETE);
  g_assert_true (def->modes.no_end_caps);
  e.fields = PHYS_EDIT_REST_SPEED;
  e.rest_speed = 0.125;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  g_assert_cmpfloat (phys_world_get_def (world)->rest_speed, ==, 0.125);
  e.fields = PHYS_EDIT_GRAVITY;
  e.gravity = phys_v2 (0.0, 1.0);
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  g_assert_cmpfloat (phys_world_get_def (world)->rest_speed, ==, 0.125);
  phys_world_free (world);
}

/* A probe moves and turns; its name must be a probe's; numbers must be finite. */
static void
test_set_probe (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "c", 0, 0, 0, 0, 1);
  PhysProbeDef pdef = phys_probe_def_default ();
  pdef.name = "ship";
  pdef.position = phys_v2 (5, 5);
  pdef.velocity = phys_v2 (1, 0);
  g_assert_cmpint (phys_world_add_probe (world, &pdef, NULL), ==, PHYS_OK);
  g_assert_cmpstr (phys_edit_kind_name (PHYS_EDIT_SET_PROBE), ==, "set-probe");

  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_PROBE, "ship");
  e.fields = PHYS_EDIT_POSITION;
  e.position = phys_v2 (-3, 7);
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  PhysProbe p = phys_world_get_probe (world, 0);
  imp_assert_vec_near (p.position, -3, 7, 1e-12);
  imp_assert_vec_near (p.velocity, 1, 0, 1e-12);
  e.fields = PHYS_EDIT_VELOCITY;
  e.velocity = phys_v2 (0, -2);
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  imp_assert_vec_near (phys_world_get_probe (world, 0).velocity, 0, -2, 1e-12);
  imp_assert_vec_near (phys_world_get_probe (world, 0).position, -3, 7, 1e-12);

  uint64_t before = phys_world_hash (world);
  e.velocity = phys_v2 (NAN, 0);
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_NOT_FINITE);
  PhysEdit circle = phys_edit_init (PHYS_EDIT_SET_PROBE, "c");
  circle.fields = PHYS_EDIT_POSITION;
  g_assert_cmpint (phys_world_apply_edit (world, &circle), ==, PHYS_ERROR_UNKNOWN_BODY);
  g_assert_cmpuint (phys_world_hash (world), ==, before);
  phys_world_free (world);
}

/* A 2 x 1 box "box" at (10, 5) and a triangle "tri", a spring from a circle to the triangle's
 * corner and one from the box to the triangle. */
static PhysWorld *
rigid_bodies (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "c", 0, 0, 0, 0, 1);
  PhysEdit box = phys_edit_init (PHYS_EDIT_ADD_POLYGON, "box");
  box.shape = phys_polygon_box (2, 1);
  box.position = phys_v2 (10, 5);
  g_assert_cmpint (phys_world_apply_edit (world, &box), ==, PHYS_OK);

  /* The right triangle (0, 0), (4, 0), (0, 3) with its corner at (20, 30): area 6, centroid
   * (4/3, 1) from the corner, I = 25/3 at density 1 (docs/rigid-bodies.md). */
  PhysEdit tri = phys_edit_init (PHYS_EDIT_ADD_POLYGON, "tri");
  tri.shape.count = 3;
  tri.shape.vertices[0] = phys_v2 (0, 0);
  tri.shape.vertices[1] = phys_v2 (4, 0);
  tri.shape.vertices[2] = phys_v2 (0, 3);
  tri.position = phys_v2 (20, 30);
  tri.velocity = phys_v2 (1, 2);
  tri.angular_velocity = 0.5;
  tri.friction = 0.4;
  tri.restitution = 0.25;
  g_assert_cmpint (phys_world_apply_edit (world, &tri), ==, PHYS_OK);

  PhysForceDef spring = phys_force_def_default (PHYS_FORCE_SPRING);
  spring.body_a = 0;
  spring.kind_b = PHYS_BODY_POLYGON;
  spring.body_b = 1;
  spring.local_b = phys_v2 (-4.0 / 3.0, -1.0);
  g_assert_cmpint (phys_world_add_force (world, &spring, NULL, NULL), ==, PHYS_OK);
  PhysForceDef link = phys_force_def_default (PHYS_FORCE_BUNGEE);
  link.kind_a = PHYS_BODY_POLYGON;
  link.body_a = 0;
  link.kind_b = PHYS_BODY_POLYGON;
  link.body_b = 1;
  g_assert_cmpint (phys_world_add_force (world, &link, NULL, NULL), ==, PHYS_OK);
  return world;
}

static void
test_add_polygon (void)
{
  PhysWorld *world = rigid_bodies ();
  g_assert_cmpstr (phys_edit_kind_name (PHYS_EDIT_ADD_POLYGON), ==, "add-polygon");
  g_assert_cmpint (phys_world_polygon_count (world), ==, 2);
  PhysPolygonBody tri = phys_world_get_polygon (world, 1);
  imp_assert_vec_near (tri.position, 20 + 4.0 / 3.0, 31, 1e-12);
  g_assert_cmpfloat_with_epsilon (tri.area, 6, 1e-12);
  g_assert_cmpfloat_with_epsilon (tri.inertia, 25.0 / 3.0, 1e-12);
  imp_assert_vec_equal (tri.velocity, 1, 2);
  g_assert_cmpfloat (tri.angular_velocity, ==, 0.5);
  g_assert_cmpfloat (tri.friction, ==, 0.4);
  g_assert_cmpfloat (tri.restitution, ==, 0.25);

  /* The same name again, a bent shape, too few vertices: refused, the world unchanged. */
  uint64_t before = phys_world_hash (world);
  PhysEdit again = phys_edit_init (PHYS_EDIT_ADD_POLYGON, "tri");
  again.shape.count = 3;
  memcpy (again.shape.vertices, (PhysVec2[]) { { 0, 0 }, { 1, 0 }, { 0, 1 } },
          3 * sizeof (PhysVec2));
  g_assert_cmpint (phys_world_apply_edit (world, &again), ==, PHYS_ERROR_NAME);
  PhysEdit bent = phys_edit_init (PHYS_EDIT_ADD_POLYGON, "bent");
  bent.shape.count = 4;
  memcpy (bent.shape.vertices, (PhysVec2[]) { { 0, 0 }, { 4, 0 }, { 1, 1 }, { 0, 4 } },
          4 * sizeof (PhysVec2));
  g_assert_cmpint (phys_world_apply_edit (world, &bent), ==, PHYS_ERROR_OUT_OF_RANGE);
  bent.shape.count = 2;
  g_assert_cmpint (phys_world_apply_edit (world, &bent), ==, PHYS_ERROR_OUT_OF_RANGE);
  bent.shape.count = 17;
  g_assert_cmpint (phys_world_apply_edit (world, &bent), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpint (phys_world_polygon_count (world), ==, 2);
  g_assert_cmpuint (phys_world_hash (world), ==, before);
  phys_world_free (world);
}

/* Density and mass move the mass and the moment together: the 2 x 1 box has I = m 5/12. */
static void
test_set_polygon (void)
{
  PhysWorld *world = rigid_bodies ();
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_POLYGON, "box");
  e.fields = PHYS_EDIT_DENSITY;
  e.density = 3;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  g_assert_cmpfloat_with_epsilon (box.mass, 6, 1e-12);
  g_assert_cmpfloat_with_epsilon (box.inertia, 2.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (box.inv_inertia, 0.4, 1e-12);

  e.fields = PHYS_EDIT_MASS;
  e.mass = 4;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  box = phys_world_get_polygon (world, 0);
  g_assert_cmpfloat (box.mass, ==, 4);
  g_assert_cmpfloat_with_epsilon (box.density, 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (box.inertia, 5.0 / 3.0, 1e-12);

  e.fields = PHYS_EDIT_POSITION | PHYS_EDIT_ANGLE | PHYS_EDIT_ANGULAR_VELOCITY
             | PHYS_EDIT_VELOCITY | PHYS_EDIT_FRICTION | PHYS_EDIT_RESTITUTION
             | PHYS_EDIT_INTEGRATOR;
  e.position = phys_v2 (-7, 8);
  e.angle = G_PI / 6;
  e.angular_velocity = -0.125;
  e.velocity = phys_v2 (3, 0);
  e.friction = 0.6;
  e.restitution = 0.5;
  e.integrator = PHYS_INTEGRATOR_RK4;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  box = phys_world_get_polygon (world, 0);
  imp_assert_vec_equal (box.position, -7, 8);
  g_assert_cmpfloat (box.angle, ==, G_PI / 6);
  g_assert_cmpfloat (box.angular_velocity, ==, -0.125);
  imp_assert_vec_equal (box.velocity, 3, 0);
  g_assert_cmpfloat (box.friction, ==, 0.6);
  g_assert_cmpfloat (box.restitution, ==, 0.5);
  g_assert_cmpint (box.integrator, ==, PHYS_INTEGRATOR_RK4);
  /* The box's corner (1, 0.5) about its centre, turned by 30 degrees. */
  PhysPolygonWorld placed = phys_world_polygon_placed (world, 0);
  double c = cos (G_PI / 6), s = sin (G_PI / 6);
  int corner = -1;
  for (int i = 0; i < placed.count; i++)
    if (fabs (box.shape.vertices[i].x - 1) < 1e-12 && fabs (box.shape.vertices[i].y - 0.5) < 1e-12)
      corner = i;
  g_assert_cmpint (corner, >=, 0);
  imp_assert_vec_near (placed.vertices[corner], -7 + c - 0.5 * s, 8 + s + 0.5 * c, 1e-12);

  PhysEdit fix = phys_edit_init (PHYS_EDIT_SET_POLYGON, "box");
  fix.fields = PHYS_EDIT_FIXED;
  fix.fixed = true;
  g_assert_cmpint (phys_world_apply_edit (world, &fix), ==, PHYS_OK);
  box = phys_world_get_polygon (world, 0);
  g_assert_cmpfloat (box.inv_mass, ==, 0);
  g_assert_cmpfloat (box.inv_inertia, ==, 0);
  g_assert_cmpfloat (box.angular_velocity, ==, 0);
  imp_assert_vec_equal (box.velocity, 0, 0);

  /* Refused: both density and mass, a negative friction, a NaN angle, a circle's field, a
   * circle's name. The world is left as it was. */
  uint64_t before = phys_world_hash (world);
  PhysEdit bad = phys_edit_init (PHYS_EDIT_SET_POLYGON, "box");
  bad.fields = PHYS_EDIT_DENSITY | PHYS_EDIT_MASS;
  bad.mass = 1;
  g_assert_cmpint (phys_world_apply_edit (world, &bad), ==, PHYS_ERROR_OUT_OF_RANGE);
  bad.fields = PHYS_EDIT_FRICTION | PHYS_EDIT_VELOCITY;
  bad.friction = -0.5;
  g_assert_cmpint (phys_world_apply_edit (world, &bad), ==, PHYS_ERROR_OUT_OF_RANGE);
  bad.fields = PHYS_EDIT_ANGLE | PHYS_EDIT_VELOCITY;
  bad.angle = NAN;
  g_assert_cmpint (phys_world_apply_edit (world, &bad), ==, PHYS_ERROR_NOT_FINITE);
  bad.fields = PHYS_EDIT_RADIUS;
  g_assert_cmpint (phys_world_apply_edit (world, &bad), ==, PHYS_ERROR_OUT_OF_RANGE);
  PhysEdit circle = phys_edit_init (PHYS_EDIT_SET_POLYGON, "c");
  circle.fields = PHYS_EDIT_POSITION;
  g_assert_cmpint (phys_world_apply_edit (world, &circle), ==, PHYS_ERROR_UNKNOWN_BODY);
  g_assert_cmpuint (phys_world_hash (world), ==, before);
  g_assert_cmpfloat (phys_world_get_polygon (world, 0).mass, ==, 4);
  phys_world_free (world);
}

/* Removing the box drops the bungee that held it and renumbers the triangle in the spring. */
static void
test_remove_polygon (void)
{
  PhysWorld *world = rigid_bodies ();
  g_assert_cmpint (phys_world_force_count (world), ==, 2);
  PhysEdit e = phys_edit_init (PHYS_EDIT_REMOVE_POLYGON, "box");
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  g_assert_cmpint (phys_world_polygon_count (world), ==, 1);
  g_assert_cmpint (phys_world_force_count (world), ==, 1);
  PhysForce spring = phys_world_get_force (world, 0);
  g_assert_cmpint (spring.kind, ==, PHYS_FORCE_SPRING);
  g_assert_cmpint (spring.kind_b, ==, PHYS_BODY_POLYGON);
  g_assert_cmpint (spring.body_b, ==, 0);
  imp_assert_vec_near (spring.local_b, -4.0 / 3.0, -1, 1e-15);
  PhysBodyRef ref;
  g_assert_true (phys_world_find (world, "tri", &ref));
  g_assert_cmpint (ref.kind, ==, PHYS_BODY_POLYGON);
  g_assert_cmpint (ref.index, ==, 0);
  g_assert_false (phys_world_find (world, "box", &ref));
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_UNKNOWN_BODY);
  /* The world still steps, with the spring pulling the triangle's corner. */
  phys_world_step (world, NULL);
  g_assert_cmpint (phys_world_frame (world), ==, 1);

  e = phys_edit_init (PHYS_EDIT_REMOVE_POLYGON, "tri");
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  g_assert_cmpint (phys_world_force_count (world), ==, 0);
  g_assert_cmpint (phys_world_polygon_count (world), ==, 0);
  phys_world_free (world);
}

static void
test_curves (void)
{
  PhysWorld *world = rigid_bodies ();
  PhysEdit add = phys_edit_init (PHYS_EDIT_ADD_CURVE, "ramp");
  add.curve = (PhysBezier) { { { 0, 0 }, { 10, 20 }, { 30, 20 }, { 40, 0 } } };
  add.friction = 0.3;
  g_assert_cmpint (phys_world_apply_edit (world, &add), ==, PHYS_OK);
  PhysCurve c = phys_world_get_curve (world, 0);
  g_assert_cmpstr (c.name, ==, "ramp");
  g_assert_cmpfloat (c.friction, ==, 0.3);
  g_assert_cmpfloat (c.restitution, ==, 1);
  imp_assert_vec_equal (c.box.max, 40, 20);

  PhysEdit set = phys_edit_init (PHYS_EDIT_SET_CURVE, "ramp");
  set.fields = PHYS_EDIT_CONTROL_POINTS | PHYS_EDIT_RESTITUTION;
  set.curve = (PhysBezier) { { { -5, 0 }, { 10, 50 }, { 30, 20 }, { 40, 0 } } };
  set.restitution = 0.5;
  g_assert_cmpint (phys_world_apply_edit (world, &set), ==, PHYS_OK);
  c = phys_world_get_curve (world, 0);
  imp_assert_vec_equal (c.curve.p[1], 10, 50);
  imp_assert_vec_equal (c.box.min, -5, 0);
  imp_assert_vec_equal (c.box.max, 40, 50);
  g_assert_cmpfloat (c.restitution, ==, 0.5);
  g_assert_cmpfloat (c.friction, ==, 0.3);

  /* A curve that is one point, a friction past the bound, a polygon's field: refused. */
  uint64_t before = phys_world_hash (world);
  set.curve = (PhysBezier) { { { 1, 1 }, { 1, 1 }, { 1, 1 }, { 1, 1 } } };
  g_assert_cmpint (phys_world_apply_edit (world, &set), ==, PHYS_ERROR_OUT_OF_RANGE);
  set.fields = PHYS_EDIT_FRICTION;
  set.friction = 2e6;
  g_assert_cmpint (phys_world_apply_edit (world, &set), ==, PHYS_ERROR_OUT_OF_RANGE);
  set.fields = PHYS_EDIT_ANGLE;
  g_assert_cmpint (phys_world_apply_edit (world, &set), ==, PHYS_ERROR_OUT_OF_RANGE);
  g_assert_cmpuint (phys_world_hash (world), ==, before);
  imp_assert_vec_equal (phys_world_get_curve (world, 0).curve.p[1], 10, 50);

  PhysEdit remove = phys_edit_init (PHYS_EDIT_REMOVE_CURVE, "ramp");
  g_assert_cmpint (phys_world_apply_edit (world, &remove), ==, PHYS_OK);
  g_assert_cmpint (phys_world_curve_count (world), ==, 0);
  g_assert_cmpint (phys_world_apply_edit (world, &remove), ==, PHYS_ERROR_UNKNOWN_BODY);
  remove.kind = PHYS_EDIT_REMOVE_POLYGON;
  memcpy (remove.name, "c", 2);
  g_assert_cmpint (phys_world_apply_edit (world, &remove), ==, PHYS_ERROR_UNKNOWN_BODY);
  phys_world_free (world);
}

/* Circles and segments take angle, angular velocity and friction. */
static void
test_rotation_and_friction (void)
{
  PhysWorld *world = three_bodies ();
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
  e.fields = PHYS_EDIT_ANGLE | PHYS_EDIT_ANGULAR_VELOCITY | PHYS_EDIT_FRICTION;
  e.angle = 1.5;
  e.angular_velocity = -2;
  e.friction = 0.75;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_OK);
  PhysCircle a = phys_world_get_circle (world, 0);
  g_assert_cmpfloat (a.angle, ==, 1.5);
  g_assert_cmpfloat (a.angular_velocity, ==, -2);
  g_assert_cmpfloat (a.friction, ==, 0.75);
  e.friction = -1;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_OUT_OF_RANGE);
  e.fields = PHYS_EDIT_ANGULAR_VELOCITY;
  e.angular_velocity = INFINITY;
  g_assert_cmpint (phys_world_apply_edit (world, &e), ==, PHYS_ERROR_NOT_FINITE);

  PhysEdit add = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, "d");
  add.radius = 2;
  add.angle = 0.5;
  add.angular_velocity = 0.25;
  add.friction = 0.5;
  g_assert_cmpint (phys_world_apply_edit (world, &add), ==, PHYS_OK);
  PhysCircle d = phys_world_get_circle (world, 3);
  g_assert_cmpfloat (d.angle, ==, 0.5);
  g_assert_cmpfloat (d.angular_velocity, ==, 0.25);
  g_assert_cmpfloat (d.friction, ==, 0.5);
  /* m = pi r^2 = 4 pi, I = m r^2 / 2 = 8 pi */
  g_assert_cmpfloat_with_epsilon (d.inertia, 8 * G_PI, 1e-12);

  PhysEdit wall = phys_edit_init (PHYS_EDIT_ADD_SEGMENT, "wall");
  wall.a = phys_v2 (0, 10);
  wall.b = phys_v2 (10, 10);
  wall.friction = 0.2;
  g_assert_cmpint (phys_world_apply_edit (world, &wall), ==, PHYS_OK);
  int last = phys_world_segment_count (world) - 1;
  g_assert_cmpfloat (phys_world_get_segment (world, last).friction, ==, 0.2);
  PhysEdit rough = phys_edit_init (PHYS_EDIT_SET_SEGMENT, "wall");
  rough.fields = PHYS_EDIT_FRICTION;
  rough.friction = 0.9;
  g_assert_cmpint (phys_world_apply_edit (world, &rough), ==, PHYS_OK);
  g_assert_cmpfloat (phys_world_get_segment (world, last).friction, ==, 0.9);
  rough.friction = NAN;
  g_assert_cmpint (phys_world_apply_edit (world, &rough), ==, PHYS_ERROR_NOT_FINITE);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/physics/edit/set-circle-fields", test_set_circle_fields);
  g_test_add_func ("/physics/edit/refused-leaves-world", test_refused_edits);
  g_test_add_func ("/physics/edit/remove-renumbers-forces", test_remove_renumbers_forces);
  g_test_add_func ("/physics/edit/segments", test_segments);
  g_test_add_func ("/physics/edit/set-world", test_set_world);
  g_test_add_func ("/physics/edit/set-probe", test_set_probe);
  g_test_add_func ("/physics/edit/add-polygon", test_add_polygon);
  g_test_add_func ("/physics/edit/set-polygon", test_set_polygon);
  g_test_add_func ("/physics/edit/remove-polygon-renumbers-springs", test_remove_polygon);
  g_test_add_func ("/physics/edit/curves", test_curves);
  g_test_add_func ("/physics/edit/rotation-and-friction", test_rotation_and_friction);
  return g_test_run ();
}
