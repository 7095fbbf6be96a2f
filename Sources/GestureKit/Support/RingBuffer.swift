/// A first-in first-out queue with a fixed capacity, allocated once. When full, pushing drops
/// the oldest element and counts it in `dropped`, so memory stays bounded when the host does not
/// drain the queue.
///
/// The queue owns its storage (it is noncopyable, like `RecordBuffer`): pushing and popping write
/// the slot in place, with no copy-on-write check and none of the standard library's array-copy
/// code, which an `Array` brings along for every element type.
struct RingBuffer<Element>: ~Copyable {
    /// For elements that hold references, every slot holds an element: a queued one or `filler`,
    /// so pushing and popping move an element once, without wrapping it in an optional.
    /// Plain-data slots are left as they are: unwritten until their first push (the queue reads
    /// only slots it has pushed to), then a queued element or a stale one already taken.
    private let storage: UnsafeMutablePointer<Element>
    /// The number of slots (at least 1).
    let capacity: Int
    private let filler: Element
    /// The oldest element's slot (0 ≤ head < capacity).
    private var head = 0
    private(set) var count = 0
    private(set) var dropped: UInt64 = 0

    /// A queue of `capacity` elements (at least 1); `filler` fills the free slots of elements that
    /// hold references. A plain-data queue does not write its storage until it is used, so a large
    /// capacity costs address space, not time or resident memory.
    init(capacity: Int, filler: Element) {
        self.capacity = capacity > 0 ? capacity : 1
        storage = .allocate(capacity: self.capacity)
        if !_isPOD(Element.self) { storage.initialize(repeating: filler, count: self.capacity) }
        self.filler = filler
    }

    deinit {
        if !_isPOD(Element.self) { storage.deinitialize(count: capacity) }
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    mutating func push(_ e: Element) {
        pushSlot(e)
    }

    /// Appends `initial` and lends it to `fill` in its slot, so that the caller finishes the
    /// element where it stays instead of building it elsewhere and copying it in (an action is
    /// about 200 bytes). Returns what `fill` returns. `fill` must not use this queue.
    @inline(__always)
    mutating func push<R>(_ initial: Element, filling fill: (inout Element) -> R) -> R {
        fill(&pushSlot(initial).pointee)
    }

    /// Appends `initial` and returns its slot (valid until the element is popped or dropped: the
    /// storage never moves).
    @inline(__always) @discardableResult
    private mutating func pushSlot(_ initial: Element) -> UnsafeMutablePointer<Element> {
        if count == capacity {
            clearSlot(head)
            head = next(head)
            count -= 1
            dropped &+= 1
        }
        var slot = head + count
        if slot >= capacity { slot -= capacity }
        storage[slot] = initial
        count += 1
        return storage + slot
    }

    /// A copy of the element pushed last (the queue must not be empty).
    func newest() -> Element {
        precondition(count > 0, "no element in the queue")
        let k = head + count - 1
        return storage[k >= capacity ? k - capacity : k]
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

    /// Removes every element and lends them, oldest first, one after another in the storage.
    /// When the queue wraps round the end of the storage, the elements are first moved so that
    /// the oldest is in slot 0 (`RingRotation`, no allocation). The storage never moves, and the
    /// next push writes after the lent elements (or, when they fill the storage, over the oldest),
    /// so they stay as they are until the next push. Plain-data elements only: a slot that held
    /// references would have to be cleared.
    @inline(__always)
    mutating func takeAll() -> UnsafeBufferPointer<Element> {
        precondition(_isPOD(Element.self), "only plain-data elements are lent")
        let n = count
        if head &+ n > capacity { unwrap() }
        let first = storage + head
        head &+= n
        if head >= capacity { head &-= capacity }
        count = 0
        return UnsafeBufferPointer(start: first, count: n)
    }

    /// Moves the queued elements, which wrap round the end of the storage, to start at slot 0.
    @inline(never)
    private mutating func unwrap() {
        RingRotation.unwrap(UnsafeMutableRawPointer(storage), capacity: capacity,
                            stride: MemoryLayout<Element>.stride, head: head, count: count)
        head = 0
    }

    /// A taken slot keeps no references alive: elements that hold any are replaced by the filler.
    /// Plain-data elements stay as they are until overwritten.
    @inline(__always)
    private mutating func clearSlot(_ k: Int) {
        if !_isPOD(Element.self) { storage[k] = filler }
    }

    private func next(_ k: Int) -> Int { k + 1 == capacity ? 0 : k + 1 }

    /// The element `k` places after the oldest (0 ≤ k < count), without removing it.
    func element(at k: Int) -> Element? {
        guard k >= 0, k < count else { return nil }
        return storage[(head + k) % capacity]
    }

    mutating func removeAll() {
        while count > 0 { _ = popOldest { _ in () } }
    }
}
