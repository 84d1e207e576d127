/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-step.c: one frame of the world, events in time order (DESIGN.md).
 *
 * Forces are integrated first; each circle then moves along the straight line
 * from its start to its integrated end. Every circle keeps its own clock tau
 * inside the frame: its position at tau and its rate (displacement per whole
 * frame). Candidate events sit in a binary heap ordered by (t, kind, ids); the
 * earliest is taken, its bodies are moved to it and answered, and only those
 * bodies are tested again from that moment. A candidate whose bodies changed
 * since it was found is stale and skipped (per-body version counters).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "phys-step-private.h"

/* An overlap deeper than this fraction of the radius (sum) is an embedded start;
 * shallower ones are rounding or the sliding skin, and count as touching. */
#define EMBED_DEPTH 4e-4
/* A relative approach speed below this fraction of the relative speed (plus a
 * tiny floor, world units per frame) is rounding of a contact already answered. */
#define NEGLIGIBLE_APPROACH 1e-12
#define APPROACH_FLOOR 1e-15
/* A gap to a surface below this fraction of the coordinates' size is their rounding: the
 * circle touches the surface (a circle put on a wall stands a few ulps off it). */
#define TOUCH_GAP 1e-13
/* Contacts closer together than this (frame fraction) form a cluster: with
 * e < 1 the intervals between them shrink geometrically for ever (inelastic
 * collapse), so a contact between two circles that were both answered this
 * recently is answered as resting, as the TC model of granular event-driven
 * simulation does. */
#define CLUSTER_TIME 0.05
/* Touching circles approaching slower than this fraction of the rest speed are
 * settled: answering them again only halves a residue (an unsupported chain
 * converges like Gauss-Seidel), and the overlap it leaves is far below
 * EMBED_DEPTH. Zero in worlds without a rest speed (no gravity). */
#define SETTLED_FRACTION 1e-2
/* Inelastic collapse: a contact pressed together by gravity whose next bounce would
 * come back sooner than this (frames) comes to rest instead (docs/physics.md). */
#define REST_FLIGHT 1.0
/* Answers closer together than this (frame fraction) are one instant: touching pairs
 * re-meet a rounding apart, and a burst of answers this close (a Zeno sequence) is
 * one exchange. */
#define INSTANT 1e-5
/* A circle answered at rest more often than this in one frame is jammed however the
 * answers are spread (see unjam). */
#define FRAME_ANSWERS 64
/* The marker of a candidate that is no answer: the instant a held circle's slip reaches 0
 * (handle_roll). Sorts after every event kind at the same time. */
#define ROLL_CANDIDATE 64
/* A slip this small against the speeds it is the difference of is rounding of rolling. */
#define ROLLING_SLIP 1e-12

/* Circles this close to touching (fraction of the radius sum) belong to one jammed cluster. */
#define JAM_TOUCH 1e-6
/* A hold whose contact opens or closes faster than this fraction of the accelerations at it
 * (per frame^2) is out of balance with the others of its cluster: the cluster's holds are
 * solved together (see solve_holds). The same fraction as a press of rounding (see press). */
#define HOLD_BALANCE 1e-9
/* Most holds solved together: a larger cluster keeps the holds its answers made (its
 * matrix would take HOLD_CLUSTER_MAX^2 doubles, 128 KB). */
#define HOLD_CLUSTER_MAX 128

static const Trail FRESH_TRAIL = { .last_t = -1.0, .merged_t = -1.0, .stop_t = -1.0,
                                   .sep_t = -1.0, .hold_event = -1, .last_event = -1,
                                   .sep_from = -1, .holds = -1, .spin_tau = -1.0 };
static const HoldFriction FRESH_HOLD_FRICTION = { .roll_t = -1.0 };



void
phys_step_scratch_free (PhysStepScratch *s)
{
  if (s == NULL)
    return;
  free (s->start);
  free (s->disp);
  free (s->end_vel);
  free (s->pos);
  free (s->rate);
  free (s->base_acc);
  free (s->acc);
  free (s->sup_n);
  free (s->n_sup);
  free (s->tau);
  free (s->version);
  free (s->done);
  free (s->asleep);
  free (s->standing);
  free (s->slot);
  free (s->changed_at);
  free (s->trail);
  free (s->held_fric);
  free (s->box);
  phys_grid_free (&s->grid);
  free (s->heap);
  free (s->seg_box);
  free (s->seg_id);
  free (s->paths.circle_turn);
  free (s->paths.circle_end_spin);
  free (s->paths.polygon_disp);
  free (s->paths.polygon_acc);
  free (s->paths.polygon_turn);
  free (s->paths.polygon_end_vel);
  free (s->paths.polygon_end_spin);
  phys_rigid_scratch_free (s->rigid);
  free (s->holds);
  free (s->members);
  free (s->gathered);
  phys_hold_system_free (&s->system);
  free (s);
}

static void *
xrealloc (void *p, size_t n, size_t size)
{
  void *q = realloc (p, (n > 0 ? n : 1) * size);
  if (q == NULL)
    abort ();
  return q;
}

void *
phys_step_realloc (void *p, size_t n, size_t size)
{
  return xrealloc (p, n, size);
}

static PhysStepScratch *
scratch_for (PhysWorld *world)
{
  if (world->scratch == NULL)
    {
      world->scratch = calloc (1, sizeof *world->scratch);
      if (world->scratch == NULL)
        abort ();
    }
  PhysStepScratch *s = world->scratch;
  int n = world->n_circles;
  if (n > s->cap)
    {
      size_t m = (size_t) n;
      s->start = xrealloc (s->start, m, sizeof *s->start);
      s->disp = xrealloc (s->disp, m, sizeof *s->disp);
      s->end_vel = xrealloc (s->end_vel, m, sizeof *s->end_vel);
      s->pos = xrealloc (s->pos, m, sizeof *s->pos);
      s->rate = xrealloc (s->rate, m, sizeof *s->rate);
      s->base_acc = xrealloc (s->base_acc, m, sizeof *s->base_acc);
      s->acc = xrealloc (s->acc, m, sizeof *s->acc);
      s->sup_n = xrealloc (s->sup_n, 2 * m, sizeof *s->sup_n);
      s->n_sup = xrealloc (s->n_sup, m, sizeof *s->n_sup);
      s->tau = xrealloc (s->tau, m, sizeof *s->tau);
      s->version = xrealloc (s->version, m, sizeof *s->version);
      s->done = xrealloc (s->done, m, sizeof *s->done);
      s->asleep = xrealloc (s->asleep, m, sizeof *s->asleep);
      s->standing = xrealloc (s->standing, m, sizeof *s->standing);
      s->slot = xrealloc (s->slot, m, sizeof *s->slot);
      /* Zeroed once: an answer's stamp is never 0. */
      free (s->changed_at);
      s->changed_at = calloc (m, sizeof *s->changed_at);
      if (s->changed_at == NULL)
        abort ();
      s->trail = xrealloc (s->trail, m, sizeof *s->trail);
      s->held_fric = xrealloc (s->held_fric, m, sizeof *s->held_fric);
      for (int i = 0; i < n; i++)
        s->held_fric[i] = FRESH_HOLD_FRICTION;
      s->box = xrealloc (s->box, m, sizeof *s->box);
      s->cap = n;
    }
  if (world->n_segments > s->cap_seg)
    {
      s->seg_box = xrealloc (s->seg_box, (size_t) world->n_segments, sizeof *s->seg_box);
      s->seg_id = xrealloc (s->seg_id, (size_t) world->n_segments, sizeof *s->seg_id);
      s->cap_seg = world->n_segments;
    }
  if (world->n_circles > s->cap_paths_circles || s->paths.circle_turn == NULL)
    {
      size_t m = (size_t) world->n_circles;
      s->paths.circle_turn = xrealloc (s->paths.circle_turn, m, sizeof (PhysReal));
      s->paths.circle_end_spin = xrealloc (s->paths.circle_end_spin, m, sizeof (PhysReal));
      s->cap_paths_circles = world->n_circles;
    }
  if (world->n_polygons > s->cap_paths_polygons || s->paths.polygon_disp == NULL)
    {
      size_t m = (size_t) world->n_polygons;
      s->paths.polygon_disp = xrealloc (s->paths.polygon_disp, m, sizeof (PhysVec2));
      s->paths.polygon_acc = xrealloc (s->paths.polygon_acc, m, sizeof (PhysVec2));
      s->paths.polygon_turn = xrealloc (s->paths.polygon_turn, m, sizeof (PhysReal));
      s->paths.polygon_end_vel = xrealloc (s->paths.polygon_end_vel, m, sizeof (PhysVec2));
      s->paths.polygon_end_spin = xrealloc (s->paths.polygon_end_spin, m, sizeof (PhysReal));
      s->cap_paths_polygons = world->n_polygons;
    }
  return s;
}

/* ---- event log ---------------------------------------------------------- */

void
phys_event_log_init (PhysEventLog *log)
{
  memset (log, 0, sizeof *log);
}

void
phys_event_log_clear (PhysEventLog *log)
{
  log->count = 0;
}

void
phys_event_log_free (PhysEventLog *log)
{
  free (log->events);
  memset (log, 0, sizeof *log);
}


/* Appends an event of this frame with its head; the rest of the record starts at zero, for
 * the caller to fill in. */
static PhysEvent *
log_event (PhysEventLog *log, const PhysWorld *world, const EventHead *head)
{
  if (log->count == log->capacity)
    {
      log->capacity = log->capacity > 0 ? log->capacity * 2 : 64;
      log->events = xrealloc (log->events, log->capacity, sizeof *log->events);
    }
  PhysEvent *e = &log->events[log->count++];
  memset (e, 0, sizeof *e);
  e->kind = head->kind;
  e->frame = world->frame;
  e->t = head->t;
  e->t0 = head->t0;
  e->a = head->a;
  e->b = head->b;
  e->b_kind = head->b_kind;
  e->answer = head->answer;
  e->resting = head->resting;
  e->at_frame_end = head->at_frame_end;
  e->jammed = head->jammed;
  e->removed = head->removed;
  return e;
}

PhysEvent *
phys_step_log_event (Step *st, const EventHead *head)
{
  return st->log != NULL ? log_event (st->log, st->world, head) : NULL;
}

/* ---- candidate heap ------------------------------------------------------ */

/* Total order on candidates, so runs repeat bit for bit: (t, kind, ids, t0). */
static bool
candidate_before (const Candidate *x, const Candidate *y)
{
  if (x->t != y->t)
    return x->t < y->t;
  if (x->kind != y->kind)
    return x->kind < y->kind;
  /* Static geometry first: a circle embedded in a wall and in a neighbour is put
   * back on the right side of the wall before the neighbours are separated. */
  if (x->b_kind != y->b_kind)
    return x->b_kind == PHYS_BODY_SEGMENT;
  if (x->a != y->a)
    return x->a < y->a;
  if (x->b != y->b)
    return x->b < y->b;
  return x->t0 < y->t0;
}

static void
heap_push (PhysStepScratch *s, Candidate c)
{
  if (s->n_heap == s->cap_heap)
    {
      s->cap_heap = s->cap_heap > 0 ? s->cap_heap * 2 : 256;
      s->heap = xrealloc (s->heap, (size_t) s->cap_heap, sizeof *s->heap);
    }
  int i = s->n_heap++;
  while (i > 0)
    {
      int parent = (i - 1) / 2;
      if (!candidate_before (&c, &s->heap[parent]))
        break;
      s->heap[i] = s->heap[parent];
      i = parent;
    }
  s->heap[i] = c;
}

static Candidate
heap_pop (PhysStepScratch *s)
{
  Candidate top = s->heap[0];
  Candidate last = s->heap[--s->n_heap];
  int i = 0;
  for (;;)
    {
      int child = 2 * i + 1;
      if (child >= s->n_heap)
        break;
      if (child + 1 < s->n_heap && candidate_before (&s->heap[child + 1], &s->heap[child]))
        child++;
      if (!candidate_before (&s->heap[child], &last))
        break;
      s->heap[i] = s->heap[child];
      i = child;
    }
  if (s->n_heap > 0)
    s->heap[i] = last;
  return top;
}

/* ---- bodies inside the frame -------------------------------------------- */

/* ---- momentum the immovable bodies take (docs/physics.md, momentum balance) ---- */

/* Adds momentum the immovable bodies took to the logged event at index `at`. */
static void
note_taken (Step *st, long at, PhysVec2 p)
{
  if (st->log != NULL && at >= 0 && (size_t) at < st->log->count)
    st->log->events[at].taken = phys_v2_add (st->log->events[at].taken, p);
}

void
phys_step_note_taken (Step *st, long at, PhysVec2 p)
{
  note_taken (st, at, p);
}

/* Closes circle i's hold at time t: while its acceleration fell short of the gravity it
 * flies under, what held it up took the weight it did not feel, m (g - a) per frame, and
 * the event that set that acceleration records it (for a pinned circle, what pins it). A
 * circle on a straight path (a body under other forces) that a stack or a jammed cluster
 * gave an acceleration leaves with the velocity that acceleration added, as its path did. */
static void
close_hold (Step *st, int i, PhysReal t)
{
  PhysStepScratch *s = st->s;
  PhysReal h = t - s->trail[i].hold_t;
  bool straight = s->base_acc[i].x == 0.0 && s->base_acc[i].y == 0.0;
  if (h > 0.0 && !s->trail[i].pinned && straight && (s->acc[i].x != 0.0 || s->acc[i].y != 0.0))
    s->end_vel[i] = phys_v2_add_scaled (s->end_vel[i], s->acc[i], h / st->world->def.dt);
  if (h > 0.0)
    {
      PhysVec2 deficit = phys_v2_sub (s->base_acc[i], s->acc[i]);
      if (deficit.x != 0.0 || deficit.y != 0.0)
        note_taken (st, s->trail[i].hold_event,
                    phys_v2_scale (deficit, st->world->circles[i].mass * h / st->world->def.dt));
    }
  s->trail[i].hold_t = t;
}

/* Circle i's acceleration is about to change in the event being handled: what held it up
 * so far is recorded, and from now on the event's own. */
static void drop_held_friction_on (Step *st, int i, PhysReal t);

static inline void
drop_held_friction (Step *st, int i, PhysReal t)
{
  if (st->s->any_held_fric && st->s->held_fric[i].on)
    drop_held_friction_on (st, i, t);
}

static void
begin_hold (Step *st, int i)
{
  drop_held_friction (st, i, st->event_t);
  close_hold (st, i, st->event_t);
  st->s->trail[i].hold_event = st->event_at;
}

/* Starts handling an event at time t: its log index, and the momentum its answers give. */
static void
begin_event (Step *st, PhysReal t)
{
  st->event_at = st->log != NULL ? (long) st->log->count : -1;
  st->event_t = t;
  st->moved = phys_v2 (0.0, 0.0);
}

void
phys_step_begin_event (Step *st, PhysReal t)
{
  begin_event (st, t);
}

static bool
takes_part (const PhysCircle *c)
{
  return c->collides;
}

/* Box of the rest of a circle's path, the T frames from its clock to the end of the frame. */
static inline PhysAabb
path_box (const PhysWorld *world, const PhysStepScratch *s, int i, PhysReal T)
{
  PhysReal r = world->circles[i].radius;
  PhysReal T2 = T * T;
  PhysVec2 a = s->acc[i];
  /* The chord of the path, plus how far a parabola strays from its chord, |a| T^2 / 8 on
   * each axis. */
  PhysVec2 chord = phys_v2_add_scaled (phys_v2_scale (s->rate[i], T), a, 0.5 * T2);
  PhysAabb box = phys_aabb_swept_circle (s->pos[i], chord, r);
  /* A hair of margin: boxes only prune, and must not prune a pair that touches
   * exactly on a rounded edge. */
  PhysReal m = 1e-9 * (1.0 + r);
  PhysReal sx = m + 0.125 * T2 * fabs (a.x), sy = m + 0.125 * T2 * fabs (a.y);
  box.min = phys_v2 (box.min.x - sx, box.min.y - sy);
  box.max = phys_v2 (box.max.x + sx, box.max.y + sy);
  return box;
}

static PhysAabb
remaining_box (const PhysWorld *world, const PhysStepScratch *s, int i)
{
  return path_box (world, s, i, 1.0 - s->tau[i]);
}

PhysAabb
phys_step_remaining_box (const Step *st, int i)
{
  return remaining_box (st->world, st->s, i);
}

/* Appends an index to a growable list. */
static void
push_index (int **items, int *n, int *cap, int value)
{
  if (*n == *cap)
    {
      *cap = *cap > 0 ? *cap * 2 : 64;
      *items = xrealloc (*items, (size_t) *cap, sizeof **items);
    }
  (*items)[(*n)++] = value;
}

static void
collect_sleeper (void *ctx, int j)
{
  Step *st = ctx;
  /* Polygons share the grid (ids from n_circles on) and never sleep. */
  if (j >= st->world->n_circles)
    return;
  if (st->s->asleep[j])
    push_index (&st->wake, &st->n_wake, &st->cap_wake, j);
}

