/// The velocity of a scalar gesture value (pinch scale, rotation angle), per second.
///
/// - `.uikitCompatible` (the default for pinch and rotation, rules 101 and 106): each move gives
///   a sample, the change since the previous move over the time between them (a step under 1 ms
///   gives a zero sample), smoothed as 0.75 × the previous smoothed value + 0.25 × the sample.
///   The first sample is the first move after `began`. A pause before lift-off keeps the value.
/// - `.leastSquares`: the pan's estimator of spec 7a applied to the value (a quadratic fitted to
///   the samples of the last `window` seconds), zero after a pause longer than `pauseLimit`
///   before lift-off.
public struct ScalarVelocity {
    public var mode: VelocityMode = .uikitCompatible
    /// Least-squares window in seconds. Default 0.1.
    public var window: Double {
        get { estimator.window }
        set { estimator.window = newValue }
    }
    /// Least-squares mode: a pause longer than this before lift-off gives zero. Seconds. Default 0.04.
    public var pauseLimit: Double = 0.04

    private var estimator = VelocityEstimator()
    private var smoothed = 0.0
    private var lastValue = 0.0
    private var lastTime = 0.0
    private var started = false
    private var stopped = false

    public init() {
        estimator.mode = .leastSquares
    }

    /// Forgets everything; the velocity reads 0.
    public mutating func clear() {
        estimator.clear()
        smoothed = 0; started = false; stopped = false
    }

    /// The gesture began with `value` at `time`: the first point, no sample yet.
    public mutating func start(_ value: Double, at time: Double) {
        clear()
        estimator.add(Point(x: value, y: 0), at: time)
        lastValue = value; lastTime = time; started = true
    }

    /// A move changed the value to `value` at `time`.
    public mutating func add(_ value: Double, at time: Double) {
        guard started else { start(value, at: time); return }
        estimator.add(Point(x: value, y: 0), at: time)
        let dt = time - lastTime
        let sample = dt >= 0.001 ? (value - lastValue) / dt : 0
        if sample.isFinite { smoothed = 0.75 * smoothed + 0.25 * sample }
        lastValue = value; lastTime = time
    }

    /// The host re-based the value (e.g. `scale = 1`): earlier samples move with it, so the jump
    /// does not read as motion.
    public mutating func shift(by delta: Double) {
        guard started, delta.isFinite else { return }
        estimator.shift(by: Point(x: delta, y: 0))
        lastValue += delta
    }

    /// The last finger lifted at `time`.
    public mutating func finish(at time: Double) {
        if let newest = estimator.newestTime, time - newest > pauseLimit { stopped = true }
    }

    /// The current velocity, per second. (A copy answers; see `currentValue()`.)
    public var value: Double {
        var copy = self
        return copy.currentValue()
    }

    /// The current velocity, per second, read in place (see `VelocityEstimator.currentVelocity()`).
    public mutating func currentValue() -> Double {
        switch mode {
        case .uikitCompatible:
            return smoothed.isFinite ? smoothed : 0
        case .leastSquares, .timeWeighted:
            if stopped { return 0 }
            let v = estimator.currentVelocity().x
            return v.isFinite ? v : 0
        }
    }
}
