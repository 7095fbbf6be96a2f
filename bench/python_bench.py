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
       python_bench.py WORKLOAD --events N --parse-only   reads the workload's N events and stops:
                                                      the parsing bench/run.sh takes out of the
                                                      counts above
       python_bench.py WORKLOAD --pump RECORDING --once S   the same for the pumped host (the
                                                      recording's length sets the events): S = 0
                                                      objects, 1 deliveries discarded, 2 records
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


def run_pump(recording, batch, batches=None, style="objects"):
    """The pumped host: C reads and feeds the recording; Python handles every action, reading its
    kind, state and location as a handler would. `style`: "objects" (Action objects, and the
    deliveries drained as objects), "discard" (Action objects, the deliveries discarded: a host
    whose views do not follow touches) or "records" (ActionRecords, the deliveries discarded)."""
    from gesturekit.evdev import Recording

    engine = scene()
    n_actions = n_ended = 0
    ended = gk.State.ENDED
    with Recording(recording, width=800, height=480) as rec:
        start = time.perf_counter()
        while rec.pump(engine, batch):
            if style == "records":
                for r in engine.action_records():
                    kind, state, x, y = r.kind, r.state, r.x, r.y
                    n_ended += state == ended
                    n_actions += 1
            else:
                for action in engine.actions():
                    kind, state, location = action.kind, action.state, action.location
                    n_ended += state is ended
                    n_actions += 1
            if style == "objects":
                for _ in engine.deliveries():
                    pass
            else:
                engine.discard_deliveries()
            if batches is not None:
                batches -= 1
                if batches == 0:
                    break
        elapsed = time.perf_counter() - start
        events = rec.stats.touches
    engine.close()
    return elapsed, n_actions, events


PUMP_STYLES = {"objects": "Action and Delivery objects", "discard": "Action objects, deliveries discarded",
               "records": "ActionRecords, deliveries discarded"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("workload")
    ap.add_argument("--events", type=int, default=60000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--once", type=int, metavar="B")
    ap.add_argument("--pump", metavar="RECORDING")
    ap.add_argument("--parse-only", action="store_true")
    args = ap.parse_args()
    frames, events = load(args.workload, args.events)
    if args.parse_only:
        print(f"parsed: {events} events, {len(frames)} frames")
        return
    if args.pump and args.once is not None:
        style = list(PUMP_STYLES)[args.once]   # --once 0, 1, 2: objects, discard, records
        run_pump(args.pump, 256, batches=1, style=style)   # imports and first-call caches
        _, actions, pumped = run_pump(args.pump, 256, style=style)
        print(f"once, pumped ({style}): {pumped} events, {actions} actions")
        return
    if args.pump:
        for style, label in PUMP_STYLES.items():
            run_pump(args.pump, 256, style=style)   # imports and first-call caches
            times = []
            for _ in range(args.runs):
                t, actions, pumped = run_pump(args.pump, 256, style=style)
                times.append(t)
            print(f"python, C reading the recording (gesturekit.evdev), every action handled in Python, {label}: "
                  f"{statistics.median(times) * 1e9 / pumped:.0f} ns per touch event ({pumped} events, {actions} "
                  f"actions, median of {args.runs})")
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
