/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render-text.c: labels, body names and the legend, placed last so that
 * they know every shape they must keep off. */
#include "imp-render-private.h"

#include <glib/gi18n.h>
#include <math.h>

static cairo_user_data_key_t text_sink_key;

/**
 * imp_render_set_text_sink:
 * @cr: a cairo context
 * @sink: (nullable): where text drawn on @cr goes instead of glyphs; must outlive @cr
 */
void
imp_render_set_text_sink (cairo_t *cr, ImpTextSink *sink)
{
  cairo_set_user_data (cr, &text_sink_key, sink, NULL);
}

/**
 * imp_render_show_layout:
 * @cr: a cairo context, its current point where the layout's top left goes
 * @layout: the text
 * @color: its colour
 *
 * Draws @layout as glyphs, or gives it to the context's painter (imp-draw.h) or
 * text sink.
 */
void
imp_render_show_layout (cairo_t *cr, PangoLayout *layout, ImpRgba color)
{
  if (imp_draw_show_layout (cr, layout, color))
    return;
  ImpTextSink *sink = cairo_get_user_data (cr, &text_sink_key);
  if (sink != NULL)
    {
      sink->show (sink->data, cr, layout, color);
      return;
    }
  imp_rgba_set_source (cr, color);
  pango_cairo_show_layout (cr, layout);
}

static void
layout_text (Render *r, const char *text, const PangoFontDescription *font, int *w, int *h)
{
  PangoRectangle logical;

  pango_layout_set_font_description (r->layout, font);
  pango_layout_set_text (r->layout, text, -1);
  pango_layout_get_pixel_extents (r->layout, NULL, &logical);
  *w = logical.width;
  *h = logical.height;
}

#define PLATE_PAD_X 3.0
#define PLATE_PAD_Y 1.0

static void
draw_plate (Render *r, const ImpRect *rect, ImpRgba fill)
{
  cairo_t *cr = r->cr;
  double x = rect->x, y = rect->y, w = rect->width, h = rect->height, rad = 3.0;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - rad, y + rad, rad, -G_PI / 2.0, 0.0);
  cairo_arc (cr, x + w - rad, y + h - rad, rad, 0.0, G_PI / 2.0);
  cairo_arc (cr, x + rad, y + h - rad, rad, G_PI / 2.0, G_PI);
  cairo_arc (cr, x + rad, y + rad, rad, G_PI, 1.5 * G_PI);
  cairo_close_path (cr);
  imp_rgba_set_source (cr, fill);
  imp_draw_fill (cr);
}

/* A label pushed away from what it names gets a thin line back to it. */
static void
draw_leader (Render *r, const Label *label, const ImpRect *rect, ImpRgba color)
{
  PhysVec2 near = phys_v2 (CLAMP (label->anchor.x, rect->x, rect->x + rect->width),
                           CLAMP (label->anchor.y, rect->y, rect->y + rect->height));
  PhysVec2 to_label = phys_v2_sub (near, label->anchor);
  double dist = phys_v2_len (to_label);

  if (dist <= label->clearance + LEADER_MIN_PX)
    return;
  PhysVec2 start = phys_v2_add_scaled (label->anchor, to_label, label->clearance / dist);
  color.a *= 0.6;
  imp_render_line (r, start, near, color, 0.75, FALSE);
}

/* The circles near an anchor other than the body a label is about: the label
 * must not read as theirs. */
static int
rivals_near (const Render *r, PhysVec2 anchor, int body, ImpCapsule *out)
{
  int n = phys_world_circle_count (r->in->world), found = 0;

  if (n > ID_LABEL_BUDGET)
    return 0;
  for (int i = 0; i < n && found < MAX_RIVALS; i++)
    {
      if (i == body)
        continue;
      PhysCircle c = phys_world_get_circle (r->in->world, i);
      PhysVec2 p = px (r, circle_position (r, i, &c));
      double rad = c.radius * r->view->scale;
      if (phys_v2_len (phys_v2_sub (p, anchor)) - rad < RIVAL_REACH_PX)
        out[found++] = imp_capsule_disc (p.x, p.y, rad);
    }
  return found;
}

