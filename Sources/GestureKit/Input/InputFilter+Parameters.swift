/// The input stage's derived parameters (from the settings and the panel profile) and the small
/// per-entry steps `InputFilter.process` and `flushDue` are built from.
extension InputFilter {
    /// The 1€ cutoff at rest: the setting, or from the profile's noise. A quiet panel (noise
    /// ≤ 0.5 pt) gets 4 Hz, barely smoothed; a noisy one (4 pt and more) 0.5 Hz.
    var effectiveMinimumCutoff: Double {
        if settings.oneEuroMinimumCutoff > 0 { return settings.oneEuroMinimumCutoff }
        let n = Swift.max(profile.noise, 0.5)
        return Swift.min(Swift.max(2 / n, 0.5), 4)
    }

    /// The 1€ speed coefficient: the setting, or 0.05 per pt/s (the cutoff reaches 25 Hz at
    /// 500 pt/s, a slow pan).
    var effectiveBeta: Double { settings.oneEuroBeta > 0 ? settings.oneEuroBeta : 0.05 }

    /// The 1€ filter's `jump`: a report this far from the filtered position is motion (4 × the
    /// profile's noise, as between two touches; 2 pt on a quiet panel).
    var oneEuroJump: Double { 4 * Swift.max(profile.noise, 0.5) }

    /// The hysteresis dead band: the profile's noise, at least half a point.
    var hysteresisWidth: Double { Swift.max(profile.noise, 0.5) }

    /// Whether `p` lies in one of the profile's edge dead zones.
    @_optimize(size) func inDeadZone(_ p: Point, screen: Size) -> Bool {
        p.x < profile.edgeLeft || p.y < profile.edgeTop || p.x > screen.width - profile.edgeRight
            || p.y > screen.height - profile.edgeBottom
    }

    /// An engine id for the host id `raw`: `raw` itself unless a touch the engine still holds
    /// uses it (a continued bounce), then `raw` plus a multiple of 2^56.
    @_optimize(size) func freeEngineID(_ raw: Int64) -> Int64 {
        var candidate = raw
        var tries = 0
        while tries <= entries.count {
            var used = false
            for e in entries where (e.status == .passing || e.status == .pendingLift) && e.engineID == candidate {
                used = true
                break
            }
            if !used { return candidate }
            candidate = candidate &+ (1 << 56)
            tries += 1
        }
        return candidate
    }

    /// Entry `k` as a touch of the frame the engine sees.
    @_optimize(size) func input(_ k: Int, _ phase: TouchPhase, _ p: Point) -> TouchInput {
        let e = entries[k]
        return TouchInput(id: e.engineID, phase: phase, location: p, type: e.type, force: e.force,
                          majorRadius: e.majorRadius, modifiers: e.modifiers)
    }
}
