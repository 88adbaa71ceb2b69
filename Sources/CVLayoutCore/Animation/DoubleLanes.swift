// atan2 from the platform C library, not Foundation (see TransformDecomposition.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One double, or two lanes of them (`SIMD2<Double>`), for steps written once for both
/// (`arcTangentSteps`): a lane's steps are the same IEEE operations on the same values as one
/// double's (a packed operation rounds each lane as the scalar one does; a choice is a select of
/// both ways), so each lane is bit for bit what the steps give one double, whatever the other lane
/// holds. Each operation O(1).
protocol DoubleLanes {
    /// Per lane: a truth, an integer.
    associatedtype Flags
    associatedtype Indices
    /// `v` in every lane.
    static func all(_ v: Double) -> Self
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    /// `a > b`, `a && b`, `f ? a : b`, lane by lane.
    static func greater(_ a: Self, _ b: Self) -> Flags
    static func and(_ a: Flags, _ b: Flags) -> Flags
    static func select(_ f: Flags, _ a: Self, _ b: Self) -> Self
    /// `abs`: the sign bit cleared.
    var magnitudeBits: Self { get }
    /// `isFinite`.
    var finiteFlags: Flags { get }
    /// `−self` where `y`'s sign is minus (`y.sign == .minus`), `self` elsewhere.
    func signed(like y: Self) -> Self
    /// `Int(self)` (each lane in 0…8 here).
    var truncatedIndices: Indices { get }
    /// `Double(k)`.
    static func lanes(of k: Indices) -> Self
    /// `t[k]`.
    static func table(_ t: [Double], _ k: Indices) -> Self
    /// The platform `atan2(y, x)` where not `valid`, `r` elsewhere.
    static func platform(where valid: Flags, else r: Self, _ y: Self, _ x: Self) -> Self
}

extension Double: DoubleLanes {
    @inline(__always) static func all(_ v: Double) -> Double { v }
    @inline(__always) static func greater(_ a: Double, _ b: Double) -> Bool { a > b }
    @inline(__always) static func and(_ a: Bool, _ b: Bool) -> Bool { a && b }
    @inline(__always) static func select(_ f: Bool, _ a: Double, _ b: Double) -> Double { f ? a : b }
    @inline(__always) var magnitudeBits: Double { abs(self) }
    @inline(__always) var finiteFlags: Bool { isFinite }
    @inline(__always) func signed(like y: Double) -> Double { y.sign == .minus ? -self : self }
    @inline(__always) var truncatedIndices: Int { Int(self) }
    @inline(__always) static func lanes(of k: Int) -> Double { Double(k) }
    @inline(__always) static func table(_ t: [Double], _ k: Int) -> Double { t[k] }
    @inline(__always) static func platform(where valid: Bool, else r: Double, _ y: Double, _ x: Double) -> Double {
        valid ? r : atan2(y, x)
    }
}

extension SIMD2: DoubleLanes where Scalar == Double {
    typealias Mask = SIMDMask<SIMD2<Int64>>
    private typealias Bits = SIMD2<UInt64>
    private static var signBit: Bits { Bits(repeating: 1 << 63) }
    @inline(__always) static func all(_ v: Double) -> Self { Self(repeating: v) }
    @inline(__always) static func greater(_ a: Self, _ b: Self) -> SIMDMask<SIMD2<Int64>> { a .> b }
    @inline(__always) static func and(_ a: Mask, _ b: Mask) -> Mask { a .& b }
    @inline(__always) static func select(_ f: SIMDMask<SIMD2<Int64>>, _ a: Self, _ b: Self) -> Self {
        b.replacing(with: a, where: f)
    }
    @inline(__always) var magnitudeBits: Self {
        unsafeBitCast(unsafeBitCast(self, to: Bits.self) & ~Self.signBit, to: Self.self)
    }
    // (A finite v is one whose v − v is 0.)
    @inline(__always) var finiteFlags: SIMDMask<SIMD2<Int64>> { (self - self) .== 0 }
    @inline(__always) func signed(like y: Self) -> Self {
        let flip = unsafeBitCast(y, to: Bits.self) & Self.signBit
        return unsafeBitCast(unsafeBitCast(self, to: Bits.self) ^ flip, to: Self.self)
    }
    @inline(__always) var truncatedIndices: (Int, Int) { (Int(self[0]), Int(self[1])) }
    @inline(__always) static func lanes(of k: (Int, Int)) -> Self { Self(Double(k.0), Double(k.1)) }
    @inline(__always) static func table(_ t: [Double], _ k: (Int, Int)) -> Self { Self(t[k.0], t[k.1]) }
    @inline(__always) static func platform(
        where valid: SIMDMask<SIMD2<Int64>>, else r: Self, _ y: Self, _ x: Self
    ) -> Self {
        var a = r
        if !valid[0] { a[0] = atan2(y[0], x[0]) }
        if !valid[1] { a[1] = atan2(y[1], x[1]) }
        return a
    }
}
