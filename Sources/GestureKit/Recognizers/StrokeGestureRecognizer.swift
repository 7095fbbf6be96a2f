
/// Which matcher a stroke recognizer uses (docs/STROKES.md).
public enum StrokeMatching: UInt8, Sendable {
    /// One stroke, matched point by point in drawing order (`StrokeMatcher`, the "$1" idea).
    case unistroke = 0
    /// One or more strokes as a cloud of points: stroke order, direction and count do not matter
    /// (`PointCloudMatcher`, the "$P" idea). The gesture ends `strokePause` after the last lift.
    case pointCloud = 1
}

/// Recognizes a shape drawn with one finger (a check mark, a circle, …) by matching the stroke
/// against named templates when the finger lifts. Discrete: `possible → ended` at the lift when the
/// best template scores at least `threshold`, else `failed`; so taps and pans on the same view win
/// or lose against it by the ordinary rules (docs/STROKES.md). With `.pointCloud` matching, the
/// shape may take several strokes, one finger at a time: it is matched when no finger has been
/// down for `strokePause`.
public final class StrokeGestureRecognizer: GestureRecognizer {
    /// Least score (0…1) a match needs. Default 0.804, where the point cloud accepts about 93 % of
    /// known shapes drawn by strangers and about 8 % of unknown ones (docs/STROKES.md).
    public var threshold: Double = 0.804
    /// Shorter strokes fail without matching (a tap is not a shape). Points, scaled. Default 30.
    public var minimumLength: Double = 30
    /// Match shapes whatever their orientation (the original method). Default false: a shape
    /// turned over is another shape (a caret is not a v).
    public var rotationInvariant: Bool {
        get { matcher.rotationInvariant }
        set { matcher.rotationInvariant = newValue }
    }

    /// The matcher. Default `.pointCloud`: across people, in pieces, in any order and direction,
    /// it keeps its accuracy where the unistroke matcher does not (docs/STROKES.md).
    public var matching: StrokeMatching = .pointCloud
    /// With `.pointCloud`: seconds without a finger down after which the strokes so far are
    /// matched (0 matches at the first lift, one stroke only). Default 0.5.
    public var strokePause: Double = 0.5
    /// Most strokes in one shape (`.pointCloud`); one more fails. Default 8.
    public var maximumStrokes: Int = 8

    /// Most points the recognizer keeps of the strokes being drawn. When the path fills up (a finger
    /// or pen left on the panel, a stuck contact), every other point is dropped and from then on
    /// only every second move is kept, then every fourth, and so on: memory stays at this many points
    /// however long the touch lasts, and the path keeps its shape, the start and end of each stroke
    /// included (the matchers resample every path to a few dozen points anyway). 1,024 points is
    /// 8.5 s of drawing at 120 Hz.
    public static let pathCapacity = 1024

    /// With `.pointCloud`: seconds to wait instead of `strokePause` when the strokes so far fit
    /// the beginning of a template of more strokes and match no whole template (the first stroke
    /// of an H, the first two of an asterisk drawn bars first). People pause between strokes a
    /// median 0.46 to 0.82 s (the $1 logs; MMG: 0.45 to 0.62 s), and more than half of the shapes
    /// have a pause over 0.5 s somewhere (docs/STROKES.md, "When a shape ends"). Never less than
    /// `strokePause`. Default 3.
    public var continuationPause: Double = 3
    /// With `.pointCloud`: the wait instead, when the strokes so far already match a whole template
    /// and also fit the beginning of a longer one: a line that may become a T, an X that may become
    /// an asterisk. People pause between strokes longer than 1 s about one time in ten, so waiting
    /// 1 s cuts a few shapes short, but a finished shape is decided within 1 s of its last lift
    /// (docs/STROKES.md, "When a shape ends"). Between `strokePause` and `continuationPause`.
    /// Default 1.
    public var completePause: Double = 1

