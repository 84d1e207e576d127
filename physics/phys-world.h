/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-world.h: the world, its bodies and forces, stepping one frame, and the
 * event records a step produces.
 *
 * A frame is the interval from state k to state k + 1 (DESIGN.md). Inside it,
 * time is the fraction t in [0, 1]; world.dt is the time one frame lasts, so
 * velocities are world units per time unit and a body without forces moves by
 * velocity * dt in a frame.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "phys-bezier.h"
#include "phys-math.h"
#include "phys-polygon.h"
#include "phys-response.h"
#include "phys-rigid.h"
#include "phys-sweep.h"

/// Most circles a world holds (the scene format documents the same limits).
#define PHYS_MAX_CIRCLES 200000
/// Most segments a world holds.
#define PHYS_MAX_SEGMENTS 20000
/// Most probes a world holds.
#define PHYS_MAX_PROBES 1000
/// Most force generators a world holds.
#define PHYS_MAX_FORCES 10000
/// Most polygons a world holds.
#define PHYS_MAX_POLYGONS 100000
/// Most Bezier curves a world holds.
#define PHYS_MAX_CURVES 10000
/// Most substeps per frame.
#define PHYS_MAX_SUBSTEPS 1000
/// Longest body name in bytes, including the terminating NUL.
#define PHYS_NAME_MAX 48
/// Frames of slow resting contact after which a circle falls asleep (when the world allows).
#define PHYS_SLEEP_FRAMES 30
/// Every other number a world is given (coordinates, velocities, gravity, force
/// constants) is finite with magnitude at most PHYS_MAX_MAGNITUDE; the core refuses
/// the rest with PHYS_ERROR_OUT_OF_RANGE.
/// Most events handled in one frame, whether the cap is set or automatic: a frame's
/// records (about 1 KB each) stay within about 100 MB.
#define PHYS_MAX_EVENT_CAP 100000
/// Largest magnitude of any number a world is given (positions, velocities, sizes,
/// masses, gravity, force constants ...): far beyond any scene, and small enough that
/// every product the step and the energies form stays finite.
#define PHYS_MAX_MAGNITUDE 1e30
/// Smallest radius, mass and dt: below it a mass (pi r^2) or an inverse mass overflows
/// or underflows to 0.
#define PHYS_MIN_SIZE 1e-30
/// A circle whose integrated position or velocity (times dt) in a frame is larger than
/// this (or not finite) has diverged: the world stops before that frame (see PhysHalt).
#define PHYS_DIVERGED_MAGNITUDE 1e60
/// Answers one circle may get at a single instant before its cluster is jammed and moves on
/// as one body (a jammed cluster would otherwise trade ever smaller impulses for ever).
#define PHYS_JAM_ANSWERS 8

/// Result of an operation on data that may be bad.
typedef enum
{
  PHYS_OK = 0,                ///< done
  PHYS_ERROR_NOT_FINITE,      ///< a number is NaN or infinite
  PHYS_ERROR_OUT_OF_RANGE,    ///< a number is outside its documented range
  PHYS_ERROR_LIMIT,           ///< more bodies or forces than the documented limit
  PHYS_ERROR_UNKNOWN_BODY,    ///< an index does not name a body of the right kind
  PHYS_ERROR_NAME,            ///< a name is empty, too long, or already used
} PhysStatus;

/// Stable name of a status ("ok", "not-finite", ...). Pure.
const char *phys_status_name (PhysStatus status);

/// Numerical integrators (seed 004).
typedef enum
{
  PHYS_INTEGRATOR_DEFAULT = -1,          ///< per body: use the world's integrator
  PHYS_INTEGRATOR_EULER = 0,             ///< explicit Euler: x += v h; v += a(x) h
  PHYS_INTEGRATOR_SEMI_IMPLICIT_EULER,   ///< v += a(x) h; x += v h
  PHYS_INTEGRATOR_MIDPOINT,              ///< second-order Runge-Kutta at the half step
  PHYS_INTEGRATOR_RK4,                   ///< classic fourth-order Runge-Kutta
  PHYS_INTEGRATOR_VERLET,                ///< velocity Verlet
} PhysIntegrator;

/// Number of real integrators (excluding PHYS_INTEGRATOR_DEFAULT).
#define PHYS_N_INTEGRATORS 5

/// Stable name of an integrator ("euler", "semi-implicit-euler", "midpoint", "rk4", "verlet",
/// "default"). Pure.
const char *phys_integrator_name (PhysIntegrator integrator);

/// How collisions are found.
typedef enum
{
  PHYS_DETECTION_SWEPT = 0, ///< continuous: swept tests, events in time order (correct)
  PHYS_DETECTION_DISCRETE,  ///< teaching mode: overlap test at the end of the frame (tunnels)
} PhysDetection;

/// Stable name of a detection ("swept", "discrete"). Pure.
const char *phys_detection_name (PhysDetection detection);

/// Teaching modes: the classic mistakes of DESIGN.md, each switched on its own.
typedef struct
{
  PhysDetection detection;    ///< swept (default) or discrete overlap tests (tunneling)
  bool double_pair_loop;      ///< visit A-B and then B-A with stale velocities (speed-up)
  bool respond_at_frame_end;  ///< respond where the frame ends, not at contact (bouncing from inside)
  bool slide_at_radius;       ///< reposition sliding circles at exactly r, not r - skin (jitter)
  bool no_end_caps;           ///< segments have no end caps (circles pass the ends)
  bool no_rest_rule;          ///< answer every bounce, however short (inelastic collapse)
} PhysModes;

