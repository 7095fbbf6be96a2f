"""pytest: misuse of the binding found by the adversarial probe (issue 13). Values that ctypes would
truncate raise instead, removed targets are never called, and callback errors follow one rule."""
import math
import subprocess
import sys
import textwrap

import pytest

import gesturekit as gk


@pytest.fixture
def scene():
    engine = gk.Engine(400, 800)
    v = engine.root.add_view((100, 100, 200, 200))
    yield engine, v
    engine.close()


def tap(engine, t, id_=1, x=150, y=150):
    engine.feed(t, [gk.Touch(id_, gk.Phase.BEGAN, x, y)])
    engine.feed(t + 0.05, [gk.Touch(id_, gk.Phase.ENDED, x, y)])


@pytest.mark.parametrize("kwargs", [{"max_touches": 2**32 + 5}, {"action_queue_capacity": 2**32 + 10},
                                    {"delivery_queue_capacity": -1}])
def test_engine_options_beyond_their_c_type_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        gk.Engine(400, 800, **kwargs)


def test_engine_options_of_the_wrong_type_raise_type_error():
    with pytest.raises(TypeError):
        gk.Engine(400, 800, max_touches=2.5)
    with pytest.raises(TypeError):
        gk.Engine("400", 800)


@pytest.mark.parametrize("touch", [gk.Touch(2**70, gk.Phase.BEGAN, 150, 150),
                                   gk.Touch(1, gk.Phase.BEGAN, 150, 150, buttons=-1),
                                   gk.Touch(1, gk.Phase.BEGAN, 150, 150, modifiers=2**32),
                                   gk.Touch(1, 2**32, 150, 150),
                                   gk.Touch(1, gk.Phase.BEGAN, 150, 150, type=-1)])
def test_touch_fields_beyond_their_c_type_raise_value_error(scene, touch):
    engine, _ = scene
    with pytest.raises(ValueError):
        engine.feed(0.0, [touch])
    with pytest.raises(ValueError):
        engine.feed_batch([(0.0, [touch])])
    assert engine.stats()["touches_down"] == 0


@pytest.mark.parametrize("touch", [gk.Touch("1", gk.Phase.BEGAN, 150, 150),
                                   gk.Touch(1, gk.Phase.BEGAN, "150", 150),
                                   gk.Touch(True, gk.Phase.BEGAN, 150, 150),    # a bool is not an id
                                   gk.Touch(1.0, gk.Phase.BEGAN, 150, 150),     # nor is a float
                                   gk.Touch(1, gk.Phase.BEGAN, 150, False)])    # nor a position
def test_touch_fields_of_the_wrong_type_raise_type_error(scene, touch):
    engine, _ = scene
    with pytest.raises(TypeError):
        engine.feed(0.0, [touch])
    with pytest.raises(TypeError):
        engine.feed_batch([(0.0, [touch])])
    assert engine.stats()["touches_down"] == 0


def test_integer_property_beyond_int64_raises_instead_of_wrapping(scene):
    engine, v = scene
    t = engine.tap(v)
    with pytest.raises(ValueError):
        t.number_of_taps_required = 2**64 + 2
    assert t.number_of_taps_required == 1
    with pytest.raises(TypeError):
        t.number_of_taps_required = 2.0
    with pytest.raises(TypeError):
        t.enabled = "no"


def test_capacities_beyond_uint32_raise(scene):
    engine, _ = scene
    with pytest.raises(ValueError):
        engine.enable_decision_log(2**32 + 10)
    with pytest.raises(ValueError):
        engine.enable_flight_recorder(2**32 + 10)


@pytest.mark.parametrize("frame", [(1, 2, 3), (1, 2, 3, 4, 5), ()])
def test_a_frame_with_the_wrong_number_of_values_raises_value_error(scene, frame):
    engine, v = scene
    with pytest.raises(ValueError):
        engine.root.add_view(frame)
    with pytest.raises(ValueError):
        v.frame = frame


def test_a_frame_that_is_not_a_sequence_raises_type_error(scene):
    engine, _ = scene
    with pytest.raises(TypeError):
        engine.root.add_view(5)
    with pytest.raises(TypeError):
        engine.root.add_view("1234")


