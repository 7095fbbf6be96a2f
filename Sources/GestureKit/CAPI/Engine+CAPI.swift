import CGestureKit
import CGestureKitHandles

// The engine's C face: creation, input, time, queues. Validation happens here; the Swift core
// reports the rest through `EngineError`.

@c @implementation
public func gk_engine_options_init(_ options: UnsafeMutablePointer<gk_engine_options>?) -> gk_status {
    guard let options else { return GK_ERR_NULL_POINTER }
    let d = EngineOptions()
    options.pointee = gk_engine_options(
        size: MemoryLayout<gk_engine_options>.size,
        screen_width: d.screenSize.width, screen_height: d.screenSize.height,
        points_per_mm: d.pointsPerMillimetre,
        max_touches: UInt32(d.maximumTouches), max_views: UInt32(d.maximumViews),
        max_recognizers: UInt32(d.maximumRecognizers),
        action_queue_capacity: UInt32(d.actionQueueCapacity),
        delivery_queue_capacity: UInt32(d.deliveryQueueCapacity), flags: 0)
    return GK_OK
}

@c @implementation
public func gk_engine_create(_ options: UnsafePointer<gk_engine_options>?,
                             _ outEngine: UnsafeMutablePointer<OpaquePointer?>?) -> gk_status {
    guard let outEngine else { return GK_ERR_NULL_POINTER }
    var o = EngineOptions()
    if let options {
        let c = options.pointee
        guard cSize(c.size) >= MemoryLayout<gk_engine_options>.size else { return GK_ERR_STRUCT_SIZE }
        o.screenSize = Size(width: c.screen_width, height: c.screen_height)
        o.pointsPerMillimetre = c.points_per_mm
        o.maximumTouches = Int(clamping: c.max_touches)
        o.maximumViews = Int(clamping: c.max_views)
        o.maximumRecognizers = Int(clamping: c.max_recognizers)
        o.actionQueueCapacity = Int(clamping: c.action_queue_capacity)
        o.deliveryQueueCapacity = Int(clamping: c.delivery_queue_capacity)
        guard c.flags & ~GK_ENGINE_LOG_TRANSITIONS.rawValue == 0 else { return GK_ERR_INVALID_ARGUMENT }
        o.logsTransitions = c.flags != 0
    }
    guard o.isValid else { return GK_ERR_INVALID_ARGUMENT }
    let engine: Engine
    do { engine = try Engine(options: o) } catch { return status(error) }
    let tag = gk_handle_tag(0, 0)
    guard tag != 0 else { return GK_ERR_CAPACITY }   // 65,535 engines are alive
    let box = CEngine(engine: engine, tag: tag)
    outEngine.pointee = OpaquePointer(Unmanaged.passRetained(box).toOpaque())
    return GK_OK
}

@c @implementation
public func gk_engine_destroy(_ engine: OpaquePointer?) -> gk_status {
    guard let engine, let box = unwrapEngine(engine) else { return GK_OK }
    do { try box.engine.checkNotBusy() } catch { return status(error) }
    Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer(engine)).release()
    return GK_OK
}

@c @implementation
public func gk_engine_root_view(_ engine: OpaquePointer?, _ outView: UnsafeMutablePointer<gk_view>?) -> gk_status {
    guard let box = unwrapEngine(engine), let outView else { return GK_ERR_NULL_POINTER }
    outView.pointee = box.handle(box.engine.rootView)
    return GK_OK
}

@c @implementation
public func gk_engine_feed(_ engine: OpaquePointer?, _ timestamp: Double,
                           _ touches: UnsafePointer<gk_touch>?, _ count: Int) -> gk_status {
    withEngine(engine) { box in
        guard count >= 0, count <= Engine.maximumFrameTouches else {
            box.engine.countRejected(.capacityExceeded)
            return GK_ERR_CAPACITY
        }
        if count > 0 && touches == nil { return GK_ERR_NULL_POINTER }
        // Refused before the frame buffer is touched: a call from a callback of an outer feed must
        // not write the buffer that call lends to the engine.
        guard refuseWhenBusy(box) == GK_OK else { return GK_ERR_BUSY }
        // The engine's reusable buffer: no allocation per frame once it has grown to the frame size.
        if let touches {
            let st = loadFrame(box, touches, count)
            guard st == GK_OK else {
                box.engine.countRejected(.invalidArgument)
                return st
            }
        } else {
            box.frame.clearKeepingCapacity()
        }
        do throws(EngineError) { try box.engine.feed(time: timestamp, frame: &box.frame) } catch { return status(error) }
        return GK_OK
    }
}

