/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cards.c: the inspector's cards say what the records say. */
#include <math.h>
#include <pango/pango.h>
#include <stdlib.h>

#include <pango/pangocairo.h>

#include "imp-cards.h"
#include "imp-lesson-markup.h"
#include "imp-quadratic-plot.h"
#include "test-util.h"

/* Head-on: a at 0 and b at 10, radius 1 each, +4 and −4 per frame.
 * d = (10, 0), v = (−8, 0), R = 2: a = 64, b = −80, c = 96, disc = 6400 − 6144 = 256,
 * roots (80 ∓ 16) / 64 = 1 and 1.5: a hit at t = 1, the end of the frame.
 * Steps it once; the one event is in log. */
static PhysWorld *
head_on (const char *first, PhysEventLog *log)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, first, 0, 0, 4, 0, 1);
  imp_test_add_circle (world, "b", 10, 0, -4, 0, 1);
  phys_event_log_init (log);
  g_assert_cmpuint (imp_test_step (world, log), ==, 1);
  return world;
}

static void
test_circle_circle_card (void)
{
  PhysEventLog log;
  PhysWorld *world = head_on ("a", &log);
  g_autofree char *card = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "Circle–circle test: a and b"));
  g_assert_nonnull (strstr (card, "d = p₂ − p₁ = (10, 0)"));
  g_assert_nonnull (strstr (card, "a = v·v = (−8)² + 0² = 64"));
  g_assert_nonnull (strstr (card, "b = v·d = (−8)·10 + 0·0 = −80"));
  g_assert_nonnull (strstr (card, "c = d·d − R² = 100 − 2² = 96"));
  g_assert_nonnull (strstr (card, "disc = b² − a c = (−80)² − 64·96 = 256"));
  g_assert_nonnull (strstr (card, "t = (−b ∓ √disc) / a = 1 and 1.5"));
  g_assert_nonnull (strstr (card, "Verdict: hit."));
  /* Equal masses, e = 1: j = −(1 + 1)·8 / (2/π) = −8π; velocities swap. */
  g_assert_nonnull (strstr (card, "(v₁ − v₂)·n = (8, 0)·n = 8"));
  g_assert_nonnull (strstr (card, "v₁′ = v₁ + j n / m₁: (4, 0) → (−4, 0)"));
  /* Equal masses π (area), ±4: momentum 0 → 0, energy 2·½·π·16 = 16π both sides. */
  g_assert_nonnull (strstr (card, "Conserved: both"));
  g_assert_nonnull (strstr (card, "\n[momentum kept] [kinetic energy kept]\nConserved: both"));
  g_assert_nonnull (strstr (card, "kinetic energy ½m₁|v₁|² + ½m₂|v₂|²: 50.2655 → 50.2655"));
  g_autofree char *markup = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_MARKUP, NULL);
  g_assert_nonnull (strstr (markup, "<b>Circle–circle test: a and b</b>"));
  g_assert_true (pango_parse_markup (markup, -1, 0, NULL, NULL, NULL, NULL));
  /* The badges, green for both. */
  g_assert_nonnull (strstr (markup, "<span background=\"#26a269\" foreground=\"#ffffff\"> momentum kept </span>"));
  g_assert_null (strstr (markup, "#c01c28"));
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The text a card's term line shows, from the markup as the label shows it. */
static char *
term_line (const char *markup, GArray *terms, const char *term)
{
  char *text = NULL;
  g_assert_true (pango_parse_markup (markup, -1, 0, NULL, &text, NULL, NULL));
  char *found = NULL;
  for (guint i = 0; found == NULL && i < terms->len; i++)
    {
      const ImpCardTerm *t = &g_array_index (terms, ImpCardTerm, i);
      g_assert_cmpuint (t->end, <=, strlen (text));
      if (g_str_equal (t->term, term))
        found = g_strndup (text + t->start, t->end - t->start);
    }
  g_free (text);
  return found;
}

/* The lines that compute a term the canvas draws are linked to it: each range
 * is exactly that line of the shown text (after a heading with '&' escaped). */
