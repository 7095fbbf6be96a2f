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
        for i in committedThisPass.indices {
            let s = committedThisPass[i]
            guard let r = recognizers[Int(s)] else { continue }
            guard bookkeeping[r.slot].committed else { continue }
            for k in touchRecords.indices {
                guard touchRecords[k].viewReceives, !touchRecords[k].viewDone,
                      touchRecords[k].trackers.contains(s) else { continue }
                if r.cancelsTouchesInView {
                    if touchRecords[k].viewBegan {
                        emit(k, phase: .cancelled, at: touchRecords[k].touch.location, touchTime: touchRecords[k].touch.timestamp)
                    }
                    touchRecords[k].viewDone = true
                } else if r.delaysTouchesBegan && !touchRecords[k].viewBegan {
                    touchRecords[k].viewDone = true   // rule 51: withheld touches are discarded
                }
            }
        }
    }

    /// Whether an undecided recognizer tracking record `k` withholds its `began` (or `ended`).
    private func withholds(_ k: Int, began: Bool) -> Bool {
        anyTracker(ofRecord: k) { r in
            !bookkeeping[r.slot].committed && r._state != .failed && (began ? r.delaysTouchesBegan : r.delaysTouchesEnded)
        }
    }

    /// Step 5: the frame's own phases and the touches released by recognizers that failed.
    /// Returns whether a record is finished afterwards (its touch lifted, and its view told or no
    /// view to tell), so that the pass looks for finished records only when there is one.
    func deliverRemaining() -> Bool {
        var anyFinished = false
        for k in touchRecords.indices {
            // One bounds check per record: nothing below adds or removes records (the view's touch
            // handler and the delegate questions are callbacks, which the busy engine refuses).
            let rec = touchRecords.address(k)
            guard rec.pointee.viewReceives, !rec.pointee.viewDone, rec.pointee.viewSlot >= 0 else {
                if rec.pointee.isFinished { anyFinished = true }
                continue
            }
            // Field by field: the record's whole touch is not copied for the few values read here.
            var released = false
            if !rec.pointee.viewBegan {
                if withholds(k, began: true) { continue }
                let start = rec.pointee.touch.startLocation
                emit(k, phase: .began, at: start, touchTime: rec.pointee.touch.startTimestamp)
                rec.pointee.viewBegan = true
                rec.pointee.lastDelivered = start
                released = true
            }
            // A movement in this frame (rule 54: stationary touches give nothing), or the one
            // collapsed movement of a touch released after a delay. A lift at a new position is
            // reported by `ended` itself.
            let location = rec.pointee.touch.location
            if (rec.pointee.isDown || released) && rec.pointee.lastDelivered != location {
                emit(k, phase: .moved, at: location, touchTime: rec.pointee.touch.timestamp)
                rec.pointee.lastDelivered = location
            }
            if !rec.pointee.isDown {
                if rec.pointee.endPhase == .cancelled {
                    emit(k, phase: .cancelled, at: location, touchTime: rec.pointee.touch.timestamp)
                    rec.pointee.viewDone = true
                } else if !withholds(k, began: false) {
                    emit(k, phase: .ended, at: location, touchTime: rec.pointee.touch.timestamp)
                    rec.pointee.viewDone = true
                }
                // Lifted, and its view now told (or still waiting for a delayed `ended`).
                if rec.pointee.viewDone { anyFinished = true }
            }
        }
        return anyFinished
    }

    private func emit(_ k: Int, phase: TouchPhase, at window: Point, touchTime: Double) {
        // One bounds check for the record's fields read below; no record is added or removed
        // while the delivery is built (the touch handler is a callback: the engine is busy).
        let rec = touchRecords.address(k)
        let v = rec.pointee.viewSlot
        guard v >= 0 else { return }
        // Built in its queue slot, as an action is (`sendAction`).
        let d = deliveryQueue.pushSlot(ViewDelivery())
        d.pointee.sequence = nextSequence
        nextSequence &+= 1
        d.pointee.timestamp = now
        d.pointee.view = tree.id(ofSlot: v)
        d.pointee.touchID = rec.pointee.touch.id
        d.pointee.touchSerial = rec.pointee.touch.serial
        d.pointee.phase = phase
        d.pointee.type = rec.pointee.touch.type
        d.pointee.windowLocation = window
        d.pointee.location = tree.convertFromWindow(window, to: v)
        d.pointee.touchTimestamp = touchTime
        d.pointee.force = rec.pointee.touch.force
        d.pointee.majorRadius = rec.pointee.touch.majorRadius
        d.pointee.buttons = rec.pointee.touch.buttons.rawValue
        d.pointee.modifiers = rec.pointee.touch.modifiers.rawValue
        // Only a press carries a press type; a finger, a stylus or a pointer has none (0).
        d.pointee.pressType = rec.pointee.touch.type == .press ? rec.pointee.touch.pressType.rawValue : 0
        if let handler = tree[v].touchHandler {
            let saved = isInCallback
            isInCallback = true
            handler(d.pointee)
            isInCallback = saved
        }
    }
}
