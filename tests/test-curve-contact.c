/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-curve-contact.c: a polygon's contact with a Bezier curve itself (phys-curve-contact.h):
 * a box on a hill's top and a diamond's corner above it by hand, random polygons and curves
 * against a dense sampling refined by an independent search, and in the world: a box resting
 * on the hill at the known point, fast spinning polygons never crossing a curved wall. */
#include <math.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

/* A hill: B(s) from (-3, 0) over (-1, -2), (1, -2) to (3, 0) (y down: it rises to its top at
 * s = 1/2, B = (0, -1.5), B' = (6, 0), B'' = (0, 12): radius of curvature 216 / 72 = 3). */
static const PhysBezier HILL = { { { -3, 0 }, { -1, -2 }, { 1, -2 }, { 3, 0 } } };

static PhysPolygonWorld
box_at (double w, double h, double x, double y, double angle)
{
  PhysPolygon box = phys_polygon_box (w, h);
  return phys_polygon_place (&box, (PhysPose) { phys_v2 (x, y), angle });
}

/* A 2 x 1 box whose lower face is at y = -1.5 - lift (lifted by lift, y down), off centre (x = 0.3): the curve's top
 * touches the interior of that face at s = 1/2, whatever the box's x. The tangent at the point
 * closest to the centre would be tilted there; the curve itself is not. */
static void
test_box_on_hill_top (void)
{
  const double lifts[] = { 0.0, 0.25, -0.01 };
  const PhysContactVerdict verdicts[]
      = { PHYS_CONTACT_TOUCHING, PHYS_CONTACT_SEPARATED, PHYS_CONTACT_OVERLAPPING };
  for (int k = 0; k < 3; k++)
    {
      PhysPolygonWorld w = box_at (2, 1, 0.3, -2.0 - lifts[k], 0);
      PhysCurvePolygonContact c = phys_bezier_polygon_contact (&HILL, &w, 0.02);
      g_assert_cmpint (c.verdict, ==, verdicts[k]);
      g_assert_cmpint (c.best, >=, 0);
      g_assert_cmpint (c.candidates[c.best].feature, ==, PHYS_CURVE_FEATURE_EDGE);
      g_assert_cmpfloat_with_epsilon (c.s, 0.5, 1e-12);
      imp_assert_vec_near (c.point, 0.0, -1.5, 1e-12);
      imp_assert_vec_near (c.polygon_point, 0.0, -1.5 - lifts[k], 1e-12);
      imp_assert_vec_near (c.normal, 0.0, 1.0, 1e-15);
      imp_assert_vec_near (c.tangent, 1.0, 0.0, 1e-12);
      g_assert_cmpfloat_with_epsilon (c.separation, lifts[k], 1e-12);
      g_assert_cmpfloat (c.side, ==, 1.0); /* above: on the side of the left normal (0, -1) */
      g_assert_cmpint (c.second, ==, -1);   /* one point: a face on a hill's top */
    }
}

/* The unit square turned 45 degrees with its lower corner 0.1 above the top: the corner's
 * closest curve point is the top (the radius of curvature there, 3, is more than 0.1), so the
 * separation is 0.1, along (0, 1), at s = 1/2 from the vertex. */
