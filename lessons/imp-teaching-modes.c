/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-teaching-modes.c: the on/off teaching modes by name; see the header. */
#include "imp-teaching-modes.h"

#include <stddef.h>

#define ROW(bit, member, action, name, on, off)                                                    \
  { IMP_LESSON_MODE_##bit, #member, offsetof (PhysModes, member), action, name, on, off },

const ImpTeachingMode imp_teaching_modes[IMP_N_TEACHING_MODES] = { IMP_TEACHING_MODES (ROW) };

/**
 * imp_teaching_mode_flag:
 * @modes: teaching modes
 * @mode: one of imp_teaching_modes
 *
 * Returns: the member of @modes that @mode is
 */
#define FIELD(bit, member, ...)                                                                    \
  { #member, FALSE, imp_json_field_bool, offsetof (PhysModes, member) },

const ImpJsonField imp_modes_fields[1 + IMP_N_TEACHING_MODES] = {
  { "detection", FALSE, imp_json_field_detection, offsetof (PhysModes, detection) },
  IMP_TEACHING_MODES (FIELD)
};

bool *
imp_teaching_mode_flag (PhysModes *modes, const ImpTeachingMode *mode)
{
  return G_STRUCT_MEMBER_P (modes, mode->offset);
}
