/// Matching of shapes drawn in one or several strokes, in any stroke order and direction. It
/// follows the point-cloud family of methods (Vatavu, Anthony, Wobbrock: "$P", ICMI 2012, and
/// Vatavu: "$P+", ASSETS 2017), implemented here from their descriptions, with a feature of its own:
///
/// 1. the strokes are resampled together to `sampleCount` points evenly spaced along their paths
///    (the jumps between strokes do not count), so speed, stroke count and order no longer matter;
/// 2. the cloud is scaled so that the longer side of its bounding box is 1, keeping the aspect
///    ratio, and its centroid is moved to the origin;
/// 3. each point also carries the orientation of its stroke there, as an undirected line:
///    (cos 2φ, sin 2φ) × `orientationWeight`, with φ the direction from the point before to the
///    point after (within the stroke). Doubling the angle makes a stroke and the same stroke drawn
///    backwards look the same, so order and direction still do not matter, while a circle and a
///    square of the same size, or the bars of a bracket and the arcs of a brace, no longer do;
/// 4. the distance between two clouds is, as in $P+, the sum over the points of each cloud of the
///    distance to the nearest point of the other (one to many, both ways), in the four dimensions
///    of position and orientation;
/// 5. the best template is the one at the least distance;
/// 6. its score is 1 − d / `zeroScoreDistance`, with d the larger of the two directions' mean
///    nearest-point distances (the candidate's points to the template's, and the template's to the
///    candidate's): 1 is a perfect match. A shape the templates do not have but that looks like one
///    of them (a bracket against a brace, a v against a check mark) is close in one direction and
///    far in the other: taking the worse direction instead of the two together refuses more of
///    them at the same rate of known shapes (issue 53, item 2; docs/STROKES.md, "Unknown shapes").
///    `zeroScoreDistance` puts the default threshold, 0.804, where the worse direction's mean is
///    0.162, which across people accepts about 93 % of known shapes and 8 % of unknown ones.
///
/// Measured on the $1 data (docs/STROKES.md): position alone gave 90.9 % across people with
/// three templates; the orientation feature raises it above 96 %, the same on strokes cut into
/// pieces, reversed and shuffled. The greedy one-to-one pairing of $P, with the same feature, did
/// worse than one to many (95.4 % against 97.5 % on the same trials).
///
/// Speed: a template's distance is abandoned as soon as the first half of the sum (each candidate
/// point's nearest template point) reaches the best distance so far; this is exact, the second
/// half being never negative. Allocation-free after the templates are added: the candidate lives
/// in scratch buffers owned by the matcher.
public struct PointCloudMatcher {
    public static let sampleCount = 32
    /// The length of the orientation vector, against the unit square of the positions.
    static let orientationWeight = 0.3
    /// The mean nearest-point distance (the worse direction's) that scores 0: 0.162 / (1 − 0.804).
    static let zeroScoreDistance = 0.8265
    /// How far the candidate's width and height are each stretched towards a template's, at most.
    static let maximumStretch = 1.3

    /// A normalised cloud: positions and orientation features, `sampleCount` of each.
    struct Cloud {
        var xs: [Double]
        var ys: [Double]
        var cs: [Double]
        var ss: [Double]
        /// The bounding box's sides (the longer one is 1).
        var width = 1.0, height = 1.0

        init() {
            let zero = [Double](repeating: 0, count: PointCloudMatcher.sampleCount)
            xs = zero; ys = zero; cs = zero; ss = zero
        }
    }

    private(set) var clouds: [Cloud] = []

    // Scratch for the candidate and one distance.
    private var candidate = Cloud()
    private var stretched = Cloud()
    private var sampleStroke = [Int32](repeating: 0, count: PointCloudMatcher.sampleCount)
    private var column = [Double](repeating: 0, count: PointCloudMatcher.sampleCount)

    public init() {}

    public var count: Int { clouds.count }

    /// Adds a template from its strokes (`points`, with `strokeOf[k]` the stroke of point k; the
    /// points of one stroke consecutive). Returns false when the points have no length.
    @discardableResult
    @_optimize(size) mutating func add(points: [Point], strokeOf: [Int32]) -> Bool {
        var cloud = Cloud()
        var strokes = [Int32](repeating: 0, count: PointCloudMatcher.sampleCount)
        guard PointCloudMatcher.cloud(points, strokeOf: strokeOf, into: &cloud, strokes: &strokes) else { return false }
        clouds.append(cloud)
        return true
    }

