/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-data.c: the states and events of a range of frames as CSV tables
 * (docs/export-format.md), for spreadsheets and plotting scripts.
 *
 * The numbers are the trace's (docs/trace-format.md): the fewest digits that
 * read back as the same double, so a table is as exact as the trace. Each
 * frame is stepped again from its recorded start, which gives the same bits as
 * the run that was recorded, and the state at its end is what the step left,
 * before any edit a session makes at the next frame, as in the trace.
 */
#include "imp-export-private.h"

#include <math.h>
#include <string.h>

#include "imp-json.h"

static void
cell_text (GString *out, const char *text)
{
  /* RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled. */
  if (text == NULL || strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text != NULL ? text : "");
      return;
    }
  g_string_append_c (out, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

static void
cell_number (GString *out, double value)
{
  /* An empty cell, like a cell that does not apply: the core never makes one. */
  if (isfinite (value))
    imp_json_append_double (out, value);
}

/* Cells after the first are preceded by a comma. */
static void
next (GString *out)
{
  g_string_append_c (out, ',');
}

static void
cells_vec2 (GString *out, gboolean valid, PhysVec2 v)
{
  next (out);
  if (valid)
    cell_number (out, v.x);
  next (out);
  if (valid)
    cell_number (out, v.y);
}

static void
cells_blank (GString *out, int count)
{
  for (int i = 0; i < count; i++)
    next (out);
}

static void
state_rows (GString *out, const PhysWorld *world, gint64 state)
{
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      g_string_append_printf (out, "%" G_GINT64_FORMAT ",", state);
      cell_text (out, c.name);
      g_string_append (out, ",circle");
      cells_vec2 (out, TRUE, c.position);
      cells_vec2 (out, TRUE, c.velocity);
      g_string_append_c (out, '\n');
    }
  for (int i = 0; i < phys_world_probe_count (world); i++)
    {
      PhysProbe p = phys_world_get_probe (world, i);
      g_string_append_printf (out, "%" G_GINT64_FORMAT ",", state);
      cell_text (out, p.name);
      g_string_append (out, ",probe");
      cells_vec2 (out, TRUE, p.position);
      cells_vec2 (out, TRUE, p.velocity);
      g_string_append_c (out, '\n');
    }
}

/**
 * imp_export_states_csv: (skip)
 * @frames: a recording holding frames @options->first to @options->last
 * @options: the range
 *
 * One row per body and state: state @options->first (the start of the first
 * frame), then the state at the end of each frame. Circles, then probes, in
 * scene order.
 *
 * Returns: (transfer full): the table
 */
GString *
imp_export_states_csv (ImpFrames *frames, const ImpExportOptions *options)
{
  GString *out = g_string_new ("state,id,kind,x,y,vx,vy\n");

  for (gint64 frame = options->first; frame <= options->last; frame++)
    {
      PhysWorld *world = imp_frames_dup_state (frames, frame);
      if (frame == options->first)
        state_rows (out, world, frame);
      phys_world_step (world, NULL);
      state_rows (out, world, frame + 1);
      phys_world_free (world);
    }
  return out;
}

static const char *
body_name (const PhysWorld *world, PhysBodyKind kind, int index)
{
  return phys_world_body_name (world, (PhysBodyRef){ kind, index });
}

static void
flags_cell (GString *out, const PhysEvent *event)
{
  const struct
  {
    gboolean set;
    const char *name;
  } flags[] = {
    { event->resting, "resting" },
    { event->repeated, "repeated" },
    { event->at_frame_end, "at-frame-end" },
    { event->woke, "woke" },
    { event->jammed, "jammed" },
  };
  gboolean first = TRUE;

  next (out);
  for (gsize i = 0; i < G_N_ELEMENTS (flags); i++)
    if (flags[i].set)
      {
        g_string_append (out, first ? "" : ";");
        g_string_append (out, flags[i].name);
        first = FALSE;
      }
}

