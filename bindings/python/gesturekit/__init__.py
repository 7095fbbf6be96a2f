"""GestureKit for Python: UIKit's gesture recognizers on Linux touchscreens.

A thin, pythonic layer over libgesturekit's C ABI (ctypes, standard library only)::

    import gesturekit as gk

    with gk.Engine(width=800, height=480) as engine:
        button = engine.root.add_view((620, 360, 160, 80))
        tap = engine.tap(button)
        tap.add_target(lambda action: print("tap at", action.location))
        engine.feed(0.00, [gk.Touch(1, gk.Phase.BEGAN, 700, 400)])
        engine.feed(0.08, [gk.Touch(1, gk.Phase.ENDED, 700, 400)])
        for delivery in engine.deliveries():
            print(delivery.phase, "on", delivery.view)

Errors are raised as :class:`GestureKitError` carrying the C status. When libgesturekit.so.0 cannot
be found, the import raises :class:`LibraryNotFoundError`, which says where it looked and what to
set (``gesturekit._loader`` has the order). Objects belong to one thread
at a time, like the engine they come from.
"""
from __future__ import annotations

from .custom import CustomRecognizer
from .engine import Engine
from ._loader import LibraryNotFoundError
from .errors import GestureKitError, library_path, library_version
from .recognizers import (HoverRecognizer, LongPressRecognizer, OneFingerZoomRecognizer, PanRecognizer,
                          PinchRecognizer, Recognizer,
                          RotationRecognizer, ScreenEdgePanRecognizer, StrokeRecognizer, SwipeRecognizer, TapRecognizer)
from .accessibility import AccessibilityEvent, AuditFinding, TouchAccommodations
from .panel import InputFilters, PanelProfile
from .views import View
from .types import (Action, ActionRecord, Button, Decision, DecisionCause, DecisionEvent, Delivery, DeliveryRecord, Edge,
                    HoverPhase, Kind,
                    Modifier, Phase, PressType, State, Status, SwipeDirection, Touch, TouchInfo, TouchType, TouchTypes,
                    Transition, VelocityMode, StrokeMatcher)

__all__ = [
    "InputFilters", "PanelProfile", "TouchAccommodations", "AuditFinding", "AccessibilityEvent",
    "Action", "ActionRecord", "Button", "CustomRecognizer", "Decision", "DecisionCause", "DecisionEvent", "Delivery",
    "DeliveryRecord", "Edge",
    "Engine", "GestureKitError", "HoverPhase", "HoverRecognizer", "Kind", "LongPressRecognizer", "Modifier",
    "OneFingerZoomRecognizer", "PanRecognizer", "Phase", "PinchRecognizer", "PressType", "Recognizer", "RotationRecognizer", "ScreenEdgePanRecognizer",
    "State", "Status", "StrokeRecognizer", "SwipeDirection", "SwipeRecognizer", "TapRecognizer", "Touch",
    "TouchInfo", "TouchType", "TouchTypes", "Transition", "VelocityMode", "StrokeMatcher", "View", "library_version",
    "library_path", "LibraryNotFoundError",
]
__version__ = "0.6.2"
