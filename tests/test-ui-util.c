/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-util.c: see the header. */
#include "test-ui-util.h"

#include <adwaita.h>

static gboolean have_display;

gboolean
imp_test_init_display (void)
{
  have_display = gtk_init_check ();
  if (have_display)
    {
      adw_init ();
      return TRUE;
    }
  if (g_getenv ("IMPULSE_TESTS_NEED_DISPLAY") != NULL)
    g_error ("no display, and IMPULSE_TESTS_NEED_DISPLAY is set: run the tests under "
             "xvfb-run -a");
  g_printerr ("%s: NO DISPLAY: the window tests of this program are skipped; "
              "run them with `xvfb-run -a meson test -C build`\n", g_get_prgname ());
  return FALSE;
}

static void
skip_without_display (gconstpointer data)
{
  g_test_skip ("no display: run the tests under xvfb-run -a");
}

void
imp_test_add_display_func (const char *path, GTestFunc func)
{
  if (have_display)
    g_test_add_func (path, func);
  else
    g_test_add_data_func (path, NULL, skip_without_display);
}

void
imp_test_wait_for_length (ImpSession *session, gint64 frames)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_TIME_SPAN_SECOND;
  while (imp_session_get_length (session) < frames && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (imp_session_get_length (session), >=, frames);
}

void
imp_test_collect_widgets (GtkWidget *root, GType type, GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    imp_test_collect_widgets (c, type, found);
}

GtkWidget *
imp_test_nth_widget (GtkWidget *root, GType type, guint n)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();
  imp_test_collect_widgets (root, type, found);
  g_assert_cmpuint (found->len, >, n);
  return found->pdata[n];
}

cairo_surface_t *
imp_test_render_to_surface (const ImpView *view, const ImpRenderInput *input)
{
  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width, view->height);
  cairo_t *cr = cairo_create (surface);

  imp_render (cr, view, input);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}
