#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares the engine (`impulse run SCENE --jsonl --states`) with the exact reference
(reference.py) frame by frame, on the five scenes of issue 14 and on seeded random
scenes of circles in a box (docs/reference.md).

  compare.py --impulse build/app/impulse [--seeds 0-39] [--balls 2-30] [--frames 200]
  compare.py --impulse build/app/impulse --check K,M   (the meson test: exit 1 on failure)
  compare.py --impulse build/app/impulse --scene FILE --frames N

For each scene: the largest position and velocity difference over the frames, the first
frame where one passes TOL (1e-9), how many events both made before it, the energy
balance of both (the reference's energy plus what its answers and rules took out is
constant; the engine's energy never rises) and the momentum balance of both (change =
gravity's impulse less what the walls took). A divergence is classed as *rounding*
when the difference grew over several frames from the engine's rounding (the frame
before was above 1e-12) and as a *rule* when it jumped in one frame from rounding level
(a discrete decision went the other way: a bounce or a rest, a cluster, a jam).
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "reference.py")
SCENES = os.path.join(HERE, "scenes")
ISSUE_SCENES = [("corner-e08", 20), ("slide-into-wall-gravity", 40), ("jam-cradle-e08", 1000),
                ("drop-e08-never-rests", 1100), ("rest-e1-hops", 200)]
TOL = 1e-9


