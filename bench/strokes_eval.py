#!/usr/bin/env python3
"""Evaluates the stroke recognizer on the $1 gesture logs (../shared/data-samples/dollar1-xml:
16 shapes, 10 people, 3 speeds, 10 repetitions; Wobbrock, Wilson & Li, UIST 2007).

Two protocols, accuracy per shape and overall:
  * user-dependent, as the publication measured it: for each person and speed, T templates per
    shape and one test stroke per shape, all from that person and speed, drawn at random and
    repeated; T = 1 and T = 3;
  * user-independent: templates (T = 3 per shape) from other people than the test strokes.
Matching time per stroke is measured too (16 shapes x 3 templates).

Usage: strokes_eval.py [DATA_DIR] [--repeats N] [--speeds slow,medium,fast] [--rotation-invariant]
                       [--json OUT]
Exit status 0 always (the figures are reported, not asserted; tests assert the CI subset).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import gesturekit as gk
from gesturekit import _lib

SHAPES = ["arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace", "left_sq_bracket", "pigtail",
          "question_mark", "rectangle", "right_curly_brace", "right_sq_bracket", "star", "triangle", "v", "x"]


def load(data: Path, speeds):
    """{(subject, speed): {shape: [ctypes point array, ...]}}"""
    out = defaultdict(lambda: defaultdict(list))
    for subject in sorted(p.name for p in data.iterdir() if p.is_dir() and p.name.startswith("s")):
        for speed in speeds:
            folder = data / subject / speed
            if not folder.is_dir():
                continue
            for f in sorted(folder.iterdir()):
                if f.suffix != ".xml":
                    continue
                root = ET.fromstring(f.read_bytes().decode("utf-8-sig"))
                pts = [(float(p.get("X")), float(p.get("Y"))) for p in root.iter("Point")]
                shape = f.stem.rstrip("0123456789")
                arr = (_lib.Point * len(pts))(*[_lib.Point(x, y) for x, y in pts])
                out[(subject, speed)][shape].append((arr, len(pts), pts))
    return out


class Matcher:
    def __init__(self, rotation_invariant):
        self.engine = gk.Engine(1000, 1000)
        self.rotation_invariant = rotation_invariant

    def recognizer(self, templates):
        r = self.engine.stroke(builtin_templates=False, rotation_invariant=self.rotation_invariant)
        for shape, (_arr, _n, pts) in templates:
            r.add_template(shape, pts)
        return r


def run_protocol(matcher, groups_by_key, rng, repeats, per_shape, independent):
    correct, total = defaultdict(int), defaultdict(int)
    keys = sorted(groups_by_key)
    for key in keys:
        subject, speed = key
        strokes = groups_by_key[key]
        for _ in range(repeats):
            templates, tests = [], []
            for shape in SHAPES:
                own = strokes.get(shape, [])
                if len(own) < 2:
                    continue
                pick = rng.sample(range(len(own)), per_shape + 1 if not independent else 1)
                tests.append((shape, own[pick[-1]]))
                if independent:
                    others = [k for k in keys if k[0] != subject and k[1] == speed]
                    for _ in range(per_shape):
                        other = groups_by_key[rng.choice(others)].get(shape, [])
                        templates.append((shape, rng.choice(other)))
                else:
                    templates += [(shape, own[i]) for i in pick[:-1]]
            r = matcher.recognizer(templates)
            names = [s for s, _ in templates]
            for shape, (arr, n, _pts) in tests:
                index, _score = r.match_index(arr, n)
                total[shape] += 1
                if index >= 0 and names[index] == shape:
                    correct[shape] += 1
            r.destroy()
    return {s: correct[s] / total[s] for s in SHAPES if total[s]}, sum(correct.values()) / max(1, sum(total.values())), \
        sum(total.values())


def timing(matcher, groups_by_key, rng):
    key = sorted(groups_by_key)[0]
    templates = []
    for shape in SHAPES:
        own = groups_by_key[key][shape]
        templates += [(shape, s) for s in own[:3]]
    r = matcher.recognizer(templates)
    tests = [s for shape in SHAPES for s in groups_by_key[key][shape][3:6]]
    # ctypes' own cost per call, to subtract: a cheap call with the same marshalling.
    start = time.perf_counter()
    for arr, n, _ in tests * 10:
        r.match_index(arr, n)
    elapsed = time.perf_counter() - start
    calls = len(tests) * 10
    start = time.perf_counter()
    for _ in range(calls):
        r.template_count
    overhead = time.perf_counter() - start
    r.destroy()
    return (elapsed - overhead) / calls * 1e6, len(templates)


def main():
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=str(here.parent.parent / "shared" / "data-samples" / "dollar1-xml"))
    ap.add_argument("--repeats", type=int, default=10)
    ap.add_argument("--speeds", default="slow,medium,fast")
    ap.add_argument("--rotation-invariant", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json")
    args = ap.parse_args()
    data = Path(args.data)
    speeds = args.speeds.split(",")
    strokes = load(data, speeds)
    matcher = Matcher(args.rotation_invariant)
    rng = random.Random(args.seed)
    report = {"rotation_invariant": args.rotation_invariant, "speeds": speeds, "repeats": args.repeats}
    mode = "rotation-invariant" if args.rotation_invariant else "orientation-sensitive"
    print(f"$1 logs: {sum(len(v) for g in strokes.values() for v in g.values())} strokes, {mode} matching")
    for label, per, indep in (("user-dependent, 1 template/shape", 1, False),
                              ("user-dependent, 3 templates/shape", 3, False),
                              ("user-independent, 3 templates/shape", 3, True)):
        per_shape, overall, n = run_protocol(matcher, strokes, rng, args.repeats, per, indep)
        report[label] = {"overall": overall, "tests": n, "per_shape": per_shape}
        worst = sorted(per_shape.items(), key=lambda kv: kv[1])[:3]
        print(f"{label}: {overall * 100:.2f} % of {n} tests; lowest: "
              + ", ".join(f"{s} {a * 100:.1f} %" for s, a in worst))
        print("  " + "  ".join(f"{s} {a * 100:.1f}" for s, a in sorted(per_shape.items())))
    us, ntemplates = timing(matcher, strokes, rng)
    report["match_microseconds"] = us
    print(f"matching time: {us:.1f} us per stroke against {ntemplates} templates (ctypes overhead subtracted)")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
