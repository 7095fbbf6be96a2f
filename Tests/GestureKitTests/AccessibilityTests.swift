import Testing
@testable import GestureKit

/// The timing scale (docs/ACCESSIBILITY.md): every time limit a user must beat, multiplied.
@Suite struct AccessibilityTests {
    @Test func aTimingScaleOfTwoDoublesTheLongPressDuration() throws {
        for scale in [1.0, 2.0] {
            let s = Scene()
            try s.engine.setTimingScale(scale)
            let long = LongPressGestureRecognizer()
            s.attach(long, name: "long")
            s.down(1, 150, 150, at: 0)
            s.advance(0.6)
            #expect(s.log == (scale == 1 ? ["0.500 long began"] : []))
            s.advance(1.1)
            #expect(s.log == (scale == 1 ? ["0.500 long began"] : ["1.000 long began"]))
        }
    }

    @Test func aScaledDoubleTapIntervalLetsASlowSecondTapCountAndTheSingleTapWaitsForIt() throws {
        for scale in [1.0, 2.0] {
            let s = Scene()
            try s.engine.setTimingScale(scale)
            let single = TapGestureRecognizer(), double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            s.attach(double, name: "double")
            s.attach(single, name: "single")
            s.down(1, 150, 150, at: 0)
            s.up(1, 150, 150, at: 0.05)
            s.down(2, 150, 150, at: 0.55)   // 0.5 s after the first tap: over 0.35, within 0.7
            s.up(2, 150, 150, at: 0.6)
            s.advance(2)
            // Unscaled, the first tap times out at 0.40 and the single tap fires then; scaled, the
            // second tap makes a double tap and the single tap fails.
            #expect(s.log == (scale == 1 ? ["0.400 single ended", "0.950 single ended"] : ["0.600 double ended"]),
                    "scale \(scale)")
        }
    }

    @Test func aScaledSwipeMayTakeLonger() throws {
        for scale in [1.0, 2.0] {
            let s = Scene()
            try s.engine.setTimingScale(scale)
            let swipe = SwipeGestureRecognizer()
            s.attach(swipe, name: "swipe")
            // A finger that rests 0.6 s, then flicks 150 pt to the right: past the 0.5 s maximum
            // unscaled, within the 1.0 s of a scale of 2.
            s.down(1, 110, 150, at: 0)
            s.move(1, 111, 150, at: 0.3)
            s.move(1, 170, 150, at: 0.62)
            s.move(1, 230, 150, at: 0.64)
            s.up(1, 260, 150, at: 0.66)
            #expect(s.log.contains { $0.hasSuffix("swipe ended") } == (scale == 2), "scale \(scale): \(s.log)")
        }
    }

    @Test func aRecognizerThatOptsOutKeepsItsTimesAndTheStrokePauseScales() throws {
        let s = Scene()
        try s.engine.setTimingScale(3)
        let long = LongPressGestureRecognizer()
        long.scalesTiming = false
        s.attach(long, name: "long")
        let stroke = StrokeGestureRecognizer()
        stroke.matching = .pointCloud
        #expect(long.timingScale == 1)
        s.attach(stroke, name: "stroke")
        #expect(stroke.timingScale == 3)
        s.down(1, 150, 150, at: 0)
        s.advance(0.55)
        #expect(s.log == ["0.500 long began"])
        // The scale reaches recognizers attached before and after it was set.
        try s.engine.setTimingScale(1.5)
        #expect(stroke.timingScale == 1.5)
        let late = TapGestureRecognizer()
        s.attach(late, name: "late")
        #expect(late.timingScale == 1.5)
    }

    @Test func timingScalesOutsideOneToTenAreRefusedAndTenIsAccepted() throws {
        let s = Scene()
        for bad in [0.0, 0.99, 10.01, -1, .nan, .infinity] {
            #expect(throws: EngineError.invalidArgument) { try s.engine.setTimingScale(bad) }
        }
        #expect(s.engine.timingScale == 1)
        try s.engine.setTimingScale(10)   // WCAG 2.2.1's "adjust": at least ten times the default
        #expect(s.engine.timingScale == 10)
    }
}

