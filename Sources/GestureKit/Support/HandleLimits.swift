/// Bounds that keep a slot handle from ever naming a second object.
///
/// Views and recognizers live in slots that are reused after their object is destroyed; a
/// generation counter per slot tells a stale handle from a live one. The C ABI packs the
/// generation into 24 bits, so instead of letting it wrap, a slot whose generation has reached
/// `maximumGeneration` is retired for good when its object goes: it is never handed out again.
/// One slot is lost per 16,777,215 objects created in it, and the slot index space (24 bits in a
/// C handle) is far larger than any engine's limit on live objects (2^20).
public enum HandleLimits {
    /// The last generation a slot may carry (2^24 - 1).
    public static let maximumGeneration: UInt32 = 0xFF_FFFF
    /// The number of slot indices a handle can name (2^24).
    public static let slotIndexCount = 1 << 24
}

/// How the C face packs a slot into a 64-bit handle: tag (16 bits) | generation (24 bits) | slot
/// index (24 bits). The engine writes its queued actions and deliveries with their handles in
/// place (the C layout), so the layout lives here rather than in the C face. The tag is 0 for an
/// engine that has no C face.
enum HandleBits {
    static let mask24: UInt64 = 0xFF_FFFF

    @inline(__always)
    static func handle(tag: UInt64, index: UInt32, generation: UInt32) -> UInt64 {
        (tag << 48) | ((UInt64(generation) & mask24) << 24) | (UInt64(index) & mask24)
    }

    static func tag(_ h: UInt64) -> UInt64 { h >> 48 }
    static func index(_ h: UInt64) -> UInt32 { UInt32(h & mask24) }
    static func generation(_ h: UInt64) -> UInt32 { UInt32((h >> 24) & mask24) }
}
