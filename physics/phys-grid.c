/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-grid.c: the hashed uniform grid of the broad phase (see phys-grid-private.h). */
#include <stdlib.h>
#include <string.h>

#include "phys-grid-private.h"
#include "phys-world-private.h"

/* Segment queries that would visit more cells than this scan everything instead. */
#define MAX_QUERY_CELLS 4096
/* Segments covering more cells than this are checked by every query. */
#define MAX_SEGMENT_CELLS 4096

static void *
resize (void *p, size_t bytes)
{
  void *q = realloc (p, bytes > 0 ? bytes : 1);
  if (q == NULL)
    abort ();
  return q;
}

void
phys_grid_reset (PhysGrid *grid, int n_bodies, PhysReal cell)
{
  int buckets = 64, shift = 3;
  while (buckets < 2 * n_bodies)
    buckets *= 2;
  while ((1 << (2 * shift)) < buckets)
    shift++;
  if (buckets != grid->n_buckets)
    {
      grid->head = resize (grid->head, (size_t) buckets * sizeof (int));
      grid->seg_start = resize (grid->seg_start, ((size_t) buckets + 1) * sizeof (int));
      grid->n_buckets = buckets;
      grid->mask = (uint32_t) buckets - 1;
    }
  if (n_bodies > grid->cap_bodies)
    {
      grid->nodes = resize (grid->nodes, (size_t) n_bodies * sizeof *grid->nodes);
      grid->cap_bodies = n_bodies;
    }
  grid->n_bodies = n_bodies;
  memset (grid->head, 0xff, (size_t) buckets * sizeof (int));
  /* Only an unregistered node's bucket is ever read; placing writes all the rest. */
  for (int i = 0; i < n_bodies; i++)
    grid->nodes[i].bucket = -2;
  grid->oversize_head = -1;
  grid->shift = shift;
  grid->cell = cell;
  grid->inv_cell = 1.0 / cell;
  grid->n_seg_entries = 0;
  grid->n_seg_oversize = 0;
  memset (grid->seg_start, 0, ((size_t) buckets + 1) * sizeof (int));
}

void
phys_grid_free (PhysGrid *grid)
{
  free (grid->head);
  free (grid->nodes);
  free (grid->seg_start);
  free (grid->seg_entries);
  free (grid->seg_oversize);
  free (grid->seg_mark);
  free (grid->polygon_boxes);
  memset (grid, 0, sizeof *grid);
}

static int *
list_head (PhysGrid *grid, int bucket)
{
  return bucket == -1 ? &grid->oversize_head : &grid->head[bucket];
}

void
phys_grid_remove (PhysGrid *grid, int i)
{
  PhysGridNode *n = &grid->nodes[i];
  if (n->bucket == -2)
    return;
  if (n->prev >= 0)
    grid->nodes[n->prev].next = n->next;
  else
    *list_head (grid, n->bucket) = n->next;
  if (n->next >= 0)
    grid->nodes[n->next].prev = n->prev;
  n->bucket = -2;
}

void
phys_grid_place (PhysGrid *grid, int i, PhysAabb box)
{
  phys_grid_remove (grid, i);
  PhysGridNode *n = &grid->nodes[i];
  PhysReal w = box.max.x - box.min.x, h = box.max.y - box.min.y;
  int b = -1;
  n->box = box;
  if (w <= grid->cell && h <= grid->cell)
    {
      n->cx = phys_grid_coord (0.5 * (box.min.x + box.max.x), grid->inv_cell);
      n->cy = phys_grid_coord (0.5 * (box.min.y + box.max.y), grid->inv_cell);
      b = (int) phys_grid_bucket (grid, n->cx, n->cy);
    }
  else
    n->cx = n->cy = 0; /* not read: an oversize node is in no cell */
  int *head = list_head (grid, b);
  n->bucket = b;
  n->prev = -1;
  n->next = *head;
  if (*head >= 0)
    grid->nodes[*head].prev = i;
  *head = i;
}

