"""Linux touch input read and fed to an engine in C (libgesturekit-pump.so.0).

A Python host that feeds touches one frame at a time pays a ctypes call per frame. Here the
library reads the input itself, a recorded one or a live device, decodes it and feeds the engine;
Python pays one call per batch, then handles the actions and deliveries as usual::

    import gesturekit as gk
    from gesturekit.evdev import Recording

    with gk.Engine(width=800, height=480) as engine, Recording("swipe.evemu", width=800, height=480) as rec:
        engine.pan(engine.root)
        while rec.pump(engine, max_frames=256):
            for action in engine.actions():
                print(action.kind, action.state, action.location)

A :class:`Device` is read the same way from ``/dev/input/eventN``; its :meth:`Device.fileno` goes
into the host's ``select``/``poll``, and :attr:`Device.now` is the clock its frames carry (for
:meth:`Engine.advance <gesturekit.Engine.advance>` when the engine's deadline comes first).

The pump library is loaded on first use (``gesturekit._loader.load_pump`` says where it looks); the
rest of the package works without it.
"""
from __future__ import annotations

import ctypes
import errno
import os
from dataclasses import dataclass
from typing import Any, Optional, Tuple

from . import _lib
from ._loader import load_pump
from ._session import session_of
from ._validate import I32, flag, integer, number
from .errors import GestureKitError, _check
from .types import Status

FLIP_X, FLIP_Y, ABSOLUTE_TIME, INDIRECT_AS_DIRECT = 1, 2, 4, 8   # GK_PUMP_* flags


class _Options(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("screen_width", ctypes.c_double), ("screen_height", ctypes.c_double),
                ("rotation", ctypes.c_int32), ("flags", ctypes.c_uint32)]


class _Stats(ctypes.Structure):
    _fields_ = [("reports", ctypes.c_uint64), ("frames", ctypes.c_uint64), ("touches", ctypes.c_uint64),
                ("hovers", ctypes.c_uint64), ("cancels", ctypes.c_uint64), ("refused", ctypes.c_uint64),
                ("last_refusal", ctypes.c_int), ("clamped", ctypes.c_uint64), ("remaining", ctypes.c_uint64),
                ("time", ctypes.c_double)]


_pump_lib: Optional[ctypes.CDLL] = None


def _library() -> ctypes.CDLL:
    """The pump library, loaded and declared once."""
    global _pump_lib
    if _pump_lib is None:
        lib, _ = load_pump(_lib.library_path)
        P, vp, sz, st = ctypes.POINTER, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
        for name, (res, *args) in {
            "gk_pump_options_init": (None, P(_Options)),
            "gk_pump_open_recording": (st, ctypes.c_char_p, ctypes.c_char_p, P(_Options), sz, P(vp), ctypes.c_char_p, sz),
            "gk_pump_open_device": (st, ctypes.c_char_p, P(_Options), sz, P(vp), ctypes.c_char_p, sz),
            "gk_pump_run": (st, vp, vp, sz, ctypes.c_int, P(sz)),
            "gk_pump_get_stats": (st, vp, P(_Stats), sz),
            "gk_pump_now": (st, vp, P(ctypes.c_double)),
            "gk_pump_get_fd": (st, vp, P(ctypes.c_int)),
            "gk_pump_close": (None, vp),
        }.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args
        _pump_lib = lib
    return _pump_lib


@dataclass(frozen=True)
class PumpStats:
    """What a :class:`Recording` or :class:`Device` has read and fed so far (``gk_pump_stats``)."""
    reports: int        #: input reports decoded (SYN_REPORT)
    frames: int         #: touch frames fed
    touches: int        #: touches in those frames (touch events)
    hovers: int         #: hover events fed
    cancels: int        #: cancel-alls fed (events were lost)
    refused: int        #: inputs the engine refused
    last_refusal: Any   #: the engine's answer to the last one refused (a Status), or Status.OK
    clamped: int        #: positions outside their axis range, moved to its edge
    remaining: int      #: a recording's events not read yet; 0 for a device
    time: float         #: the time of the last event decoded


def _options(width: float, height: float, rotation: int, flags: int) -> _Options:
    width, height = number(width, "width"), number(height, "height")
    rotation = integer(rotation, "rotation", I32)   # the library says which values it takes
    o = _Options()
    _library().gk_pump_options_init(ctypes.byref(o))
    o.screen_width, o.screen_height, o.rotation, o.flags = float(width), float(height), int(rotation), flags
    return o


def _flags(flip_x: bool, flip_y: bool, absolute_time: bool, indirect_as_direct: bool) -> int:
    flip_x, flip_y = flag(flip_x, "flip_x"), flag(flip_y, "flip_y")
    absolute_time, indirect_as_direct = flag(absolute_time, "absolute_time"), flag(indirect_as_direct, "indirect_as_direct")
    return ((FLIP_X if flip_x else 0) | (FLIP_Y if flip_y else 0) | (ABSOLUTE_TIME if absolute_time else 0)
            | (INDIRECT_AS_DIRECT if indirect_as_direct else 0))


