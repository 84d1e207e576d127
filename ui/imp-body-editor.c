/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-body-editor.c: the form that edits one body; see the header. Its frame is
 * imp-body-editor.ui; the fields are built here from imp-body-fields.c's tables. */
#include "imp-body-editor.h"
#include "imp-sleep-text.h"

#include <glib/gi18n.h>

#include "imp-body-fields.h"
#include "imp-i18n.h"
#include "impulse-ui-resources.h"

#define MAX_FIELDS 12
/* One grid of fields a kind of body: circle, segment, probe, polygon, curve. */
#define N_TABLES 5
/* The bodies with a fixed flag and an integrator: circles (0) and polygons (1). */
#define N_MOVERS 2

struct _ImpBodyEditor
{
  GtkWidget parent_instance;

  ImpSession *session;
  char name[PHYS_NAME_MAX]; /* the body shown ("" for none) */
  PhysBodyKind kind;
  gboolean updating;         /* values being put into the widgets, not typed */
  gboolean new_body;         /* another body since the last refresh: nothing typed counts */
  char *message;

  GtkWidget *box;
  GtkLabel *title;
  GtkWidget *delete_button;
  GtkWidget *grids[N_TABLES]; /* circle, segment, probe, polygon, curve */
  GtkEntry *entries[N_TABLES][MAX_FIELDS];
  char *shown[N_TABLES][MAX_FIELDS]; /* what each entry was last given */
  GtkCheckButton *fixed[N_MOVERS];
  GtkCheckButton *collides;
  GtkDropDown *integrator[N_MOVERS];
  GtkDropDown *response;
  GtkLabel *shape; /* a polygon's vertices, area and moment of inertia, to read */
  GtkLabel *error;
};

G_DEFINE_FINAL_TYPE (ImpBodyEditor, imp_body_editor, GTK_TYPE_WIDGET)

static int
table (PhysBodyKind kind)
{
  switch (kind)
    {
    case PHYS_BODY_SEGMENT: return 1;
    case PHYS_BODY_PROBE: return 2;
    case PHYS_BODY_POLYGON: return 3;
    case PHYS_BODY_CURVE: return 4;
    case PHYS_BODY_CIRCLE:
    default: return 0;
    }
}

/* The entry of field key in a kind's grid. */
static GtkWidget *
entry_of (ImpBodyEditor *self, PhysBodyKind kind, const char *key)
{
  const ImpBodyField *field = imp_body_field_lookup (kind, key);
  int n;
  const ImpBodyField *fields = imp_body_fields (kind, &n);
  return GTK_WIDGET (self->entries[table (kind)][field - fields]);
}

/* The world at the playhead and the shown body in it; FALSE when it is gone. */
static gboolean
current (ImpBodyEditor *self, const PhysWorld **world, PhysBodyRef *body)
{
  if (self->session == NULL || self->name[0] == '\0')
    return FALSE;
  ImpSessionView now;
  imp_session_get_view (self->session, &now);
  *world = now.world;
  return now.world != NULL && phys_world_find (now.world, self->name, body)
         && body->kind == self->kind && imp_body_is_editable (now.world, *body);
}

static void
say (ImpBodyEditor *self, const char *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_text (self->error, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error), message != NULL);
}

static void
mark_entry (GtkEntry *entry, gboolean bad)
{
  if (bad)
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
}

/* Applies an edit at the playhead; says why when the world refuses it. */
static gboolean
commit (ImpBodyEditor *self, const PhysEdit *edit)
{
  g_autoptr (GError) error = NULL;
  gboolean applied = imp_session_apply_edit (self->session, edit, &error);
  say (self, applied ? NULL : error->message);
  return applied;
}

