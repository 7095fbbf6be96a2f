/// The screen reader's public types: its events, announcements and the commands a host offers another
/// way (`ScreenReader.swift` is the mode itself; an element's traits are in Model/).

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
    /// A two-finger double tap (VoiceOver's magic tap): the app's main action of the moment
    /// ("pay", "answer", "stop"), whatever has the focus; `view` is the focused element, if any.
    case magicTap = 10
    /// A two-finger swipe down: read from the focused element (or the first) to the end. The host
    /// says `view`'s label, then moves the focus on (`moveAccessibilityFocus(.next)`) after each
    /// utterance until a `.boundary`.
    case readAll = 11
    /// A three-finger tap: say where the user is ("page 2 of 3", "item 4 of 9"); `view` is the
    /// focused element, if any.
    case position = 12
    /// The host's own announcement (`announce`), in the order it was made among the reader's
    /// events; `message` and `priority` say what and how.
    case announcement = 13
    /// A one-finger triple tap: the focused element `view` gets a double tap (two taps
    /// synthesized at its centre), for a control that acts only on a double tap (a map that
    /// zooms). As VoiceOver's triple tap does.
    case activateTwice = 14
}

/// How an announcement is spoken beside the reader's own speech (`AccessibilityEvent.interrupts`).
public enum AnnouncementPriority: UInt8, Sendable {
    /// Said after what is being said; the reader's events (a focus change) wait for it rather
    /// than cut it ("Card declined" is not lost behind a flick).
    case polite = 0
    /// Cuts what is being said, except another urgent announcement, which it waits for.
    case urgent = 1
}

/// Where `moveAccessibilityFocus` moves the focus in reading order.
public enum AccessibilityFocusMove: UInt8, Sendable {
    case next = 0, previous = 1, first = 2, last = 3
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
    /// For `.announcement`: the host's value given to `announce` (the engine never reads it);
    /// else 0.
    public var message: UInt64 = 0
    /// For `.announcement`: how it is spoken; else `.polite`.
    public var priority: AnnouncementPriority = .polite

    /// Whether a host that is saying `speaking` cuts it to say this later event at once (true) or
    /// says this one after it (false). The reader's own events cut each other (a flick stops the
    /// previous label); a polite announcement waits for what is said and is cut only by an urgent
    /// one; an urgent announcement cuts anything but another urgent announcement. So an
    /// announcement is never lost behind a focus change, and never interrupts an urgent one.
    public func interrupts(_ speaking: AccessibilityEvent) -> Bool {
        let urgent = kind == .announcement && priority == .urgent
        switch (speaking.kind == .announcement, speaking.priority) {
        case (false, _): return kind != .announcement || urgent
        case (true, .polite): return urgent
        case (true, .urgent): return false
        }
    }
}
