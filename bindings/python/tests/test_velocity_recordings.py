"""The pan's default velocity estimator (spec 7a) against real recorded flings.

The strokes and their reference velocities are in ../shared/data-samples/velocity/ (Flutter's and
AOSP's velocity-tracker tests; see that folder's README). Each stroke is fed through the C ABI to a
pan recognizer on the root view, with its real timestamps, and the velocity of the pan's `ended`
action is compared with the reference.

Tolerance, from that README (section 3): an engine whose estimator differs from the references'
(other horizon, weighting, resampling) is judged against the sign and a band of +-25 %. Here each
checked component must have the reference's sign and lie within 25 % of the reference speed
(the length of the reference vector) of the reference component; components the references do
not check (AOSP x on some flings) are not checked.
"""
from __future__ import annotations

import csv
import math
from collections import defaultdict
from pathlib import Path

import pytest

import gesturekit as gk

DATA = Path(__file__).resolve().parents[3] / ".." / "shared" / "data-samples" / "velocity"
BAND = 0.25

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"recordings not found at {DATA}")


def _rows(name):
    with open(DATA / name, newline="") as f:
        return list(csv.DictReader(f))


def flutter_strokes():
    """stroke id -> list of frames (t seconds, [Touch])."""
    strokes = defaultdict(list)
    if not DATA.is_dir():
        return {}
    for r in _rows("flutter_events.csv"):
        strokes[r["stroke_id"]].append(r)
    out = {}
    for sid, rows in strokes.items():
        t0 = int(rows[0]["t_ms"])
        phase = {"down": gk.Phase.BEGAN, "move": gk.Phase.MOVED, "up": gk.Phase.ENDED}
        out[sid] = [((int(r["t_ms"]) - t0) / 1000.0,
                     [gk.Touch(1, phase[r["event"]], float(r["x"]), float(r["y"]))]) for r in rows]
    return out


def aosp_strokes():
    rows_by = defaultdict(lambda: defaultdict(list))
    if not DATA.is_dir():
        return {}
    for r in _rows("aosp_events.csv"):
        rows_by[r["stroke_id"]][int(r["sample"])].append(r)
    out = {}
    for sid, samples in rows_by.items():
        t0 = None
        frames = []
        down = set()
        for k in sorted(samples):
            rows = samples[k]
            t_ns = int(rows[0]["t_ns"])
            t0 = t_ns if t0 is None else t0
            action, who = rows[0]["action"], rows[0]["action_pointer"]
            touches = []
            for r in rows:
                pid = int(r["pointer_id"])
                x, y = float(r["x"]), float(r["y"])
                if action in ("DOWN", "POINTER_DOWN") and str(pid) == who:
                    touches.append(gk.Touch(pid + 1, gk.Phase.BEGAN, x, y))
                    down.add(pid)
                elif action in ("UP", "POINTER_UP") and str(pid) == who:
                    touches.append(gk.Touch(pid + 1, gk.Phase.ENDED, x, y))
                    down.discard(pid)
                elif pid in down:
                    touches.append(gk.Touch(pid + 1, gk.Phase.MOVED, x, y))
            frames.append(((t_ns - t0) / 1e9, touches))
        out[sid] = frames
    return out


def expected_flutter():
    if not DATA.is_dir():
        return {}
    return {r["stroke_id"]: {"x": float(r["vx_px_per_s"]), "y": float(r["vy_px_per_s"])}
            for r in _rows("flutter_expected.csv")}


def expected_aosp():
    """stroke id -> {axis: value} for LSQ2 (the least-squares reference), or None for 'no velocity'."""
    out = {}
    if not DATA.is_dir():
        return out
    for r in _rows("aosp_expected.csv"):
        if r["expect_no_velocity"] == "1":
            out[r["stroke_id"]] = None
        elif r["strategy"] == "LSQ2":
            out.setdefault(r["stroke_id"], {})[r["axis"]] = float(r["expected_px_per_s"])
    # Swordfish is checked with IMPULSE only in the source; use its y reference (exact for the
    # current formula, README section 2).
    for r in _rows("aosp_expected.csv"):
        if r["stroke_id"] == "aosp-swordfish-down-1" and r["strategy"] == "IMPULSE" and r["axis"] == "y":
            out[r["stroke_id"]] = {"y": float(r["expected_px_per_s"])}
    return out


FLUTTER, AOSP = flutter_strokes(), aosp_strokes()
EXPECTED = {**expected_flutter(), **expected_aosp()}


def pan_velocity_at_end(frames, mode=gk.VelocityMode.LEAST_SQUARES):
    """Feeds a stroke to a pan on the root; returns the ended action's velocity, or None."""
    with gk.Engine(4000, 4000, max_touches=10) as engine:
        pan = engine.pan(engine.root, velocity_mode=mode)
        ended = []
        pan.add_target(lambda a: ended.append(a.velocity) if a.state == gk.State.ENDED else None)
        for t, touches in frames:
            engine.feed(t, touches)
        return ended[-1] if ended else None