/// What a body reference names.
typedef enum
{
  PHYS_BODY_CIRCLE = 0,   ///< a circle
  PHYS_BODY_SEGMENT,      ///< a segment (including the bounds walls)
  PHYS_BODY_PROBE,        ///< a probe
  PHYS_BODY_POLYGON,      ///< a convex polygon (rigid body, turns)
  PHYS_BODY_CURVE,        ///< a fixed cubic Bezier curve
} PhysBodyKind;

/// Number of body kinds.
#define PHYS_N_BODY_KINDS 5

/// Stable name of a body kind ("circle", "segment", "probe", "polygon", "curve"). Pure.
const char *phys_body_kind_name (PhysBodyKind kind);

/// A body of a world by kind and index (indices are in order of addition).
typedef struct
{
  PhysBodyKind kind;      ///< which table
  int index;              ///< position in that table
} PhysBodyRef;

/// Largest friction coefficient a body takes (a bound, not a physical limit: mu = 2 already
/// holds a box on a slope of 63 degrees).
#define PHYS_MAX_FRICTION 1e6

/// Settings of a world. Fill with phys_world_def_default() and change what you need.
typedef struct
{
  bool has_bounds;        ///< four walls along bounds; false: the world is open
  PhysAabb bounds;        ///< inner edges of the walls, world units
  PhysReal bounds_restitution; ///< restitution of the walls, [0, 1], default 1
  PhysReal bounds_friction; ///< Coulomb friction coefficient of the walls, [0, PHYS_MAX_FRICTION],
                          ///< default 0 (it acts on polygons and on circles against polygons)
  PhysVec2 gravity;       ///< uniform acceleration, world units per time unit^2, default (0, 0)
  PhysReal dt;            ///< time per frame, [PHYS_MIN_SIZE, PHYS_MAX_MAGNITUDE], default 1
  PhysIntegrator integrator; ///< default for bodies, default semi-implicit Euler
  int substeps;           ///< integrator steps per frame, [1, PHYS_MAX_SUBSTEPS], default 1
  PhysModes modes;        ///< teaching modes, all off by default
  int event_cap;          ///< most events handled in one frame, [0, PHYS_MAX_EVENT_CAP];
                          ///< 0: automatic (64 per body + 1000, at most PHYS_MAX_EVENT_CAP)
  PhysReal rest_speed;    ///< normal speeds below this (world units per time unit) collide
                          ///< with e = 0 when e < 1, ending bounce cascades; < 0: automatic,
                          ///< 2 |gravity| dt
  bool sleep;             ///< circles resting slowly for PHYS_SLEEP_FRAMES frames stop moving,
                          ///< and islands of polygons at rest for as long fall asleep
                          ///< until something hits them (default true)
} PhysWorldDef;

/// Default world settings: open, no gravity, dt 1, semi-implicit Euler, 1 substep. Pure.
PhysWorldDef phys_world_def_default (void);

/// A circle to add.
typedef struct
{
  const char *name;       ///< unique name, 1 to PHYS_NAME_MAX - 1 bytes; copied
  PhysVec2 position;      ///< centre, world units
  PhysVec2 velocity;      ///< world units per time unit
  PhysReal radius;        ///< [PHYS_MIN_SIZE, PHYS_MAX_MAGNITUDE], world units
  PhysReal mass;          ///< [PHYS_MIN_SIZE, PHYS_MAX_MAGNITUDE]; 0 means "area": pi
                          ///< radius^2. A fixed circle keeps it for attractors but never moves
  PhysReal restitution;   ///< [0, 1], default 1
  bool fixed;             ///< never moves, infinite mass
  bool collides;          ///< false: passes through everything (seed 004's orbiters)
  PhysIntegrator integrator; ///< PHYS_INTEGRATOR_DEFAULT: the world's
  PhysReal angle;         ///< radians; positive turns clockwise on the y-down screen; default 0
  PhysReal angular_velocity; ///< radians per time unit; default 0
  PhysReal friction;      ///< Coulomb friction coefficient mu, [0, PHYS_MAX_FRICTION], default 0:
                          ///< against every body (docs/physics.md, friction with spin)
} PhysCircleDef;

/// Default circle: radius 1, mass from area, restitution 1, friction 0, still, movable,
/// collides. Pure.
PhysCircleDef phys_circle_def_default (void);

/// A static line segment to add.
typedef struct
{
  const char *name;       ///< unique name; copied
  PhysVec2 a, b;          ///< end points, world units, a != b
  PhysReal restitution;   ///< [0, 1], default 1
  PhysResponse response;  ///< reflect (default) or slide
  PhysReal friction;      ///< Coulomb friction coefficient, [0, PHYS_MAX_FRICTION], default 0:
                          ///< against polygons, and circles after `response`'s normal answer
} PhysSegmentDef;

/// Default segment: restitution 1, reflect, friction 0. Pure.
PhysSegmentDef phys_segment_def_default (void);

/// A probe: a moving point that collides with nothing and predicts its impact on
/// every segment (seed 003).
typedef struct
{
  const char *name;       ///< unique name; copied
  PhysVec2 position;      ///< world units
  PhysVec2 velocity;      ///< world units per time unit, constant
} PhysProbeDef;

/// Default probe: at the origin, still. Pure.
PhysProbeDef phys_probe_def_default (void);

