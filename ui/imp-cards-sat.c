/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cards-sat.c: the cards of rigid pairs (docs/rigid-bodies.md): the separating
 * axis test with every axis, its verdict and why, the minimum translation vector,
 * the reference and incident edges with the clipping steps and the contact points;
 * for an event, the search that found it, the impulse with spin (lever arms, cross
 * products, the effective mass, j, friction, velocities before and after) and the
 * ledger. Every number comes from the physics' records. */
#include "imp-cards-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "imp-render.h"

/* "A" or "B" with the body's name: "A (box)". */
static char *
body_label (const char *letter, const char *name)
{
  return g_strdup_printf ("%s (%s)", letter, name);
}

static const char *
found_text (PhysRigidFound found)
{
  switch (found)
    {
    case PHYS_RIGID_FOUND_SWEPT_SAT:
      return _("the swept separating axis test (both bodies translate: exact)");
    case PHYS_RIGID_FOUND_ADVANCE:
      return _("conservative advancement (a body turns, or a curve or gravity is involved)");
    case PHYS_RIGID_FOUND_TOUCHING:
      return _("the static test: already touching and approaching when tested");
    case PHYS_RIGID_FOUND_CONTACT_SOLVER:
    default:
      return _("the frame's contact solver: touching when the frame began");
    }
}

/* One row of the table of axes: where the axis comes from, both intervals, the overlap or
 * the gap, and what this axis decides. */
static void
axis_row (Card *c, const PhysSatRecord *sat, int k)
{
  const PhysSatAxis *axis = &sat->axes[k];
  g_autofree char *n = imp_card_vec (c, axis->axis);
  g_autofree char *a0 = imp_card_num (c, axis->min_a), *a1 = imp_card_num (c, axis->max_a);
  g_autofree char *b0 = imp_card_num (c, axis->min_b), *b1 = imp_card_num (c, axis->max_b);
  g_autofree char *size = imp_card_num (c, fabs (axis->overlap));
  const char *owner = axis->body == 0 ? "A" : "B";
  g_autofree char *source
      = axis->kind == PHYS_SAT_AXIS_VERTEX
            ? g_strdup_printf (_("%s vertex %d to the centre"), owner, axis->feature)
        : sat->shape_b == PHYS_SAT_SHAPE_SEGMENT && axis->body == 1
            ? g_strdup (_("the segment's normal"))
            : g_strdup_printf (_("%s edge %d"), owner, axis->feature);
  const char *amount;
  if (!axis->valid)
    amount = _("no direction: left out");
  else if (axis->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE)
    amount = _("gap");
  else if (axis->overlap <= PHYS_CONTACT_TOUCH_TOLERANCE)
    amount = _("touching");
  else
    amount = _("overlap");
  const char *why = "";
  if (k == sat->first_separating)
    why = _(" — separates: the first separating axis, where an early-out test stops");
  else if (axis->valid && axis->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE)
    why = _(" — separates too");
  else if (k == sat->best)
    why = _(" — the least overlap: chosen");
  if (k == sat->best && sat->first_separating >= 0 && k != sat->first_separating)
    why = _(" — the widest gap");
  imp_card_termed (c, imp_render_sat_axis_term (k));
  if (axis->valid)
    imp_card_line (c, _("%d. %s, n = %s: A [%s, %s], B [%s, %s]; %s %s%s"), k + 1, source, n, a0,
                   a1, b0, b1, amount, size, why);
  else
    imp_card_line (c, _("%d. %s: %s"), k + 1, source, amount);
}

