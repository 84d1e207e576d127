/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-setup.c: the lesson's own path and the world each step needs; see the header. */
#include "imp-lesson-setup.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imp-i18n.h"
#include "imp-scene.h"

static gboolean
walk_fail (GError **error, const ImpLesson *lesson, ImpJsonLocation at, guint step,
           const char *format, ...) G_GNUC_PRINTF (5, 6);

static gboolean
walk_fail (GError **error, const ImpLesson *lesson, ImpJsonLocation at, guint step,
           const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_autofree char *what = g_strdup_vprintf (format, args);
  va_end (args);
  g_autofree char *message = g_strdup_printf (_("step %u: %s"), step + 1, what);
  g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_RANGE, "%s:%d:%d: error: %s",
               lesson->file, at.line, at.column, message);
  return FALSE;
}

/* Records up to `frames` frames (states 0 to frames). Returns why not when the
 * recording diverged before (see PhysHalt), else NULL. */
static char *
record_to (PhysTimeline *timeline, gint64 frames)
{
  gint64 have = phys_timeline_length (timeline);

  if (have < frames)
    have += phys_timeline_record (timeline, frames - have);
  PhysHalt halt = phys_timeline_halt (timeline);
  if (have >= frames || halt.kind == PHYS_HALT_NONE)
    return NULL;
  return imp_scene_describe_halt (phys_timeline_seek (timeline, halt.frame), halt);
}

/* Records up to `frames` frames for step i, or fails at at with why it cannot. */
static gboolean
path_record (const ImpLesson *lesson, guint i, ImpJsonLocation at, PhysTimeline *timeline,
             gint64 frames, GError **error)
{
  g_autofree char *halted = record_to (timeline, frames);
  return halted == NULL || walk_fail (error, lesson, at, i, "%s", halted);
}

/* Enters step i on the path: its modes switched at frame 0, the playhead on its
 * frame and into its event. */
static gboolean
path_enter (const ImpLesson *lesson, guint i, PhysTimeline *timeline, ImpGoalContext *context,
            GError **error)
{
  const ImpLessonStep *step = imp_lesson_get_step (lesson, i);
  const ImpLessonAction *action = &step->action;

  if (imp_lesson_modes_named (&action->modes))
    {
      const PhysWorld *start = phys_timeline_seek (timeline, 0);
      if (!imp_lesson_modes_hold (&action->modes, phys_world_get_def (start)))
        {
          PhysEdit edit = imp_lesson_modes_edit (&action->modes, start);
          if (phys_timeline_edit (timeline, 0, &edit) != PHYS_OK)
            return walk_fail (error, lesson, step->location, i, _("its modes do not apply"));
        }
    }
  context->has_prediction = FALSE;
  if (action->has_frame)
    {
      if (!path_record (lesson, i, step->location, timeline, action->frame + 1, error))
        return FALSE;
      context->frame = action->frame;
      context->event = -1;
      if (action->event >= 0)
        {
          int n = phys_timeline_event_count (timeline, action->frame);
          if (action->event >= n)
            return walk_fail (error, lesson, step->location, i,
                              ngettext ("\"enter\" steps into event %d of frame %lld, which "
                                        "has %d event",
                                        "\"enter\" steps into event %d of frame %lld, which "
                                        "has %d events",
                                        n),
                              action->event, (long long) action->frame, n);
          context->event = action->event;
        }
    }
  return TRUE;
}

/* Records what step i's goal needs to be checked. */
static gboolean
path_record_goal (const ImpLesson *lesson, guint i, PhysTimeline *timeline,
                  const ImpGoalContext *context, GError **error)
{
  const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, i)->goal;
  return path_record (lesson, i, goal->location, timeline,
                      MAX (imp_lesson_goal_frames_needed (goal), context->frame + 1), error);
}

/* Does what "show me" does for step i's goal. */
static gboolean
path_show (const ImpLesson *lesson, guint i, PhysTimeline *timeline, ImpGoalContext *context,
           GError **error)
{
  const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, i)->goal;
  ImpGoalSolution solution;
  g_autofree char *why_not = NULL;

  if (!path_record (lesson, i, goal->location, timeline,
                    MAX (imp_lesson_goal_frames_to_solve (goal, context->frame),
                         context->frame + 1),
                    error))
    return FALSE;
  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
  if (!imp_lesson_goal_solve (frames, goal, context, &solution, &why_not))
    return walk_fail (error, lesson, goal->location, i,
                      _("\"show me\" cannot reach the %s goal: %s"),
                      imp_goal_kind_name (goal->kind), why_not);
  if (solution.has_edit)
    {
      PhysStatus status = phys_timeline_edit (timeline, solution.edit_frame, &solution.edit);
      if (status != PHYS_OK)
        return walk_fail (error, lesson, goal->location, i,
                          _("the \"show\" edit does not apply (%s)"), phys_status_name (status));
    }
  if (solution.frame >= 0)
    {
      if (!path_record (lesson, i, goal->location, timeline, solution.frame + 1, error))
        return FALSE;
      context->frame = solution.frame;
      context->event = solution.event;
    }
  context->has_prediction = solution.has_prediction;
  context->prediction = solution.prediction;
  return TRUE;
}

