/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-player.h: a lesson being played over a session. It enters steps
 * (setting the session up as each step's "enter" says), checks the step's goal
 * live as the session changes, performs "show me", takes predictions and keeps
 * the learner's progress. GLib only: the lesson panel (imp-lesson-panel.h) is
 * its view, and tests drive it without one.
 */
#pragma once

#include <gio/gio.h>

#include "imp-lesson.h"
#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_LESSON_PLAYER (imp_lesson_player_get_type ())
G_DECLARE_FINAL_TYPE (ImpLessonPlayer, imp_lesson_player, IMP, LESSON_PLAYER, GObject)

ImpLessonPlayer *imp_lesson_player_new (ImpSession *session, GSettings *settings);

gboolean imp_lesson_player_open (ImpLessonPlayer *self, const char *path, GError **error);
void imp_lesson_player_open_lesson (ImpLessonPlayer *self, ImpLesson *lesson, const char *path);
void imp_lesson_player_close (ImpLessonPlayer *self);
const ImpLesson *imp_lesson_player_get_lesson (ImpLessonPlayer *self);

guint imp_lesson_player_get_step (ImpLessonPlayer *self);
void imp_lesson_player_go (ImpLessonPlayer *self, guint step);
gboolean imp_lesson_player_next (ImpLessonPlayer *self);
gboolean imp_lesson_player_back (ImpLessonPlayer *self);

gboolean imp_lesson_player_get_reached (ImpLessonPlayer *self);
const char *imp_lesson_player_get_differences (ImpLessonPlayer *self);
void imp_lesson_player_set_up (ImpLessonPlayer *self);
gboolean imp_lesson_player_show_me (ImpLessonPlayer *self, GError **error);
gboolean imp_lesson_player_submit (ImpLessonPlayer *self, double prediction);
gboolean imp_lesson_player_get_answer (ImpLessonPlayer *self, double *value);
char *imp_lesson_player_dup_status (ImpLessonPlayer *self);

int imp_lesson_progress_get (GSettings *settings, const char *lesson_id);

G_END_DECLS
