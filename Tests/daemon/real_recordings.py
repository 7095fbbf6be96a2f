#!/usr/bin/env python3
"""gesturekitd --dry-run on real recordings (../shared/data-samples, examples/recordings), with a
configuration whose system gestures these recordings never make (a service chain in a corner
too small to hit by chance, a five-finger hold). The app stream is read back by the project's
evemu reader and evdev decoder (`gesturekit convert`), like the recording itself:

- with `landing_window = 0`, every touch must reach the app unchanged: the same frames, with the
  same touches, phases, positions and times (counted from the first frame);
- with the default landing window (0.075 s), while the five-finger hold could still take a touch
  it is held back: every touch must reach the app with its own positions, its first event at most
  0.075 s after the latest landing (each finger that lands restarts the window), and everything
  from then on (its moves, its lift) exactly as and when the panel gave it.

Every touch must also be lifted at the end of the app stream, read from its raw events.

Usage: real_recordings.py GESTUREKITD GESTUREKIT WORK_DIR RECORDING...
"""
import json
import os
import re
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


WINDOW = 0.075   # gesturekitd's default landing_window


def first_event_time(path):
    """The time of a recording's first event (an evemu "E:" line, or a getevent "[ seconds]"
    line): `gesturekit convert` counts from it."""
    with open(path) as f:
        for line in f:
            stamp = re.match(r"E: ([\d.]+) |\[\s*([\d.]+)\]", line)
            if stamp:
                return float(stamp.group(1) or stamp.group(2))
    raise RuntimeError(f"{path}: no event")


def frames(path, rebase=True):
    """The decoder's frames: times counted from the first frame, or (rebase=False) the
    recording's own times."""
    out = subprocess.run([tool, "convert", path], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    result, t0 = [], None if rebase else -first_event_time(path)
    for line in out.stdout.splitlines():
        if not line.startswith("frame "):
            continue
        words = line.split()
        t = float(words[1])
        t0 = t if t0 is None else t0   # (rebase=False: the first event's time, negated)
        # Touches by id, phase and position (a force or size the panel gave is not re-emitted).
        touches = [":".join(w.split(":")[:4]) for w in words[2:]]
        result.append((round(t - t0, 6), tuple(touches)))
    return result


def touches_of(frame_list):
    """Each touch's events, in the order the touches began: [[(t, phase, x, y), ...], ...]."""
    by_id = {}
    for t, touches in frame_list:
        for w in touches:
            ident, phase, x, y = w.split(":")
            if phase == "down" or ident not in by_id:
                by_id[ident] = by_id.get(ident, []) if phase != "down" else []
            by_id[ident].append((t, phase, x, y))
    return sorted(by_id.values(), key=lambda events: events[0][0])


def held_back_but_unchanged(want, got):
    """None when each touch of `got` (the app's, absolute times) is its `want` twin (the panel's)
    held back at most WINDOW after the latest landing before it was let through: its down where
    the panel's touch landed (the moves held back with it come as one, in the next frame), and
    every event after that moment the panel's own, at the panel's time; else what differs."""
    panel, app = touches_of(want), touches_of(got)
    if len(panel) != len(app):
        return f"{len(panel)} touches on the panel, {len(app)} in the app"

    # A panel's frame spans some microseconds between its first event and its SYN_REPORT (getevent
    # traces stamp each event): the decoder dates a frame by its first event, the daemon by the
    # whole frame. So times agree to within a millisecond; positions and phases exactly.
    def same(a, b):
        return len(a) == len(b) and all(abs(x[0] - y[0]) < 1e-3 and x[1:] == y[1:] for x, y in zip(a, b))

    unmatched = list(app)
    landings = [events[0][0] for events in panel]
    for events in panel:
        t0, _, x, y = events[0]
        # Each landing restarts the window: a touch waits WINDOW after the latest landing before it.
        twin = next((a for a in unmatched if a[0][2:] == (x, y) and t0 - 1e-3 <= a[0][0]
                     and any(t0 - 1e-3 <= t <= a[0][0] + 1e-3 and a[0][0] - t <= WINDOW + 1e-3 for t in landings)), None)
        if twin is None:
            return f"the touch down at {t0} s at ({x}, {y}) has no twin in the app at most {WINDOW} s later"
        unmatched.remove(twin)
        released = twin[0][0] + 1e-3
        if not same([e for e in twin if e[0] > released], [e for e in events if e[0] > released]) \
                or not same(twin[-1:], events[-1:]):
            return f"the touch down at {t0} s at ({x}, {y}) differs after it reached the app at {twin[0][0]} s"
    return None


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
conf, plain = os.path.join(work, "quiet.conf"), os.path.join(work, "quiet-no-window.conf")
with open(conf, "w") as f:
    f.write(QUIET)
with open(plain, "w") as f:
    f.write(QUIET.replace("grab = yes", "grab = yes\nlanding_window = 0"))
for rec in recordings:
    name = os.path.basename(rec)
    app, actions = os.path.join(work, "app.events"), os.path.join(work, "actions.jsonl")
    run = subprocess.run([daemon, "--config", plain, "--dry-run", rec, "--app-out", app, "--actions-out", actions],
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
        print(f"ok: {name}: {len(want)} frames reach the app unchanged (landing_window = 0)")
    # The default landing window: held back while a five-finger hold could take them, no more.
    run = subprocess.run([daemon, "--config", conf, "--dry-run", rec, "--app-out", app, "--actions-out", actions],
                         capture_output=True, text=True, timeout=120)
    fired = [json.loads(line) for line in open(actions) if line.strip()] if run.returncode == 0 else ["failed"]
    why = held_back_but_unchanged(frames(rec, rebase=False), frames(app, rebase=False)) if not fired else f"{fired}"
    stuck = still_down(app)
    if why or stuck:
        print(f"FAIL: {name}: with the landing window, {why or f'slots {stuck} stay down'}")
        failures += 1
    else:
        print(f"ok: {name}: ... and with the landing window, each touch held back at most {WINDOW} s after "
              f"the latest landing, then the panel's own")
if checked < 3:
    print(f"FAIL: only {checked} recordings checked")
    failures += 1
print(f"real recordings: {'all passed' if not failures else f'{failures} failed'} ({checked} compared)")
sys.exit(1 if failures else 0)
