/// The accessibility audit (docs/ACCESSIBILITY.md): which actions a person who can use only one
/// pointer, and only tap it, cannot reach (WCAG 2.5.1, 2.5.7), targets too small to hit (2.5.8),
/// actions on touch-down (2.5.2), and the screen reader's own multi-finger commands.

/// Why a recognizer is reported, and under which WCAG 2.2 success criterion.
public enum AuditRule: UInt8, Sendable {
    /// 2.5.1: it needs more than one finger at once (a pinch, a rotation, a two-finger tap or pan).
    case multipoint = 0
    /// 2.5.1: it needs a path drawn in a way or a direction (a swipe, a stroke, a screen-edge pan).
    case pathBased = 1
    /// 2.5.8: a tap or press target under 24 x 24 CSS px, without the spacing to make up for it.
    case targetSize = 2
    /// 2.5.7: a drag (pan, swipe, screen-edge pan, one-finger zoom) with no single-pointer way that
    /// does not drag.
    case dragging = 3
    /// 2.5.2: a long press that begins on touch-down (duration 0): nothing to slide off to abort.
    case pointerCancellation = 4
    /// EN 301 549 V3.2.1 5.9 (simultaneous user actions), in explore-by-touch: a command of the
    /// screen reader's own that needs several fingers and that the host has not declared it also
    /// offers another way (`declareScreenReaderCommands`; the suggestion names it). WCAG 2.5.1
    /// exempts gestures an assistive technology defines; 5.9 asks for another way to operate.
    case screenReaderCommand = 5
    /// WCAG 4.1.2 (EN 301 549 11.4.1.2, name, role, value), once the app uses the screen reader
    /// (it is on, or a view is an element): a one-finger tap or long press on a view that neither
    /// is an accessibility element nor lies inside one, which the screen reader can neither focus
    /// nor activate.
    case notAnElement = 6
    /// WCAG 4.1.2: an accessibility element with an empty label (the screen reader says nothing
    /// for it).
    case emptyLabel = 7
}

/// What would fix a finding.
public enum AuditSuggestion: UInt8, Sendable {
    /// Add a one-finger zoom recognizer to the view (for a pinch).
    case addOneFingerZoom = 0
    /// Accept one finger (`number_of_touches_required` or `minimum_number_of_touches` 1), or
    /// declare an alternative.
    case acceptOneFinger = 1
    /// Offer the action another way (a button, a tap) and declare it with `declareAlternative`.
    case declareAlternative = 2
    /// Make the view at least the minimum size, space it from other targets, or mark it inline or
    /// essential.
    case enlargeTarget = 3
    /// Give the long press a duration, or act when it ends; or mark the view essential.
    case actOnRelease = 4
    /// The host offers the screen reader's pause (two-finger tap) another way: a button or a key.
    case offerPause = 5
    /// ... its escape (two-finger scrub).
    case offerEscape = 6
    /// ... its scroll (three-finger swipe).
    case offerScroll = 7
    /// Mark the view (or the control it belongs to) as an accessibility element with a label.
    case markElement = 8
    /// Give the element a label that says what it is or does.
    case addLabel = 9
}

/// One finding: a recognizer on a view whose action has no single-pointer way.
public struct AuditFinding: Equatable {
    public var view: ViewID
    /// `AuditFinding.noRecognizer` for the screen reader's commands.
    public var recognizer: RecognizerID
    /// The recognizer of a finding that is about no recognizer (index `UInt32.max`).
    public static var noRecognizer: RecognizerID { RecognizerID(index: UInt32.max, generation: 0) }
    public var rule: AuditRule
    public var suggestion: AuditSuggestion
}

