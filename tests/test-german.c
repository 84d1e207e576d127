/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-german.c: the window in German (de_DE.UTF-8 with LANGUAGE=de and the build's
 * catalogs), on lesson 2: the main window with its menus, a lesson step and a card.
 * Every text a person reads there is checked twice: no msgid of po/de.po that is still
 * untranslated (or fuzzy) shows, and no text reads as English (common English words
 * that German does not use), which also catches a string that never went through
 * gettext. Each finding is reported; the test fails when there is any.
 *
 * Not in the default suite until the German translation is complete: run it with
 * `meson test -C build --suite translation` (docs/translations.md). */
#include <locale.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imp-i18n.h"
#include "imp-inspector.h"
#include "imp-lesson-panel.h"
#include "imp-window.h"
#include "test-ui-util.h"
#include "test-util.h"

/* Msgids that may read the same in German: names, symbols and units. */
static const char *const allowed[] = {
  "Impulse", "RK4", "Verlet", "Euler", "u/frame", "u/time", "(%s, %s)", "%s and %s",
  "SVG (vector)", "PDF (vector)", "PNG (pixels)", "CSV (data)", "1200 × 800",
};

/* Words of English that German text does not use (as whole words, any case). Not "frame":
 * German keeps the word for the interval between two states (der Frame, pl. Frames), as
 * po/de.po does. */
static const char *const english_words[] = {
  "the",   "and",   "of",     "to",    "is",     "with",  "from",   "this",  "that",  "your",
  "you",   "are",   "not",    "step",  "press",  "click", "show",   "next",  "back",
  "open",  "lesson", "select", "edit", "nothing", "into", "finish", "hint",  "play",  "pause",
  "world", "circle", "velocity", "after", "before", "event", "where", "when", "what", "which",
};

typedef struct
{
  char *msgid;
  char *plain;   /* as it shows: markup removed */
  char **pieces; /* its words between its printf directives */
} Untranslated;

static void
untranslated_free (gpointer data)
{
  Untranslated *u = data;
  g_free (u->msgid);
  g_free (u->plain);
  g_strfreev (u->pieces);
  g_free (u);
}

/* The text a msgid shows as: without Pango tags, mnemonics' underscores and lesson markup
 * ({t|words} shows words). */
static char *
plain_of (const char *msgid)
{
  g_autoptr (GRegex) tags = g_regex_new ("<[^>]*>|[*$\\\\]|_(?=[[:alpha:]])", 0, 0, NULL);
  g_autoptr (GRegex) refs = g_regex_new ("\\{[^|}]*\\|([^}]*)\\}|\\{([^}]*)\\}", 0, 0, NULL);
  g_autofree char *a = g_regex_replace (tags, msgid, -1, 0, "", 0, NULL);
  return g_regex_replace (refs, a, -1, 0, "\\1\\2", 0, NULL);
}

/* One string of a PO file: the concatenated quoted pieces after a keyword. */
static char *
po_string (char **lines, guint *i)
{
  GString *out = g_string_new (NULL);
  const char *first = strchr (lines[*i], '"');
  for (guint k = *i; lines[k] != NULL; k++)
    {
      const char *q = k == *i ? first : g_str_has_prefix (lines[k], "\"") ? lines[k] : NULL;
      if (q == NULL)
        break;
      g_autofree char *inner = g_strndup (q + 1, strlen (q) - 2);
      g_autofree char *unescaped = g_strcompress (inner);
      g_string_append (out, unescaped);
      *i = k;
    }
  return g_string_free (out, FALSE);
}

