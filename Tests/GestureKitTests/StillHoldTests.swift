import Testing
@testable import GestureKit

/// The drift allowance (`RestingDrift`; issue 53, item 3): fingers held still never begin a pinch,
/// a rotation or a two-finger pan, and deliberate motion still does, about as soon.
@Suite struct StillHoldTests {
    /// Two fingers at (200,300) and (380,300) on a full-screen view, both moved each 10 ms frame
    /// to where `at(t)` puts them, from 0.01 to `until`, then lifted.
    private func hold(_ recognizer: GestureRecognizer, until end: Double,
                      _ at: (Double) -> (Point, Point)) -> [String] {
        let s = Scene()
        let full = try! s.engine.addView(frame: Rect(x: 0, y: 0, width: 400, height: 800), to: s.engine.rootView)
        try! s.engine.setFlag(.multipleTouchEnabled, true, of: full)
        s.attach(recognizer, name: "g", to: full)
        let (a0, b0) = at(0)
        s.down(1, a0.x, a0.y, at: 0)
        s.down(2, b0.x, b0.y, at: 0)
        var t = 0.01
        while t < end - 1e-9 {
            let (a, b) = at(t)
            s.feed(t, [TouchInput(id: 1, phase: .moved, location: a), TouchInput(id: 2, phase: .moved, location: b)])
            t += 0.01
        }
        let (a, b) = at(end)
        s.feed(end, [TouchInput(id: 1, phase: .ended, location: a), TouchInput(id: 2, phase: .ended, location: b)])
        return s.log
    }

    /// The pads settle: in 0.12 s the fingers' centres move 9 pt apart, decelerating; then they
    /// stay (fractions of the settling done at `t`).
    private func settled(_ t: Double) -> Double {
        let f = Swift.min(t / 0.12, 1)
        return 1 - (1 - f) * (1 - f)
    }

    @Test func padsSettlingNinePointsApartDoNotPinchButDidUnderThePlainRule() {
        let settle: (Double) -> (Point, Point) = { t in
            let s = self.settled(t)
            return (Point(x: 200 - 5 * s, y: 300), Point(x: 380 + 4 * s, y: 300))
        }
        let pinch = PinchGestureRecognizer()
        #expect(hold(pinch, until: 1, settle) == [])
        let plain = PinchGestureRecognizer()
        plain.driftAllowance = 0
        #expect(hold(plain, until: 1, settle).first?.hasSuffix("g began") == true)
    }

    @Test func aCreepOfNinePointsASecondNeverPinchesOrRotates() {
        // 11 pt further apart and 3 pt of arc after 1.2 s, at 9 pt/s.
        let creep: (Double) -> (Point, Point) = { t in
            (Point(x: 200 - 9 * t, y: 300), Point(x: 380, y: 300 + 2.5 * t))
        }
        #expect(hold(PinchGestureRecognizer(), until: 1.2, creep) == [])
        let rotation = RotationGestureRecognizer()
        rotation.angleThreshold = 0.5 * Double.pi / 180   // 1.6 pt of arc: the creep's 3 pt would pass
        #expect(hold(rotation, until: 1.2, creep) == [])
    }

    @Test func aDeliberatePinchBeginsWithinAFrameOfThePlainRuleWithTheSameScale() {
        // 200 pt/s apart from the landing on.
        let spread: (Double) -> (Point, Point) = { t in (Point(x: 200 - 100 * t, y: 300), Point(x: 380 + 100 * t, y: 300)) }
        var scales: [[Double]] = []
        var logs: [[String]] = []
        for allowance in [0.0, 10] {
            let pinch = PinchGestureRecognizer()
            pinch.driftAllowance = allowance
            var seen: [Double] = []
            pinch.addTarget { g in seen.append((g as! PinchGestureRecognizer).scale) }
            logs.append(hold(pinch, until: 0.3, spread))
            scales.append(seen)
        }
        // Plain: 8 pt reached after 0.04 s (d = 188 at 0.05). With the allowance: 0.06.
        #expect(logs[0].first == "0.050 g began")
        #expect(logs[1].first == "0.060 g began")
        // The scale is measured from where the fingers landed (rule 99), so it is the same from
        // the frame both have begun on.
        #expect(abs(scales[0][1] - scales[1][0]) < 1e-9)
        #expect(abs(scales[0].last! - scales[1].last!) < 1e-9)
    }

    @Test func aSlowTwoFingerHandDoesNotPanButOneFingerAtThatSpeedDoes() {
        // The hand creeps 15 pt right over 2 s (7.5 pt/s).
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        #expect(hold(pan, until: 2, { t in (Point(x: 200 + 7.5 * t, y: 300), Point(x: 380 + 7.5 * t, y: 300)) }) == [])
        let s = Scene()
        let one = PanGestureRecognizer()
        s.attach(one, name: "pan")
        s.down(1, 150, 150, at: 0)
        var t = 0.1
        while t < 2 { s.move(1, 150 + 7.5 * t, 150, at: t); t += 0.1 }
        #expect(s.log.first == "1.400 pan began")   // rule 79 for one finger: 10.5 pt at 1.4 s
    }

    @Test func aTwoFingerScrollBeginsAsUnderThePlainRule() {
        let scroll: (Double) -> (Point, Point) = { t in (Point(x: 200, y: 300 - 300 * t), Point(x: 380, y: 300 - 300 * t)) }
        var logs: [[String]] = []
        for allowance in [0.0, 10] {
            let pan = PanGestureRecognizer()
            pan.driftAllowance = allowance
            logs.append(hold(pan, until: 0.3, scroll))
        }
        #expect(logs[0].first == "0.040 g began")
        #expect(logs[0] == logs[1])
    }

    @Test func theAllowanceCountsSettlingTimeOnceAcrossItsEnd() {
        var d = RestingDrift()
        d.landed(at: 1)
        // 0.1 s inside the settling (6×), then 0.1 s of which 0.05 inside.
        #expect(abs(d.allowance(at: 1.1, rate: 10, settles: true) - 6) < 1e-9)
        #expect(abs(d.allowance(at: 1.2, rate: 10, settles: true) - (0.05 * 60 + 0.05 * 10)) < 1e-9)
        #expect(abs(d.allowance(at: 1.3, rate: 10, settles: true) - 1) < 1e-9)
        #expect(d.allowance(at: 1.2, rate: 10, settles: true) == 0)   // time going back gives nothing
        var p = RestingDrift()
        p.landed(at: 0)
        #expect(abs(p.allowance(at: 0.1, rate: 10, settles: false) - 1) < 1e-9)
        #expect(RestingDrift.follow(10, toward: 13, by: 1) == 11)
        #expect(RestingDrift.follow(10, toward: 10.5, by: 1) == 10.5)
        let moved = RestingDrift.follow(Point(x: 0, y: 0), toward: Point(x: 3, y: 4), by: 1)
        #expect((moved - Point(x: 0.6, y: 0.8)).length < 1e-12)
    }
}
