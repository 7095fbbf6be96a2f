"""The engine: input, time, queues, the decision log and the flight recorder."""
from __future__ import annotations

import ctypes
import struct
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple

from . import _lib, _validate as _v
from ._lib import lib
from ._session import open_session
from .errors import GestureKitError, _check
from .recognizers import (_CLASSES, HoverRecognizer, LongPressRecognizer, OneFingerZoomRecognizer, PanRecognizer,
                          PinchRecognizer, Recognizer,
                          RotationRecognizer, ScreenEdgePanRecognizer, StrokeRecognizer, SwipeRecognizer, TapRecognizer)
from .types import (Action, ActionRecord, Button, Decision, DecisionCause, DecisionEvent, Delivery, DeliveryRecord,
                    HoverPhase, Kind, Modifier, Phase, PressType, State, Status, Touch, TouchInfo, TouchType,
                    Transition)
from .accessibility import AccessibilityMixin
from .panel import PanelMixin
from .views import View


def _press_type(value: int):
    """A :class:`PressType`, or the number when this binding does not know it."""
    try:
        return PressType(value)
    except ValueError:
        return value


def _touch_fields(t: Touch) -> tuple:
    """A :class:`Touch`'s gk_touch fields in order, every one checked against its C type."""
    return (_v.integer(t.id, "touch id", _v.I64), _v.integer(t.phase, "phase", _v.U32),
            _v.integer(t.type, "type", _v.U32), _v.number(t.x, "x"), _v.number(t.y, "y"),
            _v.number(t.force, "force"), _v.number(t.major_radius, "major_radius"),
            _v.integer(t.buttons, "buttons", _v.U32), _v.integer(t.modifiers, "modifiers", _v.U32))


_TOUCH = _lib.flat_struct(_lib.TouchStruct)

# The types a touch's fields usually have: the integer fields a plain int or one of the binding's
# enums and flags (not bool, which the checks refuse), the real ones a float or an int.
_INTS = frozenset({int, Phase, TouchType, Button, Modifier})
_REALS = frozenset({float, int})


def _pack_touch(pack, buf, at: int, t: Touch) -> None:
    """Packs ``t`` as a gk_touch into ``buf`` at ``at``. When every field has its usual type it is
    packed straight away (``struct`` refuses an integer outside its C type, as the checks do);
    otherwise, or on such a refusal, through :func:`_touch_fields`, whose checks raise the error
    that names the field."""
    i, ph, ty, b, m = t.id, t.phase, t.type, t.buttons, t.modifiers
    x, y, f, r = t.x, t.y, t.force, t.major_radius
    ints, reals = _INTS, _REALS
    if (type(i) in ints and type(ph) in ints and type(ty) in ints and type(b) in ints and type(m) in ints
            and type(x) in reals and type(y) in reals and type(f) in reals and type(r) in reals):
        try:
            pack(buf, at, i, ph, ty, x, y, f, r, b, m)
            return
        except struct.error:
            pass
    pack(buf, at, *_touch_fields(t))


