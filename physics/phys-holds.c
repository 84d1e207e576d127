/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-holds.c: the pushes of a cluster of resting contacts, solved together.
 *
 * With J the holds' normals on their bodies (a row per hold: +n on its first end, -n on its
 * second), M the masses and g the free accelerations, the accelerations are a = g + M^-1 J'p
 * for pushes p >= 0 that minimise 1/2 p'Ap + b'p, A = J M^-1 J' and b = J g plus the given
 * ends' part: the dual of Gauss's least constraint. Its gradient w = Ap + b = J a is every
 * hold's opening. At the minimum each hold pushes with its contact shut (w = 0) or does not
 * push and opens (w >= 0).
 *
 * The minimum is found by Lawson and Hanson's active set method for non-negative least
 * squares ("Solving Least Squares Problems", 1974, chapter 23), started with every hold
 * pushing: the holds of a stack all push, and one factorisation solves it. A holds only with
 * the holds that share a body, so gathered cluster by cluster its coupling stays near the
 * diagonal; the Cholesky factor skips the zeros before each row's first coupling (a chain
 * costs its length, not its cube), and products with A go through the bodies.
 */
#include <stdlib.h>
#include <string.h>

#include "phys-holds-private.h"

/* A hold whose normal the pushing ones already span (its pivot is below this fraction of its
 * diagonal) is left out: its contact is kept shut by the others. */
#define SPANNED 1e-12
/* Openings below this fraction of the largest acceleration involved are rounding. */
#define OPENING_TOL 1e-12
/* Most rounds of the outer loop, per hold: the method is finite in exact arithmetic; the
 * bound is for rounding. */
#define ROUNDS 3
/* What is left of pushes that balance, relative to the sum of their sizes, is rounding. */
#define BALANCED 1e-12

enum { AT_ZERO, PUSHING, LEFT_OUT };

static void *
grow (void *p, size_t n, size_t size)
{
  void *q = realloc (p, (n > 0 ? n : 1) * size);
  if (q == NULL)
    abort ();
  return q;
}

void
phys_hold_system_reserve (PhysHoldSystem *sys, int n_holds, int n_bodies, int n_ends)
{
  if (n_holds > sys->cap_holds)
    {
      size_t c = (size_t) n_holds;
      /* Kept all zero between solves (each clears what it filled): no m^2 clearing. */
      free (sys->mat);
      sys->mat = calloc (c * c, sizeof *sys->mat);
      if (sys->mat == NULL)
        abort ();
      sys->chol = grow (sys->chol, c * c, sizeof *sys->chol);
      sys->normal = grow (sys->normal, c, sizeof *sys->normal);
      sys->end = grow (sys->end, 2 * c, sizeof *sys->end);
      sys->end_acc = grow (sys->end_acc, 2 * c, sizeof *sys->end_acc);
      sys->push = grow (sys->push, c, sizeof *sys->push);
      sys->opening = grow (sys->opening, c, sizeof *sys->opening);
      sys->rhs = grow (sys->rhs, c, sizeof *sys->rhs);
      sys->z = grow (sys->z, c, sizeof *sys->z);
      sys->res = grow (sys->res, c, sizeof *sys->res);
      sys->full = grow (sys->full, c, sizeof *sys->full);
      sys->state = grow (sys->state, c, sizeof *sys->state);
      sys->order = grow (sys->order, c, sizeof *sys->order);
      sys->first_nz = grow (sys->first_nz, c, sizeof *sys->first_nz);
      sys->first_row = grow (sys->first_row, c, sizeof *sys->first_row);
      sys->at = grow (sys->at, c + 1, sizeof *sys->at);
      sys->cap_holds = n_holds;
    }
  if (n_bodies > sys->cap_bodies)
    {
      size_t c = (size_t) n_bodies;
      sys->free_acc = grow (sys->free_acc, c, sizeof *sys->free_acc);
      sys->inv_mass = grow (sys->inv_mass, c, sizeof *sys->inv_mass);
      sys->body_start = grow (sys->body_start, c + 1, sizeof *sys->body_start);
      sys->acc = grow (sys->acc, c, sizeof *sys->acc);
      sys->cap_bodies = n_bodies;
    }
  if (n_ends > sys->cap_ends)
    {
      sys->body_hold = grow (sys->body_hold, (size_t) n_ends, sizeof *sys->body_hold);
      sys->body_sign = grow (sys->body_sign, (size_t) n_ends, sizeof *sys->body_sign);
      sys->cap_ends = n_ends;
    }
}

void
phys_hold_system_free (PhysHoldSystem *sys)
{
  free (sys->normal);
  free (sys->end);
  free (sys->end_acc);
  free (sys->free_acc);
  free (sys->inv_mass);
  free (sys->body_start);
  free (sys->body_hold);
  free (sys->body_sign);
  free (sys->push);
  free (sys->opening);
  free (sys->acc);
  free (sys->mat);
  free (sys->chol);
  free (sys->rhs);
  free (sys->z);
  free (sys->res);
  free (sys->full);
  free (sys->state);
  free (sys->order);
  free (sys->first_nz);
  free (sys->first_row);
  free (sys->at);
  memset (sys, 0, sizeof *sys);
}

