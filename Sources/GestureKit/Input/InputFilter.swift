/// The input filters: a deterministic stage between the host's frames and the engine's touch
/// records. It turns each validated host frame into the frame the recognizers see, removing or
/// cancelling touches that are not fingers (ghosts, palms), joining bounces (chatter), holding
/// back touches in edge dead zones, and smoothing jitter. docs/INPUT.md describes each filter.
///
/// The stage keeps one entry per host touch it knows (its "raw" id) and the id the engine knows
/// it by. They are equal except after a chatter bounce (the second landing continues the first
/// touch, under the first id) and when such a continued touch still holds an id the host reuses
/// (the new touch then gets the id with bit 56 added, see `freeEngineID`).
///
/// Presses (`TouchType.press`) pass unchanged. The touch accommodations (`TouchAccommodations`:
/// hold duration, ignore repeat) run here too, since they hold back and drop touches the same way.
///
/// What the stage holds back and sends later (held-back lifts, hold duration, tap assistance) is in
/// `InputFilter+HeldBack.swift`; parameters and small helpers in `InputFilter+Parameters.swift`.
struct InputFilter {
    var profile = PanelProfile()
    var settings = InputFilterSettings()
    var accommodations = TouchAccommodations()
    var counters = FilterCounters()
    /// One entry per host touch the stage knows. Changed only by the stage's own methods, here and
    /// in `InputFilter+HeldBack.swift`.
    var entries: [Entry] = []
    /// Where and when the last touch that counted (or a repeat) lifted, for ignore-repeat.
    private var lastLift: (point: Point, time: Double)?
    /// Touches the accommodations kept from the recognizers since the engine last took them.
    var accommodated: [AccommodatedTouch] = []
    /// A second frame at the same time, to send after the one `process` or `flushDue` wrote: the
    /// lift of an assisted tap, or the move of a touch released by tap assistance.
    var followUp: [TouchInput] = []
    /// Held-back lifts sent early to make room for a new touch (`makeRoom`): a frame at the same
    /// time, to run before the one `process` or `flushDue` wrote.
    var roomLifts: [TouchInput] = []

    /// The engine's touch limit (`EngineOptions.maximumTouches`): the stage never has more touches
    /// down in the engine than this, held-back lifts included (see `makeRoom`).
    let maximumTouches: Int

    init(maximumTouches: Int) {
        self.maximumTouches = maximumTouches
        entries.reserveCapacity(maximumTouches * 2)
        roomLifts.reserveCapacity(maximumTouches)
    }

    /// Whether the stage knows no touch. It may be switched on or off only then (the engine
    /// refuses it otherwise: `Engine.setInputFilters`); `settings.isActive` says whether frames
    /// go through it at all.
    var isEmpty: Bool { entries.isEmpty }

    // MARK: Queries for validation

    // The two queries below read only `entries`, but are `mutating` so that validation reaches
    // them in place: a non-mutating call on the engine's stored filter copied the whole struct
    // (retaining each of its arrays) once per touch (callgrind: 9,381 -> 9,131 instructions per
    // event with every filter on). `nextDeadline` stays non-mutating: made mutating, it cost the
    // default configuration more than it saved.

    /// The entry of the host touch `id` that the host still holds down, or -1.
    mutating func rawIndex(_ id: Int64) -> Int {
        var k = 0
        while k < entries.count {
            if entries[k].rawID == id && entries[k].status != .pendingLift { return k }
            k += 1
        }
        return -1
    }

    /// Touches the host holds down.
    var rawDownCount: Int {
        mutating get {
            var n = 0
            for e in entries where e.status != .pendingLift { n += 1 }
            return n
        }
    }

    /// The position the engine sees for entry `k`'s report `p`: `p` through the jitter filter.
    private mutating func smoothed(_ k: Int, _ p: Point, at time: Double) -> Point {
        switch settings.jitter {
        case .off:
            return p
        case .oneEuro:
            entries[k].euro.minimumCutoff = effectiveMinimumCutoff
            entries[k].euro.beta = effectiveBeta
            entries[k].euro.jump = oneEuroJump
            return entries[k].euro.filter(p, at: time)
        case .hysteresis:
            // A resting finger's jitter stays inside the band and is absorbed (the sent point lags
            // the finger by the band). A finger that has gone twice the band from where it landed
            // is moving: from then on its positions pass exactly, so a drag loses no distance (a
            // lagging band turned an 11 pt drag into a tap: the pan saw 9 pt).
            let h = hysteresisWidth
            if entries[k].moving || (p - entries[k].start).length > 2 * h {
                entries[k].moving = true
                return p
            }
            let s = entries[k].sent
            let dx = p.x - s.x, dy = p.y - s.y
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > h else { return s }
            return Point(x: p.x - dx / d * h, y: p.y - dy / d * h)
        }
    }

    // MARK: Frames

