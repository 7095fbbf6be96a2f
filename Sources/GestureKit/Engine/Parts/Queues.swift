/// What the host drains: actions, view deliveries and (when kept) state transitions, numbered
/// from one sequence counter so that the host can interleave them exactly.
struct Queues: ~Copyable {
    var actions: RingBuffer<ActionSnapshot>
    var deliveries: RingBuffer<ViewDelivery>
    /// Empty unless the engine keeps the transition log (`EngineOptions.logsTransitions`).
    var transitions: RingBuffer<StateTransition>
    /// The number the next entry takes.
    var nextSequence: UInt64 = 1
    /// The tag the C face puts in its handles (0 without a C face): actions and deliveries carry
    /// their recognizer and view as C handles, written once (`HandleBits`).
    var handleTag: UInt64 = 0

    @_optimize(size) init(options: EngineOptions) {
        actions = RingBuffer(capacity: options.actionQueueCapacity, filler: ActionSnapshot())
        deliveries = RingBuffer(capacity: options.deliveryQueueCapacity, filler: ViewDelivery())
        transitions = RingBuffer(capacity: options.logsTransitions ? options.actionQueueCapacity : 1,
                                 filler: StateTransition())
    }

    /// Takes the next sequence number.
    @inline(__always)
    mutating func takeSequence() -> UInt64 {
        defer { nextSequence &+= 1 }
        return nextSequence
    }
}
