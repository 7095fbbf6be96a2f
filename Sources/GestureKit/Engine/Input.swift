/// Touch input from the host: a frame is validated as a whole, recorded, passed through the input
/// modes (filters, explore-by-touch) and run as an update pass (`Pass/Pass.swift`).
extension Engine {
    /// Maximum number of touches in one input frame.
    public static let maximumFrameTouches = 1_024

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

    func validate(time: Double, _ input: [TouchInput]) throws(EngineError) {
        try checkNotBusy()
        guard Engine.isRepresentable(time) else { throw .invalidArgument }
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
            // Only touches that are down count: lifted touches whose view delivery is still
            // withheld give way to new ones (`settleOldestWithheld`).
            guard hostDown + began <= options.maximumTouches else { throw .capacityExceeded }
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
}
