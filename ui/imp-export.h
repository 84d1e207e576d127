/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export.h: figures and data of a recording, written to files
 * (docs/export-format.md).
 *
 * Headless: the command line's `impulse export`, the window's export dialog and
 * the tests all call these. A figure is the renderer's picture (imp-render.h) of
 * one moment of a recording on a page of a chosen size, with an optional title
 * and caption; a strobe figure lays several moments of one collision over one
 * page, older ones fainter; pages put one figure per frame into a PDF. Data are
 * the states and events of a range of frames as CSV. Output is deterministic
 * (the same options give the same bytes) and files are written atomically,
 * never over an existing file unless asked.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "imp-frames.h"
#include "imp-render.h"
#include "phys.h"

G_BEGIN_DECLS

#define IMP_EXPORT_ERROR (imp_export_error_quark ())

/**
 * ImpExportError:
 * @IMP_EXPORT_ERROR_EXISTS: the file exists and replacing it was not asked for
 * @IMP_EXPORT_ERROR_FRAME: a frame the recording does not hold, or a bad range
 * @IMP_EXPORT_ERROR_EVENT: the frame has no such event, or the moment asked needs one
 * @IMP_EXPORT_ERROR_FORMAT: the format cannot hold this kind of export
 * @IMP_EXPORT_ERROR_SIZE: a page size, scale or time out of range
 * @IMP_EXPORT_ERROR_OVERLAY: an overlay list names no overlay
 * @IMP_EXPORT_ERROR_IO: the file could not be written
 * @IMP_EXPORT_ERROR_OPTION: an option's value cannot be read, an option does not
 *   suit the format, or options that cannot go together (imp-export-options.h)
 *
 * Classes of export errors, in the %IMP_EXPORT_ERROR domain. Messages are
 * sentences for people, without a trailing period.
 */
typedef enum
{
  IMP_EXPORT_ERROR_EXISTS,
  IMP_EXPORT_ERROR_FRAME,
  IMP_EXPORT_ERROR_EVENT,
  IMP_EXPORT_ERROR_FORMAT,
  IMP_EXPORT_ERROR_SIZE,
  IMP_EXPORT_ERROR_OVERLAY,
  IMP_EXPORT_ERROR_IO,
  IMP_EXPORT_ERROR_OPTION,
} ImpExportError;

GQuark imp_export_error_quark (void);

/**
 * ImpExportFormat:
 * @IMP_EXPORT_FORMAT_SVG: SVG 1.1, vector; sizes in CSS pixels
 * @IMP_EXPORT_FORMAT_PDF: PDF, vector, one or more pages; 1 pixel is 0.75 point
 * @IMP_EXPORT_FORMAT_PNG: PNG, 8-bit RGBA
 * @IMP_EXPORT_FORMAT_CSV: comma-separated values (states or events)
 * @IMP_EXPORT_FORMAT_JSONL: JSON Lines in the trace format (docs/trace-format.md);
 *   written by the command line's trace writer, so imp_export_to_bytes() refuses it
 *
 * File formats, chosen from the file name's extension by
 * imp_export_format_from_path().
 */
typedef enum
{
  IMP_EXPORT_FORMAT_SVG,
  IMP_EXPORT_FORMAT_PDF,
  IMP_EXPORT_FORMAT_PNG,
  IMP_EXPORT_FORMAT_CSV,
  IMP_EXPORT_FORMAT_JSONL,
} ImpExportFormat;

