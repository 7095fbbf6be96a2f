"""The clients of the real-kernel tests (Tests/vm/guest.py): a process whose output lines are
collected as they come, what each client prints read back as touch events, and the stacks (a
compositor or X server with a client, or a client reading the devices itself), each started,
waited for and stopped the same way. Every wait is for a line or a state, with a time bound."""
import os
import pwd
import re
import shlex
import subprocess
import threading
import time

from panel import wait_until

LOG_DIR = "/tmp"   # where each process's output is kept; guest.py sets it
USER = "nobody"    # compositors refuse root: they run as this user, with seatd
PANEL_NAME = "gesturekit vm panel"
APP_NAME = "gesturekitd: " + PANEL_NAME


def as_user(name):
    """A preexec_fn that drops to user `name` (its primary group, then its uid)."""
    pw = pwd.getpwnam(name)

    def drop():
        os.setgid(pw.pw_gid)
        os.setuid(pw.pw_uid)
    return drop


class Lines:
    """A process whose output lines are collected as they come (stdout and stderr together)."""

    def __init__(self, argv, name, env=None, user=None):
        self.name, self.lines, self.cond, self.eof = name, [], threading.Condition(), False
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                                     preexec_fn=as_user(user) if user else None, text=True, errors="replace",
                                     start_new_session=True)
        self.logfile = open(os.path.join(LOG_DIR, name + ".log"), "a")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            with self.cond:
                self.lines.append(line.rstrip("\n"))
                self.cond.notify_all()
            self.logfile.write(line)
            self.logfile.flush()
        with self.cond:
            self.eof = True
            self.cond.notify_all()

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
                if left <= 0 or self.eof:   # the process has ended and every line of it is in
                    return None
                if poke and time.monotonic() >= next_poke:
                    self.cond.release()
                    try:
                        poke()
                    finally:
                        self.cond.acquire()
                    next_poke = time.monotonic() + 3
                self.cond.wait(min(left, 0.5))

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
        self.app_node = None          # the event node the client should read touches from
        self.device_name = APP_NAME   # its name: the daemon's virtual touchscreen, or the panel itself
        self.device_mark = 0          # the client's line from which a new device counts

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
        return self.client.wait(r"DEVICE_ADDED\s+" + re.escape(self.device_name), 60) is not None

    def ready_for_touch(self, timeout):
        return self.client.wait(r"DEVICE_ADDED\s+" + re.escape(self.device_name), timeout,
                                since=self.device_mark) is not None


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
                             os.path.join(LOG_DIR, "Xorg.7.log"), "-novtswitch", "-sharevts"], "xorg")
        env = dict(os.environ, DISPLAY=":7")
        ok = wait_until(lambda: subprocess.run(["xinput", "list"], env=env, capture_output=True).returncode == 0, 60, 0.5)
        if not ok:
            return False
        self.env = env
        self.client = Lines(["stdbuf", "-oL", "xinput", "test-xi2", "--root"], "xinput", env=env)
        return True

    def ready_for_touch(self, timeout):
        return wait_until(lambda: self.device_name in subprocess.run(["xinput", "list"], env=self.env,
                                                                      capture_output=True, text=True).stdout,
                          timeout, 0.5)

    def stop(self):
        super().stop()
        self.server.stop()


def weston_major():
    """weston's major version (10 on Debian 12, 14 on Debian 13), 0 when it cannot be read."""
    try:
        out = subprocess.run(["weston", "--version"], capture_output=True, text=True, timeout=20).stdout
        return int(re.search(r"(\d+)\.", out).group(1))
    except (OSError, subprocess.SubprocessError, AttributeError, ValueError):
        return 0


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
        # weston 10 (Debian 12) takes --use-pixman and starts as root through its direct launcher;
        # weston 14 (Debian 13) takes --renderer=pixman and has only libseat (seatd) to get the seat.
        if weston_major() >= 12:
            argv = ["weston", "--backend=drm", "--renderer=pixman", "--shell=kiosk", "--socket=wayland-1"]
            env.update(LIBSEAT_BACKEND="seatd")
        else:
            argv = ["weston", "--backend=drm-backend.so", "--use-pixman", "--shell=kiosk-shell.so", "--socket=wayland-1",
                    "--tty=1"]
        self.server = Lines(argv, "weston", env=env)
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


