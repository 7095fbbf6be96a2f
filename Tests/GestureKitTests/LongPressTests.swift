import Testing
@testable import GestureKit

@Suite struct LongPressTests {
    @Test func beginsFromTheTimerAtTheMinimumDurationAndEndsOnLift() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        #expect(s.engine.nextDeadline == 0.5)
        s.advance(0.4999)
        #expect(lp.state == .possible)
        s.advance(0.5)
        #expect(lp.state == .began)
        s.up(1, 150, 150, at: 0.8)
        #expect(s.log == ["0.500 lp began", "0.800 lp ended"])
        #expect(s.deliveries == ["0.000 B#1", "0.500 C#1"])
    }

    @Test func movementOfExactlyTheAllowanceIsAllowedAndBeyondFails() {
        for (dx, fails) in [(10.0, false), (10.01, true)] {
            let s = Scene()
            let lp = LongPressGestureRecognizer()
            s.attach(lp, name: "lp")
            s.down(1, 150, 150, at: 0)
            s.move(1, 150 + dx, 150, at: 0.2)
            s.advance(0.6)
            #expect(s.log == (fails ? [] : ["0.500 lp began"]), "moved \(dx)")
        }
    }

    @Test func liftBeforeTheDurationFailsAndLiftAtTheDeadlineComesAfterTheTimer() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.3)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.300 E#1"])
        s.down(2, 150, 150, at: 1)
        s.up(2, 150, 150, at: 1.5)   // stamped at the deadline: the timer fires first
        #expect(s.log == ["1.500 lp began", "1.500 lp ended"])
    }

    @Test func zeroDurationBeginsInTheTouchDownPass() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        lp.minimumPressDuration = 0
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        #expect(s.log == ["0.000 lp began"])
    }

    @Test func noMovementLimitAfterBeganAndExtraFingersAreIgnored() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        s.advance(0.5)
        s.move(1, 290, 290, at: 0.6)
        s.down(2, 200, 200, at: 0.7)
        #expect(lp.numberOfTouches == 1)
        s.up(2, 200, 200, at: 0.8)       // an ignored finger lifting does not end it
        s.up(1, 290, 290, at: 0.9)
        #expect(s.log == ["0.500 lp began", "0.600 lp changed", "0.900 lp ended"])
        #expect(lp.location(in: nil) == Point(x: 290, y: 290))
    }

    @Test func twoFingerPressTimesFromTheSecondFingerAndEndsWhenEitherLifts() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        lp.numberOfTouchesRequired = 2
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        s.down(2, 170, 150, at: 0.2)
        s.advance(0.6)
        #expect(lp.state == .possible)
        s.advance(0.7)
        #expect(s.log == ["0.700 lp began"])
        s.up(1, 150, 150, at: 0.8)
        #expect(s.log == ["0.700 lp began", "0.800 lp ended"])
    }

    @Test func moreFingersThanRequiredBeforeBeganFails() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        s.down(2, 170, 150, at: 0.1)
        s.advance(1)
        #expect(s.log.isEmpty)
    }

    @Test func tapThenPressWithinTheIntervalBegins() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        lp.numberOfTapsRequired = 1
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.1)
        s.down(2, 152, 150, at: 0.3)
        s.advance(0.8)
        #expect(s.log == ["0.800 lp began"])
    }

    @Test func pressThatComesTooLateAfterTheTapFails() {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        lp.numberOfTapsRequired = 1
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.1)
        s.down(2, 150, 150, at: 0.45)   // exactly 0.35 s after: the timer fires first
        s.advance(1.5)
        #expect(s.log.isEmpty)
    }

    @Test func movementThresholdFollowsThePanelDensity() {
        var o = EngineOptions()
        o.screenSize = Size(width: 400, height: 800)
        o.pointsPerMillimetre = 12.8   // twice UIKit's density: thresholds double
        let engine = try! Engine(options: o)
        let lp = LongPressGestureRecognizer()
        try! engine.add(lp, to: engine.rootView)
        var began = false
        lp.addTarget { g in if g.state == .began { began = true } }
        try! engine.feed(time: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(x: 100, y: 100))])
        try! engine.feed(time: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: 115, y: 100))])
        try! engine.advance(to: 0.6)
        #expect(began)   // 15 pt < 20 pt
    }
}
