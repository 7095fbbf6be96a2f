"""The pythonic classes over the ctypes declarations in :mod:`gesturekit._lib`."""
from __future__ import annotations

import ctypes
from typing import Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _lib, _validate as _v
from ._lib import lib
from .types import (Action, Decision, DecisionCause, DecisionEvent, Delivery, HoverPhase, Kind,  # noqa: F401
                    Phase, PressType, State, Status, Touch, TouchInfo, TouchType, Transition, VelocityMode)


class GestureKitError(Exception):
    """A call into libgesturekit failed; ``status`` is the :class:`Status`."""

    def __init__(self, status: int, call: str = "") -> None:
        self.status = Status(status) if status in Status._value2member_map_ else status
        text = lib.gk_status_string(status).decode()
        super().__init__(f"{call}: {text}" if call else text)


def _check(status: int, call: str = "") -> None:
    if status != Status.OK:
        raise GestureKitError(status, call)


def library_version() -> str:
    """The loaded library's version string, e.g. ``"0.1.0"``."""
    return lib.gk_version_string().decode()


# Properties by name: (gk_property id, Python type). Each recognizer class lists its own.
_COMMON_PROPS = {
    "enabled": (1, bool),
    "cancels_touches_in_view": (2, bool),
    "delays_touches_began": (3, bool),
    "delays_touches_ended": (4, bool),
    "requires_exclusive_touch_type": (5, bool),
    "allowed_touch_types": (6, int),
    "button_mask": (7, int),        # read-only
    "modifier_flags": (8, int),     # read-only
    "allowed_press_types": (9, int),   # PressType.bits(...)
}

PointLike = Union[Tuple[float, float], Sequence[float]]


class View:
    """A view in an engine's tree. Create with :meth:`View.add_view`; the engine owns it."""

    def __init__(self, engine: "Engine", handle: int) -> None:
        self.engine = engine
        self.handle = handle

    def __repr__(self) -> str:
        return f"<View {self.handle:#x}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and other.handle == self.handle and other.engine is self.engine

    def __hash__(self) -> int:
        return hash(self.handle)

    def add_view(self, frame: Sequence[float], *, multiple_touch: bool = False) -> "View":
        """Adds a child view with ``frame = (x, y, width, height)`` in this view's coordinates."""
        out = ctypes.c_uint64()
        rect = _lib.Rect(*_v.numbers_of(frame, "frame", 4))
        _check(lib.gk_view_create(self.engine._ptr, self.handle, ctypes.byref(rect), ctypes.byref(out)),
               "gk_view_create")
        view = self.engine._view(out.value)
        if multiple_touch:
            view.multiple_touch_enabled = True
        return view

    def destroy(self) -> None:
        """Destroys the view and its subviews; their recognizers are detached."""
        _check(lib.gk_view_destroy(self.engine._ptr, self.handle), "gk_view_destroy")

    def _flag(self, flag: int) -> bool:
        out = ctypes.c_bool()
        _check(lib.gk_view_get_flag(self.engine._ptr, self.handle, flag, ctypes.byref(out)), "gk_view_get_flag")
        return out.value

    def _set_flag(self, flag: int, value: bool) -> None:
        _check(lib.gk_view_set_flag(self.engine._ptr, self.handle, flag, bool(value)), "gk_view_set_flag")

    hidden = property(lambda s: s._flag(0), lambda s, v: s._set_flag(0, v))
    user_interaction_enabled = property(lambda s: s._flag(1), lambda s, v: s._set_flag(1, v))
    multiple_touch_enabled = property(lambda s: s._flag(2), lambda s, v: s._set_flag(2, v))
    exclusive_touch = property(lambda s: s._flag(3), lambda s, v: s._set_flag(3, v))

    @property
    def frame(self) -> Tuple[float, float, float, float]:
        """The frame (x, y, width, height) in the parent's coordinates."""
        r = _lib.Rect()
        _check(lib.gk_view_get_frame(self.engine._ptr, self.handle, ctypes.byref(r)), "gk_view_get_frame")
        return (r.x, r.y, r.width, r.height)

    @frame.setter
    def frame(self, frame: Sequence[float]) -> None:
        rect = _lib.Rect(*_v.numbers_of(frame, "frame", 4))
        _check(lib.gk_view_set_frame(self.engine._ptr, self.handle, ctypes.byref(rect)), "gk_view_set_frame")

    @property
    def alpha(self) -> float:
        """Opacity in [0, 1]; below 0.01 the view is not hit-tested."""
        out = ctypes.c_double()
        _check(lib.gk_view_get_alpha(self.engine._ptr, self.handle, ctypes.byref(out)), "gk_view_get_alpha")
        return out.value

    @alpha.setter
    def alpha(self, value: float) -> None:
        _check(lib.gk_view_set_alpha(self.engine._ptr, self.handle, _v.number(value, "alpha")), "gk_view_set_alpha")

    def set_transform(self, a: float, b: float, c: float, d: float, tx: float = 0.0, ty: float = 0.0) -> None:
        """Sets the affine transform about the view's centre."""
        t = _lib.Transform(*_v.numbers_of((a, b, c, d, tx, ty), "transform", 6))
        _check(lib.gk_view_set_transform(self.engine._ptr, self.handle, ctypes.byref(t)), "gk_view_set_transform")

    def set_should_begin(self, fn: Optional[Callable[["View", "Recognizer"], bool]]) -> None:
        """UIView.gestureRecognizerShouldBegin (rule 61): ``fn(view, recognizer)`` is asked when a
        recognizer whose touches hit this view tries to begin; False fails it. None removes it."""
        engine = self.engine
        if fn is None:
            _check(lib.gk_view_set_should_begin(engine._ptr, self.handle, _lib.VIEW_SHOULD_BEGIN_FN(), None),
                   "gk_view_set_should_begin")
            self._veto = None
            return

        def trampoline(_e, view, rec, _u):
            try:
                return bool(fn(engine._view(view), engine._recognizers.get(rec)))
            except BaseException as exc:
                engine._callback_failed(exc)
                return True
        cb = _lib.VIEW_SHOULD_BEGIN_FN(trampoline)
        _check(lib.gk_view_set_should_begin(engine._ptr, self.handle, cb, None), "gk_view_set_should_begin")
        self._veto = cb   # kept alive while installed

    def on_touches(self, fn: Optional[Callable[[Delivery], None]]) -> None:
        """Calls ``fn(delivery)`` for each touch delivery to this view, synchronously and in order
        (they are still queued for :meth:`Engine.deliveries`). None removes it."""
        engine = self.engine
        if fn is None:
            _check(lib.gk_view_set_touch_callback(engine._ptr, self.handle, _lib.DELIVERY_FN(), None),
                   "gk_view_set_touch_callback")
            self._touches_cb = None
            return

        def trampoline(_e, ptr, _u):
            try:
                fn(engine._delivery(ptr.contents))
            except BaseException as exc:
                engine._callback_failed(exc)
        cb = _lib.DELIVERY_FN(trampoline)
        _check(lib.gk_view_set_touch_callback(engine._ptr, self.handle, cb, None), "gk_view_set_touch_callback")
        self._touches_cb = cb

    def set_scale(self, s: float) -> None:
        """Sets the transform to a uniform scale about the view's centre."""
        self.set_transform(s, 0, 0, s)

    def set_bounds_origin(self, x: float, y: float) -> None:
        """Sets the bounds origin (scrolling)."""
        _check(lib.gk_view_set_bounds_origin(self.engine._ptr, self.handle, _lib.Point(*_v.numbers_of((x, y), "origin", 2))),
               "gk_view_set_bounds_origin")

    def convert_from_window(self, x: float, y: float) -> Tuple[float, float]:
        """A window point in this view's coordinates."""
        out = _lib.Point()
        p = _lib.Point(*_v.numbers_of((x, y), "point", 2))
        _check(lib.gk_view_convert_point(self.engine._ptr, p, 0, self.handle, ctypes.byref(out)),
               "gk_view_convert_point")
        return (out.x, out.y)


