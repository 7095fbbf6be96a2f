
/// The built-in stroke templates, drawn here as polylines in a 100 × 100 box (y down), each in
/// the direction people usually draw it.
public enum BuiltInStrokes {
    /// Points along a polyline, `steps` per segment (so the resampler sees the corners).
    @_optimize(size) static func polyline(_ corners: [Point], steps: Int = 8) -> [Point] {
        var out: [Point] = []
        var k = 1
        while k < corners.count {
            var i = 0
            while i < steps {
                let f = Double(i) / Double(steps)
                out.append(corners[k - 1] + (corners[k] - corners[k - 1]) * f)
                i += 1
            }
            k += 1
        }
        if let last = corners.last { out.append(last) }
        return out
    }

    @_optimize(size) static func circle() -> [Point] {
        var out: [Point] = []
        var k = 0
        // Counter-clockwise on screen from the top, as most people draw an O.
        while k <= 32 {
            let a = -Double.pi / 2 - 2 * Double.pi * Double(k) / 32
            out.append(Point(x: 50 + 50 * Trigonometry.cos(a), y: 50 + 50 * Trigonometry.sin(a)))
            k += 1
        }
        return out
    }

    /// Each shape as text: its name, then its corners as `x,y` pairs ("circle" is drawn by
    /// `circle()`). Text rather than array literals: this is static data, where literals of
    /// points compile to 12 KB of code that builds them.
    static let shapes: [StaticString] = [
        "check 0,60 35,100 100,0",
        "circle",
        "triangle 50,0 0,100 100,100 50,0",
        "x 0,0 100,100 100,0 0,100",
        "caret 0,100 50,0 100,100",
        "v 0,0 50,100 100,0",
        "zigzag 0,0 100,0 0,100 100,100",
        "rectangle 0,0 0,100 100,100 100,0 0,0",
    ]

    /// Name and points of each built-in shape.
    public static var all: [([UInt8], [Point])] { makeAll() }

    @_optimize(size) static func makeAll() -> [([UInt8], [Point])] {
        var out: [([UInt8], [Point])] = []
        for spec in shapes {
            var name: [UInt8] = []
            var corners: [Point] = []
            var numbers: [Double] = []
            var value = 0.0
            var inNumber = false
            var inName = true
            spec.withUTF8Buffer { text in
                for c in text {
                    if inName {
                        if c == UInt8(ascii: " ") { inName = false } else { name.append(c) }
                        continue
                    }
                    if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                        value = value * 10 + Double(c - UInt8(ascii: "0"))
                        inNumber = true
                    } else if inNumber {
                        numbers.append(value)
                        value = 0
                        inNumber = false
                    }
                }
            }
            if inNumber { numbers.append(value) }
            var k = 0
            while k + 1 < numbers.count {
                corners.append(Point(x: numbers[k], y: numbers[k + 1]))
                k += 2
            }
            out.append((name, corners.isEmpty ? circle() : polyline(corners)))
        }
        return out
    }
}
