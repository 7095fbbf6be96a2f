import Foundation
import Testing
@testable import GestureKit

/// Two-finger helpers: finger 1 stays at (150,200) unless moved; finger 2 starts 100 pt to its right.
private extension Scene {
    func pair(at t: Double) {
        down(1, 150, 200, at: t)
        down(2, 250, 200, at: t + 0.01)
    }
}

@Suite struct PinchTests {
    @Test func hysteresisIsEightPointsStrictly() {
        for (d, begins) in [(108.0, false), (108.01, true)] {
            let s = Scene()
            let pinch = PinchGestureRecognizer()
            pinch.driftAllowance = 0   // rule 99 as written (StillHoldTests: the allowance)
            s.attach(pinch, name: "pinch")
            s.pair(at: 0)
            s.move(2, 150 + d, 200, at: 0.05)
            #expect((pinch.state == .began) == begins, "distance \(d)")
        }
    }

    @Test func scaleIsCumulativeFromTheAdjustedStartAndFreezesWithOneFinger() {
        let s = Scene()
        let pinch = PinchGestureRecognizer()
        s.attach(pinch, name: "pinch")
        var scales: [Double] = []
        pinch.addTarget { g in scales.append((g as! PinchGestureRecognizer).scale) }
        s.pair(at: 0)
        s.move(2, 270, 200, at: 0.05)    // d = 120: began, 120 / 108
        s.move(2, 300, 200, at: 0.07)    // d = 150: 150 / 108
        s.up(2, 300, 200, at: 0.09)
        #expect(pinch.numberOfTouches == 1)
        s.move(1, 140, 200, at: 0.10)
        s.up(1, 140, 200, at: 0.12)
        #expect(s.log == ["0.050 pinch began", "0.070 pinch changed", "0.120 pinch ended"])
        #expect(abs(scales[0] - 120.0 / 108) < 1e-9)
        #expect(abs(scales[1] - 150.0 / 108) < 1e-9)
        #expect(abs(scales[2] - 150.0 / 108) < 1e-9)
        #expect(pinch.scale == 1)   // reset after the gesture
    }

    @Test func settingScaleRebasesLaterValues() {
        let s = Scene()
        let pinch = PinchGestureRecognizer()
        s.attach(pinch, name: "pinch")
        var scales: [Double] = []
        pinch.addTarget { g in
            let p = g as! PinchGestureRecognizer
            scales.append(p.scale)
            p.scale = 1
        }
        s.pair(at: 0)
        s.move(2, 270, 200, at: 0.05)
        s.move(2, 300, 200, at: 0.07)
        #expect(abs(scales[1] - 150.0 / 120) < 1e-9)
    }

    @Test func velocitySmoothingFollowsRule101() {
        let s = Scene()
        let pinch = PinchGestureRecognizer()
        s.attach(pinch, name: "pinch")
        s.pair(at: 0)
        s.move(2, 270, 200, at: 0.05)    // began: no sample yet
        #expect(pinch.velocity == 0)
        s.move(2, 300, 200, at: 0.07)    // sample = (150/108 − 120/108) / 0.02
        let sample = (150.0 / 108 - 120.0 / 108) / 0.02
        #expect(abs(pinch.velocity - 0.25 * sample) < 1e-9)
    }

    @Test func aSingleFingerNeverPinches() {
        let s = Scene()
        let pinch = PinchGestureRecognizer()
        s.attach(pinch, name: "pinch")
        s.down(1, 150, 150, at: 0)
        s.move(1, 200, 150, at: 0.1)
        s.up(1, 200, 150, at: 0.15)
        #expect(s.log.isEmpty)
        #expect(pinch.scale == 1)
    }

    @Test func aThirdFingerIsIgnored() {
        let s = Scene()
        let pinch = PinchGestureRecognizer()
        s.attach(pinch, name: "pinch")
        s.pair(at: 0)
        s.down(3, 200, 250, at: 0.02)
        #expect(pinch.numberOfTouches == 2)
        s.move(2, 270, 200, at: 0.05)
        #expect(pinch.state == .began)
    }

    @Test func aTranslationDominatedMotionDoesNotPinch() {
        let s = Scene()
        let pinch = PinchGestureRecognizer()
        s.attach(pinch, name: "pinch")
        s.pair(at: 0)
        // Both fingers move 100 pt down while spreading 9 pt: 9 × 4 < 100 × 0.5.
        s.feed(0.05, [TouchInput(id: 1, phase: .moved, location: Point(x: 150, y: 300)),
                      TouchInput(id: 2, phase: .moved, location: Point(x: 259, y: 300))])
        #expect(pinch.state == .possible)
    }
}

@Suite struct RotationTests {
    /// Places finger 2 at `degrees` (clockwise on screen) and distance `d` from finger 1.
    private func turn(_ s: Scene, _ degrees: Double, d: Double = 100, at t: Double) {
        let a = degrees * Double.pi / 180
        s.move(2, 150 + d * cosine(a), 200 + d * sine(a), at: t)
    }

    @Test func thresholdIsFiveDegreesForAPureRotation() {
        for (deg, begins) in [(4.9, false), (5.1, true)] {
            let s = Scene()
            let rot = RotationGestureRecognizer()
            rot.driftAllowance = 0   // rule 104 as written
            s.attach(rot, name: "rot")
            s.pair(at: 0)
            turn(s, deg, at: 0.05)
            #expect((rot.state == .began) == begins, "\(deg)°")
        }
    }

    @Test func rotationIsClockwisePositiveCumulativeAndPastPi() {
        let s = Scene()
        let rot = RotationGestureRecognizer()
        s.attach(rot, name: "rot")
        var last = 0.0
        rot.addTarget { g in last = (g as! RotationGestureRecognizer).rotation }
        s.pair(at: 0)
        var t = 0.02
        var deg = 0.0
        while deg < 270 {
            deg += 30
            turn(s, deg, at: t)
            t += 0.02
        }
        // 270° turned, minus the 5° threshold removed at began.
        #expect(abs(last - (265 * Double.pi / 180)) < 1e-6)
        #expect(last > Double.pi)
    }

    @Test func thresholdGrowsWithTheDistanceChange() {
        let s = Scene()
        let rot = RotationGestureRecognizer()
        rot.pinchWeight = 0   // look at the angle threshold alone
        rot.driftAllowance = 0
        s.attach(rot, name: "rot")
        s.pair(at: 0)
        // Distance doubles: threshold 5° + 5° × √1 = 10°.
        turn(s, 9.9, d: 200, at: 0.05)
        #expect(rot.state == .possible)
        turn(s, 10.1, d: 200, at: 0.07)
        #expect(rot.state == .began)
    }

    @Test func pinchAndRotationExcludeEachOtherUnlessAllowed() {
        for simultaneous in [false, true] {
            let s = Scene()
            let pinch = PinchGestureRecognizer(), rot = RotationGestureRecognizer()
            s.attach(pinch, name: "pinch")
            s.attach(rot, name: "rot")
            if simultaneous { pinch.shouldRecognizeSimultaneously = { _, _ in true } }
            s.pair(at: 0)
            turn(s, 8, d: 112, at: 0.05)
            turn(s, 12, d: 124, at: 0.07)
            let began = s.log.filter { $0.hasSuffix("began") }
            #expect(began.count == (simultaneous ? 2 : 1))
        }
    }
}

private func cosine(_ x: Double) -> Double { cos(x) }
private func sine(_ x: Double) -> Double { sin(x) }