static void
apply_entry (ImpBodyEditor *self, GtkEntry *entry)
{
  const PhysWorld *world;
  PhysBodyRef body;
  if (self->updating || !current (self, &world, &body))
    return;
  int t = table (self->kind), n;
  const ImpBodyField *fields = imp_body_fields (self->kind, &n);
  for (int i = 0; i < n; i++)
    {
      if (self->entries[t][i] != entry)
        continue;
      const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
      if (g_strcmp0 (text, self->shown[t][i]) == 0)
        {
          /* Back to what the body has (after a refused value, say): nothing to do. */
          if (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"))
            {
              mark_entry (entry, FALSE);
              say (self, NULL);
            }
          return;
        }
      g_autoptr (GError) error = NULL;
      double value;
      PhysEdit edit;
      if (!imp_body_field_parse (&fields[i], text, &value, &error)
          || !imp_body_field_edit (world, body, &fields[i], value, &edit, &error))
        {
          /* The typed text stays, marked, for correcting. */
          mark_entry (entry, TRUE);
          say (self, error->message);
          return;
        }
      mark_entry (entry, FALSE);
      if (value == imp_body_field_get (world, body, &fields[i]))
        {
          /* Same number, other spelling: no edit, just show it as the form does. */
          g_autofree char *same = imp_body_field_format (value);
          self->updating = TRUE;
          gtk_editable_set_text (GTK_EDITABLE (entry), same);
          g_free (self->shown[t][i]);
          self->shown[t][i] = g_strdup (same);
          self->updating = FALSE;
          say (self, NULL);
          return;
        }
      /* Taken as shown before the edit, so the refresh it causes puts the
       * body's new value in its own spelling; back if it is refused. */
      char *before = self->shown[t][i];
      self->shown[t][i] = g_strdup (text);
      if (!commit (self, &edit))
        {
          mark_entry (entry, TRUE);
          g_free (self->shown[t][i]);
          self->shown[t][i] = before;
        }
      else
        g_free (before);
      return;
    }
}

static void
entry_activated (GtkEntry *entry, ImpBodyEditor *self)
{
  apply_entry (self, entry);
}

static void
entry_left (GtkEventControllerFocus *focus, ImpBodyEditor *self)
{
  apply_entry (self, GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus))));
}

static void
choice_changed (ImpBodyEditor *self)
{
  const PhysWorld *world;
  PhysBodyRef body;
  if (self->updating || !current (self, &world, &body))
    return;
  PhysEdit edit;
  if (body.kind == PHYS_BODY_CIRCLE)
    {
      edit = imp_body_edit_circle (world, body.index,
                                   PHYS_EDIT_FIXED | PHYS_EDIT_COLLIDES | PHYS_EDIT_INTEGRATOR);
      edit.fixed = gtk_check_button_get_active (self->fixed[0]);
      edit.collides = gtk_check_button_get_active (self->collides);
      edit.integrator
          = (PhysIntegrator) ((int) gtk_drop_down_get_selected (self->integrator[0]) - 1);
      PhysCircle c = phys_world_get_circle (world, body.index);
      if (edit.fixed == c.fixed && edit.collides == c.collides && edit.integrator == c.integrator)
        return;
    }
  else if (body.kind == PHYS_BODY_POLYGON)
    {
      edit = imp_body_edit_polygon (world, body.index, PHYS_EDIT_FIXED | PHYS_EDIT_INTEGRATOR);
      edit.fixed = gtk_check_button_get_active (self->fixed[1]);
      edit.integrator
          = (PhysIntegrator) ((int) gtk_drop_down_get_selected (self->integrator[1]) - 1);
      PhysPolygonBody p = phys_world_get_polygon (world, body.index);
      if (edit.fixed == p.fixed && edit.integrator == p.integrator)
        return;
    }
  else if (body.kind == PHYS_BODY_SEGMENT)
    {
      edit = imp_body_edit_segment (world, body.index, PHYS_EDIT_RESPONSE);
      edit.response = (PhysResponse) gtk_drop_down_get_selected (self->response);
      if (edit.response == phys_world_get_segment (world, body.index).response)
        return;
    }
  else
    return;
  commit (self, &edit);
}

static void
delete_clicked (ImpBodyEditor *self)
{
  const PhysWorld *world;
  PhysBodyRef body;
  if (!current (self, &world, &body))
    return;
  PhysEdit edit = imp_body_edit_remove (world, body);
  /* Removing renumbers the bodies after it: the selection would name another. */
  if (commit (self, &edit))
    imp_session_select_body (self->session, (PhysBodyRef) { PHYS_BODY_CIRCLE, -1 }, FALSE);
}

