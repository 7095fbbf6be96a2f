/// Step 1 of the update pass, the recognizers' side: each recognizer that tracks a touch of the
/// frame gets the frame's touches of each phase (`apply` in `Input.swift` decides who is visited,
/// in rule-10 order), and the engine's copies of its tracked touches are brought up to date.
extension Engine {
    /// Hands `r` the frame's touches of `phase` that it tracks. `mask` is `r`'s
    /// `frameRecordMask`, read again for each phase (a hook that ignores a touch clears its bit).
    func deliverToRecognizer(_ r: GestureRecognizer, mask: UInt64, _ phase: TouchPhase, _ time: Double) {
        guard !r._state.isTerminal else { return }   // finished this pass: no more callbacks
        // The pass's delivery list, lent out while it is filled and handed to the hooks (a swap,
        // not a copy): the hooks may change the pass's other fields meanwhile.
        var list: [Touch] = []
        swap(&list, &pass.scratch)
        defer { swap(&list, &pass.scratch) }
        let useMask = pass.frameRecords.count <= 64
        // The records do not change while the frame is delivered: the touches the previous
        // recognizer was handed are this one's too when it tracks the same records.
        if !(useMask && pass.scratchPhase == phase && pass.scratchMask == mask) {
            list.clearKeepingCapacity()
            var pos = 0
            let n = pass.frameRecords.count
            while pos < n {
                defer { pos += 1 }
                let k = pass.frameRecords[pos]
                guard touches.records[k].framePhase == phase else { continue }
                let tracks = useMask ? mask & (1 << UInt64(pos)) != 0 : touches.records[k].trackers.contains(r.slot)
                if tracks { list.append(touches.records[k].touch) }
            }
            pass.scratchPhase = useMask ? phase : nil
            pass.scratchMask = mask
        }
        guard !list.isEmpty else { return }
        r.modifierFlags = list[list.count - 1].modifiers
        switch phase {
        case .began:
            for t in list {
                r.trackedTouches.append(t)
                engage(r.slot, r._state, serial: t.serial)
            }
            r.touchesBegan(list, at: time)
        case .moved:
            updateTracked(r, list)
            r.touchesMoved(list, at: time)
        case .ended, .cancelled:
            updateTracked(r, list)
            if phase == .ended { r.touchesEnded(list, at: time) } else { r.touchesCancelled(list, at: time) }
            r.lastButtonMask = r.buttonMask
            for t in list { r.trackedTouches.removeAllInPlace { $0.serial == t.serial } }
            if !r.trackedTouches.isEmpty || !list.isEmpty {
                r.lastCentroid = r.trackedTouches.isEmpty ? GestureRecognizer.centroid(of: list)
                                                          : GestureRecognizer.centroid(of: r.trackedTouches)
            }
        case .stationary:
            break
        }
    }

    /// Step 1's usual case, inlined into `apply`: a moved frame whose touches are exactly the
    /// ones `r` tracks (see `movedInPlace`). False when the general path must deliver it.
    /// `mask` is `r`'s `frameRecordMask`.
    @inline(__always)
    func deliverMovedInPlace(_ r: GestureRecognizer, mask: UInt64, _ time: Double) -> Bool {
        guard !r._state.isTerminal, pass.frameRecords.count <= 64, movedInPlace(r, mask: mask) else {
            return false
        }
        r.modifierFlags = r.trackedTouches[r.trackedTouches.count - 1].modifiers
        r.trackedTouchesMoved(at: time)
        return true
    }

    /// The usual moved frame, without the delivery list: when the touches `r` tracks are exactly
    /// the frame's moved touches it tracks, in the same order (a pan's finger, a pinch's two), its
    /// copies are updated straight from the records and `r.trackedTouches` is the list its hook
    /// gets: the same touches, in the same order, as the delivery list would hold. Each touch is
    /// copied once instead of twice. False (with some copies already brought up to date, as the
    /// general path would make them) when the lists differ.
    /// `mask` is `r`'s `frameRecordMask`.
    @inline(__always) func movedInPlace(_ r: GestureRecognizer, mask: UInt64) -> Bool {
        guard mask != 0 else { return false }
        return r.trackedTouches.withUnsafeMutableBufferPointer { tracked in
            var j = 0
            var pos = 0
            let n = pass.frameRecords.count
            while pos < n {
                defer { pos += 1 }
                guard mask & (1 << UInt64(pos)) != 0 else { continue }
                let k = pass.frameRecords[pos]
                guard touches.records[k].framePhase == .moved else { continue }
                guard j < tracked.count, tracked[j].serial == touches.records[k].touch.serial else { return false }
                tracked[j] = touches.records[k].touch
                j += 1
            }
            return j > 0 && j == tracked.count
        }
    }

    /// Replaces the recognizer's copies of the frame's touches. A recognizer tracks a touch once, and
    /// usually in frame order: the touch at the same position is tried before a search.
    private func updateTracked(_ r: GestureRecognizer, _ scratch: [Touch]) {
        scratch.withUnsafeBufferPointer { frame in
            r.trackedTouches.withUnsafeMutableBufferPointer { tracked in
                for j in frame.indices {
                    let serial = frame[j].serial
                    if j < tracked.count && tracked[j].serial == serial {
                        tracked[j] = frame[j]
                    } else if let k = tracked.firstIndex(where: { $0.serial == serial }) {
                        tracked[k] = frame[j]
                    }
                }
            }
        }
    }

    /// Slot `s` (in `state`) tracks the touch `serial`. Not inlined: inlined it would cost
    /// 720 bytes for 2 instructions per event.
    func engage(_ s: Int32, _ state: GestureState, serial: UInt64) {
        registry.records.update(s) { b in
            if b.sequenceSerials.isEmpty {
                arena.engaged.append(s)
                // Step 2 looks only at engaged recognizers out of `possible`: one that left it before
                // it had a touch waits for the arbitration now. (Its later changes set the flag
                // themselves, in `changeState`.)
                if state != .possible && state != .failed { pass.arbitrationPending = true }
                if metrics.counting && Int(s) < metrics.sequenceStart.count { metrics.sequenceStart[Int(s)] = now }
                b.engagedOrder = arena.nextEngagedOrder
                arena.nextEngagedOrder &+= 1
            }
            if b.sequenceSerials.count >= 64 { b.sequenceSerials.remove(at: 0) }
            b.sequenceSerials.append(serial)
        }
    }
}
