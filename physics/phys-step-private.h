/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-step-private.h: the working state of a frame, shared by the circle engine
 * (phys-step.c) and the rigid bodies' part of the frame (phys-rigid-step.c).
 */
#pragma once

#include "phys-grid-private.h"
#include "phys-holds-private.h"
#include "phys-world-private.h"

/* The rigid bodies' working memory of a frame (phys-rigid-step.c). */
typedef struct RigidScratch RigidScratch;

typedef struct
{
  PhysReal t;           /* absolute frame time of the event */
  PhysReal t0;          /* time the test started */
  int kind;             /* PhysEventKind */
  int b_kind;           /* PhysBodyKind of b */
  int a, b;             /* circle, then circle (a < b) or segment */
  uint32_t va, vb;      /* versions of a and b when found */
} Candidate;

/* A resting contact that holds circles this frame (docs/physics.md, stacks): circle i against
 * circle j, or against segment seg when j < 0. It pushes i along n (unit, from j towards i,
 * as it was when the contact came to rest) and j back along -n, as hard as it takes to keep
 * their relative acceleration along n at zero; a push that would have to pull is released. */
typedef struct
{
  int i, j, seg;
  PhysVec2 n;
  int next[2];          /* the next hold in i's list and in j's */
  int mark;             /* stamp of the last cluster of holds it was gathered into */
  int slot;             /* its place among that cluster's holds */
  bool pushes[2];       /* i's, j's acceleration carries its push (or reaction) */
  bool live;            /* still holding (a contact that opens is released) */
} Hold;

/* What a circle went through in the frame so far. One record per circle, so that a frame
 * starts each one afresh with a single copy (see FRESH_TRAIL). */
typedef struct
{
  PhysReal last_t;      /* time of the circle's last answered contact this frame, or -1 */
  PhysReal merged_t;    /* when the circle's jammed cluster last moved on as one, or -1 */
  PhysReal stop_t;      /* when its last resting answer by something immovable was, or -1 */
  PhysVec2 stop_n;      /* that answer's normal */
  PhysReal sep_t;       /* when it was last separated from an immovable circle, or -1 */
  PhysReal hold_t;      /* since when the circle's acceleration has been what it is */
  long hold_event;      /* the logged event that set it (its support is recorded there), or -1 */
  long last_event;      /* the circle's last logged event this frame, or -1 */
  int sep_from;         /* the immovable circle it was last separated from, or -1 */
  int same_t;           /* answers the circle got at last_t */
  int answers;          /* resting answers the circle got this frame */
  int mark;             /* stamp of the last cluster (jammed, or of holds) it was found in */
  int holds;            /* first of its holds this frame, or -1 */
  bool rested;          /* had a slow resting contact this frame */
  bool pinned;          /* jammed by separations: stands firm in later ones this frame */
  /* Its turn once friction changed its spin this frame (circle-only worlds; the rigid part keeps
   * its own): the angle turned up to spin_tau, then spin per frame. spin_tau < 0: untouched,
   * the integrator's turn holds. */
  PhysReal spin_tau, turned, spin;
} Trail;

/* Friction while held on one segment (mu > 0, docs/physics.md), per circle: while on, since
 * t it adds acc to the circle's acceleration and spin_acc (radians per frame^2) to its turn's
 * rate (from the trail's spin_tau on); the slip at t and its rate, the friction per mass while
 * sliding (0 rolling), and when the slip reaches 0 (or -1). Apart from the trail: a frame
 * resets only the circles whose friction was on. */
typedef struct
{
  bool on;
  PhysVec2 acc;
  PhysReal t, slip, slip_rate, slide, roll_t, spin_acc;
} HoldFriction;

