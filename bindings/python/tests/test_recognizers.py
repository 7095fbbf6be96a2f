"""The standard recognizer classes of the Python binding: properties by name, hover, input kinds."""
from __future__ import annotations

import math

import pytest

import gesturekit as gk


@pytest.fixture
def scene():
    with gk.Engine(400, 800) as engine:
        v = engine.root.add_view((100, 100, 200, 200), multiple_touch=True)
        yield engine, v


def down(i, x, y, **kw):
    return gk.Touch(i, gk.Phase.BEGAN, x, y, **kw)


def move(i, x, y, **kw):
    return gk.Touch(i, gk.Phase.MOVED, x, y, **kw)


def up(i, x=math.nan, y=math.nan, **kw):
    return gk.Touch(i, gk.Phase.ENDED, x, y, **kw)


def test_every_kind_has_a_class_with_its_uikit_defaults(scene):
    engine, v = scene
    lp = engine.long_press(v)
    assert (lp.minimum_press_duration, lp.allowable_movement, lp.number_of_touches_required,
            lp.number_of_taps_required) == (0.5, 10.0, 1, 0)
    swipe = engine.swipe(v)
    assert swipe.direction == gk.SwipeDirection.RIGHT and swipe.number_of_touches_required == 1
    assert math.isinf(swipe.maximum_primary_movement) and swipe.maximum_secondary_movement == 200
    edge = engine.screen_edge_pan(v)
    assert edge.edges == 0 and edge.maximum_number_of_touches == 1 and edge.delays_touches_began
    assert (edge.edge_region, edge.edge_hysteresis) == (13.0, 15.0)
    pinch = engine.pinch(v)
    assert pinch.scale == 1.0 and pinch.velocity == 0.0 and pinch.hysteresis == 8.0
    rotation = engine.rotation(v)
    assert rotation.rotation == 0.0 and rotation.angle_threshold == pytest.approx(math.radians(5))
    hover = engine.hover_recognizer(v)
    assert hover.allowed_touch_types == gk.TouchTypes.STYLUS | gk.TouchTypes.INDIRECT_POINTER
    for r in (lp, swipe, edge, pinch, rotation, hover):
        assert isinstance(r, gk.Recognizer) and r.view == v


def test_properties_of_another_kind_are_attribute_errors_and_read_only_ones_refuse(scene):
    engine, v = scene
    pinch = engine.pinch(v)
    with pytest.raises(AttributeError):
        pinch.direction = gk.SwipeDirection.LEFT
    with pytest.raises(gk.GestureKitError) as err:
        pinch.velocity = 2.0
    assert err.value.status == gk.Status.READ_ONLY
    with pytest.raises(gk.GestureKitError) as err:
        engine.swipe(v).direction = 0
    assert err.value.status == gk.Status.INVALID_ARGUMENT


def test_long_press_waits_for_the_timer(scene):
    engine, v = scene
    lp = engine.long_press(v)
    states = []
    lp.add_target(lambda a: states.append((round(a.timestamp, 3), a.state)))
    engine.feed(0, [down(1, 150, 150)])
    assert engine.next_deadline == 0.5
    engine.advance(0.5)
    engine.feed(0.8, [up(1)])
    assert states == [(0.5, gk.State.BEGAN), (0.8, gk.State.ENDED)]


def test_landing_window_holds_a_lone_touch_back_and_lets_fingers_landing_together_recognize(scene):
    engine, v = scene
    hold = engine.long_press(v, number_of_touches_required=3, minimum_press_duration=1,
                             delays_touches_began=True, landing_window=0.075)
    assert hold.landing_window == 0.075 and engine.long_press().landing_window == 0   # (not attached)
    states = []
    hold.add_target(lambda a: states.append((round(a.timestamp, 3), a.state)))
    engine.feed(0, [down(1, 150, 150)])
    assert engine.next_deadline == 0.075 and list(engine.deliveries()) == []
    engine.advance(0.075)
    assert [(d.touch_id, d.phase) for d in engine.deliveries()] == [(1, gk.Phase.BEGAN)]
    engine.feed(0.1, [up(1)])
    engine.feed(1.0, [down(2, 120, 150), down(3, 150, 150)])
    engine.feed(1.05, [down(4, 180, 150)])
    engine.advance(2.1)
    assert states == [(2.05, gk.State.BEGAN)]
    assert [d.touch_id for d in engine.deliveries()] == [1]   # touch 1's lift; 2, 3 and 4 never
    with pytest.raises(gk.GestureKitError):
        hold.landing_window = -1


