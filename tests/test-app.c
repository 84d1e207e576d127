/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app.c: the window, its actions and the views, on a real display
 * (run under xvfb-run in CI). */
#include <adwaita.h>
#include <glib/gstdio.h>

#include "imp-bookmark-list.h"
#include "imp-breakpoints.h"
#include "imp-export-dialog.h"
#include "imp-inspector.h"
#include "imp-lesson-list.h"
#include "imp-lesson-panel.h"
#include "imp-lesson-player.h"
#include "imp-lesson.h"
#include "imp-recording-plot.h"
#include "imp-session.h"
#include "imp-window.h"
#include "test-ui-util.h"
#include "test-util.h"

/* The inspector says what is selected: nothing, then an event's card. */
static void
test_inspector_text (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
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
  g_autofree char *path = imp_test_scene_path ("seed001-head-on.json");
  g_assert_true (imp_window_open (window, path));
  ImpSession *session = imp_window_get_session (window);
  ImpViewOptions *options = imp_session_get_view_options (session);
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
  g_assert_true (imp_view_options_get_overlays (options) & IMP_OVERLAY_VELOCITY);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "overlay-velocity",
                                      g_variant_new_boolean (FALSE));
  g_assert_false (imp_view_options_get_overlays (options) & IMP_OVERLAY_VELOCITY);

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
  g_autofree char *path = imp_test_scene_path ("seed001-balls-in-box.json");
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

/* A straight replay of frames frames from the recording's first state, whose
 * every state is the recording's (asserted by hash). */
static PhysTimeline *
replay_of (ImpRecording *recording, gint64 frames)
{
  g_autoptr (PhysWorld) start = imp_recording_seek (recording, 0);
  PhysTimeline *replay = imp_test_replay (start, frames);
  gint64 n;
  const PhysFrameSummary *summaries = imp_recording_get_summaries (recording, &n);
  g_assert_cmpint (n, >, frames);
  for (gint64 k = 0; k <= frames; k++)
    g_assert_cmpuint (phys_timeline_summary (replay, k).hash, ==, summaries[k].hash);
  return replay;
}

/* Each circle's energy in the first 600 states of seed 004's orbit, replayed in tl. */
static void
check_body_energies (PhysTimeline *tl, gpointer data)
{
  enum { STATES = 600 };
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
  g_free (values);
}

/* The per-circle lanes of seed 004's orbit: each state's value is the circle's
 * share of the energy in that state, the shares add up to the world's total,
 * and Euler's planet drifts far more than semi-implicit Euler's. */
static void
test_recording_plot_bodies (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed004-orbit.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 600);
  PhysTimeline *replay = replay_of (imp_session_get_recording (session), 600);
  check_body_energies (replay, NULL);
  phys_timeline_free (replay);

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

/* The plot's columns of every series over the first states of tl, as the plot
 * splits the recording's series (out[x * IMP_N_SERIES + series]). */
static void
series_columns (PhysTimeline *tl, gint64 states, int columns, ImpSeriesRange *out)
{
  g_autofree double *values = g_new (double, states);
  g_autofree ImpSeriesRange *one = g_new (ImpSeriesRange, columns);
  for (int series = 0; series < IMP_N_SERIES; series++)
    {
      for (gint64 k = 0; k < states; k++)
        {
          PhysFrameSummary summary = phys_timeline_summary (tl, k);
          values[k] = imp_series_value (&summary, series);
        }
      imp_series_value_columns (values, states, states, columns, one);
      for (int x = 0; x < columns; x++)
        out[x * IMP_N_SERIES + series] = one[x];
    }
}

/* The columns of seed 001's balls in a box over 400 states, one and four states a
 * column, replayed in tl. */
static void
check_series_columns (PhysTimeline *tl, gpointer data)
{
  enum { STATES = 400, WIDE = STATES, NARROW = STATES / 4 };
  ImpSeriesRange *one = g_new (ImpSeriesRange, WIDE * IMP_N_SERIES);
  ImpSeriesRange *four = g_new (ImpSeriesRange, NARROW * IMP_N_SERIES);
  series_columns (tl, STATES, WIDE, one);
  series_columns (tl, STATES, NARROW, four);
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
  /* Fifteen balls bouncing elastically in a box: the energy lane is flat to
   * rounding, which is what the lane shows (it says the plotted range). */
  g_assert_cmpfloat ((e_hi - e_lo) / e_hi, <, 1e-12);
  g_free (one);
  g_free (four);
}