static void
test_card_terms (void)
{
  PhysEventLog log;
  PhysWorld *world = head_on ("a&b", &log);
  g_autoptr (GArray) terms = g_array_new (FALSE, FALSE, sizeof (ImpCardTerm));
  g_autofree char *markup
      = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_MARKUP, terms);
  const struct
  {
    const char *term, *line;
  } expected[] = {
    { "d", "d = p₂ − p₁ = (10, 0)" },
    { "v", "v = v₂ − v₁ = (−8, 0)   (displacement over the frame)" },
    { "t", "t = (−b ∓ √disc) / a = 1 and 1.5" },
    { "n", "n = unit(p₂(t) − p₁(t)) = (1, 0)" },
    { "v.n", "(v₁ − v₂)·n = (8, 0)·n = 8   (approaching)" },
    { "v1'", "v₁′ = v₁ + j n / m₁: (4, 0) → (−4, 0)" },
    { "v2'", "v₂′ = v₂ − j n / m₂: (−4, 0) → (4, 0)" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *shown = term_line (markup, terms, expected[i].term);
      g_assert_cmpstr (shown, ==, expected[i].line);
    }
  g_autofree char *j = term_line (markup, terms, "j");
  g_assert_true (g_str_has_prefix (j, "j = −(1 + e)(v₁ − v₂)·n"));
  g_assert_null (term_line (markup, terms, "toi"));
  /* The body card names no term, and empties what it is given. */
  g_autofree char *body
      = imp_card_for_body (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 }, NULL, 6, IMP_CARD_MARKUP,
                           terms);
  g_assert_cmpuint (terms->len, ==, 0);
  phys_event_log_free (&log);
  phys_world_free (world);

  /* A wall: the projections and the construction. */
  world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "ball", 5, 5, 0, 4, 1);
  imp_test_add_segment (world, "floor", 0, 8, 10, 8, PHYS_RESPONSE_REFLECT, 1);
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_autofree char *wall = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_MARKUP, terms);
  g_autofree char *pn = term_line (wall, terms, "proj_normal");
  g_assert_true (g_str_has_prefix (pn, "(c − A)·n_L = 3"));
  g_autofree char *reflected = term_line (wall, terms, "A'");
  g_assert_cmpstr (reflected, ==, "A′ = A + (1 + e) V(Ap) = (0, −4)   (e = 1; A + 2 V(Ap) when e = 1)");
  phys_event_log_free (&log);
  phys_world_free (world);
}

typedef struct
{
  const char *path;
  double x2, vx2; /* second circle's position and velocity; the first is at 0, still */
  const char *says;
} VerdictRow;

static const VerdictRow verdict_rows[] = {
  { "/ui/cards/verdict/overlapping", 1.5, 0, "already overlap" },
  { "/ui/cards/verdict/no-relative-motion", 10, 0, "do not move relative" },
  { "/ui/cards/verdict/moving-apart", 10, 1, "moving apart" },
  { "/ui/cards/verdict/after-frame", 10, -2, "after this frame ends" },
  { "/ui/cards/verdict/hit", 10, -9, "inside the frame" },
};

static void
test_verdict_sentence (gconstpointer data)
{
  const VerdictRow *row = data;
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (row->x2, 0), phys_v2 (row->vx2, 0), 1);
  g_autofree char *sentence = imp_card_verdict_sentence (&s, 0.0);
  g_assert_nonnull (strstr (sentence, row->says));
}

/* Lesson 3 step 6: a test that starts at t₀ = 0.75 has 0.25 of the frame
 * left. b at 10 closing at 9 with R = 2 touches at t = 8/9 = 0.889 from t₀:
 * after the frame, though t ≤ 1. Closing at 40 it touches at 0.2, at 0.95 of the frame. */
static void
test_verdict_after_t0 (void)
{
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (10, 0), phys_v2 (-9, 0), 1);
  g_assert_cmpint (s.verdict, ==, PHYS_VERDICT_HIT);
  g_autofree char *late = imp_card_verdict_sentence (&s, 0.75);
  g_assert_cmpstr (late, ==, "They would touch at t = 0.888889 from t₀, after the 0.25 of the "
                             "frame that is left (t > 1 − t₀): a later frame finds it.");
  s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1, phys_v2 (10, 0),
                                phys_v2 (-40, 0), 1);
  g_autofree char *in = imp_card_verdict_sentence (&s, 0.75);
  g_assert_cmpstr (in, ==, "They touch at t = 0.2 from t₀, within the 0.25 of the frame that "
                           "is left (0 ≤ t ≤ 1 − t₀): at 0.95 of the frame.");
}

static void
test_miss_sentence (void)
{
  /* b passes 5 above a: closest approach 5 > R = 2. */
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (0, 0), 1,
                                                      phys_v2 (10, 5), phys_v2 (-20, 0), 1);
  g_assert_cmpint (s.verdict, ==, PHYS_VERDICT_MISS);
  g_autofree char *sentence = imp_card_verdict_sentence (&s, 0.0);
  g_assert_nonnull (strstr (sentence, "pass 5 apart"));
}