/* Inverse mass as collisions see it: sleeping circles stand firm until woken, and the circles
 * of a jammed cluster that stopped for the rest of the frame. */
static PhysReal
inv_mass_of (const Step *st, int i)
{
  return st->s->standing[i] ? 0.0 : st->world->circles[i].inv_mass;
}

/* True when circle i moves and is on a straight path (under other forces than gravity
 * alone, or the discrete teaching mode), not on its exact parabola. */
static bool
on_straight_path (const Step *st, int i)
{
  return inv_mass_of (st, i) > 0.0 && st->s->base_acc[i].x == 0.0 && st->s->base_acc[i].y == 0.0;
}

PhysReal
phys_step_inv_mass (const Step *st, int i)
{
  return inv_mass_of (st, i);
}

void
phys_step_push (Step *st, Candidate c)
{
  heap_push (st->s, c);
}

/* Share a circle takes in separating an embedded pair: its inverse mass, none when it
 * stands firm (sleeping, or pinned by a jam of separations). */
static PhysReal
shift_weight (const Step *st, int i)
{
  return st->s->trail[i].pinned ? 0.0 : inv_mass_of (st, i);
}

/* reach: the radius (sum) of the contact; what a settled contact may sink in a
 * frame stays a tenth of the embedded depth, whatever the gravity. */
static bool
negligible_approach (const Step *st, PhysReal approach, PhysReal relative_speed, PhysReal reach)
{
  PhysReal settled = fmin (st->settled, 0.1 * EMBED_DEPTH * reach);
  return approach <= NEGLIGIBLE_APPROACH * relative_speed + APPROACH_FLOOR + settled;
}

/* True when a contact's normal speed (> 0 apart) is a real departure, not rounding. */
static bool
leaving (PhysReal apart, PhysReal speed)
{
  return apart > NEGLIGIBLE_APPROACH * speed + APPROACH_FLOOR;
}

/* True when touching bodies leaving at `apart` (world units per frame) while pressed
 * together by `pressed` (per frame^2) would be back within REST_FLIGHT frames: a contact
 * at rest (see contact_restitution). */
static bool
short_hop (PhysReal apart, PhysReal speed, PhysReal pressed)
{
  return pressed > 0.0 && (!leaving (apart, speed) || 2.0 * apart < REST_FLIGHT * pressed);
}

/* How hard a body of acceleration a touching one of acceleration b along n (unit, from
 * b towards a) is pressed onto it (per frame^2; > 0 pressed): a contact at rest needs
 * holding. Rounding of a contact already held counts as 0. */
static PhysReal
press (PhysVec2 a, PhysVec2 b, PhysVec2 n)
{
  PhysReal p = -phys_v2_dot (phys_v2_sub (a, b), n);
  return p > 1e-9 * (phys_v2_len (a) + phys_v2_len (b)) ? p : 0.0;
}

/* The same for circles lo and hi, n from lo towards hi. */
static PhysReal
pair_press (const PhysStepScratch *s, int lo, int hi, PhysVec2 n)
{
  return press (s->acc[hi], s->acc[lo], n);
}

static void
push (Step *st, PhysReal t, PhysEventKind kind, PhysBodyKind b_kind, int a, int b)
{
  Candidate c;
  c.t = t;
  c.t0 = st->now;
  c.kind = kind;
  c.b_kind = b_kind;
  c.a = a;
  c.b = b;
  c.va = st->s->version[a];
  c.vb = b_kind == PHYS_BODY_CIRCLE ? st->s->version[b] : 0;
  heap_push (st->s, c);
}

static void
sweep_pair_into (const Step *st, int lo, int hi, PhysReal t0, PhysCircleCircleSweep *out)
{
  const PhysCircle *c = st->world->circles;
  const PhysStepScratch *s = st->s;
  phys_sweep_circle_circle_accel_into (out, position_at (s, lo, t0), rate_at (s, lo, t0),
                                       s->acc[lo], c[lo].radius, position_at (s, hi, t0),
                                       rate_at (s, hi, t0), s->acc[hi], c[hi].radius);
}

static PhysCircleCircleSweep
sweep_pair (const Step *st, int lo, int hi, PhysReal t0)
{
  PhysCircleCircleSweep sw;
  sweep_pair_into (st, lo, hi, t0, &sw);
  return sw;
}

/* True when two circles under the same acceleration (moving straight relative to each
 * other), d and v apart in position and velocity, are apart and not closing: nothing the
 * full test could find. */
static bool
apart_all_frame (PhysVec2 d, PhysVec2 v, PhysReal R)
{
  return phys_v2_dot (d, d) - R * R >= 0.0 && phys_v2_dot (v, d) >= 0.0;
}

static void
test_circle_pair (Step *st, int i, int j)
{
  if (inv_mass_of (st, i) == 0.0 && inv_mass_of (st, j) == 0.0)
    return;
  /* Past the budget nothing more is found: the frame stops at its next candidate. */
  if (++st->tests > st->test_cap)
    return;
  int lo = i < j ? i : j, hi = i < j ? j : i;
  const PhysStepScratch *s = st->s;
  const PhysCircle *c = st->world->circles;
  PhysVec2 pl = position_at (s, lo, st->now), ph = position_at (s, hi, st->now);
  PhysVec2 vl = rate_at (s, lo, st->now), vh = rate_at (s, hi, st->now);
  if (s->acc[lo].x == s->acc[hi].x && s->acc[lo].y == s->acc[hi].y
      && apart_all_frame (phys_v2_sub (ph, pl), phys_v2_sub (vh, vl), c[lo].radius + c[hi].radius))
    return;
  PhysCircleCircleSweep sw;
  phys_sweep_circle_circle_accel_into (&sw, pl, vl, s->acc[lo], c[lo].radius, ph, vh, s->acc[hi],
                                       c[hi].radius);
  PhysReal speed = sqrt (sw.a);

  if (sw.verdict == PHYS_VERDICT_OVERLAPPING)
    {
      PhysReal depth = sw.R - phys_v2_len (sw.d);
      PhysReal dist = phys_v2_len (sw.d);
      if (depth > EMBED_DEPTH * sw.R)
        {
          if (shift_weight (st, lo) + shift_weight (st, hi) > 0.0)
            push (st, st->now, PHYS_EVENT_EMBEDDED, PHYS_BODY_CIRCLE, lo, hi);
        }
      else if (dist > 0.0
               && (!negligible_approach (st, -sw.b / dist, speed, sw.R)
                   || short_hop (sw.b / dist, speed,
                                 pair_press (st->s, lo, hi, phys_v2_scale (sw.d, 1.0 / dist)))))
        push (st, st->now, PHYS_EVENT_CIRCLE_CIRCLE, PHYS_BODY_CIRCLE, lo, hi);
      return;
    }
  if (sw.verdict != PHYS_VERDICT_HIT && sw.verdict != PHYS_VERDICT_AFTER_FRAME)
    return;
  PhysReal t = st->now + sw.t;
  if (t > 1.0)
    return;
  if (sw.t == 0.0
      && (!negligible_approach (st, -sw.b / sqrt (sw.c + sw.R * sw.R), speed, sw.R)
          || short_hop (sw.b / sqrt (sw.c + sw.R * sw.R), speed,
                        pair_press (st->s, lo, hi, sw.normal))))
    push (st, t, PHYS_EVENT_CIRCLE_CIRCLE, PHYS_BODY_CIRCLE, lo, hi);
  else if (sw.t > 0.0)
    push (st, t, PHYS_EVENT_CIRCLE_CIRCLE, PHYS_BODY_CIRCLE, lo, hi);
}

static PhysCircleSegmentSweep
sweep_segment (const Step *st, int i, int seg, PhysReal t0)
{
  const PhysSegment *g = &st->world->segments[seg];
  return phys_sweep_circle_segment_accel (position_at (st->s, i, t0), rate_at (st->s, i, t0),
                                          st->s->acc[i], st->world->circles[i].radius, g->a, g->b,
                                          !st->world->def.modes.no_end_caps);
}

/* How deep a circle at the start of a test sits in a segment it overlaps. */
static PhysReal
segment_depth (const PhysCircleSegmentSweep *sw)
{
  switch (sw->feature)
    {
    case PHYS_FEATURE_INTERIOR:
      return sw->radius - fabs (sw->proj_normal);
    case PHYS_FEATURE_CAP_A:
      return sw->radius - phys_v2_len (sw->cap_a.d);
    case PHYS_FEATURE_CAP_B:
      return sw->radius - phys_v2_len (sw->cap_b.d);
    case PHYS_FEATURE_NONE:
    default:
      return 0.0;
    }
}

/* True when the swept circle touches the flat side of the line at the test's start (its
 * centre at its radius to within the rounding of its coordinates, TOUCH_GAP, inside the
 * segment's length) and moves away from it. */
static bool
touching_and_leaving (const PhysCircleSegmentSweep *sw)
{
  return sw->approach < 0.0 && sw->feature == PHYS_FEATURE_INTERIOR
         && fabs (sw->proj_normal) - sw->radius
              <= TOUCH_GAP * (fabs (sw->center.x) + fabs (sw->center.y) + sw->radius)
         && sw->proj_along >= 0.0 && sw->proj_along <= sw->length;
}

/* The contact of a circle that touches the line and leaves it, as it stands at the test's
 * start: a hop test_circle_segment rests at once is answered there, not where the sweep
 * found the circle coming back. */
static void
touch_now (PhysCircleSegmentSweep *sw)
{
  sw->t = 0.0;
  sw->t_interior = 0.0;
  sw->center_at_t = sw->center;
  sw->along_at_t = sw->proj_along;
  sw->point = phys_v2_add_scaled (sw->a, sw->dir, sw->proj_along);
}

static void
test_circle_segment (Step *st, int i, int seg)
{
  const PhysSegment *g = &st->world->segments[seg];
  PhysReal r = st->world->circles[i].radius;
  if (st->world->circles[i].inv_mass == 0.0 || st->s->asleep[i])
    return;

  if (g->is_bound)
    {
      /* Walls are one-sided: a centre less than r inside (or outside) is embedded. */
      PhysVec2 p = position_at (st->s, i, st->now);
      PhysVec2 inward = phys_v2_left_normal (phys_v2_unit (phys_v2_sub (g->b, g->a)));
      PhysReal inside = phys_v2_dot (phys_v2_sub (p, g->a), inward);
      if (inside < r - EMBED_DEPTH * r)
        {
          push (st, st->now, PHYS_EVENT_EMBEDDED, PHYS_BODY_SEGMENT, i, seg);
          return;
        }
    }

  PhysCircleSegmentSweep sw = sweep_segment (st, i, seg, st->now);
  PhysReal speed = sqrt (phys_v2_len_sq (sw.v));
  if (sw.verdict == PHYS_VERDICT_OVERLAPPING)
    {
      if (segment_depth (&sw) > EMBED_DEPTH * r)
        push (st, st->now, PHYS_EVENT_EMBEDDED, PHYS_BODY_SEGMENT, i, seg);
      else if (!negligible_approach (st, -phys_v2_dot (sw.v, sw.normal), speed, r)
               || short_hop (phys_v2_dot (sw.v, sw.normal), speed,
                             press (st->s->acc[i], phys_v2 (0.0, 0.0), sw.normal)))
        push (st, st->now, PHYS_EVENT_CIRCLE_SEGMENT, PHYS_BODY_SEGMENT, i, seg);
      return;
    }
  if (sw.verdict != PHYS_VERDICT_HIT && sw.verdict != PHYS_VERDICT_AFTER_FRAME)
    return;
  PhysReal pressed = press (st->s->acc[i], phys_v2 (0.0, 0.0), sw.normal);
  /* Touching the line now (the centre exactly at its radius) and leaving it: the test
   * found the return, but a hop that comes back within REST_FLIGHT is the contact now,
   * at rest (docs/physics.md, resting contacts), not a bounce where it lands. The
   * teaching mode without the rest rule lets it fly. */
  if (sw.t > 0.0 && !st->world->def.modes.no_rest_rule && touching_and_leaving (&sw)
      && short_hop (phys_v2_dot (sw.v, sw.normal), speed, pressed))
    {
      push (st, st->now, PHYS_EVENT_CIRCLE_SEGMENT, PHYS_BODY_SEGMENT, i, seg);
      return;
    }
  PhysReal t = st->now + sw.t;
  if (t > 1.0)
    return;
  if (sw.t > 0.0 || !negligible_approach (st, -phys_v2_dot (sw.v, sw.normal), speed, r)
      || short_hop (phys_v2_dot (sw.v, sw.normal), speed, pressed))
    push (st, t, PHYS_EVENT_CIRCLE_SEGMENT, PHYS_BODY_SEGMENT, i, seg);
}

static void
visit_circle (void *ctx, int j)
{
  Step *st = ctx;
  if (j >= st->world->n_circles)
    phys_rigid_test_pair (st, st->self, j);
  else if (j != st->self && j != st->skip && !st->s->done[j])
    test_circle_pair (st, st->self, j);
}

static void
visit_segment (void *ctx, int seg)
{
  Step *st = ctx;
  if (!phys_aabb_overlaps (st->s->box[st->self], st->s->seg_box[seg]))
    return;
  test_circle_segment (st, st->self, seg);
}

/* Tests circle i against the segments and walls it might meet. */
static void
test_circle_static (Step *st, int i)
{
  const PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  st->self = i;
  phys_grid_query_segments (&s->grid, s->box[i], visit_segment, st);
  if (world->def.has_bounds)
    {
      const PhysAabb *b = &world->def.bounds;
      const PhysAabb *box = &s->box[i];
      /* Walls 0..3 are left, top, right, bottom. */
      if (box->min.x <= b->min.x)
        test_circle_segment (st, i, 0);
      if (box->min.y <= b->min.y)
        test_circle_segment (st, i, 1);
      if (box->max.x >= b->max.x)
        test_circle_segment (st, i, 2);
      if (box->max.y >= b->max.y)
        test_circle_segment (st, i, 3);
    }
  if (st->rigid)
    phys_rigid_test_circle_curves (st, i);
}

/* Tests circle i against everything it might meet from st->now on. */
static void
test_circle (Step *st, int i, int skip)
{
  st->self = i;
  st->skip = skip;
  phys_grid_query (&st->s->grid, st->s->box[i], visit_circle, st);
  test_circle_static (st, i);
}

void
phys_step_test_circle (Step *st, int i, int skip)
{
  test_circle (st, i, skip);
}

/* The frame's first pass over circle pairs: every pair once, until the frame's budget
 * of tests is spent (the frame then stops at the cap: listing the rest of a heap of
 * coincident circles would cost n^2 for nothing). */
static bool
visit_pair (void *ctx, int i, int j)
{
  Step *st = ctx;
  const PhysStepScratch *s = st->s;
  st->world->grid_pairs++;
  if (i >= st->world->n_circles || j >= st->world->n_circles)
    phys_rigid_test_pair (st, i, j);
  else if (!(s->done[i] || s->done[j] || (s->asleep[i] && s->asleep[j])))
    test_circle_pair (st, i, j);
  return st->tests <= st->test_cap;
}

/* After circle i's path changed at time now. */
static void
path_changed (Step *st, int i)
{
  PhysStepScratch *s = st->s;
  s->version[i]++;
  if (s->done[i])
    {
      phys_grid_remove (&s->grid, i);
      return;
    }
  s->box[i] = remaining_box (st->world, s, i);
  phys_grid_place (&s->grid, i, s->box[i]);
  if (s->any_held_fric && s->held_fric[i].roll_t >= 0.0)
    push (st, s->held_fric[i].roll_t, ROLL_CANDIDATE, PHYS_BODY_SEGMENT, i, -1);
}

void
phys_step_path_changed (Step *st, int i)
{
  path_changed (st, i);
}

/* Sets circle i's velocity (world units per time unit) from time tau on. */
static void
set_velocity (Step *st, int i, PhysVec2 before, PhysVec2 after)
{
  PhysStepScratch *s = st->s;
  PhysReal dt = st->world->def.dt;
  st->moved = phys_v2_add_scaled (st->moved, phys_v2_sub (after, before),
                                  st->world->circles[i].mass);
  if (s->trail[i].pinned)
    {
      /* Stands still for the rest of the frame; the velocity it leaves with changes. */
      s->end_vel[i] = phys_v2_add (s->end_vel[i], phys_v2_sub (after, before));
      return;
    }
  s->rate[i] = phys_v2_scale (after, dt);
  /* Without forces the end velocity is the path's; with forces, keep what the
   * integrator added over the frame on top of the change (a parabola's is read at the
   * frame's end from its path). */
  s->end_vel[i] = st->has_forces ? phys_v2_add (s->end_vel[i], phys_v2_sub (after, before)) : after;
}

static void release_departures (Step *st, int x);
static void solve_seeded (Step *st);

