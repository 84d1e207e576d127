/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-canvas-describe.c: see the header. The sentence names what the canvas
 * draws, in the order a learner reads it: where the playhead stands (the frame,
 * whether it stepped into it), then the event in view and what its test and
 * response said. Whatever imp-conceal.c keeps from the views, it keeps from the
 * sentence. */
#include "imp-canvas-describe.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "imp-conceal.h"
#include "imp-swept-plot.h"
#include "imp-i18n.h"

/* A coordinate of a unit vector to two places, never "-0.00". */
static double
tidy (double x)
{
  return fabs (x) < 0.005 ? 0.0 : x;
}

/* A magnitude as a reader says it: whole and grouped by thousands from 100 up
 * ("48,649"; "48.649" in German, where "48,649" would be a decimal), three significant
 * digits below. The locale's separator, or a comma where the C locale has none. */
static char *
magnitude_text (double value)
{
  value = fabs (value);
  if (value < 100.0)
    return g_strdup_printf ("%.3g", value);
  const struct lconv *conv = localeconv ();
  const char *separator = conv->thousands_sep != NULL && *conv->thousands_sep != '\0'
                              ? conv->thousands_sep
                          : strcmp (conv->decimal_point, ".") == 0 ? ","
                                                                   : "\u202f";
  g_autofree char *digits = g_strdup_printf ("%.0f", value);
  GString *grouped = g_string_new (NULL);
  gsize n = strlen (digits);
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append (grouped, separator);
      g_string_append_c (grouped, digits[i]);
    }
  return g_string_free (grouped, FALSE);
}

/**
 * imp_canvas_describe_event:
 * @session: the session @event comes from
 * @world: the world at the event's frame (for the bodies' names)
 * @event: an event of that frame
 *
 * Returns: (transfer full): the event and its verdict in words ("c1 and c2
 *   touch at t = 0.503, impulse 48,649 along (0.97, 0.25)"); its time and
 *   numbers kept back when a lesson asks for them
 */
char *
imp_canvas_describe_event (ImpSession *session, const PhysWorld *world, const PhysEvent *event)
{
  if (event->kind == PHYS_EVENT_EVENT_CAP)
    return g_strdup_printf (_("the event cap of %d stopped collision handling after %d events"),
                            event->cap.cap, event->cap.handled);
  if (event->kind == PHYS_EVENT_SLEEP || event->kind == PHYS_EVENT_WAKE)
    {
      const char *island = phys_world_body_name (world, (PhysBodyRef) { PHYS_BODY_POLYGON,
                                                                         event->sleep.island });
      if (event->kind == PHYS_EVENT_WAKE)
        return g_strdup_printf (_("the island of %s woke (%d polygons), touched by %s"), island,
                                event->sleep.bodies, phys_world_body_name (world, event->sleep.other));
      g_autofree char *e = magnitude_text (event->sleep.energy);
      return g_strdup_printf (_("the island of %s fell asleep (%d polygons), kinetic energy %s "
                                "taken out"), island, event->sleep.bodies, e);
    }
  PhysBodyRef a = { phys_event_a_kind (event->kind), event->a };
  PhysBodyRef b = { event->b_kind, event->b };
  const char *na = phys_world_body_name (world, a), *nb = phys_world_body_name (world, b);
  if (imp_conceal_pair (session, world, a, b))
    return g_strdup_printf (_("%s and %s: when and how they meet is kept back until you "
                              "answer the lesson's question"), na, nb);
  switch (event->kind)
    {
    case PHYS_EVENT_CIRCLE_CIRCLE:
      {
        const PhysImpulse *im = &event->circle_circle.impulse;
        g_autofree char *j = magnitude_text (im->j);
        return g_strdup_printf (_("%s and %s touch at t = %.3f, impulse %s along (%.2f, %.2f)%s"),
                                na, nb, event->t, j, tidy (im->normal.x), tidy (im->normal.y),
                                event->resting ? _(", resting contact") : "");
      }
    case PHYS_EVENT_CIRCLE_SEGMENT:
      {
        const PhysSegmentResponse *r = &event->circle_segment.response;
        g_autofree char *j = magnitude_text (r->j);
        return g_strdup_printf (_("%s meets %s at t = %.3f and %s, impulse %s per unit mass along "
                                  "(%.2f, %.2f)%s"),
                                na, nb, event->t,
                                r->response == PHYS_RESPONSE_SLIDE ? _("slides") : _("reflects"),
                                j, tidy (r->normal.x), tidy (r->normal.y),
                                event->resting ? _(", resting contact") : "");
      }
    case PHYS_EVENT_EMBEDDED:
      return g_strdup_printf (_("%s and %s overlapped by %.3g when the frame started and were "
                                "pushed apart along (%.2f, %.2f)"),
                              na, nb, event->embedded.depth, tidy (event->embedded.normal.x),
                              tidy (event->embedded.normal.y));
    case PHYS_EVENT_PROBE_SEGMENT:
      return g_strdup_printf (_("the path of %s crosses %s at t = %.3f"), na, nb, event->t);
    case PHYS_EVENT_POLYGON_POLYGON:
    case PHYS_EVENT_POLYGON_CIRCLE:
    case PHYS_EVENT_POLYGON_SEGMENT:
    case PHYS_EVENT_POLYGON_CURVE:
    case PHYS_EVENT_CIRCLE_CURVE:
      {
        const PhysRigidAnswer *r = &event->rigid;
        double j = 0.0;
        for (int k = 0; k < r->point_count && k < 2; k++)
          j += r->points[k].jn;
        g_autofree char *jn = magnitude_text (j);
        return g_strdup_printf (ngettext ("%s and %s touch at t = %.3f at %d point, normal "
                                          "impulse %s along (%.2f, %.2f)",
                                          "%s and %s touch at t = %.3f at %d points, normal "
                                          "impulse %s along (%.2f, %.2f)",
                                          (unsigned long) r->point_count),
                                na, nb, event->t, r->point_count, jn, tidy (r->normal.x),
                                tidy (r->normal.y));
      }
    default:
      return g_strdup_printf (_("%s and %s: a %s event at t = %.3f"), na, nb,
                              imp_i18n_physics_name ("event", phys_event_kind_name (event->kind)),
                              event->t);
    }
}

