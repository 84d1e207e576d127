/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-options.c: the table of export options and their parser.
 *
 * The parser reads each value's syntax and range, says when an option does not
 * suit the format or goes against another, picks the kind of export from the
 * options given, then leaves every rule about the values together (strobe range,
 * page limits, exposures, sizes) to imp_export_check_options(), which the export
 * itself applies again: each rule is written once.
 */
#include "imp-export-options.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define BIT(format) (1u << (format))
#define FIGURES                                                                                    \
  (BIT (IMP_EXPORT_FORMAT_SVG) | BIT (IMP_EXPORT_FORMAT_PDF) | BIT (IMP_EXPORT_FORMAT_PNG))
#define DATA (BIT (IMP_EXPORT_FORMAT_CSV) | BIT (IMP_EXPORT_FORMAT_JSONL))

static const char *const stops[] = { "start", "before", "after", "end", NULL };
static const ImpExportMoment stop_moments[] = {
  IMP_EXPORT_AT_START, IMP_EXPORT_AT_BEFORE, IMP_EXPORT_AT_AFTER, IMP_EXPORT_AT_END,
};
static const char *const fits[] = { "focus", "world", NULL };
static const ImpExportFit fit_values[] = { IMP_EXPORT_FIT_FOCUS, IMP_EXPORT_FIT_WORLD };
static const char *const backgrounds[] = { "white", "dark", "transparent", NULL };
static const ImpExportBackground background_values[] = {
  IMP_EXPORT_BACKGROUND_WHITE, IMP_EXPORT_BACKGROUND_DARK, IMP_EXPORT_BACKGROUND_TRANSPARENT,
};
static const char *const data_names[] = { "states", "events", "both", NULL };
static const ImpExportKind data_kinds[] = {
  IMP_EXPORT_KIND_STATES, IMP_EXPORT_KIND_EVENTS, IMP_EXPORT_KIND_TRACE,
};

static const ImpExportOptionInfo infos[IMP_EXPORT_N_OPTIONS] = {
  [IMP_EXPORT_OPTION_FRAME] = { "frame", "K", N_("The frame to draw, or the one frame of data"),
                                FIGURES | DATA, NULL, NULL },
  [IMP_EXPORT_OPTION_T] = { "t", "T", N_("The moment in the frame, 0 to 1"), FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_STOP]
  = { "stop", "STOP", N_("A stop: start, before, after or end"), FIGURES, stops, NULL },
  [IMP_EXPORT_OPTION_EVENT]
  = { "event", "N", N_("The event selected (default 0), or none"), FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_SAT_AXIS]
  = { "sat-axis", "K", N_("A rigid event's separating axes up to axis K, as Down steps (default all)"),
      FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_STROBE]
  = { "strobe", "A..B", N_("Multiple exposure of frames A to B around frame K"), FIGURES, NULL,
      N_("--frames A..B writes the data of several frames") },
  [IMP_EXPORT_OPTION_EXPOSURES]
  = { "exposures", "N", N_("Faded moments per frame of a strobe (default 1)"), FIGURES, NULL,
      NULL },
  [IMP_EXPORT_OPTION_FRAMES]
  = { "frames", "A..B", N_("One PDF page per frame, or the frames of data"),
      BIT (IMP_EXPORT_FORMAT_PDF) | DATA, NULL,
      N_("it makes one page per frame, and only a PDF has pages; draw one frame with --frame K, "
          "or "
          "write data to .csv or .jsonl") },
  [IMP_EXPORT_OPTION_OVERLAYS]
  = { "overlays", "LIST", N_("What to draw over the bodies"), FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_FIT]
  = { "fit", "FIT", N_("Show the event (focus) or the world"), FIGURES, fits, NULL },
  [IMP_EXPORT_OPTION_SIZE]
  = { "size", "WxH", N_("Page size in pixels (default 1200x720)"), FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_SCALE]
  = { "scale", "S", N_("Every length times S (PNG pixels per page pixel)"), FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_BACKGROUND]
  = { "background", "BG", N_("white (default), dark or transparent"), FIGURES, backgrounds, NULL },
  [IMP_EXPORT_OPTION_TITLE]
  = { "title", "TEXT", N_("A title above the figure"), FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_CAPTION]
  = { "caption", "TEXT", N_("A caption below the figure"), FIGURES, NULL, NULL },
  [IMP_EXPORT_OPTION_DATA]
  = { "data", "DATA", N_("states, events or both"), DATA, data_names, NULL },
};

/**
 * imp_export_option_info:
 * @option: an option
 *
 * Returns: (transfer none): its row of the table
 */
const ImpExportOptionInfo *
imp_export_option_info (ImpExportOption option)
{
  g_return_val_if_fail (option < IMP_EXPORT_N_OPTIONS, NULL);
  return &infos[option];
}

