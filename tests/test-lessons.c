/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lessons.c: the lesson format: its loader's errors, the text markup, the
 * goals of each type (unmet on entry, met by "show me"), hand-computed
 * quantities, and every shipped lesson played through headless. */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "imp-lesson-goal.h"
#include "imp-lesson-setup.h"
#include "imp-lesson-markup.h"
#include "imp-lesson-pack.h"
#include "imp-lesson-vocabulary.h"
#include "imp-lesson.h"
#include "imp-overlays.h"
#include "imp-session-file.h"

/* Two circles that meet in frame 3: c1 from x = 40 at +100 per frame, c2 from
 * x = 760 at -100 (and 2 up per frame, so both are at y = 300 at frame 3). */
#define SCENE                                                                                      \
  "{ \"impulse\": 1, \"world\": { \"bounds\": [0, 0, 800, 600] },\n"                               \
  "  \"circles\": [ { \"id\": \"c1\", \"pos\": [40, 300], \"vel\": [100, 0], \"radius\": 12 },\n"  \
  "                 { \"id\": \"c2\", \"pos\": [760, 306], \"vel\": [-100, -2], \"radius\": 8 } ] }"

static char *
lesson_with_steps (const char *steps)
{
  return g_strdup_printf ("{ \"impulse-lesson\": 1, \"id\": \"t\", \"title\": \"T\",\n"
                          "  \"summary\": \"S\", \"topic\": \"swept-quadratic\",\n"
                          "  \"scene\": " SCENE ",\n"
                          "  \"steps\": [ %s ] }",
                          steps);
}

static ImpLesson *
load (const char *text, GError **error)
{
  return imp_lesson_load_data (text, -1, "lesson.json", NULL, error);
}

/* Markup */

static void
test_markup_spans (void)
{
  ImpLessonText text;
  gsize offset;
  g_autofree char *message = NULL;

  g_assert_true (imp_lesson_text_parse ("A *b* **c** $x*y$ {n|the normal} \\*d & {j}.", &text,
                                        &offset, &message));
  g_assert_cmpstr (text.plain, ==, "A b c x*y the normal *d & j.");
  g_assert_cmpstr (text.markup, ==,
                   "A <i>b</i> <b>c</b> <span font_family=\"serif\" style=\"italic\">x*y</span> "
                   "<span underline=\"single\">the normal</span> *d &amp; "
                   "<span underline=\"single\">j</span>.");
  g_assert_cmpuint (text.refs->len, ==, 2);
  ImpTextRef *n = &g_array_index (text.refs, ImpTextRef, 0);
  g_assert_cmpuint (n->start, ==, 10);
  g_assert_cmpuint (n->end, ==, 20);
  g_assert_cmpstr (imp_term_names[n->term], ==, "n");
  g_assert_cmpint (imp_lesson_text_term_at (&text, 9), ==, -1);
  g_assert_cmpint (imp_lesson_text_term_at (&text, 10), ==, n->term);
  g_assert_cmpint (imp_lesson_text_term_at (&text, 19), ==, n->term);
  g_assert_cmpint (imp_lesson_text_term_at (&text, 20), ==, -1);
  ImpTextRef *j = &g_array_index (text.refs, ImpTextRef, 1);
  g_assert_cmpstr (imp_term_names[j->term], ==, "j");
  g_assert_cmpuint (j->start, ==, strlen ("A b c x*y the normal *d & "));
  imp_lesson_text_clear (&text);
}

