/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render-figures.c: the math of the selected event or pair, drawn from its
 * records.
 *
 * The constructions follow the seeds: seed 000 for the swept circles (ghosts
 * at t, normal, impulse), seed 002 for circle against segment (projections on
 * the left normal and along the line, A' = A + 2 V(Ap)), seed 003 for probes
 * (signed time to impact). */
#include "imp-render-private.h"

#include <glib/gi18n.h>
#include <math.h>

/* The area a circle sweeps from a to b (world): a capsule, filled, with its
 * outline and the circle where the motion ends dashed. */
static void
draw_swept (Render *r, PhysVec2 a_world, PhysVec2 b_world, double radius)
{
  cairo_t *cr = r->cr;
  PhysVec2 a = px (r, a_world), b = px (r, b_world);
  double rad = radius * r->view->scale;
  PhysVec2 n = phys_v2_scale (phys_v2_unit (phys_v2_left_normal (phys_v2_sub (b, a))), rad);

  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, b.x, b.y);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 2.0 * rad);
  imp_rgba_set_source (cr, r->theme->swept_fill);
  imp_draw_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  if (n.x != 0.0 || n.y != 0.0)
    {
      imp_render_line (r, phys_v2_add (a, n), phys_v2_add (b, n), r->theme->swept_stroke, 1.0,
                       TRUE);
      imp_render_line (r, phys_v2_sub (a, n), phys_v2_sub (b, n), r->theme->swept_stroke, 1.0,
                       TRUE);
    }
  imp_render_ring (r, b, rad, r->theme->swept_stroke, 1.25, TRUE);
  imp_label_placer_add_obstacle (&r->placer, imp_capsule_line (a.x, a.y, b.x, b.y, rad + 1.0),
                                 IMP_OBSTACLE_AREA);
  r->drawn |= DRAWN_SWEPT;
}

/* The math of one event or pair */

/* A verdict in its test's own terms: the swept quadratic's for two circles,
 * the line's and its ends' for a circle and a segment. */
static const char *
verdict_text (PhysVerdict verdict, gboolean segment)
{
  if (segment)
    switch (verdict)
      {
      case PHYS_VERDICT_OVERLAPPING:
        return _("overlapping at the start (closer than r)");
      case PHYS_VERDICT_NO_RELATIVE_MOTION:
        return _("not moving");
      case PHYS_VERDICT_MOVING_APART:
        return _("moving away from the line");
      case PHYS_VERDICT_MISS:
        return _("misses the segment and its ends");
      default:
        break;
      }
  switch (verdict)
    {
    case PHYS_VERDICT_OVERLAPPING:
      return _("overlapping at the start (c < 0)");
    case PHYS_VERDICT_NO_RELATIVE_MOTION:
      return _("no relative motion (a \u2248 0)");
    case PHYS_VERDICT_MOVING_APART:
      return _("moving apart (b \u2265 0)");
    case PHYS_VERDICT_MISS:
      return _("miss (disc < 0)");
    case PHYS_VERDICT_AFTER_FRAME:
      return _("after this frame (t > 1)");
    case PHYS_VERDICT_HIT:
      return _("hit");
    default:
      return "";
    }
}

static const char *
feature_text (PhysFeature feature)
{
  switch (feature)
    {
    case PHYS_FEATURE_INTERIOR:
      return _("on the flat side");
    case PHYS_FEATURE_CAP_A:
      return _("on end A");
    case PHYS_FEATURE_CAP_B:
      return _("on end B");
    case PHYS_FEATURE_NONE:
    default:
      return "";
    }
}

/* Flags of an event that change what its numbers mean. */
static const char *
event_notes (const PhysEvent *ev)
{
  if (ev == NULL)
    return "";
  if (ev->repeated)
    return _("\nrepeated: the stale B\u2013A visit");
  if (ev->at_frame_end)
    return _("\nanswered at the frame's end");
  if (ev->resting)
    return _("\nresting contact: e taken as 0");
  if (ev->woke)
    return _("\nwoke a sleeping circle");
  return "";
}

/* The "t = ..." caption of an event or pair: time, verdict, and the start of
 * the test when it began inside the frame. */
static void
format_time (char *buf, gsize size, const PhysEvent *ev, PhysVerdict verdict, gboolean has_t,
             double t_local, const char *feature, gboolean segment)
{
  char t[32], t0[32];

  if (ev != NULL)
    {
      imp_render_fmt_real (t, sizeof t, ev->t, 3);
      if (ev->t0 > 0.0)
        g_snprintf (buf, size, _("t = %s  %s %s\n(test from t\u2080 = %s)%s"), t,
                    verdict_text (verdict, segment), feature,
                    imp_render_fmt_real (t0, sizeof t0, ev->t0, 3),
                    event_notes (ev));
      else
        g_snprintf (buf, size, "t = %s  %s %s%s", t, verdict_text (verdict, segment), feature,
                    event_notes (ev));
    }
  else if (has_t)
    g_snprintf (buf, size, "t = %s  %s %s", imp_render_fmt_real (t, sizeof t, t_local, 3),
                verdict_text (verdict, segment), feature);
  else
    g_snprintf (buf, size, "%s", verdict_text (verdict, segment));
}

/* A time past this frame extends the frame's straight path; under gravity the
 * real path bends away from it, so the caption says it is an estimate. */
static void
note_straight_line (const Render *r, char *buf, gsize size, const PhysEvent *ev, gboolean has_t,
                    double t)
{
  PhysVec2 g = phys_world_get_def (r->in->world)->gravity;
  if (ev == NULL && has_t && t > 1.0 && (g.x != 0.0 || g.y != 0.0))
    g_strlcat (buf, _("\n(straight-line estimate: gravity bends the path)"), size);
}

