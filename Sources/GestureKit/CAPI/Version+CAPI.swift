import CGestureKit

private let versionText: StaticString = "0.1.0"

@c @implementation
@_optimize(size) public func gk_version() -> UInt32 {
    (0 << 16) | (1 << 8) | 0
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
    let raw = Int(status.rawValue)
    let text = raw < statusTexts.count ? statusTexts[raw] : unknownStatusText
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
