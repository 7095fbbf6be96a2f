"""The screen reader's 0.6.0 commands from Python (issue 66): magic tap, read all, position, first
and last, the triple tap, the host moving the focus, announcements, modal views, groups, the swipe
accommodation and the audit's 4.1.2 findings."""
from __future__ import annotations

import pytest

import gesturekit as gk


def _machine(grouped=True):
    """Two panels, "Ticket" (Adult, Child) and "Trip" (Single, Return), orders 1, 2 in each."""
    engine = gk.Engine(400, 800)
    views, pressed = {}, []
    for p, (panel, names) in enumerate((("Ticket", ("Adult", "Child")), ("Trip", ("Single", "Return")))):
        box = engine.root.add_view((200 * p, 300, 200, 300))
        box.set_accessibility("", element=False, order=p + 1)
        box.group = grouped
        views[panel] = box
        for k, name in enumerate(names):
            v = box.add_view((20, 20 + 120 * k, 160, 100))
            v.set_accessibility(name, order=k + 1)
            engine.tap(v).add_target(lambda a, name=name: pressed.append(name))
            views[name] = v
    engine.screen_reader = True
    return engine, views, pressed


def _fingers(engine, n, t, x, y, dx=0.0, dy=0.0, lift=0.1, first=10):
    engine.feed(t, [gk.Touch(first + k, gk.Phase.BEGAN, x + 40 * k, y) for k in range(n)])
    engine.feed(t + lift, [gk.Touch(first + k, gk.Phase.ENDED, x + 40 * k + dx, y + dy) for k in range(n)])


def _said(engine):
    return [(e.kind, e.label) for e in engine.accessibility_events()]


@pytest.mark.parametrize("grouped, order", [(False, ["Adult", "Single", "Child", "Return"]),
                                            (True, ["Adult", "Child", "Single", "Return"])])
def test_panels_that_are_groups_read_panel_by_panel(grouped, order):
    engine, views, _ = _machine(grouped)
    with engine:
        assert views["Ticket"].group == grouped
        for _ in range(5):
            engine.move_accessibility_focus("next")
        assert _said(engine) == [("focus", name) for name in order] + [("boundary", "Return")]


def test_magic_tap_read_all_position_and_the_last_element():
    engine, views, pressed = _machine()
    with engine:
        engine.accessibility_focus = views["Child"]
        _fingers(engine, 2, 1.0, 100, 100)
        _fingers(engine, 2, 1.3, 101, 101, first=20)
        engine.advance(3.0)
        _fingers(engine, 2, 4.0, 100, 100, dy=120, lift=0.2)          # two fingers down: read all
        _fingers(engine, 3, 5.0, 100, 100)                            # three-finger tap: position
        _fingers(engine, 4, 6.0, 50, 700)                             # four fingers, bottom: the last
        assert _said(engine) == [("focus", "Child"), ("magic-tap", "Child"), ("read-all", "Child"),
                                 ("position", "Child"), ("focus", "Return")]
        _fingers(engine, 2, 7.0, 100, 100)                            # a lone two-finger tap
        engine.advance(7.49)
        assert _said(engine) == []
        engine.advance(7.5)
        assert _said(engine) == [("pause", "Return")]
        assert pressed == []


def test_a_triple_tap_gives_a_map_that_zooms_on_a_double_tap_its_double_tap():
    with gk.Engine(400, 800) as engine:
        m = engine.root.add_view((0, 0, 400, 400))
        m.set_accessibility("Map")
        zoomed = []
        engine.tap(m, number_of_taps_required=2).add_target(lambda a: zoomed.append(a.timestamp))
        engine.screen_reader = True
        engine.accessibility_focus = m
        for k in range(3):
            engine.feed(1.0 + 0.2 * k, [gk.Touch(k + 1, gk.Phase.BEGAN, 200, 600)])
            engine.feed(1.05 + 0.2 * k, [gk.Touch(k + 1, gk.Phase.ENDED, 200, 600)])
        assert _said(engine) == [("focus", "Map"), ("activate-twice", "Map")]
        assert len(zoomed) == 1