    /// Filters one validated host frame at `time` into `out` (cleared first).
    mutating func process(_ frame: [TouchInput], at time: Double, screen: Size, into out: inout [TouchInput]) {
        out.clearKeepingCapacity()
        var active = false   // some touch of the frame began or moved
        for t in frame {
            if t.type == .press {
                out.append(t)
                continue
            }
            switch t.phase {
            case .began:
                active = true
                began(t, at: time, screen: screen, into: &out)
            case .moved:
                active = true
                moved(t, at: time, screen: screen, into: &out)
            case .stationary:
                let k = rawIndex(t.id)
                guard k >= 0 else { continue }
                entries[k].lastTime = time
                if entries[k].status == .passing { out.append(input(k, .stationary, entries[k].sent)) }
            case .ended, .cancelled:
                lifted(t, at: time, screen: screen, into: &out)
            }
        }
        if settings.ghosts && active { cancelStuck(frame, at: time, into: &out) }
    }

    @_optimize(size) private mutating func began(_ t: TouchInput, at time: Double, screen: Size, into out: inout [TouchInput]) {
        var e = Entry(rawID: t.id, engineID: t.id, status: .passing, type: t.type, start: t.location, startTime: time,
                      last: t.location, lastTime: time, sent: t.location, force: t.force, majorRadius: t.majorRadius,
                      modifiers: t.modifiers,
                      euro: OneEuroFilter(minimumCutoff: effectiveMinimumCutoff, beta: effectiveBeta))
        e.euro.reset(t.location, at: time)
        if settings.palms && profile.maximumContactRadius > 0 && t.majorRadius > profile.maximumContactRadius {
            counters.palms += 1
            e.status = .rejected
            entries.append(e)
            return
        }
        if settings.ghosts && ((profile.reportsPressure && t.force == 0) || (profile.reportsSize && t.majorRadius == 0)) {
            counters.ghostEmpty += 1
            e.status = .rejected
            entries.append(e)
            return
        }
        if settings.chatter {
            // The nearest lift held back within reach: the same finger landing again.
            var best = -1
            var bestDistance = Double.infinity
            for (k, p) in entries.enumerated() where p.status == .pendingLift && p.type == t.type {
                let d = (p.last - t.location).length
                if d <= settings.chatterDistance && d < bestDistance {
                    best = k
                    bestDistance = d
                }
            }
            if best >= 0 {
                counters.chatter += 1
                entries[best].rawID = t.id
                entries[best].status = .passing
                entries[best].deadline = .infinity
                entries[best].last = t.location
                entries[best].lastTime = time
                entries[best].force = t.force
                entries[best].majorRadius = t.majorRadius
                entries[best].modifiers = t.modifiers
                let p = smoothed(best, t.location, at: time)
                entries[best].sent = p
                out.append(input(best, .moved, p))
                return
            }
        }
        if accommodations.ignoreRepeat > 0, let lift = lastLift, time - lift.time < accommodations.ignoreRepeat,
           (t.location - lift.point).length <= accommodations.ignoreRepeatDistance {
            e.status = .repeatIgnored
            entries.append(e)
            accommodated.append(AccommodatedTouch(id: t.id, heldTooBriefly: false))
            return
        }
        if accommodations.holdDuration > 0 {
            e.status = .awaitingHold
            e.deadline = time + accommodations.holdDuration
            entries.append(e)
            return
        }
        if accommodations.tapAssistance != .off {
            e.status = .assisting
            e.deadline = time + accommodations.tapAssistanceDelay
            entries.append(e)
            return
        }
        if settings.edges && profile.hasDeadZones && inDeadZone(t.location, screen: screen) {
            e.status = .held
            entries.append(e)
            return
        }
        for k in entries.indices where entries[k].status == .passing {
            entries[k].neighboured = true
            e.neighboured = true
        }
        // Beside another finger, a contact may be a ghost: the engine sees it only once it has
        // lasted the ghosts' minimum duration, so that a ghost's end never cancels a gesture the
        // real fingers are making (a pan tracking it would be cancelled with it).
        if settings.ghosts && e.neighboured {
            e.status = .provisional
            e.deadline = time + settings.ghostMinimumDuration
            entries.append(e)
            return
        }
        _ = makeRoom(keeping: -1)
        e.engineID = freeEngineID(t.id)
        entries.append(e)
        out.append(input(entries.count - 1, .began, t.location))
    }

