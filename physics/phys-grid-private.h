/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-grid-private.h: the broad phase, a uniform grid hashed into buckets.
 *
 * Each circle is registered in the one cell that holds the centre of its swept
 * box; the cell size is chosen so that almost every box fits in a cell, and the
 * few that do not ("oversize") sit in a list everyone checks. A circle's box
 * then overlaps another's only if that one's cell lies within the box grown by
 * half a cell, so a query visits at most 3 x 3 cells for an ordinary circle.
 * Circles can move between cells during a frame as their paths change.
 *
 * Static segments are rasterised into every cell their box covers, once a frame.
 *
 * The rigid contacts as a frame begins want, per polygon, what its query would find among the
 * larger ids: the near lists (phys_grid_near_larger) give them all from one sweep over the
 * circles sorted by cell, each pair of neighbouring cells once.
 */
#pragma once

#include <math.h>
#include <stdint.h>

#include "phys-math.h"

/* Everything a query reads about one circle, in one cache line. */
typedef struct
{
  PhysAabb box;           /* the circle's swept box as registered */
  int32_t cx, cy;         /* its cell */
  int next, prev;         /* doubly linked bucket list (or the oversize list) */
  int bucket;             /* -1 oversize, -2 unregistered */
} PhysGridNode;

typedef struct
{
  PhysReal cell;          /* cell edge length, world units */
  PhysReal inv_cell;
  uint32_t mask;          /* buckets - 1, a power of two minus one */
  int shift;              /* log2 of the torus width in buckets */
  int n_buckets;
  int *head;              /* first circle of each bucket, -1 when empty */
  int n_bodies, cap_bodies;
  PhysGridNode *nodes;    /* one per circle */
  int oversize_head;      /* circles whose box is larger than a cell */

  /* Segments: bucket -> list of (cell, segment) entries, counting-sorted. */
  int seg_cap_buckets;
  int *seg_start;         /* n_buckets + 1 offsets into seg_entries */
  int n_seg_entries, cap_seg_entries;
  struct PhysGridSegEntry { int32_t x, y; int segment; } *seg_entries;
  int *seg_oversize;      /* segments too long to rasterise: checked by everyone */
  int n_seg_oversize, cap_seg_oversize;
  uint32_t *seg_mark;     /* per segment: query stamp, to report each once per query */
  int cap_seg_mark;
  uint32_t stamp;

  PhysAabb *polygon_boxes; /* scratch of the broad phase's build: each polygon's box */
  int cap_polygon_boxes;

  uint64_t changes;       /* counts placings, removals and resets: what the lists below saw */

  /* The near lists (phys_grid_near_larger), built from one pass over the grid's pairs. */
  struct PhysGridNear
  {
    bool built;
    uint64_t changes;     /* the grid's changes when built */
    int first;            /* owners are the ids from first on */
    int *start;           /* per owner: where its list starts in ids (n_owners + 1) */
    int *ids;
    int cap_owners, cap_ids, n_pairs, cap_pairs;
    struct PhysGridNearRange { int32_t x0, y0, x1, y1; } *range; /* per owner: its query's cells */
    bool *kept;           /* per owner: a list is kept (else the caller queries) */
    struct PhysGridNearEntry { PhysAabb box; int32_t cx, cy; int id; } *entries;
    int cap_entries;      /* the circles in cells, sorted by cell (scratch) */
    int *count;           /* scratch of the counting sort, per cell */
    int cap_count;
    struct PhysGridNearPair { int owner, id; } *pairs; /* scratch */
  } near;
} PhysGrid;

/* Prepares the grid for n_bodies circles with the given cell size, all unregistered. */
void phys_grid_reset (PhysGrid *grid, int n_bodies, PhysReal cell);
/* Frees the grid's memory. */
void phys_grid_free (PhysGrid *grid);
/* Registers circle i with swept box box (or re-registers it after its path changed). */
void phys_grid_place (PhysGrid *grid, int i, PhysAabb box);
/* Removes circle i from the grid. */
void phys_grid_remove (PhysGrid *grid, int i);
/* Rasterises the n segments ids[0..n) into the grid, segment g's box being boxes[g]; bound
 * walls are not passed here. */
void phys_grid_set_segments (PhysGrid *grid, const PhysAabb *boxes, const int *ids, int n,
                             int n_segments_total);
/* Room for n polygon boxes (scratch for whoever builds the grid; kept between frames). */
PhysAabb *phys_grid_polygon_boxes (PhysGrid *grid, int n);

