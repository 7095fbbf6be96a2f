/// Time and the update pass (spec section 0); the input side is in `Input.swift`:
/// 1. recognizers see the touches, or a timer's handler runs;
/// 2. requested transitions are resolved (exclusion, failure requirements) — `Arbitration.swift`;
/// 3. views get `touchesCancelled` for gestures that recognized or began;
/// 4. actions are sent;
/// 5. the remaining view deliveries happen — `Delivery.swift`;
/// 6. recognizers that finished are reset.
extension Engine {
    /// Maximum number of touches in one input frame.
    public static let maximumFrameTouches = 1_024

    // MARK: Time

    /// The earliest pending timer, or `nil` when none. The host should call `advance(to:)` at
    /// that time if no input arrives before it.
    public var nextDeadline: Double? {
        // Most frames: no recognizer waits for a time and neither mode is on.
        if timers.waiting.isEmpty && !modes.filtersActive && !modes.screenReaderOn { return nil }
        return earliestDeadline()
    }

    @inline(never)   // keeps the usual case above free of this loop's register saves
    private func earliestDeadline() -> Double? {
        var best = Double.infinity
        for i in timers.waiting.indices {
            if let d = withRecognizer(timers.waiting[i], { $0.deadline }), d < best { best = d }
        }
        if modes.filtersActive, let d = modes.inputFilter.nextDeadline, d < best { best = d }
        if modes.screenReaderOn, let d = modes.screenReader.nextDeadline, d < best { best = d }
        return best.isFinite ? best : nil
    }

    /// Advances engine time to `time`, firing every timer due at or before it, in time order,
    /// each in its own update pass.
    ///
    /// A deadline that a recognizer sets while its own timer fires, at or before the time it fired
    /// at, does not fire again in the same call: it stays pending and fires at the next
    /// `advance(to:)` or input. So a hook that re-arms "now" can never make one call loop forever.
    /// A later deadline still fires in the same call when it is due.
    public func advance(to time: Double) throws(EngineError) {
        try checkNotBusy()
        guard time.isFinite else { throw .invalidArgument }
        guard time >= now else { throw .timeWentBackwards }
        recordEvent(.advance, time)
        if modes.filtersActive { flushHeldLifts(before: time, inclusive: true) }
        // Explore-by-touch's timers interleave with the recognizers' (a pass-through touch arms them).
        if modes.screenReaderOn { fireScreenReaderTimers(upTo: time) } else { fireTimers(upTo: time) }
        now = time
    }

    /// Fires the due timers in time order. Within one call, a recognizer whose timer already fired
    /// at time T is skipped while its deadline is at or before T (see `advance(to:)`), and fires at
    /// most `maximumTimerFiringsPerCall` times, so the loop ends whatever the hooks do.
    @inline(__always)
    func fireTimers(upTo time: Double) {
        if !timers.waiting.isEmpty { fireDueTimers(upTo: time) }   // most frames: no recognizer waits for a time
    }

    private func fireDueTimers(upTo time: Double) {
        timers.call &+= 1
        let call = timers.call
        while true {
            var best = Double.infinity
            var bestSlot: Int32 = -1
            for i in 0..<timers.waiting.count {
                let s = timers.waiting[i]
                withRecognizer(s) { r in
                    guard r.deadline < best else { return }
                    if registry.records[r.slot].timerCall == call
                        && (r.deadline <= registry.records[r.slot].timerFiredAt || registry.records[r.slot].timerFirings >= Engine.maximumTimerFiringsPerCall) { return }
                    best = r.deadline
                    bestSlot = s
                }
            }
            guard bestSlot >= 0, best <= time, let r = registry.recognizers[Int(bestSlot)] else { break }
            beginPass(at: best > now ? best : now)
            pass.cause = .timer
            if registry.records[r.slot].timerCall != call {
                registry.records[r.slot].timerCall = call
                registry.records[r.slot].timerFirings = 0
            }
            registry.records[r.slot].timerFiredAt = now
            registry.records[r.slot].timerFirings += 1
            r.deadline = .infinity
            joinPass(r)
            r.deadlineReached(at: now)
            finishPass()
        }
        // Drop the recognizers whose deadline is gone; usually none is, and looking costs less than
        // the array's removal machinery.
        var stale = false
        for i in timers.waiting.indices where withRecognizer(timers.waiting[i], { $0.deadline.isFinite }) != true {
            stale = true
            break
        }
        guard stale else { return }
        timers.waiting.removeAll { s in
            guard let r = registry.recognizers[Int(s)] else { return true }
            if r.deadline.isFinite { return false }
            registry.records[r.slot].inTimerList = false
            return true
        }
    }