static void
test_markup_errors (void)
{
  static const struct
  {
    const char *text;
    gsize offset;
    const char *message;
  } cases[] = {
    { "an *open span", 3, "expected a closing \"*\" for the emphasis that starts here" },
    { "math $x", 5, "expected a closing \"$\" for the inline math that starts here" },
    { "a {nn} term", 3, "expected a term name in {...}" },
    { "a {n", 2, "expected \"}\" to close the reference" },
    { "stray }", 6, "expected \"\\}\" for a literal brace" },
    { "*a **b* c**", 6, "expected the strong text opened at byte 4 to be closed" },
    { "end \\", 4, "expected a character after \"\\\"" },
    { "{n|}", 1, "expected plain words after \"|\"" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ImpLessonText text;
      gsize offset = 0;
      g_autofree char *message = NULL;
      g_assert_false (imp_lesson_text_parse (cases[i].text, &text, &offset, &message));
      g_assert_cmpuint (offset, ==, cases[i].offset);
      g_assert_true (g_str_has_prefix (message, cases[i].message));
    }
}

/* Overlays: one name each, from the flags type */

static void
test_overlay_names (void)
{
  gsize n;
  const char *const *names = imp_overlay_names (&n);
  ImpOverlays overlay;

  /* Name i is the overlay 1 << i, as the enum spells it. */
  g_assert_cmpuint (n, ==, 13);
  g_assert_cmpuint (IMP_OVERLAY_ALL, ==, (1u << n) - 1);
  g_assert_cmpstr (names[0], ==, "ids");
  g_assert_cmpstr (names[5], ==, "relative-velocity");
  g_assert_cmpstr (names[11], ==, "ghost-branch");
  g_assert_cmpstr (names[12], ==, "legend");
  for (gsize i = 0; i < n; i++)
    {
      g_assert_true (imp_overlay_from_name (names[i], &overlay));
      g_assert_cmpuint (overlay, ==, 1u << i);
    }
  g_assert_true (imp_overlay_from_name ("none", &overlay));
  g_assert_cmpuint (overlay, ==, IMP_OVERLAY_NONE);
  overlay = IMP_OVERLAY_LEGEND;
  g_assert_false (imp_overlay_from_name ("relative_velocity", &overlay));
  g_assert_false (imp_overlay_from_name ("all", &overlay));
  g_assert_cmpuint (overlay, ==, IMP_OVERLAY_LEGEND);
}

/* A step's "overlays" are read into the flags they name; a step without shows what it found. */
static void
test_step_overlays (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = lesson_with_steps (
      "{ \"text\": \"a\", \"enter\": { \"overlays\": [\"relative-velocity\", \"ghost-branch\", "
      "\"ids\"] } }, { \"text\": \"b\", \"enter\": { \"overlays\": [] } }, { \"text\": \"c\" }");
  ImpLesson *lesson = load (text, &error);

  g_assert_no_error (error);
  const ImpLessonAction *a = &imp_lesson_get_step (lesson, 0)->action;
  g_assert_true (a->has_overlays);
  g_assert_cmpuint (a->overlays, ==,
                    IMP_OVERLAY_RELATIVE_VELOCITY | IMP_OVERLAY_GHOST_BRANCH | IMP_OVERLAY_IDS);
  const ImpLessonAction *b = &imp_lesson_get_step (lesson, 1)->action;
  g_assert_true (b->has_overlays);
  g_assert_cmpuint (b->overlays, ==, IMP_OVERLAY_NONE);
  g_assert_false (imp_lesson_get_step (lesson, 2)->action.has_overlays);
  imp_lesson_free (lesson);
}

/* Loader errors */

static void
test_errors (void)
{
  static const struct
  {
    const char *steps;
    const char *prefix;
  } cases[] = {
    { "", "lesson.json:6:12: error: expected 1 to 20 steps, got 0" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"frame\" } }",
      "lesson.json:6:37: error: missing required key \"hint\" in frame goal" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"frame\", \"frame\": 2 } }",
      "lesson.json:6:37: error: missing required key \"hint\" in frame goal" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"frames\", \"frame\": 2, \"hint\": \"h\" } }",
      "lesson.json:6:47: error: expected one of \"frame\", \"event\", \"verdict\", \"predict\", \"mode\" for \"type\", got \"frames\"; did you mean \"frame\"?" },
    { "{ \"txt\": \"a\" }", "lesson.json:6:16: error: unknown key \"txt\" in step; did you mean \"text\"?" },
    { "{ \"text\": \"see {q}\" }", "lesson.json:6:30: error: expected a term name in {...}" },
    { "{ \"text\": \"a\", \"enter\": { \"select\": [\"c1\", \"c3\"] } }",
      "lesson.json:6:57: error: expected the id of a body of the lesson's scene in \"select\", got \"c3\"" },
    { "{ \"text\": \"a\", \"enter\": { \"overlays\": [\"speed\"] } }",
      "lesson.json:6:53: error: expected one of \"ids\", \"velocity\", \"swept\", \"ghosts\", "
      "\"contact\", \"relative-velocity\", \"impulse\", \"construction\", \"normals\", "
      "\"probes\", \"trails\", \"ghost-branch\", \"legend\" for \"overlays\", got \"speed\"" },
    /* "none" is a set the export takes, not an overlay a step can show. */
    { "{ \"text\": \"a\", \"enter\": { \"overlays\": [\"velocity\", \"none\"] } }",
      "lesson.json:6:65: error: expected one of \"ids\"" },
    { "{ \"text\": \"a\", \"enter\": { \"event\": 0 } }",
      "lesson.json:6:38: error: missing required key \"frame\" in enter" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 3, \"quantity\": \"t\", "
      "\"tolerance\": 0.1, \"hint\": \"h\" } }",
      "lesson.json:6:37: error: missing required key \"of\" in predict goal (\"t\", time of first touch, frame fraction, is measured on a pair of bodies)" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 3, \"quantity\": \"t\", "
      "\"of\": [\"c1\"], \"tolerance\": 0.1, \"hint\": \"h\" } }",
      "lesson.json:6:93: error: expected 2 body ids for \"of\", got 1" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 3, \"between\": [\"c1\", "
      "\"c2\"], \"verdict\": \"ahead\", \"show\": {}, \"hint\": \"h\" } }",
      "lesson.json:6:106: error: expected a swept-test verdict for \"c1\" and \"c2\", got \"ahead\"" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 3, \"between\": [\"c1\", "
      "\"c2\"], \"verdict\": \"miss\", \"show\": { \"frame\": 2, \"edit\": \"set-circle\", \"id\": "
      "\"c2\", \"vel\": [0, 0] }, \"hint\": \"h\" } }",
      "lesson.json:6:122: error: expected the \"show\" edit at the goal's frame 3, got frame 2" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"mode\", \"hint\": \"h\" } }",
      "lesson.json:6:37: error: missing \"modes\", \"integrator\" or \"substeps\" in mode goal" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"mode\", \"substeps\": 0, \"hint\": \"h\" } }",
      "lesson.json:6:67: error: expected \"substeps\" between 1 and 1000, got 0" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = lesson_with_steps (cases[i].steps);
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) lesson = load (text, &error);
      g_assert_null (lesson);
      g_assert_error (error, IMP_FORMAT_ERROR, error->code);
      if (!g_str_has_prefix (error->message, cases[i].prefix))
        g_error ("case %zu: got \"%s\", expected it to start \"%s\"", i, error->message,
                 cases[i].prefix);
    }
}

static void
test_errors_top (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) a = load ("{ \"impulse-lesson\": 2 }", &error);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_VERSION);
  g_assert_true (g_str_has_prefix (error->message, "lesson.json:1:21: error:"));
  g_clear_error (&error);

  /* A mistake inside an inline scene is the scene loader's, at its place in the lesson. */
  g_autofree char *bad_scene = lesson_with_steps ("{ \"text\": \"a\" }");
  char *radius = strstr (bad_scene, "\"radius\": 8");
  radius[10] = '-';
  radius[11] = '8';
  g_autoptr (ImpLesson) b = load (bad_scene, &error);
  g_assert_error (error, IMP_FORMAT_ERROR, error->code);
  if (!g_str_has_prefix (error->message, "lesson.json:5:80: error: expected \"radius\" > 0"))
    g_error ("got %s", error->message);
  g_clear_error (&error);

  g_autoptr (ImpLesson) c = imp_lesson_load ("no-such-lesson.json", &error);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "no-such-lesson.json: error: cannot read"));
  g_assert_false (imp_lesson_sniff_data ("{ \"impulse\": 1 }", 16));
  g_assert_true (imp_lesson_sniff_data ("{ \"impulse-lesson\": 1 }", 23));
  g_assert_true (imp_lesson_sniff_data ("{ \"impulse-lessons\": 1 }", 24));
  /* The session format's version key is two edits away, and is a session. */
  g_assert_false (imp_lesson_sniff_data ("{ \"impulse-session\": 1 }", 24));
  g_assert_false (imp_session_file_sniff_data ("{ \"impulse-lesson\": 1 }", 23));
}