/* A selected polygon or curve: where it is and how it turns, which no other part of the window
 * says in words. The selection of the other kinds of body says nothing more, as before. */
static void
describe_rigid_selection (GString *text, const ImpSessionView *now)
{
  PhysBodyRef body = now->body;
  if (body.index < 0 || body.index >= phys_world_body_count (now->world, body.kind))
    return;
  if (body.kind == PHYS_BODY_POLYGON)
    {
      PhysPolygonBody p = phys_world_get_polygon (now->world, body.index);
      g_string_append_printf (text,
                              _("; %s selected: a polygon of %d vertices, its centre of mass at "
                                "(%.4g, %.4g), turned %.3g rad, turning %.3g rad per time unit%s"),
                              p.name, p.shape.count, p.position.x, p.position.y, p.angle,
                              p.angular_velocity, p.fixed ? _(", fixed") : "");
    }
  else if (body.kind == PHYS_BODY_CURVE)
    {
      PhysCurve c = phys_world_get_curve (now->world, body.index);
      g_string_append_printf (text,
                              _("; %s selected: a B\u00e9zier curve from (%.4g, %.4g) to (%.4g, "
                                "%.4g), its control points (%.4g, %.4g) and (%.4g, %.4g)"),
                              c.name, c.curve.p[0].x, c.curve.p[0].y, c.curve.p[3].x,
                              c.curve.p[3].y, c.curve.p[1].x, c.curve.p[1].y, c.curve.p[2].x,
                              c.curve.p[2].y);
    }
}

/* Stepping through a rigid event's separating axes (Down before its response): which axis the
 * picture shows, whose feature gives it, and its overlap or gap. */
