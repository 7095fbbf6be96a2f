"""Panel profiles, input filters and telemetry (docs/INPUT.md, docs/TELEMETRY.md)."""
from __future__ import annotations

import ctypes
import dataclasses
import math
from typing import Dict

from . import _lib
from ._lib import lib
from ._session import session_of
from ._validate import flag, number
from .errors import _check

HEADER = "gesturekit-panel-profile 1"


@dataclasses.dataclass
class PanelProfile:
    """A touch panel's character (gk_panel_profile); 0 and False mean "not known"."""
    width_mm: float = 0.0
    height_mm: float = 0.0
    sample_rate_hz: float = 0.0
    noise: float = 0.0
    max_contact_radius: float = 0.0
    reports_pressure: bool = False
    reports_size: bool = False
    edge_top: float = 0.0
    edge_left: float = 0.0
    edge_bottom: float = 0.0
    edge_right: float = 0.0

    @classmethod
    def parse(cls, text: str) -> "PanelProfile":
        """A profile from the text format `gesturekit profile` writes; ValueError names the line."""
        p, seen, header = cls(), set(), False
        fields = {f.name: f for f in dataclasses.fields(cls)}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if not header:
                if line != HEADER:
                    raise ValueError(f"line {number}: expected {HEADER!r}")
                header = True
                continue
            words = line.split()
            if len(words) != 2 or words[0] not in fields:
                raise ValueError(f"line {number}: expected 'key value' with a known key")
            key, value = words[0], float(words[1])
            if key in seen:
                raise ValueError(f"line {number}: {key} given twice")
            seen.add(key)
            if not (math.isfinite(value) and 0 <= value <= 1e6):
                raise ValueError(f"line {number}: {key} must be a number from 0 to 1e6")
            if fields[key].type in (bool, "bool"):
                if value not in (0, 1):
                    raise ValueError(f"line {number}: {key} must be 0 or 1")
                setattr(p, key, bool(value))
            else:
                setattr(p, key, value)
        if not header:
            raise ValueError(f"not a panel profile (no {HEADER!r} line)")
        return p

    @classmethod
    def load(cls, path: str) -> "PanelProfile":
        """Reads a profile file (ValueError when malformed). A profile is a few lines: a file past
        64 KiB or a line past 4 KiB is refused before more of it is read."""
        from .strokefile import read_lines
        return cls.parse("\n".join(line for _, line in read_lines(path, max_file=64 << 10, max_line=4 << 10)))

    def text(self) -> str:
        lines = [HEADER]
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            lines.append(f"{f.name} {int(v) if isinstance(v, bool) else repr(float(v))}")
        return "\n".join(lines) + "\n"

    def _struct(self) -> _lib.PanelProfileStruct:
        s = _lib.PanelProfileStruct()
        _check(lib.gk_panel_profile_init(ctypes.byref(s)), "gk_panel_profile_init")
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(f.default, bool):
                setattr(s, f.name, int(flag(v, f.name)))
            else:
                setattr(s, f.name, number(v, f.name))
        return s

    @classmethod
    def _from_struct(cls, s: _lib.PanelProfileStruct) -> "PanelProfile":
        p = cls()
        for f in dataclasses.fields(cls):
            v = getattr(s, f.name)
            setattr(p, f.name, bool(v) if isinstance(getattr(p, f.name), bool) else v)
        return p


JITTER = {"off": 0, "one-euro": 1, "hysteresis": 2}
_FLAGS = {"noise_thresholds": 1, "ghosts": 2, "palms": 4, "chatter": 8, "edges": 16}
_NUMBERS = ("one_euro_min_cutoff", "one_euro_beta", "ghost_min_duration", "ghost_max_speed", "stuck_timeout",
            "chatter_interval", "chatter_distance")


