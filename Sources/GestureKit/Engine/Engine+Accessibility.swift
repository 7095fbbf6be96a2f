/// Accessibility settings of the engine (docs/ACCESSIBILITY.md). Each is off by default and
/// changes nothing when off.
extension Engine {
    /// The least and largest timing scale.
    public static let timingScaleRange: ClosedRange<Double> = 1...10

    /// Multiplies every time limit a user must beat (WCAG 2.2.1, EN 301 549's adjustable timing):
    /// the long press's duration and its taps' limits, the tap's maximum duration, finger window and
    /// interval between taps, the swipe's maximum duration and the stroke pause. Properties the
    /// application set are scaled too, except on recognizers with `scalesTiming` off. 1 (the
    /// default) changes nothing. Timers already running keep their deadline; the next one uses the
    /// new scale. Allowed at any time outside callbacks (`.busy`); outside 1…10 is `.invalidArgument`.
    @_optimize(size) public func setTimingScale(_ scale: Double) throws(EngineError) {
        guard !pass.inCallback && !pass.isRunning else { throw .busy }
        guard scale.isFinite, Engine.timingScaleRange.contains(scale) else { throw .invalidArgument }
        modes.timingScale = scale
        modes.screenReader.timeScale = scale
        for k in 0..<registry.recognizers.count { registry.recognizers[k]?.engineTimingScale = scale }
    }

    /// The touch accommodations in use (all off by default).
    public var touchAccommodations: TouchAccommodations { modes.inputFilter.accommodations }

    /// Sets the touch accommodations. Like the input filters, they run in the input stage:
    /// switching the stage on (the first of them or of the filters) or off (the last) is refused
    /// with `.busy` while a touch is down; other changes are allowed at any time outside callbacks.
    /// A touch already waiting for its hold duration keeps the deadline it had.
    @_optimize(size) public func setTouchAccommodations(_ a: TouchAccommodations) throws(EngineError) {
        guard !pass.inCallback && !pass.isRunning else { throw .busy }
        guard a.isValid else { throw .invalidArgument }
        let active = a.isActive || modes.inputFilter.settings.isActive
        if active != modes.filtersActive {
            guard touchesDown == 0 && modes.inputFilter.isEmpty else { throw .busy }
        }
        modes.inputFilter.accommodations = a
        modes.filtersActive = active
    }
}
