"""Errors of the binding: a failed call into libgesturekit raises :class:`GestureKitError`."""
from __future__ import annotations

from ._lib import lib, library_path as _library_path
from .types import Status


class GestureKitError(Exception):
    """A call into libgesturekit failed; ``status`` is the :class:`Status`."""

    def __init__(self, status: int, call: str = "") -> None:
        try:
            self.status = Status(status)
        except ValueError:   # a status this binding does not know yet: kept as the number
            self.status = status
        text = lib.gk_status_string(status).decode()
        super().__init__(f"{call}: {text}" if call else text)


def _check(status: int, call: str = "") -> None:
    if status != Status.OK:
        raise GestureKitError(status, call)


def library_path() -> str:
    """The file the library was loaded from: ``$GESTUREKIT_LIBRARY``, the wheel's own copy, or the
    system's."""
    return _library_path


def library_version() -> str:
    """The loaded library's version string, e.g. ``"0.2.0"``."""
    return lib.gk_version_string().decode()
