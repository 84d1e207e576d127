/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-export-dialog.c: the export dialog. The preview is drawn by the same
 * function that writes the file (imp_export_draw_page), so what is seen is
 * what is exported. Its controls are read as the command line's options, by the
 * same parser (imp-export-options.h), and a control is sensitive when its
 * option suits the format chosen. */
#include "imp-export-dialog.h"

#include <glib/gi18n.h>

#include "imp-export-options.h"

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
  GtkDropDown *table;
  GtkDropDown *sat_axis; /* all axes, or as stepped with Down on the canvas */
  GtkEntry *title;
  GtkEntry *caption;
  GtkLabel *problem;
  GtkWidget *export;
  /* Each control and its label, by the option it sets (NULL for options it has not). */
  GtkWidget *controls[IMP_EXPORT_N_OPTIONS];
  GtkWidget *labels[IMP_EXPORT_N_OPTIONS];
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

static const double scales[] = { 1.0, 2.0, 3.0 };

/* The formats offered, in the order of the format drop-down: what the exporter
 * writes itself (JSON Lines come from the command line's trace writer). */
static const ImpExportFormat formats[] = {
  IMP_EXPORT_FORMAT_SVG, IMP_EXPORT_FORMAT_PDF, IMP_EXPORT_FORMAT_PNG, IMP_EXPORT_FORMAT_CSV,
};

/* The frames around the playhead's that a strobe (or the data of a strobe) covers. */
#define STROBE_REACH 2

static ImpExportFormat
chosen_format (ImpExportDialog *self)
{
  return formats[MIN (gtk_drop_down_get_selected (self->format), G_N_ELEMENTS (formats) - 1)];
}

/* A choice option's word for the drop-down's item: the items are in the table's order. */
static const char *
chosen_word (GtkDropDown *drop, ImpExportOption option)
{
  const char *const *choices = imp_export_option_info (option)->choices;
  guint selected = gtk_drop_down_get_selected (drop);

  for (guint i = 0; choices[i] != NULL; i++)
    if (i == selected)
      return choices[i];
  return choices[0];
}

/* The axis the canvas has stepped to inside a rigid event's test (just before its response),
 * from 1; 0 when it shows the whole test. */
static int
canvas_sat_step (ImpExportDialog *self)
{
  const PhysStop *stop = imp_session_get_stop (self->session) > 0
                             ? imp_session_get_stop_info (self->session)
                             : NULL;
  if (stop == NULL || stop->kind != PHYS_STOP_BEFORE)
    return 0;
  return imp_view_options_get_sat_step (imp_session_get_view_options (self->session));
}

/* The options the controls say, for the playhead's frame and moment: written as
 * the command line would write them and read by the same parser. */
