/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-theme.c: the light and dark palettes. */
#include "imp-theme.h"

#include <pango/pangocairo.h>

#define RGBA(hex, alpha)                                                                           \
  {                                                                                                \
    ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) &0xff) / 255.0, (alpha)      \
  }
#define RGB(hex) RGBA (hex, 1.0)

/* Text sizes: 13 px labels read comfortably on a laptop panel and still fit
 * beside a 10 px circle; secondary text is never below 11 px. */
#define FONT_FAMILY "Cantarell, DejaVu Sans, sans-serif"

static const ImpTheme light_theme = {
  .dark = FALSE,
  .background = RGB (0xfbfaf7),
  .outside = RGB (0xeeece6),
  .bounds = RGB (0x8a867e),
  .text = RGB (0x1d1d1f),
  .text_muted = RGB (0x5f5d58),
  .label_background = RGBA (0xfbfaf7, 0.88),
  .legend_background = RGBA (0xffffff, 0.94),
  .legend_border = RGB (0xc9c5bc),
  .circle_fill = RGB (0xd5e6f4),
  .circle_stroke = RGB (0x0a5d94),
  .fixed_fill = RGB (0xb8b3a9),
  .fixed_stroke = RGB (0x4a4640),
  .passive_fill = RGBA (0xd5e6f4, 0.45),
  .passive_stroke = RGB (0x5a8cb4),
  .sleeping_alpha = 0.45,
  .segment_reflect = RGB (0x33312e),
  .segment_slide = RGB (0x7d5a9c),
  /* A curve is a wall too: the segments' ink. */
  .curve = RGB (0x33312e),
  .probe = RGB (0x007d5e),
  .spring = RGB (0x6e6a63),
  .selection = RGB (0xe69f00),
  .highlight = RGBA (0xf0c400, 0.55),
  .velocity = RGB (0x00876a),
  .swept_fill = RGBA (0x0072b2, 0.10),
  .swept_stroke = RGBA (0x0072b2, 0.55),
  .ghost = RGB (0x55524c),
  .contact = RGB (0xc84f00),
  .tangent = RGB (0xd98850),
  .relative_velocity = RGB (0xb0468a),
  .impulse = RGB (0xc78500),
  .construction = RGB (0x4b3fa0),
  .normal_left = RGB (0x0072b2),
  .normal_right = RGB (0xa6611a),
  .probe_ray = RGB (0x007d5e),
  .probe_point = RGB (0xc84f00),
  .trail = RGBA (0x0a5d94, 0.55),
  .ghost_branch = RGB (0xcc79a7),
  .events = {
    [PHYS_EVENT_EMBEDDED] = RGB (0xb2182b),
    [PHYS_EVENT_CIRCLE_CIRCLE] = RGB (0xd55e00),
    [PHYS_EVENT_CIRCLE_SEGMENT] = RGB (0x0072b2),
    [PHYS_EVENT_PROBE_SEGMENT] = RGB (0x009e73),
    [PHYS_EVENT_EVENT_CAP] = RGB (0x6a3d9a),
  },
  .font_family = FONT_FAMILY,
  .label_px = 13.0,
  .small_px = 11.5,
  .body_line_px = 1.5,
  .segment_px = 4.0,
  .overlay_line_px = 1.75,
};

static const ImpTheme dark_theme = {
  .dark = TRUE,
  .background = RGB (0x1c1d20),
  .outside = RGB (0x141517),
  .bounds = RGB (0x8d8a84),
  .text = RGB (0xebe9e4),
  .text_muted = RGB (0xa9a6a0),
  .label_background = RGBA (0x1c1d20, 0.85),
  .legend_background = RGBA (0x26272b, 0.94),
  .legend_border = RGB (0x4a4b50),
  .circle_fill = RGB (0x233c52),
  .circle_stroke = RGB (0x7cc0ee),
  .fixed_fill = RGB (0x4a4742),
  .fixed_stroke = RGB (0xbdb8ae),
  .passive_fill = RGBA (0x233c52, 0.5),
  .passive_stroke = RGB (0x5f93b8),
  .sleeping_alpha = 0.5,
  .segment_reflect = RGB (0xdedad2),
  .segment_slide = RGB (0xc3a3e0),
  .curve = RGB (0xdedad2),
  .probe = RGB (0x3fd1a8),
  .spring = RGB (0xaaa59c),
  .selection = RGB (0xf5c04a),
  .highlight = RGBA (0xf0d000, 0.45),
  .velocity = RGB (0x3fd1a8),
  .swept_fill = RGBA (0x56b4e9, 0.12),
  .swept_stroke = RGBA (0x56b4e9, 0.6),
  .ghost = RGB (0xc2beb6),
  .contact = RGB (0xff8a4c),
  .tangent = RGB (0xf0b48a),
  .relative_velocity = RGB (0xe48cc4),
  .impulse = RGB (0xf2b632),
  .construction = RGB (0xa99cf0),
  .normal_left = RGB (0x56b4e9),
  .normal_right = RGB (0xe0a060),
  .probe_ray = RGB (0x3fd1a8),
  .probe_point = RGB (0xff8a4c),
  .trail = RGBA (0x7cc0ee, 0.55),
  .ghost_branch = RGB (0xe59ac6),
  .events = {
    [PHYS_EVENT_EMBEDDED] = RGB (0xff6b6b),
    [PHYS_EVENT_CIRCLE_CIRCLE] = RGB (0xff8a4c),
    [PHYS_EVENT_CIRCLE_SEGMENT] = RGB (0x56b4e9),
    [PHYS_EVENT_PROBE_SEGMENT] = RGB (0x3fd1a8),
    [PHYS_EVENT_EVENT_CAP] = RGB (0xc3a3e0),
  },
  .font_family = FONT_FAMILY,
  .label_px = 13.0,
  .small_px = 11.5,
  .body_line_px = 1.5,
  .segment_px = 4.0,
  .overlay_line_px = 1.75,
};

