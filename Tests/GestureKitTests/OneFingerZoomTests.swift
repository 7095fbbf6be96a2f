import Foundation
import Testing
@testable import GestureKit

/// One-finger zoom: the single-pointer alternative of a pinch.
@Suite struct OneFingerZoomTests {
    private func zoomScene() -> (Scene, OneFingerZoomGestureRecognizer, [String]) {
        let s = Scene()
        let zoom = OneFingerZoomGestureRecognizer()
        s.attach(zoom, name: "zoom")
        return (s, zoom, [])
    }

    @Test func tapThenDragDownZoomsInAndUpZoomsOut() {
        let (s, zoom, _) = zoomScene()
        var scales: [Double] = []
        zoom.addTarget { g in scales.append((g as! OneFingerZoomGestureRecognizer).scale) }
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.1)
        s.down(2, 152, 151, at: 0.3)
        s.move(2, 152, 165, at: 0.35)          // 14 pt down: past the 10 pt hysteresis (reference 161)
        s.move(2, 152, 311, at: 0.5)           // 150 pt below the reference: twice the scale
        s.move(2, 152, 11, at: 0.6)            // 150 pt above it: half
        s.up(2, 152, 11, at: 0.7)
        #expect(s.log == ["0.350 zoom began", "0.500 zoom changed", "0.600 zoom changed", "0.700 zoom ended"])
        #expect(scales.count == 4)
        #expect(scales[0] == 1)
        #expect(abs(scales[1] - 2) < 1e-12)
        #expect(abs(scales[2] - 0.5) < 1e-12)
    }

    @Test func aDoubleTapASlowSecondTouchAFarSecondTouchAndTwoFingersAreNotAZoom() throws {
        // The second touch lifts without dragging: a double tap, and the double-tap recognizer
        // on the same view gets it.
        var (s, _, _) = zoomScene()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        s.attach(double, name: "double")
        s.down(1, 150, 150, at: 0); s.up(1, 150, 150, at: 0.1)
        s.down(2, 150, 150, at: 0.3); s.up(2, 150, 150, at: 0.4)
        #expect(s.log == ["0.400 double ended"])
        // The second touch 0.5 s after the first lift (over 0.35 s).
        (s, _, _) = zoomScene()
        s.down(1, 150, 150, at: 0); s.up(1, 150, 150, at: 0.1)
        s.down(2, 150, 150, at: 0.6); s.move(2, 150, 220, at: 0.7); s.up(2, 150, 220, at: 0.8)
        #expect(s.log.isEmpty)
        // ... but within the interval at a timing scale of 2.
        (s, _, _) = zoomScene()
        try s.engine.setTimingScale(2)
        s.down(1, 150, 150, at: 0); s.up(1, 150, 150, at: 0.1)
        s.down(2, 150, 150, at: 0.6); s.move(2, 150, 220, at: 0.7); s.up(2, 150, 220, at: 0.8)
        #expect(s.log == ["0.700 zoom began", "0.800 zoom ended"])
        // The second touch 80 pt from the first.
        (s, _, _) = zoomScene()
        s.down(1, 150, 150, at: 0); s.up(1, 150, 150, at: 0.1)
        s.down(2, 230, 150, at: 0.3); s.move(2, 230, 220, at: 0.4); s.up(2, 230, 220, at: 0.5)
        #expect(s.log.isEmpty)
        // Two fingers at once.
        (s, _, _) = zoomScene()
        s.feed(0, [TouchInput(id: 1, phase: .began, location: Point(150, 150)),
                   TouchInput(id: 2, phase: .began, location: Point(180, 150))])
        #expect(s.engine.touchesDown == 2)
        s.feed(0.1, [TouchInput(id: 1, phase: .ended, location: Point(150, 150)),
                     TouchInput(id: 2, phase: .ended, location: Point(180, 150))])
        s.down(3, 150, 150, at: 0.2); s.move(3, 150, 220, at: 0.3); s.up(3, 150, 220, at: 0.4)
        #expect(s.log.isEmpty)
    }

    @Test func aPanThatRequiresTheZoomToFailWaitsAndThenPans() {
        let s = Scene()
        let zoom = OneFingerZoomGestureRecognizer(), pan = PanGestureRecognizer()
        s.attach(zoom, name: "zoom")
        s.attach(pan, name: "pan")
        pan.require(toFail: zoom)
        // One drag without a tap before it: the zoom fails when the first "tap" moves, the pan
        // is released and pans.
        s.down(1, 150, 150, at: 0)
        s.move(1, 170, 150, at: 0.05)
        s.move(1, 200, 150, at: 0.1)
        s.up(1, 200, 150, at: 0.15)
        #expect(s.log.first == "0.050 pan began")
        #expect(s.log.last == "0.150 pan ended")
    }

    /// Issue 40, item 1: the engine makes a one-finger pan wait for the zoom to fail by itself
    /// (UIKit's `shouldBeRequiredToFail(by:)`), so the order of attaching does not matter.
    @Test(arguments: [true, false]) func aTapThenADragZoomsWhicheverOfPanAndZoomWasAttachedFirst(panFirst: Bool) {
        let s = Scene()
        let zoom = OneFingerZoomGestureRecognizer(), pan = PanGestureRecognizer()
        if panFirst { s.attach(pan, name: "pan"); s.attach(zoom, name: "zoom") }
        else { s.attach(zoom, name: "zoom"); s.attach(pan, name: "pan") }
        s.down(1, 150, 150, at: 0); s.up(1, 150, 150, at: 0.1)
        s.down(2, 152, 151, at: 0.3)
        s.move(2, 152, 175, at: 0.35)
        s.move(2, 152, 240, at: 0.45)
        s.up(2, 152, 240, at: 0.5)
        #expect(s.log == ["0.350 zoom began", "0.450 zoom changed", "0.500 zoom ended"])
    }

    @Test(arguments: [true, false]) func aDragWithNoTapBeforeItPansAtOnceWhicheverWasAttachedFirst(panFirst: Bool) {
        let s = Scene()
        let zoom = OneFingerZoomGestureRecognizer(), pan = PanGestureRecognizer()
        if panFirst { s.attach(pan, name: "pan"); s.attach(zoom, name: "zoom") }
        else { s.attach(zoom, name: "zoom"); s.attach(pan, name: "pan") }
        s.down(1, 150, 150, at: 0)
        s.move(1, 170, 150, at: 0.05)
        s.move(1, 200, 150, at: 0.1)
        s.up(1, 200, 150, at: 0.15)
        #expect(s.log == ["0.050 pan began", "0.100 pan changed", "0.150 pan ended"])
        // A second drag later than the double-tap interval: a pan again, with no wait.
        s.down(2, 150, 150, at: 0.6)
        s.move(2, 150, 180, at: 0.65)
        s.up(2, 150, 180, at: 0.7)
        #expect(s.log.suffix(2) == ["0.650 pan began", "0.700 pan ended"])
    }

    @Test func aZoomThatRequiresThePanToFailIsNotAlsoWaitedForByIt() {
        // The app asked for the opposite: the engine adds no requirement that would make a cycle.
        let s = Scene()
        let zoom = OneFingerZoomGestureRecognizer(), pan = PanGestureRecognizer()
        s.attach(pan, name: "pan"); s.attach(zoom, name: "zoom")
        zoom.require(toFail: pan)
        s.down(1, 150, 150, at: 0)
        s.move(1, 180, 150, at: 0.05)
        s.up(1, 180, 150, at: 0.1)
        #expect(s.log == ["0.050 pan began", "0.100 pan ended"])
    }
}