/* The wall card: a circle at (5, 5) falling at 4 per frame onto y = 8 (A (0, 8) → B (10, 8)). */
static void
test_segment_card (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "ball", 5, 5, 0, 4, 1);
  imp_test_add_segment (world, "floor", 0, 8, 10, 8, PHYS_RESPONSE_REFLECT, 1);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_autofree char *card = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "Circle–segment test: ball and floor"));
  /* d = (1, 0), n_L = (0, −1); (c − A)·n_L = −(5 − 8)... = 3; reached at (3 − 1) / 4 = 0.5. */
  g_assert_nonnull (strstr (card, "n_L = left normal of d (y down: (d.y, −d.x)) = (0, −1)"));
  g_assert_nonnull (strstr (card, "(c − A)·n_L = 3"));
  g_assert_nonnull (strstr (card, "t = (|(c − A)·n_L| − r) / speed = 0.5"));
  g_assert_nonnull (strstr (card, "Verdict: hit, interior at t = 0.5"));
  g_assert_nonnull (strstr (card, "A′ = A + (1 + e) V(Ap) = (0, −4)"));
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Why a contact rests: a ball standing on a floor (centre 1 above y = 8, r = 1, e =
 * sqrt (1 x 0.5)) under gravity 0.5 touches it at t = 0 with normal speed 0: its bounce
 * would last 0 frames. Thrown up at 0.2 it lands again at 0.2 after 2 x 0.2 / 0.5 = 0.8
 * frame; its bounce would last 2 sqrt (0.5) 0.2 / 0.5 = 0.57 frame, less than one: it
 * rests, and the card says what the rule removed: (sqrt (0.5) x 0.2)^2 / 2 = 0.01, and
 * what the floor took. */
static void
test_rest_card (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 0.5);
  PhysWorld *world = imp_test_world_new (&def);
  PhysCircleDef ball = imp_test_circle_def ("ball", 5, 7, 0, 0, 1);
  ball.mass = 1;
  imp_test_add_circle_def (world, &ball);
  imp_test_add_segment (world, "floor", 0, 8, 10, 8, PHYS_RESPONSE_REFLECT, 0.5);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_true (log.events[0].resting);
  g_autofree char *card = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "Why it rests"));
  g_assert_nonnull (strstr (card, "inelastic collapse"));
  g_assert_nonnull (strstr (card, "with a = (0, 0.5) (a·n_L = −0.5)"));
  g_assert_null (strstr (card, "Kinetic energy removed"));
  /* The floor holds it up all frame: it takes the weight, m g dt = (0, 0.5). */
  g_assert_nonnull (strstr (card, "Momentum taken by what does not move (walls, the ground; with "
                                  "the weight it held up for the rest of the frame): (0, 0.5)"));
  phys_world_free (world);

  world = imp_test_world_new (&def);
  ball = imp_test_circle_def ("ball", 5, 7, 0, -0.2, 1);
  ball.mass = 1;
  imp_test_add_circle_def (world, &ball);
  imp_test_add_segment (world, "floor", 0, 8, 10, 8, PHYS_RESPONSE_REFLECT, 0.5);
  /* Thrown up at 0.2 off the floor it touches, it would come back down after 0.8 frame: a hop
   * shorter than a frame, so it rests at once (t = 0), its 0.2 upward removed, m 0.2^2 / 2 =
   * 0.02 (before the rule caught hops that start touching, it rested where it landed, at
   * t = 0.8, removing (e 0.2)^2 / 2 = 0.01 with 0.01 lost to the response). */
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_true (log.events[0].resting);
  g_assert_cmpfloat (log.events[0].t, ==, 0);
  g_assert_cmpfloat_with_epsilon (log.events[0].removed, 0.02, 1e-12);
  /* It stops (m -0.2: the floor holds it down) and is held up for the whole frame (0.5). */
  g_assert_cmpfloat (log.events[0].taken.x, ==, 0);
  g_assert_cmpfloat_with_epsilon (log.events[0].taken.y, 0.3, 1e-12);
  imp_assert_vec_near (phys_world_get_circle (world, 0).position, 5, 7, 1e-12);
  g_autofree char *card2 = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card2);
  g_assert_nonnull (strstr (card2, "a hop too short to be one"));
  g_assert_nonnull (strstr (card2, "The line is reached at t = 0 "));
  g_assert_nonnull (strstr (card2, "Kinetic energy removed by the rule (on top of the response's "
                                   "own loss): 0.02"));
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The plot draws the first touch where the mapping says, in the contact colour:
 * head-on, roots 1 and 1.5, so t₁ = 1 sits three quarters along [−0.5, 1.5]. */
