/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-markup.h: the small markup of lesson step text
 * (docs/lesson-format.md): *emphasis*, **strong**, $inline math$, {term} and
 * {term|words} references to the terms the canvas can highlight, and \ to
 * take the next character as it is. Turned into Pango markup for a label, the
 * same text without markup, and where each reference sits in that text. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * ImpTextRef:
 * @start: byte offset in the plain text where the reference's words start
 * @end: byte offset just past them
 * @term: index in imp_term_names
 */
typedef struct
{
  gsize start;
  gsize end;
  int term;
} ImpTextRef;

/**
 * ImpLessonText:
 * @markup: Pango markup
 * @plain: the same text without markup (what a label lays out)
 * @refs: (element-type ImpTextRef): the references, in order
 */
typedef struct
{
  char *markup;
  char *plain;
  GArray *refs;
} ImpLessonText;

gboolean imp_lesson_text_parse (const char *text, ImpLessonText *out, gsize *error_offset,
                                char **error_message);
void imp_lesson_text_clear (ImpLessonText *text);
int imp_lesson_text_term_at (const ImpLessonText *text, gsize offset);
char *imp_markup_keep_bars_whole (const char *markup);
gboolean imp_lesson_translation_fits (const char *english, const char *translated,
                                      gboolean markup);

G_END_DECLS
