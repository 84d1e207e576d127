/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lesson-editor.c: the lesson editor pane in the window, and lesson packs
 * in the Lessons list, on a display (xvfb-run).
 *
 * The teacher's session is tests/data/drafts/teacher-session.json: two circles
 * that touch in frame 3, a circle c3 added at frame 0, and four bookmarks
 * (frames 0, 3, 2, 5) that keep what the window showed. Every change goes
 * through the editor's own widgets, as the teacher's typing and choosing would.
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imp-lesson-editor.h"
#include "imp-lesson-list.h"
#include "imp-lesson-setup.h"
#include "imp-lesson-vocabulary.h"
#include "imp-window.h"
#include "test-ui-util.h"
#include "test-util.h"

static char *
data_file (const char *dir, const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

static void
spin (void)
{
  for (int i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
}

static GtkWidget *
field (ImpLessonEditor *editor, const char *name)
{
  GtkWidget *widget = imp_lesson_editor_get_field (editor, name);
  g_assert_nonnull (widget);
  return widget;
}

static void
type (ImpLessonEditor *editor, const char *name, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (field (editor, name)), text);
}

static void
choose (ImpLessonEditor *editor, const char *name, guint item)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (editor, name)), item);
}

/* The check's message after "lesson file name:LINE:COLUMN: error: ", and its place. */
static void
assert_check (ImpLessonEditor *editor, const char *error_part, int step, const char *field_name)
{
  ImpLessonDraftPlace place;
  const char *message;

  imp_lesson_editor_check_now (editor);
  gboolean passes = imp_lesson_editor_get_check (editor, &place, &message);
  if (error_part == NULL)
    {
      if (!passes)
        g_error ("expected the draft to pass, got %s", message);
      return;
    }
  g_assert_false (passes);
  if (strstr (message, error_part) == NULL)
    g_error ("expected \"%s\" in \"%s\"", error_part, message);
  g_assert_cmpint (place.step, ==, step);
  g_assert_cmpstr (place.field, ==, field_name);
  /* The panel shows the very message, and marks the field when it has one. */
  GtkLabel *shown = GTK_LABEL (field (editor, "check_text"));
  g_assert_cmpstr (gtk_label_get_text (shown), ==, message);
  g_assert_false (imp_lesson_editor_can_save (editor));
  g_assert_false (gtk_widget_get_sensitive (field (editor, "save_button")));
}

static guint
quantity_item (const char *name)
{
  for (gsize i = 0; i < imp_n_quantities; i++)
    if (g_str_equal (imp_quantities[i].name, name))
      return (guint) i + 1;
  g_assert_not_reached ();
}

static guint
topic_item (const char *name)
{
  for (guint i = 0; i < IMP_N_TOPIC_NAMES; i++)
    if (g_str_equal (imp_topic_names[i], name))
      return i + 1;
  g_assert_not_reached ();
}

/* From the window: the action opens while the session has bookmarks; the editor
 * shows a step a bookmark; the check says what is missing, where, until it
 * passes; Save opens only once Show Me has reached every goal, and shuts again
 * at the next change; the saved file passes `impulse check`'s own check. */
