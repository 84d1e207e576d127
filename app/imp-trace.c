/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-trace.c: the trace and inspect formats (docs/trace-format.md).
 *
 * Field names follow the physics records (phys-sweep.h, phys-response.h) so a
 * reader can go from a trace line to the code that computed it. Members are
 * always written in the same order, which keeps the output byte-identical for
 * the same command.
 */
#include "imp-trace.h"

#include "imp-json.h"
#include "imp-trace-rigid.h"

/* Digits for numbers in the text output: enough to follow, short enough to read. */
#define HUMAN_DIGITS 6

static const char *
body_name (const PhysWorld *world, PhysBodyKind kind, int index)
{
  PhysBodyRef ref = { kind, index };
  return phys_world_body_name (world, ref);
}



static void
write_vec2_if (ImpJson *json, const char *key, gboolean valid, PhysVec2 value)
{
  if (valid)
    imp_json_vec2 (json, key, value);
  else
    imp_json_null (json, key);
}

/* Writes {"a":..,"b":..} for a quantity of both bodies of a pair. */
static void
write_pair_of_vec2 (ImpJson *json, const char *key, PhysVec2 a, PhysVec2 b)
{
  imp_json_begin_object (json, key);
  imp_json_vec2 (json, "a", a);
  imp_json_vec2 (json, "b", b);
  imp_json_end_object (json);
}

/* Optional flags are written only when set, so ordinary events stay short. */
static void
write_flags (ImpJson *json, const PhysEvent *event)
{
  if (event->resting)
    imp_json_bool (json, "resting", TRUE);
  if (event->repeated)
    imp_json_bool (json, "repeated", TRUE);
  if (event->at_frame_end)
    imp_json_bool (json, "at_frame_end", TRUE);
  if (event->woke)
    imp_json_bool (json, "woke", TRUE);
  if (event->jammed)
    imp_json_bool (json, "jammed", TRUE);
  if (event->removed > 0.0)
    imp_json_double (json, "removed", event->removed);
  if (event->taken.x != 0.0 || event->taken.y != 0.0)
    imp_json_vec2 (json, "taken", event->taken);
  if (event->held_friction > 0.0)
    imp_json_double (json, "held_friction", event->held_friction);
  if (event->rolled)
    imp_json_double (json, "rolled_t", event->rolled_t);
}

/* What every event line starts with after its kind: the ids (under the names its
 * kind uses; none for the cap), the times and the flags. */
static void
write_event_head (ImpJson *json, const PhysEvent *event, const char *key_a, const char *id_a,
                  const char *key_b, const char *id_b)
{
  if (key_a != NULL)
    imp_json_string (json, key_a, id_a);
  if (key_b != NULL)
    imp_json_string (json, key_b, id_b);
  imp_json_double (json, "t", event->t);
  imp_json_double (json, "t0", event->t0);
  write_flags (json, event);
}

static void
write_quad (ImpJson *json, const PhysCircleCircleSweep *sweep)
{
  imp_json_begin_object (json, "quad");
  imp_json_double (json, "a", sweep->a);
  imp_json_double (json, "b", sweep->b);
  imp_json_double (json, "c", sweep->c);
  imp_json_double (json, "disc", sweep->disc);
  imp_json_end_object (json);

  if (sweep->has_roots)
    {
      imp_json_begin_array (json, "roots");
      imp_json_double (json, NULL, sweep->roots[0]);
      imp_json_double (json, NULL, sweep->roots[1]);
      imp_json_end_array (json);
    }
  else
    imp_json_null (json, "roots");
}

/* The whole circle-circle record, in the order of PhysCircleCircleSweep. */
static void
write_circle_circle_sweep (ImpJson *json, const PhysCircleCircleSweep *sweep)
{
  imp_json_string (json, "verdict", phys_verdict_name (sweep->verdict));
  imp_json_vec2 (json, "p1", sweep->p1);
  imp_json_vec2 (json, "p2", sweep->p2);
  imp_json_vec2 (json, "v1", sweep->v1);
  imp_json_vec2 (json, "v2", sweep->v2);
  imp_json_double (json, "r1", sweep->r1);
  imp_json_double (json, "r2", sweep->r2);
  imp_json_vec2 (json, "d", sweep->d);
  imp_json_vec2 (json, "v", sweep->v);
  imp_json_double (json, "R", sweep->R);
  write_quad (json, sweep);
  imp_trace_write_double_if (json, "t", sweep->has_t, sweep->t);
  write_vec2_if (json, "p1_at_t", sweep->has_t, sweep->p1_at_t);
  write_vec2_if (json, "p2_at_t", sweep->has_t, sweep->p2_at_t);
  write_vec2_if (json, "normal", sweep->has_t, sweep->normal);
  write_vec2_if (json, "point", sweep->has_t, sweep->point);
}

