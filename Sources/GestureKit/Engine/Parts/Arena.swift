/// The arbitration's state (step 2, `Arbitration.swift`): the recognizers engaged in touch
/// sequences, in the order they became involved, and the scratch lists of a round, kept to avoid
/// allocating in every pass.
struct Arena: ~Copyable {
    /// Recognizers that track, or have tracked, a touch since their last reset, in the order
    /// they became involved.
    var engaged = RecordBuffer<Int32>(capacity: 64)
    /// A round's recognizers ready to leave `possible`, the ones already in progress, the winner
    /// that beat each loser, and the winners (by slot).
    var ready = RecordBuffer<Int32>(capacity: 16)
    var active = RecordBuffer<Int32>(capacity: 16)
    var beatenBy = RecordBuffer<Int32>(capacity: 16)
    var winners = RecordBuffer<Int32>(capacity: 16)
    /// Engaged recognizers that a requirement question may make required (see `requires`); -1 until
    /// counted in the current arbitration round.
    var requirementAnswerers = -1
    /// Counter behind each record's `engagedOrder`.
    var nextEngagedOrder: UInt64 = 1
    /// Step 2 is running: recognizer states must not change under it.
    var isResolving = false

    @_optimize(size) init() {}
}
