/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-swept-plot.c: the plot of a rigid pair's search over the frame
 * (ui/imp-swept-plot.c): the swept test's [enter, exit] per axis by hand, where
 * the plot puts them, what it says about a hit and about each kind of miss, and
 * conservative advancement's steps. */
#include <math.h>
#include <string.h>

#include "imp-swept-plot.h"
#include "test-util.h"

#define W 320
#define H 300

static PhysPolygonWorld
placed_box (double w, double h, double x, double y)
{
  PhysPolygon box = phys_polygon_box (w, h);
  return phys_polygon_place (&box, phys_pose (x, y, 0.0));
}

/* The tests as the step records a swept pair found from the frame's start. */
static PhysRigidTests *
swept_tests (double bx, double by, PhysVec2 db)
{
  PhysRigidTests *tests = g_new0 (PhysRigidTests, 1);
  PhysPolygonWorld a = placed_box (2, 2, 0, 0);
  PhysPolygonWorld b = placed_box (2, 2, bx, by);
  tests->found = PHYS_RIGID_FOUND_SWEPT_SAT;
  tests->t0 = 0.0;
  tests->swept = phys_sweep_sat_polygon_polygon (&a, phys_v2 (0, 0), &b, db);
  return tests;
}

static void
assert_axis (const PhysSweptAxis *axis, double speed, double enter, double exit)
{
  g_assert_cmpfloat_with_epsilon (axis->speed, speed, 1e-12);
  if (isinf (enter))
    g_assert_cmpfloat (axis->enter, ==, enter);
  else
    g_assert_cmpfloat_with_epsilon (axis->enter, enter, 1e-12);
  if (isinf (exit))
    g_assert_cmpfloat (axis->exit, ==, exit);
  else
    g_assert_cmpfloat_with_epsilon (axis->exit, exit, 1e-12);
}

/* Box a, 2 x 2 at the origin, at rest; box b, the same at (5, 0.5), moving (-4, 0) a frame.
 * A's edge 0, n = (0, -1): a over [-1, 1], b's -y over [-1.5, 0.5], v.n = 0: they overlap and
 * keep still, t in (-inf, inf). Edge 1, n = (1, 0): b over [4, 6] at -4 a frame meets a's
 * [-1, 1] when 4 - 4t <= 1 (t >= 0.75) until 6 - 4t >= -1 (t <= 1.75). Edge 2 as edge 0, edge
 * 3 (n = (-1, 0), b over [-6, -4] at +4) as edge 1; b's edges see the same. The latest enter,
 * 0.75, comes first on axis 2 (index 1), before the earliest exit 1.75: a hit at t = 0.75. */
static void
test_box_box_record (void)
{
  g_autofree PhysRigidTests *tests = swept_tests (5, 0.5, phys_v2 (-4, 0));
  const PhysSweptSatRecord *s = &tests->swept;
  g_assert_cmpint (s->axis_count, ==, 8);
  for (int k = 0; k < 8; k += 4)
    {
      assert_axis (&s->axes[k + 0], 0, -INFINITY, INFINITY);
      assert_axis (&s->axes[k + 1], -4, 0.75, 1.75);
      assert_axis (&s->axes[k + 2], 0, -INFINITY, INFINITY);
      assert_axis (&s->axes[k + 3], 4, 0.75, 1.75);
    }
  g_assert_cmpint (s->verdict, ==, PHYS_VERDICT_HIT);
  g_assert_cmpint (s->enter_axis, ==, 1);
  g_assert_cmpint (s->exit_axis, ==, 1);
  g_assert_cmpfloat (s->t, ==, 0.75);
  g_assert_cmpint (imp_swept_plot_kind (tests), ==, IMP_SWEPT_PLOT_AXES);
}

/* Where the plot puts them in 320 x 300: t = 0 at x = 78, t = 1 at 320 - 14 = 306, so
 * t = 0.75 at 78 + 0.75 * 228 = 249; eight rows of 15 from y = 22, row 1's middle at 44.5. */
