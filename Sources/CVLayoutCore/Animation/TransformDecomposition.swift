// sin, cos, atan2 from the platform C library, not Foundation: the static library then carries only
// the Swift core runtime (see README, "Install").
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `Transform3D` split into the components CSS animates: the "unmatrix" decomposition of
/// CSS Transforms Level 2, §"Decomposing a 3D matrix"
/// (https://drafts.csswg.org/css-transforms-2/#decomposing-a-3d-matrix).
///
/// ## Layout
/// CSS `matrix3d(a1, …, a16)` is column-major for column vectors, which lists exactly
/// `m11, m12, m13, m14, m21, …, m44` of the row-vector `CATransform3D`; so the spec's
/// `matrix[i][j]` is `m(i+1)(j+1)` here: translation is row 4 (`m41 m42 m43`), perspective is
/// column 4 (`m14 m24 m34 m44`).
///
/// ## Meaning
/// With row vectors (`p' = p · M`, apply left to right) the recomposed matrix is
///
///     M = Scale · Skew · Rotation · Translation · Perspective
///
/// where `Scale = diag(scale)`, `Skew` is the unit lower-triangular matrix with
/// `[1][0] = xy`, `[2][0] = xz`, `[2][1] = yz`, `Rotation` is the row-vector rotation matrix of
/// `quaternion` (the transpose of the usual column-vector one, so `quaternion` of
/// `Transform3D.rotation(θ, ax, ay, az)` is `(axis · sin(θ/2), cos(θ/2))`), `Translation` is
/// the identity with `translation` in row 4, and `Perspective` is the identity with column 4
/// replaced by `perspective` (`x, y, z, w` = rows 1…4).
///
/// The decomposition normalises by `m44` first, so `TransformDecomposition(m)?.recomposed`
/// equals `m / m44` (the same projective transform; exactly `m` when `m44 == 1`).
public struct TransformDecomposition: Hashable, Sendable {
    /// Three components.
    public struct Vector3: Hashable, Sendable {
        /// The components.
        public var x: Double, y: Double, z: Double
        /// Memberwise.
        public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
    }
    /// Four components.
    public struct Vector4: Hashable, Sendable {
        /// The components.
        public var x: Double, y: Double, z: Double, w: Double
        /// Memberwise.
        public init(x: Double, y: Double, z: Double, w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }
    }
    /// The three shear factors of the decomposition (CSS `skew[0]`, `skew[1]`, `skew[2]`).
    public struct Skew: Hashable, Sendable {
        /// Shear of y by x, of z by x, of z by y (the Skew matrix's `[1][0]`, `[2][0]`, `[2][1]`).
        public var xy: Double, xz: Double, yz: Double
        /// Memberwise.
        public init(xy: Double, xz: Double, yz: Double) { self.xy = xy; self.xz = xz; self.yz = yz }
    }
    /// A rotation as a unit quaternion `(x, y, z, w)` = `(axis · sin(θ/2), cos(θ/2))`.
    public struct Quaternion: Hashable, Sendable {
        /// The components.
        public var x: Double, y: Double, z: Double, w: Double
        /// Memberwise.
        public init(x: Double, y: Double, z: Double, w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }
        /// No rotation.
        public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

        /// Spherical linear interpolation (CSS Transforms 2, "Interpolation of decomposed 3D
        /// matrix values"). With `shortest` (the default) it takes the shorter arc, as browsers
        /// do: when `a · b < 0`, `b` is negated — the same rotation. Without it, the spec's
        /// algorithm as written: no flip, so a turn from 170° to −170° goes the long way round
        /// (340° through 0°), and `a · b = −1` (the same rotation) gives `a`.
        ///
        /// Weights `sin((1−t)θ)/sin θ` and `sin(tθ)/sin θ`, which equal the spec's
        /// `cos(tθ) − product·w` and `w = sin(tθ)/√(1 − product²)`; θ is computed as
        /// `2·atan2(|a − b|, |a + b|)`, accurate also for nearly equal rotations where
        /// `acos(product)` loses half the digits. Equal inputs give `a`. `t` outside [0, 1]
        /// extrapolates along the same great circle. The result is normalised.
        /// - Complexity: O(1).
        public static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: Double, shortest: Bool = true) -> Quaternion {
            SlerpArc(a, b, shortest: shortest).at(t)
        }

