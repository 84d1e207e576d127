/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-editor.c: the lesson editor; see the header. Its static structure
 * is imp-lesson-editor.ui; this file keeps the draft and the widgets in step:
 * the widgets of the selected step are filled from the draft, and every change
 * the teacher makes is written back at once, after which the draft is checked
 * again (a moment later, so typing stays quick) and Show Me must be run again. */
#include "imp-lesson-editor.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "imp-body-fields.h"
#include "imp-i18n.h"
#include "imp-lesson-rehearsal.h"
#include "imp-lesson-vocabulary.h"
#include "imp-teaching-modes.h"
#include "impulse-ui-resources.h"

/* How long typing may pause before the draft is checked again. */
#define CHECK_DELAY_MS 250

struct _ImpLessonEditor
{
  GtkWidget parent_instance;

  ImpSession *session;   /* the window's: the draft is made of its bookmarks */
  GSimpleActionGroup *actions;
  ImpLessonDraft *draft;
  int step;              /* the step shown, -1 for none */
  gboolean loading;      /* the widgets are being filled: their changes are not the teacher's */
  gboolean id_typed;     /* the teacher wrote the id: the title no longer suggests it */
  gboolean topics_named; /* the topic dropdown lists the course's titles */
  guint check_id;
  guint scroll_id; /* scrolls to the marked field once laid out */
  guint refresh_id; /* shows the step again after a choice that changes its lists */
  int scroll_tries;
  gboolean passes;       /* the draft as it is passes the check */
  ImpLessonDraftPlace place;
  char *message;         /* the check's, when it fails */
  gboolean rehearsed;    /* Show Me reached every goal of the draft as it is */
  int rehearsal_failed;  /* the step Show Me failed on, or -1 */
  char *saved_path;
  GtkWidget *marked;     /* the field the check's mistake is in */
  GtkWidget *mode_dropdowns[IMP_N_TEACHING_MODES];
  GArray *offered_edits; /* the draft's edits the verdict page offers, by index */

  GtkWidget *scroller;
  GtkEditable *lesson_title;
  GtkEditable *lesson_summary;
  GtkDropDown *lesson_topic;
  GtkEditable *lesson_id;
  GtkListBox *steps;
  GtkWidget *step_box;
  GtkLabel *step_heading;
  GtkEditable *step_title;
  GtkSpinButton *step_frame;
  GtkLabel *step_enter;
  GtkTextView *step_text;
  GtkDropDown *goal_kind;
  GtkStack *goal_pages;
  GtkSpinButton *frame_goal_frame;
  GtkDropDown *event_kind;
  GtkCheckButton *event_between;
  GtkCheckButton *event_has_frame;
  GtkSpinButton *event_frame;
  GtkLabel *verdict_between;
  GtkDropDown *verdict_name;
  GtkDropDown *verdict_show;
  GtkDropDown *predict_quantity;
  GtkLabel *predict_of;
  GtkSpinButton *predict_frame;
  GtkEditable *predict_tolerance;
  GtkEditable *predict_expect;
  GtkGrid *mode_grid;
  GtkDropDown *mode_detection;
  GtkDropDown *mode_integrator;
  GtkSpinButton *mode_substeps;
  GtkSpinButton *mode_frame;
  GtkEditable *goal_hint;
  GtkWidget *remove_step;
  GtkImage *check_icon;
  GtkLabel *check_place;
  GtkWidget *check_go;
  GtkLabel *check_text;
  GtkLabel *rehearsal_text;
  GtkWidget *rehearse_button;
  GtkWidget *save_button;
  GtkLabel *saved_text;
};

G_DEFINE_FINAL_TYPE (ImpLessonEditor, imp_lesson_editor, GTK_TYPE_WIDGET)

/* The goal pages, in ImpGoalKind order (the goal dropdown's too). */
static const char *const goal_pages[] = { "none", "frame", "event", "verdict", "predict", "mode" };

/* The event dropdown's kinds after "any", in its order. */
static const PhysEventKind event_kinds[] = { PHYS_EVENT_CIRCLE_CIRCLE, PHYS_EVENT_CIRCLE_SEGMENT,
                                             PHYS_EVENT_PROBE_SEGMENT, PHYS_EVENT_EMBEDDED,
                                             PHYS_EVENT_EVENT_CAP };

static void schedule_check (ImpLessonEditor *self);
static void show_step (ImpLessonEditor *self);

/* Helpers */

static ImpLessonStep *
current (ImpLessonEditor *self)
{
  return self->draft != NULL && self->step >= 0
             ? imp_lesson_draft_get_step (self->draft, (guint) self->step)
             : NULL;
}

static char *
editable_text_or_null (GtkEditable *editable)
{
  const char *text = gtk_editable_get_text (editable);
  return text[0] != '\0' ? g_strdup (text) : NULL;
}

static void
set_editable (GtkEditable *editable, const char *text)
{
  gtk_editable_set_text (editable, text != NULL ? text : "");
}

static void
set_strings (GtkDropDown *dropdown, const char *const *strings)
{
  g_autoptr (GtkStringList) list = gtk_string_list_new (strings);
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (list));
}

static char *
names_words (char *const *names, int n)
{
  if (n == 0)
    return g_strdup (_("nothing"));
  return n == 1 ? g_strdup (names[0]) : g_strdup_printf (_("%s and %s"), names[0], names[1]);
}

/* The number typed (0.005, or 0,005 where the locale writes a decimal comma), or nan when
 * it is none. */
static double
number_in (GtkEditable *editable)
{
  double x;
  return imp_i18n_parse_number (gtk_editable_get_text (editable), &x) ? x : NAN;
}

static void
set_number (GtkEditable *editable, double x, gboolean has)
{
  g_autofree char *text = has ? imp_body_field_format (x) : NULL;
  set_editable (editable, text);
}

/* The verdicts a verdict goal may name, in the verdict dropdown's order: the swept tests',
 * then the probe's. */
#define N_GOAL_VERDICTS (PHYS_VERDICT_HIT + 1 + PHYS_PROBE_STILL + 1)

static const char *
goal_verdict (guint i)
{
  return i <= PHYS_VERDICT_HIT ? phys_verdict_name ((PhysVerdict) i)
                               : phys_probe_verdict_name ((PhysProbeVerdict) (i - PHYS_VERDICT_HIT
                                                                              - 1));
}

/* The overlays in bit order (imp_overlay_names()), as the window's Overlays menu names them. */
static const struct
{
  const char *context;
  const char *label;
} overlay_labels[] = {
  { NULL, N_("Ids") },
  { NULL, N_("Velocities") },
  { NULL, N_("Swept paths") },
  { NULL, N_("Positions at impact") },
  { NULL, N_("Contact, normal and tangent") },
  { NULL, N_("Relative velocity") },
  { "overlay", NC_("overlay", "Impulse") },
  { NULL, N_("Reflection and slide construction") },
  { NULL, N_("Left and right normals") },
  { NULL, N_("Probe predictions") },
  { NULL, N_("Trails") },
  { NULL, N_("Ghost branch after an edit") },
  { NULL, N_("Legend") },
};
G_STATIC_ASSERT (1u << (G_N_ELEMENTS (overlay_labels) - 1) == IMP_OVERLAY_LEGEND);

