/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cards.c: the inspector's cards (see imp-cards.h). Every number comes from
 * a record; the formulas are written out with those numbers in them, the way a
 * worked example in a textbook would. */
#include "imp-cards.h"
#include "imp-cards-private.h"
#include "imp-sleep-text.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imp-i18n.h"
#include "imp-ledger.h"
#include "imp-lesson-markup.h"

/* The card's Unicode math in LaTeX: symbols as inline math, TeX's special
 * characters escaped, "x_L" as a subscript. Text stays text, so the result
 * compiles in any LaTeX document without extra packages. */
static char *
latex_of (const char *text)
{
  static const struct
  {
    const char *from, *to;
  } symbols[] = {
    { "−", "$-$" },        { "·", "$\\cdot$" }, { "₀", "$_0$" },          { "₁", "$_1$" },
    { "₂", "$_2$" },       { "²", "$^2$" },      { "¹", "$^1$" },          { "⁻", "$^-$" },
    { "ᵀ", "$^T$" },       { "′", "$'$" },       { "→", "$\\to$" },       { "≤", "$\\le$" },
    { "μ", "$\\mu$" },      { "ω", "$\\omega$" },
    { "≥", "$\\ge$" },     { "≈", "$\\approx$" }, { "∓", "$\\mp$" },       { "√", "$\\surd$" },
    { "½", "$\\frac12$" }, { "×", "$\\times$" }, { "ŵ", "$\\hat{w}$" },   { "–", "--" },
    { "|", "$|$" },        { "<", "$<$" },       { ">", "$>$" },           { "\\", "\\textbackslash{}" },
    { "{", "\\{" },        { "}", "\\}" },       { "$", "\\$" },           { "&", "\\&" },
    { "#", "\\#" },        { "%", "\\%" },       { "~", "\\textasciitilde{}" }, { "^", "\\^{}" },
  };
  GString *out = g_string_new (NULL);
  for (const char *p = text; *p != '\0';)
    {
      gsize i = 0;
      for (; i < G_N_ELEMENTS (symbols); i++)
        if (g_str_has_prefix (p, symbols[i].from))
          break;
      /* n_L, v_t: one letter, a subscript of one letter or digit; any other _
       * (in a body's name, say) is literal. */
      gboolean subscript = *p == '_' && p > text && g_ascii_isalpha (p[-1])
                           && (p - 1 == text || !g_ascii_isalnum (p[-2]))
                           && g_ascii_isalnum (p[1]) && !g_ascii_isalnum (p[2]);
      char sub[] = { '$', '_', subscript ? p[1] : '\0', '$', '\0' };
      const char *piece = i < G_N_ELEMENTS (symbols) ? symbols[i].to
                          : subscript                 ? sub
                          : *p == '_'                 ? "\\_"
                                                      : NULL;
      if (piece == NULL)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      p += i < G_N_ELEMENTS (symbols) ? strlen (symbols[i].from) : subscript ? 2 : 1;
      /* Two inline formulas side by side are one: "$_1$" then "$'$" is
       * "$_1'$" ("$$" would open display math). */
      gboolean closes_math = out->len >= 1 && out->str[out->len - 1] == '$'
                             && (out->len < 2 || out->str[out->len - 2] != '\\');
      if (piece[0] == '$' && closes_math)
        {
          g_string_truncate (out, out->len - 1);
          piece++;
        }
      g_string_append (out, piece);
    }
  return g_string_free (out, FALSE);
}

void
imp_card_heading (Card *c, const char *text)
{
  /* A blank line between sections. */
  if (c->out->len > 0)
    {
      g_string_append_c (c->out, '\n');
      c->shown++;
    }
  c->shown += strlen (text) + 1;
  if (c->style == IMP_CARD_MARKUP)
    {
      g_autofree char *escaped = g_markup_escape_text (text, -1);
      g_string_append_printf (c->out, "<b>%s</b>\n", escaped);
    }
  else if (c->style == IMP_CARD_LATEX)
    {
      g_autofree char *tex = latex_of (text);
      g_string_append_printf (c->out, "\\paragraph{%s}\n", tex);
    }
  else
    g_string_append_printf (c->out, "%s\n", text);
}


void
imp_card_line (Card *c, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *text = g_strdup_vprintf (format, args);
  va_end (args);
  if (c->term != NULL && c->terms != NULL)
    {
      ImpCardTerm t = { c->term, c->shown, c->shown + strlen (text) };
      g_array_append_val (c->terms, t);
    }
  c->term = NULL;
  c->shown += strlen (text) + 1;
  if (c->style == IMP_CARD_MARKUP)
    {
      g_autofree char *escaped = g_markup_escape_text (text, -1);
      g_autofree char *whole = imp_markup_keep_bars_whole (escaped);
      g_string_append_printf (c->out, "%s\n", whole);
    }
  else if (c->style == IMP_CARD_LATEX)
    {
      g_autofree char *tex = latex_of (text);
      g_string_append_printf (c->out, "%s\\\\\n", tex);
    }
  else
    g_string_append_printf (c->out, "%s\n", text);
}

/* The next line computes term (a name of ImpRenderInput.highlight_term). */
void
imp_card_termed (Card *c, const char *term)
{
  c->term = term;
}

/* A number as the card shows it: precision significant digits, a true minus
 * sign, and "-0" as "0". */
char *
imp_card_num (const Card *c, double x)
{
  if (x == 0.0)
    x = 0.0;
  g_autofree char *text = g_strdup_printf ("%.*g", c->precision, x);
  if (text[0] == '-')
    return g_strconcat ("−", text + 1, NULL);
  return g_steal_pointer (&text);
}

