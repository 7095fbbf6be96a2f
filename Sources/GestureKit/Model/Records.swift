/// A reference to a recognizer registered with an engine: a slot index and its generation.
public struct RecognizerID: Equatable {
    public let index: UInt32
    public let generation: UInt32
    @inlinable public init(index: UInt32, generation: UInt32) { self.index = index; self.generation = generation }
}

/// What an action looked like when it was sent: a snapshot, so it can be read after later
/// passes have changed the recognizer. Positions and vectors are in window coordinates.
///
/// The stored fields are laid out as the C face's `gk_action`, field for field, so the queue's
/// slots are what a C host reads in place (`gk_engine_take_actions`): the recognizer and view are
/// stored as handles, the kind, state and touch count as 32-bit numbers. The properties below
/// read and write them as Swift types. `Tests/GestureKitTests/QueueLayoutTests.swift` checks the
/// layout against the header.
public struct ActionSnapshot: Equatable {
    /// Position in the engine's single ordering of actions and view deliveries.
    public var sequence: UInt64 = 0
    /// Engine time of the update pass that sent the action, in seconds.
    public var timestamp: Double = 0
    /// `recognizer` and `view` as the C face's handles (`HandleBits`); 0 for no view.
    var recognizerHandle: UInt64 = 0
    var viewHandle: UInt64 = 0
    var kindValue = UInt32(GestureKind.custom.rawValue)
    var stateValue: UInt32 = 0
    /// `location(in: nil)`.
    public var location = Point.zero
    var touchCount: UInt32 = 0
    /// Swipe: the direction recognized (a `SwipeDirection` raw value); 0 for other kinds.
    public var swipeDirection: UInt32 = 0
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
    /// `buttonMask` (a `ButtonMask` raw value).
    public var buttonMask: UInt32 = 0
    /// `modifierFlags` (a `ModifierFlags` raw value).
    public var modifierFlags: UInt32 = 0
    /// Stroke: the recognized template's index (-1 for other kinds), its score and the stroke's bounds.
    public var strokeTemplate: Int32 = -1
    var reserved: UInt32 = 0
    public var strokeScore: Double = 0
    public var strokeBounds = Rect(x: 0, y: 0, width: 0, height: 0)
    public init() {}

    public var recognizer: RecognizerID {
        get { RecognizerID(index: HandleBits.index(recognizerHandle), generation: HandleBits.generation(recognizerHandle)) }
        set { recognizerHandle = handle(newValue.index, newValue.generation) }
    }
    public var view: ViewID? {
        get { viewHandle == 0 ? nil : viewID(viewHandle) }
        set { viewHandle = newValue.map { handle($0.index, $0.generation) } ?? 0 }
    }
    public var kind: GestureKind {
        get { swiftEnum(kindValue) ?? .custom }
        set { kindValue = UInt32(newValue.rawValue) }
    }
    public var state: GestureState {
        get { swiftEnum(stateValue) ?? .possible }
        set { stateValue = UInt32(newValue.rawValue) }
    }
    public var numberOfTouches: Int {
        get { Int(touchCount) }
        set { touchCount = UInt32(truncatingIfNeeded: newValue) }
    }
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
///
/// Laid out as the C face's `gk_delivery` up to `reserved` (see `ActionSnapshot`); the touch's
/// serial follows, which the C struct does not carry.
public struct ViewDelivery: Equatable {
    public var sequence: UInt64 = 0
    /// Engine time of the update pass that produced the delivery, in seconds.
    public var timestamp: Double = 0
    /// `view` as the C face's handle (`HandleBits`).
    var viewHandle: UInt64 = 0
    public var touchID: Int64 = 0
    var phaseValue: UInt32 = 0
    var typeValue: UInt32 = 0
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
    var reserved: UInt32 = 0
    public var touchSerial: UInt64 = 0
    public init() {}

    public var view: ViewID {
        get { viewID(viewHandle) }
        set { viewHandle = handle(newValue.index, newValue.generation) }
    }
    /// `.began`, `.moved`, `.ended` or `.cancelled`.
    public var phase: TouchPhase {
        get { swiftEnum(phaseValue) ?? .began }
        set { phaseValue = UInt32(newValue.rawValue) }
    }
    public var type: TouchType {
        get { swiftEnum(typeValue) ?? .direct }
        set { typeValue = UInt32(newValue.rawValue) }
    }
}

// The snapshots' Swift properties over their C fields. A handle written from Swift carries no
// engine tag (the engine writes its queued entries' handles itself, tagged).

private func handle(_ index: UInt32, _ generation: UInt32) -> UInt64 {
    HandleBits.handle(tag: 0, index: index, generation: generation)
}

private func viewID(_ h: UInt64) -> ViewID {
    ViewID(index: HandleBits.index(h), generation: HandleBits.generation(h))
}

/// A C enum field as the Swift enum, or nil for a number it does not name.
private func swiftEnum<E: RawRepresentable>(_ value: UInt32) -> E? where E.RawValue == UInt8 {
    E(rawValue: UInt8(truncatingIfNeeded: value))
}
