/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: the impulse program run as a user would run it: exit statuses,
 * messages, the trace and inspect formats (docs/trace-format.md), determinism.
 *
 * The program comes from IMPULSE_BIN (set by meson). The scene
 * tests/data/cli/pairs.json is built so every number below is exact in binary:
 * a (0,0) and b (12,0) close at 8 per frame with R = 2, so frame 0 gives
 * a = 64, b = -96, c = 140, disc = 256, roots 1.25 and 1.75 (after the frame),
 * and frame 1 gives b = -32, c = 12, roots 0.25 and 0.75 (a hit).
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sys/wait.h>

#include "imp-json.h"
#include "imp-scene.h"
#include "imp-session-file.h"
#include "phys.h"

typedef struct
{
  int status;   /* exit status, or -1 when killed by a signal */
  char *out;
  char *err;
} CliResult;

static void
cli_result_free (CliResult *result)
{
  g_free (result->out);
  g_free (result->err);
  g_free (result);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliResult, cli_result_free)

static const char *
impulse_bin (void)
{
  const char *bin = g_getenv ("IMPULSE_BIN");
  g_assert_nonnull (bin);
  return bin;
}

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "cli", name, NULL);
}

/* Runs argv (without the program) and collects everything it printed. */
static CliResult *
cli_run_argv (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  CliResult *result = g_new0 (CliResult, 1);
  int wait_status = 0;

  g_ptr_array_add (argv, (char *) impulse_bin ());
  for (const char *const *arg = args; *arg != NULL; arg++)
    g_ptr_array_add (argv, (char *) *arg);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &result->out,
                &result->err, &wait_status, &error);
  g_assert_no_error (error);
  result->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  return result;
}

/* Runs the program with a NULL-terminated list of arguments. */
static CliResult *
cli_run (const char *first, ...) G_GNUC_NULL_TERMINATED;

static CliResult *
cli_run (const char *first, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return cli_run_argv ((const char *const *) args->pdata);
}

/* Runs a shell line with $0 the program; for redirections the spawn API does not offer. */
static CliResult *
cli_run_shell (const char *script, const char *scene)
{
  const char *argv[] = { "/bin/sh", "-c", script, impulse_bin (), scene, NULL };
  g_autoptr (GError) error = NULL;
  CliResult *result = g_new0 (CliResult, 1);
  int wait_status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &result->out,
                &result->err, &wait_status, &error);
  g_assert_no_error (error);
  result->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  return result;
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr (GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  JsonObject *object = json_object_ref (json_node_get_object (node));
  json_node_unref (node);
  return object;
}

/* Splits output into lines; the output must end with a newline. */
static char **
output_lines (const char *out)
{
  g_assert_true (g_str_has_suffix (out, "\n"));
  g_autofree char *trimmed = g_strndup (out, strlen (out) - 1);
  return g_strsplit (trimmed, "\n", -1);
}

static void
assert_vec (JsonObject *object, const char *key, double x, double y)
{
  JsonArray *array = json_object_get_array_member (object, key);
  g_assert_nonnull (array);
  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (array, 0), x, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (array, 1), y, 1e-12);
}

static void
assert_members (JsonObject *object, const char *const *keys)
{
  for (const char *const *key = keys; *key != NULL; key++)
    if (!json_object_has_member (object, *key))
      g_error ("member '%s' missing", *key);
}

/* --help on the program and on every verb. */

typedef struct
{
  const char *path;
  const char *args[4];
  const char *expected;
} HelpRow;

static const HelpRow help_rows[] = {
  { "/cli/help/program", { "--help" }, "Usage: impulse COMMAND" },
  { "/cli/help/run", { "run", "--help" }, "impulse run [OPTION" },
  { "/cli/help/inspect", { "inspect", "--help" }, "impulse inspect [OPTION" },
  { "/cli/help/check", { "check", "--help" }, "impulse check [OPTION" },
  { "/cli/help/help-verb", { "help", "run" }, "--frames=N" },
  { "/cli/help/version", { "--version" }, "impulse " },
};

static void
test_help (gconstpointer data)
{
  const HelpRow *row = data;
  g_autoptr (CliResult) result = cli_run_argv (row->args);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, row->expected));
  g_assert_cmpstr (result->err, ==, "");
}

/* Bad command lines: exit 2 and a message on stderr. */

typedef struct
{
  const char *path;
  const char *args[8];
  const char *expected;
} ArgsRow;

#define SCENE "@pairs"

static const ArgsRow args_rows[] = {
  { "/cli/args/unknown-verb-exit-2", { "rnu" }, "impulse: error: unknown command 'rnu'; did you "
                                                "mean 'run'?" },
  { "/cli/args/unknown-program-option-exit-2", { "--frob" }, "unknown option '--frob'" },
  { "/cli/args/unknown-option-exit-2", { "run", SCENE, "--frames", "1", "--frob" },
    "impulse: error: Unknown option --frob" },
  { "/cli/args/missing-frames-exit-2", { "run", SCENE }, "run needs --frames N" },
  { "/cli/args/missing-frames-value-exit-2", { "run", SCENE, "--frames" }, "--frames" },
  { "/cli/args/bad-frames-exit-2", { "run", SCENE, "--frames", "ten" },
    "--frames expects a whole number" },
  { "/cli/args/negative-frames-exit-2", { "run", SCENE, "--frames=-1" },
    "--frames expects a whole number" },
  { "/cli/args/missing-scene-exit-2", { "run", "--frames", "3" }, "run needs a SCENE file" },
  { "/cli/args/extra-argument-exit-2", { "check", SCENE, "more" }, "unexpected argument 'more'" },
  { "/cli/args/missing-pair-exit-2", { "inspect", SCENE, "--frame", "0" },
    "inspect needs --pair A,B" },
  { "/cli/args/missing-frame-exit-2", { "inspect", SCENE, "--pair", "a,b" },
    "inspect needs --frame K" },
  { "/cli/args/pair-without-comma-exit-2", { "inspect", SCENE, "--frame", "0", "--pair", "a" },
    "--pair expects two ids separated by a comma" },
  { "/cli/help/unknown-topic-exit-2", { "help", "fly" }, "unknown command 'fly'" },
  { "/cli/args/window-file-missing-exit-2", { "nosuchfile.json" },
    "impulse: error: cannot open 'nosuchfile.json': no such file (the window opens scene, "
    "session and lesson files; the commands are run, inspect, export and check)" },
  { "/cli/args/window-second-file-missing-exit-2", { SCENE, "missing" },
    "impulse: error: cannot open 'missing': no such file" },
  { "/cli/args/window-folder-exit-2", { "/" }, "impulse: error: cannot open '/': not a regular "
                                               "file" },
  { "/cli/args/unknown-word-exit-2", { "zzzzzz" }, "impulse: error: unknown command 'zzzzzz' (the "
                                                   "window opens" },
};

static void
test_bad_args (gconstpointer data)
{
  const ArgsRow *row = data;
  g_autofree char *scene = data_path ("pairs.json");
  const char *args[G_N_ELEMENTS (row->args) + 1] = { NULL };

  for (guint i = 0; i < G_N_ELEMENTS (row->args) && row->args[i] != NULL; i++)
    args[i] = g_str_equal (row->args[i], SCENE) ? scene : row->args[i];

  g_autoptr (CliResult) result = cli_run_argv (args);
  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  if (strstr (result->err, row->expected) == NULL)
    g_error ("stderr '%s' lacks '%s'", result->err, row->expected);
}

/* check */

static void
test_check_ok (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("check", scene, NULL);
  g_autofree char *expected = g_strdup_printf ("%s: ok\n", scene);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpstr (result->err, ==, "");
}

/* A bad scene: exit 2, nothing on stdout, the loader's FILE:LINE:COLUMN message on stderr. */
static void
assert_bad_scene (const char *name, int line)
{
  g_autofree char *scene = data_path (name);
  g_autoptr (CliResult) result = cli_run ("check", scene, NULL);
  g_autofree char *prefix = g_strdup_printf ("%s:%d:", scene, line);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  if (!g_str_has_prefix (result->err, prefix) || strstr (result->err, ": error: ") == NULL)
    g_error ("stderr '%s' is not '%sCOLUMN: error: ...'", result->err, prefix);
  g_assert_true (g_str_has_suffix (result->err, "\n"));
}

static void
test_check_bad_syntax (void)
{
  assert_bad_scene ("bad-syntax.json", 4);
}

static void
test_check_unknown_key (void)
{
  assert_bad_scene ("bad-unknown-key.json", 4);
}

