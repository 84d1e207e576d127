/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli.c: the headless command line.
 *
 * Each verb parses its own options with a GOptionContext, loads the scene (or
 * the session: a scene and the edits made to it) through lessons/ exactly as the
 * GUI will, and writes whole lines to stdout (docs/trace-format.md). Exit
 * statuses: 0 done, 1 output failed, 2 bad arguments or bad scene.
 */
#include "imp-cli.h"

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "imp-json.h"
#include "imp-scene.h"
#include "imp-session-file.h"
#include "imp-suggest.h"
#include "imp-trace.h"

#ifndef IMPULSE_VERSION
#define IMPULSE_VERSION "unknown"
#endif

/* Largest frame count accepted: enough for any lesson, small enough for int64 arithmetic. */
#define MAX_FRAMES G_GINT64_CONSTANT (1000000000)

/* Pending output is written once it grows past this; only whole lines are written. */
#define OUT_CHUNK (64 * 1024)

/* How many ids an error lists when none is close to what was typed. */
#define MAX_LISTED_IDS 10

static const char usage_text[] =
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
  "  check SCENE     validate a scene or session file\n"
  "  help [COMMAND]  show this text, or the options of a command\n"
  "\n"
  "Options:\n"
  "  -h, --help      show this text\n"
  "  --version       print the version\n"
  "\n"
  "SCENE is a scene file (docs/scene-format.md), a session file (a scene and the\n"
  "edits made to it, docs/session-format.md) or a resource:// URI.\n"
  "The output formats are described in docs/trace-format.md.\n"
  "Exit status: 0 done, 1 the output could not be written, 2 bad arguments or scene.\n"
  "Run 'impulse COMMAND --help' for the options of a command.\n";

static const char *const verbs[] = { "run", "inspect", "check", "help" };

/* Whole lines waiting for stdout, and the first write error. */
typedef struct
{
  int fd;
  GString *pending;
  gboolean line_buffered;
  int error;
} ImpCliOut;

static void
out_init (ImpCliOut *out)
{
  out->fd = STDOUT_FILENO;
  out->pending = g_string_sized_new (OUT_CHUNK + 4096);
  /* Someone watching a terminal wants each event as it happens; pipes get large writes. */
  out->line_buffered = isatty (out->fd);
  out->error = 0;
}

static gboolean
out_flush (ImpCliOut *out)
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
static gboolean
out_line (ImpCliOut *out, GString *line)
{
  g_string_append_len (out->pending, line->str, (gssize) line->len);
  g_string_append_c (out->pending, '\n');
  g_string_truncate (line, 0);
  if (out->line_buffered || out->pending->len >= OUT_CHUNK)
    return out_flush (out);
  return out->error == 0;
}

/* Flushes and frees; returns the exit status the output deserves. */
static int
out_finish (ImpCliOut *out)
{
  out_flush (out);
  g_string_free (out->pending, TRUE);
  out->pending = NULL;
  if (out->error != 0)
    {
      /* A closed pipe means the reader had enough (as with "| head"): no news for them. */
      if (out->error != EPIPE)
        g_printerr ("impulse: error: cannot write the output: %s\n", g_strerror (out->error));
      return IMP_CLI_EXIT_OUTPUT;
    }
  return IMP_CLI_EXIT_OK;
}

