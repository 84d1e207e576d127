/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impulse-bench: speed and memory figures of the physics core.
 *
 *   impulse-bench                 the whole table (gas 1000, 5000, 20000; rain 2000)
 *   impulse-bench gas N [RUNS]    one scene; prints one line of key=value pairs
 *   impulse-bench rain N [RUNS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench-scenes.h"

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

static int
compare_double (const void *x, const void *y)
{
  double a = *(const double *) x, b = *(const double *) y;
  return (a > b) - (a < b);
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

int
main (int argc, char **argv)
{
  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      printf ("Usage: impulse-bench [gas|rain N [RUNS]]\n"
              "With no arguments runs gas 1000, 5000, 20000 and rain 2000.\n");
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
  return 0;
}
