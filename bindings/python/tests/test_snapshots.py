"""The action and delivery snapshots: read from the C structs in one `unpack_from` and built without
the dataclass's `__init__`, they equal what the constructor makes from the fields one by one."""
import ctypes
import random

import pytest

import gesturekit as gk
from gesturekit import _lib
from gesturekit._session import session_of
from gesturekit.types import Action, Delivery, Kind, Phase, State, TouchType


def by_fields_action(session, a):
    return Action(a.sequence, a.timestamp, session.recognizers.get(a.recognizer),
                  session.views.get(a.view) if a.view else None, Kind(a.kind), State(a.state),
                  (a.location.x, a.location.y), a.number_of_touches, (a.translation.x, a.translation.y),
                  (a.velocity.x, a.velocity.y), a.scale, a.rotation, a.scalar_velocity, a.swipe_direction,
                  a.button_mask, a.modifier_flags, a.stroke_template, a.stroke_score,
                  (a.stroke_bounds.x, a.stroke_bounds.y, a.stroke_bounds.width, a.stroke_bounds.height))


def by_fields_delivery(session, d):
    return Delivery(d.sequence, d.timestamp, session.views.get(d.view), d.touch_id, Phase(d.phase),
                    TouchType(d.touch_type), (d.location.x, d.location.y), (d.window_location.x, d.window_location.y),
                    d.touch_timestamp, d.force, d.major_radius, d.buttons, d.modifiers, d.press_type)


@pytest.mark.parametrize("ctype", [_lib.ActionStruct, _lib.DeliveryStruct])
def test_the_flat_format_covers_the_whole_struct(ctype):
    assert _lib.flat_struct(ctype).size == ctypes.sizeof(ctype)


def test_an_action_read_in_one_unpack_equals_the_one_built_field_by_field():
    rng = random.Random(7)
    engine = gk.Engine(400, 800)
    pan = engine.pan(engine.root)
    session = session_of(engine)
    for _ in range(200):
        a = _lib.ActionStruct()
        a.sequence, a.timestamp = rng.getrandbits(64), rng.uniform(-1e6, 1e6)
        a.recognizer = rng.choice([pan.handle, 0, 12345])
        a.view = rng.choice([engine.root.handle, 0, 999])   # a known view, none, an unknown handle
        a.kind, a.state = rng.choice(list(Kind)), rng.choice(list(State))   # POSSIBLE and TAP are 0
        a.location.x, a.location.y, a.translation.x, a.velocity.y = (rng.uniform(-1e4, 1e4) for _ in range(4))
        a.number_of_touches, a.swipe_direction = rng.getrandbits(32), rng.getrandbits(32)
        a.scale, a.rotation, a.scalar_velocity, a.stroke_score = (rng.random() for _ in range(4))
        a.button_mask, a.modifier_flags, a.stroke_template = rng.getrandbits(32), rng.getrandbits(32), rng.randint(-1, 9)
        a.stroke_bounds.x, a.stroke_bounds.height = rng.random(), rng.random()
        fast = session.action(a)
        assert fast == by_fields_action(session, a)
        assert type(fast) is Action and fast.kind is Kind(a.kind) and fast.state is State(a.state)
    engine.close()


def test_a_delivery_read_in_one_unpack_equals_the_one_built_field_by_field():
    rng = random.Random(11)
    engine = gk.Engine(400, 800)
    session = session_of(engine)
    for _ in range(200):
        d = _lib.DeliveryStruct()
        d.sequence, d.timestamp, d.touch_id = rng.getrandbits(64), rng.random(), rng.randint(-2**63, 2**63 - 1)
        d.view = rng.choice([engine.root.handle, 0, 999])
        d.phase, d.touch_type = rng.choice(list(Phase)), rng.choice(list(TouchType))
        d.location.x, d.window_location.y, d.touch_timestamp = rng.random(), rng.random(), rng.random()
        d.force, d.major_radius = rng.random(), rng.random()
        d.buttons, d.modifiers, d.press_type = rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)
        assert session.delivery(d) == by_fields_delivery(session, d)
    engine.close()


def test_an_unknown_state_is_refused_as_before():
    engine = gk.Engine(100, 100)
    a = _lib.ActionStruct()
    a.state = 99
    with pytest.raises(ValueError):
        session_of(engine).action(a)
    engine.close()
