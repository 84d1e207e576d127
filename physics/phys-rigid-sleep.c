/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-rigid-sleep.c: sleeping islands of polygons (phys-rigid-sleep-private.h,
 * docs/physics.md "Sleeping rigid bodies").
 *
 * Everything here runs once at a frame's end, in polygon index order: the islands are a
 * union-find whose root is always the smallest index, so the result depends on the bodies and
 * their links alone, never on the order the links were found in.
 */
#include <stdlib.h>
#include <string.h>

#include "phys-rigid-sleep-private.h"

/* The margin around a body's box within which a moving body wakes a sleeper, as a fraction of
 * the body's bounding radius: the contact solver's margin (4 slops of 0.005 r). */
#define WAKE_MARGIN 0.02

typedef struct
{
  int *parent;            /* union-find over polygons; the root is a set's smallest index */
  unsigned char *outside; /* per root: a body outside the island (a circle awake) touches it */
  int *cause;             /* per root: PhysWakeCause of the first awake body found touching */
  PhysBodyRef *other;     /* per root: that body */
  int *count;             /* per root: polygons, awake, asleep, awake with enough rest */
  int *awake, *asleep, *rested;
} Islands;

static int
find (Islands *is, int p)
{
  while (is->parent[p] != p)
    {
      is->parent[p] = is->parent[is->parent[p]];
      p = is->parent[p];
    }
  return p;
}

static void
join (Islands *is, int p, int q)
{
  p = find (is, p);
  q = find (is, q);
  if (p < q)
    is->parent[q] = p;
  else if (q < p)
    is->parent[p] = q;
}

static void *
alloc_zero (size_t n, size_t size)
{
  void *p = calloc (n > 0 ? n : 1, size);
  if (p == NULL)
    abort ();
  return p;
}

/* A polygon that moves (not fixed). */
static bool
movable_polygon (const PhysWorld *world, int kind, int index)
{
  return kind == PHYS_BODY_POLYGON && index >= 0 && index < world->n_polygons
         && !world->polygons[index].fixed;
}

/* A circle that moves and is awake, faster than the polygons' sleep tolerance of its radius: it
 * keeps an island it touches awake (a slow one rests on it like a weight). */
static bool
lively_circle (const PhysWorld *world, int kind, int index)
{
  if (kind != PHYS_BODY_CIRCLE || index < 0 || index >= world->n_circles)
    return false;
  const PhysCircle *c = &world->circles[index];
  if (c->fixed || !c->collides || (world->def.sleep && phys_circle_is_asleep (c)))
    return false;
  PhysReal dt = world->def.dt, tol = PHYS_SLEEP_TOLERANCE * c->radius;
  return !(phys_v2_len (c->velocity) * dt < tol && fabs (c->angular_velocity) * dt < PHYS_SLEEP_TOLERANCE);
}

/* Records at p's root the first awake body found touching the island. */
static void
note_cause (Islands *is, int p, PhysWakeCause cause, int kind, int index)
{
  int root = find (is, p);
  if (is->cause[root] != PHYS_WAKE_NONE)
    return;
  is->cause[root] = cause;
  is->other[root] = (PhysBodyRef) { (PhysBodyKind) kind, index };
}

/* A link between two bodies (a contact, a spring, a near approach): joins two movable polygons;
 * a lively circle keeps the polygon's island awake. When links_only, only joins; else only
 * notes who touched a sleeper (after every join, so the roots are final). */
static void
link (const PhysWorld *world, Islands *is, int ka, int a, int kb, int b, PhysWakeCause cause,
      bool joining)
{
  bool pa = movable_polygon (world, ka, a), pb = movable_polygon (world, kb, b);
  if (pa && pb)
    {
      if (joining)
        join (is, a, b);
      else
        {
          bool sa = phys_polygon_is_asleep (&world->polygons[a]);
          bool sb = phys_polygon_is_asleep (&world->polygons[b]);
          if (sa && !sb)
            note_cause (is, a, cause, kb, b);
          else if (sb && !sa)
            note_cause (is, b, cause, ka, a);
        }
      return;
    }
  if (pa && lively_circle (world, kb, b))
    {
      if (joining)
        is->outside[find (is, a)] = 1;
      else
        note_cause (is, a, cause, kb, b);
    }
  else if (pb && lively_circle (world, ka, a))
    {
      if (joining)
        is->outside[find (is, b)] = 1;
      else
        note_cause (is, b, cause, ka, a);
    }
}

