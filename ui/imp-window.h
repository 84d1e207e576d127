/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-window.h: the main window: canvas, transport and timeline bar. */
#pragma once

#include <adwaita.h>

#include "imp-lesson-player.h"
#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_WINDOW (imp_window_get_type ())
G_DECLARE_FINAL_TYPE (ImpWindow, imp_window, IMP, WINDOW, AdwApplicationWindow)

ImpWindow *imp_window_new (GtkApplication *application);
ImpSession *imp_window_get_session (ImpWindow *self);
/* Opens a scene, session or lesson; on error shows it in a toast and keeps what was open. */
gboolean imp_window_open (ImpWindow *self, const char *path);
gboolean imp_window_open_where_left_off (ImpWindow *self);
ImpLessonPlayer *imp_window_get_lesson_player (ImpWindow *self);

G_END_DECLS
