/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli-run.c: `impulse run SCENE --frames N`: every event of every frame, as
 * text or as the trace (docs/trace-format.md).
 */
#include "imp-cli-private.h"

#include <glib/gi18n.h>

#include "imp-trace.h"

/* "frame 10 edit set-circle a": the text output's line for an edit, where it applies. */
static void
describe_edit (GString *line, const ImpSessionFileEdit *edit)
{
  g_string_append_printf (line, "frame %" G_GINT64_FORMAT " edit %s", edit->frame,
                          phys_edit_kind_name (edit->edit.kind));
  if (edit->edit.kind != PHYS_EDIT_SET_WORLD)
    g_string_append_printf (line, " %s", edit->edit.name);
}

/* Applies the edits due now and, in the text output, writes a line for each. */
static gboolean
run_apply_edits (ImpCliInput *input, gboolean describe, ImpCliOut *out, GString *line,
                 gboolean *ok)
{
  g_autoptr (GArray) applied = g_array_new (FALSE, FALSE, sizeof (ImpSessionFileEdit));
  gboolean applies = imp_cli_input_apply_edits (input, applied);

  for (guint i = 0; describe && *ok && i < applied->len; i++)
    {
      describe_edit (line, &g_array_index (applied, ImpSessionFileEdit, i));
      *ok = imp_cli_out_line (out, line);
    }
  return applies;
}

static const char *const run_description = N_(
  "Frame k is the interval from state k to state k + 1; frame 0 starts from the\n"
  "scene's initial state.\n"
  "\n"
  "A session file replays its scene with its edits: an edit at frame k changes\n"
  "state k, before frame k is stepped. The text output then has a line\n"
  "'frame K edit KIND ID' where each edit applies; the --jsonl header a \"session\"\n"
  "member with every edit. See docs/session-format.md.\n"
  "\n"
  "Without --jsonl: one line per event, then 'frames=N events=M energy=E hash=H'.\n"
  "With --jsonl: a header line {\"trace\":\"impulse\",\"version\":1,...}, one JSON object\n"
  "per event, an {\"end\":{...}} summary, and {\"hash\":\"...\"} last with --hash.\n"
  "--states adds the state after each frame; --hash ends the output with the\n"
  "final state hash (16 hex digits). See docs/trace-format.md.\n"
  "\n"
  "A frame in which an integrator diverges (a position or velocity leaves the\n"
  "range of numbers the physics keeps finite) is not stepped: the output stops\n"
  "there and the reason, with the circle, goes to stderr.\n"
  "\n"
  "Exit status: 0 done, 1 the output could not be written, 2 bad arguments or\n"
  "scene, or the simulation diverged.");

