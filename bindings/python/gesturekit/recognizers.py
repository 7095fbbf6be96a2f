"""Recognizers: the :class:`Recognizer` base class and the standard kinds (tap, long press, pan,
screen-edge pan, swipe, pinch, rotation, hover, stroke)."""
from __future__ import annotations

import ctypes
import difflib
from typing import Callable, List, Optional, Sequence, Tuple, Union

from . import _lib, _validate as _v
from ._lib import lib
from .errors import GestureKitError, _check
from .properties import ALL_NAMES, table
from .types import Action, Kind, State, Status, TouchInfo
from ._session import session_of, view_handle
from .views import PointLike, View



class Recognizer:
    """Base class of the recognizers. Create them with :meth:`Engine.tap`, :meth:`Engine.pan`, or
    the subclasses' constructors; the engine owns them until :meth:`destroy`."""

    kind: Kind = Kind.CUSTOM
    _PROPS: dict = table("custom")
    # Whether instances take attributes that are no property (a custom recognizer's own state).
    _OPEN_ATTRIBUTES = False

    def __init__(self, engine: "Engine", view: Optional[View] = None, **properties) -> None:
        self.engine = engine
        self._session = session_of(engine)
        self.handle = self._create(engine)
        self._targets: list = []
        self._session.recognizers[self.handle] = self
        for name, value in properties.items():
            if name not in type(self)._PROPS:
                raise TypeError(self._unknown(name))
            setattr(self, name, value)
        if view is not None:
            self.attach(view)

    def _unknown(self, name: str) -> str:
        """What to say about a property name this kind does not have: the closest one and the list."""
        names = sorted(type(self)._PROPS)
        close = difflib.get_close_matches(name, names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"{type(self).__name__} has no property {name!r}{hint} Its properties: {', '.join(names)}"

    def _create(self, engine: "Engine") -> int:
        out = ctypes.c_uint64()
        _check(lib.gk_recognizer_create(self._session.ptr, int(self.kind), ctypes.byref(out)), "gk_recognizer_create")
        return out.value

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.handle:#x}>"

    @property
    def touches(self) -> List[TouchInfo]:
        """The touches the recognizer tracks, in the order they began."""
        out, info = [], _lib.TouchInfoStruct()
        i = 0
        while lib.gk_recognizer_get_touch(self._session.ptr, self.handle, i, ctypes.byref(info),
                                          ctypes.sizeof(info)) == Status.OK:
            out.append(self._session.touch_info(info))
            i += 1
        return out

    # Properties by name, checked against the kind.
    def __getattr__(self, name: str):
        prop = type(self)._PROPS.get(name)
        if prop is None:
            raise AttributeError(name)
        pid, typ = prop
        ptr = self.__dict__["_session"].ptr
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
            # A misspelt property would otherwise become a plain attribute and change nothing.
            # The standard kinds refuse every unknown public name; a custom recognizer (the
            # application's own subclass) may keep its own state, but not another kind's property.
            own = name.startswith("_") or name in ("engine", "handle") or hasattr(type(self), name)
            if name in ALL_NAMES or not (own or type(self)._OPEN_ATTRIBUTES):
                raise AttributeError(self._unknown(name))
            object.__setattr__(self, name, value)
            return
        pid, typ = prop
        if typ is bool:
            _check(lib.gk_recognizer_set_bool(self._session.ptr, self.handle, pid, _v.flag(value, name)), name)
        elif typ is int:
            _check(lib.gk_recognizer_set_int(self._session.ptr, self.handle, pid, _v.integer(value, name, _v.I64)), name)
        else:
            _check(lib.gk_recognizer_set_double(self._session.ptr, self.handle, pid, _v.number(value, name)), name)

    def attach(self, view: View) -> None:
        """Attaches to ``view``, after its other recognizers."""
        _check(lib.gk_recognizer_attach(self._session.ptr, self.handle, view.handle), "gk_recognizer_attach")

    def detach(self) -> None:
        """Detaches from the view (cancelling or failing a gesture in progress, rule 56)."""
        _check(lib.gk_recognizer_detach(self._session.ptr, self.handle), "gk_recognizer_detach")

    def destroy(self) -> None:
        """Destroys the recognizer; its handle becomes stale."""
        _check(lib.gk_recognizer_destroy(self._session.ptr, self.handle), "gk_recognizer_destroy")
        self._session.recognizers.pop(self.handle, None)
        self._targets.clear()

    @property
    def state(self) -> State:
        """The current state (between passes: possible, began or changed)."""
        out = ctypes.c_int()
        _check(lib.gk_recognizer_get_state(self._session.ptr, self.handle, ctypes.byref(out)), "gk_recognizer_get_state")
        return State(out.value)

    @property
    def view(self) -> Optional[View]:
        """The view it is attached to, or None."""
        out = ctypes.c_uint64()
        _check(lib.gk_recognizer_get_view(self._session.ptr, self.handle, ctypes.byref(out)), "gk_recognizer_get_view")
        return self._session.view(out.value) if out.value else None

    @property
    def name(self) -> str:
        """The name used in logs (UTF-8, at most 255 bytes)."""
        length = ctypes.c_size_t()
        buf = ctypes.create_string_buffer(256)
        _check(lib.gk_recognizer_get_name(self._session.ptr, self.handle, buf, 256, ctypes.byref(length)), "name")
        return buf.value.decode("utf-8", "replace")

    @name.setter
    def name(self, value: Union[str, bytes]) -> None:
        """A str is stored as UTF-8; bytes are stored as they are (any bytes, as the C call takes)."""
        if isinstance(value, str):
            data = value.encode()
        elif isinstance(value, (bytes, bytearray)):
            data = bytes(value)
        else:
            raise TypeError(f"name must be str or bytes, not {type(value).__name__}")
        _check(lib.gk_recognizer_set_name(self._session.ptr, self.handle, data, len(data)), "name")

    def require_to_fail(self, other: "Recognizer") -> None:
        """``self.require(toFail: other)``."""
        _check(lib.gk_recognizer_require_failure_of(self._session.ptr, self.handle, other.handle), "require_to_fail")

    def declare_alternative(self, other: "Recognizer") -> None:
        """Declares ``other`` a single-pointer way to this recognizer's action (the accessibility
        audit, docs/ACCESSIBILITY.md). Behaviour does not change."""
        _check(lib.gk_recognizer_declare_alternative(self._session.ptr, self.handle, other.handle), "declare_alternative")

    def remove_alternative(self, other: "Recognizer") -> None:
        """Removes a declaration made with :meth:`declare_alternative`."""
        _check(lib.gk_recognizer_remove_alternative(self._session.ptr, self.handle, other.handle), "remove_alternative")

    def add_target(self, fn: Callable[[Action], None]) -> Callable[[Action], None]:
        """Calls ``fn(action)`` for each action, synchronously; returns ``fn`` (usable as a decorator).
        An exception raised by ``fn`` is re-raised by the engine call that ran it."""
        session = self._session

        def trampoline(_engine_ptr, action_ptr, _user):
            session.dispatch_depth += 1
            try:
                fn(session.action(action_ptr.contents))
            except BaseException as exc:  # propagated after the C call returns
                session.callback_failed(exc)
            finally:
                session.dispatch_depth -= 1

        cb = _lib.ACTION_FN(trampoline)
        session.next_target_key += 1
        key = ctypes.c_void_p(session.next_target_key)   # unique for the engine's life
        _check(lib.gk_recognizer_add_target(self._session.ptr, self.handle, cb, key), "gk_recognizer_add_target")
        self._targets.append((fn, cb, key))
        return fn

    def remove_target(self, fn: Optional[Callable[[Action], None]] = None) -> None:
        """Removes the target ``fn``, or every target when ``fn`` is None. Safe from inside a
        target: a removed target is not called again, and its C callback is kept alive until no
        target is running any more."""
        keep = []
        for entry in self._targets:
            if fn is None or entry[0] is fn:
                _check(lib.gk_recognizer_remove_target(self._session.ptr, self.handle, entry[1], entry[2]),
                       "gk_recognizer_remove_target")
                self._session.retired_callbacks.append(entry)
            else:
                keep.append(entry)
        self._targets = keep
        self._session.release_retired_callbacks()

    def set_delegate(self, *, should_begin: Optional[Callable[["Recognizer"], bool]] = None,
                     should_receive: Optional[Callable[["Recognizer", int, Tuple[float, float]], bool]] = None,
                     should_recognize_simultaneously: Optional[Callable[["Recognizer", "Recognizer"], bool]] = None,
                     should_require_failure_of: Optional[Callable[["Recognizer", "Recognizer"], bool]] = None,
                     should_be_required_to_fail_by: Optional[Callable[["Recognizer", "Recognizer"], bool]] = None
                     ) -> None:
        """Installs the delegate questions as Python callables (None: not asked, UIKit's default).
        Calling it again replaces every question. An exception in a question is re-raised by the
        engine call that asked it, and the question counts as answered with the default."""
        session = self._session

        def guard(fn, default):
            def wrapper(*args):
                try:
                    return bool(fn(*args))
                except BaseException as exc:
                    session.callback_failed(exc)
                    return default
            return wrapper

        def rec(handle):
            return session.recognizers.get(handle)

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
        _check(lib.gk_recognizer_set_delegate(self._session.ptr, self.handle, ctypes.byref(d)), "gk_recognizer_set_delegate")
        self._delegate = d   # keeps the CFUNCTYPE objects alive while installed

    def clear_delegate(self) -> None:
        """Removes every delegate question."""
        _check(lib.gk_recognizer_set_delegate(self._session.ptr, self.handle, None), "gk_recognizer_set_delegate")
        self._delegate = None

    def location(self, view: Optional[View] = None) -> Tuple[float, float]:
        """``location(in: view)``; window coordinates when ``view`` is None."""
        out = _lib.Point()
        _check(lib.gk_recognizer_location(self._session.ptr, self.handle, view_handle(view), ctypes.byref(out)),
               "gk_recognizer_location")
        return (out.x, out.y)

    @property
    def number_of_touches(self) -> int:
        """numberOfTouches: the touches it tracks now."""
        out = ctypes.c_uint32()
        _check(lib.gk_recognizer_number_of_touches(self._session.ptr, self.handle, ctypes.byref(out)),
               "gk_recognizer_number_of_touches")
        return out.value

    def location_of_touch(self, index: int, view: Optional[View] = None) -> Tuple[float, float]:
        """``location(ofTouch:in:)``; raises GestureKitError(OUT_OF_RANGE) past the touch count."""
        if index < 0 or index > 0xFFFFFFFF:
            raise GestureKitError(Status.OUT_OF_RANGE, "location_of_touch")
        out = _lib.Point()
        _check(lib.gk_recognizer_location_of_touch(self._session.ptr, self.handle, index, view_handle(view),
                                                   ctypes.byref(out)), "location_of_touch")
        return (out.x, out.y)


class TapRecognizer(Recognizer):
    """UITapGestureRecognizer (rules 63–70). Properties: ``number_of_taps_required``,
    ``number_of_touches_required``, ``allowable_movement`` (pt), ``maximum_tap_interval`` (s),
    ``maximum_tap_duration`` (s), ``finger_window`` (s), ``button_mask_required`` (:class:`Button` bits)."""
    kind = Kind.TAP
    _PROPS = table("tap")


class LongPressRecognizer(Recognizer):
    """UILongPressGestureRecognizer (rules 71–77). Properties: ``minimum_press_duration`` (s),
    ``allowable_movement`` (pt), ``number_of_touches_required``, ``number_of_taps_required``,
    ``maximum_tap_interval`` (s), ``tap_allowable_movement`` (pt), ``maximum_tap_duration`` (s)."""
    kind = Kind.LONG_PRESS
    _PROPS = table("long_press")


class PanRecognizer(Recognizer):
    """UIPanGestureRecognizer (rules 78–88). Properties: ``minimum_number_of_touches``,
    ``maximum_number_of_touches``, ``hysteresis`` (pt), ``velocity_mode`` (:class:`VelocityMode`),
    ``velocity_window`` (s), ``velocity_pause_limit`` (s), ``velocity_on_change`` (every action
    carries the velocity; on by default here, off in the C library), ``drift_allowance`` (pt/s,
    default 10: with two or more fingers, motion slower than this does not begin the pan)."""
    kind = Kind.PAN
    _PROPS = table("pan")

    def _unknown(self, name: str) -> str:
        """What to say about a property name this kind does not have: the closest one and the list."""
        names = sorted(type(self)._PROPS)
        close = difflib.get_close_matches(name, names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"{type(self).__name__} has no property {name!r}{hint} Its properties: {', '.join(names)}"

    def _create(self, engine: "Engine") -> int:
        handle = super()._create(engine)
        # Python pays per action anyway, so its actions show the velocity at every change, as
        # before 0.3.0; ``velocity_on_change=False`` saves the engine the fit.
        pid = self._PROPS["velocity_on_change"][0]
        _check(lib.gk_recognizer_set_bool(self._session.ptr, handle, pid, True), "velocity_on_change")
        return handle

    def translation(self, view: Optional[View] = None) -> Tuple[float, float]:
        """Cumulative translation in ``view``'s coordinates (window if None), rule 81."""
        out = _lib.Point()
        _check(lib.gk_pan_translation(self._session.ptr, self.handle, view_handle(view), ctypes.byref(out)),
               "gk_pan_translation")
        return (out.x, out.y)

    def set_translation(self, value: PointLike, view: Optional[View] = None) -> None:
        """Moves the reference point so the translation equals ``value`` (rule 81)."""
        _check(lib.gk_pan_set_translation(self._session.ptr, self.handle, _lib.Point(value[0], value[1]),
                                          view_handle(view)), "gk_pan_set_translation")

    def velocity(self, view: Optional[View] = None) -> Tuple[float, float]:
        """Velocity in points per second in ``view``'s coordinates (rule 82, spec 7a)."""
        out = _lib.Point()
        _check(lib.gk_pan_velocity(self._session.ptr, self.handle, view_handle(view), ctypes.byref(out)),
               "gk_pan_velocity")
        return (out.x, out.y)


class ScreenEdgePanRecognizer(PanRecognizer):
    """UIScreenEdgePanGestureRecognizer (rules 89–92): a pan that starts at one of ``edges``
    (:class:`Edge` bits, none by default). Also ``edge_region`` (pt) and ``edge_hysteresis`` (pt)."""
    kind = Kind.SCREEN_EDGE_PAN
    _PROPS = table("screen_edge_pan")


class SwipeRecognizer(Recognizer):
    """UISwipeGestureRecognizer (rules 93–98). ``direction`` is a :class:`SwipeDirection` set; the
    thresholds of rule 97 are properties too."""
    kind = Kind.SWIPE
    _PROPS = table("swipe")


class PinchRecognizer(Recognizer):
    """UIPinchGestureRecognizer (rules 99–103). ``scale`` is cumulative and settable (setting it
    re-bases later values); ``velocity`` (scale/s) is read-only. ``drift_allowance`` (pt/s, default
    10; 0 gives rule 99 as written): motion slower than this, and the fingers' pads settling just
    after landing, do not begin the pinch, so a still hold never does."""
    kind = Kind.PINCH
    _PROPS = table("pinch")


class OneFingerZoomRecognizer(Recognizer):
    """One-finger zoom, the single-pointer alternative of a pinch (docs/ACCESSIBILITY.md): tap, touch
    again and drag down (zoom in) or up. ``scale`` (1 at began, x2 per ``points_per_doubling``) and
    ``velocity`` are read-only."""
    kind = Kind.ONE_FINGER_ZOOM
    _PROPS = table("one_finger_zoom")


class RotationRecognizer(Recognizer):
    """UIRotationGestureRecognizer (rules 104–107). ``rotation`` (radians, clockwise positive on
    screen) is cumulative and settable; ``velocity`` (rad/s) is read-only. ``drift_allowance`` as
    for :class:`PinchRecognizer`."""
    kind = Kind.ROTATION
    _PROPS = table("rotation")


class HoverRecognizer(Recognizer):
    """UIHoverGestureRecognizer (rule 108): driven by :meth:`Engine.hover`, never by touches."""
    kind = Kind.HOVER
    _PROPS = table("hover")


def _point(p) -> _lib.Point:
    """A point of a stroke: exactly two numbers (a string or a third value is refused, as the C
    struct has two doubles)."""
    x, y = _v.numbers_of(p, "point", 2)
    return _lib.Point(x, y)


def _strokes_arrays(strokes) -> Tuple[ctypes.Array, ctypes.Array, int]:
    """(points, stroke ids, count) for a list of strokes, each a list of (x, y)."""
    flat, ids = [], []
    for k, stroke in enumerate(strokes):
        for p in stroke:
            flat.append(_point(p))
            ids.append(k)
    return (_lib.Point * len(flat))(*flat), (ctypes.c_uint32 * len(ids))(*ids), len(flat)


def _as_strokes(points_or_strokes) -> List[List[PointLike]]:
    """One stroke (a list of points) or several (a list of lists of points), as a list of strokes."""
    items = list(points_or_strokes)
    if items and isinstance(items[0], (list, tuple)) and items[0] and isinstance(items[0][0], (list, tuple)):
        return [list(s) for s in items]
    return [items]


class StrokeRecognizer(Recognizer):
    """A shape drawn with one finger, matched against named templates (docs/STROKES.md).
    Properties: ``threshold`` (0..1, default 0.804), ``minimum_length`` (pt), ``rotation_invariant``,
    ``matcher`` (``StrokeMatcher.POINT_CLOUD``, the default, or ``UNISTROKE``), ``stroke_pause`` (s: the
    point cloud ends this long after the last lift), ``continuation_pause`` (s: the wait instead
    while the strokes so far are the beginning of a longer template and no whole one),
    ``complete_pause`` (s: the wait instead while they are both a whole template and the beginning
    of a longer one), ``maximum_strokes``."""
    kind = Kind.STROKE
    _PROPS = table("stroke")

    def add_template(self, name: str, points) -> int:
        """Adds a template and returns its index: one stroke (a list of points of any size and
        spacing) or several strokes (a list of such lists, in drawing order)."""
        if not isinstance(name, str):
            raise TypeError(f"name must be str, not {type(name).__name__}")
        data = name.encode()
        out = ctypes.c_int32()
        strokes = _as_strokes(points)
        if len(strokes) == 1:
            pts = strokes[0]
            arr = (_lib.Point * len(pts))(*[_point(p) for p in pts])
            _check(lib.gk_stroke_add_template(self._session.ptr, self.handle, data, len(data), arr, len(pts),
                                              ctypes.byref(out)), "gk_stroke_add_template")
        else:
            arr, ids, n = _strokes_arrays(strokes)
            _check(lib.gk_stroke_add_multistroke_template(self._session.ptr, self.handle, data, len(data), arr, ids, n,
                                                          ctypes.byref(out)), "gk_stroke_add_multistroke_template")
        return out.value

    def set_deadline(self, timestamp: float) -> None:
        """Decides the shape drawn so far at engine time ``timestamp`` (the host says it is done: a
        Done button, a lift outside the drawing area; then ``engine.advance(timestamp)``), or keeps
        it open with ``math.inf`` until the next lift sets its wait again (gk_recognizer_set_deadline)."""
        _check(lib.gk_recognizer_set_deadline(self._session.ptr, self.handle, float(timestamp)),
               "gk_recognizer_set_deadline")

    def add_builtin_templates(self) -> None:
        """Adds check, circle, triangle, x, caret, v, zigzag and rectangle."""
        _check(lib.gk_stroke_add_builtin_templates(self._session.ptr, self.handle), "gk_stroke_add_builtin_templates")

    @property
    def template_count(self) -> int:
        """How many templates it has."""
        out = ctypes.c_uint32()
        _check(lib.gk_stroke_template_count(self._session.ptr, self.handle, ctypes.byref(out)), "template_count")
        return out.value

    def template_name(self, index: int) -> str:
        """The name of template ``index``."""
        buf = ctypes.create_string_buffer(64)
        _check(lib.gk_stroke_template_name(self._session.ptr, self.handle, index, buf, 64, None), "template_name")
        return buf.value.decode("utf-8", "replace")

    def template_strokes(self, index: int) -> List[List[Tuple[float, float]]]:
        """The strokes template ``index`` was made from, as given."""
        count = ctypes.c_size_t()
        _check(lib.gk_stroke_template_points(self._session.ptr, self.handle, index, None, None, 0, ctypes.byref(count)),
               "gk_stroke_template_points")
        pts, ids = (_lib.Point * count.value)(), (ctypes.c_uint32 * count.value)()
        _check(lib.gk_stroke_template_points(self._session.ptr, self.handle, index, pts, ids, count.value,
                                             ctypes.byref(count)), "gk_stroke_template_points")
        strokes: List[List[Tuple[float, float]]] = []
        for k in range(count.value):
            if k == 0 or ids[k] != ids[k - 1]:
                strokes.append([])
            strokes[-1].append((pts[k].x, pts[k].y))
        return strokes

    def match(self, points) -> Tuple[Optional[str], float]:
        """Matches one stroke or several (as add_template takes them) without touches: (best
        template's name or None, score). The threshold is not applied."""
        arr, ids, n = _strokes_arrays(_as_strokes(points))
        index, score = ctypes.c_int32(), ctypes.c_double()
        _check(lib.gk_stroke_match_strokes(self._session.ptr, self.handle, arr, ids, n, ctypes.byref(index),
                                           ctypes.byref(score)), "gk_stroke_match_strokes")
        return (self.template_name(index.value) if index.value >= 0 else None), score.value

    def match_index(self, arr, count: int, ids=None) -> Tuple[int, float]:
        """Fast path for evaluation: ``arr`` is a ctypes array of gesturekit._lib.Point, ``ids``
        (optional) a ctypes array of uint32 stroke ids."""
        index, score = ctypes.c_int32(), ctypes.c_double()
        if ids is None:
            _check(lib.gk_stroke_match(self._session.ptr, self.handle, arr, count, ctypes.byref(index),
                                       ctypes.byref(score)), "gk_stroke_match")
        else:
            _check(lib.gk_stroke_match_strokes(self._session.ptr, self.handle, arr, ids, count, ctypes.byref(index),
                                               ctypes.byref(score)), "gk_stroke_match_strokes")
        return index.value, score.value

    def save_templates(self, path) -> None:
        """Writes every template to ``path`` in the stroke-template text format (docs/STROKES.md)."""
        from .strokefile import write_templates
        write_templates(path, [(self.template_name(k), self.template_strokes(k)) for k in range(self.template_count)])

    def load_templates(self, path) -> int:
        """Adds the templates of a stroke-template file; returns how many. All or nothing: a
        malformed file, or one with more templates than the recognizer has room for, raises
        ValueError and adds none. The file is read line by line and at most 16 MiB of it."""
        from .strokefile import MAX_TEMPLATES, read_templates
        templates = read_templates(path, room=max(0, MAX_TEMPLATES - self.template_count))
        for name, strokes in templates:
            self.add_template(name, strokes)
        return len(templates)


_CLASSES = {Kind.TAP: TapRecognizer, Kind.LONG_PRESS: LongPressRecognizer, Kind.PAN: PanRecognizer,
            Kind.SCREEN_EDGE_PAN: ScreenEdgePanRecognizer, Kind.SWIPE: SwipeRecognizer,
            Kind.PINCH: PinchRecognizer, Kind.ROTATION: RotationRecognizer, Kind.HOVER: HoverRecognizer,
            Kind.STROKE: StrokeRecognizer, Kind.ONE_FINGER_ZOOM: OneFingerZoomRecognizer}
