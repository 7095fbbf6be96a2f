import CGestureKit

// The C face of the accessibility settings (`Engine+Accessibility.swift`).

@c @implementation
@_optimize(size) public func gk_engine_set_timing_scale(_ engine: OpaquePointer?, _ scale: Double) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    do { try box.engine.setTimingScale(scale) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_timing_scale(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    out.pointee = box.engine.timingScale
    return GK_OK
}

@_optimize(size) private func cAccommodations(_ a: TouchAccommodations) -> gk_touch_accommodations {
    gk_touch_accommodations(size: MemoryLayout<gk_touch_accommodations>.size, hold_duration: a.holdDuration,
                            ignore_repeat: a.ignoreRepeat, ignore_repeat_distance: a.ignoreRepeatDistance,
                            tap_assistance: UInt32(a.tapAssistance.rawValue), tap_assistance_delay: a.tapAssistanceDelay,
                            swipe_distance: a.swipeDistance)
}

/// gk_touch_accommodations as 0.2.0 knew it, before `swipe_distance`.
let minimumAccommodationsSize = MemoryLayout<gk_touch_accommodations>.offset(of: \gk_touch_accommodations.swipe_distance) ?? 48

@c @implementation
@_optimize(size) public func gk_touch_accommodations_init(_ a: UnsafeMutablePointer<gk_touch_accommodations>?) -> gk_status {
    guard let a else { return GK_ERR_NULL_POINTER }
    a.pointee = cAccommodations(TouchAccommodations())
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_set_touch_accommodations(_ engine: OpaquePointer?,
                                              _ a: UnsafePointer<gk_touch_accommodations>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    var settings = TouchAccommodations()
    if let a {
        let c = a.pointee
        guard cSize(c.size) >= minimumAccommodationsSize else { return GK_ERR_STRUCT_SIZE }
        settings.holdDuration = c.hold_duration
        settings.ignoreRepeat = c.ignore_repeat
        settings.ignoreRepeatDistance = c.ignore_repeat_distance
        guard c.tap_assistance <= 2, let mode = TapAssistance(rawValue: UInt8(c.tap_assistance)) else {
            return GK_ERR_INVALID_ARGUMENT
        }
        settings.tapAssistance = mode
        settings.tapAssistanceDelay = c.tap_assistance_delay
        // The 0.6.0 field, read only from a caller that knows it.
        if cSize(c.size) >= MemoryLayout<gk_touch_accommodations>.size { settings.swipeDistance = c.swipe_distance }
    }
    do { try box.engine.setTouchAccommodations(settings) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_touch_accommodations(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_touch_accommodations>?,
                                              _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= minimumAccommodationsSize else { return GK_ERR_STRUCT_SIZE }
    copyOut(cAccommodations(box.engine.touchAccommodations), to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_declare_alternative(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                              _ alternative: gk_recognizer) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer), let a = box.recognizer(alternative) else { return GK_ERR_STALE_HANDLE }
    guard r !== a else { return GK_ERR_INVALID_ARGUMENT }
    if !r.singlePointerAlternatives.contains(where: { $0 === a }) {
        guard r.singlePointerAlternatives.count < Int(GK_MAX_ALTERNATIVES) else { return GK_ERR_CAPACITY }
    }
    r.declareAlternative(a)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_recognizer_remove_alternative(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                             _ alternative: gk_recognizer) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let r = box.recognizer(recognizer), let a = box.recognizer(alternative) else { return GK_ERR_STALE_HANDLE }
    r.removeAlternative(a)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_audit(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_audit_finding>?, _ capacity: Int,
                            _ size: Int, _ outCount: UnsafeMutablePointer<Int>?) -> gk_status {
    guard let box = unwrapEngine(engine), let outCount else { return GK_ERR_NULL_POINTER }
    guard !box.engine.isInCallback else { return GK_ERR_BUSY }
    let findings = box.engine.audit()
    outCount.pointee = findings.count
    guard capacity != 0 else { return GK_OK }
    guard let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= MemoryLayout<gk_audit_finding>.size else { return GK_ERR_STRUCT_SIZE }
    guard cSize(size) <= 1 << 16 else { return GK_ERR_INVALID_ARGUMENT }   // a stride that large is a bug, and k × size must not overflow
    guard cSize(capacity) >= findings.count else { return GK_ERR_CAPACITY }
    let base = UnsafeMutableRawPointer(out)
    for (k, f) in findings.enumerated() {
        let c = gk_audit_finding(view: box.handle(f.view), recognizer: f.recognizer == AuditFinding.noRecognizer ? 0 : box.handle(f.recognizer),
                                 rule: UInt32(f.rule.rawValue), suggestion: UInt32(f.suggestion.rawValue))
        copyOut(c, to: base + k * size, size: size)
    }
    return GK_OK
}

private let auditRuleTexts: [StaticString] = [
    "multipoint (WCAG 2.5.1)", "path-based (WCAG 2.5.1)", "target size (WCAG 2.5.8)", "dragging (WCAG 2.5.7)",
    "pointer cancellation (WCAG 2.5.2)", "screen-reader command (EN 301 549 5.9)",
    "not an accessibility element (WCAG 4.1.2)", "empty accessibility label (WCAG 4.1.2)",
]
private let auditSuggestionTexts: [StaticString] = [
    "add a one-finger zoom to the view",
    "let one finger do it, or declare a single-pointer alternative",
    "offer the action another way (a button) and declare it as the alternative",
    "make it at least 24 CSS px (6.35 mm) each way, space it from other targets, or mark it inline or essential",
    "give the long press a duration or act when it ends, so that sliding off aborts; or mark the view essential",
    "offer the screen reader's pause (two-finger tap) another way: a button or a key",
    "offer the screen reader's escape (two-finger scrub) another way: a button or a key",
    "offer the screen reader's scroll (three-finger swipe) another way: buttons or keys",
    "mark the view, or the control it belongs to, as an accessibility element with a label",
    "give the element a label that says what it is or does",
]
private let unknownAuditText: StaticString = "unknown"

@_optimize(size) private func cString(_ s: StaticString) -> UnsafePointer<CChar>? {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
@_optimize(size) public func gk_audit_rule_string(_ rule: UInt32) -> UnsafePointer<CChar>? {
    cString(Int(clamping: rule) < auditRuleTexts.count ? auditRuleTexts[Int(rule)] : unknownAuditText)
}

@c @implementation
@_optimize(size) public func gk_audit_suggestion_string(_ suggestion: UInt32) -> UnsafePointer<CChar>? {
    cString(Int(clamping: suggestion) < auditSuggestionTexts.count ? auditSuggestionTexts[Int(suggestion)] : unknownAuditText)
}

@c @implementation
@_optimize(size) public func gk_view_set_accessibility(_ engine: OpaquePointer?, _ view: gk_view, _ label: UnsafePointer<CChar>?,
                                      _ labelLength: Int, _ isElement: Bool, _ order: Int32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    guard labelLength >= 0, labelLength <= 255, labelLength == 0 || label != nil else { return GK_ERR_INVALID_ARGUMENT }
    do { try box.engine.setAccessibility(of: v, label: bytes(label, count: labelLength), isElement: isElement, order: order) } catch {
        return status(error)
    }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_accessibility_label(_ engine: OpaquePointer?, _ view: gk_view, _ buffer: UnsafeMutablePointer<CChar>?,
                                            _ size: Int, _ outLength: UnsafeMutablePointer<Int>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    if size != 0 && buffer == nil { return GK_ERR_NULL_POINTER }
    let label: [UInt8]
    do { label = try box.engine.accessibilityLabel(of: v) } catch { return status(error) }
    copyText(label, to: buffer, size: size, length: outLength)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_set_accessibility_traits(_ engine: OpaquePointer?, _ view: gk_view, _ traits: UInt32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { try box.engine.setAccessibilityTraits(of: v, AccessibilityTraits(rawValue: traits)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_view_get_accessibility_traits(_ engine: OpaquePointer?, _ view: gk_view,
                                                               _ out: UnsafeMutablePointer<UInt32>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
    do { out.pointee = try box.engine.accessibilityTraits(of: v).rawValue } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_declare_screen_reader_commands(_ engine: OpaquePointer?, _ commands: UInt32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    do { try box.engine.declareScreenReaderCommands(ScreenReaderCommands(rawValue: commands)) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_screen_reader_commands(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    out.pointee = box.engine.offeredScreenReaderCommands.rawValue
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_set_screen_reader(_ engine: OpaquePointer?, _ on: Bool) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    do { try box.engine.setScreenReader(on) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_accessibility_focus(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_view>?) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    out.pointee = box.handle(box.engine.accessibilityFocus)
    return GK_OK
}

/// gk_accessibility_event as 0.2.0 knew it, before `dropped_before`.
let minimumAccessibilityEventSize = 32

@c @implementation
@_optimize(size) public func gk_engine_poll_accessibility_event(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_accessibility_event>?,
                                              _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= minimumAccessibilityEventSize else { return GK_ERR_STRUCT_SIZE }
    guard let e = box.engine.nextAccessibilityEvent() else { return GK_EMPTY }
    let c = gk_accessibility_event(sequence: e.sequence, timestamp: e.timestamp, kind: UInt32(e.kind.rawValue),
                                   direction: e.direction.rawValue, view: box.handle(e.view), dropped_before: e.droppedBefore,
                                   message: e.message, priority: UInt32(e.priority.rawValue))
    copyOut(c, to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_announce(_ engine: OpaquePointer?, _ message: UInt64, _ priority: UInt32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard priority <= 1, let p = AnnouncementPriority(rawValue: UInt8(priority)) else { return GK_ERR_INVALID_ARGUMENT }
    do { try box.engine.announce(message, priority: p) } catch { return status(error) }
    return GK_OK
}

/// The event's kind and priority, from `size` bytes the caller knows (at least the 0.6.0 layout).
@_optimize(size) private func speechOf(_ p: UnsafePointer<gk_accessibility_event>) -> AccessibilityEvent {
    var e = AccessibilityEvent()
    let c = p.pointee
    // A kind this library does not know counts as one of the reader's own events.
    e.kind = AccessibilityEventKind(rawValue: UInt8(clamping: c.kind)) ?? .focusChanged
    e.priority = c.priority == 1 ? .urgent : .polite
    return e
}

@c @implementation
@_optimize(size) public func gk_accessibility_event_interrupts(_ speaking: UnsafePointer<gk_accessibility_event>?,
                                                                _ next: UnsafePointer<gk_accessibility_event>?, _ size: Int,
                                                                _ out: UnsafeMutablePointer<Bool>?) -> gk_status {
    guard let speaking, let next, let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= MemoryLayout<gk_accessibility_event>.size else { return GK_ERR_STRUCT_SIZE }
    out.pointee = speechOf(next).interrupts(speechOf(speaking))
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_set_accessibility_focus(_ engine: OpaquePointer?, _ view: gk_view) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    var id: ViewID? = nil
    if view != 0 {
        guard let v = box.view(view) else { return GK_ERR_STALE_HANDLE }
        id = v
    }
    do { try box.engine.setAccessibilityFocus(id) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_move_accessibility_focus(_ engine: OpaquePointer?, _ move: UInt32) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard move <= 3, let m = AccessibilityFocusMove(rawValue: UInt8(move)) else { return GK_ERR_INVALID_ARGUMENT }
    do { try box.engine.moveAccessibilityFocus(m) } catch { return status(error) }
    return GK_OK
}