    var matcher = StrokeMatcher()
    var cloudMatcher = PointCloudMatcher()
    /// The beginnings of the multistroke templates: for a template of n strokes, its first k
    /// strokes for each k in 1..<n, as clouds; `beginningStrokes[i]` is the k of cloud i.
    private var beginnings = PointCloudMatcher()
    private var beginningStrokes: [Int32] = []
    /// Whether each template is nearly a straight line (see `LineCheck`).
    private var templateIsLine: [Bool] = []
    private var path: [Point] = []
    private var strokeOf: [Int32] = []
    private var strokes: Int32 = 0
    private var tracking: UInt64 = 0
    /// Keep one move in `keepEvery` (1 until the path first fills up; doubled at each compaction).
    private var keepEvery = 1
    private var movesSkipped = 0
    /// Points kept so far (for tests: never above `pathCapacity`).
    var pathPointCount: Int { path.count }
    /// The recognized template's index, score and the stroke's bounding box (window points).
    public private(set) var result: (template: Int, score: Double, bounds: Rect)?

    @_optimize(size) public init() {
        super.init(kind: .stroke, isContinuous: false)
        path.reserveCapacity(256)
        strokeOf.reserveCapacity(256)
    }

    /// The templates, in the order they were added.
    public var templates: [StrokeTemplate] { matcher.templates }

    /// Adds a template from its points (any size, position and drawing speed); returns its index,
    /// or nil when the points do not make a stroke.
    @discardableResult
    @_optimize(size) public func addTemplate(name: [UInt8], points: [Point]) -> Int? {
        addTemplate(name: name, points: points, strokeOf: [Int32](repeating: 0, count: points.count))
    }

    /// Adds a template of one or more strokes: `strokeOf[k]` is the stroke of point k, the points
    /// of a stroke consecutive and the strokes in drawing order. The unistroke matcher sees the
    /// strokes joined in that order; the point-cloud matcher sees them as drawn. Returns its
    /// index, or nil when the points do not make a stroke.
    @discardableResult
    @_optimize(size) public func addTemplate(name: [UInt8], points: [Point], strokeOf: [Int32]) -> Int? {
        guard points.count == strokeOf.count, points.allSatisfy({ $0.isFinite }),
              PointCloudMatcher.normalise(points, strokeOf: strokeOf, xs: &lineScratchX, ys: &lineScratchY,
                                          strokes: &lineScratchStrokes) != nil else {
            return nil
        }
        let isLine = LineCheck.isLine(xs: lineScratchX, ys: lineScratchY)
        guard let index = matcher.add(name: name, points: points) else { return nil }
        cloudMatcher.add(points: points, strokeOf: strokeOf)
        addBeginnings(points: points, strokeOf: strokeOf)
        templateIsLine.append(isLine)
        sources.append((points, strokeOf))
        return index
    }

    /// Adds the first k strokes of a template of n strokes, for each k in 1..<n, to `beginnings`.
    @_optimize(size) private func addBeginnings(points: [Point], strokeOf: [Int32]) {
        var k: Int32 = 1
        while true {
            var prefix: [Point] = []
            var ids: [Int32] = []
            var more = false
            var i = 0
            while i < points.count {
                if strokeOf[i] < k { prefix.append(points[i]); ids.append(strokeOf[i]) } else { more = true }
                i += 1
            }
            guard more, !prefix.isEmpty else { return }
            if beginnings.add(points: prefix, strokeOf: ids) { beginningStrokes.append(k) }
            k += 1
        }
    }

    /// The points and stroke numbers template `index` was made from (0 ≤ index < templates.count).
    @_optimize(size) public func templateSource(_ index: Int) -> (points: [Point], strokeOf: [Int32]) { sources[index] }
    private var sources: [(points: [Point], strokeOf: [Int32])] = []

    /// Adds the built-in shapes (`BuiltInStrokes`).
    @_optimize(size) public func addBuiltInTemplates() {
        for (name, points) in BuiltInStrokes.all { addTemplate(name: name, points: points) }
    }

