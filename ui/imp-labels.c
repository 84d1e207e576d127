/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-labels.c: greedy label placement. */
#include "imp-labels.h"

#include <math.h>

/* Sixteen sides (every 22.5 degrees) read as "next to" the anchor; more only
 * slow placement down. Rings grow faster than linearly so a crowded label
 * escapes the crowd in a few steps, while a free one stays close. */
#define N_SIDES 16
static const double ring_steps[] = { 1.0, 2.0, 4.0, 7.0, 11.0, 16.0, 23.0, 32.0, 44.0, 60.0, 80.0 };
#define N_RINGS ((int) G_N_ELEMENTS (ring_steps))
/* What a candidate's obstacle cost is worth in pixels of distance: a label
 * inside an area is worth a short walk to find free space, one on ink is a last
 * resort. */
static const double cost_penalty[] = { 0.0, 36.0, 1e6 };

/**
 * imp_capsule_disc:
 * @x: centre x
 * @y: centre y
 * @radius: radius
 *
 * Returns: a disc as a capsule
 */
ImpCapsule
imp_capsule_disc (double x, double y, double radius)
{
  ImpCapsule c = { x, y, x, y, radius };
  return c;
}

/**
 * imp_capsule_line:
 * @ax: x of one end
 * @ay: y of one end
 * @bx: x of the other end
 * @by: y of the other end
 * @radius: half the thickness
 *
 * Returns: a thick line as a capsule
 */
ImpCapsule
imp_capsule_line (double ax, double ay, double bx, double by, double radius)
{
  ImpCapsule c = { ax, ay, bx, by, radius };
  return c;
}

/**
 * imp_rect_intersects_rect:
 * @r: a rectangle
 * @s: another
 *
 * Returns: %TRUE when the interiors of @r and @s overlap (touching edges do not count)
 */
gboolean
imp_rect_intersects_rect (const ImpRect *r, const ImpRect *s)
{
  return r->x < s->x + s->width && s->x < r->x + r->width && r->y < s->y + s->height
         && s->y < r->y + r->height;
}

static double
point_rect_distance (double px, double py, const ImpRect *r)
{
  double dx = MAX (MAX (r->x - px, px - (r->x + r->width)), 0.0);
  double dy = MAX (MAX (r->y - py, py - (r->y + r->height)), 0.0);
  return sqrt (dx * dx + dy * dy);
}

static double
point_segment_distance (double px, double py, double ax, double ay, double bx, double by)
{
  double ux = bx - ax, uy = by - ay;
  double len_sq = ux * ux + uy * uy;
  double s = len_sq > 0.0 ? ((px - ax) * ux + (py - ay) * uy) / len_sq : 0.0;

  s = CLAMP (s, 0.0, 1.0);
  double dx = px - (ax + ux * s), dy = py - (ay + uy * s);
  return sqrt (dx * dx + dy * dy);
}

/* Liang-Barsky: clips the parameter range [0, 1] of the segment by each slab. */
static gboolean
segment_crosses_rect (const ImpCapsule *c, const ImpRect *r)
{
  double dx = c->bx - c->ax, dy = c->by - c->ay;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { c->ax - r->x, r->x + r->width - c->ax, c->ay - r->y, r->y + r->height - c->ay };
  double lo = 0.0, hi = 1.0;

  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0.0)
        {
          if (q[i] < 0.0)
            return FALSE;
          continue;
        }
      double s = q[i] / p[i];
      if (p[i] < 0.0)
        lo = fmax (lo, s);
      else
        hi = fmin (hi, s);
      if (lo > hi)
        return FALSE;
    }
  return TRUE;
}

/* Distance between a capsule's core segment and a rectangle: zero when they
 * cross; otherwise the nearest pair involves an end of the segment or a corner
 * of the rectangle, since both are convex. */
static double
segment_rect_distance (const ImpCapsule *c, const ImpRect *r)
{
  if (segment_crosses_rect (c, r))
    return 0.0;

  double d = MIN (point_rect_distance (c->ax, c->ay, r), point_rect_distance (c->bx, c->by, r));
  double xs[2] = { r->x, r->x + r->width };
  double ys[2] = { r->y, r->y + r->height };
  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 2; k++)
      d = MIN (d, point_segment_distance (xs[i], ys[k], c->ax, c->ay, c->bx, c->by));
  return d;
}

/**
 * imp_rect_intersects_capsule:
 * @r: a rectangle
 * @c: a capsule
 *
 * Returns: %TRUE when @r and @c share more than a boundary point
 */
