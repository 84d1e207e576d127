/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-file.c: the session format of docs/session-format.md. Sessions load into the
 * edits and bookmarks they say, save to the same bytes every time and back to the same
 * session, save atomically, and replay to the states computed by hand and to the states
 * of a world edited by hand; every class of mistake gets its exact message and position.
 *
 * The scene tests/data/sessions/straight.json is made for exact arithmetic: no forces,
 * nothing collides for dozens of frames, so circle a (from (0, 0) at 1 per frame) is at
 * (k, 0) in state k until an edit changes it.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "imp-scene.h"
#include "imp-session-file.h"
#include "test-util.h"

/* Helpers */

static const char *
sessions_dir (void)
{
  static char *dir = NULL;

  if (dir == NULL)
    dir = g_test_build_filename (G_TEST_DIST, "data", "sessions", NULL);
  return dir;
}

static char *
session_path (const char *name)
{
  return g_build_filename (sessions_dir (), name, NULL);
}

/* Inline documents write JSON's double quotes as single quotes, so the tables stay
 * readable; columns do not change. */
static char *
from_ticks (const char *doc)
{
  char *json = g_strdup (doc);
  g_strdelimit (json, "'", '"');
  return json;
}

/* Loads a document as if it were the file inline.json in tests/data/sessions. */
static ImpSessionFile *
load_inline (const char *doc, GError **error)
{
  g_autofree char *json = from_ticks (doc);
  return imp_session_file_load_data (json, -1, "inline.json", sessions_dir (), error);
}

