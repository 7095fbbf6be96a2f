/// Step 2 of the update pass: which requested transitions out of `possible` take effect.
///
/// - Exclusion (rules 33–37): a recognizer that leaves `possible` fails the undecided recognizers
///   that share a touch with it, unless prevention is ruled out (`canPrevent`/`canBePrevented`,
///   rule 31–32) or a delegate allows simultaneity (rule 29). Recognizers leaving `possible` in the
///   same pass are resolved together (rule 35): deeper view first, then rule-10 order.
/// - Failure requirements (rules 38–45): a recognizer that requires another to fail is held back
///   while that one is active, released when it fails, failed when it recognizes or begins.
/// - A cycle of requirements in which every member is held back cannot be released by anyone:
///   the whole cycle fails (documented engine behaviour).
extension Engine {
    private enum RequirementStatus { case clear, waiting, blockerWon }

    /// Runs only when `arbitrationPending` is set (`finishPass` checks it): otherwise no engaged
    /// recognizer waits to leave `possible` and a round would find nothing.
    func resolve() {
        arena.isResolving = true
        defer { arena.isResolving = false }
        var rounds = 0
        defer { arena.ready.removeAll() }
        while rounds < 1_000 {
            rounds += 1
            var progress = false
            var candidates = 0   // engaged recognizers out of `possible` and not committed
            arena.ready.removeAll()
            arena.requirementAnswerers = -1   // counted when first needed in this round
            var k = 0
            while k < arena.engaged.count {
                defer { k += 1 }
                // Most engaged recognizers are committed or undecided: told without lending them.
                let s = arena.engaged[k]
                guard !registry.records[s].committed, let state = withRecognizer(s, { $0._state }),
                      state != .possible, state != .failed else { continue }
                candidates += 1
                withRecognizer(s) { r in
                    if r._state == .cancelled {
                        // Began while held back, then cancelled: no action was ever sent.
                        forceFail(r, .stoppedByHost); progress = true; return
                    }
                    if !registry.records[r.slot].askedShouldBegin {
                        registry.records[r.slot].askedShouldBegin = true
                        if !askShouldBegin(r) { forceFail(r, .vetoedByDelegate); progress = true; return }   // rule 15
                        if let v = viewVeto(r) { forceFail(r, .vetoedByView, viewSlot: v); progress = true; return }   // rule 61
                    }
                    let (status, blocker) = requirementStatus(of: r)
                    switch status {
                    case .blockerWon:
                        forceFail(r, .requiredRecognizerSucceeded, other: blocker); progress = true   // rule 41
                    case .waiting:
                        if !r.held {
                            r.held = true
                            joinPass(r)
                            registry.records[r.slot].heldBy = blocker?.slot ?? -1
                            record(.waitingForFailure, r, other: blocker, from: .possible, to: r._state)
                        }
                    case .clear:
                        arena.ready.append(r.slot)
                    }
                }
            }
            if !arena.ready.isEmpty {
                commitJointly()
                progress = true
            }
            if !progress {
                if anyHeld(), failDeadlockedCycles() { continue }
                if candidates == 0 { pass.arbitrationPending = false }
                break
            }
        }
    }

    private func askShouldBegin(_ r: GestureRecognizer) -> Bool {
        guard let ask = r.shouldBegin else { return true }
        return withHostCallback { ask(r) }
    }

