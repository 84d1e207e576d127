/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-quadratic-plot.c: the plot of the swept circle-circle test (see the header).
 * Everything comes from the test's record: a, b, c, the roots and the verdict. */
#include "imp-quadratic-plot.h"

#include <math.h>
#include <pango/pangocairo.h>

#define MARGIN_LEFT 34.0
#define MARGIN_RIGHT 10.0
#define MARGIN_TOP 22.0
#define MARGIN_BOTTOM 22.0

static double
f_of (const PhysCircleCircleSweep *s, double t)
{
  return (s->a * t + 2.0 * s->b) * t + s->c;
}

ImpQuadraticPlotFrame
imp_quadratic_plot_frame (const PhysCircleCircleSweep *s, double width, double height)
{
  ImpQuadraticPlotFrame frame;
  frame.x0 = MARGIN_LEFT;
  frame.x1 = MAX (width - MARGIN_RIGHT, MARGIN_LEFT + 1.0);
  frame.y_top = MARGIN_TOP;
  frame.y_bottom = MAX (height - MARGIN_BOTTOM, MARGIN_TOP + 1.0);

  /* The values over the range, and zero (touching) always in view. */
  double lo = 0.0, hi = 0.0;
  for (int i = 0; i <= 64; i++)
    {
      double t = IMP_QUADRATIC_PLOT_T_MIN
                 + (IMP_QUADRATIC_PLOT_T_MAX - IMP_QUADRATIC_PLOT_T_MIN) * i / 64.0;
      double f = f_of (s, t);
      lo = MIN (lo, f);
      hi = MAX (hi, f);
    }
  double pad = 0.08 * MAX (hi - lo, 1e-12);
  frame.f_top = hi + pad;
  frame.f_bottom = lo - pad;
  return frame;
}

void
imp_quadratic_plot_point (const ImpQuadraticPlotFrame *frame, double t, double f, double *x,
                          double *y)
{
  double u = (t - IMP_QUADRATIC_PLOT_T_MIN) / (IMP_QUADRATIC_PLOT_T_MAX - IMP_QUADRATIC_PLOT_T_MIN);
  double v = (frame->f_top - f) / (frame->f_top - frame->f_bottom);
  *x = frame->x0 + u * (frame->x1 - frame->x0);
  *y = frame->y_top + v * (frame->y_bottom - frame->y_top);
}

void
imp_quadratic_plot_draw (cairo_t *cr, double width, double height,
                         const PhysCircleCircleSweep *s, double t_now, const ImpTheme *theme)
{
  ImpQuadraticPlotFrame frame = imp_quadratic_plot_frame (s, width, height);
  double x, y, x1, y1;

  cairo_save (cr);
  /* The frame: t in [0, 1]. */
  imp_quadratic_plot_point (&frame, 0.0, frame.f_top, &x, &y);
  imp_quadratic_plot_point (&frame, 1.0, frame.f_bottom, &x1, &y1);
  imp_plot_frame_band (cr, x, x1, frame.x1, y, y1, theme);

  /* f = 0: the centres are R apart, touching. */
  imp_quadratic_plot_point (&frame, IMP_QUADRATIC_PLOT_T_MIN, 0.0, &x, &y);
  imp_quadratic_plot_point (&frame, IMP_QUADRATIC_PLOT_T_MAX, 0.0, &x1, &y1);
  imp_rgba_set_source (cr, theme->text_muted);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
  imp_plot_text (cr, "0", frame.x0 - 4.0, y, 1.0, theme->text_muted, FALSE);

  /* The curve. */
  imp_rgba_set_source (cr, theme->velocity);
  cairo_set_line_width (cr, 2.0);
  for (int i = 0; i <= 200; i++)
    {
      double t = IMP_QUADRATIC_PLOT_T_MIN
                 + (IMP_QUADRATIC_PLOT_T_MAX - IMP_QUADRATIC_PLOT_T_MIN) * i / 200.0;
      imp_quadratic_plot_point (&frame, t, f_of (s, t), &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  imp_plot_text (cr, "f(t) = |d + v t|² − R² = a t² + 2 b t + c", frame.x0, 8.0, 0.0, theme->text,
           FALSE);

  /* The roots: where the circles touch; the first is the impact (highlighted). */
  if (s->has_roots)
    for (int k = 1; k >= 0; k--)
      {
        double t = s->roots[k];
        if (t < IMP_QUADRATIC_PLOT_T_MIN || t > IMP_QUADRATIC_PLOT_T_MAX)
          continue;
        imp_quadratic_plot_point (&frame, t, 0.0, &x, &y);
        gboolean chosen = k == 0 && (s->verdict == PHYS_VERDICT_HIT
                                     || s->verdict == PHYS_VERDICT_AFTER_FRAME);
        imp_rgba_set_source (cr, chosen ? theme->contact : theme->text_muted);
        cairo_arc (cr, x, y, chosen ? 5.0 : 3.5, 0.0, 2.0 * G_PI);
        cairo_fill (cr);
        char label[48];
        g_snprintf (label, sizeof label, "t%s = %.4g", k == 0 ? "₁" : "₂", t);
        imp_plot_text (cr, label, x, y + (k == 0 ? -12.0 : 12.0), 0.5,
                 chosen ? theme->contact : theme->text_muted, chosen);
      }

  /* The playhead's moment. */
  if (t_now >= IMP_QUADRATIC_PLOT_T_MIN && t_now <= IMP_QUADRATIC_PLOT_T_MAX)
    {
      imp_quadratic_plot_point (&frame, t_now, frame.f_top, &x, &y);
      imp_rgba_set_source (cr, theme->selection);
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, x, frame.y_top);
      cairo_line_to (cr, x, frame.y_bottom);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}