/// `GK_ERR_BUSY` (counted as a rejected call) while an update pass or a host callback runs.
@inline(__always)
private func refuseWhenBusy(_ box: CEngine) -> gk_status {
    guard box.engine.isBusy else { return GK_OK }
    box.engine.countRejected(.busy)
    return GK_ERR_BUSY
}

/// Converts `count` C touches into the engine's reusable frame buffer. A touch with an unknown
/// phase or type stops the conversion with `GK_ERR_INVALID_ARGUMENT`; the buffer is scratch space
/// that only a successful conversion hands to the engine, so what was written before does not matter.
private func loadFrame(_ box: CEngine, _ touches: UnsafePointer<gk_touch>, _ count: Int) -> gk_status {
    // Sized first (usually it already is), then written in place: one uniqueness check per frame.
    if box.frame.count != count { box.frame.resize(to: count, with: TouchInput(id: 0, phase: .stationary, location: .zero)) }
    return box.frame.withUnsafeMutableBufferPointer { frame in
        for k in 0..<count {
            let t = touches[k]
            guard t.phase <= 4, t.type <= 2, let phase = TouchPhase(rawValue: UInt8(t.phase)),
                  let type = TouchType(rawValue: UInt8(t.type)) else { return GK_ERR_INVALID_ARGUMENT }
            frame[k] = TouchInput(id: t.id, phase: phase, location: Point(x: t.x, y: t.y), type: type,
                                  force: t.force, majorRadius: t.major_radius,
                                  buttons: ButtonMask(rawValue: t.buttons),
                                  modifiers: ModifierFlags(rawValue: t.modifiers))
        }
        return GK_OK
    }
}

@c @implementation
public func gk_engine_feed_frames(_ engine: OpaquePointer?, _ timestamps: UnsafePointer<Double>?,
                                  _ counts: UnsafePointer<UInt32>?, _ frameCount: Int,
                                  _ touches: UnsafePointer<gk_touch>?, _ touchCount: Int,
                                  _ outFed: UnsafeMutablePointer<Int>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    outFed?.pointee = 0
    guard frameCount >= 0, touchCount >= 0 else { return GK_ERR_INVALID_ARGUMENT }
    guard frameCount == 0 || (timestamps != nil && counts != nil) else { return GK_ERR_NULL_POINTER }
    guard touchCount == 0 || touches != nil else { return GK_ERR_NULL_POINTER }
    guard let timestamps, let counts else { return GK_OK }
    // The counts must add up to exactly `touchCount`: checked before anything is fed.
    var total = 0
    for i in 0..<frameCount {
        let n = Int(clamping: counts[i])
        guard n <= Engine.maximumFrameTouches else { return GK_ERR_CAPACITY }
        guard n <= touchCount - total else { return GK_ERR_INVALID_ARGUMENT }   // no overflow on 32-bit
        total += n
    }
    guard total == touchCount else { return GK_ERR_INVALID_ARGUMENT }
    guard refuseWhenBusy(box) == GK_OK else { return GK_ERR_BUSY }   // as gk_engine_feed
    var offset = 0
    for i in 0..<frameCount {
        let n = Int(clamping: counts[i])
        guard n <= Engine.maximumFrameTouches else { return GK_ERR_CAPACITY }
        guard n <= touchCount - offset else { return GK_ERR_INVALID_ARGUMENT }   // counts beyond the array
        if n > 0, let touches {
            let st = loadFrame(box, touches + offset, n)
            guard st == GK_OK else { return st }
        } else {
            box.frame.clearKeepingCapacity()
        }
        do { try box.engine.feed(time: timestamps[i], frame: &box.frame) } catch { return status(error) }
        offset += n
        outFed?.pointee = i + 1
    }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_set_focus(_ engine: OpaquePointer?, _ view: gk_view) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    let (ok, v) = box.optionalView(view)
    guard ok else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.setFocus(v) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_focus(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_view>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    out.pointee = box.handle(box.engine.focusedView)
    return GK_OK
}

@c @implementation
public func gk_engine_feed_press(_ engine: OpaquePointer?, _ timestamp: Double, _ type: gk_press_type,
                                 _ phase: gk_touch_phase, _ force: Double) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let t = PressType(rawValue: type.rawValue), phase.rawValue <= 4,
          let p = TouchPhase(rawValue: UInt8(phase.rawValue)) else { return GK_ERR_INVALID_ARGUMENT }
    do { try box.engine.press(time: timestamp, type: t, phase: p, force: force) } catch { return status(error) }
    return GK_OK
}

