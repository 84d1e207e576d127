/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-markup.c: lesson text to Pango markup; see the header. */
#include "imp-lesson-markup.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-lesson-vocabulary.h"

/* The spans a text can open; each closes with the delimiter that opened it. */
typedef enum
{
  SPAN_EMPHASIS,
  SPAN_STRONG,
  SPAN_MATH,
} Span;

static const struct
{
  const char *delimiter;
  const char *open, *close;
  const char *name;
} spans[] = {
  [SPAN_EMPHASIS] = { "*", "<i>", "</i>", N_("emphasis") },
  [SPAN_STRONG] = { "**", "<b>", "</b>", N_("strong text") },
  [SPAN_MATH]
  = { "$", "<span font_family=\"serif\" style=\"italic\">", "</span>", N_("inline math") },
};

typedef struct
{
  GString *markup;
  GString *plain;
} Out;

static void
emit (Out *out, const char *text, gsize length)
{
  g_autofree char *escaped = g_markup_escape_text (text, (gssize) length);
  g_string_append (out->markup, escaped);
  g_string_append_len (out->plain, text, (gssize) length);
}

static gboolean
fail (gsize *error_offset, char **error_message, gsize offset, char *message)
{
  *error_offset = offset;
  *error_message = message;
  return FALSE;
}

/* A {term} or {term|words} at text[i]; sets *next past the closing brace. */
static gboolean
parse_ref (const char *text, gsize i, Out *out, GArray *refs, gsize *next, gsize *error_offset,
           char **error_message)
{
  const char *close = strchr (text + i, '}');
  if (close == NULL)
    return fail (error_offset, error_message, i,
                 g_strdup (_("expected \"}\" to close the reference that starts here")));

  gsize inner = (gsize) (close - text) - i - 1;
  g_autofree char *body = g_strndup (text + i + 1, inner);
  char *bar = strchr (body, '|');
  const char *words = bar != NULL ? bar + 1 : body;
  if (bar != NULL)
    *bar = '\0';
  int term = imp_vocabulary_find (imp_term_names, IMP_N_TERM_NAMES, body);
  if (term < 0)
    {
      g_autofree char *known = g_strjoinv ("\", \"", (char **) imp_term_names);
      return fail (error_offset, error_message, i + 1,
                   g_strdup_printf (_("expected a term name in {...} (one of \"%s\"), got \"%s\""),
                                    known, body));
    }
  if (words[0] == '\0' || strpbrk (words, "{*$\\") != NULL)
    return fail (error_offset, error_message, i + 1,
                 g_strdup (_("expected plain words after \"|\" in a reference")));

  ImpTextRef ref = { out->plain->len, 0, term };
  g_string_append (out->markup, "<span underline=\"single\">");
  emit (out, words, strlen (words));
  g_string_append (out->markup, "</span>");
  ref.end = out->plain->len;
  g_array_append_val (refs, ref);
  *next = (gsize) (close - text) + 1;
  return TRUE;
}

/**
 * imp_lesson_text_parse:
 * @text: step text in lesson markup
 * @out: (out caller-allocates): the result; clear with imp_lesson_text_clear()
 * @error_offset: (out): on failure, the byte offset in @text of the mistake
 * @error_message: (out) (transfer full): on failure, what was expected
 *
 * Returns: %TRUE on success
 */
