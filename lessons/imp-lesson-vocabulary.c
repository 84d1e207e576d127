/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-vocabulary.c: the shared name tables; see the header. */
#include "imp-lesson-vocabulary.h"

#include <glib/gi18n.h>
#include <string.h>

const char *const imp_term_names[IMP_N_TERM_NAMES] = {
  "t",  "n",  "tangent", "point", "v1",    "v2",    "vrel",        "v.n",
  "j",  "v1'", "v2'",    "d",     "v",     "root0", "root1",       "proj_normal",
  "proj_along", "V(Ap)", "A'",    "n_L",   "n_R",   "toi",
};

const char *const imp_topic_names[IMP_N_TOPIC_NAMES] = {
  "tunneling",      "swept-quadratic", "time-of-impact", "impulse",
  "elastic-bugs",   "circle-segment",  "sliding",        "impact-points",
  "integrators",    "springs",         "broad-phase",     "inelastic-collapse",
  "separating-axes", "impulse-at-offset", "friction",       "curves",
};

const ImpQuantityInfo imp_quantities[] = {
  { "energy", IMP_QUANTITY_WORLD, N_("total energy at the state") },
  { "events", IMP_QUANTITY_WORLD, N_("events in the frame") },
  { "all-pairs", IMP_QUANTITY_WORLD, N_("pairs of circles an all-pairs loop tests") },
  { "grid-pairs", IMP_QUANTITY_WORLD, N_("pairs the grid broad phase hands to the swept test") },
  { "x", IMP_QUANTITY_BODY, N_("centre x at the state") },
  { "y", IMP_QUANTITY_BODY, N_("centre y at the state") },
  { "vx", IMP_QUANTITY_BODY, N_("velocity x at the state") },
  { "vy", IMP_QUANTITY_BODY, N_("velocity y at the state") },
  { "speed", IMP_QUANTITY_BODY, N_("|v| at the state") },
  { "angle", IMP_QUANTITY_BODY, N_("angle at the state, radians (clockwise on screen)") },
  { "omega", IMP_QUANTITY_BODY,
    N_("angular velocity at the state, radians per time unit (clockwise on screen)") },
  { "a", IMP_QUANTITY_PAIR, N_("circle-circle: v.v") },
  { "b", IMP_QUANTITY_PAIR, N_("circle-circle: v.d (half the textbook b)") },
  { "c", IMP_QUANTITY_PAIR, N_("circle-circle: d.d - R^2") },
  { "disc", IMP_QUANTITY_PAIR, N_("circle-circle: b^2 - a c") },
  { "t", IMP_QUANTITY_PAIR, N_("time of first touch, frame fraction") },
  { "point.x", IMP_QUANTITY_PAIR, N_("contact or predicted impact point x") },
  { "point.y", IMP_QUANTITY_PAIR, N_("contact or predicted impact point y") },
  { "normal.x", IMP_QUANTITY_PAIR, N_("contact normal x") },
  { "normal.y", IMP_QUANTITY_PAIR, N_("contact normal y") },
  { "proj_normal", IMP_QUANTITY_PAIR,
    N_("circle-segment: signed distance of the centre from the line") },
  { "proj_along", IMP_QUANTITY_PAIR,
    N_("circle-segment: where the centre's foot falls along the line") },
  { "toi", IMP_QUANTITY_PAIR, N_("probe-segment: signed time to impact, frames") },
  { "axis", IMP_QUANTITY_PAIR,
    N_("separating axes: the first axis with a gap, counted from 1 in the order the test "
       "tries them (the first body's edges, then the second's)") },
  { "gap", IMP_QUANTITY_PAIR, N_("separating axes: the gap on the first separating axis") },
  { "overlap", IMP_QUANTITY_PAIR,
    N_("separating axes: the least overlap over the axes (negative: a gap)") },
  { "best", IMP_QUANTITY_PAIR, N_("separating axes: the axis of least overlap, counted from 1") },
  { "s", IMP_QUANTITY_PAIR, N_("curve: the parameter s of the closest point") },
  { "j", IMP_QUANTITY_RESPONSE,
    N_("impulse along n (circle-circle), or per unit mass (segment); rigid: the normal "
       "impulse on the second body, summed over the contact points") },
  { "vn", IMP_QUANTITY_RESPONSE, N_("relative normal speed at contact") },
  { "v1'.x", IMP_QUANTITY_RESPONSE, N_("first body's velocity x after the response") },
  { "v1'.y", IMP_QUANTITY_RESPONSE, N_("first body's velocity y after the response") },
  { "v2'.x", IMP_QUANTITY_RESPONSE, N_("circle-circle: second body's velocity x after") },
  { "v2'.y", IMP_QUANTITY_RESPONSE, N_("circle-circle: second body's velocity y after") },
  { "omega1'", IMP_QUANTITY_RESPONSE, N_("rigid: first body's angular velocity after") },
  { "omega2'", IMP_QUANTITY_RESPONSE, N_("rigid: second body's angular velocity after") },
  { "jt", IMP_QUANTITY_RESPONSE,
    N_("rigid: friction impulse on the second body along t = (-n.y, n.x), summed over the "
       "contact points") },
};
const gsize imp_n_quantities = G_N_ELEMENTS (imp_quantities);

/**
 * imp_vocabulary_find:
 * @names: (array length=n): a table
 * @n: its length
 * @name: a name
 *
 * Returns: the index of @name in @names, or -1
 */
int
imp_vocabulary_find (const char *const *names, gsize n, const char *name)
{
  for (gsize i = 0; i < n; i++)
    if (strcmp (names[i], name) == 0)
      return (int) i;
  return -1;
}

/**
 * imp_quantity_find:
 * @name: a quantity name
 *
 * Returns: (nullable): its row, or %NULL
 */
const ImpQuantityInfo *
imp_quantity_find (const char *name)
{
  for (gsize i = 0; i < imp_n_quantities; i++)
    if (strcmp (imp_quantities[i].name, name) == 0)
      return &imp_quantities[i];
  return NULL;
}
