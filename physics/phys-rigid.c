/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-rigid.c: impulses with spin and friction between rigid bodies.
 *
 * The single-point impulse with rotation is the classic one (Hecker, "Physics,
 * Part 3: Collision Response", Game Developer 1997; seed 004's response with the
 * lever arms added); two points are solved together by enumerating the cases of
 * the 2 x 2 linear complementarity problem, as Box2D's block solver does (Catto,
 * GDC 2009), and restitution follows Poisson's hypothesis (the restitution impulse
 * is e times the compression impulse), which for one point is Newton's rule.
 */
#include <string.h>

#include "phys-rigid.h"

const char *
phys_rigid_found_name (PhysRigidFound found)
{
  switch (found)
    {
    case PHYS_RIGID_FOUND_SWEPT_SAT: return "swept-sat";
    case PHYS_RIGID_FOUND_ADVANCE: return "advance";
    case PHYS_RIGID_FOUND_TOUCHING: return "touching";
    case PHYS_RIGID_FOUND_CONTACT_SOLVER: return "contact-solver";
    case PHYS_RIGID_FOUND_CORRECTION: return "correction";
    default: return "unknown";
    }
}

PhysReal
phys_rigid_effective_mass (PhysReal inv_mass_a, PhysReal inv_inertia_a, PhysVec2 ra,
                           PhysReal inv_mass_b, PhysReal inv_inertia_b, PhysVec2 rb, PhysVec2 d)
{
  PhysReal rna = phys_v2_cross (ra, d), rnb = phys_v2_cross (rb, d);
  PhysReal k = inv_mass_a + inv_mass_b + inv_inertia_a * rna * rna + inv_inertia_b * rnb * rnb;
  return k > 0.0 ? 1.0 / k : 0.0;
}

void
phys_rigid_state_ledger (const PhysRigidState *s, PhysReal *energy, PhysVec2 *momentum,
                         PhysReal *angular_momentum)
{
  PhysVec2 p = phys_v2_scale (s->velocity, s->mass);
  *energy = 0.5 * s->mass * phys_v2_len_sq (s->velocity)
            + 0.5 * s->inertia * s->angular_velocity * s->angular_velocity;
  *momentum = p;
  *angular_momentum = phys_v2_cross (s->center, p) + s->inertia * s->angular_velocity;
}

/* Velocity of body s's point at lever arm r: v + w x r. */
static PhysVec2
point_velocity (const PhysRigidState *s, PhysVec2 r)
{
  return phys_v2 (s->velocity.x - s->angular_velocity * r.y,
                  s->velocity.y + s->angular_velocity * r.x);
}

/* Relative velocity at a contact: b's point's minus a's. */
static PhysVec2
relative_velocity (const PhysRigidState *a, const PhysRigidState *b, const PhysRigidPoint *p)
{
  return phys_v2_sub (point_velocity (b, p->rb), point_velocity (a, p->ra));
}

/* Impulse P at the point: -P on a, +P on b. */
static void
apply_impulse (PhysRigidState *a, PhysRigidState *b, const PhysRigidPoint *p, PhysVec2 P)
{
  a->velocity = phys_v2_add_scaled (a->velocity, P, -a->inv_mass);
  a->angular_velocity -= a->inv_inertia * phys_v2_cross (p->ra, P);
  b->velocity = phys_v2_add_scaled (b->velocity, P, b->inv_mass);
  b->angular_velocity += b->inv_inertia * phys_v2_cross (p->rb, P);
}

static void
ledger_add (const PhysRigidState *a, const PhysRigidState *b, PhysReal *energy,
            PhysVec2 *momentum, PhysReal *angular)
{
  PhysReal ea, eb, la, lb;
  PhysVec2 pa, pb;
  phys_rigid_state_ledger (a, &ea, &pa, &la);
  phys_rigid_state_ledger (b, &eb, &pb, &lb);
  *energy = ea + eb;
  *momentum = phys_v2_add (pa, pb);
  *angular = la + lb;
}

/* The normal impulses (lambda >= 0) that bring the approaching points of a two-point contact
 * to rest: w = K lambda + vn >= 0, lambda >= 0, lambda_i w_i = 0. The cases are tried in
 * Box2D's order: both points, the first alone, the second alone, none. Returns false when
 * none fits (only rounding can do that; the caller keeps one point). */
static bool
solve_block (PhysReal k11, PhysReal k12, PhysReal k22, PhysReal b1, PhysReal b2, PhysReal *x1,
             PhysReal *x2)
{
  PhysReal det = k11 * k22 - k12 * k12;
  if (det > 0.0)
    {
      PhysReal y1 = -(k22 * b1 - k12 * b2) / det;
      PhysReal y2 = -(k11 * b2 - k12 * b1) / det;
      if (y1 >= 0.0 && y2 >= 0.0)
        {
          *x1 = y1;
          *x2 = y2;
          return true;
        }
    }
  if (k11 > 0.0)
    {
      PhysReal y1 = -b1 / k11;
      if (y1 >= 0.0 && k12 * y1 + b2 >= 0.0)
        {
          *x1 = y1;
          *x2 = 0.0;
          return true;
        }
    }
  if (k22 > 0.0)
    {
      PhysReal y2 = -b2 / k22;
      if (y2 >= 0.0 && k12 * y2 + b1 >= 0.0)
        {
          *x1 = 0.0;
          *x2 = y2;
          return true;
        }
    }
  if (b1 >= 0.0 && b2 >= 0.0)
    {
      *x1 = *x2 = 0.0;
      return true;
    }
  return false;
}