/* The whole circle-segment record, in the order of PhysCircleSegmentSweep. */
static void
write_circle_segment_sweep (ImpJson *json, const PhysCircleSegmentSweep *sweep)
{
  imp_json_string (json, "verdict", phys_verdict_name (sweep->verdict));
  imp_json_string (json, "feature", phys_feature_name (sweep->feature));
  imp_json_vec2 (json, "center", sweep->center);
  imp_json_vec2 (json, "v", sweep->v);
  imp_json_double (json, "radius", sweep->radius);
  imp_json_vec2 (json, "end_a", sweep->a);
  imp_json_vec2 (json, "end_b", sweep->b);
  imp_json_double (json, "length", sweep->length);
  imp_json_vec2 (json, "dir", sweep->dir);
  imp_json_vec2 (json, "left_normal", sweep->left_normal);
  imp_json_double (json, "proj_normal", sweep->proj_normal);
  imp_json_double (json, "proj_along", sweep->proj_along);
  imp_json_double (json, "vel_normal", sweep->vel_normal);
  imp_json_double (json, "vel_along", sweep->vel_along);
  imp_json_double (json, "side", sweep->side);
  imp_json_double (json, "approach", sweep->approach);
  imp_trace_write_double_if (json, "t_interior", sweep->has_t_interior, sweep->t_interior);
  imp_trace_write_double_if (json, "along_at_t", sweep->has_t_interior, sweep->along_at_t);
  imp_json_bool (json, "interior_in_range", sweep->has_t_interior && sweep->interior_in_range);
  imp_json_bool (json, "caps_tested", sweep->caps_tested);
  if (sweep->caps_tested)
    {
      imp_json_begin_object (json, "cap_a");
      write_circle_circle_sweep (json, &sweep->cap_a);
      imp_json_end_object (json);
      imp_json_begin_object (json, "cap_b");
      write_circle_circle_sweep (json, &sweep->cap_b);
      imp_json_end_object (json);
    }
  else
    {
      imp_json_null (json, "cap_a");
      imp_json_null (json, "cap_b");
    }
  imp_trace_write_double_if (json, "t", sweep->has_t, sweep->t);
  write_vec2_if (json, "center_at_t", sweep->has_t, sweep->center_at_t);
  write_vec2_if (json, "point", sweep->has_t, sweep->point);
  write_vec2_if (json, "normal", sweep->has_t, sweep->normal);
}

/* The three line-intersection methods of seed 003, in the order of PhysLineIntersection. */
static void
write_lines (ImpJson *json, const PhysLineIntersection *lines)
{
  gboolean meets = lines->verdict == PHYS_LINES_INTERSECT;

  imp_json_begin_object (json, "lines");
  imp_json_string (json, "verdict", phys_lines_verdict_name (lines->verdict));
  imp_json_vec2 (json, "p", lines->p);
  imp_json_vec2 (json, "k", lines->k);
  imp_json_vec2 (json, "end_a", lines->a);
  imp_json_vec2 (json, "end_b", lines->b);
  imp_json_vec2 (json, "w", lines->w);
  imp_json_vec2 (json, "w_unit", lines->w_unit);
  imp_json_vec2 (json, "to_a", lines->to_a);
  imp_json_double (json, "perp_k", lines->perp_k);
  imp_json_double (json, "perp_to_a", lines->perp_to_a);
  imp_trace_write_double_if (json, "length", meets, lines->length);
  write_vec2_if (json, "point_perp", meets, lines->point_perp);
  imp_json_double (json, "E", lines->E);
  imp_json_double (json, "F", lines->F);
  imp_json_double (json, "G", lines->G);
  imp_json_double (json, "P", lines->P);
  imp_json_double (json, "Q", lines->Q);
  imp_json_double (json, "R", lines->R);
  imp_json_double (json, "det", lines->det);
  write_vec2_if (json, "point_general", meets, lines->point_general);
  if (meets)
    {
      imp_json_begin_array (json, "inverse");
      for (int row = 0; row < 2; row++)
        {
          imp_json_begin_array (json, NULL);
          imp_json_double (json, NULL, lines->inverse[row][0]);
          imp_json_double (json, NULL, lines->inverse[row][1]);
          imp_json_end_array (json);
        }
      imp_json_end_array (json);
    }
  else
    imp_json_null (json, "inverse");
  write_vec2_if (json, "point_matrix", meets, lines->point_matrix);
  imp_trace_write_double_if (json, "max_disagreement", meets, lines->max_disagreement);
  imp_json_end_object (json);
}

static gboolean
probe_has_point (const PhysProbeRecord *record)
{
  return record->verdict != PHYS_PROBE_PARALLEL && record->verdict != PHYS_PROBE_STILL;
}

