/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rigid-properties.c: properties of worlds with polygons, on seeded random scenes:
 *  - no tunneling: fast boxes, triangles and random convex polygons, spinning, never cross a
 *    thin wall or leave the bounds, and never sink deep into each other;
 *  - the ledger: momentum and angular momentum are kept by every answer (free bodies), and what
 *    changes them is in the events (what the immovable bodies took, what the position
 *    correction moved);
 *  - energy never rises with restitution <= 1 and friction, but for what the position
 *    correction lifts (recorded in the events);
 *  - determinism: the same scene twice, a copy, with and without a log, and a seek in a
 *    recording all give the same states to the bit.
 */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "phys.h"
#include "test-util.h"

typedef struct
{
  const char *name;
  guint32 seed;
  double side;       /* the bounds are a square of this side; negative: an open world, bodies
                      * placed in a square of -side heading for its middle */
  int n_walls;       /* thin segments inside */
  int n_polygons;
  double size_min, size_max;
  double speed_max;  /* world units per time unit */
  double spin_max;   /* radians per time unit */
  double restitution_min, restitution_max;
  double friction;
  double gravity;
  int n_circles;
  int frames;
} Row;

static const Row tunnel_rows[] = {
  { "fast-boxes-and-triangles/seed-1", 1, 30, 8, 16, 0.3, 1.2, 600, 40, 1, 1, 0, 0, 0, 200 },
  { "fast-boxes-and-triangles/seed-2", 2, 30, 8, 16, 0.3, 1.2, 600, 40, 0.3, 1, 0.5, 0, 0, 200 },
  { "fast-boxes-and-triangles/seed-3", 3, 20, 12, 12, 0.2, 0.6, 900, 80, 0, 1, 0.3, 10, 0, 200 },
  { "fast-with-circles/seed-4", 4, 30, 6, 12, 0.3, 1.2, 600, 40, 0.5, 1, 0.2, 0, 8, 200 },
  { "falling-pile/seed-5", 5, 12, 3, 24, 0.4, 1.0, 30, 5, 0, 0.5, 0.6, 10, 0, 300 },
};

/* A random convex body: a box, a triangle or a random polygon of 3 to 8 vertices. */
static PhysPolygon
random_shape (GRand *rng, double size)
{
  switch (g_rand_int_range (rng, 0, 3))
    {
    case 0:
      return phys_polygon_box (size * g_rand_double_range (rng, 0.5, 1), size);
    case 1:
      return phys_polygon_regular (3, 0.6 * size, g_rand_double_range (rng, 0, 2 * G_PI));
    default:
      return imp_test_random_polygon (rng, 8, 0.3 * size, 0.6 * size);
    }
}

static double
polygon_inradius (const PhysPolygonBody *p)
{
  double r = INFINITY;
  for (int i = 0; i < p->shape.count; i++)
    {
      PhysVec2 a = p->shape.vertices[i], b = p->shape.vertices[(i + 1) % p->shape.count];
      PhysVec2 n = phys_v2_unit (phys_v2_left_normal (phys_v2_sub (b, a)));
      r = MIN (r, phys_v2_dot (n, a));
    }
  return r;
}

