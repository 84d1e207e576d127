/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-course.h: the shipped course as a whole: which lesson comes after which,
 * and what a relaunch opens so the learner goes on where they left off. GLib only. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The URI of the shipped lesson that follows the one with lesson_id in course
 * order (newly allocated), or NULL after the last or for a lesson not shipped. */
char *imp_course_next_lesson (const char *lesson_id);

/* What a new window opens (newly allocated): the file or lesson last opened
 * (settings' "last-opened"), except a finished lesson, which gives way to the next
 * unfinished one of the course after it; without one, the course's first
 * unfinished lesson, or its first lesson when all are finished. NULL only when
 * nothing is shipped. settings may be NULL (then: the first lesson). */
char *imp_course_resume_target (GSettings *settings);

G_END_DECLS