/// Touch accommodations (docs/ACCESSIBILITY.md): hold duration and ignore repeat.
@Suite struct TouchAccommodationTests {
    private func scene(hold: Double = 0, repeatTime: Double = 0) throws -> Scene {
        let s = Scene()
        var a = TouchAccommodations()
        a.holdDuration = hold
        a.ignoreRepeat = repeatTime
        try s.engine.setTouchAccommodations(a)
        try s.engine.enableDecisionLog(capacity: 256)
        return s
    }

    private func decisions(_ s: Scene, _ event: DecisionEvent) -> [(Double, Int64)] {
        var out: [(Double, Int64)] = []
        while let d = s.engine.nextDecision() {
            if d.event == event { out.append((d.timestamp, d.touchID)) }
        }
        return out
    }

    @Test func aTouchShorterThanTheHoldDurationIsNeverSeenAndTheLogSaysSo() throws {
        let s = try scene(hold: 0.5)
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        s.down(7, 150, 150, at: 0)
        s.up(7, 150, 150, at: 0.2)
        s.advance(1)
        #expect(s.log.isEmpty && s.deliveries.isEmpty)
        let logged = decisions(s, .touchHeldTooBriefly)
        #expect(logged.count == 1 && logged.first?.1 == 7 && logged.first?.0 == 0.2)
        #expect(tap.state == .possible)
    }

    @Test func aHeldTouchBeginsWhenAcceptedWhereTheFingerIsThen() throws {
        let s = try scene(hold: 0.3)
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        var began: Point?
        tap.addTarget { g in if g.state == .ended { began = g.location(in: nil) } }
        s.down(1, 150, 150, at: 0)
        #expect(s.engine.nextDeadline == 0.3)
        s.move(1, 154, 152, at: 0.2)                 // moved before it counts
        s.advance(0.3)                               // accepted at 0.3, with no frame then
        #expect(s.deliveries == ["0.300 B#1"])
        s.up(1, 154, 152, at: 0.6)
        #expect(s.log == ["0.600 tap ended"])
        #expect(began == Point(x: 154, y: 152))
    }

    @Test func aLongPressBeginsAfterTheHoldDurationAndItsOwn() throws {
        let s = try scene(hold: 0.4)
        let long = LongPressGestureRecognizer()
        s.attach(long, name: "long")
        s.down(1, 150, 150, at: 0)
        s.advance(2)
        #expect(s.log == ["0.900 long began"])     // 0.4 to count, then 0.5 held
    }

