/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render-bodies.c: the page, the bodies and what every body carries:
 * trails, velocity arrows, the ghost branch, the selection ring. A large world
 * on pixels goes through the shortcuts of imp-raster.h. */
#include "imp-render-private.h"

#include <math.h>

/* Background, bounds, trails */

void
imp_render_draw_background (Render *r)
{
  cairo_t *cr = r->cr;
  const PhysWorldDef *def = phys_world_get_def (r->in->world);

  if (r->in->no_page)
    {
      if (def->has_bounds)
        {
          PhysVec2 a = px (r, def->bounds.min), b = px (r, def->bounds.max);
          cairo_rectangle (cr, a.x, a.y, b.x - a.x, b.y - a.y);
          cairo_set_line_width (cr, 2.0);
          imp_rgba_set_source (cr, r->theme->bounds);
          imp_draw_stroke (cr);
        }
      return;
    }

  cairo_rectangle (cr, 0, 0, r->view->width, r->view->height);
  if (!def->has_bounds)
    {
      imp_rgba_set_source (cr, r->theme->background);
      imp_draw_fill (cr);
      return;
    }

  /* Each pixel is filled once: the page outside the bounds, then inside. */
  PhysVec2 a = px (r, def->bounds.min), b = px (r, def->bounds.max);
  cairo_rectangle (cr, a.x, a.y, b.x - a.x, b.y - a.y);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  imp_rgba_set_source (cr, r->theme->outside);
  imp_draw_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_rectangle (cr, a.x, a.y, b.x - a.x, b.y - a.y);
  imp_rgba_set_source (cr, r->theme->background);
  imp_draw_fill_preserve (cr);
  cairo_set_line_width (cr, 2.0);
  imp_rgba_set_source (cr, r->theme->bounds);
  imp_draw_stroke (cr);
}

/* Trails fade with age. As paths they fade in three steps, one stroke per
 * step for all circles; in a large world on pixels they go into a line mask,
 * where each segment fades on its own. */
void
imp_render_draw_trails (Render *r)
{
  const ImpRenderInput *in = r->in;
  int n = phys_world_circle_count (in->world);
  cairo_t *cr = r->cr;
  ImpLineMask *mask = &r->cache->mask;

  if (in->trail == NULL || in->trail_len < 1 || in->trail_stride < n)
    return;
  r->drawn |= DRAWN_TRAIL;

  if ((gint64) n * in->trail_len >= RASTER_MIN_SEGMENTS && r->raster
      && imp_line_mask_begin (mask, cr))
    {
      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (in->world, i);
          PhysVec2 a = px (r, in->trail[i]), p = a;
          int age = 0;
          for (int k = 1; k <= in->trail_len; k++)
            {
              PhysVec2 b = px (r, k < in->trail_len ? in->trail[(gsize) k * in->trail_stride + i]
                                                    : circle_position (r, i, &c));
              /* Between collisions a trail is straight: steps that keep within
               * a third of a pixel of the line so far extend it, so a straight
               * run costs one line however many frames it spans. */
              PhysVec2 ab = phys_v2_sub (b, a), ap = phys_v2_sub (p, a);
              double cross = phys_v2_cross (ab, ap);
              if (k < in->trail_len && phys_v2_dot (ab, ap) >= 0.0
                  && phys_v2_len_sq (ap) <= phys_v2_len_sq (ab)
                  && cross * cross <= TRAIL_TOLERANCE_PX * TRAIL_TOLERANCE_PX * phys_v2_len_sq (ab)
                  && k - age < in->trail_len / 4 + 1)
                {
                  p = b;
                  continue;
                }
              imp_line_mask_line (mask, a.x, a.y, p.x, p.y,
                                  0.25 + 0.75 * (k - 1) / (double) in->trail_len);
              a = p;
              p = b;
              age = k;
            }
          imp_line_mask_line (mask, a.x, a.y, p.x, p.y, 1.0);
        }
      imp_line_mask_paint (mask, r->theme->trail);
      return;
    }

  cairo_set_line_width (cr, 1.25);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int step = 0; step < 3; step++)
    {
      int first = in->trail_len * step / 3, last = in->trail_len * (step + 1) / 3;
      if (step == 2)
        last = in->trail_len;
      if (last <= first)
        continue;
      for (int i = 0; i < n; i++)
        {
          PhysVec2 p = px (r, in->trail[(gsize) first * in->trail_stride + i]);
          cairo_move_to (cr, p.x, p.y);
          for (int k = first + 1; k <= last; k++)
            {
              PhysVec2 w;
              if (k < in->trail_len)
                w = in->trail[(gsize) k * in->trail_stride + i];
              else
                {
                  PhysCircle c = phys_world_get_circle (in->world, i);
                  w = circle_position (r, i, &c);
                }
              p = px (r, w);
              cairo_line_to (cr, p.x, p.y);
            }
        }
      imp_rgba_set_source_alpha (cr, r->theme->trail, 0.3 + 0.35 * step);
      imp_draw_stroke (cr);
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
}

