/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editing.c: editing while paused: the field rules, what a press on the
 * canvas takes hold of and the edit a drag makes (plain functions), then the
 * inspector's form, canvas drags, add and delete, and the World menu driven in
 * a real window (run under xvfb-run in CI), including lesson goals that only
 * the learner's own edits can reach. */
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "imp-body-editor.h"
#include "imp-body-fields.h"
#include "imp-canvas-edit.h"
#include "imp-canvas.h"
#include "imp-inspector.h"
#include "imp-lesson-player.h"
#include "imp-framing.h"
#include "imp-lesson.h"
#include "imp-render.h"
#include "imp-session-file.h"
#include "imp-session.h"
#include "imp-timeline-bar.h"
#include "imp-window.h"
#include "test-ui-util.h"
#include "test-util.h"

/* Field rules */

static void
assert_refused (const char *key, PhysBodyKind kind, const char *text, int code, const char *message)
{
  const ImpBodyField *field = imp_body_field_lookup (kind, key);
  g_autoptr (GError) error = NULL;
  double value = 12345.0;
  g_assert_nonnull (field);
  g_assert_false (imp_body_field_parse (field, text, &value, &error));
  g_assert_error (error, IMP_BODY_FIELD_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpfloat (value, ==, 12345.0);
}

static double
parsed (const char *key, const char *text)
{
  double value = NAN;
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_body_field_parse (imp_body_field_lookup (PHYS_BODY_CIRCLE, key), text, &value,
                                       &error));
  g_assert_no_error (error);
  return value;
}

static void
test_fields_parse (void)
{
  g_assert_cmpfloat (parsed ("x", "12.5"), ==, 12.5);
  g_assert_cmpfloat (parsed ("vx", "  -3  "), ==, -3.0);
  /* The minus sign a learner copies from a card. */
  g_assert_cmpfloat (parsed ("vx", "\u221230"), ==, -30.0);
  g_assert_cmpfloat (parsed ("y", "1e3"), ==, 1000.0);
  g_assert_cmpfloat (parsed ("restitution", "0"), ==, 0.0);
  g_assert_cmpfloat (parsed ("restitution", "1"), ==, 1.0);

  int nan_code = IMP_BODY_FIELD_ERROR_NOT_A_NUMBER, range = IMP_BODY_FIELD_ERROR_RANGE;
  assert_refused ("x", PHYS_BODY_CIRCLE, "abc", nan_code, "x: expected a number, got \u201cabc\u201d");
  assert_refused ("x", PHYS_BODY_CIRCLE, "", nan_code, "x: expected a number, got \u201c\u201d");
  assert_refused ("x", PHYS_BODY_CIRCLE, "12abc", nan_code,
                  "x: expected a number, got \u201c12abc\u201d");
  assert_refused ("vy", PHYS_BODY_CIRCLE, "nan", nan_code, "vy: expected a number, got \u201cnan\u201d");
  assert_refused ("vy", PHYS_BODY_CIRCLE, "inf", nan_code, "vy: expected a number, got \u201cinf\u201d");
  assert_refused ("vy", PHYS_BODY_CIRCLE, "0x10", nan_code,
                  "vy: expected a number, got \u201c0x10\u201d");
  assert_refused ("y", PHYS_BODY_CIRCLE, "1e400", nan_code,
                  "y: expected a number, got \u201c1e400\u201d");
  assert_refused ("radius", PHYS_BODY_CIRCLE, "0", range,
                  "r: expected a number greater than 0, got 0");
  assert_refused ("radius", PHYS_BODY_CIRCLE, "-1", range,
                  "r: expected a number greater than 0, got -1");
  assert_refused ("mass", PHYS_BODY_CIRCLE, "-0.5", range,
                  "m: expected a number greater than 0, got -0.5");
  assert_refused ("restitution", PHYS_BODY_CIRCLE, "1.5", range,
                  "e: expected a number from 0 to 1, got 1.5");
  assert_refused ("restitution", PHYS_BODY_SEGMENT, "-0.1", range,
                  "e: expected a number from 0 to 1, got -0.1");
}

static void
test_fields_format (void)
{
  const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 0.1, "0.1" }, { 16.0, "16" }, { -30.0, "-30" }, { 1256.6370614359173, "1256.637061" },
    { 1e-7, "1e-07" }, { 220.25, "220.25" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = imp_body_field_format (cases[i].value);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_fields_edit (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "c", 10, 20, 3, 4, 5);
  imp_test_add_segment (world, "w", 0, 100, 50, 100, PHYS_RESPONSE_REFLECT, 1);
  PhysBodyRef c = { PHYS_BODY_CIRCLE, 0 }, w = { PHYS_BODY_SEGMENT, 0 };
  PhysEdit edit;
  g_autoptr (GError) error = NULL;

  /* Each field reads its value. */
  const char *keys[] = { "x", "y", "vx", "vy", "radius" };
  const double values[] = { 10, 20, 3, 4, 5 };
  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_cmpfloat (imp_body_field_get (world, c, imp_body_field_lookup (PHYS_BODY_CIRCLE, keys[i])),
                       ==, values[i]);
  g_assert_cmpfloat (imp_body_field_get (world, w, imp_body_field_lookup (PHYS_BODY_SEGMENT, "bx")),
                     ==, 50);

  /* vx changes, vy stays; only the velocity is set. */
  g_assert_true (imp_body_field_edit (world, c, imp_body_field_lookup (PHYS_BODY_CIRCLE, "vx"), -7,
                                      &edit, &error));
  g_assert_cmpint (edit.kind, ==, PHYS_EDIT_SET_CIRCLE);
  g_assert_cmpstr (edit.name, ==, "c");
  g_assert_cmpuint (edit.fields, ==, PHYS_EDIT_VELOCITY);
  imp_assert_vec_near (edit.velocity, -7, 4, 1e-12);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  imp_assert_vec_near (phys_world_get_circle (world, 0).velocity, -7, 4, 1e-12);

  /* A segment whose ends would meet is refused before the world sees it. */
  g_assert_false (imp_body_field_edit (world, w, imp_body_field_lookup (PHYS_BODY_SEGMENT, "bx"), 0,
                                       &edit, &error));
  g_assert_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE);
  g_assert_cmpstr (error->message, ==,
                   "Bx: the ends A and B would be the same point; a segment needs two");
  g_clear_error (&error);
  g_assert_true (imp_body_field_edit (world, w, imp_body_field_lookup (PHYS_BODY_SEGMENT, "ay"), 90,
                                      &edit, &error));
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  imp_assert_vec_near (phys_world_get_segment (world, 0).a, 0, 90, 1e-12);

  /* A probe's fields: a set-probe edit of its position or velocity. */
  PhysProbeDef pdef = phys_probe_def_default ();
  pdef.name = "ship";
  pdef.position = phys_v2 (1, 2);
  pdef.velocity = phys_v2 (3, 4);
  g_assert_cmpint (phys_world_add_probe (world, &pdef, NULL), ==, PHYS_OK);
  PhysBodyRef ship = { PHYS_BODY_PROBE, 0 };
  g_assert_true (imp_body_is_editable (world, ship));
  g_assert_cmpfloat (imp_body_field_get (world, ship, imp_body_field_lookup (PHYS_BODY_PROBE, "vy")),
                     ==, 4);
  g_assert_true (imp_body_field_edit (world, ship, imp_body_field_lookup (PHYS_BODY_PROBE, "y"), 9,
                                      &edit, &error));
  g_assert_cmpint (edit.kind, ==, PHYS_EDIT_SET_PROBE);
  g_assert_cmpuint (edit.fields, ==, PHYS_EDIT_POSITION);
  imp_assert_vec_near (edit.position, 1, 9, 1e-12);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  imp_assert_vec_near (phys_world_get_probe (world, 0).position, 1, 9, 1e-12);

  /* Names for new bodies skip the ones in use. */
  g_autofree char *first = imp_body_unused_name (world, "circle");
  g_assert_cmpstr (first, ==, "circle-1");
  imp_test_add_circle (world, "circle-1", 300, 300, 0, 0, 5);
  g_autofree char *second = imp_body_unused_name (world, "circle");
  g_assert_cmpstr (second, ==, "circle-2");
  phys_world_free (world);
}

/* Grabs and drags, at 2 pixels per unit with (0, 0) at the top left. */
static ImpView
test_view (void)
{
  ImpView view;
  imp_view_init (&view, 800, 600);
  view.scale = 2.0;
  view.center = phys_v2 (200, 150);
  return view;
}

static PhysVec2
px (const ImpView *view, double x, double y)
{
  return imp_view_to_screen (view, phys_v2 (x, y));
}

static void
test_grab_at (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds = (PhysAabb) { { 0, 0 }, { 400, 300 } };
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_circle (world, "ball", 100, 100, 30, 0, 10);
  imp_test_add_segment (world, "wall", 50, 200, 250, 200, PHYS_RESPONSE_REFLECT, 1);
  PhysCircleDef pin = imp_test_circle_def ("pin", 300, 100, 0, 0, 10);
  pin.fixed = true;
  imp_test_add_circle_def (world, &pin);
  ImpView view = test_view ();
  int wall = phys_world_segment_count (world) - 1;

  ImpGrab g = imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 100, 100));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_CIRCLE);
  g_assert_cmpint (g.body.index, ==, 0);
  g_assert_cmpuint (g.base.fields, ==, PHYS_EDIT_POSITION);
  /* Inside the circle but off centre still takes it. */
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 108, 100)).kind, ==,
                   IMP_GRAB_CIRCLE);
  /* The arrow's tip, one frame of motion ahead: (130, 100). */
  g = imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 130, 101));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_VELOCITY);
  g_assert_cmpint (g.body.index, ==, 0);
  /* Not when the arrows are hidden: that is empty space. */
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, FALSE, px (&view, 130, 101)).kind, ==,
                   IMP_GRAB_NONE);
  /* Drawn elsewhere inside the frame, the circle is taken where it is drawn. */
  PhysVec2 moved[2] = { { 150, 100 }, { 300, 100 } };
  g_assert_cmpint (imp_grab_at (world, moved, NULL, &view, FALSE, px (&view, 150, 100)).kind, ==,
                   IMP_GRAB_CIRCLE);
  g_assert_cmpint (imp_grab_at (world, moved, NULL, &view, FALSE, px (&view, 100, 100)).kind, ==,
                   IMP_GRAB_NONE);

  g = imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 51, 201));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_END_A);
  g_assert_cmpint (g.body.kind, ==, PHYS_BODY_SEGMENT);
  g_assert_cmpint (g.body.index, ==, wall);
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 250, 199)).kind, ==,
                   IMP_GRAB_END_B);
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 150, 201)).kind, ==,
                   IMP_GRAB_SEGMENT);
  /* The walls of the bounds and empty space: the drag pans. */
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 0, 150)).kind, ==,
                   IMP_GRAB_NONE);
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 200, 50)).kind, ==,
                   IMP_GRAB_NONE);
  /* A fixed circle has no arrow to take, only its body. */
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 305, 100)).kind, ==,
                   IMP_GRAB_CIRCLE);

  /* A probe, where it is drawn; dragging it moves it (snapped to 0.1 here). */
  PhysProbeDef pdef = phys_probe_def_default ();
  pdef.name = "ship";
  pdef.position = phys_v2 (350, 250);
  pdef.velocity = phys_v2 (-1, 0);
  g_assert_cmpint (phys_world_add_probe (world, &pdef, NULL), ==, PHYS_OK);
  g = imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 352, 251));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_PROBE);
  g_assert_cmpint (g.body.kind, ==, PHYS_BODY_PROBE);
  PhysEdit moved_probe = imp_grab_edit (&g, world, &view, px (&view, 362.04, 241));
  g_assert_cmpint (moved_probe.kind, ==, PHYS_EDIT_SET_PROBE);
  g_assert_cmpstr (moved_probe.name, ==, "ship");
  imp_assert_vec_near (moved_probe.position, 360, 240, 1e-9);
  PhysVec2 drawn[1] = { { 300, 280 } };
  g_assert_cmpint (imp_grab_at (world, NULL, drawn, &view, TRUE, px (&view, 300, 280)).kind, ==,
                   IMP_GRAB_PROBE);
  phys_world_free (world);
}