static void
test_check_missing_file (void)
{
  g_autofree char *scene = data_path ("no-such-scene.json");
  g_autoptr (CliResult) result = cli_run ("check", scene, NULL);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_nonnull (strstr (result->err, "no-such-scene.json"));
  g_assert_nonnull (strstr (result->err, "error"));
}

/* run and inspect must also fail on a bad scene, with the same message. */
static void
test_run_bad_scene (void)
{
  g_autofree char *scene = data_path ("bad-unknown-key.json");
  g_autoptr (CliResult) run = cli_run ("run", scene, "--frames", "1", "--jsonl", NULL);
  g_autoptr (CliResult) check = cli_run ("check", scene, NULL);

  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_cmpstr (run->err, ==, check->err);
}

static void
test_check_shipped_scenes (void)
{
  const char *dir_path = g_getenv ("IMPULSE_SCENES_DIR");
  g_autoptr (GDir) dir = dir_path != NULL ? g_dir_open (dir_path, 0, NULL) : NULL;
  const char *name;
  guint checked = 0;

  if (dir == NULL)
    {
      g_test_skip ("no shipped scenes directory");
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_suffix (name, ".json"))
        continue;
      g_autofree char *scene = g_build_filename (dir_path, name, NULL);
      g_autoptr (CliResult) result = cli_run ("check", scene, NULL);
      if (result->status != 0)
        g_error ("%s: %s", name, result->err);
      checked++;
    }
  if (checked == 0)
    g_test_skip ("no shipped scenes yet");
}

/* run */

static const char *const header_keys[] = { "trace", "version", "scene", "first_frame", "frames",
                                           "dt", "circles", "segments", "probes", NULL };
static const char *const cc_keys[] = { "frame", "kind", "a", "b", "t", "t0", "verdict", "quad",
                                       "roots", "normal", "point", "j", "e", "vn", "vel_before",
                                       "vel_after", "pos_at_t", NULL };
static const char *const cs_keys[] = { "frame", "kind", "circle", "segment", "t", "t0",
                                       "feature", "response", "proj_normal", "proj_along",
                                       "normal", "point", "j", "e", "vel_before", "vel_after",
                                       NULL };
static const char *const embedded_keys[] = { "frame", "kind", "a", "b", "t", "t0", "normal",
                                             "depth", NULL };
static const char *const probe_keys[] = { "frame", "kind", "probe", "segment", "t", "t0",
                                          "point", "time_to_impact", "along", NULL };
static const char *const cap_keys[] = { "frame", "kind", "t", "cap", "handled", NULL };

static void
test_run_jsonl_keys (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("run", scene, "--frames", "4", "--jsonl", NULL);
  g_auto (GStrv) lines = NULL;
  guint seen[5] = { 0 };

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  lines = output_lines (result->out);
  g_assert_cmpuint (g_strv_length (lines), >=, 2);

  g_autoptr (JsonObject) header = parse_object (lines[0]);
  assert_members (header, header_keys);
  g_assert_cmpstr (json_object_get_string_member (header, "trace"), ==, "impulse");
  g_assert_cmpint (json_object_get_int_member (header, "version"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (header, "frames"), ==, 4);

  guint last = g_strv_length (lines) - 1;
  for (guint i = 1; i < last; i++)
    {
      g_autoptr (JsonObject) event = parse_object (lines[i]);
      const char *kind = json_object_get_string_member (event, "kind");
      g_assert_nonnull (kind);
      if (g_str_equal (kind, "circle-circle"))
        assert_members (event, cc_keys), seen[0]++;
      else if (g_str_equal (kind, "circle-segment"))
        assert_members (event, cs_keys), seen[1]++;
      else if (g_str_equal (kind, "embedded"))
        assert_members (event, embedded_keys), seen[2]++;
      else if (g_str_equal (kind, "probe-segment"))
        assert_members (event, probe_keys), seen[3]++;
      else if (g_str_equal (kind, "event-cap"))
        assert_members (event, cap_keys), seen[4]++;
      else
        g_error ("unknown kind '%s'", kind);
    }
  /* The scene has one event of each kind but the cap in its first frames. */
  for (guint k = 0; k < 4; k++)
    g_assert_cmpuint (seen[k], >=, 1);

  g_autoptr (JsonObject) end = parse_object (lines[last]);
  g_assert_true (json_object_has_member (end, "end"));
  JsonObject *summary = json_object_get_object_member (end, "end");
  g_assert_cmpint (json_object_get_int_member (summary, "frames"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (summary, "state"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (summary, "events"), ==, last - 1);
}

static JsonObject *
find_event (char **lines, const char *kind, gint64 frame)
{
  for (guint i = 1; lines[i] != NULL; i++)
    {
      JsonObject *object = parse_object (lines[i]);
      if (json_object_has_member (object, "kind")
          && g_str_equal (json_object_get_string_member (object, "kind"), kind)
          && json_object_get_int_member (object, "frame") == frame)
        return object;
      json_object_unref (object);
    }
  g_error ("no %s event in frame %" G_GINT64_FORMAT, kind, frame);
  return NULL;
}

/* The hand-computed head-on collision of a and b in frame 1, and the wall bounce of g. */
static void
test_run_jsonl_values (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("run", scene, "--frames", "3", "--jsonl", NULL);
  g_auto (GStrv) lines = NULL;

  g_assert_cmpint (result->status, ==, 0);
  lines = output_lines (result->out);

  g_autoptr (JsonObject) cc = find_event (lines, "circle-circle", 1);
  g_assert_cmpstr (json_object_get_string_member (cc, "a"), ==, "a");
  g_assert_cmpstr (json_object_get_string_member (cc, "b"), ==, "b");
  g_assert_cmpstr (json_object_get_string_member (cc, "verdict"), ==, "hit");
  g_assert_cmpfloat (json_object_get_double_member (cc, "t"), ==, 0.25);
  JsonObject *quad = json_object_get_object_member (cc, "quad");
  g_assert_cmpfloat (json_object_get_double_member (quad, "a"), ==, 64.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "b"), ==, -32.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "c"), ==, 12.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "disc"), ==, 256.0);
  assert_vec (cc, "normal", 1.0, 0.0);
  assert_vec (cc, "point", 6.0, 0.0);
  /* Equal masses 1, e = 1: j = -(1 + 1) 8 / 2 and the velocities swap. */
  g_assert_cmpfloat (json_object_get_double_member (cc, "j"), ==, -8.0);
  g_assert_cmpfloat (json_object_get_double_member (cc, "e"), ==, 1.0);
  g_assert_cmpfloat (json_object_get_double_member (cc, "vn"), ==, 8.0);
  JsonObject *before = json_object_get_object_member (cc, "vel_before");
  JsonObject *after = json_object_get_object_member (cc, "vel_after");
  JsonObject *at_t = json_object_get_object_member (cc, "pos_at_t");
  assert_vec (before, "a", 4.0, 0.0);
  assert_vec (before, "b", -4.0, 0.0);
  assert_vec (after, "a", -4.0, 0.0);
  assert_vec (after, "b", 4.0, 0.0);
  assert_vec (at_t, "a", 5.0, 0.0);
  assert_vec (at_t, "b", 7.0, 0.0);
  g_assert_false (json_object_has_member (cc, "resting"));

  /* g reaches x = 39 (radius 1 from the wall at x = 40) half way through frame 2. */
  g_autoptr (JsonObject) cs = find_event (lines, "circle-segment", 2);
  g_assert_cmpstr (json_object_get_string_member (cs, "circle"), ==, "g");
  g_assert_cmpstr (json_object_get_string_member (cs, "segment"), ==, "wall");
  g_assert_cmpstr (json_object_get_string_member (cs, "feature"), ==, "interior");
  g_assert_cmpstr (json_object_get_string_member (cs, "response"), ==, "reflect");
  g_assert_cmpfloat (json_object_get_double_member (cs, "t"), ==, 0.5);
  assert_vec (cs, "normal", -1.0, 0.0);
  assert_vec (cs, "point", 40.0, 40.0);
  assert_vec (cs, "vel_before", 2.0, 0.0);
  assert_vec (cs, "vel_after", -2.0, 0.0);

  g_autoptr (JsonObject) embedded = find_event (lines, "embedded", 0);
  g_assert_cmpstr (json_object_get_string_member (embedded, "a"), ==, "e");
  g_assert_cmpstr (json_object_get_string_member (embedded, "b"), ==, "f");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (embedded, "depth"), 1.0, 1e-9);

  /* The ship crosses the gate at x = 10 half way through frame 2 (8 -> 12). */
  g_autoptr (JsonObject) probe = find_event (lines, "probe-segment", 2);
  g_assert_cmpstr (json_object_get_string_member (probe, "probe"), ==, "ship");
  g_assert_cmpstr (json_object_get_string_member (probe, "segment"), ==, "gate");
  assert_vec (probe, "point", 10.0, 60.0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (probe, "along"), 0.5, 1e-12);
}