/* A lesson's "edits" set its scene up before it starts: c1 slowed to 50 per frame
 * and a circle c3 added at rest. Steps name c3, the walk plays the edited world
 * (c1 at x = 40 + 2 * 50 = 140 in state 2, where the unedited run has 240), and
 * a refused edit is reported at its place in the session format's words. */
static char *
lesson_with_edits (const char *edits, const char *steps)
{
  return g_strdup_printf ("{ \"impulse-lesson\": 1, \"id\": \"t\", \"title\": \"T\",\n"
                          "  \"summary\": \"S\", \"topic\": \"swept-quadratic\",\n"
                          "  \"scene\": " SCENE ",\n"
                          "  \"edits\": [ %s ],\n"
                          "  \"steps\": [ %s ] }",
                          edits, steps);
}

static void
test_edits (void)
{
  const char *edits
      = "{ \"frame\": 0, \"edit\": \"set-circle\", \"id\": \"c1\", \"vel\": [50, 0] },\n"
        "    { \"frame\": 0, \"edit\": \"add-circle\", \"id\": \"c3\", \"pos\": [400, 500], "
        "\"radius\": 10 }";
  g_autofree char *text = lesson_with_edits (
      edits, "{ \"text\": \"a\", \"enter\": { \"frame\": 0, \"select\": [\"c3\"] },\n"
             "  \"goal\": { \"type\": \"predict\", \"frame\": 2, \"quantity\": \"x\", \"of\": "
             "[\"c1\"], \"tolerance\": 0.5, \"expect\": 140, \"hint\": \"h\" } }");
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) lesson = imp_lesson_check_data (text, -1, "lesson.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lesson->edits->len, ==, 2);
  /* The scene stays the scene; the lesson's recording starts with the edits. */
  g_assert_cmpint (phys_world_circle_count (lesson->world), ==, 2);
  PhysTimeline *timeline = imp_lesson_new_timeline (lesson);
  g_assert_cmpint (phys_timeline_edit_count (timeline), ==, 2);
  phys_timeline_record (timeline, 2);
  const PhysWorld *at2 = phys_timeline_seek (timeline, 2);
  PhysBodyRef c1, c3;
  g_assert_true (phys_world_find (at2, "c1", &c1));
  g_assert_true (phys_world_find (at2, "c3", &c3));
  g_assert_cmpfloat (phys_world_get_circle (at2, c1.index).position.x, ==, 140.0);
  g_assert_cmpfloat (phys_world_get_circle (at2, c3.index).position.x, ==, 400.0);
  phys_timeline_free (timeline);

  /* The expected answer of the unedited run is refused: the walk plays the edits. */
  g_autofree char *unedited = lesson_with_edits (
      edits, "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 2, \"quantity\": "
             "\"x\", \"of\": [\"c1\"], \"tolerance\": 0.5, \"expect\": 240, \"hint\": \"h\" } }");
  g_autoptr (ImpLesson) refused = imp_lesson_check_data (unedited, -1, "lesson.json", NULL, &error);
  g_assert_null (refused);
  g_assert_cmpstr (error->message, ==,
                   "lesson.json:8:37: error: step 1: the expected answer 240 is not within 0.5 of "
                   "140, the x measured on the lesson's path");
  g_clear_error (&error);

  static const struct
  {
    const char *edits;
    const char *message;
  } bad[] = {
    { "{ \"frame\": 3, \"edit\": \"set-circle\", \"id\": \"c1\", \"vel\": [0, 0] }",
      "lesson.json:6:25: error: expected \"frame\": 0 in a lesson's edit (a lesson starts from "
      "its scene as its edits leave it; a change later in the run is a verdict goal's \"show\"), "
      "got 3" },
    { "{ \"frame\": 0, \"edit\": \"set-circle\", \"id\": \"nobody\", \"vel\": [0, 0] }",
      "lesson.json:6:56: error: edit 1 at frame 0 (set-circle): expected the id of a circle at "
      "this frame, got \"nobody\", which names no body" },
    { "{ \"frame\": 0, \"edit\": \"set-cirle\", \"id\": \"c1\" }",
      "lesson.json:6:36: error: expected one of \"set-circle\"" },
    { "3", "lesson.json:6:14: error: expected an object for \"edit\", got a number" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *doc = lesson_with_edits (bad[i].edits, "{ \"text\": \"a\" }");
      g_autoptr (ImpLesson) none = load (doc, &error);
      g_assert_null (none);
      if (!g_str_has_prefix (error->message, bad[i].message))
        g_error ("case %zu: got \"%s\", expected it to start \"%s\"", i, error->message,
                 bad[i].message);
      g_clear_error (&error);
    }
  /* A step names the bodies of the edited scene, not only the scene's. */
  g_autofree char *missing = lesson_with_edits (
      "", "{ \"text\": \"a\", \"enter\": { \"select\": [\"c3\"] } }");
  g_autoptr (ImpLesson) no_c3 = load (missing, &error);
  g_assert_null (no_c3);
  g_assert_cmpstr (error->message, ==,
                   "lesson.json:7:51: error: expected the id of a body of the lesson's scene in "
                   "\"select\", got \"c3\"");
}

/* A lesson pack: the good lesson loads (its scene from the pack's scenes folder),
 * the broken one says where and why, the scene beside them is no lesson. */
static void
test_pack (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "packs", "mixed", NULL);
  g_autoptr (ImpLessonPack) pack = imp_lesson_pack_load (dir);

  g_assert_no_error (pack->error);
  g_assert_cmpuint (pack->entries->len, ==, 2);
  const ImpLessonPackEntry *good = &g_array_index (pack->entries, ImpLessonPackEntry, 0);
  const ImpLessonPackEntry *broken = &g_array_index (pack->entries, ImpLessonPackEntry, 1);
  g_assert_no_error (good->error);
  g_assert_cmpstr (good->lesson->id, ==, "pack-meeting");
  g_assert_cmpint (phys_world_circle_count (good->lesson->world), ==, 2);
  g_assert_null (broken->lesson);
  g_autofree char *message
      = g_strdup_printf ("%s:9:7: error: unknown key \"txt\" in step; did you mean \"text\"?",
                         broken->path);
  g_assert_cmpstr (broken->error->message, ==, message);
  g_assert_true (g_str_has_suffix (broken->path, "02-broken.json"));

  g_autoptr (ImpLessonPack) none = imp_lesson_pack_load ("/no/such/folder");
  g_assert_error (none->error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_cmpuint (none->entries->len, ==, 0);
}

/* Quantities, against hand computation. At the start of frame 3, c1 is at
 * (340, 300) and c2 at (460, 300): d = (120, 0), v = v2 - v1 = (-200, -2),
 * R = 20, so a = v.v = 40004, b = v.d = -24000, c = 14400 - 400 = 14000,
 * disc = b^2 - a c = 15944000 and t = (-b - sqrt(disc)) / a. The masses come
 * from the areas (144 pi, 64 pi) and e = 1. */
static void
test_quantities (void)
{
  g_autofree char *text = lesson_with_steps ("{ \"text\": \"a\" }");
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) lesson = load (text, &error);
  g_assert_no_error (error);
  PhysTimeline *timeline = phys_timeline_new (lesson->world, NULL);
  phys_timeline_record (timeline, 10);
  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);

  double t = (24000.0 - sqrt (15944000.0)) / 40004.0;
  double p1x = 340.0 + 100.0 * t, p2x = 460.0 - 100.0 * t, p2y = 300.0 - 2.0 * t;
  double len = hypot (p2x - p1x, p2y - 300.0);
  double nx = (p2x - p1x) / len, ny = (p2y - 300.0) / len;
  const struct
  {
    const char *quantity;
    double value;
  } pair[] = {
    { "a", 40004.0 },
    { "b", -24000.0 },
    { "c", 14000.0 },
    { "disc", 15944000.0 },
    { "t", t },
    { "normal.x", nx },
    { "normal.y", ny },
    { "point.x", p1x + 12.0 * nx },
    { "point.y", 300.0 + 12.0 * ny },
  };
  ImpLessonGoal goal = { .kind = IMP_GOAL_PREDICT, .frame = 3, .n_bodies = 2 };
  goal.bodies[0] = "c1";
  goal.bodies[1] = "c2";
  for (gsize i = 0; i < G_N_ELEMENTS (pair); i++)
    {
      double value = NAN;
      goal.quantity = (char *) pair[i].quantity;
      g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
      g_assert_cmpfloat_with_epsilon (value, pair[i].value, 1e-9 * fmax (1.0, fabs (pair[i].value)));
    }

  /* The response: vn = (v1 - v2).n, j = -(1 + e) vn / (1/m1 + 1/m2), v1' = v1 + j n / m1. */
  double m1 = G_PI * 144, m2 = G_PI * 64, value;
  double vn = 200.0 * nx + 2.0 * ny, j = -2.0 * vn / (1.0 / m1 + 1.0 / m2);
  goal.quantity = "vn";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat_with_epsilon (value, vn, 1e-9);
  goal.quantity = "j";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat_with_epsilon (value, j, 1e-6);
  goal.quantity = "v1'.x";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat_with_epsilon (value, 100.0 + j * nx / m1, 1e-9);
  goal.quantity = "v2'.y";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat_with_epsilon (value, -2.0 - j * ny / m2, 1e-9);

  /* Bodies and the world at state 3. */
  goal.n_bodies = 1;
  goal.quantity = "x";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat (value, ==, 340.0);
  goal.quantity = "vy";
  goal.bodies[0] = "c2";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat (value, ==, -2.0);
  goal.n_bodies = 0;
  goal.quantity = "all-pairs";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat (value, ==, 1.0);
  goal.quantity = "events";
  g_assert_true (imp_lesson_measure (frames, &goal, &value, NULL));
  g_assert_cmpfloat (value, ==, 1.0);

  /* No response in a frame where they do not collide; not recorded that far. */
  goal.n_bodies = 2;
  goal.bodies[0] = "c1";
  goal.bodies[1] = "c2";
  goal.quantity = "j";
  goal.frame = 1;
  g_autofree char *why = NULL;
  g_assert_false (imp_lesson_measure (frames, &goal, &value, &why));
  g_assert_nonnull (strstr (why, "no collision"));
  goal.frame = 50;
  g_clear_pointer (&why, g_free);
  g_assert_false (imp_lesson_measure (frames, &goal, &value, &why));
  g_assert_cmpstr (why, ==, "frame 50 is not recorded yet");
  phys_timeline_free (timeline);
}