static const char *
overlay_label (gsize bit)
{
  if (overlay_labels[bit].context != NULL)
    return g_dpgettext2 (GETTEXT_PACKAGE, overlay_labels[bit].context, overlay_labels[bit].label);
  return _(overlay_labels[bit].label);
}

/* An edit the session made after frame 0, as Show Me may apply it. */
static char *
edit_words (int frame, const PhysEdit *edit)
{
  switch (edit->kind)
    {
    case PHYS_EDIT_ADD_CIRCLE:
    case PHYS_EDIT_ADD_SEGMENT:
      return g_strdup_printf (_("Frame %d: %s added"), frame, edit->name);
    case PHYS_EDIT_REMOVE_CIRCLE:
    case PHYS_EDIT_REMOVE_SEGMENT:
      return g_strdup_printf (_("Frame %d: %s removed"), frame, edit->name);
    case PHYS_EDIT_SET_WORLD:
      return g_strdup_printf (_("Frame %d: the world changed"), frame);
    default:
      return g_strdup_printf (_("Frame %d: %s changed"), frame, edit->name);
    }
}

/* The steps list */

static char *
goal_words (const ImpLessonGoal *goal)
{
  switch (goal->kind)
    {
    case IMP_GOAL_FRAME:
      return g_strdup_printf (_("Reach frame %d"), (int) goal->frame);
    case IMP_GOAL_EVENT:
      return g_strdup (_("Step into an event"));
    case IMP_GOAL_VERDICT:
      return g_strdup_printf (_("Edit until the test says \u201c%s\u201d"),
                              goal->verdict != NULL ? imp_i18n_verdict_name (goal->verdict) : "?");
    case IMP_GOAL_PREDICT:
      return g_strdup_printf (_("Predict %s"), goal->quantity != NULL ? goal->quantity : "?");
    case IMP_GOAL_MODE:
      return g_strdup (_("Switch a mode and watch"));
    case IMP_GOAL_NONE:
    default:
      return g_strdup (_("No goal"));
    }
}

static GtkWidget *
step_row (ImpLessonEditor *self, guint i)
{
  const ImpLessonStep *step = imp_lesson_draft_get_step (self->draft, i);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *words = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *heading
      = g_strdup_printf (_("Step %u \u00b7 frame %d"), i + 1, (int) step->action.frame);
  g_autofree char *goal = goal_words (&step->goal);
  GtkWidget *title = gtk_label_new (heading);
  GtkWidget *sub = gtk_label_new (goal);

  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_label_set_xalign (GTK_LABEL (sub), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (sub), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (sub, "dim-label");
  gtk_widget_add_css_class (sub, "caption");
  gtk_widget_set_hexpand (words, TRUE);
  gtk_box_append (GTK_BOX (words), title);
  gtk_box_append (GTK_BOX (words), sub);
  gtk_box_append (GTK_BOX (box), words);

  /* Where the check or Show Me failed, and which steps Show Me reached. */
  const char *icon = NULL, *said = NULL;
  if (!self->passes && self->place.step == (int) i)
    icon = "dialog-warning-symbolic", said = _("The check fails here");
  else if (self->rehearsal_failed == (int) i)
    icon = "dialog-error-symbolic", said = _("Show Me fails here");
  else if (self->rehearsed)
    icon = "object-select-symbolic", said = _("Show Me reaches this goal");
  if (icon != NULL)
    {
      GtkWidget *image = gtk_image_new_from_icon_name (icon);
      gtk_widget_set_tooltip_text (image, said);
      gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL, said,
                                      -1);
      gtk_box_append (GTK_BOX (box), image);
    }
  g_autofree char *name = g_strdup_printf ("%s, %s%s%s", heading, goal, said != NULL ? ", " : "",
                                           said != NULL ? said : "");
  GtkWidget *row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return row;
}

static void
rebuild_rows (ImpLessonEditor *self)
{
  GtkWidget *child;
  gboolean was_loading = self->loading;

  self->loading = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->steps))) != NULL)
    gtk_list_box_remove (self->steps, child);
  for (guint i = 0; self->draft != NULL && i < imp_lesson_draft_n_steps (self->draft); i++)
    gtk_list_box_append (self->steps, step_row (self, i));
  if (self->step >= 0)
    gtk_list_box_select_row (self->steps, gtk_list_box_get_row_at_index (self->steps, self->step));
  self->loading = was_loading;
}

/* The check and Show Me */

/* The file name the check gives in its messages: the saved file's, else the one
 * the draft would be saved as. */
static char *
display_name (ImpLessonEditor *self)
{
  if (self->saved_path != NULL)
    return g_strdup (self->saved_path);
  return g_strdup_printf ("%s.json", self->draft->id != NULL ? self->draft->id : "lesson");
}

/* The widget of a key of the draft, and what to call it. */
static GtkWidget *
field_widget (ImpLessonEditor *self, const ImpLessonDraftPlace *place, const char **name)
{
  static const struct
  {
    gboolean in_step;
    const char *field;
    const char *widget;
    const char *name;
  } fields[] = {
    { FALSE, "id", "lesson_id", N_("Id") },
    { FALSE, "title", "lesson_title", N_("Title") },
    { FALSE, "summary", "lesson_summary", N_("Summary") },
    { FALSE, "topic", "lesson_topic", N_("Topic") },
    { FALSE, "scene", NULL, N_("Scene") },
    { FALSE, "edits", NULL, N_("The session's edits") },
    { FALSE, "steps", "steps", N_("Steps") },
    { TRUE, "title", "step_title", N_("Step title") },
    { TRUE, "text", "step_text", N_("Text") },
    { TRUE, "enter", "step_frame", N_("Frame") },
    { TRUE, "goal", "goal_kind", N_("Goal") },
    { TRUE, "goal.type", "goal_kind", N_("Goal") },
    { TRUE, "goal.hint", "goal_hint", N_("Hint") },
    { TRUE, "goal.kind", "event_kind", N_("Event kind") },
    { TRUE, "goal.between", NULL, N_("Between") },
    { TRUE, "goal.verdict", "verdict_name", N_("Verdict") },
    { TRUE, "goal.show", "verdict_show", N_("Show Me edits") },
    { TRUE, "goal.quantity", "predict_quantity", N_("Quantity") },
    { TRUE, "goal.of", "predict_of", N_("Of") },
    { TRUE, "goal.tolerance", "predict_tolerance", N_("Within") },
    { TRUE, "goal.expect", "predict_expect", N_("Expected") },
    { TRUE, "goal.modes", "mode_detection", N_("Modes") },
    { TRUE, "goal.integrator", "mode_integrator", N_("Integrator") },
    { TRUE, "goal.substeps", "mode_substeps", N_("Substeps") },
    { TRUE, "goal.frame", NULL, N_("Goal frame") },
  };
  const ImpLessonStep *step
      = place->step >= 0 ? imp_lesson_draft_get_step (self->draft, (guint) place->step) : NULL;

  *name = NULL;
  for (gsize i = 0; place->field != NULL && i < G_N_ELEMENTS (fields); i++)
    {
      if (fields[i].in_step != (place->step >= 0) || strcmp (fields[i].field, place->field) != 0)
        continue;
      *name = _(fields[i].name);
      const char *widget = fields[i].widget;
      if (g_str_equal (place->field, "goal.frame") && step != NULL)
        widget = step->goal.kind == IMP_GOAL_FRAME     ? "frame_goal_frame"
                 : step->goal.kind == IMP_GOAL_EVENT   ? "event_frame"
                 : step->goal.kind == IMP_GOAL_PREDICT ? "predict_frame"
                 : step->goal.kind == IMP_GOAL_MODE    ? "mode_frame"
                                                       : "verdict_show";
      if (g_str_equal (place->field, "goal.between") && step != NULL)
        widget = step->goal.kind == IMP_GOAL_EVENT ? "event_between" : "verdict_between";
      return widget != NULL ? imp_lesson_editor_get_field (self, widget) : NULL;
    }
  return NULL;
}

