/// Step 1 of the update pass: the frame's touches update their records (a new touch is hit-tested
/// once and its tracking set fixed, rule 4), then each recognizer that tracks one of them gets the
/// frame's touches of each phase, once per pass, in rule-10 order; the engine's copies of its
/// tracked touches are brought up to date. Also how a recognizer leaves a touch.
extension Engine {
    func apply(_ input: [TouchInput], at time: Double) {
        // No record's `framePhase` needs clearing: step 1 reads it only through `pass.frameRecords`, and
        // each of those records is given this frame's phase below (a touch is listed once per frame).
        pass.scratchPhase = nil
        // Update or create the records; `pass.frameRecords` maps the frame to them once, for step 1.
        pass.frameRecords.removeAll()
        // Lifted touches waiting for their view's `ended` give way to new ones (rare: one compare).
        if touches.records.count + input.count > options.maximumTouches * 2 { settleOldestWithheld(toAdmit: input) }
        // Which phases this frame has at all: most frames only move touches.
        var phases: UInt8 = 0
        for t in input {
            if t.phase == .began {
                beginTouch(t, at: time)
                pass.frameRecords.append(touches.records.count - 1)
                phases |= 1 << TouchPhase.began.rawValue
                continue
            }
            let k = touches.downRecord(id: t.id, press: t.type == .press)
            guard k >= 0 else { continue }
            pass.frameRecords.append(k)
            phases |= 1 << t.phase.rawValue
            Engine.update(&touches.records[k], with: t, at: time)
        }
        // Step 1: the recognizers see the touches, each recognizer once, in rule-10 order. The
        // pass's list of joined recognizers (empty until now) doubles as the visit list and removes duplicates.
        // Each visited recognizer also notes which of the frame's records it tracks (a bit per
        // record for the first 64), so that delivering to it does not search every tracker list.
        let first = pass.joined.count
        for pos in pass.frameRecords.indices {
            let k = pass.frameRecords[pos]
            let bit: UInt64 = pos < 64 ? 1 << UInt64(pos) : 0
            // The touch record and each recognizer's record lent in place: joining the pass adds
            // no touch record and registers no recognizer.
            touches.records.update(k) { rec in
                var j = 0
                let n = rec.trackers.count
                while j < n {
                    let s = rec.trackers[j]
                    registry.records.update(s) { b in
                        if !b.joinedPass, let state = withRecognizer(s, { $0._state }) {
                            joinPass(s, &b, startState: state)
                        }
                        b.frameRecordMask |= bit
                    }
                    j += 1
                }
            }
        }
        let end = pass.joined.count
        var i = first
        while i < end {
            withRecognizer(pass.joined[i]) { r in
                if phases & (1 << TouchPhase.began.rawValue) != 0 { deliverToRecognizer(r, .began, time) }
                if phases & (1 << TouchPhase.moved.rawValue) != 0 && !deliverMovedInPlace(r, time) {
                    deliverToRecognizer(r, .moved, time)
                }
                if phases & (1 << TouchPhase.ended.rawValue) != 0 { deliverToRecognizer(r, .ended, time) }
                if phases & (1 << TouchPhase.cancelled.rawValue) != 0 { deliverToRecognizer(r, .cancelled, time) }
                registry.records[r.slot].frameRecordMask = 0
            }
            i += 1
        }
    }

    /// A down touch's record takes the frame's report of it. Through one `inout` access: the
    /// record is updated in place (a copy would retain its tracker list), and the array is checked
    /// for uniqueness once instead of once per field.
    private static func update(_ rec: inout TouchRecord, with t: TouchInput, at time: Double) {
        rec.framePhase = t.phase
        rec.touch.phase = t.phase
        switch t.phase {
        case .moved:
            rec.touch.previousLocation = rec.touch.location
            rec.touch.location = t.location
            rec.touch.timestamp = time
            rec.touch.force = t.force
            rec.touch.majorRadius = t.majorRadius
            if rec.touch.type == .indirectPointer { rec.touch.buttons = t.buttons }
            rec.touch.modifiers = t.modifiers
        case .ended, .cancelled:
            if t.location.isWindowPoint && t.location != rec.touch.location {
                rec.touch.previousLocation = rec.touch.location
                rec.touch.location = t.location
            }
            rec.touch.timestamp = time
            rec.touch.modifiers = t.modifiers
            rec.isDown = false
            rec.endPhase = t.phase
        default:
            break
        }
    }

