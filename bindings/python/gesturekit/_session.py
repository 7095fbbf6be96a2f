"""The session under an engine: its C handle and what the Python objects over it share.

An :class:`~gesturekit.Engine` opens one :class:`Session`; its views and recognizers find it with
:func:`session_of` (python-libevdev's ``Device`` holding its ``_libevdev`` is the model). Nothing
here reaches back into the public classes: the session converts the library's structs into
values, keeps the handle-to-object maps, and carries the bookkeeping of callbacks (the first
exception a callback raised, the C callbacks of removed targets). Every module of the package
talks to the library through a session, never through another object's private members.
"""
from __future__ import annotations

import ctypes
import functools
import re
import struct
from typing import Any, Callable, List, Optional

from . import _lib
from .errors import _check
from .types import Action, ActionRecord, Delivery, DeliveryRecord, Kind, Phase, State, TouchInfo, TouchType

_ACTION = _lib.flat_struct(_lib.ActionStruct)
_DELIVERY = _lib.flat_struct(_lib.DeliveryStruct)
_KINDS = {k.value: k for k in Kind}
_STATES = {s.value: s for s in State}
_PHASES = {p.value: p for p in Phase}
_TOUCH_TYPES = {t.value: t for t in TouchType}
_new = object.__new__


def _record_layout(layout: struct.Struct, reserved_at: int) -> struct.Struct:
    """`layout` with its value number `reserved_at`, a reserved 32-bit field, read as padding: the
    values it gives are then a record's fields."""
    codes = re.findall(r"\d*[a-zA-Z?]", layout.format[1:])   # "=" first; a pad is "<n>x"
    at = [i for i, c in enumerate(codes) if not c.endswith("x")][reserved_at]
    assert codes[at] in ("I", "i"), codes[at]
    codes[at] = "4x"
    packed = struct.Struct("=" + "".join(codes))
    assert packed.size == layout.size
    return packed


_ACTION_RECORD = _record_layout(_ACTION, 20)     # gk_action.reserved
_DELIVERY_RECORD = _record_layout(_DELIVERY, 16)   # gk_delivery.reserved
# A record made from the tuple of its values in C (what NamedTuple._make does, without its Python call).
_new_action_record = functools.partial(tuple.__new__, ActionRecord)
_new_delivery_record = functools.partial(tuple.__new__, DeliveryRecord)
_SPACED: dict = {}   # (entry layout, the library's stride) -> the layout with the gap after it


