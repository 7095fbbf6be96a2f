import Testing
@testable import GestureKit

/// The touch limit (`EngineOptions.maximumTouches`) counts the touches that are down: lifted
/// touches whose `ended` is still withheld from their view (rule 49) never make a new touch-down
/// fail, however many of them a resting finger keeps undecided.
@Suite struct TouchLimitTests {
    /// A pan (at most `maximum` touches) on `V`, one finger resting on it, then `taps` quick taps
    /// beside it. Returns the scene, after every touch-down was accepted.
    private func restingFingerAndTaps(_ make: () -> GestureRecognizer, taps: Int, limit: Int = 10) throws -> Scene {
        var o = EngineOptions()
        o.screenSize = Size(width: 400, height: 800)
        o.maximumTouches = limit
        let s = Scene(options: o)
        try s.engine.setFlag(.multipleTouchEnabled, true, of: s.v)
        s.attach(make(), name: "g")
        s.down(1, 150, 150, at: 0)
        for k in 0..<taps {
            let t = 0.1 + Double(k) * 0.1, id = Int64(k + 2)
            try s.engine.feed(time: t, touches: [TouchInput(id: id, phase: .began, location: Point(x: 250, y: 250))])
            s.drain()
            try s.engine.feed(time: t + 0.03, touches: [TouchInput(id: id, phase: .ended, location: Point(x: 250, y: 250))])
            s.drain()
            #expect(s.engine.touchesDown == 1)
        }
        return s
    }

    private static func pan(_ maximum: Int) -> () -> GestureRecognizer {
        { let p = PanGestureRecognizer(); p.maximumNumberOfTouches = maximum; return p }
    }

    @Test(arguments: [1, 2, 5, 8])
    func aRestingFingerAndAPanNeverMakeATapFailForRoom(maximum: Int) throws {
        let s = try restingFingerAndTaps(Self.pan(maximum), taps: 60)
        #expect(s.engine.touches.records.count <= 20)
    }

    @Test func aRestingFingerAndASwipeOrPinchNeverMakeATapFailForRoom() throws {
        _ = try restingFingerAndTaps({ SwipeGestureRecognizer() }, taps: 60)
        _ = try restingFingerAndTaps({ PinchGestureRecognizer() }, taps: 60)
    }

    /// The oldest withheld lift gives way: its view gets `cancelled` (never an `ended` the pan may
    /// still claim), the newer ones stay withheld, and the pan still works once the finger moves.
    @Test func theOldestWithheldLiftIsCancelledWhenANewTouchNeedsItsRoom() throws {
        // Room for 2 touches down: 4 records, the resting finger's and three withheld lifts.
        let s = try restingFingerAndTaps(Self.pan(2), taps: 3, limit: 2)
        #expect(s.deliveries == ["0.000 B#1", "0.100 B#2", "0.200 B#3", "0.300 B#4"])
        try s.engine.feed(time: 0.4, touches: [TouchInput(id: 5, phase: .began, location: Point(x: 250, y: 250))])
        s.drain()
        #expect(s.deliveries.suffix(2) == ["0.400 C#2", "0.400 B#5"])
        s.up(5, 250, 250, at: 0.43)
        s.up(1, 150, 150, at: 0.5)   // the pan fails: the lifts still withheld are ended now
        #expect(s.deliveries.suffix(4).sorted() == ["0.500 E#1", "0.500 E#3", "0.500 E#4", "0.500 E#5"])
        #expect(s.engine.touches.records.count == 0)
    }
}