static void
draw_contact (Render *r, PhysVec2 point_world, PhysVec2 normal, PhysVec2 tangent_dir)
{
  const ImpTheme *th = r->theme;
  PhysVec2 p = px (r, point_world);
  PhysVec2 tip = phys_v2_add_scaled (p, normal, IMP_RENDER_NORMAL_LENGTH_PX);
  PhysVec2 t = phys_v2_unit (tangent_dir);
  PhysVec2 ta = phys_v2_add_scaled (p, t, -TANGENT_HALF_PX);
  PhysVec2 tb = phys_v2_add_scaled (p, t, TANGENT_HALF_PX);
  char nv[64];

  hot (r, "tangent", ta, tb, 2.0);
  hot (r, "n", p, tip, 3.0);
  hot (r, "point", p, p, CONTACT_DOT_PX + 2.0);
  if (term (r, "tangent"))
    imp_render_halo (r, ta, tb, 1.25);
  imp_render_line (r, ta, tb, th->tangent, 1.25, TRUE);
  imp_render_obstacle_line (r, ta, tb, 2.0);
  /* Translators: the label of the tangent line drawn at a contact point. */
  imp_render_label (r, tb, 4.0, t, th->tangent, term (r, "tangent"), "%s", _("tangent"));
  r->drawn |= DRAWN_TANGENT;

  imp_render_arrow (r, p, tip, th->contact, th->overlay_line_px + 0.5, FALSE, term (r, "n"));
  Label *l = imp_render_label (r, tip, 4.0, normal, th->contact, term (r, "n"), "n = %s",
                               imp_render_fmt_vec (nv, sizeof nv, normal, 3));
  l->own = imp_capsule_line (p.x, p.y, tip.x, tip.y, ARROW_HALF_WIDTH_PX);
  l->has_own = TRUE;

  if (term (r, "point"))
    imp_render_dot (r, p, CONTACT_DOT_PX + HALO_PX / 2.0, th->highlight);
  imp_render_dot (r, p, CONTACT_DOT_PX, th->contact);
  imp_render_obstacle_dot (r, p, CONTACT_DOT_PX + 1.0);
  r->drawn |= DRAWN_CONTACT;
}

/* Velocity arrows of the selected bodies, from the record rather than the
 * world, since a test may start inside the frame. Like every velocity arrow
 * (imp_render_draw_velocities()) it starts where the body is drawn and its tip
 * is where the body would be when the frame ends if nothing collided. */
static void
draw_record_velocity (Render *r, PhysVec2 a, PhysVec2 b, PhysVec2 disp, int which, int body,
                      gboolean subscript)
{
  const ImpTheme *th = r->theme;
  char v[64];
  const char *name = which == 0 ? "v1" : "v2";
  gboolean hl = term (r, name) || term (r, "v");
  /* Once the response is applied, the velocity before it is history. */
  gboolean past = r->in->response_stage == IMP_RESPONSE_AFTER && r->in->selected != NULL
                  && r->in->selected->kind == PHYS_EVENT_CIRCLE_CIRCLE;
  ImpRgba color = past ? th->text_muted : th->velocity;

  hot (r, name, a, b, 3.0);
  imp_render_arrow (r, a, b, color, th->overlay_line_px, past, hl);
  if (past)
    r->drawn |= DRAWN_BEFORE;
  if (phys_v2_len (phys_v2_sub (b, a)) >= 1.0)
    {
      /* Under gravity the displacement is not the velocity a form shows: this
       * frame's pull is in it. */
      PhysVec2 g = phys_world_get_def (r->in->world)->gravity;
      Label *l = imp_render_label_arrow (r, a, b, color, hl, _("v%s = %s u/frame%s"),
                                         subscript ? imp_render_subscript (which) : "",
                                         imp_render_fmt_vec (v, sizeof v, disp, -1),
                                         g.x != 0.0 || g.y != 0.0
                                             ? _("\nover this frame, gravity included")
                                             : "");
      l->body = body;
      if (body >= 0)
        {
          /* The label belongs by its body's end of the arrow, its leader
           * landing on the body itself: the middle of a long arrow may lie on
           * the other body, and a leader there would name the wrong one. */
          double rim = phys_world_get_circle (r->in->world, body).radius * r->view->scale;
          double len = phys_v2_len (phys_v2_sub (b, a));
          PhysVec2 at = phys_v2_lerp (a, b, MIN (0.5, 0.6 * rim / len));
          l->anchor = at;
          l->own = imp_capsule_line (a.x, a.y, at.x, at.y, ARROW_HALF_WIDTH_PX);
        }
      r->drawn |= DRAWN_VELOCITY;
    }
}

/* Where a focus circle is drawn (a stop inside the frame moves it), pixels. */
static PhysVec2
drawn_at (const Render *r, int body, PhysVec2 fallback)
{
  if (body < 0 || body >= phys_world_circle_count (r->in->world))
    return px (r, fallback);
  PhysCircle c = phys_world_get_circle (r->in->world, body);
  return px (r, circle_position (r, body, &c));
}

