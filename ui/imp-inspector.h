/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-inspector.h: the sidebar that shows the math of the selected event. */
#pragma once

#include <gtk/gtk.h>

#include "imp-cards.h"
#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_INSPECTOR (imp_inspector_get_type ())
G_DECLARE_FINAL_TYPE (ImpInspector, imp_inspector, IMP, INSPECTOR, GtkWidget)

GtkWidget *imp_inspector_new (void);
void imp_inspector_set_session (ImpInspector *self, ImpSession *session);
/* The card now shown, in style (plain text or LaTeX for copying); NULL when
 * nothing is selected. */
char *imp_inspector_dup_card (ImpInspector *self, ImpCardStyle style);
/* The term computed by the card's line at (x, y) of the card's label, or NULL:
 * the one the pointer there lights on the canvas. */
const char *imp_inspector_term_at (ImpInspector *self, double x, double y);

char *imp_inspector_dup_world_summary (ImpSession *session);

G_END_DECLS
