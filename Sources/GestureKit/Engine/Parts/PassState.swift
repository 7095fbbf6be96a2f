/// What one update pass (spec section 0) keeps while it runs: the recognizers that joined it,
/// the frame's touch records, the delivery list, and the flags that tell the later steps whether
/// they have work.
struct PassState: ~Copyable {
    /// A pass is running.
    var isRunning = false
    /// Callbacks into host code are running (targets, delegates): mutating calls are refused.
    var inCallback = false
    /// The recognizers that joined the pass (by slot), in the order they joined: step 1's visit
    /// list, and what steps 2–6 walk.
    var joined = RecordBuffer<Int32>(capacity: 64)
    /// The recognizers the arbitration committed in the pass (by slot).
    var committed = RecordBuffer<Int32>(capacity: 16)
    /// The current frame's touch records, in frame order (step 1).
    var frameRecords = RecordBuffer<Int>(capacity: 16)
    /// Step 2 has work: an engaged recognizer may be out of `possible` without being committed
    /// (it asked to leave `possible`, or is held back). Set when a recognizer that is not committed
    /// changes to a state other than `possible` or `failed`, and when one becomes engaged in such a
    /// state; cleared by `resolve()` when a round finds no such recognizer. Only ever set too
    /// often, never too rarely: a pass without it skips the arbitration, which would find nothing
    /// to do.
    var arbitrationPending = false
    /// Step 6 has work: a recognizer may have finished (ended, cancelled or failed) and not be held
    /// back. Set when one changes to such a state or is released, cleared when step 6 starts.
    var resetPending = false
    /// A recognizer was registered already finished (a subclass that set its own state before it
    /// had an engine): it is reset in the first pass it takes part in, so step 6 always looks.
    var registeredFinished = false
    /// Another pass must follow this one (a change made from a callback).
    var followUp = false
    /// Recognizers disabled from a callback, stopped once the pass ends.
    var followUpDisable: [Int32] = []
    /// The delivery list handed to recognizers in step 1.
    var scratch: [Touch] = []
    /// What `scratch` holds while a frame is delivered: the touches of `scratchPhase` tracked by
    /// the records of `scratchMask` (a bit per frame record). Recognizers that track the same
    /// touches of a frame, the common case, are handed the same array. nil: nothing reusable.
    var scratchPhase: TouchPhase?
    var scratchMask: UInt64 = 0
    /// What started the pass, for the decision log.
    var cause = DecisionCause.host
    /// Step 6 (reset) is running.
    var isResetting = false
    /// A delegate question outside arbitration (`shouldReceive`) is being asked.
    var isAskingDelegate = false
    /// `cancelAllTouches` is feeding its frame (recorded as one cancel, not as a frame).
    var isCancellingAll = false
    /// Gestures that began or were recognized (left `possible` for `began` or `ended`), counted
    /// by the transition log: whether a synthesized drag moved anything (the screen reader's
    /// three-finger scroll).
    var gesturesStarted: UInt64 = 0

    @_optimize(size) init() {
        scratch.reserveCapacity(16)
    }
}
