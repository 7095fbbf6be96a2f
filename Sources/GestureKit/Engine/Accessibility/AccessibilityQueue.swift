/// The screen reader's events on their way to the host. It holds `capacity` events. When the host
/// does not drain it, the oldest reader event is dropped and counted (an announcement is kept
/// while any reader event can go instead: the host's "Card declined" outlives a burst of focus
/// changes), and the next event taken says how many were lost just before it, so that the host
/// can tell the user that speech was skipped.
struct AccessibilityQueue: ~Copyable {
    /// The events held at most (documented in gesturekit.h and docs/ACCESSIBILITY.md).
    static let capacity = 256
    private var ring = RingBuffer<AccessibilityEvent>(capacity: capacity, filler: AccessibilityEvent())
    /// Reader events dropped from the middle of the queue to keep an announcement.
    private var keptAnnouncementDrops: UInt64 = 0
    /// `dropped` when the host last took an event.
    private var reportedDrops: UInt64 = 0

    mutating func push(_ e: AccessibilityEvent) {
        if ring.count == AccessibilityQueue.capacity { dropOldestReaderEvent() }
        ring.push(e)
    }

    /// On a full queue: removes the oldest event that is not an announcement, keeping the others
    /// in order (one turn of the ring; only on overflow). With announcements only, nothing is
    /// removed here and the ring drops the oldest.
    @_optimize(size) private mutating func dropOldestReaderEvent() {
        var removed = false
        for _ in 0..<ring.count {
            guard let e = ring.pop() else { break }
            if !removed && e.kind != .announcement {
                removed = true
                keptAnnouncementDrops &+= 1
                continue
            }
            ring.push(e)
        }
    }

    /// The oldest event, with `droppedBefore` set to the events lost since the previous one taken.
    mutating func pop() -> AccessibilityEvent? {
        guard var e = ring.pop() else { return nil }
        e.droppedBefore = dropped &- reportedDrops
        reportedDrops = dropped
        return e
    }

    var count: Int { ring.count }
    var dropped: UInt64 { ring.dropped &+ keptAnnouncementDrops }
}