static void
refresh (ImpBodyEditor *self)
{
  const PhysWorld *world;
  PhysBodyRef body;
  gboolean shown = current (self, &world, &body);
  gtk_widget_set_visible (self->box, shown);
  if (!shown)
    return;
  self->updating = TRUE;
  int t = table (self->kind), n;
  const ImpBodyField *fields = imp_body_fields (self->kind, &n);
  for (int i = 0; i < n; i++)
    {
      GtkEntry *entry = self->entries[t][i];
      const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
      /* Keep what the learner is typing (the focus is in the entry's text) or a
       * refused value being corrected, unless the form shows another body now. */
      gboolean typing
          = !self->new_body && g_strcmp0 (text, self->shown[t][i]) != 0
            && ((gtk_widget_get_state_flags (GTK_WIDGET (entry)) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0
                || gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
      if (typing)
        continue;
      g_autofree char *value = imp_body_field_format (imp_body_field_get (world, body, &fields[i]));
      gtk_editable_set_text (GTK_EDITABLE (entry), value);
      g_free (self->shown[t][i]);
      self->shown[t][i] = g_strdup (value);
    }
  self->new_body = FALSE;
  for (int g = 0; g < N_TABLES; g++)
    gtk_widget_set_visible (self->grids[g], t == g);
  /* Probes can be moved and turned, not removed. */
  gtk_widget_set_visible (self->delete_button, body.kind != PHYS_BODY_PROBE);
  if (body.kind == PHYS_BODY_CIRCLE || body.kind == PHYS_BODY_POLYGON)
    {
      int m = body.kind == PHYS_BODY_CIRCLE ? 0 : 1;
      gboolean fixed;
      PhysIntegrator integrator;
      if (m == 0)
        {
          PhysCircle c = phys_world_get_circle (world, body.index);
          fixed = c.fixed;
          integrator = c.integrator;
          gtk_check_button_set_active (self->collides, c.collides);
        }
      else
        {
          PhysPolygonBody p = phys_world_get_polygon (world, body.index);
          fixed = p.fixed;
          integrator = p.integrator;
          g_autofree char *area = imp_body_field_format (p.area);
          g_autofree char *inertia = imp_body_field_format (p.inertia);
          g_autofree char *shape = g_strdup_printf (
              ngettext ("%d vertex, area %s, moment of inertia %s",
                        "%d vertices, area %s, moment of inertia %s", p.shape.count),
              p.shape.count, area, inertia);
          g_autofree char *sleep = imp_sleep_text (world, body.index);
          g_autofree char *text = sleep != NULL ? g_strdup_printf ("%s\n%s", shape, sleep)
                                                : g_strdup (shape);
          gtk_label_set_text (self->shape, text);
        }
      gtk_check_button_set_active (self->fixed[m], fixed);
      gtk_drop_down_set_selected (self->integrator[m], (guint) (integrator + 1));
      /* A fixed body has no velocity to give. */
      static const char *const moving[] = { "vx", "vy", "omega" };
      for (gsize k = 0; k < G_N_ELEMENTS (moving); k++)
        gtk_widget_set_sensitive (entry_of (self, body.kind, moving[k]), !fixed);
    }
  else if (body.kind == PHYS_BODY_SEGMENT)
    gtk_drop_down_set_selected (self->response,
                                (guint) phys_world_get_segment (world, body.index).response);
  self->updating = FALSE;

  g_autofree char *edit = g_strdup_printf (_("Edit %s"), self->name);
  g_autofree char *title
      = g_strdup_printf ("<b>%s</b> <span alpha='70%%'>(%s)</span>", edit,
                         imp_i18n_physics_name ("body", phys_body_kind_name (body.kind)));
  gtk_label_set_markup (self->title, title);
}

void
imp_body_editor_show_body (ImpBodyEditor *self, PhysBodyRef body)
{
  g_return_if_fail (IMP_IS_BODY_EDITOR (self));
  const char *name = "";
  ImpSessionView now;
  if (self->session != NULL && body.index >= 0)
    {
      imp_session_get_view (self->session, &now);
      if (now.world != NULL && imp_body_is_editable (now.world, body))
        name = phys_world_body_name (now.world, body);
    }
  if (g_strcmp0 (name, self->name) != 0)
    {
      /* Another body: what was typed for the last one goes, and so does its message. */
      g_strlcpy (self->name, name, sizeof self->name);
      self->kind = body.kind;
      self->new_body = TRUE;
      for (int t = 0; t < N_TABLES; t++)
        for (int i = 0; i < MAX_FIELDS; i++)
          {
            g_clear_pointer (&self->shown[t][i], g_free);
            if (self->entries[t][i] != NULL)
              mark_entry (self->entries[t][i], FALSE);
          }
      say (self, NULL);
    }
  refresh (self);
}

gboolean
imp_body_editor_is_shown (ImpBodyEditor *self)
{
  return gtk_widget_get_visible (self->box);
}

const char *
imp_body_editor_get_message (ImpBodyEditor *self)
{
  return self->message;
}

void
imp_body_editor_set_session (ImpBodyEditor *self, ImpSession *session)
{
  g_set_object (&self->session, session);
  self->name[0] = '\0';
  refresh (self);
}

/* A list of marked strings in the learner's language; free with g_strfreev(). */
static char **
translated (const char *const *strings)
{
  guint n = g_strv_length ((char **) strings);
  char **out = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    out[i] = g_strdup (_(strings[i]));
  return out;
}

static GtkWidget *
field_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* Fills the template's grid of one kind with its fields: two label-entry pairs a row. */
static void
fill_grid (ImpBodyEditor *self, PhysBodyKind kind)
{
  int t = table (kind), n;
  GtkGrid *grid = GTK_GRID (self->grids[t]);
  const ImpBodyField *fields = imp_body_fields (kind, &n);
  g_assert (n <= MAX_FIELDS);
  for (int i = 0; i < n; i++)
    {
      GtkEntry *entry = GTK_ENTRY (gtk_entry_new ());
      gtk_widget_set_name (GTK_WIDGET (entry), fields[i].key);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 7);
      gtk_widget_set_hexpand (GTK_WIDGET (entry), TRUE);
      gtk_entry_set_input_purpose (entry, GTK_INPUT_PURPOSE_NUMBER);
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), _(fields[i].tooltip));
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(fields[i].tooltip), -1);
      gtk_widget_add_css_class (GTK_WIDGET (entry), "numeric");
      g_signal_connect (entry, "activate", G_CALLBACK (entry_activated), self);
      GtkEventController *focus = gtk_event_controller_focus_new ();
      g_signal_connect (focus, "leave", G_CALLBACK (entry_left), self);
      gtk_widget_add_controller (GTK_WIDGET (entry), focus);
      self->entries[t][i] = entry;
      gtk_grid_attach (grid, field_label (fields[i].label), 2 * (i % 2), i / 2, 1, 1);
      gtk_grid_attach (grid, GTK_WIDGET (entry), 2 * (i % 2) + 1, i / 2, 1, 1);
    }
  /* The choices share the last row with an odd field, or get their own. */
  int row = (n + 1) / 2;
  if (kind == PHYS_BODY_CIRCLE || kind == PHYS_BODY_POLYGON)
    {
      int m = kind == PHYS_BODY_CIRCLE ? 0 : 1;
      static const char *const integrators[]
          = { N_("World's"), N_("Euler"), N_("Semi-implicit"), N_("Midpoint"), "RK4",
              N_("Verlet"),  NULL };
      g_auto (GStrv) shown = translated (integrators);
      GtkDropDown *integrator
          = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char *const *) shown));
      gtk_widget_set_tooltip_text (GTK_WIDGET (integrator),
                                   m == 0 ? _("This circle's integrator (World's: the world's "
                                              "choice)")
                                          : _("This polygon's integrator (World's: the world's "
                                              "choice)"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (integrator), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Integrator"), -1);
      g_signal_connect_swapped (integrator, "notify::selected", G_CALLBACK (choice_changed),
                                self);
      GtkCheckButton *fixed = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (_("Fixed")));
      gtk_widget_set_tooltip_text (GTK_WIDGET (fixed),
                                   m == 0 ? _("Never moves (infinite mass)")
                                          : _("Never moves or turns (infinite mass and inertia)"));
      g_signal_connect_swapped (fixed, "toggled", G_CALLBACK (choice_changed), self);
      self->integrator[m] = integrator;
      self->fixed[m] = fixed;
      if (m == 0)
        {
          /* Ten fields: the choices get the next row. */
          gtk_grid_attach (grid, GTK_WIDGET (integrator), 2, row, 2, 1);
          gtk_grid_attach (grid, GTK_WIDGET (fixed), 0, row, 2, 1);
          self->collides = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (_("Collides")));
          gtk_widget_set_tooltip_text (GTK_WIDGET (self->collides), _("Takes part in collisions"));
          g_signal_connect_swapped (self->collides, "toggled", G_CALLBACK (choice_changed), self);
          gtk_grid_attach (grid, GTK_WIDGET (self->collides), 0, row + 1, 2, 1);
        }
      else
        {
          gtk_grid_attach (grid, GTK_WIDGET (fixed), 0, row, 2, 1);
          gtk_grid_attach (grid, GTK_WIDGET (integrator), 2, row, 2, 1);
          /* The vertices are the scene's: read here, not edited. */
          self->shape = GTK_LABEL (gtk_label_new (NULL));
          gtk_label_set_xalign (self->shape, 0.0);
          gtk_label_set_wrap (self->shape, TRUE);
          gtk_widget_add_css_class (GTK_WIDGET (self->shape), "dim-label");
          gtk_grid_attach (grid, GTK_WIDGET (self->shape), 0, row + 1, 4, 1);
        }
    }
  else if (kind == PHYS_BODY_SEGMENT)
    {
      static const char *const responses[] = { N_("Reflect"), N_("Slide"), NULL };
      g_auto (GStrv) shown = translated (responses);
      self->response = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char *const *) shown));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->response),
                                   _("What a circle does on contact: bounce off or slide along"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->response), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Response on contact"), -1);
      g_signal_connect_swapped (self->response, "notify::selected", G_CALLBACK (choice_changed),
                                self);
      gtk_grid_attach (grid, GTK_WIDGET (self->response), 2, row - 1, 2, 1);
    }
}

