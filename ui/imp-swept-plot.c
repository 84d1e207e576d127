/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-swept-plot.c: the plot of a rigid pair's search over the frame (see the
 * header). Rows, bars and times come from the swept SAT record and the
 * advancement record; the frame's band and the small text are the plot kit
 * the circles' f(t) uses (imp-theme.h). */
#include "imp-swept-plot.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define MARGIN_LEFT 78.0
#define MARGIN_RIGHT 14.0
#define MARGIN_TOP 22.0
#define ROW_HEIGHT 15.0
/* Under the rows: the t labels, then the verdict's line and the lit axis's line. */
#define MARGIN_BOTTOM 84.0
#define ADVANCE_HEIGHT 200.0
#define BAR_PX 6.0

ImpSweptPlotKind
imp_swept_plot_kind (const PhysRigidTests *tests)
{
  if (tests == NULL)
    return IMP_SWEPT_PLOT_NONE;
  if (tests->found == PHYS_RIGID_FOUND_SWEPT_SAT && tests->swept.axis_count > 0)
    return IMP_SWEPT_PLOT_AXES;
  if (tests->found == PHYS_RIGID_FOUND_ADVANCE && !tests->has_curve
      && tests->advance.step_count > 0)
    return IMP_SWEPT_PLOT_ADVANCE;
  return IMP_SWEPT_PLOT_NONE;
}

static int
row_count (const PhysRigidTests *tests)
{
  return MIN (tests->swept.axis_count, PHYS_SAT_MAX_AXES);
}

/**
 * imp_swept_plot_height:
 * @tests: a rigid pair's tests
 *
 * Returns: the height in pixels the plot wants: its rows and the lines under them
 */
double
imp_swept_plot_height (const PhysRigidTests *tests)
{
  switch (imp_swept_plot_kind (tests))
    {
    case IMP_SWEPT_PLOT_AXES:
      return MARGIN_TOP + row_count (tests) * ROW_HEIGHT + MARGIN_BOTTOM;
    case IMP_SWEPT_PLOT_ADVANCE:
      return ADVANCE_HEIGHT;
    case IMP_SWEPT_PLOT_NONE:
    default:
      return 0.0;
    }
}

/* The largest distance of the advancement's steps, for the top of its axis. */
static double
advance_top (const PhysAdvanceRecord *a)
{
  double top = 0.0;
  for (int k = 0; k < a->step_count && k < PHYS_ADVANCE_MAX_ITERATIONS; k++)
    top = fmax (top, a->steps[k].distance.distance);
  return top > 0.0 ? 1.08 * top : 1.0;
}

ImpSweptPlotFrame
imp_swept_plot_frame (const PhysRigidTests *tests, double width, double height)
{
  ImpSweptPlotFrame frame = { 0 };
  frame.x0 = MARGIN_LEFT;
  frame.x1 = MAX (width - MARGIN_RIGHT, MARGIN_LEFT + 1.0);
  frame.y_top = MARGIN_TOP;
  if (imp_swept_plot_kind (tests) == IMP_SWEPT_PLOT_ADVANCE)
    {
      frame.y_bottom = MAX (height - MARGIN_BOTTOM, MARGIN_TOP + 1.0);
      frame.d_top = advance_top (&tests->advance);
      return frame;
    }
  frame.rows = tests != NULL ? row_count (tests) : 0;
  frame.row_height = ROW_HEIGHT;
  frame.y_bottom = frame.y_top + frame.rows * frame.row_height;
  return frame;
}

/* The pixel column of frame time t. */
double
imp_swept_plot_x (const ImpSweptPlotFrame *frame, double t)
{
  return frame->x0 + t * (frame->x1 - frame->x0);
}

/* The middle of row k. */
double
imp_swept_plot_row_y (const ImpSweptPlotFrame *frame, int row)
{
  return frame->y_top + (row + 0.5) * frame->row_height;
}

