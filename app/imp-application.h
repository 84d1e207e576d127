/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-application.h: the graphical application. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IMP_TYPE_APPLICATION (imp_application_get_type ())
G_DECLARE_FINAL_TYPE (ImpApplication, imp_application, IMP, APPLICATION, AdwApplication)

ImpApplication *imp_application_new (void);

G_END_DECLS
