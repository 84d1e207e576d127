/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-polygon.c: convex polygon validation, mass properties and placement.
 *
 * Mass properties: the triangle-fan sums for area, centroid and second moment
 * (as in Box2D's b2ComputePolygonMass, with the fan taken from vertex 0 rather
 * than the origin so that a polygon far from its origin loses no digits).
 */
#include <string.h>

#include "phys-polygon.h"

const char *
phys_polygon_status_name (PhysPolygonStatus status)
{
  switch (status)
    {
    case PHYS_POLYGON_OK: return "ok";
    case PHYS_POLYGON_TOO_FEW: return "too-few";
    case PHYS_POLYGON_TOO_MANY: return "too-many";
    case PHYS_POLYGON_NOT_FINITE: return "not-finite";
    case PHYS_POLYGON_REPEATED_POINT: return "repeated-point";
    case PHYS_POLYGON_DEGENERATE_AREA: return "degenerate-area";
    case PHYS_POLYGON_CLOCKWISE: return "clockwise";
    case PHYS_POLYGON_NOT_CONVEX: return "not-convex";
    default: return "unknown";
    }
}

static PhysReal
shoelace_area (const PhysVec2 *v, int count)
{
  PhysReal sum = 0.0;
  /* Relative to vertex 0: the same area, without the cancellation of large coordinates. */
  for (int i = 1; i + 1 < count; i++)
    sum += phys_v2_cross (phys_v2_sub (v[i], v[0]), phys_v2_sub (v[i + 1], v[0]));
  return sum / 2.0;
}

PhysPolygonCheck
phys_polygon_validate (const PhysVec2 *v, int count)
{
  PhysPolygonCheck check;
  memset (&check, 0, sizeof check);
  check.status = PHYS_POLYGON_OK;
  check.vertex = -1;
  check.other = -1;

  if (count < PHYS_POLYGON_MIN_VERTICES)
    {
      check.status = PHYS_POLYGON_TOO_FEW;
      return check;
    }
  if (count > PHYS_POLYGON_MAX_VERTICES)
    {
      check.status = PHYS_POLYGON_TOO_MANY;
      return check;
    }
  for (int i = 0; i < count; i++)
    if (!phys_v2_is_finite (v[i]))
      {
        check.status = PHYS_POLYGON_NOT_FINITE;
        check.vertex = i;
        return check;
      }
  for (int j = 1; j < count; j++)
    for (int i = 0; i < j; i++)
      if (v[i].x == v[j].x && v[i].y == v[j].y)
        {
          check.status = PHYS_POLYGON_REPEATED_POINT;
          check.vertex = j;
          check.other = i;
          return check;
        }

  check.signed_area = shoelace_area (v, count);
  PhysAabb box = { v[0], v[0] };
  for (int i = 1; i < count; i++)
    {
      box.min = phys_v2 (fmin (box.min.x, v[i].x), fmin (box.min.y, v[i].y));
      box.max = phys_v2 (fmax (box.max.x, v[i].x), fmax (box.max.y, v[i].y));
    }
  PhysReal side = fmax (box.max.x - box.min.x, box.max.y - box.min.y);
  if (fabs (check.signed_area) <= PHYS_POLYGON_AREA_EPSILON * side * side)
    {
      check.status = PHYS_POLYGON_DEGENERATE_AREA;
      return check;
    }
  if (check.signed_area < 0.0)
    {
      check.status = PHYS_POLYGON_CLOCKWISE;
      return check;
    }

  for (int i = 0; i < count; i++)
    {
      PhysVec2 in = phys_v2_sub (v[i], v[(i + count - 1) % count]);
      PhysVec2 out = phys_v2_sub (v[(i + 1) % count], v[i]);
      PhysReal cross = phys_v2_cross (in, out);
      if (cross <= PHYS_POLYGON_TURN_EPSILON * phys_v2_len (in) * phys_v2_len (out))
        {
          check.status = PHYS_POLYGON_NOT_CONVEX;
          check.vertex = i;
          check.cross = cross;
          return check;
        }
    }

  /* Left turns everywhere still allow a star that winds round twice: then some vertex lies
   * outside some edge. */
  for (int j = 0; j < count; j++)
    {
      PhysVec2 edge = phys_v2_sub (v[(j + 1) % count], v[j]);
      for (int i = 0; i < count; i++)
        {
          if (i == j || i == (j + 1) % count)
            continue;
          PhysReal cross = phys_v2_cross (edge, phys_v2_sub (v[i], v[j]));
          if (cross <= 0.0)
            {
              check.status = PHYS_POLYGON_NOT_CONVEX;
              check.vertex = i;
              check.other = j;
              check.cross = cross;
              return check;
            }
        }
    }
  return check;
}

