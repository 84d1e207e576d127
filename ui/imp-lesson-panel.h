/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-panel.h: the lesson panel beside the canvas, a view of an
 * ImpLessonPlayer. */
#pragma once

#include <gtk/gtk.h>

#include "imp-lesson-player.h"

G_BEGIN_DECLS

#define IMP_TYPE_LESSON_PANEL (imp_lesson_panel_get_type ())
G_DECLARE_FINAL_TYPE (ImpLessonPanel, imp_lesson_panel, IMP, LESSON_PANEL, GtkWidget)

GtkWidget *imp_lesson_panel_new (void);
void imp_lesson_panel_set_player (ImpLessonPanel *self, ImpLessonPlayer *player,
                                  ImpSession *session);
GtkLabel *imp_lesson_panel_get_body (ImpLessonPanel *self);
GtkLabel *imp_lesson_panel_get_status (ImpLessonPanel *self);
GtkWidget *imp_lesson_panel_get_setup (ImpLessonPanel *self, GtkLabel **text);
GtkEntry *imp_lesson_panel_get_prediction (ImpLessonPanel *self);
void imp_lesson_panel_submit (ImpLessonPanel *self);
const char *imp_lesson_panel_term_at (ImpLessonPanel *self, double x, double y);

G_END_DECLS