    /// Matches strokes without any touch (for tools and evaluation) with the recognizer's matcher:
    /// the best template and its score (0 when a nearly straight path meets a template that is not
    /// a line), or nil when there is no template or no stroke. `threshold` is not applied.
    @_optimize(size) public func match(_ points: [Point], strokeOf: [Int32]? = nil) -> (index: Int, score: Double)? {
        let ids = strokeOf ?? [Int32](repeating: 0, count: points.count)
        guard ids.count == points.count else { return nil }
        guard let m = matching == .unistroke ? matcher.match(points) : cloudMatcher.match(points: points, strokeOf: ids),
              m.index < templateIsLine.count else { return nil }
        // A nearly straight path is never a shape that is not itself a line (a swipe is not a
        // check mark): it matches nothing.
        if !templateIsLine[m.index],
           PointCloudMatcher.normalise(points, strokeOf: ids, xs: &lineScratchX, ys: &lineScratchY,
                                       strokes: &lineScratchStrokes) != nil,
           LineCheck.isLine(xs: lineScratchX, ys: lineScratchY) {
            return (m.index, 0)
        }
        return m
    }

    private var lineScratchX = [Double](repeating: 0, count: PointCloudMatcher.sampleCount)
    private var lineScratchY = [Double](repeating: 0, count: PointCloudMatcher.sampleCount)
    private var lineScratchStrokes = [Int32](repeating: 0, count: PointCloudMatcher.sampleCount)

    @_optimize(size) public override func touchesBegan(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        if trackedTouches.count > 1 { state = .failed; return }   // one finger at a time
        guard let t = touches.first else { return }
        if path.isEmpty || (matching == .pointCloud && tracking == 0) {
            if strokes >= Int32(clamping: maximumStrokes) { state = .failed; return }
            clearDeadline()
            tracking = t.serial
            movesSkipped = 0
            guard makeRoom() else { state = .failed; return }
            path.append(t.location)
            strokeOf.append(strokes)
        }
    }

    @_optimize(size) public override func touchesMoved(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        for t in touches where t.serial == tracking {
            movesSkipped += 1
            if movesSkipped < keepEvery { continue }
            movesSkipped = 0
            guard makeRoom() else { state = .failed; return }
            path.append(t.location)
            strokeOf.append(strokes)
        }
    }

    /// Whether the path has room for one more point, after halving it when it is full. Only a
    /// path of more than `pathCapacity / 2` strokes (a `maximumStrokes` set that high) has none.
    @_optimize(size) private func makeRoom() -> Bool {
        if path.count >= Self.pathCapacity { compactPath() }
        return path.count < Self.pathCapacity
    }

    /// Halves the path in place: keeps the even points and the first and last point of each stroke.
    @_optimize(size) private func compactPath() {
        var kept = 0
        var k = 0
        while k < path.count {
            let first = k == 0 || strokeOf[k] != strokeOf[k - 1]
            let last = k == path.count - 1 || strokeOf[k] != strokeOf[k + 1]
            if first || last || k % 2 == 0 {
                path[kept] = path[k]
                strokeOf[kept] = strokeOf[k]
                kept += 1
            }
            k += 1
        }
        // One by one: `removeLast(_:)` would link a `replaceSubrange` specialization per type.
        while path.count > kept { path.removeLast() }
        while strokeOf.count > kept { strokeOf.removeLast() }
        keepEvery *= 2
        movesSkipped = 0
    }

    @_optimize(size) public override func touchesEnded(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        for t in touches where t.serial == tracking {
            if t.location != path.last {
                guard makeRoom() else { state = .failed; return }
                path.append(t.location)
                strokeOf.append(strokes)
            }
            withHost { $0.recognizer(self, addedStrokeOf: t.id) }
        }
        tracking = 0
        strokes += 1
        if matching == .pointCloud && strokePause > 0 {
            setDeadline(time + pauseAfterStroke() * timingScale)
            return
        }
        decide()
    }

