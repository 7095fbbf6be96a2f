/// Matching of shapes drawn in one or several strokes, in any stroke order and direction, after
/// the published point-cloud idea (Vatavu, Anthony, Wobbrock: "$P", ICMI 2012), implemented here
/// from its description:
///
/// 1. the strokes are resampled together to `sampleCount` points evenly spaced along their paths
///    (the jumps between strokes do not count), so speed, stroke count and order no longer matter;
/// 2. the cloud is scaled so that the longer side of its bounding box is 1, keeping the aspect
///    ratio, and its centroid is moved to the origin;
/// 3. the distance between two clouds pairs each point of one with the nearest unpaired point of
///    the other, greedily, starting at several points (every `step`-th) in both directions; earlier
///    pairs weigh more (1 down to 1/n). The least of these sums is the distance;
/// 4. the score is 1 − 2.5 × (distance / sum of the weights): 1 is a perfect match, 0 a mean pair
///    distance of 0.4 (of the unit square's side). The factor was chosen on negatives so that at
///    the default threshold 0.8 the false accepts (other shapes, scribbles) are about those of the
///    unistroke matcher at 0.8 (docs/STROKES.md, "Rejection").
///
/// Speed: before the full pairing with a template, a lower bound of the distance (each point's
/// nearest point of the other cloud, weighted as the pairing would weigh it) is compared with the
/// best distance so far, and a pairing is abandoned as soon as its running sum passes it. Both are
/// exact: the result is the one the plain method gives. Allocation-free after the templates are
/// added: the candidate lives in scratch buffers owned by the matcher.
public struct PointCloudMatcher {
    public static let sampleCount = 32
    /// Greedy starts: every `step`-th point, step = ⌊n^0.5⌋ (the method's ε = 0.5).
    static let step = 5

    /// A template's normalised cloud.
    struct Cloud {
        var xs: [Double]
        var ys: [Double]
    }

    private(set) var clouds: [Cloud] = []

    // Scratch for the candidate and one pairing.
    private var cx: [Double]
    private var cy: [Double]
    private var matched: [Bool]
    private var row: [Double]
    /// Per template t, at [t·2n ..< t·2n + n]: each candidate point's distance to the nearest point
    /// of t; at [t·2n + n ..< (t+1)·2n]: each point of t's distance to the nearest candidate point.
    private var nearest: [Double] = []

    public init() {
        let n = PointCloudMatcher.sampleCount
        cx = [Double](repeating: 0, count: n)
        cy = [Double](repeating: 0, count: n)
        matched = [Bool](repeating: false, count: n)
        row = [Double](repeating: 0, count: n)
    }

    public var count: Int { clouds.count }

    /// Adds a template from its strokes (`points`, with `strokeOf[k]` the stroke of point k; the
    /// points of one stroke consecutive). Returns false when the points have no length.
    @discardableResult
    mutating func add(points: [Point], strokeOf: [Int32]) -> Bool {
        var xs = [Double](repeating: 0, count: PointCloudMatcher.sampleCount)
        var ys = xs
        guard PointCloudMatcher.normalise(points, strokeOf: strokeOf, xs: &xs, ys: &ys) else { return false }
        clouds.append(Cloud(xs: xs, ys: ys))
        order.append(0)
        bounds.append(0)
        nearest.append(contentsOf: [Double](repeating: 0, count: 2 * PointCloudMatcher.sampleCount))
        return true
    }

    mutating func removeAll() { clouds.removeAll(); order.removeAll(); bounds.removeAll(); nearest.removeAll() }

    /// Per match: each template's lower bound, and the templates in increasing order of it.
    private var order: [Int] = []
    private var bounds: [Double] = []