gboolean
imp_rect_intersects_capsule (const ImpRect *r, const ImpCapsule *c)
{
  /* Most pairs are far apart: their boxes tell at once. */
  if (MIN (c->ax, c->bx) - c->radius >= r->x + r->width || MAX (c->ax, c->bx) + c->radius <= r->x
      || MIN (c->ay, c->by) - c->radius >= r->y + r->height
      || MAX (c->ay, c->by) + c->radius <= r->y)
    return c->radius == 0.0 && segment_crosses_rect (c, r);
  return segment_rect_distance (c, r) < c->radius
         || (c->radius == 0.0 && segment_crosses_rect (c, r));
}

/**
 * imp_rect_capsule_distance:
 * @r: a rectangle
 * @c: a capsule
 *
 * Returns: the gap between @r and @c's outline, pixels; 0 when they meet
 */
double
imp_rect_capsule_distance (const ImpRect *r, const ImpCapsule *c)
{
  return MAX (segment_rect_distance (c, r) - c->radius, 0.0);
}

/* Whether a label there would be nearer another body than its own. */
static gboolean
nearer_a_rival (const ImpLabelRequest *request, const ImpRect *r)
{
  if (request->n_rivals == 0)
    return FALSE;
  double own = request->own != NULL
                   ? imp_rect_capsule_distance (r, request->own)
                   : point_rect_distance (request->x, request->y, r) - request->clearance;
  for (int i = 0; i < request->n_rivals; i++)
    if (imp_rect_capsule_distance (r, &request->rivals[i]) < own)
      return TRUE;
  return FALSE;
}

/**
 * imp_rect_crosses_capsule_outline:
 * @r: a rectangle
 * @c: a capsule
 *
 * Returns: %TRUE when @r is partly inside and partly outside @c
 */
gboolean
imp_rect_crosses_capsule_outline (const ImpRect *r, const ImpCapsule *c)
{
  if (!imp_rect_intersects_capsule (r, c))
    return FALSE;
  /* A capsule is convex: the rectangle is inside when its four corners are. */
  double xs[2] = { r->x, r->x + r->width };
  double ys[2] = { r->y, r->y + r->height };
  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 2; k++)
      if (point_segment_distance (xs[i], ys[k], c->ax, c->ay, c->bx, c->by) >= c->radius)
        return TRUE;
  return FALSE;
}

/**
 * imp_label_placer_init:
 * @placer: (out caller-allocates): the placer to set up
 * @bounds: the canvas; labels stay inside
 * @placed: (array length=max_placed): room for the placed labels
 * @max_placed: how many labels fit in @placed
 * @obstacles: (array length=max_obstacles): room for shapes to avoid
 * @max_obstacles: how many shapes fit in @obstacles
 *
 * Starts a placement with no labels and no obstacles, with a gap of 3 pixels.
 * The placer keeps pointers to the arrays; they must outlive it.
 */
void
imp_label_placer_init (ImpLabelPlacer *placer, ImpRect bounds, ImpRect *placed, int max_placed,
                       ImpObstacle *obstacles, int max_obstacles)
{
  placer->bounds = bounds;
  placer->gap = 3.0;
  placer->placed = placed;
  placer->n_placed = 0;
  placer->max_placed = max_placed;
  placer->obstacles = obstacles;
  placer->n_obstacles = 0;
  placer->max_obstacles = max_obstacles;
}

/**
 * imp_label_placer_add_obstacle:
 * @placer: a placer
 * @shape: a shape labels placed from now on keep off
 * @kind: how much it minds being covered
 *
 * Returns: %FALSE when there is no room left for it (it is then ignored)
 */
gboolean
imp_label_placer_add_obstacle (ImpLabelPlacer *placer, ImpCapsule shape, ImpObstacleKind kind)
{
  if (placer->n_obstacles >= placer->max_obstacles)
    return FALSE;
  placer->obstacles[placer->n_obstacles].shape = shape;
  placer->obstacles[placer->n_obstacles].kind = kind;
  placer->n_obstacles++;
  return TRUE;
}

/**
 * imp_label_placer_reserve:
 * @placer: a placer
 * @rect: an area taken as if by a label (a legend box, a caption)
 *
 * Returns: %FALSE when there is no room left for it (it is then ignored)
 */
gboolean
imp_label_placer_reserve (ImpLabelPlacer *placer, ImpRect rect)
{
  if (placer->n_placed >= placer->max_placed)
    return FALSE;
  placer->placed[placer->n_placed++] = rect;
  return TRUE;
}

static gboolean
inside (const ImpRect *outer, const ImpRect *r)
{
  return r->x >= outer->x && r->y >= outer->y && r->x + r->width <= outer->x + outer->width
         && r->y + r->height <= outer->y + outer->height;
}

