/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-dialog.c: the export dialog. The preview is drawn by the same
 * function that writes the file (imp_export_draw_page), so what is seen is
 * what is exported. */
#include "imp-export-dialog.h"

#include "imp-export.h"

struct _ImpExportDialog
{
  AdwWindow parent_instance;

  ImpSession *session;
  GtkDrawingArea *preview;
  GtkDropDown *what;
  GtkDropDown *format;
  GtkDropDown *background;
  GtkDropDown *size;
  GtkDropDown *scale;
  GtkEntry *title;
  GtkEntry *caption;
  GtkLabel *problem;
  GtkWidget *export;
};

G_DEFINE_FINAL_TYPE (ImpExportDialog, imp_export_dialog, ADW_TYPE_WINDOW)

enum
{
  EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const struct
{
  int width, height;
} sizes[] = { { 1200, 800 }, { 1920, 1080 }, { 800, 600 } };

static const char *const extensions[] = { "svg", "pdf", "png" };

static const double scales[] = { 1.0, 2.0, 3.0 };

/* The options the controls say, for the playhead's frame and moment. */
static void
read_options (ImpExportDialog *self, ImpExportOptions *o)
{
  imp_export_options_init (o);
  o->kind = gtk_drop_down_get_selected (self->what) == 1 ? IMP_EXPORT_KIND_STROBE
                                                          : IMP_EXPORT_KIND_FIGURE;
  o->format = (ImpExportFormat) gtk_drop_down_get_selected (self->format);
  o->background = (ImpExportBackground) gtk_drop_down_get_selected (self->background);
  guint s = MIN (gtk_drop_down_get_selected (self->size), G_N_ELEMENTS (sizes) - 1);
  o->width = sizes[s].width;
  o->height = sizes[s].height;
  o->scale = scales[MIN (gtk_drop_down_get_selected (self->scale), G_N_ELEMENTS (scales) - 1)];
  o->overlays = imp_session_get_overlays (self->session);
  o->frame = imp_session_get_frame (self->session);
  const char *title = gtk_editable_get_text (GTK_EDITABLE (self->title));
  const char *caption = gtk_editable_get_text (GTK_EDITABLE (self->caption));
  o->title = *title != '\0' ? title : NULL;
  o->caption = *caption != '\0' ? caption : NULL;

  /* The moment the playhead shows: inside the frame at a stop, else its start. */
  const PhysStop *stop = imp_session_get_stop (self->session) > 0
                             ? imp_session_get_stop_info (self->session)
                             : NULL;
  int event = imp_session_get_selected_event (self->session);
  o->event = event >= 0 ? event : IMP_EXPORT_EVENT_FIRST;
  o->moment = IMP_EXPORT_AT_START;
  if (stop != NULL)
    {
      o->event = stop->event >= 0 ? stop->event : o->event;
      switch (stop->kind)
        {
        case PHYS_STOP_BEFORE: o->moment = IMP_EXPORT_AT_BEFORE; break;
        case PHYS_STOP_AFTER: o->moment = IMP_EXPORT_AT_AFTER; break;
        case PHYS_STOP_END: o->moment = IMP_EXPORT_AT_END; break;
        default:
          o->moment = IMP_EXPORT_AT_TIME;
          o->t = stop->t;
          break;
        }
    }
  if (o->kind == IMP_EXPORT_KIND_STROBE)
    {
      o->first = MAX (0, o->frame - 2);
      o->last = MIN (o->frame + 2, imp_session_get_length (self->session) - 1);
    }
}

/* An export over the recording: the preview's first page, or the file. */
typedef struct
{
  const ImpExportOptions *options;
  cairo_t *cr;      /* the preview's, or NULL */
  const char *path; /* the file's, or NULL */
  gboolean done;
  GError *error;
} ExportJob;

static void
preview_page (PhysTimeline *timeline, gpointer data)
{
  ExportJob *job = data;
  job->done = timeline != NULL && imp_export_check (timeline, job->options, &job->error)
              && imp_export_draw_page (job->cr, timeline, job->options, 0, &job->error);
}

static void
write_file (PhysTimeline *timeline, gpointer data)
{
  ExportJob *job = data;
  job->done = timeline != NULL && imp_export_to_file (timeline, job->options, job->path,
                                                      &job->error);
}

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  ImpExportDialog *self = data;
  ImpExportOptions o;
  read_options (self, &o);
  double fit = MIN (width / (o.width * o.scale), height / (o.height * o.scale));
  cairo_translate (cr, 0.5 * (width - fit * o.width * o.scale),
                   0.5 * (height - fit * o.height * o.scale));
  cairo_scale (cr, fit * o.scale, fit * o.scale);
  /* A checkerboard shows through a transparent page. */
  if (o.background == IMP_EXPORT_BACKGROUND_TRANSPARENT)
    {
      for (int y = 0; y < o.height; y += 20)
        for (int x = 0; x < o.width; x += 20)
          {
            double v = ((x + y) / 20) % 2 ? 0.8 : 0.9;
            cairo_set_source_rgb (cr, v, v, v);
            cairo_rectangle (cr, x, y, 20, 20);
            cairo_fill (cr);
          }
    }
  /* A figure would print what a lesson keeps back: it waits like the canvas. */
  if (imp_session_get_concealed (self->session))
    return;
  ExportJob job = { .options = &o, .cr = cr };
  imp_recording_read (imp_session_get_recording (self->session), preview_page, &job);
  gtk_label_set_text (self->problem, job.done || job.error == NULL ? "" : job.error->message);
  g_clear_error (&job.error);
}

