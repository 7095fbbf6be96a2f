"""Views: :class:`View`, a node of an engine's view tree."""
from __future__ import annotations

import ctypes
from typing import Callable, Optional, Sequence, Tuple, Union

from . import _lib, _validate as _v
from ._lib import lib
from ._session import session_of
from .errors import _check
from .types import Delivery

PointLike = Union[Tuple[float, float], Sequence[float]]


# GK_ACCESSIBILITY_TRAIT_NOT_ENABLED: read only.
_NOT_ENABLED = 2

class View:
    """A view in an engine's tree. Create with :meth:`View.add_view`; the engine owns it."""

    def __init__(self, engine: "Engine", handle: int) -> None:
        self.engine = engine
        self.handle = handle
        self._session = session_of(engine)

    def __repr__(self) -> str:
        return f"<View {self.handle:#x}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and other.handle == self.handle and other.engine is self.engine

    def __hash__(self) -> int:
        return hash(self.handle)

    def set_accessibility(self, label: str, *, element: bool = True, order: int = 0) -> None:
        """Accessibility data for explore-by-touch (docs/ACCESSIBILITY.md): the label a screen
        reader says, whether the focus lands on this view, and its place in reading order."""
        if not isinstance(label, str):
            raise TypeError(f"label must be str, not {type(label).__name__}")
        data = label.encode()
        _check(lib.gk_view_set_accessibility(self._session.ptr, self.handle, data, len(data), _v.flag(element, "element"),
                                             _v.integer(order, "order", _v.I32)), "gk_view_set_accessibility")

    def _traits(self) -> int:
        out = ctypes.c_uint32()
        _check(lib.gk_view_get_accessibility_traits(self._session.ptr, self.handle, ctypes.byref(out)),
               "gk_view_get_accessibility_traits")
        return out.value

    def _set_trait(self, bit: int, on: bool, name: str) -> None:
        traits = self._traits() & ~_NOT_ENABLED   # the read-only bit is never set back
        traits = traits | bit if _v.flag(on, name) else traits & ~bit
        _check(lib.gk_view_set_accessibility_traits(self._session.ptr, self.handle, traits), "gk_view_set_accessibility_traits")

    @property
    def adjustable(self) -> bool:
        """Whether the view is adjustable to the screen reader (a slider, a quantity): focused, a
        flick up sends an "increment" event and a flick down a "decrement" one; the host changes
        the value and says the new one. False by default."""
        return bool(self._traits() & 1)

    @adjustable.setter
    def adjustable(self, on: bool) -> None:
        self._set_trait(1, on, "adjustable")

    @property
    def dimmed(self) -> bool:
        """Whether the screen reader reads the view as dimmed: it or an ancestor has user
        interaction off (a disabled control). It is focused as any element; activating it does
        nothing. Read only: it follows ``user_interaction_enabled``."""
        return bool(self._traits() & _NOT_ENABLED)

    @property
    def modal(self) -> bool:
        """Whether the view is modal to the screen reader (a dialog): while it is shown, only the
        elements inside it can be reached, and a focus outside it is dropped. False by default."""
        return bool(self._traits() & 4)

    @modal.setter
    def modal(self, on: bool) -> None:
        self._set_trait(4, on, "modal")

    @property
    def group(self) -> bool:
        """Whether the view groups its elements for reading (a panel): they read together, in
        their own order, where the view's ``order`` puts the group. False by default."""
        return bool(self._traits() & 8)

    @group.setter
    def group(self, on: bool) -> None:
        self._set_trait(8, on, "group")

    @property
    def accessibility_label(self) -> str:
        """The view's accessibility label ("" when none)."""
        buf = ctypes.create_string_buffer(256)
        _check(lib.gk_view_get_accessibility_label(self._session.ptr, self.handle, buf, 256, None),
               "gk_view_get_accessibility_label")
        return buf.value.decode("utf-8", "replace")

    def add_view(self, frame: Sequence[float], *, multiple_touch: bool = False) -> "View":
        """Adds a child view with ``frame = (x, y, width, height)`` in this view's coordinates."""
        out = ctypes.c_uint64()
        rect = _lib.Rect(*_v.numbers_of(frame, "frame", 4))
        _check(lib.gk_view_create(self._session.ptr, self.handle, ctypes.byref(rect), ctypes.byref(out)),
               "gk_view_create")
        view = self._session.view(out.value)
        if multiple_touch:
            view.multiple_touch_enabled = True
        return view

    def destroy(self) -> None:
        """Destroys the view and its subviews; their recognizers are detached."""
        _check(lib.gk_view_destroy(self._session.ptr, self.handle), "gk_view_destroy")

    def _flag(self, flag: int) -> bool:
        out = ctypes.c_bool()
        _check(lib.gk_view_get_flag(self._session.ptr, self.handle, flag, ctypes.byref(out)), "gk_view_get_flag")
        return out.value

    def _set_flag(self, flag: int, value: bool) -> None:
        _check(lib.gk_view_set_flag(self._session.ptr, self.handle, flag, bool(value)), "gk_view_set_flag")

    hidden = property(lambda s: s._flag(0), lambda s, v: s._set_flag(0, v))
    user_interaction_enabled = property(lambda s: s._flag(1), lambda s, v: s._set_flag(1, v))
    multiple_touch_enabled = property(lambda s: s._flag(2), lambda s, v: s._set_flag(2, v))
    exclusive_touch = property(lambda s: s._flag(3), lambda s, v: s._set_flag(3, v))

    @property
    def frame(self) -> Tuple[float, float, float, float]:
        """The frame (x, y, width, height) in the parent's coordinates."""
        r = _lib.Rect()
        _check(lib.gk_view_get_frame(self._session.ptr, self.handle, ctypes.byref(r)), "gk_view_get_frame")
        return (r.x, r.y, r.width, r.height)

    @frame.setter
    def frame(self, frame: Sequence[float]) -> None:
        rect = _lib.Rect(*_v.numbers_of(frame, "frame", 4))
        _check(lib.gk_view_set_frame(self._session.ptr, self.handle, ctypes.byref(rect)), "gk_view_set_frame")

    @property
    def alpha(self) -> float:
        """Opacity in [0, 1]; below 0.01 the view is not hit-tested."""
        out = ctypes.c_double()
        _check(lib.gk_view_get_alpha(self._session.ptr, self.handle, ctypes.byref(out)), "gk_view_get_alpha")
        return out.value

    @alpha.setter
    def alpha(self, value: float) -> None:
        _check(lib.gk_view_set_alpha(self._session.ptr, self.handle, _v.number(value, "alpha")), "gk_view_set_alpha")

    def set_transform(self, a: float, b: float, c: float, d: float, tx: float = 0.0, ty: float = 0.0) -> None:
        """Sets the affine transform about the view's centre."""
        t = _lib.Transform(*_v.numbers_of((a, b, c, d, tx, ty), "transform", 6))
        _check(lib.gk_view_set_transform(self._session.ptr, self.handle, ctypes.byref(t)), "gk_view_set_transform")

    def set_should_begin(self, fn: Optional[Callable[["View", "Recognizer"], bool]]) -> None:
        """UIView.gestureRecognizerShouldBegin (rule 61): ``fn(view, recognizer)`` is asked when a
        recognizer whose touches hit this view tries to begin; False fails it. None removes it."""
        session = self._session
        if fn is None:
            _check(lib.gk_view_set_should_begin(session.ptr, self.handle, _lib.VIEW_SHOULD_BEGIN_FN(), None),
                   "gk_view_set_should_begin")
            self._veto = None
            return

        def trampoline(_e, view, rec, _u):
            try:
                return bool(fn(session.view(view), session.recognizers.get(rec)))
            except BaseException as exc:
                session.callback_failed(exc)
                return True
        cb = _lib.VIEW_SHOULD_BEGIN_FN(trampoline)
        _check(lib.gk_view_set_should_begin(session.ptr, self.handle, cb, None), "gk_view_set_should_begin")
        self._veto = cb   # kept alive while installed

    def on_touches(self, fn: Optional[Callable[[Delivery], None]]) -> None:
        """Calls ``fn(delivery)`` for each touch delivery to this view, synchronously and in order
        (they are still queued for :meth:`Engine.deliveries`). None removes it."""
        session = self._session
        if fn is None:
            _check(lib.gk_view_set_touch_callback(session.ptr, self.handle, _lib.DELIVERY_FN(), None),
                   "gk_view_set_touch_callback")
            self._touches_cb = None
            return

        def trampoline(_e, ptr, _u):
            try:
                fn(session.delivery(ptr.contents))
            except BaseException as exc:
                session.callback_failed(exc)
        cb = _lib.DELIVERY_FN(trampoline)
        _check(lib.gk_view_set_touch_callback(session.ptr, self.handle, cb, None), "gk_view_set_touch_callback")
        self._touches_cb = cb

    def set_scale(self, s: float) -> None:
        """Sets the transform to a uniform scale about the view's centre."""
        self.set_transform(s, 0, 0, s)

    def set_bounds_origin(self, x: float, y: float) -> None:
        """Sets the bounds origin (scrolling)."""
        _check(lib.gk_view_set_bounds_origin(self._session.ptr, self.handle, _lib.Point(*_v.numbers_of((x, y), "origin", 2))),
               "gk_view_set_bounds_origin")

    def convert_from_window(self, x: float, y: float) -> Tuple[float, float]:
        """A window point in this view's coordinates."""
        out = _lib.Point()
        p = _lib.Point(*_v.numbers_of((x, y), "point", 2))
        _check(lib.gk_view_convert_point(self._session.ptr, p, 0, self.handle, ctypes.byref(out)),
               "gk_view_convert_point")
        return (out.x, out.y)

