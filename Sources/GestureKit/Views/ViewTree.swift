/// The view tree of one engine: the root view (the window, covering the screen) and its
/// descendants, stored in a slot table so that views refer to each other by index.
///
/// Hit-testing follows rules 1–3 of the behaviour spec; coordinate conversion follows UIKit
/// (frame centre, bounds origin, transform about the centre).
///
/// The tree owns its nodes: other code reads a node in place through `tree[slot]` and changes it
/// only through the methods below, which keep the tree's invariants (a transform and its inverse,
/// depths, the recognizer lists).
public final class ViewTree {
    private var nodes: [ViewNode] = []
    private var freeSlots: [Int32] = []
    /// Maximum number of views, the root included.
    public let capacity: Int

    /// Deepest allowed nesting (the root has depth 0). Hit-testing and coordinate conversion walk
    /// the tree recursively, so the depth is bounded to keep the stack small.
    public static let maximumDepth: Int32 = 256

    /// The root view's slot: always 0, never destroyed.
    static let rootIndex: Int32 = 0

    init(screen: Size, capacity: Int) {
        self.capacity = capacity
        nodes.reserveCapacity(capacity < 64 ? capacity : 64)
        var root = ViewNode()
        root.alive = true
        root.size = screen
        root.center = Point(x: screen.width / 2, y: screen.height / 2)
        root.isMultipleTouchEnabled = true
        nodes.append(root)
    }

    public var root: ViewID { ViewID(index: 0, generation: nodes[0].generation) }

    /// Number of live views, the root included.
    public private(set) var count = 1

    // MARK: Handles

    /// The slot of a live view, or `nil` for a stale or out-of-range handle.
    func slot(_ id: ViewID) -> Int32? {
        guard id.index < UInt32(nodes.count) else { return nil }
        let i = Int(id.index)
        guard nodes[i].alive, nodes[i].generation == id.generation else { return nil }
        return Int32(i)
    }

    /// The live view in slot `index` whose generation ends with `generationBits` (the 24 bits a C
    /// handle carries), or `nil`. Generations never pass 2^24 - 1 (`HandleLimits`), so the bits
    /// are the whole generation.
    public func view(index: UInt32, generationBits: UInt32) -> ViewID? {
        guard Int(index) < nodes.count else { return nil }
        let i = Int(index)
        guard nodes[i].alive, nodes[i].generation & HandleLimits.maximumGeneration == generationBits else { return nil }
        return ViewID(index: index, generation: nodes[i].generation)
    }

    func id(ofSlot s: Int32) -> ViewID { ViewID(index: UInt32(s), generation: nodes[Int(s)].generation) }

    public func contains(_ id: ViewID) -> Bool { slot(id) != nil }

    // MARK: Nodes

    /// The node in slot `s`, read in place (no copy). `s` is a slot of this tree: from `slot(_:)`,
    /// a node's links, or a recognizer's view slot.
    subscript(s: Int32) -> ViewNode {
        _read { yield nodes[Int(s)] }
    }

    /// The number of slots, live or free.
    var slotCount: Int32 { Int32(nodes.count) }

    /// Whether `s` is a slot of this tree holding a live view.
    func isLive(_ s: Int32) -> Bool { s >= 0 && s < Int32(nodes.count) && nodes[Int(s)].alive }

    /// Adds recognizer slot `r` after the view's other recognizers (attachment order).
    func appendRecognizer(_ r: Int32, to s: Int32) { nodes[Int(s)].recognizers.append(r) }

    /// Takes recognizer slot `r` off the view's list.
    @_optimize(size) func removeRecognizer(_ r: Int32, from s: Int32) { nodes[Int(s)].recognizers.removeAllInPlace { $0 == r } }

    /// Sets the frame without the transform (centre and size, in the parent's coordinates).
    @_optimize(size) func setUntransformedFrame(_ frame: Rect, of s: Int32) {
        nodes[Int(s)].center = frame.center
        nodes[Int(s)].size = frame.size
    }

    @_optimize(size) func setBoundsOrigin(_ p: Point, of s: Int32) { nodes[Int(s)].boundsOrigin = p }

    /// Sets the transform and its inverse together (`t` must be invertible: `allowsTransform`).
    @_optimize(size) func setTransform(_ t: AffineTransform, of s: Int32) {
        nodes[Int(s)].transform = t
        nodes[Int(s)].inverseTransform = t.inverted
        nodes[Int(s)].isTransformed = !t.isIdentity
    }

