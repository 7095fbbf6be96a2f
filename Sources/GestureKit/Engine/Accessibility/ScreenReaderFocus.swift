/// Explore-by-touch's focus and the touches it synthesizes: which element is under a finger, the
/// reading order a flick follows, and the taps, drags and pass-through touches it sends to the
/// focused element through the normal arbitration (docs/ACCESSIBILITY.md).

extension Engine {
    // MARK: Focus

    /// The element under `p`: the view a person sees there (a disabled control too, read as
    /// dimmed) or its nearest ancestor marked as an element.
    @_optimize(size) func element(at p: Point) -> Int32 {
        var s = tree.visibleView(at: p) ?? -1
        while s >= 0 && !tree[s].isAccessibilityElement { s = tree[s].parent }
        return s >= 0 && isInModal(s, modalView) ? s : -1
    }

    /// The modal view the screen reader is confined to (`AccessibilityTraits.modal`), or -1: of
    /// those shown, the last in the view table.
    var modalView: Int32 {
        var s = tree.slotCount - 1
        while s > 0 {
            let v = Int32(s)
            if tree[v].alive && tree[v].accessibilityTraits.contains(.modal) && isReadable(v) { return v }
            s -= 1
        }
        return -1
    }

    /// Whether view `s` is `modal` or inside it (always, with no modal view).
    @_optimize(size) func isInModal(_ s: Int32, _ modal: Int32) -> Bool {
        guard modal >= 0 else { return true }
        var v = s
        while v >= 0 && v != modal { v = tree[v].parent }
        return v == modal
    }

    /// The focused element while it is in the reading order (alive, an element, readable), else -1.
    /// A focused view the host hides, makes transparent or empty, or stops marking as an element
    /// has left the order: nothing is done or asked for it (a flick still goes on from its place).
    var readableFocus: Int32 {
        let s = modes.screenReader.focus
        return s >= 0 && tree.isLive(s) && isInReadingOrder(s, modal: modalView) ? s : -1
    }

    /// Whether live element `s` is in the reading order: an element, readable, and inside `modal`
    /// (the modal view shown, or -1).
    @_optimize(size) func isInReadingOrder(_ s: Int32, modal: Int32) -> Bool {
        tree[s].isAccessibilityElement && isReadable(s) && isInModal(s, modal)
    }

    @_optimize(size) func focusElement(at p: Point) {
        let s = element(at: p)
        if s >= 0 { setFocus(s, at: now, announce: true) }
    }

    @_optimize(size) func setFocus(_ s: Int32, at time: Double, announce: Bool) {
        guard s != modes.screenReader.focus else { return }
        modes.screenReader.focus = s
        if announce && s >= 0 { pushAccessibilityEvent(.focusChanged, view: s, at: time) }
    }

    /// Reading order: by `accessibilityOrder`, ties by slot, among the views of one group
    /// (`AccessibilityTraits.group`; the top level is one group too). Elements in different
    /// groups read as the groups (or the group's ancestors) they belong to do, and a group that is
    /// an element reads before its contents. Whether element `a` reads before `b`.
    @_optimize(size) func readsBefore(_ a: Int32, _ b: Int32) -> Bool {
        var x = a, y = b
        var dx = groupDepth(a), dy = groupDepth(b)
        while dx > dy {
            let p = groupParent(x)
            if p == y { return false }   // b is a group holding a: b first
            x = p
            dx -= 1
        }
        while dy > dx {
            let p = groupParent(y)
            if p == x { return true }
            y = p
            dy -= 1
        }
        while groupParent(x) != groupParent(y) {
            x = groupParent(x)
            y = groupParent(y)
        }
        let ox = tree[x].accessibilityOrder, oy = tree[y].accessibilityOrder
        return ox < oy || (ox == oy && x < y)
    }

    /// The nearest ancestor of `s` marked as a group, or -1 (the top level).
    @_optimize(size) private func groupParent(_ s: Int32) -> Int32 {
        var v = tree[s].parent
        while v >= 0 && !tree[v].accessibilityTraits.contains(.group) { v = tree[v].parent }
        return v
    }

