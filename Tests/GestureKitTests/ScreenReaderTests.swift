import Testing
@testable import GestureKit

/// Explore-by-touch (screen-reader mode).
@Suite struct ScreenReaderTests {
    /// Three buttons in a row (A, B, C; reading order C, A, B by their order values), each with a tap.
    private func kiosk() throws -> (Scene, [ViewID], [TapGestureRecognizer]) {
        let s = Scene(width: 400, height: 400)
        var views: [ViewID] = [], taps: [TapGestureRecognizer] = []
        for (k, (name, order)) in [("A", 2), ("B", 3), ("C", 1)].enumerated() {
            let v = try s.engine.addView(frame: Rect(x: 20 + 120 * Double(k), y: 300, width: 100, height: 60), to: s.engine.rootView)
            try s.engine.setAccessibility(of: v, label: Array(name.utf8), isElement: true, order: Int32(order))
            let tap = TapGestureRecognizer()
            s.attach(tap, name: "tap\(name)", to: v)
            views.append(v)
            taps.append(tap)
        }
        try s.engine.setScreenReader(true)
        return (s, views, taps)
    }

    private func events(_ s: Scene) -> [String] { s.accessibilityEvents() }

    @Test func aFingerExploringMovesTheFocusAndNoRecognizerSeesIt() throws {
        let (s, _, _) = try kiosk()
        s.down(1, 70, 330, at: 0)                  // on A
        #expect(s.engine.nextDeadline == 0.3)
        s.advance(0.3)                             // held: exploring
        s.move(1, 190, 330, at: 0.5)               // onto B
        s.move(1, 200, 200, at: 0.6)               // off every element: the focus stays on B
        s.up(1, 200, 200, at: 0.7)
        s.advance(2)
        #expect(events(s) == ["0.300 focus A", "0.500 focus B"])
        #expect(s.log.isEmpty && s.deliveries.isEmpty)
    }

    @Test func aSingleTapFocusesOnceNoSecondTapFollowsAndADoubleTapAnywhereActivatesTheFocus() throws {
        let (s, _, _) = try kiosk()
        s.down(1, 190, 330, at: 0); s.up(1, 190, 330, at: 0.1)     // a tap on B
        s.advance(0.49)
        #expect(events(s).isEmpty)                                    // a second tap could still come
        s.advance(0.5)
        #expect(events(s) == ["0.500 focus B"])
        // A double tap far from B activates B: its tap fires at B's centre.
        s.down(2, 60, 60, at: 1); s.up(2, 60, 60, at: 1.05)
        s.down(3, 62, 61, at: 1.2); s.up(3, 62, 61, at: 1.25)
        #expect(events(s) == ["1.250 activate B"])
        #expect(s.log == ["1.250 tapB ended"])
    }

    @Test func theTimingScaleSlowsOnlyTheDoubleTapInterval() throws {
        let (s, _, _) = try kiosk()
        try s.engine.setTimingScale(2)
        s.down(1, 190, 330, at: 0); s.up(1, 190, 330, at: 0.1)     // a tap on B
        s.advance(0.85)
        #expect(events(s).isEmpty)                                    // 0.4 s x 2: a second tap may still come
        s.advance(0.9)
        #expect(events(s) == ["0.900 focus B"])
        // A double tap with 0.7 s between the taps activates at scale 2 (not at 1: 0.4 s).
        s.down(2, 60, 60, at: 2); s.up(2, 60, 60, at: 2.05)
        s.down(3, 62, 61, at: 2.75); s.up(3, 62, 61, at: 2.8)
        #expect(events(s) == ["2.800 activate B"])
        // A resting finger explores after 0.3 s at any scale (issue 54, item 5).
        s.down(4, 70, 330, at: 5)
        #expect(s.engine.nextDeadline == 5.3)
        s.advance(5.3)
        #expect(events(s) == ["5.300 focus A"])
        s.up(4, 70, 330, at: 5.7)
    }

