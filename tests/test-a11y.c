/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-a11y.c: what a screen reader and a keyboard get of the window: every
 * control named, the canvas described in a sentence at the playhead (numbers
 * kept back while a lesson asks for them), lesson 2 walked with the keyboard
 * only. Runs with GTK's test accessibility backend, which keeps the accessible
 * properties where the tests can read them. */
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "imp-canvas-describe.h"
#include "imp-canvas.h"
#include "imp-event-mark.h"
#include "imp-lesson-editor.h"
#include "imp-lesson-list.h"
#include "imp-lesson-player.h"
#include "imp-session.h"
#include "imp-theme-contrast.h"
#include "imp-window.h"
#include "test-ui-util.h"
#include "test-util.h"

/* The accessible name of a widget as a screen reader would build it: its label
 * property, a labelled-by relation, or the text it shows. NULL when none. */
static char *
accessible_name (GtkWidget *widget)
{
  GtkAccessible *accessible = GTK_ACCESSIBLE (widget);
  if (gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    {
      /* The check returns the value when it differs from the one given. */
      char *label = gtk_test_accessible_check_property (accessible,
                                                        GTK_ACCESSIBLE_PROPERTY_LABEL, "");
      if (label != NULL && *label != '\0')
        return label;
      g_free (label);
    }
  if (gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    {
      /* A button is labelled by its own child, which names it only when it shows
       * text (an icon says nothing): that case is looked at below. */
      GtkWidget *child = gtk_widget_get_first_child (widget);
      g_autofree char *other = child != NULL ? gtk_test_accessible_check_relation (
                                   accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY, child, NULL)
                                             : g_strdup ("");
      if (other != NULL)
        return g_strdup ("(labelled by another widget)");
    }
  const char *shown = NULL;
  if (GTK_IS_BUTTON (widget))
    shown = gtk_button_get_label (GTK_BUTTON (widget));
  else if (GTK_IS_MENU_BUTTON (widget))
    shown = gtk_menu_button_get_label (GTK_MENU_BUTTON (widget));
  else if (GTK_IS_CHECK_BUTTON (widget))
    shown = gtk_check_button_get_label (GTK_CHECK_BUTTON (widget));
  if (shown != NULL && *shown != '\0')
    return g_strdup (shown);
  /* A button whose child is a label, or a box holding one. */
  if (GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget))
    for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
         c = gtk_widget_get_next_sibling (c))
      {
        if (GTK_IS_LABEL (c) && *gtk_label_get_text (GTK_LABEL (c)) != '\0')
          return g_strdup (gtk_label_get_text (GTK_LABEL (c)));
        for (GtkWidget *d = gtk_widget_get_first_child (c); d != NULL;
             d = gtk_widget_get_next_sibling (d))
          if (GTK_IS_LABEL (d) && *gtk_label_get_text (GTK_LABEL (d)) != '\0')
            return g_strdup (gtk_label_get_text (GTK_LABEL (d)));
      }
  return NULL;
}

/* Whether a widget is a control a learner operates (and so needs a name). */
static gboolean
is_control (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget)
         || GTK_IS_ENTRY (widget) || GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget)
         || GTK_IS_SWITCH (widget) || GTK_IS_RANGE (widget) || IMP_IS_CANVAS (widget)
         || (GTK_IS_TEXT (widget) && !GTK_IS_EDITABLE (gtk_widget_get_parent (widget)));
}

/* Controls that are parts of a control already checked (a menu button's own
 * toggle, a drop-down's button, an entry's text): named through their owner. */
