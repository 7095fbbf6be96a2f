import Testing
@testable import GestureKit

/// A recognizer whose deadline hook re-arms the deadline at the time it fired.
final class RearmingRecognizer: GestureRecognizer {
    var fired: [Double] = []
    init() { super.init(continuous: false) }
    override func deadlineReached(at time: Double) {
        fired.append(time)
        setDeadline(time)
    }
}

/// A custom recognizer that requires every other recognizer to fail, by its subclass answer.
final class RequiresEveryone: GestureRecognizer {
    var asked = 0
    init() { super.init(continuous: false) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        asked += 1
        return true
    }
    override func touchesEnded(_ touches: [Touch], at time: Double) { state = .recognized }
}

@Suite struct ReliabilityTests {
    @Test func timesBeyondWhatADoubleKeepsToTheMillisecondAreRefused() throws {
        // At 1e16 s, 0.5 s rounds away: a touch there would be a long press at once (issue 64).
        let s = Scene()
        #expect(throws: EngineError.invalidArgument) { try s.engine.feed(time: 1e16, touches: []) }
        #expect(throws: EngineError.invalidArgument) { try s.engine.advance(to: -Engine.maximumTimestamp * 2) }
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.hover(time: .infinity, phase: .enter, location: Point(x: 1, y: 1))
        }
        let lp = LongPressGestureRecognizer()
        s.attach(lp, name: "lp")
        let t = Engine.maximumTimestamp - 10
        s.down(1, 150, 150, at: t)
        s.up(1, 150, 150, at: t + 0.1)   // a tap near the largest time is still no long press
        #expect(s.log.isEmpty)
    }

    @Test func aDeadlineRearmedAtItsFiringTimeFiresOncePerAdvance() throws {
        let s = Scene()
        let r = RearmingRecognizer()
        _ = try s.engine.register(r)
        r.setDeadline(1.0)
        s.advance(2.0)
        #expect(r.fired == [1.0])
        #expect(s.engine.nextDeadline == 1.0)
        s.advance(2.0)
        #expect(r.fired == [1.0, 2.0])
    }

    @Test func aTargetRemovedByAnEarlierTargetIsNotCalledInTheSameDispatch() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        var calls: [String] = []
        var second: TargetToken?
        tap.addTarget { _ in
            calls.append("first")
            if let second { tap.removeTarget(second) }
        }
        second = tap.addTarget { _ in calls.append("second") }
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.05)
        #expect(calls == ["first"])
    }

    @Test func aSlotAtItsLastGenerationIsRetiredNotReused() throws {
        let s = Scene()
        let v = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 10, height: 10), to: s.engine.rootView)
        // Jump the slot to its last generation, as 2^24 recreations would.
        s.engine.tree.setGeneration(HandleLimits.maximumGeneration, ofSlot: Int32(v.index))
        let last = s.engine.tree.id(ofSlot: Int32(v.index))
        try s.engine.removeView(last)
        let next = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 10, height: 10), to: s.engine.rootView)
        #expect(next.index != v.index)
        #expect(!s.engine.tree.contains(last))

        let r = TapGestureRecognizer()
        let id = try s.engine.register(r)
        s.engine.registry.generations[Int(id.index)] = HandleLimits.maximumGeneration
        try s.engine.unregister(r)
        let r2 = TapGestureRecognizer()
        let id2 = try s.engine.register(r2)
        #expect(id2.index != id.index)
    }

    @Test func transformsThatCouldOverflowAreRefused() throws {
        let s = Scene()
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.setTransform(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 1e308, ty: 0), of: s.v)
        }
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.setTransform(AffineTransform(scaleX: 1e-161, y: 1e-161), of: s.v)
        }
        try s.engine.setTransform(AffineTransform(scaleX: 1e-50, y: 1e-50), of: s.v)
        let child = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 10, height: 10), to: s.v)
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.setTransform(AffineTransform(scaleX: 1e-51, y: 1e-51), of: child)   // 1e101 composed
        }
        try s.engine.setTransform(AffineTransform(scaleX: 1e-49, y: 1e-49), of: child)
        let p = s.engine.tree.convert(Point(x: 1e12, y: 1e12), to: child)
        #expect(p.x.isFinite && p.y.isFinite)
    }

    @Test func manyTapsOnOneViewResolveToOneTapWithoutAskingPairs() {
        let s = Scene()
        var taps: [TapGestureRecognizer] = []
        for i in 0..<500 {
            let t = TapGestureRecognizer()
            s.attach(t, name: "tap\(i)")
            taps.append(t)
        }
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.05)
        // Rule 35 on one view: the first attached wins, every other one fails.
        #expect(s.log == ["0.050 tap0 ended"])
        for t in taps { #expect(s.engine.registry.records[t.slot].requirementAnswers.isEmpty) }
    }

    @Test func aSubclassThatAnswersRequirementQuestionsIsStillAsked() {
        let s = Scene()
        let needy = RequiresEveryone()
        let tap = TapGestureRecognizer()
        s.attach(needy, name: "needy")
        s.attach(tap, name: "tap")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.05)
        #expect(needy.asked >= 1)
        // It waited for the tap, which won: it failed (rule 41).
        #expect(s.log == ["0.050 tap ended"])
    }
}