def test_pinch_reports_cumulative_scale_and_rotation_sign(scene):
    engine, v = scene
    pinch, rot = engine.pinch(v), engine.rotation(v)
    pinch.set_delegate(should_recognize_simultaneously=lambda r, other: True)
    scales, angles = [], []
    pinch.add_target(lambda a: scales.append(a.scale))
    rot.add_target(lambda a: angles.append(a.rotation))
    engine.feed(0, [down(1, 150, 200), down(2, 250, 200)])
    # Finger 2 goes round finger 1 clockwise on screen (y down) while the distance grows.
    for k in range(1, 6):
        a = math.radians(4 * k)
        d = 100 + 6 * k
        engine.feed(0.02 * k, [move(2, 150 + d * math.cos(a), 200 + d * math.sin(a))])
    engine.feed(0.2, [up(1), up(2)])
    assert scales and scales[-1] == pytest.approx(130 / 108, rel=1e-6)
    assert angles and angles[-1] > 0   # clockwise is positive


def test_hover_events_drive_only_hover_recognizers(scene):
    engine, v = scene
    hover, tap = engine.hover_recognizer(v), engine.tap(v)
    seen = []
    hover.add_target(lambda a: seen.append((a.state, a.location, a.modifier_flags)))
    tap.add_target(lambda a: seen.append(("tap", a.location, 0)))
    engine.hover(0.0, gk.HoverPhase.ENTER, 150, 150)
    engine.hover(0.1, gk.HoverPhase.MOVE, 160, 150, modifiers=gk.Modifier.SHIFT)
    engine.hover(0.2, gk.HoverPhase.EXIT)
    assert seen == [(gk.State.BEGAN, (150, 150), 0), (gk.State.CHANGED, (160, 150), gk.Modifier.SHIFT),
                    (gk.State.ENDED, (160, 150), 0)]
    assert list(engine.deliveries()) == []
    with pytest.raises(gk.GestureKitError) as err:
        engine.hover(0.3, gk.HoverPhase.MOVE, 1, 1, type=gk.TouchType.DIRECT)
    assert err.value.status == gk.Status.INVALID_ARGUMENT


def test_stylus_force_and_pointer_buttons_reach_views_and_recognizers(scene):
    engine, v = scene
    tap = engine.tap(v, button_mask_required=gk.Button.SECONDARY, cancels_touches_in_view=False)
    masks = []
    tap.add_target(lambda a: masks.append(a.button_mask))
    engine.feed(0, [down(1, 150, 150, type=gk.TouchType.INDIRECT_POINTER, buttons=gk.Button.SECONDARY)])
    engine.feed(0.05, [up(1)])
    assert masks == [gk.Button.SECONDARY]
    engine.feed(1, [down(2, 150, 150, type=gk.TouchType.STYLUS, force=0.4, major_radius=2.5)])
    d = [x for x in engine.deliveries() if x.touch_id == 2][0]
    assert (d.touch_type, d.force, d.major_radius) == (gk.TouchType.STYLUS, 0.4, 2.5)


def test_points_per_mm_scales_distance_thresholds():
    # At twice UIKit's density the pan's 10 pt hysteresis is 20 pt.
    with gk.Engine(400, 800, points_per_mm=12.8) as engine:
        pan = engine.pan(engine.root)
        engine.feed(0, [down(1, 100, 100)])
        engine.feed(0.05, [move(1, 115, 100)])
        assert pan.state == gk.State.POSSIBLE
        engine.feed(0.1, [move(1, 121, 100)])
        assert pan.state == gk.State.BEGAN


def test_feed_batch_equals_feeding_frame_by_frame():
    def play(batch):
        with gk.Engine(400, 800) as engine:
            v = engine.root.add_view((100, 100, 200, 200))
            engine.tap(v)
            engine.pan(v)
            frames = [(0.0, [down(1, 150, 150)]), (0.05, [move(1, 170, 150)]), (0.1, [move(1, 190, 150)]),
                      (0.15, [up(1)]), (1.0, [down(2, 150, 150)]), (1.05, [up(2)])]
            if batch:
                assert engine.feed_batch(frames) == len(frames)
            else:
                for t, ts in frames:
                    engine.feed(t, ts)
            return [(a.timestamp, a.kind, a.state) for a in engine.actions()], \
                   [(d.timestamp, d.phase) for d in engine.deliveries()]
    assert play(True) == play(False)


def test_feed_batch_stops_at_the_first_bad_frame():
    with gk.Engine(400, 800) as engine:
        tap = engine.tap(engine.root)
        with pytest.raises(gk.GestureKitError) as err:
            engine.feed_batch([(0.0, [down(1, 10, 10)]), (0.05, [up(1)]), (0.01, [down(2, 10, 10)])])
        assert err.value.status == gk.Status.TIME_BACKWARDS
        assert [a.state for a in engine.actions()] == [gk.State.ENDED]   # the first two frames stay applied
        assert tap.state == gk.State.POSSIBLE
