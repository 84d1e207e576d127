/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-render-private.h: what the parts of the renderer share (private to ui/).
 *
 * imp_render() (imp-render.c) sets up a Render, the state of one picture, and
 * hands it to the parts: the bodies (imp-render-bodies.c), the math of events
 * (imp-render-figures.c), and the text: labels, names and the legend
 * (imp-render-text.c). imp-render-kit.c holds the pieces they all draw with:
 * lines, arrows, numbers and queued labels. Everything is in canvas pixels
 * unless a name says world.
 */
#pragma once

#include <string.h>

#include <pango/pangocairo.h>

#include "imp-draw.h"
#include "imp-labels.h"
#include "imp-raster.h"
#include "imp-render.h"
#include "imp-theme.h"

G_BEGIN_DECLS

/* Fixed budgets, so that drawing a frame never allocates for its bookkeeping. */
#define MAX_LABELS 48
#define MAX_PLACED 512
#define MAX_OBSTACLES 256
#define LABEL_TEXT_MAX 192
/* Name labels beyond this many per frame would cost more than the rest of the
 * picture and could not be read anyway. */
#define ID_LABEL_BUDGET 150
/* Probe-segment predictions asked per frame under IMP_OVERLAY_PROBES. */
#define PROBE_PAIR_BUDGET 4096
/* Pixel shortcuts (imp-raster.h) only pay off, and only lose their quarter
 * pixel of precision, in large worlds: below these counts everything is paths. */
#define RASTER_MIN_CIRCLES 150
#define RASTER_MIN_SEGMENTS 3000
/* How far a trail may stray from a straight line before it is drawn as a bend. */
#define TRAIL_TOLERANCE_PX 0.3
/* Velocity arrows shorter than this have no room for a head worth drawing. */
#define SHORT_ARROW_PX 6.0
/* Segments whose normals are drawn; more would hide the segments. */
#define NORMALS_BUDGET 24

#define ARROW_HEAD_PX 10.0
#define ARROW_HALF_WIDTH_PX 4.0
#define TANGENT_HALF_PX 44.0
#define CONTACT_DOT_PX 3.5
#define EVENT_DOT_PX 2.5
#define HALO_PX 8.0
#define PROBE_SIZE_PX 9.0
#define SPRING_ZIG_PX 4.0
#define SELECTION_GAP_PX 4.0
#define DIMENSION_OFFSET_PX 14.0
#define IMPULSE_OFFSET_PX 7.0
#define LEADER_MIN_PX 14.0
#define LEGEND_MARGIN_PX 12.0
/* How far apart two arrows on one line are drawn, each to its own left. */
#define ARROW_ASIDE_PX 4.0
/* Circles this near a label's anchor compete with its own body for it. */
#define RIVAL_REACH_PX 160.0
#define MAX_RIVALS 32
/* Arrows that are not velocities to scale (relative velocity, impulse, the
 * reflect construction) are magnified or shrunk by a round factor into this
 * range of lengths, and say so in their label. */
#define VECTOR_MIN_PX 60.0
#define VECTOR_MAX_PX 220.0

/* Stamp keys (imp-raster.h): the circle styles count from 0, event dots by
 * kind from here. */
#define STAMP_EVENT 100

/* What has been drawn, for the legend. */
enum
{
  DRAWN_CIRCLE = 1u << 0,
  DRAWN_FIXED = 1u << 1,
  DRAWN_SLEEPING = 1u << 2,
  DRAWN_PASSIVE = 1u << 3,
  DRAWN_REFLECT = 1u << 4,
  DRAWN_SLIDE = 1u << 5,
  DRAWN_PROBE = 1u << 6,
  DRAWN_VELOCITY = 1u << 7,
  DRAWN_SWEPT = 1u << 8,
  DRAWN_GHOST = 1u << 9,
  DRAWN_CONTACT = 1u << 10,
  DRAWN_TANGENT = 1u << 11,
  DRAWN_RELATIVE = 1u << 12,
  DRAWN_IMPULSE = 1u << 13,
  DRAWN_AFTER = 1u << 14,
  DRAWN_CONSTRUCTION = 1u << 15,
  DRAWN_NORMALS = 1u << 16,
  DRAWN_PROBE_RAY = 1u << 17,
  DRAWN_PROBE_PAST = 1u << 18,
  DRAWN_TRAIL = 1u << 19,
  DRAWN_GHOST_BRANCH = 1u << 20,
  DRAWN_SELECTION = 1u << 21,
  DRAWN_SPRING = 1u << 22,
  DRAWN_BUNGEE = 1u << 23,
  DRAWN_ANCHOR = 1u << 24,
  DRAWN_BEFORE = 1u << 25, /* velocities before a response, faded after it */
};

