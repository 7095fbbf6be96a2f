#!/usr/bin/env python3
"""Evaluates the stroke recognizer on the $1 gesture logs (../shared/data-samples/dollar1-xml:
16 shapes, 10 people, 3 speeds, 10 repetitions; Wobbrock, Wilson & Li, UIST 2007).

Protocols, accuracy per shape and overall:
  * user-dependent, as the publication measured it: for each person and speed, T templates per
    shape and one test stroke per shape, all from that person and speed, drawn at random and
    repeated; T = 1 and T = 3;
  * user-independent: templates (T = 3 per shape) from other people than the test strokes;
  * leave-one-person-out: for each person and speed, 3 templates per shape from the other people,
    and every stroke of that person as a test;
  * multistroke variants (--multistroke): the same protocols with each test stroke split into two
    to four pieces at random points, random pieces reversed and the pieces shuffled;
  * size and aspect variants (--distort): each test stroke scaled by 0.5-2x, its height by another
    0.6-1.6x against its width (the shape drawn bigger, smaller, wider or taller than the
    templates); with --multistroke, also cut into pieces as above;
  * rejection (--rejection): scores of negatives (straight lines in 16 directions, taps, random
    scribbles, and each shape's strokes against templates of the other shapes) against the scores
    of true matches; the false-accept and true-accept rates at thresholds from 0.70 to 0.95; and
    the same with a margin test (the best shape's score less the second best's at least m).
Matching time per stroke is measured through ctypes, and in C by bench/stroke_bench when
--stroke-bench names it (16 shapes x 3 templates).

Usage: strokes_eval.py [DATA_DIR] [--repeats N] [--speeds slow,medium,fast] [--rotation-invariant]
                       [--matcher unistroke|point-cloud] [--multistroke] [--distort] [--lopo] [--rejection]
                       [--stroke-bench PATH] [--json OUT]
Exit status 0 always (the figures are reported, not asserted; tests assert the CI subset).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import math
import os
import random
import subprocess
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import gesturekit as gk
from gesturekit import _lib
from gesturekit.strokefile import write_templates

import dollar1
from dollar1 import SHAPES

def load(data: Path, speeds):
    """{(subject, speed): {shape: [(ctypes point array, count, points), ...]}}"""
    out = defaultdict(lambda: defaultdict(list))
    for key, shapes in dollar1.load(data, speeds).items():
        for shape, strokes in shapes.items():
            for pts in strokes:
                arr = (_lib.Point * len(pts))(*[_lib.Point(x, y) for x, y in pts])
                out[key][shape].append((arr, len(pts), pts))
    return out


class Matcher:
    def __init__(self, rotation_invariant, matcher=gk.StrokeMatcher.UNISTROKE):
        self.engine = gk.Engine(1000, 1000)
        self.rotation_invariant = rotation_invariant
        self.matcher = matcher

    def recognizer(self, templates):
        r = self.engine.stroke(builtin_templates=False, rotation_invariant=self.rotation_invariant,
                               matcher=int(self.matcher))
        for shape, (_arr, _n, pts) in templates:
            r.add_template(shape, pts)
        return r


def pieces(pts, rng):
    """`pts` split into two to four pieces at random points, random pieces reversed, the pieces
    shuffled: the same shape drawn in several strokes, in another order and direction."""
    k = rng.randint(2, 4)
    cuts = sorted(rng.sample(range(2, len(pts) - 2), k - 1)) if len(pts) > 2 * k + 2 else []
    bounds = [0] + cuts + [len(pts)]
    # Neighbouring pieces share the point they were cut at: the shape is drawn whole, in pieces.
    parts = [list(pts[a:b + 1]) for a, b in zip(bounds, bounds[1:])]
    parts = [p[::-1] if rng.random() < 0.5 else p for p in parts]
    rng.shuffle(parts)
    return parts


def distorted(strokes, rng):
    """The strokes scaled by 0.5-2x, the height by a further 0.6-1.6x: the shape at another size
    and aspect ratio than the templates were drawn at."""
    sx = math.exp(rng.uniform(math.log(0.5), math.log(2.0)))
    sy = sx * math.exp(rng.uniform(math.log(0.6), math.log(1.6)))
    return [[(x * sx, y * sy) for x, y in s] for s in strokes]


def as_test(strokes):
    """ctypes arrays (points, stroke ids, count) of a list of strokes."""
    flat = [p for s in strokes for p in s]
    ids = [k for k, s in enumerate(strokes) for _ in s]
    arr = (_lib.Point * len(flat))(*[_lib.Point(x, y) for x, y in flat])
    return arr, (ctypes.c_uint32 * len(ids))(*ids), len(flat)


def match(r, item, rng, multistroke, distort=False):
    arr, n, pts = item
    if not multistroke and not distort:
        return r.match_index(arr, n)
    strokes = pieces(pts, rng) if multistroke else [list(pts)]
    if distort:
        strokes = distorted(strokes, rng)
    parr, ids, count = as_test(strokes)
    return r.match_index(parr, count, ids)


def other_people_templates(groups_by_key, key, rng):
    """3 templates per shape, each from a random other person at the same speed as `key`."""
    subject, speed = key
    others = [k for k in sorted(groups_by_key) if k[0] != subject and k[1] == speed]
    return [(shape, rng.choice(groups_by_key[rng.choice(others)][shape])) for shape in SHAPES for _ in range(3)]


def run_lopo(matcher, groups_by_key, rng, multistroke=False, distort=False):
    """Leave one person out: templates from the others, every stroke of the person as a test."""
    correct = total = 0
    keys = sorted(groups_by_key)
    for key in keys:
        templates = other_people_templates(groups_by_key, key, rng)
        r = matcher.recognizer(templates)
        names = [s for s, _ in templates]
        for shape in SHAPES:
            for item in groups_by_key[key][shape]:
                index, _score = match(r, item, rng, multistroke, distort)
                total += 1
                correct += index >= 0 and names[index] == shape
        r.destroy()
    return correct / max(1, total), total


def negatives(rng, count):
    """Strokes that are no shape: straight lines in 16 directions (slightly wobbly), taps, and
    random scribbles."""
    out = {"line": [], "tap": [], "scribble": []}
    for k in range(count):
        a = 2 * math.pi * (k % 16) / 16 + rng.uniform(-0.05, 0.05)
        length = rng.uniform(80, 300)
        wobble = rng.uniform(0, 0.015) * length
        phase = rng.uniform(0, 2 * math.pi)
        out["line"].append([(200 + t * length * math.cos(a) - wobble * math.sin(3 * math.pi * t + phase) * math.sin(a),
                             200 + t * length * math.sin(a) + wobble * math.sin(3 * math.pi * t + phase) * math.cos(a))
                            for t in [i / 40 for i in range(41)]])
        out["tap"].append([(200 + rng.uniform(-3, 3), 200 + rng.uniform(-3, 3)) for _ in range(rng.randint(2, 6))])
        x, y, pts = 200.0, 200.0, []
        heading = rng.uniform(0, 2 * math.pi)
        for _ in range(rng.randint(20, 80)):
            heading += rng.gauss(0, 0.8)
            x += 6 * math.cos(heading)
            y += 6 * math.sin(heading)
            pts.append((x, y))
        out["scribble"].append(pts)
    return out


THRESHOLDS = (0.70, 0.75, 0.78, 0.79, 0.80, 0.8025, 0.804, 0.805, 0.8075, 0.81, 0.82, 0.83, 0.84, 0.86, 0.88, 0.90, 0.92, 0.95)
MARGINS = (0.0, 0.01, 0.02, 0.03, 0.05)


def accepts(scores, threshold, margin):
    """Whether the best of `scores` (a shape's best template score, by shape) passes the threshold
    and beats the second best by `margin`; returns the accepted shape or None."""
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    best, second = ranked[0][1], ranked[1][1] if len(ranked) > 1 else 0.0
    return ranked[0][0] if best >= threshold and best - second >= margin else None


def run_rejection(matcher, groups_by_key, rng, builtin):
    """Every stroke of each person scored against each shape's 3 templates from other people: a
    true accept when its own shape wins and passes; an unknown shape's accept when, without its own
    shape's templates, another shape wins and passes. Negatives go against the built-in shapes."""
    keys = sorted(groups_by_key)
    tests = []   # (true shape, {shape: best score})
    neg = {"line": [], "tap": [], "scribble": []}
    samples = negatives(rng, 160)
    for key in keys:
        templates = other_people_templates(groups_by_key, key, rng)
        per_shape = {shape: matcher.recognizer([t for t in templates if t[0] == shape]) for shape in SHAPES}
        for shape in SHAPES:
            for arr, n, _pts in groups_by_key[key][shape]:
                tests.append((shape, {other: r.match_index(arr, n)[1] for other, r in per_shape.items()}))
        for r in per_shape.values():
            r.destroy()
    r = matcher.recognizer([])
    r.add_builtin_templates()
    builtin_line_scores = []
    for kind, strokes in samples.items():
        for pts in strokes:
            # The recognizer fails paths shorter than minimum_length (30 pt) before matching.
            if len(pts) < 2 or sum(math.dist(a, b) for a, b in zip(pts, pts[1:])) < 30:
                neg[kind].append(0.0)
                continue
            arr = (_lib.Point * len(pts))(*[_lib.Point(x, y) for x, y in pts])
            builtin_score = r.match_index(arr, len(pts))[1]
            if kind == "line":
                builtin_line_scores.append(builtin_score)
            neg[kind].append(builtin_score)
    r.destroy()
    table = []
    for margin in MARGINS:
        for threshold in THRESHOLDS:
            true = sum(accepts(sc, threshold, margin) == shape for shape, sc in tests)
            unknown = sum(accepts({k: v for k, v in sc.items() if k != shape}, threshold, margin) is not None
                          for shape, sc in tests)
            row = {"threshold": threshold, "margin": margin, "tests": len(tests),
                   "true_accept": true / len(tests), "other_shapes": unknown / len(tests)}
            for kind, scores in neg.items():
                row[kind] = sum(x >= threshold for x in scores) / max(1, len(scores))
            table.append(row)
    return table, max(builtin_line_scores)


def c_latency(stroke_bench, groups_by_key, matcher_name):
    """Time per match in C (bench/stroke_bench): 16 shapes x 3 templates of one person, 48 tests."""
    key = sorted(groups_by_key)[0]
    with tempfile.TemporaryDirectory() as d:
        t, q = os.path.join(d, "templates.strokes"), os.path.join(d, "tests.strokes")
        write_templates(t, [(s, [it[2]]) for s in SHAPES for it in groups_by_key[key][s][:3]])
        write_templates(q, [(s, [it[2]]) for s in SHAPES for it in groups_by_key[key][s][3:6]])
        out = subprocess.run([stroke_bench, t, q, "--matcher", matcher_name, "--rounds", "50"], check=True,
                             capture_output=True, text=True).stdout
    return out.strip()


def run_protocol(matcher, groups_by_key, rng, repeats, per_shape, independent, multistroke=False, distort=False):
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
            for shape, item in tests:
                index, _score = match(r, item, rng, multistroke, distort)
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
    ap.add_argument("--matcher", choices=["unistroke", "point-cloud"], default="unistroke")
    ap.add_argument("--multistroke", action="store_true", help="also the multistroke variants")
    ap.add_argument("--distort", action="store_true", help="also the size and aspect variants")
    ap.add_argument("--lopo", action="store_true", help="also leave one person out")
    ap.add_argument("--rejection", action="store_true", help="also false and true accepts by threshold")
    ap.add_argument("--stroke-bench", help="bench/stroke_bench, for the latency in C")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json")
    args = ap.parse_args()
    data = Path(args.data)
    speeds = args.speeds.split(",")
    strokes = load(data, speeds)
    matcher = Matcher(args.rotation_invariant, gk.StrokeMatcher.POINT_CLOUD if args.matcher == "point-cloud"
                      else gk.StrokeMatcher.UNISTROKE)
    rng = random.Random(args.seed)
    report = {"rotation_invariant": args.rotation_invariant, "speeds": speeds, "repeats": args.repeats}
    mode = "rotation-invariant" if args.rotation_invariant else "orientation-sensitive"
    report["matcher"] = args.matcher
    print(f"$1 logs: {sum(len(v) for g in strokes.values() for v in g.values())} strokes, {args.matcher} matcher, "
          f"{mode}")
    variants = [(False, False)] + ([(True, False)] if args.multistroke else []) + \
        ([(False, True)] if args.distort else []) + ([(True, True)] if args.multistroke and args.distort else [])
    for multistroke, distort in variants:
        suffix = (", multistroke variants" if multistroke else "") + (", other sizes and aspects" if distort else "")
        for label, per, indep in (("user-dependent, 1 template/shape", 1, False),
                                  ("user-dependent, 3 templates/shape", 3, False),
                                  ("user-independent, 3 templates/shape", 3, True)):
            per_shape, overall, n = run_protocol(matcher, strokes, rng, args.repeats, per, indep, multistroke, distort)
            report[label + suffix] = {"overall": overall, "tests": n, "per_shape": per_shape}
            worst = sorted(per_shape.items(), key=lambda kv: kv[1])[:3]
            print(f"{label}{suffix}: {overall * 100:.2f} % of {n} tests; lowest: "
                  + ", ".join(f"{s} {a * 100:.1f} %" for s, a in worst))
            print("  " + "  ".join(f"{s} {a * 100:.1f}" for s, a in sorted(per_shape.items())))
        if args.lopo:
            overall, n = run_lopo(matcher, strokes, rng, multistroke, distort)
            report["leave-one-person-out" + suffix] = {"overall": overall, "tests": n}
            print(f"leave-one-person-out, 3 templates/shape{suffix}: {overall * 100:.2f} % of {n} tests")
    if args.rejection:
        table, line_max = run_rejection(matcher, strokes, rng, True)
        report["rejection"] = table
        report["builtin_best_line_score"] = line_max
        print(f"rejection ({table[0]['tests']} strokes against other people's templates; negatives against the "
              "built-in shapes):")
        print("  margin  threshold  true-accept  unknown-shape  line   tap    scribble")
        for row in table:
            ok = row["true_accept"] >= 0.90 and row["other_shapes"] <= 0.10
            print(f"  {row['margin']:.2f}    {row['threshold']:.4f}     {row['true_accept'] * 100:6.2f} %   "
                  f"{row['other_shapes'] * 100:6.2f} %     {row['line'] * 100:5.1f}  {row['tap'] * 100:5.1f}  "
                  f"{row['scribble'] * 100:5.1f} %{'   <- both targets' if ok else ''}")
        print(f"  best score of a straight line against the built-in shapes: {line_max:.3f}")
    us, ntemplates = timing(matcher, strokes, rng)
    report["match_microseconds"] = us
    print(f"matching time: {us:.1f} us per stroke against {ntemplates} templates (ctypes overhead subtracted)")
    if args.stroke_bench:
        line = c_latency(args.stroke_bench, strokes, args.matcher)
        report["c_latency"] = line
        print("in C: " + line)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