static void
test_recording_plot_columns (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed001-balls-in-box.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 400);

  /* Column x of c over s states starts at floor(x s / c); x is clamped
   * (599 · 1201 / 600 = 1198.998). */
  g_assert_cmpint (imp_series_column_state (1201, 600, 300), ==, 600);
  g_assert_cmpint (imp_series_column_state (1201, 600, -5), ==, 0);
  g_assert_cmpint (imp_series_column_state (1201, 600, 10000), ==, 1198);
  g_assert_cmpint (imp_series_column_state (0, 600, 10), ==, 0);

  PhysTimeline *replay = replay_of (imp_session_get_recording (session), 400);
  check_series_columns (replay, NULL);
  phys_timeline_free (replay);
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

  g_autofree char *path = imp_test_scene_path ("seed001-head-on.json");
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
  ImpViewOptions *options = imp_session_get_view_options (session);
  g_autofree char *path = imp_test_scene_path ("seed001-balls-in-box.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_view_options_set_concealed (options, TRUE);
  ImpExportDialog *dialog = imp_export_dialog_new (NULL, session);
  GtkWidget *export;
  GtkLabel *problem = imp_export_dialog_get_problem (dialog, &export);
  g_assert_false (gtk_widget_get_sensitive (export));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (problem),
                                   "The lesson keeps some numbers back"));
  imp_view_options_set_concealed (options, FALSE);
  g_assert_true (gtk_widget_get_sensitive (export));
  g_assert_cmpstr (gtk_label_get_text (problem), ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The dialog's controls are the command line's options: a control is sensitive when
 * its option suits the format (the table of imp-export-options.h), and the options it
 * makes are those the parser reads from them. */
static void
test_export_dialog_follows_table (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  /* Frames 0 to 2 recorded: the strobe of frame 0 reaches two frames ahead. */
  imp_test_wait_for_length (session, 3);
  ImpExportDialog *dialog = imp_export_dialog_new (NULL, session);
  GtkDropDown *what
      = GTK_DROP_DOWN (imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, 0));
  GtkDropDown *format
      = GTK_DROP_DOWN (imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, 1));
  GtkWidget *background = imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, 2);
  GtkWidget *table = imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, 6);
  GtkWidget *title = imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, 0);
  ImpExportOptions o;

  /* A PNG strobe: figure options on, the data table off. */
  gtk_drop_down_set_selected (format, 2);
  gtk_drop_down_set_selected (what, 1);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (background), 1);
  g_assert_true (gtk_widget_get_sensitive (title));
  g_assert_true (gtk_widget_get_sensitive (background));
  g_assert_false (gtk_widget_get_sensitive (table));
  g_assert_true (imp_export_dialog_get_options (dialog, &o, &error));
  g_assert_no_error (error);
  g_assert_cmpint (o.format, ==, IMP_EXPORT_FORMAT_PNG);
  g_assert_cmpint (o.kind, ==, IMP_EXPORT_KIND_STROBE);
  g_assert_cmpint (o.frame, ==, 0);
  g_assert_cmpint (o.first, ==, 0);
  g_assert_cmpint (o.last, ==, 2);
  g_assert_cmpint (o.background, ==, IMP_EXPORT_BACKGROUND_DARK);

  /* CSV: the frames of the strobe as data; figure options off, the table on. */
  gtk_drop_down_set_selected (format, 3);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (table), 1);
  g_assert_false (gtk_widget_get_sensitive (title));
  g_assert_false (gtk_widget_get_sensitive (background));
  g_assert_true (gtk_widget_get_sensitive (table));
  g_assert_true (imp_export_dialog_get_options (dialog, &o, &error));
  g_assert_cmpint (o.format, ==, IMP_EXPORT_FORMAT_CSV);
  g_assert_cmpint (o.kind, ==, IMP_EXPORT_KIND_EVENTS);
  g_assert_cmpint (o.first, ==, 0);
  g_assert_cmpint (o.last, ==, 2);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The dialog's "Separating axes" follows the canvas: inside a rigid event's test stepped with
 * Down to axis 3 it is on "As stepped" and exports --sat-axis 3; "All axes" draws the whole
 * test; stepped back out of the test, it has nothing to choose and is greyed out.
 * tests/data/cli/sat-figure.json. */