static void
test_corner_above_hill_top (void)
{
  double h = sqrt (0.5);
  PhysPolygonWorld w = box_at (1, 1, 0.0, -1.6 - h, G_PI / 4);
  PhysCurvePolygonContact c = phys_bezier_polygon_contact (&HILL, &w, 0.02);
  g_assert_cmpint (c.verdict, ==, PHYS_CONTACT_SEPARATED);
  g_assert_cmpint (c.candidates[c.best].feature, ==, PHYS_CURVE_FEATURE_VERTEX);
  imp_assert_vec_near (c.polygon_point, 0.0, -1.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (c.s, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (c.separation, 0.1, 1e-12);
  imp_assert_vec_near (c.normal, 0.0, 1.0, 1e-12);
  /* Every vertex and, per edge, both ends of the curve and its interior minima are candidates. */
  g_assert_cmpint (c.candidate_count, >=, 4 + 4 * 2);
}

/* Distance from q to a convex polygon (0 inside). */
static double
point_polygon_distance (const PhysPolygonWorld *w, PhysVec2 q)
{
  bool inside = true;
  double best = INFINITY;
  for (int i = 0; i < w->count; i++)
    {
      PhysVec2 a = w->vertices[i], b = w->vertices[(i + 1) % w->count];
      if (phys_v2_dot (w->normals[i], phys_v2_sub (q, a)) > 0)
        inside = false;
      best = fmin (best, imp_test_segment_distance (q, a, b));
    }
  return inside ? 0.0 : best;
}

/* Random convex polygons near random curves, apart from them: the contact's separation is the
 * least distance between them, checked against 10^5 samples of the curve, the best refined by
 * a golden-section search of its neighbourhood (an independent search): to 1e-9. */
static void
test_dense_sampling (void)
{
  GRand *rand = g_rand_new_with_seed (1602);
  int checked = 0, vertices = 0, edges = 0;
  for (int trial = 0; checked < 60 && trial < 400; trial++)
    {
      PhysBezier curve;
      for (int k = 0; k < 4; k++)
        curve.p[k] = phys_v2 (g_rand_double_range (rand, -10, 10), g_rand_double_range (rand, -10, 10));
      PhysPolygon shape = imp_test_random_polygon (rand, 8, 0.5, 3);
      PhysVec2 at = phys_v2 (g_rand_double_range (rand, -10, 10), g_rand_double_range (rand, -10, 10));
      PhysPolygonWorld w
          = phys_polygon_place (&shape, (PhysPose) { at, g_rand_double_range (rand, 0, 6.3) });
      enum { N = 100000 };
      double best = INFINITY, best_s = 0;
      for (int k = 0; k <= N; k++)
        {
          double s = (double) k / N;
          double d = point_polygon_distance (&w, phys_bezier_point (&curve, s));
          if (d < best)
            {
              best = d;
              best_s = s;
            }
        }
      if (best < 0.05)
        continue; /* crossing or grazing: not this test's case */
      double lo = fmax (0, best_s - 1.0 / N), hi = fmin (1, best_s + 1.0 / N);
      const double g = (sqrt (5.0) - 1) / 2;
      for (int it = 0; it < 200; it++)
        {
          double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
          if (point_polygon_distance (&w, phys_bezier_point (&curve, x1))
              < point_polygon_distance (&w, phys_bezier_point (&curve, x2)))
            hi = x2;
          else
            lo = x1;
        }
      double reference = fmin (best, point_polygon_distance (&w, phys_bezier_point (&curve, (lo + hi) / 2)));
      PhysCurvePolygonContact c = phys_bezier_polygon_contact (&curve, &w, 0.0);
      g_assert_cmpint (c.verdict, ==, PHYS_CONTACT_SEPARATED);
      g_assert_cmpfloat_with_epsilon (c.separation, reference, 1e-9);
      /* The recorded points are that far apart, and the curve point is on the curve at s. */
      g_assert_cmpfloat_with_epsilon (phys_v2_len (phys_v2_sub (c.point, c.polygon_point)),
                                      c.separation, 1e-9);
      PhysVec2 on = phys_bezier_point (&curve, c.s);
      imp_assert_vec_near (c.point, on.x, on.y, 1e-12);
      if (c.candidates[c.best].feature == PHYS_CURVE_FEATURE_VERTEX)
        vertices++;
      else
        edges++;
      checked++;
    }
  g_test_message ("%d cases: %d closest at a vertex, %d at an edge", checked, vertices, edges);
  g_assert_cmpint (checked, ==, 60);
  g_assert_cmpint (vertices, >, 5);
  g_assert_cmpint (edges, >, 5);
  g_rand_free (rand);
}

/* In the world, under gravity: a 2 x 1 box set down on the hill's top, centred, with friction,
 * rests there: the contact's curve point is the top (s = 1/2) and the box stays within a slop. */
static void
test_world_box_on_hill (void)
{
  PhysWorldDef def = phys_world_def_default ();
  def.gravity = phys_v2 (0, 10);
  def.dt = 1.0 / 60;
  PhysWorld *world = imp_test_world_new (&def);
  PhysCurveDef cd = phys_curve_def_default ();
  cd.name = "hill";
  cd.curve = HILL;
  cd.restitution = 0;
  cd.friction = 0.8;
  g_assert_cmpint (phys_world_add_curve (world, &cd, NULL), ==, PHYS_OK);
  imp_test_add_box (world, "box", 0, -2.0, 2, 1, 0, false, 0.8, 0);
  PhysEventLog log;
  phys_event_log_init (&log);
  bool seen = false;
  for (int f = 0; f < 120; f++)
    {
      imp_test_step (world, &log);
      for (size_t k = 0; k < log.count; k++)
        if (log.events[k].kind == PHYS_EVENT_POLYGON_CURVE && log.events[k].rigid.point_count > 0)
          {
            seen = true;
            imp_assert_vec_near (log.events[k].rigid.points[0].point, 0.0, -1.5, 0.01);
          }
    }
  g_assert_true (seen);
  PhysPolygonBody box = phys_world_get_polygon (world, 0);
  imp_assert_vec_near (box.position, 0.0, -2.0, 0.01);
  g_assert_cmpfloat (fabs (box.angle), <, 1e-6);
  /* The frame's detail of the pair: the contact against the curve itself, at the top. */
  PhysPairRecord pair;
  g_assert_cmpint (phys_world_inspect_pair (world, (PhysBodyRef) { PHYS_BODY_POLYGON, 0 },
                                            (PhysBodyRef) { PHYS_BODY_CURVE, 0 }, &pair),
                   ==, PHYS_OK);
  g_assert_true (pair.rigid.tests.has_curve_polygon);
  g_assert_cmpfloat_with_epsilon (pair.rigid.tests.curve_polygon.s, 0.5, 1e-6);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* x(s) of a curve whose x grows with s: the s where it is x (bisection). */
static double
s_at_x (const PhysBezier *c, double x)
{
  double lo = 0, hi = 1;
  for (int it = 0; it < 80; it++)
    {
      double mid = (lo + hi) / 2;
      if (phys_bezier_point (c, mid).x < x)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2;
}

/* No tunneling: a wavy curve from wall to wall cuts a box of 100 x 100 in two; boxes, triangles
 * and random polygons thrown at it at up to 15 units a frame, spinning up to a turn every two
 * frames, without gravity, for 200 frames: no centre ever gets below the curve, and no vertex
 * more than a third of an inradius. */
static void
test_no_tunneling (void)
{
  for (guint32 seed = 1; seed <= 3; seed++)
    {
      GRand *rand = g_rand_new_with_seed (1630 + seed);
      PhysWorldDef def = phys_world_def_default ();
      def.has_bounds = true;
      def.bounds.min = phys_v2 (0, 0);
      def.bounds.max = phys_v2 (100, 100);
      PhysWorld *world = imp_test_world_new (&def);
      PhysCurveDef cd = phys_curve_def_default ();
      cd.name = "wave";
      cd.curve = (PhysBezier) { { { 0, 60 }, { 33, 40 }, { 66, 80 }, { 100, 60 } } };
      g_assert_cmpint (phys_world_add_curve (world, &cd, NULL), ==, PHYS_OK);
      for (int k = 0; k < 10; k++)
        {
          char name[16];
          g_snprintf (name, sizeof name, "p%d", k);
          PhysPolygon shape = k % 3 == 0   ? phys_polygon_box (3, 2)
                              : k % 3 == 1 ? phys_polygon_regular (3, 1.5, 0)
                                           : imp_test_random_polygon (rand, 8, 0.8, 2);
          PhysPolygonBodyDef pd = phys_polygon_body_def_default ();
          pd.name = name;
          pd.vertices = shape.vertices;
          pd.count = shape.count;
          pd.position = phys_v2 (8 + 9 * k, 12 + 10 * (k % 2));
          double speed = g_rand_double_range (rand, 3, 15);
          double dir = g_rand_double_range (rand, 0.3, G_PI - 0.3);
          pd.velocity = phys_v2 (speed * cos (dir), speed * sin (dir));
          pd.angular_velocity = g_rand_double_range (rand, -3, 3);
          pd.restitution = g_rand_double_range (rand, 0.3, 1);
          g_assert_cmpint (phys_world_add_polygon (world, &pd, NULL, NULL), ==, PHYS_OK);
        }
      double deepest = 0;
      int hits = 0;
      PhysEventLog log;
      phys_event_log_init (&log);
      for (int f = 0; f < 200; f++)
        {
          imp_test_step (world, &log);
          hits += (int) imp_test_count_events (&log, PHYS_EVENT_POLYGON_CURVE);
          for (int p = 0; p < phys_world_polygon_count (world); p++)
            {
              PhysPolygonBody b = phys_world_get_polygon (world, p);
              double below = b.position.y - phys_bezier_point (&cd.curve, s_at_x (&cd.curve, b.position.x)).y;
              if (below >= 0)
                g_error ("seed %u frame %d: polygon %d's centre crossed the curve", seed, f, p);
              PhysPolygonWorld w = phys_polygon_place (&b.shape, (PhysPose) { b.position, b.angle });
              double inradius = INFINITY;
              for (int i = 0; i < w.count; i++)
                inradius = fmin (inradius, -phys_v2_dot (w.normals[i], phys_v2_sub (b.position, w.vertices[i])));
              for (int i = 0; i < w.count; i++)
                {
                  PhysVec2 v = w.vertices[i];
                  if (v.x <= 0 || v.x >= 100)
                    continue;
                  double depth = v.y - phys_bezier_point (&cd.curve, s_at_x (&cd.curve, v.x)).y;
                  deepest = fmax (deepest, depth / inradius);
                }
            }
        }
      g_test_message ("seed %u: %d polygon-curve events, deepest vertex %.3g of an inradius", seed,
                      hits, deepest);
      g_assert_cmpint (hits, >, 10);
      g_assert_cmpfloat (deepest, <, 1.0 / 3);
      phys_event_log_free (&log);
      phys_world_free (world);
      g_rand_free (rand);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/physics/curve-contact/polygon/box-on-hill-top", test_box_on_hill_top);
  g_test_add_func ("/physics/curve-contact/polygon/corner-above-hill-top",
                   test_corner_above_hill_top);
  g_test_add_func ("/physics/curve-contact/polygon/dense-sampling", test_dense_sampling);
  g_test_add_func ("/physics/curve-contact/polygon/world/box-on-hill", test_world_box_on_hill);
  g_test_add_func ("/physics/curve-contact/polygon/world/no-tunneling", test_no_tunneling);
  return g_test_run ();
}