/* The cells a query box reaches, or false when there are too many to visit. */
static bool
cell_range (const PhysGrid *grid, PhysAabb box, int32_t *x0, int32_t *y0, int32_t *x1,
            int32_t *y1, int64_t max_cells)
{
  *x0 = phys_grid_coord (box.min.x, grid->inv_cell);
  *y0 = phys_grid_coord (box.min.y, grid->inv_cell);
  *x1 = phys_grid_coord (box.max.x, grid->inv_cell);
  *y1 = phys_grid_coord (box.max.y, grid->inv_cell);
  int64_t w = (int64_t) *x1 - *x0 + 1, h = (int64_t) *y1 - *y0 + 1;
  return w * h <= max_cells;
}

void
phys_grid_set_segments (PhysGrid *grid, const PhysAabb *boxes, const int *ids, int n,
                        int n_segments_total)
{
  if (n_segments_total > grid->cap_seg_mark)
    {
      grid->seg_mark = resize (grid->seg_mark, (size_t) n_segments_total * sizeof (uint32_t));
      grid->cap_seg_mark = n_segments_total;
    }
  if (n_segments_total > 0)
    memset (grid->seg_mark, 0, (size_t) n_segments_total * sizeof (uint32_t));
  grid->stamp = 0;
  grid->n_seg_entries = 0;
  grid->n_seg_oversize = 0;
  if (n == 0)
    return; /* seg_start stays all 0 (phys_grid_reset): no entries */

  /* Two passes (count, then place) give a counting sort by bucket. */
  for (int pass = 0; pass < 2; pass++)
    {
      int *cursor = NULL;
      if (pass == 1)
        {
          for (int b = 0; b < grid->n_buckets; b++)
            grid->seg_start[b + 1] += grid->seg_start[b];
          grid->n_seg_entries = grid->seg_start[grid->n_buckets];
          if (grid->n_seg_entries > grid->cap_seg_entries)
            {
              grid->seg_entries = resize (grid->seg_entries, (size_t) grid->n_seg_entries
                                                                 * sizeof *grid->seg_entries);
              grid->cap_seg_entries = grid->n_seg_entries;
            }
          cursor = malloc (((size_t) grid->n_buckets + 1) * sizeof (int));
          if (cursor == NULL)
            abort ();
          memcpy (cursor, grid->seg_start, (size_t) grid->n_buckets * sizeof (int));
        }
      for (int k = 0; k < n; k++)
        {
          int32_t x0, y0, x1, y1;
          if (!cell_range (grid, boxes[ids[k]], &x0, &y0, &x1, &y1, MAX_SEGMENT_CELLS))
            {
              if (pass == 0)
                {
                  if (grid->n_seg_oversize >= grid->cap_seg_oversize)
                    {
                      grid->cap_seg_oversize = grid->cap_seg_oversize * 2 + 8;
                      grid->seg_oversize = resize (grid->seg_oversize,
                                                   (size_t) grid->cap_seg_oversize * sizeof (int));
                    }
                  grid->seg_oversize[grid->n_seg_oversize++] = ids[k];
                }
              continue;
            }
          for (int32_t y = y0; y <= y1; y++)
            for (int32_t x = x0; x <= x1; x++)
              {
                uint32_t b = phys_grid_bucket (grid, x, y);
                if (pass == 0)
                  grid->seg_start[b + 1]++;
                else
                  grid->seg_entries[cursor[b]++] = (struct PhysGridSegEntry) { x, y, ids[k] };
              }
        }
      free (cursor);
    }
}

PhysAabb *
phys_grid_polygon_boxes (PhysGrid *grid, int n)
{
  if (n > grid->cap_polygon_boxes)
    {
      grid->polygon_boxes = resize (grid->polygon_boxes, (size_t) n * sizeof *grid->polygon_boxes);
      grid->cap_polygon_boxes = n;
    }
  return grid->polygon_boxes;
}