    /// How far below `threshold` the beginning of a longer template may score and still keep the
    /// shape open (a part scores lower than a whole: fewer points pair up), and a third of it how far
    /// below the best whole template. On the timing measure (bench/strokes_timing.py) this keeps
    /// 95 % of unfinished shapes open and 2.6 % of finished ones (docs/STROKES.md).
    static let beginningSlack = 0.1

    /// How long to wait for another stroke. Strokes that fit the beginning of a longer template
    /// wait `completePause` when they already match a whole template (the person may be done),
    /// else `continuationPause` (unless a whole template fits them clearly better than any
    /// beginning); other strokes wait `strokePause`.
    @_optimize(size) private func pauseAfterStroke() -> Double {
        guard continuationPause > strokePause, strokes < Int32(clamping: maximumStrokes),
              let begun = beginnings.match(points: path, strokeOf: strokeOf, only: strokes, group: beginningStrokes),
              begun.score >= threshold - StrokeGestureRecognizer.beginningSlack else { return strokePause }
        guard let whole = match(path, strokeOf: strokeOf) else { return continuationPause }
        if whole.score >= threshold { return Swift.max(strokePause, Swift.min(completePause, continuationPause)) }
        return whole.score > begun.score + StrokeGestureRecognizer.beginningSlack / 3 ? strokePause : continuationPause
    }

    @_optimize(size) public override func deadlineReached(at time: Double) {
        guard state == .possible, tracking == 0, !path.isEmpty else { return }
        decide()
    }

    /// Matches the strokes so far: ended with the best template, or failed.
    @_optimize(size) private func decide() {
        var length = 0.0
        var k = 1
        while k < path.count {
            if strokeOf[k] == strokeOf[k - 1] { length += (path[k] - path[k - 1]).length }
            k += 1
        }
        guard length >= minimumLength * thresholdScale,
              let m = match(path, strokeOf: strokeOf), m.score >= threshold else {
            state = .failed
            return
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in path {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        result = (m.index, m.score, Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        state = .ended
    }

    @_optimize(size) public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        state = .failed
    }

    @_optimize(size) public override func reset() {
        path.clearKeepingCapacity()
        strokeOf.clearKeepingCapacity()
        strokes = 0
        tracking = 0
        keepEvery = 1
        movesSkipped = 0
        result = nil
    }

    @_optimize(size) public override func fillSnapshot(_ snapshot: inout ActionSnapshot) {
        if let result {
            snapshot.strokeTemplate = Int32(truncatingIfNeeded: result.template)
            snapshot.strokeScore = result.score
            snapshot.strokeBounds = result.bounds
        }
    }
}

/// Whether a normalised path is nearly a straight line: the spread of its points across their
/// main axis is under `limit` of the spread along it (the square root of the ratio of the two
/// variances). On the $1 logs every drawn shape is at least 0.081 (an x) and a check mark at
/// least 0.094; a hand-drawn straight line is a few hundredths (docs/STROKES.md).
enum LineCheck {
    static let limit = 0.07

    @_optimize(size) static func isLine(xs: [Double], ys: [Double]) -> Bool {
        let n = Swift.min(xs.count, ys.count)
        guard n > 1 else { return true }
        var mx = 0.0, my = 0.0
        for k in 0..<n { mx += xs[k]; my += ys[k] }
        mx /= Double(n); my /= Double(n)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for k in 0..<n {
            let dx = xs[k] - mx, dy = ys[k] - my
            sxx += dx * dx; syy += dy * dy; sxy += dx * dy
        }
        // Eigenvalues of [[sxx sxy][sxy syy]].
        let mean = (sxx + syy) / 2
        let root = ((sxx - syy) * (sxx - syy) / 4 + sxy * sxy).squareRoot()
        let major = mean + root, minor = Swift.max(0, mean - root)
        guard major > 0 else { return true }
        return (minor / major).squareRoot() < limit
    }
}
