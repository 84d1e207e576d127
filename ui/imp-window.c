/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-window.c: the main window. Actions are named for what they drive and are
 * enabled from the session's state; accelerators live on the application. */
#include "imp-window.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-bookmark-list.h"
#include "imp-breakpoints.h"
#include "imp-canvas.h"
#include "imp-conceal.h"
#include "imp-course.h"
#include "imp-export-dialog.h"
#include "imp-inspector.h"
#include "imp-lesson-editor.h"
#include "imp-lesson-list.h"
#include "imp-lesson-panel.h"
#include "imp-lesson-player.h"
#include "imp-lesson.h"
#include "imp-recording-plot.h"
#include "imp-timeline-bar.h"
#include "imp-world-actions.h"
#include "impulse-ui-resources.h"

struct _ImpWindow
{
  AdwApplicationWindow parent_instance;

  ImpSession *session;
  GSettings *settings;      /* NULL when the schema is not installed */
  ImpExportDialog *export_dialog; /* kept between exports, with its choices */
  gint64 last_tick_us;

  AdwWindowTitle *window_title;
  AdwToastOverlay *toasts;
  ImpCanvas *canvas;
  GtkButton *play_button;
  GtkDropDown *speed;
  GtkLabel *position;
  ImpTimelineBar *timeline_bar;
  ImpInspector *inspector;
  ImpBookmarkList *bookmark_list;
  GtkToggleButton *inspector_button;
  GtkToggleButton *plots_button;
  ImpRecordingPlot *recording_plot;
  ImpLessonPlayer *player;
  ImpLessonPanel *lesson_panel;
  GtkWidget *lesson_separator;
  GtkMenuButton *lessons_button;
  AdwFlap *lesson_flap;          /* the lesson panel beside (or over) the canvas */
  AdwFlap *inspector_flap;       /* the inspector beside (or over) the canvas */
  GtkToggleButton *lesson_button;
  guint fit_panels_id;           /* an idle that folds the side panels to the width */
  GtkShortcutTrigger **playback_triggers; /* parsed playback_keys */
  char *halt_shown;         /* the divergence last told in a toast, so it is told once */
  GtkWidget *header_bar;
  GtkWidget *transport;
  GtkStack *main_stack;     /* "empty" with nothing open, else "scene" */
  AdwStatusPage *empty_page;
  ImpLessonList *lesson_list;
  ImpLessonEditor *lesson_editor;
};

G_DEFINE_FINAL_TYPE (ImpWindow, imp_window, ADW_TYPE_APPLICATION_WINDOW)

static const double speeds[] = { 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0 };

/* The overlay toggles are the actions "overlay-NAME", one for each overlay's name
 * (imp-overlays.h). */
#define OVERLAY_ACTION_PREFIX "overlay-"

static void toast_message (ImpWindow *self, const char *message);

static void
update_position (ImpWindow *self)
{
  gint64 frame = imp_session_get_frame (self->session);
  gint64 length = imp_session_get_length (self->session);
  g_autofree char *text = imp_conceal_position_text (self->session);
  /* A recording whose last frame diverged ends there: say why where the playhead stops. */
  g_autofree char *halt = frame >= length ? imp_session_dup_halt_message (self->session) : NULL;
  if (halt != NULL)
    {
      g_autofree char *plain = g_steal_pointer (&text);
      text = g_strdup_printf ("%s\ndiverged", plain);
      if (g_strcmp0 (halt, self->halt_shown) != 0)
        toast_message (self, halt);
      g_free (self->halt_shown);
      self->halt_shown = g_strdup (halt);
    }
  gtk_label_set_text (self->position, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->position), halt);

  gboolean playing = imp_session_get_playing (self->session);
  gtk_button_set_icon_name (self->play_button, playing ? "media-playback-pause-symbolic"
                                                       : "media-playback-start-symbolic");
  gboolean at_start = frame == 0 && imp_session_get_stop (self->session) == 0;
  static const char *const back[] = { "win.step-back", "win.step-back-10", "win.previous-event",
                                      "win.home", "win.step-into-back" };
  for (gsize i = 0; i < G_N_ELEMENTS (back); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), back[i], !at_start);
  gboolean at_end = frame >= length;
  static const char *const ahead[] = { "win.step-forward", "win.step-forward-10", "win.end" };
  for (gsize i = 0; i < G_N_ELEMENTS (ahead); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), ahead[i], !at_end);
}

static void
update_title (ImpWindow *self)
{
  const char *title = imp_session_get_title (self->session);
  adw_window_title_set_title (self->window_title, title != NULL ? title : "Impulse");
  const char *path = imp_session_get_path (self->session);
  /* What ships inside the app has no file a learner could find: name it so. */
  g_autofree char *shipped = path != NULL && g_str_has_prefix (path, "resource://")
                                 ? g_path_get_basename (path)
                                 : NULL;
  g_autofree char *subtitle
      = shipped != NULL ? g_strdup_printf (_("%s, built into Impulse"), shipped) : NULL;
  adw_window_title_set_subtitle (self->window_title,
                                 subtitle != NULL ? subtitle : path != NULL ? path : "");
  /* With nothing open, say what to do instead of showing an empty canvas. */
  gboolean open = title != NULL || path != NULL;
  gtk_stack_set_visible_child_name (self->main_stack, open ? "scene" : "empty");
  gtk_widget_set_sensitive (self->transport, open);
  gtk_widget_set_sensitive (GTK_WIDGET (self->timeline_bar), open);
}