/* The grid hands on exactly the pairs whose swept boxes overlap. 100 circles
 * of radius 4 on a 10 x 10 lattice 8.5 apart, each moving (1, 1) per frame:
 * a box spans [x - 4, x + 5] and [y - 4, y + 5], so each circle's box overlaps
 * those of its horizontal, vertical and diagonal neighbours (by 0.5) and no
 * others: 9 x 10 + 10 x 9 + 2 x 9 x 9 = 342 pairs, against 4950 for all pairs. */
static void
test_grid_pairs (void)
{
  GString *circles = g_string_new (NULL);
  for (int i = 0; i < 100; i++)
    g_string_append_printf (circles, "%s{ \"id\": \"b%d\", \"pos\": [%g, %g], \"vel\": [1, 1], "
                            "\"radius\": 4 }",
                            i > 0 ? ", " : "", i, 100 + 8.5 * (i % 10), 100 + 8.5 * (i / 10));
  g_autofree char *scene = g_strdup_printf (
      "{ \"impulse\": 1, \"world\": { \"bounds\": [0, 0, 760, 560] }, \"circles\": [ %s ] }",
      circles->str);
  g_string_free (circles, TRUE);
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_data (scene, -1, "crowd.json", &error);
  g_assert_no_error (error);
  PhysTimeline *timeline = phys_timeline_new (world, NULL);
  phys_timeline_record (timeline, 2);
  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
  ImpLessonGoal goal = { .kind = IMP_GOAL_PREDICT, .frame = 0, .quantity = "all-pairs" };
  double all, grid;
  g_assert_true (imp_lesson_measure (frames, &goal, &all, NULL));
  goal.quantity = "grid-pairs";
  g_assert_true (imp_lesson_measure (frames, &goal, &grid, NULL));
  g_assert_cmpfloat (all, ==, 4950.0);
  g_assert_cmpfloat (grid, ==, 342.0);
  phys_timeline_free (timeline);
  phys_world_free (world);
}