    /// Issue 54, item 5: at timing scale 10 a finger sliding slowly across the three elements
    /// over 2 s says each one as it reaches it, as at scale 1, and its lift is no flick.
    @Test func atTimingScaleTenASlowSlideStillSaysEachElement() throws {
        for scale in [1.0, 10.0] {
            let (s, _, _) = try kiosk()
            try s.engine.setTimingScale(scale)
            s.down(1, 30, 330, at: 0)                                   // on A
            for k in 1...20 { s.move(1, 30 + 17 * Double(k), 330, at: 0.1 * Double(k)) }   // to C, over 2 s
            s.up(1, 370, 330, at: 2.1)
            s.advance(10)
            #expect(events(s) == ["0.300 focus A", "0.700 focus B", "1.400 focus C"], "scale \(scale)")
        }
    }

    @Test func aTapOnTheFocusedElementSaysItAgain() throws {
        let (s, _, _) = try kiosk()
        s.down(1, 190, 330, at: 0); s.up(1, 190, 330, at: 0.1)     // a tap on B: focus B
        s.advance(0.5)
        s.down(2, 192, 331, at: 1); s.up(2, 192, 331, at: 1.1)     // again on B: said again
        s.advance(1.5)
        #expect(events(s) == ["0.500 focus B", "1.500 focus B"])
        #expect(s.log.isEmpty)                                        // nothing activated
    }

