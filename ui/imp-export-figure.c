/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-figure.c: pages of figures: one moment, a strobe of several, or
 * one page per frame.
 *
 * A page is the renderer's picture in a band between an optional title above
 * and an optional caption below. The renderer leaves the page to the exporter
 * (ImpRenderInput.no_page), which paints it white, dark or not at all; so it can
 * also lay several moments over one page. A strobe draws the bodies at evenly
 * spaced moments of its range of frames (the frame boundaries, or finer),
 * faded, the older the fainter, then the chosen moment solid with its
 * overlays, like a multiple-exposure photograph of the collision.
 */
#include "imp-export-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "imp-theme.h"

/* Past states drawn as trails, as on the canvas. */
#define TRAIL_FRAMES 30
#define PAGE_MARGIN_PX 18.0
#define TEXT_GAP_PX 10.0
#define TITLE_PX 20.0
#define CAPTION_PX 14.0
/* The title and caption may not squeeze the picture below this height. */
#define MIN_PICTURE_PX 48.0
/* Room kept around an event for its labels, as the canvas's zoom to the
 * selection keeps; a small page keeps a fifth of its size. */
#define FOCUS_MARGIN_PX 140.0
#define WORLD_MARGIN_PX 24.0
/* Opacity of the oldest and the newest faded moment of a strobe: faint enough
 * that the solid moment and its math stand out, strong enough to read. */
#define STROBE_ALPHA_OLDEST 0.25
#define STROBE_ALPHA_NEWEST 0.7

/* One moment of a recording, ready for imp_render(). */
typedef struct
{
  gint64 frame;
  PhysWorld *world;         /* state `frame`, the start of the frame (a copy) */
  PhysEventLog events;      /* the frame's events */
  int selected;             /* index into events, or -1 */
  ImpExportMoment moment;   /* the moment drawn (pages fall back to the start) */
  int sat_step;             /* the selected rigid event's test stepped to this axis (from 1), or 0 */
  double t;                 /* its time in the frame */
  PhysVec2 *positions;      /* circle centres at the moment; NULL at the start */
  PhysVec2 *displacements;  /* velocities at the moment times dt; NULL at the start */
  PhysVec2 *trail;          /* past centres, oldest first; NULL without trails */
  int trail_len;
  PhysVec2 *ghost;          /* centres on the ghost branch, or NULL */
} Shot;

static void
shot_clear (Shot *shot)
{
  g_clear_pointer (&shot->world, phys_world_free);
  phys_event_log_free (&shot->events);
  g_clear_pointer (&shot->positions, g_free);
  g_clear_pointer (&shot->displacements, g_free);
  g_clear_pointer (&shot->trail, g_free);
  g_clear_pointer (&shot->ghost, g_free);
}

/* The stop of @event (or the frame's end) that shows @moment. A probe event has
 * one stop, its crossing; a repeated visit (double pair loop) has no stop
 * before its response, only after. */
static const PhysStop *
find_stop (const PhysStop *stops, int n_stops, int event, ImpExportMoment moment)
{
  const PhysStop *after = NULL;

  for (int i = 0; i < n_stops; i++)
    {
      const PhysStop *stop = &stops[i];
      if (moment == IMP_EXPORT_AT_END)
        {
          if (stop->kind == PHYS_STOP_END)
            return stop;
          continue;
        }
      if (stop->event != event)
        continue;
      if (stop->kind == PHYS_STOP_PROBE
          || (stop->kind == PHYS_STOP_BEFORE && moment == IMP_EXPORT_AT_BEFORE))
        return stop;
      if (stop->kind == PHYS_STOP_AFTER)
        after = stop;
    }
  return after;
}

static const char *
moment_name (ImpExportMoment moment)
{
  switch (moment)
    {
    case IMP_EXPORT_AT_BEFORE: return "before";
    case IMP_EXPORT_AT_AFTER: return "after";
    case IMP_EXPORT_AT_END: return "end";
    case IMP_EXPORT_AT_TIME: return "time";
    case IMP_EXPORT_AT_START:
    default: return "start";
    }
}

