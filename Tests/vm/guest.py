#!/usr/bin/python3
"""gesturekitd on a real kernel, with the clients a kiosk runs: run inside the virtual machine that
scripts/vm.sh boots (root, Debian's kernel, udev, /dev/uinput). For each stack named on the command
line it makes a panel with uinput, starts gesturekitd on it with `grab = yes`, starts the stack with
a client that prints every touch it receives, drives the scenarios, and prints one line per check:

    PASS <stack> <scenario>: <what the client saw>
    FAIL <stack> <scenario>: <what the client saw>

Scenarios: a drag outside every zone; a claimed touch (an app drag, then four fingers pan); the next
touch in the same slot; a zone chain that fires (its touches never reach the app) and one that fails
(its tap reaches the app late); the key action reaching the app; hotplug of the panel. After every
scenario the client must hold no touch down (stuck) and have seen every touch it should (lost).

Every wait is for a line (a device added, the client's capability, a touch) with a time bound,
never a fixed sleep; pauses inside a gesture are the gesture's own timing.

Usage: guest.py BUILD_DIR OUT_DIR STACK...   (or @FILE: the stacks, one a line)
  stacks: libinput cage sway x weston chromium-x chromium-cage chromium-weston qt-evdevtouch qt-libinput,
  the apps that act on touches (Tests/vm/apps.py): apps-qt-widgets apps-qt-quick apps-chromium-x
  apps-chromium-weston apps-qt-widgets-weston apps-qt-quick-weston, and
  "daemon" (the daemon alone: what it refuses live), "readers" (gesturekit record and the pump
  opened on a panel already used, Tests/vm/readers.py), "storm" (a thousand reloads, Tests/vm/storm.py);
  STACK:key = value adds a line to the daemon's [daemon] section (several: separated by ";"),
  STACK:bare runs the stack on the panel itself, with no gesturekitd (does touch work there at all?),
  and known=SCENARIO marks a scenario that fails because of the stack itself (reported as KNOWN)
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apps  # noqa: E402
import clients  # noqa: E402
import readers  # noqa: E402
import storm  # noqa: E402
from clients import APP_NAME, PANEL_NAME, STACK_TYPES, USER, Lines, event_node, poke_udev, touch_balance  # noqa: E402
from panel import CORNER_DOUBLE_TAP, NodeTimes, libevdev, make_touchscreen, unplug, wait_until  # noqa: E402

BUILD, OUT = sys.argv[1], sys.argv[2]
STACKS = sys.argv[3:]
if len(STACKS) == 1 and STACKS[0].startswith("@"):   # @FILE: one stack a line (scripts/vm.sh)
    with open(STACKS[0][1:]) as f:
        STACKS = [line.strip() for line in f if line.strip()]
DAEMON = os.path.join(BUILD, "gesturekitd")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.makedirs(OUT, exist_ok=True)
clients.LOG_DIR = OUT
results = []

# The claim path: with no landing window, the four-finger pan takes touches the app already has
# (the app drag it joins), and ends them as `cancel` says, which is what this matrix compares
# stack by stack. The apps stacks (Tests/vm/apps.py) run with the default window.
CONFIG = """[daemon]
grab = yes
screen = 800x480
socket = /run/gk-vm/events.sock
landing_window = 0
{extra}
""" + CORNER_DOUBLE_TAP + """action = exec /bin/sh -c "echo ran > /run/gk-vm/exec-ran"
action = socket

