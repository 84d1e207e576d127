/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-loaders.c: a libFuzzer target over everything a file can ask of Impulse. The
 * input is taken as a scene, a session or a lesson (as `impulse check` tells them
 * apart), loaded, and the world it gives is stepped a few frames with its events
 * recorded; a session is replayed through its first edits and must read back what it
 * saves. Any crash, sanitizer report, leak, hang, a state that is not finite afterwards
 * or a saved session that does not load is a finding.
 *
 * Built only with -Dfuzz=true (clang); tools/fuzz.sh builds and runs it.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "imp-lesson.h"
#include "imp-scene.h"
#include "imp-session-file.h"
#include "phys.h"

/* Frames stepped per input: enough for edits, collisions and forces to act, few
 * enough that every input runs in milliseconds. */
#define FUZZ_FRAMES 3

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A state holding a NaN or an infinity is a bug whatever the input was. */
static void
assert_finite (const PhysWorld *world)
{
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      if (!isfinite (c.position.x) || !isfinite (c.position.y) || !isfinite (c.velocity.x)
          || !isfinite (c.velocity.y))
        abort ();
    }
  for (int i = 0; i < phys_world_probe_count (world); i++)
    {
      PhysProbe p = phys_world_get_probe (world, i);
      if (!isfinite (p.position.x) || !isfinite (p.position.y))
        abort ();
    }
  /* Bodies that turn: their angles too. */
  for (int i = 0; i < phys_world_circle_count (world); i++)
    {
      PhysCircle c = phys_world_get_circle (world, i);
      if (!isfinite (c.angle) || !isfinite (c.angular_velocity))
        abort ();
    }
  for (int i = 0; i < phys_world_polygon_count (world); i++)
    {
      PhysPolygonBody p = phys_world_get_polygon (world, i);
      if (!isfinite (p.position.x) || !isfinite (p.position.y) || !isfinite (p.velocity.x)
          || !isfinite (p.velocity.y) || !isfinite (p.angle) || !isfinite (p.angular_velocity))
        abort ();
    }
}

static void
step_world (PhysWorld *world, int frames)
{
  PhysEventLog log;

  phys_event_log_init (&log);
  for (int k = 0; k < frames; k++)
    {
      phys_event_log_clear (&log);
      phys_world_step (world, &log);
      assert_finite (world);
    }
  phys_event_log_free (&log);
}

static void
fuzz_session (const char *text, size_t size)
{
  g_autoptr (GError) error = NULL;
  ImpSessionFile *session = imp_session_file_load_data (text, (gssize) size, "fuzz.json", NULL,
                                                        &error);
  if (session == NULL)
    return;

  /* What a session saves, it reads back: a saved file that does not load is lost work. */
  gsize length;
  g_autofree char *saved = imp_session_file_to_data (session, NULL, &length);
  ImpSessionFile *again = imp_session_file_load_data (saved, (gssize) length, "saved.json", NULL,
                                                      &error);
  if (again == NULL || again->edits->len != session->edits->len
      || again->bookmarks->len != session->bookmarks->len)
    abort ();
  imp_session_file_free (again);
  PhysWorld *world = imp_session_file_replay (session, FUZZ_FRAMES, NULL, &error);
  if (world != NULL)
    {
      assert_finite (world);
      phys_world_free (world);
    }
  imp_session_file_free (session);
}

static void
fuzz_lesson (const char *text, size_t size)
{
  g_autoptr (GError) error = NULL;
  ImpLesson *lesson = imp_lesson_load_data (text, (gssize) size, "fuzz.json", NULL, &error);
  if (lesson == NULL)
    return;
  PhysWorld *world = phys_world_copy (lesson->world);
  step_world (world, FUZZ_FRAMES);
  phys_world_free (world);
  imp_lesson_free (lesson);
}

static void
fuzz_scene (const char *text, size_t size)
{
  g_autoptr (GError) error = NULL;
  PhysWorld *world = imp_scene_load_data (text, (gssize) size, "fuzz.json", &error);
  if (world == NULL)
    return;
  step_world (world, FUZZ_FRAMES);
  phys_world_free (world);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* The loaders take text of a given length; a NUL after it guards strtod and friends. */
  char *text = g_malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';

  if (imp_session_file_sniff_data (text, size))
    fuzz_session (text, size);
  else if (imp_lesson_sniff_data (text, size))
    fuzz_lesson (text, size);
  else
    fuzz_scene (text, size);
  g_free (text);
  return 0;
}
