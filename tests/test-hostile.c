/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hostile.c: the inputs of issue 13, each run through the impulse program as a
 * user (or an attacker) would: every one answers with exit status 0 or 2 and the
 * message that says what was wrong, under limits of CPU time, wall time and memory
 * that turn a stall or a runaway allocation into a failure, and no state it prints
 * holds a NaN. How fast each answers is measured in bench/impulse-bench.c, not here.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

typedef struct
{
  int status;   /* exit status, or -1 when killed by a signal */
  int signal;   /* the signal that killed it, or 0 */
  char *out;
  char *err;
} Result;

static void
result_free (Result *result)
{
  g_free (result->out);
  g_free (result->err);
  g_free (result);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Result, result_free)

/* Limits for the child: a stall (a FIFO that never opens) or a loop ends at the alarm,
 * a runaway allocation at the address-space limit (not under AddressSanitizer, whose
 * shadow memory needs terabytes of address space). */
typedef struct
{
  rlim_t file_size; /* RLIM_INFINITY, or a limit on what the child may write */
} Limits;

static void
limit_child (gpointer data)
{
  const Limits *limits = data;
  struct rlimit cpu = { 60, 60 };

  setrlimit (RLIMIT_CPU, &cpu);
#ifndef __SANITIZE_ADDRESS__
  struct rlimit as = { (rlim_t) 2 << 30, (rlim_t) 2 << 30 };
  setrlimit (RLIMIT_AS, &as);
#endif
  if (limits->file_size != RLIM_INFINITY)
    {
      struct rlimit fsize = { limits->file_size, limits->file_size };
      setrlimit (RLIMIT_FSIZE, &fsize);
    }
  alarm (60);
}

static Result *
run_limited (const Limits *limits, const char *first, ...) G_GNUC_NULL_TERMINATED;

static Result *
run_limited (const Limits *limits, const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  Result *result = g_new0 (Result, 1);
  int wait_status = 0;
  va_list ap;

  g_ptr_array_add (argv, (char *) g_getenv ("IMPULSE_BIN"));
  g_assert_nonnull (argv->pdata[0]);
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, limit_child,
                (gpointer) limits, &result->out, &result->err, &wait_status, &error);
  g_assert_no_error (error);
  result->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  result->signal = WIFSIGNALED (wait_status) ? WTERMSIG (wait_status) : 0;
  if (result->status < 0)
    g_test_message ("killed by signal %d; stderr: %s", result->signal, result->err);
  return result;
}

static const Limits no_file_limit = { RLIM_INFINITY };

#define run(...) run_limited (&no_file_limit, __VA_ARGS__)

