/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-rigid-solve.c: the velocity solver of the rigid contacts (see phys-rigid-solve-private.h;
 * Catto, "Iterative Dynamics with Temporal Coherence", GDC 2005, and Box2D's block solver). */
#include <string.h>

#include "phys-rigid-solve-private.h"

/* A vector's two components held together, so that the processor does the same operation on x
 * and y at once: each component still gets exactly the scalar code's operations in its order
 * (products and sums of the same values; no fused multiply-add), so the bits are the same. */
typedef PhysReal Pair __attribute__ ((vector_size (2 * sizeof (PhysReal))));

static inline Pair
pair_load (const PhysVec2 *v)
{
  Pair p;
  memcpy (&p, v, sizeof p);
  return p;
}

static inline void
pair_store (PhysVec2 *v, Pair p)
{
  memcpy (v, &p, sizeof p);
}

/* a.x b.x + a.y b.y, summed in phys_v2_dot()'s order. */
static inline PhysReal
pair_dot (Pair a, Pair b)
{
  Pair m = a * b;
  return m[0] + m[1];
}

void
phys_rigid_solver_order (const int *slots, int n_rows, uint64_t *masks, int n_bodies,
                         int *colors, int *order)
{
  /* start[c]: where colour c's run begins (the last colour, PHYS_SOLVER_COLORS, holds the rows
   * that found none free). */
  int start[PHYS_SOLVER_COLORS + 2];
  memset (start, 0, sizeof start);
  memset (masks, 0, (size_t) n_bodies * sizeof *masks);
  for (int i = 0; i < n_rows; i++)
    {
      int sa = slots[2 * i], sb = slots[2 * i + 1];
      /* Slot 0 takes no colour: every write leaves it zero (see push()). */
      uint64_t used = (sa > 0 ? masks[sa] : 0) | (sb > 0 ? masks[sb] : 0);
      int color = PHYS_SOLVER_COLORS;
      if (used != ~(uint64_t) 0)
        {
          color = 0;
          while (used & ((uint64_t) 1 << color))
            color++;
          uint64_t bit = (uint64_t) 1 << color;
          if (sa > 0)
            masks[sa] |= bit;
          if (sb > 0)
            masks[sb] |= bit;
        }
      colors[i] = color;
      start[color + 1]++;
    }
  for (int c = 0; c <= PHYS_SOLVER_COLORS; c++)
    start[c + 1] += start[c];
  for (int i = 0; i < n_rows; i++)
    order[start[colors[i]]++] = i;
}

/* Impulse lambda along direction d (n or t) at a point with lever crosses ra_d, rb_d. Slot 0
 * (the immovable body) is written too, without a branch: its inverse mass and inertia are 0, so
 * it gets 0 + (+-0) = +0 exactly, and stays the zero every row reads. */
static inline void
push (SolverBody *A, SolverBody *B, Pair d, PhysReal ra_d, PhysReal rb_d, PhysReal lambda)
{
  PhysReal sa = -A->im * lambda, sb = B->im * lambda;
  pair_store (&A->v, pair_load (&A->v) + d * (Pair) { sa, sa });
  A->w -= A->ii * ra_d * lambda;
  pair_store (&B->v, pair_load (&B->v) + d * (Pair) { sb, sb });
  B->w += B->ii * rb_d * lambda;
}

/* Friction at point k of a row: its bound from the normal impulse so far. */
static inline void
friction_point (SolverBody *bodies, SolverRow *row, int k)
{
  SolverBody *A = &bodies[row->sa], *B = &bodies[row->sb];
  Pair t = { -row->n.y, row->n.x };
  SolverPoint *q = &row->p[k];
  Pair dv = pair_load (&B->v) - pair_load (&A->v);
  PhysReal vt = pair_dot (dv, t) + B->w * q->rtb - A->w * q->rta;
  PhysReal lambda = -q->tmass * vt;
  PhysReal limit = row->friction * q->jn;
  PhysReal jt = q->jt + lambda;
  jt = jt > limit ? limit : (jt < -limit ? -limit : jt);
  lambda = jt - q->jt;
  q->jt = jt;
  push (A, B, t, q->rta, q->rtb, lambda);
}

/* The normal impulses of a row, accumulated and clamped (the two points exactly together when
 * block: Box2D's block solver). */
static inline void
normal_points (SolverBody *bodies, SolverRow *row)
{
  SolverBody *A = &bodies[row->sa], *B = &bodies[row->sb];
  Pair n = pair_load (&row->n);
  if (!row->block)
    {
      for (int k = 0; k < row->count; k++)
        {
          SolverPoint *q = &row->p[k];
          Pair dv = pair_load (&B->v) - pair_load (&A->v);
          PhysReal vn = pair_dot (dv, n) + B->w * q->rnb - A->w * q->rna;
          PhysReal lambda = -q->nmass * (vn - q->bias);
          PhysReal jn = q->jn + lambda > 0.0 ? q->jn + lambda : 0.0;
          lambda = jn - q->jn;
          q->jn = jn;
          push (A, B, n, q->rna, q->rnb, lambda);
        }
      return;
    }
  SolverPoint *q1 = &row->p[0], *q2 = &row->p[1];
  PhysReal a1 = q1->jn, a2 = q2->jn;
  Pair dv = pair_load (&B->v) - pair_load (&A->v);
  PhysReal dvn = pair_dot (dv, n);
  PhysReal vn1 = dvn + B->w * q1->rnb - A->w * q1->rna;
  PhysReal vn2 = dvn + B->w * q2->rnb - A->w * q2->rna;
  /* b = vn - bias - K a: the velocities the accumulated impulses a would leave without them. */
  PhysReal b1 = vn1 - q1->bias - (row->k11 * a1 + row->k12 * a2);
  PhysReal b2 = vn2 - q2->bias - (row->k12 * a1 + row->k22 * a2);
  /* Both points pushing: x = -K^-1 b. */
  PhysReal x1 = -(row->m11 * b1 + row->m12 * b2);
  PhysReal x2 = -(row->m12 * b1 + row->m22 * b2);
  if (!(x1 >= 0.0 && x2 >= 0.0))
    {
      /* Point 1 alone, point 2 separating. */
      x1 = -q1->nmass * b1;
      x2 = 0.0;
      if (!(x1 >= 0.0 && row->k12 * x1 + b2 >= 0.0))
        {
          /* Point 2 alone. */
          x1 = 0.0;
          x2 = -q2->nmass * b2;
          if (!(x2 >= 0.0 && row->k12 * x2 + b1 >= 0.0))
            {
              /* Neither: both separating. Anything else (only rounding can get here) keeps the
               * impulses as they are. */
              x1 = x2 = 0.0;
              if (!(b1 >= 0.0 && b2 >= 0.0))
                return;
            }
        }
    }
  PhysReal d1 = x1 - a1, d2 = x2 - a2;
  q1->jn = x1;
  q2->jn = x2;
  PhysReal d = d1 + d2;
  PhysReal sa = -A->im * d, sb = B->im * d;
  pair_store (&A->v, pair_load (&A->v) + n * (Pair) { sa, sa });
  A->w -= A->ii * (q1->rna * d1 + q2->rna * d2);
  pair_store (&B->v, pair_load (&B->v) + n * (Pair) { sb, sb });
  B->w += B->ii * (q1->rnb * d1 + q2->rnb * d2);
}

/* The largest change of a row's normal impulses since was[] (one a point), and the largest
 * normal impulse. */
static inline void
row_change (const SolverRow *row, const PhysReal was[2], PhysReal *change, PhysReal *largest)
{
  for (int k = 0; k < row->count; k++)
    {
      PhysReal d = fabs (row->p[k].jn - was[k]);
      *change = d > *change ? d : *change;
      *largest = row->p[k].jn > *largest ? row->p[k].jn : *largest;
    }
}

/* True when two rows share no moving body: solved in either order, or interleaved, they give
 * the same bits. */
static inline bool
independent (const SolverRow *x, const SolverRow *y)
{
  return (x->sa == 0 || (x->sa != y->sa && x->sa != y->sb))
         && (x->sb == 0 || (x->sb != y->sa && x->sb != y->sb));
}

void
phys_rigid_solver_runs (SolverRow *rows, int n_rows)
{
  int i = 0;
  while (i < n_rows)
    {
      /* The longest run from i (up to PHYS_SOLVER_RUN) of rows independent of each other:
       * consecutive rows of a colour share no moving body, so each waits on its own sums only
       * and the processor works on all of them together. */
      int m = 1;
      while (m < PHYS_SOLVER_RUN && i + m < n_rows)
        {
          bool free = true;
          for (int j = 0; j < m && free; j++)
            free = independent (&rows[i + j], &rows[i + m]);
          if (!free)
            break;
          m++;
        }
      rows[i].run = (uint8_t) m;
      for (int j = 1; j < m; j++)
        rows[i + j].run = 0;
      i += m;
    }
}

void
phys_rigid_solver_sweep (SolverBody *bodies, SolverRow *rows, int n_rows, PhysReal *change,
                         PhysReal *largest)
{
  int i = 0;
  while (i < n_rows)
    {
      int m = rows[i].run;
      SolverRow *g = &rows[i];
      PhysReal was[PHYS_SOLVER_RUN][2];
      if (change != NULL)
        for (int j = 0; j < m; j++)
          {
            was[j][0] = g[j].p[0].jn;
            was[j][1] = g[j].p[1].jn;
          }
      for (int j = 0; j < m; j++)
        friction_point (bodies, &g[j], 0);
      for (int j = 0; j < m; j++)
        if (g[j].count > 1)
          friction_point (bodies, &g[j], 1);
      for (int j = 0; j < m; j++)
        normal_points (bodies, &g[j]);
      if (change != NULL)
        for (int j = 0; j < m; j++)
          row_change (&g[j], was[j], change, largest);
      i += m;
    }
}
