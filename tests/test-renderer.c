/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-renderer.c: the canvas renderer drawn headless onto image surfaces. Pixels
 * are checked where the math says things are: a circle's centre, the tip of a
 * contact normal, the tip of a velocity arrow; plus the view transform and the
 * label placer on their own.
 *
 * With IMPULSE_RENDER_PNG_DIR set, the figure tests also write their pictures
 * there as PNG files, to be looked at. How long a picture takes is measured by
 * impulse-bench render, not here.
 */
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <glib.h>
#include <pango/pangocairo.h>

#include "bench-scenes.h"
#include "imp-labels.h"
#include "imp-render.h"
#include "imp-scene.h"
#include "imp-theme.h"
#include "imp-view.h"
#include "test-ui-util.h"
#include "test-util.h"

/* Helpers */

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

static PhysWorld *
load_scene (const char *name)
{
  g_autofree char *path = g_build_filename (scenes_dir (), name, NULL);
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (world);
  return world;
}

/* The events of the world's coming frame, found by stepping a copy. */
static void
coming_events (const PhysWorld *world, PhysEventLog *log)
{
  PhysWorld *copy = phys_world_copy (world);

  phys_event_log_init (log);
  phys_world_step (copy, log);
  phys_world_free (copy);
}

/* The colour of the pixel that covers screen point p, as 0..255 channels. */
static void
pixel_at (cairo_surface_t *surface, PhysVec2 p, int rgb[3])
{
  int x = (int) floor (p.x), y = (int) floor (p.y);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  guint32 v = *(const guint32 *) (data + (gsize) y * stride + (gsize) x * 4);
  /* Every picture starts with an opaque background, so premultiplied equals plain. */
  g_assert_cmpuint (v >> 24, ==, 255);
  rgb[0] = (v >> 16) & 0xff;
  rgb[1] = (v >> 8) & 0xff;
  rgb[2] = v & 0xff;
}

static gboolean
pixel_is (cairo_surface_t *surface, PhysVec2 p, ImpRgba color, int tolerance)
{
  int rgb[3];
  int want[3] = { (int) lround (color.r * 255), (int) lround (color.g * 255),
                  (int) lround (color.b * 255) };

  pixel_at (surface, p, rgb);
  for (int i = 0; i < 3; i++)
    if (abs (rgb[i] - want[i]) > tolerance)
      return FALSE;
  return TRUE;
}

static void
assert_pixel (cairo_surface_t *surface, PhysVec2 p, ImpRgba color, int tolerance)
{
  if (!pixel_is (surface, p, color, tolerance))
    {
      int rgb[3];
      pixel_at (surface, p, rgb);
      g_error ("pixel at (%.1f, %.1f) is #%02x%02x%02x, expected #%02x%02x%02x", p.x, p.y, rgb[0],
               rgb[1], rgb[2], (int) lround (color.r * 255), (int) lround (color.g * 255),
               (int) lround (color.b * 255));
    }
}

/* Writes the picture when IMPULSE_RENDER_PNG_DIR asks for it. */
static void
maybe_save (cairo_surface_t *surface, const char *name)
{
  const char *dir = g_getenv ("IMPULSE_RENDER_PNG_DIR");

  if (dir == NULL)
    return;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  g_test_message ("wrote %s", path);
}

static const PhysEvent *
first_event_of_kind (const PhysEventLog *log, PhysEventKind kind)
{
  for (size_t i = 0; i < log->count; i++)
    if (log->events[i].kind == kind)
      return &log->events[i];
  return NULL;
}

/* View */

static void
test_view_round_trip (void)
{
  ImpView view;

  imp_view_init (&view, 640, 480);
  imp_view_zoom_at (&view, phys_v2 (100.0, 80.0), 3.7);
  imp_view_pan (&view, -41.5, 17.25);
  for (int i = 0; i < 20; i++)
    {
      PhysVec2 w = phys_v2 (-500.0 + 53.7 * i, 250.0 - 31.1 * i);
      PhysVec2 s = imp_view_to_screen (&view, w);
      imp_assert_vec_near (imp_view_to_world (&view, s), w.x, w.y, 1e-9);
    }
}

static void
test_view_y_down (void)
{
  ImpView view;

  imp_view_init (&view, 200, 100);
  view.scale = 2.0;
  view.center = phys_v2 (10.0, 20.0);
  /* The centre maps to the middle; y grows downwards on both sides. */
  imp_assert_vec_near (imp_view_to_screen (&view, phys_v2 (10.0, 20.0)), 100.0, 50.0, 1e-12);
  imp_assert_vec_near (imp_view_to_screen (&view, phys_v2 (11.0, 21.0)), 102.0, 52.0, 1e-12);
}

static void
test_view_fit_box (void)
{
  ImpView view;
  PhysAabb box = { { 100.0, 50.0 }, { 300.0, 150.0 } };

  imp_view_init (&view, 800, 600);
  imp_view_fit (&view, box, 20.0);
  /* Width decides: 760 px for 200 units (height would allow 5.6). */
  g_assert_cmpfloat_with_epsilon (view.scale, 3.8, 1e-12);
  imp_assert_vec_near (view.center, 200.0, 100.0, 1e-12);
  imp_assert_vec_near (imp_view_to_screen (&view, box.min), 20.0, 110.0, 1e-9);
  imp_assert_vec_near (imp_view_to_screen (&view, box.max), 780.0, 490.0, 1e-9);

  /* A tall box: height decides. */
  PhysAabb tall = { { 0.0, 0.0 }, { 10.0, 100.0 } };
  imp_view_fit (&view, tall, 0.0);
  g_assert_cmpfloat_with_epsilon (view.scale, 6.0, 1e-12);

  /* An empty box changes nothing. */
  ImpView before = view;
  imp_view_fit (&view, imp_aabb_empty (), 10.0);
  g_assert_cmpfloat (view.scale, ==, before.scale);
}

static void
test_view_zoom_keeps_point (void)
{
  ImpView view;
  PhysVec2 pointer = phys_v2 (123.0, 45.0);

  imp_view_init (&view, 300, 200);
  PhysVec2 under = imp_view_to_world (&view, pointer);
  imp_view_zoom_at (&view, pointer, 2.5);
  g_assert_cmpfloat_with_epsilon (view.scale, 2.5, 1e-12);
  imp_assert_vec_near (imp_view_to_screen (&view, under), pointer.x, pointer.y, 1e-9);
  imp_view_zoom_at (&view, pointer, 1e12);
  g_assert_cmpfloat (view.scale, ==, IMP_VIEW_MAX_SCALE);
}

/* Labels */

static gboolean
rect_inside (const ImpRect *outer, const ImpRect *r)
{
  return r->x >= outer->x && r->y >= outer->y && r->x + r->width <= outer->x + outer->width
         && r->y + r->height <= outer->y + outer->height;
}

static void
test_labels_never_overlap (void)
{
  ImpRect placed[256], out[200];
  ImpObstacle obstacles[64];
  ImpCapsule own[200];
  ImpLabelPlacer placer;
  ImpRect bounds = { 0.0, 0.0, 640.0, 480.0 };
  GRand *rng = g_rand_new_with_seed (7);
  int n_out = 0;

  imp_label_placer_init (&placer, bounds, placed, G_N_ELEMENTS (placed), obstacles,
                         G_N_ELEMENTS (obstacles));
  for (int i = 0; i < 20; i++)
    imp_label_placer_add_obstacle (&placer,
                                   imp_capsule_line (g_rand_double_range (rng, 0, 640),
                                                     g_rand_double_range (rng, 0, 480),
                                                     g_rand_double_range (rng, 0, 640),
                                                     g_rand_double_range (rng, 0, 480), 3.0),
                                   IMP_OBSTACLE_INK);
  /* Crowd the anchors into the middle so that many labels compete. */
  for (int i = 0; i < 200; i++)
    {
      double x = g_rand_double_range (rng, 200, 440), y = g_rand_double_range (rng, 150, 330);
      double radius = g_rand_double_range (rng, 2, 20);
      own[n_out] = imp_capsule_disc (x, y, radius);
      ImpLabelRequest req
          = { x,   y,   radius, g_rand_double_range (rng, 20, 90), 15.0, 0.0, 0.0, &own[n_out],
              NULL, 0 };
      if (imp_label_placer_place (&placer, &req, &out[n_out]))
        n_out++;
    }
  g_rand_free (rng);

  g_assert_cmpint (n_out, >, 40);
  for (int i = 0; i < n_out; i++)
    {
      g_assert_true (rect_inside (&bounds, &out[i]));
      g_assert_false (imp_rect_intersects_capsule (&out[i], &own[i]));
      for (int k = i + 1; k < n_out; k++)
        g_assert_false (imp_rect_intersects_rect (&out[i], &out[k]));
    }
}

