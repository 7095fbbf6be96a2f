import CGestureKit

// Recognizer properties by id (gk_property): the six typed accessors. What each id means, its
// type, range and kind is in RecognizerProperties.swift, so adding a property adds no symbol.

/// Common prologue: the engine box and the recognizer.
@_optimize(size) private func lookup(_ engine: OpaquePointer?, _ h: gk_recognizer) -> (status: gk_status, box: CEngine?, r: GestureRecognizer?) {
    guard let box = unwrapEngine(engine) else { return (GK_ERR_NULL_POINTER, nil, nil) }
    guard let r = box.recognizer(h) else { return (GK_ERR_STALE_HANDLE, nil, nil) }
    return (GK_OK, box, r)
}

@_optimize(size) private func set(_ engine: OpaquePointer?, _ h: gk_recognizer, _ p: gk_property, _ v: PropertyValue) -> gk_status {
    let l = lookup(engine, h)
    guard let r = l.r, let box = l.box else { return l.status }
    return accessProperty(r, p, write: v, maximumTouches: box.engine.options.maximumTouches).status
}

@_optimize(size) private func get(_ engine: OpaquePointer?, _ h: gk_recognizer, _ p: gk_property) -> PropertyAccess {
    let l = lookup(engine, h)
    guard let r = l.r, let box = l.box else { return PropertyAccess(l.status) }
    return accessProperty(r, p, write: nil, maximumTouches: box.engine.options.maximumTouches)
}

@c @implementation
@_optimize(size) public func gk_recognizer_set_bool(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                   _ value: Bool) -> gk_status {
    set(engine, recognizer, property, .bool(value))
}

@c @implementation
@_optimize(size) public func gk_recognizer_get_bool(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                   _ out: UnsafeMutablePointer<Bool>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    let a = get(engine, recognizer, property)
    guard a.status == GK_OK else { return a.status }
    guard case .bool(let v) = a.value else { return GK_ERR_UNKNOWN_PROPERTY }
    out.pointee = v
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_set_int(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                  _ value: Int64) -> gk_status {
    set(engine, recognizer, property, .int(value))
}

@c @implementation
@_optimize(size) public func gk_recognizer_get_int(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                  _ out: UnsafeMutablePointer<Int64>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    let a = get(engine, recognizer, property)
    guard a.status == GK_OK else { return a.status }
    guard case .int(let v) = a.value else { return GK_ERR_UNKNOWN_PROPERTY }
    out.pointee = v
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_set_double(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                     _ value: Double) -> gk_status {
    set(engine, recognizer, property, .double(value))
}

@c @implementation
@_optimize(size) public func gk_recognizer_get_double(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ property: gk_property,
                                     _ out: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    let a = get(engine, recognizer, property)
    guard a.status == GK_OK else { return a.status }
    guard case .double(let v) = a.value else { return GK_ERR_UNKNOWN_PROPERTY }
    out.pointee = v
    return GK_OK
}
