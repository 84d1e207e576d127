/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render.c: the picture of a frame, drawn like a textbook figure.
 *
 * A picture is drawn in four passes: the bodies (batched by style, so a large
 * world costs a handful of fills and strokes), the math of the selected event
 * or pair, the legend, and last the labels. Geometry drawn in the first two
 * passes records the shapes labels must keep off and queues its labels; the
 * greedy placer of imp-labels.c then puts every label next to what it names
 * without covering it. Lines and text have fixed pixel sizes at any zoom.
 */
#include "imp-render-private.h"

/**
 * imp_render_input_init:
 * @input: (out caller-allocates): the input to set up
 * @world: the world to draw
 *
 * A picture of @world's current state with %IMP_OVERLAY_DEFAULT, nothing
 * selected, the light palette.
 */
/**
 * imp_hotspot_at:
 * @hotspots: (element-type ImpHotspot): what a picture recorded
 * @point: a point of the picture, pixels
 * @slack: pixels beyond a figure that still count
 *
 * Returns: (nullable): the term whose figure lies nearest @point, or %NULL
 */
const char *
imp_hotspot_at (const GArray *hotspots, PhysVec2 point, double slack)
{
  const char *best = NULL;
  double best_d = G_MAXDOUBLE;
  for (guint i = 0; hotspots != NULL && i < hotspots->len; i++)
    {
      const ImpHotspot *h = &g_array_index (hotspots, ImpHotspot, i);
      PhysVec2 ab = phys_v2_sub (h->b, h->a);
      double len2 = phys_v2_len_sq (ab);
      double u = len2 > 0.0 ? CLAMP (phys_v2_dot (phys_v2_sub (point, h->a), ab) / len2, 0.0, 1.0)
                            : 0.0;
      double d = phys_v2_len (phys_v2_sub (point, phys_v2_add_scaled (h->a, ab, u))) - h->radius;
      if (h->ring)
        d = fabs (d) - 2.0;
      /* Later figures are drawn over earlier ones: on a tie the later wins. */
      if (d <= slack && d <= best_d)
        {
          best_d = d;
          best = h->term;
        }
    }
  return best;
}

void
imp_render_input_init (ImpRenderInput *input, const PhysWorld *world)
{
  memset (input, 0, sizeof *input);
  input->world = world;
  input->selected_body = -1;
  input->selected_kind = PHYS_BODY_CIRCLE;
  input->selected_other = -1;
  input->selected_other_kind = PHYS_BODY_CIRCLE;
  input->overlays = IMP_OVERLAY_DEFAULT;
}

static PangoFontDescription *
make_font (const ImpTheme *th, double size_px, PangoWeight weight)
{
  PangoFontDescription *font = pango_font_description_from_string (th->font_family);

  /* Absolute size: pixels on the surface, whatever its resolution claims. */
  pango_font_description_set_absolute_size (font, size_px * PANGO_SCALE);
  pango_font_description_set_weight (font, weight);
  return font;
}

/* The circles the selected event or pair is about: their velocity arrows come
 * from its records, and their names are shown in a crowd. -1: none. */
static void
focus_circles (const ImpRenderInput *input, int *a, int *b)
{
  const PhysEvent *ev = input->selected;

  *a = *b = -1;
  if (ev != NULL)
    {
      if (ev->kind == PHYS_EVENT_CIRCLE_CIRCLE || ev->kind == PHYS_EVENT_CIRCLE_SEGMENT
          || ev->kind == PHYS_EVENT_EMBEDDED)
        {
          *a = ev->a;
          *b = ev->b_kind == PHYS_BODY_CIRCLE ? ev->b : -1;
        }
    }
  else if (input->pair != NULL && input->pair->a.kind == PHYS_BODY_CIRCLE)
    {
      *a = input->pair->a.index;
      *b = input->pair->b.kind == PHYS_BODY_CIRCLE ? input->pair->b.index : -1;
    }
}

/**
 * imp_render:
 * @cr: where to draw; its current transform maps pixels (the canvas's top-left
 *   corner at the origin)
 * @view: which part of the world, how large
 * @input: what to draw
 *
 * Draws the picture: background, bodies, the overlays of @input->overlays, the
 * legend and the labels. Leaves @cr's state as it found it.
 */