/* Goals: each type unmet when its step starts, met after "show me" (the walk);
 * and a lesson whose goal is already met on entry is refused. */
static void
check_goal_type (const char *steps, const char *already_met_steps)
{
  g_autofree char *text = lesson_with_steps (steps);
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) lesson = load (text, &error);
  g_assert_no_error (error);
  if (!imp_lesson_walk (lesson, &error))
    g_error ("%s", error->message);

  g_autofree char *bad_text = lesson_with_steps (already_met_steps);
  g_autoptr (ImpLesson) bad = load (bad_text, &error);
  g_assert_no_error (error);
  g_assert_false (imp_lesson_walk (bad, &error));
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_RANGE);
  g_assert_nonnull (strstr (error->message, "already reached when the step starts"));
}

static void
test_goal_frame (void)
{
  check_goal_type ("{ \"text\": \"a\", \"goal\": { \"type\": \"frame\", \"frame\": 3, \"hint\": "
                   "\"h\" } }",
                   "{ \"text\": \"a\", \"enter\": { \"frame\": 3 }, \"goal\": { \"type\": "
                   "\"frame\", \"frame\": 3, \"hint\": \"h\" } }");
}

static void
test_goal_event (void)
{
  check_goal_type ("{ \"text\": \"a\", \"enter\": { \"frame\": 3 }, \"goal\": { \"type\": "
                   "\"event\", \"kind\": \"circle-circle\", \"between\": [\"c2\", \"c1\"], "
                   "\"hint\": \"h\" } }",
                   "{ \"text\": \"a\", \"enter\": { \"frame\": 3, \"event\": 0 }, \"goal\": { "
                   "\"type\": \"event\", \"frame\": 3, \"hint\": \"h\" } }");
  /* No frame named, from frame 0: "show me" looks ahead through frames not yet
   * recorded for the first circle meeting a wall. */
  check_goal_type ("{ \"text\": \"a\", \"enter\": { \"frame\": 0 }, \"goal\": { \"type\": "
                   "\"event\", \"kind\": \"circle-segment\", \"hint\": \"h\" } }",
                   "{ \"text\": \"a\", \"enter\": { \"frame\": 3, \"event\": 0 }, \"goal\": { "
                   "\"type\": \"event\", \"kind\": \"circle-circle\", \"hint\": \"h\" } }");
}