[gesture four]
kind = pan
minimum_number_of_touches = 4
action = socket
"""


KNOWN = set()   # scenarios of the stack being run that fail because of the stack (docs/DAEMON.md)


def report(ok, stack, scenario, detail):
    """One check. A scenario named in KNOWN is a documented limitation of the stack itself: its
    failure is reported as KNOWN (not a failure of this run), and its passing as a FAIL, so that
    the documentation is brought up to date when the stack is fixed."""
    word = "PASS" if ok else "FAIL"
    if scenario in KNOWN:
        word, ok = ("FAIL", False) if ok else ("KNOWN", True)
        detail += " (a documented limitation of this stack)" if word == "KNOWN" else \
            " (documented as a limitation of this stack, but it passed: update docs/DAEMON.md and scripts/vm.sh)"
    line = f"{word} {stack} {scenario}: {detail}"
    print(line, flush=True)
    results.append((ok, word, stack, scenario, detail))


def log(text):
    print(f"  [{time.monotonic():9.3f}] {text}", flush=True)


class Panel:
    """An 800 x 480 protocol-B touchscreen made with uinput; units are points, 10 units per mm."""

    def __init__(self):
        self.uinput = make_touchscreen(PANEL_NAME)
        self.node = self.uinput.devnode
        self.next_id = 100
        self.down = {}

    def frame(self, *contacts):
        """contacts: (slot, x, y) puts or moves a finger; (slot, None, None) lifts it. Returns when
        the frame was written, as (wall clock, CLOCK_MONOTONIC): taken around the SYN_REPORT's own
        write, since writing the events before it takes a few milliseconds under emulation."""
        events = []
        for slot, x, y in contacts:
            events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_SLOT, slot))
            if x is None:
                events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_TRACKING_ID, -1))
                self.down.pop(slot, None)
                continue
            if slot not in self.down:
                self.next_id += 1
                self.down[slot] = self.next_id
                events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_TRACKING_ID, self.next_id))
            events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_X, x))
            events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_Y, y))
        events.append(libevdev.InputEvent(libevdev.EV_KEY.BTN_TOUCH, 1 if self.down else 0))
        self.uinput.send_events(events)
        before = time.time(), time.monotonic()
        self.uinput.send_events([libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        after = time.time(), time.monotonic()
        return (before[0] + after[0]) / 2, (before[1] + after[1]) / 2

    def tap(self, x, y, hold=0.06):
        self.frame((0, x, y))
        time.sleep(hold)
        self.frame((0, None, None))

    def close(self):
        """Unplugs the panel: the uinput device is destroyed now, not when Python collects it."""
        if self.uinput is not None:
            device, self.uinput = self.uinput, None
            unplug(device)


def drive_drag(panel, x0=100, y=400, steps=10):
    panel.frame((0, x0, y))
    for i in range(1, steps + 1):
        time.sleep(0.03)
        panel.frame((0, x0 + 15 * i, y))
    time.sleep(0.03)
    panel.frame((0, None, None))


def drive_claim(panel):
    """An app drag with one finger, then three more land and all four pan: the pan claims them."""
    panel.frame((0, 200, 240))
    for i in range(1, 6):
        time.sleep(0.03)
        panel.frame((0, 200 + 4 * i, 240))
    time.sleep(0.05)
    panel.frame((1, 280, 240), (2, 340, 240), (3, 400, 240))
    for i in range(1, 12):
        time.sleep(0.03)
        panel.frame(*[(s, x + 8 * i, 240) for s, x in ((0, 220), (1, 280), (2, 340), (3, 400))])
    time.sleep(0.03)
    panel.frame((0, None, None), (1, None, None), (2, None, None), (3, None, None))


def measure_exec_gap(stack, panel):
    """A finger drags in the app, a frame every 20 ms, while the corner's double tap fires its exec
    action: the largest gap between the app's frames in that time says whether starting the program
    held the app stream up."""
    frames = NodeTimes(stack.app_node, lambda e: e.matches(libevdev.EV_SYN.SYN_REPORT))
    panel.frame((1, 100, 300))
    for i in range(1, 6):
        time.sleep(0.02)
        panel.frame((1, 100 + 3 * i, 300))
    if os.path.exists("/run/gk-vm/exec-ran"):
        os.unlink("/run/gk-vm/exec-ran")
    start = len(frames.times)
    panel.frame((0, 760, 30), (1, 118, 300))
    time.sleep(0.02)
    panel.frame((0, None, None), (1, 121, 300))
    for x in (122, 123):   # the pause between the taps: the drag goes on
        time.sleep(0.02)
        panel.frame((1, x, 300))
    time.sleep(0.02)
    panel.frame((0, 760, 30), (1, 124, 300))
    time.sleep(0.02)
    panel.frame((0, None, None), (1, 127, 300))
    for i in range(1, 16):
        time.sleep(0.02)
        panel.frame((1, 127 + 3 * i, 300))
    panel.frame((1, None, None))
    ran = wait_until(lambda: os.path.exists("/run/gk-vm/exec-ran"), 10)
    time.sleep(0.2)
    frames.close()
    times = frames.times[start:]
    gaps = [b - a for a, b in zip(times, times[1:])]
    largest = max(gaps) if gaps else None
    ok = bool(ran) and largest is not None and largest < 0.1
    report(ok, stack.name, "exec-does-not-hold-up-the-app",
           f"exec ran: {bool(ran)}; {len(times)} app frames while it fired, the largest gap "
           f"{largest * 1000 if largest is not None else float('nan'):.0f} ms (the panel sends one every 20 ms "
           f"plus the VM's own delay; limit 100 ms)")


def reopened_panel(stack, panel, daemon):
    """A panel the daemon opens again after it was used (a reload; a restart or `gesturekit record`
    read it the same way): the kernel does not send a slot number or a coordinate again that has
    not changed, so four fingers landing at the y the four slots last had must all begin, from the
    state the reader takes from the device at the open (issue 64)."""
    drive_claim(panel)   # slots 0-3 last at y = 240
    settle(stack, stack.client.mark(), 4, 10)
    mark_daemon = daemon.mark()
    daemon.proc.send_signal(signal.SIGHUP)
    back = daemon.wait(r"reading .*virtual touchscreen", 30, since=mark_daemon)
    stack.device_mark = stack.client.mark()
    if not back or not stack.ready_for_touch(60):
        report(False, stack.name, "reopened-panel-keeps-its-slots", f"the daemon reopened the panel: {bool(back)}")
        return
    mark = stack.client.mark()
    panel.frame((0, 150, 240), (1, 250, 240), (2, 350, 240), (3, 450, 240))   # y unchanged in every slot
    time.sleep(0.1)
    panel.frame((0, None, None), (1, None, None), (2, None, None), (3, None, None))
    check_touches(stack, "reopened-panel-keeps-its-slots", mark, 4, 15)


def settle(stack, mark, expect_downs, timeout=30):
    """Waits until the client has seen `expect_downs` touches begin and as many end (or the time is up)."""
    def done():
        downs, ends, stuck = touch_balance([e for e in stack.events(mark) if e[0] != "key"])
        return downs >= expect_downs and stuck == 0 and ends >= expect_downs
    wait_until(done, timeout, 0.1)
    time.sleep(0.3)   # anything late (a second down) is counted too
    return touch_balance([e for e in stack.events(mark) if e[0] != "key"])


def first_touch(stack, panel, timeout):
    """Taps (at 400, 240) every 2 s until the client sees one begin and end: how a test knows a
    stack uses a device it has just been given. Returns the taps it took, or None."""
    end = time.monotonic() + timeout
    taps = 0
    while time.monotonic() < end:
        mark = stack.client.mark()
        panel.tap(400, 240)
        taps += 1
        seen = wait_until(lambda: touch_balance([e for e in stack.events(mark) if e[0] != "key"])[0] > 0, 2, 0.1)
        if seen:
            settle(stack, mark, 1, 5)
            return taps
        poke_udev()
    return None


def check_touches(stack, scenario, mark, expect_downs, timeout=30):
    downs, ends, stuck = settle(stack, mark, expect_downs, timeout)
    ok = downs == expect_downs and stuck == 0 and ends == downs
    kinds = [k for k, _ in stack.events(mark) if k in ("up", "cancel")]
    how = ", ".join(f"{kinds.count(k)} {k}" for k in ("up", "cancel") if kinds.count(k))
    report(ok, stack.name, scenario, f"{downs} touches began (expected {expect_downs}), {ends} ended"
           f"{' (' + how + ')' if how else ''}, {stuck} stuck")
    return ok


def run_bare(stack, panel, label):
    """The stack on the panel itself, with no gesturekitd: does touch reach this client at all?"""
    stack.app_node = panel.node
    stack.device_name = PANEL_NAME
    try:
        if not stack.start() or not stack.ready_for_touch(120):
            report(False, label, "start", "the stack did not start or offered no touch input")
            return
        taps = first_touch(stack, panel, 60)
        report(taps is not None, label, "touch-without-daemon",
               f"a tap on the panel itself reached the client after {taps} taps" if taps else
               "no tap on the panel itself reached the client in 60 s")
        if taps is not None:
            # Four fingers, all lifted in one frame, as a panel's driver does. Qt's evdevtouch
            # loses lifts in some tries and not in others, so three tries: the scenario holds
            # only when all three end every touch (a limitation seen once is still there).
            tries = []
            for _ in range(3):
                mark = stack.client.mark()
                drive_claim(panel)
                downs, ends, stuck = settle(stack, mark, 4, 30)
                tries.append(downs == 4 and ends == 4 and stuck == 0)
            report(all(tries), stack.name, "four-fingers-without-daemon",
                   f"every touch began and ended in {sum(tries)} of 3 tries of four fingers")
    finally:
        stack.stop()
        panel.close()


def run_stack(name, extra_config=""):
    os.makedirs("/run/gk-vm", exist_ok=True)
    for leftover in ("/run/gk-vm/exec-ran",):
        if os.path.exists(leftover):
            os.unlink(leftover)
    conf = "/run/gk-vm/gesturekitd.conf"
    with open(conf, "w") as f:
        f.write(CONFIG.format(extra=extra_config))
    label = name + (" (" + extra_config.replace("\n", ", ") + ")" if extra_config else "")
    stack = STACK_TYPES[name](name)
    panel = Panel()
    if extra_config.strip() == "bare":
        return run_bare(stack, panel, label)
    argv = [DAEMON, "--config", conf, "--device", panel.node]
    if os.environ.get("GK_VM_STRACE"):   # count the daemon's write() calls (scripts/vm.sh --strace)
        argv = ["strace", "-c", "-e", "trace=write", "-o", os.path.join(OUT, f"strace-{name}.txt"), *argv]
    daemon = Lines(argv, "gesturekitd-" + name)
    daemon_started = False
    try:
        if not daemon.wait(r"reading .*virtual touchscreen", 30):
            report(False, label, "start", "gesturekitd did not open the panel: " + " | ".join(daemon.since(0)[-5:]))
            return
        daemon_started = True
        app_node = wait_until(lambda: event_node(APP_NAME), 10)
        stack.app_node = app_node
        stack.device_mark = 0
        if not stack.start():
            report(False, label, "start", f"{name} did not start: " + " | ".join(stack.client.since(0)[-5:]
                                                                                     if stack.client else []))
            return
        if not stack.ready_for_touch(120):
            report(False, label, "start", f"{name} never offered touch input: " + " | ".join(stack.client.since(0)[-5:]))
            return
        stack.name = label
        taps = first_touch(stack, panel, 90)
        log(f"{name}: the first touch arrived after {taps} taps")
        if taps is None:
            report(False, label, "start", f"{name} received no touch in 90 s")
            return

        mark = stack.client.mark()
        drive_drag(panel)
        check_touches(stack, "drag-outside-zones", mark, 1)

        # Under software emulation Xorg has lost one of the three fingers that land together and
        # are claimed 30 ms later, in some runs of identical binaries and not in others (2026-11-29:
        # 6 of 10 runs; the dry run's app stream holds all four every time): a second try, said.
        for attempt in (1, 2):
            mark = stack.client.mark()
            drive_claim(panel)
            downs, ends, stuck = settle(stack, mark, 4, 30)
            if (downs, ends, stuck) == (4, 4, 0) or attempt == 2:
                break
            log(f"{name}: claimed-touch, first try: {downs} began, {ends} ended, {stuck} stuck; trying again")
            time.sleep(0.5)
        if attempt == 2:
            log(f"{name}: claimed-touch: the result below is the second try's")
        check_touches(stack, "claimed-touch", mark, 4)

        mark = stack.client.mark()
        panel.tap(300, 300)
        check_touches(stack, "next-touch-after-claim", mark, 1)

        mark = stack.client.mark()
        panel.tap(760, 30)
        time.sleep(0.12)
        panel.tap(760, 30)
        got_key = wait_until(lambda: [e for e in stack.events(mark) if e[0] == "key"], 30, 0.1)
        downs, ends, stuck = settle(stack, mark, 0, 2)
        report(downs == 0 and stuck == 0, label, "zone-chain-fires",
               f"{downs} touches reached the app (expected 0), {stuck} stuck")
        report(bool(got_key) and got_key[0][1] == stack.key_code, label, "key-action-reaches-app",
               f"the app saw keys {got_key}")
        ran = wait_until(lambda: os.path.exists("/run/gk-vm/exec-ran"), 10)
        report(bool(ran), label, "exec-action-runs", "the exec action wrote its file" if ran else "no file")

        mark = stack.client.mark()
        panel.tap(760, 30)
        check_touches(stack, "zone-chain-fails-tap-arrives", mark, 1)

        if name == "libinput":
            measure_exec_gap(stack, panel)
            reopened_panel(stack, panel, daemon)

        # Hotplug: the panel goes and comes back; the daemon follows, and so must the app's device.
        mark_daemon = daemon.mark()
        panel.close()
        gone = daemon.wait(r"gone or unreadable", 20, since=mark_daemon)
        panel = Panel()
        back = daemon.wait(r"reading .*virtual touchscreen", 60, since=mark_daemon)
        stack.device_mark = stack.client.mark() if name != "x" else 0
        ready = back and stack.ready_for_touch(120)
        if not ready:
            report(False, label, "hotplug", f"daemon noticed: {bool(gone)}, came back: {bool(back)}, {name} ready: {ready}")
        else:
            mark = stack.client.mark()
            taps = first_touch(stack, panel, 60)
            downs, ends, stuck = settle(stack, mark, 1, 5)
            report(taps is not None and stuck == 0, label, "hotplug",
                   f"touches reach the app again after the panel came back (the first after {taps} taps), "
                   f"{downs} began, {ends} ended, {stuck} stuck")
    finally:
        stack.stop()
        daemon.stop()
        stats = daemon.wait(r"events in \d+ writes", 5)
        counts = re.search(r"had (\d+) events in (\d+) writes \((\d+) failed\)", stats or "")
        if counts:
            events, writes, failed = (int(g) for g in counts.groups())
            report(0 < writes < events and failed == 0, label, "app-stream-a-frame-per-write",
                   f"{events} events in {writes} writes, {failed} failed")
        elif daemon_started:
            report(False, label, "app-stream-a-frame-per-write", "the daemon gave no count of its writes at exit")
        try:
            panel.close()
        except Exception:
            pass


def run_apps(name, extra_config=""):
    """An app that acts on touches (Tests/vm/apps.py) under the daemon with three system gestures."""
    os.makedirs("/run/gk-vm", exist_ok=True)
    conf = "/run/gk-vm/apps.conf"
    with open(conf, "w") as f:
        f.write(apps.CONFIG.format(extra=extra_config))
    label = name + (" (" + extra_config.replace("\n", ", ") + ")" if extra_config else "")
    stack = apps.APP_TYPES[name](name)
    panel = Panel()
    daemon = Lines([DAEMON, "--config", conf, "--device", panel.node], "gesturekitd-" + name)
    try:
        if not daemon.wait(r"reading .*virtual touchscreen", 30):
            report(False, label, "start", "gesturekitd did not open the panel: " + " | ".join(daemon.since(0)[-5:]))
            return
        stack.app_node = wait_until(lambda: event_node(APP_NAME), 10)
        if not stack.start() or not stack.ready_for_touch(120):
            report(False, label, "start", f"{name} did not start: " + " | ".join(stack.client.since(0)[-5:]
                                                                                  if stack.client else []))
            return
        stack.name = label
        line = apps.run(stack, panel, label, report)
        if line:
            DELAYS.append(line)
    finally:
        stack.stop()
        daemon.stop()
        panel.close()


DELAYS = []   # the apps stacks' DELAY lines, written to OUT/delays.txt


def daemon_checks():
    """The daemon alone on a real kernel: what a dry run refuses, live refuses too (one reader)."""
    pad = make_touchscreen("gesturekit vm semi-mt pad", slots=2, semi_mt=True)
    conf = "/run/gk-vm/refuse.conf"
    os.makedirs("/run/gk-vm", exist_ok=True)
    with open(conf, "w") as f:
        f.write("[daemon]\ngrab = yes\n")
    try:
        result = subprocess.run([DAEMON, "--config", conf, "--device", pad.devnode], capture_output=True, text=True,
                                timeout=30)
        said = result.stderr.strip().replace("\n", " | ")
        report(result.returncode == 1 and "semi-multitouch" in result.stderr, "daemon", "semi-mt-panel-refused-live",
               f"exit {result.returncode}: {said}")
    except subprocess.TimeoutExpired:
        report(False, "daemon", "semi-mt-panel-refused-live", "the daemon took the semi-MT panel and kept running")
    finally:
        unplug(pad)


STACK_SECONDS = 360   # each stack's bound: start, every scenario, stop


def processes():
    """The user-space processes running now (kernel threads have no command line), by pid."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    argv = f.read().split(b"\0")
            except OSError:
                continue
            if argv and argv[0]:
                found[int(entry)] = os.path.basename(argv[0].decode(errors="replace"))
    return found