static void
test_labels_prefer_free_space (void)
{
  ImpRect placed[8], out;
  ImpObstacle obstacles[8];
  ImpLabelPlacer placer;
  ImpCapsule arrow = imp_capsule_line (100.0, 100.0, 200.0, 100.0, 4.0);

  imp_label_placer_init (&placer, (ImpRect){ 0, 0, 400, 300 }, placed, 8, obstacles, 8);
  /* A wall right above the anchor: the label must go below the arrow it names. */
  imp_label_placer_add_obstacle (&placer, imp_capsule_line (0.0, 80.0, 400.0, 80.0, 6.0),
                                 IMP_OBSTACLE_INK);
  ImpLabelRequest req = { 150.0, 100.0, 3.0, 60.0, 14.0, 0.0, -1.0, &arrow, NULL, 0 };
  g_assert_true (imp_label_placer_place (&placer, &req, &out));
  g_assert_false (imp_rect_intersects_capsule (&out, &arrow));
  g_assert_false (imp_rect_intersects_capsule (&out, &obstacles[0].shape));
  g_assert_cmpfloat (out.y, >, 100.0);
  /* It stays near: within a few label heights of the anchor. */
  g_assert_cmpfloat (out.y, <, 150.0);
}

static void
test_labels_capsule_geometry (void)
{
  ImpRect r = { 10.0, 10.0, 20.0, 10.0 };
  ImpCapsule crossing = imp_capsule_line (0.0, 15.0, 50.0, 15.0, 0.0);
  ImpCapsule near_corner = imp_capsule_disc (33.0, 24.0, 4.0);
  ImpCapsule far_corner = imp_capsule_disc (33.0, 24.0, 4.9);
  ImpCapsule diagonal = imp_capsule_line (40.0, 0.0, 60.0, 30.0, 1.0);

  g_assert_true (imp_rect_intersects_capsule (&r, &crossing));
  /* The corner (30, 20) is 5 away from (33, 24). */
  g_assert_false (imp_rect_intersects_capsule (&r, &near_corner));
  g_assert_false (imp_rect_intersects_capsule (&r, &far_corner));
  far_corner.radius = 5.1;
  g_assert_true (imp_rect_intersects_capsule (&r, &far_corner));
  g_assert_false (imp_rect_intersects_capsule (&r, &diagonal));
}

/* Pixels */

