/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-timeline-bar.c: the scrubber. Each pixel column sums the events of the
 * frames it covers, drawn as a mark in the colour of the most telling kind; a
 * dense run reads as a heat strip. Clicking or dragging moves the playhead;
 * Shift-dragging chooses a range playback loops over; a right click clears it. */
#include "imp-timeline-bar.h"

#include <adwaita.h>

#include "imp-event-mark.h"
#include "imp-theme-contrast.h"

#define STRIP_TOP 6.0
#define STRIP_HEIGHT 22.0
#define MARK_RADIUS 3.5   /* half the width of an event kind's shape */
#define MARK_SPACING 9.0  /* fewest pixels between two shapes */

struct _ImpTimelineBar
{
  GtkWidget parent_instance;
  ImpSession *session;
  gboolean selecting;       /* a Shift-drag is choosing a loop */
  gint64 select_from;
};

G_DEFINE_FINAL_TYPE (ImpTimelineBar, imp_timeline_bar, GTK_TYPE_WIDGET)

ImpRgba
imp_timeline_bar_kind_color (const ImpTheme *theme, PhysEventKind kind)
{
  switch (kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      return theme->impulse;
    case PHYS_EVENT_CIRCLE_SEGMENT:
      return theme->segment_reflect;
    case PHYS_EVENT_EMBEDDED:
      return theme->contact;
    case PHYS_EVENT_PROBE_SEGMENT:
      return theme->probe;
    case PHYS_EVENT_EVENT_CAP:
      return theme->highlight;
    default:
      return theme->text_muted;
    }
}

/* The kind a column shows when frames of several kinds share it: the rarest
 * and most alarming first, so a cap or an embedded start is never hidden. */
static PhysEventKind
telling_kind (guint32 kinds)
{
  static const PhysEventKind order[]
      = { PHYS_EVENT_EVENT_CAP, PHYS_EVENT_EMBEDDED, PHYS_EVENT_CIRCLE_SEGMENT,
          PHYS_EVENT_CIRCLE_CIRCLE, PHYS_EVENT_PROBE_SEGMENT };
  for (gsize i = 0; i < G_N_ELEMENTS (order); i++)
    if (kinds & (1u << order[i]))
      return order[i];
  return PHYS_EVENT_CIRCLE_CIRCLE;
}

static double
frame_to_x (gint64 frame, gint64 length, double width)
{
  return length > 0 ? (double) frame / (double) length * width : 0.0;
}

/* The frames [*k0, *k1) pixel column x of the strip shows. */
static void
column_frames (int x, int width, gint64 length, gint64 *k0, gint64 *k1)
{
  *k0 = (gint64) ((double) x / width * length);
  *k1 = MAX (*k0 + 1, (gint64) ((double) (x + 1) / width * length));
}

static void
imp_timeline_bar_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ImpTimelineBar *self = IMP_TIMELINE_BAR (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0 || self->session == NULL)
    return;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  const ImpTheme *theme = imp_theme_for_style (dark, adw_style_manager_get_high_contrast (
                                                       adw_style_manager_get_default ()));
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  imp_rgba_set_source_alpha (cr, theme->text_muted, 0.12);
  cairo_rectangle (cr, 0, STRIP_TOP, width, STRIP_HEIGHT);
  cairo_fill (cr);

  gint64 length = imp_session_get_length (self->session);
  gint64 loop_start, loop_end;
  if (imp_session_get_loop (self->session, &loop_start, &loop_end))
    {
      /* The loop as a band under the marks, edged like a selection. */
      double x0 = frame_to_x (loop_start, length, width), x1 = frame_to_x (loop_end, length, width);
      imp_rgba_set_source_alpha (cr, theme->selection, 0.18);
      cairo_rectangle (cr, x0, STRIP_TOP - 3, MAX (x1 - x0, 2.0), STRIP_HEIGHT + 6);
      cairo_fill (cr);
    }
  ImpRecording *recording = imp_session_get_recording (self->session);
  gint64 n_states;
  const PhysFrameSummary *summaries = imp_recording_get_summaries (recording, &n_states);
  if (length > 0)
    {
      /* Per column: events and kinds of its frames; height grows with the count. */
      double last_mark = -G_MAXDOUBLE;
      for (int x = 0; x < width; x++)
        {
          gint64 k0, k1;
          column_frames (x, width, length, &k0, &k1);
          guint64 events = 0;
          guint32 kinds = 0;
          for (gint64 k = k0; k < k1 && k < length && k < n_states; k++)
            {
              events += summaries[k].n_events;
              kinds |= summaries[k].kinds;
            }
          if (events == 0)
            continue;
          double level = MIN (1.0, 0.35 + 0.65 * log1p ((double) events) / log1p (64.0));
          imp_rgba_set_source_alpha (cr, imp_timeline_bar_kind_color (theme, telling_kind (kinds)),
                                     level);
          double h = STRIP_HEIGHT * level;
          cairo_rectangle (cr, x, STRIP_TOP + STRIP_HEIGHT - h, 1.0, h);
          cairo_fill (cr);
          /* The kind's shape on top, so it reads without its colour; one per few columns. */
          if (x - last_mark >= MARK_SPACING)
            {
              imp_event_mark_path (cr, telling_kind (kinds), x + 0.5, STRIP_TOP + MARK_RADIUS + 1,
                                   MARK_RADIUS);
              imp_rgba_set_source (cr, imp_timeline_bar_kind_color (theme, telling_kind (kinds)));
              cairo_fill_preserve (cr);
              imp_rgba_set_source (cr, theme->text);
              cairo_set_line_width (cr, 1.0);
              cairo_stroke (cr);
              last_mark = x;
            }
        }
      /* Bookmarks as small flags above the strip. */
      for (int i = 0; i < imp_recording_get_n_bookmarks (recording); i++)
        {
          gint64 frame;
          g_free (imp_recording_dup_bookmark (recording, i, &frame));
          double x = frame_to_x (frame, length, width);
          imp_rgba_set_source (cr, theme->selection);
          cairo_move_to (cr, x, STRIP_TOP);
          cairo_line_to (cr, x - 4, STRIP_TOP - 5);
          cairo_line_to (cr, x + 4, STRIP_TOP - 5);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
    }

  /* The playhead, with the frame number and the time inside the frame. */
  gint64 frame = imp_session_get_frame (self->session);
  double x = floor (frame_to_x (frame, length, width - 1)) + 0.5;
  imp_rgba_set_source (cr, theme->selection);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x, 2);
  cairo_line_to (cr, x, STRIP_TOP + STRIP_HEIGHT + 2);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static gint64