static void
test_grab_edit (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.dt = 0.5;
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_circle (world, "ball", 100, 100, 30, 0, 10);
  imp_test_add_segment (world, "wall", 50, 200, 250, 200, PHYS_RESPONSE_REFLECT, 1);
  ImpView view = test_view ();

  /* 2 px per unit: a pixel is half a unit, and values snap to 0.1, the
   * largest power of ten no wider. */
  ImpGrab g = imp_grab_at (world, NULL, NULL, &view, FALSE, px (&view, 100, 100));
  PhysVec2 to = imp_view_to_screen (&view, phys_v2 (100, 100));
  PhysEdit edit = imp_grab_edit (&g, world, &view, phys_v2 (to.x + 41, to.y - 9));
  g_assert_cmpint (edit.kind, ==, PHYS_EDIT_SET_CIRCLE);
  g_assert_cmpuint (edit.fields, ==, PHYS_EDIT_POSITION);
  imp_assert_vec_near (edit.position, 120.5, 95.5, 1e-12);

  /* The tip, (30 * 0.5) = 15 units ahead; moving it 10 px (5 units) right adds
   * 5 / dt = 10 to vx. */
  g = imp_grab_at (world, NULL, NULL, &view, TRUE, px (&view, 115, 100));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_VELOCITY);
  to = px (&view, 115, 100);
  edit = imp_grab_edit (&g, world, &view, phys_v2 (to.x + 10, to.y - 4));
  g_assert_cmpuint (edit.fields, ==, PHYS_EDIT_VELOCITY);
  imp_assert_vec_near (edit.velocity, 40, -4, 1e-12);

  /* An end moves alone; the segment whole keeps its length. */
  g = imp_grab_at (world, NULL, NULL, &view, FALSE, px (&view, 250, 200));
  edit = imp_grab_edit (&g, world, &view, px (&view, 260.04, 180));
  imp_assert_vec_near (edit.a, 50, 200, 1e-12);
  imp_assert_vec_near (edit.b, 260, 180, 1e-12);
  g = imp_grab_at (world, NULL, NULL, &view, FALSE, px (&view, 150, 200));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_SEGMENT);
  edit = imp_grab_edit (&g, world, &view, px (&view, 150, 210));
  imp_assert_vec_near (edit.a, 50, 210, 1e-12);
  imp_assert_vec_near (edit.b, 250, 210, 1e-12);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);

  /* New bodies: the median radius, a mass from the area; a 200 px wall. */
  imp_test_add_circle (world, "big", 10, 10, 0, 0, 30);
  imp_test_add_circle (world, "small", 20, 10, 0, 0, 2);
  edit = imp_grab_new_circle (world, &view, phys_v2 (70, 80));
  g_assert_cmpint (edit.kind, ==, PHYS_EDIT_ADD_CIRCLE);
  g_assert_cmpstr (edit.name, ==, "circle-1");
  g_assert_cmpfloat (edit.radius, ==, 10);
  imp_assert_vec_near (edit.position, 70, 80, 1e-12);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  g_assert_cmpfloat_with_epsilon (phys_world_get_circle (world, 3).mass, G_PI * 100, 1e-9);
  edit = imp_grab_new_segment (world, &view, phys_v2 (70, 80));
  g_assert_cmpstr (edit.name, ==, "wall-1");
  imp_assert_vec_near (edit.a, 20, 80, 1e-12);
  imp_assert_vec_near (edit.b, 120, 80, 1e-12);
  phys_world_free (world);
}


/* Rigid bodies: a 40 x 20 box "box" at (100, 100), a curve "ramp", in bounds 0..400 x 0..300. */
static PhysWorld *
rigid_world (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.has_bounds = true;
  def.bounds = (PhysAabb) { { 0, 0 }, { 400, 300 } };
  PhysWorld *world = imp_test_world_new (&def);
  PhysEdit box = phys_edit_init (PHYS_EDIT_ADD_POLYGON, "box");
  box.shape = phys_polygon_box (40, 20);
  box.position = phys_v2 (100, 100);
  g_assert_cmpint (phys_world_apply_edit (world, &box), ==, PHYS_OK);
  PhysEdit ramp = phys_edit_init (PHYS_EDIT_ADD_CURVE, "ramp");
  ramp.curve = (PhysBezier) { { { 200, 250 }, { 250, 150 }, { 300, 250 }, { 350, 200 } } };
  g_assert_cmpint (phys_world_apply_edit (world, &ramp), ==, PHYS_OK);
  imp_test_add_circle (world, "ball", 300, 60, 0, 0, 10);
  return world;
}

/* The forms' fields of polygons, curves and the circles' new ones: read, turned into set
 * edits of their own bit, refused with the field's words. */
static void
test_fields_rigid (void)
{
  PhysWorld *world = rigid_world ();
  PhysBodyRef box = { PHYS_BODY_POLYGON, 0 }, ramp = { PHYS_BODY_CURVE, 0 };
  PhysBodyRef ball = { PHYS_BODY_CIRCLE, 0 };
  g_autoptr (GError) error = NULL;
  PhysEdit edit;

  /* 40 x 20 at density 1: mass 800. */
  const ImpBodyField *mass = imp_body_field_lookup (PHYS_BODY_POLYGON, "mass");
  g_assert_cmpfloat (imp_body_field_get (world, box, mass), ==, 800);
  g_assert_cmpfloat (imp_body_field_get (world, box, imp_body_field_lookup (PHYS_BODY_POLYGON,
                                                                            "density")),
                     ==, 1);
  const ImpBodyField *angle = imp_body_field_lookup (PHYS_BODY_POLYGON, "angle");
  g_assert_true (imp_body_field_edit (world, box, angle, 0.5, &edit, &error));
  g_assert_cmpint (edit.kind, ==, PHYS_EDIT_SET_POLYGON);
  g_assert_cmphex (edit.fields, ==, PHYS_EDIT_ANGLE);
  g_assert_cmpfloat (edit.angle, ==, 0.5);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  g_assert_cmpfloat (imp_body_field_get (world, box, angle), ==, 0.5);
  const ImpBodyField *density = imp_body_field_lookup (PHYS_BODY_POLYGON, "density");
  g_assert_true (imp_body_field_edit (world, box, density, 2.5, &edit, &error));
  g_assert_cmphex (edit.fields, ==, PHYS_EDIT_DENSITY);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  g_assert_cmpfloat_with_epsilon (imp_body_field_get (world, box, mass), 2000, 1e-9);

  /* A curve's P1.y: the other control points stay. */
  const ImpBodyField *p1y = imp_body_field_lookup (PHYS_BODY_CURVE, "p1y");
  g_assert_cmpfloat (imp_body_field_get (world, ramp, p1y), ==, 150);
  g_assert_true (imp_body_field_edit (world, ramp, p1y, 120, &edit, &error));
  g_assert_cmphex (edit.fields, ==, PHYS_EDIT_CONTROL_POINTS);
  imp_assert_vec_equal (edit.curve.p[0], 200, 250);
  imp_assert_vec_equal (edit.curve.p[1], 250, 120);
  imp_assert_vec_equal (edit.curve.p[3], 350, 200);

  /* The circle's turn and friction. */
  const ImpBodyField *omega = imp_body_field_lookup (PHYS_BODY_CIRCLE, "omega");
  g_assert_true (imp_body_field_edit (world, ball, omega, -0.25, &edit, &error));
  g_assert_cmphex (edit.fields, ==, PHYS_EDIT_ANGULAR_VELOCITY);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  g_assert_cmpfloat (phys_world_get_circle (world, 0).angular_velocity, ==, -0.25);

  int range = IMP_BODY_FIELD_ERROR_RANGE;
  assert_refused ("friction", PHYS_BODY_POLYGON, "-1", range,
                  "\u03bc: expected a number from 0 to 1000000, got -1");
  assert_refused ("density", PHYS_BODY_POLYGON, "0", range,
                  "\u03c1: expected a number greater than 0, got 0");
  assert_refused ("friction", PHYS_BODY_CIRCLE, "2e6", range,
                  "\u03bc: expected a number from 0 to 1000000, got 2e6");

  /* Three control points already at (250, 250) and P1 moved there: no curve left. */
  PhysEdit flat = imp_body_edit_curve (world, 0, PHYS_EDIT_CONTROL_POINTS);
  for (int k = 0; k < 4; k++)
    flat.curve.p[k] = phys_v2 (250, 250);
  flat.curve.p[1] = phys_v2 (250, 150);
  g_assert_cmpint (phys_world_apply_edit (world, &flat), ==, PHYS_OK);
  const ImpBodyField *p1x = imp_body_field_lookup (PHYS_BODY_CURVE, "p1y");
  g_assert_false (imp_body_field_edit (world, ramp, p1x, 250, &edit, &error));
  g_assert_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE);
  g_assert_cmpstr (error->message, ==,
                   "P\u2081y: all four control points would be the same point; a curve needs a "
                   "length");
  g_clear_error (&error);

  /* Removing either kind; the box moved so that a corner leaves the bounds is refused. */
  g_assert_cmpint (imp_body_edit_remove (world, box).kind, ==, PHYS_EDIT_REMOVE_POLYGON);
  g_assert_cmpint (imp_body_edit_remove (world, ramp).kind, ==, PHYS_EDIT_REMOVE_CURVE);
  PhysEdit move = imp_body_edit_polygon (world, 0, PHYS_EDIT_POSITION);
  move.position = phys_v2 (15, 100);
  g_autofree char *warning = NULL;
  g_assert_false (imp_body_edit_check_place (world, &move, &warning, &error));
  g_assert_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE);
  /* Turned by 0.5 about (15, 100), the corner (-20, -10) of the box is at x < 0. */
  g_assert_true (g_str_has_prefix (error->message, "box: its corner at ("));
  g_assert_true (g_str_has_suffix (error->message,
                                   ") would be outside the world's bounds (x 0 to 400, y 0 to "
                                   "300)"));
  g_clear_error (&error);
  move.position = phys_v2 (50, 100);
  g_assert_true (imp_body_edit_check_place (world, &move, &warning, &error));
  phys_world_free (world);
}

