/// A first-in first-out queue with a fixed capacity, allocated once. When full, pushing drops
/// the oldest element and counts it in `dropped`, so memory stays bounded when the host does not
/// drain the queue.
struct RingBuffer<Element> {
    /// Every slot holds an element: a queued one, or `filler` (or, for plain-data elements, a
    /// stale one already taken), so pushing and popping move an element once, without wrapping it
    /// in an optional.
    private var storage: [Element]
    private let filler: Element
    private var head = 0
    private(set) var count = 0
    private(set) var dropped: UInt64 = 0

    /// A queue of `capacity` elements (at least 1); `filler` fills the free slots.
    init(capacity: Int, filler: Element) {
        storage = [Element](repeating: filler, count: capacity > 0 ? capacity : 1)
        self.filler = filler
    }

    var capacity: Int { storage.count }
    var isEmpty: Bool { count == 0 }

    mutating func push(_ e: Element) {
        if count == storage.count {
            clearSlot(head)
            head = next(head)
            count -= 1
            dropped &+= 1
        }
        var slot = head + count
        if slot >= storage.count { slot -= storage.count }
        storage[slot] = e
        count += 1
    }

    /// Removes the oldest element and returns it; nil when the queue is empty.
    mutating func pop() -> Element? { popOldest { copy $0 } }

    /// Removes the oldest element and returns what `body` makes of it, without copying the element
    /// out first; nil when the queue is empty.
    mutating func popOldest<R>(_ body: (borrowing Element) -> R) -> R? {
        guard count > 0 else { return nil }
        let r = body(storage[head])
        clearSlot(head)
        head = next(head)
        count -= 1
        return r
    }

    /// A taken slot keeps no references alive: elements that hold any are replaced by the filler.
    /// Plain-data elements stay as they are until overwritten.
    @inline(__always)
    private mutating func clearSlot(_ k: Int) {
        if !_isPOD(Element.self) { storage[k] = filler }
    }

    private func next(_ k: Int) -> Int { k + 1 == storage.count ? 0 : k + 1 }

    /// The element `k` places after the oldest (0 ≤ k < count), without removing it.
    func element(at k: Int) -> Element? {
        guard k >= 0, k < count else { return nil }
        return storage[(head + k) % storage.count]
    }

    mutating func removeAll() {
        while count > 0 { _ = popOldest { _ in () } }
    }
}
