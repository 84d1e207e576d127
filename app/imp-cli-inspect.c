/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-cli-inspect.c: `impulse inspect SCENE --frame K --pair A,B`: the full
 * detection record of one pair at one frame (docs/trace-format.md).
 */
#include "imp-cli-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-suggest.h"
#include "imp-cards.h"
#include "imp-trace.h"

/* How many ids an error lists when none is close to what was typed. */
#define MAX_LISTED_IDS 10

typedef struct
{
  guint distance;
  guint order;
  const char *name;
} Candidate;

static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  /* Equal distances keep the scene's order so the message is the same every time. */
  return x->order < y->order ? -1 : x->order > y->order ? 1 : 0;
}

/**
 * imp_cli_suggest_ids:
 * @world: the scene's world
 * @id: an id that names no body
 *
 * Describes the ids closest to @id (by edit distance, at most five), or lists
 * the scene's ids when none is close, for an error message.
 *
 * Returns: (transfer full): "did you mean 'x' or 'y'?" or "the ids are: a, b, c"
 */
char *
imp_cli_suggest_ids (const PhysWorld *world, const char *id)
{
  g_autoptr (GArray) candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  static const PhysBodyKind kinds[] = { PHYS_BODY_CIRCLE, PHYS_BODY_SEGMENT, PHYS_BODY_PROBE,
                                        PHYS_BODY_POLYGON, PHYS_BODY_CURVE };
  /* Close enough to be a typo: one edit in three, at least one, and never so many
   * that a short id would match every other short id. */
  guint threshold = (guint) MIN (MAX (1, strlen (id) / 3), strlen (id) > 0 ? strlen (id) - 1 : 0);
  GString *message = g_string_new (NULL);
  guint order = 0;
  guint near = 0;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      int count = phys_world_body_count (world, kinds[k]);
      for (int i = 0; i < count; i++)
        {
          PhysBodyRef ref = { kinds[k], i };
          Candidate candidate = { 0, order++, phys_world_body_name (world, ref) };
          candidate.distance = imp_suggest_distance (id, candidate.name);
          g_array_append_val (candidates, candidate);
        }
    }

  if (candidates->len == 0)
    {
      g_string_append (message, _("the scene has no bodies"));
      return g_string_free (message, FALSE);
    }

  g_array_sort (candidates, compare_candidates);
  for (guint i = 0; i < candidates->len && i < 5; i++)
    if (g_array_index (candidates, Candidate, i).distance <= threshold)
      near++;

  if (near > 0)
    {
      g_string_append (message, _("did you mean "));
      for (guint i = 0; i < near; i++)
        {
          if (i > 0)
            g_string_append (message, i + 1 == near ? _(" or ") : ", ");
          g_string_append_printf (message, "'%s'", g_array_index (candidates, Candidate, i).name);
        }
      g_string_append_c (message, '?');
    }
  else
    {
      g_string_append (message, _("the ids are: "));
      /* The scene's order reads better than an order by distance when nothing is close. */
      for (guint i = 0; i < candidates->len; i++)
        g_array_index (candidates, Candidate, i).distance = 0;
      g_array_sort (candidates, compare_candidates);
      for (guint i = 0; i < candidates->len && i < MAX_LISTED_IDS; i++)
        g_string_append_printf (message, "%s%s", i > 0 ? ", " : "",
                                g_array_index (candidates, Candidate, i).name);
      if (candidates->len > MAX_LISTED_IDS)
        g_string_append_printf (message, _(" and %u more"), candidates->len - MAX_LISTED_IDS);
    }
  return g_string_free (message, FALSE);
}

static const char *
kind_noun (PhysBodyKind kind)
{
  switch (kind)
    {
    case PHYS_BODY_CIRCLE: return _("circle");
    case PHYS_BODY_SEGMENT: return _("segment");
    case PHYS_BODY_PROBE: return _("probe");
    case PHYS_BODY_POLYGON: return _("polygon");
    case PHYS_BODY_CURVE: return _("curve");
    default: return _("body");
    }
}

/* Splits "A,B" into two ids that both name bodies. Ids may themselves hold
 * commas, so every comma is tried, from the left. */
static gboolean
resolve_pair (const PhysWorld *world, const char *scene, const char *text, PhysBodyRef *a,
              PhysBodyRef *b)
{
  const char *first_comma = strchr (text, ',');

  if (first_comma == NULL)
    {
      imp_cli_usage_error (
          "inspect", _("--pair expects two ids separated by a comma, as in a,b; not '%s'"), text);
      return FALSE;
    }
  for (const char *comma = first_comma; comma != NULL; comma = strchr (comma + 1, ','))
    {
      g_autofree char *left = g_strndup (text, (gsize) (comma - text));
      if (phys_world_find (world, left, a) && phys_world_find (world, comma + 1, b))
        return TRUE;
    }

  g_autofree char *left = g_strndup (text, (gsize) (first_comma - text));
  const char *unknown = phys_world_find (world, left, a) ? first_comma + 1 : left;
  g_autofree char *hint = imp_cli_suggest_ids (world, unknown);
  imp_cli_usage_error ("inspect", _("no body has the id '%s' in %s; %s"), unknown, scene, hint);
  return FALSE;
}