static void
draw_circle_pair (Render *r, const PhysCircleCircleSweep *swept, const PhysImpulse *imp,
                  const PhysEvent *ev)
{
  /* A discrete world decides a pair by the overlap where the frame starts: no
   * time of impact, no ghosts at t, no contact unless they overlap now. */
  gboolean discrete
      = ev == NULL
        && phys_world_get_def (r->in->world)->modes.detection == PHYS_DETECTION_DISCRETE;
  PhysCircleCircleSweep as_tested = *swept;
  if (discrete && as_tested.verdict != PHYS_VERDICT_OVERLAPPING)
    as_tested.has_t = as_tested.has_roots = FALSE;
  const PhysCircleCircleSweep *s = &as_tested;
  const ImpTheme *th = r->theme;
  double scale = r->view->scale;
  double dt = phys_world_get_def (r->in->world)->dt;
  double rest = 1.0 - (ev != NULL ? ev->t0 : 0.0);
  PhysVec2 p[2] = { s->p1, s->p2 }, v[2] = { s->v1, s->v2 };
  PhysVec2 at_t[2] = { s->p1_at_t, s->p2_at_t };
  double rad[2] = { s->r1, s->r2 };
  char buf[LABEL_TEXT_MAX], a[64], b[64], f[48];

  for (int i = 0; i < 2; i++)
    imp_render_obstacle_circle (r, px (r, p[i]), rad[i] * scale + 1.0);

  if (overlay (r, IMP_OVERLAY_SWEPT))
    for (int i = 0; i < 2; i++)
      draw_swept (r, p[i], phys_v2_add_scaled (p[i], v[i], rest), rad[i]);

  if (overlay (r, IMP_OVERLAY_GHOSTS) && s->has_t)
    {
      gboolean late = s->verdict == PHYS_VERDICT_AFTER_FRAME;
      for (int i = 0; i < 2; i++)
        {
          PhysVec2 g = px (r, at_t[i]);
          hot_ring (r, "t", g, rad[i] * scale);
          if (term (r, "t"))
            imp_render_ring (r, g, rad[i] * scale, th->highlight, HALO_PX, FALSE);
          imp_render_ring (r, g, rad[i] * scale, late ? th->text_muted : th->ghost, 1.5, TRUE);
          imp_render_obstacle_circle (r, g, rad[i] * scale + 1.0);
        }
      r->drawn |= DRAWN_GHOST;
    }
  for (int k = 0; k < 2 && s->has_roots; k++)
    if (term (r, k == 0 ? "root0" : "root1"))
      for (int i = 0; i < 2; i++)
        {
          PhysVec2 g = px (r, phys_v2_add_scaled (p[i], v[i], s->roots[k]));
          imp_render_ring (r, g, rad[i] * scale, th->highlight, HALO_PX / 2.0, FALSE);
          imp_render_ring (r, g, rad[i] * scale, th->ghost, 1.5, TRUE);
        }
  if (term (r, "d"))
    {
      imp_render_arrow (r, px (r, p[0]), px (r, p[1]), th->construction, th->overlay_line_px, FALSE,
                        TRUE);
      imp_render_label_arrow (r, px (r, p[0]), px (r, p[1]), th->construction, TRUE,
                              "d = p\u2082 \u2212 p\u2081 = %s",
                              imp_render_fmt_vec (a, sizeof a, s->d, -1));
    }

  if (overlay (r, IMP_OVERLAY_VELOCITY))
    {
      int body[2] = { r->focus_a, r->focus_b };
      PhysVec2 va[2], vb[2];
      for (int i = 0; i < 2; i++)
        {
          va[i] = drawn_at (r, body[i], p[i]);
          vb[i] = px (r, phys_v2_add_scaled (p[i], v[i], rest));
          imp_render_arrow_outside (&va[i], &vb[i], rad[i] * scale);
        }
      /* Head-on, the two arrows would lie on one line. */
      if (imp_render_arrows_overlap (va[0], vb[0], va[1], vb[1]))
        for (int i = 0; i < 2; i++)
          imp_render_arrow_aside (&va[i], &vb[i]);
      for (int i = 0; i < 2; i++)
        draw_record_velocity (r, va[i], vb[i], v[i], i, body[i], TRUE);
    }

  /* Relative velocity and the velocity changes share one drawing scale, so
   * their lengths compare. */
  /* With a response, the impulse's v1 - v2; for the test alone, the quadratic's own
   * v = v2 - v1 (the displacement of c2 as seen from c1), as the card and lessons
   * define it. */
  PhysVec2 rel = imp != NULL ? phys_v2_scale (imp->rel_vel, dt) : s->v;
  PhysVec2 dv[2] = { { 0.0, 0.0 }, { 0.0, 0.0 } };
  gboolean impulse = imp != NULL && imp->applied && overlay (r, IMP_OVERLAY_IMPULSE);
  if (impulse)
    {
      dv[0] = phys_v2_scale (phys_v2_sub (imp->v1_after, imp->v1_before), dt);
      dv[1] = phys_v2_scale (phys_v2_sub (imp->v2_after, imp->v2_before), dt);
    }
  double longest = fmax (phys_v2_len (rel), fmax (phys_v2_len (dv[0]), phys_v2_len (dv[1])));
  double factor = imp_render_nice_factor (longest * scale, VECTOR_MIN_PX, VECTOR_MAX_PX);
  imp_render_fmt_factor (f, sizeof f, factor);

  /* Relative velocity arrives at the contact point: with a response the motion of
   * circle 1's surface as seen from circle 2, for the test alone that of circle 2's
   * surface as seen from circle 1. */
  if (overlay (r, IMP_OVERLAY_RELATIVE_VELOCITY) && s->has_t)
    {
      PhysVec2 to = px (r, s->point);
      PhysVec2 from = phys_v2_add_scaled (to, rel, -scale * factor);
      gboolean hl = imp != NULL ? term (r, "vrel") || term (r, "v.n") : term (r, "v");
      hot (r, imp != NULL ? "v.n" : "v", from, to, 3.0);
      imp_render_arrow (r, from, to, th->relative_velocity, th->overlay_line_px, FALSE, hl);
      if (imp != NULL)
        g_snprintf (
            buf, sizeof buf,
            "v\u2081 \u2212 v\u2082 = %s %s%s\n(v\u2081 \u2212 v\u2082)\u00b7n = %s",
            imp_render_fmt_vec (a, sizeof a, imp->rel_vel, -1), r->vel_unit, f,
            imp_render_fmt_real (b, sizeof b, imp->vn, imp_render_decimals (fabs (imp->vn))));
      else
        g_snprintf (buf, sizeof buf, _("v = v\u2082 \u2212 v\u2081 = %s u/frame%s"),
                    imp_render_fmt_vec (a, sizeof a, rel, -1), f);
      imp_render_label_arrow (r, from, to, th->relative_velocity, hl, "%s", buf);
      r->drawn |= DRAWN_RELATIVE;
    }

  if (overlay (r, IMP_OVERLAY_CONTACT) && s->has_t)
    draw_contact (r, s->point, s->normal, phys_v2_left_normal (s->normal));

  if (impulse)
    {
      /* The velocity changes lie on the line of centres, as does n: they are
       * drawn a few pixels beside it so that none hides another. */
      PhysVec2 aside = phys_v2_scale (phys_v2_left_normal (imp->normal), IMPULSE_OFFSET_PX);
      if (aside.y > 0.0)
        aside = phys_v2_neg (aside);
      for (int i = 0; i < 2; i++)
        {
          PhysVec2 from = phys_v2_add (px (r, at_t[i]), aside);
          PhysVec2 to = phys_v2_add_scaled (from, dv[i], scale * factor);
          hot (r, "j", from, to, 3.0);
          imp_render_arrow (r, from, to, th->impulse, th->overlay_line_px + 1.0, FALSE,
                            term (r, "j"));
          if (i == 0)
            g_snprintf (
                buf, sizeof buf,
                _("j = %s mass\u00b7u/frame, e = %s\n\u0394v\u2081 = j n / m\u2081%s"),
                imp_render_fmt_real (a, sizeof a, imp->j, imp_render_decimals (fabs (imp->j))),
                imp_render_fmt_real (b, sizeof b, imp->e, 2), f);
          else
            g_snprintf (buf, sizeof buf, "\u0394v\u2082 = \u2212j n / m\u2082");
          imp_render_label_arrow (r, from, to, th->impulse, term (r, "j"), "%s", buf);
        }
      r->drawn |= DRAWN_IMPULSE;

      /* Velocities after, over what is left of the frame (dashed until the
       * response is applied): the tip is where the body ends if nothing else
       * happens. */
      PhysVec2 after[2] = { imp->v1_after, imp->v2_after };
      double left = (1.0 - ev->t) * dt;
      gboolean applied = r->in->response_stage == IMP_RESPONSE_AFTER;
      for (int i = 0; i < 2; i++)
        {
          PhysVec2 from = px (r, at_t[i]);
          PhysVec2 to = phys_v2_add_scaled (from, after[i], scale * left);
          gboolean hl = term (r, i == 0 ? "v1'" : "v2'");
          hot (r, i == 0 ? "v1'" : "v2'", from, to, 3.0);
          imp_render_arrow (r, from, to, th->velocity, th->overlay_line_px + (applied ? 0.5 : 0.0),
                            !applied, hl);
          if (phys_v2_len (phys_v2_sub (to, from)) >= 1.0)
            imp_render_label_arrow (r, from, to, th->velocity, hl, "v%s\u2032 = %s %s",
                                    imp_render_subscript (i),
                                    imp_render_fmt_vec (a, sizeof a, after[i], -1), r->vel_unit);
        }
      r->drawn |= DRAWN_AFTER;
    }

  format_time (buf, sizeof buf, ev, s->verdict, s->has_t, s->t, "", FALSE);
  note_straight_line (r, buf, sizeof buf, ev, s->has_t, s->t);
  if (discrete)
    g_strlcpy (buf, s->verdict == PHYS_VERDICT_OVERLAPPING
                        ? _("discrete test: overlapping now")
                        : _("discrete test: no overlap where the frame starts"),
               sizeof buf);
  PhysVec2 anchor = s->has_t ? px (r, s->point) : px (r, phys_v2_lerp (p[0], p[1], 0.5));
  double clearance = CONTACT_DOT_PX + 6.0;
  PhysVec2 up = s->has_t ? phys_v2_left_normal (s->normal) : phys_v2 (0.0, -1.0);
  if (up.y > 0.0)
    up = phys_v2_neg (up);
  Label *l = imp_render_label (r, anchor, clearance, up, th->text, term (r, "t"), "%s", buf);
  l->strong = TRUE;
}