static void
test_goal_verdict (void)
{
  /* At frame 3 the gap between the rims is 100. With c1 turned back to -50 per
   * frame the pair closes only 50 per frame: they would touch at t = 2, after
   * this frame. */
  check_goal_type ("{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 3, "
                   "\"between\": [\"c1\", \"c2\"], \"verdict\": \"after-frame\", \"show\": { "
                   "\"frame\": 3, \"edit\": \"set-circle\", \"id\": \"c1\", \"vel\": [-50, 0] }, "
                   "\"hint\": \"h\" } }",
                   "{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 3, "
                   "\"between\": [\"c1\", \"c2\"], \"verdict\": \"hit\", \"show\": { \"frame\": "
                   "3, \"edit\": \"set-circle\", \"id\": \"c1\", \"vel\": [10, 0] }, \"hint\": "
                   "\"h\" } }");
}

static void
test_goal_predict (void)
{
  /* A prediction is never made before the step: a predict goal cannot be met on
   * entry. The walk types in the value; a wrong value does not meet it. */
  g_autofree char *text = lesson_with_steps (
      "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 3, \"quantity\": \"t\", "
      "\"of\": [\"c1\", \"c2\"], \"tolerance\": 0.01, \"hint\": \"h\" } }"); /* t = 0.500125 */
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) lesson = load (text, &error);
  g_assert_no_error (error);
  g_assert_true (imp_lesson_walk (lesson, &error));
  const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, 0)->goal;
  PhysTimeline *timeline = phys_timeline_new (lesson->world, NULL);
  phys_timeline_record (timeline, 5);
  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
  ImpGoalContext context = { 0, -1, FALSE, 0.0 };
  g_assert_false (imp_lesson_goal_reached (frames, goal, &context));
  context.has_prediction = TRUE;
  context.prediction = 0.52;
  g_assert_false (imp_lesson_goal_reached (frames, goal, &context));
  context.prediction = 0.5101;
  g_assert_true (imp_lesson_goal_reached (frames, goal, &context));
  context.prediction = NAN;
  g_assert_false (imp_lesson_goal_reached (frames, goal, &context));

  /* The text's own answer must agree with the path: 0.5 is, 0.48 is not. */
  g_autofree char *agrees = lesson_with_steps (
      "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 3, \"quantity\": \"t\", "
      "\"of\": [\"c1\", \"c2\"], \"tolerance\": 0.01, \"expect\": 0.5, \"hint\": \"h\" } }");
  g_autoptr (ImpLesson) agreeing = load (agrees, &error);
  g_assert_no_error (error);
  g_assert_true (agreeing->steps->len == 1
                 && imp_lesson_get_step (agreeing, 0)->goal.has_expect);
  g_assert_true (imp_lesson_walk (agreeing, &error));
  g_assert_no_error (error);
  g_autofree char *disagrees = lesson_with_steps (
      "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 3, \"quantity\": \"t\", "
      "\"of\": [\"c1\", \"c2\"], \"tolerance\": 0.01, \"expect\": 0.48, \"hint\": \"h\" } }");
  g_autoptr (ImpLesson) disagreeing = load (disagrees, &error);
  g_assert_no_error (error);
  g_assert_false (imp_lesson_walk (disagreeing, &error));
  g_assert_nonnull (strstr (error->message, "the expected answer 0.48 is not within 0.01 of "
                                            "0.500125"));
  g_clear_error (&error);
  phys_timeline_free (timeline);
}