@dataclasses.dataclass
class InputFilters:
    """The input filters (gk_input_filters), each off by default."""
    jitter: str = "off"
    noise_thresholds: bool = False
    ghosts: bool = False
    palms: bool = False
    chatter: bool = False
    edges: bool = False
    one_euro_min_cutoff: float = 0.0
    one_euro_beta: float = 0.0
    ghost_min_duration: float = 0.012
    ghost_max_speed: float = 50000.0
    stuck_timeout: float = 10.0
    chatter_interval: float = 0.030
    chatter_distance: float = 12.0

    def _struct(self) -> _lib.InputFiltersStruct:
        if self.jitter not in JITTER:
            raise ValueError(f"jitter must be one of {sorted(JITTER)}")
        s = _lib.InputFiltersStruct()
        _check(lib.gk_input_filters_init(ctypes.byref(s)), "gk_input_filters_init")
        s.jitter = JITTER[self.jitter]
        s.flags = sum(bit for name, bit in _FLAGS.items() if flag(getattr(self, name), name))
        for name in _NUMBERS:
            setattr(s, name, number(getattr(self, name), name))
        return s

    @classmethod
    def _from_struct(cls, s: _lib.InputFiltersStruct) -> "InputFilters":
        f = cls(jitter={v: k for k, v in JITTER.items()}[s.jitter])
        for name, bit in _FLAGS.items():
            setattr(f, name, bool(s.flags & bit))
        for name in _NUMBERS:
            setattr(f, name, getattr(s, name))
        return f


class PanelMixin:
    """Engine methods for the profile, the filters and the metrics (mixed into Engine)."""

    def set_panel_profile(self, profile: "PanelProfile | None") -> None:
        s = profile._struct() if profile is not None else None
        _check(lib.gk_engine_set_panel_profile(session_of(self).ptr, ctypes.byref(s) if s is not None else None),
               "gk_engine_set_panel_profile")

    @property
    def panel_profile(self) -> PanelProfile:
        s = _lib.PanelProfileStruct()
        _check(lib.gk_engine_get_panel_profile(session_of(self).ptr, ctypes.byref(s), ctypes.sizeof(s)), "gk_engine_get_panel_profile")
        return PanelProfile._from_struct(s)

    def set_input_filters(self, filters: "InputFilters | None") -> None:
        """Raises GestureKitError(BUSY) when switching the filters on or off while a touch is down."""
        s = filters._struct() if filters is not None else None
        _check(lib.gk_engine_set_input_filters(session_of(self).ptr, ctypes.byref(s) if s is not None else None),
               "gk_engine_set_input_filters")

    @property
    def input_filters(self) -> InputFilters:
        s = _lib.InputFiltersStruct()
        _check(lib.gk_engine_get_input_filters(session_of(self).ptr, ctypes.byref(s), ctypes.sizeof(s)), "gk_engine_get_input_filters")
        return InputFilters._from_struct(s)

    def filter_counters(self) -> Dict[str, int]:
        s = _lib.FilterCountersStruct()
        _check(lib.gk_engine_get_filter_counters(session_of(self).ptr, ctypes.byref(s), ctypes.sizeof(s)),
               "gk_engine_get_filter_counters")
        return {name: getattr(s, name) for name, _ in s._fields_}

    def set_metrics(self, enabled: bool) -> None:
        _check(lib.gk_engine_set_metrics(session_of(self).ptr, bool(enabled)), "gk_engine_set_metrics")

    def metrics(self, openmetrics: bool = False) -> str:
        """The engine's counters and histograms as Prometheus text (or OpenMetrics)."""
        fmt = 1 if openmetrics else 0
        length = ctypes.c_size_t()
        lib.gk_engine_write_metrics(session_of(self).ptr, fmt, None, 0, ctypes.byref(length))
        buf = ctypes.create_string_buffer(length.value + 1)
        _check(lib.gk_engine_write_metrics(session_of(self).ptr, fmt, buf, len(buf), ctypes.byref(length)), "gk_engine_write_metrics")
        return buf.raw[:length.value].decode("utf-8")
