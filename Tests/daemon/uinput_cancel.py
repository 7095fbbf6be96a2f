#!/usr/bin/env python3
"""Where /dev/uinput exists: the daemon's virtual touchscreen, read through libinput, reports
TOUCH_CANCEL for a touch a system gesture claims. A fake panel (uinput, python-libevdev) carries a
one-finger touch, then two more fingers resting; gesturekitd grabs it, and `libinput debug-events`
on the daemon's virtual touchscreen must show the first touch begin, then a TOUCH_CANCEL.

These machines have no /dev/uinput: the test then says so and exits 77, which CTest counts as
skipped, not passed. The same stream is checked without the kernel by dry_run.py (scenario 4).

Usage: uinput_cancel.py GESTUREKITD WORK_DIR
"""
import os
import shutil
import subprocess
import sys
import time

daemon, work = sys.argv[1:3]
if not os.path.exists("/dev/uinput"):
    print("NOT RUN: there is no /dev/uinput here (the kernel has no uinput); dry_run.py checks the same stream")
    sys.exit(77)
if not shutil.which("libinput"):
    print("NOT RUN: the libinput command is missing (apt install libinput-tools)")
    sys.exit(77)
try:
    import libevdev
except ImportError:
    print("NOT RUN: python-libevdev is missing (apt install python3-libevdev)")
    sys.exit(77)

os.makedirs(work, exist_ok=True)
panel = libevdev.Device()
panel.name = "gesturekit test panel"
panel.enable(libevdev.INPUT_PROP_DIRECT)
panel.enable(libevdev.EV_KEY.BTN_TOUCH)
for code in (libevdev.EV_ABS.ABS_X, libevdev.EV_ABS.ABS_MT_POSITION_X):
    panel.enable(code, libevdev.InputAbsInfo(minimum=0, maximum=799, resolution=5))
for code in (libevdev.EV_ABS.ABS_Y, libevdev.EV_ABS.ABS_MT_POSITION_Y):
    panel.enable(code, libevdev.InputAbsInfo(minimum=0, maximum=479, resolution=5))
panel.enable(libevdev.EV_ABS.ABS_MT_SLOT, libevdev.InputAbsInfo(minimum=0, maximum=9))
panel.enable(libevdev.EV_ABS.ABS_MT_TRACKING_ID, libevdev.InputAbsInfo(minimum=0, maximum=65535))
fake = panel.create_uinput_device()
conf = os.path.join(work, "uinput.conf")
with open(conf, "w") as f:
    f.write("[daemon]\ngrab = yes\n[gesture three]\nkind = long_press\nnumber_of_touches_required = 3\n"
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
    watch = subprocess.Popen(["libinput", "debug-events", "--device", virtual], stdout=subprocess.PIPE, text=True)
    time.sleep(0.5)

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

    frame((0, 1, 300, 300))
    time.sleep(0.1)
    frame((1, 2, 400, 300), (2, 3, 500, 300))
    time.sleep(0.8)
    frame((0, -1, 0, 0), (1, -1, 0, 0), (2, -1, 0, 0))
    time.sleep(0.5)
    watch.terminate()
    out = watch.communicate(timeout=5)[0]
    began = "TOUCH_DOWN" in out
    cancelled = "TOUCH_CANCEL" in out
    print(out)
    print(("ok: " if began and cancelled else "FAIL: ") + "libinput sees the app's touch begin, then cancelled")
    sys.exit(0 if began and cancelled else 1)
finally:
    proc.terminate()
    proc.wait(timeout=10)
