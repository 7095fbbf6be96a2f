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

Usage: guest.py BUILD_DIR OUT_DIR STACK...
  stacks: libinput cage sway x weston chromium-x chromium-cage chromium-weston qt-evdevtouch qt-libinput, and
  "daemon" (the daemon alone: what it refuses live);
  STACK:key = value adds a line to the daemon's [daemon] section (several: separated by ";"),
  STACK:bare runs the stack on the panel itself, with no gesturekitd (does touch work there at all?),
  and known=SCENARIO marks a scenario that fails because of the stack itself (reported as KNOWN)
"""
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from panel import CORNER_DOUBLE_TAP, libevdev, make_touchscreen, unplug, wait_until  # noqa: E402

BUILD, OUT = sys.argv[1], sys.argv[2]
STACKS = sys.argv[3:]
DAEMON = os.path.join(BUILD, "gesturekitd")
os.makedirs(OUT, exist_ok=True)
results = []
USER = "nobody"
PANEL_NAME = "gesturekit vm panel"
APP_NAME = "gesturekitd: " + PANEL_NAME

CONFIG = """[daemon]
grab = yes
screen = 800x480
socket = /run/gk-vm/events.sock
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


class Lines:
    """A process whose output lines are collected as they come (stdout and stderr together)."""

    def __init__(self, argv, name, env=None, user=None):
        self.name, self.lines, self.cond = name, [], threading.Condition()
        preexec = None
        if user:
            pw = pwd.getpwnam(user)

            def preexec():
                os.setgid(pw.pw_gid)
                os.setuid(pw.pw_uid)
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                                     preexec_fn=preexec, text=True, errors="replace", start_new_session=True)
        self.logfile = open(os.path.join(OUT, name + ".log"), "a")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            with self.cond:
                self.lines.append(line.rstrip("\n"))
                self.cond.notify_all()
            self.logfile.write(line)
            self.logfile.flush()

    def mark(self):
        with self.cond:
            return len(self.lines)

    def wait(self, pattern, timeout, since=0, poke=None):
        """The first line from `since` on that matches `pattern`, or None after `timeout` seconds.
        `poke` runs every 3 s while waiting (for a compositor slow to add devices)."""
        regex = re.compile(pattern)
        end = time.monotonic() + timeout
        next_poke = time.monotonic() + 3
        with self.cond:
            while True:
                for line in self.lines[since:]:
                    if regex.search(line):
                        return line
                left = end - time.monotonic()
                if left <= 0 or self.proc.poll() is not None and not self._more(since):
                    return None
                if poke and time.monotonic() >= next_poke:
                    self.cond.release()
                    try:
                        poke()
                    finally:
                        self.cond.acquire()
                    next_poke = time.monotonic() + 3
                self.cond.wait(min(left, 0.5))

    def _more(self, since):
        return False

    def since(self, mark):
        with self.cond:
            return list(self.lines[mark:])

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 15)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait()


class Panel:
    """An 800 x 480 protocol-B touchscreen made with uinput; units are points, 10 units per mm."""

    def __init__(self):
        self.uinput = make_touchscreen(PANEL_NAME)
        self.node = self.uinput.devnode
        self.next_id = 100
        self.down = {}

    def frame(self, *contacts):
        """contacts: (slot, x, y) puts or moves a finger; (slot, None, None) lifts it."""
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
        events.append(libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0))
        self.uinput.send_events(events)

    def tap(self, x, y, hold=0.06):
        self.frame((0, x, y))
        time.sleep(hold)
        self.frame((0, None, None))

    def close(self):
        """Unplugs the panel: the uinput device is destroyed now, not when Python collects it."""
        if self.uinput is not None:
            device, self.uinput = self.uinput, None
            unplug(device)


def event_node(name):
    """The event node of the input device called `name`, from /proc/bus/input/devices, or None."""
    for block in open("/proc/bus/input/devices").read().split("\n\n"):
        if f'N: Name="{name}"' in block:
            for word in block.split():
                if word.startswith("event"):
                    return "/dev/input/" + word
    return None


def poke_udev():
    subprocess.run(["udevadm", "trigger", "--action=change", "--subsystem-match=input"], check=False)


# ---- what each client prints, as touch events: (kind, id) with kind down/up/cancel/key ----

