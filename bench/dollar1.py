"""The $1 gesture logs (../shared/data-samples/dollar1-xml; Wobbrock, Wilson & Li, UIST 2007), read
once for the stroke evaluations (strokes_eval.py, strokes_timing.py, strokes_unknown.py)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

SHAPES = ["arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace", "left_sq_bracket", "pigtail",
          "question_mark", "rectangle", "right_curly_brace", "right_sq_bracket", "star", "triangle", "v", "x"]
SPEEDS = ("slow", "medium", "fast")


def load(data: Path, speeds=SPEEDS, times: bool = False):
    """{(subject, speed): {shape: [stroke, ...]}}, each stroke a list of (x, y) points, or with
    `times` of (x, y, seconds since the stroke's first point)."""
    out = defaultdict(lambda: defaultdict(list))
    for subject in sorted(p.name for p in data.iterdir() if p.is_dir() and p.name.startswith("s")):
        for speed in speeds:
            folder = data / subject / speed
            for f in sorted(folder.iterdir()) if folder.is_dir() else []:
                if f.suffix != ".xml":
                    continue
                points = list(ET.fromstring(f.read_bytes().decode("utf-8-sig")).iter("Point"))
                if times:
                    t0 = float(points[0].get("T")) / 1000
                    stroke = [(float(p.get("X")), float(p.get("Y")), float(p.get("T")) / 1000 - t0) for p in points]
                else:
                    stroke = [(float(p.get("X")), float(p.get("Y"))) for p in points]
                out[(subject, speed)][f.stem.rstrip("0123456789")].append(stroke)
    return out