typedef void (*PhysGridVisit) (void *ctx, int j);

/* phys_aabb_overlaps without its branches: the same four comparisons, all made (a pile's
 * neighbours overlap or not about as often, which a branch per comparison would guess badly). */
static inline bool
phys_grid_boxes_meet (PhysAabb a, PhysAabb b)
{
  return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y);
}

/* Cell coordinate of x; clamped so far-away (finite) bodies share the edge cells
 * instead of overflowing: that costs only pruning, never a missed pair. */
static inline int32_t
phys_grid_coord (PhysReal x, PhysReal inv_cell)
{
  PhysReal c = floor (x * inv_cell);
  /* Written so that a NaN lands in an edge cell too: a cast of NaN is undefined. */
  if (!(c <= 1.0e9))
    c = 1.0e9;
  if (c < -1.0e9)
    c = -1.0e9;
  return (int32_t) c;
}

/* Cells wrap around a torus of width << shift buckets: neighbouring cells land in
 * neighbouring buckets, so a query touches memory that is close together. */
static inline uint32_t
phys_grid_bucket (const PhysGrid *grid, int32_t x, int32_t y)
{
  uint32_t w = (uint32_t) 1 << grid->shift;
  return (((uint32_t) x & (w - 1)) | ((uint32_t) y << grid->shift)) & grid->mask;
}

/* Calls visit(ctx, j) for every registered circle j whose box overlaps box,
 * oversize circles included. Inline so that visit is a direct call. */
static inline void
phys_grid_query (const PhysGrid *grid, PhysAabb box, PhysGridVisit visit, void *ctx)
{
  const PhysGridNode *nodes = grid->nodes;
  PhysReal grow = 0.5 * grid->cell;
  int32_t x0 = phys_grid_coord (box.min.x - grow, grid->inv_cell);
  int32_t y0 = phys_grid_coord (box.min.y - grow, grid->inv_cell);
  int32_t x1 = phys_grid_coord (box.max.x + grow, grid->inv_cell);
  int32_t y1 = phys_grid_coord (box.max.y + grow, grid->inv_cell);
  int64_t w = (int64_t) x1 - x0 + 1, h = (int64_t) y1 - y0 + 1;
  if (w * h > 4096)
    {
      /* Too many cells to visit: scan every bucket instead. */
      for (int b = 0; b < grid->n_buckets; b++)
        for (int j = grid->head[b]; j >= 0; j = nodes[j].next)
          if (phys_grid_boxes_meet (box, nodes[j].box))
            visit (ctx, j);
    }
  else
    {
      for (int32_t y = y0; y <= y1; y++)
        for (int32_t x = x0; x <= x1; x++)
          {
            /* Other cells share the bucket: keep only this cell's circles, so none
             * is reported twice when two cells of the range share a bucket. */
            for (int j = grid->head[phys_grid_bucket (grid, x, y)]; j >= 0; j = nodes[j].next)
              if (nodes[j].cx == x && nodes[j].cy == y && phys_grid_boxes_meet (box, nodes[j].box))
                visit (ctx, j);
          }
    }
  for (int j = grid->oversize_head; j >= 0; j = nodes[j].next)
    if (phys_grid_boxes_meet (box, nodes[j].box))
      visit (ctx, j);
}
/* Calls visit(ctx, i, j) once for every pair of registered circles whose boxes
 * overlap: each circle looks at its own cell and four forward neighbours (a box
 * fits a cell, so overlapping boxes sit in adjacent cells), oversize circles
 * at everything. Half the cell visits of a query per circle. The visitor returns
 * false to stop there. */
typedef bool (*PhysGridPairVisit) (void *ctx, int i, int j);
void phys_grid_pairs (const PhysGrid *grid, PhysGridPairVisit visit, void *ctx);

/* The circles phys_grid_query(owner's box as registered) visits, but only those of id < first
 * or > owner, ascending; *n gets their count. NULL when owner's list is not kept (it is
 * oversize, unregistered, below first, or its box reaches past the cells next to its own):
 * the caller queries. The lists of every owner >= first are built in one pass over the grid's
 * pairs on the first call after the grid changed. */
const int *phys_grid_near_larger (PhysGrid *grid, int first, int owner, int *n);

/* Sorts distinct ids ascending: by insertion when they are few (a query finds a handful). */
void phys_grid_sort_ids (int *ids, int n);

/* Calls visit(ctx, s) once for every segment whose cells meet box. */
void phys_grid_query_segments (PhysGrid *grid, PhysAabb box, PhysGridVisit visit, void *ctx);
