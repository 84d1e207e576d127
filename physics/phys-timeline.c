/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-timeline.c: branches of recordings.
 *
 * A branch is a recording that starts at its fork frame, from the state its
 * parent had there with one edit applied. Frames before the fork are read
 * from the parent, so a branch shares everything before its edit. The timeline
 * points at the current branch and at most one ghost (the future the last edit,
 * undo or redo replaced). Branches nothing can reach any more are freed; the
 * others keep only the frames something still needs, and record the rest again
 * if they become current.
 */
#include <stdlib.h>
#include <string.h>

#include "phys-recording-private.h"
#include "phys-timeline.h"

typedef struct Branch Branch;
struct Branch
{
  PhysRecording *rec;
  Branch *parent;         /* NULL for the run as the scene started it */
  int64_t fork;           /* frame of the branch's first state */
  PhysEdit edit;          /* what made it (not for the root) */
  bool reached;           /* scratch of collect() */
  int64_t need;           /* scratch of collect(): last state that must stay recorded */
};

typedef struct
{
  Branch *made;           /* the branch the edit started */
  Branch *before;         /* the branch that was current before it */
} Change;

typedef struct
{
  int64_t frame;
  char *note;
  char *view; /* what the app showed there, opaque to the timeline; NULL for none */
} Bookmark;

struct PhysTimeline
{
  PhysTimelineDef def;
  Branch **branches;
  int n_branches, cap_branches;
  Branch *current;
  Branch *ghost;
  Change *undo, *redo;
  int n_undo, cap_undo, n_redo, cap_redo;
  Bookmark *bookmarks;
  int n_bookmarks, cap_bookmarks;
};

static void *
grow (void *table, int *capacity, int need, size_t item)
{
  if (need <= *capacity)
    return table;
  int cap = *capacity > 0 ? *capacity * 2 : 8;
  while (cap < need)
    cap *= 2;
  void *grown = realloc (table, (size_t) cap * item);
  if (grown == NULL)
    abort ();
  *capacity = cap;
  return grown;
}

static Branch *
branch_new (PhysTimeline *tl, const PhysWorld *world, Branch *parent, const PhysEdit *edit)
{
  Branch *b = calloc (1, sizeof *b);
  if (b == NULL)
    abort ();
  b->rec = phys_recording_new (world, &tl->def);
  b->parent = parent;
  b->fork = phys_world_frame (world);
  if (edit != NULL)
    b->edit = *edit;
  tl->branches = grow (tl->branches, &tl->cap_branches, tl->n_branches + 1, sizeof (Branch *));
  tl->branches[tl->n_branches++] = b;
  return b;
}

/* Last state a branch has recorded. */
static int64_t
branch_end (const Branch *b)
{
  return b->fork + phys_recording_length (b->rec);
}

/* The branch of the chain ending at b that holds state (or frame) k. */
static Branch *
covering (Branch *b, int64_t k)
{
  while (b->parent != NULL && k < b->fork)
    b = b->parent;
  return b;
}

static int64_t
first_frame (const PhysTimeline *tl)
{
  const Branch *b = tl->current;
  while (b->parent != NULL)
    b = b->parent;
  return b->fork;
}

PhysTimeline *
phys_timeline_new (const PhysWorld *world, const PhysTimelineDef *def)
{
  PhysTimeline *tl = calloc (1, sizeof *tl);
  if (tl == NULL)
    abort ();
  tl->def = def != NULL ? *def : phys_timeline_def_default ();
  tl->current = branch_new (tl, world, NULL, NULL);
  return tl;
}

void
phys_timeline_free (PhysTimeline *tl)
{
  if (tl == NULL)
    return;
  for (int i = 0; i < tl->n_branches; i++)
    {
      phys_recording_free (tl->branches[i]->rec);
      free (tl->branches[i]);
    }
  for (int i = 0; i < tl->n_bookmarks; i++)
    {
      free (tl->bookmarks[i].note);
      free (tl->bookmarks[i].view);
    }
  free (tl->branches);
  free (tl->undo);
  free (tl->redo);
  free (tl->bookmarks);
  free (tl);
}

/* ---- the current branch --------------------------------------------------- */

int64_t
phys_timeline_record (PhysTimeline *tl, int64_t max_frames)
{
  return phys_recording_record (tl->current->rec, max_frames);
}

int64_t
phys_timeline_length (const PhysTimeline *tl)
{
  return branch_end (tl->current) - first_frame (tl);
}

int64_t
phys_timeline_first_frame (const PhysTimeline *tl)
{
  return first_frame (tl);
}

