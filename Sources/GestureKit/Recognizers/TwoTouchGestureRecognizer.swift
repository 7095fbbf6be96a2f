
/// The common part of pinch and rotation: a pair of touches, their distance, the angle of the
/// line between them (unwrapped, so it may pass ±π) and their centroid, measured from where the
/// pair was complete (spec 6.7). Touches beyond the pair are ignored (rules 99, 104).
///
/// Subclasses decide when to begin (`beginsNow()`), what they report (`pairMoved(at:)`), and
/// how they keep their value continuous when a lifted finger is replaced (`pairRestored()`).
public class TwoTouchGestureRecognizer: GestureRecognizer {
    /// Weight of the pinch component in the dominance test (spec 6.7).
    public final var pinchWeight: Double
    /// Weight of the rotation component in the dominance test.
    public final var rotationWeight: Double
    /// Weight of the translation component in the dominance test.
    public final var translationWeight: Double = 0.5
    /// Two fingers: the landing window (`landingWindow`) runs while one is down.
    public override var touchesNeededToRecognize: Int { 2 }
    /// How the velocity is estimated; see `ScalarVelocity`.
    public final var velocityMode: VelocityMode {
        get { tracker.mode }
        set { tracker.mode = newValue }
    }
    /// Least-squares window (s). Default 0.1.
    public final var velocityWindow: Double {
        get { tracker.window }
        set { tracker.window = newValue }
    }
    /// Least-squares pause limit before lift-off (s). Default 0.04.
    public final var velocityPauseLimit: Double {
        get { tracker.pauseLimit }
        set { tracker.pauseLimit = newValue }
    }

    /// Points a second of motion that does not count toward beginning (`RestingDrift`): a still
    /// hold's creep and its pads settling never begin a pinch or a rotation. 0 gives the plain
    /// rules 99 and 104. Scaled like the thresholds. Default 10.
    public final var driftAllowance: Double = 10

    final var tracker = ScalarVelocity()
    private final var drift = RestingDrift()
    /// The distance and angle the begin tests measure from: they follow the pair at the drift
    /// allowance while the gesture is possible.
    private final var restingDistance = 0.0
    private final var restingAngle = 0.0
    /// The tracker's current velocity, read in place: `tracker.value` on the stored property would
    /// copy the tracker and its sample ring on every read (once per action).
    final var trackerValue: Double { tracker.currentValue() }
    private final var serialA: UInt64?
    private final var serialB: UInt64?
    /// The pair has been complete at least once since the reset.
    private(set) var measuring = false
    private(set) var startDistance = 0.0
    private final var startCentroid = Point.zero
    /// Current distance between the pair.
    private(set) var distance = 0.0
    /// Angle turned since the pair was complete, radians, clockwise positive on a y-down screen.
    private(set) var angle = 0.0
    private final var lastRawAngle = 0.0
    private final var centroidNow = Point.zero

    /// A pinch reads the angle only to decide whether to begin (rotation must not dominate); a
    /// rotation reads it throughout.
    private let needsAngleOnceBegun: Bool

    init(kind: GestureKind, ownWeight: Double, otherWeight: Double, isPinch: Bool) {
        pinchWeight = isPinch ? ownWeight : otherWeight
        rotationWeight = isPinch ? otherWeight : ownWeight
        needsAngleOnceBegun = !isPinch
        super.init(kind: kind, isContinuous: true)
    }

    /// Both touches of the pair are down.
    public final var pairIsComplete: Bool { serialA != nil && serialB != nil }

    /// |d − d₀|, points.
    final var pinchAmount: Double { abs(distance - startDistance) }
    /// d₀ × |Δθ|, points of arc.
    final var rotationAmount: Double { startDistance * abs(angle) }
    /// |d − d_rest|: the change of distance the begin test counts (drift left out).
    final var pinchAmountToBegin: Double { abs(distance - restingDistance) }
    /// |Δθ − θ_rest|: the turn the begin test counts, radians (drift left out).
    final var angleToBegin: Double { abs(angle - restingAngle) }
    /// The centroid's displacement since the pair was complete, points.
    final var translationAmount: Double { (centroidNow - startCentroid).length }

