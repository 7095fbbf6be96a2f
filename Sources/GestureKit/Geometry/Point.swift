/// A position or a displacement in points. Window (screen) coordinates have their origin at the
/// top-left corner and y pointing down, as in UIKit.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let zero = Point(x: 0, y: 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }

    /// Euclidean length, treating the point as a vector from the origin.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }

    /// `true` when both coordinates are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Largest coordinate a window point may have, in points (the engine's input limit).
    public static let coordinateLimit = 1e12

    /// `true` when both coordinates are finite and within ±`coordinateLimit`: a point the engine
    /// accepts as a window position. (No separate finiteness test: a NaN fails both comparisons
    /// and an infinity the bound.)
    @inlinable public var isWindowPoint: Bool {
        abs(x) <= Point.coordinateLimit && abs(y) <= Point.coordinateLimit
    }
}

/// A width and a height in points.
public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}
