/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys.h: the physics core of Impulse, plain C11 + libm. Include this one header. */
#pragma once

#include "phys-math.h"
#include "phys-sweep.h"
#include "phys-response.h"
#include "phys-polygon.h"
#include "phys-sat.h"
#include "phys-bezier.h"
#include "phys-curve-contact.h"
#include "phys-advance.h"
#include "phys-world.h"
#include "phys-record.h"
#include "phys-timeline.h"
#include "phys-edit.h"
