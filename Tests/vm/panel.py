"""The touchscreens the real-kernel tests make with uinput (python-libevdev), shared by
Tests/vm/guest.py, Tests/vm/systemd_guest.py and Tests/daemon/uinput_cancel.py."""
import gc
import select
import threading
import time

try:
    import libevdev
except ImportError:   # python-libevdev is pure Python (ctypes): Debian's package serves any python3
    import sys
    sys.path.append("/usr/lib/python3/dist-packages")
    import libevdev


# The system gesture both VM tests configure: a double tap in the top-right corner (a zone, so the
# app never has its touches) that presses F10. Callers append more actions and sections.
CORNER_DOUBLE_TAP = """
[zone corner]
rect = 0.9 0 0.1 0.15

[gesture corner-double]
zone = corner
kind = tap
number_of_taps_required = 2
action = key KEY_F10
"""


def make_touchscreen(name, width=800, height=480, resolution=10, slots=10, semi_mt=False):
    """A protocol-B touchscreen (INPUT_PROP_DIRECT, or INPUT_PROP_SEMI_MT for a pad the daemon must
    refuse) whose units are points; returns the python-libevdev device (its .devnode is the node)."""
    d = libevdev.Device()
    d.name = name
    d.id = {"bustype": 0x18, "vendor": 0x1234, "product": 0x5678}
    d.enable(libevdev.INPUT_PROP_SEMI_MT if semi_mt else libevdev.INPUT_PROP_DIRECT)
    d.enable(libevdev.EV_KEY.BTN_TOUCH)
    for code in (libevdev.EV_ABS.ABS_X, libevdev.EV_ABS.ABS_MT_POSITION_X):
        d.enable(code, libevdev.InputAbsInfo(minimum=0, maximum=width - 1, resolution=resolution))
    for code in (libevdev.EV_ABS.ABS_Y, libevdev.EV_ABS.ABS_MT_POSITION_Y):
        d.enable(code, libevdev.InputAbsInfo(minimum=0, maximum=height - 1, resolution=resolution))
    d.enable(libevdev.EV_ABS.ABS_MT_SLOT, libevdev.InputAbsInfo(minimum=0, maximum=slots - 1))
    d.enable(libevdev.EV_ABS.ABS_MT_TRACKING_ID, libevdev.InputAbsInfo(minimum=0, maximum=65535))
    return d.create_uinput_device()


def unplug(device):
    """Destroys the uinput device now, not when Python collects it."""
    device._uinput = None   # python-libevdev destroys the uinput device when this goes
    gc.collect()


class NodeTimes:
    """The kernel's times of the events on an event node that `wanted(event)` picks, read in a
    thread beside the client (without a grab, so the client reads the same events). The thread
    sleeps in select() until the node has events (a polling loop, under emulation, took enough
    of the machine to make the fingers' writes late), and stops at close()."""

    def __init__(self, node, wanted):
        self.times = []
        self.wanted = wanted
        self.stopped = False
        self.file = open(node, "rb")
        device = libevdev.Device(self.file)
        self.thread = threading.Thread(target=self._read, args=(device,), daemon=True)
        self.thread.start()

    def _read(self, device):
        try:
            while not self.stopped:
                if not select.select([self.file], [], [], 0.2)[0]:
                    continue
                for event in device.events():
                    if self.wanted(event):
                        self.times.append(event.sec + event.usec / 1e6)
        except (OSError, ValueError):
            pass

    def close(self):
        self.stopped = True
        self.thread.join(2)
        self.file.close()


def wait_until(check, timeout, step=0.05):
    """check()'s first true value within `timeout` seconds, else its last value."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(step)
    return check()
