import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// A track whose ends are turned cells makes its planar parts from the ends' cosines and sines
/// (`PlanarTransform(turnCos:sin:)`, `PlanarEnds.ofTurns`) instead of testing each matrix: bit for
/// bit what the matrix path (`PlanarTransform(_:)`, `Transform3D.turnParts`) makes of the same
/// ends, over the circle's turns, zeros of either sign, ±π, tiny and huge numbers, non-unit pairs,
/// infinities and NaN; and only where the track table's general way makes planar parts.
final class TurnedEndsTests: XCTestCase {
    /// Cosines and sines no layout's angle has, besides those it has.
    private static let odd: [Double] = [
        0, -0.0, 1, -1, cos(Double.pi), sin(Double.pi), cos(-Double.pi), sin(-Double.pi), 1e-300, -1e-300,
        .leastNonzeroMagnitude, 1e-17, 1 - 0x1p-53, 1 + 0x1p-52, 0.5, -0.5, 2, -2, 0x1p60, -0x1p60, 1e300, -1e300,
        .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
    ]

    private func sameBits(_ a: PlanarTransform?, _ b: PlanarTransform?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        let x = [a.sx, a.sy, a.xy, a.angle, a.tx, a.ty, a.sz], y = [b.sx, b.sy, b.xy, b.angle, b.tx, b.ty, b.sz]
        return zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern }
    }

    /// A cosine and sine: the circle's (an angle's), a pair of odd numbers, or a random non-unit pair.
    private func pair(_ rng: inout SplitMix64, _ n: Int) -> (Double, Double) {
        let odd = Self.odd
        switch n % 4 {
        case 0: return (odd[rng.int(below: odd.count)], odd[rng.int(below: odd.count)])
        case 1: return (rng.double(in: -3..<3), rng.double(in: -3..<3))
        case 2:
            let a = [0, Double.pi, -Double.pi, 1e-9, -1e-300, Double.pi / 2][rng.int(below: 6)]
            return (cos(a), sin(a))
        default:
            let a = rng.double(in: -7..<7)
            return (cos(a), sin(a))
        }
    }

    /// `PlanarTransform(turnCos: c, sin: s)` is `PlanarTransform(.turn(cos: c, sin: s))` bit for
    /// bit (nil exactly when it is nil).
    func testTheTurnsPartsAreTheMatrixPathsBitForBit() {
        var rng = SplitMix64(seed: 0x7475_726e_6564_3231)
        var compared = 0, planar = 0
        let odd = Self.odd
        for c in odd {
            for s in odd {
                let want = PlanarTransform(Transform3D.turn(cos: c, sin: s))
                XCTAssertTrue(sameBits(PlanarTransform(turnCos: c, sin: s), want), "turn(\(c), \(s))")
                compared += 1
                if want != nil { planar += 1 }
            }
        }
        for n in 0..<40000 {
            let (c, s) = pair(&rng, n)
            let want = PlanarTransform(Transform3D.turn(cos: c, sin: s))
            XCTAssertTrue(sameBits(PlanarTransform(turnCos: c, sin: s), want), "turn(\(c), \(s))")
            compared += 1
            if want != nil { planar += 1 }
        }
        XCTAssertEqual(compared, odd.count * odd.count + 40000)
        // Most are planar: every angle's, and most pairs but the non-finite and the huge.
        XCTAssertGreaterThan(planar, 25000)
    }

    /// `PlanarEnds.ofTurns` of a track's ends (each exactly the identity, a turn, or not a turn:
    /// translated, scaled, out of the plane) is nil, or the matrix path's planar parts of both
    /// ends and the end's turn, bit for bit, for ends the general way makes planar parts for
    /// (different, not both translations, both planar); the circle's ends are always taken.
    func testTurnedTrackEndsAreTheGeneralWaysBitForBit() {
        var rng = SplitMix64(seed: 0x656e_6473_3231)
        var taken = 0, circles = 0
        for n in 0..<40000 {
            func end(_ kind: Int) -> Transform3D {
                let (c, s) = pair(&rng, n / 5)
                var m = Transform3D.turn(cos: c, sin: s)
                switch kind {
                case 0: return .identity
                case 1, 2: return m
                case 3: m.m41 = 7
                case 4: m.m33 = 2
                case 5: m.m13 = 0.5
                default: m.m21 += 1
                }
                return m
            }
            let circle = n % 3 == 0
            let ta: Transform3D, tb: Transform3D
            if circle {
                // A switch from a flow (the identity) or an update on the circle: the circle's turns.
                let b = rng.double(in: -4..<4), a = rng.double(in: -4..<4)
                ta = n % 2 == 0 ? .identity : .turn(cos: cos(a), sin: sin(a))
                tb = .turn(cos: cos(b), sin: sin(b))
            } else {
                ta = rng.int(below: 4) == 0 ? tb0(&rng) : end(rng.int(below: 7))
                tb = n % 7 == 0 ? ta : end(1 + rng.int(below: 6))
            }
            var a = LayoutAttributes.cell(
                IndexPath(section: 0, item: n), frame: Rect(x: 1, y: 2, width: 30, height: 40))
            var b = a
            a.transform = ta
            b.transform = tb
            // (As `TrackTable.shape` asks: never for an end that is exactly the identity.)
            let got =
                tb.isExactlyIdentity
                ? nil
                : withUnsafePointer(to: a) { pa in
                    withUnsafePointer(to: b) { pb -> (ends: PlanarEnds, endTurn: PlanarEnds.Turn)? in
                        // Each end's turn, and whether it is the identity, told by it.
                        let turnA = PlanarEnds.turn(of: pa), turnB = PlanarEnds.turn(of: pb)
                        XCTAssertEqual(turnA.map(PlanarEnds.isIdentity) ?? false, ta.isExactlyIdentity)
                        XCTAssertEqual(turnB.map(PlanarEnds.isIdentity) ?? false, tb.isExactlyIdentity)
                        guard let turnA, let turnB, let ends = PlanarEnds.ofTurns(from: turnA, to: turnB) else {
                            return nil
                        }
                        return (ends, turnB)
                    }
                }
            if circle && ta != tb {
                XCTAssertNotNil(got, "\(ta.values) → \(tb.values)")
                circles += 1
            }
            guard let got else { continue }
            taken += 1
            // The general way (`TrackTable.shape`) makes planar parts for these ends.
            XCTAssertTrue(ta != tb && !(ta.isTranslationOnly && tb.isTranslationOnly), "\(ta.values) → \(tb.values)")
            let pa = PlanarTransform(ta), pb = PlanarTransform(tb)
            XCTAssertNotNil(pa)
            XCTAssertNotNil(pb)
            XCTAssertTrue(sameBits(got.ends.from, pa), "\(ta.values)")
            XCTAssertTrue(sameBits(got.ends.to, pb), "\(tb.values)")
            let turn = tb.turnParts
            XCTAssertEqual(turn?.cos.bitPattern, got.endTurn.cos.bitPattern)
            XCTAssertEqual(turn?.sin.bitPattern, got.endTurn.sin.bitPattern)
        }
        XCTAssertGreaterThan(circles, 13000)
        XCTAssertGreaterThan(taken - circles, 1500)
    }

    /// A start that is the turn of an odd pair with a zero of the other sign somewhere (the same
    /// numbers as a turn, not the same bits).
    private func tb0(_ rng: inout SplitMix64) -> Transform3D {
        var m = Transform3D.turn(cos: Self.odd[rng.int(below: 8)], sin: Self.odd[rng.int(below: 8)])
        m.m13 = -m.m13
        return m
    }

    /// `PlanarEnds.knownTurn(of:)` of a turned cell's record (`TurnedRecords.record`) is
    /// `PlanarEnds.turn(of:)` of it bit for bit (nil exactly when it is nil), over the odd numbers'
    /// every pair (zeros of either sign, cosines past 1, huge, infinite and NaN) and random pairs.
    func testAKnownTurnIsTheTestedTurnBitForBit() {
        var rng = SplitMix64(seed: 0x6b6e_6f77_6e32_37)
        var pairs: [(Double, Double)] = []
        for c in Self.odd { for s in Self.odd { pairs.append((c, s)) } }
        for n in 0..<40000 { pairs.append(pair(&rng, n)) }
        var turns = 0
        for (c, s) in pairs {
            var record = TurnedRecords.record(
                section: 0, TurnedCell(item: 0, frame: Rect(x: 0, y: 0, width: 1, height: 1), cos: c, sin: s))
            let (known, tested) = withUnsafePointer(to: &record) {
                (PlanarEnds.knownTurn(of: $0), PlanarEnds.turn(of: $0))
            }
            XCTAssertEqual(known == nil, tested == nil, "turn(\(c), \(s))")
            if let known, let tested {
                XCTAssertEqual(known.cos.bitPattern, tested.cos.bitPattern, "turn(\(c), \(s))")
                XCTAssertEqual(known.sin.bitPattern, tested.sin.bitPattern, "turn(\(c), \(s))")
                turns += 1
            }
        }
        XCTAssertGreaterThan(turns, 30000)
    }
}