/// Kinds of force generators.
typedef enum
{
  PHYS_FORCE_ATTRACTOR = 0, ///< F = G m_s m / r^2 towards a source circle (seed 004)
  PHYS_FORCE_DRAG,          ///< F = -k v (linear drag)
  PHYS_FORCE_SPRING,        ///< F = -k (|d| - L) unit(d) - c (v_rel.unit(d)) unit(d)
  PHYS_FORCE_BUNGEE,        ///< a spring that only pulls: no force while |d| <= L
} PhysForceKind;

/// Stable name of a force kind ("attractor", "drag", "spring", "bungee"). Pure.
const char *phys_force_kind_name (PhysForceKind kind);

/// A force generator to add. The source and targets are circle indices; a spring's ends are
/// circles or polygons (kind_a, kind_b).
typedef struct
{
  PhysForceKind kind;     ///< what it does
  int source;             ///< attractor: the attracting circle
  const int *targets;     ///< attractor, drag: circles acted on; copied
  int n_targets;          ///< 0: every movable body, circles and polygons (but the source)
  PhysReal G;             ///< attractor: constant, > 0
  bool reaction;          ///< attractor: the source feels the opposite force (default true;
                          ///< seed 004 turns it off)
  PhysReal k;             ///< drag coefficient, or spring stiffness; >= 0
  int body_a;             ///< spring, bungee: first body (of kind_a)
  int body_b;             ///< spring, bungee: second body (of kind_b), or -1 for a fixed anchor
  PhysVec2 anchor;        ///< spring, bungee: anchor point when body_b is -1
  PhysReal rest_length;   ///< spring, bungee: L, >= 0
  PhysReal damping;       ///< spring, bungee: c, >= 0
  PhysBodyKind kind_a;    ///< spring, bungee: what body_a indexes: PHYS_BODY_CIRCLE (default) or
                          ///< PHYS_BODY_POLYGON
  PhysBodyKind kind_b;    ///< the same for body_b
  PhysVec2 local_a;       ///< spring, bungee: where the spring holds body_a, in its body-local
                          ///< frame (about its centre of mass, turning with it); (0, 0), the
                          ///< default, is the centre: no torque
  PhysVec2 local_b;       ///< the same on body_b
} PhysForceDef;

/// Default force of a kind: G 1, reaction on, k 1, rest length 0, no damping, no bodies, ends
/// at the bodies' centres. Pure.
PhysForceDef phys_force_def_default (PhysForceKind kind);

/// A convex polygon body to add (docs/rigid-bodies.md).
typedef struct
{
  const char *name;       ///< unique name, 1 to PHYS_NAME_MAX - 1 bytes; copied
  const PhysVec2 *vertices; ///< body-local vertices about any origin, counter-clockwise in the
                          ///< maths sense (phys-polygon.h), 3 to 16, validated; copied
  int count;              ///< number of vertices
  PhysVec2 position;      ///< world position of the vertices' local origin, world units
  PhysReal angle;         ///< radians about that origin; positive turns clockwise on screen
  PhysVec2 velocity;      ///< of the centre of mass, world units per time unit
  PhysReal angular_velocity; ///< radians per time unit
  PhysReal density;       ///< mass per world unit^2, [PHYS_MIN_SIZE, PHYS_MAX_MAGNITUDE],
                          ///< default 1; used when mass is 0
  PhysReal mass;          ///< 0 (default): density times area; else the total mass
  PhysReal restitution;   ///< [0, 1], default 1
  PhysReal friction;      ///< Coulomb friction coefficient, [0, PHYS_MAX_FRICTION], default 0
  bool fixed;             ///< never moves, infinite mass and inertia
  PhysIntegrator integrator; ///< PHYS_INTEGRATOR_DEFAULT: the world's
} PhysPolygonBodyDef;

/// Default polygon body: no vertices yet, density 1, restitution 1, friction 0, still,
/// movable. Pure.
PhysPolygonBodyDef phys_polygon_body_def_default (void);

/// Why a sleeping polygon woke.
typedef enum
{
  PHYS_WAKE_NONE = 0,     ///< it never woke
  PHYS_WAKE_CONTACT,      ///< a body that was awake touched its island, or was about to
  PHYS_WAKE_SPRING,       ///< a spring or bungee tied it to a body that was awake
  PHYS_WAKE_EDIT,         ///< an edit of the world (a drag, a form, a body added or removed, the
                          ///< gravity, a torque from the keys)
} PhysWakeCause;

/// Stable name of a wake cause ("none", "contact", "spring", "edit"). Pure.
const char *phys_wake_cause_name (PhysWakeCause cause);