extension Engine {
    /// Lists the findings, in view order (the order views were made), then in attachment order;
    /// then, once the app uses the screen reader, 4.1.2's in view order (`auditElements`); the
    /// screen reader's commands last. For each enabled, attached recognizer: 2.5.1 when it
    /// needs several fingers or a drawn path and has neither a declared single-pointer alternative
    /// nor an obvious one (a one-finger zoom that can begin, on the same view or an ancestor, for a
    /// pinch); 2.5.7 when it drags and has no declared alternative that neither drags nor needs
    /// several fingers; 2.5.2 for a long press of duration 0 on a view not marked essential. For
    /// each view with a one-finger tap or long press: 2.5.8 when it is narrower or lower than the
    /// minimum target (`minimumTargetSize`) and its spacing circle meets another target, unless
    /// the view is marked inline or essential. Changes nothing.
    @_optimize(size) public func audit() -> [AuditFinding] {
        var out: [AuditFinding] = []
        let minimum = minimumTargetSize
        for v in 0..<tree.slotCount {
            guard tree[v].alive else { continue }
            let view = tree.id(ofSlot: Int32(v))
            var sized = false
            for s in tree[v].recognizers {
                guard let r = registry.recognizers[Int(s)], r.isEnabled else { continue }
                let rid = id(of: r)
                if let rule = Engine.auditRule(r), !hasSinglePointerAlternative(r) {
                    let suggestion: AuditSuggestion
                    switch r {
                    case is PinchGestureRecognizer: suggestion = .addOneFingerZoom
                    case is TapGestureRecognizer, is LongPressGestureRecognizer: suggestion = .acceptOneFinger
                    case let p as PanGestureRecognizer where !(p is ScreenEdgePanGestureRecognizer): suggestion = .acceptOneFinger
                    default: suggestion = .declareAlternative
                    }
                    note(&out, view, rid, rule, suggestion)
                }
                if Engine.drags(r) && !hasAlternative(r, nonDragging: true) {
                    note(&out, view, rid, .dragging, .declareAlternative)
                }
                guard Engine.isTarget(r), !tree[v].isEssential else { continue }
                if let l = r as? LongPressGestureRecognizer, l.minimumPressDuration == 0 {
                    note(&out, view, rid, .pointerCancellation, .actOnRelease)
                }
                if !sized && !tree[v].isInlineTarget && isUndersized(Int32(v), minimum) && !hasSizedEquivalent(r, minimum) {
                    sized = true
                    note(&out, view, rid, .targetSize, .enlargeTarget)
                }
            }
        }
        auditElements(&out)
        var command: UInt8 = 5
        while modes.screenReaderOn && command <= 7 {
            // Pause, escape, scroll: bits 1, 2, 4 of ScreenReaderCommands.
            if modes.offeredCommands.rawValue & (1 << UInt32(command - 5)) == 0 {
                note(&out, rootView, AuditFinding.noRecognizer, .screenReaderCommand, unsafeBitCast(command, to: AuditSuggestion.self))
            }
            command += 1
        }
        return out
    }

    /// WCAG 4.1.2 for the screen reader, once the app uses it (it is on, or any view is an
    /// element): targets it cannot reach, and elements with no label. In view order.
    @_optimize(size) private func auditElements(_ out: inout [AuditFinding]) {
        var used = modes.screenReaderOn
        for v in 0..<tree.slotCount where tree[v].alive && tree[v].isAccessibilityElement { used = true }
        guard used else { return }
        for v in 0..<tree.slotCount where tree[v].alive {
            let view = tree.id(ofSlot: Int32(v))
            if tree[v].isAccessibilityElement && tree[v].accessibilityLabel.isEmpty {
                note(&out, view, AuditFinding.noRecognizer, .emptyLabel, .addLabel)
            }
            var inside = Int32(v)
            while inside >= 0 && !tree[inside].isAccessibilityElement { inside = tree[inside].parent }
            guard inside < 0 else { continue }
            for s in tree[v].recognizers {
                guard let r = registry.recognizers[Int(s)], r.isEnabled, Engine.isTarget(r) else { continue }
                note(&out, view, id(of: r), .notAnElement, .markElement)
                break
            }
        }
    }

    @inline(never) @_optimize(size) private func note(_ out: inout [AuditFinding], _ view: ViewID, _ r: RecognizerID,
                                                      _ rule: AuditRule, _ suggestion: AuditSuggestion) {
        out.append(AuditFinding(view: view, recognizer: r, rule: rule, suggestion: suggestion))
    }

    /// WCAG 2.5.8's 24 CSS px, in points: 6.35 mm at the panel's density when the profile gives
    /// the panel's width, else 24 points (a point is a CSS px at a kiosk's usual distance).
    public var minimumTargetSize: Double {
        let mm = panelProfile.widthMillimetres, w = tree[0].size.width
        return mm > 0 && w > 0 ? 6.35 * w / mm : 24
    }

    /// The rule `r` falls under, or nil when one pointer tapping or dragging anywhere is enough.
    @_optimize(size) static func auditRule(_ r: GestureRecognizer) -> AuditRule? {
        switch r {
        case is PinchGestureRecognizer, is RotationGestureRecognizer: return .multipoint
        case let t as TapGestureRecognizer: return t.numberOfTouchesRequired > 1 ? .multipoint : nil
        case let l as LongPressGestureRecognizer: return l.numberOfTouchesRequired > 1 ? .multipoint : nil
        case is ScreenEdgePanGestureRecognizer: return .pathBased
        case let p as PanGestureRecognizer: return p.minimumNumberOfTouches > 1 ? .multipoint : nil
        case let w as SwipeGestureRecognizer: return w.numberOfTouchesRequired > 1 ? .multipoint : .pathBased
        case is StrokeGestureRecognizer: return .pathBased
        default: return nil   // hover, one-finger zoom, custom recognizers (their logic is the application's)
        }
    }

    /// A dragging movement under 2.5.7: a pan of any kind, a swipe, a one-finger zoom.
    @_optimize(size) static func drags(_ r: GestureRecognizer) -> Bool {
        r is PanGestureRecognizer || r is SwipeGestureRecognizer || r is OneFingerZoomGestureRecognizer
    }