static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  ImpWindow *self = IMP_WINDOW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  if (self->last_tick_us > 0 && imp_session_get_playing (self->session))
    imp_session_advance (self->session, (now - self->last_tick_us) / 1e6);
  self->last_tick_us = now;
  return G_SOURCE_CONTINUE;
}

static void
speed_selected (ImpWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->speed);
  if (i < G_N_ELEMENTS (speeds))
    imp_session_set_speed (self->session, speeds[i]);
}

static void
toast_message (ImpWindow *self, const char *message)
{
  /* A toast's title is markup; a file name or a body's name may hold '&' or '<'. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
toast_error (ImpWindow *self, const GError *error)
{
  toast_message (self, error->message);
  /* With nothing open the whole message fits on the empty page, where a toast
   * would cut it. */
  g_autofree char *said = g_strdup_printf (_("%s\n\nOpen a scene, a session or a lesson file, "
                                             "or start a lesson of the course."),
                                           error->message);
  adw_status_page_set_description (self->empty_page, said);
}

/* The side panels stand beside the canvas while it keeps at least
 * CANVAS_BESIDE_PX (CANVAS_BESIDE_LESSON_PX beside the lesson panel, which
 * then takes less than a third of the window); narrower, each folds over the
 * canvas (the inspector first) and its header toggle brings it back. AdwFlap's
 * own rule (fold when the minimum widths do not fit) would never fold the
 * lesson panel: the header is wider than the panels' minimum widths. */
#define CANVAS_BESIDE_PX 480
#define CANVAS_BESIDE_LESSON_PX 600

static int
min_width (gpointer widget)
{
  int width = 0;
  gtk_widget_measure (GTK_WIDGET (widget), GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL,
                      NULL);
  return width;
}

static gboolean
fit_panels (gpointer data)
{
  ImpWindow *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height;

  self->fit_panels_id = 0;
  if (self->session == NULL)
    return G_SOURCE_REMOVE;
  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gboolean lesson = gtk_widget_get_visible (GTK_WIDGET (self->lesson_panel));
  int lesson_px = lesson ? min_width (self->lesson_panel) : 0;
  int inspector_px = min_width (self->inspector);
  /* The lesson editor, while open, takes its width too. */
  gboolean editing = gtk_widget_get_visible (GTK_WIDGET (self->lesson_editor));
  int editor_px = editing ? min_width (self->lesson_editor) : 0;
  gboolean fold_lesson = lesson && width - lesson_px < CANVAS_BESIDE_LESSON_PX;
  int left = width - (fold_lesson ? 0 : lesson_px) - editor_px;
  /* Too narrow for the lesson panel is too narrow for the wider inspector. */
  gboolean fold_inspector = fold_lesson || left - inspector_px < CANVAS_BESIDE_PX
                            || width - inspector_px < CANVAS_BESIDE_LESSON_PX;
  adw_flap_set_fold_policy (self->lesson_flap,
                            fold_lesson ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
  adw_flap_set_fold_policy (self->inspector_flap, fold_inspector ? ADW_FLAP_FOLD_POLICY_ALWAYS
                                                                 : ADW_FLAP_FOLD_POLICY_NEVER);
  return G_SOURCE_REMOVE;
}

static void
queue_fit_panels (ImpWindow *self)
{
  /* The idle holds the window: a resize notified while it is destroyed must
   * not leave an idle behind that outlives it. */
  if (self->fit_panels_id == 0 && self->session != NULL)
    self->fit_panels_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, fit_panels,
                                           g_object_ref (self), g_object_unref);
}

static void
window_resized (ImpWindow *self, GParamSpec *pspec, gpointer data)
{
  queue_fit_panels (self);
}

static void
update_lesson (ImpWindow *self)
{
  gboolean active = imp_lesson_player_get_lesson (self->player) != NULL;
  gboolean opened = active && !gtk_widget_get_visible (GTK_WIDGET (self->lesson_button));

  gtk_widget_set_visible (GTK_WIDGET (self->lesson_panel), active);
  gtk_widget_set_visible (self->lesson_separator, active);
  gtk_widget_set_visible (GTK_WIDGET (self->lesson_button), active);
  fit_panels (self);
  /* A lesson opens beside the canvas; over it only when the window is too
   * narrow for both, and then the learner opens it from the header. */
  if (opened || !active)
    adw_flap_set_reveal_flap (self->lesson_flap,
                              active && !adw_flap_get_folded (self->lesson_flap));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-lesson", active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.lesson-next", active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.lesson-back", active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.lesson-show-me", active);
  imp_lesson_list_refresh (self->lesson_list);
}