void
imp_render_draw_label (Render *r, const Label *label)
{
  ImpCapsule rivals[MAX_RIVALS];
  const ImpTheme *th = r->theme;
  int w, h;
  ImpRect rect;

  layout_text (r, label->text, label->bold || label->strong ? r->font_bold : r->font, &w, &h);
  ImpLabelRequest req = {
    .x = label->anchor.x,
    .y = label->anchor.y,
    .clearance = label->clearance,
    .width = w + 2.0 * PLATE_PAD_X,
    .height = h + 2.0 * PLATE_PAD_Y,
    .dir_x = label->dir.x,
    .dir_y = label->dir.y,
    .own = label->has_own ? &label->own : NULL,
    .rivals = rivals,
    .n_rivals = label->body >= 0 ? rivals_near (r, label->anchor, label->body, rivals) : 0,
  };
  /* A math label that finds no free place is still drawn: its value matters
   * more than a tidy page. Without its rivals it may find one. */
  if (!imp_label_placer_place (&r->placer, &req, &rect) && req.n_rivals > 0)
    {
      req.n_rivals = 0;
      imp_label_placer_place (&r->placer, &req, &rect);
    }
  imp_render_record_box (r, "label", &rect, label->anchor, label->body);
  ImpRgba color = label->color;
  if (label->faded)
    color.a *= 0.75;
  draw_leader (r, label, &rect, color);
  draw_plate (r, &rect, label->bold ? th->highlight : th->label_background);
  cairo_move_to (r->cr, rect.x + PLATE_PAD_X, rect.y + PLATE_PAD_Y);
  imp_render_show_layout (r->cr, r->layout, color);
}

static gboolean
on_canvas (const Render *r, PhysVec2 p)
{
  return p.x >= 0.0 && p.y >= 0.0 && p.x <= r->view->width && p.y <= r->view->height;
}

/* More names than this on the canvas would be unreadable and slow: then only
 * the bodies of the selection are named. */
gboolean
imp_render_names_crowded (const Render *r)
{
  int n = phys_world_circle_count (r->in->world), visible = 0;

  for (int i = 0; i < n && visible <= ID_LABEL_BUDGET; i++)
    {
      PhysCircle c = phys_world_get_circle (r->in->world, i);
      visible += on_canvas (r, px (r, circle_position (r, i, &c)));
    }
  return visible > ID_LABEL_BUDGET;
}

static void
draw_name (Render *r, const char *name, ImpLabelRequest *request, int body)
{
  ImpRect rect;
  int w, h;

  layout_text (r, name, r->font_small, &w, &h);
  request->width = w + 2.0;
  request->height = h;
  if (!imp_label_placer_place (&r->placer, request, &rect))
    return;
  imp_render_record_box (r, "name", &rect, phys_v2 (request->x, request->y), body);
  cairo_move_to (r->cr, rect.x + 1.0, rect.y);
  imp_render_show_layout (r->cr, r->layout, r->theme->text_muted);
}

/* A body's name, with its friction coefficient when it has one (rough bodies read as such on
 * the canvas, and a frictionless one as it always did). */
static const char *
name_text (char *buf, gsize size, const char *name, double friction)
{
  if (friction <= 0.0)
    return name;
  /* Translators: a body's name and its friction coefficient, as "box, μ = 0.6". */
  g_snprintf (buf, size, _("%s, \u03bc = %g"), name, friction);
  return buf;
}

static void
draw_circle_name (Render *r, int i)
{
  PhysCircle c = phys_world_get_circle (r->in->world, i);
  char text[LABEL_TEXT_MAX];
  PhysVec2 p = px (r, circle_position (r, i, &c));
  double rad = c.radius * r->view->scale;
  ImpCapsule own = imp_capsule_disc (p.x, p.y, rad);
  ImpCapsule rivals[MAX_RIVALS];
  ImpLabelRequest req = { p.x, p.y, rad + 1.0, 0.0, 0.0, 0.7, -0.7, &own, NULL, 0 };

  if (!on_canvas (r, p))
    return;
  /* A name nearer another circle than its own would name that one. */
  req.rivals = rivals;
  req.n_rivals = r->names_crowded ? 0 : rivals_near (r, p, i, rivals);
  draw_name (r, name_text (text, sizeof text, c.name, c.friction), &req, i);
}

