"""Custom recognizers by subclassing, the view veto and the decision log, from Python."""
from __future__ import annotations

import math

import pytest

import gesturekit as gk


@pytest.fixture
def scene():
    with gk.Engine(400, 800) as engine:
        v = engine.root.add_view((100, 100, 200, 200))
        yield engine, v


def down(i, x, y):
    return gk.Touch(i, gk.Phase.BEGAN, x, y)


def move(i, x, y):
    return gk.Touch(i, gk.Phase.MOVED, x, y)


def up(i, x=math.nan, y=math.nan):
    return gk.Touch(i, gk.Phase.ENDED, x, y)


class CheckMarkish(gk.CustomRecognizer):
    """A toy custom gesture: one finger that goes down-right then up-right, recognized at lift."""

    def __init__(self, *args, **kw):
        self.points = []
        super().__init__(*args, **kw)

    def touches_began(self, touches, timestamp):
        if len(self.touches) > 1:
            self.state = gk.State.FAILED
        self.points = [touches[0].location]

    def touches_moved(self, touches, timestamp):
        self.points.append(touches[0].location)

    def touches_ended(self, touches, timestamp):
        ys = [p[1] for p in self.points]
        low = ys.index(max(ys))
        ok = 0 < low < len(ys) - 1 and all(b[0] > a[0] for a, b in zip(self.points, self.points[1:]))
        self.state = gk.State.RECOGNIZED if ok else gk.State.FAILED

    def reset(self):
        self.points = []


def test_subclass_hooks_drive_a_custom_gesture(scene):
    engine, v = scene
    check = CheckMarkish(engine, v)
    fired = []
    check.add_target(lambda a: fired.append((a.state, a.kind)))
    engine.feed(0, [down(1, 120, 150)])
    engine.feed(0.05, [move(1, 140, 170)])
    engine.feed(0.1, [move(1, 180, 120)])
    engine.feed(0.15, [up(1, 180, 120)])
    assert fired == [(gk.State.ENDED, gk.Kind.CUSTOM)]
    assert check.points == []   # reset() ran
    # A straight stroke is not a check mark.
    engine.feed(1, [down(2, 120, 150)])
    engine.feed(1.05, [move(2, 150, 150)])
    engine.feed(1.1, [up(2, 180, 150)])
    assert len(fired) == 1


def test_continuous_custom_recognizer_and_coercion(scene):
    engine, v = scene

    class Eager(gk.CustomRecognizer):
        continuous = True

        def touches_began(self, touches, timestamp):
            self.state = gk.State.CHANGED      # coerced to began (rule 14)

        def touches_moved(self, touches, timestamp):
            self.state = gk.State.CHANGED

        def touches_ended(self, touches, timestamp):
            self.state = gk.State.ENDED

    eager = Eager(engine, v)
    states = []
    eager.add_target(lambda a: states.append(a.state))
    engine.feed(0, [down(1, 150, 150)])
    engine.feed(0.05, [move(1, 160, 150)])
    engine.feed(0.1, [up(1)])
    assert states == [gk.State.BEGAN, gk.State.CHANGED, gk.State.ENDED]


def test_exception_in_a_hook_is_raised_by_the_feed(scene):
    engine, v = scene

    class Broken(gk.CustomRecognizer):
        def touches_began(self, touches, timestamp):
            raise ValueError("bug in my recognizer")

    Broken(engine, v)
    with pytest.raises(ValueError):
        engine.feed(0, [down(1, 150, 150)])
    engine.feed(0.1, [up(1)])   # the engine is still fine


def test_prevention_hooks_and_ignore(scene):
    engine, v = scene

    class Shy(gk.CustomRecognizer):
        def touches_began(self, touches, timestamp):
            for t in touches:
                self.ignore(t)

        def can_be_prevented(self, other):
            return False

    shy = Shy(engine, v)
    tap = engine.tap(v)
    got = []
    tap.add_target(lambda a: got.append(a.state))
    engine.feed(0, [down(1, 150, 150)])
    assert shy.number_of_touches == 0
    engine.feed(0.05, [up(1)])
    assert got == [gk.State.ENDED]


def test_view_veto_keeps_the_buttons_tap(scene):
    engine, v = scene
    outer = engine.tap(engine.root)
    outer.name = "outer"
    fired = []
    outer.add_target(lambda a: fired.append("outer"))
    v.set_should_begin(lambda view, rec: rec.view == view)
    engine.feed(0, [down(1, 150, 150)])
    engine.feed(0.05, [up(1)])
    assert fired == []
    assert [d.phase for d in engine.deliveries()] == [gk.Phase.BEGAN, gk.Phase.ENDED]
    v.set_should_begin(None)
    engine.feed(1, [down(2, 150, 150)])
    engine.feed(1.05, [up(2)])
    assert fired == ["outer"]


