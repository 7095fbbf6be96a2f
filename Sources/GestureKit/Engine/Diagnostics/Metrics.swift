/// Telemetry kept in the engine: counters and a histogram a fleet's monitoring can collect
/// (`writeMetrics(format:)`, docs/TELEMETRY.md). Counting is on by default; it costs a few
/// additions per frame and one small lookup per state transition, and allocates only when a
/// recognizer name is counted for the first time.

/// The counts of one recognizer name and kind. Recognizers sharing a name and a kind share a
/// series, and a series outlives its recognizers, so counters never go back.
struct MetricsSeries {
    var name: [UInt8]
    var kind: GestureKind
    var recognized: UInt64 = 0
    var failed: UInt64 = 0
    var cancelled: UInt64 = 0
    var doubleTapTimeouts: UInt64 = 0
    /// Time from the sequence's first touch-down to recognition: counts per bucket of
    /// `EngineMetrics.bucketMicros` (the last one is +Inf), and the sum in microseconds.
    var buckets: [UInt64]
    var sumMicros: UInt64 = 0
    var count: UInt64 = 0
}

struct EngineMetrics {
    /// Counting is on (`metricsEnabled`): read on every frame, so a plain flag.
    var counting = true
    var frames: UInt64 = 0
    var touchesBegan: UInt64 = 0
    /// Refused input calls, by `EngineError` (see `statusNames`).
    var rejected: [UInt64] = [UInt64](repeating: 0, count: EngineMetrics.statusNames.count)
    var series: [MetricsSeries] = []
    /// Per recognizer slot: its series (checked against the name on use), and when its current
    /// sequence's first touch went down.
    var slotSeries: [Int32] = []
    var sequenceStart: [Double] = []

    /// Upper bounds of the recognition-time buckets, in microseconds, and as written.
    static let bucketMicros: [UInt64] = [25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000]
    static let bucketLabels: [StaticString] = ["0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "2.5", "5.0", "+Inf"]
    /// At most this many series; later names are counted under "(overflow)".
    static let maximumSeries = 4_096
    static let statusNames: [StaticString] = ["invalid_argument", "stale_handle", "capacity", "time_went_backwards",
                                              "unknown_touch", "touch_already_down", "busy", "not_attached",
                                              "already_attached", "wrong_kind"]

    static func statusIndex(_ e: EngineError) -> Int {
        switch e {
        case .invalidArgument: return 0
        case .staleHandle: return 1
        case .capacityExceeded: return 2
        case .timeWentBackwards: return 3
        case .unknownTouch: return 4
        case .touchAlreadyDown: return 5
        case .busy: return 6
        case .notAttached: return 7
        case .alreadyAttached: return 8
        case .wrongKind: return 9
        }
    }

    static func kindLabel(_ k: GestureKind) -> StaticString {
        switch k {
        case .tap: return "tap"
        case .longPress: return "long_press"
        case .pan: return "pan"
        case .screenEdgePan: return "screen_edge_pan"
        case .swipe: return "swipe"
        case .pinch: return "pinch"
        case .rotation: return "rotation"
        case .hover: return "hover"
        case .custom: return "custom"
        case .stroke: return "stroke"
        case .oneFingerZoom: return "one_finger_zoom"
        }
    }

    /// The series cached for `slot`, or -1. `register` and a rename clear the cache.
    @inline(__always)
    func cachedSeries(slot: Int32) -> Int {
        let s = Int(slot)
        return s < slotSeries.count ? Int(slotSeries[s]) : -1
    }

    /// The series of `name` and `kind`, made on first use.
    mutating func seriesIndex(slot: Int32, name: [UInt8], kind: GestureKind) -> Int {
        let s = Int(slot)
        let cached = cachedSeries(slot: slot)
        if cached >= 0 { return cached }
        var wanted = name
        if series.count >= EngineMetrics.maximumSeries {
            // A StaticString's bytes: `Array(String.utf8)` would link the standard library's
            // UTF-16 index machinery (about 8 KB) for this one cold line.
            let overflow: StaticString = "(overflow)"
            wanted = overflow.withUTF8Buffer { Array($0) }
        }
        var found = -1
        for (k, e) in series.enumerated() where e.kind == kind && e.name == wanted {
            found = k
            break
        }
        if found < 0 {
            series.append(MetricsSeries(name: wanted, kind: kind,
                                        buckets: [UInt64](repeating: 0, count: EngineMetrics.bucketLabels.count)))
            found = series.count - 1
        }
        if s < slotSeries.count { slotSeries[s] = Int32(found) }
        return found
    }
}

/// The exposition formats `writeMetrics` produces.
public enum MetricsFormat: UInt8, Sendable {
    /// Prometheus text format 0.0.4: what node_exporter's textfile collector reads.
    case prometheus = 0
    /// OpenMetrics 1.0 text: `_total` only on counter samples, and a final `# EOF`.
    case openMetrics = 1
}

extension Engine {
    /// Whether the engine counts (default on). Turning counting off keeps the counts so far.
    public var metricsEnabled: Bool {
        get { metrics.counting }
        set { metrics.counting = newValue }
    }

