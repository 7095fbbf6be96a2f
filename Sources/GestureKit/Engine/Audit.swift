/// The accessibility audit (docs/ACCESSIBILITY.md, WCAG 2.5.1 Pointer Gestures): which actions a
/// person who can use only one pointer, and only tap it, cannot reach.

/// Why a recognizer is reported.
public enum AuditRule: UInt8, Sendable {
    /// It needs more than one finger at once (a pinch, a rotation, a two-finger tap or pan).
    case multipoint = 0
    /// It needs a path drawn in a way or a direction (a swipe, a stroke, a screen-edge pan).
    case pathBased = 1
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
}

/// One finding: a recognizer on a view whose action has no single-pointer way.
public struct AuditFinding: Equatable {
    public var view: ViewID
    public var recognizer: RecognizerID
    public var rule: AuditRule
    public var suggestion: AuditSuggestion
}

extension Engine {
    /// Lists every enabled, attached recognizer that needs several fingers or a drawn path and
    /// has neither a declared alternative (attached, enabled, itself single-pointer) nor an obvious
    /// one (a one-finger zoom on the same view or an ancestor, for a pinch). In view order (the
    /// order views were made), then in attachment order. Changes nothing.
    @_optimize(size) public func audit() -> [AuditFinding] {
        var out: [AuditFinding] = []
        for v in 0..<tree.slotCount {
            guard tree[v].alive else { continue }
            for s in tree[v].recognizers {
                guard let r = recognizers[Int(s)], r.isEnabled, let rule = Engine.auditRule(r) else { continue }
                if hasSinglePointerAlternative(r) { continue }
                let suggestion: AuditSuggestion
                switch r {
                case is PinchGestureRecognizer: suggestion = .addOneFingerZoom
                case is TapGestureRecognizer, is LongPressGestureRecognizer: suggestion = .acceptOneFinger
                case let p as PanGestureRecognizer where !(p is ScreenEdgePanGestureRecognizer): suggestion = .acceptOneFinger
                default: suggestion = .declareAlternative
                }
                out.append(AuditFinding(view: tree.id(ofSlot: v), recognizer: id(of: r), rule: rule, suggestion: suggestion))
            }
        }
        return out
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

    @_optimize(size) private func hasSinglePointerAlternative(_ r: GestureRecognizer) -> Bool {
        for a in r.singlePointerAlternatives where a.host === self && a.isEnabled && a.viewSlot >= 0 {
            if Engine.auditRule(a) == nil { return true }
        }
        guard r is PinchGestureRecognizer else { return false }
        // A one-finger zoom on the pinch's view or an ancestor zooms the same content.
        var v = r.viewSlot
        while v >= 0 {
            for s in tree[v].recognizers {
                if let z = recognizers[Int(s)] as? OneFingerZoomGestureRecognizer, z.isEnabled { return true }
            }
            v = tree[v].parent
        }
        return false
    }
}
