/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-list.c: the course's lessons with progress, then the lesson packs'
 * (folders added with "Add Lesson Folder…"); see the header. */
#include "imp-lesson-list.h"

#include <glib/gi18n.h>

#include "imp-lesson-pack.h"
#include "imp-lesson-player.h"
#include "imp-lesson.h"

#define FOLDERS_KEY "lesson-folders"

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

  GtkWidget *box;      /* the scroller and the add button */
  GtkWidget *scroller;
  GtkListBox *rows;
  GArray *entries;     /* Entry: the course's lessons, then the packs' */
  guint n_course;      /* how many of them are the course's */
  GPtrArray *pack_rows; /* the rows of the packs (headings, lessons, errors) */
  GSettings *settings;
  GStrv folders;       /* the packs without settings (tests, no schema installed) */
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

static void load_packs (ImpLessonList *self);

void
imp_lesson_list_set_settings (ImpLessonList *self, GSettings *settings)
{
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    g_signal_connect_swapped (settings, "changed::" FOLDERS_KEY, G_CALLBACK (load_packs), self);
  load_packs (self);
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

/* A row's lesson: its index among the entries plus one, 0 for a row of none. */
#define ENTRY_KEY "impulse-entry"

static void
row_activated (GtkListBox *box, GtkListBoxRow *row, ImpLessonList *self)
{
  guint entry = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), ENTRY_KEY));
  if (entry > 0)
    imp_lesson_list_activate (self, entry - 1);
}

static GtkWidget *
entry_row (ImpLessonList *self, GtkWidget *child)
{
  GtkWidget *row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  g_object_set_data (G_OBJECT (row), ENTRY_KEY, GUINT_TO_POINTER (self->entries->len));
  return row;
}

static GtkWidget *
row_for (Entry *e, guint number)
{
  g_autofree char *numbered = number > 0 ? g_strdup_printf ("%u. %s", number, e->title)
                                         : g_strdup (e->title);
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 8);
  gtk_widget_set_margin_end (grid, 8);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);

  GtkWidget *title = gtk_label_new (numbered);
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

/* Lists a lesson (numbered when number > 0); returns its row. */
static GtkWidget *
add_entry (ImpLessonList *self, const char *uri, const ImpLesson *lesson, guint number)
{
  Entry e = { g_strdup (uri), g_strdup (lesson->id), g_strdup (lesson->title),
              g_strdup (lesson->summary), imp_lesson_n_steps (lesson), NULL };
  g_array_append_val (self->entries, e);
  Entry *kept = &g_array_index (self->entries, Entry, self->entries->len - 1);
  GtkWidget *row = entry_row (self, row_for (kept, number));
  gtk_list_box_append (self->rows, row);
  return row;
}

/* Packs */

static char **
folders (ImpLessonList *self)
{
  return self->settings != NULL ? g_settings_get_strv (self->settings, FOLDERS_KEY)
                                : g_strdupv (self->folders);
}

static void
set_folders (ImpLessonList *self, char **list)
{
  if (self->settings != NULL)
    g_settings_set_strv (self->settings, FOLDERS_KEY, (const char *const *) list);
  else
    {
      g_strfreev (self->folders);
      self->folders = g_strdupv (list);
      load_packs (self);
    }
}

static void
remove_folder_clicked (GtkButton *button, ImpLessonList *self)
{
  imp_lesson_list_remove_folder (self, g_object_get_data (G_OBJECT (button), "folder"));
}

static GtkWidget *
plain_row (ImpLessonList *self, GtkWidget *child)
{
  GtkWidget *row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_append (self->rows, row);
  g_ptr_array_add (self->pack_rows, row);
  return row;
}

/* A pack's heading: its folder's name and path, and a button that removes it. */
static void
add_pack_heading (ImpLessonList *self, const char *dir)
{
  GtkWidget *grid = gtk_grid_new ();
  g_autofree char *name = g_path_get_basename (dir);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *path = gtk_label_new (dir);
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 8);
  gtk_widget_set_margin_end (grid, 8);
  gtk_widget_set_margin_top (grid, 14);
  gtk_widget_set_margin_bottom (grid, 2);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_widget_set_hexpand (title, TRUE);
  gtk_label_set_xalign (GTK_LABEL (path), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (path), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (path, "dim-label");
  gtk_widget_add_css_class (path, "caption");
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, _("Remove This Folder from the List"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove This Folder from the List"), -1);
  g_object_set_data_full (G_OBJECT (remove), "folder", g_strdup (dir), g_free);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_folder_clicked), self);
  gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), path, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), remove, 1, 0, 1, 2);
  plain_row (self, grid);
}

/* A file of the pack that does not load: the loader's whole message. */
static void
add_pack_error (ImpLessonList *self, const char *message)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *label = gtk_label_new (message);

  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Does not load"), -1);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "warning");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  plain_row (self, box);
}

