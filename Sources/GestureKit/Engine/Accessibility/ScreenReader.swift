/// Explore-by-touch, the screen-reader mode (docs/ACCESSIBILITY.md): when it is on, the host's
/// touches move an accessibility focus over the views marked as elements instead of reaching the
/// recognizers. A double tap or a split tap activates the focused element by a tap synthesized at
/// its centre through the normal arbitration; a three-finger swipe scrolls by a drag synthesized
/// for the pans under it; a two-finger tap pauses speech and a two-finger scrub goes back. What
/// happens is reported as accessibility events, in the engine's sequence; speaking them is the
/// host's job.

/// The gesture state of explore-by-touch: the fingers down, a tap waiting for a second one.
struct ScreenReaderState {
    /// A touch is a tap while it is shorter than this (s) and moves less than `tapSlop` (pt).
    static let tapDuration = 0.3
    static let tapSlop = 20.0
    /// A second tap within this time (s) of the first lift, and within `doubleTapDistance`
    /// (pt), makes a double tap.
    static let doubleTapInterval = 0.4
    static let doubleTapDistance = 60.0
    /// A flick: lifted within `tapDuration`, at least this far (pt), mostly sideways.
    static let flickDistance = 40.0
    /// The engine's timing scale: the double-tap interval is multiplied by it, so that a user who
    /// taps slowly can still double-tap. The hold, the tap and the flick are not: exploring must
    /// speak as soon as a finger rests, at any scale (at scale 10 a finger sliding across three
    /// elements for 2 s said nothing, and its lift counted as a flick).
    var timeScale = 1.0
    var tapTime: Double { ScreenReaderState.tapDuration }
    var doubleTapTime: Double { ScreenReaderState.doubleTapInterval * timeScale }

    struct Finger {
        var id: Int64
        var start: Point
        var startTime: Double
        var last: Point
        var exploring = false
        /// Moved past `tapSlop`: no tap (maybe a flick, until `tapDuration` has passed).
        var moved = false
        /// The focus when the finger landed (a flick moves from there).
        var focusAtDown: Int32
        /// Landed near a single tap within the double-tap interval: a double tap if it lifts
        /// quickly, a pass-through if it stays.
        var secondTap = false
        /// Held as the second tap: its touch goes to the focused element, `passOffset` away.
        var passThrough = false
        /// Landed near a double tap that waits for a third (`pendingIsDouble`): a triple tap if it
        /// lifts quickly.
        var thirdTap = false
    }

    var fingers: [Finger] = []
    /// The current group of fingers, from the first landing to the last lift.
    var groupStart = 0.0
    var groupMax = 0
    var groupQuick = true          // every finger lifted or still within tapDuration and tapSlop
    var groupMove = Point.zero     // sum of the lifted fingers' displacements
    var groupLifted = 0
    var groupOrigin = Point.zero   // where the fingers landed (centroid once the most were down)
    var splitTapped = false
    /// Two-finger scrub: legs of sideways motion of the fingers' mean, each at least `scrubLeg`.
    static let scrubLeg = 30.0
    var scrubExtreme = 0.0
    var scrubDirection = 0.0
    var scrubLegs = 0
    /// A single tap waiting for a second one until `tapDeadline`.
    var pendingTap: Point?
    var tapDeadline = Double.infinity
    /// `pendingTap` is a double tap waiting for a third (the focused element takes double taps):
    /// at `tapDeadline` it activates once.
    var pendingIsDouble = false
    /// A two-finger tap waiting for a second one (a magic tap) until `twoTapDeadline`; the wait is
    /// suspended (the deadline infinite) while a group of fingers that may be that second tap is
    /// down. When nothing follows, it is a pause.
    var twoTapPending = false
    var twoTapDeadline = Double.infinity
    /// The focused element's view slot, or -1.
    var focus: Int32 = -1
    /// Synthesized touches get ids counting down from here (the host's ids are not touched).
    var nextSyntheticID: Int64 = Int64.min

    /// A new id for a synthesized touch.
    mutating func takeSyntheticID() -> Int64 {
        defer { nextSyntheticID &+= 1 }
        return nextSyntheticID
    }
    /// The pass-through touch: its id, and where it is from the finger.
    var passID: Int64 = 0
    var passOffset = Point.zero