static ImpSessionFile *
load_fixture (const char *name)
{
  g_autofree char *path = session_path (name);
  g_autoptr (GError) error = NULL;
  ImpSessionFile *session = imp_session_file_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

static const ImpSessionFileEdit *
edit_at (const ImpSessionFile *session, guint i)
{
  g_assert_cmpuint (i, <, session->edits->len);
  return &g_array_index (session->edits, ImpSessionFileEdit, i);
}

static const ImpSessionFileBookmark *
bookmark_at (const ImpSessionFile *session, guint i)
{
  g_assert_cmpuint (i, <, session->bookmarks->len);
  return &g_array_index (session->bookmarks, ImpSessionFileBookmark, i);
}

static PhysCircle
circle_named (const PhysWorld *world, const char *name)
{
  PhysBodyRef ref;

  g_assert_true (phys_world_find (world, name, &ref));
  g_assert_cmpint (ref.kind, ==, PHYS_BODY_CIRCLE);
  return phys_world_get_circle (world, ref.index);
}

static PhysSegment
segment_named (const PhysWorld *world, const char *name)
{
  PhysBodyRef ref;

  g_assert_true (phys_world_find (world, name, &ref));
  g_assert_cmpint (ref.kind, ==, PHYS_BODY_SEGMENT);
  return phys_world_get_segment (world, ref.index);
}

/* Bit-for-bit equality of two members, so -0 and 0 differ as they do to a hash. */
#define assert_same_bits(a, b) g_assert_cmpmem (&(a), sizeof (a), &(b), sizeof (b))

static void
assert_edits_equal (const PhysEdit *a, const PhysEdit *b)
{
  g_assert_cmpint (a->kind, ==, b->kind);
  g_assert_cmphex (a->fields, ==, b->fields);
  g_assert_cmpstr (a->name, ==, b->name);
  assert_same_bits (a->position, b->position);
  assert_same_bits (a->velocity, b->velocity);
  assert_same_bits (a->radius, b->radius);
  assert_same_bits (a->mass, b->mass);
  assert_same_bits (a->restitution, b->restitution);
  g_assert_cmpint (a->fixed, ==, b->fixed);
  g_assert_cmpint (a->collides, ==, b->collides);
  g_assert_cmpint (a->integrator, ==, b->integrator);
  assert_same_bits (a->a, b->a);
  assert_same_bits (a->b, b->b);
  g_assert_cmpint (a->response, ==, b->response);
  assert_same_bits (a->gravity, b->gravity);
  g_assert_cmpint (a->substeps, ==, b->substeps);
  g_assert_cmpint (a->modes.detection, ==, b->modes.detection);
  g_assert_cmpint (a->modes.double_pair_loop, ==, b->modes.double_pair_loop);
  g_assert_cmpint (a->modes.respond_at_frame_end, ==, b->modes.respond_at_frame_end);
  g_assert_cmpint (a->modes.slide_at_radius, ==, b->modes.slide_at_radius);
  g_assert_cmpint (a->modes.no_end_caps, ==, b->modes.no_end_caps);
  assert_same_bits (a->rest_speed, b->rest_speed);
  g_assert_cmpint (a->sleep, ==, b->sleep);
  assert_same_bits (a->angle, b->angle);
  assert_same_bits (a->angular_velocity, b->angular_velocity);
  assert_same_bits (a->friction, b->friction);
  assert_same_bits (a->density, b->density);
  g_assert_cmpint (a->shape.count, ==, b->shape.count);
  for (int i = 0; i < PHYS_POLYGON_MAX_VERTICES; i++)
    assert_same_bits (a->shape.vertices[i], b->shape.vertices[i]);
  for (int i = 0; i < 4; i++)
    assert_same_bits (a->curve.p[i], b->curve.p[i]);
}

/* Same scene, edits and bookmarks; where they sit in their files may differ. */
static void
assert_sessions_equal (const ImpSessionFile *a, const ImpSessionFile *b)
{
  g_assert_cmpstr (a->scene_path, ==, b->scene_path);
  g_assert_cmpstr (a->scene_text, ==, b->scene_text);
  g_assert_cmpuint (phys_world_hash (a->world), ==, phys_world_hash (b->world));
  g_assert_cmpint (phys_world_circle_count (a->world), ==, phys_world_circle_count (b->world));
  g_assert_cmpint (phys_world_segment_count (a->world), ==, phys_world_segment_count (b->world));

  g_assert_cmpuint (a->edits->len, ==, b->edits->len);
  for (guint i = 0; i < a->edits->len; i++)
    {
      g_assert_cmpint (edit_at (a, i)->frame, ==, edit_at (b, i)->frame);
      assert_edits_equal (&edit_at (a, i)->edit, &edit_at (b, i)->edit);
    }
  g_assert_cmpuint (a->bookmarks->len, ==, b->bookmarks->len);
  for (guint i = 0; i < a->bookmarks->len; i++)
    {
      const ImpBookmarkView *va = &bookmark_at (a, i)->view, *vb = &bookmark_at (b, i)->view;
      g_assert_cmpint (bookmark_at (a, i)->frame, ==, bookmark_at (b, i)->frame);
      g_assert_cmpstr (bookmark_at (a, i)->note, ==, bookmark_at (b, i)->note);
      g_assert_cmpint (va->has_event, ==, vb->has_event);
      g_assert_cmpint (va->event, ==, vb->event);
      g_assert_cmpint (va->has_select, ==, vb->has_select);
      g_assert_cmpint (va->n_select, ==, vb->n_select);
      for (int k = 0; k < va->n_select; k++)
        g_assert_cmpstr (va->select[k], ==, vb->select[k]);
      g_assert_cmpint (va->has_overlays, ==, vb->has_overlays);
      g_assert_cmphex (va->overlays, ==, vb->overlays);
    }
}

/* A fresh directory under the temporary directory, removed by remove_tree(). */
static char *
make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("impulse-session-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_tree (path);
      else
        g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in a directory, sorted and joined by spaces. */
static char *
dir_listing (const char *dir)
{
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static char *
read_text (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* Loading */

static void
test_load_path (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-path.json");
  g_autofree char *path = session_path ("good-path.json");

  g_assert_cmpstr (session->file, ==, path);
  g_assert_cmpstr (session->base_dir, ==, sessions_dir ());
  g_assert_cmpstr (session->scene_path, ==, "straight.json");
  g_assert_null (session->scene_text);
  g_assert_cmpint (phys_world_frame (session->world), ==, 0);
  g_assert_cmpint (phys_world_circle_count (session->world), ==, 2);
  imp_assert_vec_equal (circle_named (session->world, "a").velocity, 1.0, 0.0);

  g_assert_cmpuint (session->edits->len, ==, 5);
  const ImpSessionFileEdit *set = edit_at (session, 0);
  g_assert_cmpint (set->frame, ==, 10);
  g_assert_cmpint (set->edit.kind, ==, PHYS_EDIT_SET_CIRCLE);
  g_assert_cmpstr (set->edit.name, ==, "a");
  g_assert_cmphex (set->edit.fields, ==, PHYS_EDIT_VELOCITY);
  imp_assert_vec_equal (set->edit.velocity, 0.0, 2.0);
  g_assert_cmpint (set->location.line, ==, 5);
  g_assert_cmpint (set->location.column, ==, 5);
  g_assert_cmpint (set->id_location.line, ==, 5);
  g_assert_cmpint (set->id_location.column, ==, 48);

  /* Add edits carry no field bits: they set every value, defaults for what is left out. */
  const ImpSessionFileEdit *add = edit_at (session, 1);
  PhysEdit defaults = phys_edit_init (PHYS_EDIT_ADD_CIRCLE, "c");
  g_assert_cmpint (add->frame, ==, 10);
  g_assert_cmpint (add->edit.kind, ==, PHYS_EDIT_ADD_CIRCLE);
  g_assert_cmphex (add->edit.fields, ==, 0);
  imp_assert_vec_equal (add->edit.position, -50.0, -50.0);
  g_assert_cmpfloat (add->edit.radius, ==, 3.0);
  g_assert_cmpfloat (add->edit.mass, ==, 0.0);
  g_assert_cmpfloat (add->edit.restitution, ==, defaults.restitution);
  g_assert_cmpint (add->edit.collides, ==, defaults.collides);
  g_assert_cmpint (add->edit.integrator, ==, PHYS_INTEGRATOR_DEFAULT);

  g_assert_cmpint (edit_at (session, 2)->edit.kind, ==, PHYS_EDIT_REMOVE_CIRCLE);
  g_assert_cmpstr (edit_at (session, 2)->edit.name, ==, "b");
  const ImpSessionFileEdit *segment = edit_at (session, 3);
  g_assert_cmpint (segment->edit.kind, ==, PHYS_EDIT_SET_SEGMENT);
  g_assert_cmphex (segment->edit.fields, ==, PHYS_EDIT_RESTITUTION | PHYS_EDIT_RESPONSE);
  g_assert_cmpfloat (segment->edit.restitution, ==, 0.5);
  g_assert_cmpint (segment->edit.response, ==, PHYS_RESPONSE_SLIDE);
  const ImpSessionFileEdit *world = edit_at (session, 4);
  g_assert_cmpint (world->edit.kind, ==, PHYS_EDIT_SET_WORLD);
  g_assert_cmphex (world->edit.fields, ==, PHYS_EDIT_GRAVITY);
  imp_assert_vec_equal (world->edit.gravity, 0.0, 0.25);
  g_assert_cmpint (world->id_location.line, ==, 0);

  g_assert_cmpuint (session->bookmarks->len, ==, 2);
  g_assert_cmpint (bookmark_at (session, 0)->frame, ==, 12);
  g_assert_cmpstr (bookmark_at (session, 0)->note, ==, "a turns");
  g_assert_cmpint (bookmark_at (session, 0)->location.line, ==, 12);
  g_assert_cmpint (bookmark_at (session, 1)->frame, ==, 3);
  g_assert_null (bookmark_at (session, 1)->note);
}

static void
test_load_inline (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-inline.json");

  g_assert_null (session->scene_path);
  g_assert_true (g_str_has_prefix (session->scene_text, "{\n    \"impulse\": 1,"));
  g_assert_true (g_str_has_suffix (session->scene_text, "]\n  }"));
  g_assert_true (phys_world_get_def (session->world)->has_bounds);
  imp_assert_vec_equal (circle_named (session->world, "ball").position, 20.0, 50.0);
  g_assert_cmpstr (bookmark_at (session, 0)->note, ==, "caf\303\251 \342\230\225, then the wall");

  /* Positions after multi-byte characters and a multi-line scene. */
  const ImpSessionFileEdit *edit = edit_at (session, 0);
  g_assert_cmpint (bookmark_at (session, 0)->location.line, ==, 3);
  g_assert_cmpint (bookmark_at (session, 0)->location.column, ==, 18);
  g_assert_cmpint (edit->location.line, ==, 12);
  g_assert_cmpint (edit->location.column, ==, 5);
  g_assert_cmpint (edit->id_location.line, ==, 12);
  g_assert_cmpint (edit->id_location.column, ==, 47);

  /* json-glib reads -0 as the integer 0; the session keeps its sign. */
  g_assert_cmpfloat (edit->edit.velocity.x, ==, 0.0);
  g_assert_true (signbit (edit->edit.velocity.x));
  g_assert_false (signbit (edit->edit.velocity.y));
}

static void
test_load_all_keys (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-all-keys.json");
  const PhysEdit *set = &edit_at (session, 0)->edit;
  const PhysEdit *add = &edit_at (session, 1)->edit;
  const PhysEdit *segment = &edit_at (session, 2)->edit;
  const PhysEdit *add_segment = &edit_at (session, 3)->edit;
  const PhysEdit *world = &edit_at (session, 4)->edit;

  g_assert_cmpuint (session->edits->len, ==, 7);
  g_assert_cmphex (set->fields, ==,
                   PHYS_EDIT_POSITION | PHYS_EDIT_VELOCITY | PHYS_EDIT_RADIUS | PHYS_EDIT_MASS
                       | PHYS_EDIT_RESTITUTION | PHYS_EDIT_FIXED | PHYS_EDIT_COLLIDES
                       | PHYS_EDIT_INTEGRATOR);
  imp_assert_vec_equal (set->position, 1.5, -2.0);
  imp_assert_vec_equal (set->velocity, 0.1, 0.25);
  g_assert_cmpfloat (set->radius, ==, 2.0);
  g_assert_cmpfloat (set->mass, ==, 4.0);
  g_assert_cmpfloat (set->restitution, ==, 0.5);
  g_assert_false (set->fixed);
  g_assert_true (set->collides);
  g_assert_cmpint (set->integrator, ==, PHYS_INTEGRATOR_RK4);

  g_assert_cmpstr (add->name, ==, "new");
  imp_assert_vec_equal (add->velocity, -1.0, 0.0);
  g_assert_cmpfloat (add->mass, ==, 7.0);
  g_assert_cmpfloat (add->restitution, ==, 0.75);
  g_assert_true (add->fixed);
  g_assert_false (add->collides);
  g_assert_cmpint (add->integrator, ==, PHYS_INTEGRATOR_VERLET);

  g_assert_cmphex (segment->fields, ==,
                   PHYS_EDIT_ENDS | PHYS_EDIT_RESTITUTION | PHYS_EDIT_RESPONSE);
  imp_assert_vec_equal (segment->a, 400.0, 0.0);
  imp_assert_vec_equal (segment->b, 400.0, 300.0);
  g_assert_cmpfloat (segment->restitution, ==, 0.25);
  g_assert_cmpint (segment->response, ==, PHYS_RESPONSE_SLIDE);
  imp_assert_vec_equal (add_segment->b, 600.0, 300.0);
  g_assert_cmpint (add_segment->response, ==, PHYS_RESPONSE_SLIDE);

  g_assert_cmphex (world->fields, ==,
                   PHYS_EDIT_GRAVITY | PHYS_EDIT_INTEGRATOR | PHYS_EDIT_SUBSTEPS
                       | PHYS_EDIT_REST_SPEED | PHYS_EDIT_SLEEP | PHYS_EDIT_MODES);
  imp_assert_vec_equal (world->gravity, 0.0, 0.2);
  g_assert_cmpint (world->integrator, ==, PHYS_INTEGRATOR_EULER);
  g_assert_cmpint (world->substeps, ==, 4);
  g_assert_cmpfloat (world->rest_speed, ==, 0.125);
  g_assert_false (world->sleep);
  g_assert_cmpint (world->modes.detection, ==, PHYS_DETECTION_DISCRETE);
  g_assert_true (world->modes.double_pair_loop);
  g_assert_true (world->modes.respond_at_frame_end);
  g_assert_true (world->modes.slide_at_radius);
  g_assert_true (world->modes.no_end_caps);

  g_assert_cmpint (edit_at (session, 5)->edit.kind, ==, PHYS_EDIT_REMOVE_SEGMENT);
  g_assert_cmpint (edit_at (session, 6)->edit.kind, ==, PHYS_EDIT_REMOVE_CIRCLE);

  /* The bookmark keeps what the window showed: stepped into event 0, a and w, two overlays. */
  const ImpBookmarkView *view = &bookmark_at (session, 0)->view;
  g_assert_true (view->has_event);
  g_assert_cmpint (view->event, ==, 0);
  g_assert_true (view->has_select);
  g_assert_cmpint (view->n_select, ==, 2);
  g_assert_cmpstr (view->select[0], ==, "a");
  g_assert_cmpstr (view->select[1], ==, "w");
  g_assert_true (view->has_overlays);
  g_assert_cmphex (view->overlays, ==, IMP_OVERLAY_VELOCITY | IMP_OVERLAY_CONTACT);

  /* Every edit applies: the file replays to its last edit. */
  g_autoptr (GError) error = NULL;
  PhysWorld *end = imp_session_file_replay (session, 9, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (phys_world_circle_count (end), ==, 2);
  g_assert_cmpint (phys_world_get_def (end)->substeps, ==, 4);
  phys_world_free (end);
}

/* A set-world "modes" replaces all five modes: those it leaves out are off. */
/* Every edit of polygons and curves with every key, and the new keys of circles and segments. */
static void
test_load_rigid (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-rigid.json");
  g_assert_cmpuint (session->edits->len, ==, 12);

  const PhysEdit *set = &edit_at (session, 0)->edit;
  g_assert_cmpint (set->kind, ==, PHYS_EDIT_SET_POLYGON);
  g_assert_cmphex (set->fields, ==,
                   PHYS_EDIT_POSITION | PHYS_EDIT_ANGLE | PHYS_EDIT_VELOCITY
                       | PHYS_EDIT_ANGULAR_VELOCITY | PHYS_EDIT_DENSITY | PHYS_EDIT_RESTITUTION
                       | PHYS_EDIT_FRICTION | PHYS_EDIT_FIXED | PHYS_EDIT_INTEGRATOR);
  imp_assert_vec_equal (set->position, 60, 50);
  g_assert_cmpfloat (set->angle, ==, 0.5);
  g_assert_cmpfloat (set->angular_velocity, ==, 0.125);
  g_assert_cmpfloat (set->density, ==, 2);
  g_assert_cmpfloat (set->friction, ==, 0.4);
  g_assert_cmpint (set->integrator, ==, PHYS_INTEGRATOR_RK4);

  /* The triangle was written going round anticlockwise on screen: read in the physics' order
   * with its first vertex kept first. */
  const PhysEdit *tri = &edit_at (session, 1)->edit;
  g_assert_cmpint (tri->kind, ==, PHYS_EDIT_ADD_POLYGON);
  g_assert_cmpint (tri->shape.count, ==, 3);
  imp_assert_vec_equal (tri->shape.vertices[0], 0, 0);
  imp_assert_vec_equal (tri->shape.vertices[1], 4, 0);
  imp_assert_vec_equal (tri->shape.vertices[2], 0, 3);
  g_assert_cmpfloat (tri->mass, ==, 3);
  g_assert_true (tri->fixed);
  g_assert_cmpint (tri->integrator, ==, PHYS_INTEGRATOR_EULER);
  const PhysEdit *hex = &edit_at (session, 2)->edit;
  g_assert_cmpint (hex->shape.count, ==, 6);
  imp_assert_vec_near (hex->shape.vertices[1], 2.5, 2.5 * sqrt (3.0), 1e-12);
  const PhysEdit *crate = &edit_at (session, 3)->edit;
  g_assert_cmpint (crate->shape.count, ==, 4);
  g_assert_cmpfloat (crate->density, ==, 0.5);

  const PhysEdit *ramp = &edit_at (session, 4)->edit;
  g_assert_cmphex (ramp->fields, ==,
                   PHYS_EDIT_CONTROL_POINTS | PHYS_EDIT_RESTITUTION | PHYS_EDIT_FRICTION);
  imp_assert_vec_equal (ramp->curve.p[1], 10, 130);
  const PhysEdit *dip = &edit_at (session, 5)->edit;
  g_assert_cmpint (dip->kind, ==, PHYS_EDIT_ADD_CURVE);
  g_assert_cmpfloat (dip->friction, ==, 0.3);
  const PhysEdit *circle = &edit_at (session, 6)->edit;
  g_assert_cmphex (circle->fields, ==,
                   PHYS_EDIT_ANGLE | PHYS_EDIT_ANGULAR_VELOCITY | PHYS_EDIT_FRICTION);
  g_assert_cmpfloat (edit_at (session, 7)->edit.angular_velocity, ==, -1);
  g_assert_cmphex (edit_at (session, 8)->edit.fields, ==, PHYS_EDIT_FRICTION);
  g_assert_cmpfloat (edit_at (session, 9)->edit.friction, ==, 0.75);
  g_assert_cmpint (edit_at (session, 10)->edit.kind, ==, PHYS_EDIT_REMOVE_POLYGON);
  g_assert_cmpint (edit_at (session, 11)->edit.kind, ==, PHYS_EDIT_REMOVE_CURVE);

  /* Replayed: at state 3 the box is turned and heavier, the triangle fixed, the ramp reshaped;
   * at state 4 both are gone. */
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_session_file_replay (session, 3, NULL, &error);
  g_assert_no_error (error);
  PhysBodyRef ref;
  g_assert_true (phys_world_find (world, "box", &ref));
  PhysPolygonBody box = phys_world_get_polygon (world, ref.index);
  /* The box moved 3 frames at (1, 0) and turned 3 x 0.125 from 0.5. */
  g_assert_cmpfloat_with_epsilon (box.mass, 400, 1e-9);
  g_assert_cmpfloat_with_epsilon (box.position.x, 63, 1e-9);
  g_assert_cmpfloat_with_epsilon (box.angle, 0.875, 1e-12);
  g_assert_true (phys_world_find (world, "tri", &ref));
  g_assert_true (phys_world_get_polygon (world, ref.index).fixed);
  g_assert_true (phys_world_find (world, "ramp", &ref));
  imp_assert_vec_equal (phys_world_get_curve (world, ref.index).curve.p[1], 10, 130);
  g_assert_true (phys_world_find (world, "c", &ref));
  g_assert_cmpfloat (phys_world_get_circle (world, ref.index).friction, ==, 0.5);
  phys_world_free (world);
  world = imp_session_file_replay (session, 4, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (phys_world_find (world, "box", &ref));
  g_assert_false (phys_world_find (world, "ramp", &ref));
  g_assert_cmpint (phys_world_polygon_count (world), ==, 3);
  g_assert_cmpint (phys_world_curve_count (world), ==, 1);
  phys_world_free (world);
}

/* A "-0" among an added polygon's vertices keeps its sign through a save. */
static void
test_vertex_minus_zero (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session = load_inline (
      "{'impulse-session': 1, 'scene': {'impulse': 1}, 'edits': [{'frame': 0, 'edit': "
      "'add-polygon', 'id': 'p', 'pos': [0, 0], 'vertices': [[-0, 0], [4, -0], [0, 3]]}]}",
      &error);
  g_assert_no_error (error);
  const PhysEdit *edit = &edit_at (session, 0)->edit;
  g_assert_true (signbit (edit->shape.vertices[0].x));
  g_assert_false (signbit (edit->shape.vertices[0].y));
  g_assert_true (signbit (edit->shape.vertices[1].y));
  g_autofree char *text = imp_session_file_to_data (session, NULL, NULL);
  g_assert_nonnull (strstr (text, "\"vertices\":[[-0,0],[4,-0],[0,3]]"));
}

static void
test_load_partial_modes (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session = load_inline (
      "{'impulse-session': 1, 'scene': 'straight.json', 'edits': [{'frame': 0, 'edit': "
      "'set-world', 'modes': {'no_end_caps': true}}]}",
      &error);

  g_assert_no_error (error);
  const PhysEdit *edit = &edit_at (session, 0)->edit;
  g_assert_cmphex (edit->fields, ==, PHYS_EDIT_MODES);
  g_assert_true (edit->modes.no_end_caps);
  g_assert_cmpint (edit->modes.detection, ==, PHYS_DETECTION_SWEPT);
  g_assert_false (edit->modes.double_pair_loop);
}

static void
test_load_minimal (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session
      = load_inline ("{'impulse-session': 1, 'scene': {'impulse': 1}}", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (session->scene_text, ==, "{\"impulse\": 1}");
  g_assert_cmpuint (session->edits->len, ==, 0);
  g_assert_cmpuint (session->bookmarks->len, ==, 0);
  g_assert_cmpint (imp_session_file_last_edit_frame (session), ==, -1);
}

static void
test_load_shipped_scene (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session
      = load_inline ("{'impulse-session': 1, 'scene': "
                     "'resource:///org/impulselab/Impulse/scenes/seed001-head-on.json'}",
                     &error);

  g_assert_no_error (error);
  g_assert_cmpint (phys_world_circle_count (session->world), ==, 2);
}

/* Telling sessions from scenes */

static void
test_sniff (void)
{
  g_autofree char *session = session_path ("good-path.json");
  g_autofree char *scene = session_path ("straight.json");
  static const struct
  {
    const char *doc;
    gboolean is_session;
  } rows[] = {
    { "{'impulse-session': 1}", TRUE },
    { "\357\273\277 \n{'scene': {'impulse': 1, 'x': [1, {'y': '}'}]}, 'impulse-session': 1}",
      TRUE },
    { "{'impulse_session': 1}", TRUE },
    { "{'impulse': 1, 'circles': []}", FALSE },
    { "{'title': 'impulse-session'}", FALSE },
    { "['impulse-session']", FALSE },
    { "{'impulse': 1, ", FALSE },
    { "", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *doc = from_ticks (rows[i].doc);
      if (imp_session_file_sniff_data (doc, strlen (doc)) != rows[i].is_session)
        g_error ("row %u (%s): expected %d", i, rows[i].doc, rows[i].is_session);
    }
  g_assert_true (imp_session_file_sniff (session));
  g_assert_false (imp_session_file_sniff (scene));
  g_assert_false (imp_session_file_sniff ("/no/such/session.json"));
}

/* Saving */

/* Copies a fixture and the scene it names into dir. */
static char *
copy_fixture (const char *name, const char *dir)
{
  static const char *const files[] = { "straight.json", NULL };
  g_autofree char *copy = g_build_filename (dir, name, NULL);

  for (const char *const *file = files; *file != NULL; file++)
    {
      g_autofree char *from = session_path (*file);
      g_autofree char *to = g_build_filename (dir, *file, NULL);
      g_autofree char *text = read_text (from);
      g_assert_true (g_file_set_contents (to, text, -1, NULL));
    }
  g_autofree char *from = session_path (name);
  g_autofree char *text = read_text (from);
  g_assert_true (g_file_set_contents (copy, text, -1, NULL));
  return g_steal_pointer (&copy);
}

/* load -> save -> load gives the same session, and saving that gives the same bytes. */
static void
check_round_trip (const char *name)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *original = copy_fixture (name, dir);
  g_autofree char *saved = g_build_filename (dir, "saved.json", NULL);
  g_autoptr (GError) error = NULL;

  g_autoptr (ImpSessionFile) first = imp_session_file_load (original, &error);
  g_assert_no_error (error);
  g_assert_true (imp_session_file_save (first, saved, &error));
  g_assert_no_error (error);
  g_autofree char *bytes = read_text (saved);
  g_autofree char *expected = imp_session_file_to_data (first, NULL, NULL);
  g_assert_cmpstr (bytes, ==, expected);

  g_autoptr (ImpSessionFile) second = imp_session_file_load (saved, &error);
  g_assert_no_error (error);
  assert_sessions_equal (first, second);

  g_autofree char *again = imp_session_file_to_data (second, NULL, NULL);
  g_assert_cmpstr (again, ==, bytes);

  /* Where things are in the saved file is where they are when it is read again. */
  g_autoptr (ImpSessionFile) third = imp_session_file_load_data (again, -1, saved, dir, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < second->edits->len; i++)
    {
      const ImpSessionFileEdit *edit = edit_at (second, i);
      g_assert_cmpint (edit->location.line, ==, edit_at (third, i)->location.line);
      g_assert_cmpint (edit->location.column, ==, edit_at (third, i)->location.column);
      /* One edit per line. */
      g_assert_cmpint (edit->location.line, ==, edit_at (second, 0)->location.line + (int) i);
      g_assert_cmpint (edit->location.column, ==, 5);
    }
  remove_tree (dir);
}

static void
test_round_trip (gconstpointer data)
{
  check_round_trip (data);
}

/* The exact text of a saved session, one edit per line. */
static void
test_save_layout (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-path.json");
  g_autofree char *text = imp_session_file_to_data (session, NULL, NULL);

  g_assert_cmpstr (
      text, ==,
      "{\n"
      "  \"impulse-session\": 1,\n"
      "  \"scene\": \"straight.json\",\n"
      "  \"edits\": [\n"
      "    {\"frame\":10,\"edit\":\"set-circle\",\"id\":\"a\",\"vel\":[0,2]},\n"
      "    {\"frame\":10,\"edit\":\"add-circle\",\"id\":\"c\",\"pos\":[-50,-50],\"radius\":3},\n"
      "    {\"frame\":15,\"edit\":\"remove-circle\",\"id\":\"b\"},\n"
      "    {\"frame\":15,\"edit\":\"set-segment\",\"id\":\"w\",\"restitution\":0.5,"
      "\"response\":\"slide\"},\n"
      "    {\"frame\":20,\"edit\":\"set-world\",\"gravity\":[0,0.25]}\n"
      "  ],\n"
      "  \"bookmarks\": [\n"
      "    {\"frame\":12,\"note\":\"a turns\"},\n"
      "    {\"frame\":3}\n"
      "  ]\n"
      "}\n");
}

/* A probe's edit: read, replayed (the ship moved and turned at frame 2), and
 * written back as it was given. */
static void
test_set_probe_edit (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session = load_inline (
      "{'impulse-session': 1,\n"
      " 'scene': {'impulse': 1, 'probes': [{'id': 'ship', 'pos': [0, 0], 'vel': [1, 0]}]},\n"
      " 'edits': [{'frame': 2, 'edit': 'set-probe', 'id': 'ship', 'pos': [10, 20], 'vel': [0, 3]}]}",
      &error);
  g_assert_no_error (error);
  const ImpSessionFileEdit *edit = edit_at (session, 0);
  g_assert_cmpint (edit->edit.kind, ==, PHYS_EDIT_SET_PROBE);
  g_assert_cmpuint (edit->edit.fields, ==, PHYS_EDIT_POSITION | PHYS_EDIT_VELOCITY);
  PhysWorld *world = imp_session_file_replay (session, 4, NULL, &error);
  g_assert_no_error (error);
  /* Frames 2 and 3 from (10, 20) at (0, 3) per frame. */
  imp_assert_vec_near (phys_world_get_probe (world, 0).position, 10, 26, 1e-12);
  phys_world_free (world);
  g_autofree char *text = imp_session_file_to_data (session, NULL, NULL);
  g_assert_nonnull (
      strstr (text, "{\"frame\":2,\"edit\":\"set-probe\",\"id\":\"ship\",\"pos\":[10,20],\"vel\":[0,3]}"));

  /* A circle's id is refused with what was expected. */
  g_autoptr (ImpSessionFile) wrong = load_inline (
      "{'impulse-session': 1,\n"
      " 'scene': {'impulse': 1, 'circles': [{'id': 'c', 'pos': [0, 0], 'radius': 1}]},\n"
      " 'edits': [{'frame': 1, 'edit': 'set-probe', 'id': 'c', 'pos': [1, 1]}]}",
      &error);
  g_assert_no_error (error);
  world = imp_session_file_replay (wrong, 3, NULL, &error);
  g_assert_null (world);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "probe"));
}

/* Numbers read back as the very same doubles, signs of zero included (magnitudes up to
 * PHYS_MAX_MAGNITUDE, the largest a file may give). */
static void
test_round_trip_numbers (void)
{
  /* clang-format off */
  static const double values[] = {
    0.1, 1.0 / 3.0, 5e-324, 0.30000000000000004, 1e29, -0.0, -8.0, 12345678.9, 2.5e-8,
    9007199254740993.0,
  };
  /* clang-format on */
  PhysWorld *world = imp_scene_load_data ("{\"impulse\": 1}", -1, "empty.json", NULL);
  g_autoptr (ImpSessionFile) session = imp_session_file_new (world, NULL, "{\"impulse\": 1}");
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
      edit.fields = PHYS_EDIT_POSITION | PHYS_EDIT_VELOCITY;
      edit.position = phys_v2 (values[i], -values[i]);
      edit.velocity = phys_v2 (values[(i + 1) % G_N_ELEMENTS (values)], 0.0);
      imp_session_file_add_edit (session, (gint64) i, &edit);
    }
  PhysEdit world_edit = phys_edit_init (PHYS_EDIT_SET_WORLD, NULL);
  world_edit.fields = PHYS_EDIT_REST_SPEED | PHYS_EDIT_GRAVITY;
  world_edit.rest_speed = -0.0;
  world_edit.gravity = phys_v2 (-0.0, 1.0 / 3.0);
  imp_session_file_add_edit (session, 20, &world_edit);
  imp_session_file_add_bookmark (session, 2, "quote \" backslash \\ tab \t and \342\230\203");

  g_autofree char *text = imp_session_file_to_data (session, NULL, NULL);
  g_autoptr (ImpSessionFile) back
      = imp_session_file_load_data (text, -1, "numbers.json", NULL, &error);
  g_assert_no_error (error);
  assert_sessions_equal (session, back);
  g_assert_nonnull (strstr (text, "\"pos\":[0.1,-0.1]"));
  g_assert_nonnull (strstr (text, "\"pos\":[-0,0]"));
}

static void
test_save_atomic (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-inline.json");
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "s.json", NULL);
  g_autoptr (GError) error = NULL;
  GStatBuf st;

  /* A new file; then over an existing one, whose permissions stay. */
  g_assert_true (imp_session_file_save (session, path, &error));
  g_assert_no_error (error);
  g_autofree char *listing = dir_listing (dir);
  g_assert_cmpstr (listing, ==, "s.json");

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0604), ==, 0);
  g_assert_true (imp_session_file_save (session, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0604);
  g_autofree char *listing_after = dir_listing (dir);
  g_assert_cmpstr (listing_after, ==, "s.json");

  g_autofree char *bytes = read_text (path);
  g_autofree char *expected = imp_session_file_to_data (session, dir, NULL);
  g_assert_cmpstr (bytes, ==, expected);
  remove_tree (dir);
}

/* A save that fails half way (here: the file size limit, which binds root too) leaves
 * the old file as it was and no temporary file. */
static void
test_save_failure_keeps_old (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-all-keys.json");
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "s.json", NULL);
  g_autoptr (GError) error = NULL;
  struct rlimit saved, small;

  g_assert_true (g_file_set_contents (path, "the old session", -1, NULL));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  small.rlim_cur = 64;
  void (*old_handler) (int) = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);

  gboolean ok = imp_session_file_save (session, path, &error);

  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_false (ok);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_autofree char *prefix = g_strdup_printf ("%s: error: cannot write the session: ", path);
  g_assert_true (g_str_has_prefix (error->message, prefix));

  g_autofree char *bytes = read_text (path);
  g_assert_cmpstr (bytes, ==, "the old session");
  g_autofree char *listing = dir_listing (dir);
  g_assert_cmpstr (listing, ==, "s.json");
  remove_tree (dir);
}

