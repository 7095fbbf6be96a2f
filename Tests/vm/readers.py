"""The shared panel reader opened on a panel that was already used (issue 64), as `gesturekit
record` and libgesturekit-pump (through gesturekit.evdev) open it: the kernel sends a slot number
or a coordinate only when it changes, so four fingers that land again at the y the four slots last
had, and swipe right keeping it, must each begin from the state the reader takes from the device at
its open. Each reader must see a four-finger swipe with all four fingers. No gesturekitd here: the
readers read the panel itself.

Used by guest.py (stack "readers").
"""
import os
import subprocess
import sys
import time

from clients import Lines

SCENE = """gesturekit-trace 1
screen 800 480
view screen root 0 0 0 0 multitouch
recognizer swipe4 swipe screen number_of_touches_required=4 direction=1
"""

# A Python host on libgesturekit-pump: prints "ready" once the device is open, then every swipe.
PUMP = r"""
import sys, time
import gesturekit as gk
from gesturekit.evdev import Device
with gk.Engine(width=800, height=480) as engine, Device(sys.argv[1], width=800, height=480) as dev:
    engine.swipe(engine.root, number_of_touches_required=4, direction=gk.SwipeDirection.RIGHT)
    print("ready", flush=True)
    end = time.monotonic() + float(sys.argv[2])
    while time.monotonic() < end:
        dev.pump(engine, timeout=0.05)
        deadline = engine.next_deadline
        if deadline is not None and deadline <= dev.now:
            engine.advance(dev.now)
        for a in engine.actions():
            print(f"action {a.kind.name.lower()} {a.state.name.lower()} {a.number_of_touches}", flush=True)
    print(f"touches {dev.stats.touches}", flush=True)
"""


def four_fingers_at_240(panel, x0=150):
    """Four fingers land in slots 0-3 at y = 240 and move right keeping it, then lift."""
    panel.frame(*[(s, x0 + 100 * s, 240) for s in range(4)])
    for i in range(1, 9):
        time.sleep(0.02)
        panel.frame(*[(s, x0 + 100 * s + 25 * i, 240) for s in range(4)])
    time.sleep(0.02)
    panel.frame(*[(s, None, None) for s in range(4)])


def run(panel, build, source, out, report):
    four_fingers_at_240(panel)   # the panel is used: its slots last had y = 240
    time.sleep(0.2)

    # gesturekit record, opened after that.
    scene = os.path.join(out, "readers-scene.trace")
    with open(scene, "w") as f:
        f.write(SCENE)
    trace = os.path.join(out, "readers-record.trace")
    record = Lines([os.path.join(build, "gesturekit"), "record", panel.node, "--scene", scene, "--seconds", "8",
                    "-o", trace], "readers-record")
    if not record.wait(r"gesturekit: recording", 20):
        report(False, "readers", "record-reopened-panel-keeps-its-slots", "record did not open the panel: " +
               " | ".join(record.since(0)[-3:]))
    else:
        four_fingers_at_240(panel)
        record.proc.wait(timeout=60)
        text = open(trace).read() if os.path.exists(trace) else ""
        downs = text.count(":down:")
        swipes = [line for line in text.splitlines() if line.startswith("expect action") and " swipe4 " in line]
        ok = downs == 4 and any(line.split()[-1] == "4" and line.split()[-2] in ("ended", "recognized") for line in swipes)
        report(ok, "readers", "record-reopened-panel-keeps-its-slots",
               f"{downs} touches began in the trace (expected 4); swipe: {swipes[-1] if swipes else 'none'}")

    # A Python host on the pump, opened after that.
    env = dict(os.environ, PYTHONPATH=os.path.join(source, "bindings", "python"),
               GESTUREKIT_LIBRARY=os.path.join(build, "libgesturekit.so"),
               GESTUREKIT_PUMP_LIBRARY=os.path.join(build, "libgesturekit-pump.so"))
    pump = Lines([sys.executable, "-c", PUMP, panel.node, "6"], "readers-pump", env=env)
    if not pump.wait(r"^ready", 30):
        report(False, "readers", "pump-reopened-panel-keeps-its-slots", "the pump did not open the panel: " +
               " | ".join(pump.since(0)[-3:]))
        pump.stop()
        return
    four_fingers_at_240(panel)
    touches = pump.wait(r"^touches \d+", 40)
    actions = [line for line in pump.since(0) if line.startswith("action swipe")]
    ok = any(line.split()[-1] == "4" and line.split()[-2] in ("ended", "recognized") for line in actions)
    report(ok, "readers", "pump-reopened-panel-keeps-its-slots",
           f"swipe actions: {actions or 'none'}; {touches or 'no count'}")
    pump.stop()