/* The msgids po/de.po has no translation for (or only a fuzzy one). */
static GPtrArray *
untranslated_msgids (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "po", "de.po", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *out = g_ptr_array_new_with_free_func (untranslated_free);
  g_autoptr (GRegex) directive
      = g_regex_new ("%[-+ #0]*[0-9]*(\\.[0-9]+)?(ll|l|z|h)?[a-zA-Z%]", 0, 0, NULL);
  char *msgid = NULL;
  gboolean fuzzy = FALSE, translated = FALSE;

  for (guint i = 0;; i++)
    {
      const char *line = lines[i];
      gboolean end = line == NULL || *line == '\0';
      if (end && msgid != NULL)
        {
          gboolean is_allowed = FALSE;
          for (gsize k = 0; k < G_N_ELEMENTS (allowed); k++)
            is_allowed = is_allowed || strcmp (msgid, allowed[k]) == 0;
          if (*msgid != '\0' && (fuzzy || !translated) && !is_allowed)
            {
              Untranslated *u = g_new0 (Untranslated, 1);
              u->msgid = g_strdup (msgid);
              u->plain = plain_of (msgid);
              u->pieces = g_regex_split (directive, u->plain, 0);
              g_ptr_array_add (out, u);
            }
          g_clear_pointer (&msgid, g_free);
        }
      if (line == NULL)
        break;
      if (end)
        {
          fuzzy = translated = FALSE;
          continue;
        }
      if (g_str_has_prefix (line, "#,") && strstr (line, "fuzzy") != NULL)
        fuzzy = TRUE;
      else if (g_str_has_prefix (line, "msgid "))
        msgid = po_string (lines, &i);
      else if (g_str_has_prefix (line, "msgstr"))
        {
          g_autofree char *msgstr = po_string (lines, &i);
          translated = translated || *msgstr != '\0';
        }
    }
  return out;
}

/* Whether c may stand beside a word (a file name's "-" or "." joins words). */
static gboolean
word_edge (const char *text, const char *c)
{
  return c < text || *c == '\0' || !(g_ascii_isalnum (*c) || strchr ("-_.", *c) != NULL);
}

/* How many bytes of the msgid show in text: every piece of four letters or more between
 * its printf directives, in order and as whole words; 0 when one does not. */
static gsize
shows (const Untranslated *u, const char *text)
{
  const char *at = text;
  gsize matched = 0;
  for (char **p = u->pieces; *p != NULL; p++)
    {
      g_autofree char *piece = g_strstrip (g_strdup (*p));
      gsize n = strlen (piece);
      if (g_utf8_strlen (piece, -1) < 4)
        continue;
      const char *found = strstr (at, piece);
      /* Only a piece that starts or ends with a letter needs a word's edge there. */
      while (found != NULL
             && !((!g_ascii_isalnum (piece[0]) || word_edge (text, found - 1))
                  && (!g_ascii_isalnum (piece[n - 1]) || word_edge (text, found + n))))
        found = strstr (found + 1, piece);
      if (found == NULL)
        return 0;
      at = found + n;
      matched += n;
    }
  /* A word or two ("Next", "frame %lld") is that text, not a word inside another. */
  if (matched < 8)
    return strcmp (text, u->plain) == 0 ? strlen (text) : 0;
  return matched;
}

static const char *
english_word_in (const char *text)
{
  g_auto (GStrv) words = g_regex_split_simple ("[^[:alpha:]]+", text, 0, 0);
  for (char **w = words; *w != NULL; w++)
    for (gsize k = 0; k < G_N_ELEMENTS (english_words); k++)
      if (g_ascii_strcasecmp (*w, english_words[k]) == 0)
        return english_words[k];
  return NULL;
}

/* The texts a person reads in root: labels, tooltips, placeholders, and the labels of
 * the menus its menu buttons open. */
static void
collect_menu (GMenuModel *menu, GPtrArray *texts)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        g_ptr_array_add (texts, plain_of (label));
      g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      GMenuModel *linked;
      while (g_menu_link_iter_get_next (links, NULL, &linked))
        {
          collect_menu (linked, texts);
          g_object_unref (linked);
        }
    }
}