/* The row at pixel height y, or -1 off the rows. */
int
imp_swept_plot_row_at (const ImpSweptPlotFrame *frame, double y)
{
  if (frame->rows <= 0 || y < frame->y_top || y >= frame->y_bottom)
    return -1;
  int row = (int) floor ((y - frame->y_top) / frame->row_height);
  return CLAMP (row, 0, frame->rows - 1);
}

/* The pixel height of an advancement's distance. */
double
imp_swept_plot_distance_y (const ImpSweptPlotFrame *frame, double distance)
{
  return frame->y_bottom - distance / frame->d_top * (frame->y_bottom - frame->y_top);
}

gboolean
imp_swept_plot_bar (const PhysSweptAxis *axis, double t0, double *lo, double *hi,
                    gboolean *open_lo, gboolean *open_hi)
{
  double enter = t0 + axis->enter, exit = t0 + axis->exit;
  *open_lo = enter < 0.0;
  *open_hi = exit > 1.0;
  *lo = fmax (enter, 0.0);
  *hi = fmin (exit, 1.0);
  return *lo <= *hi;
}

/* "0.686", "∞", "−∞". */
static void
fmt_time (char *buf, gsize size, double t)
{
  if (isinf (t))
    g_strlcpy (buf, t > 0.0 ? "∞" : "−∞", size);
  else
    {
      char number[32];
      g_snprintf (number, sizeof number, "%.4g", t);
      /* A minus sign, as the card writes it. */
      g_snprintf (buf, size, "%s%s", number[0] == '-' ? "−" : "", number + (number[0] == '-'));
    }
}

static char *
axis_name (const PhysSweptSatRecord *s, int k)
{
  return g_strdup_printf (_("axis %d (%s)"), k + 1, s->axes[k].start.body == 0 ? "A" : "B");
}

/* The axis that never overlaps (apart and not moving along it), or -1. */
static int
never_axis (const PhysSweptSatRecord *s)
{
  for (int k = 0; k < s->axis_count && k < PHYS_SAT_MAX_AXES; k++)
    if (isinf (s->axes[k].enter) && s->axes[k].enter > 0.0)
      return k;
  return -1;
}

/* What the intervals say, one sentence: the first contact, or why there is none. */
static char *
verdict_text (const PhysRigidTests *tests)
{
  const PhysSweptSatRecord *s = &tests->swept;
  char enter[32], exit[32];
  fmt_time (enter, sizeof enter, tests->t0 + s->enter);
  fmt_time (exit, sizeof exit, tests->t0 + s->exit);
  int ea = CLAMP (s->enter_axis, 0, PHYS_SAT_MAX_AXES - 1);
  int xa = CLAMP (s->exit_axis, 0, PHYS_SAT_MAX_AXES - 1);
  g_autofree char *en = axis_name (s, ea), *xn = axis_name (s, xa);
  /* An axis apart and still has no interval (enter +inf, exit -inf): the record calls that
   * moving apart or a miss; either way that axis is the reason. */
  int never = never_axis (s);
  if (never >= 0 && (s->verdict == PHYS_VERDICT_MISS || s->verdict == PHYS_VERDICT_MOVING_APART))
    {
      g_autofree char *nn = axis_name (s, never);
      return g_strdup_printf (_("Miss: %s never overlaps (apart, and not moving along it)"), nn);
    }
  switch (s->verdict)
    {
    case PHYS_VERDICT_HIT:
      return g_strdup_printf (_("First contact at t = %s: %s enters last, and all overlap "
                                "until %s"),
                              enter, en, exit);
    case PHYS_VERDICT_OVERLAPPING:
      return g_strdup (_("Overlapping when the search starts: every axis overlaps there"));
    case PHYS_VERDICT_NO_RELATIVE_MOTION:
      return g_strdup (_("No relative motion: no interval begins or ends"));
    case PHYS_VERDICT_MOVING_APART:
      return g_strdup_printf (_("Moving apart: the time all overlap ends at %s (%s), before "
                                "the search starts"),
                              exit, xn);
    case PHYS_VERDICT_AFTER_FRAME:
      return g_strdup_printf (_("Not in this frame: %s enters last, at t = %s, after the "
                                "frame's end"),
                              en, enter);
    case PHYS_VERDICT_MISS:
    default:
      return g_strdup_printf (_("Miss: %s enters at %s, after %s has left at %s: no t "
                                "where all overlap"),
                              en, enter, xn, exit);
    }
}

