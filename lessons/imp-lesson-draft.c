/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-draft.c: a lesson written from a session; see the header.
 *
 * The text is written one key per line (a step's "enter" and each edit on one
 * line of its own), so that the line of any mistake the loader or the walk
 * reports names the step and the key it is in.
 */
#include "imp-lesson-draft.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imp-file.h"
#include "imp-lesson-setup.h"
#include "imp-lesson-vocabulary.h"
#include "imp-scene-ref.h"
#include "imp-teaching-modes.h"
#include "impulse-lessons-resources.h"

/* Making a draft */

static void
clear_step (gpointer data)
{
  imp_lesson_step_clear (data);
}

/* The scene's text: an inline scene as it is, a scene file's contents. */
static char *
scene_text_of (const ImpSessionFile *session, GError **error)
{
  if (session->scene_text != NULL)
    return g_strdup (session->scene_text);

  g_autofree char *display = NULL;
  g_autoptr (GFile) file = imp_scene_ref_resolve (session->base_dir, session->scene_path, &display);
  g_autoptr (GError) io_error = NULL;
  char *contents = NULL;
  gsize length;

  (void) impulse_lessons_get_resource ();
  if (!imp_file_load (file, &contents, &length, &io_error))
    {
      g_autofree char *what
          = g_strdup_printf (_("cannot read the session's scene: %s"), io_error->message);
      g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO, "%s: error: %s", display, what);
      return NULL;
    }
  return contents;
}

static int
compare_frames (gconstpointer a, gconstpointer b)
{
  const ImpSessionFileBookmark *x = *(ImpSessionFileBookmark *const *) a;
  const ImpSessionFileBookmark *y = *(ImpSessionFileBookmark *const *) b;
  return x->frame < y->frame ? -1 : x->frame > y->frame;
}

/* A bookmark as a step: its note the text, its view the step's "enter". */
static ImpLessonStep
step_from (const ImpSessionFileBookmark *bookmark)
{
  ImpLessonStep step = { 0 };
  const ImpBookmarkView *view = &bookmark->view;

  step.text = g_strdup (bookmark->note);
  step.action.has_frame = TRUE;
  step.action.frame = bookmark->frame;
  step.action.event = view->has_event ? view->event : -1;
  step.action.has_select = view->has_select;
  step.action.n_select = view->n_select;
  for (int i = 0; i < view->n_select; i++)
    step.action.select[i] = g_strdup (view->select[i]);
  step.action.has_overlays = view->has_overlays;
  step.action.overlays = view->overlays;
  imp_lesson_goal_init (&step.goal);
  return step;
}

/**
 * imp_lesson_draft_new:
 * @session: a session with at least one bookmark
 * @error: return location for an %IMP_FORMAT_ERROR: a session without
 *   bookmarks (%IMP_FORMAT_ERROR_MISSING), a scene file that cannot be read
 *
 * A draft of a lesson over the session's scene and edits: a step for each
 * bookmark, in frame order (bookmarks of one frame in the session's order),
 * with the bookmark's note as its text, opening as the bookmark's view; no
 * goals yet, and no title, summary, topic or id.
 *
 * Returns: (transfer full) (nullable): the draft
 */
