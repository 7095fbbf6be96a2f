/// Engine time: the next deadline the host asks for, `advance(to:)`, and the recognizers' timers,
/// each firing in an update pass of its own (`Pass/Pass.swift`).
extension Engine {
    /// The earliest pending timer, or `nil` when none. The host should call `advance(to:)` at
    /// that time if no input arrives before it.
    public var nextDeadline: Double? {
        // Most frames: no recognizer waits for a time and neither mode is on.
        if timers.waiting.isEmpty && !modes.filtersActive && !modes.screenReaderOn { return nil }
        return earliestDeadline()
    }

    @inline(never)   // keeps the usual case above free of this loop's register saves
    private func earliestDeadline() -> Double? {
        var best = Double.infinity
        for i in timers.waiting.indices {
            if let d = withRecognizer(timers.waiting[i], { $0.deadline }), d < best { best = d }
        }
        if modes.filtersActive, let d = modes.inputFilter.nextDeadline, d < best { best = d }
        if modes.screenReaderOn, let d = modes.screenReader.nextDeadline, d < best { best = d }
        return best.isFinite ? best : nil
    }

    /// Advances engine time to `time`, firing every timer due at or before it, in time order,
    /// each in its own update pass.
    ///
    /// A deadline that a recognizer sets while its own timer fires, at or before the time it fired
    /// at, does not fire again in the same call: it stays pending and fires at the next
    /// `advance(to:)` or input. So a hook that re-arms "now" can never make one call loop forever.
    /// A later deadline still fires in the same call when it is due.
    public func advance(to time: Double) throws(EngineError) {
        try checkNotBusy()
        guard Engine.isRepresentable(time) else { throw .invalidArgument }
        guard time >= now else { throw .timeWentBackwards }
        recordEvent(.advance, time)
        if modes.filtersActive { flushHeldLifts(before: time, inclusive: true) }
        // Explore-by-touch's timers interleave with the recognizers' (a pass-through touch arms them).
        if modes.screenReaderOn { fireScreenReaderTimers(upTo: time) } else { fireTimers(upTo: time) }
        now = time
    }

    /// Fires the due timers in time order. Within one call, a recognizer whose timer already fired
    /// at time T is skipped while its deadline is at or before T (see `advance(to:)`), and fires at
    /// most `maximumTimerFiringsPerCall` times, so the loop ends whatever the hooks do.
    @inline(__always)
    func fireTimers(upTo time: Double) {
        if !timers.waiting.isEmpty { fireDueTimers(upTo: time) }   // most frames: no recognizer waits for a time
    }

    private func fireDueTimers(upTo time: Double) {
        timers.call &+= 1
        let call = timers.call
        while true {
            var best = Double.infinity
            var bestSlot: Int32 = -1
            for i in 0..<timers.waiting.count {
                let s = timers.waiting[i]
                withRecognizer(s) { r in
                    guard r.deadline < best else { return }
                    if registry.records[r.slot].timerCall == call
                        && (r.deadline <= registry.records[r.slot].timerFiredAt || registry.records[r.slot].timerFirings >= Engine.maximumTimerFiringsPerCall) { return }
                    best = r.deadline
                    bestSlot = s
                }
            }
            guard bestSlot >= 0, best <= time, let r = registry.recognizers[Int(bestSlot)] else { break }
            beginPass(at: best > now ? best : now)
            pass.cause = .timer
            if registry.records[r.slot].timerCall != call {
                registry.records[r.slot].timerCall = call
                registry.records[r.slot].timerFirings = 0
            }
            registry.records[r.slot].timerFiredAt = now
            registry.records[r.slot].timerFirings += 1
            joinPass(r)
            r.timerFired(at: now)
            finishPass()
        }
        // Drop the recognizers whose deadline is gone; usually none is, and looking costs less than
        // the array's removal machinery.
        var stale = false
        for i in timers.waiting.indices where withRecognizer(timers.waiting[i], { $0.deadline.isFinite }) != true {
            stale = true
            break
        }
        guard stale else { return }
        timers.waiting.removeAll { s in
            guard let r = registry.recognizers[Int(s)] else { return true }
            if r.deadline.isFinite { return false }
            registry.records[r.slot].inTimerList = false
            return true
        }
    }

    /// The largest timestamp magnitude the engine takes (2^42 s, about 139,000 years): below it a
    /// double keeps time to under a millisecond, so durations, timers and velocities stay right.
    /// Beyond it, at 1e16 s say, 0.5 s rounds away and every touch would be a long press.
    public static let maximumTimestamp: Double = 4_398_046_511_104

    /// Whether `time` is a timestamp the engine takes: finite, within ±`maximumTimestamp`.
    @inline(__always)
    static func isRepresentable(_ time: Double) -> Bool { time.magnitude <= maximumTimestamp }

    /// How many times one recognizer's timer may fire within one `advance(to:)` or input call.
    /// A hook that keeps re-arming its deadline a little later each time would otherwise make the
    /// call run for as long as the floating-point steps last.
    public static let maximumTimerFiringsPerCall = 1_024

    func armTimer(for r: GestureRecognizer) {
        guard !registry.records[r.slot].inTimerList else { return }
        registry.records[r.slot].inTimerList = true
        timers.waiting.append(r.slot)
    }
}
