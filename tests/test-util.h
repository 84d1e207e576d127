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

/* A world with default settings (optionally bounded) for tests; free with phys_world_free(). */
PhysWorld *imp_test_world_new (const PhysWorldDef *def);

/* Adds a circle at (x, y) with velocity (vx, vy) and radius r; returns its index. */
int imp_test_add_circle (PhysWorld *world, const char *name, double x, double y, double vx,
                         double vy, double r);
