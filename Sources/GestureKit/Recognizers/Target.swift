/// One (target, action) pair of a recognizer (rule 23).
///
/// Swift code adds a closure and gets a token back; the C ABI adds a function pointer and a
/// user-data pointer, which it stores as the two `key` words so that adding the same pair twice
/// is ignored and `NULL` can match every pair on removal.
struct Target {
    var token: UInt64
    var keyFunction: UInt
    var keyData: UInt
    var isKeyed: Bool
    /// Called with the recognizer and the action being sent (what the action queue receives).
    var action: (GestureRecognizer, ActionSnapshot) -> Void
}

/// Identifies a target added with `GestureRecognizer.addTarget(_:)`, for removal.
public struct TargetToken: Equatable {
    public let value: UInt64
}
