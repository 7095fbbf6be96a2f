#!/usr/bin/env python3
"""Checks that no two texts of a gesturekit SVG picture overlap, that every touch path has its id
written beside it, and that the time axis has round ticks. Text boxes are estimated as the
writer does: 0.7 em per character and 2 points, from 0.8 em above the baseline to 0.25 em below, in picture
coordinates (translate and scale of enclosing groups applied).

Usage: check_svg_text.py TOOL TRACE_OR_RECORDING... (each is drawn with `TOOL svg` and checked)
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def transform_of(el):
    """(tx, ty, scale) of an element's transform attribute (translate and scale only)."""
    tx = ty = 0.0
    s = 1.0
    t = el.get("transform", "")
    m = re.search(r"translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)", t)
    if m:
        tx, ty = float(m.group(1)), float(m.group(2))
    m = re.search(r"scale\(([-\d.e]+)\)", t)
    if m:
        s = float(m.group(1))
    return tx, ty, s


def text_boxes(root):
    boxes = []

    def walk(el, tx, ty, s, size):
        a, b, c = transform_of(el)
        tx, ty, s = tx + a * s, ty + b * s, s * c
        size = float(el.get("font-size", size))
        if el.tag == SVG + "text":
            text = "".join(el.itertext()) if el.find(SVG + "title") is None else (el.text or "")
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w = 0.7 * size * len(text) + 2
            anchor = el.get("text-anchor", "start")
            x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
            boxes.append((text, tx + x0 * s, ty + (y - 0.8 * size) * s, tx + (x0 + w) * s, ty + (y + 0.25 * size) * s))
            return
        for child in el:
            walk(child, tx, ty, s, size)

    walk(root, 0.0, 0.0, 1.0, float(root.get("font-size", 11)))
    return boxes


def check(svg_path):
    root = ET.parse(svg_path).getroot()
    boxes = text_boxes(root)
    problems = []
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, b = boxes[i], boxes[j]
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]:
                problems.append(f"'{a[0]}' overlaps '{b[0]}'")
    paths = [p for p in root.iter(SVG + "polyline") if p.get("stroke-dasharray") is None]   # not hover
    ids = {t[0] for t in boxes if t[0].startswith("#")}
    for p in paths:
        if p.find(SVG + "title") is None:
            problems.append("a touch path without its id")
            continue
        n = p.find(SVG + "title").text.split()[-1]
        if "#" + n not in ids:
            problems.append(f"touch {n} has no id label")
    ticks = [t[0] for t in boxes if t[0].endswith(" s")]
    for t in ticks:
        v = float(t[:-2])
        if abs(v) > 0 and not any(abs(v / (m * 10 ** e) - round(v / (m * 10 ** e))) < 1e-9
                                  for m in (1, 2, 5) for e in range(-3, 12)):
            problems.append(f"tick '{t}' is not on a round step")
    return len(boxes), len(paths), problems


def main():
    tool = sys.argv[1]
    failed = False
    with tempfile.TemporaryDirectory() as d:
        for i, src in enumerate(sys.argv[2:]):
            out = os.path.join(d, f"{i}.svg")
            subprocess.run([tool, "svg", src, "-o", out], check=True)
            n, paths, problems = check(out)
            for p in problems:
                print(f"FAIL: {src}: {p}")
            failed |= bool(problems)
            print(f"{'ok' if not problems else 'FAIL'}: {src}: {n} texts, {paths} touch paths, no overlap"
                  if not problems else f"FAIL: {src}: {len(problems)} problems")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
