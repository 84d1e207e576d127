/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render-rigid.c: bodies that turn (docs/rigid-bodies.md): convex polygons with their
 * centre of mass and a radius line to their first vertex that shows the angle, Bezier curves
 * (with the selection, their control polygon and control points), the turn of a circle, and
 * angular velocities drawn as curved arrows the length of one frame's turn. */
#include "imp-render-private.h"

#include <math.h>

/* The quartered disc that marks a centre of mass. */
#define CENTRE_OF_MASS_PX 3.5
/* An angular velocity's arc runs this far outside its body. */
#define SPIN_GAP_PX 7.0
/* Arcs shorter than this are not drawn: the body hardly turns (as for velocity arrows). */
#define SPIN_MIN_PX 0.5
/* A turn drawn shorter than this is magnified by a round factor into this range of arc
 * lengths, and says so (as the relative velocity and the impulse do): a wheel turning a tenth
 * of a radian a frame would be a head without a shaft. */
#define SPIN_ARC_MIN_PX 40.0
#define SPIN_ARC_MAX_PX 160.0
/* A turn of more than this in one frame is drawn as this much: a full circle would say nothing
 * about the direction. */
#define SPIN_MAX_RAD (1.85 * G_PI)
/* A curve's control point handle: a square this wide. */
#define CONTROL_POINT_PX 7.0

/* Where polygon i stands: the world's pose (its centre of mass and angle) or the caller's. */
static PhysPose
polygon_pose (const Render *r, int i, const PhysPolygonBody *p)
{
  if (r->in->polygon_poses != NULL)
    return r->in->polygon_poses[i];
  return phys_pose (p->position.x, p->position.y, p->angle);
}

static double
circle_angle (const Render *r, int i, const PhysCircle *c)
{
  return r->in->circle_angles != NULL ? r->in->circle_angles[i] : c->angle;
}

/* The outline of a placed polygon, in pixels, as the current path. */
static void
polygon_path (Render *r, const PhysPolygonWorld *placed)
{
  cairo_t *cr = r->cr;

  for (int k = 0; k < placed->count; k++)
    {
      PhysVec2 p = px (r, placed->vertices[k]);
      if (k == 0)
        cairo_move_to (cr, p.x, p.y);
      else
        cairo_line_to (cr, p.x, p.y);
    }
  cairo_close_path (cr);
}

/* The classic mark of a centre of mass: a ring with two opposite quarters filled. */
static void
draw_centre_of_mass (Render *r, PhysVec2 c, ImpRgba color)
{
  cairo_t *cr = r->cr;

  cairo_new_sub_path (cr);
  cairo_arc (cr, c.x, c.y, CENTRE_OF_MASS_PX, 0.0, 2.0 * G_PI);
  imp_rgba_set_source (cr, r->theme->background);
  imp_draw_fill (cr);
  for (int q = 0; q < 2; q++)
    {
      cairo_move_to (cr, c.x, c.y);
      cairo_arc (cr, c.x, c.y, CENTRE_OF_MASS_PX, q * G_PI, q * G_PI + G_PI / 2.0);
      cairo_close_path (cr);
    }
  imp_rgba_set_source (cr, color);
  imp_draw_fill (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, c.x, c.y, CENTRE_OF_MASS_PX, 0.0, 2.0 * G_PI);
  cairo_set_line_width (cr, 1.0);
  imp_draw_stroke (cr);
}

/* The world position of a polygon's vertex 0 at its pose, which the angle mark points to. */
/* The mark of a body asleep: a "z" above and right of its centre of mass (inside the body when
 * it is large enough), in the body colour at full strength so it reads on either theme. */
static void
draw_sleep_mark (Render *r, PhysVec2 c, double rad_px)
{
  cairo_t *cr = r->cr;
  double size = 7.0;
  double off = MIN (rad_px * 0.45, 14.0);
  PhysVec2 o = phys_v2 (c.x + off, c.y - off - size);
  imp_draw_save (cr);
  cairo_move_to (cr, o.x, o.y);
  cairo_line_to (cr, o.x + size, o.y);
  cairo_line_to (cr, o.x, o.y + size);
  cairo_line_to (cr, o.x + size, o.y + size);
  cairo_set_line_width (cr, 1.8);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  imp_rgba_set_source (cr, r->theme->circle_stroke);
  imp_draw_stroke (cr);
  imp_draw_restore (cr);
}

static PhysVec2
first_vertex (const PhysPolygonBody *p, PhysPose pose)
{
  return phys_pose_apply (pose.position, cos (pose.angle), sin (pose.angle), p->shape.vertices[0]);
}