def _touch_struct(t: Touch) -> _lib.TouchStruct:
    """A :class:`Touch` as a gk_touch, every field checked against its C type."""
    return _lib.TouchStruct(_v.integer(t.id, "touch id", _v.I64), _v.integer(t.phase, "phase", _v.U32),
                            _v.integer(t.type, "type", _v.U32), _v.number(t.x, "x"), _v.number(t.y, "y"),
                            _v.number(t.force, "force"), _v.number(t.major_radius, "major_radius"),
                            _v.integer(t.buttons, "buttons", _v.U32), _v.integer(t.modifiers, "modifiers", _v.U32))


def _view_handle(view: Optional[View]) -> int:
    return 0 if view is None else view.handle


class Recognizer:
    """Base class of the recognizers. Create them with :meth:`Engine.tap`, :meth:`Engine.pan`, or
    the subclasses' constructors; the engine owns them until :meth:`destroy`."""

    kind: Kind = Kind.CUSTOM
    _PROPS: dict = _COMMON_PROPS

    def __init__(self, engine: "Engine", view: Optional[View] = None, **properties) -> None:
        self.engine = engine
        self.handle = self._create(engine)
        self._targets: list = []
        engine._recognizers[self.handle] = self
        for name, value in properties.items():
            setattr(self, name, value)
        if view is not None:
            self.attach(view)

    def _create(self, engine: "Engine") -> int:
        out = ctypes.c_uint64()
        _check(lib.gk_recognizer_create(engine._ptr, int(self.kind), ctypes.byref(out)), "gk_recognizer_create")
        return out.value

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.handle:#x}>"

    @property
    def touches(self) -> List[TouchInfo]:
        """The touches the recognizer tracks, in the order they began."""
        out, info = [], _lib.TouchInfoStruct()
        i = 0
        while lib.gk_recognizer_get_touch(self.engine._ptr, self.handle, i, ctypes.byref(info),
                                          ctypes.sizeof(info)) == Status.OK:
            out.append(self.engine._touch_info(info))
            i += 1
        return out

    # Properties by name, checked against the kind.
    def __getattr__(self, name: str):
        prop = type(self)._PROPS.get(name)
        if prop is None:
            raise AttributeError(name)
        pid, typ = prop
        ptr = self.__dict__["engine"]._ptr
        if typ is bool:
            out = ctypes.c_bool()
            _check(lib.gk_recognizer_get_bool(ptr, self.__dict__["handle"], pid, ctypes.byref(out)), name)
        elif typ is int:
            out = ctypes.c_int64()
            _check(lib.gk_recognizer_get_int(ptr, self.__dict__["handle"], pid, ctypes.byref(out)), name)
        else:
            out = ctypes.c_double()
            _check(lib.gk_recognizer_get_double(ptr, self.__dict__["handle"], pid, ctypes.byref(out)), name)
        return out.value

    def __setattr__(self, name: str, value) -> None:
        prop = type(self)._PROPS.get(name)
        if prop is None:
            if name in _ALL_PROPERTY_NAMES:
                raise AttributeError(f"{type(self).__name__} has no property {name!r}")
            object.__setattr__(self, name, value)
            return
        pid, typ = prop
        if typ is bool:
            _check(lib.gk_recognizer_set_bool(self.engine._ptr, self.handle, pid, _v.flag(value, name)), name)
        elif typ is int:
            _check(lib.gk_recognizer_set_int(self.engine._ptr, self.handle, pid, _v.integer(value, name, _v.I64)), name)
        else:
            _check(lib.gk_recognizer_set_double(self.engine._ptr, self.handle, pid, _v.number(value, name)), name)

    def attach(self, view: View) -> None:
        """Attaches to ``view``, after its other recognizers."""
        _check(lib.gk_recognizer_attach(self.engine._ptr, self.handle, view.handle), "gk_recognizer_attach")

    def detach(self) -> None:
        """Detaches from the view (cancelling or failing a gesture in progress, rule 56)."""
        _check(lib.gk_recognizer_detach(self.engine._ptr, self.handle), "gk_recognizer_detach")

    def destroy(self) -> None:
        """Destroys the recognizer; its handle becomes stale."""
        _check(lib.gk_recognizer_destroy(self.engine._ptr, self.handle), "gk_recognizer_destroy")
        self.engine._recognizers.pop(self.handle, None)
        self._targets.clear()

    @property
    def state(self) -> State:
        """The current state (between passes: possible, began or changed)."""
        out = ctypes.c_int()
        _check(lib.gk_recognizer_get_state(self.engine._ptr, self.handle, ctypes.byref(out)), "gk_recognizer_get_state")
        return State(out.value)

    @property
    def view(self) -> Optional[View]:
        """The view it is attached to, or None."""
        out = ctypes.c_uint64()
        _check(lib.gk_recognizer_get_view(self.engine._ptr, self.handle, ctypes.byref(out)), "gk_recognizer_get_view")
        return self.engine._view(out.value) if out.value else None

    @property
    def name(self) -> str:
        """The name used in logs (UTF-8, at most 255 bytes)."""
        length = ctypes.c_size_t()
        buf = ctypes.create_string_buffer(256)
        _check(lib.gk_recognizer_get_name(self.engine._ptr, self.handle, buf, 256, ctypes.byref(length)), "name")
        return buf.value.decode("utf-8", "replace")

    @name.setter
    def name(self, value: str) -> None:
        data = value.encode()
        _check(lib.gk_recognizer_set_name(self.engine._ptr, self.handle, data, len(data)), "name")

    def require_to_fail(self, other: "Recognizer") -> None:
        """``self.require(toFail: other)``."""
        _check(lib.gk_recognizer_require_failure_of(self.engine._ptr, self.handle, other.handle), "require_to_fail")

    def add_target(self, fn: Callable[[Action], None]) -> Callable[[Action], None]:
        """Calls ``fn(action)`` for each action, synchronously; returns ``fn`` (usable as a decorator).
        An exception raised by ``fn`` is re-raised by the engine call that ran it."""
        engine = self.engine

        def trampoline(_engine_ptr, action_ptr, _user):
            engine._dispatch_depth += 1
            try:
                fn(engine._action(action_ptr.contents))
            except BaseException as exc:  # propagated after the C call returns
                engine._callback_failed(exc)
            finally:
                engine._dispatch_depth -= 1

        cb = _lib.ACTION_FN(trampoline)
        engine._next_target_key += 1
        key = ctypes.c_void_p(engine._next_target_key)   # unique for the engine's life
        _check(lib.gk_recognizer_add_target(self.engine._ptr, self.handle, cb, key), "gk_recognizer_add_target")
        self._targets.append((fn, cb, key))
        return fn

    def remove_target(self, fn: Optional[Callable[[Action], None]] = None) -> None:
        """Removes the target ``fn``, or every target when ``fn`` is None. Safe from inside a
        target: a removed target is not called again, and its C callback is kept alive until no
        target is running any more."""
        keep = []
        for entry in self._targets:
            if fn is None or entry[0] is fn:
                _check(lib.gk_recognizer_remove_target(self.engine._ptr, self.handle, entry[1], entry[2]),
                       "gk_recognizer_remove_target")
                self.engine._retired_callbacks.append(entry)
            else:
                keep.append(entry)
        self._targets = keep
        self.engine._release_retired_callbacks()

    def set_delegate(self, *, should_begin: Optional[Callable[["Recognizer"], bool]] = None,
                     should_receive: Optional[Callable[["Recognizer", int, Tuple[float, float]], bool]] = None,
                     should_recognize_simultaneously: Optional[Callable[["Recognizer", "Recognizer"], bool]] = None,
                     should_require_failure_of: Optional[Callable[["Recognizer", "Recognizer"], bool]] = None,
                     should_be_required_to_fail_by: Optional[Callable[["Recognizer", "Recognizer"], bool]] = None
                     ) -> None:
        """Installs the delegate questions as Python callables (None: not asked, UIKit's default).
        Calling it again replaces every question. An exception in a question is re-raised by the
        engine call that asked it, and the question counts as answered with the default."""
        engine = self.engine

        def guard(fn, default):
            def wrapper(*args):
                try:
                    return bool(fn(*args))
                except BaseException as exc:
                    engine._callback_failed(exc)
                    return default
            return wrapper

        def rec(handle):
            return engine._recognizers.get(handle)

        d = _lib.DelegateStruct()
        d.size = ctypes.sizeof(d)
        # Each lambda binds its own wrapper (w=...): a plain closure would see the last one.
        if should_begin:
            w = guard(should_begin, True)
            d.should_begin = _lib.SHOULD_BEGIN_FN(lambda _e, r, _u, w=w: w(rec(r)))
        if should_receive:
            w = guard(should_receive, True)
            d.should_receive_touch = _lib.SHOULD_RECEIVE_FN(lambda _e, r, tid, x, y, _u, w=w: w(rec(r), tid, (x, y)))
        for name, fn in (("should_recognize_simultaneously", should_recognize_simultaneously),
                         ("should_require_failure_of", should_require_failure_of),
                         ("should_be_required_to_fail_by", should_be_required_to_fail_by)):
            if fn:
                w = guard(fn, False)
                setattr(d, name, _lib.PAIR_FN(lambda _e, r, o, _u, w=w: w(rec(r), rec(o))))
        _check(lib.gk_recognizer_set_delegate(self.engine._ptr, self.handle, ctypes.byref(d)), "gk_recognizer_set_delegate")
        self._delegate = d   # keeps the CFUNCTYPE objects alive while installed

    def clear_delegate(self) -> None:
        """Removes every delegate question."""
        _check(lib.gk_recognizer_set_delegate(self.engine._ptr, self.handle, None), "gk_recognizer_set_delegate")
        self._delegate = None

    def location(self, view: Optional[View] = None) -> Tuple[float, float]:
        """``location(in: view)``; window coordinates when ``view`` is None."""
        out = _lib.Point()
        _check(lib.gk_recognizer_location(self.engine._ptr, self.handle, _view_handle(view), ctypes.byref(out)),
               "gk_recognizer_location")
        return (out.x, out.y)

    @property
    def number_of_touches(self) -> int:
        """numberOfTouches: the touches it tracks now."""
        out = ctypes.c_uint32()
        _check(lib.gk_recognizer_number_of_touches(self.engine._ptr, self.handle, ctypes.byref(out)),
               "gk_recognizer_number_of_touches")
        return out.value

    def location_of_touch(self, index: int, view: Optional[View] = None) -> Tuple[float, float]:
        """``location(ofTouch:in:)``; raises GestureKitError(OUT_OF_RANGE) past the touch count."""
        if index < 0 or index > 0xFFFFFFFF:
            raise GestureKitError(Status.OUT_OF_RANGE, "location_of_touch")
        out = _lib.Point()
        _check(lib.gk_recognizer_location_of_touch(self.engine._ptr, self.handle, index, _view_handle(view),
                                                   ctypes.byref(out)), "location_of_touch")
        return (out.x, out.y)


