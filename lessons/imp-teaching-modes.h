/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-teaching-modes.h: the on/off teaching modes by name. One list gives the key
 * in scene, lesson and session files, the World menu's action, and the words a
 * lesson panel uses for each, so that adding a mode is one line. */
#pragma once

#include <stdbool.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "imp-json-reader.h"
#include "phys.h"

G_BEGIN_DECLS

/* X (BIT, member of PhysModes and key in files, action, name in a sentence,
 *    words when on, words when off); the words are marked for translation and
 *    looked up where they are shown. */
#define IMP_TEACHING_MODES(X)                                                                      \
  X (DOUBLE_PAIR_LOOP, double_pair_loop, "world-double-pair-loop", N_("the double pair loop"),     \
     N_("the double pair loop on"), N_("the double pair loop off"))                                \
  X (RESPOND_AT_FRAME_END, respond_at_frame_end, "world-respond-at-frame-end",                     \
     N_("responding at frame end"), N_("responses at frame end"), N_("responses at contact"))      \
  X (SLIDE_AT_RADIUS, slide_at_radius, "world-slide-at-radius", N_("sliding at exactly r"),        \
     N_("sliding at exactly r"), N_("sliding at r minus a skin"))                                  \
  X (NO_END_CAPS, no_end_caps, "world-no-end-caps", N_("segments without end caps"),               \
     N_("segment end caps off"), N_("segment end caps on"))                                        \
  X (NO_REST_RULE, no_rest_rule, "world-no-rest-rule", N_("every bounce answered"),                \
     N_("answering every bounce"), N_("the rest rule"))

/* Teaching modes a lesson names, as bits: detection, then the list's. */
#define IMP_TEACHING_MODE_INDEX(bit, ...) IMP_TEACHING_MODE_INDEX_##bit,
enum
{
  IMP_TEACHING_MODES (IMP_TEACHING_MODE_INDEX) IMP_N_TEACHING_MODES
};
#undef IMP_TEACHING_MODE_INDEX

#define IMP_TEACHING_MODE_BIT(bit, ...)                                                            \
  IMP_LESSON_MODE_##bit = 1 << (IMP_TEACHING_MODE_INDEX_##bit + 1),
typedef enum
{
  IMP_LESSON_MODE_DETECTION = 1 << 0,
  IMP_TEACHING_MODES (IMP_TEACHING_MODE_BIT)
} ImpLessonModeBit;
#undef IMP_TEACHING_MODE_BIT

/**
 * ImpTeachingMode:
 * @bit: its bit
 * @key: its member of PhysModes, and its key in files
 * @offset: where that member is in PhysModes
 * @action: the window's stateful action (boolean)
 * @name: its name in a sentence ("the double pair loop")
 * @on: a goal's words for it switched on
 * @off: and off
 */
typedef struct
{
  ImpLessonModeBit bit;
  const char *key;
  gsize offset;
  const char *action;
  const char *name;
  const char *on, *off;
} ImpTeachingMode;

/* The on/off modes, in bit order (detection is not one of them). */
extern const ImpTeachingMode imp_teaching_modes[IMP_N_TEACHING_MODES];

/* How files read PhysModes: "detection", then each on/off mode by its key. */
extern const ImpJsonField imp_modes_fields[1 + IMP_N_TEACHING_MODES];

/* The member of modes that mode is. */
bool *imp_teaching_mode_flag (PhysModes *modes, const ImpTeachingMode *mode);

G_END_DECLS
