/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-theme-contrast.h: the high-contrast palettes, for learners who ask the
 * desktop for high contrast: full-strength text, no faded labels or plates,
 * thicker lines and larger type; and the palette the widgets draw with now. */
#pragma once

#include "imp-theme.h"

G_BEGIN_DECLS

const ImpTheme *imp_theme_get_high_contrast (gboolean dark);
const ImpTheme *imp_theme_for_style (gboolean dark, gboolean high_contrast);
const ImpTheme *imp_theme_for_widgets (void);

G_END_DECLS
