import XCTest

@testable import CVLayoutCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `arcTangent(y, x)` against `atan2` in 64-bit-mantissa arithmetic (`Float80`): within two units
/// in the last place of the exact angle for arguments of every scale and sign, for unit vectors
/// (what `PlanarTransform` hands it) and for the circle layout's turns; and `atan2`'s own answer,
/// bit for bit, for zeros, infinities, NaN and the exact octant angles.
final class ArcTangentTests: XCTestCase {
    /// The error of `arcTangent(y, x)` in units in the last place of the exact angle (at least the
    /// smallest subnormal's).
    private func ulps(_ y: Double, _ x: Double) -> Double {
        let got = arcTangent(y, x)
        let exact = atan2(Float80(y), Float80(x))
        let unit = max(Double(exact).ulp, Double.leastNonzeroMagnitude)
        return Double(abs(Float80(got) - exact)) / unit
    }

    func testWithinTwoUnitsInTheLastPlace() {
        var rng = SplitMix64(seed: 21)
        var worst = 0.0, worstAt = (0.0, 0.0), count = 0
        func check(_ y: Double, _ x: Double) {
            let e = ulps(y, x)
            count += 1
            if e > worst { (worst, worstAt) = (e, (y, x)) }
        }
        // Every scale and sign, and ratios near each k/8 and near 1.
        let scales = [1e-300, 1e-20, 1e-3, 0.5, 1, 3, 1e5, 1e20, 1e300]
        for sy in scales {
            for sx in scales {
                for _ in 0..<400 {
                    check(rng.double(in: -sy..<sy), rng.double(in: -sx..<sx))
                }
            }
        }
        for k in 0...8 {
            for _ in 0..<4000 {
                let x = rng.double(in: 0.5..<2)
                let t = Double(k) / 8 + rng.double(in: -1.0 / 16..<1.0 / 16)
                check(t * x, x)
                check(-x, t * x)
                check(t * x, -x)
            }
        }
        // Unit vectors, and the circle layout's turns.
        for _ in 0..<40_000 {
            let a = rng.double(in: -Double.pi..<Double.pi)
            check(sin(a), cos(a))
        }
        for n in [7, 100, 4099, 99_999, 100_000] {
            for i in 0..<n {
                let p = CircleLayout.place(i, of: n, center: Point(x: 500, y: 400), radius: 320)
                check(p.s, p.c)
            }
        }
        // Subnormal and extreme ratios.
        for (y, x) in [(5e-324, 1.0), (1.0, 5e-324), (-5e-324, -1.0), (1e308, 1e-308), (1e-308, 1e308)] {
            check(y, x)
        }
        XCTAssertGreaterThan(count, 300_000)
        XCTAssertLessThanOrEqual(worst, 2, "worst error \(worst) ulp at atan2\(worstAt)")
    }

    func testSpecialValuesAreAtan2sBitForBit() {
        let values: [Double] = [
            0, -0.0, 1, -1, 2, -0.5, 5e-324, -5e-324, 1e308, -1e308, .infinity, -.infinity, .nan,
            Double.pi, 0.125, 3.0 / 8,
        ]
        var bad: [String] = []
        for y in values {
            for x in values {
                let got = arcTangent(y, x), want = atan2(y, x)
                let same = got.isNaN ? want.isNaN : got.bitPattern == want.bitPattern
                // Exact octant angles and signed zeros must be atan2's; elsewhere two units.
                let exactCase =
                    y == 0 || x == 0 || !y.isFinite || !x.isFinite || abs(y) == abs(x)
                if exactCase && !same || !exactCase && ulps(y, x) > 2 {
                    bad.append("atan2(\(y), \(x)): \(got) against \(want)")
                }
            }
        }
        XCTAssertEqual(bad, [])
    }
}
