/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impulse-bench: speed and memory figures of the physics core.
 *
 *   impulse-bench                 the whole table (gas 1000, 5000, 20000; rain 2000;
 *                                 render 2000; timeline)
 *   impulse-bench gas N [RUNS]    one scene; prints one line of key=value pairs
 *   impulse-bench rain N [RUNS]
 *   impulse-bench render [N]      draw gas N (default 2,000) with every overlay at 1920x1080
 *   impulse-bench timeline [FRAMES]  record gas 1000 (default 100,000 frames), then seek
 *   impulse-bench window [N] [SECONDS]  play gas N (default 2,000) for SECONDS (default 10)
 *                                 in the real window; needs a display (not in the table)
 *   impulse-bench edits [N]       apply N add-circle edits at one frame (default 200,000)
 *   impulse-bench boxes N [RUNS]  N unit boxes dropped into a container 40 wide, 600 steps
 *   impulse-bench pyramid ROWS [RUNS]  a pyramid of unit boxes, 1000 steps; how far its top
 *                                 box moved
 * The rigid scenes run awake (sleeping off, as in the other engines and in Box2D v3's own
 * benchmarks), then once more with sleeping on for asleep_ms_per_step; they run in Box2D 2.4 and
 * Chipmunk 7 too when the build found them, for the ratio in the same run.
 */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench-compare.h"
#include "bench-scenes.h"
#include "bench-window.h"
#include "imp-render.h"
#include "imp-view.h"

#define FRAMES 600

typedef struct
{
  double ms_per_step;
  double events_per_step;
  double energy_ratio;
  long peak_rss_kb;
} BenchResult;

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

double
bench_now_ms (void)
{
  return now_ms ();
}

static int
compare_double (const void *x, const void *y)
{
  double a = *(const double *) x, b = *(const double *) y;
  return (a > b) - (a < b);
}

double
bench_median (double *values, int n)
{
  qsort (values, (size_t) n, sizeof *values, compare_double);
  return values[n / 2];
}

/* Impulse's time per step on a rigid scene (median of runs); when watch >= 0, how far that box
 * moved, and the polygons asleep at the end (docs/physics.md, sleeping rigid bodies). */
static double
time_rigid (const char *scene, int n, int steps, int runs, bool sleep, int watch, double *moved,
            int *asleep)
{
  double *ms = calloc ((size_t) runs, sizeof *ms);
  if (ms == NULL)
    abort ();
  *moved = 0.0;
  for (int r = 0; r < runs; r++)
    {
      PhysWorld *world = bench_scene_rigid (scene, n, sleep);
      PhysVec2 start = watch >= 0 ? phys_world_get_polygon (world, watch).position
                                  : phys_v2 (0.0, 0.0);
      double t0 = now_ms ();
      for (int s = 0; s < steps; s++)
        phys_world_step (world, NULL);
      ms[r] = (now_ms () - t0) / steps;
      if (watch >= 0)
        *moved = phys_v2_len (phys_v2_sub (phys_world_get_polygon (world, watch).position, start));
      *asleep = 0;
      for (int i = 0; i < phys_world_polygon_count (world); i++)
        *asleep += phys_world_get_polygon (world, i).asleep_since >= 0;
      phys_world_free (world);
    }
  double median = bench_median (ms, runs);
  free (ms);
  return median;
}

/* The rigid scenes (issue 16): Impulse's time per step and, for the pyramid, how far its top box
 * moved; then the same scene in the engines the build found, with the ratio. On equal terms
 * every engine runs awake (Box2D v3's own benchmarks switch sleeping off too); Impulse's figure
 * with sleeping on follows (asleep_ms_per_step). Impulse steps without an event log, as the
 * others keep none; the events per step come from one more run with a log, not timed. */