class TapRecognizer(Recognizer):
    """UITapGestureRecognizer (rules 63–70). Properties: ``number_of_taps_required``,
    ``number_of_touches_required``, ``allowable_movement`` (pt), ``maximum_tap_interval`` (s),
    ``maximum_tap_duration`` (s), ``finger_window`` (s), ``button_mask_required`` (:class:`Button` bits)."""
    kind = Kind.TAP
    _PROPS = {**_COMMON_PROPS,
              "number_of_taps_required": (100, int),
              "number_of_touches_required": (101, int),
              "allowable_movement": (102, float),
              "maximum_tap_interval": (103, float),
              "maximum_tap_duration": (104, float),
              "finger_window": (105, float),
              "button_mask_required": (106, int)}


class LongPressRecognizer(Recognizer):
    """UILongPressGestureRecognizer (rules 71–77). Properties: ``minimum_press_duration`` (s),
    ``allowable_movement`` (pt), ``number_of_touches_required``, ``number_of_taps_required``,
    ``maximum_tap_interval`` (s), ``tap_allowable_movement`` (pt), ``maximum_tap_duration`` (s)."""
    kind = Kind.LONG_PRESS
    _PROPS = {**_COMMON_PROPS,
              "minimum_press_duration": (300, float),
              "allowable_movement": (301, float),
              "number_of_touches_required": (302, int),
              "number_of_taps_required": (303, int),
              "maximum_tap_interval": (304, float),
              "tap_allowable_movement": (305, float),
              "maximum_tap_duration": (306, float)}


