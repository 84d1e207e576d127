/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-i18n.c: translations and the locale: the physics' names all marked, typed
 * numbers read with the locale's decimal separator as well as a point, a lesson's
 * translated texts kept only when they keep its numbers, terms and math (through a
 * small German catalog, tests/data/i18n/de.po), the course's German (po/de.po) shown
 * wherever the catalog has it, and the command line's data written byte for byte the
 * same under a German locale as under C. */
#include <locale.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "imp-i18n.h"
#include "imp-lesson-markup.h"
#include "imp-lesson.h"
#include "test-util.h"

/* Every name physics/ gives is in the table with its kind, so none reaches a learner
 * untranslated. */
static void
test_physics_names_complete (void)
{
  struct
  {
    const char *context;
    int n;
    const char *(*name) (int);
  } kinds[] = {
    { "verdict", PHYS_VERDICT_HIT + 1, (const char *(*) (int)) phys_verdict_name },
    { "probe", PHYS_PROBE_STILL + 1, (const char *(*) (int)) phys_probe_verdict_name },
    { "contact", PHYS_CONTACT_OVERLAPPING + 1,
      (const char *(*) (int)) phys_contact_verdict_name },
    { "feature", PHYS_FEATURE_CAP_B + 1, (const char *(*) (int)) phys_feature_name },
    { "response", PHYS_RESPONSE_SLIDE + 1, (const char *(*) (int)) phys_response_name },
    { "event", PHYS_N_EVENT_KINDS, (const char *(*) (int)) phys_event_kind_name },
    { "integrator", PHYS_N_INTEGRATORS, (const char *(*) (int)) phys_integrator_name },
    { "detection", PHYS_DETECTION_DISCRETE + 1, (const char *(*) (int)) phys_detection_name },
    { "body", PHYS_N_BODY_KINDS, (const char *(*) (int)) phys_body_kind_name },
    { "stop", PHYS_STOP_END + 1, (const char *(*) (int)) phys_stop_kind_name },
  };
  gsize listed = 0;

  for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (int v = 0; v < kinds[k].n; v++)
      {
        const char *name = kinds[k].name (v);
        gboolean found = FALSE;
        for (gsize i = 0; i < imp_i18n_n_physics_names && !found; i++)
          found = strcmp (imp_i18n_physics_names[i].context, kinds[k].context) == 0
                  && strcmp (imp_i18n_physics_names[i].name, name) == 0;
        if (!found)
          g_test_message ("%s \"%s\" is not in imp_i18n_physics_names", kinds[k].context, name);
        g_assert_true (found);
        listed++;
      }
  /* And nothing else: a name physics/ dropped would linger in the catalog. */
  g_assert_cmpuint (listed, ==, imp_i18n_n_physics_names);
  /* Untranslated (the C locale), a name is itself. */
  g_assert_cmpstr (imp_i18n_physics_name ("verdict", "moving-apart"), ==, "moving-apart");
}

/* Every object name the loaders make from a kind (a goal's, a force's, an edit's) is in the
 * table, so that a message names it in the learner's language. */
static void
test_object_names_complete (void)
{
  g_autoptr (GPtrArray) made = g_ptr_array_new_with_free_func (g_free);
  for (int k = IMP_GOAL_FRAME; k <= IMP_GOAL_MODE; k++)
    g_ptr_array_add (made, g_strdup_printf ("%s goal", imp_goal_kind_name ((ImpGoalKind) k)));
  for (int k = PHYS_FORCE_ATTRACTOR; k <= PHYS_FORCE_BUNGEE; k++)
    g_ptr_array_add (made, g_strdup_printf ("%s force", phys_force_kind_name ((PhysForceKind) k)));
  for (int k = PHYS_EDIT_SET_CIRCLE; k <= PHYS_EDIT_SET_PROBE; k++)
    g_ptr_array_add (made, g_strdup_printf ("%s edit", phys_edit_kind_name ((PhysEditKind) k)));
  for (guint m = 0; m < made->len; m++)
    {
      gboolean found = FALSE;
      for (gsize i = 0; i < imp_i18n_n_object_names && !found; i++)
        found = strcmp (imp_i18n_object_names[i], made->pdata[m]) == 0;
      if (!found)
        g_test_message ("\"%s\" is not in imp_i18n_object_names", (char *) made->pdata[m]);
      g_assert_true (found);
    }
  /* Untranslated, a name is itself, and so is a key's label. */
  g_assert_cmpstr (imp_i18n_object_name ("predict goal"), ==, "predict goal");
  g_assert_cmpstr (imp_i18n_object_name ("\"pos\"[1]"), ==, "\"pos\"[1]");
}