static void
changed (ImpExportDialog *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
chosen (GtkNativeDialog *chooser, int response, ImpExportDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      ImpExportOptions o;
      read_options (self, &o);
      /* The chooser asked before replacing an existing file. */
      o.overwrite = TRUE;
      g_autoptr (GError) error = NULL;
      ExportJob job = { .options = &o, .path = path };
      if (path != NULL)
        imp_recording_read (imp_session_get_recording (self->session), write_file, &job);
      error = job.error;
      if (job.done)
        {
          g_signal_emit (self, signals[EXPORTED], 0, path);
          gtk_window_close (GTK_WINDOW (self));
        }
      else if (error != NULL)
        gtk_label_set_text (self->problem, error->message);
    }
  g_object_unref (chooser);
}

static void
export_clicked (ImpExportDialog *self)
{
  ImpExportOptions o;
  read_options (self, &o);
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (
      "Export the Figure", GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel");
  g_autofree char *name = g_strdup_printf ("%s-%" G_GINT64_FORMAT ".%s",
                                           o.kind == IMP_EXPORT_KIND_STROBE ? "strobe" : "frame",
                                           o.frame, extensions[o.format]);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static GtkDropDown *
choice (GtkGrid *grid, int row, const char *label, const char *const *items)
{
  GtkWidget *name = gtk_label_new (label);
  gtk_label_set_xalign (GTK_LABEL (name), 1.0);
  gtk_widget_add_css_class (name, "dim-label");
  GtkDropDown *drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (items));
  gtk_grid_attach (grid, name, 0, row, 1, 1);
  gtk_grid_attach (grid, GTK_WIDGET (drop), 1, row, 1, 1);
  return drop;
}

static GtkEntry *
text_field (GtkGrid *grid, int row, const char *label, const char *placeholder)
{
  GtkWidget *name = gtk_label_new (label);
  gtk_label_set_xalign (GTK_LABEL (name), 1.0);
  gtk_widget_add_css_class (name, "dim-label");
  GtkEntry *entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (entry, placeholder);
  gtk_grid_attach (grid, name, 0, row, 1, 1);
  gtk_grid_attach (grid, GTK_WIDGET (entry), 1, row, 1, 1);
  return entry;
}

static void
imp_export_dialog_dispose (GObject *object)
{
  ImpExportDialog *self = IMP_EXPORT_DIALOG (object);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (imp_export_dialog_parent_class)->dispose (object);
}

static void
imp_export_dialog_class_init (ImpExportDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imp_export_dialog_dispose;
  signals[EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
imp_export_dialog_init (ImpExportDialog *self)
{
  gtk_window_set_title (GTK_WINDOW (self), "Export");
  /* Closing hides it: the window shows the same dialog next time, with the title and
   * the options chosen before. */
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 980, 560);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);

  GtkWidget *header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  GtkWidget *cancel = gtk_button_new_with_mnemonic ("_Cancel");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  GtkWidget *export = gtk_button_new_with_mnemonic ("_Export…");
  self->export = export;
  gtk_widget_add_css_class (export, "suggested-action");
  g_signal_connect_swapped (export, "clicked", G_CALLBACK (export_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);

  self->preview = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->preview), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->preview), TRUE);
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);

  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 8);
  gtk_grid_set_column_spacing (grid, 10);
  gtk_widget_set_margin_start (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (grid), 12);
  static const char *const what[] = { "This moment", "Strobe of 5 frames", NULL };
  static const char *const formats[] = { "SVG (vector)", "PDF (vector)", "PNG (pixels)", NULL };
  static const char *const backgrounds[] = { "White", "Dark", "Transparent", NULL };
  static const char *const size_names[] = { "1200 × 800", "1920 × 1080", "800 × 600", NULL };
  self->what = choice (grid, 0, "What", what);
  self->format = choice (grid, 1, "Format", formats);
  self->background = choice (grid, 2, "Background", backgrounds);
  static const char *const scale_names[] = { "1×", "2× (sharper pixels, larger pages)", "3×",
                                             NULL };
  self->size = choice (grid, 3, "Size", size_names);
  self->scale = choice (grid, 4, "Scale", scale_names);
  self->title = text_field (grid, 5, "Title", "none");
  self->caption = text_field (grid, 6, "Caption", "none");
  self->problem = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (self->problem, TRUE);
  gtk_label_set_xalign (self->problem, 0.0);
  gtk_widget_add_css_class (GTK_WIDGET (self->problem), "error");
  gtk_grid_attach (grid, GTK_WIDGET (self->problem), 0, 7, 2, 1);
  gtk_widget_set_size_request (GTK_WIDGET (grid), 320, -1);

  GtkWidget *body = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (self->preview));
  gtk_box_append (GTK_BOX (body), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (grid));
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), body);
  adw_window_set_content (ADW_WINDOW (self), content);

  GtkDropDown *drops[] = { self->what, self->format, self->background, self->size, self->scale };
  for (gsize i = 0; i < G_N_ELEMENTS (drops); i++)
    g_signal_connect_swapped (drops[i], "notify::selected", G_CALLBACK (changed), self);
  g_signal_connect_swapped (self->title, "changed", G_CALLBACK (changed), self);
  g_signal_connect_swapped (self->caption, "changed", G_CALLBACK (changed), self);
}

/* While a lesson keeps answers back, nothing is previewed or exported. */
static void
follow_concealed (ImpExportDialog *self)
{
  gboolean kept = imp_session_get_concealed (self->session);
  gtk_widget_set_sensitive (self->export, !kept);
  gtk_label_set_text (self->problem,
                      kept ? "The lesson keeps some numbers back until you answer its "
                             "predictions: the figure waits until then (or until you leave "
                             "the lesson)."
                           : "");
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

ImpExportDialog *
imp_export_dialog_new (GtkWindow *parent, ImpSession *session)
{
  ImpExportDialog *self = g_object_new (IMP_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "notify::concealed", G_CALLBACK (follow_concealed), self,
                           G_CONNECT_SWAPPED);
  follow_concealed (self);
  return self;
}

/**
 * imp_export_dialog_get_problem:
 * @self: an export dialog
 * @export: (out) (optional) (transfer none): its Export button
 *
 * Returns: (transfer none): the label that says why nothing is drawn (for tests)
 */
GtkLabel *
imp_export_dialog_get_problem (ImpExportDialog *self, GtkWidget **export)
{
  if (export != NULL)
    *export = self->export;
  return self->problem;
}
