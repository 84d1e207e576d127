/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-labels.h: placing labels so that they overlap neither each other nor
 * the shapes they describe.
 *
 * A greedy placer: labels are placed one at a time, most important first. Each
 * tries candidate positions on rings around its anchor, nearest ring first and,
 * on a ring, the side nearest to the preferred one first. A candidate must stay
 * inside the canvas and off every placed label and the labelled shape; among
 * those the nearest wins, where lying inside an area (without crossing its
 * outline) counts as a little farther and covering ink as a last resort. Greedy
 * placement is not optimal, but it is predictable (the same input gives the
 * same picture) and cheap enough to run on every frame.
 *
 * All coordinates are pixels. The placer owns no memory: the caller gives it
 * arrays, so placing allocates nothing.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * ImpRect:
 * @x: left edge
 * @y: top edge
 * @width: >= 0
 * @height: >= 0
 *
 * An axis-aligned rectangle, pixels.
 */
typedef struct
{
  double x, y, width, height;
} ImpRect;

/**
 * ImpCapsule:
 * @ax: x of the first end of the core segment
 * @ay: y of the first end
 * @bx: x of the second end (equal to @ax and @by to @ay for a disc)
 * @by: y of the second end
 * @radius: how far the shape reaches around its core segment, >= 0
 *
 * A segment thickened by a radius, pixels: a disc, an arrow or a line as a
 * shape a label must keep off.
 */
typedef struct
{
  double ax, ay, bx, by, radius;
} ImpCapsule;

/**
 * ImpObstacleKind:
 * @IMP_OBSTACLE_INK: a line, an arrow, a dot: text on it would hide it
 * @IMP_OBSTACLE_AREA: a region with an outline (a circle, a swept path): a label
 *   may sit inside it when there is no better place, but never across its outline
 *
 * How much a shape minds being covered.
 */
typedef enum
{
  IMP_OBSTACLE_INK,
  IMP_OBSTACLE_AREA,
} ImpObstacleKind;

/**
 * ImpObstacle:
 * @shape: where it is
 * @kind: how much it minds being covered
 *
 * A shape labels keep off.
 */
typedef struct
{
  ImpCapsule shape;
  ImpObstacleKind kind;
} ImpObstacle;

/**
 * ImpLabelPlacer:
 * @bounds: labels stay inside this rectangle (the canvas)
 * @gap: free space between a label and what it avoids, pixels
 * @placed: the labels placed so far
 * @n_placed: how many
 * @max_placed: room in @placed
 * @obstacles: shapes no label may cover
 * @n_obstacles: how many
 * @max_obstacles: room in @obstacles
 *
 * The state of a placement; set up with imp_label_placer_init().
 */
typedef struct
{
  ImpRect bounds;
  double gap;
  ImpRect *placed;
  int n_placed;
  int max_placed;
  ImpObstacle *obstacles;
  int n_obstacles;
  int max_obstacles;
} ImpLabelPlacer;

/**
 * ImpLabelRequest:
 * @x: anchor x: the point the label belongs to
 * @y: anchor y
 * @clearance: no part of the label comes nearer to the anchor than this (the
 *   radius of a labelled dot, half the width of a labelled line)
 * @width: label width
 * @height: label height
 * @dir_x: x of the preferred side, seen from the anchor; (0, 0): right and up
 * @dir_y: y of the preferred side
 * @own: (nullable): the labelled shape, which the label must never cover even
 *   when it is not an obstacle
 * @rivals: (nullable) (array length=n_rivals): shapes the label could be taken
 *   for (other bodies): the label is never nearer one of them than @own, so
 *   it (and its leader line) reads as belonging to @own
 * @n_rivals: how many
 *
 * One label to place.
 */
typedef struct
{
  double x, y;
  double clearance;
  double width, height;
  double dir_x, dir_y;
  const ImpCapsule *own;
  const ImpCapsule *rivals;
  int n_rivals;
} ImpLabelRequest;

ImpCapsule imp_capsule_disc (double x, double y, double radius);
ImpCapsule imp_capsule_line (double ax, double ay, double bx, double by, double radius);
gboolean imp_rect_intersects_rect (const ImpRect *r, const ImpRect *s);
gboolean imp_rect_intersects_capsule (const ImpRect *r, const ImpCapsule *c);
gboolean imp_rect_crosses_capsule_outline (const ImpRect *r, const ImpCapsule *c);
double imp_rect_capsule_distance (const ImpRect *r, const ImpCapsule *c);

void imp_label_placer_init (ImpLabelPlacer *placer, ImpRect bounds, ImpRect *placed, int max_placed,
                            ImpObstacle *obstacles, int max_obstacles);
gboolean imp_label_placer_add_obstacle (ImpLabelPlacer *placer, ImpCapsule shape,
                                        ImpObstacleKind kind);
gboolean imp_label_placer_reserve (ImpLabelPlacer *placer, ImpRect rect);
gboolean imp_label_placer_place (ImpLabelPlacer *placer, const ImpLabelRequest *request,
                                 ImpRect *out);

G_END_DECLS