static void
verdict_line (Card *c, const PhysSatRecord *sat)
{
  int k = sat->best;
  g_autofree char *size = imp_card_num (c, fabs (sat->overlap));
  g_autofree char *gap = sat->first_separating >= 0
                             ? imp_card_num (c, -sat->axes[sat->first_separating].overlap)
                             : NULL;
  switch (sat->verdict)
    {
    case PHYS_CONTACT_SEPARATED:
      imp_card_line (c, _("Verdict: separated. Axis %d shows a gap of %s: a line across it fits "
                          "between the bodies, so they cannot touch (one separating axis is "
                          "enough)."),
                     sat->first_separating + 1, gap);
      break;
    case PHYS_CONTACT_TOUCHING:
      imp_card_line (c, _("Verdict: touching. No axis shows a gap, and the least overlap, %s on "
                          "axis %d, is within 1e-9 of zero."),
                     size, k + 1);
      break;
    case PHYS_CONTACT_OVERLAPPING:
    default:
      imp_card_line (c, _("Verdict: overlapping. Every axis overlaps; the least overlap, %s on "
                          "axis %d, is the penetration depth."),
                     size, k + 1);
      break;
    }
}

static void
clip_lines (Card *c, const PhysSatManifold *m)
{
  for (int s = 0; s < m->clip_count && s < 2; s++)
    {
      const PhysClipStep *clip = &m->clips[s];
      g_autofree char *pn = imp_card_vec (c, clip->plane_normal);
      g_autofree char *off = imp_card_factor (c, clip->offset);
      g_autofree char *p0 = imp_card_vec (c, clip->in[0]), *p1 = imp_card_vec (c, clip->in[1]);
      g_autofree char *d0 = imp_card_num (c, clip->distance[0]);
      g_autofree char *d1 = imp_card_num (c, clip->distance[1]);
      GString *out = g_string_new (NULL);
      for (int k = 0; k < clip->count && k < 2; k++)
        {
          g_autofree char *p = imp_card_vec (c, clip->out[k]);
          if (k > 0)
            g_string_append (out, ", ");
          g_string_append (out, p);
          if (clip->cut[k])
            g_string_append (out, _(" (cut)"));
        }
      if (clip->count == 0)
        g_string_append (out, _("nothing"));
      imp_card_termed (c, "clip");
      imp_card_line (c, _("Clip %d, side plane at v%d: keep k·p − %s ≥ 0 with k = %s; in %s (%s) "
                          "and %s (%s) → %s"),
                     s + 1, s + 1, off, pn, p0, d0, p1, d1, out->str);
      g_string_free (out, TRUE);
    }
}

/* The manifold: reference and incident edges, clipping, contact points. */
static void
manifold_card (Card *c, const PhysSatRecord *sat)
{
  const PhysSatManifold *m = &sat->manifold;
  imp_card_heading (c, _("Contact points: reference and incident edges"));
  if (!m->valid)
    {
      imp_card_line (c, _("Separated: no contact points."));
      return;
    }
  const char *ref = m->reference_body == 0 ? "A" : "B";
  const char *inc = m->reference_body == 0 ? "B" : "A";
  g_autofree char *v1 = imp_card_vec (c, m->reference_v1), *v2 = imp_card_vec (c, m->reference_v2);
  g_autofree char *rn = imp_card_vec (c, m->reference_normal);
  imp_card_termed (c, "reference");
  if (m->reference_edge >= 0)
    imp_card_line (c, _("Reference face: %s edge %d from v1 = %s to v2 = %s, normal %s (the "
                        "face most along the contact normal)"),
                   ref, m->reference_edge, v1, v2, rn);
  else
    imp_card_line (c, _("Reference: A's vertex axis, normal %s (no face: a circle against a "
                        "corner)"),
                   rn);
  if (m->incident_edge >= 0)
    {
      g_autofree char *i1 = imp_card_vec (c, m->incident_v1);
      g_autofree char *i2 = imp_card_vec (c, m->incident_v2);
      imp_card_termed (c, "incident");
      imp_card_line (c, _("Incident edge: %s edge %d from %s to %s (its normal most against the "
                          "reference normal)"),
                     inc, m->incident_edge, i1, i2);
      clip_lines (c, m);
    }
  else
    imp_card_line (c, _("The circle's deepest point, c − n r, is the contact point."));
  for (int k = 0; k < m->point_count && k < 2; k++)
    {
      const PhysContactPoint *p = &m->points[k];
      g_autofree char *pt = imp_card_vec (c, p->point), *depth = imp_card_num (c, p->depth);
      g_autofree char *sep = imp_card_num (c, p->separation);
      imp_card_termed (c, "point");
      imp_card_line (c, _("Point %d: %s, separation n_ref·(p − v1) = %s, depth %s; feature id "
                          "0x%06x"),
                     k + 1, pt, sep, depth, (unsigned) p->id);
    }
}

