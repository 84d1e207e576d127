/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-pack.h: a lesson pack, a folder that holds lessons and their
 * scenes (docs/lesson-format.md, "Lesson packs"), as the Lessons list shows it:
 * each lesson file loaded, or the precise reason it does not load, so that one
 * broken file never hides the others. GLib only. */
#pragma once

#include "imp-lesson.h"

G_BEGIN_DECLS

/**
 * ImpLessonPackEntry:
 * @path: the lesson file
 * @lesson: (nullable): the lesson, when it loads
 * @error: (nullable): why it does not: "FILE:LINE:COLUMN: error: ..."
 */
typedef struct
{
  char *path;
  ImpLesson *lesson;
  GError *error;
} ImpLessonPackEntry;

/**
 * ImpLessonPack:
 * @dir: the folder
 * @error: (nullable): why the folder cannot be read
 * @entries: (element-type ImpLessonPackEntry): its lessons, by file name
 */
typedef struct
{
  char *dir;
  GError *error;
  GArray *entries;
} ImpLessonPack;

ImpLessonPack *imp_lesson_pack_load (const char *dir);
void imp_lesson_pack_free (ImpLessonPack *pack);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpLessonPack, imp_lesson_pack_free)

G_END_DECLS
