/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-view-options.c: how the views show the run (see imp-view-options.h). */
#include "imp-view-options.h"

struct _ImpViewOptions
{
  GObject parent_instance;
  ImpOverlays overlays;
  char *highlight_term; /* the term the pointer is on (a lesson text, the card), or NULL */
  gboolean concealed;   /* a prediction is open: views hide the numbers it asks for */
  GArray *kept_back;    /* what a lesson keeps back (ImpKeptBack), or NULL */
  int sat_step;         /* a separating axis test stepped into: 0 whole, k at axis k - 1 */
};

G_DEFINE_FINAL_TYPE (ImpViewOptions, imp_view_options, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_OVERLAYS,
  PROP_HIGHLIGHT_TERM,
  PROP_CONCEALED,
  PROP_SAT_STEP,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
imp_view_options_finalize (GObject *object)
{
  ImpViewOptions *self = IMP_VIEW_OPTIONS (object);
  g_free (self->highlight_term);
  g_clear_pointer (&self->kept_back, g_array_unref);
  G_OBJECT_CLASS (imp_view_options_parent_class)->finalize (object);
}

static void
imp_view_options_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ImpViewOptions *self = IMP_VIEW_OPTIONS (object);
  switch (prop_id)
    {
    case PROP_OVERLAYS:
      g_value_set_flags (value, self->overlays);
      break;
    case PROP_HIGHLIGHT_TERM:
      g_value_set_string (value, self->highlight_term);
      break;
    case PROP_CONCEALED:
      g_value_set_boolean (value, self->concealed);
      break;
    case PROP_SAT_STEP:
      g_value_set_int (value, self->sat_step);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_view_options_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  ImpViewOptions *self = IMP_VIEW_OPTIONS (object);
  switch (prop_id)
    {
    case PROP_OVERLAYS:
      imp_view_options_set_overlays (self, g_value_get_flags (value));
      break;
    case PROP_HIGHLIGHT_TERM:
      imp_view_options_set_highlight_term (self, g_value_get_string (value));
      break;
    case PROP_CONCEALED:
      imp_view_options_set_concealed (self, g_value_get_boolean (value));
      break;
    case PROP_SAT_STEP:
      imp_view_options_set_sat_step (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_view_options_class_init (ImpViewOptionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = imp_view_options_finalize;
  object_class->get_property = imp_view_options_get_property;
  object_class->set_property = imp_view_options_set_property;

  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  /* What the canvas and the figures draw over the bodies (the canvas-overlays key). */
  properties[PROP_OVERLAYS]
      = g_param_spec_flags ("overlays", NULL, NULL, IMP_TYPE_OVERLAYS, IMP_OVERLAY_DEFAULT, rw);
  /* The term of the math the pointer is on, or NULL (imp_term_names). */
  properties[PROP_HIGHLIGHT_TERM] = g_param_spec_string ("highlight-term", NULL, NULL, NULL, rw);
  /* Whether anything is kept back: the views hide it. */
  properties[PROP_CONCEALED] = g_param_spec_boolean ("concealed", NULL, NULL, FALSE, rw);
  /* Where stepping into a rigid pair's separating axis test stands (ImpRenderInput.sat_step). */
  properties[PROP_SAT_STEP]
      = g_param_spec_int ("sat-step", NULL, NULL, 0, PHYS_SAT_MAX_AXES, 0, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imp_view_options_init (ImpViewOptions *self)
{
  self->overlays = IMP_OVERLAY_DEFAULT;
}

ImpViewOptions *
imp_view_options_new (void)
{
  return g_object_new (IMP_TYPE_VIEW_OPTIONS, NULL);
}

ImpOverlays
imp_view_options_get_overlays (ImpViewOptions *self)
{
  return self->overlays;
}

void
imp_view_options_set_overlays (ImpViewOptions *self, ImpOverlays overlays)
{
  if (overlays == self->overlays)
    return;
  self->overlays = overlays;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVERLAYS]);
}

const char *
imp_view_options_get_highlight_term (ImpViewOptions *self)
{
  return self->highlight_term;
}

/**
 * imp_view_options_set_highlight_term:
 * @self: the view options
 * @term: (nullable): a term of imp_term_names, or %NULL for none
 *
 * The term the pointer is on in a text about the math; the canvas draws it
 * with a halo.
 */
void
imp_view_options_set_highlight_term (ImpViewOptions *self, const char *term)
{
  if (g_strcmp0 (term, self->highlight_term) == 0)
    return;
  g_free (self->highlight_term);
  self->highlight_term = g_strdup (term);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT_TERM]);
}

/**
 * imp_view_options_point_at_term:
 * @self: the view options
 * @term: (nullable): the term under a view's pointer, or %NULL for none
 * @lit: (inout): the view's own flag: whether the term lit now is its doing
 *
 * What a view does as its pointer moves: lights @term, or with %NULL takes
 * back the term it lit itself, leaving one another view lit alone.
 */
void
imp_view_options_point_at_term (ImpViewOptions *self, const char *term, gboolean *lit)
{
  if (term == NULL && !*lit)
    return;
  *lit = term != NULL;
  imp_view_options_set_highlight_term (self, term);
}

gboolean
imp_view_options_get_concealed (ImpViewOptions *self)
{
  return self->concealed;
}

/**
 * imp_view_options_set_concealed:
 * @self: the view options
 * @concealed: whether a prediction is open
 *
 * While a learner is asked to predict a number, the views that would show it
 * hide their numbers: all of them while nothing says which
 * (imp_view_options_set_kept_back()).
 */
void
imp_view_options_set_concealed (ImpViewOptions *self, gboolean concealed)
{
  concealed = !!concealed;
  if (concealed == self->concealed)
    return;
  self->concealed = concealed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONCEALED]);
}

/* Returns: (transfer none) (nullable) (element-type ImpKeptBack): what is kept back */
const GArray *
imp_view_options_get_kept_back (ImpViewOptions *self)
{
  return self->kept_back;
}

/**
 * imp_view_options_set_kept_back:
 * @self: the view options
 * @kept_back: (transfer full) (nullable) (element-type ImpKeptBack): the
 *   answers of a lesson's predictions still ahead, which the views hide
 *   (imp-conceal.h); %NULL or empty for none
 *
 * Sets "concealed" to whether anything is kept back, and notifies it: the list
 * may change while something stays kept back.
 */
void
imp_view_options_set_kept_back (ImpViewOptions *self, GArray *kept_back)
{
  if (kept_back != NULL && kept_back->len == 0)
    g_clear_pointer (&kept_back, g_array_unref);
  g_clear_pointer (&self->kept_back, g_array_unref);
  self->kept_back = kept_back;
  self->concealed = kept_back != NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONCEALED]);
}

int
imp_view_options_get_sat_step (ImpViewOptions *self)
{
  return self->sat_step;
}

/**
 * imp_view_options_set_sat_step:
 * @self: the view options
 * @step: 0 for the whole separating axis test, k for the picture at its axis k - 1
 *
 * Where Down has stepped inside the selected rigid event's separating axis test.
 */
void
imp_view_options_set_sat_step (ImpViewOptions *self, int step)
{
  step = CLAMP (step, 0, PHYS_SAT_MAX_AXES);
  if (step == self->sat_step)
    return;
  self->sat_step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAT_STEP]);
}
