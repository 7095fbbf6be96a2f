/// The recognizers with a pending deadline, and the count of timer sweeps (see `advance(to:)`).
struct Timers: ~Copyable {
    /// Recognizers with a pending deadline (by slot).
    var waiting = RecordBuffer<Int32>(capacity: 16)
    /// Counts the calls of `fireTimers(upTo:)`.
    var call: UInt64 = 0

    @_optimize(size) init() {}
}