/* The packs' rows, made again from the folders (after the course's). */
static void
load_packs (ImpLessonList *self)
{
  g_auto (GStrv) dirs = folders (self);

  for (guint i = 0; i < self->pack_rows->len; i++)
    gtk_list_box_remove (self->rows, self->pack_rows->pdata[i]);
  g_ptr_array_set_size (self->pack_rows, 0);
  g_array_set_size (self->entries, self->n_course);
  for (guint i = 0; dirs != NULL && dirs[i] != NULL; i++)
    {
      g_autoptr (ImpLessonPack) pack = imp_lesson_pack_load (dirs[i]);
      add_pack_heading (self, dirs[i]);
      if (pack->error != NULL)
        {
          g_autofree char *what
              = g_strdup_printf (_("cannot read the folder: %s"), pack->error->message);
          g_autofree char *said = g_strdup_printf ("%s: error: %s", dirs[i], what);
          add_pack_error (self, said);
        }
      else if (pack->entries->len == 0)
        add_pack_error (self, _("No lesson in this folder."));
      for (guint k = 0; k < pack->entries->len; k++)
        {
          const ImpLessonPackEntry *entry = &g_array_index (pack->entries, ImpLessonPackEntry, k);
          if (entry->lesson != NULL)
            g_ptr_array_add (self->pack_rows, add_entry (self, entry->path, entry->lesson, 0));
          else
            add_pack_error (self, entry->error->message);
        }
    }
  imp_lesson_list_refresh (self);
}

/**
 * imp_lesson_list_add_folder:
 * @self: a list
 * @dir: a folder of lessons and their scenes
 *
 * Adds a lesson pack to the list (and to the "lesson-folders" setting, so
 * that it stays); a folder already listed stays where it is.
 */
void
imp_lesson_list_add_folder (ImpLessonList *self, const char *dir)
{
  g_auto (GStrv) dirs = folders (self);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  if (dirs != NULL && g_strv_contains ((const char *const *) dirs, dir))
    return;
  if (dirs != NULL)
    g_strv_builder_addv (builder, (const char **) dirs);
  g_strv_builder_add (builder, dir);
  g_auto (GStrv) list = g_strv_builder_end (builder);
  set_folders (self, list);
}

/**
 * imp_lesson_list_remove_folder:
 * @self: a list
 * @dir: a folder it lists
 *
 * Takes a lesson pack off the list (its files stay where they are).
 */
void
imp_lesson_list_remove_folder (ImpLessonList *self, const char *dir)
{
  g_auto (GStrv) dirs = folders (self);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; dirs != NULL && dirs[i] != NULL; i++)
    if (g_strcmp0 (dirs[i], dir) != 0)
      g_strv_builder_add (builder, dirs[i]);
  g_auto (GStrv) list = g_strv_builder_end (builder);
  set_folders (self, list);
}

/**
 * imp_lesson_list_get_n_lessons:
 * @self: a list
 *
 * Returns: how many lessons it lists (the course's first, then the packs')
 */
guint
imp_lesson_list_get_n_lessons (ImpLessonList *self)
{
  return self->entries->len;
}

static void
folder_chosen (GtkNativeDialog *dialog, int response, ImpLessonList *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      if (path != NULL)
        imp_lesson_list_add_folder (self, path);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
add_folder_clicked (ImpLessonList *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _("Add a Folder of Lessons"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add"), _("_Cancel"));
  g_signal_connect (dialog, "response", G_CALLBACK (folder_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
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
      add_entry (self, uris[i], lesson, self->entries->len + 1);
    }
  self->n_course = self->entries->len;
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

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (imp_lesson_list_parent_class)->dispose (object);
}

static void
imp_lesson_list_finalize (GObject *object)
{
  ImpLessonList *self = IMP_LESSON_LIST (object);

  g_array_unref (self->entries);
  g_ptr_array_unref (self->pack_rows);
  g_strfreev (self->folders);
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
  self->pack_rows = g_ptr_array_new ();
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 560);
  gtk_box_append (GTK_BOX (self->box), self->scroller);
  self->rows = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->rows, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->rows, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->rows), "navigation-sidebar");
  g_signal_connect (self->rows, "row-activated", G_CALLBACK (row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->rows));
  load_course (self);
  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add Lesson Folder…"));
  gtk_widget_set_tooltip_text (add, _("List the lessons of a folder (a lesson pack) here too"));
  gtk_widget_set_halign (add, GTK_ALIGN_START);
  gtk_widget_add_css_class (add, "flat");
  g_signal_connect_swapped (add, "clicked", G_CALLBACK (add_folder_clicked), self);
  gtk_box_append (GTK_BOX (self->box), add);
  gtk_widget_set_size_request (GTK_WIDGET (self), 420, -1);
}
