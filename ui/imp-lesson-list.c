/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-list.c: the course's lessons with progress; see the header. */
#include "imp-lesson-list.h"

#include <glib/gi18n.h>

#include "imp-lesson-player.h"
#include "imp-lesson.h"

typedef struct
{
  char *uri;
  char *id;
  char *title;
  char *summary;
  guint n_steps;
  GtkLabel *progress;
} Entry;

struct _ImpLessonList
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkListBox *rows;
  GArray *entries; /* Entry */
  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (ImpLessonList, imp_lesson_list, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_OPEN,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
clear_entry (gpointer data)
{
  Entry *e = data;
  g_free (e->uri);
  g_free (e->id);
  g_free (e->title);
  g_free (e->summary);
}

/**
 * imp_lesson_list_dup_progress_text:
 * @self: a list
 * @i: a lesson's index
 *
 * Returns: (transfer full): "New", "Step 3 of 6" or "Finished"
 */
char *
imp_lesson_list_dup_progress_text (ImpLessonList *self, guint i)
{
  g_return_val_if_fail (i < self->entries->len, NULL);
  const Entry *e = &g_array_index (self->entries, Entry, i);
  int done = imp_lesson_progress_get (self->settings, e->id);

  if (done <= 0)
    return g_strdup (_("New"));
  if ((guint) done >= e->n_steps)
    return g_strdup (_("Finished \u2713"));
  return g_strdup_printf (_("Step %d of %u"), done + 1, e->n_steps);
}

/**
 * imp_lesson_list_refresh:
 * @self: a list
 *
 * Rereads the progress of every lesson.
 */
void
imp_lesson_list_refresh (ImpLessonList *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      g_autofree char *text = imp_lesson_list_dup_progress_text (self, i);
      gtk_label_set_text (g_array_index (self->entries, Entry, i).progress, text);
    }
}

void
imp_lesson_list_set_settings (ImpLessonList *self, GSettings *settings)
{
  g_set_object (&self->settings, settings);
  imp_lesson_list_refresh (self);
}

/**
 * imp_lesson_list_activate:
 * @self: a list
 * @i: a lesson's index
 *
 * Emits "open" with the lesson's URI, as clicking its row does.
 */
void
imp_lesson_list_activate (ImpLessonList *self, guint i)
{
  g_return_if_fail (i < self->entries->len);
  g_signal_emit (self, signals[SIGNAL_OPEN], 0, g_array_index (self->entries, Entry, i).uri);
}

static void
row_activated (GtkListBox *box, GtkListBoxRow *row, ImpLessonList *self)
{
  imp_lesson_list_activate (self, (guint) gtk_list_box_row_get_index (row));
}

static GtkWidget *
row_for (Entry *e, guint number)
{
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 8);
  gtk_widget_set_margin_end (grid, 8);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);

  g_autofree char *heading = g_strdup_printf ("%u. %s", number, e->title);
  GtkWidget *title = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_hexpand (title, TRUE);
  gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 1, 1);

  GtkWidget *progress = gtk_label_new (NULL);
  gtk_widget_add_css_class (progress, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (progress), 1.0);
  gtk_grid_attach (GTK_GRID (grid), progress, 1, 0, 1, 1);
  e->progress = GTK_LABEL (progress);

  GtkWidget *summary = gtk_label_new (e->summary);
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_xalign (GTK_LABEL (summary), 0.0);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 48);
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_grid_attach (GTK_GRID (grid), summary, 0, 1, 2, 1);
  return grid;
}

static void
load_course (ImpLessonList *self)
{
  g_auto (GStrv) uris = imp_lesson_list_shipped ();

  for (guint i = 0; uris != NULL && uris[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ImpLesson) lesson = imp_lesson_load (uris[i], &error);
      if (lesson == NULL)
        {
          /* The tests load every shipped lesson; this is only a safety net. */
          g_warning ("%s", error->message);
          continue;
        }
      Entry e = { g_strdup (uris[i]), g_strdup (lesson->id), g_strdup (lesson->title),
                  g_strdup (lesson->summary), imp_lesson_n_steps (lesson), NULL };
      g_array_append_val (self->entries, e);
      Entry *kept = &g_array_index (self->entries, Entry, self->entries->len - 1);
      gtk_list_box_append (self->rows, row_for (kept, self->entries->len));
    }
}

GtkWidget *
imp_lesson_list_new (void)
{
  return g_object_new (IMP_TYPE_LESSON_LIST, NULL);
}

static void
imp_lesson_list_dispose (GObject *object)
{
  ImpLessonList *self = IMP_LESSON_LIST (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (imp_lesson_list_parent_class)->dispose (object);
}

static void
imp_lesson_list_finalize (GObject *object)
{
  g_array_unref (IMP_LESSON_LIST (object)->entries);
  G_OBJECT_CLASS (imp_lesson_list_parent_class)->finalize (object);
}

static void
imp_lesson_list_class_init (ImpLessonListClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imp_lesson_list_dispose;
  G_OBJECT_CLASS (klass)->finalize = imp_lesson_list_finalize;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  /* A lesson was chosen (its URI). */
  signals[SIGNAL_OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                       NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
imp_lesson_list_init (ImpLessonList *self)
{
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (self->entries, clear_entry);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 560);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  self->rows = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->rows, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->rows, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->rows), "navigation-sidebar");
  g_signal_connect (self->rows, "row-activated", G_CALLBACK (row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->rows));
  load_course (self);
  gtk_widget_set_size_request (GTK_WIDGET (self), 420, -1);
}
