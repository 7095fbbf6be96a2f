/// Explore-by-touch's commands of several fingers, decided when the group of fingers lifts: the
/// two-finger tap (pause), double tap (magic tap), scrub (escape) and swipe (read all), the
/// three-finger tap (position) and swipe (scroll), and the four-finger tap (first or last
/// element). `ScreenReader.swift` follows the fingers; docs/ACCESSIBILITY.md lists the gestures.

extension Engine {
    /// The last finger of a group lifted (not cancelled): the group's command.
    @_optimize(size) func groupEnded(lastFinger f: ScreenReaderState.Finger, at time: Double) {
        // The group's gesture. A two-finger tap waiting for a second one becomes a pause first,
        // unless this group is that second tap (a magic tap).
        let tapped = modes.screenReader.groupQuick && time - modes.screenReader.groupStart <= modes.screenReader.tapTime
        let m = modes.screenReader.groupMove / Double(Swift.max(modes.screenReader.groupLifted, 1))
        let swiped = time - modes.screenReader.groupStart <= 2 * modes.screenReader.tapTime
            && Swift.max(abs(m.x), abs(m.y)) >= ScreenReaderState.flickDistance
        let magic = modes.screenReader.groupMax == 2 && tapped && !modes.screenReader.splitTapped
            && modes.screenReader.scrubLegs < 3 && modes.screenReader.twoTapPending
        if !magic { resolveTwoFingerTap(at: time) }
        switch modes.screenReader.groupMax {
        case 1:
            fingerLifted(f, at: time)
        case 2:
            if modes.screenReader.splitTapped { return }
            if modes.screenReader.scrubLegs >= 3 {
                pushAccessibilityEvent(.escape, view: readableFocus, at: time)
            } else if magic {
                modes.screenReader.twoTapPending = false
                modes.screenReader.twoTapDeadline = .infinity
                pushAccessibilityEvent(.magicTap, view: readableFocus, at: time)
            } else if tapped {
                // A pause once no second two-finger tap follows.
                modes.screenReader.twoTapPending = true
                modes.screenReader.twoTapDeadline = time + modes.screenReader.doubleTapTime
            } else if swiped && abs(m.y) > 2 * abs(m.x) {
                readAll(fromTop: m.y < 0, at: time)
            }
        case 3:
            if tapped {
                pushAccessibilityEvent(.position, view: readableFocus, at: time)
                return
            }
            guard swiped else { return }
            let direction: SwipeDirection = abs(m.x) > abs(m.y) ? (m.x > 0 ? .right : .left) : (m.y > 0 ? .down : .up)
            scrollPage(direction, from: modes.screenReader.groupOrigin, at: time)
        case 4:
            // A four-finger tap: the first element near the top of the screen, the last near the bottom.
            if tapped { moveFocus(modes.screenReader.groupOrigin.y < tree[0].size.height / 2 ? .first : .last, at: time) }
        default:
            break
        }
    }

    /// A two-finger tap that no second one followed: a pause.
    @_optimize(size) func resolveTwoFingerTap(at time: Double) {
        guard modes.screenReader.twoTapPending else { return }
        modes.screenReader.twoTapPending = false
        modes.screenReader.twoTapDeadline = .infinity
        pushAccessibilityEvent(.pause, view: readableFocus, at: time)
    }

    /// A two-finger swipe down reads from the focused element (or the first) to the end; up, from
    /// the first. The focus moves to where reading starts, and the event names it; the host moves
    /// it on after each utterance.
    @_optimize(size) private func readAll(fromTop: Bool, at time: Double) {
        var start = readableFocus
        if fromTop || start < 0 { start = focusTarget(.first) }
        guard start >= 0 else {
            pushAccessibilityEvent(.boundary, view: -1, at: time)
            return
        }
        modes.screenReader.focus = start
        pushAccessibilityEvent(.readAll, view: start, at: time)
        if !isReachable(start) { pushAccessibilityEvent(.scrollIntoView, view: start, at: time) }
    }

    /// Counts the sideways legs of two fingers moving together (a scrub is three: a Z).
    @_optimize(size) func trackScrub() {
        let x = fingersCentroid().x
        let d = x - modes.screenReader.scrubExtreme
        if modes.screenReader.scrubDirection == 0 {
            if abs(d) >= ScreenReaderState.scrubLeg {
                modes.screenReader.scrubDirection = d > 0 ? 1 : -1
                modes.screenReader.scrubLegs = 1
                modes.screenReader.scrubExtreme = x
            }
        } else if d * modes.screenReader.scrubDirection > 0 {
            modes.screenReader.scrubExtreme = x   // further the same way
        } else if abs(d) >= ScreenReaderState.scrubLeg {
            modes.screenReader.scrubDirection = -modes.screenReader.scrubDirection
            modes.screenReader.scrubLegs += 1
            modes.screenReader.scrubExtreme = x
        }
    }
}
