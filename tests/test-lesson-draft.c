/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lesson-draft.c: a lesson written from a session (docs/lesson-format.md,
 * "Writing a lesson from a session"), without a display.
 *
 * A teacher's session over tests/data/drafts/two-circles.json: c1 from (40, 300)
 * at (100, 0) per frame, c2 from (760, 306) at (-100, -2), radii 12 and 8, and a
 * circle c3 added at rest at frame 0. At the start of frame 3 they are at
 * (340, 300) and (460, 300): d = (120, 0), v = (-200, -2), R = 20, so the swept
 * quadratic has a = 40004, b = -24000, c = 14000 and they touch at
 * t = (24000 - sqrt (15944000)) / 40004 = 0.50012... of frame 3.
 *
 * The bookmarks carry what the window showed; the draft made of them gets goals
 * of four kinds, passes the check, is saved, and `impulse check` (the program,
 * from IMPULSE_BIN) accepts the file; the app's player then walks it by the
 * learner's own actions. Mistakes give `impulse check`'s very messages, with the
 * step and key they are in.
 */
#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "imp-bookmark-view.h"
#include "imp-lesson-draft.h"
#include "imp-lesson-player.h"
#include "imp-lesson-rehearsal.h"
#include "imp-lesson-vocabulary.h"
#include "imp-session.h"
#include "imp-world-actions.h"

#define T_FRAME3 ((24000.0 - sqrt (15944000.0)) / 40004.0)

static char *
draft_data (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "drafts", name, NULL);
}