gboolean
imp_lesson_text_parse (const char *text, ImpLessonText *out, gsize *error_offset,
                       char **error_message)
{
  Out o = { g_string_new (NULL), g_string_new (NULL) };
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (ImpTextRef));
  Span stack[G_N_ELEMENTS (spans)];
  gsize opened_at[G_N_ELEMENTS (spans)];
  int depth = 0;
  gboolean ok = TRUE;
  gsize i = 0;

  memset (out, 0, sizeof *out);
  while (ok && text[i] != '\0')
    {
      gboolean in_math = depth > 0 && stack[depth - 1] == SPAN_MATH;
      char c = text[i];

      if (c == '\\')
        {
          if (text[i + 1] == '\0')
            {
              ok = fail (error_offset, error_message, i,
                         g_strdup (_("expected a character after \"\\\"")));
              break;
            }
          gsize len = (gsize) (g_utf8_next_char (text + i + 1) - (text + i + 1));
          emit (&o, text + i + 1, len);
          i += 1 + len;
          continue;
        }
      if (c == '{')
        {
          ok = parse_ref (text, i, &o, refs, &i, error_offset, error_message);
          continue;
        }
      if (c == '}')
        {
          ok = fail (error_offset, error_message, i,
                     g_strdup (_("expected \"\\}\" for a literal brace; this one closes nothing")));
          break;
        }
      Span span;
      if (c == '$')
        span = SPAN_MATH;
      else if (c == '*' && !in_math)
        span = text[i + 1] == '*' ? SPAN_STRONG : SPAN_EMPHASIS;
      else
        {
          emit (&o, text + i, 1);
          i++;
          continue;
        }
      gsize len = strlen (spans[span].delimiter);
      if (depth > 0 && stack[depth - 1] == span)
        {
          g_string_append (o.markup, spans[span].close);
          depth--;
        }
      else
        {
          for (int k = 0; k < depth; k++)
            if (stack[k] == span)
              {
                ok = fail (error_offset, error_message, i,
                           g_strdup_printf (_("expected the %s opened at byte %zu to be closed "
                                              "before this \"%s\" closes its outer one"),
                                            _(spans[stack[depth - 1]].name),
                                            opened_at[depth - 1] + 1, spans[span].delimiter));
                break;
              }
          if (!ok)
            break;
          g_string_append (o.markup, spans[span].open);
          opened_at[depth] = i;
          stack[depth++] = span;
        }
      i += len;
    }
  if (ok && depth > 0)
    ok = fail (error_offset, error_message, opened_at[depth - 1],
               g_strdup_printf (_("expected a closing \"%s\" for the %s that starts here"),
                                spans[stack[depth - 1]].delimiter,
                                _(spans[stack[depth - 1]].name)));
  if (!ok)
    {
      g_string_free (o.markup, TRUE);
      g_string_free (o.plain, TRUE);
      g_array_unref (refs);
      return FALSE;
    }
  g_autofree char *markup = g_string_free (o.markup, FALSE);
  out->markup = imp_markup_keep_bars_whole (markup);
  out->plain = g_string_free (o.plain, FALSE);
  out->refs = refs;
  return TRUE;
}

/**
 * imp_lesson_text_clear:
 * @text: a parsed text
 *
 * Frees what @text holds.
 */
void
imp_lesson_text_clear (ImpLessonText *text)
{
  g_clear_pointer (&text->markup, g_free);
  g_clear_pointer (&text->plain, g_free);
  g_clear_pointer (&text->refs, g_array_unref);
}

/**
 * imp_lesson_text_term_at:
 * @text: a parsed text
 * @offset: a byte offset in its plain text
 *
 * Returns: the term the reference at @offset points at (index in
 *   imp_term_names), or -1 when no reference is there
 */
int
imp_lesson_text_term_at (const ImpLessonText *text, gsize offset)
{
  for (guint i = 0; text->refs != NULL && i < text->refs->len; i++)
    {
      const ImpTextRef *ref = &g_array_index (text->refs, ImpTextRef, i);
      if (offset >= ref->start && offset < ref->end)
        return ref->term;
    }
  return -1;
}

/**
 * imp_markup_keep_bars_whole:
 * @markup: Pango markup
 *
 * A norm or absolute value, |d| or |(c − A)·n_L|, is one thing to read: no line may
 * break inside it. Each such pair of bars on one line (the opening one followed, the
 * closing one preceded, by something other than a space) is wrapped in a span that
 * allows no breaks. The text a label lays out stays the same, so offsets into it
 * (references, a card's term lines) stay right.
 *
 * Returns: (transfer full): the markup with those spans
 */