    @_optimize(size) private func groupDepth(_ s: Int32) -> Int {
        var d = 0
        var g = groupParent(s)
        while g >= 0 {
            d += 1
            g = groupParent(g)
        }
        return d
    }

    /// Whether element `s` can be read: it and every ancestor shown (not hidden, alpha at least
    /// 0.01, the hit-testing rule 3 uses) and it has an area. UIKit leaves hidden views, views with
    /// alpha 0 and views of zero size out of the accessibility order, and so does a flick.
    @_optimize(size) func isReadable(_ s: Int32) -> Bool {
        guard tree[s].size.width > 0 && tree[s].size.height > 0 else { return false }
        var v = s
        while v >= 0 {
            if tree[v].isHidden || tree[v].alpha < 0.01 { return false }
            v = tree[v].parent
        }
        return true
    }

    /// Moves the focus in reading order: a flick (next, previous), a four-finger tap, or the
    /// host (`moveAccessibilityFocus`). Found in one walk over the views without sorting them
    /// (O(views) however many elements there are), within the modal view if one is shown. Next
    /// or previous with no element focused: the first or last. At the end of the order (or with
    /// no element) the focus stays, and a boundary event says so; an element a touch cannot
    /// reach is also asked to be scrolled into view.
    @_optimize(size) func moveFocus(_ move: AccessibilityFocusMove, at time: Double) {
        let target = focusTarget(move)
        guard target >= 0 else {   // no element, or at the end: the focus stays, and the host is told
            pushAccessibilityEvent(.boundary, view: readableFocus, at: time)
            return
        }
        modes.screenReader.focus = -2   // so that setFocus announces even when it comes back
        setFocus(target, at: time, announce: true)
        if !isReachable(target) { pushAccessibilityEvent(.scrollIntoView, view: target, at: time) }
    }

    /// The element `move` goes to from the focus, or -1 (none, or the end of the order).
    @_optimize(size) func focusTarget(_ move: AccessibilityFocusMove) -> Int32 {
        let focus = modes.screenReader.focus
        let modal = modalView
        let forward = move == .next || move == .first
        var from = focus >= 0 && tree.isLive(focus) && tree[focus].isAccessibilityElement && isInModal(focus, modal) ? focus : Int32(-1)
        if move == .first || move == .last { from = -1 }
        var target: Int32 = -1
        for s in 0..<tree.slotCount where tree[s].alive && s != from {
            let slot = Int32(s)
            guard isInReadingOrder(slot, modal: modal) else { continue }
            // Past the focus in the direction of the move, and the nearest such.
            if from >= 0 && (forward ? !readsBefore(from, slot) : !readsBefore(slot, from)) { continue }
            if target < 0 || (forward ? readsBefore(slot, target) : readsBefore(target, slot)) { target = slot }
        }
        return target
    }

    /// Whether element `s` is where a person sees it: at its centre, the view on top is `s` or a
    /// view inside it (not when a scroll view has moved it out of its bounds, or another view
    /// covers it). User interaction does not count: a disabled control is reachable, and dimmed.
    @_optimize(size) func isReachable(_ s: Int32) -> Bool {
        var v = tree.visibleView(at: elementCentre(s)) ?? -1
        while v >= 0 && v != s { v = tree[v].parent }
        return v == s
    }

    /// Where a synthesized touch lands on element `s`: its centre, in window points.
    @_optimize(size) private func elementCentre(_ s: Int32) -> Point {
        tree.convertToWindow(tree[s].bounds.center, from: s)
    }

    /// Activates the focused element: an event, then a tap at its centre, through the normal
    /// arbitration (its recognizers and view see an ordinary touch).
    @_optimize(size) func activateFocus(at time: Double, twice: Bool = false) {
        let s = readableFocus
        guard s >= 0 else { return }
        // An activation that cannot reach the element is never announced: the host is asked to
        // scroll it into view, and the next double tap activates it.
        guard isReachable(s) else {
            pushAccessibilityEvent(.scrollIntoView, view: s, at: time)
            return
        }
        // A disabled control (user interaction off, on it or an ancestor) is read as dimmed and
        // does nothing when activated, as in VoiceOver.
        guard tree.isInteractive(s) else { return }
        pushAccessibilityEvent(twice ? .activateTwice : .activate, view: s, at: time)
        let centre = elementCentre(s)
        for _ in 0..<(twice ? 2 : 1) {
            let id = modes.screenReader.takeSyntheticID()
            runInputPass([TouchInput(id: id, phase: .began, location: centre)], at: time)
            runInputPass([TouchInput(id: id, phase: .ended, location: centre)], at: time)
        }
    }

