/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app.c: the session model and the window's actions, on a real display
 * (run under xvfb-run in CI). */
#include <adwaita.h>
#include <glib/gstdio.h>

#include "imp-bookmark-list.h"
#include "imp-breakpoints.h"
#include "imp-export-dialog.h"
#include "imp-inspector.h"
#include "imp-lesson-panel.h"
#include "imp-recording-plot.h"
#include "imp-session.h"
#include "imp-window.h"
#include "test-ui-util.h"
#include "test-util.h"

static char *
scene (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "lessons", "scenes", name, NULL);
}


static void
test_session_load_and_step (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed001-head-on.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (session, 100);
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);
  imp_session_step (session, 5);
  g_assert_cmpint (imp_session_get_frame (session), ==, 5);
  imp_session_step (session, -10);
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);

  /* The first event: the playhead lands on it, just before its response. */
  g_assert_true (imp_session_jump_event (session, 1));
  gint64 hit = imp_session_get_frame (session);
  const PhysStop *stop = imp_session_get_stop_info (session);
  g_assert_nonnull (stop);
  g_assert_cmpint (stop->kind, ==, PHYS_STOP_BEFORE);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  g_assert_nonnull (view.selected);
  g_assert_cmpint (view.selected->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpfloat (view.time_in_frame, ==, view.selected->t);
  /* At the stop the circles stand where the event's record puts them. */
  imp_assert_vec_near (view.positions[view.selected->a], view.selected->circle_circle.p1.x,
                       view.selected->circle_circle.p1.y, 1e-9);
  imp_assert_vec_near (view.positions[view.selected->b], view.selected->circle_circle.p2.x,
                       view.selected->circle_circle.p2.y, 1e-9);
  /* Step into walks on to after the response, then to the next frame. */
  imp_session_step_into (session, 1);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_AFTER);
  imp_session_step_into (session, 1);
  g_assert_cmpint (imp_session_get_frame (session), ==, hit + 1);
  g_assert_cmpint (imp_session_get_stop (session), ==, 0);
  imp_session_step_into (session, -1);
  g_assert_cmpint (imp_session_get_frame (session), ==, hit);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_AFTER);
}

/* Playback wraps inside a loop: from 18 in [10, 20] (11 frames), 5 frames on is 12. */
static void
test_session_loop (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed001-balls-in-box.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 40);
  imp_session_set_loop (session, 10, 20);
  gint64 start, end;
  g_assert_true (imp_session_get_loop (session, &start, &end));
  g_assert_cmpint (start, ==, 10);
  g_assert_cmpint (end, ==, 20);
  imp_session_set_frame (session, 18);
  imp_session_set_playing (session, TRUE);
  imp_session_advance (session, 5.0 / 60.0); /* five frames at 1x */
  g_assert_cmpint (imp_session_get_frame (session), ==, 12);
  imp_session_set_loop (session, 5, 5);
  g_assert_false (imp_session_get_loop (session, NULL, NULL));

  /* Every property reads through GObject. */
  gboolean can_undo = TRUE, can_redo = TRUE, loop = TRUE;
  int n_bookmarks = -1;
  g_object_get (session, "can-undo", &can_undo, "can-redo", &can_redo, "n-bookmarks",
                &n_bookmarks, "loop", &loop, NULL);
  g_assert_false (can_undo);
  g_assert_false (can_redo);
  g_assert_false (loop);
  g_assert_cmpint (n_bookmarks, ==, 0);
}

/* Selecting two circles shows their test at the frame: seed 000's pair hits at frame 0. */
static void
test_session_pair (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 2);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef a, b;
  g_assert_true (phys_world_find (view.world, "c1", &a));
  g_assert_true (phys_world_find (view.world, "c2", &b));
  imp_session_select_body (session, a, FALSE);
  imp_session_get_view (session, &view);
  g_assert_null (view.pair);
  g_assert_cmpint (view.body.index, ==, a.index);
  imp_session_select_body (session, b, TRUE);
  imp_session_get_view (session, &view);
  g_assert_nonnull (view.pair);
  g_assert_cmpint (view.pair->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpint (view.pair->circle_circle.verdict, ==, PHYS_VERDICT_HIT);
  /* The same record the step's event carries. */
  g_assert_cmpint (view.n_events, >=, 1);
  g_assert_cmpfloat (view.pair->circle_circle.t, ==, view.events[0].circle_circle.sweep.t);
  /* A plain click elsewhere starts over with one body. */
  imp_session_select_body (session, b, FALSE);
  imp_session_get_view (session, &view);
  g_assert_null (view.pair);
}

