/// The engine's record of one touch: its latest state, the view it was hit-tested to, the
/// recognizers tracking it, and what the view has received so far. A record lives from touch-down
/// until the touch has lifted and its last view delivery is done.
struct TouchRecord {
    var touch: Touch
    var isDown = true
    /// `.ended` or `.cancelled` once lifted.
    var endPhase = TouchPhase.ended
    /// Slot of the hit-test view, or -1.
    var viewSlot: Int32 = -1
    /// The view receives this touch at all (rules 8–9).
    var viewReceives = false
    /// `touchesBegan` has been delivered to the view.
    var viewBegan = false
    /// The view has received its last phase for this touch (ended or cancelled), or the touch was
    /// discarded (rule 51).
    var viewDone = false
    /// Window position last delivered to the view.
    var lastDelivered = Point.zero
    /// Recognizer slots tracking the touch, in rule-10 order; a recognizer leaves this list when
    /// it resets, is disabled or detached, or ignores the touch.
    var trackers: [Int32] = []
    /// The phase this touch has in the current input frame. Set for every record of the frame
    /// (`pass.frameRecords`) when it is applied, and read only through that list: on a record
    /// that is not part of the frame it is left over from an earlier one.
    var framePhase: TouchPhase? = nil

    /// `trackers` is an empty list to reuse (from a finished record), or `nil` to make one.
    init(touch: Touch, trackers reused: [Int32]? = nil) {
        self.touch = touch
        if let reused {
            trackers = reused
        } else {
            trackers.reserveCapacity(8)
        }
    }

    var isFinished: Bool { !isDown && (viewDone || !viewReceives) }
}
