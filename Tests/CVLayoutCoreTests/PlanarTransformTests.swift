import XCTest

@testable import CVLayoutCore

/// `PlanarTransform`: the angle path `Transform3D.interpolate` takes for two transforms that stay
/// in the plane gives what the CSS decomposition path gives (`TransformDecomposition.interpolate`,
/// then `recomposed`), to 1e-9 relative, over random rotations, scales, shears, translations and
/// progresses (spring overshoot included), for both rotation rules; its parts are the
/// decomposition's; and transforms that leave the plane or reflect are not taken for planar.
final class PlanarTransformTests: XCTestCase {
    private func unit(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(1 << 53) }

    /// A planar transform from its parts: rows `sx·(c, s)` and `sy·((−s, c) + xy·(c, s))`.
    private func planar(
        angle: Double, sx: Double, sy: Double, xy: Double, tx: Double, ty: Double, sz: Double = 1
    ) -> Transform3D {
        let c = cos(angle), s = sin(angle)
        var m = Transform3D.identity
        m.m11 = sx * c
        m.m12 = sx * s
        m.m21 = sy * (xy * c - s)
        m.m22 = sy * (xy * s + c)
        m.m33 = sz
        m.m41 = tx
        m.m42 = ty
        return m
    }

    private func randomPlanar(_ rng: inout SplitMix64) -> Transform3D {
        // Angles within ±0.9π: two ends then differ by less than 1.8π, where the decomposition's
        // slerp (sin θ in a denominator) keeps its digits under the `.css` rule too.
        let angle = (unit(&rng) * 2 - 1) * 0.9 * Double.pi
        switch rng.next() % 4 {
        case 0: return .rotation(angle, 0, 0, 1)  // what the circle layout makes (m33 = c + (1 − c))
        case 1: return .identity
        default:
            return planar(
                angle: angle, sx: 0.2 + unit(&rng) * 5, sy: 0.2 + unit(&rng) * 5, xy: unit(&rng) * 2 - 1,
                tx: (unit(&rng) - 0.5) * 2000, ty: (unit(&rng) - 0.5) * 2000,
                sz: rng.next() % 2 == 0 ? 1 : 0.5 + unit(&rng))
        }
    }

    private func assertClose(
        _ got: Transform3D, _ want: Transform3D, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (i, (g, w)) in zip(got.values, want.values).enumerated() where !(abs(g - w) <= 1e-9 * max(1, abs(w))) {
            XCTFail("\(what): m\(i / 4 + 1)\(i % 4 + 1) \(g) != \(w)", file: file, line: line)
            return
        }
    }

