import CGestureKit

// Recognizer properties by id (gk_property). One table maps each id to its value type and kind,
// so that adding a property later adds no exported symbol.

private enum PropertyType { case bool, int, double }

private func propertyType(_ p: gk_property) -> PropertyType? {
    switch p {
    case GK_PROP_ENABLED, GK_PROP_CANCELS_TOUCHES_IN_VIEW, GK_PROP_DELAYS_TOUCHES_BEGAN,
         GK_PROP_DELAYS_TOUCHES_ENDED, GK_PROP_REQUIRES_EXCLUSIVE_TOUCH_TYPE:
        return .bool
    case GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED,
         GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES, GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES, GK_PROP_PAN_VELOCITY_MODE:
        return .int
    case GK_PROP_TAP_ALLOWABLE_MOVEMENT, GK_PROP_TAP_MAXIMUM_INTERVAL, GK_PROP_TAP_MAXIMUM_DURATION,
         GK_PROP_TAP_FINGER_WINDOW, GK_PROP_PAN_HYSTERESIS, GK_PROP_PAN_VELOCITY_WINDOW,
         GK_PROP_PAN_VELOCITY_PAUSE_LIMIT:
        return .double
    default:
        return nil
    }
}

/// Common prologue: engine, recognizer and the property's type.
private func lookup(_ engine: OpaquePointer?, _ h: gk_recognizer, _ p: gk_property, _ type: PropertyType)
    -> (status: gk_status, box: CEngine?, r: GestureRecognizer?) {
    guard let box = unwrapEngine(engine) else { return (GK_ERR_NULL_POINTER, nil, nil) }
    guard let r = box.recognizer(h) else { return (GK_ERR_STALE_HANDLE, nil, nil) }
    guard let t = propertyType(p), t == type else { return (GK_ERR_UNKNOWN_PROPERTY, nil, nil) }
    return (GK_OK, box, r)
}

@c @implementation
public func gk_recognizer_set_bool(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                   _ value: Bool) -> gk_status {
    let l = lookup(engine, recognizer, property, .bool)
    guard let r = l.r else { return l.status }
    switch property {
    case GK_PROP_ENABLED: r.isEnabled = value
    case GK_PROP_CANCELS_TOUCHES_IN_VIEW: r.cancelsTouchesInView = value
    case GK_PROP_DELAYS_TOUCHES_BEGAN: r.delaysTouchesBegan = value
    case GK_PROP_DELAYS_TOUCHES_ENDED: r.delaysTouchesEnded = value
    case GK_PROP_REQUIRES_EXCLUSIVE_TOUCH_TYPE: r.requiresExclusiveTouchType = value
    default: return GK_ERR_UNKNOWN_PROPERTY
    }
    return GK_OK
}

@c @implementation
public func gk_recognizer_get_bool(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                   _ out: UnsafeMutablePointer<Bool>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    let l = lookup(engine, recognizer, property, .bool)
    guard let r = l.r else { return l.status }
    switch property {
    case GK_PROP_ENABLED: out.pointee = r.isEnabled
    case GK_PROP_CANCELS_TOUCHES_IN_VIEW: out.pointee = r.cancelsTouchesInView
    case GK_PROP_DELAYS_TOUCHES_BEGAN: out.pointee = r.delaysTouchesBegan
    case GK_PROP_DELAYS_TOUCHES_ENDED: out.pointee = r.delaysTouchesEnded
    case GK_PROP_REQUIRES_EXCLUSIVE_TOUCH_TYPE: out.pointee = r.requiresExclusiveTouchType
    default: return GK_ERR_UNKNOWN_PROPERTY
    }
    return GK_OK
}

@c @implementation
public func gk_recognizer_set_int(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                  _ value: Int64) -> gk_status {
    let l = lookup(engine, recognizer, property, .int)
    guard let r = l.r, let box = l.box else { return l.status }
    switch property {
    case GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED:
        guard let tap = r as? TapGestureRecognizer else { return GK_ERR_WRONG_KIND }
        if property == GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED {
            guard value >= 1, value <= 64 else { return GK_ERR_INVALID_ARGUMENT }
            tap.numberOfTapsRequired = Int(value)
        } else {
            guard value >= 1, value <= Int64(box.engine.options.maximumTouches) else { return GK_ERR_INVALID_ARGUMENT }
            tap.numberOfTouchesRequired = Int(value)
        }
    case GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES, GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES, GK_PROP_PAN_VELOCITY_MODE:
        guard let pan = r as? PanGestureRecognizer else { return GK_ERR_WRONG_KIND }
        switch property {
        case GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES:
            guard value >= 1, value <= Int64(box.engine.options.maximumTouches) else { return GK_ERR_INVALID_ARGUMENT }
            pan.minimumNumberOfTouches = Int(value)
        case GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES:
            guard value >= 1 else { return GK_ERR_INVALID_ARGUMENT }
            pan.maximumNumberOfTouches = Int(value)
        default:
            guard let mode = VelocityMode(rawValue: UInt8(truncatingIfNeeded: value)), value >= 0, value <= 1 else {
                return GK_ERR_INVALID_ARGUMENT
            }
            pan.velocityMode = mode
        }
    default:
        return GK_ERR_UNKNOWN_PROPERTY
    }
    return GK_OK
}

