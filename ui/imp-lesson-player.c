/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-player.c: playing a lesson over a session; see the header. */
#include "imp-lesson-player.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imp-conceal.h"
#include "imp-i18n.h"
#include "imp-lesson-goal.h"
#include "imp-lesson-setup.h"
#include "imp-lesson-vocabulary.h"

struct _ImpLessonPlayer
{
  GObject parent_instance;

  ImpSession *session;
  GSettings *settings; /* nullable: where progress is kept */
  ImpLesson *lesson;
  guint step;
  gboolean reached;         /* the step's goal was reached (it stays reached) */
  gboolean has_prediction;  /* the learner submitted a number for this step */
  double prediction;
  gboolean has_answer;      /* the predicted value, revealed once reached */
  double answer;
  ImpOverlays saved_overlays; /* the learner's overlays before the lesson (while one is open) */
  gboolean entering;        /* enter() is changing the session: do not check yet */
  GPtrArray *setups;        /* ImpLessonSetup of each step, made when first needed */
  char *differences;        /* how the learner's world differs from the step's, or NULL */
};

G_DEFINE_FINAL_TYPE (ImpLessonPlayer, imp_lesson_player, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LESSON_ID,
  PROP_STEP,
  PROP_REACHED,
  PROP_STATUS,
  PROP_DIFFERENCES,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_ZOOM,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

#define PROGRESS_KEY "lesson-progress"

/* Progress */

/**
 * imp_lesson_progress_get:
 * @settings: (nullable): the application's settings
 * @lesson_id: a lesson's id
 *
 * Returns: how many steps of the lesson the learner has completed (its step
 *   count when finished), 0 when never opened
 */
int
imp_lesson_progress_get (GSettings *settings, const char *lesson_id)
{
  if (settings == NULL)
    return 0;
  g_autoptr (GVariant) map = g_settings_get_value (settings, PROGRESS_KEY);
  int done = 0;
  if (!g_variant_lookup (map, lesson_id, "i", &done))
    return 0;
  return MAX (done, 0);
}

static void
save_progress (ImpLessonPlayer *self, int done)
{
  if (self->settings == NULL || self->lesson == NULL
      || imp_lesson_progress_get (self->settings, self->lesson->id) >= done)
    return;
  g_autoptr (GVariant) map = g_settings_get_value (self->settings, PROGRESS_KEY);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  int value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  g_variant_iter_init (&iter, map);
  while (g_variant_iter_next (&iter, "{&si}", &key, &value))
    if (g_strcmp0 (key, self->lesson->id) != 0)
      g_variant_builder_add (&builder, "{si}", key, value);
  g_variant_builder_add (&builder, "{si}", self->lesson->id, done);
  g_settings_set_value (self->settings, PROGRESS_KEY, g_variant_builder_end (&builder));
}

/* Goals */

/* How the views show the run: the player sets the overlays, takes the term
 * lit back and says what is kept back. */
static ImpViewOptions *
view_options (ImpLessonPlayer *self)
{
  return imp_session_get_view_options (self->session);
}

static const ImpLessonStep *
current_step (ImpLessonPlayer *self)
{
  return self->lesson != NULL ? imp_lesson_get_step (self->lesson, self->step) : NULL;
}

static ImpGoalContext
context_now (ImpLessonPlayer *self)
{
  const PhysStop *stop = imp_session_get_stop_info (self->session);
  gboolean inside = stop != NULL && stop->kind != PHYS_STOP_START && stop->kind != PHYS_STOP_END;
  ImpGoalContext context = {
    .frame = imp_session_get_frame (self->session),
    .event = inside ? imp_session_get_selected_event (self->session) : -1,
    .has_prediction = self->has_prediction,
    .prediction = self->prediction,
  };
  return context;
}

/* The learner's recording as the goals read it: a copy at each read, never
 * the worker's lock over a whole check (NULL before anything was loaded). */
static ImpFrames *
recording_frames (ImpLessonPlayer *self)
{
  return imp_recording_get_frames (imp_session_get_recording (self->session));
}

static void
keep (GArray *kept, ImpKeptBackKind kind, const char *a, const char *b, gint64 frame)
{
  ImpKeptBack k = { kind, "", "", frame };
  g_strlcpy (k.a, a != NULL ? a : "", sizeof k.a);
  g_strlcpy (k.b, b != NULL ? b : "", sizeof k.b);
  g_array_append_val (kept, k);
}

/* Hands the session what the predictions still ahead ask for (the open step's
 * until it is answered, and every later one's), for the views to hide. */
static void
keep_back (ImpLessonPlayer *self)
{
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (ImpKeptBack));

  for (guint i = self->step; self->lesson != NULL && i < imp_lesson_n_steps (self->lesson); i++)
    {
      const ImpLessonGoal *goal = &imp_lesson_get_step (self->lesson, i)->goal;
      if (goal->kind != IMP_GOAL_PREDICT || (i == self->step && self->reached))
        continue;
      switch (imp_quantity_find (goal->quantity)->scope)
        {
        case IMP_QUANTITY_PAIR:
          keep (kept, IMP_KEPT_PAIR, goal->bodies[0], goal->bodies[1], goal->frame);
          break;
        case IMP_QUANTITY_RESPONSE:
          /* The velocities after a response are the next state's. */
          keep (kept, IMP_KEPT_PAIR, goal->bodies[0], goal->bodies[1], goal->frame);
          keep (kept, IMP_KEPT_MOTION, goal->bodies[0], NULL, goal->frame + 1);
          keep (kept, IMP_KEPT_MOTION, goal->bodies[1], NULL, goal->frame + 1);
          break;
        case IMP_QUANTITY_BODY:
          keep (kept, IMP_KEPT_MOTION, goal->bodies[0], NULL, goal->frame);
          break;
        case IMP_QUANTITY_WORLD:
        default:
          keep (kept, IMP_KEPT_WORLD, NULL, NULL, goal->frame);
          break;
        }
    }
  imp_view_options_set_kept_back (view_options (self), kept);
}

