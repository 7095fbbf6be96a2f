/// How much a resting hand's fingers may wander without meaning a gesture (docs/INPUT.md, "Still
/// holds").
///
/// Fingers held still on a panel still move in its reports: their pads flatten for a moment after
/// landing, and then creep a few points a second. Over a hold of a second or two this adds up
/// past a pinch's 8 pt or a pan's 10 pt, though nobody meant to pinch or pan. A recognizer that
/// keeps a `RestingDrift` measures its begin test from a reference that follows the touches at a
/// limited speed: `rate` points a second, and for pinch and rotation `settlingFactor` times as much
/// for `settlingTime` after the latest finger landed (the pads settling change the distance and
/// angle between the fingers, and hardly their centroid, so a pan gets no settling allowance: a
/// two-finger drag that starts at once must still begin before a rotation can). Motion slower
/// than that never begins the gesture; deliberate
/// motion (a pinch or a scroll moves tens to hundreds of points a second) begins it a little later
/// than without, by threshold / (speed − rate). With `rate` 0 the reference stays where the touches
/// were, exactly as without.
struct RestingDrift {
    /// Seconds after a landing during which the pads settle.
    static let settlingTime = 0.15
    /// How much faster the reference follows while the pads settle.
    static let settlingFactor = 6.0

    private var settledAt = 0.0
    private var lastTime = 0.0

    /// A finger landed at `time`: the settling starts again.
    mutating func landed(at time: Double) {
        settledAt = time + RestingDrift.settlingTime
        lastTime = time
    }

    /// The distance a reference may follow the touches between the previous call (or the landing)
    /// and `time`, at `rate` points a second, `settlingFactor` times as much while the pads settle
    /// when `settles`.
    mutating func allowance(at time: Double, rate: Double, settles: Bool) -> Double {
        guard rate > 0, time > lastTime else {
            lastTime = Swift.max(lastTime, time)
            return 0
        }
        let settling = settles ? Swift.max(0, Swift.min(time, settledAt) - lastTime) : 0
        let span = time - lastTime
        lastTime = time
        return rate * (span + (RestingDrift.settlingFactor - 1) * settling)
    }

    /// `reference` moved toward `value` by at most `allowance`.
    static func follow(_ reference: Double, toward value: Double, by allowance: Double) -> Double {
        let gap = value - reference
        if abs(gap) <= allowance { return value }
        return reference + (gap < 0 ? -allowance : allowance)
    }

    /// `reference` moved toward `value` by at most `allowance` along the line between them.
    static func follow(_ reference: Point, toward value: Point, by allowance: Double) -> Point {
        let gap = value - reference
        let length = gap.length
        if length <= allowance { return value }
        return reference + gap * (allowance / length)
    }
}