static void
test_quadratic_plot (void)
{
  PhysCircleCircleSweep s = phys_sweep_circle_circle (phys_v2 (0, 0), phys_v2 (4, 0), 1,
                                                      phys_v2 (10, 0), phys_v2 (-4, 0), 1);
  g_assert_cmpint (s.verdict, ==, PHYS_VERDICT_HIT);
  const int w = 360, h = 190;
  ImpQuadraticPlotFrame frame = imp_quadratic_plot_frame (&s, w, h);
  double x, y;
  imp_quadratic_plot_point (&frame, 1.0, 0.0, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, frame.x0 + 0.75 * (frame.x1 - frame.x0), 1e-9);
  /* f's extremes are in view: f(−0.5) = 16 + 80 + 96 = 192 is the top value. */
  g_assert_cmpfloat (frame.f_top, >=, 192.0);

  const ImpTheme *theme = imp_theme_get (FALSE);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  imp_rgba_set_source (cr, theme->background);
  cairo_paint (cr);
  imp_quadratic_plot_draw (cr, w, h, &s, 0.5, theme);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  const guint8 *px = cairo_image_surface_get_data (surface)
                     + (int) lround (y) * cairo_image_surface_get_stride (surface)
                     + 4 * (int) lround (x);
  /* ARGB32 in memory on a little-endian machine: B, G, R, A. */
  g_assert_cmpint (abs (px[2] - (int) lround (theme->contact.r * 255)), <=, 2);
  g_assert_cmpint (abs (px[1] - (int) lround (theme->contact.g * 255)), <=, 2);
  g_assert_cmpint (abs (px[0] - (int) lround (theme->contact.b * 255)), <=, 2);
  cairo_surface_destroy (surface);
}

/* The same card as LaTeX: Unicode math as inline math, TeX's specials escaped,
 * a body's underscore literal, and every line balanced and pure ASCII. */
static void
test_latex_card (void)
{
  PhysEventLog log;
  PhysWorld *world = head_on ("ball_1", &log);
  g_autofree char *tex = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_LATEX, NULL);
  g_test_message ("%s", tex);
  g_assert_nonnull (strstr (tex, "\\paragraph{Circle--circle test: ball\\_1 and b}\n"));
  g_assert_nonnull (strstr (tex, "a = v$\\cdot$v = ($-$8)$^2$ + 0$^2$ = 64\\\\\n"));
  g_assert_nonnull (strstr (tex, "t = ($-$b $\\mp$ $\\surd$disc) / a = 1 and 1.5\\\\"));
  g_assert_nonnull (strstr (tex, "v$_1'$ = v$_1$ + j n / m$_1$: (4, 0) $\\to$ ($-$4, 0)"));
  g_assert_nonnull (strstr (tex, "$\\frac12$m$_1|$v$_1|^2$"));
  g_assert_null (strstr (tex, "$$"));
  g_auto (GStrv) lines = g_strsplit (tex, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      int dollars = 0;
      for (const char *p = lines[i]; *p != '\0'; p++)
        {
          g_assert_cmpint ((unsigned char) *p, <, 0x80);
          if (*p == '$' && (p == lines[i] || p[-1] != '\\'))
            dollars++;
        }
      g_assert_cmpint (dollars % 2, ==, 0);
    }
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* In a discrete world the card says what decided: the overlap where the frame
 * starts, not the swept verdict (lesson 1 at frame 3: the swept test would say
 * "hit at t = 0.25", the discrete one sees 50 apart and does nothing). */
/* A ball (r 1, m 1) resting on a floor with mu 0.5 (ball and floor) under g 0.5, sliding at
 * 0.3: friction -0.25 a frame^2, the slip shrinks at 3 x 0.25 = 0.75 and is gone at t = 0.4;
 * it took m 0.25 x 0.3 / 2 x 0.4 = 0.015. The resting answer's card says so. */
static void
test_held_friction_card (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 0.5);
  PhysWorld *world = imp_test_world_new (&def);
  PhysCircleDef ball = imp_test_circle_def ("ball", 5, 7, 0.3, 0, 1);
  ball.mass = 1;
  ball.friction = 0.5;
  imp_test_add_circle_def (world, &ball);
  PhysSegmentDef seg = phys_segment_def_default ();
  seg.name = "floor";
  seg.a = phys_v2 (0, 8);
  seg.b = phys_v2 (100, 8);
  seg.friction = 0.5;
  g_assert_cmpint (phys_world_add_segment (world, &seg, NULL), ==, PHYS_OK);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_assert_true (log.events[0].resting);
  g_assert_cmpfloat_with_epsilon (log.events[0].held_friction, 0.015, 1e-15);
  g_assert_true (log.events[0].rolled);
  g_assert_cmpfloat_with_epsilon (log.events[0].rolled_t, 0.4, 1e-15);
  g_autofree char *card = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "Kinetic energy friction took while the circle slid on the "
                                  "surface that holds it (μ > 0): 0.015"));
  g_assert_nonnull (strstr (card, "Its slip reached 0 at t = 0.4: from then on it rolls."));
  phys_event_log_free (&log);
  phys_world_free (world);
}

