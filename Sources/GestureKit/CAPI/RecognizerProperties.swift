import CGestureKit

// The property table of gk_property: for each id, its kind, value type, range and the
// recognizer member behind it. Ids are grouped by hundreds: 0 every kind, 1 tap, 2 pan (and
// screen-edge pan), 3 long press, 4 screen-edge pan, 5 swipe, 6 pinch, 7 rotation.

enum PropertyValue {
    case bool(Bool)
    case int(Int64)
    case double(Double)
}

/// The outcome of reading or writing a property.
struct PropertyAccess {
    var status: gk_status
    var value: PropertyValue?
    @_optimize(size) init(_ status: gk_status, _ value: PropertyValue? = nil) { self.status = status; self.value = value }
}

/// Largest finite duration or distance accepted: values beyond it are almost surely bugs.
private let maximumMagnitude = 1e9

/// One property access: `write` is the new value, or `nil` to read.
private struct Accessor {
    let write: PropertyValue?

    @_optimize(size) func bool(_ current: Bool, _ set: (Bool) -> Void) -> PropertyAccess {
        guard let write else { return PropertyAccess(GK_OK, .bool(current)) }
        guard case .bool(let v) = write else { return PropertyAccess(GK_ERR_UNKNOWN_PROPERTY) }
        set(v)
        return PropertyAccess(GK_OK)
    }

    /// An integer property. `Int` is 32 bits on armhf: `Int.max` reads as INT64_MAX (the
    /// "unlimited" value) and larger values are stored as `Int.max`, never trapping.
    @_optimize(size) func int(_ current: Int, _ range: ClosedRange<Int64>, _ set: (Int) -> Void) -> PropertyAccess {
        guard let write else { return PropertyAccess(GK_OK, .int(current == Int.max ? Int64.max : Int64(current))) }
        guard case .int(let v) = write else { return PropertyAccess(GK_ERR_UNKNOWN_PROPERTY) }
        guard range.contains(v) else { return PropertyAccess(GK_ERR_INVALID_ARGUMENT) }
        set(Int(clamping: v))
        return PropertyAccess(GK_OK)
    }

    /// A bit set: `v` must be within `allowed` and, with `nonEmpty`, not zero.
    @_optimize(size) func bits(_ current: UInt32, allowed: UInt32, nonEmpty: Bool = false, _ set: (UInt32) -> Void) -> PropertyAccess {
        guard let write else { return PropertyAccess(GK_OK, .int(Int64(current))) }
        guard case .int(let v) = write else { return PropertyAccess(GK_ERR_UNKNOWN_PROPERTY) }
        guard v >= 0, v <= Int64(UInt32.max), UInt32(v) & ~allowed == 0, !(nonEmpty && v == 0) else {
            return PropertyAccess(GK_ERR_INVALID_ARGUMENT)
        }
        set(UInt32(v))
        return PropertyAccess(GK_OK)
    }

    /// A double in `minimum...maximumMagnitude` (or `maximum`), `+infinity` only when allowed,
    /// never NaN. `positive` excludes zero.
    @_optimize(size) func double(_ current: Double, minimum: Double = 0, maximum: Double = maximumMagnitude, positive: Bool = false,
                allowInfinity: Bool = false, _ set: (Double) -> Void) -> PropertyAccess {
        guard let write else { return PropertyAccess(GK_OK, .double(current)) }
        guard case .double(let v) = write else { return PropertyAccess(GK_ERR_UNKNOWN_PROPERTY) }
        let ok = (v.isFinite && v >= minimum && v <= maximum && !(positive && v <= 0))
            || (allowInfinity && v == .infinity)
        guard ok else { return PropertyAccess(GK_ERR_INVALID_ARGUMENT) }
        set(v)
        return PropertyAccess(GK_OK)
    }

    /// A 64-bit set (every bit allowed).
    @_optimize(size) func mask64(_ current: UInt64, _ set: (UInt64) -> Void) -> PropertyAccess {
        guard let write else { return PropertyAccess(GK_OK, .int(Int64(bitPattern: current))) }
        guard case .int(let v) = write else { return PropertyAccess(GK_ERR_UNKNOWN_PROPERTY) }
        set(UInt64(bitPattern: v))
        return PropertyAccess(GK_OK)
    }

