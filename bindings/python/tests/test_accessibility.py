"""The accessibility timing scale through the Python binding (docs/ACCESSIBILITY.md)."""
from __future__ import annotations

import math

import pytest

import gesturekit as gk


def long_press_began_at(scale, scales_timing=True):
    with gk.Engine(400, 400) as engine:
        engine.timing_scale = scale
        long = engine.long_press(engine.root, scales_timing=scales_timing)
        times = []
        long.add_target(lambda a: times.append(round(a.timestamp, 3)) if a.state == gk.State.BEGAN else None)
        engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 100, 100)])
        engine.advance(3.0)
        return times


def test_the_timing_scale_multiplies_the_long_press_duration_unless_the_recognizer_opts_out():
    assert long_press_began_at(1.0) == [0.5]
    assert long_press_began_at(2.5) == [1.25]
    assert long_press_began_at(2.5, scales_timing=False) == [0.5]


def test_a_scaled_double_tap_interval_keeps_a_slow_second_tap():
    with gk.Engine(400, 400) as engine:
        engine.timing_scale = 2.0
        double = engine.tap(engine.root, number_of_taps_required=2)
        single = engine.tap(engine.root)
        single.require_to_fail(double)
        got = []
        for r, name in ((double, "double"), (single, "single")):
            r.add_target(lambda a, name=name: got.append(name))
        for k, t in enumerate((0.0, 0.55)):
            engine.feed(t, [gk.Touch(k + 1, gk.Phase.BEGAN, 100, 100)])
            engine.feed(t + 0.05, [gk.Touch(k + 1, gk.Phase.ENDED, 100, 100)])
        engine.advance(3.0)
        assert got == ["double"]


def test_bad_timing_scales_are_refused():
    with gk.Engine(400, 400) as engine:
        assert engine.timing_scale == 1.0
        for bad in (0.5, 10.5, math.nan):
            with pytest.raises((gk.GestureKitError, ValueError)):
                engine.timing_scale = bad
        assert engine.timing_scale == 1.0
        engine.timing_scale = 10   # WCAG 2.2.1: at least ten times the default
        assert engine.timing_scale == 10.0


def test_the_hold_duration_drops_a_short_touch_and_logs_it_and_a_held_touch_taps():
    with gk.Engine(400, 400) as engine:
        engine.set_touch_accommodations(gk.TouchAccommodations(hold_duration=0.4))
        engine.enable_decision_log(64)
        tap = engine.tap(engine.root)
        got = []
        tap.add_target(lambda a: got.append(round(a.timestamp, 3)))
        engine.feed(0.0, [gk.Touch(9, gk.Phase.BEGAN, 100, 100)])
        engine.feed(0.2, [gk.Touch(9, gk.Phase.ENDED, 100, 100)])
        brief = [d for d in engine.decisions() if d.event == gk.DecisionEvent.TOUCH_HELD_TOO_BRIEFLY]
        assert [(d.touch_id, d.recognizer) for d in brief] == [(9, None)]
        assert "hold duration" in str(brief[0])
        engine.feed(1.0, [gk.Touch(10, gk.Phase.BEGAN, 100, 100)])
        assert engine.next_deadline == pytest.approx(1.4)
        engine.advance(1.4)
        engine.feed(1.6, [gk.Touch(10, gk.Phase.ENDED, 100, 100)])
        assert got == [1.6]


def test_ignore_repeat_makes_a_tremors_bounces_one_tap():
    with gk.Engine(400, 400) as engine:
        engine.set_touch_accommodations(gk.TouchAccommodations(ignore_repeat=0.5))
        tap = engine.tap(engine.root)
        got = []
        tap.add_target(lambda a: got.append(round(a.timestamp, 3)))
        for k, (t, x) in enumerate(((0.0, 100), (0.2, 104), (0.45, 98))):
            engine.feed(t, [gk.Touch(k + 1, gk.Phase.BEGAN, x, 100)])
            engine.feed(t + 0.05, [gk.Touch(k + 1, gk.Phase.ENDED, x, 100)])
        assert got == [0.05]
        assert engine.touch_accommodations.ignore_repeat == 0.5
        with pytest.raises(gk.GestureKitError):
            engine.set_touch_accommodations(gk.TouchAccommodations(hold_duration=3.0))
        engine.set_touch_accommodations(None)
        assert engine.touch_accommodations == gk.TouchAccommodations()


