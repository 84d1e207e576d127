/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-german.c: the window in German (de_DE.UTF-8 with LANGUAGE=de and the build's
 * catalogs), on lesson 2: the main window with its menus, a lesson step and a card; and
 * the lesson editor on a teacher's session, through every goal page. Every text a
 * person reads there is checked three times: no msgid of po/de.po that is still
 * untranslated (or fuzzy) shows, no text reads as English (common English words that
 * German does not use), which also catches a string that never went through gettext,
 * and no number is written with a decimal point (the locale writes 0,25). Each finding
 * is reported; the test fails when there is any. The canvas's spoken description and the
 * editor's typed numbers are checked against their German forms. */
#include <locale.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imp-canvas-describe.h"
#include "imp-i18n.h"
#include "imp-inspector.h"
#include "imp-lesson-editor.h"
#include "imp-lesson-panel.h"
#include "imp-lesson-vocabulary.h"
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

/* An English word of text, whole: "lesson.json" or "swept-quadratic" are names (a file's,
 * an id's), joined into one token as word_edge() joins them; a key of a file in straight
 * quotes ("hint" in a check's message) is the file's word, which no language translates
 * (German quotes its words „so“). */
static const char *
english_word_in (const char *text)
{
  g_autoptr (GRegex) keys = g_regex_new ("\"[^\"]*\"", 0, 0, NULL);
  g_autofree char *words = g_regex_replace_literal (keys, text, -1, 0, " ", 0, NULL);
  g_autoptr (GRegex) token = g_regex_new ("[[:alnum:]]+([-_.][[:alnum:]]+)*", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  for (g_regex_match (token, words, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      g_autofree char *w = g_match_info_fetch (match, 0);
      for (gsize k = 0; k < G_N_ELEMENTS (english_words); k++)
        if (g_ascii_strcasecmp (w, english_words[k]) == 0)
          return english_words[k];
    }
  return NULL;
}

/* A number of text written with a decimal point, as the C locale writes it ("0.25"); a
 * German number has a comma there. "48.649" (a thousands group, as German groups them) and
 * names such as "seed000.json" are not numbers with a decimal point. */
static char *
c_number_in (const char *text)
{
  g_autoptr (GRegex) number = g_regex_new (
      "(?<![[:alnum:]_.])[0-9]+\\.[0-9]+(?![[:alnum:]_]|\\.[[:alnum:]])", 0, 0, NULL);
  g_autoptr (GRegex) grouped = g_regex_new ("^[1-9][0-9]{0,2}(\\.[0-9]{3})+$", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  for (g_regex_match (number, text, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      char *found = g_match_info_fetch (match, 0);
      if (!g_regex_match (grouped, found, 0, NULL))
        return found;
      g_free (found);
    }
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
      g_autofree char *number = c_number_in (text);
      if (number != NULL)
        {
          g_test_message ("%s: \"%s\" writes %s with a decimal point", where, text, number);
          found++;
        }
    }
  return found;
}

/* Reports the English texts root shows now; returns how many. */
static guint
report_widget (const char *where, GtkWidget *root, GPtrArray *untranslated)
{
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  collect_texts (root, texts);
  g_assert_cmpuint (texts->len, >, 0);
  return report_english (where, texts, untranslated);
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

/* Seed 000 stepped into, as a screen reader says it: the numbers with decimal commas, the
 * impulse grouped by thousands with a point (with a comma, 48,649 would read as a decimal),
 * the normal's components apart by a semicolon. */
static void
test_canvas_description (void)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autofree char *path = imp_test_scene_path ("seed000-swept-circles.json");
  g_assert_true (imp_session_load (session, path, NULL));
  imp_test_wait_for_length (session, 10);
  imp_session_step_into (session, 1);
  g_autofree char *into = imp_canvas_describe (session);
  g_assert_cmpstr (into, ==,
                   "Frame 0, hineingeschaut: c1 und c2 berühren sich bei t = 0,503, Kraftstoß "
                   "48.649 entlang (0,97; 0,25)");
}

/* The menu item of model that activates action, searched through its sections. */
static char *
menu_label_of (GMenuModel *model, const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL, *label = NULL;
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action)
          && g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return g_steal_pointer (&label);
      g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *linked;
      while (g_menu_link_iter_get_next (links, NULL, &linked))
        {
          char *found = menu_label_of (linked, action);
          g_object_unref (linked);
          if (found != NULL)
            return found;
        }
    }
  return NULL;
}

/* The main menu's item for action, from the window's menu buttons. */
static char *
main_menu_label (GtkWidget *window, const char *action)
{
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  imp_test_collect_widgets (window, GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GMenuModel *model = gtk_menu_button_get_menu_model (buttons->pdata[i]);
      char *label = model != NULL ? menu_label_of (model, action) : NULL;
      if (label != NULL)
        return label;
    }
  return NULL;
}

static GtkWidget *
editor_field (ImpLessonEditor *editor, const char *name)
{
  GtkWidget *widget = imp_lesson_editor_get_field (editor, name);
  g_assert_nonnull (widget);
  return widget;
}

static void
editor_type (ImpLessonEditor *editor, const char *name, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (editor_field (editor, name)), text);
}

static void
editor_choose (ImpLessonEditor *editor, const char *name, guint item)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (editor_field (editor, name)), item);
  spin ();
}

static const char *
editor_text (ImpLessonEditor *editor, const char *name)
{
  return gtk_editable_get_text (GTK_EDITABLE (editor_field (editor, name)));
}

static const char *
editor_chosen (ImpLessonEditor *editor, const char *name)
{
  GObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (editor_field (editor, name)));
  g_assert_true (GTK_IS_STRING_OBJECT (item));
  return gtk_string_object_get_string (GTK_STRING_OBJECT (item));
}

