import Testing
@testable import GestureKit

/// The per-event shortcuts give what the general code gives: a moved frame handed to a recognizer
/// without the delivery list, queue entries finished in their slots, the velocity fit's vector
/// sums and its walk over the sample ring, and the update pass skipping the arbitration and the resets when their flags say there
/// is nothing to do.

/// Records what each `touchesMoved` receives, and the engine's copies of its touches after it.
private final class MoveRecorder: GestureRecognizer {
    var received: [[Int64]] = []
    var receivedX: [[Double]] = []
    var trackedX: [[Double]] = []
    init() { super.init(continuous: true) }
    override func touchesMoved(_ touches: [Touch], at time: Double) {
        received.append(touches.map(\.id))
        receivedX.append(touches.map(\.location.x))
        trackedX.append(trackedTouches.map(\.location.x))
    }
}

/// A custom recognizer the host moves out of `possible` itself, without a touch.
private final class HostStarted: GestureRecognizer {
    init() { super.init(continuous: true) }
}

/// A discrete custom recognizer, for one that is finished before it has an engine.
private final class HostEnded: GestureRecognizer {
    init() { super.init(continuous: false) }
}

/// A queue entry with more than one field, finished in place.
private struct Entry: Equatable {
    var a = 0
    var b = 0.0
}

@Suite struct HotPathTests {
    @Test func aRecognizerGetsTheMovedTouchesItTracksInFrameOrderWhetherOrNotAllMoved() {
        let s = Scene()
        let r = MoveRecorder()
        s.attach(r, name: "rec")
        s.feed(0, [TouchInput(id: 1, phase: .began, location: Point(x: 150, y: 150)),
                   TouchInput(id: 2, phase: .began, location: Point(x: 200, y: 150))])
        // Both move, in the order it tracks them: the shortcut.
        s.feed(0.01, [TouchInput(id: 1, phase: .moved, location: Point(x: 151, y: 150)),
                      TouchInput(id: 2, phase: .moved, location: Point(x: 201, y: 150))])
        // One moves: only that one is handed over; the other keeps its last position. First the
        // second it tracks, then the first.
        s.feed(0.02, [TouchInput(id: 2, phase: .moved, location: Point(x: 202, y: 150))])
        s.feed(0.025, [TouchInput(id: 1, phase: .moved, location: Point(x: 152, y: 150))])
        // Both move, listed the other way round: handed over in the frame's order.
        s.feed(0.03, [TouchInput(id: 2, phase: .moved, location: Point(x: 203, y: 150)),
                      TouchInput(id: 1, phase: .moved, location: Point(x: 153, y: 150))])
        // Both again in tracking order, after the frame that was not.
        s.feed(0.04, [TouchInput(id: 1, phase: .moved, location: Point(x: 154, y: 150)),
                      TouchInput(id: 2, phase: .moved, location: Point(x: 204, y: 150))])
        #expect(r.received == [[1, 2], [2], [1], [2, 1], [1, 2]])
        #expect(r.receivedX == [[151, 201], [202], [152], [203, 153], [154, 204]])
        #expect(r.trackedX == [[151, 201], [151, 202], [152, 202], [153, 203], [154, 204]])
    }