void
phys_step_set_velocity (Step *st, int i, PhysVec2 before, PhysVec2 after)
{
  set_velocity (st, i, before, after);
  /* An answer by a rigid body may part the circle from what held it up, as a circle's may. */
  release_departures (st, i);
  solve_seeded (st);
}

static PhysVec2
velocity_of (const Step *st, int i)
{
  return phys_v2_scale (st->s->rate[i], 1.0 / st->world->def.dt);
}

/* Circle i's angular velocity (per time unit) now: as for its velocity, the rate of its turn
 * over the frame (the integrator's, or what friction changed it to). */
static PhysReal
spin_of (const Step *st, int i)
{
  if (st->rigid)
    return phys_rigid_circle_spin (st, i);
  const Trail *tr = &st->s->trail[i];
  PhysReal turn = tr->spin_tau >= 0.0 ? tr->spin : st->s->paths.circle_turn[i];
  /* Friction while held turns it ever faster or slower (spin_acc per frame^2). */
  PhysReal spin_acc = st->s->held_fric[i].spin_acc;
  if (spin_acc != 0.0)
    turn += spin_acc * (st->event_t - tr->spin_tau);
  return turn / st->world->def.dt;
}

/* Circle i's turn state at time t from then on: what it turned up to t (turned), its rate
 * then (spin, per frame), spin_tau = t. */
static void
advance_turn (PhysStepScratch *s, int i, PhysReal t)
{
  Trail *tr = &s->trail[i];
  if (tr->spin_tau < 0.0)
    {
      tr->spin_tau = 0.0;
      tr->turned = 0.0;
      tr->spin = s->paths.circle_turn[i];
    }
  PhysReal h = t - tr->spin_tau, spin_acc = s->held_fric[i].spin_acc;
  tr->turned += tr->spin * h;
  if (spin_acc != 0.0)
    {
      tr->turned += 0.5 * spin_acc * h * h;
      tr->spin += spin_acc * h;
    }
  tr->spin_tau = t;
}

/* Sets circle i's angular velocity from time t on (friction with spin). */
static void
set_spin (Step *st, int i, PhysReal t, PhysReal before, PhysReal after)
{
  if (after == before)
    return;
  if (st->rigid)
    {
      phys_rigid_circle_set_spin (st, i, t, before, after);
      return;
    }
  PhysStepScratch *s = st->s;
  Trail *tr = &s->trail[i];
  advance_turn (s, i, t);
  tr->spin = after * st->world->def.dt;
  s->paths.circle_end_spin[i] += after - before;
}

/* Circle i's turn from the frame's start to t. */
static PhysReal
turn_at (const PhysStepScratch *s, int i, PhysReal t)
{
  const Trail *tr = &s->trail[i];
  if (tr->spin_tau < 0.0)
    return s->paths.circle_turn[i] * t;
  if (t <= tr->spin_tau)
    return tr->turned * (tr->spin_tau > 0.0 ? t / tr->spin_tau : 0.0);
  PhysReal h = t - tr->spin_tau, spin_acc = s->held_fric[i].spin_acc;
  if (spin_acc != 0.0)
    return tr->turned + tr->spin * h + 0.5 * spin_acc * h * h;
  return tr->turned + tr->spin * h;
}

/* A collision inverse inertia: 0 when the circle cannot move now (fixed or asleep). */
static PhysReal
inv_inertia_of (const Step *st, int i)
{
  return inv_mass_of (st, i) > 0.0 ? st->world->circles[i].inv_inertia : 0.0;
}

static bool
recent (const PhysStepScratch *s, int i, PhysReal t)
{
  return s->trail[i].last_t >= 0.0 && t - s->trail[i].last_t <= CLUSTER_TIME;
}

/* Restitution for a contact of normal speed vn (world units per time unit, > 0
 * approaching) pressed together by the normal acceleration `pressed` (world units per
 * frame^2, > 0 pressing), and whether it comes to rest (e taken as 0):
 *  - pressed (gravity holds the bodies together): when the next bounce, leaving at
 *    e vn, would come back within REST_FLIGHT frames (2 e vn dt < REST_FLIGHT
 *    pressed): inelastic collapse resolved, the contact rests;
 *  - on straight paths (a movable circle of the contact, a and b, b < 0 for a segment,
 *    is under other forces than gravity) the older rule: below rest_speed. A contact on
 *    parabolas that gravity does not press (a side wall, two circles in flight) answers
 *    with its e: nothing collapses there (tests/reference found the older rule stopping
 *    slow ones dead);
 *  - a repeat within a cluster of circles (see CLUSTER_TIME).
 * The last two only when e < 1: elastic chains pass momentum on and end by themselves. */
static PhysReal
contact_restitution (const Step *st, PhysReal e, PhysReal vn, PhysReal pressed, int a, int b,
                     bool repeat, bool *resting)
{
  PhysReal dt = st->world->def.dt;
  *resting = false;
  /* The teaching mode: every bounce answered with its e, however short the next
   * flight; a ball under gravity then makes ever more bounces a frame (Zeno) until
   * the event cap stops the frame. */
  if (st->world->def.modes.no_rest_rule)
    return e;
  if (vn < 0.0)
    {
      /* Leaving, but pulled back within REST_FLIGHT: a hop too short to be one. */
      *resting = pressed > 0.0 && -2.0 * vn * dt < REST_FLIGHT * pressed;
      return *resting ? 0.0 : e;
    }
  if (pressed > 0.0)
    *resting = 2.0 * e * vn * dt < REST_FLIGHT * pressed;
  else if (pressed == 0.0)
    *resting = e < 1.0 && vn > 0.0 && vn < st->world->def.rest_speed
               && (on_straight_path (st, a) || (b >= 0 && on_straight_path (st, b)));
  *resting = *resting || (e < 1.0 && vn > 0.0 && repeat);
  return *resting ? 0.0 : e;
}

/* True when circle i rests on a surface that a push along `push` presses it into: the
 * push goes on into that surface. */
static bool
grounded (const PhysStepScratch *s, int i, PhysVec2 push)
{
  for (int k = 0; k < s->n_sup[i]; k++)
    if (phys_v2_dot (push, s->sup_n[2 * i + k]) < 0.0)
      return true;
  return false;
}

/* True when circle i rests on a surface of normal n (from the surface towards the circle). */
static bool
held_by (const PhysStepScratch *s, int i, PhysVec2 n)
{
  for (int k = 0; k < s->n_sup[i]; k++)
    if (phys_v2_dot (n, s->sup_n[2 * i + k]) > 1.0 - 1e-12)
      return true;
  return false;
}

/* True when circle i moves neither into nor off any surface it rests on (its velocity and
 * acceleration along their normals are rounding): what it passes on into them does no work,
 * so it may stand as ground for a circle pressed onto it (see hold_pair). */
static bool
ground_still (const PhysStepScratch *s, int i)
{
  PhysReal speed = phys_v2_len (s->rate[i]), acc = phys_v2_len (s->acc[i]);
  for (int k = 0; k < s->n_sup[i]; k++)
    {
      PhysVec2 sigma = s->sup_n[2 * i + k];
      if (leaving (fabs (phys_v2_dot (s->rate[i], sigma)), speed)
          || fabs (phys_v2_dot (s->acc[i], sigma)) > HOLD_BALANCE * acc)
        return false;
    }
  return true;
}

/* True when circle i stands as ground under a push along `push`: it does not accelerate, moves
 * neither into nor off its supports, and they take the whole push (one support along its
 * normal, or two whose normals span it): the push changes no acceleration, there or below. */
static bool
stands_under (const PhysStepScratch *s, int i, PhysVec2 push)
{
  if (s->acc[i].x != 0.0 || s->acc[i].y != 0.0 || s->n_sup[i] == 0 || !ground_still (s, i))
    return false;
  PhysVec2 s1 = s->sup_n[2 * i], s2 = s->n_sup[i] == 2 ? s->sup_n[2 * i + 1] : s1;
  PhysReal size = phys_v2_len (push);
  PhysReal c = phys_v2_cross (s1, s2);
  if (fabs (c) <= 1e-9)
    return phys_v2_dot (push, s1) < 0.0 && fabs (phys_v2_cross (push, s1)) <= HOLD_BALANCE * size;
  /* push = -a s1 - b s2 with a, b >= 0. */
  PhysReal a = -phys_v2_cross (push, s2) / c, b = -phys_v2_cross (s1, push) / c;
  return a >= -HOLD_BALANCE * size && b >= -HOLD_BALANCE * size;
}

/* True when circle i, resting on the ground, takes a press along `push` as ground in the
 * quick rule of hold_pair: it moves neither into nor off its supports, and on two of them
 * they span the press (on one it slides along it). */
static bool
takes_press (const PhysStepScratch *s, int i, PhysVec2 push)
{
  return ground_still (s, i) && (s->n_sup[i] == 1 || stands_under (s, i, push));
}

/* ---- holds: the resting contacts of the frame, solved together ------------------- */

/* The hold after k in circle x's list. */
static inline int
next_hold (const PhysStepScratch *s, int k, int x)
{
  const Hold *h = &s->holds[k];
  return h->next[h->i == x ? 0 : 1];
}

/* Circle i is held against circle j (or segment seg when j < 0) along n (unit, towards i)
 * from now on: the contact joins both circles' holds, or renews its normal when it holds them
 * already. i_pushed and j_pushed say whose acceleration now carries its push (j's: the
 * reaction); a hold made by one circle's answer alone leaves the other's as it was. */
static void
note_hold (Step *st, int i, int j, int seg, PhysVec2 n, bool i_pushed, bool j_pushed)
{
  PhysStepScratch *s = st->s;
  for (int k = s->trail[i].holds; k >= 0; k = next_hold (s, k, i))
    {
      Hold *h = &s->holds[k];
      bool same = j < 0 ? h->j < 0 && h->seg == seg : (h->i == i ? h->j : h->i) == j;
      if (h->live && same)
        {
          bool forward = h->i == i;
          h->n = forward ? n : phys_v2_neg (n);
          h->pushes[forward ? 0 : 1] |= i_pushed;
          h->pushes[forward ? 1 : 0] |= j_pushed;
          return;
        }
    }
  if (s->n_holds == s->cap_holds)
    {
      s->cap_holds = s->cap_holds > 0 ? 2 * s->cap_holds : 256;
      s->holds = xrealloc (s->holds, (size_t) s->cap_holds, sizeof *s->holds);
    }
  int k = s->n_holds++;
  s->holds[k] = (Hold) { .i = i, .j = j, .seg = j < 0 ? seg : -1, .n = n,
                         .next = { s->trail[i].holds, j >= 0 ? s->trail[j].holds : -1 },
                         .pushes = { i_pushed, j_pushed }, .live = true };
  s->trail[i].holds = k;
  if (j >= 0)
    s->trail[j].holds = k;
}

/* How fast a hold's contact opens (per frame^2, > 0 apart) with the accelerations as they
 * are, and the size of those accelerations. */
static PhysReal
hold_opening (const PhysStepScratch *s, const Hold *h, PhysReal *scale)
{
  PhysVec2 ai = s->acc[h->i], aj = h->j >= 0 ? s->acc[h->j] : phys_v2 (0.0, 0.0);
  PhysReal r = phys_v2_dot (phys_v2_sub (ai, aj), h->n);
  if (r != 0.0)
    *scale = phys_v2_len (ai) + phys_v2_len (aj);
  return r;
}

/* A hold lets go. The surfaces its circles rest on (sup_n) are forgotten with it: a circle
 * must not be held still, nor stand as ground, by a contact that no longer holds (its push
 * would be kept with nothing to take it). */
static void
release_hold (PhysStepScratch *s, Hold *h)
{
  h->live = false;
  s->n_sup[h->i] = 0;
  if (h->j >= 0)
    s->n_sup[h->j] = 0;
}

/* True when every hold of circle x keeps its contact shut: none opens (the push would do
 * work) or closes (it should push harder) by more than rounding. */
static bool
holds_balanced (const PhysStepScratch *s, int x)
{
  for (int k = s->trail[x].holds; k >= 0; k = next_hold (s, k, x))
    {
      const Hold *h = &s->holds[k];
      PhysReal scale = 0.0;
      if (h->live && fabs (hold_opening (s, h, &scale)) > HOLD_BALANCE * scale)
        return false;
    }
  return true;
}

/* True when circle x takes part in a solve of holds: it can move (a sleeping, pinned or
 * finished circle stands as the ground does). */
static bool
hold_movable (const Step *st, int x)
{
  return inv_mass_of (st, x) > 0.0 && !st->s->trail[x].pinned && !st->s->done[x];
}

static void
seed_holds (Step *st, int x)
{
  push_index (&st->seeds, &st->n_seeds, &st->cap_seeds, x);
}

/* Circle x's acceleration changed in the answer being handled, though it is not one of that
 * answer's circles: finish_answer tests it again (once). */
static void
note_changed (Step *st, int x)
{
  if (st->s->changed_at[x] == st->s->answer_stamp)
    return;
  st->s->changed_at[x] = st->s->answer_stamp;
  push_index (&st->changed, &st->n_changed, &st->cap_changed, x);
}

/* Solves the holds of the clusters of the seeded circles together (docs/physics.md, stacks):
 * the circles joined to them by holds, transitively, with every hold they take part in,
 * except that a circle standing as ground under a hold's push ends the cluster there (a
 * stack solved from its top does not solve the tower below). Their accelerations become the
 * answer of phys_hold_system_solve, from their free ones (gravity's, base_acc), and a hold
 * that does not push while its contact opens lets go. The circles whose acceleration this
 * changes are moved to the event's moment and begin a new hold; those other than the event's
 * own are tested again in finish_answer. A cluster of more than HOLD_CLUSTER_MAX holds is
 * left as the answers made it. */
static void
solve_holds (Step *st)
{
  PhysStepScratch *s = st->s;
  PhysHoldSystem *sys = &s->system;
  int stamp = ++st->stamp;
  int n = 0, m = 0, ends = 0;
  for (int q = 0; q < st->n_seeds; q++)
    {
      int x = st->seeds[q];
      if (s->trail[x].mark == stamp || !hold_movable (st, x))
        continue;
      s->trail[x].mark = stamp;
      push_index (&s->members, &n, &s->cap_members, x);
    }
  st->n_seeds = 0;
  for (int q = 0; q < n && m <= HOLD_CLUSTER_MAX; q++)
    {
      int x = s->members[q];
      s->slot[x] = q;
      for (int k = s->trail[x].holds; k >= 0; k = next_hold (s, k, x))
        {
          Hold *h = &s->holds[k];
          if (!h->live)
            continue;
          ends++;
          if (h->mark == stamp)
            continue;
          h->mark = stamp;
          h->slot = m;
          push_index (&s->gathered, &m, &s->cap_gathered, k);
          int y = h->i == x ? h->j : h->i;
          PhysVec2 on_y = h->i == x ? phys_v2_neg (h->n) : h->n;
          if (y >= 0 && s->trail[y].mark != stamp && hold_movable (st, y)
              && !stands_under (s, y, on_y))
            {
              s->trail[y].mark = stamp;
              push_index (&s->members, &n, &s->cap_members, y);
            }
        }
    }
  /* Nothing that can move (a stopped cluster's seeds), or too large a cluster. */
  if (n == 0 || m > HOLD_CLUSTER_MAX)
    return;

  phys_hold_system_reserve (sys, m, n, ends);
  sys->n_holds = m;
  sys->n_bodies = n;
  int e = 0;
  for (int q = 0; q < n; q++)
    {
      int x = s->members[q];
      sys->free_acc[q] = s->base_acc[x];
      sys->inv_mass[q] = inv_mass_of (st, x);
      sys->body_start[q] = e;
      for (int k = s->trail[x].holds; k >= 0; k = next_hold (s, k, x))
        if (s->holds[k].live)
          {
            sys->body_hold[e] = s->holds[k].slot;
            sys->body_sign[e++] = s->holds[k].i == x ? 1.0 : -1.0;
          }
    }
  sys->body_start[n] = e;
  for (int k = 0; k < m; k++)
    {
      const Hold *h = &s->holds[s->gathered[k]];
      sys->normal[k] = h->n;
      for (int side = 0; side < 2; side++)
        {
          int c = side == 0 ? h->i : h->j;
          bool member = c >= 0 && s->trail[c].mark == stamp;
          sys->end[2 * k + side] = member ? s->slot[c] : -1;
          sys->end_acc[2 * k + side] = c >= 0 && !member ? s->acc[c] : phys_v2 (0.0, 0.0);
        }
    }
  phys_hold_system_solve (sys);

  PhysReal t = st->event_t;
  for (int q = 0; q < n; q++)
    {
      int c = s->members[q];
      PhysVec2 a = sys->acc[q];
      if (a.x == s->acc[c].x && a.y == s->acc[c].y)
        continue;
      if (s->tau[c] < t)
        move_clock (s, c, t, position_at (s, c, t));
      begin_hold (st, c);
      s->acc[c] = a;
      note_changed (st, c);
    }
  /* What each member now rests on (sup_n): the two holds that push it hardest against its
   * free acceleration, so that a circle coming to rest on a stack that stands still is held
   * by the quick rule of hold_pair instead of a solve of the whole stack. */
  for (int q = 0; q < n; q++)
    {
      int c = s->members[q], count = 0;
      PhysReal best[2] = { 0.0, 0.0 };
      for (int x = sys->body_start[q]; x < sys->body_start[q + 1]; x++)
        {
          int k = sys->body_hold[x];
          PhysVec2 toward = phys_v2_scale (sys->normal[k], sys->body_sign[x]);
          if (sys->push[k] <= 0.0 || phys_v2_dot (toward, sys->free_acc[q]) >= 0.0)
            continue;
          int slot = count < 2 ? count++ : (best[0] <= best[1] ? 0 : 1);
          if (best[slot] < sys->push[k])
            {
              best[slot] = sys->push[k];
              s->sup_n[2 * c + slot] = toward;
            }
        }
      s->n_sup[c] = count;
    }
  /* Every push is now its members' (action and reaction; a circle that stands does not feel
   * it); a hold that does not push while its contact opens lets go. */
  for (int k = 0; k < m; k++)
    {
      Hold *h = &s->holds[s->gathered[k]];
      h->pushes[0] = sys->end[2 * k] >= 0;
      h->pushes[1] = sys->end[2 * k + 1] >= 0;
      if (sys->push[k] == 0.0 && sys->opening[k] > sys->tol)
        release_hold (s, h);
    }
}

