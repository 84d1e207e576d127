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

#include "imp-format-error.h"
#include "phys.h"

G_BEGIN_DECLS

/* Where the shipped scenes live in the GResource. */
#define IMP_SCENE_RESOURCE_PATH "/org/impulselab/Impulse/scenes/"

/* The format version this loader reads, the value of the "impulse" key. */
#define IMP_SCENE_FORMAT_VERSION 1

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

/* The "expected ..., got ..." sentence for a polygon refused for a quantity its fields imply
 * (phys_polygon_body_derived()): its area, its mass (density times area) or its moment of
 * inertia out of the physics' range; NULL for PHYS_POLYGON_DERIVED_OK. */
char *imp_polygon_derived_expected (PhysPolygonDerived derived, double value, double area,
                                    double density);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpSceneInfo, imp_scene_info_free)

G_END_DECLS
