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
 */
#pragma once

#include <stdint.h>

#include "phys-math.h"

typedef struct
{
  PhysReal cell;          /* cell edge length, world units */
  PhysReal inv_cell;
  uint32_t mask;          /* buckets - 1, a power of two minus one */
  int n_buckets;
  int *head;              /* first circle of each bucket, -1 when empty */
  int n_bodies, cap_bodies;
  int *next, *prev;       /* doubly linked bucket lists (or the oversize list) */
  int64_t *cell_x, *cell_y; /* cell of each registered circle */
  int *bucket;            /* bucket of each circle, -1 oversize, -2 unregistered */
  int oversize_head;      /* circles whose box is larger than a cell */

  /* Segments: bucket -> list of (cell, segment) entries, counting-sorted. */
  int seg_cap_buckets;
  int *seg_start;         /* n_buckets + 1 offsets into seg_entries */
  int n_seg_entries, cap_seg_entries;
  struct PhysGridSegEntry { int64_t x, y; int segment; } *seg_entries;
  int *seg_oversize;      /* segments too long to rasterise: checked by everyone */
  int n_seg_oversize, cap_seg_oversize;
  uint32_t *seg_mark;     /* per segment: query stamp, to report each once per query */
  int cap_seg_mark;
  uint32_t stamp;
} PhysGrid;

/* Prepares the grid for n_bodies circles with the given cell size, all unregistered. */
void phys_grid_reset (PhysGrid *grid, int n_bodies, PhysReal cell);
/* Frees the grid's memory. */
void phys_grid_free (PhysGrid *grid);
/* Registers circle i with swept box box (or re-registers it after its path changed). */
void phys_grid_place (PhysGrid *grid, int i, PhysAabb box);
/* Removes circle i from the grid. */
void phys_grid_remove (PhysGrid *grid, int i);
/* Rasterises segments (boxes given) into the grid; bound walls are not passed here. */
void phys_grid_set_segments (PhysGrid *grid, const PhysAabb *boxes, const int *ids, int n,
                             int n_segments_total);

/* Calls visit(ctx, j) for every registered circle j whose box may overlap box,
 * including oversize circles. The caller filters j itself and checks boxes. */
typedef void (*PhysGridVisit) (void *ctx, int j);
void phys_grid_query (const PhysGrid *grid, PhysAabb box, PhysGridVisit visit, void *ctx);
/* Calls visit(ctx, s) once for every segment whose cells meet box. */
void phys_grid_query_segments (PhysGrid *grid, PhysAabb box, PhysGridVisit visit, void *ctx);