@Suite struct OneFingerZoomLimitTests {
    @Test func theScaleStaysFiniteForAnyDragAndSetting() {
        let s = Scene()
        let zoom = OneFingerZoomGestureRecognizer()
        zoom.pointsPerDoubling = 1e-9
        s.attach(zoom, name: "zoom")
        s.down(1, 150, 150, at: 0); s.up(1, 150, 150, at: 0.1)
        s.down(2, 150, 150, at: 0.2)
        s.move(2, 150, 170, at: 0.3)
        s.move(2, 150, 900000, at: 0.4)
        #expect(zoom.scale.isFinite && zoom.scale == 0x1p64)
        s.move(2, 150, -900000, at: 0.5)
        #expect(zoom.scale == 0x1p-64)
    }
}

/// The zoom's 2^x without libm's `exp2` (GLIBC_2.29), so that the library loads on glibc 2.28.
@Suite struct PowerOfTwoTests {
    @Test func powerOfTwoMatchesExp2WithinTwoUlpsAndIsExactOnWholeDoublings() {
        var x = -64.0
        while x <= 64 {
            let want = Foundation.exp2(x)
            let got = OneFingerZoomGestureRecognizer.powerOfTwo(x)
            #expect(abs(got - want) <= 2 * want.ulp, "x = \(x)")
            x += 0.0371
        }
        for n in -64...64 { #expect(OneFingerZoomGestureRecognizer.powerOfTwo(Double(n)) == Foundation.exp2(Double(n))) }
    }
}
