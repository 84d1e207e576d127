/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cards-private.h: what the card writers share (private to ui/): a card
 * being written and the pieces every card is made of: headings, lines that may
 * compute a term, and numbers and vectors as the card shows them. imp-cards.c
 * writes the circle cards, imp-cards-sat.c the separating axis cards. */
#pragma once

#include "imp-cards.h"

G_BEGIN_DECLS

typedef struct
{
  GString *out;
  int precision;
  ImpCardStyle style;
  GArray *terms;    /* ImpCardTerm, or NULL */
  gsize shown;      /* bytes of text the markup so far shows */
  const char *term; /* the term the next line computes, or NULL */
} Card;

Card imp_card_begin (int precision, ImpCardStyle style, GArray *terms);
void imp_card_heading (Card *c, const char *text);
void imp_card_line (Card *c, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* The next line computes term (a name of ImpRenderInput.highlight_term; a static string). */
void imp_card_termed (Card *c, const char *term);
/* A number with the card's significant digits, a true minus sign, -0 as 0. */
char *imp_card_num (const Card *c, double x);
/* A number as a factor: negatives in parentheses. */
char *imp_card_factor (const Card *c, double x);
char *imp_card_vec (const Card *c, PhysVec2 v);
const char *imp_card_name_of (const PhysWorld *world, PhysBodyKind kind, int index);
/* The ledger's verdict as two badges (green kept, red changed). */
void imp_card_badges (Card *c, gboolean momentum_kept, gboolean energy_kept);

/* imp-cards-sat.c: the rigid cards. */
void imp_card_rigid_event (Card *c, const PhysWorld *world, const PhysEvent *event);
void imp_card_rigid_pair (Card *c, const PhysWorld *world, const PhysPairRecord *pair);

G_END_DECLS
