import CGestureKit

// The number comes from the header's GK_VERSION_* macros; the text must say the same
// (Tests/tools/versions_agree.py and test_engine.c check both).
private let versionText: StaticString = "0.6.2"

@c @implementation
@_optimize(size) public func gk_version() -> UInt32 {
    (UInt32(GK_VERSION_MAJOR) << 16) | (UInt32(GK_VERSION_MINOR) << 8) | UInt32(GK_VERSION_PATCH)
}

@c @implementation
@_optimize(size) public func gk_version_string() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(versionText.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let statusTexts: [StaticString] = [
    "ok", "queue empty", "null pointer", "invalid argument", "stale handle",
    "wrong recognizer kind", "unknown property", "capacity exceeded", "time went backwards",
    "unknown touch", "touch already down", "busy (from a callback, or while a touch is down or held back)", "not attached",
    "already attached", "index out of range", "unsupported", "struct size too small", "read-only property",
]
private let unknownStatusText: StaticString = "unknown status"

@c @implementation
@_optimize(size) public func gk_status_string(_ status: gk_status) -> UnsafePointer<CChar>? {
    let raw = Int(clamping: status.rawValue)
    let text = raw < statusTexts.count ? statusTexts[raw] : unknownStatusText
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let stateTexts: [StaticString] = ["possible", "began", "changed", "ended", "cancelled", "failed"]
private let phaseTexts: [StaticString] = ["began", "moved", "stationary", "ended", "cancelled"]
private let unknownText: StaticString = "unknown"

@_optimize(size) private func name(_ value: UInt32, in texts: [StaticString]) -> UnsafePointer<CChar>? {
    let text = Int(clamping: value) < texts.count ? texts[Int(clamping: value)] : unknownText
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
@_optimize(size) public func gk_state_string(_ state: UInt32) -> UnsafePointer<CChar>? { name(state, in: stateTexts) }

@c @implementation
@_optimize(size) public func gk_touch_phase_string(_ phase: UInt32) -> UnsafePointer<CChar>? { name(phase, in: phaseTexts) }