def run_engine(impulse, scene, frames):
    out = subprocess.run([impulse, "run", scene, "--frames", str(frames), "--jsonl", "--states"],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError("impulse run %s: exit %d: %s" % (scene, out.returncode, out.stderr))
    states, events, taken = [], {}, {}
    for line in out.stdout.splitlines():
        obj = json.loads(line)
        if "trace" in obj:
            states.append(obj["state"])
        elif "state" in obj and "frame" in obj:
            states.append(obj["state"])
        elif "kind" in obj:
            k = obj["frame"]
            events.setdefault(k, []).append(obj)
            t = obj.get("taken", [0, 0])
            s = taken.setdefault(k, [0.0, 0.0])
            s[0] += t[0]
            s[1] += t[1]
    return states, events, taken


def run_reference(scene, frames):
    out = subprocess.run([sys.executable, REFERENCE, scene, "--frames", str(frames), "--jsonl"],
                         capture_output=True, text=True, check=False)
    if out.returncode not in (0, 3):
        raise RuntimeError("reference %s: exit %d: %s" % (scene, out.returncode, out.stderr))
    states, events = [], {}
    for line in out.stdout.splitlines():
        obj = json.loads(line)
        if "state" in obj:
            states.append(obj)
        else:
            events.setdefault(obj["frame"], []).append(obj)
    scope = out.stderr.strip() if out.returncode == 3 else None
    return states, events, scope


def masses(scene):
    return [c["mass"] if "mass" in c else math.pi * c["radius"] ** 2 for c in scene["circles"]]


def energy(state, m, g):
    return sum(mi * (0.5 * (b["vel"][0] ** 2 + b["vel"][1] ** 2) - g[0] * b["pos"][0] - g[1] * b["pos"][1])
               for mi, b in zip(m, state))


def compare(impulse, path, frames):
    with open(path, encoding="utf-8") as f:
        scene = json.load(f)
    world = scene.get("world", {})
    g = world.get("gravity", [0, 0])
    dt = world.get("dt", 1)
    m = masses(scene)
    eng, eng_events, eng_taken = run_engine(impulse, path, frames)
    ref, ref_events, scope = run_reference(path, frames)
    n = min(len(eng), len(ref))
    res = {"scene": os.path.basename(path), "balls": len(m), "frames": n - 1, "scope": scope,
           "first": None, "class": None, "max_pos": 0.0, "max_vel": 0.0}
    prev = 0.0
    agree_pos = agree_vel = 0.0
    for k in range(n):
        dp = dv = 0.0
        for a, b in zip(eng[k], ref[k]["state"]):
            dp = max(dp, abs(a["pos"][0] - b["pos"][0]), abs(a["pos"][1] - b["pos"][1]))
            dv = max(dv, abs(a["vel"][0] - b["vel"][0]), abs(a["vel"][1] - b["vel"][1]))
        res["max_pos"] = max(res["max_pos"], dp)
        res["max_vel"] = max(res["max_vel"], dv)
        diff = max(dp, dv)
        if res.get("macro") is None and diff > 1e-3:
            res["macro"] = k - 1
        if res["first"] is None:
            if diff > TOL:
                res["first"] = k - 1          # the frame whose end state differs
                res["class"] = classify(eng_events.get(k - 1, []), ref_events.get(k - 1, []),
                                        prev, diff)
                res["jump"] = (prev, diff)
                res["eng_events"] = eng_events.get(k - 1, [])
                res["ref_events"] = ref_events.get(k - 1, [])
            else:
                agree_pos, agree_vel = max(agree_pos, dp), max(agree_vel, dv)
        prev = diff
    res["agree_pos"], res["agree_vel"] = agree_pos, agree_vel
    last_agreeing = n - 1 if res["first"] is None else res["first"]
    res["agree_frames"] = last_agreeing
    res["ref_events_agreeing"] = ref[last_agreeing]["events"]
    res["eng_events_agreeing"] = sum(len(eng_events.get(k, [])) for k in range(last_agreeing))
    # energy: the reference's E + removed + lost is constant; the engine's E never rises
    e0 = ref[0]["energy"]
    res["ref_energy_residual"] = max(abs(s["energy"] + s["removed"] + s["lost"] - e0) for s in ref[:n])
    eng_e = [energy(s, m, g) for s in eng[:n]]
    scale = max(1.0, max(abs(x) for x in eng_e))
    res["eng_energy_rise"] = max([0.0] + [(eng_e[k + 1] - eng_e[k]) / scale for k in range(n - 1)])
    res["energy_final"] = (eng_e[n - 1], ref[n - 1]["energy"])
    # momentum: change over a frame = m g dt - taken (no sleepers in the random scenes)
    mg = [sum(m) * g[0] * dt, sum(m) * g[1] * dt]

    def mom(state):
        return [sum(mi * b["vel"][c] for mi, b in zip(m, state)) for c in (0, 1)]
    eng_res = ref_res = 0.0
    for k in range(n - 1):
        pe0, pe1 = mom(eng[k]), mom(eng[k + 1])
        tk = eng_taken.get(k, [0.0, 0.0])
        pr0, pr1 = ref[k]["momentum"], ref[k + 1]["momentum"]
        for c in (0, 1):
            eng_res = max(eng_res, abs(pe1[c] - pe0[c] - mg[c] + tk[c]))
            ref_res = max(ref_res, abs(pr1[c] - pr0[c] - mg[c] + ref[k + 1]["taken"][c]))
    if world.get("sleep", True):
        eng_res = float("nan")     # sleepers leave m_awake: not measured here
    res["eng_momentum_residual"], res["ref_momentum_residual"] = eng_res, ref_res
    return res


def answers(events):
    """The answers of a frame as (kind, ids, e, resting), without the engine's renewals of
    a contact already at rest (a resting answer of normal speed 0 as a frame begins)."""
    out = []
    for ev in events:
        if ev["kind"] not in ("circle-circle", "circle-segment", "jam"):
            continue
        a = ev.get("a", ev.get("circle"))
        b = ev.get("b", ev.get("segment"))
        if ev.get("resting") and abs(ev.get("vn", 0)) < 1e-6:
            continue
        out.append((ev["kind"], a, b, ev.get("e", 0), bool(ev.get("resting"))))
    return out


def ev_t(events, kind, a, b):
    for ev in events:
        if ev["kind"] == kind and ev.get("a", ev.get("circle")) == a and ev.get("b", ev.get("segment")) == b:
            return ev["t"]
    return 0.5


def classify(eng_events, ref_events, prev, diff):
    """A rule disagreement when an answer the two share used another e or rest decision;
    rounding otherwise (the same decisions, a difference grown from the engine's rounding)."""
    ref = answers(ref_events)
    for kind, a, b, e, resting in answers(eng_events):
        for r in ref:
            if r[:3] == (kind, a, b):
                if abs(r[3] - e) > 1e-9 or r[4] != resting:
                    return "rule"
                ref.remove(r)
                break
        else:
            if not 1e-9 < ev_t(eng_events, kind, a, b) < 1 - 1e-9:
                return "rounding (an answer at the frame's edge)"
            return "rule (an answer of the engine only)"
    if ref:
        if all(not 1e-9 < ev_t(ref_events, *r[:3]) < 1 - 1e-9 for r in ref):
            return "rounding (an answer at the frame's edge)"
        return "rule (an answer of the reference only)"
    return "rounding" if prev > 1e-12 or diff < 1e-6 else "rounding (one event)"


def random_scene(seed, balls_lo, balls_hi, gravity=None, restitutions=(1, 0.9, 0.8, 0.5)):
    rng = random.Random(seed)
    n = rng.randint(balls_lo, balls_hi)
    W, H = 800, 600
    e_wall = rng.choice(restitutions)
    if gravity is None:
        gravity = rng.random() < 0.5
    g = [0, rng.choice([0.1, 0.2, 0.5])] if gravity else [0, 0]
    circles = []
    tries = 0
    while len(circles) < n and tries < 10000:
        tries += 1
        r = round(rng.uniform(5, 30), 3)
        x = round(rng.uniform(r + 1, W - r - 1), 3)
        y = round(rng.uniform(r + 1, H - r - 1), 3)
        if any((x - c["pos"][0]) ** 2 + (y - c["pos"][1]) ** 2 < (r + c["radius"] + 1) ** 2 for c in circles):
            continue
        e = rng.choice([x for x in restitutions if x != e_wall] or restitutions)
        circles.append({"id": "c%d" % len(circles), "pos": [x, y],
                        "vel": [round(rng.uniform(-5, 5), 3), round(rng.uniform(-5, 5), 3)],
                        "radius": r, "mass": round(rng.uniform(0.5, 5), 3), "restitution": e})
    return {"impulse": 1, "title": "reference seed %d" % seed,
            "world": {"bounds": [0, 0, W, H], "bounds_restitution": e_wall, "gravity": g,
                      "sleep": False},
            "circles": circles}


def describe(res):
    s = ("%-28s n=%-2d frames=%-4d agree=%-4s maxdiff pos %.1e vel %.1e (agreeing: %.1e %.1e) "
         "events ref/eng %d/%d  E-resid ref %.0e  E-rise eng %.0e  P-resid ref %.0e eng %.0e"
         % (res["scene"], res["balls"], res["frames"],
            "all" if res["first"] is None else res["first"], res["max_pos"], res["max_vel"],
            res["agree_pos"], res["agree_vel"], res["ref_events_agreeing"],
            res["eng_events_agreeing"], res["ref_energy_residual"], res["eng_energy_rise"],
            res["ref_momentum_residual"], res["eng_momentum_residual"]))
    if res["first"] is not None:
        s += "\n    diverges in frame %d (%s: %.1e -> %.1e)" % ((res["first"], res["class"]) + res["jump"])
        for name in ("eng_events", "ref_events"):
            for ev in res[name][:6]:
                s += "\n      %s %s" % (name[:3], json.dumps({k: ev.get(k) for k in (
                    "kind", "a", "b", "circle", "segment", "t", "e", "vn", "resting", "jammed") if k in ev}))
    if res["scope"]:
        s += "\n    " + res["scope"]
    return s


def summarize(results, frames):
    """One paragraph over many scenes: how long they agree, and why they stop."""
    if not results:
        return ""
    lines = ["%d scenes, %d frames each:" % (len(results), frames)]
    whole = [r for r in results if r["first"] is None]
    lines.append("  agree to 1e-9 over every frame compared: %d (max difference %.1e)"
                 % (len(whole), max([r["max_pos"] for r in whole] + [r["max_vel"] for r in whole] + [0])))
    for cls in ("rounding", "rounding (one event)", "rounding (an answer at the frame's edge)", "rule", "rule (an answer of the engine only)",
                "rule (an answer of the reference only)"):
        rs = sorted(r["first"] for r in results if r["class"] == cls)
        if rs:
            lines.append("  diverge by %s: %d, first frames %s" % (cls, len(rs), rs))
    scoped = [r for r in results if r["scope"]]
    if scoped:
        lines.append("  reference out of scope before the end: %d (%s)" % (
            len(scoped), "; ".join(sorted(set(r["scope"].split(": ", 2)[-1].split(" ")[0] + "..." for r in scoped)))))
    macro = sorted(r["macro"] for r in results if r.get("macro") is not None)
    lines.append("  differ by more than 1e-3 (macroscopically): %d, first frames %s" % (len(macro), macro))
    lines.append("  events agreeing (reference): %d in all" % sum(r["ref_events_agreeing"] for r in results))
    lines.append("  worst: reference energy residual %.1e, engine energy rise %.1e of |E|, "
                 "momentum residual reference %.1e engine %.1e" % (
                     max(r["ref_energy_residual"] for r in results),
                     max(r["eng_energy_rise"] for r in results),
                     max(r["ref_momentum_residual"] for r in results),
                     max(r["eng_momentum_residual"] for r in results)))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--impulse", required=True)
    ap.add_argument("--scene")
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--seeds", default="0-19")
    ap.add_argument("--balls", default="2-30")
    ap.add_argument("--gravity", choices=("yes", "no", "random"), default="random")
    ap.add_argument("--restitution", default="1,0.9,0.8,0.5")
    ap.add_argument("--issue", action="store_true", help="only the five scenes of issue 14")
    ap.add_argument("--check", help="K,M: the test: issue scenes all frames, K seeds for M frames")
    ap.add_argument("--strict", action="store_true",
                    help="with --scene: exit 1 unless every frame agrees to 1e-9")
    ap.add_argument("--keep", help="write the random scenes into this directory")
    args = ap.parse_args()

    if args.scene:
        res = compare(args.impulse, args.scene, args.frames)
        print(describe(res))
        return 1 if args.strict and (res["first"] is not None or res["scope"]) else 0
    failures = 0
    if args.check or args.issue or args.seeds == "":
        for name, frames in ISSUE_SCENES:
            res = compare(args.impulse, os.path.join(SCENES, name + ".json"), frames)
            print(describe(res))
            if res["first"] is not None or res["scope"]:
                failures += 1
        if args.issue:
            return 1 if failures else 0
    if args.check:
        k, mframes = (int(x) for x in args.check.split(","))
        seeds, balls, frames, gravity, rest = range(1000, 1000 + k), (2, 5), mframes, True, (0.9, 0.8, 0.5)
    else:
        lo, hi = (int(x) for x in args.seeds.split("-"))
        seeds = range(lo, hi + 1)
        balls = tuple(int(x) for x in args.balls.split("-"))
        frames = args.frames
        gravity = {"yes": True, "no": False, "random": None}[args.gravity]
        rest = tuple(float(x) for x in args.restitution.split(","))
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            scene = random_scene(seed, balls[0], balls[-1], gravity, rest)
            path = os.path.join(args.keep or tmp, "seed%04d.json" % seed)
            with open(path, "w", encoding="utf-8") as f:
                json.dump(scene, f)
            res = compare(args.impulse, path, frames)
            print(describe(res))
            summary.append(res)
            if args.check and (res["first"] is not None or
                               (res["scope"] and "from frame" not in res["scope"])):
                failures += 1
    print(summarize(summary, frames))
    if args.check:
        print("%d failures" % failures)
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