/**
 * imp_render_draw_polygons:
 *
 * Every polygon filled and outlined as circles are (fixed ones hatched), with a radius line
 * from its centre of mass to its first vertex, so that its angle reads at a glance, and the
 * centre of mass marked.
 */
void
imp_render_draw_polygons (Render *r)
{
  const PhysWorld *world = r->in->world;
  const ImpTheme *th = r->theme;
  cairo_t *cr = r->cr;
  int n = phys_world_polygon_count (world);

  for (int i = 0; i < n; i++)
    {
      PhysPolygonBody p = phys_world_get_polygon (world, i);
      PhysPose pose = polygon_pose (r, i, &p);
      PhysVec2 c = px (r, pose.position);
      double rad = p.radius * r->view->scale;
      if (c.x + rad < 0.0 || c.y + rad < 0.0 || c.x - rad > r->view->width
          || c.y - rad > r->view->height)
        continue;
      PhysPolygonWorld placed = phys_polygon_place (&p.shape, pose);
      ImpRgba fill = p.fixed ? th->fixed_fill : th->circle_fill;
      ImpRgba stroke = p.fixed ? th->fixed_stroke : th->circle_stroke;
      gboolean asleep = phys_polygon_is_asleep (&p);
      if (asleep)
        {
          /* Asleep: faded like a sleeping circle, with a "z" beside its centre of mass. */
          fill.a *= th->sleeping_alpha;
          stroke.a *= th->sleeping_alpha;
        }

      polygon_path (r, &placed);
      imp_rgba_set_source (cr, fill);
      imp_draw_fill_preserve (cr);
      if (p.fixed)
        {
          cairo_path_t *path = cairo_copy_path (cr);
          imp_render_hatch (r);
          cairo_append_path (cr, path);
          cairo_path_destroy (path);
        }
      cairo_set_line_width (cr, th->body_line_px);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      imp_rgba_set_source (cr, stroke);
      imp_draw_stroke (cr);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);

      imp_render_line (r, c, px (r, placed.vertices[0]), stroke, th->body_line_px * 0.75, FALSE);
      draw_centre_of_mass (r, c, stroke);
      if (n <= MAX_OBSTACLES / 4)
        imp_render_obstacle_circle (r, c, rad);
      if (asleep)
        draw_sleep_mark (r, c, rad);
      r->drawn |= (p.fixed ? DRAWN_FIXED_POLYGON
                   : asleep ? DRAWN_SLEEPING_POLYGON
                            : DRAWN_POLYGON)
                  | DRAWN_ANGLE;
    }
}

/**
 * imp_render_draw_circle_turns:
 *
 * A radius line at the angle of every circle that has turned or turns (angle or angular
 * velocity not 0); a circle that never turns is drawn as it always was.
 */
void
imp_render_draw_circle_turns (Render *r)
{
  const PhysWorld *world = r->in->world;
  const ImpTheme *th = r->theme;
  int n = phys_world_circle_count (world);

  for (int i = 0; i < n; i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      double angle = circle_angle (r, i, &c);
      if (angle == 0.0 && c.angular_velocity == 0.0)
        continue;
      PhysVec2 centre = px (r, circle_position (r, i, &c));
      double rad = c.radius * r->view->scale;
      if (rad < 2.0 || centre.x + rad < 0.0 || centre.y + rad < 0.0
          || centre.x - rad > r->view->width || centre.y - rad > r->view->height)
        continue;
      /* With y down, R(angle) (1, 0) = (cos, sin) turns clockwise on screen. */
      PhysVec2 rim = phys_v2 (centre.x + rad * cos (angle), centre.y + rad * sin (angle));
      ImpRgba stroke = c.fixed ? th->fixed_stroke : th->circle_stroke;
      imp_render_line (r, centre, rim, stroke, th->body_line_px * 0.75, FALSE);
      r->drawn |= DRAWN_ANGLE;
    }
}

/**
 * imp_render_draw_curves:
 *
 * Every curve as itself: cairo draws a cubic Bezier exactly, and the view's scale and shift
 * keep it one, so the line drawn is the curve the physics tests, not a polyline.
 */
