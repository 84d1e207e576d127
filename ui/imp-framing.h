/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-framing.h: what a lesson step talks about, as a box of the world.
 *
 * A step's subject is the selection (a pair, or one body), or every body when
 * nothing is selected, followed over the frames the step spans: from where the
 * playhead is to the frame its goal names. imp_view_frame_subject() then shows
 * that box large.
 */
#pragma once

#include "imp-session.h"

G_BEGIN_DECLS

PhysAabb imp_framing_focus_box (ImpSession *session, gboolean pair);
PhysAabb imp_framing_subject_box (ImpSession *session, gint64 until, double *largest_radius);

G_END_DECLS
