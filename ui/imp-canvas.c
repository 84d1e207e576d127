/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas.c: draws the session through the renderer (imp-render.c) and lets
 * the learner pan (drag, middle button) and zoom (scroll, pinch, keys). */
#include "imp-canvas.h"

#include <adwaita.h>

#include "imp-theme.h"

struct _ImpCanvas
{
  GtkWidget parent_instance;

  ImpSession *session;
  ImpView view;
  gboolean fitted; /* the view has been fitted to the scene once */
  ImpRenderCache *cache;
  double drag_center_x, drag_center_y; /* view centre when a drag began, world units */
  double zoom_start_scale;
};

G_DEFINE_FINAL_TYPE (ImpCanvas, imp_canvas, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

static void
imp_canvas_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ImpCanvas *self = IMP_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0)
    return;
  imp_view_set_size (&self->view, width, height);

  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ImpSessionView now;
  if (self->session != NULL)
    imp_session_get_view (self->session, &now);
  else
    memset (&now, 0, sizeof now);

  if (now.world == NULL)
    {
      const ImpTheme *theme = imp_theme_get (is_dark ());
      imp_rgba_set_source (cr, theme->background);
      cairo_paint (cr);
      cairo_destroy (cr);
      return;
    }
  if (!self->fitted)
    {
      imp_view_fit (&self->view, imp_view_world_box (now.world), 32.0);
      self->fitted = TRUE;
    }

  ImpRenderInput input;
  imp_render_input_init (&input, now.world);
  input.positions = now.positions;
  input.events = now.events;
  input.n_events = now.n_events;
  input.selected = now.selected;
  input.overlays = imp_session_get_overlays (self->session);
  input.dark = is_dark ();
  input.time_in_frame = now.time_in_frame;
  input.ghost_positions = now.ghost_positions;
  input.trail = now.trail;
  input.trail_len = now.trail_len;
  input.trail_stride = phys_world_circle_count (now.world);
  input.pair = now.pair;
  input.selected_body = now.body.index;
  input.selected_kind = now.body.kind;
  input.highlight_term = imp_session_get_highlight_term (self->session);
  /* While a lesson asks for a prediction, the test's figures (which print its
   * numbers) wait until the learner has answered. */
  if (imp_session_get_concealed (self->session))
    {
      input.selected = NULL;
      input.pair = NULL;
    }
  input.cache = self->cache;
  /* GTK records this drawing and replays it onto the window's pixels: at scale 1
   * the renderer's pixel stamps are exact and ~12x faster for large worlds; on
   * HiDPI they would look soft, so real paths are drawn there. */
  input.raster_shortcuts = gtk_widget_get_scale_factor (widget) == 1;
  imp_render (cr, &self->view, &input);
  cairo_destroy (cr);
}