/* The springs and bungees between bodies. */
static void
link_springs (const PhysWorld *world, Islands *is, bool joining)
{
  for (int f = 0; f < world->n_forces; f++)
    {
      const PhysForce *force = &world->forces[f];
      if ((force->kind != PHYS_FORCE_SPRING && force->kind != PHYS_FORCE_BUNGEE)
          || force->body_b < 0)
        continue;
      link (world, is, force->kind_a, force->body_a, force->kind_b, force->body_b,
            PHYS_WAKE_SPRING, joining);
    }
}

/* A body's box for the wake test: its own box (a polygon's placed vertices, a circle's square)
 * grown by the contact margin and, for a moving body, by how far it may go in the next frame
 * (|v| dt + |g| dt^2, the semi-implicit step, plus its bounding radius times the turn). */
typedef struct
{
  PhysAabb box;
  int kind, index;
} Reach;

static Reach
reach_of (const PhysWorld *world, int kind, int index, bool moving)
{
  PhysReal dt = world->def.dt;
  PhysAabb box;
  PhysReal radius, spin;
  PhysVec2 velocity;
  if (kind == PHYS_BODY_POLYGON)
    {
      const PhysPolygonBody *b = &world->polygons[index];
      PhysPolygonWorld placed = phys_polygon_place (&b->shape, phys_pose (b->position.x, b->position.y, b->angle));
      box.min = box.max = placed.vertices[0];
      for (int i = 1; i < placed.count; i++)
        {
          PhysVec2 v = placed.vertices[i];
          box.min = phys_v2 (fmin (box.min.x, v.x), fmin (box.min.y, v.y));
          box.max = phys_v2 (fmax (box.max.x, v.x), fmax (box.max.y, v.y));
        }
      radius = b->radius;
      spin = b->angular_velocity;
      velocity = b->velocity;
    }
  else
    {
      const PhysCircle *c = &world->circles[index];
      box.min = phys_v2 (c->position.x - c->radius, c->position.y - c->radius);
      box.max = phys_v2 (c->position.x + c->radius, c->position.y + c->radius);
      radius = c->radius;
      spin = 0.0;
      velocity = c->velocity;
    }
  PhysReal grow = WAKE_MARGIN * radius;
  if (moving)
    grow += phys_v2_len (velocity) * dt + phys_v2_len (world->def.gravity) * dt * dt
            + fabs (spin) * dt * radius;
  box.min = phys_v2 (box.min.x - grow, box.min.y - grow);
  box.max = phys_v2 (box.max.x + grow, box.max.y + grow);
  Reach r = { box, kind, index };
  return r;
}