    /// How many times one recognizer's timer may fire within one `advance(to:)` or input call.
    /// A hook that keeps re-arming its deadline a little later each time would otherwise make the
    /// call run for as long as the floating-point steps last.
    public static let maximumTimerFiringsPerCall = 1_024

    func armTimer(for r: GestureRecognizer) {
        guard !registry.records[r.slot].inTimerList else { return }
        registry.records[r.slot].inTimerList = true
        timers.waiting.append(r.slot)
    }

    // MARK: Passes

    func beginPass(at time: Double) {
        pass.isRunning = true
        pass.cause = .host
        now = time
        pass.joined.removeAll()
        pass.committed.removeAll()
    }

    /// `r` joins the running pass (once: later calls do nothing), with the state it is in now.
    @inline(__always)
    func joinPass(_ r: GestureRecognizer) {
        registry.records.update(r.slot) { b in
            if !b.joinedPass { joinPass(r.slot, &b, startState: r._state) }
        }
    }

    /// Puts slot `s` (whose bookkeeping record is `b`) on the pass's list, with the state it starts
    /// the pass in. Callers check `joinedPass` first: a slot joins once per pass.
    @inline(__always)
    func joinPass(_ s: Int32, _ b: inout RecognizerRecord, startState: GestureState) {
        b.joinedPass = true
        b.passStartState = startState
        b.changedAgain = false
        pass.joined.append(s)
    }

    /// The transition log (after step 2): one entry per recognizer whose state changed in the
    /// pass, or that went `changed → changed`. Held-back recognizers are logged once released.
    /// Each entry takes a sequence number whether or not the log is kept
    /// (`EngineOptions.logsTransitions`), so actions and deliveries are numbered the same.
    func logTransitions() {
        let keep = options.logsTransitions
        var i = 0
        let n = pass.joined.count
        while i < n {
            defer { i += 1 }
            // The record read once and the recognizer lent once: logging registers no recognizer.
            // Whether there is an entry is told before anything is written.
            let s = pass.joined[i]
            let (committed, from, changedAgain) = registry.records.update(s) { b in (b.committed, b.passStartState, b.changedAgain) }
            withRecognizer(s) { r in
                let state = r._state
                guard committed || state == .failed else { return }
                guard state != from || (state == .changed && changedAgain) else { return }
                let sequence = queues.takeSequence()
                if keep {
                    queues.transitions.push(StateTransition()) { t in   // filled in its slot
                        t.sequence = sequence
                        t.timestamp = now
                        t.recognizer = id(of: r)
                        t.from = from
                        t.to = state
                    }
                }
                countTransition(r, from: from, to: state)
            }
        }
    }

    /// Steps 2–6 of the update pass.
    func finishPass() {
        if pass.arbitrationPending { resolve() }   // step 2
        logTransitions()
        cancelTouchesOfCommitted()      // step 3
        sendActions()                   // step 4
        let finished = deliverRemaining()   // step 5
        // Step 6 (changes no record's delivery state), when a recognizer may have finished.
        if pass.resetPending || pass.registeredFinished { resetFinished() }
        if finished { touches.removeFinished() }
        for i in pass.joined.indices { registry.records[pass.joined[i]].joinedPass = false }
        pass.joined.removeAll()
        pass.isRunning = false
        if pass.followUp {
            pass.followUp = false
            let pending = pass.followUpDisable
            pass.followUpDisable.removeAll()
            for s in pending { if let r = registry.recognizers[Int(s)], !r._isEnabled { stopRecognizing(r) } }
            runHostPass {}
        }
    }

