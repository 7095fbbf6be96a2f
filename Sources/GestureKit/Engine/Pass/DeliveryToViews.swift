/// Steps 3 and 5 of the update pass: what the host's views receive (rules 46–54).
///
/// A view receives a touch's phases in parallel with the recognizers (rule 47), except:
/// - `delaysTouchesBegan`: nothing while a recognizer with the flag is undecided; released as
///   `began` (touch-down position and time), then one `moved` to the current position if the touch
///   moved meanwhile (the collapsed mode of spec 6.5), or discarded if the gesture is recognized;
/// - `delaysTouchesEnded`: `ended` waits while a recognizer with the flag is undecided;
/// - `cancelsTouchesInView`: when a recognizer with the flag recognizes or begins, the view gets
///   `cancelled` for that gesture's touches and nothing more of them.
extension Engine {
    /// Step 3: `touchesCancelled` for the touches of gestures committed in this pass (rules 27, 48).
    func cancelTouchesOfCommitted() {
        for i in pass.committed.indices {
            let s = pass.committed[i]
            guard let r = registry.recognizers[Int(s)] else { continue }
            guard registry.records[r.slot].committed else { continue }
            for k in touches.records.indices {
                guard touches.records[k].viewReceives, !touches.records[k].viewDone,
                      touches.records[k].trackers.contains(s) else { continue }
                if r.cancelsTouchesInView {
                    if touches.records[k].viewBegan {
                        let (location, time) = (touches.records[k].touch.location, touches.records[k].touch.timestamp)
                        emit(&touches.records[k], phase: .cancelled, at: location, touchTime: time)
                    }
                    touches.records[k].viewDone = true
                } else if r.delaysTouchesBegan && !touches.records[k].viewBegan {
                    touches.records[k].viewDone = true   // rule 51: withheld touches are discarded
                }
            }
        }
    }

    /// Makes room for the touches that land in `input`: the table keeps at most
    /// `maximumTouches * 2` records, and only touches that are down count toward the limit
    /// (`validate`). When lifted touches whose `ended` is still withheld (rule 49, e.g. taps beside
    /// a resting finger that keeps a pan undecided) fill the rest, the oldest of them are settled
    /// first: their view gets `touchesCancelled` (or nothing, if it never saw the touch), as when
    /// the gesture recognizes, so no view is left with a touch that never ends and none gets an
    /// `ended` its recognizers may still claim.
    @inline(never)
    func settleOldestWithheld(toAdmit input: [TouchInput]) {
        var began = 0
        for t in input where t.phase == .began { began += 1 }
        var excess = touches.records.count + began - options.maximumTouches * 2
        guard excess > 0 else { return }
        for k in touches.records.indices where excess > 0 && !touches.records[k].isDown && !touches.records[k].isFinished {
            touches.records.update(k) { rec in
                if rec.viewBegan { emit(&rec, phase: .cancelled, at: rec.touch.location, touchTime: rec.touch.timestamp) }
                rec.viewDone = true
            }
            excess -= 1
        }
        touches.removeFinished()
    }

    /// Whether an undecided recognizer among `trackers` (a touch record's) withholds its `began`
    /// (or `ended`).
    private func withholds(_ trackers: [Int32], began: Bool) -> Bool {
        for s in trackers where withRecognizer(s, { r in
            !registry.records[r.slot].committed && r._state != .failed && (began ? r.delaysTouchesBegan : r.delaysTouchesEnded)
        }) == true { return true }
        return false
    }

    /// Step 5: the frame's own phases and the touches released by recognizers that failed.
    /// Returns whether a record is finished afterwards (its touch lifted, and its view told or no
    /// view to tell), so that the pass looks for finished records only when there is one.
    func deliverRemaining() -> Bool {
        var anyFinished = false
        for k in touches.records.indices {
            // Each record lent in place, at one bounds check: nothing below adds or removes records
            // (the view's touch handler and the delegate questions are callbacks, which the busy
            // engine refuses), and the deliveries are built from it.
            if touches.records.update(k, { deliverRemaining(of: &$0) }) { anyFinished = true }
        }
        return anyFinished
    }

    /// Step 5 for one touch record; whether it is finished afterwards.
    @inline(__always)
    private func deliverRemaining(of rec: inout TouchRecord) -> Bool {
        guard rec.viewReceives, !rec.viewDone, rec.viewSlot >= 0 else { return rec.isFinished }
        var released = false
        if !rec.viewBegan {
            if withholds(rec.trackers, began: true) { return false }
            let start = rec.touch.startLocation
            emit(&rec, phase: .began, at: start, touchTime: rec.touch.startTimestamp)
            rec.viewBegan = true
            rec.lastDelivered = start
            released = true
        }
        // A movement in this frame (rule 54: stationary touches give nothing), or the one
        // collapsed movement of a touch released after a delay. A lift at a new position is
        // reported by `ended` itself.
        let location = rec.touch.location
        if (rec.isDown || released) && rec.lastDelivered != location {
            emit(&rec, phase: .moved, at: location, touchTime: rec.touch.timestamp)
            rec.lastDelivered = location
        }
        guard !rec.isDown else { return false }
        if rec.endPhase == .cancelled {
            emit(&rec, phase: .cancelled, at: location, touchTime: rec.touch.timestamp)
            rec.viewDone = true
        } else if !withholds(rec.trackers, began: false) {
            emit(&rec, phase: .ended, at: location, touchTime: rec.touch.timestamp)
            rec.viewDone = true
        }
        // Lifted, and its view now told (or still waiting for a delayed `ended`).
        return rec.viewDone
    }

    /// Queues (and hands the view's touch handler) a delivery of `rec`'s touch. Nothing adds or
    /// removes a record while the delivery is built (the touch handler is a callback: the engine
    /// is busy). Not inlined: step 5 calls it from four places. `rec` is lent `inout` so that it
    /// is passed by address (only read).
    @inline(never)
    private func emit(_ rec: inout TouchRecord, phase: TouchPhase, at window: Point, touchTime: Double) {
        let v = rec.viewSlot
        guard v >= 0 else { return }
        // Built in its queue slot, as an action is (`sendAction`).
        let sequence = queues.takeSequence()
        let tag = queues.handleTag
        queues.deliveries.push(ViewDelivery()) { fillDelivery(&$0, sequence, tag, &rec, v, phase, window, touchTime) }
        guard let handler = tree[v].touchHandler else { return }
        let delivery = queues.deliveries.newest()
        withHostCallback { handler(delivery) }
    }

    @inline(__always)
    private func fillDelivery(_ d: inout ViewDelivery, _ sequence: UInt64, _ tag: UInt64, _ rec: inout TouchRecord, _ v: Int32, _ phase: TouchPhase,
                              _ window: Point, _ touchTime: Double) {
        d.sequence = sequence
        d.timestamp = now
        let id = tree.id(ofSlot: v)
        d.viewHandle = HandleBits.handle(tag: tag, index: id.index, generation: id.generation)
        d.touchID = rec.touch.id
        d.touchSerial = rec.touch.serial
        d.phase = phase
        d.type = rec.touch.type
        d.windowLocation = window
        d.location = tree.convertFromWindow(window, to: v)
        d.touchTimestamp = touchTime
        d.force = rec.touch.force
        d.majorRadius = rec.touch.majorRadius
        d.buttons = rec.touch.buttons.rawValue
        d.modifiers = rec.touch.modifiers.rawValue
        // Only a press carries a press type; a finger, a stylus or a pointer has none (0).
        d.pressType = rec.touch.type == .press ? rec.touch.pressType.rawValue : 0
    }
}
