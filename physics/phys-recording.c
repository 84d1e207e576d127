/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phys-recording.c: one recording of a run without edits: summaries, event briefs,
 * keyframes, seeking and the moments inside a frame. phys-timeline.c builds
 * branches out of these.
 *
 * Memory: a frame costs its summary and 8 bytes per event; a keyframe costs one
 * state snapshot. When the total passes the budget, every other keyframe is
 * dropped (K doubles), which halves their cost and doubles the worst seek.
 * Seeking restores the keyframe at or before the target and steps forward,
 * keeping the states it passes in a small window so that stepping backwards
 * frame by frame costs one refill per K frames, not K steps each time.
 */
#include <stdlib.h>
#include <string.h>

#include "phys-recording-private.h"
#include "phys-world-private.h"

struct PhysRecording
{
  PhysTimelineDef def;
  size_t state_size;
  int64_t first;            /* frame number of state 0 of the recording */
  int64_t length;           /* frames recorded */

  PhysWorld *head;          /* at the end of the recording, where recording goes on */
  PhysWorld *cursor;        /* the world seek() hands out */
  PhysEventLog log;         /* the head's events while recording */

  PhysFrameSummary *summaries; /* length + 1 */
  int64_t cap_summaries;
  uint64_t *briefs;         /* every event of every frame, packed */
  size_t n_briefs, cap_briefs;
  uint64_t *brief_start;    /* frame k's briefs are [brief_start[k], brief_start[k + 1]) */

  int interval;             /* K */
  unsigned char **keyframes; /* keyframe j holds state j K */
  int64_t n_keyframes, cap_keyframes;
  int thinned;

  unsigned char *window;    /* ring of recent states for stepping backwards */
  int window_cap;
  int64_t window_first;     /* oldest state in the window */
  int window_count;

  int64_t events_frame;     /* frame whose full events frame_log holds, or -1 */
  PhysEventLog frame_log;
};



static void *
xrealloc (void *p, size_t n, size_t size)
{
  void *q = realloc (p, (n > 0 ? n : 1) * size);
  if (q == NULL)
    abort ();
  return q;
}

/* ---- packing event briefs ------------------------------------------------ */

enum
{
  T_BITS = 16,
  ID_BITS = 18, /* ids + 1 up to 2^18 - 1 > PHYS_MAX_CIRCLES + 1 */
  FLAG_SHIFT = 7, /* kind in bits 0-3, b_kind in 4-6, then five flags */
  ID_SHIFT = 12,
};

static uint64_t
pack_brief (const PhysEvent *e)
{
  PhysReal t = e->t < 0.0 ? 0.0 : (e->t > 1.0 ? 1.0 : e->t);
  uint64_t q = (uint64_t) (t * ((1 << T_BITS) - 1) + 0.5);
  uint64_t bits = (uint64_t) e->kind & 15;
  bits |= ((uint64_t) e->b_kind & 7) << 4;
  bits |= (uint64_t) e->resting << FLAG_SHIFT;
  bits |= (uint64_t) e->repeated << (FLAG_SHIFT + 1);
  bits |= (uint64_t) e->at_frame_end << (FLAG_SHIFT + 2);
  bits |= (uint64_t) e->woke << (FLAG_SHIFT + 3);
  bits |= (uint64_t) e->solved << (FLAG_SHIFT + 4);
  bits |= ((uint64_t) (e->a + 1) & ((1u << ID_BITS) - 1)) << ID_SHIFT;
  bits |= ((uint64_t) (e->b + 1) & ((1u << ID_BITS) - 1)) << (ID_SHIFT + ID_BITS);
  bits |= q << (ID_SHIFT + 2 * ID_BITS);
  return bits;
}

static PhysEventBrief
unpack_brief (uint64_t bits)
{
  PhysEventBrief b;
  uint64_t id_mask = (1u << ID_BITS) - 1;
  b.kind = (PhysEventKind) (bits & 15);
  b.b_kind = (PhysBodyKind) ((bits >> 4) & 7);
  b.resting = (bits >> FLAG_SHIFT) & 1;
  b.repeated = (bits >> (FLAG_SHIFT + 1)) & 1;
  b.at_frame_end = (bits >> (FLAG_SHIFT + 2)) & 1;
  b.woke = (bits >> (FLAG_SHIFT + 3)) & 1;
  b.solved = (bits >> (FLAG_SHIFT + 4)) & 1;
  b.a = (int) ((bits >> ID_SHIFT) & id_mask) - 1;
  b.b = (int) ((bits >> (ID_SHIFT + ID_BITS)) & id_mask) - 1;
  b.t = (float) ((double) (bits >> (ID_SHIFT + 2 * ID_BITS)) / ((1 << T_BITS) - 1));
  return b;
}