/* The rigid bodies' parts, past 32 bits; then the event dots, one bit per event kind. */
#define DRAWN_POLYGON (G_GUINT64_CONSTANT (1) << 26)
#define DRAWN_FIXED_POLYGON (G_GUINT64_CONSTANT (1) << 27)
#define DRAWN_CURVE (G_GUINT64_CONSTANT (1) << 28)
#define DRAWN_ANGLE (G_GUINT64_CONSTANT (1) << 29) /* angle mark and centre of mass */
#define DRAWN_SPIN (G_GUINT64_CONSTANT (1) << 30)  /* angular velocity arcs */
#define DRAWN_CONTROL (G_GUINT64_CONSTANT (1) << 31) /* a curve's control polygon */
#define DRAWN_EVENTS (G_GUINT64_CONSTANT (1) << 32) /* shifted by the event kind */
/* The separating axis picture, past the event dots. */
#define DRAWN_SAT_A (G_GUINT64_CONSTANT (1) << 48)     /* A's projection: a solid bar */
#define DRAWN_SAT_B (G_GUINT64_CONSTANT (1) << 49)     /* B's projection: a hatched bar */
#define DRAWN_SAT_EDGES (G_GUINT64_CONSTANT (1) << 50) /* reference and incident edges */
#define DRAWN_LEVER (G_GUINT64_CONSTANT (1) << 51)     /* lever arms r_A, r_B */
#define DRAWN_MTV (G_GUINT64_CONSTANT (1) << 52)       /* the minimum translation vector */
#define DRAWN_SLEEPING_POLYGON (G_GUINT64_CONSTANT (1) << 53) /* a polygon asleep: faded, "z" */

struct _ImpRenderCache
{
  ImpStamps stamps;
  ImpLineMask mask;
};

typedef struct
{
  char text[LABEL_TEXT_MAX];
  PhysVec2 anchor;
  double clearance;
  PhysVec2 dir;
  ImpCapsule own;
  gboolean has_own;
  ImpRgba color;
  gboolean bold;
  gboolean strong;
  gboolean faded;
  int body; /* the circle the label is about (its rivals are the others), -1: none */
} Label;

typedef struct
{
  cairo_t *cr;
  const ImpView *view;
  const ImpRenderInput *in;
  const ImpTheme *theme;
  const char *vel_unit;
  guint64 drawn;
  gboolean raster;
  gboolean use_stamps;
  gboolean names_crowded;
  int focus_a, focus_b; /* circles the selection is about, -1 for none */
  ImpRenderCache *cache;
  ImpRenderCache local_cache;
  PangoLayout *layout;
  PangoFontDescription *font;
  PangoFontDescription *font_bold;
  PangoFontDescription *font_small;
  ImpLabelPlacer placer;
  ImpRect placed[MAX_PLACED];
  ImpObstacle obstacles[MAX_OBSTACLES];
  Label labels[MAX_LABELS];
  Label sink;
  int n_labels;
} Render;

/* Small helpers every part uses on every body: inline. */

/* imp_view_to_screen(), inlined. */
static inline PhysVec2
px (const Render *r, PhysVec2 world)
{
  const ImpView *v = r->view;
  return phys_v2 ((world.x - v->center.x) * v->scale + v->width / 2.0,
                  (world.y - v->center.y) * v->scale + v->height / 2.0);
}

/* Records where a term's figure is drawn (for the canvas's pointer). */
static inline void
hot (const Render *r, const char *name, PhysVec2 a, PhysVec2 b, double radius)
{
  if (r->in->hotspots != NULL)
    {
      ImpHotspot spot = { name, a, b, radius, FALSE };
      g_array_append_val (r->in->hotspots, spot);
    }
}

/* Records a ring's outline as a term's figure. */
static inline void
hot_ring (const Render *r, const char *name, PhysVec2 centre, double radius)
{
  if (r->in->hotspots != NULL)
    {
      ImpHotspot spot = { name, centre, centre, radius, TRUE };
      g_array_append_val (r->in->hotspots, spot);
    }
}

/* Whether the inspector points at a term. */
static inline gboolean
term (const Render *r, const char *name)
{
  return r->in->highlight_term != NULL && strcmp (r->in->highlight_term, name) == 0;
}

static inline gboolean
overlay (const Render *r, ImpOverlays which)
{
  return (r->in->overlays & which) != 0;
}