void
imp_render_draw_curves (Render *r)
{
  const PhysWorld *world = r->in->world;
  const ImpTheme *th = r->theme;
  cairo_t *cr = r->cr;
  int n = phys_world_curve_count (world);

  if (n == 0)
    return;
  for (int i = 0; i < n; i++)
    {
      PhysCurve curve = phys_world_get_curve (world, i);
      PhysVec2 p[4];
      for (int k = 0; k < 4; k++)
        p[k] = px (r, curve.curve.p[k]);
      cairo_move_to (cr, p[0].x, p[0].y);
      cairo_curve_to (cr, p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y);
      if (n <= MAX_OBSTACLES / 8)
        for (int k = 0; k < 8; k++)
          {
            PhysVec2 a = px (r, phys_bezier_point (&curve.curve, k / 8.0));
            PhysVec2 b = px (r, phys_bezier_point (&curve.curve, (k + 1) / 8.0));
            imp_render_obstacle_line (r, a, b, th->segment_px);
          }
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, th->segment_px);
  imp_rgba_set_source (cr, th->curve);
  imp_draw_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  r->drawn |= DRAWN_CURVE;
}

/* An arc about c of radius rad from angle a0 turning by turn (clockwise on screen when
 * positive), with its head at the end; a short one magnified, with a label that says by how
 * much. */
static void
draw_spin_arc (Render *r, PhysVec2 c, double rad, double a0, double turn)
{
  cairo_t *cr = r->cr;
  double factor = imp_render_nice_factor (fabs (turn) * rad, SPIN_ARC_MIN_PX, SPIN_ARC_MAX_PX);
  if (factor > 1.0)
    turn = CLAMP (turn * factor, -SPIN_MAX_RAD, SPIN_MAX_RAD);
  double a1 = a0 + turn;
  double head = MIN (ARROW_HEAD_PX * 0.8, fabs (turn) * rad);
  /* The shaft stops where the head begins, the head's base a chord short of the end. */
  double back = head * 0.8 / rad * (turn > 0.0 ? 1.0 : -1.0);

  cairo_new_sub_path (cr);
  if (turn > 0.0)
    cairo_arc (cr, c.x, c.y, rad, a0, a1 - back);
  else
    cairo_arc_negative (cr, c.x, c.y, rad, a0, a1 - back);
  cairo_set_line_width (cr, r->theme->overlay_line_px * 0.85);
  imp_rgba_set_source (cr, r->theme->velocity);
  imp_draw_stroke (cr);

  PhysVec2 tip = phys_v2 (c.x + rad * cos (a1), c.y + rad * sin (a1));
  /* The head points along the arc's tangent at its end, the way it turns. */
  double sign = turn > 0.0 ? 1.0 : -1.0;
  PhysVec2 tangent = phys_v2 (-sin (a1) * sign, cos (a1) * sign);
  imp_render_head_path (cr, phys_v2_add_scaled (tip, tangent, -head), tip, head);
  imp_draw_fill (cr);
  if (factor > 1.0)
    {
      char f[64];
      PhysVec2 out = phys_v2 (cos (a1), sin (a1));
      imp_render_fmt_factor (f, sizeof f, factor);
      imp_render_label (r, tip, ARROW_HEAD_PX, out, r->theme->velocity, FALSE, "\u03c9%s", f);
    }
  r->drawn |= DRAWN_SPIN;
}

/* How far a body turns in one frame at w, as drawn: to scale, but never a whole turn. */
static double
frame_turn (const Render *r, double w)
{
  double turn = w * phys_world_get_def (r->in->world)->dt;
  return CLAMP (turn, -SPIN_MAX_RAD, SPIN_MAX_RAD);
}

/**
 * imp_render_draw_spins:
 *
 * Angular velocities, where velocities are drawn: a curved arrow just outside the path of each
 * turning body's first vertex (a circle's rim), starting on the line of its angle mark and as
 * long as the turn of one frame (the straight arrows' rule: the tip is where the mark will be
 * when the frame ends); a short one magnified by a round factor that its label gives.
 */
void
imp_render_draw_spins (Render *r)
{
  const PhysWorld *world = r->in->world;
  double scale = r->view->scale;

  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody p = phys_world_get_polygon (world, i);
      PhysPose pose = polygon_pose (r, i, &p);
      double turn = frame_turn (r, p.angular_velocity);
      /* Just outside the path of the first vertex, which the angle mark points at. */
      PhysVec2 v0 = phys_v2_sub (first_vertex (&p, pose), pose.position);
      double rad = phys_v2_len (v0) * scale + SPIN_GAP_PX;
      if (!(fabs (turn) * rad >= SPIN_MIN_PX))
        continue;
      PhysVec2 c = px (r, pose.position);
      draw_spin_arc (r, c, rad, atan2 (v0.y, v0.x), turn);
    }
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      double turn = frame_turn (r, c.angular_velocity);
      double rad = c.radius * scale + SPIN_GAP_PX;
      if (!(fabs (turn) * rad >= SPIN_MIN_PX))
        continue;
      PhysVec2 centre = px (r, circle_position (r, i, &c));
      draw_spin_arc (r, centre, rad, circle_angle (r, i, &c), turn);
    }
}