static void
test_save_unwritable_dir (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-path.json");
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "s.json", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "the old session", -1, NULL));
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (access (dir, W_OK) == 0)
    {
      /* Root writes anyway; test_save_failure_keeps_old covers the failure. */
      g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
      remove_tree (dir);
      g_test_skip ("the directory stays writable for this user");
      return;
    }
  gboolean ok = imp_session_file_save (session, path, &error);
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);

  g_assert_false (ok);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_autofree char *bytes = read_text (path);
  g_assert_cmpstr (bytes, ==, "the old session");
  g_autofree char *listing = dir_listing (dir);
  g_assert_cmpstr (listing, ==, "s.json");
  remove_tree (dir);
}

static void
test_save_over_directory (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-path.json");
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "taken", NULL);
  g_autofree char *inside = g_build_filename (path, "keep.txt", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir (path, 0755), ==, 0);
  g_assert_true (g_file_set_contents (inside, "kept", -1, NULL));
  g_assert_false (imp_session_file_save (session, path, &error));
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_autofree char *listing = dir_listing (dir);
  g_assert_cmpstr (listing, ==, "taken");
  g_autofree char *kept = read_text (inside);
  g_assert_cmpstr (kept, ==, "kept");
  remove_tree (dir);
}

/* Saving through a symbolic link replaces the file it names and keeps the link. */
static void
test_save_symlink (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-inline.json");
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *real = g_build_filename (dir, "real.json", NULL);
  g_autofree char *link = g_build_filename (dir, "link.json", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.json", link), ==, 0);
  g_assert_true (imp_session_file_save (session, link, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_autofree char *bytes = read_text (real);
  g_assert_true (g_str_has_prefix (bytes, "{\n  \"impulse-session\": 1,"));
  remove_tree (dir);
}

/* A session saved in another directory still finds its scene: by a relative name when
 * the two directories share a parent, else by an absolute one. */
static void
test_save_elsewhere (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *sessions = g_build_filename (dir, "sessions", NULL);
  g_autofree char *other = g_build_filename (dir, "other", NULL);
  g_autofree char *moved = g_build_filename (other, "moved.json", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir (sessions, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (other, 0755), ==, 0);
  g_autofree char *original = copy_fixture ("good-path.json", sessions);
  g_autoptr (ImpSessionFile) session = imp_session_file_load (original, &error);
  g_assert_no_error (error);

  g_assert_true (imp_session_file_save (session, moved, &error));
  g_assert_no_error (error);
  g_autoptr (ImpSessionFile) reloaded = imp_session_file_load (moved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (reloaded->scene_path, ==, "../sessions/straight.json");
  g_assert_cmpuint (phys_world_hash (reloaded->world), ==, phys_world_hash (session->world));

  /* The source tree and the temporary directory have no parent but the root in common. */
  g_autoptr (ImpSessionFile) fixture = load_fixture ("good-path.json");
  g_autofree char *far = g_build_filename (dir, "far.json", NULL);
  g_autofree char *scene = session_path ("straight.json");
  g_autofree char *absolute = g_canonicalize_filename (scene, NULL);
  g_assert_true (imp_session_file_save (fixture, far, &error));
  g_autoptr (ImpSessionFile) far_session = imp_session_file_load (far, &error);
  g_assert_no_error (error);
  if (g_path_is_absolute (far_session->scene_path))
    g_assert_cmpstr (far_session->scene_path, ==, absolute);
  g_assert_cmpuint (phys_world_hash (far_session->world), ==, phys_world_hash (fixture->world));
  remove_tree (dir);
}

/* Replay */

/* a moves by (1, 0) per frame until the edit at frame 10 sets its velocity to (0, 2): by
 * state 20 it has gone 10 frames each way. Gravity 0.25 set at frame 20 then acts in
 * frame 20; under gravity alone a colliding circle flies the exact parabola
 * (docs/physics.md): x += v + g / 2 = 2.125, v += g. */
static void
test_replay_by_hand (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-path.json");
  g_autoptr (GError) error = NULL;

  PhysWorld *at9 = imp_session_file_replay (session, 9, NULL, &error);
  g_assert_no_error (error);
  imp_assert_vec_equal (circle_named (at9, "a").position, 9.0, 0.0);
  g_assert_cmpint (phys_world_circle_count (at9), ==, 2);
  phys_world_free (at9);

  /* State 10 is the edited state: the edits at frame 10 are in it. */
  PhysWorld *at10 = imp_session_file_replay (session, 10, NULL, &error);
  g_assert_no_error (error);
  imp_assert_vec_equal (circle_named (at10, "a").position, 10.0, 0.0);
  imp_assert_vec_equal (circle_named (at10, "a").velocity, 0.0, 2.0);
  g_assert_cmpint (phys_world_circle_count (at10), ==, 3);
  phys_world_free (at10);

  PhysWorld *at20 = imp_session_file_replay (session, 20, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (phys_world_frame (at20), ==, 20);
  imp_assert_vec_equal (circle_named (at20, "a").position, 10.0, 20.0);
  imp_assert_vec_equal (circle_named (at20, "c").position, -50.0, -50.0);
  g_assert_false (phys_world_find (at20, "b", &(PhysBodyRef){ 0 }));
  g_assert_cmpfloat (segment_named (at20, "w").restitution, ==, 0.5);
  g_assert_cmpint (segment_named (at20, "w").response, ==, PHYS_RESPONSE_SLIDE);
  imp_assert_vec_equal (phys_world_get_def (at20)->gravity, 0.0, 0.25);
  phys_world_free (at20);

  PhysWorld *at21 = imp_session_file_replay (session, 21, NULL, &error);
  g_assert_no_error (error);
  imp_assert_vec_equal (circle_named (at21, "a").velocity, 0.0, 2.25);
  imp_assert_vec_equal (circle_named (at21, "a").position, 10.0, 22.125);
  imp_assert_vec_equal (circle_named (at21, "c").position, -50.0, -49.875);
  phys_world_free (at21);
}

/* The same edits made by hand with phys_world_apply_edit() at the same frames. */
static PhysWorld *
replay_by_hand (const ImpSessionFile *session, gint64 frames, PhysEventLog *log)
{
  PhysWorld *world = phys_world_copy (session->world);

  for (gint64 frame = 0;; frame++)
    {
      for (guint i = 0; i < session->edits->len; i++)
        if (edit_at (session, i)->frame == frame)
          g_assert_cmpint (phys_world_apply_edit (world, &edit_at (session, i)->edit), ==, PHYS_OK);
      if (frame == frames)
        return world;
      phys_world_step (world, log);
    }
}

static void
test_replay_equals_manual (gconstpointer data)
{
  g_autoptr (ImpSessionFile) session = load_fixture (data);
  g_autoptr (GError) error = NULL;
  PhysEventLog log, manual_log;
  const gint64 frames = 60;

  phys_event_log_init (&log);
  phys_event_log_init (&manual_log);
  PhysWorld *replayed = imp_session_file_replay (session, frames, &log, &error);
  g_assert_no_error (error);
  PhysWorld *manual = replay_by_hand (session, frames, &manual_log);

  g_assert_cmphex (phys_world_hash (replayed), ==, phys_world_hash (manual));
  g_assert_cmpuint (log.count, ==, manual_log.count);
  for (size_t i = 0; i < log.count; i++)
    {
      g_assert_cmpint (log.events[i].frame, ==, manual_log.events[i].frame);
      g_assert_cmpint (log.events[i].kind, ==, manual_log.events[i].kind);
      assert_same_bits (log.events[i].t, manual_log.events[i].t);
    }
  phys_world_free (replayed);
  phys_world_free (manual);
  phys_event_log_free (&log);
  phys_event_log_free (&manual_log);
}

/* A longer session on the determinism scene: every kind of edit in a busy box. The
 * double pair loop (which adds energy at every contact) is on for three frames only: left
 * on, the balls reach 1e60 units per frame by frame 171 and the world stops (see
 * PhysHalt). */
static void
test_replay_busy (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session = load_inline (
      "{'impulse-session': 1,\n"
      " 'scene': 'resource:///org/impulselab/Impulse/scenes/seed001-balls-in-box.json',\n"
      " 'edits': [\n"
      "  {'frame': 40, 'edit': 'set-world', 'gravity': [0, 0.2], 'substeps': 2},\n"
      "  {'frame': 90, 'edit': 'add-circle', 'id': 'late', 'pos': [400, 80], 'vel': [3, 1],"
      " 'radius': 12},\n"
      "  {'frame': 90, 'edit': 'add-segment', 'id': 'shelf', 'a': [100, 400], 'b': [300, 420]},\n"
      "  {'frame': 150, 'edit': 'set-world', 'modes': {'double_pair_loop': true}},\n"
      "  {'frame': 151, 'edit': 'set-segment', 'id': 'shelf', 'response': 'slide'},\n"
      "  {'frame': 153, 'edit': 'set-world', 'integrator': 'rk4', 'rest_speed': 0.5,"
      " 'sleep': false, 'modes': {}}\n"
      " ]}",
      &error);
  g_assert_no_error (error);

  PhysWorld *replayed = imp_session_file_replay (session, 300, NULL, &error);
  g_assert_no_error (error);
  PhysWorld *manual = replay_by_hand (session, 300, NULL);
  g_assert_cmphex (phys_world_hash (replayed), ==, phys_world_hash (manual));

  /* And the edits changed the run: the unedited scene ends elsewhere. */
  PhysWorld *plain = phys_world_copy (session->world);
  for (int i = 0; i < 300; i++)
    phys_world_step (plain, NULL);
  g_assert_cmphex (phys_world_hash (replayed), !=, phys_world_hash (plain));
  phys_world_free (plain);
  phys_world_free (replayed);
  phys_world_free (manual);
}

/* imp_session_file_apply_edits() from frame to frame, as a program stepping on its own does. */
static void
test_apply_edits_stepwise (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-path.json");
  g_autoptr (GError) error = NULL;
  PhysWorld *world = phys_world_copy (session->world);
  guint next = 0;

  for (int k = 0; k < 16; k++)
    {
      g_assert_true (imp_session_file_apply_edits (session, world, &next, &error));
      g_assert_no_error (error);
      phys_world_step (world, NULL);
    }
  g_assert_cmpuint (next, ==, 4);
  g_assert_true (imp_session_file_apply_edits (session, world, &next, &error));
  g_assert_cmpuint (next, ==, 4);

  PhysWorld *replayed = imp_session_file_replay (session, 16, NULL, &error);
  g_assert_cmphex (phys_world_hash (world), ==, phys_world_hash (replayed));
  phys_world_free (replayed);
  phys_world_free (world);
}

/* Branching at frame 10 drops the edits after it and keeps those at 10. */
static void
test_branch (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("good-path.json");
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
  g_autoptr (GError) error = NULL;

  imp_session_file_branch (session, 10);
  g_assert_cmpuint (session->edits->len, ==, 2);
  g_assert_cmpint (imp_session_file_last_edit_frame (session), ==, 10);
  edit.fields = PHYS_EDIT_POSITION;
  edit.position = phys_v2 (0.0, 0.0);
  imp_session_file_add_edit (session, 12, &edit);
  g_assert_cmpuint (session->bookmarks->len, ==, 2);

  /* a: (10, 0) at state 10, 2 frames at (0, 2), then moved to the origin at state 12. */
  PhysWorld *at14 = imp_session_file_replay (session, 14, NULL, &error);
  g_assert_no_error (error);
  imp_assert_vec_equal (circle_named (at14, "a").position, 0.0, 4.0);
  g_assert_cmpint (phys_world_circle_count (at14), ==, 3);
  phys_world_free (at14);

  imp_session_file_branch (session, 0);
  g_assert_cmpuint (session->edits->len, ==, 0);
}

/* A bookmark's view as the text a timeline keeps, and back; an empty view is no text,
 * an older bookmark (no view) stays without one, and an empty selection stays one. */
static void
test_bookmark_view_text (void)
{
  ImpBookmarkView view = { 0 }, back;

  g_assert_null (imp_bookmark_view_to_text (&view));
  g_assert_false (imp_bookmark_view_from_text (NULL, &back));
  g_assert_false (back.has_select);

  view.has_event = TRUE;
  view.event = 2;
  view.has_select = TRUE;
  view.n_select = 2;
  view.select[0] = g_strdup ("c1");
  view.select[1] = g_strdup ("wall-east");
  view.has_overlays = TRUE;
  view.overlays = IMP_OVERLAY_SWEPT | IMP_OVERLAY_LEGEND;
  g_autofree char *text = imp_bookmark_view_to_text (&view);
  g_assert_cmpstr (text, ==,
                   "{\"event\":2,\"select\":[\"c1\",\"wall-east\"],"
                   "\"overlays\":[\"swept\",\"legend\"]}");
  g_assert_true (imp_bookmark_view_from_text (text, &back));
  g_assert_true (back.has_event && back.has_select && back.has_overlays);
  g_assert_cmpint (back.event, ==, 2);
  g_assert_cmpint (back.n_select, ==, 2);
  g_assert_cmpstr (back.select[1], ==, "wall-east");
  g_assert_cmphex (back.overlays, ==, IMP_OVERLAY_SWEPT | IMP_OVERLAY_LEGEND);
  imp_bookmark_view_clear (&back);
  imp_bookmark_view_clear (&view);

  view.has_select = TRUE;
  g_autofree char *nothing_selected = imp_bookmark_view_to_text (&view);
  g_assert_cmpstr (nothing_selected, ==, "{\"select\":[]}");
  g_assert_true (imp_bookmark_view_from_text (nothing_selected, &back));
  g_assert_true (back.has_select);
  g_assert_false (back.has_event || back.has_overlays);
  g_assert_cmpint (back.n_select, ==, 0);

  /* Text that is not a view leaves the view empty. */
  g_assert_false (imp_bookmark_view_from_text ("{\"select\": 3}", &back));
  g_assert_false (back.has_select);
  g_assert_false (imp_bookmark_view_from_text ("not json", &back));
}

/* Errors: one row per mistake, message and position exact. */

typedef struct
{
  const char *name;
  int code;
  const char *doc;     /* single quotes stand for double quotes */
  const char *message; /* after "inline.json:" */
} BadInline;

/* The first line of most rows; their edit starts on line 2. */
#define HEAD "{'impulse-session': 1, 'scene': 'straight.json', 'edits': [\n"

static const BadInline bad_inline[] = {
  { "syntax/missing-comma", IMP_FORMAT_ERROR_SYNTAX,
    "{'impulse-session': 1 'scene': 'straight.json'}",
    "1:23: error: expected ',' or '}' after a member of an object, got a string" },
  { "syntax/duplicate-key", IMP_FORMAT_ERROR_SYNTAX,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a', 'vel': [0, 1], 'vel': [1, 0]}]}",
    "2:64: error: duplicate key \"vel\"; the first one is at 2:49" },
  { "syntax/trailing-comma", IMP_FORMAT_ERROR_SYNTAX,
    HEAD "  {'frame': 1, 'edit': 'remove-circle', 'id': 'a'},]}",
    "2:52: error: expected a value after ',', got ']' (JSON allows no comma after the last "
    "element)" },
  { "version/missing", IMP_FORMAT_ERROR_VERSION, "{'scene': 'straight.json'}",
    "1:1: error: missing required key \"impulse-session\" in session (the format version, 1)" },
  { "version/two", IMP_FORMAT_ERROR_VERSION, "{'impulse-session': 2, 'scene': 'straight.json'}",
    "1:21: error: expected \"impulse-session\": 1 (the only session format version this "
    "Impulse reads), got 2" },
  { "version/string", IMP_FORMAT_ERROR_VERSION, "{'impulse-session': '1'}",
    "1:21: error: expected \"impulse-session\": 1 (the only session format version this "
    "Impulse reads), got \"1\"" },
  { "version/scene-file", IMP_FORMAT_ERROR_VERSION, "{'impulse': 1}",
    "1:1: error: missing required key \"impulse-session\" in session (the format version, 1); "
    "this file has \"impulse\", the version key of a scene" },
  { "version/misspelt", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'scene': 'straight.json', 'impulse-sesion': 1}",
    "1:28: error: unknown key \"impulse-sesion\" in session; did you mean \"impulse-session\"?" },
  { "unknown-key/top-level", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse-session': 1, 'scene': 'straight.json', 'edit': []}",
    "1:50: error: unknown key \"edit\" in session; did you mean \"edits\"?" },
  { "unknown-key/edit", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a', 'velocity': [0, 1]}]}",
    "2:49: error: unknown key \"velocity\" in set-circle edit; did you mean \"vel\"?" },
  { "unknown-key/list", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    HEAD "  {'frame': 1, 'edit': 'remove-circle', 'id': 'a', 'colour': 'red'}]}",
    "2:52: error: unknown key \"colour\" in remove-circle edit; expected one of \"frame\", "
    "\"edit\", \"id\"" },
  { "unknown-key/world-key-on-circle", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    HEAD "  {'frame': 1, 'edit': 'set-world', 'dt': 2}]}",
    "2:37: error: unknown key \"dt\" in set-world edit; expected one of \"frame\", \"edit\", "
    "\"gravity\", \"integrator\", \"substeps\", \"rest_speed\", \"sleep\", \"modes\"" },
  { "unknown-key/modes", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    HEAD "  {'frame': 1, 'edit': 'set-world', 'modes': {'detect': 'discrete'}}]}",
    "2:47: error: unknown key \"detect\" in modes; did you mean \"detection\"?" },
  { "unknown-key/bookmark", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'frame': 1, 'notes': "
    "'x'}]}",
    "1:77: error: unknown key \"notes\" in bookmark; did you mean \"note\"?" },
  { "type/top-level", IMP_FORMAT_ERROR_TYPE, "[1]",
    "1:1: error: expected an object at the top level, got an array" },
  { "type/scene", IMP_FORMAT_ERROR_TYPE, "{'impulse-session': 1, 'scene': 7}",
    "1:33: error: expected a scene file name or a scene object for \"scene\", got a number" },
  { "type/edits", IMP_FORMAT_ERROR_TYPE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'edits': {}}",
    "1:59: error: expected an array for \"edits\", got an object" },
  { "type/edit", IMP_FORMAT_ERROR_TYPE, HEAD "  [1, 'set-circle']]}",
    "2:3: error: expected an edit object in \"edits\", got an array" },
  { "type/bookmark", IMP_FORMAT_ERROR_TYPE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [57]}",
    "1:64: error: expected a bookmark object in \"bookmarks\", got a number" },
  { "type/kind", IMP_FORMAT_ERROR_TYPE, HEAD "  {'frame': 1, 'edit': 3}]}",
    "2:24: error: expected a string for \"edit\", got a number" },
  { "type/frame-fraction", IMP_FORMAT_ERROR_TYPE,
    HEAD "  {'frame': 2.5, 'edit': 'remove-circle', 'id': 'a'}]}",
    "2:13: error: expected an integer for \"frame\", got 2.5" },
  { "type/frame-string", IMP_FORMAT_ERROR_TYPE,
    HEAD "  {'frame': '2', 'edit': 'remove-circle', 'id': 'a'}]}",
    "2:13: error: expected a number for \"frame\", got a string" },
  { "type/vector-length", IMP_FORMAT_ERROR_TYPE,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a', 'pos': [1, 2, 3]}]}",
    "2:56: error: expected an array of 2 numbers [x, y] for \"pos\", got 3 elements" },
  { "type/vector-element", IMP_FORMAT_ERROR_TYPE,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a', 'vel': [1, null]}]}",
    "2:60: error: expected a number for \"vel\"[1], got null" },
  { "type/boolean", IMP_FORMAT_ERROR_TYPE,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a', 'fixed': 'yes'}]}",
    "2:58: error: expected true or false for \"fixed\", got a string" },
  { "type/id", IMP_FORMAT_ERROR_TYPE, HEAD "  {'frame': 1, 'edit': 'remove-circle', 'id': 1}]}",
    "2:47: error: expected a string for \"id\", got a number" },
  { "type/modes", IMP_FORMAT_ERROR_TYPE,
    HEAD "  {'frame': 1, 'edit': 'set-world', 'modes': true}]}",
    "2:46: error: expected an object for \"modes\", got a boolean" },
  { "type/note", IMP_FORMAT_ERROR_TYPE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'frame': 1, 'note': 5}]}",
    "1:85: error: expected a string for \"note\", got a number" },
  { "missing/scene", IMP_FORMAT_ERROR_MISSING, "{'impulse-session': 1}",
    "1:1: error: missing required key \"scene\" in session (a scene file name or a scene "
    "object)" },
  { "missing/kind", IMP_FORMAT_ERROR_MISSING, HEAD "  {'frame': 1, 'id': 'a'}]}",
    "2:3: error: missing required key \"edit\" in edit" },
  { "missing/frame", IMP_FORMAT_ERROR_MISSING, HEAD "  {'edit': 'remove-circle', 'id': 'a'}]}",
    "2:3: error: missing required key \"frame\" in remove-circle edit" },
  { "missing/id", IMP_FORMAT_ERROR_MISSING,
    HEAD "  {'frame': 0, 'edit': 'set-segment', 'response': 'slide'}]}",
    "2:3: error: missing required key \"id\" in set-segment edit" },
  { "missing/nothing-to-set", IMP_FORMAT_ERROR_MISSING,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a'}]}",
    "2:3: error: missing a key to change in set-circle edit; expected one of \"pos\", \"vel\", "
    "\"radius\", \"mass\", \"restitution\", \"fixed\", \"collides\", \"integrator\", "
    "\"angle_rad\", \"omega_rad\", \"friction\"" },
  { "missing/one-end", IMP_FORMAT_ERROR_MISSING,
    HEAD "  {'frame': 1, 'edit': 'set-segment', 'id': 'w', 'a': [0, 0]}]}",
    "2:3: error: missing required key \"b\" in set-segment edit (both ends change together)" },
  { "missing/add-radius", IMP_FORMAT_ERROR_MISSING,
    HEAD "  {'frame': 1, 'edit': 'add-circle', 'id': 'n', 'pos': [0, 0]}]}",
    "2:3: error: missing required key \"radius\" in add-circle edit" },
  /* A bookmark's view: what a lesson step's "enter" would set up there. */
  { "type/bookmark-select", IMP_FORMAT_ERROR_TYPE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'frame': 1, 'select': "
    "['a', 'b', 'w']}]}",
    "1:87: error: expected an array of 0 to 2 body ids for \"select\", got an array" },
  { "type/bookmark-select-id", IMP_FORMAT_ERROR_TYPE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'frame': 1, 'select': "
    "['a', 4]}]}",
    "1:93: error: expected a string for \"select\", got a number" },
  { "range/bookmark-overlay", IMP_FORMAT_ERROR_RANGE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'frame': 1, 'overlays': "
    "['velocity', 'normal']}]}",
    "1:102: error: expected one of \"ids\", \"velocity\", \"swept\", \"ghosts\", \"contact\", "
    "\"relative-velocity\", \"impulse\", \"construction\", \"normals\", \"probes\", \"trails\", "
    "\"ghost-branch\", \"legend\" for \"overlays\", got \"normal\"; did you mean \"normals\"?" },
  { "range/bookmark-event", IMP_FORMAT_ERROR_RANGE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'frame': 1, 'event': -1}]}",
    "1:86: error: expected \"event\" between 0 and 10000, got -1" },
  { "missing/bookmark-frame", IMP_FORMAT_ERROR_MISSING,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'note': 'x'}]}",
    "1:64: error: missing required key \"frame\" in bookmark" },
  { "not-finite/vel", IMP_FORMAT_ERROR_NOT_FINITE,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a', 'vel': [1e999, 0]}]}",
    "2:57: error: expected a finite number for \"vel\"[0], got 1e999" },
  { "not-finite/rest-speed", IMP_FORMAT_ERROR_NOT_FINITE,
    HEAD "  {'frame': 1, 'edit': 'set-world', 'rest_speed': -1e400}]}",
    "2:51: error: expected a finite number for \"rest_speed\", got -1e400" },
  { "range/negative-frame", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': -3, 'edit': 'remove-circle', 'id': 'a'}]}",
    "2:13: error: expected \"frame\" between 0 and 1000000000, got -3" },
  { "range/late-frame", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 2e9, 'edit': 'remove-circle', 'id': 'a'}]}",
    "2:13: error: expected \"frame\" between 0 and 1000000000, got 2e9" },
  { "range/bookmark-frame", IMP_FORMAT_ERROR_RANGE,
    "{'impulse-session': 1, 'scene': 'straight.json', 'bookmarks': [{'frame': -1}]}",
    "1:74: error: expected \"frame\" between 0 and 1000000000, got -1" },
  { "range/restitution", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-segment', 'id': 'w', 'restitution': 1.5}]}",
    "2:65: error: expected \"restitution\" between 0 and 1, got 1.5" },
  { "range/radius", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-circle', 'id': 'a', 'radius': 0}]}",
    "2:59: error: expected \"radius\" > 0, got 0" },
  { "range/mass", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'add-circle', 'id': 'n', 'pos': [0, 0], 'radius': 1, "
         "'mass': -2}]}",
    "2:85: error: expected \"mass\" > 0, got -2" },
  { "range/substeps", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-world', 'substeps': 0}]}",
    "2:49: error: expected \"substeps\" between 1 and 1000, got 0" },
  { "range/world-integrator", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-world', 'integrator': 'default'}]}",
    "2:51: error: expected one of \"euler\", \"semi-implicit-euler\", \"midpoint\", \"rk4\", "
    "\"verlet\" for \"integrator\", got \"default\"" },
  { "range/detection", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-world', 'modes': {'detection': 'swep'}}]}",
    "2:60: error: expected one of \"swept\", \"discrete\" for \"detection\", got \"swep\"; did "
    "you mean \"swept\"?" },
  { "range/response", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-segment', 'id': 'w', 'response': 'bounce'}]}",
    "2:62: error: expected one of \"reflect\", \"slide\" for \"response\", got \"bounce\"" },
  { "range/id-characters", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'remove-circle', 'id': 'a b'}]}",
    "2:47: error: expected an id made of ASCII letters, digits, '-', '_' and '.', got \"a b\"" },
  { "range/empty-id", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'remove-circle', 'id': ''}]}",
    "2:47: error: expected an id of 1 to 47 bytes, got an empty string" },
  { "range/empty-scene-name", IMP_FORMAT_ERROR_RANGE, "{'impulse-session': 1, 'scene': ''}",
    "1:33: error: expected a scene file name for \"scene\", got an empty string" },
  { "range/same-ends", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'add-segment', 'id': 's', 'a': [3, 4], 'b': [3, 4]}]}",
    "2:68: error: expected \"b\" to differ from \"a\", got the same point" },
  { "edit-kind/guess", IMP_FORMAT_ERROR_EDIT_KIND,
    HEAD "  {'frame': 1, 'edit': 'set-cirle', 'id': 'a'}]}",
    "2:24: error: expected one of \"set-circle\", \"add-circle\", \"remove-circle\", "
    "\"set-segment\", \"add-segment\", \"remove-segment\", \"set-world\", \"set-probe\", "
    "\"set-polygon\", \"add-polygon\", \"remove-polygon\", \"set-curve\", \"add-curve\", "
    "\"remove-curve\" for \"edit\", got "
    "\"set-cirle\"; did you mean \"set-circle\"?" },
  { "edit-kind/unknown", IMP_FORMAT_ERROR_EDIT_KIND,
    HEAD "  {'frame': 1, 'edit': 'teleport', 'id': 'a'}]}",
    "2:24: error: expected one of \"set-circle\", \"add-circle\", \"remove-circle\", "
    "\"set-segment\", \"add-segment\", \"remove-segment\", \"set-world\", \"set-probe\", "
    "\"set-polygon\", \"add-polygon\", \"remove-polygon\", \"set-curve\", \"add-curve\", "
    "\"remove-curve\" for \"edit\", got "
    "\"teleport\"" },
  { "order/descending", IMP_FORMAT_ERROR_ORDER,
    HEAD "  {'frame': 120, 'edit': 'set-circle', 'id': 'a', 'vel': [0, 1]},\n"
         "  {'frame': 100, 'edit': 'remove-circle', 'id': 'b'}]}",
    "3:13: error: expected frames in ascending order, got frame 100 after frame 120 (the edit "
    "at 2:3)" },
  { "duplicate-id/reserved", IMP_FORMAT_ERROR_DUPLICATE_ID,
    HEAD "  {'frame': 1, 'edit': 'add-segment', 'id': 'bounds-top', 'a': [0, 0], 'b': [1, 0]}]}",
    "2:45: error: expected an id other than \"bounds-top\", which names a wall of the world "
    "bounds" },
  /* Mistakes inside an inline scene are the scene loader's, at their place in the session:
   * after a line with two- and three-byte characters, and on the scene's own lines. */
  { "scene/inline-position", IMP_FORMAT_ERROR_RANGE,
    "{'impulse-session': 1, 'bookmarks': [{'frame': 1, 'note': 'caf\303\251 \342\230\225'}],\n"
    " 'edits': [], 'scene': {'impulse': 1,\n"
    "   'circles': [{'id': 'a', 'pos': [0, 0], 'radius': -1}]}}",
    "3:53: error: expected \"radius\" > 0, got -1" },
  { "scene/inline-first-line", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    "{'bookmarks': [{'note': '\342\230\225\342\230\225', 'frame': 1}], 'impulse-session': 1, "
    "'scene': {'impulse': 1, 'circels': []}}",
    "1:91: error: unknown key \"circels\" in scene; did you mean \"circles\"?" },
  { "scene/inline-duplicate-id", IMP_FORMAT_ERROR_DUPLICATE_ID,
    "{'impulse-session': 1,\n"
    "  'scene': {'impulse': 1, 'circles': [{'id': 'a', 'pos': [0, 0], 'radius': 1},\n"
    "                                      {'id': 'a', 'pos': [5, 0], 'radius': 1}]}}",
    "3:46: error: duplicate id \"a\"; the first one is at 2:46" },
  { "scene/inline-version", IMP_FORMAT_ERROR_VERSION, "{'impulse-session': 1, 'scene': {}}",
    "1:33: error: missing required key \"impulse\" in scene (the format version, 1)" },
  { "missing/add-polygon-shape", IMP_FORMAT_ERROR_MISSING,
    HEAD "  {'frame': 1, 'edit': 'add-polygon', 'id': 'p', 'pos': [0, 0]}]}",
    "2:3: error: missing required key \"vertices\", \"box\" or \"regular\" in "
    "add-polygon edit" },
  { "range/set-polygon-density-and-mass", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-polygon', 'id': 'p', 'mass': 1, 'density': 2}]}",
    "2:72: error: expected either \"density\" or \"mass\" in set-polygon edit, not both" },
  { "range/add-polygon-not-convex", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'add-polygon', 'id': 'p', 'pos': [0, 0], 'vertices': [[0, 0], "
         "[4, 0], [1, 1], [0, 4]]}]}",
    "2:94: error: expected a convex polygon for \"vertices\", got a corner at "
    "\"vertices\"[2] that turns the other way or runs straight on" },
  { "range/set-curve-one-point", IMP_FORMAT_ERROR_RANGE,
    HEAD "  {'frame': 1, 'edit': 'set-curve', 'id': 'k', 'points': [[1, 1], [1, 1], [1, 1], [1, "
         "1]]}]}",
    "2:58: error: expected control points that are not all the same point for \"points\" "
    "(a curve needs a length)" },
  { "unknown-key/set-curve", IMP_FORMAT_ERROR_UNKNOWN_KEY,
    HEAD "  {'frame': 1, 'edit': 'set-curve', 'id': 'k', 'vel': [1, 1]}]}",
    "2:48: error: unknown key \"vel\" in set-curve edit; expected one of \"frame\", "
    "\"edit\", \"id\", \"points\", \"restitution\", \"friction\"" },
};

