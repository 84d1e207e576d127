/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c: the session model (recording, playhead, selection, edits,
 * breakpoints) without a display: none of these cases draws or opens a window,
 * so they run wherever the tests run, with or without xvfb-run. */
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "imp-body-fields.h"
#include "imp-breakpoints.h"
#include "imp-canvas-describe.h"
#include "imp-render.h"
#include "imp-session.h"
#include "test-ui-util.h"
#include "test-util.h"

/* The hash of state k of the session's recording (recorded already). */
static uint64_t
state_hash (ImpSession *session, gint64 k)
{
  gint64 n;
  const PhysFrameSummary *summaries
      = imp_recording_get_summaries (imp_session_get_recording (session), &n);
  g_assert_cmpint (k, <, n);
  return summaries[k].hash;
}

static void
test_session_load_and_step (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed001-head-on.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (session, 100);
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);
  imp_session_step (session, 5);
  g_assert_cmpint (imp_session_get_frame (session), ==, 5);
  imp_session_step (session, -10);
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);

  /* The first event: the playhead lands on it, just before its response. */
  g_assert_true (imp_session_jump_event (session, 1));
  gint64 hit = imp_session_get_frame (session);
  const PhysStop *stop = imp_session_get_stop_info (session);
  g_assert_nonnull (stop);
  g_assert_cmpint (stop->kind, ==, PHYS_STOP_BEFORE);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  g_assert_nonnull (view.selected);
  g_assert_cmpint (view.selected->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpfloat (view.time_in_frame, ==, view.selected->t);
  /* At the stop the circles stand where the event's record puts them. */
  imp_assert_vec_near (view.positions[view.selected->a], view.selected->circle_circle.p1.x,
                       view.selected->circle_circle.p1.y, 1e-9);
  imp_assert_vec_near (view.positions[view.selected->b], view.selected->circle_circle.p2.x,
                       view.selected->circle_circle.p2.y, 1e-9);
  /* Step into walks on to after the response, then to the next frame. */
  imp_session_step_into (session, 1);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_AFTER);
  imp_session_step_into (session, 1);
  g_assert_cmpint (imp_session_get_frame (session), ==, hit + 1);
  g_assert_cmpint (imp_session_get_stop (session), ==, 0);
  imp_session_step_into (session, -1);
  g_assert_cmpint (imp_session_get_frame (session), ==, hit);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_AFTER);
}

/* Down inside a rigid event's separating axis test: the playhead stays before the response
 * while the picture steps through the eight axes (the card's row lit for each), then goes on
 * to the response; Up steps back through them. tests/data/cli/sat-figure.json. */
static void
test_session_step_through_axes (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "cli", "sat-figure.json",
                                                 NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (session, 10);
  ImpViewOptions *options = imp_session_get_view_options (session);
  g_assert_true (imp_session_jump_event (session, 1));
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_BEFORE);
  g_assert_cmpint (imp_view_options_get_sat_step (options), ==, 0);
  for (int k = 1; k <= 8; k++)
    {
      imp_session_step_into (session, 1);
      g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_BEFORE);
      g_assert_cmpint (imp_view_options_get_sat_step (options), ==, k);
      g_assert_cmpstr (imp_view_options_get_highlight_term (options), ==,
                       imp_render_sat_axis_term (k - 1));
    }
  /* The canvas's description says the axis in words: the eighth, b's edge 3, n = -(1, 1)/sqrt 2.
   * b (centre (400 + 80 sqrt 2, 300)) reaches max_b = 80 - (700 + 80 sqrt 2)/sqrt 2 on it, a's
   * corner (400, 340) gives min_a = -740/sqrt 2: overlap = max_b - min_a = 20 sqrt 2. */
  g_autofree char *said = imp_canvas_describe (session);
  g_test_message ("%s", said);
  g_assert_nonnull (strstr (said, "; separating axis 8 of 8 (B edge 3): overlap 28.28"));
  /* And when over the frame that axis overlaps (the swept plot's row 8): b at 10 a frame
   * closes along it at v.n = 10/sqrt 2; b's interval [-(820)/sqrt 2 - 80, -(820)/sqrt 2 + 80]
   * meets a's [-740/sqrt 2, -420/sqrt 2] for t in [-3.3137, 51.314]. */
  g_assert_nonnull (strstr (said, "; separating axis 8 of 8 (B edge 3): overlap 28.28; swept "
                                  "test, axis 8 (B): overlaps for t in [−3.314, 51.31]"));
  imp_session_step_into (session, -1);
  g_assert_cmpint (imp_view_options_get_sat_step (options), ==, 7);
  g_assert_cmpstr (imp_view_options_get_highlight_term (options), ==, "axis6");
  imp_session_step_into (session, 1);
  imp_session_step_into (session, 1);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_AFTER);
  g_assert_cmpint (imp_view_options_get_sat_step (options), ==, 0);
  g_assert_null (imp_view_options_get_highlight_term (options));
}