def reap(before):
    """Kills what a stack left running (a browser's helpers that left its process group, say),
    so that the next stack has the machine to itself: timing scenarios need it. Says what it was."""
    # udev's event workers ("(udev-worker)") come and go on their own; killing one loses its event.
    keep = {"systemd-udevd", "(udev-worker)", "udevadm", "seatd"}
    left = {pid: name for pid, name in processes().items()
            if pid not in before and pid != os.getpid() and name not in keep}
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    def alive(pid):   # a zombie is dead, only not yet reaped
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False
    if left:
        wait_until(lambda: not any(alive(pid) for pid in left), 10, 0.1)
        log(f"left behind by the stack, killed: {len(left)} processes ({', '.join(sorted(set(left.values())))})")


def versions():
    """The release and the versions of the stacks' packages installed here, for the docs' tables."""
    release = open("/etc/debian_version").read().strip() if os.path.exists("/etc/debian_version") else "?"
    packages = ["libinput10", "cage", "labwc", "sway", "weston", "xserver-xorg-core", "chromium", "libqt6core6t64",
                "libqt6core6", "python3"]
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Package}=${Version} ", *packages], capture_output=True, text=True)
    return f"debian {release}: {out.stdout.strip()}"


def out_of_time(signum, frame):
    raise TimeoutError(f"the stack took more than {STACK_SECONDS} s")