/* Taking hold of a polygon moves its centre of mass; its rotation handle (once selected) turns
 * it about that centre; a curve moves whole, or by one control point. New bodies. */
static void
test_grab_rigid (void)
{
  PhysWorld *world = rigid_world ();
  ImpView view = test_view ();
  PhysBodyRef none = { PHYS_BODY_CIRCLE, -1 }, box = { PHYS_BODY_POLYGON, 0 };
  PhysBodyRef ramp = { PHYS_BODY_CURVE, 0 };

  ImpGrab g = imp_grab_at (world, NULL, NULL, &view, FALSE, px (&view, 115, 105));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_POLYGON);
  g_assert_cmpint (g.body.kind, ==, PHYS_BODY_POLYGON);
  /* 2 px a unit: a drag of 21 px right, 9 up is 10.5, -4.5 (snapped to 0.1). */
  PhysVec2 from = px (&view, 115, 105);
  PhysEdit edit = imp_grab_edit (&g, world, &view, phys_v2 (from.x + 21, from.y - 9));
  g_assert_cmpint (edit.kind, ==, PHYS_EDIT_SET_POLYGON);
  g_assert_cmphex (edit.fields, ==, PHYS_EDIT_POSITION);
  imp_assert_vec_near (edit.position, 110.5, 95.5, 1e-12);
  /* Outside the box (its edge at x = 120, 2 px of slack): empty space. */
  g_assert_cmpint (imp_grab_at (world, NULL, NULL, &view, FALSE, px (&view, 123, 100)).kind, ==,
                   IMP_GRAB_NONE);

  /* The handle: on the line from the centre of mass through vertex 0, 22 px beyond the
   * farthest vertex (sqrt(500) units, 2 px each). Not there unless the box is selected. */
  PhysPolygonBody body = phys_world_get_polygon (world, 0);
  PhysVec2 u = phys_v2_unit (body.shape.vertices[0]);
  PhysVec2 centre = px (&view, 100, 100);
  PhysVec2 handle = phys_v2_add_scaled (centre, u, sqrt (500.0) * 2 + 22);
  imp_assert_vec_near (imp_render_rotation_handle (&view, world, 0), handle.x, handle.y, 1e-9);
  g_assert_cmpint (imp_grab_handle_at (world, &view, none, handle).kind, ==, IMP_GRAB_NONE);
  g = imp_grab_handle_at (world, &view, box, phys_v2 (handle.x + 3, handle.y));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_ROTATE);
  /* A quarter turn of the pointer about the centre (clockwise on screen) adds pi / 2,
   * snapped as finely as a pixel at the handle's reach tells (0.01 rad here). */
  g = imp_grab_handle_at (world, &view, box, handle);
  PhysVec2 arm = phys_v2_sub (handle, centre);
  PhysVec2 turned = phys_v2_add (centre, phys_v2 (-arm.y, arm.x));
  edit = imp_grab_edit (&g, world, &view, turned);
  g_assert_cmphex (edit.fields, ==, PHYS_EDIT_ANGLE);
  g_assert_cmpfloat_with_epsilon (edit.angle, 1.57, 1e-12);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);

  /* The curve: near it, it moves whole; selected, its control points are handles. */
  PhysVec2 on_curve = px (&view, 275, 206.25); /* B(1/2) = (P0 + 3 P1 + 3 P2 + P3) / 8 */
  g = imp_grab_at (world, NULL, NULL, &view, FALSE, phys_v2 (on_curve.x, on_curve.y + 3));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_CURVE);
  edit = imp_grab_edit (&g, world, &view, phys_v2 (on_curve.x + 20, on_curve.y + 13));
  g_assert_cmphex (edit.fields, ==, PHYS_EDIT_CONTROL_POINTS);
  imp_assert_vec_near (edit.curve.p[0], 210, 255, 1e-12);
  imp_assert_vec_near (edit.curve.p[3], 360, 205, 1e-12);
  g = imp_grab_handle_at (world, &view, ramp, px (&view, 250, 151));
  g_assert_cmpint (g.kind, ==, IMP_GRAB_CONTROL);
  g_assert_cmpint (g.handle, ==, 1);
  edit = imp_grab_edit (&g, world, &view, px (&view, 240, 131));
  imp_assert_vec_near (edit.curve.p[1], 240, 130, 1e-12);
  imp_assert_vec_near (edit.curve.p[2], 300, 250, 1e-12);

  /* New bodies: the box the size of the polygons there (radius sqrt(500): sides 2 sqrt(250)),
   * a triangle standing on an edge (its apex straight up), an octagon, a curve 200 px wide. */
  edit = imp_grab_new_polygon (world, &view, phys_v2 (60, 60), 0);
  g_assert_cmpint (edit.kind, ==, PHYS_EDIT_ADD_POLYGON);
  g_assert_cmpstr (edit.name, ==, "box-1");
  g_assert_cmpint (edit.shape.count, ==, 4);
  g_assert_cmpfloat_with_epsilon (fabs (edit.shape.vertices[0].x), sqrt (250.0), 1e-12);
  edit = imp_grab_new_polygon (world, &view, phys_v2 (60, 60), 3);
  g_assert_cmpstr (edit.name, ==, "triangle-1");
  g_assert_cmpfloat_with_epsilon (edit.shape.vertices[0].x, 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (edit.shape.vertices[0].y, -sqrt (500.0), 1e-9);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  edit = imp_grab_new_polygon (world, &view, phys_v2 (60, 60), 8);
  g_assert_cmpstr (edit.name, ==, "polygon-1");
  g_assert_cmpint (edit.shape.count, ==, 8);
  edit = imp_grab_new_curve (world, &view, phys_v2 (200, 100));
  g_assert_cmpstr (edit.name, ==, "curve-1");
  imp_assert_vec_near (edit.curve.p[0], 150, 100, 1e-12);
  imp_assert_vec_near (edit.curve.p[3], 250, 100, 1e-12);
  g_assert_cmpint (phys_world_apply_edit (world, &edit), ==, PHYS_OK);
  phys_world_free (world);
}

/* In a window */



static GtkEntry *
entry_named (GtkWidget *editor, const char *key)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();
  imp_test_collect_widgets (editor, GTK_TYPE_ENTRY, found);
  for (guint i = 0; i < found->len; i++)
    if (g_str_equal (gtk_widget_get_name (found->pdata[i]), key)
        && gtk_widget_is_visible (found->pdata[i]))
      return found->pdata[i];
  g_assert_not_reached ();
}

/* Types text into a field of the form and presses Enter. */
static void
type_into (GtkWidget *editor, const char *key, const char *text)
{
  GtkEntry *entry = entry_named (editor, key);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

static int
edit_count (ImpSession *session)
{
  return imp_recording_get_n_edits (imp_session_get_recording (session));
}

/* A window on a shipped scene, recorded to frames. */
static ImpWindow *
window_with_scene (const char *scene, gint64 frames)
{
  ImpWindow *window = imp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "lessons", "scenes", scene, NULL);
  g_assert_true (imp_window_open (window, path));
  imp_test_wait_for_length (imp_window_get_session (window), frames);
  return window;
}

static ImpWindow *
window_with_lesson (const char *lesson, guint step)
{
  ImpWindow *window = imp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *uri
      = g_strdup_printf ("resource:///org/impulselab/Impulse/lessons/%s.json", lesson);
  g_assert_true (imp_window_open (window, uri));
  ImpLessonPlayer *player = imp_window_get_lesson_player (window);
  imp_lesson_player_go (player, step);
  imp_test_wait_for_length (imp_window_get_session (window), 20);
  g_assert_false (imp_lesson_player_get_reached (player));
  return window;
}

/* Lesson 2, "Turn the miss into a hit": the learner types c2's new velocity
 * into the inspector; a bad value is refused first and changes nothing. */
static void
test_editor_reaches_verdict (void)
{
  ImpWindow *window = window_with_lesson ("02-swept-quadratic", 4);
  ImpSession *session = imp_window_get_session (window);
  ImpLessonPlayer *player = imp_window_get_lesson_player (window);
  g_assert_cmpint (imp_session_get_frame (session), ==, 1);
  /* The pair c1, c2 is selected: a form for each. */
  GtkWidget *c2 = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_BODY_EDITOR, 1);
  g_assert_true (imp_body_editor_is_shown (IMP_BODY_EDITOR (c2)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_named (c2, "vx"))), ==, "-30");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_named (c2, "x"))), ==, "260");

  /* Refused: the message names the field and what it expects; the typed text
   * stays, marked, and nothing is edited. */
  type_into (c2, "radius", "-1");
  g_assert_cmpstr (imp_body_editor_get_message (IMP_BODY_EDITOR (c2)), ==,
                   "r: expected a number greater than 0, got -1");
  GtkEntry *radius = entry_named (c2, "radius");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (radius)), ==, "-1");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (radius), "error"));
  type_into (c2, "vx", "fast");
  g_assert_cmpstr (imp_body_editor_get_message (IMP_BODY_EDITOR (c2)), ==,
                   "vx: expected a number, got \u201cfast\u201d");
  g_assert_cmpint (edit_count (session), ==, 0);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  g_assert_cmpfloat (phys_world_get_circle (now.world, 1).radius, ==, 8);

  /* Corrected: the radius back to 8 is no change; the velocity is. */
  type_into (c2, "radius", "8");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (radius), "error"));
  g_assert_cmpint (edit_count (session), ==, 0);
  type_into (c2, "vx", "-10");
  g_assert_null (imp_body_editor_get_message (IMP_BODY_EDITOR (c2)));
  g_assert_cmpint (edit_count (session), ==, 1);
  g_assert_false (imp_lesson_player_get_reached (player));
  type_into (c2, "vy", "-30");
  g_assert_cmpint (edit_count (session), ==, 2);
  /* Both edits at the playhead's frame, where the goal's test is. */
  g_assert_cmpint (imp_session_get_frame (session), ==, 1);
  imp_session_get_view (session, &now);
  imp_assert_vec_near (phys_world_get_circle (now.world, 1).velocity, -10, -30, 1e-12);
  /* The goal is checked once the new branch has frame 1 recorded. */
  imp_test_wait_for_length (session, 10);
  g_assert_true (imp_lesson_player_get_reached (player));

  /* Text being typed (the focus in the field, not yet applied) survives the
   * refreshes playback and stepping cause; another body's form starts afresh. */
  GtkEntry *y = entry_named (c2, "y");
  gtk_widget_grab_focus (GTK_WIDGET (y));
  gtk_editable_set_text (GTK_EDITABLE (y), "33");
  imp_session_step (session, 1);
  imp_session_step (session, -1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (y)), ==, "33");
  g_assert_cmpint (edit_count (session), ==, 2);

  /* Undo takes the last edit back, exactly. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  imp_session_get_view (session, &now);
  imp_assert_vec_near (phys_world_get_circle (now.world, 1).velocity, -10, 0, 1e-12);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_named (c2, "vy"))), ==, "0");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Lesson 1, "Test only where frames end": the World menu's detection, then a
 * step to frame 3; and every other choice of the menu edits the world. */
