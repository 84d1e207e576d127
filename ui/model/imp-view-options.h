/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-view-options.h: how the views show the run, shared by all of them: the
 * overlays drawn over the bodies, the term of the math the pointer is on (lit
 * on the canvas and marked on the card), and the answers a lesson keeps back
 * until the learner has predicted them. The session composes one; views bind
 * to its properties and redraw when it notifies. GLib only: tests drive it
 * without a display.
 */
#pragma once

#include <glib-object.h>

#include "imp-overlays.h"
#include "phys.h"

G_BEGIN_DECLS

/**
 * ImpKeptBackKind:
 * @IMP_KEPT_PAIR: the test and response of two bodies, at every frame
 * @IMP_KEPT_MOTION: a body's position and velocity at state @frame
 * @IMP_KEPT_WORLD: the world's counts and energy at @frame
 */
typedef enum
{
  IMP_KEPT_PAIR,
  IMP_KEPT_MOTION,
  IMP_KEPT_WORLD,
} ImpKeptBackKind;

/**
 * ImpKeptBack:
 * @kind: what is kept back
 * @a: a body's name ("" for the world)
 * @b: the other of a pair ("" otherwise)
 * @frame: MOTION, WORLD: the state or frame
 *
 * One answer a lesson keeps back (imp-conceal.h says where each is hidden).
 */
typedef struct
{
  ImpKeptBackKind kind;
  char a[PHYS_NAME_MAX];
  char b[PHYS_NAME_MAX];
  gint64 frame;
} ImpKeptBack;

#define IMP_TYPE_VIEW_OPTIONS (imp_view_options_get_type ())
G_DECLARE_FINAL_TYPE (ImpViewOptions, imp_view_options, IMP, VIEW_OPTIONS, GObject)

ImpViewOptions *imp_view_options_new (void);

ImpOverlays imp_view_options_get_overlays (ImpViewOptions *self);
void imp_view_options_set_overlays (ImpViewOptions *self, ImpOverlays overlays);

const char *imp_view_options_get_highlight_term (ImpViewOptions *self);
void imp_view_options_set_highlight_term (ImpViewOptions *self, const char *term);
void imp_view_options_point_at_term (ImpViewOptions *self, const char *term, gboolean *lit);

int imp_view_options_get_sat_step (ImpViewOptions *self);
void imp_view_options_set_sat_step (ImpViewOptions *self, int step);

gboolean imp_view_options_get_concealed (ImpViewOptions *self);
void imp_view_options_set_concealed (ImpViewOptions *self, gboolean concealed);
const GArray *imp_view_options_get_kept_back (ImpViewOptions *self);
void imp_view_options_set_kept_back (ImpViewOptions *self, GArray *kept_back);

G_END_DECLS
