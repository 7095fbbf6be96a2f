"""gesturekit.evdev: recordings read and fed to an engine in C (libgesturekit-pump). The touches a
pumped recording gives are the ones Python would feed; batches do not change them; targets run and
their errors surface; bad arguments, odd files and closed objects are refused with a reason."""
from __future__ import annotations

import math
import os
import tempfile

import pytest

import gesturekit as gk
from gesturekit import _loader
from gesturekit.evdev import Device, PumpStats, Recording

HEADER = """# EVEMU 1.3
N: test panel
I: 0003 0000 0000 0000
P: 02 00 00 00 00 00 00 00
A: 00 0 8000 0 0 0
A: 01 0 4800 0 0 0
A: 2f 0 9 0 0 0
A: 35 0 8000 0 0 0
A: 36 0 4800 0 0 0
A: 39 0 65535 0 0 0
"""

# (seconds, [(slot, "down"|"move"|"up", x, y)]) in points; the panel has ten units per point.
GESTURES = [
    (1.00, [(0, "down", 100, 100)]), (1.05, [(0, "up", 100, 100)]),                       # a tap
    (2.00, [(0, "down", 300, 200)]), (2.02, [(0, "move", 310, 200)]),                     # a pan
    (2.04, [(0, "move", 330, 205)]), (2.06, [(0, "move", 360, 210)]), (2.08, [(0, "up", 360, 210)]),
    (3.00, [(0, "down", 500, 300), (1, "down", 600, 300)]),                               # a pinch
    (3.02, [(0, "move", 490, 300), (1, "move", 610, 300)]),
    (3.04, [(0, "move", 470, 300), (1, "move", 630, 300)]),
    (3.06, [(0, "up", 470, 300), (1, "up", 630, 300)]),
]


def evemu(frames):
    lines, next_id = [HEADER], 0
    for t, touches in frames:
        stamp = f"{int(t)}.{round((t - int(t)) * 1e6):06d}"
        for slot, phase, x, y in touches:
            lines.append(f"E: {stamp} 0003 002f {slot}\n")
            if phase == "down":
                lines.append(f"E: {stamp} 0003 0039 {next_id}\n")
                next_id += 1
            lines.append(f"E: {stamp} 0003 0035 {x * 10}\nE: {stamp} 0003 0036 {y * 10}\n")
            if phase == "up":
                lines.append(f"E: {stamp} 0003 0039 -1\n")
        lines.append(f"E: {stamp} 0000 0000 0\n")
    return "".join(lines)


@pytest.fixture
def recording(tmp_path):
    path = tmp_path / "gestures.events"
    path.write_text(evemu(GESTURES))
    return str(path)


def scene():
    engine = gk.Engine(800, 480)
    view = engine.root.add_view((0, 0, 800, 480), multiple_touch=True)
    for kind in (gk.Kind.TAP, gk.Kind.PAN, gk.Kind.PINCH):
        engine.recognizer(kind, view)
    return engine


def summary(actions):
    return [(a.kind, a.state, round(a.location[0], 6), round(a.location[1], 6), a.number_of_touches,
             round(a.timestamp, 6)) for a in actions]


def fed_from_python():
    """The same gestures fed by Python, at the times the pump gives them (0 at the first event)."""
    engine = scene()
    ids, next_id, out = {}, 1, []
    phases = {"down": gk.Phase.BEGAN, "move": gk.Phase.MOVED, "up": gk.Phase.ENDED}
    for t, touches in GESTURES:
        frame = []
        for slot, phase, x, y in touches:
            if phase == "down":
                ids[slot], next_id = next_id, next_id + 1
            frame.append(gk.Touch(ids[slot], phases[phase], float(x), float(y)))
        engine.feed(t - GESTURES[0][0], frame)
        out += engine.actions()
    result = summary(out)
    engine.close()
    return result


def pumped(path, batch):
    engine = scene()
    out = []
    with Recording(path, width=800, height=480) as rec:
        while rec.pump(engine, batch):
            out += engine.actions()
        stats = rec.stats
    result = summary(out)
    engine.close()
    return result, stats