def chromium_started(stack, launch):
    """Starts Chromium (`launch` returns its Lines) and waits for the page's ready line. Chromium's
    first start in a fresh machine under emulation can lose its page: its child processes end
    "after 15 seconds with no connection" and it shows its own new-tab page (seen on Debian 13 in
    cage 0.2 and labwc, four runs of four, and on Debian 12 on Xorg in both boots of 2026-11-29; the next
    start loaded the page, with no such line). Seen, that line starts it again at once."""
    lost = r"Terminating current process after 15 seconds with no connection"
    for attempt in (1, 2):
        stack.client = launch()
        line = stack.client.wait(stack.ready + "|" + lost, 240)
        if line is not None and re.search(stack.ready, line):
            return True
        if attempt == 1:
            print(f"  {stack.name}: Chromium lost its page ({'a child process ended' if line else 'not ready in 240 s'}); "
                  "starting it again", flush=True)
            stack.client.stop()
    return False


class ChromiumXStack(XStack):
    """Chromium in kiosk mode on Xorg (xf86-input-libinput); the page logs what it receives."""
    parse = staticmethod(parse_page)
    key_code = "F10"
    page, ready = PAGE, r"gk-page ready"

    def start(self):
        if not super().start():
            return False
        self.client.stop()   # xinput's log was only the readiness probe of XStack
        home = "/run/gk-vm/chromium-x"
        os.makedirs(home, exist_ok=True)
        return chromium_started(self, lambda: Lines(["chromium", *CHROMIUM_FLAGS, "--user-data-dir=" + home + "/profile",
                                                     self.page], self.name, env=dict(self.env, HOME=home)))


class ChromiumCageStack(WlrootsStack):
    """Chromium on Wayland in cage (0.1.4 on Debian 12, 0.2.0 on Debian 13), as an ordinary user."""
    parse = staticmethod(parse_page)
    key_code = "F10"
    page, ready = PAGE, r"gk-page ready"

    def compositor(self, command):
        return ["cage", "--", *command]

    def start(self):
        runtime, env = self.session()
        chromium = ["chromium", *CHROMIUM_FLAGS, "--ozone-platform=wayland", "--user-data-dir=" + runtime + "/chromium",
                    self.page]
        return chromium_started(self, lambda: Lines(self.compositor(chromium), self.name, env=env, user=USER))

    def ready_for_touch(self, timeout):
        return True   # first_touch() then tells whether touches arrive at all


class ChromiumLabwcStack(ChromiumCageStack):
    """Chromium on Wayland in labwc (Raspberry Pi OS's compositor; 0.8.3 on Debian 13), started by
    `labwc -s`, as an ordinary user."""

    def compositor(self, command):
        return ["labwc", "-s", " ".join(shlex.quote(word) for word in command)]


class ChromiumWestonStack(WestonStack):
    """Chromium on Wayland in weston 10's kiosk shell (root, as weston there)."""
    parse = staticmethod(parse_page)
    key_code = "F10"
    page, ready = PAGE, r"gk-page ready"

    def start(self):
        if not super().start():
            return False
        self.client.stop()   # wev was only WestonStack's readiness probe
        runtime = "/run/gk-vm/weston"
        return chromium_started(self, lambda: Lines(["chromium", *CHROMIUM_FLAGS, "--ozone-platform=wayland",
                                                     "--user-data-dir=" + runtime + "/chromium", self.page], self.name,
                                                    env=dict(os.environ, XDG_RUNTIME_DIR=runtime,
                                                             WAYLAND_DISPLAY="wayland-1", HOME=runtime)))

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
               "chromium-x": ChromiumXStack, "chromium-cage": ChromiumCageStack, "chromium-labwc": ChromiumLabwcStack,
               "qt-evdevtouch": QtStack,
               "qt-libinput": QtStack, "weston": WestonStack, "chromium-weston": ChromiumWestonStack}


# ---- the scenarios ----
