/// The update pass (spec section 0), in step order. Every input frame, timer firing and host call
/// that changes a recognizer runs one:
///
/// 1. recognizers see the frame's touches (`DeliveryToRecognizers.swift`), or a timer's handler
///    runs (`Time.swift`); what they request arrives in `changeState` below;
/// 2. requested transitions are resolved: exclusion, failure requirements (`Arbitration.swift`);
///    then the transition log is written (`logTransitions` below);
/// 3. views get `touchesCancelled` for gestures that recognized or began (`DeliveryToViews.swift`);
/// 4. actions are sent (`Actions.swift`);
/// 5. the remaining view deliveries happen (`DeliveryToViews.swift`);
/// 6. recognizers that finished are reset (`Reset.swift`).
///
/// `finishPass` below is steps 2–6, one call each.
extension Engine {
    /// Step 1 to 6 for one frame the recognizers see.
    func runInputPass(_ frame: [TouchInput], at time: Double) {
        beginPass(at: time)
        pass.cause = .input
        apply(frame, at: time)
        finishPass()
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

    /// Fails a recognizer without an action, whatever its own state (exclusion, a failed
    /// requirement, a veto).
    func forceFail(_ r: GestureRecognizer, _ why: DecisionEvent, other: GestureRecognizer? = nil, viewSlot: Int32 = -1) {
        record(why, r, other: other, viewSlot: viewSlot, from: r._state, to: .failed)
        joinPass(r)
        r._state = .failed
        r.held = false
        pass.resetPending = true
        registry.records[r.slot].needsAction = false
        r.clearTimers()
        joinPass(r)
    }

    /// Steps 2–6 of the update pass.
    func finishPass() {
        if pass.arbitrationPending { resolve() }   // step 2
        logTransitions()
        if !pass.committed.isEmpty { cancelTouchesOfCommitted() }   // step 3, when a gesture was committed
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
                if from == .possible && (state == .began || state == .ended) { pass.gesturesStarted &+= 1 }
            }
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
}
