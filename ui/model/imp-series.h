/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-series.h: what the plots under the canvas show over a recording (energy,
 * momentum, events per state, a circle's energy), as plain functions: the
 * recording computes them off the main thread (imp-recording.h) and the plots
 * only split them into pixel columns. */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

/* What is plotted, each in its own lane, in this order from the top. */
typedef enum
{
  IMP_SERIES_TOTAL_ENERGY, /* kinetic + potential of state k */
  IMP_SERIES_KINETIC,      /* kinetic energy of state k */
  IMP_SERIES_MOMENTUM,     /* |sum of m v| of state k */
  IMP_SERIES_EVENTS,       /* events of frame k */
  IMP_N_SERIES
} ImpSeries;

/* Smallest and largest value of a series over the states a column covers. */
typedef struct
{
  double lo, hi;
} ImpSeriesRange;

/* The value of series at a summary. Pure. */
double imp_series_value (const PhysFrameSummary *summary, ImpSeries series);

/* Each state's energy (phys_world_circle_energy) of the circle named name, for
 * states from..to-1, in out[k - from]; NAN where no circle has the name. Reads
 * states, so only where the timeline is the caller's alone (the recording's
 * series job under its lock, imp-recording-series.c; a timeline of one's own). */
void imp_series_body_energy (PhysTimeline *timeline, const char *name, gint64 from, gint64 to,
                             double *out);
/* The states 0..states-1 split into columns (column x covers
 * [x states / columns, (x + 1) states / columns), at least one state): for each
 * column, in out[x], the range of the values of its states. The first n_values
 * of the states have values (the rest are not computed yet); NAN values are
 * skipped; a column with none gets lo > hi. */
void imp_series_value_columns (const double *values, gint64 n_values, gint64 states, int columns,
                               ImpSeriesRange *out);
/* The state column x of columns shows first (the frame a click there seeks to). */
gint64 imp_series_column_state (gint64 states, int columns, int x);

G_END_DECLS