static int
compare_reach (const void *x, const void *y)
{
  const Reach *a = x, *b = y;
  if (a->box.min.x != b->box.min.x)
    return a->box.min.x < b->box.min.x ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

/* Awake bodies that moved in the frame (a polygon that counted no rest, a lively circle) whose
 * reach meets a sleeper's box: links (polygon pairs join the islands, so the sleeper's wakes; a
 * lively circle marks it). A body at rest approaches nothing: only touching wakes beside it.
 * Sleepers sorted by the left of their boxes, each moving body looks only at those that start
 * within the widest sleeper's width of it. */
static void
link_reaches (const PhysWorld *world, Islands *is, bool joining)
{
  int n_sleep = 0, n_awake = 0;
  for (int p = 0; p < world->n_polygons; p++)
    {
      if (world->polygons[p].fixed)
        continue;
      if (phys_polygon_is_asleep (&world->polygons[p]))
        n_sleep++;
      else if (world->polygons[p].rest_frames == 0)
        n_awake++;
    }
  for (int i = 0; i < world->n_circles; i++)
    if (lively_circle (world, PHYS_BODY_CIRCLE, i))
      n_awake++;
  if (n_sleep == 0 || n_awake == 0)
    return;
  Reach *sleepers = alloc_zero ((size_t) n_sleep, sizeof *sleepers);
  Reach *awake = alloc_zero ((size_t) n_awake, sizeof *awake);
  int ns = 0, na = 0;
  PhysReal widest = 0.0;
  for (int p = 0; p < world->n_polygons; p++)
    {
      const PhysPolygonBody *b = &world->polygons[p];
      if (b->fixed)
        continue;
      if (phys_polygon_is_asleep (b))
        {
          Reach r = reach_of (world, PHYS_BODY_POLYGON, p, false);
          sleepers[ns++] = r;
          widest = fmax (widest, r.box.max.x - r.box.min.x);
        }
      else if (b->rest_frames == 0)
        awake[na++] = reach_of (world, PHYS_BODY_POLYGON, p, true);
    }
  for (int i = 0; i < world->n_circles; i++)
    if (lively_circle (world, PHYS_BODY_CIRCLE, i))
      awake[na++] = reach_of (world, PHYS_BODY_CIRCLE, i, true);
  qsort (sleepers, (size_t) ns, sizeof *sleepers, compare_reach);
  for (int k = 0; k < na; k++)
    {
      const Reach *a = &awake[k];
      /* The first sleeper whose box may reach a's: its left at least a's left less the widest. */
      PhysReal from = a->box.min.x - widest;
      int lo = 0, hi = ns;
      while (lo < hi)
        {
          int mid = lo + (hi - lo) / 2;
          if (sleepers[mid].box.min.x < from)
            lo = mid + 1;
          else
            hi = mid;
        }
      for (int j = lo; j < ns && sleepers[j].box.min.x <= a->box.max.x; j++)
        if (phys_aabb_overlaps (a->box, sleepers[j].box))
          link (world, is, a->kind, a->index, PHYS_BODY_POLYGON, sleepers[j].index,
                PHYS_WAKE_CONTACT, joining);
    }
  free (sleepers);
  free (awake);
}

static void
link_all (const PhysWorld *world, Islands *is, const PhysSleepLink *links, int n, bool joining)
{
  for (int k = 0; k < n; k++)
    link (world, is, links[k].kind_a, links[k].a, links[k].kind_b, links[k].b, PHYS_WAKE_CONTACT,
          joining);
  link_springs (world, is, joining);
  link_reaches (world, is, joining);
}

bool
phys_rigid_sleep_all_still (const Step *st)
{
  const PhysWorld *world = st->world;
  for (int p = 0; p < world->n_polygons; p++)
    if (!phys_polygon_still (world, p))
      return false;
  for (int i = 0; i < world->n_circles; i++)
    if (!world->circles[i].fixed && world->circles[i].collides && !st->s->asleep[i])
      return false;
  return true;
}

/* Counts polygon p's frame of rest, or zeroes the count. */
static void
count_rest (const PhysWorld *world, PhysPolygonBody *b)
{
  PhysReal dt = world->def.dt, tol = PHYS_SLEEP_TOLERANCE * b->radius;
  bool resting = phys_v2_len (b->velocity) * dt < tol
                 && fabs (b->angular_velocity) * dt * b->radius < tol;
  if (!resting)
    b->rest_frames = 0;
  else if (b->rest_frames < PHYS_SLEEP_FRAMES)
    b->rest_frames++;
}

static void
log_island (Step *st, PhysEventKind kind, int root, int bodies, PhysReal energy, PhysVec2 momentum,
            PhysReal angular, PhysWakeCause cause, PhysBodyRef other)
{
  EventHead head = { .kind = kind, .t = 1.0, .t0 = 1.0, .a = root, .b = -1,
                     .b_kind = PHYS_BODY_POLYGON, .answer = -1, .removed = energy };
  PhysEvent *ev = phys_step_log_event (st, &head);
  if (ev == NULL)
    return;
  ev->taken = momentum;
  ev->taken_angular = angular;
  ev->sleep.island = root;
  ev->sleep.bodies = bodies;
  ev->sleep.energy = energy;
  ev->sleep.cause = cause;
  ev->sleep.other = other;
}

bool
phys_rigid_sleep_count_rest (Step *st)
{
  PhysWorld *world = st->world;
  int np = world->n_polygons;
  if (!world->def.sleep || np == 0)
    return false;
  /* Islands matter only when one may fall asleep (a polygon has rested long enough) or wake
   * (a sleeper): while a pile settles, counting is all. */
  bool islands = false;
  for (int p = 0; p < np; p++)
    {
      PhysPolygonBody *b = &world->polygons[p];
      if (b->fixed)
        continue;
      if (phys_polygon_is_asleep (b))
        islands = true;
      else
        {
          count_rest (world, b);
          islands = islands || b->rest_frames >= PHYS_SLEEP_FRAMES;
        }
    }
  return islands;
}

void
phys_rigid_sleep_islands (Step *st, const PhysSleepLink *links, int n)
{
  PhysWorld *world = st->world;
  int np = world->n_polygons;

  Islands is;
  is.parent = alloc_zero ((size_t) np, sizeof *is.parent);
  is.outside = alloc_zero ((size_t) np, sizeof *is.outside);
  is.cause = alloc_zero ((size_t) np, sizeof *is.cause);
  is.other = alloc_zero ((size_t) np, sizeof *is.other);
  is.count = alloc_zero ((size_t) np * 4, sizeof *is.count);
  is.awake = is.count + np;
  is.asleep = is.count + 2 * (size_t) np;
  is.rested = is.count + 3 * (size_t) np;
  for (int p = 0; p < np; p++)
    {
      is.parent[p] = p;
      const PhysPolygonBody *b = &world->polygons[p];
      if (phys_polygon_is_asleep (b) && b->island >= 0 && b->island < np)
        join (&is, p, b->island);
    }
  link_all (world, &is, links, n, true);
  link_all (world, &is, links, n, false);

  for (int p = 0; p < np; p++)
    {
      const PhysPolygonBody *b = &world->polygons[p];
      if (b->fixed)
        continue;
      int root = find (&is, p);
      is.count[root]++;
      if (phys_polygon_is_asleep (b))
        is.asleep[root]++;
      else
        {
          is.awake[root]++;
          if (b->rest_frames >= PHYS_SLEEP_FRAMES)
            is.rested[root]++;
        }
    }
  /* Each island decides once, at its root (its smallest index); then one pass over the polygons
   * applies the decisions, summing each island's ledger in index order; then the events, in the
   * order of the roots. */
  enum { KEEP = 0, WAKE, SLEEP };
  unsigned char *decision = alloc_zero ((size_t) np, 1);
  PhysReal *ledger = alloc_zero ((size_t) np * 4, sizeof *ledger); /* energy, px, py, angular */
  bool any = false;
  for (int root = 0; root < np; root++)
    {
      if (is.parent[root] != root || is.count[root] == 0)
        continue;
      if (is.asleep[root] > 0 && (is.awake[root] > 0 || is.cause[root] != PHYS_WAKE_NONE))
        decision[root] = WAKE;
      else if (is.asleep[root] == 0 && is.rested[root] == is.count[root] && !is.outside[root])
        decision[root] = SLEEP;
      any = any || decision[root] != KEEP;
    }
  for (int p = 0; any && p < np; p++)
    {
      PhysPolygonBody *b = &world->polygons[p];
      if (b->fixed)
        continue;
      int root = find (&is, p);
      if (decision[root] == WAKE && phys_polygon_is_asleep (b))
        {
          /* The sleepers start counting afresh; an awake member keeps its count. */
          b->woke_at = world->frame + 1;
          b->woke_by = is.cause[root] != PHYS_WAKE_NONE ? is.cause[root] : PHYS_WAKE_CONTACT;
          b->woke_other = is.other[root];
          b->asleep_since = -1;
          b->island = -1;
          b->rest_frames = 0;
        }
      else if (decision[root] == SLEEP)
        {
          PhysRigidState s = { .center = b->position, .velocity = b->velocity,
                               .angular_velocity = b->angular_velocity, .mass = b->mass,
                               .inertia = b->inertia };
          PhysReal e, l;
          PhysVec2 m;
          phys_rigid_state_ledger (&s, &e, &m, &l);
          PhysReal *sum = ledger + 4 * (size_t) root;
          sum[0] += e;
          sum[1] += m.x;
          sum[2] += m.y;
          sum[3] += l;
          b->velocity = phys_v2 (0.0, 0.0);
          b->angular_velocity = 0.0;
          b->asleep_since = world->frame + 1;
          b->island = root;
        }
    }
  for (int root = 0; any && root < np; root++)
    {
      const PhysReal *sum = ledger + 4 * (size_t) root;
      if (decision[root] == WAKE)
        log_island (st, PHYS_EVENT_WAKE, root, is.count[root], 0.0, phys_v2 (0.0, 0.0), 0.0,
                    is.cause[root] != PHYS_WAKE_NONE ? (PhysWakeCause) is.cause[root]
                                                     : PHYS_WAKE_CONTACT,
                    is.other[root]);
      else if (decision[root] == SLEEP)
        log_island (st, PHYS_EVENT_SLEEP, root, is.count[root], sum[0], phys_v2 (sum[1], sum[2]),
                    sum[3], PHYS_WAKE_NONE, (PhysBodyRef) { PHYS_BODY_POLYGON, -1 });
    }
  free (decision);
  free (ledger);
  free (is.parent);
  free (is.outside);
  free (is.cause);
  free (is.other);
  free (is.count);
}

void
phys_rigid_sleep_wake_all (PhysWorld *world)
{
  for (int p = 0; p < world->n_polygons; p++)
    {
      PhysPolygonBody *b = &world->polygons[p];
      if (phys_polygon_is_asleep (b))
        {
          b->woke_at = world->frame;
          b->woke_by = PHYS_WAKE_EDIT;
          b->woke_other = (PhysBodyRef) { PHYS_BODY_POLYGON, -1 };
        }
      b->asleep_since = -1;
      b->island = -1;
      b->rest_frames = 0;
    }
}