/* Bodies */

typedef enum
{
  STYLE_MOVABLE,
  STYLE_SLEEPING,
  STYLE_PASSIVE,
  STYLE_FIXED,
  N_STYLES
} CircleStyle;

static CircleStyle
circle_style (const PhysCircle *c)
{
  if (c->fixed)
    return STYLE_FIXED;
  if (!c->collides)
    return STYLE_PASSIVE;
  if (phys_circle_is_asleep (c))
    return STYLE_SLEEPING;
  return STYLE_MOVABLE;
}

/* Fixed circles are hatched, so that "cannot move" reads without colour. */
void
imp_render_hatch (Render *r)
{
  cairo_t *cr = r->cr;
  double x1, y1, x2, y2;

  imp_draw_save (cr);
  imp_draw_clip (cr);
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  for (double d = x1 - (y2 - y1); d < x2; d += 7.0)
    {
      cairo_move_to (cr, d, y2);
      cairo_line_to (cr, d + (y2 - y1), y1);
    }
  cairo_set_line_width (cr, 1.0);
  imp_rgba_set_source_alpha (cr, r->theme->fixed_stroke, 0.6);
  imp_draw_stroke (cr);
  imp_draw_restore (cr);
}

static ImpStampStyle
circle_look (Render *r, CircleStyle style)
{
  const ImpTheme *th = r->theme;
  ImpStampStyle look = { th->circle_fill, th->circle_stroke, th->body_line_px, FALSE };

  switch (style)
    {
    case STYLE_SLEEPING:
      look.fill.a *= th->sleeping_alpha;
      look.stroke.a *= th->sleeping_alpha;
      r->drawn |= DRAWN_SLEEPING;
      break;
    case STYLE_PASSIVE:
      look.fill = th->passive_fill;
      look.stroke = th->passive_stroke;
      r->drawn |= DRAWN_PASSIVE;
      break;
    case STYLE_FIXED:
      look.fill = th->fixed_fill;
      look.stroke = th->fixed_stroke;
      r->drawn |= DRAWN_FIXED;
      break;
    case STYLE_MOVABLE:
    case N_STYLES:
    default:
      r->drawn |= DRAWN_CIRCLE;
      break;
    }
  return look;
}

/* One path per style, filled and outlined once; in a large world on pixels,
 * stamps instead (imp-raster.h). */
