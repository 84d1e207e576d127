/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-math.h: the scalar and 2D vector value type of the physics core.
 *
 * Coordinates are screen-like: x grows to the right, y grows downwards. With
 * y down, the "left normal" of a direction (x, y) is (y, -x) and the "right
 * normal" is (-y, x) when looking along the direction on screen.
 */
#pragma once

#include <math.h>
#include <stdbool.h>

/// pi to double precision (M_PI is not in strict C11).
#define PHYS_PI 3.14159265358979323846

/// The one scalar type of the core: IEEE 754 binary64.
typedef double PhysReal;

/// A 2D vector or point, in world units (or world units per frame for velocities).
typedef struct
{
  PhysReal x; ///< horizontal component, grows to the right
  PhysReal y; ///< vertical component, grows downwards (screen convention)
} PhysVec2;

/// Makes a vector. Pure.
static inline PhysVec2
phys_v2 (PhysReal x, PhysReal y)
{
  PhysVec2 v = { x, y };
  return v;
}

/// a + b. Pure.
static inline PhysVec2
phys_v2_add (PhysVec2 a, PhysVec2 b)
{
  return phys_v2 (a.x + b.x, a.y + b.y);
}

/// a - b. Pure.
static inline PhysVec2
phys_v2_sub (PhysVec2 a, PhysVec2 b)
{
  return phys_v2 (a.x - b.x, a.y - b.y);
}

/// s * a. Pure.
static inline PhysVec2
phys_v2_scale (PhysVec2 a, PhysReal s)
{
  return phys_v2 (a.x * s, a.y * s);
}

/// a + s * b, evaluated as two roundings per component (no fused multiply-add). Pure.
static inline PhysVec2
phys_v2_add_scaled (PhysVec2 a, PhysVec2 b, PhysReal s)
{
  return phys_v2 (a.x + b.x * s, a.y + b.y * s);
}

/// -a. Pure.
static inline PhysVec2
phys_v2_neg (PhysVec2 a)
{
  return phys_v2 (-a.x, -a.y);
}

/// Dot product a.b. Pure.
static inline PhysReal
phys_v2_dot (PhysVec2 a, PhysVec2 b)
{
  return a.x * b.x + a.y * b.y;
}

/// Perp-dot product a x b = a.x b.y - a.y b.x (the z of the 3D cross product). Pure.
static inline PhysReal
phys_v2_cross (PhysVec2 a, PhysVec2 b)
{
  return a.x * b.y - a.y * b.x;
}

/// Squared length a.a. Pure.
static inline PhysReal
phys_v2_len_sq (PhysVec2 a)
{
  return phys_v2_dot (a, a);
}

/// Length |a|. Pure.
static inline PhysReal
phys_v2_len (PhysVec2 a)
{
  return sqrt (phys_v2_dot (a, a));
}

/// a / |a|, or the zero vector when |a| is zero. Pure.
static inline PhysVec2
phys_v2_unit (PhysVec2 a)
{
  PhysReal len = phys_v2_len (a);
  if (len == 0.0)
    return phys_v2 (0.0, 0.0);
  return phys_v2 (a.x / len, a.y / len);
}

/// Left normal on screen (y down): (y, -x). Pure.
static inline PhysVec2
phys_v2_left_normal (PhysVec2 a)
{
  return phys_v2 (a.y, -a.x);
}

/// Right normal on screen (y down): (-y, x). Pure.
static inline PhysVec2
phys_v2_right_normal (PhysVec2 a)
{
  return phys_v2 (-a.y, a.x);
}

/// a + (b - a) t. Pure.
static inline PhysVec2
phys_v2_lerp (PhysVec2 a, PhysVec2 b, PhysReal t)
{
  return phys_v2 (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

/// True when both components are finite (not NaN, not infinite). Pure.
static inline bool
phys_v2_is_finite (PhysVec2 a)
{
  return isfinite (a.x) && isfinite (a.y);
}

/// True when x is finite and its magnitude at most limit (itself finite). Pure.
static inline bool
phys_real_within (PhysReal x, PhysReal limit)
{
  /* One comparison says it all: any comparison with a NaN is false, and an infinity is
   * beyond every finite limit (the divergence check makes it for every circle, every frame). */
  return fabs (x) <= limit;
}

/// True when both components are finite with magnitude at most limit. Pure.
static inline bool
phys_v2_within (PhysVec2 a, PhysReal limit)
{
  return phys_real_within (a.x, limit) && phys_real_within (a.y, limit);
}

/// An axis-aligned box, in world units. Empty when min > max on an axis.
typedef struct
{
  PhysVec2 min; ///< smallest x and y
  PhysVec2 max; ///< largest x and y
} PhysAabb;

/// The box of a circle of radius r swept from p to p + d. Pure.
static inline PhysAabb
phys_aabb_swept_circle (PhysVec2 p, PhysVec2 d, PhysReal r)
{
  PhysVec2 q = phys_v2_add (p, d);
  /* Comparisons, not fmin/fmax: with strict floating point those are calls into libm (their NaN
   * rules), and every circle's box is made several times a frame. The values are the same
   * for every finite input. */
  PhysAabb box;
  box.min = phys_v2 ((p.x < q.x ? p.x : q.x) - r, (p.y < q.y ? p.y : q.y) - r);
  box.max = phys_v2 ((p.x > q.x ? p.x : q.x) + r, (p.y > q.y ? p.y : q.y) + r);
  return box;
}

/// True when the closed boxes a and b share a point. Pure.
static inline bool
phys_aabb_overlaps (PhysAabb a, PhysAabb b)
{
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}
