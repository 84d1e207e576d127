/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-body-editor.h: the inspector's form for one circle or segment at the
 * playhead's frame. Enter (or leaving a field) applies a value as an edit that
 * branches the run; a value the body cannot take is refused with a message and
 * the typed text stays for correcting. Each field is a GtkEntry named for its
 * key ("x", "vx", "radius", "ax", ...; imp-body-fields.h). */
#pragma once

#include <gtk/gtk.h>

#include "imp-session.h"

G_BEGIN_DECLS

#define IMP_TYPE_BODY_EDITOR (imp_body_editor_get_type ())
G_DECLARE_FINAL_TYPE (ImpBodyEditor, imp_body_editor, IMP, BODY_EDITOR, GtkWidget)

GtkWidget *imp_body_editor_new (void);
void imp_body_editor_set_session (ImpBodyEditor *self, ImpSession *session);
/* Shows body as numbered at the playhead's frame; hides the form for index -1,
 * probes and the walls of the bounds. Refreshes the values from the world. */
void imp_body_editor_show_body (ImpBodyEditor *self, PhysBodyRef body);
/* Whether the form is shown (a body is editable). */
gboolean imp_body_editor_is_shown (ImpBodyEditor *self);
/* The last refusal shown, or NULL. */
const char *imp_body_editor_get_message (ImpBodyEditor *self);

G_END_DECLS