static void
draw_right_angle (Render *r, PhysVec2 corner, PhysVec2 u, PhysVec2 w)
{
  double s = 7.0;
  PhysVec2 a = phys_v2_add_scaled (corner, u, s);
  PhysVec2 b = phys_v2_add_scaled (a, w, s);
  PhysVec2 c = phys_v2_add_scaled (corner, w, s);

  cairo_move_to (r->cr, a.x, a.y);
  cairo_line_to (r->cr, b.x, b.y);
  cairo_line_to (r->cr, c.x, c.y);
  cairo_set_line_width (r->cr, 1.0);
  imp_rgba_set_source (r->cr, r->theme->construction);
  imp_draw_stroke (r->cr);
}

/* Seed 002's projections: the centre's distance from the line (on the left
 * normal) and where its foot falls along the line, from the record. */
static void
draw_projections (Render *r, const PhysCircleSegmentSweep *s)
{
  const ImpTheme *th = r->theme;
  PhysVec2 c = px (r, s->center);
  PhysVec2 foot = px (r, phys_v2_add_scaled (s->a, s->dir, s->proj_along));
  PhysVec2 a = px (r, s->a);
  char v[48];
  gboolean hl_n = term (r, "proj_normal"), hl_a = term (r, "proj_along");
  PhysVec2 off = phys_v2_scale (s->left_normal, s->side * DIMENSION_OFFSET_PX);
  PhysVec2 da = phys_v2_add (a, off), db = phys_v2_add (foot, off);

  hot (r, "proj_normal", c, foot, 3.0);
  hot (r, "proj_along", da, db, 3.0);

  if (hl_n)
    imp_render_halo (r, c, foot, 1.25);
  imp_render_line (r, c, foot, th->construction, 1.25, TRUE);
  imp_render_obstacle_line (r, c, foot, 2.0);
  PhysVec2 toward_c = phys_v2_unit (phys_v2_sub (c, foot));
  draw_right_angle (r, foot, s->proj_along >= 0.0 ? phys_v2_neg (s->dir) : s->dir, toward_c);
  imp_render_label_arrow (r, c, foot, th->construction, hl_n, "(c \u2212 A)\u00b7n_L = %s u",
                          imp_render_fmt_real (v, sizeof v, s->proj_normal,
                                               imp_render_decimals (fabs (s->proj_normal))));

  /* A dimension line along the segment from A to the foot, offset towards the
   * circle's side so it does not sit on the segment. */
  PhysVec2 tick = phys_v2_scale (s->left_normal, 4.0);
  if (hl_a)
    imp_render_halo (r, da, db, 1.25);
  imp_render_line (r, da, db, th->construction, 1.25, FALSE);
  imp_render_line (r, phys_v2_sub (da, tick), phys_v2_add (da, tick), th->construction, 1.25,
                   FALSE);
  imp_render_line (r, phys_v2_sub (db, tick), phys_v2_add (db, tick), th->construction, 1.25,
                   FALSE);
  imp_render_obstacle_line (r, da, db, 4.0);
  Label *l = imp_render_label (
      r, phys_v2_lerp (da, db, 0.5), 4.0, phys_v2_scale (s->left_normal, s->side), th->construction,
      hl_a, "(c \u2212 A)\u00b7d = %s u",
      imp_render_fmt_real (v, sizeof v, s->proj_along, imp_render_decimals (fabs (s->proj_along))));
  l->own = imp_capsule_line (da.x, da.y, db.x, db.y, 4.0);
  l->has_own = TRUE;
  r->drawn |= DRAWN_CONSTRUCTION;
}

/* Seed 002's construction at the contact: A (the velocity) with its tail on the
 * centre, V(Ap) added at A's tip once to slide or (1 + e) times to reflect, and
 * A' closing the triangle. Every vector is a field of the response record. */
