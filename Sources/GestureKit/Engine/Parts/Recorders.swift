/// The engine's two recorders, both off by default: the flight recorder (the input, for replay)
/// and the decision log (why each recognizer did what it did).
struct Recorders: ~Copyable {
    /// The flight recorder, when enabled (`enableFlightRecorder(capacity:)`).
    var flight: RingBuffer<RecordedInput>?
    /// `flight != nil`, as a plain flag: every input reads it, and testing the optional
    /// noncopyable queue costs a call.
    var isRecordingInput = false
    /// The decision log, when enabled (`enableDecisionLog(capacity:)`).
    var decisions: RingBuffer<Decision>?
    /// `decisions != nil`, as a plain flag (see `isRecordingInput`).
    var isLoggingDecisions = false

    @_optimize(size) init() {}
}