_PAN_PROPS = {**_COMMON_PROPS,
              "minimum_number_of_touches": (200, int),
              "maximum_number_of_touches": (201, int),
              "hysteresis": (202, float),
              "velocity_mode": (203, int),
              "velocity_window": (204, float),
              "velocity_pause_limit": (205, float)}


class PanRecognizer(Recognizer):
    """UIPanGestureRecognizer (rules 78–88). Properties: ``minimum_number_of_touches``,
    ``maximum_number_of_touches``, ``hysteresis`` (pt), ``velocity_mode`` (:class:`VelocityMode`),
    ``velocity_window`` (s), ``velocity_pause_limit`` (s)."""
    kind = Kind.PAN
    _PROPS = _PAN_PROPS

    def translation(self, view: Optional[View] = None) -> Tuple[float, float]:
        """Cumulative translation in ``view``'s coordinates (window if None), rule 81."""
        out = _lib.Point()
        _check(lib.gk_pan_translation(self.engine._ptr, self.handle, _view_handle(view), ctypes.byref(out)),
               "gk_pan_translation")
        return (out.x, out.y)

    def set_translation(self, value: PointLike, view: Optional[View] = None) -> None:
        """Moves the reference point so the translation equals ``value`` (rule 81)."""
        _check(lib.gk_pan_set_translation(self.engine._ptr, self.handle, _lib.Point(value[0], value[1]),
                                          _view_handle(view)), "gk_pan_set_translation")

    def velocity(self, view: Optional[View] = None) -> Tuple[float, float]:
        """Velocity in points per second in ``view``'s coordinates (rule 82, spec 7a)."""
        out = _lib.Point()
        _check(lib.gk_pan_velocity(self.engine._ptr, self.handle, _view_handle(view), ctypes.byref(out)),
               "gk_pan_velocity")
        return (out.x, out.y)


class ScreenEdgePanRecognizer(PanRecognizer):
    """UIScreenEdgePanGestureRecognizer (rules 89–92): a pan that starts at one of ``edges``
    (:class:`Edge` bits, none by default). Also ``edge_region`` (pt) and ``edge_hysteresis`` (pt)."""
    kind = Kind.SCREEN_EDGE_PAN
    _PROPS = {**_PAN_PROPS,
              "edges": (400, int),
              "edge_region": (401, float),
              "edge_hysteresis": (402, float)}


class SwipeRecognizer(Recognizer):
    """UISwipeGestureRecognizer (rules 93–98). ``direction`` is a :class:`SwipeDirection` set; the
    thresholds of rule 97 are properties too."""
    kind = Kind.SWIPE
    _PROPS = {**_COMMON_PROPS,
              "direction": (500, int),
              "number_of_touches_required": (501, int),
              "maximum_duration": (502, float),
              "minimum_primary_movement": (503, float),
              "maximum_primary_movement": (504, float),
              "minimum_secondary_movement": (505, float),
              "maximum_secondary_movement": (506, float),
              "minimum_decay": (507, float),
              "maximum_decay": (508, float),
              "minimum_primary_speed": (509, float),
              "maximum_opposite_movement": (510, float)}


class PinchRecognizer(Recognizer):
    """UIPinchGestureRecognizer (rules 99–103). ``scale`` is cumulative and settable (setting it
    re-bases later values); ``velocity`` (scale/s) is read-only."""
    kind = Kind.PINCH
    _PROPS = {**_COMMON_PROPS,
              "scale": (600, float),
              "velocity": (601, float),
              "hysteresis": (602, float),
              "velocity_mode": (603, int),
              "pinch_weight": (604, float),
              "rotation_weight": (605, float),
              "translation_weight": (606, float)}


class RotationRecognizer(Recognizer):
    """UIRotationGestureRecognizer (rules 104–107). ``rotation`` (radians, clockwise positive on
    screen) is cumulative and settable; ``velocity`` (rad/s) is read-only."""
    kind = Kind.ROTATION
    _PROPS = {**_COMMON_PROPS,
              "rotation": (700, float),
              "velocity": (701, float),
              "angle_threshold": (702, float),
              "angle_threshold_growth": (703, float),
              "velocity_mode": (704, int),
              "rotation_weight": (705, float),
              "pinch_weight": (706, float),
              "translation_weight": (707, float)}


class HoverRecognizer(Recognizer):
    """UIHoverGestureRecognizer (rule 108): driven by :meth:`Engine.hover`, never by touches."""
    kind = Kind.HOVER


