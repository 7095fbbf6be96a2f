import Testing
@testable import GestureKit

@Suite struct ScreenEdgePanTests {
    private func scene(edges: RectEdges) -> (Scene, ScreenEdgePanGestureRecognizer, ViewID) {
        let s = Scene()
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = edges
        s.attach(edge, name: "edge", to: s.engine.rootView)
        let full = try! s.engine.addView(frame: Rect(x: 0, y: 0, width: 400, height: 800), to: s.engine.rootView)
        return (s, edge, full)
    }

    @Test func leftEdgePanBeginsAfterFifteenPointsInwardWithReducedTranslation() {
        let (s, edge, _) = scene(edges: .left)
        var first = Point.zero
        edge.addTarget { g in if g.state == .began { first = (g as! PanGestureRecognizer).translation(in: nil) } }
        s.down(1, 5, 400, at: 0)
        s.move(1, 12, 400, at: 0.02)
        #expect(edge.state == .possible)
        s.move(1, 25, 400, at: 0.04)
        s.move(1, 45, 400, at: 0.06)
        s.up(1, 45, 400, at: 0.08)
        #expect(s.log == ["0.040 edge began", "0.060 edge changed", "0.080 edge ended"])
        #expect(first == Point(x: 5, y: 0))
        #expect(s.deliveries.isEmpty)   // delaysTouchesBegan is on by default
    }

    @Test func edgeRegionIsThirteenPointsInclusive() {
        for (x, begins) in [(13.0, true), (13.01, false)] {
            let (s, _, _) = scene(edges: .left)
            s.down(1, x, 400, at: 0)
            s.move(1, x + 30, 400, at: 0.05)
            #expect(s.log == (begins ? ["0.050 edge began"] : []), "x \(x)")
        }
    }

    @Test func rightAndBottomEdgesMeasureInward() {
        let (s, _, _) = scene(edges: [.right, .bottom])
        s.down(1, 395, 300, at: 0)
        s.move(1, 381, 300, at: 0.02)   // 14 pt inward
        #expect(s.log.isEmpty)
        s.move(1, 380, 300, at: 0.04)   // 15 pt: ≥ begins
        #expect(s.log == ["0.040 edge began"])
    }

    @Test func noEdgesNeverRecognizesAndTheViewGetsTheTouches() {
        let (s, edge, _) = scene(edges: [])
        #expect(edge.delaysTouchesBegan && edge.maximumNumberOfTouches == 1)
        s.down(1, 5, 400, at: 0)
        s.move(1, 45, 400, at: 0.05)
        s.up(1, 45, 400, at: 0.08)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.050 M#1", "0.080 E#1"])
    }
}

@Suite struct HoverTests {
    @Test func hoverBeginsOnEnterChangesOnMoveEndsOnLeaving() {
        let s = Scene()
        let hover = HoverGestureRecognizer()
        s.attach(hover, name: "hover")
        var locations: [Point] = []
        hover.addTarget { g in locations.append(g.location(in: s.v)) }
        try! s.engine.hover(time: 0, phase: .enter, location: Point(x: 150, y: 150))
        try! s.engine.hover(time: 0.1, phase: .move, location: Point(x: 160, y: 150))
        try! s.engine.hover(time: 0.2, phase: .move, location: Point(x: 350, y: 150))   // off V
        #expect(s.log == ["0.000 hover began", "0.100 hover changed", "0.200 hover ended"])
        #expect(locations == [Point(x: 50, y: 50), Point(x: 60, y: 50), Point(x: 250, y: 50)])
        try! s.engine.hover(time: 0.3, phase: .move, location: Point(x: 150, y: 150))
        try! s.engine.hover(time: 0.4, phase: .exit, location: Point(x: .nan, y: .nan))
        #expect(s.log.suffix(2) == ["0.300 hover began", "0.400 hover ended"])
    }

