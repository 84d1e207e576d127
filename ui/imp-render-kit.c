/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render-kit.c: the pieces every part of the renderer draws with: numbers
 * as labels show them, queued labels and the shapes they keep off, lines,
 * rings and arrows with pixel widths. */
#include "imp-render-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdarg.h>

/* A number with a real minus sign (U+2212), and no sign on a value that rounds to zero;
 * in the locale's convention (a decimal comma in German, the C locale on the command line). */
const char *
imp_render_fmt_real (char *buf, gsize size, double value, int decimals)
{
  char tmp[64];

  g_snprintf (tmp, sizeof tmp, "%.*f", decimals, value);
  if (tmp[0] == '-')
    {
      gboolean zero = strspn (tmp + 1, "0.,") == strlen (tmp + 1);
      g_snprintf (buf, size, "%s%s", zero ? "" : "\u2212", tmp + 1);
    }
  else
    g_strlcpy (buf, tmp, size);
  return buf;
}

/* Decimals that show three significant figures of a typical component. */
int
imp_render_decimals (double magnitude)
{
  if (magnitude >= 100.0)
    return 1;
  if (magnitude >= 1.0)
    return 2;
  return 3;
}

const char *
imp_render_fmt_vec (char *buf, gsize size, PhysVec2 v, int decimals)
{
  char x[32], y[32];

  if (decimals < 0)
    decimals = imp_render_decimals (fmax (fabs (v.x), fabs (v.y)));
  /* Translators: a vector's components; where the decimal separator is a comma, separate
   * them with a semicolon: "(%s; %s)". */
  g_snprintf (buf, size, _("(%s, %s)"), imp_render_fmt_real (x, sizeof x, v.x, decimals),
              imp_render_fmt_real (y, sizeof y, v.y, decimals));
  return buf;
}

/* A factor from 2, 5, 10, 20 ... or 0.5, 0.2, 0.1 ... that brings a length into
 * [lo, hi] pixels; 1 when it already is. Round factors keep labels honest. */
double
imp_render_nice_factor (double length_px, double lo, double hi)
{
  static const double mantissas[] = { 1.0, 2.0, 5.0 };

  if (!(length_px > 0.0) || !isfinite (length_px) || (length_px >= lo && length_px <= hi))
    return 1.0;
  if (length_px < lo)
    {
      for (int k = 1; k < 40; k++)
        {
          double factor = mantissas[k % 3] * pow (10.0, k / 3);
          if (length_px * factor >= lo)
            return factor;
        }
    }
  else
    {
      for (int k = 1; k < 40; k++)
        {
          double factor = mantissas[(3 - k % 3) % 3] * pow (10.0, -((k + 2) / 3));
          if (length_px * factor <= hi)
            return factor;
        }
    }
  return 1.0;
}

const char *
imp_render_fmt_factor (char *buf, gsize size, double factor)
{
  if (factor == 1.0)
    buf[0] = '\0';
  else
    g_snprintf (buf, size, _("  (drawn \u00d7%g)"), factor);
  return buf;
}

const char *
imp_render_subscript (int i)
{
  return i == 0 ? "\u2081" : "\u2082";
}

/* Obstacles and labels */

/* A dot: ink, never to be covered. */
void
imp_render_obstacle_dot (Render *r, PhysVec2 center, double radius)
{
  imp_label_placer_add_obstacle (&r->placer, imp_capsule_disc (center.x, center.y, radius),
                                 IMP_OBSTACLE_INK);
}

/* A circle: a label may sit inside it, but not across its outline. */
void
imp_render_obstacle_circle (Render *r, PhysVec2 center, double radius)
{
  imp_label_placer_add_obstacle (&r->placer, imp_capsule_disc (center.x, center.y, radius),
                                 IMP_OBSTACLE_AREA);
}

void
imp_render_obstacle_line (Render *r, PhysVec2 a, PhysVec2 b, double radius)
{
  imp_label_placer_add_obstacle (&r->placer, imp_capsule_line (a.x, a.y, b.x, b.y, radius),
                                 IMP_OBSTACLE_INK);
}

/* Whether a line shows a value: a decimal point between digits, a coordinate
 * or three digits in a row (a body's name such as "c1" is not one). */
static gboolean
shows_value (const char *line)
{
  int run = 0;
  for (const char *p = line; *p != '\0'; p++)
    {
      run = g_ascii_isdigit (*p) ? run + 1 : 0;
      if (run >= 3 || (*p == '.' && p > line && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (p[1]))
          || (*p == '(' && (g_ascii_isdigit (p[1]) || p[1] == '-' || (guchar) p[1] == 0xe2)))
        return TRUE;
    }
  return FALSE;
}

/* Keeps of each line what it names ("v₁ = (3, 4)" becomes "v₁"); a line
 * that shows a value and names nothing goes. */
