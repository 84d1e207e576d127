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
} PhysEditKind;

/// Stable name of an edit kind ("set-circle", "add-circle", "remove-circle", "set-segment",
/// "add-segment", "remove-segment", "set-world", "set-probe"). Pure.
const char *phys_edit_kind_name (PhysEditKind kind);

/// Fields a SET edit changes, as bits.
typedef enum
{
  PHYS_EDIT_POSITION = 1 << 0,     ///< circle or probe position
  PHYS_EDIT_VELOCITY = 1 << 1,     ///< circle or probe velocity
  PHYS_EDIT_RADIUS = 1 << 2,       ///< circle radius
  PHYS_EDIT_MASS = 1 << 3,         ///< circle mass
  PHYS_EDIT_RESTITUTION = 1 << 4,  ///< circle or segment restitution
  PHYS_EDIT_FIXED = 1 << 5,        ///< circle fixed flag
  PHYS_EDIT_COLLIDES = 1 << 6,     ///< circle collides flag
  PHYS_EDIT_INTEGRATOR = 1 << 7,   ///< circle or world integrator
  PHYS_EDIT_ENDS = 1 << 8,         ///< segment end points
  PHYS_EDIT_RESPONSE = 1 << 9,     ///< segment response
  PHYS_EDIT_GRAVITY = 1 << 10,     ///< world gravity
  PHYS_EDIT_SUBSTEPS = 1 << 11,    ///< world substeps
  PHYS_EDIT_MODES = 1 << 12,       ///< world teaching modes
  PHYS_EDIT_REST_SPEED = 1 << 13,  ///< world rest speed
  PHYS_EDIT_SLEEP = 1 << 14,       ///< world sleep flag
} PhysEditField;

/// One edit. Fill with phys_edit_init() and set what it changes.
typedef struct
{
  PhysEditKind kind;        ///< what it does
  uint32_t fields;          ///< SET edits: PhysEditField bits of the values below that apply
  char name[PHYS_NAME_MAX]; ///< the body changed, removed or added
  PhysVec2 position;        ///< circle centre
  PhysVec2 velocity;        ///< circle velocity
  PhysReal radius;          ///< circle radius, > 0
  PhysReal mass;            ///< circle mass, > 0 (0 when adding: from the area)
  PhysReal restitution;     ///< [0, 1]
  bool fixed;               ///< circle fixed
  bool collides;            ///< circle takes part in collisions
  PhysIntegrator integrator; ///< circle (may be default) or world integrator
  PhysVec2 a, b;            ///< segment end points
  PhysResponse response;    ///< segment response
  PhysVec2 gravity;         ///< world gravity
  int substeps;             ///< world substeps
  PhysModes modes;          ///< world teaching modes
  PhysReal rest_speed;      ///< world rest speed (< 0: automatic)
  bool sleep;               ///< world sleep
} PhysEdit;

/// An edit of the given kind for the named body (name may be NULL for SET_WORLD), with
/// the defaults of a new circle/segment in its value fields and no fields set. Pure.
PhysEdit phys_edit_init (PhysEditKind kind, const char *name);

/// Applies an edit to a world at its current state. Returns PHYS_OK, or why it does not
/// apply (unknown body, a value out of range, a name already used) and leaves the world
/// unchanged. Removing a body removes the forces that name it and renumbers later bodies.
PhysStatus phys_world_apply_edit (PhysWorld *world, const PhysEdit *edit);