static void
test_editor (void)
{
  ImpWindow *window = imp_window_new (NULL);
  g_autofree char *scene = data_file ("drafts", "two-circles.json");
  g_autofree char *session_file = data_file ("drafts", "teacher-session.json");

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  gtk_window_present (GTK_WINDOW (window));
  ImpLessonEditor *editor = IMP_LESSON_EDITOR (
      imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_EDITOR, 0));
  GActionGroup *actions = imp_lesson_editor_get_actions (editor);
  g_assert_true (imp_window_open (window, scene));
  /* A scene without bookmarks has nothing to make a lesson of. */
  g_assert_false (g_action_group_get_action_enabled (actions, "new-from-session"));
  imp_session_add_bookmark (imp_window_get_session (window), "here");
  g_assert_true (g_action_group_get_action_enabled (actions, "new-from-session"));
  g_assert_true (imp_window_open (window, session_file));
  g_assert_true (g_action_group_get_action_enabled (actions, "new-from-session"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (editor)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "lesson.new-from-session",
                                             NULL));
  spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (editor)));
  AdwFlap *flap = ADW_FLAP (gtk_widget_get_ancestor (GTK_WIDGET (editor), ADW_TYPE_FLAP));
  g_assert_true (adw_flap_get_reveal_flap (flap));

  /* Four steps in frame order; the first opens with the pair selected. */
  ImpLessonDraft *draft = imp_lesson_editor_get_draft (editor);
  g_assert_cmpuint (imp_lesson_draft_n_steps (draft), ==, 4);
  g_assert_cmpint (imp_lesson_draft_get_step (draft, 2)->action.frame, ==, 3);
  GtkTextBuffer *text = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field (editor, "step_text")));
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (text, &start, &end);
  g_autofree char *first_text = gtk_text_buffer_get_text (text, &start, &end, FALSE);
  g_assert_cmpstr (first_text, ==, "Two circles close at *200 units per frame*.");
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (field (editor, "step_enter"))),
                            "c1 and c2 selected"));

  /* What is missing comes up where it belongs; the title suggests the id. */
  assert_check (editor, "lesson.json:1:1: error: missing required key \"id\" in lesson", -1, "id");
  g_assert_true (gtk_widget_has_css_class (field (editor, "lesson_id"), "error"));
  type (editor, "lesson_title", "Two circles meet");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (editor, "lesson_id"))), ==,
                   "two-circles-meet");
  assert_check (editor,
                "two-circles-meet.json:1:1: error: missing required key \"summary\" in lesson", -1,
                "summary");
  g_assert_true (gtk_widget_has_css_class (field (editor, "lesson_summary"), "error"));
  g_assert_false (gtk_widget_has_css_class (field (editor, "lesson_id"), "error"));
  type (editor, "lesson_summary", "Where in a frame two circles touch.");
  choose (editor, "lesson_topic", topic_item ("swept-quadratic"));

  /* Steps without goals pass; Save waits for Show Me. */
  assert_check (editor, NULL, -1, NULL);
  g_assert_false (imp_lesson_editor_can_save (editor));
  g_assert_true (gtk_widget_get_sensitive (field (editor, "rehearse_button")));
  g_assert_true (imp_lesson_editor_rehearse (editor));
  g_assert_true (imp_lesson_editor_can_save (editor));
  g_assert_true (gtk_widget_get_sensitive (field (editor, "save_button")));

  /* Step 3 (frame 3) asks for a prediction: no hint yet, then no quantity. */
  imp_lesson_editor_select_step (editor, 2);
  choose (editor, "goal_kind", IMP_GOAL_PREDICT);
  g_assert_false (imp_lesson_editor_can_save (editor));
  assert_check (editor, "two-circles-meet.json:31:15: error: missing required key \"hint\" in "
                        "predict goal",
                2, "goal.hint");
  g_assert_true (gtk_widget_has_css_class (field (editor, "goal_hint"), "error"));
  /* Go There: from another step, back to this one with the cursor in its hint. */
  imp_lesson_editor_select_step (editor, 0);
  g_assert_false (gtk_widget_has_css_class (field (editor, "goal_hint"), "error"));
  g_signal_emit_by_name (field (editor, "check_go"), "clicked");
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (focus == field (editor, "goal_hint")
                 || gtk_widget_is_ancestor (focus, field (editor, "goal_hint")));
  g_assert_true (gtk_widget_has_css_class (field (editor, "goal_hint"), "error"));
  type (editor, "goal_hint", "The rims are 100 apart and close at 200 per frame.");
  assert_check (editor, "two-circles-meet.json:31:15: error: missing required key \"quantity\" "
                        "in predict goal",
                2, "goal.quantity");
  g_assert_true (gtk_widget_has_css_class (field (editor, "predict_quantity"), "error"));
  g_assert_false (gtk_widget_has_css_class (field (editor, "goal_hint"), "error"));
  choose (editor, "predict_quantity", quantity_item ("t"));
  type (editor, "predict_expect", "0.5");
  assert_check (editor, NULL, -1, NULL);

  /* Step 1 (frame 0) asks for frame 0: reached already, as impulse check says. */
  imp_lesson_editor_select_step (editor, 0);
  choose (editor, "goal_kind", IMP_GOAL_FRAME);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (editor, "frame_goal_frame")), 0);
  type (editor, "goal_hint", "Press Right three times.");
  assert_check (editor, "error: step 1: the frame goal is already reached when the step starts",
                0, "goal");
  g_assert_true (gtk_widget_has_css_class (field (editor, "goal_kind"), "error"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (editor, "frame_goal_frame")), 3);
  assert_check (editor, NULL, -1, NULL);

  /* Show Me on every step, then Save; a change shuts Save until Show Me runs again. */
  g_assert_false (imp_lesson_editor_can_save (editor));
  g_assert_true (imp_lesson_editor_rehearse (editor));
  g_assert_true (imp_lesson_editor_can_save (editor));
  type (editor, "step_title", "Where they start");
  g_assert_false (imp_lesson_editor_can_save (editor));
  imp_lesson_editor_check_now (editor);
  g_assert_false (imp_lesson_editor_can_save (editor));
  g_assert_true (imp_lesson_editor_rehearse (editor));

  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("impulse-editor-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "two-circles-meet.json", NULL);
  g_assert_true (imp_lesson_editor_save_to (editor, path, &error));
  g_assert_no_error (error);
  g_autoptr (ImpLesson) saved = imp_lesson_check (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imp_lesson_get_step (saved, 0)->title, ==, "Where they start");
  g_assert_cmpint (imp_lesson_get_step (saved, 2)->goal.kind, ==, IMP_GOAL_PREDICT);
  /* From now on the check names the saved file. */
  choose (editor, "goal_kind", IMP_GOAL_NONE);
  imp_lesson_editor_select_step (editor, 1);
  choose (editor, "goal_kind", IMP_GOAL_FRAME);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (editor, "frame_goal_frame")), 2);
  type (editor, "goal_hint", "h");
  g_autofree char *named = g_strdup_printf ("%s:", path);
  assert_check (editor, named, 1, "goal");

  /* Closing the pane hides it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "lesson.close-editor", NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (editor)));
  g_remove (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

/* The teacher slowed c1 at frame 3: the edit cannot stay among the lesson's own
 * (those are at frame 0), and the editor offers it as what Show Me applies for
 * a verdict goal on the step at that frame. A step is left out too. */