/* The probe prediction; the line methods go in a nested object only when asked. */
static void
write_probe_record (ImpJson *json, const PhysProbeRecord *record, gboolean with_lines)
{
  gboolean has_point = probe_has_point (record);

  imp_json_string (json, "verdict", phys_probe_verdict_name (record->verdict));
  write_vec2_if (json, "point", has_point, record->point);
  imp_trace_write_double_if (json, "displacement", has_point, record->displacement);
  imp_json_double (json, "speed", record->speed);
  imp_trace_write_double_if (json, "time_to_impact", has_point, record->time_to_impact);
  imp_trace_write_double_if (json, "along", has_point, record->along);
  imp_json_bool (json, "within", has_point && record->within);
  if (with_lines)
    write_lines (json, &record->lines);
}

/* A circle's turn is written once it has one, so that the states of worlds without rotation
 * read as they always did (the hash covers a circle's angle on the same rule). */
static gboolean
circle_turns (const PhysCircle *circle)
{
  return circle->angle != 0.0 || circle->angular_velocity != 0.0;
}

/* Polygons and curves are counted in the header, and rotation in the end line, only in the
 * worlds that have them: traces of the others keep their bytes. */
static gboolean
has_rigid (const PhysWorld *world)
{
  return phys_world_polygon_count (world) > 0 || phys_world_curve_count (world) > 0;
}

static void
write_state_array (ImpJson *json, const char *key, const PhysWorld *world)
{
  imp_json_begin_array (json, key);
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle circle = phys_world_get_circle (world, i);
      imp_json_begin_object (json, NULL);
      imp_json_string (json, "id", circle.name);
      imp_json_vec2 (json, "pos", circle.position);
      imp_json_vec2 (json, "vel", circle.velocity);
      if (circle_turns (&circle))
        {
          imp_json_double (json, "angle_rad", circle.angle);
          imp_json_double (json, "omega_rad", circle.angular_velocity);
        }
      imp_json_end_object (json);
    }
  for (int i = 0; i < phys_world_probe_count (world); i++)
    {
      PhysProbe probe = phys_world_get_probe (world, i);
      imp_json_begin_object (json, NULL);
      imp_json_string (json, "id", probe.name);
      imp_json_vec2 (json, "pos", probe.position);
      imp_json_vec2 (json, "vel", probe.velocity);
      imp_json_end_object (json);
    }
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody polygon = phys_world_get_polygon (world, i);
      imp_json_begin_object (json, NULL);
      imp_json_string (json, "id", polygon.name);
      imp_json_vec2 (json, "pos", polygon.position);
      imp_json_vec2 (json, "vel", polygon.velocity);
      imp_json_double (json, "angle_rad", polygon.angle);
      imp_json_double (json, "omega_rad", polygon.angular_velocity);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
}

/**
 * imp_trace_write_header:
 * @line: where to append
 * @scene: the scene argument as given on the command line
 * @world: the world before the first step
 * @frames: how many frames the run will step
 * @with_state: also write the initial state (state 0)
 *
 * Appends the first line of a trace: format name and version, and the run.
 */
void
imp_trace_write_header (GString *line, const char *scene, const PhysWorld *world, gint64 frames,
                        gboolean with_state)
{
  ImpJson json;

  imp_json_init (&json, line);
  imp_json_begin_object (&json, NULL);
  imp_json_string (&json, "trace", "impulse");
  imp_json_int (&json, "version", IMP_TRACE_VERSION);
  imp_json_string (&json, "scene", scene);
  imp_json_int (&json, "first_frame", phys_world_frame (world));
  imp_json_int (&json, "frames", frames);
  imp_json_double (&json, "dt", phys_world_get_def (world)->dt);
  imp_json_int (&json, "circles", phys_world_circle_count (world));
  imp_json_int (&json, "segments", phys_world_segment_count (world));
  imp_json_int (&json, "probes", phys_world_probe_count (world));
  if (has_rigid (world))
    {
      imp_json_int (&json, "polygons", phys_world_polygon_count (world));
      imp_json_int (&json, "curves", phys_world_curve_count (world));
    }
  if (with_state)
    write_state_array (&json, "state", world);
  imp_json_end_object (&json);
}

