/// Recognizes two fingers turning (UIKit's `UIRotationGestureRecognizer`, rules 104–107).
/// Continuous: begins once the line between the fingers has turned past the angle threshold and
/// rotation dominates the motion (spec 6.7); reports a cumulative `rotation` in radians,
/// clockwise positive on a y-down screen; ends when both fingers have lifted.
public final class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    /// The angle needed to begin for a pure rotation (rule 104). Radians. Default 5°.
    public var angleThreshold: Double = 5 * Double.pi / 180
    /// How much the threshold grows when the distance also changes: threshold =
    /// `angleThreshold` + `angleThresholdGrowth` × √min(|Δd| / d₀, 1). Radians. Default 5°.
    public var angleThresholdGrowth: Double = 5 * Double.pi / 180

    private var referenceAngle = 0.0
    private var baseRotation = 0.0
    private var currentRotation = 0.0

    @_optimize(size) public init() {
        super.init(kind: .rotation, ownWeight: 4, otherWeight: 0.5, isPinch: false)
    }

    /// Radians turned since the (adjusted) start, cumulative (may pass ±π), 0 before the
    /// rotation begins (rule 105). Setting it re-bases later values.
    public var rotation: Double {
        get { currentRotation }
        set {
            guard newValue.isFinite else { return }
            tracker.shift(by: newValue - currentRotation)
            currentRotation = newValue
            baseRotation = newValue
            referenceAngle = angle
        }
    }

    /// Radians per second (rule 106).
    public var velocity: Double { trackerValue }

    /// The threshold for the current distance change (rule 104).
    var threshold: Double {
        let ratio = startDistance > 1e-9 ? Swift.min(abs(distance - startDistance) / startDistance, 1) : 1
        return angleThreshold + angleThresholdGrowth * ratio.squareRoot()
    }

    override func beginsNow() -> Bool {
        let r = rotationAmount
        return angleToBegin > threshold && r > noiseFloor(touches: 2) && r * rotationWeight > pinchAmount * pinchWeight
            && r * rotationWeight > translationAmount * translationWeight
    }

    override func pairMoved(at time: Double) {
        if state == .possible {
            // Rule 104: at began the reference angle moves by the threshold.
            referenceAngle = angle >= 0 ? threshold : -threshold
            baseRotation = 0
            currentRotation = angle - referenceAngle
            tracker.start(currentRotation, at: time)
            return
        }
        currentRotation = baseRotation + (angle - referenceAngle)
        tracker.add(currentRotation, at: time)
    }

    override func pairRestored() {
        baseRotation = currentRotation
        referenceAngle = angle
    }

    override func resetValues() {
        referenceAngle = 0
        baseRotation = 0
        currentRotation = 0
    }

    public override func fillSnapshot(_ snapshot: inout ActionSnapshot) {
        snapshot.rotation = currentRotation
        snapshot.scalarVelocity = trackerValue
    }
}