/* After answers changed circle x's velocity: a hold of x whose contact now opens faster than
 * rounding (a real departure, see leaving) lets go, and the circles it held are solved again
 * (x too, when it lost one). An answer at rest leaves a normal speed of rounding, about
 * 1e-18: that is no departure (the circle would be let go and held again at once, while the
 * neighbour under it took the push again, once per answer). */
static void
release_departures_of (Step *st, int x)
{
  PhysStepScratch *s = st->s;
  if (s->trail[x].pinned)
    return;
  for (int k = s->trail[x].holds; k >= 0; k = next_hold (s, k, x))
    {
      Hold *h = &s->holds[k];
      if (!h->live)
        continue;
      PhysVec2 v = rate_at (s, h->i, st->event_t);
      if (h->j >= 0)
        v = phys_v2_sub (v, rate_at (s, h->j, st->event_t));
      if (!leaving (phys_v2_dot (v, h->n), phys_v2_len (v)))
        continue;
      /* Whose acceleration carried its push is solved again: not one that stood under a
       * circle that bounced off (it never felt it), nor one that stands still on ground that
       * took the push (it stands still without it too). */
      bool forward = h->i == x;
      int y = forward ? h->j : h->i;
      bool y_stands = y >= 0 && stands_under (s, y, forward ? phys_v2_neg (h->n) : h->n);
      bool x_pushed = h->pushes[forward ? 0 : 1], y_pushed = h->pushes[forward ? 1 : 0];
      release_hold (s, h);
      if (x_pushed)
        seed_holds (st, x);
      if (y >= 0 && y_pushed && !y_stands)
        seed_holds (st, y);
    }
}

/* The same, at no cost for a circle that holds nothing (most answers of a gas). */
static inline void
release_departures (Step *st, int x)
{
  if (st->s->trail[x].holds >= 0)
    release_departures_of (st, x);
}

/* Solves the clusters seeded since the last solve, if any. */
static void
solve_seeded (Step *st)
{
  if (st->n_seeds > 0)
    solve_holds (st);
}

/* After holds changed the accelerations of circles a and b (b < 0: a alone): when a hold of
 * either is now out of balance (another hold of the cluster changed what it held), the
 * cluster's holds are solved together. */
static void
balance_holds (Step *st, int a, int b)
{
  const PhysStepScratch *s = st->s;
  bool a_ok = holds_balanced (s, a), b_ok = b < 0 || holds_balanced (s, b);
  if (a_ok && b_ok)
    return;
  seed_holds (st, a);
  if (b >= 0)
    seed_holds (st, b);
  solve_holds (st);
}

/* Circle i rests on a surface of normal n (unit, towards the circle) from its clock
 * on: the part of its acceleration into the surface is what the surface holds up.
 * Resting on two surfaces whose holds would undo each other (a ball in a V), it is
 * held still. The surface is circle j's (moving along n at floor_an per frame^2), or
 * segment seg's when j < 0. */
static void
support_moving (Step *st, int i, int j, int seg, PhysVec2 n, PhysReal floor_an)
{
  PhysStepScratch *s = st->s;
  drop_held_friction (st, i, st->event_t);
  PhysVec2 a = s->acc[i];
  PhysReal an = phys_v2_dot (a, n) - floor_an;
  if (an >= 0.0)
    return;
  note_hold (st, i, j, seg, n, true, false);
  begin_hold (st, i);
  PhysVec2 along = phys_v2_add_scaled (a, n, -an);
  int k = s->n_sup[i];
  if (k > 0)
    {
      PhysVec2 m = s->sup_n[2 * i + k - 1];
      if (phys_v2_dot (along, m) < 0.0)
        along = phys_v2 (0.0, 0.0);
    }
  s->acc[i] = along;
  s->sup_n[2 * i + (k > 0 ? 1 : 0)] = n;
  s->n_sup[i] = k > 0 ? 2 : 1;
}

static void
support (Step *st, int i, int seg, PhysVec2 n)
{
  support_moving (st, i, -1, seg, n, 0.0);
}

/* ---- friction while held (docs/physics.md) ------------------------------------------- */

/* True when friction while held applies to circle i (circle-only worlds): it is held by one
 * live hold, on a segment (seg, normal n), with mu > 0, and gravity presses it on (press per
 * frame^2). Stacks and circles on two supports slide on without it. */
static bool
held_on_one_segment (const Step *st, int i, PhysVec2 *n, PhysReal *mu, PhysReal *press)
{
  const PhysStepScratch *s = st->s;
  const PhysCircle *c = &st->world->circles[i];
  if (st->rigid || !(c->friction > 0.0) || s->n_sup[i] != 1 || s->done[i] || s->standing[i]
      || s->asleep[i] || s->trail[i].pinned)
    return false;
  int seg = -1, count = 0;
  for (int k = s->trail[i].holds; k >= 0; k = next_hold (s, k, i))
    if (s->holds[k].live)
      {
        const Hold *h = &s->holds[k];
        if (++count > 1 || h->j >= 0 || h->seg < 0 || h->i != i)
          return false;
        seg = h->seg;
        *n = h->n;
      }
  if (seg < 0)
    return false;
  *mu = sqrt (c->friction * st->world->segments[seg].friction);
  *press = -phys_v2_dot (s->base_acc[i], *n);
  return *mu > 0.0 && *press > 0.0;
}

/* Adds what friction took from circle i while it slid (from hf->t to t) to the event its hold
 * records (m |f| times the mean slip times the time; the slip is linear in between and keeps
 * its sign), and moves its t and slip there. */
static void
note_held_friction (Step *st, int i, PhysReal t)
{
  HoldFriction *hf = &st->s->held_fric[i];
  PhysReal h = t - hf->t;
  if (hf->slide > 0.0 && h > 0.0)
    {
      PhysReal s1 = hf->slip + hf->slip_rate * h;
      PhysReal dt = st->world->def.dt;
      PhysReal removed = st->world->circles[i].mass * hf->slide * 0.5
                         * (fabs (hf->slip) + fabs (s1)) * h / (dt * dt);
      long at = st->s->trail[i].hold_event;
      if (st->log != NULL && at >= 0 && (size_t) at < st->log->count)
        st->log->events[at].held_friction += removed;
      hf->slip = s1;
    }
  hf->t = t;
}

/* Takes friction while held off circle i at time t: what it took is recorded, what held the
 * circle so far too (its hold's event), and the circle's acceleration and spin go back to
 * those of a frictionless hold. */
static void
drop_held_friction_on (Step *st, int i, PhysReal t)
{
  PhysStepScratch *s = st->s;
  HoldFriction *hf = &s->held_fric[i];
  if (s->tau[i] < t)
    move_clock (s, i, t, position_at (s, i, t));
  note_held_friction (st, i, t);
  close_hold (st, i, t);
  advance_turn (s, i, t);
  s->paths.circle_end_spin[i] -= hf->spin_acc * (1.0 - t) / st->world->def.dt;
  s->acc[i] = phys_v2_sub (s->acc[i], hf->acc);
  *hf = FRESH_HOLD_FRICTION;
}

/* Friction while held on circle i from time t on (after an answer, new_hold: the event being
 * handled records the hold from now on; else the hold's event goes on): kinetic friction
 * against its slip, or the friction that keeps it rolling (phys_friction_held()). */
static void
apply_held_friction (Step *st, int i, PhysReal t, bool new_hold)
{
  PhysStepScratch *s = st->s;
  drop_held_friction (st, i, t);
  PhysVec2 n;
  PhysReal mu, press;
  if (!held_on_one_segment (st, i, &n, &mu, &press))
    return;
  const PhysCircle *c = &st->world->circles[i];
  Trail *tr = &s->trail[i];
  PhysVec2 tv = phys_v2 (-n.y, n.x);
  PhysReal vt = phys_v2_dot (rate_at (s, i, t), tv);
  PhysReal w = tr->spin_tau < 0.0 ? s->paths.circle_turn[i] : tr->spin;
  PhysReal wr = w * c->radius, slip = vt - wr;
  if (fabs (slip) <= ROLLING_SLIP * (fabs (vt) + fabs (wr)))
    slip = 0.0;
  PhysHeldFriction h = phys_friction_held (slip, press, phys_v2_dot (s->acc[i], tv), mu,
                                           c->radius, c->mass, c->inv_inertia);
  if (h.f == 0.0)
    return;
  if (s->tau[i] < t)
    move_clock (s, i, t, position_at (s, i, t));
  if (new_hold)
    begin_hold (st, i);
  else
    close_hold (st, i, t);
  advance_turn (s, i, t);
  HoldFriction *hf = &s->held_fric[i];
  hf->spin_acc = h.spin_acc;
  s->paths.circle_end_spin[i] += h.spin_acc * (1.0 - t) / st->world->def.dt;
  hf->acc = phys_v2_scale (tv, h.f);
  s->acc[i] = phys_v2_add (s->acc[i], hf->acc);
  hf->on = true;
  s->any_held_fric = true;
  hf->t = t;
  hf->slip = slip;
  hf->slip_rate = h.slip_rate;
  hf->slide = h.sliding ? fabs (h.f) : 0.0;
  hf->roll_t = h.t_roll >= 0.0 && t + h.t_roll <= 1.0 ? t + h.t_roll : -1.0;
}

/* The same after an answer, at no cost for a circle without friction (every circle of the
 * seeds). */
static inline void
held_friction_after_answer (Step *st, int i, PhysReal t)
{
  if (st->world->circles[i].friction > 0.0 || (st->s->any_held_fric && st->s->held_fric[i].on))
    apply_held_friction (st, i, t, true);
}

/* The instant circle i's slip reaches 0 while held: from then on it rolls (its spin set to
 * its speed over its radius, exactly no slip), or slides the other way if friction cannot
 * hold it rolling. The hold's event records the instant. */
static void
handle_roll (Step *st, const Candidate *c)
{
  PhysStepScratch *s = st->s;
  int i = c->a;
  PhysReal t = c->t;
  Trail *tr = &s->trail[i];
  PhysVec2 n;
  PhysReal mu, press;
  if (!s->held_fric[i].on || !held_on_one_segment (st, i, &n, &mu, &press))
    return;
  drop_held_friction (st, i, t);
  PhysVec2 tv = phys_v2 (-n.y, n.x);
  PhysReal w = phys_v2_dot (s->rate[i], tv) / st->world->circles[i].radius;
  s->paths.circle_end_spin[i] += (w - tr->spin) / st->world->def.dt;
  tr->spin = w;
  long at = tr->hold_event;
  if (st->log != NULL && at >= 0 && (size_t) at < st->log->count)
    {
      st->log->events[at].rolled = true;
      st->log->events[at].rolled_t = t;
    }
  apply_held_friction (st, i, t, false);
  path_changed (st, i);
  st->now = t;
  test_circle (st, i, -1);
}

/* A circle resting on the ground can still slide along it: pushed along n, it moves
 * along the tangent tau of its one support, as if its inverse mass along n were
 * inv_mass (n.tau)^2. On two supports it cannot move (0). Returns that fraction. */
static PhysReal
ground_mobility (const PhysStepScratch *s, int i, PhysVec2 n, PhysVec2 *tau)
{
  *tau = phys_v2 (0.0, 0.0);
  if (s->n_sup[i] != 1)
    return 0.0;
  PhysVec2 sigma = s->sup_n[2 * i];
  *tau = phys_v2 (-sigma.y, sigma.x);
  PhysReal along = phys_v2_dot (n, *tau);
  return along * along;
}

/* Two touching circles at rest against each other, pressed together by their
 * accelerations. What stands on the ground (an immovable body, or a circle resting
 * on a surface the press pushes it into) holds the other up like the ground: the force
 * goes down the chain into the ground, as in a real stack, one answer per contact.
 * Two free circles share the acceleration along the normal n (a to b) in inverse mass
 * proportion, so they stay touching: an internal force, momentum kept. */
static void
hold_pair (Step *st, int a, int b, PhysVec2 n, PhysReal ia, PhysReal ib)
{
  PhysStepScratch *s = st->s;
  drop_held_friction (st, a, st->event_t);
  drop_held_friction (st, b, st->event_t);
  PhysReal pressed = phys_v2_dot (phys_v2_sub (s->acc[a], s->acc[b]), n);
  if (pressed <= 0.0 || ia + ib <= 0.0)
    return;
  /* A pair the answer left parting (a circle standing on moving ground keeps its motion off
   * that ground) is not held: a push would do work as it parts. */
  PhysVec2 apart = phys_v2_sub (s->rate[b], s->rate[a]);
  if (leaving (phys_v2_dot (apart, n), phys_v2_len (apart)))
    return;
  /* Standing on ground that moves into or off what holds it, or on two supports that do not
   * span the press (it would slide off one), the pair's press does not stop there: the
   * cluster's holds are solved together. */
  bool b_ground = ia > 0.0 && ib > 0.0 && grounded (s, b, n);
  bool a_ground = ia > 0.0 && ib > 0.0 && !b_ground && grounded (s, a, phys_v2_neg (n));
  if ((b_ground && !takes_press (s, b, n)) || (a_ground && !takes_press (s, a, phys_v2_neg (n))))
    {
      note_hold (st, a, b, -1, phys_v2_neg (n), true, true);
      seed_holds (st, a);
      seed_holds (st, b);
      solve_holds (st);
      return;
    }
  begin_hold (st, a);
  begin_hold (st, b);
  /* The one held up follows the ground's acceleration along the normal (a ball on a
   * slope rolling into it pushes it along). */
  PhysVec2 tau;
  if (ib == 0.0 || ia == 0.0)
    {
      if (ib == 0.0)
        support_moving (st, a, b, -1, phys_v2_neg (n), -phys_v2_dot (s->acc[b], n));
      else
        support_moving (st, b, a, -1, n, phys_v2_dot (s->acc[a], n));
    }
  else if (b_ground)
    {
      /* The ground takes the part of the press along b's support; b slides along it. */
      PhysReal kb = ib * ground_mobility (s, b, n, &tau);
      PhysReal f = pressed / (ia + kb);
      PhysReal slide = f * ib * phys_v2_dot (n, tau);
      note_hold (st, a, b, -1, phys_v2_neg (n), true, slide != 0.0);
      s->acc[a] = phys_v2_add_scaled (s->acc[a], n, -f * ia);
      s->acc[b] = phys_v2_add_scaled (s->acc[b], tau, slide);
      s->sup_n[2 * a + (s->n_sup[a] > 0 ? 1 : 0)] = phys_v2_neg (n);
      s->n_sup[a] = s->n_sup[a] > 0 ? 2 : 1;
    }
  else if (a_ground)
    {
      PhysReal ka = ia * ground_mobility (s, a, phys_v2_neg (n), &tau);
      PhysReal f = pressed / (ka + ib);
      PhysReal slide = -f * ia * phys_v2_dot (n, tau);
      note_hold (st, a, b, -1, phys_v2_neg (n), slide != 0.0, true);
      s->acc[b] = phys_v2_add_scaled (s->acc[b], n, f * ib);
      s->acc[a] = phys_v2_add_scaled (s->acc[a], tau, slide);
      s->sup_n[2 * b + (s->n_sup[b] > 0 ? 1 : 0)] = n;
      s->n_sup[b] = s->n_sup[b] > 0 ? 2 : 1;
    }
  else
    {
      note_hold (st, a, b, -1, phys_v2_neg (n), true, true);
      s->acc[a] = phys_v2_add_scaled (s->acc[a], n, -pressed * ia / (ia + ib));
      s->acc[b] = phys_v2_add_scaled (s->acc[b], n, pressed * ib / (ia + ib));
    }
  /* Held still by its own supports (a ball wedged in a V), the one held up cannot give
   * way: then it holds the other. */
  /* A press the answer above left at rounding level is no press: holding the other still
   * against it would stop a circle that can give way (and drop the reaction). */
  if (press (s->acc[b], s->acc[a], n) > 0.0 && ib > 0.0)
    support_moving (st, b, a, -1, n, phys_v2_dot (s->acc[a], n));
  if (press (s->acc[b], s->acc[a], n) > 0.0 && ia > 0.0)
    support_moving (st, a, b, -1, phys_v2_neg (n), -phys_v2_dot (s->acc[b], n));
  balance_holds (st, ia > 0.0 ? a : b, ia > 0.0 && ib > 0.0 ? b : -1);
}