    @Test func aRepeatNearTheLastLiftIsIgnoredAndTheDoubleTapDoesNotFire() throws {
        let s = try scene(repeatTime: 0.5)
        let double = TapGestureRecognizer(), single = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        s.attach(double, name: "double")
        s.attach(single, name: "single")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.05)
        s.down(2, 156, 153, at: 0.2)                // a tremor's bounce, 7 pt away
        s.up(2, 156, 153, at: 0.25)
        s.down(3, 152, 150, at: 0.6)                // 0.35 s after the bounce's lift: still a repeat
        s.up(3, 152, 150, at: 0.65)
        s.advance(2)
        #expect(s.log == ["0.400 single ended"])     // one tap, recognized when the double tap gives up
        #expect(decisions(s, .touchIgnoredAsRepeat).map { $0.1 } == [2, 3])
    }

    @Test func aTouchFarFromTheLastLiftOrAfterTheRepeatTimeCounts() throws {
        let s = try scene(repeatTime: 0.3)
        let tap = TapGestureRecognizer()
        s.attach(tap, name: "tap")
        s.down(1, 120, 120, at: 0)
        s.up(1, 120, 120, at: 0.05)
        s.down(2, 250, 250, at: 0.1)                 // 184 pt away: another tap
        s.up(2, 250, 250, at: 0.15)
        s.down(3, 250, 250, at: 0.5)                 // 0.35 s after the last lift: a new tap
        s.up(3, 250, 250, at: 0.55)
        #expect(s.log == ["0.050 tap ended", "0.150 tap ended", "0.550 tap ended"])
    }

    private func assisted(_ mode: TapAssistance) throws -> Scene {
        let s = Scene()
        var a = TouchAccommodations()
        a.tapAssistance = mode
        a.tapAssistanceDelay = 0.4
        try s.engine.setTouchAccommodations(a)
        return s
    }

    @Test func aQuickSlidingTouchIsATapAtItsInitialOrFinalLocationAndNotAPan() throws {
        for mode in [TapAssistance.initialLocation, .finalLocation] {
            let s = try assisted(mode)
            let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
            s.attach(tap, name: "tap")
            s.attach(pan, name: "pan")
            var at: Point?
            tap.addTarget { g in at = g.location(in: nil) }
            s.down(1, 120, 150, at: 0)
            s.move(1, 160, 150, at: 0.1)             // 40 pt: a pan, unassisted
            s.move(1, 200, 160, at: 0.2)
            s.up(1, 200, 160, at: 0.3)               // within 0.4 s
            #expect(s.log == ["0.300 tap ended"], "\(mode)")
            #expect(at == (mode == .initialLocation ? Point(x: 120, y: 150) : Point(x: 200, y: 160)))
            #expect(s.deliveries == ["0.300 B#1", "0.300 C#1"])   // the tap recognized: the view's touch is cancelled (rule 48)
        }
    }

    @Test func aTouchStillDownAfterTheDelayPassesAsUsualAndMayPan() throws {
        let s = try assisted(.initialLocation)
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        s.attach(tap, name: "tap")
        s.attach(pan, name: "pan")
        s.down(1, 120, 150, at: 0)
        s.move(1, 130, 150, at: 0.2)
        s.advance(0.4)                               // released: begins where it landed, moves to 130
        #expect(s.engine.touchesDown == 1)
        s.move(1, 170, 150, at: 0.5)
        s.up(1, 170, 150, at: 0.6)
        #expect(s.log == ["0.400 pan began", "0.500 pan changed", "0.600 pan ended"])   // 10 pt at the release: the pan's hysteresis
    }

    @Test func switchingAccommodationsOnWithATouchDownIsBusyAndBadValuesAreRefused() throws {
        let s = Scene()
        var a = TouchAccommodations()
        a.holdDuration = 0.3
        s.down(1, 150, 150, at: 0)
        #expect(throws: EngineError.busy) { try s.engine.setTouchAccommodations(a) }
        s.up(1, 150, 150, at: 0.1)
        try s.engine.setTouchAccommodations(a)
        for bad in [0.05, 2.5, -1, Double.nan] {
            var b = TouchAccommodations()
            b.holdDuration = bad
            #expect(throws: EngineError.invalidArgument) { try s.engine.setTouchAccommodations(b) }
            b = TouchAccommodations()
            b.ignoreRepeat = bad
            #expect(throws: EngineError.invalidArgument) { try s.engine.setTouchAccommodations(b) }
        }
        var c = TouchAccommodations()
        c.ignoreRepeatDistance = 0
        #expect(throws: EngineError.invalidArgument) { try s.engine.setTouchAccommodations(c) }
        c = TouchAccommodations()
        c.tapAssistanceDelay = 3
        #expect(throws: EngineError.invalidArgument) { try s.engine.setTouchAccommodations(c) }
        #expect(s.engine.touchAccommodations == a)
    }
}

/// The accessibility audit (WCAG 2.5.1).
@Suite struct AuditTests {
    /// The 2.5.1 findings alone (the other clauses have their own tests below).
    private func pointerGestures(_ s: Scene) -> [AuditFinding] {
        s.engine.audit().filter { $0.rule == .multipoint || $0.rule == .pathBased }
    }

    @Test func theAuditFindsWhatOneFingerCannotReachAndHonoursAlternatives() throws {
        let s = Scene()
        let pinch = PinchGestureRecognizer(), stroke = StrokeGestureRecognizer(), edge = ScreenEdgePanGestureRecognizer()
        let twoFingerPan = PanGestureRecognizer(), oneFingerPan = PanGestureRecognizer(), tap = TapGestureRecognizer()
        twoFingerPan.minimumNumberOfTouches = 2
        for r in [pinch, stroke, twoFingerPan, oneFingerPan, tap] as [GestureRecognizer] { try s.engine.add(r, to: s.v) }
        try s.engine.add(edge, to: s.engine.rootView)
        var findings = pointerGestures(s)
        // The root's recognizer first (view order), then V's in attachment order.
        #expect(findings.map { $0.rule } == [.pathBased, .multipoint, .pathBased, .multipoint])
        #expect(findings.map { $0.suggestion } == [.declareAlternative, .addOneFingerZoom, .declareAlternative, .acceptOneFinger])
        #expect(findings[0].view == s.engine.rootView && findings[1].view == s.v)
        // A one-finger zoom on an ancestor covers the pinch; a tap declared for the stroke covers it.
        try s.engine.add(OneFingerZoomGestureRecognizer(), to: s.engine.rootView)
        stroke.declareAlternative(tap)
        edge.declareAlternative(twoFingerPan)      // not single-pointer itself: does not count
        findings = pointerGestures(s)
        #expect(findings.count == 2)
        // A disabled recognizer is not reported; a disabled alternative does not count.
        edge.isEnabled = false
        tap.isEnabled = false
        findings = pointerGestures(s)
        #expect(findings.map { $0.rule } == [.pathBased, .multipoint])   // the stroke again, and the two-finger pan
        // A destroyed alternative is forgotten.
        tap.isEnabled = true
        #expect(pointerGestures(s).count == 1)
        try s.engine.unregister(tap)
        #expect(pointerGestures(s).count == 2)
    }

