"""Argument checks done before a value reaches ctypes.

ctypes converts a Python int to a C integer by keeping its low bits, and a short tuple to a struct
by leaving the missing fields 0: ``2**32 + 5`` would become 5 and ``(1, 2, 3)`` a rectangle of
height 0. These helpers refuse such values instead: :class:`TypeError` for a value of the wrong
kind or shape, :class:`ValueError` for one outside the C type's range. Ranges beyond the C type
(a negative capacity, a NaN position) are left to the library, which answers with a status.
"""
from __future__ import annotations

import numbers
from typing import Any, Tuple

U32 = (0, 2**32 - 1)
I32 = (-2**31, 2**31 - 1)
I64 = (-2**63, 2**63 - 1)


def integer(value: Any, name: str, bounds: Tuple[int, int]) -> int:
    """An integer within ``bounds`` (inclusive); bool and float are refused."""
    if isinstance(value, int) and not isinstance(value, bool):   # int and IntEnum: no ABC check
        v = int(value)
        if not bounds[0] <= v <= bounds[1]:
            raise ValueError(f"{name}={v} is outside {bounds[0]}..{bounds[1]}")
        return v
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    v = int(value)
    if not bounds[0] <= v <= bounds[1]:
        raise ValueError(f"{name}={v} is outside {bounds[0]}..{bounds[1]}")
    return v


def number(value: Any, name: str) -> float:
    """A real number (int or float; NaN and infinities pass, the library judges them)."""
    if type(value) is float:   # the usual case, without the ABC checks
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    return float(value)


def flag(value: Any, name: str) -> bool:
    """A bool, or the integers 0 and 1."""
    if isinstance(value, bool):
        return value
    if isinstance(value, numbers.Integral) and int(value) in (0, 1):
        return bool(value)
    raise TypeError(f"{name} must be a bool, not {value!r}")


def numbers_of(value: Any, name: str, count: int) -> Tuple[float, ...]:
    """Exactly ``count`` numbers, e.g. a frame ``(x, y, width, height)``."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of {count} numbers, not {type(value).__name__}")
    if len(value) != count:
        raise ValueError(f"{name} must have {count} numbers, got {len(value)}")
    return tuple(number(v, f"{name}[{i}]") for i, v in enumerate(value))