    /// Forgets the cached series of a slot: a new recognizer in it (`register`), or a rename.
    func resetMetricsSlot(_ s: Int32) {
        guard s >= 0 else { return }
        let i = Int(s)
        while metrics.slotSeries.count <= i {
            metrics.slotSeries.append(-1)
            metrics.sequenceStart.append(0)
        }
        metrics.slotSeries[i] = -1
    }

    /// A refused input call (`feed` and friends).
    func countRejected(_ e: EngineError) {
        guard metrics.counting else { return }
        metrics.rejected[EngineMetrics.statusIndex(e)] &+= 1
    }

    /// A committed transition of `r` (from `logTransitions`).
    /// Only a recognition, a failure or a cancellation counts: the usual transition (a gesture's
    /// `changed`) returns at once, without a call.
    @inline(__always)
    func countTransition(_ r: GestureRecognizer, from: GestureState, to: GestureState) {
        guard metrics.counting else { return }
        guard to == .began || to == .failed || to == .cancelled || (to == .ended && from == .possible) else { return }
        countSettled(r, from: from, to: to)
    }

    private func countSettled(_ r: GestureRecognizer, from: GestureState, to: GestureState) {
        guard r.slot >= 0 else { return }
        // The slot's cached series first: the name is passed (and retained) only to make one.
        let cached = metrics.cachedSeries(slot: r.slot)
        let k = cached >= 0 ? cached : metrics.seriesIndex(slot: r.slot, name: r.name, kind: r.kind)
        switch to {
        case .failed:
            metrics.series[k].failed &+= 1
            if r.kind == .tap, let tap = r as? TapGestureRecognizer, tap.timedOutBetweenTaps { metrics.series[k].doubleTapTimeouts &+= 1 }
        case .cancelled:
            metrics.series[k].cancelled &+= 1
        default:
            metrics.series[k].recognized &+= 1
            let s = Int(r.slot)
            let start = s < metrics.sequenceStart.count ? metrics.sequenceStart[s] : now
            let seconds = now - start
            let micros: UInt64 = seconds.isFinite && seconds > 0 ? UInt64(Swift.min(seconds, 1e12) * 1e6 + 0.5) : 0
            var b = 0
            while b < EngineMetrics.bucketMicros.count && micros > EngineMetrics.bucketMicros[b] { b += 1 }
            metrics.series[k].buckets[b] &+= 1
            metrics.series[k].sumMicros &+= micros
            metrics.series[k].count &+= 1
        }
    }