    @_optimize(size) func index(of id: Int64) -> Int {
        var k = 0
        while k < fingers.count {
            if fingers[k].id == id { return k }
            k += 1
        }
        return -1
    }

    /// The earliest time something happens without input: a finger turning to exploration, or a
    /// single tap that no second tap followed.
    var nextDeadline: Double? {
        var best = Swift.min(tapDeadline, twoTapDeadline)
        for f in fingers where !f.exploring && f.startTime + tapTime < best {
            best = f.startTime + tapTime
        }
        return best.isFinite ? best : nil
    }
}

extension Engine {
    /// Whether explore-by-touch is on.
    public var isScreenReaderOn: Bool { modes.screenReaderOn }

    /// The focused element, if any.
    public var accessibilityFocus: ViewID? {
        let s = readableFocus
        guard s >= 0 else { return nil }
        return tree.id(ofSlot: s)
    }

    /// Switches explore-by-touch on or off. Refused with `.busy` while a touch is down (the mode
    /// must see every touch from its start) or from a callback. Turning it off forgets the focus.
    /// Declares which of the screen reader's multi-finger commands the host also offers another
    /// way (keys, buttons): the audit no longer reports those (EN 301 549 5.9). Behaviour does
    /// not change.
    @_optimize(size) public func declareScreenReaderCommands(_ commands: ScreenReaderCommands) throws(EngineError) {
        try checkNotBusy()
        guard commands.rawValue & ~ScreenReaderCommands.all.rawValue == 0 else { throw .invalidArgument }
        modes.offeredCommands = commands
    }

    /// The commands declared with `declareScreenReaderCommands`.
    public var offeredScreenReaderCommands: ScreenReaderCommands { modes.offeredCommands }

    @_optimize(size) public func setScreenReader(_ on: Bool) throws(EngineError) {
        try checkNotBusy()
        guard touchesDown == 0 && modes.screenReader.fingers.isEmpty && modes.inputFilter.isEmpty else { throw .busy }
        modes.screenReaderOn = on
        modes.screenReader = ScreenReaderState()
    }

    /// Takes the oldest accessibility event.
    @_optimize(size) public func nextAccessibilityEvent() -> AccessibilityEvent? { modes.accessibilityEvents.pop() }

    /// Events dropped because the host did not take them, and events waiting for it.
    public var droppedAccessibilityEvents: UInt64 { modes.accessibilityEvents.dropped }
    public var pendingAccessibilityEventCount: Int { modes.accessibilityEvents.count }

    // MARK: Input

    /// A validated frame in explore-by-touch.
    @_optimize(size) func feedScreenReader(time: Double, _ input: [TouchInput]) {
        fireScreenReaderTimers(upTo: time)
        now = time
        for t in input where t.type != .press {
            switch t.phase {
            case .began:
                // A second tap's finger: the single tap waits no more while it is down.
                var second = false, third = false
                if modes.screenReader.fingers.isEmpty {
                    startGroup(at: time)
                    if let first = modes.screenReader.pendingTap, (t.location - first).length <= ScreenReaderState.doubleTapDistance {
                        second = true
                        third = modes.screenReader.pendingIsDouble
                        modes.screenReader.pendingIsDouble = false
                        modes.screenReader.tapDeadline = .infinity
                    }
                    // A two-finger tap's wait for a second one stops while these fingers are down.
                    if modes.screenReader.twoTapPending { modes.screenReader.twoTapDeadline = .infinity }
                }
                modes.screenReader.fingers.append(ScreenReaderState.Finger(id: t.id, start: t.location, startTime: time,
                                                                     last: t.location, focusAtDown: modes.screenReader.focus,
                                                                     secondTap: second, thirdTap: third))
                if modes.screenReader.fingers.count > modes.screenReader.groupMax {
                    modes.screenReader.groupMax = modes.screenReader.fingers.count
                    modes.screenReader.groupOrigin = fingersCentroid()
                    modes.screenReader.scrubExtreme = modes.screenReader.groupOrigin.x
                    modes.screenReader.scrubDirection = 0
                    modes.screenReader.scrubLegs = 0
                }
            case .moved:
                let k = modes.screenReader.index(of: t.id)
                guard k >= 0 else { continue }
                modes.screenReader.fingers[k].last = t.location
                let f = modes.screenReader.fingers[k]
                if f.passThrough {
                    runInputPass([TouchInput(id: modes.screenReader.passID, phase: .moved, location: t.location + modes.screenReader.passOffset)], at: time)
                    continue
                }
                // Past the tap slop: no tap. It explores only once a flick's time is over (the timer
                // sets `exploring`): a flick does not say the elements it crosses.
                if (f.last - f.start).length > ScreenReaderState.tapSlop {
                    modes.screenReader.fingers[k].moved = true
                    modes.screenReader.groupQuick = false
                }
                if modes.screenReader.fingers[k].exploring && modes.screenReader.fingers.count == 1
                    && (modes.screenReader.groupMax == 1 || modes.screenReader.splitTapped) {
                    focusElement(at: t.location)
                }
            case .stationary:
                break
            case .ended, .cancelled:
                let k = modes.screenReader.index(of: t.id)
                guard k >= 0 else { continue }
                var f = modes.screenReader.fingers.remove(at: k)
                if t.location.isWindowPoint { f.last = t.location }
                fingerLeft(f, cancelled: t.phase == .cancelled, at: time)
            }
        }
        if modes.screenReader.fingers.count == 2 { trackScrub() }
        // Presses still reach their recognizers.
        var presses: [TouchInput] = []
        for t in input where t.type == .press { presses.append(t) }
        if !presses.isEmpty { runInputPass(presses, at: time) }
    }

