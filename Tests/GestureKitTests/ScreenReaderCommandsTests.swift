import Testing
@testable import GestureKit

/// Issue 66's fourth pass of the screen reader: the commands VoiceOver and TalkBack users rely on
/// beyond exploring and activating, the host's side (focus, announcements), modal views, groups,
/// the swipe accommodation and the audit's 4.1.2 findings.
@Suite struct ScreenReaderCommandsTests {
    /// A ticket machine: two panels side by side, "Ticket" (Adult, Child) and "Trip" (Single,
    /// Return), each button with a tap; orders 1, 2 inside each panel, as a layout tool gives.
    private func machine(grouped: Bool) throws -> (Scene, [String: ViewID]) {
        let s = Scene(width: 400, height: 800)
        var ids: [String: ViewID] = [:]
        for (p, (panel, buttons)) in [("Ticket", ["Adult", "Child"]), ("Trip", ["Single", "Return"])].enumerated() {
            let box = try s.engine.addView(frame: Rect(x: 200 * Double(p), y: 300, width: 200, height: 300), to: s.engine.rootView)
            try s.engine.setAccessibility(of: box, label: [], isElement: false, order: Int32(p + 1))
            if grouped { try s.engine.setAccessibilityTraits(of: box, .group) }
            for (k, name) in buttons.enumerated() {
                let v = try s.engine.addView(frame: Rect(x: 20, y: 20 + 120 * Double(k), width: 160, height: 100), to: box)
                try s.engine.setAccessibility(of: v, label: Array(name.utf8), isElement: true, order: Int32(k + 1))
                s.attach(TapGestureRecognizer(), name: "tap\(name)", to: v)
                ids[name] = v
            }
            ids[panel] = box
        }
        try s.engine.setScreenReader(true)
        return (s, ids)
    }

    private func fingers(_ s: Scene, _ n: Int, at t: Double, _ x: Double, _ y: Double, dx: Double = 0, dy: Double = 0,
                         lift: Double = 0.1, first: Int64 = 10) {
        let ids = (0..<n).map { first + Int64($0) }
        s.feed(t, ids.enumerated().map { TouchInput(id: $0.1, phase: .began, location: Point(x + 40 * Double($0.0), y)) })
        if dx != 0 || dy != 0 {
            s.feed(t + lift / 2, ids.enumerated().map { TouchInput(id: $0.1, phase: .moved, location: Point(x + 40 * Double($0.0) + dx / 2, y + dy / 2)) })
        }
        s.feed(t + lift, ids.enumerated().map { TouchInput(id: $0.1, phase: .ended, location: Point(x + 40 * Double($0.0) + dx, y + dy)) })
    }

    @Test func twoPanelsReadPanelByPanelWhenTheyAreGroupsAndByOrderAloneWhenNot() throws {
        for (grouped, expected) in [(false, ["Adult", "Single", "Child", "Return"]), (true, ["Adult", "Child", "Single", "Return"])] {
            let (s, _) = try machine(grouped: grouped)
            var read: [String] = []
            for _ in 0..<5 { try s.engine.moveAccessibilityFocus(.next) }
            for line in s.accessibilityEvents() { read.append(String(line.split(separator: " ").last ?? "")) }
            #expect(read == expected + ["Return"])   // then the boundary, with the focus on the last
        }
    }

    @Test func aTwoFingerDoubleTapIsTheMagicTapAndALoneTwoFingerTapPausesOnceNoSecondFollows() throws {
        let (s, ids) = try machine(grouped: true)
        try s.engine.setAccessibilityFocus(ids["Child"])
        #expect(s.accessibilityEvents() == ["0.000 focus Child"])
        fingers(s, 2, at: 1, 100, 100)
        s.advance(1.25)
        #expect(s.accessibilityEvents().isEmpty)                 // a second two-finger tap may follow
        fingers(s, 2, at: 1.3, 102, 101, first: 20)
        s.advance(3)
        #expect(s.accessibilityEvents() == ["1.400 magic-tap Child"])
        fingers(s, 2, at: 4, 100, 100)
        s.advance(4.49)
        #expect(s.accessibilityEvents().isEmpty)
        s.advance(4.5)
        #expect(s.accessibilityEvents() == ["4.500 pause Child"])
        #expect(s.log.isEmpty)                                    // no button saw a touch
    }