/* Keeps what opened for the next launch: a resource URI as it is, a file by its
 * absolute path. */
static void
remember_opened (ImpWindow *self, const char *path)
{
  if (self->settings == NULL)
    return;
  g_autofree char *absolute = strstr (path, "://") != NULL ? g_strdup (path)
                                                           : g_canonicalize_filename (path, NULL);
  g_settings_set_string (self->settings, "last-opened", absolute);
}

/* The style chosen in the main menu (the "style" key): follow the desktop, light or dark. */
static void
apply_style (ImpWindow *self)
{
  g_autofree char *style = g_settings_get_string (self->settings, "style");
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "style");
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (style));
  AdwColorScheme scheme = g_str_equal (style, "light")  ? ADW_COLOR_SCHEME_FORCE_LIGHT
                          : g_str_equal (style, "dark") ? ADW_COLOR_SCHEME_FORCE_DARK
                                                        : ADW_COLOR_SCHEME_DEFAULT;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

static void
style_chosen (GSimpleAction *action, GVariant *value, ImpWindow *self)
{
  g_settings_set_string (self->settings, "style", g_variant_get_string (value, NULL));
}

/**
 * imp_window_open:
 * @self: a window
 * @path: a scene, session or lesson file, or a "resource://" URI
 *
 * Opens it; a lesson opens in the lesson panel, anything else leaves the lesson
 * being played. A file that does not load is reported in a toast and changes
 * nothing.
 *
 * Returns: whether it opened
 */
gboolean
imp_window_open (ImpWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  imp_session_set_playing (self->session, FALSE);
  if (imp_lesson_sniff (path))
    {
      gboolean ok = imp_lesson_player_open (self->player, path, &error);
      if (!ok)
        toast_error (self, error);
      else
        remember_opened (self, path);
      update_lesson (self);
      return ok;
    }
  if (!imp_session_load (self->session, path, &error))
    {
      toast_error (self, error);
      return FALSE;
    }
  imp_lesson_player_close (self->player);
  update_lesson (self);
  remember_opened (self, path);
  return TRUE;
}

/**
 * imp_window_open_where_left_off:
 * @self: a window
 *
 * What a new window of the application opens: the lesson, scene or session the
 * learner last had open (a finished lesson gives way to the next unfinished
 * one), else the course's first unfinished lesson; see imp_course_resume_target().
 *
 * Returns: whether something opened
 */
gboolean
imp_window_open_where_left_off (ImpWindow *self)
{
  g_autofree char *target = imp_course_resume_target (self->settings);
  if (target != NULL && imp_window_open (self, target))
    return TRUE;
  /* What was last opened no longer loads: the course from its start. */
  g_autofree char *first = imp_course_resume_target (NULL);
  return first != NULL && g_strcmp0 (first, target) != 0 && imp_window_open (self, first);
}

/**
 * imp_window_get_lesson_player:
 * @self: a window
 *
 * Returns: (transfer none): the player of the window's lessons
 */
ImpLessonPlayer *
imp_window_get_lesson_player (ImpWindow *self)
{
  return self->player;
}

static void
lesson_chosen (ImpWindow *self, const char *uri)
{
  gtk_menu_button_popdown (self->lessons_button);
  imp_window_open (self, uri);
}

static const char *const world_settings[]
    = { "world-detection", "world-integrator", "world-substeps" };

static void
world_switched (ImpWindow *self)
{
  if (imp_lesson_player_get_lesson (self->player) != NULL)
    imp_canvas_follow_subject (self->canvas);
}

/* Each step frames what it talks about, over the frames up to its goal's. */
static void
lesson_step_entered (ImpWindow *self)
{
  const ImpLesson *lesson = imp_lesson_player_get_lesson (self->player);
  guint index = imp_lesson_player_get_step (self->player);
  if (lesson == NULL || index >= imp_lesson_n_steps (lesson))
    return;
  const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, index)->goal;
  imp_canvas_frame_subject (self->canvas, goal->kind != IMP_GOAL_NONE ? goal->frame : -1);
}

/* The last step's Finish: says so, offers the next lesson of the course, and the
 * Lessons list shows the lesson finished. */
static void
lesson_finished (ImpWindow *self, const ImpLesson *lesson)
{
  imp_lesson_list_refresh (self->lesson_list);
  g_autofree char *next = imp_course_next_lesson (lesson->id);
  g_autofree char *title = g_strdup_printf (next != NULL ? _("Lesson finished: %s")
                                                         : _("Lesson finished: %s. That was the "
                                                             "last lesson of the course"),
                                            lesson->title);
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  AdwToast *toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 0);
  if (next != NULL)
    {
      adw_toast_set_button_label (toast, _("_Next Lesson"));
      adw_toast_set_action_name (toast, "win.next-lesson");
    }
  adw_toast_overlay_add_toast (self->toasts, toast);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-lesson", next != NULL);
}