/* tests/data/cli/cap.json allows one event per frame; two circles reach their walls at once. */
static void
test_run_event_cap (void)
{
  g_autofree char *scene = data_path ("cap.json");
  g_autoptr (CliResult) result = cli_run ("run", scene, "--frames", "1", "--jsonl", NULL);
  g_auto (GStrv) lines = NULL;

  g_assert_cmpint (result->status, ==, 0);
  lines = output_lines (result->out);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);

  g_autoptr (JsonObject) wall = find_event (lines, "circle-segment", 0);
  g_assert_cmpstr (json_object_get_string_member (wall, "circle"), ==, "left");
  g_assert_cmpstr (json_object_get_string_member (wall, "segment"), ==, "bounds-left");
  g_autoptr (JsonObject) cap = find_event (lines, "event-cap", 0);
  assert_members (cap, cap_keys);
  g_assert_cmpint (json_object_get_int_member (cap, "cap"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (cap, "handled"), ==, 1);
  g_assert_cmpfloat (json_object_get_double_member (cap, "t"), ==, 0.5);
}

static void
test_run_states (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("run", scene, "--frames", "2", "--jsonl", "--states",
                                          NULL);
  g_auto (GStrv) lines = NULL;
  gint64 next_frame = 0;

  g_assert_cmpint (result->status, ==, 0);
  lines = output_lines (result->out);

  /* The header carries state 0; each state line follows its frame's events. */
  g_autoptr (JsonObject) header = parse_object (lines[0]);
  JsonArray *initial = json_object_get_array_member (header, "state");
  g_assert_cmpuint (json_array_get_length (initial), ==, 8);
  JsonObject *first = json_array_get_object_element (initial, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "id"), ==, "a");
  assert_vec (first, "pos", 0.0, 0.0);
  assert_vec (first, "vel", 4.0, 0.0);
  JsonObject *ship = json_array_get_object_element (initial, 7);
  g_assert_cmpstr (json_object_get_string_member (ship, "id"), ==, "ship");

  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_autoptr (JsonObject) object = parse_object (lines[i]);
      if (!json_object_has_member (object, "state"))
        continue;
      g_assert_cmpint (json_object_get_int_member (object, "frame"), ==, next_frame);
      JsonArray *state = json_object_get_array_member (object, "state");
      g_assert_cmpuint (json_array_get_length (state), ==, 8);
      if (next_frame == 0)
        {
          /* State 1: a moved one frame at 4 per frame. */
          assert_vec (json_array_get_object_element (state, 0), "pos", 4.0, 0.0);
        }
      next_frame++;
    }
  g_assert_cmpint (next_frame, ==, 2);
}

/* Polygons and turning circles in the states (tests/data/cli/rigid.json): without forces the
 * box moves 2 a frame and turns 0.5, the ball turns 0.25; the triangle's centre of mass is its
 * centroid (2, 1) from the corner turned by 0.125. A circle that never turns keeps its old
 * members. */
static void
test_run_rigid_states (void)
{
  g_autofree char *scene = data_path ("rigid.json");
  g_autoptr (CliResult) result = cli_run ("run", scene, "--frames", "2", "--jsonl", "--states",
                                          NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_auto (GStrv) lines = output_lines (result->out);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);

  g_autoptr (JsonObject) header = parse_object (lines[0]);
  g_assert_cmpint (json_object_get_int_member (header, "polygons"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (header, "curves"), ==, 1);
  JsonArray *initial = json_object_get_array_member (header, "state");
  g_assert_cmpuint (json_array_get_length (initial), ==, 5);
  JsonObject *tri = json_array_get_object_element (initial, 4);
  g_assert_cmpstr (json_object_get_string_member (tri, "id"), ==, "tri");
  assert_vec (tri, "pos", 200.0 + 2.0 * cos (0.125) - sin (0.125),
              2.0 * sin (0.125) + cos (0.125));
  g_assert_cmpfloat (json_object_get_double_member (tri, "angle_rad"), ==, 0.125);
  g_assert_cmpfloat (json_object_get_double_member (tri, "omega_rad"), ==, 0.0);

  g_autoptr (JsonObject) second = parse_object (lines[2]);
  g_assert_cmpint (json_object_get_int_member (second, "frame"), ==, 1);
  JsonArray *state = json_object_get_array_member (second, "state");
  JsonObject *ball = json_array_get_object_element (state, 0);
  assert_vec (ball, "pos", 2.0, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (ball, "angle_rad"), ==, 0.5);
  g_assert_cmpfloat (json_object_get_double_member (ball, "omega_rad"), ==, 0.25);
  JsonObject *still = json_array_get_object_element (state, 1);
  g_assert_false (json_object_has_member (still, "angle_rad"));
  g_assert_false (json_object_has_member (still, "omega_rad"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (state, 2), "id"),
                   ==, "ship");
  JsonObject *box = json_array_get_object_element (state, 3);
  g_assert_cmpstr (json_object_get_string_member (box, "id"), ==, "box");
  assert_vec (box, "pos", 100.0, 4.0);
  assert_vec (box, "vel", 0.0, 2.0);
  g_assert_cmpfloat (json_object_get_double_member (box, "angle_rad"), ==, 1.0);
  g_assert_cmpfloat (json_object_get_double_member (box, "omega_rad"), ==, 0.5);

  /* The ledger: the ball (m = pi, I = pi / 2) and the box (m = 4, I = 8 / 3). */
  g_autoptr (JsonObject) end_line = parse_object (lines[3]);
  JsonObject *end = json_object_get_object_member (end_line, "end");
  double rotational = 0.5 * (G_PI / 2.0) * 0.0625 + 0.5 * (8.0 / 3.0) * 0.25;
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (end, "rotational"), rotational,
                                  1e-14);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (end, "kinetic"),
                                  G_PI / 2.0 + 8.0 + rotational, 1e-13);

  /* The text for people says the same. */
  g_autoptr (CliResult) human = cli_run ("run", scene, "--frames", "1", "--states", NULL);
  g_assert_cmpint (human->status, ==, 0);
  g_assert_nonnull (strstr (human->out, "state 1: ball pos=(1, 0) vel=(1, 0) angle=0.25 "
                                        "omega=0.25; still pos=(0, 50) vel=(0, 0); ship "
                                        "pos=(0.5, 100) vel=(0.5, 0); box pos=(100, 2) vel=(0, "
                                        "2) angle=0.5 omega=0.5; tri pos=(201.86, 1.24155) vel=(0, "
                                        "0) angle=0.125 omega=0\n"));

  /* A scene without polygons or curves writes neither count. */
  g_autofree char *pairs = data_path ("pairs.json");
  g_autoptr (CliResult) old = cli_run ("run", pairs, "--frames", "0", "--jsonl", NULL);
  g_assert_null (strstr (old->out, "polygons"));
  g_assert_null (strstr (old->out, "rotational"));
}

static void
test_run_deterministic (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) first = cli_run ("run", scene, "--frames", "40", "--jsonl", "--states",
                                         "--hash", NULL);
  g_autoptr (CliResult) second = cli_run ("run", scene, "--frames", "40", "--jsonl", "--states",
                                          "--hash", NULL);
  g_autoptr (CliResult) human1 = cli_run ("run", scene, "--frames", "40", "--states", NULL);
  g_autoptr (CliResult) human2 = cli_run ("run", scene, "--frames", "40", "--states", NULL);

  g_assert_cmpint (first->status, ==, 0);
  g_assert_cmpstr (first->out, ==, second->out);
  g_assert_cmpint (human1->status, ==, 0);
  g_assert_cmpstr (human1->out, ==, human2->out);
}

static char *
hash_in_process (const char *scene, int frames)
{
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_file (scene, &error);

  g_assert_no_error (error);
  for (int i = 0; i < frames; i++)
    phys_world_step (world, NULL);
  char *hex = g_strdup_printf ("%016" G_GINT64_MODIFIER "x", (guint64) phys_world_hash (world));
  phys_world_free (world);
  return hex;
}

