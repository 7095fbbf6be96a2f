/// The sine, cosine, arctangent and exp(x) − 1 the engine computes with, written here instead of
/// taken from the C library: glibc (x86-64, ARM) and wasi-libc (the WebAssembly build) round some
/// results differently in the last bit, and the engine's output must be the same bits on every
/// build (docs/WEB.md). Each is within about two ulps of the exact value; none reads a table larger
/// than 17 entries or allocates.
///
/// How: sine and cosine reduce the argument by multiples of π/2 (π/2 split into three parts whose
/// products with the multiple are exact below 2^20 multiples), then sum their Taylor series on
/// [−π/4, π/4]; the arctangent reduces to [0, 1], subtracts the nearest sixteenth c with
/// atan(z) = atan(c) + atan((z − c) / (1 + zc)) and sums the series of the small rest; exp(x) − 1
/// takes out whole multiples of ln 2 and sums the series of the rest. The constants are the doubles
/// nearest to π, π/2, 2/π, ln 2, 1/ln 2 and atan(k/16), computed to 80 digits.
enum Trigonometry {
    private static let twoOverPi = 0x1.45f306dc9c883p-1
    // π/2 = p1 + p2 + p3; p1 and p2 have 33 significant bits.
    private static let p1 = 0x1.921fb544p+0
    private static let p2 = 0x1.0b4611a6p-34
    private static let p3 = 0x1.3198a2e037073p-69
    private static let piHi = 0x1.921fb54442d18p+1, piLo = 0x1.1a62633145c07p-53
    private static let halfPiHi = 0x1.921fb54442d18p+0, halfPiLo = 0x1.1a62633145c07p-54
    /// atan(k / 16) for k = 0 … 16.
    private static let atanSixteenths: [Double] = [
        0, 0x1.ff55bb72cfdeap-5, 0x1.fd5ba9aac2f6ep-4, 0x1.7b97b4bce5b02p-3, 0x1.f5b75f92c80ddp-3,
        0x1.362773707ebccp-2, 0x1.6f61941e4def1p-2, 0x1.a64eec3cc23fdp-2, 0x1.dac670561bb4fp-2,
        0x1.0657e94db30d0p-1, 0x1.1e00babdefeb4p-1, 0x1.345f01cce37bbp-1, 0x1.4978fa3269ee1p-1,
        0x1.5d58987169b18p-1, 0x1.700a7c5784634p-1, 0x1.819d0b7158a4dp-1, 0x1.921fb54442d18p-1,
    ]

