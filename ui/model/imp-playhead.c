/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-playhead.c: where the learner is in the recording (see imp-playhead.h). */
#include "imp-playhead.h"

#include <string.h>

#include "imp-selection.h"

/* Frames at normal speed per second of playback. */
#define FRAMES_PER_SECOND 60.0

struct _ImpPlayhead
{
  GObject parent_instance;
  ImpRecording *recording;

  gint64 frame;
  int stop;        /* index into stops; 0 is the frame's start */
  PhysStop *stops; /* the frame's, read when first needed */
  int n_stops;
  double phase;    /* playback's time inside the frame, [0, 1) */
  gboolean playing;
  double speed;
  gint64 loop_start, loop_end; /* a loop when loop_end > loop_start */
  gboolean has_breakpoint;
  PhysTimelineQuery breakpoint; /* playback pauses on the frames it matches */
  gint64 break_frame;           /* where it last paused (not matched again), or -1 */
  /* The bodies the breakpoint names, by name: found again as playback goes (an
   * edit that adds or removes bodies renumbers the later ones). */
  char break_names[2][PHYS_NAME_MAX];
};

G_DEFINE_FINAL_TYPE (ImpPlayhead, imp_playhead, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FRAME,
  PROP_STOP,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_LOOP,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_BREAKPOINT_HIT,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
drop_stops (ImpPlayhead *self)
{
  g_clear_pointer (&self->stops, free);
  self->n_stops = 0;
}

static void
ensure_stops (ImpPlayhead *self)
{
  if (self->stops != NULL || self->frame >= imp_recording_get_length (self->recording))
    return;
  self->n_stops = imp_recording_stops (self->recording, self->frame, &self->stops);
}

/* Moves the playhead (not its phase): "frame" when it changed, then "stop". */
static void
move_to (ImpPlayhead *self, gint64 frame, int stop)
{
  frame = CLAMP (frame, 0, imp_recording_get_length (self->recording));
  gboolean frame_changed = frame != self->frame;
  gboolean stop_changed = stop != self->stop;
  if (!frame_changed && !stop_changed)
    return;
  if (frame_changed)
    {
      self->frame = frame;
      drop_stops (self);
      imp_recording_want_frames (self->recording, frame + IMP_RECORDING_LOOKAHEAD);
    }
  self->stop = stop;
  if (frame_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOP]);
}

/* A new, edited, undone or redone recording: back to the frame's start (the
 * frame kept while it is recorded, and recorded ahead of). */
static void
recording_changed (ImpPlayhead *self)
{
  gint64 length = imp_recording_get_length (self->recording);
  imp_recording_want_frames (self->recording, MAX (self->frame, length)
                                                  + IMP_RECORDING_LOOKAHEAD);
  gboolean moved = self->frame > length;
  if (moved)
    self->frame = length;
  self->stop = 0;
  self->phase = 0.0;
  drop_stops (self);
  if (moved)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOP]);
}

static void
imp_playhead_finalize (GObject *object)
{
  ImpPlayhead *self = IMP_PLAYHEAD (object);
  g_signal_handlers_disconnect_by_data (self->recording, self);
  g_object_unref (self->recording);
  free (self->stops);
  G_OBJECT_CLASS (imp_playhead_parent_class)->finalize (object);
}