static int
run_rigid (const char *scene, int n, int runs)
{
  int steps = strcmp (scene, "pyramid") == 0 ? 1000 : 600;
  BenchBox *boxes;
  int watch;
  int count = bench_rigid_boxes (scene, n, &boxes, &watch);
  double moved, moved_asleep;
  int awake_asleep, asleep;
  double impulse_ms = time_rigid (scene, n, steps, runs, false, watch, &moved, &awake_asleep);
  double asleep_ms = time_rigid (scene, n, steps, runs, true, watch, &moved_asleep, &asleep);
  PhysWorld *world = bench_scene_rigid (scene, n, false);
  PhysEventLog log;
  phys_event_log_init (&log);
  size_t events = 0, impacts = 0;
  for (int s = 0; s < steps; s++)
    {
      phys_event_log_clear (&log);
      phys_world_step (world, &log);
      events += log.count;
      for (size_t k = 0; k < log.count; k++)
        impacts += phys_event_is_rigid (log.events[k].kind) && !log.events[k].solved;
    }
  phys_event_log_free (&log);
  phys_world_free (world);
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  printf ("scene=%s n=%d bodies=%d runs=%d steps=%d ms_per_step=%.4f events_per_step=%.1f "
          "impacts_per_step=%.2f",
          scene, n, count, runs, steps, impulse_ms, (double) events / steps,
          (double) impacts / steps);
  if (watch >= 0)
    printf (" top_moved=%.4g", moved);
  printf (" asleep_ms_per_step=%.4f asleep_at_end=%d", asleep_ms, asleep);
  if (watch >= 0)
    printf (" asleep_top_moved=%.4g", moved_asleep);
  printf (" peak_rss_kb=%ld\n", usage.ru_maxrss);
#ifdef IMPULSE_BENCH_BOX2D
  BenchRigidResult b2 = { 0 };
  bench_box2d_run (boxes, count, watch, steps, runs, &b2);
  printf ("  box2d-2.4 ms_per_step=%.4f impulse_over_box2d=%.2f", b2.ms_per_step,
          impulse_ms / b2.ms_per_step);
  if (watch >= 0)
    printf (" top_moved=%.4g", b2.watch_moved);
  printf ("\n");
#endif
#ifdef IMPULSE_BENCH_CHIPMUNK
  BenchRigidResult cp = { 0 };
  bench_chipmunk_run (boxes, count, watch, steps, runs, &cp);
  printf ("  chipmunk-7 ms_per_step=%.4f impulse_over_chipmunk=%.2f", cp.ms_per_step,
          impulse_ms / cp.ms_per_step);
  if (watch >= 0)
    printf (" top_moved=%.4g", cp.watch_moved);
  printf ("\n");
#endif
  fflush (stdout);
  free (boxes);
  return 0;
}

static PhysWorld *
make_scene (const char *scene, int n)
{
  if (strcmp (scene, "gas") == 0)
    return bench_scene_gas (n, 1.0 / 3.0, 0x5eed);
  if (strcmp (scene, "rain") == 0)
    return bench_scene_rain (n);
  return NULL;
}

static BenchResult
run_scene (const char *scene, int n, int runs)
{
  BenchResult result = { 0 };
  double *ms = calloc ((size_t) runs, sizeof *ms);
  PhysEventLog log;
  phys_event_log_init (&log);

  for (int r = 0; r < runs; r++)
    {
      PhysWorld *world = make_scene (scene, n);
      /* Kinetic energy where the scene starts moving; total energy where it starts at rest. */
      PhysEnergy start_energy = phys_world_energy (world);
      bool kinetic = start_energy.kinetic > 0.0;
      size_t events = 0;
      double start = now_ms ();
      for (int f = 0; f < FRAMES; f++)
        {
          phys_event_log_clear (&log);
          phys_world_step (world, &log);
          events += log.count;
        }
      ms[r] = (now_ms () - start) / FRAMES;
      result.events_per_step = (double) events / FRAMES;
      PhysEnergy end_energy = phys_world_energy (world);
      result.energy_ratio = kinetic ? end_energy.kinetic / start_energy.kinetic
                                    : end_energy.total / start_energy.total;
      phys_world_free (world);
    }
  qsort (ms, (size_t) runs, sizeof *ms, compare_double);
  result.ms_per_step = ms[runs / 2];

  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  result.peak_rss_kb = usage.ru_maxrss;
  phys_event_log_free (&log);
  free (ms);
  return result;
}