ImpLessonDraft *
imp_lesson_draft_new (const ImpSessionFile *session, GError **error)
{
  g_return_val_if_fail (session != NULL, NULL);

  if (session->bookmarks->len == 0)
    {
      g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_MISSING, "%s: error: %s",
                   session->file != NULL ? session->file : "<session>",
                   _("expected a session with bookmarks (each becomes a step of the lesson), "
                     "got none"));
      return NULL;
    }
  char *scene_text = scene_text_of (session, error);
  if (scene_text == NULL)
    return NULL;

  ImpLessonDraft *draft = g_new0 (ImpLessonDraft, 1);
  draft->scene_text = scene_text;
  draft->world = phys_world_copy (session->world);
  draft->edits = g_array_new (FALSE, TRUE, sizeof (ImpSessionFileEdit));
  for (guint i = 0; i < session->edits->len; i++)
    {
      ImpSessionFileEdit edit = g_array_index (session->edits, ImpSessionFileEdit, i);
      /* Its place is in the lesson's text now, once written. */
      edit.location = (ImpJsonLocation){ 0, 0 };
      edit.id_location = (ImpJsonLocation){ 0, 0 };
      g_array_append_val (draft->edits, edit);
    }
  draft->steps = g_array_new (FALSE, TRUE, sizeof (ImpLessonStep));
  g_array_set_clear_func (draft->steps, clear_step);

  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  for (guint i = 0; i < session->bookmarks->len; i++)
    g_ptr_array_add (order, &g_array_index (session->bookmarks, ImpSessionFileBookmark, i));
  /* g_ptr_array_sort is a stable merge sort: bookmarks of one frame keep their order. */
  g_ptr_array_sort (order, compare_frames);
  for (guint i = 0; i < order->len; i++)
    {
      ImpLessonStep step = step_from (order->pdata[i]);
      g_array_append_val (draft->steps, step);
    }
  return draft;
}

/**
 * imp_lesson_draft_free:
 * @draft: (transfer full) (nullable): a draft
 */
void
imp_lesson_draft_free (ImpLessonDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->id);
  g_free (draft->title);
  g_free (draft->summary);
  g_free (draft->topic);
  g_free (draft->scene_text);
  phys_world_free (draft->world);
  g_array_unref (draft->edits);
  g_array_unref (draft->steps);
  g_free (draft);
}

guint
imp_lesson_draft_n_steps (const ImpLessonDraft *draft)
{
  return draft->steps->len;
}

/**
 * imp_lesson_draft_get_step:
 * @draft: a draft
 * @i: a step index
 *
 * Returns: (transfer none): the step, to read or change in place
 */
ImpLessonStep *
imp_lesson_draft_get_step (ImpLessonDraft *draft, guint i)
{
  g_return_val_if_fail (i < draft->steps->len, NULL);
  return &g_array_index (draft->steps, ImpLessonStep, i);
}

/**
 * imp_lesson_draft_set_string:
 * @field: a string member of a draft or of one of its steps
 * @value: (nullable): the new text, copied; %NULL leaves the key out
 */
void
imp_lesson_draft_set_string (char **field, const char *value)
{
  char *copy = g_strdup (value);
  g_free (*field);
  *field = copy;
}

static int
compare_edit_frames (gconstpointer a, gconstpointer b)
{
  gint64 x = ((const ImpSessionFileEdit *) a)->frame, y = ((const ImpSessionFileEdit *) b)->frame;
  return x < y ? -1 : x > y;
}

/* Puts a verdict goal's "show" edit back among the draft's edits, at its frame. */
static void
give_back_show (ImpLessonDraft *draft, ImpLessonGoal *goal)
{
  if (!goal->has_show_edit)
    return;
  ImpSessionFileEdit edit = { .frame = goal->frame, .edit = goal->show_edit };
  guint at = 0;
  while (at < draft->edits->len
         && compare_edit_frames (&g_array_index (draft->edits, ImpSessionFileEdit, at), &edit) <= 0)
    at++;
  g_array_insert_val (draft->edits, at, edit);
  goal->has_show_edit = FALSE;
}

/**
 * imp_lesson_draft_set_goal:
 * @draft: a draft
 * @i: a step index
 * @goal: the step's goal (copied); kind %IMP_GOAL_NONE for none
 */
void
imp_lesson_draft_set_goal (ImpLessonDraft *draft, guint i, const ImpLessonGoal *goal)
{
  ImpLessonStep *step = imp_lesson_draft_get_step (draft, i);
  ImpLessonGoal copy;

  imp_lesson_goal_copy (&copy, goal);
  /* An edit this goal held and the new one does not goes back to the lesson's. */
  if (step->goal.has_show_edit && !(copy.has_show_edit && copy.frame == step->goal.frame
                                    && memcmp (&copy.show_edit, &step->goal.show_edit,
                                               sizeof copy.show_edit) == 0))
    give_back_show (draft, &step->goal);
  imp_lesson_goal_clear (&step->goal);
  step->goal = copy;
}

