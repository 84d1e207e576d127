/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli.h: the headless command line (run, inspect, check, export). */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

/* Exit statuses, documented in the usage text and docs/trace-format.md. */
typedef enum
{
  IMP_CLI_EXIT_OK = 0,     /* done */
  IMP_CLI_EXIT_OUTPUT = 1, /* the output could not be written (closed pipe, full disk) */
  IMP_CLI_EXIT_USAGE = 2,  /* bad arguments or a bad scene file */
} ImpCliExit;

int imp_cli_main (int argc, char **argv);

char *imp_cli_suggest_ids (const PhysWorld *world, const char *id);

G_END_DECLS
