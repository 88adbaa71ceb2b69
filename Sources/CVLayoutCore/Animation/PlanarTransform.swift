// sin, cos from the platform C library, not Foundation (see TransformDecomposition.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A transform that stays in the plane — rotation about z, scale, shear of y by x and a
/// translation in x and y, no reflection — split into the parts the CSS decomposition gives it
/// (`TransformDecomposition`), with the rotation as an angle instead of a quaternion.
///
/// ## Why
/// For such a matrix the CSS decomposition has `scale.z = m33`, no `xz`/`yz` shear, no perspective,
/// `translation.z = 0` and a quaternion `(0, 0, sin(φ/2), cos(φ/2))`, `φ ∈ [−π, π]`. Slerping two
/// such quaternions turns about z at a constant rate: the angle goes `φa + t·Δ`, `Δ = φb − φa`
/// (`.shortest`: wrapped into [−π, π], which is exactly when slerp flips `b`; `.css`: as is), and
/// the recomposed matrix is `Scale · Skew · R(φ) + translation`. So `interpolate` gives what
/// `TransformDecomposition.interpolate(…).recomposed` gives (to rounding: the path through the
/// quaternion, its normalisation and `1 − 2z²` differs by a few ulps; m44 is exactly 1 here,
/// `(1 − t) + t` there), with one sine and one cosine a frame instead of decomposing,
/// slerping and recomposing. Every element of a layout that turns its items in the plane (the
/// circle layout, Cover Flow's plane, rotated cards) animates through it.
///
/// ## Parts
/// With row vectors (`p' = p · M`) the upper 2 × 2 block of `M` is
/// `[sx 0; 0 sy] · [1 0; xy 1] · [cos φ sin φ; −sin φ cos φ]`, and `m41 m42` the translation:
/// Gram–Schmidt on the rows as the CSS decomposition does (`sx = |row 0|`, `xy` the shear,
/// `sy = |row 1 − xy·row 0|`), `φ` the angle of row 0.
struct PlanarTransform: Equatable {
    let sx: Double, sy: Double, xy: Double, angle: Double, tx: Double, ty: Double
    /// m33: the decomposition's `scale.z` (1 for a turn about z made by `Transform3D.rotation`, to
    /// rounding: `c + (1 − c)`).
    let sz: Double

    /// The identity's parts, as `init?(_:)` computes them (`arcTangent(0, 1)` = 0).
    private init(identity: ()) { (sx, sy, xy, angle, tx, ty, sz) = (1, 1, 0, 0, 0, 0, 1) }
    static let identity = PlanarTransform(identity: ())

    /// The parts of `m`; nil unless `m` is a planar transform (m13, m14, m23, m24, m31, m32,
    /// m34, m43 zero, m44 one, m33 positive, every value finite) with a positive determinant (a
    /// reflection decomposes with a turn about an axis in the plane: not this kind).
    /// - Complexity: O(1): two square roots, one `arcTangent` (none for the identity).
    @inline(__always)
    init?(_ m: Transform3D) { self.init(m, isIdentity: m.isExactlyIdentity) }

    /// `init?(_:)` of `m`, given whether it is exactly the identity (`isExactlyIdentity`).
    @inline(__always)
    init?(_ m: Transform3D, isIdentity: Bool) {
        if isIdentity {
            self = Self.identity
            return
        }
        guard m.m13 == 0, m.m14 == 0, m.m23 == 0, m.m24 == 0, m.m31 == 0, m.m32 == 0, m.m34 == 0,
            m.m43 == 0, m.m44 == 1, m.m33 > 0, m.m33.isFinite
        else { return nil }
        let a = m.m11, b = m.m12, c = m.m21, d = m.m22
        guard a.isFinite, b.isFinite, c.isFinite, d.isFinite, m.m41.isFinite, m.m42.isFinite else { return nil }
        self.init(rows: a, b, c, d, tx: m.m41, ty: m.m42, sz: m.m33)
    }

    /// `init?(Transform3D.turn(cos: c, sin: s))`, bit for bit, without the matrix's tests: for a
    /// turn they come down to `c` and `s` finite (its zeros are then `0 · k` and `0 · s`, `k = 1 − c`,
    /// so zeros; `m44` is 1) and `m33 = c + k` positive (finite: `c` and `k` have opposite signs or
    /// both lie in [0, 1]). Every element a layout turns by a cosine and sine (the circle's) has such
    /// a transform. O(1): two square roots, one `arcTangent`.
    @inline(__always)
    init?(turnCos c: Double, sin s: Double) {
        guard c.isFinite, s.isFinite else { return nil }
        let m = Transform3D.turn(cos: c, sin: s)
        guard m.m33 > 0 else { return nil }
        self.init(rows: m.m11, m.m12, m.m21, m.m22, tx: m.m41, ty: m.m42, sz: m.m33)
    }

