/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render-sat.c: the math of a rigid pair drawn over the bodies
 * (docs/rigid-bodies.md): the classic picture of the separating axis test (each
 * axis a line beside the bodies with both bodies' projections on it as bars, A's
 * solid, B's hatched, each labelled, the gap or overlap marked), stepped axis by
 * axis (ImpRenderInput.sat_step), the minimum translation vector, the reference and
 * incident edges with the side planes that clip, the contact points, the lever arms
 * r_A and r_B, and for a curve its control polygon, the closest point with its s,
 * the tangent and the normal. Every number comes from the records. */
#include "imp-render-private.h"

#include <glib/gi18n.h>
#include <math.h>

/* The axis lines keep this far outside both bodies, pixels, and parallel ones this far apart. */
#define AXIS_MARGIN_PX 26.0
#define AXIS_SPACING_PX 22.0
/* How far each interval's bar sits from its axis line, and how thick it is. */
#define BAR_OFFSET_PX 5.0
#define BAR_WIDTH_PX 5.0
/* The half length of a side plane's dashed line across the reference edge's end. */
#define SIDE_PLANE_PX 26.0

static const char *const axis_terms[PHYS_SAT_MAX_AXES] = {
  "axis0",  "axis1",  "axis2",  "axis3",  "axis4",  "axis5",  "axis6",  "axis7",
  "axis8",  "axis9",  "axis10", "axis11", "axis12", "axis13", "axis14", "axis15",
  "axis16", "axis17", "axis18", "axis19", "axis20", "axis21", "axis22", "axis23",
  "axis24", "axis25", "axis26", "axis27", "axis28", "axis29", "axis30", "axis31",
};

const char *
imp_render_sat_axis_term (int k)
{
  return k >= 0 && k < PHYS_SAT_MAX_AXES ? axis_terms[k] : NULL;
}

int
imp_render_sat_axis_of_term (const char *term)
{
  for (int k = 0; term != NULL && k < PHYS_SAT_MAX_AXES; k++)
    if (strcmp (term, axis_terms[k]) == 0)
      return k;
  return -1;
}

/* The extent of what the record holds (both shapes) along unit direction d: [lo, hi]. */
static void
extent_along (const PhysSatRecord *sat, PhysVec2 d, double *lo, double *hi)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  for (int k = 0; k < sat->a.count; k++)
    {
      double s = phys_v2_dot (sat->a.vertices[k], d);
      *lo = fmin (*lo, s);
      *hi = fmax (*hi, s);
    }
  if (sat->shape_b == PHYS_SAT_SHAPE_POLYGON)
    for (int k = 0; k < sat->b.count; k++)
      {
        double s = phys_v2_dot (sat->b.vertices[k], d);
        *lo = fmin (*lo, s);
        *hi = fmax (*hi, s);
      }
  else if (sat->shape_b == PHYS_SAT_SHAPE_CIRCLE)
    {
      double s = phys_v2_dot (sat->center, d);
      *lo = fmin (*lo, s - sat->radius);
      *hi = fmax (*hi, s + sat->radius);
    }
  else
    {
      double p = phys_v2_dot (sat->p, d), q = phys_v2_dot (sat->q, d);
      *lo = fmin (*lo, fmin (p, q));
      *hi = fmax (*hi, fmax (p, q));
    }
}

/* The point of body (0 A, 1 B) that projects furthest along d (highest: the maximum). */
static PhysVec2
extreme_point (const PhysSatRecord *sat, int body, PhysVec2 d, gboolean highest)
{
  const PhysPolygonWorld *poly = body == 0 ? &sat->a : &sat->b;
  if (body == 1 && sat->shape_b == PHYS_SAT_SHAPE_CIRCLE)
    return phys_v2_add_scaled (sat->center, d, highest ? sat->radius : -sat->radius);
  if (body == 1 && sat->shape_b == PHYS_SAT_SHAPE_SEGMENT)
    {
      double p = phys_v2_dot (sat->p, d), q = phys_v2_dot (sat->q, d);
      return (highest ? p >= q : p <= q) ? sat->p : sat->q;
    }
  int best = 0;
  for (int k = 1; k < poly->count; k++)
    {
      double s = phys_v2_dot (poly->vertices[k], d), sb = phys_v2_dot (poly->vertices[best], d);
      if (highest ? s > sb : s < sb)
        best = k;
    }
  return poly->vertices[best];
}

