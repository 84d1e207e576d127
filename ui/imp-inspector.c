/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-inspector.c: the inspector sidebar: the card of the selected event
 * (imp-cards.c), updated as the playhead and the selection move. Its static
 * structure is imp-inspector.ui; this file is its behaviour. */
#include "imp-inspector.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imp-body-editor.h"
#include "imp-cards.h"
#include "imp-conceal.h"
#include "imp-label-index.h"
#include "imp-quadratic-plot.h"
#include "imp-render.h"
#include "imp-swept-plot.h"
#include "imp-theme-contrast.h"
#include "impulse-ui-resources.h"

/* Significant digits when nothing else is chosen. */
#define DEFAULT_PRECISION 6

struct _ImpInspector
{
  GtkWidget parent_instance;
  ImpSession *session;
  GtkWidget *scroller;
  GtkLabel *label;
  GtkDrawingArea *plot;     /* f(t) of a circle-circle test, or a rigid pair's search over the
                             * frame (imp-swept-plot.h); hidden otherwise */
  PhysRigidTests *tests;    /* the rigid pair's tests the plot shows, or NULL */
  gboolean plot_lit;        /* the pointer on the plot lit a term on the session */
  GtkSpinButton *precision; /* significant digits of the card's numbers */
  GtkWidget *copy;          /* copies the card as plain text */
  GtkWidget *copy_latex;    /* copies it as LaTeX */
  ImpBodyEditor *editors[2]; /* the bodies of the selection or the selected event */
  GtkLabel *edit_note;       /* where and how the forms' edits apply */
  GArray *terms;             /* ImpCardTerm: the card's lines that compute a term */
  gboolean lit;              /* the pointer on the card lit a term on the session */
};

G_DEFINE_FINAL_TYPE (ImpInspector, imp_inspector, GTK_TYPE_WIDGET)

static const char *const placeholder
    = N_("<b>Nothing selected</b>\n"
         "Step into a frame (Down) or jump to an event (Ctrl+Right): its test and its "
         "response appear here with every number put into the formulas.");

static const char *const concealed_text
    = N_("<b>Your prediction first</b>\n"
         "The lesson asks you, now or in a later step, to predict a number this card "
         "shows. It comes back as soon as you have answered in the lesson panel (or "
         "pressed Show Me).");

static char *card (ImpInspector *self, ImpCardStyle style, GArray *terms);
static void mark_term (ImpInspector *self);

/**
 * imp_inspector_dup_world_summary:
 * @session: a session
 *
 * With nothing selected: what the broad phase does in the playhead's frame
 * (paused only: finding it steps a copy of the world), unless a lesson keeps
 * those counts back.
 *
 * Returns: (transfer full): the inspector's text (markup)
 */
char *
imp_inspector_dup_world_summary (ImpSession *session)
{
  ImpSessionView now;
  imp_session_get_view (session, &now);
  const PhysWorld *world = now.world;
  /* Fewer than two circles make no pair to count. */
  if (world == NULL || imp_session_get_playing (session)
      || phys_world_circle_count (world) < 2 || imp_conceal_world (session))
    return g_strdup (_(placeholder));
  double n = phys_world_circle_count (world);
  double all = n * (n - 1) / 2;
  GString *text = g_string_new (_(placeholder));
  g_string_append_printf (text, "\n\n<b>%s</b>\n", _("This frame"));
  g_string_append_printf (text,
                          ngettext ("%.0f circle, so an all-pairs loop tests n (n \u2212 1) / 2 = "
                                    "%.0f pairs.",
                                    "%.0f circles, so an all-pairs loop tests n (n \u2212 1) / 2 = "
                                    "%.0f pairs.",
                                    (unsigned long) n),
                          n, all);
  int64_t grid = phys_world_get_def (world)->modes.detection == PHYS_DETECTION_SWEPT
                     ? phys_world_frame_grid_pairs (world)
                     : -1;
  if (grid >= 0 && all > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text,
                              _("The grid broad phase hands %lld of them to the swept test "
                                "(%.3g %%): only pairs whose boxes overlap (each circle's path "
                                "through the frame, padded by its radius); its cells find them "
                                "without trying every pair."),
                              (long long) grid, 100.0 * (double) grid / all);
    }
  return g_string_free (text, FALSE);
}

static int
digits (ImpInspector *self)
{
  return self->precision != NULL ? gtk_spin_button_get_value_as_int (self->precision)
                                 : DEFAULT_PRECISION;
}

/* The height of the circles' f(t) plot, pixels. */
#define QUADRATIC_PLOT_HEIGHT 130

/* The tests of the selected rigid event (found again from its frame's start) or pair, when
 * their search over the frame has a plot (imp_swept_plot_kind()); else NULL. */
