/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-selection.h: what the learner picked: an event of the playhead's frame,
 * or a body, or a pair of bodies (whose test the inspector shows whether or not
 * they collide). Bodies are kept by name: an edit renumbers bodies and adds or
 * removes them, so imp_selection_follow() finds them again in each state.
 * GLib only.
 */
#pragma once

#include <glib-object.h>

#include "phys.h"

G_BEGIN_DECLS

#define IMP_TYPE_SELECTION (imp_selection_get_type ())
G_DECLARE_FINAL_TYPE (ImpSelection, imp_selection, IMP, SELECTION, GObject)

ImpSelection *imp_selection_new (void);

int imp_selection_get_event (ImpSelection *self);
void imp_selection_set_event (ImpSelection *self, int index);
void imp_selection_select_body (ImpSelection *self, PhysBodyRef body, const char *name,
                                gboolean add);
void imp_selection_clear (ImpSelection *self);
void imp_selection_follow (ImpSelection *self, const PhysWorld *world);
gboolean imp_selection_get_body (ImpSelection *self, PhysBodyRef *body);
gboolean imp_selection_get_pair (ImpSelection *self, PhysBodyRef *a, PhysBodyRef *b);
const char *imp_selection_get_body_name (ImpSelection *self, int i);

/* The body named name in world, if it is of kind (else index -1). Pure. */
PhysBodyRef imp_body_find (const PhysWorld *world, const char *name, PhysBodyKind kind);

G_END_DECLS