/* ---- memory --------------------------------------------------------------- */

/* Bytes in use; growth reserve that is never touched does not count (it is not
 * resident), so doubling a table cannot by itself force a thinning. */
static size_t
bytes_used (const PhysRecording *tl)
{
  size_t states = (size_t) tl->length + 1;
  return states * (sizeof (PhysFrameSummary) + sizeof (uint64_t))
         + tl->n_briefs * sizeof (uint64_t)
         + (size_t) tl->n_keyframes * (tl->state_size + sizeof (unsigned char *))
         + (size_t) tl->window_cap * tl->state_size
         + tl->frame_log.capacity * sizeof (PhysEvent) + tl->log.capacity * sizeof (PhysEvent);
}

/* The window holds up to K + 1 states, but never more than 1/16 of the budget. */
static int
window_capacity (const PhysRecording *tl)
{
  size_t most = tl->def.budget_bytes / 16 / (tl->state_size > 0 ? tl->state_size : 1);
  int cap = tl->interval + 1;
  if ((size_t) cap > most)
    cap = most > 2 ? (int) most : 2;
  return cap;
}

static void
reset_window (PhysRecording *tl)
{
  int cap = window_capacity (tl);
  if (cap != tl->window_cap)
    {
      tl->window = xrealloc (tl->window, (size_t) cap, tl->state_size);
      tl->window_cap = cap;
    }
  tl->window_count = 0;
  tl->window_first = 0;
}

/* Drops every other keyframe: K doubles. Keyframe 0 always stays. */
static void
thin_keyframes (PhysRecording *tl)
{
  int64_t kept = 0;
  for (int64_t j = 0; j < tl->n_keyframes; j++)
    {
      if (j % 2 == 0)
        tl->keyframes[kept++] = tl->keyframes[j];
      else
        free (tl->keyframes[j]);
    }
  tl->n_keyframes = kept;
  tl->interval *= 2;
  tl->thinned++;
  reset_window (tl);
}

static void
respect_budget (PhysRecording *tl)
{
  /* Thinning past the recording's length frees nothing more. */
  while (bytes_used (tl) > tl->def.budget_bytes && tl->n_keyframes > 1
         && tl->interval < tl->length && tl->interval < (1 << 30))
    thin_keyframes (tl);
}

/* ---- recording ------------------------------------------------------------ */

static void
summarise_state (PhysRecording *tl, const PhysWorld *world, int64_t index)
{
  if (index + 1 > tl->cap_summaries)
    {
      int64_t cap = tl->cap_summaries > 0 ? tl->cap_summaries * 2 : 1024;
      tl->summaries = xrealloc (tl->summaries, (size_t) cap, sizeof *tl->summaries);
      tl->brief_start = xrealloc (tl->brief_start, (size_t) cap + 1, sizeof *tl->brief_start);
      tl->cap_summaries = cap;
    }
  PhysFrameSummary *s = &tl->summaries[index];
  memset (s, 0, sizeof *s);
  s->energy = phys_world_energy (world);
  s->hash = phys_world_hash (world);
}

static void
add_keyframe (PhysRecording *tl, const PhysWorld *world)
{
  if (tl->n_keyframes == tl->cap_keyframes)
    {
      tl->cap_keyframes = tl->cap_keyframes > 0 ? tl->cap_keyframes * 2 : 64;
      tl->keyframes = xrealloc (tl->keyframes, (size_t) tl->cap_keyframes,
                                sizeof *tl->keyframes);
    }
  unsigned char *buf = malloc (tl->state_size);
  if (buf == NULL)
    abort ();
  phys_world_state_save (world, buf);
  tl->keyframes[tl->n_keyframes++] = buf;
}

PhysRecording *
phys_recording_new (const PhysWorld *world, const PhysTimelineDef *def)
{
  PhysRecording *tl = calloc (1, sizeof *tl);
  if (tl == NULL)
    abort ();
  tl->def = def != NULL ? *def : phys_timeline_def_default ();
  if (tl->def.keyframe_interval < 1)
    tl->def.keyframe_interval = 1;
  tl->interval = tl->def.keyframe_interval;
  tl->head = phys_world_copy (world);
  tl->cursor = phys_world_copy (world);
  tl->state_size = phys_world_state_size (world);
  tl->first = phys_world_frame (world);
  tl->events_frame = -1;
  phys_event_log_init (&tl->log);
  phys_event_log_init (&tl->frame_log);

  summarise_state (tl, world, 0);
  tl->brief_start[0] = 0;
  add_keyframe (tl, world);
  reset_window (tl);
  return tl;
}

