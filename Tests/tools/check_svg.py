#!/usr/bin/env python3
"""Generates the SVG pictures of two recordings (a double tap and a two-finger drag) with the
gesturekit tool and checks that each is well-formed XML, an SVG document, with a touch path and
a timeline row per recognizer.

Usage: check_svg.py GESTUREKIT DATA_SAMPLES OUTPUT_DIR
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
RECORDINGS = {
    "double-tap.svg": "evemu-devices/tablets/Wacom ISDv4 E6 Finger.double-tap-center.events",
    "two-finger-drag.svg": "evemu-devices/touchscreens/EP0430M09.2-finger-scroll-down.events",
}


def main():
    tool, samples, out_dir = sys.argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    scene = subprocess.run([tool, "scene"], check=True, capture_output=True, text=True).stdout
    recognizers = sum(1 for line in scene.splitlines() if line.startswith("recognizer "))
    for name, rel in RECORDINGS.items():
        out = os.path.join(out_dir, name)
        subprocess.run([tool, "svg", os.path.join(samples, rel), "-o", out], check=True)
        root = ET.parse(out).getroot()   # raises on malformed XML
        assert root.tag == SVG + "svg", root.tag
        paths = root.findall(".//" + SVG + "polyline")
        assert paths, f"{name}: no touch path"
        labels = [t.text for t in root.iter(SVG + "text")]
        assert sum(1 for t in labels if t and not t.endswith(" s")) >= recognizers, f"{name}: timeline rows missing"
        print(f"{out}: well-formed, {len(paths)} touch paths, {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()
