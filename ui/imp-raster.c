/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-raster.c: stamps and line masks, the renderer's shortcuts onto pixels.
 *
 * The antialiased lines are Xiaolin Wu's (1991): each step along the major axis
 * lights the two pixels straddling the line, in proportion to how close the
 * line passes to each.
 */
#include "imp-raster.h"

#include <math.h>
#include <string.h>

/**
 * imp_raster_target:
 * @cr: a cairo context
 * @k: (out): device pixels per unit of @cr's user space
 * @ox: (out): device pixel x of the user-space origin
 * @oy: (out): device pixel y of the user-space origin
 *
 * Whether pixel shortcuts give the same picture as paths on @cr: its user space
 * must be an unrotated, evenly scaled copy of its pixels.
 *
 * Returns: %TRUE when they do
 */
gboolean
imp_raster_target (cairo_t *cr, double *k, double *ox, double *oy)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_matrix_t m;
  double sx, sy;

  double dx, dy;

  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &dx, &dy);
  if (m.xy != 0.0 || m.yx != 0.0 || m.xx <= 0.0 || m.xx != m.yy || sx != sy)
    return FALSE;
  *k = m.xx * sx;
  *ox = m.x0 * sx + dx;
  *oy = m.y0 * sy + dy;
  return TRUE;
}

/* Stamps */

/**
 * imp_stamps_init:
 * @stamps: (out caller-allocates): an empty stamp set
 */
void
imp_stamps_init (ImpStamps *stamps)
{
  memset (stamps, 0, sizeof *stamps);
}

/**
 * imp_stamps_begin:
 * @stamps: a stamp set
 * @cr: where the stamps will be copied
 *
 * Starts copying stamps onto @cr; stamps drawn for another scale are dropped.
 *
 * Returns: %FALSE when @cr's transform rules stamps out
 */
gboolean
imp_stamps_begin (ImpStamps *stamps, cairo_t *cr)
{
  double k, ox, oy;

  if (!imp_raster_target (cr, &k, &ox, &oy))
    return FALSE;
  if (k != stamps->k)
    imp_stamps_clear (stamps);
  for (int i = 0; i < stamps->n_looks; i++)
    stamps->looks[i].used = FALSE;
  stamps->cr = cr;
  stamps->k = k;
  stamps->ox = ox;
  stamps->oy = oy;
  return TRUE;
}

static cairo_surface_t *
make_stamp (const ImpStamps *stamps, const ImpStampLook *look, const ImpStampStyle *style,
            int phase_x, int phase_y)
{
  static const double dash[] = { 6.0, 4.0 };
  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, look->size, look->size);
  cairo_t *cr = cairo_create (surface);
  double k = stamps->k;

  cairo_translate (cr, look->half + (double) phase_x / IMP_STAMP_PHASES,
                   look->half + (double) phase_y / IMP_STAMP_PHASES);
  cairo_scale (cr, k, k);
  cairo_arc (cr, 0.0, 0.0, look->radius, 0.0, 2.0 * G_PI);
  if (style->fill.a > 0.0)
    {
      imp_rgba_set_source (cr, style->fill);
      cairo_fill_preserve (cr);
    }
  if (style->stroke.a > 0.0)
    {
      if (style->dashed)
        cairo_set_dash (cr, dash, 2, 0.0);
      cairo_set_line_width (cr, style->line_width);
      imp_rgba_set_source (cr, style->stroke);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
  return surface;
}