    func testInterpolationEqualsTheDecompositionPath() throws {
        var rng = SplitMix64(seed: 0x5eed_32)
        var compared = 0
        for n in 0..<4000 {
            let a = randomPlanar(&rng), b = randomPlanar(&rng)
            let t = n % 5 == 0 ? [0.25, 0.5, 0.75, 1e-3, 0.999][n / 5 % 5] : unit(&rng) * 2 - 0.5
            let pa = try XCTUnwrap(PlanarTransform(a), "\(a.values)")
            let pb = try XCTUnwrap(PlanarTransform(b), "\(b.values)")
            let da = try XCTUnwrap(TransformDecomposition(a)), db = try XCTUnwrap(TransformDecomposition(b))
            for rotation in [RotationInterpolation.shortest, .css] {
                let fast = try XCTUnwrap(PlanarTransform.interpolate(pa, pb, t, rotation: rotation))
                let reference = TransformDecomposition.interpolate(da, db, t, rotation: rotation).recomposed
                assertClose(fast, reference, "pair \(n) at \(t), \(rotation)")
                // The public path takes it (t in (0, 1) or beyond, unequal ends).
                if t != 0, t != 1, a != b, !(a.isTranslationOnly && b.isTranslationOnly) {
                    XCTAssertEqual(Transform3D.interpolate(a, b, t, rotation: rotation), fast, "pair \(n)")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 8000)
    }

    /// Its parts are the decomposition's: scale, shear, translation, and the angle of the
    /// quaternion `(0, 0, sin(φ/2), cos(φ/2))`.
    func testPartsAreTheDecompositions() throws {
        var rng = SplitMix64(seed: 7)
        for n in 0..<2000 {
            let m = randomPlanar(&rng)
            let p = try XCTUnwrap(PlanarTransform(m)), d = try XCTUnwrap(TransformDecomposition(m))
            XCTAssertEqual(p.sx, d.scale.x, accuracy: 1e-12 * d.scale.x, "\(n)")
            XCTAssertEqual(p.sy, d.scale.y, accuracy: 1e-12 * d.scale.y, "\(n)")
            XCTAssertEqual(p.sz, d.scale.z, accuracy: 1e-12 * d.scale.z, "\(n)")
            XCTAssertEqual(p.xy, d.skew.xy, accuracy: 1e-12, "\(n)")
            XCTAssertEqual(p.tx, d.translation.x, "\(n)")
            XCTAssertEqual(p.ty, d.translation.y, "\(n)")
            XCTAssertEqual(d.quaternion.x, 0, accuracy: 1e-15, "\(n)")
            XCTAssertEqual(d.quaternion.y, 0, accuracy: 1e-15, "\(n)")
            XCTAssertEqual(d.quaternion.z, sin(p.angle / 2), accuracy: 1e-12, "\(n)")
            XCTAssertEqual(d.quaternion.w, cos(p.angle / 2), accuracy: 1e-12, "\(n)")
        }
        // By hand: 90° about z, scale 2 × 3, translation (5, 7).
        let p = try XCTUnwrap(PlanarTransform(planar(angle: Double.pi / 2, sx: 2, sy: 3, xy: 0, tx: 5, ty: 7)))
        XCTAssertEqual(p.sx, 2, accuracy: 1e-15)
        XCTAssertEqual(p.sy, 3, accuracy: 1e-15)
        XCTAssertEqual(p.angle, Double.pi / 2, accuracy: 1e-15)
        XCTAssertEqual(p.xy, 0, accuracy: 1e-15)
        XCTAssertEqual(p.sz, 1)
    }

    /// Halfway from 170° to −170°: 180° the short way, 0° by the CSS rule (by hand).
    func testTurnsAsTheRotationRuleSays() throws {
        let a = Transform3D.rotation(170 * Double.pi / 180, 0, 0, 1)
        let b = Transform3D.rotation(-170 * Double.pi / 180, 0, 0, 1)
        let pa = try XCTUnwrap(PlanarTransform(a)), pb = try XCTUnwrap(PlanarTransform(b))
        let short = try XCTUnwrap(PlanarTransform.interpolate(pa, pb, 0.5, rotation: .shortest))
        XCTAssertEqual(short.m11, -1, accuracy: 1e-15)
        XCTAssertEqual(short.m12, 0, accuracy: 1e-15)
        let css = try XCTUnwrap(PlanarTransform.interpolate(pa, pb, 0.5, rotation: .css))
        XCTAssertEqual(css.m11, 1, accuracy: 1e-15)
        XCTAssertEqual(css.m12, 0, accuracy: 1e-15)
        // A quarter of the way by the CSS rule: 170° − 85° = 85°.
        let quarter = try XCTUnwrap(PlanarTransform.interpolate(pa, pb, 0.25, rotation: .css))
        XCTAssertEqual(quarter.m11, cos(85 * Double.pi / 180), accuracy: 1e-15)
        XCTAssertEqual(quarter.m12, sin(85 * Double.pi / 180), accuracy: 1e-15)
    }

    /// What leaves the plane, reflects or cannot be decomposed is not planar.
    func testOnlyPlanarTransformsArePlanar() {
        XCTAssertNil(PlanarTransform(.scale(-1, 1, 1)))  // a reflection
        XCTAssertNil(PlanarTransform(.scale(1, 1, -1)))
        XCTAssertNil(PlanarTransform(.rotation(0.3, 0, 1, 0)))  // about y
        XCTAssertNil(PlanarTransform(.scale(0, 1, 1)))  // singular
        XCTAssertNil(PlanarTransform(.translation(0, 0, 4)))
        var p = Transform3D.identity
        p.m34 = -1.0 / 500  // perspective
        XCTAssertNil(PlanarTransform(p))
        p = .identity
        p.m44 = 2
        XCTAssertNil(PlanarTransform(p))
        p = .identity
        p.m41 = .infinity
        XCTAssertNil(PlanarTransform(p))
        XCTAssertNotNil(PlanarTransform(.identity))
        XCTAssertNotNil(PlanarTransform(Transform3D.rotation(3, 0, 0, 1).scaled(2, 0.5, 1)))
    }
}