static void
assert_reads (const char *text, double expected)
{
  double value = -12345.0;
  if (!imp_i18n_parse_number (text, &value))
    g_error ("\"%s\" was refused", text);
  g_assert_cmpfloat (value, ==, expected);
}

static void
assert_refused (const char *text)
{
  double value = -12345.0;
  g_assert_false (imp_i18n_parse_number (text, &value));
  g_assert_cmpfloat (value, ==, -12345.0);
}

/* In the C locale a point is the decimal separator and a comma is no number. */
static void
test_number_c_locale (void)
{
  assert_reads ("0.25", 0.25);
  assert_reads (" -3.5e2 ", -350.0);
  assert_reads ("\u22120.5", -0.5);
  assert_reads ("12", 12.0);
  assert_refused ("0,25");
  assert_refused ("");
  assert_refused ("   ");
  assert_refused ("nan");
  assert_refused ("inf");
  assert_refused ("0x10");
  assert_refused ("1e999");
  assert_refused ("0.25 m");
}

/* A German learner types 0,25; 0.25 still reads as a quarter, as the app's own texts
 * and the lessons' hints write numbers. */
static void
test_number_german_locale (void)
{
  imp_test_german_locale ();
  g_assert_nonnull (setlocale (LC_NUMERIC, "de_DE.UTF-8"));
  g_assert_cmpstr (localeconv ()->decimal_point, ==, ",");

  assert_reads ("0,25", 0.25);
  assert_reads ("0.25", 0.25);
  assert_reads ("-3,5e2", -350.0);
  assert_reads ("\u22121,5", -1.5);
  assert_refused ("0,2,5");
  assert_refused ("1,5 cm");
  assert_refused ("nan");

  setlocale (LC_NUMERIC, "C");
}

