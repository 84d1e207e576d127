/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas.c: draws the session through the renderer (imp-render.c) and lets
 * the learner pan (drag empty space, middle button) and zoom (scroll, pinch,
 * keys), and edit while paused: drag a body, a segment's end, the tip of a
 * velocity arrow, a polygon's rotation handle or a curve's control point
 * (imp-canvas-edit.c); right-click to add (a circle, a wall, a box, a triangle,
 * a regular polygon, a curve) or delete; Delete. */
#include "imp-canvas.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imp-body-fields.h"
#include "imp-canvas-describe.h"
#include "imp-canvas-edit.h"
#include "imp-conceal.h"
#include "imp-framing.h"
#include "imp-theme-contrast.h"
#include "imp-theme.h"

struct _ImpCanvas
{
  GtkWidget parent_instance;

  ImpSession *session;
  ImpView view;
  gboolean fitted; /* the view has been fitted to the scene once */
  ImpRenderCache *cache;
  double drag_center_x, drag_center_y; /* view centre when a drag began, world units */
  double press_x, press_y;             /* where the drag began, widget pixels */
  gboolean moved;                      /* the pointer moved since the press: no click */
  double pending_zoom;                 /* a zoom on the selection asked before the fit */
  double zoom_start_scale;
  ImpGrab grab;        /* what the current drag holds (IMP_GRAB_NONE: it pans) */
  PhysWorld *preview;  /* the world with the drag's edit, drawn until it is let go */
  PhysEdit drag_edit;  /* that edit, the last one the world accepted */
  gboolean drag_valid; /* drag_edit holds such an edit */
  GtkWidget *menu;     /* the right-click menu */
  GArray *hotspots;    /* where the last picture drew each term's figure */
  GArray *boxes;       /* where it put its labels and legend */
  gboolean legend_folded; /* the learner folded the legend to its title */
  gboolean lit;        /* the pointer lit a term on the session */
  /* A lesson step's subject, kept framed as the canvas changes size until the
   * learner pans or zooms. */
  gboolean subject_framed;
  gboolean subject_pending; /* framed when the canvas first has a size */
  PhysAabb subject_box;
  double subject_radius;
  gint64 subject_until; /* the last frame the step is about */
};

G_DEFINE_FINAL_TYPE (ImpCanvas, imp_canvas, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_EDIT_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* Room the legend takes in the top-right corner, pixels. */
#define LEGEND_ROOM_PX 250.0

/* Fits where the scene has been so far (all of it, not just this frame), and
 * keeps the top-right corner clear for the legend when that costs at most a
 * fifth of the scale. */
/* The overlays the learner chose (the session's view options). */
static ImpOverlays
shown (ImpCanvas *self)
{
  return imp_view_options_get_overlays (imp_session_get_view_options (self->session));
}

static void
fit_scene (ImpCanvas *self)
{
  self->subject_framed = FALSE;
  self->subject_pending = FALSE;
  PhysAabb box = imp_session_recorded_box (self->session, 64);
  imp_view_fit (&self->view, box, 32.0);
  if ((shown (self) & IMP_OVERLAY_LEGEND) == 0
      || imp_aabb_is_empty (box))
    return;
  ImpView narrow = self->view;
  narrow.width = (int) MAX (1.0, self->view.width - LEGEND_ROOM_PX);
  imp_view_fit (&narrow, box, 32.0);
  if (narrow.scale >= 0.8 * self->view.scale)
    {
      self->view.scale = narrow.scale;
      /* The box centred in the part left of the legend. */
      self->view.center = phys_v2 (narrow.center.x + 0.5 * LEGEND_ROOM_PX / narrow.scale,
                                   narrow.center.y);
    }
}

static void
frame_subject (ImpCanvas *self)
{
  gboolean legend = self->session != NULL && (shown (self) & IMP_OVERLAY_LEGEND) != 0;
  imp_view_frame_subject (&self->view, self->subject_box, self->subject_radius, legend);
  self->subject_pending = FALSE;
  self->subject_framed = TRUE;
  self->fitted = TRUE;
  self->pending_zoom = 0.0;
}

/**
 * imp_canvas_frame_subject:
 * @self: a canvas with a session
 * @until: the last frame the step is about (its goal's frame; the playhead's
 *   frame or earlier: only this frame)
 *
 * Frames what the session's lesson step talks about (imp_framing_subject_box()):
 * large, clear of the legend, and kept so when the canvas changes size, until
 * the learner pans or zooms.
 */
void
imp_canvas_frame_subject (ImpCanvas *self, gint64 until)
{
  g_return_if_fail (IMP_IS_CANVAS (self));
  if (self->session == NULL)
    return;
  self->subject_until = until;
  self->subject_box = imp_framing_subject_box (self->session, until, &self->subject_radius);
  if (imp_aabb_is_empty (self->subject_box))
    return;
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0 && gtk_widget_get_height (GTK_WIDGET (self)) > 0)
    {
      imp_view_set_size (&self->view, gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)));
      frame_subject (self);
    }
  else
    self->subject_pending = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * imp_canvas_follow_subject:
 * @self: a canvas
 *
 * Frames the step's subject again where it goes now (the world was switched:
 * another detection or integrator moves the bodies elsewhere), unless the
 * learner has panned or zoomed since it was framed.
 */