def net_motion(frames, window=0.1):
    """Newest minus oldest move sample within `window` s of the newest (spec 7a's window)."""
    moves = [(t, ts[0]) for t, ts in frames if ts and ts[0].phase == gk.Phase.MOVED]
    t_new, newest = moves[-1]
    oldest = next(p for t, p in moves if t_new - t <= window)
    return (newest.x - oldest.x, newest.y - oldest.y)


def check(stroke_id, v, frames):
    want = EXPECTED[stroke_id]
    if want is None:
        assert v is None or v == (0.0, 0.0), f"{stroke_id}: expected no velocity, got {v}"
        return
    assert v is not None, f"{stroke_id}: the pan never ended"
    net = net_motion(frames)
    if len(want) == 2 and want["x"] * net[0] + want["y"] * net[1] < 0:
        # The reference fit points against the stroke's own motion (a decelerating finger whose
        # quadratic overshoots): spec 7a drops such an estimate on purpose and reports zero.
        assert v == (0.0, 0.0), f"{stroke_id}: an estimate against the net motion {net} must be dropped, got {v}"
        return
    speed = math.hypot(*want.values()) if len(want) == 2 else abs(next(iter(want.values())))
    got = {"x": v[0], "y": v[1]}
    for axis, e in want.items():
        assert abs(got[axis] - e) <= BAND * speed, f"{stroke_id} {axis}: got {got[axis]:.1f}, reference {e:.1f}"
        if abs(e) > BAND * speed:
            assert math.copysign(1, got[axis]) == math.copysign(1, e), f"{stroke_id} {axis}: wrong sign"


@pytest.mark.parametrize("stroke_id", sorted(FLUTTER))
def test_flutter_recorded_fling_velocity_within_band(stroke_id):
    check(stroke_id, pan_velocity_at_end(FLUTTER[stroke_id]), FLUTTER[stroke_id])


@pytest.mark.parametrize("stroke_id", sorted(AOSP))
def test_aosp_recorded_fling_velocity_within_band(stroke_id):
    check(stroke_id, pan_velocity_at_end(AOSP[stroke_id]), AOSP[stroke_id])


def test_every_recorded_stroke_is_checked():
    assert len(FLUTTER) == 14 and len(AOSP) == 20
    assert set(FLUTTER) | set(AOSP) <= set(EXPECTED)


def test_the_median_error_on_each_axis_is_under_five_percent():
    """Issue 53, item 7: across the recorded strokes, the median relative error of each component
    the references check is at most 5 % (it was 3.4 % on x and 5.4 % on y while the touch-down
    was not a sample; Android's and Flutter's trackers take it as the first one)."""
    errors = {"x": [], "y": []}
    for stroke_id, frames in {**FLUTTER, **AOSP}.items():
        want = EXPECTED.get(stroke_id)
        v = pan_velocity_at_end(frames)
        if not want or v is None or v == (0.0, 0.0):
            continue   # no reference velocity, or dropped on purpose (see check())
        for axis, e in want.items():
            if e:
                errors[axis].append(abs({"x": v[0], "y": v[1]}[axis] - e) / abs(e))
    for axis, values in errors.items():
        values.sort()
        median = values[len(values) // 2] if len(values) % 2 else (values[len(values) // 2 - 1] + values[len(values) // 2]) / 2
        assert len(values) >= 20 and median <= 0.05, f"{axis}: median error {median:.1%} over {len(values)} strokes"


def _hold_then_lift(pause):
    """A 600 pt/s drag along x (moves every 1/60 s), then a pause of `pause` s before lifting."""
    frames = [(0.0, [gk.Touch(1, gk.Phase.BEGAN, 100, 100)])]
    t, x = 0.0, 100.0
    for _ in range(12):
        t += 1 / 60
        x += 10
        frames.append((t, [gk.Touch(1, gk.Phase.MOVED, x, 100)]))
    frames.append((t + pause, [gk.Touch(1, gk.Phase.ENDED, x, 100)]))
    return frames


def test_pause_before_lift_gives_zero_by_default_and_stale_velocity_in_uikit_mode():
    # Lifting right away: both estimators report the drag's 600 pt/s.
    quick = _hold_then_lift(1 / 60)
    assert pan_velocity_at_end(quick, gk.VelocityMode.LEAST_SQUARES)[0] == pytest.approx(600, rel=0.05)
    assert pan_velocity_at_end(quick, gk.VelocityMode.UIKIT_COMPATIBLE)[0] == pytest.approx(600, rel=0.05)
    # A 200 ms pause before lifting: the default estimator says the finger stopped (spec 7a);
    # the UIKit-compatible mode keeps the stale value of the last movement (rule 83).
    paused = _hold_then_lift(0.2)
    assert pan_velocity_at_end(paused, gk.VelocityMode.LEAST_SQUARES) == (0.0, 0.0)
    assert pan_velocity_at_end(paused, gk.VelocityMode.UIKIT_COMPATIBLE)[0] == pytest.approx(600, rel=0.05)
