/// Recognizes a press held still for a while (UIKit's `UILongPressGestureRecognizer`,
/// rules 71–77). Continuous: `began` comes from the engine's timer once the required fingers
/// have been down for `minimumPressDuration`; every later movement sends `changed`; lifting any
/// of its fingers ends it.
///
/// With `numberOfTapsRequired > 0` that many taps (tap rules 64–67) must come first, and the
/// press must start within `maximumTapInterval` of the last tap's end.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must be down before the press begins (rule 72). Seconds, ≥ 0;
    /// 0 begins in the touch-down pass. Default 0.5.
    public var minimumPressDuration: Double = 0.5
    /// How far the centroid may move before `began`; farther fails (rule 72). Points, scaled by
    /// the engine's points-per-millimetre setting. Default 10.
    public var allowableMovement: Double = 10
    /// Fingers that must press (rule 71). Default 1.
    public var numberOfTouchesRequired = 1
    public override var touchesNeededToRecognize: Int { numberOfTouchesRequired }
    /// Taps before the press (rule 76). Default 0.
    public var numberOfTapsRequired = 0
    /// Taps and the press must start sooner than this after the previous tap ended (rule 76). Seconds. Default 0.35.
    public var maximumTapInterval: Double = 0.35
    /// How far the taps may land from the first tap's start point (rule 64). Points, scaled. Default 45.
    public var tapAllowableMovement: Double = 45
    /// A tap held longer than this fails the sequence (rule 68). Seconds. Default 1.5.
    public var maximumTapDuration: Double = 1.5

    private enum Phase { case idle, tapping, betweenTaps, pressing }
    private var phase = Phase.idle
    private var tapsCompleted = 0
    private var tapStart: Double = 0
    private var tapReachedCount = false
    private var firstTapCentroid: Point?
    /// Where the centroid was when the required fingers were all down (rule 72).
    private var pressCentroid = Point.zero
    private var pressArmed = false

    @_optimize(size) public init() {
        super.init(kind: .longPress, isContinuous: true)
    }

    /// Number of taps completed before the press.
    public var tapCount: Int { tapsCompleted }

    private var movementLimit: Double { Swift.max(allowableMovement * thresholdScale, noiseFloor(touches: 1)) }
    private var tapMovementLimit: Double { Swift.max(tapAllowableMovement * thresholdScale, noiseFloor(touches: 1)) }
    private var centroid: Point { GestureRecognizer.centroid(of: trackedTouches) }

    private func fail() {
        clearDeadline()
        state = .failed
    }

    public override func touchesBegan(_ touches: [Touch], at time: Double) {
        switch state {
        case .possible:
            break
        case .began, .changed:
            for t in touches { ignore(t) }   // rule 73: extra fingers after began
            return
        default:
            return
        }
        if trackedTouches.count > numberOfTouchesRequired { fail(); return }   // rule 73
        if tapsCompleted < numberOfTapsRequired {
            if phase != .tapping {
                phase = .tapping
                tapStart = time
                tapReachedCount = false
                setDeadline(time + maximumTapDuration * timingScale)
            }
            if trackedTouches.count == numberOfTouchesRequired {
                tapReachedCount = true
                let c = centroid
                if let first = firstTapCentroid {
                    if (c - first).length > tapMovementLimit { fail() }
                } else {
                    firstTapCentroid = c
                }
            }
            return
        }
        phase = .pressing
        guard trackedTouches.count == numberOfTouchesRequired else {
            clearDeadline()   // the interval timer no longer applies once the press has started
            return
        }
        pressCentroid = centroid
        pressArmed = true
        if minimumPressDuration <= 0 {
            clearDeadline()
            state = .began   // rule 72: begins in the touch-down pass
        } else {
            setDeadline(time + minimumPressDuration * timingScale)
        }
    }

    /// Reads `trackedTouches` only (see `trackedTouchesMoved(at:)`).
    public override func touchesMoved(_ touches: [Touch], at time: Double) {
        trackedTouchesMoved(at: time)
    }

    override func trackedTouchesMoved(at time: Double) {
        switch state {
        case .possible:
            if phase == .tapping, let first = firstTapCentroid, trackedTouches.count == numberOfTouchesRequired,
               (centroid - first).length > tapMovementLimit {
                fail()
            } else if phase == .pressing, pressArmed, (centroid - pressCentroid).length > movementLimit {
                fail()
            }
        case .began, .changed:
            state = .changed   // rule 74: no movement limit after began
        default:
            break
        }
    }

    public override func touchesEnded(_ touches: [Touch], at time: Double) {
        switch state {
        case .began, .changed:
            state = .ended   // rule 75: any tracked finger lifting ends it
        case .possible:
            if phase == .tapping {
                if let first = firstTapCentroid, tapReachedCount,
                   (centroid - first).length > tapMovementLimit { fail(); return }
                guard trackedTouches.count == touches.count else { return }   // fingers still down
                guard tapReachedCount else { fail(); return }
                tapsCompleted += 1
                phase = .betweenTaps
                setDeadline(time + maximumTapInterval * timingScale)   // rule 76
            } else {
                fail()   // rule 75: lifted before began
            }
        default:
            break
        }
    }

    public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        clearDeadline()
        state = state == .possible ? .failed : .cancelled
    }

    public override func deadlineReached(at time: Double) {
        guard state == .possible else { return }
        if phase == .pressing && pressArmed {
            state = .began   // rule 72: the press begins from the timer
        } else {
            fail()   // a tap held too long, or the next tap or the press came too late
        }
    }

    public override func reset() {
        phase = .idle
        tapsCompleted = 0
        tapReachedCount = false
        firstTapCentroid = nil
        pressArmed = false
    }
}