/* The relative acceleration along hold k's normal for the bodies' accelerations acc, its
 * given ends' accelerations counted when `given` (A p + b), left out when not (A p). */
static PhysReal
opening_of (const PhysHoldSystem *sys, int k, const PhysVec2 *acc, bool given)
{
  PhysVec2 a[2];
  for (int side = 0; side < 2; side++)
    {
      int b = sys->end[2 * k + side];
      a[side] = b >= 0 ? acc[b] : given ? sys->end_acc[2 * k + side] : phys_v2 (0.0, 0.0);
    }
  return phys_v2_dot (phys_v2_sub (a[0], a[1]), sys->normal[k]);
}

/* The bodies' accelerations for the pushes p (into sys->acc), from their free ones when
 * `free` or from rest, and every hold's opening (into w). */
static void
accelerations (PhysHoldSystem *sys, const PhysReal *p, bool free, PhysReal *w)
{
  for (int b = 0; b < sys->n_bodies; b++)
    {
      PhysVec2 a = free ? sys->free_acc[b] : phys_v2 (0.0, 0.0);
      for (int e = sys->body_start[b]; e < sys->body_start[b + 1]; e++)
        {
          int k = sys->body_hold[e];
          if (p[k] != 0.0)
            a = phys_v2_add_scaled (a, sys->normal[k], sys->body_sign[e] * sys->inv_mass[b] * p[k]);
        }
      sys->acc[b] = a;
    }
  for (int k = 0; k < sys->n_holds; k++)
    w[k] = opening_of (sys, k, sys->acc, free);
}

/* z_P = -(A_PP)^-1 b_P for the pushing holds P (p of them, in increasing order), by a
 * Cholesky factor that skips the zeros before each row's first coupling, solved twice: the
 * second time for what the first left of -b_P (one step of iterative refinement: holds
 * nearly in line make A_PP ill-conditioned and their pushes large). Returns -1, or when A_PP
 * is singular to rounding the first hold whose normal the ones before it already span (a
 * body held between two given ends along one line). */
static int
solve_pushing (PhysHoldSystem *sys, const int *P, int p)
{
  const PhysReal *A = sys->mat;
  PhysReal *L = sys->chol, *z = sys->z, *res = sys->res;
  int m = sys->n_holds, *first = sys->first_row, *at = sys->at;
  /* at[k]: the place in P of the first pushing hold from k on. */
  for (int k = m, r = p; k >= 0; k--)
    {
      if (r > 0 && k < m && P[r - 1] == k)
        r--;
      at[k] = r;
    }
  for (int r = 0; r < p; r++)
    {
      int f = at[sys->first_nz[P[r]]];
      first[r] = f;
      for (int c = f; c <= r; c++)
        {
          PhysReal sum = A[P[r] * m + P[c]];
          for (int k = f > first[c] ? f : first[c]; k < c; k++)
            sum -= L[r * p + k] * L[c * p + k];
          if (r > c)
            L[r * p + c] = sum / L[c * p + c];
          else if (sum > SPANNED * A[P[r] * m + P[r]])
            L[r * p + r] = sqrt (sum);
          else
            return P[r];
        }
    }
  for (int q = 0; q < p; q++)
    z[P[q]] = 0.0;
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 0)
        for (int r = 0; r < p; r++)
          res[P[r]] = -sys->rhs[P[r]];
      else
        {
          /* -b_P - A_PP z_P, the product through the bodies with z zero off P. */
          for (int k = 0; k < m; k++)
            sys->full[k] = 0.0;
          for (int q = 0; q < p; q++)
            sys->full[P[q]] = z[P[q]];
          accelerations (sys, sys->full, false, sys->full);
          for (int r = 0; r < p; r++)
            res[P[r]] = -sys->rhs[P[r]] - sys->full[P[r]];
        }
      for (int r = 0; r < p; r++)
        {
          PhysReal sum = res[P[r]];
          for (int k = first[r]; k < r; k++)
            sum -= L[r * p + k] * res[P[k]];
          res[P[r]] = sum / L[r * p + r];
        }
      for (int r = p - 1; r >= 0; r--)
        {
          res[P[r]] /= L[r * p + r];
          for (int k = first[r]; k < r; k++)
            res[P[k]] -= L[r * p + k] * res[P[r]];
        }
      for (int q = 0; q < p; q++)
        z[P[q]] += res[P[q]];
    }
  return -1;
}

/* Lawson and Hanson's inner loop: from the feasible pushes, towards the unconstrained minimum
 * over the pushing holds, stopping where a push reaches zero (that hold stops pushing), until
 * the minimum over what is left pushes everywhere. A hold that makes the set singular is left
 * out until a hold stops pushing. */
