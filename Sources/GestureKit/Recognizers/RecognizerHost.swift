/// What a recognizer may ask of whoever owns it: the narrow context a recognizer gets instead of
/// the engine. The engine is a `RecognizerHost` (it subclasses this class and overrides the
/// notifications), so a recognizer, and everything in this layer, never names the engine's type.
///
/// A recognizer reaches its host through `GestureRecognizer.host`; it reads the view tree (for
/// coordinate conversions) and the screen size, and reports what the engine must know:
/// state changes, a disable, a new deadline, an ignored touch. The default implementations do
/// nothing, which is what an unregistered recognizer needs.
open class RecognizerHost {
    /// The view tree the host's recognizers are attached to.
    public let tree: ViewTree
    /// The screen (root view) size, in points.
    public let screenSize: Size

    public init(tree: ViewTree, screenSize: Size) {
        self.tree = tree
        self.screenSize = screenSize
    }

    /// `r` changes state to `next` (rule 14 already applied), inside an update pass or from a host
    /// call. The host sets `r`'s state itself, so that it can note what it needs both before and
    /// after the change in one call.
    func recognizer(_ r: GestureRecognizer, changesStateTo next: GestureState) {
        r._state = next
    }
    /// `r` was disabled (rule 55).
    func recognizerWasDisabled(_ r: GestureRecognizer) {}
    /// `r` set a deadline.
    func scheduleTimer(for r: GestureRecognizer) {}
    /// `r` was given a new name (its metrics series changes).
    func recognizerWasRenamed(_ r: GestureRecognizer) {}
    /// `r` (a stroke recognizer) added the stroke of the touch with this host id to its shape.
    func recognizer(_ r: GestureRecognizer, addedStrokeOf touchID: Int64) {}
    /// `r` ignores the touch with this serial (UIKit's `ignore(_:for:)`).
    func recognizer(_ r: GestureRecognizer, ignores serial: UInt64) {}
}