/* A sleeper woken at the event's moment. In a world of gravity alone it falls from then on,
 * as it would have flown its parabola awake: floating for the rest of the frame while it
 * moves (up, after a hit) would give it energy from nowhere. Its holds are solved again (what
 * rested on it now rests on something that falls). The frame's momentum balance counts
 * gravity only on the circles awake when it began (m_awake g dt): the waking event records
 * the rest of this one's fall, m g (1 - t) dt, as momentum handed back (taken, negative).
 * Under other forces it stands still until the next frame integrates it. */
static void
wake_one (Step *st, int j)
{
  PhysStepScratch *s = st->s;
  const PhysWorld *world = st->world;
  const PhysCircle *c = &world->circles[j];
  s->asleep[j] = s->standing[j] = false;
  st->world->circles[j].rest_frames = 0;
  PhysVec2 g = world->def.gravity;
  if (world->n_forces > 0 || (g.x == 0.0 && g.y == 0.0) || st->discrete || c->fixed
      || !c->collides || s->done[j])
    return;
  PhysReal t = st->event_t, dt = world->def.dt;
  if (s->tau[j] < t)
    move_clock (s, j, t, position_at (s, j, t));
  begin_hold (st, j);
  s->base_acc[j] = s->acc[j] = phys_v2_scale (g, dt * dt);
  st->handed_back = phys_v2_add_scaled (st->handed_back, g, -c->mass * dt * (1.0 - t));
  seed_holds (st, j);
  note_changed (st, j);
}

/* Wakes a sleeping circle that something hit hard, and the sleepers touching it,
 * which may have rested on it. Returns true when it was asleep. */
static bool
wake (Step *st, int i)
{
  PhysStepScratch *s = st->s;
  if (!s->asleep[i])
    return false;
  wake_one (st, i);
  PhysAabb reach = s->box[i];
  PhysReal r = st->world->circles[i].radius;
  reach.min = phys_v2 (reach.min.x - r, reach.min.y - r);
  reach.max = phys_v2 (reach.max.x + r, reach.max.y + r);
  st->n_wake = 0;
  phys_grid_query (&s->grid, reach, collect_sleeper, st);
  for (int k = 0; k < st->n_wake; k++)
    wake_one (st, st->wake[k]);
  return true;
}

bool
phys_step_wake (Step *st, int i)
{
  return wake (st, i);
}

/* Counts an answer of circle i at time t. Past PHYS_JAM_ANSWERS answers at one
 * instant the circle is jammed (see unjam). */
static bool
note_answer (Step *st, int i, PhysReal t)
{
  PhysStepScratch *s = st->s;
  s->trail[i].same_t = s->trail[i].last_t >= 0.0 && t - s->trail[i].last_t <= INSTANT ? s->trail[i].same_t + 1 : 1;
  s->trail[i].last_t = t;
  return (s->trail[i].same_t > PHYS_JAM_ANSWERS || s->trail[i].answers > FRAME_ANSWERS)
         && inv_mass_of (st, i) > 0.0;
}

static void
collect_touching (void *ctx, int j)
{
  Step *st = ctx;
  PhysStepScratch *s = st->s;
  int i = st->self;
  if (j >= st->world->n_circles)
    return;
  if (s->trail[j].mark == st->stamp || s->done[j] || inv_mass_of (st, j) == 0.0)
    return;
  /* Only circles answered at this instant ring with it. */
  if (s->trail[j].last_t < 0.0 || st->jam_t - s->trail[j].last_t > INSTANT)
    return;
  const PhysCircle *c = st->world->circles;
  PhysVec2 d = phys_v2_sub (position_at (s, j, st->jam_t), position_at (s, i, st->jam_t));
  PhysReal reach = (c[i].radius + c[j].radius) * (1.0 + JAM_TOUCH);
  if (phys_v2_len_sq (d) > reach * reach)
    return;
  s->trail[j].mark = st->stamp;
  push_index (&st->cluster, &st->n_cluster, &st->cap_cluster, j);
}

/* A jammed circle sits in a cluster that rings at one instant and cannot be cleared
 * one pair at a time. The cluster (the movable circles answered at this instant that
 * touch it, transitively) moves on as one body: every member takes the cluster's mean
 * velocity, a perfectly inelastic collision that keeps the momentum and removes the kinetic
 * energy of the members' relative motion; then its holds are solved again from that common
 * velocity (those that open let go). A cluster that jams again at the same instant rings
 * against something immovable (walls, segments, fixed or sleeping circles) that confines it:
 * it stops, and what it carried goes into them, as a perfectly inelastic hit of the whole
 * cluster; it stands for the rest of the frame, immovable as a sleeper, and what it held or
 * leant on is solved again. Returns the energy removed. */
static PhysReal
unjam (Step *st, int i, PhysReal t)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  st->stamp++;
  st->jam_t = t;
  st->n_cluster = 0;
  s->trail[i].mark = st->stamp;
  push_index (&st->cluster, &st->n_cluster, &st->cap_cluster, i);
  for (int k = 0; k < st->n_cluster; k++)
    {
      int j = st->cluster[k];
      PhysReal r = world->circles[j].radius * (1.0 + JAM_TOUCH) + 1e-9;
      PhysVec2 p = position_at (s, j, t);
      PhysAabb box = { { p.x - r, p.y - r }, { p.x + r, p.y + r } };
      st->self = j;
      phys_grid_query (&s->grid, box, collect_touching, st);
    }
  PhysReal mass = 0.0, before = 0.0, after = 0.0;
  PhysVec2 momentum = phys_v2 (0.0, 0.0);
  for (int k = 0; k < st->n_cluster; k++)
    {
      const PhysCircle *c = &world->circles[st->cluster[k]];
      /* Its velocity at the jam's instant: its clock may stand earlier on its path. */
      PhysVec2 v = phys_v2_scale (rate_at (s, st->cluster[k], t), 1.0 / world->def.dt);
      mass += c->mass;
      momentum = phys_v2_add_scaled (momentum, v, c->mass);
      before += 0.5 * c->mass * phys_v2_len_sq (v);
    }
  PhysVec2 mean = phys_v2_scale (momentum, 1.0 / mass);
  /* Jammed again at once, or answered at rest more than FRAME_ANSWERS times in the
   * frame (a Zeno sequence spread over time): confined, it stops. */
  bool stopped = (s->trail[i].merged_t >= 0.0 && t - s->trail[i].merged_t <= INSTANT)
                 || s->trail[i].answers > FRAME_ANSWERS;
  if (stopped)
    mean = phys_v2 (0.0, 0.0);
  st->moved = phys_v2 (0.0, 0.0);
  for (int k = 0; k < st->n_cluster; k++)
    {
      int j = st->cluster[k];
      s->trail[j].merged_t = t;
      after += 0.5 * world->circles[j].mass * phys_v2_len_sq (mean);
      move_clock (s, j, t, position_at (s, j, t));
      set_velocity (st, j, velocity_of (st, j), mean);
      s->trail[j].same_t = 0;
    }
  /* A hold that the common velocity opens lets go; no push is kept from one that let go (it
   * would do work). */
  for (int k = 0; k < st->n_cluster; k++)
    release_departures (st, st->cluster[k]);
  for (int k = 0; k < st->n_cluster; k++)
    {
      int j = st->cluster[k];
      if (stopped)
        {
          /* What presses on it later is held up by it, and no hold can set it moving again
           * (its standing still is no hold's push, and would do work if it moved). */
          begin_hold (st, j);
          s->acc[j] = phys_v2 (0.0, 0.0);
          s->standing[j] = true;
          for (int h = s->trail[j].holds; h >= 0; h = next_hold (s, h, j))
            {
              const Hold *held = &s->holds[h];
              bool forward = held->i == j;
              int y = forward ? held->j : held->i;
              if (held->live && y >= 0
                  && !stands_under (s, y, forward ? phys_v2_neg (held->n) : held->n))
                seed_holds (st, y);
            }
        }
      else
        seed_holds (st, j);
    }
  /* Those outside the cluster that it held, or that held it, are solved again too. */
  solve_seeded (st);
  for (int k = 0; k < st->n_cluster; k++)
    path_changed (st, st->cluster[k]);
  /* Moving on as one keeps the cluster's momentum; stopped, what holds it took it all. */
  if (stopped)
    note_taken (st, st->event_at, phys_v2_neg (st->moved));
  st->now = t;
  for (int k = 0; k < st->n_cluster; k++)
    if (!st->discrete && !s->done[st->cluster[k]])
      test_circle (st, st->cluster[k], -1);
  return fmax (before - after, 0.0);
}

/* A circle jammed by separations (wedged among others that cannot all be cleared one
 * pair at a time) is pinned: it stands where it is for the rest of the frame and
 * later separations move its neighbours, never it. Its velocity is kept (and still
 * changed by impulses) for the next frame: positions only. Standing, it does not fall:
 * what pins it holds its weight (recorded as its hold's, see close_hold); gaining gravity's
 * speed while standing still would give it energy from nowhere. */
static void
pin (Step *st, int i)
{
  PhysStepScratch *s = st->s;
  if (s->trail[i].pinned)
    return;
  begin_hold (st, i);
  s->trail[i].pinned = true;
  if (s->base_acc[i].x != 0.0 || s->base_acc[i].y != 0.0)
    s->end_vel[i] = phys_v2_scale (s->rate[i], 1.0 / st->world->def.dt);
  s->rate[i] = phys_v2 (0.0, 0.0);
  s->acc[i] = phys_v2 (0.0, 0.0);
}

/* A resting answer (e = 0) of circle i by something immovable with normal n (towards
 * the circle) at time t turned its velocity into v. When the circle's previous resting
 * answer by something immovable was at the same instant and v now drives it back into
 * that one, the two answers would undo each other for ever (a ball in a V): the circle
 * takes the limit of that exchange at once, its velocity projected on what both
 * contacts allow (nothing when they are not parallel, the common tangent when they
 * are). Returns the velocity. */
static PhysVec2
wedge_answer (Step *st, int i, PhysVec2 n, PhysVec2 v, PhysReal t)
{
  PhysStepScratch *s = st->s;
  PhysVec2 m = s->trail[i].stop_n;
  bool same = s->trail[i].stop_t >= 0.0 && t - s->trail[i].stop_t <= INSTANT;
  s->trail[i].stop_n = n;
  s->trail[i].stop_t = t;
  if (!same || phys_v2_dot (v, m) >= 0.0)
    return v;
  PhysReal cross = phys_v2_cross (n, m);
  if (fabs (cross) > 1e-9)
    return phys_v2 (0.0, 0.0);
  PhysVec2 tangent = phys_v2 (-n.y, n.x);
  return phys_v2_scale (tangent, phys_v2_dot (v, tangent));
}

/* Circle i was just put clear of the immovable circle j at time t. When it was put
 * clear of another immovable circle k at the same instant and now sits in k again,
 * the two separations would push it back and forth for ever (a ball wedged in a gap
 * too narrow for it): it goes at once to where the exchange ends, the nearer point
 * touching both (the crossing of the circles of radius r_i + r_j around j and
 * r_i + r_k around k). */
static void
wedge_position (Step *st, int i, int j, PhysReal t)
{
  PhysStepScratch *s = st->s;
  const PhysCircle *c = st->world->circles;
  int k = s->trail[i].sep_from;
  bool same = k >= 0 && k != j && t - s->trail[i].sep_t <= INSTANT;
  s->trail[i].sep_from = j;
  s->trail[i].sep_t = t;
  if (!same || inv_mass_of (st, k) > 0.0)
    return;
  PhysVec2 p = s->pos[i], pj = position_at (s, j, t), pk = position_at (s, k, t);
  PhysReal rk = c[i].radius + c[k].radius, rj = c[i].radius + c[j].radius;
  if (phys_v2_len (phys_v2_sub (p, pk)) >= rk * (1.0 - EMBED_DEPTH))
    return;
  PhysVec2 d = phys_v2_sub (pk, pj);
  PhysReal dist = phys_v2_len (d);
  if (!(dist > 0.0) || dist > rj + rk || dist < fabs (rj - rk))
    return;
  PhysVec2 u = phys_v2_scale (d, 1.0 / dist), across = phys_v2 (-u.y, u.x);
  PhysReal along = (rj * rj - rk * rk + dist * dist) / (2.0 * dist);
  PhysReal h = sqrt (fmax (rj * rj - along * along, 0.0));
  PhysVec2 foot = phys_v2_add_scaled (pj, u, along);
  PhysReal side = phys_v2_dot (phys_v2_sub (p, foot), across) >= 0.0 ? 1.0 : -1.0;
  s->pos[i] = phys_v2_add_scaled (foot, across, side * h);
}

/* Adds the kinetic energy a rule removed to the event logged at index `at`. */
static void
note_removed (Step *st, size_t at, PhysReal removed)
{
  if (st->log != NULL && at < st->log->count)
    st->log->events[at].removed += removed;
}

/* Logs the answer to candidate c between circle a and body b: the header and the flags
 * every collision record has (a, b in the order the record reads). The caller fills in its
 * kind's record. NULL without a log. */
static PhysEvent *
log_answer (Step *st, const Candidate *c, int a, int b, bool resting, bool at_end, bool jammed,
            PhysReal removed)
{
  if (st->log == NULL)
    return NULL;
  return log_event (st->log, st->world,
                    &(EventHead) { .kind = c->kind, .t = c->t, .t0 = c->t0, .a = a, .b = b,
                                   .b_kind = c->b_kind, .answer = st->handled - 1,
                                   .resting = resting, .at_frame_end = at_end, .jammed = jammed,
                                   .removed = removed });
}

/* Fills a logged circle-circle event (NULL: none) with its test, its answer and the centres
 * where the answer was made. */
static void
record_pair (PhysEvent *ev, const PhysCircleCircleSweep *sw, const PhysImpulse *imp, PhysVec2 p1,
             PhysVec2 p2)
{
  if (ev == NULL)
    return;
  ev->circle_circle.sweep = *sw;
  ev->circle_circle.impulse = *imp;
  ev->circle_circle.p1 = p1;
  ev->circle_circle.p2 = p2;
}

/* After the answer to candidate c, logged at index `logged`: its circles remember the
 * event, a jammed circle (or -1) moves its cluster on as one, and the changed paths are
 * tested again from the answer's moment. */
static void
finish_answer (Step *st, const Candidate *c, size_t logged, int jammed)
{
  PhysStepScratch *s = st->s;
  bool pair = c->b_kind == PHYS_BODY_CIRCLE;
  if (st->log != NULL)
    {
      s->trail[c->a].last_event = (long) logged;
      if (pair)
        s->trail[c->b].last_event = (long) logged;
    }
  if (jammed >= 0)
    note_removed (st, logged, unjam (st, jammed, c->t));
  /* Friction while held, from the velocities and holds the answer left. */
  held_friction_after_answer (st, c->a, c->t);
  if (pair)
    held_friction_after_answer (st, c->b, c->t);
  for (int k = 0; k < st->n_changed; k++)
    if (st->changed[k] != c->a && !(pair && st->changed[k] == c->b))
      held_friction_after_answer (st, st->changed[k], c->t);
  path_changed (st, c->a);
  if (pair)
    path_changed (st, c->b);
  st->now = c->t;
  /* The other circles whose holds were solved again. */
  int n_changed = st->n_changed;
  st->n_changed = 0;
  for (int k = 0; k < n_changed; k++)
    {
      int j = st->changed[k];
      if (j != c->a && !(pair && j == c->b))
        path_changed (st, j);
    }
  if (st->discrete)
    return;
  if (!s->done[c->a])
    test_circle (st, c->a, -1);
  if (pair && !s->done[c->b])
    test_circle (st, c->b, c->a);
  for (int k = 0; k < n_changed; k++)
    {
      int j = st->changed[k];
      if (j != c->a && !(pair && j == c->b) && !s->done[j])
        test_circle (st, j, -1);
    }
}

