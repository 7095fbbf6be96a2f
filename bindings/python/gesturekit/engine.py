"""The engine: input, time, queues, the decision log and the flight recorder."""
from __future__ import annotations

import ctypes
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple

from . import _lib, _validate as _v
from ._lib import lib
from .errors import GestureKitError, _check
from .recognizers import (_CLASSES, HoverRecognizer, LongPressRecognizer, OneFingerZoomRecognizer, PanRecognizer,
                          PinchRecognizer, Recognizer,
                          RotationRecognizer, ScreenEdgePanRecognizer, StrokeRecognizer, SwipeRecognizer, TapRecognizer)
from .types import (Action, Decision, DecisionCause, DecisionEvent, Delivery, HoverPhase, Kind, Phase, PressType, State,
                    Status, Touch, TouchInfo, TouchType, Transition)
from .accessibility import AccessibilityMixin
from .panel import PanelMixin
from .views import View


def _touch_struct(t: Touch) -> _lib.TouchStruct:
    """A :class:`Touch` as a gk_touch, every field checked against its C type."""
    return _lib.TouchStruct(_v.integer(t.id, "touch id", _v.I64), _v.integer(t.phase, "phase", _v.U32),
                            _v.integer(t.type, "type", _v.U32), _v.number(t.x, "x"), _v.number(t.y, "y"),
                            _v.number(t.force, "force"), _v.number(t.major_radius, "major_radius"),
                            _v.integer(t.buttons, "buttons", _v.U32), _v.integer(t.modifiers, "modifiers", _v.U32))


class Engine(PanelMixin, AccessibilityMixin):
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

    def one_finger_zoom(self, view: Optional[View] = None, **properties) -> "OneFingerZoomRecognizer":
        """A new :class:`OneFingerZoomRecognizer`, attached to ``view`` if given."""
        return OneFingerZoomRecognizer(self, view, **properties)

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
