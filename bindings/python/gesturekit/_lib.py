"""ctypes declarations of libgesturekit's C ABI (include/gesturekit.h). Nothing pythonic here."""
from __future__ import annotations

import ctypes
import struct

from ._loader import load


class Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double)]


class Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("width", ctypes.c_double), ("height", ctypes.c_double)]


class Transform(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("a", "b", "c", "d", "tx", "ty")]


ENGINE_LOG_TRANSITIONS = 1   # GK_ENGINE_LOG_TRANSITIONS


class EngineOptions(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_size_t),
        ("screen_width", ctypes.c_double),
        ("screen_height", ctypes.c_double),
        ("points_per_mm", ctypes.c_double),
        ("max_touches", ctypes.c_uint32),
        ("max_views", ctypes.c_uint32),
        ("max_recognizers", ctypes.c_uint32),
        ("action_queue_capacity", ctypes.c_uint32),
        ("delivery_queue_capacity", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),   # gk_engine_flag bits (0.3.0)
    ]


class TouchStruct(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int64), ("phase", ctypes.c_uint32), ("type", ctypes.c_uint32),
                ("x", ctypes.c_double), ("y", ctypes.c_double), ("force", ctypes.c_double),
                ("major_radius", ctypes.c_double), ("buttons", ctypes.c_uint32), ("modifiers", ctypes.c_uint32)]


class ActionStruct(ctypes.Structure):
    _fields_ = [
        ("sequence", ctypes.c_uint64), ("timestamp", ctypes.c_double), ("recognizer", ctypes.c_uint64),
        ("view", ctypes.c_uint64), ("kind", ctypes.c_uint32), ("state", ctypes.c_uint32),
        ("location", Point), ("number_of_touches", ctypes.c_uint32), ("swipe_direction", ctypes.c_uint32),
        ("translation", Point), ("velocity", Point), ("scale", ctypes.c_double), ("rotation", ctypes.c_double),
        ("scalar_velocity", ctypes.c_double), ("button_mask", ctypes.c_uint32), ("modifier_flags", ctypes.c_uint32),
        ("stroke_template", ctypes.c_int32), ("reserved", ctypes.c_uint32), ("stroke_score", ctypes.c_double),
        ("stroke_bounds", Rect),
    ]


class DeliveryStruct(ctypes.Structure):
    _fields_ = [
        ("sequence", ctypes.c_uint64), ("timestamp", ctypes.c_double), ("view", ctypes.c_uint64),
        ("touch_id", ctypes.c_int64), ("phase", ctypes.c_uint32), ("touch_type", ctypes.c_uint32),
        ("location", Point), ("window_location", Point), ("touch_timestamp", ctypes.c_double),
        ("force", ctypes.c_double), ("major_radius", ctypes.c_double), ("buttons", ctypes.c_uint32),
        ("modifiers", ctypes.c_uint32), ("press_type", ctypes.c_uint32), ("reserved", ctypes.c_uint32),
    ]


_CODES = {ctypes.c_uint64: "Q", ctypes.c_int64: "q", ctypes.c_uint32: "I", ctypes.c_int32: "i",
          ctypes.c_double: "d"}


def flat_format(ctype: type, base: int = 0, at: int = 0) -> "tuple[str, int]":
    """The `struct` format of a ctypes structure, nested structures flattened in order, with the
    padding ctypes lays out written as pad bytes, so one `unpack_from` reads every field. Returns
    the format and the offset reached."""
    fmt = ""
    for name, ftype in ctype._fields_:
        offset = base + getattr(ctype, name).offset
        if offset > at:
            fmt += f"{offset - at}x"
            at = offset
        if ftype in _CODES:
            fmt += _CODES[ftype]
            at += ctypes.sizeof(ftype)
        else:
            inner, at = flat_format(ftype, offset, at)
            fmt += inner
    return fmt, at


def flat_struct(ctype: type) -> struct.Struct:
    """A `struct.Struct` reading every field of `ctype` (see `flat_format`), little or big endian
    as the machine is; checked against the structure's size."""
    fmt, end = flat_format(ctype)
    size = ctypes.sizeof(ctype)
    if end < size:
        fmt += f"{size - end}x"
    packed = struct.Struct("=" + fmt)
    assert packed.size == size, (ctype.__name__, packed.size, size)
    return packed


class TransitionStruct(ctypes.Structure):
    _fields_ = [("sequence", ctypes.c_uint64), ("timestamp", ctypes.c_double), ("recognizer", ctypes.c_uint64),
                ("from_state", ctypes.c_uint32), ("to_state", ctypes.c_uint32)]


