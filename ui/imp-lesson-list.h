/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-list.h: the shipped lessons, in course order, with the learner's
 * progress in each; activating one emits "open" with its URI. Shown in the
 * header's Lessons popover. */
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

G_END_DECLS
