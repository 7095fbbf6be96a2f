/// What a touch panel is like, measured on the panel itself (`gesturekit profile`): the numbers
/// the input filters and the noise-aware thresholds are tuned from.
///
/// Every field has a "not known" value (0 or `false`), and a profile whose fields are all unknown
/// changes nothing. Distances are in points (window coordinates), times in seconds.
public struct PanelProfile: Equatable, Sendable {
    /// Physical width and height of the active area, in millimetres; 0 when unknown.
    public var widthMillimetres = 0.0
    public var heightMillimetres = 0.0
    /// Reports per second while a finger moves; 0 when unknown.
    public var sampleRate = 0.0
    /// Sensor noise: the largest distance, in points, of a resting finger's reported positions
    /// from their mean. 0 when unknown (or a perfectly quiet panel).
    public var noise = 0.0
    /// The largest major radius, in points, of a plausible finger contact; larger contacts are
    /// palms or sleeves. 0 when unknown (or the panel does not report contact size).
    public var maximumContactRadius = 0.0
    /// The panel reports pressure (`TouchInput.force`) and size (`TouchInput.majorRadius`) for
    /// every contact, so a contact reporting 0 for either is not a finger.
    public var reportsPressure = false
    public var reportsSize = false
    /// Dead zones along each edge of the screen, in points.
    public var edgeTop = 0.0
    public var edgeLeft = 0.0
    public var edgeBottom = 0.0
    public var edgeRight = 0.0

    @_optimize(size) public init() {}

    /// Every number finite, none negative, none absurd (≤ 10⁶).
    public var isValid: Bool {
        let values = [widthMillimetres, heightMillimetres, sampleRate, noise, maximumContactRadius,
                      edgeTop, edgeLeft, edgeBottom, edgeRight]
        for v in values where !(v.isFinite && v >= 0 && v <= 1e6) { return false }
        return true
    }

    /// Whether any edge has a dead zone.
    public var hasDeadZones: Bool { edgeTop > 0 || edgeLeft > 0 || edgeBottom > 0 || edgeRight > 0 }
}

/// How jitter is taken out of moving touches.
public enum JitterFilter: UInt8, Sendable {
    /// Positions pass unchanged.
    case off = 0
    /// The 1€ filter (Casiez, Roussel and Vogel, CHI 2012): an adaptive low-pass whose cutoff
    /// rises with speed, so a resting finger is smoothed hard and a moving one barely lags.
    case oneEuro = 1
    /// A dead band: the reported position follows the finger only once it is further than the
    /// panel's noise from it, and then trails it by that distance.
    case hysteresis = 2
}

/// The input filters, each off by default. With every filter off the engine sees the host's
/// input unchanged, whatever the profile says.
public struct InputFilterSettings: Equatable, Sendable {
    public var jitter = JitterFilter.off
    /// 1€ parameters: the cutoff at rest (Hz) and the speed coefficient (per point per second).
    /// 0 picks the value tuned from the profile's noise (`effectiveMinimumCutoff`).
    public var oneEuroMinimumCutoff = 0.0
    public var oneEuroBeta = 0.0
    /// Movement thresholds are never smaller than the profile's noise (see `Engine`).
    public var noiseAwareThresholds = false
    /// Ghost touches are cancelled: shorter than `ghostMinimumDuration` while another touch is
    /// down beside them (a lone short tap is a finger on a fast controller), faster than
    /// `ghostMaximumSpeed`, zero pressure or size where the panel reports them, or stuck (no
    /// report for `stuckTimeout` while other touches report).
    public var ghosts = false
    public var ghostMinimumDuration = 0.012
    /// Points per second; a finger crossing a 1080-point screen in 20 ms is not a finger.
    public var ghostMaximumSpeed = 50_000.0
    public var stuckTimeout = 10.0
    /// Contacts larger than the profile's `maximumContactRadius` are rejected (at touch-down) or
    /// cancelled (later).
    public var palms = false
    /// A touch that lifts and lands again within `chatterInterval` and `chatterDistance` points of
    /// where it lifted is one touch. Every lift is held back by `chatterInterval`.
    public var chatter = false
    public var chatterInterval = 0.030
    public var chatterDistance = 12.0
    /// Touches that begin in an edge dead zone wait until they leave it; those that never do are
    /// dropped.
    public var edges = false

    @_optimize(size) public init() {}

    public var isValid: Bool {
        let values = [oneEuroMinimumCutoff, oneEuroBeta, chatterDistance]
        for v in values where !(v.isFinite && v >= 0 && v <= 1e6) { return false }
        return ghostMinimumDuration.isFinite && ghostMinimumDuration >= 0 && ghostMinimumDuration <= 1
            && ghostMaximumSpeed.isFinite && ghostMaximumSpeed > 0 && ghostMaximumSpeed <= 1e9
            && stuckTimeout.isFinite && stuckTimeout > 0 && stuckTimeout <= 1e6
            && chatterInterval.isFinite && chatterInterval > 0 && chatterInterval <= 1
    }

    /// Whether any filter looks at the input at all.
    public var isActive: Bool { jitter != .off || ghosts || palms || chatter || edges }
}

/// How many touches each filter changed or removed since the engine was made.
public struct FilterCounters: Equatable, Sendable {
    /// Moves whose position the jitter filter changed.
    public var jitterSmoothed: UInt64 = 0
    /// Ghosts: lifted sooner than the minimum duration; jumped faster than a finger can; zero
    /// pressure or size at touch-down; stuck.
    public var ghostShort: UInt64 = 0
    public var ghostJump: UInt64 = 0
    public var ghostEmpty: UInt64 = 0
    public var ghostStuck: UInt64 = 0
    /// Contacts too large for a finger: rejected at touch-down, or cancelled later.
    public var palms: UInt64 = 0
    /// Lift-and-land bounces joined into one touch.
    public var chatter: UInt64 = 0
    /// Touches that began in a dead zone and lifted there, never seen by the recognizers.
    public var edgeDropped: UInt64 = 0
    /// Touches that began in a dead zone and were let through when they left it.
    public var edgeReleased: UInt64 = 0

    @_optimize(size) public init() {}
}
