/// An axis-aligned rectangle: origin (top-left) and size, in points.
public struct Rect: Equatable, Sendable {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// UIKit's containment: the minimum edges are inside, the maximum edges are outside.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
}
