/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-conceal.h: answers kept back. While a lesson is open, a quantity that a
 * prediction still ahead asks for is hidden from every view until that
 * prediction is answered or shown: the pair's test and response everywhere
 * (card, figures, the time of an event inside the frame), a body's motion at
 * the state asked about, the world's counts at the frame asked about. The
 * lesson player says what to keep back (ImpKeptBack, in the session's view
 * options); the views ask here. GLib and the renderer's types only: tests use
 * it headless.
 */
#pragma once

#include "imp-cards.h"
#include "imp-render.h"
#include "imp-session.h"

G_BEGIN_DECLS

gboolean imp_conceal_pair (ImpSession *session, const PhysWorld *world, PhysBodyRef a,
                           PhysBodyRef b);
gboolean imp_conceal_motion (ImpSession *session, const PhysWorld *world, PhysBodyRef body);
gboolean imp_conceal_world (ImpSession *session);
gboolean imp_conceal_world_anywhere (ImpSession *session);
gboolean imp_conceal_stop (ImpSession *session);
void imp_conceal_input (ImpSession *session, ImpRenderInput *input);
void imp_conceal_view_input (ImpSession *session, const ImpSessionView *now,
                             ImpRenderInput *input);
char *imp_conceal_card (ImpSession *session, int precision, ImpCardStyle style, GArray *terms,
                        gboolean *concealed);
char *imp_conceal_position_text (ImpSession *session);

G_END_DECLS