    @Test func fingerTouchesNeverDriveHover() {
        let s = Scene()
        let hover = HoverGestureRecognizer()
        s.attach(hover, name: "hover")
        s.down(1, 150, 150, at: 0)
        s.move(1, 160, 150, at: 0.1)
        s.up(1, 160, 150, at: 0.2)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.100 M#1", "0.200 E#1"])
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.hover(time: 0.3, phase: .enter, location: Point(x: 150, y: 150), type: .direct)
        }
    }

    @Test func hoverOnASuperviewAndTheViewBothRecognize() {
        let s = Scene()
        let outer = HoverGestureRecognizer(), inner = HoverGestureRecognizer()
        s.attach(outer, name: "outer", to: s.engine.rootView)
        s.attach(inner, name: "inner")
        try! s.engine.hover(time: 0, phase: .enter, location: Point(x: 150, y: 150))
        try! s.engine.hover(time: 0.1, phase: .move, location: Point(x: 50, y: 50))   // root only
        #expect(s.log == ["0.000 inner began", "0.000 outer began", "0.100 outer changed", "0.100 inner ended"]
                || s.log == ["0.000 inner began", "0.000 outer began", "0.100 inner ended", "0.100 outer changed"])
    }
}

@Suite struct InputKindTests {
    @Test func allowedTouchTypesFilterWhichTouchesReachARecognizer() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        tap.allowedTouchTypes = .stylus
        s.attach(tap, name: "tap")
        s.feed(0, [TouchInput(id: 1, phase: .began, location: Point(x: 150, y: 150))])
        s.feed(0.05, [TouchInput(id: 1, phase: .ended, location: Point(x: 150, y: 150))])
        #expect(s.log.isEmpty)
        s.feed(1, [TouchInput(id: 2, phase: .began, location: Point(x: 150, y: 150), type: .stylus)])
        s.feed(1.05, [TouchInput(id: 2, phase: .ended, location: Point(x: 150, y: 150))])
        #expect(s.log == ["1.050 tap ended"])
    }

    @Test func tapButtonMaskRequiredSelectsSecondaryClicks() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        tap.buttonMaskRequired = .secondary
        s.attach(tap, name: "tap")
        var mask: ButtonMask = []
        var modifiers: ModifierFlags = []
        tap.addTarget { g in mask = g.buttonMask; modifiers = g.modifierFlags }
        let p = Point(x: 150, y: 150)
        s.feed(0, [TouchInput(id: 1, phase: .began, location: p, type: .indirectPointer, buttons: .primary)])
        s.feed(0.05, [TouchInput(id: 1, phase: .ended, location: p)])
        #expect(s.log.isEmpty)
        s.feed(1, [TouchInput(id: 2, phase: .began, location: p, type: .indirectPointer, buttons: .secondary,
                              modifiers: .shift)])
        s.feed(1.05, [TouchInput(id: 2, phase: .ended, location: p, modifiers: .shift)])
        #expect(s.log == ["1.050 tap ended"])
        #expect(mask == .secondary && modifiers == .shift)
    }

    @Test func forceAndRadiusAreCarriedAndValidated() {
        let s = Scene()
        let pan = PanGestureRecognizer()
        s.attach(pan, name: "pan")
        var force = 0.0, radius = 0.0
        pan.addTarget { g in force = g.touches.first?.force ?? -1; radius = g.touches.first?.majorRadius ?? -1 }
        s.feed(0, [TouchInput(id: 1, phase: .began, location: Point(x: 150, y: 150), force: 0.5, majorRadius: 4)])
        s.feed(0.05, [TouchInput(id: 1, phase: .moved, location: Point(x: 170, y: 150), force: 1.5, majorRadius: 6)])
        #expect(force == 1.5 && radius == 6)
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.feed(time: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: 170, y: 150), force: .nan)])
        }
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.feed(time: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: 170, y: 150), majorRadius: -1)])
        }
    }

    @Test func requiresExclusiveTouchTypeKeepsAStylusOutOfAFingerGesture() {
        let s = Scene()
        let pan = PanGestureRecognizer()
        s.attach(pan, name: "pan")
        s.down(1, 150, 150, at: 0)
        s.feed(0.01, [TouchInput(id: 2, phase: .began, location: Point(x: 160, y: 150), type: .stylus)])
        #expect(pan.numberOfTouches == 1)
        pan.requiresExclusiveTouchType = false
        s.feed(0.02, [TouchInput(id: 3, phase: .began, location: Point(x: 170, y: 150), type: .stylus)])
        #expect(pan.numberOfTouches == 2)
    }
}
