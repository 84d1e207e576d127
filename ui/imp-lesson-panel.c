/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-panel.c: the lesson panel beside the canvas: the step's text (its
 * {term} references highlight the canvas while the pointer is on them), the
 * goal's status, what differs from the world the step needs (with "Set it
 * up"), a prediction entry, hint, show me, back and next. A view of an
 * ImpLessonPlayer; every button works from the keyboard (Alt + the underlined
 * letter) and through the window's lesson actions. Its static structure is
 * imp-lesson-panel.ui; this file is its behaviour. */
#include "imp-lesson-panel.h"

#include <glib/gi18n.h>

#include "imp-i18n.h"
#include "imp-label-index.h"
#include "imp-lesson-markup.h"
#include "imp-lesson-vocabulary.h"
#include "impulse-ui-resources.h"

struct _ImpLessonPanel
{
  GtkWidget parent_instance;

  ImpLessonPlayer *player;
  ImpSession *session;
  ImpLessonText text; /* the step's text, parsed: where its references are */
  gboolean lit;       /* the pointer on the text lit a term on the session */

  GtkWidget *box;
  GtkLabel *title;
  GtkLabel *counter;
  GtkLabel *body;
  GtkImage *status_icon;
  GtkLabel *status;
  GtkWidget *setup_row;
  GtkLabel *setup_text;
  GtkWidget *predict_row;
  GtkEntry *prediction;
  GtkLabel *hint;
  GtkWidget *hint_button;
  GtkWidget *show_button;
  GtkWidget *back_button;
  GtkWidget *next_button;
};

G_DEFINE_FINAL_TYPE (ImpLessonPanel, imp_lesson_panel, GTK_TYPE_WIDGET)

static void
update_status (ImpLessonPanel *self)
{
  if (self->player == NULL || imp_lesson_player_get_lesson (self->player) == NULL)
    return;
  const ImpLesson *lesson = imp_lesson_player_get_lesson (self->player);
  guint index = imp_lesson_player_get_step (self->player);
  const ImpLessonStep *step = imp_lesson_get_step (lesson, index);
  gboolean reached = imp_lesson_player_get_reached (self->player);
  gboolean has_goal = step->goal.kind != IMP_GOAL_NONE;
  g_autofree char *status = imp_lesson_player_dup_status (self->player);

  gtk_label_set_text (self->status, status != NULL ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status), status != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->status_icon), has_goal);
  gtk_image_set_from_icon_name (self->status_icon, reached ? "object-select-symbolic"
                                                           : "find-location-symbolic");
  if (reached)
    gtk_widget_add_css_class (GTK_WIDGET (self->status), "success");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status), "success");
  const char *differences = imp_lesson_player_get_differences (self->player);
  gtk_label_set_text (self->setup_text, differences != NULL ? differences : "");
  gtk_widget_set_visible (self->setup_row, differences != NULL && !reached);
  gtk_widget_set_visible (self->predict_row, step->goal.kind == IMP_GOAL_PREDICT && !reached);
  gtk_widget_set_visible (self->hint_button, has_goal && !reached);
  gtk_widget_set_visible (self->show_button, has_goal && !reached);
  gtk_widget_set_sensitive (self->next_button, reached || !has_goal);
  gtk_widget_set_sensitive (self->back_button, index > 0);
  gboolean last = index + 1 >= imp_lesson_n_steps (lesson);
  gtk_button_set_label (GTK_BUTTON (self->next_button), last ? _("_Finish") : _("_Next"));
}

static void
update_step (ImpLessonPanel *self)
{
  const ImpLesson *lesson
      = self->player != NULL ? imp_lesson_player_get_lesson (self->player) : NULL;
  imp_lesson_text_clear (&self->text);
  if (lesson == NULL)
    return;
  guint index = imp_lesson_player_get_step (self->player);
  const ImpLessonStep *step = imp_lesson_get_step (lesson, index);
  gsize offset;
  g_autofree char *message = NULL;

  gtk_label_set_text (self->title, lesson->title);
  g_autofree char *counter
      = step->title != NULL
            ? g_strdup_printf (_("Step %u of %u \u2014 %s"), index + 1, imp_lesson_n_steps (lesson),
                               step->title)
            : g_strdup_printf (_("Step %u of %u"), index + 1, imp_lesson_n_steps (lesson));
  gtk_label_set_text (self->counter, counter);
  /* The loader checked the markup; a failure here would be a bug, shown plainly. */
  if (imp_lesson_text_parse (step->text, &self->text, &offset, &message))
    gtk_label_set_markup (self->body, self->text.markup);
  else
    gtk_label_set_text (self->body, step->text);
  g_autofree char *hint = g_markup_escape_text (step->goal.hint != NULL ? step->goal.hint : "",
                                                -1);
  g_autofree char *hint_markup = imp_markup_keep_bars_whole (hint);
  gtk_label_set_markup (self->hint, hint_markup);
  gtk_widget_set_visible (GTK_WIDGET (self->hint), FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->prediction), "");
  update_status (self);
}

/* Hover on references */

static void
highlight (ImpLessonPanel *self, const char *term)
{
  if (self->session != NULL)
    imp_view_options_point_at_term (imp_session_get_view_options (self->session), term,
                                    &self->lit);
}