static void
check_goal (ImpLessonPlayer *self)
{
  const ImpLessonStep *step = current_step (self);
  if (step == NULL || self->entering)
    return;
  if (!self->reached)
    {
      ImpGoalContext context = context_now (self);
      ImpFrames *frames = recording_frames (self);
      gboolean ok = frames != NULL && imp_lesson_goal_reached (frames, &step->goal, &context);
      if (ok && step->goal.kind == IMP_GOAL_PREDICT)
        self->has_answer = imp_lesson_measure (frames, &step->goal, &self->answer, NULL);
      if (ok)
        {
          self->reached = TRUE;
          keep_back (self);
          save_progress (self, (int) self->step + 1);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REACHED]);
        }
    }
  /* The status follows the session even when reached (a verdict says what it is now). */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

/* Steps */

static void
select_named (ImpLessonPlayer *self, const ImpLessonAction *action)
{
  PhysBodyRef none = { .kind = (PhysBodyKind) -1, .index = -1 };
  PhysBodyRef refs[2];
  int n = 0;

  g_autoptr (PhysWorld) world = imp_recording_seek (imp_session_get_recording (self->session),
                                                    imp_session_get_frame (self->session));
  for (int i = 0; world != NULL && i < action->n_select; i++)
    if (phys_world_find (world, action->select[i], &refs[n]))
      n++;
  imp_session_select_body (self->session, none, FALSE);
  for (int i = 0; i < n; i++)
    imp_session_select_body (self->session, refs[i], i > 0);
}

/* Marks a step whose setup was tried and failed (not tried again). */
static ImpLessonSetup no_setup;

static void
free_setup (gpointer setup)
{
  if (setup != &no_setup)
    imp_lesson_setup_free (setup);
}

/* The world the open step needs (the lesson's path up to it), or NULL for a
 * lesson that `impulse check` refuses. */