    @Test func flicksMoveThroughTheElementsInReadingOrder() throws {
        let (s, _, _) = try kiosk()
        func flick(_ dx: Double, at t: Double) {
            s.down(9, 200, 100, at: t)
            s.move(9, 200 + dx / 2, 102, at: t + 0.05)
            s.up(9, 200 + dx, 104, at: t + 0.1)
        }
        flick(80, at: 0)        // nothing focused: the first element, C (order 1)
        flick(80, at: 1)        // A (order 2)
        flick(80, at: 2)        // B
        flick(80, at: 3)        // at the end: stays on B, and the host hears of it (issue 54, item 4)
        flick(-80, at: 4)       // back to A
        flick(-80, at: 5)       // C
        flick(-80, at: 6)       // at the start
        #expect(events(s) == ["0.100 focus C", "1.100 focus A", "2.100 focus B", "3.100 boundary B", "4.100 focus A",
                              "5.100 focus C", "6.100 boundary C"])
        #expect(s.log.isEmpty)
    }

    /// Issue 54, item 1: a flick up or down on a focused adjustable element (a quantity) raises or
    /// lowers it, as VoiceOver's adjustable trait does; on any other element it does nothing.
    @Test func flicksUpAndDownAdjustAnAdjustableElementAndNothingElse() throws {
        let (s, views, _) = try kiosk()
        try s.engine.setAccessibilityTraits(of: views[0], .adjustable)   // A is a quantity
        #expect(try s.engine.accessibilityTraits(of: views[0]) == .adjustable)
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.setAccessibilityTraits(of: views[0], AccessibilityTraits(rawValue: 2))
        }
        func flick(dx: Double = 0, dy: Double = 0, at t: Double) {
            s.down(9, 200, 150, at: t)
            s.move(9, 200 + dx / 2, 150 + dy / 2, at: t + 0.05)
            s.up(9, 200 + dx, 150 + dy, at: t + 0.1)
        }
        flick(dy: -80, at: 0)    // nothing focused: nothing to adjust
        flick(dx: 80, at: 1)     // C
        flick(dy: -80, at: 2)    // C is not adjustable: nothing
        flick(dx: 80, at: 3)     // A
        flick(dy: -80, at: 4)    // up: increment A
        flick(dy: 80, at: 5)     // down: decrement A
        flick(dy: 80, at: 6)
        #expect(events(s) == ["1.100 focus C", "3.100 focus A", "4.100 increment A", "5.100 decrement A",
                              "6.100 decrement A"])
        #expect(s.log.isEmpty)   // no recognizer saw the flicks
    }

    /// Issue 54, item 3: hidden views, views in a hidden parent, views with alpha 0 and views of
    /// zero size are not in the reading order (UIKit's rule): a flick passes over them.
    @Test func flicksSkipHiddenTransparentAndEmptyElements() throws {
        let (s, views, _) = try kiosk()
        let panel = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 400, height: 100), to: s.engine.rootView)
        let pay = try s.engine.addView(frame: Rect(x: 10, y: 10, width: 100, height: 50), to: panel)
        try s.engine.setAccessibility(of: pay, label: Array("Confirm payment".utf8), isElement: true, order: 0)
        try s.engine.setFlag(.hidden, true, of: panel)                  // in a hidden parent
        try s.engine.setFlag(.hidden, true, of: views[0])               // A: hidden itself
        try s.engine.setAlpha(0, of: views[2])                          // C: alpha 0
        let empty = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 0, height: 40), to: s.engine.rootView)
        try s.engine.setAccessibility(of: empty, label: Array("Empty".utf8), isElement: true, order: 1)
        func flick(_ dx: Double, at t: Double) {
            s.down(9, 200, 150, at: t)
            s.move(9, 200 + dx / 2, 152, at: t + 0.05)
            s.up(9, 200 + dx, 154, at: t + 0.1)
        }
        flick(80, at: 0)        // only B is readable
        flick(80, at: 1)        // the end
        flick(-80, at: 2)       // the start
        #expect(events(s) == ["0.100 focus B", "1.100 boundary B", "2.100 boundary B"])
        // Shown again, the payment button reads first.
        try s.engine.setFlag(.hidden, false, of: panel)
        flick(-80, at: 3)
        #expect(events(s) == ["3.100 focus Confirm payment"])
    }

    /// Issue 54, item 2: a list in a scroll view whose row 6 lies below the visible area. A flick
    /// to it asks the host to scroll it into view; a double tap before that announces no
    /// activation and taps nothing; once scrolled, the double tap activates it.
    @Test func aRowScrolledOutOfViewIsScrolledIntoViewNotActivatedBlindly() throws {
        let s = Scene(width: 400, height: 400)
        let list = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 400, height: 300), to: s.engine.rootView)
        var rows: [ViewID] = []
        for k in 0..<6 {
            let row = try s.engine.addView(frame: Rect(x: 0, y: 60 * Double(k), width: 400, height: 60), to: list)
            try s.engine.setAccessibility(of: row, label: Array("Row \(k + 1)".utf8), isElement: true, order: Int32(k))
            s.attach(TapGestureRecognizer(), name: "row\(k + 1)", to: row)
            rows.append(row)
        }
        try s.engine.setScreenReader(true)
        func flick(at t: Double) {
            s.down(9, 100, 350, at: t)
            s.move(9, 140, 351, at: t + 0.05)
            s.up(9, 180, 352, at: t + 0.1)
        }
        func doubleTap(at t: Double) {
            s.down(7, 200, 380, at: t); s.up(7, 200, 380, at: t + 0.05)
            s.down(8, 200, 380, at: t + 0.15); s.up(8, 200, 380, at: t + 0.2)
        }
        for k in 0..<6 { flick(at: Double(k)) }                    // Row 1 ... Row 6 (300..360: below the list)
        #expect(events(s).suffix(2) == ["5.100 focus Row 6", "5.100 scroll-into-view Row 6"])
        doubleTap(at: 6)
        #expect(events(s) == ["6.200 scroll-into-view Row 6"])       // no activation announced ...
        #expect(s.log.isEmpty)                                       // ... and no row tapped
        try s.engine.setBoundsOrigin(Point(x: 0, y: 60), of: list)   // the host scrolls one row
        doubleTap(at: 7)
        #expect(events(s) == ["7.200 activate Row 6"])
        #expect(s.log == ["7.200 row6 ended"])
    }

    /// Issue 40, item 6: a flick that lands on another element announces only its destination,
    /// as VoiceOver and TalkBack do; the element under the finger is not said on the way.
    @Test func aFlickThatStartsOnAnotherElementSaysOnlyWhereItGoes() throws {
        let (s, _, _) = try kiosk()
        s.down(1, 310, 330, at: 0); s.up(1, 310, 330, at: 0.1)     // a tap on C: focus C
        s.advance(0.5)
        #expect(events(s) == ["0.500 focus C"])
        s.down(2, 60, 330, at: 1)                                    // on A, flicking right across it
        s.move(2, 90, 331, at: 1.05)                                 // past the 20 pt tap slop
        s.move(2, 130, 332, at: 1.1)                                 // onto B
        s.up(2, 150, 333, at: 1.15)
        #expect(events(s) == ["1.150 focus A"])                      // C's next in reading order; A and B not said on the way
        // A quick drag that is no flick (too much up and down) says nothing, and moves nothing;
        // held past the flick time, the finger explores as usual.
        s.down(3, 60, 330, at: 2); s.move(3, 90, 360, at: 2.1); s.up(3, 100, 395, at: 2.2)
        #expect(events(s).isEmpty)
        s.down(4, 160, 330, at: 3); s.move(4, 190, 331, at: 3.1)   // on B (the focus is on A)
        s.advance(3.3)
        #expect(events(s) == ["3.300 focus B"])
        s.move(4, 300, 335, at: 3.4); s.up(4, 300, 335, at: 3.5)
        #expect(events(s) == ["3.400 focus C"])
        #expect(s.log.isEmpty)
    }

    /// 65,535 elements whose reading order is the reverse of the order they were made in (the worst
    /// case of sorting them on every flick, which took 2.6 s a flick): 40 flicks, each step
    /// exactly one element. The time limit only catches the quadratic walk.
    @Test(.timeLimit(.minutes(1))) func flicksThroughSixtyFiveThousandElementsStepOneElementEach() throws {
        var o = EngineOptions()
        o.screenSize = Size(width: 400, height: 400)
        o.maximumViews = 65_600   // the root and the scene's V besides
        let s = Scene(options: o)
        let n = 65_535
        var views: [ViewID] = []
        views.reserveCapacity(n)
        for k in 0..<n {
            let v = try s.engine.addView(frame: Rect(x: 0, y: 300, width: 1, height: 1), to: s.engine.rootView)
            // Orders n-1, n-2, ... 1, and a tie: the last two views share order 1 (slot order).
            try s.engine.setAccessibility(of: v, label: [], isElement: true, order: Int32(max(1, n - 1 - k)))
            views.append(v)
        }
        try s.engine.setScreenReader(true)
        var focused: [ViewID] = []
        for k in 0..<40 {
            let t = Double(k)
            s.down(9, 200, 100, at: t)
            s.up(9, 280, 104, at: t + 0.1)
            // (They are stacked on one point, so all but the top one are covered: each of those also
            // gets a scroll-into-view, which this test does not count.)
            while let e = s.engine.nextAccessibilityEvent() { if e.kind == .focusChanged, let v = e.view { focused.append(v) } }
        }
        // Order 1 first: views[n-2] then views[n-1] (made later, the higher slot), then order 2, 3...
        let expected = [views[n - 2], views[n - 1]] + (3...40).map { views[n - $0] }
        #expect(focused == expected)
    }

    @Test func aSplitTapActivatesTheElementUnderTheRestingFinger() throws {
        let (s, _, _) = try kiosk()
        s.down(1, 190, 330, at: 0)                 // rests on B
        s.advance(0.3)
        s.down(2, 300, 100, at: 0.5)               // a second finger taps elsewhere
        s.up(2, 300, 100, at: 0.6)
        s.up(1, 190, 330, at: 0.8)
        #expect(events(s) == ["0.300 focus B", "0.600 activate B"])
        #expect(s.log == ["0.600 tapB ended"])
    }

    @Test func twoFingerTapPausesAScrubEscapesAndThreeFingersScrollAPanByAPage() throws {
        let (s, _, _) = try kiosk()
        // A two-finger tap.
        s.feed(0, [TouchInput(id: 1, phase: .began, location: Point(100, 100)), TouchInput(id: 2, phase: .began, location: Point(150, 100))])
        s.feed(0.1, [TouchInput(id: 1, phase: .ended, location: Point(100, 100)), TouchInput(id: 2, phase: .ended, location: Point(150, 100))])
        // A two-finger scrub: right, left, right, 60 pt each.
        s.feed(1, [TouchInput(id: 3, phase: .began, location: Point(100, 100)), TouchInput(id: 4, phase: .began, location: Point(100, 150))])
        for (k, x) in [160.0, 100, 160].enumerated() {
            s.feed(1.1 + 0.1 * Double(k), [TouchInput(id: 3, phase: .moved, location: Point(x, 100)),
                                          TouchInput(id: 4, phase: .moved, location: Point(x, 150))])
        }
        s.feed(1.5, [TouchInput(id: 3, phase: .ended, location: Point(160, 100)), TouchInput(id: 4, phase: .ended, location: Point(160, 150))])
        // The pause waits the double-tap interval (0.4 s) for a second two-finger tap (a magic tap).
        #expect(events(s) == ["0.500 pause ", "1.500 escape "])
        // Three fingers up over a scrolling list: its pan gets a one-finger drag of 0.8 page.
        let list = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 400, height: 250), to: s.engine.rootView)
        let pan = PanGestureRecognizer()
        s.attach(pan, name: "listPan", to: list)
        var translation = Point.zero
        pan.addTarget { g in translation = (g as! PanGestureRecognizer).translation(in: nil) }
        let fingers: [Int64] = [5, 6, 7]
        s.feed(2, fingers.enumerated().map { TouchInput(id: $0.1, phase: .began, location: Point(150 + 40 * Double($0.0), 200)) })
        s.feed(2.1, fingers.enumerated().map { TouchInput(id: $0.1, phase: .moved, location: Point(150 + 40 * Double($0.0), 150)) })
        s.feed(2.2, fingers.enumerated().map { TouchInput(id: $0.1, phase: .ended, location: Point(150 + 40 * Double($0.0), 120)) })
        var scroll: AccessibilityEvent?
        while let e = s.engine.nextAccessibilityEvent() { scroll = e }
        #expect(scroll?.kind == .scroll && scroll?.direction == .up)
        #expect(s.log.first == "2.200 listPan began" && s.log.last == "2.200 listPan ended")
        #expect(translation == Point(x: 0, y: -190))   // 0.8 × 250 up, less the pan's 10 pt hysteresis
    }

    /// Issue 66: a three-finger swipe over something nothing scrolls (buttons with taps, empty
    /// space) did no scroll, and is told as the boundary, with the fingers' direction.
    @Test func aThreeFingerSwipeOverNothingThatScrollsIsABoundaryNotAScroll() throws {
        let (s, _, _) = try kiosk()
        for (t, y) in [(0.0, 330.0), (2.0, 100.0)] {   // over the buttons, then over empty space
            let fingers: [Int64] = [5, 6, 7]
            s.feed(t, fingers.enumerated().map { TouchInput(id: $0.1, phase: .began, location: Point(150 + 40 * Double($0.0), y)) })
            s.feed(t + 0.1, fingers.enumerated().map { TouchInput(id: $0.1, phase: .moved, location: Point(150 + 40 * Double($0.0), y - 50)) })
            s.feed(t + 0.2, fingers.enumerated().map { TouchInput(id: $0.1, phase: .ended, location: Point(150 + 40 * Double($0.0), y - 80)) })
            var last: AccessibilityEvent?
            while let e = s.engine.nextAccessibilityEvent() { last = e }
            #expect(last?.kind == .boundary && last?.direction == .up)
        }
        #expect(s.log.isEmpty)   // the buttons' taps failed on the drag
    }

    /// Issue 66: "Buy ticket" hidden (sold out) while it has the focus leaves the focus: nothing
    /// is asked for it (no scroll into view, no activation), and a flick goes on from its place.
    @Test func aFocusedViewThatLeavesTheReadingOrderLeavesTheFocus() throws {
        let (s, views, _) = try kiosk()
        s.down(1, 190, 330, at: 0); s.up(1, 190, 330, at: 0.1); s.advance(0.5)   // a tap on B
        #expect(events(s) == ["0.500 focus B"])
        try s.engine.setFlag(.hidden, true, of: views[1])
        #expect(s.engine.accessibilityFocus == nil)
        s.down(2, 60, 60, at: 1); s.up(2, 60, 60, at: 1.05)                     // a double tap
        s.down(3, 62, 61, at: 1.2); s.up(3, 62, 61, at: 1.25)
        s.advance(2)
        #expect(events(s).isEmpty && s.log.isEmpty)
        s.down(4, 200, 100, at: 3); s.move(4, 160, 102, at: 3.05); s.up(4, 120, 104, at: 3.1)   // flick back
        #expect(events(s) == ["3.100 focus A"])                                  // A reads before B
    }

    /// Issue 66: a control with user interaction off ("Pay 12 EUR" before a ticket is chosen) is
    /// on screen, not covered: a flick focuses it with no scroll-into-view, its traits say
    /// dimmed, and a double tap does nothing.
    @Test func aDisabledControlIsFocusedAsDimmedAndADoubleTapDoesNothing() throws {
        let (s, views, _) = try kiosk()
        try s.engine.setFlag(.userInteractionEnabled, false, of: views[1])
        #expect(try s.engine.accessibilityTraits(of: views[1]) == .notEnabled)
        #expect(try s.engine.accessibilityTraits(of: views[0]) == [])
        for t in [0.0, 1.0, 2.0] { s.down(9, 200, 100, at: t); s.move(9, 240, 102, at: t + 0.05); s.up(9, 280, 104, at: t + 0.1) }
        #expect(events(s) == ["0.100 focus C", "1.100 focus A", "2.100 focus B"])
        s.down(2, 60, 60, at: 3); s.up(2, 60, 60, at: 3.05)
        s.down(3, 62, 61, at: 3.2); s.up(3, 62, 61, at: 3.25)
        s.advance(4)
        #expect(events(s).isEmpty && s.log.isEmpty)
        // Exploring by touch finds it too.
        s.down(4, 70, 330, at: 5); s.advance(5.3); s.move(4, 190, 330, at: 5.5); s.up(4, 190, 330, at: 5.6)
        #expect(events(s) == ["5.300 focus A", "5.500 focus B"])
        #expect(throws: EngineError.invalidArgument) { try s.engine.setAccessibilityTraits(of: views[1], .notEnabled) }
    }

    @Test func theModeCannotChangeWithATouchDownAndOffChangesNothing() throws {
        let (s, views, _) = try kiosk()
        s.down(1, 70, 330, at: 0)
        #expect(throws: EngineError.busy) { try s.engine.setScreenReader(false) }
        s.up(1, 70, 330, at: 0.1)
        try s.engine.setScreenReader(false)
        s.down(2, 70, 330, at: 1); s.up(2, 70, 330, at: 1.05)
        #expect(s.log == ["1.050 tapA ended"])
        #expect(s.engine.accessibilityFocus == nil)
        // A removed focused view is forgotten.
        try s.engine.setScreenReader(true)
        s.down(3, 70, 330, at: 2); s.advance(2.3); s.up(3, 70, 330, at: 2.4)
        #expect(s.engine.accessibilityFocus == views[0])
        try s.engine.removeView(views[0])
        #expect(s.engine.accessibilityFocus == nil)
    }
}