static void
print_result (const char *scene, int n, int runs, const BenchResult *r)
{
  printf ("scene=%s n=%d runs=%d steps=%d ms_per_step=%.4f events_per_step=%.2f "
          "energy_ratio=%.15f peak_rss_kb=%ld\n",
          scene, n, runs, FRAMES, r->ms_per_step, r->events_per_step, r->energy_ratio,
          r->peak_rss_kb);
  fflush (stdout);
}

static double
percentile (double *ms, int n, double p)
{
  qsort (ms, (size_t) n, sizeof *ms, compare_double);
  int i = (int) (p * (n - 1) + 0.5);
  return ms[i];
}

/* The timeline figures of issue 3: recording throughput, memory, and the latency
 * of random seeks and of consecutive steps backwards. */
static int
run_timeline (int64_t frames)
{
  const size_t budget = (size_t) 160 << 20;
  PhysWorld *world = make_scene ("gas", 1000);
  PhysTimelineDef def = phys_timeline_def_default ();
  def.budget_bytes = budget;
  PhysTimeline *tl = phys_timeline_new (world, &def);

  double start = now_ms ();
  while (phys_timeline_length (tl) < frames)
    phys_timeline_record (tl, 1000 < frames - phys_timeline_length (tl)
                                  ? 1000 : frames - phys_timeline_length (tl));
  double record_ms = now_ms () - start;
  PhysTimelineStats st = phys_timeline_stats (tl);

  enum { SEEKS = 1000 };
  double ms[SEEKS];
  BenchRandom rng;
  bench_random_init (&rng, 42);
  for (int i = 0; i < SEEKS; i++)
    {
      int64_t k = (int64_t) (bench_random_unit (&rng) * (double) (frames + 1));
      double t0 = now_ms ();
      phys_timeline_seek (tl, k);
      ms[i] = now_ms () - t0;
    }
  double seek_median = percentile (ms, SEEKS, 0.5), seek_p99 = percentile (ms, SEEKS, 0.99);

  int64_t k = frames / 2 + 12345 % (frames / 2 + 1);
  phys_timeline_seek (tl, k);
  for (int i = 0; i < SEEKS; i++)
    {
      double t0 = now_ms ();
      phys_timeline_seek (tl, --k);
      ms[i] = now_ms () - t0;
    }
  double back_median = percentile (ms, SEEKS, 0.5), back_p99 = percentile (ms, SEEKS, 0.99);

  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  /* What storing every frame's full state would take: the 32 bytes a circle. */
  double full = 1000.0 * 32.0 * (double) frames;
  printf ("scene=timeline-gas n=1000 frames=%lld record_frames_per_s=%.0f bytes=%zu "
          "budget_bytes=%zu fraction_of_full_states=%.4f keyframes=%lld keyframe_interval=%d "
          "thinned=%d events=%llu seek_median_ms=%.3f seek_p99_ms=%.3f step_back_median_ms=%.3f "
          "step_back_p99_ms=%.3f peak_rss_kb=%ld\n",
          (long long) frames, frames / (record_ms / 1000.0), st.bytes, st.budget_bytes,
          st.bytes / full, (long long) st.keyframes, st.keyframe_interval, st.thinned,
          (unsigned long long) st.events, seek_median, seek_p99, back_median, back_p99,
          usage.ru_maxrss);
  phys_timeline_free (tl);
  phys_world_free (world);
  return 0;
}

/* The render figures of issue 4. A gas is played frame by frame and every frame
 * drawn as the canvas would draw it, into a Full HD image surface. */

#define RENDER_FRAMES 100
#define RENDER_TRAIL 30
#define RENDER_WIDTH 1920
#define RENDER_HEIGHT 1080

typedef struct
{
  int n;
  PhysWorld *world;         /* one frame ahead of shown: its step gives the events drawn */
  PhysWorld *shown;         /* the state at the start of the frame drawn */
  void *state;              /* scratch for copying world's state into shown */
  PhysEventLog log;         /* the events of the frame drawn */
  PhysVec2 *displacements;  /* shown's frame paths */
  PhysVec2 *trail;          /* shown's last RENDER_TRAIL states, oldest first */
} RenderScene;

