/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grid.c: the broad phase's grid. Its near lists (phys_grid_near_larger), which the rigid
 * contacts read instead of querying, must hold exactly what a query finds: checked on a hand-laid
 * grid and against the query on seeded random grids that change between the checks; its pairs
 * (phys_grid_pairs) against every pair of boxes compared by brute force.
 */
#include <glib.h>

#include "phys-grid-private.h"

typedef struct
{
  int ids[512];
  int n;
} Found;

static void
collect (void *ctx, int j)
{
  Found *f = ctx;
  g_assert_cmpint (f->n, <, (int) G_N_ELEMENTS (f->ids));
  f->ids[f->n++] = j;
}

static int
compare_int (gconstpointer x, gconstpointer y)
{
  int a = *(const int *) x, b = *(const int *) y;
  return (a > b) - (a < b);
}

/* What the lists stand for: the query for owner's registered box, without owner, without the
 * owners (ids >= first) below it, in id order. */
static void
reference (PhysGrid *grid, int first, int owner, Found *out)
{
  Found f = { .n = 0 };
  phys_grid_query (grid, grid->nodes[owner].box, collect, &f);
  out->n = 0;
  for (int k = 0; k < f.n; k++)
    if (f.ids[k] != owner && (f.ids[k] < first || f.ids[k] > owner))
      out->ids[out->n++] = f.ids[k];
  qsort (out->ids, (size_t) out->n, sizeof *out->ids, compare_int);
}

static PhysAabb
box (double x0, double y0, double x1, double y1)
{
  return (PhysAabb) { { x0, y0 }, { x1, y1 } };
}

static void
assert_list (PhysGrid *grid, int first, int owner, const int *want, int n_want)
{
  int n = -1;
  const int *got = phys_grid_near_larger (grid, first, owner, &n);
  g_assert_nonnull (got);
  g_assert_cmpint (n, ==, n_want);
  for (int k = 0; k < n; k++)
    g_assert_cmpint (got[k], ==, want[k]);
}

/* Cell 2 (a query grows its box by 1 on each side). Circle 0 and owners 1 to 4:
 *   0: [0.9, 1.5]^2, centre 1.2: cell (0, 0)
 *   1: [0.2, 1.0]^2, cell (0, 0); its query's cells x, y in floor((0.2 - 1) / 2) = -1 ..
 *      floor((1 + 1) / 2) = 1, the cells next to its own: a list is kept
 *   2: [1, 2.5] x [0, 0.8], 1.5 wide, centre (1.75, 0.4): cell (0, 0)
 *   3: [2, 3]^2, centre 2.5: cell (1, 1)
 *   4: [-10, 10] x [-3, 0.3], 20 wide: oversize
 * 1 meets 0 (0.9 <= 1 on both axes), 2 (x: 1 <= 1; y: 0.2 <= 0.8) and 4 (y: 0.2 <= 0.3), not 3
 * (2 > 1). 2 meets 4 (y: 0 <= 0.3), not 0 (y: 0.9 > 0.8) nor 3 (y: 2 > 0.8). 3 meets nobody.
 * 4 is oversize: no list, its caller queries. */