static char *
temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("impulse-draft-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

/* `impulse check path`: its exit status and what it printed. */
static int
impulse_check (const char *path, char **out, char **err)
{
  const char *bin = g_getenv ("IMPULSE_BIN");
  const char *argv[] = { bin, "check", path, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_nonnull (bin);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status,
                &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static PhysBodyRef
body (ImpSession *session, const char *name)
{
  ImpSessionView now;
  PhysBodyRef ref;
  imp_session_get_view (session, &now);
  g_assert_true (phys_world_find (now.world, name, &ref));
  return ref;
}

static void
go_to (ImpSession *session, gint64 frame)
{
  imp_session_record_to (session, frame + 1);
  imp_session_set_frame (session, frame);
}

/* The teacher's session: c3 added at frame 0, four bookmarks, each with what
 * the window showed (the pair selected, c3 selected, nothing). */
static ImpSession *
teachers_session (void)
{
  ImpSession *session = imp_session_new ();
  g_autofree char *scene = draft_data ("two-circles.json");
  g_autoptr (GError) error = NULL;
  PhysBodyRef none = { (PhysBodyKind) -1, -1 };

  g_assert_true (imp_session_load (session, scene, &error));
  g_assert_no_error (error);
  PhysEdit add = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, "c3");
  add.position = phys_v2 (400.0, 100.0);
  add.radius = 10.0;
  go_to (session, 0);
  g_assert_cmpint (imp_session_edit (session, &add), ==, PHYS_OK);

  imp_session_select_body (session, body (session, "c1"), FALSE);
  imp_session_select_body (session, body (session, "c2"), TRUE);
  imp_view_options_set_overlays (imp_session_get_view_options (session),
                                 IMP_OVERLAY_VELOCITY | IMP_OVERLAY_SWEPT);
  g_assert_cmpint (imp_session_add_bookmark (session, "Two circles close at *200 units per "
                                                      "frame*."),
                   ==, 0);
  go_to (session, 3);
  g_assert_cmpint (imp_session_add_bookmark (session, "Where in the frame do they touch?"), ==,
                   1);
  go_to (session, 2);
  imp_session_select_body (session, none, FALSE);
  imp_view_options_set_overlays (imp_session_get_view_options (session),
                                 IMP_OVERLAY_DEFAULT);
  g_assert_cmpint (imp_session_add_bookmark (session, "Step into their collision."), ==, 2);
  go_to (session, 5);
  imp_session_select_body (session, body (session, "c3"), FALSE);
  g_assert_cmpint (imp_session_add_bookmark (session, "Now detect collisions discretely."), ==, 3);
  return session;
}

static void
set_text (char **field, const char *value)
{
  imp_lesson_draft_set_string (field, value);
}

/* The four goals the teacher adds: a frame, an event, a prediction, a mode. */
static void
add_goals (ImpLessonDraft *draft)
{
  ImpLessonGoal goal;

  imp_lesson_goal_init (&goal);
  set_text (&draft->title, "Two circles meet");
  set_text (&draft->summary, "Where in a frame two circles touch, and what discrete detection "
                             "misses.");
  set_text (&draft->topic, "swept-quadratic");
  draft->id = imp_lesson_draft_suggest_id (draft->title);

  goal.kind = IMP_GOAL_FRAME;
  goal.frame = 3;
  goal.hint = g_strdup ("Press Right three times.");
  imp_lesson_draft_set_goal (draft, 0, &goal);
  imp_lesson_goal_clear (&goal);

  goal.kind = IMP_GOAL_EVENT;
  goal.event_kinds = 1u << PHYS_EVENT_CIRCLE_CIRCLE;
  goal.n_bodies = 2;
  goal.bodies[0] = g_strdup ("c1");
  goal.bodies[1] = g_strdup ("c2");
  goal.hint = g_strdup ("Go to frame 3 and press Down.");
  imp_lesson_draft_set_goal (draft, 1, &goal);
  imp_lesson_goal_clear (&goal);

  goal.kind = IMP_GOAL_PREDICT;
  goal.frame = 3;
  goal.quantity = g_strdup ("t");
  goal.n_bodies = 2;
  goal.bodies[0] = g_strdup ("c1");
  goal.bodies[1] = g_strdup ("c2");
  goal.tolerance = 0.01;
  goal.has_expect = TRUE;
  goal.expect = 0.5;
  goal.hint = g_strdup ("The rims are 100 apart and close at 200 per frame.");
  imp_lesson_draft_set_goal (draft, 2, &goal);
  imp_lesson_goal_clear (&goal);

  goal.kind = IMP_GOAL_MODE;
  goal.modes.mode_mask = IMP_LESSON_MODE_DETECTION;
  goal.modes.modes.detection = PHYS_DETECTION_DISCRETE;
  goal.frame = 6;
  goal.hint = g_strdup ("World, then Discrete; then step to frame 6.");
  imp_lesson_draft_set_goal (draft, 3, &goal);
  imp_lesson_goal_clear (&goal);
}

static ImpLessonDraft *
good_draft (void)
{
  g_autoptr (ImpSession) session = teachers_session ();
  g_autoptr (ImpSessionFile) file = imp_session_dup_file (session);
  g_autoptr (GError) error = NULL;
  ImpLessonDraft *draft = imp_lesson_draft_new (file, &error);

  g_assert_no_error (error);
  add_goals (draft);
  return draft;
}

/* A bookmark keeps what the window showed; bookmarking its frame again renews
 * it; a saved session keeps it. */
static void
test_bookmark_view (void)
{
  g_autoptr (ImpSession) session = teachers_session ();
  ImpBookmarkView view;

  g_assert_true (imp_bookmark_view_get (session, 0, &view));
  g_assert_false (view.has_event);
  g_assert_true (view.has_select);
  g_assert_cmpint (view.n_select, ==, 2);
  g_assert_cmpstr (view.select[0], ==, "c1");
  g_assert_cmpstr (view.select[1], ==, "c2");
  g_assert_cmphex (view.overlays, ==, IMP_OVERLAY_VELOCITY | IMP_OVERLAY_SWEPT);
  imp_bookmark_view_clear (&view);
  g_assert_true (imp_bookmark_view_get (session, 2, &view));
  g_assert_true (view.has_select);
  g_assert_cmpint (view.n_select, ==, 0);
  imp_bookmark_view_clear (&view);

  /* Stepped into frame 3's collision (nothing selected): the event and its pair. */
  go_to (session, 3);
  imp_session_select_body (session, (PhysBodyRef) { (PhysBodyKind) -1, -1 }, FALSE);
  imp_session_step_into (session, 1);
  g_assert_cmpint (imp_session_get_selected_event (session), ==, 0);
  g_assert_cmpint (imp_session_add_bookmark (session, NULL), ==, 1);
  g_assert_true (imp_bookmark_view_get (session, 1, &view));
  g_assert_true (view.has_event);
  g_assert_cmpint (view.event, ==, 0);
  g_assert_cmpint (view.n_select, ==, 2);
  g_assert_cmpstr (view.select[0], ==, "c1");
  g_assert_cmpstr (view.select[1], ==, "c2");
  imp_bookmark_view_clear (&view);

  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "session.json", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_save (session, path, &error));
  g_assert_no_error (error);
  g_autoptr (ImpSession) again = imp_session_new ();
  g_assert_true (imp_session_load (again, path, &error));
  g_assert_no_error (error);
  g_assert_true (imp_bookmark_view_get (again, 1, &view));
  g_assert_true (view.has_event);
  g_assert_cmpstr (view.select[1], ==, "c2");
  imp_bookmark_view_clear (&view);
  remove_dir (dir);
}

/* Each bookmark is a step at its frame, in frame order, opening as it did. */
static void
test_from_session (void)
{
  g_autoptr (ImpSession) session = teachers_session ();
  g_autoptr (ImpSessionFile) file = imp_session_dup_file (session);
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLessonDraft) draft = imp_lesson_draft_new (file, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (imp_lesson_draft_n_steps (draft), ==, 4);
  static const gint64 frames[] = { 0, 2, 3, 5 };
  static const char *const texts[] = { "Two circles close at *200 units per frame*.",
                                       "Step into their collision.",
                                       "Where in the frame do they touch?",
                                       "Now detect collisions discretely." };
  for (guint i = 0; i < 4; i++)
    {
      ImpLessonStep *step = imp_lesson_draft_get_step (draft, i);
      g_assert_true (step->action.has_frame);
      g_assert_cmpint (step->action.frame, ==, frames[i]);
      g_assert_cmpstr (step->text, ==, texts[i]);
      g_assert_cmpint (step->goal.kind, ==, IMP_GOAL_NONE);
      g_assert_true (step->action.has_select && step->action.has_overlays);
    }
  ImpLessonStep *first = imp_lesson_draft_get_step (draft, 0);
  g_assert_cmpint (first->action.n_select, ==, 2);
  g_assert_cmpstr (first->action.select[1], ==, "c2");
  g_assert_cmphex (first->action.overlays, ==, IMP_OVERLAY_VELOCITY | IMP_OVERLAY_SWEPT);
  g_assert_cmpint (imp_lesson_draft_get_step (draft, 1)->action.n_select, ==, 0);
  g_assert_cmpstr (imp_lesson_draft_get_step (draft, 3)->action.select[0], ==, "c3");
  /* The session's edit comes along; the scene is written inline. */
  g_assert_cmpuint (draft->edits->len, ==, 1);
  g_assert_cmpstr (g_array_index (draft->edits, ImpSessionFileEdit, 0).edit.name, ==, "c3");
  g_assert_nonnull (strstr (draft->scene_text, "\"title\": \"Two circles\""));

  /* The text is the lesson format, one key a line; each line knows its step and key. */
  g_autoptr (GArray) places = NULL;
  g_autofree char *text = imp_lesson_draft_to_data (draft, NULL, &places);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, places->len + 1);
  guint enters = 0;
  for (guint i = 0; i < places->len; i++)
    {
      const ImpLessonDraftPlace *place = &g_array_index (places, ImpLessonDraftPlace, i);
      if (g_str_has_prefix (lines[i], "      \"enter\": "))
        {
          g_assert_cmpint (place->step, ==, (int) enters);
          g_assert_cmpstr (place->field, ==, "enter");
          enters++;
        }
    }
  g_assert_cmpuint (enters, ==, 4);
  g_assert_nonnull (strstr (text, "      \"enter\": {\"frame\":0,\"select\":[\"c1\",\"c2\"],"
                                  "\"overlays\":[\"velocity\",\"swept\"]}\n"));
  g_assert_nonnull (strstr (text, "  \"edits\": [\n    {\"frame\":0,\"edit\":\"add-circle\","
                                  "\"id\":\"c3\",\"pos\":[400,100],\"radius\":10}\n  ],\n"));
}