void
imp_render_draw_circles (Render *r)
{
  const ImpTheme *th = r->theme;
  const PhysWorld *world = r->in->world;
  cairo_t *cr = r->cr;
  int n = phys_world_circle_count (world);
  double scale = r->view->scale;

  for (int style = 0; style < N_STYLES; style++)
    {
      ImpStampStyle look = { { 0.0, 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 0.0 }, 0.0, FALSE };
      int drawn = 0, in_path = 0;
      /* Hatching needs a path. */
      gboolean stamp = r->use_stamps && style != STYLE_FIXED;

      for (int i = 0; i < n; i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          if ((int) circle_style (&c) != style)
            continue;
          PhysVec2 p = px (r, circle_position (r, i, &c));
          double rad = MAX (c.radius * scale, 0.5);
          if (p.x + rad < 0.0 || p.y + rad < 0.0 || p.x - rad > r->view->width
              || p.y - rad > r->view->height)
            continue;
          if (drawn++ == 0)
            look = circle_look (r, (CircleStyle) style);
          if (stamp && imp_stamps_circle (&r->cache->stamps, style, &look, p.x, p.y, rad))
            continue;
          cairo_new_sub_path (cr);
          cairo_arc (cr, p.x, p.y, rad, 0.0, 2.0 * G_PI);
          in_path++;
        }
      if (in_path == 0)
        continue;

      imp_rgba_set_source (cr, look.fill);
      imp_draw_fill_preserve (cr);
      if (style == STYLE_FIXED)
        {
          cairo_path_t *path = cairo_copy_path (cr);
          imp_render_hatch (r);
          cairo_append_path (cr, path);
          cairo_path_destroy (path);
        }
      cairo_set_line_width (cr, th->body_line_px);
      imp_rgba_set_source (cr, look.stroke);
      imp_draw_stroke (cr);
    }
}

