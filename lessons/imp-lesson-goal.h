/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-goal.h: whether a lesson goal is reached, checked against a
 * recording and what the learner has done; and the values a prediction goal
 * asks for, measured on the recording. Pure functions of the recording (read
 * through an ImpFrames, imp-frames.h) and the context, so the player, a
 * lesson's own path and the tests share them. */
#pragma once

#include "imp-frames.h"
#include "imp-lesson.h"
#include "phys.h"

G_BEGIN_DECLS

/**
 * ImpGoalContext:
 * @frame: the playhead's frame
 * @event: the event the playhead has stepped into (index in @frame's events), or -1
 * @has_prediction: whether the learner has submitted a number
 * @prediction: the number
 *
 * What the learner has done, as far as goals care.
 */
typedef struct
{
  gint64 frame;
  int event;
  gboolean has_prediction;
  double prediction;
} ImpGoalContext;

/**
 * ImpGoalSolution:
 * @has_edit: apply @edit at state @edit_frame first
 * @edit_frame: where
 * @edit: the edit
 * @frame: then put the playhead on this frame (-1: leave it)
 * @event: and step into this event of it (-1: its start)
 * @has_prediction: then submit @prediction
 * @prediction: the number
 *
 * What "show me" does to reach a goal.
 */
typedef struct
{
  gboolean has_edit;
  gint64 edit_frame;
  PhysEdit edit;
  gint64 frame;
  int event;
  gboolean has_prediction;
  double prediction;
} ImpGoalSolution;

PhysEdit imp_lesson_modes_edit (const ImpLessonModes *modes, const PhysWorld *world);
gboolean imp_lesson_goal_solve (ImpFrames *frames, const ImpLessonGoal *goal,
                                const ImpGoalContext *context, ImpGoalSolution *solution,
                                char **why_not);

gboolean imp_lesson_measure (ImpFrames *frames, const ImpLessonGoal *goal, double *value,
                             char **why_not);
gboolean imp_lesson_goal_reached (ImpFrames *frames, const ImpLessonGoal *goal,
                                  const ImpGoalContext *context);
gint64 imp_lesson_goal_frames_needed (const ImpLessonGoal *goal);
/* How far "show me" looks ahead for an event goal that names no frame. */
#define IMP_LESSON_EVENT_SEARCH_FRAMES 2000
gint64 imp_lesson_goal_frames_to_solve (const ImpLessonGoal *goal, gint64 playhead);
gint64 imp_lesson_find_event (ImpFrames *frames, const ImpLessonGoal *goal, gint64 from,
                              int *event);

const char *imp_lesson_pair_verdict (const PhysWorld *world, const PhysPairRecord *record);

G_END_DECLS