/// A convex polygon body as it is now. The world keeps its shape about the centre of mass:
/// position is the centre of mass and shape.vertices are relative to it.
typedef struct
{
  char name[PHYS_NAME_MAX]; ///< its unique name
  PhysPolygon shape;      ///< vertices about the centre of mass, body-local
  PhysVec2 local_origin;  ///< the definition's local origin in the shape's frame (minus the
                          ///< local centroid): where it was given, turning with the body
  PhysVec2 position;      ///< centre of mass, world units (part of the state)
  PhysReal angle;         ///< radians (part of the state)
  PhysVec2 velocity;      ///< of the centre of mass, world units per time unit (state)
  PhysReal angular_velocity; ///< radians per time unit (state)
  PhysReal area;          ///< world units^2
  PhysReal density;       ///< mass per area
  PhysReal mass;          ///< mass units
  PhysReal inv_mass;      ///< 1 / mass, 0 when fixed
  PhysReal inertia;       ///< moment of inertia about the centre of mass, exact from the vertices
  PhysReal inv_inertia;   ///< 1 / inertia, 0 when fixed
  PhysReal radius;        ///< largest distance of a vertex from the centre of mass
  PhysReal restitution;   ///< [0, 1]
  PhysReal friction;      ///< Coulomb friction coefficient
  bool fixed;             ///< never moves
  PhysIntegrator integrator; ///< its own, or PHYS_INTEGRATOR_DEFAULT
  /* Sleeping (docs/physics.md, sleeping rigid bodies): part of the state, saved and hashed. */
  int32_t rest_frames;    ///< consecutive frames slower than the sleep tolerance
  int64_t asleep_since;   ///< the frame it fell asleep at (the state's frame then), -1 awake
  int32_t island;         ///< asleep: the smallest polygon index of the island it sleeps with,
                          ///< -1 awake
  int64_t woke_at;        ///< the frame it was last woken at, -1 never
  int32_t woke_by;        ///< PhysWakeCause of that waking
  PhysBodyRef woke_other; ///< the body whose contact (or spring) woke it; index -1: none
} PhysPolygonBody;

/// True when a polygon sleeps: it stands still, an obstacle, until something wakes it. Pure.
static inline bool
phys_polygon_is_asleep (const PhysPolygonBody *polygon)
{
  return polygon->asleep_since >= 0;
}

/// A fixed cubic Bezier curve to add: a wire that circles and polygons touch on either side.
typedef struct
{
  const char *name;       ///< unique name; copied
  PhysBezier curve;       ///< its four control points, world units
  PhysReal restitution;   ///< [0, 1], default 1
  PhysReal friction;      ///< Coulomb friction coefficient, [0, PHYS_MAX_FRICTION], default 0
} PhysCurveDef;

/// Default curve: all control points at the origin (set them), restitution 1, friction 0. Pure.
PhysCurveDef phys_curve_def_default (void);

/// A fixed curve as it is.
typedef struct
{
  char name[PHYS_NAME_MAX]; ///< its unique name
  PhysBezier curve;       ///< control points
  PhysReal restitution;   ///< [0, 1]
  PhysReal friction;      ///< Coulomb friction coefficient
  PhysAabb box;           ///< the box of its control points, which holds the curve
} PhysCurve;

/// A circle as it is now.
typedef struct
{
  char name[PHYS_NAME_MAX]; ///< its unique name
  PhysVec2 position;      ///< centre, world units
  PhysVec2 velocity;      ///< world units per time unit
  PhysReal radius;        ///< world units
  PhysReal mass;          ///< mass units (a fixed circle still attracts with it)
  PhysReal inv_mass;      ///< 1 / mass, 0 when fixed
  PhysReal restitution;   ///< [0, 1]
  bool fixed;             ///< never moves
  bool collides;          ///< takes part in collisions
  PhysIntegrator integrator; ///< its own, or PHYS_INTEGRATOR_DEFAULT
  int rest_frames;        ///< consecutive frames in slow resting contact; asleep at
                          ///< PHYS_SLEEP_FRAMES (part of the state: hashed and copied)
  PhysReal angle;         ///< radians (part of the state)
  PhysReal angular_velocity; ///< radians per time unit (part of the state)
  PhysReal inertia;       ///< moment of inertia about the centre, m r^2 / 2
  PhysReal inv_inertia;   ///< 1 / inertia, 0 when fixed
  PhysReal friction;      ///< Coulomb friction coefficient (against every body)
} PhysCircle;

/// True when a circle sleeps: it does not move until something hits it. Pure.
static inline bool
phys_circle_is_asleep (const PhysCircle *circle)
{
  return circle->rest_frames >= PHYS_SLEEP_FRAMES;
}

/// A segment as it is.
typedef struct
{
  char name[PHYS_NAME_MAX]; ///< unique name; the bounds walls are "bounds-left", "-top", ...
  PhysVec2 a, b;          ///< end points
  PhysReal restitution;   ///< [0, 1]
  PhysResponse response;  ///< reflect or slide
  bool is_bound;          ///< one of the four walls of the world bounds
  PhysReal friction;      ///< Coulomb friction coefficient (against polygons and circles)
} PhysSegment;

/// A probe as it is now.
typedef struct
{
  char name[PHYS_NAME_MAX]; ///< unique name
  PhysVec2 position;      ///< world units
  PhysVec2 velocity;      ///< world units per time unit
} PhysProbe;

/// A force generator as it is.
typedef struct
{
  PhysForceKind kind;     ///< what it does
  int source;             ///< attractor source circle
  int first_target;       ///< index of its first target in the world's target table
  int n_targets;          ///< 0: all movable circles but the source
  PhysReal G;             ///< attractor constant
  bool reaction;          ///< attractor: the source is pulled back
  PhysReal k;             ///< drag coefficient or stiffness
  int body_a, body_b;     ///< spring ends (body_b -1: anchor)
  PhysVec2 anchor;        ///< spring anchor
  PhysReal rest_length;   ///< spring rest length
  PhysReal damping;       ///< spring damping
  PhysBodyKind kind_a;    ///< what body_a indexes (circle or polygon)
  PhysBodyKind kind_b;    ///< what body_b indexes
  PhysVec2 local_a;       ///< body-local attachment on body_a (about its centre of mass)
  PhysVec2 local_b;       ///< body-local attachment on body_b
} PhysForce;

