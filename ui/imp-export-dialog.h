/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-dialog.h: exporting the playhead's moment as a figure (or the data
 * of its frames), with a live preview of exactly what the file will get. */
#pragma once

#include <adwaita.h>

#include "imp-export.h"
#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_EXPORT_DIALOG (imp_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ImpExportDialog, imp_export_dialog, IMP, EXPORT_DIALOG, AdwWindow)

/* Emits "exported" (const char *path) after a file was written. */
ImpExportDialog *imp_export_dialog_new (GtkWindow *parent, ImpSession *session);
GtkLabel *imp_export_dialog_get_problem (ImpExportDialog *self, GtkWidget **export);
gboolean imp_export_dialog_get_options (ImpExportDialog *self, ImpExportOptions *options,
                                        GError **error);

G_END_DECLS
