/// Where tap assistance puts the tap (`TouchAccommodations.tapAssistance`).
public enum TapAssistance: UInt8, Sendable {
    case off = 0
    /// At the point where the finger landed.
    case initialLocation = 1
    /// At the point where it lifted.
    case finalLocation = 2
}

/// Touch accommodations (docs/ACCESSIBILITY.md), after the iOS settings of that name: how long a
/// touch must be held before it counts, how soon after a lift a touch nearby is a repeat of the
/// same interaction, and whether a quick touch that slides is still a tap. Each is off by default;
/// they run in the input stage (`InputFilter`), before any recognizer sees a touch.
public struct TouchAccommodations: Equatable, Sendable {
    /// A touch counts only once it has been held this long (seconds, 0 or 0.1…2): the recognizers
    /// see it begin then, where the finger is then. A shorter touch is never seen, and the
    /// decision log says so (`.touchHeldTooBriefly`). 0: off.
    public var holdDuration: Double = 0
    /// A touch that begins within this time after the previous one lifted (seconds, 0 or
    /// 0.1…2), within `ignoreRepeatDistance` of where it lifted, is part of the same interaction:
    /// it is never seen (`.touchIgnoredAsRepeat`), and its own lift starts the time again, so a
    /// tremor's bounces make one tap. 0: off.
    public var ignoreRepeat: Double = 0
    /// How near the previous lift a repeat lands, points (> 0). Default 40.
    public var ignoreRepeatDistance: Double = 40
    /// A touch that lifts within `tapAssistanceDelay` is a tap wherever it slid: the recognizers
    /// see it begin and end at once, at the initial or the final location. One still down after
    /// the delay passes as usual (it begins where it landed and may pan). Default off.
    public var tapAssistance: TapAssistance = .off
    /// Seconds, 0.1…2. Default 0.3.
    public var tapAssistanceDelay: Double = 0.3
    /// With a hold duration: a touch that moves this far (points, 0 or 5…200) before its hold
    /// duration has passed begins at once, where it landed, and moves on, so that a swipe or a
    /// drag still works without waiting (iOS's "Swipe Gestures" with its movement tolerance). A
    /// touch that stays within it still waits. 0: off (a moving touch waits like any other).
    public var swipeDistance: Double = 0

    public init() {}

    /// Whether any accommodation is on.
    public var isActive: Bool { holdDuration > 0 || ignoreRepeat > 0 || tapAssistance != .off }

    /// Each value in its range.
    public var isValid: Bool {
        func duration(_ d: Double) -> Bool { d == 0 || (d >= 0.1 && d <= 2) }
        return duration(holdDuration) && duration(ignoreRepeat) && ignoreRepeatDistance.isFinite
            && ignoreRepeatDistance > 0 && ignoreRepeatDistance <= 1e6
            && tapAssistanceDelay >= 0.1 && tapAssistanceDelay <= 2
            && (swipeDistance == 0 || (swipeDistance >= 5 && swipeDistance <= 200))
    }
}

/// A host touch the accommodations kept from the recognizers, for the decision log.
struct AccommodatedTouch {
    var id: Int64
    var heldTooBriefly: Bool
}
