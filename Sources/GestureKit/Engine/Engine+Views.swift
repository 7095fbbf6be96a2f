/// The engine's view API: creating, destroying and moving views, and their geometry, flags and
/// host callbacks. Every call decodes its handle once, through `viewSlot(_:)`; the tree keeps
/// its own storage (`ViewTree.swift`), and what a transform may be is `TransformLimits.swift`.
extension Engine {
    /// The slot of the live view `view`; `staleHandle` when the handle names no live view of this
    /// tree (removed, or out of range). The one place a view handle becomes a slot.
    @inline(__always)
    func viewSlot(_ view: ViewID) throws(EngineError) -> Int32 {
        guard let s = tree.slot(view) else { throw .staleHandle }
        return s
    }

    // MARK: Views

    /// Creates a view as the front-most child of `parent`, with `frame` in the parent's coordinates.
    @_optimize(size) public func addView(frame: Rect, to parent: ViewID) throws(EngineError) -> ViewID {
        try checkNotBusy()
        let p = try viewSlot(parent)
        guard Engine.isValidFrame(frame) else { throw .invalidArgument }
        guard let s = tree.create(parent: p, frame: frame) else { throw .capacityExceeded }   // count or depth
        return tree.id(ofSlot: s)
    }

    @_optimize(size) static func isValidFrame(_ f: Rect) -> Bool {
        f.origin.isFinite && f.size.width.isFinite && f.size.height.isFinite
            && f.size.width >= 0 && f.size.height >= 0
            && abs(f.origin.x) <= 1e12 && abs(f.origin.y) <= 1e12 && f.size.width <= 1e12 && f.size.height <= 1e12
    }

    /// Destroys a view and its subviews. Their recognizers are detached (cancelled if they were
    /// recognizing) but stay registered; touches bound to those views reach no view any more.
    @_optimize(size) public func removeView(_ view: ViewID) throws(EngineError) {
        try checkNotBusy()
        let s = try viewSlot(view)
        guard s != ViewTree.rootIndex else { throw .invalidArgument }
        var doomed: [Int32] = []
        tree.subtree(s, into: &doomed)
        for d in doomed {
            for rs in tree[d].recognizers {
                if let r = registry.recognizers[Int(rs)] { try detach(r) }
            }
        }
        for k in touches.records.indices where touches.records[k].viewSlot >= 0 && doomed.contains(touches.records[k].viewSlot) {
            touches.records[k].viewSlot = -1
            touches.records[k].viewReceives = false
            touches.records[k].touch.view = nil
        }
        touches.removeFinished()
        for d in doomed where tree[d].gestureShouldBegin != nil { registry.viewVetoCount -= 1 }
        if doomed.contains(touches.focusedSlot) { touches.focusedSlot = -1 }
        if doomed.contains(modes.screenReader.focus) { modes.screenReader.focus = -1 }
        tree.destroy(s)
    }

    /// Installs the view's answer to UIKit's `gestureRecognizerShouldBegin(_:)` (rule 61): when a
    /// recognizer whose touches were hit-tested to this view tries to leave `possible`, `fn` is
    /// asked, and `false` fails the recognizer. A control such as a button uses it to keep its own
    /// taps from a superview's recognizers (rule 62). `nil` removes it (the answer is then true).
    @_optimize(size) public func setGestureRecognizerShouldBegin(_ fn: ((ViewID, GestureRecognizer) -> Bool)?,
                                                for view: ViewID) throws(EngineError) {
        try checkNotBusy()
        let s = try viewSlot(view)
        let had = tree[s].gestureShouldBegin != nil
        tree.setGestureShouldBegin(fn, of: s)
        registry.viewVetoCount += (fn != nil ? 1 : 0) - (had ? 1 : 0)
    }

    var hasViewVetoes: Bool { registry.viewVetoCount > 0 }

    /// Installs a function called with every touch delivery to `view` (its `touchesBegan`,
    /// `touchesMoved`, `touchesEnded`, `touchesCancelled`), synchronously, in the order the update
    /// pass produces them; the same deliveries are also queued for `nextDelivery()`. `nil` removes it.
    @_optimize(size) public func setTouchHandler(_ fn: ((ViewDelivery) -> Void)?, for view: ViewID) throws(EngineError) {
        try checkNotBusy()
        let s = try viewSlot(view)
        tree.setTouchHandler(fn, of: s)
    }

    /// Moves a view under another parent (in front of its new siblings). A view cannot move
    /// under itself or one of its descendants.
    @_optimize(size) public func moveView(_ view: ViewID, to parent: ViewID) throws(EngineError) {
        try checkNotBusy()
        let s = try viewSlot(view), p = try viewSlot(parent)
        guard s != ViewTree.rootIndex, !tree.isAncestor(s, of: p) else { throw .invalidArgument }
        guard tree[p].depth + 1 + tree.subtreeHeight(s) <= ViewTree.maximumDepth else { throw .capacityExceeded }
        guard tree.allowsMove(s, under: p) else { throw .invalidArgument }   // composed transforms stay finite
        tree.reparent(s, to: p)
    }

    /// Sets a view's frame (without its transform). The root's frame is the screen and fixed.
    @_optimize(size) public func setFrame(_ frame: Rect, of view: ViewID) throws(EngineError) {
        let s = try viewSlot(view)
        guard s != ViewTree.rootIndex, Engine.isValidFrame(frame) else { throw .invalidArgument }
        tree.setUntransformedFrame(frame, of: s)
    }

    @_optimize(size) public func frame(of view: ViewID) throws(EngineError) -> Rect {
        try tree[viewSlot(view)].untransformedFrame
    }

