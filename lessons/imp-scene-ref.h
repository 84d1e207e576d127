/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-scene-ref.h: the "scene" member of a document that holds a scene: a
 * session file or a lesson. Its value is a scene file name (relative to the
 * document, absolute, or a URI such as "resource:///...") or a scene object
 * written inline. Mistakes inside the scene are reported by the scene loader,
 * in the %IMP_FORMAT_ERROR domain, at their line and column in the file that
 * holds them; mistakes in the member itself at the member.
 */
#pragma once

#include "imp-json-reader.h"
#include "imp-scene.h"

G_BEGIN_DECLS

/**
 * ImpSceneRef:
 * @world: (transfer full): the scene's initial state
 * @path: (nullable): the file name as written; %NULL for an inline scene
 * @text: (nullable): the inline object's JSON text; %NULL for a file
 * @info: (transfer full): the scene's title and description
 *
 * A scene read through a document's "scene" member.
 */
typedef struct
{
  PhysWorld *world;
  char *path;
  char *text;
  ImpSceneInfo *info;
} ImpSceneRef;

gboolean imp_scene_ref_load (ImpJsonReader *reader, const char *data, gsize length,
                             const char *base_dir, const char *what, ImpSceneRef *out);
void imp_scene_ref_clear (ImpSceneRef *ref);

gboolean imp_scene_ref_is_uri (const char *name);
GFile *imp_scene_ref_file (const char *name);
gboolean imp_scene_ref_sniff_file (const char *path, const char *key, guint typos);
GFile *imp_scene_ref_resolve (const char *base_dir, const char *name, char **display);

G_END_DECLS
