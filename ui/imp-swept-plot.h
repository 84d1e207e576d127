/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-swept-plot.h: the search of a rigid pair over the frame as a plot, the
 * rigid counterpart of the circles' f(t) (imp-quadratic-plot.h). For the swept
 * separating axis test (both bodies translate) one row per candidate axis with
 * the bar of t where its projections overlap, [enter, exit] within the frame,
 * and the first contact, the latest enter where all of them overlap; for
 * conservative advancement (a body turns, so the axes turn and have no such
 * intervals) the distance at each iteration's t_k with the tolerance. The time
 * axis is the frame's: the search starting at t0 sees t - t0. Plain drawing on
 * any cairo_t; every number comes from the records (physics/phys-sat.h,
 * physics/phys-advance.h). */
#pragma once

#include <cairo.h>

#include "imp-theme.h"
#include "phys.h"

G_BEGIN_DECLS

/**
 * ImpSweptPlotKind:
 * @IMP_SWEPT_PLOT_NONE: nothing to plot (touching when tested, or a curve's search)
 * @IMP_SWEPT_PLOT_AXES: the swept test's [enter, exit] per axis
 * @IMP_SWEPT_PLOT_ADVANCE: conservative advancement's iterations
 */
typedef enum
{
  IMP_SWEPT_PLOT_NONE,
  IMP_SWEPT_PLOT_AXES,
  IMP_SWEPT_PLOT_ADVANCE,
} ImpSweptPlotKind;

ImpSweptPlotKind imp_swept_plot_kind (const PhysRigidTests *tests);

/* Where the plot puts frame time t and its rows in a width x height area. */
typedef struct
{
  double x0, x1;       /* pixels of t = 0 and t = 1 */
  double y_top;        /* the top of the first row (of the distance axis: its top) */
  double row_height;   /* one axis's row (axes only) */
  int rows;            /* axes only */
  double y_bottom;     /* the bottom of the last row (of the distance axis: distance 0) */
  double d_top;        /* advancement: the distance at y_top */
} ImpSweptPlotFrame;

ImpSweptPlotFrame imp_swept_plot_frame (const PhysRigidTests *tests, double width, double height);
double imp_swept_plot_height (const PhysRigidTests *tests);
double imp_swept_plot_x (const ImpSweptPlotFrame *frame, double t);
double imp_swept_plot_row_y (const ImpSweptPlotFrame *frame, int row);
int imp_swept_plot_row_at (const ImpSweptPlotFrame *frame, double y);
double imp_swept_plot_distance_y (const ImpSweptPlotFrame *frame, double distance);

/* An axis's bar in frame time, clipped to [0, 1]: FALSE when it has none there. open_lo and
 * open_hi: the interval goes on past that end (overlapping before the frame, or not separating
 * before its end). */
gboolean imp_swept_plot_bar (const PhysSweptAxis *axis, double t0, double *lo, double *hi,
                             gboolean *open_lo, gboolean *open_hi);

/* step: the axes stepped through with Down (0: all; k: rows after k not yet shown, the
 * first contact only at the last); lit: the axis the pointer or the card points at, or -1;
 * t_now: the playhead's frame time (negative: none). */
void imp_swept_plot_draw (cairo_t *cr, double width, double height, const PhysRigidTests *tests,
                          int step, int lit, double t_now, const ImpTheme *theme);

char *imp_swept_plot_describe (const PhysRigidTests *tests);
char *imp_swept_plot_describe_axis (const PhysRigidTests *tests, int k);

G_END_DECLS
