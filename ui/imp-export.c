/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export.c: options, cairo surfaces and files of the exporter.
 *
 * Every export is made in memory, then written in one go: to a temporary file
 * beside the target, synced, and renamed over it (or hard-linked to its name
 * when the target must not exist, which fails instead of replacing a file that
 * appeared meanwhile). A reader never sees half a file, and a failed export
 * leaves nothing behind.
 *
 * Same options, same bytes: PNG has no time stamp; the PDF's creation date is
 * left out; SVG is written by the exporter's own writer (imp-svg.h), whose ids
 * are numbered per document.
 */
#include "imp-export-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include <cairo-pdf.h>

#include "imp-file.h"
#include "imp-suggest.h"
#include "imp-svg.h"

G_DEFINE_QUARK (imp-export-error-quark, imp_export_error)

/* Default page: the size of the figures in docs/, a 5:3 slide. */
#define DEFAULT_WIDTH 1200
#define DEFAULT_HEIGHT 720

/* The sets an overlay list may name besides the overlays themselves (imp-overlays.h). */
static const struct
{
  const char *name;
  ImpOverlays overlays;
} overlay_sets[] = {
  { "none", IMP_OVERLAY_NONE },
  { "default", IMP_OVERLAY_DEFAULT },
  { "all", IMP_OVERLAY_ALL },
};

static const struct
{
  const char *extension;
  ImpExportFormat format;
} formats[] = {
  { ".svg", IMP_EXPORT_FORMAT_SVG }, { ".pdf", IMP_EXPORT_FORMAT_PDF },
  { ".png", IMP_EXPORT_FORMAT_PNG }, { ".csv", IMP_EXPORT_FORMAT_CSV },
  { ".jsonl", IMP_EXPORT_FORMAT_JSONL },
};

/**
 * imp_export_options_init:
 * @options: (out caller-allocates): the options to set up
 *
 * A figure of frame 0 at its start, its first event selected, with
 * %IMP_OVERLAY_DEFAULT, 1200 x 720 pixels at scale 1 on white, fitted to the
 * event; as SVG, never replacing a file. A strobe gets one exposure per frame.
 */
void
imp_export_options_init (ImpExportOptions *options)
{
  memset (options, 0, sizeof *options);
  options->kind = IMP_EXPORT_KIND_FIGURE;
  options->format = IMP_EXPORT_FORMAT_SVG;
  options->event = IMP_EXPORT_EVENT_FIRST;
  options->moment = IMP_EXPORT_AT_START;
  options->exposures = 1;
  options->overlays = IMP_OVERLAY_DEFAULT;
  options->width = DEFAULT_WIDTH;
  options->height = DEFAULT_HEIGHT;
  options->scale = 1.0;
  options->background = IMP_EXPORT_BACKGROUND_WHITE;
  options->fit = IMP_EXPORT_FIT_FOCUS;
}

/**
 * imp_export_format_from_path:
 * @path: a file name
 * @format: (out): its format
 *
 * The format a file name's extension names (.svg, .pdf, .png, .csv, .jsonl; any
 * case).
 *
 * Returns: %FALSE when the extension is none of them
 */
gboolean
imp_export_format_from_path (const char *path, ImpExportFormat *format)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_has_suffix (lower, formats[i].extension))
      {
        *format = formats[i].format;
        return TRUE;
      }
  return FALSE;
}

/**
 * imp_export_format_name:
 * @format: a format
 *
 * Returns: its extension without the dot: "svg", "pdf", "png", "csv" or "jsonl"
 */
const char *
imp_export_format_name (ImpExportFormat format)
{
  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      return formats[i].extension + 1;
  return "unknown";
}

/**
 * imp_export_overlay_names:
 *
 * The names imp_export_parse_overlays() takes, for help and error messages.
 *
 * Returns: (transfer full): "ids, velocity, ..., none, default, all"
 */
