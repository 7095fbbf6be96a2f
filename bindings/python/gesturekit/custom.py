"""Custom recognizers written in Python: subclass :class:`CustomRecognizer`."""
from __future__ import annotations

import ctypes
from typing import List, Optional, Union

from . import _lib
from . import _validate as _v
from ._lib import lib
from .errors import _check
from ._session import session_of
from .recognizers import Recognizer
from .views import View
from .types import Kind, State, TouchInfo


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
    _OPEN_ATTRIBUTES = True   # the subclass keeps its own state on the instance

    def __init__(self, engine: "Engine", view: Optional[View] = None, *, continuous: Optional[bool] = None,
                 **properties) -> None:
        if continuous is not None:
            object.__setattr__(self, "continuous", bool(continuous))
        super().__init__(engine, view, **properties)

    def _create(self, engine: "Engine") -> int:
        session = session_of(engine)
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
                    session.callback_failed(exc)
                    return default
            return call

        def touches_hook(method):
            def hook(_e, _r, ptr, count, timestamp, _u):
                method([session.touch_info(ptr[i]) for i in range(count)], timestamp)
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
                fn = guarded(lambda _e, _r, o, _u, m=method: bool(m(session.recognizers.get(o))), default)
                setattr(hooks, name, _lib.PAIR_FN(fn))
        out = ctypes.c_uint64()
        _check(lib.gk_recognizer_create_custom(session.ptr, ctypes.byref(hooks), bool(self.continuous),
                                               ctypes.byref(out)), "gk_recognizer_create_custom")
        object.__setattr__(self, "_hooks", hooks)   # keeps the CFUNCTYPE objects alive
        return out.value

    # The state, settable by the subclass (coerced by rule 14).
    def _get_state(self) -> State:
        return Recognizer.state.fget(self)

    def _set_state(self, value: State) -> None:
        if not isinstance(value, State):
            raise TypeError(f"state must be a gesturekit.State, not {type(value).__name__}")
        session_of(self.engine).after_call(lib.gk_recognizer_set_state(session_of(self.engine).ptr, self.handle, int(value)),
                                "gk_recognizer_set_state")

    state = property(_get_state, _set_state)

    def ignore(self, touch: Union[TouchInfo, int]) -> None:
        """ignore(_:for:): stop tracking the touch (a :class:`TouchInfo` or its id), rule 53."""
        tid = touch.id if isinstance(touch, TouchInfo) else _v.integer(touch, "touch", _v.I64)
        _check(lib.gk_recognizer_ignore_touch(session_of(self.engine).ptr, self.handle, tid), "gk_recognizer_ignore_touch")

    def set_deadline(self, timestamp: float) -> None:
        """Asks for :meth:`deadline_reached` at engine time ``timestamp`` (inf clears it)."""
        _check(lib.gk_recognizer_set_deadline(session_of(self.engine).ptr, self.handle, float(timestamp)),
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
