/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-theme-contrast.c: see the header. Each high-contrast palette is the
 * ordinary one with what reads faintly made strong: secondary text as dark as
 * the text, opaque plates behind labels and the legend, outlines in the text's
 * colour, lines half as thick again and type two pixels larger. Hues stay, so
 * a colour named in a lesson still names the same thing. */
#include "imp-theme-contrast.h"

#include <adwaita.h>

static ImpRgba
opaque (ImpRgba c)
{
  c.a = 1.0;
  return c;
}

/* c moved a fraction f of the way to the text's colour: darker on the light page,
 * lighter on the dark one, so that thin coloured lines and their labels stand out. */
static ImpRgba
toward_text (ImpRgba c, const ImpTheme *base, double f)
{
  c.r += (base->text.r - c.r) * f;
  c.g += (base->text.g - c.g) * f;
  c.b += (base->text.b - c.b) * f;
  return c;
}

static void
strengthen (ImpTheme *t, const ImpTheme *base)
{
  *t = *base;
  /* Amber, orange and teal read at about 3:1 on the light page: taken past 4.5:1. */
  const double f = base->dark ? 0.25 : 0.4;
  ImpRgba *overlays[] = { &t->velocity, &t->contact, &t->tangent, &t->relative_velocity,
                          &t->impulse, &t->construction, &t->normal_left, &t->normal_right,
                          &t->probe, &t->probe_ray, &t->probe_point, &t->segment_slide };
  for (gsize i = 0; i < G_N_ELEMENTS (overlays); i++)
    *overlays[i] = toward_text (*overlays[i], base, f);
  for (gsize k = 0; k < G_N_ELEMENTS (t->events); k++)
    t->events[k] = toward_text (t->events[k], base, f);
  t->text_muted = base->text;
  t->label_background = opaque (base->label_background);
  t->legend_background = opaque (base->legend_background);
  t->legend_border = base->text;
  t->bounds = base->text;
  t->circle_stroke = base->text;
  t->fixed_stroke = base->text;
  t->passive_stroke = base->text;
  t->ghost = base->text;
  t->swept_stroke = opaque (base->swept_stroke);
  t->trail = opaque (base->trail);
  t->sleeping_alpha = 0.7;
  t->label_px = base->label_px + 2.0;
  t->small_px = base->small_px + 2.0;
  t->body_line_px = base->body_line_px * 1.5;
  t->segment_px = base->segment_px * 1.5;
  t->overlay_line_px = base->overlay_line_px * 1.5;
}

/**
 * imp_theme_get_high_contrast:
 * @dark: the dark palette's variant
 *
 * Returns: (transfer none): the high-contrast palette, constant once made
 */
const ImpTheme *
imp_theme_get_high_contrast (gboolean dark)
{
  static ImpTheme themes[2];
  static gsize made = 0;
  if (g_once_init_enter (&made))
    {
      strengthen (&themes[0], imp_theme_get (FALSE));
      strengthen (&themes[1], imp_theme_get (TRUE));
      g_once_init_leave (&made, 1);
    }
  return &themes[dark ? 1 : 0];
}

/**
 * imp_theme_for_style:
 * @dark: the dark palette
 * @high_contrast: its high-contrast variant
 *
 * Returns: (transfer none): the palette for that style
 */
const ImpTheme *
imp_theme_for_style (gboolean dark, gboolean high_contrast)
{
  return high_contrast ? imp_theme_get_high_contrast (dark) : imp_theme_get (dark);
}

/**
 * imp_theme_for_widgets:
 *
 * Returns: (transfer none): the palette of the desktop's style now: dark or
 *   light, high contrast when the learner asked for it
 */
const ImpTheme *
imp_theme_for_widgets (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  return imp_theme_for_style (adw_style_manager_get_dark (style),
                              adw_style_manager_get_high_contrast (style));
}
