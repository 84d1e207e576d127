/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-theme.h: the colours and sizes of the canvas, for a light and a dark page.
 *
 * Hues follow the Okabe-Ito palette, which stays distinguishable for the common
 * kinds of colour blindness; each overlay has its own hue, and the legend names
 * them. Sizes are pixels, independent of zoom.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

#include "phys.h"

G_BEGIN_DECLS

/**
 * ImpRgba:
 * @r: red, [0, 1]
 * @g: green, [0, 1]
 * @b: blue, [0, 1]
 * @a: opacity, [0, 1]
 *
 * A colour with opacity, not premultiplied.
 */
typedef struct
{
  double r, g, b, a;
} ImpRgba;

/**
 * ImpTheme:
 * @dark: %TRUE for the dark palette
 * @background: the page
 * @outside: the page outside the world bounds
 * @bounds: the world bounds walls
 * @text: labels
 * @text_muted: secondary text (units, notes, faded labels)
 * @label_background: the plate behind labels, so they stay legible over lines
 * @legend_background: the legend box
 * @legend_border: the legend box's frame
 * @circle_fill: movable circles
 * @circle_stroke: movable circles' outline
 * @fixed_fill: fixed circles
 * @fixed_stroke: fixed circles' outline and hatching
 * @passive_fill: circles that collide with nothing
 * @passive_stroke: their outline
 * @sleeping_alpha: opacity multiplier of sleeping circles
 * @segment_reflect: segments that reflect
 * @segment_slide: segments that slide
 * @curve: Bezier curves
 * @probe: probes
 * @spring: springs, bungees and their anchors
 * @selection: the ring around the selected body
 * @highlight: the halo behind the term the inspector points at
 * @velocity: velocity arrows
 * @swept_fill: the area a circle sweeps in the frame
 * @swept_stroke: its outline
 * @ghost: circles at the time of impact
 * @contact: contact point and normal n
 * @tangent: the contact tangent
 * @relative_velocity: relative velocity
 * @impulse: impulse arrows
 * @construction: projections and the reflect/slide construction
 * @normal_left: left normals of segments
 * @normal_right: right normals of segments
 * @probe_ray: probe paths
 * @probe_point: predicted impact points
 * @trail: past positions
 * @ghost_branch: circles of the ghost branch
 * @events: one colour per #PhysEventKind
 * @font_family: Pango family list for all text
 * @label_px: label text size, pixels
 * @small_px: secondary text size, pixels
 * @body_line_px: body outlines, pixels
 * @segment_px: segment thickness, pixels
 * @overlay_line_px: overlay lines and arrow shafts, pixels
 *
 * Everything the renderer needs to know about looks. Get one with
 * imp_theme_get(); the values are constant.
 */
typedef struct
{
  gboolean dark;
  ImpRgba background;
  ImpRgba outside;
  ImpRgba bounds;
  ImpRgba text;
  ImpRgba text_muted;
  ImpRgba label_background;
  ImpRgba legend_background;
  ImpRgba legend_border;
  ImpRgba circle_fill;
  ImpRgba circle_stroke;
  ImpRgba fixed_fill;
  ImpRgba fixed_stroke;
  ImpRgba passive_fill;
  ImpRgba passive_stroke;
  double sleeping_alpha;
  ImpRgba segment_reflect;
  ImpRgba segment_slide;
  ImpRgba curve;
  ImpRgba probe;
  ImpRgba spring;
  ImpRgba selection;
  ImpRgba highlight;
  ImpRgba velocity;
  ImpRgba swept_fill;
  ImpRgba swept_stroke;
  ImpRgba ghost;
  ImpRgba contact;
  ImpRgba tangent;
  ImpRgba relative_velocity;
  ImpRgba impulse;
  ImpRgba construction;
  ImpRgba normal_left;
  ImpRgba normal_right;
  ImpRgba probe_ray;
  ImpRgba probe_point;
  ImpRgba trail;
  ImpRgba ghost_branch;
  ImpRgba events[PHYS_EVENT_EVENT_CAP + 1];
  const char *font_family;
  double label_px;
  double small_px;
  double body_line_px;
  double segment_px;
  double overlay_line_px;
} ImpTheme;

const ImpTheme *imp_theme_get (gboolean dark);
ImpRgba imp_theme_event_color (const ImpTheme *theme, PhysEventKind kind);
void imp_rgba_set_source (cairo_t *cr, ImpRgba color);
void imp_rgba_set_source_alpha (cairo_t *cr, ImpRgba color, double alpha);
/* A layout for text drawn on cr whose size and line breaks are those of the page,
 * whatever the scale cr draws at: metrics are neither hinted nor rounded to device
 * pixels, so a figure's labels land in the same places in an SVG, on the canvas and in
 * a PNG at 2x. */
PangoLayout *imp_text_layout_new (cairo_t *cr);
void imp_plot_text (cairo_t *cr, const char *text, double x, double y, double align_x,
                    ImpRgba color, gboolean bold);
double imp_plot_paragraph (cairo_t *cr, const char *text, double x, double y, double width,
                           ImpRgba color, gboolean bold);
void imp_plot_frame_band (cairo_t *cr, double x_t0, double x_t1, double x_end, double y_top,
                          double y_bottom, const ImpTheme *theme);

G_END_DECLS
