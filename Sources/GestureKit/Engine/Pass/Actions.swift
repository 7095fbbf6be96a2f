/// Step 4 of the update pass: at most one action per recognizer (rule 25), written in its queue slot,
/// and handed to the recognizer's targets.
extension Engine {
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

    /// Queues `r`'s action, built in its queue slot (no copy of a finished snapshot), and hands a
    /// copy to its targets, if it has any.
    func sendAction(_ r: GestureRecognizer) {
        // Read before the push: the fill cannot read `queues` while it writes into its slot.
        let sequence = queues.takeSequence()
        let tag = queues.handleTag
        queues.actions.push(ActionSnapshot()) { fillAction(&$0, r, sequence, tag) }
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

    /// What an action of `r` says now, numbered `sequence`, with C handles tagged `tag`.
    @inline(__always)
    private func fillAction(_ snap: inout ActionSnapshot, _ r: GestureRecognizer, _ sequence: UInt64, _ tag: UInt64) {
        snap.sequence = sequence
        snap.timestamp = now
        let id = id(of: r)
        snap.recognizerHandle = HandleBits.handle(tag: tag, index: id.index, generation: id.generation)
        if r.viewSlot >= 0 {
            let v = tree.id(ofSlot: r.viewSlot)
            snap.viewHandle = HandleBits.handle(tag: tag, index: v.index, generation: v.generation)
        }
        snap.kind = r.kind
        snap.state = r._state
        snap.location = r.windowLocation
        snap.numberOfTouches = r.numberOfTouches
        snap.buttonMask = r.buttonMask.rawValue
        snap.modifierFlags = r.modifierFlags.rawValue
        r.fillSnapshot(&snap)
    }
}