char *
imp_export_overlay_names (void)
{
  gsize n;
  const char *const *overlays = imp_overlay_names (&n);
  GString *names = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    g_string_append_printf (names, "%s, ", overlays[i]);
  for (gsize i = 0; i < G_N_ELEMENTS (overlay_sets); i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", overlay_sets[i].name);
  return g_string_free (names, FALSE);
}

/* The overlays a name of the list stands for: one overlay, or a set. */
static gboolean
overlays_named (const char *name, ImpOverlays *overlays)
{
  for (gsize i = 0; i < G_N_ELEMENTS (overlay_sets); i++)
    if (g_str_equal (name, overlay_sets[i].name))
      {
        *overlays = overlay_sets[i].overlays;
        return TRUE;
      }
  return imp_overlay_from_name (name, overlays);
}

/**
 * imp_export_parse_overlays:
 * @list: names separated by commas, as "velocity,contact" or "default,ids,-legend"
 * @overlays: (out): the overlays named
 * @error: where an unknown name is reported, with the names there are
 *
 * Reads a list of overlays. Names add up; a name after a minus sign is taken
 * away; "none", "default" and "all" are sets. A list that starts by taking away
 * starts from the default set, otherwise from none.
 *
 * Returns: %FALSE when a name is unknown or the list is empty
 */
gboolean
imp_export_parse_overlays (const char *list, ImpOverlays *overlays, GError **error)
{
  g_auto (GStrv) items = g_strsplit (list, ",", -1);
  ImpOverlays result = IMP_OVERLAY_NONE;
  gboolean any = FALSE;

  for (guint i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);
      gboolean remove = item[0] == '-';
      const char *name = remove ? item + 1 : item;
      ImpOverlays named;

      if (*item == '\0')
        continue;
      if (!overlays_named (name, &named))
        {
          g_autofree char *valid = imp_export_overlay_names ();
          g_auto (GStrv) names = g_strsplit (valid, ", ", -1);
          const char *near = imp_suggest_nearest (name, (const char *const *) names, -1);
          if (near != NULL)
            g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_OVERLAY,
                         _("unknown overlay '%s'; did you mean '%s'? The overlays are: %s"), name,
                         near, valid);
          else
            g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_OVERLAY,
                         _("unknown overlay '%s'; the overlays are: %s"), name, valid);
          return FALSE;
        }
      if (!any && remove)
        result = IMP_OVERLAY_DEFAULT;
      any = TRUE;
      if (remove)
        result &= ~named;
      else
        result |= named;
    }
  if (!any)
    {
      g_autofree char *valid = imp_export_overlay_names ();
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_OVERLAY,
                   _("the list of overlays is empty; the overlays are: %s"), valid);
      return FALSE;
    }
  *overlays = result;
  return TRUE;
}

/**
 * imp_export_last_state:
 * @options: what to export
 *
 * The last state the export reads: record at least this far
 * (the end of the last frame drawn or written).
 *
 * Returns: a state number
 */
gint64
imp_export_last_state (const ImpExportOptions *options)
{
  switch (options->kind)
    {
    case IMP_EXPORT_KIND_FIGURE:
      return options->frame + 1;
    case IMP_EXPORT_KIND_STROBE:
      return MAX (options->frame, options->last) + 1;
    case IMP_EXPORT_KIND_PAGES:
    case IMP_EXPORT_KIND_STATES:
    case IMP_EXPORT_KIND_EVENTS:
    case IMP_EXPORT_KIND_TRACE:
    default:
      return options->last + 1;
    }
}

void
imp_export_set_frame_error (ImpFrames *frames, gint64 frame, GError **error)
{
  gint64 first = imp_frames_first_frame (frames);
  gint64 length = imp_frames_length (frames);

  if (length == 0)
    g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME,
                 _("frame %lld is not recorded: nothing is yet"), (long long) frame);
  else
    g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME,
                 _("frame %lld is not recorded: the recording holds frames %lld to %lld"),
                 (long long) frame, (long long) first, (long long) (first + length - 1));
}

static gboolean
is_figure (ImpExportKind kind)
{
  return kind == IMP_EXPORT_KIND_FIGURE || kind == IMP_EXPORT_KIND_STROBE
         || kind == IMP_EXPORT_KIND_PAGES;
}

/* A range of frames that makes sense before any recording: in order, and not
 * longer than @most (when @most > 0). */