    @_optimize(size) public func setBoundsOrigin(_ p: Point, of view: ViewID) throws(EngineError) {
        let s = try viewSlot(view)
        guard p.isWindowPoint else { throw .invalidArgument }
        tree.setBoundsOrigin(p, of: s)
    }

    @_optimize(size) public func boundsOrigin(of view: ViewID) throws(EngineError) -> Point {
        try tree[viewSlot(view)].boundsOrigin
    }

    /// Sets the view's transform about its centre. It must be finite and invertible, translate by
    /// at most 1e12, and keep every composed transform within `ViewTree.maximumComposedGain`
    /// (`TransformLimits.swift`), so that no conversion overflows.
    @_optimize(size) public func setTransform(_ t: AffineTransform, of view: ViewID) throws(EngineError) {
        let s = try viewSlot(view)
        guard s != ViewTree.rootIndex || t.isIdentity else { throw .invalidArgument }
        guard tree.allowsTransform(t, of: s) else { throw .invalidArgument }
        tree.setTransform(t, of: s)
    }

    @_optimize(size) public func transform(of view: ViewID) throws(EngineError) -> AffineTransform {
        try tree[viewSlot(view)].transform
    }

    @_optimize(size) public func setFlag(_ flag: ViewFlag, _ value: Bool, of view: ViewID) throws(EngineError) {
        let s = try viewSlot(view)
        switch flag {
        case .hidden: tree.setHidden(value, of: s)
        case .userInteractionEnabled: tree.setUserInteractionEnabled(value, of: s)
        case .multipleTouchEnabled: tree.setMultipleTouchEnabled(value, of: s)
        case .exclusiveTouch: tree.setExclusiveTouch(value, of: s)
        case .inlineTarget: tree.setInlineTarget(value, of: s)
        case .essential: tree.setEssential(value, of: s)
        }
    }

    @_optimize(size) public func flag(_ flag: ViewFlag, of view: ViewID) throws(EngineError) -> Bool {
        let s = try viewSlot(view)
        let n = tree[s]
        switch flag {
        case .hidden: return n.isHidden
        case .userInteractionEnabled: return n.isUserInteractionEnabled
        case .multipleTouchEnabled: return n.isMultipleTouchEnabled
        case .exclusiveTouch: return n.isExclusiveTouch
        case .inlineTarget: return n.isInlineTarget
        case .essential: return n.isEssential
        }
    }

    /// Opacity in [0, 1]; below 0.01 the view is skipped by hit-testing (rule 3).
    @_optimize(size) public func setAlpha(_ alpha: Double, of view: ViewID) throws(EngineError) {
        let s = try viewSlot(view)
        guard alpha.isFinite, alpha >= 0, alpha <= 1 else { throw .invalidArgument }
        tree.setAlpha(alpha, of: s)
    }

    @_optimize(size) public func alpha(of view: ViewID) throws(EngineError) -> Double {
        try tree[viewSlot(view)].alpha
    }

    /// An opaque word the host associates with a view (e.g. its widget pointer).
    @_optimize(size) public func setUserData(_ value: UInt, of view: ViewID) throws(EngineError) {
        let s = try viewSlot(view)
        tree.setUserData(value, of: s)
    }

    @_optimize(size) public func userData(of view: ViewID) throws(EngineError) -> UInt {
        try tree[viewSlot(view)].userData
    }

    /// Sets a view's accessibility data (explore-by-touch): its label (UTF-8, at most 255
    /// bytes), whether it is an element the focus lands on, and its place in reading order (lower
    /// first; ties in the order views were made).
    @_optimize(size) public func setAccessibility(of view: ViewID, label: [UInt8], isElement: Bool, order: Int32) throws(EngineError) {
        try checkNotBusy()
        let s = try viewSlot(view)
        guard label.count <= 255 else { throw .invalidArgument }
        tree.setAccessibility(label: label, isElement: isElement, order: order, of: s)
    }

    /// Sets a view's accessibility traits (`AccessibilityTraits`); unknown bits are refused.
    @_optimize(size) public func setAccessibilityTraits(of view: ViewID, _ traits: AccessibilityTraits) throws(EngineError) {
        try checkNotBusy()
        let s = try viewSlot(view)
        guard traits.rawValue & ~AccessibilityTraits.all.rawValue == 0 else { throw .invalidArgument }
        tree.setAccessibilityTraits(traits, of: s)
    }

    /// A view's accessibility traits: those the host set, and `.notEnabled` while the view or an
    /// ancestor has user interaction off.
    @_optimize(size) public func accessibilityTraits(of view: ViewID) throws(EngineError) -> AccessibilityTraits {
        let s = try viewSlot(view)
        var traits = tree[s].accessibilityTraits
        if !tree.isInteractive(s) { traits.insert(.notEnabled) }
        return traits
    }

    /// A view's accessibility label.
    @_optimize(size) public func accessibilityLabel(of view: ViewID) throws(EngineError) -> [UInt8] {
        try tree[viewSlot(view)].accessibilityLabel
    }

    /// The parent of a view, `nil` for the root.
    @_optimize(size) public func parent(of view: ViewID) throws(EngineError) -> ViewID? {
        let s = try viewSlot(view)
        let p = tree[s].parent
        return p >= 0 ? tree.id(ofSlot: p) : nil
    }

    /// The recognizers attached to a view, in attachment order.
    @_optimize(size) public func recognizers(of view: ViewID) throws(EngineError) -> [GestureRecognizer] {
        let s = try viewSlot(view)
        var out: [GestureRecognizer] = []
        for rs in tree[s].recognizers { if let r = registry.recognizers[Int(rs)] { out.append(r) } }
        return out
    }
}