static void
load_trail (Shot *shot, ImpFrames *frames, int n)
{
  gint64 from = MAX (imp_frames_first_frame (frames), shot->frame - TRAIL_FRAMES);

  shot->trail = g_new (PhysVec2, (gsize) MAX (n, 1) * (TRAIL_FRAMES + 1));
  for (gint64 k = from; k <= shot->frame; k++)
    {
      g_autoptr (PhysWorld) past = imp_frames_dup_state (frames, k);
      if (past == NULL || phys_world_circle_count (past) != n)
        {
          /* An edit added or removed circles: the trail starts after it. */
          shot->trail_len = 0;
          continue;
        }
      for (int i = 0; i < n; i++)
        shot->trail[(gsize) shot->trail_len * n + i] = phys_world_get_circle (past, i).position;
      shot->trail_len++;
    }
  if (shot->trail_len < 2)
    {
      g_clear_pointer (&shot->trail, g_free);
      shot->trail_len = 0;
    }
}

static void
load_ghost (Shot *shot, ImpFrames *frames, int n)
{
  g_autoptr (PhysWorld) ghost = imp_frames_dup_ghost_state (frames, shot->frame);
  if (ghost == NULL || phys_world_circle_count (ghost) != n)
    return;
  shot->ghost = g_new (PhysVec2, MAX (n, 1));
  for (int i = 0; i < n; i++)
    shot->ghost[i] = phys_world_get_circle (ghost, i).position;
}

/* Reads the moment @options asks for in @frame. @lenient (pages): an event or
 * moment the frame does not have selects nothing and shows the frame's start,
 * instead of failing. */
/* --sat-axis K: the selected event is a rigid pair's whose static test has an axis K. Pages
 * (lenient) step the frames that have it and draw the others whole. */
static gboolean
check_sat_axis (Shot *shot, const ImpExportOptions *options, gboolean lenient, GError **error)
{
  int k = options->sat_axis;
  const PhysEvent *event = shot->selected >= 0 ? &shot->events.events[shot->selected] : NULL;
  int axes = 0;
  if (event != NULL && phys_event_is_rigid (event->kind))
    {
      PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
      if (phys_world_rigid_detail (shot->world, event, detail) == PHYS_OK)
        axes = detail->tests.sat.axis_count;
      g_free (detail);
    }
  if (k <= axes)
    {
      shot->sat_step = k;
      return TRUE;
    }
  if (lenient)
    return TRUE;
  if (event == NULL)
    g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT,
                 _("--sat-axis %d steps through a rigid event's separating axis test, and frame "
                   "%lld has no event selected"),
                 k, (long long) shot->frame);
  else if (axes == 0)
    g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT,
                 _("--sat-axis %d steps through a rigid event's separating axis test, and event "
                   "%d of frame %lld is not between rigid bodies"),
                 k, shot->selected, (long long) shot->frame);
  else
    g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT,
                 ngettext ("--sat-axis %d: the separating axis test of event %d of frame %lld "
                           "has %d axis",
                           "--sat-axis %d: the separating axis test of event %d of frame %lld "
                           "has %d axes, numbered from 1",
                           (unsigned long) axes),
                 k, shot->selected, (long long) shot->frame, axes);
  return FALSE;
}

