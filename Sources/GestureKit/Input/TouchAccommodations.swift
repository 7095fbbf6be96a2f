/// Touch accommodations (docs/ACCESSIBILITY.md), after the iOS settings of that name: how long a
/// touch must be held before it counts, and how soon after a lift a touch nearby is a repeat of
/// the same interaction. Each is off (0) by default; they run in the input stage
/// (`InputFilter`), before any recognizer sees a touch.
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

    public init() {}

    /// Whether any accommodation is on.
    public var isActive: Bool { holdDuration > 0 || ignoreRepeat > 0 }

    /// Each value in its range.
    public var isValid: Bool {
        func duration(_ d: Double) -> Bool { d == 0 || (d >= 0.1 && d <= 2) }
        return duration(holdDuration) && duration(ignoreRepeat) && ignoreRepeatDistance.isFinite
            && ignoreRepeatDistance > 0 && ignoreRepeatDistance <= 1e6
    }
}

/// A host touch the accommodations kept from the recognizers, for the decision log.
struct AccommodatedTouch {
    var id: Int64
    var heldTooBriefly: Bool
}