/* Playback wraps inside a loop: from 18 in [10, 20] (11 frames), 5 frames on is 12. */
static void
test_session_loop (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed001-balls-in-box.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 40);
  imp_session_set_loop (session, 10, 20);
  gint64 start, end;
  g_assert_true (imp_session_get_loop (session, &start, &end));
  g_assert_cmpint (start, ==, 10);
  g_assert_cmpint (end, ==, 20);
  imp_session_set_frame (session, 18);
  imp_session_set_playing (session, TRUE);
  imp_session_advance (session, 5.0 / 60.0); /* five frames at 1x */
  g_assert_cmpint (imp_session_get_frame (session), ==, 12);
  imp_session_set_loop (session, 5, 5);
  g_assert_false (imp_session_get_loop (session, NULL, NULL));

  /* Every property reads through GObject. */
  gboolean can_undo = TRUE, can_redo = TRUE, loop = TRUE;
  int n_bookmarks = -1;
  g_object_get (session, "can-undo", &can_undo, "can-redo", &can_redo, "n-bookmarks",
                &n_bookmarks, "loop", &loop, NULL);
  g_assert_false (can_undo);
  g_assert_false (can_redo);
  g_assert_false (loop);
  g_assert_cmpint (n_bookmarks, ==, 0);
}

/* Selecting two circles shows their test at the frame: seed 000's pair hits at frame 0. */
static void
test_session_pair (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 2);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef a, b;
  g_assert_true (phys_world_find (view.world, "c1", &a));
  g_assert_true (phys_world_find (view.world, "c2", &b));
  imp_session_select_body (session, a, FALSE);
  imp_session_get_view (session, &view);
  g_assert_null (view.pair);
  g_assert_cmpint (view.body.index, ==, a.index);
  imp_session_select_body (session, b, TRUE);
  imp_session_get_view (session, &view);
  g_assert_nonnull (view.pair);
  g_assert_cmpint (view.pair->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
  g_assert_cmpint (view.pair->circle_circle.verdict, ==, PHYS_VERDICT_HIT);
  /* The same record the step's event carries. */
  g_assert_cmpint (view.n_events, >=, 1);
  g_assert_cmpfloat (view.pair->circle_circle.t, ==, view.events[0].circle_circle.sweep.t);
  /* A plain click elsewhere starts over with one body. */
  imp_session_select_body (session, b, FALSE);
  imp_session_get_view (session, &view);
  g_assert_null (view.pair);
}

static void
test_session_bad_file (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "scenes",
                                                "bad-unknown-key.json", NULL);
  g_assert_false (imp_session_load (session, bad, &error));
  g_assert_nonnull (error);
  g_assert_true (strstr (error->message, ": error: ") != NULL);
  g_assert_cmpint (imp_session_get_length (session), ==, 0);
}