@pytest.mark.parametrize("where, x", [("initial", 100.0), ("final", 160.0)])
def test_tap_assistance_makes_a_quick_slide_a_tap_where_the_setting_says(where, x):
    with gk.Engine(400, 400) as engine:
        engine.set_touch_accommodations(gk.TouchAccommodations(tap_assistance=where, tap_assistance_delay=0.5))
        tap, pan = engine.tap(engine.root), engine.pan(engine.root)
        got = []
        tap.add_target(lambda a: got.append(("tap", a.location)))
        pan.add_target(lambda a: got.append(("pan", a.state)))
        engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 100, 100)])
        engine.feed(0.1, [gk.Touch(1, gk.Phase.MOVED, 130, 100)])
        engine.feed(0.2, [gk.Touch(1, gk.Phase.ENDED, 160, 100)])
        assert got == [("tap", (x, 100.0))]
        assert engine.touch_accommodations.tap_assistance == where
        with pytest.raises(ValueError):
            engine.set_touch_accommodations(gk.TouchAccommodations(tap_assistance="middle"))


def test_one_finger_zoom_tap_then_drag_down_doubles_the_scale():
    with gk.Engine(400, 400) as engine:
        zoom = engine.one_finger_zoom(engine.root, points_per_doubling=100)
        got = []
        zoom.add_target(lambda a: got.append((a.state, round(a.scale, 6))))
        engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 200, 100)])
        engine.feed(0.1, [gk.Touch(1, gk.Phase.ENDED, 200, 100)])
        engine.feed(0.3, [gk.Touch(2, gk.Phase.BEGAN, 200, 100)])
        engine.feed(0.4, [gk.Touch(2, gk.Phase.MOVED, 200, 120)])   # began: reference 110
        engine.feed(0.5, [gk.Touch(2, gk.Phase.MOVED, 200, 210)])   # 100 pt below it
        engine.feed(0.6, [gk.Touch(2, gk.Phase.ENDED, 200, 210)])
        assert got == [(gk.State.BEGAN, 1.0), (gk.State.CHANGED, 2.0), (gk.State.ENDED, 2.0)]
        assert zoom.points_per_doubling == 100
        with pytest.raises(gk.GestureKitError):
            zoom.scale = 3.0


def test_the_audit_lists_multipoint_and_path_actions_without_a_single_pointer_alternative():
    with gk.Engine(800, 480) as engine:
        photo = engine.root.add_view((0, 0, 600, 480), multiple_touch=True)
        strip = engine.root.add_view((600, 0, 200, 480))
        pinch, rotate = engine.pinch(photo), engine.rotation(photo)
        swipe = engine.swipe(strip)
        two = engine.tap(photo, number_of_touches_required=2)
        engine.pan(photo)
        found = {(f.recognizer, f.rule, f.clause) for f in engine.audit()}
        pan = [f.recognizer for f in engine.audit() if f.rule == "dragging"][0]
        assert found == {(pinch, "multipoint", "2.5.1"), (rotate, "multipoint", "2.5.1"), (swipe, "path-based", "2.5.1"),
                         (two, "multipoint", "2.5.1"), (swipe, "dragging", "2.5.7"), (pan, "dragging", "2.5.7")}
        # A one-finger zoom covers the pinch; buttons declared for the others cover them.
        zoom = engine.one_finger_zoom(photo)
        next_button = engine.tap(engine.root.add_view((600, 440, 200, 40)))
        for r in (swipe, rotate, pan, zoom):
            r.declare_alternative(next_button)
        findings = engine.audit()
        assert [(f.recognizer, f.view, f.rule) for f in findings] == [(two, photo, "multipoint")]
        assert "one finger" in findings[0].suggestion
        two.number_of_touches_required = 1
        assert engine.audit() == []
        # A disabled or destroyed alternative does not count.
        next_button.enabled = False
        assert {f.recognizer for f in engine.audit()} == {swipe, rotate, pan, zoom}
        engine.screen_reader = True                                 # its own commands need several fingers
        commands = [f for f in engine.audit() if f.rule == "screen-reader-command"]
        assert [("pause" in f.suggestion, f.recognizer, f.view == engine.root) for f in commands][0] == (True, None, True)
        assert len(commands) == 3


