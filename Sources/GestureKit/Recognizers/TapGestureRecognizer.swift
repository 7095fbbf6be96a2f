/// Recognizes one or more taps of one or more fingers (UIKit's `UITapGestureRecognizer`,
/// rules 63–70). Discrete: `possible → ended` when the last required tap lifts, or `failed`.
public final class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (rule 63), at least 1. Default 1.
    public var numberOfTapsRequired = 1
    /// Fingers per tap (rule 63), at least 1. Default 1.
    public var numberOfTouchesRequired = 1
    /// The centroid may move this far from the first tap's start point; farther fails (rule 64).
    /// Points, scaled by the engine's points-per-millimetre setting. Default 45.
    public var allowableMovement: Double = 45
    /// The next tap must begin sooner than this after the previous one ended (rule 67). Seconds.
    public var maximumTapInterval: Double = 0.35
    /// A tap held down longer than this fails (rule 68, spec 6.1). Seconds.
    public var maximumTapDuration: Double = 1.5
    /// All required fingers of a tap must come down within this time of the first (rule 69). Seconds.
    public var fingerWindow: Double = 0.25
    /// UIKit's `buttonMaskRequired`: the buttons an indirect pointer must hold for its clicks to
    /// count as taps; other clicks fail the tap. Fingers and styluses always qualify. Default `.primary`.
    public var buttonMaskRequired: ButtonMask = .primary

    private enum Phase { case idle, inTap, betweenTaps }
    private var phase = Phase.idle
    private var tapsCompleted = 0
    private var tapStart: Double = 0
    private var reachedRequiredTouches = false
    /// The first tap's touch-down points, window coordinates (rule 70).
    private var firstTapPoints: [Point] = []
    private var startCentroid: Point?
    /// Touches of the current tap that are down.
    private var down: [Touch] = []

    @_optimize(size) public init() {
        super.init(kind: .tap, isContinuous: false)
        firstTapPoints.reserveCapacity(2)
        down.reserveCapacity(2)
    }

    /// Number of taps completed in the current sequence.
    public var tapCount: Int { tapsCompleted }

    public override var touchesNeededToRecognize: Int { numberOfTouchesRequired }

    public override var numberOfTouches: Int {
        firstTapPoints.isEmpty ? trackedTouches.count : firstTapPoints.count
    }

    public override var windowLocation: Point {
        if let startCentroid { return startCentroid }
        return super.windowLocation
    }

    public override func location(ofTouch index: Int, in view: ViewID?) -> Point? {
        if firstTapPoints.isEmpty { return super.location(ofTouch: index, in: view) }
        guard index >= 0, index < firstTapPoints.count else { return nil }
        return convert(firstTapPoints[index], to: view)
    }

    private var movementLimit: Double { Swift.max(allowableMovement * thresholdScale, noiseFloor(touches: 1)) }

    private func fail() {
        clearDeadline()
        state = .failed
    }

    private func movedTooFar() -> Bool {
        guard let startCentroid, down.count == numberOfTouchesRequired else { return false }
        return (GestureRecognizer.centroid(of: down) - startCentroid).length > movementLimit
    }

    public override func touchesBegan(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        if phase != .inTap {
            phase = .inTap
            tapStart = time
            reachedRequiredTouches = false
        }
        for t in touches {
            if t.type == .indirectPointer && t.buttons != buttonMaskRequired { fail(); return }
            down.append(t)
        }
        if down.count > numberOfTouchesRequired {
            fail()   // rule 66: more fingers than required
            return
        }
        if down.count == numberOfTouchesRequired {
            reachedRequiredTouches = true
            let c = GestureRecognizer.centroid(of: down)
            if let startCentroid {
                if (c - startCentroid).length > movementLimit { fail(); return }   // rule 64, later taps
            } else {
                startCentroid = c
                firstTapPoints.clearKeepingCapacity()
                for t in down { firstTapPoints.append(t.location) }
            }
            setDeadline(tapStart + maximumTapDuration * timingScale)
        } else {
            setDeadline(Swift.min(tapStart + fingerWindow * timingScale, tapStart + maximumTapDuration * timingScale))
        }
    }

    private func update(_ touches: [Touch]) {
        for t in touches {
            if let k = down.firstIndex(where: { $0.serial == t.serial }) { down[k] = t }
        }
    }

    public override func touchesMoved(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        update(touches)
        if movedTooFar() { fail() }
    }

    public override func touchesEnded(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        update(touches)
        if movedTooFar() { fail(); return }
        for t in touches { down.removeAllInPlace { $0.serial == t.serial } }
        guard down.isEmpty else { return }
        guard reachedRequiredTouches else { fail(); return }   // rule 66: too few fingers
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            clearDeadline()
            state = .ended
        } else {
            phase = .betweenTaps
            setDeadline(time + maximumTapInterval * timingScale)   // rule 67
        }
    }

    public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        fail()   // rule 21
    }

    /// The sequence failed because the next tap did not come in time (a double tap that timed
    /// out), as opposed to a tap held too long; cleared by `reset`.
    public private(set) var timedOutBetweenTaps = false

    public override func deadlineReached(at time: Double) {
        guard state == .possible else { return }
        timedOutBetweenTaps = phase == .betweenTaps
        fail()   // held too long, fingers missing, or the next tap came too late (rules 67–69)
    }

    public override func reset() {
        timedOutBetweenTaps = false
        phase = .idle
        tapsCompleted = 0
        reachedRequiredTouches = false
        startCentroid = nil
        firstTapPoints.clearKeepingCapacity()
        down.clearKeepingCapacity()
    }

    /// Rule 32: a tap never prevents a tap with the same touch count and more taps.
    public override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer,
           tap.numberOfTouchesRequired == numberOfTouchesRequired,
           tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return true
    }
}