static ImpLessonSetup *
step_setup (ImpLessonPlayer *self)
{
  if (self->setups->len != imp_lesson_n_steps (self->lesson))
    g_ptr_array_set_size (self->setups, (int) imp_lesson_n_steps (self->lesson));
  ImpLessonSetup *setup = g_ptr_array_index (self->setups, self->step);
  if (setup == NULL)
    {
      g_autoptr (GError) error = NULL;
      setup = imp_lesson_setup_new (self->lesson, self->step, &error);
      if (setup == NULL)
        {
          g_message ("%s", error->message);
          setup = &no_setup;
        }
      g_ptr_array_index (self->setups, self->step) = setup;
    }
  return setup != &no_setup ? setup : NULL;
}

/* How the learner's recording differs from the world the step needs (NULL: it does not);
 * as_switched: after entering, the settings the goal asks to switch are the learner's. */
static char *
differences_now (ImpLessonPlayer *self, gboolean as_switched, gboolean *settings)
{
  ImpLessonSetup *setup = step_setup (self);
  *settings = FALSE;
  if (setup == NULL)
    return NULL;
  imp_session_record_to (self->session, setup->horizon + 1);
  ImpFrames *frames = recording_frames (self);
  return frames != NULL ? imp_lesson_setup_differences (setup, frames, as_switched, settings)
                        : NULL;
}

static void
set_differences (ImpLessonPlayer *self, char *differences)
{
  if (g_strcmp0 (differences, self->differences) == 0)
    {
      g_free (differences);
      return;
    }
  g_free (self->differences);
  self->differences = differences;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIFFERENCES]);
}

/* Makes the session's recording the world the step needs: back to the scene
 * (every edit undone; they stay redoable until the next edit) and the path's
 * edits again, each at its frame. The playhead stays where it was. */
static void
set_up (ImpLessonPlayer *self)
{
  ImpLessonSetup *setup = step_setup (self);
  if (setup == NULL)
    return;
  gboolean was_entering = self->entering;
  gint64 frame = imp_session_get_frame (self->session);
  gint64 world_frame = imp_session_get_world_edit_frame (self->session);

  self->entering = TRUE;
  imp_session_set_playing (self->session, FALSE);
  imp_session_set_world_edit_frame (self->session, -1);
  while (imp_session_undo (self->session))
    ;
  for (int i = 0; i < phys_timeline_edit_count (setup->timeline); i++)
    {
      int64_t k;
      PhysEdit edit = phys_timeline_get_edit (setup->timeline, i, &k);
      imp_session_record_to (self->session, k + 1);
      imp_session_set_frame (self->session, k);
      if (imp_session_edit (self->session, &edit) != PHYS_OK)
        g_warning ("a lesson's own edit does not apply at frame %" G_GINT64_FORMAT, (gint64) k);
    }
  imp_session_set_world_edit_frame (self->session, world_frame);
  imp_session_record_to (self->session, MAX (frame, setup->horizon) + 1);
  imp_session_set_frame (self->session, frame);
  self->entering = was_entering;
  set_differences (self, NULL);
}

/* After the learner's edit, undo or redo: whether the step's world still holds. */
static void
follow_edits (ImpLessonPlayer *self)
{
  gboolean settings;
  if (self->lesson == NULL || self->entering)
    return;
  set_differences (self, differences_now (self, TRUE, &settings));
}

/* Applies a step's modes at frame 0 unless the world already has them. */
static void
switch_modes (ImpLessonPlayer *self, const ImpLessonModes *modes)
{
  if (!imp_lesson_modes_named (modes))
    return;
  g_autoptr (PhysWorld) world = imp_recording_seek (imp_session_get_recording (self->session), 0);
  gboolean needed = world != NULL && !imp_lesson_modes_hold (modes, phys_world_get_def (world));
  PhysEdit edit;
  if (needed)
    edit = imp_lesson_modes_edit (modes, world);
  if (needed)
    imp_session_edit (self->session, &edit);
}

/* Entering a step: the world's settings (which the lesson switches itself) are
 * put as the step needs them; other differences (the learner's own edits) are
 * kept and said, for the panel's "Set it up". */