    @_optimize(size) func readOnly(_ value: PropertyValue) -> PropertyAccess {
        guard let write else { return PropertyAccess(GK_OK, value) }
        switch (write, value) {
        case (.bool, .bool), (.int, .int), (.double, .double): return PropertyAccess(GK_ERR_READ_ONLY)
        default: return PropertyAccess(GK_ERR_UNKNOWN_PROPERTY)
        }
    }

    /// Pans also take `.timeWeighted` (2); pinch and rotation only 0 and 1.
    @_optimize(size) func velocityMode(_ current: VelocityMode, timeWeighted: Bool = false, _ set: (VelocityMode) -> Void) -> PropertyAccess {
        int(Int(current.rawValue), 0...(timeWeighted ? 2 : 1)) { set(VelocityMode(rawValue: UInt8($0)) ?? .leastSquares) }
    }
}

/// The ids that exist in each group of a hundred.
@_optimize(size) private func isKnown(_ id: UInt32) -> Bool {
    switch id {
    case 1...12, 100...106, 200...206, 300...306, 400...402, 500...510, 600...606, 700...707, 800...807, 900...905: return true
    default: return false
    }
}

/// Reads (`write == nil`) or writes one property of `r`.
@_optimize(size) func accessProperty(_ r: GestureRecognizer, _ p: gk_property, write: PropertyValue?, maximumTouches: Int) -> PropertyAccess {
    guard isKnown(p.rawValue) else { return PropertyAccess(GK_ERR_UNKNOWN_PROPERTY) }
    let a = Accessor(write: write)
    let touches = 1...Int64(maximumTouches)
    let result: PropertyAccess?
    switch p.rawValue / 100 {
    case 0: result = commonProperty(r, p, a)
    case 1: result = (r as? TapGestureRecognizer).map { tapProperty($0, p, a, touches) }
    case 2: result = (r as? PanGestureRecognizer).map { panProperty($0, p, a, touches) }
    case 3: result = (r as? LongPressGestureRecognizer).map { longPressProperty($0, p, a, touches) }
    case 4: result = (r as? ScreenEdgePanGestureRecognizer).map { screenEdgeProperty($0, p, a) }
    case 5: result = (r as? SwipeGestureRecognizer).map { swipeProperty($0, p, a, touches) }
    case 6: result = (r as? PinchGestureRecognizer).map { pinchProperty($0, p, a) }
    case 7: result = (r as? RotationGestureRecognizer).map { rotationProperty($0, p, a) }
    case 8: result = (r as? StrokeGestureRecognizer).map { strokeProperty($0, p, a) }
    case 9: result = (r as? OneFingerZoomGestureRecognizer).map { oneFingerZoomProperty($0, p, a) }
    default: result = nil
    }
    return result ?? PropertyAccess(GK_ERR_WRONG_KIND)
}

@_optimize(size) private func commonProperty(_ r: GestureRecognizer, _ p: gk_property, _ a: Accessor) -> PropertyAccess {
    switch p {
    case GK_PROP_ENABLED: return a.bool(r.isEnabled) { r.isEnabled = $0 }
    case GK_PROP_CANCELS_TOUCHES_IN_VIEW: return a.bool(r.cancelsTouchesInView) { r.cancelsTouchesInView = $0 }
    case GK_PROP_DELAYS_TOUCHES_BEGAN: return a.bool(r.delaysTouchesBegan) { r.delaysTouchesBegan = $0 }
    case GK_PROP_DELAYS_TOUCHES_ENDED: return a.bool(r.delaysTouchesEnded) { r.delaysTouchesEnded = $0 }
    case GK_PROP_REQUIRES_EXCLUSIVE_TOUCH_TYPE:
        return a.bool(r.requiresExclusiveTouchType) { r.requiresExclusiveTouchType = $0 }
    case GK_PROP_ALLOWED_TOUCH_TYPES:
        return a.bits(r.allowedTouchTypes.rawValue, allowed: TouchTypes.all.rawValue) {
            r.allowedTouchTypes = TouchTypes(rawValue: $0)
        }
    case GK_PROP_BUTTON_MASK: return a.readOnly(.int(Int64(r.buttonMask.rawValue)))
    case GK_PROP_ALLOWED_PRESS_TYPES: return a.mask64(r.allowedPressTypes.rawValue) { r.allowedPressTypes = PressTypes(rawValue: $0) }
    case GK_PROP_SCALES_TIMING: return a.bool(r.scalesTiming) { r.scalesTiming = $0 }
    case GK_PROP_DRIFT_ALLOWANCE:
        if let pan = r as? PanGestureRecognizer { return a.double(pan.driftAllowance) { pan.driftAllowance = $0 } }
        if let pair = r as? TwoTouchGestureRecognizer { return a.double(pair.driftAllowance) { pair.driftAllowance = $0 } }
        return PropertyAccess(GK_ERR_WRONG_KIND)
    case GK_PROP_LANDING_WINDOW: return a.double(r.landingWindow) { r.landingWindow = $0 }
    default: return a.readOnly(.int(Int64(r.modifierFlags.rawValue)))   // GK_PROP_MODIFIER_FLAGS
    }
}

