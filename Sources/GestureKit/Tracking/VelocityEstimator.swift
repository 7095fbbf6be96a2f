/// How a pan's velocity is estimated (spec section 7a).
public enum VelocityMode: UInt8, Sendable {
    /// Least-squares fit over the recent samples; zero after a pause before lift-off.
    case leastSquares = 0
    /// UIKit's smoothing: 0.2 × newest sample + 0.8 × previous sample, stale after a pause.
    case uikitCompatible = 1
    /// The mean velocity over the last `window` seconds of the path (the displacement since the
    /// window's start, interpolated between samples, over the window's length). It depends on the
    /// motion, not on the panel's sample rate: a 60 Hz and a 240 Hz panel give the same velocity
    /// for the same motion. Smoother than `.leastSquares` and later to follow a change of speed
    /// (an average over the window rather than the slope at its end); zero after a pause of a
    /// whole window before lift-off.
    case timeWeighted = 2
}

/// Estimates the velocity of a moving point from timestamped samples, without allocating after
/// creation: samples live in a fixed ring of `VelocityEstimator.capacity` entries.
///
/// - Least squares (default): a quadratic fitted to the samples of the last `window` seconds
///   (anchored at the newest sample), its slope at the newest sample. With fewer than three
///   samples, or a degenerate fit, the newest minus the oldest sample over their time
///   difference. An estimate pointing against the net motion over the window is dropped (zero).
/// - UIKit-compatible: each move gives a sample (displacement over its time step; a step under
///   1 ms gives a zero sample), and the velocity is 0.2 × newest + 0.8 × previous sample.
public struct VelocityEstimator {
    public static let capacity = 32

    /// The ring index `back` samples before `newest` (0 ≤ back < capacity), without a division.
    @inline(__always)
    static func slot(_ newest: Int, back: Int) -> Int {
        let i = newest - back
        return i < 0 ? i + capacity : i
    }

    public var mode: VelocityMode = .leastSquares
    /// Samples older than this, relative to the newest, are ignored (seconds). Default 0.1.
    public var window: Double = 0.1

    // The ring, stored inline (no array buffers to check for uniqueness on every sample). A
    // position is one two-lane vector (x, y): the fit adds both coordinates in one operation.
    private var times = InlineArray<32, Double>(repeating: 0)
    private var positions = InlineArray<32, SIMD2<Double>>(repeating: .zero)
    private var newest = -1
    private var stored = 0

    // UIKit-compatible state.
    private var lastPoint = Point.zero
    private var lastTime: Double = 0
    private var hasOrigin = false
    private var sampleNew = Point.zero
    private var samplePrev = Point.zero
    private var uikitSamples = 0

    public init() {}

    /// Forgets every sample.
    public mutating func clear() {
        newest = -1; stored = 0
        hasOrigin = false; uikitSamples = 0
        sampleNew = .zero; samplePrev = .zero
    }

    /// Time of the newest sample, or `nil` when there is none.
    public var newestTime: Double? { stored > 0 ? times[newest] : nil }

    /// Sets where the motion starts (touch-down) without adding a velocity sample.
    public mutating func setOrigin(_ p: Point, at t: Double) {
        lastPoint = p; lastTime = t; hasOrigin = true
    }

    /// Moves every stored position by `delta` (a reference shift, such as a finger added to a pan),
    /// so the shift does not read as motion.
    public mutating func shift(by delta: Point) {
        var k = 0
        while k < stored {
            let i = VelocityEstimator.slot(newest, back: k)
            positions[i] += SIMD2(delta.x, delta.y)
            k += 1
        }
        lastPoint = lastPoint + delta
    }

    /// Adds the position `p` observed at time `t` (seconds, non-decreasing).
    public mutating func add(_ p: Point, at t: Double) {
        newest = newest + 1 == VelocityEstimator.capacity ? 0 : newest + 1
        times[newest] = t; positions[newest] = SIMD2(p.x, p.y)
        if stored < VelocityEstimator.capacity { stored += 1 }

        if hasOrigin {
            let dt = t - lastTime
            let s = dt >= 0.001 ? (p - lastPoint) / dt : Point.zero
            samplePrev = sampleNew
            sampleNew = s
            uikitSamples += 1
        }
        lastPoint = p; lastTime = t; hasOrigin = true
    }

    /// The current estimate in units per second. (A copy of the estimator answers; code that
    /// holds the estimator in a variable reads `currentVelocity()`, which does not copy it.)
    public var velocity: Point {
        var copy = self
        return copy.currentVelocity()
    }

    /// The current estimate in units per second, read in place. It changes nothing: `mutating`
    /// only makes the call take the estimator by address, where a getter on a stored property
    /// would first copy its 800-byte ring.
    public mutating func currentVelocity() -> Point {
        switch mode {
        case .uikitCompatible:
            guard uikitSamples > 0 else { return .zero }
            let v = sampleNew * 0.2 + samplePrev * 0.8
            return v.isFinite ? v : .zero
        case .leastSquares, .timeWeighted:
            let v = leastSquaresVelocity()
            return v.isFinite ? v : .zero
        }
    }

