#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent, exact event-driven reference for circles in a box.

Written from the physics and from docs/physics.md, not from physics/: circles fly
exact parabolas under uniform gravity between events; every event time is the
root of a polynomial (a quadratic for a wall or two circles under the same
acceleration, a quartic when one circle is held by a wall), solved at 60 decimal
digits (decimal.Decimal). The scene's numbers are read as the doubles the engine
reads and converted exactly. The documented rules that are not classical event
physics are implemented as docs/physics.md states them (see docs/reference.md):

  - pairs combine e = sqrt(e1 e2), a wall answers with sqrt(e_circle e_bounds);
  - the collapse rule: a contact pressed together by gravity (normal acceleration
    an > 0) whose next bounce would come back within one frame (2 e vn < an dt)
    rests: its normal velocity becomes exactly 0, (e vn)^2 m/2 is removed;
  - support: a circle resting on a wall loses the part of its acceleration into
    the wall until an answer gives it a velocity away from the wall;
  - clusters: with e < 1, two circles both answered less than 1/20 of a frame
    earlier (in the same frame) are answered with e = 0;
  - jams: a circle answered more than 8 times at one instant (1e-5 of a frame) or
    more than 64 times at rest in a frame: the cluster of circles touching it takes
    its mass-weighted mean velocity; jammed again at that instant, it stops and
    stands for the rest of the frame.

What the reference does not model (a circle resting on another circle: stacks,
fixed circles, segments, other forces, embedded starts, sleeping, a standing
cluster hit in its frame) ends its run or is refused: it prints what it has and says on stderr
`reference: out of scope from frame K: WHY`, exit status 3.

