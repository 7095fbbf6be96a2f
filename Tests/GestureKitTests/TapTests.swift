import Testing
@testable import GestureKit

@Suite struct TapTests {
    @Test func tapRecognizedAtLiftAndCancelsTheViewTouch() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        var loc = Point.zero
        s.attach(tap, name: "tap")
        tap.addTarget { g in loc = g.location(in: s.v) }
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.08)
        #expect(s.log == ["0.080 tap ended"])
        #expect(loc == Point(50, 50))
        #expect(s.deliveries == ["0.000 B#1", "0.080 C#1"])
        #expect(tap.state == .possible)   // reset after the pass (rule 17)
    }

    @Test func tapWithoutCancellingDeliversEnded() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        s.attach(tap, name: "tap")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.08)
        #expect(s.log == ["0.080 tap ended"])
        #expect(s.deliveries == ["0.000 B#1", "0.080 E#1"])
    }

    @Test func tapFailsBeyond45PointsAndAllowsExactly45() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        s.down(1, 150, 150, at: 0)
        s.move(1, 200, 150, at: 0.05)
        s.up(1, 200, 150, at: 0.10)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.050 M#1", "0.100 E#1"])
        s.down(2, 150, 150, at: 1)
        s.move(2, 195, 150, at: 1.05)
        s.up(2, 195, 150, at: 1.10)
        #expect(s.log == ["1.100 tap ended"])
    }

    @Test func tapHeldTooLongFailsByTimer() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        s.down(1, 150, 150, at: 0)
        #expect(s.engine.nextDeadline == 1.5)
        s.up(1, 150, 150, at: 3.0)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "3.000 E#1"])
    }

    @Test func doubleTapTimesOutAndReleasesTheWithheldEnded() {
        let s = Scene()
        let dbl = TapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        s.attach(dbl, name: "double")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.08)
        #expect(s.deliveries == ["0.000 B#1"])
        s.advance(1.0)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.430 E#1"])
    }

    @Test func doubleTapDelaysSingleTapUntilTimeout() {
        let s = Scene()
        _ = s.attachSingleWaitingForDouble()
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.08)
        #expect(s.log.isEmpty)
        s.advance(1.0)
        #expect(s.log == ["0.430 single ended"])
        #expect(s.deliveries == ["0.000 B#1", "0.430 C#1"])
    }

    @Test func singleAndDoubleWithoutRequirementBothFire() {
        let s = Scene()
        let single = TapGestureRecognizer()
        let dbl = TapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        s.attach(single, name: "single")
        s.attach(dbl, name: "double")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.08)
        s.down(2, 152, 151, at: 0.25)
        s.up(2, 152, 151, at: 0.33)
        #expect(s.log == ["0.080 single ended", "0.330 double ended"])
    }

    @Test func nestedTapsInnerWins() {
        let s = Scene()
        let outer = TapGestureRecognizer(), inner = TapGestureRecognizer()
        s.attach(outer, name: "outer", to: s.engine.rootView)
        s.attach(inner, name: "inner")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.08)
        #expect(s.log == ["0.080 inner ended"])
    }
}
