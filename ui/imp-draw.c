/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-draw.c: the renderer's paint, to cairo or to the context's #ImpDrawOps. */
#include "imp-draw.h"

typedef struct
{
  const ImpDrawOps *ops;
  gpointer data;
} Painter;

static cairo_user_data_key_t painter_key;

/**
 * imp_draw_set_ops:
 * @cr: a cairo context
 * @ops: (nullable): where paint on @cr goes instead of its surface; %NULL for cairo
 * @data: passed to @ops; must outlive @cr's use with them
 */
void
imp_draw_set_ops (cairo_t *cr, const ImpDrawOps *ops, gpointer data)
{
  Painter *painter = NULL;

  if (ops != NULL)
    {
      painter = g_new (Painter, 1);
      painter->ops = ops;
      painter->data = data;
    }
  cairo_set_user_data (cr, &painter_key, painter, g_free);
}

static const Painter *
painter_of (cairo_t *cr)
{
  return cairo_get_user_data (cr, &painter_key);
}

/**
 * imp_draw_has_ops:
 * @cr: a cairo context
 *
 * Returns: whether paint on @cr goes to an #ImpDrawOps rather than to cairo
 */
gboolean
imp_draw_has_ops (cairo_t *cr)
{
  return painter_of (cr) != NULL;
}

void
imp_draw_fill_preserve (cairo_t *cr)
{
  const Painter *p = painter_of (cr);

  if (p != NULL)
    p->ops->fill (p->data, cr);
  else
    cairo_fill_preserve (cr);
}

void
imp_draw_fill (cairo_t *cr)
{
  imp_draw_fill_preserve (cr);
  cairo_new_path (cr);
}

void
imp_draw_stroke_preserve (cairo_t *cr)
{
  const Painter *p = painter_of (cr);

  if (p != NULL)
    p->ops->stroke (p->data, cr);
  else
    cairo_stroke_preserve (cr);
}

void
imp_draw_stroke (cairo_t *cr)
{
  imp_draw_stroke_preserve (cr);
  cairo_new_path (cr);
}

/**
 * imp_draw_show_layout:
 * @cr: a cairo context, its current point where the layout's top left goes
 * @layout: the text
 * @color: its colour
 *
 * Gives @layout to the context's #ImpDrawOps, when it has them.
 *
 * Returns: %TRUE when the ops took it; %FALSE when the caller draws it with cairo
 */
gboolean
imp_draw_show_layout (cairo_t *cr, PangoLayout *layout, ImpRgba color)
{
  const Painter *p = painter_of (cr);

  if (p == NULL)
    return FALSE;
  p->ops->show_layout (p->data, cr, layout, color);
  return TRUE;
}

/* The clip applies to the context too, so that cairo_clip_extents() still says
 * what is left to draw. */
void
imp_draw_clip (cairo_t *cr)
{
  const Painter *p = painter_of (cr);

  if (p != NULL)
    p->ops->clip (p->data, cr);
  cairo_clip (cr);
}

void
imp_draw_save (cairo_t *cr)
{
  const Painter *p = painter_of (cr);

  cairo_save (cr);
  if (p != NULL)
    p->ops->save (p->data, cr);
}

void
imp_draw_restore (cairo_t *cr)
{
  const Painter *p = painter_of (cr);

  if (p != NULL)
    p->ops->restore (p->data, cr);
  cairo_restore (cr);
}

void
imp_draw_push_group (cairo_t *cr)
{
  const Painter *p = painter_of (cr);

  if (p != NULL)
    p->ops->push_group (p->data, cr);
  else
    cairo_push_group (cr);
}

/* Closes the group of imp_draw_push_group() and paints it at opacity @alpha. */
void
imp_draw_pop_group (cairo_t *cr, double alpha)
{
  const Painter *p = painter_of (cr);

  if (p != NULL)
    {
      p->ops->pop_group (p->data, cr, alpha);
      return;
    }
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, alpha);
}