void
imp_render_draw_segments (Render *r)
{
  const ImpTheme *th = r->theme;
  const PhysWorld *world = r->in->world;
  cairo_t *cr = r->cr;
  int n = phys_world_segment_count (world);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int pass = 0; pass < 2; pass++)
    {
      PhysResponse response = pass == 0 ? PHYS_RESPONSE_REFLECT : PHYS_RESPONSE_SLIDE;
      ImpRgba color = pass == 0 ? th->segment_reflect : th->segment_slide;
      int count = 0;

      for (int i = 0; i < n; i++)
        {
          PhysSegment s = phys_world_get_segment (world, i);
          if (s.is_bound || s.response != response)
            continue;
          PhysVec2 a = px (r, s.a), b = px (r, s.b);
          cairo_move_to (cr, a.x, a.y);
          cairo_line_to (cr, b.x, b.y);
          if (n <= MAX_OBSTACLES / 4)
            imp_render_obstacle_line (r, a, b, th->segment_px);
          count++;
        }
      if (count == 0)
        continue;
      cairo_set_line_width (cr, th->segment_px);
      imp_rgba_set_source (cr, color);
      if (response == PHYS_RESPONSE_SLIDE)
        {
          /* A rail: a light groove along the middle tells slide from reflect
           * without relying on the colour. */
          imp_draw_stroke_preserve (cr);
          cairo_set_line_width (cr, th->segment_px / 3.0);
          imp_rgba_set_source (cr, th->background);
        }
      imp_draw_stroke (cr);

      for (int i = 0; i < n; i++)
        {
          PhysSegment s = phys_world_get_segment (world, i);
          if (s.is_bound || s.response != response)
            continue;
          PhysVec2 a = px (r, s.a), b = px (r, s.b);
          cairo_new_sub_path (cr);
          cairo_arc (cr, a.x, a.y, th->segment_px * 0.9, 0.0, 2.0 * G_PI);
          cairo_new_sub_path (cr);
          cairo_arc (cr, b.x, b.y, th->segment_px * 0.9, 0.0, 2.0 * G_PI);
        }
      imp_rgba_set_source (cr, color);
      imp_draw_fill (cr);
      r->drawn |= pass == 0 ? DRAWN_REFLECT : DRAWN_SLIDE;
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

/* Where a spring holds its body: the point local (in the body's frame, about its centre) turned
 * and moved with the body as drawn. An end at (0, 0) is the centre, exactly. */
static PhysVec2
spring_end (const Render *r, PhysBodyKind kind, int index, PhysVec2 local)
{
  const PhysWorld *world = r->in->world;
  PhysVec2 centre;
  double angle;

  if (kind == PHYS_BODY_POLYGON)
    {
      PhysPolygonBody p = phys_world_get_polygon (world, index);
      PhysPose pose = r->in->polygon_poses != NULL ? r->in->polygon_poses[index]
                                                   : phys_pose (p.position.x, p.position.y,
                                                                p.angle);
      centre = pose.position;
      angle = pose.angle;
    }
  else
    {
      PhysCircle c = phys_world_get_circle (world, index);
      centre = circle_position (r, index, &c);
      angle = r->in->circle_angles != NULL ? r->in->circle_angles[index] : c.angle;
    }
  if (local.x == 0.0 && local.y == 0.0)
    return centre;
  return phys_pose_apply (centre, cos (angle), sin (angle), local);
}

/* A spring is a zigzag between its ends; a bungee a plain line, dashed while
 * slack (it only pulls once longer than its rest length). Springs are drawn before the
 * bodies, which cover their ends at the centres; imp_render_draw_spring_ends() marks the rest
 * over the bodies. */
void
imp_render_draw_springs (Render *r)
{
  const PhysWorld *world = r->in->world;
  const ImpTheme *th = r->theme;
  cairo_t *cr = r->cr;
  int n = phys_world_force_count (world);

  for (int i = 0; i < n; i++)
    {
      PhysForce f = phys_world_get_force (world, i);
      if (f.kind != PHYS_FORCE_SPRING && f.kind != PHYS_FORCE_BUNGEE)
        continue;
      PhysVec2 wa = spring_end (r, f.kind_a, f.body_a, f.local_a), wb = f.anchor;
      if (f.body_b >= 0)
        wb = spring_end (r, f.kind_b, f.body_b, f.local_b);
      PhysVec2 a = px (r, wa), b = px (r, wb);
      PhysVec2 d = phys_v2_sub (b, a);
      double len = phys_v2_len (d);

      if (n <= MAX_OBSTACLES / 4)
        imp_render_obstacle_line (r, a, b, SPRING_ZIG_PX + 1.0);
      if (f.kind == PHYS_FORCE_BUNGEE)
        {
          gboolean slack = phys_v2_len (phys_v2_sub (wb, wa)) <= f.rest_length;
          imp_render_line (r, a, b, th->spring, 1.5, slack);
          r->drawn |= DRAWN_BUNGEE;
        }
      else if (len < 4.0 * SPRING_ZIG_PX)
        imp_render_line (r, a, b, th->spring, 1.5, FALSE);
      else
        {
          PhysVec2 u = phys_v2_scale (d, 1.0 / len), side = phys_v2_left_normal (u);
          int zigs = CLAMP ((int) (len / (2.0 * SPRING_ZIG_PX)), 4, 24);
          /* Straight leads at both ends, the coil between. */
          double lead = len * 0.1, coil = len - 2.0 * lead;
          cairo_move_to (cr, a.x, a.y);
          PhysVec2 p = phys_v2_add_scaled (a, u, lead);
          cairo_line_to (cr, p.x, p.y);
          for (int k = 0; k < zigs; k++)
            {
              double s = lead + coil * (k + 0.5) / zigs;
              PhysVec2 q = phys_v2_add_scaled (phys_v2_add_scaled (a, u, s), side,
                                               (k % 2 == 0 ? 1.0 : -1.0) * SPRING_ZIG_PX);
              cairo_line_to (cr, q.x, q.y);
            }
          p = phys_v2_add_scaled (b, u, -lead);
          cairo_line_to (cr, p.x, p.y);
          cairo_line_to (cr, b.x, b.y);
          cairo_set_line_width (cr, 1.5);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          imp_rgba_set_source (cr, th->spring);
          imp_draw_stroke (cr);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
          r->drawn |= DRAWN_SPRING;
        }
    }
}

/* Over every body: a ring where a spring holds a body at a point of its own (a wheel by its
 * rim), since that point is where its torque comes from, and each fixed anchor's small
 * square (an axle at the centre of a wheel is seen on it). */
void
imp_render_draw_spring_ends (Render *r)
{
  const PhysWorld *world = r->in->world;
  const ImpTheme *th = r->theme;
  int n = phys_world_force_count (world);

  for (int i = 0; i < n; i++)
    {
      PhysForce f = phys_world_get_force (world, i);
      if (f.kind != PHYS_FORCE_SPRING && f.kind != PHYS_FORCE_BUNGEE)
        continue;
      if (f.local_a.x != 0.0 || f.local_a.y != 0.0)
        imp_render_ring (r, px (r, spring_end (r, f.kind_a, f.body_a, f.local_a)), 2.5,
                         th->spring, 1.5, FALSE);
      if (f.body_b >= 0 && (f.local_b.x != 0.0 || f.local_b.y != 0.0))
        imp_render_ring (r, px (r, spring_end (r, f.kind_b, f.body_b, f.local_b)), 2.5,
                         th->spring, 1.5, FALSE);
      if (f.body_b >= 0)
        continue;
      imp_render_anchor_square (r->cr, px (r, f.anchor), th->fixed_fill, th->spring);
      r->drawn |= DRAWN_ANCHOR;
    }
}

void
imp_render_draw_probes (Render *r)
{
  const PhysWorld *world = r->in->world;
  cairo_t *cr = r->cr;
  int n = phys_world_probe_count (world);

  if (n == 0)
    return;
  for (int i = 0; i < n; i++)
    {
      PhysProbe p = phys_world_get_probe (world, i);
      PhysVec2 c = px (r, p.position);
      PhysVec2 u = phys_v2_unit (p.velocity);
      if (u.x == 0.0 && u.y == 0.0)
        u = phys_v2 (1.0, 0.0);
      PhysVec2 n_side = phys_v2_left_normal (u);
      PhysVec2 tip = phys_v2_add_scaled (c, u, PROBE_SIZE_PX);
      PhysVec2 back = phys_v2_add_scaled (c, u, -PROBE_SIZE_PX * 0.6);
      cairo_move_to (cr, tip.x, tip.y);
      cairo_line_to (cr, back.x + n_side.x * PROBE_SIZE_PX * 0.7,
                     back.y + n_side.y * PROBE_SIZE_PX * 0.7);
      cairo_line_to (cr, back.x - n_side.x * PROBE_SIZE_PX * 0.7,
                     back.y - n_side.y * PROBE_SIZE_PX * 0.7);
      cairo_close_path (cr);
      if (n <= MAX_OBSTACLES / 4)
        imp_render_obstacle_dot (r, c, PROBE_SIZE_PX);
    }
  imp_rgba_set_source (cr, r->theme->probe);
  imp_draw_fill (cr);
  r->drawn |= DRAWN_PROBE;
}

/* A dashed ring as a polygon in a coverage mask, every other edge drawn. */
static void
mask_dashed_ring (ImpLineMask *mask, PhysVec2 c, double radius)
{
  int sides = 2 * CLAMP ((int) (G_PI * radius / 4.0), 6, 48);
  double step = 2.0 * G_PI / sides;
  double cs = cos (step), sn = sin (step);
  /* Walk the ring by rotating a vector: no trigonometry per vertex. */
  double x = radius, y = 0.0;

  for (int i = 0; i < sides; i++)
    {
      double nx = x * cs - y * sn, ny = x * sn + y * cs;
      if (i % 2 == 0)
        imp_line_mask_line (mask, c.x + x, c.y + y, c.x + nx, c.y + ny, 1.0);
      x = nx;
      y = ny;
    }
}

void
imp_render_draw_ghost_branch (Render *r)
{
  const PhysWorld *world = r->in->world;
  cairo_t *cr = r->cr;
  int n = phys_world_circle_count (world);
  ImpRgba color = r->theme->ghost_branch;
  int in_path = 0;
  ImpLineMask *mask = NULL;

  if (r->in->ghost_positions == NULL || n == 0)
    return;
  color.a *= 0.9;
  if (r->use_stamps && imp_line_mask_begin (&r->cache->mask, cr))
    mask = &r->cache->mask;
  for (int i = 0; i < n; i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      PhysVec2 p = px (r, r->in->ghost_positions[i]);
      double rad = MAX (c.radius * r->view->scale, 0.5);
      if (p.x + rad < 0.0 || p.y + rad < 0.0 || p.x - rad > r->view->width
          || p.y - rad > r->view->height)
        continue;
      if (mask != NULL && rad <= IMP_STAMP_MAX_RADIUS_PX)
        {
          mask_dashed_ring (mask, p, rad);
          continue;
        }
      cairo_new_sub_path (cr);
      cairo_arc (cr, p.x, p.y, rad, 0.0, 2.0 * G_PI);
      in_path++;
    }
  if (mask != NULL)
    imp_line_mask_paint (mask, color);
  if (in_path > 0)
    {
      cairo_set_line_width (cr, 1.5);
      imp_render_set_dash (cr, TRUE);
      imp_rgba_set_source (cr, color);
      imp_draw_stroke (cr);
      imp_render_set_dash (cr, FALSE);
    }
  r->drawn |= DRAWN_GHOST_BRANCH;
}

/* Whether the selected event's figure draws circle i's velocity from its
 * record (a test that began inside the frame starts elsewhere). */
static gboolean
drawn_by_figure (const Render *r, int i)
{
  const PhysEvent *ev = r->in->selected;

  if (ev != NULL && ev->kind != PHYS_EVENT_CIRCLE_CIRCLE && ev->kind != PHYS_EVENT_CIRCLE_SEGMENT)
    return FALSE;
  return i == r->focus_a || i == r->focus_b;
}

/* Velocity arrows of every circle: one stroke for the shafts, one fill for the
 * heads. */
/* Whether circle i's arrow a-b would lie on another circle's (head-on). */
static gboolean
overlaps_another (const Render *r, const PhysVec2 *disp, int i, PhysVec2 a, PhysVec2 b)
{
  int n = phys_world_circle_count (r->in->world);
  for (int k = 0; k < n; k++)
    {
      if (k == i || drawn_by_figure (r, k))
        continue;
      PhysCircle c = phys_world_get_circle (r->in->world, k);
      PhysVec2 ka = px (r, circle_position (r, k, &c));
      PhysVec2 kb = px (r, phys_v2_add (c.position, disp[k]));
      if (imp_render_arrows_overlap (a, b, ka, kb))
        return TRUE;
    }
  return FALSE;
}

void
imp_render_draw_velocities (Render *r, const PhysVec2 *disp)
{
  const PhysWorld *world = r->in->world;
  cairo_t *cr = r->cr;
  int n = phys_world_circle_count (world);
  double scale = r->view->scale;
  int drawn = 0;
  /* In a large world on pixels, arrows too short for a visible head are lines
   * in a coverage mask: thousands of tiny triangles cost more than the rest
   * of the picture. */
  ImpLineMask *mask
      = r->use_stamps && imp_line_mask_begin (&r->cache->mask, cr) ? &r->cache->mask : NULL;

  for (int pass = 0; pass < 2; pass++)
    {
      for (int i = 0; i < n; i++)
        {
          if (drawn_by_figure (r, i))
            continue;
          PhysCircle c = phys_world_get_circle (world, i);
          /* From where the body is drawn to where the frame would end it. */
          PhysVec2 a = px (r, circle_position (r, i, &c));
          PhysVec2 b = px (r, phys_v2_add (c.position, disp[i]));
          PhysVec2 d = phys_v2_sub (b, a);
          double len = phys_v2_len (d);
          if (!(len >= 1.0) || !isfinite (len))
            continue;
          if (mask == NULL)
            {
              imp_render_arrow_outside (&a, &b, c.radius * scale);
              if (n <= MAX_RIVALS && overlaps_another (r, disp, i, a, b))
                imp_render_arrow_aside (&a, &b);
            }
          if (MAX (a.x, b.x) < 0.0 || MAX (a.y, b.y) < 0.0 || MIN (a.x, b.x) > r->view->width
              || MIN (a.y, b.y) > r->view->height)
            continue;
          if (mask != NULL && len < SHORT_ARROW_PX)
            {
              if (pass == 0)
                {
                  imp_line_mask_line (mask, a.x, a.y, b.x, b.y, 1.0);
                  drawn++;
                }
              continue;
            }
          double head = MIN (ARROW_HEAD_PX * 0.8, len);
          if (pass == 0 && len > head)
            {
              PhysVec2 end = phys_v2_add_scaled (b, d, -head * 0.8 / len);
              cairo_move_to (cr, a.x, a.y);
              cairo_line_to (cr, end.x, end.y);
            }
          else if (pass == 1)
            {
              imp_render_head_path (cr, a, b, head);
              drawn++;
              /* In a small world, names keep off the arrows too. */
              if (n <= MAX_RIVALS)
                imp_render_obstacle_line (r, a, b, ARROW_HALF_WIDTH_PX);
            }
        }
      imp_rgba_set_source (cr, r->theme->velocity);
      if (pass == 0)
        {
          cairo_set_line_width (cr, r->theme->overlay_line_px * 0.85);
          imp_draw_stroke (cr);
        }
      else
        imp_draw_fill (cr);
    }
  if (mask != NULL)
    imp_line_mask_paint (mask, r->theme->velocity);
  if (drawn > 0)
    r->drawn |= DRAWN_VELOCITY;
}

/* The selection's mark around body i of kind. */
static void
draw_selected (Render *r, int i, PhysBodyKind kind)
{
  const PhysWorld *world = r->in->world;
  const ImpTheme *th = r->theme;

  switch (kind)
    {
    case PHYS_BODY_CIRCLE:
      if (i < 0 || i >= phys_world_circle_count (world))
        return;
      {
        PhysCircle c = phys_world_get_circle (world, i);
        PhysVec2 p = px (r, circle_position (r, i, &c));
        double rad = c.radius * r->view->scale + SELECTION_GAP_PX;
        imp_render_ring (r, p, rad, th->selection, 2.5, FALSE);
        imp_render_obstacle_circle (r, p, rad + 1.5);
      }
      break;
    case PHYS_BODY_SEGMENT:
      if (i < 0 || i >= phys_world_segment_count (world))
        return;
      {
        PhysSegment s = phys_world_get_segment (world, i);
        PhysVec2 a = px (r, s.a), b = px (r, s.b);
        cairo_set_line_cap (r->cr, CAIRO_LINE_CAP_ROUND);
        ImpRgba c = th->selection;
        c.a = 0.5;
        imp_render_line (r, a, b, c, th->segment_px + 2.0 * SELECTION_GAP_PX, FALSE);
        cairo_set_line_cap (r->cr, CAIRO_LINE_CAP_BUTT);
      }
      break;
    case PHYS_BODY_PROBE:
      if (i < 0 || i >= phys_world_probe_count (world))
        return;
      imp_render_ring (r, px (r, phys_world_get_probe (world, i).position),
                       PROBE_SIZE_PX + SELECTION_GAP_PX, th->selection, 2.5, FALSE);
      break;
    case PHYS_BODY_POLYGON:
      if (i < 0 || i >= phys_world_polygon_count (world))
        return;
      imp_render_select_polygon (r, i);
      break;
    case PHYS_BODY_CURVE:
      if (i < 0 || i >= phys_world_curve_count (world))
        return;
      imp_render_select_curve (r, i);
      break;
    default:
      return;
    }
  r->drawn |= DRAWN_SELECTION;
}

void
imp_render_draw_selection (Render *r)
{
  draw_selected (r, r->in->selected_body, r->in->selected_kind);
  draw_selected (r, r->in->selected_other, r->in->selected_other_kind);
}
