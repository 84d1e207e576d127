/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-util.h"

PhysWorld *
imp_test_world_new (const PhysWorldDef *def)
{
  PhysWorldDef fallback = phys_world_def_default ();
  PhysWorld *world = phys_world_new (def != NULL ? def : &fallback);
  g_assert_nonnull (world);
  return world;
}

int
imp_test_add_circle (PhysWorld *world, const char *name, double x, double y, double vx, double vy,
                     double r)
{
  PhysCircleDef def = phys_circle_def_default ();
  int index = -1;
  def.name = name;
  def.position = phys_v2 (x, y);
  def.velocity = phys_v2 (vx, vy);
  def.radius = r;
  g_assert_cmpint (phys_world_add_circle (world, &def, &index), ==, PHYS_OK);
  return index;
}
