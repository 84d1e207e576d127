/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export.c: figures and data exported headless (ui/imp-export.h), and the
 * `impulse export` command.
 *
 * The SVG is read back with GLib's markup parser: circles are found from the
 * paths cairo writes for arcs (closed runs of Bézier curves whose ends lie on
 * one circle), labels from the glyphs it places. Positions are checked against
 * the physics: the scale is a circle's drawn radius over its radius, and every
 * other body must then sit where the world says. PNG pixels are read where the
 * SVG of the same figure puts the circles; PDF pages are counted in the file.
 * The command-line tests run the program next door in the build tree.
 */
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#include "imp-export-options.h"
#include "imp-recording.h"
#include "imp-scene.h"
#include "imp-theme.h"
#include "test-util.h"

/* Helpers: scenes and recordings */

static char *
scene_path (const char *name)
{
  const char *dir = g_getenv ("IMPULSE_SCENES_DIR");

  if (dir != NULL)
    return g_build_filename (dir, name, NULL);
  return g_test_build_filename (G_TEST_DIST, "..", "lessons", "scenes", name, NULL);
}

static char *
cli_data_path (const char *dir, const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

/* A recording of a scene file with @frames frames. */
static PhysTimeline *
record_file (const char *path, gint64 frames)
{
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_file (path, &error);

  g_assert_no_error (error);
  PhysTimeline *timeline = phys_timeline_new (world, NULL);
  phys_world_free (world);
  while (phys_timeline_length (timeline) < frames)
    g_assert_cmpint (phys_timeline_record (timeline, frames - phys_timeline_length (timeline)), >,
                     0);
  return timeline;
}

static PhysTimeline *
record_seed000 (void)
{
  g_autofree char *path = scene_path ("seed000-swept-circles.json");
  return record_file (path, 4);
}

static PhysTimeline *
record_pairs (void)
{
  g_autofree char *path = cli_data_path ("cli", "pairs.json");
  return record_file (path, 4);
}

static GBytes *
export_bytes (PhysTimeline *timeline, const ImpExportOptions *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
  GBytes *bytes = imp_export_to_bytes (frames, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

/* Seed 000's world as the scene file gives it. */
static const PhysVec2 SEED000_C1 = { 240.0, 300.0 };
static const PhysVec2 SEED000_C2 = { 360.0, 306.0 };
static const double SEED000_R1 = 12.0;
static const double SEED000_R2 = 8.0;

/* Helpers: reading an SVG */

typedef struct
{
  double x, y, r;
} Circle;

typedef struct
{
  int symbol_depth;    /* inside <symbol>: glyph outlines, not drawing */
  GArray *circles;     /* distinct circles drawn */
  int glyph_uses;      /* glyphs placed as outlines: none, since text is text */
  GPtrArray *texts;    /* the content of every <text> element */
  GString *reading;    /* the <text> being read, or NULL */
  int images;          /* <image>: raster fallbacks, never wanted */
  gboolean has_title;
  gboolean has_desc;
  int clip_depth;      /* inside <clipPath>: an outline, not drawing */
  GArray *elements;    /* every <path> and <text> drawn, in document order */
} Svg;

/* A <path> with its bounds, or a <text> with its anchor and index in Svg.texts. */
typedef struct
{
  gboolean is_text;
  gboolean filled;
  double x0, y0, x1, y1;
  guint text;
} SvgElement;

static void
add_circle (Svg *svg, Circle c)
{
  for (guint i = 0; i < svg->circles->len; i++)
    {
      const Circle *o = &g_array_index (svg->circles, Circle, i);
      /* A fill and a stroke of the same circle are one circle. */
      if (fabs (o->x - c.x) < 0.01 && fabs (o->y - c.y) < 0.01 && fabs (o->r - c.r) < 0.01)
        return;
    }
  g_array_append_val (svg->circles, c);
}

/* A subpath is a circle when it is made of curves only (at least four), it
 * closes, and the ends of its curves are evenly around their centroid. */
static void
check_subpath (Svg *svg, const GArray *ends, int curves, int lines)
{
  if (curves < 4 || lines > 0 || ends->len < 5)
    return;
  const PhysVec2 *p = (const PhysVec2 *) ends->data;
  guint n = ends->len - 1; /* the last end is the first point again */
  if (phys_v2_len (phys_v2_sub (p[0], p[n])) > 0.01)
    return;
  PhysVec2 c = { 0.0, 0.0 };
  for (guint i = 0; i < n; i++)
    c = phys_v2_add_scaled (c, p[i], 1.0 / n);
  double r = phys_v2_len (phys_v2_sub (p[0], c));
  for (guint i = 1; i < n; i++)
    if (fabs (phys_v2_len (phys_v2_sub (p[i], c)) - r) > 0.01 + 1e-4 * r)
      return;
  add_circle (svg, (Circle){ c.x, c.y, r });
}

static void
read_path (Svg *svg, const char *d)
{
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (PhysVec2));
  const char *s = d;
  char command = 0;
  int curves = 0, lines = 0;

  for (;;)
    {
      while (*s == ' ' || *s == ',' || *s == '\n')
        s++;
      if (*s == '\0' || g_ascii_isalpha (*s))
        {
          char next = *s;
          if (next == 'M' || next == '\0')
            {
              check_subpath (svg, ends, curves, lines);
              g_array_set_size (ends, 0);
              curves = lines = 0;
            }
          if (next == '\0')
            return;
          command = next;
          s++;
          if (command == 'Z')
            {
              /* Closing draws a line back unless the path is already there. */
              const PhysVec2 *p = (const PhysVec2 *) ends->data;
              if (ends->len > 1 && phys_v2_len (phys_v2_sub (p[0], p[ends->len - 1])) > 0.01)
                lines++;
            }
          continue;
        }
      double v[6];
      int count = command == 'C' ? 6 : 2;
      for (int i = 0; i < count; i++)
        {
          char *end = NULL;
          while (*s == ' ' || *s == ',')
            s++;
          v[i] = g_ascii_strtod (s, &end);
          g_assert_true (end != s);
          s = end;
        }
      PhysVec2 point = phys_v2 (v[count - 2], v[count - 1]);
      g_array_append_val (ends, point);
      if (command == 'C')
        curves++;
      else if (command == 'L')
        lines++;
    }
}

/* The bounds of a path's points (its curves' control points included). */
static void
path_bounds (const char *d, SvgElement *e)
{
  gboolean x = TRUE;
  double last_x = 0.0;

  for (const char *s = d; *s != '\0';)
    {
      char *end = NULL;
      double v = g_ascii_strtod (s, &end);
      if (end == s)
        {
          s++;
          continue;
        }
      s = end;
      if (x)
        last_x = v;
      else
        {
          e->x0 = MIN (e->x0, last_x);
          e->x1 = MAX (e->x1, last_x);
          e->y0 = MIN (e->y0, v);
          e->y1 = MAX (e->y1, v);
        }
      x = !x;
    }
}

static const char *
attribute (const char **names, const char **values, const char *name)
{
  for (int i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

static void
svg_start (GMarkupParseContext *context, const char *element, const char **names,
           const char **values, gpointer data, GError **error)
{
  Svg *svg = data;

  if (g_str_equal (element, "symbol"))
    svg->symbol_depth++;
  else if (g_str_equal (element, "title"))
    svg->has_title = TRUE;
  else if (g_str_equal (element, "desc"))
    svg->has_desc = TRUE;
  else if (g_str_equal (element, "image"))
    svg->images++;
  else if (g_str_equal (element, "clipPath"))
    svg->clip_depth++;
  if (svg->symbol_depth > 0 || svg->clip_depth > 0)
    return;
  if (g_str_equal (element, "path"))
    {
      const char *d = attribute (names, values, "d");
      const char *fill = attribute (names, values, "fill");
      if (d != NULL)
        {
          read_path (svg, d);
          SvgElement e = { FALSE, fill != NULL && !g_str_equal (fill, "none"), INFINITY, INFINITY,
                           -INFINITY, -INFINITY, 0 };
          path_bounds (d, &e);
          g_array_append_val (svg->elements, e);
        }
    }
  else if (g_str_equal (element, "use"))
    {
      const char *href = attribute (names, values, "xlink:href");
      if (href != NULL && g_str_has_prefix (href, "#glyph"))
        svg->glyph_uses++;
    }
  else if (g_str_equal (element, "text"))
    {
      const char *x = attribute (names, values, "x"), *y = attribute (names, values, "y");
      SvgElement e = { TRUE, TRUE, 0.0, 0.0, 0.0, 0.0, svg->texts->len };
      e.x0 = e.x1 = x != NULL ? g_ascii_strtod (x, NULL) : NAN;
      e.y0 = e.y1 = y != NULL ? g_ascii_strtod (y, NULL) : NAN;
      g_array_append_val (svg->elements, e);
      svg->reading = g_string_new (NULL);
    }
}

static void
svg_chars (GMarkupParseContext *context, const char *text, gsize length, gpointer data,
           GError **error)
{
  Svg *svg = data;
  if (svg->reading != NULL)
    g_string_append_len (svg->reading, text, (gssize) length);
}

/* True when some <text> element says exactly this. */
static gboolean
svg_says (const Svg *svg, const char *text)
{
  for (guint i = 0; i < svg->texts->len; i++)
    if (g_str_equal (g_ptr_array_index (svg->texts, i), text))
      return TRUE;
  return FALSE;
}

/* True when some <text> element contains this. */
static gboolean
svg_mentions (const Svg *svg, const char *text)
{
  for (guint i = 0; i < svg->texts->len; i++)
    if (strstr (g_ptr_array_index (svg->texts, i), text) != NULL)
      return TRUE;
  return FALSE;
}

static void
svg_end (GMarkupParseContext *context, const char *element, gpointer data, GError **error)
{
  Svg *svg = data;

  if (g_str_equal (element, "symbol"))
    svg->symbol_depth--;
  else if (g_str_equal (element, "clipPath"))
    svg->clip_depth--;
  else if (g_str_equal (element, "text") && svg->reading != NULL)
    g_ptr_array_add (svg->texts, g_string_free (g_steal_pointer (&svg->reading), FALSE));
}

static void
svg_read (Svg *svg, GBytes *bytes)
{
  static const GMarkupParser parser = { svg_start, svg_end, svg_chars, NULL, NULL };
  g_autoptr (GError) error = NULL;
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  memset (svg, 0, sizeof *svg);
  svg->circles = g_array_new (FALSE, FALSE, sizeof (Circle));
  svg->texts = g_ptr_array_new_with_free_func (g_free);
  svg->elements = g_array_new (FALSE, FALSE, sizeof (SvgElement));
  GMarkupParseContext *context = g_markup_parse_context_new (&parser, 0, svg, NULL);
  /* GMarkup takes no <?xml ...?> declaration's encoding: it only reads UTF-8,
   * which is what cairo writes. */
  g_assert_true (g_str_has_prefix (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
  g_markup_parse_context_parse (context, text, (gssize) length, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  g_markup_parse_context_free (context);
}

static void
svg_clear (Svg *svg)
{
  g_array_unref (svg->circles);
  g_ptr_array_unref (svg->texts);
  g_array_unref (svg->elements);
}

static const Circle *
svg_circle (const Svg *svg, guint i)
{
  return &g_array_index (svg->circles, Circle, i);
}

/* The drawn circle nearest a point, pixels. */
static const Circle *
nearest_circle (const Svg *svg, PhysVec2 p, double r)
{
  const Circle *best = NULL;
  double best_d = INFINITY;

  for (guint i = 0; i < svg->circles->len; i++)
    {
      const Circle *c = svg_circle (svg, i);
      double d = hypot (c->x - p.x, c->y - p.y) + fabs (c->r - r);
      if (d < best_d)
        {
          best_d = d;
          best = c;
        }
    }
  return best;
}

/* How many distinct circles of a radius are drawn, pixels. */
static guint
count_radius (const Svg *svg, double r)
{
  guint n = 0;

  for (guint i = 0; i < svg->circles->len; i++)
    if (fabs (svg_circle (svg, i)->r - r) < 0.01)
      n++;
  return n;
}

/* Scale and offset of a figure's transform, from seed 000's c1 at its start
 * (the largest circle, and of those the leftmost: c1 only ever moves right or
 * back up from there): its drawn radius over its radius, then its centre. */
typedef struct
{
  double scale;
  PhysVec2 offset;
} Transform;

static Transform
seed000_transform (const Svg *svg)
{
  const Circle *c1 = NULL;

  for (guint i = 0; i < svg->circles->len; i++)
    {
      const Circle *c = svg_circle (svg, i);
      /* Radii read back from the curves differ in the last digits. */
      gboolean same_radius = c1 != NULL && fabs (c->r - c1->r) < 0.01;
      if (c1 == NULL || (!same_radius && c->r > c1->r) || (same_radius && c->x < c1->x))
        c1 = c;
    }
  g_assert_nonnull (c1);
  Transform t = { c1->r / SEED000_R1, { 0.0, 0.0 } };
  t.offset = phys_v2 (c1->x - t.scale * SEED000_C1.x, c1->y - t.scale * SEED000_C1.y);
  return t;
}

static PhysVec2
to_px (Transform t, PhysVec2 world)
{
  return phys_v2 (t.offset.x + t.scale * world.x, t.offset.y + t.scale * world.y);
}

static void
assert_circle_at (const Svg *svg, Transform t, PhysVec2 world, double radius)
{
  PhysVec2 p = to_px (t, world);
  const Circle *c = nearest_circle (svg, p, radius * t.scale);

  g_assert_nonnull (c);
  g_assert_cmpfloat_with_epsilon (c->x, p.x, 0.02);
  g_assert_cmpfloat_with_epsilon (c->y, p.y, 0.02);
  g_assert_cmpfloat_with_epsilon (c->r, radius * t.scale, 0.02);
}

/* The first event of seed 000: c1 meets c2 at t = 0.503 of frame 0. */
static PhysEvent
seed000_event (void)
{
  g_autofree char *path = scene_path ("seed000-swept-circles.json");
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_file (path, &error);
  PhysEventLog log;

  g_assert_no_error (error);
  phys_event_log_init (&log);
  phys_world_step (world, &log);
  g_assert_cmpuint (log.count, ==, 1);
  PhysEvent event = log.events[0];
  phys_event_log_free (&log);
  phys_world_free (world);
  return event;
}

/* Options: overlays and moments */

static void
test_overlays_parse (void)
{
  ImpOverlays overlays = IMP_OVERLAY_ALL;
  g_autoptr (GError) error = NULL;

  g_assert_true (imp_export_parse_overlays ("velocity,contact", &overlays, &error));
  g_assert_no_error (error);
  g_assert_cmpint (overlays, ==, IMP_OVERLAY_VELOCITY | IMP_OVERLAY_CONTACT);
  g_assert_true (imp_export_parse_overlays (" default , ids,-legend", &overlays, NULL));
  g_assert_cmpint (overlays, ==, (IMP_OVERLAY_DEFAULT | IMP_OVERLAY_IDS) & ~IMP_OVERLAY_LEGEND);
  /* A list that starts by taking away starts from the default set. */
  g_assert_true (imp_export_parse_overlays ("-legend", &overlays, NULL));
  g_assert_cmpint (overlays, ==, IMP_OVERLAY_DEFAULT & ~IMP_OVERLAY_LEGEND);
  g_assert_true (imp_export_parse_overlays ("none", &overlays, NULL));
  g_assert_cmpint (overlays, ==, IMP_OVERLAY_NONE);
  g_assert_true (imp_export_parse_overlays ("all,-trails", &overlays, NULL));
  g_assert_cmpint (overlays, ==, IMP_OVERLAY_ALL & ~IMP_OVERLAY_TRAILS);
  g_assert_true (imp_export_parse_overlays ("relative-velocity,ghost-branch", &overlays, NULL));
  g_assert_cmpint (overlays, ==, IMP_OVERLAY_RELATIVE_VELOCITY | IMP_OVERLAY_GHOST_BRANCH);
}

static void
test_overlays_unknown (void)
{
  ImpOverlays overlays = IMP_OVERLAY_DEFAULT;
  g_autoptr (GError) error = NULL;

  g_assert_false (imp_export_parse_overlays ("velocty,contact", &overlays, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_OVERLAY);
  g_assert_nonnull (strstr (error->message, "unknown overlay 'velocty'"));
  g_assert_nonnull (strstr (error->message, "did you mean 'velocity'?"));
  /* Every valid name is listed. */
  g_autofree char *names = imp_export_overlay_names ();
  g_assert_nonnull (strstr (error->message, names));
  g_assert_nonnull (strstr (names, "ghost-branch"));
  g_assert_cmpint (overlays, ==, IMP_OVERLAY_DEFAULT);
  g_clear_error (&error);

  g_assert_false (imp_export_parse_overlays (" , ", &overlays, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_OVERLAY);
}

static void
test_format_from_path (void)
{
  ImpExportFormat format;

  g_assert_true (imp_export_format_from_path ("a/b/figure.SVG", &format));
  g_assert_cmpint (format, ==, IMP_EXPORT_FORMAT_SVG);
  g_assert_true (imp_export_format_from_path ("pages.pdf", &format));
  g_assert_cmpint (format, ==, IMP_EXPORT_FORMAT_PDF);
  g_assert_true (imp_export_format_from_path ("x.png", &format));
  g_assert_cmpint (format, ==, IMP_EXPORT_FORMAT_PNG);
  g_assert_true (imp_export_format_from_path ("x.csv", &format));
  g_assert_cmpint (format, ==, IMP_EXPORT_FORMAT_CSV);
  g_assert_true (imp_export_format_from_path ("trace.jsonl", &format));
  g_assert_cmpint (format, ==, IMP_EXPORT_FORMAT_JSONL);
  g_assert_false (imp_export_format_from_path ("x.gif", &format));
  g_assert_false (imp_export_format_from_path ("svg", &format));
}

/* Options by name: the table and the parser the command line and the dialog share */

static void
test_options_table (void)
{
  /* Every option of a figure suits the three figure formats and no data format. */
  static const ImpExportOption figure_only[] = {
    IMP_EXPORT_OPTION_T,        IMP_EXPORT_OPTION_STOP,       IMP_EXPORT_OPTION_EVENT,
    IMP_EXPORT_OPTION_STROBE,   IMP_EXPORT_OPTION_EXPOSURES,  IMP_EXPORT_OPTION_OVERLAYS,
    IMP_EXPORT_OPTION_FIT,      IMP_EXPORT_OPTION_SIZE,       IMP_EXPORT_OPTION_SCALE,
    IMP_EXPORT_OPTION_BACKGROUND, IMP_EXPORT_OPTION_TITLE,    IMP_EXPORT_OPTION_CAPTION,
    IMP_EXPORT_OPTION_SAT_AXIS,
  };
  for (gsize i = 0; i < G_N_ELEMENTS (figure_only); i++)
    {
      g_assert_true (imp_export_option_suits (figure_only[i], IMP_EXPORT_FORMAT_SVG));
      g_assert_true (imp_export_option_suits (figure_only[i], IMP_EXPORT_FORMAT_PDF));
      g_assert_true (imp_export_option_suits (figure_only[i], IMP_EXPORT_FORMAT_PNG));
      g_assert_false (imp_export_option_suits (figure_only[i], IMP_EXPORT_FORMAT_CSV));
      g_assert_false (imp_export_option_suits (figure_only[i], IMP_EXPORT_FORMAT_JSONL));
    }
  /* Pages only in a PDF; --frames also picks the frames of data. */
  g_assert_false (imp_export_option_suits (IMP_EXPORT_OPTION_FRAMES, IMP_EXPORT_FORMAT_SVG));
  g_assert_true (imp_export_option_suits (IMP_EXPORT_OPTION_FRAMES, IMP_EXPORT_FORMAT_PDF));
  g_assert_false (imp_export_option_suits (IMP_EXPORT_OPTION_FRAMES, IMP_EXPORT_FORMAT_PNG));
  g_assert_true (imp_export_option_suits (IMP_EXPORT_OPTION_FRAMES, IMP_EXPORT_FORMAT_CSV));
  g_assert_true (imp_export_option_suits (IMP_EXPORT_OPTION_DATA, IMP_EXPORT_FORMAT_JSONL));
  g_assert_false (imp_export_option_suits (IMP_EXPORT_OPTION_DATA, IMP_EXPORT_FORMAT_PDF));
  for (int f = IMP_EXPORT_FORMAT_SVG; f <= IMP_EXPORT_FORMAT_JSONL; f++)
    g_assert_true (imp_export_option_suits (IMP_EXPORT_OPTION_FRAME, (ImpExportFormat) f));

  const ImpExportOptionInfo *info = imp_export_option_info (IMP_EXPORT_OPTION_BACKGROUND);
  g_assert_cmpstr (info->name, ==, "background");
  g_assert_cmpstr (info->choices[2], ==, "transparent");
  g_assert_null (info->choices[3]);
  g_assert_cmpint (imp_export_option_choice (IMP_EXPORT_OPTION_BACKGROUND, "dark"), ==, 1);
  g_assert_cmpint (imp_export_option_choice (IMP_EXPORT_OPTION_BACKGROUND, "black"), ==, -1);
}

static void
test_options_parse (void)
{
  const char *values[IMP_EXPORT_N_OPTIONS] = { NULL };
  ImpExportOptions o;
  g_autoptr (GError) error = NULL;

  /* A strobe at a time in its frame, on a dark page of 800 x 600 at 2x. */
  values[IMP_EXPORT_OPTION_FRAME] = "3";
  values[IMP_EXPORT_OPTION_STROBE] = "1..4";
  values[IMP_EXPORT_OPTION_EXPOSURES] = "3";
  values[IMP_EXPORT_OPTION_T] = "0.25";
  values[IMP_EXPORT_OPTION_EVENT] = "none";
  values[IMP_EXPORT_OPTION_SIZE] = "800x600";
  values[IMP_EXPORT_OPTION_SCALE] = "2";
  values[IMP_EXPORT_OPTION_BACKGROUND] = "dark";
  values[IMP_EXPORT_OPTION_FIT] = "world";
  values[IMP_EXPORT_OPTION_OVERLAYS] = "velocity,ids";
  values[IMP_EXPORT_OPTION_TITLE] = "Title";
  g_assert_true (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_PNG, values, &error));
  g_assert_no_error (error);
  g_assert_cmpint (o.kind, ==, IMP_EXPORT_KIND_STROBE);
  g_assert_cmpint (o.format, ==, IMP_EXPORT_FORMAT_PNG);
  g_assert_cmpint (o.frame, ==, 3);
  g_assert_cmpint (o.first, ==, 1);
  g_assert_cmpint (o.last, ==, 4);
  g_assert_cmpint (o.exposures, ==, 3);
  g_assert_cmpint (o.moment, ==, IMP_EXPORT_AT_TIME);
  g_assert_cmpfloat (o.t, ==, 0.25);
  g_assert_cmpint (o.event, ==, IMP_EXPORT_EVENT_NONE);
  g_assert_cmpint (o.width, ==, 800);
  g_assert_cmpint (o.height, ==, 600);
  g_assert_cmpfloat (o.scale, ==, 2.0);
  g_assert_cmpint (o.background, ==, IMP_EXPORT_BACKGROUND_DARK);
  g_assert_cmpint (o.fit, ==, IMP_EXPORT_FIT_WORLD);
  g_assert_cmpint (o.overlays, ==, IMP_OVERLAY_VELOCITY | IMP_OVERLAY_IDS);
  g_assert_cmpstr (o.title, ==, "Title");
  g_assert_null (o.caption);

  /* Pages of a PDF at a stop. */
  memset (values, 0, sizeof values);
  values[IMP_EXPORT_OPTION_FRAMES] = "2..5";
  values[IMP_EXPORT_OPTION_STOP] = "after";
  g_assert_true (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_PDF, values, &error));
  g_assert_cmpint (o.kind, ==, IMP_EXPORT_KIND_PAGES);
  g_assert_cmpint (o.first, ==, 2);
  g_assert_cmpint (o.last, ==, 5);
  g_assert_cmpint (o.moment, ==, IMP_EXPORT_AT_AFTER);
  g_assert_cmpint (imp_export_page_count (&o), ==, 4);

  /* Data: JSON Lines hold both by default, a CSV file the states; --frame K is K..K. */
  memset (values, 0, sizeof values);
  values[IMP_EXPORT_OPTION_FRAME] = "7";
  g_assert_true (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_JSONL, values, &error));
  g_assert_cmpint (o.kind, ==, IMP_EXPORT_KIND_TRACE);
  g_assert_cmpint (o.first, ==, 7);
  g_assert_cmpint (o.last, ==, 7);
  g_assert_true (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_CSV, values, &error));
  g_assert_cmpint (o.kind, ==, IMP_EXPORT_KIND_STATES);
  values[IMP_EXPORT_OPTION_DATA] = "events";
  g_assert_true (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_CSV, values, &error));
  g_assert_cmpint (o.kind, ==, IMP_EXPORT_KIND_EVENTS);
  g_assert_no_error (error);

  /* Both tables do not fit one CSV file: the rule of imp_export_check_options(). */
  values[IMP_EXPORT_OPTION_DATA] = "both";
  g_assert_false (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_CSV, values, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT);
  g_clear_error (&error);

  /* An option that does not suit the format names both. */
  values[IMP_EXPORT_OPTION_DATA] = NULL;
  values[IMP_EXPORT_OPTION_CAPTION] = "x";
  g_assert_false (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_CSV, values, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_OPTION);
  g_assert_cmpstr (error->message, ==,
                   "--caption is for figures (.svg, .pdf, .png), not for a .csv file");
  g_clear_error (&error);

  /* --sat-axis: all, or an axis from 1 to PHYS_SAT_MAX_AXES (32). */
  memset (values, 0, sizeof values);
  values[IMP_EXPORT_OPTION_FRAME] = "0";
  values[IMP_EXPORT_OPTION_SAT_AXIS] = "6";
  g_assert_true (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_SVG, values, &error));
  g_assert_cmpint (o.sat_axis, ==, 6);
  values[IMP_EXPORT_OPTION_SAT_AXIS] = "all";
  g_assert_true (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_SVG, values, &error));
  g_assert_cmpint (o.sat_axis, ==, 0);
  static const char *const bad_axes[] = { "0", "33", "-1", "2x", "" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad_axes); i++)
    {
      values[IMP_EXPORT_OPTION_SAT_AXIS] = bad_axes[i];
      g_assert_false (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_PNG, values, &error));
      g_autofree char *want = g_strdup_printf (
          "--sat-axis expects all or an axis's number from 1 to 32, not '%s'", bad_axes[i]);
      g_assert_cmpstr (error->message, ==, want);
      g_clear_error (&error);
    }

  /* Out of range: a time outside the frame, a strobe longer than the limit. */
  memset (values, 0, sizeof values);
  values[IMP_EXPORT_OPTION_FRAME] = "0";
  values[IMP_EXPORT_OPTION_T] = "-0.5";
  g_assert_false (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_SVG, values, &error));
  g_assert_cmpstr (error->message, ==, "--t expects a number from 0 to 1, not '-0.5'");
  g_clear_error (&error);
  values[IMP_EXPORT_OPTION_T] = NULL;
  values[IMP_EXPORT_OPTION_STROBE] = "0..30";
  g_assert_false (imp_export_options_parse (&o, IMP_EXPORT_FORMAT_SVG, values, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME);
  g_assert_cmpstr (error->message, ==, "the strobe spans 31 frames; at most 24 are allowed");
}