/**
 * imp_theme_get:
 * @dark: %TRUE for the dark palette
 *
 * Returns: (transfer none): the palette; constant, valid for the life of the program
 */
const ImpTheme *
imp_theme_get (gboolean dark)
{
  return dark ? &dark_theme : &light_theme;
}

/**
 * imp_theme_event_color:
 * @theme: a theme
 * @kind: an event kind
 *
 * Returns: the colour that marks events of @kind
 */
ImpRgba
imp_theme_event_color (const ImpTheme *theme, PhysEventKind kind)
{
  if ((int) kind < 0 || kind > PHYS_EVENT_EVENT_CAP)
    return theme->text;
  return theme->events[kind];
}

/**
 * imp_rgba_set_source:
 * @cr: a cairo context
 * @color: a colour
 *
 * Makes @color the source of @cr.
 */
void
imp_rgba_set_source (cairo_t *cr, ImpRgba color)
{
  cairo_set_source_rgba (cr, color.r, color.g, color.b, color.a);
}

/**
 * imp_rgba_set_source_alpha:
 * @cr: a cairo context
 * @color: a colour
 * @alpha: opacity multiplier, [0, 1]
 *
 * Makes @color, made more transparent by @alpha, the source of @cr.
 */
void
imp_rgba_set_source_alpha (cairo_t *cr, ImpRgba color, double alpha)
{
  cairo_set_source_rgba (cr, color.r, color.g, color.b, color.a * alpha);
}

PangoLayout *
imp_text_layout_new (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoContext *context = pango_layout_get_context (layout);
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (context, FALSE);
  pango_layout_context_changed (layout);
  return layout;
}

/* Small plot text (8.5 pt), wrapped at width pixels when width > 0: its first line
 * vertically centred on y; align_x 0 puts its left edge at x, 0.5 its centre, 1 its
 * right edge. Returns its height. */
static double
plot_text (cairo_t *cr, const char *text, double x, double y, double align_x, double width,
           ImpRgba color, gboolean bold)
{
  PangoLayout *layout = imp_text_layout_new (cr);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold 8.5"
                                                                        : "Sans 8.5");
  pango_layout_set_font_description (layout, font);
  if (width > 0.0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_text (layout, text, -1);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  int lines = MAX (pango_layout_get_line_count (layout), 1);
  cairo_move_to (cr, x - align_x * w, y - 0.5 * h / lines);
  imp_rgba_set_source (cr, color);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
  return h;
}

void
imp_plot_text (cairo_t *cr, const char *text, double x, double y, double align_x, ImpRgba color,
               gboolean bold)
{
  plot_text (cr, text, x, y, align_x, -1.0, color, bold);
}

/* The same wrapped at width pixels, left-aligned at x; returns its height. */
double
imp_plot_paragraph (cairo_t *cr, const char *text, double x, double y, double width,
                    ImpRgba color, gboolean bold)
{
  return plot_text (cr, text, x, y, 0.0, width, color, bold);
}

/* A plot's frame, t in [0, 1]: the band from x_t0 to x_t1 between y_top and y_bottom
 * shaded, "0" and "1" under its ends and "t" under x_end, the time axis's end. */
void
imp_plot_frame_band (cairo_t *cr, double x_t0, double x_t1, double x_end, double y_top,
                     double y_bottom, const ImpTheme *theme)
{
  imp_rgba_set_source_alpha (cr, theme->swept_fill, 0.6);
  cairo_rectangle (cr, x_t0, y_top, x_t1 - x_t0, y_bottom - y_top);
  cairo_fill (cr);
  imp_plot_text (cr, "0", x_t0, y_bottom + 10.0, 0.5, theme->text_muted, FALSE);
  imp_plot_text (cr, "1", x_t1, y_bottom + 10.0, 0.5, theme->text_muted, FALSE);
  if (x_end > x_t1 + 12.0)
    imp_plot_text (cr, "t", x_end, y_bottom + 10.0, 1.0, theme->text_muted, FALSE);
  else
    imp_plot_text (cr, "t", x_t1 + 8.0, y_bottom + 10.0, 0.0, theme->text_muted, FALSE);
}