    private func beginTouch(_ t: TouchInput, at time: Double) {
        let serial = touches.nextSerial
        touches.nextSerial &+= 1
        // A press goes to the focused view; a touch to the view under it (rules 1–3).
        let hit: Int32? = t.type == .press ? (touches.focusedSlot >= 0 ? touches.focusedSlot : nil) : tree.hitTest(t.location)
        var touch = Touch(id: t.id, serial: serial, phase: .began, type: t.type, location: t.location,
                          previousLocation: t.location, startLocation: t.location, timestamp: time,
                          startTimestamp: time, view: nil)
        touch.force = t.force
        touch.majorRadius = t.majorRadius
        touch.buttons = t.type == .indirectPointer ? t.buttons : []
        touch.modifiers = t.modifiers
        touch.pressType = t.pressType
        var rec = TouchRecord(touch: touch, trackers: touches.trackerPool.popLast())
        rec.framePhase = .began
        if let hit {
            touch.view = tree.id(ofSlot: hit)
            rec.touch = touch
            rec.viewSlot = hit
            rec.viewReceives = t.type == .press || viewAccepts(newTouchOn: hit)
            // Rule 4: the tracking set is fixed now — the hit view's recognizers, then each
            // ancestor's, each view's in attachment order (rule 10).
            var v = hit
            while v >= 0 {
                // By index, each recognizer lent (not retained): the view's list cannot change
                // meanwhile (the delegate's question runs as a callback, which refuses edits).
                var j = 0
                while j < tree[v].recognizers.count {
                    let s = tree[v].recognizers[j]
                    j += 1
                    withRecognizer(s) { r in
                        guard r._isEnabled else { return }   // rule 5
                        if t.type == .press {
                            guard r.allowedPressTypes.allows(t.pressType) else { return }
                        } else {
                            guard r.tracksTouches, r.allowedTouchTypes.allows(t.type) else { return }
                        }
                        if r.requiresExclusiveTouchType, let first = r.trackedTouches.first, first.type != t.type { return }
                        if let ask = r.shouldReceive {
                            let ok = withHostCallback {
                                pass.isAskingDelegate = true   // a question: state requests are refused in it
                                defer { pass.isAskingDelegate = false }
                                return ask(r, touch)
                            }
                            if !ok {   // rule 6
                                record(.touchRefused, r, viewSlot: hit, touchID: t.id)
                                return
                            }
                        }
                        rec.trackers.append(s)
                        record(.touchTracked, r, viewSlot: hit, touchID: t.id, from: r._state, to: r._state)
                    }
                }
                v = tree[v].parent
            }
        }
        touches.records.append(rec)
    }

    /// Rules 8 and 9: whether the hit view receives a new touch.
    private func viewAccepts(newTouchOn v: Int32) -> Bool {
        let multiple = tree[v].isMultipleTouchEnabled
        let exclusive = tree[v].isExclusiveTouch
        for k in touches.records.indices where touches.records[k].isDown && touches.records[k].viewReceives {
            let other = touches.records[k].viewSlot
            guard other >= 0 else { continue }
            if other == v && !multiple { return false }
            if other != v && (exclusive || tree[other].isExclusiveTouch) { return false }
        }
        return true
    }

    /// Hands `r` the frame's touches of `phase` that it tracks.
    func deliverToRecognizer(_ r: GestureRecognizer, _ phase: TouchPhase, _ time: Double) {
        guard !r._state.isTerminal else { return }   // finished this pass: no more callbacks
        // Read for each phase: a hook that ignored a touch in the previous phase cleared its bit.
        let mask = registry.records[r.slot].frameRecordMask
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
            if r.landingWindow > 0 { r.updateLandingWindow(landed: true, at: time) }
        case .moved:
            updateTracked(r, list)
            r.touchesMoved(list, at: time)
        case .ended, .cancelled:
            updateTracked(r, list)
            if phase == .ended { r.touchesEnded(list, at: time) } else { r.touchesCancelled(list, at: time) }
            r.lastButtonMask = r.buttonMask
            for t in list { r.trackedTouches.removeAllInPlace { $0.serial == t.serial } }
            if r.landingWindow > 0 { r.updateLandingWindow(landed: false, at: time) }
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
    @inline(__always)
    func deliverMovedInPlace(_ r: GestureRecognizer, _ time: Double) -> Bool {
        guard !r._state.isTerminal, pass.frameRecords.count <= 64,
              movedInPlace(r, mask: registry.records[r.slot].frameRecordMask) else {
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
}