/**
 * imp_export_option_suits:
 * @option: an option
 * @format: a format
 *
 * Returns: whether @option means anything for a file of @format
 */
gboolean
imp_export_option_suits (ImpExportOption option, ImpExportFormat format)
{
  g_return_val_if_fail (option < IMP_EXPORT_N_OPTIONS, FALSE);
  return (infos[option].formats & BIT (format)) != 0;
}

/**
 * imp_export_option_choice:
 * @option: an option that picks one of a few words (#ImpExportOptionInfo.choices)
 * @word: one of them
 *
 * Returns: the index of @word among the choices, or -1
 */
int
imp_export_option_choice (ImpExportOption option, const char *word)
{
  const char *const *choices = imp_export_option_info (option)->choices;

  for (int i = 0; choices != NULL && choices[i] != NULL; i++)
    if (g_str_equal (word, choices[i]))
      return i;
  return -1;
}

static gboolean
option_error (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
option_error (GError **error, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_OPTION, message);
  return FALSE;
}

/* "figures (.svg, .pdf, .png)", or the extensions of any other set of formats. */
static char *
describe_formats (guint formats)
{
  if (formats == FIGURES)
    return g_strdup (_("figures (.svg, .pdf, .png)"));
  if (formats == DATA)
    return g_strdup (_("data (.csv, .jsonl)"));
  GString *text = g_string_new (NULL);
  guint left = formats;
  for (int f = IMP_EXPORT_FORMAT_SVG; f <= IMP_EXPORT_FORMAT_JSONL; f++)
    if (formats & BIT (f))
      {
        left &= ~BIT (f);
        g_string_append_printf (text, "%s.%s", text->len == 0 ? "" : left == 0 ? _(" and ") : ", ",
                                imp_export_format_name ((ImpExportFormat) f));
      }
  g_string_append (text, _(" files"));
  return g_string_free (text, FALSE);
}

static gboolean
check_suits (ImpExportOption option, ImpExportFormat format, GError **error)
{
  const ImpExportOptionInfo *info = &infos[option];

  if (imp_export_option_suits (option, format))
    return TRUE;
  g_autofree char *formats = describe_formats (info->formats);
  return option_error (error, _("--%s is for %s, not for a .%s file%s%s"), info->name, formats,
                       imp_export_format_name (format), info->unsuited != NULL ? ": " : "",
                       info->unsuited != NULL ? _(info->unsuited) : "");
}

/* A frame number, 0 to IMP_EXPORT_MAX_FRAME. */
static gboolean
parse_frame (const char *text, gint64 *frame, GError **error)
{
  guint64 parsed = 0;

  if (!g_ascii_string_to_unsigned (text, 10, 0, (guint64) IMP_EXPORT_MAX_FRAME, &parsed, NULL))
    return option_error (error,
                         _("--frame expects a whole number from 0 to %lld, not '%s'"),
                         (long long) IMP_EXPORT_MAX_FRAME, text);
  *frame = (gint64) parsed;
  return TRUE;
}

/* "A..B", or "K" for K..K: a range of frames. */
static gboolean
parse_range (ImpExportOption option, const char *text, gint64 *first, gint64 *last,
             GError **error)
{
  const char *dots = strstr (text, "..");
  g_autofree char *left = dots != NULL ? g_strndup (text, (gsize) (dots - text)) : g_strdup (text);
  const char *right = dots != NULL ? dots + 2 : text;
  guint64 a = 0, b = 0;

  if (!g_ascii_string_to_unsigned (left, 10, 0, (guint64) IMP_EXPORT_MAX_FRAME, &a, NULL)
      || !g_ascii_string_to_unsigned (right, 10, 0, (guint64) IMP_EXPORT_MAX_FRAME, &b, NULL))
    return option_error (error,
                         _("--%s expects a range of frames A..B, whole numbers from 0 to %lld, "
                           "not '%s'"),
                         infos[option].name, (long long) IMP_EXPORT_MAX_FRAME, text);
  if (a > b)
    return option_error (error,
                         _("--%s %s runs backwards: frame %llu comes after frame %llu"),
                         infos[option].name, text, (unsigned long long) a, (unsigned long long) b);
  *first = (gint64) a;
  *last = (gint64) b;
  return TRUE;
}

/* A finite decimal number in [min, max], a dot whatever the locale. */
static gboolean
parse_real (ImpExportOption option, const char *text, double min, double max, double *value,
            GError **error)
{
  char *end = NULL;
  double parsed = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !isfinite (parsed) || parsed < min || parsed > max)
    return option_error (error, _("--%s expects a number from %g to %g, not '%s'"),
                         infos[option].name, min, max, text);
  *value = parsed;
  return TRUE;
}