    /// The best template for the strokes and its score in [0, 1], or nil (no template, no length).
    mutating func match(points: [Point], strokeOf: [Int32]) -> (index: Int, score: Double)? {
        guard !clouds.isEmpty, PointCloudMatcher.normalise(points, strokeOf: strokeOf, xs: &cx, ys: &cy) else {
            return nil
        }
        // Lower bounds first, then the templates from the most promising: the best distance
        // falls early and prunes the rest.
        var k = 0
        while k < clouds.count {
            bounds[k] = lowerBound(of: k)
            order[k] = k
            k += 1
        }
        PointCloudMatcher.sort(&order, by: bounds)
        var best = -1
        var bestDistance = Double.infinity
        k = 0
        while k < order.count {
            let t = order[k]
            if bounds[t] >= bestDistance { break }   // sorted: no later template can do better
            let d = distance(to: t, below: bestDistance)
            if d < bestDistance { bestDistance = d; best = t }
            k += 1
        }
        guard best >= 0, bestDistance.isFinite else { return nil }
        let n = Double(PointCloudMatcher.sampleCount)
        let weights = (n + 1) / 2   // Σ (1 − k/n) for k = 0 ..< n
        return (best, Swift.max(0, 1 - 2.5 * bestDistance / weights))
    }

    /// A lower bound of the cloud distance to template `t`: the least, over the starts and both
    /// directions, of the weighted nearest-point distances. Leaves those distances in the scratch
    /// arrays.
    private mutating func lowerBound(of t: Int) -> Double {
        nearestDistances(to: t)
        let n = PointCloudMatcher.sampleCount
        return Swift.min(leastBound(at: 2 * n * t), leastBound(at: 2 * n * t + n))
    }

    /// The least over the starts 0, step, 2·step, … of `lowerBound(at: base, start:)`, in one pass:
    /// with S = Σ d and W(s) = Σ_k k·d[(s + k) mod n], the bound is S − W(s)/n, and
    /// W(s + 1) = W(s) − S + n·d[s].
    private func leastBound(at base: Int) -> Double {
        let n = PointCloudMatcher.sampleCount
        var total = 0.0, weighted = 0.0
        for k in 0..<n {
            total += nearest[base + k]
            weighted += Double(k) * nearest[base + k]
        }
        var least = Double.infinity
        for s in 0..<n {
            if s % PointCloudMatcher.step == 0 { least = Swift.min(least, total - weighted / Double(n)) }
            weighted += Double(n) * nearest[base + s] - total
        }
        return least
    }

