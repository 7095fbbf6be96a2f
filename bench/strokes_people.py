"""People's multistroke shapes and pauses, built from the $1 logs (../shared/data-samples/dollar1-xml)
for bench/strokes_timing.py (issue 68; docs/STROKES.md, "When a shape ends").

Two things the logs hold besides the strokes themselves:

  * **pauses**: every point carries the tablet's clock in ms, and each person drew the ten
    repetitions of a shape one after another, so the time from one repetition's last point to the
    next one's first point is how long that person's pen was up between two strokes. `gaps()`
    returns them per (person, speed): 1,440 per speed; fast median 0.46 s, medium 0.59 s, slow
    0.82 s, with a long tail (99th percentile 2.2 to 3.8 s, the longest 34 s).
  * **straight strokes**: the square brackets are three straight strokes joined at two corners, the
    x two diagonals and a joining stroke. Cut at the corners they give each person's own bars,
    uprights and diagonals, with the person's own speed and wobble.

`letters()` assembles MMG-like shapes from those pieces, each piece moved (not redrawn) into place:
a line, a T (bar, upright), an I (a T and a bottom bar), an X (two diagonals), an asterisk (an X and
an upright through its centre), an H (two uprights and a bar) and an exclamation mark (an upright and
a dot). They have what the $1 shapes lack and a kiosk's shapes have: a finished shape that is also
the beginning of another (a line begins a T, an H and an exclamation mark; a T begins an I; an X
begins an asterisk)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import dollar1

LETTERS = {"line": 1, "T": 2, "I": 3, "X": 2, "asterisk": 3, "H": 3, "exclamation": 2}


def gaps(data: Path):
    """{(subject, speed): [seconds the pen was up between consecutive repetitions of a shape]}."""
    out = defaultdict(list)
    for subject in sorted(p.name for p in data.iterdir() if p.is_dir() and p.name.startswith("s")):
        for speed in dollar1.SPEEDS:
            folder = data / subject / speed
            spans = []
            for f in sorted(folder.iterdir()) if folder.is_dir() else []:
                if f.suffix != ".xml":
                    continue
                pts = list(ET.fromstring(f.read_bytes().decode("utf-8-sig")).iter("Point"))
                spans.append((int(pts[0].get("T")), int(pts[-1].get("T")), f.stem.rstrip("0123456789")))
            spans.sort()
            out[(subject, speed)] = [(b[0] - a[1]) / 1000 for a, b in zip(spans, spans[1:])
                                     if a[2] == b[2] and b[0] > a[1]]
    return out


def _rebased(stroke):
    t0 = stroke[0][2]
    return [(x, y, t - t0) for x, y, t in stroke]


def _argbest(stroke, key, start=0, end=None):
    end = len(stroke) if end is None else end
    return max(range(start, end), key=lambda i: key(stroke[i]))


def pieces(shapes):
    """A person's straight pieces from their own strokes at one speed: {'bar': [...], 'upright':
    [...], 'down_right': [...], 'down_left': [...]}, each a stroke of (x, y, t), t from 0."""
    out = defaultdict(list)
    for s in shapes.get("left_sq_bracket", []):
        # Drawn from the top right: left along the top, down, right along the bottom.
        n = len(s)
        a = _argbest(s, lambda p: -(p[0] + p[1]), 0, n // 2 + 1)
        b = _argbest(s, lambda p: p[1] - p[0], a + 1, n) if a + 1 < n else n - 1
        if 3 <= a and a + 3 <= b and b + 3 <= n:
            out["upright"].append(_rebased(s[a:b + 1]))
            out["bar"].append(_rebased(s[b:]))
    for s in shapes.get("right_sq_bracket", []):
        # From the top left: right along the top, down, left along the bottom.
        n = len(s)
        a = _argbest(s, lambda p: p[0] - p[1], 0, n // 2 + 1)
        if 3 <= a:
            out["bar"].append(_rebased(s[:a + 1]))
            b = _argbest(s, lambda p: p[0] + p[1], a + 1, n) if a + 1 < n else n - 1
            if a + 3 <= b:
                out["upright"].append(_rebased(s[a:b + 1]))
    for s in shapes.get("x", []):
        # From the top left: down to the right, up, down to the left.
        n = len(s)
        a = _argbest(s, lambda p: p[0] + p[1], 0, n * 2 // 3)
        b = _argbest(s, lambda p: p[0] - p[1], a + 1, n) if a + 1 < n else n - 1
        if 3 <= a and a < b and b + 3 <= n:
            out["down_right"].append(_rebased(s[:a + 1]))
            out["down_left"].append(_rebased(s[b:]))
    return out


def _span(s):
    xs, ys = [p[0] for p in s], [p[1] for p in s]
    return min(xs), min(ys), max(xs), max(ys)


def _moved(s, dx, dy):
    return [(x + dx, y + dy, t) for x, y, t in s]


def _scaled(s, factor):
    x0, y0 = s[0][0], s[0][1]
    return [(x0 + (x - x0) * factor, y0 + (y - y0) * factor, t) for x, y, t in s]


def _centre(s):
    x0, y0, x1, y1 = _span(s)
    return (x0 + x1) / 2, (y0 + y1) / 2


def letter(name, p, rng):
    """One letter from a person's pieces `p` (pieces()): a list of strokes of (x, y, t), each
    stroke's t from 0, in drawing order."""
    pick = lambda kind: rng.choice(p[kind])
    if name == "line":
        return [pick("upright")]
    if name in ("T", "I"):
        bar, up = pick("bar"), pick("upright")
        bx0, _, bx1, _ = _span(bar)
        by = sum(q[1] for q in bar) / len(bar)
        up = _moved(up, (bx0 + bx1) / 2 - up[0][0], by - up[0][1])
        if name == "T":
            return [bar, up]
        foot = pick("bar")
        fx, fy = _centre(foot)
        return [bar, up, _moved(foot, up[-1][0] - fx, up[-1][1] - fy)]
    if name in ("X", "asterisk"):
        a, b = pick("down_right"), pick("down_left")
        ax, ay = _centre(a)
        bx, by = _centre(b)
        b = _moved(b, ax - bx, ay - by)
        if name == "X":
            return [a, b]
        up = pick("upright")
        _, ay0, _, ay1 = _span(a)
        _, uy0, _, uy1 = _span(up)
        up = _scaled(up, (ay1 - ay0) / max(uy1 - uy0, 1.0))
        ux, uy = _centre(up)
        return [a, b, _moved(up, ax - ux, ay - uy)]
    if name == "H":
        left, right, bar = pick("upright"), pick("upright"), pick("bar")
        bx0, _, bx1, _ = _span(bar)
        right = _moved(right, left[0][0] + (bx1 - bx0) - right[0][0], left[0][1] - right[0][1])
        _, ly0, _, ly1 = _span(left)
        return [left, right, _moved(bar, left[0][0] - bar[0][0], (ly0 + ly1) / 2 - bar[0][1])]
    if name == "exclamation":
        up = pick("upright")
        _, y0, _, y1 = _span(up)
        # The dot: the pen touches below the upright's foot and lifts a few hundredths later,
        # moving a point or two (the first points of one of the person's own strokes, shrunk).
        dot = _scaled(pick("bar")[:4], 0.1)
        dot = _moved(dot, up[-1][0] - dot[0][0], up[-1][1] + 0.2 * (y1 - y0) - dot[0][1])
        return [up, dot]
    raise ValueError(name)
