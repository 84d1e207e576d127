/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-selection.c: the learner's pick (see imp-selection.h). */
#include "imp-selection.h"

struct _ImpSelection
{
  GObject parent_instance;
  int event;        /* an event of the playhead's frame, or -1 */
  PhysBodyRef body; /* the selected body as last found, index -1 for none */
  PhysBodyRef other; /* the second body of a pair, index -1 for none */
  char body_name[PHYS_NAME_MAX];  /* "" for none */
  char other_name[PHYS_NAME_MAX]; /* "" for none */
};

G_DEFINE_FINAL_TYPE (ImpSelection, imp_selection, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_EVENT,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_BODIES_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
imp_selection_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ImpSelection *self = IMP_SELECTION (object);
  switch (prop_id)
    {
    case PROP_EVENT:
      g_value_set_int (value, self->event);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_selection_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  ImpSelection *self = IMP_SELECTION (object);
  switch (prop_id)
    {
    case PROP_EVENT:
      imp_selection_set_event (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_selection_class_init (ImpSelectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = imp_selection_get_property;
  object_class->set_property = imp_selection_set_property;
  /* The selected event of the playhead's frame (-1: none). */
  properties[PROP_EVENT]
      = g_param_spec_int ("event", NULL, NULL, -1, G_MAXINT, -1,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* Another body or pair was selected (or none). */
  signals[SIGNAL_BODIES_CHANGED]
      = g_signal_new ("bodies-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 0);
}

static void
imp_selection_init (ImpSelection *self)
{
  self->event = -1;
  self->body.index = -1;
  self->other.index = -1;
}

ImpSelection *
imp_selection_new (void)
{
  return g_object_new (IMP_TYPE_SELECTION, NULL);
}

int
imp_selection_get_event (ImpSelection *self)
{
  return self->event;
}

void
imp_selection_set_event (ImpSelection *self, int index)
{
  if (index == self->event)
    return;
  self->event = index;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVENT]);
}

/**
 * imp_selection_select_body:
 * @self: a selection
 * @body: a body (index -1: none)
 * @name: its name where it was picked
 * @add: with a body already selected, make a pair of the two
 *
 * A body or pair replaces an event as what the inspector shows: the event is
 * unselected.
 */
void
imp_selection_select_body (ImpSelection *self, PhysBodyRef body, const char *name, gboolean add)
{
  if (body.index < 0 || name == NULL)
    name = "";
  if (add && self->body.index >= 0 && body.index >= 0
      && (body.kind != self->body.kind || body.index != self->body.index))
    {
      self->other = body;
      g_strlcpy (self->other_name, name, sizeof self->other_name);
    }
  else
    {
      self->body = body;
      self->other.index = -1;
      g_strlcpy (self->body_name, name, sizeof self->body_name);
      self->other_name[0] = '\0';
    }
  imp_selection_set_event (self, -1);
  g_signal_emit (self, signals[SIGNAL_BODIES_CHANGED], 0);
}

/* Nothing selected: for a new recording, whose bodies are others. */
void
imp_selection_clear (ImpSelection *self)
{
  self->body.index = -1;
  self->other.index = -1;
  self->body_name[0] = self->other_name[0] = '\0';
  imp_selection_set_event (self, -1);
  g_signal_emit (self, signals[SIGNAL_BODIES_CHANGED], 0);
}

PhysBodyRef
imp_body_find (const PhysWorld *world, const char *name, PhysBodyKind kind)
{
  PhysBodyRef ref;
  if (name[0] != '\0' && phys_world_find (world, name, &ref) && ref.kind == kind)
    return ref;
  return (PhysBodyRef) { kind, -1 };
}

/* The selected bodies as numbered in world (absent where an edit removed them). */
void
imp_selection_follow (ImpSelection *self, const PhysWorld *world)
{
  self->body = imp_body_find (world, self->body_name, self->body.kind);
  self->other = imp_body_find (world, self->other_name, self->other.kind);
}

gboolean
imp_selection_get_body (ImpSelection *self, PhysBodyRef *body)
{
  if (body != NULL)
    *body = self->body;
  return self->body.index >= 0;
}

/* The selected pair (Ctrl+click), when there is one. */
gboolean
imp_selection_get_pair (ImpSelection *self, PhysBodyRef *a, PhysBodyRef *b)
{
  if (self->body.index < 0 || self->other.index < 0)
    return FALSE;
  *a = self->body;
  *b = self->other;
  return TRUE;
}

/* The name of the selected body (i 0) or of the pair's second (i 1); "" for none. */
const char *
imp_selection_get_body_name (ImpSelection *self, int i)
{
  return i == 0 ? self->body_name : self->other_name;
}