def parse_libinput(lines, node):
    out = []
    short = os.path.basename(node) if node else None
    for line in lines:
        m = re.match(r"\s*-?(event\d+)\s+(TOUCH_DOWN|TOUCH_UP|TOUCH_CANCEL|KEYBOARD_KEY)\s+\+\S+\s+(.*)", line)
        if not m:
            continue
        dev, kind, rest = m.groups()
        if kind == "KEYBOARD_KEY":
            k = re.search(r"KEY_(\w+)", rest)
            if k and "pressed" in rest:
                out.append(("key", "KEY_" + k.group(1)))
            continue
        if short and dev != short:
            continue
        slot = re.match(r"(\d+)", rest.strip())
        out.append(({"TOUCH_DOWN": "down", "TOUCH_UP": "up", "TOUCH_CANCEL": "cancel"}[kind],
                     int(slot.group(1)) if slot else -1))
    return out


def parse_wev(lines, node=None):
    """wev binds a new wl_keyboard (and wl_touch) at each capability change, so an event comes once
    per binding: one per serial counts. Key codes are printed as XKB's (evdev + 8)."""
    out, serials = [], set()
    for line in lines:
        m = re.search(r"wl_touch\] (down|up|cancel)", line)
        if m:
            # The same for touches: a down or up comes once per wl_touch bound; its serial says so.
            serial = re.search(r"serial: (\d+)", line)
            if serial and ("t" + serial.group(1)) in serials:
                continue
            if serial:
                serials.add("t" + serial.group(1))
            ident = re.search(r"id: (-?\d+)", line)
            out.append((m.group(1), int(ident.group(1)) if ident else -1))
            continue
        k = re.search(r"wl_keyboard\] key: serial: (\d+);.*key: (\d+); state: 1", line)
        if k and k.group(1) not in serials:
            serials.add(k.group(1))
            out.append(("key", int(k.group(2))))
    return out


def parse_xi2(lines, node=None):
    """`xinput test-xi2 --root` prints each event twice, for the master device and for the slave
    (device: MASTER (SOURCE), then device: SLAVE (SOURCE)): only the master's copy counts."""
    out, current = [], None
    names = {"TouchBegin": "down", "TouchEnd": "up"}
    for line in lines:
        m = re.match(r"EVENT type \d+ \((\w+)\)", line)
        if m:
            current = m.group(1)
            continue
        dev = re.match(r"\s+device: (\d+) \((\d+)\)", line)
        if dev and dev.group(1) == dev.group(2):
            current = None   # the slave's copy
            continue
        d = re.match(r"\s+detail: (\d+)", line)
        if d and current in names:
            out.append((names[current], int(d.group(1))))
            current = None
        elif d and current == "KeyPress":
            out.append(("key", int(d.group(1))))
            current = None
    return out


def parse_page(lines, node=None):
    """Chromium's console lines from Tests/vm/touch.html: touchstart/touchend/touchcancel ID."""
    out = []
    for line in lines:
        m = re.search(r"gk-page (touchstart|touchend|touchcancel) (\d+)", line)
        if m:
            out.append(({"touchstart": "down", "touchend": "up", "touchcancel": "cancel"}[m.group(1)], int(m.group(2))))
            continue
        k = re.search(r"gk-page keydown (\w+)", line)
        if k:
            out.append(("key", k.group(1)))
    return out


def parse_qt(lines, node=None):
    """Tests/vm/qt_touch.py's lines: each touch event with every point's id and state."""
    out = []
    for line in lines:
        m = re.match(r"qt (TouchBegin|TouchUpdate|TouchEnd|TouchCancel)(.*)", line)
        if m:
            if m.group(1) == "TouchCancel":
                out.append(("cancel", -1))
                continue
            for point in m.group(2).split():
                ident, _, state = point.partition(":")
                if state == "pressed":
                    out.append(("down", int(ident)))
                elif state == "released":
                    out.append(("up", int(ident)))
            continue
        k = re.match(r"qt key (0x[0-9a-f]+)", line)
        if k:
            out.append(("key", int(k.group(1), 16)))
    return out


def touch_balance(events):
    """(downs, ends, stuck): a cancel without an id (wl_touch.cancel) ends every touch down."""
    down, downs, ends = set(), 0, 0
    for kind, ident in events:
        if kind == "down":
            downs += 1
            down.add(ident)
        elif kind in ("up", "cancel"):
            if ident == -1:
                ends += len(down)
                down.clear()
            elif ident in down:
                ends += 1
                down.discard(ident)
    return downs, ends, len(down)


# ---- the stacks ----

class Stack:
    parse = staticmethod(parse_libinput)
    key_code = "KEY_F10"

    def __init__(self, name):
        self.name = name
        self.client = None
        self.app_node = None

    def start(self):
        raise NotImplementedError

    def ready_for_touch(self, timeout):
        return True

    def events(self, mark):
        return self.parse(self.client.since(mark), self.app_node)

    def stop(self):
        if self.client:
            self.client.stop()


