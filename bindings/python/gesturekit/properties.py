"""The recognizer properties, in one list: each gk_property of ``gesturekit.h`` with the recognizer
kinds it belongs to and its Python name and type. Every recognizer class's property table is made
from this list (:func:`table`), and ``tests/test_properties.py`` checks the list against the header,
so a property added to the C ABI and forgotten here (or the reverse) fails a test.

``group`` is ``"common"`` (every kind), a kind's name, ``"pan"`` (pan and screen-edge pan) or
``"drift"`` (the kinds with a drift allowance: pans, pinch and rotation).
"""
from __future__ import annotations

from typing import Dict, Tuple

# (C name, id, group, Python name, Python type)
PROPERTIES = (
    ("GK_PROP_ENABLED", 1, "common", "enabled", bool),
    ("GK_PROP_CANCELS_TOUCHES_IN_VIEW", 2, "common", "cancels_touches_in_view", bool),
    ("GK_PROP_DELAYS_TOUCHES_BEGAN", 3, "common", "delays_touches_began", bool),
    ("GK_PROP_DELAYS_TOUCHES_ENDED", 4, "common", "delays_touches_ended", bool),
    ("GK_PROP_REQUIRES_EXCLUSIVE_TOUCH_TYPE", 5, "common", "requires_exclusive_touch_type", bool),
    ("GK_PROP_ALLOWED_TOUCH_TYPES", 6, "common", "allowed_touch_types", int),
    ("GK_PROP_BUTTON_MASK", 7, "common", "button_mask", int),
    ("GK_PROP_MODIFIER_FLAGS", 8, "common", "modifier_flags", int),
    ("GK_PROP_ALLOWED_PRESS_TYPES", 9, "common", "allowed_press_types", int),
    ("GK_PROP_SCALES_TIMING", 10, "common", "scales_timing", bool),
    ("GK_PROP_DRIFT_ALLOWANCE", 11, "drift", "drift_allowance", float),
    ("GK_PROP_LANDING_WINDOW", 12, "common", "landing_window", float),
    ("GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED", 100, "tap", "number_of_taps_required", int),
    ("GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED", 101, "tap", "number_of_touches_required", int),
    ("GK_PROP_TAP_ALLOWABLE_MOVEMENT", 102, "tap", "allowable_movement", float),
    ("GK_PROP_TAP_MAXIMUM_INTERVAL", 103, "tap", "maximum_tap_interval", float),
    ("GK_PROP_TAP_MAXIMUM_DURATION", 104, "tap", "maximum_tap_duration", float),
    ("GK_PROP_TAP_FINGER_WINDOW", 105, "tap", "finger_window", float),
    ("GK_PROP_TAP_BUTTON_MASK_REQUIRED", 106, "tap", "button_mask_required", int),
    ("GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES", 200, "pan", "minimum_number_of_touches", int),
    ("GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES", 201, "pan", "maximum_number_of_touches", int),
    ("GK_PROP_PAN_HYSTERESIS", 202, "pan", "hysteresis", float),
    ("GK_PROP_PAN_VELOCITY_MODE", 203, "pan", "velocity_mode", int),
    ("GK_PROP_PAN_VELOCITY_WINDOW", 204, "pan", "velocity_window", float),
    ("GK_PROP_PAN_VELOCITY_PAUSE_LIMIT", 205, "pan", "velocity_pause_limit", float),
    ("GK_PROP_PAN_VELOCITY_ON_CHANGE", 206, "pan", "velocity_on_change", bool),
    ("GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION", 300, "long_press", "minimum_press_duration", float),
    ("GK_PROP_LONG_PRESS_ALLOWABLE_MOVEMENT", 301, "long_press", "allowable_movement", float),
    ("GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED", 302, "long_press", "number_of_touches_required", int),
    ("GK_PROP_LONG_PRESS_NUMBER_OF_TAPS_REQUIRED", 303, "long_press", "number_of_taps_required", int),
    ("GK_PROP_LONG_PRESS_MAXIMUM_TAP_INTERVAL", 304, "long_press", "maximum_tap_interval", float),
    ("GK_PROP_LONG_PRESS_TAP_ALLOWABLE_MOVEMENT", 305, "long_press", "tap_allowable_movement", float),
    ("GK_PROP_LONG_PRESS_MAXIMUM_TAP_DURATION", 306, "long_press", "maximum_tap_duration", float),
    ("GK_PROP_SCREEN_EDGE_EDGES", 400, "screen_edge_pan", "edges", int),
    ("GK_PROP_SCREEN_EDGE_REGION", 401, "screen_edge_pan", "edge_region", float),
    ("GK_PROP_SCREEN_EDGE_HYSTERESIS", 402, "screen_edge_pan", "edge_hysteresis", float),
    ("GK_PROP_SWIPE_DIRECTION", 500, "swipe", "direction", int),
    ("GK_PROP_SWIPE_NUMBER_OF_TOUCHES_REQUIRED", 501, "swipe", "number_of_touches_required", int),
    ("GK_PROP_SWIPE_MAXIMUM_DURATION", 502, "swipe", "maximum_duration", float),
    ("GK_PROP_SWIPE_MINIMUM_PRIMARY_MOVEMENT", 503, "swipe", "minimum_primary_movement", float),
    ("GK_PROP_SWIPE_MAXIMUM_PRIMARY_MOVEMENT", 504, "swipe", "maximum_primary_movement", float),
    ("GK_PROP_SWIPE_MINIMUM_SECONDARY_MOVEMENT", 505, "swipe", "minimum_secondary_movement", float),
    ("GK_PROP_SWIPE_MAXIMUM_SECONDARY_MOVEMENT", 506, "swipe", "maximum_secondary_movement", float),
    ("GK_PROP_SWIPE_MINIMUM_DECAY", 507, "swipe", "minimum_decay", float),
    ("GK_PROP_SWIPE_MAXIMUM_DECAY", 508, "swipe", "maximum_decay", float),
    ("GK_PROP_SWIPE_MINIMUM_PRIMARY_SPEED", 509, "swipe", "minimum_primary_speed", float),
    ("GK_PROP_SWIPE_MAXIMUM_OPPOSITE_MOVEMENT", 510, "swipe", "maximum_opposite_movement", float),
    ("GK_PROP_PINCH_SCALE", 600, "pinch", "scale", float),
    ("GK_PROP_PINCH_VELOCITY", 601, "pinch", "velocity", float),
    ("GK_PROP_PINCH_HYSTERESIS", 602, "pinch", "hysteresis", float),
    ("GK_PROP_PINCH_VELOCITY_MODE", 603, "pinch", "velocity_mode", int),
    ("GK_PROP_PINCH_WEIGHT_PINCH", 604, "pinch", "pinch_weight", float),
    ("GK_PROP_PINCH_WEIGHT_ROTATION", 605, "pinch", "rotation_weight", float),
    ("GK_PROP_PINCH_WEIGHT_TRANSLATION", 606, "pinch", "translation_weight", float),
    ("GK_PROP_ROTATION_ROTATION", 700, "rotation", "rotation", float),
    ("GK_PROP_ROTATION_VELOCITY", 701, "rotation", "velocity", float),
    ("GK_PROP_ROTATION_ANGLE_THRESHOLD", 702, "rotation", "angle_threshold", float),
    ("GK_PROP_ROTATION_ANGLE_THRESHOLD_GROWTH", 703, "rotation", "angle_threshold_growth", float),
    ("GK_PROP_ROTATION_VELOCITY_MODE", 704, "rotation", "velocity_mode", int),
    ("GK_PROP_ROTATION_WEIGHT_ROTATION", 705, "rotation", "rotation_weight", float),
    ("GK_PROP_ROTATION_WEIGHT_PINCH", 706, "rotation", "pinch_weight", float),
    ("GK_PROP_ROTATION_WEIGHT_TRANSLATION", 707, "rotation", "translation_weight", float),
    ("GK_PROP_STROKE_THRESHOLD", 800, "stroke", "threshold", float),
    ("GK_PROP_STROKE_MINIMUM_LENGTH", 801, "stroke", "minimum_length", float),
    ("GK_PROP_STROKE_ROTATION_INVARIANT", 802, "stroke", "rotation_invariant", bool),
    ("GK_PROP_STROKE_MATCHER", 803, "stroke", "matcher", int),
    ("GK_PROP_STROKE_PAUSE", 804, "stroke", "stroke_pause", float),
    ("GK_PROP_STROKE_MAXIMUM_STROKES", 805, "stroke", "maximum_strokes", int),
    ("GK_PROP_STROKE_CONTINUATION_PAUSE", 806, "stroke", "continuation_pause", float),
    ("GK_PROP_STROKE_COMPLETE_PAUSE", 807, "stroke", "complete_pause", float),
    ("GK_PROP_ONE_FINGER_ZOOM_SCALE", 900, "one_finger_zoom", "scale", float),
    ("GK_PROP_ONE_FINGER_ZOOM_VELOCITY", 901, "one_finger_zoom", "velocity", float),
    ("GK_PROP_ONE_FINGER_ZOOM_HYSTERESIS", 902, "one_finger_zoom", "hysteresis", float),
    ("GK_PROP_ONE_FINGER_ZOOM_POINTS_PER_DOUBLING", 903, "one_finger_zoom", "points_per_doubling", float),
    ("GK_PROP_ONE_FINGER_ZOOM_MAXIMUM_TAP_DURATION", 904, "one_finger_zoom", "maximum_tap_duration", float),
    ("GK_PROP_ONE_FINGER_ZOOM_MAXIMUM_TAP_INTERVAL", 905, "one_finger_zoom", "maximum_tap_interval", float),
)

# The groups each kind's table is made of.
_GROUPS = {
    "tap": ("common", "tap"),
    "long_press": ("common", "long_press"),
    "pan": ("common", "pan", "drift"),
    "screen_edge_pan": ("common", "pan", "screen_edge_pan", "drift"),
    "swipe": ("common", "swipe"),
    "pinch": ("common", "pinch", "drift"),
    "rotation": ("common", "rotation", "drift"),
    "hover": ("common",),
    "stroke": ("common", "stroke"),
    "one_finger_zoom": ("common", "one_finger_zoom"),
    "custom": ("common",),
}


def table(kind: str) -> Dict[str, Tuple[int, type]]:
    """The property table of a recognizer kind: Python name -> (gk_property id, type)."""
    groups = _GROUPS[kind]
    return {name: (pid, typ) for _c, pid, group, name, typ in PROPERTIES if group in groups}


ALL_NAMES = frozenset(name for _c, _pid, _group, name, _typ in PROPERTIES)
