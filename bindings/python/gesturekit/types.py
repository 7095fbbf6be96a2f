"""Value types of the binding: the C enums as IntEnums, and the snapshots the engine reports."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple, Optional, Tuple


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
    STROKE = 9
    ONE_FINGER_ZOOM = 10


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
    PRESS = 3   # deliveries of physical button presses only


class PressType(enum.IntEnum):
    """Physical buttons (gk_press_type); ``PressType.custom(n)`` for numbered keys 0..55."""
    UP_ARROW = 0
    DOWN_ARROW = 1
    LEFT_ARROW = 2
    RIGHT_ARROW = 3
    SELECT = 4
    MENU = 5
    PLAY_PAUSE = 6
    BACK = 7

    @staticmethod
    def custom(n: int) -> int:
        if not 0 <= n < 56:
            raise ValueError("custom keys are numbered 0..55")
        return 8 + n

    @staticmethod
    def bits(*types: int) -> int:
        """The allowed_press_types value for these buttons."""
        out = 0
        for t in types:
            out |= 1 << int(t)
        return out


class VelocityMode(enum.IntEnum):
    """Velocity estimators (gk_velocity_mode, spec 7a)."""
    LEAST_SQUARES = 0
    UIKIT_COMPATIBLE = 1
    TIME_WEIGHTED = 2  # pans only: the same velocity at any sample rate


class StrokeMatcher(enum.IntEnum):
    """Stroke matchers (gk_stroke_matcher, docs/STROKES.md)."""
    UNISTROKE = 0    # one stroke, point by point in drawing order
    POINT_CLOUD = 1  # one or more strokes; order, direction and count do not matter


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


class DecisionEvent(enum.IntEnum):
    """What a decision-log entry records (gk_decision_event)."""
    TOUCH_TRACKED = 0
    TOUCH_REFUSED = 1
    STATE_REQUESTED = 2
    ACCEPTED = 3
    WAITING_FOR_FAILURE = 4
    RELEASED = 5
    PREVENTED_BY = 6
    REQUIRED_RECOGNIZER_SUCCEEDED = 7
    VETOED_BY_DELEGATE = 8
    VETOED_BY_VIEW = 9
    REQUIREMENT_CYCLE = 10
    STOPPED_BY_HOST = 11
    TOUCH_IGNORED = 12
    STROKE_ADDED = 13
    TOUCH_HELD_TOO_BRIEFLY = 14
    TOUCH_IGNORED_AS_REPEAT = 15


class DecisionCause(enum.IntEnum):
    """What started the update pass of a decision (gk_decision_cause)."""
    INPUT = 0
    TIMER = 1
    HOST = 2


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
    stroke_template: int = -1
    """Stroke: index of the recognized template (see :meth:`StrokeRecognizer.template_name`)."""
    stroke_score: float = 0.0
    stroke_bounds: Tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


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
    press_type: int = 0
    """For touch_type PRESS: the button (touch_id is the same number)."""


class ActionRecord(NamedTuple):
    """An action as plain values (:meth:`Engine.action_records <gesturekit.Engine.action_records>`):
    the fields of ``gk_action`` in order, points flattened, the recognizer and view as their
    handles (compare with ``recognizer.handle``) and the enums as ints (they compare equal to
    :class:`Kind` and :class:`State` members). Made without a Python call per action, for a host
    that handles thousands a second; :class:`Action` has the same values as objects."""
    sequence: int
    timestamp: float
    recognizer: int
    view: int
    kind: int
    state: int
    x: float
    y: float
    number_of_touches: int
    swipe_direction: int
    translation_x: float
    translation_y: float
    velocity_x: float
    velocity_y: float
    scale: float
    rotation: float
    scalar_velocity: float
    button_mask: int
    modifier_flags: int
    stroke_template: int
    stroke_score: float
    stroke_x: float
    stroke_y: float
    stroke_width: float
    stroke_height: float


class DeliveryRecord(NamedTuple):
    """A view delivery as plain values (:meth:`Engine.delivery_records
    <gesturekit.Engine.delivery_records>`), as :class:`ActionRecord` is an action: the fields of
    ``gk_delivery`` in order, points flattened, the view as its handle, enums as ints."""
    sequence: int
    timestamp: float
    view: int
    touch_id: int
    phase: int
    touch_type: int
    x: float
    y: float
    window_x: float
    window_y: float
    touch_timestamp: float
    force: float
    major_radius: float
    buttons: int
    modifiers: int
    press_type: int


@dataclass(frozen=True)
class Transition:
    """A recognizer's state change over one update pass (gk_transition)."""
    sequence: int
    timestamp: float
    recognizer: Optional["Recognizer"]
    from_state: State
    to_state: State