class LibinputStack(Stack):
    def start(self):
        self.client = Lines(["stdbuf", "-oL", "libinput", "debug-events", "--show-keycodes", "--udev", "seat0"], "libinput-" + self.name)
        return self.client.wait(r"DEVICE_ADDED\s+" + re.escape(APP_NAME), 60) is not None

    def ready_for_touch(self, timeout):
        return self.client.wait(r"DEVICE_ADDED\s+" + re.escape(APP_NAME), timeout, since=self.device_mark) is not None


class WlrootsStack(Stack):
    """cage or sway (wlroots 0.15) with wev as the Wayland client, run as an ordinary user."""
    parse = staticmethod(parse_wev)
    key_code = 76   # KEY_F10 (68) as wev prints it (XKB's code, evdev + 8)

    @staticmethod
    def session():
        """The environment of a wlroots compositor run as USER with seatd: its runtime folder."""
        runtime = "/run/gk-vm/xdg"
        os.makedirs(runtime, exist_ok=True)
        pw = pwd.getpwnam(USER)
        os.chown(runtime, pw.pw_uid, pw.pw_gid)
        os.chmod(runtime, 0o700)
        return runtime, dict(os.environ, XDG_RUNTIME_DIR=runtime, LIBSEAT_BACKEND="seatd",
                             WLR_BACKENDS="headless,libinput", WLR_LIBINPUT_NO_DEVICES="1", WLR_RENDERER="pixman",
                             HOME=runtime)

    def start(self):
        runtime, env = self.session()
        pw = pwd.getpwnam(USER)
        if self.name == "cage":
            argv = ["cage", "--", "stdbuf", "-oL", "wev"]
        else:
            conf = os.path.join(runtime, "sway.conf")
            with open(conf, "w") as f:
                f.write("exec stdbuf -oL wev\nseat * hide_cursor 0\n")
            os.chown(conf, pw.pw_uid, pw.pw_gid)
            argv = ["sway", "--config", conf]
        self.client = Lines(argv, self.name, env=env, user=USER)
        return self.client.wait(r"wl_seat\] capabilities", 120) is not None

    def ready_for_touch(self, timeout):
        return self.client.wait(r"wl_seat\] capabilities:.*touch", timeout, since=self.device_mark,
                                poke=poke_udev) is not None


class XStack(Stack):
    parse = staticmethod(parse_xi2)
    key_code = 76   # KEY_F10 (68) + 8, X's key codes

    def start(self):
        conf = "/run/gk-vm/xorg.conf"
        with open(conf, "w") as f:
            f.write('Section "Device"\n  Identifier "dummy"\n  Driver "dummy"\n  VideoRam 16384\nEndSection\n'
                    'Section "Screen"\n  Identifier "screen"\n  Device "dummy"\n  DefaultDepth 24\n'
                    '  SubSection "Display"\n    Modes "800x480"\n  EndSubSection\nEndSection\n'
                    'Section "InputClass"\n  Identifier "touch"\n  MatchIsTouchscreen "on"\n  Driver "libinput"\n'
                    'EndSection\n')
        self.server = Lines(["Xorg", ":7", "-config", conf, "-noreset", "-nolisten", "tcp", "-logfile",
                             os.path.join(OUT, "Xorg.7.log"), "-novtswitch", "-sharevts"], "xorg")
        env = dict(os.environ, DISPLAY=":7")
        ok = wait_until(lambda: subprocess.run(["xinput", "list"], env=env, capture_output=True).returncode == 0, 60, 0.5)
        if not ok:
            return False
        self.env = env
        self.client = Lines(["stdbuf", "-oL", "xinput", "test-xi2", "--root"], "xinput", env=env)
        return True

    def ready_for_touch(self, timeout):
        return wait_until(lambda: APP_NAME in subprocess.run(["xinput", "list"], env=self.env, capture_output=True,
                                                              text=True).stdout, timeout, 0.5)

    def stop(self):
        super().stop()
        self.server.stop()