struct PhysStepScratch
{
  int cap;
  PhysVec2 *start, *disp, *end_vel;
  PhysVec2 *pos, *rate;  /* position and velocity (world units per frame) at tau */
  PhysVec2 *base_acc;    /* gravity for a circle that flies parabolas (per frame^2), else 0 */
  PhysVec2 *acc;         /* its acceleration now: base_acc less what supports it */
  PhysVec2 *sup_n;       /* two per circle: normals of the surfaces it rests on this frame */
  int *n_sup;
  PhysReal *tau;
  uint32_t *version;
  bool *done;
  bool *asleep;         /* sleeping this frame: still, and infinitely heavy until woken */
  bool *standing;       /* infinitely heavy: asleep, or its jammed cluster stopped (unjam) */
  int *slot;            /* its place in the cluster of holds being solved (valid while marked) */
  uint64_t *changed_at; /* the answer whose solve of holds last changed its acceleration */
  uint64_t answer_stamp; /* answers handled by this world's steps, all frames */
  Trail *trail;         /* what the circle went through this frame */
  HoldFriction *held_fric; /* friction while held, per circle */
  bool any_held_fric;   /* some circle's friction while held was on this frame */
  PhysAabb *box;
  PhysGrid grid;
  Candidate *heap;
  int n_heap, cap_heap;
  PhysAabb *seg_box;
  int *seg_id;
  int cap_seg;
  Hold *holds;          /* the frame's holds, in the order they were made */
  int n_holds, cap_holds;
  /* The solve of a cluster of holds: its circles and holds, and the system solved. */
  int *members, *gathered;
  int cap_members, cap_gathered;
  PhysHoldSystem system;
  /* Rotation: what the integrators give every circle and polygon for the frame. */
  PhysRigidPaths paths;
  int cap_paths_circles, cap_paths_polygons;
  RigidScratch *rigid;   /* the rigid bodies' part of the frame (phys-rigid-step.c) */
};

typedef struct
{
  PhysWorld *world;
  PhysStepScratch *s;
  PhysEventLog *log;
  bool has_forces;
  int handled;
  int cap;
  int64_t tests;        /* pair tests made this frame */
  int64_t test_cap;     /* most pair tests a frame may make (bounds its time and memory) */
  PhysReal now;         /* time of the test being made */
  int self;             /* circle being tested */
  int skip;             /* circle not to test against (already tested the other way) */
  bool discrete;        /* discrete teaching mode: no sweeps, no re-tests */
  bool rigid;           /* the world has polygons or curves: the rigid part runs */
  PhysReal time_limit;  /* stop before events later than this */
  int answer_limit;     /* stop before this many answers */
  PhysReal settled;     /* approach per frame below which touching contacts are settled */
  int *wake;            /* sleepers found next to a circle that woke */
  int n_wake, cap_wake;
  int *found;           /* discrete mode: neighbours of the circle being tested */
  int n_found, cap_found;
  int *cluster;         /* a jammed cluster being gathered */
  int n_cluster, cap_cluster;
  int stamp;            /* of the last jammed cluster gathered this frame */
  PhysReal jam_t;       /* the instant of the cluster being gathered */
  PhysRigidDetail *detail; /* phys_world_rigid_detail(): the records to fill, or NULL */
  PhysEvent detail_event;  /* the event they are of */
  long event_at;        /* log index of the event being handled, or -1 without a log */
  PhysReal event_t;     /* its time */
  PhysVec2 moved;       /* momentum the answers of that event gave the circles */
  PhysVec2 handed_back; /* momentum of the fall of sleepers it woke (see wake_one), to log */
  int *seeds;           /* circles whose holds are to be solved again */
  int n_seeds, cap_seeds;
  int *changed;         /* circles other than the event's whose acceleration a solve changed */
  int n_changed, cap_changed;
} Step;

/* What every event of a frame starts with: kind, time, bodies, answer and the flags of a
 * collision. Zero-initialise (a compound literal), then set what applies. */
typedef struct
{
  PhysEventKind kind;
  PhysReal t, t0;
  int a, b;
  PhysBodyKind b_kind;
  int answer;
  bool resting, at_frame_end, jammed;
  PhysReal removed;
} EventHead;

/* ---- bodies inside the frame -------------------------------------------- */

static inline PhysVec2
position_at (const PhysStepScratch *s, int i, PhysReal t)
{
  if (t == s->tau[i])
    return s->pos[i];
  PhysReal h = t - s->tau[i];
  PhysVec2 p = phys_v2_add_scaled (s->pos[i], s->rate[i], h);
  if (s->acc[i].x == 0.0 && s->acc[i].y == 0.0)
    return p;
  return phys_v2_add_scaled (p, s->acc[i], 0.5 * h * h);
}

/* Velocity (world units per frame) of circle i at time t of its path. */
static inline PhysVec2
rate_at (const PhysStepScratch *s, int i, PhysReal t)
{
  return phys_v2_add_scaled (s->rate[i], s->acc[i], t - s->tau[i]);
}

/* Moves circle i's clock to t, where it stands at p (its path's point, or where a
 * response put it). */
static inline void
move_clock (PhysStepScratch *s, int i, PhysReal t, PhysVec2 p)
{
  s->rate[i] = rate_at (s, i, t);
  s->pos[i] = p;
  s->tau[i] = t;
}

