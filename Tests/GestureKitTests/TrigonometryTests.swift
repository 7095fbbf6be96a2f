import Testing
@testable import GestureKit
#if canImport(Glibc)
import Glibc
#endif

/// The engine's own sine, cosine, arctangent and exp(x) − 1 (Geometry/Trigonometry.swift): close to
/// the C library's everywhere the engine uses them, with the C library's special values.
struct TrigonometryTests {
    private func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        return Swift.abs(a - b) / Swift.max(Swift.abs(b).ulp, Double.leastNormalMagnitude)
    }

    @Test func sineAndCosineAreWithinTwoUlpsOfTheCLibraryOverManyTurns() {
        var worst = 0.0
        var x = -40.0
        while x <= 40 {
            worst = Swift.max(worst, ulps(Trigonometry.sin(x), sin(x)), ulps(Trigonometry.cos(x), cos(x)))
            x += 0.000_731
        }
        #expect(worst <= 2, "worst \(worst) ulps")
    }

    @Test func sineAndCosineKeepZeroAndRefuseWhatIsNotFinite() {
        #expect(Trigonometry.sin(0) == 0 && Trigonometry.sin(-0.0).sign == .minus)
        #expect(Trigonometry.cos(0) == 1)
        #expect(Trigonometry.sin(.infinity).isNaN && Trigonometry.cos(-.infinity).isNaN && Trigonometry.sin(.nan).isNaN)
        // Far arguments end (and stay in range) even though no engine angle is that large.
        #expect(Swift.abs(Trigonometry.sin(1e300)) <= 1 && Swift.abs(Trigonometry.cos(-1e22)) <= 1)
    }

    @Test func arctangentIsWithinTwoUlpsOfTheCLibraryAllRound() {
        var worst = 0.0
        var k = 0
        while k < 20_000 {
            let a = Double(k) * 0.000_314_159 * 2 - Double.pi
            let r = 1 + Double(k % 97)
            let (y, x) = (r * Double.pi.squareRoot() * Foundationless.sin(a), r * Foundationless.cos(a))
            worst = Swift.max(worst, ulps(Trigonometry.atan2(y, x), atan2(y, x)))
            k += 1
        }
        #expect(worst <= 2, "worst \(worst) ulps")
    }

    @Test func arctangentHasTheCLibrarysValuesAtZerosAndInfinities() {
        let cases: [(Double, Double)] = [(0, 0), (-0.0, 0), (0, -0.0), (-0.0, -0.0), (1, 0), (-1, 0), (0, -1), (-0.0, -1),
                                         (.infinity, .infinity), (-.infinity, -.infinity), (.infinity, 1), (1, -.infinity),
                                         (-1, .infinity)]
        for (y, x) in cases {
            let mine = Trigonometry.atan2(y, x), theirs = atan2(y, x)
            #expect(mine == theirs && mine.sign == theirs.sign, "atan2(\(y), \(x)): \(mine) against \(theirs)")
        }
        #expect(Trigonometry.atan2(.nan, 1).isNaN && Trigonometry.atan2(1, .nan).isNaN)
    }

    @Test func expMinusOneIsWithinTwoUlpsOfTheCLibrary() {
        var worst = 0.0
        var x = -3.0
        while x <= 3 {
            worst = Swift.max(worst, ulps(Trigonometry.expm1(x), expm1(x)))
            x += 0.000_917
        }
        #expect(worst <= 2, "worst \(worst) ulps")
        #expect(Trigonometry.expm1(0) == 0 && Trigonometry.expm1(-.infinity) == -1 && Trigonometry.expm1(.nan).isNaN)
    }
}

/// The C library's sine and cosine under other names, for making test points.
private enum Foundationless {
    static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    static func cos(_ x: Double) -> Double { Glibc.cos(x) }
}