static void
establish (ImpLessonPlayer *self)
{
  gboolean settings;
  if (step_setup (self) == NULL)
    {
      /* A lesson `impulse check` refuses has no path to compare with: its
       * step's own modes at least. */
      switch_modes (self, &current_step (self)->action.modes);
      return;
    }
  char *differences = differences_now (self, FALSE, &settings);
  if (differences != NULL && settings)
    {
      g_free (differences);
      set_up (self);
      differences = differences_now (self, FALSE, &settings);
    }
  set_differences (self, differences);
}

static void
put_playhead (ImpLessonPlayer *self, gint64 frame, int event)
{
  imp_session_record_to (self->session, frame + 2);
  if (event >= 0)
    imp_session_go_to_event (self->session, frame, event);
  else
    imp_session_set_frame (self->session, frame);
}

static void
enter (ImpLessonPlayer *self, guint index)
{
  self->step = index;
  self->reached = FALSE;
  self->has_prediction = FALSE;
  self->has_answer = FALSE;
  self->entering = TRUE;

  const ImpLessonStep *step = current_step (self);
  const ImpLessonAction *action = &step->action;
  imp_session_set_playing (self->session, FALSE);
  establish (self);
  if (action->has_frame)
    put_playhead (self, action->frame, action->event);
  imp_session_record_to (self->session, imp_lesson_goal_frames_needed (&step->goal) + 1);
  if (action->has_select)
    select_named (self, action);
  /* A selection replaces the event as what the inspector shows: the step's event wins. */
  if (action->has_frame && action->event >= 0)
    imp_session_set_selected_event (self->session, action->event);
  if (action->has_overlays)
    imp_view_options_set_overlays (view_options (self), action->overlays);
  imp_view_options_set_highlight_term (view_options (self), NULL);
  keep_back (self);
  if (action->zoom > 0)
    g_signal_emit (self, signals[SIGNAL_ZOOM], 0, action->zoom);

  self->entering = FALSE;
  save_progress (self, (int) index);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REACHED]);
  check_goal (self);
}

/* Public API */

/**
 * imp_lesson_player_new:
 * @session: the session the lesson drives
 * @settings: (nullable): where progress is kept (the "lesson-progress" key)
 *
 * Returns: (transfer full): a player with no lesson open
 */
ImpLessonPlayer *
imp_lesson_player_new (ImpSession *session, GSettings *settings)
{
  ImpLessonPlayer *self = g_object_new (IMP_TYPE_LESSON_PLAYER, NULL);

  self->session = g_object_ref (session);
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  static const char *const watched[]
      = { "frame", "stop", "selected-event", "length", "can-undo", "can-redo", NULL };
  imp_connect_notifies (session, watched, G_CALLBACK (check_goal), self);
  static const char *const edits[] = { "can-undo", "can-redo", NULL };
  imp_connect_notifies (session, edits, G_CALLBACK (follow_edits), self);
  return self;
}

/**
 * imp_lesson_player_open:
 * @self: a player
 * @path: a lesson file or "resource://" URI
 * @error: where a load error goes (FILE:LINE:COLUMN: error: ...)
 *
 * Loads the lesson, starts a recording of its scene and enters the step the
 * learner got to last time (the first for a new or finished lesson).
 *
 * Returns: %FALSE with @error set when the lesson does not load; the session
 *   is then left as it was
 */
gboolean
imp_lesson_player_open (ImpLessonPlayer *self, const char *path, GError **error)
{
  ImpLesson *lesson = imp_lesson_load (path, error);
  if (lesson == NULL)
    return FALSE;
  imp_lesson_player_open_lesson (self, lesson, path);
  return TRUE;
}

/**
 * imp_lesson_player_open_lesson:
 * @self: a player
 * @lesson: (transfer full): a loaded lesson (a draft being tried, say)
 * @path: (nullable): the file it came from, for the window
 *
 * As imp_lesson_player_open(), for a lesson already loaded.
 */