@dataclass(frozen=True)
class TouchInfo:
    """A touch as a recognizer sees it (gk_touch_info); positions in window points."""
    id: int
    phase: Phase
    type: TouchType
    location: Tuple[float, float]
    previous_location: Tuple[float, float]
    start_location: Tuple[float, float]
    timestamp: float
    start_timestamp: float
    view: Optional["View"]
    force: float
    major_radius: float
    buttons: int
    modifiers: int


@dataclass(frozen=True)
class Decision:
    """One decision-log entry (gk_decision). ``str()`` gives a readable line."""
    sequence: int
    timestamp: float
    event: DecisionEvent
    cause: DecisionCause
    recognizer: Optional["Recognizer"]
    other: Optional["Recognizer"]
    view: Optional["View"]
    touch_id: int
    from_state: State
    to_state: State

    def __str__(self) -> str:
        def name(r):
            if r is None:
                return "?"
            return r.name or f"{type(r).__name__}#{r.handle & 0xFFFFFF}"
        who = name(self.recognizer)
        e = self.event
        if e == DecisionEvent.TOUCH_TRACKED:
            text = f"{who} tracks touch {self.touch_id}"
        elif e == DecisionEvent.TOUCH_REFUSED:
            text = f"{who} refused touch {self.touch_id} (delegate should_receive)"
        elif e == DecisionEvent.TOUCH_IGNORED:
            text = f"{who} ignores touch {self.touch_id}"
        elif e == DecisionEvent.TOUCH_HELD_TOO_BRIEFLY:
            text = f"touch {self.touch_id} lifted before the hold duration (touch accommodations)"
        elif e == DecisionEvent.TOUCH_IGNORED_AS_REPEAT:
            text = f"touch {self.touch_id} ignored as a repeat (touch accommodations)"
        elif e == DecisionEvent.STROKE_ADDED:
            text = f"{who} adds the stroke of touch {self.touch_id} to its shape"
        elif e == DecisionEvent.STATE_REQUESTED:
            text = f"{who} asks {self.from_state.name.lower()} -> {self.to_state.name.lower()} ({self.cause.name.lower()})"
        elif e == DecisionEvent.ACCEPTED:
            text = f"{who} {self.to_state.name.lower()}: accepted, actions sent"
        elif e == DecisionEvent.WAITING_FOR_FAILURE:
            text = f"{who} waits for {name(self.other)} to fail"
        elif e == DecisionEvent.RELEASED:
            text = f"{who} released: {name(self.other)}, which it waited for, failed"
        elif e == DecisionEvent.PREVENTED_BY:
            text = f"{who} failed: prevented by {name(self.other)}, which recognized first"
        elif e == DecisionEvent.REQUIRED_RECOGNIZER_SUCCEEDED:
            text = f"{who} failed: {name(self.other)}, which it required to fail, recognized"
        elif e == DecisionEvent.VETOED_BY_DELEGATE:
            text = f"{who} failed: its delegate's should_begin said no"
        elif e == DecisionEvent.VETOED_BY_VIEW:
            text = f"{who} failed: vetoed by view {self.view}"
        elif e == DecisionEvent.REQUIREMENT_CYCLE:
            text = f"{who} failed: a cycle of failure requirements"
        else:
            text = f"{who} stopped by the host (disabled, detached or view destroyed)"
        return f"{self.timestamp:8.3f}  {text}"
