/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-util.h: helpers shared by the tests that run the window on a display. */
#pragma once

#include <gtk/gtk.h>

#include "imp-render.h"

#include "imp-session.h"

/* Runs the main loop until the worker has recorded frames (fails after 20 s). */
void imp_test_wait_for_length (ImpSession *session, gint64 frames);
/* The n-th widget of type below root, depth first (fails when there are fewer). */
GtkWidget *imp_test_nth_widget (GtkWidget *root, GType type, guint n);
/* Every widget of type below root, depth first, into found. */
void imp_test_collect_widgets (GtkWidget *root, GType type, GPtrArray *found);
/* Draws a picture onto a new image surface of the view's size; returns it. */
cairo_surface_t *imp_test_render_to_surface (const ImpView *view, const ImpRenderInput *input);
