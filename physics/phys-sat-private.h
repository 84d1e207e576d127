/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-sat-private.h: the cores of the separating axis tests, shared by the public record
 * functions (phys-sat.h) and the step. Each core computes what the step needs into a small
 * answer and, when given a record, also fills every intermediate value into it: the step and
 * the inspector run the same arithmetic, so what is shown is what happened.
 */
#pragma once

#include <stdint.h>
#include <string.h>

#include "phys-sat.h"

/* fmin and fmax as the C library computes them for numbers (x < y ? x : y, and x > y ? x : y:
 * on a tie, the second), written out so that no call is made: the step projects every hull on
 * every axis, and the records must keep their bits. */
static inline PhysReal
phys_min_of (PhysReal x, PhysReal y)
{
  return x < y ? x : y;
}

static inline PhysReal
phys_max_of (PhysReal x, PhysReal y)
{
  return x > y ? x : y;
}

/* A convex outline with its outward normals: a placed polygon, or a segment as a two-sided
 * outline (edge 0 from P to Q with the left normal, edge 1 back with the right one). Only the
 * first count entries are meaningful. */
typedef struct
{
  int count;
  PhysVec2 v[PHYS_POLYGON_MAX_VERTICES];
  PhysVec2 n[PHYS_POLYGON_MAX_VERTICES];
  /* The outline projected on each of its own normals (the same arithmetic as on any axis), made
   * once with the outline: every pair it is tested against needs them. */
  PhysReal self_min[PHYS_POLYGON_MAX_VERTICES];
  PhysReal self_max[PHYS_POLYGON_MAX_VERTICES];
  /* The pose phys_hull_place() placed it at (position, cosine, sine; left as they were by the
   * other constructors): a cache of placed hulls compares them bit for bit. */
  PhysVec2 placed_at;
  PhysReal placed_c, placed_s;
} PhysHull;

/* The bits of x (so that -0 and +0 differ, and a NaN matches only itself). */
static inline uint64_t
phys_real_bits (PhysReal x)
{
  uint64_t u;
  memcpy (&u, &x, sizeof u);
  return u;
}

/* Whether h was placed by phys_hull_place() at exactly these bits of position, c and s (placing
 * it again there, from the same shape, gives the same hull bit for bit). */
static inline bool
phys_hull_placed_at (const PhysHull *h, PhysVec2 position, PhysReal c, PhysReal s)
{
  return phys_real_bits (h->placed_at.x) == phys_real_bits (position.x)
         && phys_real_bits (h->placed_at.y) == phys_real_bits (position.y)
         && phys_real_bits (h->placed_c) == phys_real_bits (c)
         && phys_real_bits (h->placed_s) == phys_real_bits (s);
}

/* The hull of a placed polygon. */
void phys_hull_from_world (PhysHull *h, const PhysPolygonWorld *w);

/* Places a body-local polygon at position, turned by the angle whose cosine and sine are c and
 * s: the same arithmetic as phys_polygon_place(). */
void phys_hull_place (PhysHull *h, const PhysPolygon *shape, PhysVec2 position, PhysReal c,
                      PhysReal s);

/* The two-sided hull of segment pq. */
void phys_hull_segment (PhysHull *h, PhysVec2 p, PhysVec2 q);

/* What a static test found. The manifold is built when the least overlap is at least -keep,
 * and keeps the points whose separation is at most keep (the public tests use
 * PHYS_CONTACT_TOUCH_TOLERANCE; the step a contact margin). Fields the manifold does not use
 * are left as they are; so are its clipping steps (manifold.clips) when the core is given no
 * record. */
typedef struct
{
  PhysContactVerdict verdict;
  int axis_count;
  int first_separating;
  int best;
  PhysSatAxis best_axis;   /* a copy of the axis of least overlap */
  PhysReal overlap;
  PhysVec2 normal;
  PhysVec2 mtv;
  bool has_manifold;       /* the manifold below was built */
  PhysSatManifold manifold;
} PhysSatContact;

/* A against B on A's normals and B's first b_axes normals (B a polygon: all; a segment: 1).
 * one_sided: B is a wall whose first normal points to where A belongs: on that axis the push is
 * always back along it (overlap = backward), however deep A is. rec (may be NULL) gets every
 * axis and the clipping steps. Without rec, the search stops at the first axis that shows them
 * more than apart_beyond apart (INFINITY: never): that axis is then the chosen one and no
 * manifold is built (for callers that only need to know they are that far apart); it leaves
 * out the axes that cannot give the least overlap, and first_separating stays -1 (the record's
 * early-out axis). */
void phys_sat_hulls_core (const PhysHull *a, const PhysHull *b, int b_axes, bool one_sided,
                          PhysReal keep, PhysReal apart_beyond, PhysSatContact *out,
                          PhysSatRecord *rec);

/* A against a circle. */
void phys_sat_circle_core (const PhysHull *a, PhysVec2 center, PhysReal radius, PhysReal keep,
                           PhysSatContact *out, PhysSatRecord *rec);

/* What a swept test found. */
typedef struct
{
  PhysVerdict verdict;
  bool has_t;
  PhysReal t;
  PhysVec2 normal;
  int enter_axis;
  bool corner;
} PhysSweptContact;

/* Swept A (moving by da) against B (moving by db) on A's normals and B's first b_axes
 * normals; rec may be NULL. */
void phys_sweep_hulls_core (const PhysHull *a, PhysVec2 da, const PhysHull *b, int b_axes,
                            PhysVec2 db, PhysSweptContact *out, PhysSweptSatRecord *rec);

/* Swept A (moving by da) against a circle (moving by dc), exact for translation; rec may be
 * NULL. */
void phys_sweep_circle_core (const PhysHull *a, PhysVec2 da, PhysVec2 center, PhysVec2 dc,
                             PhysReal radius, PhysSweptContact *out, PhysSweptSatRecord *rec);
