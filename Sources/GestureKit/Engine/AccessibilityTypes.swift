/// The screen reader's public types: its events, the traits of an element and the commands a host
/// offers another way (`ScreenReader.swift` is the mode itself).

/// What an accessibility event says.
public enum AccessibilityEventKind: UInt8, Sendable {
    /// The focus moved to `view` (whose label the host reads out).
    case focusChanged = 0
    /// The focused element `view` was activated (a tap was synthesized on it).
    case activate = 1
    /// A two-finger scrub: go back (`view` is the focused element, if any).
    case escape = 2
    /// A three-finger swipe scrolled one page (a gesture under the fingers took the drag it
    /// synthesized); `direction` is the fingers' direction.
    case scroll = 3
    /// A two-finger tap: pause or resume speech.
    case pause = 4
    /// A double tap and hold: the focused element `view` gets the finger, as a touch synthesized
    /// at its centre that follows the finger until it lifts (a long press or a drag there).
    case passThrough = 5
    /// A flick past either end of the reading order (or with no element to go to): the focus
    /// stays on `view`. The host plays its boundary sound (VoiceOver's) or earcon (TalkBack's).
    /// Also a three-finger swipe over something that does not scroll (no gesture took its drag):
    /// then `direction` is the fingers' direction.
    case boundary = 6
    /// The element `view` is focused but a touch at its centre would not reach it (scrolled out
    /// of its scroll view, or covered): the host scrolls it into view. Sent when a flick focuses
    /// it, and instead of an activation, which does not happen while it cannot be reached.
    case scrollIntoView = 7
    /// A one-finger flick up on an adjustable element `view`: the host raises its value and says
    /// the new one (VoiceOver's adjustable trait; TalkBack's adjust actions).
    case increment = 8
    /// A one-finger flick down on an adjustable element `view`: the host lowers its value and says
    /// the new one.
    case decrement = 9
}

/// What kind of element a view is to the screen reader (UIKit's `accessibilityTraits`, the part
/// that changes what gestures do).
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// A flick up or down on it, focused, sends `.increment` or `.decrement` (a slider, a
    /// quantity, a volume).
    public static let adjustable = AccessibilityTraits(rawValue: 1)
    /// Read only: the view or an ancestor has user interaction off (a disabled control). The
    /// screen reader focuses it and the host reads it as dimmed (VoiceOver's "dimmed", UIKit's
    /// `notEnabled`); an activation does nothing. Reported by `accessibilityTraits(of:)`; setting
    /// it is refused.
    public static let notEnabled = AccessibilityTraits(rawValue: 2)
    /// The traits a host sets.
    public static let all: AccessibilityTraits = [.adjustable]
}

/// The screen reader's multi-finger commands a host also offers another way (a key, a button),
/// for the audit (EN 301 549 5.9).
public struct ScreenReaderCommands: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Pause and resume speech (the two-finger tap).
    public static let pause = ScreenReaderCommands(rawValue: 1)
    /// Go back (the two-finger scrub).
    public static let escape = ScreenReaderCommands(rawValue: 2)
    /// Scroll a page (the three-finger swipe).
    public static let scroll = ScreenReaderCommands(rawValue: 4)
    public static let all: ScreenReaderCommands = [.pause, .escape, .scroll]
}

/// One accessibility event, in the sequence actions and deliveries share.
public struct AccessibilityEvent: Equatable {
    public var sequence: UInt64 = 0
    public var timestamp: Double = 0
    public var kind: AccessibilityEventKind = .focusChanged
    public var view: ViewID?
    /// For `.scroll`, and `.boundary` after a three-finger swipe: the direction the fingers moved
    /// (one bit of `SwipeDirection`); else empty.
    public var direction: SwipeDirection = []
    /// Events dropped just before this one because the host did not take them in time (set when
    /// it is taken; 0 normally).
    public var droppedBefore: UInt64 = 0
}
