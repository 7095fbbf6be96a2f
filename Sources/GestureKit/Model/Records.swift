/// A reference to a recognizer registered with an engine: a slot index and its generation.
public struct RecognizerID: Equatable {
    public let index: UInt32
    public let generation: UInt32
    @inlinable public init(index: UInt32, generation: UInt32) { self.index = index; self.generation = generation }
}

/// What an action looked like when it was sent: a snapshot, so it can be read after later
/// passes have changed the recognizer. Positions and vectors are in window coordinates.
public struct ActionSnapshot: Equatable {
    /// Position in the engine's single ordering of actions and view deliveries.
    public var sequence: UInt64 = 0
    /// Engine time of the update pass that sent the action, in seconds.
    public var timestamp: Double = 0
    public var recognizer = RecognizerID(index: 0, generation: 0)
    public var view: ViewID?
    public var kind: GestureKind = .custom
    public var state: GestureState = .possible
    /// `location(in: nil)`.
    public var location = Point.zero
    public var numberOfTouches = 0
    /// Pan family: `translation(in: nil)`; zero for other kinds.
    public var translation = Point.zero
    /// Pan family: `velocity(in: nil)` in points per second at `began` and `ended`, and at `changed`
    /// with `reportsVelocityOnChange`; zero otherwise and for other kinds.
    public var velocity = Point.zero
    /// Pinch: `scale`; 1 for other kinds.
    public var scale: Double = 1
    /// Rotation: `rotation` in radians; 0 for other kinds.
    public var rotation: Double = 0
    /// Pinch (scale/s) or rotation (rad/s) velocity; 0 for other kinds.
    public var scalarVelocity: Double = 0
    /// Swipe: the direction recognized (a `SwipeDirection` raw value); 0 for other kinds.
    public var swipeDirection: UInt32 = 0
    /// `buttonMask` (a `ButtonMask` raw value).
    public var buttonMask: UInt32 = 0
    /// `modifierFlags` (a `ModifierFlags` raw value).
    public var modifierFlags: UInt32 = 0
    /// Stroke: the recognized template's index (-1 for other kinds), its score and the stroke's bounds.
    public var strokeTemplate: Int32 = -1
    public var strokeScore: Double = 0
    public var strokeBounds = Rect(x: 0, y: 0, width: 0, height: 0)
    public init() {}
}

/// One state transition of a recognizer: the state it had when the update pass started and the
/// state it had at the end of that pass (several changes in one pass make one entry).
public struct StateTransition: Equatable {
    public var sequence: UInt64 = 0
    public var timestamp: Double = 0
    public var recognizer = RecognizerID(index: 0, generation: 0)
    public var from: GestureState = .possible
    public var to: GestureState = .possible
    public init() {}
}

/// One touch callback that a host view receives (rules 46–54).
public struct ViewDelivery: Equatable {
    public var sequence: UInt64 = 0
    /// Engine time of the update pass that produced the delivery, in seconds.
    public var timestamp: Double = 0
    public var view = ViewID(index: 0, generation: 0)
    public var touchID: Int64 = 0
    public var touchSerial: UInt64 = 0
    /// `.began`, `.moved`, `.ended` or `.cancelled`.
    public var phase: TouchPhase = .began
    public var type: TouchType = .direct
    /// The touch's position in the view's coordinates.
    public var location = Point.zero
    /// The touch's position in window coordinates.
    public var windowLocation = Point.zero
    /// Host timestamp of the touch's state being delivered (for a released `began`, the
    /// touch-down time).
    public var touchTimestamp: Double = 0
    /// The touch's force (1.0 = average, 0 = not reported) and major radius in points (0 = not reported).
    public var force: Double = 0
    public var majorRadius: Double = 0
    /// Pointer buttons and modifier keys of the touch's latest frame.
    public var buttons: UInt32 = 0
    public var modifiers: UInt32 = 0
    /// The button, when `type` is `.press`.
    public var pressType: UInt32 = 0
    public init() {}
}