static void
act_lesson (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (g_str_equal (name, "win.lesson-next"))
    {
      const ImpLesson *lesson = imp_lesson_player_get_lesson (self->player);
      gboolean finishing = lesson != NULL && imp_lesson_player_get_reached (self->player)
                           && imp_lesson_player_get_step (self->player) + 1
                                  >= imp_lesson_n_steps (lesson);
      if (imp_lesson_player_next (self->player) && finishing)
        lesson_finished (self, lesson);
    }
  else if (g_str_equal (name, "win.next-lesson"))
    {
      const ImpLesson *lesson = imp_lesson_player_get_lesson (self->player);
      g_autofree char *next = lesson != NULL ? imp_course_next_lesson (lesson->id) : NULL;
      if (next != NULL)
        imp_window_open (self, next);
    }
  else if (g_str_equal (name, "win.lesson-back"))
    imp_lesson_player_back (self->player);
  else if (g_str_equal (name, "win.lesson-show-me"))
    {
      if (!imp_lesson_player_show_me (self->player, &error) && error != NULL)
        toast_error (self, error);
    }
  else if (g_str_equal (name, "win.close-lesson"))
    imp_lesson_player_close (self->player);
  else if (g_str_equal (name, "win.lessons"))
    gtk_menu_button_popup (self->lessons_button);
  update_lesson (self);
}

/* ---- actions -------------------------------------------------------------- */

static void
act_play (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  imp_session_set_playing (self->session, !imp_session_get_playing (self->session));
}

static void
act_step (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  /* While playing with a polygon selected, Left and Right turn it (seed 004's wheel) instead of
   * pausing to step. */
  gboolean one = g_str_equal (name, "win.step-forward") || g_str_equal (name, "win.step-back");
  if (one && imp_session_get_playing (self->session)
      && imp_session_spin_selected (self->session, g_str_equal (name, "win.step-forward") ? 1 : -1))
    return;
  imp_session_set_playing (self->session, FALSE);
  int frames = g_str_equal (name, "win.step-forward")      ? 1
               : g_str_equal (name, "win.step-back")       ? -1
               : g_str_equal (name, "win.step-forward-10") ? 10
                                                           : -10;
  imp_session_step (self->session, frames);
}

static void
act_step_into (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  imp_session_set_playing (self->session, FALSE);
  imp_session_step_into (self->session, g_str_equal (name, "win.step-into") ? 1 : -1);
}

static void
act_event (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  imp_session_set_playing (self->session, FALSE);
  imp_session_jump_event (self->session, g_str_equal (name, "win.next-event") ? 1 : -1);
}

static void
act_ends (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  imp_session_set_playing (self->session, FALSE);
  imp_session_set_frame (
      self->session, g_str_equal (name, "win.home") ? 0 : imp_session_get_length (self->session));
}

static void
act_view (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  if (g_str_equal (name, "win.fit"))
    imp_canvas_fit (self->canvas);
  else if (g_str_equal (name, "win.zoom-event"))
    imp_canvas_zoom_to_selection (self->canvas);
  else
    imp_canvas_zoom (self->canvas, g_str_equal (name, "win.zoom-in") ? 1.25 : 0.8);
}

static GtkFileFilter *
scene_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Impulse scenes and sessions"));
  gtk_file_filter_add_suffix (filter, "json");
  return filter;
}

#if GTK_CHECK_VERSION(4, 10, 0)
/* GTK 4.10 and later: the portal-friendly GtkFileDialog. */
static void
open_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  ImpWindow *self = data;
  g_autoptr (GFile) file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  if (path != NULL)
    imp_window_open (self, path);
  g_object_unref (self);
}

static void
act_open (GtkWidget *widget, const char *name, GVariant *param)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr (GtkFileFilter) filter = scene_filter ();
  g_list_store_append (filters, filter);
  gtk_file_dialog_set_title (dialog, _("Open a Scene"));
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_open (dialog, GTK_WINDOW (widget), NULL, open_finished, g_object_ref (widget));
  g_object_unref (dialog);
}
#else
/* GTK 4.8 (Debian 12): GtkFileChooserNative. */

/* The local path the chooser was accepted with, or NULL. Frees the chooser. */
static char *
chosen_path (GtkNativeDialog *dialog, int response)
{
  char *path = NULL;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      path = file != NULL ? g_file_get_path (file) : NULL;
    }
  g_object_unref (dialog);
  return path;
}

static void
opened (GtkNativeDialog *dialog, int response, ImpWindow *self)
{
  g_autofree char *path = chosen_path (dialog, response);
  if (path != NULL)
    imp_window_open (self, path);
}

