#!/usr/bin/env python3
"""The SVG picture of a long trace is bounded by the picture, not by the trace: a finger circling
for minutes and thousands of taps give the same picture, byte for byte near enough, whether the
trace is 20,000 or 80,000 frames long, and the drawn path still reaches every side of the circle.

Usage: svg_bounded.py GESTUREKIT OUTPUT_DIR
"""
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def write_trace(path, frames):
    """A pan circling 150 x 100 pt around (400, 240) with a wobble, 120 Hz, then frames / 40 taps at
    five places. Written here, so the test needs no data beside the project."""
    with open(path, "w") as f:
        f.write("gesturekit-trace 1\nscreen 800 480\nview full root 0 0 800 480\n"
                "recognizer pan pan full\nrecognizer tap tap full\n")
        f.write("frame 0.0000 1:down:550:240\n")
        t, x, y = 0.0, 550.0, 240.0
        for k in range(1, frames):
            t = k / 120
            a = k * 0.05
            x, y = 400 + 150 * math.cos(a) + 3 * math.sin(k * 1.7), 240 + 100 * math.sin(a)
            f.write(f"frame {t:.4f} 1:move:{x:.2f}:{y:.2f}\n")
        f.write(f"frame {t + 0.01:.4f} 1:up:{x:.2f}:{y:.2f}\n")
        for j in range(frames // 40):
            t0 = t + 1 + j * 0.5
            x = 100 + (j % 5) * 150
            f.write(f"frame {t0:.4f} {j + 2}:down:{x}:400\nframe {t0 + 0.05:.4f} {j + 2}:up:{x}:400\n")


def picture(tool, out_dir, frames):
    trace = os.path.join(out_dir, f"circling-{frames}.trace")
    svg = os.path.join(out_dir, f"circling-{frames}.svg")
    write_trace(trace, frames)
    subprocess.run([tool, "svg", trace, "-o", svg], check=True)
    root = ET.parse(svg).getroot()   # raises on malformed XML
    return os.path.getsize(trace), os.path.getsize(svg), root


def main():
    tool, out_dir = sys.argv[1:3]
    os.makedirs(out_dir, exist_ok=True)
    short_trace, short_svg, _ = picture(tool, out_dir, 20000)
    long_trace, long_svg, root = picture(tool, out_dir, 80000)
    print(f"trace {short_trace} -> svg {short_svg} bytes; trace {long_trace} -> svg {long_svg} bytes")
    # Four times the trace, the same picture: at most 5 % larger (before: 3.2 times the trace each).
    assert long_svg <= short_svg * 1.05, (short_svg, long_svg)
    assert long_svg < long_trace / 10, (long_trace, long_svg)
    # The circling path (touch 1, in one or more polylines) is still drawn to its extremes (within a
    # pixel of 250..550, 140..340), and never across the circle: no segment longer than a step of
    # the finger (150 pt x 0.05 rad, plus the wobble), which a chord between far points would be.
    paths = [p for p in root.iter(SVG + "polyline") if p.findtext(SVG + "title") == "touch 1"]
    assert paths, "no path of touch 1"
    points = []
    for path in paths:
        line = [tuple(map(float, p.split(","))) for p in path.get("points").split()]
        longest = max((math.dist(a, b) for a, b in zip(line, line[1:])), default=0)
        assert longest < 20, longest
        points += line
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    for got, want in ((min(xs), 250), (max(xs), 550), (min(ys), 140), (max(ys), 340)):
        assert abs(got - want) <= 4, (got, want)   # 3 pt of wobble, plus a pixel (1.05 pt)
    # The five tap places each keep their dot.
    dots = {(c.get("cx"), c.get("cy")) for c in root.iter(SVG + "circle") if c.get("r") and float(c.get("r")) > 4}
    assert {(f"{100 + 150 * j:.1f}", "400.0") for j in range(5)} <= dots, dots
    print("svg: bounded by the picture")


if __name__ == "__main__":
    main()