static gboolean
shot_load (Shot *shot, ImpFrames *frames, gint64 frame, const ImpExportOptions *options,
           gboolean lenient, GError **error)
{
  memset (shot, 0, sizeof *shot);
  phys_event_log_init (&shot->events);
  shot->frame = frame;
  shot->selected = -1;
  shot->moment = IMP_EXPORT_AT_START;

  if (!imp_frames_recorded (frames, frame))
    {
      imp_export_set_frame_error (frames, frame, error);
      return FALSE;
    }
  shot->world = imp_frames_dup_state (frames, frame);
  imp_frames_frame_events (frames, frame, &shot->events);
  int n_events = (int) shot->events.count;
  if (options->event == IMP_EXPORT_EVENT_FIRST)
    shot->selected = n_events > 0 ? 0 : -1;
  else if (options->event >= 0 && options->event < n_events)
    shot->selected = options->event;
  else if (options->event >= 0 && !lenient)
    {
      if (n_events == 0)
        g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT,
                     _("frame %lld has no events, so it has no event %d"), (long long) frame,
                     options->event);
      else
        g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT,
                     ngettext ("frame %lld has %d event, numbered from 0 to %d; there is no "
                               "event %d",
                               "frame %lld has %d events, numbered from 0 to %d; there is no "
                               "event %d",
                               (unsigned long) n_events),
                     (long long) frame, n_events, n_events - 1, options->event);
      shot_clear (shot);
      return FALSE;
    }

  if (options->sat_axis > 0 && !check_sat_axis (shot, options, lenient, error))
    {
      shot_clear (shot);
      return FALSE;
    }

  ImpExportMoment moment = options->moment;
  PhysStop *stops = NULL;
  const PhysStop *stop = NULL;
  if (moment == IMP_EXPORT_AT_BEFORE || moment == IMP_EXPORT_AT_AFTER)
    {
      int n_stops = imp_frames_stops (frames, frame, &stops);
      if (shot->selected >= 0)
        stop = find_stop (stops, n_stops, shot->selected, moment);
      if (stop == NULL && !lenient)
        {
          if (shot->selected < 0)
            g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT,
                         _("the moment '%s' is an event's, and frame %lld has no event "
                           "selected"),
                         moment_name (moment), (long long) frame);
          else
            g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_EVENT,
                         _("event %d of frame %lld is the event cap: it has no moment before or "
                           "after a response"),
                         shot->selected, (long long) frame);
          free (stops);
          shot_clear (shot);
          return FALSE;
        }
      if (stop == NULL)
        moment = IMP_EXPORT_AT_START;
    }

  int n = phys_world_circle_count (shot->world);
  if (moment != IMP_EXPORT_AT_START)
    {
      shot->positions = g_new (PhysVec2, MAX (n, 1));
      shot->displacements = g_new (PhysVec2, MAX (n, 1));
      if (stop != NULL)
        {
          imp_frames_state_at_stop (frames, frame, stop, shot->positions, shot->displacements,
                                    NULL);
          shot->t = stop->t;
        }
      else if (moment == IMP_EXPORT_AT_END)
        {
          /* Stepped here rather than read from state frame + 1, which a session's
           * edit at that frame may already have changed: the end of the frame is
           * what the step left, as in the trace's state lines. */
          PhysWorld *end = phys_world_copy (shot->world);
          phys_world_step (end, NULL);
          for (int i = 0; i < n; i++)
            {
              PhysCircle c = phys_world_get_circle (end, i);
              shot->positions[i] = c.position;
              shot->displacements[i] = c.velocity;
            }
          phys_world_free (end);
          shot->t = 1.0;
        }
      else
        {
          phys_world_frame_state_at (shot->world, options->t, INT32_MAX, shot->positions,
                                     shot->displacements, NULL);
          shot->t = options->t;
        }
      /* Arrows are one frame long: a velocity times dt is the displacement they draw. */
      double dt = phys_world_get_def (shot->world)->dt;
      for (int i = 0; i < n; i++)
        shot->displacements[i] = phys_v2_scale (shot->displacements[i], dt);
    }
  shot->moment = moment;
  free (stops);

  if (options->overlays & IMP_OVERLAY_TRAILS)
    load_trail (shot, frames, n);
  if (options->overlays & IMP_OVERLAY_GHOST_BRANCH)
    load_ghost (shot, frames, n);
  return TRUE;
}