/**
 * ImpExportKind:
 * @IMP_EXPORT_KIND_FIGURE: one moment of frame #ImpExportOptions.frame (SVG, PDF, PNG)
 * @IMP_EXPORT_KIND_STROBE: the bodies at #ImpExportOptions.exposures evenly spaced
 *   moments of each frame from #ImpExportOptions.first to #ImpExportOptions.last
 *   and at the end of the last, faded (the older the fainter), under the moment
 *   of frame #ImpExportOptions.frame drawn solid with its overlays (SVG, PDF, PNG)
 * @IMP_EXPORT_KIND_PAGES: one page per frame from #ImpExportOptions.first to
 *   #ImpExportOptions.last, each the figure of that frame (PDF)
 * @IMP_EXPORT_KIND_STATES: every body's position and velocity at the start of
 *   frame #ImpExportOptions.first and at the end of each frame up to
 *   #ImpExportOptions.last (CSV)
 * @IMP_EXPORT_KIND_EVENTS: every event of frames #ImpExportOptions.first to
 *   #ImpExportOptions.last (CSV)
 * @IMP_EXPORT_KIND_TRACE: the states and the events together: the trace of
 *   frames #ImpExportOptions.first to #ImpExportOptions.last (JSON Lines only; a
 *   CSV file holds one table). With JSON Lines, %IMP_EXPORT_KIND_STATES and
 *   %IMP_EXPORT_KIND_EVENTS leave the other out.
 *
 * What to export.
 */
typedef enum
{
  IMP_EXPORT_KIND_FIGURE,
  IMP_EXPORT_KIND_STROBE,
  IMP_EXPORT_KIND_PAGES,
  IMP_EXPORT_KIND_STATES,
  IMP_EXPORT_KIND_EVENTS,
  IMP_EXPORT_KIND_TRACE,
} ImpExportKind;

/**
 * ImpExportMoment:
 * @IMP_EXPORT_AT_START: the state at the start of the frame (t = 0)
 * @IMP_EXPORT_AT_TIME: the state at #ImpExportOptions.t, every event before it answered
 * @IMP_EXPORT_AT_BEFORE: the selected event's moment, before its response (a
 *   probe event's crossing; a repeated visit's moment after the response)
 * @IMP_EXPORT_AT_AFTER: the selected event's moment, after its response
 * @IMP_EXPORT_AT_END: the state at the end of the frame (t = 1)
 *
 * Which moment inside a frame a figure shows: the stops of "step into" and any
 * time between. The velocity arrows show the velocities of that moment.
 */
typedef enum
{
  IMP_EXPORT_AT_START,
  IMP_EXPORT_AT_TIME,
  IMP_EXPORT_AT_BEFORE,
  IMP_EXPORT_AT_AFTER,
  IMP_EXPORT_AT_END,
} ImpExportMoment;

/**
 * ImpExportBackground:
 * @IMP_EXPORT_BACKGROUND_WHITE: white page, light palette
 * @IMP_EXPORT_BACKGROUND_DARK: the dark palette's page
 * @IMP_EXPORT_BACKGROUND_TRANSPARENT: no page (light palette: dark ink for light slides)
 *
 * The page under a figure.
 */
typedef enum
{
  IMP_EXPORT_BACKGROUND_WHITE,
  IMP_EXPORT_BACKGROUND_DARK,
  IMP_EXPORT_BACKGROUND_TRANSPARENT,
} ImpExportBackground;

/**
 * ImpExportFit:
 * @IMP_EXPORT_FIT_FOCUS: the selected event's surroundings (imp_render_focus_box());
 *   the whole world when no event is selected
 * @IMP_EXPORT_FIT_WORLD: the whole world
 *
 * What part of the world a figure shows.
 */
typedef enum
{
  IMP_EXPORT_FIT_FOCUS,
  IMP_EXPORT_FIT_WORLD,
} ImpExportFit;

/**
 * IMP_EXPORT_EVENT_FIRST:
 *
 * #ImpExportOptions.event: the frame's first event, or none when it has none.
 */
#define IMP_EXPORT_EVENT_FIRST (-2)

/**
 * IMP_EXPORT_EVENT_NONE:
 *
 * #ImpExportOptions.event: select no event (no math overlays).
 */
#define IMP_EXPORT_EVENT_NONE (-1)

/* Limits: a page stays within what cairo's image surfaces and PDF readers take,
 * and a strobe stays readable. */
