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
  grid->changes++;
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
  free (grid->near.start);
  free (grid->near.ids);
  free (grid->near.range);
  free (grid->near.kept);
  free (grid->near.pairs);
  free (grid->near.entries);
  free (grid->near.count);
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
  grid->changes++;
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
  grid->changes++;
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
            && phys_grid_boxes_meet (a->box, nodes[j].box) && !visit (ctx, i, j))
          return;
      for (int k = 0; k < 4; k++)
        {
          int32_t x = a->cx + forward_x[k], y = a->cy + forward_y[k];
          for (int j = grid->head[phys_grid_bucket (grid, x, y)]; j >= 0; j = nodes[j].next)
            if (nodes[j].cx == x && nodes[j].cy == y && phys_grid_boxes_meet (a->box, nodes[j].box)
                && !visit (ctx, i, j))
              return;
        }
    }
}

static int
compare_ids (const void *x, const void *y)
{
  int a = *(const int *) x, b = *(const int *) y;
  return (a > b) - (a < b);
}

void
phys_grid_sort_ids (int *ids, int n)
{
  if (n > 16)
    {
      qsort (ids, (size_t) n, sizeof *ids, compare_ids);
      return;
    }
  for (int i = 1; i < n; i++)
    {
      int id = ids[i], at = i;
      while (at > 0 && ids[at - 1] > id)
        {
          ids[at] = ids[at - 1];
          at--;
        }
      ids[at] = id;
    }
}

/* ---- the near lists ------------------------------------------------------------------ */

static void
near_grow (struct PhysGridNear *near)
{
  near->cap_pairs = near->cap_pairs > 0 ? 2 * near->cap_pairs : 256;
  near->pairs = resize (near->pairs, (size_t) near->cap_pairs * sizeof *near->pairs);
}

static inline void
near_push (struct PhysGridNear *near, int owner, int id)
{
  if (near->n_pairs == near->cap_pairs)
    near_grow (near);
  near->pairs[near->n_pairs++] = (struct PhysGridNearPair) { owner, id };
}

/* A pair of circles in neighbouring cells. Of two owners the smaller lists the larger; an owner
 * lists any circle below first; two circles below first are no one's. The other joins the
 * owner's list when the owner keeps one, their boxes overlap and the owner's query reaches the
 * other's cell. */
static inline void
near_pair (struct PhysGridNear *near, const struct PhysGridNearEntry *a,
           const struct PhysGridNearEntry *b)
{
  if (!phys_grid_boxes_meet (a->box, b->box))
    return;
  const struct PhysGridNearEntry *lo = a->id < b->id ? a : b, *hi = a->id < b->id ? b : a;
  if (hi->id < near->first)
    return;
  const struct PhysGridNearEntry *owner = lo->id >= near->first ? lo : hi;
  const struct PhysGridNearEntry *other = lo->id >= near->first ? hi : lo;
  int o = owner->id - near->first;
  if (!near->kept[o])
    return;
  const struct PhysGridNearRange *r = &near->range[o];
  if (other->cx >= r->x0 && other->cx <= r->x1 && other->cy >= r->y0 && other->cy <= r->y1)
    near_push (near, owner->id, other->id);
}

/* Pairs every circle of entries [a0, a1) with every one of [b0, b1). */
static inline void
near_pairs_between (struct PhysGridNear *near, int a0, int a1, int b0, int b1)
{
  const struct PhysGridNearEntry *e = near->entries;
  for (int a = a0; a < a1; a++)
    for (int b = b0; b < b1; b++)
      near_pair (near, &e[a], &e[b]);
}

static int
compare_entries (const void *x, const void *y)
{
  const struct PhysGridNearEntry *a = x, *b = y;
  if (a->cy != b->cy)
    return a->cy < b->cy ? -1 : 1;
  if (a->cx != b->cx)
    return a->cx < b->cx ? -1 : 1;
  return (a->id > b->id) - (a->id < b->id);
}