static void
inner_loop (PhysHoldSystem *sys)
{
  PhysReal *lam = sys->push, *z = sys->z;
  int m = sys->n_holds, *state = sys->state, *P = sys->order;
  for (int inner = 0; inner <= 2 * m; inner++)
    {
      int p = 0;
      for (int k = 0; k < m; k++)
        if (state[k] == PUSHING)
          P[p++] = k;
      int spanned = solve_pushing (sys, P, p);
      if (spanned >= 0)
        {
          state[spanned] = LEFT_OUT;
          lam[spanned] = 0.0;
          continue;
        }
      PhysReal alpha = 2.0;
      int drop = -1;
      for (int q = 0; q < p; q++)
        if (z[P[q]] <= 0.0)
          {
            PhysReal ratio = lam[P[q]] / (lam[P[q]] - z[P[q]]);
            if (ratio < alpha)
              {
                alpha = ratio;
                drop = P[q];
              }
          }
      if (drop < 0)
        {
          for (int q = 0; q < p; q++)
            lam[P[q]] = z[P[q]];
          return;
        }
      for (int q = 0; q < p; q++)
        {
          int k = P[q];
          bool falling = z[k] <= 0.0;
          lam[k] += alpha * (z[k] - lam[k]);
          if (k == drop || (falling && lam[k] <= 0.0))
            {
              lam[k] = 0.0;
              state[k] = AT_ZERO;
            }
        }
      /* The holds that spanned a left-out one may be gone: it may push again. */
      for (int k = 0; k < m; k++)
        if (state[k] == LEFT_OUT)
          state[k] = AT_ZERO;
    }
}

void
phys_hold_system_solve (PhysHoldSystem *sys)
{
  int m = sys->n_holds, n = sys->n_bodies;
  PhysReal *lam = sys->push, *w = sys->opening;

  /* A, filled body by body (holds couple only through a shared body), with each row's first
   * coupling; b = J g, the openings with no push at all. */
  PhysReal scale = 0.0;
  for (int k = 0; k < m; k++)
    {
      sys->first_nz[k] = k;
      lam[k] = 0.0;
      for (int side = 0; side < 2; side++)
        if (sys->end[2 * k + side] < 0)
          scale = fmax (scale, phys_v2_len (sys->end_acc[2 * k + side]));
    }
  for (int b = 0; b < n; b++)
    {
      scale = fmax (scale, phys_v2_len (sys->free_acc[b]));
      for (int x = sys->body_start[b]; x < sys->body_start[b + 1]; x++)
        for (int y = sys->body_start[b]; y < sys->body_start[b + 1]; y++)
          {
            int kx = sys->body_hold[x], ky = sys->body_hold[y];
            sys->mat[kx * m + ky] += sys->body_sign[x] * sys->body_sign[y] * sys->inv_mass[b]
                                     * phys_v2_dot (sys->normal[kx], sys->normal[ky]);
            if (ky < sys->first_nz[kx])
              sys->first_nz[kx] = ky;
          }
    }
  sys->tol = OPENING_TOL * scale;
  accelerations (sys, lam, true, sys->rhs);

  if (m > 0)
    {
      for (int k = 0; k < m; k++)
        sys->state[k] = PUSHING;
      inner_loop (sys);
      accelerations (sys, lam, true, w);
      for (int round = 0; round < ROUNDS * m; round++)
        {
          int t = -1;
          PhysReal most = -sys->tol;
          for (int k = 0; k < m; k++)
            if (sys->state[k] == AT_ZERO && w[k] < most)
              {
                most = w[k];
                t = k;
              }
          if (t < 0)
            break;
          sys->state[t] = PUSHING;
          inner_loop (sys);
          accelerations (sys, lam, true, w);
        }
    }
  for (int b = 0; b < n; b++)
    for (int x = sys->body_start[b]; x < sys->body_start[b + 1]; x++)
      for (int y = sys->body_start[b]; y < sys->body_start[b + 1]; y++)
        sys->mat[sys->body_hold[x] * m + sys->body_hold[y]] = 0.0;

  /* What is left of pushes that balance is rounding of their sum: the body stands (along
   * that axis) exactly, as a hold made alone leaves it. */
  for (int b = 0; b < n; b++)
    {
      PhysReal sum_x = fabs (sys->free_acc[b].x), sum_y = fabs (sys->free_acc[b].y);
      for (int x = sys->body_start[b]; x < sys->body_start[b + 1]; x++)
        {
          int k = sys->body_hold[x];
          sum_x += fabs (sys->inv_mass[b] * lam[k] * sys->normal[k].x);
          sum_y += fabs (sys->inv_mass[b] * lam[k] * sys->normal[k].y);
        }
      if (fabs (sys->acc[b].x) <= BALANCED * sum_x)
        sys->acc[b].x = 0.0;
      if (fabs (sys->acc[b].y) <= BALANCED * sum_y)
        sys->acc[b].y = 0.0;
    }
}