def test_announcements_come_in_order_with_their_text_and_priority():
    engine, views, _ = _machine()
    with engine:
        engine.accessibility_focus = views["Adult"]
        engine.announce("Card declined", priority="urgent")
        engine.move_accessibility_focus("next")
        events = list(engine.accessibility_events())
        assert [(e.kind, e.label, e.message, e.priority) for e in events] == [
            ("focus", "Adult", "", ""), ("announcement", "", "Card declined", "urgent"), ("focus", "Child", "", "")]
        focus, urgent = events[0], events[1]
        assert focus.interrupts(focus) and urgent.interrupts(focus)
        assert not events[2].interrupts(urgent) and not urgent.interrupts(urgent)
        with pytest.raises(ValueError, match="polite"):
            engine.announce("x", priority="loud")
        with pytest.raises(TypeError):
            engine.announce(42)


def test_a_modal_dialog_confines_the_reader_and_the_host_cannot_focus_outside_it():
    engine, views, _ = _machine()
    with engine:
        engine.accessibility_focus = views["Adult"]
        dialog = engine.root.add_view((50, 50, 300, 200))
        dialog.modal = True
        dialog.group = True
        assert dialog.modal and dialog.group and not dialog.adjustable
        for k, name in enumerate(("Cancel", "Confirm")):
            dialog.add_view((20 + 140 * k, 100, 120, 80)).set_accessibility(name, order=k)
        assert engine.accessibility_focus is None
        with pytest.raises(gk.GestureKitError) as error:
            engine.accessibility_focus = views["Return"]
        assert error.value.status == gk.Status.INVALID_ARGUMENT
        engine.move_accessibility_focus("first")
        engine.move_accessibility_focus("previous")
        assert _said(engine) == [("focus", "Adult"), ("focus", "Cancel"), ("boundary", "Cancel")]
        dialog.modal = False
        assert dialog.group
        engine.accessibility_focus = views["Return"]
        assert _said(engine) == [("focus", "Return")]
        with pytest.raises(ValueError, match="next, previous, first, last"):
            engine.move_accessibility_focus("up")
        with pytest.raises(TypeError):
            engine.accessibility_focus = "Return"


def test_the_swipe_distance_lets_a_quick_swipe_through_the_hold_duration():
    for distance, expected in ((0.0, 0), (20.0, 1)):
        with gk.Engine(400, 800) as engine:
            v = engine.root.add_view((100, 100, 200, 200))
            swiped = []
            engine.swipe(v).add_target(lambda a: swiped.append(a.state))
            engine.set_touch_accommodations(gk.TouchAccommodations(hold_duration=0.5, swipe_distance=distance))
            assert engine.touch_accommodations.swipe_distance == distance
            engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 150, 200)])
            for k in range(1, 6):
                engine.feed(0.02 * k, [gk.Touch(1, gk.Phase.MOVED, 150 + 24 * k, 200)])
            engine.feed(0.12, [gk.Touch(1, gk.Phase.ENDED, 270, 200)])
            engine.advance(1.0)
            assert len(swiped) == expected
            with pytest.raises(gk.GestureKitError):
                engine.set_touch_accommodations(gk.TouchAccommodations(hold_duration=0.5, swipe_distance=2))


def test_the_audit_reports_a_tap_the_reader_cannot_reach_and_an_empty_label():
    with gk.Engine(400, 800) as engine:
        v = engine.root.add_view((100, 100, 200, 200))
        engine.tap(v)
        assert engine.audit() == []                                   # no screen reader in use
        label = engine.root.add_view((0, 0, 50, 50))
        label.set_accessibility("")
        found = [(f.view, f.rule, f.clause) for f in engine.audit()]
        assert found == [(v, "not-an-element", "4.1.2"), (label, "empty-label", "4.1.2")]
