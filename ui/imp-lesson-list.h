/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-list.h: the shipped lessons, in course order, with the learner's
 * progress in each, then those of the lesson packs (folders of lessons added
 * with "Add Lesson Folder…", kept in the "lesson-folders" setting), with the
 * precise error of each file that does not load; activating a lesson emits
 * "open" with its URI or path. Shown in the header's Lessons popover. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMP_TYPE_LESSON_LIST (imp_lesson_list_get_type ())
G_DECLARE_FINAL_TYPE (ImpLessonList, imp_lesson_list, IMP, LESSON_LIST, GtkWidget)

GtkWidget *imp_lesson_list_new (void);
void imp_lesson_list_set_settings (ImpLessonList *self, GSettings *settings);
void imp_lesson_list_refresh (ImpLessonList *self);
char *imp_lesson_list_dup_progress_text (ImpLessonList *self, guint i);
void imp_lesson_list_activate (ImpLessonList *self, guint i);
guint imp_lesson_list_get_n_lessons (ImpLessonList *self);
void imp_lesson_list_add_folder (ImpLessonList *self, const char *dir);
void imp_lesson_list_remove_folder (ImpLessonList *self, const char *dir);

G_END_DECLS
