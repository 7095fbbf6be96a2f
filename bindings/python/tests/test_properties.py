"""pytest: the binding's one list of recognizer properties matches gesturekit.h, and every class's
property table is made from it."""
import os
import re

import pytest

import gesturekit as gk
from gesturekit.properties import PROPERTIES, table

HEADER = os.path.join(os.path.dirname(__file__), "..", "..", "..", "include", "gesturekit.h")
C_TYPES = {"bool": bool, "int": int, "double": float}


def header_properties():
    text = open(HEADER).read()
    enum = text[text.index("typedef enum gk_property"):]
    enum = enum[:enum.index("} gk_property;")]
    return {name: (int(value), C_TYPES[typ])
            for name, value, typ in re.findall(r"(GK_PROP_\w+)\s*=\s*(\d+),?\s*/\*\*<\s*(bool|int|double)", enum)}


@pytest.mark.skipif(not os.path.exists(HEADER), reason="the source tree's header is not there")
def test_the_property_list_matches_the_header_names_ids_and_types():
    in_header = header_properties()
    in_list = {c_name: (pid, typ) for c_name, pid, _group, _name, typ in PROPERTIES}
    assert len(in_header) == 76
    assert in_list == in_header


def test_every_python_name_is_unique_within_a_kind_and_ids_are_unique():
    ids = [pid for _c, pid, _g, _n, _t in PROPERTIES]
    assert len(ids) == len(set(ids))
    for kind in ("tap", "long_press", "pan", "screen_edge_pan", "swipe", "pinch", "rotation", "hover", "stroke"):
        names = [n for _c, _p, g, n, _t in PROPERTIES if g in ("common", kind) or (kind == "screen_edge_pan" and g == "pan")]
        assert len(names) == len(set(names)), kind


def test_classes_take_their_tables_from_the_list():
    assert gk.TapRecognizer._PROPS == table("tap")
    assert gk.ScreenEdgePanRecognizer._PROPS["hysteresis"] == (202, float)
    assert gk.ScreenEdgePanRecognizer._PROPS["edges"] == (400, int)
    assert "edges" not in gk.PanRecognizer._PROPS
    assert set(gk.HoverRecognizer._PROPS) == set(table("custom"))
    # The drift allowance: pans, pinch and rotation only.
    for cls in (gk.PanRecognizer, gk.ScreenEdgePanRecognizer, gk.PinchRecognizer, gk.RotationRecognizer):
        assert cls._PROPS["drift_allowance"] == (11, float)
    for cls in (gk.TapRecognizer, gk.LongPressRecognizer, gk.SwipeRecognizer, gk.HoverRecognizer):
        assert "drift_allowance" not in cls._PROPS


def test_a_misspelt_property_is_refused_with_the_closest_name_and_the_list():
    """Issue 67: number_of_tap_required=2 gave a single tap and no error."""
    with gk.Engine(400, 400) as engine:
        with pytest.raises(TypeError, match=r"no property 'number_of_tap_required'; did you mean 'number_of_taps_required'\?"):
            engine.tap(engine.root, number_of_tap_required=2)
        tap = engine.tap(engine.root)
        with pytest.raises(AttributeError) as error:
            tap.number_of_tap_required = 2
        assert "did you mean 'number_of_taps_required'" in str(error.value)
        assert "maximum_tap_duration" in str(error.value)           # the kind's list
        with pytest.raises(AttributeError, match="has no property 'minimum_press_duration'"):
            tap.minimum_press_duration = 1.0                           # another kind's property
        tap.number_of_taps_required = 2
        assert tap.number_of_taps_required == 2

        class Counter(gk.CustomRecognizer):
            def touches_began(self, touches, timestamp):
                self.count = getattr(self, "count", 0) + 1          # its own state stays allowed

        c = Counter(engine, engine.root)
        c.seen = True
        with pytest.raises(TypeError, match="no property 'number_of_taps_required'"):
            Counter(engine, engine.root, number_of_taps_required=2)