static void
imp_body_editor_dispose (GObject *object)
{
  ImpBodyEditor *self = IMP_BODY_EDITOR (object);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMP_TYPE_BODY_EDITOR);
  for (int t = 0; t < N_TABLES; t++)
    for (int i = 0; i < MAX_FIELDS; i++)
      g_clear_pointer (&self->shown[t][i], g_free);
  g_clear_pointer (&self->message, g_free);
  G_OBJECT_CLASS (imp_body_editor_parent_class)->dispose (object);
}

static void
imp_body_editor_class_init (ImpBodyEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = imp_body_editor_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "impbodyeditor");
  /* Naming the resource links its object file, whose constructor registers it. */
  (void) impulse_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/impulselab/Impulse/ui/imp-body-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, ImpBodyEditor, box);
  gtk_widget_class_bind_template_child (widget_class, ImpBodyEditor, title);
  gtk_widget_class_bind_template_child (widget_class, ImpBodyEditor, delete_button);
  gtk_widget_class_bind_template_child (widget_class, ImpBodyEditor, error);
  gtk_widget_class_bind_template_child_full (widget_class, "circle_grid", FALSE,
                                             G_STRUCT_OFFSET (ImpBodyEditor, grids[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "segment_grid", FALSE,
                                             G_STRUCT_OFFSET (ImpBodyEditor, grids[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "probe_grid", FALSE,
                                             G_STRUCT_OFFSET (ImpBodyEditor, grids[2]));
  gtk_widget_class_bind_template_child_full (widget_class, "polygon_grid", FALSE,
                                             G_STRUCT_OFFSET (ImpBodyEditor, grids[3]));
  gtk_widget_class_bind_template_child_full (widget_class, "curve_grid", FALSE,
                                             G_STRUCT_OFFSET (ImpBodyEditor, grids[4]));
  gtk_widget_class_bind_template_callback (widget_class, delete_clicked);
}

static void
imp_body_editor_init (ImpBodyEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The fields come from imp-body-fields.c's tables, one grid a kind of body. */
  fill_grid (self, PHYS_BODY_CIRCLE);
  fill_grid (self, PHYS_BODY_SEGMENT);
  fill_grid (self, PHYS_BODY_PROBE);
  fill_grid (self, PHYS_BODY_POLYGON);
  fill_grid (self, PHYS_BODY_CURVE);
}

GtkWidget *
imp_body_editor_new (void)
{
  return g_object_new (IMP_TYPE_BODY_EDITOR, NULL);
}