Usage: reference.py SCENE --frames N [--jsonl] [--digits D]
"""

import argparse
import json
import math
import sys
from decimal import Decimal, getcontext, localcontext

getcontext().prec = 60
D0 = Decimal(0)
D1 = Decimal(1)
D2 = Decimal(2)
HALF = Decimal("0.5")
# Touching: gaps below this fraction of the length scale are rounding of the 60
# digits, not a gap (the engine's own tolerances are 1e-13 and above).
TOUCH = Decimal("1e-40")
CLUSTER_TIME = Decimal("0.05")   # frame fraction (docs/physics.md, clusters)
INSTANT = Decimal("1e-5")        # frame fraction (docs/physics.md, jams)
JAM_ANSWERS = 8
FRAME_ANSWERS = 64
JAM_TOUCH = Decimal("1e-6")      # of the radius sum: circles of one jammed cluster
WALLS = ("bounds-left", "bounds-top", "bounds-right", "bounds-bottom")
KIND_PAIR, KIND_WALL = 1, 2      # the engine's event kinds, for ties


class OutOfScope(Exception):
    pass


def dec(x):
    """A JSON number as the engine reads it (a double), converted exactly."""
    return Decimal(float(x))


def sqrt(x):
    return x.sqrt() if x > 0 else D0


class Ball:
    def __init__(self, index, spec):
        self.index = index
        self.id = spec["id"]
        self.r = dec(spec["radius"])
        self.m = dec(spec["mass"]) if "mass" in spec else Decimal(math.pi) * self.r * self.r
        self.e = dec(spec.get("restitution", 1))
        v = spec.get("vel", [0, 0])
        self.p = [dec(spec["pos"][0]), dec(spec["pos"][1])]
        self.v = [dec(v[0]), dec(v[1])]
        self.holds = set()        # walls holding the circle up (indices into WALLS)
        self.last = None          # time of its last answer in this frame
        self.same = 0             # answers at that instant
        self.rest_answers = 0     # answers at rest in this frame
        self.jam_t = None         # when its cluster last jammed
        self.standing = False     # a confined jammed cluster stands for the rest of the frame


class World:
    def __init__(self, scene):
        w = scene.get("world", {})
        for key in ("segments", "probes", "polygons", "curves", "attractors", "springs",
                    "bungees"):
            if scene.get(key):
                raise OutOfScope("the scene has " + key)
        for key in ("drag", "modes", "bounds_friction"):
            if key in w and w[key] not in (None, 0, {}, 0.0):
                raise OutOfScope("world." + key)
        if "bounds" not in w:
            raise OutOfScope("an unbounded world")
        b = [dec(x) for x in w["bounds"]]
        self.lo, self.hi = (b[0], b[1]), (b[2], b[3])
        self.e_wall = dec(w.get("bounds_restitution", 1))
        g = w.get("gravity", [0, 0])
        self.g = [dec(g[0]), dec(g[1])]
        self.dt = dec(w.get("dt", 1))
        self.balls = []
        for k, spec in enumerate(scene.get("circles", [])):
            if spec.get("fixed") or spec.get("collides") is False or spec.get("friction"):
                raise OutOfScope("circle %s is fixed, does not collide or has friction" % spec["id"])
            self.balls.append(Ball(k, spec))
        self.t = D0               # time units
        self.frame = 0
        self.removed = D0         # energy the rules took out (ledger), all frames
        self.lost = D0            # energy the answers with e < 1 took out, all frames
        self.taken = [D0, D0]     # momentum the walls took in this frame
        self.events = 0
        self.log = []             # this frame's events: (t, kind, a, b, e used, resting)

    # ---- geometry ---------------------------------------------------------------

    def wall_normal(self, w):
        """Unit normal of wall w pointing into the box."""
        return ((D1, D0), (D0, D1), (-D1, D0), (D0, -D1))[w]

    def wall_gap(self, b, w):
        """Distance of the circle's surface from wall w (its centre's distance less r)."""
        return (b.p[0] - self.lo[0], b.p[1] - self.lo[1],
                self.hi[0] - b.p[0], self.hi[1] - b.p[1])[w] - b.r

    def acc(self, b):
        """The circle's acceleration: gravity less what its holds take."""
        if b.standing:
            return [D0, D0]
        a = list(self.g)
        for w in sorted(b.holds):
            n = self.wall_normal(w)
            into = -(a[0] * n[0] + a[1] * n[1])
            if into > 0:
                a = [a[0] + into * n[0], a[1] + into * n[1]]
        return a

    def advance(self, tau):
        """Every circle flies its exact parabola for tau time units."""
        if tau == 0:
            return
        for b in self.balls:
            a = self.acc(b)
            for k in (0, 1):
                b.p[k] += b.v[k] * tau + a[k] * tau * tau / 2
                b.v[k] += a[k] * tau
                self.taken[k] += b.m * (self.g[k] - a[k]) * tau   # the weight a wall holds up
        self.t += tau

    # ---- event times ------------------------------------------------------------

    def wall_time(self, b, w, horizon):
        """First time in (0, horizon] the circle reaches wall w approaching."""
        n = self.wall_normal(w)
        a = self.acc(b)
        f0 = self.wall_gap(b, w)
        f1 = b.v[0] * n[0] + b.v[1] * n[1]
        f2 = a[0] * n[0] + a[1] * n[1]
        if f0 <= TOUCH * b.r:
            # touching: approaching is answered by touching_contacts; leaving, it may
            # come back (the root at 0 divided out)
            return first_root([f1, f2 / 2], horizon) if f1 > 0 else None
        return first_root([f0, f1, f2 / 2], horizon)

    def pair_time(self, i, j, horizon):
        bi, bj = self.balls[i], self.balls[j]
        ai, aj = self.acc(bi), self.acc(bj)
        d = [bj.p[k] - bi.p[k] for k in (0, 1)]
        u = [bj.v[k] - bi.v[k] for k in (0, 1)]
        h = [(aj[k] - ai[k]) / 2 for k in (0, 1)]
        R = bi.r + bj.r
        c0 = d[0] * d[0] + d[1] * d[1] - R * R
        # |d + u t + h t^2|^2 - R^2
        poly = [c0,
                2 * (d[0] * u[0] + d[1] * u[1]),
                u[0] * u[0] + u[1] * u[1] + 2 * (d[0] * h[0] + d[1] * h[1]),
                2 * (u[0] * h[0] + u[1] * h[1]),
                h[0] * h[0] + h[1] * h[1]]
        if c0 <= TOUCH * R * R:
            return first_root(poly[1:], horizon) if poly[1] > 0 else None
        return first_root(poly, horizon)

    # ---- answers ----------------------------------------------------------------

    def recent(self, b):
        return b.last is not None and self.t - b.last <= CLUSTER_TIME * self.dt

    def note_answer(self, b, resting):
        """Counts an answer; True when the circle is jammed (docs/physics.md, jams)."""
        if b.last is not None and self.t - b.last <= INSTANT * self.dt:
            b.same += 1
        else:
            b.same = 1
        b.last = self.t
        if resting:
            b.rest_answers += 1
        return b.same > JAM_ANSWERS or b.rest_answers > FRAME_ANSWERS

    def answer_wall(self, b, w):
        n = self.wall_normal(w)
        vn = -(b.v[0] * n[0] + b.v[1] * n[1])          # > 0 approaching
        e = sqrt(b.e * self.e_wall)
        a = self.g                                      # gravity presses what the wall holds
        pressed = -(a[0] * n[0] + a[1] * n[1])
        resting = pressed > 0 and 2 * e * vn < pressed * self.dt
        if resting:
            jn = vn
            self.removed += b.m * (e * vn) ** 2 / 2
            b.holds.add(w)
        else:
            jn = (1 + e) * vn
        self.lost += b.m * vn * vn * (1 - e * e) / 2
        for k in (0, 1):
            b.v[k] += jn * n[k]
            self.taken[k] -= b.m * jn * n[k]
        self.release(b)
        self.events += 1
        self.log.append((self.t - self.frame * self.dt, "circle-segment", b.id, WALLS[w],
                         D0 if resting else e, resting, vn))
        return self.note_answer(b, resting)

    def release(self, b):
        """A hold lets go when the circle leaves the wall."""
        for w in sorted(b.holds):
            n = self.wall_normal(w)
            if b.v[0] * n[0] + b.v[1] * n[1] > 0:
                b.holds.discard(w)

    def answer_pair(self, i, j):
        bi, bj = self.balls[i], self.balls[j]
        d = [bj.p[k] - bi.p[k] for k in (0, 1)]
        dist = sqrt(d[0] * d[0] + d[1] * d[1])
        n = [d[0] / dist, d[1] / dist]
        vn = (bi.v[0] - bj.v[0]) * n[0] + (bi.v[1] - bj.v[1]) * n[1]   # > 0 approaching
        e0 = sqrt(bi.e * bj.e)
        ai, aj = self.acc(bi), self.acc(bj)
        pressed = (ai[0] - aj[0]) * n[0] + (ai[1] - aj[1]) * n[1]
        repeat = self.recent(bi) and self.recent(bj)
        resting = False
        if pressed > 0 and 2 * e0 * vn < pressed * self.dt:
            raise OutOfScope("circles %s and %s come to rest on each other (a stack)"
                             % (bi.id, bj.id))
        if e0 < 1 and vn > 0 and repeat:
            resting = True
        e = D0 if resting else e0
        ii, ij = D1 / bi.m, D1 / bj.m
        for b, sign in ((bi, -1), (bj, 1)):
            for w in b.holds:
                nw = self.wall_normal(w)
                if sign * (n[0] * nw[0] + n[1] * nw[1]) < 0 and resting:
                    raise OutOfScope("a resting answer pushes %s into its ground" % b.id)
        jn = (1 + e) * vn / (ii + ij)
        mu = D1 / (ii + ij)
        self.lost += mu * vn * vn / 2 * (1 - e * e)
        for k in (0, 1):
            bi.v[k] -= jn * ii * n[k]
            bj.v[k] += jn * ij * n[k]
        self.release(bi)
        self.release(bj)
        self.events += 1
        self.log.append((self.t - self.frame * self.dt, "circle-circle", bi.id, bj.id, e,
                         resting, vn))
        jam_i = self.note_answer(bi, resting)
        jam_j = self.note_answer(bj, resting)
        if jam_i or jam_j:
            self.unjam(bi if jam_i else bj)

    def unjam(self, b0):
        """The cluster of circles touching b0 moves on as one body (its mean velocity)."""
        members = [b0]
        seen = {b0.index}
        while True:
            grew = False
            for b in list(members):
                for c in self.balls:
                    if c.index in seen:
                        continue
                    R = b.r + c.r
                    dist = sqrt((c.p[0] - b.p[0]) ** 2 + (c.p[1] - b.p[1]) ** 2)
                    if dist - R <= JAM_TOUCH * R:
                        members.append(c)
                        seen.add(c.index)
                        grew = True
            if not grew:
                break
        if any(b.jam_t is not None and self.t - b.jam_t <= INSTANT * self.dt for b in members):
            # it jams again at the same instant: it rings against what confines it, stops
            # (a perfectly inelastic hit of the whole cluster on it) and stands for the rest
            # of the frame, immovable (docs/physics.md, jams)
            self.log.append((self.t - self.frame * self.dt, "jam-stop", b0.id, len(members), D0,
                             True, D0))
            for b in members:
                self.removed += b.m * (b.v[0] ** 2 + b.v[1] ** 2) / 2
                for k in (0, 1):
                    self.taken[k] += b.m * b.v[k]
                b.v = [D0, D0]
                b.standing = True
            return
        self.log.append((self.t - self.frame * self.dt, "jam", b0.id, len(members), D0, True, D0))
        mass = sum(b.m for b in members)
        mean = [sum(b.m * b.v[k] for b in members) / mass for k in (0, 1)]
        ke = sum(b.m * (b.v[0] ** 2 + b.v[1] ** 2) for b in members) / 2
        self.removed += ke - mass * (mean[0] ** 2 + mean[1] ** 2) / 2
        for b in members:
            b.v = list(mean)
            b.jam_t = self.t
            b.same = 0
            self.release(b)
            for w in b.holds:
                n = self.wall_normal(w)
                if b.v[0] * n[0] + b.v[1] * n[1] < 0:
                    raise OutOfScope("a jammed cluster moves into the wall holding %s" % b.id)

    # ---- the frame ----------------------------------------------------------------

    def touching_contacts(self):
        """Contacts touching now that must be answered at once: approaching, or pressed
        together at rest (docs/physics.md: touching; resting contacts)."""
        found = []
        for b in self.balls:
            for w in range(4):
                if self.wall_gap(b, w) > TOUCH * b.r:
                    continue
                n = self.wall_normal(w)
                vn = -(b.v[0] * n[0] + b.v[1] * n[1])
                pressed = -(self.g[0] * n[0] + self.g[1] * n[1])
                if vn > TOUCH * (1 + abs(b.v[0]) + abs(b.v[1])):
                    found.append((KIND_WALL, b.index, w))
                elif pressed > 0 and w not in b.holds and vn >= 0:
                    found.append((KIND_WALL, b.index, w))
                elif pressed > 0 and vn < 0 and 2 * (-vn) < pressed * self.dt:
                    found.append((KIND_WALL, b.index, w))   # a hop too short to be one
        for i, bi in enumerate(self.balls):
            for j in range(i + 1, len(self.balls)):
                bj = self.balls[j]
                d = [bj.p[k] - bi.p[k] for k in (0, 1)]
                R = bi.r + bj.r
                if d[0] * d[0] + d[1] * d[1] - R * R > TOUCH * R * R:
                    continue
                vn = (bi.v[0] - bj.v[0]) * d[0] + (bi.v[1] - bj.v[1]) * d[1]
                ai, aj = self.acc(bi), self.acc(bj)
                pressed = (ai[0] - aj[0]) * d[0] + (ai[1] - aj[1]) * d[1]
                if vn < 0 and pressed > 0 and 2 * (-vn) < pressed * self.dt:
                    # a hop apart too short to be one: the pair rests on each other
                    raise OutOfScope("circles %s and %s come to rest on each other (a stack)"
                                     % (bi.id, bj.id))
                if vn > TOUCH * R * (1 + abs(bi.v[0]) + abs(bj.v[0]) + abs(bi.v[1]) + abs(bj.v[1])):
                    found.append((KIND_PAIR, i, j))
        return sorted(found)

    def frame_start_rests(self):
        """A circle held by a wall is answered at rest there as each frame begins
        (docs/reference.md: it counts as an answer for the cluster rule)."""
        for b in self.balls:
            for w in sorted(b.holds):
                self.note_answer(b, True)

    def step(self):
        frame_end = (self.frame + 1) * self.dt
        for b in self.balls:
            b.last, b.same, b.rest_answers, b.standing = None, 0, 0, False
        self.taken = [D0, D0]
        self.log = []
        self.frame_start_rests()
        budget = 64 * len(self.balls) + 1000
        handled = 0
        while True:
            handled += 1
            if handled > budget:
                raise OutOfScope("more than %d events in one frame" % budget)
            now = self.touching_contacts()
            if now:
                self.answer(now[0])
                continue
            horizon = frame_end - self.t
            best = None
            for b in self.balls:
                for w in range(4):
                    t = self.wall_time(b, w, horizon)
                    if t is not None:
                        key = (t, KIND_WALL, b.index, w)
                        best = key if best is None or key < best else best
            for i in range(len(self.balls)):
                for j in range(i + 1, len(self.balls)):
                    t = self.pair_time(i, j, horizon)
                    if t is not None:
                        key = (t, KIND_PAIR, i, j)
                        best = key if best is None or key < best else best
            if best is None:
                self.advance(horizon)
                break
            self.advance(best[0])
            self.snap(best)
            self.answer(best[1:])
        self.t = frame_end
        self.frame += 1

    def snap(self, key):
        """Puts a circle that reached a wall exactly on it (the root is 60 digits)."""
        if key[1] == KIND_WALL:
            b, w = self.balls[key[2]], key[3]
            if w == 0:
                b.p[0] = self.lo[0] + b.r
            elif w == 1:
                b.p[1] = self.lo[1] + b.r
            elif w == 2:
                b.p[0] = self.hi[0] - b.r
            else:
                b.p[1] = self.hi[1] - b.r

    def answer(self, key):
        kind = key[0]
        if any(self.balls[i].standing for i in ((key[1],) if kind == KIND_WALL else key[1:])):
            raise OutOfScope("a standing jammed cluster is hit in its frame")
        if kind == KIND_WALL:
            b = self.balls[key[1]]
            if self.answer_wall(b, key[2]):
                self.unjam(b)
        else:
            self.answer_pair(key[1], key[2])

    def energy(self):
        ke = sum(b.m * (b.v[0] ** 2 + b.v[1] ** 2) for b in self.balls) / 2
        pe = -sum(b.m * (self.g[0] * b.p[0] + self.g[1] * b.p[1]) for b in self.balls)
        return ke, pe

    def momentum(self):
        return [sum(b.m * b.v[k] for b in self.balls) for k in (0, 1)]