/* A number as a factor in a formula: negatives in parentheses, so that "(−2)²"
 * reads as the square of −2. */
char *
imp_card_factor (const Card *c, double x)
{
  g_autofree char *text = imp_card_num (c, x);
  if (x < 0.0)
    return g_strdup_printf ("(%s)", text);
  return g_steal_pointer (&text);
}

char *
imp_card_vec (const Card *c, PhysVec2 v)
{
  g_autofree char *x = imp_card_num (c, v.x), *y = imp_card_num (c, v.y);
  /* Translators: a vector's components; where the decimal separator is a comma, separate
   * them with a semicolon: "(%s; %s)". */
  return g_strdup_printf (_("(%s, %s)"), x, y);
}

/* "a x + b y" as written by hand: no zero term, a negative one subtracted
 * ("−10 y", "3 x − 4 y"). */
static char *
linear_form (const Card *c, double a, double b)
{
  if (a == 0.0 && b == 0.0)
    return g_strdup ("0");
  g_autofree char *na = imp_card_num (c, a), *nb = imp_card_num (c, fabs (b)), *signed_b = imp_card_num (c, b);
  if (a == 0.0)
    return g_strdup_printf ("%s y", signed_b);
  if (b == 0.0)
    return g_strdup_printf ("%s x", na);
  return g_strdup_printf ("%s x %s %s y", na, b < 0.0 ? "−" : "+", nb);
}

const char *
imp_card_name_of (const PhysWorld *world, PhysBodyKind kind, int index)
{
  if (world == NULL || index < 0)
    return "?";
  return phys_world_body_name (world, (PhysBodyRef) { kind, index });
}

/**
 * imp_card_verdict_sentence:
 * @s: a circle-circle test
 * @t0: where in the frame the test starts (after an earlier event), 0 to 1
 *
 * Returns: (transfer full): the verdict in a sentence; t counts from @t0, so
 *   the frame ends at t = 1 − @t0
 */
char *
imp_card_verdict_sentence (const PhysCircleCircleSweep *s, double t0)
{
  if (t0 > 0.0 && (s->verdict == PHYS_VERDICT_AFTER_FRAME || s->verdict == PHYS_VERDICT_HIT))
    {
      /* What the engine compares: the time left in the frame, not the whole frame. */
      double left = 1.0 - t0;
      return s->t > left ? g_strdup_printf (
                 _("They would touch at t = %.6g from t₀, after the %.6g of "
                    "the frame that is left (t > 1 − t₀): a later frame finds it."),
                 s->t, left)
                         : g_strdup_printf (
                             _("They touch at t = %.6g from t₀, within the %.6g of the "
                                "frame that is left (0 ≤ t ≤ 1 − t₀): at %.6g of the frame."),
                             s->t, left, t0 + s->t);
    }
  double dd = s->c + s->R * s->R;
  switch (s->verdict)
    {
    case PHYS_VERDICT_OVERLAPPING:
      return g_strdup_printf (_("They already overlap when the test starts (c < 0): the centres "
                                "are %.6g apart, less than R = %.6g."),
                              sqrt (fmax (dd, 0.0)), s->R);
    case PHYS_VERDICT_NO_RELATIVE_MOTION:
      return g_strdup (_("They do not move relative to each other (a = v·v ≈ 0), so the distance "
                         "between them cannot change in this frame."));
    case PHYS_VERDICT_MOVING_APART:
      return g_strdup (_("They are moving apart (b = v·d ≥ 0): the distance between the centres "
                         "is not shrinking, so they cannot meet."));
    case PHYS_VERDICT_MISS:
      return g_strdup_printf (_("Their paths never come within R of each other (disc < 0): the "
                                "centres pass %.6g apart at their closest, more than R = %.6g."),
                              sqrt (fmax (dd - s->b * s->b / s->a, 0.0)), s->R);
    case PHYS_VERDICT_AFTER_FRAME:
      return g_strdup_printf (_("They would touch at t = %.6g, after this frame ends (t > 1): a "
                                "later frame finds it."),
                              s->t);
    case PHYS_VERDICT_HIT:
      return g_strdup_printf (_("They touch at t = %.6g, inside the frame (0 ≤ t ≤ 1): the "
                                "smaller root is the first touch."),
                              s->t);
    default:
      return g_strdup ("");
    }
}

