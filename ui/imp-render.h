/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render.h: drawing a world and the math of its events onto any cairo_t.
 *
 * Plain functions, no widgets: the canvas, the exporter and the tests all call
 * imp_render() with a snapshot of what to draw. The renderer keeps no state
 * between calls and draws only what the world and the physics' records say; a
 * value that no record holds is asked of the physics' pure functions, never
 * worked out again here.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>
#include <glib.h>

#include "imp-overlays.h"
#include "imp-theme.h"
#include "imp-view.h"
#include "phys.h"

G_BEGIN_DECLS

/**
 * IMP_RENDER_NORMAL_LENGTH_PX:
 *
 * Drawn length of unit normals (the contact normal n, the left and right
 * normals of segments), pixels: a unit vector has no length in the world, so
 * it gets a fixed one on screen. The tip of n is at the contact point plus
 * n times this many pixels.
 */
#define IMP_RENDER_NORMAL_LENGTH_PX 56.0

/**
 * IMP_RENDER_ROTATION_HANDLE_PX:
 *
 * How far beyond a selected polygon's farthest vertex its rotation handle is
 * drawn, pixels, on the line of its angle mark (imp_render_rotation_handle()).
 */
#define IMP_RENDER_ROTATION_HANDLE_PX 22.0

/**
 * IMP_RENDER_ROTATION_HANDLE_RADIUS_PX:
 *
 * The rotation handle's radius, pixels.
 */
#define IMP_RENDER_ROTATION_HANDLE_RADIUS_PX 5.0

/**
 * ImpRenderCache:
 *
 * Scratch memory kept between pictures; see imp_render_cache_new().
 */
typedef struct _ImpRenderCache ImpRenderCache;

/**
 * ImpRenderInput:
 * @world: bodies and their state at the start of the frame shown
 * @positions: (nullable) (array): circle centres to draw instead of the
 *   world's (a state inside the frame), one per circle
 * @polygon_poses: (nullable) (array): the polygons' poses (centre of mass and
 *   angle) to draw instead of the world's, one per polygon
 * @circle_angles: (nullable) (array): the circles' angles to draw instead of the
 *   world's, one per circle
 * @displacements: (nullable) (array): each circle's displacement over the
 *   frame, from phys_world_frame_paths(); %NULL: the renderer asks the world
 *   (a caller drawing every frame of a large world saves that work by passing
 *   them). Velocity arrows start at the drawn centre and are one frame long
 * @events: (nullable) (array length=n_events): the events of the frame, marked
 *   with a dot each under %IMP_OVERLAY_CONTACT
 * @n_events: how many
 * @selected: (nullable): the selected event; its records drive the math overlays
 * @pair: (nullable): a pair's record, drawn when @selected is %NULL (a pair that
 *   did not collide still has a verdict to show)
 * @trail: (nullable): past circle centres, oldest first: trail[k * trail_stride + circle]
 * @trail_len: number of past states in @trail
 * @trail_stride: entries between two states in @trail (at least the number of circles)
 * @ghost_positions: (nullable) (array): circle centres on the ghost branch
 * @selected_body: index of the selected body, -1 for none
 * @selected_kind: which table @selected_body indexes
 * @selected_other: the other body of a selected pair, -1 for none
 * @selected_other_kind: which table @selected_other indexes
 * @highlight_term: (nullable): a term the inspector points at, drawn with a
 *   halo: "t", "n", "tangent", "point", "v1", "v2", "vrel", "v.n", "j", "v1'",
 *   "v2'", "d", "v", "root0", "root1", "proj_normal", "proj_along", "V(Ap)",
 *   "A'", "n_L", "n_R", "toi"
 * @overlays: what to draw
 * @dark: use the dark palette
 * @theme: (nullable): the palette to draw with instead of @dark's (high contrast)
 * @time_in_frame: where inside the frame @positions are, [0, 1] (shown in the legend)
 * @cache: (nullable): scratch kept between pictures of the same canvas; %NULL:
 *   the picture allocates its own and frees it
 * @raster_shortcuts: draw large worlds with pixel shortcuts (stamps copied for
 *   circles, a coverage mask for trails) even though the target is not an image
 *   surface; for a target replayed onto pixels at the same scale, such as the
 *   recording a GTK 4 drawing area hands out on a scale-1 display. Image
 *   surfaces always get them; leave it %FALSE for vector exports
 * @no_page: leave the page unpainted: only the walls of the world bounds are
 *   drawn, not the fills inside and outside them. For the exporter, which paints
 *   its own page (white, or none for a transparent figure) and lays several
 *   moments over one page (a strobe figure)
 *
 * @hotspots: (nullable): where the picture draws each term's figure, filled by
 *   the renderer for a canvas that lights the inspector's term under the pointer
 * @boxes: (nullable) (element-type ImpRenderBox): where the picture puts its
 *   labels, names and legend, appended to by the renderer
 * @legend_folded: draw only the legend's title line (a click on it unfolds it)
 * @response_stage: before or after the selected event's response
 * @no_numbers: label the figures with their names only (a lesson keeps their
 *   values back while the learner points at a term)
 * @sat_step: a rigid pair's separating axis test stepped into: 0 the whole test
 *   (every axis, the deciding one with its projections, the contact, the MTV),
 *   k the picture at axis k - 1 (the axes before it faint, those after it not yet
 *   drawn; the contact and the MTV once the last axis is reached)
 *
 * A snapshot of everything one picture shows. The renderer only reads it (and
 * appends to @hotspots). Set it up with imp_render_input_init() and change
 * what you need.
 */

