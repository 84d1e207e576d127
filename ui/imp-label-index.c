/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-label-index.c: see the header. */
#include "imp-label-index.h"

gboolean
imp_label_index_at (GtkLabel *label, double x, double y, int *index)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  int lx, ly, trailing;

  gtk_label_get_layout_offsets (label, &lx, &ly);
  return pango_layout_xy_to_index (layout, (int) ((x - lx) * PANGO_SCALE),
                                   (int) ((y - ly) * PANGO_SCALE), index, &trailing);
}
