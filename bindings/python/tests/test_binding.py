"""pytest for the Python binding: the pythonic API over libgesturekit."""
import math

import pytest

import gesturekit as gk
from gesturekit._session import session_of


@pytest.fixture
def scene():
    engine = gk.Engine(400, 800, log_transitions=True)
    v = engine.root.add_view((100, 100, 200, 200))
    yield engine, v
    engine.close()


def down(id_, x, y):
    return gk.Touch(id_, gk.Phase.BEGAN, x, y)


def move(id_, x, y):
    return gk.Touch(id_, gk.Phase.MOVED, x, y)


def up(id_, x=math.nan, y=math.nan):
    return gk.Touch(id_, gk.Phase.ENDED, x, y)


def test_library_version_matches_package():
    assert gk.library_version() == gk.__version__


def test_tap_action_and_view_deliveries(scene):
    engine, v = scene
    tap = engine.tap(v)
    seen = []
    tap.add_target(lambda a: seen.append((a.state, tap.location(v), a.number_of_touches)))
    engine.feed(0.0, [down(1, 150, 150)])
    engine.feed(0.08, [up(1)])
    assert seen == [(gk.State.ENDED, (50.0, 50.0), 1)]
    deliveries = [(d.phase, d.touch_id, d.view) for d in engine.deliveries()]
    assert deliveries == [(gk.Phase.BEGAN, 1, v), (gk.Phase.CANCELLED, 1, v)]
    actions = list(engine.actions())
    assert len(actions) == 1 and actions[0].recognizer is tap and actions[0].kind == gk.Kind.TAP


def test_double_tap_delays_single_tap_until_timeout(scene):
    engine, v = scene
    single = engine.tap(v)
    double = engine.tap(v, number_of_taps_required=2)
    single.require_to_fail(double)
    fired = []
    single.add_target(lambda a: fired.append(("single", a.timestamp)))
    double.add_target(lambda a: fired.append(("double", a.timestamp)))
    engine.feed(0.0, [down(1, 150, 150)])
    engine.feed(0.08, [up(1)])
    assert fired == []
    assert engine.next_deadline == pytest.approx(0.43)
    engine.advance(1.0)
    assert fired == [("single", pytest.approx(0.43))]
    transitions = [(t.recognizer, t.to_state) for t in engine.transitions()]
    assert (double, gk.State.FAILED) in transitions
    assert (single, gk.State.ENDED) in transitions


def test_pan_translation_velocity_and_set_translation(scene):
    engine, v = scene
    pan = engine.pan(v)
    reads = []

    def on_pan(action):
        reads.append((action.state, pan.translation(v)))
        pan.set_translation((0, 0), v)

    pan.add_target(on_pan)
    engine.feed(0.0, [down(1, 150, 150)])
    for i in range(1, 7):
        engine.feed(i / 60, [move(1, 150 + 10 * i, 150)])
    vx, vy = pan.velocity(v)
    assert vx == pytest.approx(600, rel=0.05) and abs(vy) < 1
    engine.feed(0.1167, [up(1)])
    assert reads[0] == (gk.State.BEGAN, (0.0, 0.0))
    assert [s for s, _ in reads] == [gk.State.BEGAN] + [gk.State.CHANGED] * 5 + [gk.State.ENDED]
    assert all(t == (10.0, 0.0) for _, t in reads[1:6])


def test_properties_by_name_with_uikit_defaults(scene):
    engine, v = scene
    tap, pan = engine.tap(v), engine.pan(v)
    assert tap.number_of_taps_required == 1 and tap.allowable_movement == 45
    assert tap.cancels_touches_in_view and tap.delays_touches_ended and not tap.delays_touches_began
    assert pan.hysteresis == 10 and pan.velocity_mode == gk.VelocityMode.LEAST_SQUARES
    pan.velocity_mode = gk.VelocityMode.UIKIT_COMPATIBLE
    assert pan.velocity_mode == gk.VelocityMode.UIKIT_COMPATIBLE
    tap.name = "buy-button"
    assert tap.name == "buy-button"