/// Kinds of events a step records, in tie-breaking order.
typedef enum
{
  PHYS_EVENT_EMBEDDED = 0,    ///< a pair overlapped at the start of the frame and was separated
  PHYS_EVENT_CIRCLE_CIRCLE,   ///< two circles touched and responded
  PHYS_EVENT_CIRCLE_SEGMENT,  ///< a circle touched a segment and responded
  PHYS_EVENT_PROBE_SEGMENT,   ///< a probe's path crossed a segment in this frame
  PHYS_EVENT_EVENT_CAP,       ///< the per-frame event cap stopped collision handling
  PHYS_EVENT_POLYGON_POLYGON, ///< two polygons touched and were answered (a: the smaller index)
  PHYS_EVENT_POLYGON_CIRCLE,  ///< a polygon (a) and a circle (b)
  PHYS_EVENT_POLYGON_SEGMENT, ///< a polygon (a) and a segment or bounds wall (b)
  PHYS_EVENT_POLYGON_CURVE,   ///< a polygon (a) and a curve (b)
  PHYS_EVENT_CIRCLE_CURVE,    ///< a circle (a) and a curve (b)
  PHYS_EVENT_SLEEP,           ///< an island of polygons at rest fell asleep at the frame's end (a:
                              ///< its first polygon); its kinetic energy is the event's removed
  PHYS_EVENT_WAKE,            ///< a sleeping island woke at the frame's end (a: its first polygon)
} PhysEventKind;

/// Number of event kinds.
#define PHYS_N_EVENT_KINDS 12

/// Stable name of an event kind ("embedded", "circle-circle", "circle-segment",
/// "probe-segment", "event-cap", "polygon-polygon", "polygon-circle", "polygon-segment",
/// "polygon-curve", "circle-curve", "sleep", "wake"). Pure.
const char *phys_event_kind_name (PhysEventKind kind);

/// What an event's a indexes: a probe for probe-segment, a polygon for the polygon kinds and
/// sleep and wake, else a circle (-1 for the event cap's a). Pure.
PhysBodyKind phys_event_a_kind (PhysEventKind kind);

/// True for the kinds whose record is PhysEvent.rigid (the polygon kinds and circle-curve).
/// Pure.
bool phys_event_is_rigid (PhysEventKind kind);

/// One event of a frame, with the full records of the test and the response.
/// Holds no pointers, so it can be copied and kept.
typedef struct
{
  PhysEventKind kind;     ///< which member of the union below is valid
  int64_t frame;          ///< frame index: the interval from state frame to state frame + 1
  PhysReal t;             ///< when it happened, frame fraction in [0, 1]
  PhysReal t0;            ///< when the test that found it started; its records count time from t0
  int a;                  ///< first body: a circle, a probe (probe-segment) or a polygon (the
                          ///< polygon kinds): phys_event_a_kind(); -1 for the event cap
  int b;                  ///< second body: circle or segment index (see b_kind); -1 for cap
  PhysBodyKind b_kind;    ///< what b indexes
  bool resting;           ///< the normal speed was below rest_speed: e was taken as 0
  bool repeated;          ///< double-pair-loop mode: the stale second visit of the pair
  bool at_frame_end;      ///< respond-at-frame-end mode: bodies were moved to the end first
  bool woke;              ///< a sleeping circle was hit hard enough to wake up
  bool jammed;            ///< a circle had more than PHYS_JAM_ANSWERS answers at this instant:
                          ///< its cluster moved on as one body (docs/physics.md)
  PhysReal removed;       ///< kinetic energy a contact rule took out (a jam's merge, a
                          ///< resting contact), >= 0; the response's own loss is not in it
  PhysVec2 taken;         ///< momentum the immovable bodies (walls, segments, fixed and sleeping
                          ///< circles, the ground under a stack) took through this event: its
                          ///< answer's share, a confined cluster stopped, a circle falling
                          ///< asleep, and the weight a contact held up from the event on
                          ///< (m (g - a) dt per frame). Over a frame the movable circles'
                          ///< momentum changes by gravity's impulse on the awake ones minus the
                          ///< sum of these (docs/physics.md, momentum balance)
  int answer;             ///< which answer of the frame made it (0-based; -1 for probe events):
                          ///< the state just before it is phys_world_frame_state_at (t, answer)
  bool solved;            ///< rigid kinds: answered by the frame's contact solver (a pair touching
                          ///< when the frame began, t = 0), not as an impact found in time order
  PhysReal taken_angular; ///< angular momentum about the world origin (mass world units^2 per
                          ///< time unit, positive clockwise on screen) the immovable bodies took
                          ///< through this event; with `taken`, the ledger of rigid answers
  PhysReal held_friction; ///< kinetic energy friction took out while the circle slid on the
                          ///< surface that holds it, from this event on (mu > 0; circle-only
                          ///< worlds; docs/physics.md, friction while held), >= 0
  bool rolled;            ///< that slide ended this frame: from rolled_t on the circle rolls
  PhysReal rolled_t;      ///< when its slip reached 0 (frame fraction), with rolled
  union
  {
    struct
    {
      PhysCircleCircleSweep sweep; ///< the test that found it (positions at t0)
      PhysImpulse impulse;         ///< the response at t (velocities after include friction)
      PhysVec2 p1, p2;             ///< centres when the response was applied
      PhysCircleFriction friction; ///< Coulomb friction with spin after the normal answer
                                   ///< (applied false when mu = 0 or nothing slips)
    } circle_circle;
    struct
    {
      PhysCircleSegmentSweep sweep; ///< the test that found it
      PhysSegmentResponse response; ///< the response at t
      PhysVec2 center;              ///< centre when the response was applied (after sliding)
      PhysVec2 center_before;       ///< centre at contact, before any repositioning
      PhysCircleFriction friction;  ///< Coulomb friction with spin (the segment is body 1)
    } circle_segment;
    struct
    {
      PhysReal depth;     ///< how far they overlapped, world units
      PhysVec2 normal;    ///< unit, from a towards b: a moved along -normal, b along +normal
      PhysVec2 a_before, a_after; ///< centre of a
      PhysVec2 b_before, b_after; ///< centre of b (unchanged for a segment)
      PhysReal angular;   ///< angular momentum about the world origin the move added:
                          ///< sum of m dx x v over the circles moved (v at that moment)
      PhysReal energy;    ///< potential energy in gravity the move added, sum of -m g.dx
    } embedded;
    struct
    {
      PhysProbeRecord record; ///< the prediction at the start of the frame
    } probe;
    PhysRigidAnswer rigid; ///< the rigid kinds: contact points, impulses with spin and friction,
                           ///< both bodies before and after, the ledger (the full records of
                           ///< the tests: phys_world_rigid_detail())
    struct
    {
      int island;         ///< its first (smallest) polygon index, as a
      int bodies;         ///< how many polygons it holds
      PhysReal energy;    ///< sleep: the kinetic energy (rotation included) it had, removed
                          ///< (the event's removed); wake: 0
      PhysWakeCause cause; ///< wake: why (contact or spring); sleep: PHYS_WAKE_NONE
      PhysBodyRef other;  ///< wake: the awake body that touched it (index -1: none)
    } sleep;
    struct
    {
      int cap;            ///< the cap in force
      int handled;        ///< events handled before stopping
      int64_t tests;      ///< pair tests made before stopping
      int64_t test_cap;   ///< most pair tests a frame may make: 32 per event of the cap plus 4
                          ///< per circle (many circles on one point test each other a lot)
    } cap;
  };
} PhysEvent;

