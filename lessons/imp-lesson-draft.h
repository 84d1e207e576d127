/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-draft.h: a lesson being written from a session (docs/lesson-format.md,
 * "Writing a lesson from a session").
 *
 * Each bookmark of the session, with its note, becomes a step at its frame that
 * opens as the bookmark's view did (the event stepped into, the selection, the
 * overlays); the scene comes along written inline, and the session's edits as
 * the lesson's "edits". The teacher then adds a goal to each step, in the
 * lesson format's own words (#ImpLessonGoal), and writes the title and texts.
 *
 * A draft is checked by writing it out in the lesson format and handing that
 * text to what `impulse check` runs (imp_lesson_check_data()): the same loader,
 * the same walk with "show me" at every step, the same messages. Each line of
 * the text knows which step and which key it holds, so a mistake can be marked
 * where the teacher wrote it. GLib only.
 */
#pragma once

#include "imp-lesson.h"
#include "imp-session-file.h"

G_BEGIN_DECLS

/**
 * ImpLessonDraftPlace:
 * @step: the step a line of the text holds, or -1 for the lesson's own keys
 * @field: (nullable): the key, as the lesson format names it: "title", "text",
 *   "enter", "goal" and the goal's keys as "goal.hint", "goal.quantity"...;
 *   for the lesson's: "id", "title", "summary", "topic", "scene", "edits", "steps"
 *
 * Where in the draft a line of its text, or a mistake, is.
 */
typedef struct
{
  int step;
  const char *field;
} ImpLessonDraftPlace;

/**
 * ImpLessonDraft:
 * @id: (nullable): the lesson's id (progress is kept under it)
 * @title: (nullable): its title
 * @summary: (nullable): its summary
 * @topic: (nullable): its topic, a name of imp_topic_names
 * @scene_text: the scene object's JSON text, written inline
 * @world: (transfer full): the scene's initial state, before @edits
 * @edits: (element-type ImpSessionFileEdit): the session's edits
 * @steps: (element-type ImpLessonStep): the steps, in frame order
 *
 * A plain struct: fields may be read and written; the setters below keep the
 * strings owned.
 */
typedef struct
{
  char *id;
  char *title;
  char *summary;
  char *topic;
  char *scene_text;
  PhysWorld *world;
  GArray *edits;
  GArray *steps;
} ImpLessonDraft;

ImpLessonDraft *imp_lesson_draft_new (const ImpSessionFile *session, GError **error);
void imp_lesson_draft_free (ImpLessonDraft *draft);

guint imp_lesson_draft_n_steps (const ImpLessonDraft *draft);
ImpLessonStep *imp_lesson_draft_get_step (ImpLessonDraft *draft, guint i);
void imp_lesson_draft_set_string (char **field, const char *value);
void imp_lesson_draft_set_goal (ImpLessonDraft *draft, guint i, const ImpLessonGoal *goal);
void imp_lesson_draft_take_show_edit (ImpLessonDraft *draft, guint i, int edit);
void imp_lesson_draft_remove_step (ImpLessonDraft *draft, guint i);
char *imp_lesson_draft_suggest_id (const char *title);

char *imp_lesson_draft_to_data (const ImpLessonDraft *draft, gsize *length, GArray **places);
ImpLesson *imp_lesson_draft_check (const ImpLessonDraft *draft, const char *display_name,
                                   ImpLessonDraftPlace *place, GError **error);
gboolean imp_lesson_draft_save (const ImpLessonDraft *draft, const char *path,
                                ImpLessonDraftPlace *place, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpLessonDraft, imp_lesson_draft_free)

G_END_DECLS
