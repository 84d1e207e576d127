/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-setup.h: the lesson's own path and the world each step needs.
 *
 * A lesson's path is what a learner who presses "show me" at every step does:
 * each step's "enter" (its modes switched at frame 0, its frame and event),
 * then its goal's solution. The world a step needs is that path's recording on
 * entering the step: the teaching modes, integrator and substeps the earlier
 * steps switched and the edits their goals relied on. The texts and the
 * expected answers are written for it; the player compares the learner's
 * recording with it (imp_lesson_setup_differences()) and sets it up when they
 * differ. `impulse check` walks the same path (imp_lesson_walk()).
 */
#pragma once

#include "imp-lesson-goal.h"

G_BEGIN_DECLS

/**
 * ImpLessonSetup:
 * @timeline: (transfer full): the path's recording on entering the step
 * @context: where the path's learner is then
 * @horizon: the states that matter to the step: 0 to @horizon (its frame, its
 *   goal's frame and the frame after it, or the event "show me" steps into)
 * @lesson: (nullable): for a step whose goal switches modes, the lesson (borrowed:
 *   it outlives the setup); %NULL for other goals
 * @step: the step
 * @variant: (transfer full) (nullable): the path with the goal's settings as the
 *   learner last switched them (see imp_lesson_setup_differences())
 * @edits_from: for a step whose goal asks for an edit (a verdict), its frame: the
 *   learner's edits from there on are the answer, not a difference; else -1
 *
 * The world a step needs.
 */
typedef struct
{
  PhysTimeline *timeline;
  ImpGoalContext context;
  gint64 horizon;
  const ImpLesson *lesson;
  guint step;
  PhysTimeline *variant;
  gint64 edits_from;
} ImpLessonSetup;

ImpLessonSetup *imp_lesson_setup_new (const ImpLesson *lesson, guint step, GError **error);
void imp_lesson_setup_free (ImpLessonSetup *setup);
char *imp_lesson_setup_differences (ImpLessonSetup *setup, ImpFrames *frames,
                                    gboolean as_switched, gboolean *settings);
gboolean imp_lesson_walk (const ImpLesson *lesson, GError **error);
ImpLesson *imp_lesson_check (const char *path, GError **error);
ImpLesson *imp_lesson_check_data (const char *data, gssize length, const char *display_name,
                                  const char *base_dir, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpLessonSetup, imp_lesson_setup_free)

G_END_DECLS