/// A growable list of events, owned by the caller.
typedef struct
{
  PhysEvent *events;      ///< count valid entries
  size_t count;           ///< number of events
  size_t capacity;        ///< allocated entries
} PhysEventLog;

/// Prepares an empty log.
void phys_event_log_init (PhysEventLog *log);
/// Empties a log, keeping its memory.
void phys_event_log_clear (PhysEventLog *log);
/// Frees a log's memory and empties it.
void phys_event_log_free (PhysEventLog *log);

/// The world: bodies, forces, settings and the frame counter. Opaque.
typedef struct PhysWorld PhysWorld;

/// Checks world settings. Returns PHYS_OK or the first problem. Pure.
PhysStatus phys_world_def_check (const PhysWorldDef *def);
/// Makes an empty world. Returns NULL when def does not pass phys_world_def_check().
PhysWorld *phys_world_new (const PhysWorldDef *def);
/// Frees a world and everything it owns. NULL is allowed.
void phys_world_free (PhysWorld *world);
/// A deep copy: stepping both gives bit-identical results.
PhysWorld *phys_world_copy (const PhysWorld *world);
/// The settings the world was made with.
const PhysWorldDef *phys_world_get_def (const PhysWorld *world);

/// Adds a circle. On success stores its index in *index (may be NULL).
PhysStatus phys_world_add_circle (PhysWorld *world, const PhysCircleDef *def, int *index);
/// Adds a segment. On success stores its index in *index (may be NULL).
PhysStatus phys_world_add_segment (PhysWorld *world, const PhysSegmentDef *def, int *index);
/// Adds a probe. On success stores its index in *index (may be NULL).
PhysStatus phys_world_add_probe (PhysWorld *world, const PhysProbeDef *def, int *index);
/// Adds a force generator. On success stores its index in *index (may be NULL).
/// For PHYS_ERROR_UNKNOWN_BODY, *bad_target (may be NULL) gets the offending
/// position in def->targets, or -1 when source/body_a/body_b is at fault.
PhysStatus phys_world_add_force (PhysWorld *world, const PhysForceDef *def, int *index,
                                 int *bad_target);
/// Adds a convex polygon body. The vertices are validated (phys_polygon_validate(); *check,
/// which may be NULL, gets the full check), the mass properties computed exactly, and the
/// shape re-centred on its centre of mass. Returns PHYS_ERROR_OUT_OF_RANGE for an invalid
/// polygon (check->status says why). On success stores its index in *index (may be NULL).
PhysStatus phys_world_add_polygon (PhysWorld *world, const PhysPolygonBodyDef *def, int *index,
                                   PhysPolygonCheck *check);
/// What a polygon body's definition implies that can leave the physics' range although each of
/// its fields is within its own: the area of its vertices, its mass (given, or density times
/// area), its moment of inertia, or a vertex's distance from the origin.
typedef enum
{
  PHYS_POLYGON_DERIVED_OK = 0,
  PHYS_POLYGON_DERIVED_EXTENT,  ///< a vertex farther than PHYS_MAX_MAGNITUDE from the origin
  PHYS_POLYGON_DERIVED_AREA,    ///< area outside [PHYS_MIN_SIZE, PHYS_MAX_MAGNITUDE]
  PHYS_POLYGON_DERIVED_MASS,    ///< mass outside it (density times area)
  PHYS_POLYGON_DERIVED_INERTIA, ///< moment of inertia outside it
} PhysPolygonDerived;

