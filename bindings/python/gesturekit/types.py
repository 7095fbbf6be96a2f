"""Value types of the binding: the C enums as IntEnums, and the snapshots the engine reports."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Tuple

if TYPE_CHECKING:
    from .core import Recognizer, View


class Status(enum.IntEnum):
    """gk_status."""
    OK = 0
    EMPTY = 1
    NULL_POINTER = 2
    INVALID_ARGUMENT = 3
    STALE_HANDLE = 4
    WRONG_KIND = 5
    UNKNOWN_PROPERTY = 6
    CAPACITY = 7
    TIME_BACKWARDS = 8
    UNKNOWN_TOUCH = 9
    TOUCH_ALREADY_DOWN = 10
    BUSY = 11
    NOT_ATTACHED = 12
    ALREADY_ATTACHED = 13
    OUT_OF_RANGE = 14
    UNSUPPORTED = 15
    STRUCT_SIZE = 16
    READ_ONLY = 17


class State(enum.IntEnum):
    """Recognizer states (gk_state); RECOGNIZED is ENDED."""
    POSSIBLE = 0
    BEGAN = 1
    CHANGED = 2
    ENDED = 3
    CANCELLED = 4
    FAILED = 5
    RECOGNIZED = 3


class Kind(enum.IntEnum):
    """Recognizer kinds (gk_recognizer_kind)."""
    TAP = 0
    LONG_PRESS = 1
    PAN = 2
    SCREEN_EDGE_PAN = 3
    SWIPE = 4
    PINCH = 5
    ROTATION = 6
    HOVER = 7
    CUSTOM = 8


class Phase(enum.IntEnum):
    """Touch phases (gk_touch_phase)."""
    BEGAN = 0
    MOVED = 1
    STATIONARY = 2
    ENDED = 3
    CANCELLED = 4


class TouchType(enum.IntEnum):
    DIRECT = 0
    STYLUS = 1
    INDIRECT_POINTER = 2


class VelocityMode(enum.IntEnum):
    """Velocity estimators (gk_velocity_mode, spec 7a)."""
    LEAST_SQUARES = 0
    UIKIT_COMPATIBLE = 1


class HoverPhase(enum.IntEnum):
    """Pointer hover phases (gk_hover_phase)."""
    ENTER = 0
    MOVE = 1
    EXIT = 2


class TouchTypes(enum.IntFlag):
    """A set of touch types (allowed_touch_types)."""
    DIRECT = 1 << 0
    STYLUS = 1 << 1
    INDIRECT_POINTER = 1 << 2
    ALL = 7


class Button(enum.IntFlag):
    """Pointer buttons (gk_button); button n is bit n - 1."""
    PRIMARY = 1 << 0
    SECONDARY = 1 << 1
    TERTIARY = 1 << 2


class Modifier(enum.IntFlag):
    """Keyboard modifier keys (gk_modifier)."""
    CAPS_LOCK = 1 << 0
    SHIFT = 1 << 1
    CONTROL = 1 << 2
    ALTERNATE = 1 << 3
    COMMAND = 1 << 4
    NUMERIC_PAD = 1 << 5


class SwipeDirection(enum.IntFlag):
    """Swipe directions (gk_swipe_direction)."""
    RIGHT = 1 << 0
    LEFT = 1 << 1
    UP = 1 << 2
    DOWN = 1 << 3


class Edge(enum.IntFlag):
    """Screen edges (gk_rect_edge)."""
    TOP = 1 << 0
    LEFT = 1 << 1
    BOTTOM = 1 << 2
    RIGHT = 1 << 3


@dataclass(frozen=True)
class Touch:
    """One touch in an input frame; ``x``/``y`` are window points."""
    id: int
    phase: Phase
    x: float = float("nan")
    y: float = float("nan")
    type: TouchType = TouchType.DIRECT
    force: float = 0.0
    """Contact force, 1.0 for an average touch; 0 when not reported."""
    major_radius: float = 0.0
    """Major radius of the contact in points; 0 when not reported."""
    buttons: int = 0
    """Pointer buttons held (:class:`Button` bits); indirect pointers only."""
    modifiers: int = 0
    """Modifier keys held (:class:`Modifier` bits)."""


@dataclass(frozen=True)
class Action:
    """An action snapshot (gk_action); positions and vectors in window coordinates."""
    sequence: int
    timestamp: float
    recognizer: Optional["Recognizer"]
    view: Optional["View"]
    kind: Kind
    state: State
    location: Tuple[float, float]
    number_of_touches: int
    translation: Tuple[float, float]
    velocity: Tuple[float, float]
    scale: float
    rotation: float
    scalar_velocity: float
    swipe_direction: int = 0
    button_mask: int = 0
    modifier_flags: int = 0


@dataclass(frozen=True)
class Delivery:
    """A touch callback for one of the host's views (gk_delivery)."""
    sequence: int
    timestamp: float
    view: Optional["View"]
    touch_id: int
    phase: Phase
    touch_type: TouchType
    location: Tuple[float, float]
    window_location: Tuple[float, float]
    touch_timestamp: float
    force: float = 0.0
    major_radius: float = 0.0
    buttons: int = 0
    modifiers: int = 0


@dataclass(frozen=True)
class Transition:
    """A recognizer's state change over one update pass (gk_transition)."""
    sequence: int
    timestamp: float
    recognizer: Optional["Recognizer"]
    from_state: State
    to_state: State
