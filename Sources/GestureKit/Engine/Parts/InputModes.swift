/// The modes that stand between the host's input and the recognizers, all off by default: the
/// input filters with the panel profile (`Engine+Filters.swift`), explore-by-touch with its
/// accessibility events (`ScreenReader.swift`), and the accessibility timing scale.
struct InputModes: ~Copyable {
    /// The input filters and the panel profile.
    var inputFilter: InputFilter
    /// The frame the filters pass on.
    var filteredFrame: [TouchInput] = []
    /// `inputFilter.isActive` as a plain flag: the hot path reads it on every frame.
    var filtersActive = false
    /// Explore-by-touch is on.
    var screenReaderOn = false
    var screenReader = ScreenReaderState()
    /// The screen reader's commands the host offers another way (for the audit).
    var offeredCommands: ScreenReaderCommands = []
    var accessibilityEvents = AccessibilityQueue()
    /// The accessibility timing scale (`Engine+Accessibility.swift`); 1 by default.
    var timingScale: Double = 1

    @_optimize(size) init(maximumTouches: Int) {
        inputFilter = InputFilter(maximumTouches: maximumTouches)
        filteredFrame.reserveCapacity(maximumTouches * 2)
    }

    /// The filters take the host's frame and write the frame the recognizers see.
    mutating func filter(_ input: [TouchInput], at time: Double, screen: Size) {
        inputFilter.process(input, at: time, screen: screen, into: &filteredFrame)
    }

    /// The held-back lifts due before `time` (or at it) as the next frame, and its time; nil when
    /// none is due.
    mutating func flushDue(before time: Double, inclusive: Bool, screen: Size) -> Double? {
        filteredFrame.clearKeepingCapacity()
        return inputFilter.flushDue(before: time, inclusive: inclusive, screen: screen, into: &filteredFrame)
    }

    /// The second frame the filters wrote at the same time (tap assistance) as the next frame;
    /// false when there is none.
    mutating func takeFollowUp() -> Bool {
        guard !inputFilter.followUp.isEmpty else { return false }
        filteredFrame.clearKeepingCapacity()
        filteredFrame.append(contentsOf: inputFilter.followUp)
        inputFilter.followUp.clearKeepingCapacity()
        return true
    }

    /// Every touch the filters hold, cancelled, as the next frame; the filters forget them.
    mutating func cancelAllFiltered() {
        inputFilter.cancelAll(into: &filteredFrame)
    }
}