#define IMP_EXPORT_MIN_SIZE 64
#define IMP_EXPORT_MAX_SIZE 8192
#define IMP_EXPORT_MIN_SCALE 0.25
#define IMP_EXPORT_MAX_SCALE 8.0
#define IMP_EXPORT_MAX_PIXELS 16384
#define IMP_EXPORT_MAX_STROBE 24
#define IMP_EXPORT_MAX_EXPOSURES 16
#define IMP_EXPORT_MAX_PAGES 1000

/**
 * ImpExportOptions:
 * @kind: what to export
 * @format: the file format
 * @frame: the frame of a figure or strobe (frame k runs from state k to state k + 1)
 * @event: the selected event: an index into the frame's events (in the order of
 *   the trace), %IMP_EXPORT_EVENT_FIRST or %IMP_EXPORT_EVENT_NONE; pages select
 *   it in every frame that has it
 * @moment: which moment of the frame
 * @sat_axis: the selected rigid event's separating axis test stepped to this axis (from 1),
 *   as Down steps through it on the canvas (ImpRenderInput.sat_step): the axes before it
 *   faint, those after it left out; 0 draws the whole test
 * @t: the time for %IMP_EXPORT_AT_TIME, frame fraction in [0, 1]
 * @first: first frame of a strobe, of pages or of data
 * @last: last frame of a strobe, of pages or of data (inclusive)
 * @exposures: faded moments per frame of a strobe, at t = 0, 1/n, ... (from 1,
 *   the frame boundaries, to %IMP_EXPORT_MAX_EXPOSURES)
 * @overlays: what the figure draws over the bodies (the strobe's faded moments
 *   draw bodies only)
 * @width: page width, pixels (from %IMP_EXPORT_MIN_SIZE to %IMP_EXPORT_MAX_SIZE)
 * @height: page height, pixels
 * @scale: every length times this: PNG pixels per page pixel, or the growth of a
 *   vector page (from %IMP_EXPORT_MIN_SCALE to %IMP_EXPORT_MAX_SCALE)
 * @background: the page
 * @fit: what part of the world to show
 * @title: (nullable): a line of text above the figure
 * @caption: (nullable): text below the figure, wrapped to the page width
 * @overwrite: replace an existing file
 *
 * Everything an export needs besides the recording. Set it up with
 * imp_export_options_init() and change what you need.
 */
typedef struct
{
  ImpExportKind kind;
  ImpExportFormat format;
  gint64 frame;
  int event;
  ImpExportMoment moment;
  int sat_axis;
  double t;
  gint64 first;
  gint64 last;
  int exposures;
  ImpOverlays overlays;
  int width;
  int height;
  double scale;
  ImpExportBackground background;
  ImpExportFit fit;
  const char *title;
  const char *caption;
  gboolean overwrite;
} ImpExportOptions;

void imp_export_options_init (ImpExportOptions *options);

gboolean imp_export_format_from_path (const char *path, ImpExportFormat *format);
const char *imp_export_format_name (ImpExportFormat format);

gboolean imp_export_parse_overlays (const char *list, ImpOverlays *overlays, GError **error);
char *imp_export_overlay_names (void);

gint64 imp_export_last_state (const ImpExportOptions *options);
gboolean imp_export_check_options (const ImpExportOptions *options, GError **error);
gboolean imp_export_check (ImpFrames *frames, const ImpExportOptions *options,
                           GError **error);

int imp_export_page_count (const ImpExportOptions *options);
gboolean imp_export_draw_page (cairo_t *cr, ImpFrames *frames,
                               const ImpExportOptions *options, int page, GError **error);

GBytes *imp_export_to_bytes (ImpFrames *frames, const ImpExportOptions *options,
                             GError **error);
gboolean imp_export_to_file (ImpFrames *frames, const ImpExportOptions *options,
                             const char *path, GError **error);
gboolean imp_export_write_file (const char *path, GBytes *bytes, gboolean overwrite,
                                GError **error);

G_END_DECLS