/* Friction with spin at a circle's contact, written only when it acted (mu > 0 and a slip). */
static void
write_circle_friction (ImpJson *json, const PhysCircleFriction *f)
{
  if (!f->applied)
    return;
  imp_json_begin_object (json, "friction");
  imp_json_double (json, "mu", f->mu);
  imp_json_double (json, "jn", f->jn);
  imp_json_double (json, "vt_before", f->vt_before);
  imp_json_double (json, "tangent_mass", f->tangent_mass);
  imp_json_double (json, "jt_free", f->jt_free);
  imp_json_double (json, "jt_limit", f->jt_limit);
  imp_json_double (json, "jt", f->jt);
  imp_json_bool (json, "sliding", f->sliding);
  imp_json_double (json, "vt_after", f->vt_after);
  imp_json_begin_object (json, "omega_before");
  imp_json_double (json, "a", f->w1_before);
  imp_json_double (json, "b", f->w2_before);
  imp_json_end_object (json);
  imp_json_begin_object (json, "omega_after");
  imp_json_double (json, "a", f->w1_after);
  imp_json_double (json, "b", f->w2_after);
  imp_json_end_object (json);
  imp_json_end_object (json);
}

static void
write_circle_circle_event (ImpJson *json, const PhysWorld *world, const PhysEvent *event)
{
  const PhysCircleCircleSweep *sweep = &event->circle_circle.sweep;
  const PhysImpulse *impulse = &event->circle_circle.impulse;

  write_event_head (json, event, "a", body_name (world, PHYS_BODY_CIRCLE, event->a), "b",
                    body_name (world, PHYS_BODY_CIRCLE, event->b));
  imp_json_string (json, "verdict", phys_verdict_name (sweep->verdict));
  write_quad (json, sweep);
  imp_json_vec2 (json, "d", sweep->d);
  imp_json_vec2 (json, "v", sweep->v);
  imp_json_double (json, "R", sweep->R);
  imp_json_vec2 (json, "normal", impulse->normal);
  write_vec2_if (json, "point", sweep->has_t, sweep->point);
  write_pair_of_vec2 (json, "pos_at_t", event->circle_circle.p1, event->circle_circle.p2);
  imp_json_bool (json, "applied", impulse->applied);
  imp_json_double (json, "vn", impulse->vn);
  imp_json_double (json, "e", impulse->e);
  imp_json_double (json, "j", impulse->j);
  imp_json_begin_object (json, "inv_mass");
  imp_json_double (json, "a", impulse->inv_mass1);
  imp_json_double (json, "b", impulse->inv_mass2);
  imp_json_end_object (json);
  write_pair_of_vec2 (json, "vel_before", impulse->v1_before, impulse->v2_before);
  write_pair_of_vec2 (json, "vel_after", impulse->v1_after, impulse->v2_after);
  write_circle_friction (json, &event->circle_circle.friction);
}

static void
write_circle_segment_event (ImpJson *json, const PhysWorld *world, const PhysEvent *event)
{
  const PhysCircleSegmentSweep *sweep = &event->circle_segment.sweep;
  const PhysSegmentResponse *response = &event->circle_segment.response;

  write_event_head (json, event, "circle", body_name (world, PHYS_BODY_CIRCLE, event->a),
                    "segment", body_name (world, PHYS_BODY_SEGMENT, event->b));
  imp_json_string (json, "verdict", phys_verdict_name (sweep->verdict));
  imp_json_string (json, "feature", phys_feature_name (sweep->feature));
  imp_json_string (json, "response", phys_response_name (response->response));
  imp_json_double (json, "proj_normal", sweep->proj_normal);
  imp_json_double (json, "proj_along", sweep->proj_along);
  imp_json_double (json, "vel_normal", sweep->vel_normal);
  imp_json_double (json, "vel_along", sweep->vel_along);
  imp_json_double (json, "approach", sweep->approach);
  imp_json_vec2 (json, "normal", response->normal);
  write_vec2_if (json, "point", sweep->has_t, sweep->point);
  imp_json_vec2 (json, "pos_at_t", event->circle_segment.center_before);
  imp_json_vec2 (json, "pos_after", event->circle_segment.center);
  imp_json_bool (json, "applied", response->applied);
  imp_json_double (json, "vn", response->vn);
  imp_json_double (json, "e", response->e);
  imp_json_double (json, "j", response->j);
  imp_json_vec2 (json, "v_normal_away", response->v_normal_away);
  imp_json_vec2 (json, "v_along", response->v_along);
  imp_json_vec2 (json, "vel_before", response->v_before);
  imp_json_vec2 (json, "vel_after", response->v_after);
  write_circle_friction (json, &event->circle_segment.friction);
}

static void
write_embedded_event (ImpJson *json, const PhysWorld *world, const PhysEvent *event)
{
  write_event_head (json, event, "a", body_name (world, PHYS_BODY_CIRCLE, event->a), "b",
                    body_name (world, event->b_kind, event->b));
  imp_json_string (json, "b_kind", phys_body_kind_name (event->b_kind));
  imp_json_double (json, "depth", event->embedded.depth);
  imp_json_vec2 (json, "normal", event->embedded.normal);
  write_pair_of_vec2 (json, "pos_before", event->embedded.a_before, event->embedded.b_before);
  write_pair_of_vec2 (json, "pos_after", event->embedded.a_after, event->embedded.b_after);
}

