
/// A named shape to match strokes against: its points, normalised once when added.
public struct StrokeTemplate {
    public var name: [UInt8]
    /// The template resampled and normalised (see `StrokeMatcher.normalise`).
    var points: [Point]
    /// The angle the rotation-invariant mode turned it by (its indicative angle).
    var indicativeAngle: Double
    /// The template normalised without rotation, for the orientation-sensitive mode.
    var upright: [Point]
    /// Unit vectors from each point of `upright` to the next (zero where two points coincide).
    var directions: [Point]
    /// Width and height of `upright`'s bounding box.
    var box: Point
    /// Whether the drawn path ends near where it began (`StrokeMatcher.isClosed`).
    var closed: Bool
}

/// Template matching of single strokes, after the published idea of resampled-stroke matching
/// (Wobbrock, Wilson, Li: "$1", UIST 2007), implemented here from the description:
///
/// 1. resample the stroke to `sampleCount` points spaced evenly along its path (drawing speed no
///    longer matters);
/// 2. optionally rotate it so that the line from its centroid to its first point is at angle 0
///    (rotation invariance), then fine-tune the angle against each template by golden-section
///    search within ±`angleRange`;
/// 3. scale it so the longer side of its bounding box spans a reference square (keeping the
///    aspect ratio) and move its centroid to the origin (size and position no longer matter);
/// 4. the distance to a template is the mean distance between corresponding points; the score is
///    1 − distance / (half the reference square's diagonal), so 1 is a perfect match.
///
/// The orientation-sensitive mode (the default) measures more than the published method, because
/// a shape drawn by a stranger differs from the template in ways that say nothing about the shape
/// (each one measured on the $1 logs, docs/STROKES.md):
///
/// - **Direction along the path.** The distance adds `directionWeight` times the mean difference
///   between the unit vectors from each point to the next, so a bracket's corner and a brace's
///   curve differ even where their points lie close.
/// - **Where a closed shape starts.** When both the stroke and the template end near where they
///   began (a circle, a rectangle), the stroke is also tried starting at every `startStep`-th
///   point of its loop, in its own drawing direction: people start circles anywhere.
/// - **Proportions within reason.** Before comparing, the stroke's width and height are each
///   stretched towards the template's by at most `maximumStretch`, so a narrower bracket is still
///   a bracket, while a line is not stretched into a rectangle.
///
/// Its score is 1 − distance / `scoreScale`; the rotation-invariant mode keeps the published
/// method and its score (1 − mean point distance / half the square's diagonal).
///
/// Allocation-free after the templates are added: the candidate is normalised into scratch
/// buffers owned by the matcher.
public struct StrokeMatcher {
    public static let sampleCount = 64
    public static let squareSize = 250.0
    public static let angleRange = 45.0 * Double.pi / 180
    public static let anglePrecision = 2.0 * Double.pi / 180
    /// Weight of the direction term, in points of the reference square per unit of mean
    /// unit-vector difference (0…2).
    public static let directionWeight = 120.0
    /// A path is closed when the gap between its ends is under this fraction of its length.
    public static let closedGap = 0.2
    /// Starting points of a closed loop tried: every this-many points of the resampled stroke.
    public static let startStep = 4
    /// Most a stroke's width or height is stretched (or shrunk) towards a template's.
    public static let maximumStretch = 1.6
    /// Distance at which the orientation-sensitive score reaches 0; chosen on the $1 logs so that
    /// the default threshold 0.8 accepts as many true shapes across people as before the
    /// direction term, with fewer strokes of unknown shapes (docs/STROKES.md).
    public static let scoreScale = 400.0

    public private(set) var templates: [StrokeTemplate] = []
    /// Rotate strokes to their indicative angle before matching (the original method). Off: a
    /// shape drawn turned is a different shape (a caret is not a v).
    public var rotationInvariant = false

    private var candidate: [Point] = []
    /// The candidate stretched towards one template, and the unit vectors between its points
    /// (for a closed candidate, around its loop).
    private var stretched = [Point](repeating: .zero, count: StrokeMatcher.sampleCount)
    private var stretchedDirections = [Point](repeating: .zero, count: StrokeMatcher.sampleCount)

    public init() {
        candidate.reserveCapacity(StrokeMatcher.sampleCount + 1)
    }