static void
handle_circle_circle (Step *st, const Candidate *c, const PhysCircleCircleSweep *found)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  const PhysCircle *ca = &world->circles[c->a], *cb = &world->circles[c->b];
  PhysModes modes = world->def.modes;

  begin_event (st, c->t);
  /* The test's record is read where it lies (a copy per event is a measurable part of a
   * frame of piles). */
  const PhysCircleCircleSweep *sw = found;
  PhysVec2 pa, pb, normal = sw->normal;
  bool at_end = modes.respond_at_frame_end && !st->discrete;
  if (at_end)
    {
      /* The mistake: travel the whole frame first, answer wherever that ends. */
      pa = position_at (s, c->a, 1.0);
      pb = position_at (s, c->b, 1.0);
      PhysVec2 between = phys_v2_sub (pb, pa);
      if (phys_v2_len_sq (between) > 0.0)
        normal = phys_v2_unit (between);
      move_clock (s, c->a, 1.0, pa);
      move_clock (s, c->b, 1.0, pb);
      s->done[c->a] = s->done[c->b] = true;
    }
  else
    {
      pa = sw->p1_at_t;
      pb = sw->p2_at_t;
      move_clock (s, c->a, c->t, pa);
      move_clock (s, c->b, c->t, pb);
    }

  PhysVec2 va = velocity_of (st, c->a), vb = velocity_of (st, c->b);
  PhysReal vn = phys_v2_dot (phys_v2_sub (va, vb), normal);
  bool woke = false;
  if (vn >= world->def.rest_speed)
    woke = wake (st, c->a) | wake (st, c->b);
  PhysReal ia = inv_mass_of (st, c->a), ib = inv_mass_of (st, c->b);
  bool resting;
  bool repeat = recent (s, c->a, c->t) && recent (s, c->b, c->t);
  PhysReal pressed = phys_v2_dot (phys_v2_sub (s->acc[c->a], s->acc[c->b]), normal);
  PhysReal e0 = phys_restitution_combine (ca->restitution, cb->restitution);
  PhysReal e = contact_restitution (st, e0, vn, pressed, c->a, c->b, repeat, &resting);
  PhysReal rest_removed = 0.0;
  if (resting)
    {
      s->trail[c->a].rested = s->trail[c->b].rested = vn < world->def.rest_speed;
      if (pressed > 0.0 && ia + ib > 0.0)
        rest_removed = 0.5 * e0 * e0 * vn * vn / (ia + ib);
    }
  /* A circle that rests on a surface the answer pushes it into passes the part of the
   * answer along that surface's normal on to it (the ground takes it) and slides along
   * the surface with the rest (docs/physics.md, stacks). */
  PhysVec2 tau_a = phys_v2 (0.0, 0.0), tau_b = phys_v2 (0.0, 0.0);
  PhysReal ia_eff = ia, ib_eff = ib, ia_own = ia, ib_own = ib;
  if (resting && ia > 0.0 && ib > 0.0)
    {
      if (grounded (s, c->b, normal))
        ib_eff = ib * ground_mobility (s, c->b, normal, &tau_b);
      else if (grounded (s, c->a, phys_v2_neg (normal)))
        ia_eff = ia * ground_mobility (s, c->a, phys_v2_neg (normal), &tau_a);
    }
  /* What the answer can stop of a grounded circle is its motion along its ground; its
   * motion off the ground is between it and the ground (answering that too would give
   * energy to the pair). */
  PhysVec2 va_c = ia_eff != ia ? phys_v2_scale (tau_a, phys_v2_dot (va, tau_a)) : va;
  PhysVec2 vb_c = ib_eff != ib ? phys_v2_scale (tau_b, phys_v2_dot (vb, tau_b)) : vb;
  PhysImpulse imp = phys_impulse_circle_circle (normal, va_c, ia_eff, vb_c, ib_eff, e);
  imp.v1_before = va;
  imp.v2_before = vb;
  if (resting && vn < 0.0 && ia_eff + ib_eff > 0.0)
    {
      /* A hop apart too short to be one: the pair stays together (the relative normal
       * velocity goes to 0, momentum kept), the energy of the hop removed. */
      PhysReal apart = phys_v2_dot (phys_v2_sub (va_c, vb_c), normal);
      imp.applied = true;
      imp.j = -apart / (ia_eff + ib_eff);
      rest_removed = 0.5 * apart * apart / (ia_eff + ib_eff);
    }
  if (imp.applied)
    {
      /* The answer j along the normal; a grounded circle moves along its ground with its
       * share, the ground takes the rest. */
      PhysReal ja = imp.j * ia, jb = -imp.j * ib;
      imp.v1_after = ia_eff != ia ? phys_v2_add_scaled (va, tau_a, ja * phys_v2_dot (normal, tau_a))
                                  : phys_v2_add_scaled (va, normal, ja);
      imp.v2_after = ib_eff != ib ? phys_v2_add_scaled (vb, tau_b, jb * phys_v2_dot (normal, tau_b))
                                  : phys_v2_add_scaled (vb, normal, jb);
    }
  /* Friction with spin at the touching point (docs/physics.md); not on an answer a grounded
   * circle shares with its ground. */
  PhysCircleFriction fr;
  memset (&fr, 0, sizeof fr);
  PhysReal mu = sqrt (ca->friction * cb->friction);
  if (mu > 0.0 && imp.applied && ia_eff == ia && ib_eff == ib)
    {
      /* The touching point splits the line of centres in the radii's ratio: lever arms that
       * add up to the centres' distance keep the angular momentum about any point exactly,
       * also for a pair answered within the touch tolerance (a hair apart or inside). */
      PhysReal R = ca->radius + cb->radius, d = phys_v2_len (phys_v2_sub (pb, pa));
      PhysReal la = d > 0.0 ? ca->radius * (d / R) : ca->radius;
      PhysReal lb = d > 0.0 ? cb->radius * (d / R) : cb->radius;
      PhysReal wa = spin_of (st, c->a), wb = spin_of (st, c->b);
      fr = phys_friction_circle (normal, fabs (imp.j), mu, imp.v1_after, wa, la, ia,
                                 inv_inertia_of (st, c->a), imp.v2_after, wb, lb, ib,
                                 inv_inertia_of (st, c->b), &imp.v1_after, &imp.v2_after);
      if (fr.applied)
        {
          set_spin (st, c->a, c->t, wa, fr.w1_after);
          set_spin (st, c->b, c->t, wb, fr.w2_after);
        }
    }
  ia = ia_eff;
  ib = ib_eff;
  PhysReal wedge_removed = rest_removed;
  if (resting && imp.applied && (ia == 0.0) != (ib == 0.0))
    {
      bool first = ia > 0.0;
      int i = first ? c->a : c->b;
      PhysVec2 *after = first ? &imp.v1_after : &imp.v2_after;
      PhysVec2 w = wedge_answer (st, i, first ? phys_v2_neg (normal) : normal, *after, c->t);
      wedge_removed += 0.5 * world->circles[i].mass * (phys_v2_len_sq (*after) - phys_v2_len_sq (w));
      *after = w;
    }
  set_velocity (st, c->a, va, imp.v1_after);
  set_velocity (st, c->b, vb, imp.v2_after);
  release_departures (st, c->a);
  release_departures (st, c->b);
  solve_seeded (st);
  if (resting)
    {
      /* A pinned circle stands for the rest of the frame: it holds, it is not held. */
      hold_pair (st, c->a, c->b, normal, s->trail[c->a].pinned ? 0.0 : ia_own,
                 s->trail[c->b].pinned ? 0.0 : ib_own);
      s->trail[c->a].answers++;
      s->trail[c->b].answers++;
    }
  bool jam_a = note_answer (st, c->a, c->t), jam_b = note_answer (st, c->b, c->t);
  size_t logged = st->log != NULL ? st->log->count : 0;
  PhysEvent *ev = log_answer (st, c, c->a, c->b, resting, at_end, jam_a || jam_b, wedge_removed);
  record_pair (ev, sw, &imp, pa, pb);
  if (ev != NULL)
    {
      ev->woke = woke;
      ev->circle_circle.friction = fr;
    }
  if (st->handed_back.x != 0.0 || st->handed_back.y != 0.0)
    {
      note_taken (st, (long) logged, st->handed_back);
      st->handed_back = phys_v2 (0.0, 0.0);
    }

  if (modes.double_pair_loop && imp.applied)
    {
      /* The mistake: the loop meets the pair again as B-A, still holding the
       * velocities from before the first answer, and applies the impulse again. */
      PhysImpulse again = phys_impulse_circle_circle (phys_v2_neg (normal), vb, ib, va, ia, e);
      PhysVec2 na = phys_v2_add (imp.v1_after, phys_v2_sub (again.v2_after, va));
      PhysVec2 nb = phys_v2_add (imp.v2_after, phys_v2_sub (again.v1_after, vb));
      again.v1_before = imp.v2_after;
      again.v2_before = imp.v1_after;
      again.v1_after = nb;
      again.v2_after = na;
      set_velocity (st, c->a, imp.v1_after, na);
      set_velocity (st, c->b, imp.v2_after, nb);
      release_departures (st, c->a);
      release_departures (st, c->b);
      solve_seeded (st);
      PhysEvent *rep = log_answer (st, c, c->b, c->a, resting, at_end, false, 0.0);
      record_pair (rep, sw, &again, pb, pa);
      if (rep != NULL)
        rep->repeated = true;
    }

  /* Between two movable circles the answer keeps momentum, unless one stands on the ground
   * (which took part of it) or cannot move at all. */
  if (ia_own == 0.0 || ib_own == 0.0 || ia != ia_own || ib != ib_own)
    note_taken (st, (long) logged, phys_v2_neg (st->moved));
  finish_answer (st, c, logged, jam_a ? c->a : (jam_b ? c->b : -1));
}

static void
handle_circle_segment (Step *st, const Candidate *c, const PhysCircleSegmentSweep *found)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  const PhysCircle *circle = &world->circles[c->a];
  const PhysSegment *seg = &world->segments[c->b];
  PhysModes modes = world->def.modes;

  begin_event (st, c->t);
  PhysCircleSegmentSweep sw = *found;
  bool at_end = modes.respond_at_frame_end && !st->discrete;
  PhysVec2 center = at_end ? position_at (s, c->a, 1.0) : sw.center_at_t;
  PhysVec2 before = center;
  move_clock (s, c->a, at_end ? 1.0 : c->t, center);

  PhysVec2 v = velocity_of (st, c->a);
  bool resting = false;
  PhysReal e = phys_restitution_combine (circle->restitution, seg->restitution);
  PhysReal approach = -phys_v2_dot (v, sw.normal);
  PhysReal pressed = -phys_v2_dot (s->acc[c->a], sw.normal);
  /* A circle held up by this very surface is still pressed onto it by its weight: the
   * hold took that part out of its acceleration (a circle on the floor that a neighbour
   * pushes down answers by the collapse rule, as the reference does). */
  if (pressed <= 0.0 && held_by (s, c->a, sw.normal))
    pressed = -phys_v2_dot (s->base_acc[c->a], sw.normal);
  PhysReal rest_removed = 0.0;
  /* The cluster rule is about circles answering each other: a wall answers with its own e
   * however recently the circle met something else (a ball in a corner). */
  if (seg->response == PHYS_RESPONSE_REFLECT)
    {
      PhysReal e0 = e;
      e = contact_restitution (st, e0, approach, pressed, c->a, -1, false, &resting);
      if (resting && pressed > 0.0)
        rest_removed = 0.5 * circle->mass * e0 * e0 * approach * approach;
    }
  if (approach >= 0.0 && (resting || approach < world->def.rest_speed))
    s->trail[c->a].rested = true;
  PhysSegmentResponse resp = phys_segment_respond (sw.normal, v, seg->response, e);
  if (resting && approach < 0.0)
    {
      /* A hop off the surface too short to be one: the circle stays on it. */
      resp.applied = true;
      resp.v_after = resp.v_along;
      resp.j = -resp.vn;
      rest_removed = 0.5 * circle->mass * approach * approach;
    }
  /* Friction with spin at the touching point: the segment is body 1, without mass or lever. */
  PhysCircleFriction fr;
  memset (&fr, 0, sizeof fr);
  PhysReal mu = sqrt (circle->friction * seg->friction);
  PhysReal spin = 0.0;
  if (mu > 0.0 && resp.applied)
    {
      spin = spin_of (st, c->a);
      PhysReal im = inv_mass_of (st, c->a);
      PhysVec2 wall;
      fr = phys_friction_circle (sw.normal, circle->mass * fabs (resp.j), mu, phys_v2 (0.0, 0.0),
                                 0.0, 0.0, 0.0, 0.0, resp.v_after, spin, circle->radius, im,
                                 inv_inertia_of (st, c->a), &wall, &resp.v_after);
    }
  PhysReal wedge_removed = rest_removed;
  if (resp.applied && resp.e == 0.0)
    {
      PhysVec2 w = wedge_answer (st, c->a, sw.normal, resp.v_after, c->t);
      wedge_removed += 0.5 * circle->mass * (phys_v2_len_sq (resp.v_after) - phys_v2_len_sq (w));
      resp.v_after = w;
    }
  if (seg->response == PHYS_RESPONSE_SLIDE && !at_end)
    {
      /* Rest a hair inside the radius so the next frame still finds the contact;
       * exactly at r, rounding decides whether it is found (the jitter mode). */
      PhysReal depth = modes.slide_at_radius ? circle->radius
                                             : circle->radius * (1.0 - PHYS_CONTACT_SKIN);
      center = phys_slide_reposition (sw.point, sw.normal, depth);
    }

  s->pos[c->a] = center;
  s->done[c->a] = s->done[c->a] || at_end;
  set_velocity (st, c->a, v, resp.v_after);
  if (fr.applied)
    set_spin (st, c->a, c->t, spin, fr.w2_after);
  /* The angular momentum about the origin the segment took: the circle's change, an impulse at
   * the touching point (its centre less r n). */
  PhysVec2 touch = phys_v2_add_scaled (sw.center_at_t, sw.normal, -circle->radius);
  PhysReal taken_angular = -phys_v2_cross (touch, st->moved);
  release_departures (st, c->a);
  solve_seeded (st);
  if (resting || seg->response == PHYS_RESPONSE_SLIDE)
    {
      support (st, c->a, c->b, sw.normal);
      balance_holds (st, c->a, -1);
      s->trail[c->a].answers++;
    }
  bool jammed = note_answer (st, c->a, c->t);
  size_t logged = st->log != NULL ? st->log->count : 0;
  PhysEvent *ev = log_answer (st, c, c->a, c->b, resting, at_end, jammed, wedge_removed);
  if (ev != NULL)
    {
      ev->circle_segment.sweep = sw;
      ev->circle_segment.response = resp;
      ev->circle_segment.center = center;
      ev->circle_segment.center_before = before;
      ev->circle_segment.friction = fr;
      ev->taken_angular = taken_angular;
    }

  note_taken (st, (long) logged, phys_v2_neg (st->moved));
  finish_answer (st, c, logged, jammed ? c->a : -1);
}

