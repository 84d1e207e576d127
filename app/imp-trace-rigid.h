/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-trace-rigid.h: the rigid records (separating axes, manifold, search, curve,
 * answer) as members of a trace or inspect object (docs/trace-format.md). */
#pragma once

#include <glib.h>

#include "imp-json.h"
#include "phys.h"

G_BEGIN_DECLS

void imp_trace_write_double_if (ImpJson *json, const char *key, gboolean valid, double value);
void imp_trace_write_sat (ImpJson *json, const char *key, const PhysSatRecord *sat);
void imp_trace_write_rigid_tests (ImpJson *json, const PhysRigidTests *tests);
void imp_trace_write_rigid_answer (ImpJson *json, const PhysRigidAnswer *answer);
void imp_trace_write_rigid_detail (ImpJson *json, const PhysRigidDetail *detail);

G_END_DECLS