static PhysWorld *
row_scene (const Row *row)
{
  PhysWorldDef def = phys_world_def_default ();
  def.dt = 1.0 / 60.0;
  def.gravity = phys_v2 (0, row->gravity);
  if (row->side > 0)
    {
      def.has_bounds = true;
      def.bounds.min = phys_v2 (0, 0);
      def.bounds.max = phys_v2 (row->side, row->side);
      def.bounds_friction = row->friction;
    }
  PhysWorld *world = imp_test_world_new (&def);
  GRand *rng = g_rand_new_with_seed (row->seed);
  double side = fabs (row->side);
  PhysVec2 middle = phys_v2 (0.5 * side, 0.5 * side);
  for (int g = 0; g < row->n_walls; g++)
    {
      double len = g_rand_double_range (rng, 0.2 * side, 0.5 * side);
      double angle = g_rand_double_range (rng, 0, G_PI);
      double x = g_rand_double_range (rng, 0.2 * side, 0.8 * side);
      double y = g_rand_double_range (rng, 0.2 * side, 0.8 * side);
      double dx = 0.5 * len * cos (angle), dy = 0.5 * len * sin (angle);
      PhysSegmentDef s = phys_segment_def_default ();
      char name[32];
      g_snprintf (name, sizeof name, "wall%d", g);
      s.name = name;
      s.a = phys_v2 (x - dx, y - dy);
      s.b = phys_v2 (x + dx, y + dy);
      s.friction = row->friction;
      g_assert_cmpint (phys_world_add_segment (world, &s, NULL), ==, PHYS_OK);
    }
  for (int i = 0; i < row->n_polygons; i++)
    for (int attempt = 0;; attempt++)
      {
        g_assert_cmpint (attempt, <, 10000);
        double size = g_rand_double_range (rng, row->size_min, row->size_max);
        PhysPolygon shape = random_shape (rng, size);
        PhysPolygonBodyDef p = phys_polygon_body_def_default ();
        char name[32];
        g_snprintf (name, sizeof name, "p%d", i);
        p.name = name;
        p.vertices = shape.vertices;
        p.count = shape.count;
        p.position = phys_v2 (g_rand_double_range (rng, size, side - size),
                              g_rand_double_range (rng, size, side - size));
        p.angle = g_rand_double_range (rng, 0, 2 * G_PI);
        double speed = g_rand_double_range (rng, 0, row->speed_max);
        double heading = g_rand_double_range (rng, 0, 2 * G_PI);
        if (row->side < 0)
          {
            PhysVec2 to = phys_v2_sub (middle, p.position);
            heading = atan2 (to.y, to.x) + g_rand_double_range (rng, -0.3, 0.3);
          }
        p.velocity = phys_v2 (speed * cos (heading), speed * sin (heading));
        p.angular_velocity = g_rand_double_range (rng, -row->spin_max, row->spin_max);
        p.restitution = g_rand_double_range (rng, row->restitution_min, row->restitution_max);
        p.friction = row->friction;
        /* Clear of everything placed so far (a trial world tells). */
        PhysWorld *trial = phys_world_copy (world);
        g_assert_cmpint (phys_world_add_polygon (trial, &p, NULL, NULL), ==, PHYS_OK);
        int last = phys_world_polygon_count (trial) - 1;
        bool clear = true;
        PhysPolygonWorld mine = phys_world_polygon_placed (trial, last);
        for (int k = 0; k < last && clear; k++)
          {
            PhysPolygonWorld other = phys_world_polygon_placed (trial, k);
            clear = phys_sat_polygon_polygon (&mine, &other).overlap < -0.05;
          }
        for (int g = 0; g < phys_world_segment_count (trial) && clear; g++)
          {
            PhysSegment s = phys_world_get_segment (trial, g);
            clear = phys_sat_polygon_segment (&mine, s.a, s.b).overlap < -0.05;
          }
        phys_world_free (trial);
        if (clear)
          {
            g_assert_cmpint (phys_world_add_polygon (world, &p, NULL, NULL), ==, PHYS_OK);
            break;
          }
      }
  for (int i = 0; i < row->n_circles; i++)
    for (;;)
      {
        double r = g_rand_double_range (rng, 0.2, 0.6);
        double x = g_rand_double_range (rng, r, side - r), y = g_rand_double_range (rng, r, side - r);
        double speed = g_rand_double_range (rng, 0, row->speed_max);
        double heading = g_rand_double_range (rng, 0, 2 * G_PI);
        if (row->side < 0)
          heading = atan2 (middle.y - y, middle.x - x) + g_rand_double_range (rng, -0.3, 0.3);
        char name[32];
        g_snprintf (name, sizeof name, "c%d", i);
        PhysCircleDef c = imp_test_circle_def (name, x, y, speed * cos (heading),
                                               speed * sin (heading), r);
        c.friction = row->friction;
        c.restitution = g_rand_double_range (rng, row->restitution_min, row->restitution_max);
        bool clear = true;
        for (int k = 0; k < phys_world_polygon_count (world) && clear; k++)
          {
            PhysPolygonWorld w = phys_world_polygon_placed (world, k);
            clear = phys_sat_polygon_circle (&w, phys_v2 (x, y), r).overlap < -0.05;
          }
        for (int g = 0; g < phys_world_segment_count (world) && clear; g++)
          {
            PhysSegment s = phys_world_get_segment (world, g);
            clear = imp_test_segment_distance (phys_v2 (x, y), s.a, s.b) > r + 0.05;
          }
        for (int k = 0; k < phys_world_circle_count (world) && clear; k++)
          clear = phys_v2_len (phys_v2_sub (phys_world_get_circle (world, k).position,
                                            phys_v2 (x, y)))
                  > r + phys_world_get_circle (world, k).radius + 0.05;
        if (!clear)
          continue;
        imp_test_add_circle_def (world, &c);
        break;
      }
  g_rand_free (rng);
  return world;
}