static void
test_export_dialog_sat_axis (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "cli", "sat-figure.json",
                                                 NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 3);
  g_assert_true (imp_session_jump_event (session, 1));
  ImpExportDialog *dialog = imp_export_dialog_new (NULL, session);
  GtkDropDown *axes
      = GTK_DROP_DOWN (imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, 5));
  ImpExportOptions o;
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (axes)));
  g_assert_cmpuint (gtk_drop_down_get_selected (axes), ==, 0);

  for (int k = 0; k < 3; k++)
    imp_session_step_into (session, 1);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (axes)));
  g_assert_cmpuint (gtk_drop_down_get_selected (axes), ==, 1);
  g_assert_true (imp_export_dialog_get_options (dialog, &o, &error));
  g_assert_no_error (error);
  g_assert_cmpint (o.sat_axis, ==, 3);
  g_assert_cmpint (o.moment, ==, IMP_EXPORT_AT_BEFORE);
  gtk_drop_down_set_selected (axes, 0);
  g_assert_true (imp_export_dialog_get_options (dialog, &o, &error));
  g_assert_cmpint (o.sat_axis, ==, 0);

  /* Up three times: back at the whole test. */
  for (int k = 0; k < 3; k++)
    imp_session_step_into (session, -1);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (axes)));
  g_assert_true (imp_export_dialog_get_options (dialog, &o, &error));
  g_assert_cmpint (o.sat_axis, ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Finishing a course lesson says so and offers the next one, the Lessons list shows
 * it finished; the style chosen in the main menu is applied and kept. */
static void
test_window_finish_and_style (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  g_settings_reset (settings, "lesson-progress");
  ImpWindow *window = imp_window_new (NULL);
  ImpLessonPlayer *player = imp_window_get_lesson_player (window);
  g_auto (GStrv) course = imp_lesson_list_shipped ();
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (imp_window_open (window, course[0]));
  g_autofree char *last = g_settings_get_string (settings, "last-opened");
  g_assert_cmpstr (last, ==, course[0]);
  const ImpLesson *lesson = imp_lesson_player_get_lesson (player);
  guint n = imp_lesson_n_steps (lesson);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (imp_lesson_player_get_step (player), ==, i);
      if (!imp_lesson_player_get_reached (player))
        gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-show-me", NULL);
      g_assert_true (imp_lesson_player_get_reached (player));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-next", NULL);
    }
  g_assert_cmpint (imp_lesson_progress_get (settings, "tunneling"), ==, (int) n);
  ImpLessonList *list = IMP_LESSON_LIST (
      imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_LIST, 0));
  g_autofree char *progress = imp_lesson_list_dup_progress_text (list, 0);
  g_assert_cmpstr (progress, ==, "Finished \u2713");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-lesson", NULL);
  g_assert_cmpstr (imp_lesson_player_get_lesson (player)->id, ==, "swept-quadratic");

  /* Style: dark, kept in the settings; then back to following the system. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.style", "s", "dark");
  g_autofree char *style = g_settings_get_string (settings, "style");
  g_assert_cmpstr (style, ==, "dark");
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.style", "s", "system");
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "lesson-progress");
  g_settings_reset (settings, "last-opened");
}

static gboolean
action_on (ImpWindow *window, const char *action)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), action);
  return g_variant_get_boolean (state);
}

/* The window's size and the overlays are kept in the settings as they change, and a
 * new window starts from them; a closed window saves no more. */
static void
test_window_preferences (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  static const char *const keys[]
      = { "canvas-overlays", "window-width", "window-height", "window-maximized" };
  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);

  /* The schema's default: what a new canvas shows, and the ghost branch (drawn once
   * there is one). */
  ImpOverlays first = IMP_OVERLAY_DEFAULT | IMP_OVERLAY_GHOST_BRANCH;
  g_assert_cmpuint (g_settings_get_flags (settings, "canvas-overlays"), ==, first);
  ImpWindow *window = imp_window_new (NULL);
  ImpSession *session = g_object_ref (imp_window_get_session (window));
  ImpViewOptions *options = imp_session_get_view_options (session);
  int width, height;
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1200);
  g_assert_cmpint (height, ==, 800);
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==, first);
  g_assert_true (action_on (window, "overlay-ghost-branch"));
  g_assert_false (action_on (window, "overlay-relative-velocity"));

  /* A toggle changes the session's overlays, and the settings with them. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "overlay-relative-velocity",
                                      g_variant_new_boolean (TRUE));
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==,
                    first | IMP_OVERLAY_RELATIVE_VELOCITY);
  g_assert_cmpuint (g_settings_get_flags (settings, "canvas-overlays"), ==,
                    first | IMP_OVERLAY_RELATIVE_VELOCITY);
  /* Whoever sets the overlays (a lesson's step), the toggles follow. */
  imp_view_options_set_overlays (options, IMP_OVERLAY_IDS | IMP_OVERLAY_TRAILS);
  g_assert_true (action_on (window, "overlay-ids"));
  g_assert_true (action_on (window, "overlay-trails"));
  g_assert_false (action_on (window, "overlay-relative-velocity"));
  g_assert_false (action_on (window, "overlay-velocity"));
  g_assert_cmpuint (g_settings_get_flags (settings, "canvas-overlays"), ==,
                    IMP_OVERLAY_IDS | IMP_OVERLAY_TRAILS);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 650);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 650);
  /* Gone (an idle may hold it a moment longer), it leaves the session it had unbound. */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (window));
  while (window != NULL)
    g_main_context_iteration (NULL, TRUE);
  imp_view_options_set_overlays (options, IMP_OVERLAY_ALL);
  g_assert_cmpuint (g_settings_get_flags (settings, "canvas-overlays"), ==,
                    IMP_OVERLAY_IDS | IMP_OVERLAY_TRAILS);
  g_object_unref (session);

  window = imp_window_new (NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 650);
  options = imp_session_get_view_options (imp_window_get_session (window));
  g_assert_cmpuint (imp_view_options_get_overlays (options), ==,
                    IMP_OVERLAY_IDS | IMP_OVERLAY_TRAILS);
  gtk_window_destroy (GTK_WINDOW (window));
  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
}

