/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-breakpoints.h: the breakpoints the window offers, by name. */
#pragma once

#include "imp-session.h"

G_BEGIN_DECLS

/* The names: "none", "any", each event kind's name (phys_event_kind_name():
 * "embedded", "circle-circle", "circle-segment", "probe-segment", "event-cap"),
 * "selection" (the selected body or pair), "energy" (the total energy changes
 * by more than IMP_BREAKPOINT_ENERGY_CHANGE of itself in a frame) and
 * "energy-P" (by more than P percent, 0 < P <= 100). */
#define IMP_BREAKPOINT_ENERGY_CHANGE 0.01

#define IMP_BREAKPOINT_ERROR (imp_breakpoint_error_quark ())

/**
 * ImpBreakpointError:
 * @IMP_BREAKPOINT_ERROR_UNKNOWN: no breakpoint has the name, or its energy threshold is not
 *   a percentage above 0 and at most 100
 * @IMP_BREAKPOINT_ERROR_NO_SELECTION: "selection" with no body selected
 *
 * Why imp_breakpoint_apply() refused a name, in the %IMP_BREAKPOINT_ERROR domain.
 */
typedef enum
{
  IMP_BREAKPOINT_ERROR_UNKNOWN,
  IMP_BREAKPOINT_ERROR_NO_SELECTION,
} ImpBreakpointError;

GQuark imp_breakpoint_error_quark (void);

/* Sets the session's breakpoint named name. On success *description (newly
 * allocated) says in a sentence when playback will pause; on failure (an
 * unknown name, "selection" with nothing selected) the breakpoint is unchanged. */
gboolean imp_breakpoint_apply (ImpSession *session, const char *name, char **description,
                               GError **error);

G_END_DECLS
