/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-layout.c: how the canvas lays out a picture at the sizes a learner
 * sees: a step's framing (imp_view_frame_subject()), arrows that would hide
 * each other or their circle, labels that must read as their own body's, and
 * the legend, which folds and never hides the subject. Drawn headless; the
 * renderer records where it put each label and the legend (ImpRenderBox). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "imp-render.h"
#include "imp-theme.h"
#include "imp-view.h"
#include "phys.h"
#include "test-ui-util.h"
#include "test-util.h"

/* The canvas beside both panels at the window's default size (1200 x 800). */
#define LESSON_CANVAS_W 490
#define LESSON_CANVAS_H 690

#define circle imp_test_circle_def

/* A picture of a world whose first two circles are the selected pair. */
typedef struct
{
  PhysWorld *world;
  PhysPairRecord rec;
  ImpRenderInput input;
  GArray *spots;
  GArray *boxes;
} Picture;

static void
picture_init (Picture *p, const PhysCircleDef *defs, int n)
{
  PhysWorldDef def = phys_world_def_default ();
  PhysBodyRef a = { PHYS_BODY_CIRCLE, 0 }, b = { PHYS_BODY_CIRCLE, 1 };

  p->world = phys_world_new (&def);
  for (int i = 0; i < n; i++)
    imp_test_add_circle_def (p->world, &defs[i]);
  g_assert_cmpint (phys_world_inspect_pair (p->world, a, b, &p->rec), ==, PHYS_OK);
  imp_render_input_init (&p->input, p->world);
  p->input.pair = &p->rec;
  p->input.overlays = IMP_OVERLAY_VELOCITY | IMP_OVERLAY_IDS | IMP_OVERLAY_LEGEND;
  p->spots = p->input.hotspots = g_array_new (FALSE, FALSE, sizeof (ImpHotspot));
  p->boxes = p->input.boxes = g_array_new (FALSE, FALSE, sizeof (ImpRenderBox));
}

static void
picture_clear (Picture *p)
{
  g_array_unref (p->spots);
  g_array_unref (p->boxes);
  phys_world_free (p->world);
}

static void
draw (const ImpView *view, const ImpRenderInput *input)
{
  cairo_surface_destroy (imp_test_render_to_surface (view, input));
}

static const ImpHotspot *
hotspot (const GArray *spots, const char *term)
{
  for (guint i = 0; i < spots->len; i++)
    if (g_str_equal (g_array_index (spots, ImpHotspot, i).term, term))
      return &g_array_index (spots, ImpHotspot, i);
  g_assert_not_reached ();
  return NULL;
}

static const ImpRenderBox *
box_of (const GArray *boxes, const char *kind, int body)
{
  for (guint i = 0; i < boxes->len; i++)
    {
      const ImpRenderBox *b = &g_array_index (boxes, ImpRenderBox, i);
      if (g_str_equal (b->kind, kind) && (body < 0 || b->body == body))
        return b;
    }
  return NULL;
}

/* Gap between a box and a disc (negative: they overlap). */
static double
box_disc_gap (const ImpRenderBox *b, PhysVec2 c, double r)
{
  double dx = MAX (MAX (b->x - c.x, c.x - (b->x + b->width)), 0.0);
  double dy = MAX (MAX (b->y - c.y, c.y - (b->y + b->height)), 0.0);
  return sqrt (dx * dx + dy * dy) - r;
}

/* Framing */

/* Lesson 1's fast pair as first drawn, at its last state before they meet:
 * left (370, 300) and right (420, 300), radius 10, each 60 u/frame towards the
 * other. Framed in the lesson canvas, both are at least
 * 40 px across, on the canvas with room for labels, and below the legend's band
 * (which is as wide as the canvas would let the subject be). Fitting the whole
 * 800 x 600 scene, as the canvas did, showed them 12 px across. */