    @_optimize(size) func setHidden(_ value: Bool, of s: Int32) { nodes[Int(s)].isHidden = value }
    @_optimize(size) func setUserInteractionEnabled(_ value: Bool, of s: Int32) { nodes[Int(s)].isUserInteractionEnabled = value }
    @_optimize(size) func setMultipleTouchEnabled(_ value: Bool, of s: Int32) { nodes[Int(s)].isMultipleTouchEnabled = value }
    @_optimize(size) func setExclusiveTouch(_ value: Bool, of s: Int32) { nodes[Int(s)].isExclusiveTouch = value }
    @_optimize(size) func setInlineTarget(_ value: Bool, of s: Int32) { nodes[Int(s)].isInlineTarget = value }
    @_optimize(size) func setEssential(_ value: Bool, of s: Int32) { nodes[Int(s)].isEssential = value }
    @_optimize(size) func setAlpha(_ value: Double, of s: Int32) { nodes[Int(s)].alpha = value }
    @_optimize(size) func setUserData(_ value: UInt, of s: Int32) { nodes[Int(s)].userData = value }

    @_optimize(size) func setAccessibilityTraits(_ traits: AccessibilityTraits, of s: Int32) { nodes[Int(s)].accessibilityTraits = traits }

    @_optimize(size) func setAccessibility(label: [UInt8], isElement: Bool, order: Int32, of s: Int32) {
        nodes[Int(s)].accessibilityLabel = label
        nodes[Int(s)].isAccessibilityElement = isElement
        nodes[Int(s)].accessibilityOrder = order
    }

    @_optimize(size) func setGestureShouldBegin(_ fn: ((ViewID, GestureRecognizer) -> Bool)?, of s: Int32) {
        nodes[Int(s)].gestureShouldBegin = fn
    }

    @_optimize(size) func setTouchHandler(_ fn: ((ViewDelivery) -> Void)?, of s: Int32) { nodes[Int(s)].touchHandler = fn }

    /// Moves slot `s` to generation `g` (tests simulate 2^24 recreations of a slot with it).
    func setGeneration(_ g: UInt32, ofSlot s: Int32) { nodes[Int(s)].generation = g }

    // MARK: Building

    /// Adds a view as the front-most child of `parent`. Returns `nil` when the tree is full.
    @_optimize(size) func create(parent: Int32, frame: Rect) -> Int32? {
        guard count < capacity, nodes[Int(parent)].depth < ViewTree.maximumDepth else { return nil }
        let s: Int32
        if let f = freeSlots.popLast() {
            s = f
        } else {
            guard nodes.count < HandleLimits.slotIndexCount else { return nil }
            nodes.append(ViewNode(generation: 0))
            s = Int32(nodes.count - 1)
        }
        var n = ViewNode()
        n.generation = nodes[Int(s)].generation &+ 1
        if n.generation == 0 { n.generation = 1 }
        n.alive = true
        n.parent = parent
        n.size = frame.size
        n.center = frame.center
        n.depth = nodes[Int(parent)].depth + 1
        nodes[Int(s)] = n
        nodes[Int(parent)].children.append(s)
        count += 1
        return s
    }

    /// Collects `s` and all its descendants, children after their parents.
    @_optimize(size) func subtree(_ s: Int32, into out: inout [Int32]) {
        out.append(s)
        var i = out.count - 1
        while i < out.count {
            for c in nodes[Int(out[i])].children { out.append(c) }
            i += 1
        }
    }

    /// Removes a view and its subtree (not the root). The caller detaches recognizers first.
    @_optimize(size) func destroy(_ s: Int32) {
        guard s != ViewTree.rootIndex else { return }
        var doomed: [Int32] = []
        subtree(s, into: &doomed)
        let p = nodes[Int(s)].parent
        if p >= 0, let k = nodes[Int(p)].children.firstIndex(of: s) {
            nodes[Int(p)].children.remove(at: k)
        }
        for d in doomed {
            let g = nodes[Int(d)].generation
            nodes[Int(d)] = ViewNode(generation: g)
            // A slot at the last generation is retired, never reused (`HandleLimits`).
            if g < HandleLimits.maximumGeneration { freeSlots.append(d) }
            count -= 1
        }
    }

    /// Moves a view (and its subtree) under a new parent, in front of its new siblings.
    @_optimize(size) func reparent(_ s: Int32, to p: Int32) {
        let old = nodes[Int(s)].parent
        if old >= 0, let k = nodes[Int(old)].children.firstIndex(of: s) {
            nodes[Int(old)].children.remove(at: k)
        }
        nodes[Int(s)].parent = p
        nodes[Int(p)].children.append(s)
        var sub: [Int32] = []
        subtree(s, into: &sub)
        for d in sub { nodes[Int(d)].depth = nodes[Int(nodes[Int(d)].parent)].depth + 1 }
    }

    /// Depth of the deepest view under `s`, counted from `s` (0 when it has no children).
    @_optimize(size) func subtreeHeight(_ s: Int32) -> Int32 {
        var sub: [Int32] = []
        subtree(s, into: &sub)
        var h: Int32 = 0
        for d in sub { h = Swift.max(h, nodes[Int(d)].depth - nodes[Int(s)].depth) }
        return h
    }

