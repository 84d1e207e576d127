/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-label-index.h: which character of a label is under the pointer, for
 * texts whose parts (a lesson's references, a card's lines) link to the canvas. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The byte index into the label's text (its markup without the tags) of the
 * character at (x, y), label coordinates; FALSE when the point is off the text. */
gboolean imp_label_index_at (GtkLabel *label, double x, double y, int *index);

G_END_DECLS