static void
test_bad_inline (gconstpointer data)
{
  const BadInline *bad = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *expected = g_strconcat ("inline.json:", bad->message, NULL);
  ImpSessionFile *session = load_inline (bad->doc, &error);

  g_assert_null (session);
  g_assert_error (error, IMP_FORMAT_ERROR, bad->code);
  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_bad_io_scene (void)
{
  g_autoptr (GError) error = NULL;
  ImpSessionFile *session
      = load_inline ("{'impulse-session': 1,\n  'scene': 'no-such-scene.json'}", &error);

  g_assert_null (session);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "inline.json:2:12: error: expected a readable "
                                                   "scene file, got \"no-such-scene.json\": "));
  g_assert_nonnull (strstr (error->message, "no-such-scene.json: No such file or directory"));
}

static void
test_bad_io_session (void)
{
  g_autoptr (GError) error = NULL;
  ImpSessionFile *session = imp_session_file_load ("/no/such/session.json", &error);

  g_assert_null (session);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO);
  g_assert_true (
      g_str_has_prefix (error->message, "/no/such/session.json: error: cannot read the session: "));
}

/* A mistake in a scene file is reported in that file, by its path from the session. */
static void
test_bad_scene_file (void)
{
  g_autofree char *path = session_path ("bad-scene.json");
  g_autofree char *expected = g_strdup_printf ("%s/../scenes/bad-range.json:4:59: error: "
                                               "expected \"mass\" > 0, got 0",
                                               sessions_dir ());
  g_autoptr (GError) error = NULL;
  ImpSessionFile *session = imp_session_file_load (path, &error);

  g_assert_null (session);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_RANGE);
  g_assert_cmpstr (error->message, ==, expected);
}