static void
draw_reflect_construction (Render *r, PhysVec2 center, const PhysSegmentResponse *resp)
{
  const ImpTheme *th = r->theme;
  double scale = r->view->scale;
  double factor
      = imp_render_nice_factor (phys_v2_len (resp->v_before) * scale, VECTOR_MIN_PX, VECTOR_MAX_PX);
  double k = scale * factor;
  PhysVec2 c = px (r, center);
  PhysVec2 tip_a = phys_v2_add_scaled (c, resp->v_before, k);
  PhysVec2 tip_v = phys_v2_add_scaled (tip_a, resp->v_normal_away, k);
  PhysVec2 tip_after = phys_v2_add_scaled (c, resp->v_after, k);
  char v[64], f[48];
  gboolean hl_v = term (r, "V(Ap)"), hl_a = term (r, "A'");

  hot (r, "V(Ap)", tip_a, tip_v, 3.0);
  hot (r, "A'", c, tip_after, 3.0);

  imp_render_fmt_factor (f, sizeof f, factor);
  imp_render_arrow (r, c, tip_a, th->velocity, th->overlay_line_px, FALSE, term (r, "v"));
  imp_render_label_arrow (r, c, tip_a, th->velocity, term (r, "v"), _("A = v at contact%s"), f);

  imp_render_arrow (r, tip_a, tip_v, th->construction, th->overlay_line_px, FALSE, hl_v);
  imp_render_label_arrow (r, tip_a, tip_v, th->construction, hl_v, "V(Ap) = \u2212(v\u00b7n) n");
  if (resp->response == PHYS_RESPONSE_REFLECT)
    {
      imp_render_arrow (r, tip_v, tip_after, th->construction, th->overlay_line_px, FALSE, hl_v);
      if (resp->e != 1.0)
        imp_render_label_arrow (r, tip_v, tip_after, th->construction, hl_v, "e V(Ap), e = %s",
                                imp_render_fmt_real (v, sizeof v, resp->e, 2));
    }

  imp_render_arrow (r, c, tip_after, th->velocity, th->overlay_line_px + 0.5, TRUE, hl_a);
  const char *rule = resp->response == PHYS_RESPONSE_SLIDE ? _("A + V(Ap)  (slide)")
                     : resp->e == 1.0                      ? _("A + 2 V(Ap)  (reflect)")
                                                           : _("A + (1 + e) V(Ap)  (reflect)");
  imp_render_label_arrow (r, c, tip_after, th->velocity, hl_a, "A\u2032 = %s\n= %s %s", rule,
                          imp_render_fmt_vec (v, sizeof v, resp->v_after, -1), r->vel_unit);
  r->drawn |= DRAWN_CONSTRUCTION | DRAWN_AFTER;
}

static void
draw_circle_segment (Render *r, const PhysCircleSegmentSweep *s, const PhysSegmentResponse *resp,
                     PhysVec2 center_before, const PhysEvent *ev)
{
  const ImpTheme *th = r->theme;
  double scale = r->view->scale;
  double rest = 1.0 - (ev != NULL ? ev->t0 : 0.0);
  double rad = s->radius * scale;
  char buf[LABEL_TEXT_MAX];

  imp_render_obstacle_circle (r, px (r, s->center), rad + 1.0);
  imp_render_obstacle_line (r, px (r, s->a), px (r, s->b), th->segment_px);

  if (overlay (r, IMP_OVERLAY_SWEPT))
    draw_swept (r, s->center, phys_v2_add_scaled (s->center, s->v, rest), s->radius);
  if (overlay (r, IMP_OVERLAY_GHOSTS) && s->has_t)
    {
      PhysVec2 g = px (r, s->center_at_t);
      hot_ring (r, "t", g, rad);
      if (term (r, "t"))
        imp_render_ring (r, g, rad, th->highlight, HALO_PX, FALSE);
      imp_render_ring (r, g, rad,
                       s->verdict == PHYS_VERDICT_AFTER_FRAME ? th->text_muted : th->ghost, 1.5,
                       TRUE);
      imp_render_obstacle_circle (r, g, rad + 1.0);
      r->drawn |= DRAWN_GHOST;
    }
  if (overlay (r, IMP_OVERLAY_CONSTRUCTION))
    draw_projections (r, s);
  if (overlay (r, IMP_OVERLAY_VELOCITY))
    {
      PhysVec2 va = drawn_at (r, r->focus_a, s->center);
      PhysVec2 vb = px (r, phys_v2_add_scaled (s->center, s->v, rest));
      imp_render_arrow_outside (&va, &vb, rad);
      draw_record_velocity (r, va, vb, s->v, 0, r->focus_a, FALSE);
    }
  if (overlay (r, IMP_OVERLAY_CONTACT) && s->has_t)
    draw_contact (r, s->point, s->normal, s->dir);
  if (resp != NULL && overlay (r, IMP_OVERLAY_CONSTRUCTION | IMP_OVERLAY_IMPULSE))
    {
      if (resp->applied)
        draw_reflect_construction (r, center_before, resp);
      else
        imp_render_label (r, px (r, center_before), rad + 4.0, phys_v2 (0.0, -1.0), th->text_muted,
                          FALSE, "%s",
                          ev != NULL && ev->resting
                            ? _("held by the surface: no normal speed to answer")
                            : _("already leaving the surface: no response"));
    }

  const char *feature = s->has_t ? feature_text (s->feature) : "";
  format_time (buf, sizeof buf, ev, s->verdict, s->has_t, s->t, feature, TRUE);
  note_straight_line (r, buf, sizeof buf, ev, s->has_t, s->t);
  /* At the contact, on the far side of the segment, where the figure leaves
   * room; without a contact, above the circle. */
  PhysVec2 anchor = px (r, s->has_t ? s->point : s->center);
  Label *l = imp_render_label (r, anchor, s->has_t ? CONTACT_DOT_PX + 6.0 : rad + 6.0,
                               s->has_t ? phys_v2_neg (s->normal) : phys_v2 (0.0, -1.0), th->text,
                               term (r, "t"), "%s", buf);
  l->strong = TRUE;
}

