/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cards.h: the inspector's cards as text: the math of one collision test
 * and its response with the numbers put into the formulas. Pure functions of
 * the records the physics produced, so what the card says is what happened. */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

/* How a card is written: Pango markup for the sidebar, plain text or LaTeX
 * (a fragment: \paragraph headings, lines ended by \\) for copying. */
typedef enum
{
  IMP_CARD_MARKUP = 0,
  IMP_CARD_PLAIN,
  IMP_CARD_LATEX,
} ImpCardStyle;

/* A line of a card that computes a term the canvas draws (the names of
 * ImpRenderInput.highlight_term): byte offsets into the text the card shows
 * (its markup without the tags; the card itself for the other styles). */
typedef struct
{
  const char *term;
  gsize start, end;
} ImpCardTerm;

/* The cards; terms (nullable, of ImpCardTerm) gets the card's term lines. */
char *imp_card_for_event (const PhysWorld *world, const PhysEvent *event, int precision,
                          ImpCardStyle style, GArray *terms);
char *imp_card_for_pair (const PhysWorld *world, const PhysPairRecord *pair, int precision,
                         ImpCardStyle style, GArray *terms);
char *imp_card_for_body (const PhysWorld *world, PhysBodyRef body, const PhysVec2 *positions,
                         int precision, ImpCardStyle style, GArray *terms);
/* One plain sentence saying why the circle-circle test decided as it did. */
char *imp_card_verdict_sentence (const PhysCircleCircleSweep *sweep, double t0);

G_END_DECLS
