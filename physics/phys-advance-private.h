/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-advance-private.h: the core of conservative advancement, shared by the record
 * function (phys_advance()) and the step, which runs it without a record.
 */
#pragma once

#include "phys-advance.h"
#include "phys-sat-private.h"

/* What an advancement found. */
typedef struct
{
  PhysVerdict verdict;
  bool has_t;
  bool converged;
  int steps;
  PhysReal t;
  PhysVec2 normal;
  PhysVec2 point_a, point_b;
} PhysAdvanceResult;

/* Advancement of polygon a against b from t = 0 to t_max; ra and rb are the bodies' largest
 * vertex distances from their pose positions (phys_polygon_largest_radius(); 0 for b unless it is
 * a polygon). rec (may be NULL) gets every step. */
void phys_advance_core (const PhysAdvanceBody *a, const PhysAdvanceBody *b, PhysReal ra,
                        PhysReal rb, PhysReal tolerance, PhysReal t_max, PhysAdvanceResult *out,
                        PhysAdvanceRecord *rec);

/* The largest distance of a vertex from the local origin. */
PhysReal phys_polygon_largest_radius (const PhysPolygon *polygon);

/* What a circle's advancement towards a curve found. */
typedef struct
{
  PhysVerdict verdict;
  bool has_t;
  bool converged;
  int steps;
  PhysReal t;
  PhysBezierCircleContact contact; /* the contact test at the last step */
} PhysCurveAdvanceResult;

/* Advancement of a circle (centre + v t + acc t^2 / 2) towards a fixed curve up to t_max; rec
 * (may be NULL) gets every step. */
void phys_advance_circle_bezier_core (const PhysBezier *curve, PhysVec2 center, PhysVec2 v,
                                      PhysVec2 acc, PhysReal radius, PhysReal tolerance,
                                      PhysReal t_max, PhysCurveAdvanceResult *out,
                                      PhysCurveAdvanceRecord *rec);
