"""Accessibility settings of an engine (docs/ACCESSIBILITY.md): the timing scale and the touch
accommodations. Mixed into :class:`gesturekit.Engine`."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any, FrozenSet, Iterator, List, Optional

from . import _lib, _validate as _v
from ._lib import lib
from ._session import session_of
from .errors import GestureKitError, _check
from .types import Status


# gk_tap_assistance by name.
TAP_ASSISTANCE = {"off": 0, "initial": 1, "final": 2}


@dataclass
class TouchAccommodations:
    """Touch accommodations (gk_touch_accommodations), each off (0) by default. Seconds and points."""
    hold_duration: float = 0.0           # 0, or 0.1..2: a touch counts once held this long
    ignore_repeat: float = 0.0           # 0, or 0.1..2: a touch this soon after a lift, near it, is ignored
    ignore_repeat_distance: float = 40.0  # > 0
    tap_assistance: str = "off"          # "off", "initial" or "final": where a quick sliding touch taps
    tap_assistance_delay: float = 0.3    # 0.1..2
    swipe_distance: float = 0.0          # 0, or 5..200: with a hold duration, a touch that moves this far begins at once

    def _struct(self) -> _lib.TouchAccommodationsStruct:
        s = _lib.TouchAccommodationsStruct()
        lib.gk_touch_accommodations_init(ctypes.byref(s))
        s.hold_duration = _v.number(self.hold_duration, "hold_duration")
        s.ignore_repeat = _v.number(self.ignore_repeat, "ignore_repeat")
        s.ignore_repeat_distance = _v.number(self.ignore_repeat_distance, "ignore_repeat_distance")
        if self.tap_assistance not in TAP_ASSISTANCE:
            raise ValueError(f"tap_assistance must be one of {sorted(TAP_ASSISTANCE)}")
        s.tap_assistance = TAP_ASSISTANCE[self.tap_assistance]
        s.tap_assistance_delay = _v.number(self.tap_assistance_delay, "tap_assistance_delay")
        s.swipe_distance = _v.number(self.swipe_distance, "swipe_distance")
        return s


@dataclass
class AuditFinding:
    """One finding of the accessibility audit (gk_audit_finding)."""
    view: Any          # the View (None if it is not one this Engine made)
    recognizer: Any    # the Recognizer (None for the screen reader's own commands)
    rule: str          # "multipoint", "path-based", "target-size", "dragging", "pointer-cancellation",
                       # "screen-reader-command", "not-an-element" or "empty-label"
    suggestion: str    # what would fix it, in words
    clause: str = ""   # the WCAG 2.2 success criterion ("2.5.1", "2.5.2", "2.5.7", "2.5.8", "4.1.2"), or
                       # "EN 301 549 5.9" for the screen reader's commands


AUDIT_RULES = ("multipoint", "path-based", "target-size", "dragging", "pointer-cancellation", "screen-reader-command",
               "not-an-element", "empty-label")


# gk_accessibility_event_kind, by value.
_KINDS = ("focus", "activate", "escape", "scroll", "pause", "pass-through", "boundary", "scroll-into-view",
          "increment", "decrement", "magic-tap", "read-all", "position", "announcement", "activate-twice")
# gk_announcement_priority and gk_focus_move, by name.
PRIORITIES = ("polite", "urgent")
FOCUS_MOVES = ("next", "previous", "first", "last")
# gk_screen_reader_command bits, by name.
SCREEN_READER_COMMANDS = {"pause": 1, "escape": 2, "scroll": 4}


@dataclass
class AccessibilityEvent:
    """An accessibility event of explore-by-touch (gk_accessibility_event)."""
    sequence: int
    timestamp: float
    kind: str          # "focus", "activate", "escape", "scroll", "pause", "pass-through", "boundary",
                       # "scroll-into-view", "increment" / "decrement" (an adjustable view), "magic-tap",
                       # "read-all", "position", "announcement" (Engine.announce) or "activate-twice"
    view: Any          # the element's View (the focused one for escape, scroll, pause; may be None)
    label: str         # its accessibility label, read when the event was taken
    direction: int = 0  # scroll: a SwipeDirection bit (the fingers' direction)
    view_gone: bool = False  # the view was destroyed before the event was polled (label is then "")
    dropped_before: int = 0  # events lost just before this one: the queue (256) was full
    message: str = ""        # "announcement": the text given to Engine.announce
    priority: str = ""       # "announcement": "polite" or "urgent"

    def interrupts(self, speaking: "AccessibilityEvent") -> bool:
        """Whether a host saying ``speaking`` cuts it to say this event now (True) or says this one
        after it (False): the reader's events cut each other, a polite announcement waits and is
        cut only by an urgent one, an urgent one cuts anything but another urgent one
        (gk_accessibility_event_interrupts)."""
        def struct(e: "AccessibilityEvent") -> _lib.AccessibilityEventStruct:
            c = _lib.AccessibilityEventStruct()
            c.kind = _KINDS.index(e.kind) if e.kind in _KINDS else 0
            c.priority = PRIORITIES.index(e.priority) if e.priority in PRIORITIES else 0
            return c
        out = ctypes.c_bool()
        a, b = struct(speaking), struct(self)
        _check(lib.gk_accessibility_event_interrupts(ctypes.byref(a), ctypes.byref(b), ctypes.sizeof(a), ctypes.byref(out)),
               "gk_accessibility_event_interrupts")
        return out.value


class AccessibilityMixin:
    """The engine's accessibility settings."""

    @property
    def timing_scale(self) -> float:
        """The timing scale (1.0..10.0, default 1.0): every time limit a user must beat is
        multiplied by it, except on recognizers with ``scales_timing=False``."""
        out = ctypes.c_double()
        _check(lib.gk_engine_get_timing_scale(session_of(self).ptr, ctypes.byref(out)), "gk_engine_get_timing_scale")
        return out.value

    @timing_scale.setter
    def timing_scale(self, scale: float) -> None:
        _check(lib.gk_engine_set_timing_scale(session_of(self).ptr, _v.number(scale, "scale")), "gk_engine_set_timing_scale")

    @property
    def touch_accommodations(self) -> TouchAccommodations:
        """The touch accommodations in use."""
        s = _lib.TouchAccommodationsStruct()
        _check(lib.gk_engine_get_touch_accommodations(session_of(self).ptr, ctypes.byref(s), ctypes.sizeof(s)),
               "gk_engine_get_touch_accommodations")
        names = {v: k for k, v in TAP_ASSISTANCE.items()}
        return TouchAccommodations(s.hold_duration, s.ignore_repeat, s.ignore_repeat_distance,
                                   names.get(s.tap_assistance, "off"), s.tap_assistance_delay, s.swipe_distance)

    @property
    def screen_reader(self) -> bool:
        """Whether explore-by-touch is on (set it to switch; BUSY while a touch is down)."""
        return getattr(self, "_screen_reader", False)

    @screen_reader.setter
    def screen_reader(self, on: bool) -> None:
        _check(lib.gk_engine_set_screen_reader(session_of(self).ptr, bool(on)), "gk_engine_set_screen_reader")
        self._screen_reader = bool(on)

    @property
    def screen_reader_commands(self) -> FrozenSet[str]:
        """The screen reader's multi-finger commands ("pause", "escape", "scroll") that the host
        says it also offers another way (a key, a button); the audit reports only the others
        (EN 301 549 5.9). Empty by default; assign a set of names to declare."""
        out = ctypes.c_uint32()
        _check(lib.gk_engine_get_screen_reader_commands(session_of(self).ptr, ctypes.byref(out)),
               "gk_engine_get_screen_reader_commands")
        return frozenset(name for name, bit in SCREEN_READER_COMMANDS.items() if out.value & bit)

    @screen_reader_commands.setter
    def screen_reader_commands(self, names) -> None:
        if isinstance(names, str):
            raise TypeError("screen_reader_commands takes a set of names, not one string")
        bits = 0
        for name in names:
            if name not in SCREEN_READER_COMMANDS:
                raise ValueError(f"unknown screen reader command {name!r} (pause, escape or scroll)")
            bits |= SCREEN_READER_COMMANDS[name]
        _check(lib.gk_engine_declare_screen_reader_commands(session_of(self).ptr, bits),
               "gk_engine_declare_screen_reader_commands")

    @property
    def accessibility_focus(self) -> Optional[Any]:
        """The focused element's View, or None."""
        out = ctypes.c_uint64()
        _check(lib.gk_engine_get_accessibility_focus(session_of(self).ptr, ctypes.byref(out)), "gk_engine_get_accessibility_focus")
        return session_of(self).view(out.value) if out.value else None

    @accessibility_focus.setter
    def accessibility_focus(self, view: Optional[Any]) -> None:
        """Moves the focus to ``view`` (a new screen, a field in error): a "focus" event follows,
        even if it had the focus. None drops it. Ignored while the screen reader is off; a view
        that is no element in the reading order raises GestureKitError(INVALID_ARGUMENT)."""
        if view is not None and not hasattr(view, "handle"):
            raise TypeError(f"accessibility_focus takes a View or None, not {type(view).__name__}")
        handle = 0 if view is None else view.handle
        _check(lib.gk_engine_set_accessibility_focus(session_of(self).ptr, handle), "gk_engine_set_accessibility_focus")

    def move_accessibility_focus(self, to: str) -> None:
        """Moves the focus in reading order as the gestures do: "next", "previous", "first" or
        "last" (keys, switches, and reading on after a "read-all" event). A "focus" event follows,
        or "boundary" at the end."""
        if to not in FOCUS_MOVES:
            raise ValueError(f"move_accessibility_focus takes one of {', '.join(FOCUS_MOVES)}, not {to!r}")
        _check(lib.gk_engine_move_accessibility_focus(session_of(self).ptr, FOCUS_MOVES.index(to)),
               "gk_engine_move_accessibility_focus")

    def announce(self, message: str, *, priority: str = "polite") -> None:
        """Queues an announcement ("Card declined") among the screen reader's events: it comes
        back as an "announcement" event with this ``message``, in order. ``priority`` "polite" is
        said after what is being said and is not cut by a focus change; "urgent" cuts anything but
        another urgent announcement (AccessibilityEvent.interrupts)."""
        if not isinstance(message, str):
            raise TypeError(f"message must be str, not {type(message).__name__}")
        if priority not in PRIORITIES:
            raise ValueError(f"priority must be 'polite' or 'urgent', not {priority!r}")
        texts = self.__dict__.setdefault("_announcements", {})
        key = self.__dict__.get("_announcement_key", 0) + 1
        self._announcement_key = key
        _check(lib.gk_engine_announce(session_of(self).ptr, key, PRIORITIES.index(priority)), "gk_engine_announce")
        texts[key] = message

    def accessibility_events(self) -> Iterator[AccessibilityEvent]:
        """Drains the accessibility events (what a screen reader would say or do)."""
        e = _lib.AccessibilityEventStruct()
        while lib.gk_engine_poll_accessibility_event(session_of(self).ptr, ctypes.byref(e), ctypes.sizeof(e)) == 0:
            view = session_of(self).view(e.view) if e.view else None
            kind = _KINDS[e.kind] if e.kind < len(_KINDS) else "unknown"
            label, gone = "", False
            if view is not None:
                try:
                    label = view.accessibility_label
                except GestureKitError as error:
                    if error.status != Status.STALE_HANDLE:
                        raise
                    gone = True   # destroyed since: the event is still delivered, with the view marked gone
            message, priority = "", ""
            if kind == "announcement":
                message = self.__dict__.get("_announcements", {}).pop(e.message, "")
                priority = PRIORITIES[e.priority] if e.priority < len(PRIORITIES) else "polite"
            yield AccessibilityEvent(e.sequence, e.timestamp, kind, view, label, e.direction, gone, e.dropped_before,
                                     message, priority)

    def audit(self) -> List[AuditFinding]:
        """The accessibility audit (docs/ACCESSIBILITY.md): actions one pointer cannot reach (WCAG
        2.5.1), drags without a way that does not drag (2.5.7), small targets (2.5.8), long presses
        on touch-down (2.5.2), and in explore-by-touch the screen reader's multi-finger commands."""
        count = ctypes.c_size_t()
        size = ctypes.sizeof(_lib.AuditFindingStruct)
        _check(lib.gk_engine_audit(session_of(self).ptr, None, 0, size, ctypes.byref(count)), "gk_engine_audit")
        if count.value == 0:
            return []
        buf = (_lib.AuditFindingStruct * count.value)()
        _check(lib.gk_engine_audit(session_of(self).ptr, buf, count.value, size, ctypes.byref(count)), "gk_engine_audit")
        def clause(rule: int) -> str:
            text = lib.gk_audit_rule_string(rule).decode()   # "dragging (WCAG 2.5.7)"
            if "WCAG " in text:
                return text[text.rfind("WCAG ") + 5:-1]
            return text[text.rfind("(") + 1:-1] if text.endswith(")") else ""
        return [AuditFinding(session_of(self).view(f.view), session_of(self).recognizers.get(f.recognizer) if f.recognizer else None,
                             AUDIT_RULES[f.rule] if f.rule < len(AUDIT_RULES) else "unknown",
                             lib.gk_audit_suggestion_string(f.suggestion).decode(), clause(f.rule))
                for f in buf]

    def set_touch_accommodations(self, accommodations: "TouchAccommodations | None") -> None:
        """Sets them (None: all off). Raises GestureKitError(BUSY) when switching the input stage
        on or off while a touch is down, INVALID_ARGUMENT for a value out of range."""
        s = accommodations._struct() if accommodations is not None else None
        _check(lib.gk_engine_set_touch_accommodations(session_of(self).ptr, ctypes.byref(s) if s is not None else None),
               "gk_engine_set_touch_accommodations")
