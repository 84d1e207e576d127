/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-raster.h: shortcuts for drawing many small things onto pixels (private to
 * the renderer).
 *
 * Cairo 1.16 fills and strokes a path of thousands of circles slowly (about
 * 8 us a circle), and strokes polylines at about 1.5 us a segment, which puts a
 * picture of 2,000 circles with trails far over a frame's time. On a raster
 * target (an image surface, which is what GTK 4 hands a drawing area) two
 * shortcuts avoid both:
 *
 * - stamps: each look of circle (style and radius) is drawn once per sub-pixel
 *   phase into a small surface and then copied, pixel-aligned, wherever such a
 *   circle is; a copy costs about 0.6 us.
 * - a line mask: thin lines are drawn straight into an 8-bit coverage mask
 *   (Xiaolin Wu's antialiased lines), which is then painted in one operation.
 *
 * Neither is used for vector targets (SVG, PDF), which get real paths.
 * Positions are canvas pixels: the user space of the cairo_t handed to
 * imp_render().
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "imp-theme.h"

G_BEGIN_DECLS

/* Circles larger than this are cheaper as paths than as stamps. */
#define IMP_STAMP_MAX_RADIUS_PX 40.0
/* Sub-pixel positions per axis a stamp is drawn at: a quarter pixel of error at most. */
#define IMP_STAMP_PHASES 4
/* Looks of circle held at once; more fall back to paths. */
#define IMP_STAMP_MAX_LOOKS 12

typedef struct
{
  ImpRgba fill;      /* alpha 0: no fill */
  ImpRgba stroke;    /* alpha 0: no outline */
  double line_width; /* canvas pixels */
  gboolean dashed;
} ImpStampStyle;

typedef struct
{
  int key; /* the caller's name for the style */
  ImpStampStyle style;
  double radius; /* canvas pixels, quantised */
  int size;      /* stamp width and height, device pixels */
  double half;   /* device pixels from a stamp's corner to its phase-0 centre */
  gboolean used; /* copied in the current picture */
  cairo_surface_t *phases[IMP_STAMP_PHASES * IMP_STAMP_PHASES];
} ImpStampLook;

/* Stamps outlive a picture (kept in an ImpRenderCache): the next picture at
 * the same scale reuses them. */
typedef struct
{
  cairo_t *cr;   /* while drawing: where stamps go */
  double k;      /* device pixels per canvas pixel the stamps were drawn for */
  double ox, oy; /* device pixel of the canvas origin */
  int n_looks;
  int last; /* index of the look used last: circles come in runs */
  ImpStampLook looks[IMP_STAMP_MAX_LOOKS];
} ImpStamps;

gboolean imp_raster_target (cairo_t *cr, double *k, double *ox, double *oy);

void imp_stamps_init (ImpStamps *stamps);
gboolean imp_stamps_begin (ImpStamps *stamps, cairo_t *cr);
gboolean imp_stamps_circle (ImpStamps *stamps, int key, const ImpStampStyle *style, double x,
                            double y, double radius);
void imp_stamps_end (ImpStamps *stamps);
void imp_stamps_clear (ImpStamps *stamps);

/* A coverage mask outlives a picture too; each use clears only what the last
 * one drew. */
typedef struct
{
  cairo_t *cr; /* while drawing */
  double k, ox, oy;
  int width, height;  /* mask size, device pixels */
  int x0, y0, x1, y1; /* the box of what has been drawn, device pixels */
  guint8 *data;
  int stride;
  cairo_surface_t *mask;
} ImpLineMask;

void imp_line_mask_init (ImpLineMask *mask);
gboolean imp_line_mask_begin (ImpLineMask *mask, cairo_t *cr);
void imp_line_mask_line (ImpLineMask *mask, double ax, double ay, double bx, double by,
                         double coverage);
void imp_line_mask_paint (ImpLineMask *mask, ImpRgba color);
void imp_line_mask_clear (ImpLineMask *mask);

G_END_DECLS
