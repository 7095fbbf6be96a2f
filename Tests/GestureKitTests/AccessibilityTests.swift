import Testing
@testable import GestureKit

/// The timing scale (docs/ACCESSIBILITY.md): every time limit a user must beat, multiplied.
@Suite struct AccessibilityTests {
    @Test func aTimingScaleOfTwoDoublesTheLongPressDuration() throws {
        for scale in [1.0, 2.0] {
            let s = Scene()
            try s.engine.setTimingScale(scale)
            let long = LongPressGestureRecognizer()
            s.attach(long, name: "long")
            s.down(1, 150, 150, at: 0)
            s.advance(0.6)
            #expect(s.log == (scale == 1 ? ["0.500 long began"] : []))
            s.advance(1.1)
            #expect(s.log == (scale == 1 ? ["0.500 long began"] : ["1.000 long began"]))
        }
    }

    @Test func aScaledDoubleTapIntervalLetsASlowSecondTapCountAndTheSingleTapWaitsForIt() throws {
        for scale in [1.0, 2.0] {
            let s = Scene()
            try s.engine.setTimingScale(scale)
            let single = TapGestureRecognizer(), double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            s.attach(double, name: "double")
            s.attach(single, name: "single")
            s.down(1, 150, 150, at: 0)
            s.up(1, 150, 150, at: 0.05)
            s.down(2, 150, 150, at: 0.55)   // 0.5 s after the first tap: over 0.35, within 0.7
            s.up(2, 150, 150, at: 0.6)
            s.advance(2)
            // Unscaled, the first tap times out at 0.40 and the single tap fires then; scaled, the
            // second tap makes a double tap and the single tap fails.
            #expect(s.log == (scale == 1 ? ["0.400 single ended", "0.950 single ended"] : ["0.600 double ended"]),
                    "scale \(scale)")
        }
    }

    @Test func aScaledSwipeMayTakeLonger() throws {
        for scale in [1.0, 2.0] {
            let s = Scene()
            try s.engine.setTimingScale(scale)
            let swipe = SwipeGestureRecognizer()
            s.attach(swipe, name: "swipe")
            // A finger that rests 0.6 s, then flicks 150 pt to the right: past the 0.5 s maximum
            // unscaled, within the 1.0 s of a scale of 2.
            s.down(1, 110, 150, at: 0)
            s.move(1, 111, 150, at: 0.3)
            s.move(1, 170, 150, at: 0.62)
            s.move(1, 230, 150, at: 0.64)
            s.up(1, 260, 150, at: 0.66)
            #expect(s.log.contains { $0.hasSuffix("swipe ended") } == (scale == 2), "scale \(scale): \(s.log)")
        }
    }

    @Test func aRecognizerThatOptsOutKeepsItsTimesAndTheStrokePauseScales() throws {
        let s = Scene()
        try s.engine.setTimingScale(3)
        let long = LongPressGestureRecognizer()
        long.scalesTiming = false
        s.attach(long, name: "long")
        let stroke = StrokeGestureRecognizer()
        stroke.matching = .pointCloud
        #expect(long.timingScale == 1)
        s.attach(stroke, name: "stroke")
        #expect(stroke.timingScale == 3)
        s.down(1, 150, 150, at: 0)
        s.advance(0.55)
        #expect(s.log == ["0.500 long began"])
        // The scale reaches recognizers attached before and after it was set.
        try s.engine.setTimingScale(1.5)
        #expect(stroke.timingScale == 1.5)
        let late = TapGestureRecognizer()
        s.attach(late, name: "late")
        #expect(late.timingScale == 1.5)
    }

    @Test func timingScalesOutsideOneToFiveAreRefused() throws {
        let s = Scene()
        for bad in [0.0, 0.99, 5.01, -1, .nan, .infinity] {
            #expect(throws: EngineError.invalidArgument) { try s.engine.setTimingScale(bad) }
        }
        #expect(s.engine.timingScale == 1)
        try s.engine.setTimingScale(5)
        #expect(s.engine.timingScale == 5)
    }
}