/* near->entries gets the circles registered in cells, sorted by cell row by row; returns their
 * count. A counting sort over the cells they span when those are few, else a comparison sort. */
static int
near_sort (PhysGrid *grid)
{
  struct PhysGridNear *near = &grid->near;
  const PhysGridNode *nodes = grid->nodes;
  int n = 0;
  int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  for (int i = 0; i < grid->n_bodies; i++)
    {
      const PhysGridNode *a = &nodes[i];
      if (a->bucket < 0)
        continue;
      if (n == 0 || a->cx < x0)
        x0 = a->cx;
      if (n == 0 || a->cx > x1)
        x1 = a->cx;
      if (n == 0 || a->cy < y0)
        y0 = a->cy;
      if (n == 0 || a->cy > y1)
        y1 = a->cy;
      n++;
    }
  int64_t w = (int64_t) x1 - x0 + 1, cells = w * ((int64_t) y1 - y0 + 1);
  if (n == 0)
    return 0;
  if (cells > 4 * (int64_t) n + 64)
    {
      int k = 0;
      for (int i = 0; i < grid->n_bodies; i++)
        if (nodes[i].bucket >= 0)
          near->entries[k++] = (struct PhysGridNearEntry) { nodes[i].box, nodes[i].cx,
                                                            nodes[i].cy, i };
      qsort (near->entries, (size_t) n, sizeof *near->entries, compare_entries);
      return n;
    }
  if (cells + 1 > near->cap_count)
    {
      near->count = resize (near->count, ((size_t) cells + 1) * sizeof *near->count);
      near->cap_count = (int) cells + 1;
    }
  int *count = near->count;
  memset (count, 0, ((size_t) cells + 1) * sizeof *count);
  for (int i = 0; i < grid->n_bodies; i++)
    if (nodes[i].bucket >= 0)
      count[((int64_t) nodes[i].cy - y0) * w + (nodes[i].cx - x0) + 1]++;
  for (int64_t c = 0; c < cells; c++)
    count[c + 1] += count[c];
  for (int i = 0; i < grid->n_bodies; i++)
    if (nodes[i].bucket >= 0)
      near->entries[count[((int64_t) nodes[i].cy - y0) * w + (nodes[i].cx - x0)]++]
        = (struct PhysGridNearEntry) { nodes[i].box, nodes[i].cx, nodes[i].cy, i };
  return n;
}

/* Builds every owner's list. A query visits circle j when j is oversize, or j's cell is in the
 * query's range, and their boxes overlap. An owner whose range stays within the cells next to
 * its own (the rule, as its box fits a cell) meets every circle of its range among the pairs of
 * neighbouring cells, so its list is those pairs' circles in its range, plus the oversize ones
 * its box overlaps. Any other owner queries (its list is not kept). The pairs of neighbouring
 * cells, each once, come from the circles sorted by cell: a cell with itself, with the next
 * cell of its row, and with the cells x - 1 to x + 1 of the row below (the same pairs as
 * phys_grid_pairs visits). */