/* SVG */

static void
test_svg_parses (void)
{
  PhysTimeline *timeline = record_seed000 ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.title = "Two fast circles";
  options.caption = "They touch at t = 0.503 & bounce <apart>.";
  g_autoptr (GBytes) bytes = export_bytes (timeline, &options);
  svg_read (&svg, bytes);
  g_assert_true (svg.has_title);
  g_assert_true (svg.has_desc);
  /* Vector stays vector: no raster fallback anywhere. */
  g_assert_cmpint (svg.images, ==, 0);
  /* Text is text: labels, legend, title and caption as <text>, no glyph outlines. */
  g_assert_cmpint (svg.glyph_uses, ==, 0);
  g_assert_cmpuint (svg.texts->len, >, 10);
  g_assert_true (svg_says (&svg, "Two fast circles"));
  g_assert_true (svg_mentions (&svg, "They touch at t = 0.503 & bounce <apart>."));
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), -1, "width=\"1200px\""));
  svg_clear (&svg);
  phys_timeline_free (timeline);
}

/* Bodies only: exactly the two circles, where the world has them. With the
 * ghosts at the time of impact, two more, where the sweep says they touch. */
static void
test_svg_circles (void)
{
  PhysTimeline *timeline = record_seed000 ();
  PhysEvent event = seed000_event ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.overlays = IMP_OVERLAY_NONE;
  g_autoptr (GBytes) bodies = export_bytes (timeline, &options);
  svg_read (&svg, bodies);
  g_assert_cmpuint (svg.circles->len, ==, 2);
  Transform t = seed000_transform (&svg);
  g_assert_cmpfloat (t.scale, >, 1.0);
  assert_circle_at (&svg, t, SEED000_C1, SEED000_R1);
  assert_circle_at (&svg, t, SEED000_C2, SEED000_R2);
  svg_clear (&svg);

  options.overlays = IMP_OVERLAY_GHOSTS;
  g_autoptr (GBytes) ghosts = export_bytes (timeline, &options);
  svg_read (&svg, ghosts);
  g_assert_cmpuint (svg.circles->len, ==, 4);
  t = seed000_transform (&svg);
  assert_circle_at (&svg, t, SEED000_C2, SEED000_R2);
  const PhysCircleCircleSweep *sweep = &event.circle_circle.sweep;
  assert_circle_at (&svg, t, phys_v2_add_scaled (sweep->p1, sweep->v1, sweep->t), SEED000_R1);
  assert_circle_at (&svg, t, phys_v2_add_scaled (sweep->p2, sweep->v2, sweep->t), SEED000_R2);
  svg_clear (&svg);
  phys_timeline_free (timeline);
}

