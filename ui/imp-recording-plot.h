/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording-plot.h: plots over the whole recording (energy, momentum,
 * events per frame), linked to the playhead: a click or a drag seeks. */
#pragma once

#include <gtk/gtk.h>

#include "imp-series.h"
#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_RECORDING_PLOT (imp_recording_plot_get_type ())
G_DECLARE_FINAL_TYPE (ImpRecordingPlot, imp_recording_plot, IMP, RECORDING_PLOT, GtkWidget)

GtkWidget *imp_recording_plot_new (void);
void imp_recording_plot_set_session (ImpRecordingPlot *self, ImpSession *session);

G_END_DECLS