static void
test_frame_close_pair (void)
{
  PhysAabb box = imp_aabb_empty ();
  box = imp_aabb_add_point (box, phys_v2 (370, 300), 10);
  box = imp_aabb_add_point (box, phys_v2 (420 - 60, 300), 10);
  box = imp_aabb_add_point (box, phys_v2 (420, 300), 10);
  box = imp_aabb_add_point (box, phys_v2 (370 + 60, 300), 10);
  ImpView view;
  imp_view_init (&view, LESSON_CANVAS_W, LESSON_CANVAS_H);
  imp_view_frame_subject (&view, box, 10.0, TRUE);
  /* From 350 to 440 by 280 to 320: the width binds, in 490 - 2 x 44 px below
   * the legend's band: 402 / 90 = 4.47 px a unit (left of the legend's column
   * it would be (490 - 250 - 22 - 44) / 90 = 1.93); circles 89 px across. */
  g_assert_cmpfloat_with_epsilon (view.scale, 402.0 / 90.0, 1e-9);
  g_assert_cmpfloat (2.0 * 10.0 * view.scale, >=, IMP_VIEW_SUBJECT_MIN_PX);
  PhysVec2 l = imp_view_to_screen (&view, phys_v2 (370, 300));
  PhysVec2 r = imp_view_to_screen (&view, phys_v2 (420, 300));
  g_assert_cmpfloat (l.x - 10 * view.scale, >=, 0.0);
  g_assert_cmpfloat (r.x + 10 * view.scale, <=, LESSON_CANVAS_W);
  /* Centred in the part below the legend's band. */
  double part_mid = (IMP_VIEW_LEGEND_ROOM_H + IMP_VIEW_SUBJECT_MARGIN_PX / 2.0 + LESSON_CANVAS_H
                     - IMP_VIEW_SUBJECT_MARGIN_PX)
                    / 2.0;
  g_assert_cmpfloat_with_epsilon (l.y, part_mid, 1e-6);
  g_assert_cmpfloat_with_epsilon ((l.x + r.x) / 2.0, LESSON_CANVAS_W / 2.0, 1e-6);
}

/* A subject wider than the canvas can show at 40 px a body still fits whole:
 * lesson 1's first pair at frame 0, 410 apart, fills the width left of nothing
 * but the margins (the lesson now starts it nearer). */
static void
test_frame_spread_pair (void)
{
  PhysAabb box = imp_aabb_empty ();
  box = imp_aabb_add_point (box, phys_v2 (190, 300), 10);
  box = imp_aabb_add_point (box, phys_v2 (600, 300), 10);
  ImpView view;
  imp_view_init (&view, LESSON_CANVAS_W, LESSON_CANVAS_H);
  imp_view_frame_subject (&view, box, 10.0, TRUE);
  /* 430 units into 490 - 88 px (the legend's band costs no width). */
  g_assert_cmpfloat_with_epsilon (view.scale, (LESSON_CANVAS_W - 88.0) / 430.0, 1e-9);
  PhysAabb seen = imp_view_visible_box (&view);
  g_assert_cmpfloat (seen.min.x, <, 180.0);
  g_assert_cmpfloat (seen.max.x, >, 610.0);
}

/* A lone wide box beside the legend: the column left of it wins when that
 * shows the subject larger than the band below it. */
static void
test_frame_beside_legend (void)
{
  PhysAabb box = { { 0, 0 }, { 100, 400 } };
  ImpView view;
  imp_view_init (&view, 800, 500);
  imp_view_frame_subject (&view, box, 0.0, TRUE);
  /* Below the band: (500 - 44 - 132) / 400 = 0.81; beside it: 456 - 44 ... the
   * height binds both, so the column (full height) wins: (500 - 88) / 400. */
  g_assert_cmpfloat_with_epsilon (view.scale, 412.0 / 400.0, 1e-9);
  PhysVec2 right = imp_view_to_screen (&view, phys_v2 (100, 200));
  g_assert_cmpfloat (right.x, <=, 800 - IMP_VIEW_LEGEND_ROOM_W);
}

/* Arrows */

/* Head-on at frame 3 of lesson 1: v1 runs from left's centre (370, 300) to
 * (430, 300), v2 from (420, 300) to (360, 300): on one line. Each is drawn
 * ARROW_ASIDE (4) px to its own left, 8 px apart. */