@_optimize(size) private func tapProperty(_ r: TapGestureRecognizer, _ p: gk_property, _ a: Accessor,
                         _ touches: ClosedRange<Int64>) -> PropertyAccess {
    switch p {
    case GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED: return a.int(r.numberOfTapsRequired, 1...64) { r.numberOfTapsRequired = $0 }
    case GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED:
        return a.int(r.numberOfTouchesRequired, touches) { r.numberOfTouchesRequired = $0 }
    case GK_PROP_TAP_ALLOWABLE_MOVEMENT: return a.double(r.allowableMovement) { r.allowableMovement = $0 }
    case GK_PROP_TAP_MAXIMUM_INTERVAL:
        return a.double(r.maximumTapInterval, positive: true) { r.maximumTapInterval = $0 }
    case GK_PROP_TAP_MAXIMUM_DURATION:
        return a.double(r.maximumTapDuration, positive: true) { r.maximumTapDuration = $0 }
    case GK_PROP_TAP_FINGER_WINDOW: return a.double(r.fingerWindow, positive: true) { r.fingerWindow = $0 }
    default:   // GK_PROP_TAP_BUTTON_MASK_REQUIRED
        return a.bits(r.buttonMaskRequired.rawValue, allowed: UInt32.max, nonEmpty: true) {
            r.buttonMaskRequired = ButtonMask(rawValue: $0)
        }
    }
}

@_optimize(size) private func panProperty(_ r: PanGestureRecognizer, _ p: gk_property, _ a: Accessor,
                         _ touches: ClosedRange<Int64>) -> PropertyAccess {
    switch p {
    case GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES:
        return a.int(r.minimumNumberOfTouches, touches) { r.minimumNumberOfTouches = $0 }
    case GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES:
        return a.int(r.maximumNumberOfTouches, 1...Int64.max) { r.maximumNumberOfTouches = $0 }
    case GK_PROP_PAN_HYSTERESIS: return a.double(r.hysteresis) { r.hysteresis = $0 }
    case GK_PROP_PAN_VELOCITY_MODE: return a.velocityMode(r.velocityMode, timeWeighted: true) { r.velocityMode = $0 }
    case GK_PROP_PAN_VELOCITY_WINDOW: return a.double(r.velocityWindow, positive: true) { r.velocityWindow = $0 }
    case GK_PROP_PAN_VELOCITY_ON_CHANGE: return a.bool(r.reportsVelocityOnChange) { r.reportsVelocityOnChange = $0 }
    default: return a.double(r.velocityPauseLimit) { r.velocityPauseLimit = $0 }   // GK_PROP_PAN_VELOCITY_PAUSE_LIMIT
    }
}

@_optimize(size) private func longPressProperty(_ r: LongPressGestureRecognizer, _ p: gk_property, _ a: Accessor,
                               _ touches: ClosedRange<Int64>) -> PropertyAccess {
    switch p {
    case GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION:
        return a.double(r.minimumPressDuration) { r.minimumPressDuration = $0 }
    case GK_PROP_LONG_PRESS_ALLOWABLE_MOVEMENT: return a.double(r.allowableMovement) { r.allowableMovement = $0 }
    case GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED:
        return a.int(r.numberOfTouchesRequired, touches) { r.numberOfTouchesRequired = $0 }
    case GK_PROP_LONG_PRESS_NUMBER_OF_TAPS_REQUIRED:
        return a.int(r.numberOfTapsRequired, 0...64) { r.numberOfTapsRequired = $0 }
    case GK_PROP_LONG_PRESS_MAXIMUM_TAP_INTERVAL:
        return a.double(r.maximumTapInterval, positive: true) { r.maximumTapInterval = $0 }
    case GK_PROP_LONG_PRESS_TAP_ALLOWABLE_MOVEMENT:
        return a.double(r.tapAllowableMovement) { r.tapAllowableMovement = $0 }
    default:   // GK_PROP_LONG_PRESS_MAXIMUM_TAP_DURATION
        return a.double(r.maximumTapDuration, positive: true) { r.maximumTapDuration = $0 }
    }
}

