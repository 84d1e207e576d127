/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-window.c: playback in the real window. A gas of N circles plays at 1x
 * in an ImpWindow (the canvas with the default overlays, the inspector, the
 * timeline bar, the plots), and the frame clock says how often the window
 * painted and how long each of its frames took, from the clock's update
 * (playback advances, the recording worker is asked for more) to the end of
 * its paint (the canvas's picture drawn and put on screen). Needs a display
 * (Xvfb will do; GSK_RENDERER=cairo there). */
#include "bench-window.h"

#include <adwaita.h>
#include <stdio.h>

#include "bench-scenes.h"
#include "imp-window.h"

typedef struct
{
  GArray *frame_ms;  /* per painted frame: update to after-paint */
  GArray *paint_at;  /* when each paint ended */
  double began;      /* this frame's update, ms */
  gboolean counting;
} Clocked;

static double
now_ms (void)
{
  return (double) g_get_monotonic_time () / 1000.0;
}

static void
on_update (GdkFrameClock *clock, Clocked *c)
{
  c->began = now_ms ();
}

static void
on_after_paint (GdkFrameClock *clock, Clocked *c)
{
  if (!c->counting || c->began <= 0.0)
    return;
  double end = now_ms ();
  double ms = end - c->began;
  g_array_append_val (c->frame_ms, ms);
  g_array_append_val (c->paint_at, end);
  c->began = 0.0;
}

static int
compare (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
percentile (GArray *values, double p)
{
  if (values->len == 0)
    return 0.0;
  g_array_sort (values, compare);
  guint i = (guint) (p * (values->len - 1) + 0.5);
  return g_array_index (values, double, i);
}

static gboolean
stop_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for ms milliseconds. */
static void
run_for (double ms)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  g_timeout_add ((guint) ms, stop_loop, loop);
  g_main_loop_run (loop);
  g_main_loop_unref (loop);
}

int
bench_window_run (int n, double seconds)
{
  if (!gtk_init_check ())
    {
      fprintf (stderr, "impulse-bench: error: 'window' needs a display (try xvfb-run)\n");
      return 1;
    }
  adw_init ();

  ImpWindow *window = imp_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  PhysWorld *world = bench_scene_gas (n, 1.0 / 3.0, 0x5eed);
  ImpSession *session = imp_window_get_session (window);
  g_autofree char *title = g_strdup_printf ("Gas of %d circles", n);
  imp_session_load_world (session, world, title, NULL, NULL, NULL, NULL);
  phys_world_free (world);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-plots", NULL);

  /* Let it map, draw once and record ahead a little. */
  run_for (1500);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (clock == NULL)
    {
      fprintf (stderr, "impulse-bench: error: the window has no frame clock\n");
      return 1;
    }
  Clocked c = { g_array_new (FALSE, FALSE, sizeof (double)),
                g_array_new (FALSE, FALSE, sizeof (double)), 0.0, TRUE };
  g_signal_connect (clock, "update", G_CALLBACK (on_update), &c);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &c);

  gint64 frame0 = imp_session_get_frame (session);
  double t0 = now_ms ();
  imp_session_set_playing (session, TRUE);
  run_for (seconds * 1000.0);
  c.counting = FALSE;
  double elapsed = (now_ms () - t0) / 1000.0;
  gint64 advanced = imp_session_get_frame (session) - frame0;
  imp_session_set_playing (session, FALSE);
  g_signal_handlers_disconnect_by_data (clock, &c);

  /* The longest gap between two paints: a dropped frame shows here. */
  double worst_gap = 0.0;
  for (guint i = 1; i < c.paint_at->len; i++)
    worst_gap = MAX (worst_gap, g_array_index (c.paint_at, double, i)
                                    - g_array_index (c.paint_at, double, i - 1));
  guint painted = c.frame_ms->len;
  double median = percentile (c.frame_ms, 0.5), p99 = percentile (c.frame_ms, 0.99);
  printf ("scene=window n=%d seconds=%.1f painted=%u fps=%.1f frame_ms_median=%.2f "
          "frame_ms_p99=%.2f worst_gap_ms=%.1f frames_played=%" G_GINT64_FORMAT
          " played_per_second=%.1f (1x is 60)\n",
          n, elapsed, painted, painted / elapsed, median, p99, worst_gap, advanced,
          advanced / elapsed);
  fflush (stdout);
  g_array_unref (c.frame_ms);
  g_array_unref (c.paint_at);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
