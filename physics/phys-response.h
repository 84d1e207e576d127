/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-response.h: collision responses, each a pure function returning a record
 * of every intermediate value.
 */
#pragma once

#include "phys-math.h"

/// Combined restitution of two surfaces, e = sqrt(e1 e2) (seed 000). Pure.
PhysReal phys_restitution_combine (PhysReal e1, PhysReal e2);

/// Everything the circle-circle impulse computed.
///
/// n = unit(p2 - p1); vn = (v1 - v2).n; j = -(1 + e) vn / (1/m1 + 1/m2);
/// v1' = v1 + j n / m1, v2' = v2 - j n / m2. Fixed bodies have inverse mass 0.
typedef struct
{
  bool applied;          ///< false when vn <= 0 (not approaching) or both masses infinite
  PhysVec2 normal;       ///< n, unit, from circle 1 towards circle 2
  PhysReal e;            ///< restitution used
  PhysReal inv_mass1;    ///< 1 / m1, 0 for a fixed body
  PhysReal inv_mass2;    ///< 1 / m2, 0 for a fixed body
  PhysVec2 rel_vel;      ///< v1 - v2
  PhysReal vn;           ///< (v1 - v2).n, relative normal speed, > 0 when approaching
  PhysReal j;            ///< impulse along n (negative when approaching), mass x velocity
  PhysVec2 v1_before, v2_before; ///< velocities in
  PhysVec2 v1_after, v2_after;   ///< velocities out (equal to in when not applied)
} PhysImpulse;

/// Impulse between two circles touching along normal (unit, 1 towards 2). Pure.
PhysImpulse phys_impulse_circle_circle (PhysVec2 normal, PhysVec2 v1, PhysReal inv_mass1,
                                        PhysVec2 v2, PhysReal inv_mass2, PhysReal e);

/// How a segment answers a circle that touches it.
typedef enum
{
  PHYS_RESPONSE_REFLECT = 0, ///< v' = v - (1 + e)(v.n) n: bounce
  PHYS_RESPONSE_SLIDE,       ///< v' = v - (v.n) n: keep only the motion along the surface
} PhysResponse;

/// Stable name of a response ("reflect", "slide"). Pure.
const char *phys_response_name (PhysResponse response);

/// Everything a segment response computed (seed 002, with restitution).
///
/// With n the unit normal towards the circle, V(Ap) = -(v.n) n is the velocity's
/// projection on the normal turned to point away from the surface; reflection is
/// v' = v + (1 + e) V(Ap) (A' = A + 2 V(Ap) when e = 1), sliding v' = v + V(Ap).
typedef struct
{
  bool applied;        ///< false when v.n >= 0 (already leaving the surface)
  PhysResponse response; ///< reflect or slide
  PhysVec2 normal;     ///< n, unit, from the surface towards the circle centre
  PhysReal e;          ///< restitution used (ignored by slide)
  PhysReal vn;         ///< v.n, negative when approaching
  PhysVec2 v_normal_away; ///< V(Ap) = -(v.n) n
  PhysVec2 v_along;    ///< v - (v.n) n, the part along the surface
  PhysVec2 v_before;   ///< velocity in
  PhysVec2 v_after;    ///< velocity out
  PhysReal j;          ///< impulse magnitude along n per unit mass: v_after.n - v_before.n
} PhysSegmentResponse;

/// Response of a circle with velocity v touching a surface with unit normal n. Pure.
PhysSegmentResponse phys_segment_respond (PhysVec2 normal, PhysVec2 v, PhysResponse response,
                                          PhysReal e);

/// Where sliding puts a circle: its foot on the surface plus depth along the
/// normal (seed 002's B + C). depth is the radius minus a small skin by default,
/// exactly the radius in the jitter teaching mode. Pure.
PhysVec2 phys_slide_reposition (PhysVec2 surface_point, PhysVec2 normal, PhysReal depth);