static PhysRigidTests *
rigid_tests (const ImpSessionView *now)
{
  PhysRigidTests *tests = NULL;
  if (now->selected != NULL && phys_event_is_rigid (now->selected->kind) && now->world != NULL)
    {
      PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
      if (phys_world_rigid_detail (now->world, now->selected, detail) == PHYS_OK)
        tests = g_memdup2 (&detail->tests, sizeof detail->tests);
      g_free (detail);
    }
  else if (now->selected == NULL && now->pair != NULL && phys_event_is_rigid (now->pair->kind))
    tests = g_memdup2 (&now->pair->rigid.tests, sizeof now->pair->rigid.tests);
  if (tests != NULL && imp_swept_plot_kind (tests) == IMP_SWEPT_PLOT_NONE)
    g_clear_pointer (&tests, g_free);
  return tests;
}

static void
refresh (ImpInspector *self)
{
  if (self->session == NULL)
    return;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  gboolean concealed;
  g_autofree char *text
      = imp_conceal_card (self->session, digits (self), IMP_CARD_MARKUP, self->terms, &concealed);
  g_autofree char *summary
      = text == NULL && !concealed ? imp_inspector_dup_world_summary (self->session) : NULL;
  const char *markup = concealed ? _(concealed_text) : text != NULL ? text : summary;
  /* Playback refreshes every frame: an unchanged card is not laid out again. */
  if (g_strcmp0 (markup, gtk_label_get_label (self->label)) != 0)
    {
      gtk_label_set_markup (self->label, markup);
      mark_term (self);
    }
  gtk_widget_set_sensitive (self->copy, text != NULL);
  gtk_widget_set_sensitive (self->copy_latex, text != NULL);
  /* A discrete world decides by the overlap alone: no quadratic to plot. */
  gboolean quadratic = ((now.selected != NULL && now.selected->kind == PHYS_EVENT_CIRCLE_CIRCLE)
                        || (now.selected == NULL && now.pair != NULL
                            && now.pair->kind == PHYS_EVENT_CIRCLE_CIRCLE))
                       && now.world != NULL
                       && phys_world_get_def (now.world)->modes.detection
                              != PHYS_DETECTION_DISCRETE;
  g_clear_pointer (&self->tests, g_free);
  if (!quadratic && !concealed)
    self->tests = rigid_tests (&now);
  g_autofree char *plot_text = self->tests != NULL ? imp_swept_plot_describe (self->tests) : NULL;
  if (self->tests != NULL)
    gtk_drawing_area_set_content_height (self->plot, (int) imp_swept_plot_height (self->tests));
  else if (quadratic)
    gtk_drawing_area_set_content_height (self->plot, QUADRATIC_PLOT_HEIGHT);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plot), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  plot_text != NULL ? plot_text : "", -1);
  gtk_widget_set_visible (GTK_WIDGET (self->plot),
                          (quadratic || self->tests != NULL) && !concealed);
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));

  /* The forms for what is inspected: the selected body, both of a pair, or the
   * bodies of the selected event. */
  PhysBodyRef bodies[2] = { { PHYS_BODY_CIRCLE, -1 }, { PHYS_BODY_CIRCLE, -1 } };
  if (now.selected != NULL && now.selected->kind != PHYS_EVENT_PROBE_SEGMENT
      && now.selected->kind != PHYS_EVENT_EVENT_CAP)
    {
      bodies[0] = (PhysBodyRef) { phys_event_a_kind (now.selected->kind), now.selected->a };
      bodies[1] = (PhysBodyRef) { now.selected->b_kind, now.selected->b };
    }
  else if (now.selected == NULL && !imp_session_get_selected_pair (self->session, &bodies[0],
                                                                   &bodies[1]))
    imp_session_get_selected_body (self->session, &bodies[0]);
  gboolean editing = FALSE;
  for (int i = 0; i < 2; i++)
    {
      /* A form at the state a prediction asks about would give its answer away. */
      if (imp_conceal_motion (self->session, now.world, bodies[i]))
        bodies[i].index = -1;
      imp_body_editor_show_body (self->editors[i], bodies[i]);
      editing = editing || imp_body_editor_is_shown (self->editors[i]);
    }
  g_autofree char *note = g_strdup_printf (
      _("Edits apply at the start of frame %lld and branch the run: the old future stays as a "
        "ghost. Drag a body or the tip of its velocity on the canvas; right-click to add or "
        "delete; Ctrl+Z undoes."),
      (long long) imp_session_get_frame (self->session));
  if (g_strcmp0 (note, gtk_label_get_label (self->edit_note)) != 0)
    gtk_label_set_text (self->edit_note, note);
  gtk_widget_set_visible (GTK_WIDGET (self->edit_note), editing);
}