def test_a_small_target_with_a_declared_full_size_equivalent_passes_2_5_8():
    """Issue 54, item 6: WCAG 2.5.8's "Equivalent" exception through a declared alternative."""
    with gk.Engine(800, 480) as engine:
        minus = engine.tap(engine.root.add_view((300, 300, 20, 20)))
        plus = engine.tap(engine.root.add_view((322, 300, 20, 20)))
        keypad = engine.tap(engine.root.add_view((100, 380, 200, 60)))
        assert sorted(f.rule for f in engine.audit()) == ["target-size", "target-size"]
        minus.declare_alternative(plus)                             # small itself: no equivalent
        assert len(engine.audit()) == 2
        minus.declare_alternative(keypad)
        assert [f.recognizer for f in engine.audit()] == [plus]
        keypad.enabled = False
        assert len(engine.audit()) == 2


def test_explore_by_touch_focuses_flicks_and_activates_by_double_tap():
    with gk.Engine(400, 400) as engine:
        buttons, pressed = [], []
        for k, name in enumerate(("Buy ticket", "Timetable")):
            v = engine.root.add_view((20 + 200 * k, 300, 160, 60))
            v.set_accessibility(name, order=k)
            tap = engine.tap(v)
            tap.add_target(lambda a, name=name: pressed.append(name))
            buttons.append(v)
        engine.screen_reader = True
        assert engine.screen_reader
        engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 100, 330)])
        engine.advance(0.3)                                          # held on "Buy ticket"
        engine.feed(0.5, [gk.Touch(1, gk.Phase.ENDED, 100, 330)])
        engine.feed(1.0, [gk.Touch(2, gk.Phase.BEGAN, 150, 100)])     # a flick right, anywhere
        engine.feed(1.05, [gk.Touch(2, gk.Phase.MOVED, 190, 101)])
        engine.feed(1.1, [gk.Touch(2, gk.Phase.ENDED, 230, 102)])
        assert engine.accessibility_focus == buttons[1]
        for k, t in enumerate((2.0, 2.15)):                          # a double tap, anywhere
            engine.feed(t, [gk.Touch(3 + k, gk.Phase.BEGAN, 50, 50)])
            engine.feed(t + 0.05, [gk.Touch(3 + k, gk.Phase.ENDED, 50, 50)])
        said = [(e.kind, e.label, round(e.timestamp, 2)) for e in engine.accessibility_events()]
        assert said == [("focus", "Buy ticket", 0.3), ("focus", "Timetable", 1.1), ("activate", "Timetable", 2.2)]
        assert pressed == ["Timetable"]
        assert buttons[0].accessibility_label == "Buy ticket"
        engine.screen_reader = False


def test_a_flick_skips_hidden_transparent_and_empty_elements():
    """Issue 54, item 3: what UIKit leaves out of the accessibility order, a flick passes over."""
    with gk.Engine(400, 400) as engine:
        panel = engine.root.add_view((0, 0, 400, 100))
        pay = panel.add_view((10, 10, 100, 50))
        pay.set_accessibility("Confirm payment", order=0)
        panel.hidden = True                                          # in a hidden parent
        ghost = engine.root.add_view((20, 300, 100, 60))
        ghost.set_accessibility("Hidden", order=1)
        ghost.hidden = True
        clear = engine.root.add_view((140, 300, 100, 60))
        clear.set_accessibility("Transparent", order=2)
        clear.alpha = 0
        flat = engine.root.add_view((0, 0, 0, 40))
        flat.set_accessibility("Empty", order=3)
        ticket = engine.root.add_view((260, 300, 100, 60))
        ticket.set_accessibility("Buy ticket", order=4)
        engine.screen_reader = True

        def flick(t, dx):
            engine.feed(t, [gk.Touch(9, gk.Phase.BEGAN, 200, 150)])
            engine.feed(t + 0.05, [gk.Touch(9, gk.Phase.MOVED, 200 + dx / 2, 151)])
            engine.feed(t + 0.1, [gk.Touch(9, gk.Phase.ENDED, 200 + dx, 152)])

        flick(0.0, 80)
        flick(1.0, -80)
        said = [(e.kind, e.label) for e in engine.accessibility_events()]
        # Issue 54, item 4: at either end the focus stays, and the host hears of it.
        assert said == [("focus", "Buy ticket"), ("boundary", "Buy ticket")]
        assert engine.accessibility_focus == ticket