static void
draw_polygon_name (Render *r, int i)
{
  PhysPolygonBody p = phys_world_get_polygon (r->in->world, i);
  PhysVec2 c = r->in->polygon_poses != NULL ? r->in->polygon_poses[i].position : p.position;
  PhysVec2 at = px (r, c);
  double rad = p.radius * r->view->scale;
  ImpCapsule own = imp_capsule_disc (at.x, at.y, rad);
  ImpLabelRequest req = { at.x, at.y, rad + 1.0, 0.0, 0.0, 0.7, -0.7, &own, NULL, 0 };
  char text[LABEL_TEXT_MAX];

  if (on_canvas (r, at))
    draw_name (r, name_text (text, sizeof text, p.name, p.friction), &req, -1);
}

/* A curve's name beside the middle of the curve, on the side its bend does not reach. */
static void
draw_curve_name (Render *r, int i)
{
  PhysCurve curve = phys_world_get_curve (r->in->world, i);
  PhysVec2 mid = px (r, phys_bezier_point (&curve.curve, 0.5));
  PhysVec2 tangent = phys_bezier_derivative (&curve.curve, 0.5);
  PhysVec2 side = phys_v2_unit (phys_v2_right_normal (tangent));
  ImpCapsule own = imp_capsule_disc (mid.x, mid.y, r->theme->segment_px);
  ImpLabelRequest req = { mid.x, mid.y, r->theme->segment_px, 0.0, 0.0, side.x, side.y, &own,
                          NULL, 0 };
  char text[LABEL_TEXT_MAX];

  if (on_canvas (r, mid))
    draw_name (r, name_text (text, sizeof text, curve.name, curve.friction), &req, -1);
}

/* Names of bodies, after the math labels: a name that finds no free place is
 * left out rather than drawn over something. */
void
imp_render_draw_ids (Render *r)
{
  const PhysWorld *world = r->in->world;
  const ImpTheme *th = r->theme;
  int n = phys_world_circle_count (world);
  int budget = ID_LABEL_BUDGET;

  if (r->names_crowded)
    {
      int sel = r->in->selected_kind == PHYS_BODY_CIRCLE ? r->in->selected_body : -1;
      int wanted[3] = { sel, r->focus_a, r->focus_b };
      for (int k = 0; k < 3; k++)
        if (wanted[k] >= 0 && wanted[k] < n && (k == 0 || wanted[k] != sel))
          draw_circle_name (r, wanted[k]);
    }
  else
    for (int i = 0; i < n; i++)
      draw_circle_name (r, i);

  for (int i = 0; i < phys_world_segment_count (world) && budget > 0; i++)
    {
      PhysSegment s = phys_world_get_segment (world, i);
      if (s.is_bound)
        continue;
      budget--;
      PhysVec2 a = px (r, s.a), b = px (r, s.b);
      ImpCapsule own = imp_capsule_line (a.x, a.y, b.x, b.y, th->segment_px);
      PhysVec2 side = phys_v2_unit (phys_v2_right_normal (phys_v2_sub (b, a)));
      PhysVec2 mid = phys_v2_lerp (a, b, 0.5);
      ImpLabelRequest req
          = { mid.x, mid.y, th->segment_px, 0.0, 0.0, side.x, side.y, &own, NULL, 0 };
      char text[LABEL_TEXT_MAX];
      draw_name (r, name_text (text, sizeof text, s.name, s.friction), &req, -1);
    }
  for (int i = 0; i < phys_world_polygon_count (world) && budget > 0; i++, budget--)
    draw_polygon_name (r, i);
  for (int i = 0; i < phys_world_curve_count (world) && budget > 0; i++, budget--)
    draw_curve_name (r, i);
  for (int i = 0; i < phys_world_probe_count (world) && budget > 0; i++)
    {
      PhysProbe pr = phys_world_get_probe (world, i);
      PhysVec2 p = px (r, pr.position);
      budget--;
      ImpCapsule own = imp_capsule_disc (p.x, p.y, PROBE_SIZE_PX);
      ImpLabelRequest req = { p.x, p.y, PROBE_SIZE_PX, 0.0, 0.0, 0.0, 1.0, &own, NULL, 0 };
      draw_name (r, pr.name, &req, -1);
    }
}

