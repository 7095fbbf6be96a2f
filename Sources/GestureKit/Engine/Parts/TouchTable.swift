/// The touches an engine knows: a record for each touch down, and for each lifted one whose view
/// delivery is still withheld (`TouchRecord`), with the pool their tracker lists are reused from.
struct TouchTable: ~Copyable {
    /// The records, at most `maximumTouches * 2` (which `validate` enforces).
    var records: RecordBuffer<TouchRecord>
    /// Empty tracker lists of finished records, reused by new touches.
    var trackerPool: [[Int32]] = []
    /// The serial the next touch gets.
    var nextSerial: UInt64 = 1
    /// Reused by `press(time:type:phase:force:)`.
    var pressFrame: [TouchInput] = []
    /// The focused view's slot (presses go there), or -1.
    var focusedSlot: Int32 = -1
    /// Hover recognizers whose gesture is in progress.
    var hovering: [Int32] = []
    /// Where the hovering pointer was last seen, window coordinates.
    var hoverLocation = Point.zero

    @_optimize(size) init(maximumTouches: Int) {
        records = RecordBuffer(capacity: maximumTouches * 2)
    }

    /// The index of the record of the touch `id` that is down, or -1. An index loop: no record
    /// (and no tracker list) is copied.
    @inline(__always)
    func downRecord(id: Int64, press: Bool = false) -> Int {
        var k = 0
        let n = records.count
        while k < n {
            if records[k].touch.id == id && records[k].isDown && (records[k].touch.type == .press) == press {
                return k
            }
            k += 1
        }
        return -1
    }

    /// Touches down now.
    var down: Int {
        var n = 0
        for k in records.indices where records[k].isDown { n += 1 }
        return n
    }

    /// Drops the records of touches that are finished, keeping their tracker lists for reuse so
    /// that the next touch-down allocates nothing.
    mutating func removeFinished() {
        var write = 0
        for read in records.indices {
            if records[read].isFinished {
                var spare: [Int32] = []
                swap(&spare, &records[read].trackers)
                spare.clearKeepingCapacity()
                if trackerPool.count < 64 { trackerPool.append(spare) }
                continue
            }
            if write != read { records.swapAt(write, read) }
            write += 1
        }
        if write < records.count { records.removeLast(records.count - write) }
    }
}
