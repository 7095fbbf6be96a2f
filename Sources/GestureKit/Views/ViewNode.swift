/// One view's stored state. Views live in the `ViewTree`'s slot table and refer to each other
/// by slot index; the recognizers attached to a view are engine slot indices, in attachment order.
struct ViewNode {
    var generation: UInt32 = 1
    var alive = false
    var parent: Int32 = -1
    var children: [Int32] = []
    /// The view's centre in its parent's coordinates (UIKit's `center`).
    var center = Point.zero
    /// The bounds size (the frame's size without the transform).
    var size = Size.zero
    /// The bounds origin (UIKit's `bounds.origin`): what local point sits at the top-left corner.
    var boundsOrigin = Point.zero
    /// Transform about the centre (UIKit's `transform` with the default anchor point).
    var transform = AffineTransform.identity
    var inverseTransform = AffineTransform.identity
    /// `!transform.isIdentity`, kept with the transform by `ViewTree.setTransform`: conversions and
    /// hit tests test one flag instead of comparing six coefficients.
    var isTransformed = false
    var isHidden = false
    var isUserInteractionEnabled = true
    var isMultipleTouchEnabled = false
    var isExclusiveTouch = false
    /// Audit exceptions (`ViewFlag.inlineTarget`, `.essential`).
    var isInlineTarget = false
    var isEssential = false
    var alpha: Double = 1
    var recognizers: [Int32] = []
    var userData: UInt = 0
    /// Accessibility data (explore-by-touch): what a screen reader says, whether the view is an
    /// element the focus can land on, and its place in reading order.
    var accessibilityLabel: [UInt8] = []
    var isAccessibilityElement = false
    var accessibilityOrder: Int32 = 0
    /// The traits the host set (adjustable, modal, group).
    var accessibilityTraits: AccessibilityTraits = []
    var depth: Int32 = 0
    /// UIKit's `UIView.gestureRecognizerShouldBegin(_:)` (rule 61); `nil` answers true.
    var gestureShouldBegin: ((ViewID, GestureRecognizer) -> Bool)?
    /// Called with each touch delivery to this view, as it is queued (optional).
    var touchHandler: ((ViewDelivery) -> Void)?

    var bounds: Rect { Rect(origin: boundsOrigin, size: size) }

    /// The frame without the transform, in the parent's coordinates.
    var untransformedFrame: Rect {
        Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// A point in the parent's coordinates, in this view's coordinates.
    @inline(__always) func fromParent(_ p: Point) -> Point {
        let q = isTransformed ? inverseTransform.apply(to: p - center) : (p - center)
        return Point(x: q.x + boundsOrigin.x + size.width / 2, y: q.y + boundsOrigin.y + size.height / 2)
    }

    /// A point in this view's coordinates, in the parent's coordinates.
    @inline(__always) func toParent(_ p: Point) -> Point {
        let q = Point(x: p.x - boundsOrigin.x - size.width / 2, y: p.y - boundsOrigin.y - size.height / 2)
        return (isTransformed ? transform.apply(to: q) : q) + center
    }
}