static void
test_run_hash (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autofree char *hex = hash_in_process (scene, 25);
  g_autoptr (CliResult) human = cli_run ("run", scene, "--frames", "25", "--hash", NULL);
  g_autoptr (CliResult) jsonl = cli_run ("run", scene, "--frames", "25", "--hash", "--jsonl",
                                         NULL);
  g_autofree char *human_line = g_strdup_printf ("\nhash=%s\n", hex);
  g_autofree char *json_line = g_strdup_printf ("\n{\"hash\":\"%s\"}\n", hex);

  g_assert_cmpint (human->status, ==, 0);
  g_assert_true (g_str_has_suffix (human->out, human_line));
  g_assert_cmpint (jsonl->status, ==, 0);
  g_assert_true (g_str_has_suffix (jsonl->out, json_line));
}

/* The hash covers a polygon's turn: the same scene with the box turning faster differs. */
static void
test_run_rigid_hash (void)
{
  g_autofree char *scene = data_path ("rigid.json");
  g_autofree char *hex = hash_in_process (scene, 3);
  g_autoptr (CliResult) run = cli_run ("run", scene, "--frames", "3", "--hash", NULL);
  g_autofree char *line = g_strdup_printf ("\nhash=%s\n", hex);
  g_assert_true (g_str_has_suffix (run->out, line));

  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_file (scene, &error);
  g_assert_no_error (error);
  PhysEdit spin = phys_edit_init (PHYS_EDIT_SET_POLYGON, "box");
  spin.fields = PHYS_EDIT_ANGULAR_VELOCITY;
  spin.angular_velocity = 0.5000000000000001;
  g_assert_cmpint (phys_world_apply_edit (world, &spin), ==, PHYS_OK);
  for (int k = 0; k < 3; k++)
    phys_world_step (world, NULL);
  g_autofree char *other
      = g_strdup_printf ("%016" G_GINT64_MODIFIER "x", (guint64) phys_world_hash (world));
  g_assert_cmpstr (other, !=, hex);
  phys_world_free (world);
}

static void
test_run_human (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("run", scene, "--frames", "3", NULL);
  g_auto (GStrv) lines = NULL;
  g_autofree char *hex = hash_in_process (scene, 3);

  g_assert_cmpint (result->status, ==, 0);
  lines = output_lines (result->out);
  guint n = g_strv_length (lines);
  g_assert_cmpuint (n, >=, 5);
  g_assert_nonnull (strstr (result->out, "frame 1 t=0.25 circle-circle a b: j=-8 e=1"));
  g_assert_true (g_str_has_prefix (lines[n - 1], "frames=3 events="));
  g_assert_nonnull (strstr (lines[n - 1], " energy="));
  g_assert_true (g_str_has_suffix (lines[n - 1], hex));
}

/* Output errors end the run with status 1, never a kill by SIGPIPE. */
static void
test_run_dev_full (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run_shell (
    "exec \"$0\" run \"$1\" --frames 10 --jsonl > /dev/full", scene);

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  g_assert_cmpint (result->status, ==, 1);
  g_assert_nonnull (strstr (result->err, "impulse: error: cannot write the output"));
}

static void
test_run_closed_pipe (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  /* Far more than a pipe holds, so the program is still writing when head exits. */
  g_autoptr (CliResult) result = cli_run_shell (
    "{ \"$0\" run \"$1\" --frames 20000 --jsonl --states; echo \"status=$?\" >&2; } "
    "| head -n 1 > /dev/null",
    scene);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "status=1\n");
}

/* inspect */

typedef struct
{
  const char *path;
  const char *frame;
  const char *pair;
  const char *kind;
  const char *verdict;
  double t;         /* NAN: t must be null */
} InspectRow;

static const InspectRow inspect_rows[] = {
  { "/cli/inspect/circle-circle/after-frame", "0", "a,b", "circle-circle", "after-frame", 1.25 },
  { "/cli/inspect/circle-circle/hit", "1", "a,b", "circle-circle", "hit", 0.25 },
  { "/cli/inspect/circle-circle/moving-apart", "2", "a,b", "circle-circle", "moving-apart", NAN },
  { "/cli/inspect/circle-circle/miss", "0", "a,c", "circle-circle", "miss", NAN },
  { "/cli/inspect/circle-circle/no-relative-motion", "0", "c,d", "circle-circle",
    "no-relative-motion", NAN },
  { "/cli/inspect/circle-circle/overlapping", "0", "e,f", "circle-circle", "overlapping", 0.0 },
  { "/cli/inspect/circle-segment/after-frame", "0", "g,wall", "circle-segment", "after-frame",
    2.5 },
  { "/cli/inspect/circle-segment/segment-first", "2", "wall,g", "circle-segment", "hit", 0.5 },
  { "/cli/inspect/circle-segment/moving-apart", "3", "g,wall", "circle-segment", "moving-apart",
    NAN },
  { "/cli/inspect/probe-segment/ahead", "0", "ship,gate", "probe-segment", "ahead", NAN },
};

static JsonObject *
inspect (const char *frame, const char *pair)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("inspect", scene, "--frame", frame, "--pair", pair,
                                          NULL);
  g_auto (GStrv) lines = NULL;

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  lines = output_lines (result->out);
  g_assert_cmpuint (g_strv_length (lines), ==, 1);

  JsonObject *object = parse_object (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (object, "inspect"), ==, "impulse");
  g_assert_cmpint (json_object_get_int_member (object, "version"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (object, "frame"), ==, g_ascii_strtoll (frame, NULL,
                                                                                       10));
  return object;
}

static void
test_inspect_verdict (gconstpointer data)
{
  const InspectRow *row = data;
  g_autoptr (JsonObject) object = inspect (row->frame, row->pair);

  g_assert_cmpstr (json_object_get_string_member (object, "kind"), ==, row->kind);
  g_assert_cmpstr (json_object_get_string_member (object, "verdict"), ==, row->verdict);
  if (g_str_equal (row->kind, "probe-segment"))
    return;
  if (isnan (row->t))
    g_assert_true (json_object_get_null_member (object, "t"));
  else
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "t"), row->t, 1e-12);
}

static void
test_inspect_circle_circle_numbers (void)
{
  g_autoptr (JsonObject) object = inspect ("0", "a,b");
  JsonObject *quad = json_object_get_object_member (object, "quad");
  JsonArray *roots = json_object_get_array_member (object, "roots");

  g_assert_cmpstr (json_object_get_string_member (object, "a"), ==, "a");
  g_assert_cmpstr (json_object_get_string_member (object, "b"), ==, "b");
  assert_vec (object, "d", 12.0, 0.0);
  assert_vec (object, "v", -8.0, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "R"), ==, 2.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "a"), ==, 64.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "b"), ==, -96.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "c"), ==, 140.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "disc"), ==, 256.0);
  g_assert_cmpfloat (json_array_get_double_element (roots, 0), ==, 1.25);
  g_assert_cmpfloat (json_array_get_double_element (roots, 1), ==, 1.75);
  /* t is reported even though it falls after the frame: the pair is 1.25 frames from touching. */
  g_assert_cmpfloat (json_object_get_double_member (object, "t"), ==, 1.25);
  assert_vec (object, "p1_at_t", 5.0, 0.0);
  assert_vec (object, "p2_at_t", 7.0, 0.0);
  assert_vec (object, "normal", 1.0, 0.0);
  assert_vec (object, "point", 6.0, 0.0);
}

static void
test_inspect_miss_numbers (void)
{
  g_autoptr (JsonObject) object = inspect ("0", "a,c");
  JsonObject *quad = json_object_get_object_member (object, "quad");

  /* d = (8, 3), v = (-4, 0): a = 16, b = -32, c = 73 - 4 = 69, disc = 1024 - 1104 = -80. */
  g_assert_cmpfloat (json_object_get_double_member (quad, "a"), ==, 16.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "b"), ==, -32.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "c"), ==, 69.0);
  g_assert_cmpfloat (json_object_get_double_member (quad, "disc"), ==, -80.0);
  g_assert_true (json_object_get_null_member (object, "roots"));
  g_assert_true (json_object_get_null_member (object, "point"));
}

