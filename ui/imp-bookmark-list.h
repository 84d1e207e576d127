/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-bookmark-list.h: the list of bookmarks with their notes; jump to each. */
#pragma once

#include <gtk/gtk.h>

#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_BOOKMARK_LIST (imp_bookmark_list_get_type ())
G_DECLARE_FINAL_TYPE (ImpBookmarkList, imp_bookmark_list, IMP, BOOKMARK_LIST, GtkWidget)

GtkWidget *imp_bookmark_list_new (void);
void imp_bookmark_list_set_session (ImpBookmarkList *self, ImpSession *session);

G_END_DECLS