/// `Transform3D.turnParts` against its rule (the turn of `m11`, `m12` is the transform bit for bit),
/// for turns of odd and random cosines and sines, each with one value changed: to a zero of the
/// other sign, another odd value, or a random one.
final class TurnPartsRuleTests: XCTestCase {
    func testTurnPartsKeepTheRule() {
        var rng = SplitMix64(seed: 0x7275_6c65)
        let odd: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 2, -2, 1e-300, -1e-300, .leastNonzeroMagnitude, 1 + .ulpOfOne,
            1 - .ulpOfOne / 2, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity,
            -.infinity, .nan,
        ]
        var turns = 0
        for n in 0..<60000 {
            let angle = rng.double(in: -7..<7)
            let (c, s) =
                n % 3 == 0 ? (odd[rng.int(below: odd.count)], odd[rng.int(below: odd.count)]) : (cos(angle), sin(angle))
            var m = Transform3D.turn(cos: c, sin: s)
            if n % 2 == 1 {
                var v = m.values
                let i = rng.int(below: 16)
                switch rng.int(below: 3) {
                case 0: v[i] = -v[i]  // (a zero's sign, or another number)
                case 1: v[i] = odd[rng.int(below: odd.count)]
                default: v[i] = rng.double(in: -2..<2)
                }
                m = Transform3D(v)
            }
            let rule = Transform3D.turn(cos: m.m11, sin: m.m12).isBitwiseEqual(to: m)
            let parts = m.turnParts
            XCTAssertEqual(parts != nil, rule, "\(m.values)")
            if let parts {
                XCTAssertEqual(parts.cos.bitPattern, m.m11.bitPattern)
                XCTAssertEqual(parts.sin.bitPattern, m.m12.bitPattern)
                turns += 1
            }
        }
        XCTAssertGreaterThan(turns, 30000)
    }
}
