/// A remembered answer to a failure-requirement question about the recognizer in `slot`.
struct RequirementAnswer {
    var slot: Int32
    var generation: UInt32
    var answer: Bool
}

/// The base class of every gesture recognizer: UIKit's `UIGestureRecognizer`.
///
/// A recognizer is attached to one view of an `Engine`. It receives the touches hit-tested to that
/// view or its subviews (rules 1–4), runs its own logic in the `touches…` methods, and moves through
/// the state machine of rules 11–22 by setting `state`. The engine resolves conflicts between
/// recognizers, sends the actions and tells host views which touches they get.
///
/// Subclass it to write a custom recognizer: override the `touches…` methods, `reset()` and,
/// when you need them, `canPrevent(_:)`, `canBePrevented(by:)`, `shouldRequireFailure(of:)` and
/// `shouldBeRequiredToFail(by:)`. Set `state` from those methods; requests are coerced by rule 14.
///
/// Not thread-safe: a recognizer belongs to its engine's thread.
open class GestureRecognizer {
    /// What kind of recognizer this is (`.custom` for subclasses outside the library).
    public let kind: GestureKind
    /// Continuous recognizers go through `began`/`changed`; discrete ones go straight to `ended`.
    public let isContinuous: Bool

    /// The state as the recognizer's own logic left it. While the recognizer is held back by a
    /// failure requirement (rule 39), it may already be `ended`/`began` here although no action
    /// has been sent; `isWaitingForFailure` tells.
    public final var state: GestureState {
        get { _state }
        set { requestState(newValue) }
    }
    final var _state: GestureState = .possible

    /// `false` stops the recognizer from receiving touches (rule 5); turning it off while it
    /// recognizes cancels it (rule 55).
    public final var isEnabled: Bool {
        get { _isEnabled }
        set {
            guard newValue != _isEnabled else { return }
            _isEnabled = newValue
            if !newValue { withHost { $0.recognizerWasDisabled(self) } }
        }
    }
    final var _isEnabled = true

    /// A name for logs and debugging (UIKit's `name`).
    public final var name: [UInt8] = [] {
        didSet { withHost { $0.recognizerWasRenamed(self) } }
    }

    /// Rule 48: the view receives `touchesCancelled` for the gesture's touches when it is recognized.
    public final var cancelsTouchesInView = true
    /// Rule 51: the view receives none of the gesture's touches while the recognizer is undecided.
    public final var delaysTouchesBegan = false
    /// Rule 49: the view's `touchesEnded` waits until the recognizer has failed.
    public final var delaysTouchesEnded = true
    /// How long (seconds, scaled by `timingScale`) a recognizer that needs several touches down
    /// together waits for the next one: while it has at least one touch but fewer than
    /// `touchesNeededToRecognize`, it fails this long after the latest landing (or after a lift
    /// left it short). 0, the default, waits as long as it takes. With `delaysTouchesBegan`, this
    /// bounds how long a touch that never becomes part of the gesture is withheld from the view:
    /// UIKit's delay, limited to the time fingers take to land together.
    public final var landingWindow: Double = 0
    /// UIKit's `requiresExclusiveTouchType`: once a touch of one type is tracked, touches of
    /// other types are ignored.
    public final var requiresExclusiveTouchType = true
    /// UIKit's `allowedTouchTypes`: touches of other types never reach the recognizer. Default: all.
    public final var allowedTouchTypes: TouchTypes = .all
    /// UIKit's `allowedPressTypes`: the physical buttons whose presses reach the recognizer (as
    /// touches of type `.press` at the focused view's centre). Default: none. Tap and long press
    /// recognize presses (a double press, a long press of a key); a custom recognizer may too.
    public final var allowedPressTypes: PressTypes = []
    /// UIKit's `modifierFlags`: the modifier keys of the latest event the recognizer received.
    public internal(set) var modifierFlags: ModifierFlags = []
    /// UIKit's `buttonMask`: the pointer buttons held by the recognizer's touches (the last
    /// touches it had, once they have lifted). Empty for fingers and styluses.
    public final var buttonMask: ButtonMask {
        if trackedTouches.isEmpty { return lastButtonMask }
        var m: ButtonMask = []
        for t in trackedTouches { m.formUnion(t.buttons) }
        return m
    }
    final var lastButtonMask: ButtonMask = []
    /// Hover recognizers are driven by pointer events and never track touches.
    final var tracksTouches = true

