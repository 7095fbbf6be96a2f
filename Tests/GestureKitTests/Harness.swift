@testable import GestureKit

/// A small scene like the spec's harness (section 4.1): window 400 × 800, `V` at (100,100,200,200).
final class Scene {
    let engine: Engine
    let v: ViewID
    var log: [String] = []

    convenience init(width: Double = 400, height: Double = 800) {
        var o = EngineOptions()
        o.screenSize = Size(width: width, height: height)
        self.init(options: o)
    }

    init(options o: EngineOptions) {
        engine = try! Engine(options: o)
        v = try! engine.addView(frame: Rect(x: 100, y: 100, width: 200, height: 200), to: engine.rootView)
    }

    func attach(_ r: GestureRecognizer, name: String, to view: ViewID? = nil) {
        try! engine.add(r, to: view ?? v)
        r.addTarget { [unowned self] g in
            self.log.append(String(format3(self.engine.now)) + " \(name) \(g.state)")
        }
    }

    /// A single tap that requires a double tap to fail (rule 38's usual pair), both on `V`, logged
    /// as "single" and "double".
    func attachSingleWaitingForDouble() -> (single: TapGestureRecognizer, double: TapGestureRecognizer) {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        attach(single, name: "single")
        attach(double, name: "double")
        return (single, double)
    }

    func down(_ id: Int64, _ x: Double, _ y: Double, at t: Double) { feed(t, [TouchInput(id: id, phase: .began, location: Point(x, y))]) }
    func move(_ id: Int64, _ x: Double, _ y: Double, at t: Double) { feed(t, [TouchInput(id: id, phase: .moved, location: Point(x, y))]) }
    func up(_ id: Int64, _ x: Double, _ y: Double, at t: Double) { feed(t, [TouchInput(id: id, phase: .ended, location: Point(x, y))]) }
    func cancel(_ id: Int64, at t: Double) { feed(t, [TouchInput(id: id, phase: .cancelled, location: Point(x: .nan, y: .nan))]) }

    func feed(_ t: Double, _ touches: [TouchInput]) {
        try! engine.feed(time: t, touches: touches)
        drain()
    }

    func advance(_ t: Double) {
        try! engine.advance(to: t)
        drain()
    }

    /// Drains the accessibility events as `t kind label` lines ("0.300 focus Pay").
    func accessibilityEvents() -> [String] {
        var out: [String] = []
        while let e = engine.nextAccessibilityEvent() {
            let label = e.view.flatMap { try? engine.accessibilityLabel(of: $0) } ?? []
            let kind = ["focus", "activate", "escape", "scroll", "pause", "pass-through", "boundary", "scroll-into-view", "increment",
                        "decrement", "magic-tap", "read-all", "position", "announce", "activate-twice"][Int(e.kind.rawValue)]
            if e.kind == .announcement {
                out.append("\(format3(e.timestamp)) announce \(e.message) \(e.priority == .urgent ? "urgent" : "polite")")
                continue
            }
            out.append("\(format3(e.timestamp)) \(kind) \(String(decoding: label, as: UTF8.self))")
        }
        return out
    }

    /// View deliveries as `t V B#1` lines, in order.
    var deliveries: [String] = []
    func drain() {
        while let d = engine.nextDelivery() {
            let p: String
            switch d.phase {
            case .began: p = "B"
            case .moved: p = "M"
            case .ended: p = "E"
            case .cancelled: p = "C"
            case .stationary: p = "S"
            }
            deliveries.append("\(format3(d.timestamp)) \(p)#\(d.touchID)")
        }
    }
}

func format3(_ t: Double) -> String {
    let ms = Int((t * 1000).rounded())
    let s = ms / 1000, f = ms % 1000
    let fs = f < 10 ? "00\(f)" : (f < 100 ? "0\(f)" : "\(f)")
    return "\(s).\(fs)"
}
