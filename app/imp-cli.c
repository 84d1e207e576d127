/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli.c: the headless command line: the usage text and the dispatcher that
 * hands each verb its arguments (one file per verb, imp-cli-private.h).
 *
 * Each verb parses its own options with a GOptionContext, loads the scene (or
 * the session: a scene and the edits made to it) through lessons/ exactly as the
 * GUI will, and writes whole lines to stdout (docs/trace-format.md); export
 * writes a file instead, through ui/imp-export.h (docs/export-format.md). Exit
 * statuses: 0 done, 1 output failed, 2 bad arguments or bad scene.
 */
#include "imp-cli-private.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>
#include <string.h>

#include "imp-suggest.h"

#ifndef IMPULSE_VERSION
#define IMPULSE_VERSION "unknown"
#endif

static const char *const usage_text = N_(
  "Usage: impulse COMMAND [ARGUMENTS...]\n"
  "       impulse [FILE...]\n"
  "\n"
  "Impulse: learn 2D collision physics by debugging it.\n"
  "Without a command, the window opens on each scene or session FILE, or on the\n"
  "first lesson's scene when there is none.\n"
  "\n"
  "Commands:\n"
  "  run SCENE --frames N [--jsonl] [--states] [--hash]\n"
  "                  step a scene N frames and print every collision event\n"
  "  inspect SCENE --frame K --pair A,B\n"
  "                  print the full detection record of one pair at frame K\n"
  "  export SCENE --frame K -o FILE.{svg,pdf,png,csv,jsonl}\n"
  "                  write an annotated figure of frame K, a strobe of several\n"
  "                  frames, PDF pages or data (docs/export-format.md)\n"
  "  check [--max-frames N] FILE\n"
  "                  validate a scene, session or lesson file\n"
  "  help [COMMAND]  show this text, or the options of a command\n"
  "\n"
  "Options:\n"
  "  -h, --help      show this text\n"
  "  --version       print the version\n"
  "\n"
  "SCENE is a scene file (docs/scene-format.md), a session file (a scene and the\n"
  "edits made to it, docs/session-format.md) or a resource:// URI.\n"
  "The output formats are described in docs/trace-format.md.\n"
  "Exit status: 0 done, 1 the output could not be written, 2 bad arguments or scene,\n"
  "or a frame that diverged.\n"
  "Run 'impulse COMMAND --help' for the options of a command.\n");

typedef int (*VerbFunc) (char **argv);

/* The verbs, one file each; "help" is the dispatcher's own. */
static const struct
{
  const char *name;
  VerbFunc run;
} verbs[] = {
  { "run", imp_cli_run },
  { "inspect", imp_cli_inspect },
  { "export", imp_cli_export },
  { "check", imp_cli_check },
};

static VerbFunc
find_verb (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (verbs); i++)
    if (g_str_equal (name, verbs[i].name))
      return verbs[i].run;
  return NULL;
}

static int
print_usage (void)
{
  ImpCliOut out;
  g_autoptr (GString) text = g_string_new (_(usage_text));

  imp_cli_out_init (&out);
  /* The usage text ends with a newline; out_line adds the last one itself. */
  g_string_truncate (text, text->len - 1);
  imp_cli_out_line (&out, text);
  return imp_cli_out_finish (&out);
}

static int
run_verb (const char *verb, char **argv)
{
  g_autofree char *prgname = g_strdup_printf ("impulse %s", verb);

  /* GOption's help says "Usage: impulse run [OPTION...]" from the program name. */
  g_set_prgname (prgname);
  return find_verb (verb) (argv);
}

/* Whether a word on the command line was meant as a file: it names a folder or
 * has an extension. */
static gboolean
looks_like_path (const char *word)
{
  return strchr (word, '/') != NULL || strchr (word, '.') != NULL;
}