static void
draw_embedded (Render *r, const PhysEvent *ev)
{
  const ImpTheme *th = r->theme;
  char d[32], n[64];
  PhysVec2 a0 = px (r, ev->embedded.a_before), a1 = px (r, ev->embedded.a_after);
  PhysVec2 b0 = px (r, ev->embedded.b_before), b1 = px (r, ev->embedded.b_after);

  imp_render_arrow (r, a0, a1, th->construction, th->overlay_line_px, FALSE, FALSE);
  imp_render_arrow (r, b0, b1, th->construction, th->overlay_line_px, FALSE, FALSE);
  PhysVec2 mid = phys_v2_lerp (a1, b1, 0.5);
  imp_render_arrow (r, mid,
                    phys_v2_add_scaled (mid, ev->embedded.normal, IMP_RENDER_NORMAL_LENGTH_PX),
                    th->contact, th->overlay_line_px, FALSE, term (r, "n"));
  imp_render_label (r, mid, 8.0, phys_v2 (0.0, -1.0), th->text, FALSE,
                    _("embedded at the start: depth = %s u\npushed apart along n = %s"),
                    imp_render_fmt_real (d, sizeof d, ev->embedded.depth,
                                         imp_render_decimals (ev->embedded.depth)),
                    imp_render_fmt_vec (n, sizeof n, ev->embedded.normal, 3));
  r->drawn |= DRAWN_CONSTRUCTION | DRAWN_CONTACT;
}

/* Seed 003: the probe's path to its predicted impact. A crossing in the past
 * (negative time) is drawn faded and dashed, backwards from the probe. */
static void
draw_probe_prediction (Render *r, const PhysProbeRecord *rec, gboolean selected)
{
  const ImpTheme *th = r->theme;
  char t[32], pt[64];

  if (rec->verdict == PHYS_PROBE_PARALLEL || rec->verdict == PHYS_PROBE_STILL)
    {
      if (selected)
        imp_render_label (r, px (r, rec->lines.p), PROBE_SIZE_PX + 4.0, phys_v2 (0.0, -1.0),
                          th->text_muted, FALSE, "%s",
                          rec->verdict == PHYS_PROBE_STILL ? _("still: no impact to predict")
                                                           : _("parallel: never meets the line"));
      return;
    }

  gboolean past = rec->time_to_impact <= 0.0;
  ImpRgba ray = th->probe_ray, mark = th->probe_point;
  if (past)
    {
      ray.a *= 0.45;
      mark.a *= 0.45;
    }
  PhysVec2 p = px (r, rec->lines.p), q = px (r, rec->point);
  /* With a probe's test inspected, its time is the one the card means. */
  const ImpRenderInput *in = r->in;
  gboolean inspected = (in->selected != NULL && in->selected->kind == PHYS_EVENT_PROBE_SEGMENT)
                       || (in->selected == NULL && in->pair != NULL
                           && in->pair->kind == PHYS_EVENT_PROBE_SEGMENT);
  gboolean hl = (term (r, "toi") && (selected || !inspected)) || (selected && term (r, "t"));

  if (selected)
    {
      hot (r, "point", q, q, 6.0);
      hot (r, "toi", p, q, 3.0);
    }

  if (hl)
    imp_render_halo (r, p, q, 1.5);
  imp_render_line (r, p, q, ray, selected ? 2.0 : 1.5, past);
  imp_render_obstacle_line (r, p, q, 2.0);

  if (!rec->within)
    {
      /* The segment's line carried on to the crossing: the miss is visible. */
      PhysVec2 end = px (r, rec->along < 0.0 ? rec->lines.a : rec->lines.b);
      ImpRgba c = th->construction;
      c.a *= 0.7;
      imp_render_line (r, end, q, c, 1.0, TRUE);
      imp_render_obstacle_line (r, end, q, 2.0);
      r->drawn |= DRAWN_CONSTRUCTION;
    }
  if (term (r, "point") && selected)
    imp_render_dot (r, q, 5.0 + HALO_PX / 2.0, th->highlight);
  imp_render_ring (r, q, 5.0, mark, 2.0, FALSE);
  if (rec->within)
    imp_render_dot (r, q, 2.0, mark);
  imp_render_obstacle_dot (r, q, 6.0);

  imp_render_fmt_real (t, sizeof t, rec->time_to_impact, 2);
  Label *l;
  if (past)
    l = imp_render_label (r, q, 8.0, phys_v2 (0.0, -1.0), th->text_muted, hl,
                          _("t = %s frames\nalready happened%s"), t,
                          rec->within ? "" : _(", off the segment"));
  else if (!rec->within)
    l = imp_render_label (r, q, 8.0, phys_v2 (0.0, -1.0), th->text_muted, hl,
                          _("t = %s frames\nmisses: the line is crossed beyond %s"), t,
                          rec->along < 0.0 ? "A" : "B");
  else
    l = imp_render_label (r, q, 8.0, phys_v2 (0.0, -1.0), th->probe_point, hl,
                          _("t = %s frames\nimpact at %s"), t,
                          imp_render_fmt_vec (pt, sizeof pt, rec->point, 1));
  l->faded = past;
  r->drawn |= past ? DRAWN_PROBE_PAST : DRAWN_PROBE_RAY;
}

void
imp_render_draw_probe_predictions (Render *r)
{
  const PhysWorld *world = r->in->world;
  int n_probes = phys_world_probe_count (world);
  int n_segments = phys_world_segment_count (world);
  int budget = PROBE_PAIR_BUDGET;
  int skip_probe = -1, skip_segment = -1;

  /* The selected pair is drawn as the selection; not twice. */
  if (r->in->selected != NULL && r->in->selected->kind == PHYS_EVENT_PROBE_SEGMENT)
    {
      skip_probe = r->in->selected->a;
      skip_segment = r->in->selected->b;
    }
  else if (r->in->selected == NULL && r->in->pair != NULL
           && r->in->pair->kind == PHYS_EVENT_PROBE_SEGMENT)
    {
      skip_probe = r->in->pair->a.index;
      skip_segment = r->in->pair->b.index;
    }
  for (int i = 0; i < n_probes && budget > 0; i++)
    {
      PhysPairRecord best = { 0 }, rec;
      gboolean have_best = FALSE;
      PhysBodyRef probe = { PHYS_BODY_PROBE, i };

      for (int k = 0; k < n_segments && budget > 0; k++, budget--)
        {
          PhysBodyRef seg = { PHYS_BODY_SEGMENT, k };
          if (i == skip_probe && k == skip_segment)
            continue;
          if (phys_world_inspect_pair (world, probe, seg, &rec) != PHYS_OK)
            continue;
          const PhysProbeRecord *pr = &rec.probe;
          gboolean ahead = pr->verdict == PHYS_PROBE_AHEAD;
          if (ahead && (!have_best || pr->time_to_impact < best.probe.time_to_impact))
            {
              best = rec;
              have_best = TRUE;
            }
          /* Misses and past crossings of the walls of the bounds say nothing:
           * only real segments show them. */
          if (!ahead && !phys_world_get_segment (world, k).is_bound)
            draw_probe_prediction (r, pr, FALSE);
        }
      if (have_best)
        draw_probe_prediction (r, &best.probe, FALSE);
    }
}