static void
test_inspect_circle_segment_numbers (void)
{
  g_autoptr (JsonObject) object = inspect ("0", "g,wall");

  /* Wall A = (40, 30) to B = (40, 50): dir (0, 1), left normal (1, 0); g at (34, 40). */
  g_assert_cmpstr (json_object_get_string_member (object, "circle"), ==, "g");
  g_assert_cmpstr (json_object_get_string_member (object, "segment"), ==, "wall");
  g_assert_cmpstr (json_object_get_string_member (object, "feature"), ==, "interior");
  assert_vec (object, "left_normal", 1.0, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "proj_normal"), ==, -6.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "proj_along"), ==, 10.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "approach"), ==, 2.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "t_interior"), ==, 2.5);
  g_assert_cmpfloat (json_object_get_double_member (object, "along_at_t"), ==, 10.0);
  g_assert_true (json_object_get_boolean_member (object, "interior_in_range"));
  JsonObject *cap_a = json_object_get_object_member (object, "cap_a");
  g_assert_cmpstr (json_object_get_string_member (cap_a, "verdict"), ==, "miss");
  assert_vec (object, "point", 40.0, 40.0);
  assert_vec (object, "normal", -1.0, 0.0);
}

static void
test_inspect_probe_numbers (void)
{
  g_autoptr (JsonObject) object = inspect ("0", "ship,gate");
  JsonObject *lines = json_object_get_object_member (object, "lines");

  /* Ship at (0, 60) moving (4, 0); gate from (10, 55) to (10, 65). */
  g_assert_cmpstr (json_object_get_string_member (object, "probe"), ==, "ship");
  g_assert_cmpstr (json_object_get_string_member (object, "segment"), ==, "gate");
  g_assert_cmpfloat (json_object_get_double_member (object, "time_to_impact"), ==, 2.5);
  g_assert_cmpfloat (json_object_get_double_member (object, "along"), ==, 0.5);
  g_assert_true (json_object_get_boolean_member (object, "within"));
  assert_vec (object, "point", 10.0, 60.0);
  /* General form: line 1 through (0, 60) and (4, 60) is 0 x - 4 y = -240; the gate is
   * 10 x + 0 y = 100; det = E Q - P F = 40. */
  g_assert_cmpfloat (json_object_get_double_member (lines, "E"), ==, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (lines, "F"), ==, -4.0);
  g_assert_cmpfloat (json_object_get_double_member (lines, "G"), ==, -240.0);
  g_assert_cmpfloat (json_object_get_double_member (lines, "P"), ==, 10.0);
  g_assert_cmpfloat (json_object_get_double_member (lines, "Q"), ==, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (lines, "R"), ==, 100.0);
  g_assert_cmpfloat (json_object_get_double_member (lines, "det"), ==, 40.0);
  assert_vec (lines, "point_perp", 10.0, 60.0);
  assert_vec (lines, "point_general", 10.0, 60.0);
  assert_vec (lines, "point_matrix", 10.0, 60.0);
}

static void
test_inspect_unknown_id (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("inspect", scene, "--frame", "0", "--pair", "a,gatee",
                                          NULL);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_nonnull (strstr (result->err, "no body has the id 'gatee'"));
  g_assert_nonnull (strstr (result->err, "did you mean 'gate'?"));
}

static void
test_inspect_unknown_id_lists_ids (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) result = cli_run ("inspect", scene, "--frame", "0", "--pair",
                                          "zeppelin,a", NULL);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_nonnull (strstr (result->err, "no body has the id 'zeppelin'"));
  g_assert_nonnull (strstr (result->err, "the ids are: a, b, c, d, e, f, g, wall, gate, ship"));
}

static void
test_inspect_bad_pairs (void)
{
  g_autofree char *scene = data_path ("pairs.json");
  g_autoptr (CliResult) twice = cli_run ("inspect", scene, "--frame", "0", "--pair", "a,a", NULL);
  g_autoptr (CliResult) walls = cli_run ("inspect", scene, "--frame", "0", "--pair", "wall,gate",
                                         NULL);

  g_assert_cmpint (twice->status, ==, 2);
  g_assert_nonnull (strstr (twice->err, "names 'a' twice"));
  g_assert_cmpint (walls->status, ==, 2);
  g_assert_nonnull (strstr (walls->err, "no test between a segment and a segment"));

  /* Polygons and curves are ids too, and a probe has no test with a polygon. */
  g_autofree char *rigid = data_path ("rigid.json");
  g_autoptr (CliResult) typo = cli_run ("inspect", rigid, "--frame", "0", "--pair", "bx,tri",
                                        NULL);
  g_assert_cmpint (typo->status, ==, 2);
  g_assert_nonnull (strstr (typo->err, "no body has the id 'bx' in "));
  g_assert_nonnull (strstr (typo->err, "did you mean 'box'?"));
  g_autoptr (CliResult) probe = cli_run ("inspect", rigid, "--frame", "0", "--pair", "ship,box",
                                         NULL);
  g_assert_cmpint (probe->status, ==, 2);
  g_assert_nonnull (strstr (probe->err, "no test between a probe and a polygon"));
  g_autoptr (CliResult) curves = cli_run ("inspect", rigid, "--frame", "0", "--pair",
                                          "hill,still", NULL);
  g_assert_cmpint (curves->status, ==, 0);
  g_assert_nonnull (strstr (curves->out, "\"kind\":\"circle-curve\",\"a\":\"still\",\"b\":\"hill\""));
}

/* Session files in place of scenes (docs/session-format.md). The session
 * tests/data/sessions/pairs-edited.json edits pairs.json at frames 0, 1, 2 and 4. */

static char *
session_data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "sessions", name, NULL);
}

static ImpSessionFile *
load_session (const char *path)
{
  g_autoptr (GError) error = NULL;
  ImpSessionFile *session = imp_session_file_load (path, &error);

  g_assert_no_error (error);
  return session;
}

static void
test_session_check_ok (void)
{
  g_autofree char *session = session_data_path ("pairs-edited.json");
  g_autoptr (CliResult) result = cli_run ("check", session, NULL);
  g_autofree char *expected = g_strdup_printf ("%s: ok\n", session);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpstr (result->err, ==, "");
}

/* The edited run's final state is the one imp_session_file_replay() computes. */
static void
test_session_run_hash (void)
{
  g_autofree char *path = session_data_path ("pairs-edited.json");
  g_autoptr (ImpSessionFile) session = load_session (path);
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_session_file_replay (session, 25, NULL, &error);
  g_autofree char *hex = g_strdup_printf ("%016" G_GINT64_MODIFIER "x",
                                          (guint64) phys_world_hash (world));
  g_autofree char *scene = data_path ("pairs.json");
  g_autofree char *plain = hash_in_process (scene, 25);
  g_autoptr (CliResult) human = cli_run ("run", path, "--frames", "25", "--hash", NULL);
  g_autoptr (CliResult) jsonl = cli_run ("run", path, "--frames", "25", "--hash", "--jsonl",
                                         NULL);
  g_autofree char *human_line = g_strdup_printf ("\nhash=%s\n", hex);
  g_autofree char *json_line = g_strdup_printf ("\n{\"hash\":\"%s\"}\n", hex);

  g_assert_no_error (error);
  g_assert_cmpstr (hex, !=, plain);
  g_assert_cmpint (human->status, ==, 0);
  g_assert_true (g_str_has_suffix (human->out, human_line));
  g_assert_cmpint (jsonl->status, ==, 0);
  g_assert_true (g_str_has_suffix (jsonl->out, json_line));
  phys_world_free (world);
}

/* The header says it is a session and lists its edits as the session file spells
 * them; the events are those of the edited run. */
