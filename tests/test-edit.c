/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-edit.c: edits applied to a world, and refused edits leaving it as it was. */
#include <math.h>
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
  return g_test_run ();
}