static void
circle_circle_test (Card *c, const PhysWorld *world, const PhysCircleCircleSweep *s, int a,
                    int b, double t0)
{
  g_autofree char *d = imp_card_vec (c, s->d), *v = imp_card_vec (c, s->v);
  g_autofree char *r1 = imp_card_num (c, s->r1), *r2 = imp_card_num (c, s->r2), *R = imp_card_num (c, s->R);
  g_autofree char *A = imp_card_num (c, s->a), *B = imp_card_num (c, s->b), *C = imp_card_num (c, s->c);
  g_autofree char *D = imp_card_num (c, s->disc);
  g_autofree char *dd = imp_card_num (c, s->c + s->R * s->R);
  g_autofree char *vx = imp_card_factor (c, s->v.x), *vy = imp_card_factor (c, s->v.y);
  g_autofree char *dx = imp_card_factor (c, s->d.x), *dy = imp_card_factor (c, s->d.y);
  g_autofree char *fA = imp_card_factor (c, s->a), *fB = imp_card_factor (c, s->b), *fC = imp_card_factor (c, s->c);

  g_autofree char *title = g_strdup_printf (_("Circle–circle test: %s and %s"),
                                            imp_card_name_of (world, PHYS_BODY_CIRCLE, a),
                                            imp_card_name_of (world, PHYS_BODY_CIRCLE, b));
  imp_card_heading (c, title);
  if (t0 > 0.0)
    imp_card_line (c, _("The test starts at t₀ = %.6g of the frame (after an earlier event); its t "
               "counts from there."), t0);
  imp_card_termed (c, "d");
  imp_card_line (c, "d = p₂ − p₁ = %s", d);
  imp_card_termed (c, "v");
  imp_card_line (c, _("v = v₂ − v₁ = %s   (displacement over the frame)"), v);
  imp_card_line (c, "R = r₁ + r₂ = %s + %s = %s", r1, r2, R);
  imp_card_line (c, "a = v·v = %s² + %s² = %s", vx, vy, A);
  imp_card_line (c, _("b = v·d = %s·%s + %s·%s = %s   (half the textbook b)"), vx, dx, vy, dy, B);
  imp_card_line (c, "c = d·d − R² = %s − %s² = %s", dd, R, C);
  imp_card_line (c, "disc = b² − a c = %s² − %s·%s = %s", fB, fA, fC, D);
  if (s->quartic)
    {
      /* Different accelerations (one held up, the other falling): not a quadratic. */
      g_autofree char *w = imp_card_vec (c, s->w), *k3 = imp_card_num (c, s->k[3]), *k4 = imp_card_num (c, s->k[4]);
      g_autofree char *k2 = imp_card_num (c, s->k[2]), *tq = imp_card_num (c, s->t);
      imp_card_line (c, _("Their accelerations differ by w = %s: |d + v t + w t²/2|² − R² is a quartic, "
                 "c + 2b t + %s t² + %s t³ + %s t⁴, whose first root in [0, 1] is found between "
                 "the roots of its derivatives: t = %s"), w, k2, k3, k4, tq);
    }
  else if (s->has_roots)
    {
      g_autofree char *t1 = imp_card_num (c, s->roots[0]), *t2 = imp_card_num (c, s->roots[1]);
      imp_card_termed (c, "t");
      imp_card_line (c, _("t = (−b ∓ √disc) / a = %s and %s"), t1, t2);
    }
  else if (s->verdict == PHYS_VERDICT_NO_RELATIVE_MOTION)
    imp_card_line (c, _("No roots to look for: a ≈ 0, the circles do not move relative to each other, "
               "so their distance never changes."));
  else if (s->verdict == PHYS_VERDICT_MISS)
    imp_card_line (c, _("No real roots: disc < 0."));
  else
    imp_card_line (c, _("The roots are not needed: an earlier check decided."));
  g_autofree char *sentence = imp_card_verdict_sentence (s, t0);
  imp_card_line (c, _("Verdict: %s. %s"), imp_i18n_physics_name ("verdict", phys_verdict_name (s->verdict)),
        sentence);
  if (s->has_t)
    {
      g_autofree char *p1 = imp_card_vec (c, s->p1_at_t), *p2 = imp_card_vec (c, s->p2_at_t);
      g_autofree char *n = imp_card_vec (c, s->normal), *pt = imp_card_vec (c, s->point);
      imp_card_termed (c, "point");
      imp_card_line (c, _("At t: p₁ = %s, p₂ = %s; contact point %s; n = %s"), p1, p2, pt, n);
    }
}

/* Whether the world tests overlaps where frames end instead of sweeping. */
static gboolean
discrete (const PhysWorld *world)
{
  return world != NULL && phys_world_get_def (world)->modes.detection == PHYS_DETECTION_DISCRETE;
}

/* The discrete test, what decides in a discrete world: the circles as they
 * stand when the frame starts (where the last one ended), overlapping or not;
 * the swept quadratic's t plays no part there. */
static void
circle_circle_discrete (Card *c, const PhysWorld *world, const PhysCircleCircleSweep *s, int a,
                        int b)
{
  g_autofree char *d = imp_card_vec (c, s->d), *dd = imp_card_num (c, s->c + s->R * s->R);
  g_autofree char *r1 = imp_card_num (c, s->r1), *r2 = imp_card_num (c, s->r2), *R = imp_card_num (c, s->R);
  g_autofree char *C = imp_card_num (c, s->c);
  g_autofree char *title = g_strdup_printf (_("Discrete overlap test: %s and %s"),
                                            imp_card_name_of (world, PHYS_BODY_CIRCLE, a),
                                            imp_card_name_of (world, PHYS_BODY_CIRCLE, b));
  imp_card_heading (c, title);
  imp_card_line (c, _("Detection is discrete: the test looks only at where the circles stand when the "
             "frame starts (where the last frame ended), then moves them the whole frame "
             "without looking again."));
  imp_card_termed (c, "d");
  imp_card_line (c, "d = p₂ − p₁ = %s", d);
  imp_card_line (c, "R = r₁ + r₂ = %s + %s = %s", r1, r2, R);
  imp_card_line (c, "c = d·d − R² = %s − %s² = %s", dd, R, C);
  if (s->c >= 0.0)
    {
      imp_card_line (c, _("Verdict: no overlap (c ≥ 0). Nothing collides in this frame, however fast they "
                 "move: a pair that crosses within one frame is never seen."));
      return;
    }
  /* Overlapping: they collide when they are approaching along the normal. */
  double closing = -(s->v.x * s->normal.x + s->v.y * s->normal.y);
  g_autofree char *n = imp_card_vec (c, s->normal), *vn = imp_card_num (c, closing);
  imp_card_termed (c, "n");
  imp_card_line (c, _("n = d / |d| = %s; they approach along n at %s per frame"), n, vn);
  imp_card_line (c, closing > 0.0 ? _("Verdict: overlapping (c < 0) and approaching: they collide now, "
                             "already inside each other.")
                         : _("Verdict: overlapping (c < 0) but separating: no response."));
}