static void
write_probe_event (ImpJson *json, const PhysWorld *world, const PhysEvent *event)
{
  write_event_head (json, event, "probe", body_name (world, PHYS_BODY_PROBE, event->a),
                    "segment", body_name (world, PHYS_BODY_SEGMENT, event->b));
  write_probe_record (json, &event->probe.record, FALSE);
}

/* The rigid kinds (a polygon with anything, a circle with a curve): the bodies, the answer
 * (contact points, impulses with spin and friction, both bodies, the ledger) and, when the
 * world at the frame's start is at hand, the tests that found it (every SAT axis, the
 * manifold with its clipping, the search over the frame; docs/trace-format.md). */
static void
write_rigid_event (ImpJson *json, const PhysWorld *world, const PhysWorld *frame_start,
                   const PhysEvent *event)
{
  write_event_head (json, event, "a", body_name (world, phys_event_a_kind (event->kind), event->a),
                    "b", body_name (world, event->b_kind, event->b));
  if (event->solved)
    imp_json_bool (json, "solved", TRUE);
  if (event->taken_angular != 0.0)
    imp_json_double (json, "taken_angular", event->taken_angular);
  imp_trace_write_rigid_answer (json, &event->rigid);
  if (frame_start == NULL)
    return;
  PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
  if (phys_world_rigid_detail (frame_start, event, detail) == PHYS_OK)
    imp_trace_write_rigid_detail (json, detail);
  g_free (detail);
}

static void
write_cap_event (ImpJson *json, const PhysEvent *event)
{
  write_event_head (json, event, NULL, NULL, NULL, NULL);
  imp_json_int (json, "cap", event->cap.cap);
  imp_json_int (json, "handled", event->cap.handled);
  imp_json_int (json, "tests", event->cap.tests);
  imp_json_int (json, "test_cap", event->cap.test_cap);
}

/* A sleep or wake event: the island (its first polygon and how many), the energy removed by
 * falling asleep (also the head's removed), and why an island woke. */
static void
write_sleep_event (ImpJson *json, const PhysWorld *world, const PhysEvent *event)
{
  write_event_head (json, event, NULL, NULL, NULL, NULL);
  imp_json_string (json, "island", phys_world_body_name (world, (PhysBodyRef) { PHYS_BODY_POLYGON,
                                                                                event->sleep.island }));
  imp_json_int (json, "bodies", event->sleep.bodies);
  if (event->kind == PHYS_EVENT_SLEEP)
    {
      imp_json_double (json, "energy", event->sleep.energy);
      if (event->taken_angular != 0.0)
        imp_json_double (json, "taken_angular", event->taken_angular);
      return;
    }
  imp_json_string (json, "cause", phys_wake_cause_name (event->sleep.cause));
  if (event->sleep.other.index >= 0)
    imp_json_string (json, "by", phys_world_body_name (world, event->sleep.other));
  else
    imp_json_null (json, "by");
}

/**
 * imp_trace_write_event:
 * @line: where to append
 * @world: the world the event happened in (for body names)
 * @frame_start: (nullable): the world at the start of the event's frame, for the full
 *   records of rigid events (their tests); %NULL leaves them out
 * @event: the event
 *
 * Appends one event as a JSON object.
 */
void
imp_trace_write_event (GString *line, const PhysWorld *world, const PhysWorld *frame_start,
                       const PhysEvent *event)
{
  ImpJson json;

  imp_json_init (&json, line);
  imp_json_begin_object (&json, NULL);
  imp_json_int (&json, "frame", event->frame);
  imp_json_string (&json, "kind", phys_event_kind_name (event->kind));
  switch (event->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      write_circle_circle_event (&json, world, event);
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      write_circle_segment_event (&json, world, event);
      break;
    case PHYS_EVENT_EMBEDDED:
      write_embedded_event (&json, world, event);
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      write_probe_event (&json, world, event);
      break;
    case PHYS_EVENT_POLYGON_POLYGON:
    case PHYS_EVENT_POLYGON_CIRCLE:
    case PHYS_EVENT_POLYGON_SEGMENT:
    case PHYS_EVENT_POLYGON_CURVE:
    case PHYS_EVENT_CIRCLE_CURVE:
      write_rigid_event (&json, world, frame_start, event);
      break;
    case PHYS_EVENT_SLEEP:
    case PHYS_EVENT_WAKE:
      write_sleep_event (&json, world, event);
      break;
    case PHYS_EVENT_EVENT_CAP:
    default:
      write_cap_event (&json, event);
      break;
    }
  imp_json_end_object (&json);
}

/**
 * imp_trace_write_state:
 * @line: where to append
 * @world: the world after stepping frame @frame
 * @frame: the frame just stepped
 *
 * Appends the state at the end of frame @frame (state number @frame + 1):
 * every circle, then every probe, in index order.
 */