/* True when segments p0-p1 and a-b cross properly. */
static bool
crosses (PhysVec2 p0, PhysVec2 p1, PhysVec2 a, PhysVec2 b)
{
  PhysVec2 d = phys_v2_sub (p1, p0), e = phys_v2_sub (b, a);
  double c1 = phys_v2_cross (d, phys_v2_sub (a, p0)), c2 = phys_v2_cross (d, phys_v2_sub (b, p0));
  double c3 = phys_v2_cross (e, phys_v2_sub (p0, a)), c4 = phys_v2_cross (e, phys_v2_sub (p1, a));
  return ((c1 < 0 && c2 > 0) || (c1 > 0 && c2 < 0)) && ((c3 < 0 && c4 > 0) || (c3 > 0 && c4 < 0));
}

/* The centres a polygon passed through in a frame: where it started, where each answer found it
 * (its events' records), where it ended. */
static GArray *
polygon_knots (const PhysEventLog *log, int p, PhysVec2 start, PhysVec2 end)
{
  GArray *knots = g_array_new (FALSE, FALSE, sizeof (PhysVec2));
  g_array_append_val (knots, start);
  for (size_t k = 0; k < log->count; k++)
    {
      const PhysEvent *e = &log->events[k];
      if (!phys_event_is_rigid (e->kind))
        continue;
      if (phys_event_a_kind (e->kind) == PHYS_BODY_POLYGON && e->a == p)
        g_array_append_val (knots, e->rigid.a_before.center);
      else if (e->b_kind == PHYS_BODY_POLYGON && e->b == p)
        g_array_append_val (knots, e->rigid.b_before.center);
    }
  g_array_append_val (knots, end);
  return knots;
}