/* At t = 0.25, before the impact, each circle has moved a quarter of its
 * displacement; the world fit keeps the transform of t = 0. */
static void
test_svg_moment (void)
{
  PhysTimeline *timeline = record_seed000 ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.overlays = IMP_OVERLAY_NONE;
  options.fit = IMP_EXPORT_FIT_WORLD;
  g_autoptr (GBytes) start = export_bytes (timeline, &options);
  svg_read (&svg, start);
  Transform t = seed000_transform (&svg);
  svg_clear (&svg);

  options.moment = IMP_EXPORT_AT_TIME;
  options.t = 0.25;
  g_autoptr (GBytes) quarter = export_bytes (timeline, &options);
  svg_read (&svg, quarter);
  g_assert_cmpuint (svg.circles->len, ==, 2);
  assert_circle_at (&svg, t, phys_v2 (240.0 + 25.0, 300.0), SEED000_R1);
  assert_circle_at (&svg, t, phys_v2 (360.0 - 25.0, 306.0 - 0.5), SEED000_R2);
  svg_clear (&svg);

  /* The end of the frame is state 1, as the recording holds it. */
  options.moment = IMP_EXPORT_AT_END;
  g_autoptr (GBytes) end = export_bytes (timeline, &options);
  svg_read (&svg, end);
  const PhysWorld *state1 = phys_timeline_seek (timeline, 1);
  for (int i = 0; i < 2; i++)
    {
      PhysCircle c = phys_world_get_circle (state1, i);
      assert_circle_at (&svg, t, c.position, c.radius);
    }
  svg_clear (&svg);
  phys_timeline_free (timeline);
}

/* Labels are text elements: the title, then the names of c1 and c2; the
 * selected event's verdict ("t = 0.503 hit") is drawn whatever the overlays. */
static void
test_svg_labels (void)
{
  PhysTimeline *timeline = record_seed000 ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.overlays = IMP_OVERLAY_NONE;
  options.event = IMP_EXPORT_EVENT_NONE;
  options.title = "Impulse";
  g_autoptr (GBytes) title = export_bytes (timeline, &options);
  svg_read (&svg, title);
  g_assert_cmpuint (svg.texts->len, ==, 1);
  g_assert_true (svg_says (&svg, "Impulse"));
  svg_clear (&svg);

  options.overlays = IMP_OVERLAY_IDS;
  g_autoptr (GBytes) names = export_bytes (timeline, &options);
  svg_read (&svg, names);
  g_assert_cmpuint (svg.texts->len, ==, 3);
  g_assert_true (svg_says (&svg, "c1"));
  g_assert_true (svg_says (&svg, "c2"));
  svg_clear (&svg);

  options.event = 0;
  g_autoptr (GBytes) verdict = export_bytes (timeline, &options);
  svg_read (&svg, verdict);
  g_assert_true (svg_mentions (&svg, "t = 0.503"));
  svg_clear (&svg);
  phys_timeline_free (timeline);
}

/* A strobe of frame 0 with one exposure per frame: the two circles at the
 * start, at the end, and solid at the impact. Four exposures per frame add the
 * quarters. */
