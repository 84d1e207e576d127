/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson.h: lesson files (docs/lesson-format.md): a scene and the steps of
 * a guided walk through it. Each step has text, an entry action that sets up
 * the debugger, and optionally a goal the learner must reach.
 *
 * Errors read "FILE:LINE:COLUMN: error: WHAT WAS EXPECTED", as in scene files;
 * a mistake inside the scene is reported by the scene loader (%IMP_FORMAT_ERROR)
 * at its place in the file that holds it. Goals are checked against a
 * recording by imp-lesson-goal.h; the player is ui/imp-lesson-player.h.
 */
#pragma once

#include <gio/gio.h>

#include "imp-format-error.h"
#include "imp-json-positions.h"
#include "imp-overlays.h"
#include "imp-scene.h"
#include "imp-teaching-modes.h"
#include "phys.h"

G_BEGIN_DECLS

/* The format version this loader reads, the value of the "impulse-lesson" key. */
#define IMP_LESSON_FORMAT_VERSION 1

/* Where the shipped lessons live in the GResource. */
#define IMP_LESSON_RESOURCE_PATH "/org/impulselab/Impulse/lessons/"

/* The latest frame a lesson may name. */
#define IMP_LESSON_MAX_FRAME G_GINT64_CONSTANT (100000)

/**
 * ImpGoalKind:
 * @IMP_GOAL_NONE: the step has no goal: Next is always open
 * @IMP_GOAL_FRAME: put the playhead on a frame
 * @IMP_GOAL_EVENT: step into an event (of a kind, a pair, a frame)
 * @IMP_GOAL_VERDICT: edit the scene until a pair's test at a frame gives a verdict
 * @IMP_GOAL_PREDICT: type a number within a tolerance of what the physics computes
 * @IMP_GOAL_MODE: switch teaching modes or the integrator, then watch up to a frame
 *
 * What a step asks of the learner.
 */
typedef enum
{
  IMP_GOAL_NONE = 0,
  IMP_GOAL_FRAME,
  IMP_GOAL_EVENT,
  IMP_GOAL_VERDICT,
  IMP_GOAL_PREDICT,
  IMP_GOAL_MODE,
} ImpGoalKind;

const char *imp_goal_kind_name (ImpGoalKind kind);


/**
 * ImpLessonModes:
 * @mode_mask: which teaching modes are named (ImpLessonModeBit); 0: none
 * @modes: their values (the others are ignored)
 * @has_integrator: whether @integrator is named
 * @integrator: the world's integrator
 * @substeps: the world's integrator steps per frame; 0: not named
 *
 * A change of teaching modes and integrator. Only what is named changes.
 */
typedef struct
{
  guint32 mode_mask;
  PhysModes modes;
  gboolean has_integrator;
  PhysIntegrator integrator;
  int substeps;
} ImpLessonModes;

/* Whether change names anything at all. */
gboolean imp_lesson_modes_named (const ImpLessonModes *change);
/* Applies the named modes, integrator and substeps over those of def. */
void imp_lesson_modes_apply (const ImpLessonModes *change, PhysWorldDef *def);
/* Whether def already has what change names. */
gboolean imp_lesson_modes_hold (const ImpLessonModes *change, const PhysWorldDef *def);

/**
 * ImpLessonAction:
 * @has_frame: put the playhead on @frame
 * @frame: the frame
 * @event: step into the event of that index of @frame (-1: stay at its start)
 * @has_select: the step says what is selected (an empty list: nothing)
 * @n_select: bodies to select, 0 to 2 (two make a pair)
 * @select: their names
 * @has_overlays: set the overlays shown to @overlays
 * @overlays: the overlays the step's "overlays" names
 * @zoom: 0 to leave the view; > 0 to fit the scene and zoom by this factor
 *   around the selection (1: fit)
 * @modes: teaching modes and integrator to switch (applied at frame 0)
 *
 * What entering a step does, in this order: modes, frame, event, selection,
 * overlays, zoom.
 */
typedef struct
{
  gboolean has_frame;
  gint64 frame;
  int event;
  gboolean has_select;
  int n_select;
  char *select[2];
  gboolean has_overlays;
  ImpOverlays overlays;
  double zoom;
  ImpLessonModes modes;
} ImpLessonAction;