static void
impulse_card (Card *c, const PhysImpulse *imp, bool resting)
{
  imp_card_heading (c, _("Response: an impulse along n"));
  g_autofree char *n = imp_card_vec (c, imp->normal), *rel = imp_card_vec (c, imp->rel_vel);
  g_autofree char *vn = imp_card_num (c, imp->vn), *e = imp_card_num (c, imp->e), *j = imp_card_num (c, imp->j);
  g_autofree char *fvn = imp_card_factor (c, imp->vn);
  g_autofree char *im1 = imp_card_num (c, imp->inv_mass1), *im2 = imp_card_num (c, imp->inv_mass2);
  g_autofree char *v1 = imp_card_vec (c, imp->v1_before), *v2 = imp_card_vec (c, imp->v2_before);
  g_autofree char *w1 = imp_card_vec (c, imp->v1_after), *w2 = imp_card_vec (c, imp->v2_after);
  imp_card_termed (c, "n");
  imp_card_line (c, "n = unit(p₂(t) − p₁(t)) = %s", n);
  imp_card_termed (c, "v.n");
  imp_card_line (c, "(v₁ − v₂)·n = %s·n = %s%s", rel, vn,
        imp->vn > 0.0 ? _("   (approaching)") : _("   (not approaching: no impulse)"));
  imp_card_line (c, "e = √(e₁ e₂) = %s%s", e,
        resting ? _("   (taken as 0: a resting or repeated contact)") : "");
  imp_card_termed (c, "j");
  imp_card_line (c, "j = −(1 + e)(v₁ − v₂)·n / (1/m₁ + 1/m₂) = −(1 + %s)·%s / (%s + %s) = %s", e, fvn, im1,
        im2, j);
  imp_card_termed (c, "v1'");
  imp_card_line (c, "v₁′ = v₁ + j n / m₁: %s → %s", v1, w1);
  imp_card_termed (c, "v2'");
  imp_card_line (c, "v₂′ = v₂ − j n / m₂: %s → %s", v2, w2);
}

/* Why a contact came to rest (docs/physics.md): the collapse rule under gravity, the
 * rest speed on straight paths, or a cluster; and what the rules took out. */
static void
rest_card (Card *c, const PhysEvent *event, bool pressed, bool leaving)
{
  if (event->resting)
    {
      imp_card_heading (c, _("Why it rests"));
      if (pressed && leaving)
        imp_card_line (c,
              _("Gravity presses this contact together, and the body leaves it so slowly that "
                 "it would be back within a frame (2 vₙ / aₙ < 1 frame): a hop too short to be "
                 "one. The contact rests at once: its normal velocity is set to exactly 0 and "
                 "the surface holds it up."));
      else if (pressed)
        imp_card_line (c,
              _("Gravity presses this contact together, and its next bounce would come back "
                 "within a frame (2 e vₙ / aₙ < 1 frame): a ball coming to rest would bounce "
                 "infinitely often in a finite time (inelastic collapse). The contact rests "
                 "instead: its normal velocity is set to exactly 0 and the surface holds it up."));
      else
        imp_card_line (c, _("It rests with e = 0: its normal speed is below the world's rest speed "
                   "(bodies on straight paths), or it repeats within a cluster of circles."));
    }
  if (event->removed > 0.0)
    {
      g_autofree char *removed = imp_card_num (c, event->removed);
      imp_card_line (c, _("Kinetic energy removed by the rule (on top of the response's own loss): %s"),
            removed);
    }
  if (event->held_friction > 0.0)
    {
      g_autofree char *held = imp_card_num (c, event->held_friction);
      imp_card_line (c, _("Kinetic energy friction took while the circle slid on the surface that "
                 "holds it (μ > 0): %s"), held);
    }
  if (event->rolled)
    {
      g_autofree char *at = imp_card_num (c, event->rolled_t);
      imp_card_line (c, _("Its slip reached 0 at t = %s: from then on it rolls."), at);
    }
  if (event->jammed)
    imp_card_line (c, _("Jammed: answered more than %d times at one instant; the cluster moved on as one "
               "body, keeping its momentum."),
          PHYS_JAM_ANSWERS);
  if (event->taken.x != 0.0 || event->taken.y != 0.0)
    {
      g_autofree char *taken = imp_card_vec (c, event->taken);
      imp_card_line (c, _("Momentum taken by what does not move (walls, the ground; with the weight it "
                 "held up for the rest of the frame): %s"),
            taken);
    }
}

/* The ledger's verdict at a glance: a badge for momentum and one for kinetic
 * energy, green when kept, red when not; "[momentum kept]" in plain text. */
void
imp_card_badges (Card *c, gboolean momentum_kept, gboolean energy_kept)
{
  const char *words[2] = { momentum_kept ? _("momentum kept") : _("momentum changed"),
                           energy_kept ? _("kinetic energy kept") : _("kinetic energy changed") };
  const gboolean kept[2] = { momentum_kept, energy_kept };
  if (c->style != IMP_CARD_MARKUP)
    {
      imp_card_line (c, "[%s] [%s]", words[0], words[1]);
      return;
    }
  GString *shown = g_string_new (NULL);
  for (int i = 0; i < 2; i++)
    {
      const char *gap = i > 0 ? " " : "";
      g_string_append_printf (c->out,
                              "%s<span background=\"%s\" foreground=\"#ffffff\"> %s </span>", gap,
                              kept[i] ? "#26a269" : "#c01c28", words[i]);
      g_string_append_printf (shown, "%s %s ", gap, words[i]);
    }
  g_string_append_c (c->out, '\n');
  c->shown += shown->len + 1;
  c->term = NULL;
  g_string_free (shown, TRUE);
}