static void
test_render_circle_centre (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  ImpRenderInput input;
  ImpView view;
  const ImpTheme *theme = imp_theme_get (FALSE);

  imp_test_add_circle (world, "c", 50.0, 40.0, 0.0, 0.0, 10.0);
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_NONE;
  imp_view_init (&view, 240, 160);
  view.scale = 4.0;
  view.center = phys_v2 (40.0, 30.0);

  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  PhysVec2 c = imp_view_to_screen (&view, phys_v2 (50.0, 40.0));
  g_assert_cmpfloat_with_epsilon (c.x, 160.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (c.y, 120.0, 1e-9);
  /* Pixel (160, 120) covers the square from the centre to the lower right. */
  assert_pixel (surface, c, theme->circle_fill, 0);
  /* Radius 40 px: just inside the outline is fill, 3 px outside is the page. */
  assert_pixel (surface, phys_v2 (c.x - 36.0, c.y), theme->circle_fill, 0);
  assert_pixel (surface, phys_v2 (c.x + 43.0, c.y), theme->background, 0);
  assert_pixel (surface, phys_v2 (c.x, c.y - 44.0), theme->background, 0);
  /* The outline itself sits on the radius. */
  assert_pixel (surface, phys_v2 (c.x + 39.5, c.y), theme->circle_stroke, 60);
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

static void
test_render_background (gconstpointer data)
{
  gboolean dark = GPOINTER_TO_INT (data);
  PhysWorld *world = load_scene ("seed001-balls-in-box.json");
  ImpRenderInput input;
  ImpView view;
  const ImpTheme *theme = imp_theme_get (dark);

  imp_render_input_init (&input, world);
  input.dark = dark;
  input.overlays = IMP_OVERLAY_NONE;
  imp_view_init (&view, 400, 300);
  imp_view_fit (&view, imp_view_world_box (world), 10.0);

  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  /* Inside the bounds, away from every ball; and outside the bounds. */
  assert_pixel (surface, imp_view_to_screen (&view, phys_v2 (400.0, 580.0)), theme->background, 0);
  assert_pixel (surface, phys_v2 (2.0, 2.0), theme->outside, 0);
  /* Light and dark pages differ where it counts: one is light, one is dark. */
  double luma
      = 0.2126 * theme->background.r + 0.7152 * theme->background.g + 0.0722 * theme->background.b;
  g_assert_cmpint (luma > 0.5, ==, !dark);
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

static void
test_render_velocity_to_scale (void)
{
  PhysWorld *world = load_scene ("seed000-swept-circles.json");
  ImpRenderInput input;
  ImpView view;
  const ImpTheme *theme = imp_theme_get (FALSE);

  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_VELOCITY;
  imp_view_init (&view, 600, 300);
  imp_view_fit (&view, (PhysAabb){ { 200.0, 250.0 }, { 400.0, 350.0 } }, 0.0);

  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  /* c1 starts at (240, 300) with velocity (100, 0): the tip is at (340, 300),
   * where it would be at the end of the frame. */
  PhysVec2 tip = imp_view_to_screen (&view, phys_v2 (340.0, 300.0));
  assert_pixel (surface, phys_v2 (tip.x - 3.0, tip.y), theme->velocity, 40);
  assert_pixel (surface, phys_v2 (tip.x + 3.0, tip.y), theme->background, 0);
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

static void
test_render_normal_tip (void)
{
  PhysWorld *world = load_scene ("seed000-swept-circles.json");
  PhysEventLog log;
  ImpRenderInput input;
  ImpView view;
  const ImpTheme *theme = imp_theme_get (FALSE);

  coming_events (world, &log);
  const PhysEvent *ev = first_event_of_kind (&log, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_nonnull (ev);
  /* The event the scene describes: contact a little after the middle of the frame. */
  g_assert_cmpfloat_with_epsilon (ev->t, 0.503, 5e-4);

  imp_render_input_init (&input, world);
  input.selected = ev;
  input.overlays = IMP_OVERLAY_CONTACT;
  imp_view_init (&view, 800, 500);
  imp_view_fit (&view, imp_render_focus_box (&input), 60.0);

  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  const PhysCircleCircleSweep *sw = &ev->circle_circle.sweep;
  PhysVec2 contact = imp_view_to_screen (&view, sw->point);
  PhysVec2 tip = phys_v2_add_scaled (contact, sw->normal, IMP_RENDER_NORMAL_LENGTH_PX);
  /* Inside the arrowhead just behind the tip, and clear of it just beyond. */
  assert_pixel (surface, phys_v2_add_scaled (tip, sw->normal, -5.0), theme->contact, 40);
  g_assert_false (
      pixel_is (surface, phys_v2_add_scaled (tip, sw->normal, 4.0), theme->contact, 80));
  /* The contact dot sits on the contact point. */
  assert_pixel (surface, contact, theme->contact, 40);
  maybe_save (surface, "normal-tip.png");
  cairo_surface_destroy (surface);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The picture says where each term's figure is: the pointer on the normal's
 * tip finds n, on the contact dot the point, on a velocity arrow v1 or v2. */
static void
test_render_hotspots (void)
{
  PhysWorld *world = load_scene ("seed000-swept-circles.json");
  PhysEventLog log;
  ImpRenderInput input;
  ImpView view;

  coming_events (world, &log);
  const PhysEvent *ev = first_event_of_kind (&log, PHYS_EVENT_CIRCLE_CIRCLE);
  imp_render_input_init (&input, world);
  input.selected = ev;
  input.overlays = IMP_OVERLAY_CONTACT | IMP_OVERLAY_VELOCITY | IMP_OVERLAY_GHOSTS;
  g_autoptr (GArray) hotspots = g_array_new (FALSE, FALSE, sizeof (ImpHotspot));
  input.hotspots = hotspots;
  imp_view_init (&view, 800, 500);
  imp_view_fit (&view, imp_render_focus_box (&input), 60.0);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  const PhysCircleCircleSweep *sw = &ev->circle_circle.sweep;
  PhysVec2 contact = imp_view_to_screen (&view, sw->point);
  PhysVec2 tip = phys_v2_add_scaled (contact, sw->normal, IMP_RENDER_NORMAL_LENGTH_PX);
  g_assert_cmpstr (imp_hotspot_at (hotspots, phys_v2_add_scaled (tip, sw->normal, -3.0), 2.0), ==,
                   "n");
  g_assert_cmpstr (imp_hotspot_at (hotspots, contact, 2.0), ==, "point");
  /* Half way along the first circle's velocity arrow. */
  PhysVec2 start = imp_view_to_screen (&view, sw->p1);
  PhysVec2 end = imp_view_to_screen (&view, phys_v2_add (sw->p1, sw->v1));
  g_assert_cmpstr (imp_hotspot_at (hotspots, phys_v2_lerp (start, end, 0.5), 2.0), ==, "v1");
  /* On the ghost's outline at t, not inside it. */
  PhysVec2 ghost = imp_view_to_screen (&view, sw->p2_at_t);
  double ring = sw->r2 * view.scale;
  g_assert_cmpstr (imp_hotspot_at (hotspots, phys_v2 (ghost.x, ghost.y - ring), 2.0), ==, "t");
  /* Far from everything: nothing. */
  g_assert_null (imp_hotspot_at (hotspots, phys_v2 (2, 2), 2.0));
  cairo_surface_destroy (surface);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The inspector points at n: a halo in the highlight colour surrounds the
 * normal arrow, and nothing does without it. */
static void
test_render_highlight_term (void)
{
  PhysWorld *world = load_scene ("seed000-swept-circles.json");
  PhysEventLog log;
  ImpRenderInput input;
  ImpView view;
  const ImpTheme *theme = imp_theme_get (FALSE);

  coming_events (world, &log);
  imp_render_input_init (&input, world);
  input.selected = first_event_of_kind (&log, PHYS_EVENT_CIRCLE_CIRCLE);
  input.overlays = IMP_OVERLAY_CONTACT;
  imp_view_init (&view, 800, 500);
  imp_view_fit (&view, imp_render_focus_box (&input), 60.0);

  const PhysCircleCircleSweep *sw = &input.selected->circle_circle.sweep;
  PhysVec2 contact = imp_view_to_screen (&view, sw->point);
  /* Halfway along the arrow, 4 px to its side: inside the halo, off the shaft. */
  PhysVec2 beside = phys_v2_add_scaled (phys_v2_add_scaled (contact, sw->normal, 25.0),
                                        phys_v2_left_normal (sw->normal), 4.0);
  ImpRgba h = theme->highlight, bg = theme->background;
  ImpRgba blended
      = { bg.r + (h.r - bg.r) * h.a, bg.g + (h.g - bg.g) * h.a, bg.b + (h.b - bg.b) * h.a, 1.0 };

  cairo_surface_t *plain = imp_test_render_to_surface (&view, &input);
  assert_pixel (plain, beside, theme->background, 0);
  input.highlight_term = "n";
  cairo_surface_t *lit = imp_test_render_to_surface (&view, &input);
  assert_pixel (lit, beside, blended, 3);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (lit);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The colour a shape of colour top (with its alpha) leaves over an opaque pixel of colour under. */
static ImpRgba
over (ImpRgba under, ImpRgba top)
{
  return (ImpRgba){ under.r + (top.r - under.r) * top.a, under.g + (top.g - under.g) * top.a,
                    under.b + (top.b - under.b) * top.a, 1.0 };
}

/* Distance from p to the segment ab: the label placer's, from a rectangle of no size. */
static double
distance_to_segment (PhysVec2 p, PhysVec2 a, PhysVec2 b)
{
  ImpRect at = { p.x, p.y, 0.0, 0.0 };
  ImpCapsule line = imp_capsule_line (a.x, a.y, b.x, b.y, 0.0);
  return imp_rect_capsule_distance (&at, &line);
}

/* Whether screen point p is more than margin pixels clear of every body but the circle
 * except (-1: none) and but the segments unless with_segments, of every spring and
 * probe, and inside the bounds. */
/* Where a spring holds its body, in the world. */
static PhysVec2
spring_end_at (const PhysWorld *world, PhysBodyKind kind, int index, PhysVec2 local)
{
  PhysVec2 centre;
  double angle;
  if (kind == PHYS_BODY_POLYGON)
    {
      PhysPolygonBody p = phys_world_get_polygon (world, index);
      centre = p.position;
      angle = p.angle;
    }
  else
    {
      PhysCircle c = phys_world_get_circle (world, index);
      centre = c.position;
      angle = c.angle;
    }
  return phys_pose_apply (centre, cos (angle), sin (angle), local);
}

static gboolean
clear_of_bodies (const PhysWorld *world, const ImpView *view, PhysVec2 p, int except,
                 gboolean with_segments, double margin)
{
  const ImpTheme *theme = imp_theme_get (FALSE);
  const PhysWorldDef *def = phys_world_get_def (world);

  if (p.x < margin || p.y < margin || p.x > view->width - margin || p.y > view->height - margin)
    return FALSE;
  if (def->has_bounds)
    {
      PhysVec2 lo = imp_view_to_screen (view, def->bounds.min);
      PhysVec2 hi = imp_view_to_screen (view, def->bounds.max);
      if (p.x < MIN (lo.x, hi.x) + margin || p.x > MAX (lo.x, hi.x) - margin
          || p.y < MIN (lo.y, hi.y) + margin || p.y > MAX (lo.y, hi.y) - margin)
        return FALSE;
    }
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      PhysVec2 at = imp_view_to_screen (view, c.position);
      if (i != except && phys_v2_len (phys_v2_sub (p, at)) < c.radius * view->scale + margin)
        return FALSE;
    }
  for (int i = 0; with_segments && i < phys_world_segment_count (world); i++)
    {
      PhysSegment s = phys_world_get_segment (world, i);
      if (distance_to_segment (p, imp_view_to_screen (view, s.a), imp_view_to_screen (view, s.b))
          < theme->segment_px + margin)
        return FALSE;
    }
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonWorld placed = phys_world_polygon_placed (world, i);
      gboolean inside = TRUE;
      for (int k = 0; k < placed.count; k++)
        {
          PhysVec2 v = imp_view_to_screen (view, placed.vertices[k]);
          /* The outward normal keeps its direction on screen: the view only scales and moves. */
          if (phys_v2_dot (phys_v2_sub (p, v), placed.normals[k]) > margin + 2.0)
            inside = FALSE;
        }
      if (inside)
        return FALSE;
    }
  for (int i = 0; i < phys_world_force_count (world); i++)
    {
      PhysForce f = phys_world_get_force (world, i);
      if (f.kind != PHYS_FORCE_SPRING)
        continue;
      PhysVec2 a = spring_end_at (world, f.kind_a, f.body_a, f.local_a);
      PhysVec2 b = f.body_b >= 0 ? spring_end_at (world, f.kind_b, f.body_b, f.local_b) : f.anchor;
      /* A zigzag swings a few pixels either side of its line. */
      if (distance_to_segment (p, imp_view_to_screen (view, a), imp_view_to_screen (view, b))
          < 8.0 + margin)
        return FALSE;
    }
  for (int i = 0; i < phys_world_probe_count (world); i++)
    {
      PhysVec2 at = imp_view_to_screen (view, phys_world_get_probe (world, i).position);
      if (phys_v2_len (phys_v2_sub (p, at)) < 12.0 + margin)
        return FALSE;
    }
  return TRUE;
}

/* Where the world says each body is, the picture of it without overlays has it: a
 * circle's fill at its centre (its style's fill over the page) and the page just
 * beyond its outline, a segment's colour on its middle. Returns the points checked. */
static int
assert_bodies_drawn (cairo_surface_t *surface, const ImpView *view, const PhysWorld *world,
                     gboolean dark)
{
  const ImpTheme *theme = imp_theme_get (dark);
  int checked = 0;

  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      PhysVec2 at = imp_view_to_screen (view, c.position);
      double rad = c.radius * view->scale;
      if (rad < 3.0 || !clear_of_bodies (world, view, at, i, TRUE, 0.0))
        continue;
      if (c.fixed)
        {
          /* Hatched: between the fill and a hatch line over it. */
          ImpRgba hatch = theme->fixed_stroke;
          hatch.a *= 0.6;
          ImpRgba lo = over (theme->background, theme->fixed_fill), hi = over (lo, hatch);
          int rgb[3];
          pixel_at (surface, at, rgb);
          double want_lo[3] = { lo.r, lo.g, lo.b }, want_hi[3] = { hi.r, hi.g, hi.b };
          for (int k = 0; k < 3; k++)
            {
              g_assert_cmpint (rgb[k], >=, (int) lround (MIN (want_lo[k], want_hi[k]) * 255) - 2);
              g_assert_cmpint (rgb[k], <=, (int) lround (MAX (want_lo[k], want_hi[k]) * 255) + 2);
            }
        }
      else
        {
          ImpRgba fill = c.collides ? theme->circle_fill : theme->passive_fill;
          if (phys_circle_is_asleep (&c))
            fill.a *= theme->sleeping_alpha;
          assert_pixel (surface, at, over (theme->background, fill), 1);
        }
      checked++;
      /* The page 4 px beyond the outline, on whichever side is clear. */
      static const PhysVec2 sides[] = { { 1.0, 0.0 }, { -1.0, 0.0 }, { 0.0, 1.0 }, { 0.0, -1.0 } };
      for (gsize k = 0; k < G_N_ELEMENTS (sides); k++)
        {
          PhysVec2 beyond = phys_v2_add_scaled (at, sides[k], rad + theme->body_line_px + 4.0);
          if (clear_of_bodies (world, view, beyond, -1, TRUE, 2.0))
            {
              assert_pixel (surface, beyond, theme->background, 0);
              checked++;
              break;
            }
        }
    }
  /* A polygon's fill half way from its centre of mass to its middle vertex (clear of the
   * angle mark, which runs to vertex 0). */
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody body = phys_world_get_polygon (world, i);
      PhysPolygonWorld placed = phys_world_polygon_placed (world, i);
      PhysVec2 inside = imp_view_to_screen (
          view, phys_v2_lerp (body.position, placed.vertices[placed.count / 2], 0.5));
      if (body.radius * view->scale < 12.0 || inside.x < 0.0 || inside.y < 0.0
          || inside.x >= view->width || inside.y >= view->height)
        continue;
      if (!body.fixed)
        {
          assert_pixel (surface, inside, over (theme->background, theme->circle_fill), 1);
          checked++;
        }
    }
  for (int i = 0; i < phys_world_segment_count (world); i++)
    {
      PhysSegment s = phys_world_get_segment (world, i);
      if (s.is_bound)
        continue;
      PhysVec2 a = imp_view_to_screen (view, s.a), b = imp_view_to_screen (view, s.b);
      ImpRgba color
          = s.response == PHYS_RESPONSE_SLIDE ? theme->segment_slide : theme->segment_reflect;
      /* Its ends are round caps wider than the line; a reflecting segment is solid
       * along its middle too (a sliding one has a groove there). */
      PhysVec2 points[] = { a, b, phys_v2_lerp (a, b, 0.5) };
      int n = s.response == PHYS_RESPONSE_SLIDE ? 2 : 3;
      for (int k = 0; k < n; k++)
        {
          if (!clear_of_bodies (world, view, points[k], -1, FALSE, 4.0))
            continue;
          assert_pixel (surface, points[k], color, 1);
          checked++;
        }
    }
  return checked;
}

/* Every shipped scene, at the start of the frame of its first event: without
 * overlays its bodies are drawn where the world says, in light and dark; with
 * every overlay and each event selected in turn drawing succeeds and leaves the
 * context as it found it. */
static void
test_render_shipped_scenes (void)
{
  GDir *dir = g_dir_open (scenes_dir (), 0, NULL);
  const char *name;
  int scenes = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_suffix (name, ".json"))
        continue;
      PhysWorld *world = load_scene (name);
      PhysEventLog log;
      phys_event_log_init (&log);
      /* Step until something happens (or a while), keeping the state before it. */
      for (int f = 0; f < 400; f++)
        {
          coming_events (world, &log);
          if (log.count > 0)
            break;
          phys_event_log_free (&log);
          phys_world_step (world, NULL);
        }
      ImpView view;
      imp_view_init (&view, 960, 640);
      imp_view_fit (&view, imp_view_world_box (world), 24.0);
      for (int dark = 0; dark < 2; dark++)
        {
          ImpRenderInput input;
          imp_render_input_init (&input, world);
          input.overlays = IMP_OVERLAY_NONE;
          input.dark = dark;
          cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
          int checked = assert_bodies_drawn (surface, &view, world, dark);
          g_test_message ("%s: %d points of its bodies checked", name, checked);
          if (checked < 2)
            g_error ("%s: only %d points of its bodies are clear to check", name, checked);
          cairo_surface_destroy (surface);
        }
      for (size_t e = 0; e <= log.count; e++)
        for (int dark = 0; dark < 2; dark++)
          {
            ImpRenderInput input;
            imp_render_input_init (&input, world);
            input.overlays = IMP_OVERLAY_ALL;
            input.dark = dark;
            input.events = log.events;
            input.n_events = (int) log.count;
            input.selected = e < log.count ? &log.events[e] : NULL;
            input.selected_body = 0;
            cairo_surface_t *surface
                = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
            cairo_t *cr = cairo_create (surface);
            cairo_set_line_width (cr, 3.0);
            cairo_set_source_rgb (cr, 0.25, 0.5, 0.75);
            imp_render (cr, &view, &input);
            g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
            cairo_matrix_t m;
            cairo_get_matrix (cr, &m);
            g_assert_true (m.xx == 1.0 && m.yx == 0.0 && m.xy == 0.0 && m.yy == 1.0 && m.x0 == 0.0
                           && m.y0 == 0.0);
            g_assert_cmpfloat (cairo_get_line_width (cr), ==, 3.0);
            double red, green, blue, alpha;
            g_assert_cmpint (
                cairo_pattern_get_rgba (cairo_get_source (cr), &red, &green, &blue, &alpha), ==,
                CAIRO_STATUS_SUCCESS);
            g_assert_true (red == 0.25 && green == 0.5 && blue == 0.75 && alpha == 1.0);
            g_assert_false (cairo_has_current_point (cr));
            cairo_destroy (cr);
            cairo_surface_flush (surface);
            if (e == 0)
              {
                g_autofree char *png = g_strdup_printf ("%.*s-%s.png", (int) (strlen (name) - 5),
                                                        name, dark ? "dark" : "light");
                maybe_save (surface, png);
              }
            cairo_surface_destroy (surface);
          }
      phys_event_log_free (&log);
      phys_world_free (world);
      scenes++;
    }
  g_dir_close (dir);
  /* Every scene the lessons ship (lessons/scenes/). */
  g_assert_cmpint (scenes, ==, 14);
}

static void collect_text (gpointer data, cairo_t *cr, PangoLayout *layout, ImpRgba color);

/* Every string the picture of input writes. */
static GPtrArray *
figure_texts (const ImpView *view, const ImpRenderInput *input)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  ImpTextSink sink = { collect_text, texts };
  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width, view->height);
  cairo_t *cr = cairo_create (surface);
  imp_render_set_text_sink (cr, &sink);
  imp_render (cr, view, input);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return texts;
}

