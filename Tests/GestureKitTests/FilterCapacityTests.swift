import Testing
@testable import GestureKit

/// The touch limit (`EngineOptions.maximumTouches`) with the input filters on: it counts the touches
/// the host holds, and the engine never holds more than it, whatever a filter holds back.
@Suite struct FilterCapacityTests {
    /// An engine with room for one touch, a view over the screen with a tap on it, and the filters.
    private func oneTouchScene(_ configure: (inout InputFilterSettings, inout PanelProfile) -> Void) -> Scene {
        var o = EngineOptions()
        o.screenSize = Size(width: 800, height: 480)
        o.maximumTouches = 1
        let s = Scene(options: o)
        var f = InputFilterSettings()
        var p = PanelProfile()
        configure(&f, &p)
        try! s.engine.setPanelProfile(p)
        try! s.engine.setInputFilters(f)
        let v = try! s.engine.addView(frame: Rect(x: 0, y: 0, width: 800, height: 480), to: s.engine.rootView)
        s.attach(TapGestureRecognizer(), name: "tap", to: v)
        return s
    }

    @Test func quickTapsAtDifferentPlacesWithChatterOnAreNotRefusedWithOneTouchOfRoom() throws {
        let s = oneTouchScene { f, _ in f.chatter = true }
        for k in 0..<4 {
            let t = Double(k) * 0.06, x = 100 + 150 * Double(k)
            try s.engine.feed(time: t, touches: [TouchInput(id: Int64(k + 1), phase: .began, location: Point(x: x, y: 240))])
            try s.engine.feed(time: t + 0.04, touches: [TouchInput(id: Int64(k + 1), phase: .ended, location: Point(x: x, y: 240))])
            #expect(s.engine.touchesDown <= 1)
        }
        s.advance(1)
        // Each held-back lift goes when the next finger lands elsewhere; the last one after 30 ms.
        #expect(s.log == ["0.060 tap ended", "0.120 tap ended", "0.180 tap ended", "0.250 tap ended"])
    }

    /// Two fingers drumming: each lands 5 ms after the other lifted, while that lift is held back.
    @Test func drummingFingersWithChatterOnAreNotRefusedWithOneTouchOfRoom() throws {
        let s = oneTouchScene { f, _ in f.chatter = true }
        for k in 0..<6 {
            let t = Double(k) * 0.015, x = k % 2 == 0 ? 100.0 : 400.0
            try s.engine.feed(time: t, touches: [TouchInput(id: Int64(k + 1), phase: .began, location: Point(x: x, y: 240))])
            try s.engine.feed(time: t + 0.01, touches: [TouchInput(id: Int64(k + 1), phase: .ended, location: Point(x: x, y: 240))])
            #expect(s.engine.touchesDown <= 1)
        }
        s.advance(1)
        #expect(s.log.count == 6)
    }

    @Test func aTouchLeavingADeadZoneWhileALiftIsHeldBackKeepsTheEngineWithinTheLimit() throws {
        let s = oneTouchScene { f, p in
            f.chatter = true
            f.edges = true
            p.edgeLeft = 40
        }
        s.down(1, 300, 240, at: 0)
        s.up(1, 300, 240, at: 0.05)           // held back for chatter until 0.08
        s.down(2, 10, 240, at: 0.06)          // in the dead zone: held
        s.move(2, 60, 240, at: 0.07)          // out of it while touch 1's lift is still held back
        #expect(s.engine.touchesDown <= 1)
        s.up(2, 60, 240, at: 0.1)
        s.advance(1)
        #expect(s.engine.touchesDown == 0)
    }

    @Test func tapAssistanceDoesNotBringBackATapInADeadZone() throws {
        func run(assist: Bool) -> [String] {
            var o = EngineOptions()
            o.screenSize = Size(width: 800, height: 480)
            let s = Scene(options: o)
            var f = InputFilterSettings()
            f.edges = true
            var p = PanelProfile()
            p.edgeLeft = 40
            try! s.engine.setPanelProfile(p)
            try! s.engine.setInputFilters(f)
            if assist {
                var a = TouchAccommodations()
                a.tapAssistance = .initialLocation
                try! s.engine.setTouchAccommodations(a)
            }
            let v = try! s.engine.addView(frame: Rect(x: 0, y: 0, width: 800, height: 480), to: s.engine.rootView)
            s.attach(TapGestureRecognizer(), name: "tap", to: v)
            s.down(1, 10, 240, at: 0)
            s.up(1, 10, 240, at: 0.05)
            s.advance(1)
            return s.log
        }
        #expect(run(assist: false) == [])
        #expect(run(assist: true) == [])
    }
}
