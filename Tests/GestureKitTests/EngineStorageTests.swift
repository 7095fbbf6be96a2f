import Testing
@testable import GestureKit

/// The engine's storage: the recognizer table that lends recognizers to the update pass without
/// retaining them, the bounded queues, and the size of the values copied on every frame.
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

    @Test func aTouchPacksIntoAtMost128BytesSoFrameCopiesStayInline() {
        // The engine copies each touch into every recognizer tracking it on every frame; above 128
        // bytes the copy becomes a memcpy call (3 % of the instructions per event when measured).
        #expect(MemoryLayout<Touch>.size <= 128)
    }
}