class StrokeRecognizer(Recognizer):
    """A shape drawn with one finger, matched against named templates at the lift (docs/STROKES.md).
    Properties: ``threshold`` (0..1), ``minimum_length`` (pt), ``rotation_invariant``."""
    kind = Kind.STROKE
    _PROPS = {**_COMMON_PROPS,
              "threshold": (800, float),
              "minimum_length": (801, float),
              "rotation_invariant": (802, bool)}

    def add_template(self, name: str, points: Sequence[PointLike]) -> int:
        """Adds a template (points of any size and spacing); returns its index."""
        arr = (_lib.Point * len(points))(*[_lib.Point(float(p[0]), float(p[1])) for p in points])
        data = name.encode()
        out = ctypes.c_int32()
        _check(lib.gk_stroke_add_template(self.engine._ptr, self.handle, data, len(data), arr, len(points),
                                          ctypes.byref(out)), "gk_stroke_add_template")
        return out.value

    def add_builtin_templates(self) -> None:
        """Adds check, circle, triangle, x, caret, v, zigzag and rectangle."""
        _check(lib.gk_stroke_add_builtin_templates(self.engine._ptr, self.handle), "gk_stroke_add_builtin_templates")

    @property
    def template_count(self) -> int:
        """How many templates it has."""
        out = ctypes.c_uint32()
        _check(lib.gk_stroke_template_count(self.engine._ptr, self.handle, ctypes.byref(out)), "template_count")
        return out.value

    def template_name(self, index: int) -> str:
        """The name of template ``index``."""
        buf = ctypes.create_string_buffer(64)
        _check(lib.gk_stroke_template_name(self.engine._ptr, self.handle, index, buf, 64, None), "template_name")
        return buf.value.decode("utf-8", "replace")

    def match(self, points: Sequence[PointLike]) -> Tuple[Optional[str], float]:
        """Matches points without touches: (best template's name or None, score)."""
        arr = (_lib.Point * len(points))(*[_lib.Point(float(p[0]), float(p[1])) for p in points])
        index, score = ctypes.c_int32(), ctypes.c_double()
        _check(lib.gk_stroke_match(self.engine._ptr, self.handle, arr, len(points), ctypes.byref(index),
                                   ctypes.byref(score)), "gk_stroke_match")
        return (self.template_name(index.value) if index.value >= 0 else None), score.value

    def match_index(self, arr, count: int) -> Tuple[int, float]:
        """Fast path for evaluation: ``arr`` is a ctypes array of gesturekit._lib.Point."""
        index, score = ctypes.c_int32(), ctypes.c_double()
        _check(lib.gk_stroke_match(self.engine._ptr, self.handle, arr, count, ctypes.byref(index),
                                   ctypes.byref(score)), "gk_stroke_match")
        return index.value, score.value


class CustomRecognizer(Recognizer):
    """A recognizer with your own logic (UIKit subclassing). Subclass it and override any of
    :meth:`touches_began`, :meth:`touches_moved`, :meth:`touches_ended`, :meth:`touches_cancelled`,
    :meth:`deadline_reached`, :meth:`reset`, :meth:`can_prevent`, :meth:`can_be_prevented`,
    :meth:`should_require_failure_of` and :meth:`should_be_required_to_fail_by`; only the methods you
    override are installed. Set :attr:`state` from the hooks (requests are coerced by rule 14),
    call :meth:`ignore` and :meth:`set_deadline`. Set ``continuous = True`` on the class (or pass
    ``continuous=``) for a continuous gesture. An exception in a hook is re-raised by the engine
    call that ran it."""
    kind = Kind.CUSTOM
    continuous: bool = False

    def __init__(self, engine: "Engine", view: Optional[View] = None, *, continuous: Optional[bool] = None,
                 **properties) -> None:
        if continuous is not None:
            object.__setattr__(self, "continuous", bool(continuous))
        super().__init__(engine, view, **properties)

    def _create(self, engine: "Engine") -> int:
        hooks = _lib.CustomHooksStruct()
        hooks.size = ctypes.sizeof(hooks)
        cls = type(self)

        def overridden(name):
            return getattr(cls, name) is not getattr(CustomRecognizer, name)

        def guarded(fn, default=None):
            def call(*args):
                try:
                    return fn(*args)
                except BaseException as exc:
                    engine._callback_failed(exc)
                    return default
            return call

        def touches_hook(method):
            def hook(_e, _r, ptr, count, timestamp, _u):
                method([engine._touch_info(ptr[i]) for i in range(count)], timestamp)
            return _lib.TOUCHES_FN(guarded(hook))

        for name in ("touches_began", "touches_moved", "touches_ended", "touches_cancelled"):
            if overridden(name):
                setattr(hooks, name, touches_hook(getattr(self, name)))
        if overridden("deadline_reached"):
            hooks.deadline_reached = _lib.DEADLINE_FN(guarded(lambda _e, _r, t, _u: self.deadline_reached(t)))
        if overridden("reset"):
            hooks.reset = _lib.RESET_FN(guarded(lambda _e, _r, _u: self.reset()))
        for name, default in (("can_prevent", True), ("can_be_prevented", True), ("should_require_failure_of", False),
                              ("should_be_required_to_fail_by", False)):
            if overridden(name):
                method = getattr(self, name)
                fn = guarded(lambda _e, _r, o, _u, m=method: bool(m(engine._recognizers.get(o))), default)
                setattr(hooks, name, _lib.PAIR_FN(fn))
        out = ctypes.c_uint64()
        _check(lib.gk_recognizer_create_custom(engine._ptr, ctypes.byref(hooks), bool(self.continuous),
                                               ctypes.byref(out)), "gk_recognizer_create_custom")
        object.__setattr__(self, "_hooks", hooks)   # keeps the CFUNCTYPE objects alive
        return out.value

    # The state, settable by the subclass (coerced by rule 14).
    def _get_state(self) -> State:
        return Recognizer.state.fget(self)

    def _set_state(self, value: State) -> None:
        self.engine._after_call(lib.gk_recognizer_set_state(self.engine._ptr, self.handle, int(value)),
                                "gk_recognizer_set_state")

    state = property(_get_state, _set_state)

    def ignore(self, touch: Union[TouchInfo, int]) -> None:
        """ignore(_:for:): stop tracking the touch (a :class:`TouchInfo` or its id), rule 53."""
        tid = touch.id if isinstance(touch, TouchInfo) else int(touch)
        _check(lib.gk_recognizer_ignore_touch(self.engine._ptr, self.handle, tid), "gk_recognizer_ignore_touch")

    def set_deadline(self, timestamp: float) -> None:
        """Asks for :meth:`deadline_reached` at engine time ``timestamp`` (inf clears it)."""
        _check(lib.gk_recognizer_set_deadline(self.engine._ptr, self.handle, float(timestamp)),
               "gk_recognizer_set_deadline")

    # Hooks to override.
    def touches_began(self, touches: List[TouchInfo], timestamp: float) -> None:
        """New touches it tracks."""

    def touches_moved(self, touches: List[TouchInfo], timestamp: float) -> None:
        """Tracked touches that moved."""

    def touches_ended(self, touches: List[TouchInfo], timestamp: float) -> None:
        """Tracked touches that lifted."""

    def touches_cancelled(self, touches: List[TouchInfo], timestamp: float) -> None:
        """Tracked touches the system cancelled."""

    def deadline_reached(self, timestamp: float) -> None:
        """The deadline set with :meth:`set_deadline` was reached."""

    def reset(self) -> None:
        """The gesture finished; the recognizer is back in possible. Clear your own state."""

    def can_prevent(self, other: Optional[Recognizer]) -> bool:
        """canPrevent(_:) (rule 31); default True."""
        return True

    def can_be_prevented(self, other: Optional[Recognizer]) -> bool:
        """canBePrevented(by:) (rule 31); default True."""
        return True

    def should_require_failure_of(self, other: Optional[Recognizer]) -> bool:
        """shouldRequireFailure(of:) (rule 30); default False."""
        return False

    def should_be_required_to_fail_by(self, other: Optional[Recognizer]) -> bool:
        """shouldBeRequiredToFail(by:) (rule 30); default False."""
        return False


