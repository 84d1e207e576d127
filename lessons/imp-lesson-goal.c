/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-goal.c: checking lesson goals and measuring quantities; see the header. */
#include "imp-lesson-goal.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imp-lesson-vocabulary.h"

/* The bodies a goal names, as they are numbered in world (edits renumber). */
static gboolean
resolve (const PhysWorld *world, const ImpLessonGoal *goal, PhysBodyRef *refs)
{
  for (int i = 0; i < goal->n_bodies; i++)
    if (!phys_world_find (world, goal->bodies[i], &refs[i]))
      return FALSE;
  return TRUE;
}

static gboolean
why (char **why_not, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
why (char **why_not, const char *format, ...)
{
  va_list args;

  if (why_not != NULL)
    {
      va_start (args, format);
      *why_not = g_strdup_vprintf (format, args);
      va_end (args);
    }
  return FALSE;
}

/**
 * imp_lesson_goal_frames_needed:
 * @goal: a goal
 *
 * Returns: how many frames must be recorded before the goal can be checked or
 *   measured (its frame and the frame's events), 0 when it names no frame
 */
gint64
imp_lesson_goal_frames_needed (const ImpLessonGoal *goal)
{
  return goal->frame >= 0 ? goal->frame + 1 : 0;
}

/**
 * imp_lesson_goal_frames_to_solve:
 * @goal: a goal
 * @playhead: where the learner is
 *
 * Returns: how many frames "show me" records before it looks for the way to
 *   @goal: those it needs, and for an event goal that names no frame
 *   %IMP_LESSON_EVENT_SEARCH_FRAMES past @playhead to look through
 */
gint64
imp_lesson_goal_frames_to_solve (const ImpLessonGoal *goal, gint64 playhead)
{
  gint64 needed = imp_lesson_goal_frames_needed (goal);
  if (goal->kind == IMP_GOAL_EVENT && goal->frame < 0)
    needed = MAX (needed, playhead + IMP_LESSON_EVENT_SEARCH_FRAMES);
  return needed;
}

/* Whether an event is between the two bodies of refs, in either order; *swapped says
 * whether refs[0] is the event's second body. */
static gboolean
event_names_pair (const PhysEventBrief *e, const PhysBodyRef *refs, gboolean *swapped)
{
  PhysBodyRef a = { phys_event_a_kind (e->kind), e->a }, b = { e->b_kind, e->b };
  gboolean same = refs[0].kind == a.kind && refs[0].index == a.index && refs[1].kind == b.kind
                  && refs[1].index == b.index;
  gboolean reversed = refs[0].kind == b.kind && refs[0].index == b.index
                      && refs[1].kind == a.kind && refs[1].index == a.index;
  if (swapped != NULL)
    *swapped = !same && reversed;
  return same || reversed;
}

/* Whether event i of frame k is the one an event goal asks for. */
static gboolean
event_matches (ImpFrames *frames, const ImpLessonGoal *goal, gint64 k, int i)
{
  if (i < 0 || i >= imp_frames_event_count (frames, k))
    return FALSE;
  if (goal->frame >= 0 && k != goal->frame)
    return FALSE;
  PhysEventBrief e = imp_frames_event_brief (frames, k, i);
  if (goal->event_kinds != 0 && (goal->event_kinds & (1u << e.kind)) == 0)
    return FALSE;
  if (goal->n_bodies == 2)
    {
      PhysBodyRef refs[2];
      g_autoptr (PhysWorld) world = imp_frames_dup_state (frames, k);
      if (world == NULL || !resolve (world, goal, refs))
        return FALSE;
      return event_names_pair (&e, refs, NULL);
    }
  return TRUE;
}

/**
 * imp_lesson_find_event:
 * @frames: the recording
 * @goal: an event goal
 * @from: the first frame to look at
 * @event: (out): the event's index in its frame
 *
 * The first recorded event at or after @from that @goal accepts (for "show me").
 *
 * Returns: its frame, or -1 when the recording has none
 */
gint64
imp_lesson_find_event (ImpFrames *frames, const ImpLessonGoal *goal, gint64 from, int *event)
{
  gint64 length = imp_frames_length (frames);

  if (goal->frame >= 0)
    from = goal->frame;
  for (gint64 k = MAX (from, 0); k < length; k++)
    {
      for (int i = 0; i < imp_frames_event_count (frames, k); i++)
        if (event_matches (frames, goal, k, i))
          {
            *event = i;
            return k;
          }
      if (goal->frame >= 0)
        break;
    }
  return -1;
}

/* A value of a rigid pair's tests at the frame's start: the static separating
 * axis test (its axes, the first with a gap, the least overlap, the contact
 * point and normal), the closest point on a curve, the time of the first touch.
 * Axes are counted from 1 in the order the test tries them, as the card lists them. */
static double
rigid_pair_value (const char *q, const PhysRigidPairRecord *r, gboolean *ok)
{
  const PhysSatRecord *sat = &r->tests.sat;
  gboolean separated = sat->first_separating >= 0 && sat->first_separating < sat->axis_count;
  gboolean contact = sat->verdict != PHYS_CONTACT_SEPARATED && sat->manifold.point_count > 0;

  *ok = TRUE;
  if (strcmp (q, "axis") == 0 && separated)
    return sat->first_separating + 1;
  if (strcmp (q, "gap") == 0 && separated)
    return -sat->axes[sat->first_separating].overlap;
  if (strcmp (q, "overlap") == 0 && sat->axis_count > 0)
    return sat->overlap;
  if (strcmp (q, "best") == 0 && sat->axis_count > 0)
    return sat->best + 1;
  if (strcmp (q, "s") == 0 && r->tests.has_curve)
    return r->tests.curve.s;
  if (strcmp (q, "t") == 0 && r->hit)
    return r->t;
  if (r->tests.has_curve && strncmp (q, "point.", 6) == 0)
    return q[6] == 'x' ? r->tests.curve.point.x : r->tests.curve.point.y;
  if (contact && strncmp (q, "point.", 6) == 0)
    return q[6] == 'x' ? sat->manifold.points[0].point.x : sat->manifold.points[0].point.y;
  if (contact && strncmp (q, "normal.", 7) == 0)
    return q[7] == 'x' ? sat->normal.x : sat->normal.y;
  *ok = FALSE;
  return 0.0;
}

/* A value of the pair's test; *ok says whether the test has one. */
static double
pair_value (const char *q, const PhysPairRecord *r, gboolean *ok)
{
  gboolean has_t = FALSE;
  double t = 0.0;
  PhysVec2 point = { 0, 0 }, normal = { 0, 0 };

  *ok = TRUE;
  if (r->kind == PHYS_EVENT_CIRCLE_CIRCLE)
    {
      const PhysCircleCircleSweep *s = &r->circle_circle;
      if (strcmp (q, "a") == 0)
        return s->a;
      if (strcmp (q, "b") == 0)
        return s->b;
      if (strcmp (q, "c") == 0)
        return s->c;
      if (strcmp (q, "disc") == 0)
        return s->disc;
      has_t = s->has_t, t = s->t, point = s->point, normal = s->normal;
    }
  else if (r->kind == PHYS_EVENT_CIRCLE_SEGMENT)
    {
      const PhysCircleSegmentSweep *s = &r->circle_segment;
      if (strcmp (q, "proj_normal") == 0)
        return s->proj_normal;
      if (strcmp (q, "proj_along") == 0)
        return s->proj_along;
      has_t = s->has_t, t = s->t, point = s->point, normal = s->normal;
    }
  else if (r->kind == PHYS_EVENT_PROBE_SEGMENT)
    {
      const PhysProbeRecord *p = &r->probe;
      gboolean has_point = p->verdict != PHYS_PROBE_PARALLEL && p->verdict != PHYS_PROBE_STILL;
      if (has_point && strcmp (q, "toi") == 0)
        return p->time_to_impact;
      if (has_point && strcmp (q, "point.x") == 0)
        return p->point.x;
      if (has_point && strcmp (q, "point.y") == 0)
        return p->point.y;
    }
  else if (phys_event_is_rigid (r->kind))
    return rigid_pair_value (q, &r->rigid, ok);
  if (has_t && strcmp (q, "t") == 0)
    return t;
  if (has_t && strcmp (q, "point.x") == 0)
    return point.x;
  if (has_t && strcmp (q, "point.y") == 0)
    return point.y;
  if (has_t && strcmp (q, "normal.x") == 0)
    return normal.x;
  if (has_t && strcmp (q, "normal.y") == 0)
    return normal.y;
  *ok = FALSE;
  return 0.0;
}

/* v1'.x, v1'.y, v2'.x or v2'.y from the velocities after a response; *ok FALSE for
 * any other quantity. */
static double
velocity_after (const char *q, PhysVec2 v1, PhysVec2 v2, gboolean *ok)
{
  *ok = TRUE;
  if (strcmp (q, "v1'.x") == 0)
    return v1.x;
  if (strcmp (q, "v1'.y") == 0)
    return v1.y;
  if (strcmp (q, "v2'.x") == 0)
    return v2.x;
  if (strcmp (q, "v2'.y") == 0)
    return v2.y;
  *ok = FALSE;
  return 0.0;
}

/* A value of a rigid answer, its bodies in the goal's order (swapped: the goal
 * names the event's second body first). */
static double
rigid_response_value (const char *q, const PhysRigidAnswer *r, gboolean swapped, gboolean *ok)
{
  const PhysRigidState *first = swapped ? &r->b_after : &r->a_after;
  const PhysRigidState *second = swapped ? &r->a_after : &r->b_after;
  double jn = 0.0, jt = 0.0;

  for (int i = 0; i < r->point_count; i++)
    jn += r->points[i].jn, jt += r->points[i].jt;
  *ok = TRUE;
  if (strcmp (q, "j") == 0)
    return jn;
  if (strcmp (q, "jt") == 0)
    return jt;
  if (strcmp (q, "vn") == 0)
    return r->points[0].vn_before;
  if (strcmp (q, "omega1'") == 0)
    return first->angular_velocity;
  if (strcmp (q, "omega2'") == 0)
    return second->angular_velocity;
  return velocity_after (q, first->velocity, second->velocity, ok);
}

static double
response_value (const char *q, const PhysEvent *e, gboolean swapped, gboolean *ok)
{
  *ok = TRUE;
  if (phys_event_is_rigid (e->kind))
    return rigid_response_value (q, &e->rigid, swapped, ok);
  if (e->kind == PHYS_EVENT_CIRCLE_CIRCLE)
    {
      const PhysImpulse *im = &e->circle_circle.impulse;
      if (strcmp (q, "j") == 0)
        return im->j;
      if (strcmp (q, "vn") == 0)
        return im->vn;
      return velocity_after (q, im->v1_after, im->v2_after, ok);
    }
  else if (e->kind == PHYS_EVENT_CIRCLE_SEGMENT)
    {
      const PhysSegmentResponse *r = &e->circle_segment.response;
      if (strcmp (q, "j") == 0)
        return r->j;
      if (strcmp (q, "vn") == 0)
        return r->vn;
      if (strcmp (q, "v1'.x") == 0)
        return r->v_after.x;
      if (strcmp (q, "v1'.y") == 0)
        return r->v_after.y;
    }
  *ok = FALSE;
  return 0.0;
}

static gboolean
measure_world (ImpFrames *frames, const ImpLessonGoal *goal, const PhysWorld *world,
               double *value)
{
  const char *q = goal->quantity;

  if (strcmp (q, "energy") == 0)
    *value = imp_frames_summary (frames, goal->frame).energy.total;
  else if (strcmp (q, "events") == 0)
    *value = imp_frames_event_count (frames, goal->frame);
  else if (strcmp (q, "all-pairs") == 0)
    {
      double n = phys_world_circle_count (world);
      *value = n * (n - 1) / 2;
    }
  else
    *value = (double) phys_world_frame_grid_pairs (world);
  return TRUE;
}

static gboolean
measure_body (const ImpLessonGoal *goal, const PhysWorld *world, PhysBodyRef ref, double *value,
              char **why_not)
{
  const char *q = goal->quantity;
  PhysVec2 p, v;
  double angle = 0.0, omega = 0.0;

  if (ref.kind == PHYS_BODY_CIRCLE)
    {
      PhysCircle c = phys_world_get_circle (world, ref.index);
      p = c.position;
      v = c.velocity;
      angle = c.angle;
      omega = c.angular_velocity;
    }
  else if (ref.kind == PHYS_BODY_POLYGON)
    {
      PhysPolygonBody b = phys_world_get_polygon (world, ref.index);
      p = b.position;
      v = b.velocity;
      angle = b.angle;
      omega = b.angular_velocity;
    }
  else if (ref.kind == PHYS_BODY_PROBE
           && strcmp (q, "angle") != 0 && strcmp (q, "omega") != 0)
    {
      PhysProbe pr = phys_world_get_probe (world, ref.index);
      p = pr.position;
      v = pr.velocity;
    }
  else if (ref.kind == PHYS_BODY_PROBE)
    return why (why_not, _("\"%s\" is a probe, which does not turn"), goal->bodies[0]);
  else if (ref.kind == PHYS_BODY_CURVE)
    return why (why_not, _("\"%s\" is a curve, which does not move"), goal->bodies[0]);
  else
    return why (why_not, _("\"%s\" is a segment, which does not move"), goal->bodies[0]);
  *value = strcmp (q, "x") == 0       ? p.x
           : strcmp (q, "y") == 0     ? p.y
           : strcmp (q, "vx") == 0    ? v.x
           : strcmp (q, "vy") == 0    ? v.y
           : strcmp (q, "angle") == 0 ? angle
           : strcmp (q, "omega") == 0 ? omega
                                      : hypot (v.x, v.y);
  return TRUE;
}

/**
 * imp_lesson_measure:
 * @frames: the recording, at least imp_lesson_goal_frames_needed() frames long
 * @goal: a prediction goal
 * @value: (out): what the physics computed
 * @why_not: (out) (optional) (transfer full): why there is no value
 *
 * The quantity @goal asks for, as the recording has it now (after any edits).
 *
 * Returns: %FALSE when there is no such value (the frame is not recorded, the
 *   pair did not collide, the test has no time of impact)
 */
gboolean
imp_lesson_measure (ImpFrames *frames, const ImpLessonGoal *goal, double *value,
                    char **why_not)
{
  g_return_val_if_fail (goal->kind == IMP_GOAL_PREDICT, FALSE);

  const ImpQuantityInfo *info = imp_quantity_find (goal->quantity);
  if (imp_frames_length (frames) < imp_lesson_goal_frames_needed (goal))
    return why (why_not, _("frame %lld is not recorded yet"), (long long) goal->frame);

  g_autoptr (PhysWorld) world = imp_frames_dup_state (frames, goal->frame);
  PhysBodyRef refs[2];
  if (world == NULL || !resolve (world, goal, refs))
    return why (why_not, _("a body the goal names is not in the scene at frame %lld"),
                (long long) goal->frame);

  switch (info->scope)
    {
    case IMP_QUANTITY_WORLD:
      return measure_world (frames, goal, world, value);
    case IMP_QUANTITY_BODY:
      return measure_body (goal, world, refs[0], value, why_not);
    case IMP_QUANTITY_PAIR:
      {
        PhysPairRecord record;
        gboolean ok;
        if (phys_world_inspect_pair (world, refs[0], refs[1], &record) != PHYS_OK)
          return why (why_not, _("\"%s\" and \"%s\" are not a pair the physics tests"),
                      goal->bodies[0], goal->bodies[1]);
        *value = pair_value (goal->quantity, &record, &ok);
        return ok || why (why_not, _("the test of \"%s\" and \"%s\" has no %s at frame %lld"),
                          goal->bodies[0], goal->bodies[1], goal->quantity,
                          (long long) goal->frame);
      }
    case IMP_QUANTITY_RESPONSE:
    default:
      {
        ImpLessonGoal as_event = *goal;
        as_event.event_kinds = 0;
        gboolean ok = FALSE;
        for (int i = 0; i < imp_frames_event_count (frames, goal->frame) && !ok; i++)
          if (event_matches (frames, &as_event, goal->frame, i))
            {
              PhysEventLog log;
              phys_event_log_init (&log);
              if (imp_frames_frame_events (frames, goal->frame, &log) && (size_t) i < log.count)
                {
                  gboolean swapped = FALSE;
                  PhysEventBrief e = imp_frames_event_brief (frames, goal->frame, i);
                  event_names_pair (&e, refs, &swapped);
                  *value = response_value (goal->quantity, &log.events[i], swapped, &ok);
                }
              phys_event_log_free (&log);
              break;
            }
        return ok || why (why_not, _("\"%s\" and \"%s\" have no collision with a %s in frame %lld"),
                          goal->bodies[0], goal->bodies[1], goal->quantity,
                          (long long) goal->frame);
      }
    }
}

/* The static contact test's verdict of a rigid pair: the separating axes', or for a circle
 * and a curve the closest point's (the distance against the radius). */
static PhysContactVerdict
rigid_verdict (const PhysWorld *world, const PhysPairRecord *record)
{
  if (record->kind != PHYS_EVENT_CIRCLE_CURVE)
    return record->rigid.tests.sat.verdict;
  PhysCircle c = phys_world_get_circle (world, record->a.index);
  PhysCurve curve = phys_world_get_curve (world, record->b.index);
  return phys_bezier_circle_contact (&curve.curve, c.position, c.radius).verdict;
}

/**
 * imp_lesson_pair_verdict:
 * @world: a world at the start of a frame
 * @record: a pair's record in it (phys_world_inspect_pair())
 *
 * Returns: (transfer none): the verdict a verdict goal reads: the swept test's for circles,
 *   the probe's, or the static contact test's for a rigid pair
 */
const char *
imp_lesson_pair_verdict (const PhysWorld *world, const PhysPairRecord *record)
{
  return phys_event_is_rigid (record->kind)
             ? phys_contact_verdict_name (rigid_verdict (world, record))
         : record->kind == PHYS_EVENT_PROBE_SEGMENT
             ? phys_probe_verdict_name (record->probe.verdict)
         : record->kind == PHYS_EVENT_CIRCLE_CIRCLE
             ? phys_verdict_name (record->circle_circle.verdict)
             : phys_verdict_name (record->circle_segment.verdict);
}

static gboolean
verdict_reached (ImpFrames *frames, const ImpLessonGoal *goal)
{
  g_autoptr (PhysWorld) world = imp_frames_dup_state (frames, goal->frame);
  PhysBodyRef refs[2];
  PhysPairRecord record;

  if (world == NULL || !resolve (world, goal, refs)
      || phys_world_inspect_pair (world, refs[0], refs[1], &record) != PHYS_OK)
    return FALSE;
  return strcmp (imp_lesson_pair_verdict (world, &record), goal->verdict) == 0;
}

/**
 * imp_lesson_goal_reached:
 * @frames: the recording
 * @goal: a goal
 * @context: where the learner is and what they submitted
 *
 * Returns: whether @goal holds now; %TRUE for a step without a goal
 */
gboolean
imp_lesson_goal_reached (ImpFrames *frames, const ImpLessonGoal *goal,
                         const ImpGoalContext *context)
{
  if (imp_frames_length (frames) < imp_lesson_goal_frames_needed (goal))
    return goal->kind == IMP_GOAL_NONE;
  switch (goal->kind)
    {
    case IMP_GOAL_NONE:
      return TRUE;
    case IMP_GOAL_FRAME:
      return context->frame == goal->frame;
    case IMP_GOAL_EVENT:
      return context->event >= 0 && event_matches (frames, goal, context->frame, context->event);
    case IMP_GOAL_VERDICT:
      return verdict_reached (frames, goal);
    case IMP_GOAL_PREDICT:
      {
        double value;
        return context->has_prediction && isfinite (context->prediction)
               && imp_lesson_measure (frames, goal, &value, NULL)
               && fabs (context->prediction - value) <= goal->tolerance;
      }
    case IMP_GOAL_MODE:
      {
        if (context->frame < goal->frame)
          return FALSE;
        g_autoptr (PhysWorld) world = imp_frames_dup_state (frames, context->frame);
        if (world == NULL)
          return FALSE;
        const PhysWorldDef *def = phys_world_get_def (world);
        return imp_lesson_modes_hold (&goal->modes, def);
      }
    default:
      return FALSE;
    }
}

/**
 * imp_lesson_modes_edit:
 * @modes: what a lesson switches
 * @world: the world it switches them in
 *
 * Returns: a set-world edit that switches them and keeps the rest of @world's modes
 */
PhysEdit
imp_lesson_modes_edit (const ImpLessonModes *modes, const PhysWorld *world)
{
  PhysWorldDef def = *phys_world_get_def (world);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_WORLD, NULL);

  imp_lesson_modes_apply (modes, &def);
  edit.modes = def.modes;
  edit.integrator = def.integrator;
  edit.substeps = def.substeps;
  if (modes->mode_mask != 0)
    edit.fields |= PHYS_EDIT_MODES;
  if (modes->has_integrator)
    edit.fields |= PHYS_EDIT_INTEGRATOR;
  if (modes->substeps > 0)
    edit.fields |= PHYS_EDIT_SUBSTEPS;
  return edit;
}

