import Foundation
import Testing
@testable import GestureKit

/// The plain point-cloud distance, written out: the candidate's sides stretched towards the
/// template's (bounded), then each point's nearest point of the other cloud in position and
/// orientation, summed both ways. The matcher must find the same best template and distance with
/// its early abandoning.
private func plainDistance(_ candidate: (cloud: PointCloudMatcher.Cloud, strokes: [Int32]),
                           _ b: PointCloudMatcher.Cloud) -> Double {
    let (toTemplate, toCandidate) = plainScore(candidate, b).halves
    return toTemplate + toCandidate
}

/// The plain model of template `b`: the two halves of the distance (each candidate point's nearest
/// template point, and each template point's nearest candidate point, summed), and the score from
/// the worse half's mean (PointCloudMatcher, step 6).
private func plainScore(_ candidate: (cloud: PointCloudMatcher.Cloud, strokes: [Int32]),
                        _ b: PointCloudMatcher.Cloud) -> (score: Double, halves: (Double, Double)) {
    let n = PointCloudMatcher.sampleCount
    let m = PointCloudMatcher.maximumStretch
    var a = candidate.cloud
    let fx = min(m, max(1 / m, b.width / a.width)), fy = min(m, max(1 / m, b.height / a.height))
    a.xs = a.xs.map { $0 * fx }
    a.ys = a.ys.map { $0 * fy }
    PointCloudMatcher.orient(&a, strokes: candidate.strokes)
    func d(_ i: Int, _ j: Int) -> Double {
        let parts = [a.xs[i] - b.xs[j], a.ys[i] - b.ys[j], a.cs[i] - b.cs[j], a.ss[i] - b.ss[j]]
        return parts.map { $0 * $0 }.reduce(0, +).squareRoot()
    }
    var first = 0.0, second = 0.0
    for i in 0..<n { first += (0..<n).map { d(i, $0) }.min()! }
    for j in 0..<n { second += (0..<n).map { d($0, j) }.min()! }
    let worse = max(first, second) / Double(n)
    return (max(0, 1 - worse / PointCloudMatcher.zeroScoreDistance), (first, second))
}

private func normalisedWithStrokes(_ p: [Point], _ ids: [Int32]) -> (cloud: PointCloudMatcher.Cloud, strokes: [Int32]) {
    var c = PointCloudMatcher.Cloud()
    var strokes = [Int32](repeating: 0, count: PointCloudMatcher.sampleCount)
    #expect(PointCloudMatcher.cloud(p, strokeOf: ids, into: &c, strokes: &strokes))
    return (c, strokes)
}

private func normalised(_ p: [Point], _ ids: [Int32]) -> PointCloudMatcher.Cloud { normalisedWithStrokes(p, ids).cloud }

/// A wobbly random path of `count` points (a deterministic generator: the test is replayable).
private func randomPath(_ seed: inout UInt64, count: Int) -> [Point] {
    func next() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
    var p = Point(x: 100, y: 100), heading = next() * 6.28
    var out: [Point] = []
    for _ in 0..<count {
        heading += (next() - 0.5) * 1.6
        p = p + Point(x: cos(heading), y: sin(heading)) * 7
        out.append(p)
    }
    return out
}

private let xStrokes: [[Point]] = [[Point(x: 0, y: 0), Point(x: 100, y: 100)], [Point(x: 100, y: 0), Point(x: 0, y: 100)]]
private let plusStrokes: [[Point]] = [[Point(x: 50, y: 0), Point(x: 50, y: 100)], [Point(x: 0, y: 50), Point(x: 100, y: 50)]]

private func flatten(_ strokes: [[Point]]) -> ([Point], [Int32]) {
    var points: [Point] = [], ids: [Int32] = []
    for (k, s) in strokes.enumerated() {
        // Ten points per segment, so resampling sees a drawn line.
        for i in 0..<(s.count - 1) {
            for f in 0..<10 { points.append(s[i] + (s[i + 1] - s[i]) * (Double(f) / 10)); ids.append(Int32(k)) }
        }
        points.append(s[s.count - 1]); ids.append(Int32(k))
    }
    return (points, ids)
}

