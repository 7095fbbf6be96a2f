/// Screen edges, a bit set (UIKit's `UIRectEdge`, same values).
public struct RectEdges: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let top = RectEdges(rawValue: 1 << 0)
    public static let left = RectEdges(rawValue: 1 << 1)
    public static let bottom = RectEdges(rawValue: 1 << 2)
    public static let right = RectEdges(rawValue: 1 << 3)
    public static let all: RectEdges = [.top, .left, .bottom, .right]
}

/// Recognizes a pan that starts at an edge of the screen (UIKit's
/// `UIScreenEdgePanGestureRecognizer`, rules 89–92). A pan whose touch must go down within
/// `edgeRegion` points of one of `edges` and move `edgeHysteresis` points inward along that
/// edge's normal; then it behaves as a pan (translation, velocity, rules 80–88).
///
/// Created with `maximumNumberOfTouches = 1` and `delaysTouchesBegan = true` (rule 90) and with
/// no edges, so an unconfigured recognizer never recognizes (rule 89).
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a pan may start from. Default none.
    public var edges: RectEdges = []
    /// How close to an edge the touch must go down (rule 91). Points, scaled; a distance of
    /// exactly this much is inside. Default 13.
    public var edgeRegion: Double = 13
    /// Inward movement needed to begin (rule 91). Points, scaled. Default 15.
    public var edgeHysteresis: Double = 15

    /// The configured edges whose region the first touch went down in.
    private var startEdges: RectEdges = []

    @_optimize(size) public override init() {
        super.init(kind: .screenEdgePan)
        maximumNumberOfTouches = 1
        delaysTouchesBegan = true
    }

    override var threshold: Double { Swift.max(edgeHysteresis * thresholdScale, noiseFloor(touches: 1)) }

    override func crossesHysteresis(_ t: Point) -> Bool {
        let h = threshold
        if startEdges.contains(.left) && t.x >= h { return true }
        if startEdges.contains(.right) && -t.x >= h { return true }
        if startEdges.contains(.top) && t.y >= h { return true }
        if startEdges.contains(.bottom) && -t.y >= h { return true }
        return false
    }

    /// The configured edges within `edgeRegion` of `p` (window coordinates).
    func edges(near p: Point) -> RectEdges {
        guard let host else { return [] }
        let size = host.screenSize
        let r = edgeRegion * thresholdScale
        var e: RectEdges = []
        if edges.contains(.left) && p.x <= r { e.insert(.left) }
        if edges.contains(.right) && size.width - p.x <= r { e.insert(.right) }
        if edges.contains(.top) && p.y <= r { e.insert(.top) }
        if edges.contains(.bottom) && size.height - p.y <= r { e.insert(.bottom) }
        return e
    }

    public override func touchesBegan(_ touches: [Touch], at time: Double) {
        if state == .possible && trackedTouches.count == touches.count, let first = touches.first {
            // The sequence's first touch decides the edge; outside every region fails at once (rule 91).
            startEdges = edges(near: first.location)
            if startEdges.isEmpty { state = .failed; return }
        }
        super.touchesBegan(touches, at: time)
    }

    public override func reset() {
        startEdges = []
        super.reset()
    }
}