static void
act_open (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _("Open a Scene"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = scene_filter ();
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (opened), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
#endif

static void
act_history (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  imp_session_set_playing (self->session, FALSE);
  if (g_str_equal (name, "win.undo"))
    imp_session_undo (self->session);
  else
    imp_session_redo (self->session);
}

static void
act_bookmark (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  int before = imp_session_get_n_bookmarks (self->session);
  imp_session_add_bookmark (self->session, NULL);
  gint64 frame = imp_session_get_frame (self->session);
  g_autofree char *text
      = imp_session_get_n_bookmarks (self->session) > before
            ? g_strdup_printf (_("Bookmarked frame %lld"), (long long) frame)
            : g_strdup_printf (_("Frame %lld is already bookmarked"), (long long) frame);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

static void
save_to (ImpWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  if (!imp_session_save (self->session, path, &error))
    {
      toast_error (self, error);
      return;
    }
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *text = g_strdup_printf (_("Saved the session as %s"), name);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

#if GTK_CHECK_VERSION(4, 10, 0)
static void
save_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  ImpWindow *self = data;
  g_autoptr (GFile) file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  if (path != NULL)
    save_to (self, path);
  g_object_unref (self);
}
#else
static void
save_chosen (GtkNativeDialog *dialog, int response, ImpWindow *self)
{
  g_autofree char *path = chosen_path (dialog, response);
  if (path != NULL)
    save_to (self, path);
}
#endif

static void
act_save (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  const char *known = imp_session_get_session_path (self->session);
  if (known != NULL && g_str_equal (name, "win.save"))
    {
      save_to (self, known);
      return;
    }
  /* Both choosers ask before replacing an existing file. */
#if GTK_CHECK_VERSION(4, 10, 0)
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  gtk_file_dialog_set_title (dialog, _("Save the Session"));
  gtk_file_dialog_set_initial_name (dialog, "session.json");
  gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, save_finished, g_object_ref (self));
  g_object_unref (dialog);
#else
  GtkFileChooserNative *dialog
      = gtk_file_chooser_native_new (_("Save the Session"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "session.json");
  g_signal_connect (dialog, "response", G_CALLBACK (save_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
#endif
}

static void
exported (ImpWindow *self, const char *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *text = g_strdup_printf (_("Exported %s"), name);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *uri = g_filename_to_uri (dir, NULL, NULL);
  AdwToast *toast = adw_toast_new (text);
  if (uri != NULL)
    {
      adw_toast_set_button_label (toast, _("Open Folder"));
      adw_toast_set_action_name (toast, "win.open-folder");
      adw_toast_set_action_target_value (toast, g_variant_new_string (uri));
    }
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
act_export (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  if (imp_session_get_length (self->session) == 0)
    return;
  imp_session_set_playing (self->session, FALSE);
  if (self->export_dialog == NULL)
    {
      self->export_dialog = g_object_ref (imp_export_dialog_new (GTK_WINDOW (self),
                                                                 self->session));
      g_signal_connect_object (self->export_dialog, "exported", G_CALLBACK (exported), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_window_present (GTK_WINDOW (self->export_dialog));
}

static void
act_open_folder (GtkWidget *widget, const char *name, GVariant *param)
{
  gtk_show_uri (GTK_WINDOW (widget), g_variant_get_string (param, NULL), GDK_CURRENT_TIME);
}

/* Shows or hides the inspector or the plots over the recording. */
static void
act_toggle_panel (GtkWidget *widget, const char *name, GVariant *param)
{
  ImpWindow *self = IMP_WINDOW (widget);
  GtkToggleButton *button
      = g_str_equal (name, "win.toggle-plots") ? self->plots_button : self->inspector_button;
  gtk_toggle_button_set_active (button, !gtk_toggle_button_get_active (button));
}

static void
update_history (ImpWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 imp_session_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 imp_session_can_redo (self->session));
}

static void
overlay_toggled (GSimpleAction *action, GVariant *state, ImpWindow *self)
{
  const char *name = g_action_get_name (G_ACTION (action)) + strlen (OVERLAY_ACTION_PREFIX);
  ImpViewOptions *options = imp_session_get_view_options (self->session);
  ImpOverlays overlays = imp_view_options_get_overlays (options);
  ImpOverlays overlay = IMP_OVERLAY_NONE;
  imp_overlay_from_name (name, &overlay);
  imp_view_options_set_overlays (options, g_variant_get_boolean (state) ? overlays | overlay
                                                                        : overlays & ~overlay);
}

/* The toggles follow the session's overlays, whoever sets them (a lesson's step too). */
static void
update_overlay_actions (ImpWindow *self)
{
  ImpOverlays on = imp_view_options_get_overlays (imp_session_get_view_options (self->session));
  gsize n;
  const char *const *names = imp_overlay_names (&n);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *action_name = g_strconcat (OVERLAY_ACTION_PREFIX, names[i], NULL);
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), action_name);
      g_simple_action_set_state (G_SIMPLE_ACTION (action),
                                 g_variant_new_boolean ((on & (1u << i)) != 0));
    }
}

static void
breakpoint_chosen (GSimpleAction *action, GVariant *state, ImpWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *description = NULL;
  if (!imp_breakpoint_apply (self->session, g_variant_get_string (state, NULL), &description,
                             &error))
    {
      toast_error (self, error);
      return;
    }
  g_simple_action_set_state (action, state);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (description));
}

static void
world_refused (gpointer data, const char *message)
{
  toast_message (IMP_WINDOW (data), message);
}

static void
breakpoint_hit (ImpWindow *self, gint64 frame)
{
  g_autofree char *text
      = g_strdup_printf (_("Paused at frame %lld: the breakpoint matches"), (long long) frame);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

static void
add_breakpoint_action (ImpWindow *self)
{
  GSimpleAction *action = g_simple_action_new_stateful ("breakpoint", G_VARIANT_TYPE_STRING,
                                                        g_variant_new_string ("none"));
  g_signal_connect (action, "change-state", G_CALLBACK (breakpoint_chosen), self);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  g_object_unref (action);
  g_signal_connect_swapped (self->session, "breakpoint-hit", G_CALLBACK (breakpoint_hit), self);
}

static void
add_overlay_actions (ImpWindow *self)
{
  gsize n;
  const char *const *names = imp_overlay_names (&n);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *action_name = g_strconcat (OVERLAY_ACTION_PREFIX, names[i], NULL);
      GSimpleAction *action
          = g_simple_action_new_stateful (action_name, NULL, g_variant_new_boolean (FALSE));
      g_signal_connect (action, "change-state", G_CALLBACK (overlay_toggled), self);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
      g_object_unref (action);
    }
  update_overlay_actions (self);
  g_signal_connect_swapped (imp_session_get_view_options (self->session), "notify::overlays",
                            G_CALLBACK (update_overlay_actions), self);
}

/* Keys that text fields also use. As application accelerators they were taken
 * before the focused widget (typing "-3" into a field zoomed out and typed 3);
 * here they are the window's, seen first, and left to the focused widget when
 * it takes text. A check box or a button with the focus does not keep Space
 * from playing. */
static const struct
{
  const char *trigger;
  const char *action;
} playback_keys[] = {
  { "space", "win.play" },
  { "Right", "win.step-forward" },
  { "Left", "win.step-back" },
  { "<Shift>Right", "win.step-forward-10" },
  { "<Shift>Left", "win.step-back-10" },
  { "<Control>Right", "win.next-event" },
  { "<Control>Left", "win.previous-event" },
  { "Down", "win.step-into" },
  { "Up", "win.step-into-back" },
  { "Home", "win.home" },
  { "End", "win.end" },
  { "f", "win.fit" },
  { "z", "win.zoom-event" },
  { "plus|<Control>plus|KP_Add", "win.zoom-in" },
  { "minus|<Control>minus|KP_Subtract", "win.zoom-out" },
};

/* The preferences kept in the settings: key, and property of the window or of
 * its session's view options. */
static const struct
{
  const char *key;
  gboolean of_view_options;
  const char *property;
} preferences[] = {
  { "window-width", FALSE, "default-width" },
  { "window-height", FALSE, "default-height" },
  { "window-maximized", FALSE, "maximized" },
  { "canvas-overlays", TRUE, "overlays" },
};

static GObject *
preference_owner (ImpWindow *self, gsize i)
{
  return preferences[i].of_view_options ? G_OBJECT (imp_session_get_view_options (self->session))
                                        : G_OBJECT (self);
}

/* Each window starts from the saved preferences and saves its own changes; it does
 * not follow another window's (GET_NO_CHANGES). */
static void
bind_preferences (ImpWindow *self)
{
  for (gsize i = 0; i < G_N_ELEMENTS (preferences); i++)
    g_settings_bind (self->settings, preferences[i].key, preference_owner (self, i),
                     preferences[i].property,
                     G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
}

/* A window closed stops saving, though a test may keep its session, or the
 * window itself, alive. */
static void
unbind_preferences (ImpWindow *self)
{
  for (gsize i = 0; i < G_N_ELEMENTS (preferences); i++)
    g_settings_unbind (preference_owner (self, i), preferences[i].property);
  g_signal_handlers_disconnect_by_data (self->settings, self);
}

static void
imp_window_dispose (GObject *object)
{
  ImpWindow *self = IMP_WINDOW (object);
  if (self->export_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->export_dialog));
  g_clear_object (&self->export_dialog);
  if (self->settings != NULL && self->session != NULL)
    unbind_preferences (self);
  if (self->session != NULL)
    imp_session_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->player);
  g_clear_handle_id (&self->fit_panels_id, g_source_remove);
  g_clear_object (&self->settings);
  for (gsize i = 0; self->playback_triggers != NULL && i < G_N_ELEMENTS (playback_keys); i++)
    g_object_unref (self->playback_triggers[i]);
  g_clear_pointer (&self->playback_triggers, g_free);
  g_clear_pointer (&self->halt_shown, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMP_TYPE_WINDOW);
  G_OBJECT_CLASS (imp_window_parent_class)->dispose (object);
}

static void
imp_window_class_init (ImpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = imp_window_dispose;

  /* Naming the resource links its object file, whose constructor registers it. */
  (void) impulse_ui_get_resource ();
  g_type_ensure (IMP_TYPE_CANVAS);
  g_type_ensure (IMP_TYPE_TIMELINE_BAR);
  g_type_ensure (IMP_TYPE_INSPECTOR);
  g_type_ensure (IMP_TYPE_BOOKMARK_LIST);
  g_type_ensure (IMP_TYPE_RECORDING_PLOT);
  g_type_ensure (IMP_TYPE_LESSON_PANEL);
  g_type_ensure (IMP_TYPE_LESSON_LIST);
  g_type_ensure (IMP_TYPE_LESSON_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/impulselab/Impulse/ui/imp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, speed);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, position);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, timeline_bar);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, bookmark_list);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, inspector_button);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, plots_button);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, recording_plot);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, lesson_panel);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, lesson_separator);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, lesson_flap);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, inspector_flap);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, lesson_button);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, lessons_button);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, lesson_list);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, lesson_editor);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ImpWindow, transport);

  gtk_widget_class_install_action (widget_class, "win.play", NULL, act_play);
  gtk_widget_class_install_action (widget_class, "win.lesson-next", NULL, act_lesson);
  gtk_widget_class_install_action (widget_class, "win.lesson-back", NULL, act_lesson);
  gtk_widget_class_install_action (widget_class, "win.lesson-show-me", NULL, act_lesson);
  gtk_widget_class_install_action (widget_class, "win.close-lesson", NULL, act_lesson);
  gtk_widget_class_install_action (widget_class, "win.lessons", NULL, act_lesson);
  gtk_widget_class_install_action (widget_class, "win.next-lesson", NULL, act_lesson);
  gtk_widget_class_install_action (widget_class, "win.step-forward", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "win.step-back", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "win.step-forward-10", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "win.step-back-10", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "win.step-into", NULL, act_step_into);
  gtk_widget_class_install_action (widget_class, "win.step-into-back", NULL, act_step_into);
  gtk_widget_class_install_action (widget_class, "win.next-event", NULL, act_event);
  gtk_widget_class_install_action (widget_class, "win.previous-event", NULL, act_event);
  gtk_widget_class_install_action (widget_class, "win.home", NULL, act_ends);
  gtk_widget_class_install_action (widget_class, "win.end", NULL, act_ends);
  gtk_widget_class_install_action (widget_class, "win.fit", NULL, act_view);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, act_view);
  gtk_widget_class_install_action (widget_class, "win.zoom-event", NULL, act_view);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, act_view);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, act_open);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, act_save);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, act_save);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, act_history);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, act_history);
  gtk_widget_class_install_action (widget_class, "win.bookmark", NULL, act_bookmark);
  gtk_widget_class_install_action (widget_class, "win.toggle-inspector", NULL, act_toggle_panel);
  gtk_widget_class_install_action (widget_class, "win.toggle-plots", NULL, act_toggle_panel);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, act_export);
  gtk_widget_class_install_action (widget_class, "win.open-folder", "s", act_open_folder);
}

