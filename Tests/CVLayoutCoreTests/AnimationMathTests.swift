import Foundation
import XCTest

@testable import CVLayoutCore

/// Animation mathematics: CSS matrix decomposition/interpolation, Bézier timing curves,
/// springs, animation timing and attribute interpolation.
final class AnimationMathTests: XCTestCase {

    // MARK: Helpers

    private func assertMatrix(
        _ m: Transform3D, _ e: Transform3D, tolerance: Double = 1e-12,
        _ message: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        for (i, (a, b)) in zip(m.values, e.values).enumerated() where !(abs(a - b) <= tolerance) {
            XCTFail(
                "m\(i / 4 + 1)\(i % 4 + 1): \(a) != \(b) (tolerance \(tolerance)) \(message)", file: file, line: line)
        }
    }

    private func roundTrip(
        _ m: Transform3D, tolerance: Double = 1e-12, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let d = TransformDecomposition(m) else {
            return XCTFail("not decomposable: \(m.values) \(message)", file: file, line: line)
        }
        // The decomposition normalises by m44 (CSS does too): the result is m / m44, the same
        // projective transform (exactly m when m44 = 1).
        let normalised = Transform3D(m.values.map { $0 / m.m44 })
        assertMatrix(d.recomposed, normalised, tolerance: tolerance, message, file: file, line: line)
    }

    private func normalised(_ m: Transform3D) -> Transform3D { Transform3D(m.values.map { $0 / m.m44 }) }

