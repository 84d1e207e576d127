/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording-plot.c: four lanes under the canvas, one pixel column per run
 * of frames: total energy, kinetic energy, the magnitude of the momentum, and
 * the events of each frame; then one lane for the energy of each selected
 * circle (two orbiters on different integrators drift side by side). A column draws the range its frames cover, so a long
 * recording keeps its spikes. Each lane has its own scale, so a drift of
 * the total energy a millionth of its size still shows (the caption says the
 * plotted range, so the magnification is never hidden). The playhead runs across the lanes; a click or a
 * drag seeks. Each lane says its value at the playhead and its range. */
#include "imp-recording-plot.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "imp-conceal.h"

#define LANE_HEIGHT 34.0
#define LANE_GAP 4.0
#define N_LANES 4       /* the series of the whole world */
#define MAX_BODY_LANES 2 /* and the selected circles' energies */

/* The energy of a selected circle: the recording computes it in each state. */
typedef struct
{
  char name[PHYS_NAME_MAX]; /* "" for none */
  ImpSeriesRange *columns;  /* the last columns drawn, stride 1 */
  int columns_width;        /* for how many columns */
  gint64 columns_states;    /* of how many states */
  gint64 columns_values;    /* and of how many values (-1: to compute) */
} BodyLane;

struct _ImpRecordingPlot
{
  GtkWidget parent_instance;
  ImpSession *session;
  /* The columns last split from the recording's series, kept while they are
   * the same (same width, same states, no "series-changed"), so moving the
   * playhead redraws without going over the series again. */
  ImpSeriesRange *columns;
  int columns_width;
  gint64 columns_states;
  gboolean columns_stale;
  BodyLane bodies[MAX_BODY_LANES];
  int n_bodies;
  /* The lanes' backgrounds and curves, drawn once for as long as nothing they
   * show changes; playback then only redraws the captions and the playhead. */
  GskRenderNode *curves;
  gboolean curves_dark;
  int curves_width, curves_height;
};

G_DEFINE_FINAL_TYPE (ImpRecordingPlot, imp_recording_plot, GTK_TYPE_WIDGET)

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