/* Whether one of the texts holds the words. */
static gboolean
has_text (GPtrArray *texts, const char *words)
{
  for (guint i = 0; i < texts->len; i++)
    if (strstr (texts->pdata[i], words) != NULL)
      return TRUE;
  for (guint i = 0; i < texts->len; i++)
    g_test_message ("label: %s", (const char *) texts->pdata[i]);
  return FALSE;
}

/* The figure of seed 000 paused at its collision, zoomed on the event (docs/
 * render-seed000-*.png): both circles where the frame starts, inside the areas they
 * sweep; each velocity arrow's tip where its circle would end the frame; the
 * dashed circles at the time of impact; the contact normal; and the labels. */
static void
test_render_seed000_figure (gconstpointer data)
{
  gboolean dark = GPOINTER_TO_INT (data);
  PhysWorld *world = load_scene ("seed000-swept-circles.json");
  const ImpTheme *theme = imp_theme_get (dark);
  PhysEventLog log;
  ImpRenderInput input;
  ImpView view;

  coming_events (world, &log);
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_ALL;
  input.dark = dark;
  input.events = log.events;
  input.n_events = (int) log.count;
  input.selected = first_event_of_kind (&log, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_nonnull (input.selected);
  imp_view_init (&view, 1200, 720);
  imp_view_fit (&view, imp_render_focus_box (&input), 150.0);

  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, dark ? "render-seed000-dark.png" : "render-seed000-light.png");
  const PhysCircleCircleSweep *sw = &input.selected->circle_circle.sweep;
  /* c1 (radius 12) at (240, 300) and c2 (radius 8) at (360, 306), from the scene. */
  g_assert_cmpfloat (sw->p1.x, ==, 240.0);
  g_assert_cmpfloat (sw->p2.y, ==, 306.0);
  PhysVec2 c1 = imp_view_to_screen (&view, sw->p1), c2 = imp_view_to_screen (&view, sw->p2);
  double r1 = sw->r1 * view.scale, r2 = sw->r2 * view.scale;
  /* Inside each circle, off its arrow and its label's leader (c1's lower left, c2's lower
   * right): the fill under the swept area's tint. On the far side of each (c1's left,
   * c2's right), 4 px inside the edge the same, 4 px outside the page. */
  ImpRgba swept = over (theme->circle_fill, theme->swept_fill);
  assert_pixel (surface, phys_v2 (c1.x - 0.5 * r1, c1.y + 0.5 * r1), swept, 1);
  assert_pixel (surface, phys_v2 (c2.x + 0.5 * r2, c2.y + 0.5 * r2), swept, 1);
  assert_pixel (surface, phys_v2 (c1.x - r1 + 4.0, c1.y + 1.0), swept, 1);
  assert_pixel (surface, phys_v2 (c1.x - r1 - 4.0, c1.y + 1.0), theme->background, 0);
  assert_pixel (surface, phys_v2 (c2.x + r2 - 4.0, c2.y + 1.0), swept, 1);
  assert_pixel (surface, phys_v2 (c2.x + r2 + 4.0, c2.y + 1.0), theme->background, 0);

  /* Velocity arrows to scale: c1's tip at (340, 300), c2's at (260, 304). */
  PhysVec2 tip1 = imp_view_to_screen (&view, phys_v2_add (sw->p1, sw->v1));
  PhysVec2 tip2 = imp_view_to_screen (&view, phys_v2_add (sw->p2, sw->v2));
  assert_pixel (surface, phys_v2 (tip1.x - 3.0, tip1.y), theme->velocity, 40);
  assert_pixel (surface, phys_v2 (tip2.x + 3.0, tip2.y), theme->velocity, 40);

  /* The circles at t are dashed rings in the ghost colour: a fair share of the points
   * on each ring has it, and c1's centre at t shows no fill. */
  PhysVec2 at_t[2]
      = { imp_view_to_screen (&view, sw->p1_at_t), imp_view_to_screen (&view, sw->p2_at_t) };
  double rad[2] = { r1, r2 };
  for (int i = 0; i < 2; i++)
    {
      int on = 0;
      for (int k = 0; k < 72; k++)
        {
          double a = 2.0 * G_PI * k / 72.0;
          on += pixel_is (surface, phys_v2_add_scaled (at_t[i], phys_v2 (cos (a), sin (a)), rad[i]),
                          theme->ghost, 60);
        }
      g_assert_cmpint (on, >=, 18);
    }
  g_assert_false (pixel_is (surface, at_t[0], theme->circle_fill, 8));

  /* The contact normal: its tip IMP_RENDER_NORMAL_LENGTH_PX out from the contact point. */
  PhysVec2 contact = imp_view_to_screen (&view, sw->point);
  PhysVec2 tip = phys_v2_add_scaled (contact, sw->normal, IMP_RENDER_NORMAL_LENGTH_PX);
  assert_pixel (surface, phys_v2_add_scaled (tip, sw->normal, -5.0), theme->contact, 40);

  /* The labels: names, the time of impact, the normal, the velocities. */
  g_autoptr (GPtrArray) texts = figure_texts (&view, &input);
  g_assert_true (has_text (texts, "c1"));
  g_assert_true (has_text (texts, "c2"));
  g_assert_true (has_text (texts, "t = 0.503"));
  g_assert_true (has_text (texts, "n = (0.968, 0.250)"));
  g_assert_true (has_text (texts, "v\u2081 = (100.0, 0.0)"));
  g_assert_true (has_text (texts, "v\u2082 = (\u2212100.0, \u22122.0)"));
  cairo_surface_destroy (surface);
  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_render_seed002_figure (void)
{
  PhysWorld *world = load_scene ("seed002-reflect.json");
  PhysEventLog log;
  const PhysEvent *ev = NULL;

  phys_event_log_init (&log);
  for (int f = 0; f < 400 && ev == NULL; f++)
    {
      phys_event_log_free (&log);
      coming_events (world, &log);
      ev = first_event_of_kind (&log, PHYS_EVENT_CIRCLE_SEGMENT);
      if (ev == NULL)
        phys_world_step (world, NULL);
    }
  g_assert_nonnull (ev);

  ImpRenderInput input;
  ImpView view;
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_ALL & ~IMP_OVERLAY_IDS;
  input.selected = ev;
  input.events = log.events;
  input.n_events = (int) log.count;
  imp_view_init (&view, 1200, 720);
  imp_view_fit (&view, imp_render_focus_box (&input), 150.0);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, "seed002-reflect-figure.png");
  /* The contact normal of a circle on a segment also ends IMP_RENDER_NORMAL_LENGTH_PX out. */
  const PhysCircleSegmentSweep *sw = &ev->circle_segment.sweep;
  PhysVec2 tip = phys_v2_add_scaled (imp_view_to_screen (&view, sw->point), sw->normal,
                                     IMP_RENDER_NORMAL_LENGTH_PX);
  assert_pixel (surface, phys_v2_add_scaled (tip, sw->normal, -5.0), imp_theme_get (FALSE)->contact,
                40);
  cairo_surface_destroy (surface);
  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_render_probe_figure (void)
{
  PhysWorld *world = load_scene ("seed003-ship-wall.json");
  ImpRenderInput input;
  ImpView view;
  PhysBodyRef leaver, wall;
  PhysPairRecord pair;

  g_assert_true (phys_world_find (world, "leaver", &leaver));
  g_assert_true (phys_world_find (world, "wall", &wall));
  g_assert_cmpint (phys_world_inspect_pair (world, leaver, wall, &pair), ==, PHYS_OK);
  g_assert_cmpint (pair.probe.verdict, ==, PHYS_PROBE_BEHIND);

  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_ALL;
  input.pair = &pair;
  imp_view_init (&view, 1000, 700);
  imp_view_fit (&view, imp_view_world_box (world), 80.0);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, "seed003-probes-figure.png");
  const ImpTheme *theme = imp_theme_get (FALSE);
  /* The ship, from (150, 300) at (3, 0), meets the wall's line (450, 120)-(600, 480)
   * at (525, 300) after 125 frames: its path is drawn to there, and no further. */
  /* (A thin line across two rows of pixels: each mostly ray, partly page.) */
  assert_pixel (surface, imp_view_to_screen (&view, phys_v2 (337.5, 300.0)), theme->probe_ray, 96);
  assert_pixel (surface, imp_view_to_screen (&view, phys_v2 (500.0, 300.0)), theme->probe_ray, 96);
  PhysVec2 beyond = imp_view_to_screen (&view, phys_v2 (525.0, 300.0));
  assert_pixel (surface, phys_v2 (beyond.x + 30.0, beyond.y), theme->background, 0);
  g_autoptr (GPtrArray) texts = figure_texts (&view, &input);
  g_assert_true (has_text (texts, "t = 125.00 frames"));
  g_assert_true (has_text (texts, "impact at (525.0, 300.0)"));
  /* The leaver crossed the line in its past; the drifter's crossing is off the wall. */
  g_assert_true (has_text (texts, "t = \u221251.61 frames"));
  g_assert_true (has_text (texts, "already happened"));
  g_assert_true (has_text (texts, "misses: the line is crossed beyond B"));
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

/* In a large world on pixels, circles are copied from stamps and trails drawn
 * into a mask; the picture must match the one made of paths (drawn through a
 * recording surface, which gets no shortcuts) within antialiasing. */
static void
test_render_raster_matches_paths (void)
{
  enum
  {
    N = 400,
    TRAIL = 6,
    W = 640,
    H = 640
  };
  PhysWorld *world = bench_scene_gas (N, 1.0 / 3.0, 7);
  PhysVec2 *trail = g_new (PhysVec2, (gsize) N * TRAIL);
  ImpRenderInput input;
  ImpView view;

  for (int k = 0; k < TRAIL; k++)
    {
      for (int i = 0; i < N; i++)
        trail[(gsize) k * N + i] = phys_world_get_circle (world, i).position;
      phys_world_step (world, NULL);
    }
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_TRAILS;
  input.trail = trail;
  input.trail_len = TRAIL;
  input.trail_stride = N;
  imp_view_init (&view, W, H);
  imp_view_fit (&view, imp_view_world_box (world), 10.0);

  cairo_surface_t *fast = imp_test_render_to_surface (&view, &input);
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (recording);
  imp_render (cr, &view, &input);
  cairo_destroy (cr);
  cairo_surface_t *slow = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cr = cairo_create (slow);
  cairo_set_source_surface (cr, recording, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (slow);

  double total = 0.0;
  int far = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int a[3], b[3];
        pixel_at (fast, phys_v2 (x + 0.5, y + 0.5), a);
        pixel_at (slow, phys_v2 (x + 0.5, y + 0.5), b);
        int d = MAX (abs (a[0] - b[0]), MAX (abs (a[1] - b[1]), abs (a[2] - b[2])));
        total += d;
        far += d > 96;
      }
  /* Edges differ by a quarter pixel at most: small differences on edge pixels,
   * nothing large anywhere but a few crossings of thin lines. */
  g_assert_cmpfloat (total / (W * H), <, 2.0);
  g_assert_cmpint (far, <, W * H / 500);
  /* Centres are exact either way. */
  const ImpTheme *theme = imp_theme_get (FALSE);
  PhysVec2 c = imp_view_to_screen (&view, phys_world_get_circle (world, 0).position);
  assert_pixel (fast, c, theme->circle_fill, 0);
  assert_pixel (slow, c, theme->circle_fill, 0);
  maybe_save (fast, "raster-fast.png");
  maybe_save (slow, "raster-paths.png");

  cairo_surface_destroy (fast);
  cairo_surface_destroy (slow);
  cairo_surface_destroy (recording);
  phys_world_free (world);
  g_free (trail);
}

/* On a surface of device scale 2 (a HiDPI canvas) stamps are drawn at device
 * resolution, and they are redrawn when the zoom changes between pictures
 * that share a cache. */
static void
test_render_stamps_hidpi_and_zoom (void)
{
  enum
  {
    N = 400
  };
  PhysWorld *world = bench_scene_gas (N, 1.0 / 3.0, 11);
  g_autoptr (ImpRenderCache) cache = imp_render_cache_new ();
  const ImpTheme *theme = imp_theme_get (FALSE);
  ImpRenderInput input;
  ImpView view;

  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_NONE;
  input.cache = cache;
  imp_view_init (&view, 300, 300);
  for (int zoom = 0; zoom < 20; zoom++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 600);
      cairo_surface_set_device_scale (surface, 2.0, 2.0);
      imp_view_fit (&view, imp_view_world_box (world), 10.0 + zoom);
      cairo_t *cr = cairo_create (surface);
      imp_render (cr, &view, &input);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      /* Every circle's centre, in device pixels, shows its fill. */
      for (int i = 0; i < N; i += 37)
        {
          PhysVec2 c = imp_view_to_screen (&view, phys_world_get_circle (world, i).position);
          assert_pixel (surface, phys_v2_scale (c, 2.0), theme->circle_fill, 0);
        }
      cairo_surface_destroy (surface);
    }
  phys_world_free (world);
}