static gboolean
is_composite (GtkWidget *widget)
{
  return GTK_IS_MENU_BUTTON (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_EDITABLE (widget)
         || GTK_IS_WINDOW_CONTROLS (widget) || GTK_IS_SCROLLBAR (widget);
}

static void
collect_unnamed (GtkWidget *widget, GString *unnamed)
{
  if (!gtk_widget_get_visible (widget) && !GTK_IS_POPOVER (widget))
    return;
  if (is_control (widget))
    {
      g_autofree char *name = accessible_name (widget);
      if (g_getenv ("IMP_A11Y_DEBUG") != NULL)
        g_printerr ("%s: %s\n", G_OBJECT_TYPE_NAME (widget), name ? name : "(none)");
      if (name == NULL)
        {
          const char *tooltip = gtk_widget_get_tooltip_text (widget);
          const char *icon = GTK_IS_BUTTON (widget) ? gtk_button_get_icon_name (GTK_BUTTON (widget))
                                                    : NULL;
          g_string_append_printf (unnamed, "  %s (icon %s, tooltip %s, in %s)\n",
                                  G_OBJECT_TYPE_NAME (widget), icon ? icon : "-",
                                  tooltip ? tooltip : "-",
                                  G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)));
        }
    }
  if (is_composite (widget) && !GTK_IS_MENU_BUTTON (widget))
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      /* A menu button's own toggle is named through the menu button; its popover is not. */
      if (GTK_IS_MENU_BUTTON (widget) && !GTK_IS_POPOVER (c))
        continue;
      collect_unnamed (c, unnamed);
    }
}

static void
assert_all_named (GtkWidget *root)
{
  g_autoptr (GString) unnamed = g_string_new (NULL);
  collect_unnamed (root, unnamed);
  if (unnamed->len > 0)
    g_error ("controls without an accessible name:\n%s", unnamed->str);
}

static void
settle (void)
{
  for (int i = 0; i < 30; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Every control of the window has a name: with a scene (a body selected, so
 * that its form shows) and in a lesson (its panel, prediction entry). */
static void
test_names (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  g_settings_reset (settings, "lesson-progress");
  ImpWindow *window = imp_window_new (NULL);
  ImpSession *session = imp_window_get_session (window);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_window_open (window, path));
  imp_test_wait_for_length (session, 10);
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_CIRCLE, 0 }, FALSE);
  settle ();
  assert_all_named (GTK_WIDGET (window));

  gtk_window_destroy (GTK_WINDOW (window));

  window = imp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_auto (GStrv) course = imp_lesson_list_shipped ();
  g_assert_true (imp_window_open (window, course[1]));
  settle ();
  assert_all_named (GTK_WIDGET (window));
  /* A prediction step: its entry and Check button. */
  imp_lesson_player_go (imp_window_get_lesson_player (window), 1);
  settle ();
  assert_all_named (GTK_WIDGET (window));
  gtk_window_destroy (GTK_WINDOW (window));

  /* The lesson editor, with each goal type's fields shown. */
  window = imp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *teacher
      = g_test_build_filename (G_TEST_DIST, "data", "drafts", "teacher-session.json", NULL);
  g_assert_true (imp_window_open (window, teacher));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "lesson.new-from-session", NULL));
  settle ();
  GtkWidget *editor = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_EDITOR, 0);
  assert_all_named (editor);
  GtkWidget *kind = imp_lesson_editor_get_field (IMP_LESSON_EDITOR (editor), "goal_kind");
  for (guint k = IMP_GOAL_FRAME; k <= IMP_GOAL_MODE; k++)
    {
      gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), k);
      settle ();
      assert_all_named (editor);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "lesson-progress");
}

/* Seed 000 in words: frame 0 with its collision not yet chosen, stepped into
 * (the record's t = 0.503, j = -48,649 along n = (0.97, 0.25)), after the
 * response; a later frame with the wall bounce selected but not stepped into. */