/**
 * imp_lesson_walk:
 * @lesson: a lesson
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * Plays the lesson headless, as a learner who presses "show me" at every step:
 * enters each step, checks that its goal is not already reached, performs the
 * goal and checks that it then is. This is what `impulse check` runs on a
 * lesson beyond loading it, so that a lesson whose goal cannot be reached (or
 * is reached for free) is refused with the goal's line and column.
 *
 * Returns: %TRUE when every goal is reachable and none is reached on entry
 */
gboolean
imp_lesson_walk (const ImpLesson *lesson, GError **error)
{
  PhysTimeline *timeline = imp_lesson_new_timeline (lesson);
  ImpFrames *frames = imp_frames_new_for_timeline (timeline);
  ImpGoalContext context = { 0, -1, FALSE, 0.0 };
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < imp_lesson_n_steps (lesson); i++)
    {
      const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, i)->goal;

      ok = path_enter (lesson, i, timeline, &context, error);
      if (!ok || goal->kind == IMP_GOAL_NONE)
        continue;
      if (!path_record_goal (lesson, i, timeline, &context, error))
        ok = FALSE;
      else if (imp_lesson_goal_reached (frames, goal, &context))
        ok = walk_fail (error, lesson, goal->location, i,
                        _("the %s goal is already reached when the step starts"),
                        imp_goal_kind_name (goal->kind));
      else if (!path_show (lesson, i, timeline, &context, error)
               || !path_record_goal (lesson, i, timeline, &context, error))
        ok = FALSE;
      else if (goal->kind == IMP_GOAL_PREDICT && goal->has_expect
               && fabs (goal->expect - context.prediction) > goal->tolerance)
        ok = walk_fail (error, lesson, goal->location, i,
                        _("the expected answer %.10g is not within %g of %.10g, the %s measured "
                          "on the lesson's path"),
                        goal->expect, goal->tolerance, context.prediction, goal->quantity);
      else if (!imp_lesson_goal_reached (frames, goal, &context))
        ok = walk_fail (error, lesson, goal->location, i,
                        _("the %s goal is not reached after \"show me\""),
                        imp_goal_kind_name (goal->kind));
    }
  imp_frames_free (frames);
  phys_timeline_free (timeline);
  return ok;
}

/* A lesson loaded, then walked: NULL with error set unless both pass. */
static ImpLesson *
checked (ImpLesson *lesson, GError **error)
{
  if (lesson != NULL && !imp_lesson_walk (lesson, error))
    g_clear_pointer (&lesson, imp_lesson_free);
  return lesson;
}

/**
 * imp_lesson_check:
 * @path: a lesson file or URI
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * What `impulse check` does with a lesson: loads it (imp_lesson_load()) and
 * plays it with "show me" at every step (imp_lesson_walk()).
 *
 * Returns: (transfer full) (nullable): the lesson when both pass
 */
ImpLesson *
imp_lesson_check (const char *path, GError **error)
{
  return checked (imp_lesson_load (path, error), error);
}

/**
 * imp_lesson_check_data:
 * @data: (array length=length): a lesson's JSON text
 * @length: its length, or -1 when NUL-terminated
 * @display_name: (nullable): FILE in error messages
 * @base_dir: (nullable): what a relative "scene" is relative to
 * @error: return location for an %IMP_FORMAT_ERROR
 *
 * imp_lesson_check() of a text not yet written to a file (a draft): the
 * same loader, the same walk, the same messages.
 *
 * Returns: (transfer full) (nullable): the lesson when both pass
 */
ImpLesson *
imp_lesson_check_data (const char *data, gssize length, const char *display_name,
                       const char *base_dir, GError **error)
{
  return checked (imp_lesson_load_data (data, length, display_name, base_dir, error), error);
}

/**
 * imp_lesson_setup_new:
 * @lesson: a lesson
 * @step: a step index
 * @error: return location for an %IMP_FORMAT_ERROR (a lesson `impulse check` refuses)
 *
 * Walks the lesson's path up to entering @step.
 *
 * Returns: (transfer full) (nullable): the world @step needs
 */