/* "WxH", a page size in pixels. */
static gboolean
parse_size (const char *text, int *width, int *height, GError **error)
{
  const char *x = strpbrk (text, "xX");
  g_autofree char *left = x != NULL ? g_strndup (text, (gsize) (x - text)) : NULL;
  guint64 w = 0, h = 0;

  if (x == NULL
      || !g_ascii_string_to_unsigned (left, 10, IMP_EXPORT_MIN_SIZE, IMP_EXPORT_MAX_SIZE, &w, NULL)
      || !g_ascii_string_to_unsigned (x + 1, 10, IMP_EXPORT_MIN_SIZE, IMP_EXPORT_MAX_SIZE, &h,
                                      NULL))
    return option_error (error,
                         _("--size expects WIDTHxHEIGHT in pixels, each from %d to %d, as in "
                           "1200x720; not '%s'"),
                         IMP_EXPORT_MIN_SIZE, IMP_EXPORT_MAX_SIZE, text);
  *width = (int) w;
  *height = (int) h;
  return TRUE;
}

/* One of the option's words; the error lists them. */
static gboolean
parse_choice (ImpExportOption option, const char *text, int *index, GError **error)
{
  const char *const *names = infos[option].choices;

  *index = imp_export_option_choice (option, text);
  if (*index >= 0)
    return TRUE;
  g_autoptr (GString) choices = g_string_new (NULL);
  for (int i = 0; names[i] != NULL; i++)
    g_string_append_printf (choices, "%s%s", i == 0 ? "" : names[i + 1] == NULL ? " or " : ", ",
                            names[i]);
  return option_error (error, _("--%s expects %s, not '%s'"), infos[option].name, choices->str,
                       text);
}

/* The values that only draw: the moment, the event, the look of the page. */
static gboolean
parse_figure (ImpExportOptions *options, const char *const *values, GError **error)
{
  const char *text;
  int which = 0;

  if ((text = values[IMP_EXPORT_OPTION_T]) != NULL)
    {
      if (!parse_real (IMP_EXPORT_OPTION_T, text, 0.0, 1.0, &options->t, error))
        return FALSE;
      options->moment = IMP_EXPORT_AT_TIME;
    }
  if ((text = values[IMP_EXPORT_OPTION_STOP]) != NULL)
    {
      if (!parse_choice (IMP_EXPORT_OPTION_STOP, text, &which, error))
        return FALSE;
      options->moment = stop_moments[which];
    }
  if ((text = values[IMP_EXPORT_OPTION_EVENT]) != NULL)
    {
      guint64 index = 0;
      if (g_str_equal (text, "none"))
        options->event = IMP_EXPORT_EVENT_NONE;
      else if (g_ascii_string_to_unsigned (text, 10, 0, G_MAXINT, &index, NULL))
        options->event = (int) index;
      else
        return option_error (
            error, _("--event expects an event's number (from 0) or none, not '%s'"), text);
    }
  if ((text = values[IMP_EXPORT_OPTION_SAT_AXIS]) != NULL)
    {
      guint64 axis = 0;
      if (g_str_equal (text, "all"))
        options->sat_axis = 0;
      else if (g_ascii_string_to_unsigned (text, 10, 1, PHYS_SAT_MAX_AXES, &axis, NULL))
        options->sat_axis = (int) axis;
      else
        return option_error (error,
                             _("--sat-axis expects all or an axis's number from 1 to %d, not "
                               "'%s'"),
                             PHYS_SAT_MAX_AXES, text);
    }
  if ((text = values[IMP_EXPORT_OPTION_EXPOSURES]) != NULL)
    {
      guint64 exposures = 0;
      if (!g_ascii_string_to_unsigned (text, 10, 1, IMP_EXPORT_MAX_EXPOSURES, &exposures, NULL))
        return option_error (error, _("--exposures expects a whole number from 1 to %d, not '%s'"),
                             IMP_EXPORT_MAX_EXPOSURES, text);
      options->exposures = (int) exposures;
    }
  if ((text = values[IMP_EXPORT_OPTION_OVERLAYS]) != NULL)
    {
      g_autoptr (GError) local = NULL;
      if (!imp_export_parse_overlays (text, &options->overlays, &local))
        return option_error (error, "--overlays: %s", local->message);
    }
  if ((text = values[IMP_EXPORT_OPTION_FIT]) != NULL)
    {
      if (!parse_choice (IMP_EXPORT_OPTION_FIT, text, &which, error))
        return FALSE;
      options->fit = fit_values[which];
    }
  if ((text = values[IMP_EXPORT_OPTION_SIZE]) != NULL
      && !parse_size (text, &options->width, &options->height, error))
    return FALSE;
  if ((text = values[IMP_EXPORT_OPTION_SCALE]) != NULL
      && !parse_real (IMP_EXPORT_OPTION_SCALE, text, IMP_EXPORT_MIN_SCALE, IMP_EXPORT_MAX_SCALE,
                      &options->scale, error))
    return FALSE;
  if ((text = values[IMP_EXPORT_OPTION_BACKGROUND]) != NULL)
    {
      if (!parse_choice (IMP_EXPORT_OPTION_BACKGROUND, text, &which, error))
        return FALSE;
      options->background = background_values[which];
    }
  options->title = values[IMP_EXPORT_OPTION_TITLE];
  options->caption = values[IMP_EXPORT_OPTION_CAPTION];
  return TRUE;
}

