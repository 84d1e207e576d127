/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-body-fields.h: the editable numbers of a body (circle, segment, probe, polygon or
 * curve), as the
 * inspector's editor and the canvas's drags see them: read one from a world,
 * turn what a learner typed into an edit, or refuse it with a message that says
 * what was expected. GLib only; the edit itself goes through imp_session_edit().
 */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

#define IMP_BODY_FIELD_ERROR (imp_body_field_error_quark ())
GQuark imp_body_field_error_quark (void);

typedef enum
{
  IMP_BODY_FIELD_ERROR_NOT_A_NUMBER, /* the text is not a finite decimal number */
  IMP_BODY_FIELD_ERROR_RANGE,        /* a number outside the field's range */
  IMP_BODY_FIELD_ERROR_REFUSED,      /* the world refused the edit (a name, a limit) */
} ImpBodyFieldError;

/* What a field's values may be. */
typedef enum
{
  IMP_RANGE_ANY,      /* any finite number */
  IMP_RANGE_POSITIVE, /* > 0 */
  IMP_RANGE_UNIT,     /* [0, 1] */
  IMP_RANGE_FRICTION, /* [0, PHYS_MAX_FRICTION] */
} ImpFieldRange;

typedef struct
{
  const char *key;   /* stable name: "x", "vx", "radius", "ax", "angle", "p1x", ... */
  const char *label; /* what the editor shows */
  const char *tooltip;
  PhysBodyKind kind; /* the kind of body it belongs to */
  ImpFieldRange range;
  gsize offset;      /* of the double in a PhysEdit that holds its value */
  guint32 bit;       /* the PhysEditField a set edit of it changes */
} ImpBodyField;

/* The fields of a kind of body, in the editor's order; *n gets how many. */
const ImpBodyField *imp_body_fields (PhysBodyKind kind, int *n);
/* The field named key for a kind of body, or NULL. */
const ImpBodyField *imp_body_field_lookup (PhysBodyKind kind, const char *key);

/* Field's value for body (of field's kind) in world as it is. */
double imp_body_field_get (const PhysWorld *world, PhysBodyRef body, const ImpBodyField *field);
/* The value as the editor shows it: the shortest decimal that reads back to it,
 * or ten significant digits. */
char *imp_body_field_format (double value);

/* Parses text as a number for field: surrounding space allowed, "−" (U+2212) read
 * as "-". Refuses what is not a finite number or lies outside the field's range. */
gboolean imp_body_field_parse (const ImpBodyField *field, const char *text, double *value,
                               GError **error);

/* A set edit that gives body field's value (the other values of the same vector
 * kept); FALSE with a message when the value is not allowed. */
gboolean imp_body_field_edit (const PhysWorld *world, PhysBodyRef body, const ImpBodyField *field,
                              double value, PhysEdit *edit, GError **error);

/* Set edits from the world's own values, for changes the editor makes whole:
 * a circle's position/velocity, a segment's ends, flags and choices. */
PhysEdit imp_body_edit_circle (const PhysWorld *world, int circle, PhysEditField fields);
PhysEdit imp_body_edit_segment (const PhysWorld *world, int segment, PhysEditField fields);
PhysEdit imp_body_edit_probe (const PhysWorld *world, int probe, PhysEditField fields);
PhysEdit imp_body_edit_polygon (const PhysWorld *world, int polygon, PhysEditField fields);
PhysEdit imp_body_edit_curve (const PhysWorld *world, int curve, PhysEditField fields);
/* The set edit of any kind of body from its values (set-world has no body). */
PhysEdit imp_body_edit_of (const PhysWorld *world, PhysBodyRef body, PhysEditField fields);

/* Whether a body can be edited at all: circles, probes, polygons, curves, and segments
 * that are not the walls of the world bounds. */
gboolean imp_body_is_editable (const PhysWorld *world, PhysBodyRef body);

/* A name no body of world has: stem-1, stem-2, ... (newly allocated). */
char *imp_body_unused_name (const PhysWorld *world, const char *stem);

/* The edit that removes body (a circle, a segment, a polygon or a curve) from world. */
PhysEdit imp_body_edit_remove (const PhysWorld *world, PhysBodyRef body);

/* Where an edit would put a circle (adding it, moving it or growing it) in world as it
 * is: refused (FALSE, IMP_BODY_FIELD_ERROR_RANGE) when the circle would not fit inside
 * the world's bounds, whose walls would only push it back in on play; allowed with a
 * warning (*warning, newly allocated, else NULL) when it would overlap a wall, which the
 * next frame separates as an embedded event. A polygon (added, moved or turned) is refused
 * when a corner would leave the bounds. Other edits always pass. */
gboolean imp_body_edit_check_place (const PhysWorld *world, const PhysEdit *edit,
                                    char **warning, GError **error);

/* Says what edit was and why world (as it was, or NULL) refused it ("Editing c2 refused: a
 * value is outside its range"; a polygon's mass, moment of inertia or area that its density,
 * mass or shape would put out of range is named with its value). */
void imp_body_edit_refused (const PhysWorld *world, PhysStatus status, const PhysEdit *edit,
                            GError **error);

G_END_DECLS