static void
imp_playhead_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ImpPlayhead *self = IMP_PLAYHEAD (object);
  switch (prop_id)
    {
    case PROP_FRAME:
      g_value_set_int64 (value, self->frame);
      break;
    case PROP_STOP:
      g_value_set_int (value, self->stop);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_LOOP:
      g_value_set_boolean (value, self->loop_end > self->loop_start);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_playhead_set_property (GObject *object, guint prop_id, const GValue *value,
                           GParamSpec *pspec)
{
  ImpPlayhead *self = IMP_PLAYHEAD (object);
  switch (prop_id)
    {
    case PROP_FRAME:
      imp_playhead_set_frame (self, g_value_get_int64 (value));
      break;
    case PROP_PLAYING:
      imp_playhead_set_playing (self, g_value_get_boolean (value));
      break;
    case PROP_SPEED:
      imp_playhead_set_speed (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imp_playhead_class_init (ImpPlayheadClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = imp_playhead_finalize;
  object_class->get_property = imp_playhead_get_property;
  object_class->set_property = imp_playhead_set_property;

  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  properties[PROP_FRAME] = g_param_spec_int64 ("frame", NULL, NULL, 0, G_MAXINT64, 0, rw);
  /* Notified too when the time inside the frame moves (playing slowly). */
  properties[PROP_STOP] = g_param_spec_int ("stop", NULL, NULL, 0, G_MAXINT, 0, ro);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, rw);
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, 0.1, 8.0, 1.0, rw);
  properties[PROP_LOOP] = g_param_spec_boolean ("loop", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* Playback paused on a frame the breakpoint matches (the frame). */
  signals[SIGNAL_BREAKPOINT_HIT]
      = g_signal_new ("breakpoint-hit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
imp_playhead_init (ImpPlayhead *self)
{
  self->speed = 1.0;
  self->break_frame = -1;
}

/* Returns: (transfer full): a playhead on frame 0 of recording */
ImpPlayhead *
imp_playhead_new (ImpRecording *recording)
{
  ImpPlayhead *self = g_object_new (IMP_TYPE_PLAYHEAD, NULL);
  self->recording = g_object_ref (recording);
  g_signal_connect_swapped (recording, "changed", G_CALLBACK (recording_changed), self);
  return self;
}

gint64
imp_playhead_get_frame (ImpPlayhead *self)
{
  return self->frame;
}

/* Moves to the start of frame (clamped to the recording). */
void
imp_playhead_set_frame (ImpPlayhead *self, gint64 frame)
{
  self->phase = 0.0;
  move_to (self, frame, 0);
}

void
imp_playhead_step (ImpPlayhead *self, int frames)
{
  imp_playhead_set_frame (self, self->frame + frames);
}

/* Back to frame 0's start, for a new recording (whose stops are others). */
void
imp_playhead_rewind (ImpPlayhead *self)
{
  drop_stops (self);
  self->phase = 0.0;
  move_to (self, 0, 0);
}

int
imp_playhead_get_stop (ImpPlayhead *self)
{
  return self->stop;
}

/* Moves to stop of the frame (an index of imp_playhead_get_stops()). */
void
imp_playhead_set_stop (ImpPlayhead *self, int stop)
{
  move_to (self, self->frame, stop);
}

/* Returns: (transfer none) (array length=n_stops): the frame's stops */
const PhysStop *
imp_playhead_get_stops (ImpPlayhead *self, int *n_stops)
{
  ensure_stops (self);
  *n_stops = self->n_stops;
  return self->stops;
}

const PhysStop *
imp_playhead_get_stop_info (ImpPlayhead *self)
{
  ensure_stops (self);
  return self->stop < self->n_stops ? &self->stops[self->stop] : NULL;
}

double
imp_playhead_get_phase (ImpPlayhead *self)
{
  return self->phase;
}

/* The time inside the frame: playback's, or the stop's (0 at the frame's start). */
double
imp_playhead_get_time_in_frame (ImpPlayhead *self)
{
  if (self->phase > 0.0)
    return self->phase;
  const PhysStop *stop = self->stop < self->n_stops ? &self->stops[self->stop] : NULL;
  return stop != NULL ? stop->t : 0.0;
}

/**
 * imp_playhead_step_into:
 * @self: a playhead
 * @direction: +1 for the next stop, -1 for the previous
 *
 * "Step into": the next (or previous) stop inside the frame, crossing into the
 * neighbouring frame at the ends. The END stop of a frame is the START of the
 * next, so it is skipped.
 *
 * Returns: (nullable): the stop the playhead is on now
 */
const PhysStop *
imp_playhead_step_into (ImpPlayhead *self, int direction)
{
  self->phase = 0.0;
  ensure_stops (self);
  int last = self->n_stops - 2; /* the stop before END */
  if (direction > 0)
    {
      if (self->stop < last)
        move_to (self, self->frame, self->stop + 1);
      else if (self->frame < imp_recording_get_length (self->recording))
        move_to (self, self->frame + 1, 0);
    }
  else
    {
      if (self->stop > 0)
        move_to (self, self->frame, self->stop - 1);
      else if (self->frame > 0)
        {
          move_to (self, self->frame - 1, 0);
          ensure_stops (self);
          move_to (self, self->frame, MAX (self->n_stops - 2, 0));
        }
    }
  return imp_playhead_get_stop_info (self);
}

/**
 * imp_playhead_go_to_event:
 * @self: a playhead
 * @frame: a recorded frame
 * @event: an event of it
 *
 * Stops just before the response of event @event of @frame, where its math is
 * drawn; an event without a response (a probe's) where it happens.
 *
 * Returns: %TRUE when the frame has that event (else the playhead is on its start)
 */
gboolean
imp_playhead_go_to_event (ImpPlayhead *self, gint64 frame, int event)
{
  imp_playhead_set_frame (self, frame);
  ensure_stops (self);
  for (int i = 0; i < self->n_stops; i++)
    if (self->stops[i].event == event
        && (self->stops[i].kind == PHYS_STOP_BEFORE || self->stops[i].kind == PHYS_STOP_PROBE))
      {
        move_to (self, self->frame, i);
        return TRUE;
      }
  return FALSE;
}

/**
 * imp_playhead_land_before_first_event:
 * @self: a playhead
 * @frame: a recorded frame
 * @event: (out): the event it stops before
 *
 * Puts the playhead on @frame, just before its first event's response, where
 * its math is drawn (on the frame's start when it has no event).
 *
 * Returns: %TRUE when it stopped before an event
 */
gboolean
imp_playhead_land_before_first_event (ImpPlayhead *self, gint64 frame, int *event)
{
  imp_playhead_set_frame (self, frame);
  ensure_stops (self);
  if (self->n_stops <= 2)
    return FALSE;
  move_to (self, self->frame, 1);
  *event = self->stops[1].event;
  return TRUE;
}

/* The next (+1) or previous (-1) frame with an event, or -1. */
gint64
imp_playhead_find_event (ImpPlayhead *self, int direction)
{
  PhysTimelineQuery any;
  memset (&any, 0, sizeof any);
  /* From the start of a frame, the next event may be that frame's own. */
  if (direction > 0 && self->stop == 0 && self->phase == 0.0
      && imp_recording_frame_matches (self->recording, self->frame, &any))
    return self->frame;
  return imp_recording_find (self->recording, self->frame, direction, &any);
}

gboolean
imp_playhead_get_playing (ImpPlayhead *self)
{
  return self->playing;
}

void
imp_playhead_set_playing (ImpPlayhead *self, gboolean playing)
{
  playing = !!playing;
  if (playing == self->playing)
    return;
  self->playing = playing;
  /* Paused, the playhead stands on a frame's start: a moment between two frames is
   * no state any view names (the legend would say t = 0.003 of no event). */
  if (!playing && self->phase > 0.0)
    {
      self->phase = 0.0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOP]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

double
imp_playhead_get_speed (ImpPlayhead *self)
{
  return self->speed;
}

void
imp_playhead_set_speed (ImpPlayhead *self, double speed)
{
  speed = CLAMP (speed, 0.1, 8.0);
  if (speed == self->speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

/* The breakpoint's bodies as numbered at the playhead's frame (a body that is
 * gone there matches nothing). */
static void
follow_breakpoint_bodies (ImpPlayhead *self)
{
  PhysTimelineQuery *q = &self->breakpoint;
  if (!q->match_body && !q->match_pair)
    return;
  g_autoptr (PhysWorld) now = imp_recording_seek (self->recording, self->frame);
  if (now == NULL)
    return;
  if (q->match_body)
    q->body = imp_body_find (now, self->break_names[0], q->body.kind);
  else
    for (int i = 0; i < 2; i++)
      q->pair[i] = imp_body_find (now, self->break_names[i], q->pair[i].kind);
}

/**
 * imp_playhead_advance:
 * @self: a playhead
 * @seconds: wall-clock time since the last call
 *
 * Moves a playing playhead on by the time passed at its speed; below one frame
 * per display frame the motion inside frames is shown (slow motion). On a frame
 * the breakpoint matches it pauses, before the frame's first event
 * ("breakpoint-hit").
 */
void
imp_playhead_advance (ImpPlayhead *self, double seconds)
{
  if (!self->playing)
    return;
  gint64 length = imp_recording_get_length (self->recording);
  double frames = self->phase + seconds * FRAMES_PER_SECOND * self->speed;
  gint64 whole = (gint64) frames;
  gint64 target = MIN (self->frame + whole, length);
  gboolean looping = self->loop_end > self->loop_start;
  if (looping && (target > self->loop_end || target < self->loop_start))
    {
      /* Wrap around the loop, keeping the overshoot so the pace stays even. */
      gint64 span = self->loop_end - self->loop_start + 1;
      gint64 from = MAX (self->frame, self->loop_start);
      target = self->loop_start + (from + whole - self->loop_start) % span;
      target = MIN (target, length);
    }
  if (self->has_breakpoint && target > self->frame)
    {
      follow_breakpoint_bodies (self);
      /* The frames played through, the one under the playhead included
       * unless playback paused there last. */
      gint64 hit = imp_recording_find_in (self->recording,
                                          self->frame + (self->frame == self->break_frame),
                                          target, &self->breakpoint);
      if (hit >= 0)
        {
          self->phase = 0.0;
          self->break_frame = hit;
          imp_playhead_set_playing (self, FALSE);
          int event;
          imp_playhead_land_before_first_event (self, hit, &event);
          g_signal_emit (self, signals[SIGNAL_BREAKPOINT_HIT], 0, hit);
          return;
        }
    }
  double phase = target == length ? 0.0 : frames - (double) whole;
  if (target != self->frame)
    move_to (self, target, 0);
  if (phase != self->phase)
    {
      self->phase = phase;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOP]);
    }
}

/* Playback loops over frames [start, end] while end > start; end <= start clears it. */
void
imp_playhead_set_loop (ImpPlayhead *self, gint64 start, gint64 end)
{
  if (end <= start)
    start = end = 0;
  if (start == self->loop_start && end == self->loop_end)
    return;
  self->loop_start = start;
  self->loop_end = end;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOOP]);
}

gboolean
imp_playhead_get_loop (ImpPlayhead *self, gint64 *start, gint64 *end)
{
  if (start != NULL)
    *start = self->loop_start;
  if (end != NULL)
    *end = self->loop_end;
  return self->loop_end > self->loop_start;
}

/* Playback pauses on each frame the query matches (NULL: never); the bodies it
 * names are those of the playhead's frame. */
void
imp_playhead_set_breakpoint (ImpPlayhead *self, const PhysTimelineQuery *query)
{
  self->has_breakpoint = query != NULL;
  if (query != NULL)
    self->breakpoint = *query;
  self->break_frame = -1;
  g_autoptr (PhysWorld) now = query != NULL ? imp_recording_seek (self->recording, self->frame)
                                            : NULL;
  const PhysBodyRef *named[2] = { NULL, NULL };
  if (query != NULL && query->match_body)
    named[0] = &query->body;
  else if (query != NULL && query->match_pair)
    named[0] = &query->pair[0], named[1] = &query->pair[1];
  for (int i = 0; i < 2; i++)
    g_strlcpy (self->break_names[i],
               named[i] != NULL && now != NULL ? phys_world_body_name (now, *named[i]) : "",
               sizeof self->break_names[i]);
}

gboolean
imp_playhead_get_breakpoint (ImpPlayhead *self, PhysTimelineQuery *query)
{
  if (self->has_breakpoint && query != NULL)
    *query = self->breakpoint;
  return self->has_breakpoint;
}