void
phys_recording_free (PhysRecording *tl)
{
  if (tl == NULL)
    return;
  phys_world_free (tl->head);
  phys_world_free (tl->cursor);
  phys_event_log_free (&tl->log);
  phys_event_log_free (&tl->frame_log);
  free (tl->summaries);
  free (tl->briefs);
  free (tl->brief_start);
  for (int64_t j = 0; j < tl->n_keyframes; j++)
    free (tl->keyframes[j]);
  free (tl->keyframes);
  free (tl->window);
  free (tl);
}

int64_t
phys_recording_record (PhysRecording *tl, int64_t max_frames)
{
  int64_t done = 0;
  for (; done < max_frames; done++)
    {
      phys_event_log_clear (&tl->log);
      phys_world_step (tl->head, &tl->log);
      /* A frame that diverged was not stepped: the recording ends at its state. */
      if (phys_world_halt (tl->head).kind != PHYS_HALT_NONE)
        break;

      int64_t k = tl->length;
      if (tl->n_briefs + tl->log.count > tl->cap_briefs)
        {
          size_t cap = tl->cap_briefs > 0 ? tl->cap_briefs : 4096;
          while (cap < tl->n_briefs + tl->log.count)
            cap *= 2;
          tl->briefs = xrealloc (tl->briefs, cap, sizeof *tl->briefs);
          tl->cap_briefs = cap;
        }
      uint32_t kinds = 0;
      for (size_t i = 0; i < tl->log.count; i++)
        {
          tl->briefs[tl->n_briefs++] = pack_brief (&tl->log.events[i]);
          kinds |= 1u << tl->log.events[i].kind;
        }
      tl->summaries[k].n_events = (uint32_t) tl->log.count;
      tl->summaries[k].kinds = kinds;

      summarise_state (tl, tl->head, k + 1);
      tl->brief_start[k + 1] = tl->n_briefs;
      tl->length = k + 1;
      if (tl->length % tl->interval == 0)
        add_keyframe (tl, tl->head);
      respect_budget (tl);
    }
  return done;
}

int64_t
phys_recording_length (const PhysRecording *tl)
{
  return tl->length;
}

PhysHalt
phys_recording_halt (const PhysRecording *tl)
{
  return phys_world_halt (tl->head);
}

int64_t
phys_recording_first_frame (const PhysRecording *tl)
{
  return tl->first;
}

static bool
has_state (const PhysRecording *tl, int64_t k)
{
  return k >= tl->first && k <= tl->first + tl->length;
}

static bool
has_frame (const PhysRecording *tl, int64_t k)
{
  return k >= tl->first && k < tl->first + tl->length;
}

PhysFrameSummary
phys_recording_summary (const PhysRecording *tl, int64_t k)
{
  PhysFrameSummary none;
  memset (&none, 0, sizeof none);
  return has_state (tl, k) ? tl->summaries[k - tl->first] : none;
}

int
phys_recording_event_count (const PhysRecording *tl, int64_t k)
{
  return has_frame (tl, k) ? (int) tl->summaries[k - tl->first].n_events : 0;
}

PhysEventBrief
phys_recording_event_brief (const PhysRecording *tl, int64_t k, int i)
{
  int64_t f = k - tl->first;
  return unpack_brief (tl->briefs[tl->brief_start[f] + (uint64_t) i]);
}

/* ---- seeking -------------------------------------------------------------- */

static unsigned char *
window_slot (PhysRecording *tl, int64_t index)
{
  return tl->window + (size_t) (index % tl->window_cap) * tl->state_size;
}

static bool
window_has (const PhysRecording *tl, int64_t index)
{
  return tl->window_count > 0 && index >= tl->window_first
         && index < tl->window_first + tl->window_count;
}

/* Keeps the cursor's state (recording index `index`) in the window. */
static void
window_push (PhysRecording *tl, int64_t index)
{
  if (tl->window_count == 0 || index != tl->window_first + tl->window_count)
    {
      tl->window_first = index;
      tl->window_count = 0;
    }
  if (tl->window_count == tl->window_cap)
    {
      tl->window_first++;
      tl->window_count--;
    }
  phys_world_state_save (tl->cursor, window_slot (tl, index));
  tl->window_count++;
}

