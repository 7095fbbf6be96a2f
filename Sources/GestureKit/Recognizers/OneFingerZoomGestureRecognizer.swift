
/// Zooms with one finger, as map apps do: tap once, touch down again at the same place, and drag
/// down to zoom in or up to zoom out (docs/ACCESSIBILITY.md). It is the single-pointer alternative
/// of a pinch (WCAG 2.5.1): it reports a `scale` the way a pinch does.
///
/// Continuous. Begins once the second touch has moved `hysteresis` points vertically; the scale is
/// then 1 and doubles for every `pointsPerDoubling` points dragged further down (halves up). Ends
/// when the finger lifts. Fails on a second finger, a first tap held longer than
/// `maximumTapDuration` or moved more than `allowableMovement`, a second touch later than
/// `maximumTapInterval` after the first lift or farther than `allowableTapDistance` from the
/// first tap, or a second touch that lifts without dragging (a double tap). Both times are
/// multiplied by the engine's timing scale.
///
/// A pan that sees the same touches waits for the zoom to fail: the zoom answers UIKit's
/// `shouldBeRequiredToFail(by:)` with true for every pan, so the double-tap-then-drag zooms
/// whichever of the two was attached first. A drag that does not start with a tap costs the pan
/// nothing: the zoom fails as soon as its "first tap" moves, within the pan's own hysteresis. A
/// zoom the app made wait for that pan (`zoom.require(toFail: pan)`) is not also waited for.
public final class OneFingerZoomGestureRecognizer: GestureRecognizer {
    /// Longest first tap, seconds. Default 0.3.
    public var maximumTapDuration: Double = 0.3
    /// Longest time from the first lift to the second touch, seconds. Default 0.35.
    public var maximumTapInterval: Double = 0.35
    /// How far the first tap may move, points (scaled like every distance). Default 10.
    public var allowableMovement: Double = 10
    /// How far from the first tap the second touch may land, points. Default 45.
    public var allowableTapDistance: Double = 45
    /// Vertical drag needed to begin, points. Default 10.
    public var hysteresis: Double = 10
    /// Points of drag that double (down) or halve (up) the scale. Default 150.
    public var pointsPerDoubling: Double = 150

    private enum Phase { case idle, firstTap, betweenTaps, secondTouch }
    private var phase = Phase.idle
    private var firstPoint = Point.zero
    private var anchorY = 0.0
    private var referenceY = 0.0
    private var currentScale = 1.0
    private var tracker = ScalarVelocity()

    @_optimize(size) public init() {
        super.init(kind: .oneFingerZoom, isContinuous: true)
    }

    /// The scale since the zoom began: 1 at began, 2 after `pointsPerDoubling` points down.
    public var scale: Double { currentScale }
    /// Scale per second (the pinch's smoothing).
    public var velocity: Double { tracker.currentValue() }

    private var movementLimit: Double { Swift.max(allowableMovement * thresholdScale, noiseFloor(touches: 1)) }
    private var threshold: Double { Swift.max(hysteresis * thresholdScale, noiseFloor(touches: 1)) }

    public override var asksToBeRequiredToFail: Bool { true }

    @_optimize(size) public override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard other.kind == .pan else { return false }
        for x in failureRequirements where x === other { return false }
        return true
    }

    @_optimize(size) private func fail() {
        clearDeadline()
        state = .failed
    }

    @_optimize(size) public override func touchesBegan(_ touches: [Touch], at time: Double) {
        guard state == .possible else { return }
        guard trackedTouches.count == 1, let t = touches.first else { fail(); return }   // one finger only
        switch phase {
        case .idle:
            phase = .firstTap
            firstPoint = t.location
            setDeadline(time + maximumTapDuration * timingScale)
        case .betweenTaps:
            guard (t.location - firstPoint).length <= allowableTapDistance * thresholdScale else { fail(); return }
            clearDeadline()
            phase = .secondTouch
            anchorY = t.location.y
        default:
            fail()
        }
    }

    @_optimize(size) public override func touchesMoved(_ touches: [Touch], at time: Double) {
        guard let t = trackedTouches.first else { return }
        switch phase {
        case .firstTap:
            if state == .possible && (t.location - firstPoint).length > movementLimit { fail() }
        case .secondTouch:
            let dy = t.location.y - anchorY
            if state == .possible {
                guard abs(dy) >= threshold else { return }
                // As a pinch does (rule 99): the reference moves the hysteresis toward the finger,
                // so the scale starts at 1 and follows without a jump.
                referenceY = anchorY + (dy >= 0 ? threshold : -threshold)
                currentScale = 1
                tracker.start(1, at: time)
                state = .began
                return
            }
            guard state == .began || state == .changed else { return }
            // At most 64 doublings either way: the scale stays finite whatever the drag and setting.
            let doublings = (t.location.y - referenceY) / Swift.max(pointsPerDoubling, 1e-9)
            currentScale = OneFingerZoomGestureRecognizer.powerOfTwo(Swift.min(Swift.max(doublings, -64), 64))
            tracker.add(currentScale, at: time)
            state = .changed
        default:
            break
        }
    }

    @_optimize(size) public override func touchesEnded(_ touches: [Touch], at time: Double) {
        switch state {
        case .began, .changed:
            tracker.finish(at: time)
            state = .ended
        case .possible:
            if phase == .firstTap {
                phase = .betweenTaps
                setDeadline(time + maximumTapInterval * timingScale)
            } else {
                fail()   // a second touch that never dragged: a double tap, not a zoom
            }
        default:
            break
        }
    }

    @_optimize(size) public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        state = state == .possible ? .failed : .cancelled
    }

    @_optimize(size) public override func deadlineReached(at time: Double) {
        guard state == .possible else { return }
        fail()   // the first tap was held too long, or the second touch came too late
    }

    @_optimize(size) public override func reset() {
        phase = .idle
        currentScale = 1
        tracker.clear()
    }

    @_optimize(size) public override func fillSnapshot(_ snapshot: inout ActionSnapshot) {
        snapshot.scale = currentScale
        snapshot.scalarVelocity = tracker.currentValue()
    }

    /// 2^x for |x| ≤ 64: the whole doublings exactly, the fraction through the engine's own
    /// `Trigonometry.expm1` (the same bits on every build; libm's `exp2` also has the symbol
    /// version GLIBC_2.29, which glibc 2.28 lacks). Within an ulp or two of `exp2`.
    static func powerOfTwo(_ x: Double) -> Double {
        let whole = x.rounded(.down)
        let fraction = (x - whole) * 0.693_147_180_559_945_309_4   // × ln 2
        return Double(sign: .plus, exponent: Int(whole), significand: Trigonometry.expm1(fraction) + 1)
    }
}