/* Where along a segment its normals go: on the canvas, where they cover the
 * fewest shapes drawn so far and the fewest circles (a circle is no obstacle
 * to a label, which may sit inside it, but an arrow through it reads as its
 * own; scenes tend to aim bodies at the middle, so the middle is not the first
 * choice). */
static gboolean
normals_place (Render *r, PhysVec2 a, PhysVec2 b, PhysVec2 *out)
{
  static const double fractions[] = { 0.2, 0.8, 0.35, 0.65, 0.5, 0.1, 0.9 };
  double reach = IMP_RENDER_NORMAL_LENGTH_PX;
  int best = G_MAXINT;

  for (guint k = 0; k < G_N_ELEMENTS (fractions); k++)
    {
      PhysVec2 p = phys_v2_lerp (a, b, fractions[k]);
      ImpRect around = { p.x - reach, p.y - reach, 2.0 * reach, 2.0 * reach };
      int hits = 0;

      if (p.x < 0.0 || p.y < 0.0 || p.x > r->view->width || p.y > r->view->height)
        continue;
      for (int i = 0; i < r->placer.n_obstacles; i++)
        hits += imp_rect_intersects_capsule (&around, &r->placer.obstacles[i].shape);
      for (int i = 0; i < phys_world_circle_count (r->in->world); i++)
        {
          PhysCircle c = phys_world_get_circle (r->in->world, i);
          PhysVec2 at = px (r, circle_position (r, i, &c));
          ImpCapsule disc = imp_capsule_disc (at.x, at.y, c.radius * r->view->scale);
          hits += imp_rect_intersects_capsule (&around, &disc);
        }
      if (hits < best)
        {
          best = hits;
          *out = p;
        }
    }
  return best < G_MAXINT;
}

void
imp_render_draw_normals (Render *r)
{
  const ImpTheme *th = r->theme;
  const PhysWorld *world = r->in->world;
  int n = phys_world_segment_count (world);
  int shown = 0;

  for (int i = 0; i < n && shown < NORMALS_BUDGET; i++)
    {
      PhysSegment s = phys_world_get_segment (world, i);
      if (s.is_bound)
        continue;
      PhysVec2 dir = phys_v2_unit (phys_v2_sub (s.b, s.a));
      PhysVec2 left = phys_v2_left_normal (dir), right = phys_v2_right_normal (dir);
      PhysVec2 a = px (r, s.a), b = px (r, s.b);
      PhysVec2 mid;
      if (!normals_place (r, a, b, &mid))
        continue;
      PhysVec2 tl = phys_v2_add_scaled (mid, left, IMP_RENDER_NORMAL_LENGTH_PX);
      PhysVec2 tr = phys_v2_add_scaled (mid, right, IMP_RENDER_NORMAL_LENGTH_PX);
      char v[64];

      hot (r, "n_L", mid, tl, 3.0);
      hot (r, "n_R", mid, tr, 3.0);
      imp_render_arrow (r, mid, tl, th->normal_left, th->overlay_line_px, FALSE, term (r, "n_L"));
      imp_render_arrow (r, mid, tr, th->normal_right, th->overlay_line_px, FALSE, term (r, "n_R"));
      const char *first = _("left n_L = (d.y, \u2212d.x) = %s\n"
                            "d = unit(B \u2212 A); screen y points down");
      imp_render_label (r, tl, 4.0, left, th->normal_left, term (r, "n_L"),
                        shown == 0 ? first : _("left n_L = %s"),
                        imp_render_fmt_vec (v, sizeof v, left, 3));
      imp_render_label (r, tr, 4.0, right, th->normal_right, term (r, "n_R"),
                        shown == 0 ? _("right n_R = (\u2212d.y, d.x) = %s") : _("right n_R = %s"),
                        imp_render_fmt_vec (v, sizeof v, right, 3));
      /* The ends are named so "left" has a direction to be left of. */
      PhysVec2 away = phys_v2_unit (phys_v2_sub (a, b));
      imp_render_label (r, a, th->segment_px + 2.0, away, th->text_muted, FALSE, "A");
      imp_render_label (r, b, th->segment_px + 2.0, phys_v2_neg (away), th->text_muted, FALSE, "B");
      shown++;
    }
  if (shown > 0)
    r->drawn |= DRAWN_NORMALS;
}

static PhysVec2
event_point (const PhysEvent *ev, gboolean *ok)
{
  *ok = TRUE;
  switch (ev->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      return ev->circle_circle.sweep.point;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      return ev->circle_segment.sweep.point;
    case PHYS_EVENT_PROBE_SEGMENT:
      return ev->probe.record.point;
    case PHYS_EVENT_EMBEDDED:
      return phys_v2_lerp (ev->embedded.a_after, ev->embedded.b_after, 0.5);
    case PHYS_EVENT_EVENT_CAP:
    default:
      *ok = FALSE;
      return phys_v2 (0.0, 0.0);
    }
}