@pytest.mark.parametrize("scale", [1.0, 10.0])
def test_exploring_speaks_at_once_at_any_timing_scale(scale):
    """Issue 54, item 5: only the double-tap interval scales; a slow slide across three
    elements says each one as it reaches it, and its lift is no flick."""
    with gk.Engine(400, 400) as engine:
        for k, name in enumerate(("A", "B", "C")):
            engine.root.add_view((20 + 120 * k, 300, 100, 60)).set_accessibility(name, order=k)
        engine.timing_scale = scale
        engine.screen_reader = True
        engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 30, 330)])
        for k in range(1, 21):
            engine.feed(0.1 * k, [gk.Touch(1, gk.Phase.MOVED, 30 + 17 * k, 330)])
        engine.feed(2.1, [gk.Touch(1, gk.Phase.ENDED, 370, 330)])
        engine.advance(10)
        said = [(e.kind, e.label, round(e.timestamp, 2)) for e in engine.accessibility_events()]
        assert said == [("focus", "A", 0.3), ("focus", "B", 0.7), ("focus", "C", 1.4)]


def test_a_row_scrolled_out_of_view_is_scrolled_into_view_and_never_activated_blindly():
    """Issue 54, item 2: the focused row below a list's visible area is not "activated" while a
    tap at its centre cannot reach it; the host is asked to scroll it into view."""
    with gk.Engine(400, 400) as engine:
        listing = engine.root.add_view((0, 0, 400, 300))
        tapped = []
        for k in range(6):
            row = listing.add_view((0, 60 * k, 400, 60))
            row.set_accessibility(f"Row {k + 1}", order=k)
            engine.tap(row).add_target(lambda a, k=k: tapped.append(k + 1))
        engine.screen_reader = True
        for k in range(6):                                          # flick to Row 6
            t = float(k)
            engine.feed(t, [gk.Touch(9, gk.Phase.BEGAN, 100, 350)])
            engine.feed(t + 0.05, [gk.Touch(9, gk.Phase.MOVED, 140, 351)])
            engine.feed(t + 0.1, [gk.Touch(9, gk.Phase.ENDED, 180, 352)])

        def double_tap(t):
            for k, at in enumerate((t, t + 0.15)):
                engine.feed(at, [gk.Touch(20 + k, gk.Phase.BEGAN, 200, 380)])
                engine.feed(at + 0.05, [gk.Touch(20 + k, gk.Phase.ENDED, 200, 380)])

        said = [(e.kind, e.label) for e in engine.accessibility_events()]
        assert said[-2:] == [("focus", "Row 6"), ("scroll-into-view", "Row 6")]
        double_tap(6.0)
        assert [(e.kind, e.label) for e in engine.accessibility_events()] == [("scroll-into-view", "Row 6")]
        assert tapped == []
        listing.set_bounds_origin(0, 60)                            # the host scrolls one row
        double_tap(7.0)
        assert [(e.kind, e.label) for e in engine.accessibility_events()] == [("activate", "Row 6")]
        assert tapped == [6]