@c @implementation
public func gk_engine_feed_hover(_ engine: OpaquePointer?, _ timestamp: Double, _ phase: gk_hover_phase,
                                 _ type: gk_touch_type, _ x: Double, _ y: Double, _ modifiers: UInt32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard phase.rawValue <= 2, let p = HoverPhase(rawValue: UInt8(phase.rawValue)),
          type.rawValue <= 2, let t = TouchType(rawValue: UInt8(type.rawValue)) else { return GK_ERR_INVALID_ARGUMENT }
    do {
        try box.engine.hover(time: timestamp, phase: p, location: Point(x: x, y: y), type: t,
                             modifiers: ModifierFlags(rawValue: modifiers))
    } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_cancel_all_touches(_ engine: OpaquePointer?, _ timestamp: Double) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    do { try box.engine.cancelAllTouches(time: timestamp) } catch { return status(error) }
    return GK_OK
}

@c @implementation
public func gk_engine_advance(_ engine: OpaquePointer?, _ timestamp: Double) -> gk_status {
    withEngine(engine) { box in
        do throws(EngineError) { try box.engine.advance(to: timestamp) } catch { return status(error) }
        return GK_OK
    }
}

@c @implementation
public func gk_engine_next_deadline(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    return withEngine(engine) { box in
        out.pointee = box.engine.nextDeadline ?? Double.infinity
        return GK_OK
    }
}

@c @implementation
public func gk_engine_now(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    out.pointee = box.engine.now
    return GK_OK
}

/// The `count` bytes at `p` (the caller checked `count` and that `p` is non-NULL when it is
/// above 0).
func bytes(_ p: UnsafePointer<CChar>?, count: Int) -> [UInt8] {
    var out: [UInt8] = []
    guard let p, count > 0 else { return out }
    out.reserveCapacity(count)
    for k in 0..<count { out.append(UInt8(bitPattern: p[k])) }
    return out
}

/// Copies `text` into a caller buffer of `size` bytes, NUL-terminated and truncated to fit (nothing
/// when `size` is 0), and its whole length into `length` when given. The caller checked that
/// `buffer` is non-NULL when `size` is above 0.
@_optimize(size) func copyText(_ text: [UInt8], to buffer: UnsafeMutablePointer<CChar>?, size: Int, length: UnsafeMutablePointer<Int>?) {
    length?.pointee = text.count
    guard let buffer, size != 0 else { return }
    let n = cSize(size) - 1 < text.count ? size - 1 : text.count
    for k in 0..<n { buffer[k] = CChar(bitPattern: text[k]) }
    buffer[n] = 0
}

/// A `size_t` from C as its unsigned value: Swift imports `size_t` as `Int`, so a size of 2^63 or
/// more (`SIZE_MAX` included) would otherwise read as negative. A huge size or capacity is a
/// caller's large buffer, never a negative count.
@inline(__always)
func cSize(_ n: Int) -> UInt { UInt(bitPattern: n) }

/// Copies `value` into caller memory of `size` bytes, at most `MemoryLayout<T>.size`.
@inline(__always)
func copyOut<T>(_ value: T, to out: UnsafeMutableRawPointer, size: Int) {
    var v = value
    withUnsafeBytes(of: &v) { src in
        let n = cSize(size) < src.count ? size : src.count
        out.copyMemory(from: src.baseAddress!, byteCount: n)
    }
}

/// gk_engine_stats as 0.1.0 and 0.2.0 knew it: eleven counters, before the accessibility queue's two.
let minimumStatsSize = 11 * MemoryLayout<UInt64>.size

@c @implementation
@_optimize(size) public func gk_engine_get_stats(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_engine_stats>?, _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= minimumStatsSize else { return GK_ERR_STRUCT_SIZE }
    let e = box.engine
    let s = gk_engine_stats(pending_actions: UInt64(e.pendingActionCount), pending_deliveries: UInt64(e.pendingDeliveryCount),
                            dropped_actions: e.droppedActions, dropped_deliveries: e.droppedDeliveries,
                            touches_down: UInt64(e.touchesDown), views: UInt64(e.tree.count),
                            recognizers: UInt64(e.recognizerCount),
                            pending_transitions: UInt64(e.pendingTransitionCount),
                            dropped_transitions: e.droppedTransitions,
                            pending_decisions: UInt64(e.pendingDecisionCount), dropped_decisions: e.droppedDecisions,
                            pending_accessibility_events: UInt64(e.pendingAccessibilityEventCount),
                            dropped_accessibility_events: e.droppedAccessibilityEvents)
    copyOut(s, to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}