static void
test_world_menu_reaches_mode (void)
{
  ImpWindow *window = window_with_lesson ("01-tunneling", 2);
  ImpSession *session = imp_window_get_session (window);
  ImpLessonPlayer *player = imp_window_get_lesson_player (window);
  GActionGroup *actions = G_ACTION_GROUP (window);
  g_autoptr (GVariant) before = g_action_group_get_action_state (actions, "world-detection");
  g_assert_cmpstr (g_variant_get_string (before, NULL), ==, "swept");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.world-detection", "s", "discrete");
  g_assert_cmpint (edit_count (session), ==, 1);
  g_autoptr (GVariant) after = g_action_group_get_action_state (actions, "world-detection");
  g_assert_cmpstr (g_variant_get_string (after, NULL), ==, "discrete");
  g_assert_false (imp_lesson_player_get_reached (player));
  /* The new branch is recorded from the edit on. */
  imp_test_wait_for_length (session, 10);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward", NULL);
  g_assert_cmpint (imp_session_get_frame (session), ==, 3);
  g_assert_true (imp_lesson_player_get_reached (player));

  /* The same choice again is no edit. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.world-detection", "s", "discrete");
  g_assert_cmpint (edit_count (session), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.world-no-end-caps", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.world-integrator", "s", "rk4");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.world-substeps", "s", "4");
  g_assert_cmpint (edit_count (session), ==, 4);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  const PhysWorldDef *def = phys_world_get_def (now.world);
  g_assert_true (def->modes.no_end_caps);
  g_assert_cmpint (def->modes.detection, ==, PHYS_DETECTION_DISCRETE);
  g_assert_cmpint (def->integrator, ==, PHYS_INTEGRATOR_RK4);
  g_assert_cmpint (def->substeps, ==, 4);
  /* An unknown choice changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.world-integrator", "s", "leapfrog");
  g_assert_cmpint (edit_count (session), ==, 4);

  /* In a lesson the switches apply from frame 0, as its texts assume: the
   * states at frame 0 are the same, and the playhead stayed on frame 3. */
  g_assert_cmpint (imp_session_get_frame (session), ==, 3);
  for (int i = 0; i < edit_count (session); i++)
    {
      g_assert_cmpint (imp_recording_get_edit_frame (imp_session_get_recording (session), i), ==,
                       0);
    }
  imp_session_set_frame (session, 0);
  g_autoptr (GVariant) at_start = g_action_group_get_action_state (actions, "world-integrator");
  g_assert_cmpstr (g_variant_get_string (at_start, NULL), ==, "rk4");
  g_autoptr (GVariant) caps = g_action_group_get_action_state (actions, "world-no-end-caps");
  g_assert_true (g_variant_get_boolean (caps));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Waits until the canvas has been drawn and fitted to the scene. */
static ImpCanvas *
drawn_canvas (ImpWindow *window)
{
  ImpCanvas *canvas = IMP_CANVAS (imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_CANVAS, 0));
  gint64 deadline = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
  while (!imp_canvas_get_fitted (canvas) || gtk_widget_get_width (GTK_WIDGET (canvas)) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  return canvas;
}

/* Pixels per world unit as drawn. */
static double
canvas_scale (ImpCanvas *canvas)
{
  return imp_canvas_to_widget (canvas, phys_v2 (1, 0)).x - imp_canvas_to_widget (canvas, phys_v2 (0, 0)).x;
}

static void
test_canvas_drag (void)
{
  ImpWindow *window = window_with_scene ("seed001-head-on.json", 10);
  ImpSession *session = imp_window_get_session (window);
  ImpViewOptions *options = imp_session_get_view_options (session);
  imp_session_set_frame (session, 2);
  imp_view_options_set_overlays (options,
                                 imp_view_options_get_overlays (options) | IMP_OVERLAY_VELOCITY);
  ImpCanvas *canvas = drawn_canvas (window);
  double scale = canvas_scale (canvas);
  double step = pow (10.0, floor (log10 (1.0 / scale)));
  ImpSessionView now;
  imp_session_get_view (session, &now);
  PhysCircle before = phys_world_get_circle (now.world, 0);

  /* The body: 40 px up. */
  PhysVec2 at = imp_canvas_to_widget (canvas, before.position);
  imp_canvas_drag (canvas, at.x, at.y, at.x, at.y - 40);
  g_assert_cmpint (edit_count (session), ==, 1);
  g_assert_cmpint (imp_session_get_frame (session), ==, 2);
  imp_session_get_view (session, &now);
  PhysCircle after = phys_world_get_circle (now.world, 0);
  g_assert_cmpfloat (after.position.x, ==, round (before.position.x / step) * step);
  g_assert_cmpfloat_with_epsilon (after.position.y, before.position.y - 40 / scale, step);
  g_assert_cmpfloat (fmod (fabs (after.position.y / step) + 1e-9, 1.0), <, 1e-6);
  PhysBodyRef selected;
  g_assert_true (imp_session_get_selected_body (session, &selected));
  g_assert_cmpint (selected.index, ==, 0);
  /* The run before the edit is drawn as a ghost: the window shows that branch
   * unless the learner turned it off. */
  g_assert_true (imp_view_options_get_overlays (options) & IMP_OVERLAY_GHOST_BRANCH);
  imp_test_wait_for_length (session, 10);
  imp_session_set_frame (session, 6);
  imp_session_get_view (session, &now);
  g_assert_nonnull (now.ghost_positions);
  g_assert_cmpfloat (now.ghost_positions[0].y, !=, now.positions[0].y);
  imp_session_set_frame (session, 2);
  imp_session_get_view (session, &now);

  /* The tip of its velocity arrow: 30 px right adds 30 / scale / dt to vx. */
  g_autofree PhysVec2 *disp = g_new (PhysVec2, phys_world_circle_count (now.world));
  phys_world_frame_paths (now.world, NULL, disp);
  PhysVec2 tip = imp_canvas_to_widget (canvas, phys_v2_add (after.position, disp[0]));
  imp_canvas_drag (canvas, tip.x, tip.y, tip.x + 30, tip.y);
  g_assert_cmpint (edit_count (session), ==, 2);
  imp_session_get_view (session, &now);
  double dt = phys_world_get_def (now.world)->dt;
  g_assert_cmpfloat_with_epsilon (phys_world_get_circle (now.world, 0).velocity.x,
                                  after.velocity.x + 30 / scale / dt, step / dt);
  g_assert_cmpfloat (phys_world_get_circle (now.world, 0).velocity.y, ==, after.velocity.y);

  /* Empty space pans: no edit. A click that wobbles 2 px moves nothing. */
  imp_canvas_drag (canvas, 5, 5, 60, 40);
  g_assert_cmpint (edit_count (session), ==, 2);
  imp_session_get_view (session, &now);
  at = imp_canvas_to_widget (canvas, phys_world_get_circle (now.world, 1).position);
  imp_canvas_drag (canvas, at.x, at.y, at.x + 2, at.y - 1);
  g_assert_cmpint (edit_count (session), ==, 2);

  /* Undo twice: the body is back where it was, to the bit. */
  g_assert_true (imp_session_undo (session));
  g_assert_true (imp_session_undo (session));
  imp_session_get_view (session, &now);
  g_assert_cmpfloat (phys_world_get_circle (now.world, 0).position.y, ==, before.position.y);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_canvas_add_delete (void)
{
  ImpWindow *window = window_with_scene ("seed001-head-on.json", 10);
  ImpSession *session = imp_window_get_session (window);
  ImpCanvas *canvas = drawn_canvas (window);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  int circles = phys_world_circle_count (now.world);
  int segments = phys_world_segment_count (now.world);
  PhysAabb box = imp_view_world_box (now.world);
  PhysVec2 spot = phys_v2 (box.min.x + 0.1 * (box.max.x - box.min.x),
                           box.min.y + 0.1 * (box.max.y - box.min.y));
  PhysVec2 at = imp_canvas_to_widget (canvas, spot);

  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.add-circle", "(dd)", at.x, at.y);
  imp_session_get_view (session, &now);
  g_assert_cmpint (phys_world_circle_count (now.world), ==, circles + 1);
  PhysBodyRef added, selected;
  g_assert_true (phys_world_find (now.world, "circle-1", &added));
  g_assert_true (imp_session_get_selected_body (session, &selected));
  g_assert_cmpint (selected.index, ==, added.index);
  imp_assert_vec_near (phys_world_get_circle (now.world, added.index).position, spot.x, spot.y,
                       1e-9);

  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.add-segment", "(dd)", at.x, at.y + 50);
  imp_session_get_view (session, &now);
  g_assert_cmpint (phys_world_segment_count (now.world), ==, segments + 1);
  g_assert_true (phys_world_find (now.world, "wall-1", &added));
  PhysSegment wall = phys_world_get_segment (now.world, added.index);
  g_assert_cmpfloat_with_epsilon (phys_v2_len (phys_v2_sub (wall.b, wall.a)) * canvas_scale (canvas),
                                  200.0, 1e-6);

  /* Delete (the key's action) removes the selected wall, and selects nothing. */
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-body", NULL);
  imp_session_get_view (session, &now);
  g_assert_cmpint (phys_world_segment_count (now.world), ==, segments);
  g_assert_false (imp_session_get_selected_body (session, NULL));
  g_assert_cmpint (edit_count (session), ==, 3);
  /* Nothing selected: nothing to delete. */
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-body", NULL);
  g_assert_cmpint (edit_count (session), ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
label_has (GtkWidget *root, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  imp_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_text (labels->pdata[i]), text) != NULL)
      return TRUE;
  return FALSE;
}

/* With nothing selected the inspector counts the pairs: all of them, and those
 * the grid hands on in this frame (lesson 11's numbers, seen after predicting). */
static void
test_inspector_pair_counts (void)
{
  ImpWindow *window = window_with_lesson ("11-broad-phase", 0);
  ImpSession *session = imp_window_get_session (window);
  imp_lesson_player_close (imp_window_get_lesson_player (window));
  imp_session_set_frame (session, 5);
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_CIRCLE, -1 }, FALSE);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  int n = phys_world_circle_count (now.world);
  int64_t grid = phys_world_frame_grid_pairs (now.world);
  g_assert_cmpint (n, ==, 200);
  g_assert_cmpint (grid, >, 0);
  g_assert_cmpint (grid, <, 19900 / 100);
  g_autofree char *all = g_strdup_printf ("n (n \u2212 1) / 2 = %d pairs", n * (n - 1) / 2);
  g_autofree char *handed = g_strdup_printf ("hands %" G_GINT64_FORMAT " of them", grid);
  GtkWidget *inspector = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_INSPECTOR, 0);
  g_assert_true (label_has (inspector, all));
  g_assert_true (label_has (inspector, handed));
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkLabel *
label_with (GtkWidget *root, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  imp_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_text (labels->pdata[i]), text) != NULL)
      return labels->pdata[i];
  g_assert_not_reached ();
}