def test_explore_by_touch_pause_escape_scroll_and_split_tap():
    with gk.Engine(400, 800) as engine:
        pay = engine.root.add_view((100, 100, 200, 200))
        pay.set_accessibility("Pay")
        paid = []
        engine.tap(pay).add_target(lambda a: paid.append(round(a.timestamp, 2)))
        listing = engine.root.add_view((0, 400, 400, 300))
        moved = []
        engine.pan(listing).add_target(lambda a: moved.append(a.translation))
        engine.screen_reader = True

        def frame(t, phase, points, first_id=1):
            engine.feed(t, [gk.Touch(first_id + k, phase, x, y) for k, (x, y) in enumerate(points)])

        frame(0.0, gk.Phase.BEGAN, [(200, 200)])                      # rest on Pay
        engine.advance(0.3)
        frame(0.5, gk.Phase.BEGAN, [(20, 20)], first_id=2)            # split tap
        frame(0.6, gk.Phase.ENDED, [(20, 20)], first_id=2)
        frame(0.8, gk.Phase.ENDED, [(200, 200)])
        frame(1.0, gk.Phase.BEGAN, [(20, 750), (60, 750)])           # two-finger tap
        frame(1.1, gk.Phase.ENDED, [(20, 750), (60, 750)])
        frame(2.0, gk.Phase.BEGAN, [(20, 750), (20, 780)])           # scrub
        for k, x in enumerate((80, 20, 80)):
            frame(2.1 + 0.1 * k, gk.Phase.MOVED, [(x, 750), (x, 780)])
        frame(2.4, gk.Phase.ENDED, [(80, 750), (80, 780)])
        frame(3.0, gk.Phase.BEGAN, [(150, 600), (200, 600), (250, 600)])   # three fingers down
        frame(3.2, gk.Phase.ENDED, [(150, 680), (200, 680), (250, 680)])
        kinds = [(e.kind, e.label, e.direction) for e in engine.accessibility_events()]
        assert kinds == [("focus", "Pay", 0), ("activate", "Pay", 0), ("pause", "Pay", 0), ("escape", "Pay", 0),
                         ("scroll", "Pay", int(gk.SwipeDirection.DOWN))]
        assert paid == [0.6]
        assert moved and moved[-1][1] == pytest.approx(0.8 * 300 - 10)   # a page down, less the pan's hysteresis


def _kiosk_with_pay_and_buy():
    engine = gk.Engine(400, 800)
    views, pressed = {}, []
    for k, name in enumerate(("Buy ticket", "Pay 12 EUR")):
        v = engine.root.add_view((20 + 200 * k, 300, 160, 60))
        v.set_accessibility(name, order=k)
        engine.tap(v).add_target(lambda a, name=name: pressed.append(name))
        views[name] = v
    engine.screen_reader = True
    return engine, views, pressed


def _double_tap(engine, t, first_id):
    for k, dt in enumerate((0.0, 0.15)):
        engine.feed(t + dt, [gk.Touch(first_id + k, gk.Phase.BEGAN, 50, 50)])
        engine.feed(t + dt + 0.05, [gk.Touch(first_id + k, gk.Phase.ENDED, 50, 50)])
    engine.advance(t + 1.0)


def _flick_right(engine, t, ident):
    engine.feed(t, [gk.Touch(ident, gk.Phase.BEGAN, 150, 100)])
    engine.feed(t + 0.05, [gk.Touch(ident, gk.Phase.MOVED, 190, 101)])
    engine.feed(t + 0.1, [gk.Touch(ident, gk.Phase.ENDED, 230, 102)])


def test_a_three_finger_swipe_over_nothing_that_scrolls_is_the_boundary():
    """Issue 66: no gesture took the drag, so nothing scrolled: the boundary, with the direction."""
    engine, views, pressed = _kiosk_with_pay_and_buy()
    with engine:
        engine.feed(1.0, [gk.Touch(k + 1, gk.Phase.BEGAN, 100 + 40 * k, 320) for k in range(3)])
        engine.feed(1.2, [gk.Touch(k + 1, gk.Phase.ENDED, 100 + 40 * k, 400) for k in range(3)])
        assert [(e.kind, e.direction) for e in engine.accessibility_events()] == [("boundary", int(gk.SwipeDirection.DOWN))]
        assert pressed == []