/* The frame band with its 0, 1 and t under the plot, and the time axis's line. */
static void
draw_time_axis (cairo_t *cr, const ImpSweptPlotFrame *f, const ImpTheme *theme)
{
  imp_plot_frame_band (cr, imp_swept_plot_x (f, 0.0), imp_swept_plot_x (f, 1.0), f->x1, f->y_top,
                       f->y_bottom, theme);
}

/* The playhead's moment, frame time t_now (negative: none): a line across the plot. */
static void
draw_playhead (cairo_t *cr, const ImpSweptPlotFrame *f, double t_now, const ImpTheme *theme)
{
  if (t_now < 0.0 || t_now > 1.0)
    return;
  double x = imp_swept_plot_x (f, t_now);
  imp_rgba_set_source (cr, theme->selection);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, x, f->y_top);
  cairo_line_to (cr, x, f->y_bottom);
  cairo_stroke (cr);
}

/* A bar's end that goes on past the frame: an arrow head pointing on. */
static void
draw_open_end (cairo_t *cr, double x, double y, double dir)
{
  cairo_move_to (cr, x + dir * 5.0, y);
  cairo_line_to (cr, x - dir * 1.0, y - 5.0);
  cairo_line_to (cr, x - dir * 1.0, y + 5.0);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_axes (cairo_t *cr, double width, double height, const PhysRigidTests *tests, int step,
           int lit, double t_now, const ImpTheme *theme)
{
  const PhysSweptSatRecord *s = &tests->swept;
  ImpSweptPlotFrame f = imp_swept_plot_frame (tests, width, height);
  /* Rows after the stepped axis are not yet shown, and the answer waits for the last. */
  int shown = step > 0 ? MIN (step, f.rows) : f.rows;
  gboolean answer = shown == f.rows;
  imp_plot_text (cr, _("Swept test: t where each axis's projections overlap"), 4.0, 8.0, 0.0,
                 theme->text, FALSE);
  draw_time_axis (cr, &f, theme);

  /* Where all overlap, within the frame: shaded across the rows. */
  double all_lo = fmax (tests->t0 + s->enter, 0.0), all_hi = fmin (tests->t0 + s->exit, 1.0);
  if (answer && s->enter <= s->exit && all_lo <= all_hi)
    {
      double x = imp_swept_plot_x (&f, all_lo), x1 = imp_swept_plot_x (&f, all_hi);
      imp_rgba_set_source_alpha (cr, theme->contact, 0.18);
      cairo_rectangle (cr, x, f.y_top, MAX (x1 - x, 1.0), f.y_bottom - f.y_top);
      cairo_fill (cr);
    }

  for (int k = 0; k < f.rows; k++)
    {
      const PhysSweptAxis *axis = &s->axes[k];
      double y = imp_swept_plot_row_y (&f, k);
      ImpRgba color = axis->start.body == 0 ? theme->normal_left : theme->normal_right;
      gboolean strong = k == lit || (answer && k == s->enter_axis && s->has_t);
      if (k == lit)
        {
          imp_rgba_set_source (cr, theme->highlight);
          cairo_rectangle (cr, 0.0, y - 0.5 * f.row_height, width, f.row_height);
          cairo_fill (cr);
        }
      g_autofree char *name = axis_name (s, k);
      imp_plot_text (cr, name, f.x0 - 10.0, y, 1.0, k < shown ? color : theme->text_muted, strong);
      if (k >= shown)
        continue;
      double lo, hi;
      gboolean open_lo, open_hi;
      imp_rgba_set_source (cr, color);
      if (imp_swept_plot_bar (axis, tests->t0, &lo, &hi, &open_lo, &open_hi))
        {
          double x = imp_swept_plot_x (&f, lo), x1 = imp_swept_plot_x (&f, hi);
          double h = strong ? BAR_PX + 2.0 : BAR_PX;
          cairo_rectangle (cr, x, y - 0.5 * h, MAX (x1 - x, 1.5), h);
          cairo_fill (cr);
          if (open_lo)
            draw_open_end (cr, x - 2.0, y, -1.0);
          if (open_hi)
            draw_open_end (cr, x1 + 2.0, y, 1.0);
        }
      else
        {
          /* No overlap inside the frame: where it would be, said at the side. */
          char at[32], text[64];
          gboolean never = isinf (axis->enter) && axis->enter > 0.0;
          gboolean after = !never && tests->t0 + axis->enter > 1.0;
          fmt_time (at, sizeof at, tests->t0 + (after ? axis->enter : axis->exit));
          if (never)
            g_strlcpy (text, _("never overlaps"), sizeof text);
          else
            g_snprintf (text, sizeof text, after ? _("from t = %s →") : _("← until t = %s"), at);
          imp_plot_text (cr, text, after ? f.x1 : f.x0 + 2.0, y, after ? 1.0 : 0.0, color, strong);
        }
    }

  /* The first contact: the latest enter, on the axis that decides it. */
  if (answer && s->has_t && tests->t0 + s->t <= 1.0)
    {
      double x = imp_swept_plot_x (&f, fmax (tests->t0 + s->t, 0.0));
      imp_rgba_set_source (cr, theme->contact);
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, x, f.y_top - 2.0);
      cairo_line_to (cr, x, f.y_bottom + 2.0);
      cairo_stroke (cr);
      if (s->enter_axis >= 0 && s->enter_axis < f.rows)
        {
          cairo_arc (cr, x, imp_swept_plot_row_y (&f, s->enter_axis), 4.5, 0.0, 2.0 * G_PI);
          cairo_fill (cr);
        }
    }
  /* A miss between a last enter and an earlier exit: the empty stretch bracketed. */
  if (answer && s->verdict == PHYS_VERDICT_MISS && never_axis (s) < 0 && s->enter_axis >= 0
      && s->exit_axis >= 0 && s->enter_axis < f.rows && s->exit_axis < f.rows)
    {
      double xa = imp_swept_plot_x (&f, CLAMP (tests->t0 + s->exit, 0.0, 1.0));
      double xb = imp_swept_plot_x (&f, CLAMP (tests->t0 + s->enter, 0.0, 1.0));
      double ya = imp_swept_plot_row_y (&f, s->exit_axis);
      double yb = imp_swept_plot_row_y (&f, s->enter_axis);
      imp_rgba_set_source (cr, theme->construction);
      cairo_set_line_width (cr, 1.25);
      double dash = 3.0;
      cairo_set_dash (cr, &dash, 1, 0.0);
      cairo_move_to (cr, xa, ya);
      cairo_line_to (cr, xa, yb);
      cairo_line_to (cr, xb, yb);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0.0);
    }

  draw_playhead (cr, &f, t_now, theme);

  double y = f.y_bottom + 28.0, wrap = width - 8.0;
  if (answer)
    {
      g_autofree char *verdict = verdict_text (tests);
      y += imp_plot_paragraph (cr, verdict, 4.0, y, wrap,
                               s->has_t ? theme->contact : theme->text, TRUE);
    }
  else
    {
      g_autofree char *wait = g_strdup_printf (_("Stepping: axis %d of %d (Down for the next)"),
                                               shown, f.rows);
      y += imp_plot_paragraph (cr, wait, 4.0, y, wrap, theme->text_muted, FALSE);
    }
  int about = lit >= 0 && lit < shown ? lit : step > 0 ? shown - 1 : -1;
  if (about >= 0)
    {
      g_autofree char *line = imp_swept_plot_describe_axis (tests, about);
      imp_plot_paragraph (cr, line, 4.0, y + 2.0, wrap, theme->text, FALSE);
    }
}

