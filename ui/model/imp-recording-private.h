/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-recording-private.h: what imp-recording.c, imp-recording-edits.c,
 * imp-recording-series.c and imp-recording-frames.c share: the recording's
 * fields (the mutex among them) and the hooks between them. */
#pragma once

#include "imp-recording.h"

G_BEGIN_DECLS

#define IMP_RECORDING_MAX_BODIES 2

struct _ImpRecording
{
  GObject parent_instance;

  GMutex lock;
  GCond wake;
  GThread *worker;
  gboolean quit;          /* under lock */
  PhysTimeline *timeline; /* under lock */
  gint64 target;          /* under lock: record up to this many frames */
  guint generation;       /* under lock: counts the timelines installed, edits, undos, redos */
  guint length_source;    /* under lock: pending main-thread update of length */

  /* The main thread's. */
  gint64 length;          /* the recorded length it last saw */
  GArray *summaries;      /* PhysFrameSummary of states 0..length */
  ImpFrames *frames;      /* imp_recording_get_frames() */

  /* The plots' series (imp-recording-series.c), main thread. */
  gboolean series_wanted;   /* a plot asked for them: compute as the recording grows */
  gboolean series_running;  /* a job is computing more */
  guint series_epoch;       /* counts restarts: a job of an older epoch is dropped */
  GArray *series[IMP_N_SERIES];                /* double per state */
  char body_names[IMP_RECORDING_MAX_BODIES][PHYS_NAME_MAX];
  int n_bodies;
  GArray *body_series[IMP_RECORDING_MAX_BODIES]; /* double per state */
};

/* After the timeline was replaced or branched at state from (locked on entry,
 * unlocked on return): "changed", then "length-changed" when it differs. */
void imp_recording_changed_unlock (ImpRecording *self, gint64 from);

ImpFrames *imp_recording_frames_new (ImpRecording *self);

void imp_recording_series_init (ImpRecording *self);
void imp_recording_series_clear (ImpRecording *self);
/* The recording changed: what was computed is dropped and computed again. */
void imp_recording_series_restart (ImpRecording *self);
/* The recording grew: computes the new states' values when they are wanted. */
void imp_recording_series_update (ImpRecording *self);
void imp_recording_emit_series_changed (ImpRecording *self);

G_END_DECLS