def test_a_focused_button_hidden_leaves_the_focus_and_a_double_tap_asks_nothing():
    """Issue 66: "Buy ticket" sold out and hidden while focused."""
    engine, views, pressed = _kiosk_with_pay_and_buy()
    with engine:
        _flick_right(engine, 0.0, 1)
        assert engine.accessibility_focus == views["Buy ticket"]
        views["Buy ticket"].hidden = True
        assert engine.accessibility_focus is None
        _double_tap(engine, 1.0, 2)
        assert [(e.kind, e.label) for e in engine.accessibility_events()] == [("focus", "Buy ticket")]
        assert pressed == []


def test_a_disabled_button_is_focused_dimmed_and_a_double_tap_does_nothing():
    """Issue 66: "Pay 12 EUR" with user interaction off is on screen, not covered."""
    engine, views, pressed = _kiosk_with_pay_and_buy()
    with engine:
        pay = views["Pay 12 EUR"]
        pay.user_interaction_enabled = False
        assert pay.dimmed and not views["Buy ticket"].dimmed
        _flick_right(engine, 0.0, 1)
        _flick_right(engine, 1.0, 2)
        _double_tap(engine, 2.0, 3)
        said = [(e.kind, e.label) for e in engine.accessibility_events()]
        assert said == [("focus", "Buy ticket"), ("focus", "Pay 12 EUR")]   # no scroll-into-view, no activate
        assert pressed == []
        pay.user_interaction_enabled = True
        assert not pay.dimmed
        _double_tap(engine, 4.0, 5)
        assert pressed == ["Pay 12 EUR"]


def test_an_event_of_a_view_destroyed_before_the_poll_is_delivered_with_the_view_marked_gone():
    with gk.Engine(400, 400) as engine:
        ticket = engine.root.add_view((20, 300, 160, 60))
        ticket.set_accessibility("Buy ticket")
        engine.screen_reader = True
        engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 100, 330)])
        engine.advance(0.3)                      # focus lands on "Buy ticket"
        engine.feed(0.5, [gk.Touch(1, gk.Phase.ENDED, 100, 330)])
        ticket.destroy()
        events = list(engine.accessibility_events())
        assert [(e.kind, e.view, e.label, e.view_gone) for e in events] == [("focus", ticket, "", True)]


def test_an_accessibility_order_outside_int32_is_refused_not_truncated():
    with gk.Engine(400, 400) as engine:
        v = engine.root.add_view((0, 0, 100, 100))
        for bad in (2**31, 2**32, -2**31 - 1):
            with pytest.raises(ValueError, match="order"):
                v.set_accessibility("x", order=bad)
        for wrong in (1.5, "1", None):
            with pytest.raises(TypeError):
                v.set_accessibility("x", order=wrong)
        with pytest.raises(TypeError):
            v.set_accessibility(b"x")
        v.set_accessibility("x", order=2**31 - 1)   # the largest int32 is fine


def test_accessibility_events_lost_to_a_full_queue_are_counted_and_flagged():
    with gk.Engine(400, 400) as engine:
        v = engine.root.add_view((20, 20, 200, 200))
        v.set_accessibility("Pay")
        engine.tap(v)
        engine.screen_reader = True
        for i in range(256 + 10):                # each tap on the element says it again
            engine.feed(i, [gk.Touch(1, gk.Phase.BEGAN, 100, 100)])
            engine.feed(i + 0.05, [gk.Touch(1, gk.Phase.ENDED, 100, 100)])
            engine.advance(i + 0.9)
        stats = engine.stats()
        assert stats["pending_accessibility_events"] == 256
        assert stats["dropped_accessibility_events"] == 10
        events = list(engine.accessibility_events())
        assert len(events) == 256
        assert [e.dropped_before for e in events[:2]] == [10, 0]
        assert all(e.label == "Pay" for e in events)