static char *
make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("impulse-hostile-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Writes text to dir/name and returns the path. */
static char *
write_file (const char *dir, const char *name, const char *text)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

/* Asserts the exit status 2 and that stderr's first line is path + suffix. */
static void
assert_refused (const Result *result, const char *path, const char *suffix)
{
  g_autofree char *expected = g_strconcat (path, suffix, NULL);
  g_auto (GStrv) lines = g_strsplit (result->err, "\n", 2);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_cmpstr (lines[0], ==, expected);
}

/* Item 1: a set-probe edit naming a probe that does not exist, with no probe in the
 * world and with one among segments; check, run and inspect all replay it. */
static void
test_set_probe_missing (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *none = write_file (
      dir, "none.json",
      "{\"impulse-session\": 1,\n"
      " \"scene\": {\"impulse\": 1, \"circles\": [{\"id\": \"a\", "
      "\"pos\": [0, 0], \"radius\": 1}],\n"
      "           \"segments\": [{\"id\": \"w\", \"a\": [5, 0], \"b\": [5, 9]}]},\n"
      " \"edits\": [{\"frame\": 1, \"edit\": \"set-probe\", "
      "\"id\": \"ghost\", \"pos\": [1, 1]}]}\n");
  g_autofree char *one = write_file (
      dir, "one.json",
      "{\"impulse-session\": 1,\n"
      " \"scene\": {\"impulse\": 1, \"world\": {\"bounds\": [0, 0, 9, 9]},\n"
      "           \"probes\": [{\"id\": \"ship\", \"pos\": [1, 1]}]},\n"
      " \"edits\": [{\"frame\": 0, \"edit\": \"set-probe\", "
      "\"id\": \"shipp\", \"vel\": [1, 0]}]}\n");
  const char *none_message = ":4:52: error: edit 1 at frame 1 (set-probe): expected the id of a "
                             "probe at this frame, got \"ghost\", which names no body";
  const char *one_message = ":4:52: error: edit 1 at frame 0 (set-probe): expected the id of a "
                            "probe at this frame, got \"shipp\"; did you mean \"ship\"?";

  g_autoptr (Result) check_none = run ("check", none, NULL);
  assert_refused (check_none, none, none_message);
  g_autoptr (Result) run_none = run ("run", none, "--frames", "5", NULL);
  assert_refused (run_none, none, none_message);
  g_autoptr (Result) inspect_none
      = run ("inspect", none, "--frame", "3", "--pair", "a,w", NULL);
  assert_refused (inspect_none, none, none_message);

  g_autoptr (Result) check_one = run ("check", one, NULL);
  assert_refused (check_one, one, one_message);
  g_autoptr (Result) run_one = run ("run", one, "--frames", "1", NULL);
  assert_refused (run_one, one, one_message);
  remove_tree (dir);
}

/* Item 2 and 8: the largest event cap the format has, with a circle larger than its
 * box (an overlap with every wall, every frame), and one past a 32-bit int. */
static void
test_event_cap_limit (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *max = write_file (
      dir, "max.json",
      "{\"impulse\": 1, \"world\": {\"bounds\": [0, 0, 10, 10], \"event_cap\": 2147483647},\n"
      " \"circles\": [{\"id\": \"big\", \"pos\": [5, 5], \"radius\": 20}]}\n");
  g_autofree char *past = write_file (dir, "past.json",
                                      "{\"impulse\": 1, \"world\": {\"event_cap\": 2147483648}}\n");

  g_autoptr (Result) run_max = run ("run", max, "--frames", "10", NULL);
  assert_refused (run_max, max,
                  ":1:65: error: expected \"event_cap\" between 0 and 100000, got 2147483647");
  g_autoptr (Result) check_past = run ("check", past, NULL);
  assert_refused (check_past, past,
                  ":1:39: error: expected \"event_cap\" between 0 and 100000, got 2147483648");

  /* The same circle under the automatic cap: each frame stops at its cap, reported. */
  g_autofree char *automatic = write_file (
      dir, "auto.json",
      "{\"impulse\": 1, \"world\": {\"bounds\": [0, 0, 10, 10]},\n"
      " \"circles\": [{\"id\": \"big\", \"pos\": [5, 5], \"radius\": 20}]}\n");
  g_autoptr (Result) run_auto = run ("run", automatic, "--frames", "3", NULL);
  g_assert_cmpint (run_auto->status, ==, 0);
  g_assert_nonnull (strstr (run_auto->out, "frame 2 t=0 event-cap: stopped after 1064 events "
                                           "(cap 1064)\n"));
  g_assert_null (strstr (run_auto->out, "nan"));
  g_assert_true (g_str_has_prefix (run_auto->err, "impulse: warning: 3 of 3 frames hit the event "
                                                  "cap (first: frame 0): "));
  remove_tree (dir);
}

/* Item 3: files that are no regular file, or too large, named directly or as the
 * scene of a session or a lesson. */
static void
test_special_files (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *sparse = g_build_filename (dir, "sparse.json", NULL);
  const char *device = ": error: cannot read the scene: expected a regular file, got a character "
                       "device";

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  int fd = g_open (sparse, O_WRONLY | O_CREAT, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 5 << 30), ==, 0);
  close (fd);

  g_autoptr (Result) zero = run ("check", "/dev/zero", NULL);
  assert_refused (zero, "/dev/zero", device);
  g_autoptr (Result) run_zero = run ("run", "/dev/zero", "--frames", "1", NULL);
  assert_refused (run_zero, "/dev/zero", device);
  g_autoptr (Result) pipe = run ("check", fifo, NULL);
  assert_refused (pipe, fifo,
                  ": error: cannot read the scene: expected a regular file, got a FIFO (named "
                  "pipe)");
  g_autoptr (Result) big = run ("check", sparse, NULL);
  assert_refused (big, sparse,
                  ": error: cannot read the scene: expected a file of at most 67108864 bytes "
                  "(64 MiB), got 5368709120 bytes");
  g_autoptr (Result) folder = run ("check", dir, NULL);
  assert_refused (folder, dir, ": error: cannot read the scene: expected a regular file, got a "
                               "directory");

  g_autofree char *session = write_file (
      dir, "session.json", "{\"impulse-session\": 1, \"scene\": \"/dev/zero\"}\n");
  g_autoptr (Result) session_zero = run ("check", session, NULL);
  assert_refused (session_zero, session,
                  ":1:33: error: expected a readable scene file, got \"/dev/zero\": expected a "
                  "regular file, got a character device");
  g_autofree char *session_fifo_path = write_file (
      dir, "session-fifo.json", "{\"impulse-session\": 1, \"scene\": \"fifo.json\"}\n");
  g_autoptr (Result) session_fifo = run ("check", session_fifo_path, NULL);
  assert_refused (session_fifo, session_fifo_path,
                  ":1:33: error: expected a readable scene file, got \"fifo.json\": expected a "
                  "regular file, got a FIFO (named pipe)");
  g_autofree char *lesson = write_file (
      dir, "lesson.json",
      "{\"impulse-lesson\": 1, \"id\": \"zero\", \"title\": \"Zero\", \"summary\": \"s\",\n"
      " \"topic\": \"impulse\", \"scene\": \"/dev/zero\", \"steps\": [{\"text\": \"t\"}]}\n");
  g_autoptr (Result) lesson_zero = run ("check", lesson, NULL);
  assert_refused (lesson_zero, lesson,
                  ":2:31: error: expected a readable scene file, got \"/dev/zero\": expected a "
                  "regular file, got a character device");
  remove_tree (dir);
}

