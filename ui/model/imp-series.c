/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-series.c: the plots' series over a recording (see imp-series.h). */
#include "imp-series.h"

#include <math.h>

double
imp_series_value (const PhysFrameSummary *s, ImpSeries series)
{
  switch (series)
    {
    case IMP_SERIES_TOTAL_ENERGY:
      return s->energy.total;
    case IMP_SERIES_KINETIC:
      return s->energy.kinetic;
    case IMP_SERIES_MOMENTUM:
      return hypot (s->energy.momentum.x, s->energy.momentum.y);
    case IMP_SERIES_EVENTS:
      return (double) s->n_events;
    default:
      return 0.0;
    }
}

gint64
imp_series_column_state (gint64 states, int columns, int x)
{
  if (states <= 0 || columns <= 0)
    return 0;
  x = CLAMP (x, 0, columns - 1);
  /* In integers: x / columns * states in doubles can land a hair under a
   * whole number and floor to the state before. */
  return (gint64) x * states / columns;
}

/* The states [*k0, *k1) column x shows: at least one. */
static void
column_span (gint64 states, int columns, int x, gint64 *k0, gint64 *k1)
{
  *k0 = imp_series_column_state (states, columns, x);
  *k1 = x + 1 < columns ? imp_series_column_state (states, columns, x + 1) : states;
  *k1 = MAX (*k1, *k0 + 1);
}

void
imp_series_body_energy (PhysTimeline *tl, const char *name, gint64 from, gint64 to, double *out)
{
  for (gint64 k = from; k < to; k++)
    {
      const PhysWorld *world = phys_timeline_seek (tl, k);
      PhysBodyRef ref;
      gboolean found = world != NULL && phys_world_find (world, name, &ref)
                       && ref.kind == PHYS_BODY_CIRCLE;
      out[k - from] = found ? phys_world_circle_energy (world, ref.index).total : NAN;
    }
}

void
imp_series_value_columns (const double *values, gint64 n_values, gint64 states, int columns,
                          ImpSeriesRange *out)
{
  for (int x = 0; x < columns; x++)
    {
      gint64 k0, k1;
      column_span (states, columns, x, &k0, &k1);
      out[x] = (ImpSeriesRange) { INFINITY, -INFINITY };
      for (gint64 k = k0; k < k1 && k < states && k < n_values; k++)
        if (!isnan (values[k]))
          {
            out[x].lo = MIN (out[x].lo, values[k]);
            out[x].hi = MAX (out[x].hi, values[k]);
          }
    }
}
