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
}