void
imp_trace_write_state (GString *line, const PhysWorld *world, gint64 frame)
{
  ImpJson json;

  imp_json_init (&json, line);
  imp_json_begin_object (&json, NULL);
  imp_json_int (&json, "frame", frame);
  write_state_array (&json, "state", world);
  imp_json_end_object (&json);
}

/**
 * imp_trace_write_end:
 * @line: where to append
 * @world: the world after the last step
 * @frames: frames stepped
 * @events: events written
 *
 * Appends the summary line: counts, energy and momentum of the final state.
 */
void
imp_trace_write_end (GString *line, const PhysWorld *world, gint64 frames, guint64 events)
{
  PhysEnergy energy = phys_world_energy (world);
  ImpJson json;

  imp_json_init (&json, line);
  imp_json_begin_object (&json, NULL);
  imp_json_begin_object (&json, "end");
  imp_json_int (&json, "frames", frames);
  imp_json_int (&json, "state", phys_world_frame (world));
  imp_json_int (&json, "events", (gint64) events);
  imp_json_double (&json, "kinetic", energy.kinetic);
  imp_json_double (&json, "potential", energy.potential);
  imp_json_double (&json, "energy", energy.total);
  imp_json_vec2 (&json, "momentum", energy.momentum);
  if (has_rigid (world))
    {
      imp_json_double (&json, "rotational", energy.rotational);
      imp_json_double (&json, "angular_momentum", energy.angular_momentum);
    }
  imp_json_end_object (&json);
  imp_json_end_object (&json);
}

static void
append_hash (GString *line, const PhysWorld *world)
{
  g_string_append_printf (line, "%016" G_GINT64_MODIFIER "x", (guint64) phys_world_hash (world));
}

/**
 * imp_trace_write_hash:
 * @line: where to append
 * @world: the world after the last step
 *
 * Appends `{"hash":"<16 lower-case hex digits>"}`.
 */
void
imp_trace_write_hash (GString *line, const PhysWorld *world)
{
  g_string_append (line, "{\"hash\":\"");
  append_hash (line, world);
  g_string_append (line, "\"}");
}

/**
 * imp_trace_write_pair:
 * @line: where to append
 * @scene: the scene argument as given on the command line
 * @world: the world at the start of the inspected frame
 * @record: what phys_world_inspect_pair() returned for the pair
 *
 * Appends the inspect object: the full detection record of one pair.
 */
void
imp_trace_write_pair (GString *line, const char *scene, const PhysWorld *world,
                      const PhysPairRecord *record)
{
  ImpJson json;

  imp_json_init (&json, line);
  imp_json_begin_object (&json, NULL);
  imp_json_string (&json, "inspect", "impulse");
  imp_json_int (&json, "version", IMP_TRACE_VERSION);
  imp_json_string (&json, "scene", scene);
  imp_json_int (&json, "frame", phys_world_frame (world));
  imp_json_string (&json, "kind", phys_event_kind_name (record->kind));
  switch (record->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      imp_json_string (&json, "a", phys_world_body_name (world, record->a));
      imp_json_string (&json, "b", phys_world_body_name (world, record->b));
      write_circle_circle_sweep (&json, &record->circle_circle);
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      {
        /* The pair may have been asked segment first; the record is always circle first. */
        gboolean swapped = record->a.kind == PHYS_BODY_SEGMENT;
        PhysBodyRef circle = swapped ? record->b : record->a;
        PhysBodyRef segment = swapped ? record->a : record->b;
        imp_json_string (&json, "circle", phys_world_body_name (world, circle));
        imp_json_string (&json, "segment", phys_world_body_name (world, segment));
        write_circle_segment_sweep (&json, &record->circle_segment);
      }
      break;
    case PHYS_EVENT_POLYGON_POLYGON:
    case PHYS_EVENT_POLYGON_CIRCLE:
    case PHYS_EVENT_POLYGON_SEGMENT:
    case PHYS_EVENT_POLYGON_CURVE:
    case PHYS_EVENT_CIRCLE_CURVE:
      /* The pair in the order its kind names it, then its records: the static SAT with every
       * axis and the manifold, the search over the frame (docs/trace-format.md). */
      imp_json_string (&json, "a", phys_world_body_name (world, record->a));
      imp_json_string (&json, "b", phys_world_body_name (world, record->b));
      imp_json_bool (&json, "hit", record->rigid.hit);
      if (record->rigid.hit)
        imp_json_double (&json, "t", record->rigid.t);
      else
        imp_json_null (&json, "t");
      imp_trace_write_rigid_tests (&json, &record->rigid.tests);
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
    default:
      {
        gboolean swapped = record->a.kind == PHYS_BODY_SEGMENT;
        PhysBodyRef probe = swapped ? record->b : record->a;
        PhysBodyRef segment = swapped ? record->a : record->b;
        imp_json_string (&json, "probe", phys_world_body_name (world, probe));
        imp_json_string (&json, "segment", phys_world_body_name (world, segment));
        write_probe_record (&json, &record->probe, TRUE);
      }
      break;
    }
  imp_json_end_object (&json);
}

