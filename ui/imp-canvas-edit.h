/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas-edit.h: what a press on the canvas takes hold of (a circle, the tip
 * of its velocity arrow, a segment or one of its ends) and the edit that
 * dragging it makes. Plain functions of a world and a view, so the canvas's
 * gestures and the tests share them. */
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
} ImpGrabKind;

typedef struct
{
  ImpGrabKind kind;
  PhysBodyRef body;
  PhysVec2 start; /* where it was pressed, world units */
  PhysEdit base;  /* the body's values when pressed */
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

G_END_DECLS