/* Edits that load but do not apply when the replay reaches them. */
typedef struct
{
  const char *name;
  int code;
  const char *doc;
  const char *message; /* after "inline.json:" */
} BadReplay;

static const BadReplay bad_replay[] = {
  { "unknown-id/guess", IMP_FORMAT_ERROR_UNKNOWN_ID,
    HEAD "  {'frame': 3, 'edit': 'set-circle', 'id': 'bb', 'vel': [0, 1]}]}",
    "2:44: error: edit 1 at frame 3 (set-circle): expected the id of a circle at this frame, "
    "got \"bb\"; did you mean \"b\"?" },
  { "unknown-id/removed-before", IMP_FORMAT_ERROR_UNKNOWN_ID,
    HEAD "  {'frame': 2, 'edit': 'remove-circle', 'id': 'b'},\n"
         "  {'frame': 3, 'edit': 'remove-circle', 'id': 'b'}]}",
    "3:47: error: edit 2 at frame 3 (remove-circle): expected the id of a circle at this "
    "frame, got \"b\", which names no body" },
  { "unknown-id/wrong-kind", IMP_FORMAT_ERROR_UNKNOWN_ID,
    HEAD "  {'frame': 0, 'edit': 'set-circle', 'id': 'w', 'radius': 2}]}",
    "2:44: error: edit 1 at frame 0 (set-circle): expected the id of a circle, got \"w\", "
    "which is a segment" },
  { "unknown-id/segment", IMP_FORMAT_ERROR_UNKNOWN_ID,
    HEAD "  {'frame': 0, 'edit': 'remove-segment', 'id': 'ww'}]}",
    "2:48: error: edit 1 at frame 0 (remove-segment): expected the id of a segment at this "
    "frame, got \"ww\"; did you mean \"w\"?" },
  { "unknown-id/bounds-wall", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse-session': 1, 'scene': {'impulse': 1, 'world': {'bounds': [0, 0, 9, 9]}},\n"
    " 'edits': [{'frame': 0, 'edit': 'set-segment', 'id': 'bounds-left', 'restitution': 0}]}",
    "2:54: error: edit 1 at frame 0 (set-segment): expected the id of a segment of the scene, "
    "got \"bounds-left\", a wall of the world bounds, which edits cannot change" },
  /* A probe's id is looked up among the probes, whatever else the world holds: these
   * once read the probe table with the segments' count (a crash with no probe, a read
   * past a name with one). */
  { "unknown-id/probe/none-in-world", IMP_FORMAT_ERROR_UNKNOWN_ID,
    HEAD "  {'frame': 1, 'edit': 'set-probe', 'id': 'ghost', 'pos': [1, 1]}]}",
    "2:43: error: edit 1 at frame 1 (set-probe): expected the id of a probe at this frame, "
    "got \"ghost\", which names no body" },
  { "unknown-id/probe/guess-among-segments", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse-session': 1, 'scene': {'impulse': 1, 'world': {'bounds': [0, 0, 9, 9]},\n"
    " 'segments': [{'id': 's1', 'a': [0, 0], 'b': [1, 0]},"
    " {'id': 's2', 'a': [0, 1], 'b': [1, 1]}],\n"
    " 'probes': [{'id': 'ship', 'pos': [0, 0]}]},\n"
    " 'edits': [{'frame': 0, 'edit': 'set-probe', 'id': 'shp', 'vel': [1, 1]}]}",
    "4:52: error: edit 1 at frame 0 (set-probe): expected the id of a probe at this frame, "
    "got \"shp\"; did you mean \"ship\"?" },
  { "unknown-id/probe/no-guess-among-segments", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse-session': 1, 'scene': {'impulse': 1, 'world': {'bounds': [0, 0, 9, 9]},\n"
    " 'probes': [{'id': 'ship', 'pos': [0, 0]}]},\n"
    " 'edits': [{'frame': 0, 'edit': 'set-probe', 'id': 'bounds-lef', 'vel': [1, 1]}]}",
    "3:52: error: edit 1 at frame 0 (set-probe): expected the id of a probe at this frame, "
    "got \"bounds-lef\", which names no body" },
  { "unknown-id/probe/circle-id", IMP_FORMAT_ERROR_UNKNOWN_ID,
    HEAD "  {'frame': 1, 'edit': 'set-probe', 'id': 'a', 'pos': [1, 1]}]}",
    "2:43: error: edit 1 at frame 1 (set-probe): expected the id of a probe, got \"a\", which "
    "is a circle" },
  { "unknown-id/circle/empty-world", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse-session': 1, 'scene': {'impulse': 1},\n"
    " 'edits': [{'frame': 0, 'edit': 'remove-circle', 'id': 'a'}]}",
    "2:56: error: edit 1 at frame 0 (remove-circle): expected the id of a circle at this "
    "frame, got \"a\", which names no body" },
  { "unknown-id/segment/only-bounds", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse-session': 1, 'scene': {'impulse': 1, 'world': {'bounds': [0, 0, 9, 9]}},\n"
    " 'edits': [{'frame': 0, 'edit': 'set-segment', 'id': 'bounds-lft', 'restitution': 0}]}",
    "2:54: error: edit 1 at frame 0 (set-segment): expected the id of a segment at this "
    "frame, got \"bounds-lft\", which names no body" },
  { "duplicate-id/added-twice", IMP_FORMAT_ERROR_DUPLICATE_ID,
    HEAD "  {'frame': 5, 'edit': 'add-circle', 'id': 'n', 'pos': [9, 9], 'radius': 1},\n"
         "  {'frame': 6, 'edit': 'add-segment', 'id': 'n', 'a': [0, 9], 'b': [1, 9]}]}",
    "3:45: error: edit 2 at frame 6 (add-segment): expected a new id, got \"n\", which names a "
    "circle at this frame" },
  { "unknown-id/polygon-wrong-kind", IMP_FORMAT_ERROR_UNKNOWN_ID,
    HEAD "  {'frame': 0, 'edit': 'set-polygon', 'id': 'a', 'omega_rad': 1}]}",
    "2:45: error: edit 1 at frame 0 (set-polygon): expected the id of a polygon, got "
    "\"a\", which is a circle" },
  { "unknown-id/curve-guess", IMP_FORMAT_ERROR_UNKNOWN_ID,
    "{'impulse-session': 1, 'scene': {'impulse': 1, 'curves': [{'id': 'ramp', 'points': "
    "[[0, 0], [1, 1], [2, 1], [3, 0]]}]},\n 'edits': [{'frame': 0, 'edit': "
    "'remove-curve', 'id': 'rmap'}]}",
    "2:55: error: edit 1 at frame 0 (remove-curve): expected the id of a curve at this "
    "frame, got \"rmap\"; did you mean \"ramp\"?" },
  { "duplicate-id/add-polygon", IMP_FORMAT_ERROR_DUPLICATE_ID,
    HEAD "  {'frame': 0, 'edit': 'add-polygon', 'id': 'a', 'pos': [0, 0], 'box': [1, 1]}]}",
    "2:45: error: edit 1 at frame 0 (add-polygon): expected a new id, got \"a\", which "
    "names a circle at this frame" },
};

