/// Physical button presses (UIKit's `UIPress`): hardware keys, a remote, a foot pedal. A press goes
/// to the focused view, as if it were a touch at the view's centre: the recognizers of that view
/// and its ancestors whose `allowedPressTypes` include the button track it, the view receives it
/// like a touch (type `.press`) under the same cancel and delay rules, and it takes part in
/// exclusion and failure requirements with the touch recognizers.
extension Engine {
    /// The view presses go to (UIKit's focus), or `nil` (presses then reach no view and only the
    /// root's recognizers).
    public var focusedView: ViewID? { touches.focusedSlot >= 0 ? tree.id(ofSlot: touches.focusedSlot) : nil }

    /// Sets the focused view; `nil` clears it. Presses already down stay with the view they began on.
    @_optimize(size) public func setFocus(_ view: ViewID?) throws(EngineError) {
        try checkNotBusy()
        if let view {
            let s = try viewSlot(view)
            touches.focusedSlot = s
        } else {
            touches.focusedSlot = -1
        }
    }

    /// Feeds one press event: `type` went down (`.began`), changed force (`.moved`), came up
    /// (`.ended`) or was cancelled. One press per button at a time. Timers due first fire first.
    @_optimize(size) public func press(time: Double, type: PressType, phase: TouchPhase, force: Double = 0) throws(EngineError) {
        guard phase != .stationary else { throw .invalidArgument }
        var centre = Point.zero
        if touches.focusedSlot >= 0 {
            let b = tree[touches.focusedSlot].bounds
            centre = tree.convert(Point(x: b.origin.x + b.size.width / 2, y: b.origin.y + b.size.height / 2),
                                  from: tree.id(ofSlot: touches.focusedSlot))
        }
        var input = TouchInput(id: Int64(type.rawValue), phase: phase, location: centre, type: .press, force: force)
        input.pressType = type
        touches.pressFrame.clearKeepingCapacity()
        touches.pressFrame.append(input)
        try feed(time: time, touches: touches.pressFrame)
    }
}