static void
test_discrete_card (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.modes.detection = PHYS_DETECTION_DISCRETE;
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_circle (world, "left", 370, 300, 60, 0, 10);
  imp_test_add_circle (world, "right", 420, 300, -60, 0, 10);
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 },
                                            (PhysBodyRef) { PHYS_BODY_CIRCLE, 1 }, &pair),
                   ==, PHYS_OK);
  g_assert_cmpint (pair.circle_circle.verdict, ==, PHYS_VERDICT_HIT);
  g_autofree char *card = imp_card_for_pair (world, &pair, 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "Discrete overlap test: left and right"));
  g_assert_nonnull (strstr (card, "d = p₂ − p₁ = (50, 0)"));
  g_assert_nonnull (strstr (card, "c = d·d − R² = 2500 − 20² = 2100"));
  g_assert_nonnull (strstr (card, "Verdict: no overlap (c ≥ 0)"));
  g_assert_null (strstr (card, "hit"));
  g_assert_null (strstr (card, "0.25"));
  phys_world_free (world);

  /* 15 apart with R = 20, closing at 2 per frame: c = 225 − 400 = −175, caught now. */
  world = imp_test_world_new (&def);
  imp_test_add_circle (world, "a", 0, 0, 1, 0, 10);
  imp_test_add_circle (world, "b", 15, 0, -1, 0, 10);
  PhysEventLog log;
  phys_event_log_init (&log);
  g_assert_cmpuint (imp_test_step (world, &log), ==, 1);
  g_autofree char *event = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", event);
  g_assert_nonnull (strstr (event, "c = d·d − R² = 225 − 20² = −175"));
  g_assert_nonnull (strstr (event, "n = d / |d| = (1, 0); they approach along n at 2 per frame"));
  g_assert_nonnull (
      strstr (event, "Verdict: overlapping (c < 0) and approaching: they collide now"));
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Lesson 8's ship flies along y = 200 at (10, 0): its line is −10 y = −2000,
 * written as by hand, not "0 x + −10 y". */
static void
test_probe_general_form (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  PhysProbeDef ship = phys_probe_def_default ();
  ship.name = "ship";
  ship.position = phys_v2 (205, 200);
  ship.velocity = phys_v2 (10, 0);
  int probe;
  g_assert_cmpint (phys_world_add_probe (world, &ship, &probe), ==, PHYS_OK);
  int wall = imp_test_add_segment (world, "wall", 440, 120, 560, 280, PHYS_RESPONSE_REFLECT, 1);
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, (PhysBodyRef) { PHYS_BODY_PROBE, probe },
                                            (PhysBodyRef) { PHYS_BODY_SEGMENT, wall }, &pair),
                   ==, PHYS_OK);
  g_autofree char *card = imp_card_for_pair (world, &pair, 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "General form: −10 y = −2000 and "));
  g_assert_nonnull (strstr (card, " and 160 x − 120 y = 56000;"));
  g_assert_null (strstr (card, "+ −"));
  phys_world_free (world);
}

/* A card for a pair with no relative motion says so rather than "no real roots"
 * (disc = 0 there only because a = 0); a miss names disc < 0. */
static void
test_card_no_relative_motion (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "a", 0, 0, 3, 1, 1);
  imp_test_add_circle (world, "b", 10, 0, 3, 1, 1);
  PhysBodyRef ra = { PHYS_BODY_CIRCLE, 0 }, rb = { PHYS_BODY_CIRCLE, 1 };
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, ra, rb, &pair), ==, PHYS_OK);
  g_assert_cmpint (pair.circle_circle.verdict, ==, PHYS_VERDICT_NO_RELATIVE_MOTION);
  g_autofree char *card = imp_card_for_pair (world, &pair, 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_null (strstr (card, "No real roots"));
  g_assert_nonnull (strstr (card, "No roots to look for: a ≈ 0, the circles do not move "
                                  "relative to each other"));
  phys_world_free (world);

  world = imp_test_world_new (NULL);
  imp_test_add_circle (world, "a", 0, 0, 0, 0, 1);
  imp_test_add_circle (world, "b", 10, 5, -20, 0, 1);
  g_assert_cmpint (phys_world_inspect_pair (world, ra, rb, &pair), ==, PHYS_OK);
  g_assert_cmpint (pair.circle_circle.verdict, ==, PHYS_VERDICT_MISS);
  g_autofree char *miss = imp_card_for_pair (world, &pair, 6, IMP_CARD_PLAIN, NULL);
  g_assert_nonnull (strstr (miss, "No real roots: disc < 0."));
  phys_world_free (world);
}

/* Lines never break inside |d| or |(c − A)·n_L|: the bars go in an unbreakable span
 * (the laid-out text unchanged), and a narrow layout breaks around them. */