static void
test_near_hand (void)
{
  PhysGrid grid = { 0 };
  phys_grid_reset (&grid, 5, 2.0);
  phys_grid_place (&grid, 0, box (0.9, 0.9, 1.5, 1.5));
  phys_grid_place (&grid, 1, box (0.2, 0.2, 1.0, 1.0));
  phys_grid_place (&grid, 2, box (1.0, 0.0, 2.5, 0.8));
  phys_grid_place (&grid, 3, box (2.0, 2.0, 3.0, 3.0));
  phys_grid_place (&grid, 4, box (-10.0, -3.0, 10.0, 0.3));
  assert_list (&grid, 1, 1, (const int[]) { 0, 2, 4 }, 3);
  assert_list (&grid, 1, 2, (const int[]) { 4 }, 1);
  assert_list (&grid, 1, 3, NULL, 0);
  int n;
  g_assert_null (phys_grid_near_larger (&grid, 1, 4, &n));
  /* Not an owner (below first), or no such id. */
  g_assert_null (phys_grid_near_larger (&grid, 1, 0, &n));
  g_assert_null (phys_grid_near_larger (&grid, 1, 5, &n));

  /* Moving 3 onto 1 changes the lists (built again on the next call). */
  phys_grid_place (&grid, 3, box (0.5, 0.5, 0.7, 0.7));
  assert_list (&grid, 1, 1, (const int[]) { 0, 2, 3, 4 }, 4);
  /* 2 is [1, 2.5] x [0, 0.8]: 3 (up to 0.7) does not reach it. */
  assert_list (&grid, 1, 2, (const int[]) { 4 }, 1);
  /* Removed, 2 has no list and is on no one's. */
  phys_grid_remove (&grid, 2);
  g_assert_null (phys_grid_near_larger (&grid, 1, 2, &n));
  assert_list (&grid, 1, 1, (const int[]) { 0, 3, 4 }, 3);
  phys_grid_free (&grid);
}

/* Cell 1. Circle 0 is [-(0.5 + 2^-53), 0.5] x [0, 0.5]: exactly 1 + 2^-53 wide, which rounds to
 * 1 (a tie, to even), so it fits a cell; its centre -2^-54 lies in cell -1. Owner 1 is
 * [0.5, 1.2] x [0, 0.5], in cell 0; its query reaches cells floor(0.5 - 0.5) = 0 to
 * floor(1.2 + 0.5) = 1 only. The boxes touch (0.5 <= 0.5) in neighbouring cells, yet the query
 * does not find 0: nor may the list. */
static void
test_near_rounding (void)
{
  PhysGrid grid = { 0 };
  phys_grid_reset (&grid, 2, 1.0);
  phys_grid_place (&grid, 0, box (-(0.5 + 0x1p-53), 0.0, 0.5, 0.5));
  phys_grid_place (&grid, 1, box (0.5, 0.0, 1.2, 0.5));
  g_assert_cmpint (grid.nodes[0].bucket, >=, 0);
  g_assert_cmpint (grid.nodes[0].cx, ==, -1);
  g_assert_cmpint (grid.nodes[1].cx, ==, 0);
  g_assert_true (phys_aabb_overlaps (grid.nodes[0].box, grid.nodes[1].box));
  Found want;
  reference (&grid, 1, 1, &want);
  g_assert_cmpint (want.n, ==, 0);
  assert_list (&grid, 1, 1, NULL, 0);
  /* 0's own query reaches cells -2 to 1, past its neighbours: as an owner it keeps no list. */
  int n;
  g_assert_null (phys_grid_near_larger (&grid, 0, 0, &n));
  phys_grid_free (&grid);
}

/* A random box: mostly within a cell (some exactly a cell wide, the edge of the rule), a few
 * oversize, a few far away (their cells clamp). */
static PhysAabb
random_box (GRand *rng, double cell, double extent)
{
  double x = g_rand_double_range (rng, -extent, extent);
  double y = g_rand_double_range (rng, -extent, extent);
  double w = g_rand_double_range (rng, 0.05, 1.0) * cell;
  double h = g_rand_double_range (rng, 0.05, 1.0) * cell;
  switch (g_rand_int_range (rng, 0, 20))
    {
    case 0: w = cell; break;
    case 1: h = 4.0 * cell; break;
    case 2: x = 1e12; break;
    default: break;
    }
  return box (x, y, x + w, y + h);
}

typedef struct
{
  guint32 seed;
  int n, first;
  double extent;
} RandomCase;