    private mutating func moved(_ t: TouchInput, at time: Double, screen: Size, into out: inout [TouchInput]) {
        let k = rawIndex(t.id)
        guard k >= 0 else { return }
        let previous = entries[k].last
        let previousTime = entries[k].lastTime
        entries[k].last = t.location
        entries[k].lastTime = time
        entries[k].force = t.force
        entries[k].majorRadius = t.majorRadius
        entries[k].modifiers = t.modifiers
        switch entries[k].status {
        case .awaitingHold:
            // A swipe under a hold duration begins without waiting, where it landed.
            if accommodations.swipeDistance > 0 && (t.location - entries[k].start).length >= accommodations.swipeDistance {
                entries[k].startTime = time
                _ = release(k, at: time, into: &out)
            }
            return
        case .rejected, .pendingLift, .repeatIgnored, .assisting, .provisional:
            return
        case .held:
            guard !inDeadZone(t.location, screen: screen) else { return }
            // Out of the dead zone: the engine sees the touch begin where it landed.
            counters.edgeReleased += 1
            let k = makeRoom(keeping: k)
            // The id first: once passing, the entry's own id would count as taken.
            entries[k].engineID = freeEngineID(t.id)
            entries[k].status = .passing
            entries[k].sent = entries[k].start
            entries[k].euro.reset(entries[k].start, at: time)
            out.append(input(k, .began, entries[k].start))
        case .passing:
            if settings.palms && profile.maximumContactRadius > 0 && t.majorRadius > profile.maximumContactRadius {
                counters.palms += 1
                cancel(k, into: &out)
                return
            }
            if settings.ghosts {
                let floor = profile.sampleRate > 0 ? 1 / profile.sampleRate : 0.004
                let dt = Swift.max(time - previousTime, floor)
                if (previous - t.location).length / dt > settings.ghostMaximumSpeed {
                    counters.ghostJump += 1
                    cancel(k, into: &out)
                    return
                }
            }
            let p = smoothed(k, t.location, at: time)
            if p != t.location { counters.jitterSmoothed += 1 }
            entries[k].sent = p
            out.append(input(k, .moved, p))
        }
    }

    @_optimize(size) private mutating func lifted(_ t: TouchInput, at time: Double, screen: Size, into out: inout [TouchInput]) {
        let k = rawIndex(t.id)
        guard k >= 0 else { return }
        switch entries[k].status {
        case .rejected, .pendingLift:
            entries.remove(at: k)
        case .awaitingHold:
            accommodated.append(AccommodatedTouch(id: t.id, heldTooBriefly: true))
            entries.remove(at: k)
        case .repeatIgnored:
            lastLift = (t.location.isWindowPoint ? t.location : entries[k].last, time)
            entries.remove(at: k)
        case .provisional:
            // Lifted before the ghosts' minimum duration, beside another finger: a ghost, never seen.
            counters.ghostShort += 1
            entries.remove(at: k)
        case .assisting:
            // Lifted within the delay: a tap, at once, where the setting says; in an edge dead zone,
            // dropped as it is without assistance.
            let final = t.location.isWindowPoint ? t.location : entries[k].last
            let p = accommodations.tapAssistance == .finalLocation ? final : entries[k].start
            var k = k
            if t.phase == .ended && settings.edges && profile.hasDeadZones && inDeadZone(p, screen: screen) {
                counters.edgeDropped += 1
            } else if t.phase == .ended {
                k = makeRoom(keeping: k)
                entries[k].engineID = freeEngineID(entries[k].rawID)
                entries[k].modifiers = t.modifiers
                out.append(input(k, .began, p))
                followUp.append(input(k, .ended, p))
                lastLift = (final, time)
            }
            entries.remove(at: k)
        case .held:
            if t.phase == .ended { counters.edgeDropped += 1 }
            entries.remove(at: k)
        case .passing:
            entries[k].modifiers = t.modifiers
            if t.phase == .cancelled {
                out.append(input(k, .cancelled, entries[k].sent))
                entries.remove(at: k)
            } else if settings.ghosts && entries[k].neighboured && time - entries[k].startTime < settings.ghostMinimumDuration {
                counters.ghostShort += 1
                out.append(input(k, .cancelled, entries[k].sent))
                entries.remove(at: k)
            } else {
                lastLift = (t.location.isWindowPoint ? t.location : entries[k].last, time)
                // Where it lifted: the host's last position, smoothed like the moves were.
                var p = entries[k].sent
                if t.location.isWindowPoint && t.location != entries[k].last {
                    entries[k].last = t.location
                    p = smoothed(k, t.location, at: time)
                    entries[k].sent = p
                }
                if settings.chatter {
                    entries[k].status = .pendingLift
                    entries[k].deadline = time + settings.chatterInterval
                } else {
                    out.append(input(k, .ended, p))
                    entries.remove(at: k)
                }
            }
        }
    }

    private mutating func cancel(_ k: Int, into out: inout [TouchInput]) {
        out.append(input(k, .cancelled, entries[k].sent))
        entries[k].status = .rejected
    }

    /// Ghosts that stopped reporting: touches the engine holds, not in this frame, with no report
    /// for `stuckTimeout` while others report.
    private mutating func cancelStuck(_ frame: [TouchInput], at time: Double, into out: inout [TouchInput]) {
        for k in entries.indices where entries[k].status == .passing && time - entries[k].lastTime >= settings.stuckTimeout {
            var inFrame = false
            for t in frame where t.id == entries[k].rawID && t.type != .press { inFrame = true }
            guard !inFrame else { continue }
            counters.ghostStuck += 1
            cancel(k, into: &out)
        }
    }

    /// Cancels everything: the engine's touches (passing and held-back lifts) are cancelled in
    /// `out`, and every entry is forgotten.
    mutating func cancelAll(into out: inout [TouchInput]) {
        out.clearKeepingCapacity()
        for k in entries.indices where entries[k].status == .passing || entries[k].status == .pendingLift {
            out.append(input(k, .cancelled, entries[k].sent))
        }
        entries.clearKeepingCapacity()
        lastLift = nil
    }
}