/* Where the picture puts axis k: the world point of projection value s on it is
 * s n + c m, with m = the axis's right-hand perpendicular and c beyond both shapes. */
typedef struct
{
  PhysVec2 n, m;
  double c;
} AxisPlace;

static AxisPlace
axis_place (const Render *r, const PhysSatRecord *sat, int k)
{
  const PhysSatAxis *axis = &sat->axes[k];
  AxisPlace place = { axis->axis, phys_v2 (-axis->axis.y, axis->axis.x), 0.0 };
  double lo, hi;
  extent_along (sat, place.m, &lo, &hi);
  /* Earlier axes of nearly the same line push this one further out. */
  int before = 0;
  for (int j = 0; j < k; j++)
    if (sat->axes[j].valid && phys_v2_dot (sat->axes[j].axis, axis->axis) > 0.999)
      before++;
  place.c = hi + (AXIS_MARGIN_PX + before * AXIS_SPACING_PX) / r->view->scale;
  return place;
}

/* The pixel point of projection value s on the axis, moved off its line by off pixels. */
static PhysVec2
axis_point (const Render *r, const AxisPlace *place, double s, double off)
{
  PhysVec2 w = phys_v2_add_scaled (phys_v2_scale (place->n, s), place->m, place->c);
  PhysVec2 p = px (r, w);
  return phys_v2_add_scaled (p, place->m, off);
}

/* An interval's bar: A's solid, B's hatched with short cross strokes (it reads without
 * colour), both named at their far end. */
static void
draw_bar (Render *r, const AxisPlace *place, double lo, double hi, double off, ImpRgba color,
          gboolean hatched, const char *name, gboolean strong)
{
  cairo_t *cr = r->cr;
  PhysVec2 a = axis_point (r, place, lo, off), b = axis_point (r, place, hi, off);
  if (!hatched)
    imp_render_line (r, a, b, color, strong ? BAR_WIDTH_PX : BAR_WIDTH_PX - 2.0, FALSE);
  else
    {
      /* An outlined bar with diagonal strokes every 6 pixels. */
      PhysVec2 d = phys_v2_sub (b, a);
      double len = phys_v2_len (d);
      PhysVec2 u = len > 0.0 ? phys_v2_scale (d, 1.0 / len) : place->n;
      double half = (strong ? BAR_WIDTH_PX : BAR_WIDTH_PX - 2.0) / 2.0;
      PhysVec2 side = phys_v2 (-u.y, u.x);
      imp_rgba_set_source (cr, color);
      cairo_set_line_width (cr, 1.0);
      PhysVec2 c0 = phys_v2_add_scaled (a, side, half), c1 = phys_v2_add_scaled (b, side, half);
      PhysVec2 c2 = phys_v2_add_scaled (b, side, -half), c3 = phys_v2_add_scaled (a, side, -half);
      cairo_move_to (cr, c0.x, c0.y);
      cairo_line_to (cr, c1.x, c1.y);
      cairo_line_to (cr, c2.x, c2.y);
      cairo_line_to (cr, c3.x, c3.y);
      cairo_close_path (cr);
      for (double t = 0.0; t + 3.0 <= len; t += 6.0)
        {
          PhysVec2 s0 = phys_v2_add_scaled (phys_v2_add_scaled (a, u, t), side, -half);
          PhysVec2 s1 = phys_v2_add_scaled (phys_v2_add_scaled (a, u, t + 3.0), side, half);
          cairo_move_to (cr, s0.x, s0.y);
          cairo_line_to (cr, s1.x, s1.y);
        }
      imp_draw_stroke (cr);
    }
  imp_render_obstacle_line (r, a, b, BAR_WIDTH_PX);
  if (name != NULL)
    imp_render_label (r, b, 4.0, place->n, color, strong, "%s", name);
}

/* Axis k as a line with both projections; strong: the axis the picture is about (labels,
 * projectors from the extreme points, the gap or overlap marked). */
