/// An element's accessibility traits: a value the view tree stores and the screen reader reads
/// (Engine/Accessibility/).

/// What kind of element a view is to the screen reader (UIKit's `accessibilityTraits`, the part
/// that changes what gestures do).
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// A flick up or down on it, focused, sends `.increment` or `.decrement` (a slider, a
    /// quantity, a volume).
    public static let adjustable = AccessibilityTraits(rawValue: 1)
    /// Read only: the view or an ancestor has user interaction off (a disabled control). The
    /// screen reader focuses it and the host reads it as dimmed (VoiceOver's "dimmed", UIKit's
    /// `notEnabled`); an activation does nothing. Reported by `accessibilityTraits(of:)`; setting
    /// it is refused.
    public static let notEnabled = AccessibilityTraits(rawValue: 2)
    /// A modal view (a dialog over the screen, UIKit's `accessibilityViewIsModal`): while it is
    /// shown, the screen reader reaches only the elements inside it (exploring, flicks, first and
    /// last); a focus outside it is dropped. With several, the last made (the one on top) counts.
    public static let modal = AccessibilityTraits(rawValue: 4)
    /// A group (a panel, a card): the elements inside it are read together, ordered among
    /// themselves by their `order`, while the group takes its own `order` among its siblings, so
    /// two panels read panel by panel (UIKit's `shouldGroupAccessibilityChildren`).
    public static let group = AccessibilityTraits(rawValue: 8)
    /// The traits a host sets.
    public static let all: AccessibilityTraits = [.adjustable, .modal, .group]
}