    /// Issue 40, item 2: a one-finger zoom that can never begin is not the pinch's alternative.
    @Test func aZoomThatWaitsForAPanOnItsViewIsNoAlternativeToThePinch() throws {
        let s = Scene()
        let pinch = PinchGestureRecognizer(), pan = PanGestureRecognizer(), zoom = OneFingerZoomGestureRecognizer()
        for r in [pinch, pan, zoom] as [GestureRecognizer] { try s.engine.add(r, to: s.v) }
        #expect(pointerGestures(s).isEmpty)   // the zoom begins (the pan waits for it): covered
        zoom.require(toFail: pan)             // now the pan takes every drag first
        #expect(pointerGestures(s).map { $0.suggestion } == [.addOneFingerZoom])
        pan.isEnabled = false
        #expect(pointerGestures(s).isEmpty)
    }

    @Test func dragsAreReportedUntilANonDraggingAlternativeIsDeclared() throws {
        let s = Scene()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer(), zoom = OneFingerZoomGestureRecognizer()
        for r in [pan, swipe, zoom] as [GestureRecognizer] { try s.engine.add(r, to: s.v) }
        var drags = s.engine.audit().filter { $0.rule == .dragging }
        #expect(drags.map { $0.recognizer == s.engine.id(of: pan) } == [true, false, false])
        #expect(drags.count == 3 && drags.allSatisfy { $0.suggestion == .declareAlternative })
        let button = TapGestureRecognizer(), otherDrag = PanGestureRecognizer()
        try s.engine.add(button, to: s.v)
        try s.engine.add(otherDrag, to: s.v)
        pan.declareAlternative(otherDrag)     // a drag is no alternative under 2.5.7 ...
        zoom.declareAlternative(pan)
        swipe.declareAlternative(zoom)        // ... nor is a one-finger zoom
        drags = s.engine.audit().filter { $0.rule == .dragging }
        #expect(drags.count == 4)
        pan.declareAlternative(button)        // a tap is
        drags = s.engine.audit().filter { $0.rule == .dragging }
        #expect(drags.count == 3 && !drags.contains { $0.recognizer == s.engine.id(of: pan) })
    }

    @Test func smallTargetsAreReportedUnlessSpacedInlineOrEssential() throws {
        let s = Scene()   // V: a large view; two 20 x 20 buttons 2 pt apart, and a lone one far away
        let a = try s.engine.addView(frame: Rect(x: 300, y: 300, width: 20, height: 20), to: s.engine.rootView)
        let b = try s.engine.addView(frame: Rect(x: 322, y: 300, width: 20, height: 20), to: s.engine.rootView)
        let lone = try s.engine.addView(frame: Rect(x: 500, y: 20, width: 20, height: 20), to: s.engine.rootView)
        for v in [a, b, lone] { try s.engine.add(TapGestureRecognizer(), to: v) }
        func small() -> [ViewID] { s.engine.audit().filter { $0.rule == .targetSize }.map { $0.view } }
        #expect(small() == [a, b])            // their 24 pt circles overlap (centres 22 pt apart); the lone one's meets nothing
        try s.engine.setFlag(.inlineTarget, true, of: a)
        try s.engine.setFlag(.essential, true, of: b)
        #expect(small().isEmpty)
        #expect(s.engine.audit().allSatisfy { $0.rule != .targetSize })
        // With a profile: 6.35 mm on an 800 pt, 100 mm wide panel is 50.8 pt, so 40 pt is small.
        let c = try s.engine.addView(frame: Rect(x: 600, y: 400, width: 40, height: 40), to: s.engine.rootView)
        try s.engine.add(LongPressGestureRecognizer(), to: c)
        #expect(small().isEmpty)              // alone, and over 24 pt without a profile
        var profile = PanelProfile()
        profile.widthMillimetres = 100
        try s.engine.setPanelProfile(profile)
        #expect(abs(s.engine.minimumTargetSize - 6.35 * s.engine.tree[0].size.width / 100) < 1e-9)
        #expect(small().contains(c) == (40 < s.engine.minimumTargetSize) )
    }