static void
describe_double (GString *line, double value)
{
  imp_format_double (line, value, HUMAN_DIGITS);
}

static void
describe_vec2 (GString *line, PhysVec2 value)
{
  g_string_append_c (line, '(');
  describe_double (line, value.x);
  g_string_append (line, ", ");
  describe_double (line, value.y);
  g_string_append_c (line, ')');
}

/* " key=value" */
static void
describe_number (GString *line, const char *key, double value)
{
  g_string_append_printf (line, " %s=", key);
  describe_double (line, value);
}

static void
describe_point (GString *line, const char *key, PhysVec2 value)
{
  g_string_append_printf (line, " %s=", key);
  describe_vec2 (line, value);
}

/**
 * imp_trace_describe_event:
 * @line: where to append
 * @world: the world the event happened in (for body names)
 * @event: the event
 *
 * Appends one event as a line of text for people (6 significant digits).
 */
void
imp_trace_describe_event (GString *line, const PhysWorld *world, const PhysEvent *event)
{
  g_string_append_printf (line, "frame %" G_GINT64_FORMAT " t=", event->frame);
  describe_double (line, event->t);
  g_string_append_printf (line, " %s", phys_event_kind_name (event->kind));

  switch (event->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      {
        const PhysImpulse *impulse = &event->circle_circle.impulse;
        g_string_append_printf (line, " %s %s:", body_name (world, PHYS_BODY_CIRCLE, event->a),
                                body_name (world, PHYS_BODY_CIRCLE, event->b));
        describe_number (line, "j", impulse->j);
        describe_number (line, "e", impulse->e);
        describe_point (line, "normal", impulse->normal);
        describe_point (line, "point", event->circle_circle.sweep.point);
        describe_point (line, "vel_a", impulse->v1_after);
        describe_point (line, "vel_b", impulse->v2_after);
      }
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      {
        const PhysSegmentResponse *response = &event->circle_segment.response;
        g_string_append_printf (line, " %s %s: %s %s",
                                body_name (world, PHYS_BODY_CIRCLE, event->a),
                                body_name (world, PHYS_BODY_SEGMENT, event->b),
                                phys_feature_name (event->circle_segment.sweep.feature),
                                phys_response_name (response->response));
        describe_number (line, "j", response->j);
        describe_number (line, "e", response->e);
        describe_point (line, "normal", response->normal);
        describe_point (line, "point", event->circle_segment.sweep.point);
        describe_point (line, "vel", response->v_after);
      }
      break;
    case PHYS_EVENT_EMBEDDED:
      g_string_append_printf (line, " %s %s:", body_name (world, PHYS_BODY_CIRCLE, event->a),
                              body_name (world, event->b_kind, event->b));
      describe_number (line, "depth", event->embedded.depth);
      describe_point (line, "normal", event->embedded.normal);
      break;
    case PHYS_EVENT_POLYGON_POLYGON:
    case PHYS_EVENT_POLYGON_CIRCLE:
    case PHYS_EVENT_POLYGON_SEGMENT:
    case PHYS_EVENT_POLYGON_CURVE:
    case PHYS_EVENT_CIRCLE_CURVE:
      {
        const PhysRigidAnswer *r = &event->rigid;
        g_string_append_printf (line, " %s %s: %s",
                                body_name (world, phys_event_a_kind (event->kind), event->a),
                                body_name (world, event->b_kind, event->b),
                                phys_rigid_found_name (r->found));
        describe_point (line, "normal", r->normal);
        for (int k = 0; k < r->point_count && k < 2; k++)
          {
            g_string_append_printf (line, " point%d=", k);
            describe_vec2 (line, r->points[k].point);
            describe_number (line, "jn", r->points[k].jn);
            describe_number (line, "jt", r->points[k].jt);
          }
        describe_number (line, "e", r->e);
        describe_point (line, "vel_a", r->a_after.velocity);
        describe_number (line, "omega_a", r->a_after.angular_velocity);
        describe_point (line, "vel_b", r->b_after.velocity);
        describe_number (line, "omega_b", r->b_after.angular_velocity);
      }
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      {
        const PhysProbeRecord *record = &event->probe.record;
        g_string_append_printf (line, " %s %s: %s", body_name (world, PHYS_BODY_PROBE, event->a),
                                body_name (world, PHYS_BODY_SEGMENT, event->b),
                                phys_probe_verdict_name (record->verdict));
        if (probe_has_point (record))
          {
            describe_point (line, "point", record->point);
            describe_number (line, "time_to_impact", record->time_to_impact);
            describe_number (line, "along", record->along);
          }
      }
      break;
    case PHYS_EVENT_SLEEP:
    case PHYS_EVENT_WAKE:
      g_string_append_printf (line, " %s: %d polygon%s",
                              body_name (world, PHYS_BODY_POLYGON, event->sleep.island),
                              event->sleep.bodies, event->sleep.bodies == 1 ? "" : "s");
      if (event->kind == PHYS_EVENT_WAKE)
        {
          g_string_append_printf (line, " by %s", phys_wake_cause_name (event->sleep.cause));
          if (event->sleep.other.index >= 0)
            g_string_append_printf (line, " with %s",
                                    phys_world_body_name (world, event->sleep.other));
        }
      break;
    case PHYS_EVENT_EVENT_CAP:
    default:
      if (event->cap.tests > event->cap.test_cap)
        g_string_append_printf (line, ": stopped after %d events and %" G_GINT64_FORMAT
                                " pair tests (test budget %" G_GINT64_FORMAT ")",
                                event->cap.handled, event->cap.tests, event->cap.test_cap);
      else
        g_string_append_printf (line, ": stopped after %d events (cap %d)", event->cap.handled,
                                event->cap.cap);
      break;
    }

  if (event->resting)
    g_string_append (line, " [resting]");
  if (event->repeated)
    g_string_append (line, " [repeated]");
  if (event->at_frame_end)
    g_string_append (line, " [at frame end]");
  if (event->woke)
    g_string_append (line, " [woke]");
  if (event->jammed)
    g_string_append (line, " [jammed]");
  if (event->removed > 0.0)
    g_string_append_printf (line, " [removed %g]", event->removed);
  if (event->held_friction > 0.0)
    g_string_append_printf (line, " [held friction %g]", event->held_friction);
  if (event->rolled)
    g_string_append_printf (line, " [rolls from t=%g]", event->rolled_t);
}