static void
test_bad_replay (gconstpointer data)
{
  const BadReplay *bad = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpSessionFile) session = load_inline (bad->doc, &error);
  g_autofree char *expected = g_strconcat ("inline.json:", bad->message, NULL);

  g_assert_no_error (error);
  PhysWorld *world = imp_session_file_replay (session, 100, NULL, &error);
  g_assert_null (world);
  g_assert_error (error, IMP_FORMAT_ERROR, bad->code);
  g_assert_cmpstr (error->message, ==, expected);
}

/* An edit made in a program (no place in a file) that the core refuses. */
static void
test_bad_replay_refused (void)
{
  PhysWorld *world = imp_scene_load_data (
      "{\"impulse\": 1, \"circles\": [{\"id\": \"a\", \"pos\": [0, 0], \"radius\": 1}]}", -1,
      "scene.json", NULL);
  g_autoptr (ImpSessionFile) session = imp_session_file_new (world, "scene.json", NULL);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "a");
  g_autoptr (GError) error = NULL;

  edit.fields = PHYS_EDIT_RADIUS;
  edit.radius = -1.0;
  imp_session_file_add_edit (session, 2, &edit);

  /* Before frame 2 the edit is not reached, so nothing is wrong yet. */
  PhysWorld *at1 = imp_session_file_replay (session, 1, NULL, &error);
  g_assert_no_error (error);
  phys_world_free (at1);
  g_assert_null (imp_session_file_replay (session, 2, NULL, &error));
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_REFUSED);
  g_assert_cmpstr (error->message, ==,
                   "<session>: error: edit 1 at frame 2 (set-circle): expected an edit the "
                   "physics core accepts, got status \"out-of-range\"");
}