static void
describe_sat_step (GString *text, ImpSession *session, const ImpSessionView *now,
                   const PhysEvent *event)
{
  int step = imp_view_options_get_sat_step (imp_session_get_view_options (session));
  if (step <= 0 || event == NULL || !phys_event_is_rigid (event->kind)
      || imp_conceal_pair (session, now->world,
                           (PhysBodyRef) { phys_event_a_kind (event->kind), event->a },
                           (PhysBodyRef) { event->b_kind, event->b }))
    return;
  PhysRigidDetail *detail = g_new0 (PhysRigidDetail, 1);
  if (phys_world_rigid_detail (now->world, event, detail) == PHYS_OK
      && step <= detail->tests.sat.axis_count)
    {
      const PhysSatRecord *sat = &detail->tests.sat;
      const PhysSatAxis *axis = &sat->axes[step - 1];
      gboolean gap = axis->overlap < -PHYS_CONTACT_TOUCH_TOLERANCE;
      const char *owner = axis->body == 0 ? "A" : "B";
      g_autofree char *source = axis->kind == PHYS_SAT_AXIS_VERTEX
                                    ? g_strdup_printf (_("%s vertex %d to the centre"), owner,
                                                       axis->feature)
                                    : g_strdup_printf (_("%s edge %d"), owner, axis->feature);
      g_string_append_printf (text,
                              gap ? _("; separating axis %d of %d (%s): gap %.4g")
                                  : _("; separating axis %d of %d (%s): overlap %.4g"),
                              step, sat->axis_count, source, fabs (axis->overlap));
      /* The same axis in the swept test's plot: when over the frame it overlaps. */
      if (imp_swept_plot_kind (&detail->tests) == IMP_SWEPT_PLOT_AXES
          && step <= detail->tests.swept.axis_count)
        {
          g_autofree char *swept = imp_swept_plot_describe_axis (&detail->tests, step - 1);
          g_string_append_printf (text, _("; swept test, %s"), swept);
        }
    }
  g_free (detail);
}

/**
 * imp_canvas_describe:
 * @session: a session
 *
 * Returns: (transfer full): what the canvas shows at the playhead in a
 *   sentence: "Frame 3, step into: c1 and c2 touch at t = 0.503, impulse
 *   48,649 along (0.97, 0.25)"; the event stepped into, else the one selected,
 *   else how many the frame has
 */
char *
imp_canvas_describe (ImpSession *session)
{
  ImpSessionView now;
  imp_session_get_view (session, &now);
  if (now.world == NULL)
    return g_strdup (_("Nothing open"));
  gint64 frame = imp_session_get_frame (session);
  GString *text = g_string_new (NULL);
  g_string_append_printf (text, _("Frame %lld"), (long long) frame);

  const PhysEvent *event = now.selected;
  if (imp_session_get_stop (session) > 0)
    {
      const PhysStop *stop = imp_session_get_stop_info (session);
      if (stop->event >= 0 && stop->event < now.n_events)
        event = &now.events[stop->event];
      if (stop->kind == PHYS_STOP_AFTER)
        g_string_append (text, _(", step into, after the response"));
      else if (stop->kind == PHYS_STOP_END)
        g_string_append (text, _(", step into, the frame's end"));
      else if (stop->kind == PHYS_STOP_START)
        g_string_append (text, _(", step into, the frame's start"));
      else
        g_string_append (text, _(", step into"));
    }
  if (event != NULL)
    {
      g_autofree char *said = imp_canvas_describe_event (session, now.world, event);
      g_string_append_printf (text, ": %s", said);
    }
  else if (now.n_events == 0)
    g_string_append (text, _(": no events in this frame"));
  else
    g_string_append_printf (text,
                            g_dngettext (NULL, ": %d event in this frame (Down steps into it)",
                                         ": %d events in this frame (Down steps into them)",
                                         now.n_events),
                            now.n_events);
  describe_sat_step (text, session, &now, event);
  describe_rigid_selection (text, &now);
  return g_string_free (text, FALSE);
}

static void
update (GtkWidget *canvas)
{
  ImpSession *session = g_object_get_data (G_OBJECT (canvas), "imp-describe-session");
  g_autofree char *text = session != NULL ? imp_canvas_describe (session) : NULL;
  gtk_accessible_update_property (GTK_ACCESSIBLE (canvas), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : "", -1);
}

/**
 * imp_canvas_describe_follow:
 * @canvas: the canvas
 * @session: (nullable): the session it shows
 *
 * Keeps @canvas's accessible description the sentence of imp_canvas_describe(),
 * renewed on each step (frame, step into, selection, answers shown). The
 * handlers are connected with @canvas as their data, so the canvas's own
 * g_signal_handlers_disconnect_by_data() on the session and its view options
 * removes them too.
 */
void
imp_canvas_describe_follow (GtkWidget *canvas, ImpSession *session)
{
  static const char *const changes[] = { "frame", "stop", "selected-event", "title", NULL };
  static const char *const shown[] = { "concealed", "sat-step", NULL };
  g_object_set_data (G_OBJECT (canvas), "imp-describe-session", session);
  if (session != NULL)
    {
      imp_connect_notifies (session, changes, G_CALLBACK (update), canvas);
      imp_connect_notifies (imp_session_get_view_options (session), shown, G_CALLBACK (update),
                            canvas);
    }
  update (canvas);
}
