extension Array {
    /// Empties the array but keeps its storage. Cheaper than `removeAll(keepingCapacity: true)`
    /// when the array is already empty, which is the common case on the per-event path.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        // The per-event arrays hold a handful of elements: removing them one by one from the end is
        // far cheaper than the generic `replaceSubrange` behind `removeAll(keepingCapacity:)`.
        var n = count
        while n > 0 {
            removeLast()
            n -= 1
        }
    }

    /// Makes the array `n` elements long, keeping its storage: removes elements from the end, or
    /// appends copies of `filler`. For buffers that are then written in place.
    @inline(__always)
    mutating func resize(to n: Int, with filler: Element) {
        while count > n { removeLast() }
        while count < n { append(filler) }
    }
}
