import Testing
@testable import GestureKit

@Suite struct StateMachineTests {
    @Test func coercionFromPossibleFollowsRule14() {
        #expect(GestureState.coerce(from: .possible, to: .changed, isContinuous: true) == .began)
        #expect(GestureState.coerce(from: .possible, to: .cancelled, isContinuous: true) == .failed)
        #expect(GestureState.coerce(from: .possible, to: .possible, isContinuous: true) == nil)
        #expect(GestureState.coerce(from: .possible, to: .ended, isContinuous: false) == .ended)
        #expect(GestureState.coerce(from: .possible, to: .began, isContinuous: false) == nil)
    }

    @Test func coercionFromBeganAndChangedFollowsRule14() {
        #expect(GestureState.coerce(from: .began, to: .began, isContinuous: true) == .changed)
        #expect(GestureState.coerce(from: .began, to: .failed, isContinuous: true) == .cancelled)
        #expect(GestureState.coerce(from: .changed, to: .possible, isContinuous: true) == .changed)
        #expect(GestureState.coerce(from: .changed, to: .changed, isContinuous: true) == .changed)
        #expect(GestureState.coerce(from: .changed, to: .failed, isContinuous: true) == .cancelled)
    }

    @Test func terminalStatesIgnoreEveryRequest() {
        for from in [GestureState.ended, .cancelled, .failed] {
            for to in [GestureState.possible, .began, .changed, .ended, .cancelled, .failed] {
                #expect(GestureState.coerce(from: from, to: to, isContinuous: true) == nil)
            }
        }
    }

    @Test func aFailedTapIgnoresTheRestOfItsSequenceButSeesNewTouches() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        s.down(1, 150, 150, at: 0)
        s.move(1, 250, 150, at: 0.05)      // fails (rule 64), reset at the end of the pass
        #expect(tap.touches.isEmpty)
        s.move(1, 150, 150, at: 0.06)      // back inside 45 pt: no retry (rule 19)
        s.up(1, 150, 150, at: 0.08)
        #expect(s.log.isEmpty)
        s.down(2, 150, 150, at: 1)
        s.up(2, 150, 150, at: 1.05)
        #expect(s.log == ["1.050 tap ended"])
    }

    @Test func recognizerAddedAfterTouchDownDoesNotSeeThatTouch() {
        let s = Scene()
        s.down(1, 150, 150, at: 0)
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        s.up(1, 150, 150, at: 0.05)
        #expect(s.log.isEmpty)   // rule 4
    }

    @Test func requirementCycleFailsBothInsteadOfHanging() {
        let s = Scene()
        let a = TapGestureRecognizer(), b = TapGestureRecognizer()
        a.require(toFail: b)
        b.require(toFail: a)
        s.attach(a, name: "a")
        s.attach(b, name: "b")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.05)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.050 E#1"])
    }
}

@Suite struct ViewTreeTests {
    @Test func hitTestPicksDeepestFrontMostVisibleView() throws {
        let e = try Engine()
        let a = try e.addView(frame: Rect(x: 0, y: 0, width: 100, height: 100), to: e.rootView)
        let b = try e.addView(frame: Rect(x: 50, y: 50, width: 100, height: 100), to: e.rootView)
        let c = try e.addView(frame: Rect(x: 10, y: 10, width: 20, height: 20), to: b)
        #expect(e.tree.hitTest(window: Point(55, 55)) == b)
        #expect(e.tree.hitTest(window: Point(65, 65)) == c)
        #expect(e.tree.hitTest(window: Point(25, 25)) == a)
        try e.setFlag(.hidden, true, of: b)
        #expect(e.tree.hitTest(window: Point(75, 75)) == a)
        // A subview outside its parent's bounds is not hit (UIKit clips hit-testing).
        let d = try e.addView(frame: Rect(x: 200, y: 0, width: 10, height: 10), to: a)
        #expect(e.tree.hitTest(window: Point(205, 5)) != d)
        // Maximum edges are outside (FORMAT §4).
        #expect(e.tree.hitTest(window: Point(100, 10)) == e.rootView)
    }

    @Test func windowPointsConvertThroughEveryAncestorAtAnyDepth() throws {
        // A root child, a grandchild and a great-grandchild: the first is converted without a
        // recursive call, the others level by level; bounds origins shift the deeper ones.
        let e = try Engine()
        let a = try e.addView(frame: Rect(x: 10, y: 20, width: 300, height: 300), to: e.rootView)
        let b = try e.addView(frame: Rect(x: 5, y: 7, width: 200, height: 200), to: a)
        let c = try e.addView(frame: Rect(x: 1, y: 2, width: 50, height: 50), to: b)
        try e.setBoundsOrigin(Point(3, 4), of: b)
        #expect(e.tree.convert(Point(100, 100), to: e.rootView) == Point(100, 100))
        #expect(e.tree.convert(Point(100, 100), to: a) == Point(90, 80))
        #expect(e.tree.convert(Point(100, 100), to: b) == Point(88, 77))   // 90 − 5 + 3, 80 − 7 + 4
        #expect(e.tree.convert(Point(100, 100), to: c) == Point(87, 75))   // 88 − 1, 77 − 2
        #expect(e.tree.hitTest(window: Point(100, 100)) == b)   // (87, 75) is outside c's 50 × 50
        #expect(e.tree.convert(Point(32, 43), to: c) == Point(19, 18))
        #expect(e.tree.hitTest(window: Point(32, 43)) == c)
    }

    @Test func conversionRoundTripsThroughTransformAndBoundsOrigin() throws {
        let e = try Engine()
        let v = try e.addView(frame: Rect(x: 100, y: 100, width: 200, height: 200), to: e.rootView)
        try e.setTransform(AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 5, ty: 0), of: v)
        try e.setBoundsOrigin(Point(3, 4), of: v)
        let p = Point(123, 187)
        let local = e.tree.convert(p, to: v)
        let back = e.tree.convert(local, from: v)
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
    }

    @Test func staleViewHandlesAreRejected() throws {
        let e = try Engine()
        let v = try e.addView(frame: Rect(x: 0, y: 0, width: 10, height: 10), to: e.rootView)
        try e.removeView(v)
        #expect(throws: EngineError.staleHandle) { try e.frame(of: v) }
        let w = try e.addView(frame: Rect(x: 0, y: 0, width: 10, height: 10), to: e.rootView)
        #expect(w.index == v.index && w.generation != v.generation)
    }
}