/**
 * imp_lesson_draft_take_show_edit:
 * @draft: a draft
 * @i: a step whose goal is a verdict goal
 * @edit: an index into @draft's edits, or -1 for none
 *
 * Makes one of the session's edits the verdict goal's "show" (what Show Me
 * applies to reach the verdict) at the edit's frame: the teacher made the
 * change in the session, the learner is to find it. The edit leaves the
 * lesson's own edits; the goal's former one, if any, goes back among them.
 */
void
imp_lesson_draft_take_show_edit (ImpLessonDraft *draft, guint i, int edit)
{
  ImpLessonGoal *goal = &imp_lesson_draft_get_step (draft, i)->goal;

  g_return_if_fail (goal->kind == IMP_GOAL_VERDICT);
  g_return_if_fail (edit < (int) draft->edits->len);
  ImpSessionFileEdit taken = { 0 };
  if (edit >= 0)
    {
      taken = g_array_index (draft->edits, ImpSessionFileEdit, edit);
      g_array_remove_index (draft->edits, (guint) edit);
    }
  give_back_show (draft, goal);
  if (edit >= 0)
    {
      goal->has_show_edit = TRUE;
      goal->show_edit = taken.edit;
      goal->frame = taken.frame;
    }
}

void
imp_lesson_draft_remove_step (ImpLessonDraft *draft, guint i)
{
  g_return_if_fail (i < draft->steps->len);
  give_back_show (draft, &imp_lesson_draft_get_step (draft, i)->goal);
  g_array_remove_index (draft->steps, i);
}

/**
 * imp_lesson_draft_suggest_id:
 * @title: (nullable): a lesson's title
 *
 * An id made of the title's ASCII letters and digits, lower case, words joined
 * by '-' ("Two circles, head on" gives "two-circles-head-on"); "lesson" when the
 * title has none.
 *
 * Returns: (transfer full): the id
 */
char *
imp_lesson_draft_suggest_id (const char *title)
{
  GString *id = g_string_new (NULL);

  for (const char *p = title != NULL ? title : ""; *p != '\0' && id->len < PHYS_NAME_MAX - 1; p++)
    if (g_ascii_isalnum (*p))
      g_string_append_c (id, g_ascii_tolower (*p));
    else if (id->len > 0 && id->str[id->len - 1] != '-')
      g_string_append_c (id, '-');
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  if (id->len == 0)
    g_string_append (id, "lesson");
  return g_string_free (id, FALSE);
}

/* Writing: one key per line, each line's place kept */

typedef struct
{
  GString *out;
  GArray *places; /* ImpLessonDraftPlace, one per line written */
} Writer;

/* Appends text, which ends a line, placed at (step, field); every line it holds
 * (a scene written inline has many) gets that place. */
static void
put (Writer *w, int step, const char *field, const char *text)
{
  ImpLessonDraftPlace place = { step, field };

  g_string_append (w->out, text);
  g_string_append_c (w->out, '\n');
  for (const char *p = text; p != NULL; p = strchr (p + 1, '\n'))
    {
      g_array_append_val (w->places, place);
      if (*p == '\0')
        break;
    }
}

/* The members of one object, written one a line with commas between. */
typedef struct
{
  GPtrArray *texts;  /* "\"key\": value" */
  GPtrArray *fields; /* the place of each */
} Members;

static void
members_init (Members *m)
{
  m->texts = g_ptr_array_new_with_free_func (g_free);
  m->fields = g_ptr_array_new ();
}

