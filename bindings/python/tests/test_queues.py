"""Draining actions and deliveries: the binding takes each queue in one call (gk_engine_take_*,
lent in place) and gets the same objects, in the same order, as polling one by one, also when the
queue wraps round its storage."""
import ctypes

import gesturekit as gk
from gesturekit import _lib
from gesturekit._lib import lib
from gesturekit._session import session_of


def drag(engine, frames, start=0.0):
    engine.feed(start, [gk.Touch(1, gk.Phase.BEGAN, 50, 50)])
    for k in range(1, frames + 1):
        engine.feed(start + k / 60, [gk.Touch(1, gk.Phase.MOVED, 50 + 15 * k, 50)])
    engine.feed(start + (frames + 1) / 60, [gk.Touch(1, gk.Phase.ENDED, 50 + 15 * frames, 50)])


def scene(capacity):
    engine = gk.Engine(400, 800, action_queue_capacity=capacity, delivery_queue_capacity=capacity)
    view = engine.root.add_view((0, 0, 400, 800))
    pan = engine.pan(view)
    pan.cancels_touches_in_view = False   # the view keeps its touches: a delivery per frame
    return engine, pan


def polled(engine):
    session = session_of(engine)
    a, d = _lib.ActionStruct(), _lib.DeliveryStruct()
    actions, deliveries = [], []
    while lib.gk_engine_poll_action(session.ptr, ctypes.byref(a), ctypes.sizeof(a)) == 0:
        actions.append(session.action(a))
    while lib.gk_engine_poll_delivery(session.ptr, ctypes.byref(d), ctypes.sizeof(d)) == 0:
        deliveries.append(session.delivery(d))
    return actions, deliveries


def comparable(items):
    # The handles differ between two engines; everything else must not.
    return [tuple(v for k, v in vars(x).items() if k not in ("recognizer", "view")) for x in items]


def test_a_drain_gives_what_polling_gives_across_the_queues_wrap():
    (engine, pan), (other, _) = scene(7), scene(7)
    got_actions, got_deliveries, want_actions, want_deliveries = [], [], [], []
    # Four drags of four frames each, drained after each drag, with room for seven: the
    # queue's oldest entry moves round the storage, so the queued entries wrap.
    for start in (0.0, 1.0, 2.0, 3.0):
        drag(engine, 2, start)
        drag(other, 2, start)
        got_actions += list(engine.actions())
        got_deliveries += list(engine.deliveries())
        a, d = polled(other)
        want_actions += a
        want_deliveries += d
    assert len(got_actions) == len(want_actions) > 8
    assert len(got_deliveries) == len(want_deliveries) > 8
    assert comparable(got_actions) == comparable(want_actions)
    assert comparable(got_deliveries) == comparable(want_deliveries)
    assert all(x.recognizer is pan for x in got_actions)
    sequences = [x.sequence for x in got_actions + got_deliveries]
    assert len(set(sequences)) == len(sequences)
    stats = engine.stats()
    assert stats["pending_actions"] == stats["pending_deliveries"] == 0
    assert stats["dropped_actions"] == stats["dropped_deliveries"] == 0
    engine.close()
    other.close()


def test_a_drain_takes_everything_queued_when_it_is_called():
    engine, _ = scene(64)
    drag(engine, 3)
    queued = engine.stats()["pending_actions"]
    it = engine.actions()
    assert engine.stats()["pending_actions"] == 0   # taken at the call, before the first item
    assert len(list(it)) == queued
    assert list(engine.actions()) == []
    engine.close()


def test_a_closed_engine_drains_nothing():
    engine, _ = scene(8)
    drag(engine, 1)
    engine.close()
    assert list(engine.actions()) == [] and list(engine.deliveries()) == []


def test_frames_of_every_size_are_fed_through_the_reused_frame_buffer():
    engine = gk.Engine(400, 800, max_touches=64, delivery_queue_capacity=256)
    engine.root.add_view((0, 0, 400, 800), multiple_touch=True)
    for step, n in enumerate((1, 20, 3, 40)):   # beyond the buffer's first 16 touches, smaller, larger
        engine.feed(step, [gk.Touch(k, gk.Phase.BEGAN, 5 + 5 * k, 10 + 3 * n) for k in range(n)])
        assert engine.stats()["touches_down"] == n
        engine.feed(step + 0.5, [gk.Touch(k, gk.Phase.ENDED) for k in range(n)])
        assert engine.stats()["touches_down"] == 0
        began = [d for d in engine.deliveries() if d.phase is gk.Phase.BEGAN]
        assert [(d.touch_id, d.window_location) for d in began] == [(k, (5 + 5 * k, 10 + 3 * n)) for k in range(n)]
    engine.close()


def as_record(action):
    """What the ActionRecord of an Action holds."""
    (x, y), (tx, ty), (vx, vy), (bx, by, bw, bh) = (action.location, action.translation, action.velocity,
                                                     action.stroke_bounds)
    return (action.sequence, action.timestamp, action.recognizer.handle, action.view.handle if action.view else 0,
            int(action.kind), int(action.state), x, y, action.number_of_touches, action.swipe_direction, tx, ty,
            vx, vy, action.scale, action.rotation, action.scalar_velocity, action.button_mask, action.modifier_flags,
            action.stroke_template, action.stroke_score, bx, by, bw, bh)


def as_delivery_record(d):
    return (d.sequence, d.timestamp, d.view.handle, d.touch_id, int(d.phase), int(d.touch_type), *d.location,
            *d.window_location, d.touch_timestamp, d.force, d.major_radius, d.buttons, d.modifiers, d.press_type)


def test_records_hold_the_values_of_the_objects_across_the_queues_wrap():
    (engine, pan), (other, _) = scene(7), scene(7)
    records, delivery_records, actions, deliveries = [], [], [], []
    for start in (0.0, 1.0, 2.0, 3.0):
        drag(engine, 2, start)
        drag(other, 2, start)
        records += engine.action_records()
        delivery_records += engine.delivery_records()
        actions += other.actions()
        deliveries += other.deliveries()
    assert len(records) == len(actions) > 8 and len(delivery_records) == len(deliveries) > 8
    assert all(isinstance(r, gk.ActionRecord) for r in records)
    assert all(isinstance(r, gk.DeliveryRecord) for r in delivery_records)
    # The two engines tag their handles differently: the handles are compared with this engine's.
    view = pan.view.handle
    assert all(r.recognizer == pan.handle and r.view == view for r in records)
    assert all(r.view == view for r in delivery_records)
    assert [r[:2] + r[4:] for r in records] == [w[:2] + w[4:] for w in map(as_record, actions)]
    assert [r[:2] + r[3:] for r in delivery_records] == [w[:2] + w[3:] for w in map(as_delivery_record, deliveries)]
    first = records[0]
    assert first.kind == gk.Kind.PAN and first.state == gk.State.BEGAN
    assert (first.x, first.y) == actions[0].location
    assert [r.phase for r in delivery_records[:2]] == [gk.Phase.BEGAN, gk.Phase.MOVED]


def test_discarding_deliveries_empties_the_queue_without_dropping():
    engine, _ = scene(64)
    drag(engine, 3)
    assert engine.discard_deliveries() == 5   # began, three moves, ended
    assert engine.discard_deliveries() == 0
    assert list(engine.deliveries()) == []
    assert len(list(engine.actions())) > 0   # the actions are left alone
    stats = engine.stats()
    assert stats["dropped_deliveries"] == 0
    engine.close()
    assert engine.discard_deliveries() == 0 and engine.action_records() == [] and engine.delivery_records() == []