/**
 * imp_render_rotation_handle:
 * @view: the view drawn
 * @world: the world drawn
 * @polygon: a polygon's index
 *
 * Where the selection's rotation handle of a polygon is drawn: on the line of its angle mark
 * (from the centre of mass through the first vertex), #IMP_RENDER_ROTATION_HANDLE_PX beyond
 * the body's farthest vertex. The canvas turns the polygon when it is dragged.
 *
 * Returns: the handle's centre, pixels
 */
PhysVec2
imp_render_rotation_handle (const ImpView *view, const PhysWorld *world, int polygon)
{
  PhysPolygonBody p = phys_world_get_polygon (world, polygon);
  PhysPose pose = phys_pose (p.position.x, p.position.y, p.angle);
  PhysVec2 u = phys_v2_unit (phys_v2_sub (first_vertex (&p, pose), p.position));
  PhysVec2 c = imp_view_to_screen (view, p.position);
  return phys_v2_add_scaled (c, u, p.radius * view->scale + IMP_RENDER_ROTATION_HANDLE_PX);
}

/* The selection's mark on polygon i: its outline widened, and the rotation handle. */
void
imp_render_select_polygon (Render *r, int i)
{
  const ImpTheme *th = r->theme;
  PhysPolygonBody p = phys_world_get_polygon (r->in->world, i);
  PhysPose pose = polygon_pose (r, i, &p);
  PhysPolygonWorld placed = phys_polygon_place (&p.shape, pose);
  ImpRgba halo = th->selection;

  halo.a = 0.5;
  polygon_path (r, &placed);
  cairo_set_line_join (r->cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (r->cr, th->body_line_px + 2.0 * SELECTION_GAP_PX);
  imp_rgba_set_source (r->cr, halo);
  imp_draw_stroke (r->cr);
  cairo_set_line_join (r->cr, CAIRO_LINE_JOIN_MITER);

  PhysVec2 c = px (r, pose.position);
  PhysVec2 handle = imp_render_rotation_handle (r->view, r->in->world, i);
  if (r->in->polygon_poses == NULL)
    {
      imp_render_line (r, px (r, first_vertex (&p, pose)), handle, th->selection, 1.5, TRUE);
      imp_render_dot (r, handle, IMP_RENDER_ROTATION_HANDLE_RADIUS_PX, th->selection);
      imp_render_obstacle_dot (r, handle, IMP_RENDER_ROTATION_HANDLE_RADIUS_PX + 2.0);
    }
  imp_render_obstacle_circle (r, c, p.radius * r->view->scale + SELECTION_GAP_PX);
}

/* The selection's mark on curve i: the curve widened, its control polygon dashed and a square
 * at each control point (the handles the canvas drags). */
void
imp_render_select_curve (Render *r, int i)
{
  const ImpTheme *th = r->theme;
  cairo_t *cr = r->cr;
  PhysCurve curve = phys_world_get_curve (r->in->world, i);
  PhysVec2 p[4];
  ImpRgba halo = th->selection;

  for (int k = 0; k < 4; k++)
    p[k] = px (r, curve.curve.p[k]);
  halo.a = 0.5;
  cairo_move_to (cr, p[0].x, p[0].y);
  cairo_curve_to (cr, p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, th->segment_px + 2.0 * SELECTION_GAP_PX);
  imp_rgba_set_source (cr, halo);
  imp_draw_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  for (int k = 0; k < 3; k++)
    imp_render_line (r, p[k], p[k + 1], th->construction, 1.25, TRUE);
  double h = CONTROL_POINT_PX / 2.0;
  for (int k = 0; k < 4; k++)
    {
      cairo_rectangle (cr, p[k].x - h, p[k].y - h, CONTROL_POINT_PX, CONTROL_POINT_PX);
      imp_rgba_set_source (cr, th->background);
      imp_draw_fill_preserve (cr);
      cairo_set_line_width (cr, 1.5);
      imp_rgba_set_source (cr, th->construction);
      imp_draw_stroke (cr);
      imp_render_obstacle_dot (r, p[k], CONTROL_POINT_PX);
    }
  r->drawn |= DRAWN_CONTROL;
}
