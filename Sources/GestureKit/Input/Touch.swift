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
    /// A physical button press (a hardware key, a remote's select). Presses reach the focused view
    /// and the recognizers whose `allowedPressTypes` include them; the host never feeds this type
    /// as a touch (`Engine.press`).
    case press = 3
}

/// Physical buttons (UIKit's `UIPress.PressType`, plus numbered custom keys): `rawValue` 0–7 are
/// named, `custom(n)` is 8 + n for n in 0…55.
public struct PressType: Hashable, Sendable {
    public var rawValue: UInt32
    public init?(rawValue: UInt32) {
        guard rawValue < 64 else { return nil }
        self.rawValue = rawValue
    }
    private init(_ v: UInt32) { rawValue = v }
    public static let upArrow = PressType(0)
    public static let downArrow = PressType(1)
    public static let leftArrow = PressType(2)
    public static let rightArrow = PressType(3)
    public static let select = PressType(4)
    public static let menu = PressType(5)
    public static let playPause = PressType(6)
    public static let back = PressType(7)
    /// A numbered custom key (a ticket machine's hardware buttons, a foot pedal), n in 0…55.
    public static func custom(_ n: Int) -> PressType? { n >= 0 && n < 56 ? PressType(UInt32(8 + n)) : nil }
}

/// A set of press types (UIKit's `allowedPressTypes`): bit `rawValue` of each type.
public struct PressTypes: OptionSet, Sendable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public init(_ t: PressType) { rawValue = 1 << UInt64(t.rawValue) }
    public func allows(_ t: PressType) -> Bool { contains(PressTypes(t)) }
}

/// A set of touch types (UIKit's `allowedTouchTypes`): one bit per `TouchType`.
public struct TouchTypes: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ type: TouchType) { rawValue = 1 << UInt32(type.rawValue) }

    public static let direct = TouchTypes(.direct)
    public static let stylus = TouchTypes(.stylus)
    public static let indirectPointer = TouchTypes(.indirectPointer)
    public static let all: TouchTypes = [.direct, .stylus, .indirectPointer]

    public func allows(_ type: TouchType) -> Bool { contains(TouchTypes(type)) }
}

/// Pointer buttons held during a touch (UIKit's `UIEvent.ButtonMask`): button n is bit n − 1.
public struct ButtonMask: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let primary = ButtonMask(rawValue: 1)
    public static let secondary = ButtonMask(rawValue: 2)
    /// Button `n` (1-based): `button(1)` is `.primary`.
    public static func button(_ n: Int) -> ButtonMask {
        n >= 1 && n <= 32 ? ButtonMask(rawValue: 1 << UInt32(n - 1)) : []
    }
}

/// Keyboard modifier keys held during an event (UIKit's `UIKeyModifierFlags`).
public struct ModifierFlags: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let capsLock = ModifierFlags(rawValue: 1 << 0)
    public static let shift = ModifierFlags(rawValue: 1 << 1)
    public static let control = ModifierFlags(rawValue: 1 << 2)
    public static let alternate = ModifierFlags(rawValue: 1 << 3)
    public static let command = ModifierFlags(rawValue: 1 << 4)
    public static let numericPad = ModifierFlags(rawValue: 1 << 5)
    public static let all = ModifierFlags(rawValue: 0x3F)
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
    /// Contact force, 1.0 for an average touch; 0 when the panel does not report it.
    public var force: Double
    /// Radius of the contact's major axis in points; 0 when unknown.
    public var majorRadius: Double
    /// Pointer buttons held (indirect pointers); ignored for fingers and styluses.
    public var buttons: ButtonMask
    /// Modifier keys held during this frame.
    public var modifiers: ModifierFlags
    /// The button, when `type` is `.press`.
    public var pressType = PressType.select

    public init(id: Int64, phase: TouchPhase, location: Point, type: TouchType = .direct, force: Double = 0,
                majorRadius: Double = 0, buttons: ButtonMask = [], modifiers: ModifierFlags = []) {
        self.id = id; self.phase = phase; self.location = location; self.type = type
        self.force = force; self.majorRadius = majorRadius; self.buttons = buttons; self.modifiers = modifiers
    }
}

/// A touch as a recognizer sees it: a snapshot of its state in the current update pass.
///
/// The stored properties are ordered by size (the 8-byte ones first, the small ones together) so
/// the value packs into 120 bytes: the engine copies it into every recognizer that tracks the
/// touch on every frame, and copies of up to 128 bytes are a few vector moves instead of a call.
public struct Touch: Equatable {
    /// The host's identifier for the touch.
    public var id: Int64
    /// The engine's serial number for the touch: unique for the engine's lifetime, even when the
    /// host reuses `id` for a later touch.
    public var serial: UInt64
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
    /// Latest contact force (1.0 = average touch), 0 when unknown.
    public var force: Double = 0
    /// Latest major radius in points, 0 when unknown.
    public var majorRadius: Double = 0
    /// The hit-test view, fixed at touch-down (rule 2); `nil` when the touch hit no view.
    public var view: ViewID?
    public var phase: TouchPhase
    public var type: TouchType
    /// Pointer buttons held (indirect pointers only; fingers and styluses report `[]`).
    public var buttons: ButtonMask = []
    /// Modifier keys held in the touch's latest frame.
    public var modifiers: ModifierFlags = []
    /// The button, when `type` is `.press`.
    public var pressType = PressType.select

    init(id: Int64, serial: UInt64, phase: TouchPhase, type: TouchType, location: Point, previousLocation: Point,
         startLocation: Point, timestamp: Double, startTimestamp: Double, view: ViewID?) {
        self.id = id; self.serial = serial; self.phase = phase; self.type = type
        self.location = location; self.previousLocation = previousLocation; self.startLocation = startLocation
        self.timestamp = timestamp; self.startTimestamp = startTimestamp; self.view = view
    }
}
