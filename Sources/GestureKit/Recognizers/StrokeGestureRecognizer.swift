import CGestureKitMath

/// Recognizes a shape drawn with one finger (a check mark, a circle, …) by matching the stroke
/// against named templates when the finger lifts. Discrete: `possible → ended` at the lift when the
/// best template scores at least `threshold`, else `failed`; so taps and pans on the same view win
/// or lose against it by the ordinary rules (docs/STROKES.md).
public final class StrokeGestureRecognizer: GestureRecognizer {
    /// Least score (0…1) a match needs. Default 0.8.
    public var threshold: Double = 0.8
    /// Shorter strokes fail without matching (a tap is not a shape). Points, scaled. Default 30.
    public var minimumLength: Double = 30
    /// Match shapes whatever their orientation (the original method). Default false: a shape
    /// turned over is another shape (a caret is not a v).
    public var rotationInvariant: Bool {
        get { matcher.rotationInvariant }
        set { matcher.rotationInvariant = newValue }
    }

    var matcher = StrokeMatcher()
    private var path: [Point] = []
    private var tracking: UInt64 = 0
    /// The recognized template's index, score and the stroke's bounding box (window points).
    public private(set) var result: (template: Int, score: Double, bounds: Rect)?

    public init() {
        super.init(kind: .stroke, isContinuous: false)
        path.reserveCapacity(256)
    }

    /// The templates, in the order they were added.
    public var templates: [StrokeTemplate] { matcher.templates }

    /// Adds a template from its points (any size, position and drawing speed); returns its index,
    /// or nil when the points do not make a stroke.
    @discardableResult
    public func addTemplate(name: [UInt8], points: [Point]) -> Int? {
        matcher.add(name: name, points: points)
    }

    /// Adds the built-in shapes (`BuiltInStrokes`).
    public func addBuiltInTemplates() {
        for (name, points) in BuiltInStrokes.all { matcher.add(name: name, points: points) }
    }

    /// Matches a stroke without any touch (for tools and evaluation): the best template and score.
    public func match(_ points: [Point]) -> (index: Int, score: Double)? {
        matcher.match(points)
    }

    public override func touchesBegan(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        if trackedTouches.count > 1 { state = .failed; return }   // one finger only
        if let t = touches.first, path.isEmpty {
            tracking = t.serial
            path.append(t.location)
        }
    }

    public override func touchesMoved(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        for t in touches where t.serial == tracking { path.append(t.location) }
    }

    public override func touchesEnded(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        for t in touches where t.serial == tracking && t.location != path.last { path.append(t.location) }
        guard StrokeMatcher.pathLength(path) >= minimumLength * thresholdScale,
              let m = matcher.match(path), m.score >= threshold else {
            state = .failed
            return
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in path {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        result = (m.index, m.score, Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        state = .ended
    }

    public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        state = .failed
    }

    public override func reset() {
        path.removeAll(keepingCapacity: true)
        tracking = 0
        result = nil
    }

    public override func fillSnapshot(_ snapshot: inout ActionSnapshot) {
        if let result {
            snapshot.strokeTemplate = Int32(truncatingIfNeeded: result.template)
            snapshot.strokeScore = result.score
            snapshot.strokeBounds = result.bounds
        }
    }
}

/// The built-in stroke templates, drawn here as polylines in a 100 × 100 box (y down), each in
/// the direction people usually draw it.
public enum BuiltInStrokes {
    static func bytes(_ s: StaticString) -> [UInt8] {
        var out: [UInt8] = []
        s.withUTF8Buffer { for b in $0 { out.append(b) } }
        return out
    }

    /// Points along a polyline, `steps` per segment (so the resampler sees the corners).
    static func polyline(_ corners: [Point], steps: Int = 8) -> [Point] {
        var out: [Point] = []
        var k = 1
        while k < corners.count {
            var i = 0
            while i < steps {
                let f = Double(i) / Double(steps)
                out.append(corners[k - 1] + (corners[k] - corners[k - 1]) * f)
                i += 1
            }
            k += 1
        }
        if let last = corners.last { out.append(last) }
        return out
    }

    static func circle() -> [Point] {
        var out: [Point] = []
        var k = 0
        // Counter-clockwise on screen from the top, as most people draw an O.
        while k <= 32 {
            let a = -Double.pi / 2 - 2 * Double.pi * Double(k) / 32
            out.append(Point(x: 50 + 50 * cos(a), y: 50 + 50 * sin(a)))
            k += 1
        }
        return out
    }

    /// Name and points of each built-in shape.
    public static var all: [([UInt8], [Point])] {
        [
            (bytes("check"), polyline([Point(x: 0, y: 60), Point(x: 35, y: 100), Point(x: 100, y: 0)])),
            (bytes("circle"), circle()),
            (bytes("triangle"), polyline([Point(x: 50, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100),
                                         Point(x: 50, y: 0)])),
            (bytes("x"), polyline([Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 100, y: 0),
                                  Point(x: 0, y: 100)])),
            (bytes("caret"), polyline([Point(x: 0, y: 100), Point(x: 50, y: 0), Point(x: 100, y: 100)])),
            (bytes("v"), polyline([Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)])),
            (bytes("zigzag"), polyline([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100),
                                       Point(x: 100, y: 100)])),
            (bytes("rectangle"), polyline([Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100),
                                          Point(x: 100, y: 0), Point(x: 0, y: 0)])),
        ]
    }
}
