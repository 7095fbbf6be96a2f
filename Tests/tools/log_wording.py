#!/usr/bin/env python3
"""`gesturekit replay --log` words each decision as the Python binding's explain() does (the
README's "Why didn't my gesture fire?"), so what a user reads in one they find in the other
(issue 55, item 15). The same scene and input, fed both ways; the decision lines must be equal.

Usage: log_wording.py GESTUREKIT TRACE     (PYTHONPATH and GESTUREKIT_LIBRARY: the binding)
"""
import subprocess
import sys

import gesturekit as gk

tool, trace = sys.argv[1], sys.argv[2]
out = subprocess.run([tool, "replay", trace, "--log"], capture_output=True, text=True, check=True).stdout
cli = out.split("# decision log\n", 1)[1].splitlines()

# Tests/traces/double-tap-delays-single.trace, fed through Python.
with gk.Engine(800, 480) as engine:
    button = engine.root.add_view((300, 200, 200, 80))
    double = engine.tap(button, number_of_taps_required=2)
    double.name = "double"
    single = engine.tap(button)
    single.name = "single"
    single.require_to_fail(double)
    engine.enable_decision_log()
    frames = [(0.0, 1, gk.Phase.BEGAN, 400, 240), (0.08, 1, gk.Phase.ENDED, 401, 241), ("advance", 1.0),
              (2.0, 2, gk.Phase.BEGAN, 400, 240), (2.07, 2, gk.Phase.ENDED, 400, 240),
              (2.2, 3, gk.Phase.BEGAN, 402, 238), (2.27, 3, gk.Phase.ENDED, 402, 238)]
    for f in frames:
        if f[0] == "advance":
            engine.advance(f[1])
        else:
            engine.feed(f[0], [gk.Touch(f[1], f[2], f[3], f[4])])
    engine.advance(3.27)   # the tool replays one second past the end
    python = engine.explain().splitlines()

if cli != python:
    print("FAIL: the CLI's decision log and explain() differ:")
    for a, b in zip(cli + [""] * len(python), python + [""] * len(cli)):
        print(f"  {'=' if a == b else '!'} cli: {a!r}\n    python: {b!r}")
    sys.exit(1)
print(f"log wording: {len(cli)} decisions, the same words in the CLI and in explain()")