/* The window's size, the overlays and the style outlive it, when the schema is installed. */
static GSettings *
settings_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema
      = source != NULL ? g_settings_schema_source_lookup (source, "org.impulselab.Impulse", TRUE)
                       : NULL;
  return schema != NULL ? g_settings_new ("org.impulselab.Impulse") : NULL;
}

static gboolean
playback_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
              ImpWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL && GTK_IS_EDITABLE (focus))
    return FALSE;
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (keys));
  for (gsize i = 0; event != NULL && i < G_N_ELEMENTS (playback_keys); i++)
    if (gtk_shortcut_trigger_trigger (self->playback_triggers[i], event, FALSE)
        == GDK_KEY_MATCH_EXACT)
      {
        gtk_widget_activate_action (GTK_WIDGET (self), playback_keys[i].action, NULL);
        return TRUE;
      }
  return FALSE;
}

static void
add_playback_keys (ImpWindow *self)
{
  self->playback_triggers = g_new (GtkShortcutTrigger *, G_N_ELEMENTS (playback_keys));
  for (gsize i = 0; i < G_N_ELEMENTS (playback_keys); i++)
    self->playback_triggers[i] = gtk_shortcut_trigger_parse_string (playback_keys[i].trigger);
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (playback_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* Clicking a header or transport button leaves the focus where it was (the
 * canvas), so that Space, the arrows and + and - keep driving playback rather
 * than pressing the last button clicked again. */
static void
keep_focus_on_click (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_DROP_DOWN (widget))
    gtk_widget_set_focus_on_click (widget, FALSE);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    keep_focus_on_click (c);
}

/* A menu button's tooltip, shown when the pointer rests on it, stays over the
 * top of the menu it opens: quiet while the menu is open. */
static void
menu_shown (GtkWidget *popover, GParamSpec *pspec, GtkWidget *button)
{
  gtk_widget_set_has_tooltip (button, !gtk_widget_get_visible (popover));
}

static void
quiet_tooltips_of_menus (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    {
      GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget));
      if (popover != NULL)
        g_signal_connect_object (popover, "notify::visible", G_CALLBACK (menu_shown), widget, 0);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    quiet_tooltips_of_menus (c);
}