PhysHalt
phys_timeline_halt (const PhysTimeline *tl)
{
  return phys_recording_halt (tl->current->rec);
}

static bool
chain_has_state (const PhysTimeline *tl, const Branch *head, int64_t k)
{
  return k >= first_frame (tl) && k <= branch_end (head);
}

static bool
chain_has_frame (const PhysTimeline *tl, const Branch *head, int64_t k)
{
  return k >= first_frame (tl) && k < branch_end (head);
}

static PhysFrameSummary
chain_summary (const PhysTimeline *tl, Branch *head, int64_t k)
{
  PhysFrameSummary none;
  memset (&none, 0, sizeof none);
  if (!chain_has_state (tl, head, k))
    return none;
  Branch *b = covering (head, k);
  PhysFrameSummary s = phys_recording_summary (b->rec, k);
  /* The last state a parent lends its child has no frame of the child's. */
  if (b != head && k == branch_end (b))
    {
      s.n_events = 0;
      s.kinds = 0;
    }
  return s;
}

PhysFrameSummary
phys_timeline_summary (const PhysTimeline *tl, int64_t k)
{
  return chain_summary (tl, tl->current, k);
}

int
phys_timeline_event_count (const PhysTimeline *tl, int64_t k)
{
  if (!chain_has_frame (tl, tl->current, k))
    return 0;
  return phys_recording_event_count (covering (tl->current, k)->rec, k);
}

PhysEventBrief
phys_timeline_event_brief (const PhysTimeline *tl, int64_t k, int i)
{
  return phys_recording_event_brief (covering (tl->current, k)->rec, k, i);
}

static const PhysWorld *
chain_seek (const PhysTimeline *tl, Branch *head, int64_t k)
{
  if (!chain_has_state (tl, head, k))
    return NULL;
  return phys_recording_seek (covering (head, k)->rec, k);
}

const PhysWorld *
phys_timeline_seek (PhysTimeline *tl, int64_t k)
{
  return chain_seek (tl, tl->current, k);
}

static bool
chain_frame_events (const PhysTimeline *tl, Branch *head, int64_t k, PhysEventLog *log)
{
  if (!chain_has_frame (tl, head, k))
    return false;
  return phys_recording_frame_events (covering (head, k)->rec, k, log);
}

bool
phys_timeline_frame_events (PhysTimeline *tl, int64_t k, PhysEventLog *log)
{
  return chain_frame_events (tl, tl->current, k, log);
}

int
phys_timeline_stops (PhysTimeline *tl, int64_t k, PhysStop **stops)
{
  *stops = NULL;
  if (!chain_has_frame (tl, tl->current, k))
    return 0;
  return phys_recording_stops (covering (tl->current, k)->rec, k, stops);
}

bool
phys_timeline_state_at_stop (PhysTimeline *tl, int64_t k, const PhysStop *stop,
                             PhysVec2 *positions, PhysVec2 *velocities, PhysVec2 *probe_positions)
{
  if (!chain_has_frame (tl, tl->current, k))
    return false;
  return phys_recording_state_at_stop (covering (tl->current, k)->rec, k, stop, positions,
                                       velocities, probe_positions);
}

bool
phys_timeline_state_at_time (PhysTimeline *tl, int64_t k, PhysReal t, PhysVec2 *positions,
                             PhysVec2 *probe_positions)
{
  if (!chain_has_frame (tl, tl->current, k))
    return false;
  return phys_recording_state_at_time (covering (tl->current, k)->rec, k, t, positions,
                                       probe_positions);
}

PhysTimelineStats
phys_timeline_stats (const PhysTimeline *tl)
{
  PhysTimelineStats s = phys_recording_stats (tl->current->rec);
  s.frames = phys_timeline_length (tl);
  s.keyframes = 0;
  s.bytes = 0;
  s.events = 0;
  for (int i = 0; i < tl->n_branches; i++)
    {
      PhysTimelineStats b = phys_recording_stats (tl->branches[i]->rec);
      s.keyframes += b.keyframes;
      s.bytes += b.bytes;
      s.events += b.events;
    }
  return s;
}

bool
phys_timeline_frame_matches (const PhysTimeline *tl, int64_t k, const PhysTimelineQuery *query)
{
  return chain_has_frame (tl, tl->current, k)
         && phys_recording_frame_matches (covering (tl->current, k)->rec, k, query);
}