/* Item 8: an empty file name. */
static void
test_empty_name (void)
{
  g_autoptr (Result) check = run ("check", "", NULL);

  g_assert_cmpint (check->status, ==, 2);
  g_assert_true (g_str_has_prefix (check->err,
                                   "impulse: error: check needs a SCENE file name, got an empty "
                                   "string\n"));
}

/* Item 5: an edit a billion frames ahead is refused before anything is stepped; the
 * limit can be raised, and a session within it is replayed. */
static void
test_edit_far_ahead (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *far = write_file (
      dir, "far.json",
      "{\"impulse-session\": 1,\n"
      " \"scene\": {\"impulse\": 1, \"circles\": [{\"id\": \"a\", "
      "\"pos\": [0, 0], \"radius\": 1}]},\n"
      " \"edits\": [{\"frame\": 1000000000, \"edit\": \"set-circle\", "
      "\"id\": \"a\", \"vel\": [0, 1]}]}\n");
  g_autofree char *near = write_file (
      dir, "near.json",
      "{\"impulse-session\": 1,\n"
      " \"scene\": {\"impulse\": 1, \"circles\": [{\"id\": \"a\", "
      "\"pos\": [0, 0], \"radius\": 1}]},\n"
      " \"edits\": [{\"frame\": 20, \"edit\": \"set-circle\", \"id\": \"a\", \"vel\": [0, 1]}]}\n");

  g_autoptr (Result) check_far = run ("check", far, NULL);
  assert_refused (check_far, far,
                  ":3:12: error: edit 1 at frame 1000000000 (set-circle): expected a frame the "
                  "replay reaches within its limit of 1000000 frames, got 1000000000 (the limit "
                  "bounds the work a file can ask for; allow more to replay it)");
  g_assert_nonnull (strstr (check_far->err, "--max-frames"));

  g_autoptr (Result) low = run ("check", "--max-frames", "19", near, NULL);
  g_assert_cmpint (low->status, ==, 2);
  g_autoptr (Result) enough = run ("check", "--max-frames", "20", near, NULL);
  g_assert_cmpint (enough->status, ==, 0);
  g_autoptr (Result) bad = run ("check", "--max-frames", "lots", near, NULL);
  g_assert_cmpint (bad->status, ==, 2);
  remove_tree (dir);
}