    static func sin(_ x: Double) -> Double {
        let (r, quadrant) = reduce(x)
        switch quadrant {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    static func cos(_ x: Double) -> Double {
        let (r, quadrant) = reduce(x)
        switch quadrant {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// x − k·π/2 in [−π/4, π/4] (about), and k mod 4. Not finite: NaN.
    private static func reduce(_ x: Double) -> (Double, Int) {
        guard x.isFinite else { return (.nan, 0) }
        if Swift.abs(x) <= 0x1.921fb54442d18p-1 { return (x, 0) }
        var k = (x * twoOverPi).rounded(.toNearestOrEven)
        var r: Double
        if Swift.abs(k) < 0x1p20 {
            r = ((x - k * p1) - k * p2) - k * p3
        } else {
            // Far from zero (no engine angle is): reduce in steps, each exact to the same
            // split; deterministic, and accurate to what the argument's own rounding allows.
            r = x
            var total = 0.0
            while Swift.abs(r) > 0x1.921fb54442d18p-1 {
                var step = (r * twoOverPi).rounded(.toNearestOrEven)
                if Swift.abs(step) >= 0x1p20 { step = (step / 0x1p20).rounded(.towardZero) * 0x1p20 }
                r = ((r - step * p1) - step * p2) - step * p3
                total += step
            }
            k = total
        }
        let q = Int(k.truncatingRemainder(dividingBy: 4))
        return (r, (q + 4) & 3)
    }

    /// sin r for |r| ≤ π/4: the series to r^17.
    private static func sinKernel(_ r: Double) -> Double {
        if r == 0 { return r }   // keeps the sign of zero
        let z = r * r
        var p = -1.0 / 355_687_428_096_000   // −1/17!
        p = p * z + 1.0 / 1_307_674_368_000   // 1/15!
        p = p * z - 1.0 / 6_227_020_800       // −1/13!
        p = p * z + 1.0 / 39_916_800          // 1/11!
        p = p * z - 1.0 / 362_880             // −1/9!
        p = p * z + 1.0 / 5_040               // 1/7!
        p = p * z - 1.0 / 120                 // −1/5!
        p = p * z + 1.0 / 6                   // 1/3!
        return r - r * z * p
    }

    /// cos r for |r| ≤ π/4: the series to r^18.
    private static func cosKernel(_ r: Double) -> Double {
        let z = r * r
        var p = -1.0 / 6_402_373_705_728_000   // −1/18!
        p = p * z + 1.0 / 20_922_789_888_000   // 1/16!
        p = p * z - 1.0 / 87_178_291_200       // −1/14!
        p = p * z + 1.0 / 479_001_600          // 1/12!
        p = p * z - 1.0 / 3_628_800            // −1/10!
        p = p * z + 1.0 / 40_320               // 1/8!
        p = p * z - 1.0 / 720                  // −1/6!
        p = p * z + 1.0 / 24                   // 1/4!
        let half = 0.5 * z
        return (1 - half) + (z * z * p)
    }

    /// atan(z) for z in [0, 1].
    private static func atanUnit(_ z: Double) -> Double {
        let k = Int((z * 16).rounded(.toNearestOrEven))
        let c = Double(k) / 16
        let r = (z - c) / (1 + z * c)   // |r| ≤ 1/32
        let s = r * r
        var p = 1.0 / 13
        p = p * s - 1.0 / 11
        p = p * s + 1.0 / 9
        p = p * s - 1.0 / 7
        p = p * s + 1.0 / 5
        p = p * s - 1.0 / 3
        return atanSixteenths[k] + (r + r * s * p)
    }

    /// The angle of (x, y) in (−π, π], with the C library's signed zeros, infinities and NaN.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let ay = Swift.abs(y), ax = Swift.abs(x)
        let negativeX = x.sign == .minus
        var a: Double
        if ay == 0 {
            a = negativeX ? piHi : 0
        } else if ax == 0 {
            a = halfPiHi
        } else if ax.isInfinite && ay.isInfinite {
            a = negativeX ? 3 * (piHi / 4) : piHi / 4
        } else if ax.isInfinite {
            a = negativeX ? piHi : 0
        } else if ay.isInfinite {
            a = halfPiHi
        } else {
            if ay <= ax {
                a = atanUnit(ay / ax)
            } else {
                a = (halfPiHi - atanUnit(ax / ay)) + halfPiLo
            }
            if negativeX { a = (piHi - a) + piLo }
        }
        return y.sign == .minus ? -a : a
    }

    // ln 2 = ln2Hi + ln2Lo, ln2Hi with 33 significant bits; and 1 / ln 2.
    private static let ln2Hi = 0x1.62e42fefp-1, ln2Lo = 0x1.473de6af278edp-34
    private static let invLn2 = 0x1.71547652b82fep+0

    /// e^x − 1, within about two ulps: the series for |x| ≤ ln 2 / 2, and beyond it
    /// x = k·ln 2 + r with e^x − 1 = 2^k (e^r − 1) + (2^k − 1).
    static func expm1(_ x: Double) -> Double {
        guard x.isFinite else { return x == .infinity ? .infinity : (x.isNaN ? .nan : -1) }
        if x > 710 { return .infinity }
        if x < -40 { return -1 }
        if Swift.abs(x) <= 0.346_573_590_279_972_65 { return expm1Kernel(x) }
        let k = (x * invLn2).rounded(.toNearestOrEven)
        let r = (x - k * ln2Hi) - k * ln2Lo
        let e = expm1Kernel(r)
        let twoK = Double(sign: .plus, exponent: Int(k), significand: 1)
        return twoK * e + (twoK - 1)
    }

    /// e^r − 1 for |r| ≤ ln 2 / 2: the series to r^18.
    private static func expm1Kernel(_ x: Double) -> Double {
        var p = 1.0 / 6_402_373_705_728_000   // 1/18!
        var n = 17.0
        while n >= 2 {
            p = p * x + 1 / factorial(n)
            n -= 1
        }
        return x + x * x * p
    }

    /// n! for 2 ≤ n ≤ 17, exact in a double.
    @inline(__always)
    private static func factorial(_ n: Double) -> Double {
        var f = 1.0
        var k = 2.0
        while k <= n {
            f *= k
            k += 1
        }
        return f
    }
}
