/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-util.h: helpers shared by the tests that run the window on a display. */
#pragma once

#include <gtk/gtk.h>

#include "imp-render.h"

#include "imp-session.h"

/* Opens the display for the window tests (GTK and libadwaita). Without a display it says so
 * on stderr and returns FALSE, or fails the program when IMPULSE_TESTS_NEED_DISPLAY is set
 * (tools/dev.sh test and CI set it, so a lost display can never pass for a green run). */
gboolean imp_test_init_display (void);
/* Registers a test that needs a display: the test itself when imp_test_init_display()
 * found one, else a case that reports itself skipped with the reason, so the count of
 * skipped cases shows in the TAP output and in meson's summary. */
void imp_test_add_display_func (const char *path, GTestFunc func);

/* Runs the main loop until the worker has recorded frames (fails after 20 s). */
void imp_test_wait_for_length (ImpSession *session, gint64 frames);
/* The n-th widget of type below root, depth first (fails when there are fewer). */
GtkWidget *imp_test_nth_widget (GtkWidget *root, GType type, guint n);
/* Every widget of type below root, depth first, into found. */
void imp_test_collect_widgets (GtkWidget *root, GType type, GPtrArray *found);
/* Draws a picture onto a new image surface of the view's size; returns it. */
cairo_surface_t *imp_test_render_to_surface (const ImpView *view, const ImpRenderInput *input);
