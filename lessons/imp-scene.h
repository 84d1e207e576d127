/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-scene.h: loading scene files (docs/scene-format.md) into physics worlds.
 *
 * Every mistake in a scene file is reported through a GError whose message reads
 * "FILE:LINE:COLUMN: error: WHAT WAS EXPECTED", with a 1-based line and a 1-based
 * column counted in characters; the column points at the offending value, at the
 * key of an unknown key, or at the opening brace of an object that lacks a
 * required key. Only an unreadable file has no position: "FILE: error: ...".
 */
#pragma once

#include <gio/gio.h>

#include "phys.h"

G_BEGIN_DECLS

/* Where the shipped scenes live in the GResource. */
#define IMP_SCENE_RESOURCE_PATH "/org/impulselab/Impulse/scenes/"

/* The format version this loader reads, the value of the "impulse" key. */
#define IMP_SCENE_FORMAT_VERSION 1

#define IMP_SCENE_ERROR (imp_scene_error_quark ())

/**
 * ImpSceneError:
 * @IMP_SCENE_ERROR_SYNTAX: not JSON (RFC 8259), or a key appears twice in one object
 * @IMP_SCENE_ERROR_VERSION: "impulse" is absent or not 1
 * @IMP_SCENE_ERROR_UNKNOWN_KEY: a key this format does not have
 * @IMP_SCENE_ERROR_TYPE: a value of the wrong JSON type (or array length)
 * @IMP_SCENE_ERROR_MISSING: a required key is absent
 * @IMP_SCENE_ERROR_DUPLICATE_ID: an id is used twice, is reserved, or a target is listed twice
 * @IMP_SCENE_ERROR_NOT_FINITE: a number overflows to infinity
 * @IMP_SCENE_ERROR_RANGE: a value outside its documented range or set of names
 * @IMP_SCENE_ERROR_UNKNOWN_ID: a reference to an id that names no circle
 * @IMP_SCENE_ERROR_LIMIT: more bodies or forces than the physics core holds
 * @IMP_SCENE_ERROR_IO: the file or resource could not be read
 *
 * Classes of scene errors, in the %IMP_SCENE_ERROR domain.
 */
typedef enum
{
  IMP_SCENE_ERROR_SYNTAX,
  IMP_SCENE_ERROR_VERSION,
  IMP_SCENE_ERROR_UNKNOWN_KEY,
  IMP_SCENE_ERROR_TYPE,
  IMP_SCENE_ERROR_MISSING,
  IMP_SCENE_ERROR_DUPLICATE_ID,
  IMP_SCENE_ERROR_NOT_FINITE,
  IMP_SCENE_ERROR_RANGE,
  IMP_SCENE_ERROR_UNKNOWN_ID,
  IMP_SCENE_ERROR_LIMIT,
  IMP_SCENE_ERROR_IO,
} ImpSceneError;

GQuark imp_scene_error_quark (void);

/**
 * ImpSceneInfo:
 * @title: (nullable): the scene's "title"
 * @description: (nullable): the scene's "description"
 *
 * What a scene file says about itself.
 */
typedef struct
{
  char *title;
  char *description;
} ImpSceneInfo;

void imp_scene_info_free (ImpSceneInfo *info);

PhysWorld *imp_scene_load_file (const char *path, GError **error);
PhysWorld *imp_scene_load_file_full (const char *path, ImpSceneInfo **info_out, GError **error);
PhysWorld *imp_scene_load_data (const char *data, gssize length, const char *display_name,
                                GError **error);
PhysWorld *imp_scene_load_data_full (const char *data, gssize length, const char *display_name,
                                     ImpSceneInfo **info_out, GError **error);

char **imp_scene_list_shipped (void);
char *imp_scene_describe_halt (const PhysWorld *world, PhysHalt halt);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpSceneInfo, imp_scene_info_free)

G_END_DECLS