static void
test_describe_seed000 (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 10);

  g_autofree char *start = imp_canvas_describe (session);
  g_assert_cmpstr (start, ==, "Frame 0: 1 event in this frame (Down steps into it)");
  imp_session_step_into (session, 1);
  g_autofree char *into = imp_canvas_describe (session);
  g_assert_cmpstr (into, ==,
                   "Frame 0, step into: c1 and c2 touch at t = 0.503, impulse 48,649 along "
                   "(0.97, 0.25)");
  imp_session_step_into (session, 1);
  g_autofree char *after = imp_canvas_describe (session);
  g_assert_cmpstr (after, ==,
                   "Frame 0, step into, after the response: c1 and c2 touch at t = 0.503, "
                   "impulse 48,649 along (0.97, 0.25)");

  imp_session_set_frame (session, 2);
  g_autofree char *quiet = imp_canvas_describe (session);
  g_assert_cmpstr (quiet, ==, "Frame 2: no events in this frame");
  /* Frame 4's event chosen (as a mark of the timeline bar does), not stepped into. */
  imp_session_go_to_event (session, 4, 0);
  imp_session_set_frame (session, 4);
  g_assert_cmpint (imp_session_get_selected_event (session), ==, 0);
  if (imp_session_get_stop (session) > 0)
    imp_session_step_into (session, -imp_session_get_stop (session));
  g_autofree char *chosen = imp_canvas_describe (session);
  g_assert_cmpstr (chosen, ==,
                   "Frame 4: c2 meets bounds-right at t = 0.095 and reflects, impulse 242 per "
                   "unit mass along (-1.00, 0.00)");
}

/* The canvas widget carries the sentence as its accessible description, renewed
 * on each step. */
