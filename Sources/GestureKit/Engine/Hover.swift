/// Pointer hover events (rule 108): they drive hover recognizers only, in update passes of their
/// own, and never reach views or other recognizers.
extension Engine {
    /// Feeds one hover event of the pointer at `location` (window coordinates). Timers due at or
    /// before `time` fire first. `enter` and `move` both place the pointer (a `move` without an
    /// `enter` counts as one); `exit` ends every hover gesture in progress, and its location may
    /// be non-finite to mean "where it was".
    ///
    /// Hover recognizers on the view under the pointer and on its ancestors begin, the ones in
    /// progress change, and the ones whose view the pointer left end.
    @_optimize(size) public func hover(time: Double, phase: HoverPhase, location: Point, type: TouchType = .indirectPointer,
                      modifiers: ModifierFlags = []) throws(EngineError) {
        try checkNotBusy()
        guard Engine.isRepresentable(time) else { throw .invalidArgument }
        guard time >= now else { throw .timeWentBackwards }
        guard type != .direct else { throw .invalidArgument }   // fingers do not hover
        let valid = location.isWindowPoint
        guard valid || phase == .exit else { throw .invalidArgument }
        let p = valid ? location : touches.hoverLocation
        recordEvent(.hover, time, location: p, hover: phase, type: type)
        fireTimers(upTo: time)
        now = time
        beginPass(at: time)
        pass.cause = .input
        pass.frameRecords.removeAll()
        touches.hoverLocation = p
        let hit = phase == .exit ? nil : tree.hitTest(p)

        // Hover gestures in progress: changed while the pointer is over their view, else ended.
        for s in touches.hovering {
            guard let r = registry.recognizers[Int(s)] as? HoverGestureRecognizer, r._state.isInProgress else { continue }
            joinPass(r)
            if let hit, r.viewSlot >= 0, tree.isAncestor(r.viewSlot, of: hit) {
                r.pointerIsOver(p, modifiers: modifiers)
            } else {
                r.pointerLeft(p, modifiers: modifiers)
            }
        }
        // New hover gestures on the views under the pointer, deepest first (rule 10).
        if var v = hit {
            while v >= 0 {
                for s in tree[v].recognizers {
                    guard let r = registry.recognizers[Int(s)] as? HoverGestureRecognizer, r._isEnabled,
                          r.allowedTouchTypes.allows(type), r._state == .possible, registry.records[r.slot].sequenceSerials.isEmpty else { continue }
                    // Each hover gesture is its own "touch sequence": it shares no touch with anyone.
                    engage(r.slot, r._state, serial: touches.nextSerial)
                    touches.nextSerial &+= 1
                    joinPass(r)
                    r.pointerIsOver(p, modifiers: modifiers)
                    if !touches.hovering.contains(s) { touches.hovering.append(s) }
                }
                v = tree[v].parent
            }
        }
        finishPass()
        touches.hovering.removeAllInPlace { s in
            guard let r = registry.recognizers[Int(s)] else { return true }
            return !r._state.isInProgress
        }
    }
}
