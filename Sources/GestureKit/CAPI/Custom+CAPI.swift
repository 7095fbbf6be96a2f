import CGestureKit

// Custom recognizers from C: a GestureRecognizer subclass whose overridable methods call the
// host's gk_custom_recognizer table, and the subclass-only functions those hooks may call.

/// A recognizer whose logic lives in the host's C functions.
final class CustomRecognizer: GestureRecognizer {
    let hooks: gk_custom_recognizer
    /// The `gk_engine *` handed back to the hooks.
    let enginePointer: OpaquePointer
    /// Scratch for the touches handed to a hook (hooks never nest: feeding is refused inside them).
    private var buffer: [gk_touch_info] = []

    init(hooks: gk_custom_recognizer, continuous: Bool, enginePointer: OpaquePointer) {
        self.hooks = hooks
        self.enginePointer = enginePointer
        super.init(kind: .custom, isContinuous: continuous)
        buffer.reserveCapacity(4)
    }

    private var box: CEngine? { unwrapEngine(enginePointer) }

    private var handle: gk_recognizer {
        guard let box, host != nil, slot >= 0 else { return 0 }
        return box.handle(box.engine.id(of: self))
    }

    private func call(_ fn: gk_touches_fn?, _ touches: [Touch], _ time: Double) {
        guard let fn, let box else { return }
        buffer.clearKeepingCapacity()
        for t in touches { buffer.append(touchInfo(t, box)) }
        let h = handle
        let e = enginePointer
        let ud = hooks.user_data
        buffer.withUnsafeBufferPointer { p in fn(e, h, p.baseAddress, p.count, time, ud) }
    }

    override func touchesBegan(_ touches: [Touch], at time: Double) { call(hooks.touches_began, touches, time) }
    override func touchesMoved(_ touches: [Touch], at time: Double) { call(hooks.touches_moved, touches, time) }
    override func touchesEnded(_ touches: [Touch], at time: Double) { call(hooks.touches_ended, touches, time) }
    override func touchesCancelled(_ touches: [Touch], at time: Double) { call(hooks.touches_cancelled, touches, time) }

    override func deadlineReached(at time: Double) {
        hooks.deadline_reached?(enginePointer, handle, time, hooks.user_data)
    }

    override func reset() {
        hooks.reset?(enginePointer, handle, hooks.user_data)
    }

    private func ask(_ fn: gk_recognizer_pair_fn?, _ other: GestureRecognizer, _ fallback: Bool) -> Bool {
        guard let fn, let box, other.host === box.engine, other.slot >= 0 else { return fallback }
        return fn(enginePointer, handle, box.handle(box.engine.id(of: other)), hooks.user_data)
    }

    override func canPrevent(_ other: GestureRecognizer) -> Bool { ask(hooks.can_prevent, other, true) }
    override func canBePrevented(by other: GestureRecognizer) -> Bool { ask(hooks.can_be_prevented, other, true) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        ask(hooks.should_require_failure_of, other, false)
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        ask(hooks.should_be_required_to_fail_by, other, false)
    }
    override var asksToRequireFailure: Bool { hooks.should_require_failure_of != nil }
    override var asksToBeRequiredToFail: Bool { hooks.should_be_required_to_fail_by != nil }
}

func touchInfo(_ t: Touch, _ box: CEngine) -> gk_touch_info {
    gk_touch_info(id: t.id, phase: UInt32(t.phase.rawValue), type: UInt32(t.type.rawValue),
                  location: gk_point(t.location), previous_location: gk_point(t.previousLocation),
                  start_location: gk_point(t.startLocation), timestamp: t.timestamp,
                  start_timestamp: t.startTimestamp, view: box.handle(t.view), force: t.force,
                  major_radius: t.majorRadius, buttons: t.buttons.rawValue, modifiers: t.modifiers.rawValue)
}

