/// A recognizer's timer: the deadline its own logic asks for, and the landing window's
/// (`landingWindow`), which the engine fires as one (`Engine.advance(to:)`).
extension GestureRecognizer {
    /// Asks the engine to call `deadlineReached(at:)` at time `t` (engine time, seconds).
    /// One deadline per recognizer; a new request replaces the old one.
    public final func setDeadline(_ t: Double) {
        ownDeadline = t.isNaN ? .infinity : t
        if deadline.isFinite { withHost { $0.scheduleTimer(for: self) } }
    }

    /// Removes the pending deadline.
    public final func clearDeadline() { ownDeadline = .infinity }

    /// No timer at all: the recognizer's own deadline and the landing window's (a reset, a forced failure).
    final func clearTimers() {
        ownDeadline = .infinity
        landingDeadline = .infinity
    }

    /// After a frame's touches began or ended for this recognizer (called by the engine only when
    /// `landingWindow` is set): a landing short of the touches needed restarts the window, a
    /// lift that leaves it short starts one if none runs, and enough touches (or none) stop it.
    final func updateLandingWindow(landed: Bool, at time: Double) {
        let count = trackedTouches.count
        if _state != .possible || count == 0 || count >= touchesNeededToRecognize {
            landingDeadline = .infinity
        } else if landed || !landingDeadline.isFinite {
            landingDeadline = time + landingWindow * timingScale
        } else {
            return
        }
        if deadline.isFinite { withHost { $0.scheduleTimer(for: self) } }
    }

    /// The engine's timer call: the landing window first (it fails the recognizer when the
    /// touches it needs are still not all down), then the recognizer's own deadline.
    final func timerFired(at time: Double) {
        if landingDeadline <= time {
            landingDeadline = .infinity
            let count = trackedTouches.count
            if _state == .possible && count > 0 && count < touchesNeededToRecognize {
                ownDeadline = .infinity
                state = .failed
                return
            }
        }
        if ownDeadline <= time {
            ownDeadline = .infinity
            deadlineReached(at: time)
        }
    }
}