static gboolean
check_range (const ImpExportOptions *options, const char *what, gint64 most, GError **error)
{
  if (options->first < 0 || options->last < options->first)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME,
                   _("the %s runs from frame %lld to frame %lld; the first must be at least 0 "
                     "and not after the last"),
                   _(what), (long long) options->first, (long long) options->last);
      return FALSE;
    }
  if (most > 0 && options->last - options->first + 1 > most)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME,
                   _("the %s spans %lld frames; at most %lld are allowed"), _(what),
                   (long long) (options->last - options->first + 1), (long long) most);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_figure (const ImpExportOptions *options, GError **error)
{
  ImpExportFormat format = options->format;

  if (format != IMP_EXPORT_FORMAT_SVG && format != IMP_EXPORT_FORMAT_PDF
      && format != IMP_EXPORT_FORMAT_PNG)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT,
                   _("a figure is an SVG, PDF or PNG file, not %s"),
                   imp_export_format_name (format));
      return FALSE;
    }
  if (options->kind == IMP_EXPORT_KIND_PAGES && format != IMP_EXPORT_FORMAT_PDF)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT,
                   _("one page per frame needs a PDF file; %s has a single page"),
                   imp_export_format_name (format));
      return FALSE;
    }
  if (options->width < IMP_EXPORT_MIN_SIZE || options->width > IMP_EXPORT_MAX_SIZE
      || options->height < IMP_EXPORT_MIN_SIZE || options->height > IMP_EXPORT_MAX_SIZE)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE,
                   _("a page of %d x %d pixels: width and height go from %d to %d"), options->width,
                   options->height, IMP_EXPORT_MIN_SIZE, IMP_EXPORT_MAX_SIZE);
      return FALSE;
    }
  if (!(options->scale >= IMP_EXPORT_MIN_SCALE && options->scale <= IMP_EXPORT_MAX_SCALE))
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE,
                   _("scale %g: it goes from %g to %g"), options->scale, IMP_EXPORT_MIN_SCALE,
                   IMP_EXPORT_MAX_SCALE);
      return FALSE;
    }
  if (format == IMP_EXPORT_FORMAT_PNG
      && (options->width * options->scale > IMP_EXPORT_MAX_PIXELS
          || options->height * options->scale > IMP_EXPORT_MAX_PIXELS))
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE,
                   _("a PNG of %.0f x %.0f pixels is too large; at most %d on a side"),
                   options->width * options->scale, options->height * options->scale,
                   IMP_EXPORT_MAX_PIXELS);
      return FALSE;
    }
  if (options->moment == IMP_EXPORT_AT_TIME && !(options->t >= 0.0 && options->t <= 1.0))
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE,
                   _("t = %g is outside the frame: a time in a frame goes from 0 to 1"),
                   options->t);
      return FALSE;
    }
  if (options->kind == IMP_EXPORT_KIND_STROBE)
    {
      if (!check_range (options, N_("strobe"), IMP_EXPORT_MAX_STROBE, error))
        return FALSE;
      if (options->exposures < 1 || options->exposures > IMP_EXPORT_MAX_EXPOSURES)
        {
          g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE,
                       _("%d exposures per frame: a strobe takes from 1 to %d"), options->exposures,
                       IMP_EXPORT_MAX_EXPOSURES);
          return FALSE;
        }
      if (options->frame < options->first || options->frame > options->last)
        {
          g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME,
                       _("the strobe of frames %lld to %lld must contain frame %lld, the moment "
                         "drawn solid"),
                       (long long) options->first, (long long) options->last,
                       (long long) options->frame);
          return FALSE;
        }
    }
  if (options->kind == IMP_EXPORT_KIND_PAGES
      && !check_range (options, N_("range of pages"), IMP_EXPORT_MAX_PAGES, error))
    return FALSE;
  return TRUE;
}

/**
 * imp_export_check_options:
 * @options: what to export
 * @error: where the first problem is reported
 *
 * Checks that @options make sense together, before anything is recorded: the
 * format suits the kind, sizes, times, exposures and ranges are within their
 * limits, a strobe contains its solid frame. imp_export_check() does this and
 * then checks the recording.
 *
 * Returns: %TRUE when nothing is wrong with @options themselves
 */
gboolean
imp_export_check_options (const ImpExportOptions *options, GError **error)
{
  ImpExportFormat format = options->format;

  if (is_figure (options->kind))
    return check_figure (options, error);
  if (format != IMP_EXPORT_FORMAT_CSV && format != IMP_EXPORT_FORMAT_JSONL)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT,
                   _("states and events are data: a CSV or JSON Lines file, not %s"),
                   imp_export_format_name (format));
      return FALSE;
    }
  if (options->kind == IMP_EXPORT_KIND_TRACE && format == IMP_EXPORT_FORMAT_CSV)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT,
                   _("a CSV file holds one table: the states or the events, not both"));
      return FALSE;
    }
  return check_range (options, N_("range of frames"), 0, error);
}