    @Test func aTwoFingerSwipeDownReadsFromTheFocusAndTheHostMovesOnToTheBoundary() throws {
        let (s, ids) = try machine(grouped: true)
        try s.engine.setAccessibilityFocus(ids["Child"])
        _ = s.accessibilityEvents()
        fingers(s, 2, at: 1, 100, 100, dy: 120, lift: 0.2)
        #expect(s.accessibilityEvents() == ["1.200 read-all Child"])
        try s.engine.moveAccessibilityFocus(.next)
        try s.engine.moveAccessibilityFocus(.next)
        try s.engine.moveAccessibilityFocus(.next)
        #expect(s.accessibilityEvents() == ["1.200 focus Single", "1.200 focus Return", "1.200 boundary Return"])
        // Up: from the first element.
        fingers(s, 2, at: 2, 100, 300, dy: -120, lift: 0.2)
        #expect(s.accessibilityEvents() == ["2.200 read-all Adult"])
        #expect(s.engine.accessibilityFocus == ids["Adult"])
    }

    @Test func aThreeFingerTapAsksForThePositionAndAFourFingerTapGoesToTheFirstOrLast() throws {
        let (s, ids) = try machine(grouped: true)
        try s.engine.setAccessibilityFocus(ids["Single"])
        _ = s.accessibilityEvents()
        fingers(s, 3, at: 1, 100, 100)
        #expect(s.accessibilityEvents() == ["1.100 position Single"])
        fingers(s, 4, at: 2, 50, 700)                             // near the bottom: the last
        #expect(s.accessibilityEvents() == ["2.100 focus Return"])
        fingers(s, 4, at: 3, 50, 100)                             // near the top: the first
        #expect(s.accessibilityEvents() == ["3.100 focus Adult"])
        #expect(s.log.isEmpty)
    }