        /// This quaternion scaled to unit length (the identity if its length is 0 or not finite).
        public var normalized: Quaternion {
            let len = (x * x + y * y + z * z + w * w).squareRoot()
            guard len > 0, len.isFinite else { return .identity }
            return Quaternion(x: x / len, y: y / len, z: z / len, w: w / len)
        }
    }

    /// What `Quaternion.slerp(a, b, t, shortest:)` computes before it looks at `t`: the far end
    /// (`b`, negated for the shorter arc), the arc's angle θ and sin θ. `at(t)` finishes the same
    /// arithmetic, so an animation track works the arc out once and each frame pays two sines and a
    /// normalisation (`slerp` itself is `SlerpArc(a, b, shortest:).at(t)`: the same result bit for
    /// bit).
    struct SlerpArc {
        let a: Quaternion
        let b: Quaternion
        let theta: Double
        let sinTheta: Double

        /// No turn (`at` gives `.identity`): the arc of a track that needs none.
        static let none = SlerpArc(a: .identity, b: .identity, theta: 0, sinTheta: 0)

        private init(a: Quaternion, b: Quaternion, theta: Double, sinTheta: Double) {
            (self.a, self.b, self.theta, self.sinTheta) = (a, b, theta, sinTheta)
        }

        init(_ a: Quaternion, _ b: Quaternion, shortest: Bool) {
            var b = b
            let dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
            if shortest, dot < 0 { b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w) }
            let dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z, dw = a.w - b.w
            let sx = a.x + b.x, sy = a.y + b.y, sz = a.z + b.z, sw = a.w + b.w
            let diff = (dx * dx + dy * dy + dz * dz + dw * dw).squareRoot()
            let sum = (sx * sx + sy * sy + sz * sz + sw * sw).squareRoot()
            self.a = a
            self.b = b
            theta = 2 * atan2(diff, sum)
            sinTheta = sin(theta)
        }

        /// The rotation `t` of the way along the arc.
        @inline(__always)
        func at(_ t: Double) -> Quaternion {
            if theta == 0 || !(sinTheta > 0) { return a }
            let wa = sin((1 - t) * theta) / sinTheta
            let wb = sin(t * theta) / sinTheta
            return Quaternion(
                x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y,
                z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w
            ).normalized
        }
    }

    /// `m41 m42 m43` after normalisation.
    public var translation: Vector3
    /// Scale factors along x, y, z (negative when the matrix flips handedness: CSS negates all three).
    public var scale: Vector3
    /// Shear factors.
    public var skew: Skew
    /// The perspective column (`x, y, z, w` ↔ `m14, m24, m34, m44` of the perspective factor);
    /// `(0, 0, 0, 1)` when there is none.
    public var perspective: Vector4
    /// The rotation; `w ≥ 0`.
    public var quaternion: Quaternion

    /// Memberwise.
    public init(translation: Vector3, scale: Vector3, skew: Skew, perspective: Vector4, quaternion: Quaternion) {
        self.translation = translation; self.scale = scale; self.skew = skew
        self.perspective = perspective; self.quaternion = quaternion
    }

    /// Decomposes `m`; nil when it cannot be decomposed: `m44 == 0`, the upper 3×3 part is
    /// singular (e.g. a scale of 0), or any value is not finite.
    ///
    /// Follows the CSS pseudo-code step by step (normalise, perspective, translation, scale and
    /// shear by Gram–Schmidt on the rows, handedness flip), except the quaternion, which is
    /// extracted with Shepperd's method (largest component first, the others from the
    /// off-diagonal sums/differences). For every rotation where the spec's formula is
    /// well-conditioned the two agree; Shepperd's also gets 180° rotations about oblique axes
    /// right, where the spec's per-component square roots lose the relative signs.
    /// - Complexity: O(1).
    public init?(_ matrix: Transform3D) {
        guard matrix.isFinite, matrix.m44 != 0 else { return nil }
        // Normalise by m44 (no allocation: tuples).
        let n = 1 / matrix.m44
        var r0 = (matrix.m11 * n, matrix.m12 * n, matrix.m13 * n)  // upper 3×3 rows
        var r1 = (matrix.m21 * n, matrix.m22 * n, matrix.m23 * n)
        var r2 = (matrix.m31 * n, matrix.m32 * n, matrix.m33 * n)
        let rhs = (matrix.m14 * n, matrix.m24 * n, matrix.m34 * n)  // perspective column
        let t3 = (matrix.m41 * n, matrix.m42 * n, matrix.m43 * n)  // translation row
        guard Self.isFinite(r0), Self.isFinite(r1), Self.isFinite(r2), Self.isFinite(rhs), Self.isFinite(t3)
        else { return nil }
        let det = Self.dot(r0, Self.cross(r1, r2))
        guard det != 0, det.isFinite else { return nil }

        // Perspective: solve A · pv = (m14, m24, m34) and w = m44 − t · pv (the spec's
        // inverse(perspectiveMatrix) · rightHandSide, with perspectiveMatrix = [A 0; t 1]).
        if rhs.0 != 0 || rhs.1 != 0 || rhs.2 != 0 {
            // Cramer's rule: pv_j = det(A with column j replaced by rhs) / det(A).
            let c0 = (r0.0, r1.0, r2.0), c1 = (r0.1, r1.1, r2.1), c2 = (r0.2, r1.2, r2.2)
            let px = Self.dot(rhs, Self.cross(c1, c2)) / det
            let py = Self.dot(c0, Self.cross(rhs, c2)) / det
            let pz = Self.dot(c0, Self.cross(c1, rhs)) / det
            let pw = 1 - (t3.0 * px + t3.1 * py + t3.2 * pz)  // normalised m44 = 1
            perspective = Vector4(x: px, y: py, z: pz, w: pw)
        } else {
            perspective = Vector4(x: 0, y: 0, z: 0, w: 1)
        }
        translation = Vector3(x: t3.0, y: t3.1, z: t3.2)

        // Scale and shear (Gram–Schmidt on the rows).
        var sx = Self.length(r0)
        guard sx > 0 else { return nil }
        r0 = Self.scaled(r0, 1 / sx)
        var xy = Self.dot(r0, r1)
        r1 = Self.combine(r1, r0, -xy)
        var sy = Self.length(r1)
        guard sy > 0 else { return nil }
        r1 = Self.scaled(r1, 1 / sy)
        xy /= sy
        var xz = Self.dot(r0, r2)
        r2 = Self.combine(r2, r0, -xz)
        var yz = Self.dot(r1, r2)
        r2 = Self.combine(r2, r1, -yz)
        var sz = Self.length(r2)
        guard sz > 0 else { return nil }
        r2 = Self.scaled(r2, 1 / sz)
        xz /= sz
        yz /= sz
        // Coordinate-system flip: negate the scales and the rows.
        if Self.dot(r0, Self.cross(r1, r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = Self.scaled(r0, -1); r1 = Self.scaled(r1, -1); r2 = Self.scaled(r2, -1)
        }
        scale = Vector3(x: sx, y: sy, z: sz)
        skew = Skew(xy: xy, xz: xz, yz: yz)
        quaternion = Self.quaternion(rows: r0, r1, r2)
        guard Self.isFinite((sx, sy, sz)), Self.isFinite((xy, xz, yz)),
            Self.isFinite((perspective.x, perspective.y, perspective.z)), perspective.w.isFinite,
            Self.isFinite((quaternion.x, quaternion.y, quaternion.z)), quaternion.w.isFinite
        else { return nil }
    }

    /// CSS "Recomposing to a 3D matrix": `Scale · Skew · Rotation · Translation · Perspective`
    /// (row-vector order; see the type's documentation).
    /// - Complexity: O(1).
    public var recomposed: Transform3D {
        let q = quaternion
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        // Row-vector rotation matrix (transpose of the column-vector one of the spec).
        let R0 = (1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let R1 = (2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let R2 = (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        // L = Scale · Skew · R: row i = scale_i · (skew row i) · R.
        let L0 = Self.scaled(R0, scale.x)
        let L1 = Self.scaled(Self.combine(R1, R0, skew.xy), scale.y)
        let L2 = Self.scaled(Self.combine(Self.combine(R2, R0, skew.xz), R1, skew.yz), scale.z)
        // [L 0; t 1] · Perspective = [L, L·pv; t, t·pv + pw].
        let pv = (perspective.x, perspective.y, perspective.z)
        let t = (translation.x, translation.y, translation.z)
        return Transform3D(
            m11: L0.0, m12: L0.1, m13: L0.2, m14: Self.dot(L0, pv),
            m21: L1.0, m22: L1.1, m23: L1.2, m24: Self.dot(L1, pv),
            m31: L2.0, m32: L2.1, m33: L2.2, m34: Self.dot(L2, pv),
            m41: t.0, m42: t.1, m43: t.2, m44: Self.dot(t, pv) + perspective.w)
    }

    /// Component-wise interpolation: translation, scale, skew and perspective linearly
    /// (`(1−t)·a + t·b`, exact at t = 0 and 1), the quaternion by `Quaternion.slerp` (which way
    /// the rotation turns: `rotation`). `t` outside [0, 1] extrapolates.
    /// - Complexity: O(1).
    public static func interpolate(
        _ a: TransformDecomposition, _ b: TransformDecomposition, _ t: Double,
        rotation: RotationInterpolation = .shortest
    ) -> TransformDecomposition {
        interpolate(a, b, t, arc: SlerpArc(a.quaternion, b.quaternion, shortest: rotation == .shortest))
    }

    /// `interpolate(_:_:_:rotation:)` with the rotation's arc worked out beforehand (`arc`, which
    /// must be that of `a.quaternion` and `b.quaternion` for the rotation wanted): the same result.
    @inline(__always)
    static func interpolate(
        _ a: TransformDecomposition, _ b: TransformDecomposition, _ t: Double, arc: SlerpArc
    ) -> TransformDecomposition {
        @inline(__always) func l(_ p: Double, _ q: Double) -> Double { (1 - t) * p + t * q }
        return TransformDecomposition(
            translation: Vector3(
                x: l(a.translation.x, b.translation.x), y: l(a.translation.y, b.translation.y),
                z: l(a.translation.z, b.translation.z)),
            scale: Vector3(x: l(a.scale.x, b.scale.x), y: l(a.scale.y, b.scale.y), z: l(a.scale.z, b.scale.z)),
            skew: Skew(xy: l(a.skew.xy, b.skew.xy), xz: l(a.skew.xz, b.skew.xz), yz: l(a.skew.yz, b.skew.yz)),
            perspective: Vector4(
                x: l(a.perspective.x, b.perspective.x), y: l(a.perspective.y, b.perspective.y),
                z: l(a.perspective.z, b.perspective.z), w: l(a.perspective.w, b.perspective.w)),
            quaternion: arc.at(t))
    }

    // MARK: 3-vector helpers (tuples: no allocation)

    typealias V3 = (Double, Double, Double)
    @inline(__always) static func dot(_ a: V3, _ b: V3) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
    @inline(__always) static func cross(_ a: V3, _ b: V3) -> V3 {
        (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }
    @inline(__always) static func isFinite(_ a: V3) -> Bool { a.0.isFinite && a.1.isFinite && a.2.isFinite }
    @inline(__always) static func length(_ a: V3) -> Double { dot(a, a).squareRoot() }
    @inline(__always) static func scaled(_ a: V3, _ s: Double) -> V3 { (a.0 * s, a.1 * s, a.2 * s) }
    /// `a + s·b` (the spec's `combine(a, b, 1, s)`).
    @inline(__always) static func combine(_ a: V3, _ b: V3, _ s: Double) -> V3 {
        (a.0 + s * b.0, a.1 + s * b.1, a.2 + s * b.2)
    }

    /// The unit quaternion (w ≥ 0) of the proper rotation whose row-vector matrix has rows
    /// `r0, r1, r2`. Shepperd's method on `Rc = Rᵀ` (the column-vector matrix).
    static func quaternion(rows r0: V3, _ r1: V3, _ r2: V3) -> Quaternion {
        // Rc[i][j] = R[j][i].
        let c00 = r0.0, c11 = r1.1, c22 = r2.2
        let c01 = r1.0, c10 = r0.1, c02 = r2.0, c20 = r0.2, c12 = r2.1, c21 = r1.2
        let trace = c00 + c11 + c22
        var q: Quaternion
        if trace >= c00, trace >= c11, trace >= c22 {
            let s = 2 * Swift.max(1 + trace, 0).squareRoot()
            q = s > 0 ? Quaternion(x: (c21 - c12) / s, y: (c02 - c20) / s, z: (c10 - c01) / s, w: s / 4) : .identity
        } else if c00 >= c11, c00 >= c22 {
            let s = 2 * Swift.max(1 + c00 - c11 - c22, 0).squareRoot()
            q = Quaternion(x: s / 4, y: (c01 + c10) / s, z: (c02 + c20) / s, w: (c21 - c12) / s)
        } else if c11 >= c22 {
            let s = 2 * Swift.max(1 + c11 - c00 - c22, 0).squareRoot()
            q = Quaternion(x: (c01 + c10) / s, y: s / 4, z: (c12 + c21) / s, w: (c02 - c20) / s)
        } else {
            let s = 2 * Swift.max(1 + c22 - c00 - c11, 0).squareRoot()
            q = Quaternion(x: (c02 + c20) / s, y: (c12 + c21) / s, z: s / 4, w: (c10 - c01) / s)
        }
        if q.w < 0 { q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
        return q.normalized
    }
}

extension Transform3D {
    /// The CSS decomposition of this matrix, or nil if it cannot be decomposed (see
    /// `TransformDecomposition.init?(_:)`).
    /// - Complexity: O(1).
    public var decomposed: TransformDecomposition? { TransformDecomposition(self) }

    /// Whether this is a pure translation: identity except `m41 m42 m43`.
    public var isTranslationOnly: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m44 == 1
    }

    /// The transform `t` of the way from `a` to `b`, as CSS interpolates matrices
    /// (CSS Transforms 2, "Interpolation of 3D matrices"): decompose both, interpolate the
    /// components (`TransformDecomposition.interpolate`: lerp + quaternion slerp), recompose.
    ///
    /// - Returns exactly `a` for `t == 0` and exactly `b` for `t == 1`.
    /// - Fast paths: equal inputs (including both identity) give `a`; two pure translations
    ///   lerp their translations; two planar transforms (rotation about z, scale, shear and
    ///   translation in the plane, no reflection: `PlanarTransform`) turn by the angle directly
    ///   (the decomposition's result to rounding, a few ulps).
    /// - If either matrix cannot be decomposed (`m44 == 0`, singular 3×3 part such as a zero
    ///   scale, non-finite values) — or the result would not be finite — CSS's discrete rule
    ///   applies: `a` for `t < 0.5`, `b` otherwise. NaN `t` gives `a`.
    /// - `t` outside [0, 1] (spring overshoot) extrapolates.
    /// - Intermediate results are normalised to `m44 = 1` before perspective is re-applied
    ///   (as in CSS): for inputs with `m44 ≠ 1` they are the same projective transforms.
    /// - `rotation`: which way a rotation turns (`.shortest`, the default, or `.css`: the spec's
    ///   algorithm without the sign flip; see `RotationInterpolation`).
    /// - Complexity: O(1).
    public static func interpolate(
        _ a: Transform3D, _ b: Transform3D, _ t: Double,
        rotation: RotationInterpolation = .shortest
    ) -> Transform3D {
        interpolate(a, b, t, rotation: rotation, decomposed: nil)
    }

    /// `interpolate(_:_:_:rotation:)` with the decompositions of `a` and `b` computed once
    /// beforehand (`decomposed`, which must be those of exactly these two matrices; nil: computed
    /// here): an animation track decomposes its ends when it is made, not on every frame. The
    /// same result bit for bit.
    @inline(__always)
    static func interpolate(
        _ a: Transform3D, _ b: Transform3D, _ t: Double, rotation: RotationInterpolation,
        decomposed: UnsafePointer<DecomposedEnds>?
    ) -> Transform3D {
        interpolate(a, b, t, rotation: rotation, made: decomposed.map { .decomposed($0) })
    }

    /// `interpolate(_:_:_:rotation:)` with what a track made of `a` and `b` beforehand (`made`:
    /// their decompositions or their planar parts, of exactly these two matrices; nil: worked out
    /// here). The same result bit for bit.
    @inline(__always)
    static func interpolate(
        _ a: Transform3D, _ b: Transform3D, _ t: Double, rotation: RotationInterpolation, made: MadeEnds?
    ) -> Transform3D {
        if case .planar(let planar)? = made {  // read in place
            // A track makes planar parts only for unequal ends that are not both translations
            // (`TrackTable`): the two fast paths below do not apply, the planar one does.
            return planar.interpolate(a, b, t, rotation: rotation)
        }
        if t == 0 || t.isNaN { return a }
        if t == 1 { return b }
        if a == b { return a }
        func discrete() -> Transform3D { t < 0.5 ? a : b }
        guard t.isFinite else { return discrete() }
        if a.isTranslationOnly && b.isTranslationOnly {
            let r = Transform3D.translation(
                (1 - t) * a.m41 + t * b.m41, (1 - t) * a.m42 + t * b.m42,
                (1 - t) * a.m43 + t * b.m43)
            return r.isFinite ? r : discrete()
        }
        if case .decomposed(let decomposed)? = made {  // read in place
            guard decomposed.pointee.isValid else { return discrete() }
            if let planar = decomposed.pointee.planar {
                return PlanarTransform.interpolate(planar.from, planar.to, t, rotation: rotation) ?? discrete()
            }
            let r: Transform3D
            if decomposed.pointee.rotation == rotation {  // the arc worked out with the track
                r =
                    TransformDecomposition.interpolate(
                        decomposed.pointee.from, decomposed.pointee.to, t, arc: decomposed.pointee.arc
                    ).recomposed
            } else {
                r =
                    TransformDecomposition.interpolate(
                        decomposed.pointee.from, decomposed.pointee.to, t, rotation: rotation
                    ).recomposed
            }
            return r.isFinite ? r : discrete()
        }
        if let pa = PlanarTransform(a), let pb = PlanarTransform(b) {
            return PlanarTransform.interpolate(pa, pb, t, rotation: rotation) ?? discrete()
        }
        guard let da = TransformDecomposition(a), let db = TransformDecomposition(b) else { return discrete() }
        let r = TransformDecomposition.interpolate(da, db, t, rotation: rotation).recomposed
        return r.isFinite ? r : discrete()
    }
}

/// The parts of an animation track's two planar transforms (`PlanarTransform`), made once with
/// the track: what `Transform3D.interpolate` turns them by (no decomposition is kept for them).
struct PlanarEnds {
    let from: PlanarTransform
    let to: PlanarTransform

    /// `Transform3D.interpolate(a, b, t, rotation:, made: .planar(self))` for the transforms `a`
    /// and `b` these are the parts of: `a` at t = 0 (and NaN), `b` at 1, the discrete rule at ±∞
    /// and when a value of the way is not finite, else `PlanarTransform.interpolate`.
    @inline(__always)
    func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double, rotation: RotationInterpolation) -> Transform3D {
        if t == 0 || t.isNaN { return a }
        if t == 1 { return b }
        guard t.isFinite else { return t < 0.5 ? a : b }
        return PlanarTransform.interpolate(from, to, t, rotation: rotation) ?? (t < 0.5 ? a : b)
    }
}

/// What an animation track made of its ends' transforms for interpolating them (decompositions
/// read in place).
enum MadeEnds {
    case decomposed(UnsafePointer<DecomposedEnds>)
    case planar(PlanarEnds)
}

/// How a track table keeps what it made of a track's transforms: planar parts in place (most
/// tracks that need anything: 112 bytes), a pair of decompositions (transforms out of the plane:
/// rarer, some 480 bytes) boxed, so the table's slots stay small.
enum MadeEndsSlot {
    case planar(PlanarEnds)
    indirect case decomposed(DecomposedEnds)
}

/// The decompositions of an animation track's two transforms (`TransformDecomposition(from)`,
/// `TransformDecomposition(to)`), made once with the track, and the arc their rotations turn along
/// for `rotation` (`TransformDecomposition.SlerpArc`); when both are planar (`PlanarTransform`),
/// only their planar parts (`planar`: what `Transform3D.interpolate` uses for them; `from`, `to`
/// and `arc` then mean nothing). `isValid` false: one of them cannot be decomposed (interpolation
/// is then discrete; nothing else means anything).
struct DecomposedEnds {
    let from: TransformDecomposition
    let to: TransformDecomposition
    let isValid: Bool
    let planar: (from: PlanarTransform, to: PlanarTransform)?
    /// The way the track's rotation turns; `arc` is for it (another asks `slerp` each frame).
    let rotation: RotationInterpolation
    let arc: TransformDecomposition.SlerpArc

    /// `TransformDecomposition(.identity)`, made once (an element that moves into a transformed
    /// layout starts from the identity).
    private static let identity = TransformDecomposition(.identity)

    /// `TransformDecomposition(m)`, the identity's from `identity` (the same value).
    private static func decompose(_ m: Transform3D) -> TransformDecomposition? {
        m.isExactlyIdentity ? identity : TransformDecomposition(m)
    }

    init(_ a: Transform3D, _ b: Transform3D, rotation: RotationInterpolation = .shortest) {
        self.rotation = rotation
        if let pa = PlanarTransform(a), let pb = PlanarTransform(b) {
            planar = (pa, pb)
            (from, to, isValid) = (Self.none, Self.none, true)
            arc = .none
        } else if let da = Self.decompose(a), let db = Self.decompose(b) {
            planar = nil
            (from, to, isValid) = (da, db, true)
            arc = TransformDecomposition.SlerpArc(da.quaternion, db.quaternion, shortest: rotation == .shortest)
        } else {
            planar = nil
            arc = .none
            (from, to, isValid) = (Self.none, Self.none, false)
        }
    }

    /// A placeholder for the decompositions that mean nothing.
    private static let none = TransformDecomposition(
        translation: .init(x: 0, y: 0, z: 0), scale: .init(x: 0, y: 0, z: 0), skew: .init(xy: 0, xz: 0, yz: 0),
        perspective: .init(x: 0, y: 0, z: 0, w: 1), quaternion: .identity)
}

/// Which way an interpolated rotation turns between two orientations more than 180° apart
/// along the quaternion arc (docs/animation-rules.md).
public enum RotationInterpolation: Int32, Sendable, Hashable {
    /// The shorter way (browsers' behaviour; cvlayout's default): 170° → −170° turns 20°
    /// through 180°.
    case shortest = 0
    /// CSS Transforms 2's algorithm as written (no sign flip): 170° → −170° turns 340° through 0°.
    case css = 1
}