class Session:
    """One engine's handle (``ptr``, None once closed), its objects by handle, and its callback
    bookkeeping."""

    def __init__(self, make_view: Callable[[int], Any]) -> None:
        self.ptr: Optional[int] = None
        self.recognizers: dict = {}
        self.views: dict = {}
        self.pending_error: Optional[BaseException] = None
        self.suppressed_errors: List[BaseException] = []
        self.dispatch_depth = 0          # action targets running now
        self.retired_callbacks: list = []   # removed targets' C callbacks, freed when none runs
        self.next_target_key = 0
        self.make_view = make_view
        # `_take`'s arguments, made once: the C types exactly (the call does not convert them).
        self._engine_arg = ctypes.c_void_p()
        self._action_size = ctypes.c_size_t(ctypes.sizeof(_lib.ActionStruct))
        self._delivery_size = ctypes.c_size_t(ctypes.sizeof(_lib.DeliveryStruct))
        self._taken = (ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_size_t())
        self._taken_refs = tuple(ctypes.byref(x) for x in self._taken)

    # Objects and values from the library's handles and structs.
    def view(self, handle: int) -> Any:
        """The view object of ``handle``, made once."""
        v = self.views.get(handle)
        if v is None:
            v = self.views[handle] = self.make_view(handle)
        return v

    def touch_info(self, t: _lib.TouchInfoStruct) -> TouchInfo:
        return TouchInfo(t.id, Phase(t.phase), TouchType(t.type), (t.location.x, t.location.y),
                         (t.previous_location.x, t.previous_location.y), (t.start_location.x, t.start_location.y),
                         t.timestamp, t.start_timestamp, self.views.get(t.view) if t.view else None, t.force,
                         t.major_radius, t.buttons, t.modifiers)

    # Actions and deliveries arrive once per frame or more: each is read with one `struct` call
    # and built without the frozen dataclass's field-by-field `__init__` (3x faster, measured in
    # bench/python_bench.py); the objects are the same as `Action(...)` would make.
    # ``a`` is a ``gk_action``, or the tuple of its values that `_ACTION` reads.
    def action(self, a: Any) -> Action:
        (sequence, timestamp, recognizer, view, kind, state, lx, ly, touches, swipe, tx, ty, vx, vy, scale,
         rotation, scalar_velocity, buttons, modifiers, template, _reserved, score, bx, by, bw, bh) = \
            a if type(a) is tuple else _ACTION.unpack_from(a)
        out = _new(Action)
        out.__dict__.update(
            sequence=sequence, timestamp=timestamp, recognizer=self.recognizers.get(recognizer),
            view=self.views.get(view) if view else None, kind=k if (k := _KINDS.get(kind)) is not None else Kind(kind),
            state=st if (st := _STATES.get(state)) is not None else State(state), location=(lx, ly), number_of_touches=touches,
            translation=(tx, ty), velocity=(vx, vy), scale=scale, rotation=rotation,
            scalar_velocity=scalar_velocity, swipe_direction=swipe, button_mask=buttons, modifier_flags=modifiers,
            stroke_template=template, stroke_score=score, stroke_bounds=(bx, by, bw, bh))
        return out

    def delivery(self, d: Any) -> Delivery:
        (sequence, timestamp, view, touch_id, phase, touch_type, lx, ly, wx, wy, touch_timestamp, force, radius,
         buttons, modifiers, press_type, _reserved) = d if type(d) is tuple else _DELIVERY.unpack_from(d)
        out = _new(Delivery)
        out.__dict__.update(
            sequence=sequence, timestamp=timestamp, view=self.views.get(view), touch_id=touch_id,
            phase=ph if (ph := _PHASES.get(phase)) is not None else Phase(phase),
            touch_type=tt if (tt := _TOUCH_TYPES.get(touch_type)) is not None else TouchType(touch_type),
            location=(lx, ly), window_location=(wx, wy), touch_timestamp=touch_timestamp, force=force,
            major_radius=radius, buttons=buttons, modifiers=modifiers, press_type=press_type)
        return out

    def take_actions(self) -> List[Action]:
        """Every queued action, taken from the queue in one call (``gk_engine_take_actions``
        lends them in place), copied in one piece, then converted."""
        return self._take(_lib.take_actions_unchecked, self._action_size, _ACTION, self.action)

    def take_deliveries(self) -> List[Delivery]:
        """Every queued view delivery, taken as :meth:`take_actions` takes actions."""
        return self._take(_lib.take_deliveries_unchecked, self._delivery_size, _DELIVERY, self.delivery)

    def take_action_records(self) -> List[ActionRecord]:
        """Every queued action, taken as :meth:`take_actions` takes them, as plain values."""
        return self._take(_lib.take_actions_unchecked, self._action_size, _ACTION_RECORD, _new_action_record)

    def take_delivery_records(self) -> List[DeliveryRecord]:
        """Every queued view delivery, as plain values."""
        return self._take(_lib.take_deliveries_unchecked, self._delivery_size, _DELIVERY_RECORD,
                          _new_delivery_record)

    def discard_deliveries(self) -> int:
        """Takes the delivery queue whole and makes nothing of it; returns how many it held."""
        return self._take_raw(_lib.take_deliveries_unchecked, self._delivery_size)[0]

    def _take_raw(self, take: Any, size: Any) -> tuple:
        """Takes a queue whole: the number of entries and their spacing, 0 and 0 when it is empty
        (the entries are at ``self._taken[0]`` until the next call on the engine)."""
        if self.ptr is None:
            return 0, 0
        engine = self._engine_arg
        if engine.value != self.ptr:
            engine.value = self.ptr
        first, count, stride = self._taken
        refs = self._taken_refs
        if take(engine, size, refs[0], refs[1], refs[2]) != 0:
            return 0, 0   # GK_EMPTY
        return count.value, stride.value

    def _take(self, take: Any, size: Any, layout: struct.Struct, build: Callable[[Any, int], Any]) -> list:
        n, step = self._take_raw(take, size)
        if n == 0:
            return []
        first = self._taken[0]
        data = ctypes.string_at(first.value, n * step)   # copied before anything else touches the engine
        # The entries read in one pass, with the library's spacing (an entry may be followed by
        # fields of its own, or by a newer library's): a fifth of what reading each at its offset costs.
        spaced = _SPACED.get((layout, step))
        if spaced is None:
            spaced = _SPACED[layout, step] = struct.Struct(layout.format + f"{step - layout.size}x")
        return list(map(build, spaced.iter_unpack(data)))

    # Callbacks.
    def callback_failed(self, exc: BaseException) -> None:
        """Records an exception raised by a callback. The C call cannot unwind through the
        library, so the callbacks after it still run. The rule: the first exception is re-raised
        when the engine call returns; later ones go to ``suppressed_errors`` (and, on Python 3.11
        or later, each is named in a note on the first)."""
        if self.pending_error is None:
            self.pending_error = exc
            self.suppressed_errors = []
        else:
            self.suppressed_errors.append(exc)
            if hasattr(self.pending_error, "add_note"):
                self.pending_error.add_note(f"also raised by a later callback: {exc!r}")

    def release_retired_callbacks(self) -> None:
        if self.dispatch_depth == 0:
            self.retired_callbacks.clear()

    def after_call(self, status: int, call: str) -> None:
        """Ends a call that may have run callbacks: the status checked, then the first exception
        a callback raised re-raised."""
        err, self.pending_error = self.pending_error, None
        self.release_retired_callbacks()
        _check(status, call)
        if err is not None:
            raise err


def open_session(owner: Any, make_view: Callable[[int], Any]) -> Session:
    """A new session for ``owner`` (an Engine), kept on it and found again with :func:`session_of`."""
    owner._gk_session = Session(make_view)
    return owner._gk_session


def session_of(owner: Any) -> Session:
    """The session of ``owner`` (an Engine)."""
    return owner._gk_session


def view_handle(view: Any) -> int:
    """A view's handle, or 0 for None (the window)."""
    return 0 if view is None else view.handle