@pytest.mark.parametrize("batch", [1, 3, 1000])
def test_a_pumped_recording_gives_the_actions_of_the_same_touches_fed_from_python(recording, batch):
    want = fed_from_python()
    kinds = {k for k, *_ in want}
    assert {gk.Kind.TAP, gk.Kind.PAN, gk.Kind.PINCH} <= kinds
    got, stats = pumped(recording, batch)
    assert got == want
    assert isinstance(stats, PumpStats)
    assert stats.frames == len(GESTURES) and stats.touches == sum(len(ts) for _, ts in GESTURES)
    assert stats.remaining == 0 and stats.refused == 0 and stats.last_refusal == gk.Status.OK
    assert math.isclose(stats.time, GESTURES[-1][0] - GESTURES[0][0])


def test_the_clock_is_the_time_of_the_last_event_read(recording):
    engine = scene()
    with Recording(recording) as rec:
        assert rec.now == 0 and rec.stats.frames == 0 and rec.stats.remaining > 0
        assert rec.pump(engine, 3) == 3
        assert math.isclose(rec.now, 1.0) and math.isclose(engine.now, rec.now)
        assert rec.stats.frames == 3
    engine.close()


def test_targets_run_inside_the_pump_and_their_errors_surface(recording):
    engine = gk.Engine(800, 480)
    tap = engine.tap(engine.root)
    seen = []

    def target(action):
        seen.append(action.state)
        raise RuntimeError("from the target")

    tap.add_target(target)
    with Recording(recording) as rec:
        with pytest.raises(RuntimeError, match="from the target"):
            while rec.pump(engine, 100):
                pass
    assert seen == [gk.State.ENDED]
    engine.close()


def test_running_the_pump_from_a_target_is_refused(recording):
    engine = gk.Engine(800, 480)
    tap = engine.tap(engine.root)
    other = Recording(recording)
    answers = []

    def target(action):
        with pytest.raises(gk.GestureKitError) as err:
            other.pump(engine, 10)
        answers.append(err.value.status)

    tap.add_target(target)
    with Recording(recording) as rec:
        while rec.pump(engine, 100):
            pass
    assert answers == [gk.Status.BUSY]
    assert other.stats.frames == 0   # nothing read and lost
    other.close()
    engine.close()


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "3", None, 2 ** 64])
def test_a_batch_must_be_a_positive_int(recording, bad):
    engine = scene()
    with Recording(recording) as rec:
        with pytest.raises(ValueError, match="max_frames"):
            rec.pump(engine, bad)
        assert rec.stats.frames == 0
    engine.close()


@pytest.mark.parametrize("options, words", [
    ({"rotation": 45}, "rotation"), ({"width": 0}, "screen size"), ({"height": float("nan")}, "screen size"),
    ({"width": float("inf")}, "screen size")])
def test_bad_options_are_refused_with_a_reason(recording, options, words):
    with pytest.raises(gk.GestureKitError) as err:
        Recording(recording, **options)
    assert err.value.status == gk.Status.INVALID_ARGUMENT
    assert words in str(err.value)


@pytest.mark.parametrize("options, error", [
    ({"rotation": 2 ** 40}, ValueError), ({"rotation": 90.0}, TypeError), ({"width": "800"}, TypeError),
    ({"height": b"480"}, TypeError), ({"flip_x": "no"}, TypeError), ({"absolute_time": 2}, TypeError)])
def test_options_of_the_wrong_kind_or_beyond_the_c_type_are_refused_before_the_library(recording, options, error):
    with pytest.raises(error):
        Recording(recording, **options)


def test_closing_a_recording_from_a_target_while_it_pumps_is_refused_and_the_pump_goes_on(recording):
    engine = gk.Engine(800, 480)
    tap = engine.recognizer(gk.Kind.TAP, engine.root)
    rec = Recording(recording)
    refused = []

    def target(action):
        with pytest.raises(gk.GestureKitError) as err:
            rec.close()
        refused.append(err.value.status)

    tap.add_target(target)
    while rec.pump(engine, 64):
        pass
    assert refused and set(refused) == {gk.Status.BUSY}
    assert rec.stats.remaining == 0   # the pump went on to the end
    rec.close()
    engine.close()


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "panel.events"
    os.mkfifo(fifo)
    with pytest.raises(gk.GestureKitError) as err:
        Recording(str(fifo))
    assert err.value.status == gk.Status.INVALID_ARGUMENT and "a FIFO, not a regular file" in str(err.value)