/* A large world */

/* Whether two pictures are the same, byte for byte. */
static gboolean
same_picture (cairo_surface_t *a, cairo_surface_t *b)
{
  int stride = cairo_image_surface_get_stride (a);
  gsize size = (gsize) stride * (gsize) cairo_image_surface_get_height (a);

  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  return memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b), size) == 0;
}

/* A large world with every overlay (its circles copied from stamps): the cache kept
 * between pictures and the frame paths a caller passes save time, and change nothing
 * in the picture. (How much time: impulse-bench render.) */
static void
test_render_large_world_same_picture (void)
{
  enum
  {
    N = 400,
    TRAIL = 8,
    W = 800,
    H = 600
  };
  PhysWorld *world = bench_scene_gas (N, 1.0 / 3.0, 0x5eed);
  g_autofree PhysVec2 *trail = g_new (PhysVec2, (gsize) N * TRAIL);
  g_autofree PhysVec2 *ghost = g_new (PhysVec2, N);
  g_autofree PhysVec2 *disp = g_new (PhysVec2, N);
  g_autoptr (ImpRenderCache) cache = imp_render_cache_new ();
  PhysEventLog log;

  for (int k = 0; k < TRAIL; k++)
    {
      for (int i = 0; i < N; i++)
        trail[(gsize) k * N + i] = phys_world_get_circle (world, i).position;
      phys_world_step (world, NULL);
    }
  for (int i = 0; i < N; i++)
    ghost[i] = phys_v2_add (phys_world_get_circle (world, i).position, phys_v2 (0.4, 0.2));
  coming_events (world, &log);
  g_assert_nonnull (first_event_of_kind (&log, PHYS_EVENT_CIRCLE_CIRCLE));
  phys_world_frame_paths (world, NULL, disp);

  ImpRenderInput input;
  ImpView view;
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_ALL;
  input.events = log.events;
  input.n_events = (int) log.count;
  input.selected = first_event_of_kind (&log, PHYS_EVENT_CIRCLE_CIRCLE);
  input.trail = trail;
  input.trail_len = TRAIL;
  input.trail_stride = N;
  input.ghost_positions = ghost;
  input.selected_body = 0;
  imp_view_init (&view, W, H);
  imp_view_fit (&view, imp_view_world_box (world), 20.0);

  input.displacements = disp;
  input.cache = cache;
  cairo_surface_t *first = imp_test_render_to_surface (&view, &input);
  cairo_surface_t *again = imp_test_render_to_surface (&view, &input);
  input.cache = NULL;
  cairo_surface_t *no_cache = imp_test_render_to_surface (&view, &input);
  input.cache = cache;
  input.displacements = NULL;
  cairo_surface_t *own_paths = imp_test_render_to_surface (&view, &input);
  maybe_save (first, "large-world.png");
  g_assert_true (same_picture (first, again));
  g_assert_true (same_picture (first, no_cache));
  g_assert_true (same_picture (first, own_paths));

  /* And the picture is of the world: the bodies drawn alone have every circle's fill at
   * its centre, whichever way they are drawn. */
  input.overlays = IMP_OVERLAY_NONE;
  input.selected = NULL;
  input.selected_body = -1;
  cairo_surface_t *bodies = imp_test_render_to_surface (&view, &input);
  const ImpTheme *theme = imp_theme_get (FALSE);
  for (int i = 0; i < N; i++)
    assert_pixel (bodies, imp_view_to_screen (&view, phys_world_get_circle (world, i).position),
                  theme->circle_fill, 0);

  cairo_surface_destroy (first);
  cairo_surface_destroy (again);
  cairo_surface_destroy (no_cache);
  cairo_surface_destroy (own_paths);
  cairo_surface_destroy (bodies);
  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
collect_text (gpointer data, cairo_t *cr, PangoLayout *layout, ImpRgba color)
{
  g_ptr_array_add (data, g_strdup (pango_layout_get_text (layout)));
}

/* A pair's test drawn alone (no response) labels its relative velocity as the card
 * and the lessons define it, v = v2 - v1 (the arrow ends at the contact point, along
 * v); v1 - v2 is the impulse's, shown only with a response. */
static void
test_render_pair_relative_velocity (void)
{
  PhysWorld *world = load_scene ("seed000-swept-circles.json");
  PhysBodyRef c1, c2;
  PhysPairRecord pair;
  g_assert_true (phys_world_find (world, "c1", &c1));
  g_assert_true (phys_world_find (world, "c2", &c2));
  g_assert_cmpint (phys_world_inspect_pair (world, c1, c2, &pair), ==, PHYS_OK);

  ImpRenderInput input;
  ImpView view;
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_ALL;
  input.pair = &pair;
  imp_view_init (&view, 1000, 700);
  imp_view_fit (&view, imp_view_world_box (world), 80.0);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  ImpTextSink sink = { collect_text, texts };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 700);
  cairo_t *cr = cairo_create (surface);
  imp_render_set_text_sink (cr, &sink);
  imp_render (cr, &view, &input);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* v2 - v1 = (-100, -2) - (100, 0) = (-200, -2). */
  gboolean found = FALSE;
  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = texts->pdata[i];
      g_assert_null (strstr (text, "v\u2081 \u2212 v\u2082"));
      if (g_str_has_prefix (text, "v = v\u2082 \u2212 v\u2081 = (\u2212200.0, \u22122.0)"))
        found = TRUE;
    }
  if (!found)
    for (guint i = 0; i < texts->len; i++)
      g_test_message ("label: %s", (const char *) texts->pdata[i]);
  g_assert_true (found);
  phys_world_free (world);
}