    mutating func removeAll() { clouds.removeAll() }

    /// The best template for the strokes and its score in [0, 1], or nil (no template, no length).
    /// With `only`, the templates whose `group[t]` equals it are the only ones tried.
    mutating func match(points: [Point], strokeOf: [Int32], only: Int32? = nil, group: [Int32] = []) -> (index: Int, score: Double)? {
        guard !clouds.isEmpty,
              PointCloudMatcher.cloud(points, strokeOf: strokeOf, into: &candidate, strokes: &sampleStroke) else {
            return nil
        }
        var best = -1
        var bestDistance = Double.infinity
        var bestHalves = (0.0, 0.0)
        var t = 0
        while t < clouds.count {
            if let only, t >= group.count || group[t] != only { t += 1; continue }
            // A template that becomes the best was never abandoned: its halves are complete.
            let h = halves(to: t, below: bestDistance)
            if h.0 + h.1 < bestDistance { bestDistance = h.0 + h.1; bestHalves = h; best = t }
            t += 1
        }
        guard best >= 0, bestDistance.isFinite else { return nil }
        // The score is the worse of the two directions: a shape that lacks a part of the template,
        // or has a part the template lacks, is far in one of them (step 6 above).
        let worse = Swift.max(bestHalves.0, bestHalves.1) / Double(PointCloudMatcher.sampleCount)
        return (best, Swift.max(0, 1 - worse / PointCloudMatcher.zeroScoreDistance))
    }