/* The card and the canvas are linked both ways: the pointer on the card's j
 * line names j; a term lit on the session (by the canvas's pointer on the
 * normal arrow, say) marks the card's n line. */
static void
test_inspector_term_link (void)
{
  ImpWindow *window = window_with_scene ("seed001-head-on.json", 100);
  ImpSession *session = imp_window_get_session (window);
  ImpViewOptions *options = imp_session_get_view_options (session);
  imp_view_options_set_overlays (options, IMP_OVERLAY_CONTACT | IMP_OVERLAY_IMPULSE);
  g_assert_true (imp_session_jump_event (session, 1));
  ImpCanvas *canvas = drawn_canvas (window);
  ImpInspector *inspector
      = IMP_INSPECTOR (imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_INSPECTOR, 0));
  GtkLabel *card = label_with (GTK_WIDGET (inspector), "j = \u2212(1 + e)");

  /* Card to canvas: where the j line is drawn. */
  const char *text = gtk_label_get_text (card);
  int j_at = (int) (strstr (text, "j = \u2212(1 + e)") - text);
  PangoRectangle pos;
  pango_layout_index_to_pos (gtk_label_get_layout (card), j_at + 2, &pos);
  int lx, ly;
  gtk_label_get_layout_offsets (card, &lx, &ly);
  double x = lx + (pos.x + pos.width / 2.0) / PANGO_SCALE;
  double y = ly + (pos.y + pos.height / 2.0) / PANGO_SCALE;
  g_assert_cmpstr (imp_inspector_term_at (inspector, x, y), ==, "j");
  /* The heading names no term. */
  pango_layout_index_to_pos (gtk_label_get_layout (card), 1, &pos);
  g_assert_null (imp_inspector_term_at (inspector, lx + (pos.x + 1.0) / PANGO_SCALE,
                                        ly + (pos.y + 1.0) / PANGO_SCALE));

  /* Canvas to card: the normal's arrow names n ... */
  ImpSessionView now;
  imp_session_get_view (session, &now);
  const PhysCircleCircleSweep *sw = &now.selected->circle_circle.sweep;
  PhysVec2 contact = imp_canvas_to_widget (canvas, sw->point);
  PhysVec2 on_normal = phys_v2_add_scaled (contact, sw->normal, 20.0);
  gint64 deadline = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
  while (imp_canvas_term_at (canvas, on_normal.x, on_normal.y) == NULL
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpstr (imp_canvas_term_at (canvas, on_normal.x, on_normal.y), ==, "n");
  /* ... and n lit on the session marks the card's line that computes it. */
  imp_view_options_set_highlight_term (options, "n");
  /* Marking sets the card's markup again (imp-inspector.c, mark_term()): the same text in a
   * new buffer. */
  text = gtk_label_get_text (card);
  int n_at = (int) (strstr (text, "n = unit(") - text);
  PangoAttrList *attrs = gtk_label_get_attributes (card);
  g_assert_nonnull (attrs);
  PangoAttrIterator *it = pango_attr_list_get_iterator (attrs);
  gboolean marked = FALSE;
  do
    {
      int start, end;
      pango_attr_iterator_range (it, &start, &end);
      if (pango_attr_iterator_get (it, PANGO_ATTR_BACKGROUND) != NULL)
        {
          g_assert_cmpint (start, ==, n_at);
          marked = TRUE;
        }
    }
  while (pango_attr_iterator_next (it));
  pango_attr_iterator_destroy (it);
  g_assert_true (marked);
  imp_view_options_set_highlight_term (options, NULL);
  g_assert_null (pango_attr_list_get_attributes (gtk_label_get_attributes (card)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Seed 002's slope: dragging its end B onto A is refused all the way, so the
 * release commits nothing; with a pair inspected, Delete deletes nothing. */
static void
count_refusal (ImpCanvas *canvas, const char *message, int *refusals)
{
  (*refusals)++;
}

static void
test_canvas_refusals (void)
{
  ImpWindow *window = window_with_scene ("seed002-reflect.json", 10);
  ImpSession *session = imp_window_get_session (window);
  ImpCanvas *canvas = drawn_canvas (window);
  int refusals = 0;
  g_signal_connect (canvas, "edit-refused", G_CALLBACK (count_refusal), &refusals);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  PhysBodyRef slope;
  g_assert_true (phys_world_find (now.world, "slope", &slope));
  PhysSegment s = phys_world_get_segment (now.world, slope.index);
  PhysVec2 a = imp_canvas_to_widget (canvas, s.a), b = imp_canvas_to_widget (canvas, s.b);
  imp_canvas_drag (canvas, b.x, b.y, a.x, a.y);
  g_assert_cmpint (edit_count (session), ==, 0);
  g_assert_cmpint (refusals, ==, 0);
  imp_session_get_view (session, &now);
  imp_assert_vec_near (phys_world_get_segment (now.world, slope.index).b, s.b.x, s.b.y, 0.0 + 1e-12);

  PhysBodyRef left;
  g_assert_true (phys_world_find (now.world, "left", &left));
  imp_session_select_body (session, left, FALSE);
  imp_session_select_body (session, slope, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-body", NULL);
  g_assert_cmpint (edit_count (session), ==, 0);
  g_assert_cmpint (refusals, ==, 1);
  /* One body selected: it goes. */
  imp_session_select_body (session, left, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-body", NULL);
  g_assert_cmpint (edit_count (session), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Seed 003: the ship, selected with the wall, is turned through its form; the
 * pair's probe card then predicts from the new velocity. */
static void
test_editor_probe (void)
{
  ImpWindow *window = window_with_scene ("seed003-ship-wall.json", 20);
  ImpSession *session = imp_window_get_session (window);
  imp_session_set_frame (session, 10);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  PhysBodyRef ship, wall;
  g_assert_true (phys_world_find (now.world, "ship", &ship));
  g_assert_true (phys_world_find (now.world, "wall", &wall));
  imp_session_select_body (session, ship, FALSE);
  imp_session_select_body (session, wall, TRUE);
  GtkWidget *form = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_BODY_EDITOR, 0);
  g_assert_true (imp_body_editor_is_shown (IMP_BODY_EDITOR (form)));
  imp_session_get_view (session, &now); /* selecting rebuilt it */
  PhysProbe before = phys_world_get_probe (now.world, ship.index);
  type_into (form, "vy", "2");
  g_assert_null (imp_body_editor_get_message (IMP_BODY_EDITOR (form)));
  g_assert_cmpint (edit_count (session), ==, 1);
  imp_session_get_view (session, &now);
  PhysProbe after = phys_world_get_probe (now.world, ship.index);
  g_assert_cmpfloat (after.velocity.x, ==, before.velocity.x);
  g_assert_cmpfloat (after.velocity.y, ==, 2);
  g_assert_nonnull (now.pair);
  g_assert_cmpint (now.pair->kind, ==, PHYS_EVENT_PROBE_SEGMENT);
  /* The path's direction is the new velocity's. */
  PhysVec2 k = now.pair->probe.lines.k;
  g_assert_cmpfloat (fabs (k.x * after.velocity.y - k.y * after.velocity.x), <, 1e-9);
  g_assert_cmpfloat (k.x * after.velocity.x + k.y * after.velocity.y, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A click on an event's mark in the timeline bar steps into that event, a
 * few pixels off still; elsewhere it seeks. */
/* Where the timeline bar draws the recording's first event, and its frame. */
static double
first_mark (ImpSession *session, ImpTimelineBar *bar, gint64 *first)
{
  int width = gtk_widget_get_width (GTK_WIDGET (bar));
  gint64 length = imp_session_get_length (session);
  gint64 n_states;
  const PhysFrameSummary *summaries
      = imp_recording_get_summaries (imp_session_get_recording (session), &n_states);
  *first = -1;
  for (gint64 k = 0; k < length && k < n_states && *first < 0; k++)
    if (summaries[k].n_events > 0)
      *first = k;
  g_assert_cmpint (*first, >, 0);
  return ((double) *first + 0.5) / (double) length * width;
}

static void
test_timeline_bar_click (void)
{
  ImpWindow *window = window_with_scene ("seed001-head-on.json", 200);
  ImpSession *session = imp_window_get_session (window);
  ImpTimelineBar *bar
      = IMP_TIMELINE_BAR (imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_TIMELINE_BAR, 0));
  drawn_canvas (window);
  gint64 first;
  double x = first_mark (session, bar, &first);

  g_assert_cmpint (imp_timeline_bar_event_at (bar, x + 2.0), ==, first);
  g_assert_true (imp_timeline_bar_click (bar, x + 2.0));
  g_assert_cmpint (imp_session_get_frame (session), ==, first);
  g_assert_cmpint (imp_session_get_selected_event (session), ==, 0);
  g_assert_cmpint (imp_session_get_stop (session), >, 0);

  /* Half way to the first mark there is nothing to take: a seek. */
  double empty = 0.5 * x;
  g_assert_cmpint (imp_timeline_bar_event_at (bar, empty), ==, -1);
  g_assert_false (imp_timeline_bar_click (bar, empty));
  g_assert_cmpint (imp_session_get_frame (session), <, first);
  g_assert_cmpint (imp_session_get_selected_event (session), ==, -1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs the main loop for a while: the canvas draws on the frame clock. */
static void settle (void);

/* The bar stays where it is when the position beside it grows ("frame 0 /
 * 200" to "... t = 0.2500 before"): the marks stay under the pointer. An
 * event mark clicked while the canvas is zoomed on empty space brings the
 * event into view (the canvas stayed blank until F). */
static void
test_timeline_bar_steady_and_framing (void)
{
  ImpWindow *window = window_with_scene ("seed001-head-on.json", 200);
  ImpSession *session = imp_window_get_session (window);
  ImpTimelineBar *bar
      = IMP_TIMELINE_BAR (imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_TIMELINE_BAR, 0));
  ImpCanvas *canvas = drawn_canvas (window);
  settle ();
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), before, after;
  g_assert_true (
      gtk_widget_compute_point (GTK_WIDGET (bar), GTK_WIDGET (window), &origin, &before));
  gint64 first;
  double x = first_mark (session, bar, &first);

  /* Far in, and away from everything. */
  imp_canvas_zoom (canvas, 8.0);
  int w = gtk_widget_get_width (GTK_WIDGET (canvas));
  int h = gtk_widget_get_height (GTK_WIDGET (canvas));
  for (int i = 0; i < 3; i++)
    imp_canvas_drag (canvas, w - 2.0, h - 2.0, 2.0, 2.0);
  g_assert_true (imp_timeline_bar_click (bar, x + 2.0));
  PhysAabb box = imp_framing_focus_box (session, FALSE);
  g_assert_false (imp_aabb_is_empty (box));
  PhysAabb seen = imp_view_visible_box (imp_canvas_get_view (canvas));
  g_assert_cmpfloat (box.min.x, >=, seen.min.x);
  g_assert_cmpfloat (box.max.x, <=, seen.max.x);
  g_assert_cmpfloat (box.min.y, >=, seen.min.y);
  g_assert_cmpfloat (box.max.y, <=, seen.max.y);

  /* The position now says where inside the frame the playhead stopped. */
  settle ();
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  imp_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_LABEL, labels);
  const char *position = NULL;
  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_prefix (gtk_label_get_text (labels->pdata[i]), "frame "))
      position = gtk_label_get_text (labels->pdata[i]);
  g_assert_nonnull (strstr (position, " before"));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (bar), GTK_WIDGET (window), &origin, &after));
  g_assert_cmpfloat (after.x, ==, before.x);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A menu button's tooltip would cover the top of its menu: it is off while
 * the menu is open. */
static void
test_menu_tooltip_quiet (void)
{
  ImpWindow *window = window_with_scene ("seed001-head-on.json", 10);
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  imp_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, buttons);
  GtkMenuButton *world = NULL;
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_menu_button_get_label (buttons->pdata[i]), "World") == 0)
      world = buttons->pdata[i];
  g_assert_nonnull (world);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (world)));
  gtk_menu_button_popup (world);
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (world)));
  gtk_menu_button_popdown (world);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (world)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs the main loop for a while: the canvas draws on the frame clock. */
