"""The stroke-template text format (docs/STROKES.md), read and written by the Python binding and
by the evdev library's gk_strokes.h:

    gesturekit-strokes 1
    # a comment
    template check
    stroke 0 60 35 100 100 0
    template x
    stroke 0 0 100 100
    stroke 100 0 0 100

A template is a name (1..63 bytes of UTF-8, no line break, leading and trailing blanks dropped)
followed by its strokes in drawing order; a stroke is its points as x y pairs, at least one point,
numbers finite. Blank lines and lines starting with # are ignored.
"""
from __future__ import annotations

import math
from typing import List, Tuple

MAGIC = "gesturekit-strokes 1"
MAX_NAME = 63

Template = Tuple[str, List[List[Tuple[float, float]]]]


def _number(x: float) -> str:
    return repr(float(x)) if x != int(x) else str(int(x))


def write_templates(path, templates: List[Template]) -> None:
    """Writes `templates` (name, strokes) to `path`."""
    lines = [MAGIC]
    for name, strokes in templates:
        if "\n" in name or not name.strip() or len(name.encode()) > MAX_NAME:
            raise ValueError(f"template name {name!r} cannot be written")
        lines.append(f"template {name}")
        for stroke in strokes:
            lines.append("stroke " + " ".join(f"{_number(x)} {_number(y)}" for x, y in stroke))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def read_templates(path) -> List[Template]:
    """The templates of the file at `path`; ValueError (with the line number) when malformed."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    out: List[Template] = []
    lines = text.split("\n")
    if not lines or lines[0].strip() != MAGIC:
        raise ValueError(f"{path}: line 1: expected '{MAGIC}'")
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "template":
            name = rest.strip()
            if not name or len(name.encode()) > MAX_NAME:
                raise ValueError(f"{path}: line {number}: a template name is 1..{MAX_NAME} bytes")
            out.append((name, []))
        elif word == "stroke":
            if not out:
                raise ValueError(f"{path}: line {number}: a stroke before any template")
            try:
                values = [float(v) for v in rest.split()]
            except ValueError:
                raise ValueError(f"{path}: line {number}: a stroke is numbers") from None
            if not values or len(values) % 2 or not all(math.isfinite(v) for v in values):
                raise ValueError(f"{path}: line {number}: a stroke is x y pairs of finite numbers")
            out[-1][1].append(list(zip(values[0::2], values[1::2])))
        else:
            raise ValueError(f"{path}: line {number}: unknown statement '{word}'")
    for name, strokes in out:
        if not strokes:
            raise ValueError(f"{path}: template '{name}' has no stroke")
    return out