static void
test_svg_strobe (void)
{
  PhysTimeline *timeline = record_seed000 ();
  PhysEvent event = seed000_event ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.kind = IMP_EXPORT_KIND_STROBE;
  options.first = options.last = 0;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.overlays = IMP_OVERLAY_NONE;
  g_autoptr (GBytes) one = export_bytes (timeline, &options);
  svg_read (&svg, one);
  g_assert_cmpuint (svg.circles->len, ==, 6);
  g_assert_cmpint (svg.images, ==, 0);
  Transform t = seed000_transform (&svg);
  assert_circle_at (&svg, t, SEED000_C2, SEED000_R2);
  assert_circle_at (&svg, t, event.circle_circle.p1, SEED000_R1);
  assert_circle_at (&svg, t, event.circle_circle.p2, SEED000_R2);
  svg_clear (&svg);

  options.exposures = 4;
  g_autoptr (GBytes) four = export_bytes (timeline, &options);
  svg_read (&svg, four);
  g_assert_cmpuint (svg.circles->len, ==, 5 * 2 + 2);
  g_assert_cmpuint (count_radius (&svg, svg_circle (&svg, 0)->r), >=, 3);
  t = seed000_transform (&svg);
  assert_circle_at (&svg, t, phys_v2 (240.0 + 25.0, 300.0), SEED000_R1);
  svg_clear (&svg);
  phys_timeline_free (timeline);
}

/* The same export twice in one process gives the same bytes: nothing in the
 * document counts across documents (cairo's SVG surfaces numbered their groups
 * after a counter of the process). */
static void
test_svg_same_bytes (void)
{
  PhysTimeline *timeline = record_seed000 ();
  ImpExportOptions options;

  imp_export_options_init (&options);
  options.kind = IMP_EXPORT_KIND_STROBE;
  options.first = options.last = 0;
  options.exposures = 2;
  options.moment = IMP_EXPORT_AT_BEFORE;
  g_autoptr (GBytes) a = export_bytes (timeline, &options);
  g_autoptr (GBytes) b = export_bytes (timeline, &options);
  /* Ids are the document's own: the picture's clip is the first. */
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (a, NULL), -1, "<clipPath id=\"clip1\">"));
  g_assert_true (g_bytes_equal (a, b));
  phys_timeline_free (timeline);
}

/* PDF */

/* Occurrences of @text in binary data (PDF streams hold NUL bytes, where the
 * string functions stop). @next_not: a byte that may not follow, or 0. */
static int
count_in (GBytes *bytes, const char *text, char next_not)
{
  gsize length, n = strlen (text);
  const char *data = g_bytes_get_data (bytes, &length);
  int count = 0;

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, text, n) == 0
        && (next_not == 0 || i + n == length || data[i + n] != next_not))
      count++;
  return count;
}

/* cairo writes each page object uncompressed as "<< /Type /Page"; the page
 * tree is "/Type /Pages". */
static int
count_pdf_pages (GBytes *pdf)
{
  return count_in (pdf, "/Type /Page", 's');
}

static gboolean
pdf_has (GBytes *pdf, const char *text)
{
  return count_in (pdf, text, 0) > 0;
}

static void
test_pdf_pages (void)
{
  PhysTimeline *timeline = record_pairs ();
  ImpExportOptions options;

  imp_export_options_init (&options);
  options.format = IMP_EXPORT_FORMAT_PDF;
  options.frame = 1;
  g_autoptr (GBytes) figure = export_bytes (timeline, &options);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (figure, NULL), "%PDF-"));
  g_assert_cmpint (count_pdf_pages (figure), ==, 1);
  /* Text is text: fonts with a map back to Unicode, so it can be selected. */
  g_assert_true (pdf_has (figure, "/ToUnicode"));
  /* No date: the same export gives the same bytes. */
  g_assert_false (pdf_has (figure, "/CreationDate"));
  g_autoptr (GBytes) again = export_bytes (timeline, &options);
  g_assert_true (g_bytes_equal (figure, again));

  options.kind = IMP_EXPORT_KIND_PAGES;
  options.first = 0;
  options.last = 3;
  g_autoptr (GBytes) pages = export_bytes (timeline, &options);
  g_assert_cmpint (count_pdf_pages (pages), ==, 4);
  g_assert_cmpint (imp_export_page_count (&options), ==, 4);
  phys_timeline_free (timeline);
}

/* PNG */

static cairo_surface_t *
read_png (GBytes *bytes)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  int fd = g_file_open_tmp ("impulse-export-XXXXXX.png", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), NULL));
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  g_unlink (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

/* The pixel covering point p of the page, as 0..255 channels with alpha
 * (premultiplied colour divided out). */
static void
png_pixel (cairo_surface_t *surface, PhysVec2 p, int rgba[4])
{
  int x = (int) floor (p.x), y = (int) floor (p.y);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  guint32 v = *(const guint32 *) (data + (gsize) y * stride + (gsize) x * 4);
  int a = (int) (v >> 24);
  rgba[3] = a;
  for (int i = 0; i < 3; i++)
    {
      int c = (int) ((v >> (16 - 8 * i)) & 0xff);
      rgba[i] = a > 0 ? (c * 255 + a / 2) / a : 0;
    }
}

static void
assert_png_color (cairo_surface_t *surface, PhysVec2 p, ImpRgba color, int tolerance)
{
  int rgba[4];
  int want[3] = { (int) lround (color.r * 255), (int) lround (color.g * 255),
                  (int) lround (color.b * 255) };

  png_pixel (surface, p, rgba);
  g_assert_cmpint (rgba[3], ==, 255);
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (abs (rgba[i] - want[i]), <=, tolerance);
}

/* The requested size times the scale; the circle's colour at its centre, where
 * the SVG of the same figure (and the physics, test_svg_circles) puts it; the
 * page's colour in the corner. */
static void
test_png_size_and_pixels (gconstpointer data)
{
  ImpExportBackground background = GPOINTER_TO_INT (data);
  PhysTimeline *timeline = record_seed000 ();
  const ImpTheme *theme = imp_theme_get (background == IMP_EXPORT_BACKGROUND_DARK);
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.overlays = IMP_OVERLAY_NONE;
  options.width = 400;
  options.height = 300;
  options.scale = 2.0;
  options.background = background;
  g_autoptr (GBytes) vector = export_bytes (timeline, &options);
  svg_read (&svg, vector);
  Transform t = seed000_transform (&svg);
  svg_clear (&svg);

  options.format = IMP_EXPORT_FORMAT_PNG;
  g_autoptr (GBytes) png = export_bytes (timeline, &options);
  cairo_surface_t *surface = read_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 800);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 600);

  /* Both files are in their own pixels: two per page pixel at scale 2. */
  PhysVec2 c1 = to_px (t, SEED000_C1);
  PhysVec2 c2 = to_px (t, SEED000_C2);
  assert_png_color (surface, c1, theme->circle_fill, 2);
  assert_png_color (surface, c2, theme->circle_fill, 2);

  int rgba[4];
  png_pixel (surface, phys_v2 (1.0, 1.0), rgba);
  switch (background)
    {
    case IMP_EXPORT_BACKGROUND_TRANSPARENT:
      g_assert_cmpint (rgba[3], ==, 0);
      break;
    case IMP_EXPORT_BACKGROUND_DARK:
      assert_png_color (surface, phys_v2 (1.0, 1.0), theme->background, 1);
      break;
    case IMP_EXPORT_BACKGROUND_WHITE:
    default:
      assert_png_color (surface, phys_v2 (1.0, 1.0), (ImpRgba){ 1.0, 1.0, 1.0, 1.0 }, 0);
      break;
    }
  cairo_surface_destroy (surface);
  phys_timeline_free (timeline);
}

/* In a strobe the older moments are fainter: c1 at the start of the frame is
 * paler than c2 at its end, which is paler than the solid moment. */
static void
test_png_strobe_fades (void)
{
  PhysTimeline *timeline = record_seed000 ();
  PhysEvent event = seed000_event ();
  const ImpTheme *theme = imp_theme_get (FALSE);
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.kind = IMP_EXPORT_KIND_STROBE;
  options.first = options.last = 0;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.overlays = IMP_OVERLAY_NONE;
  g_autoptr (GBytes) vector = export_bytes (timeline, &options);
  svg_read (&svg, vector);
  Transform t = seed000_transform (&svg);
  svg_clear (&svg);

  options.format = IMP_EXPORT_FORMAT_PNG;
  g_autoptr (GBytes) png = export_bytes (timeline, &options);
  cairo_surface_t *surface = read_png (png);
  int start[4], end[4];
  png_pixel (surface, to_px (t, SEED000_C1), start);
  PhysVec2 c2_end = phys_world_get_circle (phys_timeline_seek (timeline, 1), 1).position;
  png_pixel (surface, to_px (t, c2_end), end);
  assert_png_color (surface, to_px (t, event.circle_circle.p1), theme->circle_fill, 2);
  /* Fill colours are darker than white in every channel; fading mixes in white. */
  for (int i = 0; i < 3; i++)
    {
      int solid = (int) lround ((&theme->circle_fill.r)[i] * 255);
      g_assert_cmpint (start[i], >, end[i]);
      g_assert_cmpint (end[i], >, solid);
      g_assert_cmpint (start[i], <, 255);
    }
  cairo_surface_destroy (surface);
  phys_timeline_free (timeline);
}

/* On a transparent page the faded moments are see-through, the solid one is not. */
static void
test_png_strobe_transparent (void)
{
  PhysTimeline *timeline = record_seed000 ();
  PhysEvent event = seed000_event ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.kind = IMP_EXPORT_KIND_STROBE;
  options.first = options.last = 0;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.overlays = IMP_OVERLAY_NONE;
  options.background = IMP_EXPORT_BACKGROUND_TRANSPARENT;
  options.format = IMP_EXPORT_FORMAT_PDF;
  g_autoptr (GBytes) pdf = export_bytes (timeline, &options);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 1);

  /* The layout is the white page's: read the circles there. */
  options.background = IMP_EXPORT_BACKGROUND_WHITE;
  options.format = IMP_EXPORT_FORMAT_SVG;
  g_autoptr (GBytes) vector = export_bytes (timeline, &options);
  svg_read (&svg, vector);
  Transform t = seed000_transform (&svg);
  svg_clear (&svg);

  options.background = IMP_EXPORT_BACKGROUND_TRANSPARENT;
  options.format = IMP_EXPORT_FORMAT_PNG;
  g_autoptr (GBytes) png = export_bytes (timeline, &options);
  cairo_surface_t *surface = read_png (png);
  int start[4];
  png_pixel (surface, to_px (t, SEED000_C1), start);
  g_assert_cmpint (start[3], >, 0);
  g_assert_cmpint (start[3], <, 128);
  assert_png_color (surface, to_px (t, event.circle_circle.p1), imp_theme_get (FALSE)->circle_fill,
                    2);
  cairo_surface_destroy (surface);
  phys_timeline_free (timeline);
}

/* SVG against PNG */

/* Text is written where it is drawn: each label's <text> right after the plate
 * under it (a filled path around its anchor), and more drawing after the first
 * text, so that what is drawn over a label stays over it. */
