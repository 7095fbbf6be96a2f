/// Settings fixed when an engine is created.
public struct EngineOptions {
    /// Size of the screen (the root view), in points. Default 1920 × 1080.
    public var screenSize = Size(width: 1920, height: 1080)
    /// Points per millimetre of the panel (spec 7b). Distance thresholds are multiplied by
    /// `pointsPerMillimetre / 6.4`. Default 6.4 (about 163 points per inch).
    public var pointsPerMillimetre: Double = 6.4
    /// Most touches down at once. Default 32.
    public var maximumTouches = 32
    /// Most views, the root included. Default 65,536.
    public var maximumViews = 65_536
    /// Most recognizers. Default 65,536.
    public var maximumRecognizers = 65_536
    /// Capacity of the action queue; when full, the oldest entry is dropped and counted. Default 1,024.
    public var actionQueueCapacity = 1_024
    /// Capacity of the view-delivery queue; when full, the oldest entry is dropped and counted. Default 4,096.
    public var deliveryQueueCapacity = 4_096
    /// Keep the transition log (`nextTransition()`): one entry per recognizer state change, for
    /// tests, traces and debugging. Off by default; the sequence numbers that the entries would
    /// take are skipped either way, so actions and deliveries are numbered the same.
    public var logsTransitions = false

    public init() {}

    /// Limits the options must respect; `Engine.init` rejects anything outside them.
    public static let maximumTouchesLimit = 1_024
    public static let maximumViewsLimit = 1 << 20
    public static let maximumRecognizersLimit = 1 << 20
    public static let queueCapacityLimit = 1 << 20

    public var isValid: Bool {
        screenSize.width.isFinite && screenSize.height.isFinite
            && screenSize.width > 0 && screenSize.height > 0
            && screenSize.width <= 1e9 && screenSize.height <= 1e9
            && pointsPerMillimetre.isFinite && pointsPerMillimetre > 0 && pointsPerMillimetre <= 1000
            && maximumTouches >= 1 && maximumTouches <= EngineOptions.maximumTouchesLimit
            && maximumViews >= 1 && maximumViews <= EngineOptions.maximumViewsLimit
            && maximumRecognizers >= 1 && maximumRecognizers <= EngineOptions.maximumRecognizersLimit
            && actionQueueCapacity >= 1 && actionQueueCapacity <= EngineOptions.queueCapacityLimit
            && deliveryQueueCapacity >= 1 && deliveryQueueCapacity <= EngineOptions.queueCapacityLimit
    }
}

/// Errors of the engine's API. Every bad argument produces one of these; none traps.
public enum EngineError: Error, Equatable {
    /// A value out of its documented range, NaN or infinite where a finite value is needed.
    case invalidArgument
    /// A view or recognizer handle that is stale (destroyed) or belongs to another engine.
    case staleHandle
    /// A documented maximum would be exceeded.
    case capacityExceeded
    /// A timestamp earlier than the engine's current time.
    case timeWentBackwards
    /// A touch that is not down was moved, ended or cancelled.
    case unknownTouch
    /// A touch id that is already down began again, or appears twice in one frame.
    case touchAlreadyDown
    /// The call is not allowed while the engine runs a callback (re-entrancy).
    case busy
    /// The recognizer is not attached to a view, or is attached already.
    case notAttached
    case alreadyAttached
    /// The property does not exist for this kind of recognizer.
    case wrongKind
}