/* The columns after "frame,index,kind": see the events header below. */
static void
event_cells (GString *out, const PhysWorld *world, const PhysEvent *event)
{
  const char *a = NULL, *b = NULL, *verdict = NULL, *feature = NULL, *response = NULL;

  switch (event->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      a = body_name (world, PHYS_BODY_CIRCLE, event->a);
      b = body_name (world, PHYS_BODY_CIRCLE, event->b);
      verdict = phys_verdict_name (event->circle_circle.sweep.verdict);
      break;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      a = body_name (world, PHYS_BODY_CIRCLE, event->a);
      b = body_name (world, PHYS_BODY_SEGMENT, event->b);
      verdict = phys_verdict_name (event->circle_segment.sweep.verdict);
      feature = phys_feature_name (event->circle_segment.sweep.feature);
      response = phys_response_name (event->circle_segment.response.response);
      break;
    case PHYS_EVENT_EMBEDDED:
      a = body_name (world, PHYS_BODY_CIRCLE, event->a);
      b = body_name (world, event->b_kind, event->b);
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      a = body_name (world, PHYS_BODY_PROBE, event->a);
      b = body_name (world, PHYS_BODY_SEGMENT, event->b);
      verdict = phys_probe_verdict_name (event->probe.record.verdict);
      break;
    case PHYS_EVENT_EVENT_CAP:
    default:
      break;
    }
  next (out);
  cell_text (out, a);
  next (out);
  cell_text (out, b);
  next (out);
  cell_number (out, event->t);
  next (out);
  cell_number (out, event->t0);
  next (out);
  cell_text (out, verdict);
  next (out);
  cell_text (out, feature);
  next (out);
  cell_text (out, response);

  switch (event->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      {
        const PhysCircleCircleSweep *sweep = &event->circle_circle.sweep;
        const PhysImpulse *impulse = &event->circle_circle.impulse;
        cells_vec2 (out, TRUE, impulse->normal);
        cells_vec2 (out, sweep->has_t, sweep->point);
        next (out);
        cell_number (out, impulse->vn);
        next (out);
        cell_number (out, impulse->e);
        next (out);
        cell_number (out, impulse->j);
        cells_vec2 (out, TRUE, impulse->v1_before);
        cells_vec2 (out, TRUE, impulse->v1_after);
        cells_vec2 (out, TRUE, impulse->v2_before);
        cells_vec2 (out, TRUE, impulse->v2_after);
        break;
      }
    case PHYS_EVENT_CIRCLE_SEGMENT:
      {
        const PhysCircleSegmentSweep *sweep = &event->circle_segment.sweep;
        const PhysSegmentResponse *r = &event->circle_segment.response;
        cells_vec2 (out, TRUE, r->normal);
        cells_vec2 (out, sweep->has_t, sweep->point);
        next (out);
        cell_number (out, r->vn);
        next (out);
        cell_number (out, r->e);
        next (out);
        cell_number (out, r->j);
        cells_vec2 (out, TRUE, r->v_before);
        cells_vec2 (out, TRUE, r->v_after);
        cells_blank (out, 4);
        break;
      }
    case PHYS_EVENT_EMBEDDED:
      cells_vec2 (out, TRUE, event->embedded.normal);
      cells_blank (out, 13);
      break;
    case PHYS_EVENT_PROBE_SEGMENT:
      {
        const PhysProbeRecord *record = &event->probe.record;
        cells_blank (out, 2);
        cells_vec2 (out,
                    record->verdict != PHYS_PROBE_PARALLEL && record->verdict != PHYS_PROBE_STILL,
                    record->point);
        cells_blank (out, 11);
        break;
      }
    case PHYS_EVENT_EVENT_CAP:
    default:
      cells_blank (out, 15);
      break;
    }
  flags_cell (out, event);
}

/**
 * imp_export_events_csv: (skip)
 * @frames: a recording holding frames @options->first to @options->last
 * @options: the range
 *
 * One row per event, in the order of the trace: the headline values of each
 * kind (the JSON Lines trace has every intermediate value).
 *
 * Returns: (transfer full): the table
 */
GString *
imp_export_events_csv (ImpFrames *frames, const ImpExportOptions *options)
{
  GString *out = g_string_new ("frame,index,kind,a,b,t,t0,verdict,feature,response,"
                               "normal_x,normal_y,point_x,point_y,vn,e,j,"
                               "a_vx_before,a_vy_before,a_vx_after,a_vy_after,"
                               "b_vx_before,b_vy_before,b_vx_after,b_vy_after,flags\n");
  PhysEventLog log;

  phys_event_log_init (&log);
  for (gint64 frame = options->first; frame <= options->last; frame++)
    {
      PhysWorld *world = imp_frames_dup_state (frames, frame);
      phys_event_log_clear (&log);
      phys_world_step (world, &log);
      for (gsize i = 0; i < log.count; i++)
        {
          g_string_append_printf (out, "%" G_GINT64_FORMAT ",%" G_GSIZE_FORMAT ",%s", frame, i,
                                  phys_event_kind_name (log.events[i].kind));
          event_cells (out, world, &log.events[i]);
          g_string_append_c (out, '\n');
        }
      phys_world_free (world);
    }
  phys_event_log_free (&log);
  return out;
}
