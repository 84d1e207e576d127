/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-session-timeline.h: between a session file and a recording. A session
 * keeps only the scene, the edits at their frames and the bookmarks; replay is
 * deterministic, so that is enough to rebuild the very same recording. */
#pragma once

#include "imp-session-file.h"

G_BEGIN_DECLS

PhysTimeline *imp_session_file_to_timeline (const ImpSessionFile *session,
                                            const PhysTimelineDef *def, GError **error);
ImpSessionFile *imp_session_file_from_timeline (PhysTimeline *timeline, PhysWorld *scene_world,
                                                const char *scene_path, const char *scene_text);

G_END_DECLS