static void
member (Members *m, const char *field, const char *key, char *value)
{
  GString *text = g_string_new (NULL);

  imp_json_append_string (text, key);
  g_string_append_printf (text, ": %s", value);
  g_free (value);
  g_ptr_array_add (m->texts, g_string_free (text, FALSE));
  g_ptr_array_add (m->fields, (gpointer) field);
}

static char *
json_string (const char *s)
{
  GString *text = g_string_new (NULL);
  imp_json_append_string (text, s);
  return g_string_free (text, FALSE);
}

static char *
json_double (double x)
{
  GString *text = g_string_new (NULL);
  imp_json_append_double (text, x);
  return g_string_free (text, FALSE);
}

static char *
json_ids (char *const *ids, int n)
{
  GString *text = g_string_new ("[");
  for (int i = 0; i < n; i++)
    {
      g_string_append (text, i > 0 ? ", " : "");
      imp_json_append_string (text, ids[i]);
    }
  g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/* Writes the members at indent, closing with `close` ("}" or "},") at indent - 2. */
static void
members_end (Writer *w, Members *m, int step, int indent, const char *close)
{
  for (guint i = 0; i < m->texts->len; i++)
    {
      g_autofree char *line = g_strdup_printf ("%*s%s%s", indent, "", (char *) m->texts->pdata[i],
                                               i + 1 < m->texts->len ? "," : "");
      put (w, step, m->fields->pdata[i], line);
    }
  g_autofree char *last = g_strdup_printf ("%*s%s", indent - 2, "", close);
  put (w, step, NULL, last);
  g_ptr_array_unref (m->texts);
  g_ptr_array_unref (m->fields);
}

static char *
enter_text (const ImpLessonAction *action)
{
  GString *text = g_string_new (NULL);
  ImpJson json;

  imp_json_init (&json, text);
  imp_json_begin_object (&json, NULL);
  if (action->has_frame)
    imp_json_int (&json, "frame", action->frame);
  if (action->event >= 0)
    imp_json_int (&json, "event", action->event);
  if (action->has_select)
    {
      imp_json_begin_array (&json, "select");
      for (int i = 0; i < action->n_select; i++)
        imp_json_string (&json, NULL, action->select[i]);
      imp_json_end_array (&json);
    }
  if (action->has_overlays)
    {
      gsize n;
      const char *const *names = imp_overlay_names (&n);
      imp_json_begin_array (&json, "overlays");
      for (gsize i = 0; i < n; i++)
        if (action->overlays & (1u << i))
          imp_json_string (&json, NULL, names[i]);
      imp_json_end_array (&json);
    }
  imp_json_end_object (&json);
  return g_string_free (text, FALSE);
}

static char *
modes_text (const ImpLessonModes *modes)
{
  GString *text = g_string_new (NULL);
  ImpJson json;
  PhysModes named = modes->modes;

  imp_json_init (&json, text);
  imp_json_begin_object (&json, NULL);
  if (modes->mode_mask & IMP_LESSON_MODE_DETECTION)
    imp_json_string (&json, "detection", phys_detection_name (named.detection));
  for (gsize i = 0; i < IMP_N_TEACHING_MODES; i++)
    if (modes->mode_mask & imp_teaching_modes[i].bit)
      imp_json_bool (&json, imp_teaching_modes[i].key,
                     *imp_teaching_mode_flag (&named, &imp_teaching_modes[i]));
  imp_json_end_object (&json);
  return g_string_free (text, FALSE);
}

static void
goal_members (Members *m, const ImpLessonGoal *goal)
{
  member (m, "goal.type", "type", json_string (imp_goal_kind_name (goal->kind)));
  /* A frame left out of a goal that needs one is said missing by the check. */
  if (goal->frame >= 0)
    member (m, "goal.frame", "frame", g_strdup_printf ("%" G_GINT64_FORMAT, goal->frame));
  switch (goal->kind)
    {
    case IMP_GOAL_EVENT:
      for (int k = 0; k <= PHYS_EVENT_EVENT_CAP; k++)
        if (goal->event_kinds & (1u << k))
          {
            member (m, "goal.kind", "kind", json_string (phys_event_kind_name ((PhysEventKind) k)));
            break;
          }
      if (goal->n_bodies > 0)
        member (m, "goal.between", "between", json_ids (goal->bodies, goal->n_bodies));
      break;
    case IMP_GOAL_VERDICT:
      if (goal->n_bodies > 0)
        member (m, "goal.between", "between", json_ids (goal->bodies, goal->n_bodies));
      if (goal->verdict != NULL)
        member (m, "goal.verdict", "verdict", json_string (goal->verdict));
      if (goal->has_show_edit)
        {
          ImpSessionFileEdit show = { .frame = goal->frame, .edit = goal->show_edit };
          GString *text = g_string_new (NULL);
          ImpJson json;
          imp_json_init (&json, text);
          imp_session_file_write_edit (&json, NULL, &show);
          member (m, "goal.show", "show", g_string_free (text, FALSE));
        }
      break;
    case IMP_GOAL_PREDICT:
      if (goal->quantity != NULL)
        member (m, "goal.quantity", "quantity", json_string (goal->quantity));
      if (goal->n_bodies > 0)
        member (m, "goal.of", "of", json_ids (goal->bodies, goal->n_bodies));
      member (m, "goal.tolerance", "tolerance", json_double (goal->tolerance));
      if (goal->has_expect)
        member (m, "goal.expect", "expect", json_double (goal->expect));
      break;
    case IMP_GOAL_MODE:
      if (goal->modes.mode_mask != 0)
        member (m, "goal.modes", "modes", modes_text (&goal->modes));
      if (goal->modes.has_integrator)
        member (m, "goal.integrator", "integrator",
                json_string (phys_integrator_name (goal->modes.integrator)));
      if (goal->modes.substeps > 0)
        member (m, "goal.substeps", "substeps", g_strdup_printf ("%d", goal->modes.substeps));
      break;
    case IMP_GOAL_FRAME:
    case IMP_GOAL_NONE:
    default:
      break;
    }
  if (goal->hint != NULL)
    member (m, "goal.hint", "hint", json_string (goal->hint));
}

static void
write_step (Writer *w, const ImpLessonStep *step, int i, gboolean last)
{
  Members m;

  put (w, i, NULL, "    {");
  members_init (&m);
  if (step->title != NULL)
    member (&m, "title", "title", json_string (step->title));
  member (&m, "text", "text", json_string (step->text != NULL ? step->text : ""));
  member (&m, "enter", "enter", enter_text (&step->action));
  if (step->goal.kind != IMP_GOAL_NONE)
    member (&m, "goal", "goal", g_strdup ("{"));
  /* The goal's own members go on lines of their own, after its opening brace. */
  gboolean has_goal = step->goal.kind != IMP_GOAL_NONE;
  for (guint k = 0; k < m.texts->len; k++)
    {
      gboolean opens_goal = has_goal && k + 1 == m.texts->len;
      g_autofree char *line
          = g_strdup_printf ("      %s%s", (char *) m.texts->pdata[k],
                             k + 1 < m.texts->len ? "," : "");
      put (w, i, m.fields->pdata[k], line);
      if (opens_goal)
        {
          Members g;
          members_init (&g);
          goal_members (&g, &step->goal);
          members_end (w, &g, i, 8, "}");
        }
    }
  g_ptr_array_unref (m.texts);
  g_ptr_array_unref (m.fields);
  put (w, i, NULL, last ? "    }" : "    },");
}

/**
 * imp_lesson_draft_to_data:
 * @draft: a draft
 * @length: (out) (optional): the text's length in bytes
 * @places: (out) (optional) (transfer full) (element-type ImpLessonDraftPlace): what
 *   each line holds, line 1 first
 *
 * The draft in the lesson format, as the editor saves it. What the teacher has
 * not written yet is left out (a title, a goal's hint), so that checking the text
 * says what is missing where it belongs.
 *
 * Returns: (transfer full): the text
 */
char *
imp_lesson_draft_to_data (const ImpLessonDraft *draft, gsize *length, GArray **places)
{
  Writer w = { g_string_new (NULL), g_array_new (FALSE, FALSE, sizeof (ImpLessonDraftPlace)) };
  Members top;

  put (&w, -1, NULL, "{");
  members_init (&top);
  member (&top, NULL, "impulse-lesson", g_strdup_printf ("%d", IMP_LESSON_FORMAT_VERSION));
  if (draft->id != NULL)
    member (&top, "id", "id", json_string (draft->id));
  if (draft->title != NULL)
    member (&top, "title", "title", json_string (draft->title));
  if (draft->summary != NULL)
    member (&top, "summary", "summary", json_string (draft->summary));
  if (draft->topic != NULL)
    member (&top, "topic", "topic", json_string (draft->topic));
  for (guint i = 0; i < top.texts->len; i++)
    {
      g_autofree char *line = g_strdup_printf ("  %s,", (char *) top.texts->pdata[i]);
      put (&w, -1, top.fields->pdata[i], line);
    }
  g_ptr_array_unref (top.texts);
  g_ptr_array_unref (top.fields);

  /* The scene's own lines, indented one level deeper than the lesson's keys. */
  g_autofree char *scene = g_strstrip (g_strdup (draft->scene_text));
  g_auto (GStrv) scene_lines = g_strsplit (scene, "\n", -1);
  g_autofree char *indented = g_strjoinv ("\n  ", scene_lines);
  g_autofree char *scene_line = g_strdup_printf ("  \"scene\": %s,", indented);
  put (&w, -1, "scene", scene_line);

  if (draft->edits->len > 0)
    {
      put (&w, -1, "edits", "  \"edits\": [");
      for (guint i = 0; i < draft->edits->len; i++)
        {
          GString *line = g_string_new ("    ");
          ImpJson json;
          imp_json_init (&json, line);
          imp_session_file_write_edit (&json, NULL,
                                       &g_array_index (draft->edits, ImpSessionFileEdit, i));
          g_string_append (line, i + 1 < draft->edits->len ? "," : "");
          put (&w, -1, "edits", line->str);
          g_string_free (line, TRUE);
        }
      put (&w, -1, "edits", "  ],");
    }

  put (&w, -1, "steps", draft->steps->len > 0 ? "  \"steps\": [" : "  \"steps\": []");
  for (guint i = 0; i < draft->steps->len; i++)
    write_step (&w, &g_array_index (draft->steps, ImpLessonStep, i), (int) i,
                i + 1 == draft->steps->len);
  if (draft->steps->len > 0)
    put (&w, -1, "steps", "  ]");
  put (&w, -1, NULL, "}");

  if (length != NULL)
    *length = w.out->len;
  if (places != NULL)
    *places = w.places;
  else
    g_array_unref (w.places);
  return g_string_free (w.out, FALSE);
}

/* Checking */

/* The key a message of a missing key names (IMP_FORMAT_ERROR_MISSING: "...: error: missing
 * required key \"id\" in lesson"), for a mistake placed on the object that lacks it: the
 * first key the message quotes, which every language's message keeps as the file writes it. */
static const char *
missing_key (const char *message, gboolean in_goal)
{
  const char *at = strstr (message, ": error: ");
  at = at != NULL ? strchr (at, '"') : NULL;
  const char *end = at != NULL ? strchr (at + 1, '"') : NULL;
  if (end == NULL)
    return NULL;
  g_autofree char *key = g_strndup (at + 1, (gsize) (end - at - 1));
  g_autofree char *field = in_goal ? g_strconcat ("goal.", key, NULL) : g_strdup (key);
  return g_intern_string (field);
}

/* Where in the draft the mistake of message (display_name:LINE:COLUMN: ...) is. */
static ImpLessonDraftPlace
locate (const GError *failure, const char *display_name, GArray *places)
{
  const char *message = failure->message;
  ImpLessonDraftPlace place = { -1, NULL };
  gsize n = strlen (display_name);

  if (strncmp (message, display_name, n) != 0 || message[n] != ':')
    return place;
  char *end;
  guint64 line = g_ascii_strtoull (message + n + 1, &end, 10);
  if (end == message + n + 1 || *end != ':' || line == 0 || line > places->len)
    return place;
  place = g_array_index (places, ImpLessonDraftPlace, line - 1);

  /* A key left out is reported at the object that lacks it: the step's or the
   * lesson's opening line, or the goal's. */
  gboolean on_goal = g_strcmp0 (place.field, "goal") == 0;
  if (g_error_matches (failure, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_MISSING)
      && (place.field == NULL || on_goal))
    {
      const char *key = missing_key (message, on_goal);
      if (key != NULL)
        place.field = key;
    }
  return place;
}

/**
 * imp_lesson_draft_check:
 * @draft: a draft
 * @display_name: FILE in messages: the file it will be saved as, to read as
 *   `impulse check FILE` would
 * @place: (out) (optional): where the mistake is, when there is one
 * @error: return location for an %IMP_FORMAT_ERROR: the message `impulse check`
 *   would print for the draft saved as @display_name
 *
 * Checks the draft as `impulse check` checks a lesson file: loads its text and
 * plays it with "show me" at every step (imp_lesson_check_data()).
 *
 * Returns: (transfer full) (nullable): the lesson, when the draft passes
 */
ImpLesson *
imp_lesson_draft_check (const ImpLessonDraft *draft, const char *display_name,
                        ImpLessonDraftPlace *place, GError **error)
{
  g_autoptr (GArray) places = NULL;
  gsize length;
  g_autofree char *data = imp_lesson_draft_to_data (draft, &length, &places);
  g_autofree char *dir = g_path_get_dirname (display_name);
  GError *failure = NULL;

  ImpLesson *lesson = imp_lesson_check_data (data, (gssize) length, display_name, dir, &failure);
  if (place != NULL)
    *place = lesson != NULL ? (ImpLessonDraftPlace){ -1, NULL }
                            : locate (failure, display_name, places);
  if (failure != NULL)
    g_propagate_error (error, failure);
  return lesson;
}

/**
 * imp_lesson_draft_save:
 * @draft: a draft that passes imp_lesson_draft_check()
 * @path: the lesson file to write
 * @place: (out) (optional): where the mistake is, when the check fails
 * @error: return location for an %IMP_FORMAT_ERROR: the check's, or
 *   %IMP_FORMAT_ERROR_IO ("PATH: error: cannot write the lesson: REASON")
 *
 * Checks the draft as @path and writes it there by imp_file_replace()'s rule:
 * atomically (a temporary file renamed over @path), so a reader sees the old
 * lesson or the whole new one; a failure leaves @path as it was. A draft that
 * fails the check is not written.
 *
 * Returns: %TRUE when the lesson was written
 */
gboolean
imp_lesson_draft_save (const ImpLessonDraft *draft, const char *path, ImpLessonDraftPlace *place,
                       GError **error)
{
  g_return_val_if_fail (draft != NULL && path != NULL, FALSE);

  g_autoptr (ImpLesson) lesson = imp_lesson_draft_check (draft, path, place, error);
  if (lesson == NULL)
    return FALSE;
  gsize length;
  g_autofree char *data = imp_lesson_draft_to_data (draft, &length, NULL);
  g_autoptr (GError) io_error = NULL;
  if (!imp_file_replace (path, data, length, TRUE, &io_error))
    {
      g_autofree char *what = g_strdup_printf (_("cannot write the lesson: %s"), io_error->message);
      g_set_error (error, IMP_FORMAT_ERROR, IMP_FORMAT_ERROR_IO, "%s: error: %s", path, what);
      return FALSE;
    }
  return TRUE;
}
