/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-edit.h: changes a learner makes to a world while paused. An edit is a
 * value (no pointers) that names its body, so an edit log can be kept, saved in
 * a session file and replayed to the same bits.
 */
#pragma once

#include <stdint.h>

#include "phys-world.h"

/// What an edit changes.
typedef enum
{
  PHYS_EDIT_SET_CIRCLE = 0,   ///< change fields of a circle (see PhysEdit.fields)
  PHYS_EDIT_ADD_CIRCLE,       ///< add a circle
  PHYS_EDIT_REMOVE_CIRCLE,    ///< remove a circle (and the forces that name it)
  PHYS_EDIT_SET_SEGMENT,      ///< change fields of a segment
  PHYS_EDIT_ADD_SEGMENT,      ///< add a segment
  PHYS_EDIT_REMOVE_SEGMENT,   ///< remove a segment
  PHYS_EDIT_SET_WORLD,        ///< change world settings or teaching modes (see PhysEdit.fields)
  PHYS_EDIT_SET_PROBE,        ///< move a probe or change its velocity (position, velocity)
  PHYS_EDIT_SET_POLYGON,      ///< change fields of a polygon body
  PHYS_EDIT_ADD_POLYGON,      ///< add a polygon body
  PHYS_EDIT_REMOVE_POLYGON,   ///< remove a polygon body (and the springs that hold it)
  PHYS_EDIT_SET_CURVE,        ///< change fields of a curve
  PHYS_EDIT_ADD_CURVE,        ///< add a curve
  PHYS_EDIT_REMOVE_CURVE,     ///< remove a curve
} PhysEditKind;

/// Number of edit kinds.
#define PHYS_N_EDIT_KINDS 14

/// Stable name of an edit kind ("set-circle", "add-circle", "remove-circle", "set-segment",
/// "add-segment", "remove-segment", "set-world", "set-probe", "set-polygon", "add-polygon",
/// "remove-polygon", "set-curve", "add-curve", "remove-curve"). Pure.
const char *phys_edit_kind_name (PhysEditKind kind);

/// Fields a SET edit changes, as bits.
typedef enum
{
  PHYS_EDIT_POSITION = 1 << 0,     ///< circle, probe or polygon position (a polygon's centre of
                                   ///< mass)
  PHYS_EDIT_VELOCITY = 1 << 1,     ///< circle, probe or polygon velocity
  PHYS_EDIT_RADIUS = 1 << 2,       ///< circle radius
  PHYS_EDIT_MASS = 1 << 3,         ///< circle or polygon mass (a polygon's density follows)
  PHYS_EDIT_RESTITUTION = 1 << 4,  ///< circle, segment, polygon or curve restitution
  PHYS_EDIT_FIXED = 1 << 5,        ///< circle or polygon fixed flag
  PHYS_EDIT_COLLIDES = 1 << 6,     ///< circle collides flag
  PHYS_EDIT_INTEGRATOR = 1 << 7,   ///< circle, polygon or world integrator
  PHYS_EDIT_ENDS = 1 << 8,         ///< segment end points
  PHYS_EDIT_RESPONSE = 1 << 9,     ///< segment response
  PHYS_EDIT_GRAVITY = 1 << 10,     ///< world gravity
  PHYS_EDIT_SUBSTEPS = 1 << 11,    ///< world substeps
  PHYS_EDIT_MODES = 1 << 12,       ///< world teaching modes
  PHYS_EDIT_REST_SPEED = 1 << 13,  ///< world rest speed
  PHYS_EDIT_SLEEP = 1 << 14,       ///< world sleep flag
  PHYS_EDIT_ANGLE = 1 << 15,       ///< circle or polygon angle
  PHYS_EDIT_ANGULAR_VELOCITY = 1 << 16, ///< circle or polygon angular velocity
  PHYS_EDIT_FRICTION = 1 << 17,    ///< circle, segment, polygon or curve friction coefficient
  PHYS_EDIT_DENSITY = 1 << 18,     ///< polygon density (its mass follows); not with MASS
  PHYS_EDIT_CONTROL_POINTS = 1 << 19, ///< curve control points
} PhysEditField;

/// One edit. Fill with phys_edit_init() and set what it changes.
typedef struct
{
  PhysEditKind kind;        ///< what it does
  uint32_t fields;          ///< SET edits: PhysEditField bits of the values below that apply
  char name[PHYS_NAME_MAX]; ///< the body changed, removed or added
  PhysVec2 position;        ///< circle centre, probe position, polygon centre of mass (set) or
                            ///< origin of its vertices (add)
  PhysVec2 velocity;        ///< circle, probe or polygon velocity
  PhysReal radius;          ///< circle radius, > 0
  PhysReal mass;            ///< circle mass, > 0 (0 when adding: from the area)
  PhysReal restitution;     ///< [0, 1]
  bool fixed;               ///< circle or polygon fixed
  bool collides;            ///< circle takes part in collisions
  PhysIntegrator integrator; ///< circle (may be default) or world integrator
  PhysVec2 a, b;            ///< segment end points
  PhysResponse response;    ///< segment response
  PhysVec2 gravity;         ///< world gravity
  int substeps;             ///< world substeps
  PhysModes modes;          ///< world teaching modes
  PhysReal rest_speed;      ///< world rest speed (< 0: automatic)
  bool sleep;               ///< world sleep
  PhysReal angle;           ///< circle or polygon angle, radians (positive turns clockwise on
                            ///< the y-down screen); when adding a polygon, about the origin of
                            ///< its vertices
  PhysReal angular_velocity; ///< circle or polygon, radians per time unit
  PhysReal friction;        ///< Coulomb friction coefficient, [0, PHYS_MAX_FRICTION]
  PhysReal density;         ///< polygon mass per world unit^2 (adding: used when mass is 0)
  PhysPolygon shape;        ///< adding a polygon: its vertices about their origin, which
                            ///< `position` places (as PhysPolygonBodyDef), validated when the
                            ///< edit applies; unused entries zero
  PhysBezier curve;         ///< curve control points
} PhysEdit;

/// An edit of the given kind for the named body (name may be NULL for SET_WORLD), with
/// the defaults of a new circle/segment/polygon/curve in its value fields and no fields set.
/// Pure.
PhysEdit phys_edit_init (PhysEditKind kind, const char *name);

/// Applies an edit to a world at its current state. Returns PHYS_OK, or why it does not
/// apply (unknown body, a value out of range, a name already used) and leaves the world
/// unchanged. Removing a body removes the forces that name it and renumbers later bodies.
///
/// Polygons: a set edit's position moves the centre of mass (the state's position) and its
/// angle turns the body about it; an add edit's position and angle place the origin of its
/// vertices, as PhysPolygonBodyDef does. Density and mass set together are refused
/// (PHYS_ERROR_OUT_OF_RANGE): one decides the other.
PhysStatus phys_world_apply_edit (PhysWorld *world, const PhysEdit *edit);

/// For an edit that adds a polygon or sets a polygon's mass or density: which quantity it implies
/// leaves the physics' range (phys_polygon_body_derived()), with *value and the polygon's *area;
/// PHYS_POLYGON_DERIVED_OK for any other edit or when none does. Says why
/// phys_world_apply_edit() refused such an edit with PHYS_ERROR_OUT_OF_RANGE. Pure.
PhysPolygonDerived phys_edit_polygon_derived (const PhysWorld *world, const PhysEdit *edit,
                                              PhysReal *value, PhysReal *area);