/* argv[1] is no verb: the program was given files for the window (main.c hands
 * the command line over when one of them cannot be opened), or a mistyped verb.
 * Says which file the window cannot open and why, or which verb was meant. */
static int
not_a_verb (int argc, char **argv)
{
  const char *what = _("the window opens scene, session and lesson files; the commands are run, "
                        "inspect, export and check");

  for (int i = 1; i < argc; i++)
    {
      const char *word = argv[i];
      if (word[0] == '-')
        return imp_cli_usage_error (NULL, _("unknown option '%s'"), word);
      if (strstr (word, "://") != NULL || g_file_test (word, G_FILE_TEST_IS_REGULAR))
        continue;
      if (g_file_test (word, G_FILE_TEST_EXISTS))
        return imp_cli_usage_error (NULL, _("cannot open '%s': not a regular file (%s)"), word,
                                    what);
      if (i > 1 || looks_like_path (word))
        return imp_cli_usage_error (NULL, _("cannot open '%s': no such file (%s)"), word, what);
      const char *names[G_N_ELEMENTS (verbs) + 1];
      for (gsize k = 0; k < G_N_ELEMENTS (verbs); k++)
        names[k] = verbs[k].name;
      names[G_N_ELEMENTS (verbs)] = "help";
      const char *nearest = imp_suggest_nearest (word, names, G_N_ELEMENTS (names));
      if (nearest != NULL)
        return imp_cli_usage_error (NULL, _("unknown command '%s'; did you mean '%s'?"), word,
                                    nearest);
      return imp_cli_usage_error (NULL, _("unknown command '%s' (%s)"), word, what);
    }
  /* Only reached for files main.c would have opened itself. */
  return imp_cli_usage_error (NULL, _("'%s' is not a command (%s)"), argv[1], what);
}

/**
 * imp_cli_main:
 * @argc: argument count
 * @argv: the program's arguments
 *
 * Runs the command line.
 *
 * Returns: the exit status (#ImpCliExit)
 */
int
imp_cli_main (int argc, char **argv)
{
  /* Messages follow the user's language, but numbers never do: the trace is read
   * by programs, and a decimal comma would break every one of them. */
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");
  /* A closed pipe must become a write error we report (exit 1), not a silent kill. */
  signal (SIGPIPE, SIG_IGN);

  if (argc < 2)
    return print_usage ();

  const char *verb = argv[1];
  if (g_str_equal (verb, "-h") || g_str_equal (verb, "--help") || g_str_equal (verb, "-?"))
    return print_usage ();
  if (g_str_equal (verb, "--version"))
    {
      ImpCliOut out;
      g_autoptr (GString) line = g_string_new ("impulse " IMPULSE_VERSION);

      imp_cli_out_init (&out);
      imp_cli_out_line (&out, line);
      return imp_cli_out_finish (&out);
    }
  if (verb[0] == '-')
    return imp_cli_usage_error (NULL, _("unknown option '%s'"), verb);

  if (g_str_equal (verb, "help"))
    {
      if (argc < 3)
        return print_usage ();
      if (argc > 3)
        return imp_cli_usage_error (NULL, _("unexpected argument '%s'"), argv[3]);
      const char *topic = argv[2];
      if (find_verb (topic) == NULL)
        return imp_cli_usage_error (NULL, _("unknown command '%s'"), topic);
      char *help_argv[] = { argv[0], "--help", NULL };
      g_auto (GStrv) strv = g_strdupv (help_argv);
      return run_verb (topic, strv);
    }

  if (find_verb (verb) == NULL)
    return not_a_verb (argc, argv);

  /* The verb's own parser sees "impulse VERB" as its program and the rest as arguments. */
  g_auto (GStrv) verb_argv = g_new0 (char *, (gsize) argc);
  verb_argv[0] = g_strdup (argv[0]);
  for (int i = 2; i < argc; i++)
    verb_argv[i - 1] = g_strdup (argv[i]);
  return run_verb (verb, verb_argv);
}
