/// A gesture engine: one screen's view tree, the recognizers attached to it, the touches down,
/// and the queues of actions and view deliveries the host drains.
///
/// The engine is deterministic: it never reads a clock and starts no threads. The host feeds
/// input frames with its own timestamps (`feed(time:touches:)`), advances time when no input
/// arrives (`advance(to:)`), and asks for the next deadline (`nextDeadline`). Every call runs the
/// update passes of spec section 0 synchronously.
///
/// Not thread-safe: an engine and everything made from it belong to one thread at a time.
public final class Engine: RecognizerHost {
    public let options: EngineOptions
    /// Engine time: the latest timestamp the host supplied, in seconds.
    public internal(set) var now: Double = -Double.infinity

    var recognizers = RecognizerTable()
    /// The engine's record of each recognizer, by slot (`RecognizerRecord`): one per table slot.
    var bookkeeping = RecordBuffer<RecognizerRecord>(capacity: 16)
    var recognizerGenerations: [UInt32] = []
    var freeRecognizerSlots: [Int32] = []
    public internal(set) var recognizerCount = 0

    /// The records of the touches down, and of lifted ones whose view delivery is still withheld
    /// (at most `maximumTouches * 2`, which `validate` enforces).
    var touchRecords: RecordBuffer<TouchRecord>
    /// Scratch lists of the arbitration (step 2), by slot, kept to avoid allocating in every pass:
    /// the recognizers ready to leave `possible` in a round, the ones already in progress, the
    /// winner that beat each loser, and the winners.
    var readySlots = RecordBuffer<Int32>(capacity: 16)
    var activeSlots = RecordBuffer<Int32>(capacity: 16)
    var beatenBySlots = RecordBuffer<Int32>(capacity: 16)
    var winnerSlots = RecordBuffer<Int32>(capacity: 16)
    /// Engaged recognizers that a requirement question may make required (see `requires`); -1 until
    /// counted in the current arbitration round.
    var requirementAnswerers = -1
    /// Counters behind each record's `engagedOrder` and `attachOrder` (`RecognizerRecord`).
    var nextEngagedOrder: UInt64 = 1
    var nextAttachOrder: UInt64 = 1
    /// Empty tracker lists of finished touch records, reused by new touches.
    var trackerPool: [[Int32]] = []
    var nextTouchSerial: UInt64 = 1

    /// Recognizers that track, or have tracked, a touch since their last reset, in the order
    /// they became involved.
    var engaged = RecordBuffer<Int32>(capacity: 64)
    /// Recognizers with a pending deadline.
    var timed = RecordBuffer<Int32>(capacity: 16)
    /// Counts the calls of `fireTimers(upTo:)` (see `advance(to:)`).
    var timerCall: UInt64 = 0
    /// `cancelAllTouches` is feeding its frame (recorded as one cancel, not as a frame).
    var isCancellingAll = false
    /// Step 2 (arbitration) is running: recognizer states must not change under it.
    var isResolving = false
    /// Step 6 (reset) is running.
    var isResetting = false
    /// A delegate question outside arbitration (`shouldReceive`) is being asked.
    var isAskingDelegate = false
    /// Whether a state request made now is taken: not while the engine arbitrates (inside
    /// `canPrevent`, delegate questions), asks `shouldReceive`, or resets recognizers (inside `reset()`).
    public var acceptsStateRequests: Bool { !isResolving && !isResetting && !isAskingDelegate }
    /// Views with a `gestureRecognizerShouldBegin` answer installed.
    var viewVetoCount = 0
    /// The flight recorder, when enabled (`enableFlightRecorder(capacity:)`).
    var flightRecorder: RingBuffer<RecordedInput>?
    /// `flightRecorder != nil`, as a plain flag: every input reads it, and testing the optional
    /// noncopyable queue costs a call.
    var isRecordingInput = false
    /// The decision log, when enabled (`enableDecisionLog(capacity:)`).
    var decisionLog: RingBuffer<Decision>?
    /// `decisionLog != nil`, as a plain flag (see `isRecordingInput`).
    var isLoggingDecisions = false
    /// What started the current update pass, for the decision log.
    var passCause = DecisionCause.host
    /// Reused by `press(time:type:phase:force:)`.
    var pressFrame: [TouchInput] = []
    /// The focused view's slot (presses go there), or -1.
    var focusedSlot: Int32 = -1
    /// Hover recognizers whose gesture is in progress.
    var hovering: [Int32] = []
    /// Where the hovering pointer was last seen, window coordinates.
    var hoverLocation = Point.zero