static void
test_box_box_geometry (void)
{
  g_autofree PhysRigidTests *tests = swept_tests (5, 0.5, phys_v2 (-4, 0));
  ImpSweptPlotFrame f = imp_swept_plot_frame (tests, W, H);
  g_assert_cmpfloat (imp_swept_plot_x (&f, 0.0), ==, 78.0);
  g_assert_cmpfloat (imp_swept_plot_x (&f, 1.0), ==, 306.0);
  g_assert_cmpfloat (imp_swept_plot_x (&f, 0.75), ==, 249.0);
  g_assert_cmpint (f.rows, ==, 8);
  g_assert_cmpfloat (imp_swept_plot_row_y (&f, 1), ==, 44.5);
  g_assert_cmpfloat (f.y_bottom, ==, 22.0 + 8 * 15.0);
  g_assert_cmpint (imp_swept_plot_row_at (&f, 44.5), ==, 1);
  g_assert_cmpint (imp_swept_plot_row_at (&f, 22.0), ==, 0);
  g_assert_cmpint (imp_swept_plot_row_at (&f, 141.9), ==, 7);
  g_assert_cmpint (imp_swept_plot_row_at (&f, 21.9), ==, -1);
  g_assert_cmpint (imp_swept_plot_row_at (&f, 142.0), ==, -1);
  g_assert_cmpfloat (imp_swept_plot_height (tests), ==, 22.0 + 8 * 15.0 + 84.0);

  /* The bars: axis 2 from 0.75 to the frame's end, going on (exit 1.75); axis 1 the whole
   * frame, open at both ends. */
  double lo, hi;
  gboolean open_lo, open_hi;
  g_assert_true (imp_swept_plot_bar (&tests->swept.axes[1], 0.0, &lo, &hi, &open_lo, &open_hi));
  g_assert_cmpfloat (lo, ==, 0.75);
  g_assert_cmpfloat (hi, ==, 1.0);
  g_assert_false (open_lo);
  g_assert_true (open_hi);
  g_assert_true (imp_swept_plot_bar (&tests->swept.axes[0], 0.0, &lo, &hi, &open_lo, &open_hi));
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat (hi, ==, 1.0);
  g_assert_true (open_lo && open_hi);
  /* The same search started at t0 = 0.5 of the frame: axis 2 from 0.5 + 0.75, past the end. */
  g_assert_false (imp_swept_plot_bar (&tests->swept.axes[1], 0.5, &lo, &hi, &open_lo, &open_hi));
}

static void
pixel (cairo_surface_t *surface, double x, double y, int rgb[3])
{
  const guint8 *px = cairo_image_surface_get_data (surface)
                     + (int) lround (y) * cairo_image_surface_get_stride (surface)
                     + 4 * (int) lround (x);
  /* ARGB32 in memory on a little-endian machine: B, G, R, A. */
  rgb[0] = px[2];
  rgb[1] = px[1];
  rgb[2] = px[0];
}

static void
assert_colour (cairo_surface_t *surface, double x, double y, ImpRgba want, int slack)
{
  int rgb[3];
  pixel (surface, x, y, rgb);
  if (abs (rgb[0] - (int) lround (want.r * 255)) > slack
      || abs (rgb[1] - (int) lround (want.g * 255)) > slack
      || abs (rgb[2] - (int) lround (want.b * 255)) > slack)
    g_error ("(%g, %g) is (%d, %d, %d), not (%g, %g, %g)", x, y, rgb[0], rgb[1], rgb[2],
             want.r * 255, want.g * 255, want.b * 255);
}