    /// A host call that changes recognizer state runs its own pass at the engine's current time.
    func runHostPass(_ body: () -> Void) {
        if pass.isRunning {
            body()
            return
        }
        beginPass(at: now.isFinite ? now : 0)
        body()
        finishPass()
    }

    /// A recognizer's state request, rule 14 applied (`GestureRecognizer.requestState`): the
    /// recognizer joins the pass before the change (with the state it started in), then the change
    /// sets what the rest of the pass reads. The usual case, a change inside a pass and outside a
    /// callback, sets a few flags and returns; the decision log and a host call's own pass are
    /// `noteStateChangedSlowly`'s.
    @inline(__always)
    func changeState(_ r: GestureRecognizer, to next: GestureState) {
        let old = r._state
        // The record lent once, one bounds check for its fields (no recognizer is registered
        // meanwhile, and joining the pass only appends to its list).
        registry.records.update(r.slot) { b in
            if pass.isRunning && !b.joinedPass { joinPass(r.slot, &b, startState: old) }
            if old == .changed { b.changedAgain = true }
            if next == .began { b.passedBegan = true }
            if next != .failed {
                b.needsAction = true
                if next != .possible && !b.committed { pass.arbitrationPending = true }
            }
        }
        r._state = next
        if next.isTerminal { pass.resetPending = true }
        if !pass.isRunning || pass.inCallback || recorders.isLoggingDecisions { noteStateChangedSlowly(r, from: old) }
    }

    private func noteStateChangedSlowly(_ r: GestureRecognizer, from old: GestureState) {
        if recorders.isLoggingDecisions {
            let saved = pass.cause
            if !pass.isRunning || pass.inCallback { pass.cause = .host }
            record(.stateRequested, r, from: old, to: r._state)
            pass.cause = saved
        }
        if pass.isRunning {
            // `changeState` already marked it; a change made from a callback needs a pass of its own.
            if pass.inCallback { pass.followUp = true }
            return
        }
        runHostPass {
            self.joinPass(r)
            registry.records[r.slot].passStartState = old
        }
    }

    /// Step 4: at most one action per recognizer (rule 25), plus the extra `began` of rule 26.
    func sendActions() {
        var k = 0
        while k < pass.joined.count {
            defer { k += 1 }
            // Most recognizers of a pass have no action to send: told by their record alone.
            let s = pass.joined[k]
            // Read before any action is sent (`sendAction` writes `sentBeganAction`).
            let (due, beganOwed) = registry.records.update(s) { b in
                defer { b.needsAction = false }
                return (b.committed && b.needsAction, !b.sentBeganAction && b.passedBegan)
            }
            guard due else { continue }
            withRecognizer(s) { r in
                guard r._state != .possible, r._state != .failed else { return }
                if r.isContinuous && beganOwed && r._state != .began {
                    let real = r._state
                    r._state = .began
                    sendAction(r)
                    r._state = real
                }
                sendAction(r)
            }
        }
    }

    func sendAction(_ r: GestureRecognizer) {
        // Built in its queue slot (no copy of a finished snapshot); nothing else queues an action
        // while it is filled in.
        let sequence = queues.takeSequence()
        queues.actions.push(ActionSnapshot()) { fillAction(&$0, r, sequence) }
        if r._state == .began { registry.records[r.slot].sentBeganAction = true }
        guard !r.targets.isEmpty else { return }
        let action = queues.actions.newest()
        // Iterate over a copy, but call a target only while it is still installed: one target may
        // remove others (their host data may be gone), and targets added now wait for the next action.
        let targets = r.targets
        withHostCallback {
            for t in targets where r.hasTarget(token: t.token) { t.action(r, action) }
        }
    }

