/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-view.h: the transform between world units and canvas pixels.
 *
 * World and screen are both y-down (DESIGN.md), so the transform is a uniform
 * scale and a shift: no flip, and a direction in the world is the same
 * direction on screen. Normals computed in world coordinates can be drawn as
 * they are.
 */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

/* Zoom limits, pixels per world unit: beyond them cairo's fixed-point
 * coordinates lose precision or everything collapses to a point. */
#define IMP_VIEW_MIN_SCALE 1e-4
#define IMP_VIEW_MAX_SCALE 1e4

/**
 * ImpView:
 * @scale: pixels per world unit, in [%IMP_VIEW_MIN_SCALE, %IMP_VIEW_MAX_SCALE]
 * @center: the world point shown at the middle of the canvas
 * @width: canvas width, pixels
 * @height: canvas height, pixels
 *
 * What part of the world a canvas shows and how large. A plain value: copy it
 * freely.
 */
typedef struct
{
  double scale;
  PhysVec2 center;
  int width;
  int height;
} ImpView;

void imp_view_init (ImpView *view, int width, int height);
void imp_view_set_size (ImpView *view, int width, int height);
void imp_view_fit (ImpView *view, PhysAabb box, double margin_px);

/* Framing a lesson step's subject: its bodies are shown at least this many
 * pixels across when the subject fits so, its largest at most IMP_VIEW_SUBJECT_MAX_PX. */
#define IMP_VIEW_SUBJECT_MIN_PX 40.0
#define IMP_VIEW_SUBJECT_MAX_PX 120.0
/* Free space kept around a subject for its labels, pixels. */
#define IMP_VIEW_SUBJECT_MARGIN_PX 44.0
/* The corner a legend takes (imp-render-text.c), kept free of the subject. */
#define IMP_VIEW_LEGEND_ROOM_W 250.0
#define IMP_VIEW_LEGEND_ROOM_H 110.0

void imp_view_frame_subject (ImpView *view, PhysAabb box, double largest_radius,
                             gboolean legend);
PhysVec2 imp_view_to_screen (const ImpView *view, PhysVec2 world);
PhysVec2 imp_view_to_world (const ImpView *view, PhysVec2 screen);
void imp_view_pan (ImpView *view, double dx_px, double dy_px);
void imp_view_zoom_at (ImpView *view, PhysVec2 screen, double factor);
PhysAabb imp_view_visible_box (const ImpView *view);

PhysAabb imp_aabb_empty (void);
gboolean imp_aabb_is_empty (PhysAabb box);
PhysAabb imp_aabb_add_point (PhysAabb box, PhysVec2 point, double radius);
PhysAabb imp_view_world_box (const PhysWorld *world);

G_END_DECLS