/* Draws a pair's figure and returns every string of it, one a line. */
static char *
pair_figure_text (PhysWorld *world, PhysBodyRef a, PhysBodyRef b)
{
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, a, b, &pair), ==, PHYS_OK);
  ImpRenderInput input;
  imp_render_input_init (&input, world);
  input.pair = &pair;
  input.overlays = IMP_OVERLAY_ALL;
  ImpView view;
  imp_view_init (&view, 400, 300);
  imp_view_fit (&view, imp_render_focus_box (&input), 20.0);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cairo_t *cr = cairo_create (surface);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  ImpTextSink sink = { collect_text, texts };
  imp_render_set_text_sink (cr, &sink);
  imp_render (cr, &view, &input);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_ptr_array_add (texts, NULL);
  char *text = g_strjoinv ("\n", (char **) texts->pdata);
  g_test_message ("%s", text);
  return text;
}

/* Lesson 1 at frame 3 in a discrete world: the canvas says what the discrete
 * test saw, not the swept "t = 0.250 hit". */
static void
test_discrete_pair_figure (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.modes.detection = PHYS_DETECTION_DISCRETE;
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_circle (world, "left", 370, 300, 60, 0, 10);
  imp_test_add_circle (world, "right", 420, 300, -60, 0, 10);
  g_autofree char *text = pair_figure_text (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 },
                                            (PhysBodyRef) { PHYS_BODY_CIRCLE, 1 });
  g_assert_nonnull (strstr (text, "discrete test: no overlap where the frame starts"));
  g_assert_null (strstr (text, "hit"));
  g_assert_null (strstr (text, "0.250"));
  phys_world_free (world);
}

/* A circle-segment test's label speaks of the line, not of the quadratic's b:
 * a ball at (50, 50) moving up, away from a wall along y = 80. */
static void
test_segment_verdict_words (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "ball", 50, 50, 0, -2, 5);
  PhysBodyRef seg = { PHYS_BODY_SEGMENT, imp_test_add_segment (world, "wall", 0, 80, 100, 80,
                                                                       PHYS_RESPONSE_REFLECT, 1) };
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 }, seg,
                                            &pair),
                   ==, PHYS_OK);
  g_assert_cmpint (pair.circle_segment.verdict, ==, PHYS_VERDICT_MOVING_APART);
  g_autofree char *text = pair_figure_text (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 }, seg);
  g_assert_nonnull (strstr (text, "moving away from the line"));
  g_assert_null (strstr (text, "b \u2265 0"));
  phys_world_free (world);
}

/* Rigid bodies */

/* A 40 x 20 box at (50, 40) turned by pi/6, a fixed 20 x 10 box at (10, 70), a curve, a circle
 * turned a quarter turn and one that never turned; 4 px a unit. */
static PhysWorld *
rigid_world (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysPolygon box = phys_polygon_box (40.0, 20.0);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "box";
  def.vertices = box.vertices;
  def.count = box.count;
  def.position = phys_v2 (50.0, 40.0);
  def.angle = G_PI / 6.0;
  def.angular_velocity = 0.5;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  PhysPolygon small = phys_polygon_box (20.0, 10.0);
  def = phys_polygon_body_def_default ();
  def.name = "ground";
  def.vertices = small.vertices;
  def.count = small.count;
  def.position = phys_v2 (10.0, 75.0);
  def.fixed = true;
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  PhysCurveDef curve = phys_curve_def_default ();
  curve.name = "ramp";
  curve.curve
      = (PhysBezier){ { { 70.0, 70.0 }, { 80.0, 50.0 }, { 100.0, 90.0 }, { 110.0, 70.0 } } };
  g_assert_cmpint (phys_world_add_curve (world, &curve, NULL), ==, PHYS_OK);
  PhysCircleDef turned = imp_test_circle_def ("turned", 100.0, 20.0, 0.0, 0.0, 8.0);
  turned.angle = G_PI / 2.0;
  imp_test_add_circle_def (world, &turned);
  imp_test_add_circle (world, "plain", 10.0, 20.0, 0.0, 0.0, 8.0);
  return world;
}

static void
rigid_view (ImpView *view)
{
  imp_view_init (view, 520, 400);
  view->scale = 4.0;
  view->center = phys_v2 (60.0, 50.0);
}

/* The box's corners, where the pose puts them: just inside each is the fill, just outside the
 * page; the angle mark runs from the centre of mass to vertex 0; the centre of mass is the
 * quartered disc (the lower right and upper left quarters filled). Light and dark. */