/* Legend */

typedef enum
{
  SWATCH_CIRCLE,
  SWATCH_HATCHED,
  SWATCH_LINE,
  SWATCH_DASHED,
  SWATCH_ARROW,
  SWATCH_DASHED_ARROW,
  SWATCH_DOT,
  SWATCH_RING,
  SWATCH_RAIL,
  SWATCH_SPRING,
  SWATCH_ANCHOR,
  SWATCH_SELECTION,
  SWATCH_POLYGON,
  SWATCH_HATCHED_POLYGON,
  SWATCH_CURVE,
  SWATCH_SPIN,
  SWATCH_NONE,
} Swatch;

typedef struct
{
  Swatch swatch;
  ImpRgba color;
  ImpRgba fill;
  const char *text;
} LegendEntry;

#define MAX_LEGEND 48
#define SWATCH_W 26.0

static int
legend_entries (const Render *r, LegendEntry *out)
{
  const ImpTheme *th = r->theme;
  guint64 d = r->drawn;
  int n = 0;

#define ENTRY(flag, sw, col, fil, txt)                                                             \
  G_STMT_START                                                                                     \
  {                                                                                                \
    if (d & (flag))                                                                                \
      out[n++] = (LegendEntry){ (sw), (col), (fil), (txt) };                                       \
  }                                                                                                \
  G_STMT_END

  ENTRY (DRAWN_CIRCLE, SWATCH_CIRCLE, th->circle_stroke, th->circle_fill, _("circle"));
  ENTRY (DRAWN_SLEEPING, SWATCH_CIRCLE, th->circle_stroke, th->circle_fill,
         _("circle, asleep (faded)"));
  ENTRY (DRAWN_FIXED, SWATCH_HATCHED, th->fixed_stroke, th->fixed_fill, _("fixed circle"));
  ENTRY (DRAWN_PASSIVE, SWATCH_CIRCLE, th->passive_stroke, th->passive_fill,
         _("circle that collides with nothing"));
  ENTRY (DRAWN_POLYGON, SWATCH_POLYGON, th->circle_stroke, th->circle_fill, _("polygon"));
  ImpRgba faded_stroke = th->circle_stroke, faded_fill = th->circle_fill;
  faded_stroke.a *= th->sleeping_alpha;
  faded_fill.a *= th->sleeping_alpha;
  ENTRY (DRAWN_SLEEPING_POLYGON, SWATCH_POLYGON, faded_stroke, faded_fill,
         _("polygon, asleep (faded, marked z)"));
  ENTRY (DRAWN_FIXED_POLYGON, SWATCH_HATCHED_POLYGON, th->fixed_stroke, th->fixed_fill,
         _("fixed polygon"));
  ENTRY (DRAWN_ANGLE, SWATCH_LINE, th->circle_stroke, th->circle_stroke,
         _("angle: a line from the centre of mass (\u25d4) to the first vertex or the rim"));
  ENTRY (DRAWN_CURVE, SWATCH_CURVE, th->curve, th->curve, _("Bezier curve"));
  ENTRY (DRAWN_CONTROL, SWATCH_DASHED, th->construction, th->construction,
         _("control polygon and control points"));
  ENTRY (DRAWN_REFLECT, SWATCH_LINE, th->segment_reflect, th->segment_reflect,
         _("segment that reflects"));
  ENTRY (DRAWN_SLIDE, SWATCH_RAIL, th->segment_slide, th->background, _("segment that slides"));
  ENTRY (DRAWN_PROBE, SWATCH_ARROW, th->probe, th->probe, _("probe (moving point)"));
  ENTRY (DRAWN_SPRING, SWATCH_SPRING, th->spring, th->spring, _("spring"));
  ENTRY (DRAWN_BUNGEE, SWATCH_DASHED, th->spring, th->spring, _("bungee (dashed while slack)"));
  ENTRY (DRAWN_ANCHOR, SWATCH_ANCHOR, th->spring, th->fixed_fill, _("fixed anchor"));
  ENTRY (DRAWN_SELECTION, SWATCH_SELECTION, th->selection, th->selection, _("selected"));
  ENTRY (DRAWN_TRAIL, SWATCH_LINE, th->trail, th->trail, _("trail (past positions)"));
  ENTRY (DRAWN_GHOST_BRANCH, SWATCH_RING, th->ghost_branch, th->ghost_branch, _("ghost branch"));
  ENTRY (DRAWN_VELOCITY, SWATCH_ARROW, th->velocity, th->velocity,
         _("velocity, to scale: tip = end of frame"));
  ENTRY (DRAWN_SPIN, SWATCH_SPIN, th->velocity, th->velocity,
         _("angular velocity: the turn in one frame (to scale unless labelled \u00d7)"));
  ENTRY (DRAWN_SWEPT, SWATCH_DASHED, th->swept_stroke, th->swept_fill,
         _("swept path if nothing collides"));
  ENTRY (DRAWN_GHOST, SWATCH_RING, th->ghost, th->ghost, _("position at the time of impact t"));
  ENTRY (DRAWN_CONTACT, SWATCH_ARROW, th->contact, th->contact, _("contact point and normal n"));
  ENTRY (DRAWN_TANGENT, SWATCH_DASHED, th->tangent, th->tangent, _("tangent at contact"));
  ENTRY (DRAWN_RELATIVE, SWATCH_ARROW, th->relative_velocity, th->relative_velocity,
         _("relative velocity"));
  ENTRY (DRAWN_IMPULSE, SWATCH_ARROW, th->impulse, th->impulse, _("impulse: \u0394v = j n / m"));
  ENTRY (DRAWN_SAT_A, SWATCH_LINE, th->normal_left, th->normal_left,
         _("axis with A's projection (solid bar)"));
  ENTRY (DRAWN_SAT_B, SWATCH_DASHED, th->normal_right, th->normal_right,
         _("B's projection (hatched bar)"));
  ENTRY (DRAWN_SAT_EDGES, SWATCH_LINE, th->tangent, th->tangent,
         _("reference edge (solid), incident edge (dashed)"));
  ENTRY (DRAWN_MTV, SWATCH_ARROW, th->impulse, th->impulse, _("minimum translation vector (MTV)"));
  ENTRY (DRAWN_LEVER, SWATCH_DASHED_ARROW, th->relative_velocity, th->relative_velocity,
         _("lever arms r_A, r_B: centre of mass to contact point"));
  if (d & DRAWN_BEFORE)
    {
      ENTRY (DRAWN_AFTER, SWATCH_ARROW, th->velocity, th->velocity,
             _("velocity after the response"));
      ENTRY (DRAWN_BEFORE, SWATCH_DASHED_ARROW, th->text_muted, th->text_muted,
             _("velocity before the response (dashed)"));
    }
  else
    ENTRY (DRAWN_AFTER, SWATCH_DASHED_ARROW, th->velocity, th->velocity,
           _("velocity after the response (dashed)"));
  ENTRY (DRAWN_CONSTRUCTION, SWATCH_DASHED, th->construction, th->construction,
         _("construction lines: projections, V(Ap)"));
  ENTRY (DRAWN_NORMALS, SWATCH_ARROW, th->normal_left, th->normal_left,
         _("left normal n_L (y down)"));
  ENTRY (DRAWN_NORMALS, SWATCH_ARROW, th->normal_right, th->normal_right, _("right normal n_R"));
  ENTRY (DRAWN_PROBE_RAY, SWATCH_LINE, th->probe_ray, th->probe_point,
         _("probe path to predicted impact"));
  ENTRY (DRAWN_PROBE_PAST, SWATCH_DASHED, th->text_muted, th->text_muted,
         _("impact in the past (t < 0)"));
  if (r->names_crowded)
    out[n++] = (LegendEntry){ SWATCH_NONE, th->text, th->text,
                              _("names: only the selection's (zoom in for all)") };
  for (int k = 0; k <= PHYS_EVENT_EVENT_CAP; k++)
    if (d & (DRAWN_EVENTS << k))
      {
        static const char *const names[] = {
          N_("embedded start"),
          N_("circle\u2013circle event"),
          N_("circle\u2013segment event"),
          N_("probe\u2013segment crossing"),
          N_("event cap"),
        };
        ImpRgba c = imp_theme_event_color (th, (PhysEventKind) k);
        out[n++] = (LegendEntry){ SWATCH_DOT, c, c, _(names[k]) };
      }
#undef ENTRY
  return n;
}