static void
handle_embedded (Step *st, const Candidate *c)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  begin_event (st, c->t);
  PhysEvent ev;
  memset (&ev, 0, sizeof ev);

  PhysVec2 pa = position_at (s, c->a, c->t);
  PhysReal ra = world->circles[c->a].radius;
  ev.embedded.a_before = pa;
  move_clock (s, c->a, c->t, pa);

  if (c->b_kind == PHYS_BODY_CIRCLE)
    {
      PhysVec2 pb = position_at (s, c->b, c->t);
      move_clock (s, c->b, c->t, pb);
      PhysVec2 d = phys_v2_sub (pb, pa);
      PhysReal dist = phys_v2_len (d);
      PhysReal R = ra + world->circles[c->b].radius;
      /* Coincident centres have no direction: separate along x, deterministically. */
      PhysVec2 n = dist > 0.0 ? phys_v2_scale (d, 1.0 / dist) : phys_v2 (1.0, 0.0);
      PhysReal ia = shift_weight (st, c->a), ib = shift_weight (st, c->b);
      PhysReal depth = R - dist;
      ev.embedded.depth = depth;
      ev.embedded.normal = n;
      ev.embedded.b_before = pb;
      s->pos[c->a] = phys_v2_add_scaled (pa, n, -depth * ia / (ia + ib));
      s->pos[c->b] = phys_v2_add_scaled (pb, n, depth * ib / (ia + ib));
      if ((ia == 0.0) != (ib == 0.0))
        {
          int i = ia > 0.0 ? c->a : c->b;
          wedge_position (st, i, ia > 0.0 ? c->b : c->a, c->t);
        }
      s->tau[c->a] = s->tau[c->b] = c->t;
      ev.embedded.a_after = s->pos[c->a];
      ev.embedded.b_after = s->pos[c->b];
    }
  else
    {
      const PhysSegment *g = &world->segments[c->b];
      PhysVec2 n, foot;
      PhysReal depth;
      if (g->is_bound)
        {
          n = phys_v2_left_normal (phys_v2_unit (phys_v2_sub (g->b, g->a)));
          PhysReal inside = phys_v2_dot (phys_v2_sub (pa, g->a), n);
          foot = phys_v2_add_scaled (pa, n, -inside);
          depth = ra - inside;
        }
      else
        {
          PhysCircleSegmentSweep sw = sweep_segment (st, c->a, c->b, c->t);
          n = sw.normal;
          foot = sw.feature == PHYS_FEATURE_INTERIOR
                     ? phys_v2_add_scaled (g->a, sw.dir, sw.proj_along)
                     : (sw.feature == PHYS_FEATURE_CAP_A ? g->a : g->b);
          depth = segment_depth (&sw);
        }
      ev.embedded.depth = depth;
      /* The normal points from the segment (b) towards the circle (a). */
      ev.embedded.normal = phys_v2_neg (n);
      ev.embedded.b_before = foot;
      ev.embedded.b_after = foot;
      s->pos[c->a] = phys_v2_add_scaled (foot, n, ra);
      s->tau[c->a] = c->t;
      ev.embedded.a_after = s->pos[c->a];
    }

  /* The ledger of the move: positions only, so momentum is kept, but the angular momentum about
   * the origin jumps by m dx x v for each circle moved (at its velocity now), and the potential
   * energy in gravity by -m g.dx. */
  {
    int moved[2] = { c->a, c->b_kind == PHYS_BODY_CIRCLE ? c->b : -1 };
    PhysVec2 dx[2] = { phys_v2_sub (ev.embedded.a_after, ev.embedded.a_before),
                       phys_v2_sub (ev.embedded.b_after, ev.embedded.b_before) };
    for (int k = 0; k < 2; k++)
      if (moved[k] >= 0 && (dx[k].x != 0.0 || dx[k].y != 0.0))
        {
          PhysReal m = world->circles[moved[k]].mass;
          ev.embedded.angular += m * phys_v2_cross (dx[k], velocity_of (st, moved[k]));
          ev.embedded.energy -= m * phys_v2_dot (world->def.gravity, dx[k]);
        }
  }

  /* Separations count towards a jam too: a circle wedged among immovable ones
   * cannot be put clear of all of them, and would be pushed back and forth. */
  bool jam_a = note_answer (st, c->a, c->t);
  bool jam_b = c->b_kind == PHYS_BODY_CIRCLE && note_answer (st, c->b, c->t);
  ev.jammed = jam_a || jam_b;
  size_t logged = st->log != NULL ? st->log->count : 0;
  if (st->log != NULL)
    {
      PhysEvent *logged_ev = log_event (st->log, world,
                                        &(EventHead) { .kind = PHYS_EVENT_EMBEDDED, .t = c->t,
                                                       .t0 = c->t0, .a = c->a, .b = c->b,
                                                       .b_kind = c->b_kind,
                                                       .answer = st->handled - 1,
                                                       .jammed = ev.jammed });
      logged_ev->embedded = ev.embedded;
    }
  /* A circle jammed by separations (wedged among others that cannot all be cleared) is
   * pinned: later separations this frame move its neighbours, never it. Positions only:
   * no velocity changes, so momentum is untouched. */
  if (jam_a)
    pin (st, c->a);
  if (jam_b)
    pin (st, c->b);
  (void) logged;

  path_changed (st, c->a);
  if (c->b_kind == PHYS_BODY_CIRCLE)
    path_changed (st, c->b);
  st->now = c->t;
  test_circle (st, c->a, -1);
  if (c->b_kind == PHYS_BODY_CIRCLE)
    test_circle (st, c->b, c->a);
}

static bool
candidate_is_current (const Step *st, const Candidate *c)
{
  const PhysStepScratch *s = st->s;
  if (phys_event_is_rigid ((PhysEventKind) c->kind))
    return phys_rigid_candidate_current (st, c);
  if (s->version[c->a] != c->va || s->done[c->a])
    return false;
  if (c->b_kind == PHYS_BODY_CIRCLE && (s->version[c->b] != c->vb || s->done[c->b]))
    return false;
  return true;
}

static int
event_cap (const PhysWorld *world)
{
  if (world->def.event_cap > 0)
    return world->def.event_cap;
  int automatic = 64 * world->n_circles + 1000;
  return automatic < PHYS_MAX_EVENT_CAP ? automatic : PHYS_MAX_EVENT_CAP;
}

/* The larger side of a box. A comparison, not fmax (a call into libm under strict floating point):
 * every circle's box is measured twice a frame. */
static PhysReal
box_extent (PhysAabb b)
{
  PhysReal w = b.max.x - b.min.x, h = b.max.y - b.min.y;
  return w > h ? w : h;
}

/* The larger of 1.25 x the mean box extent and the 99th percentile, so that at
 * most about 1% of boxes are oversize (checked by everyone) while a query stays
 * at 3 x 3 cells of about one circle each. The percentile comes from a
 * 64-bin histogram over [0, 4 x mean]: O(n) and the same on every run. */
static PhysReal
choose_cell_size (const Step *st, const PhysAabb *polygon_box)
{
  const PhysWorld *world = st->world;
  const PhysStepScratch *s = st->s;
  enum { BINS = 64 };
  int count[BINS] = { 0 };
  PhysReal sum = 0.0;
  int n = 0;
  for (int i = 0; i < world->n_circles; i++)
    if (takes_part (&world->circles[i]))
      {
        PhysAabb b = s->box[i];
        sum += box_extent (b);
        n++;
      }
  /* Fixed polygons (a ground, a container's walls) are often far larger than what moves: they
   * would set the cell for all (and go to the oversize list anyway). */
  for (int p = 0; st->rigid && p < world->n_polygons; p++)
    if (!world->polygons[p].fixed)
      {
        sum += box_extent (polygon_box[p]);
        n++;
      }
  if (n == 0 || !(sum > 0.0) || !isfinite (sum))
    return 1.0;
  PhysReal mean = sum / n, top = 4.0 * mean;
  for (int i = 0; i < world->n_circles; i++)
    if (takes_part (&world->circles[i]))
      {
        PhysAabb b = s->box[i];
        PhysReal extent = box_extent (b);
        int bin = (int) (extent / top * BINS);
        if (bin < BINS)
          count[bin]++;
      }
  for (int p = 0; st->rigid && p < world->n_polygons; p++)
    if (!world->polygons[p].fixed)
      {
        int bin = (int) (box_extent (polygon_box[p]) / top * BINS);
        if (bin < BINS)
          count[bin]++;
      }
  int target = n - n / 100, seen = 0;
  PhysReal p99 = top;
  for (int bin = 0; bin < BINS; bin++)
    {
      seen += count[bin];
      if (seen >= target)
        {
          p99 = top * (bin + 1) / BINS;
          break;
        }
    }
  return fmax (1.25 * mean, p99);
}

/* Sizes the grid to the swept boxes and fills it. */
static void
build_broad_phase (Step *st)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  int n_polygons = st->rigid ? world->n_polygons : 0;
  /* Each polygon's box once: the cell size and the placing both read it. */
  PhysAabb *polygon_box = phys_grid_polygon_boxes (&s->grid, n_polygons);
  for (int p = 0; p < n_polygons; p++)
    polygon_box[p] = phys_rigid_polygon_box (st, p);
  PhysReal cell = choose_cell_size (st, polygon_box);
  phys_grid_reset (&s->grid, world->n_circles + n_polygons, cell);
  for (int i = 0; i < world->n_circles; i++)
    if (takes_part (&world->circles[i]))
      phys_grid_place (&s->grid, i, s->box[i]);
  /* Polygons share the grid, after the circles: id n_circles + p. */
  for (int p = 0; p < n_polygons; p++)
    phys_grid_place (&s->grid, world->n_circles + p, polygon_box[p]);

  int n_seg = 0;
  for (int g = 0; g < world->n_segments; g++)
    {
      const PhysSegment *seg = &world->segments[g];
      PhysAabb box = { { fmin (seg->a.x, seg->b.x), fmin (seg->a.y, seg->b.y) },
                       { fmax (seg->a.x, seg->b.x), fmax (seg->a.y, seg->b.y) } };
      s->seg_box[g] = box;
      if (!seg->is_bound)
        s->seg_id[n_seg++] = g;
    }
  phys_grid_set_segments (&s->grid, s->seg_box, s->seg_id, n_seg, world->n_segments);
}

/* Probes collide with nothing; a crossing of a segment inside the frame is an event. */
static void
step_probes (PhysWorld *world, PhysEventLog *log)
{
  PhysReal dt = world->def.dt;
  for (int p = 0; p < world->n_probes; p++)
    {
      PhysProbe *probe = &world->probes[p];
      PhysVec2 step = phys_v2_scale (probe->velocity, dt);
      if (log != NULL)
        for (int g = 0; g < world->n_segments; g++)
          {
            const PhysSegment *seg = &world->segments[g];
            PhysProbeRecord rec = phys_probe_predict (probe->position, step, seg->a, seg->b);
            if (rec.verdict != PHYS_PROBE_AHEAD || rec.time_to_impact > 1.0)
              continue;
            PhysEvent *ev = log_event (log, world,
                                       &(EventHead) { .kind = PHYS_EVENT_PROBE_SEGMENT,
                                                      .t = rec.time_to_impact, .a = p, .b = g,
                                                      .b_kind = PHYS_BODY_SEGMENT, .answer = -1 });
            ev->probe.record = rec;
          }
      probe->position = phys_v2_add (probe->position, step);
    }
}

static bool
event_before (const PhysEvent *x, const PhysEvent *y)
{
  if (x->t != y->t)
    return x->t < y->t;
  return x->kind < y->kind;
}

/* Merges the frame's probe events (sorted among themselves) into its collision
 * events (already in time order), so the log of a frame reads in time order. */
static void
merge_frame_events (PhysEventLog *log, size_t first, size_t probes_first)
{
  size_t n_coll = probes_first - first, n_probe = log->count - probes_first;
  if (n_coll == 0 || n_probe == 0)
    return;
  PhysEvent *merged = malloc ((n_coll + n_probe) * sizeof *merged);
  if (merged == NULL)
    abort ();
  size_t i = first, j = probes_first, k = 0;
  while (i < probes_first && j < log->count)
    merged[k++] = event_before (&log->events[j], &log->events[i]) ? log->events[j++]
                                                                   : log->events[i++];
  while (i < probes_first)
    merged[k++] = log->events[i++];
  while (j < log->count)
    merged[k++] = log->events[j++];
  memcpy (log->events + first, merged, k * sizeof *merged);
  free (merged);
}

static void
collect_neighbour (void *ctx, int j)
{
  Step *st = ctx;
  if (j < st->world->n_circles && j > st->self && !st->s->done[j])
    push_index (&st->found, &st->n_found, &st->cap_found, j);
}

static void
collect_segment (void *ctx, int g)
{
  Step *st = ctx;
  if (phys_aabb_overlaps (st->s->box[st->self], st->s->seg_box[g]))
    push_index (&st->found, &st->n_found, &st->cap_found, g);
}

static int
compare_int (const void *x, const void *y)
{
  int a = *(const int *) x, b = *(const int *) y;
  return (a > b) - (a < b);
}

/* Neighbours or segments of circle i from the grid, in index order (the order a
 * plain double loop would meet them). */
static void
discrete_neighbours (Step *st, int i, bool segments)
{
  st->self = i;
  st->n_found = 0;
  if (segments)
    {
      phys_grid_query_segments (&st->s->grid, st->s->box[i], collect_segment, st);
      if (st->world->def.has_bounds)
        for (int g = 0; g < PHYS_N_BOUND_WALLS; g++)
          collect_segment (st, g);
    }
  else
    phys_grid_query (&st->s->grid, st->s->box[i], collect_neighbour, st);
  if (st->n_found > 1)
    qsort (st->found, (size_t) st->n_found, sizeof *st->found, compare_int);
}

/* The discrete teaching mode: test overlaps where the bodies stand, answer, then
 * move the whole frame (the loops of seeds 001 and 002). Fast bodies tunnel. */
static void
step_discrete (Step *st)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  st->now = 0.0;
  for (int i = 0; i < world->n_circles; i++)
    s->box[i] = phys_aabb_swept_circle (s->pos[i], phys_v2 (0.0, 0.0), world->circles[i].radius);
  build_broad_phase (st);

  for (int i = 0; i < world->n_circles; i++)
    {
      if (s->done[i])
        continue;
      discrete_neighbours (st, i, false);
      for (int k = 0; k < st->n_found; k++)
        {
          int j = st->found[k];
          if (inv_mass_of (st, i) == 0.0 && inv_mass_of (st, j) == 0.0)
            continue;
          PhysCircleCircleSweep sw = sweep_pair (st, i, j, 0.0);
          if (sw.verdict != PHYS_VERDICT_OVERLAPPING
              || phys_v2_dot (phys_v2_sub (s->rate[i], s->rate[j]), sw.normal) <= 0.0)
            continue;
          if (st->handled >= st->answer_limit)
            return;
          st->handled++;
          s->answer_stamp++;
          Candidate c = { 0.0, 0.0, PHYS_EVENT_CIRCLE_CIRCLE, PHYS_BODY_CIRCLE, i, j, 0, 0 };
          handle_circle_circle (st, &c, &sw);
        }
      if (inv_mass_of (st, i) == 0.0)
        continue;
      discrete_neighbours (st, i, true);
      for (int k = 0; k < st->n_found; k++)
        {
          int g = st->found[k];
          PhysCircleSegmentSweep sw = sweep_segment (st, i, g, 0.0);
          /* Touching counts (seed 002 tests |distance| <= r): a circle at exactly r,
           * moving in, is found as a hit at t = 0 with its normal and point. */
          bool touching = sw.verdict == PHYS_VERDICT_OVERLAPPING
                          || (sw.verdict == PHYS_VERDICT_HIT && sw.t == 0.0);
          if (!touching || phys_v2_dot (s->rate[i], sw.normal) >= 0.0)
            continue;
          if (st->handled >= st->answer_limit)
            return;
          st->handled++;
          s->answer_stamp++;
          Candidate c = { 0.0, 0.0, PHYS_EVENT_CIRCLE_SEGMENT, PHYS_BODY_SEGMENT, i, g, 0, 0 };
          handle_circle_segment (st, &c, &sw);
        }
    }
}

/* Counts the frames a circle rests slowly; after PHYS_SLEEP_FRAMES it sleeps. */
static void
update_rest (PhysWorld *world, const PhysStepScratch *s, int i)
{
  PhysCircle *c = &world->circles[i];
  if (s->asleep[i])
    return;
  PhysReal limit = world->def.rest_speed * world->def.dt;
  bool resting = world->def.sleep && s->trail[i].rested
                 && phys_v2_len_sq (phys_v2_scale (c->velocity, world->def.dt)) < limit * limit;
  c->rest_frames = resting ? c->rest_frames + 1 : 0;
  if (phys_circle_is_asleep (c))
    {
      c->velocity = phys_v2 (0.0, 0.0);
      c->angular_velocity = 0.0;
    }
}

static void
reset_bodies (Step *st)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  phys_integrate_frame (world, s->start, s->disp, s->end_vel, s->base_acc, &s->paths);
  /* The discrete teaching mode keeps the seeds' loops: the integrator's straight step. */
  bool discrete = world->def.modes.detection == PHYS_DETECTION_DISCRETE;
  for (int i = 0; i < world->n_circles; i++)
    {
      if (discrete)
        s->base_acc[i] = phys_v2 (0.0, 0.0);
      s->pos[i] = s->start[i];
      bool curved = s->base_acc[i].x != 0.0 || s->base_acc[i].y != 0.0;
      s->rate[i] = curved ? phys_v2_scale (world->circles[i].velocity, world->def.dt) : s->disp[i];
      s->acc[i] = s->base_acc[i];
      s->n_sup[i] = 0;
      s->tau[i] = 0.0;
      s->version[i] = 0;
      s->done[i] = !takes_part (&world->circles[i]);
      s->asleep[i] = s->standing[i] = world->def.sleep && phys_circle_is_asleep (&world->circles[i]);
      s->trail[i] = FRESH_TRAIL;
      /* Friction while held ended with the frame (see drop_held_friction). */
      if (s->any_held_fric)
        s->held_fric[i] = FRESH_HOLD_FRICTION;
      /* The whole frame's path (T = 1: the products by T fold away). */
      s->box[i] = path_box (world, s, i, 1.0);
    }
  s->n_heap = 0;
  s->n_holds = 0;
  s->any_held_fric = false;
  st->rigid = phys_rigid_reset (st);
}

/* The frame up to its first tests: the integrators' paths, the broad phase and the rigid
 * bodies' contacts that touch as it begins. Returns false when the frame does not go on (it
 * diverged, or the discrete teaching mode has done it all). */
