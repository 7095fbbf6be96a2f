/// The phase of a pointer hover event (a pointer without contact: a mouse, or a stylus in range).
public enum HoverPhase: UInt8, Sendable {
    /// The pointer appeared (came into range or onto the screen).
    case enter = 0
    /// The pointer moved.
    case move = 1
    /// The pointer left (out of range or off the screen).
    case exit = 2
}

/// Recognizes a pointer hovering over its view (UIKit's `UIHoverGestureRecognizer`, rule 108).
/// Continuous: `began` when the pointer enters the view (or one of its subviews), `changed` while
/// it moves over it, `ended` when it leaves or the pointer goes away. Driven only by
/// `Engine.hover(time:phase:location:type:modifiers:)`; touches never reach it.
public final class HoverGestureRecognizer: GestureRecognizer {
    private var pointer = Point.zero

    @_optimize(size) public init() {
        super.init(kind: .hover, isContinuous: true)
        tracksTouches = false
        allowedTouchTypes = [.stylus, .indirectPointer]
    }

    /// The pointer's location (window coordinates).
    public override var windowLocation: Point { pointer }

    /// A hovering pointer is not a touch.
    public override var numberOfTouches: Int { 0 }

    @_optimize(size) public override func location(ofTouch index: Int, in view: ViewID?) -> Point? { nil }

    @_optimize(size) func pointerIsOver(_ p: Point, modifiers: ModifierFlags) {
        pointer = p
        modifierFlags = modifiers
        state = state == .possible ? .began : .changed
    }

    @_optimize(size) func pointerLeft(_ p: Point, modifiers: ModifierFlags) {
        pointer = p
        modifierFlags = modifiers
        state = .ended
    }

    @_optimize(size) public override func touchesCancelled(_ touches: [Touch], at time: Double) {
        state = state == .possible ? .failed : .cancelled
    }
}