    var actionQueue: RingBuffer<ActionSnapshot>
    var deliveryQueue: RingBuffer<ViewDelivery>
    var transitionQueue: RingBuffer<StateTransition>
    var nextSequence: UInt64 = 1

    // Update-pass state.
    var inPass = false
    /// Callbacks into host code are running (targets, delegates): mutating calls are refused.
    public internal(set) var isInCallback = false
    /// The recognizers touched in the pass, in the order they were first touched (by slot).
    var dirty = RecordBuffer<Int32>(capacity: 64)
    /// The recognizers the arbitration committed in the pass (by slot).
    var committedThisPass = RecordBuffer<Int32>(capacity: 16)
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
    var followUpPass = false
    var scratch: [Touch] = []
    /// What `scratch` holds while a frame is delivered: the touches of `scratchPhase` tracked by
    /// the records of `scratchMask` (a bit per frame record). Recognizers that track the same
    /// touches of a frame, the common case, are handed the same array. nil: nothing reusable.
    var scratchPhase: TouchPhase?
    var scratchMask: UInt64 = 0
    /// The current frame's touch records, in frame order (step 1).
    var frameRecords = RecordBuffer<Int>(capacity: 16)
    /// The input filters and the panel profile (`Engine+Filters.swift`), and the frame they pass on.
    var inputFilter: InputFilter
    var filteredFrame: [TouchInput] = []
    /// Telemetry (`Metrics.swift`).
    var metrics = EngineMetrics()
    /// Copies of `inputFilter.isActive` and `metrics.enabled` kept as plain flags: the hot path
    /// reads them on every frame without touching the structs (and their arrays).
    var filtersActive = false
    var countingEnabled = true
    /// Explore-by-touch (`ScreenReader.swift`): off by default.
    var screenReaderOn = false
    var screenReader = ScreenReaderState()
    var accessibilityEvents = AccessibilityQueue()
    /// The accessibility timing scale (`Engine+Accessibility.swift`); 1 by default.
    public internal(set) var timingScale: Double = 1

    /// Multiplier applied to distance thresholds (spec 7b).
    public var thresholdScale: Double { options.pointsPerMillimetre / 6.4 }

    @_optimize(size) public init(options: EngineOptions = EngineOptions()) throws(EngineError) {
        guard options.isValid else { throw .invalidArgument }
        self.options = options
        actionQueue = RingBuffer(capacity: options.actionQueueCapacity, filler: ActionSnapshot())
        deliveryQueue = RingBuffer(capacity: options.deliveryQueueCapacity, filler: ViewDelivery())
        transitionQueue = RingBuffer(capacity: options.logsTransitions ? options.actionQueueCapacity : 1,
                                     filler: StateTransition())
        inputFilter = InputFilter(maximumTouches: options.maximumTouches)
        touchRecords = RecordBuffer(capacity: options.maximumTouches * 2)
        super.init(tree: ViewTree(screen: options.screenSize, capacity: options.maximumViews),
                   screenSize: options.screenSize)
        scratch.reserveCapacity(16)
        filteredFrame.reserveCapacity(options.maximumTouches * 2)
    }

    deinit {
        for k in 0..<recognizers.count {
            guard let r = recognizers[k] else { continue }
            r.failureRequirements.removeAll()
            r.singlePointerAlternatives.removeAll()
            r.host = nil
            r.slot = -1
            r.viewSlot = -1
        }
        recognizers.deallocate()
    }

    // MARK: RecognizerHost: what recognizers tell the engine (overrides must live in the class body)