def first_root(poly, horizon):
    """First t in (0, horizon] where the polynomial (coefficients from degree 0), positive
    at 0, reaches 0. Roots of its derivative split the interval into monotone pieces;
    the first piece that ends at or below 0 holds the root, found by safeguarded Newton."""
    while len(poly) > 1 and poly[-1] == 0:
        poly = poly[:-1]
    if len(poly) == 1:
        return None
    if len(poly) == 2:
        t = -poly[0] / poly[1]
        return t if 0 < t <= horizon else None
    if len(poly) == 3:
        c, b, a = poly
        disc = b * b - 4 * a * c
        if disc < 0:
            return None
        s = disc.sqrt()
        # the smaller root of a positive-at-0 quadratic that goes down
        roots = []
        if b < 0:
            q = -(b - s) / 2
            roots = [c / q, q / a] if a != 0 else [c / q]
        else:
            q = -(b + s) / 2
            roots = [q / a, c / q] if q != 0 and a != 0 else []
        roots = sorted(r for r in roots if r > 0)
        return roots[0] if roots and roots[0] <= horizon else None
    crit = [t for t in real_roots(derivative(poly), D0, horizon)]
    points = [D0] + crit + [horizon]
    for lo, hi in zip(points, points[1:]):
        if evaluate(poly, hi) <= 0:
            return bracketed_root(poly, lo, hi)
    return None