static void
draw_plot (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  ImpInspector *self = data;
  if (self->session == NULL)
    return;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  const PhysCircleCircleSweep *sweep = NULL;
  double t_now = now.time_in_frame;
  if (now.selected != NULL && now.selected->kind == PHYS_EVENT_CIRCLE_CIRCLE)
    {
      sweep = &now.selected->circle_circle.sweep;
      /* The test counts time from where it started. */
      t_now -= now.selected->t0;
    }
  else if (now.pair != NULL && now.pair->kind == PHYS_EVENT_CIRCLE_CIRCLE)
    sweep = &now.pair->circle_circle;
  const ImpTheme *theme = imp_theme_for_widgets ();
  if (sweep != NULL)
    imp_quadratic_plot_draw (cr, width, height, sweep, t_now, theme);
  else if (self->tests != NULL)
    {
      ImpViewOptions *options = imp_session_get_view_options (self->session);
      int lit = imp_render_sat_axis_of_term (imp_view_options_get_highlight_term (options));
      /* Inside a rigid event's test (before its response) Down steps through the axes: the
       * plot's rows follow the canvas's picture. */
      const PhysStop *stop = imp_session_get_stop (self->session) > 0
                                 ? imp_session_get_stop_info (self->session)
                                 : NULL;
      int step = stop != NULL && stop->kind == PHYS_STOP_BEFORE
                     ? imp_view_options_get_sat_step (options)
                     : 0;
      imp_swept_plot_draw (cr, width, height, self->tests, step, lit, now.time_in_frame, theme);
    }
}

static void
redraw_plot (ImpInspector *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));
}

/* The pointer on a row of the swept plot lights its axis on the canvas and the card. */
static void
plot_hovered (GtkEventControllerMotion *motion, double x, double y, ImpInspector *self)
{
  if (self->session == NULL)
    return;
  const char *term = NULL;
  if (self->tests != NULL && imp_swept_plot_kind (self->tests) == IMP_SWEPT_PLOT_AXES)
    {
      int width = gtk_widget_get_width (GTK_WIDGET (self->plot));
      int height = gtk_widget_get_height (GTK_WIDGET (self->plot));
      ImpSweptPlotFrame frame = imp_swept_plot_frame (self->tests, width, height);
      term = imp_render_sat_axis_term (imp_swept_plot_row_at (&frame, y));
    }
  imp_view_options_point_at_term (imp_session_get_view_options (self->session), term,
                                  &self->plot_lit);
}

static void
plot_left (GtkEventControllerMotion *motion, ImpInspector *self)
{
  if (self->session != NULL)
    imp_view_options_point_at_term (imp_session_get_view_options (self->session), NULL,
                                    &self->plot_lit);
}

/* The card now shown, and (terms, nullable) its lines that compute a term. */
static char *
card (ImpInspector *self, ImpCardStyle style, GArray *terms)
{
  if (terms != NULL)
    g_array_set_size (terms, 0);
  if (self->session == NULL)
    return NULL;
  return imp_conceal_card (self->session, digits (self), style, terms, NULL);
}

char *
imp_inspector_dup_card (ImpInspector *self, ImpCardStyle style)
{
  return card (self, style, NULL);
}

/* Marks the card's lines that compute the term the canvas or a lesson points at. */
static void
mark_term (ImpInspector *self)
{
  const char *term = NULL;
  if (self->session != NULL)
    term = imp_view_options_get_highlight_term (imp_session_get_view_options (self->session));
  PangoAttrList *attrs = pango_attr_list_new ();
  const ImpTheme *theme = imp_theme_for_widgets ();
  for (guint i = 0; term != NULL && i < self->terms->len; i++)
    {
      const ImpCardTerm *t = &g_array_index (self->terms, ImpCardTerm, i);
      if (g_strcmp0 (t->term, term) != 0)
        continue;
      PangoAttribute *bg = pango_attr_background_new (
          (guint16) (theme->highlight.r * 65535), (guint16) (theme->highlight.g * 65535),
          (guint16) (theme->highlight.b * 65535));
      bg->start_index = (guint) t->start;
      bg->end_index = (guint) t->end;
      pango_attr_list_insert (attrs, bg);
      PangoAttribute *alpha = pango_attr_background_alpha_new (
          (guint16) (CLAMP (theme->highlight.a, 0.25, 1.0) * 65535));
      alpha->start_index = (guint) t->start;
      alpha->end_index = (guint) t->end;
      pango_attr_list_insert (attrs, alpha);
    }
  /* GtkLabel merges these into the attributes of its markup and keeps them there: the term
   * marked before would stay marked (stepping through a test's axes lit every row passed).
   * The markup is set again, which parses it afresh, before the new marks go on. */
  g_autofree char *markup = g_strdup (gtk_label_get_label (self->label));
  gtk_label_set_label (self->label, "");
  gtk_label_set_markup (self->label, markup);
  gtk_label_set_attributes (self->label, attrs);
  pango_attr_list_unref (attrs);
}

