import CGestureKit

// The C face of the accessibility settings (`Engine+Accessibility.swift`).

@c @implementation
public func gk_engine_set_timing_scale(_ engine: OpaquePointer?, _ scale: Double) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    do { try box.engine.setTimingScale(scale) } catch { return status(error) }
    return GK_OK
}

@c @implementation
public func gk_engine_get_timing_scale(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    out.pointee = box.engine.timingScale
    return GK_OK
}

private func cAccommodations(_ a: TouchAccommodations) -> gk_touch_accommodations {
    gk_touch_accommodations(size: MemoryLayout<gk_touch_accommodations>.size, hold_duration: a.holdDuration,
                            ignore_repeat: a.ignoreRepeat, ignore_repeat_distance: a.ignoreRepeatDistance,
                            tap_assistance: UInt32(a.tapAssistance.rawValue), tap_assistance_delay: a.tapAssistanceDelay)
}

@c @implementation
public func gk_touch_accommodations_init(_ a: UnsafeMutablePointer<gk_touch_accommodations>?) -> gk_status {
    guard let a else { return GK_ERR_NULL_POINTER }
    a.pointee = cAccommodations(TouchAccommodations())
    return GK_OK
}

@c @implementation
public func gk_engine_set_touch_accommodations(_ engine: OpaquePointer?,
                                              _ a: UnsafePointer<gk_touch_accommodations>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    var settings = TouchAccommodations()
    if let a {
        let c = a.pointee
        guard c.size >= MemoryLayout<gk_touch_accommodations>.size else { return GK_ERR_STRUCT_SIZE }
        settings.holdDuration = c.hold_duration
        settings.ignoreRepeat = c.ignore_repeat
        settings.ignoreRepeatDistance = c.ignore_repeat_distance
        guard c.tap_assistance <= 2, let mode = TapAssistance(rawValue: UInt8(c.tap_assistance)) else {
            return GK_ERR_INVALID_ARGUMENT
        }
        settings.tapAssistance = mode
        settings.tapAssistanceDelay = c.tap_assistance_delay
    }
    do { try box.engine.setTouchAccommodations(settings) } catch { return status(error) }
    return GK_OK
}

@c @implementation
public func gk_engine_get_touch_accommodations(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_touch_accommodations>?,
                                              _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard size >= MemoryLayout<gk_touch_accommodations>.size else { return GK_ERR_STRUCT_SIZE }
    copyOut(cAccommodations(box.engine.touchAccommodations), to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}
