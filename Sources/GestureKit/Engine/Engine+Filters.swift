/// The panel profile and the input filters (`Input/InputFilter.swift`) inside the engine: how a
/// host frame reaches the recognizers when a filter is on, and how held-back lifts (chatter)
/// take part in time.
extension Engine {
    /// The panel profile in use (all unknown by default).
    public var panelProfile: PanelProfile { modes.inputFilter.profile }
    /// The input filter settings in use (every filter off by default).
    public var inputFilterSettings: InputFilterSettings { modes.inputFilter.settings }
    /// What the filters changed or removed since the engine was made.
    public var filterCounters: FilterCounters { modes.inputFilter.counters }

    /// Sets the panel profile; allowed at any time outside callbacks. It changes nothing unless a
    /// filter or the noise-aware thresholds are on.
    public func setPanelProfile(_ p: PanelProfile) throws(EngineError) {
        guard !pass.inCallback && !pass.isRunning else { throw .busy }
        guard p.isValid else { throw .invalidArgument }
        modes.inputFilter.profile = p
        updateMovementNoise()
    }

    /// Sets the input filters. Switching the stage on (the first filter) or off (the last) is
    /// refused with `.busy` while a touch is down, since the stage must know every touch from its
    /// start; changing the filters of a running stage is allowed at any time outside callbacks.
    public func setInputFilters(_ s: InputFilterSettings) throws(EngineError) {
        guard !pass.inCallback && !pass.isRunning else { throw .busy }
        guard s.isValid else { throw .invalidArgument }
        let active = s.isActive || modes.inputFilter.accommodations.isActive
        if active != modes.filtersActive {
            guard touchesDown == 0 && modes.inputFilter.isEmpty else { throw .busy }
        }
        modes.inputFilter.settings = s
        modes.filtersActive = active
        updateMovementNoise()
    }

    /// The noise every recognizer's movement thresholds respect (0 unless noise-aware
    /// thresholds are on).
    var movementNoise: Double { modes.inputFilter.settings.noiseAwareThresholds ? modes.inputFilter.profile.noise : 0 }

    private func updateMovementNoise() {
        let n = movementNoise
        for k in 0..<registry.recognizers.count { registry.recognizers[k]?.movementNoise = n }
    }

    /// Presses down (they bypass the filters).
    var pressesDown: Int {
        var n = 0
        for k in touches.records.indices where touches.records[k].isDown && touches.records[k].touch.type == .press { n += 1 }
        return n
    }

    /// `feed` with the filters on: the lifts held back for chatter that fell due before `time` go
    /// first, each at its own deadline and after the timers due before it; then the frame.
    func feedThroughFilters(time: Double, _ input: [TouchInput]) {
        flushHeldLifts(before: time, inclusive: false)
        fireTimers(upTo: time)
        now = time
        modes.filter(input, at: time, screen: screenSize)
        recordAccommodatedTouches()
        runRoomLifts(at: time)
        runFilteredFrame(at: time)
        runFollowUp(at: time)
    }

    /// Sends the held-back lifts due before `time` (or at it, when `inclusive`) and the touches
    /// that reached the accommodations' hold duration, in time order.
    func flushHeldLifts(before time: Double, inclusive: Bool) {
        while true {
            guard let d = modes.flushDue(before: time, inclusive: inclusive, screen: screenSize) else { break }
            fireTimers(upTo: d)
            if d > now { now = d }
            runRoomLifts(at: now)
            runFilteredFrame(at: now)
            runFollowUp(at: now)
        }
    }

    /// The held-back lifts the stage sent early to keep the engine within the touch limit, if any:
    /// their own pass, before the frame with the touch they made room for.
    @_optimize(size) private func runRoomLifts(at time: Double) {
        guard !modes.inputFilter.roomLifts.isEmpty else { return }
        var frame: [TouchInput] = []
        swap(&frame, &modes.inputFilter.roomLifts)   // the stage keeps its buffer: swapped back below
        runInputPass(frame, at: time)
        frame.clearKeepingCapacity()
        swap(&frame, &modes.inputFilter.roomLifts)
    }

    /// Runs the pass on the frame the filters wrote, lent out of `modes` while the pass runs (the
    /// pass reads the modes' flags) and handed back for reuse.
    private func runFilteredFrame(at time: Double) {
        var frame: [TouchInput] = []
        swap(&frame, &modes.filteredFrame)
        runInputPass(frame, at: time)
        swap(&frame, &modes.filteredFrame)
    }

    /// The second frame the stage wrote at the same time (tap assistance), if any.
    private func runFollowUp(at time: Double) {
        guard modes.takeFollowUp() else { return }
        runFilteredFrame(at: time)
    }

    /// `cancelAllTouches` with the filters on: every touch the engine holds (held-back lifts too)
    /// is cancelled, and the filters forget the host's touches.
    @_optimize(size) func cancelAllThroughFilters(time: Double) throws(EngineError) {
        try validate(time: time, [])   // busy, time: the checks of `feed`
        recordEvent(.cancelAll, time)
        fireTimers(upTo: time)
        now = time
        modes.cancelAllFiltered()
        for k in touches.records.indices where touches.records[k].isDown && touches.records[k].touch.type == .press {
            let t = touches.records[k].touch
            modes.filteredFrame.append(TouchInput(id: t.id, phase: .cancelled, location: t.location, type: t.type))
        }
        runFilteredFrame(at: time)
    }
}
