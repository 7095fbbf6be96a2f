/// The panel profile and the input filters (`Input/InputFilter.swift`) inside the engine: how a
/// host frame reaches the recognizers when a filter is on, and how held-back lifts (chatter)
/// take part in time.
extension Engine {
    /// The panel profile in use (all unknown by default).
    public var panelProfile: PanelProfile { inputFilter.profile }
    /// The input filter settings in use (every filter off by default).
    public var inputFilterSettings: InputFilterSettings { inputFilter.settings }
    /// What the filters changed or removed since the engine was made.
    public var filterCounters: FilterCounters { inputFilter.counters }

    /// Sets the panel profile; allowed at any time outside callbacks. It changes nothing unless a
    /// filter or the noise-aware thresholds are on.
    public func setPanelProfile(_ p: PanelProfile) throws(EngineError) {
        guard !isInCallback && !inPass else { throw .busy }
        guard p.isValid else { throw .invalidArgument }
        inputFilter.profile = p
        updateMovementNoise()
    }

    /// Sets the input filters. Switching the stage on (the first filter) or off (the last) is
    /// refused with `.busy` while a touch is down, since the stage must know every touch from its
    /// start; changing the filters of a running stage is allowed at any time outside callbacks.
    public func setInputFilters(_ s: InputFilterSettings) throws(EngineError) {
        guard !isInCallback && !inPass else { throw .busy }
        guard s.isValid else { throw .invalidArgument }
        let active = s.isActive || inputFilter.accommodations.isActive
        if active != filtersActive {
            guard touchesDown == 0 && inputFilter.isEmpty else { throw .busy }
        }
        inputFilter.settings = s
        filtersActive = active
        updateMovementNoise()
    }

    /// The noise every recognizer's movement thresholds respect (0 unless noise-aware
    /// thresholds are on).
    var movementNoise: Double { inputFilter.settings.noiseAwareThresholds ? inputFilter.profile.noise : 0 }

    private func updateMovementNoise() {
        let n = movementNoise
        for k in 0..<recognizers.count { recognizers[k]?.movementNoise = n }
    }

    /// Presses down (they bypass the filters).
    var pressesDown: Int {
        var n = 0
        for k in touchRecords.indices where touchRecords[k].isDown && touchRecords[k].touch.type == .press { n += 1 }
        return n
    }

    /// `feed` with the filters on: the lifts held back for chatter that fell due before `time` go
    /// first, each at its own deadline and after the timers due before it; then the frame.
    func feedThroughFilters(time: Double, _ input: [TouchInput]) {
        flushHeldLifts(before: time, inclusive: false)
        fireTimers(upTo: time)
        now = time
        inputFilter.process(input, at: time, screen: screenSize, into: &filteredFrame)
        recordAccommodatedTouches()
        runRoomLifts(at: time)
        runInputPass(lending: &filteredFrame, at: time)
        runFollowUp(at: time)
    }

    /// Sends the held-back lifts due before `time` (or at it, when `inclusive`) and the touches
    /// that reached the accommodations' hold duration, in time order.
    func flushHeldLifts(before time: Double, inclusive: Bool) {
        while true {
            filteredFrame.clearKeepingCapacity()
            guard let d = inputFilter.flushDue(before: time, inclusive: inclusive, screen: screenSize,
                                               into: &filteredFrame) else { break }
            fireTimers(upTo: d)
            if d > now { now = d }
            runRoomLifts(at: now)
            runInputPass(lending: &filteredFrame, at: now)
            runFollowUp(at: now)
        }
    }

    /// The held-back lifts the stage sent early to keep the engine within the touch limit, if any:
    /// their own pass, before the frame with the touch they made room for.
    @_optimize(size) private func runRoomLifts(at time: Double) {
        guard !inputFilter.roomLifts.isEmpty else { return }
        var frame: [TouchInput] = []
        swap(&frame, &inputFilter.roomLifts)   // the stage keeps its buffer: swapped back below
        runInputPass(lending: &frame, at: time)
        frame.clearKeepingCapacity()
        swap(&frame, &inputFilter.roomLifts)
    }

    /// The second frame the stage wrote at the same time (tap assistance), if any.
    private func runFollowUp(at time: Double) {
        guard !inputFilter.followUp.isEmpty else { return }
        filteredFrame.clearKeepingCapacity()
        filteredFrame.append(contentsOf: inputFilter.followUp)
        inputFilter.followUp.clearKeepingCapacity()
        runInputPass(lending: &filteredFrame, at: time)
    }

    /// `cancelAllTouches` with the filters on: every touch the engine holds (held-back lifts too)
    /// is cancelled, and the filters forget the host's touches.
    @_optimize(size) func cancelAllThroughFilters(time: Double) throws(EngineError) {
        try validate(time: time, [])   // busy, time: the checks of `feed`
        recordEvent(.cancelAll, time)
        fireTimers(upTo: time)
        now = time
        inputFilter.cancelAll(into: &filteredFrame)
        for k in touchRecords.indices where touchRecords[k].isDown && touchRecords[k].touch.type == .press {
            let t = touchRecords[k].touch
            filteredFrame.append(TouchInput(id: t.id, phase: .cancelled, location: t.location, type: t.type))
        }
        runInputPass(lending: &filteredFrame, at: time)
    }
}