static gboolean
covers_label (const ImpLabelPlacer *placer, const ImpRect *padded)
{
  for (int i = 0; i < placer->n_placed; i++)
    if (imp_rect_intersects_rect (padded, &placer->placed[i]))
      return TRUE;
  return FALSE;
}

/* 0: touches no obstacle; 1: lies inside areas but crosses no outline and no
 * ink; 2: covers ink or crosses an outline. Lower is better. */
static int
obstacle_cost (const ImpLabelPlacer *placer, const ImpRect *padded)
{
  int cost = 0;

  for (int i = 0; i < placer->n_obstacles; i++)
    {
      const ImpObstacle *o = &placer->obstacles[i];
      if (!imp_rect_intersects_capsule (padded, &o->shape))
        continue;
      if (o->kind == IMP_OBSTACLE_INK || imp_rect_crosses_capsule_outline (padded, &o->shape))
        return 2;
      cost = 1;
    }
  return cost;
}

/* Sides in the order they are tried: by angle from the preferred side, ties
 * broken by index so the order never depends on rounding in a sort. */
static void
order_sides (double dir_x, double dir_y, int order[N_SIDES])
{
  double want = (dir_x == 0.0 && dir_y == 0.0) ? atan2 (-1.0, 2.0) : atan2 (dir_y, dir_x);
  double cost[N_SIDES];

  for (int k = 0; k < N_SIDES; k++)
    {
      double diff = fabs (remainder (k * (2.0 * G_PI / N_SIDES) - want, 2.0 * G_PI));
      cost[k] = floor (diff * 1e6);
      order[k] = k;
    }
  for (int i = 1; i < N_SIDES; i++)
    for (int k = i; k > 0 && cost[order[k]] < cost[order[k - 1]]; k--)
      {
        int t = order[k];
        order[k] = order[k - 1];
        order[k - 1] = t;
      }
}

/**
 * imp_label_placer_place:
 * @placer: a placer
 * @request: the label
 * @out: (out): where the label goes
 *
 * Finds a place for a label. The label never covers a placed label or
 * @request->own, and stays inside the bounds; among such places it takes the
 * nearest, where lying inside an area counts as some distance more and
 * covering ink as very far. The label is recorded, so later labels avoid it.
 *
 * Returns: %TRUE when placed; %FALSE when no candidate keeps the rules or the
 *   placer has no room left: @out then holds the first candidate, which is not
 *   recorded
 */
gboolean
imp_label_placer_place (ImpLabelPlacer *placer, const ImpLabelRequest *request, ImpRect *out)
{
  int order[N_SIDES];
  double pad = placer->gap / 2.0;
  double best_score = INFINITY;
  ImpRect best = { 0 };

  order_sides (request->dir_x, request->dir_y, order);
  /* A label that could not be recorded could be covered by the next one. */
  gboolean full = placer->n_placed >= placer->max_placed;
  for (int ring = 0; ring < N_RINGS; ring++)
    {
      double away = placer->gap * ring_steps[ring];
      /* Rings only get farther: nothing beyond can beat what was found. */
      if (away >= best_score)
        break;
      for (int i = 0; i < N_SIDES; i++)
        {
          double angle = order[i] * (2.0 * G_PI / N_SIDES);
          double ux = cos (angle), uy = sin (angle);
          double dist = request->clearance + away;
          /* Push the rectangle out until its nearest point is dist away along u. */
          double reach = fabs (ux) * request->width / 2.0 + fabs (uy) * request->height / 2.0;
          double cx = request->x + ux * (dist + reach);
          double cy = request->y + uy * (dist + reach);
          ImpRect r = { cx - request->width / 2.0, cy - request->height / 2.0, request->width,
                        request->height };
          ImpRect padded = { r.x - pad, r.y - pad, r.width + 2.0 * pad, r.height + 2.0 * pad };

          if (ring == 0 && i == 0)
            {
              *out = r;
              if (full)
                return FALSE;
            }
          if (!inside (&placer->bounds, &r) || covers_label (placer, &padded))
            continue;
          if (request->own != NULL && imp_rect_intersects_capsule (&padded, request->own))
            continue;
          if (nearer_a_rival (request, &r))
            continue;
          double score = away + cost_penalty[obstacle_cost (placer, &padded)];
          if (score < best_score)
            {
              best = r;
              best_score = score;
            }
        }
    }
  if (!isfinite (best_score))
    return FALSE;
  *out = best;
  return imp_label_placer_reserve (placer, best);
}