/* The static test: the table of axes, the verdict and why, the MTV, the manifold. */
static void
sat_card (Card *c, const char *name_a, const char *name_b, const PhysSatRecord *sat)
{
  g_autofree char *a = body_label ("A", name_a), *b = body_label ("B", name_b);
  g_autofree char *title = g_strdup_printf (_("Separating axis test: %s and %s"), a, b);
  imp_card_heading (c, title);
  const char *candidates
      = sat->shape_b == PHYS_SAT_SHAPE_CIRCLE
            ? _("Candidate axes: A's edge normals, then the axis from A's vertex nearest the "
                "circle's centre to it (%d in all).")
        : sat->shape_b == PHYS_SAT_SHAPE_SEGMENT
            ? _("Candidate axes: A's edge normals, then the segment's normal (%d in all).")
            : _("Candidate axes: A's edge normals, then B's (%d in all).");
  imp_card_line (c, candidates, sat->axis_count);
  imp_card_line (c, _("Both bodies are projected on each axis n: forward = max_A − min_B, "
                      "backward = max_B − min_A, overlap = the smaller. A negative overlap is a "
                      "gap: that axis separates them."));
  for (int k = 0; k < sat->axis_count && k < PHYS_SAT_MAX_AXES; k++)
    axis_row (c, sat, k);
  verdict_line (c, sat);
  g_autofree char *n = imp_card_vec (c, sat->normal), *mtv = imp_card_vec (c, sat->mtv);
  g_autofree char *axis = imp_card_vec (c, sat->axes[sat->best].axis);
  g_autofree char *overlap = imp_card_num (c, sat->overlap);
  imp_card_termed (c, "n");
  imp_card_line (c, _("Normal n = %s × %s = %s, from A to B (the chosen axis, turned towards B)"),
                 sat->axes[sat->best].sign < 0.0 ? "−1" : "+1", axis, n);
  imp_card_termed (c, "mtv");
  imp_card_line (c, _("MTV = n × overlap = %s × %s = %s: moving B by it (or A by minus it) "
                      "leaves them touching"),
                 n, overlap, mtv);
  manifold_card (c, sat);
}

static void
curve_lines (Card *c, const PhysBezierClosest *curve)
{
  imp_card_heading (c, _("The closest point on the curve"));
  g_autofree char *s = imp_card_num (c, curve->s), *p = imp_card_vec (c, curve->point);
  g_autofree char *t = imp_card_vec (c, curve->tangent), *n = imp_card_vec (c, curve->normal);
  g_autofree char *d = imp_card_num (c, curve->distance), *q = imp_card_vec (c, curve->query);
  imp_card_line (c, _("From q = %s: %d candidates (both ends and every bracketed minimum of "
                      "|B(s) − q|²)"),
                 q, curve->candidate_count);
  imp_card_termed (c, "curve-point");
  imp_card_line (c, _("s = %s, B(s) = %s, distance %s"), s, p, d);
  imp_card_termed (c, "tangent");
  imp_card_line (c, _("tangent unit B′(s) = %s, normal %s"), t, n);
}

/* A time of the frame: the number, or ∞ and −∞ for an interval without an end. */
static char *
card_time (Card *c, double t)
{
  if (isinf (t))
    return g_strdup (t > 0.0 ? "∞" : "−∞");
  return imp_card_num (c, t);
}

