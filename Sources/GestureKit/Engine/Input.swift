/// Touch input: validating a frame, updating the touch records (hit-testing new touches once),
/// and choosing who sees the frame (step 1 of the update pass, `UpdatePass.swift`); handing each
/// recognizer its touches is in `RecognizerDelivery.swift`.
extension Engine {
    /// Feeds one input frame: the touches that changed at `time` (host seconds). Touches that are
    /// down and not listed are stationary. Timers due at or before `time` fire first.
    ///
    /// The frame is validated as a whole before anything happens: on error nothing changed.
    public func feed(time: Double, touches input: [TouchInput]) throws(EngineError) {
        try feedFrame(time: time, input)
    }

    /// `feed(time:touches:)` for a frame the caller keeps in a stored property (the C face's
    /// reusable frame buffer): lent in place, so the call does not retain and release it.
    func feed(time: Double, frame: inout [TouchInput]) throws(EngineError) {
        try feedFrame(time: time, frame)
    }

    private func feedFrame(time: Double, _ input: [TouchInput]) throws(EngineError) {
        do {
            try validate(time: time, input)
        } catch {
            countRejected(error)
            throw error
        }
        if metrics.counting {
            metrics.frames &+= 1
            for t in input where t.phase == .began && t.type != .press { metrics.touchesBegan &+= 1 }
        }
        // The flight recorder keeps a cancel-all as one event, not as the frame it expands to.
        if pass.isCancellingAll { recordEvent(.cancelAll, time) } else { recordFrame(time, input) }
        if modes.screenReaderOn {
            feedScreenReader(time: time, input)
            return
        }
        if modes.filtersActive {
            feedThroughFilters(time: time, input)
            return
        }
        fireTimers(upTo: time)
        now = time
        runInputPass(input, at: time)
    }

    /// Step 1 to 6 for one frame the recognizers see.
    func runInputPass(_ frame: [TouchInput], at time: Double) {
        beginPass(at: time)
        pass.cause = .input
        apply(frame, at: time)
        finishPass()
    }

    func validate(time: Double, _ input: [TouchInput]) throws(EngineError) {
        try checkNotBusy()
        guard time.isFinite else { throw .invalidArgument }
        guard time >= now else { throw .timeWentBackwards }
        guard input.count <= Engine.maximumFrameTouches else { throw .capacityExceeded }
        var began = 0
        for (k, t) in input.enumerated() {
            var j = 0
            while j < k {
                if input[j].id == t.id && (input[j].type == .press) == (t.type == .press) { throw .touchAlreadyDown }
                j += 1
            }
            // With the filters on, the host's touches are the filter's (it may hold some back).
            let down = modes.screenReaderOn && t.type != .press ? modes.screenReader.index(of: t.id) >= 0
                : modes.filtersActive && t.type != .press ? modes.inputFilter.rawIndex(t.id) >= 0
                : touches.downRecord(id: t.id, press: t.type == .press) >= 0
            switch t.phase {
            case .began:
                guard t.location.isWindowPoint else { throw .invalidArgument }
                guard validExtras(t) else { throw .invalidArgument }
                guard !down else { throw .touchAlreadyDown }
                began += 1
            case .moved:
                guard t.location.isWindowPoint else { throw .invalidArgument }
                guard validExtras(t) else { throw .invalidArgument }
                guard down else { throw .unknownTouch }
            case .stationary, .ended, .cancelled:
                guard down else { throw .unknownTouch }
            }
        }
        if began > 0 {
            let hostDown = modes.screenReaderOn ? modes.screenReader.fingers.count + pressesDown
                : modes.filtersActive ? modes.inputFilter.rawDownCount + pressesDown : touchesDown
            guard hostDown + began <= options.maximumTouches else { throw .capacityExceeded }
            // Lifted touches whose view delivery is still withheld keep a record too.
            guard touches.records.count + began <= options.maximumTouches * 2 else { throw .capacityExceeded }
        }
    }

    /// Force and radius are optional (0 = unknown) but never negative, NaN or absurd. (A NaN fails
    /// both comparisons and an infinity the upper bound, so no separate finiteness test is needed.)
    @inline(__always)
    private func validExtras(_ t: TouchInput) -> Bool {
        t.force >= 0 && t.force <= 1e6 && t.majorRadius >= 0 && t.majorRadius <= 1e6
    }

    /// Cancels every touch that is down (the system cancel), as one input frame at `time`.
    @_optimize(size) public func cancelAllTouches(time: Double) throws(EngineError) {
        // `feed` validates the frame (busy engine, time) and records the cancel-all.
        pass.isCancellingAll = true
        defer { pass.isCancellingAll = false }
        if modes.screenReaderOn {
            var frame: [TouchInput] = []
            for f in modes.screenReader.fingers { frame.append(TouchInput(id: f.id, phase: .cancelled, location: f.last)) }
            for k in touches.records.indices where touches.records[k].isDown && touches.records[k].touch.type == .press {
                let t = touches.records[k].touch
                frame.append(TouchInput(id: t.id, phase: .cancelled, location: t.location, type: t.type))
            }
            try feed(time: time, touches: frame)
            modes.screenReader.pendingTap = nil
            modes.screenReader.tapDeadline = .infinity
            return
        }
        if modes.filtersActive {
            try cancelAllThroughFilters(time: time)
            return
        }
        var frame: [TouchInput] = []
        for k in touches.records.indices where touches.records[k].isDown {
            let t = touches.records[k].touch
            frame.append(TouchInput(id: t.id, phase: .cancelled, location: t.location, type: t.type))
        }
        try feed(time: time, touches: frame)
    }

    private func apply(_ input: [TouchInput], at time: Double) {
        // No record's `framePhase` needs clearing: step 1 reads it only through `frameRecords`, and
        // each of those records is given this frame's phase below (a touch is listed once per frame).
        pass.scratchPhase = nil
        // Update or create the records; `frameRecords` maps the frame to them once, for step 1.
        pass.frameRecords.removeAll()
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
                // The record is read by slot before each phase: the hooks between them change it
                // (a touch ignored clears its bit; a state change marks it).
                let s = r.slot
                if phases & (1 << TouchPhase.began.rawValue) != 0 {
                    deliverToRecognizer(r, mask: registry.records[s].frameRecordMask, .began, time)
                }
                if phases & (1 << TouchPhase.moved.rawValue) != 0
                    && !deliverMovedInPlace(r, mask: registry.records[s].frameRecordMask, time) {
                    deliverToRecognizer(r, mask: registry.records[s].frameRecordMask, .moved, time)
                }
                if phases & (1 << TouchPhase.ended.rawValue) != 0 {
                    deliverToRecognizer(r, mask: registry.records[s].frameRecordMask, .ended, time)
                }
                if phases & (1 << TouchPhase.cancelled.rawValue) != 0 {
                    deliverToRecognizer(r, mask: registry.records[s].frameRecordMask, .cancelled, time)
                }
                registry.records[s].frameRecordMask = 0
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
}