/* ---- the circle engine, for the rigid part (phys-step.c) ------------------ */

/* realloc of n items of size (at least one), aborting when memory runs out. */
void *phys_step_realloc (void *p, size_t n, size_t size);
/* Appends an event of this frame with its head; the rest of the record starts at zero. */
PhysEvent *phys_step_log_event (Step *st, const EventHead *head);
/* Starts handling an event at time t. */
void phys_step_begin_event (Step *st, PhysReal t);
/* Adds momentum the immovable bodies took to the logged event at index at. */
void phys_step_note_taken (Step *st, long at, PhysVec2 p);
/* Sets circle i's velocity (world units per time unit) from its clock on. */
void phys_step_set_velocity (Step *st, int i, PhysVec2 before, PhysVec2 after);
/* After circle i's path changed: its version, its box in the grid. */
void phys_step_path_changed (Step *st, int i);
/* Tests circle i against everything it might meet from st->now on (skip: a circle not to
 * test against, or -1). */
void phys_step_test_circle (Step *st, int i, int skip);
/* Wakes a sleeping circle and the sleepers touching it; true when it was asleep. */
bool phys_step_wake (Step *st, int i);
/* Inverse mass as collisions see it (0 for a sleeping circle). */
PhysReal phys_step_inv_mass (const Step *st, int i);
/* Queues a candidate. */
void phys_step_push (Step *st, Candidate c);
/* The circle's box for the rest of its path. */
PhysAabb phys_step_remaining_box (const Step *st, int i);

/* ---- the rigid part (phys-rigid-step.c) --------------------------------- */

/* Frees the rigid working memory. */
void phys_rigid_scratch_free (RigidScratch *r);
/* Starts the frame: every polygon's clock and path from the integrators, every circle's turn.
 * Returns false when the world has no rigid bodies (then nothing else below is called). */
bool phys_rigid_reset (Step *st);
/* The polygons' boxes for the broad phase (grid ids n_circles + p). */
PhysAabb phys_rigid_polygon_box (const Step *st, int p);
/* The contacts touching when the frame begins: found, solved together (velocities), logged;
 * their bodies' paths changed. Counts as one answer. */
void phys_rigid_contacts (Step *st);
/* Tests a pair of grid bodies, one of them a polygon (ids >= n_circles). */
void phys_rigid_test_pair (Step *st, int i, int j);
/* Tests polygon p against the segments, walls and curves. */
void phys_rigid_test_polygon_static (Step *st, int p);
/* Tests circle i against the curves. */
void phys_rigid_test_circle_curves (Step *st, int i);
/* Tests polygon p against everything it might meet from st->now on. */
void phys_rigid_test_polygon (Step *st, int p);
/* True when a rigid candidate's bodies have not changed since it was found. */
bool phys_rigid_candidate_current (const Step *st, const Candidate *c);
/* Answers a rigid candidate. */
void phys_rigid_handle (Step *st, const Candidate *c);
/* Ends the frame: polygons and circles' rotation to their ends, the position correction of
 * the frame's contacts. Circles' positions are final when this runs. */
void phys_rigid_finish (Step *st);
/* The tests of rigid pair (ra, rb) at the frame's start (after its contacts were solved), in the
 * pair's order (*oa, *ob) and event kind. Returns false when it is not a rigid pair. */
bool phys_rigid_inspect (Step *st, PhysBodyRef ra, PhysBodyRef rb, PhysBodyRef *oa,
                         PhysBodyRef *ob, int *kind, PhysRigidPairRecord *out);
/* A circle's angular velocity (per time unit) at its rotation clock, and a change of it at t
 * (friction with spin, docs/physics.md): its turn goes on at the new rate, and the angular
 * velocity it ends the frame with changes by as much. */
PhysReal phys_rigid_circle_spin (const Step *st, int i);
void phys_rigid_circle_set_spin (Step *st, int i, PhysReal t, PhysReal before, PhysReal after);
/* Stops every polygon where it stands at t (the event cap). */
void phys_rigid_freeze (Step *st, PhysReal t);
/* Every polygon's pose and velocities, every circle's angle and angular velocity at t (the
 * frame stopped there). */
void phys_rigid_state_at (const Step *st, PhysReal t, PhysPose *poses, PhysVec2 *velocities,
                          PhysReal *spins, PhysReal *circle_angles, PhysReal *circle_spins);