    @_optimize(size) private func startGroup(at time: Double) {
        modes.screenReader.groupStart = time
        modes.screenReader.groupMax = 0
        modes.screenReader.groupQuick = true
        modes.screenReader.groupMove = .zero
        modes.screenReader.groupLifted = 0
        modes.screenReader.splitTapped = false
    }

    @_optimize(size) func fingersCentroid() -> Point {
        var c = Point.zero
        for f in modes.screenReader.fingers { c = c + f.last }
        return modes.screenReader.fingers.isEmpty ? c : c / Double(modes.screenReader.fingers.count)
    }

    /// A finger lifted (or was cancelled): a split tap while another explores, or, for the last
    /// finger of the group, the group's gesture.
    @_optimize(size) private func fingerLeft(_ f: ScreenReaderState.Finger, cancelled: Bool, at time: Double) {
        // A second tap's finger ends the wait for it: a double tap below, or nothing. A third tap's
        // finger that makes no triple tap leaves the double tap before it to activate once.
        if f.secondTap {
            modes.screenReader.pendingTap = nil
            let tapped = !cancelled && modes.screenReader.fingers.isEmpty && modes.screenReader.groupMax == 1
                && time - f.startTime <= modes.screenReader.tapTime && !f.exploring && !f.moved
            if f.thirdTap && !tapped { activateFocus(at: time) }
        }
        if f.passThrough {
            modes.screenReader.groupQuick = false
            runInputPass([TouchInput(id: modes.screenReader.passID, phase: cancelled ? .cancelled : .ended,
                                     location: f.last + modes.screenReader.passOffset)], at: time)
            return
        }
        // A finger that moved past the slop, even only in its lift's frame, did not tap.
        let quick = time - f.startTime <= modes.screenReader.tapTime && !f.exploring && !f.moved
            && (f.last - f.start).length <= ScreenReaderState.tapSlop
        if !quick { modes.screenReader.groupQuick = false }
        modes.screenReader.groupMove = modes.screenReader.groupMove + (f.last - f.start)
        modes.screenReader.groupLifted += 1
        guard !cancelled else {
            if modes.screenReader.fingers.isEmpty { resolveTwoFingerTap(at: time) }
            return
        }
        if !modes.screenReader.fingers.isEmpty {
            // A split tap: a second finger taps while the first rests on the focused element.
            if quick && modes.screenReader.fingers.count == 1 && modes.screenReader.groupMax == 2 && modes.screenReader.fingers[0].exploring {
                modes.screenReader.splitTapped = true
                activateFocus(at: time)
            }
            return
        }
        groupEnded(lastFinger: f, at: time)
    }