static gboolean
same_color (ImpRgba a, ImpRgba b)
{
  return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

static gboolean
look_is (const ImpStampLook *look, int key, const ImpStampStyle *style, double radius)
{
  return look->key == key && look->radius == radius && same_color (look->style.fill, style->fill)
         && same_color (look->style.stroke, style->stroke)
         && look->style.line_width == style->line_width && look->style.dashed == style->dashed;
}

static void
drop_look (ImpStampLook *look)
{
  for (int p = 0; p < IMP_STAMP_PHASES * IMP_STAMP_PHASES; p++)
    if (look->phases[p] != NULL)
      cairo_surface_destroy (look->phases[p]);
  memset (look, 0, sizeof *look);
}

static ImpStampLook *
find_look (ImpStamps *stamps, int key, const ImpStampStyle *style, double radius)
{
  ImpStampLook *look = &stamps->looks[stamps->last];

  if (stamps->n_looks > 0 && look_is (look, key, style, radius))
    return look;
  for (int i = 0; i < stamps->n_looks; i++)
    if (look_is (&stamps->looks[i], key, style, radius))
      {
        stamps->last = i;
        stamps->looks[i].used = TRUE;
        return &stamps->looks[i];
      }
  /* A new look takes a free slot, else one the current picture has not used
   * (after a zoom, every radius is new). */
  int slot = stamps->n_looks;
  for (int i = 0; i < stamps->n_looks && slot >= IMP_STAMP_MAX_LOOKS; i++)
    if (!stamps->looks[i].used)
      slot = i;
  if (slot >= IMP_STAMP_MAX_LOOKS)
    return NULL;

  look = &stamps->looks[slot];
  drop_look (look);
  look->key = key;
  look->style = *style;
  look->radius = radius;
  look->used = TRUE;
  /* Room for the outline, a pixel of antialiasing and the phase shift. */
  look->half = ceil ((radius + style->line_width) * stamps->k) + 2.0;
  look->size = (int) (2.0 * look->half) + 2;
  stamps->last = slot;
  if (slot == stamps->n_looks)
    stamps->n_looks++;
  return look;
}

/**
 * imp_stamps_circle:
 * @stamps: a stamp set
 * @key: the caller's name for @style: circles with the same key and radius look alike
 * @style: how the circle looks
 * @x: centre, canvas pixels
 * @y: centre, canvas pixels
 * @radius: canvas pixels
 *
 * Copies a stamp of the circle into place, within a quarter of a device pixel.
 *
 * Returns: %FALSE when the circle is too large for a stamp or no room is left
 *   for a new look: draw it as a path instead
 */
gboolean
imp_stamps_circle (ImpStamps *stamps, int key, const ImpStampStyle *style, double x, double y,
                   double radius)
{
  /* Radii a sixteenth of a pixel apart share a stamp. */
  double q = round (radius * 16.0) / 16.0;

  if (q * stamps->k > IMP_STAMP_MAX_RADIUS_PX || q <= 0.0)
    return FALSE;
  ImpStampLook *look = find_look (stamps, key, style, q);
  if (look == NULL)
    return FALSE;

  double dx = x * stamps->k + stamps->ox, dy = y * stamps->k + stamps->oy;
  double ix = floor (dx), iy = floor (dy);
  int px = (int) lround ((dx - ix) * IMP_STAMP_PHASES);
  int py = (int) lround ((dy - iy) * IMP_STAMP_PHASES);
  if (px == IMP_STAMP_PHASES)
    {
      px = 0;
      ix += 1.0;
    }
  if (py == IMP_STAMP_PHASES)
    {
      py = 0;
      iy += 1.0;
    }
  cairo_surface_t **slot = &look->phases[py * IMP_STAMP_PHASES + px];
  if (*slot == NULL)
    *slot = make_stamp (stamps, look, style, px, py);

  /* Back to user space for a corner on a whole device pixel: pixman then
   * copies without filtering. */
  double ux = (ix - look->half - stamps->ox) / stamps->k;
  double uy = (iy - look->half - stamps->oy) / stamps->k;
  cairo_t *cr = stamps->cr;
  if (stamps->k == 1.0)
    {
      cairo_set_source_surface (cr, *slot, ux, uy);
      cairo_paint (cr);
      return TRUE;
    }
  cairo_save (cr);
  cairo_translate (cr, ux, uy);
  cairo_scale (cr, 1.0 / stamps->k, 1.0 / stamps->k);
  cairo_set_source_surface (cr, *slot, 0.0, 0.0);
  cairo_paint (cr);
  cairo_restore (cr);
  return TRUE;
}

/**
 * imp_stamps_end:
 * @stamps: a stamp set
 *
 * Ends a picture; the stamps are kept for the next.
 */
void
imp_stamps_end (ImpStamps *stamps)
{
  stamps->cr = NULL;
}

/**
 * imp_stamps_clear:
 * @stamps: a stamp set
 *
 * Frees every stamp.
 */
void
imp_stamps_clear (ImpStamps *stamps)
{
  for (int i = 0; i < stamps->n_looks; i++)
    drop_look (&stamps->looks[i]);
  stamps->n_looks = 0;
  stamps->last = 0;
}

/* Line masks */

/**
 * imp_line_mask_init:
 * @mask: (out caller-allocates): a mask without memory yet
 */
void
imp_line_mask_init (ImpLineMask *mask)
{
  memset (mask, 0, sizeof *mask);
}

/**
 * imp_line_mask_begin:
 * @mask: a mask
 * @cr: where it will be painted
 *
 * Starts an empty coverage mask the size of @cr's target, reusing the memory
 * of the last use when the size is the same.
 *
 * Returns: %FALSE when @cr's transform rules masks out, or the target has no
 *   known size
 */
gboolean
imp_line_mask_begin (ImpLineMask *mask, cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_target (cr);
  int width, height;
  double cx1, cy1, cx2, cy2;

  if (!imp_raster_target (cr, &mask->k, &mask->ox, &mask->oy))
    return FALSE;
  if (cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE)
    {
      width = cairo_image_surface_get_width (target);
      height = cairo_image_surface_get_height (target);
    }
  else
    {
      /* A recording has no pixels: its clip bounds what can show. */
      cairo_clip_extents (cr, &cx1, &cy1, &cx2, &cy2);
      width = (int) ceil (cx2 * mask->k + mask->ox);
      height = (int) ceil (cy2 * mask->k + mask->oy);
    }
  if (width <= 0 || height <= 0 || width > 16384 || height > 16384)
    return FALSE;

  if (mask->mask != NULL && (width != mask->width || height != mask->height))
    imp_line_mask_clear (mask);
  if (mask->mask == NULL)
    {
      mask->mask = cairo_image_surface_create (CAIRO_FORMAT_A8, width, height);
      if (cairo_surface_status (mask->mask) != CAIRO_STATUS_SUCCESS)
        {
          imp_line_mask_clear (mask);
          return FALSE;
        }
      mask->width = width;
      mask->height = height;
      mask->data = cairo_image_surface_get_data (mask->mask);
      mask->stride = cairo_image_surface_get_stride (mask->mask);
    }
  else
    {
      cairo_surface_flush (mask->mask);
      for (int y = mask->y0; y <= mask->y1; y++)
        memset (mask->data + (gsize) y * mask->stride + mask->x0, 0, mask->x1 - mask->x0 + 1);
    }
  mask->cr = cr;
  mask->x0 = width;
  mask->y0 = height;
  mask->x1 = -1;
  mask->y1 = -1;
  return TRUE;
}

/* Floor for values well inside int range, without a libm call (the build
 * forbids the fast-math flags that would let the compiler inline floor()). */
static inline int
fast_floor (double v)
{
  int i = (int) v;
  return i - (v < i);
}

/* Coverage only grows: where lines cross, the mask keeps the stronger one, as
 * a stroke of one colour would. */
static inline void
plot (ImpLineMask *mask, int x, int y, int amount)
{
  if ((unsigned) x >= (unsigned) mask->width || (unsigned) y >= (unsigned) mask->height)
    return;
  guint8 *p = mask->data + (gsize) y * mask->stride + x;
  if (amount > *p)
    *p = (guint8) amount;
}

/**
 * imp_line_mask_line:
 * @mask: a mask
 * @ax: x of one end, canvas pixels
 * @ay: y of one end, canvas pixels
 * @bx: x of the other end
 * @by: y of the other end
 * @coverage: opacity of the line, [0, 1]
 *
 * Adds an antialiased line about one device pixel wide.
 */
void
imp_line_mask_line (ImpLineMask *mask, double ax, double ay, double bx, double by, double coverage)
{
  /* Pixel centres are at half-integers: shifting by half a pixel puts them on
   * integers, where the walk below samples. */
  double x0 = ax * mask->k + mask->ox - 0.5, y0 = ay * mask->k + mask->oy - 0.5;
  double x1 = bx * mask->k + mask->ox - 0.5, y1 = by * mask->k + mask->oy - 0.5;
  double lo_x = MIN (x0, x1), hi_x = MAX (x0, x1), lo_y = MIN (y0, y1), hi_y = MAX (y0, y1);
  int cov = (int) (CLAMP (coverage, 0.0, 1.0) * 255.0 + 0.5);

  /* Lines wholly off the mask cost nothing; NaN fails every comparison. */
  if (!(hi_x >= -2.0 && hi_y >= -2.0 && lo_x <= mask->width + 1.0 && lo_y <= mask->height + 1.0
        && hi_x - lo_x < 1e6 && hi_y - lo_y < 1e6))
    return;
  mask->x0 = MIN (mask->x0, MAX (fast_floor (lo_x), 0));
  mask->y0 = MIN (mask->y0, MAX (fast_floor (lo_y), 0));
  mask->x1 = MAX (mask->x1, MIN (fast_floor (hi_x) + 1, mask->width - 1));
  mask->y1 = MAX (mask->y1, MIN (fast_floor (hi_y) + 1, mask->height - 1));

  gboolean steep = hi_y - lo_y > hi_x - lo_x;
  if (steep)
    {
      double t = x0;
      x0 = y0;
      y0 = t;
      t = x1;
      x1 = y1;
      y1 = t;
    }
  if (x0 > x1)
    {
      double t = x0;
      x0 = x1;
      x1 = t;
      t = y0;
      y0 = y1;
      y1 = t;
    }
  double dx = x1 - x0;
  double gradient = dx > 0.0 ? (y1 - y0) / dx : 0.0;
  int first = fast_floor (x0) + 1, last = fast_floor (x1);
  /* A line shorter than a pixel still lights the pixel it is in. */
  if (first > last)
    first = last = fast_floor (x0 + 0.5);
  /* Clip the walk to the mask so a long line off the side costs nothing. */
  first = MAX (first, -1);
  last = MIN (last, steep ? mask->height : mask->width);

  /* The minor coordinate in 32.32 fixed point: one add a step. GCC shifts
   * signed integers arithmetically, so negative positions floor correctly. */
  gint64 y = (gint64) ((y0 + gradient * (first - x0)) * 4294967296.0);
  gint64 step = (gint64) (gradient * 4294967296.0);
  for (int x = first; x <= last; x++, y += step)
    {
      int iy = (int) (y >> 32);
      int below = (int) (((y & 0xffffffff) * cov) >> 32);
      if (steep)
        {
          plot (mask, iy, x, cov - below);
          plot (mask, iy + 1, x, below);
        }
      else
        {
          plot (mask, x, iy, cov - below);
          plot (mask, x, iy + 1, below);
        }
    }
}

/**
 * imp_line_mask_paint:
 * @mask: a mask
 * @color: the colour of the lines
 *
 * Paints @color through the mask onto the context the mask was begun on. The
 * memory is kept for the next use.
 */
void
imp_line_mask_paint (ImpLineMask *mask, ImpRgba color)
{
  cairo_t *cr = mask->cr;

  if (mask->mask == NULL || cr == NULL)
    return;
  if (mask->x1 >= mask->x0 && mask->y1 >= mask->y0)
    {
      cairo_surface_mark_dirty (mask->mask);
      cairo_save (cr);
      /* Work in device pixels: the mask maps one to one. */
      cairo_translate (cr, -mask->ox / mask->k, -mask->oy / mask->k);
      cairo_scale (cr, 1.0 / mask->k, 1.0 / mask->k);
      cairo_rectangle (cr, mask->x0, mask->y0, mask->x1 - mask->x0 + 1, mask->y1 - mask->y0 + 1);
      cairo_clip (cr);
      imp_rgba_set_source (cr, color);
      cairo_mask_surface (cr, mask->mask, 0.0, 0.0);
      cairo_restore (cr);
    }
  mask->cr = NULL;
}

/**
 * imp_line_mask_clear:
 * @mask: a mask
 *
 * Frees the mask's memory.
 */
void
imp_line_mask_clear (ImpLineMask *mask)
{
  if (mask->mask != NULL)
    cairo_surface_destroy (mask->mask);
  memset (mask, 0, sizeof *mask);
}
