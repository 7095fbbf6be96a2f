/// The engine's recognizers by slot.
///
/// The table owns each registered recognizer (a strong reference per slot) and keeps, beside it,
/// an unretained reference in storage it allocates itself, for the update pass's loops:
/// `Engine.withRecognizer(_:_:)` reads that storage and hands the loop body the recognizer without
/// retaining and releasing it (or the table's arrays) once per visit.
///
/// Why that is safe: a slot's unretained reference is set and cleared together with its strong
/// one, and a recognizer leaves the table only through `Engine.unregister`, which the engine
/// refuses while an update pass or a host callback runs (`checkNotBusy`). So a reference handed
/// to a loop body cannot outlive its owner while the body runs, as long as the body does not
/// unregister recognizers (no engine code does). The engine frees the storage in its `deinit`.
struct RecognizerTable {
    private var owners: [GestureRecognizer?] = []
    /// `capacity` unretained references; slots `count..<capacity` are `nil`.
    private(set) var refs: UnsafeMutablePointer<Unmanaged<GestureRecognizer>?>
    private var capacity: Int

    init() {
        capacity = 16
        refs = .allocate(capacity: capacity)
        refs.initialize(repeating: nil, count: capacity)
    }

    /// The number of slots, used or free.
    var count: Int { owners.count }

    /// Adds an empty slot at the end (never inside an update pass: the storage may move).
    mutating func appendSlot() {
        if owners.count == capacity {
            let bigger = UnsafeMutablePointer<Unmanaged<GestureRecognizer>?>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: refs, count: capacity)
            (bigger + capacity).initialize(repeating: nil, count: capacity)
            refs.deallocate()
            refs = bigger
            capacity *= 2
        }
        owners.append(nil)
    }

    /// The recognizer in slot `s`, retained for the caller; `nil` for a free slot. Every `s` in
    /// `0..<count` is valid.
    subscript(s: Int) -> GestureRecognizer? {
        get { owners[s] }
        set {
            owners[s] = newValue
            refs[s] = newValue.map { Unmanaged.passUnretained($0) }
        }
    }

    /// Frees the unretained storage; the table is unusable afterwards (`Engine.deinit`).
    mutating func deallocate() {
        refs.deallocate()
        capacity = 0
    }
}

extension Engine {
    /// Runs `body` with the recognizer in slot `s` (a slot of this engine's table), without
    /// retaining it, and returns what `body` returns; `nil` for a free slot. `body` must not
    /// unregister recognizers.
    @inline(__always)
    func withRecognizer<R>(_ s: Int32, _ body: (GestureRecognizer) -> R) -> R? {
        guard let u = registry.recognizers.refs[Int(s)] else { return nil }
        return u._withUnsafeGuaranteedRef(body)
    }
}