static void
render_scene_init (RenderScene *scene, int n)
{
  scene->n = n;
  scene->world = make_scene ("gas", n);
  scene->shown = phys_world_copy (scene->world);
  scene->state = malloc (phys_world_state_size (scene->world));
  phys_event_log_init (&scene->log);
  scene->displacements = calloc ((size_t) n, sizeof *scene->displacements);
  scene->trail = calloc ((size_t) n * RENDER_TRAIL, sizeof *scene->trail);
  if (scene->state == NULL || scene->displacements == NULL || scene->trail == NULL)
    {
      fprintf (stderr, "impulse-bench: error: out of memory\n");
      exit (1);
    }
}

static void
render_scene_clear (RenderScene *scene)
{
  phys_world_free (scene->world);
  phys_world_free (scene->shown);
  free (scene->state);
  phys_event_log_free (&scene->log);
  free (scene->displacements);
  free (scene->trail);
}

/* Shows the next frame: shown takes the world's state, and the world steps
 * through the frame, logging its events. */
static void
render_scene_step (RenderScene *scene)
{
  phys_world_state_save (scene->world, scene->state);
  phys_world_state_load (scene->shown, scene->state);
  phys_event_log_clear (&scene->log);
  phys_world_step (scene->world, &scene->log);
}

/* Appends the frame shown to the trail, dropping the oldest state. */
static void
render_scene_push_trail (RenderScene *scene)
{
  size_t n = (size_t) scene->n;
  PhysVec2 *last = scene->trail + (RENDER_TRAIL - 1) * n;

  memmove (scene->trail, scene->trail + n, (RENDER_TRAIL - 1) * n * sizeof *scene->trail);
  for (int i = 0; i < scene->n; i++)
    last[i] = phys_world_get_circle (scene->shown, i).position;
}

static const PhysEvent *
first_circle_circle_event (const PhysEventLog *log)
{
  for (size_t i = 0; i < log->count; i++)
    if (log->events[i].kind == PHYS_EVENT_CIRCLE_CIRCLE)
      return &log->events[i];
  return NULL;
}

/* Draws the frame shown; returns the milliseconds imp_render() and the flush took. */
static double
render_frame (cairo_surface_t *surface, const ImpView *view, const ImpRenderInput *input)
{
  cairo_t *cr = cairo_create (surface);
  double start = now_ms ();
  imp_render (cr, view, input);
  cairo_surface_flush (surface);
  double ms = now_ms () - start;

  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, "impulse-bench: error: cairo: %s\n",
               cairo_status_to_string (cairo_status (cr)));
      exit (1);
    }
  cairo_destroy (cr);
  return ms;
}

