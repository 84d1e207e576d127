/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-timeline.c: a recording saved as a session and read back is the
 * identical recording. */
#include <glib/gstdio.h>

#include "imp-scene.h"
#include "imp-session-timeline.h"
#include "test-util.h"

static char *
scene_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "lessons", "scenes", "seed001-balls-in-box.json",
                                NULL);
}

static PhysEdit
set_velocity (const char *name, double vx, double vy)
{
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, name);
  e.fields = PHYS_EDIT_VELOCITY;
  e.velocity = phys_v2 (vx, vy);
  return e;
}

static void
test_round_trip (void)
{
  g_autofree char *path = scene_path ();
  g_autoptr (GError) error = NULL;
  PhysWorld *scene = imp_scene_load_file (path, &error);
  g_assert_no_error (error);

  /* A learner's run: record, edit at 40, rewind and edit at 25 (a new branch),
   * edit again at 60, change gravity at 90, bookmark two moments. */
  PhysTimeline *tl = phys_timeline_new (scene, NULL);
  phys_timeline_record (tl, 100);
  PhysEdit a = set_velocity ("ball-03", 4.0, -1.5);
  g_assert_cmpint (phys_timeline_edit (tl, 40, &a), ==, PHYS_OK);
  phys_timeline_record (tl, 30);
  PhysEdit b = set_velocity ("ball-07", -2.0, 3.0);
  g_assert_cmpint (phys_timeline_edit (tl, 25, &b), ==, PHYS_OK);
  phys_timeline_record (tl, 40);
  PhysEdit c = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, "newcomer");
  c.position = phys_v2 (400.0, 40.0);
  c.velocity = phys_v2 (0.5, 2.0);
  c.radius = 12.0;
  g_assert_cmpint (phys_timeline_edit (tl, 60, &c), ==, PHYS_OK);
  phys_timeline_record (tl, 30);
  PhysEdit d = phys_edit_init (PHYS_EDIT_SET_WORLD, NULL);
  d.fields = PHYS_EDIT_GRAVITY;
  d.gravity = phys_v2 (0.0, 0.1);
  g_assert_cmpint (phys_timeline_edit (tl, 90, &d), ==, PHYS_OK);
  phys_timeline_record (tl, 110);
  phys_timeline_add_bookmark (tl, 33, "ball-07 turns");
  phys_timeline_add_bookmark (tl, 150, NULL);
  /* What the window showed at the first: ball-07 and ball-03 stepped into, two overlays. */
  const char *view = "{\"event\":1,\"select\":[\"ball-07\",\"ball-03\"],"
                     "\"overlays\":[\"velocity\",\"contact\"]}";
  phys_timeline_set_bookmark_view (tl, 0, view);
  g_assert_cmpint (phys_timeline_edit_count (tl), ==, 3);
  g_assert_cmpint (phys_timeline_length (tl), ==, 200);

  /* Save, load, rebuild. */
  g_autoptr (ImpSessionFile) saved
      = imp_session_file_from_timeline (tl, phys_world_copy (scene), path, NULL);
  g_autofree char *dir = g_dir_make_tmp ("impulse-session-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *file = g_build_filename (dir, "run.impulse-session.json", NULL);
  g_assert_true (imp_session_file_save (saved, file, &error));
  g_assert_no_error (error);
  g_autoptr (ImpSessionFile) loaded = imp_session_file_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->edits->len, ==, 3);
  g_assert_cmpuint (loaded->bookmarks->len, ==, 2);
  const ImpSessionFileBookmark *first
      = &g_array_index (loaded->bookmarks, ImpSessionFileBookmark, 0);
  g_assert_true (first->view.has_event && first->view.has_select && first->view.has_overlays);
  g_assert_cmpint (first->view.event, ==, 1);
  g_assert_cmpstr (first->view.select[1], ==, "ball-03");
  g_assert_false (
      g_array_index (loaded->bookmarks, ImpSessionFileBookmark, 1).view.has_select);

  PhysTimeline *again = imp_session_file_to_timeline (loaded, NULL, &error);
  g_assert_no_error (error);
  phys_timeline_record (again, 200 - phys_timeline_length (again));
  g_assert_cmpint (phys_timeline_length (again), ==, 200);
  g_assert_cmpint (phys_timeline_edit_count (again), ==, 3);
  for (int i = 0; i < 3; i++)
    {
      gint64 f0, f1;
      PhysEdit e0 = phys_timeline_get_edit (tl, i, &f0);
      PhysEdit e1 = phys_timeline_get_edit (again, i, &f1);
      g_assert_cmpint (f0, ==, f1);
      g_assert_cmpstr (e0.name, ==, e1.name);
      g_assert_cmpint (e0.kind, ==, e1.kind);
    }
  for (gint64 k = 0; k <= 200; k++)
    g_assert_cmpuint (phys_timeline_summary (again, k).hash, ==, phys_timeline_summary (tl, k).hash);
  gint64 frame;
  g_assert_cmpstr (phys_timeline_get_bookmark (again, 0, &frame), ==, "ball-07 turns");
  g_assert_cmpint (frame, ==, 33);
  g_assert_cmpstr (phys_timeline_get_bookmark_view (again, 0), ==, view);
  g_assert_null (phys_timeline_get_bookmark_view (again, 1));
  g_assert_cmpstr (phys_timeline_get_bookmark (again, 1, &frame), ==, "");
  g_assert_cmpint (frame, ==, 150);

  g_remove (file);
  g_rmdir (dir);
  phys_timeline_free (again);
  phys_timeline_free (tl);
  phys_world_free (scene);
}

/* An edit the scene cannot take is reported where the session file says it. */
static void
test_bad_edit_position (void)
{
  g_autofree char *path = scene_path ();
  g_autofree char *text = g_strdup_printf (
      "{\"impulse-session\": 1, \"scene\": \"%s\",\n"
      " \"edits\": [\n"
      "   {\"frame\": 5, \"edit\": \"set-circle\", \"id\": \"nobody\", \"vel\": [1, 2]}\n"
      " ]}\n",
      path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session
      = imp_session_file_load_data (text, -1, "bad.json", NULL, &error);
  g_assert_no_error (error);
  PhysTimeline *tl = imp_session_file_to_timeline (session, NULL, &error);
  g_assert_null (tl);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "bad.json:3:"));
  g_assert_nonnull (strstr (error->message, "nobody"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lessons/session/timeline/round-trip-identical", test_round_trip);
  g_test_add_func ("/lessons/session/timeline/bad-edit-position", test_bad_edit_position);
  return g_test_run ();
}