const char *
imp_inspector_term_at (ImpInspector *self, double x, double y)
{
  int index;
  if (!imp_label_index_at (self->label, x, y, &index))
    return NULL;
  for (guint i = 0; i < self->terms->len; i++)
    {
      const ImpCardTerm *t = &g_array_index (self->terms, ImpCardTerm, i);
      if ((gsize) index >= t->start && (gsize) index < t->end)
        return t->term;
    }
  return NULL;
}

/* The pointer on a line of the card lights its term on the canvas. */
static void
card_hovered (GtkEventControllerMotion *motion, double x, double y, ImpInspector *self)
{
  if (self->session != NULL)
    imp_view_options_point_at_term (imp_session_get_view_options (self->session),
                                    imp_inspector_term_at (self, x, y), &self->lit);
}

static void
card_left (GtkEventControllerMotion *motion, ImpInspector *self)
{
  if (self->session != NULL)
    imp_view_options_point_at_term (imp_session_get_view_options (self->session), NULL,
                                    &self->lit);
}

static void
copy_card (GtkButton *button, ImpInspector *self)
{
  ImpCardStyle style = GTK_WIDGET (button) == self->copy_latex ? IMP_CARD_LATEX : IMP_CARD_PLAIN;
  g_autofree char *text = imp_inspector_dup_card (self, style);
  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

void
imp_inspector_set_session (ImpInspector *self, ImpSession *session)
{
  if (self->session != NULL)
    imp_session_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      ImpViewOptions *options = imp_session_get_view_options (session);
      g_signal_connect_swapped (session, "notify::selected-event", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (session, "notify::frame", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (session, "notify::stop", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (options, "notify::concealed", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (session, "notify::can-undo", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (session, "notify::can-redo", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (session, "notify::playing", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (options, "notify::highlight-term", G_CALLBACK (mark_term), self);
      g_signal_connect_swapped (options, "notify::highlight-term", G_CALLBACK (redraw_plot),
                                self);
      g_signal_connect_swapped (options, "notify::sat-step", G_CALLBACK (redraw_plot), self);
    }
  for (int i = 0; i < 2; i++)
    imp_body_editor_set_session (self->editors[i], session);
  refresh (self);
}

static void
imp_inspector_dispose (GObject *object)
{
  ImpInspector *self = IMP_INSPECTOR (object);
  if (self->session != NULL)
    imp_session_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMP_TYPE_INSPECTOR);
  g_clear_pointer (&self->terms, g_array_unref);
  g_clear_pointer (&self->tests, g_free);
  G_OBJECT_CLASS (imp_inspector_parent_class)->dispose (object);
}

static void
imp_inspector_class_init (ImpInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = imp_inspector_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "impinspector");
  g_type_ensure (IMP_TYPE_BODY_EDITOR);
  /* Naming the resource links its object file, whose constructor registers it. */
  (void) impulse_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/impulselab/Impulse/ui/imp-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, ImpInspector, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImpInspector, label);
  gtk_widget_class_bind_template_child (widget_class, ImpInspector, plot);
  gtk_widget_class_bind_template_child (widget_class, ImpInspector, precision);
  gtk_widget_class_bind_template_child (widget_class, ImpInspector, copy);
  gtk_widget_class_bind_template_child (widget_class, ImpInspector, copy_latex);
  gtk_widget_class_bind_template_child (widget_class, ImpInspector, edit_note);
  gtk_widget_class_bind_template_child_full (widget_class, "editor_first", FALSE,
                                             G_STRUCT_OFFSET (ImpInspector, editors[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "editor_second", FALSE,
                                             G_STRUCT_OFFSET (ImpInspector, editors[1]));
  gtk_widget_class_bind_template_callback (widget_class, refresh);
  gtk_widget_class_bind_template_callback (widget_class, copy_card);
  gtk_widget_class_bind_template_callback (widget_class, card_hovered);
  gtk_widget_class_bind_template_callback (widget_class, card_left);
}

static void
imp_inspector_init (ImpInspector *self)
{
  self->terms = g_array_new (FALSE, FALSE, sizeof (ImpCardTerm));
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_label_set_markup (self->label, _(placeholder));
  gtk_spin_button_set_value (self->precision, DEFAULT_PRECISION);
  gtk_drawing_area_set_draw_func (self->plot, draw_plot, self, NULL);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (plot_hovered), self);
  g_signal_connect (motion, "leave", G_CALLBACK (plot_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self->plot), motion);
}

GtkWidget *
imp_inspector_new (void)
{
  return g_object_new (IMP_TYPE_INSPECTOR, NULL);
}
