/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-trace-rigid.c: the rigid records in the trace and inspect formats
 * (docs/trace-format.md, "Rigid events" and "Rigid pairs"): the static separating
 * axis test with every axis, the manifold with its clipping steps, the search over
 * the frame (swept SAT or conservative advancement), the closest point on a curve,
 * and the answer with its impulses, lever arms and ledger.
 *
 * Member names follow the physics records (phys-sat.h, phys-rigid.h, phys-advance.h,
 * phys-bezier.h) so a reader can go from a line to the code that computed it.
 */
#include "imp-trace-rigid.h"

static void
write_interval (ImpJson *json, const char *key, double lo, double hi)
{
  imp_json_begin_array (json, key);
  imp_json_double (json, NULL, lo);
  imp_json_double (json, NULL, hi);
  imp_json_end_array (json);
}

static void
write_polygon (ImpJson *json, const char *key, const PhysPolygonWorld *polygon)
{
  imp_json_begin_array (json, key);
  for (int k = 0; k < polygon->count; k++)
    imp_json_vec2 (json, NULL, polygon->vertices[k]);
  imp_json_end_array (json);
}

/**
 * imp_trace_write_double_if:
 * @json: the writer, inside an object
 * @key: the member's name
 * @valid: whether @value means something here
 * @value: the number
 *
 * A number that is meaningful only sometimes: null otherwise, never a stale zero.
 */
void
imp_trace_write_double_if (ImpJson *json, const char *key, gboolean valid, double value)
{
  if (valid)
    imp_json_double (json, key, value);
  else
    imp_json_null (json, key);
}

/* An index that may be "none" (-1): written as null. */
static void
write_index (ImpJson *json, const char *key, int index)
{
  if (index >= 0)
    imp_json_int (json, key, index);
  else
    imp_json_null (json, key);
}

static void
write_axis (ImpJson *json, const PhysSatAxis *axis)
{
  imp_json_begin_object (json, NULL);
  imp_json_int (json, "body", axis->body);
  imp_json_string (json, "kind", phys_sat_axis_kind_name (axis->kind));
  imp_json_int (json, "feature", axis->feature);
  imp_json_bool (json, "valid", axis->valid);
  imp_json_vec2 (json, "axis", axis->axis);
  write_interval (json, "a", axis->min_a, axis->max_a);
  write_interval (json, "b", axis->min_b, axis->max_b);
  imp_json_double (json, "forward", axis->forward);
  imp_json_double (json, "backward", axis->backward);
  imp_json_double (json, "overlap", axis->overlap);
  imp_json_double (json, "sign", axis->sign);
  imp_json_end_object (json);
}

