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