static void
draw_swatch (Render *r, const LegendEntry *e, double x, double y)
{
  cairo_t *cr = r->cr;
  PhysVec2 a = phys_v2 (x + 2.0, y), b = phys_v2 (x + SWATCH_W - 2.0, y);
  PhysVec2 c = phys_v2 (x + SWATCH_W / 2.0, y);

  switch (e->swatch)
    {
    case SWATCH_CIRCLE:
    case SWATCH_HATCHED:
      cairo_new_sub_path (cr);
      cairo_arc (cr, c.x, c.y, 6.0, 0.0, 2.0 * G_PI);
      imp_rgba_set_source (cr, e->fill);
      imp_draw_fill_preserve (cr);
      if (e->swatch == SWATCH_HATCHED)
        {
          cairo_path_t *path = cairo_copy_path (cr);
          imp_render_hatch (r);
          cairo_append_path (cr, path);
          cairo_path_destroy (path);
        }
      cairo_set_line_width (cr, r->theme->body_line_px);
      imp_rgba_set_source (cr, e->color);
      imp_draw_stroke (cr);
      break;
    case SWATCH_RAIL:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      imp_render_line (r, a, b, e->color, r->theme->segment_px, FALSE);
      imp_render_line (r, a, b, e->fill, r->theme->segment_px / 3.0, FALSE);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      break;
    case SWATCH_LINE:
      imp_render_line (r, a, b, e->color, 2.5, FALSE);
      break;
    case SWATCH_DASHED:
      imp_render_line (r, a, b, e->color, 1.5, TRUE);
      break;
    case SWATCH_ARROW:
    case SWATCH_DASHED_ARROW:
      {
        PhysVec2 shaft_end = phys_v2 (b.x - 8.0, b.y);
        imp_render_line (r, a, shaft_end, e->color, 1.75, e->swatch == SWATCH_DASHED_ARROW);
        imp_render_head_path (cr, a, b, 9.0);
        imp_rgba_set_source (cr, e->color);
        imp_draw_fill (cr);
      }
      break;
    case SWATCH_DOT:
      imp_render_dot (r, c, 3.5, e->color);
      break;
    case SWATCH_RING:
      imp_render_ring (r, c, 6.0, e->color, 1.5, TRUE);
      break;
    case SWATCH_SELECTION:
      imp_render_ring (r, c, 6.0, e->color, 2.5, FALSE);
      break;
    case SWATCH_SPRING:
      cairo_move_to (cr, a.x, a.y);
      for (int k = 0; k < 5; k++)
        cairo_line_to (cr, a.x + 3.0 + 4.0 * k, y + (k % 2 == 0 ? -3.5 : 3.5));
      cairo_line_to (cr, b.x, b.y);
      cairo_set_line_width (cr, 1.5);
      imp_rgba_set_source (cr, e->color);
      imp_draw_stroke (cr);
      break;
    case SWATCH_ANCHOR:
      imp_render_anchor_square (cr, c, e->fill, e->color);
      break;
    case SWATCH_POLYGON:
    case SWATCH_HATCHED_POLYGON:
      cairo_move_to (cr, c.x - 6.0, c.y + 5.0);
      cairo_line_to (cr, c.x - 2.0, c.y - 6.0);
      cairo_line_to (cr, c.x + 7.0, c.y - 3.0);
      cairo_line_to (cr, c.x + 5.0, c.y + 6.0);
      cairo_close_path (cr);
      imp_rgba_set_source (cr, e->fill);
      imp_draw_fill_preserve (cr);
      if (e->swatch == SWATCH_HATCHED_POLYGON)
        {
          cairo_path_t *path = cairo_copy_path (cr);
          imp_render_hatch (r);
          cairo_append_path (cr, path);
          cairo_path_destroy (path);
        }
      cairo_set_line_width (cr, r->theme->body_line_px);
      imp_rgba_set_source (cr, e->color);
      imp_draw_stroke (cr);
      break;
    case SWATCH_CURVE:
      cairo_move_to (cr, a.x, a.y + 4.0);
      cairo_curve_to (cr, a.x + 8.0, a.y - 10.0, b.x - 8.0, b.y + 10.0, b.x, b.y - 4.0);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 2.5);
      imp_rgba_set_source (cr, e->color);
      imp_draw_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      break;
    case SWATCH_SPIN:
      cairo_new_sub_path (cr);
      cairo_arc (cr, c.x, c.y + 3.0, 7.0, G_PI, 1.75 * G_PI);
      cairo_set_line_width (cr, 1.75);
      imp_rgba_set_source (cr, e->color);
      imp_draw_stroke (cr);
      {
        PhysVec2 tip = phys_v2 (c.x + 7.0 * cos (2.0 * G_PI), c.y + 3.0 + 7.0 * sin (2.0 * G_PI));
        imp_render_head_path (cr, phys_v2 (tip.x, tip.y - 7.0), tip, 7.0);
        imp_draw_fill (cr);
      }
      break;
    case SWATCH_NONE:
    default:
      break;
    }
}