@_optimize(size) private func screenEdgeProperty(_ r: ScreenEdgePanGestureRecognizer, _ p: gk_property, _ a: Accessor) -> PropertyAccess {
    switch p {
    case GK_PROP_SCREEN_EDGE_EDGES:
        return a.bits(r.edges.rawValue, allowed: RectEdges.all.rawValue) { r.edges = RectEdges(rawValue: $0) }
    case GK_PROP_SCREEN_EDGE_REGION: return a.double(r.edgeRegion) { r.edgeRegion = $0 }
    default: return a.double(r.edgeHysteresis) { r.edgeHysteresis = $0 }   // GK_PROP_SCREEN_EDGE_HYSTERESIS
    }
}

@_optimize(size) private func swipeProperty(_ r: SwipeGestureRecognizer, _ p: gk_property, _ a: Accessor,
                           _ touches: ClosedRange<Int64>) -> PropertyAccess {
    switch p {
    case GK_PROP_SWIPE_DIRECTION:
        return a.bits(r.direction.rawValue, allowed: SwipeDirection.all.rawValue, nonEmpty: true) {
            r.direction = SwipeDirection(rawValue: $0)
        }
    case GK_PROP_SWIPE_NUMBER_OF_TOUCHES_REQUIRED:
        return a.int(r.numberOfTouchesRequired, touches) { r.numberOfTouchesRequired = $0 }
    case GK_PROP_SWIPE_MAXIMUM_DURATION: return a.double(r.maximumDuration, positive: true) { r.maximumDuration = $0 }
    case GK_PROP_SWIPE_MINIMUM_PRIMARY_MOVEMENT:
        return a.double(r.minimumPrimaryMovement) { r.minimumPrimaryMovement = $0 }
    case GK_PROP_SWIPE_MAXIMUM_PRIMARY_MOVEMENT:
        return a.double(r.maximumPrimaryMovement, allowInfinity: true) { r.maximumPrimaryMovement = $0 }
    case GK_PROP_SWIPE_MINIMUM_SECONDARY_MOVEMENT:
        return a.double(r.minimumSecondaryMovement) { r.minimumSecondaryMovement = $0 }
    case GK_PROP_SWIPE_MAXIMUM_SECONDARY_MOVEMENT:
        return a.double(r.maximumSecondaryMovement, allowInfinity: true) { r.maximumSecondaryMovement = $0 }
    case GK_PROP_SWIPE_MINIMUM_DECAY: return a.double(r.minimumDecay, maximum: 1) { r.minimumDecay = $0 }
    case GK_PROP_SWIPE_MAXIMUM_DECAY: return a.double(r.maximumDecay, maximum: 1) { r.maximumDecay = $0 }
    case GK_PROP_SWIPE_MINIMUM_PRIMARY_SPEED: return a.double(r.minimumPrimarySpeed) { r.minimumPrimarySpeed = $0 }
    default:   // GK_PROP_SWIPE_MAXIMUM_OPPOSITE_MOVEMENT
        return a.double(r.maximumOppositeMovement) { r.maximumOppositeMovement = $0 }
    }
}

@_optimize(size) private func pinchProperty(_ r: PinchGestureRecognizer, _ p: gk_property, _ a: Accessor) -> PropertyAccess {
    switch p {
    case GK_PROP_PINCH_SCALE: return a.double(r.scale, minimum: -maximumMagnitude) { r.scale = $0 }
    case GK_PROP_PINCH_VELOCITY: return a.readOnly(.double(r.velocity))
    case GK_PROP_PINCH_HYSTERESIS: return a.double(r.hysteresis) { r.hysteresis = $0 }
    case GK_PROP_PINCH_VELOCITY_MODE: return a.velocityMode(r.velocityMode) { r.velocityMode = $0 }
    case GK_PROP_PINCH_WEIGHT_PINCH: return a.double(r.pinchWeight) { r.pinchWeight = $0 }
    case GK_PROP_PINCH_WEIGHT_ROTATION: return a.double(r.rotationWeight) { r.rotationWeight = $0 }
    default: return a.double(r.translationWeight) { r.translationWeight = $0 }   // GK_PROP_PINCH_WEIGHT_TRANSLATION
    }
}