class _Pump:
    """What a recording and a device share: the C handle (held here, never handed out), running
    an engine, the figures, the clock and closing."""

    def __init__(self, opener: str, args: Tuple[Any, ...]) -> None:
        lib = _library()
        handle = ctypes.c_void_p()
        error = ctypes.create_string_buffer(1200)
        st = getattr(lib, opener)(*args, ctypes.byref(handle), error, len(error))
        if st != Status.OK:
            raise GestureKitError(st, f"{opener}: {error.value.decode(errors='replace')}")
        self._handle: Optional[int] = handle.value
        self._out = ctypes.c_size_t()
        self._running = False

    def _checked(self) -> int:
        if self._handle is None:
            raise GestureKitError(Status.STALE_HANDLE, "the pump is closed")
        return self._handle

    def _run(self, engine: Any, max_frames: int, timeout_ms: int) -> int:
        session = session_of(engine)
        handle = self._checked()
        if session.ptr is None:
            raise GestureKitError(Status.STALE_HANDLE, "gk_pump_run: the engine is closed")
        if self._running:
            raise GestureKitError(Status.BUSY, "pump() from a callback of this pump's own pump()")
        self._running = True
        try:
            st = _library().gk_pump_run(handle, session.ptr, max_frames, timeout_ms, ctypes.byref(self._out))
        finally:
            self._running = False
        session.after_call(st, "gk_pump_run")
        return self._out.value

    @property
    def stats(self) -> PumpStats:
        """What has been read and fed so far."""
        s = _Stats()
        _check(_library().gk_pump_get_stats(self._checked(), ctypes.byref(s), ctypes.sizeof(s)), "gk_pump_get_stats")
        try:
            refusal: Any = Status(s.last_refusal)
        except ValueError:
            refusal = s.last_refusal
        return PumpStats(s.reports, s.frames, s.touches, s.hovers, s.cancels, s.refused, refusal, s.clamped,
                         s.remaining, s.time)

    @property
    def now(self) -> float:
        """The pump's clock in seconds: a device's time since it was opened, a recording's time of
        the last event decoded."""
        out = ctypes.c_double()
        _check(_library().gk_pump_now(self._checked(), ctypes.byref(out)), "gk_pump_now")
        return out.value

    def close(self) -> None:
        """Closes the device or frees the recording. Closing twice is allowed; closing from a
        callback while :meth:`pump` runs raises GestureKitError (BUSY): close after it returns."""
        if self._running:
            raise GestureKitError(Status.BUSY, "close() from a callback while pump() runs: close after it returns")
        if self._handle is not None:
            _library().gk_pump_close(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_handle", None) is not None and _pump_lib is not None:
            self.close()


class Recording(_Pump):
    """An evemu recording (its device description in the file, in ``desc``, or in
    ``<device name>.desc`` beside it) or an Android ``getevent -lt`` trace, read whole when opened
    and fed in order. Positions are mapped to a ``width`` x ``height`` screen, turned clockwise by
    ``rotation`` (0, 90, 180, 270) and mirrored by ``flip_x``/``flip_y``; the first event is at 0 s
    unless ``absolute_time``. A touchpad's recording is refused unless ``indirect_as_direct``."""

    def __init__(self, path: str, *, desc: Optional[str] = None, width: float = 800, height: float = 480,
                 rotation: int = 0, flip_x: bool = False, flip_y: bool = False, absolute_time: bool = False,
                 indirect_as_direct: bool = False) -> None:
        o = _options(width, height, rotation, _flags(flip_x, flip_y, absolute_time, indirect_as_direct))
        super().__init__("gk_pump_open_recording", (str(path).encode(), None if desc is None else str(desc).encode(),
                                                    ctypes.byref(o), ctypes.sizeof(o)))

    def pump(self, engine: Any, max_frames: int = 256) -> int:
        """Feeds ``engine`` up to ``max_frames`` more input frames; returns how many, 0 once the
        recording is done. Drain the engine's queues between calls: a full queue drops its oldest
        entries. Callbacks (action targets) run inside this call."""
        if isinstance(max_frames, bool) or not isinstance(max_frames, int) or not 1 <= max_frames < 2 ** 63:
            raise ValueError(f"max_frames must be a positive int, not {max_frames!r}")
        return self._run(engine, max_frames, 0)


class Device(_Pump):
    """A live evdev touch device (``/dev/input/eventN``), opened read-only without blocking. The
    options are :class:`Recording`'s (``absolute_time`` aside). Its frames are timed in seconds
    since it was opened (:attr:`now`)."""

    def __init__(self, path: str, *, width: float = 800, height: float = 480, rotation: int = 0,
                 flip_x: bool = False, flip_y: bool = False, indirect_as_direct: bool = False) -> None:
        o = _options(width, height, rotation, _flags(flip_x, flip_y, False, indirect_as_direct))
        # The two causes a newcomer meets, as the exceptions Python code expects, with their fixes.
        try:
            os.close(os.open(str(path), os.O_RDONLY | os.O_NONBLOCK))
        except FileNotFoundError:
            raise FileNotFoundError(errno.ENOENT, "no such input device (gesturekit record, with no device, lists "
                                    "them)", str(path)) from None
        except PermissionError:
            raise PermissionError(errno.EACCES, "permission denied: run as root, or as a member of the group that "
                                  "owns it (usually input: sudo usermod -aG input $USER, then log in again)",
                                  str(path)) from None
        super().__init__("gk_pump_open_device", (str(path).encode(), ctypes.byref(o), ctypes.sizeof(o)))

    def pump(self, engine: Any, timeout: Optional[float] = 0.0) -> int:
        """Waits up to ``timeout`` seconds (None: until input arrives) and feeds ``engine`` every
        event the device has queued; returns the input frames fed. Raises GestureKitError
        (INVALID_ARGUMENT) when the device is gone."""
        if timeout is None:
            ms = -1
        else:
            if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 <= timeout <= 86400:
                raise ValueError(f"timeout must be None or 0 to 86400 seconds, not {timeout!r}")
            ms = int(timeout * 1000)
        return self._run(engine, 1, ms)

    def fileno(self) -> int:
        """The device's file descriptor, for select/poll. It stays the device's: do not close it."""
        out = ctypes.c_int()
        _check(_library().gk_pump_get_fd(self._checked(), ctypes.byref(out)), "gk_pump_get_fd")
        return out.value