int
imp_cli_run (char **argv)
{
  g_autofree char *frames_text = NULL;
  gboolean jsonl = FALSE;
  gboolean states = FALSE;
  gboolean hash = FALSE;
  const GOptionEntry entries[] = { { "frames", 0, 0, G_OPTION_ARG_STRING, &frames_text,
                                     N_("Number of frames to step (required)"), "N" },
                                   { "jsonl", 0, 0, G_OPTION_ARG_NONE, &jsonl,
                                     N_("One JSON object per line (the trace format)"), NULL },
                                   { "states", 0, 0, G_OPTION_ARG_NONE, &states,
                                     N_("Also print every body's state after each frame"), NULL },
                                   { "hash", 0, 0, G_OPTION_ARG_NONE, &hash,
                                     N_("End with the hash of the final state"), NULL },
                                   G_OPTION_ENTRY_NULL };
  gint64 frames = 0;
  const char *scene;

  if (!imp_cli_parse_verb_options ("run", "SCENE --frames N",
                                   N_("Steps a scene and prints every event."), run_description,
                                   entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = imp_cli_scene_argument ("run", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;
  if (frames_text == NULL)
    return imp_cli_usage_error ("run", _("run needs --frames N"));
  if (!imp_cli_parse_count ("run", "--frames", frames_text, &frames))
    return IMP_CLI_EXIT_USAGE;

  ImpCliInput input;
  if (!imp_cli_input_open (&input, scene) || !imp_cli_input_check_edits (&input, frames))
    {
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  ImpCliOut out;
  PhysEventLog log;
  g_autoptr (GString) line = g_string_new (NULL);
  guint64 n_events = 0;
  gint64 capped = 0, first_capped = -1;
  gboolean ok = TRUE;
  gboolean applies;
  PhysWorld *world = input.world;
  PhysWorld *frame_start = NULL;

  imp_cli_out_init (&out);
  phys_event_log_init (&log);

  /* State 0 of a session is its edited state: the edits at frame 0 come first. */
  applies = run_apply_edits (&input, !jsonl, &out, line, &ok);
  if (ok && applies && jsonl)
    {
      imp_trace_write_header (line, scene, world, frames, states);
      if (input.session != NULL)
        imp_cli_append_session_member (line, input.session);
      ok = imp_cli_out_line (&out, line);
    }
  else if (ok && applies && states)
    {
      imp_trace_describe_state (line, world, phys_world_frame (world) - 1);
      ok = imp_cli_out_line (&out, line);
    }

  for (gint64 i = 0; ok && applies && i < frames; i++)
    {
      gint64 frame = phys_world_frame (world);

      if (i > 0 && !(applies = run_apply_edits (&input, !jsonl, &out, line, &ok)))
        break;
      phys_event_log_clear (&log);
      /* The trace's rigid events carry their tests, found again from the frame's start. */
      g_clear_pointer (&frame_start, phys_world_free);
      if (jsonl && imp_cli_world_has_rigid (world))
        frame_start = phys_world_copy (world);
      if (!(applies = imp_cli_input_step (&input, &log)))
        break;
      for (size_t e = 0; ok && e < log.count; e++)
        {
          if (jsonl)
            imp_trace_write_event (line, world, frame_start, &log.events[e]);
          else
            imp_trace_describe_event (line, world, &log.events[e]);
          ok = imp_cli_out_line (&out, line);
        }
      n_events += log.count;
      for (size_t e = 0; e < log.count; e++)
        if (log.events[e].kind == PHYS_EVENT_EVENT_CAP)
          {
            first_capped = capped++ == 0 ? frame : first_capped;
            break;
          }

      if (ok && states)
        {
          if (jsonl)
            imp_trace_write_state (line, world, frame);
          else
            imp_trace_describe_state (line, world, frame);
          ok = imp_cli_out_line (&out, line);
        }
    }

  /* The final state is state N of the session: with the edits at frame N. */
  if (ok && applies && frames > 0)
    applies = run_apply_edits (&input, !jsonl, &out, line, &ok);
  if (ok && applies)
    {
      if (jsonl)
        imp_trace_write_end (line, world, frames, n_events);
      else
        imp_trace_describe_end (line, world, frames, n_events);
      ok = imp_cli_out_line (&out, line);
    }
  if (ok && applies && hash)
    {
      if (jsonl)
        imp_trace_write_hash (line, world);
      else
        imp_trace_describe_hash (line, world);
      imp_cli_out_line (&out, line);
    }

  /* The trace has an event-cap event for each; a person reading the summary hears it too. */
  if (capped > 0)
    {
      g_autofree char *warning = g_strdup_printf (
          ngettext ("%lld of %lld frame hit the event cap (first: frame %lld): each stopped "
                    "where the cap was reached, its remaining collisions not handled; see "
                    "world.event_cap in docs/scene-format.md",
                    "%lld of %lld frames hit the event cap (first: frame %lld): each stopped "
                    "where the cap was reached, its remaining collisions not handled; see "
                    "world.event_cap in docs/scene-format.md",
                    (unsigned long) frames),
          (long long) capped, (long long) frames, (long long) first_capped);
      g_printerr ("impulse: warning: %s\n", warning);
    }
  g_clear_pointer (&frame_start, phys_world_free);
  phys_event_log_free (&log);
  imp_cli_input_close (&input);
  int status = imp_cli_out_finish (&out);
  /* Edits were checked before the output began, so this is only a safety net. */
  return applies ? status : IMP_CLI_EXIT_USAGE;
}