/* The lesson's path from its start through entering step, and its goal shown
 * too when show_step. */
static PhysTimeline *
walk_path (const ImpLesson *lesson, guint step, gboolean show_step, ImpGoalContext *context,
           GError **error)
{
  PhysTimeline *timeline = imp_lesson_new_timeline (lesson);

  *context = (ImpGoalContext){ 0, -1, FALSE, 0.0 };
  for (guint i = 0; i <= step; i++)
    if (!path_enter (lesson, i, timeline, context, error)
        || ((i < step || show_step) && imp_lesson_get_step (lesson, i)->goal.kind != IMP_GOAL_NONE
            && !path_show (lesson, i, timeline, context, error)))
      {
        phys_timeline_free (timeline);
        return NULL;
      }
  return timeline;
}

ImpLessonSetup *
imp_lesson_setup_new (const ImpLesson *lesson, guint step, GError **error)
{
  g_return_val_if_fail (step < imp_lesson_n_steps (lesson), NULL);
  ImpGoalContext context;
  PhysTimeline *timeline = walk_path (lesson, step, FALSE, &context, error);
  if (timeline == NULL)
    return NULL;

  const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, step)->goal;
  gint64 horizon = MAX (context.frame + 1, imp_lesson_goal_frames_needed (goal));
  if (goal->kind == IMP_GOAL_EVENT && goal->frame < 0)
    {
      int event;
      g_free (record_to (timeline, imp_lesson_goal_frames_to_solve (goal, context.frame)));
      g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
      gint64 k = imp_lesson_find_event (frames, goal, 0, &event);
      horizon = MAX (horizon, k + 1);
    }
  g_free (record_to (timeline, horizon));

  ImpLessonSetup *setup = g_new0 (ImpLessonSetup, 1);
  setup->timeline = timeline;
  setup->context = context;
  setup->horizon = horizon;
  setup->step = step;
  if (goal->kind == IMP_GOAL_MODE)
    setup->lesson = lesson;
  setup->edits_from = goal->kind == IMP_GOAL_VERDICT ? goal->frame : -1;
  return setup;
}

void
imp_lesson_setup_free (ImpLessonSetup *setup)
{
  if (setup == NULL)
    return;
  phys_timeline_free (setup->timeline);
  if (setup->variant != NULL)
    phys_timeline_free (setup->variant);
  g_free (setup);
}

