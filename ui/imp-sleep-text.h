/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-sleep-text.h: a polygon's sleep in words, for the body form and the inspector's card:
 * asleep since which frame, or awake with its rest count and why it last woke. */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

char *imp_sleep_text (const PhysWorld *world, int polygon);

G_END_DECLS