/* Marks where the check's mistake is: the step's row, and the field when that
 * step is the one shown. */
static void
mark (ImpLessonEditor *self)
{
  const char *name = NULL;
  GtkWidget *widget = NULL;

  if (self->marked != NULL)
    gtk_widget_remove_css_class (self->marked, "error");
  g_clear_object (&self->marked);
  if (self->passes || self->message == NULL)
    return;
  widget = field_widget (self, &self->place, &name);
  if (widget != NULL && (self->place.step < 0 || self->place.step == self->step))
    {
      gtk_widget_add_css_class (widget, "error");
      self->marked = g_object_ref (widget);
    }
}

static void
update_buttons (ImpLessonEditor *self)
{
  gtk_widget_set_sensitive (self->rehearse_button, self->draft != NULL && self->passes);
  gtk_widget_set_sensitive (self->save_button, imp_lesson_editor_can_save (self));
}

static void
show_check (ImpLessonEditor *self)
{
  const char *name = NULL;

  if (self->passes)
    {
      gtk_image_set_from_icon_name (self->check_icon, "object-select-symbolic");
      gtk_label_set_text (self->check_place, _("The draft passes impulse check."));
      gtk_label_set_text (self->check_text, "");
    }
  else
    {
      field_widget (self, &self->place, &name);
      int step = self->place.step + 1;
      g_autofree char *where
          = self->place.step < 0 ? g_strdup (name != NULL ? name : _("The lesson"))
            : name != NULL       ? g_strdup_printf (_("Step %d \u203a %s"), step, name)
                                 : g_strdup_printf (_("Step %d"), step);
      gtk_image_set_from_icon_name (self->check_icon, "dialog-warning-symbolic");
      gtk_label_set_text (self->check_place, where);
      gtk_label_set_text (self->check_text, self->message);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->check_text), !self->passes);
  gtk_widget_set_visible (self->check_go, !self->passes && name != NULL);

  if (self->rehearsed)
    gtk_label_set_text (self->rehearsal_text, _("Show Me reached every goal, each unmet when its "
                                                "step started."));
  else if (self->rehearsal_failed < 0)
    gtk_label_set_text (self->rehearsal_text,
                        self->passes ? _("Run Show Me on every step before saving.") : "");
  gtk_widget_set_visible (GTK_WIDGET (self->rehearsal_text),
                          gtk_label_get_text (self->rehearsal_text)[0] != '\0');
  mark (self);
  update_buttons (self);
}

/**
 * imp_lesson_editor_check_now:
 * @self: an editor with a draft
 *
 * Checks the draft now, as `impulse check` would the file it is saved as, and
 * shows the result: the message and, marked, the step and field it is about.
 */
void
imp_lesson_editor_check_now (ImpLessonEditor *self)
{
  g_clear_handle_id (&self->check_id, g_source_remove);
  if (self->draft == NULL)
    return;
  g_autofree char *name = display_name (self);
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) lesson = imp_lesson_draft_check (self->draft, name, &self->place, &error);

  self->passes = lesson != NULL;
  g_clear_pointer (&self->message, g_free);
  if (error != NULL)
    self->message = g_strdup (error->message);
  show_check (self);
  rebuild_rows (self);
}

static gboolean
check_later (gpointer data)
{
  ImpLessonEditor *self = data;
  self->check_id = 0;
  imp_lesson_editor_check_now (self);
  return G_SOURCE_REMOVE;
}

/* After any change to the draft: Show Me must run again, and the check soon. */
static void
schedule_check (ImpLessonEditor *self)
{
  self->rehearsed = FALSE;
  self->rehearsal_failed = -1;
  gtk_label_set_text (self->saved_text, "");
  update_buttons (self);
  g_clear_handle_id (&self->check_id, g_source_remove);
  self->check_id = g_timeout_add (CHECK_DELAY_MS, check_later, self);
}

/**
 * imp_lesson_editor_rehearse:
 * @self: an editor whose draft passes the check
 *
 * Runs Show Me on every step with the app's own player (imp_lesson_rehearse()),
 * as the "Run Show Me on Every Step" button does. Saving opens when it passes.
 *
 * Returns: whether every goal was unmet on entering its step and met after Show Me
 */
gboolean
imp_lesson_editor_rehearse (ImpLessonEditor *self)
{
  imp_lesson_editor_check_now (self);
  if (!self->passes)
    return FALSE;
  g_autofree char *name = display_name (self);
  g_autoptr (GError) error = NULL;
  ImpLesson *lesson = imp_lesson_draft_check (self->draft, name, NULL, NULL);
  int failed = -1;

  self->rehearsed = imp_lesson_rehearse (lesson, &failed, &error);
  self->rehearsal_failed = failed;
  if (error != NULL)
    gtk_label_set_text (self->rehearsal_text, error->message);
  show_check (self);
  rebuild_rows (self);
  return self->rehearsed;
}

/**
 * imp_lesson_editor_can_save:
 * @self: an editor
 *
 * Returns: whether the draft as it is now passes the check and Show Me has
 *   reached every goal
 */
gboolean
imp_lesson_editor_can_save (ImpLessonEditor *self)
{
  return self->draft != NULL && self->passes && self->rehearsed && self->check_id == 0;
}

/**
 * imp_lesson_editor_get_check:
 * @self: an editor
 * @place: (out) (optional): where the mistake is
 * @message: (out) (optional) (transfer none): the message `impulse check` would print
 *
 * Returns: whether the draft passed its last check
 */
