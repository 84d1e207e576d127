/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-inspector.c: the inspector sidebar: the card of the selected event
 * (imp-cards.c), updated as the playhead and the selection move. */
#include "imp-inspector.h"

#include <adwaita.h>

#include "imp-cards.h"
#include "imp-quadratic-plot.h"

#define PRECISION 6

struct _ImpInspector
{
  GtkWidget parent_instance;
  ImpSession *session;
  GtkWidget *scroller;
  GtkLabel *label;
  GtkDrawingArea *plot;     /* f(t) of a circle-circle test, hidden otherwise */
};

G_DEFINE_FINAL_TYPE (ImpInspector, imp_inspector, GTK_TYPE_WIDGET)

static const char placeholder[]
    = "<b>Nothing selected</b>\n"
      "Step into a frame (Down) or jump to an event (Ctrl+Right): its test and its "
      "response appear here with every number put into the formulas.";

static void
refresh (ImpInspector *self)
{
  if (self->session == NULL)
    return;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  g_autofree char *card = NULL;
  if (now.selected != NULL)
    card = imp_card_for_event (now.world, now.selected, PRECISION, IMP_CARD_MARKUP);
  else if (now.pair != NULL)
    card = imp_card_for_pair (now.world, now.pair, PRECISION, IMP_CARD_MARKUP);
  else if (now.world != NULL && now.body.index >= 0)
    card = imp_card_for_body (now.world, now.body, now.positions, PRECISION, IMP_CARD_MARKUP);
  gtk_label_set_markup (self->label, card != NULL ? card : placeholder);
  gboolean quadratic = (now.selected != NULL && now.selected->kind == PHYS_EVENT_CIRCLE_CIRCLE)
                       || (now.selected == NULL && now.pair != NULL
                           && now.pair->kind == PHYS_EVENT_CIRCLE_CIRCLE);
  gtk_widget_set_visible (GTK_WIDGET (self->plot), quadratic);
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));
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
  if (sweep == NULL)
    return;
  const ImpTheme *theme = imp_theme_get (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  imp_quadratic_plot_draw (cr, width, height, sweep, t_now, theme);
}

char *
imp_inspector_dup_text (ImpInspector *self)
{
  if (self->session == NULL)
    return NULL;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  return now.selected != NULL
             ? imp_card_for_event (now.world, now.selected, PRECISION, IMP_CARD_PLAIN)
             : NULL;
}

void
imp_inspector_set_session (ImpInspector *self, ImpSession *session)
{
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      g_signal_connect_swapped (session, "notify::selected-event", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (session, "notify::frame", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (session, "notify::stop", G_CALLBACK (refresh), self);
    }
  refresh (self);
}

static void
imp_inspector_dispose (GObject *object)
{
  ImpInspector *self = IMP_INSPECTOR (object);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
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
}

static void
imp_inspector_init (ImpInspector *self)
{
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->label, TRUE);
  gtk_label_set_xalign (self->label, 0.0);
  gtk_label_set_yalign (self->label, 0.0);
  gtk_label_set_selectable (self->label, TRUE);
  gtk_label_set_markup (self->label, placeholder);
  gtk_widget_set_margin_start (GTK_WIDGET (self->label), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->label), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->label), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->label), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "numeric");

  self->plot = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_drawing_area_set_content_height (self->plot, 190);
  gtk_drawing_area_set_draw_func (self->plot, draw_plot, self, NULL);
  gtk_widget_set_margin_start (GTK_WIDGET (self->plot), 8);
  gtk_widget_set_margin_end (GTK_WIDGET (self->plot), 8);
  gtk_widget_set_visible (GTK_WIDGET (self->plot), FALSE);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->plot));

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_widget_set_size_request (GTK_WIDGET (self), 380, -1);
}

GtkWidget *
imp_inspector_new (void)
{
  return g_object_new (IMP_TYPE_INSPECTOR, NULL);
}