/**
 * ImpHotspot:
 * @term: a term of #ImpRenderInput.highlight_term
 * @a: one end of its figure, pixels
 * @b: the other (the same point for a dot or a ring)
 * @radius: how far from the segment a-b the figure reaches, pixels; for a
 *   ring, its radius (only its outline counts)
 * @ring: the figure is a ring about @a
 */
typedef struct
{
  const char *term;
  PhysVec2 a, b;
  double radius;
  gboolean ring;
} ImpHotspot;

/**
 * ImpResponseStage:
 * @IMP_RESPONSE_WHOLE: the whole figure: velocities before solid, after dashed
 *   (an exported diagram)
 * @IMP_RESPONSE_BEFORE: the playhead stopped just before the selected event's
 *   response: as the whole figure
 * @IMP_RESPONSE_AFTER: just after it: the velocities after solid, those before
 *   faded and dashed
 *
 * Where the picture is in the selected event's response, so that stepping over
 * it changes what is drawn.
 */
typedef enum
{
  IMP_RESPONSE_WHOLE,
  IMP_RESPONSE_BEFORE,
  IMP_RESPONSE_AFTER,
} ImpResponseStage;

/**
 * ImpRenderBox:
 * @kind: "label" (the math), "name" (a body's name) or "legend"
 * @x: left edge, pixels
 * @y: top edge
 * @width: width
 * @height: height
 * @anchor: the point the box belongs to (for a label, where its leader line
 *   ends)
 * @body: the circle a label or name is about, -1 for none
 *
 * Where a picture put a piece of text, recorded for the canvas (the legend
 * folds on a click) and for tests.
 */
typedef struct
{
  const char *kind;
  double x, y, width, height;
  PhysVec2 anchor;
  int body;
} ImpRenderBox;

typedef struct
{
  const PhysWorld *world;
  const PhysVec2 *positions;
  const PhysPose *polygon_poses;
  const double *circle_angles;
  const PhysVec2 *displacements;
  const PhysEvent *events;
  int n_events;
  const PhysEvent *selected;
  const PhysPairRecord *pair;
  const PhysVec2 *trail;
  int trail_len;
  int trail_stride;
  const PhysVec2 *ghost_positions;
  int selected_body;
  PhysBodyKind selected_kind;
  int selected_other;
  PhysBodyKind selected_other_kind;
  const char *highlight_term;
  ImpOverlays overlays;
  gboolean dark;
  const ImpTheme *theme;
  double time_in_frame;
  ImpRenderCache *cache;
  gboolean raster_shortcuts;
  gboolean no_page;
  GArray *hotspots;
  GArray *boxes;
  gboolean legend_folded;
  ImpResponseStage response_stage;
  gboolean no_numbers;
  int sat_step;
} ImpRenderInput;

/* The term whose figure lies nearest a point of the picture, within slack
 * pixels of it, or NULL. */
const char *imp_hotspot_at (const GArray *hotspots, PhysVec2 point, double slack);

/**
 * ImpTextSink:
 * @show: receives a layout that would be drawn at the current point, with its colour
 * @data: passed to @show
 *
 * Where text goes instead of glyphs: the SVG exporter writes it as <text>, so the
 * figure's text stays text. Set on a cairo_t with imp_render_set_text_sink().
 */
typedef struct
{
  void (*show) (gpointer data, cairo_t *cr, PangoLayout *layout, ImpRgba color);
  gpointer data;
} ImpTextSink;

void imp_render_set_text_sink (cairo_t *cr, ImpTextSink *sink);
void imp_render_show_layout (cairo_t *cr, PangoLayout *layout, ImpRgba color);

ImpRenderCache *imp_render_cache_new (void);
void imp_render_cache_free (ImpRenderCache *cache);
/* The term of a separating axis test's axis k ("axis0", "axis1", ...; a static string), and
 * the axis a term names (-1 for any other term). */
const char *imp_render_sat_axis_term (int k);
int imp_render_sat_axis_of_term (const char *term);
void imp_render_input_init (ImpRenderInput *input, const PhysWorld *world);
void imp_render (cairo_t *cr, const ImpView *view, const ImpRenderInput *input);
PhysAabb imp_render_focus_box (const ImpRenderInput *input);
PhysVec2 imp_render_rotation_handle (const ImpView *view, const PhysWorld *world, int polygon);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpRenderCache, imp_render_cache_free)

G_END_DECLS