static void
settle (void)
{
  gint64 until = g_get_monotonic_time () + 60 * G_TIME_SPAN_MILLISECOND;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

/* Whether circle i of the session's world at the playhead is whole on the canvas. */
static gboolean
circle_whole (ImpCanvas *canvas, ImpSession *session, int i)
{
  ImpSessionView now;
  imp_session_get_view (session, &now);
  PhysCircle c = phys_world_get_circle (now.world, i);
  PhysVec2 p = imp_canvas_to_widget (canvas, now.positions[i]);
  double rad = c.radius * canvas_scale (canvas);
  return p.x - rad >= 0 && p.y - rad >= 0 && p.x + rad <= gtk_widget_get_width (GTK_WIDGET (canvas))
         && p.y + rad <= gtk_widget_get_height (GTK_WIDGET (canvas));
}

/* Lesson 1 step 6 at frame 16: the pair that tunnelled flies apart; switching back
 * to swept from the World menu (as asked) puts them where they bounced, and the
 * canvas frames them there (it kept the discrete framing, the right circle half
 * off the canvas). A learner who zoomed keeps the zoom. */
static void
test_world_switch_reframes (void)
{
  for (int zoomed = 0; zoomed < 2; zoomed++)
    {
      ImpWindow *window = window_with_lesson ("01-tunneling", 5);
      ImpSession *session = imp_window_get_session (window);
      ImpCanvas *canvas = drawn_canvas (window);
      settle ();
      g_assert_cmpint (imp_session_get_frame (session), ==, 16);
      PhysBodyRef left, right;
      g_assert_true (imp_session_get_selected_pair (session, &left, &right));
      g_assert_true (circle_whole (canvas, session, left.index));
      g_assert_true (circle_whole (canvas, session, right.index));
      if (zoomed)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
      settle ();
      double scale = canvas_scale (canvas);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.world-detection", "s", "swept");
      settle ();
      g_assert_true (imp_lesson_player_get_reached (imp_window_get_lesson_player (window)));
      if (zoomed)
        g_assert_cmpfloat (canvas_scale (canvas), ==, scale);
      else
        {
          g_assert_true (circle_whole (canvas, session, left.index));
          g_assert_true (circle_whole (canvas, session, right.index));
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Every step of every shipped lesson frames its subject at the window's default
 * size: each selected circle whole on the canvas, clear of the legend, and at
 * least 40 px across. Fitting the scene, the canvas showed them 7 to 26 px
 * across and the legend over the scene's corner; framing the subject, lessons
 * whose steps span long motions (1, 2, 3, 7, 9 and 11) still showed them 19 to
 * 36 px across until their scenes were drawn for the canvas. */
static void
test_lesson_frames_subject (void)
{
  g_auto (GStrv) lessons = imp_lesson_list_shipped ();
  for (guint l = 0; lessons[l] != NULL; l++)
    {
      ImpWindow *window = imp_window_new (NULL);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (imp_window_open (window, lessons[l]));
      ImpLessonPlayer *player = imp_window_get_lesson_player (window);
      ImpSession *session = imp_window_get_session (window);
      ImpCanvas *canvas = drawn_canvas (window);
      guint n = imp_lesson_n_steps (imp_lesson_player_get_lesson (player));
      for (guint k = 0; k < n; k++)
        {
          imp_lesson_player_go (player, k);
          settle ();
          PhysBodyRef sel[2];
          int count = imp_session_get_selected_pair (session, &sel[0], &sel[1])   ? 2
                      : imp_session_get_selected_body (session, &sel[0]) ? 1
                                                                           : 0;
          ImpSessionView now;
          imp_session_get_view (session, &now);
          int w = gtk_widget_get_width (GTK_WIDGET (canvas));
          int h = gtk_widget_get_height (GTK_WIDGET (canvas));
          double scale = canvas_scale (canvas);
          GArray *boxes = imp_canvas_get_boxes (canvas);
          /* No label, name or legend over another. */
          for (guint i = 0; i < boxes->len; i++)
            for (guint j = i + 1; j < boxes->len; j++)
              {
                const ImpRenderBox *p = &g_array_index (boxes, ImpRenderBox, i);
                const ImpRenderBox *q = &g_array_index (boxes, ImpRenderBox, j);
                gboolean cross = p->x < q->x + q->width && q->x < p->x + p->width
                                 && p->y < q->y + q->height && q->y < p->y + p->height;
                if (cross)
                  g_test_message ("%s step %u: %s over %s", lessons[l], k + 1, p->kind, q->kind);
                g_assert_false (cross);
              }
          for (int i = 0; i < count; i++)
            {
              if (sel[i].kind != PHYS_BODY_CIRCLE)
                continue;
              PhysCircle c = phys_world_get_circle (now.world, sel[i].index);
              PhysVec2 p = imp_canvas_to_widget (canvas, now.positions[sel[i].index]);
              double rad = c.radius * scale;
              g_test_message ("%s step %u: %s %.0f px across at (%.0f, %.0f)", lessons[l], k + 1,
                              c.name, 2 * rad, p.x, p.y);
              g_assert_cmpfloat (p.x - rad, >=, 0.0);
              g_assert_cmpfloat (p.y - rad, >=, 0.0);
              g_assert_cmpfloat (p.x + rad, <=, w);
              g_assert_cmpfloat (p.y + rad, <=, h);
              for (guint b = 0; b < boxes->len; b++)
                {
                  const ImpRenderBox *box = &g_array_index (boxes, ImpRenderBox, b);
                  if (!g_str_equal (box->kind, "legend"))
                    continue;
                  double dx = MAX (MAX (box->x - p.x, p.x - (box->x + box->width)), 0.0);
                  double dy = MAX (MAX (box->y - p.y, p.y - (box->y + box->height)), 0.0);
                  g_assert_cmpfloat (sqrt (dx * dx + dy * dy), >=, rad);
                }
              g_assert_cmpfloat (2 * rad, >=, IMP_VIEW_SUBJECT_MIN_PX);
            }
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The side panels fold over the canvas when the window is narrow, and come
 * back from the header: at the default size both stand beside the canvas; at
 * 960 px the inspector folds and lesson 1's pair is on the canvas; at the
 * smallest size both fold and the canvas takes most of the width. */
static ImpWindow *
lesson_window (int width, int height)
{
  ImpWindow *window = imp_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (
      imp_window_open (window, "resource:///org/impulselab/Impulse/lessons/01-tunneling.json"));
  drawn_canvas (window);
  settle ();
  return window;
}

/* The window's two flaps (the lesson panel's, the inspector's) and its canvas. */
static GtkWidget *
panels_of (ImpWindow *window, AdwFlap **lesson, AdwFlap **inspector)
{
  *lesson = ADW_FLAP (imp_test_nth_widget (GTK_WIDGET (window), ADW_TYPE_FLAP, 0));
  *inspector = ADW_FLAP (imp_test_nth_widget (GTK_WIDGET (window), ADW_TYPE_FLAP, 1));
  return imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_CANVAS, 0);
}

static void
test_window_panels_fold (void)
{
  AdwFlap *lesson, *inspector;
  ImpWindow *window = lesson_window (1200, 800);
  GtkWidget *canvas = panels_of (window, &lesson, &inspector);
  g_assert_false (adw_flap_get_folded (lesson));
  g_assert_false (adw_flap_get_folded (inspector));
  g_assert_true (adw_flap_get_reveal_flap (lesson));
  g_assert_true (adw_flap_get_reveal_flap (inspector));
  g_assert_cmpint (gtk_widget_get_width (canvas), >=, 480);
  gtk_window_destroy (GTK_WINDOW (window));

  /* A 1366 x 768 screen less the top bar: both panels, and the selected
   * body's position, velocity, radius and mass in sight without scrolling. */
  window = lesson_window (1366, 740);
  panels_of (window, &lesson, &inspector);
  g_assert_false (adw_flap_get_folded (lesson));
  g_assert_false (adw_flap_get_folded (inspector));
  GtkWidget *inspector_widget = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_INSPECTOR, 0);
  const char *essentials[] = { "x", "y", "vx", "vy", "radius", "mass" };
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  imp_test_collect_widgets (inspector_widget, GTK_TYPE_ENTRY, entries);
  for (gsize k = 0; k < G_N_ELEMENTS (essentials); k++)
    {
      GtkWidget *entry = NULL;
      for (guint i = 0; i < entries->len && entry == NULL; i++)
        if (g_str_equal (gtk_widget_get_name (entries->pdata[i]), essentials[k]))
          entry = entries->pdata[i];
      g_assert_nonnull (entry);
      graphene_point_t bottom = GRAPHENE_POINT_INIT (0, gtk_widget_get_height (entry)), at;
      g_assert_true (gtk_widget_compute_point (entry, inspector_widget, &bottom, &at));
      g_assert_cmpfloat (at.y, <=, gtk_widget_get_height (inspector_widget));
    }
  gtk_window_destroy (GTK_WINDOW (window));

  window = lesson_window (960, 700);
  canvas = panels_of (window, &lesson, &inspector);
  g_assert_false (adw_flap_get_folded (lesson));
  g_assert_true (adw_flap_get_folded (inspector));
  g_assert_false (adw_flap_get_reveal_flap (inspector));
  ImpSessionView now;
  imp_session_get_view (imp_window_get_session (window), &now);
  for (int i = 0; i < 2; i++)
    {
      PhysVec2 p = imp_canvas_to_widget (IMP_CANVAS (canvas), now.positions[i]);
      g_assert_cmpfloat (p.x, >, 0.0);
      g_assert_cmpfloat (p.x, <, gtk_widget_get_width (canvas));
    }
  gtk_window_destroy (GTK_WINDOW (window));

  /* The smallest the window goes. */
  window = lesson_window (1, 1);
  canvas = panels_of (window, &lesson, &inspector);
  g_assert_true (adw_flap_get_folded (lesson));
  g_assert_true (adw_flap_get_folded (inspector));
  g_assert_false (adw_flap_get_reveal_flap (lesson));
  g_assert_cmpint (gtk_widget_get_width (canvas), >=,
                   0.9 * gtk_widget_get_width (GTK_WIDGET (window)));
  /* The header's toggles bring each back, over the canvas. */
  g_autoptr (GPtrArray) toggles = g_ptr_array_new ();
  imp_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_TOGGLE_BUTTON, toggles);
  GtkWidget *toggle = NULL;
  for (guint i = 0; i < toggles->len; i++)
    if (g_strcmp0 (gtk_button_get_icon_name (toggles->pdata[i]), "sidebar-show-symbolic") == 0)
      toggle = toggles->pdata[i];
  g_assert_nonnull (toggle);
  g_assert_true (gtk_widget_get_visible (toggle));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  g_assert_true (adw_flap_get_reveal_flap (lesson));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-inspector", NULL);
  g_assert_true (adw_flap_get_reveal_flap (inspector));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window that starts narrow (the size saved by the last one) folds the inspector
 * and keeps it folded away, as one narrowed by hand does: the canvas stays in sight. */
static void
test_window_starts_narrow (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  g_settings_set_int (settings, "window-width", 960);
  g_settings_set_int (settings, "window-height", 700);
  ImpWindow *window = imp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (
      imp_window_open (window, "resource:///org/impulselab/Impulse/lessons/01-tunneling.json"));
  drawn_canvas (window);
  settle ();
  AdwFlap *lesson, *inspector;
  panels_of (window, &lesson, &inspector);
  g_assert_false (adw_flap_get_folded (lesson));
  g_assert_true (adw_flap_get_reveal_flap (lesson));
  g_assert_true (adw_flap_get_folded (inspector));
  g_assert_false (adw_flap_get_reveal_flap (inspector));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* Fit takes in where the scene has been, not only this frame: after 600 frames
 * of seed 004's orbit every planet, at every sampled frame, is in sight. */
static void
test_canvas_fit_recorded (void)
{
  ImpWindow *window = window_with_scene ("seed004-orbit.json", 600);
  ImpSession *session = imp_window_get_session (window);
  ImpCanvas *canvas = drawn_canvas (window);
  imp_session_set_frame (session, 600);
  imp_canvas_fit (canvas);
  canvas = drawn_canvas (window);
  int w = gtk_widget_get_width (GTK_WIDGET (canvas)), h = gtk_widget_get_height (GTK_WIDGET (canvas));
  PhysAabb box = imp_session_recorded_box (session, 64);
  for (gint64 k = 0; k <= 600; k += 150)
    {
      imp_session_set_frame (session, k);
      ImpSessionView now;
      imp_session_get_view (session, &now);
      for (int i = 0; i < phys_world_circle_count (now.world); i++)
        {
          PhysVec2 p = phys_world_get_circle (now.world, i).position;
          PhysVec2 at = imp_canvas_to_widget (canvas, p);
          g_assert_cmpfloat (at.x, >=, 0);
          g_assert_cmpfloat (at.x, <=, w);
          g_assert_cmpfloat (at.y, >=, 0);
          g_assert_cmpfloat (at.y, <=, h);
          g_assert_cmpfloat (p.x, >=, box.min.x);
          g_assert_cmpfloat (p.y, <=, box.max.y);
        }
    }
  /* Larger than the first frame's box: the planets went further. */
  imp_session_set_frame (session, 0);
  ImpSessionView start;
  imp_session_get_view (session, &start);
  PhysAabb first = imp_view_world_box (start.world);
  g_assert_cmpfloat (box.max.x - box.min.x, >, first.max.x - first.min.x);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window on a scene file of the tests' data, recorded to frames. */
static ImpWindow *
window_with_file (const char *dir, const char *name, gint64 frames)
{
  ImpWindow *window = imp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
  g_assert_true (imp_window_open (window, path));
  imp_test_wait_for_length (imp_window_get_session (window), frames);
  return window;
}

static PhysBodyRef
body_named (ImpSession *session, const char *name)
{
  ImpSessionView now;
  PhysBodyRef ref;
  imp_session_get_view (session, &now);
  g_assert_true (phys_world_find (now.world, name, &ref));
  return ref;
}

static PhysPolygonBody
polygon_now (ImpSession *session, const char *name)
{
  ImpSessionView now;
  PhysBodyRef ref = body_named (session, name);
  imp_session_get_view (session, &now);
  return phys_world_get_polygon (now.world, ref.index);
}

/* Seed 004's wheel in the form: its values, an angular velocity and a density typed in (each
 * an edit, undone in turn), fixing it greys out its velocities, and a bad friction refused. */
static void
test_editor_polygon (void)
{
  ImpWindow *window = window_with_scene ("seed004-wheel.json", 10);
  ImpSession *session = imp_window_get_session (window);
  imp_session_set_frame (session, 4);
  imp_session_select_body (session, body_named (session, "wheel"), FALSE);
  GtkWidget *form = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_BODY_EDITOR, 0);
  g_assert_true (imp_body_editor_is_shown (IMP_BODY_EDITOR (form)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_named (form, "mass"))), ==, "4");
  g_assert_true (label_has (form, "12 vertices, area "));

  type_into (form, "omega", "0.05");
  g_assert_null (imp_body_editor_get_message (IMP_BODY_EDITOR (form)));
  g_assert_cmpint (edit_count (session), ==, 1);
  g_assert_cmpfloat (polygon_now (session, "wheel").angular_velocity, ==, 0.05);
  /* Density: the mass follows (the 12-gon of radius 80 has area 0.5 12 80^2 sin 30deg). */
  type_into (form, "density", "0.001");
  g_assert_cmpint (edit_count (session), ==, 2);
  g_assert_cmpfloat_with_epsilon (polygon_now (session, "wheel").mass, 19.2, 1e-9);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_named (form, "mass"))), ==, "19.2");

  type_into (form, "friction", "-1");
  g_assert_cmpstr (imp_body_editor_get_message (IMP_BODY_EDITOR (form)), ==,
                   "\u03bc: expected a number from 0 to 1000000, got -1");
  g_assert_cmpint (edit_count (session), ==, 2);

  g_autoptr (GPtrArray) checks = g_ptr_array_new ();
  imp_test_collect_widgets (form, GTK_TYPE_CHECK_BUTTON, checks);
  GtkCheckButton *fixed = NULL;
  for (guint i = 0; i < checks->len; i++)
    if (gtk_widget_is_visible (checks->pdata[i])
        && g_str_equal (gtk_check_button_get_label (checks->pdata[i]), "Fixed"))
      fixed = checks->pdata[i];
  g_assert_nonnull (fixed);
  gtk_check_button_set_active (fixed, TRUE);
  g_assert_cmpint (edit_count (session), ==, 3);
  g_assert_true (polygon_now (session, "wheel").fixed);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (entry_named (form, "omega"))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (entry_named (form, "angle"))));

  g_assert_true (imp_session_undo (session));
  g_assert_true (imp_session_undo (session));
  g_assert_cmpfloat (polygon_now (session, "wheel").mass, ==, 4);
  g_assert_false (polygon_now (session, "wheel").fixed);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A curve's form: its control points and friction; the canvas drags one control point of the
 * selected curve and turns the selected box by its handle. */
static void
test_editor_curve_and_handles (void)
{
  ImpWindow *window = window_with_file ("cli", "rigid-figure.json", 6);
  ImpSession *session = imp_window_get_session (window);
  ImpCanvas *canvas = drawn_canvas (window);
  double scale = canvas_scale (canvas);
  PhysBodyRef ramp = body_named (session, "ramp");
  imp_session_select_body (session, ramp, FALSE);
  GtkWidget *form = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_BODY_EDITOR, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_named (form, "p1y"))), ==, "400");
  type_into (form, "p1y", "380");
  type_into (form, "friction", "0.5");
  g_assert_null (imp_body_editor_get_message (IMP_BODY_EDITOR (form)));
  g_assert_cmpint (edit_count (session), ==, 2);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  PhysCurve curve = phys_world_get_curve (now.world, ramp.index);
  imp_assert_vec_equal (curve.curve.p[1], 160, 380);
  g_assert_cmpfloat (curve.friction, ==, 0.5);

  /* P2 dragged 30 px to the right. */
  PhysVec2 p2 = imp_canvas_to_widget (canvas, curve.curve.p[2]);
  imp_canvas_drag (canvas, p2.x, p2.y, p2.x + 30, p2.y);
  g_assert_cmpint (edit_count (session), ==, 3);
  imp_session_get_view (session, &now);
  curve = phys_world_get_curve (now.world, ramp.index);
  double step = pow (10.0, floor (log10 (1.0 / scale)));
  g_assert_cmpfloat_with_epsilon (curve.curve.p[2].x, 300 + 30 / scale, step);
  g_assert_cmpfloat (curve.curve.p[2].y, ==, 600);
  imp_assert_vec_equal (curve.curve.p[1], 160, 380);

  /* The box turned a quarter turn clockwise by its handle. */
  PhysBodyRef box = body_named (session, "box");
  imp_session_select_body (session, box, FALSE);
  PhysPolygonBody before = polygon_now (session, "box");
  imp_session_get_view (session, &now);
  PhysVec2 centre = imp_canvas_to_widget (canvas, before.position);
  PhysVec2 handle = phys_v2 (0, 0);
  /* The renderer's own place for it, at the canvas's view. */
  PhysVec2 v0 = phys_v2_unit (phys_v2 (cos (before.angle) * before.shape.vertices[0].x
                                           - sin (before.angle) * before.shape.vertices[0].y,
                                       sin (before.angle) * before.shape.vertices[0].x
                                           + cos (before.angle) * before.shape.vertices[0].y));
  handle = phys_v2_add_scaled (centre, v0,
                               before.radius * scale + IMP_RENDER_ROTATION_HANDLE_PX);
  PhysVec2 arm = phys_v2_sub (handle, centre);
  imp_canvas_drag (canvas, handle.x, handle.y, centre.x - arm.y, centre.y + arm.x);
  g_assert_cmpint (edit_count (session), ==, 4);
  PhysPolygonBody after = polygon_now (session, "box");
  g_assert_cmpfloat_with_epsilon (after.angle, before.angle + G_PI / 2, 0.01);
  imp_assert_vec_equal (after.position, before.position.x, before.position.y);

  /* Dragged so that a corner leaves the bounds: refused, nothing changes. */
  PhysVec2 at = imp_canvas_to_widget (canvas, after.position);
  PhysVec2 edge = imp_canvas_to_widget (canvas, phys_v2 (0, after.position.y));
  imp_canvas_drag (canvas, at.x, at.y, edge.x + 5, at.y);
  g_assert_cmpint (edit_count (session), ==, 4);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Right-click's additions: a box, a triangle, a regular polygon of 6 sides and a curve, each
 * selected when added and an edit of the timeline; a polygon dragged moves its centre; Delete
 * removes the curve and a polygon; the saved session holds them as add- and remove- edits. */
