/// The screen reader's events on their way to the host. It holds `capacity` events. When the host
/// does not drain it, the oldest are dropped and counted, and the next event taken says how many
/// were lost just before it, so that the host can tell the user that speech was skipped.
struct AccessibilityQueue: ~Copyable {
    /// The events held at most (documented in gesturekit.h and docs/ACCESSIBILITY.md).
    static let capacity = 256
    private var ring = RingBuffer<AccessibilityEvent>(capacity: capacity, filler: AccessibilityEvent())
    /// `ring.dropped` when the host last took an event.
    private var reportedDrops: UInt64 = 0

    mutating func push(_ e: AccessibilityEvent) { ring.push(e) }

    /// The oldest event, with `droppedBefore` set to the events lost since the previous one taken.
    mutating func pop() -> AccessibilityEvent? {
        guard var e = ring.pop() else { return nil }
        e.droppedBefore = ring.dropped &- reportedDrops
        reportedDrops = ring.dropped
        return e
    }

    var count: Int { ring.count }
    var dropped: UInt64 { ring.dropped }
}