void
imp_canvas_follow_subject (ImpCanvas *self)
{
  g_return_if_fail (IMP_IS_CANVAS (self));
  if (self->subject_framed)
    imp_canvas_frame_subject (self, self->subject_until);
}

/**
 * imp_canvas_get_view:
 * @self: a canvas
 *
 * Returns: (transfer none): the view of the last drawing (or the framing since)
 */
const ImpView *
imp_canvas_get_view (ImpCanvas *self)
{
  return &self->view;
}

static void
imp_canvas_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ImpCanvas *self = IMP_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0)
    return;
  gboolean resized = width != self->view.width || height != self->view.height;
  imp_view_set_size (&self->view, width, height);
  if (self->subject_pending || (resized && self->subject_framed))
    frame_subject (self);

  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ImpSessionView now;
  if (self->session != NULL)
    imp_session_get_view (self->session, &now);
  else
    memset (&now, 0, sizeof now);

  if (now.world == NULL)
    {
      const ImpTheme *theme = imp_theme_for_widgets ();
      imp_rgba_set_source (cr, theme->background);
      cairo_paint (cr);
      cairo_destroy (cr);
      return;
    }
  if (!self->fitted)
    {
      fit_scene (self);
      self->fitted = TRUE;
      if (self->pending_zoom > 0.0)
        {
          double factor = self->pending_zoom;
          self->pending_zoom = 0.0;
          imp_canvas_zoom_on_selection (self, factor);
          imp_session_get_view (self->session, &now);
        }
    }

  if (self->preview != NULL)
    {
      /* Dragging: the frame's state with the edit, before anything of it is
       * recorded; the events and tests of the old state no longer apply. */
      now.world = self->preview;
      now.positions = NULL;
      now.events = NULL;
      now.n_events = 0;
      now.selected = NULL;
      now.pair = NULL;
      now.ghost_positions = NULL;
      now.trail = NULL;
      now.trail_len = 0;
    }

  ImpRenderInput input;
  /* What a lesson's predictions still ahead ask for waits until answered. */
  imp_conceal_view_input (self->session, &now, &input);
  input.dark = is_dark ();
  input.theme = imp_theme_for_widgets ();
  input.cache = self->cache;
  g_array_set_size (self->hotspots, 0);
  input.hotspots = self->hotspots;
  g_array_set_size (self->boxes, 0);
  input.boxes = self->boxes;
  input.legend_folded = self->legend_folded;
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

/* An event chosen elsewhere (a mark of the timeline bar, Ctrl+Right) whose
 * figure is out of sight: brought into view, at this zoom when it fits. */