    // MARK: Delegate questions (UIKit's UIGestureRecognizerDelegate), all optional.

    /// `gestureRecognizerShouldBegin(_:)` (rules 15–16).
    public final var shouldBegin: ((GestureRecognizer) -> Bool)?
    /// `gestureRecognizer(_:shouldReceive:)` for a touch (rule 6).
    public final var shouldReceive: ((GestureRecognizer, Touch) -> Bool)?
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` (rule 29).
    public final var shouldRecognizeSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// `gestureRecognizer(_:shouldRequireFailureOf:)` (rule 30).
    public final var shouldRequireFailureOf: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)` (rule 30).
    public final var shouldBeRequiredToFailBy: ((GestureRecognizer, GestureRecognizer) -> Bool)?

    // MARK: Registration, tracked touches and timer
    //
    // What the recognizer itself reads and writes. What only the engine's update pass keeps about
    // it (arbitration flags, actions due, orders, the timer's bookkeeping) is the engine's
    // `RecognizerRecord` for its slot, which recognizers never see.

    /// The host (the engine) this recognizer is registered with: its narrow context. The host owns
    /// the recognizer and clears this reference before it goes away, so it is never dangling.
    final var host: RecognizerHost? {
        get { hostRef?.takeUnretainedValue() }
        set { hostRef = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `host`, unretained (the host owns the recognizer, not the other way round).
    private final var hostRef: Unmanaged<RecognizerHost>?

    /// Tells the host something without retaining it (every notification goes this way).
    @inline(__always)
    final func withHost(_ body: (RecognizerHost) -> Void) {
        hostRef?._withUnsafeGuaranteedRef(body)
    }

    /// Whether `h` is this recognizer's host (an identity test that touches no reference count).
    @inline(__always)
    final func isHosted(by h: RecognizerHost) -> Bool {
        hostRef?.toOpaque() == Unmanaged.passUnretained(h).toOpaque()
    }
    final var slot: Int32 = -1
    /// Slot of the view it is attached to, or -1.
    final var viewSlot: Int32 = -1
    final var targets: [Target] = []
    final var nextTargetToken: UInt64 = 1
    final var failureRequirements: [GestureRecognizer] = []
    /// Touches currently down that this recognizer tracks, in the order they began.
    final var trackedTouches: [Touch] = []
    /// Centroid of the tracked touches after the latest callback, in window coordinates.
    final var lastCentroid = Point.zero
    /// It asked to leave `possible` and waits for another recognizer to fail (rule 38).
    final var held = false
    /// Next timer deadline in engine time (seconds); `.infinity` when none: the earlier of the
    /// recognizer's own (`setDeadline`) and its landing window's.
    final var deadline: Double { min(ownDeadline, landingDeadline) }
    /// The deadline the recognizer's own logic asked for.
    final var ownDeadline: Double = .infinity
    /// When the landing window runs out, or `.infinity` (see `landingWindow`).
    final var landingDeadline: Double = .infinity
    /// Distance thresholds are multiplied by this (spec 7b); set by the engine when attached.
    public internal(set) var thresholdScale: Double = 1
    /// The engine's timing scale (1…10, `Engine.setTimingScale`); set by the engine.
    public internal(set) var engineTimingScale: Double = 1
    /// Whether the engine's timing scale applies to this recognizer's time limits. Default true;
    /// false keeps them exactly as set (a game's reaction timer, say).
    public final var scalesTiming = true
    /// What the time limits a user must beat are multiplied by: the engine's timing scale, or 1
    /// when `scalesTiming` is off. A custom recognizer multiplies its own limits by it.
    public final var timingScale: Double { scalesTiming ? engineTimingScale : 1 }
    /// The panel's noise in points when the engine's noise-aware thresholds are on, else 0: a
    /// movement threshold is never below the distance noise alone can cover (`noiseFloor`).
    public internal(set) var movementNoise: Double = 0

    /// The smallest movement threshold noise allows: a touch's reported position may stray
    /// `movementNoise` from the finger either way, so one touch can seem to move 2 × noise, and the
    /// distance or arc between two touches can seem to change by 4 × noise.
    final func noiseFloor(touches: Int) -> Double { movementNoise * (touches >= 2 ? 4 : 2) }

    public init(kind: GestureKind, isContinuous: Bool) {
        self.kind = kind
        self.isContinuous = isContinuous
        trackedTouches.reserveCapacity(4)
    }

    /// A custom recognizer (kind `.custom`): the initializer for subclasses outside the library.
    @_optimize(size) public init(continuous: Bool) {
        kind = .custom
        isContinuous = continuous
        trackedTouches.reserveCapacity(4)
    }

    /// The view the recognizer is attached to, or `nil`.
    public final var view: ViewID? {
        guard let host, viewSlot >= 0 else { return nil }
        return host.tree.id(ofSlot: viewSlot)
    }

    /// `true` while the recognizer has asked to leave `possible` but waits for another
    /// recognizer to fail (rules 38–39).
    public final var isWaitingForFailure: Bool { held }

    // MARK: State

    /// Applies rule 14 to a state request. Outside an update pass (a host call), the engine runs
    /// a pass of its own at its current time.
    final func requestState(_ request: GestureState) {
        guard let next = GestureState.coerce(from: _state, to: request, isContinuous: isContinuous) else { return }
        // One call to the host, which makes the change between its bookkeeping before and after.
        if let h = hostRef {
            h._withUnsafeGuaranteedRef { $0.recognizer(self, changesStateTo: next) }
        } else {
            _state = next
        }
    }

    // MARK: Failure requirements (rules 38–45)

    /// This recognizer's transition out of `possible` waits until `other` fails.
    @_optimize(size) public final func require(toFail other: GestureRecognizer) {
        guard other !== self else { return }
        for r in failureRequirements where r === other { return }
        failureRequirements.append(other)
    }

    /// Removes a requirement added with `require(toFail:)`.
    @_optimize(size) public final func removeFailureRequirement(_ other: GestureRecognizer) {
        failureRequirements.removeAllInPlace { $0 === other }
    }

    // MARK: Single-pointer alternatives (docs/ACCESSIBILITY.md)

    /// Recognizers the application declared as single-pointer ways to the same action
    /// (`declareAlternative`); the accessibility audit reads them.
    final var singlePointerAlternatives: [GestureRecognizer] = []

    /// Declares that `other` reaches this recognizer's action with a single pointer (WCAG 2.5.1),
    /// so the audit does not report this recognizer.
    @_optimize(size) public final func declareAlternative(_ other: GestureRecognizer) {
        guard other !== self else { return }
        for r in singlePointerAlternatives where r === other { return }
        singlePointerAlternatives.append(other)
    }

    /// Removes a declaration made with `declareAlternative`.
    @_optimize(size) public final func removeAlternative(_ other: GestureRecognizer) {
        singlePointerAlternatives.removeAllInPlace { $0 === other }
    }

    // MARK: Touches

    /// The number of touches the recognizer tracks (UIKit's `numberOfTouches`).
    open var numberOfTouches: Int { trackedTouches.count }

    /// The touches the recognizer currently tracks.
    public final var touches: [Touch] { trackedTouches }

    /// The gesture's location (default: the centroid of its touches) in `view`'s coordinates, or
    /// window coordinates for `nil` (rules 57–58).
    open func location(in view: ViewID?) -> Point {
        convert(windowLocation, to: view)
    }

    /// The gesture's location in window coordinates; subclasses override it to define
    /// `location(in:)`.
    open var windowLocation: Point {
        trackedTouches.isEmpty ? lastCentroid : GestureRecognizer.centroid(of: trackedTouches)
    }

    /// The location of one of the recognizer's touches, or `nil` when `index` is not below
    /// `numberOfTouches` (rule 59).
    open func location(ofTouch index: Int, in view: ViewID?) -> Point? {
        guard index >= 0, index < trackedTouches.count else { return nil }
        return convert(trackedTouches[index].location, to: view)
    }

    /// Converts a window point with the engine's view tree.
    public final func convert(_ p: Point, to view: ViewID?) -> Point {
        guard let host else { return p }
        return host.tree.convert(p, to: view)
    }

    /// Converts a window displacement with the engine's view tree.
    public final func convertVector(_ v: Point, to view: ViewID?) -> Point {
        guard let host else { return v }
        return host.tree.convertVector(v, to: view)
    }

    public static func centroid(of touches: [Touch]) -> Point {
        guard !touches.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for t in touches { x += t.location.x; y += t.location.y }
        let n = Double(touches.count)
        return Point(x: x / n, y: y / n)
    }

    /// Stops tracking `touch` (UIKit's `ignore(_:for:)`): no further callbacks for it, and it is
    /// never cancelled in the view because of this recognizer (rule 53).
    public final func ignore(_ touch: Touch) {
        trackedTouches.removeAllInPlace { $0.serial == touch.serial }
        withHost { $0.recognizer(self, ignores: touch.serial) }
    }

    // MARK: Landing window (timers: GestureRecognizer+Timers.swift)

    /// How many touches must be down together before the gesture can be recognized: the
    /// landing window (`landingWindow`) runs while the recognizer has fewer. 1 unless the kind
    /// needs more (a two-finger tap, a three-finger long press, a pinch); a custom recognizer that
    /// needs several fingers overrides it.
    open var touchesNeededToRecognize: Int { 1 }

    // MARK: Subclass hooks

    open func touchesBegan(_ touches: [Touch], at time: Double) {}
    open func touchesMoved(_ touches: [Touch], at time: Double) {}
    /// The engine's usual moved frame: the touches that moved are exactly `trackedTouches`, in
    /// the same order (already brought up to date). Hands them to `touchesMoved(_:at:)`; the
    /// built-in recognizers whose hook reads `trackedTouches` itself override this to skip the
    /// argument, which would cost a retain and a release of the list on every frame. (Internal:
    /// a subclass outside the library always gets `touchesMoved(_:at:)`.)
    func trackedTouchesMoved(at time: Double) { touchesMoved(trackedTouches, at: time) }
    open func touchesEnded(_ touches: [Touch], at time: Double) {}
    open func touchesCancelled(_ touches: [Touch], at time: Double) {}
    /// Called when the deadline set with `setDeadline(_:)` is reached.
    open func deadlineReached(at time: Double) {}
    /// Called at the end of the pass in which the recognizer reached a terminal state (rule 17).
    open func reset() {}
    /// Rule 31: whether this recognizer may prevent `other` from recognizing.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Rule 31: whether `other` may prevent this recognizer from recognizing.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// Rule 30, subclass form: this recognizer requires `other` to fail. It is asked only when
    /// `asksToRequireFailure` is true.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Rule 30, subclass form: `other` requires this recognizer to fail. It is asked only when
    /// `asksToBeRequiredToFail` is true.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }
    /// Whether `shouldRequireFailure(of:)` may answer true: true for custom recognizers (kind
    /// `.custom`), false for the built-in ones. A subclass of a built-in recognizer (such as
    /// `PanGestureRecognizer`) that overrides `shouldRequireFailure(of:)` must override this to
    /// return true. Recognizers for which neither side can answer are arbitrated without asking,
    /// which keeps the cost linear when thousands of them see one touch.
    open var asksToRequireFailure: Bool { kind == .custom }
    /// Whether `shouldBeRequiredToFail(by:)` may answer true (see `asksToRequireFailure`).
    open var asksToBeRequiredToFail: Bool { kind == .custom }
    /// A delegate question or a subclass answer may make this recognizer require another to fail.
    final var mayRequireByQuestion: Bool { shouldRequireFailureOf != nil || asksToRequireFailure }
    /// A delegate question or a subclass answer may make another recognizer require this one to fail.
    final var mayBeRequiredByQuestion: Bool { shouldBeRequiredToFailBy != nil || asksToBeRequiredToFail }
    /// Called when a recognizer that was held back by a failure requirement is released, just
    /// before its deferred actions are sent (pan uses it for rule 44).
    open func didReleaseFromFailureRequirement(at time: Double) {}
    /// Fills the kind-specific values of an action snapshot.
    open func fillSnapshot(_ snapshot: inout ActionSnapshot) {}

    // MARK: Engine-side reset

    final func resetForEngine() {
        _state = .possible
        held = false
        clearTimers()
        if !trackedTouches.isEmpty { lastCentroid = GestureRecognizer.centroid(of: trackedTouches) }
        lastButtonMask = []
        modifierFlags = []
        trackedTouches.clearKeepingCapacity()
        reset()
    }
}