/* A session saved before bookmarks kept a view: steps in frame order that say
 * nothing of the selection or overlays. */
static void
test_old_session (void)
{
  g_autofree char *path = draft_data ("old-session.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) file = imp_session_file_load (path, &error);
  g_assert_no_error (error);
  g_autoptr (ImpLessonDraft) draft = imp_lesson_draft_new (file, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (imp_lesson_draft_n_steps (draft), ==, 2);
  ImpLessonStep *first = imp_lesson_draft_get_step (draft, 0);
  g_assert_cmpint (first->action.frame, ==, 0);
  g_assert_cmpstr (first->text, ==, "Two circles close at *200 units per frame*.");
  g_assert_false (first->action.has_select || first->action.has_overlays);
  g_assert_cmpint (first->action.event, ==, -1);
  g_assert_cmpint (imp_lesson_draft_get_step (draft, 1)->action.frame, ==, 3);
  g_autofree char *text = imp_lesson_draft_to_data (draft, NULL, NULL);
  g_assert_nonnull (strstr (text, "      \"enter\": {\"frame\":3}\n"));

  /* No bookmark, no draft. */
  g_autoptr (ImpSessionFile) bare = imp_session_file_new (phys_world_copy (file->world), NULL,
                                                          "{\"impulse\": 1}");
  bare->file = g_strdup ("bare.json");
  g_autoptr (ImpLessonDraft) none = imp_lesson_draft_new (bare, &error);
  g_assert_null (none);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_MISSING);
  g_assert_cmpstr (error->message, ==,
                   "bare.json: error: expected a session with bookmarks (each becomes a step of "
                   "the lesson), got none");
}

/* The draft with its goals passes the check, saves, and `impulse check` agrees. */
static void
test_save_and_check (void)
{
  g_autoptr (ImpLessonDraft) draft = good_draft ();
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "two-circles-meet.json", NULL);
  g_autoptr (GError) error = NULL;
  ImpLessonDraftPlace place;

  g_assert_cmpstr (draft->id, ==, "two-circles-meet");
  g_autoptr (ImpLesson) checked = imp_lesson_draft_check (draft, path, &place, &error);
  g_assert_no_error (error);
  g_assert_nonnull (checked);
  g_assert_cmpint (place.step, ==, -1);
  g_assert_true (imp_lesson_draft_save (draft, path, &place, &error));
  g_assert_no_error (error);

  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (impulse_check (path, &out, &err), ==, 0);
  g_autofree char *ok = g_strdup_printf ("%s: ok\n", path);
  g_assert_cmpstr (out, ==, ok);
  g_assert_cmpstr (err, ==, "");

  /* What was saved is the draft: its steps, enters and goals read back. */
  g_autoptr (ImpLesson) lesson = imp_lesson_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (lesson->title, ==, "Two circles meet");
  g_assert_cmpuint (imp_lesson_n_steps (lesson), ==, 4);
  g_assert_cmpuint (lesson->edits->len, ==, 1);
  const ImpLessonStep *predict = imp_lesson_get_step (lesson, 2);
  g_assert_cmpint (predict->goal.kind, ==, IMP_GOAL_PREDICT);
  g_assert_cmpstr (predict->goal.quantity, ==, "t");
  g_assert_cmpfloat (predict->goal.tolerance, ==, 0.01);
  g_assert_cmpint (imp_lesson_get_step (lesson, 3)->goal.modes.modes.detection, ==,
                   PHYS_DETECTION_DISCRETE);
  g_assert_cmpstr (imp_lesson_get_step (lesson, 3)->action.select[0], ==, "c3");

  /* Saved again, the same bytes: the draft writes the same text each time. */
  g_autofree char *first = NULL, *second = NULL;
  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_assert_true (imp_lesson_draft_save (draft, path, NULL, &error));
  g_assert_true (g_file_get_contents (path, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);
  remove_dir (dir);
}

/* The saved lesson opened from disk and walked by the learner's own actions in
 * the app's player: seeks, Down, a wrong and a right number, the World menu. */
static void
test_walk_saved (void)
{
  g_autoptr (ImpLessonDraft) draft = good_draft ();
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "lesson.json", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_lesson_draft_save (draft, path, NULL, &error));
  g_assert_no_error (error);

  g_autoptr (ImpSession) session = imp_session_new ();
  g_autoptr (ImpLessonPlayer) player = imp_lesson_player_new (session, NULL);
  g_autoptr (GSimpleActionGroup) world = g_simple_action_group_new ();
  imp_world_actions_add (G_ACTION_MAP (world), session, NULL, NULL);
  g_assert_true (imp_lesson_player_open (player, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (imp_session_get_title (session), ==, "Two circles meet");

  /* Step 1 opens as the bookmark did: frame 0, the pair, two overlays; c3 is there. */
  PhysBodyRef a, b;
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);
  g_assert_true (imp_session_get_selected_pair (session, &a, &b));
  g_assert_cmphex (imp_view_options_get_overlays (imp_session_get_view_options (session)), ==,
                   IMP_OVERLAY_VELOCITY | IMP_OVERLAY_SWEPT);
  body (session, "c3");
  g_assert_false (imp_lesson_player_get_reached (player));
  go_to (session, 2);
  g_assert_false (imp_lesson_player_get_reached (player));
  go_to (session, 3);
  g_assert_true (imp_lesson_player_get_reached (player));
  g_assert_true (imp_lesson_player_next (player));

  /* Step 2 at frame 2: Right, then Down into the collision. */
  g_assert_cmpint (imp_session_get_frame (session), ==, 2);
  g_assert_false (imp_session_get_selected_pair (session, &a, &b));
  imp_session_step_into (session, 1);
  g_assert_false (imp_lesson_player_get_reached (player));
  go_to (session, 3);
  imp_session_step_into (session, 1);
  g_assert_true (imp_lesson_player_get_reached (player));
  g_assert_true (imp_lesson_player_next (player));

  /* Step 3: a number too high, then the time of impact worked by hand. */
  g_assert_cmpint (imp_session_get_frame (session), ==, 3);
  g_assert_false (imp_lesson_player_submit (player, 0.6));
  g_autofree char *status = imp_lesson_player_dup_status (player);
  g_assert_true (g_str_has_prefix (status, "0.6 is too high (not within 0.01)."));
  g_assert_true (imp_lesson_player_submit (player, T_FRAME3));
  double answer;
  g_assert_true (imp_lesson_player_get_answer (player, &answer));
  g_assert_cmpfloat_with_epsilon (answer, T_FRAME3, 1e-12);
  g_assert_true (imp_lesson_player_next (player));

  /* Step 4 with c3 selected: Discrete from the World menu, then on to frame 6. */
  PhysBodyRef selected;
  g_assert_true (imp_session_get_selected_body (session, &selected));
  g_assert_cmpint (selected.index, ==, body (session, "c3").index);
  g_action_group_change_action_state (G_ACTION_GROUP (world), "world-detection",
                                      g_variant_new_string ("discrete"));
  g_assert_false (imp_lesson_player_get_reached (player));
  go_to (session, 6);
  g_assert_true (imp_lesson_player_get_reached (player));
  g_assert_true (imp_lesson_player_next (player));
  remove_dir (dir);
}

/* The app's player plays the draft with Show Me at every step before it is saved. */
static void
test_rehearse (void)
{
  g_autoptr (ImpLessonDraft) draft = good_draft ();
  g_autoptr (GError) error = NULL;
  int failed = 7;

  ImpLesson *lesson = imp_lesson_draft_check (draft, "lesson.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (imp_lesson_rehearse (lesson, &failed, &error));
  g_assert_no_error (error);
  g_assert_cmpint (failed, ==, -1);

  /* Step 3 asks for frame 3 where it starts: the player says so, naming the step. */
  ImpLessonGoal goal;
  imp_lesson_goal_init (&goal);
  goal.kind = IMP_GOAL_FRAME;
  goal.frame = 3;
  goal.hint = g_strdup ("h");
  imp_lesson_draft_set_goal (draft, 2, &goal);
  imp_lesson_goal_clear (&goal);
  g_autofree char *text = imp_lesson_draft_to_data (draft, NULL, NULL);
  ImpLesson *met = imp_lesson_load_data (text, -1, "lesson.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (imp_lesson_rehearse (met, &failed, &error));
  g_assert_cmpint (failed, ==, 2);
  g_assert_cmpstr (error->message, ==,
                   "Step 3: its frame goal is already reached when the step starts.");
}

/* A mistake: the draft's check gives `impulse check`'s message for the file
 * (written unchecked here), and the step and key it is in. */
static void
assert_mistake (ImpLessonDraft *draft, const char *message_after_path, int step, const char *field)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "lesson.json", NULL);
  g_autoptr (GError) error = NULL;
  ImpLessonDraftPlace place;

  g_autoptr (ImpLesson) none = imp_lesson_draft_check (draft, path, &place, &error);
  g_assert_null (none);
  g_assert_error (error, IMP_FORMAT_ERROR, error->code);
  g_autofree char *expected = g_strconcat (path, message_after_path, NULL);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpint (place.step, ==, step);
  g_assert_cmpstr (place.field, ==, field);

  /* Not saved: the old file stays (here, none). */
  g_clear_error (&error);
  g_assert_false (imp_lesson_draft_save (draft, path, NULL, &error));
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_autofree char *text = imp_lesson_draft_to_data (draft, NULL, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (impulse_check (path, &out, &err), ==, 2);
  g_autofree char *line = g_strconcat (expected, "\n", NULL);
  g_assert_cmpstr (err, ==, line);
  g_assert_cmpstr (out, ==, "");
  remove_dir (dir);
}

static void
test_goal_met_at_start (void)
{
  g_autoptr (ImpLessonDraft) draft = good_draft ();
  ImpLessonGoal goal;

  imp_lesson_goal_init (&goal);
  goal.kind = IMP_GOAL_FRAME;
  goal.frame = 3;
  goal.hint = g_strdup ("Stay.");
  imp_lesson_draft_set_goal (draft, 2, &goal);
  imp_lesson_goal_clear (&goal);
  /* The goal of step 3 opens on line 42 of the text (the goal's own brace). */
  assert_mistake (draft,
                  ":42:15: error: step 3: the frame goal is already reached when the step starts",
                  2, "goal");
}

static void
test_predict_without_quantity (void)
{
  g_autoptr (ImpLessonDraft) draft = good_draft ();
  ImpLessonStep *step = imp_lesson_draft_get_step (draft, 2);

  g_clear_pointer (&step->goal.quantity, g_free);
  assert_mistake (draft, ":42:15: error: missing required key \"quantity\" in predict goal", 2,
                  "goal.quantity");
}

/* What a fresh draft lacks comes up one key at a time, each where it belongs. */
static void
test_missing_keys (void)
{
  g_autoptr (ImpLessonDraft) draft = good_draft ();

  g_clear_pointer (&draft->id, g_free);
  assert_mistake (draft, ":1:1: error: missing required key \"id\" in lesson", -1, "id");
  draft->id = g_strdup ("two circles");
  assert_mistake (draft,
                  ":3:9: error: expected an id made of ASCII letters, digits, '-', '_' and '.', "
                  "got \"two circles\"",
                  -1, "id");
  imp_lesson_draft_set_string (&draft->id, "two-circles");
  imp_lesson_draft_set_string (&imp_lesson_draft_get_step (draft, 1)->text, "");
  assert_mistake (draft, ":30:15: error: expected text for \"text\", got an empty string", 1,
                  "text");
  imp_lesson_draft_set_string (&imp_lesson_draft_get_step (draft, 1)->text, "See {q}.");
  assert_mistake (draft,
                  ":30:21: error: expected a term name in {...} (one of \"t\", \"n\", "
                  "\"tangent\", \"point\", \"v1\", \"v2\", \"vrel\", \"v.n\", \"j\", \"v1'\", "
                  "\"v2'\", \"d\", \"v\", \"root0\", \"root1\", \"proj_normal\", \"proj_along\", "
                  "\"V(Ap)\", \"A'\", \"n_L\", \"n_R\", \"toi\"), got \"q\"",
                  1, "text");
  imp_lesson_draft_set_string (&imp_lesson_draft_get_step (draft, 1)->text, "Step in.");
  g_clear_pointer (&imp_lesson_draft_get_step (draft, 3)->goal.hint, g_free);
  assert_mistake (draft, ":55:15: error: missing required key \"hint\" in mode goal", 3,
                  "goal.hint");
}

/* The teacher slowed c1 to -50 per frame at frame 3: in a lesson that edit is no
 * "edit" (those are at frame 0) but what Show Me applies to reach a verdict. At
 * frame 3 the rims are 100 apart and close at 50 per frame: after the frame. */
static void
test_verdict_show_edit (void)
{
  g_autoptr (ImpSession) session = teachers_session ();
  PhysEdit slow = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "c1");
  slow.fields = PHYS_EDIT_VELOCITY;
  slow.velocity = phys_v2 (-50.0, 0.0);
  go_to (session, 3);
  g_assert_cmpint (imp_session_edit (session, &slow), ==, PHYS_OK);
  g_autoptr (ImpSessionFile) file = imp_session_dup_file (session);
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLessonDraft) draft = imp_lesson_draft_new (file, &error);
  g_assert_no_error (error);
  add_goals (draft);
  g_assert_cmpuint (draft->edits->len, ==, 2);

  /* As it stands, the edit at frame 3 is refused where it is written. */
  assert_mistake (draft,
                  ":18:14: error: expected \"frame\": 0 in a lesson's edit (a lesson starts from "
                  "its scene as its edits leave it; a change later in the run is a verdict "
                  "goal's \"show\"), got 3",
                  -1, "edits");

  ImpLessonGoal goal;
  imp_lesson_goal_init (&goal);
  goal.kind = IMP_GOAL_VERDICT;
  goal.n_bodies = 2;
  goal.bodies[0] = g_strdup ("c1");
  goal.bodies[1] = g_strdup ("c2");
  goal.verdict = g_strdup ("after-frame");
  goal.hint = g_strdup ("Slow c1 down in its form.");
  imp_lesson_draft_set_goal (draft, 2, &goal);
  imp_lesson_goal_clear (&goal);
  imp_lesson_draft_take_show_edit (draft, 2, 1);
  g_assert_cmpuint (draft->edits->len, ==, 1);
  const ImpLessonGoal *verdict = &imp_lesson_draft_get_step (draft, 2)->goal;
  g_assert_true (verdict->has_show_edit);
  g_assert_cmpint (verdict->frame, ==, 3);
  g_assert_cmpstr (verdict->show_edit.name, ==, "c1");
  g_autoptr (ImpLesson) lesson = imp_lesson_draft_check (draft, "lesson.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (imp_lesson_rehearse (g_steal_pointer (&lesson), NULL, &error));
  g_assert_no_error (error);

  /* Another goal for the step gives the edit back to the lesson's, in frame order. */
  imp_lesson_goal_init (&goal);
  goal.kind = IMP_GOAL_FRAME;
  goal.frame = 4;
  goal.hint = g_strdup ("h");
  imp_lesson_draft_set_goal (draft, 2, &goal);
  imp_lesson_goal_clear (&goal);
  g_assert_cmpuint (draft->edits->len, ==, 2);
  g_assert_cmpint (g_array_index (draft->edits, ImpSessionFileEdit, 1).frame, ==, 3);
}

static void
test_unwritable (void)
{
  g_autoptr (ImpLessonDraft) draft = good_draft ();
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "no-such-folder", "lesson.json", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_false (imp_lesson_draft_save (draft, path, NULL, &error));
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_autofree char *prefix = g_strdup_printf ("%s: error: cannot write the lesson: ", path);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "No such file or directory"));
  g_clear_error (&error);

  /* A folder the user cannot write keeps the lesson that was there. */
  g_autofree char *kept = g_build_filename (dir, "lesson.json", NULL);
  g_assert_true (g_file_set_contents (kept, "the old lesson", -1, NULL));
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  gboolean writable = access (dir, W_OK) == 0;
  gboolean saved = !writable && imp_lesson_draft_save (draft, kept, NULL, &error);
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  if (!writable)
    {
      g_assert_false (saved);
      g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
      g_autofree char *contents = NULL;
      g_assert_true (g_file_get_contents (kept, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "the old lesson");
    }
  remove_dir (dir);
}

