/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-editor.h: the lesson editor, a pane beside the canvas where a
 * teacher turns a session into a lesson (an #ImpLessonDraft): a step for each
 * bookmark, its text, frame and goal; a live check of the draft that says what
 * `impulse check` would print, with the step and key marked; Show Me run on
 * every step by the app's player; and Save, open only once both pass. */
#pragma once

#include <gtk/gtk.h>

#include "imp-lesson-draft.h"
#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_LESSON_EDITOR (imp_lesson_editor_get_type ())
G_DECLARE_FINAL_TYPE (ImpLessonEditor, imp_lesson_editor, IMP, LESSON_EDITOR, GtkWidget)

GtkWidget *imp_lesson_editor_new (void);
void imp_lesson_editor_attach (ImpLessonEditor *self, GtkWidget *window, ImpSession *session);
GActionGroup *imp_lesson_editor_get_actions (ImpLessonEditor *self);
gboolean imp_lesson_editor_start (ImpLessonEditor *self, GError **error);
ImpLessonDraft *imp_lesson_editor_get_draft (ImpLessonEditor *self);
void imp_lesson_editor_select_step (ImpLessonEditor *self, guint i);
void imp_lesson_editor_check_now (ImpLessonEditor *self);
gboolean imp_lesson_editor_get_check (ImpLessonEditor *self, ImpLessonDraftPlace *place,
                                      const char **message);
gboolean imp_lesson_editor_rehearse (ImpLessonEditor *self);
gboolean imp_lesson_editor_can_save (ImpLessonEditor *self);
gboolean imp_lesson_editor_save_to (ImpLessonEditor *self, const char *path, GError **error);
GtkWidget *imp_lesson_editor_get_field (ImpLessonEditor *self, const char *name);

G_END_DECLS
