/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-suggest.c: nearest-word suggestions by edit distance.
 *
 * The distance is the optimal string alignment variant of Damerau-Levenshtein
 * (insertions, deletions, substitutions and swaps of two neighbours each cost 1),
 * over ASCII-lowercased bytes: the words it compares are key names, enum names
 * and ids, where "Radius" and "raduis" are the usual slips.
 */
#include "imp-suggest.h"

#include <string.h>

/**
 * imp_suggest_distance:
 * @a: a word
 * @b: another word
 *
 * Edit distance between @a and @b, ignoring ASCII case; a swap of two
 * neighbouring characters counts as one edit.
 *
 * Returns: the number of edits that turn @a into @b
 */
guint
imp_suggest_distance (const char *a, const char *b)
{
  gsize n = strlen (a), m = strlen (b);
  /* Three rows of the dynamic programming table: two back for swaps. */
  g_autofree guint *rows = g_new (guint, 3 * (m + 1));
  guint *before = rows, *prev = rows + (m + 1), *cur = rows + 2 * (m + 1);

  for (gsize j = 0; j <= m; j++)
    prev[j] = (guint) j;

  for (gsize i = 1; i <= n; i++)
    {
      char ca = g_ascii_tolower (a[i - 1]);
      cur[0] = (guint) i;
      for (gsize j = 1; j <= m; j++)
        {
          char cb = g_ascii_tolower (b[j - 1]);
          guint best = prev[j - 1] + (ca == cb ? 0 : 1);
          best = MIN (best, prev[j] + 1);
          best = MIN (best, cur[j - 1] + 1);
          if (i > 1 && j > 1 && ca == g_ascii_tolower (b[j - 2])
              && g_ascii_tolower (a[i - 2]) == cb)
            best = MIN (best, before[j - 2] + 1);
          cur[j] = best;
        }
      guint *spare = before;
      before = prev;
      prev = cur;
      cur = spare;
    }
  return prev[m];
}

static gboolean
is_prefix_ci (const char *prefix, const char *word)
{
  return g_ascii_strncasecmp (prefix, word, strlen (prefix)) == 0;
}

/**
 * imp_suggest_nearest:
 * @word: what was written
 * @candidates: (array length=n_candidates): the valid words
 * @n_candidates: number of candidates, or -1 when @candidates ends with %NULL
 *
 * The candidate that @word most likely misspells. A candidate qualifies when
 * few edits separate them (one for short words, up to a third of the
 * candidate's length, at most three, and always fewer than @word's length), or
 * when one is an abbreviation of the other ("position" for "pos"). Among
 * qualifying candidates the nearest wins, the earliest on ties.
 *
 * Returns: (transfer none) (nullable): an element of @candidates, or %NULL
 *   when none is close enough to be a useful guess
 */
const char *
imp_suggest_nearest (const char *word, const char *const *candidates, gssize n_candidates)
{
  const char *best = NULL;
  guint best_distance = G_MAXUINT;
  gsize word_len = strlen (word);

  for (gssize i = 0; n_candidates < 0 ? candidates[i] != NULL : i < n_candidates; i++)
    {
      const char *candidate = candidates[i];
      gsize len = strlen (candidate);
      guint distance = imp_suggest_distance (word, candidate);
      guint allowed = (guint) CLAMP (len / 3, 1, 3);
      gboolean close = distance <= allowed && distance < word_len;
      gboolean abbreviation = MIN (len, word_len) >= 3
                              && (is_prefix_ci (candidate, word) || is_prefix_ci (word, candidate));

      if ((close || abbreviation) && distance < best_distance)
        {
          best = candidate;
          best_distance = distance;
        }
    }
  return best;
}