/* Momentum and kinetic energy of a pair before and after its impulse
 * (imp_ledger_of()), and why they are or are not conserved. */
static void
ledger_card (Card *c, const PhysImpulse *imp, const PhysEvent *event)
{
  imp_card_heading (c, _("Ledger"));
  ImpLedger ledger = imp_ledger_of (imp);
  double k0 = ledger.kinetic_before, k1 = ledger.kinetic_after;
  gboolean momentum_kept = ledger.momentum_kept, energy_kept = ledger.energy_kept;
  g_autofree char *sp0 = imp_card_vec (c, ledger.momentum_before), *sp1 = imp_card_vec (c, ledger.momentum_after);
  g_autofree char *sk0 = imp_card_num (c, k0), *sk1 = imp_card_num (c, k1);
  imp_card_line (c, _("momentum m₁v₁ + m₂v₂: %s → %s"), sp0, sp1);
  imp_card_line (c, _("kinetic energy ½m₁|v₁|² + ½m₂|v₂|²: %s → %s"), sk0, sk1);
  imp_card_badges (c, momentum_kept, energy_kept);
  if (event->repeated)
    imp_card_line (c, _("Not conserved: the double-pair-loop mistake applied the impulse a second time, "
               "with velocities from before the first."));
  else if (imp->inv_mass1 == 0.0 || imp->inv_mass2 == 0.0)
    imp_card_line (c, _("Momentum is not kept: a fixed (or resting, sleeping, jammed) body takes the "
               "impulse and does not move. %s"),
          energy_kept ? _("Energy is kept (e = 1).") : _("Energy is lost too (e < 1)."));
  else if (momentum_kept && energy_kept)
    imp_card_line (c, _("Conserved: both, as an elastic collision (e = 1) between free bodies must."));
  else if (momentum_kept)
    {
      g_autofree char *lost = imp_card_num (c, k0 - k1);
      imp_card_line (c, _("Momentum is conserved; %s of kinetic energy is lost because e < 1%s."), lost,
            event->resting ? _(" (taken as 0: a resting or repeated contact)") : "");
    }
  else if (event->at_frame_end)
    imp_card_line (c, _("Not conserved: the respond-at-frame-end mode answered where the frame ends, with "
               "the bodies already overlapping, not at contact."));
  else
    imp_card_line (c, _("Not conserved, by more than rounding (1e-9 of the totals): this response is not "
               "an equal and opposite impulse between two free bodies."));
}

static void
circle_segment_test (Card *c, const PhysWorld *world, const PhysCircleSegmentSweep *s, int circle,
                     int segment)
{
  g_autofree char *title = g_strdup_printf (_("Circle–segment test: %s and %s"),
                                            imp_card_name_of (world, PHYS_BODY_CIRCLE, circle),
                                            imp_card_name_of (world, PHYS_BODY_SEGMENT, segment));
  imp_card_heading (c, title);
  g_autofree char *dir = imp_card_vec (c, s->dir), *nl = imp_card_vec (c, s->left_normal), *L = imp_card_num (c, s->length);
  g_autofree char *pn = imp_card_num (c, s->proj_normal), *pa = imp_card_num (c, s->proj_along);
  g_autofree char *vn = imp_card_num (c, s->vel_normal), *va = imp_card_num (c, s->vel_along);
  g_autofree char *r = imp_card_num (c, s->radius), *app = imp_card_num (c, s->approach);
  imp_card_line (c, "d = (B − A) / |B − A| = %s, L = |B − A| = %s", dir, L);
  imp_card_termed (c, "n_L");
  imp_card_line (c, _("n_L = left normal of d (y down: (d.y, −d.x)) = %s"), nl);
  imp_card_termed (c, "proj_normal");
  imp_card_line (c, _("(c − A)·n_L = %s   (signed distance of the centre from the line; r = %s)"), pn, r);
  imp_card_termed (c, "proj_along");
  imp_card_line (c, "(c − A)·d = %s   (%s)", pa,
        s->proj_along < 0.0 ? _("before A") : (s->proj_along > s->length ? _("beyond B")
                                                                      : _("between the ends")));
  imp_card_line (c, _("v·n_L = %s, v·d = %s; speed towards the line = %s"), vn, va, app);
  bool curved = s->acc.x != 0.0 || s->acc.y != 0.0;
  if (curved)
    {
      g_autofree char *acc = imp_card_vec (c, s->acc), *an = imp_card_num (c, s->acc_normal);
      imp_card_line (c, _("Under gravity the centre flies c + v t + a t²/2 with a = %s (a·n_L = %s): the "
                 "gap to the line is a quadratic in t, solved exactly."), acc, an);
    }
  if (s->has_t_interior)
    {
      g_autofree char *ti = imp_card_num (c, s->t_interior), *at = imp_card_num (c, s->along_at_t);
      imp_card_termed (c, "t");
      if (curved)
        imp_card_line (c, _("The line is reached at t = %s (the first root of |(c − A)·n_L| − r − speed t "
                   "± a·n_L t²/2 = 0), %s along it: %s"), ti, at,
              s->interior_in_range ? _("on the flat side") : _("outside the segment"));
      else
        imp_card_line (c, _("The line is reached at t = (|(c − A)·n_L| − r) / speed = %s, %s along it: %s"),
              ti, at, s->interior_in_range ? _("on the flat side") : _("outside the segment"));
    }
  else if (s->approach > 0.0 || (curved && s->acc_normal * s->proj_normal < 0.0))
    imp_card_line (c, _("The line is not reached within this frame."));
  else
    imp_card_line (c, _("The circle does not move towards the line."));
  if (s->caps_tested)
    {
      g_autofree char *ta = imp_card_num (c, s->cap_a.t), *tb = imp_card_num (c, s->cap_b.t);
      imp_card_line (c, _("End A: %s%s%s; end B: %s%s%s"),
            imp_i18n_physics_name ("verdict", phys_verdict_name (s->cap_a.verdict)),
            s->cap_a.has_t ? _(" at t = ") : "", s->cap_a.has_t ? ta : "",
            imp_i18n_physics_name ("verdict", phys_verdict_name (s->cap_b.verdict)),
            s->cap_b.has_t ? _(" at t = ") : "", s->cap_b.has_t ? tb : "");
    }
  else
    imp_card_line (c, _("No end caps tested (teaching mode: the ends can be passed)."));
  g_autofree char *t = imp_card_num (c, s->t);
  imp_card_line (c, _("Verdict: %s%s%s%s%s"),
        imp_i18n_physics_name ("verdict", phys_verdict_name (s->verdict)),
        s->feature != PHYS_FEATURE_NONE ? ", " : "",
        s->feature != PHYS_FEATURE_NONE
            ? imp_i18n_physics_name ("feature", phys_feature_name (s->feature))
            : "",
        s->has_t ? _(" at t = ") : "", s->has_t ? t : "");
}