/**
 * imp_lesson_panel_term_at:
 * @self: a panel
 * @x: a point in the step text's label
 * @y: its y
 *
 * Returns: (nullable): the term of the reference under the point (a name of
 *   imp_term_names), or %NULL
 */
const char *
imp_lesson_panel_term_at (ImpLessonPanel *self, double x, double y)
{
  int index;

  if (self->text.plain == NULL || !imp_label_index_at (self->body, x, y, &index))
    return NULL;
  int t = imp_lesson_text_term_at (&self->text, (gsize) index);
  return t >= 0 ? imp_term_names[t] : NULL;
}

static void
body_motion (GtkEventControllerMotion *motion, double x, double y, ImpLessonPanel *self)
{
  highlight (self, imp_lesson_panel_term_at (self, x, y));
}

static void
body_leave (GtkEventControllerMotion *motion, ImpLessonPanel *self)
{
  highlight (self, NULL);
}

/* Buttons */

static void
submit (ImpLessonPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->prediction));
  double value;

  /* 0.25, or 0,25 where the locale writes a decimal comma. */
  if (!imp_i18n_parse_number (text, &value))
    {
      gtk_label_set_text (self->status, _("Type a number, such as 0.25 or -3.5e2."));
      gtk_widget_add_css_class (GTK_WIDGET (self->prediction), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->prediction), "error");
  imp_lesson_player_submit (self->player, value);
  update_status (self);
}

static void
set_up (ImpLessonPanel *self)
{
  if (self->player != NULL && imp_lesson_player_get_lesson (self->player) != NULL)
    imp_lesson_player_set_up (self->player);
}

static void
show_hint (ImpLessonPanel *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->hint), TRUE);
}

/* Public API */

/**
 * imp_lesson_panel_set_player:
 * @self: a panel
 * @player: (nullable): the player it shows
 * @session: (nullable): the session whose highlighted term its references set
 */
void
imp_lesson_panel_set_player (ImpLessonPanel *self, ImpLessonPlayer *player, ImpSession *session)
{
  if (self->player != NULL)
    g_signal_handlers_disconnect_by_data (self->player, self);
  g_set_object (&self->player, player);
  g_set_object (&self->session, session);
  if (player != NULL)
    {
      /* Entering a step (also on opening and leaving) notifies "step"; every
       * check of the goal, reached or not, notifies "status". */
      g_signal_connect_swapped (player, "notify::step", G_CALLBACK (update_step), self);
      g_signal_connect_swapped (player, "notify::status", G_CALLBACK (update_status), self);
      g_signal_connect_swapped (player, "notify::differences", G_CALLBACK (update_status), self);
    }
  update_step (self);
}

/**
 * imp_lesson_panel_get_body:
 * @self: a panel
 *
 * Returns: (transfer none): the label of the step's text (for tests)
 */
GtkLabel *
imp_lesson_panel_get_body (ImpLessonPanel *self)
{
  return self->body;
}

/**
 * imp_lesson_panel_get_prediction:
 * @self: a panel
 *
 * Returns: (transfer none): the prediction entry (for tests)
 */
GtkEntry *
imp_lesson_panel_get_prediction (ImpLessonPanel *self)
{
  return self->prediction;
}

/**
 * imp_lesson_panel_get_setup:
 * @self: a panel
 * @text: (out) (optional) (transfer none): the label that says what differs
 *
 * Returns: (transfer none): the row that offers "Set it up" (for tests)
 */
GtkWidget *
imp_lesson_panel_get_setup (ImpLessonPanel *self, GtkLabel **text)
{
  if (text != NULL)
    *text = self->setup_text;
  return self->setup_row;
}

GtkLabel *
imp_lesson_panel_get_status (ImpLessonPanel *self)
{
  return self->status;
}

void
imp_lesson_panel_submit (ImpLessonPanel *self)
{
  submit (self);
}

GtkWidget *
imp_lesson_panel_new (void)
{
  return g_object_new (IMP_TYPE_LESSON_PANEL, NULL);
}

static void
imp_lesson_panel_dispose (GObject *object)
{
  ImpLessonPanel *self = IMP_LESSON_PANEL (object);

  if (self->player != NULL)
    g_signal_handlers_disconnect_by_data (self->player, self);
  g_clear_object (&self->player);
  g_clear_object (&self->session);
  imp_lesson_text_clear (&self->text);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMP_TYPE_LESSON_PANEL);
  G_OBJECT_CLASS (imp_lesson_panel_parent_class)->dispose (object);
}

static void
imp_lesson_panel_class_init (ImpLessonPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = imp_lesson_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "lessonpanel");
  /* Naming the resource links its object file, whose constructor registers it. */
  (void) impulse_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/impulselab/Impulse/ui/imp-lesson-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, box);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, title);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, counter);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, body);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, status_icon);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, status);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, setup_row);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, setup_text);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, predict_row);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, prediction);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, hint);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, hint_button);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, show_button);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, back_button);
  gtk_widget_class_bind_template_child (widget_class, ImpLessonPanel, next_button);
  gtk_widget_class_bind_template_callback (widget_class, body_motion);
  gtk_widget_class_bind_template_callback (widget_class, body_leave);
  gtk_widget_class_bind_template_callback (widget_class, set_up);
  gtk_widget_class_bind_template_callback (widget_class, submit);
  gtk_widget_class_bind_template_callback (widget_class, show_hint);
}

static void
imp_lesson_panel_init (ImpLessonPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