/* How the advancement ended, short: "5 steps: t = 0.8123, distance 9.8e-07 ≤ 1e-06". */
static char *
advance_result (const PhysRigidTests *tests)
{
  const PhysAdvanceRecord *a = &tests->advance;
  int n = MIN (a->step_count, PHYS_ADVANCE_MAX_ITERATIONS);
  const PhysAdvanceStep *last = &a->steps[n - 1];
  char t[32], d[32], tol[32];
  fmt_time (t, sizeof t, tests->t0 + last->t);
  g_snprintf (d, sizeof d, "%.4g", last->distance.distance);
  g_snprintf (tol, sizeof tol, "%.3g", a->tolerance);
  const char *format;
  switch (a->verdict)
    {
    case PHYS_VERDICT_HIT:
      format = g_dngettext (NULL, "%d step: t = %s, distance %s ≤ tolerance %s",
                            "%d steps: t = %s, distance %s ≤ tolerance %s", (unsigned long) n);
      break;
    case PHYS_VERDICT_OVERLAPPING:
      format = g_dngettext (NULL, "%d step: overlapping at t = %s (distance %s, tolerance %s)",
                            "%d steps: overlapping at t = %s (distance %s, tolerance %s)",
                            (unsigned long) n);
      break;
    default:
      format = g_dngettext (NULL,
                            "%d step, no contact in the frame (t = %s, distance %s, tolerance %s)",
                            "%d steps, no contact in the frame (t = %s, distance %s, tolerance "
                            "%s)",
                            (unsigned long) n);
      break;
    }
  return g_strdup_printf (format, n, t, d, tol);
}