def test_a_double_tap_and_hold_drags_the_focused_slider_with_the_finger():
    with gk.Engine(400, 400) as engine:
        slider = engine.root.add_view((100, 300, 200, 60))
        slider.set_accessibility("Volume")
        moved = []
        engine.pan(slider).add_target(lambda a: moved.append((a.state, a.translation)))
        engine.screen_reader = True
        engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 200, 330)])
        engine.advance(0.3)                                          # held on the slider: focused
        engine.feed(0.4, [gk.Touch(1, gk.Phase.ENDED, 200, 330)])
        engine.feed(1.0, [gk.Touch(2, gk.Phase.BEGAN, 50, 50)])      # a double tap anywhere...
        engine.feed(1.05, [gk.Touch(2, gk.Phase.ENDED, 50, 50)])
        engine.feed(1.2, [gk.Touch(3, gk.Phase.BEGAN, 50, 50)])      # ...whose second finger stays
        engine.advance(1.5)
        for k in range(1, 5):
            engine.feed(1.5 + 0.05 * k, [gk.Touch(3, gk.Phase.MOVED, 50 - 10 * k, 50)])
        engine.feed(1.8, [gk.Touch(3, gk.Phase.ENDED, 10, 50)])
        said = [(e.kind, e.label, round(e.timestamp, 2)) for e in engine.accessibility_events()]
        assert said == [("focus", "Volume", 0.3), ("pass-through", "Volume", 1.5)]
        assert moved[0][0] == gk.State.BEGAN and moved[-1][0] == gk.State.ENDED
        assert moved[-1][1] == pytest.approx((-30, 0))               # 40 pt left, less the hysteresis


def test_a_flick_up_or_down_adjusts_an_adjustable_quantity_and_nothing_else():
    """Issue 54, item 1: VoiceOver's adjustable trait. The host keeps the value and says it."""
    with gk.Engine(400, 400) as engine:
        tickets = engine.root.add_view((20, 300, 100, 60))
        tickets.set_accessibility("Tickets: 1", order=0)
        assert tickets.adjustable is False
        tickets.adjustable = True
        assert tickets.adjustable is True
        pay = engine.root.add_view((140, 300, 100, 60))
        pay.set_accessibility("Pay", order=1)
        engine.screen_reader = True
        count = [1]

        def flick(t, dx=0, dy=0):
            engine.feed(t, [gk.Touch(9, gk.Phase.BEGAN, 200, 150)])
            engine.feed(t + 0.05, [gk.Touch(9, gk.Phase.MOVED, 200 + dx / 2, 150 + dy / 2)])
            engine.feed(t + 0.1, [gk.Touch(9, gk.Phase.ENDED, 200 + dx, 150 + dy)])

        said = []

        def speak():
            for e in engine.accessibility_events():
                if e.kind in ("increment", "decrement"):
                    count[0] += 1 if e.kind == "increment" else -1
                    e.view.set_accessibility(f"Tickets: {count[0]}", order=0)
                    said.append((e.kind, e.view.accessibility_label))
                else:
                    said.append((e.kind, e.label))

        flick(0.0, dx=80)      # Tickets
        flick(1.0, dy=-80)     # up: 2
        flick(2.0, dy=-80)     # up: 3
        flick(3.0, dy=80)      # down: 2
        flick(4.0, dx=80)      # Pay
        flick(5.0, dy=-80)     # Pay is not adjustable: nothing
        speak()
        assert said == [("focus", "Tickets: 1"), ("increment", "Tickets: 2"), ("increment", "Tickets: 3"),
                        ("decrement", "Tickets: 2"), ("focus", "Pay")]
        with pytest.raises(TypeError):
            pay.adjustable = "yes"


def test_declared_screen_reader_commands_leave_the_audit_and_the_rest_cite_en_301_549():
    """Issue 54, item 7."""
    with gk.Engine(400, 400) as engine:
        engine.screen_reader = True
        found = engine.audit()
        assert [(f.rule, f.clause) for f in found] == [("screen-reader-command", "EN 301 549 5.9")] * 3
        assert engine.screen_reader_commands == frozenset()
        engine.screen_reader_commands = {"pause", "escape"}
        assert engine.screen_reader_commands == {"pause", "escape"}
        assert [f.suggestion for f in engine.audit()] == [
            "offer the screen reader's scroll (three-finger swipe) another way: buttons or keys"]
        engine.screen_reader_commands = {"pause", "escape", "scroll"}
        assert engine.audit() == []
        with pytest.raises(ValueError):
            engine.screen_reader_commands = {"undo"}
        with pytest.raises(TypeError):
            engine.screen_reader_commands = "pause"
        assert engine.screen_reader_commands == {"pause", "escape", "scroll"}
