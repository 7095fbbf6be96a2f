import Testing
@testable import GestureKit

@Suite struct PanTests {
    @Test func panBeginsAfterHysteresisWithReducedTranslation() {
        let s = Scene()
        let pan = PanGestureRecognizer()
        var reads: [String] = []
        s.attach(pan, name: "pan")
        pan.addTarget { g in
            let p = g as! PanGestureRecognizer
            let t = p.translation(in: s.v)
            reads.append("\(p.state) \(t.x),\(t.y)")
        }
        s.down(1, 150, 150, at: 0)
        s.move(1, 154, 150, at: 0.0167)
        #expect(pan.state == .possible)
        s.move(1, 162, 150, at: 0.0333)
        s.move(1, 180, 150, at: 0.05)
        s.up(1, 180, 150, at: 0.0667)
        #expect(reads == ["began 2.0,0.0", "changed 20.0,0.0", "ended 20.0,0.0"])
        #expect(s.deliveries == ["0.000 B#1", "0.017 M#1", "0.033 C#1"])
    }

    @Test func panBeatsTapOnTheSameView() {
        let s = Scene()
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        s.attach(tap, name: "tap")
        s.attach(pan, name: "pan")
        s.down(1, 150, 150, at: 0)
        s.move(1, 165, 150, at: 0.05)
        s.up(1, 165, 150, at: 0.10)
        #expect(s.log == ["0.050 pan began", "0.100 pan ended"])
        #expect(s.deliveries == ["0.000 B#1", "0.050 C#1"])
    }

    @Test func velocityIsSixHundredPointsPerSecondInBothModes() {
        for mode in [VelocityMode.leastSquares, .uikitCompatible] {
            let s = Scene()
            let pan = PanGestureRecognizer()
            pan.velocityMode = mode
            var vx: [Double] = []
            s.attach(pan, name: "pan")
            pan.addTarget { g in vx.append((g as! PanGestureRecognizer).velocity(in: s.v).x) }
            s.down(1, 150, 150, at: 0)
            for i in 1...6 { s.move(1, 150 + Double(i) * 10, 150, at: Double(i) / 60) }
            s.up(1, 210, 150, at: 0.1167)
            #expect(vx.count == 7)
            for v in vx.dropFirst(2) { #expect(abs(v - 600) < 30, "mode \(mode): \(vx)") }
        }
    }

    @Test func changedActionsCarryTheVelocityOnlyWhenAsked() {
        for asked in [false, true] {
            let s = Scene()
            let pan = PanGestureRecognizer()
            pan.reportsVelocityOnChange = asked
            s.attach(pan, name: "pan")
            s.down(1, 150, 150, at: 0)
            for i in 1...6 { s.move(1, 150 + Double(i) * 10, 150, at: Double(i) / 60) }
            #expect(abs(pan.velocity(in: nil).x - 600) < 30)   // on demand, whatever the setting
            s.up(1, 210, 150, at: 0.1167)
            var speeds: [GestureState: [Double]] = [:]
            while let a = s.engine.nextAction() { speeds[a.state, default: []].append(a.velocity.x) }
            #expect(speeds[.began]?.count == 1 && speeds[.ended]?.count == 1 && speeds[.changed]?.count == 5)
            #expect(speeds[.ended]!.allSatisfy { abs($0 - 600) < 30 }, "ended keeps it: \(speeds)")
            if asked {
                #expect(speeds[.changed]!.dropFirst().allSatisfy { abs($0 - 600) < 30 }, "\(speeds)")
            } else {
                #expect(speeds[.changed]!.allSatisfy { $0 == 0 }, "\(speeds)")
            }
        }
    }

    @Test func leastSquaresVelocityIsZeroAfterAPauseBeforeLift() {
        let s = Scene()
        let pan = PanGestureRecognizer()
        var last = Point(1, 1)
        s.attach(pan, name: "pan")
        pan.addTarget { g in last = (g as! PanGestureRecognizer).velocity(in: nil) }
        s.down(1, 150, 150, at: 0)
        for i in 1...6 { s.move(1, 150 + Double(i) * 10, 150, at: Double(i) / 60) }
        s.up(1, 210, 150, at: 0.3)
        #expect(last == .zero)
    }

    @Test func translationInAScaledViewIsHalved() {
        let s = Scene()
        try! s.engine.setTransform(AffineTransform(scaleX: 2, y: 2), of: s.v)
        let pan = PanGestureRecognizer()
        s.attach(pan, name: "pan")
        s.down(1, 150, 150, at: 0)
        s.move(1, 170, 150, at: 0.02)
        let r0 = pan.translation(in: s.engine.rootView), v0 = pan.translation(in: s.v)
        s.move(1, 210, 150, at: 0.04)
        let r1 = pan.translation(in: s.engine.rootView), v1 = pan.translation(in: s.v)
        #expect(abs((r1.x - r0.x) - 40) < 1e-9)
        #expect(abs((v1.x - v0.x) - 20) < 1e-9)
    }

    @Test func setTranslationRebasesWithoutTouchingVelocity() {
        let s = Scene()
        let pan = PanGestureRecognizer()
        var reads: [Double] = []
        s.attach(pan, name: "pan")
        pan.addTarget { g in
            let p = g as! PanGestureRecognizer
            reads.append(p.translation(in: s.v).x)
            p.setTranslation(.zero, in: s.v)
        }
        s.down(1, 150, 150, at: 0)
        s.move(1, 154, 150, at: 0.0167)
        s.move(1, 162, 150, at: 0.0333)
        s.move(1, 180, 150, at: 0.05)
        s.up(1, 180, 150, at: 0.0667)
        #expect(reads == [2, 18, 0])
    }

    @Test func systemCancelCancelsABeganPan() {
        let s = Scene()
        let pan = PanGestureRecognizer(), tap = TapGestureRecognizer()
        s.attach(pan, name: "pan")
        s.attach(tap, name: "tap")
        s.down(1, 150, 150, at: 0)
        s.move(1, 165, 150, at: 0.05)
        s.cancel(1, at: 0.08)
        #expect(s.log == ["0.050 pan began", "0.080 pan cancelled"])
    }
}