    /// Runs host code (a target, a delegate question, a view's touch handler): while it runs the
    /// engine refuses calls that change it (`checkNotBusy`), and a state change made from it gets a
    /// pass of its own. The one place that marks a callback.
    @inline(__always)
    func withHostCallback<R>(_ body: () -> R) -> R {
        let saved = pass.inCallback
        pass.inCallback = true
        defer { pass.inCallback = saved }
        return body()
    }

    /// What an action of `r` says now, with the next sequence number.
    @inline(__always)
    private func fillAction(_ snap: inout ActionSnapshot, _ r: GestureRecognizer, _ sequence: UInt64) {
        snap.sequence = sequence
        snap.timestamp = now
        snap.recognizer = id(of: r)
        snap.view = r.viewSlot >= 0 ? tree.id(ofSlot: r.viewSlot) : nil
        snap.kind = r.kind
        snap.state = r._state
        snap.location = r.windowLocation
        snap.numberOfTouches = r.numberOfTouches
        snap.buttonMask = r.buttonMask.rawValue
        snap.modifierFlags = r.modifierFlags.rawValue
        r.fillSnapshot(&snap)
    }

    /// Step 6 (rule 17). The finished recognizers leave the touch records and the engaged list in
    /// one sweep each, so the step stays linear however many finish in one pass; then each is
    /// reset, in the order they were touched in the pass. Runs only when `resetPending` (or
    /// `registeredFinished`) is set: otherwise no recognizer of the pass finished.
    func resetFinished() {
        pass.resetPending = false
        pass.isResetting = true
        defer { pass.isResetting = false }
        var any = false
        let n = pass.joined.count
        for i in 0..<n {
            withRecognizer(pass.joined[i]) { r in
                // A held-back recognizer keeps its state until it is released or fails (rule 39).
                if r._state.isTerminal && !r.held {
                    registry.records[r.slot].pendingReset = true
                    any = true
                }
            }
        }
        guard any else { return }
        arena.engaged.removeAll { registry.records[$0].pendingReset }
        for k in touches.records.indices {
            touches.records[k].trackers.removeAllInPlace { registry.records[$0].pendingReset }
        }
        for i in 0..<n {
            let s = pass.joined[i]
            let due = registry.records.update(s) { b in
                guard b.pendingReset else { return false }
                b.pendingReset = false
                b.resetRecognition()
                return true
            }
            // Lent, not retained: a reset hook cannot unregister anything (the pass is busy).
            if due { withRecognizer(s) { r in r.resetForEngine() } }
        }
    }

    /// Takes a recognizer off every touch record (it gets no more callbacks for those touches).
    @_optimize(size) func removeFromTouches(_ s: Int32) {
        registry.records[s].frameRecordMask = 0
        for k in touches.records.indices {
            touches.records[k].trackers.removeAllInPlace { $0 == s }
        }
    }

    func dropTouch(of r: GestureRecognizer, serial: UInt64) {
        for k in touches.records.indices where touches.records[k].touch.serial == serial {
            record(.touchIgnored, r, touchID: touches.records[k].touch.id, from: r._state, to: r._state)
            touches.records[k].trackers.removeAllInPlace { $0 == r.slot }
            // Step 1 may be delivering this frame: the record is no longer one of r's.
            for pos in pass.frameRecords.indices where pass.frameRecords[pos] == k && pos < 64 {
                registry.records[r.slot].frameRecordMask &= ~(1 << UInt64(pos))
            }
        }
    }

    /// Fails a recognizer without an action, whatever its own state (exclusion, a failed
    /// requirement, a veto).
    func forceFail(_ r: GestureRecognizer, _ why: DecisionEvent, other: GestureRecognizer? = nil, viewSlot: Int32 = -1) {
        record(why, r, other: other, viewSlot: viewSlot, from: r._state, to: .failed)
        joinPass(r)
        r._state = .failed
        r.held = false
        pass.resetPending = true
        registry.records[r.slot].needsAction = false
        r.deadline = .infinity
        joinPass(r)
    }
}
