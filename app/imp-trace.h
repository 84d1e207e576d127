/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-trace.h: the trace and inspect formats of the command line
 * (docs/trace-format.md), as JSON lines and as text for people.
 *
 * Every function appends exactly one line to @line, without the newline, so
 * the caller decides when whole lines reach the output.
 */
#pragma once

#include <glib.h>

#include "phys.h"

G_BEGIN_DECLS

/* Version of the trace and inspect formats; raised on any incompatible change. */
#define IMP_TRACE_VERSION 1

void imp_trace_write_header (GString *line, const char *scene, const PhysWorld *world,
                             gint64 frames, gboolean with_state);
void imp_trace_write_event (GString *line, const PhysWorld *world, const PhysWorld *frame_start,
                            const PhysEvent *event);
void imp_trace_write_state (GString *line, const PhysWorld *world, gint64 frame);
void imp_trace_write_end (GString *line, const PhysWorld *world, gint64 frames, guint64 events);
void imp_trace_write_hash (GString *line, const PhysWorld *world);
void imp_trace_write_pair (GString *line, const char *scene, const PhysWorld *world,
                           const PhysPairRecord *record);

void imp_trace_describe_event (GString *line, const PhysWorld *world, const PhysEvent *event);
void imp_trace_describe_state (GString *line, const PhysWorld *world, gint64 frame);
void imp_trace_describe_end (GString *line, const PhysWorld *world, gint64 frames,
                             guint64 events);
void imp_trace_describe_hash (GString *line, const PhysWorld *world);

G_END_DECLS
