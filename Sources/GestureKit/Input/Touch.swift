/// The phase of one touch in one input frame (UIKit's `UITouch.Phase`).
public enum TouchPhase: UInt8, Sendable {
    case began = 0, moved = 1, stationary = 2, ended = 3, cancelled = 4
}

/// What produced a touch (UIKit's `UITouch.TouchType`).
public enum TouchType: UInt8, Sendable {
    /// A finger on the screen.
    case direct = 0
    /// A stylus (pen) on the screen.
    case stylus = 1
    /// An indirect pointer such as a mouse or trackpad, in contact (button down).
    case indirectPointer = 2
}

/// One touch as the host reports it in an input frame.
public struct TouchInput: Equatable {
    /// Host-chosen identifier, unique among the touches currently down.
    public var id: Int64
    public var phase: TouchPhase
    /// Position in window (screen) coordinates, in points.
    public var location: Point
    /// Only read for `.began`; later phases keep the type the touch began with.
    public var type: TouchType

    public init(id: Int64, phase: TouchPhase, location: Point, type: TouchType = .direct) {
        self.id = id; self.phase = phase; self.location = location; self.type = type
    }
}

/// A touch as a recognizer sees it: a snapshot of its state in the current update pass.
public struct Touch: Equatable {
    /// The host's identifier for the touch.
    public var id: Int64
    /// The engine's serial number for the touch: unique for the engine's lifetime, even when the
    /// host reuses `id` for a later touch.
    public var serial: UInt64
    public var phase: TouchPhase
    public var type: TouchType
    /// Current position in window coordinates.
    public var location: Point
    /// Position before the latest movement, in window coordinates.
    public var previousLocation: Point
    /// Where the touch went down, in window coordinates.
    public var startLocation: Point
    /// Host timestamp of the touch's latest change, in seconds.
    public var timestamp: Double
    /// Host timestamp of the touch-down, in seconds.
    public var startTimestamp: Double
    /// The hit-test view, fixed at touch-down (rule 2); `nil` when the touch hit no view.
    public var view: ViewID?
}
