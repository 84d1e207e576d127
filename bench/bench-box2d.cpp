// SPDX-License-Identifier: GPL-3.0-or-later
// bench-box2d.cpp: the rigid scenes in Box2D 2.4, the comparator of impulse-bench.
#include <box2d/box2d.h>

#include <cmath>
#include <vector>

extern "C" {
#include "bench-compare.h"
}

void
bench_box2d_run (const BenchBox *boxes, int count, int watch, int steps, int runs,
                 BenchRigidResult *out)
{
  std::vector<double> ms (runs);
  for (int r = 0; r < runs; r++)
    {
      b2World world (b2Vec2 (0.0f, (float) BENCH_RIGID_GRAVITY));
      world.SetAllowSleeping (false);
      b2Body *watched = nullptr;
      for (int i = 0; i < count; i++)
        {
          b2BodyDef bd;
          bd.type = boxes[i].fixed ? b2_staticBody : b2_dynamicBody;
          bd.position.Set ((float) boxes[i].x, (float) boxes[i].y);
          b2Body *body = world.CreateBody (&bd);
          b2PolygonShape shape;
          shape.SetAsBox ((float) (0.5 * boxes[i].w), (float) (0.5 * boxes[i].h));
          b2FixtureDef fd;
          fd.shape = &shape;
          fd.density = 1.0f;
          fd.friction = (float) BENCH_RIGID_FRICTION;
          fd.restitution = 0.0f;
          body->CreateFixture (&fd);
          if (i == watch)
            watched = body;
        }
      b2Vec2 start = watched != nullptr ? watched->GetPosition () : b2Vec2 (0.0f, 0.0f);
      double t0 = bench_now_ms ();
      for (int s = 0; s < steps; s++)
        world.Step ((float) BENCH_RIGID_DT, 8, 3);
      ms[r] = (bench_now_ms () - t0) / steps;
      if (watched != nullptr)
        {
          b2Vec2 end = watched->GetPosition ();
          out->watch_moved = std::hypot ((double) end.x - start.x, (double) end.y - start.y);
        }
    }
  out->ms_per_step = bench_median (ms.data (), runs);
}