    override func recognizer(_ r: GestureRecognizer, changesStateTo next: GestureState) {
        changeState(r, to: next)
    }
    override func recognizerWasDisabled(_ r: GestureRecognizer) { stopDisabled(r) }
    override func scheduleTimer(for r: GestureRecognizer) { armTimer(for: r) }
    override func recognizerWasRenamed(_ r: GestureRecognizer) { resetMetricsSlot(r.slot) }
    override func recognizer(_ r: GestureRecognizer, ignores serial: UInt64) { dropTouch(of: r, serial: serial) }
    override func recognizer(_ r: GestureRecognizer, addedStrokeOf touchID: Int64) {
        record(.strokeAdded, r, touchID: touchID)
    }

    /// The root view: the window, covering the screen.
    public var rootView: ViewID { tree.root }

    /// Calls that change the tree or the set of recognizers are refused while a pass runs or a host
    /// callback is active: the pass iterates over those arrays.
    func checkNotBusy() throws(EngineError) {
        guard !isBusy else { throw .busy }
    }

    /// An update pass or a host callback is running (what `checkNotBusy` refuses).
    var isBusy: Bool { inPass || isInCallback }

    // MARK: Recognizer registry

    /// Registers a recognizer with the engine without attaching it. The engine keeps it alive
    /// until `unregister(_:)` or the engine's end.
    @_optimize(size) public func register(_ r: GestureRecognizer) throws(EngineError) -> RecognizerID {
        if let e = r.host {
            guard e === self else { throw .staleHandle }
            return id(of: r)
        }
        try checkNotBusy()
        guard recognizerCount < options.maximumRecognizers else { throw .capacityExceeded }
        let s: Int32
        if let f = freeRecognizerSlots.popLast() {
            s = f
        } else {
            guard recognizers.count < HandleLimits.slotIndexCount else { throw .capacityExceeded }
            recognizers.appendSlot()
            bookkeeping.append(RecognizerRecord())
            recognizerGenerations.append(0)
            s = Int32(recognizers.count - 1)
        }
        var g = recognizerGenerations[Int(s)] &+ 1
        if g == 0 { g = 1 }
        recognizerGenerations[Int(s)] = g
        recognizers[Int(s)] = r
        bookkeeping[s] = .fresh()
        if r._state.isTerminal { registeredFinished = true }
        r.host = self
        r.slot = s
        r.thresholdScale = thresholdScale
        r.engineTimingScale = timingScale
        r.movementNoise = movementNoise
        resetMetricsSlot(s)
        recognizerCount += 1
        return RecognizerID(index: UInt32(s), generation: g)
    }

    func id(of r: GestureRecognizer) -> RecognizerID {
        RecognizerID(index: UInt32(r.slot), generation: recognizerGenerations[Int(r.slot)])
    }

    /// The recognizer in slot `index` whose generation ends with `generationBits` (the 24 bits a C
    /// handle carries), or `nil`.
    public func recognizer(index: UInt32, generationBits: UInt32) -> GestureRecognizer? {
        guard Int(index) < recognizers.count, let r = recognizers[Int(index)] else { return nil }
        guard recognizerGenerations[Int(index)] & HandleLimits.maximumGeneration == generationBits else { return nil }
        return r
    }

    /// The recognizer behind a handle, or `nil` when the handle is stale.
    public func recognizer(_ id: RecognizerID) -> GestureRecognizer? {
        guard id.index < UInt32(recognizers.count) else { return nil }
        let i = Int(id.index)
        guard recognizerGenerations[i] == id.generation else { return nil }
        return recognizers[i]
    }

    /// Detaches (cancelling it if it was recognizing) and forgets a recognizer.
    @_optimize(size) public func unregister(_ r: GestureRecognizer) throws(EngineError) {
        guard r.host === self else { throw .staleHandle }
        try checkNotBusy()
        if r.viewSlot >= 0 { try detach(r) }
        let s = r.slot
        for k in 0..<recognizers.count {
            recognizers[k]?.failureRequirements.removeAllInPlace { $0 === r }
            recognizers[k]?.singlePointerAlternatives.removeAllInPlace { $0 === r }
        }
        r.singlePointerAlternatives.removeAll()
        recognizers[Int(s)] = nil
        bookkeeping[s] = RecognizerRecord()
        // A slot at the last generation is retired, never reused (`HandleLimits`).
        if recognizerGenerations[Int(s)] < HandleLimits.maximumGeneration { freeRecognizerSlots.append(s) }
        recognizerCount -= 1
        r.host = nil
        r.slot = -1
    }