/* Whether circle i is one the picture is about: the selection's, or any when
 * nothing is selected. The legend never covers those. */
static gboolean
in_subject (const Render *r, int i)
{
  int sel = r->in->selected_kind == PHYS_BODY_CIRCLE ? r->in->selected_body : -1;
  if (r->focus_a < 0 && r->focus_b < 0 && sel < 0)
    return TRUE;
  return i == r->focus_a || i == r->focus_b || i == sel;
}

/* The legend goes into the corner where it hides the fewest labelled shapes;
 * *covers says whether it hides a circle of the subject even there. */
static ImpRect
legend_rect (Render *r, double w, double h, gboolean *covers)
{
  double m = LEGEND_MARGIN_PX;
  double xs[2] = { r->view->width - w - m, m };
  double ys[2] = { m, r->view->height - h - m };
  ImpRect best = { xs[0], ys[0], w, h };
  int best_hits = G_MAXINT;
  int n_circles = phys_world_circle_count (r->in->world);

  *covers = FALSE;
  for (int k = 0; k < 4; k++)
    {
      ImpRect rect = { xs[k % 2], ys[k / 2], w, h };
      int hits = 0;
      gboolean subject = FALSE;
      for (int i = 0; i < r->placer.n_obstacles; i++)
        hits += imp_rect_intersects_capsule (&rect, &r->placer.obstacles[i].shape);
      for (int i = 0; i < r->n_labels; i++)
        hits += 2
                * (r->labels[i].anchor.x >= rect.x && r->labels[i].anchor.x <= rect.x + w
                   && r->labels[i].anchor.y >= rect.y && r->labels[i].anchor.y <= rect.y + h);
      /* Circles count by their boxes: close enough to choose a corner. A body
       * of the subject counts as more than everything else together. */
      for (int i = 0; i < n_circles; i++)
        {
          PhysCircle c = phys_world_get_circle (r->in->world, i);
          PhysVec2 p = px (r, circle_position (r, i, &c));
          double rad = c.radius * r->view->scale;
          gboolean under = p.x + rad > rect.x && p.x - rad < rect.x + w && p.y + rad > rect.y
                           && p.y - rad < rect.y + h;
          if (under && n_circles <= ID_LABEL_BUDGET && in_subject (r, i))
            {
              subject = TRUE;
              hits += 100000;
            }
          hits += under;
        }
      /* Polygons by the box of their reach; the selected one is the subject. */
      for (int i = 0; i < phys_world_polygon_count (r->in->world); i++)
        {
          PhysPolygonBody poly = phys_world_get_polygon (r->in->world, i);
          PhysVec2 p = px (r, r->in->polygon_poses != NULL ? r->in->polygon_poses[i].position
                                                           : poly.position);
          double rad = poly.radius * r->view->scale;
          gboolean under = p.x + rad > rect.x && p.x - rad < rect.x + w && p.y + rad > rect.y
                           && p.y - rad < rect.y + h;
          if (under && r->in->selected_kind == PHYS_BODY_POLYGON && r->in->selected_body == i)
            {
              subject = TRUE;
              hits += 100000;
            }
          hits += under;
        }
      if (hits < best_hits)
        {
          best = rect;
          best_hits = hits;
          *covers = subject;
        }
    }
  return best;
}