    /// Issue 54, item 6: WCAG 2.5.8's "Equivalent" exception. A small target whose function a
    /// declared alternative of full size also reaches is not reported; an alternative that is small
    /// itself, or disabled, does not count.
    @Test func aSmallTargetWithADeclaredFullSizeEquivalentIsNotReported() throws {
        let s = Scene()
        let a = try s.engine.addView(frame: Rect(x: 300, y: 300, width: 20, height: 20), to: s.engine.rootView)
        let b = try s.engine.addView(frame: Rect(x: 322, y: 300, width: 20, height: 20), to: s.engine.rootView)
        let big = try s.engine.addView(frame: Rect(x: 100, y: 600, width: 120, height: 60), to: s.engine.rootView)
        let tapA = TapGestureRecognizer(), tapB = TapGestureRecognizer(), bigTap = TapGestureRecognizer()
        try s.engine.add(tapA, to: a)
        try s.engine.add(tapB, to: b)
        try s.engine.add(bigTap, to: big)
        func small() -> [ViewID] { s.engine.audit().filter { $0.rule == .targetSize }.map { $0.view } }
        #expect(small() == [a, b])
        tapA.declareAlternative(tapB)                 // small itself: no equivalent
        #expect(small() == [a, b])
        tapA.declareAlternative(bigTap)               // the big button does the same: exempt
        #expect(small() == [b])
        bigTap.isEnabled = false                      // a disabled equivalent reaches nothing
        #expect(small() == [a, b])
    }

    @Test func aLongPressOnTouchDownIsReportedUnlessEssential() throws {
        let s = Scene()
        let press = LongPressGestureRecognizer()
        try s.engine.add(press, to: s.v)
        #expect(!s.engine.audit().contains { $0.rule == .pointerCancellation })
        press.minimumPressDuration = 0
        #expect(s.engine.audit().filter { $0.rule == .pointerCancellation }.map { $0.suggestion } == [.actOnRelease])
        try s.engine.setFlag(.essential, true, of: s.v)
        #expect(!s.engine.audit().contains { $0.rule == .pointerCancellation })
    }

    @Test func theScreenReadersMultiFingerCommandsAreReportedWhileItIsOn() throws {
        let s = Scene()
        #expect(s.engine.audit().isEmpty)
        try s.engine.setScreenReader(true)
        let found = s.engine.audit()
        #expect(found.map { $0.suggestion } == [.offerPause, .offerEscape, .offerScroll])
        #expect(found.allSatisfy { $0.rule == .screenReaderCommand && $0.recognizer == AuditFinding.noRecognizer && $0.view == s.engine.rootView })
    }

    /// Issue 54, item 7: a host that offers the commands another way (keys, buttons) declares
    /// them, and the audit reports only the others: a scene with the screen reader on can pass.
    @Test func declaredScreenReaderCommandsAreNotReported() throws {
        let s = Scene()
        try s.engine.setScreenReader(true)
        try s.engine.declareScreenReaderCommands([.pause, .scroll])
        #expect(s.engine.offeredScreenReaderCommands == [.pause, .scroll])
        #expect(s.engine.audit().map { $0.suggestion } == [.offerEscape])
        try s.engine.declareScreenReaderCommands(.all)
        #expect(s.engine.audit().isEmpty)
        #expect(throws: EngineError.invalidArgument) {
            try s.engine.declareScreenReaderCommands(ScreenReaderCommands(rawValue: 8))
        }
        #expect(s.engine.offeredScreenReaderCommands == .all)
    }
}