char *
imp_markup_keep_bars_whole (const char *markup)
{
  GString *out = g_string_new (NULL);
  const char *p = markup;
  while (*p != '\0')
    {
      const char *close = NULL;
      if (*p == '|' && p[1] != '\0' && p[1] != ' ' && p[1] != '|' && p[1] != '\n')
        for (const char *q = p + 1; *q != '\0' && *q != '\n' && *q != '<'; q++)
          if (*q == '|')
            {
              if (q[-1] != ' ')
                close = q;
              break;
            }
      if (close == NULL)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      g_string_append (out, "<span allow_breaks=\"false\">");
      g_string_append_len (out, p, close - p + 1);
      g_string_append (out, "</span>");
      p = close + 1;
    }
  return g_string_free (out, FALSE);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The numbers of a text as sorted digit strings: "0.503" and "0,503" (a decimal comma),
 * "2,000" and "2000" (a thousands separator) give the same digits. */
static GPtrArray *
digit_runs (const char *text)
{
  GPtrArray *runs = g_ptr_array_new_with_free_func (g_free);
  const char *p = text;

  while (*p != '\0')
    {
      if (!g_ascii_isdigit (*p))
        {
          p++;
          continue;
        }
      GString *run = g_string_new (NULL);
      while (g_ascii_isdigit (*p)
             || ((*p == '.' || *p == ',') && g_ascii_isdigit (p[1]) && run->len > 0))
        {
          if (g_ascii_isdigit (*p))
            g_string_append_c (run, *p);
          p++;
        }
      g_ptr_array_add (runs, g_string_free (run, FALSE));
    }
  g_ptr_array_sort (runs, compare_strings);
  return runs;
}

static gboolean
same_strings (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

/* The terms a parsed text refers to, sorted, and how many $math$ spans it has. */
static void
references (const ImpLessonText *text, const char *source, GPtrArray *terms, guint *math)
{
  for (guint i = 0; i < text->refs->len; i++)
    g_ptr_array_add (terms, (gpointer) imp_term_names[g_array_index (text->refs, ImpTextRef,
                                                                      i).term]);
  g_ptr_array_sort (terms, compare_strings);
  *math = 0;
  for (const char *p = source; *p != '\0'; p++)
    if (*p == '\\' && p[1] != '\0')
      p++;
    else if (*p == '$')
      (*math)++;
}

/**
 * imp_lesson_translation_fits:
 * @english: a lesson's text as written (parsed already when @markup)
 * @translated: its translation from the catalog
 * @markup: whether both are in lesson markup (a step's text) or plain (a title, a hint)
 *
 * Whether a translation keeps what the English says with more than words: the same
 * numbers (the digits, whatever the decimal or thousands separator), and for markup
 * the same term references ({t}, {n|the normal}: the terms, in any order), the same
 * number of $math$ spans, and markup that parses. The loader shows the English
 * instead of a translation that does not (docs/lesson-format.md, "Translations").
 *
 * Returns: %TRUE when @translated may stand for @english
 */
gboolean
imp_lesson_translation_fits (const char *english, const char *translated, gboolean markup)
{
  g_autoptr (GPtrArray) digits_en = digit_runs (english);
  g_autoptr (GPtrArray) digits_tr = digit_runs (translated);

  if (*translated == '\0' || !same_strings (digits_en, digits_tr))
    return FALSE;
  if (!markup)
    return TRUE;

  ImpLessonText en = { 0 }, tr = { 0 };
  gsize offset;
  g_autofree char *message_en = NULL, *message_tr = NULL;
  gboolean fits = FALSE;
  if (imp_lesson_text_parse (english, &en, &offset, &message_en)
      && imp_lesson_text_parse (translated, &tr, &offset, &message_tr))
    {
      g_autoptr (GPtrArray) terms_en = g_ptr_array_new ();
      g_autoptr (GPtrArray) terms_tr = g_ptr_array_new ();
      guint math_en, math_tr;
      references (&en, english, terms_en, &math_en);
      references (&tr, translated, terms_tr, &math_tr);
      fits = same_strings (terms_en, terms_tr) && math_en == math_tr;
    }
  imp_lesson_text_clear (&en);
  imp_lesson_text_clear (&tr);
  return fits;
}