class WestonStack(WlrootsStack):
    """weston 10's kiosk shell on the DRM backend (QEMU's virtio GPU), run as root through its direct
    launcher: Debian's weston 10 has no seatd launcher, and logind needs a systemd session; wev is
    the client."""

    def start(self):
        subprocess.run(["modprobe", "virtio_gpu"], check=False)
        subprocess.run(["udevadm", "settle"], check=False)
        if not wait_until(lambda: os.path.exists("/dev/dri/card0"), 20):
            return False
        runtime = "/run/gk-vm/weston"
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
        self.server = Lines(["weston", "--backend=drm-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
                             "--socket=wayland-1", "--tty=1"], "weston", env=env)
        if not wait_until(lambda: os.path.exists(os.path.join(runtime, "wayland-1")), 60, 0.2):
            return False
        self.client = Lines(["stdbuf", "-oL", "wev"], "wev-weston", env=dict(env, WAYLAND_DISPLAY="wayland-1"))
        return self.client.wait(r"wl_seat\] capabilities", 60) is not None

    def stop(self):
        super().stop()
        if getattr(self, "server", None):
            self.server.stop()


HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = "file://" + os.path.join(HERE, "touch.html")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-breakpad", "--no-first-run", "--disable-dev-shm-usage", "--enable-logging=stderr",
                  "--touch-events=enabled", "--kiosk", "--noerrdialogs", "--disable-features=Translate"]


class ChromiumXStack(XStack):
    """Chromium in kiosk mode on Xorg (xf86-input-libinput); the page logs what it receives."""
    parse = staticmethod(parse_page)
    key_code = "F10"

    def start(self):
        if not super().start():
            return False
        self.client.stop()   # xinput's log was only the readiness probe of XStack
        home = "/run/gk-vm/chromium-x"
        os.makedirs(home, exist_ok=True)
        self.client = Lines(["chromium", *CHROMIUM_FLAGS, "--user-data-dir=" + home + "/profile", PAGE], "chromium-x",
                            env=dict(self.env, HOME=home))
        return self.client.wait(r"gk-page ready", 240) is not None


class ChromiumCageStack(WlrootsStack):
    """Chromium on Wayland in cage 0.1.4, as an ordinary user."""
    parse = staticmethod(parse_page)
    key_code = "F10"

    def start(self):
        runtime, env = self.session()
        self.client = Lines(["cage", "--", "chromium", *CHROMIUM_FLAGS, "--ozone-platform=wayland",
                             "--user-data-dir=" + runtime + "/chromium", PAGE], "chromium-cage", env=env, user=USER)
        return self.client.wait(r"gk-page ready", 240) is not None

    def ready_for_touch(self, timeout):
        return True   # first_touch() then tells whether touches arrive at all


class ChromiumWestonStack(WestonStack):
    """Chromium on Wayland in weston 10's kiosk shell (root, as weston there)."""
    parse = staticmethod(parse_page)
    key_code = "F10"

    def start(self):
        if not super().start():
            return False
        self.client.stop()   # wev was only WestonStack's readiness probe
        runtime = "/run/gk-vm/weston"
        self.client = Lines(["chromium", *CHROMIUM_FLAGS, "--ozone-platform=wayland",
                             "--user-data-dir=" + runtime + "/chromium", PAGE], "chromium-weston",
                            env=dict(os.environ, XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY="wayland-1", HOME=runtime))
        return self.client.wait(r"gk-page ready", 240) is not None

    def ready_for_touch(self, timeout):
        return True   # first_touch() then tells whether touches arrive at all


class QtStack(Stack):
    """A Qt 6 window (offscreen platform) reading touches with the evdevtouch or libinput plugin."""
    parse = staticmethod(parse_qt)
    key_code = 0x01000039   # Qt::Key_F10

    def start(self):
        keyboard = event_node("gesturekitd keyboard")
        if self.name.startswith("qt-evdevtouch"):
            plugins = "evdevtouch" + (",evdevkeyboard:" + keyboard if keyboard else "")
        else:
            plugins = "libinput"
        runtime = "/run/gk-vm/qt"
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_QPA_GENERIC_PLUGINS=plugins,
                   QT_LOGGING_RULES="qt.qpa.input=true", XDG_RUNTIME_DIR=runtime)
        self.client = Lines(["/usr/bin/python3", os.path.join(HERE, "qt_touch.py")], self.name, env=env)
        return self.client.wait(r"qt ready", 120) is not None


STACK_TYPES = {"libinput": LibinputStack, "cage": WlrootsStack, "sway": WlrootsStack, "x": XStack,
               "chromium-x": ChromiumXStack, "chromium-cage": ChromiumCageStack, "qt-evdevtouch": QtStack,
               "qt-libinput": QtStack, "weston": WestonStack, "chromium-weston": ChromiumWestonStack}


# ---- the scenarios ----

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


