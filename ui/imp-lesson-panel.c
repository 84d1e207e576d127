/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-panel.c: the lesson panel beside the canvas: the step's text (its
 * {term} references highlight the canvas while the pointer is on them), the
 * goal's status, what differs from the world the step needs (with "Set it
 * up"), a prediction entry, hint, show me, back and next. A view of an
 * ImpLessonPlayer; every button works from the keyboard (Alt + the underlined
 * letter) and through the window's lesson actions. */
#include "imp-lesson-panel.h"

#include "imp-label-index.h"
#include "imp-lesson-markup.h"
#include "imp-lesson-vocabulary.h"

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
  gtk_button_set_label (GTK_BUTTON (self->next_button), last ? "_Finish" : "_Next");
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
            ? g_strdup_printf ("Step %u of %u \u2014 %s", index + 1, imp_lesson_n_steps (lesson),
                               step->title)
            : g_strdup_printf ("Step %u of %u", index + 1, imp_lesson_n_steps (lesson));
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
    imp_session_point_at_term (self->session, term, &self->lit);
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
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  while (end != NULL && g_ascii_isspace (*end))
    end++;
  if (end == text || end == NULL || *end != '\0')
    {
      gtk_label_set_text (self->status, "Type a number, such as 0.25 or -3.5e2.");
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

static GtkWidget *
button (const char *label, const char *action)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);
  if (action != NULL)
    gtk_actionable_set_action_name (GTK_ACTIONABLE (b), action);
  return b;
}

static GtkLabel *
wrapped_label (const char *css)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  return GTK_LABEL (label);
}

static void
build (ImpLessonPanel *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  self->box = box;
  gtk_widget_set_parent (box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (box, 14);
  gtk_widget_set_margin_end (box, 14);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->title = wrapped_label ("title-4");
  gtk_widget_set_hexpand (GTK_WIDGET (self->title), TRUE);
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->title));
  GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_set_tooltip_text (close, "Leave the Lesson");
  gtk_accessible_update_property (GTK_ACCESSIBLE (close), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  "Leave the Lesson", -1);
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_set_valign (close, GTK_ALIGN_START);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (close), "win.close-lesson");
  gtk_box_append (GTK_BOX (top), close);
  gtk_box_append (GTK_BOX (box), top);

  self->counter = wrapped_label ("dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->counter));

  self->body = wrapped_label (NULL);
  gtk_label_set_selectable (self->body, FALSE);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (body_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (body_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->body), motion);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->body));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_valign (scroller, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), scroller);

  GtkWidget *goal = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_add_css_class (goal, "card");
  self->status_icon = GTK_IMAGE (gtk_image_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->status_icon), GTK_ALIGN_START);
  gtk_widget_set_margin_start (GTK_WIDGET (self->status_icon), 10);
  gtk_widget_set_margin_top (GTK_WIDGET (self->status_icon), 10);
  gtk_box_append (GTK_BOX (goal), GTK_WIDGET (self->status_icon));
  self->status = wrapped_label (NULL);
  gtk_widget_set_hexpand (GTK_WIDGET (self->status), TRUE);
  gtk_widget_set_margin_top (GTK_WIDGET (self->status), 8);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->status), 8);
  gtk_widget_set_margin_end (GTK_WIDGET (self->status), 10);
  gtk_box_append (GTK_BOX (goal), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (box), goal);

  /* The learner's world is not the one the step's text is written for. */
  self->setup_row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->setup_text = wrapped_label ("warning");
  gtk_box_append (GTK_BOX (self->setup_row), GTK_WIDGET (self->setup_text));
  GtkWidget *setup = button ("_Set It Up", NULL);
  gtk_widget_set_tooltip_text (setup, "Make the world the one this step is written for");
  g_signal_connect_swapped (setup, "clicked", G_CALLBACK (set_up), self);
  gtk_box_append (GTK_BOX (self->setup_row), setup);
  gtk_widget_set_visible (self->setup_row, FALSE);
  gtk_box_append (GTK_BOX (box), self->setup_row);

  self->predict_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->prediction = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->prediction, "Your prediction");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->prediction),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "Your prediction", -1);
  gtk_entry_set_input_purpose (self->prediction, GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_set_hexpand (GTK_WIDGET (self->prediction), TRUE);
  g_signal_connect_swapped (self->prediction, "activate", G_CALLBACK (submit), self);
  gtk_box_append (GTK_BOX (self->predict_row), GTK_WIDGET (self->prediction));
  GtkWidget *check = button ("_Check", NULL);
  g_signal_connect_swapped (check, "clicked", G_CALLBACK (submit), self);
  gtk_box_append (GTK_BOX (self->predict_row), check);
  gtk_box_append (GTK_BOX (box), self->predict_row);

  self->hint = wrapped_label ("dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->hint));

  GtkWidget *help = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (help), TRUE);
  self->hint_button = button ("_Hint", NULL);
  g_signal_connect_swapped (self->hint_button, "clicked", G_CALLBACK (show_hint), self);
  gtk_box_append (GTK_BOX (help), self->hint_button);
  self->show_button = button ("Show _Me", "win.lesson-show-me");
  gtk_box_append (GTK_BOX (help), self->show_button);
  gtk_box_append (GTK_BOX (box), help);

  GtkWidget *nav = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (nav), TRUE);
  self->back_button = button ("_Back", "win.lesson-back");
  gtk_box_append (GTK_BOX (nav), self->back_button);
  self->next_button = button ("_Next", "win.lesson-next");
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  gtk_box_append (GTK_BOX (nav), self->next_button);
  gtk_box_append (GTK_BOX (box), nav);
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
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (imp_lesson_panel_parent_class)->dispose (object);
}

static void
imp_lesson_panel_class_init (ImpLessonPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imp_lesson_panel_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "lessonpanel");
}

static void
imp_lesson_panel_init (ImpLessonPanel *self)
{
  build (self);
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, -1);
}