static void
test_svg_text_in_order (void)
{
  PhysTimeline *timeline = record_seed000 ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.overlays = IMP_OVERLAY_ALL;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.title = "Seed 000";
  g_autoptr (GBytes) bytes = export_bytes (timeline, &options);
  svg_read (&svg, bytes);

  guint first_text = G_MAXUINT, plated = 0, verdict = G_MAXUINT, paths_after = 0;
  for (guint i = 0; i < svg.elements->len; i++)
    {
      const SvgElement *e = &g_array_index (svg.elements, SvgElement, i);
      if (!e->is_text)
        {
          paths_after += first_text < i;
          continue;
        }
      first_text = MIN (first_text, i);
      const char *text = g_ptr_array_index (svg.texts, e->text);
      const SvgElement *before = i > 0 ? &g_array_index (svg.elements, SvgElement, i - 1) : NULL;
      gboolean on_plate = before != NULL && !before->is_text && before->filled
                          && e->x0 >= before->x0 && e->x0 <= before->x1 && e->y0 >= before->y0
                          && e->y0 <= before->y1;
      plated += on_plate;
      if (g_str_has_prefix (text, "t = 0.503") && strstr (text, "hit") != NULL)
        {
          verdict = i;
          g_assert_true (on_plate);
        }
    }
  g_test_message ("%u texts, %u on the plate drawn just before them, %u paths after the first",
                  svg.texts->len, plated, paths_after);
  g_assert_cmpuint (verdict, !=, G_MAXUINT);
  /* Every label of the math has its plate; the title and the legend's lines do not. */
  g_assert_cmpuint (plated, >=, 8);
  g_assert_cmpuint (first_text, <, svg.elements->len);
  /* The plates of the later labels and the legend's swatches come after the first text. */
  g_assert_cmpuint (paths_after, >=, plated);
  /* The title is drawn last, at the top left of the page. */
  const SvgElement *last = &g_array_index (svg.elements, SvgElement, svg.elements->len - 1);
  g_assert_true (last->is_text);
  g_assert_cmpstr (g_ptr_array_index (svg.texts, last->text), ==, "Seed 000");
  svg_clear (&svg);
  phys_timeline_free (timeline);
}

/* The SVG rendered by another program (rsvg-convert, librsvg), as PNG bytes, or
 * NULL when the program is not installed. */
static GBytes *
rsvg_render (GBytes *svg)
{
  g_autofree char *program = g_find_program_in_path ("rsvg-convert");
  g_autoptr (GError) error = NULL;
  GBytes *png = NULL;

  if (program == NULL)
    return NULL;
  g_autoptr (GSubprocess) process
      = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                          program, "--format", "png", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate (process, svg, NULL, &png, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (process));
  return png;
}

/* Share of the pixels of two pictures of one size whose colour or opacity differ
 * by more than 64 in some channel. */
static double
share_unlike (cairo_surface_t *one, cairo_surface_t *two)
{
  int w = cairo_image_surface_get_width (one), h = cairo_image_surface_get_height (one);
  long unlike = 0;

  g_assert_cmpint (cairo_image_surface_get_width (two), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (two), ==, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int a[4], b[4];
        png_pixel (one, phys_v2 (x + 0.5, y + 0.5), a);
        png_pixel (two, phys_v2 (x + 0.5, y + 0.5), b);
        for (int c = 0; c < 4; c++)
          if (abs (a[c] - b[c]) > 64 && (c == 3 || (a[3] > 64 && b[3] > 64)))
            {
              unlike++;
              break;
            }
      }
  return (double) unlike / ((double) w * h);
}

static void
assert_same_pixel (cairo_surface_t *one, cairo_surface_t *two, PhysVec2 p, int tolerance)
{
  int a[4], b[4];

  png_pixel (one, p, a);
  png_pixel (two, p, b);
  for (int c = 0; c < 4; c++)
    if (abs (a[c] - b[c]) > tolerance)
      g_error ("at (%.1f, %.1f): rgba %d %d %d %d against %d %d %d %d", p.x, p.y, a[0], a[1],
               a[2], a[3], b[0], b[1], b[2], b[3]);
}

/* The SVG drawn by librsvg looks like the PNG of the same figure: the same
 * colour at the bodies (inside each circle, below its centre, clear of the
 * arrows), on the page, and nearly everywhere else (text is drawn by two font
 * renderers). A strobe on a transparent page checks the faded groups. */
static void
test_svg_renders_like_png (gconstpointer data)
{
  gboolean strobe = GPOINTER_TO_INT (data);
  PhysTimeline *timeline = record_seed000 ();
  PhysEvent event = seed000_event ();
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.title = "Seed 000";
  options.caption = "Two circles, one swept test.";
  if (strobe)
    {
      options.kind = IMP_EXPORT_KIND_STROBE;
      options.first = options.last = 0;
      options.exposures = 2;
      options.overlays = IMP_OVERLAY_NONE;
    }
  /* The transform is read from the white page's SVG, whose start circles are solid. */
  ImpExportOptions white = options;
  white.kind = IMP_EXPORT_KIND_FIGURE;
  white.moment = IMP_EXPORT_AT_START;
  white.overlays = IMP_OVERLAY_NONE;
  g_autoptr (GBytes) layout = export_bytes (timeline, &white);
  svg_read (&svg, layout);
  Transform t = seed000_transform (&svg);
  svg_clear (&svg);

  if (strobe)
    options.background = IMP_EXPORT_BACKGROUND_TRANSPARENT;
  g_autoptr (GBytes) vector = export_bytes (timeline, &options);
  g_autoptr (GBytes) drawn = rsvg_render (vector);
  if (drawn == NULL)
    {
      g_test_skip ("rsvg-convert is not installed (Debian: librsvg2-bin)");
      phys_timeline_free (timeline);
      return;
    }
  options.format = IMP_EXPORT_FORMAT_PNG;
  g_autoptr (GBytes) pixels = export_bytes (timeline, &options);
  cairo_surface_t *a = read_png (drawn), *b = read_png (pixels);

  PhysVec2 below1 = phys_v2 (0.0, 0.5 * SEED000_R1), below2 = phys_v2 (0.0, 0.5 * SEED000_R2);
  const PhysCircleCircleSweep *sweep = &event.circle_circle.sweep;
  PhysVec2 bodies[] = {
    phys_v2_add (event.circle_circle.p1, below1),
    phys_v2_add (event.circle_circle.p2, below2),
    /* A strobe's faded moments at the start of the frame. */
    phys_v2_add (sweep->p1, below1),
    phys_v2_add (sweep->p2, below2),
  };
  for (gsize i = 0; i < (strobe ? G_N_ELEMENTS (bodies) : 2); i++)
    assert_same_pixel (a, b, to_px (t, bodies[i]), 3);
  assert_same_pixel (a, b, phys_v2 (1.5, 1.5), 0);
  double unlike = share_unlike (a, b);
  g_test_message ("pixels unlike the PNG's: %.5f", unlike);
  /* Measured: 0.0044 (the figure), 0.0024 (the strobe): glyph edges, as the two
   * font renderers place them. */
  g_assert_cmpfloat (unlike, <, 0.01);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  phys_timeline_free (timeline);
}

/* Polygons, a turned circle and a curve reach every format through the renderer: the SVG, drawn
 * by librsvg, looks like the PNG, and the PNG has the box's fill and the curve's ink. */
static guint
count_colour (cairo_surface_t *surface, ImpRgba color, int tolerance)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  guint count = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int rgba[4];
        png_pixel (surface, phys_v2 (x + 0.5, y + 0.5), rgba);
        if (abs (rgba[0] - (int) lround (color.r * 255)) <= tolerance
            && abs (rgba[1] - (int) lround (color.g * 255)) <= tolerance
            && abs (rgba[2] - (int) lround (color.b * 255)) <= tolerance && rgba[3] == 255)
          count++;
      }
  return count;
}

/* The SVG as rsvg-convert draws it differs from the PNG of the same figure in under 1 % of
 * the pixels; skips the test when rsvg-convert is missing. */
static void
assert_svg_like_png (GBytes *vector, cairo_surface_t *png)
{
  g_autoptr (GBytes) drawn = rsvg_render (vector);
  if (drawn == NULL)
    {
      g_test_skip ("rsvg-convert is not installed (Debian: librsvg2-bin)");
      return;
    }
  cairo_surface_t *a = read_png (drawn);
  double unlike = share_unlike (a, png);
  g_test_message ("pixels unlike the PNG's: %.5f", unlike);
  g_assert_cmpfloat (unlike, <, 0.01);
  cairo_surface_destroy (a);
}

static void
test_svg_rigid (void)
{
  g_autofree char *path = cli_data_path ("cli", "rigid-figure.json");
  PhysTimeline *timeline = record_file (path, 2);
  ImpExportOptions options;
  const ImpTheme *theme = imp_theme_get (FALSE);

  imp_export_options_init (&options);
  options.overlays = IMP_OVERLAY_VELOCITY;
  options.fit = IMP_EXPORT_FIT_WORLD;
  g_autoptr (GBytes) vector = export_bytes (timeline, &options);
  options.format = IMP_EXPORT_FORMAT_PNG;
  g_autoptr (GBytes) pixels = export_bytes (timeline, &options);
  options.format = IMP_EXPORT_FORMAT_PDF;
  g_autoptr (GBytes) pages = export_bytes (timeline, &options);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pages, NULL), "%PDF"));

  cairo_surface_t *b = read_png (pixels);
  g_assert_cmpuint (count_colour (b, theme->curve, 8), >, 200);
  g_assert_cmpuint (count_colour (b, theme->circle_fill, 0), >, 2000);
  /* The box's curved arrow: it turns 0.5 a frame. */
  g_assert_cmpuint (count_colour (b, theme->velocity, 8), >, 20);

  assert_svg_like_png (vector, b);
  cairo_surface_destroy (b);
  phys_timeline_free (timeline);
}

/* The separating axis figure of tests/data/cli/sat-figure.json, stopped before the response:
 * its words are text in the SVG (the deciding axis touching, the faces, both bars' letters),
 * the PNG has A's solid bars and B's hatched ones and the contact, and the SVG drawn by
 * rsvg-convert matches the PNG. */
static void
test_svg_sat (void)
{
  g_autofree char *path = cli_data_path ("cli", "sat-figure.json");
  PhysTimeline *timeline = record_file (path, 2);
  ImpExportOptions options;
  const ImpTheme *theme = imp_theme_get (FALSE);
  Svg svg;

  imp_export_options_init (&options);
  options.frame = 0;
  options.event = 0;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.overlays = IMP_OVERLAY_CONTACT | IMP_OVERLAY_LEGEND;
  g_autoptr (GBytes) vector = export_bytes (timeline, &options);
  svg_read (&svg, vector);
  g_assert_cmpint (svg.images, ==, 0);
  g_assert_true (svg_says (&svg, "axis 2 (A): touching"));
  g_assert_true (svg_says (&svg, "reference"));
  g_assert_true (svg_says (&svg, "incident"));
  g_assert_true (svg_says (&svg, "A"));
  g_assert_true (svg_says (&svg, "B"));
  g_assert_true (svg_says (&svg, "axis with A's projection (solid bar)"));
  g_assert_true (svg_says (&svg, "B's projection (hatched bar)"));
  svg_clear (&svg);

  options.format = IMP_EXPORT_FORMAT_PNG;
  g_autoptr (GBytes) pixels = export_bytes (timeline, &options);
  options.format = IMP_EXPORT_FORMAT_PDF;
  g_autoptr (GBytes) pages = export_bytes (timeline, &options);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pages, NULL), "%PDF"));
  cairo_surface_t *b = read_png (pixels);
  g_assert_cmpuint (count_colour (b, theme->normal_left, 10), >, 300);
  g_assert_cmpuint (count_colour (b, theme->normal_right, 40), >, 100);
  g_assert_cmpuint (count_colour (b, theme->tangent, 20), >, 100);

  assert_svg_like_png (vector, b);
  cairo_surface_destroy (b);
  phys_timeline_free (timeline);
}