class FrameTimes:
    """The kernel's timestamps of the frames (SYN_REPORT) on an event node, read beside the client."""

    def __init__(self, node):
        self.times = []
        self.file = open(node, "rb")
        device = libevdev.Device(self.file)
        threading.Thread(target=self._read, args=(device,), daemon=True).start()

    def _read(self, device):
        try:
            while True:
                for event in device.events():
                    if event.matches(libevdev.EV_SYN.SYN_REPORT):
                        self.times.append(event.sec + event.usec / 1e6)
                time.sleep(0.002)
        except (OSError, ValueError):
            pass


def measure_exec_gap(stack, panel):
    """A finger drags in the app, a frame every 20 ms, while the corner's double tap fires its exec
    action: the largest gap between the app's frames in that time says whether starting the program
    held the app stream up."""
    frames = FrameTimes(stack.app_node)
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
    times = frames.times[start:]
    gaps = [b - a for a, b in zip(times, times[1:])]
    largest = max(gaps) if gaps else None
    ok = bool(ran) and largest is not None and largest < 0.1
    report(ok, stack.name, "exec-does-not-hold-up-the-app",
           f"exec ran: {bool(ran)}; {len(times)} app frames while it fired, the largest gap "
           f"{largest * 1000 if largest is not None else float('nan'):.0f} ms (the panel sends one every 20 ms "
           f"plus the VM's own delay; limit 100 ms)")


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
    global APP_NAME
    saved, APP_NAME = APP_NAME, PANEL_NAME
    stack.app_node = panel.node
    stack.device_mark = 0
    try:
        if not stack.start() or not stack.ready_for_touch(120):
            report(False, label, "start", "the stack did not start or offered no touch input")
            return
        taps = first_touch(stack, panel, 60)
        report(taps is not None, label, "touch-without-daemon",
               f"a tap on the panel itself reached the client after {taps} taps" if taps else
               "no tap on the panel itself reached the client in 60 s")
        if taps is not None:
            mark = stack.client.mark()
            drive_claim(panel)   # four fingers, all lifted in one frame, as a panel's driver does
            check_touches(stack, "four-fingers-without-daemon", mark, 4)
    finally:
        APP_NAME = saved
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

        mark = stack.client.mark()
        drive_claim(panel)
        check_touches(stack, "claimed-touch", mark, 4)

        mark = stack.client.mark()
        panel.tap(300, 300)
        check_touches(stack, "next-touch-after-claim", mark, 1)

        mark = stack.client.mark()
        panel.tap(760, 30)
        time.sleep(0.12)
        panel.tap(760, 30)
        keys = [e for e in stack.events(mark) if e[0] == "key"]
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


def out_of_time(signum, frame):
    raise TimeoutError(f"the stack took more than {STACK_SECONDS} s")


def main():
    signal.signal(signal.SIGALRM, out_of_time)
    subprocess.run(["modprobe", "uinput"], check=True)
    if not os.path.exists("/run/udev/control"):
        subprocess.run(["/lib/systemd/systemd-udevd", "--daemon"], check=True)
    subprocess.run(["udevadm", "trigger"], check=False)
    subprocess.run(["udevadm", "settle"], check=False)
    if any(s.split(":")[0] in ("cage", "sway", "chromium-cage") for s in STACKS) and not os.path.exists("/run/seatd.sock"):
        Lines(["seatd", "-u", USER], "seatd")
        wait_until(lambda: os.path.exists("/run/seatd.sock"), 10)
    for spec in STACKS:
        name, _, extra = spec.partition(":")
        parts = [p.strip() for p in extra.split(";") if p.strip()]
        KNOWN.clear()
        KNOWN.update(p[len("known="):] for p in parts if p.startswith("known="))
        if name == "daemon":
            print("== daemon", flush=True)
            daemon_checks()
            continue
        extra = ";".join(p for p in parts if not p.startswith("known="))
        t0 = time.monotonic()
        print(f"== {spec}", flush=True)
        signal.alarm(STACK_SECONDS)
        try:
            run_stack(name, extra.replace(";", "\n"))
        except Exception as e:   # a broken harness or a stack past its time is a failure, never a pass
            report(False, spec, "harness", repr(e))
        finally:
            signal.alarm(0)
        log(f"{spec} took {time.monotonic() - t0:.0f} s")
    passed = sum(1 for r in results if r[1] == "PASS")
    known = sum(1 for r in results if r[1] == "KNOWN")
    failed = sum(1 for r in results if not r[0])
    print(f"RESULT {passed} passed, {failed} failed, {known} known limitations of the stacks", flush=True)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        for ok, word, stack, scenario, detail in results:
            f.write(f"{word} {stack} {scenario}: {detail}\n")
    return 0 if results and failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