static void
names_only (char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *equals = strstr (lines[i], " = ");
      if (equals != NULL)
        *equals = '\0';
      if (shows_value (lines[i]))
        continue;
      g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", lines[i]);
    }
  g_strlcpy (text, out->str, strlen (text) + 1);
  g_string_free (out, TRUE);
}

/* Queues a label; it is placed and drawn after every shape is known. A label
 * beyond MAX_LABELS goes to a sink and is not drawn. @bold: the inspector
 * points at what it names. */
static Label *
queue_label (Render *r, ImpRgba color, gboolean bold, const char *format, va_list args)
{
  Label *label = r->n_labels < MAX_LABELS ? &r->labels[r->n_labels++] : &r->sink;

  memset (label, 0, sizeof *label);
  g_vsnprintf (label->text, sizeof label->text, format, args);
  if (r->in->no_numbers)
    names_only (label->text);
  label->color = color;
  label->bold = bold;
  label->body = -1;
  return label;
}

/* A label near anchor, no nearer than clearance, preferably on the side dir. */
Label *
imp_render_label (Render *r, PhysVec2 anchor, double clearance, PhysVec2 dir, ImpRgba color,
                  gboolean bold, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  Label *label = queue_label (r, color, bold, format, args);
  va_end (args);
  label->anchor = anchor;
  label->clearance = clearance;
  label->dir = dir;
  return label;
}

/* Labels an arrow from a to b beside its middle, never on it. */
Label *
imp_render_label_arrow (Render *r, PhysVec2 a, PhysVec2 b, ImpRgba color, gboolean bold,
                        const char *format, ...)
{
  PhysVec2 side = phys_v2_unit (phys_v2_left_normal (phys_v2_sub (b, a)));
  va_list args;

  va_start (args, format);
  Label *label = queue_label (r, color, bold, format, args);
  va_end (args);
  label->anchor = phys_v2_lerp (a, b, 0.5);
  label->clearance = 3.0;
  label->dir = side.x == 0.0 && side.y == 0.0 ? phys_v2 (0.0, -1.0) : side;
  label->own = imp_capsule_line (a.x, a.y, b.x, b.y, ARROW_HALF_WIDTH_PX);
  label->has_own = TRUE;
  return label;
}

/* Arrows */

static double
point_segment_distance (PhysVec2 p, PhysVec2 a, PhysVec2 b)
{
  PhysVec2 ab = phys_v2_sub (b, a);
  double len2 = phys_v2_len_sq (ab);
  double u = len2 > 0.0 ? CLAMP (phys_v2_dot (phys_v2_sub (p, a), ab) / len2, 0.0, 1.0) : 0.0;
  return phys_v2_len (phys_v2_sub (p, phys_v2_add_scaled (a, ab, u)));
}

/* Two arrows (pixels) on nearly one line that share part of it: drawn as they
 * are, one hides the other (head-on velocities). */
gboolean
imp_render_arrows_overlap (PhysVec2 a0, PhysVec2 b0, PhysVec2 a1, PhysVec2 b1)
{
  PhysVec2 u0 = phys_v2_sub (b0, a0), u1 = phys_v2_sub (b1, a1);
  double l0 = phys_v2_len (u0), l1 = phys_v2_len (u1);
  if (!(l0 >= 1.0 && l1 >= 1.0))
    return FALSE;
  /* Within 10 degrees of parallel (or antiparallel). */
  if (fabs (phys_v2_cross (u0, u1)) > 0.17 * l0 * l1)
    return FALSE;
  double near = 2.0 * ARROW_HALF_WIDTH_PX;
  return point_segment_distance (a1, a0, b0) < near || point_segment_distance (b1, a0, b0) < near
         || point_segment_distance (a0, a1, b1) < near
         || point_segment_distance (b0, a1, b1) < near;
}

/* Moves an arrow a few pixels to its own left: two arrows on one line in
 * opposite directions part, each keeping its length and direction. */
void
imp_render_arrow_aside (PhysVec2 *a, PhysVec2 *b)
{
  PhysVec2 side = phys_v2_scale (phys_v2_unit (phys_v2_left_normal (phys_v2_sub (*b, *a))),
                                 ARROW_ASIDE_PX);
  *a = phys_v2_add (*a, side);
  *b = phys_v2_add (*b, side);
}

/* An arrow from a circle's centre that would end inside the circle starts
 * just outside its rim (and a selection ring about it) instead, so that it
 * shows; its length and direction stay. */
void
imp_render_arrow_outside (PhysVec2 *a, PhysVec2 *b, double radius_px)
{
  PhysVec2 d = phys_v2_sub (*b, *a);
  double len = phys_v2_len (d);
  if (!(len >= 1.0) || len >= radius_px)
    return;
  *a = phys_v2_add_scaled (*a, d, (radius_px + SELECTION_GAP_PX + 3.0) / len);
  *b = phys_v2_add (*a, d);
}

