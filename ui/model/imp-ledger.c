/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-ledger.c: momentum and kinetic energy across an impulse (see imp-ledger.h). */
#include "imp-ledger.h"

#include <math.h>

/* Pure. */
ImpLedger
imp_ledger_of (const PhysImpulse *imp)
{
  ImpLedger l;
  l.m1 = imp->inv_mass1 > 0.0 ? 1.0 / imp->inv_mass1 : 0.0;
  l.m2 = imp->inv_mass2 > 0.0 ? 1.0 / imp->inv_mass2 : 0.0;
  l.momentum_before
      = phys_v2_add (phys_v2_scale (imp->v1_before, l.m1), phys_v2_scale (imp->v2_before, l.m2));
  l.momentum_after
      = phys_v2_add (phys_v2_scale (imp->v1_after, l.m1), phys_v2_scale (imp->v2_after, l.m2));
  l.kinetic_before = 0.5 * (l.m1 * phys_v2_len_sq (imp->v1_before)
                            + l.m2 * phys_v2_len_sq (imp->v2_before));
  l.kinetic_after = 0.5 * (l.m1 * phys_v2_len_sq (imp->v1_after)
                           + l.m2 * phys_v2_len_sq (imp->v2_after));
  /* Relative tolerances: rounding in the impulse is a few ulps of the sizes. */
  double scale = fmax (fabs (l.kinetic_before), 1e-300);
  l.momentum_kept = phys_v2_len (phys_v2_sub (l.momentum_after, l.momentum_before))
                    <= 1e-9 * fmax (phys_v2_len (l.momentum_before)
                                        + phys_v2_len (l.momentum_after),
                                    1e-300);
  l.energy_kept = fabs (l.kinetic_after - l.kinetic_before) <= 1e-9 * scale;
  return l;
}