void
imp_lesson_player_open_lesson (ImpLessonPlayer *self, ImpLesson *lesson, const char *path)
{
  if (self->lesson == NULL)
    self->saved_overlays = imp_view_options_get_overlays (view_options (self));
  g_clear_pointer (&self->lesson, imp_lesson_free);
  self->lesson = lesson;
  self->entering = TRUE;
  imp_session_load_world (self->session, lesson->world, lesson->title, path, lesson->base_dir,
                          lesson->scene_path, lesson->scene_text);
  /* The scene as the lesson sets it up, edits the learner's session keeps (and saves). */
  for (guint i = 0; i < lesson->edits->len; i++)
    if (imp_session_edit (self->session, &g_array_index (lesson->edits, ImpSessionFileEdit, i).edit)
        != PHYS_OK)
      g_warning ("a lesson's own edit %u does not apply at frame 0", i + 1);
  g_ptr_array_set_size (self->setups, 0);
  imp_session_set_world_edit_frame (self->session, 0);
  int done = imp_lesson_progress_get (self->settings, lesson->id);
  guint resume = done > 0 && (guint) done < imp_lesson_n_steps (lesson) ? (guint) done : 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LESSON_ID]);
  enter (self, resume);
}

/**
 * imp_lesson_player_close:
 * @self: a player
 *
 * Leaves the lesson: the session keeps its recording, the overlays the learner
 * had before the lesson come back, and nothing is concealed or highlighted.
 */
void
imp_lesson_player_close (ImpLessonPlayer *self)
{
  if (self->lesson == NULL)
    return;
  g_clear_pointer (&self->lesson, imp_lesson_free);
  g_ptr_array_set_size (self->setups, 0);
  set_differences (self, NULL);
  imp_session_set_world_edit_frame (self->session, -1);
  imp_view_options_set_kept_back (view_options (self), NULL);
  imp_view_options_set_highlight_term (view_options (self), NULL);
  imp_view_options_set_overlays (view_options (self), self->saved_overlays);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LESSON_ID]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

const ImpLesson *
imp_lesson_player_get_lesson (ImpLessonPlayer *self)
{
  return self->lesson;
}

guint
imp_lesson_player_get_step (ImpLessonPlayer *self)
{
  return self->step;
}

/**
 * imp_lesson_player_go:
 * @self: a player with a lesson
 * @step: a step index
 *
 * Enters @step: its "enter" action runs and its goal starts unmet.
 */
void
imp_lesson_player_go (ImpLessonPlayer *self, guint step)
{
  g_return_if_fail (self->lesson != NULL && step < imp_lesson_n_steps (self->lesson));
  enter (self, step);
}

/**
 * imp_lesson_player_next:
 * @self: a player with a lesson
 *
 * Goes to the next step once the goal is reached. On the last step it marks the
 * lesson finished and stays.
 *
 * Returns: %TRUE when it moved on (or finished)
 */
gboolean
imp_lesson_player_next (ImpLessonPlayer *self)
{
  if (self->lesson == NULL || !self->reached)
    return FALSE;
  if (self->step + 1 >= imp_lesson_n_steps (self->lesson))
    {
      save_progress (self, (int) imp_lesson_n_steps (self->lesson));
      return TRUE;
    }
  enter (self, self->step + 1);
  return TRUE;
}

gboolean
imp_lesson_player_back (ImpLessonPlayer *self)
{
  if (self->lesson == NULL || self->step == 0)
    return FALSE;
  enter (self, self->step - 1);
  return TRUE;
}

gboolean
imp_lesson_player_get_reached (ImpLessonPlayer *self)
{
  return self->reached;
}

/**
 * imp_lesson_player_submit:
 * @self: a player on a step with a prediction goal
 * @prediction: the learner's number
 *
 * Returns: whether it is within the goal's tolerance (the goal is then reached)
 */
gboolean
imp_lesson_player_submit (ImpLessonPlayer *self, double prediction)
{
  const ImpLessonStep *step = current_step (self);
  if (step == NULL || step->goal.kind != IMP_GOAL_PREDICT || !isfinite (prediction))
    return FALSE;
  self->has_prediction = TRUE;
  self->prediction = prediction;
  /* Measured now, not once the worker has recorded that far. */
  imp_session_record_to (self->session, imp_lesson_goal_frames_needed (&step->goal) + 1);
  check_goal (self);
  return self->reached;
}