_CLASSES = {Kind.TAP: TapRecognizer, Kind.LONG_PRESS: LongPressRecognizer, Kind.PAN: PanRecognizer,
            Kind.SCREEN_EDGE_PAN: ScreenEdgePanRecognizer, Kind.SWIPE: SwipeRecognizer,
            Kind.PINCH: PinchRecognizer, Kind.ROTATION: RotationRecognizer, Kind.HOVER: HoverRecognizer,
            Kind.STROKE: StrokeRecognizer}


_ALL_PROPERTY_NAMES = frozenset(name for cls in _CLASSES.values() for name in cls._PROPS)


class Engine:
    """A gesture engine for one screen. Use as a context manager, or call :meth:`close`."""

    def __init__(self, width: float = 1920, height: float = 1080, *, points_per_mm: float = 6.4,
                 max_touches: Optional[int] = None, action_queue_capacity: Optional[int] = None,
                 delivery_queue_capacity: Optional[int] = None) -> None:
        self._ptr = None
        self._recognizers: dict = {}
        self._views: dict = {}
        self._pending_error: Optional[BaseException] = None
        self.suppressed_errors: List[BaseException] = []
        """Exceptions raised by callbacks after the first one, in the latest call that raised."""
        self._dispatch_depth = 0          # action targets running now
        self._retired_callbacks: list = []   # removed targets' C callbacks, freed when none runs
        self._next_target_key = 0
        opts = _lib.EngineOptions()
        _check(lib.gk_engine_options_init(ctypes.byref(opts)), "gk_engine_options_init")
        opts.screen_width = _v.number(width, "width")
        opts.screen_height = _v.number(height, "height")
        opts.points_per_mm = _v.number(points_per_mm, "points_per_mm")
        if max_touches is not None:
            opts.max_touches = _v.integer(max_touches, "max_touches", _v.U32)
        if action_queue_capacity is not None:
            opts.action_queue_capacity = _v.integer(action_queue_capacity, "action_queue_capacity", _v.U32)
        if delivery_queue_capacity is not None:
            opts.delivery_queue_capacity = _v.integer(delivery_queue_capacity, "delivery_queue_capacity", _v.U32)
        ptr = ctypes.c_void_p()
        _check(lib.gk_engine_create(ctypes.byref(opts), ctypes.byref(ptr)), "gk_engine_create")
        self._ptr = ptr.value
        root = ctypes.c_uint64()
        _check(lib.gk_engine_root_view(self._ptr, ctypes.byref(root)), "gk_engine_root_view")
        self.root = self._view(root.value)

    def close(self) -> None:
        """Destroys the engine and everything it owns. Safe to call twice."""
        if self._ptr:
            _check(lib.gk_engine_destroy(self._ptr), "gk_engine_destroy")
            self._ptr = None
            self._recognizers.clear()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # Object lookup from handles.
    def _view(self, handle: int) -> View:
        v = self._views.get(handle)
        if v is None:
            v = self._views[handle] = View(self, handle)
        return v

    def _touch_info(self, t: _lib.TouchInfoStruct) -> TouchInfo:
        return TouchInfo(t.id, Phase(t.phase), TouchType(t.type), (t.location.x, t.location.y),
                         (t.previous_location.x, t.previous_location.y), (t.start_location.x, t.start_location.y),
                         t.timestamp, t.start_timestamp, self._views.get(t.view) if t.view else None, t.force,
                         t.major_radius, t.buttons, t.modifiers)

    def _action(self, a: _lib.ActionStruct) -> Action:
        return Action(a.sequence, a.timestamp, self._recognizers.get(a.recognizer),
                      self._views.get(a.view) if a.view else None, Kind(a.kind), State(a.state),
                      (a.location.x, a.location.y), a.number_of_touches, (a.translation.x, a.translation.y),
                      (a.velocity.x, a.velocity.y), a.scale, a.rotation, a.scalar_velocity, a.swipe_direction,
                      a.button_mask, a.modifier_flags, a.stroke_template, a.stroke_score,
                      (a.stroke_bounds.x, a.stroke_bounds.y, a.stroke_bounds.width, a.stroke_bounds.height))

    # Factories.
    def tap(self, view: Optional[View] = None, **properties) -> TapRecognizer:
        """A new :class:`TapRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return TapRecognizer(self, view, **properties)

    def pan(self, view: Optional[View] = None, **properties) -> PanRecognizer:
        """A new :class:`PanRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return PanRecognizer(self, view, **properties)

    def long_press(self, view: Optional[View] = None, **properties) -> LongPressRecognizer:
        """A new :class:`LongPressRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return LongPressRecognizer(self, view, **properties)

    def screen_edge_pan(self, view: Optional[View] = None, **properties) -> ScreenEdgePanRecognizer:
        """A new :class:`ScreenEdgePanRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return ScreenEdgePanRecognizer(self, view, **properties)

    def swipe(self, view: Optional[View] = None, **properties) -> SwipeRecognizer:
        """A new :class:`SwipeRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return SwipeRecognizer(self, view, **properties)

    def pinch(self, view: Optional[View] = None, **properties) -> PinchRecognizer:
        """A new :class:`PinchRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return PinchRecognizer(self, view, **properties)

    def rotation(self, view: Optional[View] = None, **properties) -> RotationRecognizer:
        """A new :class:`RotationRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return RotationRecognizer(self, view, **properties)

    def stroke(self, view: Optional[View] = None, *, builtin_templates: bool = True, **properties) -> StrokeRecognizer:
        """A new :class:`StrokeRecognizer` with the built-in shapes (unless ``builtin_templates=False``)."""
        r = StrokeRecognizer(self, view, **properties)
        if builtin_templates:
            r.add_builtin_templates()
        return r

    def hover_recognizer(self, view: Optional[View] = None, **properties) -> HoverRecognizer:
        """A new :class:`HoverRecognizer`, attached to ``view`` if given, with ``properties`` set."""
        return HoverRecognizer(self, view, **properties)

    def recognizer(self, kind: Kind, view: Optional[View] = None, **properties) -> Recognizer:
        """A recognizer of ``kind`` (not CUSTOM: subclass :class:`CustomRecognizer`)."""
        cls = _CLASSES.get(Kind(kind))
        if cls is None:
            raise GestureKitError(Status.UNSUPPORTED, f"recognizer kind {Kind(kind).name}")
        return cls(self, view, **properties)

    # Input and time.
    def _callback_failed(self, exc: BaseException) -> None:
        """Records an exception raised by a callback. The C call cannot unwind through the
        library, so the callbacks after it still run. The rule: the first exception is re-raised
        when the engine call returns; later ones go to :attr:`suppressed_errors` (and, on Python
        3.11 or later, each is named in a note on the first)."""
        if self._pending_error is None:
            self._pending_error = exc
            self.suppressed_errors = []
        else:
            self.suppressed_errors.append(exc)
            if hasattr(self._pending_error, "add_note"):
                self._pending_error.add_note(f"also raised by a later callback: {exc!r}")

    def _release_retired_callbacks(self) -> None:
        if self._dispatch_depth == 0:
            self._retired_callbacks.clear()

    def _after_call(self, status: int, call: str) -> None:
        err, self._pending_error = self._pending_error, None
        self._release_retired_callbacks()
        _check(status, call)
        if err is not None:
            raise err

    def feed(self, timestamp: float, touches: Iterable[Touch]) -> None:
        """Feeds one input frame (the touches that changed at ``timestamp``)."""
        touches = list(touches)
        arr = (_lib.TouchStruct * max(1, len(touches)))()
        for i, t in enumerate(touches):
            arr[i] = _touch_struct(t)
        self._after_call(lib.gk_engine_feed(self._ptr, _v.number(timestamp, "timestamp"), arr, len(touches)),
                         "gk_engine_feed")

    @property
    def focus(self) -> Optional[View]:
        """The focused view, which receives presses."""
        out = ctypes.c_uint64()
        _check(lib.gk_engine_get_focus(self._ptr, ctypes.byref(out)), "gk_engine_get_focus")
        return self._view(out.value) if out.value else None

    @focus.setter
    def focus(self, view: Optional[View]) -> None:
        """The focused view, which receives presses, or None."""
        _check(lib.gk_engine_set_focus(self._ptr, view.handle if view else 0), "gk_engine_set_focus")

    def press(self, timestamp: float, press_type: int, phase: Phase, force: float = 0.0) -> None:
        """Feeds a physical button press (down: Phase.BEGAN, up: Phase.ENDED) to the focused view."""
        self._after_call(lib.gk_engine_feed_press(self._ptr, _v.number(timestamp, "timestamp"),
                                                  _v.integer(press_type, "press_type", _v.I32),
                                                  _v.integer(phase, "phase", _v.I32), _v.number(force, "force")),
                         "gk_engine_feed_press")

    def hover(self, timestamp: float, phase: HoverPhase, x: float = float("nan"), y: float = float("nan"), *,
              type: TouchType = TouchType.INDIRECT_POINTER, modifiers: int = 0) -> None:
        """Feeds one pointer hover event (no contact) at window point (x, y); drives hover recognizers."""
        self._after_call(lib.gk_engine_feed_hover(self._ptr, _v.number(timestamp, "timestamp"),
                                                  _v.integer(phase, "phase", _v.I32), _v.integer(type, "type", _v.I32),
                                                  _v.number(x, "x"), _v.number(y, "y"),
                                                  _v.integer(modifiers, "modifiers", _v.U32)), "gk_engine_feed_hover")

    def feed_batch(self, frames: Iterable[Tuple[float, Sequence[Touch]]]) -> int:
        """Feeds several frames with one call into the library (gk_engine_feed_frames): much
        cheaper per event than :meth:`feed` from Python. Each frame is still its own update pass;
        actions and deliveries queue up (drain them afterwards, or size the queues). On an error
        the frames before the failing one stay applied; the exception says which call failed.
        Returns the number of frames fed."""
        frames = list(frames)
        n_touches = sum(len(ts) for _, ts in frames)
        stamps = (ctypes.c_double * max(1, len(frames)))()
        counts = (ctypes.c_uint32 * max(1, len(frames)))()
        arr = (_lib.TouchStruct * max(1, n_touches))()
        k = 0
        for i, (timestamp, touches) in enumerate(frames):
            stamps[i] = _v.number(timestamp, "timestamp")
            counts[i] = len(touches)
            for t in touches:
                arr[k] = _touch_struct(t)
                k += 1
        fed = ctypes.c_size_t()
        self._after_call(lib.gk_engine_feed_frames(self._ptr, stamps, counts, len(frames), arr, n_touches,
                                                   ctypes.byref(fed)), "gk_engine_feed_frames")
        return fed.value

    def advance(self, timestamp: float) -> None:
        """Advances time, firing due timers."""
        self._after_call(lib.gk_engine_advance(self._ptr, _v.number(timestamp, "timestamp")), "gk_engine_advance")

    def cancel_all_touches(self, timestamp: float) -> None:
        """The system cancel: every touch down is cancelled at ``timestamp``."""
        self._after_call(lib.gk_engine_cancel_all_touches(self._ptr, _v.number(timestamp, "timestamp")),
                         "gk_engine_cancel_all_touches")

    @property
    def next_deadline(self) -> Optional[float]:
        """The earliest pending timer (engine time), or None."""
        out = ctypes.c_double()
        _check(lib.gk_engine_next_deadline(self._ptr, ctypes.byref(out)), "gk_engine_next_deadline")
        return None if out.value == float("inf") else out.value

    @property
    def now(self) -> float:
        """The engine time: the latest timestamp given."""
        out = ctypes.c_double()
        _check(lib.gk_engine_now(self._ptr, ctypes.byref(out)), "gk_engine_now")
        return out.value

    # Queues.
    def actions(self) -> Iterator[Action]:
        """Drains the action queue."""
        a = _lib.ActionStruct()
        while lib.gk_engine_poll_action(self._ptr, ctypes.byref(a), ctypes.sizeof(a)) == Status.OK:
            yield self._action(a)

    def deliveries(self) -> Iterator[Delivery]:
        """Drains the view-delivery queue."""
        d = _lib.DeliveryStruct()
        while lib.gk_engine_poll_delivery(self._ptr, ctypes.byref(d), ctypes.sizeof(d)) == Status.OK:
            yield self._delivery(d)

    def _delivery(self, d: _lib.DeliveryStruct) -> Delivery:
        return Delivery(d.sequence, d.timestamp, self._views.get(d.view), d.touch_id, Phase(d.phase),
                        TouchType(d.touch_type), (d.location.x, d.location.y),
                        (d.window_location.x, d.window_location.y), d.touch_timestamp, d.force,
                        d.major_radius, d.buttons, d.modifiers, d.press_type)

    def transitions(self) -> Iterator[Transition]:
        """Drains the state-transition log."""
        t = _lib.TransitionStruct()
        while lib.gk_engine_poll_transition(self._ptr, ctypes.byref(t), ctypes.sizeof(t)) == Status.OK:
            yield Transition(t.sequence, t.timestamp, self._recognizers.get(t.recognizer), State(t.from_state),
                             State(t.to_state))

    def enable_decision_log(self, capacity: int = 4096) -> None:
        """Turns the decision log on (keeping the newest ``capacity`` entries), or off with 0."""
        _check(lib.gk_engine_set_decision_log(self._ptr, _v.integer(capacity, "capacity", _v.U32)),
               "gk_engine_set_decision_log")

    def decisions(self) -> Iterator[Decision]:
        """Drains the decision log: why recognizers did what they did."""
        d = _lib.DecisionStruct()
        while lib.gk_engine_poll_decision(self._ptr, ctypes.byref(d), ctypes.sizeof(d)) == Status.OK:
            yield Decision(d.sequence, d.timestamp, DecisionEvent(d.event), DecisionCause(d.cause),
                           self._recognizers.get(d.recognizer), self._recognizers.get(d.other) if d.other else None,
                           self._views.get(d.view) if d.view else None, d.touch_id, State(d.from_state),
                           State(d.to_state))

    def enable_flight_recorder(self, capacity: int = 65536) -> None:
        """Keeps the last ``capacity`` inputs the engine accepted (0 turns it off)."""
        _check(lib.gk_engine_set_flight_recorder(self._ptr, _v.integer(capacity, "capacity", _v.U32)),
               "gk_engine_set_flight_recorder")

    def flight_recorder(self) -> List[Tuple]:
        """The recorded input, oldest first: ``("frame", t, [Touch, ...])``, ``("hover", t, phase, x, y)``,
        ``("advance", t)``, ``("cancel", t)``, ``("press", t, press_type, phase, force)``, and
        ``("unknown", t, kind)`` for an entry kind newer than this binding. Feed it to another
        engine to replay a misfire."""
        n = ctypes.c_size_t()
        size = ctypes.sizeof(_lib.RecordedInputStruct)
        _check(lib.gk_engine_read_flight_recorder(self._ptr, None, 0, size, ctypes.byref(n)), "flight_recorder")
        arr = (_lib.RecordedInputStruct * max(1, n.value))()
        _check(lib.gk_engine_read_flight_recorder(self._ptr, arr, n.value, size, ctypes.byref(n)), "flight_recorder")
        out: List[Tuple] = []
        for e in arr[:n.value]:
            t = e.touch
            if e.kind == 0:
                touch = Touch(t.id, Phase(t.phase), t.x, t.y, TouchType(t.type), t.force, t.major_radius, t.buttons,
                              t.modifiers)
                if e.starts_frame or not out or out[-1][0] != "frame" or out[-1][1] != e.timestamp:
                    out.append(("frame", e.timestamp, [touch]))
                else:
                    out[-1][2].append(touch)
            elif e.kind == 4:
                out.append(("frame", e.timestamp, []))
            elif e.kind == 1:
                out.append(("hover", e.timestamp, HoverPhase(e.hover_phase), t.x, t.y))
            elif e.kind == 2:
                out.append(("advance", e.timestamp))
            elif e.kind == 3:
                out.append(("cancel", e.timestamp))
            elif e.kind == 5:
                out.append(("press", e.timestamp, PressType(t.id) if t.id in PressType._value2member_map_ else t.id,
                            Phase(t.phase), t.force))
            else:
                out.append(("unknown", e.timestamp, e.kind))
        return out

    def explain(self) -> str:
        """Drains the decision log into readable lines, one per entry."""
        return "\n".join(str(d) for d in self.decisions())

    def stats(self) -> dict:
        """The engine's counters (queues, drops, touches down, views, recognizers)."""
        s = _lib.StatsStruct()
        _check(lib.gk_engine_get_stats(self._ptr, ctypes.byref(s), ctypes.sizeof(s)), "gk_engine_get_stats")
        return {name: getattr(s, name) for name, _ in s._fields_}

    def hit_test(self, x: float, y: float) -> Optional[View]:
        """The view a touch at window point (x, y) would be bound to, or None."""
        out = ctypes.c_uint64()
        p = _lib.Point(*_v.numbers_of((x, y), "point", 2))
        _check(lib.gk_view_hit_test(self._ptr, p, ctypes.byref(out)), "gk_view_hit_test")
        return self._view(out.value) if out.value else None