/* The inspector says what is selected: nothing, then an event's card. */
static void
test_inspector_text (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 2);
  GtkWidget *inspector = g_object_ref_sink (imp_inspector_new ());
  imp_inspector_set_session (IMP_INSPECTOR (inspector), session);
  g_assert_null (imp_inspector_dup_card (IMP_INSPECTOR (inspector), IMP_CARD_PLAIN));
  imp_session_step_into (session, 1);
  g_autofree char *card = imp_inspector_dup_card (IMP_INSPECTOR (inspector), IMP_CARD_PLAIN);
  g_assert_nonnull (card);
  g_assert_nonnull (strstr (card, "Circle–circle test: c1 and c2"));
  g_assert_nonnull (strstr (card, "Verdict: hit."));
  g_autofree char *tex = imp_inspector_dup_card (IMP_INSPECTOR (inspector), IMP_CARD_LATEX);
  g_assert_nonnull (strstr (tex, "\\paragraph{Circle--circle test: c1 and c2}"));
  imp_inspector_set_session (IMP_INSPECTOR (inspector), NULL);
  g_object_unref (inspector);
}

static void
test_session_bad_file (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "scenes",
                                                "bad-unknown-key.json", NULL);
  g_assert_false (imp_session_load (session, bad, &error));
  g_assert_nonnull (error);
  g_assert_true (strstr (error->message, ": error: ") != NULL);
  g_assert_cmpint (imp_session_get_length (session), ==, 0);
}

/* Edits branch, undo and redo come back, bookmarks count, and a saved session
 * opens to the same recording. */
