/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli-private.h: what the verbs of the command line share (imp-cli-common.c),
 * and the verbs themselves, one file each (imp-cli-run.c, imp-cli-inspect.c,
 * imp-cli-check.c, imp-cli-export.c); imp-cli.c picks one from the arguments.
 */
#pragma once

#include "imp-cli.h"
#include "imp-session-file.h"

G_BEGIN_DECLS

/* Largest frame count accepted: enough for any lesson, small enough for int64 arithmetic. */
#define IMP_CLI_MAX_FRAMES G_GINT64_CONSTANT (1000000000)

/* Whole lines waiting for stdout, and the first write error. */
typedef struct
{
  int fd;
  GString *pending;
  gboolean line_buffered;
  int error;
} ImpCliOut;

void imp_cli_out_init (ImpCliOut *out);
gboolean imp_cli_out_flush (ImpCliOut *out);
gboolean imp_cli_out_line (ImpCliOut *out, GString *line);
int imp_cli_out_finish (ImpCliOut *out);

int imp_cli_usage_error (const char *verb, const char *format, ...) G_GNUC_PRINTF (2, 3);
gboolean imp_cli_parse_count (const char *verb, const char *option, const char *text,
                              gint64 *value);
gboolean imp_cli_parse_verb_options (const char *verb, const char *parameters,
                                     const char *summary, const char *description,
                                     const GOptionEntry *entries, char ***argv);
const char *imp_cli_scene_argument (const char *verb, char **argv);

/* What a SCENE argument names: a scene, or a session whose edits are applied as
 * the world reaches their frames. */
typedef struct
{
  const char *path;        /* as given, for messages */
  ImpSessionFile *session; /* NULL for a scene */
  PhysWorld *world;        /* the world stepped: the scene's, or a copy of the session's */
  guint next_edit;         /* the session's first edit not applied yet */
} ImpCliInput;

gboolean imp_cli_input_open (ImpCliInput *input, const char *path);
void imp_cli_input_close (ImpCliInput *input);
gboolean imp_cli_input_check_edits (const ImpCliInput *input, gint64 frames);
gboolean imp_cli_input_apply_edits (ImpCliInput *input, GArray *applied);
gboolean imp_cli_input_step (ImpCliInput *input, PhysEventLog *log);
gboolean imp_cli_input_reach (ImpCliInput *input, gint64 frame);
/* The world has polygons or curves: its events may be rigid ones. */
gboolean imp_cli_world_has_rigid (const PhysWorld *world);
void imp_cli_append_session_member (GString *line, const ImpSessionFile *session);

/* The verbs: @argv is "impulse VERB" then the verb's arguments. */
int imp_cli_run (char **argv);
int imp_cli_inspect (char **argv);
int imp_cli_check (char **argv);
int imp_cli_export (char **argv);

G_END_DECLS