class StatsStruct(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint64) for n in (
        "pending_actions", "pending_deliveries", "dropped_actions", "dropped_deliveries", "touches_down",
        "views", "recognizers", "pending_transitions", "dropped_transitions", "pending_decisions",
        "dropped_decisions", "pending_accessibility_events", "dropped_accessibility_events")]


class PanelProfileStruct(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("width_mm", ctypes.c_double), ("height_mm", ctypes.c_double),
                ("sample_rate_hz", ctypes.c_double), ("noise", ctypes.c_double),
                ("max_contact_radius", ctypes.c_double), ("reports_pressure", ctypes.c_uint32),
                ("reports_size", ctypes.c_uint32), ("edge_top", ctypes.c_double), ("edge_left", ctypes.c_double),
                ("edge_bottom", ctypes.c_double), ("edge_right", ctypes.c_double)]


class AccessibilityEventStruct(ctypes.Structure):
    _fields_ = [("sequence", ctypes.c_uint64), ("timestamp", ctypes.c_double), ("kind", ctypes.c_uint32),
                ("direction", ctypes.c_uint32), ("view", ctypes.c_uint64), ("dropped_before", ctypes.c_uint64),
                ("message", ctypes.c_uint64), ("priority", ctypes.c_uint32)]


class AuditFindingStruct(ctypes.Structure):
    _fields_ = [("view", ctypes.c_uint64), ("recognizer", ctypes.c_uint64), ("rule", ctypes.c_uint32),
                ("suggestion", ctypes.c_uint32)]


class TouchAccommodationsStruct(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("hold_duration", ctypes.c_double), ("ignore_repeat", ctypes.c_double),
                ("ignore_repeat_distance", ctypes.c_double), ("tap_assistance", ctypes.c_uint32),
                ("tap_assistance_delay", ctypes.c_double), ("swipe_distance", ctypes.c_double)]


class InputFiltersStruct(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("flags", ctypes.c_uint32), ("jitter", ctypes.c_uint32)] + [
        (n, ctypes.c_double) for n in ("one_euro_min_cutoff", "one_euro_beta", "ghost_min_duration", "ghost_max_speed",
                                       "stuck_timeout", "chatter_interval", "chatter_distance")]


class FilterCountersStruct(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint64) for n in (
        "jitter_smoothed", "ghost_short", "ghost_jump", "ghost_empty", "ghost_stuck", "palms", "chatter",
        "edge_dropped", "edge_released")]


class TouchInfoStruct(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int64), ("phase", ctypes.c_uint32), ("type", ctypes.c_uint32),
                ("location", Point), ("previous_location", Point), ("start_location", Point),
                ("timestamp", ctypes.c_double), ("start_timestamp", ctypes.c_double), ("view", ctypes.c_uint64),
                ("force", ctypes.c_double), ("major_radius", ctypes.c_double), ("buttons", ctypes.c_uint32),
                ("modifiers", ctypes.c_uint32)]


class RecordedInputStruct(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_uint32), ("starts_frame", ctypes.c_uint32), ("timestamp", ctypes.c_double),
                ("touch", TouchStruct), ("hover_phase", ctypes.c_uint32), ("hover_type", ctypes.c_uint32)]


class DecisionStruct(ctypes.Structure):
    _fields_ = [("sequence", ctypes.c_uint64), ("timestamp", ctypes.c_double), ("recognizer", ctypes.c_uint64),
                ("other", ctypes.c_uint64), ("view", ctypes.c_uint64), ("touch_id", ctypes.c_int64),
                ("event", ctypes.c_uint32), ("cause", ctypes.c_uint32), ("from_state", ctypes.c_uint32),
                ("to_state", ctypes.c_uint32)]


ACTION_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(ActionStruct), ctypes.c_void_p)
SHOULD_BEGIN_FN = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p)
SHOULD_RECEIVE_FN = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_int64,
                                     ctypes.c_double, ctypes.c_double, ctypes.c_void_p)
PAIR_FN = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64, ctypes.c_void_p)
TOUCHES_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(TouchInfoStruct), ctypes.c_size_t,
                              ctypes.c_double, ctypes.c_void_p)
DEADLINE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_double, ctypes.c_void_p)
RESET_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p)
DELIVERY_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(DeliveryStruct), ctypes.c_void_p)
VIEW_SHOULD_BEGIN_FN = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64,
                                        ctypes.c_void_p)


