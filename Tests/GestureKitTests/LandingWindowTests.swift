import Testing
@testable import GestureKit

/// `landingWindow`: a recognizer that needs several touches down together fails when they are not
/// all down within the window of each other; with `delaysTouchesBegan` it withholds a touch from
/// the view for at most that long when the touch does not become part of the gesture. The
/// recognizers are on the root view (which takes several touches at once), as gesturekitd's are.
@Suite struct LandingWindowTests {
    /// A three-finger long press held back while fingers land, as gesturekitd sets one up.
    func threeFingerHold(_ s: Scene, window: Double = 0.075) -> LongPressGestureRecognizer {
        let lp = LongPressGestureRecognizer()
        lp.numberOfTouchesRequired = 3
        lp.minimumPressDuration = 1
        lp.delaysTouchesBegan = true
        lp.landingWindow = window
        s.attach(lp, name: "lp", to: s.engine.rootView)
        return lp
    }

    @Test func offByDefaultAndAWindowOfZeroChangesNothing() {
        #expect(LongPressGestureRecognizer().landingWindow == 0)
        let s = Scene()
        let lp = threeFingerHold(s, window: 0)
        s.down(1, 150, 500, at: 0)
        #expect(s.engine.nextDeadline == nil)
        s.down(2, 160, 500, at: 0.5)
        s.down(3, 170, 500, at: 0.9)
        s.advance(1.9)
        #expect(lp.state == .began)
        #expect(s.deliveries.isEmpty)
    }

    @Test func aTouchThatNoGestureTakesReachesTheViewWhenTheWindowEnds() {
        let s = Scene()
        let lp = threeFingerHold(s)
        s.down(1, 150, 500, at: 0)
        #expect(s.deliveries.isEmpty)
        #expect(s.engine.nextDeadline == 0.075)
        s.move(1, 152, 500, at: 0.05)
        s.advance(0.075)
        #expect(lp.state == .possible && lp.touches.isEmpty)   // failed, and reset for the next touches
        // The touch began where it landed, then one move to where it is (spec 6.5's collapsed mode).
        #expect(s.deliveries == ["0.075 B#1", "0.075 M#1"])
        s.move(1, 160, 500, at: 0.1)
        s.up(1, 160, 500, at: 0.2)
        #expect(s.deliveries == ["0.075 B#1", "0.075 M#1", "0.100 M#1", "0.200 E#1"])
    }

    @Test func aTapShorterThanTheWindowArrivesAtItsLift() {
        let s = Scene()
        _ = threeFingerHold(s)
        s.down(1, 150, 500, at: 0)
        s.up(1, 150, 500, at: 0.06)
        #expect(s.deliveries == ["0.060 B#1", "0.060 E#1"])
    }

    @Test func fingersLandingWithinTheWindowOfEachOtherNeverReachTheView() {
        let s = Scene()
        let lp = threeFingerHold(s)
        s.down(1, 150, 500, at: 0)
        s.down(2, 180, 500, at: 0.06)   // each landing restarts the window
        #expect(s.engine.nextDeadline == 0.135)
        s.down(3, 210, 500, at: 0.12)
        #expect(s.engine.nextDeadline == 1.12)   // all three down: only the press duration is left
        s.advance(1.12)
        #expect(lp.state == .began)
        s.up(1, 150, 500, at: 1.5)
        s.up(2, 180, 500, at: 1.5)
        s.up(3, 210, 500, at: 1.5)
        #expect(s.log == ["1.120 lp began", "1.500 lp ended"])
        #expect(s.deliveries.isEmpty)
    }

    @Test func eachFingerLandingAfterTheWindowStartsAnAttemptOfItsOwn() {
        let s = Scene()
        let lp = threeFingerHold(s)
        s.down(1, 150, 500, at: 0)
        #expect(s.deliveries == [])
        // The window ran out at 0.075: the gesture failed and was reset (rule 17), touch 1 went to
        // the view, and each later finger starts a new attempt, which runs out in its turn.
        s.down(2, 180, 500, at: 0.1)
        #expect(s.deliveries == ["0.075 B#1"])
        s.down(3, 210, 500, at: 0.2)
        s.advance(1.5)
        #expect(s.log.isEmpty)
        #expect(s.deliveries == ["0.075 B#1", "0.175 B#2", "0.275 B#3"])
    }

    @Test func aLiftThatLeavesTheGestureShortStartsTheWindowButDoesNotExtendIt() {
        let s = Scene()
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        pan.landingWindow = 0.075
        s.attach(pan, name: "pan", to: s.engine.rootView)
        s.down(1, 150, 500, at: 0)
        s.down(2, 180, 500, at: 0.02)
        #expect(s.engine.nextDeadline == nil)   // enough fingers
        s.up(2, 180, 500, at: 0.5)
        #expect(s.engine.nextDeadline == 0.575)
        s.move(1, 151, 500, at: 0.55)   // a move restarts nothing
        #expect(s.engine.nextDeadline == 0.575)
        s.advance(0.575)
        #expect(pan.touches.isEmpty)   // failed at 0.575 and reset: touch 1 is no longer its
        s.move(1, 250, 500, at: 0.7)
        #expect(s.log.isEmpty)
    }

    @Test func theWindowAndTheRecognizersOwnTimerKeepTheirDeadlines() {
        // A two-finger long press: its own timer (the press duration) runs from the second finger;
        // the landing window must not move it, nor it the window.
        let s = Scene()
        let lp = LongPressGestureRecognizer()
        lp.numberOfTouchesRequired = 2
        lp.landingWindow = 0.2
        s.attach(lp, name: "lp", to: s.engine.rootView)
        s.down(1, 150, 500, at: 0)
        #expect(s.engine.nextDeadline == 0.2)
        s.down(2, 180, 500, at: 0.1)
        #expect(s.engine.nextDeadline == 0.6)
        s.advance(0.6)
        #expect(s.log == ["0.600 lp began"])
    }

    @Test func theTimingScaleLengthensTheWindow() throws {
        let s = Scene()
        try s.engine.setTimingScale(2)
        _ = threeFingerHold(s)
        s.down(1, 150, 500, at: 0)
        #expect(s.engine.nextDeadline == 0.15)
    }

    @Test func recognizersOfOneTouchIgnoreIt() {
        let s = Scene()
        let tap = TapGestureRecognizer()
        tap.landingWindow = 0.075
        s.attach(tap, name: "tap", to: s.engine.rootView)
        s.down(1, 150, 500, at: 0)
        #expect(s.engine.nextDeadline == 1.5)   // the tap's own limit on its duration, no window
        s.up(1, 150, 500, at: 0.1)
        #expect(s.log == ["0.100 tap ended"])
    }

    @Test func eachKindSaysHowManyTouchesItNeeds() {
        let tap = TapGestureRecognizer(); tap.numberOfTouchesRequired = 2
        let lp = LongPressGestureRecognizer(); lp.numberOfTouchesRequired = 3
        let pan = PanGestureRecognizer(); pan.minimumNumberOfTouches = 4
        let swipe = SwipeGestureRecognizer(); swipe.numberOfTouchesRequired = 3
        #expect([tap.touchesNeededToRecognize, lp.touchesNeededToRecognize, pan.touchesNeededToRecognize,
                 swipe.touchesNeededToRecognize, PinchGestureRecognizer().touchesNeededToRecognize,
                 RotationGestureRecognizer().touchesNeededToRecognize,
                 ScreenEdgePanGestureRecognizer().touchesNeededToRecognize] == [2, 3, 4, 3, 2, 2, 1])
    }
}
