/// What a decision-log entry records (see `Engine.enableDecisionLog(capacity:)`).
public enum DecisionEvent: UInt8, Sendable {
    /// The recognizer started tracking a touch (`touchID`, hit-test `view`).
    case touchTracked = 0
    /// Its delegate's `shouldReceive` answered false: the touch never reaches it (rule 6).
    case touchRefused = 1
    /// Its own logic, a timer or the host asked for `from → to` (`cause` says which).
    case stateRequested = 2
    /// Its transition out of `possible` took effect: actions go out (`to` is the state).
    case accepted = 3
    /// It asked to leave `possible` but waits for `other` to fail (rules 38–39).
    case waitingForFailure = 4
    /// The recognizers it waited for have failed: its deferred transition takes effect (rule 40).
    case released = 5
    /// Failed: `other` recognized or began first and prevents it (exclusion, rules 33–37).
    case preventedBy = 6
    /// Failed: `other`, which it required to fail, recognized or began (rules 41, 43).
    case requiredRecognizerSucceeded = 7
    /// Failed: its delegate's `shouldBegin` answered false (rule 15).
    case vetoedByDelegate = 8
    /// Failed: `view`'s `gestureRecognizerShouldBegin` answered false (rule 61).
    case vetoedByView = 9
    /// Failed with the other members of a failure-requirement cycle that nothing can resolve.
    case requirementCycle = 10
    /// The host disabled or detached it, or destroyed its view (rules 55–56).
    case stoppedByHost = 11
    /// It stopped tracking a touch with `ignore(_:)` (rule 53).
    case touchIgnored = 12
    /// A stroke recognizer added the stroke of `touchID` to the shape it collects.
    case strokeAdded = 13
    /// Touch accommodations: `touchID` lifted before the hold duration; no recognizer saw it.
    case touchHeldTooBriefly = 14
    /// Touch accommodations: `touchID` landed too soon and too near the previous lift (ignore
    /// repeat); no recognizer saw it.
    case touchIgnoredAsRepeat = 15
}

/// Why a recognizer's state was requested.
public enum DecisionCause: UInt8, Sendable {
    /// An input frame (touches or a hover event).
    case input = 0
    /// A timer the recognizer set (long press, multi-tap interval, held too long).
    case timer = 1
    /// A host call outside input and timers (a custom recognizer told from outside, a property).
    case host = 2
}

/// One entry of the decision log: why recognizers did what they did.
public struct Decision: Equatable {
    /// Shares its counter with actions, deliveries and transitions, so entries interleave exactly.
    public var sequence: UInt64 = 0
    /// Engine time of the update pass.
    public var timestamp: Double = 0
    public var event: DecisionEvent = .stateRequested
    public var cause: DecisionCause = .input
    /// The recognizer; nil for the touch accommodations' entries, which concern no recognizer.
    public var recognizer: RecognizerID? = RecognizerID(index: 0, generation: 0)
    /// The other recognizer of `preventedBy`, `waitingForFailure` and `requiredRecognizerSucceeded`.
    public var other: RecognizerID?
    /// The view of `touchTracked`, `touchRefused` and `vetoedByView`.
    public var view: ViewID?
    /// The host's touch id of `touchTracked`, `touchRefused` and `touchIgnored`; 0 otherwise.
    public var touchID: Int64 = 0
    public var from: GestureState = .possible
    public var to: GestureState = .possible
    public init() {}
}

extension Engine {
    /// Turns the decision log on, keeping the newest `capacity` entries (older ones are dropped
    /// and counted), or off with 0. Off by default; when off, recording costs one branch.
    @_optimize(size) public func enableDecisionLog(capacity: Int) throws(EngineError) {
        try checkNotBusy()
        guard capacity >= 0, capacity <= 1 << 20 else { throw .invalidArgument }
        recorders.decisions = capacity > 0 ? RingBuffer(capacity: capacity, filler: Decision()) : nil
        recorders.isLoggingDecisions = capacity > 0
    }

    public var isDecisionLogEnabled: Bool { recorders.isLoggingDecisions }

    /// Takes the oldest decision-log entry.
    public func nextDecision() -> Decision? { recorders.decisions?.pop() }

    /// Entries waiting to be taken.
    public var pendingDecisionCount: Int { recorders.decisions?.count ?? 0 }

    /// Entries dropped because the host did not drain the log.
    public var droppedDecisions: UInt64 { recorders.decisions?.dropped ?? 0 }

    @inline(__always)
    func record(_ event: DecisionEvent, _ r: GestureRecognizer, other: GestureRecognizer? = nil, viewSlot: Int32 = -1,
                touchID: Int64 = 0, from: GestureState = .possible, to: GestureState = .possible) {
        guard recorders.isLoggingDecisions else { return }
        var d = Decision()
        d.sequence = queues.takeSequence()
        d.timestamp = now
        d.event = event
        d.cause = pass.cause
        d.recognizer = id(of: r)
        if let other, other.host === self, other.slot >= 0 { d.other = id(of: other) }
        if viewSlot >= 0 { d.view = tree.id(ofSlot: viewSlot) }
        d.touchID = touchID
        d.from = from
        d.to = to
        recorders.decisions?.push(d)
    }

    /// Logs the touches the accommodations kept from the recognizers, and forgets them.
    func recordAccommodatedTouches() {
        guard !modes.inputFilter.accommodated.isEmpty else { return }
        if recorders.isLoggingDecisions {
            for a in modes.inputFilter.accommodated {
                var d = Decision()
                d.sequence = queues.takeSequence()
                d.timestamp = now
                d.event = a.heldTooBriefly ? .touchHeldTooBriefly : .touchIgnoredAsRepeat
                d.cause = .input
                d.recognizer = nil
                d.touchID = a.id
                recorders.decisions?.push(d)
            }
        }
        modes.inputFilter.accommodated.clearKeepingCapacity()
    }
}
