/// The states of a gesture recognizer (rule 11). `recognized` is the same value as `ended`.
public enum GestureState: UInt8, Sendable {
    case possible = 0, began = 1, changed = 2, ended = 3, cancelled = 4, failed = 5

    public static let recognized = GestureState.ended

    /// `ended`, `cancelled` or `failed`: the recognizer is reset at the end of the pass.
    @inlinable public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// `began` or `changed`: a continuous gesture in progress.
    @inlinable public var isInProgress: Bool { self == .began || self == .changed }

    /// Rule 14: the state a request becomes, or `nil` when the request is ignored.
    ///
    /// - From `possible`: `changed` becomes `began`, `cancelled` becomes `failed`, `possible` is
    ///   ignored. A discrete recognizer cannot begin: its `began` and `changed` requests are ignored.
    /// - From `began`: `began` (and `possible`) become `changed`; `failed` becomes `cancelled`.
    /// - From `changed`: `began` or `possible` become `changed`; `failed` becomes `cancelled`.
    /// - From a terminal state every request is ignored until the reset.
    /// - Setting the current state again is ignored, except `changed` → `changed`.
    public static func coerce(from current: GestureState, to request: GestureState,
                              isContinuous: Bool) -> GestureState? {
        switch current {
        case .possible:
            switch request {
            case .possible: return nil
            case .began, .changed: return isContinuous ? .began : nil
            case .ended: return .ended
            case .cancelled, .failed: return .failed
            }
        case .began, .changed:
            switch request {
            case .possible, .began, .changed: return .changed
            case .ended: return .ended
            case .cancelled, .failed: return .cancelled
            }
        case .ended, .cancelled, .failed:
            return nil
        }
    }
}

/// The kind of a recognizer, as reported through the C ABI.
public enum GestureKind: UInt8, Sendable {
    case tap = 0
    case longPress = 1
    case pan = 2
    case screenEdgePan = 3
    case swipe = 4
    case pinch = 5
    case rotation = 6
    case hover = 7
    case custom = 8
    case stroke = 9
    case oneFingerZoom = 10
}
