/// The recognizers an engine has registered, by slot, and the engine's record of each: the
/// registry owns the slots, their generations (what makes a handle stale) and the free list.
struct RecognizerRegistry: ~Copyable {
    /// The recognizers by slot (`RecognizerTable`).
    var recognizers = RecognizerTable()
    /// The engine's record of each recognizer (`RecognizerRecord`), one per table slot.
    var records = RecordBuffer<RecognizerRecord>(capacity: 16)
    /// Each slot's generation: a handle names a slot and the generation it was made in.
    var generations: [UInt32] = []
    /// Slots free for the next registration.
    var freeSlots: [Int32] = []
    /// Recognizers registered now.
    var count = 0
    /// Counter behind each record's `attachOrder`.
    var nextAttachOrder: UInt64 = 1
    /// Views with a `gestureRecognizerShouldBegin` answer installed.
    var viewVetoCount = 0

    @_optimize(size) init() {}

    /// The handle of the recognizer in slot `s`.
    func id(ofSlot s: Int32) -> RecognizerID {
        RecognizerID(index: UInt32(s), generation: generations[Int(s)])
    }
}