static void
test_session_run_jsonl (void)
{
  g_autofree char *path = session_data_path ("pairs-edited.json");
  g_autoptr (ImpSessionFile) session = load_session (path);
  g_autoptr (CliResult) result = cli_run ("run", path, "--frames", "6", "--jsonl", NULL);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  PhysEventLog log;

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  lines = output_lines (result->out);

  g_autoptr (JsonObject) header = parse_object (lines[0]);
  assert_members (header, header_keys);
  g_assert_cmpstr (json_object_get_string_member (header, "scene"), ==, path);
  JsonObject *member = json_object_get_object_member (header, "session");
  g_assert_nonnull (member);
  g_assert_cmpstr (json_object_get_string_member (member, "scene"), ==, "../cli/pairs.json");
  JsonArray *edits = json_object_get_array_member (member, "edits");
  g_assert_cmpuint (json_array_get_length (edits), ==, session->edits->len);
  for (guint i = 0; i < session->edits->len; i++)
    {
      g_autoptr (GString) expected = g_string_new (NULL);
      ImpJson json;
      imp_json_init (&json, expected);
      imp_session_file_write_edit (&json, NULL,
                                   &g_array_index (session->edits, ImpSessionFileEdit, i));
      g_autofree char *got = json_to_string (json_array_get_element (edits, i), FALSE);
      g_autoptr (JsonNode) want = json_from_string (expected->str, NULL);
      g_autofree char *want_text = json_to_string (want, FALSE);
      g_assert_cmpstr (got, ==, want_text);
    }
  JsonArray *bookmarks = json_object_get_array_member (member, "bookmarks");
  g_assert_cmpuint (json_array_get_length (bookmarks), ==, 1);
  /* Edits at frame 0 are in state 0: the set-world edit's gravity is already there. */
  g_assert_cmpint (json_object_get_int_member (header, "circles"), ==, 7);

  phys_event_log_init (&log);
  PhysWorld *world = imp_session_file_replay (session, 6, &log, &error);
  g_assert_no_error (error);
  guint last = g_strv_length (lines) - 1;
  g_assert_cmpuint (last - 1, ==, log.count);
  for (guint i = 1; i < last; i++)
    {
      g_autoptr (JsonObject) event = parse_object (lines[i]);
      g_assert_cmpint (json_object_get_int_member (event, "frame"), ==, log.events[i - 1].frame);
      g_assert_cmpstr (json_object_get_string_member (event, "kind"), ==,
                       phys_event_kind_name (log.events[i - 1].kind));
    }
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* For people, a line where each edit applies, before the events of its frame. */
static void
test_session_run_human (void)
{
  g_autofree char *path = session_data_path ("pairs-edited.json");
  g_autoptr (CliResult) result = cli_run ("run", path, "--frames", "4", NULL);
  g_autoptr (GPtrArray) edits = g_ptr_array_new ();
  g_auto (GStrv) lines = NULL;
  /* The edit at frame 4 changes state 4, the final state of a 4-frame run. */
  static const char *const expected[] = {
    "frame 0 edit set-world",
    "frame 1 edit set-circle a",
    "frame 2 edit add-circle h",
    "frame 2 edit remove-circle c",
    "frame 4 edit set-segment wall",
  };

  g_assert_cmpint (result->status, ==, 0);
  lines = output_lines (result->out);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (!g_str_has_prefix (lines[i], "frame ") || strstr (lines[i], " edit ") == NULL)
        continue;
      gint64 frame = g_ascii_strtoll (lines[i] + strlen ("frame "), NULL, 10);
      g_autofree char *event = g_strdup_printf ("frame %" G_GINT64_FORMAT " t=", frame);
      for (guint j = 0; j < i; j++)
        g_assert_false (g_str_has_prefix (lines[j], event));
      g_ptr_array_add (edits, lines[i]);
    }
  g_assert_cmpuint (edits->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < edits->len; i++)
    g_assert_cmpstr (g_ptr_array_index (edits, i), ==, expected[i]);
  g_assert_true (g_str_has_prefix (lines[g_strv_length (lines) - 1], "frames=4 "));
}

static void
test_session_bad_exit_2 (void)
{
  g_autofree char *path = session_data_path ("bad-unknown-key.json");
  g_autoptr (CliResult) check = cli_run ("check", path, NULL);
  g_autoptr (CliResult) run = cli_run ("run", path, "--frames", "3", "--jsonl", NULL);
  g_autoptr (CliResult) inspect = cli_run ("inspect", path, "--frame", "0", "--pair", "a,b", NULL);
  g_autofree char *expected = g_strdup_printf (
      "%s:5:52: error: unknown key \"velocity\" in set-circle edit; did you mean \"vel\"?\n", path);

  g_assert_cmpint (check->status, ==, 2);
  g_assert_cmpstr (check->out, ==, "");
  g_assert_cmpstr (check->err, ==, expected);
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_cmpstr (run->err, ==, expected);
  g_assert_cmpint (inspect->status, ==, 2);
  g_assert_cmpstr (inspect->err, ==, expected);
}

