/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas-edit.h: what a press on the canvas takes hold of (a circle, the tip
 * of its velocity arrow, a segment or one of its ends, a polygon or its rotation
 * handle, a curve or one of its control points) and the edit that dragging it
 * makes. Plain functions of a world and a view, so the canvas's gestures and the
 * tests share them. */
#pragma once

#include <glib.h>

#include "imp-view.h"
#include "phys.h"

G_BEGIN_DECLS

typedef enum
{
  IMP_GRAB_NONE = 0, /* empty space: the drag pans */
  IMP_GRAB_CIRCLE,   /* moves a circle's centre */
  IMP_GRAB_VELOCITY, /* moves the tip of its velocity arrow: a new velocity */
  IMP_GRAB_END_A,    /* moves a segment's end A */
  IMP_GRAB_END_B,    /* moves its end B */
  IMP_GRAB_SEGMENT,  /* moves a segment whole */
  IMP_GRAB_PROBE,    /* moves a probe */
  IMP_GRAB_POLYGON,  /* moves a polygon's centre of mass */
  IMP_GRAB_ROTATE,   /* turns a selected polygon about its centre of mass by its handle */
  IMP_GRAB_CURVE,    /* moves a curve whole */
  IMP_GRAB_CONTROL,  /* moves one control point of a selected curve (ImpGrab.handle) */
} ImpGrabKind;

typedef struct
{
  ImpGrabKind kind;
  PhysBodyRef body;
  PhysVec2 start; /* where it was pressed, world units */
  PhysEdit base;  /* the body's values when pressed */
  int handle;     /* IMP_GRAB_CONTROL: which control point, 0 to 3 */
} ImpGrab;

/* Pixels around a handle (an arrow tip, a segment end) that still take it. */
#define IMP_GRAB_SLACK_PX 8.0

/* What a press at screen point takes in world (circles and probes drawn at
 * positions and probe_positions, or the world's own where NULL; velocity tips
 * only when shown). Walls of the bounds and fixed circles' velocities cannot
 * be taken. */
ImpGrab imp_grab_at (const PhysWorld *world, const PhysVec2 *positions,
                     const PhysVec2 *probe_positions, const ImpView *view,
                     gboolean velocities_shown, PhysVec2 screen);
/* The handles the selection draws, before any body: the rotation handle of a selected
 * polygon, the control points of a selected curve (imp-render-rigid.c draws them). kind
 * IMP_GRAB_NONE when none is within reach. */
ImpGrab imp_grab_handle_at (const PhysWorld *world, const ImpView *view, PhysBodyRef selected,
                            PhysVec2 screen);
/* Whether world point p is inside polygon i (at its world pose) or within slack world units
 * of its outline. */
gboolean imp_grab_polygon_contains (const PhysWorld *world, int i, PhysVec2 p, double slack);
/* Distance from world point p to curve i, world units (the closest point of the curve). */
double imp_grab_curve_distance (const PhysWorld *world, int i, PhysVec2 p);
/* The edit that dragging grab to screen point makes: the arrow's tip follows
 * the pointer (one frame of motion, so the velocity changes by the pointer's
 * move over dt), a body or end moves with it; values snap to the largest power of
 * ten no wider than a pixel. */
PhysEdit imp_grab_edit (const ImpGrab *grab, const PhysWorld *world, const ImpView *view,
                        PhysVec2 screen);
/* The pointer's shape over what a press would take (a CSS cursor name), or NULL. */
const char *imp_grab_cursor (ImpGrabKind kind);

/* A circle to add at a world point: the size of the world's typical circle (the
 * median radius), or 16 pixels across at view's scale when there is none. */
PhysEdit imp_grab_new_circle (const PhysWorld *world, const ImpView *view, PhysVec2 at);
/* A horizontal wall 200 pixels long at view's scale, centred on a world point. */
PhysEdit imp_grab_new_segment (const PhysWorld *world, const ImpView *view, PhysVec2 at);
/* A polygon to add, centred on a world point: a square box (sides 0) or a regular polygon of
 * sides 3 to 16 standing on an edge, as large as the world's typical body: its corners as far
 * out as the median polygon's, else the square's half side the median circle's radius, else
 * 32 pixels across at view's scale. */
PhysEdit imp_grab_new_polygon (const PhysWorld *world, const ImpView *view, PhysVec2 at,
                               int sides);
/* A Bezier curve to add: an S 200 pixels wide at view's scale, centred on a world point. */
PhysEdit imp_grab_new_curve (const PhysWorld *world, const ImpView *view, PhysVec2 at);

G_END_DECLS
