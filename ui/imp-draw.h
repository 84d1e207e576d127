/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-draw.h: where the renderer's paint goes.
 *
 * The renderer builds its paths and sets its colours and line styles on a
 * cairo_t as usual, but paints through these calls. On a plain cairo_t they are
 * cairo's own (cairo_fill(), cairo_stroke(), pango_cairo_show_layout() ...), so
 * the screen, PNG and PDF get cairo's drawing. A context given an #ImpDrawOps
 * (imp_draw_set_ops()) hands each paint to it instead, with the path and the
 * state in the context: the SVG writer (imp-svg.h) makes one element of each,
 * in the order they are painted, text included.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

#include "imp-theme.h"

G_BEGIN_DECLS

/**
 * ImpDrawOps:
 * @fill: fills the context's current path with its source and fill rule
 * @stroke: strokes the context's current path with its source and line style
 * @show_layout: draws @layout with its top left at the current point, in @color
 * @clip: the current path clips what is painted until the matching @restore
 * @save: opens a level that @restore closes (cairo_save())
 * @restore: closes the level of the last @save, and the clips made in it
 * @push_group: what is painted next forms a group, until @pop_group
 * @pop_group: closes the group, painted at opacity @alpha
 *
 * A painter of the renderer's figures. The path and the state are read from
 * @cr; imp_draw_fill() and the others clear the path afterwards, as cairo does.
 */
typedef struct
{
  void (*fill) (gpointer data, cairo_t *cr);
  void (*stroke) (gpointer data, cairo_t *cr);
  void (*show_layout) (gpointer data, cairo_t *cr, PangoLayout *layout, ImpRgba color);
  void (*clip) (gpointer data, cairo_t *cr);
  void (*save) (gpointer data, cairo_t *cr);
  void (*restore) (gpointer data, cairo_t *cr);
  void (*push_group) (gpointer data, cairo_t *cr);
  void (*pop_group) (gpointer data, cairo_t *cr, double alpha);
} ImpDrawOps;

void imp_draw_set_ops (cairo_t *cr, const ImpDrawOps *ops, gpointer data);
gboolean imp_draw_has_ops (cairo_t *cr);

void imp_draw_fill (cairo_t *cr);
void imp_draw_fill_preserve (cairo_t *cr);
void imp_draw_stroke (cairo_t *cr);
void imp_draw_stroke_preserve (cairo_t *cr);
gboolean imp_draw_show_layout (cairo_t *cr, PangoLayout *layout, ImpRgba color);
void imp_draw_clip (cairo_t *cr);
void imp_draw_save (cairo_t *cr);
void imp_draw_restore (cairo_t *cr);
void imp_draw_push_group (cairo_t *cr);
void imp_draw_pop_group (cairo_t *cr, double alpha);

G_END_DECLS
