/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli-export.c: `impulse export SCENE -o FILE`: a figure or data of a scene
 * or session, through ui/imp-export.h (docs/export-format.md).
 */
#include "imp-cli-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-export-options.h"
#include "imp-scene.h"
#include "imp-session-timeline.h"
#include "imp-trace.h"

/* The trace of frames @first to @last (docs/trace-format.md), exactly as
 * 'impulse run --jsonl' writes it, but from state @first: a header with state
 * @first, the events and states of each frame as asked, the end line. */
static gboolean
export_trace (ImpCliInput *input, const char *scene, gint64 first, gint64 last, gboolean events,
              gboolean states, GString *out)
{
  g_autoptr (GString) line = g_string_new (NULL);
  PhysEventLog log;
  guint64 written = 0;
  gboolean ok = TRUE;

  if (!imp_cli_input_reach (input, first))
    return FALSE;
  PhysWorld *world = input->world;
  PhysWorld *frame_start = NULL;
  imp_trace_write_header (line, scene, world, last - first + 1, states);
  if (input->session != NULL)
    imp_cli_append_session_member (line, input->session);
  g_string_append_printf (out, "%s\n", line->str);
  g_string_truncate (line, 0);

  phys_event_log_init (&log);
  for (gint64 frame = first; ok && frame <= last; frame++)
    {
      if (frame > first && !(ok = imp_cli_input_apply_edits (input, NULL)))
        break;
      phys_event_log_clear (&log);
      g_clear_pointer (&frame_start, phys_world_free);
      if (events && imp_cli_world_has_rigid (world))
        frame_start = phys_world_copy (world);
      if (!(ok = imp_cli_input_step (input, &log)))
        break;
      for (size_t e = 0; events && e < log.count; e++)
        {
          imp_trace_write_event (line, world, frame_start, &log.events[e]);
          g_string_append_printf (out, "%s\n", line->str);
          g_string_truncate (line, 0);
          written++;
        }
      if (states)
        {
          imp_trace_write_state (line, world, frame);
          g_string_append_printf (out, "%s\n", line->str);
          g_string_truncate (line, 0);
        }
    }
  g_clear_pointer (&frame_start, phys_world_free);
  phys_event_log_free (&log);
  /* As in 'run': the final state is the session's state there, its edits applied. */
  if (ok && !imp_cli_input_apply_edits (input, NULL))
    return FALSE;
  if (ok)
    {
      imp_trace_write_end (line, world, last - first + 1, written);
      g_string_append_printf (out, "%s\n", line->str);
    }
  return ok;
}

/* Records until the state @state can be visited; when the recording diverges
 * before, says why (as 'run' does) and returns FALSE. */
static gboolean
record_until (PhysTimeline *timeline, gint64 state, const char *scene)
{
  for (;;)
    {
      gint64 missing
          = state - phys_timeline_first_frame (timeline) - phys_timeline_length (timeline);
      if (missing <= 0)
        return TRUE;
      if (phys_timeline_record (timeline, missing) == 0)
        break;
    }
  PhysHalt halt = phys_timeline_halt (timeline);
  if (halt.kind == PHYS_HALT_NONE)
    return TRUE;
  g_autofree char *why = imp_scene_describe_halt (phys_timeline_seek (timeline, halt.frame), halt);
  g_printerr ("%s: error: %s\n", scene, why);
  return FALSE;
}

static char *
already_exists (const char *output)
{
  return g_strdup_printf (_("'%s' already exists; add --force to replace it"), output);
}

/* Reports an export error; returns the exit status it deserves. */
static int
export_error (const char *output, const GError *error)
{
  if (g_error_matches (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EXISTS))
    {
      g_autofree char *message = already_exists (output);
      g_printerr ("impulse: error: %s\n", message);
      return IMP_CLI_EXIT_USAGE;
    }
  g_printerr ("impulse: error: %s\n", error->message);
  return g_error_matches (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_IO) ? IMP_CLI_EXIT_OUTPUT
                                                                         : IMP_CLI_EXIT_USAGE;
}

