/// A growable list of records that one owner keeps for its whole life, such as the engine's touch
/// records: the elements live in storage the buffer allocates, and each access reaches an element
/// through its address.
///
/// Why not an `Array`: the engine reads and writes its records field by field, several times per
/// touch and per pass. Through an array stored in a class, every write first checks that the
/// array's buffer is not shared (copy-on-write) and every loop retains the buffer; here a read or
/// a write is one bounds check and one memory access. The buffer is noncopyable, so the storage
/// has exactly one owner, and its `deinit` frees it.
///
/// Rules for the owner: code outside this file reaches an element by index (`buffer[i].field`) or
/// through `update(i) { element in … }`, which lends the element in place for several fields at one
/// bounds check. The element's address never leaves this file. A `body` must not append to or
/// remove from the same buffer (an append may move the storage), nor reach the same element
/// another way while it holds it. Indices out of `0..<count` trap, as an array's do (engine code
/// passes indices from `indices`, and the slots of registered recognizers).
struct RecordBuffer<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` elements before it grows.
    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }

    subscript(i: Int) -> Element {
        @inline(__always)
        unsafeAddress { UnsafePointer(address(i)) }
        @inline(__always)
        unsafeMutableAddress { address(i) }
    }

    /// The element at a slot number (the engine's slots are `Int32`).
    subscript(s: Int32) -> Element {
        @inline(__always)
        unsafeAddress { UnsafePointer(address(s)) }
        @inline(__always)
        unsafeMutableAddress { address(s) }
    }

    /// Lends element `i` to `body` in place and returns what `body` returns (see the rules above).
    @inline(__always)
    func update<R>(_ i: Int, _ body: (inout Element) -> R) -> R {
        body(&address(i).pointee)
    }

    /// Lends the element at a slot number to `body` in place (see `update(_: Int, _:)`).
    @inline(__always)
    func update<R>(_ s: Int32, _ body: (inout Element) -> R) -> R {
        body(&address(s).pointee)
    }

    /// The address of element `i`, bounds-checked (every access goes through here).
    @inline(__always)
    private func address(_ i: Int) -> UnsafeMutablePointer<Element> {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "record index out of range")
        return base + i
    }

    /// The address of the element at a slot number (see `address(_: Int)`).
    @inline(__always)
    private func address(_ s: Int32) -> UnsafeMutablePointer<Element> {
        precondition(UInt32(bitPattern: s) < UInt32(truncatingIfNeeded: count), "record index out of range")
        return base + Int(s)
    }

    /// Adds `element` at the end, growing the storage (twice the size) when it is full. The
    /// element is taken (`consuming`): a caller's last use of a record moves it in, without a copy
    /// that retains its lists.
    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        reserveCapacity(capacity * 2)
    }

    /// Makes room for at least `n` elements.
    mutating func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: n)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = n
    }

    /// Removes the last `n` elements (0 ≤ n ≤ count).
    mutating func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count, "removing more records than there are")
        count -= n
        (base + count).deinitialize(count: n)
    }

    /// Removes every element and keeps the storage (for plain-data elements, the slot lists of
    /// every pass, only the count changes).
    @inline(__always)
    mutating func removeAll() {
        if _isPOD(Element.self) { count = 0 } else { removeLast(count) }
    }

    /// Removes the elements for which `drop` holds, keeping the order of the others.
    mutating func removeAll(where drop: (borrowing Element) -> Bool) {
        var kept = 0
        var i = 0
        while i < count {
            if drop(base[i]) {
                (base + i).deinitialize(count: 1)
            } else {
                if kept != i { (base + kept).moveInitialize(from: base + i, count: 1) }
                kept += 1
            }
            i += 1
        }
        count = kept
    }

    /// Exchanges the elements at `i` and `j`.
    mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count) && UInt(bitPattern: j) < UInt(bitPattern: count),
                     "record index out of range")
        guard i != j else { return }
        let held = (base + i).move()
        (base + i).moveInitialize(from: base + j, count: 1)
        (base + j).initialize(to: held)
    }
}
