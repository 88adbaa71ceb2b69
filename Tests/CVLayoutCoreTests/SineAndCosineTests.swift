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
/// (`CircleLayout.place`) are the four separate calls' bit for bit: at every angle `2πi/n` and
/// `2πi/n − π/2` the layout makes for every n ≤ 2^10 and for a sample of n up to 2^17 (the table's
/// limit; the library's build was checked at every n ≤ 2^17, BENCHMARKS.md, onscreen16), and at
/// random arguments of every scale.
final class SineAndCosineTests: XCTestCase {
    /// How many of the angles of n items on the circle differ from the separate calls (the first few
    /// named in `firsts`).
    private func mismatches(n: Int, firsts: inout [String]) -> Int {
        var bad = 0
        let center = Point(x: 500, y: 400), radius = 320.0
        for i in 0..<n {
            let angle = 2 * Double.pi * Double(i) / Double(n)
            let p = CircleLayout.place(i, of: n, center: center, radius: radius)
            let want = [
                center.x + radius * cos(angle - Double.pi / 2), center.y + radius * sin(angle - Double.pi / 2),
                cos(angle), sin(angle),
            ]
            let got = [p.cx, p.cy, p.c, p.s]
            if zip(got, want).contains(where: { $0.bitPattern != $1.bitPattern }) {
                bad += 1
                if firsts.count < 5 { firsts.append("n \(n) i \(i)") }
            }
        }
        return bad
    }

    func testTheCirclesPlacesAreTheSeparateCallsBitForBit() {
        var firsts: [String] = []
        var bad = 0
        for n in 1...1024 { bad += mismatches(n: n, firsts: &firsts) }
        var rng = SplitMix64(seed: 16)
        var sample = [1 << 17, (1 << 17) - 1, 100_000, 99_999, 60_000, 4099, 65_536]
        for _ in 0..<4 { sample.append(1025 + rng.int(below: (1 << 17) - 1025)) }
        for n in sample { bad += mismatches(n: n, firsts: &firsts) }
        XCTAssertEqual(bad, 0, "places that differ from the separate calls: \(firsts)")
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