    /// One finger lifted alone: a flick, a tap (maybe the second of a double tap), or the end of
    /// an exploration.
    @_optimize(size) func fingerLifted(_ f: ScreenReaderState.Finger, at time: Double) {
        let d = f.last - f.start
        let quick = time - f.startTime <= modes.screenReader.tapTime
        if quick && abs(d.x) >= ScreenReaderState.flickDistance && abs(d.x) > 2 * abs(d.y) {
            // A flick moves from the element focused before the finger landed.
            setFocus(f.focusAtDown, at: time, announce: false)
            moveFocus(d.x > 0 ? .next : .previous, at: time)
            return
        }
        if quick && abs(d.y) >= ScreenReaderState.flickDistance && abs(d.y) > 2 * abs(d.x) {
            // A flick up or down adjusts the element focused before the finger landed, if it is
            // adjustable; on anything else it does nothing.
            let s = f.focusAtDown
            setFocus(s, at: time, announce: false)
            if s >= 0 && s == readableFocus && tree.isInteractive(s)
                && tree[s].accessibilityTraits.contains(.adjustable) {
                pushAccessibilityEvent(d.y < 0 ? .increment : .decrement, view: s, at: time)
            }
            return
        }
        guard quick && !f.exploring && !f.moved else { return }   // a quick drag, no flick: nothing
        if f.secondTap {
            if f.thirdTap {
                activateFocus(at: time, twice: true)
            } else if focusTakesDoubleTap() {
                // The element acts on a double tap: wait for a third tap, which gives it one.
                modes.screenReader.pendingTap = f.start
                modes.screenReader.pendingIsDouble = true
                modes.screenReader.tapDeadline = time + modes.screenReader.doubleTapTime
            } else {
                activateFocus(at: time)
            }
            return
        }
        modes.screenReader.pendingTap = f.start
        modes.screenReader.tapDeadline = time + modes.screenReader.doubleTapTime
    }

    /// Timers of explore-by-touch due at or before `time`: fingers held long enough to explore,
    /// and single taps that no second tap followed (they focus the element under them). The
    /// recognizers' timers fire in time order with them: a pass-through touch arms theirs.
    @_optimize(size) func fireScreenReaderTimers(upTo time: Double) {
        while let d = modes.screenReader.nextDeadline, d <= time {
            fireTimers(upTo: d)
            if d == modes.screenReader.twoTapDeadline {
                now = Swift.max(now, d)
                resolveTwoFingerTap(at: d)
                continue
            }
            if d == modes.screenReader.tapDeadline {
                modes.screenReader.tapDeadline = .infinity
                if modes.screenReader.pendingIsDouble {
                    // A double tap no third tap followed: it activates once.
                    modes.screenReader.pendingIsDouble = false
                    modes.screenReader.pendingTap = nil
                    now = Swift.max(now, d)
                    activateFocus(at: d)
                    continue
                }
                if let p = modes.screenReader.pendingTap {
                    modes.screenReader.pendingTap = nil
                    now = Swift.max(now, d)
                    // A tap on the element that has the focus says it again (EN 301 549 5.1.3.4:
                    // speech can be repeated); on another element it moves the focus there.
                    let s = element(at: p)
                    if s >= 0 && s == modes.screenReader.focus { pushAccessibilityEvent(.focusChanged, view: s, at: now) }
                    else { focusElement(at: p) }
                }
                continue
            }
            for k in modes.screenReader.fingers.indices where !modes.screenReader.fingers[k].exploring
                && modes.screenReader.fingers[k].startTime + modes.screenReader.tapTime == d {
                modes.screenReader.fingers[k].exploring = true
                now = Swift.max(now, d)
                resolveTwoFingerTap(at: d)   // a resting finger is no second two-finger tap
                if modes.screenReader.fingers[k].thirdTap {
                    // Held as a third tap: the double tap before it activates once, and the finger explores.
                    modes.screenReader.fingers[k].thirdTap = false
                    modes.screenReader.fingers[k].secondTap = false
                    activateFocus(at: d)
                }
                guard modes.screenReader.fingers.count == 1 else { continue }
                // A double tap and hold passes the finger through to the focused element.
                if modes.screenReader.fingers[k].secondTap && !modes.screenReader.fingers[k].moved && modes.screenReader.groupMax == 1
                    && readableFocus >= 0 && tree.isInteractive(readableFocus) {
                    modes.screenReader.fingers[k].passThrough = true
                    startPassThrough(from: modes.screenReader.fingers[k].last, at: d)
                } else {
                    focusElement(at: modes.screenReader.fingers[k].last)
                }
            }
        }
        fireTimers(upTo: time)
    }
}