int64_t
phys_timeline_find (const PhysTimeline *tl, int64_t from, int direction,
                    const PhysTimelineQuery *query)
{
  int step = direction >= 0 ? 1 : -1;
  for (int64_t k = from + step; chain_has_frame (tl, tl->current, k); k += step)
    if (phys_recording_frame_matches (covering (tl->current, k)->rec, k, query))
      return k;
  return -1;
}

/* ---- edits, undo, redo ---------------------------------------------------- */

static void
mark_chain (Branch *b)
{
  for (; b != NULL && !b->reached; b = b->parent)
    b->reached = true;
}

/* Frees what nothing can reach and trims what only lends a prefix. */
static void
collect (PhysTimeline *tl)
{
  for (int i = 0; i < tl->n_branches; i++)
    {
      tl->branches[i]->reached = false;
      tl->branches[i]->need = tl->branches[i]->fork;
    }
  mark_chain (tl->current);
  mark_chain (tl->ghost);
  for (int i = 0; i < tl->n_undo; i++)
    {
      mark_chain (tl->undo[i].made);
      mark_chain (tl->undo[i].before);
    }
  for (int i = 0; i < tl->n_redo; i++)
    {
      mark_chain (tl->redo[i].made);
      mark_chain (tl->redo[i].before);
    }

  int kept = 0;
  for (int i = 0; i < tl->n_branches; i++)
    {
      Branch *b = tl->branches[i];
      if (b->reached)
        tl->branches[kept++] = b;
      else
        {
          phys_recording_free (b->rec);
          free (b);
        }
    }
  tl->n_branches = kept;

  /* The current branch and the ghost keep all they have; a parent keeps what its
   * children read from it. */
  tl->current->need = INT64_MAX;
  if (tl->ghost != NULL)
    tl->ghost->need = INT64_MAX;
  for (int i = 0; i < tl->n_branches; i++)
    {
      Branch *b = tl->branches[i];
      if (b->parent != NULL && b->parent->need < b->fork)
        b->parent->need = b->fork;
    }
  for (int i = 0; i < tl->n_branches; i++)
    {
      Branch *b = tl->branches[i];
      if (b->need < branch_end (b))
        phys_recording_truncate (b->rec, b->need);
    }
}

static void
push_change (Change **stack, int *n, int *cap, Change step)
{
  *stack = grow (*stack, cap, *n + 1, sizeof (Change));
  (*stack)[(*n)++] = step;
}

PhysStatus
phys_timeline_edit (PhysTimeline *tl, int64_t k, const PhysEdit *edit)
{
  if (!chain_has_state (tl, tl->current, k))
    return PHYS_ERROR_OUT_OF_RANGE;
  Branch *parent = covering (tl->current, k);
  PhysWorld *world = phys_world_copy (phys_recording_seek (parent->rec, k));
  PhysStatus status = phys_world_apply_edit (world, edit);
  if (status != PHYS_OK)
    {
      phys_world_free (world);
      return status;
    }
  Branch *made = branch_new (tl, world, parent, edit);
  phys_world_free (world);

  push_change (&tl->undo, &tl->n_undo, &tl->cap_undo, (Change) { made, tl->current });
  tl->n_redo = 0;
  tl->ghost = tl->current;
  tl->current = made;
  collect (tl);
  return PHYS_OK;
}

bool
phys_timeline_can_undo (const PhysTimeline *tl)
{
  return tl->n_undo > 0;
}

bool
phys_timeline_can_redo (const PhysTimeline *tl)
{
  return tl->n_redo > 0;
}

bool
phys_timeline_undo (PhysTimeline *tl)
{
  if (tl->n_undo == 0)
    return false;
  Change step = tl->undo[--tl->n_undo];
  push_change (&tl->redo, &tl->n_redo, &tl->cap_redo, step);
  tl->ghost = step.made;
  tl->current = step.before;
  collect (tl);
  return true;
}

bool
phys_timeline_redo (PhysTimeline *tl)
{
  if (tl->n_redo == 0)
    return false;
  Change step = tl->redo[--tl->n_redo];
  push_change (&tl->undo, &tl->n_undo, &tl->cap_undo, step);
  tl->ghost = step.before;
  tl->current = step.made;
  collect (tl);
  return true;
}

int
phys_timeline_edit_count (const PhysTimeline *tl)
{
  int n = 0;
  for (const Branch *b = tl->current; b->parent != NULL; b = b->parent)
    n++;
  return n;
}

PhysEdit
phys_timeline_get_edit (const PhysTimeline *tl, int i, int64_t *frame)
{
  int from_end = phys_timeline_edit_count (tl) - 1 - i;
  const Branch *b = tl->current;
  while (from_end-- > 0)
    b = b->parent;
  if (frame != NULL)
    *frame = b->fork;
  return b->edit;
}

