/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording-plot.c: four lanes under the canvas, one pixel column per run
 * of frames: total energy, kinetic energy, the magnitude of the momentum, and
 * the events of each frame. A column draws the range its frames cover, so a long
 * recording keeps its spikes. Each lane has its own scale, so a drift of
 * the total energy a millionth of its size still shows (the caption says the
 * plotted range, so the magnification is never hidden). The playhead runs across the lanes; a click or a
 * drag seeks. Each lane says its value at the playhead and its range. */
#include "imp-recording-plot.h"

#include <adwaita.h>
#include <math.h>

#define LANE_HEIGHT 34.0
#define LANE_GAP 4.0
#define N_LANES 4

struct _ImpRecordingPlot
{
  GtkWidget parent_instance;
  ImpSession *session;
  /* The columns last computed, kept while the recording they came from is
   * the same (same width, same states, same first and last state hashes), so
   * moving the playhead redraws without scanning the recording again. */
  ImpSeriesRange *columns;
  int columns_width;
  gint64 columns_states;
  guint64 columns_first_hash, columns_last_hash;
};

G_DEFINE_FINAL_TYPE (ImpRecordingPlot, imp_recording_plot, GTK_TYPE_WIDGET)

double
imp_series_value (const PhysFrameSummary *s, ImpSeries series)
{
  switch (series)
    {
    case IMP_SERIES_TOTAL_ENERGY:
      return s->energy.total;
    case IMP_SERIES_KINETIC:
      return s->energy.kinetic;
    case IMP_SERIES_MOMENTUM:
      return hypot (s->energy.momentum.x, s->energy.momentum.y);
    case IMP_SERIES_EVENTS:
      return (double) s->n_events;
    default:
      return 0.0;
    }
}

gint64
imp_series_column_state (gint64 states, int columns, int x)
{
  if (states <= 0 || columns <= 0)
    return 0;
  x = CLAMP (x, 0, columns - 1);
  /* In integers: x / columns * states in doubles can land a hair under a
   * whole number and floor to the state before. */
  return (gint64) x * states / columns;
}

void
imp_series_columns (const PhysTimeline *tl, gint64 states, int columns, ImpSeriesRange *out)
{
  for (int x = 0; x < columns; x++)
    {
      gint64 k0 = imp_series_column_state (states, columns, x);
      gint64 k1 = x + 1 < columns ? imp_series_column_state (states, columns, x + 1) : states;
      k1 = MAX (k1, k0 + 1);
      ImpSeriesRange *column = out + (gsize) x * IMP_N_SERIES;
      for (int s = 0; s < IMP_N_SERIES; s++)
        column[s] = (ImpSeriesRange) { INFINITY, -INFINITY };
      for (gint64 k = k0; k < k1 && k < states; k++)
        {
          PhysFrameSummary summary = phys_timeline_summary (tl, k);
          for (int s = 0; s < IMP_N_SERIES; s++)
            {
              double v = imp_series_value (&summary, s);
              column[s].lo = MIN (column[s].lo, v);
              column[s].hi = MAX (column[s].hi, v);
            }
        }
    }
}

/* The lane's vertical scale: lo at the bottom, hi at the top, a flat series
 * centred. */
typedef struct
{
  double top, bottom, lo, hi;
  double data_lo, data_hi; /* the series' own range */
  gboolean flat;           /* varies by less than rounding: drawn as a line */
} Lane;

static double
lane_y (const Lane *lane, double v)
{
  return lane->bottom - (v - lane->lo) / (lane->hi - lane->lo) * (lane->bottom - lane->top);
}

static Lane
lane_for (const ImpSeriesRange *columns, int n, ImpSeries series, int index, gboolean from_zero)
{
  double lane_top = LANE_GAP + index * (LANE_HEIGHT + LANE_GAP);
  Lane lane = { .top = lane_top + 14.0, .bottom = lane_top + LANE_HEIGHT - 2.0,
                .lo = INFINITY, .hi = -INFINITY };
  for (int x = 0; x < n; x++)
    {
      lane.lo = MIN (lane.lo, columns[x * IMP_N_SERIES + series].lo);
      lane.hi = MAX (lane.hi, columns[x * IMP_N_SERIES + series].hi);
    }
  if (from_zero)
    lane.lo = MIN (lane.lo, 0.0);
  lane.data_lo = lane.lo;
  lane.data_hi = lane.hi;
  /* Below rounding (1e-12 of the size) a series is flat: show it as a line. */
  double size = MAX (1.0, MAX (fabs (lane.lo), fabs (lane.hi)));
  lane.flat = lane.hi - lane.lo <= 1e-12 * size;
  if (lane.flat)
    {
      double mid = 0.5 * (lane.lo + lane.hi);
      lane.lo = mid - size;
      lane.hi = mid + size;
    }
  return lane;
}