static void
test_session_edit_undo_save (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed001-balls-in-box.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 50);
  imp_session_set_frame (session, 20);
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "ball-02");
  e.fields = PHYS_EDIT_VELOCITY;
  e.velocity = phys_v2 (3.0, -3.0);
  g_assert_cmpint (imp_session_edit (session, &e), ==, PHYS_OK);
  g_assert_true (imp_session_can_undo (session));
  /* Ahead of the edit the old future shows as the ghost: ball-02 differs there. */
  imp_test_wait_for_length (session, 40);
  imp_session_set_frame (session, 30);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef pushed;
  g_assert_true (phys_world_find (view.world, "ball-02", &pushed));
  int b2 = pushed.index;
  g_assert_nonnull (view.ghost_positions);
  g_assert_cmpfloat (phys_v2_len (phys_v2_sub (view.ghost_positions[b2], view.positions[b2])), >,
                     1.0);
  g_assert_null (view.trail);
  imp_session_set_overlays (session, imp_session_get_overlays (session) | IMP_OVERLAY_TRAILS);
  imp_session_get_view (session, &view);
  g_assert_cmpint (view.trail_len, ==, 31);
  /* The trail ends where the circles stand now. */
  int n = phys_world_circle_count (view.world);
  imp_assert_vec_equal (view.trail[30 * n + b2], view.positions[b2].x, view.positions[b2].y);
  imp_session_set_frame (session, 20);
  g_assert_cmpint (imp_session_add_bookmark (session, "after the push"), ==, 0);
  g_assert_cmpint (imp_session_get_n_bookmarks (session), ==, 1);
  imp_test_wait_for_length (session, 80);

  g_autofree char *dir = g_dir_make_tmp ("impulse-app-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "run.json", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_save (session, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (imp_session_get_session_path (session), ==, file);

  g_autoptr (ImpSession) reopened = imp_session_new ();
  g_assert_true (imp_session_load (reopened, file, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (reopened, 80);
  PhysTimeline *a = imp_session_lock (session);
  uint64_t ha = phys_timeline_summary (a, 80).hash;
  imp_session_unlock (session);
  PhysTimeline *b = imp_session_lock (reopened);
  uint64_t hb = phys_timeline_summary (b, 80).hash;
  g_assert_cmpint (phys_timeline_edit_count (b), ==, 1);
  imp_session_unlock (reopened);
  g_assert_cmpuint (ha, ==, hb);
  g_assert_cmpint (imp_session_get_n_bookmarks (reopened), ==, 1);

  g_assert_true (imp_session_undo (session));
  g_assert_false (imp_session_can_undo (session));
  g_assert_true (imp_session_can_redo (session));
  imp_test_wait_for_length (session, 80);
  PhysTimeline *c = imp_session_lock (session);
  g_assert_cmpuint (phys_timeline_summary (c, 80).hash, !=, ha);
  imp_session_unlock (session);
  g_assert_true (imp_session_redo (session));
  imp_test_wait_for_length (session, 80);
  c = imp_session_lock (session);
  g_assert_cmpuint (phys_timeline_summary (c, 80).hash, ==, ha);
  imp_session_unlock (session);
  g_remove (file);
  g_rmdir (dir);
}

/* Activating the window's actions drives the playhead. */
/* The first widget of type under root (depth first) whose label or text is
 * text, or any of that type when text is NULL. */
static GtkWidget *
find_widget (GtkWidget *root, GType type, const char *text)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      const char *have = NULL;
      if (GTK_IS_BUTTON (root))
        have = gtk_button_get_label (GTK_BUTTON (root));
      else if (GTK_IS_EDITABLE (root))
        have = gtk_editable_get_text (GTK_EDITABLE (root));
      if (text == NULL || g_strcmp0 (have, text) == 0)
        return root;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_widget (c, type, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_window_actions (void)
{
  ImpWindow *window = imp_window_new (NULL);
  g_autofree char *path = scene ("seed001-head-on.json");
  g_assert_true (imp_window_open (window, path));
  ImpSession *session = imp_window_get_session (window);
  imp_test_wait_for_length (session, 100);
  gtk_window_present (GTK_WINDOW (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward", NULL));
  g_assert_cmpint (imp_session_get_frame (session), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step-forward-10", NULL);
  g_assert_cmpint (imp_session_get_frame (session), ==, 11);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step-back", NULL);
  g_assert_cmpint (imp_session_get_frame (session), ==, 10);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.home", NULL);
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-event", NULL);
  g_assert_cmpint (imp_session_get_frame (session), >, 0);
  g_assert_cmpint (imp_session_get_stop (session), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_true (imp_session_get_playing (session));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_false (imp_session_get_playing (session));

  /* Overlay toggles are stateful actions of the window. */
  g_assert_true (imp_session_get_overlays (session) & IMP_OVERLAY_VELOCITY);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "overlay-velocity",
                                      g_variant_new_boolean (FALSE));
  g_assert_false (imp_session_get_overlays (session) & IMP_OVERLAY_VELOCITY);

  /* F8 shows the plots over the recording, hidden at first. */
  GtkWidget *plot = find_widget (GTK_WIDGET (window), IMP_TYPE_RECORDING_PLOT, NULL);
  g_assert_nonnull (plot);
  g_assert_false (gtk_widget_get_visible (plot));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-plots", NULL));
  g_assert_true (gtk_widget_get_visible (plot));

  /* A bad file keeps what was open. */
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "scenes",
                                                "bad-unknown-key.json", NULL);
  g_assert_false (imp_window_open (window, bad));
  g_assert_cmpint (imp_session_get_length (session), >=, 100);

  /* Export opens its dialog, which draws its preview. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  GtkWindow *dialog = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);
      if (IMP_IS_EXPORT_DIALOG (item))
        dialog = GTK_WINDOW (item);
    }
  g_assert_nonnull (dialog);
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  gtk_window_destroy (dialog);

  /* Draw once, for real. */
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static int
count_rows (GtkWidget *list)
{
  GtkWidget *rows = find_widget (list, GTK_TYPE_LIST_BOX, NULL);
  int n = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (rows); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += GTK_IS_LIST_BOX_ROW (c) && gtk_widget_get_visible (rows);
  return n;
}

static void
test_bookmark_list (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed001-balls-in-box.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 60);
  GtkWidget *list = g_object_ref_sink (imp_bookmark_list_new ());
  imp_bookmark_list_set_session (IMP_BOOKMARK_LIST (list), session);
  g_assert_cmpint (count_rows (list), ==, 0);

  imp_session_set_frame (session, 12);
  imp_session_add_bookmark (session, "first hit");
  imp_session_set_frame (session, 40);
  g_assert_cmpint (imp_session_add_bookmark (session, NULL), ==, 1);
  g_assert_cmpint (count_rows (list), ==, 2);
  /* Bookmarking a frame twice keeps the one bookmark. */
  imp_session_set_frame (session, 12);
  g_assert_cmpint (imp_session_add_bookmark (session, "again"), ==, 0);
  g_assert_cmpint (imp_session_get_n_bookmarks (session), ==, 2);
  g_assert_cmpint (count_rows (list), ==, 2);

  /* A row's frame button moves the playhead there. */
  g_signal_emit_by_name (find_widget (list, GTK_TYPE_BUTTON, "Frame 12"), "clicked");
  g_assert_cmpint (imp_session_get_frame (session), ==, 12);
  g_signal_emit_by_name (find_widget (list, GTK_TYPE_BUTTON, "Frame 40"), "clicked");
  g_assert_cmpint (imp_session_get_frame (session), ==, 40);

  /* Typing in a row's entry is the bookmark's note. */
  GtkWidget *entry = find_widget (list, GTK_TYPE_ENTRY, "first hit");
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "ball-06 meets ball-14");
  gint64 frame;
  g_autofree char *note = imp_session_dup_bookmark (session, 0, &frame);
  g_assert_cmpstr (note, ==, "ball-06 meets ball-14");
  g_assert_cmpint (frame, ==, 12);

  /* Removing the first leaves the second, rebuilt as the only row. */
  GtkWidget *row = gtk_widget_get_parent (gtk_widget_get_parent (entry));
  g_assert_true (GTK_IS_LIST_BOX_ROW (row));
  GtkWidget *trash = gtk_widget_get_last_child (gtk_widget_get_parent (entry));
  g_assert_true (GTK_IS_BUTTON (trash));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (trash)), ==, "user-trash-symbolic");
  g_signal_emit_by_name (trash, "clicked");
  g_assert_cmpint (imp_session_get_n_bookmarks (session), ==, 1);
  g_assert_cmpint (count_rows (list), ==, 1);
  g_assert_nonnull (find_widget (list, GTK_TYPE_BUTTON, "Frame 40"));
  g_assert_null (find_widget (list, GTK_TYPE_BUTTON, "Frame 12"));
  g_assert_null (imp_session_dup_bookmark (session, 1, NULL));

  /* Notes are saved with the session and come back with it. */
  gtk_editable_set_text (GTK_EDITABLE (find_widget (list, GTK_TYPE_ENTRY, "")), "quiet again");
  g_autofree char *dir = g_dir_make_tmp ("impulse-bookmarks-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "run.json", NULL);
  g_assert_true (imp_session_save (session, file, &error));
  g_assert_no_error (error);
  g_autoptr (ImpSession) reopened = imp_session_new ();
  g_assert_true (imp_session_load (reopened, file, &error));
  g_assert_no_error (error);
  imp_bookmark_list_set_session (IMP_BOOKMARK_LIST (list), reopened);
  g_assert_cmpint (count_rows (list), ==, 1);
  g_assert_nonnull (find_widget (list, GTK_TYPE_ENTRY, "quiet again"));
  g_assert_nonnull (find_widget (list, GTK_TYPE_BUTTON, "Frame 40"));
  imp_bookmark_list_set_session (IMP_BOOKMARK_LIST (list), NULL);
  g_object_unref (list);
  g_unlink (file);
  g_rmdir (dir);
}

/* The per-circle lanes of seed 004's orbit: each state's value is the circle's
 * share of the energy in that state, the shares add up to the world's total,
 * and Euler's planet drifts far more than semi-implicit Euler's. */
static void
test_recording_plot_bodies (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed004-orbit.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 600);
  enum { STATES = 600 };
  PhysTimeline *tl = imp_session_lock (session);
  const PhysWorld *start = phys_timeline_seek (tl, 0);
  int n = phys_world_circle_count (start);
  g_auto (GStrv) names = g_new0 (char *, n + 1);
  for (int i = 0; i < n; i++)
    names[i] = g_strdup (phys_world_body_name (start, (PhysBodyRef) { PHYS_BODY_CIRCLE, i }));
  double *values = g_new (double, (gsize) n * STATES);
  for (int i = 0; i < n; i++)
    imp_series_body_energy (tl, names[i], 0, STATES, values + (gsize) i * STATES);
  for (int k = 0; k < STATES; k += 37)
    {
      double sum = 0.0;
      for (int i = 0; i < n; i++)
        {
          const PhysWorld *w = phys_timeline_seek (tl, k);
          g_assert_cmpfloat (values[i * STATES + k], ==, phys_world_circle_energy (w, i).total);
          sum += values[i * STATES + k];
        }
      double total = phys_timeline_summary (tl, k).energy.total;
      g_assert_cmpfloat_with_epsilon (sum, total, 1e-9 * fabs (total));
    }
  /* Drift over the recording, relative to the start. */
  double *euler = NULL, *semi = NULL;
  for (int i = 0; i < n; i++)
    if (g_str_equal (names[i], "euler"))
      euler = values + (gsize) i * STATES;
    else if (g_str_equal (names[i], "semi-implicit-euler"))
      semi = values + (gsize) i * STATES;
  g_assert_nonnull (euler);
  g_assert_nonnull (semi);
  double d_euler = fabs (euler[STATES - 1] - euler[0]) / fabs (euler[0]);
  double d_semi = fabs (semi[STATES - 1] - semi[0]) / fabs (semi[0]);
  g_assert_cmpfloat (d_euler, >, 10 * d_semi);
  /* A name no circle has: no value. */
  double none;
  imp_series_body_energy (tl, "nobody", 3, 4, &none);
  g_assert_true (isnan (none));
  imp_session_unlock (session);

  /* Columns of values: the range of the states each covers; NAN skipped. */
  const double v[] = { 1, 5, NAN, 2, NAN, NAN, -3, 4 };
  ImpSeriesRange c[4];
  imp_series_value_columns (v, 8, 8, 4, c);
  g_assert_cmpfloat (c[0].lo, ==, 1);
  g_assert_cmpfloat (c[0].hi, ==, 5);
  g_assert_cmpfloat (c[1].lo, ==, 2);
  g_assert_cmpfloat (c[1].hi, ==, 2);
  g_assert_cmpfloat (c[2].lo, >, c[2].hi);
  g_assert_cmpfloat (c[3].lo, ==, -3);
  g_assert_cmpfloat (c[3].hi, ==, 4);
  /* Only the first five read: the last columns have nothing yet. */
  imp_series_value_columns (v, 5, 8, 4, c);
  g_assert_cmpfloat (c[0].hi, ==, 5);
  g_assert_cmpfloat (c[2].lo, >, c[2].hi);
  g_assert_cmpfloat (c[3].lo, >, c[3].hi);
  g_free (values);

  /* The plot grows a lane for each selected circle, and loses them again. */
  GtkWidget *plot = g_object_ref_sink (imp_recording_plot_new ());
  imp_recording_plot_set_session (IMP_RECORDING_PLOT (plot), session);
  int alone, with_pair, lane;
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, -1, &alone, NULL, NULL, NULL);
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_CIRCLE, 1 }, FALSE);
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, -1, &lane, NULL, NULL, NULL);
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_CIRCLE, 2 }, TRUE);
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, -1, &with_pair, NULL, NULL, NULL);
  g_assert_cmpint (lane, >, alone);
  g_assert_cmpint (with_pair - alone, ==, 2 * (lane - alone));
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_CIRCLE, -1 }, FALSE);
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, -1, &lane, NULL, NULL, NULL);
  g_assert_cmpint (lane, ==, alone);
  g_object_unref (plot);
}