static void
imp_window_init (ImpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session = imp_session_new ();
  self->settings = settings_if_installed ();
  if (self->settings != NULL)
    {
      bind_preferences (self);
      /* Not g_settings_create_action(): that action keeps the settings, and with them
       * its link to this window's actions, alive after the window is gone, where the
       * next window's change of style would reach it. */
      g_autofree char *now = g_settings_get_string (self->settings, "style");
      g_autoptr (GSimpleAction) style
          = g_simple_action_new_stateful ("style", G_VARIANT_TYPE_STRING,
                                          g_variant_new_string (now));
      g_signal_connect_object (style, "change-state", G_CALLBACK (style_chosen), self, 0);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (style));
      g_signal_connect_swapped (self->settings, "changed::style", G_CALLBACK (apply_style), self);
      apply_style (self);
    }
  imp_canvas_set_session (self->canvas, self->session);
  imp_timeline_bar_set_session (self->timeline_bar, self->session);
  imp_inspector_set_session (self->inspector, self->session);
  imp_bookmark_list_set_session (self->bookmark_list, self->session);
  imp_recording_plot_set_session (self->recording_plot, self->session);
  self->player = imp_lesson_player_new (self->session, self->settings);
  imp_lesson_panel_set_player (self->lesson_panel, self->player, self->session);
  imp_lesson_list_set_settings (self->lesson_list, self->settings);
  imp_lesson_editor_attach (self->lesson_editor, GTK_WIDGET (self), self->session);
  g_signal_connect_swapped (self->lesson_editor, "notify::visible", G_CALLBACK (queue_fit_panels),
                            self);
  g_signal_connect_swapped (self->lesson_list, "open", G_CALLBACK (lesson_chosen), self);
  g_signal_connect_swapped (self->player, "notify::step", G_CALLBACK (lesson_step_entered), self);
  g_signal_connect_swapped (self->player, "notify::reached", G_CALLBACK (update_lesson), self);
  g_object_bind_property (self->plots_button, "active", self->recording_plot, "visible",
                          G_BINDING_SYNC_CREATE);
  /* Before the panels are first fitted: the buttons' first state must not
   * reveal a panel that a narrow window has folded. */
  g_object_bind_property (self->inspector_button, "active", self->inspector_flap, "reveal-flap",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->lesson_button, "active", self->lesson_flap, "reveal-flap",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  update_lesson (self);
  add_overlay_actions (self);
  add_breakpoint_action (self);
  g_signal_connect_swapped (self->session, "notice", G_CALLBACK (toast_message), self);
  add_playback_keys (self);
  keep_focus_on_click (self->header_bar);
  keep_focus_on_click (self->transport);
  quiet_tooltips_of_menus (self->header_bar);
  quiet_tooltips_of_menus (self->transport);
  static const char *const resized[]
      = { "notify::default-width", "notify::maximized", "notify::fullscreened" };
  for (gsize i = 0; i < G_N_ELEMENTS (resized); i++)
    g_signal_connect (self, resized[i], G_CALLBACK (window_resized), NULL);
  fit_panels (self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->canvas));
  imp_world_actions_add (G_ACTION_MAP (self), self->session, world_refused, self);
  /* A World switch moves the bodies elsewhere: a lesson step's subject is framed
   * where it goes now. */
  for (gsize i = 0; i < G_N_ELEMENTS (world_settings); i++)
    g_signal_connect_object (g_action_map_lookup_action (G_ACTION_MAP (self), world_settings[i]),
                             "notify::state", G_CALLBACK (world_switched), self,
                             G_CONNECT_SWAPPED);
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    g_signal_connect_object (
        g_action_map_lookup_action (G_ACTION_MAP (self), imp_teaching_modes[i].action),
        "notify::state", G_CALLBACK (world_switched), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->session, "notify::can-undo", G_CALLBACK (update_history), self);
  g_signal_connect_swapped (self->session, "notify::can-redo", G_CALLBACK (update_history), self);
  update_history (self);

  static const char *const moved[]
      = { "notify::frame", "notify::stop", "notify::length", "notify::playing" };
  for (gsize i = 0; i < G_N_ELEMENTS (moved); i++)
    g_signal_connect_swapped (self->session, moved[i], G_CALLBACK (update_position), self);
  /* The position says a time in the frame unless a lesson keeps it back. */
  g_signal_connect_swapped (imp_session_get_view_options (self->session), "notify::concealed",
                            G_CALLBACK (update_position), self);
  g_signal_connect_swapped (self->session, "notify::title", G_CALLBACK (update_title), self);
  update_title (self);
  g_signal_connect_swapped (self->canvas, "edit-refused", G_CALLBACK (toast_message), self);
  g_signal_connect_swapped (self->speed, "notify::selected", G_CALLBACK (speed_selected), self);
  gtk_widget_add_tick_callback (GTK_WIDGET (self), tick, NULL, NULL);
  update_position (self);
}

ImpWindow *
imp_window_new (GtkApplication *application)
{
  return g_object_new (IMP_TYPE_WINDOW, "application", application, NULL);
}

ImpSession *
imp_window_get_session (ImpWindow *self)
{
  return self->session;
}