static gboolean
read_options (ImpExportDialog *self, ImpExportOptions *o, GError **error)
{
  ImpExportFormat format = chosen_format (self);
  const char *values[IMP_EXPORT_N_OPTIONS] = { NULL };
  gint64 frame = imp_session_get_frame (self->session);
  gboolean strobe = gtk_drop_down_get_selected (self->what) == 1;
  gint64 first = MAX (0, frame - STROBE_REACH);
  gint64 last = MAX (frame, MIN (frame + STROBE_REACH, imp_session_get_length (self->session) - 1));
  g_autofree char *frame_text = g_strdup_printf ("%" G_GINT64_FORMAT, frame);
  g_autofree char *range = g_strdup_printf ("%" G_GINT64_FORMAT "..%" G_GINT64_FORMAT, first, last);
  guint s = MIN (gtk_drop_down_get_selected (self->size), G_N_ELEMENTS (sizes) - 1);
  g_autofree char *size = g_strdup_printf ("%dx%d", sizes[s].width, sizes[s].height);
  char scale[G_ASCII_DTOSTR_BUF_SIZE], t[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *event_text = NULL;
  g_autofree char *sat_text = NULL;

  guint k = MIN (gtk_drop_down_get_selected (self->scale), G_N_ELEMENTS (scales) - 1);
  g_ascii_dtostr (scale, sizeof scale, scales[k]);
  if (format == IMP_EXPORT_FORMAT_CSV)
    {
      values[strobe ? IMP_EXPORT_OPTION_FRAMES : IMP_EXPORT_OPTION_FRAME] = strobe ? range
                                                                                  : frame_text;
      values[IMP_EXPORT_OPTION_DATA] = chosen_word (self->table, IMP_EXPORT_OPTION_DATA);
    }
  else
    {
      values[IMP_EXPORT_OPTION_FRAME] = frame_text;
      values[IMP_EXPORT_OPTION_STROBE] = strobe ? range : NULL;
      values[IMP_EXPORT_OPTION_BACKGROUND]
          = chosen_word (self->background, IMP_EXPORT_OPTION_BACKGROUND);
      values[IMP_EXPORT_OPTION_SIZE] = size;
      values[IMP_EXPORT_OPTION_SCALE] = scale;
      const char *title = gtk_editable_get_text (GTK_EDITABLE (self->title));
      const char *caption = gtk_editable_get_text (GTK_EDITABLE (self->caption));
      values[IMP_EXPORT_OPTION_TITLE] = *title != '\0' ? title : NULL;
      values[IMP_EXPORT_OPTION_CAPTION] = *caption != '\0' ? caption : NULL;

      /* The moment the playhead shows: inside the frame at a stop, else its start. */
      const PhysStop *stop = imp_session_get_stop (self->session) > 0
                                 ? imp_session_get_stop_info (self->session)
                                 : NULL;
      int event = imp_session_get_selected_event (self->session);
      if (stop != NULL)
        {
          event = stop->event >= 0 ? stop->event : event;
          switch (stop->kind)
            {
            case PHYS_STOP_BEFORE: values[IMP_EXPORT_OPTION_STOP] = "before"; break;
            case PHYS_STOP_AFTER: values[IMP_EXPORT_OPTION_STOP] = "after"; break;
            case PHYS_STOP_END: values[IMP_EXPORT_OPTION_STOP] = "end"; break;
            default:
              values[IMP_EXPORT_OPTION_T] = g_ascii_dtostr (t, sizeof t, stop->t);
              break;
            }
        }
      if (event >= 0)
        values[IMP_EXPORT_OPTION_EVENT] = event_text = g_strdup_printf ("%d", event);
      /* The separating axes as stepped on the canvas, when it stands inside the test. */
      int step = canvas_sat_step (self);
      if (step > 0 && gtk_drop_down_get_selected (self->sat_axis) == 1)
        values[IMP_EXPORT_OPTION_SAT_AXIS] = sat_text = g_strdup_printf ("%d", step);
    }
  if (!imp_export_options_parse (o, format, values, error))
    return FALSE;
  /* The canvas's overlays, as they are: no names to go through. */
  o->overlays = imp_view_options_get_overlays (imp_session_get_view_options (self->session));
  return TRUE;
}

/* A control is sensitive when its option suits the format chosen. */
static void
follow_format (ImpExportDialog *self)
{
  ImpExportFormat format = chosen_format (self);

  for (int i = 0; i < IMP_EXPORT_N_OPTIONS; i++)
    if (self->controls[i] != NULL)
      {
        gboolean suits = imp_export_option_suits ((ImpExportOption) i, format);
        /* Only a test stepped into has a stepped axis to choose. */
        if (i == IMP_EXPORT_OPTION_SAT_AXIS && self->session != NULL)
          suits = suits && canvas_sat_step (self) > 0;
        gtk_widget_set_sensitive (self->controls[i], suits);
        gtk_widget_set_sensitive (self->labels[i], suits);
      }
}

/* The choice follows the canvas: stepped when it stands on an axis, else all. */
static void
follow_sat_step (ImpExportDialog *self)
{
  gtk_drop_down_set_selected (self->sat_axis, canvas_sat_step (self) > 0 ? 1 : 0);
  follow_format (self);
}

/* Data have no picture: the preview says what the file will hold instead. */
static void
describe_data (cairo_t *cr, int width, int height, const ImpExportOptions *o)
{
  g_autofree char *text = g_strdup_printf (
      o->kind == IMP_EXPORT_KIND_EVENTS
          ? _("The events of frames %lld to %lld, one row each, in a CSV file")
          : _("The positions and velocities of frames %lld to %lld, one row each, in a CSV file"),
      (long long) o->first, (long long) o->last);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (0.8 * width) * PANGO_SCALE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, 0.5 * (width - w), 0.5 * (height - h));
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 1.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* The recording as the export reads it: a copy at each read, never the
 * worker's lock over a whole figure (NULL before anything was loaded). */
static ImpFrames *
recording_frames (ImpExportDialog *self)
{
  return imp_recording_get_frames (imp_session_get_recording (self->session));
}

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  ImpExportDialog *self = data;
  ImpExportOptions o;
  g_autoptr (GError) error = NULL;

  /* A figure would print what a lesson keeps back: it waits like the canvas. */
  if (imp_view_options_get_concealed (imp_session_get_view_options (self->session)))
    return;
  if (!read_options (self, &o, &error))
    {
      gtk_label_set_text (self->problem, error->message);
      return;
    }
  if (imp_export_page_count (&o) == 0)
    {
      describe_data (cr, width, height, &o);
      gtk_label_set_text (self->problem, "");
      return;
    }
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
  ImpFrames *frames = recording_frames (self);
  gboolean done = frames != NULL && imp_export_check (frames, &o, &error)
                  && imp_export_draw_page (cr, frames, &o, 0, &error);
  gtk_label_set_text (self->problem, done || error == NULL ? "" : error->message);
}

