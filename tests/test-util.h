/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: helpers shared by the test programs. */
#pragma once

#include <glib.h>

#include "phys.h"

/* Asserts both components of a vector within epsilon of (x, y). */
#define imp_assert_vec_near(v, ex, ey, eps)                                                        \
  G_STMT_START                                                                                     \
  {                                                                                                \
    PhysVec2 imp_v_ = (v);                                                                         \
    g_assert_cmpfloat_with_epsilon (imp_v_.x, (ex), (eps));                                        \
    g_assert_cmpfloat_with_epsilon (imp_v_.y, (ey), (eps));                                        \
  }                                                                                                \
  G_STMT_END

/* Asserts both components of a vector exactly equal to (x, y) (epsilon 0 cannot work with
 * g_assert_cmpfloat_with_epsilon, which compares strictly). */
#define imp_assert_vec_equal(v, ex, ey)                                                            \
  G_STMT_START                                                                                     \
  {                                                                                                \
    PhysVec2 imp_v_ = (v);                                                                         \
    g_assert_cmpfloat (imp_v_.x, ==, (ex));                                                        \
    g_assert_cmpfloat (imp_v_.y, ==, (ey));                                                        \
  }                                                                                                \
  G_STMT_END

/* The path of a shipped scene, lessons/scenes/NAME (newly allocated). */
char *imp_test_scene_path (const char *name);

/* A world with default settings (optionally bounded) for tests; free with phys_world_free(). */
PhysWorld *imp_test_world_new (const PhysWorldDef *def);

/* A timeline of world start with frames frames recorded straight away; free with
 * phys_timeline_free(). */
PhysTimeline *imp_test_replay (const PhysWorld *start, gint64 frames);

/* Adds a circle at (x, y) with velocity (vx, vy) and radius r; returns its index. */
int imp_test_add_circle (PhysWorld *world, const char *name, double x, double y, double vx,
                         double vy, double r);

/* A circle definition at (x, y) with velocity (vx, vy) and radius r; every other field has its
 * default (mass from area, restitution 1, movable, collides). */
PhysCircleDef imp_test_circle_def (const char *name, double x, double y, double vx, double vy,
                                   double r);

/* Adds a circle from a definition; returns its index. */
int imp_test_add_circle_def (PhysWorld *world, const PhysCircleDef *def);

/* Adds a segment from (ax, ay) to (bx, by) answering with response and restitution e; returns
 * its index. */
int imp_test_add_segment (PhysWorld *world, const char *name, double ax, double ay, double bx,
                          double by, PhysResponse response, double e);

/* Empties log, steps one frame into it and returns the number of events. */
size_t imp_test_step (PhysWorld *world, PhysEventLog *log);

/* Number of events of one kind in a log. */
size_t imp_test_count_events (const PhysEventLog *log, PhysEventKind kind);
/* Momentum the immovable bodies took in a log's events (the sum of PhysEvent.taken). */
PhysVec2 imp_test_taken (const PhysEventLog *log);

/* Signed distance of p from the line through a and b, positive on the side of the left normal
 * (y down: (dir.y, -dir.x)), the side PhysCircleSegmentSweep.proj_normal measures. */
double imp_test_line_distance (PhysVec2 p, PhysVec2 a, PhysVec2 b);

/* Distance from p to the closest point of the segment ab. */
double imp_test_segment_distance (PhysVec2 p, PhysVec2 a, PhysVec2 b);

/* Deepest overlap r_i + r_j - |p_j - p_i| among the colliding circles of a world (0 when none
 * overlaps), found by a sweep along x; the pair goes to *i and *j (either may be NULL). */
double imp_test_max_overlap (const PhysWorld *world, int *i, int *j);

/* |x - reference| / |reference|, or |x| when the reference is 0. */
double imp_test_relative_change (double x, double reference);

/* A random convex polygon: 3 to max_vertices (at most 16) points at sorted random angles on an
 * ellipse (an affine image of a circle's chords is convex) whose semi-axes are drawn from
 * [min_axis, max_axis]; drawn again until it is valid. */
PhysPolygon imp_test_random_polygon (GRand *rand, int max_vertices, double min_axis,
                                     double max_axis);

/* Makes a German locale (de_DE.UTF-8, decimal comma) available to setlocale() and to child
 * processes: the system's when it has one, else compiled once from the `locales` package's
 * sources into $G_TEST_BUILDDIR/locale and named by LOCPATH (set here, so children inherit
 * it). Fails the test, naming the package, when neither works. */
void imp_test_german_locale (void);

/* Adds a box of w x h centred on (x, y), turned by angle, with friction and restitution; fixed
 * or movable, density 1. Returns its polygon index. */
int imp_test_add_box (PhysWorld *world, const char *name, double x, double y, double w, double h,
                      double angle, bool fixed, double friction, double restitution);