/* A ball at rest on the floor (e = 1, gravity): frame 3's event is a resting contact with no
 * normal speed, so the figure says the surface holds it rather than that it is leaving. */
static void
test_svg_resting_caption (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "reference", "scenes",
                                                 "rest-e1-hops.json", NULL);
  PhysTimeline *timeline = record_file (path, 4);
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.frame = 3;
  options.event = 0;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.overlays = IMP_OVERLAY_CONSTRUCTION | IMP_OVERLAY_CONTACT;
  g_autoptr (GBytes) bytes = export_bytes (timeline, &options);
  svg_read (&svg, bytes);
  g_assert_true (svg_says (&svg, "held by the surface: no normal speed to answer"));
  g_assert_false (svg_mentions (&svg, "already leaving"));
  g_assert_true (svg_mentions (&svg, "resting contact: e taken as 0"));
  svg_clear (&svg);
  phys_timeline_free (timeline);
}
/* The same figure stepped to an axis as Down does on the canvas (--sat-axis K): that axis's
 * label only, its gap or overlap (axis 6, b's edge 1: 20 sqrt 2 = 28.28), the axes before it
 * faint and unlabelled, those after it and the contact not yet drawn; at the last axis the
 * contact comes back. An axis the test has not, or an event that is not rigid, is an error. */
static void
read_stepped (PhysTimeline *timeline, ImpExportOptions *options, int axis, Svg *svg)
{
  options->sat_axis = axis;
  g_autoptr (GBytes) bytes = export_bytes (timeline, options);
  svg_read (svg, bytes);
}

static void
test_svg_sat_stepped (void)
{
  g_autofree char *path = cli_data_path ("cli", "sat-figure.json");
  PhysTimeline *timeline = record_file (path, 2);
  ImpExportOptions options;
  Svg svg;

  imp_export_options_init (&options);
  options.frame = 0;
  options.event = 0;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.overlays = IMP_OVERLAY_CONTACT | IMP_OVERLAY_LEGEND;
  read_stepped (timeline, &options, 6, &svg);
  g_assert_true (svg_says (&svg, "axis 6 (B): overlap 28.28"));
  for (int k = 1; k <= 8; k++)
    if (k != 6)
      {
        g_autofree char *other = g_strdup_printf ("axis %d (", k);
        g_assert_false (svg_mentions (&svg, other));
      }
  g_assert_false (svg_says (&svg, "reference"));
  g_assert_false (svg_says (&svg, "incident"));
  svg_clear (&svg);

  /* The whole test names its deciding axis, a's right face, and the contact. */
  read_stepped (timeline, &options, 0, &svg);
  g_assert_true (svg_says (&svg, "axis 2 (A): touching"));
  g_assert_false (svg_mentions (&svg, "axis 6 ("));
  g_assert_true (svg_says (&svg, "reference"));
  svg_clear (&svg);

  read_stepped (timeline, &options, 8, &svg);
  g_assert_true (svg_mentions (&svg, "axis 8 (B): overlap"));
  g_assert_true (svg_says (&svg, "reference"));
  svg_clear (&svg);

  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
  g_autoptr (GError) error = NULL;
  options.sat_axis = 9;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT);
  g_assert_cmpstr (error->message, ==,
                   "--sat-axis 9: the separating axis test of event 0 of frame 0 has 8 axes, "
                   "numbered from 1");
  g_clear_error (&error);
  options.sat_axis = 2;
  options.event = IMP_EXPORT_EVENT_NONE;
  options.moment = IMP_EXPORT_AT_START;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_cmpstr (error->message, ==,
                   "--sat-axis 2 steps through a rigid event's separating axis test, and frame 0 "
                   "has no event selected");
  g_clear_pointer (&frames, imp_frames_free);
  phys_timeline_free (timeline);
}

/* CSV */

static guint
count_lines (const char *text, gsize length)
{
  guint lines = 0;

  for (gsize i = 0; i < length; i++)
    if (text[i] == '\n')
      lines++;
  return lines;
}

static void
test_csv_rows (void)
{
  PhysTimeline *timeline = record_pairs ();
  ImpExportOptions options;
  gsize length;

  imp_export_options_init (&options);
  options.format = IMP_EXPORT_FORMAT_CSV;
  options.kind = IMP_EXPORT_KIND_STATES;
  options.first = 0;
  options.last = 2;
  g_autoptr (GBytes) states = export_bytes (timeline, &options);
  const char *text = g_bytes_get_data (states, &length);
  /* A header, then states 0 to 3 of 7 circles and a probe. */
  g_assert_cmpuint (count_lines (text, length), ==, 1 + 4 * 8);
  g_assert_true (g_str_has_prefix (text, "state,id,kind,x,y,vx,vy\n0,a,circle,0,0,4,0\n"));
  g_assert_nonnull (g_strstr_len (text, (gssize) length, "\n3,ship,probe,12,60,4,0\n"));

  options.kind = IMP_EXPORT_KIND_EVENTS;
  g_autoptr (GBytes) events = export_bytes (timeline, &options);
  text = g_bytes_get_data (events, &length);
  /* The four events of docs/trace-format.md, every row as wide as the header. */
  g_assert_cmpuint (count_lines (text, length), ==, 1 + 4);
  g_auto (GStrv) rows = g_strsplit (text, "\n", -1);
  g_auto (GStrv) header = g_strsplit (rows[0], ",", -1);
  guint columns = g_strv_length (header);
  for (guint i = 0; rows[i] != NULL && rows[i][0] != '\0'; i++)
    {
      g_auto (GStrv) cells = g_strsplit (rows[i], ",", -1);
      g_assert_cmpuint (g_strv_length (cells), ==, columns);
    }
  g_assert_cmpstr (rows[2], ==,
                   "1,0,circle-circle,a,b,0.25,0,hit,,,1,0,6,0,8,1,-8,4,0,-4,0,-4,0,4,0,");
  g_assert_true (
      g_str_has_prefix (rows[3], "2,0,circle-segment,g,wall,0.5,0,hit,interior,reflect,"));
  phys_timeline_free (timeline);
}

/* Errors: precise, and before anything is drawn */

static void
test_errors (void)
{
  PhysTimeline *timeline = record_seed000 ();
  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
  ImpExportOptions options;
  g_autoptr (GError) error = NULL;

  imp_export_options_init (&options);
  options.frame = 9;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME);
  g_assert_nonnull (strstr (error->message, "frames 0 to 3"));
  g_clear_error (&error);

  imp_export_options_init (&options);
  options.event = 3;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT);
  g_assert_nonnull (strstr (error->message, "frame 0 has 1 event, numbered from 0 to 0"));
  g_clear_error (&error);

  imp_export_options_init (&options);
  options.frame = 2;
  options.moment = IMP_EXPORT_AT_BEFORE;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT);
  g_clear_error (&error);

  imp_export_options_init (&options);
  options.kind = IMP_EXPORT_KIND_STROBE;
  options.frame = 0;
  options.first = 1;
  options.last = 2;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME);
  g_clear_error (&error);

  imp_export_options_init (&options);
  options.kind = IMP_EXPORT_KIND_PAGES;
  options.last = 1;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT);
  g_clear_error (&error);

  imp_export_options_init (&options);
  options.width = 10;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE);
  g_clear_error (&error);

  imp_export_options_init (&options);
  options.height = IMP_EXPORT_MIN_SIZE;
  options.caption = "A caption long enough to need several lines on a page this narrow, and then "
                    "some more words, so that nothing is left for the figure itself.";
  options.width = IMP_EXPORT_MIN_SIZE;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE);
  g_clear_error (&error);

  imp_export_options_init (&options);
  options.format = IMP_EXPORT_FORMAT_JSONL;
  options.kind = IMP_EXPORT_KIND_EVENTS;
  g_assert_null (imp_export_to_bytes (frames, &options, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT);
  phys_timeline_free (timeline);
}

/* The export dialog's way */

/* Seed 000's c2 slowed to (-50, 0) from its start. */
static PhysEdit
slow_c2 (void)
{
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "c2");
  edit.fields = PHYS_EDIT_VELOCITY;
  edit.velocity = (PhysVec2) { -50.0, 0.0 };
  return edit;
}

/* A recording the window's worker extends, read a copy at a time
 * (imp_recording_get_frames()) as the export dialog reads it, gives the same
 * bytes as a timeline of one's own with the same edit: a figure with the
 * trails and the ghost of the old future, a strobe, PDF pages and both tables.
 * Each figure shows what the edit changed, so no export ignores the recording. */
static void
test_from_recording (void)
{
  PhysEdit edit = slow_c2 ();
  PhysTimeline *unedited = record_seed000 ();
  PhysTimeline *timeline = record_seed000 ();
  g_assert_cmpint (phys_timeline_edit (timeline, 0, &edit), ==, PHYS_OK);
  phys_timeline_record (timeline, 4 - phys_timeline_length (timeline));
  g_autoptr (ImpRecording) recording = imp_recording_new ();
  imp_recording_install (recording,
                         phys_timeline_new (phys_timeline_seek (unedited, 0), NULL));
  imp_recording_record_to (recording, 4);
  g_assert_cmpint (imp_recording_edit (recording, 0, &edit, 4), ==, PHYS_OK);
  imp_recording_record_to (recording, 4);

  ImpExportOptions options[5];
  for (int i = 0; i < 5; i++)
    imp_export_options_init (&options[i]);
  options[0].frame = 2;
  options[0].overlays = IMP_OVERLAY_ALL;
  options[1].format = IMP_EXPORT_FORMAT_PNG;
  options[1].kind = IMP_EXPORT_KIND_STROBE;
  options[1].frame = 2;
  options[1].first = 1;
  options[1].last = 3;
  options[2].format = IMP_EXPORT_FORMAT_PDF;
  options[2].kind = IMP_EXPORT_KIND_PAGES;
  options[2].first = 0;
  options[2].last = 3;
  options[3].format = IMP_EXPORT_FORMAT_CSV;
  options[3].kind = IMP_EXPORT_KIND_STATES;
  options[3].first = 0;
  options[3].last = 3;
  options[4] = options[3];
  options[4].kind = IMP_EXPORT_KIND_EVENTS;
  for (int i = 0; i < 5; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) live
          = imp_export_to_bytes (imp_recording_get_frames (recording), &options[i], &error);
      g_assert_no_error (error);
      g_autoptr (GBytes) own = export_bytes (timeline, &options[i]);
      g_autoptr (GBytes) before = export_bytes (unedited, &options[i]);
      g_assert_true (g_bytes_equal (live, own));
      g_assert_false (g_bytes_equal (live, before));
    }
  phys_timeline_free (unedited);
  phys_timeline_free (timeline);
}

/* Files */

static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("impulse-export-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Names in a directory, sorted, joined by spaces. */
static char *
list_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
remove_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
}

static char *
read_text (const char *path)
{
  char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
test_write_refuses_existing (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "figure.svg", NULL);
  g_autoptr (GBytes) first = g_bytes_new_static ("first\n", 6);
  g_autoptr (GBytes) second = g_bytes_new_static ("second\n", 7);
  g_autoptr (GError) error = NULL;

  g_assert_true (imp_export_write_file (path, first, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);

  g_assert_false (imp_export_write_file (path, second, FALSE, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EXISTS);
  g_clear_error (&error);
  g_autofree char *kept = read_text (path);
  g_assert_cmpstr (kept, ==, "first\n");

  /* Replacing keeps the file's permissions. */
  g_assert_true (imp_export_write_file (path, second, TRUE, &error));
  g_autofree char *replaced = read_text (path);
  g_assert_cmpstr (replaced, ==, "second\n");
  GStatBuf st;
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);

  /* Atomic: no temporary file is left beside it. */
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "figure.svg");
  remove_dir (dir);
}

