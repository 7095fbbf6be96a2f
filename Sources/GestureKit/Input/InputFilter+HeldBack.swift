/// The input filters' held-back touches (`InputFilter`): what the stage sends when a deadline
/// passes (a lift held back for chatter, a touch that reached the hold duration, a touch released
/// by tap assistance), and the lifts it sends early to keep the engine within the touch limit.
extension InputFilter {
    /// The earliest lift held back for chatter or touch waiting for its hold duration, if any.
    /// (`mutating` only so that the engine reads it in place, without copying the filter state.)
    var nextDeadline: Double? {
        mutating get {
            var best = Double.infinity
            for e in entries where (e.status == .pendingLift || e.status == .awaitingHold || e.status == .assisting
                                    || e.status == .provisional) && e.deadline < best {
                best = e.deadline
            }
            return best.isFinite ? best : nil
        }
    }

    /// Sends the engine what falls due before `time` (or at it, when `inclusive`), as one frame
    /// appended to `out`: the lifts held back for chatter, and the touches that reached the hold
    /// duration (those also when due exactly at `time`: a touch held exactly that long counts).
    /// Returns the deadline of that frame, or nil when nothing is due. Call repeatedly: each call
    /// sends what is due at one deadline.
    mutating func flushDue(before time: Double, inclusive: Bool, screen: Size, into out: inout [TouchInput]) -> Double? {
        guard let d = nextDeadline else { return nil }
        var due = d < time || (inclusive && d <= time)
        if !due && d == time {
            for e in entries where (e.status == .awaitingHold || e.status == .provisional) && e.deadline == d { due = true }
        }
        guard due else { return nil }
        var k = 0
        while k < entries.count {
            if entries[k].status == .pendingLift && entries[k].deadline == d && (d < time || inclusive) {
                out.append(input(k, .ended, entries[k].sent))
                entries.remove(at: k)
                continue
            }
            // Both may send held-back lifts first (makeRoom), which moves this entry down.
            if entries[k].status == .awaitingHold && entries[k].deadline == d {
                k = accept(k, at: d, screen: screen, into: &out)
            } else if entries[k].status == .assisting && entries[k].deadline == d && (d < time || inclusive) {
                k = release(k, at: d, into: &out)
            } else if entries[k].status == .provisional && entries[k].deadline == d {
                k = release(k, at: d, into: &out)   // lasted long enough: a finger
            }
            k += 1
        }
        return d
    }

    /// A touch held for the hold duration counts from now, where the finger is now (or waits at
    /// a dead edge like any touch landing there). Returns where the entry is afterwards.
    private mutating func accept(_ k: Int, at time: Double, screen: Size, into out: inout [TouchInput]) -> Int {
        entries[k].deadline = .infinity
        entries[k].start = entries[k].last
        entries[k].startTime = time
        if accommodations.tapAssistance != .off {
            entries[k].status = .assisting
            entries[k].deadline = time + accommodations.tapAssistanceDelay
            return k
        }
        if settings.edges && profile.hasDeadZones && inDeadZone(entries[k].last, screen: screen) {
            entries[k].status = .held
            return k
        }
        let k = makeRoom(keeping: k)
        // The id first: once passing, the entry's own id would count as taken.
        entries[k].engineID = freeEngineID(entries[k].rawID)
        entries[k].status = .passing
        entries[k].sent = entries[k].last
        entries[k].euro.reset(entries[k].last, at: time)
        out.append(input(k, .began, entries[k].last))
        return k
    }

    /// A touch still down when tap assistance's delay ends (or a swipe under a hold duration,
    /// `TouchAccommodations.swipeDistance`) passes as usual: it begins where it landed, and moves
    /// (in the follow-up frame) to where it is. Returns where the entry is afterwards.
    mutating func release(_ k: Int, at time: Double, into out: inout [TouchInput]) -> Int {
        let k = makeRoom(keeping: k)
        entries[k].deadline = .infinity
        entries[k].engineID = freeEngineID(entries[k].rawID)   // before passing: see accept
        entries[k].status = .passing
        entries[k].sent = entries[k].start
        entries[k].euro.reset(entries[k].start, at: time)
        out.append(input(k, .began, entries[k].start))
        if entries[k].last != entries[k].start {
            entries[k].sent = entries[k].last
            followUp.append(input(k, .moved, entries[k].last))
        }
        return k
    }

    /// Before a touch begins in the engine: when the engine already holds `maximumTouches` of the
    /// stage's touches, the oldest lifts held back for chatter are sent now, in a frame of their own
    /// (`roomLifts`) that the engine runs before the one with the new touch. Returns where entry
    /// `index` is afterwards (-1 for none).
    /// (The host's own touches never exceed the limit: validation refuses that. Only a held-back
    /// lift can make the engine hold one touch more than the host, and a finger that landed
    /// elsewhere meanwhile has moved on.)
    @_optimize(size) mutating func makeRoom(keeping index: Int) -> Int {
        var index = index
        while true {
            var inEngine = 0
            var oldest = -1
            var k = 0
            while k < entries.count {
                let status = entries[k].status
                if status == .passing || status == .pendingLift { inEngine += 1 }
                if status == .pendingLift && (oldest < 0 || entries[k].deadline < entries[oldest].deadline) { oldest = k }
                k += 1
            }
            guard inEngine >= maximumTouches && oldest >= 0 else { return index }
            roomLifts.append(input(oldest, .ended, entries[oldest].sent))
            entries.remove(at: oldest)
            if oldest < index { index -= 1 }
        }
    }
}