static int
run_render (int n)
{
  RenderScene scene;
  double ms[RENDER_FRAMES], ms_no_cache[RENDER_FRAMES], ms_own_paths[RENDER_FRAMES];
  ImpView view;
  ImpRenderCache *cache = imp_render_cache_new ();
  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, RENDER_WIDTH, RENDER_HEIGHT);

  render_scene_init (&scene, n);
  imp_view_init (&view, RENDER_WIDTH, RENDER_HEIGHT);
  imp_view_fit (&view, imp_view_world_box (scene.world), 20.0);

  /* Everything the canvas can show: a full trail, so the gas plays a while first. */
  for (int f = 0; f < RENDER_TRAIL; f++)
    {
      render_scene_step (&scene);
      render_scene_push_trail (&scene);
    }
  for (int f = 0; f < RENDER_FRAMES; f++)
    {
      render_scene_step (&scene);
      phys_world_frame_paths (scene.shown, NULL, scene.displacements);
      const PhysEvent *selected = first_circle_circle_event (&scene.log);
      ImpRenderInput input;
      imp_render_input_init (&input, scene.shown);
      input.overlays = IMP_OVERLAY_ALL;
      input.displacements = scene.displacements;
      input.events = scene.log.events;
      input.n_events = (int) scene.log.count;
      input.selected = selected;
      input.selected_body = selected != NULL ? selected->a : -1;
      input.trail = scene.trail;
      input.trail_len = RENDER_TRAIL;
      input.trail_stride = n;
      /* The ghost branch: the previous frame, the newest state of the trail. */
      input.ghost_positions = scene.trail + (size_t) (RENDER_TRAIL - 1) * (size_t) n;
      input.cache = cache;
      ms[f] = render_frame (surface, &view, &input);
      /* What the cache and the frame paths passed in save: the same picture without
       * them (test-renderer checks that it is the same). */
      input.cache = NULL;
      ms_no_cache[f] = render_frame (surface, &view, &input);
      input.cache = cache;
      input.displacements = NULL;
      ms_own_paths[f] = render_frame (surface, &view, &input);
      render_scene_push_trail (&scene);
    }
  double median = percentile (ms, RENDER_FRAMES, 0.5), p99 = percentile (ms, RENDER_FRAMES, 0.99);

  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  printf ("scene=render n=%d width=%d height=%d frames=%d ms_per_frame_median=%.3f "
          "ms_per_frame_p99=%.3f ms_per_frame_median_no_cache=%.3f "
          "ms_per_frame_median_own_paths=%.3f peak_rss_kb=%ld\n",
          n, RENDER_WIDTH, RENDER_HEIGHT, RENDER_FRAMES, median, p99,
          percentile (ms_no_cache, RENDER_FRAMES, 0.5),
          percentile (ms_own_paths, RENDER_FRAMES, 0.5), usage.ru_maxrss);
  fflush (stdout);

  /* Playback: the step that makes a frame plus the canvas's picture of it, with the
   * overlays a new canvas shows and what the canvas passes (no trail, no selection
   * while playing, the renderer asks the world for the frame paths). */
  for (int f = 0; f < RENDER_FRAMES; f++)
    {
      double start = now_ms ();
      render_scene_step (&scene);
      double step_ms = now_ms () - start;
      ImpRenderInput input;
      imp_render_input_init (&input, scene.shown);
      input.events = scene.log.events;
      input.n_events = (int) scene.log.count;
      input.cache = cache;
      ms[f] = step_ms + render_frame (surface, &view, &input);
    }
  printf ("scene=playback n=%d ms_per_frame_median=%.3f (step + render, default overlays)\n", n,
          percentile (ms, RENDER_FRAMES, 0.5));
  fflush (stdout);

  cairo_surface_destroy (surface);
  imp_render_cache_free (cache);
  render_scene_clear (&scene);
  return 0;
}

/* The edit figure of issue 13: a session adding 200,000 circles at one frame once
 * took more than 90 s, each edit waking every circle before it. Linear now: the
 * figure is the time per edit, which must not grow with N. */
