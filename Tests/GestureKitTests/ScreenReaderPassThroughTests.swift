import Testing
@testable import GestureKit

/// Explore-by-touch's double tap and hold (issue 40, item 4): the second finger of a double tap,
/// held, passes through to the focused element as a synthesized touch at its centre, so that an
/// element with only a long press or a drag can be used with the screen reader on.
@Suite struct ScreenReaderPassThroughTests {
    /// A "Hold" element with only a long press and a "Slider" element with only a pan, both
    /// elements of the screen reader; the long press and the pan log their states.
    private func kiosk() throws -> (Scene, hold: ViewID, slider: ViewID, pan: PanGestureRecognizer) {
        let s = Scene(width: 400, height: 400)
        let hold = try s.engine.addView(frame: Rect(x: 20, y: 300, width: 100, height: 60), to: s.engine.rootView)
        try s.engine.setAccessibility(of: hold, label: Array("Hold".utf8), isElement: true, order: 1)
        s.attach(LongPressGestureRecognizer(), name: "press", to: hold)
        let slider = try s.engine.addView(frame: Rect(x: 200, y: 300, width: 180, height: 60), to: s.engine.rootView)
        try s.engine.setAccessibility(of: slider, label: Array("Slider".utf8), isElement: true, order: 2)
        let pan = PanGestureRecognizer()
        s.attach(pan, name: "pan", to: slider)
        try s.engine.setScreenReader(true)
        return (s, hold, slider, pan)
    }

    private func events(_ s: Scene) -> [String] { s.accessibilityEvents() }

    /// Focuses the element under (x, y) by a single tap at time t (focused at t + 0.5).
    private func focus(_ s: Scene, _ x: Double, _ y: Double, at t: Double) {
        s.down(90, x, y, at: t); s.up(90, x, y, at: t + 0.05)
        s.advance(t + 0.5)
    }

    @Test func aDoubleTapAndHoldLongPressesTheFocusedElementWhereverTheFingerIs() throws {
        let (s, hold, _, _) = try kiosk()
        focus(s, 70, 330, at: 0)
        #expect(events(s) == ["0.450 focus Hold"])
        // A double tap far from the element, the second finger held.
        s.down(1, 250, 100, at: 1); s.up(1, 250, 100, at: 1.05)
        s.down(2, 252, 102, at: 1.2)
        #expect(s.engine.nextDeadline == 1.5)
        s.advance(1.5)                               // held past the tap time: passed through
        #expect(events(s) == ["1.500 pass-through Hold"])
        #expect(s.deliveries == ["1.500 B#\(Int64.min)"])   // a synthesized touch on the element
        s.advance(2.0)                               // the long press's 0.5 s, counted from there
        #expect(s.log == ["2.000 press began"])
        s.move(2, 256, 104, at: 2.1)                 // the finger moves: so does the touch
        #expect(s.log.last == "2.100 press changed")
        s.up(2, 256, 104, at: 2.3)
        #expect(s.log == ["2.000 press began", "2.100 press changed", "2.300 press ended"])
        // The view saw its touch begin, then cancelled when the press began (cancelsTouchesInView).
        #expect(s.deliveries == ["1.500 B#\(Int64.min)", "2.000 C#\(Int64.min)"])
        // The focus stayed where it was; nothing else was said.
        s.advance(4)
        #expect(events(s).isEmpty)
        #expect(s.engine.accessibilityFocus == hold)
    }

    @Test func aPassedThroughFingerDragsTheFocusedElementsPanByItsOwnMovement() throws {
        let (s, _, _, pan) = try kiosk()
        focus(s, 290, 330, at: 0)
        var translation = Point.zero
        pan.addTarget { g in translation = (g as! PanGestureRecognizer).translation(in: nil) }
        s.down(1, 60, 100, at: 1); s.up(1, 60, 100, at: 1.05)
        s.down(2, 60, 100, at: 1.2)
        s.advance(1.5)
        for k in 1...4 { s.move(2, 60 + 15 * Double(k), 100, at: 1.5 + 0.05 * Double(k)) }
        s.up(2, 120, 100, at: 1.8)
        #expect(events(s) == ["0.450 focus Slider", "1.500 pass-through Slider"])
        #expect(s.log.first == "1.550 pan began" && s.log.last == "1.800 pan ended")
        #expect(translation == Point(x: 50, y: 0))   // 60 pt right, less the pan's 10 pt hysteresis
    }

    @Test func aQuickSecondTapStillActivatesAndTheFirstTapWaitsNoLongerWhileItIsDown() throws {
        let (s, _, _, _) = try kiosk()
        focus(s, 70, 330, at: 0)
        s.down(1, 250, 100, at: 1); s.up(1, 250, 100, at: 1.05)
        s.down(2, 252, 102, at: 1.4)                 // within 0.4 s of the first lift
        s.advance(1.6)                               // past the first tap's own wait: it waits on
        s.up(2, 252, 102, at: 1.65)                  // lifted within the tap time: a double tap
        #expect(events(s) == ["0.450 focus Hold", "1.650 activate Hold"])
        #expect(s.log.isEmpty)                       // the long press saw a tap, too short for it
    }

    @Test func aSecondFingerThatMovesAwayExploresAndTheFirstTapIsForgotten() throws {
        let (s, hold, _, _) = try kiosk()
        focus(s, 290, 330, at: 0)                    // the slider
        s.down(1, 200, 200, at: 1); s.up(1, 200, 200, at: 1.05)
        s.down(2, 200, 200, at: 1.2)
        s.move(2, 70, 330, at: 1.3)                  // onto Hold: past the slop, no double tap
        s.advance(1.5)                               // explores: Hold is said
        s.up(2, 70, 330, at: 1.7)
        s.advance(3)
        #expect(events(s) == ["0.450 focus Slider", "1.500 focus Hold"])
        #expect(s.engine.accessibilityFocus == hold)
        #expect(s.log.isEmpty && s.deliveries.isEmpty)
        // A later single tap is a first tap again, not the second of an old one.
        s.down(3, 200, 200, at: 4); s.up(3, 200, 200, at: 4.05)
        #expect(events(s).isEmpty)
    }

    @Test func withNothingFocusedADoubleTapAndHoldExploresAsAHeldFingerDoes() throws {
        let (s, hold, _, _) = try kiosk()
        s.down(1, 70, 330, at: 0); s.up(1, 70, 330, at: 0.05)
        s.down(2, 70, 330, at: 0.2)
        s.advance(0.5)
        s.up(2, 70, 330, at: 0.6)
        #expect(events(s) == ["0.500 focus Hold"])
        #expect(s.engine.accessibilityFocus == hold)
        #expect(s.log.isEmpty && s.deliveries.isEmpty)
    }

    @Test func cancellingEveryTouchCancelsThePassedThroughTouch() throws {
        let (s, _, _, _) = try kiosk()
        focus(s, 70, 330, at: 0)
        s.down(1, 250, 100, at: 1); s.up(1, 250, 100, at: 1.05)
        s.down(2, 250, 100, at: 1.2)
        s.advance(2.0)
        #expect(s.log == ["2.000 press began"])
        try s.engine.cancelAllTouches(time: 2.1)
        s.drain()
        #expect(s.log.last == "2.100 press cancelled")
        #expect(s.engine.nextDeadline == nil)
    }
}