def test_flight_recorder_reports_presses_as_presses(scene):
    engine, v = scene
    engine.enable_flight_recorder(64)
    engine.focus = v
    engine.press(0.0, gk.PressType.SELECT, gk.Phase.BEGAN)
    engine.press(0.1, gk.PressType.SELECT, gk.Phase.ENDED, force=0.5)
    engine.cancel_all_touches(0.2)
    rec = engine.flight_recorder()
    assert rec[0] == ("press", 0.0, gk.PressType.SELECT, gk.Phase.BEGAN, 0.0)
    assert rec[1] == ("press", 0.1, gk.PressType.SELECT, gk.Phase.ENDED, 0.5)
    assert rec[2] == ("cancel", 0.2)


def test_a_target_that_removes_itself_and_another_runs_once_and_the_other_never(scene):
    engine, v = scene
    t = engine.tap(v)
    calls = []

    def first(action):
        calls.append("first")
        t.remove_target()            # removes every target, this one included, mid-dispatch

    def second(action):
        calls.append("second")

    t.add_target(first)
    t.add_target(second)
    tap(engine, 0.0)
    tap(engine, 1.0)
    assert calls == ["first"]


def test_removing_targets_inside_a_dispatch_never_crashes_the_process():
    # In a child process: before the fix this died with SIGSEGV or SIGILL.
    code = textwrap.dedent("""
        import gc
        import gesturekit as gk
        e = gk.Engine(400, 800)
        v = e.root.add_view((100, 100, 200, 200))
        t = e.tap(v)
        def a(_):
            t.remove_target()
            gc.collect()
        for i in range(50):
            t.add_target(a)
            t.add_target(lambda _: None)
            e.feed(i, [gk.Touch(1, gk.Phase.BEGAN, 150, 150)])
            e.feed(i + 0.05, [gk.Touch(1, gk.Phase.ENDED, 150, 150)])
        print("ok")
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_with_two_raising_targets_the_first_exception_is_raised_and_the_second_kept(scene):
    engine, v = scene
    t = engine.tap(v)

    def one(_):
        raise KeyError("first")

    def two(_):
        raise ValueError("second")

    t.add_target(one)
    t.add_target(two)
    engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 150, 150)])
    with pytest.raises(KeyError) as info:
        engine.feed(0.05, [gk.Touch(1, gk.Phase.ENDED, 150, 150)])
    assert len(engine.suppressed_errors) == 1
    assert isinstance(engine.suppressed_errors[0], ValueError)
    if sys.version_info >= (3, 11):
        assert any("second" in n for n in info.value.__notes__)
    # The engine went on: the tap ended and the next call starts clean.
    engine.feed(1.0, [gk.Touch(2, gk.Phase.BEGAN, 350, 700)])
    assert math.isfinite(engine.now)


def test_values_the_c_types_would_not_take_are_refused_not_converted():
    # A string is not a coordinate, a float is not a touch id, an int is not a State: ctypes would
    # convert each of them silently (float("1"), int(2.9)), the binding refuses them.
    with gk.Engine(400, 400) as engine:
        stroke = engine.stroke(builtin_templates=False)
        with pytest.raises(TypeError):
            stroke.add_template("v", [("0", "0"), (50, 100), (100, 0)])
        with pytest.raises(ValueError):
            stroke.add_template("v", [(0, 0, 1), (50, 100), (100, 0)])   # three values: not a point
        with pytest.raises(TypeError):
            stroke.add_template(b"v", [(0, 0), (50, 100), (100, 0)])
        assert stroke.template_count == 0
        assert stroke.add_template("v", [(0, 0), (50, 100), (100, 0)]) == 0


def test_times_beyond_what_a_double_keeps_to_the_millisecond_are_refused(scene):
    engine, _v = scene
    for call in (lambda: engine.feed(1e16, []), lambda: engine.advance(2.0 ** 43)):
        with pytest.raises(gk.GestureKitError) as err:
            call()
        assert err.value.status == gk.Status.INVALID_ARGUMENT
    tap(engine, 2.0 ** 42 - 1)   # the largest times are taken, and a tap there is a tap