    // MARK: Subclass hooks

    /// While `possible` with the pair complete and moving: whether to begin now.
    func beginsNow() -> Bool { false }
    /// The pair moved while the gesture is in progress (and when it begins).
    func pairMoved(at time: Double) {}
    /// A replacement finger completed the pair again after the gesture began.
    func pairRestored() {}
    /// Called from `reset()`.
    func resetValues() {}

    // MARK: Geometry

    private final func locations() -> (Point, Point)? {
        guard let a = serialA, let b = serialB else { return nil }
        var pa: Point?, pb: Point?
        // By index, two fields each: a `for` loop would copy every tracked touch whole.
        var i = 0
        while i < trackedTouches.count {
            let serial = trackedTouches[i].serial
            if serial == a { pa = trackedTouches[i].location } else if serial == b { pb = trackedTouches[i].location }
            i += 1
        }
        guard let pa, let pb else { return nil }
        return (pa, pb)
    }

    /// Updates distance, angle and centroid; `continuing` false starts a new angle reference.
    private final func measure(continuing: Bool) {
        guard let (a, b) = locations() else { return }
        let v = b - a
        distance = v.length
        centroidNow = (a + b) / 2
        guard distance > 1e-9 else { return }   // the angle is undefined for coincident touches
        // Nothing reads a begun pinch's angle until its reset clears it: skip the arctangent.
        guard needsAngleOnceBegun || _state == .possible else { return }
        let raw = Trigonometry.atan2(v.y, v.x)
        if continuing {
            var delta = raw - lastRawAngle
            if delta > Double.pi { delta -= 2 * Double.pi } else if delta < -Double.pi { delta += 2 * Double.pi }
            angle += delta
        }
        lastRawAngle = raw
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: [Touch], at time: Double) {
        guard state == .possible || state.isInProgress else { return }
        for t in touches {
            if serialA == nil { serialA = t.serial } else if serialB == nil { serialB = t.serial } else { ignore(t) }
        }
        guard pairIsComplete else { return }
        if state == .possible {
            measuring = true
            angle = 0
            measure(continuing: false)
            startDistance = distance
            startCentroid = centroidNow
            restingDistance = distance
            restingAngle = 0
            drift.landed(at: time)
        } else {
            measure(continuing: false)   // a new line between the fingers: keep the angle continuous
            pairRestored()
        }
    }

    /// Reads the pair from `trackedTouches`: `touches` (the moved ones) is not needed.
    public override func touchesMoved(_ touches: [Touch], at time: Double) {
        trackedTouchesMoved(at: time)
    }

    override final func trackedTouchesMoved(at time: Double) {
        guard pairIsComplete else { return }
        measure(continuing: true)
        switch state {
        case .possible:
            let allowance = drift.allowance(at: time, rate: driftAllowance * thresholdScale, settles: true)
            if allowance > 0 {
                restingDistance = RestingDrift.follow(restingDistance, toward: distance, by: allowance)
                restingAngle = RestingDrift.follow(restingAngle, toward: angle,
                                                   by: allowance / Swift.max(startDistance, 1))
            }
            if beginsNow() {
                pairMoved(at: time)   // sets the began values while the state still reads possible
                state = .began
            }
        case .began, .changed:
            pairMoved(at: time)
            state = .changed
        default:
            break
        }
    }

    public override func touchesEnded(_ touches: [Touch], at time: Double) {
        for t in touches {
            if t.serial == serialA { serialA = nil } else if t.serial == serialB { serialB = nil }
        }
        guard trackedTouches.count <= touches.count else { return }   // a finger stays down (rule 102)
        if state == .possible {
            state = .failed
        } else if state.isInProgress {
            tracker.finish(at: time)
            state = .ended   // rules 102, 107: both fingers lifted
        }
    }

    public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        state = state == .possible ? .failed : .cancelled
    }

    public override func reset() {
        serialA = nil
        serialB = nil
        measuring = false
        startDistance = 0
        restingDistance = 0
        restingAngle = 0
        distance = 0
        angle = 0
        lastRawAngle = 0
        startCentroid = .zero
        centroidNow = .zero
        tracker.clear()
        resetValues()
    }
}