/* Lane index of n columns whose ranges are columns[x * stride + series]. */
static Lane
lane_for (const ImpSeriesRange *columns, int n, int stride, int series, int index,
          gboolean from_zero)
{
  double lane_top = LANE_GAP + index * (LANE_HEIGHT + LANE_GAP);
  Lane lane = { .top = lane_top + 14.0, .bottom = lane_top + LANE_HEIGHT - 2.0,
                .lo = INFINITY, .hi = -INFINITY };
  for (int x = 0; x < n; x++)
    {
      if (!(columns[x * stride + series].lo <= columns[x * stride + series].hi))
        continue;
      lane.lo = MIN (lane.lo, columns[x * stride + series].lo);
      lane.hi = MAX (lane.hi, columns[x * stride + series].hi);
    }
  if (!(lane.lo <= lane.hi))
    lane.lo = lane.hi = 0.0; /* nothing to plot: the body is in no state */
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
draw_series (cairo_t *cr, const Lane *lane, const ImpSeriesRange *columns, int n, int stride,
             int series, ImpRgba color, gboolean bars)
{
  imp_rgba_set_source (cr, color);
  for (int x = 0; x < n; x++)
    {
      ImpSeriesRange r = columns[x * stride + series];
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

/* "what value   drift from frame 0: ..." relative to |e0| when it is not 0. */
static char *
drift_caption (const char *what, double value, double e0)
{
  if (isnan (value) || isnan (e0))
    return g_strdup_printf (_("%s: not in this state (or not read yet)"), what);
  double drift = value - e0;
  return e0 != 0.0 ? g_strdup_printf (_("%s %.6g   drift from frame 0: %+.2e of |E₀|"), what, value,
                                      drift / fabs (e0))
                   : g_strdup_printf (_("%s %.6g   drift from frame 0: %+.3g"), what, value, drift);
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

  gint64 states = length + 1;
  ImpRecording *recording = imp_session_get_recording (self->session);
  gint64 n_summaries;
  const PhysFrameSummary *summaries = imp_recording_get_summaries (recording, &n_summaries);
  if (n_summaries == 0)
    return;
  PhysFrameSummary first = summaries[0];
  PhysFrameSummary now = summaries[MIN (MIN (frame, length), n_summaries - 1)];
  if (self->columns == NULL || self->columns_stale || self->columns_width != width
      || self->columns_states != states)
    {
      self->columns = g_renew (ImpSeriesRange, self->columns, (gsize) width * IMP_N_SERIES);
      g_autofree ImpSeriesRange *one = g_new (ImpSeriesRange, width);
      for (int series = 0; series < IMP_N_SERIES; series++)
        {
          gint64 n_values;
          const double *values = imp_recording_get_series (recording, series, &n_values);
          imp_series_value_columns (values, n_values, states, width, one);
          for (int x = 0; x < width; x++)
            self->columns[(gsize) x * IMP_N_SERIES + series] = one[x];
        }
      self->columns_width = width;
      self->columns_states = states;
      self->columns_stale = FALSE;
      g_clear_pointer (&self->curves, gsk_render_node_unref);
    }
  const ImpSeriesRange *columns = self->columns;

  int n_lanes = N_LANES + self->n_bodies;
  Lane lanes[N_LANES + MAX_BODY_LANES];
  for (int i = 0; i < N_LANES; i++)
    lanes[i] = lane_for (columns, width, IMP_N_SERIES, i, i, i == IMP_SERIES_EVENTS);
  for (int b = 0; b < self->n_bodies; b++)
    {
      BodyLane *body = &self->bodies[b];
      gint64 n_values;
      const double *values = imp_recording_get_body_series (recording, b, &n_values);
      if (body->columns_width != width || body->columns_states != states
          || body->columns_values != n_values)
        {
          body->columns = g_renew (ImpSeriesRange, body->columns, width);
          imp_series_value_columns (values, n_values, states, width, body->columns);
          body->columns_width = width;
          body->columns_states = states;
          body->columns_values = n_values;
          g_clear_pointer (&self->curves, gsk_render_node_unref);
        }
      lanes[N_LANES + b] = lane_for (body->columns, width, 1, 0, N_LANES + b, FALSE);
    }
  if (self->curves == NULL || self->curves_dark != dark || self->curves_width != width
      || self->curves_height != height)
    {
      g_clear_pointer (&self->curves, gsk_render_node_unref);
      GtkSnapshot *curves = gtk_snapshot_new ();
      cairo_t *cc = gtk_snapshot_append_cairo (curves, &GRAPHENE_RECT_INIT (0, 0, width, height));
      for (int i = 0; i < n_lanes; i++)
        {
          imp_rgba_set_source_alpha (cc, theme->text_muted, 0.08);
          cairo_rectangle (cc, 0, lanes[i].top - 14.0, width, LANE_HEIGHT);
          cairo_fill (cc);
        }
      const ImpRgba colors[N_LANES + MAX_BODY_LANES]
          = { theme->impulse,      theme->velocity,    theme->contact,
              imp_theme_event_color (theme, PHYS_EVENT_CIRCLE_CIRCLE), theme->normal_left,
              theme->normal_right };
      for (int i = 0; i < N_LANES; i++)
        draw_series (cc, &lanes[i], columns, width, IMP_N_SERIES, i, colors[i],
                     i == IMP_SERIES_EVENTS);
      for (int b = 0; b < self->n_bodies; b++)
        draw_series (cc, &lanes[N_LANES + b], self->bodies[b].columns, width, 1, 0,
                     colors[N_LANES + b], FALSE);
      cairo_destroy (cc);
      self->curves = gtk_snapshot_free_to_node (curves);
      self->curves_dark = dark;
      self->curves_width = width;
      self->curves_height = height;
    }
  if (self->curves != NULL)
    gtk_snapshot_append_node (snapshot, self->curves);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* Captions: the value at the playhead, and the lane's range. */
  double e0 = first.energy.total;
  char *left[N_LANES + MAX_BODY_LANES];
  left[0] = drift_caption (_("total energy"), now.energy.total, e0);
  left[1] = g_strdup_printf (_("kinetic energy %.6g   potential %.6g"), now.energy.kinetic,
                             now.energy.potential);
  left[2] = g_strdup_printf (_("momentum |p| %.6g   p = (%.6g, %.6g)"),
                             hypot (now.energy.momentum.x, now.energy.momentum.y),
                             now.energy.momentum.x, now.energy.momentum.y);
  left[3] = g_strdup_printf (_("events in frame %lld: %u"), (long long) MIN (frame, length),
                             now.n_events);
  for (int b = 0; b < self->n_bodies; b++)
    {
      gint64 n_values;
      const double *v = imp_recording_get_body_series (recording, b, &n_values);
      gint64 at = MIN (frame, length);
      g_autofree char *what = g_strdup_printf (_("energy of %s"), self->bodies[b].name);
      left[N_LANES + b] = drift_caption (what, at < n_values ? v[at] : NAN,
                                         n_values > 0 ? v[0] : NAN);
    }
  /* A lesson's prediction of an energy or a count ahead: the curves stay, their numbers wait. */
  gboolean kept = imp_conceal_world_anywhere (self->session);
  for (int i = 0; i < n_lanes; i++)
    {
      const Lane *lane = &lanes[i];
      if (kept)
        {
          lane_caption (cr, lane, width, _("numbers kept back for your prediction"), "", theme);
          g_free (left[i]);
          continue;
        }
      g_autofree char *right
          = i == IMP_SERIES_EVENTS ? g_strdup_printf (_("most in one frame %.0f"), lane->data_hi)
            : lane->data_lo == lane->data_hi
                ? g_strdup_printf (_("constant %.9g"), lane->data_lo)
            : lane->flat ? g_strdup_printf (_("flat to rounding: %.9g ± %.1e"),
                                            0.5 * (lane->data_lo + lane->data_hi),
                                            0.5 * (lane->data_hi - lane->data_lo))
                         : g_strdup_printf (_("plotted %.6g … %.6g"), lane->data_lo, lane->data_hi);
      lane_caption (cr, &lanes[i], width, left[i], right, theme);
      g_free (left[i]);
    }

  /* The playhead through each lane's curve, clear of its caption. */
  double x = floor ((double) MIN (frame, length) / (double) states * width) + 0.5;
  imp_rgba_set_source (cr, theme->selection);
  cairo_set_line_width (cr, 2.0);
  for (int i = 0; i < n_lanes; i++)
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
    {
      int lanes = N_LANES + IMP_RECORDING_PLOT (widget)->n_bodies;
      *minimum = *natural = (int) (lanes * (LANE_HEIGHT + LANE_GAP) + LANE_GAP);
    }
  else
    {
      *minimum = 200;
      *natural = 800;
    }
}

/* The recording computed more of the series, or started them again. */
static void
series_changed (ImpRecordingPlot *self)
{
  self->columns_stale = TRUE;
  for (int b = 0; b < MAX_BODY_LANES; b++)
    self->bodies[b].columns_values = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}


/* A lane for each selected circle (the selected body, both of a pair). */
static void
follow_selection (ImpRecordingPlot *self)
{
  PhysBodyRef refs[2] = { { PHYS_BODY_CIRCLE, -1 }, { PHYS_BODY_CIRCLE, -1 } };
  const char *names[MAX_BODY_LANES] = { "", "" };
  ImpSessionView now;
  int n = 0;
  if (self->session != NULL)
    {
      imp_session_get_view (self->session, &now);
      if (!imp_session_get_selected_pair (self->session, &refs[0], &refs[1]))
        imp_session_get_selected_body (self->session, &refs[0]);
      for (int i = 0; i < 2; i++)
        if (now.world != NULL && refs[i].index >= 0 && refs[i].kind == PHYS_BODY_CIRCLE)
          names[n++] = phys_world_body_name (now.world, refs[i]);
    }
  gboolean same = n == self->n_bodies;
  for (int b = 0; same && b < n; b++)
    same = g_str_equal (names[b], self->bodies[b].name);
  if (same)
    return;
  for (int b = 0; b < MAX_BODY_LANES; b++)
    {
      g_strlcpy (self->bodies[b].name, names[b], sizeof self->bodies[b].name);
      self->bodies[b].columns_values = -1;
    }
  self->n_bodies = n;
  if (self->session != NULL)
    imp_recording_set_series_bodies (imp_session_get_recording (self->session), names, n);
  g_clear_pointer (&self->curves, gsk_render_node_unref);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
imp_recording_plot_set_session (ImpRecordingPlot *self, ImpSession *session)
{
  if (self->session != NULL)
    imp_session_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  g_clear_pointer (&self->columns, g_free);
  static const char *const redraw[] = { "frame", "length", NULL };
  static const char *const shown[] = { "concealed", NULL };
  static const char *const selection[] = { "selected-event", NULL };
  if (session != NULL)
    {
      imp_connect_notifies (session, redraw, G_CALLBACK (gtk_widget_queue_draw), self);
      imp_connect_notifies (imp_session_get_view_options (session), shown,
                            G_CALLBACK (gtk_widget_queue_draw), self);
      imp_connect_notifies (session, selection, G_CALLBACK (follow_selection), self);
      g_signal_connect_swapped (imp_session_get_recording (session), "series-changed",
                                G_CALLBACK (series_changed), self);
    }
  series_changed (self);
  self->n_bodies = -1; /* the new session's recording gets the names */
  follow_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
imp_recording_plot_dispose (GObject *object)
{
  ImpRecordingPlot *self = IMP_RECORDING_PLOT (object);
  if (self->session != NULL)
    imp_session_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->columns, g_free);
  g_clear_pointer (&self->curves, gsk_render_node_unref);
  for (int b = 0; b < MAX_BODY_LANES; b++)
    g_clear_pointer (&self->bodies[b].columns, g_free);
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
                               _("Energy, momentum and events over the whole recording, and "
                                 "the energy of each selected circle. Click or drag to move "
                                 "the playhead."));
}

GtkWidget *
imp_recording_plot_new (void)
{
  return g_object_new (IMP_TYPE_RECORDING_PLOT, NULL);
}