const PhysWorld *
phys_recording_seek (PhysRecording *tl, int64_t k)
{
  if (!has_state (tl, k))
    return NULL;
  int64_t target = k - tl->first;
  int64_t at = phys_world_frame (tl->cursor) - tl->first;
  if (at == target)
    return tl->cursor;
  if (window_has (tl, target))
    {
      phys_world_state_load (tl->cursor, window_slot (tl, target));
      return tl->cursor;
    }

  int64_t key = target / tl->interval;
  int64_t key_index = key * tl->interval;
  if (at < key_index || at > target)
    {
      phys_world_state_load (tl->cursor, tl->keyframes[key]);
      at = key_index;
    }
  /* Keep the window when the cursor is its newest state: stepping on extends it. */
  if (!(window_has (tl, at) && at == tl->window_first + tl->window_count - 1))
    window_push (tl, at);
  while (at < target)
    {
      phys_world_step (tl->cursor, NULL);
      at++;
      window_push (tl, at);
    }
  return tl->cursor;
}

bool
phys_recording_frame_events (PhysRecording *tl, int64_t k, PhysEventLog *log)
{
  if (!has_frame (tl, k))
    return false;
  if (tl->events_frame != k)
    {
      const PhysWorld *world = phys_recording_seek (tl, k);
      PhysWorld *copy = phys_world_copy (world);
      phys_event_log_clear (&tl->frame_log);
      phys_world_step (copy, &tl->frame_log);
      phys_world_free (copy);
      tl->events_frame = k;
    }
  for (size_t i = 0; i < tl->frame_log.count; i++)
    {
      if (log->count == log->capacity)
        {
          log->capacity = log->capacity > 0 ? log->capacity * 2 : 64;
          log->events = xrealloc (log->events, log->capacity, sizeof *log->events);
        }
      log->events[log->count++] = tl->frame_log.events[i];
    }
  return true;
}

int
phys_recording_stops (PhysRecording *tl, int64_t k, PhysStop **stops)
{
  *stops = NULL;
  PhysEventLog log;
  phys_event_log_init (&log);
  if (!phys_recording_frame_events (tl, k, &log))
    return 0;

  PhysStop *out = malloc ((2 * log.count + 2) * sizeof *out);
  if (out == NULL)
    abort ();
  int n = 0;
  out[n++] = (PhysStop) { PHYS_STOP_START, 0.0, 0, -1 };
  int answered = 0;
  for (size_t i = 0; i < log.count; i++)
    {
      const PhysEvent *e = &log.events[i];
      if (e->kind == PHYS_EVENT_PROBE_SEGMENT)
        {
          out[n++] = (PhysStop) { PHYS_STOP_PROBE, e->t, answered, (int) i };
          continue;
        }
      /* The cap answers nothing; an island's sleep or waking is the frame's end (answer -1). */
      if (e->kind == PHYS_EVENT_EVENT_CAP || e->kind == PHYS_EVENT_SLEEP
          || e->kind == PHYS_EVENT_WAKE)
        continue;
      /* The double-pair-loop repeat shares its pair's answer: one more stop after it. */
      if (!e->repeated)
        out[n++] = (PhysStop) { PHYS_STOP_BEFORE, e->t, e->answer, (int) i };
      out[n++] = (PhysStop) { PHYS_STOP_AFTER, e->t, e->answer + 1, (int) i };
      answered = e->answer + 1;
    }
  out[n++] = (PhysStop) { PHYS_STOP_END, 1.0, answered, -1 };
  phys_event_log_free (&log);
  *stops = out;
  return n;
}

bool
phys_recording_state_at_stop (PhysRecording *tl, int64_t k, const PhysStop *stop,
                             PhysVec2 *positions, PhysVec2 *velocities, PhysVec2 *probe_positions)
{
  if (!has_frame (tl, k))
    return false;
  if (stop->kind == PHYS_STOP_END)
    {
      /* The end of frame k is state k + 1, exactly as recorded. */
      const PhysWorld *world = phys_recording_seek (tl, k + 1);
      for (int i = 0; i < phys_world_circle_count (world); i++)
        {
          PhysCircle c = phys_world_get_circle (world, i);
          if (positions != NULL)
            positions[i] = c.position;
          if (velocities != NULL)
            velocities[i] = c.velocity;
        }
      if (probe_positions != NULL)
        for (int i = 0; i < phys_world_probe_count (world); i++)
          probe_positions[i] = phys_world_get_probe (world, i).position;
      return true;
    }
  const PhysWorld *world = phys_recording_seek (tl, k);
  phys_world_frame_state_at (world, stop->t, stop->answers, positions, velocities,
                             probe_positions);
  return true;
}

