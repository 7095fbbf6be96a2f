import Foundation
import Testing
@testable import GestureKit

/// A replayable generator of numbers in [0, 1).
private struct Numbers {
    var seed: UInt64
    mutating func next() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
}

/// A wobbly random path; every third one is closed (it turns back to where it began).
private func randomPath(_ g: inout Numbers, closed: Bool) -> [Point] {
    var out: [Point] = []
    if closed {
        let rx = 40 + 80 * g.next(), ry = 40 + 80 * g.next(), start = 6.28 * g.next()
        for k in 0...48 {
            let a = start + 6.283185307 * Double(k) / 48
            let r = 1 + 0.15 * sin(3 * a + 6 * g.next())
            out.append(Point(x: 300 + rx * r * cos(a), y: 300 + ry * r * sin(a)))
        }
        return out
    }
    var p = Point(x: 100, y: 100), heading = 6.28 * g.next()
    for _ in 0..<40 {
        heading += (g.next() - 0.5) * 1.6
        p = p + Point(x: cos(heading), y: sin(heading)) * 7
        out.append(p)
    }
    return out
}

/// The orientation-sensitive distance computed the slow way, straight from its definition: every
/// variant of the candidate (one, or every start of a closed loop), recentred, no early stop.
private func plainDistance(_ points: [Point], to template: [Point]) -> Double {
    let n = StrokeMatcher.sampleCount
    func normalised(_ p: [Point]) -> [Point] {
        var out: [Point] = []
        StrokeMatcher.resample(p, into: &out)
        StrokeMatcher.scaleAndCentre(&out)
        return out
    }
    let c = normalised(points), t = normalised(template)
    let cb = StrokeMatcher.boxSize(c), tb = StrokeMatcher.boxSize(t)
    let sx = StrokeMatcher.stretch(from: cb.x, to: tb.x), sy = StrokeMatcher.stretch(from: cb.y, to: tb.y)
    let stretched = c.map { Point(x: $0.x * sx, y: $0.y * sy) }
    var variants = [stretched]
    if StrokeMatcher.isClosed(points) && StrokeMatcher.isClosed(template) {
        variants = stride(from: 0, to: n - 1, by: StrokeMatcher.startStep).map { s in
            let loop = Array(stretched[s..<(n - 1)] + stretched[0..<s])
            return loop + [loop[0]]
        }
    }
    var best = Double.infinity
    for v in variants {
        let mean = v.reduce(Point.zero, +) * (1 / Double(n))
        let p = v.map { $0 - mean }
        var points = 0.0, directions = 0.0
        for k in 0..<n { points += (p[k] - t[k]).length }
        for k in 0..<(n - 1) {
            directions += (StrokeMatcher.unit(p[k + 1] - p[k]) - StrokeMatcher.unit(t[k + 1] - t[k])).length
        }
        best = min(best, points / Double(n) + StrokeMatcher.directionWeight * directions / Double(n - 1))
    }
    return best
}

/// A closed path through `corners` (the first one again at the end), ten points per side.
private func polygon(_ corners: [Point]) -> [Point] {
    var out: [Point] = []
    for k in 0..<corners.count {
        let a = corners[k], b = corners[(k + 1) % corners.count]
        for f in 0..<10 { out.append(a + (b - a) * (Double(f) / 10)) }
    }
    out.append(corners[0])
    return out
}

/// An ellipse drawn from angle `start`, one way round (`turn` +1 or −1), 48 points and back.
private func ellipse(rx: Double, ry: Double, start: Double, turn: Double) -> [Point] {
    (0...48).map { k in
        let a = start + turn * 6.283185307 * Double(k) / 48
        return Point(x: 300 + rx * cos(a), y: 300 + ry * sin(a))
    }
}

@Suite struct UnistrokeMatcherTests {
    @Test func theEarlyStopFindsWhatThePlainDistanceFinds() {
        var g = Numbers(seed: 1818)
        var matcher = StrokeMatcher()
        var templates: [[Point]] = []
        for k in 0..<24 {
            let p = randomPath(&g, closed: k % 3 == 0)
            #expect(matcher.add(name: [UInt8(k)], points: p) == k)
            templates.append(p)
        }
        for k in 0..<36 {
            let q = randomPath(&g, closed: k % 3 == 0)
            var best = -1, bestDistance = Double.infinity
            for (i, t) in templates.enumerated() {
                let d = plainDistance(q, to: t)
                if d < bestDistance { bestDistance = d; best = i }
            }
            let m = matcher.match(q)
            #expect(m?.index == best)
            #expect(abs((m?.score ?? -1) - max(0, 1 - bestDistance / StrokeMatcher.scoreScale)) < 1e-9)
        }
    }

