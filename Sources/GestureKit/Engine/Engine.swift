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

    // The engine's parts, each a struct that owns its fields (Engine/Parts/). The engine's own
    // code coordinates them; the layer check fails if this class grows past 12 stored properties.
    /// The recognizers by slot, with the engine's record of each.
    var registry = RecognizerRegistry()
    /// The touches down, and the lifted ones whose view delivery is withheld.
    var touches: TouchTable
    /// The running update pass.
    var pass = PassState()
    /// The arbitration (step 2).
    var arena = Arena()
    /// Recognizers waiting for a deadline.
    var timers = Timers()
    /// What the host drains.
    var queues: Queues
    /// The flight recorder and the decision log.
    var recorders = Recorders()
    /// Input filters, explore-by-touch and the timing scale.
    var modes: InputModes
    /// Telemetry (`Metrics.swift`).
    var metrics = EngineMetrics()

    public var recognizerCount: Int { registry.count }
    /// Callbacks into host code are running (targets, delegates): mutating calls are refused.
    public var isInCallback: Bool { pass.inCallback }
    /// Whether a state request made now is taken: not while the engine arbitrates (inside
    /// `canPrevent`, delegate questions), asks `shouldReceive`, or resets recognizers (inside `reset()`).
    public var acceptsStateRequests: Bool { !arena.isResolving && !pass.isResetting && !pass.isAskingDelegate }
    /// The accessibility timing scale (`Engine+Accessibility.swift`); 1 by default.
    public var timingScale: Double { modes.timingScale }

    /// Multiplier applied to distance thresholds (spec 7b).
    public var thresholdScale: Double { options.pointsPerMillimetre / 6.4 }

    @_optimize(size) public init(options: EngineOptions = EngineOptions()) throws(EngineError) {
        guard options.isValid else { throw .invalidArgument }
        self.options = options
        queues = Queues(options: options)
        modes = InputModes(maximumTouches: options.maximumTouches)
        touches = TouchTable(maximumTouches: options.maximumTouches)
        super.init(tree: ViewTree(screen: options.screenSize, capacity: options.maximumViews),
                   screenSize: options.screenSize)
    }

    deinit {
        for k in 0..<registry.recognizers.count {
            guard let r = registry.recognizers[k] else { continue }
            r.failureRequirements.removeAll()
            r.singlePointerAlternatives.removeAll()
            r.host = nil
            r.slot = -1
            r.viewSlot = -1
        }
        registry.recognizers.deallocate()
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
    var isBusy: Bool { pass.isRunning || isInCallback }

    // MARK: Recognizer registry

    /// Registers a recognizer with the engine without attaching it. The engine keeps it alive
    /// until `unregister(_:)` or the engine's end.
    @_optimize(size) public func register(_ r: GestureRecognizer) throws(EngineError) -> RecognizerID {
        if let e = r.host {
            guard e === self else { throw .staleHandle }
            return id(of: r)
        }
        try checkNotBusy()
        guard registry.count < options.maximumRecognizers else { throw .capacityExceeded }
        let s: Int32
        if let f = registry.freeSlots.popLast() {
            s = f
        } else {
            guard registry.recognizers.count < HandleLimits.slotIndexCount else { throw .capacityExceeded }
            registry.recognizers.appendSlot()
            registry.records.append(RecognizerRecord())
            registry.generations.append(0)
            s = Int32(registry.recognizers.count - 1)
        }
        var g = registry.generations[Int(s)] &+ 1
        if g == 0 { g = 1 }
        registry.generations[Int(s)] = g
        registry.recognizers[Int(s)] = r
        registry.records[s] = .fresh()
        if r._state.isTerminal { pass.registeredFinished = true }
        r.host = self
        r.slot = s
        r.thresholdScale = thresholdScale
        r.engineTimingScale = timingScale
        r.movementNoise = movementNoise
        resetMetricsSlot(s)
        registry.count += 1
        return RecognizerID(index: UInt32(s), generation: g)
    }

    func id(of r: GestureRecognizer) -> RecognizerID { registry.id(ofSlot: r.slot) }

    /// The recognizer in slot `index` whose generation ends with `generationBits` (the 24 bits a C
    /// handle carries), or `nil`.
    public func recognizer(index: UInt32, generationBits: UInt32) -> GestureRecognizer? {
        guard Int(index) < registry.recognizers.count, let r = registry.recognizers[Int(index)] else { return nil }
        guard registry.generations[Int(index)] & HandleLimits.maximumGeneration == generationBits else { return nil }
        return r
    }

    /// The recognizer behind a handle, or `nil` when the handle is stale.
    public func recognizer(_ id: RecognizerID) -> GestureRecognizer? {
        guard id.index < UInt32(registry.recognizers.count) else { return nil }
        let i = Int(id.index)
        guard registry.generations[i] == id.generation else { return nil }
        return registry.recognizers[i]
    }

    /// Detaches (cancelling it if it was recognizing) and forgets a recognizer.
    @_optimize(size) public func unregister(_ r: GestureRecognizer) throws(EngineError) {
        guard r.host === self else { throw .staleHandle }
        try checkNotBusy()
        if r.viewSlot >= 0 { try detach(r) }
        let s = r.slot
        for k in 0..<registry.recognizers.count {
            registry.recognizers[k]?.failureRequirements.removeAllInPlace { $0 === r }
            registry.recognizers[k]?.singlePointerAlternatives.removeAllInPlace { $0 === r }
        }
        r.singlePointerAlternatives.removeAll()
        registry.recognizers[Int(s)] = nil
        registry.records[s] = RecognizerRecord()
        // A slot at the last generation is retired, never reused (`HandleLimits`).
        if registry.generations[Int(s)] < HandleLimits.maximumGeneration { registry.freeSlots.append(s) }
        registry.count -= 1
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
        registry.records[r.slot].attachOrder = registry.nextAttachOrder
        registry.nextAttachOrder &+= 1
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
        let involved = !registry.records[r.slot].sequenceSerials.isEmpty || r._state != .possible || r.held
        guard involved else {
            removeFromTouches(r.slot)
            return
        }
        runHostPass {
            self.record(.stoppedByHost, r, from: r._state)
            if registry.records[r.slot].committed && r._state.isInProgress {
                r.requestState(.cancelled)
            } else if !(registry.records[r.slot].committed && r._state.isTerminal) {   // not already finished in this pass
                self.forceFail(r, .stoppedByHost)
            }
            self.joinPass(r)
            self.removeFromTouches(r.slot)
        }
    }

    @_optimize(size) func stopDisabled(_ r: GestureRecognizer) {
        guard r.host === self else { return }
        if pass.isRunning {
            // Inside a callback: finish the current pass first.
            pass.followUpDisable.append(r.slot)
            pass.followUp = true
            return
        }
        stopRecognizing(r)
    }

    // MARK: Queues

    /// The oldest action not yet taken, removed from the queue.
    public func nextAction() -> ActionSnapshot? { queues.actions.pop() }
    /// Removes the oldest action not yet taken and returns what `body` makes of it (nil: none).
    func takeAction<R>(_ body: (borrowing ActionSnapshot) -> R) -> R? { queues.actions.popOldest(body) }
    /// Removes the oldest view delivery not yet taken and returns what `body` makes of it.
    func takeDelivery<R>(_ body: (borrowing ViewDelivery) -> R) -> R? { queues.deliveries.popOldest(body) }
    /// Removes every queued action and lends them in place, oldest first and one after another
    /// (the C face hands them to the host; see `RingBuffer.takeAll`).
    func takeQueuedActions() -> UnsafeBufferPointer<ActionSnapshot> { queues.actions.takeAll() }
    /// Removes every queued view delivery and lends them in place.
    func takeQueuedDeliveries() -> UnsafeBufferPointer<ViewDelivery> { queues.deliveries.takeAll() }
    /// The oldest view delivery not yet taken, removed from the queue.
    public func nextDelivery() -> ViewDelivery? { queues.deliveries.pop() }
    /// The oldest state transition not yet taken (transitions share the action queue's capacity);
    /// always nil unless `options.logsTransitions`.
    public func nextTransition() -> StateTransition? { queues.transitions.pop() }
    public var pendingTransitionCount: Int { queues.transitions.count }
    public var droppedTransitions: UInt64 { queues.transitions.dropped }
    public var pendingActionCount: Int { queues.actions.count }
    public var pendingDeliveryCount: Int { queues.deliveries.count }
    /// Actions dropped because the queue was full.
    public var droppedActions: UInt64 { queues.actions.dropped }
    /// Deliveries dropped because the queue was full.
    public var droppedDeliveries: UInt64 { queues.deliveries.dropped }

    /// Touches currently down.
    public var touchesDown: Int { touches.down }
}