/* Edits branch, undo and redo come back, bookmarks count, and a saved session
 * opens to the same recording. */
static void
test_session_edit_undo_save (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  ImpViewOptions *options = imp_session_get_view_options (session);
  g_autofree char *path = imp_test_scene_path ("seed001-balls-in-box.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 50);
  imp_session_set_frame (session, 20);
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "ball-02");
  e.fields = PHYS_EDIT_VELOCITY;
  e.velocity = phys_v2 (3.0, -3.0);
  g_assert_cmpint (imp_session_edit (session, &e), ==, PHYS_OK);
  g_assert_true (imp_session_can_undo (session));
  /* Ahead of the edit the old future shows as the ghost: ball-02 differs there. */
  imp_test_wait_for_length (session, 40);
  imp_session_set_frame (session, 30);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef pushed;
  g_assert_true (phys_world_find (view.world, "ball-02", &pushed));
  int b2 = pushed.index;
  g_assert_nonnull (view.ghost_positions);
  g_assert_cmpfloat (phys_v2_len (phys_v2_sub (view.ghost_positions[b2], view.positions[b2])), >,
                     1.0);
  g_assert_null (view.trail);
  imp_view_options_set_overlays (options,
                                 imp_view_options_get_overlays (options) | IMP_OVERLAY_TRAILS);
  imp_session_get_view (session, &view);
  g_assert_cmpint (view.trail_len, ==, 31);
  /* The trail ends where the circles stand now. */
  int n = phys_world_circle_count (view.world);
  imp_assert_vec_equal (view.trail[30 * n + b2], view.positions[b2].x, view.positions[b2].y);
  imp_session_set_frame (session, 20);
  g_assert_cmpint (imp_session_add_bookmark (session, "after the push"), ==, 0);
  g_assert_cmpint (imp_session_get_n_bookmarks (session), ==, 1);
  imp_test_wait_for_length (session, 80);

  g_autofree char *dir = g_dir_make_tmp ("impulse-app-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "run.json", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_save (session, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (imp_session_get_session_path (session), ==, file);

  g_autoptr (ImpSession) reopened = imp_session_new ();
  g_assert_true (imp_session_load (reopened, file, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (reopened, 80);
  uint64_t ha = state_hash (session, 80);
  uint64_t hb = state_hash (reopened, 80);
  g_assert_cmpint (imp_recording_get_n_edits (imp_session_get_recording (reopened)), ==, 1);
  g_assert_cmpuint (ha, ==, hb);
  g_assert_cmpint (imp_session_get_n_bookmarks (reopened), ==, 1);

  g_assert_true (imp_session_undo (session));
  g_assert_false (imp_session_can_undo (session));
  g_assert_true (imp_session_can_redo (session));
  imp_test_wait_for_length (session, 80);
  g_assert_cmpuint (state_hash (session, 80), !=, ha);
  g_assert_true (imp_session_redo (session));
  imp_test_wait_for_length (session, 80);
  g_assert_cmpuint (state_hash (session, 80), ==, ha);
  g_remove (file);
  g_rmdir (dir);
}

static void
record_hit (ImpSession *session, gint64 frame, gint64 *hit)
{
  *hit = frame;
}

/* Plays from the playhead in quarter seconds until the breakpoint pauses it
 * (returns the frame) or the recording's end (returns -1). */
static gint64
play_to_break (ImpSession *session, gint64 *hit)
{
  *hit = -1;
  imp_session_set_playing (session, TRUE);
  while (imp_session_get_playing (session)
         && imp_session_get_frame (session) < imp_session_get_length (session))
    imp_session_advance (session, 0.25);
  imp_session_set_playing (session, FALSE);
  return *hit;
}

/* Seed 001's fifteen balls recorded to 600 frames; *hit gets each breakpoint's frame. */
static ImpSession *
balls_with_breakpoints (gint64 *hit)
{
  ImpSession *session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed001-balls-in-box.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 600);
  g_signal_connect (session, "breakpoint-hit", G_CALLBACK (record_hit), hit);
  return session;
}

/* A body's breakpoint follows the body by name: after an earlier ball is
 * removed (which renumbers the later ones) it still pauses on ball-06's events,
 * not on those of the ball that took its index. */
static void
test_breakpoint_after_removal (void)
{
  gint64 hit = -1;
  g_autoptr (ImpSession) session = balls_with_breakpoints (&hit);
  g_autoptr (GError) error = NULL;
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef ball;
  g_assert_true (phys_world_find (view.world, "ball-06", &ball));
  imp_session_select_body (session, ball, FALSE);
  g_autofree char *said = NULL;
  g_assert_true (imp_breakpoint_apply (session, "selection", &said, &error));

  PhysEdit remove = phys_edit_init (PHYS_EDIT_REMOVE_CIRCLE, "ball-01");
  g_assert_true (imp_session_apply_edit (session, &remove, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (session, 600);
  for (int i = 0; i < 3; i++)
    {
      gint64 frame = play_to_break (session, &hit);
      if (i == 0)
        g_assert_cmpint (frame, >=, 0);
      if (frame < 0)
        break;
      imp_session_get_view (session, &view);
      g_assert_nonnull (view.selected);
      PhysBodyRef a = { PHYS_BODY_CIRCLE, view.selected->a };
      PhysBodyRef b = { view.selected->b_kind, view.selected->b };
      const char *names[] = { phys_world_body_name (view.world, a),
                              view.selected->b >= 0 ? phys_world_body_name (view.world, b) : "" };
      g_assert_true (g_str_equal (names[0], "ball-06") || g_str_equal (names[1], "ball-06"));
    }
}

static void
test_breakpoints (void)
{
  gint64 hit = -1;
  g_autoptr (ImpSession) session = balls_with_breakpoints (&hit);
  g_autoptr (GError) error = NULL;
  g_autofree char *said = NULL;

  /* Refused: a name it does not know; a body breakpoint with nothing selected. */
  g_assert_false (imp_breakpoint_apply (session, "sometimes", &said, &error));
  g_assert_error (error, IMP_BREAKPOINT_ERROR, IMP_BREAKPOINT_ERROR_UNKNOWN);
  g_assert_cmpstr (error->message, ==,
                   "Unknown breakpoint “sometimes”: expected none, any, embedded, circle-circle, "
                   "circle-segment, probe-segment, event-cap, selection, energy or energy-P "
                   "(P percent)");
  g_clear_error (&error);
  g_assert_false (imp_breakpoint_apply (session, "selection", &said, &error));
  g_assert_error (error, IMP_BREAKPOINT_ERROR, IMP_BREAKPOINT_ERROR_NO_SELECTION);
  g_assert_nonnull (strstr (error->message, "Select a body first"));
  g_clear_error (&error);
  g_assert_false (imp_session_get_breakpoint (session, NULL));
  const char *bad_thresholds[] = { "energy-", "energy-0", "energy-150", "energy-x", "energy5",
                                   "energy-nan" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad_thresholds); i++)
    {
      g_assert_false (imp_breakpoint_apply (session, bad_thresholds[i], &said, &error));
      g_assert_error (error, IMP_BREAKPOINT_ERROR, IMP_BREAKPOINT_ERROR_UNKNOWN);
      g_assert_nonnull (strstr (error->message, "a percentage above 0 and at most 100"));
      g_clear_error (&error);
    }
  g_assert_false (imp_session_get_breakpoint (session, NULL));

  /* Every kind of event has its breakpoint, by the physics' name of the kind; the event
   * cap marks a frame, and has the query's flag of its own. */
  const PhysEventKind kinds[]
      = { PHYS_EVENT_EMBEDDED, PHYS_EVENT_CIRCLE_CIRCLE, PHYS_EVENT_CIRCLE_SEGMENT,
          PHYS_EVENT_PROBE_SEGMENT, PHYS_EVENT_EVENT_CAP };
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      PhysTimelineQuery q;
      g_assert_true (
          imp_breakpoint_apply (session, phys_event_kind_name (kinds[i]), &said, &error));
      g_clear_pointer (&said, g_free);
      g_assert_true (imp_session_get_breakpoint (session, &q));
      gboolean cap = kinds[i] == PHYS_EVENT_EVENT_CAP;
      g_assert_cmpuint (q.kinds, ==, cap ? 0 : 1u << kinds[i]);
      g_assert_cmpint (q.event_cap, ==, cap);
    }
  g_assert_true (imp_breakpoint_apply (session, "none", &said, &error));
  g_clear_pointer (&said, g_free);

  /* The energy threshold chosen: a tenth of a percent. */
  PhysTimelineQuery energy;
  g_assert_true (imp_breakpoint_apply (session, "energy-0.1", &said, &error));
  g_assert_cmpstr (said, ==, "Playback pauses where the total energy changes by more than 0.1 % "
                             "in a frame");
  g_clear_pointer (&said, g_free);
  g_assert_true (imp_session_get_breakpoint (session, &energy));
  g_assert_cmpfloat (energy.energy_change, ==, 0.001);
  g_assert_true (imp_breakpoint_apply (session, "energy", &said, &error));
  g_clear_pointer (&said, g_free);
  g_assert_true (imp_session_get_breakpoint (session, &energy));
  g_assert_cmpfloat (energy.energy_change, ==, 0.01);
  g_assert_true (imp_breakpoint_apply (session, "none", &said, &error));
  g_clear_pointer (&said, g_free);

  /* Two circles colliding: playback stops on each such frame in turn, just
   * before the response, the event selected. */
  g_assert_true (imp_breakpoint_apply (session, "circle-circle", &said, &error));
  g_assert_cmpstr (said, ==, "Playback pauses when two circles collide");
  g_clear_pointer (&said, g_free);
  PhysTimelineQuery circles = { 0 };
  circles.kinds = 1u << PHYS_EVENT_CIRCLE_CIRCLE;
  gint64 expected = -1;
  for (int i = 0; i < 3; i++)
    {
      expected = imp_recording_find (imp_session_get_recording (session), expected, 1, &circles);
      g_assert_cmpint (expected, >=, 0);
      g_assert_cmpint (play_to_break (session, &hit), ==, expected);
      g_assert_cmpint (imp_session_get_frame (session), ==, expected);
      g_assert_cmpint (imp_session_get_stop (session), ==, 1);
      ImpSessionView view;
      imp_session_get_view (session, &view);
      g_assert_nonnull (view.selected);
      g_assert_cmpint (view.selected->kind, ==, PHYS_EVENT_CIRCLE_CIRCLE);
    }

  /* A selected body: only its events. */
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysBodyRef ball;
  g_assert_true (phys_world_find (view.world, "ball-06", &ball));
  imp_session_select_body (session, ball, FALSE);
  g_assert_true (imp_breakpoint_apply (session, "selection", &said, &error));
  g_assert_cmpstr (said, ==, "Playback pauses on every event of ball-06");
  g_clear_pointer (&said, g_free);
  PhysTimelineQuery of_ball = { 0 };
  of_ball.match_body = true;
  of_ball.body = ball;
  imp_session_set_frame (session, 0);
  ImpRecording *recording = imp_session_get_recording (session);
  expected = imp_recording_find (recording, -1, 1, &of_ball);
  gint64 after = imp_recording_find (recording, expected, 1, &of_ball);
  g_assert_cmpint (expected, >=, 0);
  g_assert_cmpint (play_to_break (session, &hit), ==, expected);
  if (after >= 0 && after < imp_session_get_length (session))
    g_assert_cmpint (play_to_break (session, &hit), ==, after);

  /* None: playback runs to the end of what is recorded. */
  g_assert_true (imp_breakpoint_apply (session, "none", &said, &error));
  g_clear_pointer (&said, g_free);
  g_assert_false (imp_session_get_breakpoint (session, NULL));
  imp_session_set_frame (session, 0);
  g_assert_cmpint (play_to_break (session, &hit), ==, -1);
  g_assert_cmpint (imp_session_get_frame (session), >=, 600);
}
static void
record_notice (ImpSession *session, const char *said, char **out)
{
  g_free (*out);
  *out = g_strdup (said);
}

/* An edit, undo or redo keeps the inspected event, its card and the stop inside it
 * while the same event (same bodies, same frame) still happens; when it no longer
 * does, the session says so. Seed 000's c1 and c2 collide in frame 0. */
static void
test_session_edit_keeps_event (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_autofree char *lost = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 5);
  g_signal_connect (session, "notice", G_CALLBACK (record_notice), &lost);
  imp_session_step_into (session, 1); /* before the response */
  imp_session_step_into (session, 1); /* after it */
  g_assert_cmpint (imp_session_get_selected_event (session), ==, 0);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_AFTER);

  /* c2's restitution from 0.64 to 0.25: the same collision, e = sqrt (1 x 0.25) = 0.5. */
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "c2");
  e.fields = PHYS_EDIT_RESTITUTION;
  e.restitution = 0.25;
  g_assert_true (imp_session_apply_edit (session, &e, &error));
  g_assert_no_error (error);
  imp_test_wait_for_length (session, 5);
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);
  g_assert_cmpint (imp_session_get_selected_event (session), ==, 0);
  const PhysStop *stop = imp_session_get_stop_info (session);
  g_assert_nonnull (stop);
  g_assert_cmpint (stop->kind, ==, PHYS_STOP_AFTER);
  g_assert_cmpint (stop->event, ==, 0);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  g_assert_nonnull (view.selected);
  g_assert_cmpfloat_with_epsilon (view.selected->circle_circle.impulse.e, 0.5, 1e-12);
  g_assert_null (lost);

  /* Undo and redo keep it too. */
  g_assert_true (imp_session_undo (session));
  imp_test_wait_for_length (session, 5);
  imp_session_get_view (session, &view);
  g_assert_nonnull (view.selected);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_AFTER);
  g_assert_cmpfloat_with_epsilon (view.selected->circle_circle.impulse.e, 0.8, 1e-12);
  g_assert_true (imp_session_redo (session));
  imp_test_wait_for_length (session, 5);
  imp_session_get_view (session, &view);
  g_assert_nonnull (view.selected);
  g_assert_cmpfloat_with_epsilon (view.selected->circle_circle.impulse.e, 0.5, 1e-12);
  g_assert_null (lost);

  /* c2 turned away: they no longer meet in frame 0, and the session says so. */
  PhysEdit away = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "c2");
  away.fields = PHYS_EDIT_VELOCITY;
  away.velocity = phys_v2 (100, 0);
  g_assert_true (imp_session_apply_edit (session, &away, &error));
  imp_test_wait_for_length (session, 5);
  g_assert_cmpint (imp_session_get_selected_event (session), ==, -1);
  g_assert_cmpint (imp_session_get_stop (session), ==, 0);
  g_assert_cmpstr (lost, ==, "After this change there is no circle-circle event of c1 and c2 in "
                             "frame 0 any more");
}