/* Where circle i is drawn: the world's centre or the caller's override. */
static inline PhysVec2
circle_position (const Render *r, int i, const PhysCircle *c)
{
  return r->in->positions != NULL ? r->in->positions[i] : c->position;
}

/* imp-render-kit.c: numbers */
const char *imp_render_fmt_real (char *buf, gsize size, double value, int decimals);
int imp_render_decimals (double magnitude);
const char *imp_render_fmt_vec (char *buf, gsize size, PhysVec2 v, int decimals);
double imp_render_nice_factor (double length_px, double lo, double hi);
const char *imp_render_fmt_factor (char *buf, gsize size, double factor);
const char *imp_render_subscript (int i);

/* imp-render-kit.c: what labels keep off, and queued labels */
void imp_render_obstacle_dot (Render *r, PhysVec2 center, double radius);
void imp_render_obstacle_circle (Render *r, PhysVec2 center, double radius);
void imp_render_obstacle_line (Render *r, PhysVec2 a, PhysVec2 b, double radius);
Label *imp_render_label (Render *r, PhysVec2 anchor, double clearance, PhysVec2 dir, ImpRgba color,
                         gboolean bold, const char *format, ...) G_GNUC_PRINTF (7, 8);
Label *imp_render_label_arrow (Render *r, PhysVec2 a, PhysVec2 b, ImpRgba color, gboolean bold,
                               const char *format, ...) G_GNUC_PRINTF (6, 7);

/* imp-render-kit.c: arrows that would lie on each other, and arrows inside their circle */
gboolean imp_render_arrows_overlap (PhysVec2 a0, PhysVec2 b0, PhysVec2 a1, PhysVec2 b1);
void imp_render_arrow_outside (PhysVec2 *a, PhysVec2 *b, double radius_px);
void imp_render_arrow_aside (PhysVec2 *a, PhysVec2 *b);
void imp_render_record_box (const Render *r, const char *kind, const ImpRect *rect, PhysVec2 anchor,
                            int body);

/* imp-render-kit.c: drawing */
void imp_render_set_dash (cairo_t *cr, gboolean dashed);
void imp_render_line (Render *r, PhysVec2 a, PhysVec2 b, ImpRgba color, double width,
                      gboolean dashed);
void imp_render_halo (Render *r, PhysVec2 a, PhysVec2 b, double width);
void imp_render_dot (Render *r, PhysVec2 c, double radius, ImpRgba color);
void imp_render_ring (Render *r, PhysVec2 c, double radius, ImpRgba color, double width,
                      gboolean dashed);
void imp_render_head_path (cairo_t *cr, PhysVec2 a, PhysVec2 b, double head);
void imp_render_anchor_square (cairo_t *cr, PhysVec2 c, ImpRgba fill, ImpRgba stroke);
void imp_render_arrow (Render *r, PhysVec2 a, PhysVec2 b, ImpRgba color, double width,
                       gboolean dashed, gboolean halo);

/* imp-render-sat.c */
void imp_render_draw_rigid_selected (Render *r);
PhysAabb imp_render_rigid_focus_box (const ImpRenderInput *input, PhysAabb box);

/* imp-render-bodies.c */
void imp_render_draw_background (Render *r);
void imp_render_draw_trails (Render *r);
void imp_render_hatch (Render *r);
void imp_render_draw_circles (Render *r);
void imp_render_draw_segments (Render *r);
void imp_render_draw_springs (Render *r);
void imp_render_draw_spring_ends (Render *r);
void imp_render_draw_probes (Render *r);
void imp_render_draw_ghost_branch (Render *r);
void imp_render_draw_velocities (Render *r, const PhysVec2 *disp);
void imp_render_draw_selection (Render *r);

/* imp-render-rigid.c */
void imp_render_draw_polygons (Render *r);
void imp_render_draw_circle_turns (Render *r);
void imp_render_draw_curves (Render *r);
void imp_render_draw_spins (Render *r);
void imp_render_select_polygon (Render *r, int i);
void imp_render_select_curve (Render *r, int i);

/* imp-render-figures.c */
void imp_render_draw_probe_predictions (Render *r);
void imp_render_draw_normals (Render *r);
void imp_render_draw_event_marks (Render *r);
void imp_render_draw_selected (Render *r);

/* imp-render-text.c */
void imp_render_draw_label (Render *r, const Label *label);
gboolean imp_render_names_crowded (const Render *r);
void imp_render_draw_ids (Render *r);
void imp_render_draw_legend (Render *r);

G_END_DECLS