    /// Rule 61: the views the recognizer's touches were hit-tested to may refuse it. Returns the
    /// slot of the first view that says no, or `nil`.
    private func viewVeto(_ r: GestureRecognizer) -> Int32? {
        guard hasViewVetoes else { return nil }
        var asked: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)   // small de-duplication window
        for k in touches.records.indices where touches.records[k].viewSlot >= 0
            && registry.records[r.slot].sequenceSerials.contains(touches.records[k].touch.serial) {
            let v = touches.records[k].viewSlot
            if v == asked.0 || v == asked.1 || v == asked.2 || v == asked.3 { continue }
            asked = (v, asked.0, asked.1, asked.2)
            guard let ask = tree[v].gestureShouldBegin else { continue }
            if !withHostCallback({ ask(tree.id(ofSlot: v), r) }) { return v }
        }
        return nil
    }

    /// Whether `a` and `b` have tracked a common touch since their last resets.
    func overlap(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for s in registry.records[a.slot].sequenceSerials where registry.records[b.slot].sequenceSerials.contains(s) { return true }
        return false
    }

    /// Rules 29, 31, 33: `a` recognizing forces `b` to fail.
    func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard a.canPrevent(b), b.canBePrevented(by: a) else { return false }
        return withHostCallback {
            if let ask = a.shouldRecognizeSimultaneously, ask(a, b) { return false }
            if let ask = b.shouldRecognizeSimultaneously, ask(b, a) { return false }
            return true
        }
    }

    /// Does `a` require `b` to fail, by `require(toFail:)`, a delegate or a subclass (rule 30)?
    /// The delegate and subclass answers are asked once per recognition attempt of `a` (rule 30)
    /// and remembered until `a` is reset. Pairs where neither side can answer such a question
    /// (no delegate question, no subclass that answers) are decided by the explicit list alone,
    /// without asking or remembering anything.
    func requires(_ a: GestureRecognizer, toFail b: GestureRecognizer) -> Bool {
        for x in a.failureRequirements where x === b { return true }
        guard a.mayRequireByQuestion || b.mayBeRequiredByQuestion else { return false }
        let gen = registry.generations[Int(b.slot)]
        for k in registry.records[a.slot].requirementAnswers.indices where registry.records[a.slot].requirementAnswers[k].slot == b.slot {
            if registry.records[a.slot].requirementAnswers[k].generation == gen { return registry.records[a.slot].requirementAnswers[k].answer }
        }
        let answer = askRequirement(a, b)
        registry.records[a.slot].requirementAnswers.append(RequirementAnswer(slot: b.slot, generation: gen, answer: answer))
        return answer
    }

    /// Counts the engaged recognizers that may be required to fail by a question (a delegate's
    /// `shouldBeRequiredToFailBy` or a subclass's `shouldBeRequiredToFail(by:)`), once per round.
    private func countRequirementAnswerers() {
        var n = 0
        for i in 0..<arena.engaged.count {
            if withRecognizer(arena.engaged[i], { $0.mayBeRequiredByQuestion }) == true { n += 1 }
        }
        arena.requirementAnswerers = n
    }

    private func askRequirement(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.shouldRequireFailure(of: b) || b.shouldBeRequiredToFail(by: a) { return true }
        return withHostCallback {
            if let ask = a.shouldRequireFailureOf, ask(a, b) { return true }
            if let ask = b.shouldBeRequiredToFailBy, ask(b, a) { return true }
            return false
        }
    }

    /// Rule 42: B is active when enabled, attached, not finished, and involved in a touch
    /// sequence since its reset.
    private func isActive(_ b: GestureRecognizer) -> Bool {
        b._isEnabled && b.viewSlot >= 0 && b._state != .failed && !registry.records[b.slot].sequenceSerials.isEmpty
    }

    /// Every recognizer that can block `a` is active, and every active recognizer is engaged, so
    /// asking about the engaged ones covers explicit, delegate and subclass requirements alike.
    /// The first blocker in engaged order is reported (for the decision log).
    ///
    /// When neither `a` nor any engaged recognizer can answer a requirement question, only `a`'s
    /// explicit requirements can block it: those are checked alone, so that the cost stays linear
    /// when many recognizers see one touch.
    private func requirementStatus(of a: GestureRecognizer) -> (RequirementStatus, GestureRecognizer?) {
        if arena.requirementAnswerers < 0 { countRequirementAnswerers() }
        if !a.mayRequireByQuestion && arena.requirementAnswerers == 0 {
            var won: GestureRecognizer?
            var waiting: GestureRecognizer?
            for b in a.failureRequirements where b !== a && b.isHosted(by: self) && registry.records[b.slot].sequenceSerials.count > 0 {
                switch statusAgainst(b) {
                case .blockerWon: if won == nil || registry.records[b.slot].engagedOrder < registry.records[won!.slot].engagedOrder { won = b }
                case .waiting: if waiting == nil || registry.records[b.slot].engagedOrder < registry.records[waiting!.slot].engagedOrder { waiting = b }
                case .clear: break
                }
            }
            if let won { return (.blockerWon, won) }
            if let waiting { return (.waiting, waiting) }
            return (.clear, nil)
        }
        var status = RequirementStatus.clear
        var blocker: GestureRecognizer?
        for i in 0..<arena.engaged.count {
            guard let b = registry.recognizers[Int(arena.engaged[i])], b !== a, requires(a, toFail: b) else { continue }
            switch statusAgainst(b) {
            case .blockerWon: return (.blockerWon, b)
            case .waiting:
                if status == .clear { blocker = b }
                status = .waiting
            case .clear: break
            }
        }
        return (status, blocker)
    }

    private func statusAgainst(_ b: GestureRecognizer) -> RequirementStatus {
        guard b.isHosted(by: self), isActive(b) else { return .clear }
        if registry.records[b.slot].committed {
            // Rule 43: a recognizer already in progress is waited for; once it ended or was
            // cancelled, it has won.
            return b._state.isInProgress ? .waiting : .blockerWon
        }
        return .waiting   // possible, or itself held back
    }

    private func anyHeld() -> Bool {
        for i in 0..<arena.engaged.count {
            if withRecognizer(arena.engaged[i], { $0.held }) == true { return true }
        }
        return false
    }

    /// Rule 35 and then rule 33 for the recognizers ready to leave `possible` in this round
    /// (`arena.ready`). Linear in the engaged recognizers when one of the ready ones wins: the
    /// committed ones are listed once, the search for a winner stops at the first, and the
    /// tie-break is O(1).
    private func commitJointly() {
        // By slot, lending each recognizer for the questions (no reference counting per pair).
        arena.active.removeAll(); arena.beatenBy.removeAll(); arena.winners.removeAll()
        // Rule 37's candidates: the engaged recognizers already in progress (or finished), in order.
        for i in 0..<arena.engaged.count {
            let s = arena.engaged[i]
            if registry.records[s].committed, withRecognizer(s, { $0._state != .failed }) == true { arena.active.append(s) }
        }
        for i in arena.ready.indices {
            let cs = arena.ready[i]
            let found: Int32? = withRecognizer(cs) { c in
                // Rule 37: an active recognizer blocks a later one.
                for j in 0..<arena.active.count {
                    let a = arena.active[j]
                    if a != cs, withRecognizer(a, { overlap($0, c) && prevents($0, c) }) == true { return a }
                }
                for j in arena.ready.indices {
                    let a = arena.ready[j]
                    if a != cs, withRecognizer(a, { a in
                        overlap(a, c) && prevents(a, c) && (!prevents(c, a) || wins(a, over: c))
                    }) == true { return a }
                }
                return -1
            }
            guard let winner = found else { continue }   // a free slot: nothing to decide
            registry.records[cs].arbitrationLoss = -1
            if winner >= 0 {
                registry.records[cs].arbitrationLoss = Int32(arena.beatenBy.count)
                arena.beatenBy.append(winner)
            }
        }
        for i in arena.ready.indices {
            let cs = arena.ready[i]
            withRecognizer(cs) { c in
                let loss = registry.records[cs].arbitrationLoss
                if loss >= 0 {
                    withRecognizer(arena.beatenBy[Int(loss)]) { w in forceFail(c, .preventedBy, other: w) }
                    registry.records[cs].arbitrationLoss = -1
                    return
                }
                commit(c)
                arena.winners.append(cs)
            }
        }
        // Rule 33: each winner fails the undecided recognizers it prevents.
        for i in 0..<arena.winners.count {
            withRecognizer(arena.winners[i]) { w in
                var k = 0
                while k < arena.engaged.count {
                    defer { k += 1 }
                    let bs = arena.engaged[k]
                    guard bs != w.slot, !registry.records[bs].committed else { continue }
                    withRecognizer(bs) { b in
                        guard b._state != .failed, overlap(w, b), prevents(w, b) else { return }
                        forceFail(b, .preventedBy, other: w)
                    }
                }
            }
        }
    }

    /// Rule 35's tie-break between mutually preventing recognizers: deeper view, then rule-10
    /// order (attachment order on one view, the order they became involved otherwise).
    private func wins(_ a: GestureRecognizer, over c: GestureRecognizer) -> Bool {
        let da = a.viewSlot >= 0 ? tree[a.viewSlot].depth : -1
        let dc = c.viewSlot >= 0 ? tree[c.viewSlot].depth : -1
        if da != dc { return da > dc }
        if a.viewSlot == c.viewSlot && a.viewSlot >= 0 { return registry.records[a.slot].attachOrder < registry.records[c.slot].attachOrder }
        return registry.records[a.slot].engagedOrder < registry.records[c.slot].engagedOrder
    }

    private func commit(_ r: GestureRecognizer) {
        joinPass(r)
        let wasHeld = r.held
        r.held = false
        if wasHeld { pass.resetPending = true }   // a held-back tap that ended is reset once released
        registry.records[r.slot].committed = true
        registry.records[r.slot].needsAction = true
        if wasHeld {
            registry.records[r.slot].passStartState = .possible   // the transition log shows the release as leaving possible
            let waitedFor = registry.records[r.slot].heldBy >= 0 ? registry.recognizers[Int(registry.records[r.slot].heldBy)] : nil
            record(.released, r, other: waitedFor, from: .possible, to: r._state)
            r.didReleaseFromFailureRequirement(at: now)
        }
        record(.accepted, r, from: .possible, to: r._state)
        pass.committed.append(r.slot)
    }

    /// Fails every held-back recognizer whose blockers are all held back themselves (a cycle of
    /// requirements that nothing else can resolve). Returns whether anything failed.
    @_optimize(size) private func failDeadlockedCycles() -> Bool {
        var doomed: [GestureRecognizer] = []
        for i in 0..<arena.engaged.count {
            guard let a = registry.recognizers[Int(arena.engaged[i])], a.held else { continue }
            var allHeld = true
            var any = false
            for j in 0..<arena.engaged.count {
                guard let b = registry.recognizers[Int(arena.engaged[j])], b !== a, requires(a, toFail: b), isActive(b) else { continue }
                any = true
                if !b.held { allHeld = false }
            }
            if any && allHeld { doomed.append(a) }
        }
        for a in doomed { forceFail(a, .requirementCycle) }
        return !doomed.isEmpty
    }
}