static void
test_describe_live (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 10);
  GtkWidget *canvas = g_object_ref_sink (imp_canvas_new ());
  imp_canvas_set_session (IMP_CANVAS (canvas), session);
  gtk_test_accessible_assert_property (canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Frame 0: 1 event in this frame (Down steps into it)");
  imp_session_step_into (session, 1);
  gtk_test_accessible_assert_property (canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Frame 0, step into: c1 and c2 touch at t = 0.503, "
                                       "impulse 48,649 along (0.97, 0.25)");
  imp_session_set_frame (session, 2);
  gtk_test_accessible_assert_property (canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Frame 2: no events in this frame");
  imp_canvas_set_session (IMP_CANVAS (canvas), NULL);
  /* Detached: the session's steps no longer reach it. */
  imp_session_set_frame (session, 0);
  gtk_test_accessible_assert_property (canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
  g_object_unref (canvas);
}

/* While a lesson asks for the time of impact, the sentence keeps it back as the
 * canvas does; once answered it says it. */
static void
test_describe_kept_back (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  ImpViewOptions *options = imp_session_get_view_options (session);
  g_autoptr (GSettings) settings = g_settings_new ("org.impulselab.Impulse");
  g_settings_reset (settings, "lesson-progress");
  g_autoptr (ImpLessonPlayer) player = imp_lesson_player_new (session, settings);
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "lessons", "two-circles.json", NULL);
  g_assert_true (imp_lesson_player_open (player, path, NULL));
  imp_session_set_frame (session, 3);
  g_assert_true (imp_lesson_player_next (player));
  g_assert_true (imp_view_options_get_concealed (options));
  imp_session_step_into (session, 1);
  g_autofree char *hidden = imp_canvas_describe (session);
  g_assert_cmpstr (hidden, ==,
                   "Frame 3, step into: c1 and c2: when and how they meet is kept back until "
                   "you answer the lesson's question");
  g_assert_null (strstr (hidden, "0.5"));
  g_assert_true (imp_lesson_player_submit (player, 0.505));
  g_autofree char *shown = imp_canvas_describe (session);
  g_assert_true (g_str_has_prefix (shown, "Frame 3, step into: c1 and c2 touch at t = 0.500, "
                                          "impulse "));
  imp_lesson_player_close (player);
  g_settings_reset (settings, "lesson-progress");
}

/* Each event kind's mark is its own shape, told apart without colour: which of
 * a few probe points (in units of the mark's half width r) fall inside it. */
static void
test_mark_shapes (void)
{
  static const struct
  {
    PhysEventKind kind;
    const char *shape;
    /* centre, top corners, bottom corners, top and side midpoints at 0.9 r,
     * (0.53, 0.53) r on the diagonal, (0.4, 0.4) r */
    gboolean inside[8];
  } rows[] = {
    { PHYS_EVENT_CIRCLE_CIRCLE, "disc", { 1, 0, 0, 1, 1, 1, 1, 1 } },
    { PHYS_EVENT_CIRCLE_SEGMENT, "triangle", { 1, 0, 1, 1, 0, 1, 1, 1 } },
    { PHYS_EVENT_EMBEDDED, "square", { 1, 1, 1, 1, 1, 1, 1, 1 } },
    { PHYS_EVENT_PROBE_SEGMENT, "diamond", { 1, 0, 0, 1, 1, 0, 1, 1 } },
    { PHYS_EVENT_EVENT_CAP, "cross", { 1, 0, 0, 1, 1, 0, 1, 0 } },
  };
  static const double probes[8][2][2] = {
    { { 0, 0 }, { 0, 0 } },           { { -0.9, -0.9 }, { 0.9, -0.9 } },
    { { -0.9, 0.9 }, { 0.9, 0.9 } },  { { 0, -0.9 }, { 0, 0.9 } },
    { { -0.9, 0 }, { 0.9, 0 } },      { { 0.53, 0.53 }, { -0.53, 0.53 } },
    { { 0.2, 0.7 }, { -0.2, 0.7 } },  { { 0.4, 0.4 }, { -0.4, 0.4 } },
  };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 40);
  cairo_t *cr = cairo_create (surface);
  const double x = 20, y = 20, r = 10;
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_assert_cmpstr (imp_event_mark_shape_name (rows[i].kind), ==, rows[i].shape);
      cairo_new_path (cr);
      imp_event_mark_path (cr, rows[i].kind, x, y, r);
      for (int p = 0; p < 8; p++)
        for (int q = 0; q < 2; q++)
          {
            gboolean in = cairo_in_fill (cr, x + probes[p][q][0] * r, y + probes[p][q][1] * r);
            if (in != rows[i].inside[p])
              g_error ("%s: probe %d (%g, %g) r is %s", rows[i].shape, p, probes[p][q][0],
                       probes[p][q][1], in ? "inside" : "outside");
          }
      /* No two kinds share a shape. */
      for (gsize j = 0; j < i; j++)
        g_assert_true (memcmp (rows[i].inside, rows[j].inside, sizeof rows[i].inside) != 0);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* WCAG 2 relative luminance and contrast ratio. */
static double
luminance (ImpRgba c)
{
  double ch[3] = { c.r, c.g, c.b };
  for (int i = 0; i < 3; i++)
    ch[i] = ch[i] <= 0.03928 ? ch[i] / 12.92 : pow ((ch[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

static double
contrast (ImpRgba a, ImpRgba b)
{
  double la = luminance (a), lb = luminance (b);
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* The high-contrast palettes: the overlay colours that label the card's numbers
 * (the impulse's amber was 3.0:1 on the light page) reach 4.5:1, secondary text
 * is the text, plates are opaque, lines thicker. */
static void
test_high_contrast (void)
{
  for (int dark = 0; dark < 2; dark++)
    {
      const ImpTheme *base = imp_theme_get (dark);
      const ImpTheme *hc = imp_theme_get_high_contrast (dark);
      g_assert_true (imp_theme_for_style (dark, TRUE) == hc);
      g_assert_true (imp_theme_for_style (dark, FALSE) == base);
      ImpRgba colours[] = { hc->velocity, hc->contact, hc->tangent, hc->relative_velocity,
                            hc->impulse, hc->construction, hc->normal_left, hc->normal_right,
                            hc->text_muted };
      for (gsize i = 0; i < G_N_ELEMENTS (colours); i++)
        g_assert_cmpfloat (contrast (colours[i], hc->background), >=, 4.5);
      g_assert_cmpfloat (hc->label_background.a, ==, 1.0);
      g_assert_cmpfloat (hc->overlay_line_px, ==, base->overlay_line_px * 1.5);
      g_assert_cmpfloat (hc->label_px, ==, base->label_px + 2.0);
    }
  /* The ordinary light palette's amber is what needed it. */
  g_assert_cmpfloat (contrast (imp_theme_get (FALSE)->impulse, imp_theme_get (FALSE)->background),
                     <, 4.5);
}

/* A probe's crossing in words: the ship (150, 300) at 3 units a frame reaches
 * the wall's line at x = 450 + (300 - 120) / 360 * 150 = 525, 375 units and
 * so 125 frames away: at the end (t = 1) of frame 124, the frame from state 124
 * to state 125. */
static void
test_describe_probe (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed003-ship-wall.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 130);
  g_assert_true (imp_session_jump_event (session, 1));
  g_autofree char *text = imp_canvas_describe (session);
  g_assert_cmpstr (text, ==, "Frame 124, step into: the path of ship crosses wall at t = 1.000");
}

/* The forms of a polygon and a curve name every control; the canvas says where a selected
 * polygon is and how it turns (seed 004's wheel at its start: 12 vertices, its centre of mass
 * on the axle's point), and a curve's ends and control points. */
static void
test_rigid_forms (void)
{
  ImpWindow *window = imp_window_new (NULL);
  ImpSession *session = imp_window_get_session (window);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *path = imp_test_scene_path ("seed004-wheel.json");
  g_assert_true (imp_window_open (window, path));
  imp_test_wait_for_length (session, 10);
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_POLYGON, 0 }, FALSE);
  settle ();
  assert_all_named (GTK_WIDGET (window));
  g_autofree char *wheel = imp_canvas_describe (session);
  g_assert_cmpstr (wheel, ==,
                   "Frame 0: no events in this frame; wheel selected: a polygon of 12 vertices, "
                   "its centre of mass at (400, 240), turned 0 rad, turning 0 rad per time unit");
  gtk_window_destroy (GTK_WINDOW (window));

  window = imp_window_new (NULL);
  session = imp_window_get_session (window);
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *figure
      = g_test_build_filename (G_TEST_DIST, "data", "cli", "rigid-figure.json", NULL);
  g_assert_true (imp_window_open (window, figure));
  imp_test_wait_for_length (session, 4);
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_CURVE, 0 }, FALSE);
  settle ();
  assert_all_named (GTK_WIDGET (window));
  g_autofree char *ramp = imp_canvas_describe (session);
  g_assert_cmpstr (ramp, ==,
                   "Frame 0: no events in this frame; ramp selected: a B\u00e9zier curve from "
                   "(60, 520) to (380, 520), its control points (160, 400) and (300, 600)");
  imp_session_select_body (session, (PhysBodyRef) { PHYS_BODY_POLYGON, 3 }, FALSE);
  settle ();
  assert_all_named (GTK_WIDGET (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  /* The test backend keeps accessible properties readable (the app's own is AT-SPI). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  imp_test_init_display ();
  imp_test_add_display_func ("/ui/a11y/names", test_names);
  g_test_add_func ("/ui/a11y/describe/seed000", test_describe_seed000);
  g_test_add_func ("/ui/a11y/event-marks/shapes", test_mark_shapes);
  g_test_add_func ("/ui/a11y/theme/high-contrast", test_high_contrast);
  g_test_add_func ("/ui/a11y/describe/kept-back", test_describe_kept_back);
  g_test_add_func ("/ui/a11y/describe/probe", test_describe_probe);
  imp_test_add_display_func ("/ui/a11y/describe/live", test_describe_live);
  imp_test_add_display_func ("/ui/a11y/rigid-forms", test_rigid_forms);
  return g_test_run ();
}
