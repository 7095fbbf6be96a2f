import CGestureKit
import CGestureKitHandles

/// What a `gk_engine *` points to: the engine plus the tag that makes its handles foreign to
/// every other engine.
final class CEngine {
    let engine: Engine

    /// `tag` comes from `gk_handle_tag(0, 0)` (non-zero): each live engine holds its own, so a
    /// handle of one live engine is rejected by every other (`handle_tags.h`). The engine gives it
    /// back when it goes.
    init(engine: Engine, tag: UInt32) {
        self.engine = engine
        handleTag = UInt64(tag)
        engine.queues.handleTag = UInt64(tag)   // its actions and deliveries carry these handles
        frame.reserveCapacity(16)
    }

    deinit { _ = gk_handle_tag(1, UInt32(truncatingIfNeeded: handleTag)) }

    let handleTag: UInt64
    /// Reused by `gk_engine_feed` to convert C touches without allocating per frame.
    var frame: [TouchInput] = []

    // MARK: Handles: tag (16 bits) | generation (24 bits) | slot index (24 bits) (`HandleBits`)
    //
    // A slot whose generation reaches `Engine.maximumGeneration` (2^24 - 1) is retired for good
    // when its object is destroyed, so a handle's 24 generation bits never wrap and a stale handle
    // never names a new object. Index bits: `EngineOptions` allows at most 2^20 slots in use.

    func encode(index: UInt32, generation: UInt32) -> UInt64 {
        HandleBits.handle(tag: handleTag, index: index, generation: generation)
    }

    /// The one place a view handle is decoded: the tag, then the slot and its generation's low bits,
    /// checked by the tree (which keeps its storage to itself).
    func view(_ h: gk_view) -> ViewID? {
        guard HandleBits.tag(h) == handleTag else { return nil }
        return engine.tree.view(index: HandleBits.index(h), generationBits: HandleBits.generation(h))
    }

    /// A view handle, or the window (`nil`) for GK_VIEW_NONE; `.failure` for a bad handle.
    func optionalView(_ h: gk_view) -> (ok: Bool, view: ViewID?) {
        if h == 0 { return (true, nil) }
        guard let v = view(h) else { return (false, nil) }
        return (true, v)
    }

    func handle(_ v: ViewID?) -> gk_view {
        guard let v else { return 0 }
        return encode(index: v.index, generation: v.generation)
    }

    /// The one place a recognizer handle is decoded (see `view(_:)`).
    func recognizer(_ h: gk_recognizer) -> GestureRecognizer? {
        guard HandleBits.tag(h) == handleTag else { return nil }
        return engine.recognizer(index: HandleBits.index(h), generationBits: HandleBits.generation(h))
    }

    func handle(_ r: RecognizerID) -> gk_recognizer { encode(index: r.index, generation: r.generation) }
}

@inline(__always)
func unwrapEngine(_ p: OpaquePointer?) -> CEngine? {
    guard let p else { return nil }
    return Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// Runs `body` with the engine behind `p` without retaining it (the host's reference keeps it
/// alive for the call: `gk_engine_destroy` is refused inside callbacks), or returns
/// `GK_ERR_NULL_POINTER` for a null engine. For the calls made once per frame or per event.
@inline(__always)
func withEngine(_ p: OpaquePointer?, _ body: (CEngine) -> gk_status) -> gk_status {
    guard let p else { return GK_ERR_NULL_POINTER }
    return Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer(p))._withUnsafeGuaranteedRef(body)
}

@inline(__always)
func status(_ e: EngineError) -> gk_status {
    switch e {
    case .invalidArgument: return GK_ERR_INVALID_ARGUMENT
    case .staleHandle: return GK_ERR_STALE_HANDLE
    case .capacityExceeded: return GK_ERR_CAPACITY
    case .timeWentBackwards: return GK_ERR_TIME_BACKWARDS
    case .unknownTouch: return GK_ERR_UNKNOWN_TOUCH
    case .touchAlreadyDown: return GK_ERR_TOUCH_ALREADY_DOWN
    case .busy: return GK_ERR_BUSY
    case .notAttached: return GK_ERR_NOT_ATTACHED
    case .alreadyAttached: return GK_ERR_ALREADY_ATTACHED
    case .wrongKind: return GK_ERR_WRONG_KIND
    }
}

extension gk_point {
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
    var point: Point { Point(x: x, y: y) }
}
