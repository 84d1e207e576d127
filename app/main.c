/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: the impulse program: the window (imp-application.c) on the files given
 * or on the first lesson's scene, or the headless command line (imp-cli.c).
 */
#include <locale.h>
#include <string.h>

#include "imp-application.h"
#include "imp-cli.h"
#include "imp-i18n.h"

/* The window takes no arguments, or files and URIs that exist; a verb, an option
 * or anything else is the command line's (which explains unknown words). */
static gboolean
wants_command_line (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (argv[i][0] == '-'
        || (strstr (argv[i], "://") == NULL && !g_file_test (argv[i], G_FILE_TEST_IS_REGULAR)))
      return TRUE;
  return FALSE;
}

int
main (int argc, char **argv)
{
  /* The user's language for both the window and the command line (which puts numbers
   * back in the C locale itself: its output is read by programs). */
  setlocale (LC_ALL, "");
  imp_i18n_init ();
  if (wants_command_line (argc, argv))
    return imp_cli_main (argc, argv);
  g_autoptr (ImpApplication) app = imp_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
