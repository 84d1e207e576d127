/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-overlays.h: what the canvas and the figures draw over the bodies, and
 * the one name of each overlay.
 *
 * The names are the enum's own: glib-mkenums reads this header and makes the
 * flags type (IMP_TYPE_OVERLAYS, imp-overlays-enums.h) and the settings
 * schema's flags from it, with IMP_OVERLAY_RELATIVE_VELOCITY called
 * "relative-velocity". Lesson files, the export's --overlays list, the
 * window's overlay-NAME actions and the canvas-overlays key all use those
 * names through the type, so a new overlay is written here and nowhere else.
 */
#pragma once

#include <glib-object.h>

#include "imp-overlays-enums.h"

G_BEGIN_DECLS

/**
 * ImpOverlays:
 * @IMP_OVERLAY_NONE: bodies only
 * @IMP_OVERLAY_IDS: body names
 * @IMP_OVERLAY_VELOCITY: velocity arrows, drawn to scale: the tip is where the
 *   body would be at the end of the frame if nothing collided
 * @IMP_OVERLAY_SWEPT: the area the selected bodies sweep in the frame
 * @IMP_OVERLAY_GHOSTS: the selected bodies at the time of impact, dashed
 * @IMP_OVERLAY_CONTACT: contact point, normal n and tangent; a dot for every
 *   event of the frame
 * @IMP_OVERLAY_RELATIVE_VELOCITY: the relative velocity v1 - v2 at impact
 * @IMP_OVERLAY_IMPULSE: the change of velocity each body gets (j n / m), the
 *   value of j, and the velocities after
 * @IMP_OVERLAY_CONSTRUCTION: circle against segment: the projections of the
 *   centre on the left normal and along the line, and the reflect or slide
 *   construction A' = A + 2 V(Ap) (seed 002)
 * @IMP_OVERLAY_NORMALS: left and right normals of segments (screen y points down)
 * @IMP_OVERLAY_PROBES: probe rays, predicted impact points, signed times to
 *   impact; a past impact faded
 * @IMP_OVERLAY_TRAILS: past positions (#ImpRenderInput.trail)
 * @IMP_OVERLAY_GHOST_BRANCH: circles of another branch of the timeline
 * @IMP_OVERLAY_LEGEND: a box naming the colours of what is drawn
 * @IMP_OVERLAY_ALL: everything
 *
 * What to draw on top of the bodies; combine with |.
 */
typedef enum /*< flags,prefix=IMP_OVERLAY >*/
{
  IMP_OVERLAY_NONE = 0,
  IMP_OVERLAY_IDS = 1 << 0,
  IMP_OVERLAY_VELOCITY = 1 << 1,
  IMP_OVERLAY_SWEPT = 1 << 2,
  IMP_OVERLAY_GHOSTS = 1 << 3,
  IMP_OVERLAY_CONTACT = 1 << 4,
  IMP_OVERLAY_RELATIVE_VELOCITY = 1 << 5,
  IMP_OVERLAY_IMPULSE = 1 << 6,
  IMP_OVERLAY_CONSTRUCTION = 1 << 7,
  IMP_OVERLAY_NORMALS = 1 << 8,
  IMP_OVERLAY_PROBES = 1 << 9,
  IMP_OVERLAY_TRAILS = 1 << 10,
  IMP_OVERLAY_GHOST_BRANCH = 1 << 11,
  IMP_OVERLAY_LEGEND = 1 << 12,
  IMP_OVERLAY_ALL = (1 << 13) - 1, /*< skip >*/
} ImpOverlays;

/**
 * IMP_OVERLAY_DEFAULT:
 *
 * The overlays a new canvas shows: what seed 000 and seed 002 draw.
 */
#define IMP_OVERLAY_DEFAULT                                                                        \
  (IMP_OVERLAY_VELOCITY | IMP_OVERLAY_SWEPT | IMP_OVERLAY_GHOSTS | IMP_OVERLAY_CONTACT             \
   | IMP_OVERLAY_IMPULSE | IMP_OVERLAY_CONSTRUCTION | IMP_OVERLAY_PROBES | IMP_OVERLAY_LEGEND)

const char *const *imp_overlay_names (gsize *n_names);
gboolean imp_overlay_from_name (const char *name, ImpOverlays *overlay);

G_END_DECLS
