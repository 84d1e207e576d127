/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-format-error.h: the one error domain of Impulse's file formats.
 *
 * Scenes, sessions and lessons are read by the same JSON reader and make the
 * same kinds of mistakes, so one enum names them all; a code that only one
 * format can produce says which in its description. Every message is
 * "FILE:LINE:COLUMN: error: WHAT WAS EXPECTED" (see imp-json-reader.h).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define IMP_FORMAT_ERROR (imp_format_error_quark ())

/**
 * ImpFormatError:
 * @IMP_FORMAT_ERROR_SYNTAX: not JSON (RFC 8259), or a key appears twice in one object
 * @IMP_FORMAT_ERROR_VERSION: the format's version key ("impulse", "impulse-session",
 *   "impulse-lesson") is absent or not 1
 * @IMP_FORMAT_ERROR_UNKNOWN_KEY: a key this format does not have
 * @IMP_FORMAT_ERROR_TYPE: a value of the wrong JSON type (or array length)
 * @IMP_FORMAT_ERROR_MISSING: a required key is absent, or a session's set edit changes nothing
 * @IMP_FORMAT_ERROR_DUPLICATE_ID: an id is used twice or is reserved, or a force's target is
 *   listed twice
 * @IMP_FORMAT_ERROR_NOT_FINITE: a number overflows to infinity
 * @IMP_FORMAT_ERROR_RANGE: a value outside its documented range or set of names
 * @IMP_FORMAT_ERROR_UNKNOWN_ID: a name of a body the world does not have (at that frame, for a
 *   session's edit), or of the wrong kind
 * @IMP_FORMAT_ERROR_LIMIT: a scene with more bodies or forces than the physics core holds
 * @IMP_FORMAT_ERROR_IO: a file or resource cannot be read, or a session cannot be written
 * @IMP_FORMAT_ERROR_EDIT_KIND: a session's "edit" names no kind of edit
 * @IMP_FORMAT_ERROR_ORDER: a session's edit has a lower frame than the edit before it
 * @IMP_FORMAT_ERROR_REFUSED: replaying a session, the physics core refused an edit for a reason
 *   other than an unknown or duplicate id
 * @IMP_FORMAT_ERROR_WORK_LIMIT: a session's edit is beyond the frames the replay may step
 * @IMP_FORMAT_ERROR_DIVERGED: replaying a session, the simulation diverged (see #PhysHalt)
 *   before an edit's frame
 * @IMP_FORMAT_ERROR_MARKUP: a lesson step's text whose markup is not closed or names no term
 *
 * Classes of mistakes in scene, session and lesson files, in the %IMP_FORMAT_ERROR domain.
 */
typedef enum
{
  IMP_FORMAT_ERROR_SYNTAX,
  IMP_FORMAT_ERROR_VERSION,
  IMP_FORMAT_ERROR_UNKNOWN_KEY,
  IMP_FORMAT_ERROR_TYPE,
  IMP_FORMAT_ERROR_MISSING,
  IMP_FORMAT_ERROR_DUPLICATE_ID,
  IMP_FORMAT_ERROR_NOT_FINITE,
  IMP_FORMAT_ERROR_RANGE,
  IMP_FORMAT_ERROR_UNKNOWN_ID,
  IMP_FORMAT_ERROR_LIMIT,
  IMP_FORMAT_ERROR_IO,
  IMP_FORMAT_ERROR_EDIT_KIND,
  IMP_FORMAT_ERROR_ORDER,
  IMP_FORMAT_ERROR_REFUSED,
  IMP_FORMAT_ERROR_WORK_LIMIT,
  IMP_FORMAT_ERROR_DIVERGED,
  IMP_FORMAT_ERROR_MARKUP,
} ImpFormatError;

GQuark imp_format_error_quark (void);

G_END_DECLS