static void
changed (ImpExportDialog *self)
{
  follow_format (self);
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
      g_autoptr (GError) error = NULL;
      gboolean written = FALSE;
      if (path != NULL && read_options (self, &o, &error))
        {
          /* The chooser asked before replacing an existing file. */
          o.overwrite = TRUE;
          ImpFrames *frames = recording_frames (self);
          written = frames != NULL && imp_export_to_file (frames, &o, path, &error);
        }
      if (written)
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
  g_autoptr (GError) error = NULL;
  if (!read_options (self, &o, &error))
    {
      gtk_label_set_text (self->problem, error->message);
      return;
    }
  GtkFileChooserNative *chooser
      = gtk_file_chooser_native_new (_("Export the Figure"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  g_autofree char *name = g_strdup_printf (
      "%s-%" G_GINT64_FORMAT ".%s",
      o.kind == IMP_EXPORT_KIND_FIGURE ? "frame" : o.kind == IMP_EXPORT_KIND_STROBE ? "strobe"
                                                                                     : "frames",
      o.kind == IMP_EXPORT_KIND_FIGURE || o.kind == IMP_EXPORT_KIND_STROBE ? o.frame : o.first,
      imp_export_format_name (o.format));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* A row of the grid: a label, then @control; kept by its option when it has one. */
static void
add_row (ImpExportDialog *self, GtkGrid *grid, const char *label, GtkWidget *control,
         ImpExportOption option)
{
  int row = 0;
  while (gtk_grid_get_child_at (grid, 1, row) != NULL)
    row++;
  GtkWidget *name = gtk_label_new (label);
  gtk_label_set_xalign (GTK_LABEL (name), 1.0);
  gtk_widget_add_css_class (name, "dim-label");
  gtk_grid_attach (grid, name, 0, row, 1, 1);
  gtk_grid_attach (grid, control, 1, row, 1, 1);
  if (option < IMP_EXPORT_N_OPTIONS)
    {
      self->controls[option] = control;
      self->labels[option] = name;
    }
}

static GtkDropDown *
choice (ImpExportDialog *self, GtkGrid *grid, const char *label, const char *const *items,
        ImpExportOption option)
{
  /* The items are marked with N_(): shown in the learner's language. */
  guint n = g_strv_length ((char **) items);
  g_autofree const char **shown = g_new0 (const char *, n + 1);
  for (guint i = 0; i < n; i++)
    shown[i] = _(items[i]);
  GtkDropDown *drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (shown));
  add_row (self, grid, label, GTK_WIDGET (drop), option);
  g_signal_connect_swapped (drop, "notify::selected", G_CALLBACK (changed), self);
  return drop;
}

static GtkEntry *
text_field (ImpExportDialog *self, GtkGrid *grid, const char *label, const char *placeholder,
            ImpExportOption option)
{
  GtkEntry *entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (entry, placeholder);
  add_row (self, grid, label, GTK_WIDGET (entry), option);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (changed), self);
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
  gtk_window_set_title (GTK_WINDOW (self), _("Export"));
  /* Closing hides it: the window shows the same dialog next time, with the title and
   * the options chosen before. */
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 980, 560);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);

  GtkWidget *header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  GtkWidget *export = gtk_button_new_with_mnemonic (_("_Export…"));
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
  /* Items in the order of formats[] and of the table's choices (imp-export-options.c). */
  static const char *const what[] = { N_("This moment"), N_("Strobe of 5 frames"), NULL };
  static const char *const format_names[]
      = { N_("SVG (vector)"), N_("PDF (vector)"), N_("PNG (pixels)"), N_("CSV (data)"), NULL };
  static const char *const backgrounds[] = { N_("White"), N_("Dark"), N_("Transparent"), NULL };
  static const char *const size_names[] = { "1200 × 800", "1920 × 1080", "800 × 600", NULL };
  static const char *const scale_names[] = { "1×", N_("2× (sharper pixels, larger pages)"), "3×",
                                             NULL };
  static const char *const tables[] = { N_("Positions and velocities"), N_("Events"), NULL };
  static const char *const sat_axes[] = { N_("All axes"), N_("As stepped with Down"), NULL };
  self->what = choice (self, grid, _("What"), what, IMP_EXPORT_N_OPTIONS);
  self->format = choice (self, grid, _("Format"), format_names, IMP_EXPORT_N_OPTIONS);
  self->background
      = choice (self, grid, _("Background"), backgrounds, IMP_EXPORT_OPTION_BACKGROUND);
  self->size = choice (self, grid, _("Size"), size_names, IMP_EXPORT_OPTION_SIZE);
  self->scale = choice (self, grid, _("Scale"), scale_names, IMP_EXPORT_OPTION_SCALE);
  self->sat_axis
      = choice (self, grid, _("Separating axes"), sat_axes, IMP_EXPORT_OPTION_SAT_AXIS);
  self->title = text_field (self, grid, _("Title"), _("none"), IMP_EXPORT_OPTION_TITLE);
  self->caption = text_field (self, grid, _("Caption"), _("none"), IMP_EXPORT_OPTION_CAPTION);
  self->table = choice (self, grid, _("Table"), tables, IMP_EXPORT_OPTION_DATA);
  self->problem = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (self->problem, TRUE);
  gtk_label_set_xalign (self->problem, 0.0);
  gtk_widget_add_css_class (GTK_WIDGET (self->problem), "error");
  gtk_grid_attach (grid, GTK_WIDGET (self->problem), 0, 9, 2, 1);
  gtk_widget_set_size_request (GTK_WIDGET (grid), 320, -1);

  GtkWidget *body = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (self->preview));
  gtk_box_append (GTK_BOX (body), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (grid));
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), body);
  adw_window_set_content (ADW_WINDOW (self), content);

  follow_format (self);
}

