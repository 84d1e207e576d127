/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-private.h: what the parts of the exporter share (private to ui/).
 *
 * imp-export.c checks options, makes the cairo surfaces and writes files;
 * imp-export-figure.c lays out pages and draws figures, strobes and pages;
 * imp-export-data.c writes the CSV tables.
 */
#pragma once

#include "imp-draw.h"
#include "imp-export.h"

G_BEGIN_DECLS

/* Points per page pixel in PDF: CSS's 96 pixels per inch, so that an SVG and a
 * PDF of the same figure print at the same size. */
#define IMP_EXPORT_PDF_POINTS_PER_PX 0.75

/* imp-export.c */
void imp_export_set_frame_error (ImpFrames *frames, gint64 frame, GError **error);

/* imp-export-figure.c */
gboolean imp_export_draw_pages (cairo_t *cr, ImpFrames *frames,
                                const ImpExportOptions *options, int first_page, int n_pages,
                                gboolean show_pages, GError **error);

/* imp-export-data.c */
GString *imp_export_states_csv (ImpFrames *frames, const ImpExportOptions *options);
GString *imp_export_events_csv (ImpFrames *frames, const ImpExportOptions *options);

G_END_DECLS