static void
draw_legend_frame (Render *r, const ImpRect *rect)
{
  cairo_t *cr = r->cr;

  draw_plate (r, rect, r->theme->legend_background);
  cairo_rectangle (cr, rect->x + 0.5, rect->y + 0.5, rect->width - 1.0, rect->height - 1.0);
  cairo_set_line_width (cr, 1.0);
  imp_rgba_set_source (cr, r->theme->legend_border);
  imp_draw_stroke (cr);
}

void
imp_render_draw_legend (Render *r)
{
  const ImpTheme *th = r->theme;
  LegendEntry entries[MAX_LEGEND];
  int n = legend_entries (r, entries);
  char title[96], t[32], text[MAX_LEGEND * 64];
  int tw, th_px, ew, eh;
  double pad = 8.0, gap = 4.0;
  gsize used = 0;
  gboolean covers;
  cairo_t *cr = r->cr;

  /* The triangle says the legend folds (a click on the title); the moment in
   * the frame goes when a lesson keeps the numbers back. */
  g_autofree char *moment
      = r->in->no_numbers ? g_strdup ("")
                          : g_strdup_printf (", t = %s", imp_render_fmt_real (t, sizeof t,
                                                                            r->in->time_in_frame,
                                                                            3));
  g_snprintf (title, sizeof title, _("Frame %lld%s  %s"),
              (long long) phys_world_frame (r->in->world), moment,
              r->in->legend_folded ? "\u25b8" : "\u25be");
  layout_text (r, title, r->font_bold, &tw, &th_px);

  /* All entries in one layout, one per line: a single shaping pass. */
  text[0] = '\0';
  for (int i = 0; i < n && used < sizeof text; i++)
    used
        += g_snprintf (text + used, sizeof text - used, "%s%s", i > 0 ? "\n" : "", entries[i].text);
  pango_layout_set_spacing (r->layout, 4 * PANGO_SCALE);
  layout_text (r, text, r->font_small, &ew, &eh);
  pango_layout_set_spacing (r->layout, 0);

  double width = MAX (tw, SWATCH_W + 6.0 + ew) + 2.0 * pad;
  double height = 2.0 * pad + th_px + gap + (n > 0 ? eh : 0);
  gboolean folded = r->in->legend_folded || n == 0;
  ImpRect rect = legend_rect (r, width, height, &covers);
  /* Open, it would hide a body the picture is about: only its title shows. */
  if (covers)
    folded = TRUE;
  if (folded)
    {
      if (!r->in->legend_folded)
        g_snprintf (title, sizeof title, _("Frame %lld%s  %s"),
                    (long long) phys_world_frame (r->in->world), moment, "\u25b8");
      layout_text (r, title, r->font_bold, &tw, &th_px);
      rect = legend_rect (r, tw + 2.0 * pad, th_px + 2.0 * pad, &covers);
    }
  imp_label_placer_reserve (&r->placer, rect);
  imp_render_record_box (r, "legend", &rect, phys_v2 (rect.x, rect.y), -1);
  draw_legend_frame (r, &rect);

  double top = rect.y + pad + th_px + gap;
  if (n > 0 && !folded)
    {
      pango_layout_set_spacing (r->layout, 4 * PANGO_SCALE);
      layout_text (r, text, r->font_small, &ew, &eh);
      PangoLayoutIter *iter = pango_layout_get_iter (r->layout);
      int i = 0;
      do
        {
          PangoRectangle line;
          pango_layout_iter_get_line_extents (iter, NULL, &line);
          if (i < n)
            draw_swatch (r, &entries[i], rect.x + pad,
                         top + (line.y + line.height / 2.0) / PANGO_SCALE);
          i++;
        }
      while (pango_layout_iter_next_line (iter));
      pango_layout_iter_free (iter);
      cairo_move_to (cr, rect.x + pad + SWATCH_W + 6.0, top);
      imp_render_show_layout (cr, r->layout, th->text);
      pango_layout_set_spacing (r->layout, 0);
    }

  layout_text (r, title, r->font_bold, &tw, &th_px);
  cairo_move_to (cr, rect.x + pad, rect.y + pad);
  imp_render_show_layout (cr, r->layout, th->text);
}
