/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-application.c: the graphical application: one window per scene opened,
 * where the learner left off when started without one, accelerators, about. */
#include "imp-application.h"

#include <glib/gi18n.h>

#include "imp-window.h"

struct _ImpApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (ImpApplication, imp_application, ADW_TYPE_APPLICATION)

static void
imp_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      ImpWindow *win = imp_window_new (GTK_APPLICATION (app));
      /* A new window goes on where the learner left off (the course's first
       * lesson the first time). */
      imp_window_open_where_left_off (win);
      window = GTK_WINDOW (win);
    }
  gtk_window_present (window);
}

static void
imp_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      ImpWindow *win = imp_window_new (GTK_APPLICATION (app));
      g_autofree char *path = g_file_get_path (files[i]);
      g_autofree char *uri = path == NULL ? g_file_get_uri (files[i]) : NULL;
      imp_window_open (win, path != NULL ? path : uri);
      gtk_window_present (GTK_WINDOW (win));
    }
}

static void
show_about (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkApplication *app = data;
  const char *developers[] = { _("The Impulse developers"), NULL };
  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", "Impulse",
                         "application-icon", "org.impulselab.Impulse",
                         "version", IMPULSE_VERSION,
                         "comments", _("Learn 2D collision physics by debugging it."),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
imp_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (imp_application_parent_class)->startup (app);

  static const GActionEntry entries[] = { { "about", show_about, NULL, NULL, NULL, { 0 } } };
  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);

  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    /* Keys a text field also uses (arrows, space, letters, + and -) are the
     * window's own, answered only when the focused widget does not use them:
     * see imp-window.c. */
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.bookmark", { "<Control>b", NULL } },
    { "win.export", { "<Control>e", NULL } },
    { "win.toggle-inspector", { "F9", NULL } },
    { "win.toggle-plots", { "F8", NULL } },
    { "win.lessons", { "F1", NULL } },
    { "win.lesson-next", { "Page_Down", NULL } },
    { "win.lesson-back", { "Page_Up", NULL } },
    { "win.lesson-show-me", { "<Control>m", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);
}

static void
imp_application_class_init (ImpApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  app_class->activate = imp_application_activate;
  app_class->open = imp_application_open;
  app_class->startup = imp_application_startup;
}

static void
imp_application_init (ImpApplication *self)
{
}

ImpApplication *
imp_application_new (void)
{
  return g_object_new (IMP_TYPE_APPLICATION, "application-id", "org.impulselab.Impulse",
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/org/impulselab/Impulse", NULL);
}
