/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-lesson-rehearsal.c: see the header. */
#include "imp-lesson-rehearsal.h"

#include <glib/gi18n.h>

#include "imp-lesson-player.h"

/**
 * imp_lesson_rehearse:
 * @lesson: (transfer full): the lesson, loaded
 * @failed_step: (out) (optional): the first step that fails, or -1
 * @error: why it fails, in a sentence that names the step
 *
 * Opens @lesson in a player over a session of its own and, for each step with
 * a goal in turn, enters it, makes sure the goal is not reached yet, presses
 * Show Me and makes sure it then is.
 *
 * Returns: %TRUE when every step passes
 */
gboolean
imp_lesson_rehearse (ImpLesson *lesson, int *failed_step, GError **error)
{
  g_autoptr (ImpSession) session = imp_session_new ();
  g_autoptr (ImpLessonPlayer) player = imp_lesson_player_new (session, NULL);
  guint n = imp_lesson_n_steps (lesson);
  int failed = -1;

  imp_lesson_player_open_lesson (player, lesson, NULL);
  for (guint i = 0; i < n && failed < 0; i++)
    {
      const ImpLessonGoal *goal = &imp_lesson_get_step (lesson, i)->goal;
      g_autoptr (GError) why = NULL;

      imp_lesson_player_go (player, i);
      if (goal->kind == IMP_GOAL_NONE)
        continue;
      if (imp_lesson_player_get_reached (player))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("Step %u: its %s goal is already reached when the step starts."), i + 1,
                       imp_goal_kind_name (goal->kind));
          failed = (int) i;
        }
      else if (!imp_lesson_player_show_me (player, &why))
        {
          if (why != NULL)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Step %u: %s."), i + 1,
                         why->message);
          else
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                         _("Step %u: its %s goal is not reached after Show Me."), i + 1,
                         imp_goal_kind_name (goal->kind));
          failed = (int) i;
        }
    }
  if (failed_step != NULL)
    *failed_step = failed;
  return failed < 0;
}
