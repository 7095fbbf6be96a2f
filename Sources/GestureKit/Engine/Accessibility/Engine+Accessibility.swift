/// Accessibility settings of the engine (docs/ACCESSIBILITY.md), each off by default and changing
/// nothing when off, and what the host tells the screen reader (focus, announcements).
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

    // MARK: The host's side of the screen reader

    /// The time of an event the host causes: the engine's time, or 0 before any input.
    private var hostEventTime: Double { now.isFinite ? now : 0 }

    /// The host moves the focus (a new screen, a field in error), as UIKit's `.screenChanged`
    /// notification with an argument does: a `.focusChanged` event for `view` follows even when it
    /// already had the focus (the host wants it said), and `.scrollIntoView` when a touch cannot
    /// reach it. nil drops the focus, with no event. Ignored while explore-by-touch is off.
    /// Errors: `.staleHandle`; `.invalidArgument` for a view that is not an element in the reading
    /// order (hidden, empty, outside the modal view). Allowed from callbacks (a target that opens a
    /// new screen moves the focus there); the event follows the pass's own.
    @_optimize(size) public func setAccessibilityFocus(_ view: ViewID?) throws(EngineError) {
        guard let view else {
            modes.screenReader.focus = -1
            return
        }
        let s = try viewSlot(view)
        guard isInReadingOrder(s, modal: modalView) else { throw .invalidArgument }
        guard modes.screenReaderOn else { return }
        modes.screenReader.focus = s
        pushAccessibilityEvent(.focusChanged, view: s, at: hostEventTime)
        if !isReachable(s) { pushAccessibilityEvent(.scrollIntoView, view: s, at: hostEventTime) }
    }

    /// Moves the focus in reading order as a flick or a four-finger tap does, for keys and
    /// switches and to go on reading after `.readAll`: `.focusChanged` (and `.scrollIntoView`) for
    /// the element reached, or `.boundary` at the end. Ignored while explore-by-touch is off.
    /// Allowed from callbacks.
    @_optimize(size) public func moveAccessibilityFocus(_ move: AccessibilityFocusMove) throws(EngineError) {
        guard modes.screenReaderOn else { return }
        moveFocus(move, at: hostEventTime)
    }

    /// Queues the host's announcement ("Card declined") among the reader's events, so that the
    /// host says it in order and with `priority` (`AccessibilityEvent.interrupts`). `message` is
    /// the host's own value (an index, a pointer to its text): the engine stores it and gives it
    /// back, and never reads it. When the queue overflows, reader events are dropped before
    /// announcements. Allowed whether explore-by-touch is on or off (a sighted user hears it
    /// too, if the host speaks), and from callbacks: a target that sees the card declined
    /// announces it at once.
    @_optimize(size) public func announce(_ message: UInt64, priority: AnnouncementPriority) throws(EngineError) {
        pushAccessibilityEvent(.announcement, view: -1, at: hostEventTime, message: message, priority: priority)
    }
}