/* The swept test's axes, each its [enter, exit] in frame time (the plot's rows). */
static void
swept_axis_lines (Card *c, const PhysRigidTests *tests)
{
  const PhysSweptSatRecord *s = &tests->swept;
  if (tests->t0 != 0.0)
    {
      g_autofree char *t0 = imp_card_num (c, tests->t0);
      imp_card_line (c, _("The search starts at t0 = %s; the times below are the frame's, t0 "
                          "added."),
                     t0);
    }
  for (int k = 0; k < s->axis_count && k < PHYS_SAT_MAX_AXES; k++)
    {
      const PhysSweptAxis *axis = &s->axes[k];
      g_autofree char *speed = imp_card_num (c, axis->speed);
      imp_card_termed (c, imp_render_sat_axis_term (k));
      if (isinf (axis->enter) && axis->enter > 0.0)
        imp_card_line (c, _("Axis %d over the frame: v·n = %s, apart and not closing along it: "
                            "never overlaps"),
                       k + 1, speed);
      else
        {
          g_autofree char *enter = card_time (c, tests->t0 + axis->enter);
          g_autofree char *exit = card_time (c, tests->t0 + axis->exit);
          imp_card_line (c, _("Axis %d over the frame: v·n = %s, overlapping for t in [%s, %s]"),
                         k + 1, speed, enter, exit);
        }
    }
}

static void
search_lines (Card *c, const PhysRigidTests *tests, const PhysEvent *event)
{
  g_autofree char *t = imp_card_num (c, event->t);
  imp_card_line (c, _("Found at t = %s of the frame by %s."), t, found_text (tests->found));
  if (tests->found == PHYS_RIGID_FOUND_SWEPT_SAT)
    {
      const PhysSweptSatRecord *s = &tests->swept;
      g_autofree char *v = imp_card_vec (c, s->v), *enter = imp_card_num (c, s->enter);
      g_autofree char *exit = imp_card_num (c, s->exit);
      imp_card_line (c, _("B moves by v = %s relative to A. On each axis the projections "
                          "overlap for t in [enter, exit]; the latest enter, %s on axis %d, "
                          "comes before the earliest exit, %s: the first touch."),
                     v, enter, s->enter_axis + 1, exit);
      swept_axis_lines (c, tests);
    }
  else if (tests->found == PHYS_RIGID_FOUND_ADVANCE && !tests->has_curve)
    {
      const PhysAdvanceRecord *a = &tests->advance;
      g_autofree char *tol = imp_card_num (c, a->tolerance);
      imp_card_line (c, ngettext ("Conservative advancement: %d step to within %s.",
                                  "Conservative advancement: %d steps to within %s.",
                                  (unsigned long) a->step_count),
                     a->step_count, tol);
    }
}