static void
test_no_tunneling (gconstpointer data)
{
  const Row *row = data;
  PhysWorld *world = row_scene (row);
  int n = phys_world_polygon_count (world);
  PhysVec2 *start = g_new (PhysVec2, n);
  PhysEventLog log;
  phys_event_log_init (&log);
  size_t events = 0, impacts = 0;
  double deepest = 0;
  int rises = 0;
  for (int frame = 0; frame < row->frames; frame++)
    {
      for (int p = 0; p < n; p++)
        start[p] = phys_world_get_polygon (world, p).position;
      double e0 = phys_world_energy (world).total;
      imp_test_step (world, &log);
      events += log.count;
      /* Without gravity (nothing to lift, nothing to tip) the energy never rises: every answer
       * keeps or loses it, and the contact solver (rarely used here) only removes approach. */
      double e1 = phys_world_energy (world).total;
      if (row->gravity == 0.0 && e1 > e0 + 1e-12 * fabs (e0))
        rises++;
      for (size_t k = 0; k < log.count; k++)
        impacts += phys_event_is_rigid (log.events[k].kind) && !log.events[k].solved
                   && log.events[k].rigid.found != PHYS_RIGID_FOUND_CORRECTION;
      for (int p = 0; p < n; p++)
        {
          PhysPolygonBody body = phys_world_get_polygon (world, p);
          /* Inside the bounds, by its centre and by most of its body. */
          double inner = polygon_inradius (&body);
          if (row->side > 0)
            {
              g_assert_cmpfloat (body.position.x, >, 0.5 * inner);
              g_assert_cmpfloat (body.position.y, >, 0.5 * inner);
              g_assert_cmpfloat (body.position.x, <, row->side - 0.5 * inner);
              g_assert_cmpfloat (body.position.y, <, row->side - 0.5 * inner);
            }
          GArray *knots = polygon_knots (&log, p, start[p], body.position);
          for (int g = 0; g < phys_world_segment_count (world); g++)
            {
              PhysSegment s = phys_world_get_segment (world, g);
              if (s.is_bound)
                continue;
              for (guint k = 0; k + 1 < knots->len; k++)
                if (crosses (g_array_index (knots, PhysVec2, k),
                             g_array_index (knots, PhysVec2, k + 1), s.a, s.b))
                  g_error ("frame %d: polygon %d crossed wall %d", frame, p, g);
            }
          g_array_free (knots, TRUE);
          /* Never deep in another polygon. */
          PhysPolygonWorld mine = phys_world_polygon_placed (world, p);
          for (int q = p + 1; q < n; q++)
            {
              PhysPolygonBody other = phys_world_get_polygon (world, q);
              PhysPolygonWorld theirs = phys_world_polygon_placed (world, q);
              double overlap = phys_sat_polygon_polygon (&mine, &theirs).overlap;
              double depth = overlap / MIN (inner, polygon_inradius (&other));
              deepest = MAX (deepest, depth);
              if (depth > 0.5)
                g_error ("frame %d: polygons %d and %d overlap by %.3g of the smaller inradius",
                         frame, p, q, depth);
            }
        }
    }
  g_test_message ("%d polygons, %d segments, %d frames: %zu events (%zu impacts), deepest "
                  "overlap %.3g of an inradius",
                  n, phys_world_segment_count (world), row->frames, events, impacts, deepest);
  g_assert_cmpuint (impacts, >, 50);
  g_assert_cmpint (rises, ==, 0);
  g_free (start);
  phys_event_log_free (&log);
  phys_world_free (world);
}

static const Row ledger_rows[] = {
  { "free-bodies/seed-11", 11, -8, 0, 14, 0.3, 1.2, 30, 10, 0, 1, 0.5, 0, 6, 300 },
  { "free-bodies/seed-12", 12, -10, 0, 20, 0.3, 1.0, 60, 20, 0.5, 1, 0, 0, 0, 300 },
  { "free-bodies/seed-13", 13, -8, 0, 10, 0.5, 1.5, 20, 5, 0, 0.3, 1.0, 0, 10, 300 },
};

static const Row gravity_rows[] = {
  { "box-of-polygons/seed-21", 21, 12, 0, 20, 0.4, 1.0, 10, 5, 0, 1, 0.5, 10, 0, 300 },
  { "box-of-polygons/seed-22", 22, 12, 2, 20, 0.4, 1.0, 10, 5, 0.5, 1, 0.2, 10, 0, 300 },
  { "box-of-polygons/seed-23", 23, 10, 0, 16, 0.5, 1.2, 5, 2, 0, 0.2, 0.8, 10, 0, 300 },
};