static void
draw_axis (Render *r, const PhysSatRecord *sat, int k, gboolean strong, gboolean faded)
{
  const ImpTheme *th = r->theme;
  const PhysSatAxis *axis = &sat->axes[k];
  if (!axis->valid)
    return;
  AxisPlace place = axis_place (r, sat, k);
  double lo = fmin (axis->min_a, axis->min_b), hi = fmax (axis->max_a, axis->max_b);
  double pad = 18.0 / r->view->scale;
  PhysVec2 l0 = axis_point (r, &place, lo - pad, 0.0), l1 = axis_point (r, &place, hi + pad, 0.0);
  const char *name = imp_render_sat_axis_term (k);
  hot (r, name, l0, l1, BAR_OFFSET_PX + BAR_WIDTH_PX);
  if (term (r, name))
    imp_render_halo (r, l0, l1, BAR_OFFSET_PX + BAR_WIDTH_PX);
  ImpRgba line_color = faded ? th->text_muted : th->construction;
  imp_render_arrow (r, l0, l1, line_color, strong ? 1.25 : 0.75, !strong, FALSE);
  imp_render_obstacle_line (r, l0, l1, 2.0);

  ImpRgba ca = th->normal_left, cb = th->normal_right;
  if (faded)
    {
      ca.a *= 0.45;
      cb.a *= 0.45;
    }
  draw_bar (r, &place, axis->min_a, axis->max_a, -BAR_OFFSET_PX, ca, FALSE, strong ? "A" : NULL,
            strong);
  draw_bar (r, &place, axis->min_b, axis->max_b, BAR_OFFSET_PX, cb, TRUE, strong ? "B" : NULL,
            strong);
  r->drawn |= DRAWN_SAT_A | DRAWN_SAT_B;
  if (!strong)
    return;

  /* Projectors: dashed lines from the points that give each interval's ends to the bar,
   * perpendicular to n. */
  const double ends[4] = { axis->min_a, axis->max_a, axis->min_b, axis->max_b };
  for (int e = 0; e < 4; e++)
    {
      PhysVec2 from = px (r, extreme_point (sat, e >= 2, axis->axis, e % 2 == 1));
      PhysVec2 to = axis_point (r, &place, ends[e], e < 2 ? -BAR_OFFSET_PX : BAR_OFFSET_PX);
      imp_render_line (r, from, to, e < 2 ? th->normal_left : th->normal_right, 0.75, TRUE);
    }

  /* The gap or the overlap between the intervals' facing ends. */
  double g0, g1;
  if (axis->sign > 0.0)
    {
      g0 = axis->min_b;
      g1 = axis->max_a;
    }
  else
    {
      g0 = axis->min_a;
      g1 = axis->max_b;
    }
  gboolean gap = axis->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE;
  gboolean touching = !gap && axis->overlap <= PHYS_CONTACT_TOUCH_TOLERANCE;
  PhysVec2 m0 = axis_point (r, &place, fmin (g0, g1), BAR_OFFSET_PX + BAR_WIDTH_PX + 4.0);
  PhysVec2 m1 = axis_point (r, &place, fmax (g0, g1), BAR_OFFSET_PX + BAR_WIDTH_PX + 4.0);
  ImpRgba mark = gap ? th->construction : th->contact;
  imp_render_line (r, m0, m1, mark, 2.0, FALSE);
  for (int e = 0; e < 2; e++)
    {
      PhysVec2 q = e == 0 ? m0 : m1;
      imp_render_line (r, phys_v2_add_scaled (q, place.m, -4.0), phys_v2_add_scaled (q, place.m, 4.0),
                       mark, 1.5, FALSE);
    }
  char size[32];
  imp_render_fmt_real (size, sizeof size, fabs (axis->overlap),
                       imp_render_decimals (fabs (axis->overlap)));
  const char *owner = axis->body == 0 ? "A" : "B";
  PhysVec2 mid = phys_v2_lerp (m0, m1, 0.5);
  if (touching)
    imp_render_label (r, mid, 6.0, place.m, mark, TRUE, _("axis %d (%s): touching"), k + 1,
                      owner);
  else if (r->in->no_numbers)
    imp_render_label (r, mid, 6.0, place.m, mark, TRUE, gap ? _("axis %d (%s): gap")
                                                            : _("axis %d (%s): overlap"),
                      k + 1, owner);
  else
    imp_render_label (r, mid, 6.0, place.m, mark, TRUE,
                      gap ? _("axis %d (%s): gap %s") : _("axis %d (%s): overlap %s"), k + 1,
                      owner, size);
}

/* A manifold's edge from a to b (pixels): the reference solid, the incident dashed, named. */
static void
draw_edge (Render *r, PhysVec2 a, PhysVec2 b, const char *name, gboolean dashed,
           const char *label)
{
  hot (r, name, a, b, 4.0);
  if (term (r, name))
    imp_render_halo (r, a, b, 3.0);
  imp_render_line (r, a, b, r->theme->tangent, 3.0, dashed);
  imp_render_label_arrow (r, a, b, r->theme->tangent, FALSE, "%s", label);
  r->drawn |= DRAWN_SAT_EDGES;
}

