import Foundation
import Testing
@testable import GestureKit

/// The same real motion sampled at 60 Hz and at 240 Hz resolves the same way: the same recognizer
/// wins and the pan's release velocity agrees within 5 %. The strokes are the recorded flings of
/// ../shared/data-samples/velocity (Flutter's and AOSP's test data), each resampled both ways by
/// linear interpolation between its recorded reports, with the two grids in step and out of step.
@Suite struct SampleRateTests {
    struct Stroke {
        var name: String
        var samples: [(t: Double, x: Double, y: Double)]
    }

    static var dataDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/data-samples/velocity")
    }

    /// Single-pointer strokes of a CSV: the columns of id, time (converted to seconds), x and y.
    static func strokes(file: String, id: Int, time: Int, x: Int, y: Int, timeScale: Double,
                        pointer: Int) -> [Stroke] {
        guard let text = try? String(contentsOf: dataDirectory.appendingPathComponent(file), encoding: .utf8) else {
            return []
        }
        var order: [String] = []
        var byName: [String: Stroke] = [:]
        var pointers: [String: Set<String>] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count > max(id, time, x, y, pointer), let t = Double(f[time]), let px = Double(f[x]),
                  let py = Double(f[y]) else { continue }
            let name = f[id]
            if byName[name] == nil {
                order.append(name)
                byName[name] = Stroke(name: name, samples: [])
            }
            pointers[name, default: []].insert(f[pointer])
            byName[name]!.samples.append((t * timeScale, px, py))
        }
        return order.compactMap { name in
            guard pointers[name]!.count == 1, var s = byName[name] else { return nil }
            let t0 = s.samples[0].t
            s.samples = s.samples.map { ($0.t - t0, $0.x, $0.y) }
            return s
        }
    }

    /// `s` at `rate` Hz: positions interpolated on a grid of 1/rate after the first report. The
    /// grid ends `phase` seconds before the last report, and the last report itself closes the
    /// stroke (a panel reports the lift with its final position), so a nonzero phase puts the
    /// two rates' samples at unrelated times, as two real panels would.
    static func resample(_ s: Stroke, rate: Double, phase: Double = 0) -> [(t: Double, x: Double, y: Double)] {
        let end = s.samples.last!.t
        var times: [Double] = []
        var n = 0
        while end - phase - Double(n) / rate > 0 {
            times.append(end - phase - Double(n) / rate)
            n += 1
        }
        times.append(0)
        times.reverse()
        if phase > 0 { times.append(end) }
        var out: [(t: Double, x: Double, y: Double)] = []
        var k = 0
        for t in times {
            while k + 1 < s.samples.count && s.samples[k + 1].t <= t { k += 1 }
            let a = s.samples[k], b = s.samples[min(k + 1, s.samples.count - 1)]
            let u = b.t > a.t ? (t - a.t) / (b.t - a.t) : 0
            out.append((t, a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u))
        }
        return out
    }

    /// Feeds the samples as one touch to a scene of tap, long press, pan and swipe; returns which
    /// recognized first and the pan's velocity at its end.
    static func run(_ samples: [(t: Double, x: Double, y: Double)], mode: VelocityMode) -> (winner: String, velocity: Point) {
        var o = EngineOptions()
        o.screenSize = Size(width: 3000, height: 3000)
        let engine = try! Engine(options: o)
        let names: [(GestureRecognizer, String)] = [(TapGestureRecognizer(), "tap"), (LongPressGestureRecognizer(), "long"),
                                                    (PanGestureRecognizer(), "pan"), (SwipeGestureRecognizer(), "swipe")]
        var winner = "none"
        var velocity = Point.zero
        for (r, name) in names {
            if let swipe = r as? SwipeGestureRecognizer { swipe.direction = [.up, .down, .left, .right] }
            if let pan = r as? PanGestureRecognizer { pan.velocityMode = mode }
            try! engine.add(r, to: engine.rootView)
            r.addTarget { g in
                if winner == "none" && (g.state == .began || g.state == .ended) { winner = name }
                if let pan = g as? PanGestureRecognizer, g.state == .ended { velocity = pan.velocity(in: nil) }
            }
        }
        for (i, s) in samples.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : (i == samples.count - 1 ? .ended : .moved)
            try! engine.feed(time: 10 + s.t, touches: [TouchInput(id: 1, phase: phase, location: Point(s.x + 500, s.y + 500))])
        }
        try! engine.advance(to: 20)
        return (winner, velocity)
    }

    @Test func theSameRealStrokeAt60And240HzHasTheSameWinnerAndVelocityWithin5Percent() throws {
        let strokes = SampleRateTests.strokes(file: "flutter_events.csv", id: 0, time: 4, x: 5, y: 6, timeScale: 0.001,
                                              pointer: 3)
            + SampleRateTests.strokes(file: "aosp_events.csv", id: 0, time: 2, x: 6, y: 7, timeScale: 1e-9, pointer: 5)
        guard !strokes.isEmpty else {
            print("SampleRateTests: ../shared/data-samples/velocity not found; skipped")
            return
        }
        #expect(strokes.count >= 25)
        // The 60 Hz grid aligned with the 240 Hz one, then 5 ms and 11 ms out of step with it.
        for phase in [0.0, 0.005, 0.011] {
            var compared = 0, within5 = 0
            var worst = 0.0
            for s in strokes where s.samples.count >= 4 {
                let slow = SampleRateTests.run(SampleRateTests.resample(s, rate: 60, phase: phase), mode: .timeWeighted)
                let fast = SampleRateTests.run(SampleRateTests.resample(s, rate: 240), mode: .timeWeighted)
                #expect(slow.winner == fast.winner, "\(s.name): \(slow.winner) at 60 Hz, \(fast.winner) at 240 Hz")
                let reference = fast.velocity.length
                if fast.winner == "pan" && reference > 50 {
                    let difference = (slow.velocity - fast.velocity).length / reference
                    worst = max(worst, difference)
                    compared += 1
                    if difference <= 0.05 { within5 += 1 }
                    #expect(difference <= 0.05, "\(s.name), phase \(phase): \(slow.velocity) at 60 Hz, \(fast.velocity) at 240 Hz")
                }
            }
            print("SampleRateTests: phase \(phase) s: \(within5) of \(compared) release velocities within 5 %; worst \(worst)")
            #expect(compared >= 20)
        }
    }
}

