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
