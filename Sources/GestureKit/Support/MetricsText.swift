/// Builds Prometheus / OpenMetrics exposition text as bytes, without Foundation and without
/// formatting floating-point numbers: every value is an integer, or a time in whole
/// microseconds written as seconds with six decimals.
struct MetricsText {
    private(set) var bytes: [UInt8] = []

    @_optimize(size) init() { bytes.reserveCapacity(4096) }

    @_optimize(size) mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { for b in $0 { bytes.append(b) } }
    }

    @_optimize(size) mutating func append(_ b: [UInt8]) { bytes.append(contentsOf: b) }

    @_optimize(size) mutating func append(_ v: UInt64) {
        var digits: [UInt8] = []
        var n = v
        repeat {
            digits.append(UInt8(48 + n % 10))
            n /= 10
        } while n > 0
        for d in digits.reversed() { bytes.append(d) }
    }

    /// `micros` microseconds as seconds: "12.000345".
    @_optimize(size) mutating func appendSeconds(micros: UInt64) {
        append(micros / 1_000_000)
        bytes.append(46)   // "."
        let fraction = micros % 1_000_000
        var scale: UInt64 = 100_000
        while scale > 0 {
            bytes.append(UInt8(48 + (fraction / scale) % 10))
            scale /= 10
        }
    }

    /// A label value for a recognizer name. The name is first written reversibly as UTF-8 text:
    /// a backslash becomes `\\`, and each byte that is not part of valid UTF-8 becomes `\xNN`
    /// (two upper-case hex digits), so two different names never give the same value and a name
    /// can be read back from its label. Then both formats' own escapes apply: backslash, double
    /// quote and line feed become `\\`, `\"` and `\n`. A name without backslashes or invalid
    /// bytes appears as it is.
    @_optimize(size) mutating func appendLabelValue(_ value: [UInt8]) {
        var i = 0
        while i < value.count {
            let b = value[i]
            switch b {
            case 92: append("\\\\\\\\")   // the name's backslash, doubled, then escaped for the format
            case 34: append("\\\"")
            case 10: append("\\n")
            case 0..<128:
                bytes.append(b)
            default:
                let n = MetricsText.validSequenceLength(value, at: i)
                if n == 0 {
                    append("\\\\x")   // the label's \xNN, its backslash escaped for the format
                    bytes.append(MetricsText.hexDigit(b >> 4))
                    bytes.append(MetricsText.hexDigit(b & 15))
                    i += 1
                    continue
                }
                bytes.append(contentsOf: value[i..<(i + n)])
                i += n
                continue
            }
            i += 1
        }
    }

    @_optimize(size) private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 55 + v }

    /// The length of the valid UTF-8 sequence of two to four bytes at `i`, or 0.
    @_optimize(size) private static func validSequenceLength(_ v: [UInt8], at i: Int) -> Int {
        let b = v[i]
        let n: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b {
        case 0xC2...0xDF: n = 2
        case 0xE0: n = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: n = 3
        case 0xED: n = 3; high = 0x9F
        case 0xF0: n = 4; low = 0x90
        case 0xF1...0xF3: n = 4
        case 0xF4: n = 4; high = 0x8F
        default: return 0
        }
        guard i + n <= v.count else { return 0 }
        for k in 1..<n {
            let c = v[i + k]
            let lo: UInt8 = k == 1 ? low : 0x80
            let hi: UInt8 = k == 1 ? high : 0xBF
            guard c >= lo && c <= hi else { return 0 }
        }
        return n
    }
}
