import CGestureKit

// The view tree's C face.

@c @implementation
@_optimize(size) public func gk_view_create(_ engine: OpaquePointer?, _ parent: gk_view, _ frame: UnsafePointer<gk_rect>?,
                           _ outView: UnsafeMutablePointer<gk_view>?) -> gk_status {
    guard let box = unwrapEngine(engine), let frame, let outView else { return GK_ERR_NULL_POINTER }
    guard let p = box.view(parent) else { return GK_ERR_STALE_HANDLE }
    let f = frame.pointee
    do {
        let v = try box.engine.addView(frame: Rect(x: f.x, y: f.y, width: f.width, height: f.height), to: p)
        outView.pointee = box.handle(v)
    } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_destroy(_ engine: OpaquePointer?, _ view: gk_view) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.removeView(v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_set_parent(_ engine: OpaquePointer?, _ view: gk_view, _ parent: gk_view) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view), let p = box.view(parent) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.moveView(v, to: p) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_parent(_ engine: OpaquePointer?, _ view: gk_view, _ out: UnsafeMutablePointer<gk_view>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { out.pointee = box.handle(try box.engine.parent(of: v)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_set_frame(_ engine: OpaquePointer?, _ view: gk_view, _ frame: UnsafePointer<gk_rect>?) -> gk_status {
    guard let box = unwrapEngine(engine), let frame else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    let f = frame.pointee
    do { try box.engine.setFrame(Rect(x: f.x, y: f.y, width: f.width, height: f.height), of: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_frame(_ engine: OpaquePointer?, _ view: gk_view, _ out: UnsafeMutablePointer<gk_rect>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do {
        let f = try box.engine.frame(of: v)
        out.pointee = gk_rect(x: f.origin.x, y: f.origin.y, width: f.size.width, height: f.size.height)
    } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_set_bounds_origin(_ engine: OpaquePointer?, _ view: gk_view, _ origin: gk_point) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.setBoundsOrigin(origin.point, of: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_bounds_origin(_ engine: OpaquePointer?, _ view: gk_view, _ out: UnsafeMutablePointer<gk_point>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { out.pointee = gk_point(try box.engine.boundsOrigin(of: v)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_set_transform(_ engine: OpaquePointer?, _ view: gk_view, _ t: UnsafePointer<gk_transform>?) -> gk_status {
    guard let box = unwrapEngine(engine), let t else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    let c = t.pointee
    do {
        try box.engine.setTransform(AffineTransform(a: c.a, b: c.b, c: c.c, d: c.d, tx: c.tx, ty: c.ty), of: v)
    } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_transform(_ engine: OpaquePointer?, _ view: gk_view, _ out: UnsafeMutablePointer<gk_transform>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do {
        let t = try box.engine.transform(of: v)
        out.pointee = gk_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    } catch { return status(error) }
    return GK_OK
}

@_optimize(size) private func viewFlag(_ f: gk_view_flag) -> ViewFlag? {
    ViewFlag(rawValue: UInt8(truncatingIfNeeded: f.rawValue)).flatMap { f.rawValue <= 5 ? $0 : nil }
}

@c @implementation
@_optimize(size) public func gk_view_set_flag(_ engine: OpaquePointer?, _ view: gk_view, _ flag: gk_view_flag, _ value: Bool) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    guard let f = viewFlag(flag) else { return GK_ERR_INVALID_ARGUMENT }
    do { try box.engine.setFlag(f, value, of: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_flag(_ engine: OpaquePointer?, _ view: gk_view, _ flag: gk_view_flag, _ out: UnsafeMutablePointer<Bool>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    guard let f = viewFlag(flag) else { return GK_ERR_INVALID_ARGUMENT }
    do { out.pointee = try box.engine.flag(f, of: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_set_alpha(_ engine: OpaquePointer?, _ view: gk_view, _ alpha: Double) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.setAlpha(alpha, of: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_alpha(_ engine: OpaquePointer?, _ view: gk_view, _ out: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { out.pointee = try box.engine.alpha(of: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_set_user_data(_ engine: OpaquePointer?, _ view: gk_view, _ userData: UnsafeMutableRawPointer?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.setUserData(UInt(bitPattern: userData), of: v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_user_data(_ engine: OpaquePointer?, _ view: gk_view,
                                  _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { out.pointee = UnsafeMutableRawPointer(bitPattern: try box.engine.userData(of: v)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_convert_point(_ engine: OpaquePointer?, _ point: gk_point, _ from: gk_view, _ to: gk_view,
                                  _ out: UnsafeMutablePointer<gk_point>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    let f = box.optionalView(from), t = box.optionalView(to)
    guard f.ok, t.ok else { return GK_ERR_STALE_HANDLE }
    // Positions are bounded like touch positions; with the transform limits the result is finite.
    guard point.x.isFinite, point.y.isFinite, abs(point.x) <= 1e12, abs(point.y) <= 1e12 else {
        return GK_ERR_INVALID_ARGUMENT
    }
    let window = box.engine.tree.convert(point.point, from: f.view)
    let result = box.engine.tree.convert(window, to: t.view)
    guard result.x.isFinite, result.y.isFinite else { return GK_ERR_INVALID_ARGUMENT }   // never handed out
    out.pointee = gk_point(result)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_hit_test(_ engine: OpaquePointer?, _ point: gk_point, _ out: UnsafeMutablePointer<gk_view>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard point.x.isFinite, point.y.isFinite else { return GK_ERR_INVALID_ARGUMENT }
    out.pointee = box.handle(box.engine.tree.hitTest(window: point.point))
    return GK_OK
}
