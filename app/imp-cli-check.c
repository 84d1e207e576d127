/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli-check.c: `impulse check FILE`: validates a scene, session or lesson.
 */
#include "imp-cli-private.h"

#include <glib/gi18n.h>

#include "imp-lesson-goal.h"
#include "imp-lesson-setup.h"

int
imp_cli_check (char **argv)
{
  g_autofree char *max_text = NULL;
  const GOptionEntry entries[] = {
    { "max-frames", 0, 0, G_OPTION_ARG_STRING, &max_text,
      N_("Replay a session at most N frames (default 1000000)"), "N" },
    G_OPTION_ENTRY_NULL
  };
  gint64 max_frames = IMP_SESSION_FILE_REPLAY_LIMIT;
  const char *scene;

  if (!imp_cli_parse_verb_options (
          "check", "FILE", N_("Validates a scene, session or lesson file."),
          N_("Prints 'FILE: ok' and exits 0, or prints the first problem as\n"
             "'FILE:LINE:COLUMN: error: what was expected' on stderr and exits 2.\n"
             "A session is replayed up to its last edit, so that every edit is\n"
             "checked against the world it changes; an edit beyond --max-frames\n"
             "is an error before anything is stepped, so that a file cannot ask\n"
             "for hours of work. A lesson is played through\n"
             "with \"show me\" at every step: each goal must be unmet when its\n"
             "step starts and met after \"show me\"."),
          entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = imp_cli_scene_argument ("check", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;
  if (max_text != NULL && !imp_cli_parse_count ("check", "--max-frames", max_text, &max_frames))
    return IMP_CLI_EXIT_USAGE;

  if (imp_lesson_sniff (scene))
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) lesson = imp_lesson_check (scene, &error);
      if (lesson == NULL)
        {
          g_printerr ("%s\n", error->message);
          return IMP_CLI_EXIT_USAGE;
        }
    }
  else
    {
      ImpCliInput input;
      g_autoptr (GError) error = NULL;
      gboolean valid = imp_cli_input_open (&input, scene);
      if (valid && input.session != NULL
          && !imp_session_file_check_reach (input.session, max_frames, &error))
        {
          g_printerr ("%s\nimpulse: hint: %s\n", error->message,
                      _("'impulse check --max-frames N' replays up to frame N"));
          valid = FALSE;
        }
      valid = valid && imp_cli_input_check_edits (&input, G_MAXINT64);
      imp_cli_input_close (&input);
      if (!valid)
        return IMP_CLI_EXIT_USAGE;
    }

  ImpCliOut out;
  g_autoptr (GString) line = g_string_new (NULL);

  imp_cli_out_init (&out);
  g_string_append_printf (line, "%s: ok", scene);
  imp_cli_out_line (&out, line);
  return imp_cli_out_finish (&out);
}