    /// `(PlanarTransform(turnCos: a.cos, sin: a.sin), PlanarTransform(turnCos: b.cos, sin: b.sin))`,
    /// bit for bit, when both are planar (nil otherwise), worked out in one pass, lane by lane
    /// (`parts`, `arcTangents`): a track whose two ends are turned cells (an update on the circle)
    /// takes both ends' square roots and angles at once. O(1).
    @inline(__always)
    static func turns(_ a: (cos: Double, sin: Double), _ b: (cos: Double, sin: Double)) -> (Self, Self)? {
        guard a.cos.isFinite, a.sin.isFinite, b.cos.isFinite, b.sin.isFinite else { return nil }
        let ma = Transform3D.turn(cos: a.cos, sin: a.sin), mb = Transform3D.turn(cos: b.cos, sin: b.sin)
        guard ma.m33 > 0, mb.m33 > 0 else { return nil }
        let r = parts(rows: Lanes(ma.m11, mb.m11), Lanes(ma.m12, mb.m12), Lanes(ma.m21, mb.m21), Lanes(ma.m22, mb.m22))
        guard r.valid[0], r.valid[1] else { return nil }
        let angle = arcTangents(r.sa, r.ca)
        return (
            Self(sx: r.sx[0], sy: r.sy[0], xy: r.xy[0], angle: angle[0], tx: ma.m41, ty: ma.m42, sz: ma.m33),
            Self(sx: r.sx[1], sy: r.sy[1], xy: r.xy[1], angle: angle[1], tx: mb.m41, ty: mb.m42, sz: mb.m33)
        )
    }

    /// Two doubles worked on together, one a lane (`parts`).
    typealias Lanes = SIMD2<Double>

    /// The parts of a planar transform whose upper 2 × 2 block is `[a b; c d]`, translation
    /// (`tx`, `ty`) and m33 `sz` (all finite, `sz` positive: the caller's tests); nil for a block
    /// that is singular or a reflection. (`parts` in one lane, then `arcTangent`.)
    @inline(__always)
    private init?(rows a: Double, _ b: Double, _ c: Double, _ d: Double, tx: Double, ty: Double, sz: Double) {
        let r = Self.parts(
            rows: Lanes(repeating: a), Lanes(repeating: b), Lanes(repeating: c), Lanes(repeating: d))
        guard r.valid[0] else { return nil }
        self.init(
            sx: r.sx[0], sy: r.sy[0], xy: r.xy[0], angle: arcTangent(r.sa[0], r.ca[0]), tx: tx, ty: ty, sz: sz)
    }

    @inline(__always)
    private init(sx: Double, sy: Double, xy: Double, angle: Double, tx: Double, ty: Double, sz: Double) {
        (self.sx, self.sy, self.xy, self.angle, self.tx, self.ty, self.sz) = (sx, sy, xy, angle, tx, ty, sz)
    }

    /// Gram–Schmidt on the rows of the blocks `[a b; c d]`, lane by lane (each lane's steps the
    /// same IEEE operations whichever lanes are worked on together): `sx`, `sy`, the shear `xy`,
    /// row 0 normalised (`ca`, `sa`: the cosine and sine of the angle, `arcTangent(sa, ca)`), and
    /// whether the lane's block is planar: neither row degenerate (`sx`, `sy` positive and finite)
    /// and no reflection. O(1).
    @inline(__always)
    private static func parts(
        rows a: Lanes, _ b: Lanes, _ c: Lanes, _ d: Lanes
    ) -> (sx: Lanes, sy: Lanes, xy: Lanes, ca: Lanes, sa: Lanes, valid: SIMDMask<SIMD2<Int64>>) {
        let sx = (a * a + b * b).squareRoot()
        let inv = 1 / sx
        let ca = a * inv, sa = b * inv  // row 0 normalised: (cos φ, sin φ)
        let shear = ca * c + sa * d
        let p = c - shear * ca, q = d - shear * sa  // row 1 without its row-0 part
        let sy = (p * p + q * q).squareRoot()
        let valid = (sx .> 0) .& sx.finiteFlags .& (sy .> 0) .& sy.finiteFlags .& (ca * q - sa * p .> 0)
        return (sx, sy, shear / sy, ca, sa, valid)
    }

    /// The way from `a` to `b` at `t` (see the type's documentation; `t` outside [0, 1]
    /// extrapolates); nil when a value of it is not finite (the caller then applies CSS's discrete
    /// rule). The caller handles t = 0, 1, NaN and ±∞ (`Transform3D.interpolate`).
    /// - Complexity: O(1): one sine and one cosine.
    @inline(__always)
    static func interpolate(
        _ a: PlanarTransform, _ b: PlanarTransform, _ t: Double, rotation: RotationInterpolation
    ) -> Transform3D? {
        @inline(__always) func l(_ p: Double, _ q: Double) -> Double { (1 - t) * p + t * q }
        var delta = b.angle - a.angle
        if rotation == .shortest {
            if delta > Double.pi {
                delta -= 2 * Double.pi
            } else if delta < -Double.pi {
                delta += 2 * Double.pi
            }
        }
        let phi = a.angle + t * delta
        let c = cos(phi), s = sin(phi)
        let sx = l(a.sx, b.sx), sy = l(a.sy, b.sy), k = l(a.xy, b.xy)
        let m11 = sx * c, m12 = sx * s, m21 = sy * (k * c - s), m22 = sy * (k * s + c)
        let m33 = l(a.sz, b.sz), m41 = l(a.tx, b.tx), m42 = l(a.ty, b.ty)
        // Every value finite exactly when this is 0 (`x · 0` is NaN for ±∞ and NaN); the others
        // are constants.
        guard m11 * 0 + m12 * 0 + m21 * 0 + m22 * 0 + m33 * 0 + m41 * 0 + m42 * 0 == 0 else { return nil }
        return Transform3D(
            m11: m11, m12: m12, m13: 0, m14: 0,
            m21: m21, m22: m22, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: m33, m34: 0,
            m41: m41, m42: m42, m43: 0, m44: 1)
    }

    /// What `Transition.Sweep` needs of it: |sx|, |sy|, |xy| and the larger translation.
    var sweepFactors: (sx: Double, sy: Double, k: Double, t: Double) {
        (abs(sx), abs(sy), abs(xy), Swift.max(abs(tx), abs(ty)))
    }
}
