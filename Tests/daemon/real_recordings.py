#!/usr/bin/env python3
"""gesturekitd --dry-run on real recordings (../shared/data-samples, examples/recordings), with a
configuration whose system gestures these recordings never make (a service chain in a corner
too small to hit by chance, a five-finger hold): every touch must reach the app unchanged. The
app stream is read back by the project's evemu reader and evdev decoder (`gesturekit convert`),
like the recording itself, and the two must give the same frames: the same touches, the same
phases, the same positions and the same times (counted from the first frame). Every touch must
also be lifted at the end of the app stream, read from its raw events.

Usage: real_recordings.py GESTUREKITD GESTUREKIT WORK_DIR RECORDING...
"""
import json
import os
import subprocess
import sys

daemon, tool, work = sys.argv[1:4]
recordings = sys.argv[4:]
os.makedirs(work, exist_ok=True)

QUIET = """[daemon]
grab = yes
screen = 800x480

[zone far-corner]
rect = 0.999 0 0.001 0.001

[gesture service]
zone = far-corner
kind = long_press
number_of_taps_required = 4
action = socket

[gesture five]
kind = long_press
number_of_touches_required = 5
action = socket
"""


def frames(path):
    out = subprocess.run([tool, "convert", path], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    result, t0 = [], None
    for line in out.stdout.splitlines():
        if not line.startswith("frame "):
            continue
        words = line.split()
        t = float(words[1])
        t0 = t if t0 is None else t0
        # Touches by id, phase and position (a force or size the panel gave is not re-emitted).
        touches = [":".join(w.split(":")[:4]) for w in words[2:]]
        result.append((round(t - t0, 6), tuple(touches)))
    return result


def still_down(path):
    """Slots of an app stream (protocol B, read from its raw "E:" lines, not through the decoder)
    whose last tracking id was never followed by a lift: touches stuck down in the app."""
    slot, down = 0, set()
    for line in open(path):
        if not line.startswith("E: "):
            continue
        _, ty, code, value = line.split()[1:5]
        if int(ty, 16) != 3:
            continue
        code, value = int(code, 16), int(value)
        if code == 0x2F:
            slot = value
        elif code == 0x39:
            (down.add if value >= 0 else down.discard)(slot)
    return sorted(down)


failures = checked = 0
conf = os.path.join(work, "quiet.conf")
with open(conf, "w") as f:
    f.write(QUIET)
for rec in recordings:
    name = os.path.basename(rec)
    app, actions = os.path.join(work, "app.events"), os.path.join(work, "actions.jsonl")
    run = subprocess.run([daemon, "--config", conf, "--dry-run", rec, "--app-out", app, "--actions-out", actions],
                         capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        # Devices the daemon refuses (touchpads, pens only) must say why.
        ok = "not a touchscreen" in run.stderr or "no position" in run.stderr
        print(("ok: " if ok else "FAIL: ") + f"{name}: refused: {run.stderr.strip()}")
        failures += 0 if ok else 1
        continue
    fired = [json.loads(line) for line in open(actions) if line.strip()]
    try:
        want, got = frames(rec), frames(app)
    except RuntimeError as error:
        print(f"FAIL: {name}: {error}")
        failures += 1
        continue
    same = want == got and not fired
    checked += 1
    stuck = still_down(app)
    if stuck:   # the N-Trig recording ends with BTN_TOUCH 0 and no SYN_MT_REPORT: its touch must lift
        print(f"FAIL: {name}: slots {stuck} are still down in the app stream at the end")
        failures += 1
        continue
    if not same:
        first = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
        print(f"FAIL: {name}: the app stream differs from the input at frame {first} "
              f"(input {want[first:first + 1]}, app {got[first:first + 1]}; {len(want)} vs {len(got)} frames; {fired})")
        failures += 1
    else:
        print(f"ok: {name}: {len(want)} frames reach the app unchanged")
if checked < 3:
    print(f"FAIL: only {checked} recordings checked")
    failures += 1
print(f"real recordings: {'all passed' if not failures else f'{failures} failed'} ({checked} compared)")
sys.exit(1 if failures else 0)