/**
 * imp_lesson_player_get_answer:
 * @self: a player
 * @value: (out): the value the step asked to predict
 *
 * Returns: %FALSE until the prediction goal is reached (the value stays hidden)
 */
gboolean
imp_lesson_player_get_answer (ImpLessonPlayer *self, double *value)
{
  if (!self->reached || !self->has_answer)
    return FALSE;
  *value = self->answer;
  return TRUE;
}

/**
 * imp_lesson_player_get_differences:
 * @self: a player
 *
 * Kept as the learner enters the step and edits (the world's settings, which
 * the lesson switches itself, are put right on entering).
 *
 * Returns: (nullable): how the learner's world differs from the one the step
 *   needs (their own edits), in a sentence; %NULL when it does not
 */
const char *
imp_lesson_player_get_differences (ImpLessonPlayer *self)
{
  return self->differences;
}

/**
 * imp_lesson_player_set_up:
 * @self: a player with a lesson
 *
 * "Set it up": makes the recording the world the step needs (the lesson's
 * modes and the edits its earlier goals relied on, nothing else); the playhead
 * stays. The learner's edits stay redoable until their next edit.
 */
void
imp_lesson_player_set_up (ImpLessonPlayer *self)
{
  g_return_if_fail (self->lesson != NULL);
  set_up (self);
  check_goal (self);
}

/**
 * imp_lesson_player_show_me:
 * @self: a player with a lesson
 * @error: why it cannot be shown
 *
 * Does what the goal asks: moves the playhead, steps into the event, applies
 * the edit, switches the modes or types in the value.
 *
 * Returns: %TRUE when the goal is reached afterwards
 */
gboolean
imp_lesson_player_show_me (ImpLessonPlayer *self, GError **error)
{
  const ImpLessonStep *step = current_step (self);
  if (step == NULL)
    return FALSE;
  if (self->reached)
    return TRUE;

  /* From wherever the learner wandered, the way is the lesson's own. */
  gboolean settings;
  g_autofree char *differences = differences_now (self, TRUE, &settings);
  if (differences != NULL)
    set_up (self);

  ImpGoalContext context = context_now (self);
  ImpGoalSolution solution;
  imp_session_record_to (self->session,
                         imp_lesson_goal_frames_to_solve (&step->goal, context.frame) + 1);
  ImpFrames *frames = recording_frames (self);
  g_autofree char *why_not = NULL;
  if (frames == NULL
      || !imp_lesson_goal_solve (frames, &step->goal, &context, &solution, &why_not))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot show this goal: %s"),
                   why_not != NULL ? why_not : _("no recording"));
      return FALSE;
    }
  self->entering = TRUE;
  if (solution.has_edit)
    {
      imp_session_set_frame (self->session, solution.edit_frame);
      PhysStatus status = imp_session_edit (self->session, &solution.edit);
      if (status != PHYS_OK)
        {
          self->entering = FALSE;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The edit does not apply: %s"),
                       phys_status_name (status));
          return FALSE;
        }
    }
  if (solution.frame >= 0)
    put_playhead (self, solution.frame, solution.event);
  imp_session_record_to (self->session, imp_lesson_goal_frames_needed (&step->goal) + 1);
  self->entering = FALSE;
  if (solution.has_prediction)
    return imp_lesson_player_submit (self, solution.prediction);
  check_goal (self);
  return self->reached;
}

/* Status */

static char *
pair_words (const ImpLessonGoal *goal)
{
  return goal->n_bodies == 2 ? g_strdup_printf (_("%s and %s"), goal->bodies[0], goal->bodies[1])
                             : g_strdup (goal->n_bodies == 1 ? goal->bodies[0] : _("the world"));
}