void
phys_rigid_impulse (PhysRigidAnswer *out, const PhysRigidState *a, const PhysRigidState *b,
                    PhysVec2 normal, const PhysVec2 *points, const PhysReal *depths,
                    const uint32_t *ids, int count, PhysReal e, PhysReal mu)
{
  memset (out, 0, sizeof *out);
  PhysVec2 n = normal, t = phys_v2 (-normal.y, normal.x);
  out->normal = n;
  out->tangent = t;
  out->e = e;
  out->mu = mu;
  out->reference_body = -1;
  out->reference_edge = -1;
  out->incident_edge = -1;
  out->iterations = 1;
  out->point_count = count < 1 ? 1 : (count > 2 ? 2 : count);
  out->a_before = *a;
  out->b_before = *b;
  ledger_add (a, b, &out->energy_before, &out->momentum_before, &out->angular_momentum_before);

  PhysRigidState sa = *a, sb = *b;
  for (int k = 0; k < out->point_count; k++)
    {
      PhysRigidPoint *p = &out->points[k];
      p->point = points[k];
      p->depth = depths != NULL ? depths[k] : 0.0;
      p->id = ids != NULL ? ids[k] : 0;
      p->ra = phys_v2_sub (points[k], a->center);
      p->rb = phys_v2_sub (points[k], b->center);
      p->ra_cross_n = phys_v2_cross (p->ra, n);
      p->rb_cross_n = phys_v2_cross (p->rb, n);
      p->ra_cross_t = phys_v2_cross (p->ra, t);
      p->rb_cross_t = phys_v2_cross (p->rb, t);
      p->normal_mass = phys_rigid_effective_mass (a->inv_mass, a->inv_inertia, p->ra,
                                                  b->inv_mass, b->inv_inertia, p->rb, n);
      p->tangent_mass = phys_rigid_effective_mass (a->inv_mass, a->inv_inertia, p->ra,
                                                   b->inv_mass, b->inv_inertia, p->rb, t);
      PhysVec2 dv = relative_velocity (a, b, p);
      p->vn_before = phys_v2_dot (dv, n);
      p->vt_before = phys_v2_dot (dv, t);
      p->target = p->vn_before < 0.0 ? -e * p->vn_before : 0.0;
    }

  /* The compression impulses: every approaching point brought to rest. */
  PhysReal lambda[2] = { 0.0, 0.0 };
  const PhysRigidPoint *p0 = &out->points[0], *p1 = &out->points[1];
  out->k11 = a->inv_mass + b->inv_mass + a->inv_inertia * p0->ra_cross_n * p0->ra_cross_n
             + b->inv_inertia * p0->rb_cross_n * p0->rb_cross_n;
  if (out->point_count == 2)
    {
      out->k22 = a->inv_mass + b->inv_mass + a->inv_inertia * p1->ra_cross_n * p1->ra_cross_n
                 + b->inv_inertia * p1->rb_cross_n * p1->rb_cross_n;
      out->k12 = a->inv_mass + b->inv_mass + a->inv_inertia * p0->ra_cross_n * p1->ra_cross_n
                 + b->inv_inertia * p0->rb_cross_n * p1->rb_cross_n;
      /* Two points whose rows are nearly the same (a tiny box, or points that coincide) make
       * K singular: Box2D's test of the condition number, then one point does. */
      bool conditioned = out->k11 * out->k11 < 1000.0 * (out->k11 * out->k22 - out->k12 * out->k12);
      out->block = conditioned && solve_block (out->k11, out->k12, out->k22, p0->vn_before,
                                               p1->vn_before, &lambda[0], &lambda[1]);
      if (!out->block)
        {
          /* The deeper point (the first on a tie) answers alone. */
          if (p1->depth > p0->depth)
            {
              PhysRigidPoint keep = out->points[1];
              out->points[1] = out->points[0];
              out->points[0] = keep;
              out->k11 = out->k22;
            }
          out->point_count = 1;
          out->k12 = out->k22 = 0.0;
          memset (&out->points[1], 0, sizeof out->points[1]);
        }
    }
  if (out->point_count == 1)
    lambda[0] = out->points[0].vn_before < 0.0 ? -out->points[0].vn_before * out->points[0].normal_mass
                                               : 0.0;

  for (int k = 0; k < out->point_count; k++)
    {
      PhysRigidPoint *p = &out->points[k];
      p->jn = (1.0 + e) * lambda[k];
      apply_impulse (&sa, &sb, p, phys_v2_scale (n, p->jn));
    }
  /* Friction at each point in turn, on the tangent speed the normal impulses left. */
  for (int k = 0; k < out->point_count; k++)
    {
      PhysRigidPoint *p = &out->points[k];
      PhysReal vt = phys_v2_dot (relative_velocity (&sa, &sb, p), t);
      p->jt_free = -vt * p->tangent_mass;
      p->jt_limit = mu * p->jn;
      p->jt = p->jt_free > p->jt_limit ? p->jt_limit
                                       : (p->jt_free < -p->jt_limit ? -p->jt_limit : p->jt_free);
      p->sliding = p->jt != p->jt_free;
      apply_impulse (&sa, &sb, p, phys_v2_scale (t, p->jt));
    }
  for (int k = 0; k < out->point_count; k++)
    {
      PhysRigidPoint *p = &out->points[k];
      PhysVec2 dv = relative_velocity (&sa, &sb, p);
      p->vn_after = phys_v2_dot (dv, n);
      p->vt_after = phys_v2_dot (dv, t);
    }
  out->a_after = sa;
  out->b_after = sb;
  ledger_add (&sa, &sb, &out->energy_after, &out->momentum_after, &out->angular_momentum_after);
}