static void
visit_segment_once (PhysGrid *grid, int s, PhysGridVisit visit, void *ctx)
{
  if (grid->seg_mark[s] == grid->stamp)
    return;
  grid->seg_mark[s] = grid->stamp;
  visit (ctx, s);
}

void
phys_grid_query_segments (PhysGrid *grid, PhysAabb box, PhysGridVisit visit, void *ctx)
{
  if (grid->n_seg_entries == 0 && grid->n_seg_oversize == 0)
    return;
  if (++grid->stamp == 0)
    {
      /* The stamp wrapped: clear old marks so none looks current. */
      if (grid->cap_seg_mark > 0)
        memset (grid->seg_mark, 0, (size_t) grid->cap_seg_mark * sizeof (uint32_t));
      grid->stamp = 1;
    }

  int32_t x0, y0, x1, y1;
  if (!cell_range (grid, box, &x0, &y0, &x1, &y1, MAX_QUERY_CELLS))
    {
      for (int e = 0; e < grid->n_seg_entries; e++)
        visit_segment_once (grid, grid->seg_entries[e].segment, visit, ctx);
    }
  else
    {
      for (int32_t y = y0; y <= y1; y++)
        for (int32_t x = x0; x <= x1; x++)
          {
            uint32_t b = phys_grid_bucket (grid, x, y);
            for (int e = grid->seg_start[b]; e < grid->seg_start[b + 1]; e++)
              if (grid->seg_entries[e].x == x && grid->seg_entries[e].y == y)
                visit_segment_once (grid, grid->seg_entries[e].segment, visit, ctx);
          }
    }
  for (int k = 0; k < grid->n_seg_oversize; k++)
    visit_segment_once (grid, grid->seg_oversize[k], visit, ctx);
}

typedef struct
{
  PhysGridPairVisit visit;
  void *ctx;
  int self;
  const PhysGridNode *nodes;
  bool stopped; /* the visitor asked to stop */
} OversizeQuery;

static void
visit_for_oversize (void *data, int j)
{
  OversizeQuery *q = data;
  /* Ordinary circles never look at oversize ones; two oversize ones meet once. */
  if (!q->stopped && j != q->self && (q->nodes[j].bucket != -1 || j > q->self))
    q->stopped = !q->visit (q->ctx, q->self, j);
}

void
phys_grid_pairs (const PhysGrid *grid, PhysGridPairVisit visit, void *ctx)
{
  static const int32_t forward_x[4] = { 1, -1, 0, 1 };
  static const int32_t forward_y[4] = { 0, 1, 1, 1 };
  const PhysGridNode *nodes = grid->nodes;

  for (int i = 0; i < grid->n_bodies; i++)
    {
      const PhysGridNode *a = &nodes[i];
      if (a->bucket == -2)
        continue;
      if (a->bucket == -1)
        {
          OversizeQuery q = { visit, ctx, i, nodes, false };
          phys_grid_query (grid, a->box, visit_for_oversize, &q);
          if (q.stopped)
            return;
          continue;
        }
      for (int j = grid->head[a->bucket]; j >= 0; j = nodes[j].next)
        if (j > i && nodes[j].cx == a->cx && nodes[j].cy == a->cy
            && phys_aabb_overlaps (a->box, nodes[j].box) && !visit (ctx, i, j))
          return;
      for (int k = 0; k < 4; k++)
        {
          int32_t x = a->cx + forward_x[k], y = a->cy + forward_y[k];
          for (int j = grid->head[phys_grid_bucket (grid, x, y)]; j >= 0; j = nodes[j].next)
            if (nodes[j].cx == x && nodes[j].cy == y && phys_aabb_overlaps (a->box, nodes[j].box)
                && !visit (ctx, i, j))
              return;
        }
    }
}
