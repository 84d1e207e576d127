/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-course.c: see the header. */
#include "imp-course.h"

#include "imp-lesson-player.h"
#include "imp-lesson.h"

/* The shipped lessons' ids in course order, beside their URIs. */
typedef struct
{
  GStrv uris;
  GPtrArray *ids;   /* char *, NULL where a lesson did not load */
  GArray *n_steps;  /* guint */
} Course;

static void
course_load (Course *course)
{
  course->uris = imp_lesson_list_shipped ();
  course->ids = g_ptr_array_new_with_free_func (g_free);
  course->n_steps = g_array_new (FALSE, TRUE, sizeof (guint));
  for (guint i = 0; course->uris != NULL && course->uris[i] != NULL; i++)
    {
      g_autoptr (ImpLesson) lesson = imp_lesson_load (course->uris[i], NULL);
      guint n = lesson != NULL ? imp_lesson_n_steps (lesson) : 0;
      g_ptr_array_add (course->ids, lesson != NULL ? g_strdup (lesson->id) : NULL);
      g_array_append_val (course->n_steps, n);
    }
}

static void
course_clear (Course *course)
{
  g_strfreev (course->uris);
  g_ptr_array_unref (course->ids);
  g_array_unref (course->n_steps);
}

/* Index of the lesson with id, or -1. */
static int
course_find (const Course *course, const char *id)
{
  for (guint i = 0; id != NULL && i < course->ids->len; i++)
    if (g_strcmp0 (course->ids->pdata[i], id) == 0)
      return (int) i;
  return -1;
}

static gboolean
course_finished (const Course *course, GSettings *settings, guint i)
{
  const char *id = course->ids->pdata[i];
  guint n = g_array_index (course->n_steps, guint, i);
  return id != NULL && n > 0 && imp_lesson_progress_get (settings, id) >= (int) n;
}

/* The first unfinished lesson at index from or later, wrapping round to the start;
 * the first lesson when every one is finished. */
static char *
course_first_unfinished (const Course *course, GSettings *settings, guint from)
{
  guint n = course->ids->len;
  for (guint k = 0; k < n; k++)
    {
      guint i = (from + k) % n;
      if (course->ids->pdata[i] != NULL && !course_finished (course, settings, i))
        return g_strdup (course->uris[i]);
    }
  return n > 0 ? g_strdup (course->uris[0]) : NULL;
}

char *
imp_course_next_lesson (const char *lesson_id)
{
  Course course;
  course_load (&course);
  int i = course_find (&course, lesson_id);
  char *next = i >= 0 && course.uris[i + 1] != NULL ? g_strdup (course.uris[i + 1]) : NULL;
  course_clear (&course);
  return next;
}

char *
imp_course_resume_target (GSettings *settings)
{
  Course course;
  course_load (&course);
  g_autofree char *last = settings != NULL ? g_settings_get_string (settings, "last-opened")
                                           : NULL;
  char *target = NULL;
  if (last != NULL && last[0] != '\0')
    {
      gboolean is_resource = g_str_has_prefix (last, "resource://");
      if (!is_resource && !g_file_test (last, G_FILE_TEST_IS_REGULAR))
        ; /* gone since: the course takes over */
      else if (imp_lesson_sniff (last))
        {
          g_autoptr (ImpLesson) lesson = imp_lesson_load (last, NULL);
          int i = lesson != NULL ? course_find (&course, lesson->id) : -1;
          if (lesson == NULL)
            ;
          else if (i >= 0 && course_finished (&course, settings, (guint) i))
            target = course_first_unfinished (&course, settings, (guint) i + 1);
          else
            target = g_strdup (last);
        }
      else
        target = g_strdup (last);
    }
  if (target == NULL)
    target = course_first_unfinished (&course, settings, 0);
  course_clear (&course);
  return target;
}