def test_files_that_are_not_recordings_are_refused_with_a_reason(tmp_path):
    with pytest.raises(gk.GestureKitError) as err:
        Recording(str(tmp_path / "missing.events"))
    assert err.value.status == gk.Status.INVALID_ARGUMENT and "missing.events" in str(err.value)
    junk = tmp_path / "junk.events"
    junk.write_text("not a recording\n")
    with pytest.raises(gk.GestureKitError) as err:
        Recording(str(junk))
    assert err.value.status == gk.Status.INVALID_ARGUMENT


def test_closed_pumps_and_engines_are_refused(recording):
    engine = scene()
    rec = Recording(recording)
    rec.close()
    rec.close()   # twice is allowed
    with pytest.raises(gk.GestureKitError) as err:
        rec.pump(engine, 1)
    assert err.value.status == gk.Status.STALE_HANDLE
    with pytest.raises(gk.GestureKitError):
        rec.stats
    engine.close()
    with Recording(recording) as live:
        with pytest.raises(gk.GestureKitError) as err:
            live.pump(engine, 1)
        assert err.value.status == gk.Status.STALE_HANDLE


def test_a_path_that_is_not_a_touch_device_is_refused():
    with pytest.raises(gk.GestureKitError) as err:
        Device("/dev/null")
    assert err.value.status in (gk.Status.INVALID_ARGUMENT, gk.Status.UNSUPPORTED)
    assert "/dev/null" in str(err.value) or "libevdev" in str(err.value)


@pytest.mark.parametrize("bad", [-1, True, "1", 1e9])
def test_a_device_timeout_is_checked_before_anything_runs(bad):
    # The check comes first, so it can be tested without a device: an unopened Device's pump.
    dev = Device.__new__(Device)
    dev._handle = None
    with pytest.raises(ValueError, match="timeout"):
        dev.pump(None, bad)


def test_the_pump_library_is_found_beside_the_core_library_or_named(tmp_path):
    core = gk.library_path()
    lib, path = _loader.load_pump(core, environ={})
    assert os.path.basename(path).startswith("libgesturekit-pump.so")
    with pytest.raises(gk.LibraryNotFoundError, match="GESTUREKIT_PUMP_LIBRARY"):
        _loader.load_pump(core, environ={"GESTUREKIT_PUMP_LIBRARY": str(tmp_path / "nothing.so")})
    with pytest.raises(gk.LibraryNotFoundError, match=r"apt install \./build/packages/libgesturekit-pump0_"):
        _loader.load_pump(str(tmp_path / "libgesturekit.so.0"), environ={}, system_name="libno-such-pump.so.0")


def test_a_device_that_is_missing_or_not_readable_raises_what_python_code_expects_with_the_fix(tmp_path):
    """Issue 69: both were GestureKitError("...: invalid argument") naming no cause."""
    with pytest.raises(FileNotFoundError) as missing:
        gk.evdev.Device(str(tmp_path / "event99"))
    assert "gesturekit record" in str(missing.value) and missing.value.filename.endswith("event99")
    # A device the user may not read: a root-owned file of mode 0600 in /tmp, opened as nobody.
    fd, locked = tempfile.mkstemp(prefix="gk-event", dir="/tmp")
    os.close(fd)
    os.chmod(locked, 0o600)
    try:
        if os.geteuid() == 0:
            os.seteuid(65534)
        if os.access(locked, os.R_OK, effective_ids=os.access in os.supports_effective_ids):
            pytest.skip("this user may read every file")
        with pytest.raises(PermissionError, match="group that owns it .usually input"):
            gk.evdev.Device(locked)
    finally:
        if os.getuid() == 0:
            os.seteuid(0)
        os.unlink(locked)
