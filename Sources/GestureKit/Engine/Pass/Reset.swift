/// Step 6 of the update pass: recognizers that finished are reset (rule 17).
extension Engine {
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
}