/* The impulse with spin at each contact point. */
static void
impulse_card (Card *c, const PhysRigidAnswer *r)
{
  imp_card_heading (c, _("Response: an impulse with spin"));
  g_autofree char *n = imp_card_vec (c, r->normal), *t = imp_card_vec (c, r->tangent);
  g_autofree char *e = imp_card_num (c, r->e), *mu = imp_card_num (c, r->mu);
  imp_card_line (c, _("n = %s, tangent t = %s, e = %s, μ = %s"), n, t, e, mu);
  const PhysRigidState *a = &r->a_before, *b = &r->b_before;
  g_autofree char *ima = imp_card_num (c, a->inv_mass), *imb = imp_card_num (c, b->inv_mass);
  g_autofree char *iia = imp_card_num (c, a->inv_inertia);
  g_autofree char *iib = imp_card_num (c, b->inv_inertia);
  for (int k = 0; k < r->point_count && k < 2; k++)
    {
      const PhysRigidPoint *p = &r->points[k];
      g_autofree char *pt = imp_card_vec (c, p->point);
      g_autofree char *ra = imp_card_vec (c, p->ra), *rb = imp_card_vec (c, p->rb);
      g_autofree char *ran = imp_card_num (c, p->ra_cross_n);
      g_autofree char *rbn = imp_card_num (c, p->rb_cross_n);
      g_autofree char *fran = imp_card_factor (c, p->ra_cross_n);
      g_autofree char *frbn = imp_card_factor (c, p->rb_cross_n);
      g_autofree char *mn = imp_card_num (c, p->normal_mass);
      g_autofree char *vn = imp_card_num (c, p->vn_before), *fvn = imp_card_factor (c, p->vn_before);
      g_autofree char *target = imp_card_num (c, p->target), *jn = imp_card_num (c, p->jn);
      g_autofree char *jfree = imp_card_num (c, p->jt_free), *jlim = imp_card_num (c, p->jt_limit);
      g_autofree char *jt = imp_card_num (c, p->jt), *vt = imp_card_num (c, p->vt_before);
      g_autofree char *vn1 = imp_card_num (c, p->vn_after), *vt1 = imp_card_num (c, p->vt_after);
      g_autofree char *point_title = g_strdup_printf (_("Point %d at %s"), k + 1, pt);
      imp_card_line (c, "%s", point_title);
      imp_card_termed (c, "ra");
      imp_card_line (c, _("r_A = p − c_A = %s, r_A × n = %s"), ra, ran);
      imp_card_termed (c, "rb");
      imp_card_line (c, _("r_B = p − c_B = %s, r_B × n = %s"), rb, rbn);
      imp_card_line (c, _("effective mass m_n = 1 / (1/m_A + 1/m_B + (r_A × n)²/I_A + (r_B × "
                          "n)²/I_B) = 1 / (%s + %s + %s²·%s + %s²·%s) = %s"),
                     ima, imb, fran, iia, frbn, iib, mn);
      imp_card_termed (c, "v.n");
      imp_card_line (c, _("v_n = (v_B + ω_B × r_B − v_A − ω_A × r_A)·n = %s   (negative: "
                          "approaching)"),
                     vn);
      imp_card_termed (c, "j");
      if (!r->block && r->point_count == 1 && r->found != PHYS_RIGID_FOUND_CONTACT_SOLVER)
        imp_card_line (c, _("j = −(1 + e) v_n m_n = −(1 + %s)·%s·%s = %s"), e, fvn, mn, jn);
      else
        imp_card_line (c, _("j = %s   (solved with the other point: the normal velocity aimed at "
                            "is %s)"),
                       jn, target);
      imp_card_termed (c, "friction");
      imp_card_line (c, _("friction: v_t = %s before; after the normal impulse, stopping the "
                          "sliding takes %s, at most μ j = %s, so j_t = %s (%s)"),
                     vt, jfree, jlim, jt, p->sliding ? _("sliding") : _("sticking"));
      imp_card_line (c, _("after: v_n = %s, v_t = %s"), vn1, vt1);
    }
  if (r->point_count == 2)
    {
      g_autofree char *k11 = imp_card_num (c, r->k11), *k12 = imp_card_num (c, r->k12);
      g_autofree char *k22 = imp_card_num (c, r->k22);
      imp_card_line (c, _("Both points together: K = [%s %s; %s %s]%s"), k11, k12, k12, k22,
                     r->block ? _(", solved exactly (2 × 2)") : _(", one point kept"));
    }
  const struct
  {
    const char *who, *term;
    const PhysRigidState *before, *after;
  } bodies[] = { { "A", "v1'", &r->a_before, &r->a_after },
                 { "B", "v2'", &r->b_before, &r->b_after } };
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *v0 = imp_card_vec (c, bodies[i].before->velocity);
      g_autofree char *v1 = imp_card_vec (c, bodies[i].after->velocity);
      g_autofree char *w0 = imp_card_num (c, bodies[i].before->angular_velocity);
      g_autofree char *w1 = imp_card_num (c, bodies[i].after->angular_velocity);
      imp_card_termed (c, bodies[i].term);
      imp_card_line (c, _("%s: v %s → %s, ω %s → %s"), bodies[i].who, v0, v1, w0, w1);
    }
}

