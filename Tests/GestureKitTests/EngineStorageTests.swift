import Testing
@testable import GestureKit

/// The engine's storage: the recognizer table that lends recognizers to the update pass without
/// retaining them, the bounded queues, and the size of the values copied on every frame.
/// How many `Tracked` objects of one test are alive (one census per test: tests run in parallel).
private final class Census { var alive = 0 }

private final class Tracked {
    let census: Census
    init(_ census: Census) { self.census = census; census.alive += 1 }
    deinit { census.alive -= 1 }
}

@Suite struct EngineStorageTests {
    @Test func theTableLendsEachSlotsRecognizerAcrossItsGrowthAndNothingForAFreeSlot() throws {
        let s = Scene()
        // More than the table's first capacity (16), so its unretained storage moves while it grows.
        var made: [GestureRecognizer] = []
        for _ in 0..<40 {
            let r = TapGestureRecognizer()
            _ = try s.engine.register(r)
            made.append(r)
        }
        for r in made {
            #expect(s.engine.withRecognizer(r.slot) { $0 === r } == true)
        }
        let gone = made[17]
        let slot = gone.slot
        try s.engine.unregister(gone)
        #expect(s.engine.withRecognizer(slot) { _ in true } == nil)
        // The freed slot is reused by the next registration, and lent again.
        let next = PanGestureRecognizer()
        _ = try s.engine.register(next)
        #expect(next.slot == slot)
        #expect(s.engine.withRecognizer(slot) { $0 === next } == true)
    }

    @Test func aRecognizerIsHostedOnlyByTheEngineItIsRegisteredWith() throws {
        let a = Scene(), b = Scene()
        let r = TapGestureRecognizer()
        _ = try a.engine.register(r)
        #expect(r.isHosted(by: a.engine))
        #expect(!r.isHosted(by: b.engine))
        try a.engine.unregister(r)
        #expect(!r.isHosted(by: a.engine))
        #expect(r.host == nil)
    }

    @Test func aFullQueueDropsItsOldestElementsAndKeepsTheOrder() {
        var q = RingBuffer<[Int]>(capacity: 3, filler: [])
        for k in 1...5 { q.push([k]) }
        #expect(q.count == 3)
        #expect(q.dropped == 2)
        #expect(q.element(at: 0) == [3])
        #expect(q.popOldest { $0.first ?? 0 } == 3)
        #expect(q.pop() == [4])
        q.push([6])
        #expect(q.pop() == [5])
        #expect(q.pop() == [6])
        #expect(q.pop() == nil)
        #expect(q.popOldest { $0.count } == nil)
    }

    @Test func aQueueReleasesWhatItDropsOrHandsOutAndWhatItHoldsWhenItEnds() {
        let census = Census()
        do {
            var q = RingBuffer<Tracked?>(capacity: 4, filler: nil)
            for _ in 0..<6 { q.push(Tracked(census)) }   // two dropped when full
            #expect(census.alive == 4 && q.dropped == 2)
            _ = q.popOldest { _ in () }
            #expect(census.alive == 3 && q.count == 3)
            q.removeAll()
            #expect(census.alive == 0 && q.isEmpty)
            q.push(Tracked(census))
            q.push(Tracked(census))
            #expect(census.alive == 2)
        }
        #expect(census.alive == 0)   // the queue's storage is freed with what it held
    }

    @Test func removingInPlaceKeepsTheOthersInOrderAsTheStandardLibraryDoes() {
        let start = [5, 1, 8, 2, 2, 9, 4, 7, 0]
        for cut in [{ (x: Int) in x % 2 == 0 }, { $0 > 4 }, { _ in true }, { _ in false }, { $0 == 2 }] {
            var mine = start
            var theirs = start
            mine.removeAllInPlace(where: cut)
            theirs.removeAll(where: cut)
            #expect(mine == theirs)
        }
        var asked: [Int] = []
        var a = start
        a.removeAllInPlace { asked.append($0); return false }
        #expect(asked == start && a == start)   // each element asked once, in order
        var empty: [Int] = []
        empty.removeAllInPlace { _ in true }
        #expect(empty.isEmpty)
    }

    @Test func aRecordBufferGrowsPastItsCapacityAndKeepsItsElementsInOrder() {
        var b = RecordBuffer<Int>(capacity: 2)
        for i in 0..<40 { b.append(i) }
        #expect(b.count == 40)
        #expect((0..<40).allSatisfy { b[$0] == $0 })
        #expect(b[Int32(39)] == 39)
        b[3] = 300
        b.swapAt(0, 39)
        #expect(b[0] == 39 && b[39] == 0 && b[3] == 300)
        b.removeLast(10)
        #expect(b.count == 30 && b[29] == 29)
        b.removeAll { $0 % 2 == 1 }
        #expect(b.count == 15)
        #expect(b[0] == 2 && b[1] == 300 && b[2] == 4 && b[14] == 28)   // 39 and the odd ones went
        b.removeAll()
        let emptied = b.isEmpty
        #expect(emptied)
        b.append(7)   // the storage is kept and reused
        #expect(b.count == 1 && b[0] == 7)
    }