static char *
modes_words (const ImpLessonModes *modes)
{
  GString *out = g_string_new (NULL);
  PhysModes named = modes->modes;

  if (modes->mode_mask & IMP_LESSON_MODE_DETECTION)
    g_string_append_printf (out, _("%s detection"),
                            imp_i18n_physics_name ("detection",
                                                   phys_detection_name (named.detection)));
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    {
      const ImpTeachingMode *mode = &imp_teaching_modes[i];
      if (modes->mode_mask & mode->bit)
        g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "",
                                _(*imp_teaching_mode_flag (&named, mode) ? mode->on : mode->off));
    }
  if (modes->has_integrator)
    {
      g_string_append (out, out->len > 0 ? ", " : "");
      g_string_append_printf (out, _("the %s integrator"),
                              imp_i18n_physics_name ("integrator",
                                                     phys_integrator_name (modes->integrator)));
    }
  if (modes->substeps > 0)
    {
      g_string_append (out, out->len > 0 ? ", " : "");
      g_string_append_printf (out,
                              ngettext ("%d substep per frame", "%d substeps per frame",
                                        (unsigned long) modes->substeps),
                              modes->substeps);
    }
  return g_string_free (out, FALSE);
}

/* What the pair's test says now, for a verdict goal's live status. */
static char *
verdict_now (ImpLessonPlayer *self, const ImpLessonGoal *goal)
{
  g_autoptr (PhysWorld) world
      = imp_recording_seek (imp_session_get_recording (self->session), goal->frame);
  PhysBodyRef a, b;
  PhysPairRecord record;
  char *name = NULL;

  if (world != NULL && phys_world_find (world, goal->bodies[0], &a)
      && phys_world_find (world, goal->bodies[1], &b)
      && phys_world_inspect_pair (world, a, b, &record) == PHYS_OK)
    name = g_strdup (imp_i18n_verdict_name (imp_lesson_pair_verdict (world, &record)));
  return name != NULL ? name : g_strdup (_("not recorded yet"));
}

/* Which way a wrong prediction is off (never by how much: that is the answer). */
static char *
off_words (ImpLessonPlayer *self, const ImpLessonGoal *goal)
{
  double value;
  ImpFrames *frames = recording_frames (self);
  if (frames == NULL || !imp_lesson_measure (frames, goal, &value, NULL))
    return g_strdup (_("not it"));
  if (fabs (value) > goal->tolerance && fabs (self->prediction) > goal->tolerance
      && (value < 0.0) != (self->prediction < 0.0))
    return g_strdup (_("of the wrong sign"));
  return g_strdup (self->prediction > value ? _("too high") : _("too low"));
}

/**
 * imp_lesson_player_dup_status:
 * @self: a player
 *
 * Returns: (transfer full) (nullable): one sentence on the step's goal: what it
 *   asks, or that it is reached (with the revealed value); %NULL without a goal
 */
