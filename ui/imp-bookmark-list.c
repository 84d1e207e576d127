/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-bookmark-list.c: one row a bookmark: its frame (click to jump there), its
 * note (edited in place, saved with the session) and a button that removes it.
 * The rows follow the session's bookmarks: rebuilt when one is added or removed
 * or a session is loaded. */
#include "imp-bookmark-list.h"

#include <glib/gi18n.h>

struct _ImpBookmarkList
{
  GtkWidget parent_instance;
  ImpSession *session;
  GtkWidget *box;      /* the add button, the empty-state label and the rows */
  GtkWidget *empty;    /* shown when there is no bookmark */
  GtkListBox *rows;
};

G_DEFINE_FINAL_TYPE (ImpBookmarkList, imp_bookmark_list, GTK_TYPE_WIDGET)

/* Which bookmark a row's widgets belong to. */
static int
bookmark_index (GtkWidget *widget)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "bookmark"));
}

static void
jump (GtkButton *button, ImpBookmarkList *self)
{
  gint64 frame;
  g_autofree char *note = imp_session_dup_bookmark (self->session, bookmark_index (GTK_WIDGET (button)), &frame);
  if (note != NULL)
    imp_session_set_frame (self->session, frame);
}

static void
note_changed (GtkEditable *entry, ImpBookmarkList *self)
{
  imp_session_set_bookmark_note (self->session, bookmark_index (GTK_WIDGET (entry)),
                                 gtk_editable_get_text (entry));
}

static void
remove_clicked (GtkButton *button, ImpBookmarkList *self)
{
  imp_session_remove_bookmark (self->session, bookmark_index (GTK_WIDGET (button)));
}

static GtkWidget *
tagged (GtkWidget *widget, int i)
{
  g_object_set_data (G_OBJECT (widget), "bookmark", GINT_TO_POINTER (i));
  return widget;
}

static GtkWidget *
bookmark_row (ImpBookmarkList *self, int i, gint64 frame, const char *note)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *label = g_strdup_printf (_("Frame %lld"), (long long) frame);
  GtkWidget *go = tagged (gtk_button_new_with_label (label), i);
  gtk_widget_add_css_class (go, "flat");
  gtk_widget_set_tooltip_text (go, _("Jump to this frame"));
  gtk_widget_set_size_request (go, 110, -1);
  g_signal_connect (go, "clicked", G_CALLBACK (jump), self);
  gtk_box_append (GTK_BOX (row), go);

  GtkWidget *entry = tagged (gtk_entry_new (), i);
  gtk_editable_set_text (GTK_EDITABLE (entry), note);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Note"));
  gtk_widget_set_hexpand (entry, TRUE);
  g_signal_connect (entry, "changed", G_CALLBACK (note_changed), self);
  gtk_box_append (GTK_BOX (row), entry);

  GtkWidget *remove = tagged (gtk_button_new_from_icon_name ("user-trash-symbolic"), i);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove this bookmark"));
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked), self);
  gtk_box_append (GTK_BOX (row), remove);
  return row;
}

static void
rebuild (ImpBookmarkList *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->rows))) != NULL)
    gtk_list_box_remove (self->rows, child);
  int n = self->session != NULL ? imp_session_get_n_bookmarks (self->session) : 0;
  for (int i = 0; i < n; i++)
    {
      gint64 frame;
      g_autofree char *note = imp_session_dup_bookmark (self->session, i, &frame);
      if (note != NULL)
        gtk_list_box_append (self->rows, bookmark_row (self, i, frame, note));
    }
  gtk_widget_set_visible (self->empty, n == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->rows), n > 0);
}

void
imp_bookmark_list_set_session (ImpBookmarkList *self, ImpSession *session)
{
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session != NULL)
    g_signal_connect_swapped (session, "notify::n-bookmarks", G_CALLBACK (rebuild), self);
  rebuild (self);
}

static void
imp_bookmark_list_dispose (GObject *object)
{
  ImpBookmarkList *self = IMP_BOOKMARK_LIST (object);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (imp_bookmark_list_parent_class)->dispose (object);
}

static void
imp_bookmark_list_class_init (ImpBookmarkListClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imp_bookmark_list_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "bookmarklist");
}

static void
imp_bookmark_list_init (ImpBookmarkList *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Bookmark This Frame"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "win.bookmark");
  gtk_box_append (GTK_BOX (self->box), add);

  self->empty = gtk_label_new (_("No bookmarks yet. Ctrl+B marks the frame under the "
                                 "playhead; the mark shows on the timeline bar."));
  gtk_label_set_wrap (GTK_LABEL (self->empty), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->empty), 36);
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->empty);

  self->rows = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->rows, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->rows), "boxed-list");
  gtk_widget_set_size_request (GTK_WIDGET (self->rows), 360, -1);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->rows));
  rebuild (self);
}

GtkWidget *
imp_bookmark_list_new (void)
{
  return g_object_new (IMP_TYPE_BOOKMARK_LIST, NULL);
}
