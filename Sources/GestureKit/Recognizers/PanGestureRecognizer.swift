/// Recognizes a drag of one or more fingers (UIKit's `UIPanGestureRecognizer`, rules 78–88).
/// Continuous: begins once the centroid has moved `hysteresis` points along x or y, reports
/// `changed` on every movement, ends when the last finger lifts.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers that must be down for the pan to begin or change (rule 78). Default 1.
    public final var minimumNumberOfTouches = 1
    open override var touchesNeededToRecognize: Int { minimumNumberOfTouches }
    /// Most fingers the pan tracks; more while `possible` fails it (rules 78, 87). Default unlimited.
    public final var maximumNumberOfTouches = Int.max
    /// Movement along one axis needed to begin (rule 79), points, scaled by the engine's
    /// points-per-millimetre setting. Default 10.
    public final var hysteresis: Double = 10
    /// How `velocity(in:)` is estimated (spec 7a).
    public final var velocityMode: VelocityMode {
        get { estimator.mode }
        set { estimator.mode = newValue }
    }
    /// Samples older than this are ignored by the least-squares estimator (seconds). Default 0.1.
    public final var velocityWindow: Double {
        get { estimator.window }
        set { estimator.window = newValue }
    }
    /// With the least-squares estimator, a pause longer than this before lift-off gives a zero
    /// velocity at `ended` (seconds). Default 0.04.
    public final var velocityPauseLimit: Double = 0.04
    /// `changed` actions carry the velocity too. Off by default: `began` and `ended` always carry
    /// it, and `velocity(in:)` computes it at any time; the fit is most of a pan frame's work.
    public final var reportsVelocityOnChange = false
    /// With two or more fingers down, points a second of motion that does not count toward
    /// beginning (`RestingDrift`, without its settling allowance): a resting hand's creep never
    /// begins a two-finger pan. One finger pans as rule 79 says, however slowly it moves. 0 gives the
    /// plain rule 79. Scaled like the hysteresis. Default 10.
    public final var driftAllowance: Double = 10

    final var estimator = VelocityEstimator()
    /// Offset that keeps the centroid continuous when fingers are added or lifted (rule 86).
    private final var centroidOffset = Point.zero
    /// Reference point for the translation, window coordinates.
    private final var reference = Point.zero
    /// Where the begin test measures from: `reference`, followed at the drift allowance while two
    /// or more fingers are down and the pan is possible.
    private final var restingReference = Point.zero
    private final var drift = RestingDrift()
    private final var adjusted = Point.zero
    private final var hasTouches = false
    private final var stoppedAtEnd = false

    @_optimize(size) public init() {
        super.init(kind: .pan, isContinuous: true)
    }

    init(kind: GestureKind) {
        super.init(kind: kind, isContinuous: true)
    }

    /// The adjusted centroid (rule 88) in window coordinates.
    public override var windowLocation: Point { adjusted }

    /// Total movement since the reference point, in `view`'s coordinates (rule 81).
    public final func translation(in view: ViewID?) -> Point {
        convertVector(adjusted - reference, to: view)
    }

    /// Moves the reference point so that `translation(in: view)` equals `value` (rule 81).
    /// Does not affect the velocity (rule 84).
    @_optimize(size) public final func setTranslation(_ value: Point, in view: ViewID?) {
        guard value.isFinite else { return }
        let current = translation(in: view)
        // The difference between the wanted and the current translation, back in window units.
        let delta = value - current
        let windowDelta: Point
        if let host, let view, host.tree.contains(view) {
            let origin = host.tree.convert(Point.zero, from: view)
            windowDelta = host.tree.convert(delta, from: view) - origin
        } else {
            windowDelta = delta
        }
        reference = reference - windowDelta
        restingReference = restingReference - windowDelta
    }

    /// Velocity in points per second, in `view`'s coordinates (rule 82, spec 7a).
    public final func velocity(in view: ViewID?) -> Point {
        convertVector(windowVelocity, to: view)
    }

    final var windowVelocity: Point {
        if stoppedAtEnd && estimator.mode == .leastSquares { return .zero }
        // Read in place: `estimator.velocity` on the stored property would copy the estimator
        // (its 800-byte sample ring) on every action.
        return estimator.currentVelocity()
    }

    /// The hysteresis in points after the engine's points-per-millimetre scaling.
    var threshold: Double { Swift.max(hysteresis * thresholdScale, noiseFloor(touches: 1)) }

    /// Whether the translation `t` (window points) is enough to begin (rule 79: either axis
    /// reaches the hysteresis). The screen-edge pan measures along its edge's normal instead.
    func crossesHysteresis(_ t: Point) -> Bool {
        abs(t.x) >= threshold || abs(t.y) >= threshold
    }

    private final func rawCentroid() -> Point { GestureRecognizer.centroid(of: trackedTouches) }

    /// Re-bases the offset after the set of touches changed, so that the adjusted centroid does
    /// not jump (rule 86).
    private final func rebase() {
        guard !trackedTouches.isEmpty else { return }
        centroidOffset = adjusted - rawCentroid()
    }

    public override func touchesBegan(_ touches: [Touch], at time: Double) {
        if !hasTouches {
            hasTouches = true
            adjusted = rawCentroid()
            reference = adjusted
            restingReference = adjusted
            centroidOffset = .zero
            estimator.clear()
            estimator.setOrigin(adjusted, at: time)
            // The touch-down is the path's first sample (as Android's and Flutter's trackers take it):
            // a fling shorter than the window is fitted from where it started.
            estimator.add(adjusted, at: time)
            stoppedAtEnd = false
        }
        if state == .possible {
            if trackedTouches.count > maximumNumberOfTouches { state = .failed; return }   // rule 87
        } else {
            // After it began, extra fingers are not tracked (rule 87).
            while trackedTouches.count > maximumNumberOfTouches, let last = trackedTouches.last {
                ignore(last)
            }
        }
        rebase()
        if trackedTouches.count >= 2 { drift.landed(at: time) }
    }

    /// Reads `trackedTouches` only: `touches` (the moved ones) does not change the centroid's
    /// inputs, which are every tracked touch.
    public override func touchesMoved(_ touches: [Touch], at time: Double) {
        trackedTouchesMoved(at: time)
    }

    override final func trackedTouchesMoved(at time: Double) {
        guard hasTouches, !trackedTouches.isEmpty else { return }
        adjusted = rawCentroid() + centroidOffset
        estimator.add(adjusted, at: time)
        let enough = trackedTouches.count >= minimumNumberOfTouches
        switch state {
        case .possible:
            guard enough else { return }
            if trackedTouches.count >= 2 {
                let allowance = drift.allowance(at: time, rate: driftAllowance * thresholdScale, settles: false)
                if allowance > 0 {
                    restingReference = RestingDrift.follow(restingReference, toward: adjusted, by: allowance)
                }
            }
            if crossesHysteresis(adjusted - restingReference) {
                let t = adjusted - reference
                let h = threshold
                // Rule 80: move the reference h toward the touch on each axis, not past it.
                let dx = Swift.min(abs(t.x), h) * (t.x < 0 ? -1 : 1)
                let dy = Swift.min(abs(t.y), h) * (t.y < 0 ? -1 : 1)
                reference = reference + Point(x: dx, y: dy)
                state = .began
            }
        case .began, .changed:
            if enough { state = .changed }
        default:
            break
        }
    }

    public override func touchesEnded(_ touches: [Touch], at time: Double) {
        guard hasTouches else { return }
        // The lift-off position counts for the translation but adds no velocity sample.
        adjusted = rawCentroid() + centroidOffset
        // Centroid of the touches that stay down (no allocation: this runs on every lift).
        var sum = Point.zero
        var remaining = 0
        for t in trackedTouches where !touches.contains(where: { $0.serial == t.serial }) {
            sum = sum + t.location
            remaining += 1
        }
        if remaining == 0 {
            // The time-weighted estimator takes the lift as the last report of the motion, so the
            // window ends at the lift whatever the panel's sample rate.
            if estimator.mode == .timeWeighted, let last = estimator.newestTime, time > last {
                estimator.add(adjusted, at: time)
            }
            if let last = estimator.newestTime, time - last > velocityPauseLimit { stoppedAtEnd = true }
            if estimator.newestTime == nil { stoppedAtEnd = true }
            state = state == .possible ? .failed : .ended   // rule 85
        } else {
            centroidOffset = adjusted - sum / Double(remaining)
        }
    }

    public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        state = state == .possible ? .failed : .cancelled   // rule 20
    }

    public override func didReleaseFromFailureRequirement(at time: Double) {
        reference = adjusted   // rule 44: a released pan starts from zero translation
        restingReference = adjusted
    }

    public override func reset() {
        hasTouches = false
        centroidOffset = .zero
        reference = .zero
        restingReference = .zero
        adjusted = .zero
        stoppedAtEnd = false
        estimator.clear()
    }

    public override func fillSnapshot(_ snapshot: inout ActionSnapshot) {
        snapshot.translation = adjusted - reference
        if _state != .changed || reportsVelocityOnChange { snapshot.velocity = windowVelocity }
    }
}
