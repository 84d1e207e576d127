/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-quadratic-plot.h: the swept test as a curve: f(t) = |d + v t|² − R² over
 * t in [−0.5, 1.5], the frame shaded, the roots marked, the first touch
 * highlighted and the playhead's t drawn. Plain drawing on any cairo_t. */
#pragma once

#include <cairo.h>

#include "imp-theme.h"
#include "phys.h"

G_BEGIN_DECLS

#define IMP_QUADRATIC_PLOT_T_MIN (-0.5)
#define IMP_QUADRATIC_PLOT_T_MAX 1.5

/* Where the plot puts the point (t, f) in a width x height area. */
typedef struct
{
  double x0, x1;      /* pixels of t = T_MIN and t = T_MAX */
  double y_top, y_bottom;
  double f_top, f_bottom; /* values at y_top and y_bottom */
} ImpQuadraticPlotFrame;

ImpQuadraticPlotFrame imp_quadratic_plot_frame (const PhysCircleCircleSweep *sweep, double width,
                                                double height);
void imp_quadratic_plot_point (const ImpQuadraticPlotFrame *frame, double t, double f, double *x,
                               double *y);
/* t_now: the playhead's time counted like the test's t (negative: none). */
void imp_quadratic_plot_draw (cairo_t *cr, double width, double height,
                              const PhysCircleCircleSweep *sweep, double t_now,
                              const ImpTheme *theme);

G_END_DECLS