/// Checks the quantities def implies (its vertices valid, phys_polygon_validate(), and its
/// fields in range); *value gets the one out of range, *area the polygon's area. The same test
/// phys_world_add_polygon() refuses by, for a precise message. Pure.
PhysPolygonDerived phys_polygon_body_derived (const PhysPolygonBodyDef *def, PhysReal *value,
                                              PhysReal *area);
/// Adds a fixed cubic Bezier curve. On success stores its index in *index (may be NULL).
PhysStatus phys_world_add_curve (PhysWorld *world, const PhysCurveDef *def, int *index);

/// Number of circles.
int phys_world_circle_count (const PhysWorld *world);
/// Number of segments, including the four bounds walls when the world has bounds.
int phys_world_segment_count (const PhysWorld *world);
/// Number of probes.
int phys_world_probe_count (const PhysWorld *world);
/// Number of force generators.
int phys_world_force_count (const PhysWorld *world);
/// Number of polygon bodies.
int phys_world_polygon_count (const PhysWorld *world);
/// Number of curves.
int phys_world_curve_count (const PhysWorld *world);
/// Number of bodies of one kind (circles, segments with the bounds walls, probes, polygons,
/// curves); 0 for any other kind. Every loop over the bodies of a kind counts with this.
int phys_world_body_count (const PhysWorld *world, PhysBodyKind kind);
/// Circle index (0 <= index < count) as it is now.
PhysCircle phys_world_get_circle (const PhysWorld *world, int index);
/// Segment by index.
PhysSegment phys_world_get_segment (const PhysWorld *world, int index);
/// Probe by index.
PhysProbe phys_world_get_probe (const PhysWorld *world, int index);
/// Force by index.
PhysForce phys_world_get_force (const PhysWorld *world, int index);
/// Polygon body by index (0 <= index < count) as it is now.
PhysPolygonBody phys_world_get_polygon (const PhysWorld *world, int index);
/// Curve by index.
PhysCurve phys_world_get_curve (const PhysWorld *world, int index);
/// Polygon body placed at its pose now: world vertices, edges and outward normals. Pure.
PhysPolygonWorld phys_world_polygon_placed (const PhysWorld *world, int index);
/// Target i (0 <= i < force.n_targets) of a force.
int phys_world_get_force_target (const PhysWorld *world, int force, int i);
/// Pairs of circles the broad phase handed to the swept test at the start of the
/// last frame stepped (each pair once; an all-pairs loop tests n (n - 1) / 2).
/// 0 before the first step and in the discrete teaching mode.
int64_t phys_world_grid_pairs (const PhysWorld *world);
/// Pairs the broad phase hands to the swept test in the frame that starts at the
/// world's state (a copy is stepped; the world is unchanged). -1 when out of memory.
int64_t phys_world_frame_grid_pairs (const PhysWorld *world);
/// Finds a body by name. Returns false when no body has that name.
bool phys_world_find (const PhysWorld *world, const char *name, PhysBodyRef *ref);
/// Name of a body (points into the world; valid until the world changes); "" when ref
/// names no body of the world (its index is out of range for its kind).
const char *phys_world_body_name (const PhysWorld *world, PhysBodyRef ref);

/// Frames stepped so far: the state now is state number phys_world_frame().
int64_t phys_world_frame (const PhysWorld *world);

/// Advances one frame: integrates forces, finds and answers collisions in time
/// order, and appends this frame's events to log (which may be NULL). A world that
/// has halted (phys_world_halt()) is left as it is.
void phys_world_step (PhysWorld *world, PhysEventLog *log);

/// Why a world stopped stepping.
typedef enum
{
  PHYS_HALT_NONE = 0,         ///< it steps
  PHYS_HALT_DIVERGED,         ///< an integrator diverged: a circle's path is not finite or
                              ///< beyond PHYS_DIVERGED_MAGNITUDE
} PhysHaltKind;

/// The frame a world could not step and why. A state never holds a NaN: when the
/// integrators' paths for the coming frame leave the range, the step changes
/// nothing and the world keeps its last good state until an edit changes it.
typedef struct
{
  PhysHaltKind kind;      ///< NONE while the world steps
  int64_t frame;          ///< the frame not stepped; the world stays at state frame
  int circle;             ///< the first circle (by index) whose path left the range, -1 when it
                          ///< was a polygon
  PhysBodyRef body;       ///< the body whose path left the range (circles are checked first)
  bool velocity;          ///< its velocity times dt left the range (else its position)
  bool finite;            ///< the value was finite, only too large (else NaN or infinite)
  PhysReal magnitude;     ///< its largest component's magnitude when finite, else 0
} PhysHalt;

/// Stable name of a halt kind ("none", "diverged"). Pure.
const char *phys_halt_kind_name (PhysHaltKind kind);
/// Why the world stopped stepping; kind NONE while it steps. Applying an edit or
/// loading a state lets it step again.
PhysHalt phys_world_halt (const PhysWorld *world);

/// The state inside the coming frame at time t (frame fraction, [0, 1]) after the
/// first `answers` answers of the frame (events at times <= t), as the step itself
/// reaches it: every circle's centre and path velocity (world units per time unit)
/// at t, and every probe's position. Pass PhysEvent.answer for the moment just
/// before an event's response and answer + 1 for just after. Arrays hold
/// phys_world_circle_count() and phys_world_probe_count() entries; any may be NULL.
/// Leaves the world unchanged.
void phys_world_frame_state_at (const PhysWorld *world, PhysReal t, int answers,
                                PhysVec2 *positions, PhysVec2 *velocities,
                                PhysVec2 *probe_positions);