static void
shot_input (const Shot *shot, ImpOverlays overlays, gboolean dark, ImpRenderInput *input)
{
  imp_render_input_init (input, shot->world);
  input->positions = shot->positions;
  input->displacements = shot->displacements;
  input->events = shot->events.events;
  input->n_events = (int) shot->events.count;
  input->selected = shot->selected >= 0 ? &shot->events.events[shot->selected] : NULL;
  input->trail = shot->trail;
  input->trail_len = shot->trail_len;
  input->trail_stride = phys_world_circle_count (shot->world);
  input->ghost_positions = shot->ghost;
  input->overlays = overlays;
  input->dark = dark;
  input->time_in_frame = shot->t;
  input->sat_step = shot->sat_step;
  /* Vector pages keep circles as arcs; the exporter paints the page itself. */
  input->raster_shortcuts = FALSE;
  input->no_page = TRUE;
}

/* The world box a shot's picture shows. */
static PhysAabb
shot_box (const Shot *shot, const ImpExportOptions *options)
{
  if (options->fit == IMP_EXPORT_FIT_FOCUS && shot->selected >= 0)
    {
      ImpRenderInput input;
      shot_input (shot, options->overlays, FALSE, &input);
      PhysAabb box = imp_render_focus_box (&input);
      if (!imp_aabb_is_empty (box))
        return box;
    }
  return imp_view_world_box (shot->world);
}

static PhysAabb
aabb_union (PhysAabb a, PhysAabb b)
{
  if (imp_aabb_is_empty (a))
    return b;
  if (imp_aabb_is_empty (b))
    return a;
  a = imp_aabb_add_point (a, b.min, 0.0);
  return imp_aabb_add_point (a, b.max, 0.0);
}

/* Page layout */

typedef struct
{
  const ImpTheme *theme;
  double width;
  double height;
  PangoLayout *title;
  PangoLayout *caption;
  PangoLayout *note;
  double title_y;
  double caption_y;
  double note_y;
  double picture_top;
  double picture_height;
} Page;