gboolean
imp_lesson_editor_get_check (ImpLessonEditor *self, ImpLessonDraftPlace *place,
                             const char **message)
{
  if (place != NULL)
    *place = self->place;
  if (message != NULL)
    *message = self->message;
  return self->passes;
}

/* Reading the widgets into the draft */

static void
step_selection (const ImpLessonStep *step, ImpLessonGoal *goal, int wanted)
{
  for (int i = 0; i < wanted && i < step->action.n_select; i++)
    goal->bodies[goal->n_bodies++] = g_strdup (step->action.select[i]);
}

/* The goal the goal widgets show, for the step shown. */
static void
read_goal (ImpLessonEditor *self, const ImpLessonStep *step, ImpLessonGoal *goal)
{
  imp_lesson_goal_init (goal);
  goal->kind = (ImpGoalKind) gtk_drop_down_get_selected (self->goal_kind);
  goal->hint = editable_text_or_null (self->goal_hint);
  switch (goal->kind)
    {
    case IMP_GOAL_FRAME:
      goal->frame = gtk_spin_button_get_value_as_int (self->frame_goal_frame);
      break;
    case IMP_GOAL_EVENT:
      {
        guint kind = gtk_drop_down_get_selected (self->event_kind);
        if (kind > 0 && kind <= G_N_ELEMENTS (event_kinds))
          goal->event_kinds = 1u << event_kinds[kind - 1];
        if (gtk_check_button_get_active (self->event_between))
          step_selection (step, goal, 2);
        if (gtk_check_button_get_active (self->event_has_frame))
          goal->frame = gtk_spin_button_get_value_as_int (self->event_frame);
        break;
      }
    case IMP_GOAL_VERDICT:
      {
        /* The verdict's frame and Show Me's edit are the edit taken from the session. */
        const ImpLessonGoal *was = &step->goal;
        step_selection (step, goal, 2);
        guint verdict = gtk_drop_down_get_selected (self->verdict_name);
        goal->verdict = verdict < N_GOAL_VERDICTS ? g_strdup (goal_verdict (verdict)) : NULL;
        goal->has_show_edit = was->kind == IMP_GOAL_VERDICT && was->has_show_edit;
        goal->show_edit = was->show_edit;
        goal->frame = goal->has_show_edit ? was->frame : step->action.frame;
        break;
      }
    case IMP_GOAL_PREDICT:
      {
        guint q = gtk_drop_down_get_selected (self->predict_quantity);
        if (q > 0 && q <= imp_n_quantities)
          {
            const ImpQuantityInfo *info = &imp_quantities[q - 1];
            goal->quantity = g_strdup (info->name);
            step_selection (step, goal,
                            info->scope == IMP_QUANTITY_WORLD  ? 0
                            : info->scope == IMP_QUANTITY_BODY ? 1
                                                               : 2);
          }
        goal->frame = gtk_spin_button_get_value_as_int (self->predict_frame);
        double tolerance = number_in (self->predict_tolerance);
        /* Not a number is no tolerance: the check says one > 0 is expected. */
        goal->tolerance = isnan (tolerance) ? 0.0 : tolerance;
        double expect = number_in (self->predict_expect);
        goal->has_expect = !isnan (expect);
        goal->expect = goal->has_expect ? expect : 0.0;
        break;
      }
    case IMP_GOAL_MODE:
      {
        ImpLessonModes *modes = &goal->modes;
        guint detection = gtk_drop_down_get_selected (self->mode_detection);
        if (detection > 0)
          {
            modes->mode_mask |= IMP_LESSON_MODE_DETECTION;
            modes->modes.detection
                = detection == 1 ? PHYS_DETECTION_SWEPT : PHYS_DETECTION_DISCRETE;
          }
        for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
          {
            guint choice = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->mode_dropdowns[i]));
            if (choice == 0)
              continue;
            modes->mode_mask |= imp_teaching_modes[i].bit;
            *imp_teaching_mode_flag (&modes->modes, &imp_teaching_modes[i]) = choice == 1;
          }
        guint integrator = gtk_drop_down_get_selected (self->mode_integrator);
        modes->has_integrator = integrator > 0;
        modes->integrator = integrator > 0 ? (PhysIntegrator) (integrator - 1)
                                           : PHYS_INTEGRATOR_EULER;
        modes->substeps = gtk_spin_button_get_value_as_int (self->mode_substeps);
        int frame = gtk_spin_button_get_value_as_int (self->mode_frame);
        goal->frame = frame > 0 ? frame : -1;
        break;
      }
    case IMP_GOAL_NONE:
    default:
      g_clear_pointer (&goal->hint, g_free);
      break;
    }
}

/* Every change the teacher makes to the step shown goes to the draft at once. */
static void
read_step (ImpLessonEditor *self)
{
  ImpLessonStep *step = current (self);
  if (step == NULL)
    return;
  GtkTextIter start, end;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->step_text);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  g_autofree char *text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);

  imp_lesson_draft_set_string (&step->title, NULL);
  step->title = editable_text_or_null (self->step_title);
  imp_lesson_draft_set_string (&step->text, text);
  step->action.frame = gtk_spin_button_get_value_as_int (self->step_frame);
  ImpLessonGoal goal;
  read_goal (self, step, &goal);
  imp_lesson_draft_set_goal (self->draft, (guint) self->step, &goal);
  imp_lesson_goal_clear (&goal);
}

static void
read_lesson (ImpLessonEditor *self)
{
  ImpLessonDraft *draft = self->draft;
  guint topic = gtk_drop_down_get_selected (self->lesson_topic);

  g_free (draft->title);
  draft->title = editable_text_or_null (self->lesson_title);
  g_free (draft->summary);
  draft->summary = editable_text_or_null (self->lesson_summary);
  imp_lesson_draft_set_string (&draft->topic, topic > 0 && topic <= IMP_N_TOPIC_NAMES
                                                  ? imp_topic_names[topic - 1]
                                                  : NULL);
  if (!self->id_typed)
    {
      g_autofree char *id = imp_lesson_draft_suggest_id (draft->title);
      self->loading = TRUE;
      set_editable (self->lesson_id, draft->title != NULL ? id : NULL);
      self->loading = FALSE;
    }
  g_free (draft->id);
  draft->id = editable_text_or_null (self->lesson_id);
}

static void
field_changed (ImpLessonEditor *self)
{
  if (self->loading || self->draft == NULL)
    return;
  read_lesson (self);
  read_step (self);
  schedule_check (self);
}

static void
id_changed (ImpLessonEditor *self)
{
  if (self->loading || self->draft == NULL)
    return;
  self->id_typed = gtk_editable_get_text (self->lesson_id)[0] != '\0';
  field_changed (self);
}

/* Filling the widgets from the draft */