def derivative(poly):
    return [k * poly[k] for k in range(1, len(poly))]


def evaluate(poly, t):
    s = D0
    for c in reversed(poly):
        s = s * t + c
    return s


def real_roots(poly, lo, hi):
    """All roots of the polynomial in (lo, hi), sorted (by derivative isolation)."""
    while len(poly) > 1 and poly[-1] == 0:
        poly = poly[:-1]
    if len(poly) <= 1:
        return []
    if len(poly) == 2:
        t = -poly[0] / poly[1]
        return [t] if lo < t < hi else []
    crit = real_roots(derivative(poly), lo, hi)
    points = [lo] + crit + [hi]
    roots = []
    for a, b in zip(points, points[1:]):
        fa, fb = evaluate(poly, a), evaluate(poly, b)
        if fa == 0 and a != lo:
            roots.append(a)
        elif (fa < 0 < fb) or (fb < 0 < fa):
            roots.append(bracketed_root(poly, a, b))
    return sorted(set(roots))


def bracketed_root(poly, lo, hi):
    flo = evaluate(poly, lo)
    dpoly = derivative(poly)
    t = (lo + hi) / 2
    eps = Decimal(10) ** (-getcontext().prec + 8)
    for _ in range(400):
        ft = evaluate(poly, t)
        if ft == 0:
            return t
        if (ft > 0) == (flo > 0):
            lo, flo = t, ft
        else:
            hi = t
        if hi - lo <= eps * (1 + abs(hi)):
            break
        d = evaluate(dpoly, t)
        nt = t - ft / d if d != 0 else None
        t = nt if nt is not None and lo < nt < hi else (lo + hi) / 2
    return hi