static void
test_head_on_arrows_apart (void)
{
  PhysCircleDef defs[]
      = { circle ("left", 370, 300, 60, 0, 10), circle ("right", 420, 300, -60, 0, 10) };
  Picture pic;
  picture_init (&pic, defs, 2);
  ImpView view;
  imp_view_init (&view, LESSON_CANVAS_W, LESSON_CANVAS_H);
  imp_view_fit (&view, (PhysAabb){ { 340, 250 }, { 450, 350 } }, 0.0);
  draw (&view, &pic.input);

  const ImpHotspot *v1 = hotspot (pic.spots, "v1"), *v2 = hotspot (pic.spots, "v2");
  /* Screen y is down: the left normal of (+x) is -y, of (-x) is +y. */
  g_assert_cmpfloat_with_epsilon (v1->a.y, v1->b.y, 1e-9);
  g_assert_cmpfloat_with_epsilon (v2->a.y, v2->b.y, 1e-9);
  PhysVec2 centre = imp_view_to_screen (&view, phys_v2 (370, 300));
  g_assert_cmpfloat_with_epsilon (v1->a.y, centre.y - 4.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (v2->a.y, centre.y + 4.0, 1e-9);
  /* Lengths and directions kept: 60 units each. */
  g_assert_cmpfloat_with_epsilon (v1->b.x - v1->a.x, 60.0 * view.scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (v2->b.x - v2->a.x, -60.0 * view.scale, 1e-9);
  picture_clear (&pic);
}

/* A slow body, 3 u/frame with radius 20 at 2 px a unit: its arrow (6 px)
 * would end inside its 40 px circle. It starts outside the rim and a selection
 * ring (4 + 3 px out) instead, keeping its 6 px. Arrows that pass the rim stay
 * on the centre. */
static void
test_short_arrow_outside (void)
{
  PhysCircleDef defs[]
      = { circle ("slow", 100, 100, 3, 0, 20), circle ("far", 300, 300, 0, 50, 5) };
  Picture pic;
  picture_init (&pic, defs, 2);
  ImpView view;
  imp_view_init (&view, 800, 800);
  view.scale = 2.0;
  view.center = phys_v2 (200, 200);
  draw (&view, &pic.input);

  PhysVec2 c = imp_view_to_screen (&view, phys_v2 (100, 100));
  const ImpHotspot *v1 = hotspot (pic.spots, "v1");
  g_assert_cmpfloat_with_epsilon (v1->a.x - c.x, 40.0 + 7.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (v1->b.x - v1->a.x, 6.0, 1e-9);
  const ImpHotspot *v2 = hotspot (pic.spots, "v2");
  PhysVec2 c2 = imp_view_to_screen (&view, phys_v2 (300, 300));
  g_assert_cmpfloat_with_epsilon (v2->a.x, c2.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (v2->a.y, c2.y, 1e-9);
  picture_clear (&pic);
}

/* Lesson 7 at frame 22: the slider (radius 15) lands a fifth of the way down
 * its slope, where a segment's normals go first. They go where no circle is:
 * drawn through the slider, n_L read as the slider's own arrow. */
static void
test_normals_clear_of_circles (void)
{
  PhysWorldDef def = phys_world_def_default ();
  PhysWorld *world = phys_world_new (&def);
  PhysSegmentDef slope = phys_segment_def_default ();
  slope.name = "slope";
  slope.a = phys_v2 (196, 272);
  slope.b = phys_v2 (452, 464);
  g_assert_cmpint (phys_world_add_segment (world, &slope, NULL), ==, PHYS_OK);
  /* 15 above the slope's point at a fifth of its length, (247.2, 310.4). */
  PhysCircleDef slider = circle ("slider", 247.2 + 9.0, 310.4 - 12.0, 0, 0, 15);
  imp_test_add_circle_def (world, &slider);
  ImpRenderInput input;
  imp_render_input_init (&input, world);
  input.overlays = IMP_OVERLAY_NORMALS | IMP_OVERLAY_IDS;
  g_autoptr (GArray) spots = input.hotspots = g_array_new (FALSE, FALSE, sizeof (ImpHotspot));
  ImpView view;
  imp_view_init (&view, LESSON_CANVAS_W, LESSON_CANVAS_H);
  imp_view_fit (&view, imp_view_world_box (world), 44.0);
  draw (&view, &input);

  PhysVec2 c = imp_view_to_screen (&view, slider.position);
  double rad = 15.0 * view.scale;
  for (int k = 0; k < 2; k++)
    {
      const ImpHotspot *n = hotspot (spots, k == 0 ? "n_L" : "n_R");
      g_test_message ("%s from (%.0f, %.0f), slider at (%.0f, %.0f) r %.0f px", n->term, n->a.x,
                      n->a.y, c.x, c.y, rad);
      g_assert_cmpfloat (imp_test_segment_distance (c, n->a, n->b), >, rad);
    }
  phys_world_free (world);
}

/* Before and after a response */

/* Samples of the picture along a-b that have the colour c (within 40 a channel). */
static int
samples_of_color (cairo_surface_t *surface, PhysVec2 a, PhysVec2 b, ImpRgba c, int n)
{
  int hits = 0, stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  for (int i = 0; i < n; i++)
    {
      PhysVec2 p = phys_v2_lerp (a, b, (i + 0.5) / n);
      const guint8 *px = data + (int) p.y * stride + 4 * (int) p.x;
      int rgb[3] = { px[2], px[1], px[0] };
      double want[3] = { c.r, c.g, c.b };
      gboolean same = TRUE;
      for (int k = 0; k < 3; k++)
        same = same && abs (rgb[k] - (int) round (255.0 * want[k])) <= 40;
      hits += same;
    }
  return hits;
}

/* Two circles closing at 20 u/frame from 25 apart (R = 20) touch at t = 0.25.
 * Stopped before the response, the velocities after it are dashed (a preview)
 * and those before solid; after it, the velocities after are solid and those
 * before dashed and faded: stepping over the response changes the picture. */
static void
test_response_stages_differ (void)
{
  PhysCircleDef defs[] = { circle ("a", 100, 100, 10, 0, 10), circle ("b", 125, 100, -10, 0, 10) };
  Picture pic;
  picture_init (&pic, defs, 2);
  PhysWorld *copy = phys_world_copy (pic.world);
  PhysEventLog log;
  phys_event_log_init (&log);
  phys_world_step (copy, &log);
  g_assert_cmpuint (log.count, ==, 1);
  g_assert_cmpint (log.events[0].kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpfloat_with_epsilon (log.events[0].t, 0.25, 1e-12);
  pic.input.selected = &log.events[0];
  pic.input.pair = NULL;
  pic.input.overlays = IMP_OVERLAY_VELOCITY | IMP_OVERLAY_IMPULSE | IMP_OVERLAY_CONTACT;
  ImpView view;
  imp_view_init (&view, 600, 400);
  imp_view_fit (&view, imp_render_focus_box (&pic.input), 150.0);
  const ImpTheme *theme = imp_theme_get (FALSE);

  int solid[2][2];
  for (int stage = 0; stage < 2; stage++)
    {
      pic.input.response_stage = stage == 0 ? IMP_RESPONSE_BEFORE : IMP_RESPONSE_AFTER;
      g_array_set_size (pic.spots, 0);
      cairo_surface_t *surface = imp_test_render_to_surface (&view, &pic.input);
      /* v1' = (10, 0) - 20 = (-10, 0): to the left of a's centre at t. */
      const ImpHotspot *after = hotspot (pic.spots, "v1'"), *before = hotspot (pic.spots, "v1");
      PhysVec2 a_end = phys_v2_lerp (after->a, after->b, 0.7);
      solid[stage][0] = samples_of_color (surface, after->a, a_end, theme->velocity, 40);
      PhysVec2 b_end = phys_v2_lerp (before->a, before->b, 0.7);
      solid[stage][1] = samples_of_color (surface, before->a, b_end, theme->velocity, 40);
      cairo_surface_destroy (surface);
    }
  /* Before: the velocity before is solid (every sample on it), the one after
   * dashed (some samples fall in its gaps). */
  g_assert_cmpint (solid[0][1], ==, 40);
  g_assert_cmpint (solid[0][0], <, 40);
  /* After: the other way round, and the one before is no longer teal. */
  g_assert_cmpint (solid[1][0], ==, 40);
  g_assert_cmpint (solid[1][1], <, 20);
  phys_event_log_free (&log);
  phys_world_free (copy);
  picture_clear (&pic);
}

/* A selected pair marks both its bodies: a ring 4 px outside each circle, in
 * the selection's colour, all the way round (the second circle had none). */
static void
test_selected_pair_both_ringed (void)
{
  PhysCircleDef defs[] = { circle ("heavy", 100, 100, 6, 0, 30), circle ("light", 190, 100, -4, 0, 15) };
  Picture pic;
  picture_init (&pic, defs, 2);
  pic.input.overlays = 0;
  pic.input.selected_body = 0;
  pic.input.selected_other = 1;
  ImpView view;
  imp_view_init (&view, 600, 400);
  imp_view_fit (&view, imp_render_focus_box (&pic.input), 150.0);
  const ImpTheme *theme = imp_theme_get (FALSE);
  cairo_surface_t *surface = imp_test_render_to_surface (&view, &pic.input);
  for (int i = 0; i < 2; i++)
    {
      PhysVec2 c = imp_view_to_screen (&view, defs[i].position);
      double ring = defs[i].radius * view.scale + 4.0;
      int hits = 0;
      for (int k = 0; k < 16; k++)
        {
          double angle = 2 * G_PI * (k + 0.5) / 16;
          PhysVec2 on = phys_v2 (c.x + ring * cos (angle), c.y + ring * sin (angle));
          hits += samples_of_color (surface, on, on, theme->selection, 1);
        }
      g_test_message ("%s: %d of 16 points of its ring in the selection's colour", defs[i].name, hits);
      g_assert_cmpint (hits, ==, 16);
    }
  cairo_surface_destroy (surface);
  picture_clear (&pic);
}

/* Labels */

/* Three circles in a row, 30 units apart at 2 px a unit (lesson 3's c1, c3
 * and c2 crowd so): every name and velocity label lies nearer its own circle
 * than any other, so a name never reads as a neighbour's and a leader line
 * lands on its own body; and no two boxes overlap. */
static void
test_labels_read_as_their_own (void)
{
  PhysCircleDef defs[] = { circle ("c1", 100, 300, 50, 0, 10), circle ("c2", 160, 312, -30, 0, 10),
                           circle ("c3", 130, 275, 0, 0, 10) };
  Picture pic;
  picture_init (&pic, defs, 3);
  ImpView view;
  imp_view_init (&view, LESSON_CANVAS_W, 400);
  view.scale = 2.5;
  view.center = phys_v2 (130, 300);
  draw (&view, &pic.input);

  int named = 0;
  for (guint i = 0; i < pic.boxes->len; i++)
    {
      const ImpRenderBox *b = &g_array_index (pic.boxes, ImpRenderBox, i);
      for (guint k = i + 1; k < pic.boxes->len; k++)
        {
          const ImpRenderBox *o = &g_array_index (pic.boxes, ImpRenderBox, k);
          g_assert_false (b->x < o->x + o->width && o->x < b->x + b->width
                          && b->y < o->y + o->height && o->y < b->y + b->height);
        }
      if (b->body < 0)
        continue;
      double own
          = box_disc_gap (b, imp_view_to_screen (&view, defs[b->body].position), 10 * view.scale);
      for (int c = 0; c < 3; c++)
        if (c != b->body && g_str_equal (b->kind, "name"))
          g_assert_cmpfloat (
              box_disc_gap (b, imp_view_to_screen (&view, defs[c].position), 10 * view.scale), >=,
              own);
      named += g_str_equal (b->kind, "name");
    }
  g_assert_cmpint (named, ==, 3);
  g_assert_nonnull (box_of (pic.boxes, "label", 0));
  g_assert_nonnull (box_of (pic.boxes, "label", 1));
  picture_clear (&pic);
}

/* Touching head-on, each arrow runs from its body across the other one: its
 * middle lies on the wrong body. Each velocity label's leader ends on its own
 * body, and the label lies nearer its own body than the other. */
static void
test_velocity_leaders_land_on_their_body (void)
{
  PhysCircleDef defs[] = { circle ("left", 385, 300, 60, 0, 10),
                           circle ("right", 405, 300, -60, 0, 10) };
  Picture pic;
  picture_init (&pic, defs, 2);
  ImpView view;
  imp_view_init (&view, LESSON_CANVAS_W, 500);
  view.scale = 4.0;
  view.center = phys_v2 (395, 300);
  draw (&view, &pic.input);

  for (int i = 0; i < 2; i++)
    {
      const ImpRenderBox *label = box_of (pic.boxes, "label", i);
      g_assert_nonnull (label);
      PhysVec2 own = imp_view_to_screen (&view, defs[i].position);
      PhysVec2 other = imp_view_to_screen (&view, defs[1 - i].position);
      g_assert_cmpfloat (phys_v2_len (phys_v2_sub (label->anchor, own)), <, 10 * view.scale);
      g_assert_cmpfloat (box_disc_gap (label, own, 40.0), <, box_disc_gap (label, other, 40.0));
    }
  picture_clear (&pic);
}

/* Legend */

/* Two circles of radius 50 filling a 300 x 200 canvas: the open legend would
 * cover one of the pair in every corner, so it folds to its title line, which
 * fits above them. Folded on request it is one line high too. */
static void
test_legend_never_covers_subject (void)
{
  PhysCircleDef defs[] = { circle ("a", 100, 100, 1, 0, 50), circle ("b", 200, 100, -1, 0, 50) };
  Picture pic;
  picture_init (&pic, defs, 2);
  pic.input.overlays |= IMP_OVERLAY_SWEPT;
  ImpView view;
  imp_view_init (&view, 300, 200);
  draw (&view, &pic.input);
  const ImpRenderBox *legend = box_of (pic.boxes, "legend", -1);
  g_assert_nonnull (legend);
  for (int i = 0; i < 2; i++)
    g_assert_cmpfloat (box_disc_gap (legend, defs[i].position, 50.0), >, 0.0);
  g_assert_cmpfloat (legend->height, <, 40.0);

  /* Open where there is room; folded on request. */
  imp_view_init (&view, 900, 700);
  view.center = phys_v2 (150, 100);
  g_array_set_size (pic.boxes, 0);
  draw (&view, &pic.input);
  double open_height = box_of (pic.boxes, "legend", -1)->height;
  g_assert_cmpfloat (open_height, >, 60.0);
  pic.input.legend_folded = TRUE;
  g_array_set_size (pic.boxes, 0);
  draw (&view, &pic.input);
  g_assert_cmpfloat (box_of (pic.boxes, "legend", -1)->height, <, 40.0);
  picture_clear (&pic);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/layout/frame/close-pair", test_frame_close_pair);
  g_test_add_func ("/ui/layout/frame/spread-pair", test_frame_spread_pair);
  g_test_add_func ("/ui/layout/frame/beside-legend", test_frame_beside_legend);
  g_test_add_func ("/ui/layout/arrows/head-on-apart", test_head_on_arrows_apart);
  g_test_add_func ("/ui/layout/arrows/short-outside", test_short_arrow_outside);
  g_test_add_func ("/ui/layout/labels/read-as-their-own", test_labels_read_as_their_own);
  g_test_add_func ("/ui/layout/response/stages-differ", test_response_stages_differ);
  g_test_add_func ("/ui/layout/labels/velocity-leaders-land-on-their-body",
                   test_velocity_leaders_land_on_their_body);
  g_test_add_func ("/ui/layout/legend/never-covers-subject", test_legend_never_covers_subject);
  g_test_add_func ("/ui/layout/normals/clear-of-circles", test_normals_clear_of_circles);
  g_test_add_func ("/ui/layout/selection/pair-both-ringed", test_selected_pair_both_ringed);
  return g_test_run ();
}
