import CGestureKit

// Recognizers' C face: lifetime, attachment, state, names, requirements, targets, values.

@c @implementation
@_optimize(size) public func gk_recognizer_create(_ engine: OpaquePointer?, _ kind: gk_recognizer_kind,
                                 _ out: UnsafeMutablePointer<gk_recognizer>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    do { try box.engine.checkNotBusy() } catch { return status(error) }
    let r: GestureRecognizer
    switch kind {
    case GK_KIND_TAP: r = TapGestureRecognizer()
    case GK_KIND_LONG_PRESS: r = LongPressGestureRecognizer()
    case GK_KIND_PAN: r = PanGestureRecognizer()
    case GK_KIND_SCREEN_EDGE_PAN: r = ScreenEdgePanGestureRecognizer()
    case GK_KIND_SWIPE: r = SwipeGestureRecognizer()
    case GK_KIND_PINCH: r = PinchGestureRecognizer()
    case GK_KIND_ROTATION: r = RotationGestureRecognizer()
    case GK_KIND_HOVER: r = HoverGestureRecognizer()
    case GK_KIND_STROKE: r = StrokeGestureRecognizer()
    case GK_KIND_ONE_FINGER_ZOOM: r = OneFingerZoomGestureRecognizer()
    case GK_KIND_CUSTOM:
        return GK_ERR_UNSUPPORTED   // custom recognizers are created with their callback table
    default:
        return GK_ERR_INVALID_ARGUMENT
    }
    do { out.pointee = box.handle(try box.engine.register(r)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_destroy(_ engine: OpaquePointer?, _ recognizer: gk_recognizer) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.unregister(r) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_attach(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ view: gk_view) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer), let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.add(r, to: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_detach(_ engine: OpaquePointer?, _ recognizer: gk_recognizer) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.detach(r) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_get_view(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                   _ out: UnsafeMutablePointer<gk_view>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    out.pointee = box.handle(r.view)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_get_kind(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                   _ out: UnsafeMutablePointer<gk_recognizer_kind>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    out.pointee = gk_recognizer_kind(rawValue: UInt32(r.kind.rawValue))
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_get_state(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                    _ out: UnsafeMutablePointer<gk_state>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    out.pointee = gk_state(rawValue: UInt32(r.state.rawValue))
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_set_name(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                   _ name: UnsafePointer<CChar>?, _ length: Int) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    guard length >= 0, length <= 255 else { return GK_ERR_INVALID_ARGUMENT }
    if length > 0 && name == nil { return GK_ERR_NULL_POINTER }
    r.name = bytes(name, count: length)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_get_name(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                   _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                                   _ outLength: UnsafeMutablePointer<Int>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    if size != 0 && buffer == nil { return GK_ERR_NULL_POINTER }
    copyText(r.name, to: buffer, size: size, length: outLength)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_require_failure_of(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                             _ other: gk_recognizer) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer), let o = box.recognizer(other) else { return GK_ERR_STALE_HANDLE }
    guard r !== o else { return GK_ERR_INVALID_ARGUMENT }
    if !r.failureRequirements.contains(where: { $0 === o }) {
        guard r.failureRequirements.count < Int(GK_MAX_FAILURE_REQUIREMENTS) else { return GK_ERR_CAPACITY }
    }
    r.require(toFail: o)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_remove_failure_requirement(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                                     _ other: gk_recognizer) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer), let o = box.recognizer(other) else { return GK_ERR_STALE_HANDLE }
    r.removeFailureRequirement(o)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_add_target(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ fn: gk_action_fn?,
                                     _ userData: UnsafeMutableRawPointer?) -> gk_status {
    guard let engine, let box = unwrapEngine(engine), let fn else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    let fnBits = UInt(bitPattern: unsafeBitCast(fn, to: UnsafeRawPointer.self))
    let dataBits = UInt(bitPattern: userData)
    if !r.targets.contains(where: { $0.isKeyed && $0.keyFunction == fnBits && $0.keyData == dataBits }) {
        guard r.targets.count < Int(GK_MAX_TARGETS) else { return GK_ERR_CAPACITY }
    }
    let enginePointer = engine
    r.addKeyedTarget(function: fnBits, data: dataBits) { _, snapshot in
        var a = cAction(snapshot)
        fn(enginePointer, &a, userData)
    }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_remove_target(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ fn: gk_action_fn?,
                                        _ userData: UnsafeMutableRawPointer?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    let fnBits: UInt? = fn.map { UInt(bitPattern: unsafeBitCast($0, to: UnsafeRawPointer.self)) }
    let dataBits: UInt? = userData.map { UInt(bitPattern: $0) }
    r.removeKeyedTargets(function: fnBits, data: dataBits)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_location(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ view: gk_view,
                                   _ out: UnsafeMutablePointer<gk_point>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    let v = box.optionalView(view)
    guard v.ok else { return GK_ERR_STALE_HANDLE }
    out.pointee = gk_point(r.location(in: v.view))
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_number_of_touches(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                           _ out: UnsafeMutablePointer<UInt32>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    out.pointee = UInt32(truncatingIfNeeded: r.numberOfTouches)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_location_of_touch(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ index: UInt32,
                                           _ view: gk_view, _ out: UnsafeMutablePointer<gk_point>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    let v = box.optionalView(view)
    guard v.ok else { return GK_ERR_STALE_HANDLE }
    guard let p = r.location(ofTouch: Int(clamping: index), in: v.view) else { return GK_ERR_OUT_OF_RANGE }
    out.pointee = gk_point(p)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_pan_translation(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ view: gk_view,
                               _ out: UnsafeMutablePointer<gk_point>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    guard let pan = r as? PanGestureRecognizer else { return GK_ERR_WRONG_KIND }
    let v = box.optionalView(view)
    guard v.ok else { return GK_ERR_STALE_HANDLE }
    out.pointee = gk_point(pan.translation(in: v.view))
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_pan_set_translation(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ translation: gk_point,
                                   _ view: gk_view) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    guard let pan = r as? PanGestureRecognizer else { return GK_ERR_WRONG_KIND }
    let v = box.optionalView(view)
    guard v.ok else { return GK_ERR_STALE_HANDLE }
    guard translation.x.isFinite, translation.y.isFinite else { return GK_ERR_INVALID_ARGUMENT }
    pan.setTranslation(translation.point, in: v.view)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_pan_velocity(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ view: gk_view,
                            _ out: UnsafeMutablePointer<gk_point>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    guard let pan = r as? PanGestureRecognizer else { return GK_ERR_WRONG_KIND }
    let v = box.optionalView(view)
    guard v.ok else { return GK_ERR_STALE_HANDLE }
    out.pointee = gk_point(pan.velocity(in: v.view))
    return GK_OK
}
