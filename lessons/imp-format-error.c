/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-format-error.c: the formats' error domain; see the header. */
#include "imp-format-error.h"

/* clang-format off */
G_DEFINE_QUARK (impulse-format-error, imp_format_error)
/* clang-format on */