static void
test_markup_bars_whole (void)
{
  g_autofree char *hint = imp_markup_keep_bars_whole ("so d = (40, 30) and |d| = 50.");
  g_assert_cmpstr (hint, ==, "so d = (40, 30) and <span allow_breaks=\"false\">|d|</span> = 50.");
  g_autofree char *seg = imp_markup_keep_bars_whole ("t = (|(c − A)·n_L| − r) / speed");
  g_assert_cmpstr (seg, ==, "t = (<span allow_breaks=\"false\">|(c − A)·n_L|</span> − r) / speed");
  g_autofree char *loose = imp_markup_keep_bars_whole ("a | b and |x");
  g_assert_cmpstr (loose, ==, "a | b and |x");

  /* Laid out 6 characters wide, the bars stay on one line together. */
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 10");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  g_autofree char *text = imp_markup_keep_bars_whole ("ab|cd|ef|gh|ij");
  pango_layout_set_markup (layout, text, -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (layout, 1);
  const char *plain = pango_layout_get_text (layout);
  g_assert_cmpstr (plain, ==, "ab|cd|ef|gh|ij");
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      /* No line may start just inside a pair of bars (after "|" of |cd| or |gh|). */
      g_assert_cmpint (line->start_index, !=, 3);
      g_assert_cmpint (line->start_index, !=, 5);
      g_assert_cmpint (line->start_index, !=, 9);
      g_assert_cmpint (line->start_index, !=, 11);
    }
  g_object_unref (layout);
  g_object_unref (context);
}

/* A circle closing on a line it does not reach in this frame is said to, not to stay
 * away: lesson 7's tip at frame 30, 45 above the ledge's line at 6 per frame under
 * gravity 0.2 (and passing beyond its end B). */
static void
test_segment_card_not_this_frame (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 0.2);
  PhysWorld *world = imp_test_world_new (&def);
  imp_test_add_circle (world, "tip", 660, 240, 0, 6, 15);
  imp_test_add_segment (world, "ledge", 560, 300, 650, 300, PHYS_RESPONSE_SLIDE, 1);
  PhysBodyRef tip = { PHYS_BODY_CIRCLE, 0 }, ledge;
  g_assert_true (phys_world_find (world, "ledge", &ledge));
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, tip, ledge, &pair), ==, PHYS_OK);
  g_autofree char *card = imp_card_for_pair (world, &pair, 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "speed towards the line = 6"));
  g_assert_nonnull (strstr (card, "The line is not reached within this frame."));
  g_assert_null (strstr (card, "does not move towards the line"));
  phys_world_free (world);
}

/* The separating axis hand case (tests/data/cli/sat-boxes.json): box a, 2 x 2 at the origin
 * (m = 4, I = 8/3), box b the same turned 45 degrees at (3, 0.5) moving -1 a frame. Returns the
 * world at the frame's start; *log gets the frame's one event, stepped on a copy. */
static PhysWorld *
sat_boxes (PhysEventLog *log)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_box (world, "a", 0, 0, 2, 2, 0.0, FALSE, 0.0, 1.0);
  PhysPolygon box = phys_polygon_box (2, 2);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = "b";
  def.vertices = box.vertices;
  def.count = box.count;
  def.position = phys_v2 (3, 0.5);
  def.angle = G_PI / 4.0;
  def.velocity = phys_v2 (-1, 0);
  g_assert_cmpint (phys_world_add_polygon (world, &def, NULL, NULL), ==, PHYS_OK);
  PhysWorld *stepped = phys_world_copy (world);
  phys_event_log_init (log);
  g_assert_cmpuint (imp_test_step (stepped, log), ==, 1);
  phys_world_free (stepped);
  return world;
}

/* The event's card: the axes at the contact, the manifold by hand, the impulse with spin. The
 * corner (1, 0.5) of b touches a's right face: ra = (1, 0.5), ra x n = -0.5, the effective mass
 * 1 / (1/4 + 1/4 + 0.25 (3/8)) = 32/19 = 1.68421, j = 2 (32/19) = 3.36842, a after at -16/19
 * = -0.842105 turning 12/19 = 0.631579. */