    /// Whether the focused element acts on a double tap: a one-finger tap recognizer asking two
    /// taps or more, enabled, on the view a touch at its centre lands on or an ancestor. Then a
    /// double tap waits for a possible third (which gives it its double tap).
    @_optimize(size) func focusTakesDoubleTap() -> Bool {
        let s = readableFocus
        guard s >= 0, var v = tree.hitTest(elementCentre(s)) else { return false }
        while v >= 0 {
            for r in tree[v].recognizers {
                if let t = registry.recognizers[Int(r)] as? TapGestureRecognizer, t.isEnabled,
                   t.numberOfTapsRequired >= 2 && t.numberOfTouchesRequired == 1 { return true }
            }
            v = tree[v].parent
        }
        return false
    }

    /// The start of a pass-through: an event, then a touch down at the focused element's centre,
    /// through the normal arbitration; the finger's moves and lift follow it there.
    @_optimize(size) func startPassThrough(from finger: Point, at time: Double) {
        let s = modes.screenReader.focus
        pushAccessibilityEvent(.passThrough, view: s, at: time)
        let centre = elementCentre(s)
        modes.screenReader.passOffset = centre - finger
        modes.screenReader.passID = modes.screenReader.takeSyntheticID()
        runInputPass([TouchInput(id: modes.screenReader.passID, phase: .began, location: centre)], at: time)
    }

    @_optimize(size) func pushAccessibilityEvent(_ kind: AccessibilityEventKind, view s: Int32, at time: Double,
                                                 message: UInt64 = 0, priority: AnnouncementPriority = .polite) {
        var e = AccessibilityEvent()
        e.sequence = queues.takeSequence()
        e.timestamp = time
        e.kind = kind
        if tree.isLive(s) { e.view = tree.id(ofSlot: s) }
        e.message = message
        e.priority = priority
        modes.accessibilityEvents.push(e)
    }

    // MARK: Synthesized touches

    /// A three-finger swipe: a one-finger drag of one page of the view under the fingers, in their
    /// direction, through the normal arbitration (a pan there sees a drag). When a gesture took
    /// the drag, the event says `.scroll`; when nothing did (nothing there scrolls), `.boundary`
    /// with the direction, as VoiceOver says it cannot scroll further. The event's sequence number
    /// is taken before the drag, so it comes before the actions the drag causes.
    @_optimize(size) func scrollPage(_ direction: SwipeDirection, from p: Point, at time: Double) {
        var e = AccessibilityEvent()
        e.sequence = queues.takeSequence()
        e.timestamp = time
        e.kind = .boundary
        e.direction = direction
        if readableFocus >= 0 { e.view = tree.id(ofSlot: readableFocus) }
        defer { modes.accessibilityEvents.push(e) }
        guard let s = tree.hitTest(p) else { return }
        let started = pass.gesturesStarted
        let size = tree[s].size
        let step: Point
        switch direction {
        case .left: step = Point(x: -0.8 * size.width, y: 0)
        case .right: step = Point(x: 0.8 * size.width, y: 0)
        case .up: step = Point(x: 0, y: -0.8 * size.height)
        default: step = Point(x: 0, y: 0.8 * size.height)
        }
        let id = modes.screenReader.takeSyntheticID()
        runInputPass([TouchInput(id: id, phase: .began, location: p)], at: time)
        for k in 1...4 { runInputPass([TouchInput(id: id, phase: .moved, location: p + step * (Double(k) / 4))], at: time) }
        runInputPass([TouchInput(id: id, phase: .ended, location: p + step)], at: time)
        if pass.gesturesStarted != started { e.kind = .scroll }
    }
}