static void
test_canvas_add_rigid (void)
{
  ImpWindow *window = window_with_scene ("seed004-wheel.json", 6);
  ImpSession *session = imp_window_get_session (window);
  ImpCanvas *canvas = drawn_canvas (window);
  /* Far apart in the world (the canvas may fit its view again as bodies come). */
  PhysVec2 at = imp_canvas_to_widget (canvas, phys_v2 (100, 100));
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.add-polygon", "(ddi)", at.x, at.y, 0);
  at = imp_canvas_to_widget (canvas, phys_v2 (100, 450));
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.add-polygon", "(ddi)", at.x, at.y, 3);
  at = imp_canvas_to_widget (canvas, phys_v2 (750, 100));
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.add-polygon", "(ddi)", at.x, at.y, 6);
  at = imp_canvas_to_widget (canvas, phys_v2 (750, 450));
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.add-curve", "(dd)", at.x, at.y);
  g_assert_cmpint (edit_count (session), ==, 4);
  ImpSessionView now;
  imp_session_get_view (session, &now);
  g_assert_cmpint (phys_world_polygon_count (now.world), ==, 4);
  g_assert_cmpint (phys_world_curve_count (now.world), ==, 1);
  PhysBodyRef selected;
  g_assert_true (imp_session_get_selected_body (session, &selected));
  g_assert_cmpint (selected.kind, ==, PHYS_BODY_CURVE);
  g_assert_cmpint (polygon_now (session, "polygon-1").shape.count, ==, 6);
  g_assert_cmpint (polygon_now (session, "triangle-1").shape.count, ==, 3);
  imp_assert_vec_near (polygon_now (session, "box-1").position, 100, 100, 1e-9);

  /* The box dragged 40 px down (from where the canvas draws it now). */
  double scale = canvas_scale (canvas);
  at = imp_canvas_to_widget (canvas, phys_v2 (100, 100));
  imp_canvas_drag (canvas, at.x, at.y, at.x, at.y + 40);
  g_assert_cmpint (edit_count (session), ==, 5);
  g_assert_cmpfloat_with_epsilon (polygon_now (session, "box-1").position.y, 100 + 40 / scale,
                                  pow (10.0, floor (log10 (1.0 / scale))));

  /* Delete: the selected curve, then the box (selected by the drag above, then by a click). */
  imp_session_select_body (session, body_named (session, "curve-1"), FALSE);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-body", NULL);
  imp_session_select_body (session, body_named (session, "box-1"), FALSE);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-body", NULL);
  g_assert_cmpint (edit_count (session), ==, 7);
  imp_session_get_view (session, &now);
  g_assert_cmpint (phys_world_polygon_count (now.world), ==, 3);
  g_assert_cmpint (phys_world_curve_count (now.world), ==, 0);

  g_autoptr (ImpSessionFile) file = imp_session_dup_file (session);
  static const PhysEditKind kinds[] = { PHYS_EDIT_ADD_POLYGON, PHYS_EDIT_ADD_POLYGON,
                                        PHYS_EDIT_ADD_POLYGON, PHYS_EDIT_ADD_CURVE,
                                        PHYS_EDIT_SET_POLYGON, PHYS_EDIT_REMOVE_CURVE,
                                        PHYS_EDIT_REMOVE_POLYGON };
  g_assert_cmpuint (file->edits->len, ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < file->edits->len; i++)
    g_assert_cmpint (g_array_index (file->edits, ImpSessionFileEdit, i).edit.kind, ==, kinds[i]);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Seed 004's wheel while it plays: Right turns the selected wheel clockwise (a set-polygon
 * edit of its angular velocity at the playhead's frame, IMP_SESSION_SPIN_STEP more), Left
 * back; playback goes on. The session saved from it replays to the same bits. With nothing
 * selected, Right pauses and steps as always. */
static void
test_wheel_keys (void)
{
  ImpWindow *window = window_with_scene ("seed004-wheel.json", 20);
  ImpSession *session = imp_window_get_session (window);
  imp_session_set_frame (session, 10);
  PhysBodyRef wheel = body_named (session, "wheel");
  imp_session_select_body (session, wheel, FALSE);
  double before = polygon_now (session, "wheel").angular_velocity;
  imp_session_set_playing (session, TRUE);
  gint64 frame = imp_session_get_frame (session);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward", NULL));
  g_assert_true (imp_session_get_playing (session));
  g_assert_cmpint (edit_count (session), ==, 1);
  g_autoptr (ImpSessionFile) file = imp_session_dup_file (session);
  const ImpSessionFileEdit *spin = &g_array_index (file->edits, ImpSessionFileEdit, 0);
  g_assert_cmpint (spin->edit.kind, ==, PHYS_EDIT_SET_POLYGON);
  g_assert_cmphex (spin->edit.fields, ==, PHYS_EDIT_ANGULAR_VELOCITY);
  g_assert_cmpint (spin->frame, >=, frame);
  /* The wheel's angular velocity at that frame, plus the step. */
  g_autoptr (PhysWorld) at_edit
      = imp_recording_seek (imp_session_get_recording (session), spin->frame);
  g_assert_cmpfloat (phys_world_get_polygon (at_edit, wheel.index).angular_velocity, ==,
                     spin->edit.angular_velocity);
  if (spin->frame == frame)
    g_assert_cmpfloat (spin->edit.angular_velocity, ==, before + IMP_SESSION_SPIN_STEP);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.step-back", NULL));
  g_assert_cmpint (edit_count (session), ==, 2);
  imp_session_set_playing (session, FALSE);

  /* The recording and a replay of its session file agree, to the bit. */
  g_clear_pointer (&file, imp_session_file_free);
  file = imp_session_dup_file (session);
  gint64 last = g_array_index (file->edits, ImpSessionFileEdit, 1).frame;
  imp_test_wait_for_length (session, last + 10);
  g_autoptr (GError) error = NULL;
  PhysWorld *replayed = imp_session_file_replay (file, last + 10, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (PhysWorld) recorded = imp_recording_seek (imp_session_get_recording (session),
                                                       last + 10);
  g_assert_cmphex (phys_world_hash (replayed), ==, phys_world_hash (recorded));
  phys_world_free (replayed);

  /* Nothing selected: Right pauses and steps. */
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_CIRCLE, -1 }, FALSE);
  imp_session_set_playing (session, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward", NULL));
  g_assert_false (imp_session_get_playing (session));
  g_assert_cmpint (edit_count (session), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/body-fields/parse", test_fields_parse);
  g_test_add_func ("/ui/body-fields/format", test_fields_format);
  g_test_add_func ("/ui/body-fields/edit", test_fields_edit);
  g_test_add_func ("/ui/canvas-edit/grab-at", test_grab_at);
  g_test_add_func ("/ui/canvas-edit/drag-edit", test_grab_edit);
  g_test_add_func ("/ui/body-fields/rigid", test_fields_rigid);
  g_test_add_func ("/ui/canvas-edit/rigid", test_grab_rigid);
  imp_test_init_display ();
  imp_test_add_display_func ("/ui/editing/inspector-reaches-verdict", test_editor_reaches_verdict);
  imp_test_add_display_func ("/ui/editing/world-menu-reaches-mode", test_world_menu_reaches_mode);
  imp_test_add_display_func ("/ui/editing/canvas-drag", test_canvas_drag);
  imp_test_add_display_func ("/ui/editing/canvas-add-delete", test_canvas_add_delete);
  imp_test_add_display_func ("/ui/canvas/fit-recorded", test_canvas_fit_recorded);
  imp_test_add_display_func ("/ui/editing/probe-form", test_editor_probe);
  imp_test_add_display_func ("/ui/editing/polygon-form", test_editor_polygon);
  imp_test_add_display_func ("/ui/editing/curve-form-and-handles", test_editor_curve_and_handles);
  imp_test_add_display_func ("/ui/editing/canvas-add-rigid", test_canvas_add_rigid);
  imp_test_add_display_func ("/ui/editing/wheel-keys", test_wheel_keys);
  imp_test_add_display_func ("/ui/editing/canvas-refusals", test_canvas_refusals);
  imp_test_add_display_func ("/ui/canvas/lesson-frames-subject", test_lesson_frames_subject);
  imp_test_add_display_func ("/ui/canvas/world-switch-reframes", test_world_switch_reframes);
  imp_test_add_display_func ("/ui/window/panels-fold", test_window_panels_fold);
  imp_test_add_display_func ("/ui/window/starts-narrow", test_window_starts_narrow);
  imp_test_add_display_func ("/ui/timeline-bar/steady-and-framing",
                             test_timeline_bar_steady_and_framing);
  imp_test_add_display_func ("/ui/window/menu-tooltip-quiet", test_menu_tooltip_quiet);
  imp_test_add_display_func ("/ui/timeline-bar/click-event", test_timeline_bar_click);
  imp_test_add_display_func ("/ui/inspector/pair-counts", test_inspector_pair_counts);
  imp_test_add_display_func ("/ui/inspector/term-link", test_inspector_term_link);
  return g_test_run ();
}