/**
 * imp_lesson_goal_solve:
 * @frames: the recording, recorded at least imp_lesson_goal_frames_needed() frames
 * @goal: a goal
 * @context: where the learner is
 * @solution: (out caller-allocates): what "show me" does
 * @why_not: (out) (optional) (transfer full): why it cannot be shown
 *
 * Returns: %FALSE when the recording offers no way to the goal (no such event)
 */
gboolean
imp_lesson_goal_solve (ImpFrames *frames, const ImpLessonGoal *goal,
                       const ImpGoalContext *context, ImpGoalSolution *solution, char **why_not)
{
  memset (solution, 0, sizeof *solution);
  solution->frame = -1;
  solution->event = -1;
  if (imp_frames_length (frames) < imp_lesson_goal_frames_needed (goal))
    return why (why_not, _("frame %lld is not recorded yet"), (long long) goal->frame);
  switch (goal->kind)
    {
    case IMP_GOAL_NONE:
      return TRUE;
    case IMP_GOAL_FRAME:
      solution->frame = goal->frame;
      return TRUE;
    case IMP_GOAL_EVENT:
      {
        gint64 k = imp_lesson_find_event (frames, goal, 0, &solution->event);
        if (k < 0)
          return why (why_not, _("the recording has no such event"));
        solution->frame = k;
        return TRUE;
      }
    case IMP_GOAL_VERDICT:
      solution->has_edit = TRUE;
      solution->edit_frame = goal->frame;
      solution->edit = goal->show_edit;
      solution->frame = goal->frame;
      return TRUE;
    case IMP_GOAL_PREDICT:
      solution->has_prediction = imp_lesson_measure (frames, goal, &solution->prediction, why_not);
      return solution->has_prediction;
    case IMP_GOAL_MODE:
      {
        g_autoptr (PhysWorld) start = imp_frames_dup_state (frames, 0);
        if (start == NULL)
          return FALSE;
        solution->has_edit = TRUE;
        solution->edit_frame = 0;
        solution->edit = imp_lesson_modes_edit (&goal->modes, start);
        solution->frame = MAX (goal->frame, context->frame);
        return TRUE;
      }
    default:
      return FALSE;
    }
}