char *
imp_lesson_player_dup_status (ImpLessonPlayer *self)
{
  const ImpLessonStep *step = current_step (self);
  if (step == NULL || step->goal.kind == IMP_GOAL_NONE)
    return NULL;
  const ImpLessonGoal *goal = &step->goal;
  g_autofree char *who = pair_words (goal);

  switch (goal->kind)
    {
    case IMP_GOAL_FRAME:
      return self->reached ? g_strdup_printf (_("Done: the playhead is on frame %lld."),
                                              (long long)goal->frame)
                           : g_strdup_printf (_("Go to frame %lld."), (long long)goal->frame);
    case IMP_GOAL_EVENT:
      {
        const char *kind = NULL;
        for (int k = 0; k <= PHYS_EVENT_EVENT_CAP && kind == NULL; k++)
          if (goal->event_kinds & (1u << k))
            kind = imp_i18n_physics_name ("event", phys_event_kind_name ((PhysEventKind) k));
        g_autofree char *where
            = goal->frame >= 0 ? g_strdup_printf (_(" in frame %lld"), (long long) goal->frame)
                               : g_strdup ("");
        g_autofree char *between
            = goal->n_bodies == 2 ? g_strdup_printf (_(" between %s"), who) : g_strdup ("");
        if (kind != NULL)
          /* Translators: "Step into the circle-circle event between c1 and c2 in frame 3." */
          return g_strdup_printf (self->reached ? _("Done: stepped into the %s event%s%s.")
                                                : _("Step into the %s event%s%s."),
                                  kind, between, where);
        return g_strdup_printf (self->reached ? _("Done: stepped into the event%s%s.")
                                              : _("Step into the event%s%s."),
                                between, where);
      }
    case IMP_GOAL_VERDICT:
      {
        g_autofree char *now = verdict_now (self, goal);
        return self->reached
                   ? g_strdup_printf (_("Done: the test of %s at frame %lld says \u201c%s\u201d."),
                                      who, (long long) goal->frame, now)
                   : g_strdup_printf (_("Edit the scene until the test of %s at frame %lld says "
                                        "\u201c%s\u201d (now: \u201c%s\u201d)."),
                                      who, (long long) goal->frame,
                                      imp_i18n_verdict_name (goal->verdict), now);
      }
    case IMP_GOAL_PREDICT:
      {
        double value;
        if (imp_lesson_player_get_answer (self, &value))
          return g_strdup_printf (_("Right: %s = %.6g (you said %.6g)."), goal->quantity, value,
                                  self->prediction);
        g_autofree char *ask
            = g_strdup_printf (_("Predict %s for %s at frame %lld, within %g."), goal->quantity,
                               who, (long long) goal->frame, goal->tolerance);
        if (self->has_prediction)
          {
            g_autofree char *off = off_words (self, goal);
            return g_strdup_printf (_("%.6g is %s (not within %g). %s"), self->prediction, off,
                                    goal->tolerance, ask);
          }
        return g_steal_pointer (&ask);
      }
    case IMP_GOAL_MODE:
      {
        g_autofree char *modes = modes_words (&goal->modes);
        g_autofree char *watch
            = goal->frame > 0
                  ? g_strdup_printf (_(" and watch up to frame %lld"), (long long) goal->frame)
                  : g_strdup ("");
        return self->reached ? g_strdup_printf (_("Done: switched to %s."), modes)
                             : g_strdup_printf (_("Switch to %s%s."), modes, watch);
      }
    case IMP_GOAL_NONE:
    default:
      return NULL;
    }
}

/* GObject */

static void
imp_lesson_player_dispose (GObject *object)
{
  ImpLessonPlayer *self = IMP_LESSON_PLAYER (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (imp_lesson_player_parent_class)->dispose (object);
}

static void
imp_lesson_player_finalize (GObject *object)
{
  ImpLessonPlayer *self = IMP_LESSON_PLAYER (object);

  imp_lesson_free (self->lesson);
  g_ptr_array_unref (self->setups);
  g_free (self->differences);
  G_OBJECT_CLASS (imp_lesson_player_parent_class)->finalize (object);
}

static void
imp_lesson_player_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ImpLessonPlayer *self = IMP_LESSON_PLAYER (object);

  switch (prop_id)
    {
    case PROP_LESSON_ID:
      g_value_set_string (value, self->lesson != NULL ? self->lesson->id : NULL);
      break;
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_REACHED:
      g_value_set_boolean (value, self->reached);
      break;
    case PROP_STATUS:
      g_value_take_string (value, imp_lesson_player_dup_status (self));
      break;
    case PROP_DIFFERENCES:
      g_value_set_string (value, self->differences);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_lesson_player_class_init (ImpLessonPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = imp_lesson_player_dispose;
  object_class->finalize = imp_lesson_player_finalize;
  object_class->get_property = imp_lesson_player_get_property;
  properties[PROP_LESSON_ID] = g_param_spec_string ("lesson-id", NULL, NULL, NULL, ro);
  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_REACHED] = g_param_spec_boolean ("reached", NULL, NULL, FALSE, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  properties[PROP_DIFFERENCES] = g_param_spec_string ("differences", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* A step asks the view to fit the scene and zoom by a factor around the selection. */
  signals[SIGNAL_ZOOM] = g_signal_new ("zoom", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                       NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);
}

static void
imp_lesson_player_init (ImpLessonPlayer *self)
{
  self->setups = g_ptr_array_new_with_free_func (free_setup);
}