PhysPolygonCheck
phys_polygon_make (PhysPolygon *out, const PhysVec2 *vertices, int count)
{
  memset (out, 0, sizeof *out);
  PhysPolygonCheck check = phys_polygon_validate (vertices, count);
  if (check.status != PHYS_POLYGON_OK)
    return check;
  out->count = count;
  memcpy (out->vertices, vertices, (size_t) count * sizeof vertices[0]);
  return check;
}

PhysPolygon
phys_polygon_box (PhysReal w, PhysReal h)
{
  PhysPolygon box;
  memset (&box, 0, sizeof box);
  box.count = 4;
  box.vertices[0] = phys_v2 (-w / 2.0, -h / 2.0);
  box.vertices[1] = phys_v2 (w / 2.0, -h / 2.0);
  box.vertices[2] = phys_v2 (w / 2.0, h / 2.0);
  box.vertices[3] = phys_v2 (-w / 2.0, h / 2.0);
  return box;
}

PhysPolygon
phys_polygon_regular (int n, PhysReal r, PhysReal phase)
{
  PhysPolygon polygon;
  memset (&polygon, 0, sizeof polygon);
  if (n < PHYS_POLYGON_MIN_VERTICES)
    n = PHYS_POLYGON_MIN_VERTICES;
  if (n > PHYS_POLYGON_MAX_VERTICES)
    n = PHYS_POLYGON_MAX_VERTICES;
  polygon.count = n;
  for (int k = 0; k < n; k++)
    {
      PhysReal angle = phase + 2.0 * PHYS_PI * k / n;
      polygon.vertices[k] = phys_v2 (r * cos (angle), r * sin (angle));
    }
  return polygon;
}

/* The fan sums; the mass is density area, or given (mass >= 0) so that it comes out exact. */
static PhysMassProperties
mass_properties (const PhysPolygon *polygon, PhysReal density, PhysReal mass)
{
  PhysMassProperties m;
  memset (&m, 0, sizeof m);
  const PhysVec2 *v = polygon->vertices;
  m.count = polygon->count;
  m.triangle_count = polygon->count - 2;

  PhysReal area2 = 0.0;  /* twice the area */
  PhysVec2 moment = phys_v2 (0.0, 0.0); /* sum of D (e1 + e2), centroid numerator times 6 */
  PhysReal second = 0.0; /* sum of D (e1.e1 + e1.e2 + e2.e2) */
  for (int k = 0; k < m.triangle_count; k++)
    {
      PhysVec2 e1 = phys_v2_sub (v[k + 1], v[0]);
      PhysVec2 e2 = phys_v2_sub (v[k + 2], v[0]);
      PhysReal d = phys_v2_cross (e1, e2);
      m.cross[k] = d;
      area2 += d;
      moment = phys_v2_add_scaled (moment, phys_v2_add (e1, e2), d);
      second += d * (phys_v2_dot (e1, e1) + phys_v2_dot (e1, e2) + phys_v2_dot (e2, e2));
    }
  m.area = area2 / 2.0;
  if (mass >= 0.0)
    density = m.area > 0.0 ? mass / m.area : 0.0;
  else
    mass = density * m.area;
  m.density = density;
  m.mass = mass;
  /* sum (D / 2) (e1 + e2) / 3 over the area D_total / 2 */
  PhysVec2 offset = area2 != 0.0 ? phys_v2_scale (moment, 1.0 / (3.0 * area2)) : phys_v2 (0, 0);
  m.centroid = phys_v2_add (v[0], offset);
  m.inertia_vertex0 = density * second / 12.0;
  m.inertia = m.inertia_vertex0 - m.mass * phys_v2_dot (offset, offset);
  m.inertia_origin = m.inertia + m.mass * phys_v2_dot (m.centroid, m.centroid);
  return m;
}

PhysMassProperties
phys_polygon_mass_from_density (const PhysPolygon *polygon, PhysReal density)
{
  return mass_properties (polygon, density, -1.0);
}

PhysMassProperties
phys_polygon_mass_from_mass (const PhysPolygon *polygon, PhysReal mass)
{
  return mass_properties (polygon, 0.0, mass);
}

PhysReal
phys_circle_inertia (PhysReal mass, PhysReal radius)
{
  return mass * radius * radius / 2.0;
}

PhysPolygonWorld
phys_polygon_place (const PhysPolygon *polygon, PhysPose pose)
{
  PhysPolygonWorld w;
  memset (&w, 0, sizeof w);
  w.pose = pose;
  w.cos_a = cos (pose.angle);
  w.sin_a = sin (pose.angle);
  w.count = polygon->count;
  for (int i = 0; i < w.count; i++)
    w.vertices[i] = phys_pose_apply (pose.position, w.cos_a, w.sin_a, polygon->vertices[i]);
  for (int i = 0; i < w.count; i++)
    {
      w.edges[i] = phys_v2_sub (w.vertices[(i + 1) % w.count], w.vertices[i]);
      w.normals[i] = phys_v2_unit (phys_v2_left_normal (w.edges[i]));
    }
  return w;
}