static void
segment_response_card (Card *c, const PhysSegmentResponse *r)
{
  g_autofree char *title = g_strdup_printf (
      _("Response: %s"), imp_i18n_physics_name ("response", phys_response_name (r->response)));
  imp_card_heading (c, title);
  g_autofree char *n = imp_card_vec (c, r->normal), *vn = imp_card_num (c, r->vn), *vap = imp_card_vec (c, r->v_normal_away);
  g_autofree char *A = imp_card_vec (c, r->v_before), *A2 = imp_card_vec (c, r->v_after), *e = imp_card_num (c, r->e);
  imp_card_termed (c, "n");
  imp_card_line (c, _("n = %s (from the surface towards the centre)"), n);
  imp_card_termed (c, "v");
  imp_card_line (c, "A = v = %s, A·n = %s", A, vn);
  imp_card_termed (c, "V(Ap)");
  imp_card_line (c, "V(Ap) = −(A·n) n = %s", vap);
  imp_card_termed (c, "A'");
  if (r->response == PHYS_RESPONSE_REFLECT)
    imp_card_line (c, _("A′ = A + (1 + e) V(Ap) = %s   (e = %s; A + 2 V(Ap) when e = 1)"), A2, e);
  else
    imp_card_line (c, _("A′ = A + V(Ap) = %s   (the part along the surface)"), A2);
}

static void
probe_card (Card *c, const PhysWorld *world, const PhysProbeRecord *p, int probe, int segment)
{
  g_autofree char *title = g_strdup_printf (_("Probe prediction: %s towards %s"),
                                            imp_card_name_of (world, PHYS_BODY_PROBE, probe),
                                            imp_card_name_of (world, PHYS_BODY_SEGMENT, segment));
  imp_card_heading (c, title);
  const PhysLineIntersection *l = &p->lines;
  if (p->verdict == PHYS_PROBE_STILL || p->verdict == PHYS_PROBE_PARALLEL)
    {
      imp_card_line (c, _("Verdict: %s: there is no point of impact."),
            imp_i18n_physics_name ("probe", phys_probe_verdict_name (p->verdict)));
      return;
    }
  g_autofree char *pk = imp_card_num (c, l->perp_k), *pj = imp_card_num (c, l->perp_to_a), *len = imp_card_num (c, l->length);
  g_autofree char *pp = imp_card_vec (c, l->point_perp), *pg = imp_card_vec (c, l->point_general);
  g_autofree char *pm = imp_card_vec (c, l->point_matrix), *dis = imp_card_num (c, l->max_disagreement);
  g_autofree char *EF = linear_form (c, l->E, l->F), *G = imp_card_num (c, l->G);
  g_autofree char *PQ = linear_form (c, l->P, l->Q), *R = imp_card_num (c, l->R), *det = imp_card_num (c, l->det);
  imp_card_termed (c, "point");
  imp_card_line (c, _("Perp-dot: k × ŵ = %s, (A − p) × ŵ = %s, distance = %s → %s"), pk, pj, len, pp);
  imp_card_termed (c, "point");
  imp_card_line (c, _("General form: %s = %s and %s = %s; det = %s → %s"), EF, G, PQ, R, det, pg);
  imp_card_termed (c, "point");
  imp_card_line (c, _("Matrix form: [E F; P Q]⁻¹ [G R]ᵀ → %s"), pm);
  imp_card_line (c, _("The three methods agree within %s."), dis);
  g_autofree char *tti = imp_card_num (c, p->time_to_impact), *along = imp_card_num (c, p->along);
  imp_card_termed (c, "toi");
  imp_card_line (c, _("Time to impact = displacement / speed = %s frames%s"), tti,
        p->time_to_impact < 0.0 ? _("   (negative: it already happened)") : "");
  imp_card_line (c, _("Along the segment: %s (0 at A, 1 at B): %s"), along,
        p->within ? _("on the segment") : _("off the segment"));
  imp_card_line (c, _("Verdict: %s"), imp_i18n_physics_name ("probe", phys_probe_verdict_name (p->verdict)));
}