/* The lesson editor, opened from the main menu on a teacher's session (tests/data/drafts:
 * four bookmarks with their selections and overlays): every goal page of a step, a
 * prediction typed with decimal commas, a check that fails on a number and one that
 * passes, and Show Me run on every step. */
static void
test_lesson_editor (void)
{
  g_autoptr (GPtrArray) untranslated = untranslated_msgids ();
  ImpWindow *window = imp_window_new (NULL);
  g_autofree char *teacher
      = g_test_build_filename (G_TEST_DIST, "data", "drafts", "teacher-session.json", NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (imp_window_open (window, teacher));
  imp_test_wait_for_length (imp_window_get_session (window), 6);
  guint found = 0;

  g_autofree char *item = main_menu_label (GTK_WIDGET (window), "lesson.new-from-session");
  g_assert_cmpstr (item, ==, "Neue _Lektion aus Lesezeichen …");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "lesson.new-from-session",
                                             NULL));
  spin ();
  ImpLessonEditor *editor = IMP_LESSON_EDITOR (
      imp_test_nth_widget (GTK_WIDGET (window), IMP_TYPE_LESSON_EDITOR, 0));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (editor)));
  ImpLessonDraft *draft = imp_lesson_editor_get_draft (editor);
  /* The first step opens with the pair selected and three overlays, named as the menu does. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (editor_field (editor, "step_enter"))), ==,
                   "c1 und c2 gewählt; Einblendungen: „Geschwindigkeiten“, „Überstrichene "
                   "Bahnen“, „Legende“");
  found += report_widget ("editor, a new draft", GTK_WIDGET (editor), untranslated);

  /* The topics are the course's lessons, by their German titles. */
  g_auto (GStrv) course = imp_lesson_list_shipped ();
  g_autoptr (ImpLesson) second = imp_lesson_load (course[1], NULL);
  g_assert_nonnull (second);
  for (guint i = 0; i < IMP_N_TOPIC_NAMES; i++)
    if (g_str_equal (imp_topic_names[i], second->topic))
      editor_choose (editor, "lesson_topic", i + 1);
  g_assert_cmpstr (editor_chosen (editor, "lesson_topic"), ==, second->title);
  editor_type (editor, "lesson_title", "Zwei Kreise treffen sich");
  editor_type (editor, "lesson_summary", "Wo im Frame sich zwei Kreise berühren.");

  /* Every goal page of the step at frame 3, the verdicts by their German names. */
  imp_lesson_editor_select_step (editor, 2);
  spin ();
  for (guint k = IMP_GOAL_NONE; k <= IMP_GOAL_MODE; k++)
    {
      editor_choose (editor, "goal_kind", k);
      imp_lesson_editor_check_now (editor);
      spin ();
      g_autofree char *where = g_strdup_printf ("editor, goal page %u", k);
      found += report_widget (where, GTK_WIDGET (editor), untranslated);
      if (k == IMP_GOAL_VERDICT)
        {
          editor_choose (editor, "verdict_name", PHYS_VERDICT_HIT);
          g_assert_cmpstr (editor_chosen (editor, "verdict_name"), ==, "Treffer");
          imp_lesson_editor_check_now (editor);
          g_assert_cmpstr (imp_lesson_draft_get_step (draft, 2)->goal.verdict, ==, "hit");
        }
    }

  /* A prediction typed as a German teacher writes numbers: read, shown back the same. */
  editor_choose (editor, "goal_kind", IMP_GOAL_PREDICT);
  for (gsize i = 0; i < imp_n_quantities; i++)
    if (g_str_equal (imp_quantities[i].name, "t"))
      editor_choose (editor, "predict_quantity", (guint) i + 1);
  editor_type (editor, "goal_hint", "Die Ränder sind 100 voneinander entfernt.");
  editor_type (editor, "predict_tolerance", "0,005");
  editor_type (editor, "predict_expect", "0,3");
  const ImpLessonGoal *goal = &imp_lesson_draft_get_step (draft, 2)->goal;
  g_assert_cmpfloat (goal->tolerance, ==, 0.005);
  g_assert_cmpfloat (goal->expect, ==, 0.3);
  /* t is 0.5001251409: the check says so in the window's numbers. */
  imp_lesson_editor_check_now (editor);
  const char *message = NULL;
  g_assert_false (imp_lesson_editor_get_check (editor, NULL, &message));
  g_assert_nonnull (strstr (message, "0,3"));
  g_assert_nonnull (strstr (message, "0,005"));
  g_assert_nonnull (strstr (message, "0,5001251409"));
  found += report_widget ("editor, a check that fails", GTK_WIDGET (editor), untranslated);
  editor_type (editor, "predict_expect", "0,5");
  imp_lesson_editor_select_step (editor, 0);
  imp_lesson_editor_select_step (editor, 2);
  spin ();
  g_assert_cmpstr (editor_text (editor, "predict_tolerance"), ==, "0,005");
  g_assert_cmpstr (editor_text (editor, "predict_expect"), ==, "0,5");

  /* The check passes; Show Me reaches every goal and says so. */
  imp_lesson_editor_check_now (editor);
  g_assert_true (imp_lesson_editor_get_check (editor, NULL, &message));
  g_assert_true (imp_lesson_editor_rehearse (editor));
  spin ();
  found += report_widget ("editor, after Show Me", GTK_WIDGET (editor), untranslated);

  gtk_window_destroy (GTK_WINDOW (window));
  if (found > 0)
    {
      g_test_message ("%u English texts in the German lesson editor", found);
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
  imp_test_add_display_func ("/translation/german/lesson-editor", test_lesson_editor);
  g_test_add_func ("/translation/german/canvas-description", test_canvas_description);
  return g_test_run ();
}