static void
near_build (PhysGrid *grid, int first)
{
  struct PhysGridNear *near = &grid->near;
  const PhysGridNode *nodes = grid->nodes;
  int n_owners = grid->n_bodies - first;
  if (n_owners > near->cap_owners)
    {
      near->start = resize (near->start, ((size_t) n_owners + 1) * sizeof *near->start);
      near->range = resize (near->range, (size_t) n_owners * sizeof *near->range);
      near->kept = resize (near->kept, (size_t) n_owners * sizeof *near->kept);
      near->cap_owners = n_owners;
    }
  if (grid->n_bodies > near->cap_entries)
    {
      near->entries = resize (near->entries, (size_t) grid->n_bodies * sizeof *near->entries);
      near->cap_entries = grid->n_bodies;
    }
  near->first = first;
  near->n_pairs = 0;
  PhysReal grow = 0.5 * grid->cell;
  for (int o = 0; o < n_owners; o++)
    {
      const PhysGridNode *a = &nodes[first + o];
      struct PhysGridNearRange *r = &near->range[o];
      near->kept[o] = false;
      if (a->bucket < 0)
        continue;
      /* As phys_grid_query computes them. */
      r->x0 = phys_grid_coord (a->box.min.x - grow, grid->inv_cell);
      r->y0 = phys_grid_coord (a->box.min.y - grow, grid->inv_cell);
      r->x1 = phys_grid_coord (a->box.max.x + grow, grid->inv_cell);
      r->y1 = phys_grid_coord (a->box.max.y + grow, grid->inv_cell);
      near->kept[o] = (int64_t) r->x0 >= (int64_t) a->cx - 1 && (int64_t) r->x1 <= (int64_t) a->cx + 1
                      && (int64_t) r->y0 >= (int64_t) a->cy - 1
                      && (int64_t) r->y1 <= (int64_t) a->cy + 1;
    }

  int n = near_sort (grid);
  const struct PhysGridNearEntry *e = near->entries;
  int below = 0; /* the first entry not before cell (x - 1, y + 1) */
  for (int g = 0; g < n;)
    {
      int32_t x = e[g].cx, y = e[g].cy;
      int end = g + 1;
      while (end < n && e[end].cx == x && e[end].cy == y)
        end++;
      for (int a = g; a < end; a++)
        near_pairs_between (near, a, a + 1, a + 1, end);
      if (end < n && e[end].cy == y && (int64_t) e[end].cx == (int64_t) x + 1)
        {
          int next = end + 1;
          while (next < n && e[next].cx == e[end].cx && e[next].cy == y)
            next++;
          near_pairs_between (near, g, end, end, next);
        }
      int64_t by = (int64_t) y + 1, bx = (int64_t) x - 1;
      while (below < n && (e[below].cy < by || (e[below].cy == by && e[below].cx < bx)))
        below++;
      int stop = below;
      while (stop < n && e[stop].cy == by && e[stop].cx <= (int64_t) x + 1)
        stop++;
      near_pairs_between (near, g, end, below, stop);
      g = end;
    }
  for (int o = 0; o < n_owners; o++)
    if (near->kept[o])
      for (int v = grid->oversize_head; v >= 0; v = nodes[v].next)
        if ((v < first || v > first + o) && phys_grid_boxes_meet (nodes[first + o].box, nodes[v].box))
          near_push (near, first + o, v);

  /* By owner (counting), then each list by id (a handful: by insertion). */
  if (near->n_pairs > near->cap_ids || near->ids == NULL) /* an empty list is not NULL */
    {
      near->ids = resize (near->ids, (size_t) near->n_pairs * sizeof *near->ids);
      near->cap_ids = near->n_pairs;
    }
  int *start = near->start;
  memset (start, 0, ((size_t) n_owners + 1) * sizeof *start);
  for (int k = 0; k < near->n_pairs; k++)
    start[near->pairs[k].owner - first + 1]++;
  for (int o = 0; o < n_owners; o++)
    start[o + 1] += start[o];
  /* Placing moves each start[o] to the end of o's list, where o + 1's starts. */
  for (int k = 0; k < near->n_pairs; k++)
    near->ids[start[near->pairs[k].owner - first]++] = near->pairs[k].id;
  for (int o = n_owners; o > 0; o--)
    start[o] = start[o - 1];
  start[0] = 0;
  for (int o = 0; o < n_owners; o++)
    phys_grid_sort_ids (near->ids + start[o], start[o + 1] - start[o]);
  near->built = true;
  near->changes = grid->changes;
}

const int *
phys_grid_near_larger (PhysGrid *grid, int first, int owner, int *n)
{
  struct PhysGridNear *near = &grid->near;
  if (first < 0 || owner < first || owner >= grid->n_bodies)
    return NULL;
  if (!near->built || near->changes != grid->changes || near->first != first)
    near_build (grid, first);
  int o = owner - first;
  if (!near->kept[o])
    return NULL;
  *n = near->start[o + 1] - near->start[o];
  return near->ids + near->start[o];
}