Card
imp_card_begin (int precision, ImpCardStyle style, GArray *terms)
{
  Card c = { g_string_new (NULL), CLAMP (precision, 1, 17), style, terms, 0, NULL };
  if (terms != NULL)
    g_array_set_size (terms, 0);
  return c;
}

/**
 * imp_card_for_event:
 * @world: (nullable): the world, for names
 * @event: the event
 * @precision: significant digits
 * @style: markup or plain text
 * @terms: (nullable) (element-type ImpCardTerm): filled with the lines that
 *   compute a term, for linking them to the canvas
 *
 * Returns: (transfer full): the card
 */
char *
imp_card_for_event (const PhysWorld *world, const PhysEvent *event, int precision,
                    ImpCardStyle style, GArray *terms)
{
  Card c = imp_card_begin (precision, style, terms);
  switch (event->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      if (discrete (world))
        circle_circle_discrete (&c, world, &event->circle_circle.sweep, event->a, event->b);
      else
        circle_circle_test (&c, world, &event->circle_circle.sweep, event->a, event->b,
                            event->t0);
      impulse_card (&c, &event->circle_circle.impulse, event->resting);
      ledger_card (&c, &event->circle_circle.impulse, event);
      rest_card (&c, event,
                 event->circle_circle.sweep.quartic
                     || phys_v2_len_sq (event->circle_circle.sweep.acc1) > 0.0,
                 event->circle_circle.impulse.vn < 0.0);
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      circle_segment_test (&c, world, &event->circle_segment.sweep, event->a, event->b);
      segment_response_card (&c, &event->circle_segment.response);
      imp_card_heading (&c, _("Ledger"));
      imp_card_line (&c, _("The segment is fixed: it takes the normal momentum, so the circle's "
                  "momentum changes. %s"),
            event->circle_segment.response.response == PHYS_RESPONSE_SLIDE
                ? _("Sliding drops the normal part of the motion: its kinetic energy is lost.")
                : (event->circle_segment.response.e < 1.0
                       ? _("With e < 1 part of the normal speed, and its energy, is lost.")
                       : _("With e = 1 the speed, and so the kinetic energy, is kept.")));
      rest_card (&c, event, phys_v2_len_sq (event->circle_segment.sweep.acc) > 0.0,
                 event->circle_segment.response.vn > 0.0);
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      probe_card (&c, world, &event->probe.record, event->a, event->b);
      break;
    case PHYS_EVENT_EMBEDDED:
      {
        imp_card_heading (&c, _("Embedded start"));
        g_autofree char *depth = imp_card_num (&c, event->embedded.depth);
        g_autofree char *a0 = imp_card_vec (&c, event->embedded.a_before);
        g_autofree char *a1 = imp_card_vec (&c, event->embedded.a_after);
        imp_card_line (&c, _("%s and %s overlapped by %s when the frame began; they were pushed apart "
                    "along the line of centres (%s → %s) before anything else happened."),
              imp_card_name_of (world, PHYS_BODY_CIRCLE, event->a), imp_card_name_of (world, event->b_kind, event->b),
              depth, a0, a1);
      }
      break;
    case PHYS_EVENT_POLYGON_POLYGON:
    case PHYS_EVENT_POLYGON_CIRCLE:
    case PHYS_EVENT_POLYGON_SEGMENT:
    case PHYS_EVENT_POLYGON_CURVE:
    case PHYS_EVENT_CIRCLE_CURVE:
      imp_card_rigid_event (&c, world, event);
      break;
    case PHYS_EVENT_SLEEP:
      {
        imp_card_heading (&c, _("Fell asleep"));
        g_autofree char *e = imp_card_num (&c, event->sleep.energy);
        imp_card_line (&c, ngettext ("%d polygon, the island of %s, rested for %d frames (each "
                                     "moving less than 0.001 of its radius a frame): its velocity "
                                     "was set to exactly 0, taking out kinetic energy %s.",
                                     "%d polygons, the island of %s, rested for %d frames (each "
                                     "moving less than 0.001 of its radius a frame): their "
                                     "velocities were set to exactly 0, taking out kinetic "
                                     "energy %s.",
                                     (unsigned long) event->sleep.bodies),
                       event->sleep.bodies,
                       imp_card_name_of (world, PHYS_BODY_POLYGON, event->sleep.island),
                       PHYS_SLEEP_FRAMES, e);
        imp_card_line (&c, _("Asleep, a body is not moved, tested or solved: it stands as an "
                             "obstacle until an awake body touches its island, a spring pulls it "
                             "or the world is edited."));
      }
      break;
    case PHYS_EVENT_WAKE:
      imp_card_heading (&c, _("Woke up"));
      if (event->sleep.cause == PHYS_WAKE_SPRING)
        imp_card_line (&c, _("A spring to %s, awake, pulls on the sleeping island: it woke as a "
                             "whole (%d polygons with the island of %s)."),
                       imp_card_name_of (world, event->sleep.other.kind, event->sleep.other.index),
                       event->sleep.bodies,
                       imp_card_name_of (world, PHYS_BODY_POLYGON, event->sleep.island));
      else
        imp_card_line (&c, _("%s, awake, touches a sleeping island or will in the next frame: it "
                             "woke as a whole (%d polygons with the island of %s)."),
                       imp_card_name_of (world, event->sleep.other.kind, event->sleep.other.index),
                       event->sleep.bodies,
                       imp_card_name_of (world, PHYS_BODY_POLYGON, event->sleep.island));
      break;
    case PHYS_EVENT_EVENT_CAP:
      imp_card_heading (&c, _("Event cap"));
      imp_card_line (&c, _("After %d answers the frame stopped handling collisions (cap %d): everything "
                  "stays where it stood. Resting stacks and jams end like this."),
            event->cap.handled, event->cap.cap);
      break;
    default:
      break;
    }
  return g_string_free (c.out, FALSE);
}