@c @implementation
public func gk_recognizer_get_int(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                  _ out: UnsafeMutablePointer<Int64>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    let l = lookup(engine, recognizer, property, .int)
    guard let r = l.r else { return l.status }
    switch property {
    case GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED:
        guard let tap = r as? TapGestureRecognizer else { return GK_ERR_WRONG_KIND }
        out.pointee = Int64(property == GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED ? tap.numberOfTapsRequired : tap.numberOfTouchesRequired)
    case GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES, GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES, GK_PROP_PAN_VELOCITY_MODE:
        guard let pan = r as? PanGestureRecognizer else { return GK_ERR_WRONG_KIND }
        switch property {
        case GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES: out.pointee = Int64(pan.minimumNumberOfTouches)
        case GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES: out.pointee = Int64(pan.maximumNumberOfTouches)
        default: out.pointee = Int64(pan.velocityMode.rawValue)
        }
    default:
        return GK_ERR_UNKNOWN_PROPERTY
    }
    return GK_OK
}

/// Largest accepted duration or distance property: values beyond it are almost surely bugs.
private let maximumDoubleProperty = 1e9

@c @implementation
public func gk_recognizer_set_double(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                     _ value: Double) -> gk_status {
    let l = lookup(engine, recognizer, property, .double)
    guard let r = l.r else { return l.status }
    guard value.isFinite, value >= 0, value <= maximumDoubleProperty else { return GK_ERR_INVALID_ARGUMENT }
    switch property {
    case GK_PROP_TAP_ALLOWABLE_MOVEMENT, GK_PROP_TAP_MAXIMUM_INTERVAL, GK_PROP_TAP_MAXIMUM_DURATION, GK_PROP_TAP_FINGER_WINDOW:
        guard let tap = r as? TapGestureRecognizer else { return GK_ERR_WRONG_KIND }
        switch property {
        case GK_PROP_TAP_ALLOWABLE_MOVEMENT: tap.allowableMovement = value
        case GK_PROP_TAP_MAXIMUM_INTERVAL:
            guard value > 0 else { return GK_ERR_INVALID_ARGUMENT }
            tap.maximumTapInterval = value
        case GK_PROP_TAP_MAXIMUM_DURATION:
            guard value > 0 else { return GK_ERR_INVALID_ARGUMENT }
            tap.maximumTapDuration = value
        default:
            guard value > 0 else { return GK_ERR_INVALID_ARGUMENT }
            tap.fingerWindow = value
        }
    case GK_PROP_PAN_HYSTERESIS, GK_PROP_PAN_VELOCITY_WINDOW, GK_PROP_PAN_VELOCITY_PAUSE_LIMIT:
        guard let pan = r as? PanGestureRecognizer else { return GK_ERR_WRONG_KIND }
        switch property {
        case GK_PROP_PAN_HYSTERESIS: pan.hysteresis = value
        case GK_PROP_PAN_VELOCITY_WINDOW:
            guard value > 0 else { return GK_ERR_INVALID_ARGUMENT }
            pan.velocityWindow = value
        default: pan.velocityPauseLimit = value
        }
    default:
        return GK_ERR_UNKNOWN_PROPERTY
    }
    return GK_OK
}

@c @implementation
public func gk_recognizer_get_double(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                     _ out: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    let l = lookup(engine, recognizer, property, .double)
    guard let r = l.r else { return l.status }
    switch property {
    case GK_PROP_TAP_ALLOWABLE_MOVEMENT, GK_PROP_TAP_MAXIMUM_INTERVAL, GK_PROP_TAP_MAXIMUM_DURATION, GK_PROP_TAP_FINGER_WINDOW:
        guard let tap = r as? TapGestureRecognizer else { return GK_ERR_WRONG_KIND }
        switch property {
        case GK_PROP_TAP_ALLOWABLE_MOVEMENT: out.pointee = tap.allowableMovement
        case GK_PROP_TAP_MAXIMUM_INTERVAL: out.pointee = tap.maximumTapInterval
        case GK_PROP_TAP_MAXIMUM_DURATION: out.pointee = tap.maximumTapDuration
        default: out.pointee = tap.fingerWindow
        }
    case GK_PROP_PAN_HYSTERESIS, GK_PROP_PAN_VELOCITY_WINDOW, GK_PROP_PAN_VELOCITY_PAUSE_LIMIT:
        guard let pan = r as? PanGestureRecognizer else { return GK_ERR_WRONG_KIND }
        switch property {
        case GK_PROP_PAN_HYSTERESIS: out.pointee = pan.hysteresis
        case GK_PROP_PAN_VELOCITY_WINDOW: out.pointee = pan.velocityWindow
        default: out.pointee = pan.velocityPauseLimit
        }
    default:
        return GK_ERR_UNKNOWN_PROPERTY
    }
    return GK_OK
}
