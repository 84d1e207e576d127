/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-breakpoints.h: the breakpoints the window offers, by name. */
#pragma once

#include "imp-session.h"

G_BEGIN_DECLS

/* The names, in menu order: "none", "any", "circle-circle", "circle-segment",
 * "probe-segment", "embedded", "selection" (the selected body or pair), "event-cap", "energy" (the total
 * energy changes by more than IMP_BREAKPOINT_ENERGY_CHANGE of itself in a
 * frame) and "energy-P" (by more than P percent, 0 < P <= 100). */
#define IMP_BREAKPOINT_ENERGY_CHANGE 0.01

/* Sets the session's breakpoint named name. On success *description (newly
 * allocated) says in a sentence when playback will pause; on failure (an
 * unknown name, "selection" with nothing selected) the breakpoint is unchanged. */
gboolean imp_breakpoint_apply (ImpSession *session, const char *name, char **description,
                               GError **error);

G_END_DECLS