    /// Adds a template; returns its index, or nil when the points do not make a stroke (fewer
    /// than two distinct points, or not finite).
    @discardableResult
    @_optimize(size) public mutating func add(name: [UInt8], points: [Point]) -> Int? {
        guard StrokeMatcher.pathLength(points) > 0, points.allSatisfy({ $0.isFinite }) else { return nil }
        func normalised(_ p: [Point]) -> (turned: [Point], upright: [Point], angle: Double) {
            var work: [Point] = []
            StrokeMatcher.resample(p, into: &work)
            var upright = work
            StrokeMatcher.scaleAndCentre(&upright)
            let angle = StrokeMatcher.indicativeAngle(work)
            var turned = work
            StrokeMatcher.rotate(&turned, by: -angle)
            StrokeMatcher.scaleAndCentre(&turned)
            return (turned, upright, angle)
        }
        // (Matching the reversed stroke too was tried: it confuses left and right braces and
        // lowered accuracy on the $1 logs, so a template matches in its drawing direction only.)
        let forward = normalised(points)
        var directions = [Point](repeating: .zero, count: forward.upright.count - 1)
        for k in directions.indices { directions[k] = StrokeMatcher.unit(forward.upright[k + 1] - forward.upright[k]) }
        templates.append(StrokeTemplate(name: name, points: forward.turned, indicativeAngle: forward.angle,
                                        upright: forward.upright, directions: directions,
                                        box: StrokeMatcher.boxSize(forward.upright),
                                        closed: StrokeMatcher.isClosed(points)))
        return templates.count - 1
    }

    public mutating func removeAllTemplates() { templates.removeAll() }

    /// The best template for `points` and its score in [0, 1], or nil (no template, or no stroke).
    public mutating func match(_ points: [Point]) -> (index: Int, score: Double)? {
        guard !templates.isEmpty, points.count >= 2, StrokeMatcher.pathLength(points) > 0 else { return nil }
        StrokeMatcher.resample(points, into: &candidate)
        if rotationInvariant {
            let angle = StrokeMatcher.indicativeAngle(candidate)
            StrokeMatcher.rotate(&candidate, by: -angle)
        }
        StrokeMatcher.scaleAndCentre(&candidate)
        let closed = StrokeMatcher.isClosed(points)
        let box = StrokeMatcher.boxSize(candidate)
        var best = -1
        var bestDistance = Double.infinity
        var k = 0
        while k < templates.count {
            let d: Double
            if rotationInvariant {
                d = bestAngleDistance(to: templates[k].points)
            } else {
                d = shapeDistance(to: k, box: box, closed: closed, bound: bestDistance)
            }
            if d < bestDistance { bestDistance = d; best = k }
            k += 1
        }
        guard best >= 0, bestDistance.isFinite else { return nil }
        if rotationInvariant {
            let half = 0.5 * (2 * StrokeMatcher.squareSize * StrokeMatcher.squareSize).squareRoot()
            return (best, Swift.max(0, 1 - bestDistance / half))
        }
        return (best, Swift.max(0, 1 - bestDistance / StrokeMatcher.scoreScale))
    }

    /// The orientation-sensitive distance of the (normalised) candidate to template `index`: the
    /// candidate stretched towards the template's proportions, then the mean point distance plus
    /// `directionWeight` times the mean direction difference; for a closed candidate and template,
    /// the least over the loop's starting points. Gives up (infinity) once it exceeds `bound`.
    private mutating func shapeDistance(to index: Int, box: Point, closed: Bool, bound: Double) -> Double {
        let n = candidate.count
        let t = templates[index]
        guard n == StrokeMatcher.sampleCount, t.upright.count == n, t.directions.count == n - 1 else { return .infinity }
        let sx = StrokeMatcher.stretch(from: box.x, to: t.box.x)
        let sy = StrokeMatcher.stretch(from: box.y, to: t.box.y)
        // The candidate's centroid is the origin, so scaling about it keeps it there.
        for k in 0..<n { stretched[k] = Point(x: candidate[k].x * sx, y: candidate[k].y * sy) }
        guard closed && t.closed else {
            for k in 0..<(n - 1) { stretchedDirections[k] = StrokeMatcher.unit(stretched[k + 1] - stretched[k]) }
            return variantDistance(to: t, start: 0, loop: 0, shift: .zero, bound: bound)
        }
        // The loop is the first n − 1 points (the last one is near the first); a variant starting
        // at point s runs once around it and closes at s again.
        let loop = n - 1
        var sum = Point.zero
        for k in 0..<loop {
            sum = sum + stretched[k]
            stretchedDirections[k] = StrokeMatcher.unit(stretched[k + 1 == loop ? 0 : k + 1] - stretched[k])
        }
        var best = bound
        var s = 0
        while s < loop {
            let c = (sum + stretched[s]) * (1 / Double(n))
            best = Swift.min(best, variantDistance(to: t, start: s, loop: loop, shift: c, bound: best))
            s += StrokeMatcher.startStep
        }
        return best
    }

