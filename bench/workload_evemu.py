#!/usr/bin/env python3
"""Writes a touch workload (bench/workload.py's text) as an evemu recording of a multitouch
protocol-B panel, so that hosts that read devices (libgesturekit-pump, `gesturekit play`) run the
same touches the benchmark feeds directly.

The panel's axes span a hundred device units per point (0..80000 by 0..48000 for the 800 x 480
window), so decoding it at that screen size gives back the workload's positions, which have two
decimals, to the last bit or so. Each frame (the workload's lines with one time) is one report:
a finger's slot is its workload finger id; a touch going down takes a new tracking id.

Usage: workload_evemu.py WORKLOAD [-o OUTPUT] [--events N]   (N: only the frames of the first N touch
events, as python_bench.py --events cuts the workload)
"""
from __future__ import annotations

import argparse
import sys

EV_SYN, EV_ABS = 0x00, 0x03
SYN_REPORT = 0
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
UNITS = 100   # device units per point: the workload's positions have two decimals


def description(width: int, height: int) -> str:
    w, h = width * UNITS, height * UNITS
    return "\n".join([
        "# EVEMU 1.3",
        "# Written by GestureKit's bench/workload_evemu.py from a touch workload",
        "N: GestureKit workload panel",
        "I: 0003 0000 0000 0000",
        "P: 02 00 00 00 00 00 00 00",
        f"A: 00 0 {w} 0 0 0",
        f"A: 01 0 {h} 0 0 0",
        "A: 2f 0 9 0 0 0",
        f"A: 35 0 {w} 0 0 0",
        f"A: 36 0 {h} 0 0 0",
        "A: 39 0 65535 0 0 0",
        "",
    ])


def convert(lines, out, limit=None) -> int:
    """Writes the events of the workload's `lines` to `out` (the frames of the first `limit` touch
    events, when given); returns the touch events written."""
    width, height = 800, 480
    frames = []   # (time in ms, [(finger, phase, x, y)])
    for line in lines:
        if line.startswith("# window"):
            _, _, w, h = line.split()
            width, height = int(w), int(h)
        if line.startswith("#") or not line.strip():
            continue
        ms, finger, phase, x, y = line.split()
        touch = (int(finger), phase, float(x), float(y))
        if frames and frames[-1][0] == int(ms):
            frames[-1][1].append(touch)
        else:
            if limit is not None and sum(len(ts) for _, ts in frames) >= limit:
                break
            frames.append((int(ms), [touch]))
    out.write(description(width, height))
    next_id = 0
    events = 0
    for ms, touches in frames:
        stamp = f"{ms // 1000}.{(ms % 1000) * 1000:06d}"

        def event(kind, code, value):
            out.write(f"E: {stamp} {kind:04x} {code:04x} {value}\n")

        for finger, phase, x, y in touches:
            event(EV_ABS, ABS_MT_SLOT, finger)
            if phase == "down":
                event(EV_ABS, ABS_MT_TRACKING_ID, next_id)
                next_id = (next_id + 1) % 65536
            event(EV_ABS, ABS_MT_POSITION_X, round(x * UNITS))
            event(EV_ABS, ABS_MT_POSITION_Y, round(y * UNITS))
            if phase == "up":
                event(EV_ABS, ABS_MT_TRACKING_ID, -1)
            events += 1
        event(EV_SYN, SYN_REPORT, 0)
    return events


def main() -> int:
    ap = argparse.ArgumentParser(description="A touch workload as an evemu recording.")
    ap.add_argument("workload")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--events", type=int)
    args = ap.parse_args()
    with open(args.workload, encoding="utf-8") as f:
        lines = f.readlines()
    if args.output == "-":
        n = convert(lines, sys.stdout, args.events)
    else:
        with open(args.output, "w", encoding="utf-8") as out:
            n = convert(lines, out, args.events)
    print(f"workload_evemu: {n} touch events", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