/* The export dialog keeps its title and options between exports: closed and opened
 * again, it is the same dialog with what was chosen. */
static void
test_window_export_dialog_keeps_choices (void)
{
  ImpWindow *window = imp_window_new (NULL);
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (imp_window_open (window, path));
  imp_test_wait_for_length (imp_window_get_session (window), 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL);
  GtkWindow *dialog = NULL;
  /* The toplevels list is GTK's own (transfer none): not ours to unref. */
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);
      if (IMP_IS_EXPORT_DIALOG (item))
        dialog = GTK_WINDOW (item);
    }
  g_assert_nonnull (dialog);
  GtkWidget *title = imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, 0);
  GtkWidget *scale = imp_test_nth_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, 4);
  gtk_editable_set_text (GTK_EDITABLE (title), "Seed 000, the swept test");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (scale), 1);
  gtk_window_close (dialog);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (title)), ==, "Seed 000, the swept test");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (scale)), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window with nothing open (its first file failed to load) says what to do: open a
 * file or start a lesson; once a scene opens, the canvas takes its place. */
static void
test_window_empty_state (void)
{
  ImpWindow *window = imp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "scenes",
                                                "bad-unknown-key.json", NULL);
  g_assert_false (imp_window_open (window, bad));
  GtkWidget *page = imp_test_nth_widget (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE, 0);
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (page, GTK_TYPE_STACK));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (page)), ==, "Nothing Open");
  /* The whole error, which a toast would cut, with where it is. */
  const char *said = adw_status_page_get_description (ADW_STATUS_PAGE (page));
  g_autofree char *where = g_strdup_printf ("%s:", bad);
  g_assert_true (g_str_has_prefix (said, where));
  g_assert_nonnull (strstr (said, "error: unknown key"));
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  imp_test_collect_widgets (page, GTK_TYPE_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, ==, 2);
  g_assert_cmpstr (gtk_actionable_get_action_name (buttons->pdata[0]), ==, "win.open");
  g_assert_cmpstr (gtk_actionable_get_action_name (buttons->pdata[1]), ==, "win.lessons");

  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_window_open (window, path));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "scene");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  imp_test_init_display ();
  imp_test_add_display_func ("/ui/inspector/text", test_inspector_text);
  imp_test_add_display_func ("/ui/window/actions", test_window_actions);
  imp_test_add_display_func ("/ui/window/lesson", test_window_lesson);
  imp_test_add_display_func ("/ui/window/finish-and-style", test_window_finish_and_style);
  imp_test_add_display_func ("/ui/window/empty-state", test_window_empty_state);
  imp_test_add_display_func ("/ui/export-dialog/follows-the-table",
                             test_export_dialog_follows_table);
  imp_test_add_display_func ("/ui/export-dialog/separating-axes-follow-the-canvas",
                             test_export_dialog_sat_axis);
  imp_test_add_display_func ("/ui/window/preferences", test_window_preferences);
  imp_test_add_display_func ("/ui/window/export-dialog-keeps-choices",
                             test_window_export_dialog_keeps_choices);
  imp_test_add_display_func ("/ui/bookmarks/list", test_bookmark_list);
  imp_test_add_display_func ("/ui/recording-plot/columns", test_recording_plot_columns);
  imp_test_add_display_func ("/ui/recording-plot/bodies", test_recording_plot_bodies);
  imp_test_add_display_func ("/ui/export-dialog/kept-back", test_export_kept_back);
  return g_test_run ();
}