/* Item 6: 200,000 add-circle edits at one frame, the most circles a world holds. */
static void
test_many_added_circles (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr (GString) text = g_string_new ("{\"impulse-session\": 1, \"scene\": {\"impulse\": 1},\n"
                                           " \"edits\": [\n");

  for (int i = 0; i < 200000; i++)
    g_string_append_printf (text,
                            "  {\"frame\": 0, \"edit\": \"add-circle\", \"id\": \"c%d\", \"pos\": "
                            "[%d, %d], \"radius\": 1}%s\n",
                            i, (i % 1000) * 3, (i / 1000) * 3, i + 1 < 200000 ? "," : "");
  g_string_append (text, " ]}\n");
  g_autofree char *path = write_file (dir, "many.json", text->str);

  g_autoptr (Result) check = run ("check", path, NULL);
  g_assert_cmpint (check->status, ==, 0);
  g_autoptr (Result) one_more = run ("run", path, "--frames", "1", NULL);
  g_assert_cmpint (one_more->status, ==, 0);
  /* After a line for each edit applied, the summary: nothing overlaps, nothing moves. */
  g_assert_nonnull (strstr (one_more->out, "frame 0 edit add-circle c199999\nframes=1 events=0 "));
  remove_tree (dir);
}

/* Item 7: a spring too stiff for explicit integration. The run stops at the frame that
 * diverges, says which circle and why, exits 2, and no state it wrote holds a NaN. */
