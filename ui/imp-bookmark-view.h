/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-bookmark-view.h: what a bookmark keeps of the window's view (the event
 * stepped into, the selection, the overlays: an #ImpBookmarkView), so that a
 * session's bookmarks can become the steps of a lesson draft. GLib only. */
#pragma once

#include "imp-session-file.h"
#include "imp-session.h"

G_BEGIN_DECLS

void imp_bookmark_view_capture (ImpSession *session, int index);
gboolean imp_bookmark_view_get (ImpSession *session, int index, ImpBookmarkView *view);

G_END_DECLS