    /// Every counter and the histogram as exposition text (UTF-8, lines ending in "\n").
    @_optimize(size) public func writeMetrics(format: MetricsFormat) -> [UInt8] {
        var w = MetricsText()
        let om = format == .openMetrics
        @inline(never) func family(_ name: StaticString, _ type: StaticString, _ help: StaticString, counter: Bool) {
            w.append("# HELP "); w.append(name); if counter && !om { w.append("_total") }
            w.append(" "); w.append(help); w.append("\n")
            w.append("# TYPE "); w.append(name); if counter && !om { w.append("_total") }
            w.append(" "); w.append(type); w.append("\n")
        }
        @inline(never) func sample(_ name: StaticString, _ suffix: StaticString, _ value: UInt64) {
            w.append(name); w.append(suffix); w.append(" "); w.append(value); w.append("\n")
        }
        @inline(never) func labelled(_ name: StaticString, _ label: StaticString, _ value: StaticString, _ count: UInt64) {
            w.append(name); w.append("_total{"); w.append(label); w.append("=\""); w.append(value)
            w.append("\"} "); w.append(count); w.append("\n")
        }
        @inline(never) func seriesLabels(_ e: MetricsSeries) {
            w.append("recognizer=\""); w.appendLabelValue(e.name); w.append("\",kind=\"")
            w.append(EngineMetrics.kindLabel(e.kind)); w.append("\"")
        }

        family("gesturekit_frames", "counter", "Input frames fed to the engine.", counter: true)
        sample("gesturekit_frames", "_total", metrics.frames)
        family("gesturekit_touches", "counter", "Touches the host began, before the input filters.", counter: true)
        sample("gesturekit_touches", "_total", metrics.touchesBegan)
        family("gesturekit_input_rejected", "counter", "Input calls refused by validation, by status.", counter: true)
        for (i, name) in EngineMetrics.statusNames.enumerated() {
            labelled("gesturekit_input_rejected", "status", name, metrics.rejected[i])
        }
        family("gesturekit_queue_dropped", "counter", "Queue entries dropped because the queue was full.", counter: true)
        labelled("gesturekit_queue_dropped", "queue", "actions", droppedActions)
        labelled("gesturekit_queue_dropped", "queue", "deliveries", droppedDeliveries)
        labelled("gesturekit_queue_dropped", "queue", "transitions", droppedTransitions)
        family("gesturekit_touches_filtered", "counter",
               "Touches (moves, for jitter) changed or removed by each input filter.", counter: true)
        let c = modes.inputFilter.counters
        labelled("gesturekit_touches_filtered", "filter", "jitter", c.jitterSmoothed)
        labelled("gesturekit_touches_filtered", "filter", "ghost_short", c.ghostShort)
        labelled("gesturekit_touches_filtered", "filter", "ghost_jump", c.ghostJump)
        labelled("gesturekit_touches_filtered", "filter", "ghost_empty", c.ghostEmpty)
        labelled("gesturekit_touches_filtered", "filter", "ghost_stuck", c.ghostStuck)
        labelled("gesturekit_touches_filtered", "filter", "palm", c.palms)
        labelled("gesturekit_touches_filtered", "filter", "chatter", c.chatter)
        labelled("gesturekit_touches_filtered", "filter", "edge_dropped", c.edgeDropped)
        labelled("gesturekit_touches_filtered", "filter", "edge_released", c.edgeReleased)

        family("gesturekit_gestures", "counter", "Gestures recognized, failed and cancelled, per recognizer.",
               counter: true)
        for e in metrics.series {
            let outcomes: [(StaticString, UInt64)] = [("recognized", e.recognized), ("failed", e.failed),
                                                      ("cancelled", e.cancelled)]
            for (outcome, n) in outcomes {
                w.append("gesturekit_gestures_total{"); seriesLabels(e)
                w.append(",outcome=\""); w.append(outcome); w.append("\"} "); w.append(n); w.append("\n")
            }
        }
        family("gesturekit_double_tap_timeouts", "counter",
               "Multi-tap sequences that failed because the next tap came too late.", counter: true)
        for e in metrics.series where e.kind == .tap {
            w.append("gesturekit_double_tap_timeouts_total{"); seriesLabels(e)
            w.append("} "); w.append(e.doubleTapTimeouts); w.append("\n")
        }
        family("gesturekit_recognition_seconds", "histogram",
               "Seconds from the first touch-down of a sequence to its recognition.", counter: false)
        for e in metrics.series {
            var cumulative: UInt64 = 0
            for (b, le) in EngineMetrics.bucketLabels.enumerated() {
                cumulative &+= e.buckets[b]
                w.append("gesturekit_recognition_seconds_bucket{"); seriesLabels(e)
                w.append(",le=\""); w.append(le); w.append("\"} "); w.append(cumulative); w.append("\n")
            }
            w.append("gesturekit_recognition_seconds_sum{"); seriesLabels(e)
            w.append("} "); w.appendSeconds(micros: e.sumMicros); w.append("\n")
            w.append("gesturekit_recognition_seconds_count{"); seriesLabels(e)
            w.append("} "); w.append(e.count); w.append("\n")
        }
        if om { w.append("# EOF\n") }
        return w.bytes
    }
}