def test_errors_are_exceptions_with_status(scene):
    engine, v = scene
    tap = engine.tap(v)
    with pytest.raises(gk.GestureKitError) as err:
        tap.number_of_taps_required = 0
    assert err.value.status == gk.Status.INVALID_ARGUMENT
    with pytest.raises(AttributeError):
        tap.hysteresis = 3.0   # a pan property: not silently stored on a tap
    assert gk._lib.lib.gk_recognizer_set_double(session_of(engine).ptr, tap.handle, 202, 3.0) == gk.Status.WRONG_KIND
    with pytest.raises(gk.GestureKitError) as err:
        engine.feed(0.0, [move(5, 1, 1)])
    assert err.value.status == gk.Status.UNKNOWN_TOUCH
    engine.feed(1.0, [])
    with pytest.raises(gk.GestureKitError) as err:
        engine.advance(0.5)
    assert err.value.status == gk.Status.TIME_BACKWARDS
    with pytest.raises(gk.GestureKitError) as err:
        engine.feed(2.0, [down(1, math.nan, 3)])
    assert err.value.status == gk.Status.INVALID_ARGUMENT
    with pytest.raises(gk.GestureKitError) as err:
        tap.location_of_touch(0)
    assert err.value.status == gk.Status.OUT_OF_RANGE
    with pytest.raises(gk.GestureKitError) as err:
        engine.recognizer(gk.Kind.CUSTOM)
    assert err.value.status == gk.Status.UNSUPPORTED
    tap.destroy()
    with pytest.raises(gk.GestureKitError) as err:
        tap.state
    assert err.value.status == gk.Status.STALE_HANDLE


def test_exception_in_target_propagates_after_the_call(scene):
    engine, v = scene
    tap = engine.tap(v)

    @tap.add_target
    def boom(action):
        raise RuntimeError("handler failed")

    engine.feed(0.0, [down(1, 150, 150)])
    with pytest.raises(RuntimeError, match="handler failed"):
        engine.feed(0.08, [up(1)])
    engine.feed(1.0, [down(2, 150, 150)])   # the engine is still usable


def test_delegate_should_begin_false_fails_the_pan_and_tap_wins(scene):
    engine, v = scene
    pan, tap = engine.pan(v), engine.tap(v)
    asked = []
    pan.set_delegate(should_begin=lambda r: asked.append(r) or False)
    fired = []
    tap.add_target(lambda a: fired.append(a.timestamp))
    engine.feed(0.0, [down(1, 150, 150)])
    engine.feed(0.05, [move(1, 175, 150)])
    engine.feed(0.10, [up(1)])
    assert asked == [pan]
    assert fired == [pytest.approx(0.10)]


def test_remove_target_stops_calls(scene):
    engine, v = scene
    tap = engine.tap(v)
    calls = []
    fn = tap.add_target(lambda a: calls.append(1))
    tap.remove_target(fn)
    engine.feed(0.0, [down(1, 150, 150)])
    engine.feed(0.08, [up(1)])
    assert calls == []


def test_view_tree_hit_testing_and_flags(scene):
    engine, v = scene
    child = v.add_view((10, 10, 20, 20))
    assert engine.hit_test(115, 115) == child
    child.hidden = True
    assert engine.hit_test(115, 115) == v
    assert engine.hit_test(5, 5) == engine.root
    assert engine.hit_test(-5, 5) is None
    v.set_scale(2)
    assert v.convert_from_window(150, 150) == (75.0, 75.0)


def test_stats_and_close_twice():
    engine = gk.Engine(100, 100, action_queue_capacity=1)
    tap = engine.tap(engine.root)
    for k in range(3):
        engine.feed(k, [down(k + 1, 10, 10)])
        engine.feed(k + 0.05, [up(k + 1)])
    stats = engine.stats()
    assert stats["pending_actions"] == 1 and stats["dropped_actions"] == 2
    assert stats["recognizers"] == 1 and tap.view == engine.root
    engine.close()
    engine.close()


def test_the_transition_log_is_empty_unless_the_engine_asks_for_it():
    sequences = {}
    for keep in (False, True):
        engine = gk.Engine(400, 800, log_transitions=keep)
        pan = engine.pan(engine.root)
        engine.feed(0.0, [down(1, 100, 100)])
        for i in range(1, 6):
            engine.feed(0.016 * i, [move(1, 100 + 10 * i, 100)])
        engine.feed(0.1, [up(1)])
        sequences[keep] = [a.sequence for a in engine.actions()]
        logged = list(engine.transitions())
        if keep:
            assert (pan, gk.State.BEGAN) in [(t.recognizer, t.to_state) for t in logged]
        else:
            assert logged == []
        engine.close()
    assert sequences[False] == sequences[True] and len(sequences[False]) >= 5