    /// A map that zooms on a double tap (no single tap): a double tap activates once (which the
    /// map ignores), after waiting for a third tap; a triple tap gives the map its double tap.
    @Test func aTripleTapGivesADoubleTapOnlyControlItsDoubleTap() throws {
        let s = Scene(width: 400, height: 800)
        let map = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 400, height: 400), to: s.engine.rootView)
        try s.engine.setAccessibility(of: map, label: Array("Map".utf8), isElement: true, order: 1)
        let zoom = TapGestureRecognizer()
        zoom.numberOfTapsRequired = 2
        s.attach(zoom, name: "zoom", to: map)
        try s.engine.setScreenReader(true)
        try s.engine.setAccessibilityFocus(map)
        _ = s.accessibilityEvents()
        for (k, t) in [1.0, 1.2, 1.4].enumerated() { s.down(Int64(k + 1), 200, 600, at: t); s.up(Int64(k + 1), 200, 600, at: t + 0.05) }
        #expect(s.accessibilityEvents() == ["1.450 activate-twice Map"])
        #expect(s.log == ["1.450 zoom ended"])
        // A double tap waits 0.4 s for a third, then activates once: the map's double tap fails.
        s.log.removeAll()
        s.down(5, 200, 600, at: 3); s.up(5, 200, 600, at: 3.05)
        s.down(6, 200, 600, at: 3.2); s.up(6, 200, 600, at: 3.25)
        #expect(s.accessibilityEvents().isEmpty)
        s.advance(3.65)
        #expect(s.accessibilityEvents() == ["3.650 activate Map"])
        s.advance(5)
        #expect(s.log.isEmpty)
    }

    @Test func aModalDialogConfinesTheReaderUntilItIsHidden() throws {
        let (s, ids) = try machine(grouped: true)
        try s.engine.setAccessibilityFocus(ids["Adult"])
        _ = s.accessibilityEvents()
        let dialog = try s.engine.addView(frame: Rect(x: 50, y: 50, width: 300, height: 200), to: s.engine.rootView)
        try s.engine.setAccessibilityTraits(of: dialog, .modal)
        var buttons: [ViewID] = []
        for (k, name) in ["Cancel", "Confirm"].enumerated() {
            let b = try s.engine.addView(frame: Rect(x: 20 + 140 * Double(k), y: 100, width: 120, height: 80), to: dialog)
            try s.engine.setAccessibility(of: b, label: Array(name.utf8), isElement: true, order: Int32(k))
            buttons.append(b)
        }
        #expect(s.engine.accessibilityFocus == nil)              // Adult is outside the dialog
        #expect(throws: EngineError.invalidArgument) { try s.engine.setAccessibilityFocus(ids["Return"]) }
        for _ in 0..<3 { try s.engine.moveAccessibilityFocus(.next) }
        #expect(s.accessibilityEvents() == ["0.000 focus Cancel", "0.000 focus Confirm", "0.000 boundary Confirm"])
        s.down(1, 300, 500, at: 1); s.advance(1.3); s.up(1, 300, 500, at: 1.4)   // exploring the Return button
        #expect(s.accessibilityEvents().isEmpty && s.engine.accessibilityFocus == buttons[1])
        try s.engine.setFlag(.hidden, true, of: dialog)
        try s.engine.moveAccessibilityFocus(.first)
        #expect(s.accessibilityEvents() == ["1.400 focus Adult"])
    }

    @Test func theHostMovesTheFocusAndItIsSaidEvenWhenItDidNotMove() throws {
        let (s, ids) = try machine(grouped: true)
        try s.engine.setAccessibilityFocus(ids["Child"])
        try s.engine.setAccessibilityFocus(ids["Child"])
        #expect(s.accessibilityEvents() == ["0.000 focus Child", "0.000 focus Child"])
        #expect(throws: EngineError.invalidArgument) { try s.engine.setAccessibilityFocus(ids["Ticket"]) }   // no element
        try s.engine.setAccessibilityFocus(nil)
        #expect(s.engine.accessibilityFocus == nil && s.accessibilityEvents().isEmpty)
        try s.engine.setScreenReader(false)
        try s.engine.setAccessibilityFocus(ids["Child"])          // ignored while off
        try s.engine.moveAccessibilityFocus(.next)
        #expect(s.engine.accessibilityFocus == nil && s.accessibilityEvents().isEmpty)
    }

    @Test func anAnnouncementKeepsItsPlaceInTheStreamAndOutlivesABurstOfFocusChanges() throws {
        let (s, ids) = try machine(grouped: true)
        try s.engine.setAccessibilityFocus(ids["Adult"])
        try s.engine.announce(7, priority: .polite)
        try s.engine.moveAccessibilityFocus(.next)
        #expect(s.accessibilityEvents() == ["0.000 focus Adult", "0.000 announce 7 polite", "0.000 focus Child"])
        // "Card declined", then 400 focus changes the host does not drain: the announcement stays.
        try s.engine.announce(42, priority: .urgent)
        for _ in 0..<200 { try s.engine.moveAccessibilityFocus(.next); try s.engine.moveAccessibilityFocus(.previous) }
        var kept: AccessibilityEvent?
        var first = true, dropped: UInt64 = 0
        while let e = s.engine.nextAccessibilityEvent() {
            if first { dropped = e.droppedBefore; first = false }
            if e.kind == .announcement { kept = e }
        }
        #expect(kept?.message == 42 && kept?.priority == .urgent)
        #expect(dropped == 145 && s.engine.droppedAccessibilityEvents == 145)   // 401 queued, 256 kept
    }

    /// A target that sees the card declined announces it, and one that opens a new screen moves
    /// the focus, from inside the callback (other setters are busy there).
    @Test func aTargetAnnouncesAndMovesTheFocusFromItsCallback() throws {
        let (s, ids) = try machine(grouped: true)
        let payView = try s.engine.addView(frame: Rect(x: 20, y: 20, width: 100, height: 60), to: s.engine.rootView)
        try s.engine.setAccessibility(of: payView, label: Array("Pay".utf8), isElement: true, order: 9)
        let pay = TapGestureRecognizer()
        try s.engine.add(pay, to: payView)
        var outcome: [String] = []
        pay.addTarget { _ in
            do {
                try s.engine.announce(9, priority: .urgent)
                try s.engine.setAccessibilityFocus(ids["Adult"])
                outcome.append("ok")
            } catch { outcome.append("\(error)") }
        }
        try s.engine.setAccessibilityFocus(payView)
        s.down(1, 60, 600, at: 1); s.up(1, 60, 600, at: 1.05)
        s.down(2, 62, 601, at: 1.2); s.up(2, 62, 601, at: 1.25)
        #expect(outcome == ["ok"])
        #expect(s.accessibilityEvents() == ["0.000 focus Pay", "1.250 activate Pay", "1.250 announce 9 urgent", "1.250 focus Adult"])
    }

    @Test func anAnnouncementIsNeverCutByTheReaderAndAnUrgentOneNeverByAnother() {
        var focus = AccessibilityEvent(); focus.kind = .focusChanged
        var polite = AccessibilityEvent(); polite.kind = .announcement
        var urgent = polite; urgent.priority = .urgent
        #expect(focus.interrupts(focus))          // a flick stops the previous label
        #expect(!polite.interrupts(focus))        // an announcement waits for the label...
        #expect(!focus.interrupts(polite))        // ...and is not cut by the next flick
        #expect(urgent.interrupts(focus) && urgent.interrupts(polite))
        #expect(!urgent.interrupts(urgent) && !focus.interrupts(urgent) && !polite.interrupts(urgent))
    }

    /// iOS's "Swipe Gestures" beside Hold Duration: a quick swipe on a carousel is lost while a
    /// hold duration is on, and arrives with the swipe distance set; a still tap still waits.
    @Test func aSwipeUnderAHoldDurationIsLostUnlessTheSwipeDistanceLetsItThrough() throws {
        for distance in [0.0, 20.0] {
            let s = Scene()
            s.attach(SwipeGestureRecognizer(), name: "swipe")
            var a = TouchAccommodations()
            a.holdDuration = 0.5
            a.swipeDistance = distance
            try s.engine.setTouchAccommodations(a)
            s.down(1, 150, 200, at: 0)
            for k in 1...5 { s.move(1, 150 + 24 * Double(k), 200, at: 0.02 * Double(k)) }
            s.up(1, 270, 200, at: 0.12)
            s.advance(1)
            #expect(s.log == (distance > 0 ? ["0.060 swipe ended"] : []))   // 72 pt from the landing
            s.log.removeAll()
            s.down(2, 150, 200, at: 2); s.move(2, 155, 200, at: 2.1); s.up(2, 155, 200, at: 2.2)   // a brief still touch
            s.advance(3)
            #expect(s.log.isEmpty)
        }
        var bad = TouchAccommodations()
        bad.swipeDistance = 2
        #expect(throws: EngineError.invalidArgument) { try Scene().engine.setTouchAccommodations(bad) }
    }

    @Test func theAuditReportsTargetsTheReaderCannotReachAndEmptyLabelsOnceItIsUsed() throws {
        let s = Scene()
        s.attach(TapGestureRecognizer(), name: "tap")                  // on V, no element
        #expect(s.engine.audit().isEmpty)                                // the app uses no screen reader
        let label = try s.engine.addView(frame: Rect(x: 0, y: 0, width: 50, height: 50), to: s.engine.rootView)
        try s.engine.setAccessibility(of: label, label: [], isElement: true, order: 0)
        let found = s.engine.audit().map { "\($0.rule) \($0.suggestion) \($0.view == s.v ? "V" : "label")" }
        #expect(found == ["notAnElement markElement V", "emptyLabel addLabel label"])
        try s.engine.setAccessibility(of: s.v, label: Array("Pay".utf8), isElement: true, order: 1)
        try s.engine.setAccessibility(of: label, label: Array("Total".utf8), isElement: true, order: 0)
        #expect(s.engine.audit().isEmpty)
    }
}