/* The next event from the start of a frame includes that frame's own events:
 * Ctrl+Right at frame 0 of seed 000 lands on frame 0's collision. */
static void
test_session_next_event_from_frame_start (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 5);
  g_assert_true (imp_session_jump_event (session, 1));
  g_assert_cmpint (imp_session_get_frame (session), ==, 0);
  g_assert_cmpint (imp_session_get_selected_event (session), ==, 0);
  g_assert_cmpint (imp_session_get_stop_info (session)->kind, ==, PHYS_STOP_BEFORE);
  /* From there, the next event is a later frame's. */
  if (imp_session_jump_event (session, 1))
    g_assert_cmpint (imp_session_get_frame (session), >, 0);
}

/* An edit that would put a circle outside the world's bounds is refused with where its
 * centre may go, and nothing changes; one that puts it on a wall applies with a notice. */
/* A polygon's density that would make its mass or moment of inertia leave the physics' range is
 * refused with the quantity named: a 40 x 40 box (area 1600) at density 1e28 would weigh 1.6e31;
 * a mass of 1e28 gives a moment of 1e28 (40^2 + 40^2) / 12 = 2.66667e30. */
static void
test_session_edit_refused_polygon (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed004-slope.json");
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  PhysEdit e = phys_edit_init (PHYS_EDIT_SET_POLYGON, "sticky");
  e.fields = PHYS_EDIT_DENSITY;
  e.density = 1e28;
  g_assert_false (imp_session_apply_edit (session, &e, &error));
  g_assert_cmpstr (error->message, ==,
                   "Editing sticky refused: its mass would be 1.6e+31 (density 1e+28 times area "
                   "1600), outside 1e-30 to 1e30");
  g_clear_error (&error);
  e.fields = PHYS_EDIT_MASS;
  e.mass = 1e28;
  g_assert_false (imp_session_apply_edit (session, &e, &error));
  g_assert_cmpstr (error->message, ==,
                   "Editing sticky refused: its moment of inertia would be 2.66667e+30, outside "
                   "1e-30 to 1e30");
  g_clear_error (&error);
  /* In range it applies. */
  e.mass = 2.0;
  g_assert_true (imp_session_apply_edit (session, &e, &error));
  g_assert_no_error (error);
}

