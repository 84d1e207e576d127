/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "test-util.h"

PhysWorld *
imp_test_world_new (const PhysWorldDef *def)
{
  PhysWorldDef fallback = phys_world_def_default ();
  PhysWorld *world = phys_world_new (def != NULL ? def : &fallback);
  g_assert_nonnull (world);
  return world;
}

PhysTimeline *
imp_test_replay (const PhysWorld *start, gint64 frames)
{
  PhysTimeline *replay = phys_timeline_new (start, NULL);
  g_assert_cmpint (phys_timeline_record (replay, frames), ==, frames);
  return replay;
}

int
imp_test_add_circle (PhysWorld *world, const char *name, double x, double y, double vx, double vy,
                     double r)
{
  PhysCircleDef def = phys_circle_def_default ();
  int index = -1;
  def.name = name;
  def.position = phys_v2 (x, y);
  def.velocity = phys_v2 (vx, vy);
  def.radius = r;
  g_assert_cmpint (phys_world_add_circle (world, &def, &index), ==, PHYS_OK);
  return index;
}

PhysCircleDef
imp_test_circle_def (const char *name, double x, double y, double vx, double vy, double r)
{
  PhysCircleDef def = phys_circle_def_default ();
  def.name = name;
  def.position = phys_v2 (x, y);
  def.velocity = phys_v2 (vx, vy);
  def.radius = r;
  return def;
}

int
imp_test_add_circle_def (PhysWorld *world, const PhysCircleDef *def)
{
  int index = -1;
  g_assert_cmpint (phys_world_add_circle (world, def, &index), ==, PHYS_OK);
  return index;
}

int
imp_test_add_segment (PhysWorld *world, const char *name, double ax, double ay, double bx,
                      double by, PhysResponse response, double e)
{
  PhysSegmentDef def = phys_segment_def_default ();
  int index = -1;
  def.name = name;
  def.a = phys_v2 (ax, ay);
  def.b = phys_v2 (bx, by);
  def.response = response;
  def.restitution = e;
  g_assert_cmpint (phys_world_add_segment (world, &def, &index), ==, PHYS_OK);
  return index;
}

size_t
imp_test_step (PhysWorld *world, PhysEventLog *log)
{
  phys_event_log_clear (log);
  phys_world_step (world, log);
  return log->count;
}

size_t
imp_test_count_events (const PhysEventLog *log, PhysEventKind kind)
{
  size_t n = 0;
  for (size_t k = 0; k < log->count; k++)
    if (log->events[k].kind == kind)
      n++;
  return n;
}

double
imp_test_line_distance (PhysVec2 p, PhysVec2 a, PhysVec2 b)
{
  PhysVec2 dir = phys_v2_unit (phys_v2_sub (b, a));
  return phys_v2_dot (phys_v2_sub (p, a), phys_v2_left_normal (dir));
}

double
imp_test_segment_distance (PhysVec2 p, PhysVec2 a, PhysVec2 b)
{
  PhysVec2 ab = phys_v2_sub (b, a);
  double s = phys_v2_dot (phys_v2_sub (p, a), ab) / phys_v2_len_sq (ab);
  s = CLAMP (s, 0.0, 1.0);
  return phys_v2_len (phys_v2_sub (p, phys_v2_add_scaled (a, ab, s)));
}

typedef struct
{
  double min_x;
  int index;
} ImpSweepEntry;

static int
compare_sweep_entry (const void *x, const void *y)
{
  const ImpSweepEntry *a = x, *b = y;
  if (a->min_x != b->min_x)
    return a->min_x < b->min_x ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

double
imp_test_max_overlap (const PhysWorld *world, int *out_i, int *out_j)
{
  int n = phys_world_circle_count (world);
  PhysCircle *circles = g_new (PhysCircle, MAX (n, 1));
  ImpSweepEntry *order = g_new (ImpSweepEntry, MAX (n, 1));
  size_t m = 0;
  double deepest = 0.0;
  int best_i = -1, best_j = -1;

  for (int i = 0; i < n; i++)
    {
      circles[i] = phys_world_get_circle (world, i);
      if (!circles[i].collides)
        continue;
      order[m].min_x = circles[i].position.x - circles[i].radius;
      order[m].index = i;
      m++;
    }
  qsort (order, m, sizeof *order, compare_sweep_entry);
  /* Every circle that can touch circle i starts before i's right edge. */
  for (size_t k = 0; k < m; k++)
    {
      const PhysCircle *ci = &circles[order[k].index];
      double right = ci->position.x + ci->radius;
      for (size_t l = k + 1; l < m && order[l].min_x <= right; l++)
        {
          const PhysCircle *cj = &circles[order[l].index];
          double depth
              = ci->radius + cj->radius - phys_v2_len (phys_v2_sub (cj->position, ci->position));
          if (depth > deepest)
            {
              deepest = depth;
              best_i = MIN (order[k].index, order[l].index);
              best_j = MAX (order[k].index, order[l].index);
            }
        }
    }
  if (out_i != NULL)
    *out_i = best_i;
  if (out_j != NULL)
    *out_j = best_j;
  g_free (circles);
  g_free (order);
  return deepest;
}

double
imp_test_relative_change (double x, double reference)
{
  if (reference == 0.0)
    return fabs (x);
  return fabs (x - reference) / fabs (reference);
}

char *
imp_test_scene_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "lessons", "scenes", name, NULL);
}

