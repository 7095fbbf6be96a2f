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
        isResolving = true
        defer { isResolving = false }
        var rounds = 0
        defer { readySlots.removeAll() }
        while rounds < 1_000 {
            rounds += 1
            var progress = false
            var candidates = 0   // engaged recognizers out of `possible` and not committed
            readySlots.removeAll()
            requirementAnswerers = -1   // counted when first needed in this round
            var k = 0
            while k < engaged.count {
                defer { k += 1 }
                // Most engaged recognizers are committed or undecided: told without lending them.
                let s = engaged[k]
                guard !bookkeeping[s].committed, let state = withRecognizer(s, { $0._state }),
                      state != .possible, state != .failed else { continue }
                candidates += 1
                withRecognizer(s) { r in
                    if r._state == .cancelled {
                        // Began while held back, then cancelled: no action was ever sent.
                        forceFail(r, .stoppedByHost); progress = true; return
                    }
                    if !bookkeeping[r.slot].askedShouldBegin {
                        bookkeeping[r.slot].askedShouldBegin = true
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
                            markDirty(r)
                            bookkeeping[r.slot].heldBy = blocker?.slot ?? -1
                            record(.waitingForFailure, r, other: blocker, from: .possible, to: r._state)
                        }
                    case .clear:
                        readySlots.append(r.slot)
                    }
                }
            }
            if !readySlots.isEmpty {
                commitJointly()
                progress = true
            }
            if !progress {
                if anyHeld(), failDeadlockedCycles() { continue }
                if candidates == 0 { arbitrationPending = false }
                break
            }
        }
    }

    private func askShouldBegin(_ r: GestureRecognizer) -> Bool {
        guard let ask = r.shouldBegin else { return true }
        isInCallback = true
        let ok = ask(r)
        isInCallback = false
        return ok
    }

    /// Rule 61: the views the recognizer's touches were hit-tested to may refuse it. Returns the
    /// slot of the first view that says no, or `nil`.
    private func viewVeto(_ r: GestureRecognizer) -> Int32? {
        guard hasViewVetoes else { return nil }
        var asked: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)   // small de-duplication window
        for k in touchRecords.indices where touchRecords[k].viewSlot >= 0
            && bookkeeping[r.slot].sequenceSerials.contains(touchRecords[k].touch.serial) {
            let v = touchRecords[k].viewSlot
            if v == asked.0 || v == asked.1 || v == asked.2 || v == asked.3 { continue }
            asked = (v, asked.0, asked.1, asked.2)
            guard let ask = tree[v].gestureShouldBegin else { continue }
            isInCallback = true
            let ok = ask(tree.id(ofSlot: v), r)
            isInCallback = false
            if !ok { return v }
        }
        return nil
    }

    /// Whether `a` and `b` have tracked a common touch since their last resets.
    func overlap(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for s in bookkeeping[a.slot].sequenceSerials where bookkeeping[b.slot].sequenceSerials.contains(s) { return true }
        return false
    }

    /// Rules 29, 31, 33: `a` recognizing forces `b` to fail.
    func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard a.canPrevent(b), b.canBePrevented(by: a) else { return false }
        isInCallback = true
        defer { isInCallback = false }
        if let ask = a.shouldRecognizeSimultaneously, ask(a, b) { return false }
        if let ask = b.shouldRecognizeSimultaneously, ask(b, a) { return false }
        return true
    }

    /// Does `a` require `b` to fail, by `require(toFail:)`, a delegate or a subclass (rule 30)?
    /// The delegate and subclass answers are asked once per recognition attempt of `a` (rule 30)
    /// and remembered until `a` is reset. Pairs where neither side can answer such a question
    /// (no delegate question, no subclass that answers) are decided by the explicit list alone,
    /// without asking or remembering anything.
    func requires(_ a: GestureRecognizer, toFail b: GestureRecognizer) -> Bool {
        for x in a.failureRequirements where x === b { return true }
        guard a.mayRequireByQuestion || b.mayBeRequiredByQuestion else { return false }
        let gen = recognizerGenerations[Int(b.slot)]
        for k in bookkeeping[a.slot].requirementAnswers.indices where bookkeeping[a.slot].requirementAnswers[k].slot == b.slot {
            if bookkeeping[a.slot].requirementAnswers[k].generation == gen { return bookkeeping[a.slot].requirementAnswers[k].answer }
        }
        let answer = askRequirement(a, b)
        bookkeeping[a.slot].requirementAnswers.append(RequirementAnswer(slot: b.slot, generation: gen, answer: answer))
        return answer
    }

    /// Counts the engaged recognizers that may be required to fail by a question (a delegate's
    /// `shouldBeRequiredToFailBy` or a subclass's `shouldBeRequiredToFail(by:)`), once per round.
    private func countRequirementAnswerers() {
        var n = 0
        for i in 0..<engaged.count {
            if withRecognizer(engaged[i], { $0.mayBeRequiredByQuestion }) == true { n += 1 }
        }
        requirementAnswerers = n
    }

    private func askRequirement(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.shouldRequireFailure(of: b) || b.shouldBeRequiredToFail(by: a) { return true }
        isInCallback = true
        defer { isInCallback = false }
        if let ask = a.shouldRequireFailureOf, ask(a, b) { return true }
        if let ask = b.shouldBeRequiredToFailBy, ask(b, a) { return true }
        return false
    }

    /// Rule 42: B is active when enabled, attached, not finished, and involved in a touch
    /// sequence since its reset.
    private func isActive(_ b: GestureRecognizer) -> Bool {
        b._isEnabled && b.viewSlot >= 0 && b._state != .failed && !bookkeeping[b.slot].sequenceSerials.isEmpty
    }

    /// Every recognizer that can block `a` is active, and every active recognizer is engaged, so
    /// asking about the engaged ones covers explicit, delegate and subclass requirements alike.
    /// The first blocker in engaged order is reported (for the decision log).
    ///
    /// When neither `a` nor any engaged recognizer can answer a requirement question, only `a`'s
    /// explicit requirements can block it: those are checked alone, so that the cost stays linear
    /// when many recognizers see one touch.
    private func requirementStatus(of a: GestureRecognizer) -> (RequirementStatus, GestureRecognizer?) {
        if requirementAnswerers < 0 { countRequirementAnswerers() }
        if !a.mayRequireByQuestion && requirementAnswerers == 0 {
            var won: GestureRecognizer?
            var waiting: GestureRecognizer?
            for b in a.failureRequirements where b !== a && b.isHosted(by: self) && bookkeeping[b.slot].sequenceSerials.count > 0 {
                switch statusAgainst(b) {
                case .blockerWon: if won == nil || bookkeeping[b.slot].engagedOrder < bookkeeping[won!.slot].engagedOrder { won = b }
                case .waiting: if waiting == nil || bookkeeping[b.slot].engagedOrder < bookkeeping[waiting!.slot].engagedOrder { waiting = b }
                case .clear: break
                }
            }
            if let won { return (.blockerWon, won) }
            if let waiting { return (.waiting, waiting) }
            return (.clear, nil)
        }
        var status = RequirementStatus.clear
        var blocker: GestureRecognizer?
        for i in 0..<engaged.count {
            guard let b = recognizers[Int(engaged[i])], b !== a, requires(a, toFail: b) else { continue }
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
        if bookkeeping[b.slot].committed {
            // Rule 43: a recognizer already in progress is waited for; once it ended or was
            // cancelled, it has won.
            return b._state.isInProgress ? .waiting : .blockerWon
        }
        return .waiting   // possible, or itself held back
    }

    private func anyHeld() -> Bool {
        for i in 0..<engaged.count {
            if withRecognizer(engaged[i], { $0.held }) == true { return true }
        }
        return false
    }

    /// Rule 35 and then rule 33 for the recognizers ready to leave `possible` in this round
    /// (`readySlots`). Linear in the engaged recognizers when one of the ready ones wins: the
    /// committed ones are listed once, the search for a winner stops at the first, and the
    /// tie-break is O(1).
    private func commitJointly() {
        // By slot, lending each recognizer for the questions (no reference counting per pair).
        activeSlots.removeAll(); beatenBySlots.removeAll(); winnerSlots.removeAll()
        // Rule 37's candidates: the engaged recognizers already in progress (or finished), in order.
        for i in 0..<engaged.count {
            let s = engaged[i]
            if bookkeeping[s].committed, withRecognizer(s, { $0._state != .failed }) == true { activeSlots.append(s) }
        }
        for i in readySlots.indices {
            let cs = readySlots[i]
            let found: Int32? = withRecognizer(cs) { c in
                // Rule 37: an active recognizer blocks a later one.
                for j in 0..<activeSlots.count {
                    let a = activeSlots[j]
                    if a != cs, withRecognizer(a, { overlap($0, c) && prevents($0, c) }) == true { return a }
                }
                for j in readySlots.indices {
                    let a = readySlots[j]
                    if a != cs, withRecognizer(a, { a in
                        overlap(a, c) && prevents(a, c) && (!prevents(c, a) || wins(a, over: c))
                    }) == true { return a }
                }
                return -1
            }
            guard let winner = found else { continue }   // a free slot: nothing to decide
            bookkeeping[cs].arbitrationLoss = -1
            if winner >= 0 {
                bookkeeping[cs].arbitrationLoss = Int32(beatenBySlots.count)
                beatenBySlots.append(winner)
            }
        }
        for i in readySlots.indices {
            let cs = readySlots[i]
            withRecognizer(cs) { c in
                let loss = bookkeeping[cs].arbitrationLoss
                if loss >= 0 {
                    withRecognizer(beatenBySlots[Int(loss)]) { w in forceFail(c, .preventedBy, other: w) }
                    bookkeeping[cs].arbitrationLoss = -1
                    return
                }
                commit(c)
                winnerSlots.append(cs)
            }
        }
        // Rule 33: each winner fails the undecided recognizers it prevents.
        for i in 0..<winnerSlots.count {
            withRecognizer(winnerSlots[i]) { w in
                var k = 0
                while k < engaged.count {
                    defer { k += 1 }
                    let bs = engaged[k]
                    guard bs != w.slot, !bookkeeping[bs].committed else { continue }
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
        if a.viewSlot == c.viewSlot && a.viewSlot >= 0 { return bookkeeping[a.slot].attachOrder < bookkeeping[c.slot].attachOrder }
        return bookkeeping[a.slot].engagedOrder < bookkeeping[c.slot].engagedOrder
    }

    private func commit(_ r: GestureRecognizer) {
        markDirty(r)
        let wasHeld = r.held
        r.held = false
        if wasHeld { resetPending = true }   // a held-back tap that ended is reset once released
        bookkeeping[r.slot].committed = true
        bookkeeping[r.slot].needsAction = true
        if wasHeld {
            bookkeeping[r.slot].passStartState = .possible   // the transition log shows the release as leaving possible
            let waitedFor = bookkeeping[r.slot].heldBy >= 0 ? recognizers[Int(bookkeeping[r.slot].heldBy)] : nil
            record(.released, r, other: waitedFor, from: .possible, to: r._state)
            r.didReleaseFromFailureRequirement(at: now)
        }
        record(.accepted, r, from: .possible, to: r._state)
        committedThisPass.append(r.slot)
    }

    /// Fails every held-back recognizer whose blockers are all held back themselves (a cycle of
    /// requirements that nothing else can resolve). Returns whether anything failed.
    @_optimize(size) private func failDeadlockedCycles() -> Bool {
        var doomed: [GestureRecognizer] = []
        for i in 0..<engaged.count {
            guard let a = recognizers[Int(engaged[i])], a.held else { continue }
            var allHeld = true
            var any = false
            for j in 0..<engaged.count {
                guard let b = recognizers[Int(engaged[j])], b !== a, requires(a, toFail: b), isActive(b) else { continue }
                any = true
                if !b.held { allHeld = false }
            }
            if any && allHeld { doomed.append(a) }
        }
        for a in doomed { forceFail(a, .requirementCycle) }
        return !doomed.isEmpty
    }
}
