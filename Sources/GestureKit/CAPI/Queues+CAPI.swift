import CGestureKit

// The queues the host drains: actions, view deliveries and the transition log. Actions and
// deliveries are queued in the C layout, so a poll copies an entry's bytes and a take lends the
// entries where they are.

/// The oldest struct layouts this version accepts: the fields up to the end of the first
/// version's last field.
let minimumActionSize = MemoryLayout<gk_action>.size
let minimumDeliverySize = MemoryLayout<gk_delivery>.size

/// The engine's queues hold actions and deliveries in the C layout (`ActionSnapshot`,
/// `ViewDelivery`): a C struct is the slot's first bytes, read in place.
func cAction(_ s: borrowing ActionSnapshot) -> gk_action {
    unsafeBitCast(copy s, to: gk_action.self)
}

func cDelivery(_ d: borrowing ViewDelivery) -> gk_delivery {
    var c = gk_delivery()
    copyOut(copy d, to: &c, size: MemoryLayout<gk_delivery>.size)
    return c
}

@c @implementation
public func gk_engine_poll_action(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_action>?, _ size: Int) -> gk_status {
    pollQueue(engine, out, size, minimum: minimumActionSize) { box, out, n in
        box.engine.takeAction { copyOut(copy $0, to: out, size: n) } != nil
    }
}

/// The `gk_engine_poll_*` calls: checks the pointers and the caller's struct size (at least
/// `minimum` bytes), and lets `take` copy the queue's oldest entry out, at most `size` bytes of
/// the C struct (false: the queue is empty, `GK_EMPTY`).
@inline(__always)
private func pollQueue<C>(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<C>?, _ size: Int,
                          minimum: Int, _ take: (CEngine, UnsafeMutableRawPointer, Int) -> Bool) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    return withEngine(engine) { box in
        guard cSize(size) >= minimum else { return GK_ERR_STRUCT_SIZE }
        let n = cSize(size) < MemoryLayout<C>.size ? size : MemoryLayout<C>.size
        return take(box, UnsafeMutableRawPointer(out), n) ? GK_OK : GK_EMPTY
    }
}

@c @implementation
public func gk_engine_poll_delivery(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_delivery>?, _ size: Int) -> gk_status {
    pollQueue(engine, out, size, minimum: minimumDeliverySize) { box, out, n in
        box.engine.takeDelivery { copyOut(copy $0, to: out, size: n) } != nil
    }
}

@c @implementation
public func gk_engine_poll_transition(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_transition>?, _ size: Int) -> gk_status {
    pollQueue(engine, out, size, minimum: MemoryLayout<gk_transition>.size) { box, out, n in
        guard let t = box.engine.nextTransition() else { return false }
        copyOut(gk_transition(sequence: t.sequence, timestamp: t.timestamp, recognizer: box.handle(t.recognizer),
                              from_state: UInt32(t.from.rawValue), to_state: UInt32(t.to.rawValue)), to: out, size: n)
        return true
    }
}

/// The `gk_engine_take_*` calls: every queued entry, oldest first, lent in place and one after
/// another, and removed from the queue. `size` is the caller's struct size: at least the first
/// release's (`minimum`), at most this library's C struct (`C`); entries are `Element`'s stride apart.
@inline(__always)
private func takeQueue<C, Element>(_ engine: OpaquePointer?, _ size: Int, minimum: Int, _ outFirst: UnsafeMutablePointer<UnsafePointer<C>?>?,
                                   _ outCount: UnsafeMutablePointer<Int>?, _ outStride: UnsafeMutablePointer<Int>?,
                                   _ take: (Engine) -> UnsafeBufferPointer<Element>) -> gk_status {
    guard let outFirst, let outCount, let outStride else { return GK_ERR_NULL_POINTER }
    return withEngine(engine) { box in
        guard cSize(size) >= minimum, cSize(size) <= MemoryLayout<C>.size else { return GK_ERR_STRUCT_SIZE }
        let entries = take(box.engine)
        outStride.pointee = MemoryLayout<Element>.stride
        outCount.pointee = entries.count
        guard let first = entries.baseAddress, entries.count > 0 else {
            outFirst.pointee = nil
            return GK_EMPTY
        }
        outFirst.pointee = UnsafeRawPointer(first).assumingMemoryBound(to: C.self)
        return GK_OK
    }
}

@c @implementation
public func gk_engine_take_actions(_ engine: OpaquePointer?, _ size: Int, _ outFirst: UnsafeMutablePointer<UnsafePointer<gk_action>?>?,
                                   _ outCount: UnsafeMutablePointer<Int>?, _ outStride: UnsafeMutablePointer<Int>?) -> gk_status {
    takeQueue(engine, size, minimum: minimumActionSize, outFirst, outCount, outStride) { $0.takeQueuedActions() }
}

@c @implementation
public func gk_engine_take_deliveries(_ engine: OpaquePointer?, _ size: Int, _ outFirst: UnsafeMutablePointer<UnsafePointer<gk_delivery>?>?,
                                      _ outCount: UnsafeMutablePointer<Int>?, _ outStride: UnsafeMutablePointer<Int>?) -> gk_status {
    takeQueue(engine, size, minimum: minimumDeliverySize, outFirst, outCount, outStride) { $0.takeQueuedDeliveries() }
}