PhysVec2
imp_test_taken (const PhysEventLog *log)
{
  PhysVec2 sum = phys_v2 (0, 0);
  for (size_t k = 0; k < log->count; k++)
    sum = phys_v2_add (sum, log->events[k].taken);
  return sum;
}

PhysPolygon
imp_test_random_polygon (GRand *rand, int max_vertices, double min_axis, double max_axis)
{
  for (;;)
    {
      int n = g_rand_int_range (rand, PHYS_POLYGON_MIN_VERTICES, max_vertices + 1);
      double angles[PHYS_POLYGON_MAX_VERTICES];
      for (int k = 0; k < n; k++)
        angles[k] = g_rand_double_range (rand, 0, 2 * PHYS_PI);
      for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && angles[j - 1] > angles[j]; j--)
          {
            double t = angles[j];
            angles[j] = angles[j - 1];
            angles[j - 1] = t;
          }
      double sx = g_rand_double_range (rand, min_axis, max_axis);
      double sy = g_rand_double_range (rand, min_axis, max_axis);
      PhysVec2 v[PHYS_POLYGON_MAX_VERTICES];
      for (int k = 0; k < n; k++)
        v[k] = phys_v2 (sx * cos (angles[k]), sy * sin (angles[k]));
      PhysPolygon polygon;
      /* Two angles drawn (nearly) equal make a repeated point or a straight turn: draw again. */
      if (phys_polygon_make (&polygon, v, n).status == PHYS_POLYGON_OK)
        return polygon;
    }
}

static void
remove_tree (const char *path)
{
  GDir *d = g_file_test (path, G_FILE_TEST_IS_DIR) ? g_dir_open (path, 0, NULL) : NULL;
  if (d != NULL)
    {
      const char *name;
      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (d);
    }
  g_remove (path);
}

/* Whether setlocale() takes the German locale (then puts the C locale back). */
static gboolean
german_works (void)
{
  gboolean works = setlocale (LC_ALL, "de_DE.UTF-8") != NULL;
  setlocale (LC_ALL, "C");
  return works;
}

void
imp_test_german_locale (void)
{
  if (german_works ())
    return;
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *dir = g_build_filename (builddir != NULL ? builddir : ".", "locale", NULL);
  g_autofree char *target = g_build_filename (dir, "de_DE.UTF-8", NULL);
  g_autofree char *numeric = g_build_filename (target, "LC_NUMERIC", NULL);
  if (!g_file_test (numeric, G_FILE_TEST_EXISTS))
    {
      /* Compiled beside the target and renamed into place, so test programs running at
       * the same time never see half a locale. */
      g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
      g_autofree char *scratch = g_build_filename (dir, "tmp-XXXXXX", NULL);
      g_assert_nonnull (g_mkdtemp (scratch));
      g_autofree char *made = g_build_filename (scratch, "de_DE.UTF-8", NULL);
      const char *argv[] = { "localedef", "-i", "de_DE", "-f", "UTF-8", made, NULL };
      g_autofree char *err = NULL;
      int status = 0;
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                    NULL, NULL, NULL, &err, &status, NULL);
      if (rename (made, target) != 0 && errno != EEXIST && errno != ENOTEMPTY)
        g_test_message ("localedef: %s", err != NULL ? err : "");
      remove_tree (scratch);
    }
  g_setenv ("LOCPATH", dir, TRUE);
  if (!german_works ())
    g_error ("no German locale: install the Debian package locales (tools/dev.sh test does), "
             "whose sources localedef compiles de_DE.UTF-8 from into %s",
             dir);
}

int
imp_test_add_box (PhysWorld *world, const char *name, double x, double y, double w, double h,
                  double angle, bool fixed, double friction, double restitution)
{
  PhysPolygon box = phys_polygon_box (w, h);
  PhysPolygonBodyDef def = phys_polygon_body_def_default ();
  def.name = name;
  def.vertices = box.vertices;
  def.count = box.count;
  def.position = phys_v2 (x, y);
  def.angle = angle;
  def.fixed = fixed;
  def.friction = friction;
  def.restitution = restitution;
  int index = -1;
  g_assert_cmpint (phys_world_add_polygon (world, &def, &index, NULL), ==, PHYS_OK);
  return index;
}

