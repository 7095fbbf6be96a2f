"""Physical button presses in the recognizer graph: double press, long press, require-to-fail with
touch recognizers, deliveries to the focused view, and the service-menu example of docs/STROKES.md."""
from __future__ import annotations

import math

import pytest

import gesturekit as gk

P = gk.Phase


@pytest.fixture
def kiosk():
    with gk.Engine(800, 480) as engine:
        screen = engine.root.add_view((0, 0, 800, 480))
        button = screen.add_view((600, 380, 180, 80))
        engine.focus = button
        yield engine, screen, button


def test_a_double_press_of_a_key_is_a_double_tap(kiosk):
    engine, screen, button = kiosk
    single = engine.tap(button, allowed_press_types=gk.PressType.bits(gk.PressType.SELECT))
    double = engine.tap(button, number_of_taps_required=2,
                        allowed_press_types=gk.PressType.bits(gk.PressType.SELECT))
    single.require_to_fail(double)
    fired = []
    single.add_target(lambda a: fired.append(("single", round(a.timestamp, 3))))
    double.add_target(lambda a: fired.append(("double", round(a.timestamp, 3))))
    engine.press(0.0, gk.PressType.SELECT, P.BEGAN)
    engine.press(0.08, gk.PressType.SELECT, P.ENDED)
    engine.press(0.2, gk.PressType.SELECT, P.BEGAN)
    engine.press(0.28, gk.PressType.SELECT, P.ENDED)
    engine.advance(1)
    assert fired == [("double", 0.28)]
    # A single press: the single tap fires once the double tap's interval ran out.
    engine.press(2.0, gk.PressType.SELECT, P.BEGAN)
    engine.press(2.08, gk.PressType.SELECT, P.ENDED)
    engine.advance(3)
    assert fired[-1] == ("single", 2.43)
    # The button view received the presses like touches (cancelled by the recognitions).
    kinds = {(d.touch_type, d.press_type) for d in engine.deliveries()}
    assert kinds == {(gk.TouchType.PRESS, gk.PressType.SELECT)}


def test_a_long_press_of_a_key_and_keys_not_allowed_are_ignored(kiosk):
    engine, screen, button = kiosk
    lp = engine.long_press(button, allowed_press_types=gk.PressType.bits(gk.PressType.custom(3)))
    states = []
    lp.add_target(lambda a: states.append((a.state, round(a.timestamp, 3))))
    engine.press(0, gk.PressType.MENU, P.BEGAN)          # not allowed: nothing
    engine.advance(1)
    engine.press(1, gk.PressType.MENU, P.ENDED)
    engine.press(2, gk.PressType.custom(3), P.BEGAN)     # the foot pedal held down
    engine.advance(2.6)
    engine.press(3, gk.PressType.custom(3), P.ENDED)
    assert states == [(gk.State.BEGAN, 2.5), (gk.State.ENDED, 3.0)]
    # Touch recognizers never see presses, whatever their allowed touch types.
    pan = engine.pan(button)
    engine.press(4, gk.PressType.custom(3), P.BEGAN)
    assert pan.number_of_touches == 0


def test_a_press_recognizer_required_to_fail_holds_back_a_touch_recognizer(kiosk):
    engine, screen, button = kiosk
    hold = engine.long_press(button, allowed_press_types=gk.PressType.bits(gk.PressType.MENU))
    tap = engine.tap(screen)
    tap.require_to_fail(hold)
    fired = []
    tap.add_target(lambda a: fired.append(round(a.timestamp, 3)))
    engine.press(0, gk.PressType.MENU, P.BEGAN)
    engine.feed(0.05, [gk.Touch(1, P.BEGAN, 100, 100)])
    engine.feed(0.10, [gk.Touch(1, P.ENDED, 100, 100)])
    assert fired == []                 # held back while the key's long press is possible (rule 38)
    engine.press(0.2, gk.PressType.MENU, P.ENDED)   # the key came up early: the long press fails...
    assert fired == [0.2]              # ...and the tap's action goes out in that pass (rule 40)


def test_press_errors(kiosk):
    engine, screen, button = kiosk
    with pytest.raises(gk.GestureKitError) as err:
        engine.press(0, 64, P.BEGAN)
    assert err.value.status == gk.Status.INVALID_ARGUMENT
    with pytest.raises(gk.GestureKitError) as err:
        engine.press(0, gk.PressType.SELECT, P.ENDED)
    assert err.value.status == gk.Status.UNKNOWN_TOUCH
    engine.press(0, gk.PressType.SELECT, P.BEGAN)
    with pytest.raises(gk.GestureKitError) as err:
        engine.press(0.1, gk.PressType.SELECT, P.BEGAN)
    assert err.value.status == gk.Status.TOUCH_ALREADY_DOWN
    # A touch with the same id as a key's number is a different thing.
    engine.feed(0.2, [gk.Touch(int(gk.PressType.SELECT), P.BEGAN, 10, 10)])
    engine.cancel_all_touches(0.3)
    button.destroy()
    assert engine.focus is None


def test_service_menu_opens_on_a_check_mark_drawn_while_holding_the_service_key(kiosk):
    engine, screen, button = kiosk
    service_key = gk.PressType.custom(0)
    held = {"down": False}
    key = engine.long_press(button, minimum_press_duration=0, allowed_press_types=gk.PressType.bits(service_key))
    key.add_target(lambda a: held.__setitem__("down", a.state in (gk.State.BEGAN, gk.State.CHANGED)))
    stroke = engine.stroke(screen)
    stroke.set_delegate(should_begin=lambda r: held["down"],
                        should_recognize_simultaneously=lambda r, other: other is key)
    opened = []
    stroke.add_target(lambda a: opened.append(stroke.template_name(a.stroke_template)))

    def check(t0, touch_id):
        pts = [(300 + 2 * k, 200 + 2 * k) for k in range(15)] + [(330 + 4 * k, 230 - 6 * k) for k in range(1, 16)]
        engine.feed(t0, [gk.Touch(touch_id, P.BEGAN, *pts[0])])
        for k, p in enumerate(pts[1:-1], 1):
            engine.feed(t0 + 0.01 * k, [gk.Touch(touch_id, P.MOVED, *p)])
        engine.feed(t0 + 0.01 * (len(pts) - 1), [gk.Touch(touch_id, P.ENDED, *pts[-1])])

    check(0, 1)                         # drawn without the key: nothing opens
    assert opened == []
    engine.press(1, service_key, P.BEGAN)
    check(1.1, 2)                       # drawn while holding the key: the service menu opens
    engine.press(2, service_key, P.ENDED)
    assert opened == ["check"]
