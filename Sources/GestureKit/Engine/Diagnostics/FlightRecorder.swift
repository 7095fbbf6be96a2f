/// One input the engine received, as kept by the flight recorder.
public struct RecordedInput: Equatable {
    public enum Kind: UInt8, Sendable {
        /// One touch of an input frame; `startsFrame` marks the first touch of each frame.
        case touch = 0
        /// A pointer hover event.
        case hover = 1
        /// `advance(to:)`.
        case advance = 2
        /// The system cancel.
        case cancelAll = 3
        /// A frame with no touches (it only moved time on).
        case emptyFrame = 4
    }
    public var kind: Kind = .touch
    public var startsFrame = false
    public var time: Double = 0
    public var touch = TouchInput(id: 0, phase: .began, location: .zero)
    public var hoverPhase: HoverPhase = .enter
    public var hoverType: TouchType = .indirectPointer
    public init() {}
}

/// The flight recorder: a bounded record of the input the engine accepted, so that a host can
/// dump the last minutes of a kiosk's input when a gesture misfired and replay them exactly.
/// Off by default; it stores nothing and costs one branch per input when off. When full, the
/// oldest entries are dropped (a frame cut at the start is skipped when read back).
extension Engine {
    /// Turns the flight recorder on with room for `capacity` entries (one per touch of a frame,
    /// hover event, advance or cancel), or off with 0, discarding what it held.
    @_optimize(size) public func enableFlightRecorder(capacity: Int) throws(EngineError) {
        try checkNotBusy()
        guard capacity >= 0, capacity <= 1 << 22 else { throw .invalidArgument }
        recorders.flight = capacity > 0 ? RingBuffer(capacity: capacity, filler: RecordedInput()) : nil
        recorders.isRecordingInput = capacity > 0
    }

    /// The recorded inputs, oldest first, starting at a frame boundary.
    public var recordedInputs: [RecordedInput] {
        var out: [RecordedInput] = []
        forEachRecordedInput { out.append($0) }
        return out
    }

    /// Calls `body` with each of `recordedInputs` in turn, without building the array (the C face
    /// copies them straight into the caller's buffer); returns how many there were.
    @discardableResult
    func forEachRecordedInput(_ body: (RecordedInput) -> Void) -> Int {
        switch recorders.flight {
        case .some(let recorder): return Engine.forEachFrameAligned(recorder, body)
        case .none: return 0
        }
    }

    /// The recorder's entries, oldest first, without the rest of a frame whose start was dropped.
    @_optimize(size)
    private static func forEachFrameAligned(_ recorder: borrowing RingBuffer<RecordedInput>,
                                            _ body: (RecordedInput) -> Void) -> Int {
        var n = 0
        var k = 0
        var started = false
        while k < recorder.count {
            if let e = recorder.element(at: k) {
                if !started && e.kind == .touch && !e.startsFrame {
                    k += 1
                    continue   // the rest of a frame whose start was dropped
                }
                started = true
                body(e)
                n += 1
            }
            k += 1
        }
        return n
    }

    /// Records an input frame; when the recorder is off, one test of a flag.
    @inline(__always)
    func recordFrame(_ time: Double, _ input: [TouchInput]) {
        if recorders.isRecordingInput { keepFrame(time, input) }
    }

    private func keepFrame(_ time: Double, _ input: [TouchInput]) {
        if input.isEmpty {
            var e = RecordedInput()
            e.kind = .emptyFrame
            e.time = time
            recorders.flight?.push(e)
            return
        }
        var first = true
        for t in input {
            var e = RecordedInput()
            e.kind = .touch
            e.startsFrame = first
            e.time = time
            e.touch = t
            first = false
            recorders.flight?.push(e)
        }
    }

    /// Records a hover event, an advance or a cancel-all; when the recorder is off, one test of a flag.
    @inline(__always)
    func recordEvent(_ kind: RecordedInput.Kind, _ time: Double, location: Point = .zero, hover: HoverPhase = .enter,
                     type: TouchType = .indirectPointer) {
        if recorders.isRecordingInput { keepEvent(kind, time, location: location, hover: hover, type: type) }
    }

    private func keepEvent(_ kind: RecordedInput.Kind, _ time: Double, location: Point, hover: HoverPhase,
                           type: TouchType) {
        var e = RecordedInput()
        e.kind = kind
        e.time = time
        e.touch.location = location
        e.hoverPhase = hover
        e.hoverType = type
        recorders.flight?.push(e)
    }
}
