/// The 1€ filter (Casiez, Roussel and Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter for
/// Noisy Input in Interactive Systems", CHI 2012) for a 2-D position.
///
/// An exponential low-pass whose cutoff frequency is `minimumCutoff + beta × speed`: a resting
/// finger is smoothed hard (little jitter), a fast one barely (little lag). The speed is itself
/// low-passed at `derivativeCutoff`. Times in seconds, positions in points.
///
/// One change from the paper: a sample farther than `jump` from the filtered position is motion no
/// jitter makes, and the speed that sets the cutoff is then at least that sample's own. The
/// low-passed speed starts from zero at a finger's first move, so the paper's filter holds back a
/// finger that starts moving (a two-finger drag's first 21 pt step became 15.3 pt, 18.6 now): the
/// fingers' centroid fell short of the pan's 10 pt while their angle passed the rotation's 5°,
/// and the drag was read as a rotation.
struct OneEuroFilter {
    var minimumCutoff: Double
    var beta: Double
    var derivativeCutoff = 1.0
    /// Distance from the filtered position beyond which the sample's own speed counts (points).
    var jump = Double.infinity

    private(set) var value = Point.zero
    private var speed = Point.zero
    private var lastTime = 0.0
    private var started = false

    init(minimumCutoff: Double, beta: Double) {
        self.minimumCutoff = minimumCutoff
        self.beta = beta
    }

    /// The smoothing factor of a low-pass at `cutoff` Hz for samples `dt` seconds apart.
    private static func alpha(cutoff: Double, dt: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / dt)
    }

    /// Starts at `p`, unfiltered.
    mutating func reset(_ p: Point, at time: Double) {
        value = p
        speed = .zero
        lastTime = time
        started = true
    }

    /// The filtered position for the sample `p` at `time`. A sample at the same time as the last
    /// one (or earlier) is taken as 1 ms later.
    mutating func filter(_ p: Point, at time: Double) -> Point {
        guard started else {
            reset(p, at: time)
            return p
        }
        let dt = Swift.max(time - lastTime, 0.001)
        lastTime = Swift.max(time, lastTime)
        let raw = Point(x: (p.x - value.x) / dt, y: (p.y - value.y) / dt)
        let ad = OneEuroFilter.alpha(cutoff: derivativeCutoff, dt: dt)
        speed = Point(x: speed.x + ad * (raw.x - speed.x), y: speed.y + ad * (raw.y - speed.y))
        var magnitude = (speed.x * speed.x + speed.y * speed.y).squareRoot()
        let step = ((p.x - value.x) * (p.x - value.x) + (p.y - value.y) * (p.y - value.y)).squareRoot()
        if step > jump { magnitude = Swift.max(magnitude, step / dt) }
        let a = OneEuroFilter.alpha(cutoff: minimumCutoff + beta * magnitude, dt: dt)
        value = Point(x: value.x + a * (p.x - value.x), y: value.y + a * (p.y - value.y))
        return value
    }
}