static void
test_stiff_spring (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = write_file (
      dir, "spring.json",
      "{\"impulse\": 1,\n"
      " \"circles\": [{\"id\": \"a\", \"pos\": [0, 0], \"radius\": 1},\n"
      "             {\"id\": \"b\", \"pos\": [10, 0], \"radius\": 1}],\n"
      " \"forces\": [{\"type\": \"spring\", \"a\": \"a\", \"b\": \"b\", \"k\": 1000, "
      "\"rest_length\": 5}]}\n");

  g_autoptr (Result) result = run ("run", path, "--frames", "400", "--jsonl", "--states", NULL);
  g_assert_cmpint (result->status, ==, 2);
  g_assert_null (strstr (result->out, "null"));
  g_assert_null (strstr (result->out, "nan"));
  g_assert_null (strstr (result->out, "\"end\""));
  g_assert_true (g_str_has_prefix (result->err, path));
  g_assert_nonnull (strstr (result->err, ": error: frame "));
  g_assert_nonnull (strstr (result->err, "circle \"a\" diverged"));
  g_assert_nonnull (strstr (result->err, "so the simulation stops at state "));

  /* Every state line before it is finite; the state after the last one written is the
   * state the message names (state lines are written after each frame stepped). */
  g_auto (GStrv) lines = g_strsplit (result->out, "\n", -1);
  guint states = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    states += g_str_has_prefix (lines[i], "{\"frame\":") && strstr (lines[i], "\"state\":");
  g_autofree char *stop = g_strdup_printf ("stops at state %u\n", states);
  g_assert_true (g_str_has_suffix (result->err, stop));

  /* A figure past it is refused with the same reason. */
  g_autofree char *png = g_build_filename (dir, "late.png", NULL);
  g_autoptr (Result) export = run ("export", path, "--frame", "399", "-o", png, NULL);
  g_assert_cmpint (export->status, ==, 2);
  g_assert_nonnull (strstr (export->err, "circle \"a\" diverged"));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* Item 7: a lesson on that spring whose goal lies past the divergence: check names
 * the step and the reason, instead of a goal that "is not reached". */
static void
test_stiff_spring_lesson (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = write_file (
      dir, "lesson.json",
      "{\"impulse-lesson\": 1, \"id\": \"stiff\", \"title\": \"Stiff\", \"summary\": \"s\",\n"
      " \"topic\": \"springs\",\n"
      " \"scene\": {\"impulse\": 1,\n"
      "   \"circles\": [{\"id\": \"a\", \"pos\": [0, 0], \"radius\": 1},\n"
      "               {\"id\": \"b\", \"pos\": [10, 0], \"radius\": 1}],\n"
      "   \"forces\": [{\"type\": \"spring\", \"a\": \"a\", \"b\": \"b\", \"k\": 1000,"
      " \"rest_length\": 5}]},\n"
      " \"steps\": [{\"text\": \"Go on.\", \"goal\": {\"type\": \"frame\", \"frame\": 50,"
      " \"hint\": \"h\"}}]}\n");

  g_autoptr (Result) check = run ("check", path, NULL);
  g_assert_cmpint (check->status, ==, 2);
  g_assert_true (g_str_has_prefix (check->err, path));
  g_assert_nonnull (strstr (check->err, "circle \"a\" diverged"));
  remove_tree (dir);
}

/* Item 7: values the physics cannot hold, given in a session's edit. */
static void
test_edit_overflows (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = write_file (
      dir, "fast.json",
      "{\"impulse-session\": 1,\n"
      " \"scene\": {\"impulse\": 1, \"circles\": [{\"id\": \"a\", "
      "\"pos\": [0, 0], \"radius\": 1}]},\n"
      " \"edits\": [{\"frame\": 1, \"edit\": \"set-circle\", "
      "\"id\": \"a\", \"vel\": [1e300, 0]}]}\n");

  g_autoptr (Result) check = run ("check", path, NULL);
  assert_refused (check, path,
                  ":3:66: error: expected a number between -1e30 and 1e30 for \"vel\"[0], got "
                  "1e300");
  remove_tree (dir);
}

/* Rigid bodies at the edges of the ranges: a polygon too large for its area to be in range is
 * refused where its vertices are written, with its area; a box spun at 1e30 radians a frame with a stiff spring on its
 * corner stops with a polygon named, every state before it finite; a 16-gon of radius 1e-15
 * and density 1e30 steps as any body does. */
static void
test_rigid_extremes (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *huge = write_file (
      dir, "huge.json",
      "{\"impulse\": 1,\n"
      " \"polygons\": [{\"id\": \"huge\", \"pos\": [0, 0], \"vertices\": [[-1e30, -1e30], "
      "[1e30, -1e30], [1e30, 1e30]]}]}\n");
  g_autoptr (Result) refused = run ("run", huge, "--frames", "3", NULL);
  assert_refused (refused, huge,
                  ":2:57: error: expected a polygon whose area is between 1e-30 and 1e30, got "
                  "2e+60");

  g_autofree char *spin = write_file (
      dir, "spin.json",
      "{\"impulse\": 1,\n"
      " \"polygons\": [{\"id\": \"spinner\", \"pos\": [400, 300], \"box\": [40, 20], "
      "\"omega_rad\": 1e30},\n"
      "  {\"id\": \"dot\", \"pos\": [200, 300], \"regular\": {\"sides\": 16, "
      "\"radius\": 1e-15}, \"density\": 1e30}],\n"
      " \"forces\": [{\"type\": \"spring\", \"a\": \"spinner\", \"b\": \"dot\", \"k\": 1e30, "
      "\"local_a\": [20, 10]}]}\n");
  g_autoptr (Result) spun = run ("run", spin, "--frames", "50", "--jsonl", "--states", NULL);
  g_assert_null (strstr (spun->out, "null"));
  g_assert_null (strstr (spun->out, "nan"));
  g_assert_null (strstr (spun->out, "inf"));
  g_assert_true (g_str_has_prefix (spun->err, spin) || g_str_has_prefix (spun->err, "impulse: "));
  /* Either a body leaves the range (the run stops there, a polygon named), or the two keep
   * colliding and every frame stops at the event cap, said so, every number finite. Which comes
   * first is the physics' business. */
  if (spun->status == 2)
    {
      g_assert_nonnull (strstr (spun->err, ": error: frame "));
      g_assert_true (strstr (spun->err, "polygon \"spinner\" diverged: ") != NULL
                     || strstr (spun->err, "polygon \"dot\" diverged: ") != NULL);
    }
  else
    {
      g_assert_cmpint (spun->status, ==, 0);
      g_assert_nonnull (strstr (spun->err, "hit the event cap"));
    }

  g_autofree char *tiny = write_file (
      dir, "tiny.json",
      "{\"impulse\": 1, \"world\": {\"gravity\": [0, 0.5]},\n"
      " \"polygons\": [{\"id\": \"dot\", \"pos\": [200, 300], \"regular\": {\"sides\": "
      "16, \"radius\": 1e-15}, \"density\": 1e30, \"omega_rad\": 3}]}\n");
  g_autoptr (Result) stepped = run ("run", tiny, "--frames", "50", "--jsonl", "--states", NULL);
  g_assert_cmpint (stepped->status, ==, 0);
  g_assert_null (strstr (stepped->out, "null"));
  g_assert_null (strstr (stepped->out, "nan"));
  g_assert_nonnull (strstr (stepped->out, "{\"frame\":49,\"state\":[{\"id\":\"dot\","));
  remove_tree (dir);
}

/* Item 9: an export killed while it writes (here by the file size limit, SIGXFSZ)
 * leaves nothing behind, not even a hidden temporary file. */
static void
test_export_killed (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *scene = g_build_filename (g_getenv ("IMPULSE_SCENES_DIR"),
                                             "seed001-balls-in-box.json", NULL);
  g_autofree char *out_dir = g_build_filename (dir, "out", NULL);
  g_autofree char *pdf = g_build_filename (out_dir, "big.pdf", NULL);
  const Limits small = { 4096 };

  g_assert_cmpint (g_mkdir (out_dir, 0700), ==, 0);
  g_autoptr (Result) killed
      = run_limited (&small, "export", scene, "--frames", "0..30", "-o", pdf, NULL);
  g_assert_cmpint (killed->status, ==, -1);
  g_assert_cmpint (killed->signal, ==, SIGXFSZ);

  g_autoptr (GDir) d = g_dir_open (out_dir, 0, NULL);
  g_assert_nonnull (d);
  const char *left = g_dir_read_name (d);
  g_assert_cmpstr (left, ==, NULL);
  g_rmdir (out_dir);
  remove_tree (dir);
}

/* Item 9: --force through a symbolic link replaces the file the link names and keeps
 * the link, as saving a session does. */
static void
test_export_force_symlink (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *scene = g_build_filename (g_getenv ("IMPULSE_SCENES_DIR"),
                                             "seed001-head-on.json", NULL);
  g_autofree char *target = write_file (dir, "target.svg", "old");
  g_autofree char *link = g_build_filename (dir, "link.svg", NULL);

  g_assert_cmpint (chmod (target, 0640), ==, 0);
  g_assert_cmpint (symlink ("target.svg", link), ==, 0);
  g_autoptr (Result) refused = run ("export", scene, "--frame", "0", "-o", link, NULL);
  g_assert_cmpint (refused->status, ==, 2);
  g_autoptr (Result) forced = run ("export", scene, "--frame", "0", "-o", link, "--force", NULL);
  g_assert_cmpint (forced->status, ==, 0);

  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_autofree char *points_at = g_file_read_link (link, NULL);
  g_assert_cmpstr (points_at, ==, "target.svg");
  g_autofree char *contents = NULL;
  g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  GStatBuf st;
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/hostile/set-probe-missing", test_set_probe_missing);
  g_test_add_func ("/cli/hostile/event-cap-limit", test_event_cap_limit);
  g_test_add_func ("/cli/hostile/special-files", test_special_files);
  g_test_add_func ("/cli/hostile/empty-name", test_empty_name);
  g_test_add_func ("/cli/hostile/edit-far-ahead", test_edit_far_ahead);
  g_test_add_func ("/cli/hostile/many-added-circles", test_many_added_circles);
  g_test_add_func ("/cli/hostile/stiff-spring", test_stiff_spring);
  g_test_add_func ("/cli/hostile/stiff-spring-lesson", test_stiff_spring_lesson);
  g_test_add_func ("/cli/hostile/edit-overflows", test_edit_overflows);
  g_test_add_func ("/cli/hostile/rigid-extremes", test_rigid_extremes);
  g_test_add_func ("/cli/hostile/export-killed", test_export_killed);
  g_test_add_func ("/cli/hostile/export-force-symlink", test_export_force_symlink);

  return g_test_run ();
}
