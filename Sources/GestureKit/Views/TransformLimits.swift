/// Limits on view transforms that keep every coordinate conversion finite.
///
/// A point crosses one transform per level of the view tree, up to `ViewTree.maximumDepth` levels,
/// so transforms that are harmless alone (a scale of 1e-161, a translation of 1e308) overflow to
/// infinity or NaN once nested. The engine therefore refuses, with `invalidArgument`:
/// - a transform with a NaN or infinite coefficient, a translation beyond ±1e12 points (the limit
///   on positions and frames), or a linear part that cannot be inverted;
/// - a transform, or a move to another parent, after which some view's composed transform from
///   the window, or back to it, would magnify by more than `ViewTree.maximumComposedGain`.
/// Window points are bounded by 1e12 and frames by 1e12, so a conversion through at most 256 levels
/// whose composed gains stay below 1e100 gives values below about 1e115: finite.
extension AffineTransform {
    /// How much the linear part can lengthen a vector (its ∞-norm).
    var gain: Double { Swift.max(abs(a) + abs(c), abs(b) + abs(d)) }

    /// How much the inverse's linear part can lengthen a vector (its ∞-norm).
    var inverseGain: Double { Swift.max(abs(d) + abs(c), abs(b) + abs(a)) / abs(determinant) }

    /// Finite, invertible, with a translation a position could have.
    public var isAcceptableForView: Bool {
        isInvertible && abs(tx) <= 1e12 && abs(ty) <= 1e12 && gain.isFinite && inverseGain.isFinite
    }
}

extension ViewTree {
    /// The largest magnification a view's composed transform from the window, or to it, may have.
    public static let maximumComposedGain = 1e100

    /// The composed gains (to the window, from the window) of view `s` and its ancestors.
    @_optimize(size) func chainGains(_ s: Int32) -> (forward: Double, inverse: Double) {
        var f = 1.0, i = 1.0
        var v = s
        while v >= 0 {
            let t = self[v].transform
            if !t.isIdentity {
                f *= t.gain
                i *= t.inverseGain
            }
            v = self[v].parent
        }
        return (f, i)
    }

    /// Whether every view under `s` (with `s` itself at composed gains `f`, `i`) stays within
    /// `maximumComposedGain`. Recursion depth is bounded by `maximumDepth`.
    @_optimize(size) private func subtreeWithinLimits(_ s: Int32, _ f: Double, _ i: Double) -> Bool {
        guard f <= ViewTree.maximumComposedGain, i <= ViewTree.maximumComposedGain else { return false }
        for c in self[s].children {
            let t = self[c].transform
            let ok = t.isIdentity ? subtreeWithinLimits(c, f, i)
                                  : subtreeWithinLimits(c, f * t.gain, i * t.inverseGain)
            if !ok { return false }
        }
        return true
    }

    /// Whether view `s`, with transform `t` and parent `p` (-1: none), keeps its whole subtree
    /// within `maximumComposedGain`.
    @_optimize(size) private func subtreeWithinLimits(_ s: Int32, transform t: AffineTransform, parent p: Int32) -> Bool {
        let above = p >= 0 ? chainGains(p) : (forward: 1.0, inverse: 1.0)
        if t.isIdentity { return subtreeWithinLimits(s, above.forward, above.inverse) }
        return subtreeWithinLimits(s, above.forward * t.gain, above.inverse * t.inverseGain)
    }

    /// Whether view `s` may take transform `t` (see the limits above).
    @_optimize(size) func allowsTransform(_ t: AffineTransform, of s: Int32) -> Bool {
        t.isAcceptableForView && subtreeWithinLimits(s, transform: t, parent: self[s].parent)
    }

    /// Whether view `s` may move under `p` (see the limits above).
    @_optimize(size) func allowsMove(_ s: Int32, under p: Int32) -> Bool {
        subtreeWithinLimits(s, transform: self[s].transform, parent: p)
    }
}