static PangoLayout *
page_text (cairo_t *cr, const Page *page, const char *text, double size_px, gboolean bold)
{
  if (text == NULL || *text == '\0')
    return NULL;

  PangoLayout *layout = imp_text_layout_new (cr);
  PangoFontDescription *font = pango_font_description_from_string (page->theme->font_family);

  /* Absolute size: pixels of the page, whatever resolution the surface claims. */
  pango_font_description_set_absolute_size (font, size_px * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, (int) ((page->width - 2.0 * PAGE_MARGIN_PX) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

static double
text_height (PangoLayout *layout)
{
  int height = 0;

  if (layout != NULL)
    pango_layout_get_pixel_size (layout, NULL, &height);
  return height;
}

static void
page_clear (Page *page)
{
  g_clear_object (&page->title);
  g_clear_object (&page->caption);
  g_clear_object (&page->note);
}

/* Lays out the texts of a page and paints its background; the picture goes in
 * the band between title and caption. @note: a line of our own above the
 * caption, in secondary text (what a strobe or page shows). */
static gboolean
page_begin (Page *page, cairo_t *cr, const ImpExportOptions *options, const char *note,
            GError **error)
{
  memset (page, 0, sizeof *page);
  page->theme = imp_theme_get (options->background == IMP_EXPORT_BACKGROUND_DARK);
  page->width = options->width;
  page->height = options->height;
  page->title = page_text (cr, page, options->title, TITLE_PX, TRUE);
  page->caption = page_text (cr, page, options->caption, CAPTION_PX, FALSE);
  page->note = page_text (cr, page, note, page->theme->small_px, FALSE);

  double top = 0.0, bottom = page->height;
  if (page->title != NULL)
    {
      page->title_y = PAGE_MARGIN_PX;
      top = PAGE_MARGIN_PX + text_height (page->title) + TEXT_GAP_PX;
    }
  if (page->caption != NULL || page->note != NULL)
    bottom -= PAGE_MARGIN_PX;
  if (page->caption != NULL)
    {
      bottom -= text_height (page->caption);
      page->caption_y = bottom;
      bottom -= TEXT_GAP_PX;
    }
  if (page->note != NULL)
    {
      bottom -= text_height (page->note);
      page->note_y = bottom;
      bottom -= TEXT_GAP_PX;
    }
  page->picture_top = top;
  page->picture_height = floor (bottom - top);
  if (page->picture_height < MIN_PICTURE_PX)
    {
      g_set_error (error, IMP_EXPORT_ERROR, IMP_EXPORT_ERROR_SIZE,
                   _("the title and caption leave %.0f of the page's %d pixels of height for the "
                     "figure; make the page taller or the texts shorter"),
                   MAX (page->picture_height, 0.0), options->height);
      page_clear (page);
      return FALSE;
    }

  if (options->background != IMP_EXPORT_BACKGROUND_TRANSPARENT)
    {
      static const ImpRgba white = { 1.0, 1.0, 1.0, 1.0 };
      cairo_save (cr);
      /* The page only: a preview draws it into a larger widget. */
      cairo_rectangle (cr, 0.0, 0.0, page->width, page->height);
      imp_rgba_set_source (cr, options->background == IMP_EXPORT_BACKGROUND_WHITE
                                   ? white
                                   : page->theme->background);
      imp_draw_fill (cr);
      cairo_restore (cr);
    }
  return TRUE;
}

static void
page_view (const Page *page, PhysAabb box, const ImpExportOptions *options, gboolean focused,
           ImpView *view)
{
  imp_view_init (view, (int) page->width, (int) page->picture_height);
  double margin = focused ? MIN (FOCUS_MARGIN_PX, 0.2 * MIN (view->width, view->height))
                          : WORLD_MARGIN_PX;
  imp_view_fit (view, box, margin);
}

static void
show_text (cairo_t *cr, PangoLayout *layout, double y, ImpRgba color)
{
  if (layout == NULL)
    return;
  cairo_save (cr);
  cairo_move_to (cr, PAGE_MARGIN_PX, y);
  imp_render_show_layout (cr, layout, color);
  cairo_restore (cr);
}

static void
page_end (Page *page, cairo_t *cr)
{
  show_text (cr, page->title, page->title_y, page->theme->text);
  show_text (cr, page->note, page->note_y, page->theme->text_muted);
  show_text (cr, page->caption, page->caption_y, page->theme->text);
  page_clear (page);
}

/* Draws one picture into the page's band; @alpha < 1 fades it as a whole (a
 * group with an opacity). */
static void
draw_picture (cairo_t *cr, const Page *page, const ImpView *view, const ImpRenderInput *input,
              double alpha)
{
  imp_draw_save (cr);
  cairo_translate (cr, 0.0, page->picture_top);
  cairo_rectangle (cr, 0.0, 0.0, page->width, page->picture_height);
  imp_draw_clip (cr);
  if (alpha < 1.0)
    imp_draw_push_group (cr);
  imp_render (cr, view, input);
  if (alpha < 1.0)
    imp_draw_pop_group (cr, alpha);
  imp_draw_restore (cr);
}

/* Covers the page's band with its own colour at opacity @alpha: everything drawn
 * there so far fades by 1 - @alpha. */
static void
veil (cairo_t *cr, const Page *page, ImpRgba color, double alpha)
{
  cairo_save (cr);
  cairo_rectangle (cr, 0.0, page->picture_top, page->width, page->picture_height);
  imp_rgba_set_source_alpha (cr, color, alpha);
  imp_draw_fill (cr);
  cairo_restore (cr);
}

/* "t = 0.503, before the response": where in its frame a shot is. */
static char *
describe_moment (const Shot *shot)
{
  switch (shot->moment)
    {
    case IMP_EXPORT_AT_BEFORE:
      return g_strdup_printf (_("t = %.3f, before the response"), shot->t);
    case IMP_EXPORT_AT_AFTER:
      return g_strdup_printf (_("t = %.3f, after the response"), shot->t);
    case IMP_EXPORT_AT_END:
      return g_strdup (_("t = 1, the end of the frame"));
    case IMP_EXPORT_AT_TIME:
      return g_strdup_printf ("t = %.3f", shot->t);
    case IMP_EXPORT_AT_START:
    default:
      return g_strdup (_("t = 0, the start of the frame"));
    }
}

/* Figures */

static gboolean
draw_figure (cairo_t *cr, ImpFrames *frames, const ImpExportOptions *options,
             GError **error)
{
  Shot shot;
  Page page;
  ImpView view;
  ImpRenderInput input;

  if (!shot_load (&shot, frames, options->frame, options, FALSE, error))
    return FALSE;
  if (!page_begin (&page, cr, options, NULL, error))
    {
      shot_clear (&shot);
      return FALSE;
    }
  page_view (&page, shot_box (&shot, options), options,
             options->fit == IMP_EXPORT_FIT_FOCUS && shot.selected >= 0, &view);
  shot_input (&shot, options->overlays, options->background == IMP_EXPORT_BACKGROUND_DARK,
              &input);
  draw_picture (cr, &page, &view, &input, 1.0);
  page_end (&page, cr);
  shot_clear (&shot);
  return TRUE;
}

/* One faded moment of a strobe: a state, or a time inside the frame after it. */
typedef struct
{
  PhysWorld *world;     /* the state at the start of the frame (a copy) */
  PhysVec2 *positions;  /* circle centres inside the frame; NULL at its start */
} Exposure;

static PhysVec2
exposure_centre (const Exposure *exposure, int circle)
{
  return exposure->positions != NULL ? exposure->positions[circle]
                                     : phys_world_get_circle (exposure->world, circle).position;
}

/* The box of the bodies a selected event is about, in an exposure: where the
 * strobe must reach. */
static PhysAabb
event_bodies_box (const PhysEvent *event, const Exposure *exposure)
{
  PhysAabb box = imp_aabb_empty ();
  const PhysWorld *world = exposure->world;
  int circles = phys_world_circle_count (world);

  if (event->kind == PHYS_EVENT_PROBE_SEGMENT)
    {
      if (event->a < phys_world_probe_count (world))
        box = imp_aabb_add_point (box, phys_world_get_probe (world, event->a).position, 0.0);
      return box;
    }
  if (event->kind == PHYS_EVENT_EVENT_CAP)
    return box;
  if (event->a >= 0 && event->a < circles)
    box = imp_aabb_add_point (box, exposure_centre (exposure, event->a),
                              phys_world_get_circle (world, event->a).radius);
  if (event->b_kind == PHYS_BODY_CIRCLE && event->b >= 0 && event->b < circles)
    box = imp_aabb_add_point (box, exposure_centre (exposure, event->b),
                              phys_world_get_circle (world, event->b).radius);
  return box;
}

static void
exposures_free (Exposure *exposures, int count)
{
  for (int i = 0; i < count; i++)
    {
      phys_world_free (exposures[i].world);
      g_free (exposures[i].positions);
    }
  g_free (exposures);
}

/* The faded moments: @options->exposures per frame, evenly in time, from the
 * start of the first frame to the end of the last. */
static Exposure *
exposures_load (ImpFrames *frames, const ImpExportOptions *options, int *count)
{
  int per_frame = options->exposures;
  int n_frames = (int) (options->last - options->first) + 1;
  Exposure *exposures = g_new0 (Exposure, n_frames * per_frame + 1);

  *count = n_frames * per_frame + 1;
  for (int i = 0; i < *count; i++)
    {
      gint64 frame = options->first + i / per_frame;
      int step = i % per_frame;
      exposures[i].world = imp_frames_dup_state (frames, frame);
      if (step == 0)
        continue;
      int n = phys_world_circle_count (exposures[i].world);
      exposures[i].positions = g_new (PhysVec2, MAX (n, 1));
      phys_world_frame_state_at (exposures[i].world, (double) step / per_frame, INT32_MAX,
                                 exposures[i].positions, NULL, NULL);
    }
  return exposures;
}

/* Opacity of moment @i of @n in a strobe, oldest first. */
static double
strobe_alpha (int i, int n)
{
  double age = n > 1 ? (double) i / (double) (n - 1) : 1.0;

  return STROBE_ALPHA_OLDEST + (STROBE_ALPHA_NEWEST - STROBE_ALPHA_OLDEST) * age;
}

static gboolean
draw_strobe (cairo_t *cr, ImpFrames *frames, const ImpExportOptions *options,
             GError **error)
{
  Shot shot;
  Page page;
  ImpView view;
  ImpRenderInput input;
  gboolean dark = options->background == IMP_EXPORT_BACKGROUND_DARK;
  int n_exposures;

  if (!shot_load (&shot, frames, options->frame, options, FALSE, error))
    return FALSE;
  /* Every frame of the range is recorded (checked), so every state from the
   * first frame's start to the last one's end can be visited. */
  Exposure *exposures = exposures_load (frames, options, &n_exposures);

  PhysAabb box = shot_box (&shot, options);
  gboolean focused = options->fit == IMP_EXPORT_FIT_FOCUS && shot.selected >= 0;
  if (focused)
    for (int i = 0; i < n_exposures; i++)
      box = aabb_union (box,
                        event_bodies_box (&shot.events.events[shot.selected], &exposures[i]));

  g_autofree char *moment = describe_moment (&shot);
  g_autofree char *spacing
      = options->exposures == 1
            ? g_strdup (_("at every frame boundary"))
            : g_strdup_printf (_("every 1/%d of a frame"), options->exposures);
  g_autofree char *range
      = options->first == options->last
            ? g_strdup_printf (_("frame %lld"), (long long) options->first)
            : g_strdup_printf (_("frames %lld to %lld"), (long long) options->first,
                               (long long) options->last);
  g_autofree char *note = g_strdup_printf (
      _("Multiple exposure of %s: faded, the bodies %s, the older the fainter; solid, frame "
        "%lld at %s."),
      range, spacing, (long long) options->frame, moment);
  if (!page_begin (&page, cr, options, note, error))
    {
      exposures_free (exposures, n_exposures);
      shot_clear (&shot);
      return FALSE;
    }
  page_view (&page, box, options, focused, &view);

  /* On a page of known colour, each moment is drawn whole and then veiled with
   * the page colour, so older moments lie under more veils: the figure stays
   * plain paths and fills, and a newer moment covers an older one cleanly. A
   * transparent page has no colour to veil with: its moments are groups with an
   * opacity. Either way moment i shows at strobe_alpha (i). */
  ImpRgba page_color = options->background == IMP_EXPORT_BACKGROUND_WHITE
                           ? (ImpRgba){ 1.0, 1.0, 1.0, 1.0 }
                           : page.theme->background;
  for (int i = 0; i < n_exposures; i++)
    {
      double alpha = strobe_alpha (i, n_exposures);
      imp_render_input_init (&input, exposures[i].world);
      input.positions = exposures[i].positions;
      input.overlays = IMP_OVERLAY_NONE;
      input.dark = dark;
      input.no_page = TRUE;
      if (options->background == IMP_EXPORT_BACKGROUND_TRANSPARENT)
        {
          draw_picture (cr, &page, &view, &input, alpha);
          continue;
        }
      draw_picture (cr, &page, &view, &input, 1.0);
      double next = i + 1 < n_exposures ? strobe_alpha (i + 1, n_exposures) : 1.0;
      veil (cr, &page, page_color, 1.0 - alpha / next);
    }
  shot_input (&shot, options->overlays, dark, &input);
  draw_picture (cr, &page, &view, &input, 1.0);
  page_end (&page, cr);

  exposures_free (exposures, n_exposures);
  shot_clear (&shot);
  return TRUE;
}

/* Pages share one view, so that turning them shows the motion: the union of
 * the selected events' surroundings, or of the worlds when no page has one. */
static gboolean
pages_box (ImpFrames *frames, const ImpExportOptions *options, PhysAabb *box,
           gboolean *focused, GError **error)
{
  PhysAabb focus = imp_aabb_empty ();
  PhysAabb world = imp_aabb_empty ();

  for (gint64 frame = options->first; frame <= options->last; frame++)
    {
      Shot shot;
      if (!shot_load (&shot, frames, frame, options, TRUE, error))
        return FALSE;
      if (options->fit == IMP_EXPORT_FIT_FOCUS && shot.selected >= 0)
        focus = aabb_union (focus, shot_box (&shot, options));
      world = aabb_union (world, imp_view_world_box (shot.world));
      shot_clear (&shot);
    }
  *focused = !imp_aabb_is_empty (focus);
  *box = *focused ? focus : world;
  return TRUE;
}

static gboolean
draw_frame_page (cairo_t *cr, ImpFrames *frames, const ImpExportOptions *options,
                 gint64 frame, PhysAabb box, gboolean focused, GError **error)
{
  Shot shot;
  Page page;
  ImpView view;
  ImpRenderInput input;

  if (!shot_load (&shot, frames, frame, options, TRUE, error))
    return FALSE;
  g_autofree char *moment = describe_moment (&shot);
  g_autofree char *note
      = g_strdup_printf (_("Frame %lld (page %lld of %lld), %s."), (long long) frame,
                         (long long) (frame - options->first + 1),
                         (long long) (options->last - options->first + 1), moment);
  if (!page_begin (&page, cr, options, note, error))
    {
      shot_clear (&shot);
      return FALSE;
    }
  page_view (&page, box, options, focused, &view);
  shot_input (&shot, options->overlays, options->background == IMP_EXPORT_BACKGROUND_DARK,
              &input);
  draw_picture (cr, &page, &view, &input, 1.0);
  page_end (&page, cr);
  shot_clear (&shot);
  return TRUE;
}

/**
 * imp_export_draw_pages: (skip)
 * @cr: where to draw, in page pixels
 * @frames: the recording
 * @options: checked options of a figure, strobe or pages
 * @first_page: the first page to draw (0 for a figure or strobe)
 * @n_pages: how many
 * @show_pages: end each page with cairo_show_page() (multi-page surfaces)
 * @error: where a frame or event that is not there is reported
 *
 * Returns: %TRUE when everything was drawn
 */
gboolean
imp_export_draw_pages (cairo_t *cr, ImpFrames *frames, const ImpExportOptions *options,
                       int first_page, int n_pages, gboolean show_pages, GError **error)
{
  if (options->kind == IMP_EXPORT_KIND_FIGURE || options->kind == IMP_EXPORT_KIND_STROBE)
    {
      gboolean ok = options->kind == IMP_EXPORT_KIND_FIGURE
                        ? draw_figure (cr, frames, options, error)
                        : draw_strobe (cr, frames, options, error);
      if (ok && show_pages)
        cairo_show_page (cr);
      return ok;
    }

  PhysAabb box;
  gboolean focused;
  if (!pages_box (frames, options, &box, &focused, error))
    return FALSE;
  for (int page = first_page; page < first_page + n_pages; page++)
    {
      if (!draw_frame_page (cr, frames, options, options->first + page, box, focused, error))
        return FALSE;
      if (show_pages)
        cairo_show_page (cr);
    }
  return TRUE;
}