/* Pairs that cannot go together, and why. */
static const struct
{
  ImpExportOption a, b;
  const char *why;
} conflicts[] = {
  { IMP_EXPORT_OPTION_FRAME, IMP_EXPORT_OPTION_FRAMES,
    N_("--frame K is --frames K..K for data, and --frames makes PDF pages") },
  { IMP_EXPORT_OPTION_T, IMP_EXPORT_OPTION_STOP,
    N_("--t picks any moment of the frame, --stop one of its stops") },
  { IMP_EXPORT_OPTION_FRAMES, IMP_EXPORT_OPTION_STROBE,
    N_("pages show one frame each, a strobe several on one page") },
};

/**
 * imp_export_options_parse:
 * @options: (out caller-allocates): the export they make
 * @format: the file's format
 * @values: (array fixed-size=IMP_EXPORT_N_OPTIONS): each option's value as text
 *   (locale-independent), or %NULL when it is not given
 * @error: where the first problem is reported, naming the option as the
 *   command line spells it
 *
 * Reads the options of an export: --frame K makes a figure (with --strobe, a
 * strobe), --frames A..B pages of a PDF, or with --frame K, the frames of data.
 * An option that does not suit @format, options that cannot go together, a value
 * that cannot be read or is out of range, and anything imp_export_check_options()
 * refuses is an error.
 *
 * Returns: %TRUE when @options is ready for imp_export_check()
 */
gboolean
imp_export_options_parse (ImpExportOptions *options, ImpExportFormat format,
                          const char *const *values, GError **error)
{
  gboolean data = format == IMP_EXPORT_FORMAT_CSV || format == IMP_EXPORT_FORMAT_JSONL;
  const char *frame = values[IMP_EXPORT_OPTION_FRAME];
  const char *frames = values[IMP_EXPORT_OPTION_FRAMES];
  const char *strobe = values[IMP_EXPORT_OPTION_STROBE];

  imp_export_options_init (options);
  options->format = format;
  for (int i = 0; i < IMP_EXPORT_N_OPTIONS; i++)
    if (values[i] != NULL && !check_suits ((ImpExportOption) i, format, error))
      return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (conflicts); i++)
    if (values[conflicts[i].a] != NULL && values[conflicts[i].b] != NULL)
      return option_error (error, _("--%s and --%s cannot go together: %s"),
                           infos[conflicts[i].a].name, infos[conflicts[i].b].name,
                           _(conflicts[i].why));
  if (values[IMP_EXPORT_OPTION_EXPOSURES] != NULL && strobe == NULL)
    return option_error (error, _("--exposures is for a strobe (--strobe A..B)"));

  if (frame != NULL && !parse_frame (frame, &options->frame, error))
    return FALSE;
  if (frames != NULL
      && !parse_range (IMP_EXPORT_OPTION_FRAMES, frames, &options->first, &options->last, error))
    return FALSE;

  if (data)
    {
      if (frame == NULL && frames == NULL)
        return option_error (error, _("export needs --frames A..B (or --frame K) for data"));
      if (frame != NULL)
        options->first = options->last = options->frame;
      int which = format == IMP_EXPORT_FORMAT_CSV ? 0 : 2;
      if (values[IMP_EXPORT_OPTION_DATA] != NULL
          && !parse_choice (IMP_EXPORT_OPTION_DATA, values[IMP_EXPORT_OPTION_DATA], &which, error))
        return FALSE;
      options->kind = data_kinds[which];
    }
  else
    {
      if (frames != NULL)
        options->kind = IMP_EXPORT_KIND_PAGES;
      else if (frame == NULL)
        return option_error (error, _("export needs --frame K (or, for PDF pages, --frames A..B)"));
      if (strobe != NULL)
        {
          if (!parse_range (IMP_EXPORT_OPTION_STROBE, strobe, &options->first, &options->last,
                            error))
            return FALSE;
          options->kind = IMP_EXPORT_KIND_STROBE;
        }
      if (!parse_figure (options, values, error))
        return FALSE;
    }
  return imp_export_check_options (options, error);
}