/**
 * imp_export_check:
 * @frames: the recording
 * @options: what to export
 * @error: where the first problem is reported
 *
 * imp_export_check_options(), then that @frames holds every frame @options
 * need. The events named are checked when drawing.
 *
 * Returns: %TRUE when the export can go ahead
 */
gboolean
imp_export_check (ImpFrames *frames, const ImpExportOptions *options, GError **error)
{
  if (!imp_export_check_options (options, error))
    return FALSE;

  gboolean ranged = options->kind != IMP_EXPORT_KIND_FIGURE;
  gboolean framed
      = options->kind == IMP_EXPORT_KIND_FIGURE || options->kind == IMP_EXPORT_KIND_STROBE;
  /* A recording is contiguous: holding both ends, it holds the range. */
  gint64 missing = ranged && !imp_frames_recorded (frames, options->first) ? options->first
                   : ranged && !imp_frames_recorded (frames, options->last) ? options->last
                   : framed && !imp_frames_recorded (frames, options->frame)
                       ? options->frame
                       : -1;
  if (missing >= 0)
    {
      imp_export_set_frame_error (frames, missing, error);
      return FALSE;
    }
  return TRUE;
}

/**
 * imp_export_page_count:
 * @options: what to export
 *
 * Returns: the pages of a figure export (1 for a figure or strobe), 0 for data
 */
int
imp_export_page_count (const ImpExportOptions *options)
{
  switch (options->kind)
    {
    case IMP_EXPORT_KIND_FIGURE:
    case IMP_EXPORT_KIND_STROBE:
      return 1;
    case IMP_EXPORT_KIND_PAGES:
      return (int) CLAMP (options->last - options->first + 1, 0, IMP_EXPORT_MAX_PAGES);
    case IMP_EXPORT_KIND_STATES:
    case IMP_EXPORT_KIND_EVENTS:
    case IMP_EXPORT_KIND_TRACE:
    default:
      return 0;
    }
}

/**
 * imp_export_draw_page:
 * @cr: where to draw; its user space is the page in pixels (scale it to preview
 *   the page smaller or larger)
 * @frames: the recording
 * @options: a figure, strobe or pages export
 * @page: which page, from 0 (a figure or strobe has one)
 * @error: where a problem is reported
 *
 * Draws one page of a figure export exactly as the file gets it: for the live
 * preview of an export dialog.
 *
 * Returns: %TRUE when the page was drawn
 */
gboolean
imp_export_draw_page (cairo_t *cr, ImpFrames *frames, const ImpExportOptions *options,
                      int page, GError **error)
{
  g_return_val_if_fail (cr != NULL && frames != NULL && options != NULL, FALSE);

  if (!imp_export_check (frames, options, error))
    return FALSE;
  if (!is_figure (options->kind) || page < 0 || page >= imp_export_page_count (options))
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FRAME,
                   _("the export has no page %d"), page);
      return FALSE;
    }
  return imp_export_draw_pages (cr, frames, options, page, 1, FALSE, error);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
surface_error (cairo_status_t status, GError **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return FALSE;
  g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_IO, _("cannot draw the figure: %s"),
               cairo_status_to_string (status));
  return TRUE;
}

/* An SVG through the SVG writer: paths and text in the order they are drawn. */
static GBytes *
render_svg (ImpFrames *frames, const ImpExportOptions *options, GError **error)
{
  g_autoptr (ImpSvg) svg
      = imp_svg_new (options->width * options->scale, options->height * options->scale);
  cairo_t *cr = imp_svg_get_context (svg);

  cairo_scale (cr, options->scale, options->scale);
  if (!imp_export_draw_pages (cr, frames, options, 0, 1, FALSE, error)
      || surface_error (cairo_status (cr), error))
    return NULL;
  return imp_svg_finish (svg, options->title, options->caption);
}

