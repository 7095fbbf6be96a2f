import Testing
import CGestureKit
@testable import GestureKit

/// The queues hold actions and deliveries in the C layout (`gk_engine_take_actions` lends the
/// slots to C hosts as they are): every field of `gk_action` and `gk_delivery` must sit where the
/// Swift struct stores the same value, with the same size.
@Suite struct QueueLayoutTests {
    private func offset<T>(_ path: PartialKeyPath<T>) -> Int { MemoryLayout<T>.offset(of: path) ?? -1 }

    @Test func anActionSlotIsAGkActionFieldForField() {
        typealias S = ActionSnapshot
        typealias C = gk_action
        #expect(MemoryLayout<S>.size == MemoryLayout<C>.size)
        #expect(MemoryLayout<S>.stride == MemoryLayout<C>.stride)
        let pairs: [(Int, Int)] = [
            (offset(\S.sequence), offset(\C.sequence)), (offset(\S.timestamp), offset(\C.timestamp)),
            (offset(\S.recognizerHandle), offset(\C.recognizer)), (offset(\S.viewHandle), offset(\C.view)),
            (offset(\S.kindValue), offset(\C.kind)), (offset(\S.stateValue), offset(\C.state)),
            (offset(\S.location), offset(\C.location)), (offset(\S.touchCount), offset(\C.number_of_touches)),
            (offset(\S.swipeDirection), offset(\C.swipe_direction)), (offset(\S.translation), offset(\C.translation)),
            (offset(\S.velocity), offset(\C.velocity)), (offset(\S.scale), offset(\C.scale)),
            (offset(\S.rotation), offset(\C.rotation)), (offset(\S.scalarVelocity), offset(\C.scalar_velocity)),
            (offset(\S.buttonMask), offset(\C.button_mask)), (offset(\S.modifierFlags), offset(\C.modifier_flags)),
            (offset(\S.strokeTemplate), offset(\C.stroke_template)), (offset(\S.reserved), offset(\C.reserved)),
            (offset(\S.strokeScore), offset(\C.stroke_score)), (offset(\S.strokeBounds), offset(\C.stroke_bounds)),
        ]
        for (k, p) in pairs.enumerated() { #expect(p.0 == p.1 && p.0 >= 0, "field \(k)") }
        #expect(MemoryLayout<Point>.size == MemoryLayout<gk_point>.size)
        #expect(MemoryLayout<Rect>.size == MemoryLayout<gk_rect>.size)
    }

    @Test func aDeliverySlotStartsWithAGkDeliveryFieldForField() {
        typealias S = ViewDelivery
        typealias C = gk_delivery
        // The touch's serial follows the C fields: the slot is longer than the C struct.
        #expect(offset(\S.touchSerial) == MemoryLayout<C>.size)
        let pairs: [(Int, Int)] = [
            (offset(\S.sequence), offset(\C.sequence)), (offset(\S.timestamp), offset(\C.timestamp)),
            (offset(\S.viewHandle), offset(\C.view)), (offset(\S.touchID), offset(\C.touch_id)),
            (offset(\S.phaseValue), offset(\C.phase)), (offset(\S.typeValue), offset(\C.touch_type)),
            (offset(\S.location), offset(\C.location)), (offset(\S.windowLocation), offset(\C.window_location)),
            (offset(\S.touchTimestamp), offset(\C.touch_timestamp)), (offset(\S.force), offset(\C.force)),
            (offset(\S.majorRadius), offset(\C.major_radius)), (offset(\S.buttons), offset(\C.buttons)),
            (offset(\S.modifiers), offset(\C.modifiers)), (offset(\S.pressType), offset(\C.press_type)),
            (offset(\S.reserved), offset(\C.reserved)),
        ]
        for (k, p) in pairs.enumerated() { #expect(p.0 == p.1 && p.0 >= 0, "field \(k)") }
    }

    @Test func theSwiftPropertiesReadAndWriteTheCFields() {
        var a = ActionSnapshot()
        #expect(a.view == nil && a.kind == .custom && a.state == .possible && a.numberOfTouches == 0)
        a.recognizer = RecognizerID(index: 7, generation: 3)
        a.view = ViewID(index: 2, generation: 9)
        a.kind = .pinch
        a.state = .changed
        a.numberOfTouches = 2
        #expect(a.recognizerHandle == (3 << 24 | 7) && a.viewHandle == (9 << 24 | 2))
        #expect(a.recognizer == RecognizerID(index: 7, generation: 3) && a.view == ViewID(index: 2, generation: 9))
        #expect(a.kindValue == UInt32(GestureKind.pinch.rawValue) && a.kind == .pinch)
        #expect(a.stateValue == 2 && a.state == .changed && a.touchCount == 2)
        a.view = nil
        #expect(a.viewHandle == 0 && a.view == nil)

        var d = ViewDelivery()
        d.view = ViewID(index: 1, generation: 4)
        d.phase = .cancelled
        d.type = .stylus
        #expect(d.viewHandle == (4 << 24 | 1) && d.view == ViewID(index: 1, generation: 4))
        #expect(d.phaseValue == 4 && d.phase == .cancelled && d.typeValue == 1 && d.type == .stylus)
    }

    /// The tag of an engine with a C face is in the handles the queues carry; the Swift
    /// properties read the slot and generation whatever the tag.
    @Test func queuedEntriesCarryTheEnginesHandleTag() throws {
        let scene = Scene()
        let engine = scene.engine
        engine.queues.handleTag = 0x1234
        let tap = TapGestureRecognizer()
        try engine.add(tap, to: scene.v)
        let id = engine.id(of: tap)
        let view = scene.v
        try engine.feed(time: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(x: 150, y: 150))])
        try engine.feed(time: 0.05, touches: [TouchInput(id: 1, phase: .ended, location: Point(x: 150, y: 150))])
        let action = try #require(engine.nextAction())
        #expect(HandleBits.tag(action.recognizerHandle) == 0x1234 && HandleBits.tag(action.viewHandle) == 0x1234)
        #expect(action.recognizer == id && action.view == view)
        let delivery = try #require(engine.nextDelivery())
        #expect(HandleBits.tag(delivery.viewHandle) == 0x1234 && delivery.view == view)
    }

