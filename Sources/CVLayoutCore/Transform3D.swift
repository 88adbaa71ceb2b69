// cos, sin from the platform C library, not Foundation: the static library then carries only
// the Swift core runtime (see README, "Install").
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4×4 homogeneous transform with `CATransform3D` conventions.
///
/// Points are row vectors: `p' = p · M`, so translation lives in `m41 m42 m43` and the
/// perspective term a layer sets with `transform.m34 = -1/d` is `m34`. As on a `CALayer`, the
/// transform of an element applies about its centre (anchor point 0.5, 0.5).
///
/// The builders mirror Core Animation exactly, including operand order:
/// `translated(...)` is `CATransform3DTranslate(t, ...)` = `translate(...) · t`, and likewise for
/// `rotated` and `scaled`; `concatenating(b)` is `CATransform3DConcat(self, b)` = `self · b`.
public struct Transform3D: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Row-major values `[m11, m12, …, m44]`.
    public init(_ v: [Double]) {
        precondition(v.count == 16, "Transform3D needs 16 values")
        self.init(
            m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
            m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// Row-major values `[m11, m12, …, m44]`.
    public var values: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// `self == .identity`, written out (no access to the global: it runs per element per frame).
    @inlinable
    public var isIdentity: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }
    /// Whether all 16 values are finite. Allocation-free and branch-free: `x * 0` is 0 for a
    /// finite `x` and NaN for ±∞ or NaN, so the sum is 0 exactly when every value is finite.
    /// It runs once per element per query (validation), so it must not build `values`.
    @inlinable
    public var isFinite: Bool {
        let a = m11 * 0 + m12 * 0 + m13 * 0 + m14 * 0 + m21 * 0 + m22 * 0 + m23 * 0 + m24 * 0
        let b = m31 * 0 + m32 * 0 + m33 * 0 + m34 * 0 + m41 * 0 + m42 * 0 + m43 * 0 + m44 * 0
        return a + b == 0
    }

    /// `CATransform3DMakeTranslation`.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = identity; t.m41 = tx; t.m42 = ty; t.m43 = tz; return t
    }

    /// `CATransform3DMakeScale`.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = identity; t.m11 = sx; t.m22 = sy; t.m33 = sz; return t
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: a rotation of `angle` radians about the
    /// axis (x, y, z). A zero axis gives the identity, as in Core Animation.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(angle), s = sin(angle), k = 1 - c
        // Row-vector form of the Rodrigues matrix (the transpose of the column-vector one).
        return Transform3D(
            m11: c + ux * ux * k, m12: ux * uy * k + uz * s, m13: ux * uz * k - uy * s, m14: 0,
            m21: uy * ux * k - uz * s, m22: c + uy * uy * k, m23: uy * uz * k + ux * s, m24: 0,
            m31: uz * ux * k + uy * s, m32: uz * uy * k - ux * s, m33: c + uz * uz * k, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `rotation(angle, 0, 0, 1)` for the angle whose cosine is `c` and sine `s`, written out for
    /// the z axis with the same arithmetic (its unit axis is (0, 0, 1) exactly, so every product
    /// with a zero component is a zero of the same sign): the same matrix bit for bit when `c` and
    /// `s` are `cos(angle)` and `sin(angle)`. O(1), no trigonometric call.
    @inline(__always)
    public static func turn(cos c: Double, sin s: Double) -> Transform3D {
        let k = 1 - c
        let zero = 0.0
        return Transform3D(
            m11: c + zero * zero * k, m12: zero * zero * k + s, m13: zero * k - zero * s, m14: 0,
            m21: zero * zero * k - s, m22: c + zero * zero * k, m23: zero * k + zero * s, m24: 0,
            m31: zero * k + zero * s, m32: zero * k - zero * s, m33: c + k, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The cosine and sine `c`, `s` for which `Transform3D.turn(cos: c, sin: s)` is this transform
    /// bit for bit, when there are such (`m11` and `m12` are tried, which they are but for the sign
    /// of a zero); nil otherwise. O(1). (Inlined: read in place, its matrix not copied for a call.)
    @inline(__always)
    var turnParts: (cos: Double, sin: Double)? {
        let c = m11, s = m12
        return Self.turn(cos: c, sin: s).isBitwiseEqual(to: self) ? (c, s) : nil
    }

    /// `CATransform3DConcat(self, b)` = `self · b`: apply `self` first, then `b`.
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `CATransform3DTranslate(self, tx, ty, tz)` = `translation · self`.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }
    /// `CATransform3DScale(self, sx, sy, sz)` = `scale · self`.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }
    /// `CATransform3DRotate(self, angle, x, y, z)` = `rotation · self`.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }

    /// Maps a point given relative to the element's centre (z = 0) through the transform,
    /// with the perspective divide. Returns nil when the point lands behind the eye (w ≤ 0).
    public func project(_ x: Double, _ y: Double) -> Point? {
        let w = x * m14 + y * m24 + m44
        guard w > 1e-12 else { return nil }
        return Point(x: (x * m11 + y * m21 + m41) / w, y: (x * m12 + y * m22 + m42) / w)
    }

    /// Inverts the projection of the z = 0 plane: given a point relative to the centre on
    /// screen, returns the point of the element's own plane (relative to its centre) that is
    /// drawn there, or nil when the plane is seen edge-on. Used for hit-testing.
    public func unproject(_ p: Point) -> Point? {
        // Screen x' = (x m11 + y m21 + m41) / (x m14 + y m24 + m44), likewise y'.
        // Rearranged: x (m11 - x' m14) + y (m21 - x' m24) = x' m44 - m41, and the same for y'.
        let a = m11 - p.x * m14, b = m21 - p.x * m24, e = p.x * m44 - m41
        let c = m12 - p.y * m14, d = m22 - p.y * m24, f = p.y * m44 - m42
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        let x = (e * d - b * f) / det, y = (a * f - e * c) / det
        guard x * m14 + y * m24 + m44 > 1e-12 else { return nil }
        return Point(x: x, y: y)
    }

    /// Approximate equality, for tests and change detection.
    public func isApproximatelyEqual(to o: Transform3D, tolerance: Double = 1e-9) -> Bool {
        zip(values, o.values).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