static void
selected_event_changed (ImpCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->session == NULL || !self->fitted || self->preview != NULL)
    return;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL || now.selected == NULL)
    return;
  PhysAabb box = imp_framing_focus_box (self->session, FALSE);
  PhysAabb seen = imp_view_visible_box (&self->view);
  if (imp_aabb_is_empty (box)
      || (box.min.x >= seen.min.x && box.max.x <= seen.max.x && box.min.y >= seen.min.y
          && box.max.y <= seen.max.y))
    return;
  if ((box.max.x - box.min.x) <= seen.max.x - seen.min.x
      && (box.max.y - box.min.y) <= seen.max.y - seen.min.y)
    self->view.center = phys_v2 ((box.min.x + box.max.x) / 2.0, (box.min.y + box.max.y) / 2.0);
  else
    imp_view_fit (&self->view, box, 140.0);
  self->subject_framed = FALSE;
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
    imp_session_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      static const char *const redraw[] = { "frame", "stop", NULL };
      static const char *const options[] = { "overlays", "highlight-term", "concealed", "sat-step",
                                             NULL };
      imp_connect_notifies (session, redraw, G_CALLBACK (session_changed), self);
      imp_connect_notifies (imp_session_get_view_options (session), options,
                            G_CALLBACK (session_changed), self);
      g_signal_connect_swapped (session, "notify::title", G_CALLBACK (on_title), self);
      g_signal_connect_swapped (session, "notify::selected-event",
                                G_CALLBACK (selected_event_changed), self);
    }
  imp_canvas_describe_follow (GTK_WIDGET (self), session);
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
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  /* Now when the canvas has its size (a zoom may follow), else when first drawn. */
  self->fitted = FALSE;
  if (width > 0 && height > 0 && self->session != NULL)
    {
      imp_view_set_size (&self->view, width, height);
      fit_scene (self);
      self->fitted = TRUE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
imp_canvas_zoom_on_selection (ImpCanvas *self, double factor)
{
  ImpSessionView now;
  if (self->session == NULL)
    return;
  if (!self->fitted)
    {
      /* The fit waits for the canvas's size: so does the zoom. */
      self->pending_zoom = factor;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  imp_session_get_view (self->session, &now);
  if (now.world == NULL)
    return;
  PhysAabb box = imp_framing_focus_box (self->session, TRUE);
  PhysVec2 focus = self->view.center;
  if (!imp_aabb_is_empty (box))
    focus = phys_v2 (0.5 * (box.min.x + box.max.x), 0.5 * (box.min.y + box.max.y));
  else if (now.body.index >= 0 && now.body.kind == PHYS_BODY_CIRCLE)
    focus = now.positions[now.body.index];
  imp_canvas_zoom (self, factor);
  self->view.center = focus;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
imp_canvas_get_fitted (ImpCanvas *self)
{
  return self->fitted;
}

gboolean
imp_canvas_zoom_to_selection (ImpCanvas *self)
{
  if (self->session == NULL)
    return FALSE;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL || (now.selected == NULL && now.pair == NULL))
    return FALSE;
  PhysAabb box = imp_framing_focus_box (self->session, TRUE);
  if (imp_aabb_is_empty (box))
    return FALSE;
  /* The labels around an event need about this much room on each side. */
  imp_view_fit (&self->view, box, 140.0);
  self->fitted = TRUE;
  self->subject_framed = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

void
imp_canvas_zoom (ImpCanvas *self, double factor)
{
  PhysVec2 middle = phys_v2 (0.5 * self->view.width, 0.5 * self->view.height);
  imp_view_zoom_at (&self->view, middle, factor);
  self->subject_framed = FALSE;
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
  /* A polygon under the pointer: the last one added, drawn on top, first. */
  for (int i = phys_world_polygon_count (now.world) - 1; i >= 0; i--)
    if (imp_grab_polygon_contains (now.world, i, p, slack))
      return (PhysBodyRef) { PHYS_BODY_POLYGON, i };
  for (int i = 0; i < phys_world_curve_count (now.world); i++)
    {
      double d = imp_grab_curve_distance (now.world, i, p);
      if (d <= slack && d < best_d)
        {
          best_d = d;
          best = (PhysBodyRef) { PHYS_BODY_CURVE, i };
        }
    }
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

/**
 * imp_canvas_legend_at:
 * @self: a canvas
 * @x: widget x
 * @y: widget y
 *
 * Returns: whether the last picture drew its legend under (@x, @y)
 */
gboolean
imp_canvas_legend_at (ImpCanvas *self, double x, double y)
{
  for (guint i = 0; i < self->boxes->len; i++)
    {
      const ImpRenderBox *b = &g_array_index (self->boxes, ImpRenderBox, i);
      if (g_str_equal (b->kind, "legend") && x >= b->x && x <= b->x + b->width && y >= b->y
          && y <= b->y + b->height)
        return TRUE;
    }
  return FALSE;
}

/**
 * imp_canvas_set_legend_folded:
 * @self: a canvas
 * @folded: show only the legend's title line
 */
void
imp_canvas_set_legend_folded (ImpCanvas *self, gboolean folded)
{
  self->legend_folded = folded;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * imp_canvas_get_boxes:
 * @self: a canvas
 *
 * Returns: (transfer none) (element-type ImpRenderBox): where the last picture
 *   put its labels, names and legend
 */
GArray *
imp_canvas_get_boxes (ImpCanvas *self)
{
  return self->boxes;
}

static void
clicked (GtkGestureClick *click, int n_press, double x, double y, ImpCanvas *self)
{
  if (self->session == NULL)
    return;
  /* A press that dragged something (or panned) is not a click. */
  if (self->moved)
    return;
  if (imp_canvas_legend_at (self, x, y))
    {
      imp_canvas_set_legend_folded (self, !self->legend_folded);
      return;
    }
  GdkModifierType state
      = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (click));
  gtk_widget_grab_focus (GTK_WIDGET (self));
  imp_session_select_body (self->session, body_at (self, x, y), (state & GDK_CONTROL_MASK) != 0);
}

static void
drag_begin_pan (GtkGestureDrag *gesture, double x, double y, ImpCanvas *self)
{
  self->drag_center_x = self->view.center.x;
  self->drag_center_y = self->view.center.y;
  self->grab.kind = IMP_GRAB_NONE;
}

static gboolean
velocities_shown (ImpCanvas *self)
{
  return (shown (self) & IMP_OVERLAY_VELOCITY) != 0;
}

static ImpGrab
grab_at (ImpCanvas *self, double x, double y)
{
  ImpGrab none = { .kind = IMP_GRAB_NONE };
  if (self->session == NULL)
    return none;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL)
    return none;
  /* The selection's handles (a polygon's rotation handle, a curve's control points) first. */
  ImpGrab handle = imp_grab_handle_at (now.world, &self->view, now.body, phys_v2 (x, y));
  if (handle.kind != IMP_GRAB_NONE)
    return handle;
  return imp_grab_at (now.world, now.positions, now.probe_positions, &self->view,
                      velocities_shown (self), phys_v2 (x, y));
}

/* Applies an edit made on the canvas at the playhead; FALSE (and a message)
 * when the world refuses it. */
static gboolean
commit (ImpCanvas *self, const PhysEdit *edit)
{
  g_autoptr (GError) error = NULL;
  if (imp_session_apply_edit (self->session, edit, &error))
    return TRUE;
  g_signal_emit (self, signals[SIGNAL_EDIT_REFUSED], 0, error->message);
  return FALSE;
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, ImpCanvas *self)
{
  self->drag_center_x = self->view.center.x;
  self->drag_center_y = self->view.center.y;
  self->press_x = x;
  self->press_y = y;
  self->moved = FALSE;
  self->drag_valid = FALSE;
  self->grab = grab_at (self, x, y);
  g_clear_pointer (&self->preview, phys_world_free);
  if (self->grab.kind == IMP_GRAB_NONE)
    return;
  /* Edits apply to the state at the start of a frame: go there (from a stop
   * inside the frame, or a pause in slow playback), and take hold again of the
   * body where it is drawn now. */
  imp_session_set_playing (self->session, FALSE);
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (imp_session_get_stop (self->session) != 0 || now.time_in_frame > 0.0)
    {
      imp_session_set_frame (self->session, imp_session_get_frame (self->session));
      self->grab = grab_at (self, x, y);
    }
}

/* Pixels the pointer must move before a press is a drag (and not a click). */
#define DRAG_THRESHOLD_PX 3.0

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, ImpCanvas *self)
{
  if (fabs (dx) >= DRAG_THRESHOLD_PX || fabs (dy) >= DRAG_THRESHOLD_PX)
    self->moved = TRUE;
  if (self->grab.kind == IMP_GRAB_NONE)
    {
      self->view.center = phys_v2 (self->drag_center_x, self->drag_center_y);
      imp_view_pan (&self->view, dx, dy);
      if (self->moved)
        self->subject_framed = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  /* A wobble of a click moves nothing. */
  if (!self->moved)
    return;
  double x0 = self->press_x, y0 = self->press_y;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL)
    return;
  PhysEdit edit = imp_grab_edit (&self->grab, now.world, &self->view, phys_v2 (x0 + dx, y0 + dy));
  PhysWorld *preview = phys_world_copy (now.world);
  /* A place the world refuses (the ends of a segment on one point) keeps the
   * last one it accepted, drawn and committed on release. */
  if (preview != NULL && phys_world_apply_edit (preview, &edit) == PHYS_OK)
    {
      g_clear_pointer (&self->preview, phys_world_free);
      self->preview = preview;
      self->drag_edit = edit;
      self->drag_valid = TRUE;
    }
  else if (preview != NULL)
    phys_world_free (preview);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, ImpCanvas *self)
{
  g_clear_pointer (&self->preview, phys_world_free);
  if (self->grab.kind != IMP_GRAB_NONE && self->moved && self->drag_valid)
    {
      PhysBodyRef body = self->grab.body, a, b;
      /* The moved body becomes the selection, unless it is one of the pair
       * being inspected: then the pair's test shows what the move did. */
      gboolean in_pair = imp_session_get_selected_pair (self->session, &a, &b)
                         && ((a.kind == body.kind && a.index == body.index)
                             || (b.kind == body.kind && b.index == body.index));
      if (commit (self, &self->drag_edit) && !in_pair)
        imp_session_select_body (self->session, body, FALSE);
    }
  self->grab.kind = IMP_GRAB_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
imp_canvas_drag (ImpCanvas *self, double x0, double y0, double x1, double y1)
{
  g_return_if_fail (IMP_IS_CANVAS (self));
  drag_begin (NULL, x0, y0, self);
  drag_update (NULL, x1 - x0, y1 - y0, self);
  drag_end (NULL, x1 - x0, y1 - y0, self);
}

PhysVec2
imp_canvas_to_widget (ImpCanvas *self, PhysVec2 world_point)
{
  return imp_view_to_screen (&self->view, world_point);
}

static void
hovered (GtkEventControllerMotion *motion, double x, double y, ImpCanvas *self)
{
  if (self->preview != NULL)
    return;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), imp_grab_cursor (grab_at (self, x, y).kind));
  /* The term whose figure is under the pointer: the card marks its line. */
  if (self->session != NULL)
    imp_view_options_point_at_term (imp_session_get_view_options (self->session),
                                    imp_hotspot_at (self->hotspots, phys_v2 (x, y), 4.0),
                                    &self->lit);
}

static void
left (GtkEventControllerMotion *motion, ImpCanvas *self)
{
  if (self->session != NULL)
    imp_view_options_point_at_term (imp_session_get_view_options (self->session), NULL,
                                    &self->lit);
}

const char *
imp_canvas_term_at (ImpCanvas *self, double x, double y)
{
  return imp_hotspot_at (self->hotspots, phys_v2 (x, y), 4.0);
}

/* Adds a body at a point of the widget and selects it: a circle, a wall, a box, a curve, or
 * (canvas.add-polygon, with the number of sides) a regular polygon. */
static void
act_add (GtkWidget *widget, const char *action, GVariant *param)
{
  ImpCanvas *self = IMP_CANVAS (widget);
  double x, y;
  int sides = 0;
  if (g_str_equal (action, "canvas.add-polygon"))
    g_variant_get (param, "(ddi)", &x, &y, &sides);
  else
    g_variant_get (param, "(dd)", &x, &y);
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL)
    return;
  PhysVec2 at = imp_view_to_world (&self->view, phys_v2 (x, y));
  PhysEdit edit;
  if (g_str_equal (action, "canvas.add-circle"))
    edit = imp_grab_new_circle (now.world, &self->view, at);
  else if (g_str_equal (action, "canvas.add-segment"))
    edit = imp_grab_new_segment (now.world, &self->view, at);
  else if (g_str_equal (action, "canvas.add-curve"))
    edit = imp_grab_new_curve (now.world, &self->view, at);
  else
    edit = imp_grab_new_polygon (now.world, &self->view, at,
                                 CLAMP (sides, 0, PHYS_POLYGON_MAX_VERTICES));
  if (!commit (self, &edit))
    return;
  imp_session_get_view (self->session, &now);
  PhysBodyRef added;
  if (phys_world_find (now.world, edit.name, &added))
    imp_session_select_body (self->session, added, FALSE);
}