    /// A tap or press target under 2.5.8 and 2.5.2: a one-finger tap or long press.
    @_optimize(size) static func isTarget(_ r: GestureRecognizer) -> Bool {
        (r is TapGestureRecognizer || r is LongPressGestureRecognizer) && auditRule(r) == nil
    }

    /// A declared alternative that is attached, enabled, single-pointer and (with `nonDragging`)
    /// not a drag.
    @_optimize(size) private func hasAlternative(_ r: GestureRecognizer, nonDragging: Bool) -> Bool {
        for a in r.singlePointerAlternatives where a.host === self && a.isEnabled && a.viewSlot >= 0 {
            if Engine.auditRule(a) == nil && !(nonDragging && Engine.drags(a)) { return true }
        }
        return false
    }

    /// 2.5.8's "Equivalent" exception: a declared alternative (attached, enabled, single-pointer)
    /// on a view that meets the size itself, inline or essential ones not counted.
    @_optimize(size) private func hasSizedEquivalent(_ r: GestureRecognizer, _ minimum: Double) -> Bool {
        for a in r.singlePointerAlternatives where a.host === self && a.isEnabled && a.viewSlot >= 0 {
            if Engine.auditRule(a) == nil && !isUndersized(a.viewSlot, minimum) { return true }
        }
        return false
    }

    @_optimize(size) private func hasSinglePointerAlternative(_ r: GestureRecognizer) -> Bool {
        if hasAlternative(r, nonDragging: false) { return true }
        guard r is PinchGestureRecognizer else { return false }
        // A one-finger zoom on the pinch's view or an ancestor zooms the same content, if it can
        // begin: not when it waits for a one-finger pan that sees its touches (the pan takes the drag).
        var v = r.viewSlot
        while v >= 0 {
            for s in tree[v].recognizers {
                if let z = registry.recognizers[Int(s)] as? OneFingerZoomGestureRecognizer, z.isEnabled, !waitsForAPan(z) { return true }
            }
            v = tree[v].parent
        }
        return false
    }

    /// `z` requires a one-finger pan on its view or an ancestor to fail.
    @_optimize(size) private func waitsForAPan(_ z: GestureRecognizer) -> Bool {
        for p in z.failureRequirements {
            guard let p = p as? PanGestureRecognizer, p.isEnabled, p.minimumNumberOfTouches <= 1 else { continue }
            var v = z.viewSlot
            while v >= 0 {
                if v == p.viewSlot { return true }
                v = tree[v].parent
            }
        }
        return false
    }

    /// The view's box in window points (the bounding box of its transformed bounds).
    @_optimize(size) private func windowBox(_ v: Int32) -> Rect {
        let b = tree[v].bounds
        var lo = Point(x: Double.infinity, y: Double.infinity), hi = Point(x: -Double.infinity, y: -Double.infinity)
        for corner in 0..<4 {
            let p = tree.convertToWindow(Point(x: corner & 1 == 0 ? b.minX : b.maxX, y: corner < 2 ? b.minY : b.maxY), from: v)
            lo = Point(x: Swift.min(lo.x, p.x), y: Swift.min(lo.y, p.y))
            hi = Point(x: Swift.max(hi.x, p.x), y: Swift.max(hi.y, p.y))
        }
        return Rect(origin: lo, size: Size(width: hi.x - lo.x, height: hi.y - lo.y))
    }

    /// A view with an enabled one-finger tap or long press.
    @_optimize(size) private func isTargetView(_ v: Int32) -> Bool {
        for s in tree[v].recognizers {
            if let r = registry.recognizers[Int(s)], r.isEnabled, Engine.isTarget(r) { return true }
        }
        return false
    }

    /// 2.5.8: smaller than `minimum` either way, and a circle of that diameter on its centre meets
    /// another target's box or comes nearer than `minimum` to another undersized target's centre.
    @_optimize(size) private func isUndersized(_ v: Int32, _ minimum: Double) -> Bool {
        let box = windowBox(v)
        guard box.size.width < minimum || box.size.height < minimum else { return false }
        let cx = box.minX + box.size.width / 2, cy = box.minY + box.size.height / 2
        for w in 0..<Int32(tree.slotCount) where w != v && tree[w].alive && isTargetView(w) {
            let o = windowBox(w)
            let dx = Swift.min(Swift.max(cx, o.minX), o.maxX) - cx, dy = Swift.min(Swift.max(cy, o.minY), o.maxY) - cy
            if dx * dx + dy * dy < minimum * minimum / 4 { return true }
            let ex = o.minX + o.size.width / 2 - cx, ey = o.minY + o.size.height / 2 - cy
            if (o.size.width < minimum || o.size.height < minimum) && ex * ex + ey * ey < minimum * minimum { return true }
        }
        return false
    }
}