/* Reference edge, incident edge, the side planes that clip, and the contact points. */
static void
draw_manifold (Render *r, const PhysSatRecord *sat)
{
  const ImpTheme *th = r->theme;
  const PhysSatManifold *m = &sat->manifold;
  if (!m->valid)
    return;
  if (m->reference_edge >= 0)
    {
      PhysVec2 v1 = px (r, m->reference_v1), v2 = px (r, m->reference_v2);
      draw_edge (r, v1, v2, "reference", FALSE, _("reference"));
      /* The side planes: lines along the reference normal through each end. */
      for (int e = 0; e < 2; e++)
        {
          PhysVec2 at = e == 0 ? v1 : v2;
          PhysVec2 a = phys_v2_add_scaled (at, m->reference_normal, -SIDE_PLANE_PX);
          PhysVec2 b = phys_v2_add_scaled (at, m->reference_normal, SIDE_PLANE_PX);
          hot (r, "clip", a, b, 3.0);
          if (term (r, "clip"))
            imp_render_halo (r, a, b, 1.0);
          imp_render_line (r, a, b, th->text_muted, 1.0, TRUE);
        }
    }
  if (m->incident_edge >= 0)
    {
      draw_edge (r, px (r, m->incident_v1), px (r, m->incident_v2), "incident", TRUE,
                 _("incident"));
    }
  for (int k = 0; k < m->point_count && k < 2; k++)
    {
      PhysVec2 p = px (r, m->points[k].point);
      hot (r, "point", p, p, CONTACT_DOT_PX + 2.0);
      if (term (r, "point"))
        imp_render_dot (r, p, CONTACT_DOT_PX + HALO_PX / 2.0, th->highlight);
      imp_render_dot (r, p, CONTACT_DOT_PX + 0.5, th->contact);
      imp_render_obstacle_dot (r, p, CONTACT_DOT_PX + 1.0);
      char depth[32];
      imp_render_fmt_real (depth, sizeof depth, m->points[k].depth,
                           imp_render_decimals (fabs (m->points[k].depth)));
      if (r->in->no_numbers)
        imp_render_label (r, p, 6.0, phys_v2_scale (m->reference_normal, -1.0), th->contact,
                          FALSE, "p%s", imp_render_subscript (k));
      else
        imp_render_label (r, p, 6.0, phys_v2_scale (m->reference_normal, -1.0), th->contact,
                          FALSE, _("p%s depth %s"), imp_render_subscript (k), depth);
    }
  r->drawn |= DRAWN_CONTACT;
}

/* The normal at the contact and the MTV from B's centre (magnified into view when short). */
static void
draw_mtv (Render *r, const PhysSatRecord *sat)
{
  const ImpTheme *th = r->theme;
  PhysVec2 from_world;
  if (sat->manifold.valid && sat->manifold.point_count > 0)
    from_world = sat->manifold.points[0].point;
  else if (sat->shape_b == PHYS_SAT_SHAPE_CIRCLE)
    from_world = sat->center;
  else if (sat->shape_b == PHYS_SAT_SHAPE_POLYGON)
    from_world = sat->b.pose.position;
  else
    from_world = phys_v2_lerp (sat->p, sat->q, 0.5);
  PhysVec2 p = px (r, from_world);
  PhysVec2 tip = phys_v2_add_scaled (p, sat->normal, IMP_RENDER_NORMAL_LENGTH_PX);
  hot (r, "n", p, tip, 3.0);
  imp_render_arrow (r, p, tip, th->contact, th->overlay_line_px + 0.5, FALSE, term (r, "n"));
  char nv[64];
  imp_render_label (r, tip, 4.0, sat->normal, th->contact, term (r, "n"), "n = %s",
                    imp_render_fmt_vec (nv, sizeof nv, sat->normal, 3));
  double len = phys_v2_len (sat->mtv) * r->view->scale;
  if (len < 0.5)
    return;
  double factor = len < VECTOR_MIN_PX ? imp_render_nice_factor (len, VECTOR_MIN_PX, VECTOR_MAX_PX)
                                      : 1.0;
  PhysVec2 end = phys_v2_add_scaled (p, phys_v2_scale (sat->mtv, r->view->scale), factor);
  hot (r, "mtv", p, end, 3.0);
  imp_render_arrow (r, p, end, th->impulse, th->overlay_line_px + 0.5, FALSE, term (r, "mtv"));
  r->drawn |= DRAWN_MTV;
  char fv[32], mv[64];
  imp_render_fmt_vec (mv, sizeof mv, sat->mtv, imp_render_decimals (phys_v2_len (sat->mtv)));
  if (factor != 1.0)
    imp_render_label_arrow (r, p, end, th->impulse, term (r, "mtv"), "MTV = %s%s", mv,
                            imp_render_fmt_factor (fv, sizeof fv, factor));
  else
    imp_render_label_arrow (r, p, end, th->impulse, term (r, "mtv"), "MTV = %s", mv);
}