@_optimize(size) private func strokeProperty(_ r: StrokeGestureRecognizer, _ p: gk_property, _ a: Accessor) -> PropertyAccess {
    switch p {
    case GK_PROP_STROKE_THRESHOLD: return a.double(r.threshold, maximum: 1) { r.threshold = $0 }
    case GK_PROP_STROKE_MINIMUM_LENGTH: return a.double(r.minimumLength) { r.minimumLength = $0 }
    case GK_PROP_STROKE_ROTATION_INVARIANT: return a.bool(r.rotationInvariant) { r.rotationInvariant = $0 }
    case GK_PROP_STROKE_MATCHER:
        return a.int(Int(r.matching.rawValue), 0...1) { r.matching = StrokeMatching(rawValue: UInt8($0)) ?? .unistroke }
    case GK_PROP_STROKE_PAUSE: return a.double(r.strokePause, maximum: 60) { r.strokePause = $0 }
    case GK_PROP_STROKE_CONTINUATION_PAUSE:
        return a.double(r.continuationPause, maximum: 60) { r.continuationPause = $0 }
    case GK_PROP_STROKE_COMPLETE_PAUSE: return a.double(r.completePause, maximum: 60) { r.completePause = $0 }
    default: return a.int(r.maximumStrokes, 1...64) { r.maximumStrokes = $0 }   // GK_PROP_STROKE_MAXIMUM_STROKES
    }
}

@_optimize(size) private func oneFingerZoomProperty(_ r: OneFingerZoomGestureRecognizer, _ p: gk_property, _ a: Accessor) -> PropertyAccess {
    switch p {
    case GK_PROP_ONE_FINGER_ZOOM_SCALE: return a.readOnly(.double(r.scale))
    case GK_PROP_ONE_FINGER_ZOOM_VELOCITY: return a.readOnly(.double(r.velocity))
    case GK_PROP_ONE_FINGER_ZOOM_HYSTERESIS: return a.double(r.hysteresis) { r.hysteresis = $0 }
    case GK_PROP_ONE_FINGER_ZOOM_POINTS_PER_DOUBLING:
        return a.double(r.pointsPerDoubling, positive: true) { r.pointsPerDoubling = $0 }
    case GK_PROP_ONE_FINGER_ZOOM_MAXIMUM_TAP_DURATION:
        return a.double(r.maximumTapDuration, positive: true) { r.maximumTapDuration = $0 }
    default: return a.double(r.maximumTapInterval, positive: true) { r.maximumTapInterval = $0 }   // ..._MAXIMUM_TAP_INTERVAL
    }
}

@_optimize(size) private func rotationProperty(_ r: RotationGestureRecognizer, _ p: gk_property, _ a: Accessor) -> PropertyAccess {
    switch p {
    case GK_PROP_ROTATION_ROTATION: return a.double(r.rotation, minimum: -maximumMagnitude) { r.rotation = $0 }
    case GK_PROP_ROTATION_VELOCITY: return a.readOnly(.double(r.velocity))
    case GK_PROP_ROTATION_ANGLE_THRESHOLD: return a.double(r.angleThreshold) { r.angleThreshold = $0 }
    case GK_PROP_ROTATION_ANGLE_THRESHOLD_GROWTH:
        return a.double(r.angleThresholdGrowth) { r.angleThresholdGrowth = $0 }
    case GK_PROP_ROTATION_VELOCITY_MODE: return a.velocityMode(r.velocityMode) { r.velocityMode = $0 }
    case GK_PROP_ROTATION_WEIGHT_ROTATION: return a.double(r.rotationWeight) { r.rotationWeight = $0 }
    case GK_PROP_ROTATION_WEIGHT_PINCH: return a.double(r.pinchWeight) { r.pinchWeight = $0 }
    default: return a.double(r.translationWeight) { r.translationWeight = $0 }   // GK_PROP_ROTATION_WEIGHT_TRANSLATION
    }
}