frame_at_x (ImpTimelineBar *self, double x)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  gint64 length = imp_session_get_length (self->session);
  double f = width > 0 ? CLAMP (x / width, 0.0, 1.0) : 0.0;
  return (gint64) llround (f * length);
}

static gboolean
shift_held (GtkGesture *gesture)
{
  return (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture))
          & GDK_SHIFT_MASK)
         != 0;
}

/* Pixels either side of a mark that still take it. */
#define MARK_SLACK_PX 3

gint64
imp_timeline_bar_event_at (ImpTimelineBar *self, double x)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  gint64 length = self->session != NULL ? imp_session_get_length (self->session) : 0;
  gint64 found = -1;
  if (width <= 0 || length <= 0)
    return -1;
  gint64 n_states;
  const PhysFrameSummary *summaries
      = imp_recording_get_summaries (imp_session_get_recording (self->session), &n_states);
  /* The nearest column with a mark, then the first frame of it with events. */
  for (int d = 0; d <= MARK_SLACK_PX && found < 0; d++)
    for (int side = -1; side <= 1 && found < 0; side += 2)
      {
        int column = (int) floor (x) + side * d;
        if (column < 0 || column >= width || (d == 0 && side > 0))
          continue;
        gint64 k0, k1;
        column_frames (column, width, length, &k0, &k1);
        for (gint64 k = k0; k < k1 && k < length && k < n_states && found < 0; k++)
          if (summaries[k].n_events > 0)
            found = k;
      }
  return found;
}

gboolean
imp_timeline_bar_click (ImpTimelineBar *self, double x)
{
  if (self->session == NULL)
    return FALSE;
  gint64 frame = imp_timeline_bar_event_at (self, x);
  if (frame < 0)
    {
      imp_session_set_frame (self->session, frame_at_x (self, x));
      return FALSE;
    }
  imp_session_go_to_event (self->session, frame, 0);
  return TRUE;
}

static void
pressed (GtkGestureClick *click, int n, double x, double y, ImpTimelineBar *self)
{
  if (self->session == NULL)
    return;
  if (gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (click)) == GDK_BUTTON_SECONDARY)
    {
      imp_session_set_loop (self->session, 0, 0);
      return;
    }
  if (!shift_held (GTK_GESTURE (click)))
    imp_timeline_bar_click (self, x);
}

static void
drag_begin (GtkGestureDrag *drag, double x, double y, ImpTimelineBar *self)
{
  if (self->session == NULL)
    return;
  self->selecting = shift_held (GTK_GESTURE (drag));
  self->select_from = frame_at_x (self, x);
}

/* A drag scrubs; with Shift it chooses the frames playback loops over. */
static void
dragged (GtkGestureDrag *drag, double dx, double dy, ImpTimelineBar *self)
{
  if (self->session == NULL)
    return;
  double x, y;
  gtk_gesture_drag_get_start_point (drag, &x, &y);
  gint64 here = frame_at_x (self, x + dx);
  if (self->selecting)
    imp_session_set_loop (self->session, MIN (self->select_from, here),
                          MAX (self->select_from, here));
  else
    imp_session_set_frame (self->session, here);
}

static void
imp_timeline_bar_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                          int *natural, int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = (int) (STRIP_TOP + STRIP_HEIGHT + 6);
  else
    {
      *minimum = 120;
      *natural = 600;
    }
}

void
imp_timeline_bar_set_session (ImpTimelineBar *self, ImpSession *session)
{
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  static const char *const redraw[] = { "frame", "length", "n-bookmarks", "loop", NULL };
  if (session != NULL)
    imp_connect_notifies (session, redraw, G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
imp_timeline_bar_dispose (GObject *object)
{
  ImpTimelineBar *self = IMP_TIMELINE_BAR (object);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (imp_timeline_bar_parent_class)->dispose (object);
}

static void
imp_timeline_bar_class_init (ImpTimelineBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = imp_timeline_bar_dispose;
  widget_class->snapshot = imp_timeline_bar_snapshot;
  widget_class->measure = imp_timeline_bar_measure;
  gtk_widget_class_set_css_name (widget_class, "imptimelinebar");
}

static void
imp_timeline_bar_init (ImpTimelineBar *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  GtkGesture *drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (dragged), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

GtkWidget *
imp_timeline_bar_new (void)
{
  return g_object_new (IMP_TYPE_TIMELINE_BAR, NULL);
}