    /// Distance of one variant of the stretched candidate to `t`: points taken from `start` around
    /// a loop of `loop` points (0: the path as it is), moved by −`shift`.
    private func variantDistance(to t: StrokeTemplate, start: Int, loop: Int, shift: Point, bound: Double) -> Double {
        let n = StrokeMatcher.sampleCount
        let w = StrokeMatcher.directionWeight
        let pointShare = 1 / Double(n), directionShare = w / Double(n - 1)
        var points = 0.0, directions = 0.0
        return stretched.withUnsafeBufferPointer { p in
            stretchedDirections.withUnsafeBufferPointer { u in
                t.upright.withUnsafeBufferPointer { q in
                    t.directions.withUnsafeBufferPointer { v in
                        var i = start
                        for k in 0..<n {
                            let a = p[i] - shift, b = q[k]
                            let dx = a.x - b.x, dy = a.y - b.y
                            points += (dx * dx + dy * dy).squareRoot()
                            if k < n - 1 {
                                let ex = u[i].x - v[k].x, ey = u[i].y - v[k].y
                                directions += (ex * ex + ey * ey).squareRoot()
                            }
                            // Every term is positive: past the bound, this variant cannot win.
                            if k & 7 == 7 && points * pointShare + directions * directionShare >= bound { return .infinity }
                            i += 1
                            if loop > 0 && i == loop { i = 0 }
                        }
                        return points * pointShare + directions * directionShare
                    }
                }
            }
        }
    }

    /// Golden-section search of the rotation within ±angleRange that brings the candidate closest.
    private func bestAngleDistance(to t: [Point]) -> Double {
        let phi = 0.5 * (-1 + 5.0.squareRoot())
        var a = -StrokeMatcher.angleRange, b = StrokeMatcher.angleRange
        var x1 = phi * a + (1 - phi) * b, x2 = (1 - phi) * a + phi * b
        var f1 = distance(at: x1, to: t), f2 = distance(at: x2, to: t)
        while abs(b - a) > StrokeMatcher.anglePrecision {
            if f1 < f2 {
                b = x2; x2 = x1; f2 = f1
                x1 = phi * a + (1 - phi) * b
                f1 = distance(at: x1, to: t)
            } else {
                a = x1; x1 = x2; f1 = f2
                x2 = (1 - phi) * a + phi * b
                f2 = distance(at: x2, to: t)
            }
        }
        return Swift.min(f1, f2)
    }

    /// Mean distance to `t` of the candidate turned by `angle` (about the origin, its centroid),
    /// computed on the fly: no buffer is written.
    private func distance(at angle: Double, to t: [Point]) -> Double {
        let c = Trigonometry.cos(angle), s = Trigonometry.sin(angle)
        let n = Swift.min(candidate.count, t.count)
        guard n > 0 else { return .infinity }
        var d = 0.0
        candidate.withUnsafeBufferPointer { a in
            t.withUnsafeBufferPointer { b in
                for k in 0..<n {
                    let p = a[k], q = b[k]
                    let dx = p.x * c - p.y * s - q.x, dy = p.x * s + p.y * c - q.y
                    d += (dx * dx + dy * dy).squareRoot()
                }
            }
        }
        return d / Double(n)
    }

    // MARK: Geometry

    /// Whether the path ends near where it began: the gap between its ends is under `closedGap`
    /// of its length.
    static func isClosed(_ p: [Point]) -> Bool {
        guard let first = p.first, let last = p.last else { return false }
        let length = pathLength(p)
        return length > 0 && (last - first).length < closedGap * length
    }

