/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-rehearsal.h: a lesson played by the app's own player, step by
 * step with Show Me, before a teacher saves it: the goal of each step must be
 * unmet when the step starts and met after Show Me, as `impulse check` asks of
 * its headless walk. GLib only (a session and a player of their own, no window). */
#pragma once

#include "imp-lesson.h"

G_BEGIN_DECLS

gboolean imp_lesson_rehearse (ImpLesson *lesson, int *failed_step, GError **error);

G_END_DECLS
