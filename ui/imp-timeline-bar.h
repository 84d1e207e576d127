/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-timeline-bar.h: the scrubber over the whole recording, with its events. */
#pragma once

#include <gtk/gtk.h>

#include "imp-session.h"
#include "imp-theme.h"

G_BEGIN_DECLS

#define IMP_TYPE_TIMELINE_BAR (imp_timeline_bar_get_type ())
G_DECLARE_FINAL_TYPE (ImpTimelineBar, imp_timeline_bar, IMP, TIMELINE_BAR, GtkWidget)

GtkWidget *imp_timeline_bar_new (void);
void imp_timeline_bar_set_session (ImpTimelineBar *self, ImpSession *session);
/* The first frame with events under the mark nearest x (within 3 pixels), or -1. */
gint64 imp_timeline_bar_event_at (ImpTimelineBar *self, double x);
/* What a click at x does: steps into the event mark there (its first event,
 * selected, the playhead before its response; TRUE), or seeks to x's frame. */
gboolean imp_timeline_bar_click (ImpTimelineBar *self, double x);
/* The colour the bar uses for events of a kind (also shown in the canvas legend). */
ImpRgba imp_timeline_bar_kind_color (const ImpTheme *theme, PhysEventKind kind);

G_END_DECLS