/* What a translated lesson text must keep. */
static void
test_translation_fits (void)
{
  static const struct
  {
    const char *english, *translated;
    gboolean markup, fits;
  } cases[] = {
    /* Words change; numbers (any separator), terms and math stay. */
    { "Predict {t|the time} at frame 3: $t = 0.503$.",
      "Sag {t|die Zeit} in Bild 3 voraus: $t = 0,503$.", TRUE, TRUE },
    { "The circles close at *200 units per frame*.", "Die Kreise nähern sich um **200 Einheiten**.",
      TRUE, TRUE },
    /* Terms may come in another order. */
    { "{n} and {j|the impulse}", "{j|der Impuls} und {n}", TRUE, TRUE },
    { "2,000 frames", "2000 Bilder", FALSE, TRUE },
    { "2,000 frames", "2.000 Bilder", FALSE, TRUE },
    /* A number lost, changed or added. */
    { "Step to frame 3.", "Geh zu Bild 4.", TRUE, FALSE },
    { "Step to frame 3.", "Geh weiter.", FALSE, FALSE },
    { "c = 2100 and R = 20", "c = 2100, R = 20 und 1", FALSE, FALSE },
    /* A term lost, renamed or added. */
    { "Predict {t}.", "Sag es voraus.", TRUE, FALSE },
    { "Predict {t}.", "Sag {toi} voraus.", TRUE, FALSE },
    { "See {n}.", "Sieh {n} und {j}.", TRUE, FALSE },
    /* Math spans must stay as many. */
    { "Solve $a t = b$.", "Löse a t = b.", TRUE, FALSE },
    /* Markup that does not parse. */
    { "Step *here*.", "Geh *hierhin.", TRUE, FALSE },
    { "See {n}.", "Sieh {normale}.", TRUE, FALSE },
    /* Plain texts are not parsed: a brace is a brace. */
    { "Press Right.", "Drücke {Pfeil rechts}.", FALSE, TRUE },
    /* Nothing is no translation. */
    { "Press Right.", "", FALSE, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean fits = imp_lesson_translation_fits (cases[i].english, cases[i].translated,
                                                   cases[i].markup);
      if (fits != cases[i].fits)
        g_error ("\"%s\" for \"%s\": fits is %d, expected %d", cases[i].translated,
                 cases[i].english, fits, cases[i].fits);
    }
}

/* Switches the process to German with the test catalog (compiled by meson from
 * tests/data/i18n/de.po) bound from a folder laid out as gettext wants it; returns the
 * folder, for back_to_c(). */
static char *
german_with_test_catalog (void)
{
  imp_test_german_locale ();
  g_autofree char *mo = g_test_build_filename (G_TEST_BUILT, "test-catalog-de.mo", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_assert_true (g_file_get_contents (mo, &contents, &length, NULL));
  char *dir = g_dir_make_tmp ("impulse-catalog-XXXXXX", NULL);
  g_autofree char *messages = g_build_filename (dir, "de", "LC_MESSAGES", NULL);
  g_assert_cmpint (g_mkdir_with_parents (messages, 0755), ==, 0);
  g_autofree char *target = g_build_filename (messages, GETTEXT_PACKAGE ".mo", NULL);
  g_assert_true (g_file_set_contents (target, contents, (gssize) length, NULL));

  g_setenv ("LANGUAGE", "de", TRUE);
  g_assert_nonnull (setlocale (LC_ALL, "de_DE.UTF-8"));
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* As main() does (imp_i18n_init()): _() looks the default domain up. */
  textdomain (GETTEXT_PACKAGE);
  return dir;
}

static void
back_to_c (char *dir)
{
  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C");
  bindtextdomain (GETTEXT_PACKAGE, imp_i18n_locale_dir ());
  g_autofree char *mo = g_build_filename (dir, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *messages = g_build_filename (dir, "de", "LC_MESSAGES", NULL);
  g_autofree char *de = g_build_filename (dir, "de", NULL);
  g_remove (mo);
  g_rmdir (messages);
  g_rmdir (de);
  g_rmdir (dir);
  g_free (dir);
}

/* The loader looks each text up, keeps a translation that fits and shows the English
 * for one that does not. */
static void
test_lesson_catalog (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "lessons", "two-circles.json", NULL);
  char *dir = german_with_test_catalog ();
  g_autoptr (GError) error = NULL;
  g_autoptr (ImpLesson) lesson = imp_lesson_load (path, &error);
  g_assert_no_error (error);

  g_assert_cmpstr (lesson->title, ==, "Zwei Kreise");
  /* No translation in the catalog: the English. */
  g_assert_cmpstr (lesson->summary, ==, "A lesson for the player's tests: one goal of each type.");
  const ImpLessonStep *first = imp_lesson_get_step (lesson, 0);
  g_assert_cmpstr (first->text, ==, "Geh zu Bild 3, wo {t|der Stoß} geschieht.");
  g_assert_cmpstr (first->goal.hint, ==, "Drücke dreimal Pfeil rechts.");
  const ImpLessonStep *second = imp_lesson_get_step (lesson, 1);
  /* The translation drops {t} and the hint's 100 became 10: both stay English. */
  g_assert_cmpstr (second->text, ==, "Predict the time of impact {t}.");
  g_assert_cmpstr (second->goal.hint, ==, "The rims are 100 apart and close at 200 per frame.");
  /* Identifiers and the physics stay as they were. */
  g_assert_cmpstr (lesson->id, ==, "test-two-circles");
  g_assert_cmpstr (second->goal.quantity, ==, "t");

  /* The physics' names by context, and a format with a number in the locale's digits. */
  g_assert_cmpstr (imp_i18n_physics_name ("verdict", "hit"), ==, "Treffer");
  g_assert_cmpstr (imp_i18n_physics_name ("verdict", "miss"), ==, "miss");
  g_autofree char *frame = g_strdup_printf (_("Frame %lld"), 12345LL);
  g_assert_cmpstr (frame, ==, "Bild 12345");
  g_autofree char *decimal = g_strdup_printf ("%.2f", 0.25);
  g_assert_cmpstr (decimal, ==, "0,25");
  back_to_c (dir);

  /* Back in the C locale the same file reads in English. */
  g_autoptr (ImpLesson) english = imp_lesson_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (english->title, ==, "Two circles");
}

/* The texts of a lesson the loader translates, in order, with where each is (when
 * @where is not NULL). */
static GPtrArray *
lesson_texts (const ImpLesson *lesson, GPtrArray *where)
{
  GPtrArray *texts = g_ptr_array_new ();
  g_ptr_array_add (texts, lesson->title);
  g_ptr_array_add (texts, lesson->summary);
  if (where != NULL)
    {
      g_ptr_array_add (where, g_strdup_printf ("%s, title", lesson->id));
      g_ptr_array_add (where, g_strdup_printf ("%s, summary", lesson->id));
    }
  for (guint s = 0; s < imp_lesson_n_steps (lesson); s++)
    {
      const ImpLessonStep *step = imp_lesson_get_step (lesson, s);
      const char *keys[] = { "title", "text", "hint" };
      char *values[] = { step->title, step->text, step->goal.hint };
      for (gsize k = 0; k < G_N_ELEMENTS (keys); k++)
        if (values[k] != NULL && values[k][0] != '\0')
          {
            g_ptr_array_add (texts, values[k]);
            if (where != NULL)
              g_ptr_array_add (where,
                               g_strdup_printf ("%s, step %u, %s", lesson->id, s + 1, keys[k]));
          }
    }
  return texts;
}

/* The course through the German catalog the build compiles from po/de.po: every
 * translation the catalog has for a lesson's text is the one the loader shows. One that
 * lost a number, a term or a math span would fall back to the English without a word;
 * this names each such text and what the catalog says for it. */
static void
test_course_german (void)
{
  g_auto (GStrv) uris = imp_lesson_list_shipped ();
  g_autoptr (GPtrArray) english
      = g_ptr_array_new_with_free_func ((GDestroyNotify) imp_lesson_free);
  for (guint i = 0; uris[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      ImpLesson *lesson = imp_lesson_load (uris[i], &error);
      g_assert_no_error (error);
      g_ptr_array_add (english, lesson);
    }

  imp_test_german_locale ();
  g_setenv ("LANGUAGE", "de", TRUE);
  g_assert_nonnull (setlocale (LC_ALL, "de_DE.UTF-8"));
  imp_i18n_init ();
  g_autoptr (GString) fallbacks = g_string_new (NULL);
  guint n_texts = 0, n_translated = 0;
  for (guint i = 0; uris[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) german = imp_lesson_load (uris[i], &error);
      g_assert_no_error (error);
      g_autoptr (GPtrArray) where = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GPtrArray) shown = lesson_texts (german, where);
      g_autoptr (GPtrArray) written = lesson_texts (g_ptr_array_index (english, i), NULL);
      g_assert_cmpuint (shown->len, ==, written->len);
      for (guint t = 0; t < written->len; t++)
        {
          const char *en = g_ptr_array_index (written, t);
          const char *catalog = g_dgettext (GETTEXT_PACKAGE, en);
          n_texts++;
          if (strcmp (catalog, en) == 0)
            continue;
          n_translated++;
          if (strcmp (g_ptr_array_index (shown, t), catalog) != 0)
            g_string_append_printf (fallbacks, "%s: \"%s\" shows the English\n",
                                    (const char *) g_ptr_array_index (where, t), catalog);
        }
    }
  g_test_message ("the course in German: %u of %u texts translated", n_translated, n_texts);
  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C");
  /* The catalog is there and has the course (po/de.po is complete for it). */
  g_assert_cmpuint (n_translated, >, 0);
  g_assert_cmpstr (fallbacks->str, ==, "");
}

/* Runs the program in German or in the C locale; returns its exit status, its stdout and
 * its stderr. */
static int
spawn_program (const char *const *args, gboolean german, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) g_getenv ("IMPULSE_BIN"));
  for (const char *const *a = args; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  g_auto (GStrv) env = g_get_environ ();
  env = g_environ_setenv (env, "LC_ALL", german ? "de_DE.UTF-8" : "C", TRUE);
  env = g_environ_setenv (env, "LANG", german ? "de_DE.UTF-8" : "C", TRUE);
  if (german)
    env = g_environ_setenv (env, "LANGUAGE", "de", TRUE);
  else
    env = g_environ_unsetenv (env, "LANGUAGE");
  int status = -1;
  g_autoptr (GError) error = NULL;
  g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, out, err,
                &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* Runs the program; returns its stdout, asserting exit 0. */
static char *
run_program (const char *const *args, gboolean german)
{
  g_autofree char *out = NULL, *err = NULL;
  if (spawn_program (args, german, &out, &err) != 0)
    g_error ("impulse %s failed: %s", args[0], err);
  return g_steal_pointer (&out);
}

/* The trace is read by programs: a decimal comma would break every one of them. */
static void
test_cli_trace_same_bytes (void)
{
  imp_test_german_locale ();
  g_autofree char *scene = imp_test_scene_path ("seed001-balls-in-box.json");
  const char *args[] = { "run", scene, "--frames", "300", "--jsonl", "--states", NULL };
  g_autofree char *c = run_program (args, FALSE);
  g_autofree char *german = run_program (args, TRUE);
  /* Enough of a trace to have numbers with fractions in it. */
  g_assert_cmpuint (strlen (c), >, 100000);
  g_assert_nonnull (strstr (c, "\"t\":0."));
  g_assert_cmpuint (strlen (german), ==, strlen (c));
  g_assert_true (memcmp (german, c, strlen (c)) == 0);

  /* The text output too (frames=N events=M energy=E hash=H). */
  const char *text_args[] = { "run", scene, "--frames", "300", NULL };
  g_autofree char *c_text = run_program (text_args, FALSE);
  g_autofree char *german_text = run_program (text_args, TRUE);
  g_assert_cmpstr (german_text, ==, c_text);
}

static char *
export_csv (const char *scene, const char *name, const char *data, gboolean german)
{
  g_autofree char *dir = g_dir_make_tmp ("impulse-i18n-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, name, NULL);
  const char *args[] = { "export", scene, "--frames", "0..120", "--data", data, "-o", file,
                         NULL };
  g_autofree char *out = run_program (args, german);
  char *contents = NULL;
  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  g_remove (file);
  g_rmdir (dir);
  return contents;
}

static void
test_cli_export_same_bytes (void)
{
  imp_test_german_locale ();
  g_autofree char *scene = imp_test_scene_path ("seed001-balls-in-box.json");
  const char *tables[] = { "states", "events" };
  for (gsize i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autofree char *c = export_csv (scene, "c.csv", tables[i], FALSE);
      g_autofree char *german = export_csv (scene, "de.csv", tables[i], TRUE);
      g_assert_cmpuint (strlen (c), >, 1000);
      /* Fractions are written with a point, in both. */
      g_assert_nonnull (strstr (c, "."));
      g_assert_cmpstr (german, ==, c);
    }
}

/* `impulse check` in German: its messages in German, the file's objects named so ("der
 * Lektion"), its numbers in the C locale as everything the command line prints (the
 * lesson editor shows the same check in the window, with decimal commas: test-german). */
static void
test_cli_check_german (void)
{
  imp_test_german_locale ();
  g_autofree char *dir = g_dir_make_tmp ("impulse-i18n-XXXXXX", NULL);
  g_autofree char *source = imp_test_scene_path ("seed000-swept-circles.json");
  g_autofree char *scene = g_build_filename (dir, "seed000-swept-circles.json", NULL);
  g_autofree char *scene_text = NULL;
  g_assert_true (g_file_get_contents (source, &scene_text, NULL, NULL));
  g_assert_true (g_file_set_contents (scene, scene_text, -1, NULL));
  g_autofree char *lesson = g_build_filename (dir, "predict.json", NULL);
  /* t is 0.5031672441 (seed 000's swept test of c1 and c2 in frame 0), not 0.3. */
  g_assert_true (g_file_set_contents (
      lesson,
      "{\"impulse-lesson\": 1, \"id\": \"p\", \"title\": \"P\", \"summary\": \"S\",\n"
      " \"topic\": \"swept-quadratic\", \"scene\": \"seed000-swept-circles.json\",\n"
      " \"steps\": [{\"text\": \"Predict t.\", \"goal\": {\"type\": \"predict\", \"frame\": 0,\n"
      "  \"quantity\": \"t\", \"of\": [\"c1\", \"c2\"], \"tolerance\": 0.005, \"expect\": 0.3,\n"
      "  \"hint\": \"Solve it.\"}}]}\n",
      -1, NULL));
  const char *args[] = { "check", lesson, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (spawn_program (args, TRUE, &out, &err), ==, 2);
  g_autofree char *expected
      = g_strdup_printf ("%s:3:43: error: Schritt 1: die erwartete Antwort 0.3 liegt nicht "
                         "innerhalb von 0.005 um 0.5031672441, den Wert t, gemessen auf dem Weg "
                         "der Lektion\n",
                         lesson);
  g_assert_cmpstr (err, ==, expected);

  /* A key missing from the lesson, in German: the object's name too. */
  g_assert_true (g_file_set_contents (lesson, "{\"impulse-lesson\": 1}\n", -1, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (spawn_program (args, TRUE, &out, &err), ==, 2);
  g_autofree char *missing
      = g_strdup_printf ("%s:1:1: error: der nötige Schlüssel \"id\" fehlt in der Lektion\n",
                         lesson);
  g_assert_cmpstr (err, ==, missing);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (spawn_program (args, FALSE, &out, &err), ==, 2);
  g_autofree char *english
      = g_strdup_printf ("%s:1:1: error: missing required key \"id\" in lesson\n", lesson);
  g_assert_cmpstr (err, ==, english);

  g_assert_cmpint (g_remove (lesson), ==, 0);
  g_assert_cmpint (g_remove (scene), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/i18n/physics-names/complete", test_physics_names_complete);
  g_test_add_func ("/i18n/object-names/complete", test_object_names_complete);
  g_test_add_func ("/i18n/number/c-locale", test_number_c_locale);
  g_test_add_func ("/i18n/number/german-locale", test_number_german_locale);
  g_test_add_func ("/i18n/lesson/translation-fits", test_translation_fits);
  g_test_add_func ("/i18n/lesson/catalog-with-english-fallback", test_lesson_catalog);
  g_test_add_func ("/i18n/lesson/course-in-german", test_course_german);
  g_test_add_func ("/i18n/cli/trace-same-bytes-in-german", test_cli_trace_same_bytes);
  g_test_add_func ("/i18n/cli/csv-same-bytes-in-german", test_cli_export_same_bytes);
  g_test_add_func ("/i18n/cli/check-in-german", test_cli_check_german);
  return g_test_run ();
}