/**
 * ImpLessonGoal:
 * @kind: what is asked
 * @frame: FRAME, VERDICT, PREDICT: the frame; EVENT: the frame or -1 for any;
 *   MODE: the frame to watch up to, or -1
 * @event_kinds: EVENT: (1 << PhysEventKind) bits, 0 for any
 * @n_bodies: EVENT: 0 or 2 bodies; VERDICT: 2; PREDICT: 1 or 2
 * @bodies: their names
 * @verdict: VERDICT: a PhysVerdict name for two circles or a circle and a
 *   segment, a PhysProbeVerdict name for a probe and a segment
 * @quantity: PREDICT: what to predict (imp-lesson-vocabulary.h)
 * @tolerance: PREDICT: how far from the value a prediction may be
 * @has_expect: PREDICT: whether @expect is given
 * @expect: PREDICT: the number the step's text and hint lead a learner to (on
 *   the lesson's path it is within @tolerance of the value; `impulse check` checks)
 * @modes: MODE: what the world must be switched to
 * @has_show_edit: VERDICT: "show me" applies @show_edit at @frame
 * @show_edit: the edit
 * @hint: what to try, shown on request
 * @location: where the goal's object starts in the file
 *
 * A goal, checked live against the recording and the selection.
 */
typedef struct
{
  ImpGoalKind kind;
  gint64 frame;
  guint32 event_kinds;
  int n_bodies;
  char *bodies[2];
  char *verdict;
  char *quantity;
  double tolerance;
  gboolean has_expect;
  double expect;
  ImpLessonModes modes;
  gboolean has_show_edit;
  PhysEdit show_edit;
  char *hint;
  ImpJsonLocation location;
} ImpLessonGoal;

/**
 * ImpLessonStep:
 * @title: (nullable): a few words
 * @text: the step's text in lesson markup (imp-lesson-markup.h)
 * @action: what entering the step does
 * @goal: what it asks; kind %IMP_GOAL_NONE for none
 * @location: where the step's object starts in the file
 */
typedef struct
{
  char *title;
  char *text;
  ImpLessonAction action;
  ImpLessonGoal goal;
  ImpJsonLocation location;
} ImpLessonStep;

/**
 * ImpLesson:
 * @file: the name errors give as FILE
 * @id: the lesson's stable name (progress is kept under it)
 * @title: its title
 * @summary: one or two sentences for the lesson list
 * @topic: what it teaches, a name from imp-lesson-vocabulary.h
 * @scene_path: (nullable): the "scene" file name as written; %NULL when inline
 * @scene_text: (nullable): the inline scene object's text
 * @base_dir: (nullable): what @scene_path is relative to
 * @world: (transfer full): the scene's initial state, before @edits
 * @edits: (element-type ImpSessionFileEdit): edits of the session format, all
 *   at frame 0, that set the scene up before the lesson starts (see
 *   imp_lesson_new_timeline()); often none
 * @steps: (element-type ImpLessonStep): the steps, at least one
 */
typedef struct
{
  char *file;
  char *id;
  char *title;
  char *summary;
  char *topic;
  char *scene_path;
  char *scene_text;
  char *base_dir;
  PhysWorld *world;
  GArray *edits;
  GArray *steps;
} ImpLesson;

void imp_lesson_goal_init (ImpLessonGoal *goal);
gboolean imp_lesson_pair_is_rigid (PhysBodyRef a, PhysBodyRef b);
void imp_lesson_goal_clear (ImpLessonGoal *goal);
void imp_lesson_goal_copy (ImpLessonGoal *dest, const ImpLessonGoal *src);
void imp_lesson_step_clear (ImpLessonStep *step);

ImpLesson *imp_lesson_load (const char *path, GError **error);
ImpLesson *imp_lesson_load_data (const char *data, gssize length, const char *display_name,
                                 const char *base_dir, GError **error);
void imp_lesson_free (ImpLesson *lesson);
gboolean imp_lesson_sniff_data (const char *data, gsize length);
gboolean imp_lesson_sniff (const char *path);
guint imp_lesson_n_steps (const ImpLesson *lesson);
PhysTimeline *imp_lesson_new_timeline (const ImpLesson *lesson);
const ImpLessonStep *imp_lesson_get_step (const ImpLesson *lesson, guint i);

char **imp_lesson_list_shipped (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpLesson, imp_lesson_free)

G_END_DECLS