/* "a, b, c" in lines of at most 80 columns indented by two spaces, for --help;
 * takes @names. */
static char *
wrap_names (char *names)
{
  g_auto (GStrv) words = g_strsplit (names, " ", -1);
  GString *text = g_string_new ("  ");
  gsize column = 2;

  for (guint i = 0; words[i] != NULL; i++)
    {
      gsize length = strlen (words[i]);
      if (column > 2 && column + 1 + length > 80)
        {
          g_string_append (text, "\n  ");
          column = 2;
        }
      else if (column > 2)
        {
          g_string_append_c (text, ' ');
          column++;
        }
      g_string_append (text, words[i]);
      column += length;
    }
  g_free (names);
  return g_string_free (text, FALSE);
}

static const char *const export_description = N_(
  "Writes a figure of one moment of a scene or session, or its data, to FILE; the\n"
  "format comes from FILE's extension. See docs/export-format.md.\n"
  "\n"
  "Figures (.svg, .pdf, .png): --frame K draws frame K (the interval from state K\n"
  "to state K + 1) at its start, at --t T (a fraction of the frame, 0 to 1), or at\n"
  "--stop start, before, after (the selected event's response) or end. --event N\n"
  "selects the frame's event N (from 0, in the order of the trace; default 0) and\n"
  "draws its math; --event none selects nothing. --fit focus (default) shows the\n"
  "selected event's surroundings, --fit world the whole world.\n"
  "--strobe A..B lays the bodies at every frame boundary from the start of frame\n"
  "A to the end of frame B faded (the older the fainter; --exposures N takes N\n"
  "moments per frame) under frame K drawn solid (by default just before the\n"
  "selected event's response).\n"
  "With a .pdf, --frames A..B makes one page per frame instead.\n"
  "--overlays takes names separated by commas, '-NAME' taking one away (as in\n"
  "default,ids,-legend; default: default):\n");

/* After the overlay names. */
static const char *const export_description_end = N_(
  "\n"
  "\n"
  "Data (.csv, .jsonl): --frames A..B (or --frame K) writes frames A to B. A CSV\n"
  "file holds one table, --data states (default) or --data events. JSON Lines are\n"
  "the trace of 'impulse run --jsonl --states' from state A; --data events leaves\n"
  "the states out, --data states the events.\n"
  "\n"
  "An existing FILE is replaced only with --force, and a file is written whole or\n"
  "not at all. The same command gives the same bytes.\n"
  "\n"
  "Exit status: 0 done, 1 the file could not be written, 2 bad arguments or scene.");

