import Testing
@testable import GestureKit

@Suite struct SwipeTests {
    @Test func decayedLimitsMatchTheSpecValues() {
        #expect(abs(SwipeGestureRecognizer.decayed(50, decay: 0.06, elapsed: 0.5) - 26.5) < 1e-9)
        #expect(abs(SwipeGestureRecognizer.decayed(200, decay: 0.02, elapsed: 0.5) - 102) < 1e-9)
        #expect(SwipeGestureRecognizer.decayed(50, decay: 0.06, elapsed: 0) == 50)
        // Capped at 0.5 s.
        #expect(SwipeGestureRecognizer.decayed(50, decay: 0.06, elapsed: 2) == SwipeGestureRecognizer.decayed(50, decay: 0.06, elapsed: 0.5))
    }

    @Test func recognizedDuringTheMoveNotAtTouchUp() {
        let s = Scene()
        let swipe = SwipeGestureRecognizer()
        s.attach(swipe, name: "swipe")
        s.down(1, 110, 150, at: 0)
        s.move(1, 140, 150, at: 0.02)
        #expect(swipe.state == .possible)
        s.move(1, 175, 150, at: 0.04)
        #expect(s.log == ["0.040 swipe ended"])
        #expect(swipe.state == .possible)   // reset after its pass
        s.up(1, 175, 150, at: 0.05)
        #expect(s.log == ["0.040 swipe ended"])
        #expect(s.deliveries == ["0.000 B#1", "0.020 M#1", "0.040 C#1"])
    }

    @Test func minimumDistanceAtItsBoundary() {
        // At t = 0.1 the minimum is 50 × (1 − 0.94 × 0.1) = 45.3 pt.
        for (dx, recognized) in [(45.29, false), (45.3, true)] {
            let s = Scene()
            let swipe = SwipeGestureRecognizer()
            s.attach(swipe, name: "swipe")
            s.down(1, 110, 150, at: 0)
            s.move(1, 110 + dx, 150, at: 0.1)
            #expect(s.log == (recognized ? ["0.100 swipe ended"] : []), "moved \(dx)")
        }
    }

    @Test func wrongDirectionFailsAndTheViewGetsEverything() {
        let s = Scene()
        let swipe = SwipeGestureRecognizer()
        s.attach(swipe, name: "swipe")
        s.down(1, 250, 150, at: 0)
        s.move(1, 220, 150, at: 0.02)
        s.move(1, 185, 150, at: 0.04)
        s.up(1, 185, 150, at: 0.05)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.020 M#1", "0.040 M#1", "0.050 E#1"])
    }

    @Test func oppositeMovementToleranceIsTenPoints() {
        for (back, fails) in [(10.0, false), (10.5, true)] {
            let s = Scene()
            let swipe = SwipeGestureRecognizer()
            s.attach(swipe, name: "swipe")
            s.down(1, 150, 150, at: 0)
            s.move(1, 150 - back, 150, at: 0.02)
            s.move(1, 220, 150, at: 0.05)
            #expect(s.log == (fails ? [] : ["0.050 swipe ended"]), "back \(back)")
        }
    }

    @Test func crookedPathFailsOnTheSecondaryLimit() {
        let s = Scene()
        let swipe = SwipeGestureRecognizer()
        swipe.maximumSecondaryMovement = 20
        s.attach(swipe, name: "swipe")
        s.down(1, 110, 150, at: 0)
        s.move(1, 130, 171, at: 0.02)   // 21 pt off the axis > 20 × (1 − 0.98 × 0.02)
        s.move(1, 200, 171, at: 0.04)
        #expect(s.log.isEmpty)
    }

    @Test func tooSlowFailsOnTheMaximumDuration() {
        let s = Scene()
        let swipe = SwipeGestureRecognizer()
        s.attach(swipe, name: "swipe")
        s.down(1, 110, 150, at: 0)
        s.move(1, 120, 150, at: 0.3)
        s.move(1, 200, 150, at: 0.51)
        #expect(s.log.isEmpty)
    }

    @Test func multiDirectionMaskReportsTheDirection() {
        let s = Scene()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right]
        s.attach(swipe, name: "swipe")
        var dir: UInt32 = 0
        var location = Point.zero
        swipe.addTarget { g in location = g.location(in: s.v) }
        s.down(1, 250, 150, at: 0)
        s.move(1, 180, 150, at: 0.04)
        while let a = s.engine.nextAction() { dir = a.swipeDirection }
        #expect(s.log == ["0.040 swipe ended"])
        #expect(dir == SwipeDirection.left.rawValue)
        #expect(location == Point(x: 150, y: 50))   // where the swipe began (rule 98)
    }

    @Test func twoFingerSwipeNeedsBothFingersAndReportsTheStartCentroid() {
        let s = Scene()
        let swipe = SwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        s.attach(swipe, name: "swipe")
        var location = Point.zero
        swipe.addTarget { g in location = g.location(in: nil) }
        s.feed(0, [TouchInput(id: 1, phase: .began, location: Point(x: 110, y: 140)),
                   TouchInput(id: 2, phase: .began, location: Point(x: 110, y: 160))])
        s.move(1, 180, 140, at: 0.04)          // one finger far enough: not yet
        #expect(s.log.isEmpty)
        s.move(2, 180, 160, at: 0.05)
        #expect(s.log == ["0.050 swipe ended"])
        #expect(location == Point(x: 110, y: 150))
    }

    @Test func aFingerLiftingBeforeRecognitionFails() {
        let s = Scene()
        let swipe = SwipeGestureRecognizer()
        s.attach(swipe, name: "swipe")
        s.down(1, 110, 150, at: 0)
        s.up(1, 130, 150, at: 0.02)
        #expect(s.log.isEmpty)
    }
}