static int
run_edits (int n)
{
  PhysWorldDef def = phys_world_def_default ();
  PhysWorld *world = phys_world_new (&def);
  double start = now_ms ();
  for (int i = 0; i < n; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "c%d", i);
      PhysEdit edit = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, name);
      edit.position = phys_v2 ((i % 1000) * 3.0, (i / 1000) * 3.0);
      edit.radius = 1.0;
      if (phys_world_apply_edit (world, &edit) != PHYS_OK)
        {
          fprintf (stderr, "impulse-bench: error: add-circle %d refused\n", i);
          return 1;
        }
    }
  double ms = now_ms () - start;
  printf ("edits add_circle=%d total_ms=%.1f us_per_edit=%.3f\n", n, ms, 1e3 * ms / n);
  phys_world_free (world);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "edits") == 0)
    {
      long n = argc >= 3 ? strtol (argv[2], NULL, 10) : PHYS_MAX_CIRCLES;
      if (argc > 3 || n < 1 || n > PHYS_MAX_CIRCLES)
        {
          fprintf (stderr, "impulse-bench: error: expected 'edits [N]' with 1 <= N <= %d\n",
                   PHYS_MAX_CIRCLES);
          return 2;
        }
      return run_edits ((int) n);
    }
  if (argc >= 2 && strcmp (argv[1], "timeline") == 0)
    {
      long long frames = argc >= 3 ? strtoll (argv[2], NULL, 10) : 100000;
      if (frames < 10)
        {
          fprintf (stderr, "impulse-bench: error: expected at least 10 frames\n");
          return 2;
        }
      return run_timeline (frames);
    }
  if (argc >= 2 && strcmp (argv[1], "render") == 0)
    {
      char *end = NULL;
      long n = argc >= 3 ? strtol (argv[2], &end, 10) : 2000;
      if (argc > 3 || (argc == 3 && (end == argv[2] || *end != '\0')) || n < 1
          || n > PHYS_MAX_CIRCLES)
        {
          fprintf (stderr, "impulse-bench: error: expected 'render [N]' with 1 <= N <= %d\n",
                   PHYS_MAX_CIRCLES);
          return 2;
        }
      return run_render ((int) n);
    }
  if (argc >= 2 && strcmp (argv[1], "window") == 0)
    {
      char *end_n = NULL, *end_s = NULL;
      long n = argc >= 3 ? strtol (argv[2], &end_n, 10) : 2000;
      double seconds = argc >= 4 ? strtod (argv[3], &end_s) : 10.0;
      if (argc > 4 || (argc >= 3 && (end_n == argv[2] || *end_n != '\0'))
          || (argc >= 4 && (end_s == argv[3] || *end_s != '\0')) || n < 1
          || n > PHYS_MAX_CIRCLES || !(seconds >= 1.0 && seconds <= 600.0))
        {
          fprintf (stderr, "impulse-bench: error: expected 'window [N] [SECONDS]' with "
                           "1 <= N <= %d and 1 <= SECONDS <= 600\n",
                   PHYS_MAX_CIRCLES);
          return 2;
        }
      return bench_window_run ((int) n, seconds);
    }
  if (argc >= 2 && (strcmp (argv[1], "boxes") == 0 || strcmp (argv[1], "pyramid") == 0))
    {
      char *end = NULL;
      long n = argc >= 3 ? strtol (argv[2], &end, 10) : 0;
      long runs = argc >= 4 ? strtol (argv[3], NULL, 10) : 3;
      if (argc < 3 || argc > 4 || end == argv[2] || *end != '\0' || n < 1
          || n > (strcmp (argv[1], "boxes") == 0 ? 20000 : 200) || runs < 1 || runs > 100)
        {
          fprintf (stderr, "impulse-bench: error: expected 'boxes N [RUNS]' (1 <= N <= 20000) or "
                           "'pyramid ROWS [RUNS]' (1 <= ROWS <= 200), 1 <= RUNS <= 100\n");
          return 2;
        }
      return run_rigid (argv[1], (int) n, (int) runs);
    }
  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      printf ("Usage: impulse-bench [gas|rain N [RUNS]] | impulse-bench render [N]\n"
              "       impulse-bench timeline [FRAMES]\n"
              "       impulse-bench window [N] [SECONDS]   (needs a display)\n"
              "       impulse-bench edits [N]\n"
              "       impulse-bench boxes N [RUNS] | impulse-bench pyramid ROWS [RUNS]\n"
              "With no arguments runs gas 1000, 5000, 20000, rain 2000, render 2000 and "
              "timeline.\n");
      return 0;
    }
  if (argc >= 3)
    {
      char *end = NULL;
      long n = strtol (argv[2], &end, 10);
      long runs = argc >= 4 ? strtol (argv[3], NULL, 10) : 3;
      if (end == argv[2] || *end != '\0' || n < 1 || n > PHYS_MAX_CIRCLES || runs < 1
          || make_scene (argv[1], 1) == NULL)
        {
          fprintf (stderr, "impulse-bench: error: expected 'gas N' or 'rain N' with 1 <= N <= %d\n",
                   PHYS_MAX_CIRCLES);
          return 2;
        }
      BenchResult r = run_scene (argv[1], (int) n, (int) runs);
      print_result (argv[1], (int) n, (int) runs, &r);
      return 0;
    }
  if (argc != 1)
    {
      fprintf (stderr, "impulse-bench: error: expected no arguments or 'SCENE N [RUNS]'\n");
      return 2;
    }

  static const int sizes[] = { 1000, 5000, 20000 };
  double gas_ms[3];
  for (int k = 0; k < 3; k++)
    {
      BenchResult r = run_scene ("gas", sizes[k], 3);
      print_result ("gas", sizes[k], 3, &r);
      gas_ms[k] = r.ms_per_step;
    }
  BenchResult rain = run_scene ("rain", 2000, 3);
  print_result ("rain", 2000, 3, &rain);
  printf ("gas_scaling_20000_over_1000=%.2f\n", gas_ms[2] / gas_ms[0]);
  fflush (stdout);
  run_render (2000);
  return run_timeline (100000);
}