    @Test func aRecordIsChangedInPlaceThroughItsAccessorAndTheAccessorsResultComesBack() {
        var b = RecordBuffer<[Int]>(capacity: 1)
        b.append([1])
        b.append([2, 3])
        let counted = b.update(1) { list in
            list.append(4)   // in place: the stored array itself grows
            return list.count
        }
        #expect(counted == 3)
        #expect(b[1] == [2, 3, 4] && b[0] == [1])
        let slot: Int32 = 0
        b.update(slot) { $0[0] = 9 }
        #expect(b[0] == [9])
    }

    @Test func aRecordBufferReleasesTheElementsItRemovesAndThoseItHoldsWhenItEnds() {
        let census = Census()
        do {
            var b = RecordBuffer<Tracked?>(capacity: 1)
            for _ in 0..<10 { b.append(Tracked(census)) }
            #expect(census.alive == 10)
            var k = 0
            b.removeAll { _ in k += 1; return k % 3 == 0 }   // drops 3 of 10
            #expect(census.alive == 7 && b.count == 7)
            b.removeLast(2)
            #expect(census.alive == 5)
            b[0] = nil
            #expect(census.alive == 4)
        }
        #expect(census.alive == 0)
    }

    @Test func aRegisteredRecognizerGetsAFreshRecordAndAFreedSlotsRecordIsCleared() throws {
        let s = Scene()
        let pan = PanGestureRecognizer()
        s.attach(pan, name: "pan")
        let slot = pan.slot
        #expect(s.engine.registry.records[slot].attachOrder >= 1)
        s.down(1, 150, 150, at: 0)
        s.move(1, 200, 150, at: 0.05)
        #expect(s.engine.registry.records[slot].committed)
        #expect(s.engine.registry.records[slot].sequenceSerials.count == 1)
        #expect(s.engine.registry.records[slot].engagedOrder >= 1)
        // Unregistered mid-gesture (between frames): cancelled, and the slot's record cleared,
        // including what a reset keeps (the orders of rule 10).
        try s.engine.unregister(pan)
        #expect(!s.engine.registry.records[slot].committed)
        #expect(s.engine.registry.records[slot].sequenceSerials.isEmpty)
        #expect(s.engine.registry.records[slot].engagedOrder == 0 && s.engine.registry.records[slot].attachOrder == 0)
        // The slot's next recognizer starts from a fresh record, not the previous one's.
        let tap = TapGestureRecognizer()
        _ = try s.engine.register(tap)
        #expect(tap.slot == slot)
        #expect(s.engine.registry.records[slot].heldBy == -1 && !s.engine.registry.records[slot].passedBegan)
        #expect(s.engine.registry.records[slot].engagedOrder == 0)
        s.up(1, 200, 150, at: 0.1)
    }

    @Test func aViewsTransformAppliesToHitTestsAndConversionsUntilItIsTheIdentityAgain() throws {
        let s = Scene()   // V: (100, 100, 200, 200), centre (200, 200)
        let far = Point(x: 350, y: 350)
        #expect(s.engine.tree.hitTest(window: far) == s.engine.rootView)
        try s.engine.setTransform(AffineTransform(scaleX: 2, y: 2), of: s.v)   // V now covers 0...400
        #expect(s.engine.tree.hitTest(window: far) == s.v)
        #expect(s.engine.tree.convert(far, to: s.v) == Point(x: 175, y: 175))
        #expect(s.engine.tree.convert(Point(x: 175, y: 175), from: s.v) == far)
        try s.engine.setTransform(.identity, of: s.v)
        #expect(s.engine.tree.hitTest(window: far) == s.engine.rootView)
        #expect(s.engine.tree.convert(Point(x: 150, y: 150), to: s.v) == Point(x: 50, y: 50))
        #expect(s.engine.tree.convert(Point(x: 50, y: 50), from: s.v) == Point(x: 150, y: 150))
    }

    @Test func aTouchPacksIntoAtMost128BytesSoFrameCopiesStayInline() {
        // The engine copies each touch into every recognizer tracking it on every frame; above 128
        // bytes the copy becomes a memcpy call (3 % of the instructions per event when measured).
        #expect(MemoryLayout<Touch>.size <= 128)
    }
}
