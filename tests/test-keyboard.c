/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-keyboard.c: lesson 2 of the course walked to its end with the keyboard
 * only, as a learner without a pointer would: real key presses through the X
 * server (XTest), Tab to move the focus, the shortcuts the lesson's hints name,
 * typing into the prediction entry and into the inspector's fields; no pointer,
 * no Show Me, no action called from the test. */
#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <string.h>

#include "imp-application.h"
#include "imp-body-editor.h"
#include "imp-lesson-list.h"
#include "imp-lesson-panel.h"
#include "imp-lesson-player.h"
#include "imp-session.h"
#include "imp-window.h"
#include "test-ui-util.h"
#include "test-util.h"

typedef int (*FakeKeyFunc) (Display *display, unsigned int keycode, Bool press,
                            unsigned long delay);

static FakeKeyFunc fake_key;
static Display *xdisplay;
static Window xwindow;

/* Lets the X server deliver what was sent and GTK answer it: GTK reads input
 * on its frame clock's beat, so at least two beats (40 ms) pass. */
static void
settle (void)
{
  XSync (xdisplay, False);
  gint64 start = g_get_monotonic_time ();
  while (g_get_monotonic_time () - start < 40000 || XPending (xdisplay) > 0)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (1000);
      if (g_get_monotonic_time () - start > 2 * G_USEC_PER_SEC)
        break;
    }
}

/* Settles until entry shows text (the keys typed have all arrived). */
static void
settle_until_text (GtkWidget *entry, const char *text)
{
  for (int i = 0; i < 50 && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), text) != 0;
       i++)
    settle ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, text);
}

static void
key_event (guint keyval, gboolean press)
{
  KeyCode code = XKeysymToKeycode (xdisplay, keyval);
  g_assert_cmpuint (code, !=, 0);
  fake_key (xdisplay, code, press, 0);
}

/* One key pressed and released, with Control or Shift held when asked. With no
 * window manager under Xvfb the test gives the window the keyboard, before each
 * key: another test's window on the same display may have taken it. */
static void
press (guint keyval, GdkModifierType mods)
{
  XSetInputFocus (xdisplay, xwindow, RevertToParent, CurrentTime);
  if (mods & GDK_CONTROL_MASK)
    key_event (GDK_KEY_Control_L, TRUE);
  if (mods & GDK_SHIFT_MASK)
    key_event (GDK_KEY_Shift_L, TRUE);
  key_event (keyval, TRUE);
  key_event (keyval, FALSE);
  if (mods & GDK_SHIFT_MASK)
    key_event (GDK_KEY_Shift_L, FALSE);
  if (mods & GDK_CONTROL_MASK)
    key_event (GDK_KEY_Control_L, FALSE);
  settle ();
}

static void
type (const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    press (*c == '-' ? GDK_KEY_minus : *c == '.' ? GDK_KEY_period : (guint) *c, 0);
}

/* Presses Tab until the focus is in target (a learner reads the focus ring;
 * the test reads the focus). Fails after more presses than the window has
 * controls. */
static void
tab_to (GtkWindow *window, GtkWidget *target)
{
  for (int i = 0; i < 300; i++)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
      if (focus != NULL && (focus == target || gtk_widget_is_ancestor (focus, target)))
        return;
      press (GDK_KEY_Tab, 0);
    }
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_error ("Tab never reached the %s; the focus is on a %s", G_OBJECT_TYPE_NAME (target),
           focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing");
}

/* Types a prediction into the lesson panel's entry and presses Enter. */
static void
predict (GtkWindow *window, const char *value)
{
  GtkWidget *panel = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_PANEL, 0);
  GtkWidget *entry = imp_test_nth_widget (panel, GTK_TYPE_ENTRY, 0);
  g_assert_true (gtk_widget_get_mapped (entry));
  tab_to (window, entry);
  press (GDK_KEY_a, GDK_CONTROL_MASK);
  type (value);
  settle_until_text (entry, value);
  press (GDK_KEY_Return, 0);
}

/* The inspector's form of the body named name. */
static GtkWidget *
form_of (GtkWindow *window, const char *name)
{
  g_autoptr (GPtrArray) forms = g_ptr_array_new ();
  imp_test_collect_widgets (GTK_WIDGET (window), IMP_TYPE_BODY_EDITOR, forms);
  for (guint i = 0; i < forms->len; i++)
    {
      g_autoptr (GPtrArray) labels = g_ptr_array_new ();
      g_autofree char *title = g_strdup_printf ("Edit %s (", name);
      imp_test_collect_widgets (forms->pdata[i], GTK_TYPE_LABEL, labels);
      for (guint j = 0; j < labels->len; j++)
        if (gtk_widget_get_mapped (forms->pdata[i])
            && g_str_has_prefix (gtk_label_get_text (labels->pdata[j]), title))
          return forms->pdata[i];
    }
  g_error ("no form of %s in the inspector", name);
  return NULL;
}