static int
compare_frames (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

/* The states where two recordings of one scene can first part: frame 0 and
 * every edit's frame up to horizon (between them each is stepped alike). */
static GArray *
checkpoints (ImpFrames *a, ImpFrames *b, gint64 horizon)
{
  GArray *frames = g_array_new (FALSE, FALSE, sizeof (gint64));
  ImpFrames *both[] = { a, b };
  gint64 zero = 0;

  g_array_append_val (frames, zero);
  for (int t = 0; t < 2; t++)
    for (int i = 0; i < imp_frames_edit_count (both[t]); i++)
      {
        gint64 k = imp_frames_edit_frame (both[t], i);
        gboolean seen = FALSE;
        for (guint j = 0; j < frames->len && !seen; j++)
          seen = g_array_index (frames, gint64, j) == k;
        if (!seen && k <= horizon)
          {
            gint64 frame = k;
            g_array_append_val (frames, frame);
          }
      }
  g_array_sort (frames, compare_frames);
  return frames;
}

static void
add_difference (GString *out, int *n, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* Adds one "what differs" clause; past three, one "and more". */
static void
add_difference (GString *out, int *n, const char *format, ...)
{
  va_list args;

  if (++*n > 3)
    {
      if (*n == 4)
        g_string_append (out, _("; and more"));
      return;
    }
  if (*n > 1)
    g_string_append (out, "; ");
  va_start (args, format);
  g_string_append_vprintf (out, format, args);
  va_end (args);
}

static gboolean
same_vec (PhysVec2 a, PhysVec2 b)
{
  return a.x == b.x && a.y == b.y;
}

/* Says in out how the world def have differs from want's. */
static void
settings_differ (const PhysWorldDef *want, const PhysWorldDef *have, GString *out, int *n)
{
  PhysModes w = want->modes, h = have->modes;

  if (w.detection != h.detection)
    add_difference (out, n, _("detection is %s (this step needs %s)"),
                    imp_i18n_physics_name ("detection", phys_detection_name (h.detection)),
                    imp_i18n_physics_name ("detection", phys_detection_name (w.detection)));
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    {
      const ImpTeachingMode *mode = &imp_teaching_modes[i];
      bool on = *imp_teaching_mode_flag (&h, mode), needed = *imp_teaching_mode_flag (&w, mode);
      if (on != needed)
        add_difference (out, n,
                        on ? _("%s is on (this step needs it off)")
                           : _("%s is off (this step needs it on)"),
                        _(mode->name));
    }
  if (want->integrator != have->integrator)
    add_difference (out, n, _("the integrator is %s (this step needs %s)"),
                    imp_i18n_physics_name ("integrator", phys_integrator_name (have->integrator)),
                    imp_i18n_physics_name ("integrator", phys_integrator_name (want->integrator)));
  if (want->substeps != have->substeps)
    add_difference (out, n,
                    ngettext ("%d substep per frame (this step needs %d)",
                              "%d substeps per frame (this step needs %d)", have->substeps),
                    have->substeps, want->substeps);
  if (!same_vec (want->gravity, have->gravity) || want->rest_speed != have->rest_speed
      || want->sleep != have->sleep)
    add_difference (out, n, _("the world's gravity, rest speed or sleep differ"));
}

static gboolean
same_circle (const PhysCircle *a, const PhysCircle *b)
{
  return same_vec (a->position, b->position) && same_vec (a->velocity, b->velocity)
         && a->radius == b->radius && a->mass == b->mass && a->inv_mass == b->inv_mass
         && a->restitution == b->restitution && a->fixed == b->fixed
         && a->collides == b->collides && a->integrator == b->integrator
         && a->rest_frames == b->rest_frames && a->angle == b->angle
         && a->angular_velocity == b->angular_velocity && a->friction == b->friction;
}

/* Whether body i of want is as body j of have, both of kind. */
static gboolean
same_body (const PhysWorld *want, int i, const PhysWorld *have, int j, PhysBodyKind kind)
{
  switch (kind)
    {
    case PHYS_BODY_CIRCLE:
      {
        PhysCircle w = phys_world_get_circle (want, i), h = phys_world_get_circle (have, j);
        return same_circle (&w, &h);
      }
    case PHYS_BODY_SEGMENT:
      {
        PhysSegment w = phys_world_get_segment (want, i), h = phys_world_get_segment (have, j);
        return same_vec (w.a, h.a) && same_vec (w.b, h.b) && w.restitution == h.restitution
               && w.response == h.response && w.friction == h.friction;
      }
    case PHYS_BODY_POLYGON:
      {
        PhysPolygonBody w = phys_world_get_polygon (want, i), h = phys_world_get_polygon (have, j);
        return same_vec (w.position, h.position) && same_vec (w.velocity, h.velocity)
               && w.angle == h.angle && w.angular_velocity == h.angular_velocity
               && w.mass == h.mass && w.inertia == h.inertia && w.restitution == h.restitution
               && w.friction == h.friction && w.fixed == h.fixed
               && w.integrator == h.integrator && w.rest_frames == h.rest_frames
               && w.asleep_since == h.asleep_since && w.shape.count == h.shape.count
               && memcmp (w.shape.vertices, h.shape.vertices,
                          (size_t) w.shape.count * sizeof w.shape.vertices[0])
                      == 0;
      }
    case PHYS_BODY_CURVE:
      {
        PhysCurve w = phys_world_get_curve (want, i), h = phys_world_get_curve (have, j);
        return memcmp (&w.curve, &h.curve, sizeof w.curve) == 0
               && w.restitution == h.restitution && w.friction == h.friction;
      }
    default:
      {
        PhysProbe w = phys_world_get_probe (want, i), h = phys_world_get_probe (have, j);
        return same_vec (w.position, h.position) && same_vec (w.velocity, h.velocity);
      }
    }
}

/* Says in out which bodies of have differ from those of want. */
static void
bodies_differ (const PhysWorld *want, const PhysWorld *have, GString *out, int *n)
{
  static const PhysBodyKind kinds[] = { PHYS_BODY_CIRCLE, PHYS_BODY_SEGMENT, PHYS_BODY_PROBE,
                                        PHYS_BODY_POLYGON, PHYS_BODY_CURVE };
  int wanted = 0, had = 0;

  for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      int count = phys_world_body_count (want, kinds[k]);
      wanted += count;
      had += phys_world_body_count (have, kinds[k]);
      for (int i = 0; i < count; i++)
        {
          const char *name = phys_world_body_name (want, (PhysBodyRef) { kinds[k], i });
          PhysBodyRef ref;
          if (!phys_world_find (have, name, &ref) || ref.kind != kinds[k])
            add_difference (out, n, _("%s is missing"), name);
          else if (!same_body (want, i, have, ref.index, kinds[k]))
            add_difference (out, n, _("%s is not where or as this step needs it"), name);
        }
    }
  if (had > wanted)
    add_difference (out, n, _("a body was added"));
  /* Bodies can be renumbered (a removal) with nothing else changed: still the same world
   * for a learner, but not bit for bit, so the order counts too. */
  if (*n == 0 && phys_world_hash (want) != phys_world_hash (have))
    add_difference (out, n, _("the bodies are in another order"));
}

/* The path to compare the learner's recording with. A step whose goal switches
 * settings asks the learner to switch them: however the learner has them (as
 * asked, halfway, back again), that is not a difference to set right, so the
 * path is taken with the goal's settings as the learner's are at frame 0. */
static PhysTimeline *
path_as_switched (ImpLessonSetup *setup, ImpFrames *frames)
{
  if (setup->lesson == NULL)
    return setup->timeline;
  ImpLessonModes mine = imp_lesson_get_step (setup->lesson, setup->step)->goal.modes;
  g_autoptr (PhysWorld) start = imp_frames_dup_state (frames, 0);
  if (start == NULL)
    return setup->timeline;
  const PhysWorldDef *have = phys_world_get_def (start);
  mine.modes = have->modes;
  mine.integrator = have->integrator;
  if (mine.substeps > 0)
    mine.substeps = have->substeps;
  if (imp_lesson_modes_hold (&mine, phys_world_get_def (phys_timeline_seek (setup->timeline, 0))))
    return setup->timeline;
  if (setup->variant != NULL
      && imp_lesson_modes_hold (&mine,
                                phys_world_get_def (phys_timeline_seek (setup->variant, 0))))
    return setup->variant;
  if (setup->variant != NULL)
    phys_timeline_free (setup->variant);
  ImpGoalContext context;
  setup->variant = walk_path (setup->lesson, setup->step, FALSE, &context, NULL);
  if (setup->variant == NULL)
    return setup->timeline;
  PhysEdit edit = imp_lesson_modes_edit (&mine, phys_timeline_seek (setup->variant, 0));
  if (phys_timeline_edit (setup->variant, 0, &edit) != PHYS_OK)
    {
      phys_timeline_free (g_steal_pointer (&setup->variant));
      return setup->timeline;
    }
  g_free (record_to (setup->variant, setup->horizon));
  return setup->variant;
}

/**
 * imp_lesson_setup_differences:
 * @setup: the world a step needs
 * @frames: the learner's recording of the same lesson, recorded up to the
 *   horizon (@setup's horizon + 1 frames)
 * @as_switched: whether what the step's goal asks the learner to change (the
 *   settings a mode goal names, the edits of a verdict goal from its frame on) is
 *   the learner's own (after entering the step); on entering, it is not
 * @settings: (out) (optional): whether the world's settings differ (teaching
 *   modes, integrator, substeps), which the lesson switches itself
 *
 * Compares the learner's recording with the step's, state by state up to the
 * step's horizon.
 *
 * Returns: (transfer full) (nullable): %NULL when they are the same world up to
 *   the horizon; else one sentence on where and how they first differ
 */
char *
imp_lesson_setup_differences (ImpLessonSetup *setup, ImpFrames *frames, gboolean as_switched,
                              gboolean *settings)
{
  g_autoptr (GArray) checks = NULL;
  gboolean differ_settings = FALSE;
  char *result = NULL;

  PhysTimeline *path = as_switched ? path_as_switched (setup, frames) : setup->timeline;
  g_autoptr (ImpFrames) path_frames = imp_frames_new_for_timeline (path);
  checks = checkpoints (path_frames, frames, setup->horizon);
  for (guint i = 0; i < checks->len && result == NULL; i++)
    {
      gint64 k = g_array_index (checks, gint64, i);
      if (as_switched && setup->edits_from >= 0 && k >= setup->edits_from)
        break;
      g_autoptr (PhysWorld) want = imp_frames_dup_state (path_frames, k);
      g_autoptr (PhysWorld) have = imp_frames_dup_state (frames, k);
      if (want == NULL || have == NULL)
        break;
      GString *out = g_string_new (NULL);
      int n = 0;
      settings_differ (phys_world_get_def (want), phys_world_get_def (have), out, &n);
      differ_settings = n > 0;
      bodies_differ (want, have, out, &n);
      if (n > 0)
        result = g_strdup_printf (_("From frame %lld, %s."), (long long) k, out->str);
      g_string_free (out, TRUE);
    }
  if (settings != NULL)
    *settings = result != NULL && differ_settings;
  return result;
}