void
imp_render (cairo_t *cr, const ImpView *view, const ImpRenderInput *input)
{
  Render render;
  Render *r = &render;
  PhysVec2 *disp_owned = NULL;
  double k, ox, oy;

  g_return_if_fail (cr != NULL && view != NULL && input != NULL && input->world != NULL);
  const PhysVec2 *disp = input->displacements;
  int n = phys_world_circle_count (input->world);

  r->cr = cr;
  r->view = view;
  r->in = input;
  r->theme = input->theme != NULL ? input->theme : imp_theme_get (input->dark);
  r->vel_unit = phys_world_get_def (input->world)->dt == 1.0 ? "u/frame" : "u/time";
  r->drawn = 0;
  r->n_labels = 0;
  imp_label_placer_init (&r->placer, (ImpRect){ 0.0, 0.0, view->width, view->height }, r->placed,
                         MAX_PLACED, r->obstacles, MAX_OBSTACLES);

  r->raster = (cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE
               || input->raster_shortcuts)
              && imp_raster_target (cr, &k, &ox, &oy);
  if (input->cache != NULL)
    r->cache = input->cache;
  else
    {
      r->cache = &r->local_cache;
      imp_stamps_init (&r->cache->stamps);
      imp_line_mask_init (&r->cache->mask);
    }
  r->use_stamps = r->raster && n >= RASTER_MIN_CIRCLES && imp_stamps_begin (&r->cache->stamps, cr);

  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_new_path (cr);

  imp_render_draw_background (r);
  if (overlay (r, IMP_OVERLAY_TRAILS))
    imp_render_draw_trails (r);
  imp_render_draw_segments (r);
  imp_render_draw_curves (r);
  imp_render_draw_springs (r);
  imp_render_draw_circles (r);
  imp_render_draw_circle_turns (r);
  imp_render_draw_polygons (r);
  imp_render_draw_spring_ends (r);
  imp_render_draw_probes (r);
  if (overlay (r, IMP_OVERLAY_GHOST_BRANCH))
    imp_render_draw_ghost_branch (r);

  focus_circles (input, &r->focus_a, &r->focus_b);
  if (overlay (r, IMP_OVERLAY_VELOCITY) && n > 0)
    {
      if (disp == NULL)
        {
          disp_owned = g_new (PhysVec2, n);
          phys_world_frame_paths (input->world, NULL, disp_owned);
          disp = disp_owned;
        }
      imp_render_draw_velocities (r, disp);
    }
  if (overlay (r, IMP_OVERLAY_VELOCITY))
    imp_render_draw_spins (r);

  if (overlay (r, IMP_OVERLAY_PROBES))
    imp_render_draw_probe_predictions (r);
  imp_render_draw_selected (r);
  imp_render_draw_rigid_selected (r);
  /* After the figures, so that the normals find a free stretch of segment. */
  if (overlay (r, IMP_OVERLAY_NORMALS))
    imp_render_draw_normals (r);
  if (overlay (r, IMP_OVERLAY_CONTACT))
    imp_render_draw_event_marks (r);
  imp_render_draw_selection (r);

  r->layout = imp_text_layout_new (cr);
  r->font = make_font (r->theme, r->theme->label_px, PANGO_WEIGHT_NORMAL);
  r->font_bold = make_font (r->theme, r->theme->label_px, PANGO_WEIGHT_BOLD);
  r->font_small = make_font (r->theme, r->theme->small_px, PANGO_WEIGHT_NORMAL);

  r->names_crowded = overlay (r, IMP_OVERLAY_IDS) && imp_render_names_crowded (r);
  if (overlay (r, IMP_OVERLAY_LEGEND))
    imp_render_draw_legend (r);
  for (int i = 0; i < r->n_labels; i++)
    imp_render_draw_label (r, &r->labels[i]);
  if (overlay (r, IMP_OVERLAY_IDS))
    imp_render_draw_ids (r);

  pango_font_description_free (r->font);
  pango_font_description_free (r->font_bold);
  pango_font_description_free (r->font_small);
  g_object_unref (r->layout);
  g_free (disp_owned);
  if (r->use_stamps)
    imp_stamps_end (&r->cache->stamps);
  if (r->cache == &r->local_cache)
    {
      imp_stamps_clear (&r->cache->stamps);
      imp_line_mask_clear (&r->cache->mask);
    }
  /* The path is not part of the saved state: the caller gets none back, not the last label's
   * current point. */
  cairo_new_path (cr);
  cairo_restore (cr);
}

/**
 * imp_render_cache_new:
 *
 * Scratch memory that pictures of one canvas share: stamps of circles and the
 * trail mask, so that drawing a large world frame after frame allocates
 * nothing. Use one per canvas (or exporter); it holds no world data.
 *
 * Returns: (transfer full): a new, empty cache; free with imp_render_cache_free()
 */
ImpRenderCache *
imp_render_cache_new (void)
{
  ImpRenderCache *cache = g_new0 (ImpRenderCache, 1);

  imp_stamps_init (&cache->stamps);
  imp_line_mask_init (&cache->mask);
  return cache;
}

/**
 * imp_render_cache_free:
 * @cache: (nullable) (transfer full): a cache
 *
 * Frees a cache and everything it holds.
 */
void
imp_render_cache_free (ImpRenderCache *cache)
{
  if (cache == NULL)
    return;
  imp_stamps_clear (&cache->stamps);
  imp_line_mask_clear (&cache->mask);
  g_free (cache);
}