/**
 * imp_trace_describe_state:
 * @line: where to append
 * @world: the world after stepping frame @frame
 * @frame: the frame just stepped, or -1 for the initial state
 *
 * Appends the state after frame @frame as text: `state K: id pos=(x, y) vel=(x, y); ...`
 * where K is the state number (@frame + 1).
 */
void
imp_trace_describe_state (GString *line, const PhysWorld *world, gint64 frame)
{
  const char *separator = " ";

  g_string_append_printf (line, "state %" G_GINT64_FORMAT ":", frame + 1);
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle circle = phys_world_get_circle (world, i);
      g_string_append_printf (line, "%s%s", separator, circle.name);
      describe_point (line, "pos", circle.position);
      describe_point (line, "vel", circle.velocity);
      if (circle_turns (&circle))
        {
          describe_number (line, "angle", circle.angle);
          describe_number (line, "omega", circle.angular_velocity);
        }
      separator = "; ";
    }
  for (int i = 0; i < phys_world_probe_count (world); i++)
    {
      PhysProbe probe = phys_world_get_probe (world, i);
      g_string_append_printf (line, "%s%s", separator, probe.name);
      describe_point (line, "pos", probe.position);
      describe_point (line, "vel", probe.velocity);
      separator = "; ";
    }
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody polygon = phys_world_get_polygon (world, i);
      g_string_append_printf (line, "%s%s", separator, polygon.name);
      describe_point (line, "pos", polygon.position);
      describe_point (line, "vel", polygon.velocity);
      describe_number (line, "angle", polygon.angle);
      describe_number (line, "omega", polygon.angular_velocity);
      separator = "; ";
    }
}

/**
 * imp_trace_describe_end:
 * @line: where to append
 * @world: the world after the last step
 * @frames: frames stepped
 * @events: events reported
 *
 * Appends `frames=N events=M energy=E hash=H`; the energy is written to round-trip
 * so runs can be compared exactly.
 */
void
imp_trace_describe_end (GString *line, const PhysWorld *world, gint64 frames, guint64 events)
{
  PhysEnergy energy = phys_world_energy (world);

  g_string_append_printf (line, "frames=%" G_GINT64_FORMAT " events=%" G_GUINT64_FORMAT " energy=",
                          frames, events);
  imp_json_append_double (line, energy.total);
  g_string_append (line, " hash=");
  append_hash (line, world);
}

/**
 * imp_trace_describe_hash:
 * @line: where to append
 * @world: the world after the last step
 *
 * Appends `hash=<16 lower-case hex digits>`.
 */
void
imp_trace_describe_hash (GString *line, const PhysWorld *world)
{
  g_string_append (line, "hash=");
  append_hash (line, world);
}
