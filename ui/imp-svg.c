/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-svg.c: the SVG writer.
 *
 * The writer's cairo_t draws onto a recording surface that nobody replays: it
 * only keeps the paths, the transform and the state the painter reads. Each
 * paint is written at once, through the context's transform, so the document
 * is in the SVG's pixels with no transform of its own. Numbers have at most
 * three decimals and a dot whatever the locale; ids are numbered per document,
 * so the same drawing gives the same bytes.
 */
#include "imp-svg.h"

#include <math.h>
#include <string.h>

#include "imp-draw.h"

struct _ImpSvg
{
  double width;
  double height;
  cairo_surface_t *surface;
  cairo_t *cr;
  /* The open groups, outermost first: the document's body, then one per
   * push_group not yet popped. */
  GPtrArray *groups;
  /* Per save level, outermost first: how many clip groups it opened. */
  GArray *clips;
  guint n_clip_ids;
};

/* A number for SVG: three decimals at most, no trailing zeros, never "-0". */
static void
append_number (GString *out, double x)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  double rounded = round (x * 1000.0) / 1000.0;

  if (rounded == 0.0)
    rounded = 0.0;
  g_ascii_formatd (buffer, sizeof buffer, "%.3f", rounded);
  char *end = buffer + strlen (buffer);
  while (end > buffer && end[-1] == '0')
    *--end = '\0';
  if (end > buffer && end[-1] == '.')
    *--end = '\0';
  g_string_append (out, buffer);
}

static GString *
current (ImpSvg *svg)
{
  return g_ptr_array_index (svg->groups, svg->groups->len - 1);
}

/* The current path through the context's transform, as a path's d attribute;
 * FALSE when the path is empty. */
static gboolean
append_path_data (GString *out, cairo_t *cr)
{
  cairo_path_t *path = cairo_copy_path (cr);
  gboolean any = FALSE;

  for (int i = 0; path->status == CAIRO_STATUS_SUCCESS && i < path->num_data;
       i += path->data[i].header.length)
    {
      const cairo_path_data_t *data = &path->data[i];
      static const char commands[] = { 'M', 'L', 'C', 'Z' };
      int next = i + data->header.length;
      /* cairo moves back to a closed subpath's start: a move to nowhere draws nothing. */
      if (data->header.type == CAIRO_PATH_MOVE_TO
          && (next >= path->num_data || path->data[next].header.type == CAIRO_PATH_MOVE_TO))
        continue;
      int points = data->header.type == CAIRO_PATH_CURVE_TO   ? 3
                   : data->header.type == CAIRO_PATH_CLOSE_PATH ? 0
                                                                 : 1;
      g_string_append_printf (out, "%s%c", any ? " " : "", commands[data->header.type]);
      for (int k = 1; k <= points; k++)
        {
          double x = data[k].point.x, y = data[k].point.y;
          cairo_user_to_device (cr, &x, &y);
          g_string_append_c (out, ' ');
          append_number (out, x);
          g_string_append_c (out, ' ');
          append_number (out, y);
        }
      any = TRUE;
    }
  cairo_path_destroy (path);
  return any;
}

/* ' NAME="#rrggbb"', and ' NAME-opacity="A"' below full strength. */
static void
append_color (GString *out, const char *name, ImpRgba color)
{
  g_string_append_printf (out, " %s=\"#%02x%02x%02x\"", name,
                          (int) lround (CLAMP (color.r, 0.0, 1.0) * 255),
                          (int) lround (CLAMP (color.g, 0.0, 1.0) * 255),
                          (int) lround (CLAMP (color.b, 0.0, 1.0) * 255));
  if (color.a < 1.0)
    {
      g_string_append_printf (out, " %s-opacity=\"", name);
      append_number (out, CLAMP (color.a, 0.0, 1.0));
      g_string_append_c (out, '"');
    }
}

/* The context's source as a colour attribute. */
static void
append_paint (GString *out, cairo_t *cr, const char *name)
{
  ImpRgba color = { 0.0, 0.0, 0.0, 1.0 };

  /* The renderer paints with solid colours only; anything else is drawn black. */
  cairo_pattern_get_rgba (cairo_get_source (cr), &color.r, &color.g, &color.b, &color.a);
  append_color (out, name, color);
}

/* How much longer a length of user space is in the SVG's pixels (the renderer
 * scales evenly). */
static double
device_scale (cairo_t *cr)
{
  cairo_matrix_t m;

  cairo_get_matrix (cr, &m);
  return sqrt (fabs (m.xx * m.yy - m.xy * m.yx));
}

static void
svg_fill (gpointer data, cairo_t *cr)
{
  GString *out = current (data);
  gsize start = out->len;

  g_string_append (out, "<path d=\"");
  if (!append_path_data (out, cr))
    {
      g_string_truncate (out, start);
      return;
    }
  g_string_append_c (out, '"');
  append_paint (out, cr, "fill");
  if (cairo_get_fill_rule (cr) == CAIRO_FILL_RULE_EVEN_ODD)
    g_string_append (out, " fill-rule=\"evenodd\"");
  g_string_append (out, "/>\n");
}

