import CGestureKit

// Delegate questions from C: each installed function pointer becomes one of the recognizer's
// closures, which hand the engine pointer and handles back to the host.

@c @implementation
@_optimize(size) public func gk_recognizer_set_delegate(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                       _ delegate: UnsafePointer<gk_delegate>?) -> gk_status {
    guard let engine, let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    // Not from any callback or hook: an update pass may be asking these questions right now.
    do { try box.engine.checkNotBusy() } catch { return status(error) }
    r.shouldBegin = nil
    r.shouldReceive = nil
    r.shouldRecognizeSimultaneously = nil
    r.shouldRequireFailureOf = nil
    r.shouldBeRequiredToFailBy = nil
    guard let delegate else { return GK_OK }
    guard cSize(delegate.pointee.size) >= MemoryLayout<gk_delegate>.size else { return GK_ERR_STRUCT_SIZE }
    let d = delegate.pointee
    let ud = d.user_data
    let e = engine
    if let fn = d.should_begin {
        r.shouldBegin = { g in
            guard let b = unwrapEngine(e) else { return true }
            return fn(e, b.handle(b.engine.id(of: g)), ud)
        }
    }
    if let fn = d.should_receive_touch {
        r.shouldReceive = { g, touch in
            guard let b = unwrapEngine(e) else { return true }
            return fn(e, b.handle(b.engine.id(of: g)), touch.id, touch.location.x, touch.location.y, ud)
        }
    }
    if let fn = d.should_recognize_simultaneously {
        r.shouldRecognizeSimultaneously = { g, other in
            guard let b = unwrapEngine(e), other.host === b.engine else { return false }
            return fn(e, b.handle(b.engine.id(of: g)), b.handle(b.engine.id(of: other)), ud)
        }
    }
    if let fn = d.should_require_failure_of {
        r.shouldRequireFailureOf = { g, other in
            guard let b = unwrapEngine(e), other.host === b.engine else { return false }
            return fn(e, b.handle(b.engine.id(of: g)), b.handle(b.engine.id(of: other)), ud)
        }
    }
    if let fn = d.should_be_required_to_fail_by {
        r.shouldBeRequiredToFailBy = { g, other in
            guard let b = unwrapEngine(e), other.host === b.engine else { return false }
            return fn(e, b.handle(b.engine.id(of: g)), b.handle(b.engine.id(of: other)), ud)
        }
    }
    return GK_OK
}