static void
test_render_rotated_box (gconstpointer data)
{
  gboolean dark = GPOINTER_TO_INT (data);
  PhysWorld *world = rigid_world ();
  const ImpTheme *theme = imp_theme_get (dark);
  ImpRenderInput input;
  ImpView view;

  imp_render_input_init (&input, world);
  input.dark = dark;
  input.overlays = IMP_OVERLAY_NONE;
  rigid_view (&view);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, dark ? "rigid-box-dark.png" : "rigid-box-light.png");

  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  double c = cos (G_PI / 6.0), sn = sin (G_PI / 6.0);
  PhysVec2 centre = imp_view_to_screen (&view, phys_v2 (50.0, 40.0));
  for (int k = 0; k < 4; k++)
    {
      /* The corners of a 40 x 20 box about its centre, turned: (+-20, +-10). */
      PhysVec2 local = box.shape.vertices[k];
      g_assert_cmpfloat_with_epsilon (fabs (local.x), 20.0, 1e-12);
      g_assert_cmpfloat_with_epsilon (fabs (local.y), 10.0, 1e-12);
      PhysVec2 corner = imp_view_to_screen (
          &view, phys_v2 (50.0 + local.x * c - local.y * sn, 40.0 + local.x * sn + local.y * c));
      PhysVec2 in = phys_v2_sub (centre, corner);
      in = phys_v2_scale (in, 1.0 / phys_v2_len (in));
      assert_pixel (surface, phys_v2_add_scaled (corner, in, -4.0), theme->background, 0);
      if (k != 0)
        assert_pixel (surface, phys_v2_add_scaled (corner, in, 5.0), theme->circle_fill, 0);
    }
  /* Half way along the angle mark, and the quartered disc. */
  PhysVec2 v0 = box.shape.vertices[0];
  PhysVec2 mark = imp_view_to_screen (
      &view, phys_v2 (50.0 + 0.5 * (v0.x * c - v0.y * sn), 40.0 + 0.5 * (v0.x * sn + v0.y * c)));
  assert_pixel (surface, mark, theme->circle_stroke, 100);
  assert_pixel (surface, phys_v2 (centre.x + 1.5, centre.y + 1.5), theme->circle_stroke, 40);
  assert_pixel (surface, phys_v2 (centre.x - 2.0, centre.y - 2.0), theme->circle_stroke, 40);
  assert_pixel (surface, phys_v2 (centre.x - 1.5, centre.y + 1.5), theme->background, 40);

  /* The fixed box's outline is the fixed bodies' ink; its top edge at y = 70. */
  PhysVec2 top = imp_view_to_screen (&view, phys_v2 (14.0, 70.0));
  assert_pixel (surface, phys_v2 (top.x, top.y - 0.5), theme->fixed_stroke, 70);
  assert_pixel (surface, phys_v2 (top.x, top.y - 4.0), theme->background, 0);

  /* The circle turned a quarter turn has its mark straight down (y down); the one that never
   * turned has none: its fill where the mark would be. */
  PhysVec2 turned = imp_view_to_screen (&view, phys_v2 (100.0, 20.0));
  /* A thin line half covers the pixels it runs along: their colour is half way to the ink. */
  assert_pixel (surface, phys_v2 (turned.x, turned.y + 16.0), theme->circle_stroke, 100);
  assert_pixel (surface, phys_v2 (turned.x + 16.0, turned.y + 1.0), theme->circle_fill, 0);
  PhysVec2 plain = imp_view_to_screen (&view, phys_v2 (10.0, 20.0));
  assert_pixel (surface, phys_v2 (plain.x + 16.0, plain.y), theme->circle_fill, 0);

  /* The curve passes through B(1/2) = (P0 + 3 P1 + 3 P2 + P3) / 8 = (90, 70); 8 px off it
   * along the normal there is the page. */
  PhysVec2 mid = imp_view_to_screen (&view, phys_v2 (90.0, 70.0));
  assert_pixel (surface, mid, theme->curve, 30);
  /* B'(1/2) = 3/4 (P3 + P2 - P1 - P0) = (45, 30); its normal is (-30, 45) / |.|. */
  PhysBezier ramp = phys_world_get_curve (world, 0).curve;
  imp_assert_vec_near (phys_bezier_derivative (&ramp, 0.5), 45.0, 30.0, 1e-12);
  PhysVec2 n = phys_v2_scale (phys_v2 (-30.0, 45.0), 1.0 / sqrt (30.0 * 30.0 + 45.0 * 45.0));
  assert_pixel (surface, phys_v2_add_scaled (mid, n, 8.0), theme->background, 0);
  assert_pixel (surface, phys_v2_add_scaled (mid, n, -8.0), theme->background, 0);
  assert_pixel (surface, phys_v2_add_scaled (mid, n, 1.0), theme->curve, 30);
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

/* The box turns 0.5 rad a frame: its curved arrow runs from the line of the angle mark, just
 * outside the path of vertex 0 (|v0| = sqrt(500) units, 4 px each, plus 7 px), through a
 * quarter of a radian and not back the other way; half a radian at that radius is 48 px,
 * drawn to scale. */
static void
test_render_spin_arc (void)
{
  PhysWorld *world = rigid_world ();
  const ImpTheme *theme = imp_theme_get (FALSE);
  ImpRenderInput input;
  ImpView view;

  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_VELOCITY;
  rigid_view (&view);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, "rigid-spin.png");

  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  PhysVec2 v0 = box.shape.vertices[0];
  double a0 = atan2 (v0.y, v0.x) + G_PI / 6.0;
  double rad = sqrt (500.0) * 4.0 + 7.0;
  PhysVec2 centre = imp_view_to_screen (&view, phys_v2 (50.0, 40.0));
  PhysVec2 along = phys_v2 (centre.x + rad * cos (a0 + 0.2), centre.y + rad * sin (a0 + 0.2));
  PhysVec2 before = phys_v2 (centre.x + rad * cos (a0 - 0.2), centre.y + rad * sin (a0 - 0.2));
  assert_pixel (surface, along, theme->velocity, 60);
  assert_pixel (surface, before, theme->background, 0);
  /* No label: this one is to scale. */
  g_assert_cmpfloat (0.5 * rad, >=, 40.0);
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

/* Selected, a polygon gets its rotation handle on the line of its angle mark and a curve its
 * control points (squares, outlined in the construction colour). */
static void
test_render_rigid_selection (void)
{
  PhysWorld *world = rigid_world ();
  const ImpTheme *theme = imp_theme_get (FALSE);
  ImpRenderInput input;
  ImpView view;

  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_NONE;
  input.selected_body = 0;
  input.selected_kind = PHYS_BODY_POLYGON;
  input.selected_other = 0;
  input.selected_other_kind = PHYS_BODY_CURVE;
  rigid_view (&view);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, "rigid-selection.png");

  /* The handle: 22 px beyond the farthest vertex (sqrt(500) units) from the centre of mass. */
  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  PhysVec2 v0 = box.shape.vertices[0];
  double a0 = atan2 (v0.y, v0.x) + G_PI / 6.0;
  PhysVec2 centre = imp_view_to_screen (&view, phys_v2 (50.0, 40.0));
  double out = sqrt (500.0) * 4.0 + IMP_RENDER_ROTATION_HANDLE_PX;
  PhysVec2 handle = imp_render_rotation_handle (&view, world, 0);
  imp_assert_vec_near (handle, centre.x + out * cos (a0), centre.y + out * sin (a0), 1e-9);
  assert_pixel (surface, handle, theme->selection, 0);

  /* P1 = (80, 50) is off the curve: its square's outline, and its middle the page. */
  PhysVec2 p1 = imp_view_to_screen (&view, phys_v2 (80.0, 50.0));
  assert_pixel (surface, p1, theme->background, 0);
  assert_pixel (surface, phys_v2 (p1.x + 3.5, p1.y), theme->construction, 60);
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

/* A spring holding the box by vertex 0 is drawn over the box, to the vertex, with a ring
 * there; the polygon drawn at a pose the caller gives (a moment inside the frame) moves with
 * it. */
static void
test_render_rigid_spring_and_pose (void)
{
  PhysWorld *world = rigid_world ();
  const ImpTheme *theme = imp_theme_get (FALSE);
  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  PhysForceDef spring = phys_force_def_default (PHYS_FORCE_SPRING);
  spring.kind_a = PHYS_BODY_POLYGON;
  spring.body_a = 0;
  spring.local_a = box.shape.vertices[0];
  spring.anchor = phys_v2 (50.0, 10.0);
  g_assert_cmpint (phys_world_add_force (world, &spring, NULL, NULL), ==, PHYS_OK);
  ImpRenderInput input;
  ImpView view;

  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_NONE;
  rigid_view (&view);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  PhysPolygonWorld placed = phys_world_polygon_placed (world, 0);
  PhysVec2 held = imp_view_to_screen (&view, placed.vertices[0]);
  assert_pixel (surface, phys_v2 (held.x + 2.5, held.y), theme->spring, 60);
  cairo_surface_destroy (surface);

  /* The same box at a pose given by the caller: centre (30, 30), not turned (one pose a
   * polygon: the fixed one where it is). */
  PhysPolygonBody ground = phys_world_get_polygon (world, 1);
  PhysPose poses[2] = { phys_pose (30.0, 30.0, 0.0),
                        phys_pose (ground.position.x, ground.position.y, ground.angle) };
  g_assert_cmpint (phys_world_polygon_count (world), ==, G_N_ELEMENTS (poses));
  input.polygon_poses = poses;
  input.selected_body = -1;
  surface = imp_test_render_to_surface (&view, &input);
  PhysVec2 corner = imp_view_to_screen (&view, phys_v2 (30.0 + 20.0, 30.0 + 10.0));
  assert_pixel (surface, phys_v2 (corner.x - 4.0, corner.y - 4.0), theme->circle_fill, 0);
  assert_pixel (surface, phys_v2 (corner.x + 4.0, corner.y + 4.0), theme->background, 0);
  cairo_surface_destroy (surface);
  phys_world_free (world);
}