/* Deletes the selected body from the playhead's frame on. */
static void
act_delete (GtkWidget *widget, const char *action, GVariant *param)
{
  ImpCanvas *self = IMP_CANVAS (widget);
  PhysBodyRef body, a, b;
  ImpSessionView now;
  if (self->session == NULL || !imp_session_get_selected_body (self->session, &body))
    return;
  /* Only one body, and only the one the inspector shows. */
  if (imp_session_get_selected_event (self->session) >= 0
      || imp_session_get_selected_pair (self->session, &a, &b))
    {
      g_signal_emit (self, signals[SIGNAL_EDIT_REFUSED], 0,
                     _("Select a single body (click it) to delete it"));
      return;
    }
  imp_session_get_view (self->session, &now);
  /* Probes are moved and turned, never removed. */
  if (now.world == NULL || body.kind == PHYS_BODY_PROBE || !imp_body_is_editable (now.world, body))
    return;
  PhysEdit edit = imp_body_edit_remove (now.world, body);
  /* Later bodies are renumbered: the selection would name another. */
  if (commit (self, &edit))
    imp_session_select_body (self->session, (PhysBodyRef) { PHYS_BODY_CIRCLE, -1 }, FALSE);
}

static void
context_menu (GtkGestureClick *click, int n_press, double x, double y, ImpCanvas *self)
{
  if (self->session == NULL)
    return;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  if (now.world == NULL)
    return;
  PhysBodyRef body = body_at (self, x, y);
  imp_session_select_body (self->session, body, FALSE);

  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenuItem) circle = g_menu_item_new (_("Add _Circle Here"), NULL);
  g_menu_item_set_action_and_target_value (circle, "canvas.add-circle",
                                           g_variant_new ("(dd)", x, y));
  g_menu_append_item (menu, circle);
  g_autoptr (GMenuItem) wall = g_menu_item_new (_("Add _Wall Here"), NULL);
  g_menu_item_set_action_and_target_value (wall, "canvas.add-segment",
                                           g_variant_new ("(dd)", x, y));
  g_menu_append_item (menu, wall);

  /* Rigid bodies: a box, a triangle, a regular polygon of n sides, a curve. */
  g_autoptr (GMenu) rigid = g_menu_new ();
  g_autoptr (GMenuItem) box = g_menu_item_new (_("Add _Box Here"), NULL);
  g_menu_item_set_action_and_target_value (box, "canvas.add-polygon",
                                           g_variant_new ("(ddi)", x, y, 0));
  g_menu_append_item (rigid, box);
  g_autoptr (GMenuItem) triangle = g_menu_item_new (_("Add _Triangle Here"), NULL);
  g_menu_item_set_action_and_target_value (triangle, "canvas.add-polygon",
                                           g_variant_new ("(ddi)", x, y, 3));
  g_menu_append_item (rigid, triangle);
  g_autoptr (GMenu) regular = g_menu_new ();
  static const int counts[] = { 5, 6, 8, 10, 12, 16 };
  for (gsize k = 0; k < G_N_ELEMENTS (counts); k++)
    {
      g_autofree char *label
          = g_strdup_printf (ngettext ("%d Side", "%d Sides", counts[k]), counts[k]);
      g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "canvas.add-polygon",
                                               g_variant_new ("(ddi)", x, y, counts[k]));
      g_menu_append_item (regular, item);
    }
  g_menu_append_submenu (rigid, _("Add Regular _Polygon Here"), G_MENU_MODEL (regular));
  g_autoptr (GMenuItem) curve = g_menu_item_new (_("Add B\u00e9zier C_urve Here"), NULL);
  g_menu_item_set_action_and_target_value (curve, "canvas.add-curve",
                                           g_variant_new ("(dd)", x, y));
  g_menu_append_item (rigid, curve);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (rigid));
  if (body.kind != PHYS_BODY_PROBE && imp_body_is_editable (now.world, body))
    {
      const char *name = phys_world_body_name (now.world, body);
      g_autofree char *label = g_strdup_printf (_("_Delete %s"), name);
      g_autoptr (GMenu) section = g_menu_new ();
      g_menu_append (section, label, "canvas.delete-body");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static gboolean
scrolled (GtkEventControllerScroll *scroll, double dx, double dy, ImpCanvas *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (scroll));
  double x = 0.5 * self->view.width, y = 0.5 * self->view.height;
  if (event != NULL)
    gdk_event_get_position (event, &x, &y);
  imp_view_zoom_at (&self->view, phys_v2 (x, y), pow (1.15, -dy));
  self->subject_framed = FALSE;
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
  self->subject_framed = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
imp_canvas_dispose (GObject *object)
{
  ImpCanvas *self = IMP_CANVAS (object);
  if (self->session != NULL)
    imp_session_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->cache, imp_render_cache_free);
  g_clear_pointer (&self->preview, phys_world_free);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->hotspots, g_array_unref);
  g_clear_pointer (&self->boxes, g_array_unref);
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
imp_canvas_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  ImpCanvas *self = IMP_CANVAS (widget);
  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
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
  widget_class->size_allocate = imp_canvas_size_allocate;
  gtk_widget_class_install_action (widget_class, "canvas.add-circle", "(dd)", act_add);
  gtk_widget_class_install_action (widget_class, "canvas.add-segment", "(dd)", act_add);
  gtk_widget_class_install_action (widget_class, "canvas.add-polygon", "(ddi)", act_add);
  gtk_widget_class_install_action (widget_class, "canvas.add-curve", "(dd)", act_add);
  gtk_widget_class_install_action (widget_class, "canvas.delete-body", NULL, act_delete);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "canvas.delete-body",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "canvas.delete-body",
                                       NULL);

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, IMP_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* An edit made on the canvas (a drag, add, delete) that the world refused. */
  signals[SIGNAL_EDIT_REFUSED]
      = g_signal_new ("edit-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_css_name (widget_class, "impcanvas");
}

static void
imp_canvas_init (ImpCanvas *self)
{
  imp_view_init (&self->view, 800, 600);
  self->cache = imp_render_cache_new ();
  self->hotspots = g_array_new (FALSE, FALSE, sizeof (ImpHotspot));
  self->boxes = g_array_new (FALSE, FALSE, sizeof (ImpRenderBox));
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self), IMP_CANVAS_MIN_WIDTH, 240);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Scene at the playhead"), -1);

  /* Dragging with the primary button moves what it took hold of, or pans;
   * the middle button always pans. */
  GtkGesture *drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  GtkGesture *pan = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (pan), GDK_BUTTON_MIDDLE);
  g_signal_connect (pan, "drag-begin", G_CALLBACK (drag_begin_pan), self);
  g_signal_connect (pan, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pan));

  GtkGesture *secondary = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (context_menu), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
  self->menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));

  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (hovered), self);
  g_signal_connect (motion, "leave", G_CALLBACK (left), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

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
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

GtkWidget *
imp_canvas_new (void)
{
  return g_object_new (IMP_TYPE_CANVAS, NULL);
}