static void
test_recording_plot_columns (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed001-balls-in-box.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 400);

  /* Column x of c over s states starts at floor(x s / c); x is clamped
   * (599 · 1201 / 600 = 1198.998). */
  g_assert_cmpint (imp_series_column_state (1201, 600, 300), ==, 600);
  g_assert_cmpint (imp_series_column_state (1201, 600, -5), ==, 0);
  g_assert_cmpint (imp_series_column_state (1201, 600, 10000), ==, 1198);
  g_assert_cmpint (imp_series_column_state (0, 600, 10), ==, 0);

  enum { STATES = 400, WIDE = STATES, NARROW = STATES / 4 };
  ImpSeriesRange *one = g_new (ImpSeriesRange, WIDE * IMP_N_SERIES);
  ImpSeriesRange *four = g_new (ImpSeriesRange, NARROW * IMP_N_SERIES);
  PhysTimeline *tl = imp_session_lock (session);
  imp_series_columns (tl, STATES, WIDE, one);
  imp_series_columns (tl, STATES, NARROW, four);
  guint64 events = 0, events_wide = 0;
  double e_lo = INFINITY, e_hi = -INFINITY;
  for (int k = 0; k < STATES; k++)
    {
      PhysFrameSummary s = phys_timeline_summary (tl, k);
      events += s.n_events;
      /* One column a state: the column is that state's values exactly. */
      const ImpSeriesRange *c = one + k * IMP_N_SERIES;
      g_assert_cmpfloat (c[IMP_SERIES_TOTAL_ENERGY].lo, ==, s.energy.total);
      g_assert_cmpfloat (c[IMP_SERIES_TOTAL_ENERGY].hi, ==, s.energy.total);
      g_assert_cmpfloat (c[IMP_SERIES_KINETIC].hi, ==, s.energy.kinetic);
      g_assert_cmpfloat (c[IMP_SERIES_MOMENTUM].lo, ==,
                         hypot (s.energy.momentum.x, s.energy.momentum.y));
      g_assert_cmpfloat (c[IMP_SERIES_EVENTS].hi, ==, s.n_events);
      events_wide += (guint64) c[IMP_SERIES_EVENTS].hi;
      e_lo = MIN (e_lo, s.energy.total);
      e_hi = MAX (e_hi, s.energy.total);
    }
  g_assert_cmpuint (events_wide, ==, events);
  g_assert_cmpuint (events, >, 20);
  /* Four states a column: its range is the range of its four states. */
  for (int x = 0; x < NARROW; x++)
    for (int series = 0; series < IMP_N_SERIES; series++)
      {
        double lo = INFINITY, hi = -INFINITY;
        for (int k = 4 * x; k < 4 * x + 4; k++)
          {
            lo = MIN (lo, one[k * IMP_N_SERIES + series].lo);
            hi = MAX (hi, one[k * IMP_N_SERIES + series].hi);
          }
        g_assert_cmpfloat (four[x * IMP_N_SERIES + series].lo, ==, lo);
        g_assert_cmpfloat (four[x * IMP_N_SERIES + series].hi, ==, hi);
      }
  imp_session_unlock (session);
  /* Fifteen balls bouncing elastically in a box: the energy lane is flat to
   * rounding, which is what the lane shows (it says the plotted range). */
  g_assert_cmpfloat ((e_hi - e_lo) / e_hi, <, 1e-12);
  g_free (one);
  g_free (four);
}