/* The separating axis figure of tests/data/cli/sat-figure.json: box a (160 x 160 at (320, 260))
 * and box b, the same turned 45 degrees at (520, 300) moving -10 a frame. b's corner touches a's
 * right face (x = 400) at (400, 300), b's centre then at (400 + 80 sqrt 2, 300). Returns the
 * world at the frame's start; *log gets the frame's event. */
static PhysWorld *
sat_figure_world (PhysEventLog *log)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_box (world, "a", 320, 260, 160, 160, 0.0, FALSE, 0.0, 1.0);
  PhysPolygon box = phys_polygon_box (160, 160);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "b";
  def.vertices = box.vertices;
  def.count = box.count;
  def.position = phys_v2 (520, 300);
  def.angle = G_PI / 4.0;
  def.velocity = phys_v2 (-10, 0);
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  coming_events (world, log);
  g_assert_cmpuint (log->count, ==, 1);
  g_assert_cmpint (log->events[0].kind, ==, PHYS_EVENT_POLYGON_POLYGON);
  return world;
}

/* Where the figure puts the axis of unit n: the line s n + c m (m = (-n.y, n.x)) with c 26 px
 * beyond both bodies along m (at scale 1). At the contact, a covers x in [240, 400] and y in
 * [180, 340]; b x in [400, 400 + 160 sqrt 2] and y in [300 -+ 80 sqrt 2]. */
static void
test_render_sat_figure (void)
{
  PhysEventLog log;
  PhysWorld *world = sat_figure_world (&log);
  const ImpTheme *theme = imp_theme_get (FALSE);
  const double h = 80.0 * sqrt (2.0);
  ImpView view;
  imp_view_init (&view, 1000, 700);
  view.scale = 1.0;
  view.center = phys_v2 (450.0, 320.0);
  g_autoptr (GArray) hotspots = g_array_new (FALSE, FALSE, sizeof (ImpHotspot));
  ImpRenderInput input;
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_CONTACT;
  input.selected = &log.events[0];
  input.hotspots = hotspots;
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, "sat-figure.png");

  /* The whole test: the chosen axis is a's edge 1, n = (1, 0); its line runs at
   * y = 300 + h + 26 (b reaches lowest), A's bar 5 px above it over x in [240, 400], B's
   * hatched bar 5 px below it from x = 400 on. */
  PhysVec2 line = imp_view_to_screen (&view, phys_v2 (0.0, 300.0 + h));
  double y = line.y + 26.0;
  PhysVec2 a_mid = imp_view_to_screen (&view, phys_v2 (320.0, 0.0));
  PhysVec2 a_end = imp_view_to_screen (&view, phys_v2 (400.0, 0.0));
  assert_pixel (surface, phys_v2 (a_mid.x, y - 5.0), theme->normal_left, 10);
  assert_pixel (surface, phys_v2 (a_end.x - 3.0, y - 5.0), theme->normal_left, 10);
  assert_pixel (surface, phys_v2 (a_end.x + 3.0, y - 5.0), theme->background, 0);
  /* B's bar: its outline's lower edge 7.5 px below the line, ink from x = 400 to 400 + 2h. */
  gboolean b_ink = FALSE;
  for (double dx = 10.0; dx < 2.0 * h - 10.0 && !b_ink; dx += 1.0)
    b_ink = pixel_is (surface, phys_v2 (a_end.x + dx, y + 7.5), theme->normal_right, 60);
  g_assert_true (b_ink);
  assert_pixel (surface, phys_v2 (a_mid.x, y + 7.5), theme->background, 0);
  /* The line of axis 2 lights the card's row: its hotspot. */
  g_assert_cmpstr (imp_hotspot_at (hotspots, phys_v2 (a_mid.x, y), 2.0), ==, "axis1");
  /* The reference face (a's edge 1, x = 400, 3 px wide) and the contact point (400, 300). */
  PhysVec2 face = imp_view_to_screen (&view, phys_v2 (400.0, 200.0));
  assert_pixel (surface, phys_v2 (face.x + 0.5, face.y), theme->tangent, 30);
  PhysVec2 point = imp_view_to_screen (&view, phys_v2 (400.0, 300.0));
  assert_pixel (surface, phys_v2 (point.x + 0.5, point.y + 0.5), theme->contact, 30);
  cairo_surface_destroy (surface);

  /* Stepped to the first axis: a's edge 0, n = (0, -1); m = (1, 0), so its line is vertical at
   * x = 400 + 2h + 26, A's bar 5 px left of it over y in [180, 340]; no contact yet: the face is
   * a's own outline again. */
  input.sat_step = 1;
  g_array_set_size (hotspots, 0);
  surface = imp_test_render_to_surface (&view, &input);
  maybe_save (surface, "sat-figure-step1.png");
  PhysVec2 right = imp_view_to_screen (&view, phys_v2 (400.0 + 2.0 * h, 260.0));
  double x = right.x + 26.0;
  assert_pixel (surface, phys_v2 (x - 5.0, right.y), theme->normal_left, 10);
  PhysVec2 top = imp_view_to_screen (&view, phys_v2 (0.0, 180.0));
  assert_pixel (surface, phys_v2 (x - 5.0, top.y - 3.0), theme->background, 0);
  g_assert_false (pixel_is (surface, phys_v2 (face.x + 0.5, face.y), theme->tangent, 30));
  g_assert_cmpstr (imp_hotspot_at (hotspots, phys_v2 (x, right.y), 2.0), ==, "axis0");
  g_assert_null (imp_hotspot_at (hotspots, phys_v2 (a_mid.x, y), 2.0));
  cairo_surface_destroy (surface);
  phys_event_log_free (&log);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/view/round-trip", test_view_round_trip);
  g_test_add_func ("/ui/render/sat-figure", test_render_sat_figure);
  g_test_add_func ("/ui/render/segment-verdict-words", test_segment_verdict_words);
  g_test_add_func ("/ui/render/discrete-pair-figure", test_discrete_pair_figure);
  g_test_add_func ("/ui/view/y-down", test_view_y_down);
  g_test_add_func ("/ui/view/fit-to-box", test_view_fit_box);
  g_test_add_func ("/ui/view/zoom-keeps-point", test_view_zoom_keeps_point);
  g_test_add_func ("/ui/labels/never-overlap", test_labels_never_overlap);
  g_test_add_func ("/ui/render/pair-relative-velocity", test_render_pair_relative_velocity);
  g_test_add_func ("/ui/labels/prefer-free-space", test_labels_prefer_free_space);
  g_test_add_func ("/ui/labels/capsule-geometry", test_labels_capsule_geometry);
  g_test_add_func ("/ui/render/circle-centre", test_render_circle_centre);
  g_test_add_data_func ("/ui/render/rigid/rotated-box/light", GINT_TO_POINTER (FALSE),
                        test_render_rotated_box);
  g_test_add_data_func ("/ui/render/rigid/rotated-box/dark", GINT_TO_POINTER (TRUE),
                        test_render_rotated_box);
  g_test_add_func ("/ui/render/rigid/spin-arc", test_render_spin_arc);
  g_test_add_func ("/ui/render/rigid/selection", test_render_rigid_selection);
  g_test_add_func ("/ui/render/rigid/spring-and-pose", test_render_rigid_spring_and_pose);
  g_test_add_data_func ("/ui/render/background/light", GINT_TO_POINTER (FALSE),
                        test_render_background);
  g_test_add_data_func ("/ui/render/background/dark", GINT_TO_POINTER (TRUE),
                        test_render_background);
  g_test_add_func ("/ui/render/velocity-to-scale", test_render_velocity_to_scale);
  g_test_add_func ("/ui/render/normal-tip", test_render_normal_tip);
  g_test_add_func ("/ui/render/highlight-term", test_render_highlight_term);
  g_test_add_func ("/ui/render/hotspots", test_render_hotspots);
  g_test_add_func ("/ui/render/shipped-scenes", test_render_shipped_scenes);
  g_test_add_data_func ("/ui/render/figure/seed000-light", GINT_TO_POINTER (FALSE),
                        test_render_seed000_figure);
  g_test_add_data_func ("/ui/render/figure/seed000-dark", GINT_TO_POINTER (TRUE),
                        test_render_seed000_figure);
  g_test_add_func ("/ui/render/figure/seed002-reflect", test_render_seed002_figure);
  g_test_add_func ("/ui/render/figure/seed003-probes", test_render_probe_figure);
  g_test_add_func ("/ui/render/raster-matches-paths", test_render_raster_matches_paths);
  g_test_add_func ("/ui/render/stamps-hidpi-and-zoom", test_render_stamps_hidpi_and_zoom);
  g_test_add_func ("/ui/render/large-world/same-picture", test_render_large_world_same_picture);

  int status = g_test_run ();

  /* Free the font caches Pango and Cairo keep for the life of the process, so
   * that LeakSanitizer reports only real leaks. */
  pango_cairo_font_map_set_default (NULL);
  cairo_debug_reset_static_data ();
  FcFini ();
  return status;
}