static void
test_write_failure_leaves_nothing (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "figure.png", NULL);
  g_autofree char *sub = g_build_filename (dir, "a-directory.svg", NULL);
  g_autoptr (GBytes) bytes = g_bytes_new_static ("x", 1);
  g_autoptr (GError) error = NULL;

  g_assert_false (imp_export_write_file (missing, bytes, FALSE, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "cannot write"));
  g_clear_error (&error);

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_false (imp_export_write_file (sub, bytes, TRUE, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_IO);
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "a-directory.svg");
  g_rmdir (sub);
  remove_dir (dir);
}

static void
test_to_file (void)
{
  PhysTimeline *timeline = record_seed000 ();
  g_autoptr (ImpFrames) frames = imp_frames_new_for_timeline (timeline);
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "strobe.png", NULL);
  g_autoptr (GError) error = NULL;
  ImpExportOptions options;

  imp_export_options_init (&options);
  options.format = IMP_EXPORT_FORMAT_PNG;
  options.kind = IMP_EXPORT_KIND_STROBE;
  options.first = options.last = 0;
  g_assert_true (imp_export_to_file (frames, &options, path, &error));
  g_assert_no_error (error);
  g_assert_false (imp_export_to_file (frames, &options, path, &error));
  g_assert_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EXISTS);
  g_clear_error (&error);
  options.overwrite = TRUE;
  g_assert_true (imp_export_to_file (frames, &options, path, &error));
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "strobe.png");
  remove_dir (dir);
  phys_timeline_free (timeline);
}

/* The command line */

typedef struct
{
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

static const char *
impulse_bin (void)
{
  static char *bin = NULL;

  if (bin == NULL)
    {
      const char *env = g_getenv ("IMPULSE_BIN");
      bin = env != NULL ? g_strdup (env)
                        : g_test_build_filename (G_TEST_BUILT, "..", "app", "impulse", NULL);
    }
  return bin;
}

static gboolean
have_bin (void)
{
  if (g_file_test (impulse_bin (), G_FILE_TEST_IS_EXECUTABLE))
    return TRUE;
  g_test_skip ("the impulse program is not built");
  return FALSE;
}

/* Runs impulse with the arguments up to NULL. */
static Run
run_impulse (const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  Run run = { 0, NULL, NULL };
  int wait_status = 0;
  va_list args;

  g_ptr_array_add (argv, (char *) impulse_bin ());
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &run.out,
                &run.err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run.status = WEXITSTATUS (wait_status);
  return run;
}

static GBytes *
read_bytes (const char *path)
{
  char *data = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, length);
}

/* The same command twice gives the same bytes, in every figure format. */
static void
test_cli_same_bytes (void)
{
  if (!have_bin ())
    return;
  g_autofree char *scene = scene_path ("seed000-swept-circles.json");
  g_autofree char *dir = make_dir ();
  const char *const extensions[] = { "svg", "pdf", "png" };

  for (gsize i = 0; i < G_N_ELEMENTS (extensions); i++)
    {
      g_autofree char *name_a = g_strdup_printf ("a.%s", extensions[i]);
      g_autofree char *name_b = g_strdup_printf ("b.%s", extensions[i]);
      g_autofree char *a = g_build_filename (dir, name_a, NULL);
      g_autofree char *b = g_build_filename (dir, name_b, NULL);
      Run one = run_impulse ("export", scene, "--frame", "0", "--strobe", "0..1", "--title",
                             "Seed 000", "-o", a, NULL);
      Run two = run_impulse ("export", scene, "--frame", "0", "--strobe", "0..1", "--title",
                             "Seed 000", "-o", b, NULL);
      g_assert_cmpstr (one.err, ==, "");
      g_assert_cmpint (one.status, ==, 0);
      g_assert_cmpint (two.status, ==, 0);
      g_autoptr (GBytes) bytes_a = read_bytes (a);
      g_autoptr (GBytes) bytes_b = read_bytes (b);
      g_assert_true (g_bytes_equal (bytes_a, bytes_b));
      run_clear (&one);
      run_clear (&two);
    }
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "a.pdf a.png a.svg b.pdf b.png b.svg");
  remove_dir (dir);
}

/* An existing file is refused (exit 2, a message naming --force) and left as
 * it was; --force replaces it. */
static void
test_cli_overwrite (void)
{
  if (!have_bin ())
    return;
  g_autofree char *scene = scene_path ("seed000-swept-circles.json");
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "figure.svg", NULL);

  g_assert_true (g_file_set_contents (path, "mine\n", -1, NULL));
  Run refused = run_impulse ("export", scene, "--frame", "0", "-o", path, NULL);
  g_assert_cmpint (refused.status, ==, 2);
  g_assert_nonnull (strstr (refused.err, "already exists"));
  g_assert_nonnull (strstr (refused.err, "--force"));
  g_assert_cmpstr (refused.out, ==, "");
  g_autofree char *kept = read_text (path);
  g_assert_cmpstr (kept, ==, "mine\n");

  Run forced = run_impulse ("export", scene, "--frame", "0", "--force", "-o", path, NULL);
  g_assert_cmpint (forced.status, ==, 0);
  g_autofree char *replaced = read_text (path);
  g_assert_true (g_str_has_prefix (replaced, "<?xml"));
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "figure.svg");
  run_clear (&refused);
  run_clear (&forced);
  remove_dir (dir);
}

/* JSON Lines are the trace of `impulse run --jsonl --states`, byte for byte,
 * for a scene and for a session whose edits add and remove bodies. */
static void
test_cli_jsonl (void)
{
  if (!have_bin ())
    return;
  g_autofree char *scene = cli_data_path ("cli", "pairs.json");
  g_autofree char *session = cli_data_path ("sessions", "pairs-edited.json");
  g_autofree char *dir = make_dir ();
  const char *const inputs[] = { scene, session };

  for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *name = g_strdup_printf ("trace%" G_GSIZE_FORMAT ".jsonl", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      Run exported = run_impulse ("export", inputs[i], "--frames", "0..5", "-o", path, NULL);
      g_assert_cmpstr (exported.err, ==, "");
      g_assert_cmpint (exported.status, ==, 0);
      Run run = run_impulse ("run", inputs[i], "--frames", "6", "--jsonl", "--states", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_autofree char *text = read_text (path);
      g_assert_cmpstr (text, ==, run.out);
      run_clear (&exported);
      run_clear (&run);
    }

  /* Frames 1 to 2 of the scene: a header, the three events, two states, the end. */
  g_autofree char *part = g_build_filename (dir, "part.jsonl", NULL);
  Run exported = run_impulse ("export", scene, "--frames", "1..2", "-o", part, NULL);
  g_assert_cmpint (exported.status, ==, 0);
  g_autofree char *text = read_text (part);
  g_assert_cmpuint (count_lines (text, strlen (text)), ==, 1 + 3 + 2 + 1);
  g_assert_true (g_str_has_prefix (text, "{\"trace\":\"impulse\",\"version\":1,"));
  g_assert_nonnull (strstr (text, "\"first_frame\":1,\"frames\":2,"));
  run_clear (&exported);

  g_autofree char *events = g_build_filename (dir, "events.jsonl", NULL);
  exported = run_impulse ("export", scene, "--frames", "1..2", "--data", "events", "-o", events,
                          NULL);
  g_assert_cmpint (exported.status, ==, 0);
  g_autofree char *events_text = read_text (events);
  g_assert_cmpuint (count_lines (events_text, strlen (events_text)), ==, 1 + 3 + 1);
  run_clear (&exported);
  remove_dir (dir);
}

static void
test_cli_csv_and_pages (void)
{
  if (!have_bin ())
    return;
  g_autofree char *session = cli_data_path ("sessions", "pairs-edited.json");
  g_autofree char *dir = make_dir ();
  g_autofree char *states = g_build_filename (dir, "states.csv", NULL);
  g_autofree char *events = g_build_filename (dir, "events.csv", NULL);
  g_autofree char *pages = g_build_filename (dir, "pages.pdf", NULL);

  Run run = run_impulse ("export", session, "--frames", "0..4", "-o", states, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_autofree char *text = read_text (states);
  /* States 0 and 1 have 7 circles and a probe; the edit at frame 2 adds h and
   * removes c, so the end of frame 1 (state 2, before the edit) still has 8
   * bodies, and states 3 to 5 too (7 - 1 + 1 circles and the probe). */
  g_assert_cmpuint (count_lines (text, strlen (text)), ==, 1 + 6 * 8);
  g_assert_nonnull (strstr (text, "\n3,h,circle,"));
  run_clear (&run);

  run = run_impulse ("export", session, "--frames", "0..4", "--data", "events", "-o", events,
                     NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);

  run = run_impulse ("export", session, "--frames", "0..4", "--overlays", "default,ids", "-o",
                     pages, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_autoptr (GBytes) pdf = read_bytes (pages);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 5);
  run_clear (&run);
  remove_dir (dir);
}

typedef struct
{
  const char *name;
  const char *args[12];
  const char *message;
} CliError;

/* Bad command lines: exit 2, a message that says what is wrong, no file. */
static const CliError cli_errors[] = {
  { "no-output", { "--frame", "0", NULL }, "export needs -o FILE" },
  { "unknown-extension", { "--frame", "0", "-o", "OUT.gif", NULL }, "cannot tell the format" },
  { "unknown-overlay",
    { "--frame", "0", "--overlays", "velocity,impulses", "-o", "OUT.svg", NULL },
    "unknown overlay 'impulses'; did you mean 'impulse'? The overlays are: ids, velocity," },
  { "range-backwards", { "--frames", "3..1", "-o", "OUT.csv", NULL }, "runs backwards" },
  { "range-not-numbers", { "--frames", "a..b", "-o", "OUT.csv", NULL }, "range of frames A..B" },
  { "pages-need-pdf", { "--frames", "0..2", "-o", "OUT.svg", NULL }, "only a PDF has pages" },
  { "strobe-without-frame",
    { "--frame", "4", "--strobe", "0..2", "-o", "OUT.png", NULL },
    "the strobe of frames 0 to 2 must contain frame 4" },
  /* The table of which option suits which format. */
  { "data-for-figure",
    { "--frame", "0", "--data", "events", "-o", "OUT.svg", NULL },
    "--data is for data (.csv, .jsonl), not for a .svg file" },
  { "strobe-for-data",
    { "--frames", "0..2", "--strobe", "0..2", "-o", "OUT.jsonl", NULL },
    "--strobe is for figures (.svg, .pdf, .png), not for a .jsonl file" },
  { "frames-for-png",
    { "--frames", "0..2", "-o", "OUT.png", NULL },
    "--frames is for .pdf, .csv and .jsonl files, not for a .png file: it makes one page" },
  { "exposures-without-strobe",
    { "--frame", "0", "--exposures", "2", "-o", "OUT.png", NULL },
    "--exposures is for a strobe (--strobe A..B)" },
  { "frames-and-strobe",
    { "--frames", "0..2", "--strobe", "0..2", "-o", "OUT.pdf", NULL },
    "--frames and --strobe cannot go together" },
  /* Values out of range. */
  { "exposures-too-many",
    { "--frame", "0", "--strobe", "0..1", "--exposures", "17", "-o", "OUT.png", NULL },
    "--exposures expects a whole number from 1 to 16, not '17'" },
  { "strobe-too-long",
    { "--frame", "0", "--strobe", "0..24", "-o", "OUT.png", NULL },
    "the strobe spans 25 frames; at most 24 are allowed" },
  { "too-many-pages",
    { "--frames", "0..1000", "-o", "OUT.pdf", NULL },
    "the range of pages spans 1001 frames; at most 1000 are allowed" },
  { "scale-too-large",
    { "--frame", "0", "--scale", "9", "-o", "OUT.png", NULL },
    "--scale expects a number from 0.25 to 8, not '9'" },
  { "png-too-large",
    { "--frame", "0", "--size", "8192x100", "--scale", "4", "-o", "OUT.png", NULL },
    "a PNG of 32768 x 400 pixels is too large; at most 16384 on a side" },
  { "frame-not-a-number",
    { "--frame", "-1", "-o", "OUT.svg", NULL },
    "--frame expects a whole number from 0 to 1000000000, not '-1'" },
  { "figure-option-for-data",
    { "--frame", "0", "--title", "x", "-o", "OUT.csv", NULL },
    "--title is for figures" },
  { "csv-both",
    { "--frames", "0..1", "--data", "both", "-o", "OUT.csv", NULL },
    "a CSV file holds one table" },
  { "t-and-stop",
    { "--frame", "0", "--t", "0.5", "--stop", "end", "-o", "OUT.svg", NULL },
    "cannot go together" },
  { "t-outside",
    { "--frame", "0", "--t", "1.5", "-o", "OUT.svg", NULL },
    "--t expects a number from 0 to 1" },
  { "bad-size",
    { "--frame", "0", "--size", "10x10", "-o", "OUT.svg", NULL },
    "--size expects WIDTHxHEIGHT" },
  { "bad-background",
    { "--frame", "0", "--background", "black", "-o", "OUT.svg", NULL },
    "--background expects white, dark or transparent, not 'black'" },
  { "no-such-event",
    { "--frame", "1", "--event", "2", "-o", "OUT.svg", NULL },
    "frame 1 has 1 event, numbered from 0 to 0; there is no event 2" },
  { "sat-axis-not-a-number",
    { "--frame", "1", "--sat-axis", "six", "-o", "OUT.svg", NULL },
    "--sat-axis expects all or an axis's number from 1 to 32, not 'six'" },
  { "sat-axis-circles",
    { "--frame", "1", "--event", "0", "--sat-axis", "1", "-o", "OUT.svg", NULL },
    "--sat-axis 1 steps through a rigid event's separating axis test, and event 0 of frame 1 is "
    "not between rigid bodies" },
  { "sat-axis-for-data",
    { "--frames", "0..1", "--sat-axis", "1", "-o", "OUT.csv", NULL },
    "--sat-axis is for figures (.svg, .pdf, .png), not for a .csv file" },
  { "before-without-event",
    { "--frame", "3", "--stop", "before", "-o", "OUT.svg", NULL },
    "has no event selected" },
};

static void
test_cli_error (gconstpointer data)
{
  const CliError *row = data;

  if (!have_bin ())
    return;
  g_autofree char *scene = cli_data_path ("cli", "pairs.json");
  g_autofree char *dir = make_dir ();
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  int wait_status = 0;
  g_autofree char *out = NULL, *err = NULL;

  g_ptr_array_add (argv, g_strdup (impulse_bin ()));
  g_ptr_array_add (argv, g_strdup ("export"));
  g_ptr_array_add (argv, g_strdup (scene));
  for (int i = 0; row->args[i] != NULL; i++)
    {
      /* OUT.ext names a file in the test's own directory. */
      if (g_str_has_prefix (row->args[i], "OUT."))
        g_ptr_array_add (argv, g_build_filename (dir, row->args[i], NULL));
      else
        g_ptr_array_add (argv, g_strdup (row->args[i]));
    }
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 2);
  g_assert_cmpstr (out, ==, "");
  if (strstr (err, row->message) == NULL)
    g_error ("expected '%s' in: %s", row->message, err);
  g_assert_true (g_str_has_prefix (err, "impulse: error: "));
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "");
  remove_dir (dir);
}