/* Writes the export the options ask for; after the command line was read. */
static int
export_file (const char *scene, const char *const *values, const char *output, gboolean force)
{
  ImpExportOptions options;
  ImpExportFormat format;
  g_autoptr (GError) error = NULL;

  if (output == NULL)
    return imp_cli_usage_error ("export",
                                _("export needs -o FILE (.svg, .pdf, .png, .csv or .jsonl)"));
  if (!imp_export_format_from_path (output, &format))
    return imp_cli_usage_error ("export",
                                _("cannot tell the format of '%s' from its extension; use .svg, "
                                  ".pdf, .png, .csv or .jsonl"),
                                output);
  if (!imp_export_options_parse (&options, format, values, &error))
    return imp_cli_usage_error ("export", "%s", error->message);
  options.overwrite = force;

  /* Refused before any work; the write checks again, atomically. */
  if (!force && g_file_test (output, G_FILE_TEST_EXISTS))
    {
      g_autofree char *message = already_exists (output);
      g_printerr ("impulse: error: %s\n", message);
      return IMP_CLI_EXIT_USAGE;
    }

  ImpCliInput input;
  if (!imp_cli_input_open (&input, scene))
    {
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  if (format == IMP_EXPORT_FORMAT_JSONL)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      gboolean ok = imp_cli_input_check_edits (&input, options.last + 1)
                    && export_trace (&input, scene, options.first, options.last,
                                     options.kind != IMP_EXPORT_KIND_STATES,
                                     options.kind != IMP_EXPORT_KIND_EVENTS, text);
      imp_cli_input_close (&input);
      if (!ok)
        return IMP_CLI_EXIT_USAGE;
      g_autoptr (GBytes) bytes = g_string_free_to_bytes (g_steal_pointer (&text));
      if (!imp_export_write_file (output, bytes, force, &error))
        return export_error (output, error);
      return IMP_CLI_EXIT_OK;
    }

  PhysTimeline *timeline = input.session != NULL
                               ? imp_session_file_to_timeline (input.session, NULL, &error)
                               : phys_timeline_new (input.world, NULL);
  if (timeline == NULL)
    {
      g_printerr ("%s\n", error->message);
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  if (!record_until (timeline, imp_export_last_state (&options), scene))
    {
      phys_timeline_free (timeline);
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  /* A strobe shows its frame just before the response, where the math is drawn;
   * a frame without an event (or only the event cap) at its start. */
  if (options.kind == IMP_EXPORT_KIND_STROBE && values[IMP_EXPORT_OPTION_T] == NULL
      && values[IMP_EXPORT_OPTION_STOP] == NULL)
    {
      int event = options.event == IMP_EXPORT_EVENT_FIRST ? 0 : options.event;
      if (event >= 0 && event < phys_timeline_event_count (timeline, options.frame)
          && phys_timeline_event_brief (timeline, options.frame, event).kind
                 != PHYS_EVENT_EVENT_CAP)
        options.moment = IMP_EXPORT_AT_BEFORE;
    }

  ImpFrames *frames = imp_frames_new_for_timeline (timeline);
  gboolean ok = imp_export_to_file (frames, &options, output, &error);
  imp_frames_free (frames);
  phys_timeline_free (timeline);
  imp_cli_input_close (&input);
  return ok ? IMP_CLI_EXIT_OK : export_error (output, error);
}

int
imp_cli_export (char **argv)
{
  /* Each option of the table as text, filled by GOption; --force and -o besides. */
  char *values[IMP_EXPORT_N_OPTIONS] = { NULL };
  g_autofree char *output = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[IMP_EXPORT_N_OPTIONS + 3];
  int status = IMP_CLI_EXIT_USAGE;

  for (int i = 0; i < IMP_EXPORT_N_OPTIONS; i++)
    {
      const ImpExportOptionInfo *info = imp_export_option_info ((ImpExportOption) i);
      entries[i] = (GOptionEntry){ .long_name = info->name,
                                   .arg = G_OPTION_ARG_STRING,
                                   .arg_data = &values[i],
                                   .description = info->help,
                                   .arg_description = info->value };
    }
  entries[IMP_EXPORT_N_OPTIONS] = (GOptionEntry){ .long_name = "force",
                                                  .arg = G_OPTION_ARG_NONE,
                                                  .arg_data = &force,
                                                  .description = N_("Replace FILE if it exists") };
  entries[IMP_EXPORT_N_OPTIONS + 1]
      = (GOptionEntry){ .long_name = "output",
                        .short_name = 'o',
                        .arg = G_OPTION_ARG_FILENAME,
                        .arg_data = &output,
                        .description = N_("The file to write (required): .svg, .pdf, .png, "
                                          ".csv or .jsonl"),
                        .arg_description = "FILE" };
  entries[IMP_EXPORT_N_OPTIONS + 2] = (GOptionEntry){ NULL };

  g_autofree char *overlay_names = wrap_names (imp_export_overlay_names ());
  g_autofree char *description
      = g_strconcat (_(export_description), overlay_names, _(export_description_end), NULL);
  const char *scene;

  if (imp_cli_parse_verb_options ("export", "SCENE -o FILE",
                                  N_("Writes an annotated figure (SVG, PDF, PNG) or data (CSV, "
                                     "JSON Lines)."),
                                  description, entries, &argv)
      && (scene = imp_cli_scene_argument ("export", argv)) != NULL)
    status = export_file (scene, (const char *const *) values, output, force);
  for (int i = 0; i < IMP_EXPORT_N_OPTIONS; i++)
    g_free (values[i]);
  return status;
}