    /// A deterministic generator (64-bit LCG, Knuth's constants) for random matrices.
    private struct LCG {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)  // [0, 1)
        }
        mutating func signed() -> Double { next() * 2 - 1 }
    }

    private func perspective(_ d: Double) -> Transform3D {
        var p = Transform3D.identity
        p.m34 = -1 / d
        return p
    }

    // MARK: Decomposition round trips

    func testDecomposeRecomposeBasicTransforms() {
        roundTrip(.identity)
        roundTrip(.translation(10, -20, 30))
        roundTrip(.scale(2, 3, 4))
        roundTrip(.scale(-1, 1, 1), "handedness flip")
        roundTrip(.scale(-2, -3, 4))
        for angle in [0.3, -1.2, Double.pi / 2, 2.5, Double.pi, -Double.pi] {
            roundTrip(.rotation(angle, 1, 0, 0), "x \(angle)")
            roundTrip(.rotation(angle, 0, 1, 0), "y \(angle)")
            roundTrip(.rotation(angle, 0, 0, 1), "z \(angle)")
            roundTrip(.rotation(angle, 1, 2, 3), "axis (1,2,3) \(angle)")
            roundTrip(.rotation(angle, 1, -1, 0), "axis (1,-1,0) \(angle)")
            roundTrip(.rotation(angle, -0.2, 0.5, -3), "axis (-0.2,0.5,-3) \(angle)")
        }
        roundTrip(perspective(500), "m34 = -1/500")
    }

    func testDecomposeRecomposeProducts() {
        let r = Transform3D.rotation(0.7, 1, 2, 3)
        let s = Transform3D.scale(2, 0.5, 3)
        let t = Transform3D.translation(100, -50, 7)
        let p = perspective(500)
        roundTrip(s.concatenating(r).concatenating(t))
        roundTrip(t.concatenating(r).concatenating(s), "translation first: scale also scales it")
        roundTrip(r.concatenating(s), "rotate then non-uniform scale: shear appears")
        roundTrip(p.rotated(Double.pi / 3, 0, 1, 0), "CATransform3DRotate of a perspective transform")
        roundTrip(p.rotated(0.4, 1, 0, 0).translated(20, 30, -40).scaled(1.5, 1.5, 1))
        roundTrip(s.concatenating(r).concatenating(t).concatenating(p), "perspective applied last")
        roundTrip(Transform3D.rotation(Double.pi, 1, 1, 0).concatenating(t), "180° about an oblique axis")
    }

    func testDecomposeRecomposeRandomMatrices() {
        // Any matrix with m44 = 1 and an invertible 3×3 part has 16 degrees of freedom, exactly
        // the decomposition's (3+3+3+4+3): it must come back.
        var g = LCG(state: 42)
        for i in 0..<500 {
            var v = (0..<16).map { _ in g.signed() * 2 }
            v[3] *= 0.01; v[7] *= 0.01; v[11] *= 0.01  // mild perspective terms
            v[12] *= 100; v[13] *= 100; v[14] *= 100  // translations in points
            v[15] = 1
            let m = Transform3D(v)
            let det =
                v[0] * (v[5] * v[10] - v[6] * v[9]) - v[1] * (v[4] * v[10] - v[6] * v[8])
                + v[2] * (v[4] * v[9] - v[5] * v[8])
            if abs(det) < 0.05 { continue }  // stay well-conditioned for the 1e-12 check
            roundTrip(m, tolerance: 1e-11, "random #\(i)")
        }
    }

    func testDecompositionNormalisesByM44() {
        // m44 = 2: recomposes to m / 2 (the same projective transform).
        let base = Transform3D.rotation(0.5, 0, 0, 1).translated(3, 4, 5)
        let m = Transform3D(base.values.map { $0 * 2 })
        let d = TransformDecomposition(m)
        XCTAssertNotNil(d)
        assertMatrix(d?.recomposed ?? .identity, base)
        // Translating a perspective transform along z changes m44: 1 + 5·(−1/300) = 0.98333….
        let p = perspective(300).rotated(0.5, 0, 0, 1).translated(3, 4, 5)
        XCTAssertEqual(p.m44, 1 - 5.0 / 300, accuracy: 1e-15)
        assertMatrix(TransformDecomposition(p)?.recomposed ?? .identity, normalised(p))
    }

    func testDecompositionComponents() throws {
        // rotation(θ, axis) ↔ quaternion (axis·sin(θ/2), cos(θ/2)).
        let d = try XCTUnwrap(TransformDecomposition(Transform3D.rotation(Double.pi / 2, 0, 0, 1)))
        XCTAssertEqual(d.quaternion.z, sin(Double.pi / 4), accuracy: 1e-15)
        XCTAssertEqual(d.quaternion.w, cos(Double.pi / 4), accuracy: 1e-15)
        XCTAssertEqual(d.quaternion.x, 0, accuracy: 1e-15)
        XCTAssertEqual(d.scale.x, 1, accuracy: 1e-15)
        // translate(10, 20, 30) · scale(2, 3, 4) applied scale first: rows scaled, translation kept.
        let e = try XCTUnwrap(
            TransformDecomposition(Transform3D.scale(2, 3, 4).concatenating(.translation(10, 20, 30))))
        XCTAssertEqual(e.scale, .init(x: 2, y: 3, z: 4))
        XCTAssertEqual(e.translation, .init(x: 10, y: 20, z: 30))
        XCTAssertEqual(e.perspective, .init(x: 0, y: 0, z: 0, w: 1))
        // Perspective alone: column 4 = (0, 0, -1/500, 1).
        let p = try XCTUnwrap(TransformDecomposition(perspective(500)))
        XCTAssertEqual(p.perspective.z, -0.002, accuracy: 1e-18)
        XCTAssertEqual(p.perspective.w, 1)
        // The quaternion matches the spec's own formula (per-component square roots with the
        // sign rules on the row matrix) wherever that one is well-conditioned.
        let rm = Transform3D.rotation(2.0, 1, 2, 3)
        let spec = try XCTUnwrap(TransformDecomposition(rm)).quaternion
        var qx = 0.5 * max(1 + rm.m11 - rm.m22 - rm.m33, 0).squareRoot()
        var qy = 0.5 * max(1 - rm.m11 + rm.m22 - rm.m33, 0).squareRoot()
        var qz = 0.5 * max(1 - rm.m11 - rm.m22 + rm.m33, 0).squareRoot()
        let qw = 0.5 * max(1 + rm.m11 + rm.m22 + rm.m33, 0).squareRoot()
        if rm.m32 > rm.m23 { qx = -qx }
        if rm.m13 > rm.m31 { qy = -qy }
        if rm.m21 > rm.m12 { qz = -qz }
        XCTAssertEqual(spec.x, qx, accuracy: 1e-14)
        XCTAssertEqual(spec.y, qy, accuracy: 1e-14)
        XCTAssertEqual(spec.z, qz, accuracy: 1e-14)
        XCTAssertEqual(spec.w, qw, accuracy: 1e-14)
        // … and is (axis·sin 1, cos 1) for the unit axis (1,2,3)/√14.
        XCTAssertEqual(spec.z, 3 / 14.0.squareRoot() * sin(1.0), accuracy: 1e-14)
        // Shear: the row (0.5, 1, 0) for y is skew xy = 0.5.
        var k = Transform3D.identity
        k.m21 = 0.5
        let sk = try XCTUnwrap(TransformDecomposition(k))
        XCTAssertEqual(sk.skew.xy, 0.5, accuracy: 1e-15)
        XCTAssertEqual(sk.skew.xz, 0)
    }

    func testSingularMatricesDoNotDecompose() {
        XCTAssertNil(TransformDecomposition(.scale(0, 1, 1)))
        var m = Transform3D.identity
        m.m44 = 0
        XCTAssertNil(TransformDecomposition(m))
        m = .identity
        m.m11 = .nan
        XCTAssertNil(TransformDecomposition(m))
        m = .identity
        m.m41 = .infinity
        XCTAssertNil(TransformDecomposition(m))
    }

    // MARK: Transform interpolation

    func testHalfwayToNinetyDegreesAboutZIsFortyFive() {
        let b = Transform3D.rotation(Double.pi / 2, 0, 0, 1)
        let mid = Transform3D.interpolate(.identity, b, 0.5)
        assertMatrix(mid, .rotation(Double.pi / 4, 0, 0, 1))
        // Not the element-wise average: that would have m11 = (1 + cos 90°)/2 = 0.5, while
        // cos 45° = 0.7071….
        XCTAssertEqual(mid.m11, 0.5.squareRoot(), accuracy: 1e-12)
        XCTAssertGreaterThan(abs(mid.m11 - 0.5), 0.2)
        // Quarter way: 22.5°; extrapolated 1.5: 135°.
        assertMatrix(Transform3D.interpolate(.identity, b, 0.25), .rotation(Double.pi / 8, 0, 0, 1))
        assertMatrix(Transform3D.interpolate(.identity, b, 1.5), .rotation(3 * Double.pi / 4, 0, 0, 1))
    }

    func testHalfwayRotationAboutYWithPerspective() {
        // a = perspective only; b = CATransform3DRotate(perspective, 90°, 0, 1, 0) = R_y(90°) · P.
        // Both decompose to the same perspective column (0, 0, -1/500, 1); the rotation slerps
        // to 45°, so the result is R_y(45°) · P.
        let p = perspective(500)
        let mid = Transform3D.interpolate(p, p.rotated(Double.pi / 2, 0, 1, 0), 0.5)
        assertMatrix(mid, p.rotated(Double.pi / 4, 0, 1, 0))
        XCTAssertEqual(mid.m34, -0.002 * cos(Double.pi / 4), accuracy: 1e-15)  // m34 = R[2][2]·(-1/500)
    }

    func testShortestPathAcrossOneEighty() {
        // 170° → −170°: the short way goes through 180°, not back through 0°.
        let a = Transform3D.rotation(170 * Double.pi / 180, 0, 0, 1)
        let b = Transform3D.rotation(-170 * Double.pi / 180, 0, 0, 1)
        assertMatrix(Transform3D.interpolate(a, b, 0.5), .rotation(Double.pi, 0, 0, 1))
        assertMatrix(Transform3D.interpolate(a, b, 0.25), .rotation(175 * Double.pi / 180, 0, 0, 1))
        // The CSS algorithm as written (no sign flip) turns the long way: 340° through 0°.
        assertMatrix(Transform3D.interpolate(a, b, 0.5, rotation: .css), .identity)
        assertMatrix(Transform3D.interpolate(a, b, 0.25, rotation: .css), .rotation(85 * Double.pi / 180, 0, 0, 1))
        // Under 180° apart both agree.
        let c = Transform3D.rotation(Double.pi / 2, 0, 0, 1)
        assertMatrix(
            Transform3D.interpolate(.identity, c, 0.5, rotation: .css), Transform3D.interpolate(.identity, c, 0.5))
        // Through an animation: the timing's choice reaches the sampled attributes.
        var from = LayoutAttributes.cell(IndexPath(item: 0, section: 0))
        from.transform = a
        var to = from
        to.transform = b
        assertMatrix(
            LayoutAttributes.interpolate(from: from, to: to, progress: 0.5, discreteCustomSlots: 0, rotation: .css)
                .transform, .identity)
    }

    func testTranslationAndScaleInterpolation() {
        // 10 + 0.25·(30 − 10) = 15.
        assertMatrix(
            Transform3D.interpolate(.translation(10, 0, 0), .translation(30, 0, 0), 0.25), .translation(15, 0, 0))
        // Full decomposition path (a scale is present): (1 + 3)/2 = 2.
        assertMatrix(Transform3D.interpolate(.scale(1, 1, 1), .scale(3, 3, 3), 0.5), .scale(2, 2, 2))
        // CATransform3DTranslate(scale(3,4,1), 10,0,0) translates first, so it moves 30 after
        // scaling: decomposed translation (30, 0, 0); halfway: scale (2, 3, 1) then move 15.
        assertMatrix(
            Transform3D.interpolate(.scale(1, 2, 1), .scale(3, 4, 1).translated(10, 0, 0), 0.5),
            Transform3D.scale(2, 3, 1).concatenating(.translation(15, 0, 0)))
        XCTAssertEqual(Transform3D.interpolate(.identity, .identity, 0.3), .identity)
    }

    func testEndpointsReturnInputs() throws {
        let a = perspective(800).rotated(0.3, 1, 1, 0).scaled(2, 1, 1).translated(5, 6, 7)
        let b = Transform3D.rotation(2.0, 0, 1, 1).concatenating(.translation(-40, 3, 0))
        assertMatrix(Transform3D.interpolate(a, b, 0), a)
        assertMatrix(Transform3D.interpolate(a, b, 1), b)
        // The decomposition path itself (without the t = 0 / 1 shortcut) is exact to 1e-12 too.
        let da = try XCTUnwrap(a.decomposed), db = try XCTUnwrap(b.decomposed)
        // (a has m44 = 1 + 7·(−1/800) after the z translation, so that path gives a / m44.)
        assertMatrix(TransformDecomposition.interpolate(da, db, 0).recomposed, normalised(a))
        assertMatrix(TransformDecomposition.interpolate(da, db, 1).recomposed, b)
    }

    func testSingularFallsBackToDiscrete() {
        let a = Transform3D.scale(0, 1, 1)  // collapsed: cannot be decomposed
        let b = Transform3D.rotation(1, 0, 0, 1)
        XCTAssertEqual(Transform3D.interpolate(a, b, 0.49), a)
        XCTAssertEqual(Transform3D.interpolate(a, b, 0.5), b)
        XCTAssertEqual(Transform3D.interpolate(b, a, 0.3), b)
        var nan = Transform3D.identity
        nan.m12 = .nan
        XCTAssertEqual(Transform3D.interpolate(b, nan, 0.7).values.map { $0.isNaN }, nan.values.map { $0.isNaN })
        XCTAssertEqual(Transform3D.interpolate(a, b, .nan), a)
        XCTAssertEqual(Transform3D.interpolate(a, b, .infinity), b)
    }

    // MARK: Timing curves

    /// Independent solver: bisection on x(s) written in Bernstein form.
    private func bezierByBisection(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
        func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bx(mid) < x { lo = mid } else { hi = mid }
        }
        return by((lo + hi) / 2)
    }

    func testEaseInOutValues() {
        // Symmetric curve: x(0.5) = 0.375·0.42 + 0.375·0.58 + 0.125 = 0.5, and y(0.5) = 0.5.
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-14)
        // x = 0.25: x(s) = 1.26 s(1−s)² + 1.74 s²(1−s) + s³ = 0.25 at s ≈ 0.2250652 (solved by
        // bisection); y(s) = 3s²(1−s) + s³ = s²(3 − 2s) ≈ 0.0506543 · 2.5498697 ≈ 0.1291619.
        let v = TimingCurve.easeInOut.value(at: 0.25)
        XCTAssertEqual(v, 0.12916193104731980, accuracy: 1e-12)
        XCTAssertEqual(v, bezierByBisection(0.42, 0, 0.58, 1, 0.25), accuracy: 1e-13)
        // easeIn(0.5) ≈ 0.3153568 and easeOut(x) = 1 − easeIn(1 − x) (mirrored control points).
        XCTAssertEqual(TimingCurve.easeIn.value(at: 0.5), 0.31535681257253945, accuracy: 1e-12)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(TimingCurve.easeOut.value(at: x), 1 - TimingCurve.easeIn.value(at: 1 - x), accuracy: 1e-12)
        }
        XCTAssertEqual(TimingCurve.linear.value(at: 0.37), 0.37)
    }

    func testBezierAgreesWithBisectionAndIsMonotone() throws {
        let curves: [TimingCurve] = [
            .linear, .easeIn, .easeOut, .easeInOut,
            try .cubicBezier(1, 0, 0, 1),  // x′ = 0 at s = 0.5: Newton must fall back
            try .cubicBezier(0, 1, 1, 0),
            try .cubicBezier(1, 1, 1, 1),
            try .cubicBezier(0.25, 0.1, 0.25, 1),
        ]  // CSS "ease"
        for c in curves {
            let p = try XCTUnwrap(c.controlPoints)
            var previous = c.value(at: 0)
            XCTAssertEqual(previous, 0)
            for i in 1...1000 {
                let x = Double(i) / 1000
                let v = c.value(at: x)
                XCTAssertGreaterThanOrEqual(v, previous - 1e-15, "\(c) not monotone at \(x)")
                previous = v
                if i % 37 == 0 {
                    XCTAssertEqual(v, bezierByBisection(p.x1, p.y1, p.x2, p.y2, x), accuracy: 1e-9, "\(c) at \(x)")
                }
            }
            XCTAssertEqual(c.value(at: 1), 1)
            XCTAssertEqual(c.value(at: -3), 0)
            XCTAssertEqual(c.value(at: 7), 1)
            XCTAssertEqual(c.value(at: .nan), 0)
        }
        // Overshooting y values are allowed.
        let back = try TimingCurve.cubicBezier(0.5, -0.5, 0.5, 1.5)
        XCTAssertLessThan(back.value(at: 0.1), 0)
        XCTAssertGreaterThan(back.value(at: 0.9), 1)
    }

    func testBezierValidation() {
        for (x1, y1, x2, y2) in [
            (-0.1, 0.0, 0.5, 1.0), (0.2, 0, 1.01, 1), (.nan, 0, 0.5, 1),
            (0.2, .infinity, 0.5, 1), (0.2, 0, 0.5, -.infinity),
        ] {
            XCTAssertThrowsError(try TimingCurve.cubicBezier(x1, y1, x2, y2)) { error in
                XCTAssertEqual((error as? LayoutError)?.code, .invalidArgument)
            }
        }
        // Built directly from the case: no trap, behaves as linear.
        XCTAssertEqual(TimingCurve.cubicBezier(x1: 2, y1: 0, x2: -1, y2: 1).value(at: 0.3), 0.3)
        XCTAssertThrowsError(try AnimationTiming(duration: 1, curve: .cubicBezier(x1: 2, y1: 0, x2: 0, y2: 1)))
    }

    // MARK: Springs

    func testCriticallyDampedByHand() throws {
        // m = 1, k = 1, c = 2: ζ = 2 / (2·√1·√1) = 1, ω₀ = 1. From rest at 0:
        // x(t) = 1 − e^(−t)(1 + t), so x(1) = 1 − 2/e = 0.26424111765711533.
        let s = try Spring(mass: 1, stiffness: 1, damping: 2)
        XCTAssertEqual(s.dampingRatio, 1)
        XCTAssertEqual(s.value(at: 1), 1 - 2 / M_E, accuracy: 1e-15)
        XCTAssertEqual(s.value(at: 3), 1 - 4 * exp(-3), accuracy: 1e-15)
        // x′(t) = t·e^(−t): x′(1) = 1/e.
        XCTAssertEqual(s.velocity(at: 1), 1 / M_E, accuracy: 1e-15)
        // With x′(0) = 1: u = e^(−t)(−1 + (v₀ − ω₀)t) = −e^(−t), x(1) = 1 − 1/e.
        let v = try Spring(mass: 1, stiffness: 1, damping: 2, initialVelocity: 1)
        XCTAssertEqual(v.value(at: 1), 1 - 1 / M_E, accuracy: 1e-15)
        // The response form with ratio 1, response 2π: ω₀ = 2π/2π = 1, same curve.
        let r = try Spring(dampingRatio: 1, response: 2 * Double.pi)
        XCTAssertEqual(r.value(at: 1), 1 - 2 / M_E, accuracy: 1e-14)
        XCTAssertEqual(r.stiffness, 1, accuracy: 1e-15)
        XCTAssertEqual(r.damping, 2, accuracy: 1e-15)
    }

    func testOverdampedByHand() throws {
        // m = 1, k = 2, c = 3: s² + 3s + 2 = 0 → roots −1, −2. u = C₁e^(−t) + C₂e^(−2t) with
        // C₁ + C₂ = −1 and −C₁ − 2C₂ = 0 → C₁ = −2, C₂ = 1: x(t) = 1 − 2e^(−t) + e^(−2t).
        // x(1) = 1 − 0.7357588823 + 0.1353352832 = 0.3995764009 — with allowsOverdamping.
        let s = try Spring(mass: 1, stiffness: 2, damping: 3, allowsOverdamping: true)
        XCTAssertGreaterThan(s.dampingRatio, 1)
        XCTAssertEqual(s.value(at: 1), 1 - 2 * exp(-1) + exp(-2), accuracy: 1e-15)
        XCTAssertEqual(s.velocity(at: 1), 2 * exp(-1) - 2 * exp(-2), accuracy: 1e-15)
        XCTAssertLessThan(s.value(at: 50), 1 + 1e-15)  // never overshoots
    }

    /// Core Animation's default (`allowsOverdamping` NO): ζ > 1 moves as the critically damped
    /// spring of the same ω₀. m = 1, k = 2, c = 3: ω₀ = √2, x(t) = 1 − (1 + √2·t)e^(−√2·t).
    func testOverdampedIsCriticallyDampedByDefault() throws {
        let s = try Spring(mass: 1, stiffness: 2, damping: 3)
        XCTAssertFalse(s.allowsOverdamping)
        XCTAssertEqual(s.dampingRatio, 3 / (2 * 2.0.squareRoot()), accuracy: 1e-15)
        XCTAssertEqual(s.effectiveDampingRatio, 1)
        let w = 2.0.squareRoot()
        for t in [0.1, 1, 2.5] {
            XCTAssertEqual(s.value(at: t), 1 - (1 + w * t) * exp(-w * t), accuracy: 1e-15)
        }
        // 0.3995764009 (overdamped) vs 1 − (1 + √2)e^(−√2) = 1 − 2.414214·0.243117 = 0.41306: they differ.
        XCTAssertEqual(s.value(at: 1), 0.41306, accuracy: 1e-5)
        // Same for the response form.
        let r = try Spring(dampingRatio: 2, response: 1)
        XCTAssertEqual(r.value(at: 0.3), try Spring(dampingRatio: 1, response: 1).value(at: 0.3), accuracy: 1e-15)
        XCTAssertNotEqual(
            try Spring(dampingRatio: 2, response: 1, allowsOverdamping: true).value(at: 0.3), r.value(at: 0.3))
    }

    /// `CASpringAnimation.settlingDuration`'s documented examples (mass 1, stiffness 100):
    /// damping 5 settles in "approximately 2.85 seconds", damping 15 in "just over 1 second".
    /// Underdamped: t = ln((1 + |ζω₀ − v₀|/ω_d)/0.001)/(ζω₀).
    func testSettlingDurationMatchesCoreAnimationExamples() throws {
        // Damping 5: ζ = 0.25, ζω₀ = 2.5, ω_d = √93.75 = 9.68246: t = ln(1258.199)/2.5 = 2.85498.
        let five = try Spring(mass: 1, stiffness: 100, damping: 5)
        XCTAssertEqual(five.settlingDuration, log((1 + 2.5 / 93.75.squareRoot()) / 0.001) / 2.5, accuracy: 1e-12)
        XCTAssertEqual(five.settlingDuration, 2.855, accuracy: 0.001)
        // Damping 15: ζ = 0.75, ζω₀ = 7.5, ω_d = √43.75 = 6.61438: t = ln(2133.893)/7.5 = 1.02210.
        let fifteen = try Spring(mass: 1, stiffness: 100, damping: 15)
        XCTAssertEqual(fifteen.settlingDuration, log((1 + 7.5 / 43.75.squareRoot()) / 0.001) / 7.5, accuracy: 1e-12)
        XCTAssertEqual(fifteen.settlingDuration, 1.0221, accuracy: 0.0001)
        XCTAssertGreaterThan(fifteen.settlingDuration, 1)
        // CASpringAnimation's defaults (damping 10): ζ = 0.5, t = ln(1000(1 + 1/√3))/5 = 1.47270.
        XCTAssertEqual(try Spring(mass: 1, stiffness: 100, damping: 10).settlingDuration, 1.4727, accuracy: 0.0001)
        // An initial velocity enters through |ζω₀ − v₀|: v₀ = 2.5 cancels it for damping 5.
        XCTAssertEqual(
            try Spring(mass: 1, stiffness: 100, damping: 5, initialVelocity: 2.5).settlingDuration,
            log(1000) / 2.5, accuracy: 1e-12)
        // The bound holds: |x − 1| ≤ e^(−ζω₀t)(1 + |B|) ≤ 0.001 from then on.
        for extra in [0.0, 0.01, 0.1, 1, 10] {
            XCTAssertEqual(five.value(at: five.settlingDuration + extra), 1, accuracy: 0.001)
        }
    }

    func testUnderdampedOvershootsThenSettles() throws {
        // ζ = 0.5, T = 0.5: ω₀ = 4π, ωd = ω₀√(1 − 0.25) ≈ 10.8828. The first peak is at
        // t = π/ωd ≈ 0.28868 s with overshoot e^(−πζ/√(1−ζ²)) = e^(−1.8138) ≈ 0.16303.
        let s = try Spring(dampingRatio: 0.5, response: 0.5)
        let wd = 4 * Double.pi * 0.75.squareRoot()
        let peak = Double.pi / wd
        XCTAssertEqual(s.value(at: peak), 1 + exp(-Double.pi * 0.5 / 0.75.squareRoot()), accuracy: 1e-12)
        XCTAssertEqual(s.velocity(at: peak), 0, accuracy: 1e-12)
        XCTAssertGreaterThan(s.value(at: peak), 1.16)
        // Core Animation's envelope: ζω₀ = 2π, |B| = 2π/ω_d = 1/√3 → t = ln(1000(1 + 1/√3))/(2π) = 1.17195.
        let settle = s.settlingDuration
        XCTAssertEqual(settle, log(1000 * (1 + 1 / 3.0.squareRoot())) / (2 * Double.pi), accuracy: 1e-12)
        for extra in [0.0, 1e-6, 0.01, 0.05, 0.1, 0.3, 1, 10, 100, 1e4] {
            XCTAssertEqual(s.value(at: settle + extra), 1, accuracy: 0.001, "at settle + \(extra)")
        }
    }

    func testCriticalSpringSettleTime() throws {
        // ζ = 1, T = 0.5: ω₀ = 4π, |x − 1| = (1 + ω₀t)e^(−ω₀t). Core Animation walks a 0.1 s grid:
        // the settling time is the first grid point from which the error stays below 0.001 —
        // (1 + σ)e^(−σ) = 0.001 at σ ≈ 9.2335 (bisected here), t* = σ/4π ≈ 0.7348 → 0.8.
        let s = try Spring(dampingRatio: 1, response: 0.5)
        func f(_ x: Double) -> Double { exp(-x) * (1 + x) - 0.001 }
        var lo = 1.0, hi = 30.0
        for _ in 0..<200 { let m = (lo + hi) / 2; if f(m) > 0 { lo = m } else { hi = m } }
        let tStar = hi / (4 * Double.pi)
        XCTAssertEqual(tStar, 0.7348, accuracy: 0.0001)
        XCTAssertEqual(s.settlingDuration, (tStar / 0.1).rounded(.up) * 0.1, accuracy: 1e-9)
        XCTAssertEqual(s.settlingDuration, 0.8, accuracy: 1e-9)
        // m = 1, k = 100, c = 20 (ω₀ = 10): (1 + 10t)e^(−10t) < 0.001 from t ≈ 0.9234 → 1.0.
        XCTAssertEqual(try Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration, 1.0, accuracy: 1e-9)
        for extra in [0.0, 0.1, 1, 1000] {
            XCTAssertEqual(s.value(at: s.settlingDuration + extra), 1, accuracy: 0.001)
        }
        XCTAssertLessThanOrEqual(s.value(at: 5), 1)  // critically damped: no overshoot from rest
    }

    func testNearCriticalIsContinuous() throws {
        // The motion is continuous across ζ = 1. (The settling time is not: Core Animation uses
        // the envelope below 1, whose |B| grows without bound as ζ → 1, and the grid walk at 1.)
        let c = try Spring(dampingRatio: 1, response: 0.4)
        for ratio in [1 - 1e-9, 1 + 1e-9, 1 - 1e-14, 1 + 1e-14] {
            for overdamping in [false, true] {
                let s = try Spring(dampingRatio: ratio, response: 0.4, allowsOverdamping: overdamping)
                for t in [0.01, 0.1, 0.3, 1] {
                    XCTAssertEqual(s.value(at: t), c.value(at: t), accuracy: 1e-7, "ratio \(ratio) t \(t)")
                }
            }
        }
        XCTAssertEqual(try Spring(dampingRatio: 1 + 1e-9, response: 0.4).settlingDuration, c.settlingDuration)
        XCTAssertGreaterThan(try Spring(dampingRatio: 1 - 1e-9, response: 0.4).settlingDuration, c.settlingDuration)
    }

    /// UIKit's `animateWithDuration:…usingSpringWithDamping:initialSpringVelocity:`: mass 1, ω
    /// solved so the envelope reaches 0.001 at the duration; the animation lasts the duration.
    func testUIKitDurationForm() throws {
        // d = 1, ζ = 0.5, v = 0: |B| = ζ/√(1−ζ²) = 1/√3, ω = ln(1000/√3)/(ζ·d) = 12.71690.
        let s = try Spring(duration: 1, dampingRatio: 0.5)
        let w = log(1000 / 3.0.squareRoot()) / 0.5
        XCTAssertEqual(s.naturalFrequency, w, accuracy: 1e-9)
        XCTAssertEqual(s.stiffness, w * w, accuracy: 1e-6)
        XCTAssertEqual(s.damping, w, accuracy: 1e-9)  // 2ζω with ζ = 0.5
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(s.animationDuration, 1)
        let timing = try AnimationTiming(spring: s, delay: 0.2)
        XCTAssertEqual(timing.duration, 1)
        XCTAssertEqual(timing.totalDuration, 1.2)
        XCTAssertEqual(timing.progress(atElapsed: 0.7), s.value(at: 0.5), accuracy: 1e-15)
        XCTAssertEqual(timing.progress(atElapsed: 1.2), 1)
        // ζ = 1, v = 0: (1 + ω)e^(−ω) = 0.001 → ω ≈ 9.2335 (bisected here).
        let c = try Spring(duration: 1, dampingRatio: 1)
        func f(_ x: Double) -> Double { exp(-x) * (1 + x) - 0.001 }
        var lo = 1.0, hi = 30.0
        for _ in 0..<200 { let m = (lo + hi) / 2; if f(m) > 0 { lo = m } else { hi = m } }
        XCTAssertEqual(c.naturalFrequency, hi, accuracy: 1e-7)
        XCTAssertEqual(c.dampingRatio, 1)
        // A ratio above 1 acts as 1 (UIKit clamps it).
        XCTAssertEqual(try Spring(duration: 1, dampingRatio: 3).naturalFrequency, c.naturalFrequency)
        // With a velocity the residual of UIKit's equation vanishes at the solution.
        let v = try Spring(duration: 0.5, dampingRatio: 0.3, initialVelocity: 2)
        let om = v.naturalFrequency
        XCTAssertEqual(abs((0.3 * om - 2) / (0.91.squareRoot() * om) * exp(-0.3 * 0.5 * om)), 0.001, accuracy: 1e-9)
        // Shorter durations give stiffer springs.
        XCTAssertGreaterThan(try Spring(duration: 0.25, dampingRatio: 0.5).stiffness, s.stiffness)
        // Bad values, and a spring that starts settled (ζ/√(1−ζ²) < 0.001 with no velocity).
        for make in [
            { try Spring(duration: -1, dampingRatio: 0.5) }, { try Spring(duration: .nan, dampingRatio: 0.5) },
            { try Spring(duration: 1, dampingRatio: 0) }, { try Spring(duration: 1, dampingRatio: .infinity) },
            { try Spring(duration: 1, dampingRatio: 0.5, initialVelocity: .nan) },
            { try Spring(duration: 1, dampingRatio: 1e-5) },
        ] {
            XCTAssertThrowsError(try make()) { XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument) }
        }
    }

    func testVelocityMatchesDerivative() throws {
        for s in [
            try Spring(dampingRatio: 0.3, response: 0.7, initialVelocity: -2),
            try Spring(mass: 2, stiffness: 50, damping: 40, initialVelocity: 3),
            try Spring(mass: 1, stiffness: 100, damping: 20),
        ] {
            for t in [0.05, 0.2, 0.9] {
                let h = 1e-6
                let numeric = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
                XCTAssertEqual(s.velocity(at: t), numeric, accuracy: 1e-5 * max(1, abs(numeric)))
            }
            XCTAssertEqual(s.value(at: 0), 0)
            XCTAssertEqual(s.value(at: -1), 0)
            XCTAssertEqual(s.value(at: .nan), 0)
            XCTAssertEqual(s.value(at: .infinity), 1)
        }
    }

    func testUndampedAndExtremeSpringsHaveFiniteSettling() throws {
        // m = 1, k = 1, c = 0: x = 1 − cos t, x(π) = 2; never settles → the cap.
        let u = try Spring(mass: 1, stiffness: 1, damping: 0)
        XCTAssertEqual(u.value(at: Double.pi), 2, accuracy: 1e-15)
        XCTAssertEqual(u.settlingDuration, Spring.maximumSettlingDuration)
        let extremes = [
            try Spring(mass: 1, stiffness: 1, damping: 1e-300),
            try Spring(mass: 1e300, stiffness: 1e-300, damping: 1),
            try Spring(mass: 1e-300, stiffness: 1e300, damping: 1),
            try Spring(mass: 1, stiffness: 1, damping: 1e300),
            try Spring(mass: 1, stiffness: 1e-6, damping: 1e6, initialVelocity: 1e300),
            try Spring(dampingRatio: 1e-300, response: 1e100),
            try Spring(dampingRatio: 50, response: 1e-100),
        ]
        for s in extremes {
            XCTAssertTrue(s.settlingDuration.isFinite && s.settlingDuration > 0, "\(s)")
            XCTAssertLessThanOrEqual(s.settlingDuration, Spring.maximumSettlingDuration)
            for t in [0.0, 1e-3, 1, 1e3] {
                XCTAssertFalse(s.value(at: t).isNaN, "\(s) at \(t)")
            }
        }
    }

    func testSpringValidation() {
        let bad: [() throws -> Spring] = [
            { try Spring(mass: 0, stiffness: 1, damping: 1) },
            { try Spring(mass: -1, stiffness: 1, damping: 1) },
            { try Spring(mass: .nan, stiffness: 1, damping: 1) },
            { try Spring(mass: 1, stiffness: 0, damping: 1) },
            { try Spring(mass: 1, stiffness: .infinity, damping: 1) },
            { try Spring(mass: 1, stiffness: 1, damping: -0.1) },
            { try Spring(mass: 1, stiffness: 1, damping: 1, initialVelocity: .nan) },
            { try Spring(mass: 1e-300, stiffness: 1e300, damping: 1e300) },  // ζω₀ overflows
            { try Spring(dampingRatio: 0, response: 1) },
            { try Spring(dampingRatio: -1, response: 1) },
            { try Spring(dampingRatio: .infinity, response: 1) },
            { try Spring(dampingRatio: 1, response: 0) },
            { try Spring(dampingRatio: 1, response: .nan) },
            { try Spring(dampingRatio: 1, response: 1e-300) },  // (2π/T)² overflows
            { try Spring(dampingRatio: 1, response: 1e300) },  // (2π/T)² underflows to 0
        ]
        for (i, make) in bad.enumerated() {
            XCTAssertThrowsError(try make(), "case \(i)") { error in
                XCTAssertEqual((error as? LayoutError)?.code, .invalidArgument, "case \(i)")
            }
        }
    }

    // MARK: Animation timing

    func testAnimationTimingLinear() throws {
        let a = try AnimationTiming(duration: 2, delay: 1, curve: .linear)
        XCTAssertEqual(a.totalDuration, 3)
        XCTAssertEqual(a.progress(atElapsed: 0), 0)
        XCTAssertEqual(a.progress(atElapsed: 1), 0)
        XCTAssertEqual(a.progress(atElapsed: 2), 0.5)  // (2 − 1)/2
        XCTAssertEqual(a.progress(atElapsed: 2.5), 0.75)
        XCTAssertEqual(a.progress(atElapsed: 3), 1)
        XCTAssertEqual(a.progress(atElapsed: 100), 1)
        XCTAssertEqual(a.progress(atElapsed: .nan), 0)
        XCTAssertFalse(a.isFinished(atElapsed: 2.999))
        XCTAssertTrue(a.isFinished(atElapsed: 3))
        XCTAssertFalse(a.isFinished(atElapsed: .nan))
        let e = try AnimationTiming(duration: 0.4)  // default curve: easeInOut
        XCTAssertEqual(e.progress(atElapsed: 0.2), 0.5, accuracy: 1e-14)
    }

    func testZeroDurationJumps() throws {
        let a = try AnimationTiming(duration: 0)
        XCTAssertEqual(a.progress(atElapsed: 0), 1)
        XCTAssertTrue(a.isFinished(atElapsed: 0))
        let d = try AnimationTiming(duration: 0, delay: 0.5, curve: .easeIn)
        XCTAssertEqual(d.progress(atElapsed: 0.25), 0)
        XCTAssertEqual(d.progress(atElapsed: 0.5), 1)
    }

    func testSpringTiming() throws {
        let s = try Spring(dampingRatio: 0.5, response: 0.5)
        let a = try AnimationTiming(duration: 0.25, delay: 0.1, curve: .spring(s))
        XCTAssertEqual(a.duration, s.settlingDuration)  // the passed 0.25 is replaced
        XCTAssertEqual(a.rotation, .shortest)
        XCTAssertEqual(a.totalDuration, 0.1 + s.settlingDuration)
        XCTAssertEqual(a.progress(atElapsed: 0.05), 0)
        XCTAssertEqual(a.progress(atElapsed: 0.1 + 0.2), s.value(at: 0.2), accuracy: 1e-12)
        XCTAssertGreaterThan(a.progress(atElapsed: 0.1 + Double.pi / (4 * Double.pi * 0.75.squareRoot())), 1.16)
        XCTAssertEqual(a.progress(atElapsed: a.totalDuration), 1)
        XCTAssertEqual(try AnimationTiming(spring: s), try AnimationTiming(duration: 0, curve: .spring(s)))
        // TimingCurve.value for a spring maps progress onto its settling duration.
        XCTAssertEqual(TimingCurve.spring(s).value(at: 0.5), s.value(at: 0.5 * s.settlingDuration))
    }

    func testAnimationTimingValidation() {
        for (d, delay) in [
            (-1.0, 0.0), (.nan, 0), (.infinity, 0), (1, -0.5), (1, .nan), (1, .infinity),
            (Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude),
        ] {
            XCTAssertThrowsError(try AnimationTiming(duration: d, delay: delay)) { error in
                XCTAssertEqual((error as? LayoutError)?.code, .invalidArgument)
            }
        }
    }

    // MARK: Attribute interpolation

    private let ip = IndexPath(item: 3, section: 1)

    func testCrossfadeHalfway() {
        var a = LayoutAttributes.cell(ip, frame: Rect(x: 10, y: 20, width: 100, height: 50))
        a.alpha = 0
        let b = LayoutAttributes.cell(ip, frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let m = LayoutAttributes.interpolate(from: a, to: b, progress: 0.5, discreteCustomSlots: 0)
        XCTAssertEqual(m.alpha, 0.5)
        XCTAssertEqual(m.frame, Rect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(m.transform, .identity)
    }

    func testFrameHalfway() {
        // (0,0,100,50) → (100,200,200,150): centres (50,25) → (200,275) give (125,150); sizes
        // give (150,100); so the frame is (125 − 75, 150 − 50, 150, 100) = (50, 100, 150, 100).
        let a = LayoutAttributes.cell(ip, frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let b = LayoutAttributes.cell(ip, frame: Rect(x: 100, y: 200, width: 200, height: 150))
        let m = LayoutAttributes.interpolate(from: a, to: b, progress: 0.5, discreteCustomSlots: 0)
        XCTAssertEqual(m.frame, Rect(x: 50, y: 100, width: 150, height: 100))
        XCTAssertEqual(LayoutAttributes.interpolate(from: a, to: b, progress: 0, discreteCustomSlots: 0).frame, a.frame)
        XCTAssertEqual(LayoutAttributes.interpolate(from: a, to: b, progress: 1, discreteCustomSlots: 0), b)
    }

    func testDiscreteAndContinuousCustomSlots() {
        var a = LayoutAttributes.cell(ip)
        a.custom = CustomAttributes([0, 1])
        var b = LayoutAttributes.cell(ip)
        b.custom = CustomAttributes([10, 2, 4])
        let mask: UInt8 = 0b010  // slot 1 is discrete
        let q = LayoutAttributes.interpolate(from: a, to: b, progress: 0.25, discreteCustomSlots: mask)
        XCTAssertEqual(q.custom.count, 3)
        XCTAssertEqual(q.custom[0], 2.5)  // 0 + 0.25·10
        XCTAssertEqual(q.custom[1], 1)  // discrete: still a's before 0.5
        XCTAssertEqual(q.custom[2], 1)  // a has no slot 2 (reads 0): 0.25·4
        let h = LayoutAttributes.interpolate(from: a, to: b, progress: 0.5, discreteCustomSlots: mask)
        XCTAssertEqual(h.custom[0], 5)
        XCTAssertEqual(h.custom[1], 2)  // b's from 0.5 on
        XCTAssertEqual(h.custom[2], 2)
        let z = LayoutAttributes.interpolate(from: a, to: b, progress: 0.5, discreteCustomSlots: 0)
        XCTAssertEqual(z.custom[1], 1.5)
        // An out-of-range count set by hand does not trap: capped at the capacity.
        var wild = a
        wild.custom.count = 99
        XCTAssertEqual(
            LayoutAttributes.interpolate(from: wild, to: b, progress: 0.5, discreteCustomSlots: 0xFF).custom.count,
            CustomAttributes.capacity)
    }

    func testOvershootClampsSizeAndAlpha() {
        var a = LayoutAttributes.cell(ip, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        a.alpha = 0
        let b = LayoutAttributes.cell(ip, frame: Rect(x: 100, y: 0, width: 0, height: 200))
        let m = LayoutAttributes.interpolate(from: a, to: b, progress: 1.2, discreteCustomSlots: 0)
        XCTAssertEqual(m.center.x, 50 * -0.2 + 100 * 1.2, accuracy: 1e-12)  // 110: overshoot allowed
        XCTAssertEqual(m.size.width, 0)  // 100 − 1.2·100 = −20 → clamped
        XCTAssertEqual(m.size.height, 220, accuracy: 1e-12)
        XCTAssertEqual(m.alpha, 1)  // 1.2 → clamped
        let u = LayoutAttributes.interpolate(from: a, to: b, progress: -0.1, discreteCustomSlots: 0)
        XCTAssertEqual(u.alpha, 0)  // 0 − 0.1·1 → clamped
        XCTAssertEqual(u.size.width, 110, accuracy: 1e-12)  // 1.1·100 − 0.1·0: undershoot allowed
        XCTAssertTrue(u.isValid)
    }

    func testZIndexHiddenIdentityAndTransform() {
        var a = LayoutAttributes.cell(IndexPath(item: 0, section: 0))
        a.zIndex = 5
        a.isHidden = true
        var b = LayoutAttributes.supplementary(.sectionHeader, ip)
        b.zIndex = -2
        b.transform = .rotation(Double.pi / 2, 0, 0, 1)
        XCTAssertEqual(LayoutAttributes.interpolate(from: a, to: b, progress: 0, discreteCustomSlots: 0).zIndex, 5)
        let early = LayoutAttributes.interpolate(from: a, to: b, progress: 0.01, discreteCustomSlots: 0)
        XCTAssertEqual(early.zIndex, -2)
        XCTAssertFalse(early.isHidden)  // only hidden in between if both are
        XCTAssertTrue(LayoutAttributes.interpolate(from: a, to: b, progress: 0, discreteCustomSlots: 0).isHidden)
        XCTAssertTrue(LayoutAttributes.interpolate(from: a, to: b, progress: -0.2, discreteCustomSlots: 0).isHidden)
        XCTAssertFalse(LayoutAttributes.interpolate(from: a, to: b, progress: 1, discreteCustomSlots: 0).isHidden)
        var hb = b
        hb.isHidden = true
        XCTAssertTrue(LayoutAttributes.interpolate(from: a, to: hb, progress: 0.5, discreteCustomSlots: 0).isHidden)
        XCTAssertFalse(LayoutAttributes.interpolate(from: hb, to: b, progress: 1.3, discreteCustomSlots: 0).isHidden)
        // Identity from b.
        let m = LayoutAttributes.interpolate(from: a, to: b, progress: 0.5, discreteCustomSlots: 0)
        XCTAssertEqual(m.key, b.key)
        // Transform by decomposition: 45°, not the element-wise average.
        assertMatrix(m.transform, .rotation(Double.pi / 4, 0, 0, 1))
        // NaN progress acts as 0.
        let n = LayoutAttributes.interpolate(from: a, to: b, progress: .nan, discreteCustomSlots: 0)
        XCTAssertEqual(n.zIndex, 5)
        XCTAssertEqual(n.transform, .identity)
    }

    /// The frame path's shortcuts (`LayoutAttributes.interpolatePlain` for two plain ends, the
    /// decompositions a track makes once) give what `interpolate` gives, bit for bit: random frames
    /// (huge and tiny too), alphas, z-indices, hidden flags, and progress values inside and outside
    /// [0, 1], the ends, NaN and the infinities; random transforms (rotations, scales, skews,
    /// perspective, singular ones that only interpolate discretely).
    func testFramePathShortcutsAreInterpolationBitForBit() {
        var rng = SplitMix64(seed: 3232)
        func unit() -> Double { Double(rng.next() % 1_000_001) / 1_000_000 }
        func coordinate() -> Double {
            switch rng.next() % 4 {
            case 0: return (unit() - 0.5) * 2e6
            case 1: return (unit() - 0.5) * 1e-3
            case 2: return (unit() - 0.5) * 1e300
            default: return Double(rng.next() % 1000)
            }
        }
        func plain(_ item: Int) -> LayoutAttributes {
            var a = LayoutAttributes.cell(
                IndexPath(item: item, section: 0),
                frame: Rect(x: coordinate(), y: coordinate(), width: abs(coordinate()), height: abs(coordinate())))
            a.alpha = [0, 1, unit(), 0.5][Int(rng.next() % 4)]
            a.zIndex = Int(rng.next() % 5) - 2
            a.isHidden = rng.next() % 3 == 0
            return a
        }
        func same(_ x: LayoutAttributes, _ y: LayoutAttributes, _ what: String) {
            let bits = { (a: LayoutAttributes) in
                [a.origin.x, a.origin.y, a.size.width, a.size.height, a.alpha].map(\.bitPattern)
                    + a.transform.values.map(\.bitPattern) + (0..<8).map { a.custom[$0].bitPattern }
            }
            XCTAssertEqual(bits(x), bits(y), what)
            XCTAssertEqual(x.zIndex, y.zIndex, what)
            XCTAssertEqual(x.isHidden, y.isHidden, what)
            XCTAssertEqual(x.custom.count, y.custom.count, what)
            XCTAssertEqual(x.key, y.key, what)
        }
        let progresses: [Double] = [0, 1, 0.5, -0.25, 1.75, .nan, .infinity, -.infinity, 1e-300]
        for n in 0..<2000 {
            let a = plain(n), b = plain(n + 1)
            let t = n < progresses.count * 20 ? progresses[n % progresses.count] : (unit() * 3 - 1)
            XCTAssertTrue(a.isPlain && b.isPlain)
            same(
                LayoutAttributes.interpolatePlain(from: a, to: b, progress: t),
                LayoutAttributes.interpolate(from: a, to: b, progress: t, discreteCustomSlots: 0), "plain \(n) at \(t)")
        }
        func transform() -> Transform3D {
            var m = Transform3D.identity
            switch rng.next() % 6 {
            case 0: m = .rotation((unit() - 0.5) * 8, 0, 0, 1)
            case 1: m = .rotation(unit() * 3, unit(), unit(), unit() + 0.1).scaled(unit() + 0.5, unit() + 0.5, 1)
            case 2: m.m21 = unit() - 0.5; m.m41 = coordinate(); m.m11 = unit() + 0.1
            case 3: m.m34 = -1 / (500 + unit() * 500); m = m.rotated(unit(), 0, 1, 0)
            case 4: m = .scale(0, 1, 1)  // singular: discrete
            default: m.m41 = coordinate(); m.m42 = coordinate()  // a translation
            }
            return m
        }
        for n in 0..<2000 {
            var a = plain(n), b = plain(n + 1)
            a.transform = transform()
            b.transform = transform()
            let t = n < progresses.count * 20 ? progresses[n % progresses.count] : (unit() * 3 - 1)
            for rotation in [RotationInterpolation.shortest, .css] {
                var ends = DecomposedEnds(a.transform, b.transform)
                let cached = withUnsafePointer(to: &ends) {
                    LayoutAttributes.interpolate(
                        from: a, to: b, progress: t, discreteCustomSlots: 0, rotation: rotation, decomposed: $0)
                }
                same(
                    cached,
                    LayoutAttributes.interpolate(
                        from: a, to: b, progress: t, discreteCustomSlots: 0, rotation: rotation),
                    "transform \(n) at \(t)")
            }
        }
    }
}
