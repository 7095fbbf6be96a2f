/// A 2-D affine transform in UIKit's convention: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A uniform or non-uniform scale.
    @inlinable public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    @inlinable public var isIdentity: Bool { self == .identity }

    /// The determinant of the linear part; zero means the transform cannot be inverted.
    @inlinable public var determinant: Double { a * d - b * c }

    /// `true` when every coefficient is finite and the transform can be inverted.
    public var isInvertible: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
            && determinant != 0 && determinant.isFinite
    }

    @inlinable public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse transform; the identity when the transform is not invertible
    /// (views reject such transforms, so this does not happen for a view).
    public var inverted: AffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return .identity }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}
