/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli-common.c: what every verb of the command line shares: whole lines to
 * stdout, usage errors, the verb's options and SCENE argument, and the input (a
 * scene, or a session whose edits apply as the world reaches their frames).
 */
#include "imp-cli-private.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "imp-json.h"
#include "imp-scene.h"

/* Pending output is written once it grows past this; only whole lines are written. */
#define OUT_CHUNK (64 * 1024)

void
imp_cli_out_init (ImpCliOut *out)
{
  out->fd = STDOUT_FILENO;
  out->pending = g_string_sized_new (OUT_CHUNK + 4096);
  /* Someone watching a terminal wants each event as it happens; pipes get large writes. */
  out->line_buffered = isatty (out->fd);
  out->error = 0;
}

gboolean
imp_cli_out_flush (ImpCliOut *out)
{
  gsize done = 0;

  while (out->error == 0 && done < out->pending->len)
    {
      ssize_t n = write (out->fd, out->pending->str + done, out->pending->len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        out->error = errno;
      else
        done += (gsize) n;
    }
  g_string_truncate (out->pending, 0);
  return out->error == 0;
}

/* Queues @line and a newline, then empties @line for the next one. */
gboolean
imp_cli_out_line (ImpCliOut *out, GString *line)
{
  g_string_append_len (out->pending, line->str, (gssize) line->len);
  g_string_append_c (out->pending, '\n');
  g_string_truncate (line, 0);
  if (out->line_buffered || out->pending->len >= OUT_CHUNK)
    return imp_cli_out_flush (out);
  return out->error == 0;
}

/* Flushes and frees; returns the exit status the output deserves. */
int
imp_cli_out_finish (ImpCliOut *out)
{
  imp_cli_out_flush (out);
  g_string_free (out->pending, TRUE);
  out->pending = NULL;
  if (out->error != 0)
    {
      /* A closed pipe means the reader had enough (as with "| head"): no news for them. */
      if (out->error != EPIPE)
        {
          g_autofree char *what
              = g_strdup_printf (_("cannot write the output: %s"), g_strerror (out->error));
          g_printerr ("impulse: error: %s\n", what);
        }
      return IMP_CLI_EXIT_OUTPUT;
    }
  return IMP_CLI_EXIT_OK;
}

/* Reports a bad command line on stderr and returns the exit status for it. */
int
imp_cli_usage_error (const char *verb, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("impulse: error: %s\n", message);
  if (verb != NULL)
    g_printerr (_("Try 'impulse %s --help' for more information.\n"), verb);
  else
    g_printerr (_("Try 'impulse --help' for more information.\n"));
  return IMP_CLI_EXIT_USAGE;
}

gboolean
imp_cli_parse_count (const char *verb, const char *option, const char *text, gint64 *value)
{
  guint64 parsed = 0;

  if (text == NULL
      || !g_ascii_string_to_unsigned (text, 10, 0, (guint64) IMP_CLI_MAX_FRAMES, &parsed, NULL))
    {
      imp_cli_usage_error (verb,
                           _("%s expects a whole number from 0 to %lld, not '%s'"), option,
                           (long long) IMP_CLI_MAX_FRAMES, text != NULL ? text : "");
      return FALSE;
    }
  *value = (gint64) parsed;
  return TRUE;
}

/* Parses a verb's options. Returns FALSE after reporting the problem. --help
 * prints the verb's help and exits 0 inside GOption. */
gboolean
imp_cli_parse_verb_options (const char *verb, const char *parameters, const char *summary,
                            const char *description, const GOptionEntry *entries, char ***argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (parameters);
  g_autoptr (GError) error = NULL;

  /* GOption looks the summary, the description and each entry's help up in the domain. */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse_strv (context, argv, &error))
    {
      imp_cli_usage_error (verb, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* Checks that exactly one SCENE argument is left after the options. */
const char *
imp_cli_scene_argument (const char *verb, char **argv)
{
  guint count = g_strv_length (argv);

  if (count < 2)
    {
      imp_cli_usage_error (verb, _("%s needs a SCENE file"), verb);
      return NULL;
    }
  if (count > 2)
    {
      imp_cli_usage_error (verb, _("unexpected argument '%s'"), argv[2]);
      return NULL;
    }
  if (argv[1][0] == '\0')
    {
      imp_cli_usage_error (verb, _("%s needs a SCENE file name, got an empty string"), verb);
      return NULL;
    }
  return argv[1];
}

/* Loads a scene or a session; on failure prints the loader's "FILE:LINE:COLUMN:
 * error: ..." message. */
gboolean
imp_cli_input_open (ImpCliInput *input, const char *path)
{
  g_autoptr (GError) error = NULL;

  memset (input, 0, sizeof *input);
  input->path = path;
  if (imp_session_file_sniff (path))
    {
      input->session = imp_session_file_load (path, &error);
      if (input->session != NULL)
        input->world = phys_world_copy (input->session->world);
    }
  else
    input->world = imp_scene_load_file (path, &error);
  if (input->world == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

void
imp_cli_input_close (ImpCliInput *input)
{
  g_clear_pointer (&input->world, phys_world_free);
  g_clear_pointer (&input->session, imp_session_file_free);
}

/* Replays a session's edits up to frame `frames` on a copy, so that an edit that
 * does not apply is reported before anything is written to stdout. */
gboolean
imp_cli_input_check_edits (const ImpCliInput *input, gint64 frames)
{
  gint64 last = input->session != NULL ? imp_session_file_last_edit_frame (input->session) : -1;
  g_autoptr (GError) error = NULL;

  if (last < 0)
    return TRUE;
  PhysWorld *world = imp_session_file_replay (input->session, MIN (frames, last), NULL, &error);
  if (world == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  phys_world_free (world);
  return TRUE;
}

/* Applies the session's edits due at the world's frame; prints why when one does
 * not apply. Each applied edit goes to @applied, when given. */
gboolean
imp_cli_input_apply_edits (ImpCliInput *input, GArray *applied)
{
  g_autoptr (GError) error = NULL;
  guint first = input->next_edit;

  if (input->session == NULL)
    return TRUE;
  gboolean ok
      = imp_session_file_apply_edits (input->session, input->world, &input->next_edit, &error);
  if (applied != NULL && input->next_edit > first)
    g_array_append_vals (applied, &g_array_index (input->session->edits, ImpSessionFileEdit, first),
                         input->next_edit - first);
  if (!ok)
    g_printerr ("%s\n", error->message);
  return ok;
}

/* Steps one frame; when it diverges (the world halts), says why and returns FALSE. */
gboolean
imp_cli_input_step (ImpCliInput *input, PhysEventLog *log)
{
  phys_world_step (input->world, log);
  PhysHalt halt = phys_world_halt (input->world);
  if (halt.kind == PHYS_HALT_NONE)
    return TRUE;
  g_autofree char *why = imp_scene_describe_halt (input->world, halt);
  g_printerr ("%s: error: %s\n", input->path, why);
  return FALSE;
}

/* Steps (applying a session's edits on the way) until state `frame`, edits at
 * `frame` included. */
gboolean
imp_cli_input_reach (ImpCliInput *input, gint64 frame)
{
  for (;;)
    {
      if (!imp_cli_input_apply_edits (input, NULL))
        return FALSE;
      if (phys_world_frame (input->world) >= frame)
        return TRUE;
      if (!imp_cli_input_step (input, NULL))
        return FALSE;
    }
}

/* Adds "session":{...} at the end of a trace header line: the scene file (null when
 * inline), every edit as the session file spells it, and the bookmarks. */
void
imp_cli_append_session_member (GString *line, const ImpSessionFile *session)
{
  ImpJson json;

  g_return_if_fail (line->len > 0 && line->str[line->len - 1] == '}');
  g_string_truncate (line, line->len - 1);
  g_string_append (line, ",\"session\":");
  imp_json_init (&json, line);
  imp_json_begin_object (&json, NULL);
  imp_json_string (&json, "scene", session->scene_path);
  imp_json_begin_array (&json, "edits");
  for (guint i = 0; i < session->edits->len; i++)
    imp_session_file_write_edit (&json, NULL,
                                 &g_array_index (session->edits, ImpSessionFileEdit, i));
  imp_json_end_array (&json);
  imp_json_begin_array (&json, "bookmarks");
  for (guint i = 0; i < session->bookmarks->len; i++)
    imp_session_file_write_bookmark (
        &json, NULL, &g_array_index (session->bookmarks, ImpSessionFileBookmark, i));
  imp_json_end_array (&json);
  imp_json_end_object (&json);
  g_string_append_c (line, '}');
}

gboolean
imp_cli_world_has_rigid (const PhysWorld *world)
{
  return phys_world_polygon_count (world) > 0 || phys_world_curve_count (world) > 0;
}