static void
ledger_card (Card *c, const PhysRigidAnswer *r)
{
  imp_card_heading (c, _("Ledger"));
  g_autofree char *k0 = imp_card_num (c, r->energy_before), *k1 = imp_card_num (c, r->energy_after);
  g_autofree char *p0 = imp_card_vec (c, r->momentum_before);
  g_autofree char *p1 = imp_card_vec (c, r->momentum_after);
  g_autofree char *l0 = imp_card_num (c, r->angular_momentum_before);
  g_autofree char *l1 = imp_card_num (c, r->angular_momentum_after);
  imp_card_line (c, _("kinetic energy ½m|v|² + ½Iω²: %s → %s"), k0, k1);
  imp_card_line (c, _("momentum m_A v_A + m_B v_B: %s → %s"), p0, p1);
  imp_card_line (c, _("angular momentum about the origin (c × m v + I ω): %s → %s"), l0, l1);
  double scale = fmax (1.0, fabs (r->energy_before));
  gboolean energy_kept = fabs (r->energy_after - r->energy_before) <= 1e-9 * scale;
  double pscale = fmax (1.0, phys_v2_len (r->momentum_before));
  gboolean momentum_kept
      = phys_v2_len (phys_v2_sub (r->momentum_after, r->momentum_before)) <= 1e-9 * pscale;
  imp_card_badges (c, momentum_kept, energy_kept);
  if (r->a_before.inv_mass == 0.0 || r->b_before.inv_mass == 0.0)
    imp_card_line (c, _("An immovable body takes the impulse without moving: the momentum of the "
                        "pair changes."));
  else if (!energy_kept && r->e < 1.0)
    imp_card_line (c, _("With e < 1 the impulse takes out kinetic energy; momentum and angular "
                        "momentum are kept."));
  else if (!energy_kept)
    imp_card_line (c, _("Friction took out kinetic energy."));
}

/**
 * imp_card_rigid_event:
 * @c: the card
 * @world: (nullable): the world at the start of the event's frame
 * @event: a rigid event
 *
 * The tests (found again from the frame's start, phys_world_rigid_detail()), the impulse
 * with spin and the ledger.
 */
void
imp_card_rigid_event (Card *c, const PhysWorld *world, const PhysEvent *event)
{
  const char *name_a = imp_card_name_of (world, phys_event_a_kind (event->kind), event->a);
  const char *name_b = imp_card_name_of (world, event->b_kind, event->b);
  PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
  if (world != NULL && phys_world_rigid_detail (world, event, detail) == PHYS_OK)
    {
      sat_card (c, name_a, name_b, &detail->tests.sat);
      search_lines (c, &detail->tests, event);
      if (detail->tests.has_curve)
        curve_lines (c, &detail->tests.curve);
    }
  else
    {
      g_autofree char *title = g_strdup_printf (_("Rigid contact: %s and %s"), name_a, name_b);
      imp_card_heading (c, title);
    }
  g_free (detail);
  impulse_card (c, &event->rigid);
  ledger_card (c, &event->rigid);
}

/**
 * imp_card_rigid_pair:
 * @c: the card
 * @world: (nullable): the world, for names
 * @pair: a rigid pair's record
 *
 * The static test at the frame's start and what the search over the frame found.
 */
void
imp_card_rigid_pair (Card *c, const PhysWorld *world, const PhysPairRecord *pair)
{
  const char *name_a = imp_card_name_of (world, pair->a.kind, pair->a.index);
  const char *name_b = imp_card_name_of (world, pair->b.kind, pair->b.index);
  const PhysRigidPairRecord *rigid = &pair->rigid;
  sat_card (c, name_a, name_b, &rigid->tests.sat);
  if (rigid->hit)
    {
      g_autofree char *t = imp_card_num (c, rigid->t);
      imp_card_line (c, _("Over the frame: they first touch at t = %s, found by %s."), t,
                     found_text (rigid->tests.found));
    }
  else
    imp_card_line (c, _("Over the frame: they do not touch."));
  if (rigid->tests.found == PHYS_RIGID_FOUND_SWEPT_SAT)
    swept_axis_lines (c, &rigid->tests);
  if (rigid->tests.has_curve)
    curve_lines (c, &rigid->tests.curve);
}