    /// `true` when `a` is `b` or one of `b`'s ancestors.
    func isAncestor(_ a: Int32, of b: Int32) -> Bool {
        var v = b
        while v >= 0 {
            if v == a { return true }
            v = nodes[Int(v)].parent
        }
        return false
    }

    // MARK: Geometry

    /// A window point in the coordinates of view `s`.
    /// The usual views, the root's children, are converted without a recursive call; deeper ones
    /// recurse per level. Either way each level applies `fromParent` from the root down, so the
    /// arithmetic (and its rounding) is the same.
    func convertFromWindow(_ p: Point, to s: Int32) -> Point {
        let parent = nodes[Int(s)].parent
        guard parent >= 0 else { return nodes[Int(s)].fromParent(p) }
        let inParent = nodes[Int(parent)].parent >= 0 ? convertFromWindow(p, to: parent)
                                                       : nodes[Int(parent)].fromParent(p)
        return nodes[Int(s)].fromParent(inParent)
    }

    /// A point in the coordinates of view `s`, in window coordinates.
    func convertToWindow(_ p: Point, from s: Int32) -> Point {
        var q = nodes[Int(s)].toParent(p)
        var v = nodes[Int(s)].parent
        while v >= 0 {
            q = nodes[Int(v)].toParent(q)
            v = nodes[Int(v)].parent
        }
        return q
    }

    /// A window point in the coordinates of `view`, or window coordinates for `nil`.
    /// A stale handle gives the window point unchanged; callers validate handles first.
    public func convert(_ p: Point, to view: ViewID?) -> Point {
        guard let view, let s = slot(view) else { return p }
        return convertFromWindow(p, to: s)
    }

    /// A point in `view`'s coordinates (window coordinates for `nil`), in window coordinates.
    public func convert(_ p: Point, from view: ViewID?) -> Point {
        guard let view, let s = slot(view) else { return p }
        return convertToWindow(p, from: s)
    }

    /// A displacement (vector) in window coordinates, in `view`'s coordinates.
    public func convertVector(_ v: Point, to view: ViewID?) -> Point {
        guard let view, let s = slot(view) else { return v }
        return convertFromWindow(v, to: s) - convertFromWindow(.zero, to: s)
    }

    // MARK: Hit-testing (rules 1–3)

    /// The deepest, front-most view that contains the window point, or `nil`.
    func hitTest(_ p: Point) -> Int32? {
        hitTest(ViewTree.rootIndex, pointInParent: p, disabledToo: false)
    }

    /// The view a person sees under `p`: hit-testing that also finds views with user interaction
    /// off (the screen reader reads a disabled control as dimmed; it is not covered).
    func visibleView(at p: Point) -> Int32? {
        hitTest(ViewTree.rootIndex, pointInParent: p, disabledToo: true)
    }

    private func hitTest(_ s: Int32, pointInParent p: Point, disabledToo: Bool) -> Int32? {
        guard let local = pointInside(Int(s), p, disabledToo: disabledToo) else { return nil }
        return hitTest(childrenOf: Int(s), local, disabledToo: disabledToo) ?? s
    }

    /// `p` (in the parent's coordinates) in view `i`'s coordinates, when the view takes touches
    /// (or, `disabledToo`, is shown) and `p` is inside its bounds; otherwise `nil`. Field by field:
    /// `let n = nodes[i]` would copy the node, retaining its lists and closures.
    @inline(__always)
    private func pointInside(_ i: Int, _ p: Point, disabledToo: Bool) -> Point? {
        guard !nodes[i].isHidden, disabledToo || nodes[i].isUserInteractionEnabled, nodes[i].alpha >= 0.01 else { return nil }
        let local = nodes[i].fromParent(p)
        return nodes[i].bounds.contains(local) ? local : nil
    }

    /// The deepest view under `local` (view `i`'s coordinates) among `i`'s subviews, frontmost
    /// first; `nil` when none takes it. A subview the point misses costs no call.
    private func hitTest(childrenOf i: Int, _ local: Point, disabledToo: Bool) -> Int32? {
        var k = nodes[i].children.count
        while k > 0 {
            k -= 1
            let c = nodes[i].children[k]
            guard let inChild = pointInside(Int(c), local, disabledToo: disabledToo) else { continue }
            if nodes[Int(c)].children.isEmpty { return c }
            return hitTest(childrenOf: Int(c), inChild, disabledToo: disabledToo) ?? c
        }
        return nil
    }

    /// Whether view `s` and every ancestor take touches (user interaction on).
    func isInteractive(_ s: Int32) -> Bool {
        var v = s
        while v >= 0 {
            if !nodes[Int(v)].isUserInteractionEnabled { return false }
            v = nodes[Int(v)].parent
        }
        return true
    }

    public func hitTest(window p: Point) -> ViewID? {
        guard let s = hitTest(p) else { return nil }
        return id(ofSlot: s)
    }
}