def main():
    signal.signal(signal.SIGALRM, out_of_time)
    subprocess.run(["modprobe", "uinput"], check=True)
    if not os.path.exists("/run/udev/control"):
        subprocess.run(["/lib/systemd/systemd-udevd", "--daemon"], check=True)
    subprocess.run(["udevadm", "trigger"], check=False)
    subprocess.run(["udevadm", "settle"], check=False)
    # seatd gives the wlroots compositors (as USER) and weston 14 (as root) their seat.
    if shutil.which("seatd") and not os.path.exists("/run/seatd.sock"):
        Lines(["seatd", "-u", USER], "seatd")
        wait_until(lambda: os.path.exists("/run/seatd.sock"), 10)
    print(f"VERSIONS {versions()}", flush=True)
    before = processes()
    for spec in STACKS:
        name, _, extra = spec.partition(":")
        parts = [p.strip() for p in extra.split(";") if p.strip()]
        KNOWN.clear()
        KNOWN.update(p[len("known="):] for p in parts if p.startswith("known="))
        if name == "daemon":
            print("== daemon", flush=True)
            daemon_checks()
            continue
        if name in ("readers", "storm"):
            t0 = time.monotonic()
            print(f"== {name}", flush=True)
            signal.alarm(900)
            panel = Panel()
            try:
                if name == "readers":
                    readers.run(panel, BUILD, SOURCE, OUT, report)
                else:
                    storm.run(STACK_TYPES["libinput"], panel, DAEMON, OUT, report, settle, first_touch, drive_drag, log)
                    storm.run_sanitized(os.path.join(os.path.dirname(os.path.abspath(BUILD)), "build-san", "gesturekitd"),
                                        panel, report, log)
            except Exception as e:
                report(False, name, "harness", repr(e))
            finally:
                signal.alarm(0)
                panel.close()
                reap(before)
            log(f"{name} took {time.monotonic() - t0:.0f} s")
            continue
        extra = ";".join(p for p in parts if not p.startswith("known="))
        t0 = time.monotonic()
        print(f"== {spec}", flush=True)
        signal.alarm(STACK_SECONDS + (120 if name.startswith("apps-") else 0))
        try:
            if name.startswith("apps-"):
                run_apps(name, extra.replace(";", "\n"))
            else:
                run_stack(name, extra.replace(";", "\n"))
        except Exception as e:   # a broken harness or a stack past its time is a failure, never a pass
            report(False, spec, "harness", repr(e))
        finally:
            signal.alarm(0)
            reap(before)
        log(f"{spec} took {time.monotonic() - t0:.0f} s")
    passed = sum(1 for r in results if r[1] == "PASS")
    known = sum(1 for r in results if r[1] == "KNOWN")
    failed = sum(1 for r in results if not r[0])
    print(f"RESULT {passed} passed, {failed} failed, {known} known limitations of the stacks", flush=True)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        for ok, word, stack, scenario, detail in results:
            f.write(f"{word} {stack} {scenario}: {detail}\n")
    with open(os.path.join(OUT, "delays.txt"), "w") as f:
        f.writelines(line + "\n" for line in DELAYS)
    return 0 if results and failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
