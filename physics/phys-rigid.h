/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-rigid.h: answers between rigid bodies that turn: impulses with spin and
 * Coulomb friction at one or two contact points, and the records the step keeps
 * of them (docs/rigid-bodies.md).
 *
 * Conventions: the normal n points from body a to body b; the tangent is
 * t = (-n.y, n.x). A lever arm r is the contact point minus a body's centre of
 * mass, and r x n = r.x n.y - r.y n.x. A body turning at w (radians per time unit,
 * positive clockwise on the y-down screen) moves its point r at v + w x r with
 * w x r = (-w r.y, w r.x). The relative velocity at a contact is b's point's minus
 * a's: vn < 0 approaching.
 *
 * One point, restitution e (Newton's rule on the normal speed):
 *   j = -(1 + e) vn / (1/ma + 1/mb + (ra x n)^2 / Ia + (rb x n)^2 / Ib)
 * a receives -j n at the point, b +j n. Friction follows with the tangent
 * speed the normal impulse left: jt = -vt / (1/ma + 1/mb + (ra x t)^2 / Ia +
 * (rb x t)^2 / Ib), clamped to [-mu j, mu j] (Coulomb).
 */
#pragma once

#include <stdint.h>

#include "phys-advance.h"
#include "phys-bezier.h"
#include "phys-curve-contact.h"
#include "phys-sat.h"

/// Most iterations of the frame's contact solver that a detail record keeps.
#define PHYS_RIGID_MAX_ITERATIONS 32

/// A body as an answer sees it.
typedef struct
{
  PhysVec2 center;           ///< centre of mass, world units
  PhysVec2 velocity;         ///< of the centre of mass, world units per time unit
  PhysReal angular_velocity; ///< radians per time unit, positive clockwise on screen
  PhysReal angle;            ///< radians
  PhysReal mass;             ///< mass units; 0 for an immovable body (it keeps no ledger)
  PhysReal inertia;          ///< moment of inertia about the centre of mass; 0 when immovable
  PhysReal inv_mass;         ///< 1 / mass, 0 for an immovable body
  PhysReal inv_inertia;      ///< 1 / inertia, 0 for an immovable body
} PhysRigidState;

/// How the moment of a rigid answer was found.
typedef enum
{
  PHYS_RIGID_FOUND_SWEPT_SAT = 0, ///< swept separating axes: both bodies translate (exact)
  PHYS_RIGID_FOUND_ADVANCE,       ///< conservative advancement: a body turns, or a curve or a
                                  ///< parabola is involved (to PHYS_ADVANCE_TOLERANCE)
  PHYS_RIGID_FOUND_TOUCHING,      ///< already touching and approaching when tested (after
                                  ///< another answer changed a path): answered at once
  PHYS_RIGID_FOUND_CONTACT_SOLVER, ///< touching when the frame began: the frame's contact solver
  PHYS_RIGID_FOUND_CORRECTION,    ///< a contact of the frame without an answer (a touching pair
                                  ///< that did not approach) that the position correction moved
                                  ///< at the frame's end: no impulse, only the correction's ledger
} PhysRigidFound;

/// Stable name ("swept-sat", "advance", "touching", "contact-solver", "correction"). Pure.
const char *phys_rigid_found_name (PhysRigidFound found);

/// One contact point's share of a rigid answer.
typedef struct
{
  PhysVec2 point;          ///< contact point, world units
  PhysReal depth;          ///< > 0 penetration, < 0 gap, world units
  uint32_t id;             ///< feature id (PhysContactPoint.id): the same features, the same id
  PhysVec2 ra, rb;         ///< lever arms: point minus a's centre of mass, minus b's
  PhysReal ra_cross_n;     ///< ra x n
  PhysReal rb_cross_n;     ///< rb x n
  PhysReal ra_cross_t;     ///< ra x t
  PhysReal rb_cross_t;     ///< rb x t
  PhysReal normal_mass;    ///< 1 / (1/ma + 1/mb + (ra x n)^2/Ia + (rb x n)^2/Ib): the effective
                           ///< mass along n (0 when both bodies are immovable)
  PhysReal tangent_mass;   ///< the same along t
  PhysReal vn_before;      ///< relative normal velocity before, world units per time unit
  PhysReal vt_before;      ///< relative tangent velocity before
  PhysReal target;         ///< the normal velocity the answer aims at: -e vn_before for an
                           ///< impact; for the contact solver 0, or the approach a gap allows
  PhysReal jn;             ///< normal impulse, >= 0 (b along +n, a along -n), mass x velocity
  PhysReal jt_free;        ///< friction impulse that would stop the sliding (last iteration)
  PhysReal jt_limit;       ///< mu jn, the Coulomb clamp
  PhysReal jt;             ///< friction impulse applied (along t on b, -t on a)
  bool sliding;            ///< the clamp acted: |jt_free| > jt_limit
  PhysReal vn_after;       ///< relative normal velocity after
  PhysReal vt_after;       ///< relative tangent velocity after
} PhysRigidPoint;

/// Everything a rigid answer did: its contact points, the impulses with spin and friction,
/// both bodies before and after, and the ledger. Holds no pointers: an event keeps it.
typedef struct
{
  PhysRigidFound found;    ///< how the moment was found
  int search_steps;        ///< conservative advancement steps taken (ADVANCE), else 0
  PhysVec2 normal;         ///< unit, from a to b
  PhysVec2 tangent;        ///< (-n.y, n.x)
  PhysReal e;              ///< restitution used (0 when the rest rule took it)
  PhysReal mu;             ///< friction coefficient used, sqrt(mu_a mu_b)
  int reference_body;      ///< 0 when a's edge is the reference face, 1 when b's (-1: none)
  int reference_edge;      ///< its edge (a segment: 0 its left side, 1 its right), or -1
  int incident_edge;       ///< the other body's edge, or -1 (a circle, a curve)
  PhysReal curve_s;        ///< curve pairs: the parameter s of the closest point, else 0
  int point_count;         ///< 1 or 2
  PhysRigidPoint points[2]; ///< the contact points
  bool block;              ///< two points solved together (the exact 2 x 2 solve); false: one
                           ///< point, or the second was dropped (K too ill-conditioned)
  PhysReal k11, k12, k22;  ///< K = J M^-1 J^T of the normal rows: k11 = 1 / normal_mass of
                           ///< point 0, k12 their coupling, k22 of point 1
  int iterations;          ///< contact solver: velocity iterations; an impact: 1
  PhysRigidState a_before, a_after; ///< body a
  PhysRigidState b_before, b_after; ///< body b
  PhysReal energy_before;  ///< kinetic energy (rotation included) of the movable ones of a, b
  PhysReal energy_after;
  PhysVec2 momentum_before; ///< their momentum
  PhysVec2 momentum_after;
  PhysReal angular_momentum_before; ///< their angular momentum about the world origin
  PhysReal angular_momentum_after;
  PhysReal correction;     ///< how far the position correction at the frame's end moved the
                           ///< bodies apart along n (world units, summed over its iterations
                           ///< and points), 0 when it had nothing to correct
  PhysReal correction_angular; ///< the angular momentum about the world origin that correction
                           ///< changed (it moves bodies, not their velocities: P x (vb - va)
                           ///< for a positional push P), for the ledger
  PhysReal correction_energy; ///< the potential energy in gravity that correction changed
                           ///< (lifting a body out of the floor raises it), for the ledger
} PhysRigidAnswer;

/// The effective mass along unit direction d at a contact with lever arms ra and rb:
/// 1 / (1/ma + 1/mb + (ra x d)^2/Ia + (rb x d)^2/Ib) (inverse masses and inertias given; 0 when
/// both are immovable). Pure.
PhysReal phys_rigid_effective_mass (PhysReal inv_mass_a, PhysReal inv_inertia_a, PhysVec2 ra,
                                    PhysReal inv_mass_b, PhysReal inv_inertia_b, PhysVec2 rb,
                                    PhysVec2 d);

/// The kinetic energy (1/2 m v^2 + 1/2 I w^2), momentum and angular momentum about the world
/// origin (c x m v + I w) of a body; zero for an immovable one. Pure.
void phys_rigid_state_ledger (const PhysRigidState *s, PhysReal *energy, PhysVec2 *momentum,
                              PhysReal *angular_momentum);

/// The impulse answer of bodies a and b touching at count (1 or 2) points along the unit
/// normal n (from a to b), with restitution e (applied to points approaching) and friction
/// coefficient mu. Normal impulses first: one point by the formula above; two points together,
/// the exact solution of the 2 x 2 linear complementarity problem that brings every
/// approaching point to rest (lambda >= 0, vn' >= 0, lambda vn' = 0), then (1 + e) times that
/// impulse (Poisson's hypothesis: the same as Newton's rule for one point, and it never adds
/// energy for e <= 1). Then friction at each point in turn, clamped by mu jn. Fills *out: the
/// points, K, both states after and the ledger (found, search_steps and iterations are the
/// caller's). Pure.
void phys_rigid_impulse (PhysRigidAnswer *out, const PhysRigidState *a, const PhysRigidState *b,
                         PhysVec2 normal, const PhysVec2 *points, const PhysReal *depths,
                         const uint32_t *ids, int count, PhysReal e, PhysReal mu);

/// The tests of a rigid pair: the static test at a moment and the search for the first touch
/// over (the rest of) the frame.
typedef struct
{
  PhysRigidFound found;    ///< which search decided (SWEPT_SAT, ADVANCE), or TOUCHING /
                           ///< CONTACT_SOLVER when the pair touched when it was tested
  PhysReal t0;             ///< frame time the search started from
  PhysSatRecord sat;       ///< the static separating axis test where the contact was taken (at
                           ///< the answer; for a pair record, at the frame's start): every axis,
                           ///< the MTV, reference/incident edges, clipping and contact points.
                           ///< For a polygon and a curve, the test against the curve's tangent
                           ///< segment at the contact (see curve_polygon for the contact itself)
  PhysSweptSatRecord swept; ///< SWEPT_SAT: every axis's [enter, exit] interval
  PhysAdvanceRecord advance; ///< ADVANCE of two polygons: every iteration
  PhysCurveAdvanceRecord curve_advance; ///< ADVANCE of a circle against a curve
  bool has_curve;          ///< curve pairs: closest below is meaningful
  PhysBezierClosest curve; ///< curve pairs: the closest point search (for a circle, from its
                           ///< centre; for a polygon, from the polygon's closest point)
  bool has_curve_polygon;  ///< polygon-curve pairs: curve_polygon below is meaningful
  PhysCurvePolygonContact curve_polygon; ///< polygon-curve pairs: the contact against the curve
                           ///< itself (every vertex and edge candidate, s, point, normal)
} PhysRigidTests;

/// What phys_world_inspect_pair() returns for a rigid pair: its tests at the start of the
/// coming frame, whether or not they touch.
typedef struct
{
  PhysRigidTests tests;    ///< the static test and the search over the frame
  bool hit;                ///< the search found a first touch inside the frame
  PhysReal t;              ///< its time (frame fraction), when hit
} PhysRigidPairRecord;

/// The full records of one rigid event (phys_world_rigid_detail()).
typedef struct
{
  int answer;              ///< the event's PhysEvent.answer
  PhysRigidTests tests;    ///< the tests that found it and the static test at the answer
  PhysRigidAnswer answer_record; ///< the answer as the event logged it
  int iterations;          ///< contact solver events: iterations recorded below
  PhysReal jn[PHYS_RIGID_MAX_ITERATIONS][2]; ///< accumulated normal impulse of each point after
                                             ///< each velocity iteration (warm start first)
  PhysReal jt[PHYS_RIGID_MAX_ITERATIONS][2]; ///< accumulated friction impulse after each
} PhysRigidDetail;