/* A PDF or PNG through cairo's surfaces. */
static GBytes *
render_figure (ImpFrames *frames, const ImpExportOptions *options, GError **error)
{
  GByteArray *out = g_byte_array_new ();
  double scale = options->scale;
  double width = options->width * scale, height = options->height * scale;
  cairo_surface_t *surface;

  if (options->format == IMP_EXPORT_FORMAT_PDF)
    {
      surface = cairo_pdf_surface_create_for_stream (append_bytes, out,
                                                     width * IMP_EXPORT_PDF_POINTS_PER_PX,
                                                     height * IMP_EXPORT_PDF_POINTS_PER_PX);
      /* No creation date: the same export must give the same bytes. */
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Impulse");
      if (options->title != NULL && *options->title != '\0')
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, options->title);
      scale *= IMP_EXPORT_PDF_POINTS_PER_PX;
    }
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) lround (width),
                                          (int) lround (height));

  cairo_t *cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  gboolean ok = imp_export_draw_pages (cr, frames, options, 0, imp_export_page_count (options),
                                       options->format == IMP_EXPORT_FORMAT_PDF, error);
  if (ok)
    ok = !surface_error (cairo_status (cr), error);
  cairo_destroy (cr);
  if (ok && options->format == IMP_EXPORT_FORMAT_PNG)
    ok = !surface_error (cairo_surface_write_to_png_stream (surface, append_bytes, out), error);
  /* Vector surfaces write their last bytes when finished. */
  cairo_surface_finish (surface);
  if (ok)
    ok = !surface_error (cairo_surface_status (surface), error);
  cairo_surface_destroy (surface);
  if (!ok)
    {
      g_byte_array_unref (out);
      return NULL;
    }
  return g_byte_array_free_to_bytes (out);
}

/**
 * imp_export_to_bytes:
 * @frames: the recording, holding every frame the export needs
 *   (imp_export_last_state())
 * @options: what to export
 * @error: where a problem is reported
 *
 * Makes the file's contents in memory.
 *
 * Returns: (transfer full) (nullable): the bytes, or %NULL with @error set
 */
GBytes *
imp_export_to_bytes (ImpFrames *frames, const ImpExportOptions *options, GError **error)
{
  g_return_val_if_fail (frames != NULL && options != NULL, NULL);

  if (!imp_export_check (frames, options, error))
    return NULL;
  if (options->format == IMP_EXPORT_FORMAT_JSONL)
    {
      g_set_error (
          error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_FORMAT,
          _("JSON Lines are the trace format, written by the command line's trace writer"));
      return NULL;
    }
  if (options->format == IMP_EXPORT_FORMAT_CSV)
    {
      GString *csv = options->kind == IMP_EXPORT_KIND_EVENTS
                         ? imp_export_events_csv (frames, options)
                         : imp_export_states_csv (frames, options);
      return g_string_free_to_bytes (csv);
    }
  if (options->format == IMP_EXPORT_FORMAT_SVG)
    return render_svg (frames, options, error);
  return render_figure (frames, options, error);
}

/**
 * imp_export_to_file:
 * @frames: the recording, holding every frame the export needs
 * @options: what to export; @options->overwrite says whether @path may be replaced
 * @path: the file to write
 * @error: where a problem is reported
 *
 * imp_export_to_bytes(), then imp_export_write_file(). An existing file is
 * refused before anything is drawn.
 *
 * Returns: %TRUE when the file was written
 */
gboolean
imp_export_to_file (ImpFrames *frames, const ImpExportOptions *options, const char *path,
                    GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);

  if (!options->overwrite && g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EXISTS, _("'%s' already exists"),
                   path);
      return FALSE;
    }
  g_autoptr (GBytes) bytes = imp_export_to_bytes (frames, options, error);
  return bytes != NULL && imp_export_write_file (path, bytes, options->overwrite, error);
}

/**
 * imp_export_write_file:
 * @path: the file to write
 * @bytes: its contents
 * @overwrite: replace @path when it exists (keeping its permissions); otherwise
 *   an existing @path is an %IMP_EXPORT_ERROR_EXISTS error
 * @error: where a problem is reported
 *
 * Writes a file by imp_file_replace()'s rule: atomically (readers see the old
 * file or the whole new one, never a part), leaving no temporary file behind even
 * when killed, and through a symbolic link onto the file it names.
 *
 * Returns: %TRUE when the file was written
 */
gboolean
imp_export_write_file (const char *path, GBytes *bytes, gboolean overwrite, GError **error)
{
  g_return_val_if_fail (path != NULL && bytes != NULL, FALSE);

  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  g_autoptr (GError) io = NULL;
  if (imp_file_replace (path, data, length, overwrite, &io))
    return TRUE;
  if (g_error_matches (io, G_IO_ERROR, G_IO_ERROR_EXISTS))
    g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EXISTS, _("'%s' already exists"), path);
  else
    g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_IO, _("cannot write '%s': %s"), path,
                 io->message);
  return FALSE;
}