/// Everything the Coulomb friction at a contact with a circle computed (docs/physics.md,
/// friction with spin).
///
/// Body 1 and body 2 touch at one point along the unit normal n (from 1 towards 2): the
/// point is c1 + r1 n = c2 - r2 n, so the lever arms are r1 n and -r2 n (a segment is body 1
/// with r1 = 0 and no mass). With t = (-n.y, n.x) the slip is the tangential velocity of 2's
/// point relative to 1's,
///   vt = (v2 - v1).t - w2 r2 - w1 r1
/// (w x r = (-w r.y, w r.x), so r1 n x t = r1 and -r2 n x t = -r2), the effective mass
///   kt = 1 / (1/m1 + 1/m2 + r1^2/I1 + r2^2/I2)   (3/m per free disk: I = m r^2 / 2)
/// and the impulse on 2 along t is jt = -kt vt (the slip stopped: sticking), clamped to
/// [-mu jn, mu jn] (sliding). 1 takes -jt: v1 -= jt t/m1, w1 -= r1 jt/I1, v2 += jt t/m2,
/// w2 -= r2 jt/I2. The slip after is vt (1 - jt/jt_free): never larger, never reversed, so
/// friction never adds energy.
typedef struct
{
  bool applied;          ///< mu > 0, jn > 0, a slip and something movable: jt was applied
  bool sliding;          ///< |jt_free| > mu jn: clamped (kinetic), else sticking (static)
  PhysReal mu;           ///< friction coefficient used, sqrt(mu1 mu2)
  PhysReal jn;           ///< magnitude of the normal impulse of the contact, >= 0
  PhysReal r1, r2;       ///< lever arms' lengths (the radii; 0 for a segment)
  PhysReal inv_inertia1, inv_inertia2; ///< 0 for an immovable body
  PhysReal vt_before;    ///< slip before
  PhysReal tangent_mass; ///< kt
  PhysReal jt_free;      ///< -kt vt, the impulse that stops the slip
  PhysReal jt_limit;     ///< mu jn
  PhysReal jt;           ///< impulse applied on 2 along t (1 takes -jt)
  PhysReal vt_after;     ///< slip after, from the velocities after (0 to rounding when sticking)
  PhysReal w1_before, w2_before, w1_after, w2_after; ///< angular velocities (radians per time
                                                     ///< unit, positive clockwise on screen)
} PhysCircleFriction;

/// Coulomb friction at a contact of normal impulse magnitude jn (the answer's |j|); the
/// velocities after go to *v1_after and *v2_after (the record keeps the angular ones; the
/// answer's record, the linear ones). Pure.
PhysCircleFriction phys_friction_circle (PhysVec2 normal, PhysReal jn, PhysReal mu,
                                         PhysVec2 v1, PhysReal w1, PhysReal r1,
                                         PhysReal inv_mass1, PhysReal inv_inertia1,
                                         PhysVec2 v2, PhysReal w2, PhysReal r2,
                                         PhysReal inv_mass2, PhysReal inv_inertia2,
                                         PhysVec2 *v1_after, PhysVec2 *v2_after);

/// Kinetic and rolling friction on a circle held on a surface (a resting contact) under
/// gravity, between impacts (docs/physics.md, friction while held). Per mass, along the
/// tangent t = (-n.y, n.x) of the surface's normal n (from the surface to the circle), in
/// world units and frames: the circle's slip at the touching point is s = v.t - w r (w in
/// radians per frame), the surface presses it with N = m press, and along t the rest of
/// its acceleration is g_t. With k = 1 + m r^2 / I, a friction force f (per mass, along t)
/// changes the slip at g_t + k f per frame^2:
///  - slipping (s != 0): f = -sign(s) mu press; the slip reaches 0 after -s / (g_t + k f)
///    frames when that is positive (then the circle rolls, if it can), else never;
///  - not slipping: rolling needs f = -g_t / k; with |f| <= mu press it rolls (the slip
///    stays 0), else it slides the way g_t pulls with f = -sign(g_t) mu press.
/// The circle's acceleration gains f t and its spin changes at -m r f / I per frame^2.
typedef struct
{
  bool sliding;          ///< kinetic friction (else rolling, or nothing to hold: f = 0)
  PhysReal k;            ///< 1 + m r^2 / I (3 for a disk)
  PhysReal f;            ///< friction per mass along t, world units per frame^2
  PhysReal slip_rate;    ///< g_t + k f: how fast the slip changes, per frame^2
  PhysReal spin_acc;     ///< -m r f / I: radians per frame^2
  PhysReal t_roll;       ///< frames until the slip reaches 0, or -1 (never, or not sliding)
} PhysHeldFriction;

/// The friction on a held circle of slip s (world units per frame), pressed by press (> 0,
/// per frame^2) with g_t along the tangent, coefficient mu, radius r, mass m and inverse
/// inertia inv_inertia. Pure.
PhysHeldFriction phys_friction_held (PhysReal s, PhysReal press, PhysReal g_t, PhysReal mu,
                                     PhysReal r, PhysReal m, PhysReal inv_inertia);