/* A mistake in the session's scene is reported in the scene file. */
static void
test_session_bad_scene_exit_2 (void)
{
  g_autofree char *path = session_data_path ("bad-scene.json");
  g_autoptr (CliResult) check = cli_run ("check", path, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *expected = g_strdup_printf (
      "%s/../scenes/bad-range.json:4:59: error: expected \"mass\" > 0, got 0\n", dir);

  g_assert_cmpint (check->status, ==, 2);
  g_assert_cmpstr (check->out, ==, "");
  g_assert_cmpstr (check->err, ==, expected);
}

/* An edit that does not apply: nothing on stdout, the edit's position on stderr; a run
 * that stops before the edit's frame never meets it. */
static void
test_session_replay_error_exit_2 (void)
{
  g_autofree char *path = session_data_path ("bad-replay.json");
  g_autoptr (CliResult) run = cli_run ("run", path, "--frames", "10", "--jsonl", NULL);
  g_autoptr (CliResult) check = cli_run ("check", path, NULL);
  g_autoptr (CliResult) inspect = cli_run ("inspect", path, "--frame", "5", "--pair", "a,b", NULL);
  g_autoptr (CliResult) short_run = cli_run ("run", path, "--frames", "2", NULL);
  g_autofree char *expected = g_strdup_printf (
      "%s:7:47: error: edit 3 at frame 3 (set-circle): expected the id of a circle at this "
      "frame, got \"gg\", which names no body\n",
      path);

  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_cmpstr (run->err, ==, expected);
  g_assert_cmpint (check->status, ==, 2);
  g_assert_cmpstr (check->err, ==, expected);
  g_assert_cmpint (inspect->status, ==, 2);
  g_assert_cmpstr (inspect->out, ==, "");
  g_assert_cmpstr (inspect->err, ==, expected);
  g_assert_cmpint (short_run->status, ==, 0);
}

/* inspect replays to frame K with the edits up to K, and names bodies as they are then:
 * h is added at frame 2. */
static void
test_session_inspect (void)
{
  g_autofree char *path = session_data_path ("pairs-edited.json");
  g_autoptr (ImpSessionFile) session = load_session (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (CliResult) result = cli_run ("inspect", path, "--frame", "2", "--pair", "a,h", NULL);
  g_autoptr (CliResult) before = cli_run ("inspect", path, "--frame", "1", "--pair", "a,h", NULL);
  PhysWorld *world = imp_session_file_replay (session, 2, NULL, &error);
  PhysBodyRef a, h;

  g_assert_no_error (error);
  g_assert_true (phys_world_find (world, "a", &a));
  g_assert_true (phys_world_find (world, "h", &h));
  PhysCircle ca = phys_world_get_circle (world, a.index);
  PhysCircle ch = phys_world_get_circle (world, h.index);

  g_assert_cmpint (result->status, ==, 0);
  g_autoptr (JsonObject) object = parse_object (result->out);
  g_assert_cmpint (json_object_get_int_member (object, "frame"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (object, "b"), ==, "h");
  assert_vec (object, "p1", ca.position.x, ca.position.y);
  assert_vec (object, "p2", ch.position.x, ch.position.y);
  g_assert_cmpfloat (json_object_get_double_member (object, "r2"), ==, 2.0);

  g_assert_cmpint (before->status, ==, 2);
  g_assert_nonnull (strstr (before->err, "no body has the id 'h'"));
  phys_world_free (world);
}

/* The writer itself. */

static void
test_json_escape (void)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;

  imp_json_append_string (out, "q\"b\\n\n\t\x01\x7f\xc3\xa9");
  g_assert_cmpstr (out->str, ==, "\"q\\\"b\\\\n\\n\\t\\u0001\\u007f\xc3\xa9\"");

  /* What json-glib reads back is the original text. */
  JsonNode *node = json_from_string (out->str, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_node_get_string (node), ==, "q\"b\\n\n\t\x01\x7f\xc3\xa9");
  json_node_unref (node);
}

static void
test_json_numbers (void)
{
  static const double values[] = { 0.1, 1.0 / 3.0, -0.0, 1e300, 5e-324, 0.30000000000000004,
                                   -8.0, 12345678.9, G_MAXDOUBLE };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      imp_json_append_double (out, values[i]);
      g_assert_cmpfloat (g_ascii_strtod (out->str, NULL), ==, values[i]);
      g_assert_null (strchr (out->str, ','));
    }

  g_autoptr (GString) shortest = g_string_new (NULL);
  imp_json_append_double (shortest, 0.1);
  g_assert_cmpstr (shortest->str, ==, "0.1");

  g_autoptr (GString) special = g_string_new (NULL);
  imp_json_append_double (special, NAN);
  g_string_append_c (special, ' ');
  imp_json_append_double (special, INFINITY);
  g_assert_cmpstr (special->str, ==, "null null");
}

static void
test_json_nesting (void)
{
  g_autoptr (GString) out = g_string_new (NULL);
  ImpJson json;

  imp_json_init (&json, out);
  imp_json_begin_object (&json, NULL);
  imp_json_int (&json, "n", -3);
  imp_json_begin_array (&json, "list");
  imp_json_bool (&json, NULL, TRUE);
  imp_json_null (&json, NULL);
  imp_json_vec2 (&json, NULL, phys_v2 (1.5, -2.0));
  imp_json_end_array (&json);
  imp_json_string (&json, "s", NULL);
  imp_json_end_object (&json);
  g_assert_cmpstr (out->str, ==, "{\"n\":-3,\"list\":[true,null,[1.5,-2]],\"s\":null}");
}

/* tests/data/cli/sat-boxes.json by hand: a is the 2 x 2 box at the origin (m = 4,
 * I = 4 (4 + 4) / 12 = 8/3), b the same box turned 45 degrees at (3, 0.5), moving -1 a frame.
 * On a's edge 1 (normal (1, 0)) b covers [3 - sqrt 2, 3 + sqrt 2]: a gap of 2 - sqrt 2 to a's
 * [-1, 1], the first separating axis, closed at t = 2 - sqrt 2. Then b's left corner (1, 0.5)
 * hits a's face: ra = (1, 0.5), ra x n = -0.5, rb = (-sqrt 2, 0), the effective mass
 * 1 / (1/4 + 1/4 + 0.25 / (8/3)) = 32/19, j = (1 + 1) 1 (32/19) = 64/19, and after it
 * va = -j/4 = -16/19, wa = (3/8) 0.5 j = 12/19, vb = -1 + 16/19 = -3/19. */
static JsonObject *
array_object (JsonObject *object, const char *key, guint index)
{
  JsonArray *array = json_object_get_array_member (object, key);
  g_assert_nonnull (array);
  g_assert_cmpuint (index, <, json_array_get_length (array));
  return json_array_get_object_element (array, index);
}

static void
assert_interval (JsonObject *object, const char *key, double lo, double hi)
{
  assert_vec (object, key, lo, hi);
}

static void
test_run_rigid_sat_record (void)
{
  const double r2 = sqrt (2.0), h = sqrt (0.5);
  g_autofree char *scene = data_path ("sat-boxes.json");
  g_autoptr (CliResult) result = cli_run ("run", scene, "--frames", "1", "--jsonl", NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_auto (GStrv) lines = output_lines (result->out);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_autoptr (JsonObject) event = parse_object (lines[1]);
  g_assert_cmpstr (json_object_get_string_member (event, "kind"), ==, "polygon-polygon");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (event, "t"), 2.0 - r2, 1e-15);
  g_assert_cmpstr (json_object_get_string_member (event, "found"), ==, "swept-sat");
  assert_vec (event, "normal", 1.0, 0.0);
  g_assert_cmpint (json_object_get_int_member (event, "reference_body"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (event, "reference_edge"), ==, 1);

  /* The impulse with spin, every number by hand. */
  JsonObject *point = array_object (event, "points", 0);
  assert_vec (point, "point", 1.0, 0.5);
  assert_vec (point, "ra", 1.0, 0.5);
  assert_vec (point, "rb", -r2, 0.0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (point, "ra_cross_n"), -0.5,
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (point, "rb_cross_n"), 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (point, "normal_mass"),
                                  32.0 / 19.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (point, "vn_before"), -1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (point, "jn"), 64.0 / 19.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (point, "vn_after"), 1.0, 1e-12);
  g_assert_cmpfloat (json_object_get_double_member (point, "jt"), ==, 0.0);
  JsonObject *after = json_object_get_object_member (event, "after");
  JsonObject *a_after = json_object_get_object_member (after, "a");
  JsonObject *b_after = json_object_get_object_member (after, "b");
  assert_vec (a_after, "vel", -16.0 / 19.0, 0.0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (a_after, "omega_rad"),
                                  12.0 / 19.0, 1e-12);
  assert_vec (b_after, "vel", -3.0 / 19.0, 0.0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (b_after, "omega_rad"), 0.0,
                                  1e-12);
  JsonObject *ledger = json_object_get_object_member (event, "ledger");
  assert_interval (ledger, "energy", 2.0, 2.0);

  /* The static test at the answer: 8 axes, touching on a's edge 1, one clipped point. */
  JsonObject *tests = json_object_get_object_member (event, "tests");
  JsonObject *sat = json_object_get_object_member (tests, "sat");
  g_assert_cmpstr (json_object_get_string_member (sat, "verdict"), ==, "touching");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (sat, "axes")), ==, 8);
  g_assert_cmpint (json_object_get_int_member (sat, "best"), ==, 1);
  g_assert_true (json_node_is_null (json_object_get_member (sat, "first_separating")));
  JsonObject *axis1 = array_object (sat, "axes", 1);
  assert_vec (axis1, "axis", 1.0, 0.0);
  assert_interval (axis1, "a", -1.0, 1.0);
  assert_interval (axis1, "b", 1.0, 1.0 + 2.0 * r2);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (axis1, "overlap"), 0.0, 1e-12);
  JsonObject *manifold = json_object_get_object_member (sat, "manifold");
  g_assert_cmpint (json_object_get_int_member (manifold, "reference_edge"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (manifold, "incident_edge"), ==, 2);
  assert_vec (manifold, "reference_v1", 1.0, -1.0);
  assert_vec (manifold, "reference_v2", 1.0, 1.0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (manifold, "clips")), ==,
                    2);
  /* The second side plane (y <= 1) cuts the incident edge from (1 + sqrt 2, 0.5 + sqrt 2) to
   * (1, 0.5) at y = 1: x = 1.5. */
  JsonObject *clip = array_object (manifold, "clips", 1);
  assert_vec (clip, "plane_normal", 0.0, -1.0);
  JsonObject *cut = array_object (clip, "out", 1);
  assert_vec (cut, "point", 1.5, 1.0);
  g_assert_true (json_object_get_boolean_member (cut, "cut"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (manifold, "points")), ==,
                    1);
  JsonObject *contact = array_object (manifold, "points", 0);
  assert_vec (contact, "point", 1.0, 0.5);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (contact, "depth"), 0.0, 1e-12);
  g_assert_cmpint (json_object_get_int_member (contact, "incident_vertex"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (contact, "id"), ==, json_object_get_int_member (
                                                                      point, "id"));

  /* The search: the swept test's axis 1 enters at 2 - sqrt 2, b's edge 1 at (2.474874 -
   * 1 - sqrt 2) / (sqrt 2 / 2). */
  JsonObject *search = json_object_get_object_member (tests, "search");
  g_assert_cmpstr (json_object_get_string_member (search, "method"), ==, "swept-sat");
  g_assert_cmpint (json_object_get_int_member (search, "enter_axis"), ==, 1);
  JsonObject *swept = array_object (search, "axes", 5);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (swept, "speed"), -h, 1e-15);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (swept, "enter"),
                                  (3.5 * h - 1.0 - r2) / h, 1e-12);

  /* The text for people. */
  g_autoptr (CliResult) human = cli_run ("run", scene, "--frames", "1", NULL);
  g_assert_nonnull (strstr (human->out, "frame 0 t=0.585786 polygon-polygon a b: swept-sat "
                                        "normal=(1, 0) point0=(1, 0.5) jn=3.36842 jt=0 e=1 "
                                        "vel_a=(-0.842105, 0) omega_a=0.631579 "
                                        "vel_b=(-0.157895, 0)"));
}

