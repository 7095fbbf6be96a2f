extension Array {
    /// Empties the array but keeps its storage. Cheaper than `removeAll(keepingCapacity: true)`
    /// when the array is already empty, which is the common case on the per-event path.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
