/// A reference to a view in an engine's view tree: a slot index and the slot's generation.
/// A handle whose view was destroyed is detected by its generation and rejected.
public struct ViewID: Equatable {
    public let index: UInt32
    public let generation: UInt32
    @inlinable public init(index: UInt32, generation: UInt32) { self.index = index; self.generation = generation }
}

/// The boolean flags of a view (UIKit's names).
public enum ViewFlag: UInt8, Sendable {
    case hidden = 0
    case userInteractionEnabled = 1
    case multipleTouchEnabled = 2
    case exclusiveTouch = 3
    /// WCAG 2.5.8's inline exception: the target's size is set by the text it sits in.
    case inlineTarget = 4
    /// Essential: its size (WCAG 2.5.8) or acting on touch-down (2.5.2) is essential to what it does.
    case essential = 5
}