static bool
frame_start (Step *st)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  reset_bodies (st);
  if (phys_integrate_diverged (world, s->start, s->disp, s->end_vel, &s->paths))
    return false;

  world->grid_pairs = 0;
  st->discrete = world->def.modes.detection == PHYS_DETECTION_DISCRETE;
  if (st->discrete)
    {
      step_discrete (st);
      /* The rigid bodies in the discrete mode: their contacts where they stand, no impacts in
       * time order (fast polygons tunnel, as circles do). */
      if (st->rigid)
        phys_rigid_contacts (st);
      return false;
    }

  build_broad_phase (st);
  /* The rigid bodies' contacts that touch as the frame begins are solved first, together;
   * then every pair is tested for what comes next (docs/rigid-bodies.md). */
  if (st->rigid)
    phys_rigid_contacts (st);
  return true;
}

/* Runs the frame's collision handling up to a stop: events at times <= time_limit,
 * at most answer_limit answers. The whole frame is (2, INT_MAX). */
static void
run_frame (Step *st, PhysReal time_limit, int answer_limit)
{
  PhysWorld *world = st->world;
  PhysStepScratch *s = st->s;
  PhysEventLog *log = st->log;

  st->time_limit = time_limit;
  st->answer_limit = answer_limit;
  if (!frame_start (st))
    return;
  phys_grid_pairs (&s->grid, visit_pair, st);
  for (int i = 0; i < world->n_circles; i++)
    if (!s->done[i] && !s->asleep[i])
      test_circle_static (st, i);
  for (int p = 0; st->rigid && p < world->n_polygons; p++)
    phys_rigid_test_polygon_static (st, p);

  while (s->n_heap > 0)
    {
      Candidate c = heap_pop (s);
      if (!candidate_is_current (st, &c))
        continue;
      if (c.t > time_limit || st->handled >= answer_limit)
        break;
      if (c.kind == ROLL_CANDIDATE)
        {
          handle_roll (st, &c);
          continue;
        }
      if (st->handled >= st->cap || st->tests > st->test_cap)
        {
          begin_event (st, c.t);
          if (log != NULL)
            {
              PhysEvent *ev = log_event (log, world,
                                         &(EventHead) { .kind = PHYS_EVENT_EVENT_CAP, .t = c.t,
                                                        .t0 = c.t, .a = -1, .b = -1,
                                                        .b_kind = PHYS_BODY_CIRCLE,
                                                        .answer = st->handled });
              ev->cap.cap = st->cap;
              ev->cap.handled = st->handled;
              ev->cap.tests = st->tests;
              ev->cap.test_cap = st->test_cap;
            }
          /* Stop everything where it stands: moving on unanswered would push bodies
           * into each other and through walls, and the next frames would pay for it. */
          for (int i = 0; i < world->n_circles; i++)
            if (!s->done[i] && s->tau[i] <= c.t)
              {
                move_clock (s, i, c.t, position_at (s, i, c.t));
                s->tau[i] = 1.0;
                /* Frozen, it no longer falls: the cap event records the weight it does not feel. */
                begin_hold (st, i);
                s->acc[i] = phys_v2 (0.0, 0.0);
              }
          if (st->rigid)
            phys_rigid_freeze (st, c.t);
          break;
        }
      st->handled++;
      s->answer_stamp++;
      switch (c.kind)
        {
        case PHYS_EVENT_EMBEDDED: handle_embedded (st, &c); break;
        case PHYS_EVENT_CIRCLE_CIRCLE:
          {
            PhysCircleCircleSweep sw;
            sweep_pair_into (st, c.a, c.b, c.t0, &sw);
            handle_circle_circle (st, &c, &sw);
          }
          break;
        case PHYS_EVENT_CIRCLE_SEGMENT:
          {
            PhysCircleSegmentSweep sw = sweep_segment (st, c.a, c.b, c.t0);
            if (c.t == c.t0 && sw.t > 0.0 && !world->def.modes.no_rest_rule
                && touching_and_leaving (&sw))
              touch_now (&sw);
            handle_circle_segment (st, &c, &sw);
          }
          break;
        case PHYS_EVENT_POLYGON_POLYGON:
        case PHYS_EVENT_POLYGON_CIRCLE:
        case PHYS_EVENT_POLYGON_SEGMENT:
        case PHYS_EVENT_POLYGON_CURVE:
        case PHYS_EVENT_CIRCLE_CURVE:
          phys_rigid_handle (st, &c);
          break;
        default: break;
        }
    }
}

static void
begin_step (Step *st, PhysWorld *world, PhysEventLog *log)
{
  memset (st, 0, sizeof *st);
  st->world = world;
  st->s = scratch_for (world);
  st->log = log;
  st->has_forces = phys_world_has_forces (world);
  st->cap = event_cap (world);
  /* Tests per event are about the neighbours of a circle; many circles heaped on one
   * point make each event test all of them (issue 13): the budget keeps such a frame's
   * time and memory proportional to the cap. */
  st->test_cap = 32 * (int64_t) st->cap + 4 * (int64_t) world->n_circles;
  st->settled = SETTLED_FRACTION * world->def.rest_speed * world->def.dt;
}

static void
end_step (Step *st)
{
  free (st->found);
  free (st->wake);
  free (st->cluster);
  free (st->seeds);
  free (st->changed);
}

void
phys_world_step (PhysWorld *world, PhysEventLog *log)
{
  if (world->halt.kind != PHYS_HALT_NONE)
    return;
  Step st;
  begin_step (&st, world, log);
  PhysStepScratch *s = st.s;
  size_t first = log != NULL ? log->count : 0;

  run_frame (&st, 2.0, INT_MAX);
  if (world->halt.kind != PHYS_HALT_NONE)
    {
      end_step (&st);
      return;
    }

  bool any_held_fric = s->any_held_fric;
  for (int i = 0; i < world->n_circles; i++)
    {
      PhysCircle *c = &world->circles[i];
      if (c->fixed)
        continue;
      /* Untouched circles keep the integrator's end point exactly (and no event changed
       * their acceleration). */
      bool untouched = s->version[i] == 0 && s->tau[i] == 0.0;
      /* Before its velocity is read: a straight path's end velocity takes what its hold
       * added. A circle that feels its own acceleration has no hold to close. */
      if (any_held_fric && s->held_fric[i].on)
        note_held_friction (&st, i, 1.0);
      if (!untouched && (s->acc[i].x != s->base_acc[i].x || s->acc[i].y != s->base_acc[i].y))
        close_hold (&st, i, 1.0);
      c->velocity = s->end_vel[i];
      if (untouched)
        c->position = phys_v2_add (s->start[i], s->disp[i]);
      else
        {
          c->position = position_at (s, i, 1.0);
          bool curved = s->base_acc[i].x != 0.0 || s->base_acc[i].y != 0.0;
          if (curved && !s->trail[i].pinned)
            c->velocity = phys_v2_scale (rate_at (s, i, 1.0), 1.0 / world->def.dt);
        }
      PhysVec2 v = c->velocity;
      /* The rigid part turns every circle at its end (phys_rigid_finish); without it, a circle
       * turns as its integrator says. */
      if (!st.rigid)
        {
          c->angle += s->trail[i].spin_tau < 0.0 ? s->paths.circle_turn[i] : turn_at (s, i, 1.0);
          c->angular_velocity = s->paths.circle_end_spin[i];
        }
      update_rest (world, s, i);
      /* Falling asleep stops it: what it rests on takes its last momentum. */
      if (!s->asleep[i] && phys_circle_is_asleep (c))
        note_taken (&st, s->trail[i].last_event, phys_v2_scale (v, c->mass));
    }

  if (st.rigid)
    phys_rigid_finish (&st);

  size_t probes_first = log != NULL ? log->count : 0;
  step_probes (world, log);
  if (log != NULL)
    merge_frame_events (log, first, probes_first);
  end_step (&st);
  world->frame++;
}

void
phys_world_frame_state_at (const PhysWorld *world, PhysReal t, int answers,
                           PhysVec2 *positions, PhysVec2 *velocities, PhysVec2 *probe_positions)
{
  /* The step itself, on a copy, stopped at the moment: what is shown is what happened. */
  PhysWorld *copy = phys_world_copy (world);
  Step st;
  begin_step (&st, copy, NULL);
  PhysStepScratch *s = st.s;
  t = fmin (fmax (t, 0.0), 1.0);
  run_frame (&st, t, answers);
  /* A frame that diverges is never stepped: its state stands still. */
  bool halted = copy->halt.kind != PHYS_HALT_NONE;

  PhysReal dt = world->def.dt;
  for (int i = 0; i < world->n_circles; i++)
    {
      const PhysCircle *c = &world->circles[i];
      PhysVec2 p = c->position, v = halted ? c->velocity : phys_v2 (0.0, 0.0);
      if (!c->fixed && !halted)
        {
          /* A circle answered at the frame's end already stands there. */
          p = s->tau[i] <= t ? position_at (s, i, t) : s->pos[i];
          v = phys_v2_scale (s->tau[i] <= t ? rate_at (s, i, t) : s->rate[i], 1.0 / dt);
        }
      if (positions != NULL)
        positions[i] = p;
      if (velocities != NULL)
        velocities[i] = v;
    }
  if (probe_positions != NULL)
    for (int i = 0; i < world->n_probes; i++)
      probe_positions[i] = phys_v2_add_scaled (world->probes[i].position,
                                               world->probes[i].velocity, dt * t);
  end_step (&st);
  phys_world_free (copy);
}

void
phys_world_frame_rigid_state_at (const PhysWorld *world, PhysReal t, int answers,
                                 PhysPose *polygon_poses, PhysVec2 *polygon_velocities,
                                 PhysReal *polygon_angular_velocities, PhysReal *circle_angles,
                                 PhysReal *circle_angular_velocities)
{
  PhysWorld *copy = phys_world_copy (world);
  Step st;
  begin_step (&st, copy, NULL);
  t = fmin (fmax (t, 0.0), 1.0);
  run_frame (&st, t, answers);
  if (copy->halt.kind == PHYS_HALT_NONE && st.rigid)
    phys_rigid_state_at (&st, t, polygon_poses, polygon_velocities, polygon_angular_velocities,
                         circle_angles, circle_angular_velocities);
  else
    {
      /* Nothing turns in this frame (no rigid bodies), or it never steps: the state as it is,
       * turning at its angular velocities. */
      for (int p = 0; p < world->n_polygons; p++)
        {
          const PhysPolygonBody *b = &world->polygons[p];
          if (polygon_poses != NULL)
            polygon_poses[p] = (PhysPose) { b->position, b->angle };
          if (polygon_velocities != NULL)
            polygon_velocities[p] = b->velocity;
          if (polygon_angular_velocities != NULL)
            polygon_angular_velocities[p] = b->angular_velocity;
        }
      bool halted = copy->halt.kind != PHYS_HALT_NONE;
      for (int i = 0; i < world->n_circles; i++)
        {
          const PhysCircle *c = &world->circles[i];
          PhysReal turn = halted ? 0.0 : turn_at (st.s, i, t);
          if (circle_angles != NULL)
            circle_angles[i] = c->angle + turn;
          if (circle_angular_velocities != NULL)
            circle_angular_velocities[i] = c->angular_velocity;
        }
    }
  end_step (&st);
  phys_world_free (copy);
}

PhysStatus
phys_world_rigid_detail (const PhysWorld *world, const PhysEvent *event, PhysRigidDetail *detail)
{
  memset (detail, 0, sizeof *detail);
  detail->answer = -1;
  if (!phys_event_is_rigid (event->kind) || event->frame != world->frame || event->answer < 0)
    return PHYS_ERROR_UNKNOWN_BODY;
  PhysWorld *copy = phys_world_copy (world);
  Step st;
  begin_step (&st, copy, NULL);
  st.detail = detail;
  st.detail_event = *event;
  /* The frame again, up to and including the event's answer: its records are filled by the
   * functions that made it. */
  run_frame (&st, 2.0, event->answer + 1);
  end_step (&st);
  phys_world_free (copy);
  return detail->answer == event->answer ? PHYS_OK : PHYS_ERROR_UNKNOWN_BODY;
}

void
phys_world_frame_paths (const PhysWorld *world, PhysVec2 *start, PhysVec2 *displacement)
{
  int n = world->n_circles;
  PhysVec2 *buf = malloc (((size_t) n * 3 + 1) * sizeof *buf);
  if (buf == NULL)
    abort ();
  phys_integrate_frame (world, buf, buf + n, buf + 2 * n, NULL, NULL);
  if (start != NULL)
    memcpy (start, buf, (size_t) n * sizeof *buf);
  if (displacement != NULL)
    memcpy (displacement, buf + n, (size_t) n * sizeof *buf);
  free (buf);
}

static bool
valid_ref (const PhysWorld *world, PhysBodyRef r)
{
  switch (r.kind)
    {
    case PHYS_BODY_CIRCLE: return r.index >= 0 && r.index < world->n_circles;
    case PHYS_BODY_SEGMENT: return r.index >= 0 && r.index < world->n_segments;
    case PHYS_BODY_PROBE: return r.index >= 0 && r.index < world->n_probes;
    case PHYS_BODY_POLYGON: return r.index >= 0 && r.index < world->n_polygons;
    case PHYS_BODY_CURVE: return r.index >= 0 && r.index < world->n_curves;
    default: return false;
    }
}

PhysStatus
phys_world_inspect_pair (const PhysWorld *world, PhysBodyRef a, PhysBodyRef b,
                         PhysPairRecord *record)
{
  memset (record, 0, sizeof *record);
  if (!valid_ref (world, a) || !valid_ref (world, b))
    return PHYS_ERROR_UNKNOWN_BODY;
  if (a.kind == PHYS_BODY_POLYGON || b.kind == PHYS_BODY_POLYGON || a.kind == PHYS_BODY_CURVE
      || b.kind == PHYS_BODY_CURVE)
    {
      if ((a.kind == b.kind && a.index == b.index) || !phys_world_has_rigid (world))
        return PHYS_ERROR_UNKNOWN_BODY;
      /* The frame's start on a copy: its contacts solved, then the pair's tests. */
      PhysWorld *copy = phys_world_copy (world);
      Step st;
      begin_step (&st, copy, NULL);
      st.time_limit = 2.0;
      st.answer_limit = INT_MAX;
      frame_start (&st);
      int kind = -1;
      bool rigid = st.rigid && copy->halt.kind == PHYS_HALT_NONE
                   && phys_rigid_inspect (&st, a, b, &record->a, &record->b, &kind, &record->rigid);
      end_step (&st);
      phys_world_free (copy);
      if (!rigid)
        {
          memset (record, 0, sizeof *record);
          return PHYS_ERROR_UNKNOWN_BODY;
        }
      record->kind = (PhysEventKind) kind;
      return PHYS_OK;
    }
  /* Put the circle or probe first; a segment always comes second. */
  if (a.kind == PHYS_BODY_SEGMENT)
    {
      PhysBodyRef t = a;
      a = b;
      b = t;
    }
  record->a = a;
  record->b = b;
  PhysReal dt = world->def.dt;

  if (a.kind == PHYS_BODY_PROBE && b.kind == PHYS_BODY_SEGMENT)
    {
      const PhysProbe *p = &world->probes[a.index];
      const PhysSegment *g = &world->segments[b.index];
      record->kind = PHYS_EVENT_PROBE_SEGMENT;
      record->probe = phys_probe_predict (p->position, phys_v2_scale (p->velocity, dt), g->a, g->b);
      return PHYS_OK;
    }
  if (a.kind != PHYS_BODY_CIRCLE
      || (b.kind != PHYS_BODY_CIRCLE && b.kind != PHYS_BODY_SEGMENT)
      || (b.kind == PHYS_BODY_CIRCLE && a.index == b.index))
    return PHYS_ERROR_UNKNOWN_BODY;

  int n = world->n_circles;
  PhysVec2 *start = malloc (((size_t) n * 4 + 1) * sizeof *start);
  if (start == NULL)
    abort ();
  PhysVec2 *disp = start + n, *end_vel = start + 2 * n, *acc = start + 3 * n;
  phys_integrate_frame (world, start, disp, end_vel, acc, NULL);
  /* The test the step makes at the frame's start: a parabola's velocity there, else the
   * straight path's displacement. */
  for (int i = 0; i < n; i++)
    if (acc[i].x != 0.0 || acc[i].y != 0.0)
      disp[i] = phys_v2_scale (world->circles[i].velocity, dt);

  const PhysCircle *ca = &world->circles[a.index];
  if (b.kind == PHYS_BODY_CIRCLE)
    {
      const PhysCircle *cb = &world->circles[b.index];
      record->kind = PHYS_EVENT_CIRCLE_CIRCLE;
      record->circle_circle
          = phys_sweep_circle_circle_accel (start[a.index], disp[a.index], acc[a.index], ca->radius,
                                            start[b.index], disp[b.index], acc[b.index], cb->radius);
    }
  else
    {
      const PhysSegment *g = &world->segments[b.index];
      record->kind = PHYS_EVENT_CIRCLE_SEGMENT;
      record->circle_segment
          = phys_sweep_circle_segment_accel (start[a.index], disp[a.index], acc[a.index], ca->radius,
                                             g->a, g->b, !world->def.modes.no_end_caps);
    }
  free (start);
  return PHYS_OK;
}
