/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-rigid-sleep-private.h: sleeping islands of polygons (phys-rigid-sleep.c,
 * docs/physics.md "Sleeping rigid bodies").
 *
 * Polygons joined by the frame's contacts (and by springs) form islands. A polygon counts the
 * frames in which it moves less than SLEEP_TOLERANCE of its bounding radius per frame (its
 * centre, and the points of its bounding circle by turning: |v| dt < tol r and |w| dt r < tol r);
 * an island whose polygons have all counted PHYS_SLEEP_FRAMES falls asleep at the frame's end:
 * velocities set to exactly 0 (the kinetic energy taken out logged as a sleep event), and from
 * then on its polygons stand still like fixed ones (no integration, no tests among sleepers or
 * against fixed bodies, no solving) while they stay obstacles for the bodies awake. An awake body
 * touching a sleeper, or a moving one whose box may reach one in the next frame, wakes its whole
 * island; so does a spring to an awake body, and any edit of the world.
 */
#pragma once

#include "phys-step-private.h"

/* The fraction of a polygon's bounding radius it may move per frame and still count as at rest
 * (world units per frame: 0.001 r; a 40 px box, r = 28 px, at 60 frames a second: 1.7 px/s, as
 * Box2D's 0.05 m/s at 30 px/m; its angular twin 0.001 rad per frame is Box2D's 2 degrees/s
 * scaled the same way, 3.4 degrees/s). */
#define PHYS_SLEEP_TOLERANCE 1e-3

/* True when polygon p cannot move this frame: fixed, or asleep. */
static inline bool
phys_polygon_still (const PhysWorld *world, int p)
{
  return world->polygons[p].fixed || phys_polygon_is_asleep (&world->polygons[p]);
}

/* True when nothing can move this frame: every polygon fixed or asleep, every circle fixed,
 * asleep or out of collisions. Then no pair of the frame's bodies needs a test. */
bool phys_rigid_sleep_all_still (const Step *st);

/* A touching pair of the frame as the sleep sees it: bodies by PhysBodyKind and index. */
typedef struct
{
  int kind_a, a, kind_b, b;
} PhysSleepLink;

/* The frame's end, after the position correction: counts every awake polygon's rest. Returns
 * true when islands are to be found (a polygon rested long enough, or something sleeps); false,
 * and nothing counted, when the world's sleep is off. */
bool phys_rigid_sleep_count_rest (Step *st);

/* Then joins the polygons into islands by links (the frame's contacts, n of them), the springs,
 * the sleepers' islands and the moving bodies that may reach a sleeper in the next frame; wakes
 * the islands that hold both sleepers and awake bodies and puts to sleep those that rested long
 * enough, logging a wake or sleep event for each. */
void phys_rigid_sleep_islands (Step *st, const PhysSleepLink *links, int n);

/* Wakes every sleeping polygon and zeroes every rest count (an edit at the world's frame). */
void phys_rigid_sleep_wake_all (PhysWorld *world);
