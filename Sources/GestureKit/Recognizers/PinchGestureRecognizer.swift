/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`,
/// rules 99–103). Continuous: begins once the distance between the fingers has changed by more
/// than `hysteresis` points and pinching dominates the motion (spec 6.7); reports a cumulative
/// `scale`; stays active while one finger remains; ends when both have lifted.
public final class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    /// Change of distance needed to begin (rule 99). Points, scaled by the engine's
    /// points-per-millimetre setting. Default 8.
    public var hysteresis: Double = 8

    private var referenceDistance = 0.0
    private var baseScale = 1.0
    private var currentScale = 1.0

    @_optimize(size) public init() {
        super.init(kind: .pinch, ownWeight: 4, otherWeight: 0.5, isPinch: true)
    }

    /// The scale relative to the (adjusted) start distance (rule 100): cumulative, 1 before the
    /// pinch begins. Setting it re-bases later values (`scale = 1` in a handler gives increments).
    public var scale: Double {
        get { currentScale }
        set {
            guard newValue.isFinite else { return }
            tracker.shift(by: newValue - currentScale)
            currentScale = newValue
            baseScale = newValue
            referenceDistance = distance
        }
    }

    /// Scale per second (rule 101).
    public var velocity: Double { trackerValue }

    override func beginsNow() -> Bool {
        let h = Swift.max(hysteresis * thresholdScale, noiseFloor(touches: 2))
        guard pinchAmountToBegin > h else { return false }
        let p = pinchAmount
        return p * pinchWeight > rotationAmount * rotationWeight
            && p * pinchWeight > translationAmount * translationWeight
    }

    override func pairMoved(at time: Double) {
        if state == .possible {
            // Rule 99: at began the reference distance moves `hysteresis` toward the current one.
            let h = Swift.max(hysteresis * thresholdScale, noiseFloor(touches: 2))
            referenceDistance = startDistance + (distance >= startDistance ? h : -h)
            baseScale = 1
            currentScale = referenceDistance > 1e-9 ? distance / referenceDistance : 1
            tracker.start(currentScale, at: time)
            return
        }
        if referenceDistance <= 1e-9 {
            // The pair was restored with coincident fingers: start measuring from here.
            referenceDistance = distance
            baseScale = currentScale
        }
        if referenceDistance > 1e-9 {
            currentScale = baseScale * distance / referenceDistance
        }
        tracker.add(currentScale, at: time)
    }

    override func pairRestored() {
        // A finger came back: keep the scale where it was (rule 102) and measure from here.
        baseScale = currentScale
        referenceDistance = distance
    }

    override func resetValues() {
        referenceDistance = 0
        baseScale = 1
        currentScale = 1
    }

    public override func fillSnapshot(_ snapshot: inout ActionSnapshot) {
        snapshot.scale = currentScale
        snapshot.scalarVelocity = trackerValue
    }
}