/* ---- the ghost ------------------------------------------------------------ */

bool
phys_timeline_has_ghost (const PhysTimeline *tl)
{
  return tl->ghost != NULL;
}

int64_t
phys_timeline_ghost_fork (const PhysTimeline *tl)
{
  if (tl->ghost == NULL)
    return -1;
  /* The first state where the two chains read different branches. */
  for (const Branch *g = tl->ghost; g != NULL; g = g->parent)
    for (const Branch *c = tl->current; c != NULL; c = c->parent)
      if (c == g)
        {
          int64_t fork = INT64_MAX;
          for (const Branch *x = tl->current; x != g; x = x->parent)
            fork = x->fork < fork ? x->fork : fork;
          for (const Branch *x = tl->ghost; x != g; x = x->parent)
            fork = x->fork < fork ? x->fork : fork;
          return fork;
        }
  return first_frame (tl);
}

int64_t
phys_timeline_ghost_length (const PhysTimeline *tl)
{
  return tl->ghost != NULL ? branch_end (tl->ghost) - first_frame (tl) : 0;
}

const PhysWorld *
phys_timeline_ghost_seek (PhysTimeline *tl, int64_t k)
{
  return tl->ghost != NULL ? chain_seek (tl, tl->ghost, k) : NULL;
}

PhysFrameSummary
phys_timeline_ghost_summary (const PhysTimeline *tl, int64_t k)
{
  PhysFrameSummary none;
  memset (&none, 0, sizeof none);
  return tl->ghost != NULL ? chain_summary (tl, tl->ghost, k) : none;
}

bool
phys_timeline_ghost_frame_events (PhysTimeline *tl, int64_t k, PhysEventLog *log)
{
  return tl->ghost != NULL && chain_frame_events (tl, tl->ghost, k, log);
}

/* ---- bookmarks ------------------------------------------------------------ */

/* A malloc'd copy of note, "" for NULL. */
static char *
copy_note (const char *note)
{
  const char *text = note != NULL ? note : "";
  size_t n = strlen (text);
  char *copy = malloc (n + 1);
  if (copy == NULL)
    abort ();
  memcpy (copy, text, n + 1);
  return copy;
}

int
phys_timeline_add_bookmark (PhysTimeline *tl, int64_t k, const char *note)
{
  tl->bookmarks = grow (tl->bookmarks, &tl->cap_bookmarks, tl->n_bookmarks + 1,
                        sizeof (Bookmark));
  tl->bookmarks[tl->n_bookmarks] = (Bookmark) { k, copy_note (note), NULL };
  return tl->n_bookmarks++;
}

bool
phys_timeline_set_bookmark_note (PhysTimeline *tl, int i, const char *note)
{
  if (i < 0 || i >= tl->n_bookmarks)
    return false;
  char *copy = copy_note (note);
  free (tl->bookmarks[i].note);
  tl->bookmarks[i].note = copy;
  return true;
}

bool
phys_timeline_remove_bookmark (PhysTimeline *tl, int i)
{
  if (i < 0 || i >= tl->n_bookmarks)
    return false;
  free (tl->bookmarks[i].note);
  free (tl->bookmarks[i].view);
  memmove (tl->bookmarks + i, tl->bookmarks + i + 1,
           (size_t) (tl->n_bookmarks - i - 1) * sizeof (Bookmark));
  tl->n_bookmarks--;
  return true;
}

bool
phys_timeline_set_bookmark_view (PhysTimeline *tl, int i, const char *view)
{
  if (i < 0 || i >= tl->n_bookmarks)
    return false;
  char *copy = view != NULL ? copy_note (view) : NULL;
  free (tl->bookmarks[i].view);
  tl->bookmarks[i].view = copy;
  return true;
}

const char *
phys_timeline_get_bookmark_view (const PhysTimeline *tl, int i)
{
  return i >= 0 && i < tl->n_bookmarks ? tl->bookmarks[i].view : NULL;
}

int
phys_timeline_bookmark_count (const PhysTimeline *tl)
{
  return tl->n_bookmarks;
}

const char *
phys_timeline_get_bookmark (const PhysTimeline *tl, int i, int64_t *frame)
{
  if (i < 0 || i >= tl->n_bookmarks)
    return NULL;
  if (frame != NULL)
    *frame = tl->bookmarks[i].frame;
  return tl->bookmarks[i].note;
}