static int
usage_error (const char *verb, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* Reports a bad command line on stderr and returns the exit status for it. */
static int
usage_error (const char *verb, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("impulse: error: %s\n", message);
  if (verb != NULL)
    g_printerr ("Try 'impulse %s --help' for more information.\n", verb);
  else
    g_printerr ("Try 'impulse --help' for more information.\n");
  return IMP_CLI_EXIT_USAGE;
}

static gboolean
parse_count (const char *verb, const char *option, const char *text, gint64 *value)
{
  guint64 parsed = 0;

  if (text == NULL
      || !g_ascii_string_to_unsigned (text, 10, 0, (guint64) MAX_FRAMES, &parsed, NULL))
    {
      usage_error (verb, "%s expects a whole number from 0 to %" G_GINT64_FORMAT ", not '%s'",
                   option, MAX_FRAMES, text != NULL ? text : "");
      return FALSE;
    }
  *value = (gint64) parsed;
  return TRUE;
}

/* Parses a verb's options. Returns FALSE after reporting the problem. --help
 * prints the verb's help and exits 0 inside GOption. */
static gboolean
parse_verb_options (const char *verb, const char *parameters, const char *summary,
                    const char *description, const GOptionEntry *entries, char ***argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (parameters);
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse_strv (context, argv, &error))
    {
      usage_error (verb, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* Checks that exactly one SCENE argument is left after the options. */
static const char *
scene_argument (const char *verb, char **argv)
{
  guint count = g_strv_length (argv);

  if (count < 2)
    {
      usage_error (verb, "%s needs a SCENE file", verb);
      return NULL;
    }
  if (count > 2)
    {
      usage_error (verb, "unexpected argument '%s'", argv[2]);
      return NULL;
    }
  return argv[1];
}

/* What a SCENE argument names: a scene, or a session whose edits are applied as
 * the world reaches their frames. */
typedef struct
{
  ImpSessionFile *session; /* NULL for a scene */
  PhysWorld *world;        /* the world stepped: the scene's, or a copy of the session's */
  guint next_edit;         /* the session's first edit not applied yet */
} ImpCliInput;

/* Loads a scene or a session; on failure prints the loader's "FILE:LINE:COLUMN:
 * error: ..." message. */
static gboolean
input_open (ImpCliInput *input, const char *path)
{
  g_autoptr (GError) error = NULL;

  memset (input, 0, sizeof *input);
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

static void
input_close (ImpCliInput *input)
{
  g_clear_pointer (&input->world, phys_world_free);
  g_clear_pointer (&input->session, imp_session_file_free);
}

/* Replays a session's edits up to frame `frames` on a copy, so that an edit that
 * does not apply is reported before anything is written to stdout. */
static gboolean
input_check_edits (const ImpCliInput *input, gint64 frames)
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
static gboolean
input_apply_edits (ImpCliInput *input, GArray *applied)
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

/* Steps (applying a session's edits on the way) until state `frame`, edits at
 * `frame` included. */
static gboolean
input_reach (ImpCliInput *input, gint64 frame)
{
  for (;;)
    {
      if (!input_apply_edits (input, NULL))
        return FALSE;
      if (phys_world_frame (input->world) >= frame)
        return TRUE;
      phys_world_step (input->world, NULL);
    }
}

/* Adds "session":{...} at the end of a trace header line: the scene file (null when
 * inline), every edit as the session file spells it, and the bookmarks. */
static void
append_session_member (GString *line, const ImpSessionFile *session)
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
  gboolean applies = input_apply_edits (input, applied);

  for (guint i = 0; describe && *ok && i < applied->len; i++)
    {
      describe_edit (line, &g_array_index (applied, ImpSessionFileEdit, i));
      *ok = out_line (out, line);
    }
  return applies;
}

static const char run_description[] =
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
  "Exit status: 0 done, 1 the output could not be written, 2 bad arguments or scene.";

static int
verb_run (char **argv)
{
  g_autofree char *frames_text = NULL;
  gboolean jsonl = FALSE;
  gboolean states = FALSE;
  gboolean hash = FALSE;
  const GOptionEntry entries[] = {
    { "frames", 0, 0, G_OPTION_ARG_STRING, &frames_text, "Number of frames to step (required)",
      "N" },
    { "jsonl", 0, 0, G_OPTION_ARG_NONE, &jsonl, "One JSON object per line (the trace format)",
      NULL },
    { "states", 0, 0, G_OPTION_ARG_NONE, &states, "Also print every body's state after each frame",
      NULL },
    { "hash", 0, 0, G_OPTION_ARG_NONE, &hash, "End with the hash of the final state", NULL },
    G_OPTION_ENTRY_NULL
  };
  gint64 frames = 0;
  const char *scene;

  if (!parse_verb_options ("run", "SCENE --frames N", "Steps a scene and prints every event.",
                           run_description, entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = scene_argument ("run", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;
  if (frames_text == NULL)
    return usage_error ("run", "run needs --frames N");
  if (!parse_count ("run", "--frames", frames_text, &frames))
    return IMP_CLI_EXIT_USAGE;

  ImpCliInput input;
  if (!input_open (&input, scene) || !input_check_edits (&input, frames))
    {
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  ImpCliOut out;
  PhysEventLog log;
  g_autoptr (GString) line = g_string_new (NULL);
  guint64 n_events = 0;
  gboolean ok = TRUE;
  gboolean applies;
  PhysWorld *world = input.world;

  out_init (&out);
  phys_event_log_init (&log);

  /* State 0 of a session is its edited state: the edits at frame 0 come first. */
  applies = run_apply_edits (&input, !jsonl, &out, line, &ok);
  if (ok && applies && jsonl)
    {
      imp_trace_write_header (line, scene, world, frames, states);
      if (input.session != NULL)
        append_session_member (line, input.session);
      ok = out_line (&out, line);
    }
  else if (ok && applies && states)
    {
      imp_trace_describe_state (line, world, phys_world_frame (world) - 1);
      ok = out_line (&out, line);
    }

  for (gint64 i = 0; ok && applies && i < frames; i++)
    {
      gint64 frame = phys_world_frame (world);

      if (i > 0 && !(applies = run_apply_edits (&input, !jsonl, &out, line, &ok)))
        break;
      phys_event_log_clear (&log);
      phys_world_step (world, &log);
      for (size_t e = 0; ok && e < log.count; e++)
        {
          if (jsonl)
            imp_trace_write_event (line, world, &log.events[e]);
          else
            imp_trace_describe_event (line, world, &log.events[e]);
          ok = out_line (&out, line);
        }
      n_events += log.count;

      if (ok && states)
        {
          if (jsonl)
            imp_trace_write_state (line, world, frame);
          else
            imp_trace_describe_state (line, world, frame);
          ok = out_line (&out, line);
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
      ok = out_line (&out, line);
    }
  if (ok && applies && hash)
    {
      if (jsonl)
        imp_trace_write_hash (line, world);
      else
        imp_trace_describe_hash (line, world);
      out_line (&out, line);
    }

  phys_event_log_free (&log);
  input_close (&input);
  int status = out_finish (&out);
  /* Edits were checked before the output began, so this is only a safety net. */
  return applies ? status : IMP_CLI_EXIT_USAGE;
}

typedef struct
{
  guint distance;
  guint order;
  const char *name;
} Candidate;

static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  /* Equal distances keep the scene's order so the message is the same every time. */
  return x->order < y->order ? -1 : x->order > y->order ? 1 : 0;
}

/**
 * imp_cli_suggest_ids:
 * @world: the scene's world
 * @id: an id that names no body
 *
 * Describes the ids closest to @id (by edit distance, at most five), or lists
 * the scene's ids when none is close, for an error message.
 *
 * Returns: (transfer full): "did you mean 'x' or 'y'?" or "the ids are: a, b, c"
 */
char *
imp_cli_suggest_ids (const PhysWorld *world, const char *id)
{
  g_autoptr (GArray) candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  static const PhysBodyKind kinds[] = { PHYS_BODY_CIRCLE, PHYS_BODY_SEGMENT, PHYS_BODY_PROBE };
  /* Close enough to be a typo: one edit in three, at least one, and never so many
   * that a short id would match every other short id. */
  guint threshold = (guint) MIN (MAX (1, strlen (id) / 3), strlen (id) > 0 ? strlen (id) - 1 : 0);
  GString *message = g_string_new (NULL);
  guint order = 0;
  guint near = 0;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      int count = kinds[k] == PHYS_BODY_CIRCLE    ? phys_world_circle_count (world)
                  : kinds[k] == PHYS_BODY_SEGMENT ? phys_world_segment_count (world)
                                                  : phys_world_probe_count (world);
      for (int i = 0; i < count; i++)
        {
          PhysBodyRef ref = { kinds[k], i };
          Candidate candidate = { 0, order++, phys_world_body_name (world, ref) };
          candidate.distance = imp_suggest_distance (id, candidate.name);
          g_array_append_val (candidates, candidate);
        }
    }

  if (candidates->len == 0)
    {
      g_string_append (message, "the scene has no bodies");
      return g_string_free (message, FALSE);
    }

  g_array_sort (candidates, compare_candidates);
  for (guint i = 0; i < candidates->len && i < 5; i++)
    if (g_array_index (candidates, Candidate, i).distance <= threshold)
      near++;

  if (near > 0)
    {
      g_string_append (message, "did you mean ");
      for (guint i = 0; i < near; i++)
        {
          if (i > 0)
            g_string_append (message, i + 1 == near ? " or " : ", ");
          g_string_append_printf (message, "'%s'", g_array_index (candidates, Candidate, i).name);
        }
      g_string_append_c (message, '?');
    }
  else
    {
      g_string_append (message, "the ids are: ");
      /* The scene's order reads better than an order by distance when nothing is close. */
      for (guint i = 0; i < candidates->len; i++)
        g_array_index (candidates, Candidate, i).distance = 0;
      g_array_sort (candidates, compare_candidates);
      for (guint i = 0; i < candidates->len && i < MAX_LISTED_IDS; i++)
        g_string_append_printf (message, "%s%s", i > 0 ? ", " : "",
                                g_array_index (candidates, Candidate, i).name);
      if (candidates->len > MAX_LISTED_IDS)
        g_string_append_printf (message, " and %u more", candidates->len - MAX_LISTED_IDS);
    }
  return g_string_free (message, FALSE);
}

static const char *
kind_noun (PhysBodyKind kind)
{
  switch (kind)
    {
    case PHYS_BODY_CIRCLE: return "circle";
    case PHYS_BODY_SEGMENT: return "segment";
    case PHYS_BODY_PROBE: return "probe";
    default: return "body";
    }
}

/* Splits "A,B" into two ids that both name bodies. Ids may themselves hold
 * commas, so every comma is tried, from the left. */
static gboolean
resolve_pair (const PhysWorld *world, const char *scene, const char *text, PhysBodyRef *a,
              PhysBodyRef *b)
{
  const char *first_comma = strchr (text, ',');

  if (first_comma == NULL)
    {
      usage_error ("inspect", "--pair expects two ids separated by a comma, as in a,b; not '%s'",
                   text);
      return FALSE;
    }
  for (const char *comma = first_comma; comma != NULL; comma = strchr (comma + 1, ','))
    {
      g_autofree char *left = g_strndup (text, (gsize) (comma - text));
      if (phys_world_find (world, left, a) && phys_world_find (world, comma + 1, b))
        return TRUE;
    }

  g_autofree char *left = g_strndup (text, (gsize) (first_comma - text));
  const char *unknown = phys_world_find (world, left, a) ? first_comma + 1 : left;
  g_autofree char *hint = imp_cli_suggest_ids (world, unknown);
  usage_error ("inspect", "no body has the id '%s' in %s; %s", unknown, scene, hint);
  return FALSE;
}

static const char inspect_description[] =
  "Steps K frames from the scene's initial state (frame 0 starts from it), then\n"
  "prints one JSON object with every value of the test the step would run on the\n"
  "pair in frame K, whether or not they collide. Pairs: two circles, a circle and\n"
  "a segment, or a probe and a segment, in either order. See docs/trace-format.md.\n"
  "A session file is replayed with its edits up to frame K, those at K included,\n"
  "and the pair is named as the bodies are then.\n"
  "\n"
  "Exit status: 0 done, 1 the output could not be written, 2 bad arguments or scene.";

static int
verb_inspect (char **argv)
{
  g_autofree char *frame_text = NULL;
  g_autofree char *pair_text = NULL;
  const GOptionEntry entries[] = {
    { "frame", 0, 0, G_OPTION_ARG_STRING, &frame_text, "Frame to inspect (required)", "K" },
    { "pair", 0, 0, G_OPTION_ARG_STRING, &pair_text, "The two bodies, by id (required)", "A,B" },
    G_OPTION_ENTRY_NULL
  };
  gint64 frame = 0;
  const char *scene;

  if (!parse_verb_options ("inspect", "SCENE --frame K --pair A,B",
                           "Prints the full detection record of one pair at one frame.",
                           inspect_description, entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = scene_argument ("inspect", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;
  if (frame_text == NULL)
    return usage_error ("inspect", "inspect needs --frame K");
  if (pair_text == NULL)
    return usage_error ("inspect", "inspect needs --pair A,B");
  if (!parse_count ("inspect", "--frame", frame_text, &frame))
    return IMP_CLI_EXIT_USAGE;

  ImpCliInput input;
  if (!input_open (&input, scene))
    {
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  /* Edits may add and remove bodies, so a session's pair is named as of frame K. */
  if (input.session != NULL && !input_reach (&input, frame))
    {
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  PhysWorld *world = input.world;

  PhysBodyRef a, b;
  if (!resolve_pair (world, scene, pair_text, &a, &b))
    {
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  if (a.kind == b.kind && a.index == b.index)
    {
      int status = usage_error ("inspect", "--pair names '%s' twice; a pair needs two bodies",
                                phys_world_body_name (world, a));
      input_close (&input);
      return status;
    }

  /* The record is circle or probe first; accept the segment first too. */
  if (a.kind == PHYS_BODY_SEGMENT)
    {
      PhysBodyRef swap = a;
      a = b;
      b = swap;
    }
  gboolean testable = (a.kind == PHYS_BODY_CIRCLE
                       && (b.kind == PHYS_BODY_CIRCLE || b.kind == PHYS_BODY_SEGMENT))
                      || (a.kind == PHYS_BODY_PROBE && b.kind == PHYS_BODY_SEGMENT);
  if (!testable)
    {
      int status = usage_error ("inspect",
                                "no test between a %s and a %s; pairs are circle-circle, "
                                "circle-segment or probe-segment",
                                kind_noun (a.kind), kind_noun (b.kind));
      input_close (&input);
      return status;
    }

  if (!input_reach (&input, frame))
    {
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  PhysPairRecord record;
  PhysStatus status = phys_world_inspect_pair (world, a, b, &record);
  if (status != PHYS_OK)
    {
      g_printerr ("impulse: error: cannot inspect the pair: %s\n", phys_status_name (status));
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  ImpCliOut out;
  g_autoptr (GString) line = g_string_new (NULL);

  out_init (&out);
  imp_trace_write_pair (line, scene, world, &record);
  out_line (&out, line);
  input_close (&input);
  return out_finish (&out);
}

static int
verb_check (char **argv)
{
  const GOptionEntry entries[] = { G_OPTION_ENTRY_NULL };
  const char *scene;

  if (!parse_verb_options ("check", "SCENE", "Validates a scene or session file.",
                           "Prints 'SCENE: ok' and exits 0, or prints the first problem as\n"
                           "'FILE:LINE:COLUMN: error: what was expected' on stderr and exits 2.\n"
                           "A session is replayed up to its last edit, so that every edit is\n"
                           "checked against the world it changes.",
                           entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = scene_argument ("check", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;

  ImpCliInput input;
  gboolean valid = input_open (&input, scene) && input_check_edits (&input, G_MAXINT64);
  input_close (&input);
  if (!valid)
    return IMP_CLI_EXIT_USAGE;

  ImpCliOut out;
  g_autoptr (GString) line = g_string_new (NULL);

  out_init (&out);
  g_string_append_printf (line, "%s: ok", scene);
  out_line (&out, line);
  return out_finish (&out);
}

static int
print_usage (void)
{
  ImpCliOut out;
  g_autoptr (GString) text = g_string_new (usage_text);

  out_init (&out);
  /* The usage text ends with a newline; out_line adds the last one itself. */
  g_string_truncate (text, text->len - 1);
  out_line (&out, text);
  return out_finish (&out);
}

static int
run_verb (const char *verb, char **argv)
{
  g_autofree char *prgname = g_strdup_printf ("impulse %s", verb);

  /* GOption's help says "Usage: impulse run [OPTION...]" from the program name. */
  g_set_prgname (prgname);
  if (g_str_equal (verb, "run"))
    return verb_run (argv);
  if (g_str_equal (verb, "inspect"))
    return verb_inspect (argv);
  return verb_check (argv);
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

      out_init (&out);
      out_line (&out, line);
      return out_finish (&out);
    }
  if (verb[0] == '-')
    return usage_error (NULL, "unknown option '%s'", verb);

  if (g_str_equal (verb, "help"))
    {
      if (argc < 3)
        return print_usage ();
      if (argc > 3)
        return usage_error (NULL, "unexpected argument '%s'", argv[3]);
      const char *topic = argv[2];
      if (!g_str_equal (topic, "run") && !g_str_equal (topic, "inspect")
          && !g_str_equal (topic, "check"))
        return usage_error (NULL, "unknown command '%s'", topic);
      char *help_argv[] = { argv[0], "--help", NULL };
      g_auto (GStrv) strv = g_strdupv (help_argv);
      return run_verb (topic, strv);
    }

  if (!g_str_equal (verb, "run") && !g_str_equal (verb, "inspect") && !g_str_equal (verb, "check"))
    {
      const char *nearest = imp_suggest_nearest (verb, verbs, G_N_ELEMENTS (verbs));
      if (nearest != NULL)
        return usage_error (NULL, "unknown command '%s'; did you mean '%s'?", verb, nearest);
      return usage_error (NULL, "unknown command '%s'", verb);
    }

  /* The verb's own parser sees "impulse VERB" as its program and the rest as arguments. */
  g_auto (GStrv) verb_argv = g_new0 (char *, (gsize) argc);
  verb_argv[0] = g_strdup (argv[0]);
  for (int i = 2; i < argc; i++)
    verb_argv[i - 1] = g_strdup (argv[i]);
  return run_verb (verb, verb_argv);
}