/// The same for the turning bodies: every polygon's pose (centre of mass and angle), velocity
/// and angular velocity at t after `answers` answers, and every circle's angle and angular
/// velocity. Arrays hold phys_world_polygon_count() and phys_world_circle_count() entries; any
/// may be NULL. Leaves the world unchanged.
void phys_world_frame_rigid_state_at (const PhysWorld *world, PhysReal t, int answers,
                                      PhysPose *polygon_poses, PhysVec2 *polygon_velocities,
                                      PhysReal *polygon_angular_velocities,
                                      PhysReal *circle_angles,
                                      PhysReal *circle_angular_velocities);

/// The full records of a rigid event of the coming frame (the world is at the state the event's
/// frame starts from, event->frame == phys_world_frame()): the tests that found it (static SAT
/// with every axis, manifold and clipping; the swept SAT or the conservative advancement; the
/// closest point on a curve) and, for a contact the frame's solver answered, its impulses after
/// every iteration. The step runs again on a copy up to that answer and fills the records from
/// the same functions it uses, so what is shown is what happened (detail->answer_record equals
/// event->rigid). Returns PHYS_ERROR_UNKNOWN_BODY when the frame has no such rigid event.
PhysStatus phys_world_rigid_detail (const PhysWorld *world, const PhysEvent *event,
                                    PhysRigidDetail *detail);

/// Bytes of a state snapshot: the frame counter, every circle's, probe's and polygon's
/// motion (position, velocity, angle, angular velocity), and every polygon's contact memory
/// (the impulses its contacts ended the last frame with, which start the next frame's solver):
/// what phys_world_hash() covers. Depends only on the body counts.
size_t phys_world_state_size (const PhysWorld *world);
/// Writes a state snapshot into buffer (phys_world_state_size() bytes).
void phys_world_state_save (const PhysWorld *world, void *buffer);
/// Restores a snapshot taken from this world or one with the same bodies.
void phys_world_state_load (PhysWorld *world, const void *buffer);

/// Where every circle would go in the coming frame if nothing collided: start
/// position and displacement (the linear path the detection uses). Arrays hold
/// phys_world_circle_count() entries; either may be NULL.
void phys_world_frame_paths (const PhysWorld *world, PhysVec2 *start, PhysVec2 *displacement);

/// The records of one pair in the coming frame, whether or not it collides.
typedef struct
{
  PhysEventKind kind;     ///< CIRCLE_CIRCLE, CIRCLE_SEGMENT, PROBE_SEGMENT or a rigid kind
  PhysBodyRef a, b;       ///< the pair, in the order the event kind names them (a circle or
                          ///< probe before a segment; a polygon before anything else; a circle
                          ///< before a curve)
  union
  {
    PhysCircleCircleSweep circle_circle; ///< for two circles
    PhysCircleSegmentSweep circle_segment; ///< for a circle and a segment
    PhysProbeRecord probe; ///< for a probe and a segment
    PhysRigidPairRecord rigid; ///< for the rigid kinds: the static test at the frame's start and
                               ///< the search for the first touch over the frame
  };
} PhysPairRecord;

/// Runs the same test the step would run at the start of the coming frame on
/// a pair: circle-circle, circle-segment (either order), probe-segment, or a rigid pair
/// (a polygon and anything but a probe, a circle and a curve; either order).
/// Returns PHYS_ERROR_UNKNOWN_BODY for other combinations or bad indices.
PhysStatus phys_world_inspect_pair (const PhysWorld *world, PhysBodyRef a, PhysBodyRef b,
                                    PhysPairRecord *record);

/// Energy, momentum and angular momentum of the movable bodies (circles and polygons).
typedef struct
{
  PhysReal kinetic;       ///< sum of 1/2 m |v|^2 + 1/2 I w^2 (rotation included)
  PhysReal potential;     ///< gravity (-m g.x), attractors (-G m_s m / r), springs (1/2 k s^2)
  PhysReal total;         ///< kinetic + potential
  PhysVec2 momentum;      ///< sum of m v
  PhysReal rotational;    ///< the rotational part of kinetic: sum of 1/2 I w^2
  PhysReal angular_momentum; ///< sum of x m v + I w about the world origin (x the centre of
                          ///< mass; positive clockwise on the y-down screen)
} PhysEnergy;

/// Energy and momentum now. Pure.
PhysEnergy phys_world_energy (const PhysWorld *world);
/// One circle's share: its kinetic energy and momentum (none when fixed), its
/// potential in gravity and in the attractors that pull it, and half of each
/// spring between it and another circle (all of one to an anchor). Over all
/// circles these add up to phys_world_energy(). Pure.
PhysEnergy phys_world_circle_energy (const PhysWorld *world, int circle);
/// One polygon's share, as for a circle. Pure.
PhysEnergy phys_world_polygon_energy (const PhysWorld *world, int polygon);

/// 64-bit hash of the full state: the frame counter and the bit patterns of every
/// circle's and probe's position and velocity (and each circle's rest count, and its angle and
/// angular velocity when either is not zero: a circle that never turned hashes as before), then
/// every polygon's position, velocity, angle, angular velocity and contact memory, in index
/// order. Pure.
uint64_t phys_world_hash (const PhysWorld *world);
