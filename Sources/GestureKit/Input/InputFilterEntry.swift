/// What the input stage (`InputFilter`) knows of one host touch: where it is in the stage's life
/// (`Status`) and the values the filters need.
extension InputFilter {
    enum Status: UInt8 {
        /// Seen by the engine under `engineID`.
        case passing
        /// Began in a dead zone and has not left it; the engine has not seen it.
        case held
        /// Rejected or cancelled: the host's later reports of it are dropped until it lifts.
        case rejected
        /// Lifted by the host; the engine's touch stays down until `deadline` in case it lands
        /// again (chatter). The host may reuse `rawID` meanwhile.
        case pendingLift
        /// Not yet held for the accommodations' hold duration (until `deadline`); the engine
        /// has not seen it.
        case awaitingHold
        /// Ignored as a repeat (accommodations): dropped like a rejected touch, and its lift
        /// starts the repeat time again.
        case repeatIgnored
        /// Tap assistance: held back until `deadline`; a lift before then makes a tap.
        case assisting
        /// Landed beside another touch with the ghost filter on: held back for the ghosts'
        /// minimum duration (until `deadline`). A lift before then makes it a ghost the engine
        /// never sees; a touch still down then begins where it landed and moves to where it is.
        case provisional
    }

    struct Entry {
        var rawID: Int64
        var engineID: Int64
        var status: Status
        var type: TouchType
        var start: Point
        var startTime: Double
        /// The host's latest position and the time of its latest report.
        var last: Point
        var lastTime: Double
        /// The position last sent to the engine.
        var sent: Point
        var force: Double
        var majorRadius: Double
        var modifiers: ModifierFlags
        var deadline = Double.infinity
        var euro: OneEuroFilter
        /// Another touch was down beside it at some time: only then can a short touch be a ghost
        /// (a lone tap from a fast controller is a finger, however short).
        var neighboured = false
        /// Hysteresis: the touch has gone twice the band from where it landed, so it is moving and
        /// its positions pass exactly (the band is for a resting finger's jitter).
        var moving = false
    }
}