static void
test_session_edit_place (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed002-reflect.json");
  g_autofree char *notice = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (imp_session_load (session, path, &error));
  imp_test_wait_for_length (session, 5);
  g_signal_connect (session, "notice", G_CALLBACK (record_notice), &notice);

  PhysEdit far = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "left");
  far.fields = PHYS_EDIT_POSITION;
  far.position = phys_v2 (2250, 100);
  g_assert_false (imp_session_apply_edit (session, &far, &error));
  g_assert_error (error, IMP_BODY_FIELD_ERROR, IMP_BODY_FIELD_ERROR_RANGE);
  g_assert_cmpstr (error->message, ==, "left: (2250, 100) is outside the world's bounds; with "
                                       "radius 15 the centre must stay within x 15 to 785 and y "
                                       "15 to 585");
  g_clear_error (&error);
  g_assert_false (imp_session_can_undo (session));

  /* Growing it past the floor: refused as well. */
  PhysEdit big = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "left");
  big.fields = PHYS_EDIT_RADIUS;
  big.radius = 120;
  g_assert_false (imp_session_apply_edit (session, &big, &error));
  g_assert_nonnull (strstr (error->message, "with radius 120 the centre must stay within x 120 "
                                            "to 680 and y 120 to 480"));
  g_clear_error (&error);
  g_assert_false (imp_session_can_undo (session));

  /* On the slope (150, 350)-(650, 500): (400, 425) lies on it. */
  PhysEdit on = phys_edit_init (PHYS_EDIT_SET_CIRCLE, "left");
  on.fields = PHYS_EDIT_POSITION;
  on.position = phys_v2 (400, 425);
  g_assert_true (imp_session_apply_edit (session, &on, &error));
  g_assert_no_error (error);
  g_assert_true (imp_session_can_undo (session));
  g_assert_cmpstr (notice, ==, "left now overlaps slope: the next frame pushes them apart (an "
                               "embedded event)");
}