/* Sets a field of a body's form (0 x, 1 y, 2 vx, 3 vy) by typing it: Tab to it,
 * Ctrl+A, the number, Enter. */
static void
set_field (GtkWindow *window, const char *body, guint field, const char *value)
{
  GtkWidget *entry = imp_test_nth_widget (form_of (window, body), GTK_TYPE_ENTRY, field);
  g_assert_true (gtk_widget_get_mapped (entry));
  tab_to (window, entry);
  press (GDK_KEY_a, GDK_CONTROL_MASK);
  type (value);
  settle_until_text (entry, value);
  press (GDK_KEY_Return, 0);
}

/* Both fields of c2's velocity (fields 2 and 3) or of its centre (0 and 1). */
static void
set_pair (GtkWindow *window, guint first, const char *x, const char *y)
{
  set_field (window, "c2", first, x);
  set_field (window, "c2", first + 1, y);
}

static void
next_step (ImpLessonPlayer *player, guint expected)
{
  g_assert_true (imp_lesson_player_get_reached (player));
  press (GDK_KEY_Page_Down, 0);
  for (int i = 0; i < 50 && imp_lesson_player_get_step (player) != expected; i++)
    settle ();
  g_assert_cmpuint (imp_lesson_player_get_step (player), ==, expected);
}

static void
test_lesson2 (void)
{
  void *xtst = dlopen ("libXtst.so.6", RTLD_NOW);
  GdkDisplay *display = gdk_display_get_default ();
  if (xtst == NULL || !GDK_IS_X11_DISPLAY (display))
    {
      /* Where every test must run (tools/dev.sh test, CI), a missing library is
       * a failure to say, not a skip to overlook. */
      if (g_getenv ("IMPULSE_TESTS_NEED_DISPLAY") != NULL)
        g_error ("the keyboard test needs an X display with the XTest extension: install "
                 "the Debian package libxtst6 (tools/dev.sh test does)");
      g_test_skip ("needs an X display with the XTest extension (libXtst.so.6)");
      return;
    }
  fake_key = (FakeKeyFunc) dlsym (xtst, "XTestFakeKeyEvent");
  g_assert_nonnull (fake_key);
  xdisplay = gdk_x11_display_get_xdisplay (display);

  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  g_settings_reset (settings, "lesson-progress");
  /* The application holds the accelerators (Page Down for Next). */
  g_autoptr (ImpApplication) app = imp_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  ImpWindow *window = imp_window_new (GTK_APPLICATION (app));
  ImpLessonPlayer *player = imp_window_get_lesson_player (window);
  ImpSession *session = imp_window_get_session (window);
  g_auto (GStrv) course = imp_lesson_list_shipped ();
  g_assert_true (g_str_has_suffix (course[1], "02-swept-quadratic.json"));
  g_assert_true (imp_window_open (window, course[1]));
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  xwindow = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  imp_test_wait_for_length (session, 3);

  /* Step 1: "Press Right once." */
  g_assert_cmpuint (imp_lesson_player_get_step (player), ==, 0);
  press (GDK_KEY_Right, 0);
  g_assert_cmpint (imp_session_get_frame (session), ==, 1);
  next_step (player, 1);

  /* Steps 2 to 4: c, b and the discriminant, typed into the prediction entry. */
  predict (GTK_WINDOW (window), "2100");
  next_step (player, 2);
  predict (GTK_WINDOW (window), "-2400");
  next_step (player, 3);
  predict (GTK_WINDOW (window), "-1800000");
  next_step (player, 4);

  /* Step 5: the miss made a hit by typing c2's velocity into its form. */
  set_pair (GTK_WINDOW (window), 2, "-10", "-30");
  next_step (player, 5);
  /* Step 6: the time of impact. */
  predict (GTK_WINDOW (window), "0.6");
  next_step (player, 6);
  /* Steps 7 to 9: after the frame, moving apart, no relative motion. */
  set_pair (GTK_WINDOW (window), 2, "10", "-15");
  next_step (player, 7);
  set_pair (GTK_WINDOW (window), 2, "40", "0");
  next_step (player, 8);
  set_pair (GTK_WINDOW (window), 2, "30", "0");
  next_step (player, 9);
  /* Step 10, the last: already overlapping, c2 moved onto c1. */
  set_pair (GTK_WINDOW (window), 0, "232", "309");
  g_assert_true (imp_lesson_player_get_reached (player));
  g_assert_cmpint (imp_lesson_progress_get (settings, "swept-quadratic"), ==, 10);

  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
  g_settings_reset (settings, "lesson-progress");
  dlclose (xtst);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  imp_test_init_display ();
  imp_test_add_display_func ("/ui/keyboard/lesson2", test_lesson2);
  return g_test_run ();
}