@c @implementation
@_optimize(size) public func gk_recognizer_create_custom(_ engine: OpaquePointer?, _ hooks: UnsafePointer<gk_custom_recognizer>?,
                                        _ continuous: Bool, _ out: UnsafeMutablePointer<gk_recognizer>?) -> gk_status {
    guard let engine, let box = unwrapEngine(engine), let hooks, let out else { return GK_ERR_NULL_POINTER }
    guard cSize(hooks.pointee.size) >= MemoryLayout<gk_custom_recognizer>.size else { return GK_ERR_STRUCT_SIZE }
    do { try box.engine.checkNotBusy() } catch { return status(error) }
    let r = CustomRecognizer(hooks: hooks.pointee, continuous: continuous, enginePointer: engine)
    do { out.pointee = box.handle(try box.engine.register(r)) } catch { return status(error) }
    return GK_OK
}

/// The custom recognizer behind a handle, or the status to return.
private func custom(_ engine: OpaquePointer?, _ h: gk_recognizer) -> (CEngine?, CustomRecognizer?, gk_status) {
    guard let box = unwrapEngine(engine) else { return (nil, nil, GK_ERR_NULL_POINTER) }
    guard let r = box.recognizer(h) else { return (box, nil, GK_ERR_STALE_HANDLE) }
    guard let c = r as? CustomRecognizer else { return (box, nil, GK_ERR_WRONG_KIND) }
    return (box, c, GK_OK)
}

@c @implementation
public func gk_recognizer_set_state(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ state: gk_state) -> gk_status {
    let (b, c, st) = custom(engine, recognizer)
    guard let box = b, let r = c else { return st }
    guard state.rawValue <= 5, let s = GestureState(rawValue: UInt8(state.rawValue)) else { return GK_ERR_INVALID_ARGUMENT }
    guard box.engine.acceptsStateRequests else { return GK_ERR_BUSY }
    guard r.viewSlot >= 0 else { return GK_ERR_NOT_ATTACHED }
    r.state = s
    return GK_OK
}

@c @implementation
public func gk_recognizer_ignore_touch(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ touchID: Int64) -> gk_status {
    let (b, c, st) = custom(engine, recognizer)
    guard let box = b, let r = c else { return st }
    guard box.engine.acceptsStateRequests else { return GK_ERR_BUSY }
    guard let t = r.trackedTouches.first(where: { $0.id == touchID }) else { return GK_ERR_UNKNOWN_TOUCH }
    r.ignore(t)
    return GK_OK
}

@c @implementation
public func gk_recognizer_set_deadline(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ timestamp: Double) -> gk_status {
    // A custom recognizer's deadline hook; a stroke recognizer's decision (the host says the shape
    // is done, or keeps it open: docs/STROKES.md, "When a shape ends").
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    guard r is CustomRecognizer || r is StrokeGestureRecognizer else { return GK_ERR_WRONG_KIND }
    guard !timestamp.isNaN, timestamp != -.infinity else { return GK_ERR_INVALID_ARGUMENT }
    if timestamp == .infinity { r.clearDeadline() } else { r.setDeadline(timestamp) }
    return GK_OK
}

@c @implementation
public func gk_recognizer_get_touch(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ index: UInt32,
                                    _ out: UnsafeMutablePointer<gk_touch_info>?, _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer) else { return GK_ERR_STALE_HANDLE }
    guard cSize(size) >= MemoryLayout<gk_touch_info>.size else { return GK_ERR_STRUCT_SIZE }
    guard Int(clamping: index) < r.trackedTouches.count else { return GK_ERR_OUT_OF_RANGE }
    copyOut(touchInfo(r.trackedTouches[Int(clamping: index)], box), to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}

// MARK: View veto

@c @implementation
@_optimize(size) public func gk_view_set_should_begin(_ engine: OpaquePointer?, _ view: gk_view, _ fn: gk_view_should_begin_fn?,
                                     _ userData: UnsafeMutableRawPointer?) -> gk_status {
    guard let engine, let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    var closure: ((ViewID, GestureRecognizer) -> Bool)?
    if let fn {
        let e = engine
        closure = { view, r in
            guard let b = unwrapEngine(e), r.host === b.engine else { return true }
            return fn(e, b.handle(view), b.handle(b.engine.id(of: r)), userData)
        }
    }
    do { try box.engine.setGestureRecognizerShouldBegin(closure, for: v) } catch { return status(error) }
    return GK_OK
}

// MARK: View touch callback

