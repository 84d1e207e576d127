/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-ledger.h: what an impulse between two circles did to the pair's momentum
 * and kinetic energy: the numbers the inspector's ledger card prints, worked
 * out here so the card only writes them. GLib only. */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

/* Masses are 1 / inverse mass; a fixed body (inverse mass 0) is left out of
 * both sums: it takes what it is given. */
typedef struct
{
  double m1, m2;                /* the masses summed (0 for a fixed body) */
  PhysVec2 momentum_before;     /* m1 v1 + m2 v2 before the impulse */
  PhysVec2 momentum_after;      /* and after */
  double kinetic_before;        /* m1 |v1|^2 / 2 + m2 |v2|^2 / 2 before */
  double kinetic_after;         /* and after */
  gboolean momentum_kept;       /* the same to 1e-9 of the momenta's sizes */
  gboolean energy_kept;         /* the same to 1e-9 of the energy before */
} ImpLedger;

ImpLedger imp_ledger_of (const PhysImpulse *impulse);

G_END_DECLS