static void
test_goal_mode (void)
{
  check_goal_type ("{ \"text\": \"a\", \"goal\": { \"type\": \"mode\", \"modes\": { "
                   "\"detection\": \"discrete\" }, \"frame\": 5, \"hint\": \"h\" } }",
                   "{ \"text\": \"a\", \"enter\": { \"frame\": 6, \"integrator\": \"rk4\" }, "
                   "\"goal\": { \"type\": \"mode\", \"integrator\": \"rk4\", \"hint\": \"h\" } }");
  /* Substeps alone, and with an integrator: both must hold. */
  check_goal_type ("{ \"text\": \"a\", \"goal\": { \"type\": \"mode\", \"substeps\": 4, "
                   "\"hint\": \"h\" } }",
                   "{ \"text\": \"a\", \"enter\": { \"substeps\": 4 }, \"goal\": { \"type\": "
                   "\"mode\", \"substeps\": 4, \"hint\": \"h\" } }");
  check_goal_type ("{ \"text\": \"a\", \"enter\": { \"substeps\": 4 }, \"goal\": { \"type\": "
                   "\"mode\", \"integrator\": \"rk4\", \"substeps\": 4, \"hint\": \"h\" } }",
                   "{ \"text\": \"a\", \"enter\": { \"substeps\": 4, \"integrator\": \"rk4\" }, "
                   "\"goal\": { \"type\": \"mode\", \"integrator\": \"rk4\", \"substeps\": 4, "
                   "\"hint\": \"h\" } }");
}