static void
session_changed (ImpCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_title (ImpCanvas *self)
{
  /* A new scene: fit it when it is first drawn. */
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
imp_canvas_set_session (ImpCanvas *self, ImpSession *session)
{
  g_return_if_fail (IMP_IS_CANVAS (self));
  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      static const char *const redraw[]
          = { "notify::frame", "notify::stop", "notify::overlays", "notify::selected-event",
              "notify::highlight-term", "notify::concealed" };
      for (gsize i = 0; i < G_N_ELEMENTS (redraw); i++)
        g_signal_connect_swapped (session, redraw[i], G_CALLBACK (session_changed), self);
      g_signal_connect_swapped (session, "notify::title", G_CALLBACK (on_title), self);
    }
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

ImpSession *
imp_canvas_get_session (ImpCanvas *self)
{
  return self->session;
}

void
imp_canvas_fit (ImpCanvas *self)
{
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
imp_canvas_zoom_to_selection (ImpCanvas *self)
{
  if (self->session == NULL)
    return FALSE;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL || now.selected == NULL)
    return FALSE;
  ImpRenderInput input;
  imp_render_input_init (&input, now.world);
  input.positions = now.positions;
  input.selected = now.selected;
  PhysAabb box = imp_render_focus_box (&input);
  if (imp_aabb_is_empty (box))
    return FALSE;
  /* The labels around an event need about this much room on each side. */
  imp_view_fit (&self->view, box, 140.0);
  self->fitted = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

void
imp_canvas_zoom (ImpCanvas *self, double factor)
{
  PhysVec2 middle = phys_v2 (0.5 * self->view.width, 0.5 * self->view.height);
  imp_view_zoom_at (&self->view, middle, factor);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The body under a point: a circle that contains it, else a segment or probe
 * within a few pixels. */
static PhysBodyRef
body_at (ImpCanvas *self, double x, double y)
{
  PhysBodyRef none = { PHYS_BODY_CIRCLE, -1 };
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL)
    return none;
  PhysVec2 p = imp_view_to_world (&self->view, phys_v2 (x, y));
  double slack = 6.0 / self->view.scale;
  PhysBodyRef best = none;
  double best_d = G_MAXDOUBLE;
  for (int i = 0; i < phys_world_circle_count (now.world); i++)
    {
      double d = phys_v2_len (phys_v2_sub (p, now.positions[i]));
      double r = phys_world_get_circle (now.world, i).radius;
      if (d <= r + slack && d - r < best_d)
        {
          best_d = d - r;
          best = (PhysBodyRef) { PHYS_BODY_CIRCLE, i };
        }
    }
  if (best.index >= 0)
    return best;
  for (int i = 0; i < phys_world_segment_count (now.world); i++)
    {
      PhysSegment g = phys_world_get_segment (now.world, i);
      PhysVec2 ab = phys_v2_sub (g.b, g.a);
      double u = CLAMP (phys_v2_dot (phys_v2_sub (p, g.a), ab) / phys_v2_len_sq (ab), 0.0, 1.0);
      double d = phys_v2_len (phys_v2_sub (p, phys_v2_add_scaled (g.a, ab, u)));
      if (d <= slack && d < best_d)
        {
          best_d = d;
          best = (PhysBodyRef) { PHYS_BODY_SEGMENT, i };
        }
    }
  for (int i = 0; i < phys_world_probe_count (now.world); i++)
    {
      double d = phys_v2_len (phys_v2_sub (p, now.probe_positions[i]));
      if (d <= 2.0 * slack && d < best_d)
        {
          best_d = d;
          best = (PhysBodyRef) { PHYS_BODY_PROBE, i };
        }
    }
  return best;
}

static void
clicked (GtkGestureClick *click, int n_press, double x, double y, ImpCanvas *self)
{
  if (self->session == NULL)
    return;
  GdkModifierType state
      = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (click));
  gtk_widget_grab_focus (GTK_WIDGET (self));
  imp_session_select_body (self->session, body_at (self, x, y), (state & GDK_CONTROL_MASK) != 0);
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, ImpCanvas *self)
{
  self->drag_center_x = self->view.center.x;
  self->drag_center_y = self->view.center.y;
}

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, ImpCanvas *self)
{
  self->view.center = phys_v2 (self->drag_center_x, self->drag_center_y);
  imp_view_pan (&self->view, dx, dy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
scrolled (GtkEventControllerScroll *scroll, double dx, double dy, ImpCanvas *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (scroll));
  double x = 0.5 * self->view.width, y = 0.5 * self->view.height;
  if (event != NULL)
    gdk_event_get_position (event, &x, &y);
  imp_view_zoom_at (&self->view, phys_v2 (x, y), pow (1.15, -dy));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
zoom_begin (GtkGesture *gesture, GdkEventSequence *sequence, ImpCanvas *self)
{
  self->zoom_start_scale = self->view.scale;
}

static void
zoom_changed (GtkGestureZoom *gesture, double scale, ImpCanvas *self)
{
  double x, y;
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = 0.5 * self->view.width;
      y = 0.5 * self->view.height;
    }
  imp_view_zoom_at (&self->view, phys_v2 (x, y), self->zoom_start_scale * scale / self->view.scale);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
imp_canvas_dispose (GObject *object)
{
  ImpCanvas *self = IMP_CANVAS (object);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->cache, imp_render_cache_free);
  G_OBJECT_CLASS (imp_canvas_parent_class)->dispose (object);
}

static void
imp_canvas_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ImpCanvas *self = IMP_CANVAS (object);
  if (prop_id == PROP_SESSION)
    g_value_set_object (value, self->session);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
imp_canvas_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ImpCanvas *self = IMP_CANVAS (object);
  if (prop_id == PROP_SESSION)
    imp_canvas_set_session (self, g_value_get_object (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
imp_canvas_class_init (ImpCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = imp_canvas_dispose;
  object_class->get_property = imp_canvas_get_property;
  object_class->set_property = imp_canvas_set_property;
  widget_class->snapshot = imp_canvas_snapshot;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, IMP_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "impcanvas");
}

static void
imp_canvas_init (ImpCanvas *self)
{
  imp_view_init (&self->view, 800, 600);
  self->cache = imp_render_cache_new ();
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  /* Drag with the primary or middle button pans. */
  GtkGesture *drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  /* A click (no drag) selects; Ctrl+click adds a second body to make a pair. */
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (clicked), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  GtkEventController *scroll
      = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  GtkGesture *zoom = gtk_gesture_zoom_new ();
  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

GtkWidget *
imp_canvas_new (void)
{
  return g_object_new (IMP_TYPE_CANVAS, NULL);
}
