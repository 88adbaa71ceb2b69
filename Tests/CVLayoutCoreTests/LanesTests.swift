import XCTest

@testable import CVLayoutCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The steps written once for one double or two lanes (`arcTangentSteps`: `arcTangent`,
/// `arcTangents`), the planar parts worked out in lanes (`PlanarTransform(_:)`,
/// `PlanarTransform(turnCos:sin:)` in one lane, `PlanarTransform.turns` in two) give, bit for bit,
/// what the scalar steps gave before them (round 22's code, kept here as the reference): each lane
/// is the same IEEE operations on the same values, whatever the other lane holds.
final class LanesTests: XCTestCase {
    /// Round 22's `arcTangent`, as it was (branches, not selects).
    private static func referenceArcTangent(_ y: Double, _ x: Double) -> Double {
        let ay = abs(y), ax = abs(x)
        let steep = ay > ax
        let big = steep ? ay : ax, small = steep ? ax : ay
        guard big > 0, big.isFinite, small.isFinite else { return atan2(y, x) }
        let t = small / big
        let k = Int(t * 8 + 0.5)
        let ck = Double(k) * 0.125
        let u = (t - ck) / (1 + t * ck)
        let u2 = u * u
        var p = -1.0 / 15
        p = p * u2 + 1.0 / 13
        p = p * u2 - 1.0 / 11
        p = p * u2 + 1.0 / 9
        p = p * u2 - 1.0 / 7
        p = p * u2 + 1.0 / 5
        p = p * u2 - 1.0 / 3
        var head = ArcTangentTable.head[k]
        var tail = u + (u * (u2 * p) + ArcTangentTable.tail[k])
        if steep {
            head = ArcTangentTable.halfPi.head - head
            tail = ArcTangentTable.halfPi.tail - tail
        }
        if x < 0 {
            head = ArcTangentTable.pi.head - head
            tail = ArcTangentTable.pi.tail - tail
        }
        let r = head + tail
        return y.sign == .minus ? -r : r
    }

    /// Round 22's `PlanarTransform.init(rows:…)` parts (sx, sy, xy, angle), nil as it was.
    private static func referenceRows(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double]? {
        let sx = (a * a + b * b).squareRoot()
        guard sx > 0, sx.isFinite else { return nil }
        let inv = 1 / sx
        let ca = a * inv, sa = b * inv
        let shear = ca * c + sa * d
        let p = c - shear * ca, q = d - shear * sa
        let sy = (p * p + q * q).squareRoot()
        guard sy > 0, sy.isFinite, ca * q - sa * p > 0 else { return nil }
        return [sx, sy, shear / sy, referenceArcTangent(sa, ca)]
    }

    private static let odd: [Double] = [
        0, -0.0, 1, -1, 0.5, -0.5, 2, -2, 1e-300, -1e-300, .leastNonzeroMagnitude, 1e-17, 1 + .ulpOfOne,
        1 - .ulpOfOne / 2, 0x1p60, -0x1p60, 1e300, -1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        cos(Double.pi), sin(Double.pi), 0.125, 0.375,
    ]

    private func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    func testArcTangentLanesAreTheScalarStepsBitForBit() {
        var rng = SplitMix64(seed: 0x6c61_6e65)
        var pairs: [(Double, Double)] = []
        for y in Self.odd { for x in Self.odd { pairs.append((y, x)) } }
        for _ in 0..<60000 {
            let scale = pow(2, rng.double(in: -60..<60))
            pairs.append((rng.double(in: -1..<1) * scale, rng.double(in: -1..<1) * scale))
            let a = rng.double(in: -4..<4)
            pairs.append((sin(a), cos(a)))
            let k = Double(rng.int(below: 9)) / 8  // near the table's points
            pairs.append((k + rng.double(in: -1e-9..<1e-9), 1))
        }
        for (i, (y, x)) in pairs.enumerated() {
            let want = Self.referenceArcTangent(y, x)
            XCTAssertTrue(same(arcTangent(y, x), want), "\(y), \(x)")
            // In either lane, beside any other pair.
            let (oy, ox) = pairs[(i * 7919) % pairs.count]
            let two = arcTangents(SIMD2(y, oy), SIMD2(x, ox))
            XCTAssertTrue(same(two[0], want), "\(y), \(x) beside \(oy), \(ox)")
            XCTAssertTrue(same(two[1], Self.referenceArcTangent(oy, ox)), "\(oy), \(ox) beside \(y), \(x)")
        }
    }

    func testPlanarPartsAreTheScalarStepsBitForBit() {
        var rng = SplitMix64(seed: 0x726f_7773)
        var planar = 0, turns = 0
        func parts(_ p: PlanarTransform?) -> [Double]? { p.map { [$0.sx, $0.sy, $0.xy, $0.angle] } }
        func check(_ want: [Double]?, _ got: [Double]?, _ what: String) {
            XCTAssertEqual(want == nil, got == nil, what)
            if let want, let got { XCTAssertTrue(zip(want, got).allSatisfy { same($0, $1) }, what) }
        }
        var turned: [(cos: Double, sin: Double)] = []
        for _ in 0..<30000 {
            let pick = { Self.odd[rng.int(below: Self.odd.count)] }
            let r = { rng.int(below: 4) == 0 ? pick() : rng.double(in: -3..<3) }
            let (a, b, c, d) = (r(), r(), r(), r())
            var m = Transform3D.identity
            (m.m11, m.m12, m.m21, m.m22) = (a, b, c, d)
            let want = a.isFinite && b.isFinite && c.isFinite && d.isFinite ? Self.referenceRows(a, b, c, d) : nil
            if want != nil { planar += 1 }
            check(want, parts(PlanarTransform(m)), "\([a, b, c, d])")
            let angle = rng.double(in: -4..<4)
            turned.append(rng.int(below: 5) == 0 ? (pick(), pick()) : (cos(angle), sin(angle)))
        }
        for (i, t) in turned.enumerated() {
            let m = Transform3D.turn(cos: t.cos, sin: t.sin)
            let want =
                t.cos.isFinite && t.sin.isFinite && m.m33 > 0 ? Self.referenceRows(m.m11, m.m12, m.m21, m.m22) : nil
            check(want, parts(PlanarTransform(turnCos: t.cos, sin: t.sin)), "\(t)")
            let o = turned[(i * 7919) % turned.count]
            let single = PlanarTransform(turnCos: o.cos, sin: o.sin)
            let pair = PlanarTransform.turns(t, o)
            // Both or nothing, each lane its own turn's parts.
            XCTAssertEqual(pair == nil, want == nil || single == nil, "\(t), \(o)")
            if let pair {
                turns += 1
                check(want, parts(pair.0), "\(t) beside \(o)")
                check(parts(single), parts(pair.1), "\(o) beside \(t)")
                XCTAssertTrue(same(pair.0.sz, m.m33) && pair.0.tx == 0 && pair.0.ty == 0)
            }
        }
        XCTAssertGreaterThan(planar, 10000)
        XCTAssertGreaterThan(turns, 15000)
    }
}