    @Test func aCircleStartedAnywhereInTheSameDirectionIsACircle() {
        var matcher = StrokeMatcher()
        matcher.add(name: Array("circle".utf8), points: ellipse(rx: 100, ry: 100, start: -1.5708, turn: -1))
        matcher.add(name: Array("rectangle".utf8),
                    points: polygon([Point(x: 0, y: 0), Point(x: 0, y: 200), Point(x: 200, y: 200), Point(x: 200, y: 0)]))
        matcher.add(name: Array("triangle".utf8),
                    points: polygon([Point(x: 100, y: 0), Point(x: 0, y: 180), Point(x: 200, y: 180)]))
        // Begun at the bottom, at the right, at the left: always the circle, and a close one.
        for start in [1.5708, 0.0, 3.1416, 2.4] {
            let m = matcher.match(ellipse(rx: 90, ry: 105, start: start, turn: -1))
            #expect(m?.index == 0, "start \(start)")
            #expect((m?.score ?? 0) > 0.9, "start \(start): \(String(describing: m))")
        }
        // A rectangle begun at another corner is still the rectangle.
        let other = polygon([Point(x: 200, y: 200), Point(x: 200, y: 0), Point(x: 0, y: 0), Point(x: 0, y: 200)])
        #expect(matcher.match(other)?.index == 1)
    }

    @Test func anOpenShapeIsNotMatchedFromAnotherStart() {
        // Only paths that end where they began are tried from other starts: a "u" is not an "n"
        // turned around its middle, nor a "c" read from the other end.
        var matcher = StrokeMatcher()
        let u = (0...20).map { k in Point(x: 10 * Double(k), y: 200 - 2 * pow(Double(k) - 10, 2)) }
        let n = u.map { Point(x: $0.x, y: 400 - $0.y) }
        matcher.add(name: Array("u".utf8), points: u)
        matcher.add(name: Array("n".utf8), points: n)
        #expect(matcher.match(u)?.index == 0)
        #expect(matcher.match(n)?.index == 1)
        #expect(StrokeMatcher.isClosed(u) == false)
        #expect(StrokeMatcher.isClosed(ellipse(rx: 50, ry: 80, start: 0, turn: 1)))
    }

    @Test func aNarrowerBracketIsStillABracketAndNotABrace() {
        var matcher = StrokeMatcher()
        func bracket(width: Double) -> [Point] {
            var p: [Point] = []
            for k in 0..<10 { p.append(Point(x: width * Double(10 - k) / 10, y: 0)) }
            for k in 0..<20 { p.append(Point(x: 0, y: 10 * Double(k))) }
            for k in 0...10 { p.append(Point(x: width * Double(k) / 10, y: 200)) }
            return p
        }
        func brace(width: Double) -> [Point] {
            (0...40).map { k in
                let y = 5 * Double(k), fromMiddle = abs(y - 100) / 100
                // Out at both ends, a column in between, and a cusp pointing left at half height.
                let x = width * (0.4 + 0.6 * fromMiddle * fromMiddle) - 0.4 * width * exp(-pow((y - 100) / 12, 2))
                return Point(x: x, y: y)
            }
        }
        matcher.add(name: Array("bracket".utf8), points: bracket(width: 80))
        matcher.add(name: Array("brace".utf8), points: brace(width: 50))
        let m = matcher.match(bracket(width: 50))
        #expect(m?.index == 0)
        // Stretched to the template's width it scores 0.926; compared unstretched it would score
        // 0.909 (measured with maximumStretch 1).
        #expect((m?.score ?? 0) > 0.92, "\(String(describing: m))")
        // Stretching has a limit: a straight stroke is not widened into the bracket.
        #expect(StrokeMatcher.stretch(from: 0, to: 80) == StrokeMatcher.maximumStretch)
        #expect(StrokeMatcher.stretch(from: 100, to: 10) == 1 / StrokeMatcher.maximumStretch)
        #expect(StrokeMatcher.stretch(from: 100, to: 120) == 1.2)
    }
}