static void
draw_advance (cairo_t *cr, double width, double height, const PhysRigidTests *tests,
              double t_now, const ImpTheme *theme)
{
  const PhysAdvanceRecord *a = &tests->advance;
  ImpSweptPlotFrame f = imp_swept_plot_frame (tests, width, height);
  imp_plot_text (cr, _("Conservative advancement: the distance at each t_k"), 4.0, 8.0, 0.0,
                 theme->text, FALSE);
  draw_time_axis (cr, &f, theme);
  char top[32];
  g_snprintf (top, sizeof top, "%.3g", f.d_top);
  imp_plot_text (cr, top, f.x0 - 4.0, f.y_top, 1.0, theme->text_muted, FALSE);
  imp_plot_text (cr, "0", f.x0 - 4.0, f.y_bottom, 1.0, theme->text_muted, FALSE);

  /* The tolerance: within it they count as touching. */
  double ty = imp_swept_plot_distance_y (&f, a->tolerance);
  imp_rgba_set_source (cr, theme->text_muted);
  cairo_set_line_width (cr, 1.0);
  double dash = 4.0;
  cairo_set_dash (cr, &dash, 1, 0.0);
  cairo_move_to (cr, f.x0, ty);
  cairo_line_to (cr, f.x1, ty);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
  char tol[48];
  g_snprintf (tol, sizeof tol, _("tolerance %.3g"), a->tolerance);
  imp_plot_text (cr, tol, f.x1, ty - 8.0, 1.0, theme->text_muted, FALSE);

  /* Each step: the distance measured at t_k, then the safe step to t_k + distance / mu. */
  int n = MIN (a->step_count, PHYS_ADVANCE_MAX_ITERATIONS);
  imp_rgba_set_source (cr, theme->velocity);
  cairo_set_line_width (cr, 1.5);
  for (int k = 0; k < n; k++)
    {
      double x = imp_swept_plot_x (&f, CLAMP (tests->t0 + a->steps[k].t, 0.0, 1.0));
      double y = imp_swept_plot_distance_y (&f, a->steps[k].distance.distance);
      if (k == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  for (int k = 0; k < n; k++)
    {
      double x = imp_swept_plot_x (&f, CLAMP (tests->t0 + a->steps[k].t, 0.0, 1.0));
      double y = imp_swept_plot_distance_y (&f, a->steps[k].distance.distance);
      gboolean last = k == n - 1;
      imp_rgba_set_source (cr, last && a->has_t ? theme->contact : theme->velocity);
      cairo_arc (cr, x, y, last ? 4.5 : 3.0, 0.0, 2.0 * G_PI);
      cairo_fill (cr);
      if (k < 2 || last)
        {
          char label[32];
          g_snprintf (label, sizeof label, "t%d", k);
          imp_plot_text (cr, label, x + 4.0, y - 9.0, 0.0, theme->text_muted, FALSE);
        }
    }
  draw_playhead (cr, &f, t_now, theme);
  double y = f.y_bottom + 28.0, wrap = width - 8.0;
  /* Why there are no intervals: a turn turns the axes; otherwise the search is here because
   * the bodies accelerate differently (gravity against a fixed body) and the paths bend. */
  gboolean turns = a->wa != 0.0 || a->wb != 0.0;
  y += imp_plot_paragraph (cr,
                           turns ? _("A body turns: its axes turn too, so no axis has one [enter, "
                                     "exit].")
                                 : _("The bodies accelerate differently: their relative path "
                                     "bends, so no axis has one [enter, exit]."),
                           4.0, y, wrap, theme->text_muted, FALSE);
  g_autofree char *result = advance_result (tests);
  imp_plot_paragraph (cr, result, 4.0, y + 2.0, wrap,
                 a->has_t ? theme->contact : theme->text, TRUE);
}

void
imp_swept_plot_draw (cairo_t *cr, double width, double height, const PhysRigidTests *tests,
                     int step, int lit, double t_now, const ImpTheme *theme)
{
  cairo_save (cr);
  switch (imp_swept_plot_kind (tests))
    {
    case IMP_SWEPT_PLOT_AXES:
      draw_axes (cr, width, height, tests, step, lit, t_now, theme);
      break;
    case IMP_SWEPT_PLOT_ADVANCE:
      draw_advance (cr, width, height, tests, t_now, theme);
      break;
    case IMP_SWEPT_PLOT_NONE:
    default:
      break;
    }
  cairo_restore (cr);
}

/**
 * imp_swept_plot_describe_axis:
 * @tests: a rigid pair's tests with a swept record
 * @k: one of its axes
 *
 * Returns: (transfer full): "axis 2 (A): overlaps for t in [0.686, 39.31]" in frame time
 */
char *
imp_swept_plot_describe_axis (const PhysRigidTests *tests, int k)
{
  const PhysSweptSatRecord *s = &tests->swept;
  g_return_val_if_fail (k >= 0 && k < s->axis_count && k < PHYS_SAT_MAX_AXES, NULL);
  const PhysSweptAxis *axis = &s->axes[k];
  g_autofree char *name = axis_name (s, k);
  if (isinf (axis->enter) && axis->enter > 0.0)
    return g_strdup_printf (_("%s: never overlaps"), name);
  char enter[32], exit[32];
  fmt_time (enter, sizeof enter, tests->t0 + axis->enter);
  fmt_time (exit, sizeof exit, tests->t0 + axis->exit);
  return g_strdup_printf (_("%s: overlaps for t in [%s, %s]"), name, enter, exit);
}

/**
 * imp_swept_plot_describe:
 * @tests: a rigid pair's tests
 *
 * The plot in words, for its accessible description.
 *
 * Returns: (transfer full) (nullable): a sentence, or %NULL when there is no plot
 */
char *
imp_swept_plot_describe (const PhysRigidTests *tests)
{
  switch (imp_swept_plot_kind (tests))
    {
    case IMP_SWEPT_PLOT_AXES:
      {
        GString *text = g_string_new (_("Swept test over the frame"));
        g_autofree char *verdict = verdict_text (tests);
        g_string_append_printf (text, ": %s", verdict);
        for (int k = 0; k < row_count (tests); k++)
          {
            g_autofree char *axis = imp_swept_plot_describe_axis (tests, k);
            g_string_append_printf (text, "; %s", axis);
          }
        return g_string_free (text, FALSE);
      }
    case IMP_SWEPT_PLOT_ADVANCE:
      {
        g_autofree char *result = advance_result (tests);
        return g_strdup_printf (_("Conservative advancement: %s"), result);
      }
    case IMP_SWEPT_PLOT_NONE:
    default:
      return NULL;
    }
}