static void
test_editor_verdict (void)
{
  ImpWindow *window = imp_window_new (NULL);
  g_autofree char *session_file = data_file ("drafts", "teacher-session-edited.json");

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (imp_window_open (window, session_file));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "lesson.new-from-session",
                                             NULL));
  ImpLessonEditor *editor = IMP_LESSON_EDITOR (
      imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_EDITOR, 0));
  ImpLessonDraft *draft = imp_lesson_editor_get_draft (editor);
  type (editor, "lesson_title", "Slow down");
  type (editor, "lesson_summary", "A verdict made by an edit.");
  choose (editor, "lesson_topic", topic_item ("swept-quadratic"));
  assert_check (editor, "slow-down.json:17:14: error: expected \"frame\": 0 in a lesson's edit",
                -1, "edits");

  /* Step 3 is left out; step 2 (frame 3) takes the edit as its Show Me. */
  imp_lesson_editor_select_step (editor, 2);
  g_signal_emit_by_name (field (editor, "remove_step"), "clicked");
  g_assert_cmpuint (imp_lesson_draft_n_steps (draft), ==, 2);
  imp_lesson_editor_select_step (editor, 1);
  choose (editor, "goal_kind", IMP_GOAL_VERDICT);
  GListModel *verdicts = gtk_drop_down_get_model (GTK_DROP_DOWN (field (editor, "verdict_name")));
  for (guint i = 0; i < g_list_model_get_n_items (verdicts); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (verdicts, i);
      if (g_str_equal (gtk_string_object_get_string (item), "after-frame"))
        choose (editor, "verdict_name", i);
    }
  GListModel *offered = gtk_drop_down_get_model (GTK_DROP_DOWN (field (editor, "verdict_show")));
  g_assert_cmpuint (g_list_model_get_n_items (offered), ==, 2);
  g_autoptr (GtkStringObject) edit = g_list_model_get_item (offered, 1);
  g_assert_cmpstr (gtk_string_object_get_string (edit), ==, "Frame 3: c1 changed");
  choose (editor, "verdict_show", 1);
  spin ();
  g_assert_cmpuint (draft->edits->len, ==, 0);
  const ImpLessonGoal *goal = &imp_lesson_draft_get_step (draft, 1)->goal;
  g_assert_true (goal->has_show_edit);
  g_assert_cmpint (goal->frame, ==, 3);
  g_assert_cmpstr (goal->verdict, ==, "after-frame");
  type (editor, "goal_hint", "Type a slower velocity into c1's form.");
  assert_check (editor, NULL, -1, NULL);
  g_assert_true (imp_lesson_editor_rehearse (editor));
  g_assert_true (imp_lesson_editor_can_save (editor));

  /* "Nothing yet" gives the edit back to the lesson's, which refuse it again. */
  choose (editor, "verdict_show", 0);
  spin ();
  g_assert_cmpuint (draft->edits->len, ==, 1);
  g_assert_false (imp_lesson_editor_can_save (editor));
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