static void
test_sat_event_card (void)
{
  PhysEventLog log;
  PhysWorld *world = sat_boxes (&log);
  g_autoptr (GArray) terms = g_array_new (FALSE, FALSE, sizeof (ImpCardTerm));
  g_autofree char *card
      = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_PLAIN, terms);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "Separating axis test: A (a) and B (b)\n"));
  g_assert_nonnull (strstr (card, "(8 in all)"));
  g_assert_nonnull (strstr (card, "\n2. A edge 1, n = (1, 0): A [−1, 1], B [1, 3.82843]; touching 0 "
                                  "— the least overlap: chosen\n"));
  g_assert_nonnull (strstr (card, "\n6. B edge 1, n = (0.707107, 0.707107): A [−1.41421, "
                                  "1.41421], B [1.06066, 3.06066]; overlap 0.353553\n"));
  g_assert_nonnull (strstr (card, "Verdict: touching."));
  g_assert_nonnull (strstr (card, "Reference face: A edge 1 from v1 = (1, −1) to v2 = (1, 1), "
                                  "normal (1, 0)"));
  g_assert_nonnull (strstr (card, "Incident edge: B edge 2 from (2.41421, 1.91421) to (1, 0.5)"));
  /* The second side plane (y <= 1) cuts the incident edge at (1.5, 1). */
  g_assert_nonnull (strstr (card, "Clip 2, side plane at v2: keep k·p − (−1) ≥ 0"));
  g_assert_nonnull (strstr (card, "→ (1, 0.5), (1.5, 1) (cut)"));
  g_assert_nonnull (strstr (card, "Point 1: (1, 0.5), separation n_ref·(p − v1) = 0, depth 0"));
  g_assert_nonnull (strstr (card, "Found at t = 0.585786 of the frame by the swept separating"));
  g_assert_nonnull (strstr (card, "the latest enter, 0.585786 on axis 2"));
  g_assert_nonnull (strstr (card, "r_A = p − c_A = (1, 0.5), r_A × n = −0.5\n"));
  g_assert_nonnull (strstr (card, "r_B = p − c_B = (−1.41421, 1.11022e-16)"));
  g_assert_nonnull (strstr (card, "= 1 / (0.25 + 0.25 + (−0.5)²·0.375 + "));
  g_assert_nonnull (strstr (card, ") = 1.68421\n"));
  g_assert_nonnull (strstr (card, "j = −(1 + e) v_n m_n = −(1 + 1)·(−1)·1.68421 = 3.36842\n"));
  g_assert_nonnull (strstr (card, "A: v (0, 0) → (−0.842105, 0), ω 0 → 0.631579\n"));
  g_assert_nonnull (strstr (card, "B: v (−1, 0) → (−0.157895, 0)"));
  g_assert_nonnull (strstr (card, "kinetic energy ½m|v|² + ½Iω²: 2 → 2\n"));
  g_assert_nonnull (strstr (card, "momentum m_A v_A + m_B v_B: (−4, 0) → (−4, 0)\n"));
  g_assert_nonnull (strstr (card, "[momentum kept] [kinetic energy kept]"));
  /* Axis 2's row is linked to the canvas's axis1, the MTV line to mtv. */
  g_autofree char *markup = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_MARKUP, terms);
  g_autofree char *row = term_line (markup, terms, "axis1");
  g_assert_nonnull (row);
  g_assert_true (g_str_has_prefix (row, "2. A edge 1, n = (1, 0)"));
  g_autofree char *mtv = term_line (markup, terms, "mtv");
  g_assert_true (g_str_has_prefix (mtv, "MTV = n × overlap = (1, 0) × 0 = (0, 0)"));
  g_autofree char *ra = term_line (markup, terms, "ra");
  g_assert_true (g_str_has_prefix (ra, "r_A = p − c_A"));
  /* As LaTeX: subscripts, and the Greek letters as math. */
  g_autofree char *tex = imp_card_for_event (world, &log.events[0], 6, IMP_CARD_LATEX, NULL);
  g_assert_nonnull (strstr (tex, "r$_A$ = p $-$ c$_A$ = (1, 0.5), r$_A$ $\\times$ n = $-$0.5\\\\\n"));
  g_assert_nonnull (strstr (tex, "$\\mu$ = 0"));
  g_assert_null (strstr (tex, "ω"));
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The pair's card at the frame's start: the gap on a's right face by hand, 2 - sqrt 2, the first
 * separating axis; b's edge 1 separates too, by 3.5 sqrt(1/2) - 1 - sqrt 2 = 0.0606602. */
