#!/usr/bin/env python3
"""Where /dev/uinput exists: the daemon's virtual touchscreen, read through libinput, reports
TOUCH_CANCEL for a touch a system gesture claims with `cancel = palm`, and the next touch in that
slot arrives, with no landing window (with one, those fingers would never reach the app). A fake panel (uinput, python-libevdev) carries a one-finger touch, then two more
fingers resting; gesturekitd grabs it, and `libinput debug-events` on the daemon's virtual
touchscreen must show the touches begin, a TOUCH_CANCEL, then the next touch begin and end.

Without /dev/uinput the test says so and exits 77, which CTest counts as skipped; scripts/vm.sh
runs it in a virtual machine with Debian's kernel, where a skip counts as a failure.

Usage: uinput_cancel.py GESTUREKITD WORK_DIR
"""
import os
import shutil
import subprocess
import sys
import threading
import time

daemon, work = sys.argv[1:3]
if not os.path.exists("/dev/uinput"):
    print("NOT RUN: there is no /dev/uinput here (the kernel has no uinput); dry_run.py checks the same stream")
    sys.exit(77)
if not shutil.which("libinput"):
    print("NOT RUN: the libinput command is missing (apt install libinput-tools)")
    sys.exit(77)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vm"))
try:
    from panel import libevdev, make_touchscreen
except ImportError:
    print("NOT RUN: python-libevdev is missing (apt install python3-libevdev)")
    sys.exit(77)

os.makedirs(work, exist_ok=True)
fake = make_touchscreen("gesturekit test panel", resolution=5)
conf = os.path.join(work, "uinput.conf")
with open(conf, "w") as f:
    # landing_window = 0: the hold may claim touches the app already has (the cancel path tested here).
    f.write("[daemon]\ngrab = yes\ncancel = palm\nlanding_window = 0\n[gesture three]\nkind = long_press\nnumber_of_touches_required = 3\n"
            "minimum_press_duration = 0.3\naction = socket\n")
proc = subprocess.Popen([daemon, "--config", conf, "--device", fake.devnode], stderr=subprocess.PIPE, text=True)
virtual = None
try:
    for _ in range(100):
        for line in open("/proc/bus/input/devices").read().split("\n\n"):
            if "gesturekitd: gesturekit test panel" in line:
                handlers = [w for w in line.split() if w.startswith("event")]
                virtual = "/dev/input/" + handlers[0] if handlers else None
        if virtual:
            break
        time.sleep(0.05)
    if not virtual:
        print("FAIL: the daemon made no virtual touchscreen")
        sys.exit(1)
    # libinput's output is block-buffered in a pipe: stdbuf makes it a line at a time. The touches
    # start once libinput has added the device, whatever that takes on this machine.
    watch = subprocess.Popen(["stdbuf", "-oL", "libinput", "debug-events", "--device", virtual],
                             stdout=subprocess.PIPE, text=True)
    seen = []
    for line in watch.stdout:
        seen.append(line)
        if "DEVICE_ADDED" in line:
            break
    else:
        print("FAIL: libinput never added the daemon's virtual touchscreen: " + "".join(seen))
        sys.exit(1)

    def frame(*contacts):
        events = []
        for slot, tid, x, y in contacts:
            events += [libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_SLOT, slot),
                       libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_TRACKING_ID, tid)]
            if tid >= 0:
                events += [libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_X, x),
                           libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_Y, y)]
        events.append(libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0))
        fake.send_events(events)

    lines = []
    reader = threading.Thread(target=lambda: lines.extend(watch.stdout), daemon=True)
    reader.start()

    def wait_for(count_of, word, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end and "".join(lines).count(word) < count_of:
            time.sleep(0.05)
        return "".join(lines).count(word) >= count_of

    frame((0, 1, 300, 300))
    wait_for(1, "TOUCH_DOWN")
    frame((1, 2, 400, 300), (2, 3, 500, 300))
    cancelled = wait_for(1, "TOUCH_CANCEL")   # the hold needs 0.3 s; the bound is for slow machines
    frame((0, -1, 0, 0), (1, -1, 0, 0), (2, -1, 0, 0))
    # The next touch in slot 0: its tool type goes back to finger before its tracking id, so libinput
    # takes it (written the other way round, libinput 1.22 ignored it as a palm).
    frame((0, 4, 300, 300))
    next_touch = wait_for(4, "TOUCH_DOWN")
    frame((0, -1, 0, 0))
    next_lifted = wait_for(1, "TOUCH_UP")
    watch.terminate()
    watch.wait(timeout=5)
    out = "".join(seen + lines)
    print(out)
    checks = [(cancelled, "libinput sees the app's touches begin, then cancelled (cancel = palm)"),
              (next_touch and next_lifted, "... and the next touch in the same slot begins and ends")]
    for ok, what in checks:
        print(("ok: " if ok else "FAIL: ") + what)
    sys.exit(0 if all(ok for ok, _ in checks) else 1)
finally:
    proc.terminate()
    proc.wait(timeout=10)