class Engine(PanelMixin, AccessibilityMixin):
    """A gesture engine for one screen. Use as a context manager, or call :meth:`close`."""

    def __init__(self, width: float = 1920, height: float = 1080, *, points_per_mm: float = 6.4,
                 max_touches: Optional[int] = None, action_queue_capacity: Optional[int] = None,
                 delivery_queue_capacity: Optional[int] = None, log_transitions: bool = False) -> None:
        self._session = open_session(self, lambda handle: View(self, handle))   # also session_of(self)
        self._frame = (_lib.TouchStruct * 16)()   # feed()'s touches, reused
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
        if log_transitions:
            opts.flags = _lib.ENGINE_LOG_TRANSITIONS
        ptr = ctypes.c_void_p()
        _check(lib.gk_engine_create(ctypes.byref(opts), ctypes.byref(ptr)), "gk_engine_create")
        self._session.ptr = ptr.value
        root = ctypes.c_uint64()
        _check(lib.gk_engine_root_view(self._session.ptr, ctypes.byref(root)), "gk_engine_root_view")
        self.root = self._session.view(root.value)

    def close(self) -> None:
        """Destroys the engine and everything it owns. Safe to call twice."""
        session = self._session
        if session.ptr:
            _check(lib.gk_engine_destroy(session.ptr), "gk_engine_destroy")
            session.ptr = None
            session.recognizers.clear()

    @property
    def suppressed_errors(self) -> List[BaseException]:
        """Exceptions raised by callbacks after the first one, in the latest call that raised."""
        return self._session.suppressed_errors

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

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
    def feed(self, timestamp: float, touches: Iterable[Touch]) -> None:
        """Feeds one input frame (the touches that changed at ``timestamp``)."""
        touches = list(touches)
        n = len(touches)
        arr = self._frame
        if len(arr) < n:   # the frame buffer is reused and grows to the largest frame fed
            arr = self._frame = (_lib.TouchStruct * n)()
        pack, size = _TOUCH.pack_into, _TOUCH.size
        for i, t in enumerate(touches):
            _pack_touch(pack, arr, i * size, t)
        self._session.after_call(lib.gk_engine_feed(self._session.ptr, _v.number(timestamp, "timestamp"), arr, n),
                         "gk_engine_feed")

    @property
    def focus(self) -> Optional[View]:
        """The focused view, which receives presses."""
        out = ctypes.c_uint64()
        _check(lib.gk_engine_get_focus(self._session.ptr, ctypes.byref(out)), "gk_engine_get_focus")
        return self._session.view(out.value) if out.value else None

    @focus.setter
    def focus(self, view: Optional[View]) -> None:
        """The focused view, which receives presses, or None."""
        _check(lib.gk_engine_set_focus(self._session.ptr, view.handle if view else 0), "gk_engine_set_focus")

    def press(self, timestamp: float, press_type: int, phase: Phase, force: float = 0.0) -> None:
        """Feeds a physical button press (down: Phase.BEGAN, up: Phase.ENDED) to the focused view."""
        self._session.after_call(lib.gk_engine_feed_press(self._session.ptr, _v.number(timestamp, "timestamp"),
                                                  _v.integer(press_type, "press_type", _v.I32),
                                                  _v.integer(phase, "phase", _v.I32), _v.number(force, "force")),
                         "gk_engine_feed_press")

    def hover(self, timestamp: float, phase: HoverPhase, x: float = float("nan"), y: float = float("nan"), *,
              type: TouchType = TouchType.INDIRECT_POINTER, modifiers: int = 0) -> None:
        """Feeds one pointer hover event (no contact) at window point (x, y); drives hover recognizers."""
        self._session.after_call(lib.gk_engine_feed_hover(self._session.ptr, _v.number(timestamp, "timestamp"),
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
        # The touches are packed straight into the array's memory, one `pack_into` each (checked by
        # `_touch_fields`), not built as ctypes objects and copied in.
        arr = (_lib.TouchStruct * max(1, n_touches))()
        pack, size = _TOUCH.pack_into, _TOUCH.size
        at = 0
        for i, (timestamp, touches) in enumerate(frames):
            stamps[i] = _v.number(timestamp, "timestamp")
            counts[i] = len(touches)
            for t in touches:
                _pack_touch(pack, arr, at, t)
                at += size
        fed = ctypes.c_size_t()
        self._session.after_call(lib.gk_engine_feed_frames(self._session.ptr, stamps, counts, len(frames), arr, n_touches,
                                                   ctypes.byref(fed)), "gk_engine_feed_frames")
        return fed.value

    def advance(self, timestamp: float) -> None:
        """Advances time, firing due timers."""
        self._session.after_call(lib.gk_engine_advance(self._session.ptr, _v.number(timestamp, "timestamp")), "gk_engine_advance")

    def cancel_all_touches(self, timestamp: float) -> None:
        """The system cancel: every touch down is cancelled at ``timestamp``."""
        self._session.after_call(lib.gk_engine_cancel_all_touches(self._session.ptr, _v.number(timestamp, "timestamp")),
                         "gk_engine_cancel_all_touches")

    @property
    def next_deadline(self) -> Optional[float]:
        """The earliest pending timer (engine time), or None."""
        out = ctypes.c_double()
        _check(lib.gk_engine_next_deadline(self._session.ptr, ctypes.byref(out)), "gk_engine_next_deadline")
        return None if out.value == float("inf") else out.value

    @property
    def now(self) -> float:
        """The engine time: the latest timestamp given."""
        out = ctypes.c_double()
        _check(lib.gk_engine_now(self._session.ptr, ctypes.byref(out)), "gk_engine_now")
        return out.value

    # Queues.
    def actions(self) -> Iterator[Action]:
        """Drains the action queue: every action queued when called, oldest first. They leave
        the queue at once (the library lends them in one piece), so an iteration left early
        drops the rest."""
        return iter(self._session.take_actions())

    def deliveries(self) -> Iterator[Delivery]:
        """Drains the view-delivery queue, as :meth:`actions` drains actions."""
        return iter(self._session.take_deliveries())

    def action_records(self) -> List[ActionRecord]:
        """Drains the action queue as :meth:`actions` does, each action as an
        :class:`ActionRecord`: plain values (handles and enums as ints) read without a Python call
        per action, several times cheaper than :class:`Action` objects. For a host that handles
        every action of a busy panel (``gesturekit.evdev`` pumping it)."""
        return self._session.take_action_records()

    def delivery_records(self) -> List[DeliveryRecord]:
        """Drains the view-delivery queue as :meth:`deliveries` does, each as a :class:`DeliveryRecord`."""
        return self._session.take_delivery_records()

    def discard_deliveries(self) -> int:
        """Empties the view-delivery queue without making a :class:`Delivery` of each entry, for a
        host whose views do not follow touches (one that only acts on recognizers' actions):
        much cheaper than draining them, and nothing is counted as dropped. Returns how many there
        were."""
        return self._session.discard_deliveries()

    def transitions(self) -> Iterator[Transition]:
        """Drains the state-transition log: empty unless the engine was made with
        ``log_transitions=True``."""
        t = _lib.TransitionStruct()
        while lib.gk_engine_poll_transition(self._session.ptr, ctypes.byref(t), ctypes.sizeof(t)) == Status.OK:
            yield Transition(t.sequence, t.timestamp, self._session.recognizers.get(t.recognizer), State(t.from_state),
                             State(t.to_state))

    def enable_decision_log(self, capacity: int = 4096) -> None:
        """Turns the decision log on (keeping the newest ``capacity`` entries), or off with 0."""
        _check(lib.gk_engine_set_decision_log(self._session.ptr, _v.integer(capacity, "capacity", _v.U32)),
               "gk_engine_set_decision_log")

    def decisions(self) -> Iterator[Decision]:
        """Drains the decision log: why recognizers did what they did."""
        d = _lib.DecisionStruct()
        while lib.gk_engine_poll_decision(self._session.ptr, ctypes.byref(d), ctypes.sizeof(d)) == Status.OK:
            yield Decision(d.sequence, d.timestamp, DecisionEvent(d.event), DecisionCause(d.cause),
                           self._session.recognizers.get(d.recognizer), self._session.recognizers.get(d.other) if d.other else None,
                           self._session.views.get(d.view) if d.view else None, d.touch_id, State(d.from_state),
                           State(d.to_state))

    def enable_flight_recorder(self, capacity: int = 65536) -> None:
        """Keeps the last ``capacity`` inputs the engine accepted (0 turns it off)."""
        _check(lib.gk_engine_set_flight_recorder(self._session.ptr, _v.integer(capacity, "capacity", _v.U32)),
               "gk_engine_set_flight_recorder")

    def flight_recorder(self) -> List[Tuple]:
        """The recorded input, oldest first: ``("frame", t, [Touch, ...])``, ``("hover", t, phase, x, y)``,
        ``("advance", t)``, ``("cancel", t)``, ``("press", t, press_type, phase, force)``, and
        ``("unknown", t, kind)`` for an entry kind newer than this binding. Feed it to another
        engine to replay a misfire."""
        n = ctypes.c_size_t()
        size = ctypes.sizeof(_lib.RecordedInputStruct)
        _check(lib.gk_engine_read_flight_recorder(self._session.ptr, None, 0, size, ctypes.byref(n)), "flight_recorder")
        arr = (_lib.RecordedInputStruct * max(1, n.value))()
        _check(lib.gk_engine_read_flight_recorder(self._session.ptr, arr, n.value, size, ctypes.byref(n)), "flight_recorder")
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
                out.append(("press", e.timestamp, _press_type(t.id),
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
        _check(lib.gk_engine_get_stats(self._session.ptr, ctypes.byref(s), ctypes.sizeof(s)), "gk_engine_get_stats")
        return {name: getattr(s, name) for name, _ in s._fields_}

    def hit_test(self, x: float, y: float) -> Optional[View]:
        """The view a touch at window point (x, y) would be bound to, or None."""
        out = ctypes.c_uint64()
        p = _lib.Point(*_v.numbers_of((x, y), "point", 2))
        _check(lib.gk_view_hit_test(self._session.ptr, p, ctypes.byref(out)), "gk_view_hit_test")
        return self._session.view(out.value) if out.value else None