@c @implementation
@_optimize(size) public func gk_view_set_touch_callback(_ engine: OpaquePointer?, _ view: gk_view, _ fn: gk_delivery_fn?,
                                       _ userData: UnsafeMutableRawPointer?) -> gk_status {
    guard let engine, let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    var closure: ((ViewDelivery) -> Void)?
    if let fn {
        let e = engine
        closure = { d in
            var c = cDelivery(d)
            fn(e, &c, userData)
        }
    }
    do { try box.engine.setTouchHandler(closure, for: v) } catch { return status(error) }
    return GK_OK
}

// MARK: Flight recorder

@c @implementation
@_optimize(size) public func gk_engine_set_flight_recorder(_ engine: OpaquePointer?, _ capacity: UInt32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    do { try box.engine.enableFlightRecorder(capacity: Int(clamping: capacity)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_read_flight_recorder(_ engine: OpaquePointer?, _ entries: UnsafeMutablePointer<gk_recorded_input>?,
                                           _ capacity: Int, _ entrySize: Int, _ outCount: UnsafeMutablePointer<Int>?) -> gk_status {
    guard let box = unwrapEngine(engine), let outCount else { return GK_ERR_NULL_POINTER }
    if capacity != 0 {
        guard entries != nil else { return GK_ERR_NULL_POINTER }
        guard cSize(entrySize) >= MemoryLayout<gk_recorded_input>.size else { return GK_ERR_STRUCT_SIZE }
        guard cSize(entrySize) <= 1 << 16 else { return GK_ERR_INVALID_ARGUMENT }   // k × entrySize must not overflow
    }
    let base = entries.map { UnsafeMutableRawPointer($0) }
    var k = 0
    outCount.pointee = box.engine.forEachRecordedInput { e in
        guard let base, cSize(k) < cSize(capacity) else { return }
        let t = e.touch
        let kind: UInt32 = e.kind == .touch && t.type == .press ? 5 : UInt32(e.kind.rawValue)   // GK_RECORDED_PRESS
        let c = gk_recorded_input(kind: kind, starts_frame: e.startsFrame ? 1 : 0, timestamp: e.time,
                                  touch: gk_touch(id: t.type == .press ? Int64(t.pressType.rawValue) : t.id, phase: UInt32(t.phase.rawValue), type: UInt32(t.type.rawValue),
                                                  x: t.location.x, y: t.location.y, force: t.force,
                                                  major_radius: t.majorRadius, buttons: t.buttons.rawValue,
                                                  modifiers: t.modifiers.rawValue),
                                  hover_phase: UInt32(e.hoverPhase.rawValue), hover_type: UInt32(e.hoverType.rawValue))
        copyOut(c, to: base + k * entrySize, size: MemoryLayout<gk_recorded_input>.size)
        k += 1
    }
    return GK_OK
}

// MARK: Decision log

@c @implementation
@_optimize(size) public func gk_engine_set_decision_log(_ engine: OpaquePointer?, _ capacity: UInt32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    do { try box.engine.enableDecisionLog(capacity: Int(clamping: capacity)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_poll_decision(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_decision>?, _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= MemoryLayout<gk_decision>.size else { return GK_ERR_STRUCT_SIZE }
    guard let d = box.engine.nextDecision() else { return GK_EMPTY }
    let c = gk_decision(sequence: d.sequence, timestamp: d.timestamp, recognizer: d.recognizer.map { box.handle($0) } ?? 0,
                        other: d.other.map { box.handle($0) } ?? 0, view: box.handle(d.view), touch_id: d.touchID,
                        event: UInt32(d.event.rawValue), cause: UInt32(d.cause.rawValue),
                        from_state: UInt32(d.from.rawValue), to_state: UInt32(d.to.rawValue))
    copyOut(c, to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}

private let decisionEventTexts: [StaticString] = [
    "tracks touch", "refused touch", "state requested", "accepted", "waiting for failure of", "released",
    "prevented by", "required recognizer succeeded", "vetoed by delegate", "vetoed by view", "requirement cycle",
    "stopped by host", "ignored touch", "added stroke", "touch held too briefly", "touch ignored as a repeat",
]
private let unknownDecisionText: StaticString = "unknown event"

@c @implementation
public func gk_decision_event_string(_ event: gk_decision_event) -> UnsafePointer<CChar>? {
    let raw = Int(clamping: event.rawValue)
    let text = raw < decisionEventTexts.count ? decisionEventTexts[raw] : unknownDecisionText
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