/* Records where a label, a name or the legend went (ImpRenderInput.boxes). */
void
imp_render_record_box (const Render *r, const char *kind, const ImpRect *rect, PhysVec2 anchor,
                       int body)
{
  if (r->in->boxes == NULL)
    return;
  ImpRenderBox box = { kind, rect->x, rect->y, rect->width, rect->height, anchor, body };
  g_array_append_val (r->in->boxes, box);
}

/* Primitives, in pixels */

void
imp_render_set_dash (cairo_t *cr, gboolean dashed)
{
  static const double pattern[] = { 6.0, 4.0 };

  cairo_set_dash (cr, pattern, dashed ? 2 : 0, 0.0);
}

void
imp_render_line (Render *r, PhysVec2 a, PhysVec2 b, ImpRgba color, double width, gboolean dashed)
{
  cairo_t *cr = r->cr;

  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, b.x, b.y);
  cairo_set_line_width (cr, width);
  imp_render_set_dash (cr, dashed);
  imp_rgba_set_source (cr, color);
  imp_draw_stroke (cr);
  imp_render_set_dash (cr, FALSE);
}

void
imp_render_halo (Render *r, PhysVec2 a, PhysVec2 b, double width)
{
  cairo_set_line_cap (r->cr, CAIRO_LINE_CAP_ROUND);
  imp_render_line (r, a, b, r->theme->highlight, width + HALO_PX, FALSE);
  cairo_set_line_cap (r->cr, CAIRO_LINE_CAP_BUTT);
}

void
imp_render_dot (Render *r, PhysVec2 c, double radius, ImpRgba color)
{
  cairo_new_sub_path (r->cr);
  cairo_arc (r->cr, c.x, c.y, radius, 0.0, 2.0 * G_PI);
  imp_rgba_set_source (r->cr, color);
  imp_draw_fill (r->cr);
}

void
imp_render_ring (Render *r, PhysVec2 c, double radius, ImpRgba color, double width, gboolean dashed)
{
  cairo_new_sub_path (r->cr);
  cairo_arc (r->cr, c.x, c.y, radius, 0.0, 2.0 * G_PI);
  cairo_set_line_width (r->cr, width);
  imp_render_set_dash (r->cr, dashed);
  imp_rgba_set_source (r->cr, color);
  imp_draw_stroke (r->cr);
  imp_render_set_dash (r->cr, FALSE);
}

/* A spring's fixed anchor: a small square, filled and outlined. */
void
imp_render_anchor_square (cairo_t *cr, PhysVec2 c, ImpRgba fill, ImpRgba stroke)
{
  cairo_rectangle (cr, c.x - 4.0, c.y - 4.0, 8.0, 8.0);
  imp_rgba_set_source (cr, fill);
  imp_draw_fill_preserve (cr);
  cairo_set_line_width (cr, 1.5);
  imp_rgba_set_source (cr, stroke);
  imp_draw_stroke (cr);
}

/* Appends an arrowhead with its tip at b to the current path. */
void
imp_render_head_path (cairo_t *cr, PhysVec2 a, PhysVec2 b, double head)
{
  PhysVec2 u = phys_v2_unit (phys_v2_sub (b, a));
  PhysVec2 n = phys_v2_left_normal (u);
  PhysVec2 base = phys_v2_add_scaled (b, u, -head);
  double half = ARROW_HALF_WIDTH_PX * head / ARROW_HEAD_PX;

  cairo_move_to (cr, b.x, b.y);
  cairo_line_to (cr, base.x + n.x * half, base.y + n.y * half);
  cairo_line_to (cr, base.x - n.x * half, base.y - n.y * half);
  cairo_close_path (cr);
}

/* An arrow from a to b with its tip exactly at b; it also becomes an obstacle. */
void
imp_render_arrow (Render *r, PhysVec2 a, PhysVec2 b, ImpRgba color, double width, gboolean dashed,
                  gboolean halo)
{
  cairo_t *cr = r->cr;
  double len = phys_v2_len (phys_v2_sub (b, a));

  if (!(len >= 1.0) || !isfinite (len))
    return;
  double head = fmin (ARROW_HEAD_PX, len);
  PhysVec2 u = phys_v2_scale (phys_v2_sub (b, a), 1.0 / len);
  PhysVec2 shaft_end = phys_v2_add_scaled (b, u, -head * 0.8);

  if (halo)
    imp_render_halo (r, a, b, width);
  if (len > head)
    imp_render_line (r, a, shaft_end, color, width, dashed);
  imp_render_head_path (cr, a, b, head);
  imp_rgba_set_source (cr, color);
  imp_draw_fill (cr);
  imp_render_obstacle_line (r, a, b, ARROW_HALF_WIDTH_PX);
}