bool
phys_recording_state_at_time (PhysRecording *tl, int64_t k, PhysReal t, PhysVec2 *positions,
                             PhysVec2 *probe_positions)
{
  if (!has_frame (tl, k))
    return false;
  const PhysWorld *world = phys_recording_seek (tl, k);
  phys_world_frame_state_at (world, t, INT32_MAX, positions, NULL, probe_positions);
  return true;
}

PhysTimelineStats
phys_recording_stats (const PhysRecording *tl)
{
  PhysTimelineStats s;
  memset (&s, 0, sizeof s);
  s.frames = tl->length;
  s.keyframes = tl->n_keyframes;
  s.keyframe_interval = tl->interval;
  s.thinned = tl->thinned;
  s.bytes = bytes_used (tl);
  s.budget_bytes = tl->def.budget_bytes;
  s.events = tl->n_briefs;
  s.worst_resteps = tl->interval - 1;
  return s;
}

/* ---- breakpoints ---------------------------------------------------------- */

static bool
brief_involves (const PhysEventBrief *e, PhysBodyRef body)
{
  switch (e->kind)
    {
    case PHYS_EVENT_PROBE_SEGMENT:
      return (body.kind == PHYS_BODY_PROBE && e->a == body.index)
             || (body.kind == PHYS_BODY_SEGMENT && e->b == body.index);
    case PHYS_EVENT_EVENT_CAP:
      return false;
    default:
      return (body.kind == PHYS_BODY_CIRCLE && e->a == body.index)
             || (body.kind == e->b_kind && e->b == body.index);
    }
}

static bool
frame_matches (const PhysRecording *tl, int64_t f, const PhysTimelineQuery *q)
{
  const PhysFrameSummary *s = &tl->summaries[f];
  if (q->event_cap && (s->kinds & (1u << PHYS_EVENT_EVENT_CAP)) != 0)
    return true;
  if (q->energy_change > 0.0)
    {
      PhysReal e0 = s->energy.total, e1 = tl->summaries[f + 1].energy.total;
      if (fabs (e1 - e0) > q->energy_change * fabs (e0))
        return true;
    }
  bool by_events = q->kinds != 0 || q->match_body || q->match_pair
                   || (!q->event_cap && q->energy_change <= 0.0);
  if (!by_events || s->n_events == 0)
    return false;
  if (q->kinds != 0 && (s->kinds & q->kinds) == 0)
    return false;
  for (uint64_t i = tl->brief_start[f]; i < tl->brief_start[f + 1]; i++)
    {
      PhysEventBrief e = unpack_brief (tl->briefs[i]);
      if (e.kind == PHYS_EVENT_EVENT_CAP && q->kinds == 0)
        continue;
      if (q->kinds != 0 && (q->kinds & (1u << e.kind)) == 0)
        continue;
      if (q->match_body && !brief_involves (&e, q->body))
        continue;
      if (q->match_pair && !(brief_involves (&e, q->pair[0]) && brief_involves (&e, q->pair[1])))
        continue;
      return true;
    }
  return false;
}

bool
phys_recording_frame_matches (const PhysRecording *tl, int64_t k, const PhysTimelineQuery *query)
{
  return has_frame (tl, k) && frame_matches (tl, k - tl->first, query);
}

void
phys_recording_truncate (PhysRecording *tl, int64_t k)
{
  int64_t keep = k - tl->first;
  if (keep < 0 || keep >= tl->length)
    return;
  /* The head goes back to state k, so recording on repeats the same frames. */
  const PhysWorld *at = phys_recording_seek (tl, k);
  unsigned char *buf = malloc (tl->state_size);
  if (buf == NULL)
    abort ();
  phys_world_state_save (at, buf);
  phys_world_state_load (tl->head, buf);
  free (buf);

  tl->length = keep;
  tl->n_briefs = tl->brief_start[keep];
  tl->summaries[keep].n_events = 0;
  tl->summaries[keep].kinds = 0;
  int64_t keyframes = keep / tl->interval + 1;
  for (int64_t j = keyframes; j < tl->n_keyframes; j++)
    free (tl->keyframes[j]);
  tl->n_keyframes = keyframes;
  tl->window_count = 0;
  if (tl->events_frame >= k)
    tl->events_frame = -1;
}