static void
check_all (PhysGrid *grid, int first, int *kept)
{
  for (int o = first; o < grid->n_bodies; o++)
    {
      int n = -1;
      const int *got = phys_grid_near_larger (grid, first, o, &n);
      if (got == NULL)
        continue;
      /* A list only for an owner in a cell. */
      g_assert_cmpint (grid->nodes[o].bucket, >=, 0);
      Found want;
      reference (grid, first, o, &want);
      g_assert_cmpint (n, ==, want.n);
      for (int k = 0; k < n; k++)
        g_assert_cmpint (got[k], ==, want.ids[k]);
      (*kept)++;
    }
}

static void
test_near_random (gconstpointer data)
{
  const RandomCase *c = data;
  GRand *rng = g_rand_new_with_seed (c->seed);
  PhysGrid grid = { 0 };
  const double cell = 1.5;
  phys_grid_reset (&grid, c->n, cell);
  for (int i = 0; i < c->n; i++)
    if (g_rand_int_range (rng, 0, 10) > 0)
      phys_grid_place (&grid, i, random_box (rng, cell, c->extent));
  int kept = 0, owners = 0;
  for (int round = 0; round < 20; round++)
    {
      check_all (&grid, c->first, &kept);
      owners += c->n - c->first;
      /* Some move, some leave, some come back. */
      for (int k = 0; k < c->n / 10; k++)
        {
          int i = g_rand_int_range (rng, 0, c->n);
          if (g_rand_int_range (rng, 0, 8) == 0)
            phys_grid_remove (&grid, i);
          else
            phys_grid_place (&grid, i, random_box (rng, cell, c->extent));
        }
    }
  /* Most owners keep a list (else the comparison above would prove little). */
  g_assert_cmpint (kept, >, owners / 2);
  phys_grid_free (&grid);
  g_rand_free (rng);
}

typedef struct
{
  int n;
  guint8 seen[200][200];
} PairSeen;

static bool
note_pair (void *ctx, int i, int j)
{
  PairSeen *p = ctx;
  g_assert_cmpint (i, !=, j);
  int a = i < j ? i : j, b = i < j ? j : i;
  p->seen[a][b]++;
  p->n++;
  return true;
}

/* Every pair of overlapping boxes once, no other. */
static void
test_pairs_random (void)
{
  GRand *rng = g_rand_new_with_seed (17);
  PhysGrid grid = { 0 };
  const int n = 200;
  phys_grid_reset (&grid, n, 1.0);
  for (int i = 0; i < n; i++)
    if (g_rand_int_range (rng, 0, 10) > 0)
      phys_grid_place (&grid, i, random_box (rng, 1.0, 6.0));
  PairSeen *p = g_new0 (PairSeen, 1);
  phys_grid_pairs (&grid, note_pair, p);
  int want = 0;
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++)
      {
        bool both = grid.nodes[a].bucket != -2 && grid.nodes[b].bucket != -2;
        bool meet = both && phys_aabb_overlaps (grid.nodes[a].box, grid.nodes[b].box);
        g_assert_cmpint (p->seen[a][b], ==, meet ? 1 : 0);
        want += meet;
      }
  g_assert_cmpint (p->n, ==, want);
  g_assert_cmpint (want, >, 50);
  g_free (p);
  phys_grid_free (&grid);
  g_rand_free (rng);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/physics/grid/near-larger/hand", test_near_hand);
  g_test_add_func ("/physics/grid/near-larger/rounding", test_near_rounding);
  static const RandomCase cases[] = {
    { 1, 60, 20, 4.0 },     /* dense: several per cell */
    { 2, 300, 100, 12.0 },  /* a pile's density */
    { 3, 300, 0, 40.0 },    /* sparse, every id an owner */
    { 4, 150, 140, 3.0 },   /* a few owners among many circles */
  };
  for (size_t k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      char *path = g_strdup_printf ("/physics/grid/near-larger/random/%u", cases[k].seed);
      g_test_add_data_func (path, &cases[k], test_near_random);
      g_free (path);
    }
  g_test_add_func ("/physics/grid/pairs/random", test_pairs_random);
  return g_test_run ();
}