static gboolean
label_with (GtkWidget *root, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  imp_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0)
      return TRUE;
  return FALSE;
}

static void
opened (ImpLessonList *list, const char *uri, char **out)
{
  g_free (*out);
  *out = g_strdup (uri);
}

/* A pack with a good and a broken lesson: the good one is listed and opens, the
 * broken one's file is named with its line, column and mistake; the folder is
 * remembered in the settings and can be taken off again. */
static void
test_pack_in_list (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  g_autofree char *pack = g_test_build_filename (G_TEST_DIST, "data", "packs", "mixed", NULL);
  GtkWidget *list = g_object_ref_sink (imp_lesson_list_new ());
  g_autofree char *uri = NULL;

  g_settings_reset (settings, "lesson-folders");
  imp_lesson_list_set_settings (IMP_LESSON_LIST (list), settings);
  guint course = imp_lesson_list_get_n_lessons (IMP_LESSON_LIST (list));
  g_assert_cmpuint (course, ==, 16);

  imp_lesson_list_add_folder (IMP_LESSON_LIST (list), pack);
  g_auto (GStrv) kept = g_settings_get_strv (settings, "lesson-folders");
  g_assert_cmpuint (g_strv_length (kept), ==, 1);
  g_assert_cmpstr (kept[0], ==, pack);
  g_assert_cmpuint (imp_lesson_list_get_n_lessons (IMP_LESSON_LIST (list)), ==, course + 1);
  g_assert_true (label_with (list, "mixed"));
  g_assert_true (label_with (list, "Where they meet"));
  g_assert_false (label_with (list, "A lesson with a mistake"));
  g_autofree char *broken = g_build_filename (pack, "02-broken.json", NULL);
  g_autofree char *message
      = g_strdup_printf ("%s:9:7: error: unknown key \"txt\" in step; did you mean \"text\"?",
                         broken);
  g_assert_true (label_with (list, message));
  g_autofree char *progress = imp_lesson_list_dup_progress_text (IMP_LESSON_LIST (list), course);
  g_assert_cmpstr (progress, ==, "New");

  g_signal_connect (list, "open", G_CALLBACK (opened), &uri);
  imp_lesson_list_activate (IMP_LESSON_LIST (list), course);
  g_autofree char *good = g_build_filename (pack, "01-meeting.json", NULL);
  g_assert_cmpstr (uri, ==, good);

  /* Another list (a new window) lists it too; then it is taken off. */
  GtkWidget *other = g_object_ref_sink (imp_lesson_list_new ());
  imp_lesson_list_set_settings (IMP_LESSON_LIST (other), settings);
  g_assert_cmpuint (imp_lesson_list_get_n_lessons (IMP_LESSON_LIST (other)), ==, course + 1);
  imp_lesson_list_remove_folder (IMP_LESSON_LIST (list), pack);
  g_assert_cmpuint (imp_lesson_list_get_n_lessons (IMP_LESSON_LIST (list)), ==, course);
  g_assert_cmpuint (imp_lesson_list_get_n_lessons (IMP_LESSON_LIST (other)), ==, course);
  g_assert_false (label_with (list, "Where they meet"));
  g_object_unref (other);
  g_object_unref (list);
}

/* A lesson file from disk opens and plays in the window, as the course's do. */
static void
test_open_file (void)
{
  ImpWindow *window = imp_window_new (NULL);
  g_autofree char *path = data_file ("packs", "mixed/01-meeting.json");
  ImpLessonPlayer *player = imp_window_get_lesson_player (window);
  ImpSession *session = imp_window_get_session (window);

  g_assert_true (imp_window_open (window, path));
  g_assert_nonnull (imp_lesson_player_get_lesson (player));
  g_assert_cmpstr (imp_lesson_player_get_lesson (player)->id, ==, "pack-meeting");
  g_assert_false (imp_lesson_player_get_reached (player));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward", NULL));
  g_assert_false (imp_lesson_player_get_reached (player));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward", NULL));
  g_assert_cmpint (imp_session_get_frame (session), ==, 3);
  g_assert_true (imp_lesson_player_get_reached (player));
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  imp_test_init_display ();
  imp_test_add_display_func ("/ui/lesson-editor/build-edit-check-save", test_editor);
  imp_test_add_display_func ("/ui/lesson-editor/verdict-from-an-edit", test_editor_verdict);
  imp_test_add_display_func ("/ui/lesson-list/pack", test_pack_in_list);
  imp_test_add_display_func ("/ui/lesson-list/open-file", test_open_file);
  return g_test_run ();
}