/* A dot per event of the frame, one path per kind. */
void
imp_render_draw_event_marks (Render *r)
{
  cairo_t *cr = r->cr;

  for (int kind = 0; kind <= PHYS_EVENT_EVENT_CAP; kind++)
    {
      ImpRgba color = imp_theme_event_color (r->theme, (PhysEventKind) kind);
      ImpStampStyle look = { color, { 0.0, 0.0, 0.0, 0.0 }, 0.0, FALSE };
      int count = 0;
      for (int i = 0; i < r->in->n_events; i++)
        {
          const PhysEvent *ev = &r->in->events[i];
          gboolean ok;
          if ((int) ev->kind != kind || ev == r->in->selected)
            continue;
          PhysVec2 p = event_point (ev, &ok);
          PhysVec2 q = px (r, p);
          if (!ok || q.x < -EVENT_DOT_PX || q.y < -EVENT_DOT_PX
              || q.x > r->view->width + EVENT_DOT_PX || q.y > r->view->height + EVENT_DOT_PX)
            continue;
          r->drawn |= DRAWN_EVENTS << kind;
          if (r->use_stamps
              && imp_stamps_circle (&r->cache->stamps, STAMP_EVENT + kind, &look, q.x, q.y,
                                    EVENT_DOT_PX))
            continue;
          cairo_new_sub_path (cr);
          cairo_arc (cr, q.x, q.y, EVENT_DOT_PX, 0.0, 2.0 * G_PI);
          count++;
        }
      if (count == 0)
        continue;
      imp_rgba_set_source (cr, look.fill);
      imp_draw_fill (cr);
    }
}

void
imp_render_draw_selected (Render *r)
{
  const ImpRenderInput *in = r->in;
  const PhysEvent *ev = in->selected;

  if (ev != NULL)
    {
      switch (ev->kind)
        {
        case PHYS_EVENT_CIRCLE_CIRCLE:
          draw_circle_pair (r, &ev->circle_circle.sweep, &ev->circle_circle.impulse, ev);
          break;
        case PHYS_EVENT_CIRCLE_SEGMENT:
          draw_circle_segment (r, &ev->circle_segment.sweep, &ev->circle_segment.response,
                               ev->circle_segment.center_before, ev);
          break;
        case PHYS_EVENT_PROBE_SEGMENT:
          draw_probe_prediction (r, &ev->probe.record, TRUE);
          break;
        case PHYS_EVENT_EMBEDDED:
          draw_embedded (r, ev);
          break;
        case PHYS_EVENT_EVENT_CAP:
          imp_render_label (
              r, phys_v2 (r->view->width / 2.0, 0.0), 4.0, phys_v2 (0.0, 1.0),
              imp_theme_event_color (r->theme, PHYS_EVENT_EVENT_CAP), FALSE,
              _("event cap reached: %d events handled, the rest of the frame is unanswered"),
              ev->cap.handled);
          break;
        default:
          break;
        }
      return;
    }
  if (in->pair == NULL)
    return;
  switch (in->pair->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      draw_circle_pair (r, &in->pair->circle_circle, NULL, NULL);
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      draw_circle_segment (r, &in->pair->circle_segment, NULL, in->pair->circle_segment.center,
                           NULL);
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      draw_probe_prediction (r, &in->pair->probe, TRUE);
      break;
    case PHYS_EVENT_EMBEDDED:
    case PHYS_EVENT_EVENT_CAP:
    default:
      break;
    }
}

static PhysAabb
add_swept (PhysAabb box, PhysVec2 p, PhysVec2 v, double rest, double radius)
{
  box = imp_aabb_add_point (box, p, radius);
  return imp_aabb_add_point (box, phys_v2_add_scaled (p, v, rest), radius);
}

/**
 * imp_render_focus_box:
 * @input: what would be drawn
 *
 * The world box of the selected event's (or pair's) figure: the bodies where
 * the frame starts, where they would end, and where they touch. Fit a view to
 * it to show the event large, as the exporter does.
 *
 * Returns: a world box, empty when nothing is selected
 */
PhysAabb
imp_render_focus_box (const ImpRenderInput *input)
{
  PhysAabb box = imp_aabb_empty ();
  const PhysEvent *ev = input->selected;
  const PhysCircleCircleSweep *cc = NULL;
  const PhysCircleSegmentSweep *cs = NULL;
  const PhysProbeRecord *probe = NULL;
  double rest = 1.0 - (ev != NULL ? ev->t0 : 0.0);

  if (ev != NULL)
    {
      switch (ev->kind)
        {
        case PHYS_EVENT_CIRCLE_CIRCLE:
          cc = &ev->circle_circle.sweep;
          break;
        case PHYS_EVENT_CIRCLE_SEGMENT:
          cs = &ev->circle_segment.sweep;
          break;
        case PHYS_EVENT_PROBE_SEGMENT:
          probe = &ev->probe.record;
          break;
        case PHYS_EVENT_EMBEDDED:
          box = imp_aabb_add_point (box, ev->embedded.a_before, 0.0);
          box = imp_aabb_add_point (box, ev->embedded.b_before, 0.0);
          box = imp_aabb_add_point (box, ev->embedded.a_after, 0.0);
          box = imp_aabb_add_point (box, ev->embedded.b_after, 0.0);
          break;
        case PHYS_EVENT_EVENT_CAP:
        default:
          break;
        }
    }
  else if (input->pair != NULL)
    {
      switch (input->pair->kind)
        {
        case PHYS_EVENT_CIRCLE_CIRCLE:
          cc = &input->pair->circle_circle;
          break;
        case PHYS_EVENT_CIRCLE_SEGMENT:
          cs = &input->pair->circle_segment;
          break;
        case PHYS_EVENT_PROBE_SEGMENT:
          probe = &input->pair->probe;
          break;
        case PHYS_EVENT_EMBEDDED:
        case PHYS_EVENT_EVENT_CAP:
        default:
          break;
        }
    }
  if (cc != NULL)
    {
      box = add_swept (box, cc->p1, cc->v1, rest, cc->r1);
      box = add_swept (box, cc->p2, cc->v2, rest, cc->r2);
    }
  if (cs != NULL)
    {
      box = add_swept (box, cs->center, cs->v, rest, cs->radius);
      if (cs->has_t)
        box = imp_aabb_add_point (box, cs->point, 0.0);
      box = imp_aabb_add_point (box, phys_v2_add_scaled (cs->a, cs->dir, cs->proj_along), 0.0);
    }
  if (probe != NULL)
    {
      box = imp_aabb_add_point (box, probe->lines.p, 0.0);
      if (probe->verdict != PHYS_PROBE_PARALLEL && probe->verdict != PHYS_PROBE_STILL)
        box = imp_aabb_add_point (box, probe->point, 0.0);
      box = imp_aabb_add_point (box, probe->lines.a, 0.0);
      box = imp_aabb_add_point (box, probe->lines.b, 0.0);
    }
  return imp_render_rigid_focus_box (input, box);
}