/* The lever arms of an answer's points: from each movable body's centre of mass. */
static void
draw_lever_arms (Render *r, const PhysRigidAnswer *answer)
{
  const ImpTheme *th = r->theme;
  for (int k = 0; k < answer->point_count && k < 2; k++)
    {
      const PhysRigidPoint *pt = &answer->points[k];
      const struct
      {
        const char *name, *label;
        PhysVec2 arm;
        double inv_mass;
      } arms[2] = { { "ra", "r_A", pt->ra, answer->a_before.inv_mass },
                    { "rb", "r_B", pt->rb, answer->b_before.inv_mass } };
      for (int i = 0; i < 2; i++)
        {
          if (arms[i].inv_mass == 0.0)
            continue;
          PhysVec2 tip = px (r, pt->point);
          PhysVec2 from = px (r, phys_v2_sub (pt->point, arms[i].arm));
          hot (r, arms[i].name, from, tip, 3.0);
          imp_render_arrow (r, from, tip, th->relative_velocity, 1.25, TRUE,
                            term (r, arms[i].name));
          r->drawn |= DRAWN_LEVER;
          if (k == 0)
            imp_render_label_arrow (r, from, tip, th->relative_velocity, term (r, arms[i].name),
                                    "%s", arms[i].label);
        }
    }
}

/* A curve's control polygon, the closest point with its s, the tangent and the normal. */
static void
draw_curve_closest (Render *r, const PhysBezierClosest *c)
{
  const ImpTheme *th = r->theme;
  for (int k = 0; k < 3; k++)
    imp_render_line (r, px (r, c->curve.p[k]), px (r, c->curve.p[k + 1]), th->curve, 1.0, TRUE);
  for (int k = 0; k < 4; k++)
    {
      PhysVec2 q = px (r, c->curve.p[k]);
      imp_render_anchor_square (r->cr, q, th->background, th->curve);
      static const char *const index[4] = { "\u2080", "\u2081", "\u2082", "\u2083" };
      imp_render_label (r, q, 6.0, phys_v2 (0.0, -1.0), th->curve, FALSE, "P%s", index[k]);
    }
  r->drawn |= DRAWN_CONTROL;
  PhysVec2 p = px (r, c->point);
  PhysVec2 t = c->tangent;
  PhysVec2 ta = phys_v2_add_scaled (p, t, -TANGENT_HALF_PX);
  PhysVec2 tb = phys_v2_add_scaled (p, t, TANGENT_HALF_PX);
  hot (r, "tangent", ta, tb, 2.0);
  if (term (r, "tangent"))
    imp_render_halo (r, ta, tb, 1.25);
  imp_render_line (r, ta, tb, th->tangent, 1.25, TRUE);
  imp_render_label (r, tb, 4.0, t, th->tangent, term (r, "tangent"), "%s", _("tangent"));
  r->drawn |= DRAWN_TANGENT;
  PhysVec2 tip = phys_v2_add_scaled (p, c->normal, IMP_RENDER_NORMAL_LENGTH_PX);
  imp_render_arrow (r, p, tip, th->contact, th->overlay_line_px + 0.5, FALSE, FALSE);
  hot (r, "curve-point", p, p, CONTACT_DOT_PX + 2.0);
  if (term (r, "curve-point"))
    imp_render_dot (r, p, CONTACT_DOT_PX + HALO_PX / 2.0, th->highlight);
  imp_render_dot (r, p, CONTACT_DOT_PX + 0.5, th->contact);
  char s[32];
  imp_render_fmt_real (s, sizeof s, c->s, 4);
  imp_render_label (r, p, 6.0, phys_v2_scale (c->normal, -1.0), th->contact, FALSE, "s = %s", s);
}

/* The whole picture of one static test: the axes (all, or up to the stepped one), the
 * manifold, the normal and the MTV. */