static void
svg_stroke (gpointer data, cairo_t *cr)
{
  static const char *const caps[] = { NULL, "round", "square" };
  static const char *const joins[] = { NULL, "round", "bevel" };
  GString *out = current (data);
  gsize start = out->len;
  double k = device_scale (cr);

  g_string_append (out, "<path d=\"");
  if (!append_path_data (out, cr))
    {
      g_string_truncate (out, start);
      return;
    }
  g_string_append (out, "\" fill=\"none\"");
  append_paint (out, cr, "stroke");
  g_string_append (out, " stroke-width=\"");
  append_number (out, cairo_get_line_width (cr) * k);
  g_string_append_c (out, '"');
  /* Butt caps and miter joins are SVG's defaults too; cairo's miter limit is not. */
  cairo_line_cap_t cap = cairo_get_line_cap (cr);
  if (cap < G_N_ELEMENTS (caps) && caps[cap] != NULL)
    g_string_append_printf (out, " stroke-linecap=\"%s\"", caps[cap]);
  cairo_line_join_t join = cairo_get_line_join (cr);
  if (join < G_N_ELEMENTS (joins) && joins[join] != NULL)
    g_string_append_printf (out, " stroke-linejoin=\"%s\"", joins[join]);
  else
    {
      g_string_append (out, " stroke-miterlimit=\"");
      append_number (out, cairo_get_miter_limit (cr));
      g_string_append_c (out, '"');
    }
  int n_dashes = cairo_get_dash_count (cr);
  if (n_dashes > 0)
    {
      g_autofree double *dashes = g_new (double, n_dashes);
      double offset = 0.0;
      cairo_get_dash (cr, dashes, &offset);
      g_string_append (out, " stroke-dasharray=\"");
      for (int i = 0; i < n_dashes; i++)
        {
          if (i > 0)
            g_string_append_c (out, ',');
          append_number (out, dashes[i] * k);
        }
      g_string_append_c (out, '"');
      if (offset != 0.0)
        {
          g_string_append (out, " stroke-dashoffset=\"");
          append_number (out, offset * k);
          g_string_append_c (out, '"');
        }
    }
  g_string_append (out, "/>\n");
}

/* Every line of a layout becomes a <text> element at its baseline, with the
 * font's family, size (in the SVG's pixels) and weight. */