class CustomHooksStruct(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("user_data", ctypes.c_void_p), ("touches_began", TOUCHES_FN),
                ("touches_moved", TOUCHES_FN), ("touches_ended", TOUCHES_FN), ("touches_cancelled", TOUCHES_FN),
                ("deadline_reached", DEADLINE_FN), ("reset", RESET_FN), ("can_prevent", PAIR_FN),
                ("can_be_prevented", PAIR_FN), ("should_require_failure_of", PAIR_FN),
                ("should_be_required_to_fail_by", PAIR_FN)]


class DelegateStruct(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("user_data", ctypes.c_void_p), ("should_begin", SHOULD_BEGIN_FN),
                ("should_receive_touch", SHOULD_RECEIVE_FN), ("should_recognize_simultaneously", PAIR_FN),
                ("should_require_failure_of", PAIR_FN), ("should_be_required_to_fail_by", PAIR_FN)]

lib, library_path = load()

_P = ctypes.POINTER
_u64, _i64, _u32, _dbl, _bool, _vp, _sz = (ctypes.c_uint64, ctypes.c_int64, ctypes.c_uint32, ctypes.c_double,
                                           ctypes.c_bool, ctypes.c_void_p, ctypes.c_size_t)
_st = ctypes.c_int  # gk_status

_SIGNATURES = {
    "gk_version": (_u32,),
    "gk_version_string": (ctypes.c_char_p,),
    "gk_status_string": (ctypes.c_char_p, ctypes.c_int),
    "gk_engine_options_init": (_st, _P(EngineOptions)),
    "gk_engine_create": (_st, _P(EngineOptions), _P(_vp)),
    "gk_engine_destroy": (_st, _vp),
    "gk_engine_root_view": (_st, _vp, _P(_u64)),
    "gk_engine_feed": (_st, _vp, _dbl, _P(TouchStruct), _sz),
    "gk_engine_set_focus": (_st, _vp, _u64),
    "gk_engine_get_focus": (_st, _vp, _P(_u64)),
    "gk_engine_feed_press": (_st, _vp, _dbl, ctypes.c_int, ctypes.c_int, _dbl),
    "gk_engine_feed_frames": (_st, _vp, _P(_dbl), _P(_u32), _sz, _P(TouchStruct), _sz, _P(_sz)),
    "gk_engine_feed_hover": (_st, _vp, _dbl, ctypes.c_int, ctypes.c_int, _dbl, _dbl, _u32),
    "gk_engine_cancel_all_touches": (_st, _vp, _dbl),
    "gk_engine_advance": (_st, _vp, _dbl),
    "gk_engine_next_deadline": (_st, _vp, _P(_dbl)),
    "gk_engine_now": (_st, _vp, _P(_dbl)),
    "gk_engine_poll_action": (_st, _vp, _P(ActionStruct), _sz),
    "gk_engine_poll_delivery": (_st, _vp, _P(DeliveryStruct), _sz),
    "gk_engine_take_actions": (_st, _vp, _sz, _P(_vp), _P(_sz), _P(_sz)),
    "gk_engine_take_deliveries": (_st, _vp, _sz, _P(_vp), _P(_sz), _P(_sz)),
    "gk_engine_poll_transition": (_st, _vp, _P(TransitionStruct), _sz),
    "gk_engine_get_stats": (_st, _vp, _P(StatsStruct), _sz),
    "gk_panel_profile_init": (_st, _P(PanelProfileStruct)),
    "gk_engine_set_panel_profile": (_st, _vp, _P(PanelProfileStruct)),
    "gk_engine_get_panel_profile": (_st, _vp, _P(PanelProfileStruct), _sz),
    "gk_input_filters_init": (_st, _P(InputFiltersStruct)),
    "gk_engine_set_input_filters": (_st, _vp, _P(InputFiltersStruct)),
    "gk_engine_get_input_filters": (_st, _vp, _P(InputFiltersStruct), _sz),
    "gk_engine_get_filter_counters": (_st, _vp, _P(FilterCountersStruct), _sz),
    "gk_engine_set_metrics": (_st, _vp, _bool),
    "gk_engine_write_metrics": (_st, _vp, _u32, ctypes.c_char_p, _sz, _P(_sz)),
    "gk_view_create": (_st, _vp, _u64, _P(Rect), _P(_u64)),
    "gk_view_destroy": (_st, _vp, _u64),
    "gk_view_set_parent": (_st, _vp, _u64, _u64),
    "gk_view_get_parent": (_st, _vp, _u64, _P(_u64)),
    "gk_view_set_frame": (_st, _vp, _u64, _P(Rect)),
    "gk_view_get_frame": (_st, _vp, _u64, _P(Rect)),
    "gk_view_set_bounds_origin": (_st, _vp, _u64, Point),
    "gk_view_get_bounds_origin": (_st, _vp, _u64, _P(Point)),
    "gk_view_set_transform": (_st, _vp, _u64, _P(Transform)),
    "gk_view_get_transform": (_st, _vp, _u64, _P(Transform)),
    "gk_view_set_flag": (_st, _vp, _u64, ctypes.c_int, _bool),
    "gk_view_get_flag": (_st, _vp, _u64, ctypes.c_int, _P(_bool)),
    "gk_view_set_alpha": (_st, _vp, _u64, _dbl),
    "gk_view_get_alpha": (_st, _vp, _u64, _P(_dbl)),
    "gk_view_set_user_data": (_st, _vp, _u64, _vp),
    "gk_view_get_user_data": (_st, _vp, _u64, _P(_vp)),
    "gk_view_convert_point": (_st, _vp, Point, _u64, _u64, _P(Point)),
    "gk_view_hit_test": (_st, _vp, Point, _P(_u64)),
    "gk_recognizer_create": (_st, _vp, ctypes.c_int, _P(_u64)),
    "gk_recognizer_destroy": (_st, _vp, _u64),
    "gk_recognizer_attach": (_st, _vp, _u64, _u64),
    "gk_recognizer_detach": (_st, _vp, _u64),
    "gk_recognizer_get_view": (_st, _vp, _u64, _P(_u64)),
    "gk_recognizer_get_kind": (_st, _vp, _u64, _P(ctypes.c_int)),
    "gk_recognizer_get_state": (_st, _vp, _u64, _P(ctypes.c_int)),
    "gk_recognizer_set_bool": (_st, _vp, _u64, ctypes.c_int, _bool),
    "gk_recognizer_get_bool": (_st, _vp, _u64, ctypes.c_int, _P(_bool)),
    "gk_recognizer_set_int": (_st, _vp, _u64, ctypes.c_int, _i64),
    "gk_recognizer_get_int": (_st, _vp, _u64, ctypes.c_int, _P(_i64)),
    "gk_recognizer_set_double": (_st, _vp, _u64, ctypes.c_int, _dbl),
    "gk_recognizer_get_double": (_st, _vp, _u64, ctypes.c_int, _P(_dbl)),
    "gk_recognizer_set_name": (_st, _vp, _u64, ctypes.c_char_p, _sz),
    "gk_recognizer_get_name": (_st, _vp, _u64, ctypes.c_char_p, _sz, _P(_sz)),
    "gk_recognizer_require_failure_of": (_st, _vp, _u64, _u64),
    "gk_recognizer_declare_alternative": (_st, _vp, _u64, _u64),
    "gk_recognizer_remove_alternative": (_st, _vp, _u64, _u64),
    "gk_engine_audit": (_st, _vp, ctypes.c_void_p, _sz, _sz, _P(_sz)),
    "gk_view_set_accessibility": (_st, _vp, _u64, ctypes.c_char_p, _sz, ctypes.c_bool, ctypes.c_int32),
    "gk_view_get_accessibility_label": (_st, _vp, _u64, ctypes.c_char_p, _sz, _P(_sz)),
    "gk_engine_set_screen_reader": (_st, _vp, ctypes.c_bool),
    "gk_view_set_accessibility_traits": (_st, _vp, _u64, _u32),
    "gk_view_get_accessibility_traits": (_st, _vp, _u64, _P(_u32)),
    "gk_engine_declare_screen_reader_commands": (_st, _vp, _u32),
    "gk_engine_get_screen_reader_commands": (_st, _vp, _P(_u32)),
    "gk_state_string": (ctypes.c_char_p, _u32),
    "gk_touch_phase_string": (ctypes.c_char_p, _u32),
    "gk_engine_get_accessibility_focus": (_st, _vp, _P(_u64)),
    "gk_engine_set_accessibility_focus": (_st, _vp, _u64),
    "gk_engine_move_accessibility_focus": (_st, _vp, _u32),
    "gk_engine_announce": (_st, _vp, _u64, _u32),
    "gk_accessibility_event_interrupts": (_st, _P(AccessibilityEventStruct), _P(AccessibilityEventStruct), _sz,
                                          _P(ctypes.c_bool)),
    "gk_engine_poll_accessibility_event": (_st, _vp, _P(AccessibilityEventStruct), _sz),
    "gk_audit_rule_string": (ctypes.c_char_p, _u32),
    "gk_audit_suggestion_string": (ctypes.c_char_p, _u32),
    "gk_recognizer_remove_failure_requirement": (_st, _vp, _u64, _u64),
    "gk_recognizer_add_target": (_st, _vp, _u64, ACTION_FN, _vp),
    "gk_recognizer_remove_target": (_st, _vp, _u64, ACTION_FN, _vp),
    "gk_recognizer_set_delegate": (_st, _vp, _u64, _P(DelegateStruct)),
    "gk_recognizer_location": (_st, _vp, _u64, _u64, _P(Point)),
    "gk_recognizer_number_of_touches": (_st, _vp, _u64, _P(_u32)),
    "gk_recognizer_location_of_touch": (_st, _vp, _u64, _u32, _u64, _P(Point)),
    "gk_pan_translation": (_st, _vp, _u64, _u64, _P(Point)),
    "gk_pan_set_translation": (_st, _vp, _u64, Point, _u64),
    "gk_pan_velocity": (_st, _vp, _u64, _u64, _P(Point)),
    "gk_recognizer_create_custom": (_st, _vp, _P(CustomHooksStruct), _bool, _P(_u64)),
    "gk_recognizer_set_state": (_st, _vp, _u64, ctypes.c_int),
    "gk_recognizer_ignore_touch": (_st, _vp, _u64, _i64),
    "gk_recognizer_set_deadline": (_st, _vp, _u64, _dbl),
    "gk_recognizer_get_touch": (_st, _vp, _u64, _u32, _P(TouchInfoStruct), _sz),
    "gk_view_set_should_begin": (_st, _vp, _u64, VIEW_SHOULD_BEGIN_FN, _vp),
    "gk_view_set_touch_callback": (_st, _vp, _u64, DELIVERY_FN, _vp),
    "gk_engine_set_decision_log": (_st, _vp, _u32),
    "gk_stroke_add_template": (_st, _vp, _u64, ctypes.c_char_p, _sz, _P(Point), _sz, _P(ctypes.c_int32)),
    "gk_stroke_add_builtin_templates": (_st, _vp, _u64),
    "gk_stroke_template_count": (_st, _vp, _u64, _P(_u32)),
    "gk_stroke_template_name": (_st, _vp, _u64, _u32, ctypes.c_char_p, _sz, _P(_sz)),
    "gk_stroke_match": (_st, _vp, _u64, _P(Point), _sz, _P(ctypes.c_int32), _P(_dbl)),
    "gk_engine_set_timing_scale": (_st, _vp, _dbl),
    "gk_engine_get_timing_scale": (_st, _vp, _P(_dbl)),
    "gk_touch_accommodations_init": (_st, _P(TouchAccommodationsStruct)),
    "gk_engine_set_touch_accommodations": (_st, _vp, _P(TouchAccommodationsStruct)),
    "gk_engine_get_touch_accommodations": (_st, _vp, _P(TouchAccommodationsStruct), _sz),
    "gk_stroke_add_multistroke_template": (_st, _vp, _u64, ctypes.c_char_p, _sz, _P(Point), _P(_u32), _sz,
                                           _P(ctypes.c_int32)),
    "gk_stroke_match_strokes": (_st, _vp, _u64, _P(Point), _P(_u32), _sz, _P(ctypes.c_int32), _P(_dbl)),
    "gk_stroke_template_points": (_st, _vp, _u64, _u32, _P(Point), _P(_u32), _sz, _P(_sz)),
    "gk_engine_set_flight_recorder": (_st, _vp, _u32),
    "gk_engine_read_flight_recorder": (_st, _vp, _P(RecordedInputStruct), _sz, _sz, _P(_sz)),
    "gk_engine_poll_decision": (_st, _vp, _P(DecisionStruct), _sz),
    "gk_decision_event_string": (ctypes.c_char_p, ctypes.c_int),
}

# The two calls a host makes after every frame, without argument conversion (ctypes checks and
# converts each argument against `argtypes`, which costs more than the call): the caller passes
# ctypes objects of the exact C types (`Session._take`).
take_actions_unchecked = lib["gk_engine_take_actions"]
take_deliveries_unchecked = lib["gk_engine_take_deliveries"]
take_actions_unchecked.restype = take_deliveries_unchecked.restype = ctypes.c_int

for _name, (_restype, *_argtypes) in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.restype = _restype
    _fn.argtypes = _argtypes