/* An added polygon whose density would make its mass leave the range is refused with the mass. */
static void
test_bad_replay_polygon_mass (void)
{
  PhysWorld *world = imp_scene_load_data ("{\"impulse\": 1}", -1, "scene.json", NULL);
  g_autoptr (ImpSessionFile) session = imp_session_file_new (world, "scene.json", NULL);
  PhysEdit edit = phys_edit_init (PHYS_EDIT_ADD_POLYGON, "p");
  g_autoptr (GError) error = NULL;

  edit.shape = phys_polygon_box (10, 10);
  edit.density = 1e29;
  imp_session_file_add_edit (session, 0, &edit);
  g_assert_null (imp_session_file_replay (session, 0, NULL, &error));
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_REFUSED);
  g_assert_cmpstr (error->message, ==,
                   "<session>: error: edit 1 at frame 0 (add-polygon): expected a mass (density "
                   "1e+29 times area 100) between 1e-30 and 1e30, got 1e+31");
}

/* The fixture the command line tests use fails at its third edit, stepping by hand. */
static void
test_bad_replay_fixture (void)
{
  g_autoptr (ImpSessionFile) session = load_fixture ("bad-replay.json");
  g_autofree char *path = session_path ("bad-replay.json");
  g_autofree char *expected = g_strdup_printf (
      "%s:7:47: error: edit 3 at frame 3 (set-circle): expected the id of a circle at this "
      "frame, got \"gg\", which names no body",
      path);
  g_autoptr (GError) error = NULL;
  PhysWorld *world = phys_world_copy (session->world);
  guint next = 0;

  for (int k = 0; k < 3; k++)
    {
      g_assert_true (imp_session_file_apply_edits (session, world, &next, &error));
      phys_world_step (world, NULL);
    }
  g_assert_false (imp_session_file_apply_edits (session, world, &next, &error));
  g_assert_cmpuint (next, ==, 2);
  g_assert_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_UNKNOWN_ID);
  g_assert_cmpstr (error->message, ==, expected);
  phys_world_free (world);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lessons/session-file/set-probe", test_set_probe_edit);
  g_test_add_func ("/lessons/session/load/scene-path", test_load_path);
  g_test_add_func ("/lessons/session/load/inline-scene", test_load_inline);
  g_test_add_func ("/lessons/session/load/all-keys", test_load_all_keys);
  g_test_add_func ("/lessons/session/load/partial-modes", test_load_partial_modes);
  g_test_add_func ("/lessons/session/load/rigid", test_load_rigid);
  g_test_add_func ("/lessons/session/load/vertex-minus-zero", test_vertex_minus_zero);
  g_test_add_func ("/lessons/session/load/minimal", test_load_minimal);
  g_test_add_func ("/lessons/session/load/shipped-scene", test_load_shipped_scene);
  g_test_add_func ("/lessons/session/sniff", test_sniff);
  g_test_add_func ("/lessons/session/bookmark-view/text", test_bookmark_view_text);

  g_test_add_data_func ("/lessons/session/round-trip/scene-path", "good-path.json",
                        test_round_trip);
  g_test_add_data_func ("/lessons/session/round-trip/inline-scene", "good-inline.json",
                        test_round_trip);
  g_test_add_data_func ("/lessons/session/round-trip/rigid", "good-rigid.json",
                        test_round_trip);
  g_test_add_data_func ("/lessons/session/round-trip/all-keys", "good-all-keys.json",
                        test_round_trip);
  g_test_add_func ("/lessons/session/round-trip/numbers", test_round_trip_numbers);
  g_test_add_func ("/lessons/session/save/layout", test_save_layout);
  g_test_add_func ("/lessons/session/save/atomic", test_save_atomic);
  g_test_add_func ("/lessons/session/save/failure-keeps-old-file", test_save_failure_keeps_old);
  g_test_add_func ("/lessons/session/save/unwritable-directory", test_save_unwritable_dir);
  g_test_add_func ("/lessons/session/save/over-directory", test_save_over_directory);
  g_test_add_func ("/lessons/session/save/symlink", test_save_symlink);
  g_test_add_func ("/lessons/session/save/elsewhere-keeps-scene", test_save_elsewhere);

  g_test_add_func ("/lessons/session/replay/by-hand", test_replay_by_hand);
  g_test_add_data_func ("/lessons/session/replay/equals-manual-edits/scene-path", "good-path.json",
                        test_replay_equals_manual);
  g_test_add_data_func ("/lessons/session/replay/equals-manual-edits/rigid", "good-rigid.json",
                        test_replay_equals_manual);
  g_test_add_data_func ("/lessons/session/replay/equals-manual-edits/all-keys",
                        "good-all-keys.json", test_replay_equals_manual);
  g_test_add_data_func ("/lessons/session/replay/equals-manual-edits/inline-scene",
                        "good-inline.json", test_replay_equals_manual);
  g_test_add_func ("/lessons/session/replay/busy-box", test_replay_busy);
  g_test_add_func ("/lessons/session/replay/apply-stepwise", test_apply_edits_stepwise);
  g_test_add_func ("/lessons/session/replay/branch", test_branch);

  for (guint i = 0; i < G_N_ELEMENTS (bad_inline); i++)
    {
      g_autofree char *path = g_strdup_printf ("/lessons/session/error/%s", bad_inline[i].name);
      g_test_add_data_func (path, &bad_inline[i], test_bad_inline);
    }
  g_test_add_func ("/lessons/session/error/io/scene-file", test_bad_io_scene);
  g_test_add_func ("/lessons/session/error/io/session-file", test_bad_io_session);
  g_test_add_func ("/lessons/session/error/scene/in-scene-file", test_bad_scene_file);
  for (guint i = 0; i < G_N_ELEMENTS (bad_replay); i++)
    {
      g_autofree char *path
          = g_strdup_printf ("/lessons/session/error/replay/%s", bad_replay[i].name);
      g_test_add_data_func (path, &bad_replay[i], test_bad_replay);
    }
  g_test_add_func ("/lessons/session/error/replay/refused", test_bad_replay_refused);
  g_test_add_func ("/lessons/session/error/replay/polygon-mass", test_bad_replay_polygon_mass);
  g_test_add_func ("/lessons/session/error/replay/fixture", test_bad_replay_fixture);

  return g_test_run ();
}
