/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lesson-rigid.c: what a lesson can ask about rigid bodies: the quantities
 * of polygons, separating axes, curves and impulses with spin, measured on a
 * recording against values computed by hand; goals on rigid pairs (events, the
 * contact test's verdicts) and the loader's checks of them. */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "imp-lesson-goal.h"
#include "imp-lesson-setup.h"
#include "imp-lesson.h"

/* A square A (80 x 80, centre (200, 200)) and the same square turned 45 degrees,
 * a diamond B at (330, 200) drifting left at 1 per frame; a ball of mass 1 at 6
 * per frame towards a 60 x 60 box of mass 2 (I = 1200), 20 above its centre; a
 * symmetric valley of one cubic curve with a ball above its bottom and one above
 * its left slope. No gravity: nothing but B, the ball and the two balls move. */
#define SCENE                                                                                      \
  "{ \"impulse\": 1, \"world\": { \"bounds\": [0, 0, 1200, 900] },\n"                              \
  "  \"polygons\": [\n"                                                                            \
  "    { \"id\": \"A\", \"pos\": [200, 200], \"box\": [80, 80] },\n"                               \
  "    { \"id\": \"B\", \"pos\": [330, 200], \"box\": [80, 80],\n"                                 \
  "      \"angle_rad\": 0.7853981633974483, \"vel\": [-1, 0] },\n"                                 \
  "    { \"id\": \"box\", \"pos\": [800, 200], \"box\": [60, 60], \"mass\": 2 } ],\n"              \
  "  \"circles\": [\n"                                                                             \
  "    { \"id\": \"ball\", \"pos\": [600, 180], \"vel\": [6, 0], \"radius\": 10, \"mass\": 1 },\n"  \
  "    { \"id\": \"up\", \"pos\": [300, 650], \"radius\": 20 },\n"                                 \
  "    { \"id\": \"side\", \"pos\": [234.854, 628.207], \"radius\": 20 } ],\n"                     \
  "  \"curves\": [ { \"id\": \"valley\",\n"                                                        \
  "    \"points\": [[100, 500], [200, 800], [400, 800], [500, 500]] } ] }"

static ImpLesson *
lesson_with_steps (const char *steps, GError **error)
{
  g_autofree char *text
      = g_strdup_printf ("{ \"impulse-lesson\": 1, \"id\": \"r\", \"title\": \"R\",\n"
                         "  \"summary\": \"S\", \"topic\": \"separating-axes\",\n"
                         "  \"scene\": " SCENE ",\n  \"steps\": [ %s ] }",
                         steps);
  return imp_lesson_load_data (text, -1, "lesson.json", NULL, error);
}

typedef struct
{
  ImpLesson *lesson;
  PhysTimeline *timeline;
  ImpFrames *frames;
} Recorded;

static void
record (Recorded *r, gint64 frames)
{
  g_autoptr (GError) error = NULL;
  r->lesson = lesson_with_steps ("{ \"text\": \"a\" }", &error);
  g_assert_no_error (error);
  r->timeline = phys_timeline_new (r->lesson->world, NULL);
  phys_timeline_record (r->timeline, frames);
  r->frames = imp_frames_new_for_timeline (r->timeline);
}

static void
recorded_clear (Recorded *r)
{
  imp_frames_free (r->frames);
  phys_timeline_free (r->timeline);
  imp_lesson_free (r->lesson);
}

/* The quantity measured on the recording, or FALSE with why there is none. */
static gboolean
try_measure (Recorded *r, const char *quantity, gint64 frame, const char *a, const char *b,
             double *value, char **why)
{
  ImpLessonGoal goal = { .kind = IMP_GOAL_PREDICT, .frame = frame, .quantity = (char *) quantity };
  goal.bodies[0] = (char *) a;
  goal.bodies[1] = (char *) b;
  goal.n_bodies = b != NULL ? 2 : 1;
  return imp_lesson_measure (r->frames, &goal, value, why);
}

static double
measure (Recorded *r, const char *quantity, gint64 frame, const char *a, const char *b)
{
  double value = NAN;
  g_autofree char *why = NULL;
  if (!try_measure (r, quantity, frame, a, b, &value, &why))
    g_error ("%s at frame %lld of %s, %s: %s", quantity, (long long) frame, a, b, why);
  return value;
}

static gboolean
has_value (Recorded *r, const char *quantity, gint64 frame, const char *a, const char *b)
{
  double value;
  return try_measure (r, quantity, frame, a, b, &value, NULL);
}

/* The separating axes of A and the diamond B at frame 0, counted from 1. A's edges,
 * from its top-left corner round clockwise on screen, give the axes 1 up, 2 right,
 * 3 down, 4 left. On axis 2 A's shadow is [160, 240]; the diamond reaches 40 sqrt 2 to
 * each side of 330: [273.431, 386.569], a gap of 330 - 40 sqrt 2 - 240. Axis 1
 * overlaps (both cover y = 200), so axis 2 is the first with a gap. Axis 4 shows
 * the same gap, so the least overlap is minus it. At frame 33 the gap is
 * 0.431: with B closing at 1 per frame, t = gap / 1. B at x = 290 (the lesson's
 * edit): its corner at 233.431 is 6.569 inside A's right face (and by as much past
 * its left face on axis 4), less than on the diagonals: on (1, 1)/sqrt 2 A's shadow ends
 * at 480/sqrt 2 = 339.411 and B's starts at 490/sqrt 2 - 40 = 306.482, 32.929. */
static void
test_separating_axes (void)
{
  Recorded r;
  record (&r, 40);
  double gap = 330.0 - 40.0 * G_SQRT2 - 240.0;

  g_assert_cmpfloat (measure (&r, "axis", 0, "A", "B"), ==, 2.0);
  g_assert_cmpfloat_with_epsilon (measure (&r, "gap", 0, "A", "B"), gap, 1e-9);
  g_assert_cmpfloat_with_epsilon (measure (&r, "overlap", 0, "A", "B"), -gap, 1e-9);
  /* Either order of the goal's bodies names the same test. */
  g_assert_cmpfloat_with_epsilon (measure (&r, "gap", 0, "B", "A"), gap, 1e-9);
  g_assert_cmpfloat_with_epsilon (measure (&r, "t", 33, "A", "B"), gap - 33.0, 1e-9);
  /* Not touching: no contact point, no normal. */
  g_assert_false (has_value (&r, "point.x", 0, "A", "B"));
  g_assert_false (has_value (&r, "s", 0, "A", "B"));
  /* The body quantities of a polygon: B's centre and velocity, its angle. */
  g_assert_cmpfloat_with_epsilon (measure (&r, "x", 10, "B", NULL), 320.0, 1e-9);
  g_assert_cmpfloat (measure (&r, "vx", 10, "B", NULL), ==, -1.0);
  g_assert_cmpfloat (measure (&r, "angle", 10, "B", NULL), ==, 0.7853981633974483);
  g_assert_cmpfloat (measure (&r, "omega", 10, "B", NULL), ==, 0.0);
  recorded_clear (&r);

  /* Overlapping: the least overlap and its axis (A's right face or, as near a tie, its left). */
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) pushed = lesson_with_steps (
      "{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 0, \"between\": [\"A\", "
      "\"B\"], \"verdict\": \"overlapping\", \"show\": { \"frame\": 0, \"edit\": \"set-polygon\", "
      "\"id\": \"B\", \"pos\": [290, 200] }, \"hint\": \"h\" } }",
      &error);
  g_assert_no_error (error);
  if (!imp_lesson_walk (pushed, &error))
    g_error ("%s", error->message);
  PhysTimeline *timeline = phys_timeline_new (pushed->world, NULL);
  PhysEdit edit = imp_lesson_get_step (pushed, 0)->goal.show_edit;
  g_assert_cmpint (phys_timeline_edit (timeline, 0, &edit), ==, PHYS_OK);
  phys_timeline_record (timeline, 2);
  Recorded p = { NULL, timeline, imp_frames_new_for_timeline (timeline) };
  double depth = 240.0 - (290.0 - 40.0 * G_SQRT2);
  g_assert_cmpfloat_with_epsilon (measure (&p, "overlap", 0, "A", "B"), depth, 1e-9);
  double best = measure (&p, "best", 0, "A", "B");
  g_assert_true (best == 2.0 || best == 4.0);
  g_assert_false (has_value (&p, "axis", 0, "A", "B"));
  g_assert_false (has_value (&p, "gap", 0, "A", "B"));
  /* The contact: the diamond's left corner, the normal along +x (from A to B). */
  g_assert_cmpfloat_with_epsilon (measure (&p, "point.x", 0, "A", "B"), 290.0 - 40.0 * G_SQRT2,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (measure (&p, "point.y", 0, "A", "B"), 200.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (fabs (measure (&p, "normal.x", 0, "A", "B")), 1.0, 1e-12);
  imp_frames_free (p.frames);
  phys_timeline_free (timeline);
}

/* The ball (mass 1, 6 per frame) meets the box's left face (x = 770) 20 above its
 * centre when its centre is at 760: 160 / 6 = 26.67 frames, in frame 26. n from the
 * box to the ball is (-1, 0), ra = (-30, -20), ra x n = -20, rb x n = 0:
 * K = 1/2 + 1/1 + 20^2 / 1200 = 11/6, vn = -6, j = 2 x 6 / K = 72/11. The box gets -j n:
 * v = j / 2 = 36/11 along +x and omega = -j (ra x n) / I = 72/11 x 20 / 1200 = 6/55
 * (clockwise on screen); the ball 6 - j = -6/11. No friction: jt = 0. */
static void
test_impulse_at_offset (void)
{
  Recorded r;
  record (&r, 28);

  g_assert_cmpfloat_with_epsilon (measure (&r, "vn", 26, "box", "ball"), -6.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (measure (&r, "j", 26, "box", "ball"), 72.0 / 11.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (measure (&r, "omega1'", 26, "box", "ball"), 6.0 / 55.0, 1e-14);
  g_assert_cmpfloat (measure (&r, "omega2'", 26, "box", "ball"), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (measure (&r, "v1'.x", 26, "box", "ball"), 36.0 / 11.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (measure (&r, "v2'.x", 26, "box", "ball"), -6.0 / 11.0, 1e-12);
  g_assert_cmpfloat (measure (&r, "jt", 26, "box", "ball"), ==, 0.0);
  /* Named the other way round, 1 and 2 follow the goal: the ball first. */
  g_assert_cmpfloat_with_epsilon (measure (&r, "v1'.x", 26, "ball", "box"), -6.0 / 11.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (measure (&r, "omega2'", 26, "ball", "box"), 6.0 / 55.0, 1e-14);
  g_assert_cmpfloat_with_epsilon (measure (&r, "j", 26, "ball", "box"), 72.0 / 11.0, 1e-12);
  /* The next state has them: the box turning at 6/55. */
  g_assert_cmpfloat_with_epsilon (measure (&r, "omega", 27, "box", NULL), 6.0 / 55.0, 1e-14);
  /* No answer in a frame where they do not touch. */
  g_assert_false (has_value (&r, "omega1'", 25, "box", "ball"));
  recorded_clear (&r);
}

/* The valley B(s), P0 (100, 500), P1 (200, 800), P2 (400, 800), P3 (500, 500), is
 * symmetric about x = 300: for "up", 75 above the bottom (closer than the radius of
 * curvature there, |B'|^2 / |B''| = 450^2 / 1800 = 112.5), the closest point is
 * s = 1/2, B(1/2) = (P0 + 3 P1 + 3 P2 + P3) / 8 = (300, 725). "side" sits 60 out along
 * the normal at s = 1/4, where B'(s)/3 = (100 + 200 s - 200 s^2, 300 - 600 s) =
 * (137.5, 150) runs along (11, 12); B(1/4) = (27 P0 + 27 P1 + 9 P2 + P3) / 64 =
 * (190.625, 668.75). */
static void
test_curve (void)
{
  Recorded r;
  record (&r, 2);

  g_assert_cmpfloat_with_epsilon (measure (&r, "s", 0, "up", "valley"), 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (measure (&r, "point.x", 0, "up", "valley"), 300.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (measure (&r, "point.y", 0, "up", "valley"), 725.0, 1e-9);
  /* The curve named first is the same pair. */
  g_assert_cmpfloat_with_epsilon (measure (&r, "s", 0, "valley", "up"), 0.5, 1e-9);
  /* side was placed to 3 decimals: s within 1e-4 of 1/4, the point within 1e-2. */
  g_assert_cmpfloat_with_epsilon (measure (&r, "s", 0, "side", "valley"), 0.25, 1e-4);
  g_assert_cmpfloat_with_epsilon (measure (&r, "point.x", 0, "side", "valley"), 190.625, 1e-2);
  g_assert_cmpfloat_with_epsilon (measure (&r, "point.y", 0, "side", "valley"), 668.75, 1e-2);
  /* A curve is no separating-axes pair. */
  g_assert_false (has_value (&r, "axis", 0, "up", "valley"));
  recorded_clear (&r);
}

/* Goals on rigid pairs: the loader takes polygon and curve pairs and the contact
 * test's verdicts, and refuses a swept-test verdict for them (and the other way). */
static void
test_goals (void)
{
  static const char *const good[] = {
    "{ \"text\": \"a\", \"enter\": { \"frame\": 0, \"select\": [\"A\", \"B\"] }, \"goal\": { "
    "\"type\": \"event\", \"frame\": 33, \"kind\": \"polygon-polygon\", \"between\": [\"B\", "
    "\"A\"], \"hint\": \"h\" } }",
    "{ \"text\": \"a\", \"goal\": { \"type\": \"event\", \"kind\": \"polygon-circle\", "
    "\"between\": [\"ball\", \"box\"], \"hint\": \"h\" } }",
    "{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 0, \"between\": [\"side\", "
    "\"valley\"], \"verdict\": \"overlapping\", \"show\": { \"frame\": 0, \"edit\": "
    "\"set-circle\", \"id\": \"side\", \"pos\": [205, 662] }, \"hint\": \"h\" } }",
    "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 0, \"quantity\": \"gap\", "
    "\"of\": [\"A\", \"B\"], \"tolerance\": 0.01, \"expect\": 33.431, \"hint\": \"h\" } }",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) lesson = lesson_with_steps (good[i], &error);
      g_assert_no_error (error);
      if (!imp_lesson_walk (lesson, &error))
        g_error ("%s: %s", good[i], error->message);
    }

  static const struct
  {
    const char *step;
    const char *message;
  } bad[] = {
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 0, \"between\": [\"A\", "
      "\"B\"], \"verdict\": \"hit\", \"show\": { \"frame\": 0, \"edit\": \"set-polygon\", "
      "\"id\": \"B\", \"pos\": [290, 200] }, \"hint\": \"h\" } }",
      "expected a contact-test verdict for \"A\" and \"B\", got \"hit\"" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"verdict\", \"frame\": 0, \"between\": [\"ball\", "
      "\"up\"], \"verdict\": \"touching\", \"show\": { \"frame\": 0, \"edit\": \"set-circle\", "
      "\"id\": \"up\", \"pos\": [290, 200] }, \"hint\": \"h\" } }",
      "expected a swept-test verdict for \"ball\" and \"up\", got \"touching\"" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 0, \"quantity\": \"s\", "
      "\"of\": [\"valley\", \"valley\"], \"tolerance\": 0.01, \"hint\": \"h\" } }",
      "expected a pair the physics tests" },
    { "{ \"text\": \"a\", \"goal\": { \"type\": \"predict\", \"frame\": 0, \"quantity\": \"gap\", "
      "\"of\": [\"A\", \"B\"], \"tolerance\": 0.01, \"expect\": 33.2, \"hint\": \"h\" } }",
      "the expected answer 33.2 is not within 0.01" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) lesson = lesson_with_steps (bad[i].step, &error);
      if (lesson != NULL)
        g_assert_false (imp_lesson_walk (lesson, &error));
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].message) == NULL)
        g_error ("expected \"%s\" in: %s", bad[i].message, error->message);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lessons/rigid/separating-axes", test_separating_axes);
  g_test_add_func ("/lessons/rigid/impulse-at-offset", test_impulse_at_offset);
  g_test_add_func ("/lessons/rigid/curve", test_curve);
  g_test_add_func ("/lessons/rigid/goals", test_goals);
  return g_test_run ();
}
