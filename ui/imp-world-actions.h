/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-world-actions.h: the World menu's actions: how collisions are detected,
 * the teaching modes (the classic mistakes), the world's integrator and its
 * substeps. Their states follow the world at the session's playhead; changing
 * one edits the world there, or at the session's world edit frame (a lesson's
 * frame 0): a branch, undone with Ctrl+Z like any edit. */
#pragma once

#include <gio/gio.h>

#include "imp-session.h"

G_BEGIN_DECLS

/* Adds to map (a window's) the stateful actions
 *   world-detection (s: "swept" | "discrete"),
 *   world-double-pair-loop, world-respond-at-frame-end, world-slide-at-radius,
 *   world-no-end-caps, world-no-rest-rule (b),
 *   world-integrator (s: "euler", "semi-implicit-euler", "midpoint", "rk4", "verlet"),
 *   world-substeps (s: "1" to "1000"; the menu offers 1, 2, 4, 10, 100).
 * A refused change (the world's check) goes to refused (message, data). */
void imp_world_actions_add (GActionMap *map, ImpSession *session,
                            void (*refused) (gpointer data, const char *message), gpointer data);

G_END_DECLS