@Suite struct StrokeTests {
    @Test func pointCloudEarlyAbandoningFindsWhatThePlainMethodFinds() {
        var seed: UInt64 = 18
        var matcher = PointCloudMatcher()
        var templates: [PointCloudMatcher.Cloud] = []
        for _ in 0..<24 {
            let p = randomPath(&seed, count: 40)
            let ids = [Int32](repeating: 0, count: p.count)
            matcher.add(points: p, strokeOf: ids)
            templates.append(normalised(p, ids))
        }
        for _ in 0..<30 {
            let p = randomPath(&seed, count: 40)
            let ids = [Int32](repeating: 0, count: p.count)
            let c = normalisedWithStrokes(p, ids)
            var best = -1, bestDistance = Double.infinity
            for (k, t) in templates.enumerated() {
                let d = plainDistance(c, t)
                if d < bestDistance { bestDistance = d; best = k }
            }
            let m = matcher.match(points: p, strokeOf: ids)
            #expect(m?.index == best)
            let expected = plainScore(c, templates[best]).score
            #expect(abs((m?.score ?? -1) - expected) < 1e-9)
        }
    }

    @Test func aShapeThatCoversPartOfTheTemplateScoresByTheFartherDirection() {
        // A square's outline as the template; a U (three of its sides) drawn. Every point of the U
        // lies on the square, but the square's fourth side is far from the U: the score is that
        // direction's, not the mean of both.
        let square: [[Point]] = [[Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 0, y: 0)]]
        let u: [[Point]] = [[Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100), Point(x: 100, y: 0)]]
        let (tp, tid) = flatten(square), (cp, cid) = flatten(u)
        var matcher = PointCloudMatcher()
        matcher.add(points: tp, strokeOf: tid)
        let m = matcher.match(points: cp, strokeOf: cid)
        let plain = plainScore(normalisedWithStrokes(cp, cid), normalised(tp, tid))
        #expect(plain.halves.1 > 1.5 * plain.halves.0, "the template's points are the far ones: \(plain.halves)")
        #expect(abs((m?.score ?? -1) - plain.score) < 1e-9)
        let meanScore = 1 - (plain.halves.0 + plain.halves.1) / Double(2 * PointCloudMatcher.sampleCount) / PointCloudMatcher.zeroScoreDistance
        #expect((m?.score ?? 1) < meanScore - 0.02, "the worse direction scores lower than both together")
    }

    @Test func theOrientationFeatureIgnoresDirectionButNotTheLineItLiesOn() {
        // The same L drawn forwards and backwards: the same features at the same places.
        let l: [Point] = (0...20).map { Point(x: 0, y: Double(20 - $0) * 5) } + (1...20).map { Point(x: Double($0) * 5, y: 0) }
        let ids = [Int32](repeating: 0, count: l.count)
        let forwards = normalised(l, ids), backwards = normalised(l.reversed(), ids)
        let n = PointCloudMatcher.sampleCount
        for i in 0..<n {
            let j = n - 1 - i
            #expect(abs(forwards.cs[i] - backwards.cs[j]) < 1e-9 && abs(forwards.ss[i] - backwards.ss[j]) < 1e-9)
        }
        // The vertical bar and the horizontal bar lie on lines a right angle apart: opposite cos 2φ.
        #expect(abs(forwards.cs[2] + PointCloudMatcher.orientationWeight) < 1e-9)
        #expect(abs(forwards.cs[n - 3] - PointCloudMatcher.orientationWeight) < 1e-9)
    }

    @Test func aSquareIsNotACircleOfTheSameSize() {
        // Positions alone put these two close (the square's sides and the circle's arc are within
        // 0.09 of the unit box); the orientation of the path tells them apart.
        let r = StrokeGestureRecognizer()
        r.matching = .pointCloud
        let circle: [Point] = (0...64).map {
            let a = Double($0) / 64 * 2 * Double.pi
            return Point(x: 100 + 50 * cos(a), y: 100 + 50 * sin(a))
        }
        let square: [Point] = [Point(x: 50, y: 50), Point(x: 150, y: 50), Point(x: 150, y: 150), Point(x: 50, y: 150),
                               Point(x: 50, y: 50)]
        var dense: [Point] = []
        for k in 0..<4 { for f in 0..<16 { dense.append(square[k] + (square[k + 1] - square[k]) * (Double(f) / 16)) } }
        dense.append(square[4])
        #expect(r.addTemplate(name: Array("circle".utf8), points: circle) == 0)
        #expect(r.addTemplate(name: Array("square".utf8), points: dense) == 1)
        // The square again, from another corner and backwards: a square. The circle scores
        // under the default threshold against the square (0.74; 0.89 on positions alone).
        let again = Array(dense[16...].reversed()) + Array(dense[1...16].reversed())
        let m = r.match(again)
        #expect(m?.index == 1 && (m?.score ?? 0) > 0.9)
        let onlySquare = StrokeGestureRecognizer()
        onlySquare.matching = .pointCloud
        onlySquare.addTemplate(name: Array("square".utf8), points: dense)
        #expect((onlySquare.match(circle)?.score ?? 1) < 0.8)
    }

    @Test func aMultistrokeShapeMatchesInAnyStrokeOrderAndDirection() {
        let r = StrokeGestureRecognizer()
        r.matching = .pointCloud
        let (xp, xi) = flatten(xStrokes)
        let (pp, pi) = flatten(plusStrokes)
        #expect(r.addTemplate(name: Array("x".utf8), points: xp, strokeOf: xi) == 0)
        #expect(r.addTemplate(name: Array("plus".utf8), points: pp, strokeOf: pi) == 1)
        // The second stroke first, both drawn backwards, bigger and elsewhere.
        let reordered: [[Point]] = [[Point(x: 300, y: 500), Point(x: 500, y: 300)], [Point(x: 500, y: 500), Point(x: 300, y: 300)]]
        let (q, qi) = flatten(reordered)
        let m = r.match(q, strokeOf: qi)
        #expect(m?.index == 0)
        #expect((m?.score ?? 0) > 0.9)
        // The unistroke matcher, given the same strokes joined, does not see an x.
        r.matching = .unistroke
        #expect((r.match(q, strokeOf: qi)?.score ?? 0) < 0.8)
    }

    @Test func theRecognizerCollectsStrokesUntilThePauseAndLogsEachOne() throws {
        let s = Scene()
        try s.engine.enableDecisionLog(capacity: 64)
        let r = StrokeGestureRecognizer()
        r.matching = .pointCloud
        r.strokePause = 0.4
        let (xp, xi) = flatten(xStrokes)
        let (pp, pi) = flatten(plusStrokes)
        r.addTemplate(name: Array("x".utf8), points: xp, strokeOf: xi)
        r.addTemplate(name: Array("plus".utf8), points: pp, strokeOf: pi)
        s.attach(r, name: "stroke")
        var template = -1
        r.addTarget { g in template = (g as? StrokeGestureRecognizer)?.result?.template ?? -2 }
        func line(_ id: Int64, from a: Point, to b: Point, at t: Double) {
            s.down(id, a.x, a.y, at: t)
            for k in 1...5 { let p = a + (b - a) * (Double(k) / 5); s.move(id, p.x, p.y, at: t + 0.02 * Double(k)) }
            s.up(id, b.x, b.y, at: t + 0.12)
        }
        line(1, from: Point(x: 110, y: 110), to: Point(x: 290, y: 290), at: 0)
        #expect(r.state == .possible)                  // one stroke: it waits for another
        // The stroke is the beginning of the x (and of the plus): the continuation pause.
        #expect(s.engine.nextDeadline.map { abs($0 - 3.12) < 1e-9 } == true)
        line(2, from: Point(x: 290, y: 110), to: Point(x: 110, y: 290), at: 0.3)   // within the pause
        #expect(r.state == .possible)
        s.advance(0.81)
        #expect(s.log.isEmpty)                          // 0.42 + 0.4: not yet
        s.advance(0.9)
        #expect(s.log == ["0.820 stroke ended"])
        #expect(template == 0)
        var added: [Int64] = []
        while let d = s.engine.nextDecision() {
            if d.event == .strokeAdded { added.append(d.touchID) }
        }
        #expect(added == [1, 2])
    }

    /// Issue 68: after a lift the recognizer waits `completePause` when the strokes so far are a
    /// whole template and the beginning of a longer one, `continuationPause` when they are only a
    /// beginning, and `strokePause` when they are no beginning.
    @Test func theWaitAfterALiftDependsOnWhetherTheStrokesAreWholeOrBeginning() {
        let s = Scene()
        let r = StrokeGestureRecognizer()
        #expect(r.strokePause == 0.5 && r.completePause == 1 && r.continuationPause == 3)
        let upright = [Point(x: 0, y: 0), Point(x: 0, y: 100)]
        let bar = [Point(x: -50, y: 0), Point(x: 50, y: 0)]
        r.addTemplate(name: Array("line".utf8), points: upright)
        r.addTemplate(name: Array("T".utf8), points: bar + upright, strokeOf: [0, 0, 1, 1])
        r.addTemplate(name: Array("H".utf8), points: upright + upright.map { $0 + Point(x: 60, y: 0) }
                      + [Point(x: 0, y: 50), Point(x: 60, y: 50)], strokeOf: [0, 0, 1, 1, 2, 2])
        r.addTemplate(name: Array("check".utf8), points: [Point(x: 0, y: 60), Point(x: 35, y: 100), Point(x: 100, y: 0)])
        s.attach(r, name: "stroke")
        func draw(_ id: Int64, _ a: Point, _ b: Point, _ c: Point? = nil, at t: Double) {
            s.down(id, a.x, a.y, at: t)
            for k in 1...10 { let p = a + (b - a) * (Double(k) / 10); s.move(id, p.x, p.y, at: t + 0.01 * Double(k)) }
            if let c {
                for k in 1...10 { let p = b + (c - b) * (Double(k) / 10); s.move(id, p.x, p.y, at: t + 0.1 + 0.01 * Double(k)) }
            }
            s.up(id, (c ?? b).x, (c ?? b).y, at: t + (c == nil ? 0.1 : 0.21))
        }
        func waits(_ expected: Double, after lift: Double) -> Bool {
            s.engine.nextDeadline.map { abs($0 - (lift + expected)) < 1e-9 } == true
        }
        // An upright: a whole line, and the beginning of an H.
        draw(1, Point(x: 200, y: 110), Point(x: 200, y: 290), at: 0)
        #expect(waits(1, after: 0.1))
        s.advance(1.2)
        #expect(s.log == ["1.100 stroke ended"])
        // A bar: only the beginning of a T.
        draw(2, Point(x: 150, y: 110), Point(x: 250, y: 110), at: 10)
        #expect(waits(3, after: 10.1))
        s.advance(14)
        // A check mark: the beginning of nothing.
        draw(3, Point(x: 150, y: 170), Point(x: 185, y: 210), Point(x: 250, y: 110), at: 20)
        #expect(waits(0.5, after: 20.21))
        s.advance(21)
        #expect(s.log == ["1.100 stroke ended", "20.710 stroke ended"])   // the bar alone failed at 13.1
        // The complete pause never outlasts the continuation pause, nor falls below the stroke pause.
        r.completePause = 9
        draw(4, Point(x: 200, y: 110), Point(x: 200, y: 290), at: 30)
        #expect(waits(3, after: 30.1))
        s.advance(34)
        r.completePause = 0
        draw(5, Point(x: 200, y: 110), Point(x: 200, y: 290), at: 40)
        #expect(waits(0.5, after: 40.1))
        s.advance(41)
    }

    @Test func aOneStrokeShapeEndsWhenThePauseIsOver() {
        let s = Scene()
        let r = StrokeGestureRecognizer()
        r.matching = .pointCloud
        r.strokePause = 0.2
        r.addBuiltInTemplates()
        s.attach(r, name: "stroke")
        // A check mark, 120 × 120 pt.
        s.down(1, 120, 190, at: 0)
        for k in 1...4 { s.move(1, 120 + 10.5 * Double(k), 190 + 12 * Double(k), at: 0.02 * Double(k)) }
        for k in 1...6 { s.move(1, 162 + 13 * Double(k), 238 - 20 * Double(k), at: 0.08 + 0.02 * Double(k)) }
        s.up(1, 240, 118, at: 0.22)
        s.advance(0.41)
        #expect(r.state == .possible && s.log.isEmpty)   // the pause is not over
        var template = -1
        r.addTarget { g in template = (g as? StrokeGestureRecognizer)?.result?.template ?? -2 }
        s.advance(0.43)
        #expect(s.log == ["0.420 stroke ended"])
        #expect(template == 0)                             // "check", the first built-in shape
    }

    @Test func oneStrokeMoreThanTheMaximumFails() throws {
        let s = Scene()
        try s.engine.enableDecisionLog(capacity: 256)
        let r = StrokeGestureRecognizer()
        r.matching = .pointCloud
        r.maximumStrokes = 2
        r.addBuiltInTemplates()
        s.attach(r, name: "stroke")
        for k in 0..<2 {
            let t = Double(k) * 0.2, y = 150 + 30 * Double(k)
            s.down(Int64(k + 1), 150, y, at: t)
            s.move(Int64(k + 1), 200, y + 10, at: t + 0.05)
            s.up(Int64(k + 1), 250, y, at: t + 0.1)
            #expect(r.state == .possible)
        }
        s.down(3, 150, 250, at: 0.4)
        var failedAt: Double? = nil
        while let d = s.engine.nextDecision() {
            if d.event == .stateRequested && d.to == .failed { failedAt = d.timestamp }
        }
        #expect(failedAt == 0.4)                          // the third stroke's touch-down
    }

    @Test func theBuiltInCheckMarkRejectsStraightLinesInEveryDirection() {
        for matching in [StrokeMatching.unistroke, .pointCloud] {
            let r = StrokeGestureRecognizer()
            r.matching = matching
            r.addBuiltInTemplates()
            for k in 0..<16 {
                let a = Double(k) * Double.pi / 8
                // A hand-drawn line: 41 points with a slight wobble across it.
                var line: [Point] = []
                for i in 0...40 {
                    let t = Double(i) / 40
                    let w = 2 * sin(3 * Double.pi * t)
                    let x: Double = 400 + 200 * t * cos(a) - w * sin(a)
                    let y: Double = 400 + 200 * t * sin(a) + w * cos(a)
                    line.append(Point(x: x, y: y))
                }
                let m = r.match(line)
                #expect((m?.score ?? 0) < r.threshold, "\(matching) direction \(k): \(String(describing: m))")
            }
            // The check mark itself still matches.
            let check = [Point(x: 0, y: 60), Point(x: 35, y: 100), Point(x: 100, y: 0)]
            var drawn: [Point] = []
            for seg in 0..<2 {
                for f in 0..<10 { drawn.append(check[seg] + (check[seg + 1] - check[seg]) * (Double(f) / 10)) }
            }
            drawn.append(check[2])
            let m = r.match(drawn)
            #expect(m?.index == 0 && (m?.score ?? 0) >= r.threshold, "\(matching)")
        }
    }

    @Test func aLineTemplateStillMatchesALine() {
        let r = StrokeGestureRecognizer()
        r.addTemplate(name: Array("swipe".utf8), points: [Point(x: 0, y: 0), Point(x: 100, y: 0)])
        r.addBuiltInTemplates()
        let m = r.match((0...20).map { Point(x: Double($0) * 10, y: 0.5 * sin(Double($0))) })
        #expect(m?.index == 0)
        #expect((m?.score ?? 0) > 0.9)
    }

    @Test func templatesKeepThePointsTheyWereMadeFrom() {
        let r = StrokeGestureRecognizer()
        let (xp, xi) = flatten(xStrokes)
        r.addTemplate(name: Array("x".utf8), points: xp, strokeOf: xi)
        #expect(r.templateSource(0).points == xp)
        #expect(r.templateSource(0).strokeOf == xi)
        // Mismatched lengths, no length at all, or a point not finite: refused.
        #expect(r.addTemplate(name: [], points: xp, strokeOf: [0]) == nil)
        #expect(r.addTemplate(name: [], points: [Point(x: 1, y: 1), Point(x: 1, y: 1)]) == nil)
        #expect(r.addTemplate(name: [], points: [Point(x: 1, y: 1), Point(x: .nan, y: 1)]) == nil)
        #expect(r.templates.count == 1)
    }

    /// A finger or pen left on the panel (a stuck contact): the path must not grow with every move.
    @Test func aTouchThatNeverLiftsKeepsTheStrokePathBounded() {
        let s = Scene()
        let r = StrokeGestureRecognizer()
        r.addBuiltInTemplates()
        s.attach(r, name: "stroke")
        s.down(1, 200, 200, at: 0)
        var most = 0
        for k in 1...200_000 {   // 28 minutes at 120 Hz, circling
            let a = Double(k) * 0.01
            s.move(1, 200 + 50 * cos(a), 200 + 50 * sin(a), at: Double(k) / 120)
            most = max(most, r.pathPointCount)
        }
        #expect(most <= StrokeGestureRecognizer.pathCapacity)
        #expect(r.state == .possible)
    }

    /// A shape drawn slowly enough to fill the path several times is still that shape.
    @Test func aSlowCircleLongerThanThePathStillMatchesACircle() {
        let s = Scene()
        let r = StrokeGestureRecognizer()
        r.addBuiltInTemplates()
        s.attach(r, name: "stroke")
        var template = -1
        r.addTarget { g in template = (g as? StrokeGestureRecognizer)?.result?.template ?? -2 }
        // Counter-clockwise from the top, as the built-in circle, in 6,000 moves.
        func at(_ f: Double) -> Point {
            let a = -Double.pi / 2 - 2 * Double.pi * f
            return Point(x: 200 + 80 * cos(a), y: 200 + 80 * sin(a))
        }
        s.down(1, at(0).x, at(0).y, at: 0)
        for k in 1...6_000 { let p = at(Double(k) / 6_000); s.move(1, p.x, p.y, at: Double(k) / 120) }
        #expect(r.pathPointCount <= StrokeGestureRecognizer.pathCapacity)
        s.up(1, at(1).x, at(1).y, at: 50.01)
        s.advance(51)   // the point-cloud matcher (the default) waits its 0.5 s stroke pause
        #expect(s.log == ["50.510 stroke ended"])
        #expect(template == 1)   // "circle"
    }
}
