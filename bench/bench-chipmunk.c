/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-chipmunk.c: the rigid scenes in Chipmunk 7, a comparator of impulse-bench. */
#include <chipmunk/chipmunk.h>
#include <math.h>
#include <stdlib.h>

#include "bench-compare.h"

void
bench_chipmunk_run (const BenchBox *boxes, int count, int watch, int steps, int runs,
                    BenchRigidResult *out)
{
  double *ms = calloc ((size_t) runs, sizeof *ms);
  if (ms == NULL)
    abort ();
  for (int r = 0; r < runs; r++)
    {
      cpSpace *space = cpSpaceNew ();
      cpBody **bodies = calloc ((size_t) count + 1, sizeof *bodies);
      cpShape **shapes = calloc ((size_t) count + 1, sizeof *shapes);
      if (bodies == NULL || shapes == NULL)
        abort ();
      cpSpaceSetGravity (space, cpv (0.0, BENCH_RIGID_GRAVITY));
      cpSpaceSetIterations (space, 10);
      cpBody *watched = NULL;
      for (int i = 0; i < count; i++)
        {
          cpBody *body;
          if (boxes[i].fixed)
            body = cpSpaceAddBody (space, cpBodyNewStatic ());
          else
            {
              cpFloat mass = boxes[i].w * boxes[i].h;
              body = cpSpaceAddBody (space, cpBodyNew (mass, cpMomentForBox (mass, boxes[i].w,
                                                                              boxes[i].h)));
            }
          cpBodySetPosition (body, cpv (boxes[i].x, boxes[i].y));
          cpShape *shape = cpSpaceAddShape (space, cpBoxShapeNew (body, boxes[i].w, boxes[i].h,
                                                                   0.0));
          bodies[i] = body;
          shapes[i] = shape;
          cpShapeSetFriction (shape, BENCH_RIGID_FRICTION);
          cpShapeSetElasticity (shape, 0.0);
          if (i == watch)
            watched = body;
        }
      cpVect start = watched != NULL ? cpBodyGetPosition (watched) : cpvzero;
      double t0 = bench_now_ms ();
      for (int s = 0; s < steps; s++)
        cpSpaceStep (space, BENCH_RIGID_DT);
      ms[r] = (bench_now_ms () - t0) / steps;
      if (watched != NULL)
        {
          cpVect end = cpBodyGetPosition (watched);
          out->watch_moved = hypot (end.x - start.x, end.y - start.y);
        }
      /* The space frees neither its bodies nor its shapes. */
      cpSpaceFree (space);
      for (int i = 0; i < count; i++)
        {
          cpShapeFree (shapes[i]);
          cpBodyFree (bodies[i]);
        }
      free (shapes);
      free (bodies);
    }
  out->ms_per_step = bench_median (ms, runs);
  free (ms);
}
