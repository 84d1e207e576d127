/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-world-actions.c: the World menu's actions; see the header. */
#include "imp-world-actions.h"

#include <string.h>

#include "imp-body-fields.h"
#include "imp-lesson.h"

typedef struct
{
  ImpSession *session;
  GActionMap *map;
  void (*refused) (gpointer data, const char *message);
  gpointer data;
  gboolean updating; /* states being set from the world, not chosen */
} WorldActions;

static const PhysWorldDef *
world_def (WorldActions *wa)
{
  ImpSessionView now;
  imp_session_get_view (wa->session, &now);
  return now.world != NULL ? phys_world_get_def (now.world) : NULL;
}

static void
set_state (WorldActions *wa, const char *name, GVariant *state)
{
  GAction *action = g_action_map_lookup_action (wa->map, name);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
}

static void
follow_world (WorldActions *wa)
{
  const PhysWorldDef *def = world_def (wa);
  const char *names[3 + IMP_N_TEACHING_MODES] = { "world-detection", "world-integrator",
                                                  "world-substeps" };
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    names[3 + i] = imp_teaching_modes[i].action;
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    g_simple_action_set_enabled (
        G_SIMPLE_ACTION (g_action_map_lookup_action (wa->map, names[i])), def != NULL);
  if (def == NULL)
    return;
  wa->updating = TRUE;
  set_state (wa, "world-detection",
             g_variant_new_string (phys_detection_name (def->modes.detection)));
  set_state (wa, "world-integrator",
             g_variant_new_string (phys_integrator_name (def->integrator)));
  g_autofree char *substeps = g_strdup_printf ("%d", def->substeps);
  set_state (wa, "world-substeps", g_variant_new_string (substeps));
  PhysModes modes = def->modes;
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    set_state (wa, imp_teaching_modes[i].action,
               g_variant_new_boolean (*imp_teaching_mode_flag (&modes, &imp_teaching_modes[i])));
  wa->updating = FALSE;
}

/* The integrator a name stands for; FALSE for none. */
static gboolean
integrator_named (const char *name, PhysIntegrator *integrator)
{
  for (int i = 0; i < PHYS_N_INTEGRATORS; i++)
    if (g_str_equal (name, phys_integrator_name ((PhysIntegrator) i)))
      {
        *integrator = (PhysIntegrator) i;
        return TRUE;
      }
  return FALSE;
}

static void
change_state (GSimpleAction *action, GVariant *state, WorldActions *wa)
{
  const PhysWorldDef *def = world_def (wa);
  if (wa->updating || def == NULL)
    return;
  const char *name = g_action_get_name (G_ACTION (action));
  PhysEdit edit = phys_edit_init (PHYS_EDIT_SET_WORLD, NULL);
  edit.modes = def->modes;
  edit.integrator = def->integrator;
  edit.substeps = def->substeps;
  if (g_str_equal (name, "world-detection"))
    {
      const char *value = g_variant_get_string (state, NULL);
      edit.fields = PHYS_EDIT_MODES;
      if (g_str_equal (value, phys_detection_name (PHYS_DETECTION_SWEPT)))
        edit.modes.detection = PHYS_DETECTION_SWEPT;
      else if (g_str_equal (value, phys_detection_name (PHYS_DETECTION_DISCRETE)))
        edit.modes.detection = PHYS_DETECTION_DISCRETE;
      else
        return;
    }
  else if (g_str_equal (name, "world-integrator"))
    {
      edit.fields = PHYS_EDIT_INTEGRATOR;
      if (!integrator_named (g_variant_get_string (state, NULL), &edit.integrator))
        return;
    }
  else if (g_str_equal (name, "world-substeps"))
    {
      guint64 n;
      edit.fields = PHYS_EDIT_SUBSTEPS;
      if (!g_ascii_string_to_unsigned (g_variant_get_string (state, NULL), 10, 1,
                                       PHYS_MAX_SUBSTEPS, &n, NULL))
        return;
      edit.substeps = (int) n;
    }
  else
    {
      edit.fields = PHYS_EDIT_MODES;
      for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
        if (g_str_equal (name, imp_teaching_modes[i].action))
          *imp_teaching_mode_flag (&edit.modes, &imp_teaching_modes[i])
              = g_variant_get_boolean (state);
    }
  if (edit.modes.detection == def->modes.detection && edit.integrator == def->integrator
      && edit.substeps == def->substeps && memcmp (&edit.modes, &def->modes, sizeof edit.modes) == 0)
    return;
  g_autoptr (GError) error = NULL;
  if (!imp_session_apply_edit (wa->session, &edit, &error) && wa->refused != NULL)
    wa->refused (wa->data, error->message);
  /* Refused or not, the states show the world as it now is. */
  follow_world (wa);
}

static void
add (WorldActions *wa, const char *name, GVariant *state)
{
  /* Choices take their value as the parameter; on/off toggles take none. */
  gboolean toggle = g_variant_is_of_type (state, G_VARIANT_TYPE_BOOLEAN);
  GSimpleAction *action = g_simple_action_new_stateful (
      name, toggle ? NULL : g_variant_get_type (state), state);
  g_signal_connect (action, "change-state", G_CALLBACK (change_state), wa);
  g_action_map_add_action (wa->map, G_ACTION (action));
  g_object_unref (action);
}

static void
free_world_actions (gpointer data, GObject *map)
{
  WorldActions *wa = data;
  g_signal_handlers_disconnect_by_data (wa->session, wa);
  g_object_unref (wa->session);
  g_free (wa);
}

void
imp_world_actions_add (GActionMap *map, ImpSession *session,
                       void (*refused) (gpointer data, const char *message), gpointer data)
{
  WorldActions *wa = g_new0 (WorldActions, 1);
  wa->session = g_object_ref (session);
  wa->map = map;
  wa->refused = refused;
  wa->data = data;
  add (wa, "world-detection", g_variant_new_string ("swept"));
  add (wa, "world-integrator", g_variant_new_string ("semi-implicit-euler"));
  add (wa, "world-substeps", g_variant_new_string ("1"));
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    add (wa, imp_teaching_modes[i].action, g_variant_new_boolean (FALSE));
  g_object_weak_ref (G_OBJECT (map), free_world_actions, wa);
  static const char *const changes[]
      = { "frame", "can-undo", "can-redo", "title", NULL };
  imp_connect_notifies (session, changes, G_CALLBACK (follow_world), wa);
  follow_world (wa);
}