/**
 * imp_card_for_pair:
 * @world: (nullable): the world, for names
 * @pair: a pair's record (phys_world_inspect_pair), whether or not they collide
 * @precision: significant digits
 * @style: markup or plain text
 * @terms: (nullable) (element-type ImpCardTerm): filled with the lines that
 *   compute a term, for linking them to the canvas
 *
 * Returns: (transfer full): the card
 */
char *
imp_card_for_pair (const PhysWorld *world, const PhysPairRecord *pair, int precision,
                   ImpCardStyle style, GArray *terms)
{
  Card c = imp_card_begin (precision, style, terms);
  switch (pair->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      if (discrete (world))
        circle_circle_discrete (&c, world, &pair->circle_circle, pair->a.index, pair->b.index);
      else
        circle_circle_test (&c, world, &pair->circle_circle, pair->a.index, pair->b.index, 0.0);
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      circle_segment_test (&c, world, &pair->circle_segment, pair->a.index, pair->b.index);
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      probe_card (&c, world, &pair->probe, pair->a.index, pair->b.index);
      break;
    case PHYS_EVENT_POLYGON_POLYGON:
    case PHYS_EVENT_POLYGON_CIRCLE:
    case PHYS_EVENT_POLYGON_SEGMENT:
    case PHYS_EVENT_POLYGON_CURVE:
    case PHYS_EVENT_CIRCLE_CURVE:
      imp_card_rigid_pair (&c, world, pair);
      break;
    default:
      break;
    }
  return g_string_free (c.out, FALSE);
}

/**
 * imp_card_for_body:
 * @world: the world at the playhead's frame
 * @body: the body
 * @positions: (nullable): circle centres at the playhead's moment
 * @precision: significant digits
 * @style: markup or plain text
 * @terms: (nullable) (element-type ImpCardTerm): emptied (a body's card names no term)
 *
 * What a body is: its place, motion and material.
 *
 * Returns: (transfer full): the card
 */
char *
imp_card_for_body (const PhysWorld *world, PhysBodyRef body, const PhysVec2 *positions,
                   int precision, ImpCardStyle style, GArray *terms)
{
  Card c = imp_card_begin (precision, style, terms);
  switch (body.kind)
    {
    case PHYS_BODY_CIRCLE:
      {
        PhysCircle k = phys_world_get_circle (world, body.index);
        g_autofree char *title = g_strdup_printf (_("Circle %s"), k.name);
        imp_card_heading (&c, title);
        g_autofree char *p = imp_card_vec (&c, positions != NULL ? positions[body.index] : k.position);
        g_autofree char *v = imp_card_vec (&c, k.velocity), *r = imp_card_num (&c, k.radius);
        g_autofree char *m = imp_card_num (&c, k.mass), *e = imp_card_num (&c, k.restitution);
        imp_card_line (&c, _("centre %s, velocity %s per frame"), p, v);
        imp_card_line (&c, _("radius %s, mass %s%s, restitution %s"), r, m, k.fixed ? _(" (fixed)") : "", e);
        if (!k.collides)
          imp_card_line (&c, _("Takes no part in collisions."));
        if (phys_circle_is_asleep (&k))
          imp_card_line (&c, _("Asleep: it rests and stands firm until something hits it."));
      }
      break;
    case PHYS_BODY_SEGMENT:
      {
        PhysSegment g = phys_world_get_segment (world, body.index);
        g_autofree char *title = g_strdup_printf (_("Segment %s"), g.name);
        imp_card_heading (&c, title);
        g_autofree char *a = imp_card_vec (&c, g.a), *b = imp_card_vec (&c, g.b), *e = imp_card_num (&c, g.restitution);
        imp_card_line (&c, _("from A %s to B %s; %s, restitution %s"), a, b,
              imp_i18n_physics_name ("response", phys_response_name (g.response)), e);
      }
      break;
    case PHYS_BODY_POLYGON:
      {
        PhysPolygonBody k = phys_world_get_polygon (world, body.index);
        g_autofree char *title = g_strdup_printf (_("Polygon %s"), k.name);
        imp_card_heading (&c, title);
        g_autofree char *p = imp_card_vec (&c, k.position), *v = imp_card_vec (&c, k.velocity);
        imp_card_line (&c, _("centre of mass %s, velocity %s per frame"), p, v);
        g_autofree char *sleep = imp_sleep_text (world, body.index);
        if (sleep != NULL)
          imp_card_line (&c, "%s", sleep);
      }
      break;
    case PHYS_BODY_PROBE:
      {
        PhysProbe p = phys_world_get_probe (world, body.index);
        g_autofree char *title = g_strdup_printf (_("Probe %s"), p.name);
        imp_card_heading (&c, title);
        g_autofree char *x = imp_card_vec (&c, p.position), *v = imp_card_vec (&c, p.velocity);
        imp_card_line (&c, _("at %s moving %s per frame"), x, v);
      }
      break;
    default:
      break;
    }
  imp_card_line (&c, _("Ctrl+click another body to see the test of the pair in this frame."));
  return g_string_free (c.out, FALSE);
}