static cairo_surface_t *
draw (const PhysRigidTests *tests, int step, int lit, gboolean dark)
{
  const ImpTheme *theme = imp_theme_get (dark);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  imp_rgba_set_source (cr, theme->background);
  cairo_paint (cr);
  imp_swept_plot_draw (cr, W, H, tests, step, lit, -1.0, theme);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Drawn: axis 2's bar (a's, the solid left colour) from x = 249 on and nothing before it
 * (the frame's band only), the first contact's line at x = 249 in the contact colour; b's
 * axis 6 in b's colour; stepped to axis 1, rows 2 on and the line are not drawn yet. */
static void
test_box_box_drawn (void)
{
  g_autofree PhysRigidTests *tests = swept_tests (5, 0.5, phys_v2 (-4, 0));
  const ImpTheme *theme = imp_theme_get (FALSE);
  ImpSweptPlotFrame f = imp_swept_plot_frame (tests, W, H);
  double y2 = imp_swept_plot_row_y (&f, 1), y6 = imp_swept_plot_row_y (&f, 5);
  cairo_surface_t *all = draw (tests, 0, -1, FALSE);
  assert_colour (all, 280.0, y2, theme->normal_left, 2);
  /* Axis 5 (b's edge 0) over the whole frame; axis 6 from 0.75 on, in b's colour. */
  assert_colour (all, 150.0, imp_swept_plot_row_y (&f, 4), theme->normal_right, 2);
  assert_colour (all, 280.0, y6, theme->normal_right, 2);
  /* The deciding axis's dot where the first contact's line crosses it. */
  assert_colour (all, 249.0, y2, theme->contact, 2);
  int before[3];
  pixel (all, 150.0, y2, before);
  int left = (int) lround (theme->normal_left.r * 255);
  g_assert_cmpint (abs (before[0] - left) + abs (before[1] - (int) lround (theme->normal_left.g * 255)),
                   >, 30);
  cairo_surface_destroy (all);

  cairo_surface_t *stepped = draw (tests, 1, 0, FALSE);
  int rgb[3];
  pixel (stepped, 280.0, y2, rgb);
  g_assert_cmpint (abs (rgb[0] - left), >, 30);
  /* Row 1, lit, sits on the highlight with its bar over the whole frame. */
  assert_colour (stepped, 150.0, imp_swept_plot_row_y (&f, 0), theme->normal_left, 2);
  cairo_surface_destroy (stepped);

  /* The dark palette draws the same places in its own colours. */
  const ImpTheme *dark = imp_theme_get (TRUE);
  cairo_surface_t *night = draw (tests, 0, -1, TRUE);
  assert_colour (night, 280.0, y2, dark->normal_left, 2);
  cairo_surface_destroy (night);
}

static void
test_describe_hit (void)
{
  g_autofree PhysRigidTests *tests = swept_tests (5, 0.5, phys_v2 (-4, 0));
  g_autofree char *said = imp_swept_plot_describe (tests);
  g_test_message ("%s", said);
  g_assert_cmpstr (said, ==,
                   "Swept test over the frame: First contact at t = 0.75: axis 2 (A) enters "
                   "last, and all overlap until 1.75; axis 1 (A): overlaps for t in [−∞, ∞]; "
                   "axis 2 (A): overlaps for t in [0.75, 1.75]; axis 3 (A): overlaps for t in "
                   "[−∞, ∞]; axis 4 (A): overlaps for t in [0.75, 1.75]; axis 5 (B): overlaps "
                   "for t in [−∞, ∞]; axis 6 (B): overlaps for t in [0.75, 1.75]; axis 7 (B): "
                   "overlaps for t in [−∞, ∞]; axis 8 (B): overlaps for t in [0.75, 1.75]");
}

/* Misses. b at (5, 3.5) sliding (-4, 0): on a's bottom face b's -y is over [-4.5, -2.5], a's
 * [-1, 1], and b does not move along it: that axis never overlaps. b at (5, 6) moving (-4, -1):
 * the faces across x overlap for t in [0.75, 1.75], those across y from 5 - t <= 1 (t >= 4):
 * the latest enter (4, axis 1) comes after the earliest exit (1.75, axis 2). b at (5, 3.5)
 * moving (-4, -1): y from t >= 1.5, x until 1.75: they first touch at 1.5, after the frame. */
static void
test_describe_misses (void)
{
  g_autofree PhysRigidTests *never = swept_tests (5, 3.5, phys_v2 (-4, 0));
  /* The record: enter +inf, exit -inf on that axis, so the earliest exit is before 0:
   * "moving apart"; the plot names the axis. */
  g_assert_cmpint (never->swept.verdict, ==, PHYS_VERDICT_MOVING_APART);
  g_assert_cmpfloat (never->swept.axes[0].enter, ==, INFINITY);
  g_assert_cmpfloat (never->swept.axes[0].exit, ==, -INFINITY);
  g_autofree char *a = imp_swept_plot_describe (never);
  g_assert_true (g_str_has_prefix (a, "Swept test over the frame: Miss: axis 1 (A) never "
                                      "overlaps (apart, and not moving along it); "));
  g_assert_nonnull (strstr (a, "; axis 1 (A): never overlaps; "));

  g_autofree PhysRigidTests *apart = swept_tests (5, 6, phys_v2 (-4, -1));
  g_assert_cmpint (apart->swept.verdict, ==, PHYS_VERDICT_MISS);
  assert_axis (&apart->swept.axes[0], 1, 4, 8);
  g_autofree char *b = imp_swept_plot_describe (apart);
  g_assert_true (g_str_has_prefix (b, "Swept test over the frame: Miss: axis 1 (A) enters at 4, "
                                      "after axis 2 (A) has left at 1.75: no t where all "
                                      "overlap; "));
  g_autofree char *axis = imp_swept_plot_describe_axis (apart, 0);
  g_assert_cmpstr (axis, ==, "axis 1 (A): overlaps for t in [4, 8]");

  g_autofree PhysRigidTests *later = swept_tests (5, 3.5, phys_v2 (-4, -1));
  g_assert_cmpint (later->swept.verdict, ==, PHYS_VERDICT_AFTER_FRAME);
  g_autofree char *c = imp_swept_plot_describe (later);
  g_assert_true (g_str_has_prefix (c, "Swept test over the frame: Not in this frame: axis 1 (A) "
                                      "enters last, at t = 1.5, after the frame's end; "));
  /* None of them has a bar for axis 1 inside the frame but the first (always apart: none). */
  double lo, hi;
  gboolean open_lo, open_hi;
  g_assert_false (imp_swept_plot_bar (&never->swept.axes[0], 0.0, &lo, &hi, &open_lo, &open_hi));
  g_assert_false (imp_swept_plot_bar (&later->swept.axes[0], 0.0, &lo, &hi, &open_lo, &open_hi));
  /* Drawn without failing for each (the reasons are in the pictures' text). */
  cairo_surface_destroy (draw (never, 0, -1, FALSE));
  cairo_surface_destroy (draw (apart, 0, 0, TRUE));
  cairo_surface_destroy (draw (later, 0, -1, FALSE));
}

/* A translating unit box against another by conservative advancement (test-advance.c's hand
 * case): distance 2 at t = 0, mu = 4, so the next measure at t = 0.5 finds them touching. The
 * plot: distance 2 at the 2.16 top (8 % above the largest), 0 at the bottom. */
static void
test_advance (void)
{
  PhysPolygon box = phys_polygon_box (1, 1);
  g_autofree PhysRigidTests *tests = g_new0 (PhysRigidTests, 1);
  tests->found = PHYS_RIGID_FOUND_ADVANCE;
  tests->advance = phys_advance_polygon_polygon (&box, phys_pose (0, 0, 0), phys_v2 (0, 0), 0,
                                                 &box, phys_pose (3, 0.25, 0), phys_v2 (-4, 0), 0,
                                                 PHYS_ADVANCE_TOLERANCE);
  g_assert_cmpint (imp_swept_plot_kind (tests), ==, IMP_SWEPT_PLOT_ADVANCE);
  g_assert_cmpint (tests->advance.step_count, ==, 2);
  ImpSweptPlotFrame f = imp_swept_plot_frame (tests, W, 200);
  g_assert_cmpfloat_with_epsilon (f.d_top, 2.16, 1e-12);
  g_assert_cmpfloat (imp_swept_plot_distance_y (&f, 0.0), ==, f.y_bottom);
  g_assert_cmpfloat_with_epsilon (imp_swept_plot_distance_y (&f, 2.0),
                                  f.y_bottom - (2.0 / 2.16) * (f.y_bottom - f.y_top), 1e-9);
  g_assert_cmpint (imp_swept_plot_row_at (&f, 50.0), ==, -1);
  g_autofree char *said = imp_swept_plot_describe (tests);
  g_assert_cmpstr (said, ==,
                   "Conservative advancement: 2 steps: t = 0.5, distance 0 ≤ tolerance 1e-06");
  /* The last step's dot, in the contact colour, at (t = 0.5, distance 0). */
  const ImpTheme *theme = imp_theme_get (FALSE);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, 200);
  cairo_t *cr = cairo_create (surface);
  imp_rgba_set_source (cr, theme->background);
  cairo_paint (cr);
  imp_swept_plot_draw (cr, W, 200, tests, 0, -1, -1.0, theme);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  assert_colour (surface, imp_swept_plot_x (&f, 0.5), f.y_bottom, theme->contact, 2);
  cairo_surface_destroy (surface);

  /* A contact found by another way (touching when tested) has no plot. */
  tests->found = PHYS_RIGID_FOUND_TOUCHING;
  g_assert_cmpint (imp_swept_plot_kind (tests), ==, IMP_SWEPT_PLOT_NONE);
  g_assert_null (imp_swept_plot_describe (tests));
  g_assert_cmpfloat (imp_swept_plot_height (tests), ==, 0.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/swept-plot/box-box/record-by-hand", test_box_box_record);
  g_test_add_func ("/ui/swept-plot/box-box/geometry", test_box_box_geometry);
  g_test_add_func ("/ui/swept-plot/box-box/drawn", test_box_box_drawn);
  g_test_add_func ("/ui/swept-plot/describe/hit", test_describe_hit);
  g_test_add_func ("/ui/swept-plot/describe/misses", test_describe_misses);
  g_test_add_func ("/ui/swept-plot/advance", test_advance);
  return g_test_run ();
}