/* inspect at frame 0: the static test finds the gap; every interval by hand. */
static void
test_inspect_rigid_sat (void)
{
  const double r2 = sqrt (2.0), h = sqrt (0.5);
  g_autofree char *scene = data_path ("sat-boxes.json");
  g_autoptr (CliResult) result
      = cli_run ("inspect", scene, "--frame", "0", "--pair", "b,a", NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_autoptr (JsonObject) record = parse_object (result->out);
  g_assert_cmpstr (json_object_get_string_member (record, "a"), ==, "a");
  g_assert_true (json_object_get_boolean_member (record, "hit"));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (record, "t"), 2.0 - r2, 1e-15);
  JsonObject *sat = json_object_get_object_member (record, "sat");
  g_assert_cmpstr (json_object_get_string_member (sat, "verdict"), ==, "separated");
  g_assert_cmpint (json_object_get_int_member (sat, "first_separating"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (sat, "best"), ==, 1);
  g_assert_true (json_node_is_null (json_object_get_member (sat, "manifold")));
  assert_vec (sat, "mtv", r2 - 2.0, 0.0);
  /* b's vertices: (3, 0.5) plus sqrt 2 towards up, right, down and left. */
  JsonArray *b = json_object_get_array_member (sat, "polygon_b");
  JsonArray *left = json_array_get_array_element (b, 3);
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (left, 0), 3.0 - r2, 1e-12);
  /* Each axis: its normal, b's interval (b's centre projected, plus and minus sqrt 2 on a's
   * axes, 1 on b's own) and the shorter push, min(max_a - min_b, max_b - min_a); a covers
   * [-1, 1] on its own axes and [-sqrt 2, sqrt 2] on b's. */
  const struct
  {
    double ax, ay, min_b, max_b, overlap;
  } want[] = {
    { 0, -1, -0.5 - r2, -0.5 + r2, 0.5 + r2 },
    { 1, 0, 3 - r2, 3 + r2, r2 - 2.0 },
    { 0, 1, 0.5 - r2, 0.5 + r2, 0.5 + r2 },
    { -1, 0, -3 - r2, -3 + r2, r2 - 2.0 },
    { h, -h, 2.5 * h - 1.0, 2.5 * h + 1.0, r2 - (2.5 * h - 1.0) },
    { h, h, 3.5 * h - 1.0, 3.5 * h + 1.0, r2 - (3.5 * h - 1.0) },
    { -h, h, -2.5 * h - 1.0, -2.5 * h + 1.0, -2.5 * h + 1.0 + r2 },
    { -h, -h, -3.5 * h - 1.0, -3.5 * h + 1.0, -3.5 * h + 1.0 + r2 },
  };
  for (guint k = 0; k < G_N_ELEMENTS (want); k++)
    {
      JsonObject *axis = array_object (sat, "axes", k);
      g_assert_cmpint (json_object_get_int_member (axis, "body"), ==, k < 4 ? 0 : 1);
      g_assert_cmpint (json_object_get_int_member (axis, "feature"), ==, k % 4);
      assert_vec (axis, "axis", want[k].ax, want[k].ay);
      double a_extent = k < 4 ? 1.0 : r2;
      assert_interval (axis, "a", -a_extent, a_extent);
      assert_interval (axis, "b", want[k].min_b, want[k].max_b);
      double forward = a_extent - want[k].min_b, backward = want[k].max_b + a_extent;
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (axis, "overlap"),
                                      MIN (forward, backward), 1e-12);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (axis, "overlap"),
                                      want[k].overlap, 1e-12);
    }
  JsonObject *search = json_object_get_object_member (record, "search");
  g_assert_cmpstr (json_object_get_string_member (search, "verdict"), ==, "hit");

  /* --text: the same in words and numbers (the inspector's card, in English here). */
  const char *argv[] = { "inspect", scene, "--frame", "0", "--pair", "a,b", "--text", NULL };
  g_autoptr (CliResult) text = cli_run_argv (argv);
  g_assert_cmpint (text->status, ==, 0);
  g_assert_true (g_str_has_prefix (text->out, "Separating axis test: A (a) and B (b)\n"));
  g_assert_nonnull (strstr (text->out, "\n2. A edge 1, n = (1, 0): A [−1, 1], B [1.58579, "
                                       "4.41421]; gap 0.585786 — separates: the first "
                                       "separating axis"));
  g_assert_nonnull (strstr (text->out, "Verdict: separated. Axis 2 shows a gap of 0.585786"));
  g_assert_nonnull (strstr (text->out, "they first touch at t = 0.585786, found by the "
                                       "swept separating axis test (both bodies "
                                       "translate: exact).\n"));
  /* Then each axis over the frame (the plot's rows): a's right face (n = (1, 0)) sees b's
   * interval [3 - sqrt 2, 3 + sqrt 2] coming at 1 a frame: it meets a's [-1, 1] from
   * t = 2 - sqrt 2 until 4 + sqrt 2; b's edge 1 (n = (1, 1)/sqrt 2) sees [1.47487, 3.47487]
   * coming at sqrt(1/2) against a's [-sqrt 2, sqrt 2]: t in [0.0857864, 6.91421]; the
   * horizontal faces, not moving along them, overlap always. */
  g_assert_nonnull (strstr (text->out, "\nAxis 1 over the frame: v·n = 0, overlapping for t in "
                                       "[−∞, ∞]\n"));
  g_assert_nonnull (strstr (text->out, "\nAxis 2 over the frame: v·n = −1, overlapping for t in "
                                       "[0.585786, 5.41421]\n"));
  g_assert_true (g_str_has_suffix (text->out, "\nAxis 8 over the frame: v·n = 0.707107, "
                                              "overlapping for t in [0.0857864, 6.91421]\n"));
  g_assert_nonnull (strstr (text->out, "\nAxis 6 over the frame: v·n = −0.707107, overlapping "
                                       "for t in [0.0857864, 6.91421]\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (help_rows); i++)
    g_test_add_data_func (help_rows[i].path, &help_rows[i], test_help);
  for (guint i = 0; i < G_N_ELEMENTS (args_rows); i++)
    g_test_add_data_func (args_rows[i].path, &args_rows[i], test_bad_args);

  g_test_add_func ("/cli/check/ok", test_check_ok);
  g_test_add_func ("/cli/check/bad-scene-exit-2", test_check_bad_syntax);
  g_test_add_func ("/cli/check/unknown-key-exit-2", test_check_unknown_key);
  g_test_add_func ("/cli/check/missing-file-exit-2", test_check_missing_file);
  g_test_add_func ("/cli/check/shipped-scenes", test_check_shipped_scenes);

  g_test_add_func ("/cli/run/bad-scene-exit-2", test_run_bad_scene);
  g_test_add_func ("/cli/run/jsonl-keys", test_run_jsonl_keys);
  g_test_add_func ("/cli/run/jsonl-values", test_run_jsonl_values);
  g_test_add_func ("/cli/run/event-cap", test_run_event_cap);
  g_test_add_func ("/cli/run/states", test_run_states);
  g_test_add_func ("/cli/run/rigid-states", test_run_rigid_states);
  g_test_add_func ("/cli/run/rigid-hash", test_run_rigid_hash);
  g_test_add_func ("/cli/run/rigid-sat-record", test_run_rigid_sat_record);
  g_test_add_func ("/cli/run/same-bytes-twice", test_run_deterministic);
  g_test_add_func ("/cli/run/hash-matches-in-process", test_run_hash);
  g_test_add_func ("/cli/run/human-summary", test_run_human);
  g_test_add_func ("/cli/run/dev-full-exit-1", test_run_dev_full);
  g_test_add_func ("/cli/run/closed-pipe-exit-1", test_run_closed_pipe);

  for (guint i = 0; i < G_N_ELEMENTS (inspect_rows); i++)
    g_test_add_data_func (inspect_rows[i].path, &inspect_rows[i], test_inspect_verdict);
  g_test_add_func ("/cli/inspect/circle-circle/numbers", test_inspect_circle_circle_numbers);
  g_test_add_func ("/cli/inspect/circle-circle/miss-numbers", test_inspect_miss_numbers);
  g_test_add_func ("/cli/inspect/circle-segment/numbers", test_inspect_circle_segment_numbers);
  g_test_add_func ("/cli/inspect/probe-segment/numbers", test_inspect_probe_numbers);
  g_test_add_func ("/cli/inspect/polygon-polygon/sat-by-hand", test_inspect_rigid_sat);
  g_test_add_func ("/cli/inspect/unknown-id-exit-2", test_inspect_unknown_id);
  g_test_add_func ("/cli/inspect/unknown-id-lists-ids", test_inspect_unknown_id_lists_ids);
  g_test_add_func ("/cli/inspect/bad-pair-exit-2", test_inspect_bad_pairs);

  g_test_add_func ("/cli/session/check-ok", test_session_check_ok);
  g_test_add_func ("/cli/session/run-hash-matches-in-process", test_session_run_hash);
  g_test_add_func ("/cli/session/run-jsonl-header-and-events", test_session_run_jsonl);
  g_test_add_func ("/cli/session/run-human-edit-lines", test_session_run_human);
  g_test_add_func ("/cli/session/bad-session-exit-2", test_session_bad_exit_2);
  g_test_add_func ("/cli/session/bad-scene-exit-2", test_session_bad_scene_exit_2);
  g_test_add_func ("/cli/session/replay-error-exit-2", test_session_replay_error_exit_2);
  g_test_add_func ("/cli/session/inspect-edited", test_session_inspect);

  g_test_add_func ("/cli/json/escape", test_json_escape);
  g_test_add_func ("/cli/json/numbers", test_json_numbers);
  g_test_add_func ("/cli/json/nesting", test_json_nesting);

  return g_test_run ();
}