    // MARK: Attaching

    /// Attaches `r` to `view`, after the view's other recognizers (registering it if needed).
    /// Touches already down do not reach it (rule 4).
    public func add(_ r: GestureRecognizer, to view: ViewID) throws(EngineError) {
        try checkNotBusy()
        let v = try viewSlot(view)
        if r.host == nil { _ = try register(r) }
        guard r.host === self else { throw .staleHandle }
        guard r.viewSlot < 0 else { throw .alreadyAttached }
        r.viewSlot = v
        bookkeeping[r.slot].attachOrder = nextAttachOrder
        nextAttachOrder &+= 1
        tree.appendRecognizer(r.slot, to: v)
    }

    /// Removes `r` from its view. A recognizer that was recognizing is cancelled, one that was
    /// undecided fails (rule 56); this runs an update pass at the engine's current time.
    @_optimize(size) public func detach(_ r: GestureRecognizer) throws(EngineError) {
        guard r.host === self else { throw .staleHandle }
        try checkNotBusy()
        guard r.viewSlot >= 0 else { throw .notAttached }
        stopRecognizing(r)
        let v = r.viewSlot
        tree.removeRecognizer(r.slot, from: v)
        r.viewSlot = -1
    }

    /// Ends whatever `r` is doing (cancel if in progress, fail otherwise) and takes it off every
    /// touch, in an update pass of its own.
    @_optimize(size) func stopRecognizing(_ r: GestureRecognizer) {
        let involved = !bookkeeping[r.slot].sequenceSerials.isEmpty || r._state != .possible || r.held
        guard involved else {
            removeFromTouches(r.slot)
            return
        }
        runHostPass {
            self.record(.stoppedByHost, r, from: r._state)
            if bookkeeping[r.slot].committed && r._state.isInProgress {
                r.requestState(.cancelled)
            } else if !(bookkeeping[r.slot].committed && r._state.isTerminal) {   // not already finished in this pass
                self.forceFail(r, .stoppedByHost)
            }
            self.markDirty(r)
            self.removeFromTouches(r.slot)
        }
    }

    @_optimize(size) func stopDisabled(_ r: GestureRecognizer) {
        guard r.host === self else { return }
        if inPass {
            // Inside a callback: finish the current pass first.
            followUpDisable.append(r.slot)
            followUpPass = true
            return
        }
        stopRecognizing(r)
    }
    var followUpDisable: [Int32] = []

    // MARK: Queues

    /// The oldest action not yet taken, removed from the queue.
    public func nextAction() -> ActionSnapshot? { actionQueue.pop() }
    /// Removes the oldest action not yet taken and returns what `body` makes of it (nil: none).
    func takeAction<R>(_ body: (borrowing ActionSnapshot) -> R) -> R? { actionQueue.popOldest(body) }
    /// Removes the oldest view delivery not yet taken and returns what `body` makes of it.
    func takeDelivery<R>(_ body: (borrowing ViewDelivery) -> R) -> R? { deliveryQueue.popOldest(body) }
    /// The oldest view delivery not yet taken, removed from the queue.
    public func nextDelivery() -> ViewDelivery? { deliveryQueue.pop() }
    /// The oldest state transition not yet taken (transitions share the action queue's capacity);
    /// always nil unless `options.logsTransitions`.
    public func nextTransition() -> StateTransition? { transitionQueue.pop() }
    public var pendingTransitionCount: Int { transitionQueue.count }
    public var droppedTransitions: UInt64 { transitionQueue.dropped }
    public var pendingActionCount: Int { actionQueue.count }
    public var pendingDeliveryCount: Int { deliveryQueue.count }
    /// Actions dropped because the queue was full.
    public var droppedActions: UInt64 { actionQueue.dropped }
    /// Deliveries dropped because the queue was full.
    public var droppedDeliveries: UInt64 { deliveryQueue.dropped }

    /// Touches currently down.
    public var touchesDown: Int {
        var n = 0
        for k in touchRecords.indices where touchRecords[k].isDown { n += 1 }
        return n
    }
}