    @Test func aLiftedTouchsRecordStaysWhileItsEndedIsWithheldAndGoesWhenTheViewIsTold() {
        let s = Scene()
        let dbl = TapGestureRecognizer()
        dbl.numberOfTapsRequired = 2   // withholds the first tap's `ended` (delaysTouchesEnded)
        s.attach(dbl, name: "double")
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.08)
        #expect(s.engine.touches.records.count == 1)   // lifted, its view not told yet
        s.advance(1.0)   // the double tap times out: the view gets `ended` in that timer's pass
        #expect(s.deliveries == ["0.000 B#1", "0.430 E#1"])
        #expect(s.engine.touches.records.count == 0)
        // A touch outside the window has no view to tell: its record goes when it lifts.
        s.down(3, 500, 900, at: 1.1)
        #expect(s.engine.touches.records.count == 1)
        s.up(3, 500, 900, at: 1.2)
        #expect(s.engine.touches.records.count == 0)
    }

    @Test func aQueueSlotIsFinishedInPlaceAndAFullQueueStillDropsItsOldest() {
        var q = RingBuffer<Entry>(capacity: 2, filler: Entry())
        for k in 1...3 {
            let fresh = q.push(Entry()) { slot in
                defer {
                    slot.a = k
                    slot.b = Double(k) / 2
                }
                return slot == Entry()   // starts as the value given, not a stale entry
            }
            #expect(fresh)
            #expect(q.newest() == Entry(a: k, b: Double(k) / 2))
        }
        #expect(q.dropped == 1 && q.count == 2)
        #expect(q.pop() == Entry(a: 2, b: 1))
        #expect(q.pop() == Entry(a: 3, b: 1.5))
        #expect(q.pop() == nil)
    }

    @Test func theVelocityFitsVectorSumsAreTheScalarSumsBitForBit() {
        // Scalar sums, one per variable, in the order the fit adds them.
        func scalarSlope(_ samples: [(tau: Double, x: Double, y: Double)]) -> Point? {
            var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
            var tx0 = 0.0, tx1 = 0.0, tx2 = 0.0, ty0 = 0.0, ty1 = 0.0, ty2 = 0.0
            for (tau, x, y) in samples {
                let tau2 = tau * tau
                s0 += 1; s1 += tau; s2 += tau2; s3 += tau2 * tau; s4 += tau2 * tau2
                tx0 += x; tx1 += tau * x; tx2 += tau2 * x
                ty0 += y; ty1 += tau * y; ty2 += tau2 * y
            }
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
            guard det.isFinite, abs(det) > 1e-9 * Swift.max(1, s4 * s4) else { return nil }
            func slope(_ t0v: Double, _ t1v: Double, _ t2v: Double) -> Double {
                let detB = s0 * (t1v * s4 - s3 * t2v) - t0v * (s1 * s4 - s3 * s2) + s2 * (s1 * t2v - t1v * s2)
                return detB / det * 1000
            }
            return Point(x: slope(tx0, tx1, tx2), y: slope(ty0, ty1, ty2))
        }
        var seed: UInt64 = 0x5EED
        func next() -> Double {   // a fixed pseudo-random sequence in [0, 1)
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var compared = 0
        for n in 3...32 {
            var samples: [(tau: Double, x: Double, y: Double)] = []
            var tau = 0.0
            for _ in 0..<n {
                samples.append((tau, 400 * next() - 100, 300 * next() + 0.1))
                tau -= 1 + 15 * next()   // back in time, uneven steps (ms)
            }
            var sums = FitSums()
            for p in samples { sums.add(tau: p.tau, SIMD2(p.x, p.y)) }
            let vector = sums.slope(count: samples.count), scalar = scalarSlope(samples)
            #expect(vector?.x.bitPattern == scalar?.x.bitPattern)
            #expect(vector?.y.bitPattern == scalar?.y.bitPattern)
            if vector != nil { compared += 1 }
        }
        #expect(compared == 30)   // every case gave a fit to compare
    }

    @Test func theVelocityFitReadsTheSamplesOnBothSidesOfTheRingsWrapAround() {
        // The fit walks the newest samples in two runs of the ring's slots; a plain list of the
        // same samples, walked newest first, must give the same estimate bit for bit wherever the
        // newest sample sits and however many samples the window holds.
        var seed: UInt64 = 0x71A6
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        func expected(_ samples: [(t: Double, x: Double, y: Double)], window: Double) -> Point {
            let kept = Array(samples.suffix(VelocityEstimator.capacity).reversed())   // newest first
            let t0 = kept[0].t
            var sums = FitSums()
            var n = 0
            for p in kept {
                let age = t0 - p.t
                if age > window { break }
                sums.add(tau: age * -1000, SIMD2(p.x, p.y))
                n += 1
            }
            guard n >= 2 else { return .zero }
            let net = Point(x: kept[0].x - kept[n - 1].x, y: kept[0].y - kept[n - 1].y)
            var v: Point
            if n >= 3, let fit = sums.slope(count: n) {
                v = fit
            } else {
                let dt = t0 - kept[n - 1].t
                guard dt > 0 else { return .zero }
                v = net / dt
            }
            return v.dot(net) < 0 || !v.isFinite ? .zero : v
        }
        var compared = 0
        for window in [0.05, 0.1, 1.0] {   // a few samples, the default, every stored sample
            var estimator = VelocityEstimator()
            estimator.window = window
            var samples: [(t: Double, x: Double, y: Double)] = []
            var t = 1.0, x = 100.0, y = 50.0
            for _ in 0..<(3 * VelocityEstimator.capacity) {   // the newest sample visits every slot
                t += 0.002 + 0.01 * next()
                x += 3 * next()
                y += 2 * next() - 0.5
                samples.append((t, x, y))
                estimator.add(Point(x: x, y: y), at: t)
                let got = estimator.currentVelocity(), want = expected(samples, window: window)
                #expect(got.x.bitPattern == want.x.bitPattern && got.y.bitPattern == want.y.bitPattern)
                compared += 1
            }
        }
        #expect(compared == 3 * 3 * VelocityEstimator.capacity)
    }

    /// One tap on a single tap that waits for a double tap: the single tap is held back.
    private static func singleTapHeldBack() -> (Scene, TapGestureRecognizer, TapGestureRecognizer) {
        let s = Scene()
        let (single, double) = s.attachSingleWaitingForDouble()
        s.down(1, 150, 150, at: 0)
        s.up(1, 150, 150, at: 0.05)
        #expect(single.isWaitingForFailure)
        return (s, single, double)
    }

    // Step 2 runs only when `arbitrationPending` says an engaged recognizer may wait to leave
    // `possible`; these are the cases where that is not a state change of the pass itself.

    @Test func aRecognizerThatLeftPossibleBeforeItHadATouchIsArbitratedWhenItGetsOne() {
        let s = Scene()
        let r = HostStarted()
        s.attach(r, name: "early")
        r.state = .began   // a host call: its own pass, but r is not engaged, so nothing commits
        #expect(s.log.isEmpty)
        s.down(1, 150, 150, at: 0.5)   // engaged now: the arbitration accepts it in this pass
        #expect(s.log == ["0.500 early began"])
    }

    @Test func aHeldBackTapIsReleasedInAPassWhereOnlyItsBlockerFails() {
        let (s, single, _) = HotPathTests.singleTapHeldBack()
        s.advance(1.0)   // the double tap times out and fails; the held tap must still be released
        #expect(!single.isWaitingForFailure)
        #expect(s.log.count == 1 && s.log[0].hasSuffix("single ended"))
    }

    // Step 6 runs only when `resetPending` says a recognizer may have finished; the cases where
    // that is not a state change to ended, cancelled or failed in the same pass:

    @Test func aHeldBackTapReleasedWithoutAnyFailureIsResetInThatPass() {
        let (s, single, double) = HotPathTests.singleTapHeldBack()
        single.removeFailureRequirement(double)   // no pass of its own
        s.down(2, 20, 20, at: 0.1)   // outside the view: no recognizer changes state in this pass
        #expect(s.log == ["0.100 single ended"])
        #expect(single.state == .possible)   // released, its action sent, and reset
        #expect(double.state == .possible)   // still waiting for its second tap
    }

    @Test func aRecognizerRegisteredAlreadyFinishedIsResetInTheFirstPassItTakesPartIn() {
        let s = Scene()
        let r = HostEnded()
        r.state = .ended   // no engine yet: the state is all that changes
        s.attach(r, name: "early")
        #expect(r.state == .ended)
        s.down(1, 150, 150, at: 0.2)
        #expect(r.state == .possible)
        s.up(1, 150, 150, at: 0.3)
        #expect(r.state == .possible)
    }
}