static void
svg_show_layout (gpointer data, cairo_t *cr, PangoLayout *layout, ImpRgba color)
{
  GString *out = current (data);
  double x0, y0;
  cairo_get_current_point (cr, &x0, &y0);
  const PangoFontDescription *font = pango_layout_get_font_description (layout);
  const char *family = font != NULL ? pango_font_description_get_family (font) : NULL;
  double size = font != NULL ? pango_font_description_get_size (font) / (double) PANGO_SCALE : 10.0;
  /* Point sizes are at pango-cairo's 96 dots per inch. */
  if (font != NULL && !pango_font_description_get_size_is_absolute (font))
    size *= 96.0 / 72.0;
  gboolean bold = font != NULL && pango_font_description_get_weight (font) >= PANGO_WEIGHT_SEMIBOLD;
  g_autofree char *family_escaped
      = g_markup_escape_text (family != NULL ? family : "sans-serif", -1);
  const char *text = pango_layout_get_text (layout);
  PangoLayoutIter *iter = pango_layout_get_iter (layout);

  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      PangoRectangle logical;
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      double x = x0 + logical.x / (double) PANGO_SCALE;
      double y = y0 + pango_layout_iter_get_baseline (iter) / (double) PANGO_SCALE;
      cairo_user_to_device (cr, &x, &y);
      g_autofree char *piece = g_strndup (text + line->start_index, (gsize) line->length);
      if (*piece == '\0')
        continue;
      g_autofree char *escaped = g_markup_escape_text (piece, -1);
      g_string_append (out, "<text x=\"");
      append_number (out, x);
      g_string_append (out, "\" y=\"");
      append_number (out, y);
      /* The generic family last, for a viewer without the figure's fonts. */
      g_string_append_printf (out, "\" font-family=\"%s%s\" font-size=\"", family_escaped,
                              strstr (family_escaped, "sans-serif") != NULL ? "" : ", sans-serif");
      append_number (out, size * device_scale (cr));
      g_string_append_printf (out, "px\"%s", bold ? " font-weight=\"bold\"" : "");
      append_color (out, "fill", color);
      g_string_append_printf (out, ">%s</text>\n", escaped);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

/* A clip is a <clipPath> and a group that uses it, closed when its save level is. */
static void
svg_clip (gpointer data, cairo_t *cr)
{
  ImpSvg *svg = data;
  GString *out = current (svg);
  g_autoptr (GString) d = g_string_new (NULL);

  if (!append_path_data (d, cr))
    g_string_append (d, "M 0 0 Z");
  guint id = ++svg->n_clip_ids;
  g_string_append_printf (out, "<clipPath id=\"clip%u\"><path d=\"%s\"%s/></clipPath>\n", id,
                          d->str,
                          cairo_get_fill_rule (cr) == CAIRO_FILL_RULE_EVEN_ODD
                              ? " clip-rule=\"evenodd\""
                              : "");
  g_string_append_printf (out, "<g clip-path=\"url(#clip%u)\">\n", id);
  g_array_index (svg->clips, guint, svg->clips->len - 1)++;
}

static void
svg_save (gpointer data, cairo_t *cr)
{
  ImpSvg *svg = data;
  guint none = 0;

  g_array_append_val (svg->clips, none);
}

static void
svg_restore (gpointer data, cairo_t *cr)
{
  ImpSvg *svg = data;

  /* The base level is closed by imp_svg_finish(), never by a restore. */
  if (svg->clips->len < 2)
    return;
  for (guint i = g_array_index (svg->clips, guint, svg->clips->len - 1); i > 0; i--)
    g_string_append (current (svg), "</g>\n");
  g_array_set_size (svg->clips, svg->clips->len - 1);
}

static void
svg_push_group (gpointer data, cairo_t *cr)
{
  ImpSvg *svg = data;

  g_ptr_array_add (svg->groups, g_string_new (NULL));
}

static void
svg_pop_group (gpointer data, cairo_t *cr, double alpha)
{
  ImpSvg *svg = data;

  if (svg->groups->len < 2)
    return;
  GString *group = g_ptr_array_steal_index (svg->groups, svg->groups->len - 1);
  GString *out = current (svg);
  g_string_append (out, "<g opacity=\"");
  append_number (out, CLAMP (alpha, 0.0, 1.0));
  g_string_append (out, "\">\n");
  g_string_append_len (out, group->str, (gssize) group->len);
  g_string_append (out, "</g>\n");
  g_string_free (group, TRUE);
}

static const ImpDrawOps svg_ops = {
  svg_fill, svg_stroke, svg_show_layout, svg_clip,
  svg_save, svg_restore, svg_push_group, svg_pop_group,
};

static void
free_group (gpointer group)
{
  g_string_free (group, TRUE);
}

/**
 * imp_svg_new:
 * @width: the document's width, pixels
 * @height: its height, pixels
 *
 * Returns: (transfer full): a writer with an empty document
 */
ImpSvg *
imp_svg_new (double width, double height)
{
  ImpSvg *svg = g_new0 (ImpSvg, 1);
  cairo_rectangle_t extents = { 0.0, 0.0, width, height };
  guint none = 0;

  svg->width = width;
  svg->height = height;
  svg->surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  svg->cr = cairo_create (svg->surface);
  svg->groups = g_ptr_array_new_with_free_func (free_group);
  g_ptr_array_add (svg->groups, g_string_new (NULL));
  svg->clips = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (svg->clips, none);
  imp_draw_set_ops (svg->cr, &svg_ops, svg);
  return svg;
}

/**
 * imp_svg_get_context:
 * @svg: a writer
 *
 * Returns: (transfer none): the context whose paint the writer writes; its user
 *   space starts as the document's pixels
 */
cairo_t *
imp_svg_get_context (ImpSvg *svg)
{
  return svg->cr;
}

/**
 * imp_svg_finish:
 * @svg: a writer, done drawing
 * @title: (nullable): the document's <title>
 * @description: (nullable): its <desc>
 *
 * Returns: (transfer full): the SVG document, UTF-8
 */
GBytes *
imp_svg_finish (ImpSvg *svg, const char *title, const char *description)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_string_append (out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
  append_number (out, svg->width);
  g_string_append (out, "px\" height=\"");
  append_number (out, svg->height);
  g_string_append (out, "px\" viewBox=\"0 0 ");
  append_number (out, svg->width);
  g_string_append_c (out, ' ');
  append_number (out, svg->height);
  g_string_append (out, "\" xml:space=\"preserve\">\n");
  /* Screen readers and searches read these, and a viewer shows the title. */
  if (title != NULL && *title != '\0')
    {
      g_autofree char *escaped = g_markup_escape_text (title, -1);
      g_string_append_printf (out, "<title>%s</title>\n", escaped);
    }
  if (description != NULL && *description != '\0')
    {
      g_autofree char *escaped = g_markup_escape_text (description, -1);
      g_string_append_printf (out, "<desc>%s</desc>\n", escaped);
    }
  /* Groups and clips left open by an unbalanced drawing are closed, so the
   * document stays well-formed. */
  while (svg->groups->len > 1)
    svg_pop_group (svg, svg->cr, 1.0);
  while (svg->clips->len > 1)
    svg_restore (svg, svg->cr);
  GString *body = current (svg);
  g_string_append_len (out, body->str, (gssize) body->len);
  for (guint i = g_array_index (svg->clips, guint, 0); i > 0; i--)
    g_string_append (out, "</g>\n");
  g_string_append (out, "</svg>\n");
  return g_string_free_to_bytes (out);
}

void
imp_svg_free (ImpSvg *svg)
{
  if (svg == NULL)
    return;
  cairo_destroy (svg->cr);
  cairo_surface_destroy (svg->surface);
  g_ptr_array_unref (svg->groups);
  g_array_unref (svg->clips);
  g_free (svg);
}