static void
test_suggest_id (void)
{
  static const char *const rows[][2] = {
    { "Two circles, head on", "two-circles-head-on" },
    { "  Stoß: Impuls & Energie!  ", "sto-impuls-energie" },
    { "", "lesson" },
    { "***", "lesson" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *id = imp_lesson_draft_suggest_id (rows[i][0]);
      g_assert_cmpstr (id, ==, rows[i][1]);
    }
  g_autofree char *none = imp_lesson_draft_suggest_id (NULL);
  g_assert_cmpstr (none, ==, "lesson");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lessons/draft/bookmark-view", test_bookmark_view);
  g_test_add_func ("/lessons/draft/from-session", test_from_session);
  g_test_add_func ("/lessons/draft/old-session", test_old_session);
  g_test_add_func ("/lessons/draft/save-and-check", test_save_and_check);
  g_test_add_func ("/lessons/draft/walk-saved", test_walk_saved);
  g_test_add_func ("/lessons/draft/rehearse", test_rehearse);
  g_test_add_func ("/lessons/draft/error/goal-met-at-start", test_goal_met_at_start);
  g_test_add_func ("/lessons/draft/error/predict-without-quantity",
                   test_predict_without_quantity);
  g_test_add_func ("/lessons/draft/error/missing-keys", test_missing_keys);
  g_test_add_func ("/lessons/draft/error/unwritable", test_unwritable);
  g_test_add_func ("/lessons/draft/verdict-show-edit", test_verdict_show_edit);
  g_test_add_func ("/lessons/draft/suggest-id", test_suggest_id);
  return g_test_run ();
}