def fmt(x):
    f = float(x)
    if f == int(f) and abs(f) < 1e15:
        return str(int(f)) if not (f == 0 and math.copysign(1, f) < 0) else "-0"
    return repr(f)


def exact(x, digits):
    return "{:.{}g}".format(x, digits) if x != 0 else "0"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene")
    ap.add_argument("--frames", type=int, required=True)
    ap.add_argument("--jsonl", action="store_true",
                    help="state lines as JSON, {\"frame\":K,\"state\":[...]} (the engine's --jsonl --states)")
    ap.add_argument("--digits", type=int, default=0,
                    help="print positions and velocities with this many significant digits (exact)")
    args = ap.parse_args(argv)
    with open(args.scene, encoding="utf-8") as f:
        scene = json.load(f)
    try:
        world = World(scene)
    except OutOfScope as err:
        print("reference: out of scope: %s" % err, file=sys.stderr)
        return 3
    if args.digits:
        num = lambda x: exact(x, args.digits)
    elif args.jsonl:
        num = fmt
    else:
        num = lambda x: "%g" % float(x)    # as impulse run --states prints them
    out = sys.stdout

    def state(k):
        if args.jsonl and k > 0:
            for (t, kind, a, b, e, resting, vn) in world.log:
                out.write('{"frame":%d,"kind":"%s","a":%s,"b":%s,"t":%s,"e":%s,"vn":%s%s}\n'
                          % (k - 1, kind, json.dumps(a), json.dumps(b), num(t), num(e), num(vn),
                             ',"resting":true' if resting else ""))
        if args.jsonl:
            items = ",".join('{"id":%s,"pos":[%s,%s],"vel":[%s,%s]}' %
                             (json.dumps(b.id), num(b.p[0]), num(b.p[1]), num(b.v[0]), num(b.v[1]))
                             for b in world.balls)
            ke, pe = world.energy()
            mom = world.momentum()
            out.write('{"frame":%d,"state":[%s],"energy":%s,"removed":%s,"lost":%s,"momentum":[%s,%s],"taken":[%s,%s],"events":%d}\n'
                      % (k - 1, items, num(ke + pe), num(world.removed), num(world.lost),
                         num(mom[0]), num(mom[1]), num(world.taken[0]), num(world.taken[1]), world.events))
        else:
            out.write("state %d: %s\n" % (k, "; ".join(
                "%s pos=(%s, %s) vel=(%s, %s)" % (b.id, num(b.p[0]), num(b.p[1]), num(b.v[0]), num(b.v[1]))
                for b in world.balls)))

    state(0)
    status = 0
    for k in range(args.frames):
        try:
            world.step()
        except OutOfScope as err:
            print("reference: out of scope from frame %d: %s" % (k, err), file=sys.stderr)
            status = 3
            break
        state(k + 1)
    ke, pe = world.energy()
    if not args.jsonl:
        out.write("frames=%d events=%d energy=%s\n" % (world.frame, world.events, num(ke + pe)))
    return status


if __name__ == "__main__":
    sys.exit(main())
