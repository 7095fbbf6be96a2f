/// Swipe directions, a bit set (UIKit's `UISwipeGestureRecognizer.Direction`, same values).
public struct SwipeDirection: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let right = SwipeDirection(rawValue: 1 << 0)
    public static let left = SwipeDirection(rawValue: 1 << 1)
    public static let up = SwipeDirection(rawValue: 1 << 2)
    public static let down = SwipeDirection(rawValue: 1 << 3)
    public static let all: SwipeDirection = [.right, .left, .up, .down]

    /// Unit vector of a single direction on a y-down screen.
    var unit: Point {
        switch self {
        case .right: return Point(x: 1, y: 0)
        case .left: return Point(x: -1, y: 0)
        case .up: return Point(x: 0, y: -1)
        default: return Point(x: 0, y: 1)
        }
    }
}

/// Recognizes a quick straight stroke (UIKit's `UISwipeGestureRecognizer`, rules 93–98).
/// Discrete: `possible → ended` during the movement, as soon as every required finger has moved
/// far enough, straight enough and (optionally) fast enough in one allowed direction.
///
/// The distance limits shrink with the time since the first finger went down (rule 97): a
/// limit with base value b and decay factor d is b × (1 − (1 − d) × t), with t in seconds
/// capped at 0.5. Slow swipes thus need little distance but a straight path; fast ones more
/// distance and less precision.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// Allowed directions (rule 93), non-empty. Default `.right`.
    public var direction: SwipeDirection = .right
    /// Fingers that must swipe together (rule 93). Default 1.
    public var numberOfTouchesRequired = 1
    public override var touchesNeededToRecognize: Int { numberOfTouchesRequired }
    /// A move later than this after the first touch-down fails the swipe (rule 96). Seconds. Default 0.5.
    public var maximumDuration: Double = 0.5
    /// Distance along the direction needed, at t = 0 (rule 97). Points, scaled. Default 50.
    public var minimumPrimaryMovement: Double = 50
    /// Most distance along the direction, at t = 0. Points, scaled. Default unlimited.
    public var maximumPrimaryMovement: Double = .infinity
    /// Least cross-axis movement, at t = 0. Points, scaled. Default 0.
    public var minimumSecondaryMovement: Double = 0
    /// Most cross-axis deviation, at t = 0 (rule 97). Points, scaled. Default 200.
    public var maximumSecondaryMovement: Double = 200
    /// Decay factor d of the minimum limits. Default 0.06.
    public var minimumDecay: Double = 0.06
    /// Decay factor d of the maximum limits. Default 0.02.
    public var maximumDecay: Double = 0.02
    /// Least average speed along the direction (spec 6.2). Points per second, scaled; 0 = no check. Default 0.
    public var minimumPrimarySpeed: Double = 0
    /// Movement against a direction beyond this rules that direction out (spec 6.2). Points, scaled. Default 10.
    public var maximumOppositeMovement: Double = 10

    /// The time at which the decaying limits stop shrinking (rule 95).
    public static let decayCap: Double = 0.5

    private var startTime: Double = 0
    private var started = false
    /// Directions still possible in this sequence.
    private var remaining: SwipeDirection = []
    /// Start points of the required touches, in window coordinates (rule 98).
    private var startPoints: [Point] = []
    private var startSerials: [UInt64] = []
    private var startCentroid = Point.zero
    /// The direction that was recognized, once `ended`.
    public private(set) var recognizedDirection: SwipeDirection = []

    @_optimize(size) public init() {
        super.init(kind: .swipe, isContinuous: false)
        startPoints.reserveCapacity(2)
        startSerials.reserveCapacity(2)
    }

    /// The limit with base `b` and decay `d` after `elapsed` seconds (rule 97).
    public static func decayed(_ b: Double, decay d: Double, elapsed: Double) -> Double {
        let t = Swift.min(Swift.max(elapsed, 0), decayCap)
        return b * (1 - (1 - d) * t)
    }

    public override var numberOfTouches: Int {
        startPoints.isEmpty ? trackedTouches.count : startPoints.count
    }

    /// The centroid where the swipe began (rule 98).
    public override var windowLocation: Point {
        startPoints.isEmpty ? super.windowLocation : startCentroid
    }

    /// The start point of each touch (rule 98).
    public override func location(ofTouch index: Int, in view: ViewID?) -> Point? {
        if startPoints.isEmpty { return super.location(ofTouch: index, in: view) }
        guard index >= 0, index < startPoints.count else { return nil }
        return convert(startPoints[index], to: view)
    }

    public override func touchesBegan(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        if !started {
            started = true
            startTime = time
            remaining = direction.intersection(.all)
            if remaining.isEmpty { state = .failed; return }
        }
        if trackedTouches.count > numberOfTouchesRequired { state = .failed; return }   // rule 96
        for t in touches {
            startPoints.append(t.location)
            startSerials.append(t.serial)
        }
        if trackedTouches.count == numberOfTouchesRequired {
            startCentroid = GestureRecognizer.centroid(of: trackedTouches)
        }
    }

    /// Reads `trackedTouches` only (see `trackedTouchesMoved(at:)`).
    public override func touchesMoved(_ touches: [Touch], at time: Double) {
        trackedTouchesMoved(at: time)
    }

    override func trackedTouchesMoved(at time: Double) {
        guard state == .possible else { return }
        let elapsed = time - startTime
        if elapsed > maximumDuration * timingScale { state = .failed; return }   // rule 96
        guard trackedTouches.count == numberOfTouchesRequired else { return }
        let s = thresholdScale
        let minPrimary = SwipeGestureRecognizer.decayed(minimumPrimaryMovement * s, decay: minimumDecay, elapsed: elapsed)
        let maxPrimary = SwipeGestureRecognizer.decayed(maximumPrimaryMovement * s, decay: maximumDecay, elapsed: elapsed)
        let minSecondary = SwipeGestureRecognizer.decayed(minimumSecondaryMovement * s, decay: minimumDecay, elapsed: elapsed)
        let maxSecondary = SwipeGestureRecognizer.decayed(maximumSecondaryMovement * s, decay: maximumDecay, elapsed: elapsed)
        let opposite = maximumOppositeMovement * s
        let minSpeed = minimumPrimarySpeed * s
        var bit: UInt32 = 0
        while bit < 4 {
            let d = SwipeDirection(rawValue: 1 << bit)
            bit += 1
            guard remaining.contains(d) else { continue }
            let u = d.unit
            var satisfied = true
            for t in trackedTouches {
                let move = t.location - startPoint(of: t)
                let primary = move.dot(u)
                let secondary = abs(move.x * u.y - move.y * u.x)
                if -primary > opposite || secondary > maxSecondary {
                    remaining.remove(d)   // rule 96: against the direction, or too crooked
                    satisfied = false
                    break
                }
                if primary < minPrimary || primary > maxPrimary || secondary < minSecondary { satisfied = false }
                if minSpeed > 0 && (elapsed <= 0 || primary / elapsed < minSpeed) { satisfied = false }
            }
            if satisfied {
                recognizedDirection = d
                state = .ended   // rule 94: during the movement
                return
            }
        }
        if remaining.isEmpty { state = .failed }
    }

    private func startPoint(of t: Touch) -> Point {
        var k = 0
        while k < startSerials.count {
            if startSerials[k] == t.serial { return startPoints[k] }
            k += 1
        }
        return t.startLocation
    }

    public override func touchesEnded(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        state = .failed   // rule 96: a finger lifted before recognition
    }

    public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        state = .failed
    }

    public override func reset() {
        started = false
        remaining = []
        startPoints.clearKeepingCapacity()
        startSerials.clearKeepingCapacity()
        startCentroid = .zero
        recognizedDirection = []
    }

    public override func fillSnapshot(_ snapshot: inout ActionSnapshot) {
        snapshot.swipeDirection = recognizedDirection.rawValue
    }
}