def test_decision_log_explains_why_the_single_tap_was_late_and_why_a_tap_lost(scene):
    engine, v = scene
    single, double = engine.tap(v), engine.tap(v, number_of_taps_required=2)
    single.name, double.name = "single", "double"
    single.require_to_fail(double)
    engine.enable_decision_log()
    engine.feed(0, [down(1, 150, 150)])
    engine.feed(0.08, [up(1)])
    engine.advance(1)
    text = engine.explain()
    assert "0.080  single waits for double to fail" in text
    assert "0.430  double asks possible -> failed (timer)" in text
    assert "0.430  single released: double, which it waited for, failed" in text

    pan = engine.pan(engine.root)
    pan.name = "pan"
    engine.feed(2, [down(2, 150, 150)])
    engine.feed(2.05, [move(2, 175, 150)])
    entries = list(engine.decisions())
    lost = [d for d in entries if d.event == gk.DecisionEvent.PREVENTED_BY and d.recognizer is single]
    assert lost and lost[0].other is pan
    assert "single failed: prevented by pan, which recognized first" in str(lost[0])


def test_view_touch_callback_matches_the_delivery_queue(scene):
    engine, v = scene
    engine.tap(v)
    seen = []
    v.on_touches(lambda d: seen.append((d.phase, d.touch_id)))
    engine.feed(0, [down(1, 150, 150)])
    engine.feed(0.05, [up(1)])
    queued = [(d.phase, d.touch_id) for d in engine.deliveries()]
    assert seen == queued == [(gk.Phase.BEGAN, 1), (gk.Phase.CANCELLED, 1)]
    v.on_touches(None)
    engine.feed(1, [down(2, 150, 150)])
    assert len(seen) == 2


def test_requirement_delegate_is_asked_once_per_attempt(scene):
    engine, v = scene
    single, double = engine.tap(v), engine.tap(v, number_of_taps_required=2)
    asked = []

    def requires(r, other):
        asked.append(other is double)
        return other is double
    single.set_delegate(should_require_failure_of=requires)
    fired = []
    single.add_target(lambda a: fired.append(a.timestamp))
    engine.feed(0, [down(1, 150, 150)])
    engine.feed(0.08, [up(1)])
    engine.advance(0.2)
    engine.advance(1)
    assert fired == [pytest.approx(0.43)]
    assert asked.count(True) == 1     # held over several passes, asked once


def test_flight_recorder_replays_a_misfire_exactly():
    def scene(engine):
        v = engine.root.add_view((100, 100, 200, 200))
        single, double = engine.tap(v), engine.tap(v, number_of_taps_required=2)
        single.require_to_fail(double)
        engine.pan(v)
        return v

    with gk.Engine(400, 800) as live:
        scene(live)
        live.enable_flight_recorder(1000)
        live.feed(0, [down(1, 150, 150)])
        live.feed(0.08, [up(1)])
        live.advance(0.2)
        live.feed(1, [down(2, 150, 150)])
        live.feed(1.05, [move(2, 180, 150)])
        live.cancel_all_touches(1.1)
        live.advance(2)
        seen = [(a.timestamp, a.kind, a.state) for a in live.actions()]
        recorded = live.flight_recorder()
    assert [r[0] for r in recorded] == ["frame", "frame", "advance", "frame", "frame", "cancel", "advance"]
    with gk.Engine(400, 800) as again:
        scene(again)
        for entry in recorded:
            if entry[0] == "frame":
                again.feed(entry[1], entry[2])
            elif entry[0] == "advance":
                again.advance(entry[1])
            elif entry[0] == "cancel":
                again.cancel_all_touches(entry[1])
        assert [(a.timestamp, a.kind, a.state) for a in again.actions()] == seen


def test_several_delegate_questions_each_call_their_own_function(scene):
    engine, v = scene
    tap, pan = engine.tap(v), engine.pan(v)
    asked = []
    tap.set_delegate(should_begin=lambda r: asked.append("begin") or True,
                     should_receive=lambda r, tid, loc: asked.append("receive") or True,
                     should_recognize_simultaneously=lambda r, o: asked.append("simultaneous") or False)
    engine.feed(0, [down(1, 150, 150)])
    engine.feed(0.05, [up(1)])
    assert asked == ["receive", "begin"]


def test_a_custom_state_must_be_a_state_and_a_touch_id_an_integer(scene):
    engine, v = scene
    errors = []

    class Strict(gk.CustomRecognizer):
        def touches_began(self, touches, timestamp):
            for wrong in (2, 2.0, "ended"):
                try:
                    self.state = wrong
                except TypeError:
                    errors.append(type(wrong).__name__)
            for wrong in (1.0, "1"):
                try:
                    self.ignore(wrong)
                except TypeError:
                    errors.append("ignore " + type(wrong).__name__)

    Strict(engine, v)
    engine.feed(0, [down(1, 150, 150)])
    assert errors == ["int", "float", "str", "ignore float", "ignore str"]