static char *
enter_words (const ImpLessonAction *action)
{
  GString *out = g_string_new (NULL);

  if (action->event >= 0)
    g_string_append_printf (out, _("stepped into event %d; "), action->event);
  if (!action->has_select)
    g_string_append (out, _("the selection as it was; "));
  else
    {
      g_autofree char *names = names_words (action->select, action->n_select);
      g_string_append_printf (out, _("%s selected; "), names);
    }
  if (!action->has_overlays)
    g_string_append (out, _("the overlays as they were"));
  else
    {
      const char *separator = " ";
      g_string_append (out, _("overlays:"));
      for (gsize i = 0; i < G_N_ELEMENTS (overlay_labels); i++)
        if (action->overlays & (1u << i))
          {
            g_string_append (out, separator);
            /* Translators: an overlay as its menu item names it, in quotes */
            g_string_append_printf (out, _("\u201c%s\u201d"), overlay_label (i));
            separator = ", ";
          }
    }
  return g_string_free (out, FALSE);
}

/* What the verdict page offers Show Me to apply: the goal's edit, and the
 * session's edits after frame 0 (those a lesson's own "edits" cannot hold). */
static void
fill_show_edits (ImpLessonEditor *self, const ImpLessonGoal *goal)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  guint selected = 0;

  g_array_set_size (self->offered_edits, 0);
  g_ptr_array_add (items, g_strdup (_("Nothing yet")));
  if (goal->kind == IMP_GOAL_VERDICT && goal->has_show_edit)
    {
      g_ptr_array_add (items, edit_words ((int) goal->frame, &goal->show_edit));
      int none = -1;
      g_array_append_val (self->offered_edits, none);
      selected = 1;
    }
  for (guint i = 0; i < self->draft->edits->len; i++)
    {
      const ImpSessionFileEdit *edit = &g_array_index (self->draft->edits, ImpSessionFileEdit, i);
      if (edit->frame == 0)
        continue;
      g_ptr_array_add (items, edit_words ((int) edit->frame, &edit->edit));
      int index = (int) i;
      g_array_append_val (self->offered_edits, index);
    }
  g_ptr_array_add (items, NULL);
  set_strings (self->verdict_show, (const char *const *) items->pdata);
  gtk_drop_down_set_selected (self->verdict_show, selected);
}

static void
show_goal (ImpLessonEditor *self, const ImpLessonStep *step)
{
  const ImpLessonGoal *goal = &step->goal;

  gtk_drop_down_set_selected (self->goal_kind, (guint) goal->kind);
  gtk_stack_set_visible_child_name (self->goal_pages, goal_pages[goal->kind]);
  set_editable (self->goal_hint, goal->hint);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->goal_hint)),
                          goal->kind != IMP_GOAL_NONE);

  gint64 frame = goal->frame >= 0 ? goal->frame : step->action.frame;
  gtk_spin_button_set_value (self->frame_goal_frame, (double) frame);
  gtk_spin_button_set_value (self->event_frame, (double) frame);
  gtk_spin_button_set_value (self->predict_frame, (double) frame);
  gtk_spin_button_set_value (self->mode_frame, goal->kind == IMP_GOAL_MODE && goal->frame > 0
                                                   ? (double) goal->frame
                                                   : 0.0);
  guint kind = 0;
  for (gsize k = 0; k < G_N_ELEMENTS (event_kinds); k++)
    if (goal->event_kinds & (1u << event_kinds[k]))
      kind = (guint) k + 1;
  gtk_drop_down_set_selected (self->event_kind, kind);
  gtk_check_button_set_active (self->event_between, goal->n_bodies == 2);
  gtk_check_button_set_active (self->event_has_frame, goal->kind == IMP_GOAL_EVENT
                                                          && goal->frame >= 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->event_between), step->action.n_select == 2);

  g_autofree char *pair = names_words (step->action.select, step->action.n_select);
  g_autofree char *between = g_strdup_printf (_("%s (the step's selection)"), pair);
  gtk_label_set_text (self->verdict_between, between);
  for (guint i = 0; i < N_GOAL_VERDICTS; i++)
    if (g_strcmp0 (goal_verdict (i), goal->verdict) == 0)
      gtk_drop_down_set_selected (self->verdict_name, i);
  fill_show_edits (self, goal);

  guint q = 0;
  for (gsize i = 0; goal->quantity != NULL && i < imp_n_quantities; i++)
    if (g_str_equal (imp_quantities[i].name, goal->quantity))
      q = (guint) i + 1;
  gtk_drop_down_set_selected (self->predict_quantity, q);
  g_autofree char *of = g_strdup_printf (_("%s (the step's selection, as the quantity needs)"),
                                         pair);
  gtk_label_set_text (self->predict_of, of);
  set_number (self->predict_tolerance, goal->tolerance,
              goal->kind == IMP_GOAL_PREDICT && goal->tolerance > 0);
  set_number (self->predict_expect, goal->expect, goal->has_expect);

  const ImpLessonModes *modes = &goal->modes;
  gtk_drop_down_set_selected (self->mode_detection,
                              !(modes->mode_mask & IMP_LESSON_MODE_DETECTION) ? 0
                              : modes->modes.detection == PHYS_DETECTION_SWEPT ? 1
                                                                               : 2);
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    {
      PhysModes named = modes->modes;
      gboolean on = *imp_teaching_mode_flag (&named, &imp_teaching_modes[i]);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->mode_dropdowns[i]),
                                  !(modes->mode_mask & imp_teaching_modes[i].bit) ? 0
                                  : on                                             ? 1
                                                                                   : 2);
    }
  gtk_drop_down_set_selected (self->mode_integrator,
                              modes->has_integrator ? (guint) modes->integrator + 1 : 0);
  gtk_spin_button_set_value (self->mode_substeps, modes->substeps);
}

static void
show_step (ImpLessonEditor *self)
{
  const ImpLessonStep *step = current (self);

  gtk_widget_set_visible (self->step_box, step != NULL);
  if (step == NULL)
    return;
  self->loading = TRUE;
  g_autofree char *heading = g_strdup_printf (_("Step %d"), self->step + 1);
  gtk_label_set_text (self->step_heading, heading);
  set_editable (self->step_title, step->title);
  gtk_spin_button_set_value (self->step_frame, (double) step->action.frame);
  g_autofree char *enter = enter_words (&step->action);
  gtk_label_set_text (self->step_enter, enter);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->step_text);
  gtk_text_buffer_set_text (buffer, step->text != NULL ? step->text : "", -1);
  show_goal (self, step);
  self->loading = FALSE;
  mark (self);
}

/* The topics as the course teaches them: each by the title of its shipped lesson, in the
 * learner's language (by its name where no lesson has it). The lessons are read when the
 * first draft opens, not with every window. */