static void
collect_texts (GtkWidget *widget, GPtrArray *texts)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  const char *tooltip = gtk_widget_get_tooltip_text (widget);
  if (tooltip != NULL)
    g_ptr_array_add (texts, g_strdup (tooltip));
  if (GTK_IS_ENTRY (widget) && gtk_entry_get_placeholder_text (GTK_ENTRY (widget)) != NULL)
    g_ptr_array_add (texts, g_strdup (gtk_entry_get_placeholder_text (GTK_ENTRY (widget))));
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)))
    collect_menu (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), texts);
  if (ADW_IS_WINDOW_TITLE (widget))
    {
      g_ptr_array_add (texts, g_strdup (adw_window_title_get_title (ADW_WINDOW_TITLE (widget))));
      g_ptr_array_add (texts,
                       g_strdup (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget))));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    collect_texts (c, texts);
}

/* Reports every English text of where (the window, the lesson step, the card); returns how
 * many. */
static guint
report_english (const char *where, GPtrArray *texts, GPtrArray *untranslated)
{
  guint found = 0;
  for (guint t = 0; t < texts->len; t++)
    {
      const char *text = g_ptr_array_index (texts, t);
      if (text == NULL || *text == '\0')
        continue;
      /* The msgid that explains most of the text, once. */
      const Untranslated *best = NULL;
      gsize most = 0;
      for (guint m = 0; m < untranslated->len; m++)
        {
          const Untranslated *u = g_ptr_array_index (untranslated, m);
          gsize n = shows (u, text);
          if (n > most)
            {
              most = n;
              best = u;
            }
        }
      if (best != NULL)
        {
          g_test_message ("%s: untranslated msgid \"%s\" shows in \"%s\"", where, best->msgid,
                          text);
          found++;
          continue;
        }
      const char *word = english_word_in (text);
      if (word != NULL)
        {
          g_test_message ("%s: \"%s\" reads as English (\"%s\")", where, text, word);
          found++;
        }
    }
  return found;
}

static void
spin (void)
{
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
test_window_lesson_card (void)
{
  g_autoptr (GPtrArray) untranslated = untranslated_msgids ();
  ImpWindow *window = imp_window_new (NULL);
  g_assert_true (imp_window_open (window, "resource:///org/impulselab/Impulse/lessons/"
                                          "02-swept-quadratic.json"));
  gtk_window_present (GTK_WINDOW (window));
  ImpSession *session = imp_window_get_session (window);
  imp_test_wait_for_length (session, 10);
  spin ();
  guint found = 0;

  /* The main window on the lesson's first step. */
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  collect_texts (GTK_WIDGET (window), texts);
  g_assert_cmpuint (texts->len, >, 20);
  found += report_english ("window", texts, untranslated);

  /* A lesson step, with its goal's status and hint, and the next one. */
  GtkWidget *panel = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_PANEL, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-show-me", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-next", NULL));
  spin ();
  g_ptr_array_set_size (texts, 0);
  collect_texts (panel, texts);
  found += report_english ("lesson step", texts, untranslated);

  /* The card of the selected pair, once the step's prediction is answered (Show Me). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson-show-me", NULL));
  spin ();
  GtkWidget *inspector = imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_INSPECTOR, 0);
  g_ptr_array_set_size (texts, 0);
  collect_texts (inspector, texts);
  g_assert_cmpuint (texts->len, >, 3);
  found += report_english ("card", texts, untranslated);

  gtk_window_destroy (GTK_WINDOW (window));
  if (found > 0)
    {
      g_test_message ("%u English texts in the German window (po/de.po has %u msgids left "
                      "untranslated)",
                      found, untranslated->len);
      g_test_fail ();
    }
}

int
main (int argc, char **argv)
{
  /* German before GTK starts: it sets the locale from the environment. */
  imp_test_german_locale ();
  g_setenv ("LANG", "de_DE.UTF-8", TRUE);
  g_setenv ("LC_ALL", "de_DE.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);
  g_assert_nonnull (setlocale (LC_ALL, ""));
  imp_i18n_init ();
  g_test_init (&argc, &argv, NULL);
  imp_test_init_display ();
  imp_test_add_display_func ("/translation/german/window-lesson-card", test_window_lesson_card);
  return g_test_run ();
}