static void
write_clip (ImpJson *json, const PhysClipStep *clip)
{
  imp_json_begin_object (json, NULL);
  imp_json_vec2 (json, "plane_normal", clip->plane_normal);
  imp_json_double (json, "offset", clip->offset);
  imp_json_begin_array (json, "in");
  for (int k = 0; k < 2; k++)
    {
      imp_json_begin_object (json, NULL);
      imp_json_vec2 (json, "point", clip->in[k]);
      imp_json_double (json, "distance", clip->distance[k]);
      write_index (json, "vertex", clip->in_vertex[k]);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
  imp_json_begin_array (json, "out");
  for (int k = 0; k < clip->count && k < 2; k++)
    {
      imp_json_begin_object (json, NULL);
      imp_json_vec2 (json, "point", clip->out[k]);
      write_index (json, "vertex", clip->out_vertex[k]);
      imp_json_bool (json, "cut", clip->cut[k]);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
  imp_json_end_object (json);
}

static void
write_contact_point (ImpJson *json, const PhysContactPoint *point)
{
  imp_json_begin_object (json, NULL);
  imp_json_vec2 (json, "point", point->point);
  imp_json_vec2 (json, "point_on_reference", point->point_on_reference);
  imp_json_double (json, "separation", point->separation);
  imp_json_double (json, "depth", point->depth);
  write_index (json, "reference_edge", point->reference_edge);
  write_index (json, "incident_edge", point->incident_edge);
  write_index (json, "incident_vertex", point->incident_vertex);
  write_index (json, "clip_side", point->clip_side);
  imp_json_int (json, "id", point->id);
  imp_json_end_object (json);
}

static void
write_manifold (ImpJson *json, const PhysSatManifold *m)
{
  if (!m->valid)
    {
      imp_json_null (json, "manifold");
      return;
    }
  imp_json_begin_object (json, "manifold");
  imp_json_int (json, "reference_body", m->reference_body);
  write_index (json, "reference_edge", m->reference_edge);
  imp_json_vec2 (json, "reference_v1", m->reference_v1);
  imp_json_vec2 (json, "reference_v2", m->reference_v2);
  imp_json_vec2 (json, "reference_normal", m->reference_normal);
  imp_json_vec2 (json, "reference_tangent", m->reference_tangent);
  write_index (json, "incident_edge", m->incident_edge);
  if (m->incident_edge >= 0)
    {
      imp_json_vec2 (json, "incident_v1", m->incident_v1);
      imp_json_vec2 (json, "incident_v2", m->incident_v2);
    }
  imp_json_begin_array (json, "clips");
  for (int k = 0; k < m->clip_count && k < 2; k++)
    write_clip (json, &m->clips[k]);
  imp_json_end_array (json);
  imp_json_begin_array (json, "points");
  for (int k = 0; k < m->point_count && k < 2; k++)
    write_contact_point (json, &m->points[k]);
  imp_json_end_array (json);
  imp_json_vec2 (json, "normal", m->normal);
  imp_json_end_object (json);
}

/**
 * imp_trace_write_sat:
 * @json: the writer, inside an object
 * @key: the member's name
 * @sat: a static separating axis test
 *
 * Writes the whole record: the shapes, every candidate axis with both intervals, the
 * verdict, the first separating and the best axis, the MTV and the manifold.
 */
void
imp_trace_write_sat (ImpJson *json, const char *key, const PhysSatRecord *sat)
{
  imp_json_begin_object (json, key);
  imp_json_string (json, "shape_b", phys_sat_shape_name (sat->shape_b));
  imp_json_string (json, "verdict", phys_contact_verdict_name (sat->verdict));
  write_polygon (json, "polygon_a", &sat->a);
  if (sat->shape_b == PHYS_SAT_SHAPE_POLYGON)
    write_polygon (json, "polygon_b", &sat->b);
  else if (sat->shape_b == PHYS_SAT_SHAPE_CIRCLE)
    {
      imp_json_vec2 (json, "center", sat->center);
      imp_json_double (json, "radius", sat->radius);
    }
  else
    {
      imp_json_vec2 (json, "p", sat->p);
      imp_json_vec2 (json, "q", sat->q);
    }
  imp_json_begin_array (json, "axes");
  for (int k = 0; k < sat->axis_count && k < PHYS_SAT_MAX_AXES; k++)
    write_axis (json, &sat->axes[k]);
  imp_json_end_array (json);
  write_index (json, "first_separating", sat->first_separating);
  imp_json_int (json, "best", sat->best);
  imp_json_double (json, "overlap", sat->overlap);
  imp_json_vec2 (json, "normal", sat->normal);
  imp_json_vec2 (json, "mtv", sat->mtv);
  write_manifold (json, &sat->manifold);
  imp_json_end_object (json);
}

static void
write_swept (ImpJson *json, const PhysSweptSatRecord *s)
{
  imp_json_string (json, "verdict", phys_verdict_name (s->verdict));
  imp_json_vec2 (json, "da", s->da);
  imp_json_vec2 (json, "db", s->db);
  imp_json_vec2 (json, "v", s->v);
  imp_json_begin_array (json, "axes");
  for (int k = 0; k < s->axis_count && k < PHYS_SAT_MAX_AXES; k++)
    {
      const PhysSweptAxis *axis = &s->axes[k];
      imp_json_begin_object (json, NULL);
      imp_json_int (json, "body", axis->start.body);
      imp_json_int (json, "feature", axis->start.feature);
      imp_json_vec2 (json, "axis", axis->start.axis);
      write_interval (json, "a", axis->start.min_a, axis->start.max_a);
      write_interval (json, "b", axis->start.min_b, axis->start.max_b);
      imp_json_double (json, "speed", axis->speed);
      /* Infinite times (a still axis) are null, as every non-finite number. */
      imp_json_double (json, "enter", axis->enter);
      imp_json_double (json, "exit", axis->exit);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
  imp_json_double (json, "enter", s->enter);
  imp_json_double (json, "exit", s->exit);
  write_index (json, "enter_axis", s->enter_axis);
  write_index (json, "exit_axis", s->exit_axis);
  imp_trace_write_double_if (json, "t", s->has_t, s->t);
  if (s->has_t)
    imp_json_vec2 (json, "normal", s->normal);
  else
    imp_json_null (json, "normal");
  if (s->corner)
    {
      imp_json_int (json, "corner_vertex", s->corner_vertex);
      imp_json_string (json, "corner_verdict", phys_verdict_name (s->corner_sweep.verdict));
    }
}

static void
write_advance (ImpJson *json, const PhysAdvanceRecord *a)
{
  imp_json_string (json, "verdict", phys_verdict_name (a->verdict));
  imp_json_double (json, "tolerance", a->tolerance);
  imp_json_double (json, "t_max", a->t_max);
  imp_json_vec2 (json, "da", a->da);
  imp_json_vec2 (json, "db", a->db);
  imp_json_double (json, "wa", a->wa);
  imp_json_double (json, "wb", a->wb);
  imp_json_double (json, "ra", a->ra);
  imp_json_double (json, "rb", a->rb);
  imp_json_begin_array (json, "steps");
  for (int k = 0; k < a->step_count && k < PHYS_ADVANCE_MAX_ITERATIONS; k++)
    {
      const PhysAdvanceStep *step = &a->steps[k];
      imp_json_begin_object (json, NULL);
      imp_json_double (json, "t", step->t);
      imp_json_double (json, "distance", step->distance.distance);
      imp_json_vec2 (json, "normal", step->distance.normal);
      imp_json_double (json, "closing_linear", step->closing_linear);
      imp_json_double (json, "closing_turn_a", step->closing_turn_a);
      imp_json_double (json, "closing_turn_b", step->closing_turn_b);
      imp_json_double (json, "closing_accel", step->closing_accel);
      imp_json_double (json, "mu", step->mu);
      imp_json_double (json, "dt", step->dt);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
  imp_json_bool (json, "converged", a->converged);
  imp_trace_write_double_if (json, "t", a->has_t, a->t);
}

static void
write_curve_advance (ImpJson *json, const PhysCurveAdvanceRecord *a)
{
  imp_json_string (json, "verdict", phys_verdict_name (a->verdict));
  imp_json_double (json, "tolerance", a->tolerance);
  imp_json_double (json, "t_max", a->t_max);
  imp_json_double (json, "speed", a->speed);
  imp_json_begin_array (json, "steps");
  for (int k = 0; k < a->step_count && k < PHYS_ADVANCE_MAX_ITERATIONS; k++)
    {
      const PhysCurveAdvanceStep *step = &a->steps[k];
      imp_json_begin_object (json, NULL);
      imp_json_double (json, "t", step->t);
      imp_json_vec2 (json, "center", step->center);
      imp_json_double (json, "s", step->s);
      imp_json_vec2 (json, "point", step->point);
      imp_json_double (json, "gap", step->gap);
      imp_json_double (json, "dt", step->dt);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
  imp_json_bool (json, "converged", a->converged);
  imp_trace_write_double_if (json, "t", a->has_t, a->t);
}

static void
write_curve (ImpJson *json, const PhysBezierClosest *c)
{
  imp_json_begin_object (json, "curve");
  imp_json_begin_array (json, "control");
  for (int k = 0; k < 4; k++)
    imp_json_vec2 (json, NULL, c->curve.p[k]);
  imp_json_end_array (json);
  imp_json_vec2 (json, "query", c->query);
  imp_json_begin_array (json, "candidates");
  for (int k = 0; k < c->candidate_count && k < PHYS_BEZIER_MAX_CANDIDATES; k++)
    {
      const PhysBezierCandidate *cand = &c->candidates[k];
      imp_json_begin_object (json, NULL);
      imp_json_bool (json, "end", cand->end);
      write_interval (json, "bracket", cand->lo, cand->hi);
      imp_json_int (json, "newton_steps", cand->newton_steps);
      imp_json_int (json, "bisection_steps", cand->bisection_steps);
      imp_json_double (json, "s", cand->s);
      imp_json_double (json, "g", cand->g);
      imp_json_double (json, "distance_sq", cand->distance_sq);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
  imp_json_int (json, "chosen", c->chosen);
  imp_json_double (json, "s", c->s);
  imp_json_vec2 (json, "point", c->point);
  imp_json_vec2 (json, "tangent", c->tangent);
  imp_json_vec2 (json, "normal", c->normal);
  imp_json_double (json, "distance", c->distance);
  imp_json_end_object (json);
}

/**
 * imp_trace_write_rigid_tests:
 * @json: the writer, inside an object
 * @tests: the tests of a rigid pair
 *
 * Writes `found`, `t0`, the static test as `sat`, the search over the frame as
 * `search` (by its method) and, for curve pairs, the closest point as `curve`.
 */
void
imp_trace_write_rigid_tests (ImpJson *json, const PhysRigidTests *tests)
{
  imp_json_string (json, "found", phys_rigid_found_name (tests->found));
  imp_json_double (json, "search_t0", tests->t0);
  imp_trace_write_sat (json, "sat", &tests->sat);
  imp_json_begin_object (json, "search");
  if (tests->found == PHYS_RIGID_FOUND_SWEPT_SAT)
    {
      imp_json_string (json, "method", "swept-sat");
      write_swept (json, &tests->swept);
    }
  else if (tests->found == PHYS_RIGID_FOUND_ADVANCE && tests->has_curve)
    {
      imp_json_string (json, "method", "curve-advance");
      write_curve_advance (json, &tests->curve_advance);
    }
  else if (tests->found == PHYS_RIGID_FOUND_ADVANCE)
    {
      imp_json_string (json, "method", "advance");
      write_advance (json, &tests->advance);
    }
  else
    imp_json_string (json, "method", "none");
  imp_json_end_object (json);
  if (tests->has_curve)
    write_curve (json, &tests->curve);
}

static void
write_state (ImpJson *json, const char *key, const PhysRigidState *s)
{
  imp_json_begin_object (json, key);
  imp_json_vec2 (json, "pos", s->center);
  imp_json_vec2 (json, "vel", s->velocity);
  imp_json_double (json, "angle_rad", s->angle);
  imp_json_double (json, "omega_rad", s->angular_velocity);
  imp_json_double (json, "mass", s->mass);
  imp_json_double (json, "inertia", s->inertia);
  imp_json_end_object (json);
}

static void
write_rigid_point (ImpJson *json, const PhysRigidPoint *p)
{
  imp_json_begin_object (json, NULL);
  imp_json_vec2 (json, "point", p->point);
  imp_json_double (json, "depth", p->depth);
  imp_json_int (json, "id", p->id);
  imp_json_vec2 (json, "ra", p->ra);
  imp_json_vec2 (json, "rb", p->rb);
  imp_json_double (json, "ra_cross_n", p->ra_cross_n);
  imp_json_double (json, "rb_cross_n", p->rb_cross_n);
  imp_json_double (json, "ra_cross_t", p->ra_cross_t);
  imp_json_double (json, "rb_cross_t", p->rb_cross_t);
  imp_json_double (json, "normal_mass", p->normal_mass);
  imp_json_double (json, "tangent_mass", p->tangent_mass);
  imp_json_double (json, "vn_before", p->vn_before);
  imp_json_double (json, "vt_before", p->vt_before);
  imp_json_double (json, "target", p->target);
  imp_json_double (json, "jn", p->jn);
  imp_json_double (json, "jt_free", p->jt_free);
  imp_json_double (json, "jt_limit", p->jt_limit);
  imp_json_double (json, "jt", p->jt);
  imp_json_bool (json, "sliding", p->sliding);
  imp_json_double (json, "vn_after", p->vn_after);
  imp_json_double (json, "vt_after", p->vt_after);
  imp_json_end_object (json);
}

/**
 * imp_trace_write_rigid_answer:
 * @json: the writer, inside an object
 * @r: a rigid answer
 *
 * Writes the answer: how it was found, normal and tangent, e and mu, the reference and
 * incident edges, every contact point with its lever arms, cross products, effective
 * masses and impulses, K of a block solve, both bodies before and after, the ledger.
 */
void
imp_trace_write_rigid_answer (ImpJson *json, const PhysRigidAnswer *r)
{
  imp_json_string (json, "found", phys_rigid_found_name (r->found));
  imp_json_int (json, "search_steps", r->search_steps);
  imp_json_vec2 (json, "normal", r->normal);
  imp_json_vec2 (json, "tangent", r->tangent);
  imp_json_double (json, "e", r->e);
  imp_json_double (json, "mu", r->mu);
  write_index (json, "reference_body", r->reference_body);
  write_index (json, "reference_edge", r->reference_edge);
  write_index (json, "incident_edge", r->incident_edge);
  imp_json_double (json, "curve_s", r->curve_s);
  imp_json_begin_array (json, "points");
  for (int k = 0; k < r->point_count && k < 2; k++)
    write_rigid_point (json, &r->points[k]);
  imp_json_end_array (json);
  imp_json_bool (json, "block", r->block);
  imp_json_begin_object (json, "K");
  imp_json_double (json, "k11", r->k11);
  imp_json_double (json, "k12", r->k12);
  imp_json_double (json, "k22", r->k22);
  imp_json_end_object (json);
  imp_json_int (json, "iterations", r->iterations);
  imp_json_begin_object (json, "before");
  write_state (json, "a", &r->a_before);
  write_state (json, "b", &r->b_before);
  imp_json_end_object (json);
  imp_json_begin_object (json, "after");
  write_state (json, "a", &r->a_after);
  write_state (json, "b", &r->b_after);
  imp_json_end_object (json);
  imp_json_begin_object (json, "ledger");
  write_interval (json, "energy", r->energy_before, r->energy_after);
  imp_json_begin_array (json, "momentum");
  imp_json_vec2 (json, NULL, r->momentum_before);
  imp_json_vec2 (json, NULL, r->momentum_after);
  imp_json_end_array (json);
  write_interval (json, "angular_momentum", r->angular_momentum_before,
                  r->angular_momentum_after);
  imp_json_double (json, "correction", r->correction);
  imp_json_double (json, "correction_angular", r->correction_angular);
  imp_json_double (json, "correction_energy", r->correction_energy);
  imp_json_end_object (json);
}

/**
 * imp_trace_write_rigid_detail:
 * @json: the writer, inside an object
 * @detail: the full records of a rigid event (phys_world_rigid_detail())
 *
 * Writes the tests (imp_trace_write_rigid_tests()) and, for a contact the frame's solver
 * answered, the accumulated impulses after each velocity iteration as `solver`.
 */
void
imp_trace_write_rigid_detail (ImpJson *json, const PhysRigidDetail *detail)
{
  imp_json_begin_object (json, "tests");
  imp_trace_write_rigid_tests (json, &detail->tests);
  imp_json_end_object (json);
  if (detail->iterations <= 0)
    return;
  int points = detail->answer_record.point_count;
  imp_json_begin_array (json, "solver");
  for (int i = 0; i < detail->iterations && i < PHYS_RIGID_MAX_ITERATIONS; i++)
    {
      imp_json_begin_object (json, NULL);
      imp_json_begin_array (json, "jn");
      for (int k = 0; k < points && k < 2; k++)
        imp_json_double (json, NULL, detail->jn[i][k]);
      imp_json_end_array (json);
      imp_json_begin_array (json, "jt");
      for (int k = 0; k < points && k < 2; k++)
        imp_json_double (json, NULL, detail->jt[i][k]);
      imp_json_end_array (json);
      imp_json_end_object (json);
    }
  imp_json_end_array (json);
}
