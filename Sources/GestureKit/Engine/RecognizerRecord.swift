/// What the engine keeps about one registered recognizer for its update passes: one record per
/// slot of the recognizer table, in `registry.records` (`RecognizerRegistry`), written by the engine alone.
///
/// The recognizer object keeps its configuration, its hooks and the UIKit state it reads itself
/// (`state`, `isWaitingForFailure`, its deadline and tracked touches); everything here belongs to
/// the arbitration, the transition log, the actions and the timers, which recognizers never see.
/// A slot's record is fresh when a recognizer is registered in it and cleared when it leaves.
struct RecognizerRecord {
    /// Serials of every touch tracked since the last reset (rule 42's "involved").
    var sequenceSerials: [UInt64] = []
    /// Delegate and subclass answers to "does this require that one to fail?", asked once per
    /// recognition attempt (rule 30).
    var requirementAnswers: [RequirementAnswer] = []
    /// When it became engaged, and when it was attached: rule 10's orders, compared in O(1).
    var engagedOrder: UInt64 = 0
    var attachOrder: UInt64 = 0
    /// Step 1 scratch: bit i set when it tracks the i-th touch record of the frame being delivered.
    var frameRecordMask: UInt64 = 0
    /// The `fireTimers` call in which its timer last fired, the time it fired at, and how many
    /// times it fired in that call (see `Engine.advance(to:)`).
    var timerCall: UInt64 = 0
    var timerFiredAt = -Double.infinity
    var timerFirings = 0
    /// The recognizer it first waited for while held (for the decision log), or -1.
    var heldBy: Int32 = -1
    /// Arbitration scratch: index of the recognizer that beat it in this round, or -1.
    var arbitrationLoss: Int32 = -1
    /// State when the recognizer was first touched in the current pass (for the transition log).
    var passStartState = GestureState.possible
    /// The arbitration accepted its transition out of `possible`; actions may be sent.
    var committed = false
    var askedShouldBegin = false
    /// Step 6 scratch: reset at the end of this pass.
    var pendingReset = false
    /// It changed state (other than to failed) since its last action: an action is due.
    var needsAction = false
    var sentBeganAction = false
    /// It has been in `began` since its reset (rule 26's extra `began` action).
    var passedBegan = false
    /// It has joined the running pass (it is in `pass.joined`).
    var joinedPass = false
    /// A `changed` action was due in this pass (a `changed → changed` transition).
    var changedAgain = false
    /// It is in the engine's timer list.
    var inTimerList = false

    /// A record for a newly registered recognizer (its lists have room for a few entries).
    static func fresh() -> RecognizerRecord {
        var r = RecognizerRecord()
        r.sequenceSerials.reserveCapacity(4)
        return r
    }

    /// Back to the state after a reset (rule 17), keeping the orders, the timer's bookkeeping and
    /// the lists' storage.
    @inline(__always)
    mutating func resetRecognition() {
        committed = false
        heldBy = -1
        requirementAnswers.clearKeepingCapacity()
        askedShouldBegin = false
        needsAction = false
        sentBeganAction = false
        passedBegan = false
        sequenceSerials.clearKeepingCapacity()
    }
}