static void
test_cli_help (void)
{
  if (!have_bin ())
    return;
  Run run = run_impulse ("export", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--strobe"));
  g_assert_nonnull (strstr (run.out, "relative-velocity"));
  run_clear (&run);

  run = run_impulse ("help", "export", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--frames"));
  run_clear (&run);

  run = run_impulse ("--help", NULL);
  g_assert_nonnull (strstr (run.out, "export SCENE"));
  run_clear (&run);
}

/* Share of the pixels of a 1x picture whose colour differs by more than 96 in some
 * channel from the average of the matching 2x2 block of a 2x picture. */
static double
share_unlike_half (cairo_surface_t *one, cairo_surface_t *two)
{
  int w = cairo_image_surface_get_width (one), h = cairo_image_surface_get_height (one);
  g_assert_cmpint (cairo_image_surface_get_width (two), ==, 2 * w);
  g_assert_cmpint (cairo_image_surface_get_height (two), ==, 2 * h);
  const unsigned char *a = cairo_image_surface_get_data (one);
  const unsigned char *b = cairo_image_surface_get_data (two);
  int sa = cairo_image_surface_get_stride (one), sb = cairo_image_surface_get_stride (two);
  long unlike = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < 4; c++)
        {
          int mean = (b[(2 * y) * sb + 8 * x + c] + b[(2 * y) * sb + 8 * x + 4 + c]
                      + b[(2 * y + 1) * sb + 8 * x + c] + b[(2 * y + 1) * sb + 8 * x + 4 + c])
                     / 4;
          if (abs (a[y * sa + 4 * x + c] - mean) > 96)
            {
              unlike++;
              break;
            }
        }
  return (double) unlike / ((double) w * h);
}

/* A 2x PNG is the 1x figure with twice the pixels: the same framing and every label
 * in the same place (text measured in page units, not in hinted device pixels, which
 * moved labels to other free spots at 2x). */
static void
test_png_scale_keeps_layout (void)
{
  PhysTimeline *timeline = record_seed000 ();
  ImpExportOptions options;
  imp_export_options_init (&options);
  options.format = IMP_EXPORT_FORMAT_PNG;
  options.moment = IMP_EXPORT_AT_BEFORE;
  options.title = "Seed 000";
  g_autoptr (GBytes) one = export_bytes (timeline, &options);
  options.scale = 2.0;
  g_autoptr (GBytes) two = export_bytes (timeline, &options);
  cairo_surface_t *a = read_png (one), *b = read_png (two);
  double unlike = share_unlike_half (a, b);
  g_test_message ("pixels unlike the 2x picture's: %.5f", unlike);
  /* Measured: 0.0034 (thin lines and glyph edges); 0.0103 while labels moved. */
  g_assert_cmpfloat (unlike, <, 0.006);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  phys_timeline_free (timeline);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/export/overlays/parse", test_overlays_parse);
  g_test_add_func ("/ui/export/overlays/unknown-lists-names", test_overlays_unknown);
  g_test_add_func ("/ui/export/format/from-extension", test_format_from_path);
  g_test_add_func ("/ui/export/options/table", test_options_table);
  g_test_add_func ("/ui/export/options/parse", test_options_parse);
  g_test_add_func ("/ui/export/svg/parses", test_svg_parses);
  g_test_add_func ("/ui/export/svg/circles", test_svg_circles);
  g_test_add_func ("/ui/export/svg/moment-in-frame", test_svg_moment);
  g_test_add_func ("/ui/export/svg/labels", test_svg_labels);
  g_test_add_func ("/ui/export/svg/strobe", test_svg_strobe);
  g_test_add_func ("/ui/export/svg/same-bytes-in-one-process", test_svg_same_bytes);
  g_test_add_func ("/ui/export/svg/text-in-document-order", test_svg_text_in_order);
  g_test_add_data_func ("/ui/export/svg/renders-like-png/figure", GINT_TO_POINTER (FALSE),
                        test_svg_renders_like_png);
  g_test_add_data_func ("/ui/export/svg/renders-like-png/strobe-transparent",
                        GINT_TO_POINTER (TRUE), test_svg_renders_like_png);
  g_test_add_func ("/ui/export/svg/rigid-bodies", test_svg_rigid);
  g_test_add_func ("/ui/export/svg/separating-axes", test_svg_sat);
  g_test_add_func ("/ui/export/svg/separating-axes-stepped", test_svg_sat_stepped);
  g_test_add_func ("/ui/export/svg/resting-caption", test_svg_resting_caption);
  g_test_add_func ("/ui/export/pdf/pages", test_pdf_pages);
  g_test_add_data_func ("/ui/export/png/white", GINT_TO_POINTER (IMP_EXPORT_BACKGROUND_WHITE),
                        test_png_size_and_pixels);
  g_test_add_data_func ("/ui/export/png/dark", GINT_TO_POINTER (IMP_EXPORT_BACKGROUND_DARK),
                        test_png_size_and_pixels);
  g_test_add_data_func ("/ui/export/png/transparent",
                        GINT_TO_POINTER (IMP_EXPORT_BACKGROUND_TRANSPARENT),
                        test_png_size_and_pixels);
  g_test_add_func ("/ui/export/png/strobe-fades", test_png_strobe_fades);
  g_test_add_func ("/ui/export/png/scale-keeps-layout", test_png_scale_keeps_layout);
  g_test_add_func ("/ui/export/png/strobe-transparent", test_png_strobe_transparent);
  g_test_add_func ("/ui/export/csv/rows", test_csv_rows);
  g_test_add_func ("/ui/export/errors", test_errors);
  g_test_add_func ("/ui/export/from-the-window-recording", test_from_recording);
  g_test_add_func ("/ui/export/write/refuses-existing", test_write_refuses_existing);
  g_test_add_func ("/ui/export/write/failure-leaves-nothing", test_write_failure_leaves_nothing);
  g_test_add_func ("/ui/export/write/to-file", test_to_file);
  g_test_add_func ("/ui/export/cli/same-command-same-bytes", test_cli_same_bytes);
  g_test_add_func ("/ui/export/cli/overwrite", test_cli_overwrite);
  g_test_add_func ("/ui/export/cli/jsonl-is-the-trace", test_cli_jsonl);
  g_test_add_func ("/ui/export/cli/csv-and-pages-of-a-session", test_cli_csv_and_pages);
  for (gsize i = 0; i < G_N_ELEMENTS (cli_errors); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/export/cli/error/%s", cli_errors[i].name);
      g_test_add_data_func (path, &cli_errors[i], test_cli_error);
    }
  g_test_add_func ("/ui/export/cli/help", test_cli_help);

  int status = g_test_run ();

  /* Free the font caches Pango and Cairo keep for the life of the process, so
   * that LeakSanitizer reports only real leaks. */
  pango_cairo_font_map_set_default (NULL);
  cairo_debug_reset_static_data ();
  FcFini ();
  return status;
}
