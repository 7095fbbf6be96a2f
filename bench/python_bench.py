#!/usr/bin/env python3
"""What a Python host pays per touch event: the standard workload fed through the Python binding,
one call per frame (Engine.feed) and in batches (Engine.feed_batch, one C call per batch), with
the actions and deliveries drained as a host would. Reports the median of the runs.

Usage: python_bench.py WORKLOAD [--events N] [--runs R] [--batch B] [--pump RECORDING]
       --pump: also the host that lets C read RECORDING (the workload as an evemu recording,
       bench/workload_evemu.py) through gesturekit.evdev.Recording, in batches of 256 frames, and
       handles every action and delivery in Python
       python_bench.py WORKLOAD --events N --once B   one warm-up, then one run of feed() per frame
                                                      (B = 0) or feed_batch() of B frames, and
                                                      nothing else: what bench/run.sh counts the
                                                      interpreter's instructions on (callgrind)
"""
from __future__ import annotations

import argparse
import statistics
import time

import gesturekit as gk


def load(path, limit):
    frames, ids, next_id, count = [], [0, 0], 1, 0
    phases = {"down": gk.Phase.BEGAN, "move": gk.Phase.MOVED, "up": gk.Phase.ENDED}
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            ms, finger, phase, x, y = line.split()
            finger = int(finger)
            if phase == "down":
                ids[finger], next_id = next_id, next_id + 1
            t = int(ms) / 1000.0
            touch = gk.Touch(ids[finger], phases[phase], float(x), float(y))
            if frames and frames[-1][0] == t:
                frames[-1][1].append(touch)
            else:
                if count >= limit:
                    break
                frames.append((t, [touch]))
            count += 1
    return frames, sum(len(ts) for _, ts in frames)


def scene():
    engine = gk.Engine(800, 480, action_queue_capacity=65536, delivery_queue_capacity=65536)
    for i in range(16):
        v = engine.root.add_view((200 * (i % 4) + 4, 120 * (i // 4) + 4, 192, 112), multiple_touch=True)
        for kind in (gk.Kind.TAP, gk.Kind.LONG_PRESS, gk.Kind.PAN, gk.Kind.PINCH, gk.Kind.SWIPE):
            engine.recognizer(kind, v)
    return engine


def run(frames, batch):
    engine = scene()
    n_actions = 0
    start = time.perf_counter()
    if batch:
        for i in range(0, len(frames), batch):
            engine.feed_batch(frames[i:i + batch])
            n_actions += sum(1 for _ in engine.actions())
            for _ in engine.deliveries():
                pass
    else:
        for t, touches in frames:
            engine.feed(t, touches)
            n_actions += sum(1 for _ in engine.actions())
            for _ in engine.deliveries():
                pass
    elapsed = time.perf_counter() - start
    engine.close()
    return elapsed, n_actions


def run_pump(recording, batch):
    """The pumped host: C reads and feeds the recording; Python takes every action and delivery."""
    from gesturekit.evdev import Recording

    engine = scene()
    n_actions = 0
    with Recording(recording, width=800, height=480) as rec:
        start = time.perf_counter()
        while rec.pump(engine, batch):
            for action in engine.actions():
                n_actions += 1
            for _ in engine.deliveries():
                pass
        elapsed = time.perf_counter() - start
        events = rec.stats.touches
    engine.close()
    return elapsed, n_actions, events


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("workload")
    ap.add_argument("--events", type=int, default=60000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--once", type=int, metavar="B")
    ap.add_argument("--pump", metavar="RECORDING")
    args = ap.parse_args()
    frames, events = load(args.workload, args.events)
    if args.pump:
        run_pump(args.pump, 256)   # imports and first-call caches
        times = []
        for _ in range(args.runs):
            t, actions, pumped = run_pump(args.pump, 256)
            times.append(t)
        print(f"python, C reading the recording (gesturekit.evdev): {statistics.median(times) * 1e9 / pumped:.0f} ns "
              f"per touch event ({pumped} events, {actions} actions, every one handled in Python, "
              f"median of {args.runs})")
    if args.once is not None:
        run(frames[:50], args.once)   # imports and first-call caches, the same for every count
        _, actions = run(frames, args.once)
        print(f"once: {events} events, {len(frames)} frames, {actions} actions")
        return
    for label, batch in (("feed() per frame", 0), (f"feed_batch() of {args.batch} frames", args.batch)):
        times, actions = [], 0
        for _ in range(args.runs):
            t, actions = run(frames, batch)
            times.append(t)
        med = statistics.median(times)
        print(f"python {label}: {med * 1e9 / events:.0f} ns per touch event "
              f"({events} events, {len(frames)} frames, {actions} actions, median of {args.runs})")


if __name__ == "__main__":
    main()