static void
name_topics (ImpLessonEditor *self)
{
  g_auto (GStrv) uris = imp_lesson_list_shipped ();
  g_autoptr (GPtrArray) lessons = g_ptr_array_new_with_free_func ((GDestroyNotify) imp_lesson_free);
  const char *items[1 + IMP_N_TOPIC_NAMES + 1] = { _("Choose a topic") };

  for (guint i = 0; i < IMP_N_TOPIC_NAMES; i++)
    items[1 + i] = imp_topic_names[i];
  for (guint k = 0; uris[k] != NULL; k++)
    {
      ImpLesson *lesson = imp_lesson_load (uris[k], NULL);
      if (lesson == NULL)
        continue;
      g_ptr_array_add (lessons, lesson);
      for (guint i = 0; lesson->topic != NULL && i < IMP_N_TOPIC_NAMES; i++)
        if (g_str_equal (imp_topic_names[i], lesson->topic))
          items[1 + i] = lesson->title;
    }
  /* A new list selects anew: not the teacher's change. */
  gboolean was_loading = self->loading;
  self->loading = TRUE;
  set_strings (self->lesson_topic, items);
  self->loading = was_loading;
  self->topics_named = TRUE;
}

static void
fill_lesson (ImpLessonEditor *self)
{
  ImpLessonDraft *draft = self->draft;
  guint topic = 0;

  self->loading = TRUE;
  set_editable (self->lesson_title, draft->title);
  set_editable (self->lesson_summary, draft->summary);
  set_editable (self->lesson_id, draft->id);
  for (guint i = 0; draft->topic != NULL && i < IMP_N_TOPIC_NAMES; i++)
    if (g_str_equal (imp_topic_names[i], draft->topic))
      topic = i + 1;
  gtk_drop_down_set_selected (self->lesson_topic, topic);
  self->loading = FALSE;
}

/* Handlers */

/* The canvas shows the step as it will open: its frame (and event), selection
 * and overlays, on the teacher's own recording. */
static void
preview (ImpLessonEditor *self)
{
  const ImpLessonStep *step = current (self);
  if (step == NULL || self->session == NULL
      || imp_recording_is_empty (imp_session_get_recording (self->session)))
    return;
  const ImpLessonAction *action = &step->action;
  imp_session_record_to (self->session, action->frame + 1);
  if (action->event >= 0)
    imp_session_go_to_event (self->session, action->frame, action->event);
  else
    imp_session_set_frame (self->session, action->frame);
  if (action->has_select)
    {
      g_autoptr (PhysWorld) world
          = imp_recording_seek (imp_session_get_recording (self->session), action->frame);
      PhysBodyRef none = { (PhysBodyKind) -1, -1 }, ref;
      imp_session_select_body (self->session, none, FALSE);
      for (int i = 0, n = 0; world != NULL && i < action->n_select; i++)
        if (phys_world_find (world, action->select[i], &ref))
          imp_session_select_body (self->session, ref, n++ > 0);
    }
  if (action->has_overlays)
    imp_view_options_set_overlays (imp_session_get_view_options (self->session),
                                   action->overlays);
}

static void
step_selected (ImpLessonEditor *self, GtkListBoxRow *row)
{
  if (self->loading)
    return;
  self->step = row != NULL ? gtk_list_box_row_get_index (row) : -1;
  show_step (self);
  preview (self);
}

/* A goal of another kind starts from what the step suggests. */
static void
goal_kind_chosen (ImpLessonEditor *self)
{
  ImpLessonStep *step = current (self);
  if (self->loading || step == NULL)
    return;
  ImpGoalKind kind = (ImpGoalKind) gtk_drop_down_get_selected (self->goal_kind);
  ImpLessonGoal goal;

  imp_lesson_goal_init (&goal);
  goal.kind = kind;
  goal.hint = g_strdup (step->goal.hint);
  switch (kind)
    {
    case IMP_GOAL_FRAME:
      goal.frame = step->action.frame + 1;
      break;
    case IMP_GOAL_EVENT:
      goal.event_kinds = 1u << PHYS_EVENT_CIRCLE_CIRCLE;
      step_selection (step, &goal, step->action.n_select == 2 ? 2 : 0);
      break;
    case IMP_GOAL_VERDICT:
      step_selection (step, &goal, 2);
      goal.verdict = g_strdup (phys_verdict_name (PHYS_VERDICT_HIT));
      goal.frame = step->action.frame;
      break;
    case IMP_GOAL_PREDICT:
      goal.frame = step->action.frame;
      goal.tolerance = 0.01;
      break;
    case IMP_GOAL_MODE:
      goal.modes.mode_mask = IMP_LESSON_MODE_DETECTION;
      goal.modes.modes.detection = PHYS_DETECTION_DISCRETE;
      goal.frame = step->action.frame + 1;
      break;
    case IMP_GOAL_NONE:
    default:
      g_clear_pointer (&goal.hint, g_free);
      break;
    }
  imp_lesson_draft_set_goal (self->draft, (guint) self->step, &goal);
  imp_lesson_goal_clear (&goal);
  show_step (self);
  schedule_check (self);
}

static gboolean
refresh_step (gpointer data)
{
  ImpLessonEditor *self = data;
  self->refresh_id = 0;
  show_step (self);
  return G_SOURCE_REMOVE;
}

static void
show_edit_chosen (ImpLessonEditor *self)
{
  ImpLessonStep *step = current (self);
  if (self->loading || step == NULL || step->goal.kind != IMP_GOAL_VERDICT)
    return;
  guint chosen = gtk_drop_down_get_selected (self->verdict_show);
  if (chosen == GTK_INVALID_LIST_POSITION)
    return;
  int edit = chosen == 0 ? -1 : g_array_index (self->offered_edits, int, chosen - 1);
  gboolean keeps = chosen > 0 && edit < 0; /* the goal's own edit, chosen again */
  if (!keeps)
    imp_lesson_draft_take_show_edit (self->draft, (guint) self->step, edit);
  /* The offered edits change with the choice: the drop-down's list is made again
   * once it has done telling of this one. */
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_step, self);
  schedule_check (self);
}

static void
remove_step_clicked (ImpLessonEditor *self)
{
  if (current (self) == NULL || imp_lesson_draft_n_steps (self->draft) <= 1)
    return;
  imp_lesson_draft_remove_step (self->draft, (guint) self->step);
  self->step = MIN (self->step, (int) imp_lesson_draft_n_steps (self->draft) - 1);
  rebuild_rows (self);
  show_step (self);
  schedule_check (self);
}

static gboolean
scroll_to_marked (gpointer data)
{
  ImpLessonEditor *self = data;
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (self->scroller);
  GtkWidget *content = gtk_scrolled_window_get_child (scroller);
  graphene_point_t at;

  /* Positions in what scrolls, not in the window onto it. */
  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  /* Not laid out yet (its page was just shown): a moment more. */
  if (self->marked != NULL && gtk_widget_get_height (self->marked) == 0
      && self->scroll_tries++ < 10)
    return G_SOURCE_CONTINUE;
  self->scroll_id = 0;
  if (self->marked != NULL && content != NULL
      && gtk_widget_compute_point (self->marked, content, &GRAPHENE_POINT_INIT (0, 0), &at))
    {
      GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (scroller);
      /* The field a third of the way down, with what leads to it above. */
      gtk_adjustment_set_value (v, at.y - gtk_adjustment_get_page_size (v) / 3.0);
    }
  return G_SOURCE_REMOVE;
}

