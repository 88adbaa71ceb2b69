import XCTest

@testable import CVLayoutCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `sineAndCosine(x)` is `(sin(x), cos(x))` bit for bit, and the circle layout's places made with it
/// (`CircleLayout.place`) follow its one-pair formula bit for bit — `(cx + r·sin a, cy − r·cos a)`
/// and the turn `(cos a, sin a)` at `a = 2πi/n` for `2i ≤ n`, the mirror image of item `n − i`
/// past the half turn — and lie within `radius · 2^-50` plus a unit in their last place of the exact
/// values (64-bit mantissas; the sines and cosines within 2^-50), for every n ≤ 2^10 and a sample
/// of n up to 2^17 (the table's limit).
final class SineAndCosineTests: XCTestCase {
    /// How many of the places of n items on the circle differ from the formula written out, or lie
    /// farther from the exact value than the bound below (the first few named in `firsts`); `worst`
    /// is the largest error seen, as a fraction of its bound.
    private func mismatches(n: Int, firsts: inout [String], worst: inout Double) -> Int {
        var bad = 0
        let center = Point(x: 500, y: 400), radius = 320.0
        for i in 0..<n {
            let p = CircleLayout.place(i, of: n, center: center, radius: radius)
            let mirrored = 2 * i > n
            let a = 2 * Double.pi * Double(mirrored ? n - i : i) / Double(n)
            let s = mirrored ? -sin(a) : sin(a), c = cos(a)
            let want = [center.x + radius * s, center.y - radius * c, c, s]
            let got = [p.cx, p.cy, p.c, p.s]
            var wrong = zip(got, want).contains(where: { $0.bitPattern != $1.bitPattern })
            // The exact values, with 64-bit mantissas.
            let e = 2 * Float80.pi * Float80(i) / Float80(n)
            let exact = [
                Float80(center.x) + Float80(radius) * sin(e), Float80(center.y) - Float80(radius) * cos(e), cos(e),
                sin(e),
            ]
            for (k, (g, x)) in zip(got, exact).enumerated() {
                // The bound: the angle, at most π, is within 2^-50 of 2πi/n with its sine and cosine
                // (≤ 1.5 units of 2^-51 rounding the angle, less than one of 2^-52 from libm): the
                // centre within radius · 2^-50 plus its own last place, a cosine or sine within 2^-50.
                let bound = k < 2 ? radius * 0x1p-50 + g.ulp : 0x1p-50
                let error = Double(abs(Float80(g) - x)) / bound
                worst = max(worst, error)
                if error > 1 { wrong = true }
            }
            if wrong {
                bad += 1
                if firsts.count < 5 { firsts.append("n \(n) i \(i)") }
            }
        }
        return bad
    }

    func testTheCirclesPlacesFollowTheOnePairFormulaAndAreExact() {
        var firsts: [String] = []
        var bad = 0, worst = 0.0
        for n in 1...1024 { bad += mismatches(n: n, firsts: &firsts, worst: &worst) }
        var rng = SplitMix64(seed: 16)
        var sample = [1 << 17, (1 << 17) - 1, 100_000, 99_999, 60_000, 4099, 65_536]
        for _ in 0..<4 { sample.append(1025 + rng.int(below: (1 << 17) - 1025)) }
        for n in sample { bad += mismatches(n: n, firsts: &firsts, worst: &worst) }
        XCTAssertEqual(
            bad, 0, "places that differ from the formula or the exact value: \(firsts), worst \(worst) of the bound")
    }

    /// Items `i` and `n − i` are mirror images across the vertical through the centre: the same `y`
    /// and cosine, the sine negated bit for bit, `x` as far left of the centre as the other is right
    /// (to the last place of the two sums).
    func testTheCircleIsSymmetric() {
        let center = Point(x: 500, y: 400), radius = 320.0
        var bad: [String] = []
        for n in [2, 3, 4, 7, 100, 101, 997, 100_000, 99_999] {
            for i in 1..<n where 2 * i != n {
                let p = CircleLayout.place(i, of: n, center: center, radius: radius)
                let q = CircleLayout.place(n - i, of: n, center: center, radius: radius)
                let same =
                    p.cy.bitPattern == q.cy.bitPattern && p.c.bitPattern == q.c.bitPattern
                    && p.s.bitPattern == (-q.s).bitPattern
                    && abs((p.cx - center.x) + (q.cx - center.x)) <= max(p.cx.ulp, q.cx.ulp)
                if !same, bad.count < 5 { bad.append("n \(n) i \(i)") }
            }
        }
        XCTAssertEqual(bad, [], "items that are not the mirror image of item n − i")
    }

    func testSineAndCosineAreTheSeparateCallsBitForBit() {
        var rng = SplitMix64(seed: 32)
        var bad: [Double] = []
        // Every scale glibc's ranges split at (2^-27, 0.855, 2.426, 105414350, 2^1024), both signs,
        // and the special values.
        var xs: [Double] = [0, -0.0, .pi, -.pi, .pi / 2, 2 * .pi, 1e-300, 5e-324, 1e300, .infinity, -.infinity, .nan]
        for scale in [1e-9, 1e-3, 0.9, 1, 2, 2.5, 4, 7, 100, 1e4, 1e8, 1e9, 1e15, 1e300] {
            for _ in 0..<3000 { xs.append(rng.double(in: -scale..<scale)) }
        }
        for _ in 0..<3000 { xs.append(Double(bitPattern: rng.next())) }
        for x in xs {
            let (s, c) = sineAndCosine(x)
            if x.isNaN {
                if !s.isNaN || !c.isNaN { bad.append(x) }
            } else if s.bitPattern != sin(x).bitPattern || c.bitPattern != cos(x).bitPattern {
                bad.append(x)
            }
        }
        XCTAssertEqual(bad.count, 0, "arguments whose sine or cosine differs: \(bad.prefix(5))")
    }
}