    /// Fills template `t`'s part of `nearest`.
    private mutating func nearestDistances(to t: Int) {
        let n = PointCloudMatcher.sampleCount
        let tx = clouds[t].xs, ty = clouds[t].ys
        // Each point's nearest point in the other cloud: the pairing can only do worse.
        cx.withUnsafeBufferPointer { ax in
            cy.withUnsafeBufferPointer { ay in
                tx.withUnsafeBufferPointer { bx in
                    ty.withUnsafeBufferPointer { by in
                        nearest.withUnsafeMutableBufferPointer { all in
                            row.withUnsafeMutableBufferPointer { row in
                                let toT = 2 * n * t, toC = 2 * n * t + n
                                for j in 0..<n { all[toC + j] = .infinity }
                                // Row by row, in loops simple enough to vectorise.
                                for i in 0..<n {
                                    let px = ax[i], py = ay[i]
                                    for j in 0..<n {
                                        let dx = px - bx[j], dy = py - by[j]
                                        row[j] = dx * dx + dy * dy
                                    }
                                    var a = Double.infinity
                                    for j in 0..<n {
                                        a = Swift.min(a, row[j])
                                        all[toC + j] = Swift.min(all[toC + j], row[j])
                                    }
                                    all[toT + i] = a
                                }
                                for i in 0..<2 * n { all[toT + i] = all[toT + i].squareRoot() }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The cloud distance from the candidate to template `t`, or a value ≥ `bound` when it is not
    /// below `bound`.
    private mutating func distance(to t: Int, below bound: Double) -> Double {
        let n = PointCloudMatcher.sampleCount
        var best = bound
        let tx = clouds[t].xs, ty = clouds[t].ys
        var start = 0
        while start < n {
            if lowerBound(at: 2 * n * t, start: start) < best {
                best = Swift.min(best, pairing(cx, cy, tx, ty, start: start, below: best))
            }
            if lowerBound(at: 2 * n * t + n, start: start) < best {
                best = Swift.min(best, pairing(tx, ty, cx, cy, start: start, below: best))
            }
            start += PointCloudMatcher.step
        }
        return best
    }

    /// Σ weight × nearest distance over the n distances at `nearest[base...]`, with the weights a
    /// pairing from `start` gives.
    private func lowerBound(at base: Int, start: Int) -> Double {
        let n = PointCloudMatcher.sampleCount
        var sum = 0.0
        var k = 0
        while k < n {
            let i = start + k < n ? start + k : start + k - n
            sum += (1 - Double(k) / Double(n)) * nearest[base + i]
            k += 1
        }
        return sum
    }

    /// The greedy pairing of cloud a, from its point `start`, into cloud b; stops once the sum
    /// reaches `bound`.
    private mutating func pairing(_ ax: [Double], _ ay: [Double], _ bx: [Double], _ by: [Double], start: Int,
                                  below bound: Double) -> Double {
        let n = PointCloudMatcher.sampleCount
        return matched.withUnsafeMutableBufferPointer { used in
            ax.withUnsafeBufferPointer { ax in
                ay.withUnsafeBufferPointer { ay in
                    bx.withUnsafeBufferPointer { bx in
                        by.withUnsafeBufferPointer { by in
                            for j in 0..<n { used[j] = false }
                            var sum = 0.0
                            for k in 0..<n {
                                let i = start + k < n ? start + k : start + k - n
                                var nearest = Double.infinity
                                var index = 0
                                for j in 0..<n where !used[j] {
                                    let dx = ax[i] - bx[j], dy = ay[i] - by[j]
                                    let d = dx * dx + dy * dy
                                    if d < nearest { nearest = d; index = j }
                                }
                                used[index] = true
                                sum += (1 - Double(k) / Double(n)) * nearest.squareRoot()
                                if sum >= bound { return sum }
                            }
                            return sum
                        }
                    }
                }
            }
        }
    }

    /// Sorts the indices in `order` by increasing `key` (insertion sort: a few hundred templates
    /// at most, and no allocation).
    static func sort(_ order: inout [Int], by key: [Double]) {
        var i = 1
        while i < order.count {
            let v = order[i]
            var j = i - 1
            while j >= 0 && key[order[j]] > key[v] {
                order[j + 1] = order[j]
                j -= 1
            }
            order[j + 1] = v
            i += 1
        }
    }

    // MARK: Normalisation

    /// Resamples, scales and centres the strokes into `xs`, `ys` (`sampleCount` each). False when
    /// the strokes have no length or a point is not finite.
    static func normalise(_ p: [Point], strokeOf: [Int32], xs: inout [Double], ys: inout [Double]) -> Bool {
        let n = sampleCount
        guard p.count == strokeOf.count, let first = p.first else { return false }
        var length = 0.0
        var k = 1
        while k < p.count {
            if strokeOf[k] == strokeOf[k - 1] { length += (p[k] - p[k - 1]).length }
            k += 1
        }
        guard length.isFinite, length > 0 else { return false }
        let interval = length / Double(n - 1)
        xs[0] = first.x; ys[0] = first.y
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
                xs[out] = q.x; ys[out] = q.y
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
        while out < n { xs[out] = last.x; ys[out] = last.y; out += 1 }   // rounding can leave the last one out

        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        k = 0
        while k < n {
            minX = Swift.min(minX, xs[k]); maxX = Swift.max(maxX, xs[k])
            minY = Swift.min(minY, ys[k]); maxY = Swift.max(maxY, ys[k])
            k += 1
        }
        let size = Swift.max(maxX - minX, maxY - minY)
        guard size > 0, size.isFinite else { return false }
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
        return true
    }
}