static void
draw_sat (Render *r, const PhysSatRecord *sat)
{
  int step = r->in->sat_step - 1; /* the stepped axis, or -1: the overview */
  if (step >= sat->axis_count)
    step = sat->axis_count - 1;
  int lit = imp_render_sat_axis_of_term (r->in->highlight_term);
  /* The axis the picture is about: the stepped one; in the overview the first separating
   * axis (where the test stops), else the chosen one; one the card points at wins. */
  int main_axis = step >= 0                    ? step
                  : lit >= 0 && lit < sat->axis_count ? lit
                  : sat->first_separating >= 0 ? sat->first_separating
                                               : sat->best;
  for (int k = 0; k < sat->axis_count && k < PHYS_SAT_MAX_AXES; k++)
    {
      if (k == main_axis || (step >= 0 && k > step))
        continue;
      draw_axis (r, sat, k, FALSE, TRUE);
    }
  draw_axis (r, sat, main_axis, TRUE, FALSE);
  /* The answer of the test shows once every axis has been stepped through. */
  if (step < 0 || step == sat->axis_count - 1)
    {
      draw_manifold (r, sat);
      draw_mtv (r, sat);
    }
}

/**
 * imp_render_draw_rigid_selected:
 * @r: the picture
 *
 * The selected rigid event's figure (its tests found again from the frame's start, and
 * its answer's lever arms), or the selected rigid pair's.
 */
void
imp_render_draw_rigid_selected (Render *r)
{
  const ImpRenderInput *in = r->in;
  if (in->selected != NULL && phys_event_is_rigid (in->selected->kind))
    {
      PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
      if (phys_world_rigid_detail (in->world, in->selected, detail) == PHYS_OK)
        {
          if (detail->tests.has_curve)
            draw_curve_closest (r, &detail->tests.curve);
          draw_sat (r, &detail->tests.sat);
        }
      g_free (detail);
      if (in->sat_step == 0)
        draw_lever_arms (r, &in->selected->rigid);
    }
  else if (in->selected == NULL && in->pair != NULL && phys_event_is_rigid (in->pair->kind))
    {
      if (in->pair->rigid.tests.has_curve)
        draw_curve_closest (r, &in->pair->rigid.tests.curve);
      draw_sat (r, &in->pair->rigid.tests.sat);
    }
}

static PhysAabb
add_sat (PhysAabb box, const PhysSatRecord *sat)
{
  PhysAabb shapes = imp_aabb_empty ();
  for (int k = 0; k < sat->a.count; k++)
    shapes = imp_aabb_add_point (shapes, sat->a.vertices[k], 0.0);
  if (sat->shape_b == PHYS_SAT_SHAPE_POLYGON)
    for (int k = 0; k < sat->b.count; k++)
      shapes = imp_aabb_add_point (shapes, sat->b.vertices[k], 0.0);
  else if (sat->shape_b == PHYS_SAT_SHAPE_CIRCLE)
    shapes = imp_aabb_add_point (shapes, sat->center, sat->radius);
  else
    {
      /* A segment may be a long wall: only its part near the polygon. */
      PhysVec2 c = phys_v2_lerp (sat->a.vertices[0], sat->a.vertices[sat->a.count / 2], 0.5);
      shapes = imp_aabb_add_point (shapes, c, phys_v2_len (phys_v2_sub (sat->a.vertices[0], c)) * 2);
    }
  /* Room around them for the axis lines and their bars. */
  double pad = 0.45 * fmax (shapes.max.x - shapes.min.x, shapes.max.y - shapes.min.y);
  box = imp_aabb_add_point (box, shapes.min, pad);
  return imp_aabb_add_point (box, shapes.max, pad);
}

/**
 * imp_render_rigid_focus_box:
 * @input: what would be drawn
 * @box: the box so far
 *
 * Adds the selected rigid event's (or pair's) bodies and the room their axes take.
 *
 * Returns: the box
 */
PhysAabb
imp_render_rigid_focus_box (const ImpRenderInput *input, PhysAabb box)
{
  if (input->selected != NULL && phys_event_is_rigid (input->selected->kind)
      && input->world != NULL)
    {
      PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
      if (phys_world_rigid_detail (input->world, input->selected, detail) == PHYS_OK)
        box = add_sat (box, &detail->tests.sat);
      g_free (detail);
    }
  else if (input->selected == NULL && input->pair != NULL && phys_event_is_rigid (input->pair->kind))
    box = add_sat (box, &input->pair->rigid.tests.sat);
  return box;
}
