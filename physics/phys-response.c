/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-response.c: collision responses.
 *
 * The circle-circle impulse is seed 000's j = -(1 + e) vAB.n / (1/mA + 1/mB)
 * with e = sqrt(eA eB); reflection and sliding on a surface are seed 002's
 * A' = A + 2 V(Ap) and A' = A + V(Ap), generalised with restitution.
 */
#include <string.h>

#include "phys-response.h"

PhysReal
phys_restitution_combine (PhysReal e1, PhysReal e2)
{
  return sqrt (e1 * e2);
}

const char *
phys_response_name (PhysResponse response)
{
  return response == PHYS_RESPONSE_SLIDE ? "slide" : "reflect";
}

PhysImpulse
phys_impulse_circle_circle (PhysVec2 normal, PhysVec2 v1, PhysReal inv_mass1,
                            PhysVec2 v2, PhysReal inv_mass2, PhysReal e)
{
  PhysImpulse s;
  /* Padding too: records are compared and kept byte for byte (the timeline). */
  memset (&s, 0, sizeof s);

  s.normal = normal;
  s.e = e;
  s.inv_mass1 = inv_mass1;
  s.inv_mass2 = inv_mass2;
  s.v1_before = v1;
  s.v2_before = v2;
  s.v1_after = v1;
  s.v2_after = v2;
  s.rel_vel = phys_v2_sub (v1, v2);
  s.vn = phys_v2_dot (s.rel_vel, normal);

  PhysReal inv_mass_sum = inv_mass1 + inv_mass2;
  if (s.vn <= 0.0 || inv_mass_sum <= 0.0)
    return s;

  s.applied = true;
  s.j = -(1.0 + e) * s.vn / inv_mass_sum;
  s.v1_after = phys_v2_add_scaled (v1, normal, s.j * inv_mass1);
  s.v2_after = phys_v2_add_scaled (v2, normal, -s.j * inv_mass2);
  return s;
}

PhysSegmentResponse
phys_segment_respond (PhysVec2 normal, PhysVec2 v, PhysResponse response, PhysReal e)
{
  PhysSegmentResponse s;
  memset (&s, 0, sizeof s);

  s.response = response;
  s.normal = normal;
  s.e = response == PHYS_RESPONSE_SLIDE ? 0.0 : e;
  s.v_before = v;
  s.v_after = v;
  s.vn = phys_v2_dot (v, normal);
  s.v_normal_away = phys_v2_scale (normal, -s.vn);
  s.v_along = phys_v2_add (v, s.v_normal_away);

  if (s.vn >= 0.0)
    return s;

  s.applied = true;
  s.v_after = phys_v2_add_scaled (v, s.v_normal_away, 1.0 + s.e);
  s.j = phys_v2_dot (s.v_after, normal) - s.vn;
  return s;
}

PhysVec2
phys_slide_reposition (PhysVec2 surface_point, PhysVec2 normal, PhysReal depth)
{
  return phys_v2_add_scaled (surface_point, normal, depth);
}

PhysCircleFriction
phys_friction_circle (PhysVec2 normal, PhysReal jn, PhysReal mu, PhysVec2 v1, PhysReal w1,
                      PhysReal r1, PhysReal inv_mass1, PhysReal inv_inertia1, PhysVec2 v2,
                      PhysReal w2, PhysReal r2, PhysReal inv_mass2, PhysReal inv_inertia2,
                      PhysVec2 *v1_after, PhysVec2 *v2_after)
{
  PhysCircleFriction f;
  memset (&f, 0, sizeof f);
  PhysVec2 t = phys_v2 (-normal.y, normal.x);
  f.mu = mu;
  f.jn = jn;
  f.r1 = r1;
  f.r2 = r2;
  f.inv_inertia1 = inv_inertia1;
  f.inv_inertia2 = inv_inertia2;
  *v1_after = v1;
  *v2_after = v2;
  f.w1_before = f.w1_after = w1;
  f.w2_before = f.w2_after = w2;
  f.vt_before = phys_v2_dot (phys_v2_sub (v2, v1), t) - w2 * r2 - w1 * r1;
  f.vt_after = f.vt_before;
  f.jt_limit = mu * jn;
  PhysReal k = inv_mass1 + inv_mass2 + r1 * r1 * inv_inertia1 + r2 * r2 * inv_inertia2;
  if (k <= 0.0)
    return f;
  f.tangent_mass = 1.0 / k;
  f.jt_free = -f.tangent_mass * f.vt_before;
  if (!(mu > 0.0) || !(jn > 0.0) || f.vt_before == 0.0)
    return f;
  f.applied = true;
  f.sliding = fabs (f.jt_free) > f.jt_limit;
  f.jt = f.sliding ? (f.jt_free > 0.0 ? f.jt_limit : -f.jt_limit) : f.jt_free;
  *v1_after = phys_v2_add_scaled (v1, t, -f.jt * inv_mass1);
  *v2_after = phys_v2_add_scaled (v2, t, f.jt * inv_mass2);
  f.w1_after = w1 - r1 * f.jt * inv_inertia1;
  f.w2_after = w2 - r2 * f.jt * inv_inertia2;
  f.vt_after = phys_v2_dot (phys_v2_sub (*v2_after, *v1_after), t) - f.w2_after * r2
               - f.w1_after * r1;
  return f;
}

PhysHeldFriction
phys_friction_held (PhysReal s, PhysReal press, PhysReal g_t, PhysReal mu, PhysReal r,
                    PhysReal m, PhysReal inv_inertia)
{
  PhysHeldFriction h = { .t_roll = -1.0 };
  h.k = 1.0 + m * r * r * inv_inertia;
  PhysReal limit = mu * press;
  if (s != 0.0)
    {
      h.sliding = true;
      h.f = s > 0.0 ? -limit : limit;
    }
  else
    {
      PhysReal roll = -g_t / h.k;
      if (fabs (roll) <= limit)
        h.f = roll;
      else
        {
          h.sliding = true;
          h.f = g_t > 0.0 ? -limit : limit;
        }
    }
  h.slip_rate = s == 0.0 && !h.sliding ? 0.0 : g_t + h.k * h.f;
  h.spin_acc = -m * r * h.f * inv_inertia;
  if (s != 0.0 && h.slip_rate != 0.0 && (s > 0.0) != (h.slip_rate > 0.0))
    h.t_roll = -s / h.slip_rate;
  return h;
}
