#!/usr/bin/env python3
"""Known and unknown shapes through the stroke recognizer as a kiosk runs it (issue 53, item 2;
docs/STROKES.md, "Unknown shapes").

Every stroke of the $1 logs (../shared/data-samples/dollar1-xml) is drawn as touches on an engine
whose stroke recognizer has 3 templates of each of the 16 shapes, and what the recognizer decides
is counted:
  * known: the recognizer ends with the stroke's own shape;
  * unknown: the same stroke on a recognizer without its shape's templates (a shape the kiosk does
    not know) ends with any shape at all.
Two protocols, whose scores run at different heights, so that a rule tuned to one is seen on the
other: `others` (the templates drawn by 3 random other people at the same speed; the stroke's
person is held out) and `same` (3 of the person's own strokes at that speed are the templates, the
other 7 are tested).

Usage: strokes_unknown.py [DATA_DIR] [--threshold T] [--seed N] [--check] [--json OUT]
With --check, exit 1 unless, across people, unknown shapes are accepted at most 10 % of the time
and known ones at least 92 % (issue 53's targets), and from the same person known ones at least
98 % (docs/STROKES.md; the same person's unknown shapes, 10.8 %, are above the 10 % aimed at).
"""
from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from pathlib import Path

import gesturekit as gk

import dollar1
from dollar1 import SHAPES

class Kiosk:
    """An engine with one stroke recognizer on its root view, deciding at the lift."""

    def __init__(self, templates, threshold):
        self.engine = gk.Engine(1000, 1000)
        props = {} if threshold is None else {"threshold": threshold}
        self.r = self.engine.stroke(self.engine.root, builtin_templates=False, stroke_pause=0, **props)
        self.names = []
        for name, pts in templates:
            self.r.add_template(name, pts)
            self.names.append(name)
        self.got = []
        self.r.add_target(lambda a: self.got.append(a.stroke_template) if a.state == gk.State.ENDED else None)
        self.clock = 0.0

    def draw(self, pts):
        """The shape the recognizer ends with for the stroke, or None."""
        self.got.clear()
        t = self.clock + 10
        self.engine.feed(t, [gk.Touch(1, gk.Phase.BEGAN, *pts[0])])
        for k, p in enumerate(pts[1:-1], 1):
            self.engine.feed(t + 0.01 * k, [gk.Touch(1, gk.Phase.MOVED, *p)])
        self.clock = t + 0.01 * len(pts)
        self.engine.feed(self.clock, [gk.Touch(1, gk.Phase.ENDED, *pts[-1])])
        return self.names[self.got[-1]] if self.got else None

    def close(self):
        self.engine.close()


def run(data: Path, threshold, seed: int):
    rng = random.Random(seed)
    groups = dollar1.load(data)
    keys = sorted(groups)
    res = {}
    for protocol in ("others", "same"):
        known = unknown = total = 0
        per_shape_unknown = defaultdict(int)
        per_shape_total = defaultdict(int)
        for key in keys:
            subject, speed = key
            if protocol == "others":
                others = [k for k in keys if k[0] != subject and k[1] == speed]
                templates = [(s, rng.choice(groups[rng.choice(others)][s])) for s in SHAPES for _ in range(3)]
                tests = {s: groups[key][s] for s in SHAPES}
            else:
                templates, tests = [], {}
                for s in SHAPES:
                    items = list(groups[key][s])
                    rng.shuffle(items)
                    templates += [(s, p) for p in items[:3]]
                    tests[s] = items[3:]
            full = Kiosk(templates, threshold)
            for s in SHAPES:
                without = Kiosk([t for t in templates if t[0] != s], threshold)
                for pts in tests[s]:
                    total += 1
                    known += full.draw(pts) == s
                    accepted = without.draw(pts) is not None
                    unknown += accepted
                    per_shape_unknown[s] += accepted
                    per_shape_total[s] += 1
                without.close()
            full.close()
        res[protocol] = {"tests": total, "known_accepted": known / total, "unknown_accepted": unknown / total,
                         "unknown_by_shape": {s: per_shape_unknown[s] / per_shape_total[s] for s in SHAPES}}
    return res


def main():
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="?", default=str(here.parent.parent / "shared" / "data-samples" / "dollar1-xml"))
    ap.add_argument("--threshold", type=float, help="the recognizer's threshold (default: its own)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--json")
    args = ap.parse_args()
    res = run(Path(args.data), args.threshold, args.seed)
    for protocol, r in res.items():
        worst = sorted(r["unknown_by_shape"].items(), key=lambda kv: -kv[1])[:4]
        print(f"{protocol}: {r['tests']} strokes; known shapes right and accepted {r['known_accepted']:.1%}; "
              f"unknown shapes accepted {r['unknown_accepted']:.1%} (most: "
              + ", ".join(f"{s} {v:.0%}" for s, v in worst) + ")")
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1))
    if args.check:
        ok = (res["others"]["unknown_accepted"] <= 0.10 and res["others"]["known_accepted"] >= 0.92
              and res["same"]["known_accepted"] >= 0.98)
        print("check:", "as documented" if ok else "FAILED")
        raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
