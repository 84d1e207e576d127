/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-record.c: the defaults and names of what a recording keeps (phys-record.h). */
#include "phys-record.h"

PhysTimelineDef
phys_timeline_def_default (void)
{
  PhysTimelineDef def;
  def.keyframe_interval = 24;
  def.budget_bytes = (size_t) 256 << 20;
  return def;
}

const char *
phys_stop_kind_name (PhysStopKind kind)
{
  switch (kind)
    {
    case PHYS_STOP_START: return "start";
    case PHYS_STOP_BEFORE: return "before";
    case PHYS_STOP_AFTER: return "after";
    case PHYS_STOP_PROBE: return "probe";
    case PHYS_STOP_END: return "end";
    default: return "unknown";
    }
}