    private mutating func leastSquaresVelocity() -> Point {
        guard stored >= 2 else { return .zero }
        let t0 = times[newest]
        if mode == .timeWeighted {
            return windowMean(count: windowCount(t0: t0), t0: t0) ?? .zero
        }
        // One walk from the newest sample back to the window's start: it counts the window and
        // adds up the fit's sums on the way (the same sums, in the same order, as a second walk).
        // The ring is walked in at most two runs of consecutive slots (the newest down to slot 0,
        // then down from the last slot), so no sample pays for a wrap-around test.
        var sums = FitSums()
        var n = 0
        // Unchecked reads: every slot the walk visits is in the ring (0 ≤ j < capacity).
        let times = self.times.span, positions = self.positions.span
        var top = newest, left = stored
        walk: while left > 0 {
            let bottom = Swift.max(0, top - left + 1)   // this run's oldest slot
            var j = top
            while j >= bottom {
                let age = t0 - times[unchecked: j]
                if age > window {
                    n += top - j
                    break walk
                }
                // τ = (t − t0) · 1000, written as age · −1000: the same double (IEEE subtraction
                // and multiplication are exact under negation), one subtraction fewer per sample.
                sums.add(tau: age * -1000, positions[unchecked: j])
                j -= 1
            }
            n += top - bottom + 1
            left -= top - bottom + 1
            top = VelocityEstimator.capacity - 1
        }
        guard n >= 2 else { return .zero }
        let oldest = VelocityEstimator.slot(newest, back: n - 1)
        let netVector = positions[unchecked: newest] - positions[unchecked: oldest]
        let net = Point(x: netVector.x, y: netVector.y)
        var v: Point
        if n >= 3, let fit = sums.slope(count: n) {
            v = fit
        } else {
            let dt = t0 - times[oldest]
            guard dt > 0 else { return .zero }
            v = net / dt
        }
        if v.dot(net) < 0 { return .zero }   // against the net motion: dropped
        return v
    }

    /// How many of the newest samples lie within `window` seconds of `t0` (the newest time).
    private mutating func windowCount(t0: Double) -> Int {
        var n = 0
        while n < stored && t0 - times[VelocityEstimator.slot(newest, back: n)] <= window { n += 1 }
        return n
    }

    /// The mean velocity over exactly the window [t0 − window, t0]: the newest position minus the
    /// position of the path at the window's start (interpolated between the two samples around
    /// it), over the window. Only the motion decides the result, not where the samples fall in
    /// time, so panels of different sample rates agree. When the stored samples do not reach back
    /// a whole window, the mean is taken over the time they cover.
    private mutating func windowMean(count n: Int, t0: Double) -> Point? {
        let a = VelocityEstimator.slot(newest, back: n - 1)
        let pa = positions[a]
        var start = Point(x: pa.x, y: pa.y)
        var span = t0 - times[a]
        if n < stored {
            let b = VelocityEstimator.slot(newest, back: n)
            let pb = positions[b]
            let gap = times[a] - times[b]
            if gap > 0 && t0 - times[b] > window {
                let u = (t0 - window - times[b]) / gap
                start = Point(x: pb.x + (pa.x - pb.x) * u, y: pb.y + (pa.y - pb.y) * u)
                span = window
            }
        }
        guard span > 0 else { return nil }
        let end = positions[newest]
        return (Point(x: end.x, y: end.y) - start) / span
    }
}

/// The sums of a least-squares quadratic fit x(τ), y(τ) = a + bτ + cτ², with τ = (t − t0) in
/// milliseconds for conditioning (t0 the newest sample's time).
///
/// The sums are kept in two-lane vectors so that one operation adds two of them: (Στ, Στ²),
/// (Στ³, Στ⁴), and x and y side by side in the others. Each lane is the same sum, added in the same
/// order, as a scalar would be (IEEE arithmetic is per lane, and Swift never fuses a multiply
/// with an add), so the estimate is bit for bit what one sum per variable gives.
///
/// The number of samples (the sum of τ⁰) is not added up: the caller counts the samples anyway
/// and passes the count to `slope(count:)` (a sum of ones is exact, so it is the same double).
struct FitSums {
    /// (Στ, Στ²) and (Στ³, Στ⁴): two-lane vectors, the width of the baseline x86-64 registers.
    private var low = SIMD2<Double>(), high = SIMD2<Double>()
    /// (Σx, Σy), (Στx, Στy), (Στ²x, Στ²y).
    private var t0 = SIMD2<Double>(), t1 = SIMD2<Double>(), t2 = SIMD2<Double>()

    @inline(__always)
    mutating func add(tau: Double, _ p: SIMD2<Double>) {
        let tau2 = tau * tau
        low += SIMD2(tau, tau2)
        high += SIMD2(tau2, tau2) * SIMD2(tau, tau2)   // (τ³, τ⁴) as (τ²·τ, τ²·τ²)
        t0 += p
        t1 += p * tau
        t2 += p * tau2
    }

    /// The fit's slope at τ = 0, in units per second, for the `count` samples added; `nil` when
    /// the system is degenerate.
    func slope(count: Int) -> Point? {
        let s0 = Double(count)
        let s1 = low[0], s2 = low[1], s3 = high[0], s4 = high[1]
        // Cramer's rule for the middle unknown (b) of [[s0 s1 s2][s1 s2 s3][s2 s3 s4]]·[a b c] = t.
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        guard det.isFinite, abs(det) > 1e-9 * Swift.max(1, s4 * s4) else { return nil }
        func slope(_ t0v: Double, _ t1v: Double, _ t2v: Double) -> Double {
            let detB = s0 * (t1v * s4 - s3 * t2v) - t0v * (s1 * s4 - s3 * s2) + s2 * (s1 * t2v - t1v * s2)
            return detB / det * 1000
        }
        return Point(x: slope(t0.x, t1.x, t2.x), y: slope(t0.y, t1.y, t2.y))
    }
}