/* While a lesson keeps answers back, nothing is previewed or exported. */
static void
follow_concealed (ImpExportDialog *self)
{
  gboolean kept = imp_view_options_get_concealed (imp_session_get_view_options (self->session));
  gtk_widget_set_sensitive (self->export, !kept);
  gtk_label_set_text (self->problem,
                      kept ? _("The lesson keeps some numbers back until you answer its "
                               "predictions: the figure waits until then (or until you leave "
                               "the lesson).")
                           : "");
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

ImpExportDialog *
imp_export_dialog_new (GtkWindow *parent, ImpSession *session)
{
  ImpExportDialog *self = g_object_new (IMP_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  g_signal_connect_object (imp_session_get_view_options (session), "notify::concealed",
                           G_CALLBACK (follow_concealed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (imp_session_get_view_options (session), "notify::sat-step",
                           G_CALLBACK (follow_sat_step), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::stop", G_CALLBACK (follow_sat_step), self,
                           G_CONNECT_SWAPPED);
  follow_concealed (self);
  follow_sat_step (self);
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

/**
 * imp_export_dialog_get_options:
 * @self: an export dialog
 * @options: (out caller-allocates): what Export would write now
 * @error: why the controls make no export, if they do not
 *
 * Returns: %TRUE when @options was filled in
 */
gboolean
imp_export_dialog_get_options (ImpExportDialog *self, ImpExportOptions *options, GError **error)
{
  return read_options (self, options, error);
}