static void
draw_series (cairo_t *cr, const Lane *lane, const ImpSeriesRange *columns, int n,
             ImpSeries series, ImpRgba color, gboolean bars)
{
  imp_rgba_set_source (cr, color);
  for (int x = 0; x < n; x++)
    {
      ImpSeriesRange r = columns[x * IMP_N_SERIES + series];
      if (!(r.lo <= r.hi))
        continue;
      double y_hi = lane_y (lane, r.hi), y_lo = bars ? lane->bottom : lane_y (lane, r.lo);
      if (bars && r.hi <= 0.0)
        continue;
      cairo_rectangle (cr, x, y_hi - 0.75, 1.0, MAX (1.5, y_lo - y_hi + 0.75));
    }
  cairo_fill (cr);
}

static void
lane_caption (cairo_t *cr, const Lane *lane, double width, const char *left, const char *right,
              const ImpTheme *theme)
{
  double y = lane->top - 7.0;
  imp_plot_text (cr, left, 4.0, y, 0.0, theme->text, FALSE);
  imp_plot_text (cr, right, width - 4.0, y, 1.0, theme->text_muted, FALSE);
}

static void
imp_recording_plot_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ImpRecordingPlot *self = IMP_RECORDING_PLOT (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0 || self->session == NULL)
    return;
  gint64 length = imp_session_get_length (self->session);
  gint64 frame = imp_session_get_frame (self->session);
  if (length <= 0)
    return;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  const ImpTheme *theme = imp_theme_get (dark);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  gint64 states = length + 1;
  PhysTimeline *tl = imp_session_lock (self->session);
  if (tl == NULL)
    {
      imp_session_unlock (self->session);
      cairo_destroy (cr);
      return;
    }
  PhysFrameSummary first = phys_timeline_summary (tl, 0);
  PhysFrameSummary last = phys_timeline_summary (tl, length);
  PhysFrameSummary now = phys_timeline_summary (tl, MIN (frame, length));
  if (self->columns == NULL || self->columns_width != width || self->columns_states != states
      || self->columns_first_hash != first.hash || self->columns_last_hash != last.hash)
    {
      self->columns = g_renew (ImpSeriesRange, self->columns, (gsize) width * IMP_N_SERIES);
      imp_series_columns (tl, states, width, self->columns);
      self->columns_width = width;
      self->columns_states = states;
      self->columns_first_hash = first.hash;
      self->columns_last_hash = last.hash;
    }
  imp_session_unlock (self->session);
  const ImpSeriesRange *columns = self->columns;

  Lane lanes[N_LANES];
  for (int i = 0; i < N_LANES; i++)
    lanes[i] = lane_for (columns, width, i, i, i == IMP_SERIES_EVENTS);
  for (int i = 0; i < N_LANES; i++)
    {
      imp_rgba_set_source_alpha (cr, theme->text_muted, 0.08);
      cairo_rectangle (cr, 0, lanes[i].top - 14.0, width, LANE_HEIGHT);
      cairo_fill (cr);
    }
  const ImpRgba colors[N_LANES] = { theme->impulse, theme->velocity, theme->contact,
                                    imp_theme_event_color (theme, PHYS_EVENT_CIRCLE_CIRCLE) };
  for (int i = 0; i < N_LANES; i++)
    draw_series (cr, &lanes[i], columns, width, i, colors[i], i == IMP_SERIES_EVENTS);

  /* Captions: the value at the playhead, and the lane's range. */
  double e0 = first.energy.total, drift = now.energy.total - e0;
  g_autofree char *e_left
      = e0 != 0.0 ? g_strdup_printf ("total energy %.6g   drift from frame 0: %+.2e of |E₀|",
                                     now.energy.total, drift / fabs (e0))
                  : g_strdup_printf ("total energy %.6g   drift from frame 0: %+.3g",
                                     now.energy.total, drift);
  g_autofree char *k_left = g_strdup_printf ("kinetic energy %.6g   potential %.6g",
                                             now.energy.kinetic, now.energy.potential);
  g_autofree char *p_left = g_strdup_printf ("momentum |p| %.6g   p = (%.6g, %.6g)",
                                             hypot (now.energy.momentum.x, now.energy.momentum.y),
                                             now.energy.momentum.x, now.energy.momentum.y);
  g_autofree char *n_left = g_strdup_printf ("events in frame %" G_GINT64_FORMAT ": %u",
                                             MIN (frame, length), now.n_events);
  const char *left[N_LANES] = { e_left, k_left, p_left, n_left };
  for (int i = 0; i < N_LANES; i++)
    {
      const Lane *lane = &lanes[i];
      g_autofree char *right
          = i == IMP_SERIES_EVENTS ? g_strdup_printf ("most in one frame %.0f", lane->data_hi)
            : lane->data_lo == lane->data_hi
                ? g_strdup_printf ("constant %.9g", lane->data_lo)
            : lane->flat ? g_strdup_printf ("flat to rounding: %.9g ± %.1e",
                                            0.5 * (lane->data_lo + lane->data_hi),
                                            0.5 * (lane->data_hi - lane->data_lo))
                         : g_strdup_printf ("plotted %.6g … %.6g", lane->data_lo, lane->data_hi);
      lane_caption (cr, &lanes[i], width, left[i], right, theme);
    }

  /* The playhead through each lane's curve, clear of its caption. */
  double x = floor ((double) MIN (frame, length) / (double) states * width) + 0.5;
  imp_rgba_set_source (cr, theme->selection);
  cairo_set_line_width (cr, 2.0);
  for (int i = 0; i < N_LANES; i++)
    {
      cairo_move_to (cr, x, lanes[i].top - 2.0);
      cairo_line_to (cr, x, lanes[i].bottom + 2.0);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
seek_to_x (ImpRecordingPlot *self, double x)
{
  if (self->session == NULL)
    return;
  gint64 states = imp_session_get_length (self->session) + 1;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  imp_session_set_frame (self->session, imp_series_column_state (states, width, (int) floor (x)));
}

static void
pressed (GtkGestureClick *click, int n, double x, double y, ImpRecordingPlot *self)
{
  seek_to_x (self, x);
}

static void
dragged (GtkGestureDrag *drag, double dx, double dy, ImpRecordingPlot *self)
{
  double x, y;
  gtk_gesture_drag_get_start_point (drag, &x, &y);
  seek_to_x (self, x + dx);
}

static void
imp_recording_plot_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = (int) (N_LANES * (LANE_HEIGHT + LANE_GAP) + LANE_GAP);
  else
    {
      *minimum = 200;
      *natural = 800;
    }
}

void
imp_recording_plot_set_session (ImpRecordingPlot *self, ImpSession *session)
{
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  g_clear_pointer (&self->columns, g_free);
  static const char *const redraw[] = { "frame", "length", NULL };
  if (session != NULL)
    imp_session_connect_notifies (session, redraw, G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
imp_recording_plot_dispose (GObject *object)
{
  ImpRecordingPlot *self = IMP_RECORDING_PLOT (object);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->columns, g_free);
  G_OBJECT_CLASS (imp_recording_plot_parent_class)->dispose (object);
}

static void
imp_recording_plot_class_init (ImpRecordingPlotClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imp_recording_plot_dispose;
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  widget_class->snapshot = imp_recording_plot_snapshot;
  widget_class->measure = imp_recording_plot_measure;
  gtk_widget_class_set_css_name (widget_class, "recordingplot");
}

static void
imp_recording_plot_init (ImpRecordingPlot *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  GtkGesture *drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-update", G_CALLBACK (dragged), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               "Energy, momentum and events over the whole recording. "
                               "Click or drag to move the playhead.");
}

GtkWidget *
imp_recording_plot_new (void)
{
  return g_object_new (IMP_TYPE_RECORDING_PLOT, NULL);
}
