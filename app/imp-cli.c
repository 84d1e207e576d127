/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli.c: the headless command line.
 *
 * Each verb parses its own options with a GOptionContext, loads the scene (or
 * the session: a scene and the edits made to it) through lessons/ exactly as the
 * GUI will, and writes whole lines to stdout (docs/trace-format.md); export
 * writes a file instead, through ui/imp-export.h (docs/export-format.md). Exit
 * statuses: 0 done, 1 output failed, 2 bad arguments or bad scene.
 */
#include "imp-cli.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <pango/pangocairo.h>

#include "imp-export.h"
#include "imp-json.h"
#include "imp-lesson-goal.h"
#include "imp-lesson-setup.h"
#include "imp-scene.h"
#include "imp-session-file.h"
#include "imp-session-timeline.h"
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
  "Run 'impulse COMMAND --help' for the options of a command.\n";

static const char *const verbs[] = { "run", "inspect", "export", "check", "help" };

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
  if (argv[1][0] == '\0')
    {
      usage_error (verb, "%s needs a SCENE file name, got an empty string", verb);
      return NULL;
    }
  return argv[1];
}

/* What a SCENE argument names: a scene, or a session whose edits are applied as
 * the world reaches their frames. */
typedef struct
{
  const char *path;        /* as given, for messages */
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

/* Steps one frame; when it diverges (the world halts), says why and returns FALSE. */
static gboolean
input_step (ImpCliInput *input, PhysEventLog *log)
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
static gboolean
input_reach (ImpCliInput *input, gint64 frame)
{
  for (;;)
    {
      if (!input_apply_edits (input, NULL))
        return FALSE;
      if (phys_world_frame (input->world) >= frame)
        return TRUE;
      if (!input_step (input, NULL))
        return FALSE;
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
  "A frame in which an integrator diverges (a position or velocity leaves the\n"
  "range of numbers the physics keeps finite) is not stepped: the output stops\n"
  "there and the reason, with the circle, goes to stderr.\n"
  "\n"
  "Exit status: 0 done, 1 the output could not be written, 2 bad arguments or\n"
  "scene, or the simulation diverged.";

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
  gint64 capped = 0, first_capped = -1;
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
      if (!(applies = input_step (&input, &log)))
        break;
      for (size_t e = 0; ok && e < log.count; e++)
        {
          if (jsonl)
            imp_trace_write_event (line, world, &log.events[e]);
          else
            imp_trace_describe_event (line, world, &log.events[e]);
          ok = out_line (&out, line);
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

  /* The trace has an event-cap event for each; a person reading the summary hears it too. */
  if (capped > 0)
    g_printerr ("impulse: warning: %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT
                " frames hit the event cap (first: frame %" G_GINT64_FORMAT
                "): each stopped where the cap was reached, its remaining collisions not "
                "handled; see world.event_cap in docs/scene-format.md\n",
                capped, frames, first_capped);
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
      int count = phys_world_body_count (world, kinds[k]);
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
  g_autofree char *max_text = NULL;
  const GOptionEntry entries[] = {
    { "max-frames", 0, 0, G_OPTION_ARG_STRING, &max_text,
      "Replay a session at most N frames (default 1000000)", "N" },
    G_OPTION_ENTRY_NULL
  };
  gint64 max_frames = IMP_SESSION_FILE_REPLAY_LIMIT;
  const char *scene;

  if (!parse_verb_options ("check", "FILE", "Validates a scene, session or lesson file.",
                           "Prints 'FILE: ok' and exits 0, or prints the first problem as\n"
                           "'FILE:LINE:COLUMN: error: what was expected' on stderr and exits 2.\n"
                           "A session is replayed up to its last edit, so that every edit is\n"
                           "checked against the world it changes; an edit beyond --max-frames\n"
                           "is an error before anything is stepped, so that a file cannot ask\n"
                           "for hours of work. A lesson is played through\n"
                           "with \"show me\" at every step: each goal must be unmet when its\n"
                           "step starts and met after \"show me\".",
                           entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = scene_argument ("check", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;
  if (max_text != NULL && !parse_count ("check", "--max-frames", max_text, &max_frames))
    return IMP_CLI_EXIT_USAGE;

  if (imp_lesson_sniff (scene))
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) lesson = imp_lesson_load (scene, &error);
      if (lesson == NULL || !imp_lesson_walk (lesson, &error))
        {
          g_printerr ("%s\n", error->message);
          return IMP_CLI_EXIT_USAGE;
        }
    }
  else
    {
      ImpCliInput input;
      g_autoptr (GError) error = NULL;
      gboolean valid = input_open (&input, scene);
      if (valid && input.session != NULL
          && !imp_session_file_check_reach (input.session, max_frames, &error))
        {
          g_printerr ("%s\nimpulse: hint: 'impulse check --max-frames N' replays up to frame N\n",
                      error->message);
          valid = FALSE;
        }
      valid = valid && input_check_edits (&input, G_MAXINT64);
      input_close (&input);
      if (!valid)
        return IMP_CLI_EXIT_USAGE;
    }

  ImpCliOut out;
  g_autoptr (GString) line = g_string_new (NULL);

  out_init (&out);
  g_string_append_printf (line, "%s: ok", scene);
  out_line (&out, line);
  return out_finish (&out);
}

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

  if (!input_reach (input, first))
    return FALSE;
  PhysWorld *world = input->world;
  imp_trace_write_header (line, scene, world, last - first + 1, states);
  if (input->session != NULL)
    append_session_member (line, input->session);
  g_string_append_printf (out, "%s\n", line->str);
  g_string_truncate (line, 0);

  phys_event_log_init (&log);
  for (gint64 frame = first; ok && frame <= last; frame++)
    {
      if (frame > first && !(ok = input_apply_edits (input, NULL)))
        break;
      phys_event_log_clear (&log);
      if (!(ok = input_step (input, &log)))
        break;
      for (size_t e = 0; events && e < log.count; e++)
        {
          imp_trace_write_event (line, world, &log.events[e]);
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
  phys_event_log_free (&log);
  /* As in 'run': the final state is the session's state there, its edits applied. */
  if (ok && !input_apply_edits (input, NULL))
    return FALSE;
  if (ok)
    {
      imp_trace_write_end (line, world, last - first + 1, written);
      g_string_append_printf (out, "%s\n", line->str);
    }
  return ok;
}

/* Parses "A..B", or "K" for K..K: a range of frames. */
static gboolean
parse_range (const char *option, const char *text, gint64 *first, gint64 *last)
{
  const char *dots = strstr (text, "..");
  g_autofree char *left = dots != NULL ? g_strndup (text, (gsize) (dots - text)) : g_strdup (text);
  const char *right = dots != NULL ? dots + 2 : text;
  guint64 a = 0, b = 0;

  if (!g_ascii_string_to_unsigned (left, 10, 0, (guint64) MAX_FRAMES, &a, NULL)
      || !g_ascii_string_to_unsigned (right, 10, 0, (guint64) MAX_FRAMES, &b, NULL))
    {
      usage_error ("export",
                   "%s expects a range of frames A..B, whole numbers from 0 to %" G_GINT64_FORMAT
                   ", not '%s'",
                   option, MAX_FRAMES, text);
      return FALSE;
    }
  if (a > b)
    {
      usage_error ("export",
                   "%s %s runs backwards: frame %" G_GUINT64_FORMAT
                   " comes after frame %" G_GUINT64_FORMAT,
                   option, text, a, b);
      return FALSE;
    }
  *first = (gint64) a;
  *last = (gint64) b;
  return TRUE;
}

/* Parses a finite decimal number in [min, max]. */
static gboolean
parse_real (const char *option, const char *text, double min, double max, double *value)
{
  char *end = NULL;
  double parsed = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !isfinite (parsed) || parsed < min || parsed > max)
    {
      usage_error ("export", "%s expects a number from %g to %g, not '%s'", option, min, max,
                   text);
      return FALSE;
    }
  *value = parsed;
  return TRUE;
}

/* Parses "WxH", a page size in pixels. */
static gboolean
parse_size (const char *text, int *width, int *height)
{
  const char *x = strpbrk (text, "xX");
  g_autofree char *left = x != NULL ? g_strndup (text, (gsize) (x - text)) : NULL;
  guint64 w = 0, h = 0;

  if (x == NULL
      || !g_ascii_string_to_unsigned (left, 10, IMP_EXPORT_MIN_SIZE, IMP_EXPORT_MAX_SIZE, &w, NULL)
      || !g_ascii_string_to_unsigned (x + 1, 10, IMP_EXPORT_MIN_SIZE, IMP_EXPORT_MAX_SIZE, &h,
                                      NULL))
    {
      usage_error ("export",
                   "--size expects WIDTHxHEIGHT in pixels, each from %d to %d, as in 1200x720; "
                   "not '%s'",
                   IMP_EXPORT_MIN_SIZE, IMP_EXPORT_MAX_SIZE, text);
      return FALSE;
    }
  *width = (int) w;
  *height = (int) h;
  return TRUE;
}

/* Finds @text among @names ("a|b|c"); reports the choices when it is not there. */
static gboolean
parse_choice (const char *option, const char *text, const char *const *names, int n_names,
              int *index)
{
  for (int i = 0; i < n_names; i++)
    if (g_str_equal (text, names[i]))
      {
        *index = i;
        return TRUE;
      }
  g_autoptr (GString) choices = g_string_new (NULL);
  for (int i = 0; i < n_names; i++)
    g_string_append_printf (choices, "%s%s", i == 0 ? "" : i + 1 == n_names ? " or " : ", ",
                            names[i]);
  usage_error ("export", "%s expects %s, not '%s'", option, choices->str, text);
  return FALSE;
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

/* Reports an export error; returns the exit status it deserves. */
static int
export_error (const char *output, const GError *error)
{
  if (g_error_matches (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EXISTS))
    {
      g_printerr ("impulse: error: '%s' already exists; add --force to replace it\n", output);
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

static const char export_description[] =
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
  "default,ids,-legend; default: default):\n";

/* After the overlay names. */
static const char export_description_end[] =
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
  "Exit status: 0 done, 1 the file could not be written, 2 bad arguments or scene.";

static int
verb_export (char **argv)
{
  g_autofree char *frame_text = NULL, *t_text = NULL, *stop_text = NULL, *event_text = NULL;
  g_autofree char *strobe_text = NULL, *exposures_text = NULL, *frames_text = NULL;
  g_autofree char *overlays_text = NULL;
  g_autofree char *fit_text = NULL, *size_text = NULL, *scale_text = NULL;
  g_autofree char *background_text = NULL, *title = NULL, *caption = NULL, *data_text = NULL;
  g_autofree char *output = NULL;
  gboolean force = FALSE;
  const GOptionEntry entries[] = {
    { "frame", 0, 0, G_OPTION_ARG_STRING, &frame_text, "The frame to draw", "K" },
    { "t", 0, 0, G_OPTION_ARG_STRING, &t_text, "The moment in the frame, 0 to 1", "T" },
    { "stop", 0, 0, G_OPTION_ARG_STRING, &stop_text, "A stop: start, before, after or end",
      "STOP" },
    { "event", 0, 0, G_OPTION_ARG_STRING, &event_text, "The event selected (default 0), or none",
      "N" },
    { "strobe", 0, 0, G_OPTION_ARG_STRING, &strobe_text,
      "Multiple exposure of frames A to B around frame K", "A..B" },
    { "exposures", 0, 0, G_OPTION_ARG_STRING, &exposures_text,
      "Faded moments per frame of a strobe (default 1)", "N" },
    { "frames", 0, 0, G_OPTION_ARG_STRING, &frames_text,
      "One PDF page per frame, or the frames of data", "A..B" },
    { "overlays", 0, 0, G_OPTION_ARG_STRING, &overlays_text, "What to draw over the bodies",
      "LIST" },
    { "fit", 0, 0, G_OPTION_ARG_STRING, &fit_text, "Show the event (focus) or the world", "FIT" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text, "Page size in pixels (default 1200x720)",
      "WxH" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_text,
      "Every length times S (PNG pixels per page pixel)", "S" },
    { "background", 0, 0, G_OPTION_ARG_STRING, &background_text,
      "white (default), dark or transparent", "BG" },
    { "title", 0, 0, G_OPTION_ARG_STRING, &title, "A title above the figure", "TEXT" },
    { "caption", 0, 0, G_OPTION_ARG_STRING, &caption, "A caption below the figure", "TEXT" },
    { "data", 0, 0, G_OPTION_ARG_STRING, &data_text, "states, events or both", "DATA" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, "Replace FILE if it exists", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "The file to write (required): .svg, .pdf, .png, .csv or .jsonl", "FILE" },
    G_OPTION_ENTRY_NULL
  };
  g_autofree char *overlay_names = wrap_names (imp_export_overlay_names ());
  g_autofree char *description
      = g_strconcat (export_description, overlay_names, export_description_end, NULL);
  const char *scene;
  ImpExportOptions options;
  ImpExportFormat format;

  if (!parse_verb_options ("export", "SCENE -o FILE",
                           "Writes an annotated figure (SVG, PDF, PNG) or data (CSV, JSON Lines).",
                           description, entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = scene_argument ("export", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;
  if (output == NULL)
    return usage_error ("export", "export needs -o FILE (.svg, .pdf, .png, .csv or .jsonl)");
  if (!imp_export_format_from_path (output, &format))
    return usage_error ("export",
                        "cannot tell the format of '%s' from its extension; use .svg, .pdf, "
                        ".png, .csv or .jsonl",
                        output);

  imp_export_options_init (&options);
  options.format = format;
  options.overwrite = force;
  gboolean data = format == IMP_EXPORT_FORMAT_CSV || format == IMP_EXPORT_FORMAT_JSONL;
  gint64 first = 0, last = 0;

  if (frame_text != NULL && frames_text != NULL)
    return usage_error ("export", "--frame and --frames cannot go together: --frame K is --frames "
                                  "K..K for data, and --frames makes PDF pages");
  if (frame_text != NULL && !parse_count ("export", "--frame", frame_text, &options.frame))
    return IMP_CLI_EXIT_USAGE;
  if (frames_text != NULL && !parse_range ("--frames", frames_text, &first, &last))
    return IMP_CLI_EXIT_USAGE;

  /* Data: states and events of a range of frames. */
  gboolean want_events = TRUE, want_states = TRUE;
  if (data)
    {
      const struct
      {
        const char *text;
        const char *option;
      } figure_only[] = {
        { t_text, "--t" },
        { stop_text, "--stop" },
        { event_text, "--event" },
        { strobe_text, "--strobe" },
        { exposures_text, "--exposures" },
        { overlays_text, "--overlays" },
        { fit_text, "--fit" },
        { size_text, "--size" },
        { scale_text, "--scale" },
        { background_text, "--background" },
        { title, "--title" },
        { caption, "--caption" },
      };
      for (gsize i = 0; i < G_N_ELEMENTS (figure_only); i++)
        if (figure_only[i].text != NULL)
          return usage_error ("export", "%s is for figures (.svg, .pdf, .png), not for %s data",
                              figure_only[i].option, imp_export_format_name (format));
      if (frame_text == NULL && frames_text == NULL)
        return usage_error ("export", "export needs --frames A..B (or --frame K) for data");
      if (frame_text != NULL)
        first = last = options.frame;
      static const char *const data_names[] = { "states", "events", "both" };
      int which = format == IMP_EXPORT_FORMAT_CSV ? 0 : 2;
      if (data_text != NULL && !parse_choice ("--data", data_text, data_names, 3, &which))
        return IMP_CLI_EXIT_USAGE;
      if (format == IMP_EXPORT_FORMAT_CSV && which == 2)
        return usage_error ("export", "a CSV file holds one table: --data states or --data events");
      options.kind = which == 1 ? IMP_EXPORT_KIND_EVENTS : IMP_EXPORT_KIND_STATES;
      want_states = which != 1;
      want_events = which != 0;
      options.first = first;
      options.last = last;
    }
  else
    {
      if (data_text != NULL)
        return usage_error ("export", "--data is for data (.csv, .jsonl), not for figures");
      if (frames_text != NULL)
        {
          if (format != IMP_EXPORT_FORMAT_PDF)
            return usage_error ("export",
                                "--frames makes one page per frame, and only a PDF has pages; "
                                "draw one frame with --frame K, or write data to .csv or .jsonl");
          if (strobe_text != NULL)
            return usage_error ("export", "--frames and --strobe cannot go together: pages show "
                                          "one frame each, a strobe several on one page");
          options.kind = IMP_EXPORT_KIND_PAGES;
          options.first = first;
          options.last = last;
        }
      else if (frame_text == NULL)
        return usage_error ("export", "export needs --frame K (or, for PDF pages, --frames A..B)");
      if (strobe_text != NULL)
        {
          if (!parse_range ("--strobe", strobe_text, &options.first, &options.last))
            return IMP_CLI_EXIT_USAGE;
          if (options.frame < options.first || options.frame > options.last)
            return usage_error ("export",
                                "--strobe %s must contain the frame drawn solid, --frame %"
                                G_GINT64_FORMAT,
                                strobe_text, options.frame);
          if (options.last - options.first + 1 > IMP_EXPORT_MAX_STROBE)
            return usage_error ("export", "--strobe %s spans %" G_GINT64_FORMAT
                                          " frames; a strobe takes at most %d",
                                strobe_text, options.last - options.first + 1,
                                IMP_EXPORT_MAX_STROBE);
          options.kind = IMP_EXPORT_KIND_STROBE;
        }
      if (exposures_text != NULL)
        {
          guint64 exposures = 0;
          if (strobe_text == NULL)
            return usage_error ("export", "--exposures is for a strobe (--strobe A..B)");
          if (!g_ascii_string_to_unsigned (exposures_text, 10, 1, IMP_EXPORT_MAX_EXPOSURES,
                                           &exposures, NULL))
            return usage_error ("export",
                                "--exposures expects a whole number from 1 to %d, not '%s'",
                                IMP_EXPORT_MAX_EXPOSURES, exposures_text);
          options.exposures = (int) exposures;
        }
      if (options.kind == IMP_EXPORT_KIND_PAGES
          && options.last - options.first + 1 > IMP_EXPORT_MAX_PAGES)
        return usage_error ("export", "--frames %s makes %" G_GINT64_FORMAT
                                      " pages; at most %d are allowed",
                            frames_text, options.last - options.first + 1, IMP_EXPORT_MAX_PAGES);

      if (t_text != NULL && stop_text != NULL)
        return usage_error ("export", "--t and --stop cannot go together: --t picks any moment "
                                      "of the frame, --stop one of its stops");
      if (t_text != NULL)
        {
          if (!parse_real ("--t", t_text, 0.0, 1.0, &options.t))
            return IMP_CLI_EXIT_USAGE;
          options.moment = IMP_EXPORT_AT_TIME;
        }
      if (stop_text != NULL)
        {
          static const char *const stop_names[] = { "start", "before", "after", "end" };
          static const ImpExportMoment stop_moments[] = {
            IMP_EXPORT_AT_START, IMP_EXPORT_AT_BEFORE, IMP_EXPORT_AT_AFTER, IMP_EXPORT_AT_END,
          };
          int which = 0;
          if (!parse_choice ("--stop", stop_text, stop_names, 4, &which))
            return IMP_CLI_EXIT_USAGE;
          options.moment = stop_moments[which];
        }
      if (event_text != NULL)
        {
          guint64 index = 0;
          if (g_str_equal (event_text, "none"))
            options.event = IMP_EXPORT_EVENT_NONE;
          else if (g_ascii_string_to_unsigned (event_text, 10, 0, G_MAXINT, &index, NULL))
            options.event = (int) index;
          else
            return usage_error ("export", "--event expects an event's number (from 0) or none, "
                                          "not '%s'",
                                event_text);
        }
      g_autoptr (GError) error = NULL;
      if (overlays_text != NULL
          && !imp_export_parse_overlays (overlays_text, &options.overlays, &error))
        return usage_error ("export", "--overlays: %s", error->message);
      if (fit_text != NULL)
        {
          static const char *const fit_names[] = { "focus", "world" };
          int which = 0;
          if (!parse_choice ("--fit", fit_text, fit_names, 2, &which))
            return IMP_CLI_EXIT_USAGE;
          options.fit = which == 0 ? IMP_EXPORT_FIT_FOCUS : IMP_EXPORT_FIT_WORLD;
        }
      if (size_text != NULL && !parse_size (size_text, &options.width, &options.height))
        return IMP_CLI_EXIT_USAGE;
      if (scale_text != NULL
          && !parse_real ("--scale", scale_text, IMP_EXPORT_MIN_SCALE, IMP_EXPORT_MAX_SCALE,
                          &options.scale))
        return IMP_CLI_EXIT_USAGE;
      if (background_text != NULL)
        {
          static const char *const backgrounds[] = { "white", "dark", "transparent" };
          static const ImpExportBackground values[]
              = { IMP_EXPORT_BACKGROUND_WHITE, IMP_EXPORT_BACKGROUND_DARK,
                  IMP_EXPORT_BACKGROUND_TRANSPARENT };
          int which = 0;
          if (!parse_choice ("--background", background_text, backgrounds, 3, &which))
            return IMP_CLI_EXIT_USAGE;
          options.background = values[which];
        }
      options.title = title;
      options.caption = caption;
    }

  /* Refused before any work; the write checks again, atomically. */
  if (!force && g_file_test (output, G_FILE_TEST_EXISTS))
    {
      g_printerr ("impulse: error: '%s' already exists; add --force to replace it\n", output);
      return IMP_CLI_EXIT_USAGE;
    }

  ImpCliInput input;
  g_autoptr (GError) error = NULL;
  if (!input_open (&input, scene))
    {
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  if (format == IMP_EXPORT_FORMAT_JSONL)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      gboolean ok = input_check_edits (&input, options.last + 1)
                    && export_trace (&input, scene, options.first, options.last, want_events,
                                     want_states, text);
      input_close (&input);
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
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  if (!record_until (timeline, imp_export_last_state (&options), scene))
    {
      phys_timeline_free (timeline);
      input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  /* A strobe shows its frame just before the response, where the math is drawn;
   * a frame without an event (or only the event cap) at its start. */
  if (options.kind == IMP_EXPORT_KIND_STROBE && t_text == NULL && stop_text == NULL)
    {
      int event = options.event == IMP_EXPORT_EVENT_FIRST ? 0 : options.event;
      if (event >= 0 && event < phys_timeline_event_count (timeline, options.frame)
          && phys_timeline_event_brief (timeline, options.frame, event).kind
                 != PHYS_EVENT_EVENT_CAP)
        options.moment = IMP_EXPORT_AT_BEFORE;
    }

  gboolean ok = imp_export_to_file (timeline, &options, output, &error);
  phys_timeline_free (timeline);
  input_close (&input);
  return ok ? IMP_CLI_EXIT_OK : export_error (output, error);
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
  if (g_str_equal (verb, "export"))
    return verb_export (argv);
  return verb_check (argv);
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
  static const char *const what =
    "the window opens scene, session and lesson files; the commands are run, inspect, "
    "export and check";

  for (int i = 1; i < argc; i++)
    {
      const char *word = argv[i];
      if (word[0] == '-')
        return usage_error (NULL, "unknown option '%s'", word);
      if (strstr (word, "://") != NULL || g_file_test (word, G_FILE_TEST_IS_REGULAR))
        continue;
      if (g_file_test (word, G_FILE_TEST_EXISTS))
        return usage_error (NULL, "cannot open '%s': not a regular file (%s)", word, what);
      if (i > 1 || looks_like_path (word))
        return usage_error (NULL, "cannot open '%s': no such file (%s)", word, what);
      const char *nearest = imp_suggest_nearest (word, verbs, G_N_ELEMENTS (verbs));
      if (nearest != NULL)
        return usage_error (NULL, "unknown command '%s'; did you mean '%s'?", word, nearest);
      return usage_error (NULL, "unknown command '%s' (%s)", word, what);
    }
  /* Only reached for files main.c would have opened itself. */
  return usage_error (NULL, "'%s' is not a command (%s)", argv[1], what);
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
          && !g_str_equal (topic, "export") && !g_str_equal (topic, "check"))
        return usage_error (NULL, "unknown command '%s'", topic);
      char *help_argv[] = { argv[0], "--help", NULL };
      g_auto (GStrv) strv = g_strdupv (help_argv);
      return run_verb (topic, strv);
    }

  if (!g_str_equal (verb, "run") && !g_str_equal (verb, "inspect") && !g_str_equal (verb, "export")
      && !g_str_equal (verb, "check"))
    return not_a_verb (argc, argv);

  /* The verb's own parser sees "impulse VERB" as its program and the rest as arguments. */
  g_auto (GStrv) verb_argv = g_new0 (char *, (gsize) argc);
  verb_argv[0] = g_strdup (argv[0]);
  for (int i = 2; i < argc; i++)
    verb_argv[i - 1] = g_strdup (argv[i]);
  return run_verb (verb, verb_argv);
}