/* Shows the step the check is about and puts the cursor in its field; the pane
 * scrolls to it. */
static void
go_to_mistake (ImpLessonEditor *self)
{
  const char *name;
  if (self->passes || self->draft == NULL)
    return;
  if (self->place.step >= 0 && self->place.step != self->step)
    imp_lesson_editor_select_step (self, (guint) self->place.step);
  GtkWidget *widget = field_widget (self, &self->place, &name);
  if (widget != NULL)
    {
      gtk_widget_grab_focus (widget);
      /* Scrolled to once the step's widgets are laid out again. */
      g_clear_handle_id (&self->scroll_id, g_source_remove);
      self->scroll_tries = 0;
      self->scroll_id = g_timeout_add (50, scroll_to_marked, self);
    }
}

static void
rehearse_clicked (ImpLessonEditor *self)
{
  imp_lesson_editor_rehearse (self);
}

/**
 * imp_lesson_editor_save_to:
 * @self: an editor that can save (imp_lesson_editor_can_save())
 * @path: the lesson file to write
 * @error: why it was not written: the check's message for @path, or the file's
 *
 * Saves the draft (imp_lesson_draft_save(): checked as @path, written
 * atomically); later checks name @path, as `impulse check` of it would.
 *
 * Returns: %TRUE when written
 */
gboolean
imp_lesson_editor_save_to (ImpLessonEditor *self, const char *path, GError **error)
{
  g_return_val_if_fail (imp_lesson_editor_can_save (self), FALSE);
  if (!imp_lesson_draft_save (self->draft, path, &self->place, error))
    {
      gtk_label_set_text (self->saved_text, (*error)->message);
      return FALSE;
    }
  g_free (self->saved_path);
  self->saved_path = g_strdup (path);
  g_autofree char *said = g_strdup_printf (_("Saved as %s. Open it with Open a File, or add its "
                                             "folder to the Lessons list."),
                                           path);
  gtk_label_set_text (self->saved_text, said);
  return TRUE;
}

static void
saved_chosen (GtkNativeDialog *dialog, int response, ImpLessonEditor *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;
      if (path != NULL && imp_lesson_editor_can_save (self))
        imp_lesson_editor_save_to (self, path, &error);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
save_clicked (ImpLessonEditor *self)
{
  if (!imp_lesson_editor_can_save (self))
    return;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _("Save the Lesson"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  g_autofree char *name = g_strdup_printf ("%s.json", self->draft->id);
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Impulse lessons"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect (dialog, "response", G_CALLBACK (saved_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Public API */

GtkWidget *
imp_lesson_editor_new (void)
{
  return g_object_new (IMP_TYPE_LESSON_EDITOR, NULL);
}

/**
 * imp_lesson_editor_start:
 * @self: an editor attached to a session
 * @error: why no draft can be made (a session without bookmarks)
 *
 * Makes a new draft of the session as it is now and shows its first step.
 *
 * Returns: whether there is a draft
 */
gboolean
imp_lesson_editor_start (ImpLessonEditor *self, GError **error)
{
  g_return_val_if_fail (self->session != NULL, FALSE);
  if (imp_recording_is_empty (imp_session_get_recording (self->session)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Nothing is open."));
      return FALSE;
    }
  g_autoptr (ImpSessionFile) file = imp_session_dup_file (self->session);
  ImpLessonDraft *draft = imp_lesson_draft_new (file, error);
  if (draft == NULL)
    return FALSE;
  g_clear_pointer (&self->draft, imp_lesson_draft_free);
  g_clear_pointer (&self->saved_path, g_free);
  self->draft = draft;
  self->id_typed = FALSE;
  self->step = 0;
  if (!self->topics_named)
    name_topics (self);
  fill_lesson (self);
  rebuild_rows (self);
  show_step (self);
  preview (self);
  schedule_check (self);
  imp_lesson_editor_check_now (self);
  return TRUE;
}

ImpLessonDraft *
imp_lesson_editor_get_draft (ImpLessonEditor *self)
{
  return self->draft;
}

/**
 * imp_lesson_editor_select_step:
 * @self: an editor with a draft
 * @i: a step index
 *
 * Shows step @i, as choosing its row does.
 */
void
imp_lesson_editor_select_step (ImpLessonEditor *self, guint i)
{
  g_return_if_fail (self->draft != NULL && i < imp_lesson_draft_n_steps (self->draft));
  gtk_list_box_select_row (self->steps, gtk_list_box_get_row_at_index (self->steps, (int) i));
}

/**
 * imp_lesson_editor_get_field:
 * @self: an editor
 * @name: a widget's id in imp-lesson-editor.ui ("lesson_title", "goal_kind"...)
 *
 * Returns: (transfer none) (nullable): the widget
 */
GtkWidget *
imp_lesson_editor_get_field (ImpLessonEditor *self, const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (self), IMP_TYPE_LESSON_EDITOR, name);
  return GTK_IS_WIDGET (object) ? GTK_WIDGET (object) : NULL;
}

/**
 * imp_lesson_editor_get_actions:
 * @self: an attached editor
 *
 * Returns: (transfer none) (nullable): the "lesson" actions it gave the window
 */
GActionGroup *
imp_lesson_editor_get_actions (ImpLessonEditor *self)
{
  return self->actions != NULL ? G_ACTION_GROUP (self->actions) : NULL;
}

/* The window's "lesson" actions */

static void
reveal (ImpLessonEditor *self, gboolean shown)
{
  GtkWidget *flap = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_FLAP);
  gtk_widget_set_visible (GTK_WIDGET (self), shown);
  if (flap != NULL)
    adw_flap_set_reveal_flap (ADW_FLAP (flap), shown);
}

static void
act_new_from_session (GSimpleAction *action, GVariant *param, gpointer data)
{
  ImpLessonEditor *self = data;
  g_autoptr (GError) error = NULL;

  if (!imp_lesson_editor_start (self, &error))
    {
      AdwToastOverlay *toasts = ADW_TOAST_OVERLAY (
          gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY));
      g_autofree char *escaped = g_markup_escape_text (error->message, -1);
      if (toasts != NULL)
        adw_toast_overlay_add_toast (toasts, adw_toast_new (escaped));
      return;
    }
  reveal (self, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->lesson_title));
}

static void
act_close_editor (GSimpleAction *action, GVariant *param, gpointer data)
{
  reveal (IMP_LESSON_EDITOR (data), FALSE);
}

/* A draft needs bookmarks: the action is open while the session has some. */
static void
update_actions (ImpLessonEditor *self)
{
  GAction *start = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "new-from-session");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (start),
                               self->session != NULL
                                   && imp_session_get_n_bookmarks (self->session) > 0);
}

