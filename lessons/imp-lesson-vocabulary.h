/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-vocabulary.h: the names lessons (and the rest of Impulse) use for
 * the terms of the math a text can point at, topics and the
 * quantities a learner can be asked to predict. One table each, so that a
 * lesson file and the renderer agree. Overlays are named by their flags type
 * (imp-overlays.h). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Terms the renderer can highlight (ImpRenderInput.highlight_term); a lesson
 * text's {name} points at one. */
extern const char *const imp_term_names[];
#define IMP_N_TERM_NAMES 22

/* Topics of lessons, in course order. */
extern const char *const imp_topic_names[];
#define IMP_N_TOPIC_NAMES 16

/**
 * ImpQuantityScope:
 * @IMP_QUANTITY_WORLD: a quantity of the whole world at a state
 * @IMP_QUANTITY_BODY: of one body at a state
 * @IMP_QUANTITY_PAIR: of a pair's test at the start of a frame
 * @IMP_QUANTITY_RESPONSE: of the pair's first collision in a frame
 *
 * What a quantity is measured on, and so how many bodies a goal names.
 */
typedef enum
{
  IMP_QUANTITY_WORLD,
  IMP_QUANTITY_BODY,
  IMP_QUANTITY_PAIR,
  IMP_QUANTITY_RESPONSE,
} ImpQuantityScope;

typedef struct
{
  const char *name;
  ImpQuantityScope scope;
  const char *meaning;
} ImpQuantityInfo;

extern const ImpQuantityInfo imp_quantities[];
extern const gsize imp_n_quantities;

int imp_vocabulary_find (const char *const *names, gsize n, const char *name);
const ImpQuantityInfo *imp_quantity_find (const char *name);

G_END_DECLS
