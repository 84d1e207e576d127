/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-curve-contact-private.h: the polygon-curve contact as the step uses it. */
#pragma once

#include "phys-curve-contact.h"
#include "phys-sat-private.h"

/* The contact of hull h (a placed convex polygon) with the curve into *rec, and as a static
 * test's answer into *out (its manifold when the separation is within keep): the reference face
 * is the polygon's edge for an edge candidate (the incident point is the curve's), the curve's
 * tangent line at s for a vertex (the incident point is the vertex). */
void phys_curve_polygon_core (const PhysBezier *curve, const PhysHull *h, PhysReal keep,
                              PhysSatContact *out, PhysCurvePolygonContact *rec);
