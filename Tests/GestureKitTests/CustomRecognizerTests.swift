import Testing
@testable import GestureKit

/// A Swift subclass of the public base class: two fingers held still for 0.2 s, timed with the
/// recognizer's own deadline.
final class TwoFingerHold: GestureRecognizer {
    var resets = 0
    init() { super.init(continuous: false) }

    override func touchesBegan(_ touches: [Touch], at time: Double) {
        if numberOfTouches > 2 { state = .failed; return }
        if numberOfTouches == 2 { setDeadline(time + 0.2) }
    }
    override func touchesMoved(_ touches: [Touch], at time: Double) {
        for t in touches where (t.location - t.startLocation).length > 5 { state = .failed }
    }
    override func touchesEnded(_ touches: [Touch], at time: Double) { state = .failed }
    override func deadlineReached(at time: Double) { state = .recognized }
    override func reset() { resets += 1 }
}

@Suite struct CustomRecognizerTests {
    @Test func aSwiftSubclassUsesTouchesTimersAndReset() {
        let s = Scene()
        let hold = TwoFingerHold()
        s.attach(hold, name: "hold")
        s.feed(0, [TouchInput(id: 1, phase: .began, location: Point(x: 150, y: 150)),
                   TouchInput(id: 2, phase: .began, location: Point(x: 170, y: 150))])
        s.advance(0.3)
        #expect(s.log == ["0.200 hold ended"])
        #expect(hold.resets == 1)
    }

    @Test func viewVetoFailsASuperviewsTapAndIsLogged() throws {
        let s = Scene()
        let outer = TapGestureRecognizer()
        s.attach(outer, name: "outer", to: s.engine.rootView)
        try s.engine.setGestureRecognizerShouldBegin({ _, _ in false }, for: s.v)
        try s.engine.enableDecisionLog(capacity: 32)
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.05)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.000 B#1", "0.050 E#1"])
        var events: [DecisionEvent] = []
        while let d = s.engine.nextDecision() { events.append(d.event) }
        #expect(events == [.touchTracked, .stateRequested, .vetoedByView])
    }

    @Test func decisionLogCostsNothingWhenOffAndRecordsCausesWhenOn() throws {
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        s.attach(lp, name: "lp")
        s.down(1, 150, 150, at: 0)
        #expect(s.engine.nextDecision() == nil)
        try s.engine.enableDecisionLog(capacity: 16)
        s.advance(0.6)
        let d = s.engine.nextDecision()
        #expect(d?.event == .stateRequested && d?.cause == .timer && d?.to == .began)
        #expect(s.engine.nextDecision()?.event == .accepted)
    }
}