static void
test_sat_pair_card (void)
{
  PhysEventLog log;
  PhysWorld *world = sat_boxes (&log);
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, (PhysBodyRef) { PHYS_BODY_POLYGON, 0 },
                                            (PhysBodyRef) { PHYS_BODY_POLYGON, 1 }, &pair),
                   ==, PHYS_OK);
  g_autofree char *card = imp_card_for_pair (world, &pair, 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "\n2. A edge 1, n = (1, 0): A [−1, 1], B [1.58579, 4.41421]; "
                                  "gap 0.585786 — separates: the first separating axis, where an "
                                  "early-out test stops\n"));
  g_assert_nonnull (strstr (card, "\n6. B edge 1, n = (0.707107, 0.707107): A [−1.41421, "
                                  "1.41421], B [1.47487, 3.47487]; gap 0.0606602 — separates "
                                  "too\n"));
  g_assert_nonnull (strstr (card, "Verdict: separated. Axis 2 shows a gap of 0.585786"));
  g_assert_nonnull (strstr (card, "MTV = n × overlap = (1, 0) × −0.585786 = (−0.585786, 0)"));
  g_assert_nonnull (strstr (card, "Separated: no contact points."));
  g_assert_nonnull (strstr (card, "they first touch at t = 0.585786"));
  /* Over the frame, a's right face meets b's interval [3 - sqrt 2, 3 + sqrt 2], closing at 1 a
   * frame, from t = 2 - sqrt 2 to 4 + sqrt 2: the swept plot's second row, linked to the same
   * term as the static row. */
  g_assert_nonnull (strstr (card, "\nAxis 2 over the frame: v·n = −1, overlapping for t in "
                                  "[0.585786, 5.41421]\n"));
  g_autoptr (GArray) terms = g_array_new (FALSE, FALSE, sizeof (ImpCardTerm));
  g_autofree char *markup = imp_card_for_pair (world, &pair, 6, IMP_CARD_MARKUP, terms);
  int lines = 0;
  for (guint i = 0; i < terms->len; i++)
    lines += g_str_equal (g_array_index (terms, ImpCardTerm, i).term, "axis1");
  g_assert_cmpint (lines, ==, 2);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* A box against a circle: the 2 x 2 box at the origin and a circle of radius 1 at (3, 3). The
 * vertex nearest the centre is (1, 1), vertex 2; its axis (1, 1)/sqrt 2 sees the box over
 * [-sqrt 2, sqrt 2] and the circle over 3 sqrt 2 -+ 1: a gap of 2 sqrt 2 - 1 = 1.82843, wider
 * than the gap of 1 on the box's first edge (n = (0, -1): the box over [-1, 1], the circle over
 * -3 -+ 1, the push backward), which separates first. */
static void
test_sat_circle_card (void)
{
  PhysWorld *world = imp_test_world_new (NULL);
  imp_test_add_box (world, "box", 0, 0, 2, 2, 0.0, FALSE, 0.0, 1.0);
  imp_test_add_circle (world, "ball", 3, 3, 0, 0, 1);
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 },
                                            (PhysBodyRef) { PHYS_BODY_POLYGON, 0 }, &pair),
                   ==, PHYS_OK);
  g_autofree char *card = imp_card_for_pair (world, &pair, 6, IMP_CARD_PLAIN, NULL);
  g_test_message ("%s", card);
  g_assert_nonnull (strstr (card, "Separating axis test: A (box) and B (ball)\n"));
  g_assert_nonnull (strstr (card, "then the axis from A's vertex nearest the circle's centre to "
                                  "it (5 in all)."));
  g_assert_nonnull (strstr (card, "\n1. A edge 0, n = (0, −1): A [−1, 1], B [−4, −2]; gap 1 — "
                                  "separates: the first separating axis"));
  g_assert_nonnull (strstr (card, "\n5. A vertex 2 to the centre, n = (0.707107, 0.707107): A "
                                  "[−1.41421, 1.41421], B [3.24264, 5.24264]; gap 1.82843 — the "
                                  "widest gap\n"));
  g_assert_nonnull (strstr (card, "Verdict: separated. Axis 1 shows a gap of 1:"));
  g_assert_nonnull (strstr (card, "Over the frame: they do not touch."));
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/cards/circle-circle", test_circle_circle_card);
  g_test_add_func ("/ui/cards/latex", test_latex_card);
  g_test_add_func ("/ui/cards/terms", test_card_terms);
  for (gsize i = 0; i < G_N_ELEMENTS (verdict_rows); i++)
    g_test_add_data_func (verdict_rows[i].path, &verdict_rows[i], test_verdict_sentence);
  g_test_add_func ("/ui/cards/verdict/miss", test_miss_sentence);
  g_test_add_func ("/ui/cards/verdict/after-t0", test_verdict_after_t0);
  g_test_add_func ("/ui/cards/no-relative-motion", test_card_no_relative_motion);
  g_test_add_func ("/ui/cards/bars-never-break", test_markup_bars_whole);
  g_test_add_func ("/ui/cards/circle-segment", test_segment_card);
  g_test_add_func ("/ui/cards/circle-segment/not-this-frame", test_segment_card_not_this_frame);
  g_test_add_func ("/ui/cards/why-it-rests", test_rest_card);
  g_test_add_func ("/ui/cards/friction-while-held", test_held_friction_card);
  g_test_add_func ("/ui/cards/discrete", test_discrete_card);
  g_test_add_func ("/ui/cards/probe-general-form", test_probe_general_form);
  g_test_add_func ("/ui/cards/quadratic-plot", test_quadratic_plot);
  g_test_add_func ("/ui/cards/sat/event-by-hand", test_sat_event_card);
  g_test_add_func ("/ui/cards/sat/pair-by-hand", test_sat_pair_card);
  g_test_add_func ("/ui/cards/sat/circle-vertex-axis", test_sat_circle_card);
  return g_test_run ();
}