/* The course */

static void
test_shipped (void)
{
  g_auto (GStrv) uris = imp_lesson_list_shipped ();
  guint n = g_strv_length (uris);

  g_assert_cmpuint (n, >=, 11);
  g_autoptr (GHashTable) topics = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *keep = g_ptr_array_new_with_free_func ((GDestroyNotify) imp_lesson_free);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      ImpLesson *lesson = imp_lesson_load (uris[i], &error);
      g_assert_no_error (error);
      g_ptr_array_add (keep, lesson);
      guint steps = imp_lesson_n_steps (lesson);
      g_assert_cmpuint (steps, >=, 4);
      g_assert_cmpuint (steps, <=, 10);
      gboolean predicts = FALSE;
      for (guint s = 0; s < steps; s++)
        predicts |= imp_lesson_get_step (lesson, s)->goal.kind == IMP_GOAL_PREDICT;
      if (!predicts)
        g_error ("%s has no prediction goal", uris[i]);
      g_assert_false (g_hash_table_contains (ids, lesson->id));
      g_hash_table_add (ids, lesson->id);
      g_hash_table_add (topics, lesson->topic);
      /* Played with "show me" at every step: each goal unmet on entry, met after. */
      if (!imp_lesson_walk (lesson, &error))
        g_error ("%s", error->message);
    }
  /* Every topic of the course has its lesson. */
  g_assert_cmpuint (g_hash_table_size (topics), ==, IMP_N_TOPIC_NAMES);
  g_ptr_array_unref (keep);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lessons/markup/spans", test_markup_spans);
  g_test_add_func ("/lessons/markup/errors", test_markup_errors);
  g_test_add_func ("/lessons/overlays/names", test_overlay_names);
  g_test_add_func ("/lessons/loader/step-overlays", test_step_overlays);
  g_test_add_func ("/lessons/loader/errors", test_errors);
  g_test_add_func ("/lessons/loader/errors-top", test_errors_top);
  g_test_add_func ("/lessons/loader/edits", test_edits);
  g_test_add_func ("/lessons/pack/good-and-broken", test_pack);
  g_test_add_func ("/lessons/quantities/hand-computed", test_quantities);
  g_test_add_func ("/lessons/quantities/grid-pairs", test_grid_pairs);
  g_test_add_func ("/lessons/goals/frame", test_goal_frame);
  g_test_add_func ("/lessons/goals/event", test_goal_event);
  g_test_add_func ("/lessons/goals/verdict", test_goal_verdict);
  g_test_add_func ("/lessons/goals/predict", test_goal_predict);
  g_test_add_func ("/lessons/goals/mode", test_goal_mode);
  g_test_add_func ("/lessons/course/walkthrough", test_shipped);
  return g_test_run ();
}