/* Pausing mid-frame puts the playhead on the frame's start: the view is the recorded
 * state, at t = 0 of the frame. */
static void
test_session_pause_on_frame_start (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed001-balls-in-box.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 20);
  imp_session_set_playing (session, TRUE);
  imp_session_advance (session, 3.5 / 60.0); /* three and a half frames at 1x */
  ImpSessionView view;
  imp_session_get_view (session, &view);
  g_assert_cmpfloat (view.time_in_frame, >, 0.0);
  imp_session_set_playing (session, FALSE);
  g_assert_cmpint (imp_session_get_frame (session), ==, 3);
  imp_session_get_view (session, &view);
  g_assert_cmpfloat (view.time_in_frame, ==, 0.0);
  PhysCircle c = phys_world_get_circle (view.world, 0);
  imp_assert_vec_equal (view.positions[0], c.position.x, c.position.y);
}

/* A spring too stiff for its integrator: the recording ends at the frame that diverges
 * (frame 21 of this scene; the worker does not spin on it), the session says why, and the
 * last state is finite. */
static void
test_session_diverged (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("impulse-app-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (dir, "spring.json", NULL);
  g_file_set_contents (path,
                       "{\"impulse\": 1,\n"
                       " \"circles\": [{\"id\": \"a\", \"pos\": [0, 0], \"radius\": 1},\n"
                       "             {\"id\": \"b\", \"pos\": [10, 0], \"radius\": 1}],\n"
                       " \"forces\": [{\"type\": \"spring\", \"a\": \"a\", \"b\": \"b\", "
                       "\"k\": 1000, \"rest_length\": 5}]}\n",
                       -1, &error);
  g_assert_no_error (error);
  g_autoptr (ImpSession) session = imp_session_new ();
  g_assert_true (imp_session_load (session, path, &error));

  /* (The worker records ahead at once, so the halt may be there already.) */
  imp_session_record_to (session, 100);
  imp_test_wait_for_length (session, 21);
  g_assert_cmpint (imp_session_get_length (session), ==, 21);
  g_autofree char *why = imp_session_dup_halt_message (session);
  g_assert_nonnull (why);
  g_assert_true (g_str_has_prefix (why, "frame 21: circle \"a\" diverged: "));

  imp_session_set_frame (session, 21);
  ImpSessionView view;
  imp_session_get_view (session, &view);
  PhysCircle a = phys_world_get_circle (view.world, 0);
  g_assert_true (phys_v2_is_finite (a.position) && phys_v2_is_finite (a.velocity));
  g_remove (path);
  g_rmdir (dir);

  /* A scene that does not diverge has no halt to tell. */
  g_autoptr (ImpSession) calm = imp_session_new ();
  g_autofree char *seed = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (calm, seed, &error));
  imp_test_wait_for_length (calm, 30);
  g_assert_null (imp_session_dup_halt_message (calm));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/session/load-and-step", test_session_load_and_step);
  g_test_add_func ("/ui/session/step-through-axes", test_session_step_through_axes);
  g_test_add_func ("/ui/session/bad-file", test_session_bad_file);
  g_test_add_func ("/ui/session/loop", test_session_loop);
  g_test_add_func ("/ui/session/pair", test_session_pair);
  g_test_add_func ("/ui/session/diverged", test_session_diverged);
  g_test_add_func ("/ui/session/edit-undo-save", test_session_edit_undo_save);
  g_test_add_func ("/ui/session/breakpoints", test_breakpoints);
  g_test_add_func ("/ui/session/breakpoint-after-removal", test_breakpoint_after_removal);
  g_test_add_func ("/ui/session/edit-keeps-event", test_session_edit_keeps_event);
  g_test_add_func ("/ui/session/edit-place", test_session_edit_place);
  g_test_add_func ("/ui/session/edit-refused-polygon", test_session_edit_refused_polygon);
  g_test_add_func ("/ui/session/pause-on-frame-start", test_session_pause_on_frame_start);
  g_test_add_func ("/ui/session/next-event-from-frame-start",
                   test_session_next_event_from_frame_start);
  return g_test_run ();
}