    /// `takeAll` lends a wrapped ring's elements oldest first, one after another (rotated in
    /// place when the ring is too full for two copies), and empties the ring; pushing then goes on
    /// after them.
    @Test func takingAWrappedRingLendsItsElementsOldestFirst() {
        var ring = RingBuffer<Int>(capacity: 5, filler: 0)
        for k in 1...4 { ring.push(k) }
        for _ in 0..<3 { _ = ring.pop() }
        for k in 5...7 { ring.push(k) }   // slots 3, 4, 0, 1 hold 4, 5, 6, 7: a whole rotation
        let lent = ring.takeAll()
        #expect(Array(lent) == [4, 5, 6, 7])
        #expect(ring.isEmpty && ring.takeAll().isEmpty && ring.pop() == nil)
        ring.push(8)
        #expect(Array(lent) == [4, 5, 6, 7])   // the push went after them
        ring.push(9)
        #expect(Array(ring.takeAll()) == [8, 9] && ring.dropped == 0)
    }

    /// A ring drained often holds few elements with free slots between its two parts: they are
    /// moved with two copies (the fast path) instead of a whole rotation; the result is the same.
    @Test func takingASparselyFilledWrappedRingLendsItsElementsOldestFirst() {
        var ring = RingBuffer<UInt64>(capacity: 8, filler: 0)
        for k in 1...6 { ring.push(UInt64(k)) }
        for _ in 0..<5 { _ = ring.pop() }
        for k in 7...9 { ring.push(UInt64(k)) }   // slots 5, 6, 7, 0: head 5, four queued
        #expect(Array(ring.takeAll()) == [6, 7, 8, 9])
        for k in 10...17 { ring.push(UInt64(k)) }   // a full ring that dropped none
        #expect(ring.count == 8 && ring.dropped == 0)
        #expect(Array(ring.takeAll()) == Array(10...17))
    }

    /// Elements whose size is not a multiple of eight bytes are rotated byte by byte.
    @Test func aRingOfOddSizedElementsIsRotatedByteByByte() {
        struct Three: Equatable { var a, b, c: UInt8 }
        #expect(MemoryLayout<Three>.stride == 3)
        var ring = RingBuffer<Three>(capacity: 4, filler: Three(a: 0, b: 0, c: 0))
        for k in UInt8(1)...6 { ring.push(Three(a: k, b: k &* 2, c: k &* 3)) }   // 1 and 2 dropped
        #expect(ring.dropped == 2)
        #expect(Array(ring.takeAll()) == (UInt8(3)...6).map { Three(a: $0, b: $0 &* 2, c: $0 &* 3) })
    }
}