static const char *const inspect_description = N_(
  "Steps K frames from the scene's initial state (frame 0 starts from it), then\n"
  "prints one JSON object with every value of the test the step would run on the\n"
  "pair in frame K, whether or not they collide. Pairs: two circles, a circle and\n"
  "a segment, a probe and a segment, a polygon and any body but a probe, or a\n"
  "circle and a curve, in either order. See docs/trace-format.md.\n"
  "A session file is replayed with its edits up to frame K, those at K included,\n"
  "and the pair is named as the bodies are then.\n"
  "--text prints the inspector's card of the pair instead: the test in words,\n"
  "every number put into its formula (for two polygons the separating axes).\n"
  "\n"
  "Exit status: 0 done, 1 the output could not be written, 2 bad arguments or scene.");

int
imp_cli_inspect (char **argv)
{
  g_autofree char *frame_text = NULL;
  g_autofree char *pair_text = NULL;
  gboolean text = FALSE;
  const GOptionEntry entries[] = { { "frame", 0, 0, G_OPTION_ARG_STRING, &frame_text,
                                     N_("Frame to inspect (required)"), "K" },
                                   { "pair", 0, 0, G_OPTION_ARG_STRING, &pair_text,
                                     N_("The two bodies, by id (required)"), "A,B" },
                                   { "text", 0, 0, G_OPTION_ARG_NONE, &text,
                                     N_("Words and numbers (the inspector's card) instead of "
                                        "JSON"),
                                     NULL },
                                   G_OPTION_ENTRY_NULL };
  gint64 frame = 0;
  const char *scene;

  if (!imp_cli_parse_verb_options ("inspect", "SCENE --frame K --pair A,B",
                                   N_("Prints the full detection record of one pair at one frame."),
                                   inspect_description, entries, &argv))
    return IMP_CLI_EXIT_USAGE;
  if ((scene = imp_cli_scene_argument ("inspect", argv)) == NULL)
    return IMP_CLI_EXIT_USAGE;
  if (frame_text == NULL)
    return imp_cli_usage_error ("inspect", _("inspect needs --frame K"));
  if (pair_text == NULL)
    return imp_cli_usage_error ("inspect", _("inspect needs --pair A,B"));
  if (!imp_cli_parse_count ("inspect", "--frame", frame_text, &frame))
    return IMP_CLI_EXIT_USAGE;

  ImpCliInput input;
  if (!imp_cli_input_open (&input, scene))
    {
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  /* Edits may add and remove bodies, so a session's pair is named as of frame K. */
  if (input.session != NULL && !imp_cli_input_reach (&input, frame))
    {
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  PhysWorld *world = input.world;

  PhysBodyRef a, b;
  if (!resolve_pair (world, scene, pair_text, &a, &b))
    {
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }
  if (a.kind == b.kind && a.index == b.index)
    {
      int status
          = imp_cli_usage_error ("inspect", _("--pair names '%s' twice; a pair needs two bodies"),
                                 phys_world_body_name (world, a));
      imp_cli_input_close (&input);
      return status;
    }

  /* The record is circle or probe first; accept the segment first too. */
  if (a.kind == PHYS_BODY_SEGMENT)
    {
      PhysBodyRef swap = a;
      a = b;
      b = swap;
    }
  /* Rigid pairs: a polygon with anything but a probe, a circle with a curve; either order (the
   * record names them in the order of their kind). */
  gboolean polygon = a.kind == PHYS_BODY_POLYGON || b.kind == PHYS_BODY_POLYGON;
  gboolean probe = a.kind == PHYS_BODY_PROBE || b.kind == PHYS_BODY_PROBE;
  gboolean circle_curve = (a.kind == PHYS_BODY_CIRCLE && b.kind == PHYS_BODY_CURVE)
                          || (a.kind == PHYS_BODY_CURVE && b.kind == PHYS_BODY_CIRCLE);
  gboolean testable = (a.kind == PHYS_BODY_CIRCLE
                       && (b.kind == PHYS_BODY_CIRCLE || b.kind == PHYS_BODY_SEGMENT))
                      || (a.kind == PHYS_BODY_PROBE && b.kind == PHYS_BODY_SEGMENT)
                      || (polygon && !probe) || circle_curve;
  if (!testable)
    {
      int status = imp_cli_usage_error ("inspect",
                                        _("no test between a %s and a %s; pairs are circle-circle, "
                                          "circle-segment, probe-segment, a polygon with a "
                                          "circle, segment, polygon or curve, or circle-curve"),
                                        kind_noun (a.kind), kind_noun (b.kind));
      imp_cli_input_close (&input);
      return status;
    }

  if (!imp_cli_input_reach (&input, frame))
    {
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  PhysPairRecord record;
  PhysStatus status = phys_world_inspect_pair (world, a, b, &record);
  if (status != PHYS_OK)
    {
      g_printerr ("impulse: error: cannot inspect the pair: %s\n", phys_status_name (status));
      imp_cli_input_close (&input);
      return IMP_CLI_EXIT_USAGE;
    }

  ImpCliOut out;
  g_autoptr (GString) line = g_string_new (NULL);

  imp_cli_out_init (&out);
  if (text)
    {
      /* The card ends with a newline; the output adds its own. */
      g_autofree char *card = imp_card_for_pair (world, &record, 6, IMP_CARD_PLAIN, NULL);
      g_string_append (line, card);
      if (line->len > 0 && line->str[line->len - 1] == '\n')
        g_string_truncate (line, line->len - 1);
    }
  else
    imp_trace_write_pair (line, scene, world, &record);
  imp_cli_out_line (&out, line);
  imp_cli_input_close (&input);
  return imp_cli_out_finish (&out);
}
