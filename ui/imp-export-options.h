/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-options.h: the export's options by name, as the command line's
 * `impulse export` takes them and the export dialog sets them.
 *
 * One table says, for each option, its name, how its value is written, and which
 * formats it suits; one parser reads the values as text into #ImpExportOptions.
 * The command line makes its GOption entries and its errors from them, the export
 * dialog its choices and which of its controls are sensitive, so that the two
 * cannot disagree.
 */
#pragma once

#include "imp-export.h"

G_BEGIN_DECLS

/**
 * ImpExportOption:
 * @IMP_EXPORT_OPTION_FRAME: --frame K: the frame drawn, or the one frame of data
 * @IMP_EXPORT_OPTION_FRAMES: --frames A..B: one PDF page per frame, or the frames of data
 * @IMP_EXPORT_OPTION_T: --t T: the moment in the frame, 0 to 1
 * @IMP_EXPORT_OPTION_STOP: --stop STOP: start, before, after or end
 * @IMP_EXPORT_OPTION_EVENT: --event N: the event selected, or none
 * @IMP_EXPORT_OPTION_SAT_AXIS: --sat-axis K: a rigid event's separating axis test stepped to
 *   axis K (from 1) as Down steps on the canvas, or all
 * @IMP_EXPORT_OPTION_STROBE: --strobe A..B: a multiple exposure of frames A to B
 * @IMP_EXPORT_OPTION_EXPOSURES: --exposures N: faded moments per frame of a strobe
 * @IMP_EXPORT_OPTION_OVERLAYS: --overlays LIST: what is drawn over the bodies
 * @IMP_EXPORT_OPTION_FIT: --fit FIT: focus or world
 * @IMP_EXPORT_OPTION_SIZE: --size WxH: the page in pixels
 * @IMP_EXPORT_OPTION_SCALE: --scale S: every length times S
 * @IMP_EXPORT_OPTION_BACKGROUND: --background BG: white, dark or transparent
 * @IMP_EXPORT_OPTION_TITLE: --title TEXT
 * @IMP_EXPORT_OPTION_CAPTION: --caption TEXT
 * @IMP_EXPORT_OPTION_DATA: --data DATA: states, events or both
 * @IMP_EXPORT_N_OPTIONS: how many there are
 *
 * The options of an export, in the order of `impulse export --help`.
 */
typedef enum
{
  IMP_EXPORT_OPTION_FRAME,
  IMP_EXPORT_OPTION_T,
  IMP_EXPORT_OPTION_STOP,
  IMP_EXPORT_OPTION_EVENT,
  IMP_EXPORT_OPTION_SAT_AXIS,
  IMP_EXPORT_OPTION_STROBE,
  IMP_EXPORT_OPTION_EXPOSURES,
  IMP_EXPORT_OPTION_FRAMES,
  IMP_EXPORT_OPTION_OVERLAYS,
  IMP_EXPORT_OPTION_FIT,
  IMP_EXPORT_OPTION_SIZE,
  IMP_EXPORT_OPTION_SCALE,
  IMP_EXPORT_OPTION_BACKGROUND,
  IMP_EXPORT_OPTION_TITLE,
  IMP_EXPORT_OPTION_CAPTION,
  IMP_EXPORT_OPTION_DATA,
  IMP_EXPORT_N_OPTIONS,
} ImpExportOption;

/* The largest frame number an option takes: enough for any lesson, small
 * enough for int64 arithmetic. */
#define IMP_EXPORT_MAX_FRAME G_GINT64_CONSTANT (1000000000)

/**
 * ImpExportOptionInfo:
 * @name: the option's name: "strobe" is the command line's --strobe
 * @value: how its value is written, for help ("A..B")
 * @help: what it does, one line
 * @formats: the formats it suits, a bit `1 << format` for each #ImpExportFormat
 * @choices: (nullable): for an option that picks one of a few words, the words,
 *   %NULL-terminated
 * @unsuited: (nullable): added to the error when the option is given for a
 *   format it does not suit: what to do instead
 */
typedef struct
{
  const char *name;
  const char *value;
  const char *help;
  guint formats;
  const char *const *choices;
  const char *unsuited;
} ImpExportOptionInfo;

const ImpExportOptionInfo *imp_export_option_info (ImpExportOption option);
gboolean imp_export_option_suits (ImpExportOption option, ImpExportFormat format);
int imp_export_option_choice (ImpExportOption option, const char *word);

gboolean imp_export_options_parse (ImpExportOptions *options, ImpExportFormat format,
                                   const char *const *values, GError **error);

G_END_DECLS