/* Momentum and angular momentum summed over what moves. */
static void
momenta (const PhysWorld *world, PhysVec2 *p, double *L, double *scale_p, double *scale_l)
{
  PhysEnergy e = phys_world_energy (world);
  *p = e.momentum;
  *L = e.angular_momentum;
  *scale_p = 0;
  *scale_l = 0;
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody b = phys_world_get_polygon (world, i);
      *scale_p += b.mass * phys_v2_len (b.velocity);
      *scale_l += b.mass * phys_v2_len (b.velocity) * phys_v2_len (b.position)
                  + b.inertia * fabs (b.angular_velocity);
    }
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      *scale_p += c.mass * phys_v2_len (c.velocity);
      *scale_l += c.mass * phys_v2_len (c.velocity) * phys_v2_len (c.position)
                  + c.inertia * fabs (c.angular_velocity);
    }
}

/* Free bodies in an open world: every answer keeps momentum and angular momentum (impulses come
 * in equal and opposite pairs, at the same point); only the position correction moves the
 * angular momentum about the origin, by what its events record. */
static void
test_ledger_free (gconstpointer data)
{
  const Row *row = data;
  PhysWorld *world = row_scene (row);
  PhysEventLog log;
  phys_event_log_init (&log);
  size_t impacts = 0;
  int embedded_frames = 0;
  double worst_p = 0, worst_l = 0;
  for (int frame = 0; frame < row->frames; frame++)
    {
      PhysVec2 p0;
      double l0, sp, sl;
      momenta (world, &p0, &l0, &sp, &sl);
      imp_test_step (world, &log);
      PhysVec2 p1;
      double l1, sp1, sl1;
      momenta (world, &p1, &l1, &sp1, &sl1);
      double corrected = 0;
      for (size_t k = 0; k < log.count; k++)
        if (log.events[k].kind == PHYS_EVENT_EMBEDDED)
          corrected += log.events[k].embedded.angular;
        else if (phys_event_is_rigid (log.events[k].kind))
          {
            corrected += log.events[k].rigid.correction_angular;
            impacts += !log.events[k].solved
                       && log.events[k].rigid.found != PHYS_RIGID_FOUND_CORRECTION;
            g_assert_cmpfloat (phys_v2_len (log.events[k].taken), ==, 0);
          }
      double dp = phys_v2_len (phys_v2_sub (p1, p0)) / MAX (sp, 1e-300);
      double dl = fabs (l1 - l0 - corrected) / MAX (sl, 1e-300);
      worst_p = MAX (worst_p, dp);
      g_assert_cmpfloat (dp, <=, 1e-12);
      /* Two circles found overlapping are moved apart by the circles' engine (an embedded
       * event): positions only, momentum kept, the angular momentum about the origin moved by
       * what the event records (embedded.angular). A jammed cluster of circles moving on as one
       * (every member at the mean velocity) keeps momentum, not the angular momentum about the
       * origin, and its event does not record it: those frames are left out (with friction
       * between circles, seed 13, a circle wedged between a polygon and a circle jams). */
      bool jammed = false;
      for (size_t k = 0; k < log.count; k++)
        jammed = jammed || log.events[k].jammed;
      if (jammed)
        {
          embedded_frames++;
          continue;
        }
      worst_l = MAX (worst_l, dl);
      g_assert_cmpfloat (dl, <=, 1e-12);
    }
  g_test_message ("%zu impacts; worst momentum change %.3g, angular momentum %.3g (relative); "
                  "%d frames with a jam",
                  impacts, worst_p, worst_l, embedded_frames);
  g_assert_cmpuint (impacts, >, 20);
  g_assert_cmpint (embedded_frames, <, row->frames / 20);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* Polygons in a box under gravity: over a frame the momentum changes by gravity's impulse on
 * the movable bodies less what the immovable ones took (each event's taken). The energy rises
 * only by what the position correction lifted (its events' correction_energy) and by what the
 * contact solver's straight steps give bodies that turn about a contact (a box tipping over
 * its corner moves its centre along the tangent, a little above the arc: docs/rigid-bodies.md):
 * at most 2e-4 of |E| in a frame here (measured: up to 1.1e-4). */
static void
test_gravity_ledger (gconstpointer data)
{
  const Row *row = data;
  PhysWorld *world = row_scene (row);
  PhysEventLog log;
  phys_event_log_init (&log);
  double mass = 0;
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    mass += phys_world_get_polygon (world, i).mass;
  double dt = phys_world_get_def (world)->dt;
  PhysVec2 g = phys_world_get_def (world)->gravity;
  double worst_p = 0, worst_rise = 0, lifted = 0;
  int rises = 0;
  for (int frame = 0; frame < row->frames; frame++)
    {
      PhysEnergy e0 = phys_world_energy (world);
      imp_test_step (world, &log);
      PhysEnergy e1 = phys_world_energy (world);
      PhysVec2 taken = imp_test_taken (&log);
      double correction = 0;
      for (size_t k = 0; k < log.count; k++)
        if (phys_event_is_rigid (log.events[k].kind))
          correction += log.events[k].rigid.correction_energy;
      PhysVec2 expected = phys_v2_sub (phys_v2_scale (g, mass * dt), taken);
      double dp = phys_v2_len (phys_v2_sub (phys_v2_sub (e1.momentum, e0.momentum), expected))
                  / (mass * phys_v2_len (g) * dt);
      worst_p = MAX (worst_p, dp);
      g_assert_cmpfloat (dp, <=, 1e-9);
      double rise = e1.total - e0.total - MAX (correction, 0.0);
      lifted += MAX (correction, 0.0);
      g_assert_cmpfloat (rise, <=, 2e-4 * fabs (e0.total));
      if (rise > 1e-9 * fabs (e0.total))
        {
          if (g_getenv ("RIGID_DEBUG") != NULL)
            {
              g_printerr ("frame %d rise %.3g (kin %.6g -> %.6g, pot %.6g -> %.6g), corr %.3g\n", frame, rise, e0.kinetic, e1.kinetic, e0.potential, e1.potential, correction);
              for (size_t k = 0; k < log.count; k++)
                if (phys_event_is_rigid (log.events[k].kind))
                  g_printerr ("   %s a=%d b=%d t=%.4f solved=%d E %.6g -> %.6g pts=%d\n",
                              phys_event_kind_name (log.events[k].kind), log.events[k].a,
                              log.events[k].b, log.events[k].t, log.events[k].solved,
                              log.events[k].rigid.energy_before, log.events[k].rigid.energy_after,
                              log.events[k].rigid.point_count);
            }
          rises++;
          worst_rise = MAX (worst_rise, rise / fabs (e0.total));
        }
    }
  g_test_message ("worst momentum ledger error %.3g of m g dt; energy rose %d times beyond the "
                  "corrections (worst %.3g of |E|); corrections lifted %.3g in all",
                  worst_p, rises, worst_rise, lifted);
  phys_event_log_free (&log);
  phys_world_free (world);
}

/* The same scene twice, a copy stepped with a log against one without, and a recording sought
 * back and forth: every state is the same to the bit (the hash covers every polygon's motion
 * and its contact memory). */
static void
test_determinism (void)
{
  const Row *row = &tunnel_rows[4];
  PhysWorld *a = row_scene (row), *b = row_scene (row);
  PhysWorld *c = phys_world_copy (a);
  enum { FRAMES = 240 };
  guint64 *straight = g_new (guint64, FRAMES + 1);
  PhysEventLog log;
  phys_event_log_init (&log);
  straight[0] = phys_world_hash (a);
  g_assert_cmpuint (phys_world_hash (b), ==, straight[0]);
  for (int f = 1; f <= FRAMES; f++)
    {
      phys_world_step (a, NULL);
      imp_test_step (b, &log);
      phys_world_step (c, NULL);
      straight[f] = phys_world_hash (a);
      g_assert_cmpuint (phys_world_hash (b), ==, straight[f]);
      g_assert_cmpuint (phys_world_hash (c), ==, straight[f]);
    }
  /* The states differ from frame to frame (something happens), and a state saved and loaded
   * steps on to the same bits. */
  g_assert_cmpuint (straight[FRAMES], !=, straight[FRAMES - 1]);

  PhysWorld *start = row_scene (row);
  PhysTimelineDef def = phys_timeline_def_default ();
  def.keyframe_interval = 7;
  PhysTimeline *tl = phys_timeline_new (start, &def);
  g_assert_cmpint (phys_timeline_record (tl, FRAMES), ==, FRAMES);
  GRand *rng = g_rand_new_with_seed (99);
  for (int i = 0; i < 60; i++)
    {
      int64_t k = g_rand_int_range (rng, 0, FRAMES + 1);
      g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, straight[k]);
    }
  for (int64_t k = FRAMES; k >= FRAMES - 20; k--)
    g_assert_cmpuint (phys_world_hash (phys_timeline_seek (tl, k)), ==, straight[k]);
  /* A frame's events again, from the recording: the same as stepping it. */
  PhysWorld *at = phys_world_copy (phys_timeline_seek (tl, 100));
  imp_test_step (at, &log);
  PhysEventLog again;
  phys_event_log_init (&again);
  g_assert_true (phys_timeline_frame_events (tl, 100, &again));
  g_assert_cmpuint (again.count, ==, log.count);
  g_assert_cmpint (memcmp (again.events, log.events, log.count * sizeof *log.events), ==, 0);
  phys_event_log_free (&again);
  phys_world_free (at);
  g_rand_free (rng);
  phys_timeline_free (tl);
  phys_world_free (start);
  g_free (straight);
  phys_event_log_free (&log);
  phys_world_free (a);
  phys_world_free (b);
  phys_world_free (c);
}

/* The state hash of fixed seeded scenes after their frames: the same constant in every build
 * (-O0 with sanitizers, -O2), so the step is deterministic across optimisation levels. A change
 * that moves a single bit of a rigid body's motion changes it: then check why, and update the
 * constant in the same commit. */
#define ROWS_HASH G_GUINT64_CONSTANT (0x7f4e6e4017ccd69)

static void
test_across_builds (void)
{
  guint64 h = 0xcbf29ce484222325u;
  const Row *rows[] = { &tunnel_rows[0], &tunnel_rows[2], &tunnel_rows[4], &gravity_rows[1],
                        &ledger_rows[2] };
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      PhysWorld *world = row_scene (rows[i]);
      for (int f = 0; f < 120; f++)
        phys_world_step (world, NULL);
      h = (h ^ phys_world_hash (world)) * 0x100000001b3u;
      phys_world_free (world);
    }
  g_test_message ("rows hash %#" G_GINT64_MODIFIER "x", h);
  g_assert_cmpuint (h, ==, ROWS_HASH);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (tunnel_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/rigid/properties/no-tunneling/%s", tunnel_rows[i].name);
      g_test_add_data_func (path, &tunnel_rows[i], test_no_tunneling);
      g_free (path);
    }

  g_test_add_func ("/physics/rigid/properties/determinism", test_determinism);
  g_test_add_func ("/physics/rigid/properties/determinism/across-builds", test_across_builds);
  for (gsize i = 0; i < G_N_ELEMENTS (ledger_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/rigid/properties/ledger/%s", ledger_rows[i].name);
      g_test_add_data_func (path, &ledger_rows[i], test_ledger_free);
      g_free (path);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (gravity_rows); i++)
    {
      char *path = g_strdup_printf ("/physics/rigid/properties/gravity-ledger/%s",
                                    gravity_rows[i].name);
      g_test_add_data_func (path, &gravity_rows[i], test_gravity_ledger);
      g_free (path);
    }

  return g_test_run ();
}