    /// The two halves of the distance from the candidate to template `t`: each candidate point's
    /// nearest template point, and each template point's nearest candidate point, summed. When the
    /// first half alone reaches `bound` it is returned at once, with 0 for the second: their sum
    /// is then not below `bound` (the second half is never negative).
    private mutating func halves(to t: Int, below bound: Double) -> (Double, Double) {
        let n = PointCloudMatcher.sampleCount
        let b = clouds[t]
        stretch(towards: b)
        return stretched.xs.withUnsafeBufferPointer { ax in
            stretched.ys.withUnsafeBufferPointer { ay in
                stretched.cs.withUnsafeBufferPointer { ac in
                    stretched.ss.withUnsafeBufferPointer { `as` in
                        b.xs.withUnsafeBufferPointer { bx in
                            b.ys.withUnsafeBufferPointer { by in
                                b.cs.withUnsafeBufferPointer { bc in
                                    b.ss.withUnsafeBufferPointer { bs in
                                        column.withUnsafeMutableBufferPointer { column in
                                            for j in 0..<n { column[j] = .infinity }
                                            var first = 0.0
                                            for i in 0..<n {
                                                let px = ax[i], py = ay[i], pc = ac[i], ps = `as`[i]
                                                var nearest = Double.infinity
                                                // Squared distances in a loop simple enough to vectorise.
                                                for j in 0..<n {
                                                    let dx = px - bx[j], dy = py - by[j]
                                                    let dc = pc - bc[j], ds = ps - bs[j]
                                                    let d = dx * dx + dy * dy + dc * dc + ds * ds
                                                    nearest = Swift.min(nearest, d)
                                                    column[j] = Swift.min(column[j], d)
                                                }
                                                first += nearest.squareRoot()
                                                if first >= bound { return (first, 0) }
                                            }
                                            var second = 0.0
                                            for j in 0..<n { second += column[j].squareRoot() }
                                            return (first, second)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Fills `stretched` with the candidate, its width and height each stretched towards the
    /// template's by at most `maximumStretch` (people draw the same shape narrower or flatter;
    /// a bound keeps a line from becoming a rectangle), and its orientations recomputed.
    private mutating func stretch(towards b: Cloud) {
        let m = PointCloudMatcher.maximumStretch
        let fx = StrokeMatcher.stretch(from: candidate.width, to: b.width, most: m)
        let fy = StrokeMatcher.stretch(from: candidate.height, to: b.height, most: m)
        var i = 0
        while i < PointCloudMatcher.sampleCount {   // the centroid stays at the origin
            stretched.xs[i] = candidate.xs[i] * fx
            stretched.ys[i] = candidate.ys[i] * fy
            i += 1
        }
        PointCloudMatcher.orient(&stretched, strokes: sampleStroke)
    }

    /// The normalised cloud of the strokes, with `strokes[k]` the stroke of sample k. False when
    /// the strokes have no length or a point is not finite.
    static func cloud(_ p: [Point], strokeOf: [Int32], into c: inout Cloud, strokes: inout [Int32]) -> Bool {
        guard let box = normalise(p, strokeOf: strokeOf, xs: &c.xs, ys: &c.ys, strokes: &strokes) else { return false }
        c.width = box.x
        c.height = box.y
        orient(&c, strokes: strokes)
        return true
    }

    /// Fills the orientation features of `c` from its positions.
    static func orient(_ c: inout Cloud, strokes: [Int32]) {
        let n = sampleCount
        var i = 0
        while i < n {
            let lo = i > 0 && strokes[i - 1] == strokes[i] ? i - 1 : i
            let hi = i + 1 < n && strokes[i + 1] == strokes[i] ? i + 1 : i
            let dx = c.xs[hi] - c.xs[lo], dy = c.ys[hi] - c.ys[lo]
            let squared = dx * dx + dy * dy
            if squared > 0 {
                // cos 2φ and sin 2φ without trigonometry.
                c.cs[i] = orientationWeight * (dx * dx - dy * dy) / squared
                c.ss[i] = orientationWeight * 2 * dx * dy / squared
            } else {
                c.cs[i] = 0; c.ss[i] = 0   // a stroke of one point: no orientation
            }
            i += 1
        }
    }

    // MARK: Normalisation

    /// Resamples, scales and centres the strokes into `xs`, `ys`, and the stroke of each sample into
    /// `strokes` (`sampleCount` each). Returns the width and height of the result's bounding box (the
    /// longer is 1), or nil when the strokes have no length or a point is not finite.
    static func normalise(_ p: [Point], strokeOf: [Int32], xs: inout [Double], ys: inout [Double],
                          strokes: inout [Int32]) -> Point? {
        let n = sampleCount
        guard p.count == strokeOf.count, xs.count >= n, ys.count >= n, strokes.count >= n,
              let first = p.first else { return nil }
        var length = 0.0
        var k = 1
        while k < p.count {
            if strokeOf[k] == strokeOf[k - 1] { length += (p[k] - p[k - 1]).length }
            k += 1
        }
        guard length.isFinite, length > 0 else { return nil }
        let interval = length / Double(n - 1)
        xs[0] = first.x; ys[0] = first.y; strokes[0] = strokeOf[0]
        var out = 1
        var carried = 0.0
        var previous = first
        k = 1
        while k < p.count && out < n {
            let next = p[k]
            if strokeOf[k] != strokeOf[k - 1] {   // a new stroke: no length across the jump
                previous = next
                k += 1
                continue
            }
            let step = (next - previous).length
            if carried + step >= interval && step > 0 {
                let q = previous + (next - previous) * ((interval - carried) / step)
                xs[out] = q.x; ys[out] = q.y; strokes[out] = strokeOf[k]
                out += 1
                previous = q
                carried = 0
            } else {
                carried += step
                previous = next
                k += 1
            }
        }
        let last = p[p.count - 1]
        while out < n {   // rounding can leave the last one out
            xs[out] = last.x; ys[out] = last.y; strokes[out] = strokeOf[p.count - 1]
            out += 1
        }

        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        k = 0
        while k < n {
            minX = Swift.min(minX, xs[k]); maxX = Swift.max(maxX, xs[k])
            minY = Swift.min(minY, ys[k]); maxY = Swift.max(maxY, ys[k])
            k += 1
        }
        let size = Swift.max(maxX - minX, maxY - minY)
        guard size > 0, size.isFinite else { return nil }
        var sx = 0.0, sy = 0.0
        k = 0
        while k < n {
            xs[k] = (xs[k] - minX) / size; ys[k] = (ys[k] - minY) / size
            sx += xs[k]; sy += ys[k]
            k += 1
        }
        sx /= Double(n); sy /= Double(n)
        k = 0
        while k < n { xs[k] -= sx; ys[k] -= sy; k += 1 }
        return Point(x: (maxX - minX) / size, y: (maxY - minY) / size)
    }
}
