/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: the impulse program. Until the GUI lands, every invocation is the
 * headless command line (imp-cli.c).
 */
#include "imp-cli.h"

int
main (int argc, char **argv)
{
  return imp_cli_main (argc, argv);
}