    /// Width and height of the bounding box of `p`.
    static func boxSize(_ p: [Point]) -> Point {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for q in p {
            minX = Swift.min(minX, q.x); maxX = Swift.max(maxX, q.x)
            minY = Swift.min(minY, q.y); maxY = Swift.max(maxY, q.y)
        }
        return p.isEmpty ? .zero : Point(x: maxX - minX, y: maxY - minY)
    }

    /// The factor that takes a side of length `from` to `to`, kept within `most` either way (a side
    /// of zero length is stretched the most). Both matchers stretch with it, each with its bound.
    static func stretch(from: Double, to: Double, most: Double = maximumStretch) -> Double {
        guard from > 0, to.isFinite, from.isFinite else { return most }
        return Swift.min(most, Swift.max(1 / most, to / from))
    }

    /// `v` scaled to length 1, or zero when it has no length.
    static func unit(_ v: Point) -> Point {
        let l = v.length
        return l > 0 && l.isFinite ? v * (1 / l) : .zero
    }

    static func pathLength(_ p: [Point]) -> Double {
        var d = 0.0
        var k = 1
        while k < p.count { d += (p[k] - p[k - 1]).length; k += 1 }
        return d.isFinite ? d : 0
    }

    /// `sampleCount` points evenly spaced along the path of `p`.
    static func resample(_ p: [Point], into out: inout [Point]) {
        out.clearKeepingCapacity()
        let n = sampleCount
        let interval = pathLength(p) / Double(n - 1)
        guard interval > 0, let first = p.first else {
            for _ in 0..<n { out.append(p.first ?? .zero) }
            return
        }
        out.append(first)
        var carried = 0.0
        var previous = first
        var k = 1
        while k < p.count && out.count < n {
            let next = p[k]
            let step = (next - previous).length
            if carried + step >= interval && step > 0 {
                let f = (interval - carried) / step
                let q = previous + (next - previous) * f
                out.append(q)
                previous = q   // continue from the new point along the same segment
                carried = 0
            } else {
                carried += step
                previous = next
                k += 1
            }
        }
        while out.count < n { out.append(p[p.count - 1]) }   // rounding can leave the last one out
    }

    static func centroid(_ p: [Point]) -> Point {
        var x = 0.0, y = 0.0
        for q in p { x += q.x; y += q.y }
        return Point(x: x / Double(p.count), y: y / Double(p.count))
    }

    static func indicativeAngle(_ p: [Point]) -> Double {
        let c = centroid(p)
        return Trigonometry.atan2(p[0].y - c.y, p[0].x - c.x)
    }

    static func rotate(_ p: inout [Point], by angle: Double) {
        let c = centroid(p)
        let cs = Trigonometry.cos(angle), sn = Trigonometry.sin(angle)
        for k in p.indices {
            let d = p[k] - c
            p[k] = Point(x: d.x * cs - d.y * sn + c.x, y: d.x * sn + d.y * cs + c.y)
        }
    }

    /// Scales the stroke so that the longer side of its bounding box spans the reference square,
    /// keeping its aspect ratio, and centres the centroid.
    static func scaleAndCentre(_ p: inout [Point]) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for q in p {
            minX = Swift.min(minX, q.x); maxX = Swift.max(maxX, q.x)
            minY = Swift.min(minY, q.y); maxY = Swift.max(maxY, q.y)
        }
        var w = maxX - minX, h = maxY - minY
        let longest = Swift.max(w, h)
        guard longest > 0 else { return }
        // Both axes by the same factor: the aspect ratio is part of a shape (a tall narrow bracket
        // is not a square). Scaling each axis to the square on its own, as the original method does,
        // was measured on the $1 logs: about 1 point of accuracy lower (docs/STROKES.md).
        w = longest
        h = longest
        let sx = squareSize / w, sy = squareSize / h
        for k in p.indices { p[k] = Point(x: p[k].x * sx, y: p[k].y * sy) }
        let c = centroid(p)
        for k in p.indices { p[k] = p[k] - c }
    }

    static func meanDistance(_ a: [Point], _ b: [Point]) -> Double {
        let n = Swift.min(a.count, b.count)
        guard n > 0 else { return .infinity }
        var d = 0.0
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for k in 0..<n {
                    let dx = pa[k].x - pb[k].x, dy = pa[k].y - pb[k].y
                    d += (dx * dx + dy * dy).squareRoot()
                }
            }
        }
        return d / Double(n)
    }
}