/**
 * imp_lesson_editor_attach:
 * @self: an editor (in the window, in a flap of its own)
 * @window: the window, which gets the "lesson" actions: "lesson.new-from-session"
 *   (open while the session has bookmarks) and "lesson.close-editor"
 * @session: the window's session
 */
void
imp_lesson_editor_attach (ImpLessonEditor *self, GtkWidget *window, ImpSession *session)
{
  static const GActionEntry entries[] = {
    { "new-from-session", act_new_from_session, NULL, NULL, NULL, { 0 } },
    { "close-editor", act_close_editor, NULL, NULL, NULL, { 0 } },
  };

  g_set_object (&self->session, session);
  g_clear_object (&self->actions);
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries),
                                   self);
  gtk_widget_insert_action_group (window, "lesson", G_ACTION_GROUP (self->actions));
  g_signal_connect_object (session, "notify::n-bookmarks", G_CALLBACK (update_actions), self,
                           G_CONNECT_SWAPPED);
  update_actions (self);
  reveal (self, FALSE);
}

/* GObject */

static void
imp_lesson_editor_dispose (GObject *object)
{
  ImpLessonEditor *self = IMP_LESSON_EDITOR (object);

  /* Its widgets go now, and signal as they go (a list box's selection): not the teacher's. */
  self->loading = TRUE;
  g_clear_handle_id (&self->check_id, g_source_remove);
  g_clear_handle_id (&self->scroll_id, g_source_remove);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_object (&self->marked);
  g_clear_object (&self->session);
  g_clear_object (&self->actions);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMP_TYPE_LESSON_EDITOR);
  /* The template's outer box has no name to be bound by: it goes here. */
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (imp_lesson_editor_parent_class)->dispose (object);
}

static void
imp_lesson_editor_finalize (GObject *object)
{
  ImpLessonEditor *self = IMP_LESSON_EDITOR (object);

  imp_lesson_draft_free (self->draft);
  g_free (self->message);
  g_free (self->saved_path);
  g_array_unref (self->offered_edits);
  G_OBJECT_CLASS (imp_lesson_editor_parent_class)->finalize (object);
}

#define BIND(name) gtk_widget_class_bind_template_child (widget_class, ImpLessonEditor, name)

static void
imp_lesson_editor_class_init (ImpLessonEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imp_lesson_editor_dispose;
  object_class->finalize = imp_lesson_editor_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "lessoneditor");
  (void) impulse_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/impulselab/Impulse/ui/imp-lesson-editor.ui");
  BIND (scroller);
  BIND (lesson_title);
  BIND (lesson_summary);
  BIND (lesson_topic);
  BIND (lesson_id);
  BIND (steps);
  BIND (step_box);
  BIND (step_heading);
  BIND (step_title);
  BIND (step_frame);
  BIND (step_enter);
  BIND (step_text);
  BIND (goal_kind);
  BIND (goal_pages);
  BIND (frame_goal_frame);
  BIND (event_kind);
  BIND (event_between);
  BIND (event_has_frame);
  BIND (event_frame);
  BIND (verdict_between);
  BIND (verdict_name);
  BIND (verdict_show);
  BIND (predict_quantity);
  BIND (predict_of);
  BIND (predict_frame);
  BIND (predict_tolerance);
  BIND (predict_expect);
  BIND (mode_grid);
  BIND (mode_detection);
  BIND (mode_integrator);
  BIND (mode_substeps);
  BIND (mode_frame);
  BIND (goal_hint);
  BIND (remove_step);
  BIND (check_icon);
  BIND (check_place);
  BIND (check_go);
  BIND (check_text);
  BIND (rehearsal_text);
  BIND (rehearse_button);
  BIND (save_button);
  BIND (saved_text);
  gtk_widget_class_bind_template_callback (widget_class, field_changed);
  gtk_widget_class_bind_template_callback (widget_class, id_changed);
  gtk_widget_class_bind_template_callback (widget_class, goal_kind_chosen);
  gtk_widget_class_bind_template_callback (widget_class, show_edit_chosen);
  gtk_widget_class_bind_template_callback (widget_class, step_selected);
  gtk_widget_class_bind_template_callback (widget_class, remove_step_clicked);
  gtk_widget_class_bind_template_callback (widget_class, rehearse_clicked);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked);
  gtk_widget_class_bind_template_callback (widget_class, go_to_mistake);
}

/* The choices that come from the vocabulary's tables rather than the template. */
static void
fill_choices (ImpLessonEditor *self)
{
  g_autoptr (GPtrArray) quantities = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (quantities, g_strdup (_("Choose a quantity")));
  for (gsize i = 0; i < imp_n_quantities; i++)
    g_ptr_array_add (quantities, g_strdup_printf ("%s \u2014 %s", imp_quantities[i].name,
                                                  _(imp_quantities[i].meaning)));
  g_ptr_array_add (quantities, NULL);
  set_strings (self->predict_quantity, (const char *const *) quantities->pdata);

  /* Shown in the learner's language, kept by index (goal_verdict()). */
  const char *verdicts[N_GOAL_VERDICTS + 1];
  for (guint v = 0; v < N_GOAL_VERDICTS; v++)
    verdicts[v] = imp_i18n_verdict_name (goal_verdict (v));
  verdicts[N_GOAL_VERDICTS] = NULL;
  set_strings (self->verdict_name, verdicts);

  const char *integrators[PHYS_N_INTEGRATORS + 2] = { _("Leave as it is") };
  for (int i = 0; i < PHYS_N_INTEGRATORS; i++)
    integrators[i + 1]
        = imp_i18n_physics_name ("integrator", phys_integrator_name ((PhysIntegrator) i));
  integrators[PHYS_N_INTEGRATORS + 1] = NULL;
  set_strings (self->mode_integrator, integrators);

  /* One row a teaching mode, after the grid's own. */
  const char *const states[] = { _("Leave as it is"), _("On"), _("Off"), NULL };
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    {
      GtkWidget *label = gtk_label_new (_(imp_teaching_modes[i].name));
      GtkWidget *dropdown = gtk_drop_down_new_from_strings (states);
      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 14);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_accessible_update_relation (GTK_ACCESSIBLE (dropdown),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
      g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (field_changed), self);
      gtk_grid_attach (self->mode_grid, label, 0, 4 + (int) i, 1, 1);
      gtk_grid_attach (self->mode_grid, dropdown, 1, 4 + (int) i, 1, 1);
      self->mode_dropdowns[i] = dropdown;
    }
}

static void
imp_lesson_editor_init (ImpLessonEditor *self)
{
  self->step = -1;
  self->rehearsal_failed = -1;
  self->place.step = -1;
  self->offered_edits = g_array_new (FALSE, FALSE, sizeof (int));
  self->loading = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  fill_choices (self);
  self->loading = FALSE;
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->step_text), "changed",
                            G_CALLBACK (field_changed), self);
  gtk_widget_set_visible (self->step_box, FALSE);
  update_buttons (self);
}