static void
record_hit (ImpSession *session, gint64 frame, gint64 *hit)
{
  *hit = frame;
}

/* Plays from the playhead in quarter seconds until the breakpoint pauses it
 * (returns the frame) or the recording's end (returns -1). */
static gint64
play_to_break (ImpSession *session, gint64 *hit)
{
  *hit = -1;
  imp_session_set_playing (session, TRUE);
  while (imp_session_get_playing (session)
         && imp_session_get_frame (session) < imp_session_get_length (session))
    imp_session_advance (session, 0.25);
  imp_session_set_playing (session, FALSE);
  return *hit;
}

/* Seed 001's fifteen balls recorded to 600 frames; *hit gets each breakpoint's frame. */
static ImpSession *
balls_with_breakpoints (gint64 *hit)
{
  ImpSession *session = imp_session_new ();
  g_autofree char *path = scene ("seed001-balls-in-box.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 600);
  g_signal_connect (session, "breakpoint-hit", G_CALLBACK (record_hit), hit);
  return session;
}

/* A body's breakpoint follows the body by name: after an earlier ball is
 * removed (which renumbers the later ones) it still pauses on ball-06's events,
 * not on those of the ball that took its index. */
static void
test_breakpoint_after_removal (void)
{
  gint64 hit = -1;
  g_autoptr (ImpSession) session = balls_with_breakpoints (&hit);
  g_autoptr (GError) error = NULL;
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef ball;
  g_assert_true (phys_world_find (view.world, "ball-06", &ball));
  imp_session_select_body (session, ball, FALSE);
  g_autofree char *said = NULL;
  g_assert_true (imp_breakpoint_apply (session, "selection", &said, &error));

  PhysEdit remove = phys_edit_init (PHYS_EDIT_REMOVE_CIRCLE, "ball-01");
  g_assert_true (imp_session_apply_edit (session, &remove, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (session, 600);
  for (int i = 0; i < 3; i++)
    {
      gint64 frame = play_to_break (session, &hit);
      if (i == 0)
        g_assert_cmpint (frame, >=, 0);
      if (frame < 0)
        break;
      imp_session_get_view (session, &view);
      g_assert_nonnull (view.selected);
      PhysBodyRef a = { PHYS_BODY_CIRCLE, view.selected->a };
      PhysBodyRef b = { view.selected->b_kind, view.selected->b };
      const char *names[] = { phys_world_body_name (view.world, a),
                              view.selected->b >= 0 ? phys_world_body_name (view.world, b) : "" };
      g_assert_true (g_str_equal (names[0], "ball-06") || g_str_equal (names[1], "ball-06"));
    }
}

static void
test_breakpoints (void)
{
  gint64 hit = -1;
  g_autoptr (ImpSession) session = balls_with_breakpoints (&hit);
  g_autoptr (GError) error = NULL;
  g_autofree char *said = NULL;

  /* Refused: a name it does not know; a body breakpoint with nothing selected. */
  g_assert_false (imp_breakpoint_apply (session, "sometimes", &said, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (imp_breakpoint_apply (session, "selection", &said, &error));
  g_assert_nonnull (strstr (error->message, "Select a body first"));
  g_clear_error (&error);
  g_assert_false (imp_session_get_breakpoint (session, NULL));
  const char *bad_thresholds[] = { "energy-", "energy-0", "energy-150", "energy-x", "energy5",
                                   "energy-nan" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad_thresholds); i++)
    {
      g_assert_false (imp_breakpoint_apply (session, bad_thresholds[i], &said, &error));
      g_assert_nonnull (strstr (error->message, "a percentage above 0 and at most 100"));
      g_clear_error (&error);
    }
  g_assert_false (imp_session_get_breakpoint (session, NULL));

  /* Every kind of event has its breakpoint. */
  const struct
  {
    const char *name;
    PhysEventKind kind;
  } kinds[] = { { "circle-circle", PHYS_EVENT_CIRCLE_CIRCLE },
                { "circle-segment", PHYS_EVENT_CIRCLE_SEGMENT },
                { "probe-segment", PHYS_EVENT_PROBE_SEGMENT },
                { "embedded", PHYS_EVENT_EMBEDDED } };
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      PhysTimelineQuery q;
      g_assert_true (imp_breakpoint_apply (session, kinds[i].name, &said, &error));
      g_clear_pointer (&said, g_free);
      g_assert_true (imp_session_get_breakpoint (session, &q));
      g_assert_cmpuint (q.kinds, ==, 1u << kinds[i].kind);
    }
  g_assert_true (imp_breakpoint_apply (session, "none", &said, &error));
  g_clear_pointer (&said, g_free);

  /* The energy threshold chosen: a tenth of a percent. */
  PhysTimelineQuery energy;
  g_assert_true (imp_breakpoint_apply (session, "energy-0.1", &said, &error));
  g_assert_cmpstr (said, ==, "Playback pauses where the total energy changes by more than 0.1 % "
                             "in a frame");
  g_clear_pointer (&said, g_free);
  g_assert_true (imp_session_get_breakpoint (session, &energy));
  g_assert_cmpfloat (energy.energy_change, ==, 0.001);
  g_assert_true (imp_breakpoint_apply (session, "energy", &said, &error));
  g_clear_pointer (&said, g_free);
  g_assert_true (imp_session_get_breakpoint (session, &energy));
  g_assert_cmpfloat (energy.energy_change, ==, 0.01);
  g_assert_true (imp_breakpoint_apply (session, "none", &said, &error));
  g_clear_pointer (&said, g_free);

  /* Two circles colliding: playback stops on each such frame in turn, just
   * before the response, the event selected. */
  g_assert_true (imp_breakpoint_apply (session, "circle-circle", &said, &error));
  g_assert_cmpstr (said, ==, "Playback pauses when two circles collide");
  g_clear_pointer (&said, g_free);
  PhysTimelineQuery circles = { 0 };
  circles.kinds = 1u << PHYS_EVENT_CIRCLE_CIRCLE;
  gint64 expected = -1;
  for (int i = 0; i < 3; i++)
    {
      PhysTimeline *tl = imp_session_lock (session);
      expected = phys_timeline_find (tl, expected, 1, &circles);
      imp_session_unlock (session);
      g_assert_cmpint (expected, >=, 0);
      g_assert_cmpint (play_to_break (session, &hit), ==, expected);
      g_assert_cmpint (imp_session_get_frame (session), ==, expected);
      g_assert_cmpint (imp_session_get_stop (session), ==, 1);
      ImpSessionView view;
      imp_session_get_view (session, &view);
      g_assert_nonnull (view.selected);
      g_assert_cmpint (view.selected->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
    }

  /* A selected body: only its events. */
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef ball;
  g_assert_true (phys_world_find (view.world, "ball-06", &ball));
  imp_session_select_body (session, ball, FALSE);
  g_assert_true (imp_breakpoint_apply (session, "selection", &said, &error));
  g_assert_cmpstr (said, ==, "Playback pauses on every event of ball-06");
  g_clear_pointer (&said, g_free);
  PhysTimelineQuery of_ball = { 0 };
  of_ball.match_body = true;
  of_ball.body = ball;
  imp_session_set_frame (session, 0);
  PhysTimeline *tl = imp_session_lock (session);
  expected = phys_timeline_find (tl, -1, 1, &of_ball);
  gint64 after = phys_timeline_find (tl, expected, 1, &of_ball);
  imp_session_unlock (session);
  g_assert_cmpint (expected, >=, 0);
  g_assert_cmpint (play_to_break (session, &hit), ==, expected);
  if (after >= 0 && after < imp_session_get_length (session))
    g_assert_cmpint (play_to_break (session, &hit), ==, after);

  /* None: playback runs to the end of what is recorded. */
  g_assert_true (imp_breakpoint_apply (session, "none", &said, &error));
  g_clear_pointer (&said, g_free);
  g_assert_false (imp_session_get_breakpoint (session, NULL));
  imp_session_set_frame (session, 0);
  g_assert_cmpint (play_to_break (session, &hit), ==, -1);
  g_assert_cmpint (imp_session_get_frame (session), >=, 600);
}


/* A lesson opens in the panel beside the canvas and its actions drive it; a
 * scene opened afterwards leaves the lesson and hides the panel. */
static void
test_window_lesson (void)
{
  ImpWindow *window = imp_window_new (NULL);
  g_autofree char *lesson
      = g_test_build_filename (G_TEST_DIST, "data", "lessons", "two-circles.json", NULL);
  ImpLessonPlayer *player = imp_window_get_lesson_player (window);
  ImpSession *session = imp_window_get_session (window);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (imp_window_open (window, lesson));
  g_assert_nonnull (imp_lesson_player_get_lesson (player));
  GtkWidget *panel = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_PANEL, 0);
  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_visible (panel));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-next", NULL);
  g_assert_cmpuint (imp_lesson_player_get_step (player), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-show-me", NULL);
  g_assert_cmpint (imp_session_get_frame (session), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-next", NULL);
  g_assert_cmpuint (imp_lesson_player_get_step (player), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-back", NULL);
  g_assert_cmpuint (imp_lesson_player_get_step (player), ==, 0);

  g_autofree char *path = scene ("seed001-head-on.json");
  g_assert_true (imp_window_open (window, path));
  g_assert_null (imp_lesson_player_get_lesson (player));
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_true (imp_window_open (window, lesson));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-lesson", NULL);
  g_assert_null (imp_lesson_player_get_lesson (player));
  g_assert_false (gtk_widget_get_visible (panel));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* While a lesson keeps answers back the export dialog draws and writes
 * nothing, and says why; answered, it works again. */
static void
test_export_kept_back (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = scene ("seed001-balls-in-box.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_session_set_concealed (session, TRUE);
  ImpExportDialog *dialog = imp_export_dialog_new (NULL, session);
  GtkWidget *export;
  GtkLabel *problem = imp_export_dialog_get_problem (dialog, &export);
  g_assert_false (gtk_widget_get_sensitive (export));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (problem),
                                   "The lesson keeps some numbers back"));
  imp_session_set_concealed (session, FALSE);
  g_assert_true (gtk_widget_get_sensitive (export));
  g_assert_cmpstr (gtk_label_get_text (problem), ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      /* No display: nothing here can run (CI runs this under xvfb-run). */
      g_test_skip ("no display");
      return g_test_run ();
    }
  adw_init ();
  g_test_add_func ("/ui/session/load-and-step", test_session_load_and_step);
  g_test_add_func ("/ui/session/bad-file", test_session_bad_file);
  g_test_add_func ("/ui/session/loop", test_session_loop);
  g_test_add_func ("/ui/session/pair", test_session_pair);
  g_test_add_func ("/ui/inspector/text", test_inspector_text);
  g_test_add_func ("/ui/session/edit-undo-save", test_session_edit_undo_save);
  g_test_add_func ("/ui/window/actions", test_window_actions);
  g_test_add_func ("/ui/window/lesson", test_window_lesson);
  g_test_add_func ("/ui/bookmarks/list", test_bookmark_list);
  g_test_add_func ("/ui/recording-plot/columns", test_recording_plot_columns);
  g_test_add_func ("/ui/recording-plot/bodies", test_recording_plot_bodies);
  g_test_add_func ("/ui/session/breakpoints", test_breakpoints);
  g_test_add_func ("/ui/export-dialog/kept-back", test_export_kept_back);
  g_test_add_func ("/ui/session/breakpoint-after-removal", test_breakpoint_after_removal);
  return g_test_run ();
}
